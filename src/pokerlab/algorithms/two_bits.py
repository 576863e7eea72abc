"""Two bits per rank and one lookup (seed 001), with the flaw in its four-of-a-kind argument fixed.

Ignoring suits, a hand is how many cards it holds of each rank. Each card adds
``1 << 2 * rank``, so each rank counts in its own two-bit field of a 26-bit key, and one
lookup in a table of 2**26 entries (uint16, 128 MiB) gives the hand's class. Two bits hold
0..3; the fourth card of a rank carries into the next rank's field (and past the ace, out of
the 26 bits: clipped). Flushes are found first: each card also adds one to its suit's
counter, and a counter reaching five sends the hand to a second pass that gathers the rank
bits of that suit into a 13-bit index of an 8,192-entry flush table (a flush rules out
four of a kind and a full house in seven cards, so nothing better is missed).

The flaw. The article argues that the carry is harmless: a hand with four of a kind has a
digit sum of at most 4 while every other seven-card hand has 7, so the two never share a
key. True, but hands *with* four of a kind share keys among themselves. The carry erases
the quad rank and adds a card one rank up that is indistinguishable from a real one:
2222 + 5 9 K and 4444 + 3 9 K both give the key of {3, 5, 9, K}, yet four fours beat four
deuces. One table entry cannot hold both, and 1,608 keys are ambiguous this way.

The fix costs nothing on the common path: non-quad hands of 5, 6 or 7 cards have digit
sums 5, 6 and 7 and never collide, so the table holds their classes, and every key that
four of a kind can produce (digit sum 4 or less) holds 0. On a 0 (0.17% of seven-card
hands) a second pass counts the ranks with three bits each, where four cannot carry, and
reads the quad rank and the best other rank from a 169-entry table.

Native value: Cactus Kev's class (lower wins), as the article computes; strength = 7463 - class.

>>> from pokerlab.cards.notation import parse_cards
>>> key_of(parse_cards("2c 2d 2h 2s 5c 9d Kh")) == key_of(parse_cards("4c 4d 4h 4s 3c 9d Kh"))
True
>>> evaluate("2c 2d 2h 2s 5c 9d Kh"), evaluate("4c 4d 4h 4s 3c 9d Kh")
(7307, 7331)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

import numpy as np

from pokerlab.algorithms import kernels as compiled
from pokerlab.algorithms.interface import KEV_WORST, TableSet, check_rows, flush_strengths, hand_ids
from pokerlab.cards.notation import CardsLike
from pokerlab.rankings.category import HandCategory
from pokerlab.rankings.tables import (
    FLUSH_BITS,
    SUIT_COUNT_BASE,
    best_value_of_counts,
    rank_multisets,
    strength_of_value,
)

CARD_COUNTS = (5, 6, 7)
KEY_BITS = 26
KEY_MASK = (1 << KEY_BITS) - 1


def key_of(ids: Sequence[int]) -> int:
    """The article's key: two bits per rank, carries included, clipped to 26 bits.

    >>> bin(key_of([0, 4, 5]))  # a deuce and two treys
    '0b1001'
    """
    return sum(1 << 2 * (c >> 2) for c in ids) & KEY_MASK


@dataclasses.dataclass(frozen=True)
class TwoBitsTables(TableSet):
    """``ranks`` (2**26 uint16 classes by key, 0 for keys of four of a kind), ``flush``
    (8,192 uint16 classes by a suit's rank bits), ``quads`` (169 uint16 classes by
    13 * quad rank + kicker) and ``card_key`` (52 uint64: rank field and suit counter)."""

    ranks: np.ndarray
    flush: np.ndarray
    quads: np.ndarray
    card_key: np.ndarray


def build_tables() -> TwoBitsTables:
    """Generate every table from the reference evaluator (about a second)."""
    strength = strength_of_value()
    ranks = np.zeros(1 << KEY_BITS, dtype=np.uint16)
    for n_cards in CARD_COUNTS:
        for counts in rank_multisets(n_cards):
            if max(counts) < 4:
                ranks[sum(c << 2 * r for r, c in enumerate(counts))] = \
                    KEV_WORST - strength[best_value_of_counts(counts)]
    strengths = flush_strengths()
    flush = np.where(strengths > 0, KEV_WORST - strengths, 0).astype(np.uint16)
    quads = np.zeros(169, dtype=np.uint16)
    for quad in range(13):
        for kicker in range(13):
            if kicker != quad:
                quads[13 * quad + kicker] = KEV_WORST - strength[(HandCategory.FOUR_OF_A_KIND, (quad, kicker))]
    card_key = np.array([1 << 2 * (c >> 2) | 1 << (32 + 4 * (c & 3)) for c in range(52)], dtype=np.uint64)
    return TwoBitsTables(ranks, flush, quads, card_key)


tables = functools.cache(build_tables)
"""The tables, built once per process."""


def evaluate_native(cards: CardsLike) -> int:
    """Cactus Kev's class of the best five cards: 1 (royal flush) .. 7462."""
    ids = hand_ids(cards, CARD_COUNTS)
    t = tables()
    suits = sum(1 << 4 * (c & 3) for c in ids) + SUIT_COUNT_BASE & FLUSH_BITS
    if suits:  # the second pass: the rank bits of the flush suit
        suit = (suits.bit_length() - 4) // 4
        return int(t.flush[sum(1 << (c >> 2) for c in ids if c & 3 == suit)])
    value = int(t.ranks[key_of(ids)])
    if value:
        return value
    counts = [0] * 13  # four of a kind: count again, without carries
    for c in ids:
        counts[c >> 2] += 1
    quad = counts.index(4)
    kicker = max(r for r in range(13) if counts[r] and r != quad)
    return int(t.quads[13 * quad + kicker])


def evaluate(cards: CardsLike) -> int:
    """Strength 1..7462 (higher wins)."""
    return KEV_WORST - evaluate_native(cards)


def evaluate_many(hands: np.ndarray) -> np.ndarray:
    """Strengths (uint16) of the rows of an (N, 5..7) array of valid card ids, compiled."""
    rows = check_rows(hands, CARD_COUNTS)  # before the tables, which may take seconds to build
    t = tables()
    classes: np.ndarray = compiled.two_bits_rows(rows, t.card_key, SUIT_COUNT_BASE << 32,
                                     t.ranks, t.flush, t.quads)
    return (KEV_WORST - classes).astype(np.uint16)
