"""Dealing cards in kernels, the same way for every engine: the deck left once some cards are
out, the random-number generator, the steps of a Monte Carlo deal (a range combo drawn by
weight, the rest of the cards off a partial shuffle), and the count of ways to deal some
cards of a rank, by which the exact engines weight a board's rank multiset.

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

_CHUNK = np.uint64(0xFFFF)


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
def choose(n: int, k: int) -> int:
    """C(n, k), the ways to deal ``k`` of the ``n`` cards of a rank left (n at most 4), 0
    where ``k`` is out of range."""
    if k < 0 or k > n:
        return 0
    result = 1
    for j in range(k):
        result = result * (n - j) // (j + 1)
    return result


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
def _fresh_bits(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """The top 48 bits of a :func:`next_random` draw (xorshift64*'s low bits are its weakest),
    three 16-bit chunks; returns them and the new generator state."""
    value, state = next_random(state)
    return value >> np.uint64(16), state


@njit(cache=True, nogil=True, inline="always")
def random_below(bound: int, bits: np.uint64, state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """A uniform integer in [0, bound), ``bound`` at most 2**16, from the low 16 bits of
    ``bits`` (Lemire's multiply, with the rare rejection that makes it exact: fresh bits are
    drawn then). Returns the integer and the generator state."""
    while True:
        product = (bits & _CHUNK) * np.uint64(bound)
        low = product & _CHUNK
        if low >= np.uint64(bound) or low >= (np.uint64(1 << 16) - np.uint64(bound)) % np.uint64(bound):
            return product >> np.uint64(16), state
        bits, state = _fresh_bits(state)


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
def _deal_card(deck: np.ndarray, n_deck: int, dealt: int, used: np.uint64, skip_used: bool, bits: np.uint64,
               state: np.uint64) -> tuple[np.uint8, int, np.uint64]:
    """The next card of a partial Fisher-Yates shuffle of the first ``n_deck`` cards of
    ``deck``, ``dealt`` of them dealt already, drawn with the low 16 bits of ``bits``; with
    ``skip_used``, a card in ``used`` (a range combo's) is set aside and another drawn with
    fresh bits. Returns the card, the cards now dealt off the deck and the generator state."""
    while True:
        r, state = random_below(n_deck - dealt, bits, state)
        pick = dealt + np.int64(r)
        c = deck[pick]
        deck[pick] = deck[dealt]
        deck[dealt] = c
        dealt += 1
        if not (skip_used and (used >> np.uint64(c)) & ONE):
            return c, dealt, state
        bits, state = _fresh_bits(state)


@njit(cache=True, nogil=True, inline="always")
def deal_rest(deck: np.ndarray, n_deck: int, to_deal: int, used: np.uint64, skip_used: bool, drawn: np.ndarray,
              state: np.uint64) -> np.uint64:
    """Deal ``to_deal`` cards into ``drawn`` off the first ``n_deck`` cards of ``deck`` by a
    partial Fisher-Yates shuffle (the deck need not be restored: any order of the same cards is
    as good); with ``skip_used``, a card in ``used`` (a range combo's) is set aside and drawn
    again. Three cards to a random draw, each from 16 bits of it, in a loop unrolled by three:
    the draws' shifts are constants and the three cards' positions in the deck come at once
    (a running count of bits left cost a three-player Omaha trial a tenth of its time).
    Returns the generator state."""
    dealt = 0
    h = 0
    while h < to_deal:
        bits, state = _fresh_bits(state)
        for chunk in range(3):
            c, dealt, state = _deal_card(deck, n_deck, dealt, used, skip_used, bits >> np.uint64(16 * chunk), state)
            drawn[h] = c
            h += 1
            if h == to_deal:
                break
    return state
