"""Heads-up push/fold: the chip-EV equilibrium when the small blind goes all-in or folds.

The game: both players start the hand with ``stack`` big blinds (the effective stack, blinds
and antes included); each posts ``ante``, the small blind 0.5 and the big blind 1. The small
blind pushes all-in or folds; facing a push, the big blind calls or folds. A call is a
showdown for ``2 * stack``. EVs are in big blinds against the stacks before the hand.

Why 169 x 169 numbers are exact: relabelling suits maps each combo of a class to every other
and leaves the game unchanged, so the equilibrium can give every combo of a class the same
frequency, and then a class's payoffs need only, for each opposing class, the number of
combo pairs that share no card and the sum of their all-in equities. Those come from the exact
heads-up matrix of :func:`pokerlab.preflop.matrix` (every pair of combos on all 1,712,304
boards, card removal included), computed once and cached on disk.

The solver is Discounted CFR (:mod:`pokerlab.analyses.equilibrium`) in one compiled loop, run to the
exploitabilities of :data:`STAGES` in turn, its answer polished after each into an exact
equilibrium where it can be (see :func:`solve_table`).
"""

from __future__ import annotations

import functools
import hashlib
import math
import os
import tempfile
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np
from numba import njit

from pokerlab.analyses.equilibrium import Discount, dcfr_update
from pokerlab.cards.notation import card_name
from pokerlab.checks import Progress, check_number, check_progress, check_threads
from pokerlab.errors import InvalidArgumentError
from pokerlab.preflop.results import CLASSES
from pokerlab.ranges.holdem import COMBOS, Range, starting_hand
from pokerlab.rankings.tables import cache_dir, load_tables

BOARDS = math.comb(48, 5)
"""Boards of one heads-up preflop matchup: 1,712,304."""
STAGES = (1e-6, 1e-8, 1e-10)
"""The exploitabilities (big blinds a hand) Discounted CFR is run to, in turn, until its
answer polishes into an exact equilibrium."""
EXACT = 1e-12
"""An exploitability this small (big blinds a hand) is an exact equilibrium up to rounding."""
PURE = 1e-5
"""A frequency this close to 0 or 1 is reported as 0 or 1: the average strategy keeps a trace
of the first iterations, when every hand was played half the time."""
MAX_ITERATIONS = 200_000
"""The solver's limit of Discounted CFR iterations (it stops far earlier)."""
MAX_STACK = 1000.0
"""The deepest effective stack :func:`pushfold` takes, in big blinds."""
TABLE_VERSION = 1
"""Bumped when the cached table's layout changes, so an old file is rebuilt."""


@dataclass(frozen=True)
class ClassTable:
    """All-in results between starting-hand classes: ``pairs[i, j]`` combo pairs of
    ``hands[i]`` and ``hands[j]`` that share no card, and ``equity[i, j]`` the sum over those
    pairs of the first hand's all-in equity (ties count half); ``ties[i, j]`` the sum of their
    chances of a tie (None where not known: three-player ICM needs it, since a split pot is
    not worth half a win there)."""

    hands: tuple[str, ...]
    pairs: np.ndarray = field(repr=False)
    equity: np.ndarray = field(repr=False)
    ties: np.ndarray | None = field(default=None, repr=False)

    @classmethod
    def from_counts(cls, hands: Sequence[str], wins: np.ndarray, ties: np.ndarray,
                    showdowns: np.ndarray) -> ClassTable:
        """From the integer counts of a :class:`~pokerlab.preflop.results.PreflopMatrix`.

        >>> from pokerlab.preflop import matrix
        >>> m = matrix(["AA", "KK"])
        >>> t = ClassTable.from_counts(m.hands, m.wins, m.ties, m.showdowns)
        >>> t.pairs.tolist()
        [[6, 36], [36, 6]]
        """
        pairs = np.asarray(showdowns, dtype=np.int64) // BOARDS
        equity = (np.asarray(wins, dtype=np.float64) + np.asarray(ties, dtype=np.float64) / 2) / BOARDS
        tied = np.asarray(ties, dtype=np.float64) / BOARDS
        for array in (pairs, equity, tied):
            array.setflags(write=False)
        return cls(tuple(hands), pairs, equity, tied)


@functools.cache
def _table_path() -> str:
    # named by a digest of the hand-ranking tables the matrix is counted with, so that a
    # change to them rebuilds the table instead of reading a stale one
    t = load_tables()
    digest = hashlib.sha256(t.rank.tobytes() + t.offsets.tobytes() + t.flush.tobytes()).hexdigest()[:12]
    return str(cache_dir() / f"pushfold-classes-v{TABLE_VERSION}-{digest}.npy")


_TABLE: list[ClassTable] = []


def class_table(progress: Progress | None = None) -> ClassTable:
    """The table of all 169 classes: read from the disk cache, or computed (about a minute on
    two cores; ``progress(done, total)`` is told as it goes) and saved there, or kept in
    memory when the cache cannot be written.

    >>> int(class_table().pairs.sum()) == 1326 * 1225   # every deal of two hands
    True
    """
    progress = check_progress(progress)
    if _TABLE:
        return _TABLE[0]
    path = _table_path()
    try:
        counts: np.ndarray = np.load(path, allow_pickle=False)
        if counts.shape != (3, len(CLASSES), len(CLASSES)) or counts.dtype != np.int64:
            raise ValueError("a cached table of the wrong shape")
    except (OSError, ValueError):
        from pokerlab.preflop.compute import matrix

        m = matrix(progress=progress)
        counts = np.stack([m.wins, m.ties, m.showdowns]).astype(np.int64)
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            # written aside and renamed, so a reader never sees half a file
            with tempfile.NamedTemporaryFile(dir=os.path.dirname(path), suffix=".npy", delete=False) as handle:
                np.save(handle, counts, allow_pickle=False)
            os.replace(handle.name, path)
        except OSError:
            pass  # read-only: the table lives in memory for this process
    table = ClassTable.from_counts(CLASSES, counts[0], counts[1], counts[2])
    _TABLE.append(table)
    return table


def forget_table() -> None:
    """Drop the table this process holds, so that the next :func:`class_table` reads it from the
    disk cache again (to time that read, or after the cache was changed).

    >>> forget_table(); table_ready()  # still on disk
    True
    """
    _TABLE.clear()


def table_ready() -> bool:
    """Whether :func:`class_table` will answer without computing (in memory or on disk).

    >>> _ = class_table(); table_ready()
    True
    """
    return bool(_TABLE) or os.path.exists(_table_path())


@functools.cache
def _class_combos() -> tuple[tuple[str, tuple[str, ...]], ...]:
    by_class: dict[str, list[str]] = {name: [] for name in CLASSES}
    for a, b in COMBOS.tolist():
        by_class[starting_hand([a, b])].append(card_name(b) + card_name(a))
    return tuple((name, tuple(combos)) for name, combos in by_class.items())


def _frequencies_text(frequencies: Mapping[str, float]) -> str:
    parts = []
    for name, f in frequencies.items():
        if f >= 0.9995:
            parts.append(name)
        elif f >= 0.0005:
            parts.append(f"{name}:{f:.3f}")
    return ",".join(parts)


@dataclass(frozen=True)
class PushFoldResult:
    """The equilibrium at one stack: ``push`` and ``call`` map each of the 169 classes to how
    often the small blind pushes it and the big blind calls with it; ``ev`` is both players'
    EV in big blinds a hand (small blind first; they add to 0); ``exploitability`` is the mean
    of what a best response would gain against each, in big blinds a hand.

    >>> r = pushfold(1.5)
    >>> r.push_combos()["7d2c"], float(r.call_range().weights.sum()), round(r.ev[0], 4)
    (1.0, 1326.0, 0.0003)
    """

    stack: float
    ante: float
    push: Mapping[str, float] = field(repr=False)
    call: Mapping[str, float] = field(repr=False)
    ev: tuple[float, float]
    exploitability: float
    iterations: int
    """Discounted CFR iterations run, over every stage."""

    def push_combos(self) -> dict[str, float]:
        """How often each of the 1,326 combos is pushed (``"AsKs"``: every combo of a class alike)."""
        return {combo: self.push[name] for name, combos in _class_combos() if name in self.push for combo in combos}

    def call_combos(self) -> dict[str, float]:
        """How often each of the 1,326 combos calls."""
        return {combo: self.call[name] for name, combos in _class_combos() if name in self.call for combo in combos}

    def push_range(self) -> Range:
        """The pushing range, weighted by frequency (to 0.001)."""
        return Range(_frequencies_text(self.push))

    def call_range(self) -> Range:
        """The calling range, weighted by frequency (to 0.001)."""
        return Range(_frequencies_text(self.call))

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        return {"stack": self.stack, "ante": self.ante, "push": dict(self.push), "call": dict(self.call),
                "ev": {"small_blind": self.ev[0], "big_blind": self.ev[1]},
                "exploitability": self.exploitability, "iterations": self.iterations}


@njit(cache=True, nogil=True)
def _solve(q: np.ndarray, m: np.ndarray, w: np.ndarray, steal: float, blind: float, iterations: int,
           tolerance: float, check_every: int, alpha: float, beta: float, gamma: float, lag: int,
           restart: int) -> tuple[np.ndarray, np.ndarray, float, int]:
    n = q.shape[0]
    regrets = (np.zeros((n, 2)), np.zeros((n, 2)))
    sums = (np.zeros((n, 2)), np.zeros((n, 2)))
    strategy = (np.full((n, 2), 0.5), np.full((n, 2), 0.5))
    values = (np.zeros((n, 2)), np.zeros((n, 2)))
    average = (np.zeros((n, 2)), np.zeros((n, 2)))
    reach = np.ones(n)
    gap = np.inf
    t = 0
    while t < iterations:
        t += 1
        _values(m, q, w, steal, blind, strategy[0][:, 1], strategy[1][:, 1], values[0], values[1], 0)
        dcfr_update(regrets[0], sums[0], strategy[0], values[0], reach, t, alpha, beta, gamma, lag, restart)
        _values(m, q, w, steal, blind, strategy[0][:, 1], strategy[1][:, 1], values[0], values[1], 1)
        dcfr_update(regrets[1], sums[1], strategy[1], values[1], reach, t, alpha, beta, gamma, lag, restart)
        if t % check_every == 0 or t == iterations:
            for p in range(2):
                for i in range(n):
                    s = sums[p][i, 0] + sums[p][i, 1]
                    average[p][i, 1] = sums[p][i, 1] / s if s > 0.0 else 0.5
                    average[p][i, 0] = 1.0 - average[p][i, 1]
            gap = _exploitability(m, q, w, steal, blind, average[0], average[1], values[0], values[1])
            if gap <= tolerance:
                break
    return average[0][:, 1].copy(), average[1][:, 1].copy(), gap, t


@njit(cache=True, nogil=True)
def _values(m: np.ndarray, q: np.ndarray, w: np.ndarray, steal: float, blind: float, push: np.ndarray,
            call: np.ndarray, sb: np.ndarray, bb: np.ndarray, player: int) -> None:
    # counterfactual values of [fold, push] (small blind) or [fold, call] (big blind)
    n = m.shape[0]
    if player == 0:
        for i in range(n):
            gain = 0.0
            for j in range(n):
                gain += m[i, j] * call[j]
            sb[i, 0] = -blind * w[i]
            sb[i, 1] = steal * w[i] + gain
    else:
        for j in range(n):
            bb[j, 0] = 0.0
            bb[j, 1] = 0.0
        for i in range(n):
            p = push[i]
            if p == 0.0:
                continue
            for j in range(n):
                bb[j, 0] -= steal * q[i, j] * p
                bb[j, 1] -= m[i, j] * p
        for j in range(n):
            bb[j, 1] += bb[j, 0]


@njit(cache=True, nogil=True)
def _exploitability(m: np.ndarray, q: np.ndarray, w: np.ndarray, steal: float, blind: float, sb_strategy: np.ndarray,
                    bb_strategy: np.ndarray, sb: np.ndarray, bb: np.ndarray) -> float:
    _values(m, q, w, steal, blind, sb_strategy[:, 1], bb_strategy[:, 1], sb, bb, 0)
    _values(m, q, w, steal, blind, sb_strategy[:, 1], bb_strategy[:, 1], sb, bb, 1)
    gain = 0.0
    for i in range(m.shape[0]):
        gain += max(sb[i, 0], sb[i, 1]) - sb_strategy[i, 0] * sb[i, 0] - sb_strategy[i, 1] * sb[i, 1]
        gain += max(bb[i, 0], bb[i, 1]) - bb_strategy[i, 0] * bb[i, 0] - bb_strategy[i, 1] * bb[i, 1]
    return gain / 2.0


def _gap(q: np.ndarray, m: np.ndarray, w: np.ndarray, ante: float, push: np.ndarray, call: np.ndarray) -> float:
    work = np.zeros((len(push), 2)), np.zeros((len(push), 2))
    gap: float = _exploitability(m, q, w, 1.0 + ante, 0.5 + ante, np.stack([1 - push, push], axis=1),
                                 np.stack([1 - call, call], axis=1), *work)
    return gap


POLISH_MARGINS = (1e-3, 1e-4, 1e-5, 1e-6)
"""How close to indifferent (big blinds a hand dealt) a hand must be to be taken as mixed when
the solver's answer is polished into an exact equilibrium, each tried in turn."""


def _polished(q: np.ndarray, m: np.ndarray, w: np.ndarray, pot: float, push: np.ndarray,
              call: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Exact equilibria guessed from an approximate one: the hands that are nearly
    indifferent are taken as the mixed ones, every other hand plays its better action, and
    the mixed hands' frequencies are solved for from the indifference of the other player's
    mixed hands (a small linear system). Discounted CFR leaves the frequencies of nearly
    indifferent hands loose (they hardly move the exploitability), which would show as
    flickering thresholds in a chart; the exact solution pins them down."""
    out = []
    prior = np.maximum(q.sum(axis=0), 1e-300)
    sb_gain = (pot * w + m @ call) / w  # pushing over folding, per hand dealt
    bb_gain = -(push @ m) / prior  # calling over folding
    guesses = [(np.abs(sb_gain) < margin, np.abs(bb_gain) < margin) for margin in POLISH_MARGINS]
    # an equilibrium mixes as many hands on each side, most often one or two: the hands
    # nearest to indifference are the likeliest
    sb_order, bb_order = np.argsort(np.abs(sb_gain)), np.argsort(np.abs(bb_gain))
    for k in range(1, 4):
        mixed_sb, mixed_bb = np.zeros(len(w), dtype=bool), np.zeros(len(prior), dtype=bool)
        mixed_sb[sb_order[:k]] = True
        mixed_bb[bb_order[:k]] = True
        guesses.append((mixed_sb, mixed_bb))
    for mixed_sb, mixed_bb in guesses:
        p = np.where(sb_gain > 0, 1.0, 0.0)
        c = np.where(bb_gain > 0, 1.0, 0.0)
        if mixed_sb.any() and mixed_bb.any():
            block = m[np.ix_(mixed_sb, mixed_bb)]
            # the small blind's mixed hands indifferent: pot * w_i + (m c)_i = 0
            rest = pot * w[mixed_sb] + m[np.ix_(mixed_sb, ~mixed_bb)] @ c[~mixed_bb]
            c[mixed_bb] = np.clip(np.linalg.lstsq(block, -rest, rcond=None)[0], 0, 1)
            # the big blind's mixed hands indifferent: (p m)_j = 0
            rest = p[~mixed_sb] @ m[np.ix_(~mixed_sb, mixed_bb)]
            p[mixed_sb] = np.clip(np.linalg.lstsq(block.T, -rest, rcond=None)[0], 0, 1)
        out.append((p, c))
    return out


def _snap(frequencies: np.ndarray) -> np.ndarray:
    out: np.ndarray = np.where(frequencies < PURE, 0.0, np.where(frequencies > 1 - PURE, 1.0, frequencies))
    return out


def _game(table: ClassTable, stack: float, ante: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    # q[i, j]: the chance of each class pair; m[i, j]: what the small blind's push gains
    # when the big blind calls instead of folding, summed over the pairs
    total = float(table.pairs.sum())
    q = table.pairs / total
    m = (2 * stack * table.equity - (stack + 1 + ante) * table.pairs) / total
    return q, m, q.sum(axis=1)


def sb_ev(table: ClassTable, stack: float, ante: float, push: np.ndarray, call: np.ndarray) -> float:
    """The small blind's EV (big blinds a hand) when it pushes ``push[i]`` of class ``i`` and
    the big blind calls ``call[j]`` of class ``j``.

    >>> t = class_table()
    >>> round(sb_ev(t, 10, 0, np.zeros(169), np.zeros(169)), 12)   # always folding loses the small blind
    -0.5
    """
    _, m, w = _game(table, stack, ante)
    folds = -(0.5 + ante) * w
    pushes = (1 + ante) * w + m @ call
    return float(((1 - push) * folds + push * pushes).sum())


def _check_stack(stack_bb: object, ante: object) -> tuple[float, float]:
    ante_bb = check_number("ante", ante, low=0, high=MAX_STACK)
    stack = check_number("stack_bb", stack_bb, low=1 + ante_bb, high=MAX_STACK)
    return stack, ante_bb


def solve_table(table: ClassTable, stack: float, ante: float = 0.0, *, polish: bool = True,
                discount: Discount | None = None) -> PushFoldResult:
    """The equilibrium of the push/fold game on a table's classes alone: both hands dealt
    from those classes' combos, every pair that shares no card alike. :func:`pushfold` is
    this on all 169; fewer make a small game for tests.

    Discounted CFR runs to an exploitability of 1e-6, then 1e-8, then 1e-10 big blinds a
    hand; after each, the answer is polished into an exact equilibrium where it can be (see
    :data:`POLISH_MARGINS`), which ends the search. ``polish=False`` returns Discounted CFR's
    first answer as it is.

    >>> from pokerlab.preflop import matrix
    >>> m = matrix(["AA", "72o"])
    >>> r = solve_table(ClassTable.from_counts(m.hands, m.wins, m.ties, m.showdowns), 10)
    >>> r.push["AA"], r.call["AA"], r.exploitability < 1e-4
    (1.0, 1.0, True)
    """
    stack, ante = _check_stack(stack, ante)
    d = Discount() if discount is None else discount
    q, m, w = _game(table, stack, ante)
    iterations = 0
    for tolerance in STAGES if polish else STAGES[:1]:
        push, call, gap, t = _solve(q, m, w, 1.0 + ante, 0.5 + ante, MAX_ITERATIONS, tolerance, 16,
                                    *d.parameters())
        iterations += t
        candidates = [(push, call)]
        if polish:
            candidates += [(_snap(push), _snap(call)), *_polished(q, m, w, 1.5 + 2 * ante, push, call)]
        # the exploitability reported is the returned strategies' own
        gaps = [_gap(q, m, w, ante, *candidate) for candidate in candidates]
        best = int(np.argmin(gaps))
        (push, call), gap = candidates[best], max(0.0, gaps[best])
        if gap <= EXACT:
            break
    ev = sb_ev(table, stack, ante, push, call)
    return PushFoldResult(stack, ante, MappingProxyType(dict(zip(table.hands, push.tolist()))),
                          MappingProxyType(dict(zip(table.hands, call.tolist()))), (ev, -ev), gap, iterations)


def pushfold(stack_bb: float, ante: float = 0.0, *, progress: Progress | None = None) -> PushFoldResult:
    """The heads-up push/fold chip-EV equilibrium at an effective stack of ``stack_bb`` big
    blinds (blinds 0.5 and 1, ``ante`` per player; the stack at least 1 + ante, at most 1000).

    The first call computes the all-in equity table (about a minute on two cores;
    ``progress(done, total)`` is told as it goes) and caches it on disk.

    >>> r = pushfold(10)
    >>> r.push["AA"], r.push["72o"], r.call["KQo"], r.exploitability < 1e-4
    (1.0, 0.0, 1.0, True)
    """
    stack, ante_bb = _check_stack(stack_bb, ante)
    return solve_table(class_table(progress), stack, ante_bb)


def class_of(name: str) -> str:
    """A class name as the tables spell it (``"aks"`` -> ``"AKs"``).

    >>> class_of("t9O")
    'T9o'
    """
    from pokerlab.preflop.results import class_index

    return CLASSES[class_index(name)]


CHART_STEP = 0.05
"""The chart's grid of stacks, in big blinds."""


@dataclass(frozen=True)
class PushFoldChart:
    """Push/fold equilibria over a grid of stacks: ``push[hand]`` and ``call[hand]`` are the
    runs of stacks ``(from, to)`` (grid points, in big blinds) where the hand is pushed or
    called at least half the time; more than one run is a gap. ``frequencies`` is
    ``(stacks, 2, 169)``: at each stack, the push and the call frequency of each class."""

    stacks: tuple[float, ...]
    ante: float
    push: Mapping[str, tuple[tuple[float, float], ...]] = field(repr=False)
    call: Mapping[str, tuple[tuple[float, float], ...]] = field(repr=False)
    frequencies: np.ndarray = field(repr=False)

    def largest(self, hand: str, side: str = "push") -> float | None:
        """The largest stack at which ``hand`` is pushed (``side="push"``) or called
        (``"call"``); None if never. The chart's last stack means that stack or more."""
        runs = self._side(side)[class_of(hand)]
        return runs[-1][1] if runs else None

    def _side(self, side: str) -> Mapping[str, tuple[tuple[float, float], ...]]:
        if side not in ("push", "call"):
            raise InvalidArgumentError(f"side must be 'push' or 'call', got {side!r}")
        return self.push if side == "push" else self.call

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values: the grid, and each hand's runs of stacks."""
        grid = {"from": self.stacks[0], "to": self.stacks[-1], "step": CHART_STEP, "count": len(self.stacks)}
        return {"stacks": grid, "ante": self.ante,
                "push": {hand: [list(run) for run in runs] for hand, runs in self.push.items()},
                "call": {hand: [list(run) for run in runs] for hand, runs in self.call.items()}}


def _runs(stacks: Sequence[float], played: np.ndarray) -> tuple[tuple[float, float], ...]:
    runs = []
    start = None
    for k, on in enumerate(played.tolist()):
        if on and start is None:
            start = k
        if start is not None and (not on or k == len(played) - 1):
            end = k if on else k - 1
            runs.append((stacks[start], stacks[end]))
            start = None
    return tuple(runs)


def chart_of(table: ClassTable, stacks: Sequence[float], ante: float = 0.0, progress: Progress | None = None,
             threads: int | None = None) -> PushFoldChart:
    """:func:`pushfold_chart` over any table and list of stacks (rising), the stacks solved
    ``threads`` at a time (None: as many as Numba has threads).

    >>> from pokerlab.preflop import matrix
    >>> m = matrix(["AA", "72o"])
    >>> chart_of(ClassTable.from_counts(m.hands, m.wins, m.ties, m.showdowns), [1.0, 5.0, 50.0]).push["72o"]
    ((1.0, 1.0),)
    """
    import numba

    def solve(stack: float) -> PushFoldResult:
        return solve_table(table, stack, ante)

    frequencies = np.zeros((len(stacks), 2, len(table.hands)))
    workers = numba.get_num_threads() if threads is None else threads
    # the solver's kernel lets go of the GIL, so stacks solve side by side in threads
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for k, r in enumerate(pool.map(solve, stacks)):
            frequencies[k, 0] = [r.push[h] for h in table.hands]
            frequencies[k, 1] = [r.call[h] for h in table.hands]
            if progress is not None:
                progress(k + 1, len(stacks))
    frequencies.setflags(write=False)
    sides = []
    for side in range(2):
        sides.append(MappingProxyType({hand: _runs(stacks, frequencies[:, side, i] >= 0.5)
                                       for i, hand in enumerate(table.hands)}))
    return PushFoldChart(tuple(stacks), ante, sides[0], sides[1], frequencies)


def pushfold_chart(max_bb: float = 20.0, ante: float = 0.0, *, progress: Progress | None = None,
                   threads: int | None = None) -> PushFoldChart:
    """For every hand, the stacks at which it is pushed and called at the equilibrium: every
    0.05 bb from 1 + ``ante`` (rounded up to the grid) to ``max_bb`` (at most 100), like
    HoldemResources' chart. ``progress(stacks_done, stacks)`` is told after each stack;
    ``threads`` stacks are solved at a time (None: all threads).

    >>> chart = pushfold_chart(3)
    >>> chart.largest("72o"), chart.largest("72o", "call")
    (1.6, 2.65)
    """
    ante_bb = check_number("ante", ante, low=0, high=MAX_CHART - 1)
    top = check_number("max_bb", max_bb, low=1 + ante_bb, high=MAX_CHART)
    progress = check_progress(progress)
    threads = check_threads(threads)
    first = math.ceil(round((1 + ante_bb) / CHART_STEP, 6))
    last = math.floor(round(top / CHART_STEP, 6))
    stacks = [round(k * CHART_STEP, 2) for k in range(first, last + 1)]
    if not stacks:
        raise InvalidArgumentError(f"max_bb must leave a stack of the 0.05 grid from 1 + ante, got {max_bb!r}")
    return chart_of(class_table(), stacks, ante_bb, progress, threads)


MAX_CHART = 100.0
"""The deepest stack :func:`pushfold_chart` goes to, in big blinds."""
