"""Video poker kernels: final hands counted per subset of cards, the 32 holds of a hand, the game.

The idea (the well-known one for exact draw poker): count, once, how many five-card hands of
each pay class contain each set of at most four cards. A hold ``S`` of a dealt hand ``H`` ends
in the final hands that contain ``S`` and none of the discards, and by inclusion-exclusion
their count is ``sum over S <= T <= H of (-1)**|T - S| * count[T]``: 32 table rows and a
Moebius transform over five bits give all 32 holds of a hand at once, with no enumeration of
draws.

Subsets of up to four cards are numbered by the combinatorial number system: the cards
``c_0 < ... < c_(k-1)`` of a k-subset sit at row ``start[k] + sum_j C(c_j, j + 1)`` (see
:data:`SUBSET_START`), with ``C`` read from a ``binom[n, k]`` table that callers pass in.

Expected values stay exact: a hold drawing ``n`` cards has ``C(47, n)`` equally likely draws,
and each such count divides :data:`DRAW_LCM`, so ``DRAW_LCM / C(47, n)`` (``draw_scale[5 - n]``)
turns a hold's total pay into an integer numerator over one common denominator.
"""

from __future__ import annotations

from math import comb

import numpy as np
from numba import njit

from pokerlab.kernels.evaluation import KEY_START, ONE, strength_of_key

N_FINAL = 10
"""Pay classes of a final hand, from nothing to a royal flush."""

SUBSET_START = tuple(sum(comb(52, j) for j in range(k)) for k in range(6))
"""First row of the subsets of each size in the count table: (0, 1, 53, 1379, 23479, 294204)."""

N_SUBSETS = SUBSET_START[5]

DRAW_LCM = 7_669_695
"""The least common multiple of C(47, n) for n = 0..5 (3 * 5 * 11 * 23 * 43 * 47)."""

_SUIT_FIELD = np.uint64(0xFFFF)


@njit(cache=True, nogil=True, inline="always")
def _extend(part: np.ndarray, size: np.ndarray, level: int, card: int, binom: np.ndarray) -> None:
    """Row parts of the subsets of the first level + 1 cards: those of the first level cards
    (``part[level, :2**level]``), each without and then with ``card`` as its highest card."""
    half = 1 << level
    for t in range(half):
        part[level + 1, t] = part[level, t]
        size[level + 1, t] = size[level, t]
        part[level + 1, half + t] = part[level, t] + binom[card, size[level, t] + ONE]
        size[level + 1, half + t] = size[level, t] + ONE


@njit(cache=True, nogil=True, inline="always")
def _add_topped(counts: np.ndarray, part: np.ndarray, size: np.ndarray, level: int, start: np.ndarray,
                hist: np.ndarray) -> None:
    """Add a histogram to every subset whose highest card is the one chosen at ``level``."""
    half = 1 << level
    for t in range(half, 2 * half):
        row = start[size[level + 1, t]] + part[level + 1, t]
        for f in range(N_FINAL):
            counts[row, f] += hist[f]


@njit(cache=True, nogil=True)
def subset_counts(card_key: np.ndarray, card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray,
                  flush: np.ndarray, pay_class: np.ndarray, binom: np.ndarray, start: np.ndarray) -> np.ndarray:
    """How many five-card hands of each pay class contain each subset of at most four cards.

    Returns an (N_SUBSETS, N_FINAL) int32 table. Each hand must add one to its 31 proper
    subsets; a subset is counted at the loop of its highest card instead: those topped by the
    innermost card one hand at a time, the others by the histogram of all the hands inside
    their top card's loop, once per iteration of that loop. ``pay_class[strength]`` is the
    pay class of a strength, ``start`` is :data:`SUBSET_START` as uint64.
    """
    counts = np.zeros((N_SUBSETS, N_FINAL), dtype=np.int32)
    hist = np.zeros((4, N_FINAL), dtype=np.int64)
    total = np.zeros(N_FINAL, dtype=np.int64)
    part = np.zeros((5, 16), dtype=np.uint64)
    size = np.zeros((5, 16), dtype=np.uint64)
    row4 = np.zeros(15, dtype=np.uint64)
    col4 = np.zeros(15, dtype=np.uint64)
    for a in range(np.uint64(48)):
        _extend(part, size, 0, a, binom)
        hist[0, :] = 0
        for b in range(a + ONE, np.uint64(49)):
            _extend(part, size, 1, b, binom)
            hist[1, :] = 0
            for c in range(b + ONE, np.uint64(50)):
                _extend(part, size, 2, c, binom)
                hist[2, :] = 0
                for d in range(c + ONE, np.uint64(51)):
                    _extend(part, size, 3, d, binom)
                    hist[3, :] = 0
                    # Subset 15 is {a, b, c, d}: with e it is the hand itself, no proper subset.
                    for t in range(15):
                        row4[t] = start[size[4, t] + ONE] + part[4, t]
                        col4[t] = size[4, t] + ONE
                    k4 = KEY_START + card_key[a] + card_key[b] + card_key[c] + card_key[d]
                    m4 = card_mask[a] | card_mask[b] | card_mask[c] | card_mask[d]
                    for e in range(d + ONE, np.uint64(52)):
                        p = pay_class[strength_of_key(k4 + card_key[e], m4 | card_mask[e],
                                                      rank, offsets, flush)]
                        hist[3, p] += 1
                        for t in range(15):
                            counts[row4[t] + binom[e, col4[t]], p] += 1
                    _add_topped(counts, part, size, 3, start, hist[3])
                    hist[2, :] += hist[3, :]
                _add_topped(counts, part, size, 2, start, hist[2])
                hist[1, :] += hist[2, :]
            _add_topped(counts, part, size, 1, start, hist[1])
            hist[0, :] += hist[1, :]
        _add_topped(counts, part, size, 0, start, hist[0])
        total += hist[0, :]
    counts[0, :] = total
    return counts


@njit(cache=True, nogil=True, inline="always")
def _held(mask: int) -> int:
    """How many cards a hold mask keeps."""
    return (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1) + (mask >> 4 & 1)


@njit(cache=True, nogil=True, inline="always")
def _hold_counts(cards: np.ndarray, own_class: int, counts: np.ndarray, binom: np.ndarray, start: np.ndarray,
                 pays: np.ndarray, draw_scale: np.ndarray, final: np.ndarray, ev: np.ndarray, m2: np.ndarray) -> None:
    """Final hands of each pay class for the 32 holds of one hand, with their exact scores.

    ``cards`` are the five ids sorted ascending; bit i of a hold mask holds ``cards[i]``.
    Fills ``final[mask, f]``, ``ev[mask]`` (total pay times ``draw_scale[cards held]``, the EV
    over DRAW_LCM) and ``m2[mask]`` (the same for the square of the pay, for the variance).
    """
    for s in range(31):
        row = np.uint64(0)
        j = np.uint64(1)
        for i in range(5):
            if s >> i & 1:
                row += binom[cards[i], j]
                j += ONE
        row += start[j - ONE]
        for f in range(N_FINAL):
            final[s, f] = counts[row, f]
    final[31, :] = 0
    final[31, own_class] = 1
    # Moebius transform over supersets: take off the hands that contain a discarded card.
    for i in range(5):
        bit = 1 << i
        for s in range(32):
            if not s & bit:
                for f in range(N_FINAL):
                    final[s, f] -= final[s | bit, f]
    for s in range(32):
        pay = np.int64(0)
        square = np.int64(0)
        for f in range(N_FINAL):
            pay += final[s, f] * pays[f]
            square += final[s, f] * pays[f] * pays[f]
        ev[s] = pay * draw_scale[_held(s)]
        m2[s] = square * draw_scale[_held(s)]


@njit(cache=True, nogil=True, inline="always")
def _better(ev_a: int, m2_a: int, held_a: int, key_a: int, ev_b: int, m2_b: int, held_b: int, key_b: int) -> bool:
    """Whether hold a ranks before hold b: higher EV; then lower variance (with equal EVs, the
    lower second moment); then more cards held; then the lower position mask ``key``."""
    if ev_a != ev_b:
        return ev_a > ev_b
    if m2_a != m2_b:
        return m2_a < m2_b
    if held_a != held_b:
        return held_a > held_b
    return key_a < key_b


@njit(cache=True, nogil=True)
def hold_table(hand: np.ndarray, card_key: np.ndarray, card_mask: np.ndarray, rank: np.ndarray,
               offsets: np.ndarray, flush: np.ndarray, pay_class: np.ndarray, counts: np.ndarray,
               binom: np.ndarray, start: np.ndarray, pays: np.ndarray,
               draw_scale: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 32 holds of one dealt hand, by position mask (bit i holds ``hand[i]``).

    Returns ``final`` (32, N_FINAL) counts of final hands, ``ev`` (32,) EV numerators over
    DRAW_LCM, and ``order`` (32,): the masks best first, as :func:`_better` ranks them.
    """
    position = np.argsort(hand)
    cards = np.empty(5, dtype=np.uint64)
    key = KEY_START
    mask = np.uint64(0)
    for i in range(5):
        cards[i] = np.uint64(hand[position[i]])
        key += card_key[cards[i]]
        mask |= card_mask[cards[i]]
    own = pay_class[strength_of_key(key, mask, rank, offsets, flush)]
    by_sorted = np.empty((32, N_FINAL), dtype=np.int64)
    ev_sorted = np.empty(32, dtype=np.int64)
    m2_sorted = np.empty(32, dtype=np.int64)
    _hold_counts(cards, own, counts, binom, start, pays, draw_scale, by_sorted, ev_sorted, m2_sorted)
    final = np.empty((32, N_FINAL), dtype=np.int64)
    ev = np.empty(32, dtype=np.int64)
    m2 = np.empty(32, dtype=np.int64)
    held = np.empty(32, dtype=np.int64)
    for s in range(32):
        dealt = 0
        for i in range(5):
            if s >> i & 1:
                dealt |= 1 << position[i]
        final[dealt, :] = by_sorted[s, :]
        ev[dealt] = ev_sorted[s]
        m2[dealt] = m2_sorted[s]
        held[dealt] = _held(s)
    order = np.arange(32)
    for i in range(1, 32):  # insertion sort: 32 items
        m = order[i]
        j = i
        while j > 0 and _better(ev[m], m2[m], held[m], m, ev[order[j - 1]], m2[order[j - 1]],
                                held[order[j - 1]], order[j - 1]):
            order[j] = order[j - 1]
            j -= 1
        order[j] = m
    return final, ev, order


@njit(cache=True, nogil=True)
def play_all_hands(first: int, stop: int, card_key: np.ndarray, card_mask: np.ndarray, rank: np.ndarray,
                   offsets: np.ndarray, flush: np.ndarray, pay_class: np.ndarray, counts: np.ndarray,
                   binom: np.ndarray, start: np.ndarray, pays: np.ndarray,
                   draw_scale: np.ndarray) -> tuple[np.ndarray, int, int]:
    """Optimal play of every dealt hand whose lowest card is in ``first..stop - 1``.

    Only one hand per class of suit permutations is played: the one whose suits, ordered
    clubs to spades, hold non-increasing 13-bit rank masks; it stands for the ``24 / (ways to
    permute equal masks)`` hands of its class. Returns the final hands of each pay class,
    weighted by the dealt hands that reach them (numerators over ``DRAW_LCM``), and how many
    hands were played and stood for.
    """
    final_total = np.zeros(N_FINAL, dtype=np.int64)
    cards = np.empty(5, dtype=np.uint64)
    final = np.empty((32, N_FINAL), dtype=np.int64)
    ev = np.empty(32, dtype=np.int64)
    m2 = np.empty(32, dtype=np.int64)
    played = 0
    dealt = 0
    for a in range(np.uint64(first), np.uint64(stop)):
        for b in range(a + ONE, np.uint64(49)):
            for c in range(b + ONE, np.uint64(50)):
                for d in range(c + ONE, np.uint64(51)):
                    for e in range(d + ONE, np.uint64(52)):
                        mask = card_mask[a] | card_mask[b] | card_mask[c] | card_mask[d] | card_mask[e]
                        s0 = mask & _SUIT_FIELD
                        s1 = mask >> np.uint64(16) & _SUIT_FIELD
                        s2 = mask >> np.uint64(32) & _SUIT_FIELD
                        s3 = mask >> np.uint64(48)
                        if s0 < s1 or s1 < s2 or s2 < s3:
                            continue
                        # Permuting suits within a run of equal masks gives the same hand: the
                        # class has 24 / (product of the runs' factorials) hands.
                        run = 2 if s0 == s1 else 1
                        fixing = run
                        run = run + 1 if s1 == s2 else 1
                        fixing *= run
                        run = run + 1 if s2 == s3 else 1
                        fixing *= run
                        weight = 24 // fixing
                        key = KEY_START + card_key[a] + card_key[b] + card_key[c] + card_key[d] + card_key[e]
                        own = pay_class[strength_of_key(key, mask, rank, offsets, flush)]
                        cards[0] = a
                        cards[1] = b
                        cards[2] = c
                        cards[3] = d
                        cards[4] = e
                        _hold_counts(cards, own, counts, binom, start, pays, draw_scale, final, ev, m2)
                        best = 31
                        for s in range(31):
                            if _better(ev[s], m2[s], _held(s), s, ev[best], m2[best], _held(best), best):
                                best = s
                        scale = draw_scale[_held(best)]
                        for f in range(N_FINAL):
                            final_total[f] += weight * scale * final[best, f]
                        played += 1
                        dealt += weight
    return final_total, played, dealt
