"""Recurrence-relation keys (seed 004), and the bit-math five-card categoriser.

Seven-card hands: give rank n the key T(n) and sum the keys of the cards. For the sum to
identify the rank multiset, T(n) must exceed the largest sum of seven cards below rank n,
four of rank n - 1 and three of rank n - 2: T(n) = 4 T(n-1) + 3 T(n-2) + 1. The article's
improvements: T(deuce) = 0 (the number of deuces is then what is left of the seven
cards), and the keys come from a 13-entry table rather than solving the recurrence. The
ace's key is 24,342,288 and the largest sum, four aces and three kings, 113,088,216, so the
sum indexes a table of 113,088,217 uint16 strengths directly: 216 MiB, by far the biggest
table here (most of it never read). Flushes: four 13-bit suit masks, each indexing an
8,192-entry table that is 0 below five cards; a flush rules out the better hands, so a
non-zero flush entry is the answer.

Five-card category by bit math (:func:`category_of_five`): each rank gets a nibble that
goes 0, 1, 3, 7, 15 as its cards arrive; as 16 = 1 (mod 15), the 52-bit sum modulo 15 adds
2**count - 1 over ranks, which is 5, 6, 7, 9, 10 or 16 for high card, pair, two pair,
trips, full house, quads. Minus 3 for a straight (else 1), minus 1 for a flush: ten residues,
one per category. It gives the category only, no tie-break.

Native value: the strength itself (the table is ours and holds strengths).

>>> recurrence_keys()[-1]
24342288
>>> evaluate("As Ks Qs Js Ts 2c 3d"), category_of_five("Ah Ad Ac 7s 7d").label
(7462, 'Full House')
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np

from pokerlab.algorithms import kernels as compiled
from pokerlab.algorithms.interface import TableSet, check_rows, flush_strengths, hand_ids
from pokerlab.cards.notation import CardsLike
from pokerlab.rankings.category import HandCategory
from pokerlab.rankings.tables import best_value_of_counts, rank_multisets, strength_of_value

CARD_COUNTS = (7,)
WHEEL = 0x100F
CATEGORY_OF_RESIDUE = (HandCategory.FOUR_OF_A_KIND, HandCategory.STRAIGHT_FLUSH, HandCategory.STRAIGHT,
                       HandCategory.FLUSH, HandCategory.HIGH_CARD, HandCategory.PAIR, HandCategory.TWO_PAIR,
                       HandCategory.HIGH_CARD, HandCategory.THREE_OF_A_KIND, HandCategory.FULL_HOUSE)
"""Residue -> category. Residue 7 never occurs: the article's code moves the royal flush there."""


def recurrence_keys() -> tuple[int, ...]:
    """T(deuce) .. T(ace): T = 0, 1, then T(n) = 4 T(n-1) + 3 T(n-2) + 1.

    >>> recurrence_keys()[:5]
    (0, 1, 5, 24, 112)
    """
    keys = [0, 1]
    while len(keys) < 13:
        keys.append(4 * keys[-1] + 3 * keys[-2] + 1)
    return tuple(keys)


KEYS = recurrence_keys()


@dataclasses.dataclass(frozen=True)
class RecurrenceTables(TableSet):
    """``rank`` (113,088,217 uint16 strengths by key sum), ``flush`` (8,192 uint16 by a suit's
    rank bits, 0 below five), ``card_key`` (52 uint32) and ``card_mask`` (52 uint64, bit
    16 * suit + rank)."""

    rank: np.ndarray
    flush: np.ndarray
    card_key: np.ndarray
    card_mask: np.ndarray


def build_tables() -> RecurrenceTables:
    """Generate every table from the reference evaluator."""
    strength = strength_of_value()
    rank = np.zeros(4 * KEYS[12] + 3 * KEYS[11] + 1, dtype=np.uint16)
    for counts in rank_multisets(7):
        rank[sum(c * k for c, k in zip(counts, KEYS))] = strength[best_value_of_counts(counts)]
    flush = flush_strengths()
    card_key = np.array([KEYS[c >> 2] for c in range(52)], dtype=np.uint32)
    card_mask = np.array([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.uint64)
    return RecurrenceTables(rank, flush, card_key, card_mask)


tables = functools.cache(build_tables)
"""The tables, built once per process."""


def evaluate_native(cards: CardsLike) -> int:
    """The strength, read from the recurrence-key tables."""
    ids = hand_ids(cards, CARD_COUNTS)
    t = tables()
    suits = [0, 0, 0, 0]
    for c in ids:
        suits[c & 3] |= 1 << (c >> 2)
    flush = max(int(t.flush[s]) for s in suits)
    return flush or int(t.rank[sum(KEYS[c >> 2] for c in ids)])


def evaluate(cards: CardsLike) -> int:
    """Strength 1..7462 (higher wins): here the native value itself."""
    return evaluate_native(cards)


def evaluate_many(hands: np.ndarray) -> np.ndarray:
    """Strengths (uint16) of the rows of an (N, 7) array of valid card ids, compiled."""
    rows = check_rows(hands, CARD_COUNTS)  # before the tables, which may take seconds to build
    t = tables()
    values: np.ndarray = compiled.recurrence_rows(rows, t.card_key, t.card_mask, t.rank,
                                                  t.flush)
    return values


def category_of_five(cards: CardsLike) -> HandCategory:
    """The category of exactly five cards, by the ``% 15`` bit math.

    >>> category_of_five("5c 4d 3h 2s Ac").label
    'Straight'
    """
    ids = hand_ids(cards, (5,))
    v = ranks = 0
    for c in ids:
        shift = 4 * (c >> 2)
        v += (v & 15 << shift) + (1 << shift)
        ranks |= 1 << (c >> 2)
    straight = ranks // (ranks & -ranks) == 31 or ranks == WHEEL
    residue = v % 15 - (3 if straight else 1) - (len({c & 3 for c in ids}) == 1)
    return CATEGORY_OF_RESIDUE[residue]


def categories_of_five(hands: np.ndarray) -> np.ndarray:
    """Categories (uint8) of the rows of an (N, 5) array of valid card ids, compiled."""
    residues = np.array(CATEGORY_OF_RESIDUE, dtype=np.uint8)
    values: np.ndarray = compiled.category_rows_5(check_rows(hands, (5,)), residues)
    return values
