"""Preflop table kernels: every starting hand against one random hand, and batches of
heads-up matchups.

Against one random hand the work goes board by board, not matchup by matchup. A board leaves
47 cards, so C(47, 2) = 1,081 hole pairs; each pair's seven-card strength is evaluated once,
and the pairs are sorted by strength. A pair then beats every pair below it and ties every
pair level with it, except the pairs that share one of its cards: those are counted per card
while walking up the sorted list, and subtracted (inclusion-exclusion: the one pair holding
both cards is the hero itself). That is 1,081 evaluations per board for 1,081 x 990
showdowns. Boards are taken up to suit relabelling: 134,459 classes instead of 2,598,960,
each weighted by its class size, which is exact because a starting-hand class is itself
unchanged by relabelling suits.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from pokerlab.cards.dealing import fill_deck
from pokerlab.equity.engines.holdem_kernels import preflop_exact
from pokerlab.equity.pots import CELLS
from pokerlab.rankings.lookup import KEY_START, ONE, strength_of_key

N_CLASSES = 169
_PAIRS = 1081  # C(47, 2): hole pairs left by a five-card board
_PAIR_BITS = np.uint64(11)  # a pair's index fits 11 bits below its strength in a sort key
_PAIR_FIELD = np.uint64((1 << 11) - 1)
_BOARD_CLASSES = 134_459  # five-card boards up to suit relabelling (a known count, checked by the tests)


@njit(cache=True, nogil=True)
def canonical_boards() -> tuple[np.ndarray, np.ndarray]:
    """Every five-card board up to suit relabelling, with how many boards each stands for.

    A board's suits are its four 13-bit rank masks; relabelling suits permutes them, so the
    boards whose masks are in descending order are one per class. The class size is
    4! divided by the ways to permute equal masks among themselves. Returns (B, 5) uint8 card
    ids and (B,) int64 weights summing to 2,598,960.
    """
    factorial = np.array([1, 1, 2, 6, 24], dtype=np.int64)
    boards = np.empty((_BOARD_CLASSES, 5), dtype=np.uint8)
    weights = np.empty(_BOARD_CLASSES, dtype=np.int64)
    masks = np.zeros(4, dtype=np.int64)
    n = 0
    for a in range(48):
        for b in range(a + 1, 49):
            for c in range(b + 1, 50):
                for d in range(c + 1, 51):
                    for e in range(d + 1, 52):
                        masks[:] = 0
                        for card in (a, b, c, d, e):
                            masks[card & 3] |= 1 << (card >> 2)
                        if masks[0] < masks[1] or masks[1] < masks[2] or masks[2] < masks[3]:
                            continue
                        stabiliser = 1
                        run = 1
                        for s in range(1, 4):
                            if masks[s] == masks[s - 1]:
                                run += 1
                            else:
                                stabiliser *= factorial[run]
                                run = 1
                        stabiliser *= factorial[run]
                        boards[n, 0] = a
                        boards[n, 1] = b
                        boards[n, 2] = c
                        boards[n, 3] = d
                        boards[n, 4] = e
                        weights[n] = 24 // stabiliser
                        n += 1
    return boards[:n], weights[:n]


@njit(cache=True, nogil=True, parallel=True)
def versus_random(boards: np.ndarray, weights: np.ndarray, class_of: np.ndarray, card_key: np.ndarray,
                  card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray) -> np.ndarray:
    """Wins and ties of each starting-hand class against one random hand over some boards.

    ``boards`` (B, 5) uint8 and ``weights`` (B,) come from :func:`canonical_boards`;
    ``class_of[a * 52 + b]`` (a < b) is the class of a hole pair. Returns (169, 2) int64:
    per class, weighted showdowns won and tied (the rest of combos x boards x 990 are lost).
    The boards are split into equal blocks, one set of counters each, summed at the end.
    """
    n_boards = boards.shape[0]
    n_blocks = max(1, min(n_boards, 64))
    totals = np.zeros((n_blocks, N_CLASSES, 2), dtype=np.int64)
    for block in prange(n_blocks):
        first = np.empty(_PAIRS, dtype=np.uint64)  # pair index -> its two positions in `rest`
        second = np.empty(_PAIRS, dtype=np.uint64)
        k = 0
        for i in range(47):
            for j in range(i + 1, 47):
                first[k] = i
                second[k] = j
                k += 1
        keys = np.empty(_PAIRS, dtype=np.uint64)
        rest = np.empty(47, dtype=np.uint64)
        below = np.zeros(52, dtype=np.int64)  # pairs already passed that hold each card
        level = np.zeros(52, dtype=np.int64)  # pairs of the current strength that hold each card
        counts = totals[block]
        for bi in range(block * n_boards // n_blocks, (block + 1) * n_boards // n_blocks):
            weight = weights[bi]
            board_key = KEY_START
            board_mask = np.uint64(0)
            used = np.uint64(0)
            for j in range(5):
                c = np.uint64(boards[bi, j])
                board_key += card_key[c]
                board_mask |= card_mask[c]
                used |= ONE << c
            fill_deck(used, rest)
            k = 0
            for i in range(47):
                a = rest[i]
                key_a = board_key + card_key[a]
                mask_a = board_mask | card_mask[a]
                for j in range(i + 1, 47):
                    b = rest[j]
                    strength = strength_of_key(key_a + card_key[b], mask_a | card_mask[b], rank, offsets, flush)
                    keys[k] = (np.uint64(strength) << _PAIR_BITS) | np.uint64(k)
                    k += 1
            keys.sort()
            below[:] = 0
            passed = 0
            start = 0
            while start < _PAIRS:
                strength = keys[start] >> _PAIR_BITS
                stop = start + 1
                while stop < _PAIRS and keys[stop] >> _PAIR_BITS == strength:
                    stop += 1
                for t in range(start, stop):
                    p = keys[t] & _PAIR_FIELD
                    level[rest[first[p]]] += 1
                    level[rest[second[p]]] += 1
                size = stop - start
                for t in range(start, stop):
                    p = keys[t] & _PAIR_FIELD
                    a = rest[first[p]]
                    b = rest[second[p]]
                    wins = passed - below[a] - below[b]
                    ties = size - level[a] - level[b] + 1
                    cls = np.uint64(class_of[a * np.uint64(52) + b])
                    counts[cls, 0] += weight * wins
                    counts[cls, 1] += weight * ties
                for t in range(start, stop):
                    p = keys[t] & _PAIR_FIELD
                    a = rest[first[p]]
                    b = rest[second[p]]
                    below[a] += 1
                    below[b] += 1
                    level[a] = 0
                    level[b] = 0
                passed += size
                start = stop
    summed: np.ndarray = totals.sum(axis=0)
    return summed


@njit(cache=True, nogil=True, parallel=True)
def heads_up(holes: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
             category: np.ndarray) -> np.ndarray:
    """Exact preflop showdowns of many heads-up matchups: holes (M, 2, 2) int64 card ids.

    Returns (M, 3) int64: the first hand's wins, ties and losses over the 1,712,304 boards of
    each matchup, by :func:`~pokerlab.equity.engines.holdem_kernels.preflop_exact`. Matchups are split into
    equal blocks, one per thread slot; each call is a millisecond of work.
    """
    n = holes.shape[0]
    out = np.zeros((n, 3), dtype=np.int64)
    n_blocks = max(1, min(n, 64))
    for block in prange(n_blocks):
        acc = np.zeros(2 * CELLS)
        for m in range(block * n // n_blocks, (block + 1) * n // n_blocks):
            acc[:] = 0
            dead = np.uint64(0)
            for i in range(2):
                for j in range(2):
                    dead |= ONE << np.uint64(holes[m, i, j])
            preflop_exact(holes[m], dead, rank, offsets, flush, category, acc, 0, 1)
            for cell in range(81):
                for outcome in range(3):
                    out[m, outcome] += np.int64(acc[cell * 3 + outcome])
    return out
