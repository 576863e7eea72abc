"""Cactus Kev's five-card evaluator (seed 000): prime products and a binary search.

Each card is one 32-bit word: bit ``16 + rank`` (13 rank bits), one suit bit in 12..15
(clubs 0x8000 .. spades 0x1000), the rank in 8..11 and the rank's prime in 0..7 (deuce 2,
trey 3, .. ace 41, the first thirteen primes). For five cards:

1. AND the words: a surviving suit bit means one suit, a flush or straight flush, and
   ``flushes[OR >> 16]`` holds its class (7,937 uint16, indexed by the five rank bits);
2. otherwise ``unique5[OR >> 16]`` (7,937 uint16) holds the class if the five ranks are
   distinct (straights and high cards, 1,287 of the 7,462 classes) and 0 if not;
3. otherwise some rank repeats, and the product of the five primes names the rank
   multiset (factorisation is unique, and order does not matter): a binary search over the
   4,888 sorted products (uint32) gives the position of its class in ``values`` (uint16).

Six or seven cards take the best of their 6 or 21 five-card subsets. Tables: 60 KiB.

Native value: Cactus Kev's class, 1 (royal flush) .. 7462 (7-5-4-3-2), lower wins;
strength = 7463 - class.

>>> evaluate_native("Kd Qs Jc Th 9s")
1601
>>> evaluate("As Ks Qs Js Ts 2c 3d")
7462
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import math
from collections.abc import Callable, Sequence

import numpy as np

from pokerlab.algorithms import kernels as compiled
from pokerlab.algorithms.interface import KEV_WORST, TableSet, check_rows, hand_ids
from pokerlab.cards.notation import CardsLike
from pokerlab.rankings.tables import best_value_of_counts, best_value_of_flush, rank_multisets, strength_of_value

CARD_COUNTS = (5, 6, 7)


def first_primes(n: int) -> tuple[int, ...]:
    """The first ``n`` primes, by trial division.

    >>> first_primes(13)
    (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    """
    primes: list[int] = []
    candidate = 2
    while len(primes) < n:
        if all(candidate % p for p in primes):
            primes.append(candidate)
        candidate += 1
    return tuple(primes)


PRIMES = first_primes(13)


def card_word(card: int) -> int:
    """The 32-bit word of a card id.

    >>> f"{card_word(45):032b}"  # the king of diamonds
    '00001000000000000100101100100101'
    """
    rank, suit = card >> 2, card & 3
    return 1 << (16 + rank) | 0x8000 >> suit | rank << 8 | PRIMES[rank]


@dataclasses.dataclass(frozen=True)
class KevTables(TableSet):
    """``card_word`` (52 uint32), ``flushes`` and ``unique5`` (7,937 uint16 classes by rank
    bits), ``products`` (4,888 sorted uint32 prime products) and ``values`` (their classes)."""

    card_word: np.ndarray
    flushes: np.ndarray
    unique5: np.ndarray
    products: np.ndarray
    values: np.ndarray


def build_tables() -> KevTables:
    """Generate every table from the reference evaluator."""
    strength = strength_of_value()
    flushes = np.zeros(0x1F01, dtype=np.uint16)
    unique5 = np.zeros(0x1F01, dtype=np.uint16)
    for ranks in itertools.combinations(range(13), 5):
        bits = sum(1 << r for r in ranks)
        flushes[bits] = KEV_WORST - strength[best_value_of_flush(bits)]
        unique5[bits] = KEV_WORST - strength[best_value_of_counts([int(r in ranks) for r in range(13)])]
    repeated = [(math.prod(p ** c for p, c in zip(PRIMES, counts)), KEV_WORST - strength[best_value_of_counts(counts)])
                for counts in rank_multisets(5) if max(counts) > 1]
    repeated.sort()
    words = np.array([card_word(c) for c in range(52)], dtype=np.uint32)
    return KevTables(words, flushes, unique5, np.array([p for p, _ in repeated], dtype=np.uint32),
                     np.array([v for _, v in repeated], dtype=np.uint16))


tables = functools.cache(build_tables)
"""The tables, built once per process."""


def class_of_five(words: Sequence[int], flushes: Sequence[int], unique5: Sequence[int],
                  class_of_product: Callable[[int], int]) -> int:
    """Steps 1 to 3 for five card words; the last step is passed in (Senzee replaces it)."""
    w0, w1, w2, w3, w4 = words
    bits = (w0 | w1 | w2 | w3 | w4) >> 16
    if w0 & w1 & w2 & w3 & w4 & 0xF000:
        return flushes[bits]
    if unique5[bits]:
        return unique5[bits]
    return class_of_product((w0 & 0xFF) * (w1 & 0xFF) * (w2 & 0xFF) * (w3 & 0xFF) * (w4 & 0xFF))


def best_class(ids: Sequence[int], class_of: Callable[[Sequence[int]], int]) -> int:
    """The lowest class over the five-card subsets of the words of ``ids``."""
    words = [card_word(c) for c in ids]
    return min(map(class_of, itertools.combinations(words, 5)))


@functools.cache
def _lists() -> tuple[list[int], list[int], list[int], list[int]]:
    # Plain lists: indexing a NumPy array from Python costs a scalar object per read.
    t = tables()
    return t.flushes.tolist(), t.unique5.tolist(), t.products.tolist(), t.values.tolist()


def _class_of(words: Sequence[int]) -> int:
    flushes, unique5, products, values = _lists()
    return class_of_five(words, flushes, unique5, lambda p: values[bisect.bisect_left(products, p)])


def evaluate_native(cards: CardsLike) -> int:
    """Cactus Kev's class of the best five cards: 1 (royal flush) .. 7462."""
    return best_class(hand_ids(cards, CARD_COUNTS), _class_of)


def evaluate(cards: CardsLike) -> int:
    """Strength 1..7462 (higher wins)."""
    return KEV_WORST - evaluate_native(cards)


def evaluate_many(hands: np.ndarray) -> np.ndarray:
    """Strengths (uint16) of the rows of an (N, 5..7) array of valid card ids, compiled."""
    rows = check_rows(hands, CARD_COUNTS)  # before the tables, which may take seconds to build
    t = tables()
    empty = np.zeros(1, dtype=np.int32)
    classes: np.ndarray = compiled.cactus_kev_rows(rows, t.card_word, t.flushes, t.unique5,
                                       t.products, t.values, empty, t.values, 0, 0, 0, False)
    return (KEV_WORST - classes).astype(np.uint16)
