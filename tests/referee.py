"""An independent, obviously-right referee: best of all five-card subsets.

It shares no code with pokerlab's tables. A five-card hand's value packs the category in
the top nibble and the ranks that decide ties below it, most significant first, so plain
integer comparison orders hands. Compiled with Numba only so the exhaustive checks finish
in seconds; the logic is the textbook one.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def five_card_value(c0, c1, c2, c3, c4):
    cards = (c0, c1, c2, c3, c4)
    counts = np.zeros(13, dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    for c in cards:
        counts[c // 4] += 1
        suits[c % 4] += 1
    flush = suits.max() == 5
    # ranks ordered by (count, rank), descending: the tie-break order of every category
    order = np.empty(5, dtype=np.int64)
    k = 0
    for count in range(4, 0, -1):
        for r in range(12, -1, -1):
            if counts[r] == count:
                for _ in range(count):
                    order[k] = r
                    k += 1
    distinct = 0
    for r in range(13):
        if counts[r] > 0:
            distinct += 1
    straight_top = -1
    if distinct == 5:
        if order[0] - order[4] == 4:
            straight_top = order[0]
        elif order[0] == 12 and order[1] == 3:  # A-5-4-3-2
            straight_top = 3
    if straight_top >= 0 and flush:
        category = 8
    elif counts.max() == 4:
        category = 7
    elif counts.max() == 3 and distinct == 2:
        category = 6
    elif flush:
        category = 5
    elif straight_top >= 0:
        category = 4
    elif counts.max() == 3:
        category = 3
    elif distinct == 3:
        category = 2
    elif distinct == 4:
        category = 1
    else:
        category = 0
    value = category
    if straight_top >= 0:
        return value << 20 | straight_top << 16
    for i in range(5):
        value = value << 4 | order[i]
    return value


@njit(cache=True)
def best_value(hand):
    best = 0
    n = hand.shape[0]
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    for e in range(d + 1, n):
                        v = five_card_value(hand[a], hand[b], hand[c], hand[d], hand[e])
                        if v > best:
                            best = v
    return best


@njit(cache=True)
def best_values(hands):
    out = np.empty(hands.shape[0], dtype=np.int64)
    for i in range(hands.shape[0]):
        out[i] = best_value(hands[i])
    return out
