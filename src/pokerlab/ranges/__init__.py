"""Ranges of hands in every game: hold'em's PokerStove syntax (:mod:`~pokerlab.ranges.holdem`)
and Omaha's patterns, with the one reader of players for every game
(:mod:`~pokerlab.ranges.patterns`), and the order of starting hands that ``top N%`` reads in
each two-card game (:mod:`~pokerlab.ranges.orders`).

>>> from pokerlab.ranges import Range
>>> len(Range("QQ+,AKs"))
22
"""

from pokerlab.ranges.holdem import STARTING_HANDS, Range, starting_hand

__all__ = ["STARTING_HANDS", "Range", "starting_hand"]
