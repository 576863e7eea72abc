"""pokerlab: poker hand evaluation and odds, fast.

>>> import pokerlab as pl
>>> pl.evaluate("As Ks Qs Js Ts").describe()
'Royal Flush'
"""

from pokerlab.cards import cards_of, format_cards, mask_of, parse_cards
from pokerlab.category import HandCategory
from pokerlab.errors import DuplicateCardError, HandSizeError, InvalidCardError, PokerlabError
from pokerlab.evaluate import HandRank, best_five, evaluate, evaluate_many, winners

__all__ = [
    "DuplicateCardError",
    "HandCategory",
    "HandRank",
    "HandSizeError",
    "InvalidCardError",
    "PokerlabError",
    "best_five",
    "cards_of",
    "evaluate",
    "evaluate_many",
    "format_cards",
    "mask_of",
    "parse_cards",
    "winners",
]
