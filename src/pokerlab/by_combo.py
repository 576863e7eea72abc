"""Equity combo by combo, and by the 169 starting-hand classes: ``equity(..., by_combo=True)``.

>>> from pokerlab.equity import equity
>>> r = equity(["AhKh", "QQ+,AKs"], board="Qh7h3s", by_combo=True)
>>> [(c.hand, round(c.equity, 4)) for c in r.players[1].combos[:3]]
[('AsAd', 0.6273), ('AsAc', 0.6273), ('AdAc', 0.6273)]
>>> round(r.players[1].classes["QQ"].equity, 4), r.players[1].classes["QQ"].combos
(0.7444, 3)

Each combo of a player's range is run on its own, with the other players as they are, in the
same way as the whole call (exact, or Monte Carlo). A combo's :attr:`~ComboEquity.weight` is its
range weight times how much of the other players' ranges it can meet (card removal), scaled so
that a player's combo weights add up to the range's weight: so the weighted mean of the combos'
equities is the player's equity (exactly, on exact runs).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from pokerlab.checks import Progress
from pokerlab.errors import InvalidRangeError
from pokerlab.ranges import CLASS_NAMES, COMBO_CLASSES, COMBO_NAMES, COMBO_ORDER, Range, combo_index

if TYPE_CHECKING:
    from pokerlab.equity import EquityResult, PlayerLike

_NAME_INDEX = {name: i for i, name in enumerate(COMBO_NAMES)}

__all__ = ["MIN_COMBO_TRIALS", "ClassEquity", "ComboEquity", "classes_of", "combo_equities"]

MIN_COMBO_TRIALS = 1000
"""On a Monte Carlo call each combo gets the call's trials shared out over its player's
combos, and at least this many."""


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


Run = Callable[..., "EquityResult"]
"""An :func:`~pokerlab.equity.equity` call with the board, dead cards and threads set."""


def combo_equities(result: EquityResult, players: Sequence[tuple[np.ndarray, np.ndarray]], run: Run,
                   seed: int | None, progress: Progress | None) -> list[tuple[ComboEquity, ...]]:
    """Every player's combos for a finished call: ``players`` holds each player's combos (K, 2)
    and weights as the call dealt them (blocked combos removed), ``run`` repeats the call for
    other players. Combos that no deal of the others can meet are left out."""
    masks = [(np.uint64(1) << c[:, 0].astype(np.uint64)) | (np.uint64(1) << c[:, 1].astype(np.uint64))
             for c, _ in players]
    specs: list[PlayerLike] = [_spec(c, w) for c, w in players]
    work = sum(len(c) for c, _ in players if len(c) > 1)
    done = 0
    out: list[tuple[ComboEquity, ...]] = []
    for i, (combos, weights) in enumerate(players):
        names = [COMBO_NAMES[combo_index(a, b)] for a, b in combos.tolist()]
        if len(combos) == 1:
            p = result.players[i]
            out.append((ComboEquity(names[0], float(weights[0]), p.equity, p.win, p.tie),))
            continue
        trials = max(MIN_COMBO_TRIALS, int(result.showdowns / len(combos)))
        rows = []
        for k, name in enumerate(names):
            if progress is not None and done % 32 == 0:
                progress(done, work)
            done += 1
            options = ({"exact": True} if result.exact
                       else {"exact": False, "trials": trials, "seed": None if seed is None else seed + done})
            try:
                sub = run([name if j == i else spec for j, spec in enumerate(specs)], **options)
            except InvalidRangeError:
                continue  # every deal of the others holds one of its cards
            # the combo's share of the deals: exact runs count them, Monte Carlo multiplies the
            # weight of each other player's combos that it does not block
            meets = sub.showdowns if result.exact else float(np.prod(
                [w[(m & masks[i][k]) == 0].sum() for j, (m, (_, w)) in enumerate(zip(masks, players)) if j != i]))
            p = sub.players[i]
            rows.append((name, float(weights[k]) * meets, p.equity, p.win, p.tie))
        total = sum(r[1] for r in rows)
        scale = float(weights.sum()) / total if total else 0.0
        rows.sort(key=lambda row: int(COMBO_ORDER[_NAME_INDEX[row[0]]]))  # strongest first
        out.append(tuple(ComboEquity(name, mass * scale, eq, win, tie) for name, mass, eq, win, tie in rows))
    if progress is not None and work:
        progress(work, work)
    return out


def _spec(combos: np.ndarray, weights: np.ndarray) -> PlayerLike:
    """A player as a sub-run takes it: a known hand as its text (the fast path), else a range."""
    if len(combos) == 1:
        return COMBO_NAMES[combo_index(*combos[0].tolist())]
    dense = np.zeros(len(COMBO_NAMES))
    dense[[combo_index(a, b) for a, b in combos.tolist()]] = weights
    return Range.from_weights(dense)
