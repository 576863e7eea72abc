"""Games as data: hold'em, short deck, Omaha (4, 5 and 6 cards, high and hi/lo) and the
lowball rankings, each a :class:`Game` that the analyses take.

>>> import pokerlab as pl
>>> pl.games.get("omaha").hole_cards
4
>>> pl.games.SHORT_DECK.evaluate("As Ks", "Qs Js 9h 6c 7d") > pl.games.SHORT_DECK.evaluate("6s 6h", "6d Js 9h 6c 7d")
False
"""

from pokerlab.games.catalog import (
    ACE_TO_FIVE,
    DEUCE_TO_SEVEN,
    GAMES,
    HOLDEM,
    HOLDEM_HILO,
    OMAHA,
    OMAHA5,
    OMAHA5_HILO,
    OMAHA6,
    OMAHA6_HILO,
    OMAHA_HILO,
    SHORT_DECK,
    SHORT_DECK_OMAHA,
    SHORT_DECK_TRITON,
    get,
    names,
)
from pokerlab.games.game import EIGHT_OR_BETTER, Game, GameRank

__all__ = [
    "ACE_TO_FIVE",
    "DEUCE_TO_SEVEN",
    "EIGHT_OR_BETTER",
    "GAMES",
    "HOLDEM",
    "HOLDEM_HILO",
    "OMAHA",
    "OMAHA5",
    "OMAHA5_HILO",
    "OMAHA6",
    "OMAHA6_HILO",
    "OMAHA_HILO",
    "SHORT_DECK",
    "SHORT_DECK_OMAHA",
    "SHORT_DECK_TRITON",
    "Game",
    "GameRank",
    "get",
    "names",
]
