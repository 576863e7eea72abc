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

from pokerlab.cards import CardsLike, format_cards, parse_cards
from pokerlab.category import HandCategory
from pokerlab.equity import equity


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
        """One cell, by categories or their names."""
        return self.cells[_category(own)][_category(opponent)]

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


def _category(value: HandCategory | str) -> HandCategory:
    return value if isinstance(value, HandCategory) else HandCategory[value.upper().replace(" ", "_")]


def grid(hand: CardsLike, board: CardsLike = "", opponents: int = 1, **equity_options: object) -> GridResult:
    """The odds grid of ``hand`` against ``opponents`` random hands (exact when feasible).

    Options are those of :func:`pokerlab.equity.equity` (``exact``, ``trials``, ``stderr``,
    ``seconds``, ``seed``, ``threads``, ``dead``).
    """
    ids = parse_cards(hand)
    result = equity([ids, *["random"] * opponents], board, **equity_options)  # type: ignore[arg-type]
    counts = result.counts[0].astype(np.float64) / result.showdowns
    cells = tuple(tuple(GridCell(*map(float, counts[own, opp])) for opp in HandCategory) for own in HandCategory)
    me = result.players[0]
    return GridResult(format_cards(ids), format_cards(parse_cards(board)), opponents, result.exact,
                      result.showdowns, me.stderr, cells, me.win, me.tie, me.lose)
