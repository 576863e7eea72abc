"""Iteration kernels: the hands that hold some cards and avoid others, in order or at random.

A hand is the sorted union of the ``shared`` cards and ``k`` cards chosen from ``free`` (every
card neither shared nor dead, sorted). Choices are bit masks over positions in ``free``.
Choosing in lexicographic order of positions gives the hands in lexicographic order too: two
such hands differ only in their chosen cards, and sorted tuples of one length compare by the
smallest card in which they differ.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_ONE = np.uint64(1)


@njit(cache=True, nogil=True, inline="always")
def write_hand(row: np.ndarray, shared: np.ndarray, free: np.ndarray, chosen: np.uint64) -> None:
    """Write the sorted union of ``shared`` and the ``free`` cards set in ``chosen`` into ``row``."""
    n_shared = np.uint64(shared.shape[0])
    s = np.uint64(0)
    out = np.uint64(0)
    p = np.uint64(0)
    while chosen:
        if chosen & _ONE:
            card = free[p]
            while s < n_shared and shared[s] < card:
                row[out] = shared[s]
                out += _ONE
                s += _ONE
            row[out] = card
            out += _ONE
        chosen >>= _ONE
        p += _ONE
    while s < n_shared:
        row[out] = shared[s]
        out += _ONE
        s += _ONE


@njit(cache=True, nogil=True)
def enumerate_hands(shared: np.ndarray, free: np.ndarray, positions: np.ndarray, out: np.ndarray) -> None:
    """Fill every row of ``out`` with the next hands in lexicographic order.

    ``positions`` (k ascending uint8 positions in ``free``) is the choice for the first row;
    it is left at the choice after the last row, so that the next call carries on. The
    caller sizes ``out`` to at most the hands that remain.
    """
    k = positions.shape[0]
    top = np.uint64(free.shape[0] - k)
    for r in range(out.shape[0]):
        chosen = np.uint64(0)
        for i in range(k):
            chosen |= _ONE << np.uint64(positions[i])
        write_hand(out[r], shared, free, chosen)
        # Advance the rightmost position that can still move, and pack the rest after it.
        i = k
        while i > 0 and np.uint64(positions[i - 1]) == top + np.uint64(i - 1):
            i -= 1
        if i == 0:
            return
        positions[i - 1] += 1
        for j in range(i, k):
            positions[j] = positions[j - 1] + 1


@njit(cache=True, nogil=True)
def sample_hands_from(shared: np.ndarray, free: np.ndarray, draws: np.ndarray, out: np.ndarray) -> None:
    """Fill each row of ``out`` with a uniformly random hand, by Floyd's sampling algorithm.

    ``draws[r, i]`` must be uniform on ``0 .. len(free) - k + i`` (the caller draws them
    exactly, with NumPy's bounded integers). Step i picks position ``draws[r, i]``, or the
    step's top position ``len(free) - k + i`` if that one is taken already; every k-subset of
    positions comes out with the same probability, and no draw is rejected.
    """
    k = draws.shape[1]
    base = np.uint64(free.shape[0] - k)
    for r in range(out.shape[0]):
        chosen = np.uint64(0)
        for i in range(k):
            bit = _ONE << np.uint64(draws[r, i])
            if chosen & bit:
                bit = _ONE << (base + np.uint64(i))
            chosen |= bit
        write_hand(out[r], shared, free, chosen)


@njit(cache=True, nogil=True)
def every_hand(n_cards: int) -> np.ndarray:
    """Every hand of ``n_cards`` distinct cards, in lexicographic order."""
    n_rows = 1
    for i in range(n_cards):
        n_rows = n_rows * (52 - i) // (i + 1)
    out = np.empty((n_rows, n_cards), dtype=np.uint8)
    hand = np.arange(n_cards)
    for r in range(n_rows):
        for i in range(n_cards):
            out[r, i] = hand[i]
        i = n_cards - 1
        while i >= 0 and hand[i] == 52 - n_cards + i:
            i -= 1
        if i >= 0:
            hand[i] += 1
            for j in range(i + 1, n_cards):
                hand[j] = hand[j - 1] + 1
    return out


@njit(cache=True, nogil=True)
def uniform_hands(n_rows: int, n_cards: int, seed: int) -> np.ndarray:
    """``n_rows`` uniformly random hands of ``n_cards`` distinct cards, unsorted, from ``seed``."""
    np.random.seed(seed)
    out = np.empty((n_rows, n_cards), dtype=np.uint8)
    for r in range(n_rows):
        used = np.uint64(0)
        i = 0
        while i < n_cards:
            c = np.uint64(np.random.randint(0, 52))
            bit = np.uint64(1) << c
            if not used & bit:
                used |= bit
                out[r, i] = c
                i += 1
    return out
