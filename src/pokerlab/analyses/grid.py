"""The odds grid: how a hand ends up against random opponents, by final hand category.

Each cell is the chance that the player finishes with one category and the best opponent
with another, split into win, split and loss.

>>> g = grid("AsKs", board="TsQs2d", opponents=1)
>>> g.exact, round(g.win + g.tie + g.lose, 12)
(True, 1.0)
>>> round(g.cell("FLUSH", "PAIR").win, 4) > 0
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pokerlab.cards.notation import CardsLike, format_cards, parse_cards
from pokerlab.checks import Progress, check_int
from pokerlab.equity.api import equity
from pokerlab.errors import InvalidArgumentError
from pokerlab.games import Game
from pokerlab.games import get as get_game
from pokerlab.games import names as game_names
from pokerlab.rankings.category import HandCategory


@dataclass(frozen=True)
class GridCell:
    """Win, split and loss chances for one (player category, best opponent category) pair."""

    win: float
    tie: float
    lose: float

    @property
    def total(self) -> float:
        """How often the hands end in this pair of categories at all."""
        return self.win + self.tie + self.lose


@dataclass(frozen=True)
class GridResult:
    """The grid for one hand: ``cells[own][opponent]`` over the nine categories each."""

    hand: str
    board: str
    opponents: int
    exact: bool
    showdowns: float
    stderr: float
    cells: tuple[tuple[GridCell, ...], ...] = field(repr=False)
    win: float = 0.0
    tie: float = 0.0
    lose: float = 0.0

    def cell(self, own: HandCategory | str, opponent: HandCategory | str) -> GridCell:
        """One cell, by categories or their names ("flush", "FULL_HOUSE", "two pair").

        >>> grid("AsKs", board="TsQs2d").cell("flush", "two pair").lose
        0.0
        """
        return self.cells[_category("own", own)][_category("opponent", opponent)]

    def by_own_category(self) -> dict[HandCategory, GridCell]:
        """Row sums: how the player fares when finishing with each category."""
        return {c: GridCell(*(sum(getattr(x, f) for x in self.cells[c]) for f in ("win", "tie", "lose")))
                for c in HandCategory}

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values; cells keyed by category names."""
        return {"hand": self.hand, "board": self.board, "opponents": self.opponents, "exact": self.exact,
                "showdowns": self.showdowns, "stderr": self.stderr, "win": self.win, "tie": self.tie,
                "lose": self.lose,
                "cells": {own.name: {opp.name: vars(self.cells[own][opp]) for opp in HandCategory}
                          for own in HandCategory}}


_CATEGORY_NAMES = ", ".join(c.label.lower() for c in HandCategory)


def _category(name: str, value: HandCategory | str) -> HandCategory:
    """A category given as itself or by name, in any case, with spaces or underscores."""
    if isinstance(value, HandCategory):
        return value
    if isinstance(value, str):
        found = HandCategory.__members__.get(value.strip().upper().replace(" ", "_"))
        if found is not None:
            return found
    raise InvalidArgumentError(f"{name} must be a hand category: one of {_CATEGORY_NAMES}; got {value!r}")


def takes_grid(rules: Game) -> bool:
    """Whether a game has a grid: a board and one high pot (the grid is by high-hand category).

    >>> from pokerlab.games import OMAHA, OMAHA_HILO
    >>> takes_grid(OMAHA), takes_grid(OMAHA_HILO)
    (True, False)
    """
    return bool(rules.board_cards) and not rules.hilo


def grid_game(game: Game | str) -> Game:
    """``game`` (a :class:`~pokerlab.games.Game` or its name) if it has a grid (see
    :func:`takes_grid`), else refused naming ``game``.

    >>> grid_game("omaha").name
    'omaha'
    >>> grid_game("omaha-hilo")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: game: the grid takes a game with a board and a high pot (...), got omaha-hilo
    """
    rules = get_game(game)
    if not takes_grid(rules):
        raise InvalidArgumentError(f"game: the grid takes a game with a board and a high pot "
                                   f"({game_names(takes_grid)}), got {rules.name}")
    return rules


def grid(hand: CardsLike, board: CardsLike = "", dead: CardsLike = "", *, opponents: int = 1,
         exact: bool | None = None, trials: int | None = None, stderr: float | None = None,
         seconds: float | None = None, seed: int | None = None, threads: int | None = None,
         progress: Progress | None = None, game: Game | str = "holdem") -> GridResult:
    """The odds grid of ``hand`` against ``opponents`` random hands (1 to 9; exact when feasible).

    The other options are those of :func:`pokerlab.equity.api.equity`, which checks them. ``game``
    is a game whose pot goes to the best high hand: hold'em, short deck or the high Omaha
    games (the grid is by high-hand category; a hi/lo pot also goes by the low).

    >>> grid("AsKs", opponents=2, trials=2000, seed=1).exact
    False
    """
    opponents = check_int("opponents", opponents, low=1, high=9)
    rules = grid_game(game)
    ids = parse_cards(hand)
    result = equity([ids, *["random"] * opponents], board, dead, exact=exact, trials=trials, stderr=stderr,
                    seconds=seconds, seed=seed, threads=threads, progress=progress, game=rules)
    counts = result.counts[0].astype(np.float64) / result.showdowns
    cells = tuple(tuple(GridCell(*map(float, counts[own, opp])) for opp in HandCategory) for own in HandCategory)
    me = result.players[0]
    return GridResult(format_cards(ids), result.board, opponents, result.exact, result.showdowns, me.stderr,
                      cells, me.win, me.tie, me.lose)
