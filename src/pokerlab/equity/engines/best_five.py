"""The best-five engine for hands dealt as rows of two hole cards: a hand is the best five of
all seven cards, ranked by any ranking in any deck it is defined for, and the pot is one high
pot (hold'em, short deck) or split with the eight-or-better low (hold'em hi/lo). It implements
the engine interface of :class:`pokerlab.equity.driver.Engine`.

A high pot runs on hold'em's kernels (:mod:`pokerlab.equity.engines.holdem_kernels`), with
their shortcuts: before the flop, deals that are the same up to the suits' names share one
count, remembered for the process (:func:`canonical_matchup`), and Monte Carlo can count each
player's showdowns by combo. A split pot runs on :mod:`pokerlab.equity.engines.best_five_kernels`, which values
the low apart.

>>> from pokerlab.equity.pots import POT_UNITS
>>> cards = [4, 9, 30, 39]                                  # 3c 4d 9h Js: every river
>>> board = np.array(cards, dtype=np.uint8)
>>> board.setflags(write=False)                             # read only, as the driver passes a board
>>> acc, _ = Engine("standard", 0, True).known(np.array([[48, 1], [46, 47]], dtype=np.uint8),  # Ac 2d v Kh Ks
...                                            board, sum(1 << c for c in cards))
>>> [round(float(acc[2 * 243 + k]) / POT_UNITS / 44, 4) for k in (0, 1, 2)]  # high: A2, KK; low: A2
[0.1136, 0.7045, 0.1818]
"""

from __future__ import annotations

import functools
import importlib
import itertools
from types import ModuleType

import numpy as np

from pokerlab.hand_rules.omaha_tables import best_five_low_table, low_bits
from pokerlab.numba_runtime import interruptible, parts_per_item
from pokerlab.rankings.ranking import ranking_in_deck

_HIGH = "pokerlab.equity.engines.holdem_kernels"
_SPLIT = "pokerlab.equity.engines.best_five_kernels"
_POTS = "pokerlab.equity.pots"


@functools.cache
def _kernels(name: str) -> ModuleType:
    """A kernel module, imported on first use: the kernels load Numba, which ``import pokerlab`` does not."""
    return importlib.import_module(name)


_RELABELINGS = tuple(tuple(c & ~3 | perm[c & 3] for c in range(52)) for perm in itertools.permutations(range(4)))
"""The 24 ways to rename the suits, each as a card -> card table."""


@functools.cache
def _least_first_hand(a: int, b: int) -> tuple[tuple[int, int], tuple[tuple[int, ...], ...]]:
    """The least relabelled form of a hand and the relabelings that reach it (2 to 6 of 24)."""
    forms = [(min(m[a], m[b]), max(m[a], m[b])) for m in _RELABELINGS]
    least = min(forms)
    return least, tuple(m for m, form in zip(_RELABELINGS, forms) if form == least)


Matchup = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
"""A preflop matchup as ``(hands, dead cards)``, hands as (low id, high id) pairs."""


def canonical_matchup(hands: tuple[tuple[int, int], ...], dead: tuple[int, ...]) -> Matchup:
    """The least relabelling of suits of a preflop matchup: equal keys, equal results.

    Only a relabeling that makes the first hand least can make the whole key least, so only
    those are tried.

    >>> canonical_matchup(((51, 47), (42, 38)), ())  # AsKs v QhJh: spades become clubs, hearts diamonds
    (((44, 48), (37, 41)), ())
    """
    first, relabelings = _least_first_hand(*hands[0])
    best: Matchup | None = None
    for m in relabelings:
        key = ((first, *((m[a], m[b]) if m[a] < m[b] else (m[b], m[a]) for a, b in hands[1:])),
               tuple(sorted(m[c] for c in dead)))
        if best is None or key < best:
            best = key
    assert best is not None  # every hand is reached by at least one relabeling
    return best


_PREFLOP_CACHE: dict[tuple[str, Matchup], np.ndarray] = {}
"""The pot counters of exact preflop matchups of a high pot by ranking and canonical matchup,
kept for the process (cleared past :data:`MAX_CACHED`)."""
_PREFLOP_SUMMARIES: dict[tuple[str, Matchup], np.ndarray] = {}
"""The :func:`~pokerlab.equity.pots.summary` of the matchups that :meth:`Engine.known` has
read from :data:`_PREFLOP_CACHE`, kept and cleared with it."""
MAX_CACHED = 100_000


def clear_cache() -> None:
    """Forget the exact preflop results computed so far.

    >>> clear_cache()
    """
    _PREFLOP_CACHE.clear()
    _PREFLOP_SUMMARIES.clear()


_ONE = np.ones(1)
_ONE.setflags(write=False)


def _ids(mask: int) -> tuple[int, ...]:
    """The cards of a bit set, lowest first (set bit by set bit: most sets hold a few cards)."""
    ids = []
    while mask:
        low = mask & -mask
        ids.append(low.bit_length() - 1)
        mask ^= low
    return tuple(ids)


class Engine:
    """Every completion of the board, or sampled deals, for hands of two hole cards valued as
    the best five of seven, in a ranking and the deck from ``lowest_rank``, for one high pot or
    (``hilo``) split with the eight-or-better low; each answer is the shared pot counters of
    :mod:`pokerlab.equity.pots`."""

    def __init__(self, ranking: str, lowest_rank: int, hilo: bool) -> None:
        rules = ranking_in_deck(ranking, lowest_rank)
        self.hilo = hilo
        self.name = ranking
        t = rules.tables
        self.high_tables = (t.card_key, t.card_mask, t.rank, t.offsets, t.flush, rules.category_index)
        self.tables = (t.card_key, t.card_mask, t.rank, t.offsets, t.flush, best_five_low_table(), low_bits(),
                       rules.category_index)
        self.category_order = rules.category_order
        """Each category's place in the ranking, for the histograms' best other category."""
        self.showdown_cost = 2.0 if hilo else 1.0
        """A showdown's cost in hold'em's: the low is a second lookup and a second scoring."""
        self.preflop_cost = 5.0 if hilo else 1.0
        """A deal's exact count before the flop in hold'em's: hold'em's matchups share results up
        to the suits' names and correct flushes a suit at once; a split pot counts each deal."""
        self.by_combo = not hilo
        """Whether Monte Carlo counts each player's showdowns by combo (hold'em's kernel)."""
        # looked up once: a flop call takes microseconds
        self._known_high = _kernels(_HIGH).known_showdowns
        self._known_split = _kernels(_SPLIT).known_split

    def known(self, holes: np.ndarray, board: np.ndarray, fixed: int) -> tuple[np.ndarray, np.ndarray]:
        """The counters of every completion of ``board`` for one deal of known hands (P, 2), and
        their :func:`~pokerlab.equity.pots.summary`; ``fixed`` is the bit set of the board, dead
        and missing cards. After the flop, serially (no thread to wake for a thousand boards);
        before it, in parallel."""
        if len(board) >= 3:
            if self.hilo:
                split: tuple[np.ndarray, np.ndarray] = self._known_split(holes, board, fixed, *self.tables,
                                                                         self.category_order)
                return split
            counted: tuple[np.ndarray, np.ndarray] = self._known_high(holes, board, fixed, *self.high_tables)
            return counted
        if self.hilo:
            acc = self.deals(holes[None], _ONE, board, fixed)
            return acc, _kernels(_POTS).summary(acc, len(holes), self.hilo, False)
        # one matchup, most often remembered, and its summary with it (a Numba call from Python
        # costs a remembered matchup a microsecond)
        key = (self.name, canonical_matchup(tuple(map(tuple, holes.tolist())), _ids(fixed)))
        acc = self._rows([key[1]])[0]
        summary = _PREFLOP_SUMMARIES.get(key)
        if summary is None:
            summary = _kernels(_POTS).summary(acc, len(holes), False, False)
            summary.setflags(write=False)
            _PREFLOP_SUMMARIES[key] = summary
        return acc, summary

    def deals(self, holes: np.ndarray, weights: np.ndarray, board: np.ndarray, fixed: int) -> np.ndarray:
        """The counters of every completion of ``board`` for deals of hole cards (M, P, 2), deal
        m worth ``weights[m]``; ``fixed`` is the bit set of the board, dead and missing cards."""
        acc: np.ndarray
        if not self.hilo:
            if not len(board):
                return self._matchups(holes, weights, fixed)
            with interruptible():
                acc = _kernels(_HIGH).enumerate_boards_many(holes, weights, board, np.uint64(fixed),
                                                               *self.high_tables)
            return acc
        with interruptible():
            if len(board):
                acc = _kernels(_SPLIT).runouts_many(holes, weights, board, np.uint64(fixed), True, *self.tables,
                                                         self.category_order)
            else:
                acc = _kernels(_SPLIT).preflop_many(holes, weights, np.uint64(fixed), True, *self.tables,
                                                     parts_per_item(len(holes)))
        return acc

    def _matchups(self, holes: np.ndarray, weights: np.ndarray, fixed: int) -> np.ndarray:
        """Every board before the flop for deals of hole cards of a high pot: deals the same up
        to the suits' names count once, and counts are remembered for the process."""
        dead = _ids(fixed)
        keyed: dict[Matchup, float] = {}
        for hands, weight in zip(holes.tolist(), weights.tolist()):
            key = canonical_matchup(tuple((min(a, b), max(a, b)) for a, b in hands), dead)
            keyed[key] = keyed.get(key, 0.0) + weight
        weights_of = np.array(list(keyed.values()))
        acc: np.ndarray = weights_of @ np.stack(self._rows(list(keyed)))
        return acc

    def _rows(self, keys: list[Matchup]) -> list[np.ndarray]:
        """The pot counters of canonical matchups (read only), those not remembered counted in
        parallel and remembered."""
        missing = [key for key in keys if (self.name, key) not in _PREFLOP_CACHE]
        if missing:
            many = np.array([hands for hands, _ in missing], dtype=np.int64)
            masks = np.array([sum(1 << c for c in [*np.ravel(hands).tolist(), *out]) for hands, out in missing],
                             dtype=np.uint64)
            t = self.high_tables
            with interruptible():
                counted = _kernels(_HIGH).preflop_exact_many(many, masks, t[2], t[3], t[4], t[5],
                                                             parts_per_item(len(missing)))
            if len(_PREFLOP_CACHE) + len(missing) > MAX_CACHED:
                clear_cache()
            for key, row in zip(missing, counted):
                row.setflags(write=False)  # results may hold it: none can change what is remembered
                _PREFLOP_CACHE[self.name, key] = row
        return [_PREFLOP_CACHE[self.name, key] for key in keys]

    def prepare(self, combos: np.ndarray) -> np.ndarray:
        """What :meth:`sample` reads of the players' combos: the combos themselves (two cards
        each, too few to be worth working anything out before).

        >>> combos = np.array([[51, 50]], dtype=np.uint8)
        >>> Engine("standard", 0, False).prepare(combos) is combos
        True
        """
        return combos

    def sample(self, combos: np.ndarray, starts: np.ndarray, cumulative: np.ndarray, board: np.ndarray, fixed: int,
               chunks: int, per_chunk: int, seed: int,
               combo_of_pair: np.ndarray | None) -> tuple[np.ndarray, int, np.ndarray | None]:
        """Sampled counters (with squares) of ``chunks`` times ``per_chunk`` showdowns, the deals
        tried and, given ``combo_of_pair`` (a high pot only), the counts by combo (see
        :func:`pokerlab.equity.engines.holdem_kernels.monte_carlo`)."""
        if not self.hilo:
            t = self.high_tables
            acc, attempts, by_combo = _kernels(_HIGH).monte_carlo(
                combos, starts, cumulative, board, np.uint64(fixed), chunks, per_chunk, seed, *t, self.category_order,
                combo_of_pair)
            return acc, int(attempts), by_combo if combo_of_pair is not None else None
        acc, attempts = _kernels(_SPLIT).monte_carlo(combos, starts, cumulative, board, np.uint64(fixed), chunks,
                                                          per_chunk, seed, True, *self.tables)
        return acc, int(attempts), None
