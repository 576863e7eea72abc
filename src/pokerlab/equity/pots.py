"""Scoring showdowns into pots, for every engine: one flat float64 row of counters per player
set, ``acc``. For P players, ``acc[i * 243 + own * 27 + other * 3 + outcome]`` counts player
i's high hand by its category, the best other category and win (0), split (1) or loss (2); then
from ``P * 243`` come eight blocks of P (:data:`HIGH_UNITS` and after): pot units won with the
high hand and with the low hand (a pot is :data:`POT_UNITS`), scoops (the whole pot alone), for
Monte Carlo the sum of squared pot shares, and four counts that only a pot split between a high
and a low adds to: lows won alone, lows split, showdowns that gave the player a share of the
low and none of the high, and quarters (exactly a quarter of the pot).

A high-only pot (``hilo`` false) is counted as cheaply as hold'em always counted it: the
category cells, and for a split pot the split's units (and squares); a pot won alone adds
nothing more per showdown, since its units, scoop and square follow from the win cells.
:func:`summary` adds them once, so every reader of the counters goes through it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
from numba import njit

POT_UNITS = 5040
"""A pot in units: halves of it split up to ten ways stay whole numbers."""
HALF_POT = POT_UNITS // 2
HIGH_UNITS, LOW_UNITS, SCOOPS, SQUARES, LOW_WINS, LOW_TIES, LOW_ONLY, QUARTERS = range(8)
"""The per-player blocks after the category cells, in order: block k of player i is
``acc[P * 243 + k * P + i]``."""
BLOCKS = 8
CELLS = 243 + BLOCKS
"""Counters per player in ``acc``: 243 category cells and eight per-player sums."""
JOINT_PLAYERS = 3
"""Up to this many players, a kernel may count each showdown as one increment of a joint
histogram of everyone's category and who won (9**3 * 2**3 cells for three), which costs less
than updating each player's counters (a fifth of a three-player Monte Carlo trial); the
counters follow at the end (:func:`add_joint`). More players would make the histogram too large
to stay in cache."""


@njit(cache=True, nogil=True, inline="always")
def _top_two(n: int, hi: np.ndarray, first: int) -> tuple[np.int64, np.int64, int]:
    """The best of ``n`` strengths from ``hi[first]``, the best below it, and how many hold the best."""
    best = np.int64(0)
    second = np.int64(0)
    n_best = 0
    for i in range(n):
        s = np.int64(hi[first + i])
        if s > best:
            second = best
            best = s
            n_best = 1
        elif s == best:
            n_best += 1
        elif s > second:
            second = s
    return best, second, n_best


@njit(cache=True, nogil=True, inline="always")
def score_high(n: int, hi: np.ndarray, first: int, weight: float, category: np.ndarray, acc: np.ndarray,
               squares: bool) -> tuple[np.int64, int]:
    """Add one high-only showdown of ``n`` players (their strengths from ``hi[first]``), worth
    ``weight``, to ``acc`` (see the module's notes: a pot won alone counts in the cells alone).
    Returns the best strength and how many players hold it."""
    best, second, n_best = _top_two(n, hi, first)
    best_cat = category[best] * 3
    if n_best == 1:
        # the winner's best other hand is the second best; everyone else's is the winner's
        winner_cell = category[second] * 3
        for i in range(n):
            s = np.int64(hi[first + i])
            if s == best:
                acc[i * 243 + category[s] * 27 + winner_cell] += weight
            else:
                acc[i * 243 + category[s] * 27 + best_cat + 2] += weight
        return best, n_best
    units = weight * (POT_UNITS // n_best)
    base = n * 243
    for i in range(n):
        s = np.int64(hi[first + i])
        if s == best:
            acc[i * 243 + category[s] * 27 + best_cat + 1] += weight
            acc[base + HIGH_UNITS * n + i] += units
            if squares:
                acc[base + SQUARES * n + i] += weight / (n_best * n_best)
        else:
            acc[i * 243 + category[s] * 27 + best_cat + 2] += weight
    return best, n_best


@njit(cache=True, nogil=True, inline="always")
def heads_up(s0: np.int64, s1: np.int64, weight: float, category: np.ndarray, acc: np.ndarray, squares: bool) -> None:
    """:func:`score_high` for two players, without its loops or branches on who won."""
    a = category[s0]
    b = category[s1]
    outcome = (s0 <= s1) + (s0 < s1)  # player 0 wins (0), splits (1) or loses (2)
    acc[a * 27 + b * 3 + outcome] += weight
    acc[243 + b * 27 + a * 3 + 2 - outcome] += weight
    if s0 == s1:
        acc[486 + HIGH_UNITS * 2] += weight * HALF_POT
        acc[487 + HIGH_UNITS * 2] += weight * HALF_POT
        if squares:
            acc[486 + SQUARES * 2] += weight / 4
            acc[487 + SQUARES * 2] += weight / 4


@njit(cache=True, nogil=True, inline="always")
def add_pot(n: int, high_winners: int, low_winners: int, weight: float, acc: np.ndarray, squares: bool) -> None:
    """Add the pot of one showdown of ``n`` players, worth ``weight``, to the per-player sums
    of ``acc`` (see the module's notes): the players in the bit set ``high_winners`` share the
    pot, or half of it when ``low_winners`` (the best qualifying lows) is not empty, and those
    share the other half."""
    n_high = 0
    n_low = 0
    for i in range(n):
        n_high += (high_winners >> i) & 1
        n_low += (low_winners >> i) & 1
    high_unit = (HALF_POT if n_low else POT_UNITS) // n_high
    low_unit = HALF_POT // n_low if n_low else 0
    base = n * 243
    for i in range(n):
        units = 0
        high = (high_winners >> i) & 1
        if high:
            units = high_unit
            acc[base + HIGH_UNITS * n + i] += weight * high_unit
        if (low_winners >> i) & 1:
            units += low_unit
            acc[base + LOW_UNITS * n + i] += weight * low_unit
            acc[base + (LOW_WINS if n_low == 1 else LOW_TIES) * n + i] += weight
            if not high:
                acc[base + LOW_ONLY * n + i] += weight
        if units == POT_UNITS:
            acc[base + SCOOPS * n + i] += weight
        elif n_low and 4 * units == POT_UNITS:
            acc[base + QUARTERS * n + i] += weight
        if squares:
            share = units / POT_UNITS
            acc[base + SQUARES * n + i] += weight * share * share


@njit(cache=True, nogil=True, inline="always")
def low_winners(n: int, lo: np.ndarray, first: int) -> int:
    """The bit set of the players holding the best qualifying low (``lo`` above 0) among ``n``
    from ``lo[first]``: empty when nobody has one."""
    best = np.int64(0)
    for i in range(n):
        best = max(best, np.int64(lo[first + i]))
    winners = 0
    if best:
        for i in range(n):
            winners |= int(np.int64(lo[first + i]) == best) << i
    return winners


@njit(cache=True, nogil=True, inline="always")
def score(n: int, hi: np.ndarray, lo: np.ndarray, first: int, hilo: bool, weight: float, category: np.ndarray,
          acc: np.ndarray, squares: bool) -> None:
    """Add one showdown of ``n`` players (their values from ``hi[first]`` and ``lo[first]``),
    worth ``weight``, to the counters ``acc`` (see the module's notes): the best high takes the
    pot, or half of it when someone has a low (``lo`` above 0, hi/lo only), and the best low
    the other half; ties split each half."""
    if not hilo:
        score_high(n, hi, first, weight, category, acc, squares)
        return
    best, second, n_best = _top_two(n, hi, first)
    best_cat = category[best] * 3
    winners = 0
    for i in range(n):
        s = np.int64(hi[first + i])
        if s == best:
            winners |= 1 << i
            acc[i * 243 + category[s] * 27 + (category[second] * 3 if n_best == 1 else best_cat + 1)] += weight
        else:
            acc[i * 243 + category[s] * 27 + best_cat + 2] += weight
    add_pot(n, winners, low_winners(n, lo, first), weight, acc, squares)


@njit(cache=True, nogil=True, inline="always")
def tally(n: int, hi: np.ndarray, first: int, low_win: int, weight: float, category: np.ndarray, joint: np.ndarray,
          pots: np.ndarray) -> None:
    """:func:`score` for up to :data:`JOINT_PLAYERS` players, given the bit set of the low
    winners (:func:`low_winners`; 0 in a high-only pot), as two histograms (cheaper per
    showdown; :func:`add_tallies` turns them into counters): ``joint`` by every player's
    category and the high winners, and ``pots`` by the high winners and the low winners (bit
    sets, the low ones shifted by ``n``)."""
    best = np.int64(0)
    for i in range(n):
        best = max(best, np.int64(hi[first + i]))
    code = 0
    winners = 0
    for i in range(n):
        s = np.int64(hi[first + i])
        code = code * 9 + category[s]
        winners |= int(s == best) << i
    joint[(code << n) | winners] += weight
    pots[winners | low_win << n] += weight


@njit(cache=True, nogil=True)
def tally_sizes(n: int) -> tuple[int, int]:
    """The sizes of :func:`tally`'s histograms for ``n`` players, (0, 0) past three."""
    return (9 ** n << n, 1 << 2 * n) if n <= JOINT_PLAYERS else (0, 0)


@njit(cache=True, nogil=True)
def add_joint(joint: np.ndarray, n: int, acc: np.ndarray, splits: bool, squares: bool,
              category_order: np.ndarray) -> None:
    """Add a joint histogram to the counters ``acc``: its category cells and, with ``splits``
    (a high-only pot), each split's units and squares, as :func:`score_high` counts them.

    Cell ``(c_0 * 9 + c_1) * 9 ... << n | winners`` counts showdowns where player i ended with
    category c_i and the best hand was held by the players in ``winners``. A player's best
    other hand has the highest category among the others, by ``category_order`` (each
    category's place in the game's ranking: categories rise with strength, though not always
    in their own order, as short deck's flush above its full house).
    """
    cats = np.zeros(n, dtype=np.int64)
    base = n * 243
    for code in range(joint.shape[0]):
        count = joint[code]
        if count == 0:
            continue
        winners = code & ((1 << n) - 1)
        rest = code >> n
        for i in range(n - 1, -1, -1):
            cats[i] = rest % 9
            rest //= 9
        n_winners = 0
        for i in range(n):
            n_winners += (winners >> i) & 1
        for i in range(n):
            other = -1
            for j in range(n):
                if j != i and (other < 0 or category_order[cats[j]] > category_order[other]):
                    other = cats[j]
            won = (winners >> i) & 1
            outcome = 2 if not won else (0 if n_winners == 1 else 1)
            acc[i * 243 + cats[i] * 27 + other * 3 + outcome] += count
            if splits and won and n_winners > 1:
                acc[base + HIGH_UNITS * n + i] += count * (POT_UNITS // n_winners)
                if squares:
                    acc[base + SQUARES * n + i] += count / (n_winners * n_winners)


@njit(cache=True, nogil=True)
def add_tallies(n: int, joint: np.ndarray, pots: np.ndarray, acc: np.ndarray, squares: bool, hilo: bool,
                category_order: np.ndarray) -> None:
    """Add :func:`tally`'s histograms to the counters ``acc``; ``category_order`` is each
    category's place in the game's ranking (see :func:`add_joint`)."""
    add_joint(joint, n, acc, not hilo, squares, category_order)
    if hilo:
        for code in range(pots.shape[0]):
            if pots[code]:
                add_pot(n, code & ((1 << n) - 1), code >> n, pots[code], acc, squares)


@njit(cache=True, nogil=True)
def summary(acc: np.ndarray, n: int, hilo: bool, squares: bool) -> np.ndarray:
    """What a result reads of the counters, in one pass and one array (n, 13, 3): each player's
    showdowns won, split and lost with the high hand by own category (rows 0 to 8), their totals
    (row 9), and the eight per-player blocks (rows 10 to 12, flat), completed for a high-only pot
    with what each pot won alone adds (its units, its scoop and, for Monte Carlo, its square)."""
    out = np.zeros((n, 13, 3))
    base = n * 243
    for i in range(n):
        for a in range(9):
            for b in range(9):
                for o in range(3):
                    out[i, a, o] += acc[i * 243 + a * 27 + b * 3 + o]
            for o in range(3):
                out[i, 9, o] += out[i, a, o]
        blocks = out[i, 10:].reshape(-1)
        for k in range(BLOCKS):
            blocks[k] = acc[base + k * n + i]
        if not hilo:
            wins = out[i, 9, 0]
            blocks[HIGH_UNITS] += wins * POT_UNITS
            blocks[SCOOPS] += wins
            if squares:
                blocks[SQUARES] += wins
    return out


@functools.cache
def histogram_sizes(n: int) -> tuple[int, int]:
    """:func:`tally_sizes`, remembered: a Numba call from Python costs a microsecond."""
    sizes: tuple[int, int] = tally_sizes(n)
    return sizes


def tallied(n: int, category_order: np.ndarray, hilo: bool,
            count: Callable[[np.ndarray, np.ndarray, np.ndarray], object]) -> np.ndarray:
    """The pot counters of one serial kernel call, ``count(joint, pots, acc)``, that scores up to
    :data:`JOINT_PLAYERS` players in the histograms of :func:`tally` and more into ``acc``: one
    allocation for all three, the histograms added to ``acc`` after (:func:`add_tallies`)."""
    n_joint, n_pots = histogram_sizes(n)
    width = n * CELLS
    counters = np.zeros(width + n_joint + n_pots)
    acc, joint, pots = counters[:width], counters[width:width + n_joint], counters[width + n_joint:]
    count(joint, pots, acc)
    if n_joint:
        add_tallies(n, joint, pots, acc, False, hilo, category_order)
    return acc
