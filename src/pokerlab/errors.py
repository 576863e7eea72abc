"""One exception family for everything pokerlab refuses.

Every error is a :class:`PokerlabError`, and every class of them lives here. Input errors
are also ``ValueError`` (and a wrong type also ``TypeError``) so that code written against
plain Python conventions keeps working.

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


class InvalidArgumentError(PokerlabError, ValueError, TypeError):
    """An argument of the wrong type or outside its allowed values; the message names both."""


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


class PlayerCountError(PokerlabError, ValueError):
    """Fewer than two players, more than ten, or more than the deck can deal."""


class ExactTooLargeError(PokerlabError, ValueError):
    """An exact enumeration that would not finish in reasonable time."""


class VideoPokerError(PokerlabError, ValueError):
    """Bad input to the video poker analyses: a coin count, a hold, a pay table."""


class PaytableError(VideoPokerError):
    """A pay table with a missing or unknown line, a bad pay, or a file that does not parse."""


class HoldError(VideoPokerError):
    """A hold that names no cards of the hand: a position outside 1..5, repeated, or not a number."""


class UnknownHandError(PokerlabError, KeyError):
    """A starting-hand class name that is not one of the 169."""

    def __str__(self) -> str:  # KeyError would print the message in quotes
        return str(self.args[0])


class UnknownSessionError(PokerlabError, KeyError):
    """A video poker session id that was never issued or has been let go."""

    def __str__(self) -> str:
        return str(self.args[0])


class SchedulerError(PokerlabError, ConnectionError):
    """The Dask scheduler could not be reached."""


class ResultsFolderError(PokerlabError, ValueError):
    """A results folder that holds another job's chunks."""


class MissingDependencyError(PokerlabError, ImportError):
    """An optional part of pokerlab whose extra is not installed; the message names the extra."""


class OutOfTimeError(PokerlabError):
    """Raised from a ``progress`` callback to abandon an exact enumeration whose pace shows it
    cannot end in time; the caller that set the time catches it and runs Monte Carlo instead."""


class FieldError(PokerlabError, ValueError):
    """Bad input to the web app found past its per-field checks: the ``field`` it names, the
    ``problem``, and the HTTP ``status`` to answer with (a 4xx)."""

    def __init__(self, field: str, problem: str, status: int = 422) -> None:
        super().__init__(f"{field}: {problem}")
        self.field, self.problem, self.status = field, problem, status
