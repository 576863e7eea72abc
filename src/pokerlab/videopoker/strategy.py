"""Strategy charts: the ordered hold patterns a player memorises, and what following them returns.

A chart is a list of lines, best first ("4 to a royal flush", "High pair", "3 unsuited high
cards (KQJ)", ... "Discard everything"). On each deal the player holds the cards of the first
line the deal fits, and the chart's stated return is what that play returns, summed over
every deal exactly as the whole-game analysis sums perfect play.

How to read a line
------------------
In a game with wild cards the chart has a section for each number of wild cards dealt ("Two
deuces: ...", "No joker: ..."); read the section of the deal. A line is a name, and after it,
in brackets, which of them: ``4 to a straight flush (open; inside: 1-2 high cards)`` fits
an open draw with any number of high cards, or an inside one with one or two. Items are
tried from left to right (where a deal could fit two of them, the chart lists them in its
order of preference); where one item fits two holds of a deal, hold the one of higher EV
(the advisor's; it happens on few deals, and the return counts it). A line with no brackets
fits every hold of its name.

The names, each taking the holds that no earlier name in this list takes:

- "Discard everything"; "Deuces only", "Joker only": the wild cards and nothing else;
- groups, two or more natural cards of one rank and the wild cards held: "Pair" (or "High
  pair" and "Low pair" where some pairs pay), "Two pair", "Three of a kind", "Four of a
  kind", "Five of a kind", "Full house", with "+ 1 kicker" and so on for the other cards
  held; the items are the group's rank (of two groups, the larger one's, or else the higher
  pair's: ``Two pair (K)`` is kings up), then after ``+`` the kickers' ranks (``A+3``);
- a made hand's name ("Flush", "Straight", "Wild royal flush"): hold all five cards ("Pat
  three of a kind" where wild cards make it of natural cards all of different ranks);
- "One high card", "One low card": one natural card alone, the item its rank;
- "N to a royal flush": natural cards of one suit, all ten to ace; the items are their ranks;
- "N to a straight flush": natural cards of one suit within one straight (five ranks in a
  row, A-5 the lowest, T-A the highest); "N to a flush": of one suit, not within one straight;
- "N unsuited high cards": natural cards of different ranks, not all one suit, all high;
- "4 to an outside straight", "4 to an inside straight", "N to a straight": natural cards of
  different ranks, not all one suit, within one straight, three or more held;
- "N other cards": anything else.

"N" counts the cards held, wild cards included. In a wild section every line holds every
wild card dealt, unless it says "discarding". A high card is one of a rank whose pair pays
(jack to ace in Jacks or Better; a game where no pair pays has none, and its lines do not
count them). A straight draw's shape is the ranks that fit: the ranks, not held, of the
straights that contain its natural cards, a deuce not counting where deuces are wild (they
are never natural). Four natural cards that two ranks would fill are "open" (an outside
straight), one rank "inside"; other draws say "3 ranks fit" and so on, or "only a deuce fills
it".

How a chart is built
--------------------
From the exact EVs of every hold of every deal up to suit symmetry: each hold is named by a
pattern (one item of one line); the patterns are first ordered by their mean EV over the deals
that offer them, then moved one at a time to wherever the chart's return rises most, until
no move helps. Each run of patterns of one name becomes a line, named alone only when the
run holds every pattern of that name the game can deal, so that a line never takes a hold
the chart ranks lower.

>>> chart = strategy("jacks-9-6")
>>> chart.lines[0], chart.expected_return > 0.995
('Royal flush', True)
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from pokerlab.cards.notation import RANKS, CardsLike
from pokerlab.checks import PERMILLE, Progress, check_progress
from pokerlab.numba_runtime import interruptible
from pokerlab.rankings.tables import cache_dir
from pokerlab.videopoker import strategy_kernels as kernel
from pokerlab.videopoker.advisor import HoldEV, hold_evs
from pokerlab.videopoker.draws import draw_tables
from pokerlab.videopoker.kernels import JOKER
from pokerlab.videopoker.paytable import MAX_COINS, Paytable, check_coins, get_paytable
from pokerlab.videopoker.strategy_kernels import ACE

NO_HIGH_CARD = 13
"""The high-card rank of a game where no pair pays: past the ace, so no card is high."""
CHART_CODE = ("pokerlab.videopoker.kernels", "pokerlab.videopoker.paytable", "pokerlab.videopoker.draws",
              "pokerlab.videopoker.strategy_kernels", __name__)
"""The modules a chart depends on: the hold EVs and the patterns. A saved chart is read back
only if none has changed."""
SWEEPS = 50
"""Passes of the improvement over all patterns at most (a few suffice in practice)."""
TIE_NUDGE = 1e-11
"""EV per coin taken off per card held, to order holds of equal EV: far below the least
difference of two unequal EVs (one over the draws' common denominator, 1 / 8,561,520)."""


@dataclass(frozen=True)
class Strategy:
    """A pay table's strategy chart and what it returns per coin bet.

    ``lines`` are the chart's lines, first match wins (the module says how they read);
    ``expected_return`` is the return when the chart is followed on every deal,
    ``optimal_return`` the return of perfect play. In a wild game the chart has a section for
    each number of wild cards dealt ("Two deuces", "No joker"), which starts each of its
    lines and is the ``sections`` entry of each line; elsewhere the sections are "".
    ``patterns`` are the packed pattern codes the chart plays, in its order of preference,
    and ``pattern_lines`` the line each belongs to.
    """

    paytable: Paytable
    coins: int
    lines: tuple[str, ...]
    expected_return: float
    optimal_return: float
    sections: tuple[str, ...]
    patterns: tuple[int, ...] = field(repr=False)
    pattern_lines: tuple[int, ...] = field(repr=False)

    @property
    def cost(self) -> float:
        """Return given up by following the chart instead of playing perfectly."""
        return self.optimal_return - self.expected_return

    def hold(self, hand: CardsLike) -> tuple[str, HoldEV]:
        """The chart's line for a dealt hand and the hold it picks (of the holds the line's
        first fitting item fits, the one of highest EV).

        >>> line, hold = strategy("jacks-9-6").hold("Ah Kh Qh Jh 9h")
        >>> line, hold.label
        ('4 to a royal flush', 'Ah Kh Qh Jh')
        """
        holds = hold_evs(hand, self.paytable, self.coins)
        codes = hold_codes(self.paytable, list(holds))
        place = {code: i for i, code in enumerate(self.patterns)}
        first = min(place.get(code, len(place)) for code in codes)
        best = max((h for h, code in zip(holds, codes) if place.get(code) == first), key=lambda h: h.ev)
        return self.lines[self.pattern_lines[first]], best

    def __repr__(self) -> str:
        return (f"Strategy({self.paytable.name!r}, {len(self.lines)} lines, "
                f"expected_return={self.expected_return:.6f}, optimal_return={self.optimal_return:.6f})")

    def to_dict(self) -> dict[str, object]:
        """The chart as plain JSON-ready values."""
        return {"paytable": self.paytable.to_dict(), "coins": self.coins, "lines": list(self.lines),
                "sections": list(self.sections), "expected_return": self.expected_return,
                "optimal_return": self.optimal_return, "cost": self.cost}


@dataclass(frozen=True)
class Deals:
    """Every deal of a game up to suit symmetry: ``cards`` (deals, 5) sorted ascending,
    ``weights`` the deals each stands for, ``evs`` (deals, 32) the EV per coin of each hold by
    position mask (bit i holds ``cards[:, i]``), ``own`` each deal's final-hand column."""

    cards: np.ndarray
    weights: np.ndarray
    evs: np.ndarray
    own: np.ndarray


@dataclass(frozen=True)
class Game:
    """What the pattern names need of a pay table: its wild cards, by card id, the lowest rank
    of a high card (13: no pair pays, so none is high), the rank whose cards are all wild (-1:
    none), and the label of each final-hand column."""

    wild: np.ndarray
    high_rank: int
    wild_rank: int
    labels: tuple[str, ...]
    wild_name: str

    def section(self, wilds: int) -> str:
        """The chart section of the deals with ``wilds`` wild cards ("" in a game without them).

        >>> game_of(get_paytable("deuces-wild-nsu")).section(1), game_of(get_paytable("jacks-9-6")).section(0)
        ('One deuce', '')
        """
        if not self.wild_name:
            return ""
        if self.wild_name == "joker":
            return "Joker" if wilds else "No joker"
        count = ("No", "One", "Two", "Three", "Four")[wilds]
        return f"{count} {self.wild_name}" + ("" if wilds == 1 else "s")


WILD_CARDS = {"none": (), "deuces": (0, 1, 2, 3), "joker": (JOKER,)}
"""The card ids that are wild, for each kind of wild card."""
WILD_NAMES = {"none": "", "deuces": "deuce", "joker": "joker"}
WILD_RANKS = {"none": -1, "deuces": 0, "joker": -1}
"""The rank whose every card is wild: no card of it is ever natural."""


def game_of(table: Paytable) -> Game:
    """The :class:`Game` of a pay table."""
    wild = np.zeros(JOKER + 1, dtype=np.int64)
    wild[list(WILD_CARDS[table.wild])] = 1
    qualifier = table.pair_qualifier
    return Game(wild, NO_HIGH_CARD if qualifier is None else qualifier, WILD_RANKS[table.wild],
                tuple(hand.label for hand in table.hands), WILD_NAMES[table.wild])


@functools.lru_cache(maxsize=2)
def game_deals(paytable: Paytable, coins: int = MAX_COINS) -> Deals:
    """The deals of a pay table's deck, one per suit class, and the EV of each of their holds
    (34 MB a game, so only the last two are kept)."""
    cards, weights = kernel.canonical_deals(paytable.deck_size)
    pays = np.array(paytable.hand_pays(coins), dtype=np.int64)
    t = draw_tables(paytable)
    with interruptible():
        evs, own = kernel.deal_hold_evs(cards, t.hand_class, t.counts, t.binom, t.start, pays, t.draw_scale)
    return Deals(cards, weights, evs / t.draw_lcm, own)


def deal_patterns(game: Game, cards: np.ndarray, own: np.ndarray) -> np.ndarray:
    """The packed pattern code of each of the 32 holds of each deal (rows of ``cards``, sorted
    ascending, by position mask), ``own`` each deal's final-hand column."""
    return kernel.hold_patterns(cards, own, game.wild, game.high_rank, game.wild_rank)


def hold_codes(table: Paytable, holds: list[HoldEV]) -> list[int]:
    """The packed pattern code of each of the 32 holds of one dealt hand, from its :func:`hold_evs`."""
    pat = max(holds, key=lambda h: len(h.cards))
    hand = pat.cards
    own = next(column for column, p in enumerate(pat.final_hands.values()) if p == 1)
    order = sorted(range(len(hand)), key=lambda i: hand[i])
    cards = np.array([[hand[i] for i in order]], dtype=np.uint8)
    codes = deal_patterns(game_of(table), cards, np.array([own], dtype=np.int64))[0]
    # Bit j of a sorted mask holds cards[j], the dealt card at position order[j] + 1.
    by_positions = {tuple(sorted(order[j] + 1 for j in range(5) if s >> j & 1)): int(codes[s]) for s in range(32)}
    return [by_positions[h.positions] for h in holds]


def strategy(paytable: Paytable | str = "jacks-9-6", coins: int = MAX_COINS, *,
             progress: Progress | None = None) -> Strategy:
    """The strategy chart of a pay table, with its exact return and the optimal one.

    Built on first use for each pay table and number of coins (seconds), then kept in memory
    and on disk (:func:`saved_strategy`). A chart being built reports ``progress(done,
    PERMILLE)``: how many sweeps its order takes is not known in advance.
    """
    table = get_paytable(paytable)
    coins = check_coins(coins)
    progress = check_progress(progress)
    chart = _STRATEGIES.get((table, coins))
    if chart is None:
        chart = _STRATEGIES[table, coins] = saved_strategy(table, coins, progress=progress)
    return chart


_STRATEGIES: dict[tuple[Paytable, int], Strategy] = {}


def saved_strategy(table: Paytable, coins: int, folder: Path | None = None,
                   progress: Progress | None = None) -> Strategy:
    """The chart of a pay table read from ``folder`` (default: pokerlab's cache folder), or
    built and saved there (reporting ``progress`` as :func:`strategy` does); built alone
    where the folder cannot be written.

    The file's name holds a digest of the game, the coins and the code the chart depends on,
    so a change to any of them builds the chart anew.
    """
    where = cache_dir() if folder is None else folder
    path = where / f"strategy-{_chart_digest(table, coins)}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        chart = Strategy(table, coins, tuple(map(str, data["lines"])), float(data["expected_return"]),
                         float(data["optimal_return"]), tuple(map(str, data["sections"])),
                         tuple(map(int, data["patterns"])), tuple(map(int, data["pattern_lines"])))
        if len(chart.sections) == len(chart.lines) and len(chart.patterns) == len(chart.pattern_lines) and \
                all(0 <= line < len(chart.lines) for line in chart.pattern_lines):
            return chart
    except (OSError, ValueError, KeyError, TypeError):
        pass  # no chart saved, or not one this code wrote: build it
    chart = chart_play(table, coins, progress)[0]
    saved = {"lines": chart.lines, "expected_return": chart.expected_return, "optimal_return": chart.optimal_return,
             "sections": chart.sections, "patterns": chart.patterns, "pattern_lines": chart.pattern_lines}
    try:
        where.mkdir(parents=True, exist_ok=True)
        # written aside and renamed, so a reader never sees half a file
        with tempfile.NamedTemporaryFile("w", dir=where, suffix=".json", delete=False, encoding="utf-8") as handle:
            json.dump(saved, handle)
        os.replace(handle.name, path)
    except OSError:
        pass  # read-only: the chart lives in memory for this process
    return chart


def _chart_digest(table: Paytable, coins: int) -> str:
    """A digest of what a chart depends on: the game, the coins, and the code that builds it."""
    code = b"".join(Path(str(sys.modules[name].__file__)).read_bytes() for name in CHART_CODE)
    game = json.dumps([table.to_dict(), coins], sort_keys=True).encode()
    return hashlib.sha256(game + code).hexdigest()[:16]


def chart_evs(paytable: Paytable | str = "jacks-9-6", coins: int = MAX_COINS) -> np.ndarray:
    """The EV per coin of the chart's hold on each deal of :func:`game_deals`, in its order.

    >>> chart, deals = strategy("jacks-8-5"), game_deals(get_paytable("jacks-8-5"))
    >>> bool(abs(deals.weights @ chart_evs("jacks-8-5") / deals.weights.sum() - chart.expected_return) < 1e-12)
    True
    """
    return chart_play(get_paytable(paytable), check_coins(coins))[1]


def chart_play(table: Paytable, coins: int, progress: Progress | None = None) -> tuple[Strategy, np.ndarray]:
    """The chart of a pay table and the EV of its hold on each deal of :func:`game_deals`,
    kept for the process once built (:func:`forget_charts` lets them go); ``progress`` as
    for :func:`strategy`."""
    play = _PLAYS.get((table, coins))
    if play is None:
        play = _PLAYS[table, coins] = _chart_play(table, coins, progress or _no_progress)
    return play


_PLAYS: dict[tuple[Paytable, int], tuple[Strategy, np.ndarray]] = {}


def forget_charts() -> None:
    """Let go of the charts kept in memory, so the next one asked for is built (or read from
    disk) afresh.

    >>> forget_charts()
    """
    _PLAYS.clear()
    _STRATEGIES.clear()


def _no_progress(done: int, total: int) -> None:
    pass


# The share of a chart's build, in permille, done after each stage: the EVs of every hold
# of every deal, the patterns in their first order, then the sweeps of the order (each
# gets half of what is left) and the lines.
_DEALT, _LISTED, _SWEPT = 400, 550, 950


def _chart_play(table: Paytable, coins: int, progress: Progress) -> tuple[Strategy, np.ndarray]:
    progress(0, PERMILLE)
    deals = game_deals(table, coins)
    progress(_DEALT, PERMILLE)
    game = game_of(table)
    codes = deal_patterns(game, deals.cards, deals.own)
    starts, entry_code, entry_ev = kernel.pattern_lists(codes, deals.evs)
    # Ids 0.. for the patterns, found after each deal's repeats are gone (half the entries).
    unique, entry_pattern = np.unique(entry_code, return_inverse=True)
    # Holds of equal EV (quads with or without the kicker) are ordered holding fewer cards
    # first, by a nudge far below the least difference of two EVs (1 / draw_lcm), so that
    # the chart does not split a line over choices that change nothing.
    preferred = entry_ev - TIE_NUDGE * _held(entry_code)
    place = _first_order(starts, entry_pattern, preferred, deals.weights, len(unique))
    done = _LISTED
    progress(done, PERMILLE)
    # one sweep a kernel call, so that progress is heard between them; a sweep that moves
    # nothing ends the search, as it would inside one call
    for _ in range(SWEEPS):
        with interruptible():
            swept = kernel.improve_order(starts, entry_pattern, preferred, deals.weights, place, 1)
        done += (_SWEPT - done) // 2
        progress(done, PERMILLE)
        if np.array_equal(swept, place):
            break
        place = swept
    chosen = kernel.chart_choices(starts, entry_pattern, place)
    evs = entry_ev[chosen]
    evs.setflags(write=False)
    total = int(deals.weights.sum())
    runs, lines, sections = _chart_lines(unique, place, starts, entry_pattern, chosen, game)
    chart = Strategy(table, coins, lines, expected_return=float(deals.weights @ evs) / total,
                     optimal_return=float(deals.weights @ deals.evs.max(axis=1)) / total, sections=sections,
                     patterns=tuple(int(unique[p]) for run in runs for p in run),
                     pattern_lines=tuple(i for i, run in enumerate(runs) for _ in run))
    progress(PERMILLE, PERMILLE)
    return chart, evs


def _chart_lines(unique: np.ndarray, place: np.ndarray, starts: np.ndarray, entry_pattern: np.ndarray,
                 chosen: np.ndarray, game: Game) -> tuple[list[list[int]], tuple[str, ...], tuple[str, ...]]:
    """The chart's runs of patterns (ids into ``unique``), one a line, its lines and their sections,
    from the patterns' places and each deal's chosen entry."""
    names = [pattern_line(int(code), game) for code in unique]
    sections = [_fields(int(code))["section"] for code in unique]
    # Deals with different numbers of wild cards never meet: each count gets its own section.
    used = sorted(np.unique(entry_pattern[chosen]).tolist(), key=lambda p: (-sections[p], place[p]))
    runs: list[list[int]] = []
    for p in used:
        if runs and (sections[runs[-1][0]], names[runs[-1][0]][0]) == (sections[p], names[p][0]):
            runs[-1].append(p)
        else:
            runs.append([p])
    ordered = _ordered_runs(runs, starts, entry_pattern, chosen, len(unique))
    named: dict[tuple[int, str], list[tuple[str, str]]] = {}
    for p, (family, group, item) in enumerate(names):
        named.setdefault((sections[p], family), []).append((group, item))
    lines: list[str] = []
    titles: list[str] = []
    for i, run in enumerate(runs):
        family = names[run[0]][0]
        text = line_text(family, [names[p][1:] for p in run], named[sections[run[0]], family], i in ordered)
        titles.append(game.section(sections[run[0]]))
        lines.append(f"{titles[-1]}: {text}" if titles[-1] else text)
    return runs, tuple(lines), tuple(titles)


def _ordered_runs(runs: list[list[int]], starts: np.ndarray, entry_pattern: np.ndarray, chosen: np.ndarray,
                  patterns: int) -> set[int]:
    """The runs whose order within matters: a deal they play offers two of their patterns."""
    line_of = np.full(patterns, -1, dtype=np.int64)
    for i, run in enumerate(runs):
        line_of[run] = i
    deal = np.repeat(np.arange(len(chosen)), np.diff(starts))
    played = line_of[entry_pattern[chosen]]
    same = line_of[entry_pattern] == played[deal]
    clash = np.bincount(deal[same], minlength=len(chosen)) > 1
    return set(played[clash].tolist())


def _first_order(starts: np.ndarray, entry_pattern: np.ndarray, entry_ev: np.ndarray, weights: np.ndarray,
                 patterns: int) -> np.ndarray:
    """A starting order: patterns by their mean EV over the deals that offer them."""
    counts = np.repeat(weights, np.diff(starts))
    mass = np.bincount(entry_pattern, weights=counts, minlength=patterns)
    value = np.bincount(entry_pattern, weights=counts * entry_ev, minlength=patterns)
    order = np.argsort(-value / np.maximum(mass, 1))
    place = np.empty(patterns, dtype=np.int64)
    place[order] = np.arange(patterns)
    return place


def _held(codes: np.ndarray) -> np.ndarray:
    """The cards each pattern code holds, wild and natural."""
    below = 1
    for name, size in reversed(kernel.FIELDS):
        if name == "naturals":
            break
        below *= size
    held: np.ndarray = codes // below % 8 + codes // (below * 8) % 8
    return held


def _fields(code: int) -> dict[str, int]:
    """The fields of a packed pattern code, by name."""
    values = {}
    for name, size in reversed(kernel.FIELDS):
        values[name] = code % size
        code //= size
    return values


def _ranks_text(mask: int) -> str:
    return "".join(RANKS[r] for r in range(ACE, -1, -1) if mask >> r & 1)


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


Line = tuple[str, str, str]
"""A pattern as a chart names it: its family, a group within the family (or ""), and an item (or "")."""

GROUPS = {5: "Five of a kind", 4: "Four of a kind", 3: "Three of a kind", 2: "Pair"}


def _sentence_case(label: str) -> str:
    """A pay table's label as a chart line: words after the first in lower case, but for
    ranks and other words with digits or a single letter ("Four 2s-4s with an A-4 kicker").

    >>> _sentence_case("Four of a Kind"), _sentence_case("Four Aces with a 2-4 kicker")
    ('Four of a kind', 'Four aces with a 2-4 kicker')
    """
    first, *rest = label.split(" ")
    return " ".join([first, *(w.lower() if w.isalpha() and len(w) > 1 else w for w in rest)])


def _shape(fit: int, held: int, wilds: int, game: Game) -> str:
    """How a straight draw fits: four natural cards open (two ranks fill them) or inside
    (one), else how many ranks fit."""
    if held == 4 and wilds == 0 and fit in (1, 2):
        return "open" if fit == 2 else "inside"
    if fit == 0:
        return f"only a {game.wild_name} fills it"
    return _count(fit, "rank") + (" fits" if fit == 1 else " fit")


def pattern_line(code: int, game: Game) -> Line:
    """The family, group and item of a packed pattern code: ("3 to a royal flush", "", "KQJ").

    The module's docstring says what each name means.

    >>> table = get_paytable("jacks-9-6")
    >>> holds = hold_evs("Td 8h As 6s 7s", table)
    >>> codes = dict(zip((h.label for h in holds), hold_codes(table, list(holds))))
    >>> pattern_line(codes["Td 8h 6s 7s"], game_of(table)), pattern_line(codes["As 6s 7s"], game_of(table))
    (('4 to an inside straight', '', '0 high cards'), ('3 to a flush', '', '1 high card'))
    """
    f = _fields(code)
    kind, k, wilds, section = f["kind"], f["naturals"], f["wilds"], f["section"]
    family, group, item = _family(f, game), "", ""
    if kind == kernel.KIND_GROUPS:
        item = "+".join(filter(None, (_ranks_text(f["ranks"]), _ranks_text(f["kickers"]))))
    elif kind in (kernel.KIND_ROYAL, kernel.KIND_HIGH, kernel.KIND_SINGLE):
        item = _ranks_text(f["ranks"])
    elif kind in (kernel.KIND_STRAIGHT_FLUSH, kernel.KIND_STRAIGHT, kernel.KIND_FLUSH, kernel.KIND_OTHER):
        if kind in (kernel.KIND_STRAIGHT_FLUSH, kernel.KIND_STRAIGHT) and not family.endswith("side straight"):
            group = _shape(f["a"], k + wilds, wilds, game)
        item = _count(f["b"], "high card") if game.high_rank <= ACE else ""
    if wilds < section:
        dropped = section - wilds
        which = "the" if game.wild_name == "joker" else "a" if dropped == 1 else str(dropped)
        family += f", discarding {which} {game.wild_name}{'s' if dropped > 1 else ''}"
    return family, group, item


def _family(f: dict[str, int], game: Game) -> str:
    """The name of a pattern's family, without the wild cards it discards."""
    kind, k, wilds = f["kind"], f["naturals"], f["wilds"]
    held = k + wilds
    if kind == kernel.KIND_DISCARD:
        return "Discard everything"
    if kind == kernel.KIND_PAT:
        made = _sentence_case(game.labels[f["a"]]) if f["a"] else "Five cards that pay nothing"
        # wild cards make three or four of a kind of unpaired natural cards: not a group's line
        return f"Pat {made.lower()}" if made in (*GROUPS.values(), "Two pair", "Full house") else made
    if kind == kernel.KIND_WILD_ONLY:
        return f"{game.wild_name.capitalize()}{'s' if wilds > 1 else ''} only"
    if kind == kernel.KIND_GROUPS:
        kickers = f["kickers"].bit_count()
        if f["b"] == 2:
            family = "Two pair" if wilds == 0 and f["a"] == 2 else "Full house"
        elif f["a"] + wilds == 2 and game.high_rank <= ACE:
            family = "High pair" if f["ranks"] >= 1 << game.high_rank else "Low pair"
        else:
            family = GROUPS[f["a"] + wilds]
        return family + (f" + {_count(kickers, 'kicker')}" if kickers else "")
    if kind == kernel.KIND_ROYAL:
        return f"{held} to a royal flush"
    if kind == kernel.KIND_STRAIGHT_FLUSH:
        return f"{held} to a straight flush"
    if kind == kernel.KIND_FLUSH:
        return f"{held} to a flush"
    if kind == kernel.KIND_HIGH:
        return f"{held} unsuited high cards"
    if kind == kernel.KIND_STRAIGHT:
        if held == 4 and wilds == 0 and f["a"] in (1, 2):
            return f"4 to an {'outside' if f['a'] == 2 else 'inside'} straight"
        return f"{held} to a straight"
    if kind == kernel.KIND_SINGLE:
        return "One high card" if f["ranks"] >= 1 << game.high_rank else "One low card"
    return f"{held} other cards"


_COUNTED = re.compile(r"(\d+) (.+)")


def _rank_key(item: str) -> tuple[int, ...]:
    """Items of ranks ("KQ", "T98", "A+5") sort high first."""
    return tuple(-RANKS.index(r) for r in item if r in RANKS)


def _joined(items: list[str]) -> str:
    """Items of one group in a line, in any order: counts gathered ("0-2 high cards"), single
    ranks high first with runs of three or more as a range ("A, K, 2-T"), others high first.

    >>> _joined(["1 high card", "0 high cards", "2 high cards", "4 high cards"])
    '0-2 or 4 high cards'
    >>> _joined(["3", "A", "4", "5", "T"]), _joined(["KQ", "AK", "QJ"])
    ('A, T, 3-5', 'AK, KQ, QJ')
    """
    counted = [_COUNTED.fullmatch(item) for item in items]
    if all(counted) and len(items) > 1:
        numbers = sorted(int(m[1]) for m in counted if m)
        nouns = {m[1] == "1": m[2] for m in counted if m}
        noun = nouns.get(False) or nouns[True]
        spans = _spans(numbers)
        return f"{' or '.join(spans)} {noun}"
    if all(len(item) == 1 and item in RANKS for item in items):
        numbers = sorted((RANKS.index(item) for item in items), reverse=True)
        return ", ".join(_spans(numbers, RANKS))
    return ", ".join(sorted(items, key=_rank_key))


def _spans(numbers: list[int], names: str = "") -> list[str]:
    """Numbers (ascending or descending) as runs: three or more in a row as ``low-high``."""
    name = (lambda n: names[n]) if names else str
    spans: list[list[int]] = []
    for n in numbers:
        if spans and abs(n - spans[-1][-1]) == 1:
            spans[-1].append(n)
        else:
            spans.append([n])
    out: list[str] = []
    for span in spans:
        low, high = min(span), max(span)
        out.extend([f"{name(low)}-{name(high)}"] if len(span) >= 3 or (len(span) == 2 and not names) else
                   [name(n) for n in span])
    return out


def line_text(family: str, run: list[tuple[str, str]], members: list[tuple[str, str]], ordered: bool) -> str:
    """A chart line: a family and the (group, item) parts of a run of its patterns, given all
    the parts of the family the game can deal (``members``).

    The family alone if the run holds them all; else the run's groups, each alone where the
    run holds the whole group, with their items. ``ordered``: a deal may fit two of the run's
    parts, so they are listed one by one in the chart's order.

    >>> members = [("open", "1 high card"), ("open", "0 high cards"), ("inside", "1 high card"),
    ...            ("inside", "0 high cards")]
    >>> line_text("4 to a straight flush", members, members, False)
    '4 to a straight flush'
    >>> line_text("4 to a straight flush", members[:3], members, False)
    '4 to a straight flush (open; inside: 1 high card)'
    >>> line_text("2 to a royal flush", [("", "KQ"), ("", "AK")], [("", "AK"), ("", "KQ"), ("", "QJ")], True)
    '2 to a royal flush (KQ, AK)'
    """
    if set(run) == set(members):
        return family
    if ordered:
        parts = [": ".join(filter(None, part)) for part in run]
        return f"{family} ({(', ' if all(not g for g, _ in run) else '; ').join(parts)})"
    groups: dict[str, list[str]] = {}
    for group, item in run:
        groups.setdefault(group, []).append(item)
    whole = [group for group, items in groups.items()
             if group and len(items) == sum(g == group for g, _ in members)]
    shown: list[str] = []
    if len(whole) > 1 and all(_COUNTED.fullmatch(group) for group in whole):
        shown.append(_joined(whole))
    else:
        shown.extend(whole)
    for group, items in groups.items():
        if group not in whole:
            shown.append(f"{group}: {_joined(items)}" if group else _joined(items))
    return f"{family} ({'; '.join(shown)})"
