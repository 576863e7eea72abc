"""pokerlab: poker hand evaluation and odds, fast.

>>> import pokerlab as pl
>>> pl.evaluate("As Ks Qs Js Ts").describe()
'Royal Flush'
"""

from pokerlab.cards import cards_of, format_cards, mask_of, parse_cards
from pokerlab.category import HandCategory
from pokerlab.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    InvalidRangeError,
    PokerlabError,
)
from pokerlab.evaluate import HandRank, best_five, evaluate, evaluate_many, winners
from pokerlab.iterate import count_hands, hands, random_hands
from pokerlab.ranges import STARTING_HANDS, Range, starting_hand

__all__ = [
    "DuplicateCardError",
    "HandCategory",
    "HandRank",
    "HandSizeError",
    "InvalidCardError",
    "InvalidRangeError",
    "PokerlabError",
    "Range",
    "STARTING_HANDS",
    "best_five",
    "cards_of",
    "count_hands",
    "evaluate",
    "evaluate_many",
    "format_cards",
    "hands",
    "mask_of",
    "parse_cards",
    "random_hands",
    "starting_hand",
    "winners",
]
