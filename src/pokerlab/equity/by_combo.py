"""Equity combo by combo, and by the 169 starting-hand classes: ``equity(..., by_combo=True)``.

>>> from pokerlab.equity.api import equity
>>> r = equity(["AhKh", "QQ+,AKs"], board="Qh7h3s", by_combo=True)
>>> [(c.hand, round(c.equity, 4)) for c in r.players[1].combos[:3]]
[('AsAd', 0.6273), ('AsAc', 0.6273), ('AdAc', 0.6273)]
>>> round(r.players[1].classes["QQ"].equity, 4), r.players[1].classes["QQ"].combos
(0.7444, 3)

An exact call runs each combo of a player's range on its own, with the other players as they
are; a Monte Carlo call counts every player's showdowns by combo as it samples them, in its one
run (so within its trials and time); two ranges after the flop are counted deal by deal instead,
exactly (see :func:`combo_equities`). A combo's :attr:`~ComboEquity.weight` is its range weight
times how much of the other players' ranges it can meet (card removal; on Monte Carlo calls, the
share of the showdowns it was dealt), scaled so that a player's combo weights add up to the
range's weight: so the weighted mean of the combos' equities is the player's equity.
"""

from __future__ import annotations

import functools
import importlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np

from pokerlab.cards.notation import mask_of, parse_cards
from pokerlab.checks import Progress
from pokerlab.errors import InvalidRangeError
from pokerlab.games import Game
from pokerlab.numba_runtime import interruptible
from pokerlab.ranges.holdem import CLASS_NAMES, COMBO_CLASSES, COMBO_NAMES, COMBO_ORDER, Range, combo_index
from pokerlab.ranges.patterns import hand_masks
from pokerlab.rankings.ranking import ranking_in_deck

if TYPE_CHECKING:
    from pokerlab.equity.results import EquityResult, PlayerLike

_NAME_INDEX = {name: i for i, name in enumerate(COMBO_NAMES)}

__all__ = ["MAX_DEAL_SHOWDOWNS", "ClassEquity", "ComboEquity", "classes_of", "combo_equities", "takes_by_combo"]


@dataclass(frozen=True)
class ComboEquity:
    """One combo of a player's range: its weight in the player's deals, equity, win and tie."""

    hand: str
    weight: float
    equity: float
    win: float
    tie: float

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        return {"hand": self.hand, "weight": self.weight, "equity": self.equity, "win": self.win, "tie": self.tie}


@dataclass(frozen=True)
class ClassEquity:
    """One starting-hand class (``"AKs"``) of a player's range: its combos gathered, weighted."""

    name: str
    combos: int
    weight: float
    equity: float
    win: float
    tie: float

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        return {"name": self.name, "combos": self.combos, "weight": self.weight, "equity": self.equity,
                "win": self.win, "tie": self.tie}


def classes_of(combos: Sequence[ComboEquity]) -> dict[str, ClassEquity]:
    """Combos gathered by starting-hand class, in grid order (aces first), weighted means.

    >>> aks = classes_of([ComboEquity("AsKs", 1.0, 0.5, 0.4, 0.2), ComboEquity("AhKh", 3.0, 0.7, 0.7, 0.0)])["AKs"]
    >>> aks.combos, aks.weight, round(aks.equity, 4), round(aks.win, 4), round(aks.tie, 4)
    (2, 4.0, 0.65, 0.625, 0.05)
    """
    sums: dict[int, list[float]] = {}
    for c in combos:
        cell = int(COMBO_CLASSES[_NAME_INDEX[c.hand]])
        row = sums.setdefault(cell, [0.0, 0.0, 0.0, 0.0, 0.0])
        row[0] += 1
        row[1] += c.weight
        row[2] += c.weight * c.equity
        row[3] += c.weight * c.win
        row[4] += c.weight * c.tie
    out = {}
    for cell in sorted(sums):
        n, weight, equity, win, tie = sums[cell]
        scale = 1 / weight if weight else 0.0
        out[CLASS_NAMES[cell]] = ClassEquity(CLASS_NAMES[cell], int(n), weight, equity * scale, win * scale,
                                             tie * scale)
    return out


MAX_DEAL_SHOWDOWNS = 200_000_000
"""On a Monte Carlo call with no time limit, two ranges after the flop are still counted
exactly, deal by deal, when that takes at most this many showdowns (a second or two)."""


@functools.cache
def _kernels() -> ModuleType:
    """Hold'em's equity kernels, imported on first use: they load Numba."""
    return importlib.import_module("pokerlab.equity.engines.holdem_kernels")


Run = Callable[..., "EquityResult"]
"""An :func:`~pokerlab.equity.api.equity` call with the board, dead cards and threads set."""


Row = tuple[str, float, float, float, float]
"""A combo's name, its weight times the weight of the deals it meets, equity, win and tie."""


def takes_by_combo(rules: Game) -> bool:
    """Whether a game has equity combo by combo: a board, two hole cards and one pot.

    >>> from pokerlab.games import HOLDEM, HOLDEM_HILO, OMAHA
    >>> takes_by_combo(HOLDEM), takes_by_combo(HOLDEM_HILO), takes_by_combo(OMAHA)
    (True, False, False)
    """
    return bool(rules.board_cards) and not rules.hole_used and not rules.hilo


def combo_equities(result: EquityResult, players: Sequence[tuple[np.ndarray, np.ndarray]], run: Run, *,
                   game: Game, progress: Progress | None = None, sampled: np.ndarray | None = None,
                   timed: bool = False) -> list[tuple[ComboEquity, ...]]:
    """Every player's combos for a finished call in ``game``: ``players`` holds each player's combos (K, 2)
    and weights as the call dealt them (blocked combos removed), ``run`` repeats an exact call
    for other players, and ``sampled`` holds a Monte Carlo call's showdowns, wins, splits and
    split shares by player and combo (see :func:`pokerlab.equity.engines.holdem_kernels.monte_carlo`).
    Combos that no deal of the others can meet (or that no trial dealt) are left out.

    Two ranges after the flop are counted deal by deal in one kernel call
    (:func:`~pokerlab.equity.engines.holdem_kernels.deal_outcomes`), exactly: always on an exact call, and
    on a Monte Carlo call with no time limit (not ``timed``) when that takes at most
    :data:`MAX_DEAL_SHOWDOWNS` showdowns. Other exact calls run each combo again.
    """
    rows: list[list[Row]] | None = None
    if result.board and len(players) == 2 and any(len(c) > 1 for c, _ in players):
        rules = game
        board, dead = parse_cards(result.board), parse_cards(result.dead)
        first, second = _deals(players)
        boards = math.comb(len(rules.deck) - 4 - len(board) - len(dead), 5 - len(board))
        if result.exact or (not timed and len(first) * boards <= MAX_DEAL_SHOWDOWNS):
            rows = _heads_up_rows(players, first, second, board, dead, rules)
    if rows is None:
        rows = _rerun_rows(players, run, progress) if sampled is None else _sampled_rows(players, sampled)
    out: list[tuple[ComboEquity, ...]] = []
    for (combos, weights), player_rows, p in zip(players, rows, result.players):
        if len(combos) == 1:  # a known hand: the call's own result
            out.append((ComboEquity(COMBO_NAMES[combo_index(*combos[0].tolist())], float(weights[0]), p.equity,
                                    p.win, p.tie),))
            continue
        total = sum(row[1] for row in player_rows)
        scale = float(weights.sum()) / total if total else 0.0
        player_rows.sort(key=lambda row: int(COMBO_ORDER[_NAME_INDEX[row[0]]]))  # strongest first
        out.append(tuple(ComboEquity(name, mass * scale, eq, win, tie) for name, mass, eq, win, tie in player_rows))
    return out


def _deals(players: Sequence[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """Every deal of two players' combos with no card twice, as the rows of each player's combo."""
    masks = [hand_masks(cards) for cards, _ in players]
    first, second = np.nonzero((masks[0][:, None] & masks[1][None, :]) == 0)
    return first, second


def _heads_up_rows(players: Sequence[tuple[np.ndarray, np.ndarray]], i: np.ndarray, j: np.ndarray,
                   board: tuple[int, ...], dead: tuple[int, ...], rules: Game) -> list[list[Row]]:
    """Both players' rows from the deals ``(i, j)`` of their combos, each deal's boards counted
    once, in the game's ranking and deck (the cards it leaves out dealt as dead)."""
    # imported here: pokerlab.equity.api imports this module, and the kernels load Numba
    from pokerlab.equity.pots import POT_UNITS

    (first, w_first), (second, w_second) = players
    holes = np.ascontiguousarray(np.stack([first[i], second[j]], axis=1), dtype=np.uint8)
    ranked = ranking_in_deck(rules.ranking, rules.lowest_rank)
    t = ranked.tables
    out = np.uint64(mask_of(dead) | mask_of(rules.missing_cards))
    with interruptible():
        outcomes = _kernels().deal_outcomes(holes, np.array(board, dtype=np.uint8), out, t.card_key, t.card_mask,
                                            t.rank, t.offsets, t.flush, ranked.category_index)
    boards = outcomes[:, 0, :3].sum(axis=1)
    rows = []
    for player, (combos, weights), own, others in ((0, players[0], i, w_second[j]), (1, players[1], j, w_first[i])):
        # each combo's boards, wins, splits and split shares, each deal weighted by the other's combo
        showdowns, wins, ties, shares = (np.bincount(own, weights=others * column, minlength=len(combos)).tolist()
                                         for column in (boards, outcomes[:, player, 0], outcomes[:, player, 1],
                                                        outcomes[:, player, 3] / POT_UNITS))
        names = [COMBO_NAMES[combo_index(a, b)] for a, b in combos.tolist()]
        rows.append([(names[k], float(weights[k]) * showdowns[k], (wins[k] + shares[k]) / showdowns[k],
                      wins[k] / showdowns[k], ties[k] / showdowns[k]) for k in range(len(combos)) if showdowns[k]])
    return rows


def _sampled_rows(players: Sequence[tuple[np.ndarray, np.ndarray]], sampled: np.ndarray) -> list[list[Row]]:
    """Each ranged player's rows from a Monte Carlo run's counts by combo: a combo's share of
    the showdowns stands for its weight in the deals."""
    from pokerlab.equity.pots import POT_UNITS  # loads Numba, as the run did

    rows: list[list[Row]] = []
    for (combos, _), by_combo in zip(players, sampled.tolist()):
        rows.append([])
        if len(combos) == 1:
            continue
        for a, b in combos.tolist():
            k = combo_index(a, b)
            showdowns, wins, ties, shares = by_combo[k]
            if showdowns:
                rows[-1].append((COMBO_NAMES[k], float(showdowns), (wins + shares / POT_UNITS) / showdowns,
                                 wins / showdowns, ties / showdowns))
    return rows


def _rerun_rows(players: Sequence[tuple[np.ndarray, np.ndarray]], run: Run,
                progress: Progress | None) -> list[list[Row]]:
    """Each ranged player's rows from running the exact call again for each of its combos,
    the others as they were."""
    specs: list[PlayerLike] = [_spec(c, w) for c, w in players]
    work = sum(len(c) for c, _ in players if len(c) > 1)
    done = 0
    rows: list[list[Row]] = []
    for i, (combos, weights) in enumerate(players):
        rows.append([])
        if len(combos) == 1:
            continue
        for k, (a, b) in enumerate(combos.tolist()):
            if progress is not None and done % 32 == 0:
                progress(done, work)
            done += 1
            name = COMBO_NAMES[combo_index(a, b)]
            try:
                sub = run([name if j == i else spec for j, spec in enumerate(specs)], exact=True)
            except InvalidRangeError:
                continue  # every deal of the others holds one of its cards
            p = sub.players[i]  # the combo's share of the deals: the showdowns it meets
            rows[i].append((name, float(weights[k]) * sub.showdowns, p.equity, p.win, p.tie))
    if progress is not None and work:
        progress(work, work)
    return rows


def _spec(combos: np.ndarray, weights: np.ndarray) -> PlayerLike:
    """A player as a sub-run takes it: a known hand as its text (the fast path), else a range."""
    if len(combos) == 1:
        return COMBO_NAMES[combo_index(*combos[0].tolist())]
    dense = np.zeros(len(COMBO_NAMES))
    dense[[combo_index(a, b) for a, b in combos.tolist()]] = weights
    return Range.from_weights(dense)
