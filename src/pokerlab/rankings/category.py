"""Hand categories and where each one sits on the strength scale.

Strength runs 1..7462, higher wins; each category owns one contiguous block of it.

>>> HandCategory.of(7462).name
'STRAIGHT_FLUSH'
>>> HandCategory.FLUSH.label
'Flush'
"""

from __future__ import annotations

import functools
from enum import IntEnum

import numpy as np

CLASSES_PER_CATEGORY = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
"""Distinct hand classes in each category, weakest category first (Cactus Kev's counts)."""

STRENGTH_COUNT = sum(CLASSES_PER_CATEGORY)
"""7462: the number of equivalence classes of five-card hands."""


def _category_floors() -> tuple[int, ...]:
    floors, total = [], 0
    for count in CLASSES_PER_CATEGORY:
        floors.append(total + 1)
        total += count
    return tuple(floors)


CATEGORY_FLOORS = _category_floors()
"""The weakest strength of each category: 1 for high card .. 7453 for straight flush."""


class HandCategory(IntEnum):
    """The nine kinds of poker hand, weakest first.

    >>> HandCategory.FLUSH > HandCategory.STRAIGHT, HandCategory(1).label
    (True, 'Pair')
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The category as people write it: 'Two Pair', 'Straight Flush'."""
        return self.name.replace("_", " ").title().replace(" A ", " a ").replace(" Of ", " of ")

    @classmethod
    def of(cls, strength: int) -> HandCategory:
        """The category of a strength in 1..7462.

        >>> HandCategory.of(1)
        <HandCategory.HIGH_CARD: 0>
        """
        for category in reversed(cls):
            if strength >= CATEGORY_FLOORS[category]:
                return category
        raise ValueError(f"strength {strength} is outside 1..{STRENGTH_COUNT}")


@functools.cache
def category_of_strength() -> np.ndarray:
    """The category (0..8) of each strength 1..7462, at its index (index 0 unused), for the
    kernels, which count showdowns by category.

    >>> int(category_of_strength()[7462]), len(category_of_strength())
    (8, 7463)
    """
    table = np.array([0] + [HandCategory.of(s) for s in range(1, STRENGTH_COUNT + 1)], dtype=np.int64)
    table.setflags(write=False)
    return table
