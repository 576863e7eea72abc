"""The tables the video poker kernels read, built once per process (about a quarter second).

>>> t = draw_tables()
>>> int(t.counts[0].sum())  # the empty hold: every five-card hand
2598960
>>> int(t.counts[0, FinalHand.ROYAL_FLUSH.index]), int(t.counts[0, FinalHand.JACKS_OR_BETTER.index])
(4, 337920)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from math import comb

import numpy as np

from pokerlab.category import HandCategory
from pokerlab.kernels import videopoker as kernel
from pokerlab.tables import Tables, class_values, load_tables
from pokerlab.videopoker.paytable import FinalHand

JACK = 9
ACE = 12
_BY_CATEGORY = {
    HandCategory.TWO_PAIR: FinalHand.TWO_PAIR,
    HandCategory.THREE_OF_A_KIND: FinalHand.THREE_OF_A_KIND,
    HandCategory.STRAIGHT: FinalHand.STRAIGHT,
    HandCategory.FLUSH: FinalHand.FLUSH,
    HandCategory.FULL_HOUSE: FinalHand.FULL_HOUSE,
    HandCategory.FOUR_OF_A_KIND: FinalHand.FOUR_OF_A_KIND,
}


def final_hand_of_class(category: HandCategory, ranks: tuple[int, ...]) -> FinalHand:
    """The Jacks or Better pay class of a five-card hand class (category, ranks by significance).

    >>> final_hand_of_class(HandCategory.PAIR, (9, 12, 5, 0)), final_hand_of_class(HandCategory.PAIR, (8, 12, 5, 0))
    (<FinalHand.JACKS_OR_BETTER: 'jacks_or_better'>, <FinalHand.NOTHING: 'nothing'>)
    """
    if category == HandCategory.STRAIGHT_FLUSH:
        return FinalHand.ROYAL_FLUSH if ranks[0] == ACE else FinalHand.STRAIGHT_FLUSH
    if category == HandCategory.PAIR:
        return FinalHand.JACKS_OR_BETTER if ranks[0] >= JACK else FinalHand.NOTHING
    return _BY_CATEGORY.get(category, FinalHand.NOTHING)


@dataclass(frozen=True)
class DrawTables:
    """Everything the video poker kernels look up, besides the evaluator's tables.

    - ``pay_class``: uint8 final-hand index of each strength 0..7462;
    - ``binom``: uint64 (52, 6) binomial coefficients C(n, k);
    - ``start``: uint64 first row of each subset size (:data:`kernel.SUBSET_START`);
    - ``draw_scale``: int64 DRAW_LCM / C(47, 5 - held) for 0..5 cards held;
    - ``counts``: int32 (294204, 10) five-card hands of each final hand containing each subset
      of at most four cards.
    """

    evaluator: Tables
    pay_class: np.ndarray
    binom: np.ndarray
    start: np.ndarray
    draw_scale: np.ndarray
    counts: np.ndarray


@functools.cache
def draw_tables() -> DrawTables:
    """The video poker tables, built on first use."""
    evaluator = load_tables()
    pay_class = np.zeros(len(class_values()) + 1, dtype=np.uint8)
    for strength, (category, ranks) in enumerate(class_values(), start=1):
        pay_class[strength] = final_hand_of_class(HandCategory(category), ranks).index
    binom = np.array([[comb(n, k) for k in range(6)] for n in range(52)], dtype=np.uint64)
    start = np.array(kernel.SUBSET_START, dtype=np.uint64)
    draw_scale = np.array([kernel.DRAW_LCM // comb(47, 5 - held) for held in range(6)], dtype=np.int64)
    counts = kernel.subset_counts(evaluator.card_key, evaluator.card_mask, evaluator.rank,
                                  evaluator.offsets, evaluator.flush, pay_class, binom, start)
    for array in (pay_class, binom, start, draw_scale, counts):
        array.setflags(write=False)
    return DrawTables(evaluator, pay_class, binom, start, draw_scale, counts)
