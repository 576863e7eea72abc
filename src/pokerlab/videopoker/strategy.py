"""Strategy charts: the ordered hold patterns a player memorises, and what following them returns.

A chart is a list of hold patterns, best first ("4 to a royal flush", "High pair", "3
unsuited high cards (KQJ)", ... "Discard everything"). On each deal the player holds the cards of the first
line the deal offers; where a line fits several holds of one deal (two different "Low pair"
holds, say) the better of them is taken. The chart is built from the exact EVs of every
hold of every deal up to suit symmetry: each hold is named by a pattern, the patterns are
first ordered by their mean EV over the deals that offer them, then moved one at a time to
wherever the chart's return rises most, until no move helps. Its return is then
summed over every deal exactly as the whole-game analysis does, beside the optimal one.

>>> chart = strategy("jacks-9-6")
>>> chart.lines[0], chart.expected_return > 0.995
('Royal flush', True)
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from pokerlab.cards import RANKS, CardsLike
from pokerlab.checks import PERMILLE, Progress, check_progress
from pokerlab.kernels import interruptible
from pokerlab.kernels import strategy as kernel
from pokerlab.kernels.strategy import ACE
from pokerlab.kernels.videopoker import JOKER
from pokerlab.tables import cache_dir
from pokerlab.videopoker.advisor import HoldEV, hold_evs
from pokerlab.videopoker.draws import draw_tables
from pokerlab.videopoker.paytable import MAX_COINS, Paytable, check_coins, get_paytable

NO_HIGH_CARD = 13
"""The high-card rank of a game where no pair pays: past the ace, so no card is high."""
CHART_CODE = ("pokerlab.kernels.videopoker", "pokerlab.videopoker.paytable", "pokerlab.videopoker.draws",
              "pokerlab.kernels.strategy", __name__)
"""The modules a chart depends on: the hold EVs and the patterns. A saved chart is read back
only if none has changed."""
SWEEPS = 50
"""Passes of the improvement over all patterns at most (a few suffice in practice)."""


@dataclass(frozen=True)
class Strategy:
    """A pay table's strategy chart and what it returns per coin bet.

    ``lines`` are the hold patterns, first match wins; ``expected_return`` is the return when
    the chart is followed on every deal, ``optimal_return`` the return of perfect play. In a
    wild game the chart has a section for each number of wild cards dealt ("Two deuces",
    "No joker"), which starts each of its lines and is the ``sections`` entry of each line;
    elsewhere the sections are "". ``patterns`` are the packed pattern codes behind the lines,
    in chart order, and ``pattern_lines`` the line each shows as (a line may gather several).
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
        """The chart's line for a dealt hand and the hold it picks (of the holds the line fits,
        the one of highest EV).

        >>> line, hold = strategy("jacks-9-6").hold("Ah Kh Qh Jh 9h")
        >>> line, hold.label
        ('4 to a royal flush', 'Ah Kh Qh Jh')
        """
        holds = hold_evs(hand, self.paytable, self.coins)
        codes = hold_codes(self.paytable, holds)
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
    of a high card (13: no pair pays, so none is high), and the label of each final-hand column."""

    wild: np.ndarray
    high_rank: int
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

    @property
    def straight_ranks(self) -> bool:
        """Whether straight draws are told apart by their ranks: in wild games, where the
        ranks a wild card can fill matter more than high cards."""
        return bool(self.wild.any())


WILD_CARDS = {"none": (), "deuces": (0, 1, 2, 3), "joker": (JOKER,)}
"""The card ids that are wild, for each kind of wild card."""
WILD_NAMES = {"none": "", "deuces": "deuce", "joker": "joker"}


def game_of(table: Paytable) -> Game:
    """The :class:`Game` of a pay table."""
    wild = np.zeros(JOKER + 1, dtype=np.int64)
    wild[list(WILD_CARDS[table.wild])] = 1
    qualifier = table.pair_qualifier
    return Game(wild, NO_HIGH_CARD if qualifier is None else qualifier, tuple(hand.label for hand in table.hands),
                WILD_NAMES[table.wild])


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


def hold_codes(table: Paytable, holds: list[HoldEV]) -> list[int]:
    """The packed pattern code of each of the 32 holds of one dealt hand, from its :func:`hold_evs`."""
    game = game_of(table)
    pat = max(holds, key=lambda h: len(h.cards))
    hand = pat.cards
    own = next(column for column, p in enumerate(pat.final_hands.values()) if p == 1)
    order = sorted(range(len(hand)), key=lambda i: hand[i])
    cards = np.array([[hand[i] for i in order]], dtype=np.uint8)
    codes = kernel.hold_patterns(cards, np.array([own], dtype=np.int64), game.wild, game.high_rank,
                                  game.straight_ranks)[0]
    # Bit j of a sorted mask holds cards[j], the dealt card at position order[j] + 1.
    by_positions = {tuple(sorted(order[j] + 1 for j in range(5) if s >> j & 1)): int(codes[s]) for s in range(32)}
    return [by_positions[h.positions] for h in holds]


def strategy(paytable: Paytable | str = "jacks-9-6", coins: int = MAX_COINS,
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
    codes = kernel.hold_patterns(deals.cards, deals.own, game.wild, game.high_rank, game.straight_ranks)
    starts, entry_code, entry_ev = kernel.pattern_lists(codes, deals.evs)
    # Ids 0.. for the patterns, found after each deal's repeats are gone (half the entries).
    unique, entry_pattern = np.unique(entry_code, return_inverse=True)
    place = _first_order(starts, entry_pattern, entry_ev, deals.weights, len(unique))
    done = _LISTED
    progress(done, PERMILLE)
    # one sweep a kernel call, so that progress is heard between them; a sweep that moves
    # nothing ends the search, as it would inside one call
    for _ in range(SWEEPS):
        with interruptible():
            swept = kernel.improve_order(starts, entry_pattern, entry_ev, deals.weights, place, 1)
        done += (_SWEPT - done) // 2
        progress(done, PERMILLE)
        if np.array_equal(swept, place):
            break
        place = swept
    chosen = kernel.chart_choices(starts, entry_pattern, place)
    evs = entry_ev[chosen]
    evs.setflags(write=False)
    total = int(deals.weights.sum())
    # Deals with different numbers of wild cards never meet: each count gets its own section.
    wilds = {p: _fields(int(unique[p]))["section"] for p in np.unique(entry_pattern[chosen]).tolist()}
    used = sorted(wilds, key=lambda p: (-wilds[p], place[p]))
    lines: list[str] = []
    sections: list[str] = []
    pattern_lines: list[int] = []
    for count in sorted(set(wilds.values()), reverse=True):
        title = game.section(count)
        shown, where = chart_lines([pattern_line(int(unique[p]), game) for p in used if wilds[p] == count])
        pattern_lines.extend(len(lines) + w for w in where)
        lines.extend(f"{title}: {line}" if title else line for line in shown)
        sections.extend([title] * len(shown))
    chart = Strategy(table, coins, tuple(lines), expected_return=float(deals.weights @ evs) / total,
                     optimal_return=float(deals.weights @ deals.evs.max(axis=1)) / total, sections=tuple(sections),
                     patterns=tuple(int(unique[p]) for p in used), pattern_lines=tuple(pattern_lines))
    progress(PERMILLE, PERMILLE)
    return chart, evs


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


def _fields(code: int) -> dict[str, int]:
    """The fields of a packed pattern code, by name."""
    values = {}
    for name, size in reversed(kernel.FIELDS):
        values[name] = code % size
        code //= size
    return values


def _ranks_text(mask: int) -> str:
    return "".join(RANKS[r] for r in range(12, -1, -1) if mask >> r & 1)


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


GROUPS = {4: "Four of a kind", 3: "Three of a kind", 2: "Pair"}

Line = tuple[str, str, str]
"""A pattern as a chart names it: its family, a group within the family (or ""), and an item."""


def _high(count: int) -> str:
    return _count(count, "high card")


def _shape(straights: int, held: int) -> str:
    """How a straight draw fits: open or inside for four cards, else how many straights."""
    return ("open" if straights > 1 else "inside") if held == 4 else f"fits {_count(straights, 'straight')}"


def _sentence_case(label: str) -> str:
    """A pay table's label as a chart line: words after the first in lower case, but for
    ranks and other words with digits or a single letter ("Four 2s-4s with an A-4 kicker").

    >>> _sentence_case("Four of a Kind"), _sentence_case("Four Aces with a 2-4 kicker")
    ('Four of a kind', 'Four aces with a 2-4 kicker')
    """
    first, *rest = label.split(" ")
    return " ".join([first, *(w.lower() if w.isalpha() and len(w) > 1 else w for w in rest)])


def pattern_line(code: int, game: Game) -> Line:
    """The family, group and item of a packed pattern code: ("3 to a royal flush", "", "KQJ").

    A chart shows a run of lines of one family as the family alone when the run holds every
    line of the family, else as the family with the groups and items of the run.
    """
    f = _fields(code)
    kind, k, wilds = f["kind"], f["naturals"], f["wilds"]
    held = k + wilds
    ranks = _ranks_text(f["ranks"])
    if kind == kernel.KIND_DISCARD:
        return "Discard everything", "", ""
    if kind == kernel.KIND_PAT:
        return (_sentence_case(game.labels[f["a"]]) if f["a"] else "Five cards that pay nothing"), "", ""
    if kind == kernel.KIND_GROUPS:
        size = f["a"] + wilds
        if f["b"] == 2:
            family = "Two pair" if wilds == 0 else "Full house"
        elif size == 2:
            family = "Pair" if game.high_rank > ACE else "High pair" if f["ranks"] >= 1 << game.high_rank \
                else "Low pair"
        else:
            family = GROUPS[size]
        kickers = k - 2 * f["b"] if f["b"] == 2 else k - f["a"]
        return family + (f" + {_count(kickers, 'kicker')}" if kickers else ""), "", "+".join(ranks)
    if kind == kernel.KIND_ROYAL:
        return f"{held} to a royal flush", "", ranks
    if kind == kernel.KIND_STRAIGHT_FLUSH:
        return (f"{held} to a straight flush", "", ranks) if ranks else \
            (f"{held} to a straight flush", _shape(f["a"], held), _high(f["b"]))
    if kind == kernel.KIND_FLUSH:
        return f"{held} to a flush", "", _high(f["b"])
    if kind == kernel.KIND_HIGH:
        return f"{held} unsuited high cards", "", ranks
    if kind == kernel.KIND_STRAIGHT and ranks:
        return f"{held} to a straight", "", ranks
    if kind == kernel.KIND_STRAIGHT:
        if held == 4:
            return f"4 to an {'outside' if f['a'] > 1 else 'inside'} straight", "", _high(f["b"])
        return f"{held} to a straight", _shape(f["a"], held), _high(f["b"])
    if kind == kernel.KIND_SINGLE:
        return ("One high card" if f["ranks"] >= 1 << game.high_rank else "One low card"), "", ranks
    if kind == kernel.KIND_WILD_ONLY:
        return f"{game.wild_name.capitalize()}{'s' if wilds > 1 else ''} only", "", ""
    return f"{held} unrelated cards", "", _high(f["b"])


def _rank_order(item: str) -> tuple[int, ...]:
    """Items of ranks ("KQ", "T98", "A+5") sort high first; others keep their order."""
    ranks = item.replace("+", "")
    return tuple(-RANKS.index(r) for r in ranks) if ranks and all(r in RANKS for r in ranks) else ()


def chart_lines(lines: list[Line]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Chart lines from patterns in chart order, and the line each pattern went to.

    Each run of one family becomes one line: the family alone if the run is the whole
    family, else the family with the run's groups, each alone if the run has the whole
    group, else with its items.

    >>> chart_lines([("High pair", "", "A"), ("High pair", "", "K"), ("Low pair", "", "2"), ("High pair", "", "J")])
    (('High pair (A, K)', 'Low pair', 'High pair (J)'), (0, 0, 1, 2))
    >>> chart_lines([("4 to an SF", "open", "1 high"), ("4 to an SF", "open", "0 high"),
    ...              ("4 to an SF", "inside", "1 high"), ("Flush", "", ""), ("4 to an SF", "inside", "0 high")])[0]
    ('4 to an SF (open; inside: 1 high)', 'Flush', '4 to an SF (inside: 0 high)')
    """
    families = Counter(family for family, _, _ in lines)
    groups = Counter((family, group) for family, group, _ in lines)
    out: list[str] = []
    where: list[int] = []
    i = 0
    while i < len(lines):
        family = lines[i][0]
        j = i
        while j < len(lines) and lines[j][0] == family:
            j += 1
        run = lines[i:j]
        if j - i == families[family] or not any(group or item for _, group, item in run):
            out.append(family)
        else:
            parts: dict[str, list[str]] = {}
            for _, group, item in run:
                parts.setdefault(group, []).append(item)
            for items in parts.values():  # within a run the order does not matter: ranks high first
                items.sort(key=_rank_order)
            shown = [group if group and len(items) == groups[family, group] else
                     (f"{group}: " if group else "") + ", ".join(items) for group, items in parts.items()]
            out.append(f"{family} ({'; '.join(shown)})")
        where.extend([len(out) - 1] * (j - i))
        i = j
    return tuple(out), tuple(where)
