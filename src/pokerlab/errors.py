"""One exception family for everything pokerlab refuses.

Every error is a :class:`PokerlabError`; the input errors are also ``ValueError`` so that
code written against plain Python conventions keeps working.

>>> import pokerlab as pl
>>> try:
...     pl.parse_cards("Ah Ah")
... except pl.DuplicateCardError as err:
...     print(err)
duplicate card: Ah
"""

from __future__ import annotations


class PokerlabError(Exception):
    """Base class of every error pokerlab raises on purpose."""


class InvalidCardError(PokerlabError, ValueError):
    """A card that is not one of the 52: unknown text, an id outside 0..51, a wrong type."""


class DuplicateCardError(PokerlabError, ValueError):
    """The same card appears twice where every card must be distinct."""


class HandSizeError(PokerlabError, ValueError):
    """A hand with a number of cards the operation cannot take."""


class InvalidRangeError(PokerlabError, ValueError):
    """A hand range that cannot be read, or that holds no combo where one is needed.

    A syntax error sets ``position`` (the 0-based index of the offending text in the range)
    and ``token`` (that text); other range errors leave both ``None``.
    """

    def __init__(self, message: str, *, position: int | None = None, token: str | None = None):
        super().__init__(message)
        self.position = position
        self.token = token
