"""What every algorithm module shares: hand checking, table sets, class representatives.

Each module in :mod:`pokerlab.algorithms` offers ``CARD_COUNTS``, ``evaluate``,
``evaluate_native``, ``evaluate_many`` and ``tables``/``build_tables``; this module holds the
pieces they have in common, so no module repeats them.

>>> format_cards(class_representatives()[0])
'Kc Ad Ah As Ac'
>>> len(class_representatives())
7462
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable, Sequence

import numpy as np

from pokerlab.cards.notation import CardsLike, format_cards, parse_cards
from pokerlab.errors import HandSizeError, InvalidCardError
from pokerlab.rankings.tables import best_value_of_flush, rank_multisets, strength_of_value

KEV_WORST = 7463
"""Cactus Kev's class plus strength: class = 7463 - strength (class 1 is the royal flush)."""


@dataclasses.dataclass(frozen=True)
class TableSet:
    """Base of each algorithm's tables: a frozen dataclass of NumPy arrays and numbers."""

    @property
    def nbytes(self) -> int:
        """Bytes held by the arrays (the numbers are parameters, not tables)."""
        return sum(getattr(self, f.name).nbytes for f in dataclasses.fields(self)
                   if isinstance(getattr(self, f.name), np.ndarray))


def hand_ids(cards: CardsLike, card_counts: Sequence[int]) -> tuple[int, ...]:
    """Parsed card ids, refused unless the algorithm evaluates that many cards.

    >>> hand_ids("As Ks Qs Js Ts", (7,))
    Traceback (most recent call last):
    ...
    pokerlab.errors.HandSizeError: this algorithm takes 7 cards, got 5: 'As Ks Qs Js Ts'
    """
    ids = parse_cards(cards)
    if len(ids) not in card_counts:
        sizes = " or ".join(map(str, card_counts))
        raise HandSizeError(f"this algorithm takes {sizes} cards, got {len(ids)}: {format_cards(ids)!r}")
    return ids


def check_rows(hands: np.ndarray, card_counts: Sequence[int]) -> np.ndarray:
    """A contiguous uint8 (N, n) array of card ids 0..51, n one of ``card_counts``.

    The ids are checked because the kernels index their tables with them; repeated cards are
    not (that would cost the comparisons more than some of the evaluators take), and give
    an unspecified strength.

    >>> check_rows(np.array([[51, 47, 43, 39, 99]]), (5,))
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidCardError: card ids must be 0..51, got 99
    """
    array = np.asarray(hands)
    if array.dtype.kind not in "iu":
        raise InvalidCardError(f"card ids must be integers, got an array of dtype {array.dtype}")
    if array.ndim != 2 or array.shape[1] not in card_counts:
        raise HandSizeError(f"expected an (N, n) array with n in {tuple(card_counts)}, got shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() > 51):
        bad = array.max() if array.max() > 51 else array.min()
        raise InvalidCardError(f"card ids must be 0..51, got {bad}")
    return np.ascontiguousarray(array, dtype=np.uint8)


@functools.cache
def class_representatives() -> tuple[tuple[int, ...], ...]:
    """One five-card hand of each of the 7,462 classes.

    The 6,175 rank multisets of five cards, each dealt with suits cycling c, d, h, s so
    that no rank repeats a suit and no hand is a flush, then the 1,287 sets of five ranks in
    clubs (the flushes and straight flushes).
    """
    hands = []
    for counts in rank_multisets(5):
        ranks = [r for r in range(13) for _ in range(counts[r])]
        hands.append(tuple(4 * r + i % 4 for i, r in enumerate(ranks)))
    hands += [tuple(4 * r for r in ranks) for ranks in itertools.combinations(range(13), 5)]
    return tuple(hands)


def sorted_natives(native_of: Callable[[Sequence[int]], int]) -> np.ndarray:
    """The native values of the 7,462 classes, ascending, for a native scale where higher wins.

    Strength is then the position in this array plus one (``np.searchsorted``).
    """
    natives = np.unique(np.array([native_of(hand) for hand in class_representatives()], dtype=np.uint64))
    assert len(natives) == KEV_WORST - 1, len(natives)
    return natives


def flush_strengths() -> np.ndarray:
    """Strength of the best hand in each 13-bit rank mask of one suit (uint16, 0 below five cards)."""
    strength = strength_of_value()
    flush = np.zeros(1 << 13, dtype=np.uint16)
    for mask in range(1 << 13):
        if mask.bit_count() >= 5:
            flush[mask] = strength[best_value_of_flush(mask)]
    return flush
