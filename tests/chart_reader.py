"""A player's reading of a video poker strategy chart, written apart from the strategy code.

It knows the chart's words as the strategy module's docstring defines them and nothing of how
the chart was built: each printed line is parsed into a test on a hold's cards, and every deal
is played by the first line one of its holds fits (the first item of the line that fits,
and of the holds that item fits the one of highest EV). What the pattern code computes is
not imported; the deals, their suit-class weights and every hold's EV come from
``game_deals`` (data checked against brute force elsewhere).

Holds are described by small integer arrays, one value per (deal, hold), hold ``s`` keeping
``cards[:, i]`` where bit ``i`` of ``s`` is set.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from pokerlab.videopoker import Paytable

RANKS = "23456789TJQKA"
ACE = 12
TEN = 8
JOKER = 52
WINDOWS = [0b1000000001111] + [0b11111 << low for low in range(9)]
"""Every straight as a rank mask, A-5 first."""

# What a hold is, in the order the chart's docstring names them: the first that fits.
DISCARD, WILD_ONLY, GROUP, MADE, SINGLE, ROYAL, STRAIGHT_FLUSH, FLUSH, HIGH, STRAIGHT, OTHER = range(11)

COUNT_WORDS = {"No": 0, "One": 1, "Two": 2, "Three": 3, "Four": 4}
GROUP_FAMILY = re.compile(r"(Pair|High pair|Low pair|Two pair|Three of a kind|Four of a kind|Five of a kind"
                          r"|Full house)(?: \+ (\d) kickers?)?")
SIZES = {"Three of a kind": 3, "Four of a kind": 4, "Five of a kind": 5}


BITS = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int64)
"""How many ranks each 13-bit rank mask holds."""


@dataclass
class Holds:
    """Holds of deals, one value per hold in each array: what a player sees in the held cards."""

    section: np.ndarray  # wild cards dealt
    wilds: np.ndarray  # wild cards held
    naturals: np.ndarray  # other cards held
    kind: np.ndarray
    pairs: np.ndarray  # natural ranks held twice or more
    largest: np.ndarray  # the most natural cards of one rank
    top: np.ndarray  # rank of the largest group (the higher of two of one size)
    kickers: np.ndarray  # mask of natural ranks held once, beside a group
    ranks: np.ndarray  # mask of natural ranks held
    high: np.ndarray  # natural high cards held
    fit: np.ndarray  # ranks, not held and natural, of the straights the natural cards fit in
    made: np.ndarray  # the final hand of the dealt five, by FinalHand index

    @property
    def held(self) -> np.ndarray:
        return self.wilds + self.naturals

    def take(self, where: np.ndarray) -> Holds:
        """The holds at ``where`` (indices or a mask)."""
        return Holds(**{name: value[where] for name, value in vars(self).items()})


def hold_features(cards: np.ndarray, own: np.ndarray, table: Paytable) -> Holds:
    """The 32 holds of each deal of ``cards`` (n, 5), given their own final hands (columns of
    ``table.hands``), hold ``s`` of deal ``d`` at ``32 * d + s``."""
    n = cards.shape[0]
    cards = cards.astype(np.int64)
    wild_ids = {"none": (), "deuces": (0, 1, 2, 3), "joker": (JOKER,)}[table.wild]
    wild = np.isin(cards, wild_ids)
    rank = np.where(wild, 0, cards >> 2)
    suit = np.where(wild, 4, cards & 3)
    qualifier = table.pair_qualifier if table.pair_qualifier is not None else 13
    not_natural = 1 if table.wild == "deuces" else 0  # no deuce is natural where deuces are wild
    onehot = [np.eye(13, dtype=np.int8)[rank[:, i]] * ~wild[:, i, None] for i in range(5)]
    bit = 1 << np.arange(13)
    columns: dict[str, list[np.ndarray]] = {name: [] for name in (
        "wilds", "naturals", "kind", "pairs", "largest", "top", "kickers", "ranks", "high", "fit")}
    for s in range(32):
        held = [i for i in range(5) if s >> i & 1]
        counts = sum((onehot[i] for i in held), np.zeros((n, 13), dtype=np.int8))
        wilds = wild[:, held].sum(axis=1)
        k = len(held) - wilds
        ranks = (counts > 0) @ bit
        largest = counts.max(axis=1)
        pairs = (counts >= 2).sum(axis=1)
        top = 12 - np.argmax((counts == largest[:, None])[:, ::-1], axis=1)
        kickers = np.where(pairs > 0, (counts == 1) @ bit, 0)
        high = counts[:, qualifier:].sum(axis=1)
        natural_suits = np.where(wild[:, held], -1, suit[:, held])
        suited = np.ones(n, dtype=bool)
        for i in range(len(held)):
            same = (natural_suits[:, i] == -1) | (natural_suits[:, i] == natural_suits.max(axis=1))
            suited &= same
        reach = np.zeros(n, dtype=np.int64)
        within = np.zeros(n, dtype=bool)
        for window in WINDOWS:
            inside = ranks & ~window == 0
            within |= inside
            reach |= np.where(inside, window, 0)
        fit = BITS[reach & ~ranks & ~not_natural]
        all_royal = ranks >> TEN << TEN == ranks
        kind = np.select(
            [wilds + k == 0, k == 0, largest >= 2, wilds + k == 5, (k == 1) & (wilds == 0), suited & all_royal,
             suited & within, suited, high == k, within & (wilds + k >= 3)],
            [DISCARD, WILD_ONLY, GROUP, MADE, SINGLE, ROYAL, STRAIGHT_FLUSH, FLUSH, HIGH, STRAIGHT], OTHER)
        for name, value in (("wilds", wilds), ("naturals", k), ("kind", kind), ("pairs", pairs),
                            ("largest", largest), ("top", top), ("kickers", kickers), ("ranks", ranks),
                            ("high", high), ("fit", fit)):
            columns[name].append(np.broadcast_to(value, (n,)).astype(np.int16))
    made = np.array([hand.index for hand in table.hands])[own]
    per_deal = {"section": wild.sum(axis=1), "made": made}
    return Holds(**{name: np.stack(values, axis=1).ravel() for name, values in columns.items()},
                 **{name: np.repeat(value, 32).astype(np.int16) for name, value in per_deal.items()})


Test = Callable[[Holds], np.ndarray]


def _numbers(text: str) -> set[int]:
    """``"0-2 or 4"`` as {0, 1, 2, 4}."""
    numbers: set[int] = set()
    for span in text.split(" or "):
        low, _, high = span.partition("-")
        numbers.update(range(int(low), int(high or low) + 1))
    return numbers


def _rank_mask(ranks: str) -> int:
    return sum(1 << RANKS.index(r) for r in ranks)


def _family(text: str, table: Paytable) -> Test:
    """The test of a line's name (without its section)."""
    made_labels = {hand.label.casefold(): hand.index for hand in table.hands}
    has_high = table.pair_qualifier is not None
    qualifier = table.pair_qualifier if has_high else 13
    if text == "Discard everything":
        return lambda h: h.kind == DISCARD
    if re.fullmatch(r"(Deuces?|Joker) only", text):
        return lambda h: h.kind == WILD_ONLY
    if m := GROUP_FAMILY.fullmatch(text):
        name, kickers = m[1], int(m[2] or 0)

        def group(h: Holds) -> np.ndarray:
            base = (h.kind == GROUP) & (BITS[h.kickers] == kickers)
            if name == "Two pair":
                return base & (h.pairs == 2) & (h.largest == 2) & (h.wilds == 0)
            if name == "Full house":
                return base & (h.pairs == 2) & ((h.largest == 3) | (h.wilds > 0))
            single = base & (h.pairs == 1)
            if name in SIZES:
                return single & (h.largest + h.wilds == SIZES[name])
            pair = single & (h.largest == 2) & (h.wilds == 0)
            if name == "Pair":
                assert not has_high, f"{table.name} tells high pairs from low ones"
                return pair
            return pair & ((h.top >= qualifier) == (name == "High pair"))
        return group
    if text.startswith("Pat ") or text.casefold() in made_labels or text == "Five cards that pay nothing":
        label = text.removeprefix("Pat ").casefold()
        index = 0 if text == "Five cards that pay nothing" else made_labels[label]
        return lambda h: (h.kind == MADE) & (h.made == index)
    if m := re.fullmatch(r"(\d) to a (royal flush|straight flush|flush|straight)", text):
        held, kind = int(m[1]), {"royal flush": ROYAL, "straight flush": STRAIGHT_FLUSH, "flush": FLUSH,
                                 "straight": STRAIGHT}[m[2]]
        if kind == STRAIGHT:
            return lambda h: (h.kind == kind) & (h.held == held) & ~_open_or_inside(h)
        return lambda h: (h.kind == kind) & (h.held == held)
    if m := re.fullmatch(r"4 to an (outside|inside) straight", text):
        fit = 2 if m[1] == "outside" else 1
        return lambda h: (h.kind == STRAIGHT) & _open_or_inside(h) & (h.fit == fit)
    if m := re.fullmatch(r"(\d) unsuited high cards", text):
        held = int(m[1])
        return lambda h: (h.kind == HIGH) & (h.held == held)
    if m := re.fullmatch(r"One (high|low) card", text):
        wanted = m[1] == "high"
        return lambda h: (h.kind == SINGLE) & ((h.high == 1) == wanted)
    if m := re.fullmatch(r"(\d) other cards", text):
        held = int(m[1])
        return lambda h: (h.kind == OTHER) & (h.held == held)
    raise ValueError(f"a line the reader does not know: {text!r}")


def _open_or_inside(h: Holds) -> np.ndarray:
    """Four natural cards that one or two ranks fill: the draws named open and inside."""
    return (h.held == 4) & (h.wilds == 0) & ((h.fit == 1) | (h.fit == 2))


def _group(text: str) -> Test | None:
    """The test of a straight draw's shape, or None if the text is not one."""
    if text in ("open", "inside"):
        fit = 2 if text == "open" else 1
        return lambda h: _open_or_inside(h) & (h.fit == fit)
    if re.fullmatch(r"only a \w+ fills it", text):
        return lambda h: h.fit == 0
    if m := re.fullmatch(r"([\d\- or]+) ranks? fits?", text):
        numbers = _numbers(m[1])
        return lambda h: np.isin(h.fit, list(numbers)) & ~_open_or_inside(h)
    return None


def _items(text: str) -> list[Test]:
    """The tests of the items of one part of a line, left to right."""
    if m := re.fullmatch(r"([\d\- or]+) high cards?", text):
        numbers = _numbers(m[1])
        return [lambda h: np.isin(h.high, list(numbers))]
    tests: list[Test] = []
    for item in text.split(", "):
        if re.fullmatch(r"[2-9TJQKA]-[2-9TJQKA]", item):
            tests.append(_rank_item([1 << r for r in range(RANKS.index(item[0]), RANKS.index(item[2]) + 1)]))
        else:
            ranks, _, kickers = item.partition("+")
            assert re.fullmatch(r"[2-9TJQKA]+", ranks) and re.fullmatch(r"[2-9TJQKA]*", kickers), item
            tests.append(_rank_item([_rank_mask(ranks)], _rank_mask(kickers)))
    return tests


def _rank_item(masks: list[int], kickers: int = 0) -> Test:
    """The test of a rank item: a group's rank (the larger or higher group's of two) and its
    kickers' ranks; elsewhere the ranks of the natural cards held."""
    def test(h: Holds) -> np.ndarray:
        grouped = h.kind == GROUP
        key = np.where(grouped, 1 << h.top.astype(np.int64), h.ranks)
        return np.isin(key, masks) & (np.where(grouped, h.kickers, 0) == kickers)
    return test


@dataclass(frozen=True)
class ReadLine:
    """One printed line: its section (None in a game without wild cards), the test of its
    name, and a test per item, left to right (one that fits everything when the line names a
    whole family)."""

    section: int | None
    family: Test
    items: tuple[Test, ...]


def read_line(line: str, table: Paytable) -> ReadLine:
    """Parse one printed line."""
    section: int | None = None
    if m := re.match(r"(No|One|Two|Three|Four) deuces?: ", line):
        section = COUNT_WORDS[m[1]]
        line = line[m.end():]
    elif m := re.match(r"(No joker|Joker): ", line):
        section = 0 if m[1] == "No joker" else 1
        line = line[m.end():]
    m = re.fullmatch(r"(.*?)(?: \((.*)\))?", line)
    assert m is not None
    name, body = m[1], m[2]
    discarding = re.search(r", discarding (a|the|\d) (deuces?|joker)$", name)
    dropped = 0
    if discarding:
        dropped = 1 if discarding[1] in ("a", "the") else int(discarding[1])
        name = name[:discarding.start()]
    family = _family(name, table)

    def named(h: Holds) -> np.ndarray:
        return family(h) & (h.wilds == h.section - dropped)

    def anything(h: Holds) -> np.ndarray:
        return np.ones(h.kind.shape, dtype=bool)
    if body is None:
        return ReadLine(section, named, (anything,))
    items: list[Test] = []
    for part in body.split("; "):
        group_text, _, item_text = part.partition(": ")
        group = _group(group_text)
        if group is None:  # items alone
            group, item_text = anything, part
        for item in _items(item_text) if item_text else [anything]:
            items.append(lambda h, g=group, i=item: g(h) & i(h))
    return ReadLine(section, named, tuple(items))


def play(lines: tuple[str, ...], table: Paytable, cards: np.ndarray, own: np.ndarray,
         evs: np.ndarray) -> np.ndarray:
    """The hold (0..31) a player reading ``lines`` keeps on each deal of ``cards``, given the
    deals' own final hands (columns of ``table.hands``) and each hold's EV (deals, 32)."""
    holds = hold_features(cards, own, table)
    unset = 1 << 30
    key = np.full(holds.kind.shape, unset, dtype=np.int64)
    for number, line in enumerate(lines):
        read = read_line(line, table)
        named = read.family(holds) & (key == unset)
        if read.section is not None:
            named &= holds.section == read.section
        where = np.flatnonzero(named)
        some = holds.take(where)
        for j, item in enumerate(read.items):
            fits = item(some) & (key[where] == unset)
            key[where[fits]] = number * 1000 + j
    key = key.reshape(evs.shape)
    first = key.min(axis=1)
    if np.any(first == unset):
        raise AssertionError(f"{int(np.sum(first == unset))} deals fit no line")
    return np.argmax(np.where(key == first[:, None], evs, -np.inf), axis=1)
