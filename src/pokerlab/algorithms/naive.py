"""The referee: try every five-card subset, name its category, keep the best.

No lookup tables. A five-card hand's value packs its category (0 high card .. 8 straight
flush) above five rank nibbles in tie-break order, so that plain integer comparison
orders hands: ranks sorted by how often they occur, then by rank, both descending (the
trips of a full house before its pair, a pair before its kickers). A straight keeps only
its top card, and the wheel A-5-4-3-2 tops at the five. Six or seven cards take the best of
their 6 or 21 subsets. It is slow and obviously right, which is the point.

Native value: ``category << 20 | nibbles``, higher wins. Strength: the position of that
value among the native values of the 7,462 classes, plus one; that sorted array (7,462
uint64, 58 KiB) is built by evaluating one hand of each class.

>>> hex(evaluate_native("Kh Kd 7s 7c 7d"))
'0x6555bb'
>>> evaluate("Kh Kd 7s 7c 7d 2s Ah")
7211
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import Counter
from collections.abc import Sequence

import numpy as np

from pokerlab.algorithms import kernels as compiled
from pokerlab.algorithms.interface import TableSet, check_rows, hand_ids, sorted_natives
from pokerlab.cards.notation import CardsLike
from pokerlab.rankings.category import HandCategory

CARD_COUNTS = (5, 6, 7)


@dataclasses.dataclass(frozen=True)
class NaiveTables(TableSet):
    """``natives``: the native value of each class, weakest first (uint64)."""

    natives: np.ndarray


def five_card_value(hand: Sequence[int]) -> int:
    """The packed value of exactly five card ids.

    >>> hex(five_card_value((12, 13, 14, 15, 51)))  # four fives, ace kicker
    '0x73333c'
    """
    counts = Counter(c >> 2 for c in hand)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c & 3 for c in hand}) == 1
    top = None
    if len(order) == 5 and order[0] - order[4] == 4:
        top = order[0]
    elif order == [12, 3, 2, 1, 0]:
        top = 3
    if top is not None:
        category = HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT
        return category << 20 | top << 16
    if shape[0] == 4:
        category = HandCategory.FOUR_OF_A_KIND
    elif shape[:2] == [3, 2]:
        category = HandCategory.FULL_HOUSE
    elif flush:
        category = HandCategory.FLUSH
    elif shape[0] == 3:
        category = HandCategory.THREE_OF_A_KIND
    elif shape[:2] == [2, 2]:
        category = HandCategory.TWO_PAIR
    elif shape[0] == 2:
        category = HandCategory.PAIR
    else:
        category = HandCategory.HIGH_CARD
    value = int(category)
    for rank in (r for r in order for _ in range(counts[r])):
        value = value << 4 | rank
    return value


def best_value(ids: Sequence[int]) -> int:
    """The best packed value over every five-card subset."""
    return max(five_card_value(five) for five in itertools.combinations(ids, 5))


def build_tables() -> NaiveTables:
    """Evaluate one hand of each class and sort the values."""
    return NaiveTables(sorted_natives(best_value))


tables = functools.cache(build_tables)
"""The tables, built once per process."""


def evaluate_native(cards: CardsLike) -> int:
    """The packed value (``category << 20 | rank nibbles``) of the best five cards."""
    return best_value(hand_ids(cards, CARD_COUNTS))


def evaluate(cards: CardsLike) -> int:
    """Strength 1..7462 (higher wins)."""
    return int(np.searchsorted(tables().natives, evaluate_native(cards))) + 1


def evaluate_many(hands: np.ndarray) -> np.ndarray:
    """Strengths (uint16) of the rows of an (N, 5..7) array of valid card ids, compiled."""
    values: np.ndarray = compiled.naive_rows(check_rows(hands, CARD_COUNTS), tables().natives)
    return values
