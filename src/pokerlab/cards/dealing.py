"""Dealing cards in kernels, the same way for every engine: the deck left once some cards are
out, the random-number generator, and the steps of a Monte Carlo deal (a range combo drawn by
weight, the rest of the cards off a partial shuffle).

Monte Carlo deals each player's range combo by weight and rejects the whole deal when it
clashes with a card already out, which keeps ranges that share cards unbiased; random hands and
the board then come off the deck, and a card some range combo holds is drawn again, which
leaves the rest uniform.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab.rankings.lookup import ONE

MAX_REJECTIONS = 1000
"""A Monte Carlo chunk gives up after this many rejected deals per trial it wants, so that
ranges that can hardly be dealt together end instead of spinning (the driver then refuses
them, from the share of deals accepted)."""


@njit(cache=True, nogil=True, inline="always")
def fill_deck(out_mask: np.uint64, deck: np.ndarray) -> int:
    """Write the cards not in ``out_mask`` (bit ``id`` per card), in order, to the start of
    ``deck``; returns how many there are."""
    n = 0
    for c in range(52):
        if not (out_mask >> np.uint64(c)) & ONE:
            deck[n] = c
            n += 1
    return n


@njit(cache=True, nogil=True, inline="always")
def seed_state(seed: int, chunk: int) -> np.uint64:
    """The generator's starting state for one chunk of a seeded run: chunks draw apart."""
    return (np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15)
            + np.uint64(chunk + 1) * np.uint64(0xBF58476D1CE4E5B9)) | ONE


@njit(cache=True, nogil=True, inline="always")
def next_random(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """xorshift64*: one 64-bit draw from a nonzero ``state``; returns (value, new state). The
    random-number generator of every Monte Carlo kernel."""
    state ^= state >> np.uint64(12)
    state ^= state << np.uint64(25)
    state ^= state >> np.uint64(27)
    return state * np.uint64(0x2545F4914F6CDD1D), state


@njit(cache=True, nogil=True, inline="always")
def random_below(bound: int, bits: np.uint64, n_bits: int,
                 state: np.uint64) -> tuple[np.uint64, np.uint64, int, np.uint64]:
    """A uniform integer in [0, bound) from 32 fresh bits (Lemire's multiply, with the rare
    rejection that makes it exact). ``bits`` holds ``n_bits`` unused random bits of the last
    :func:`next_random` draw, so one draw serves two calls. Returns the integer, the bits and
    their count left, and the new generator state."""
    while True:
        if n_bits < 32:
            bits, state = next_random(state)
            n_bits = 64
        product = (bits & np.uint64(0xFFFFFFFF)) * np.uint64(bound)
        bits >>= np.uint64(32)
        n_bits -= 32
        low = product & np.uint64(0xFFFFFFFF)
        if low >= np.uint64(bound) or low >= (np.uint64(1 << 32) - np.uint64(bound)) % np.uint64(bound):
            return product >> np.uint64(32), bits, n_bits, state


@njit(cache=True, nogil=True, inline="always")
def draw_combo(cumulative: np.ndarray, start: int, stop: int, state: np.uint64) -> tuple[int, np.uint64]:
    """A combo of the block ``start:stop`` drawn by weight (``cumulative`` holds the running
    sums of its weights): the first whose cumulative weight exceeds a uniform draw below the
    block's total. Returns its index and the new generator state."""
    value, state = next_random(state)
    u = (value >> np.uint64(11)) * (1.0 / 9007199254740992.0) * cumulative[stop - 1]
    a = start
    b = stop - 1
    while a < b:
        mid = (a + b) >> 1
        if cumulative[mid] > u:
            b = mid
        else:
            a = mid + 1
    return a, state


@njit(cache=True, nogil=True, inline="always")
def deal_rest(deck: np.ndarray, n_deck: int, to_deal: int, used: np.uint64, skip_used: bool, drawn: np.ndarray,
              bits: np.uint64, n_bits: int, state: np.uint64) -> tuple[np.uint64, int, np.uint64]:
    """Deal ``to_deal`` cards into ``drawn`` off the first ``n_deck`` cards of ``deck`` by a
    partial Fisher-Yates shuffle (the deck need not be restored: any order of the same cards is
    as good); with ``skip_used``, a card in ``used`` (a range combo's) is set aside and drawn
    again. Returns the random bits left, their count and the generator state."""
    dealt = 0
    h = 0
    while h < to_deal:
        r, bits, n_bits, state = random_below(n_deck - dealt, bits, n_bits, state)
        pick = dealt + np.int64(r)
        c = deck[pick]
        deck[pick] = deck[dealt]
        deck[dealt] = c
        dealt += 1
        if skip_used and (used >> np.uint64(c)) & ONE:
            continue
        drawn[h] = c
        h += 1
    return bits, n_bits, state
