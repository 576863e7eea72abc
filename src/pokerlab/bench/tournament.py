"""``pokerlab bench tournament``: ICM for 9 and 20 players, the push/fold equity table's build
and load, one push/fold equilibrium, the whole chart and one three-player ICM push/fold spot."""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence

import numpy as np

from pokerlab.analyses.equilibrium import solve
from pokerlab.bench.timing import Figure, best_time
from pokerlab.preflop.compute import matrix
from pokerlab.preflop.results import CLASSES
from pokerlab.tournament import pushfold, pushfold_chart
from pokerlab.tournament.icm import icm
from pokerlab.tournament.icm_pushfold import pushfold_icm
from pokerlab.tournament.pushfold import ClassTable, class_table, forget_table

PAYOUTS = (30.0, 20.0, 14.0, 10.0, 8.0, 6.0, 5.0, 4.0, 3.0)


def icm_by_orders(stacks: Sequence[float], payouts: Sequence[float]) -> list[float]:
    """ICM the plain way, over every finishing order: the baseline."""
    out = [0.0] * len(stacks)
    total = sum(stacks)
    for order in itertools.permutations(range(len(stacks))):
        chance, left = 1.0, total
        for place, player in enumerate(order[:len(payouts)]):
            chance *= stacks[player] / left
            left -= stacks[player]
            out[player] += chance * payouts[place]
    return out


class _PushFoldGame:
    """The push/fold game as a :class:`~pokerlab.analyses.equilibrium.OneShotGame` in NumPy, driven
    from Python by :func:`~pokerlab.analyses.equilibrium.solve`: the baseline of the compiled loop."""

    def __init__(self, table: ClassTable, stack: float) -> None:
        total = float(table.pairs.sum())
        self.q = table.pairs / total
        self.m = (2 * stack * table.equity - (stack + 1) * table.pairs) / total
        self.w = self.q.sum(axis=1)
        n = len(table.hands)
        self.shapes = ((n, 2), (n, 2))

    def action_values(self, player: int, strategies: Sequence[np.ndarray]) -> np.ndarray:
        if player == 0:
            return np.stack([-0.5 * self.w, self.w + self.m @ strategies[1][:, 1]], axis=1)
        push = strategies[0][:, 1]
        fold = -(push @ self.q)
        return np.stack([fold, fold - push @ self.m], axis=1)


def suite(quick: bool = False) -> list[Figure]:
    """ICM beside the enumeration of finishing orders; push/fold's table, one stack beside the
    same solver driven from Python, and the chart."""
    figures = []
    nine = [1000.0 + 137 * k for k in range(9)]
    twenty = [1000.0 + 137 * k for k in range(20)]
    icm(nine, PAYOUTS)
    small = best_time(lambda: icm(nine, PAYOUTS), repeat=50)
    orders = 7 if quick else 9
    by_orders = best_time(lambda: icm_by_orders(nine[:orders], PAYOUTS[:orders]), repeat=1)
    if orders < 9:
        by_orders *= 72  # 9! / 7! orders
    figures.append(Figure("icm, 9 players, 9 paid", small * 1e3, "ms", "<= 1", "every finishing order (9!), Python",
                          by_orders * 1e3))
    large = best_time(lambda: icm(twenty, PAYOUTS), repeat=3)
    figures.append(Figure("icm, 20 players, 9 paid (2^20 sets)", large, "s", "<= 1"))

    started = time.perf_counter()
    if quick:
        part = CLASSES[:20]
        matrix(part)
        build = (time.perf_counter() - started) * (169 * 170) / (20 * 21)
        label = "push/fold equity table build (projected from 20 classes), this machine"
    else:
        matrix()
        build = time.perf_counter() - started
        label = "push/fold equity table build: 14,365 class pairs exact, this machine"
    figures.append(Figure(label, build, "s", "<= 600"))
    class_table()  # the cached table on disk, built now if it was not there

    def load() -> None:
        forget_table()
        class_table()

    figures.append(Figure("push/fold equity table load from the disk cache", best_time(load, repeat=5) * 1e3, "ms",
                          "<= 1000"))

    pushfold(10)
    one = best_time(lambda: pushfold(10), repeat=5)
    game = _PushFoldGame(class_table(), 10)
    python = best_time(lambda: solve(game, tolerance=1e-6), repeat=1)
    figures.append(Figure("pushfold(10): exact equilibrium, 169 x 169 classes", one * 1e3, "ms", "<= 1000",
                          "Discounted CFR to 1e-6 bb driven from Python (equilibrium.solve)", python * 1e3))
    top = 5.0 if quick else 20.0
    started = time.perf_counter()
    chart = pushfold_chart(top)
    elapsed = time.perf_counter() - started
    figures.append(Figure(f"pushfold_chart({top:g}): {len(chart.stacks)} stacks", elapsed, "s",
                          "<= 60" if not quick else ""))
    started = time.perf_counter()
    spot = pushfold_icm([10, 15, 25], [50, 30, 20], [0.5, 1], seed=0)
    first = time.perf_counter() - started
    figures.append(Figure(f"pushfold_icm 10/15/25, 50/30/20: first spot ({spot.sampled_triples:,} triples sampled), "
                          f"exploitability {spot.exploitability / spot.pool:.0e} of the pool", first, "s", "<= 60"))
    if not quick:
        started = time.perf_counter()
        pushfold_icm([10, 15, 25], [50, 30, 20], [0.5, 1], seed=0)
        figures.append(Figure("pushfold_icm again, three-way samples cached", time.perf_counter() - started, "s",
                              "<= 60"))
    return figures
