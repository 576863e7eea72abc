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


SHOWN = 80
"""The most characters of a user's input that a message repeats: a message stays one short line
however long the input was."""


def clip(value: object, limit: int = SHOWN) -> str:
    """``repr(value)``, cut to about ``limit`` characters, saying how long the whole was.

    >>> clip("AA")
    "'AA'"
    >>> clip("AKs," * 5000)
    "'AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,AKs,'... (20000 characters)"
    >>> clip(10 ** 5000)
    'an int too long to write out'
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value)} characters)"
    try:
        shown = repr(value)
    except ValueError:  # Python writes no int of more than 4,300 digits
        return f"{'an' if type(value).__name__[0] in 'aeiou' else 'a'} {type(value).__name__} too long to write out"
    return shown if len(shown) <= limit + 2 else f"{shown[:limit]}... ({len(shown)} characters)"


class InvalidRangeError(PokerlabError, ValueError):
    """A hand range that cannot be read, or that holds no combo where one is needed.

    A syntax error sets ``position`` (the 0-based index of the offending text in the range),
    ``token`` (that text) and ``text`` (the whole range); other range errors leave them ``None``.
    The message is one line; :meth:`pointer` draws the caret under the text around the token.
    """

    def __init__(self, message: str, *, position: int | None = None, token: str | None = None,
                 text: str | None = None):
        super().__init__(message)
        self.position = position
        self.token = token
        self.text = text

    def pointer(self) -> tuple[str, str] | None:
        """At most 80 characters of the range around the token, and a caret line under the token;
        None when there is no position, or when the token is the whole range (nothing to point at).

        >>> InvalidRangeError("unknown", position=4, token="AKz", text="QQ+,AKz").pointer()
        ('QQ+,AKz', '    ^^^')
        """
        if self.position is None or self.token is None or self.text is None or self.token == self.text.strip():
            return None
        start = max(0, min(self.position - SHOWN // 2, len(self.text) - SHOWN))
        window = self.text[start:start + SHOWN]
        width = max(1, min(len(self.token), start + SHOWN - self.position))
        return window, " " * (self.position - start) + "^" * width


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


class UnknownHandError(PokerlabError, ValueError, KeyError):
    """A starting-hand class name that is not one of the 169 (a bad argument, so a ``ValueError``;
    also a ``KeyError``, as a lookup in a table by that name)."""

    def __str__(self) -> str:  # KeyError would print the message in quotes
        return str(self.args[0])


class UnknownSessionError(PokerlabError, ValueError, KeyError):
    """A video poker session id that was never issued or has been let go (a ``ValueError``, like
    every bad input, and a ``KeyError``, as a lookup)."""

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


class Superseded(PokerlabError):  # noqa: N818  (a request's fate, not a failure)
    """A newer request from the same page replaced this one (the web app's queue)."""

    def __init__(self) -> None:
        super().__init__("a newer request from this page replaced this one")
