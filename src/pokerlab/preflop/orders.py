"""The orders of starting hands that ``top N%`` reads in short deck, computed exactly.

:func:`class_equities` plays one combo of each starting hand of a game's deck against one
random hand, every deal counted (every combo of a class does the same against a random hand,
by relabelling suits); :func:`write_order` writes them as the CSV files that
:mod:`pokerlab.ranges.orders` reads (a few seconds a game).

>>> rows = class_equities("short-deck", hands=["AA"])
>>> rows[0][:2], round(rows[0][2], 6)
(('AA', 6), 0.730758)
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

from pokerlab.equity.api import equity
from pokerlab.games import Game, get
from pokerlab.ranges.holdem import STARTING_HANDS, Range, deck_classes

__all__ = ["class_equities", "write_order"]

Row = tuple[str, int, float, float, float]
"""A starting hand, its combos, and its equity, win and tie against one random hand."""


def class_equities(game: Game | str, hands: Sequence[str] | None = None) -> list[Row]:
    """Each starting hand of ``game``'s deck (or those of ``hands``) against one random hand,
    exact, in grid order: (hand, combos, equity, win, tie)."""
    rules = get(game)
    rows = []
    for name in deck_classes(rules.lowest_rank) if hands is None else hands:
        combos, _ = Range(name).as_arrays()
        player = equity([combos[0].tolist(), "random"], game=rules, exact=True).players[0]
        rows.append((name, STARTING_HANDS[name], player.equity, player.win, player.tie))
    return rows


def write_order(game: Game | str, path: str | Path) -> None:
    """Write :func:`class_equities` of ``game``, strongest first, as ``hand,combos,equity,win,tie``."""
    rows = sorted(class_equities(game), key=lambda row: -row[2])
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["hand", "combos", "equity", "win", "tie"])
        writer.writerows([name, combos, f"{e:.12f}", f"{w:.12f}", f"{t:.12f}"] for name, combos, e, w, t in rows)
