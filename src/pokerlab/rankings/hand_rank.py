"""A hold'em hand's rank as an int with names attached, and hand classes in words.

>>> HandRank(7462), HandRank(1).describe()
(HandRank(7462, 'Royal Flush'), 'High Card, Seven-Five-Four-Trey-Deuce')
"""

from __future__ import annotations

import functools

from pokerlab.cards.notation import RANK_NAMES, RANK_PLURALS
from pokerlab.checks import check_int
from pokerlab.rankings.category import STRENGTH_COUNT, HandCategory
from pokerlab.rankings.tables import Value, class_values


class HandRank(int):
    """A hand's strength, 1..7462, higher wins; an ``int`` with names attached.

    >>> HandRank(7452).describe()
    'Four Aces with a King kicker'
    >>> HandRank(7452).kev_class
    11
    """

    __slots__ = ()

    def __new__(cls, strength: int) -> HandRank:
        return super().__new__(cls, check_int("strength", strength, low=1, high=STRENGTH_COUNT))

    @property
    def strength(self) -> int:
        """The strength as a plain int (7462 = royal flush)."""
        return int(self)

    @property
    def kev_class(self) -> int:
        """Cactus Kev's equivalence class: 1 = royal flush .. 7462 = 7-5-4-3-2."""
        return STRENGTH_COUNT + 1 - int(self)

    @property
    def category(self) -> HandCategory:
        """The kind of hand: pair, flush, ..."""
        return HandCategory(class_values()[int(self) - 1][0])

    def describe(self) -> str:
        """The hand in words, naming the kickers that matter."""
        return _description(int(self))

    def __repr__(self) -> str:
        return f"HandRank({int(self)}, {self.describe()!r})"

    def to_dict(self) -> dict[str, object]:
        """The hand as plain JSON-ready values."""
        return {"strength": int(self), "kev_class": self.kev_class,
                "category": self.category.name, "description": self.describe()}


def _a(name: str) -> str:
    """A rank's name with its article: 'a King', 'an Ace', 'an Eight'."""
    return ("an " if name[0] in "AEIOU" else "a ") + name


@functools.cache
def _description(strength: int) -> str:
    return describe_value(class_values()[strength - 1])


def describe_value(value: Value) -> str:
    """A hand class, (category, ranks in order of significance), in words.

    >>> describe_value((HandCategory.STRAIGHT, (7,)))
    'Straight, Nine High'
    """
    category, ranks = value
    names = [RANK_NAMES[r] for r in ranks]
    plural = [RANK_PLURALS[r] for r in ranks]
    if category == HandCategory.STRAIGHT_FLUSH:
        return "Royal Flush" if ranks[0] == 12 else f"Straight Flush, {names[0]} High"
    if category == HandCategory.FOUR_OF_A_KIND:
        return f"Four {plural[0]} with {_a(names[1])} kicker"
    if category == HandCategory.FULL_HOUSE:
        return f"Full House, {plural[0]} full of {plural[1]}"
    if category == HandCategory.FLUSH:
        return "Flush, " + "-".join(names)
    if category == HandCategory.STRAIGHT:
        return f"Straight, {names[0]} High"
    if category == HandCategory.THREE_OF_A_KIND:
        return f"Three {plural[0]} with {'-'.join(names[1:])} kickers"
    if category == HandCategory.TWO_PAIR:
        return f"Two Pair, {plural[0]} and {plural[1]} with {_a(names[2])} kicker"
    if category == HandCategory.PAIR:
        return f"Pair of {plural[0]} with {'-'.join(names[1:])} kickers"
    return "High Card, " + "-".join(names)
