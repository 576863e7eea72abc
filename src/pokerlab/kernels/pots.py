"""Scoring showdowns into pots, for every engine that deals hands as rows of cards: one flat
float64 row of counters per player set, ``acc``. For P players,
``acc[i * 243 + own * 27 + other * 3 + outcome]`` counts player i's high hand by its category,
the best other category and win (0), split (1) or loss (2), as hold'em's kernels count; then
from ``P * 243`` come eight blocks of P (:data:`HIGH_UNITS` and after): pot units won with the
high hand and with the low hand (a pot is :data:`POT_UNITS`), scoops (the whole pot alone), for
Monte Carlo the sum of squared pot shares, and four counts that only a pot split between a high
and a low adds to: lows won alone, lows split, showdowns that gave the player a share of the
low and none of the high, and quarters (exactly a quarter of the pot). A high-only pot pays for
none of these four: its every outcome follows from the category cells.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab.kernels.equity import JOINT_PLAYERS, add_joint

POT_UNITS = 5040
"""A pot in units: halves of it split up to ten ways stay whole numbers."""
HALF_POT = POT_UNITS // 2
HIGH_UNITS, LOW_UNITS, SCOOPS, SQUARES, LOW_WINS, LOW_TIES, LOW_ONLY, QUARTERS = range(8)
"""The per-player blocks after the category cells, in order: block k of player i is
``acc[P * 243 + k * P + i]``."""
CELLS = 243 + 8
"""Counters per player in ``acc``: 243 category cells and eight per-player sums."""


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
    best_cat = category[best] * 3
    winners = 0
    for i in range(n):
        s = np.int64(hi[first + i])
        if s == best:
            winners |= 1 << i
            acc[i * 243 + category[s] * 27 + (category[second] * 3 if n_best == 1 else best_cat + 1)] += weight
        else:
            acc[i * 243 + category[s] * 27 + best_cat + 2] += weight
    add_pot(n, winners, low_winners(n, lo, first) if hilo else 0, weight, acc, squares)


@njit(cache=True, nogil=True, inline="always")
def tally(n: int, hi: np.ndarray, first: int, low_win: int, weight: float, category: np.ndarray, joint: np.ndarray,
          pots: np.ndarray) -> None:
    """:func:`score` for up to :data:`~pokerlab.kernels.equity.JOINT_PLAYERS` players, given the
    bit set of the low winners (:func:`low_winners`), as two histograms (cheaper per showdown;
    :func:`add_tallies` turns them into counters): ``joint`` by every player's category and the
    high winners, as hold'em's kernels count, and ``pots`` by the high winners and the low
    winners (bit sets, the low ones shifted by ``n``)."""
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
def add_tallies(n: int, joint: np.ndarray, pots: np.ndarray, acc: np.ndarray, squares: bool,
                category_order: np.ndarray) -> None:
    """Add :func:`tally`'s histograms to the counters ``acc``; ``category_order`` is each
    category's place in the game's ranking (see :func:`pokerlab.kernels.equity.add_joint`)."""
    add_joint(joint, n, acc, np.zeros(n), np.zeros(n), category_order)
    for code in range(pots.shape[0]):
        if pots[code]:
            add_pot(n, code & ((1 << n) - 1), code >> n, pots[code], acc, squares)
