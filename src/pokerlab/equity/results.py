"""What an equity run returns, whichever engine dealt it: each player's :class:`PlayerEquity`
in an :class:`EquityResult`, frozen, with ``to_dict()``.

>>> import pokerlab as pl
>>> r = pl.equity(["AhKh", "2c2d"], board="Qh7h3s")
>>> type(r).__name__, r.players[0].hand, round(r.players[0].equity + r.players[1].equity, 12)
('EquityResult', 'AhKh', 1.0)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np

from pokerlab.cards.notation import format_cards
from pokerlab.equity.by_combo import ClassEquity, ComboEquity, classes_of
from pokerlab.ranges.holdem import Range
from pokerlab.rankings.category import HandCategory

PlayerLike = str | Sequence[int] | Range
"""A player: a hand (text or card ids), a range (text or a :class:`~pokerlab.ranges.holdem.Range`), or
``random``."""

_CATEGORIES = tuple(HandCategory)


@dataclass(frozen=True)
class PlayerEquity:
    """One player's results, each a fraction of the showdowns (weighted by the ranges).

    The pot as a whole: ``win`` is taking all of it alone (``scoop`` is its hi/lo name, always
    the same value), ``tie`` taking part of it, ``lose`` none of it; they add up to 1.
    ``equity`` is the player's mean share of the pot, ``win`` plus ``tie_equity`` (the share won
    in the showdowns counted under ``tie``), and also ``hi_equity`` plus ``lo_equity``, the
    shares won with the high hand and with the low hand (0 in a high-only game).

    Each half apart, in a game split between the best high and the best eight-or-better low:
    ``hi_win``, ``hi_tie`` and ``hi_lose`` say whether the player's high hand was the best alone,
    shared the best or was beaten (they add up to 1); ``lo_win``, ``lo_tie`` and ``lo_lose`` the
    same of the low, where a low that does not qualify loses, and ``no_low`` counts the showdowns
    in which nobody had a low, so the high took the whole pot (the four add up to 1).
    ``quartered`` is taking exactly a quarter of a split pot (one half shared two ways, say, and
    none of the other). In a high-only game the high half is the pot: ``hi_win`` is ``win`` and
    so on, ``no_low`` is 1 and ``quartered`` 0.

    ``wins``, ``ties`` and ``losses`` are the counts behind ``win``, ``tie`` and ``lose``;
    ``by_category`` and its views describe the high hand by the player's final category.

    >>> import pokerlab as pl
    >>> p = pl.equity(["Ac2d8s8h", "Ad2h9d9c"], "4h5s6hKc9h", game="omaha-hilo").players[0]
    >>> p.equity, p.hi_lose, p.lo_tie, p.quartered, (p.win, p.tie, p.lose)   # the low shared, the high lost
    (0.25, 1.0, 1.0, 1.0, (0.0, 1.0, 0.0))
    """

    hand: str
    win: float
    tie: float
    tie_equity: float
    lose: float
    equity: float
    stderr: float
    hi_equity: float
    lo_equity: float
    scoop: float
    wins: float = field(repr=False)
    ties: float = field(repr=False)
    losses: float = field(repr=False)
    by_category: tuple[tuple[float, float, float], ...] = field(repr=False, compare=False)
    """Showdowns whose high hand won alone, split and lost, for each of the player's final
    categories."""
    halves: tuple[float, ...] = field(default=(), repr=False)
    """In a split pot, each half's outcomes: :attr:`hi_win`, :attr:`hi_tie`, :attr:`hi_lose`,
    :attr:`lo_win`, :attr:`lo_tie`, :attr:`lo_lose`, :attr:`no_low` and :attr:`quartered`, in
    this order; empty for a single high pot, whose figures follow from ``win``, ``tie`` and
    ``lose``."""
    combos: tuple[ComboEquity, ...] = field(default=(), repr=False, compare=False)
    """With ``by_combo=True``: every combo of the player's range (see :mod:`pokerlab.equity.by_combo`)."""

    @property
    def hi_win(self) -> float:
        """The share of showdowns whose high hand is the best alone."""
        return self.halves[0] if self.halves else self.win

    @property
    def hi_tie(self) -> float:
        """The share of showdowns whose high hand shares the best."""
        return self.halves[1] if self.halves else self.tie

    @property
    def hi_lose(self) -> float:
        """The share of showdowns whose high hand is beaten."""
        return self.halves[2] if self.halves else self.lose

    @property
    def lo_win(self) -> float:
        """The share of showdowns whose low is the best alone."""
        return self.halves[3] if self.halves else 0.0

    @property
    def lo_tie(self) -> float:
        """The share of showdowns whose low shares the best."""
        return self.halves[4] if self.halves else 0.0

    @property
    def lo_lose(self) -> float:
        """The share of showdowns with a low, someone else's beating the player's or the player's not qualifying."""
        return self.halves[5] if self.halves else 0.0

    @property
    def no_low(self) -> float:
        """The share of showdowns in which nobody has a low: the high takes the whole pot."""
        return self.halves[6] if self.halves else 1.0

    @property
    def quartered(self) -> float:
        """The share of showdowns in which the player takes exactly a quarter of a split pot."""
        return self.halves[7] if self.halves else 0.0

    @property
    def classes(self) -> dict[str, ClassEquity]:
        """With ``by_combo=True``: :attr:`combos` gathered by starting-hand class, for the 13 x 13 grid."""
        return classes_of(self.combos)

    @property
    def win_by_category(self) -> dict[HandCategory, float]:
        """The fraction of showdowns whose high half was won alone with each final category
        (they add up to :attr:`hi_win`)."""
        total = self.wins + self.ties + self.losses
        return {c: row[0] / total for c, row in zip(_CATEGORIES, self.by_category)}

    @property
    def lose_by_category(self) -> dict[HandCategory, float]:
        """The fraction of showdowns whose high half was lost with each final category (they
        add up to :attr:`hi_lose`)."""
        total = self.wins + self.ties + self.losses
        return {c: row[2] / total for c, row in zip(_CATEGORIES, self.by_category)}

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        return {"hand": self.hand, "win": self.win, "tie": self.tie, "tie_equity": self.tie_equity,
                "lose": self.lose, "equity": self.equity, "stderr": self.stderr, "hi_equity": self.hi_equity,
                "lo_equity": self.lo_equity, "scoop": self.scoop, "hi_win": self.hi_win, "hi_tie": self.hi_tie,
                "hi_lose": self.hi_lose, "lo_win": self.lo_win, "lo_tie": self.lo_tie, "lo_lose": self.lo_lose,
                "no_low": self.no_low, "quartered": self.quartered,
                "win_by_category": {c.name: v for c, v in self.win_by_category.items()},
                "lose_by_category": {c.name: v for c, v in self.lose_by_category.items()},
                **({"combos": [c.to_dict() for c in self.combos],
                    "classes": {name: c.to_dict() for name, c in self.classes.items()}} if self.combos else {})}


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`equity`: per player, plus how it was computed."""

    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    exact: bool
    showdowns: float
    elapsed: float
    counts: np.ndarray = field(repr=False, compare=False)
    """Raw counters ``[player, own category, best other category, win/tie/lose]``."""
    game: str = "holdem"
    """The name of the game played (see :mod:`pokerlab.games`)."""

    @property
    def trials(self) -> float:
        """Monte Carlo name for :attr:`showdowns`."""
        return self.showdowns

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        return {"players": [p.to_dict() for p in self.players], "board": self.board, "dead": self.dead,
                "exact": self.exact, "showdowns": self.showdowns, "elapsed": self.elapsed, "game": self.game}


_Frozen = TypeVar("_Frozen")


def frozen(cls: type[_Frozen], values: tuple[object, ...]) -> _Frozen:
    """An instance of the frozen dataclass ``cls`` from all its fields' values, in their order,
    at once. Its own ``__init__`` sets field by field through ``object.__setattr__``, which
    took a sixth of a small exact call (two players on the flop).

    >>> frozen(EquityResult, ((), "", "", True, 0, 0.0, None, "holdem")).exact
    True
    >>> frozen(EquityResult, ((), ""))
    Traceback (most recent call last):
    ...
    TypeError: EquityResult has 8 fields, got 2 values
    """
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
    if len(values) != len(names):  # checked apart: zip's strict=True took longer than the rest of the copy
        raise TypeError(f"{cls.__name__} has {len(names)} fields, got {len(values)} values")
    instance = _new(cls)
    instance.__dict__.update(zip(names, values))
    return instance


_new = object.__new__


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


cards_text = functools.lru_cache(maxsize=4096)(format_cards)
""":func:`pokerlab.cards.notation.format_cards`, remembered: results name the same boards again and again."""
