"""pokerlab's own evaluator (:mod:`pokerlab.rankings.tables`), listed to be compared on the same terms.

Rank weights whose sums over up to seven cards are unique (found greedily, like SpecialK's,
but over hands of any size so one table serves 5, 6 and 7 cards), mixed by a multiply and
placed by a displacement perfect hash into about 82,000 uint16 strengths; four suit counters
ride above the rank sum, and a flush reads an 8,192-entry table by the flush suit's rank
bits. One addition per card, one or two loads per hand. Tables: 0.2 MiB.

Native value: the strength itself.

>>> evaluate("As Ks Qs Js Ts 2c 3d")
7462
"""

from __future__ import annotations

import numpy as np

from pokerlab.algorithms.interface import check_rows, hand_ids
from pokerlab.cards.notation import CardsLike
from pokerlab.games.evaluate import evaluate as evaluate_hand
from pokerlab.games.evaluate import evaluate_many as evaluate_rows
from pokerlab.rankings.tables import Tables, build_tables, load_tables

CARD_COUNTS = (5, 6, 7)
__all__ = ["CARD_COUNTS", "build_tables", "evaluate", "evaluate_many", "evaluate_native", "tables"]


def tables() -> Tables:
    """The shipped tables."""
    return load_tables()


def evaluate_native(cards: CardsLike) -> int:
    """The strength: :func:`pokerlab.games.evaluate` as a plain int."""
    return int(evaluate_hand(hand_ids(cards, CARD_COUNTS)))


def evaluate(cards: CardsLike) -> int:
    """Strength 1..7462 (higher wins)."""
    return evaluate_native(cards)


def evaluate_many(hands: np.ndarray) -> np.ndarray:
    """Strengths (uint16) of the rows of an (N, 5..7) array of valid card ids, compiled."""
    return evaluate_rows(check_rows(hands, CARD_COUNTS), validate=False)
