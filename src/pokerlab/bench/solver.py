"""``pokerlab bench solver``: the postflop solver on three spots, a river, a turn and a flop, with
one pair of ranges (pot 200, stack 900): memory, and the time and iterations to an
exploitability of 0.5% and 0.3% of the pot on 2 threads, beside the same solve on 1 thread
in the same run, under the default schedule (the paper's) and under the restarting one
(postflop-solver's own). The targets are postflop-solver's figures on this machine (a release
build of its source, 2 threads, the same trees), printed in the target column. As
postflop-solver's do, the times start before the ranges are read and the tree is built.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from pokerlab.analyses.equilibrium import Discount
from pokerlab.bench.timing import Figure
from pokerlab.solver import Spot, solve

OOP = "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s"
IP = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+"
TARGETS = (0.005, 0.003)
"""The exploitabilities timed, shares of the pot."""
THREADS = 2
MAX_ITERATIONS = 1000


@dataclass(frozen=True)
class Case:
    """A spot of the suite and postflop-solver's figures for it: memory in MiB (float32 and
    16-bit), and for each of :data:`TARGETS` the seconds and iterations it took (None where
    it was not measured)."""

    name: str
    board: str
    bets: str
    memory: tuple[float, float]
    anchors: tuple[tuple[float, int] | None, tuple[float, int] | None]
    repeat: int
    projected: int = 0
    """Iterations the 1-thread baseline runs, projected to those the 2-thread solve took (0:
    it runs to each target itself)."""

    def spot(self) -> Spot:
        """The spot itself."""
        return Spot(self.board, OOP, IP, 200, 900, bets=self.bets, raises="2.5x")


CASES = (
    Case("river", "Td9d6hQc2s", "60%, e, a", (0.2, 0.2), ((0.003, 50), (0.003, 60)), 100),
    Case("turn", "Td9d6hQc", "60%, e, a", (16.4, 8.7), ((1.6, 100), (1.6, 120)), 3),
    Case("flop", "Td9d6h", "50%", (840.0, 437.0), ((53.0, 80), None), 1, projected=10),
)
"""The issue's three spots; postflop-solver's river memory is one figure, 0.2 MiB, and its
turn to 0.3% read 1.4 to 1.6 s. The flop's baseline is projected: run to each target on one
thread, it would take a core for most of an hour on this machine."""


def time_to_targets(build: Callable[[], Spot], threads: int, bits: int = 32,
                    discount: Discount | None = None) -> list[tuple[float, int] | None]:
    """For each of :data:`TARGETS`, a solve as a user runs it, timed from the call of ``build``
    (which makes the spot: its ranges read and its tree built) through
    :func:`~pokerlab.solver.solve` (its checks, allocation and iterations) to its return at
    the target, and the iterations it ran; None for a target not met within
    :data:`MAX_ITERATIONS`.

    >>> build = lambda: Spot("2c2d2h3c3d", oop="AA,QQ", ip="KK", pot=100, stack=100, bets="a")
    >>> (_, loose), (_, strict) = time_to_targets(build, threads=1)
    >>> 0 < loose <= strict
    True
    """
    reached: list[tuple[float, int] | None] = []
    for target in TARGETS:
        started = time.perf_counter()
        sol = solve(build(), exploitability=target, max_iterations=MAX_ITERATIONS, threads=threads, bits=bits,
                    discount=discount)
        seconds = time.perf_counter() - started
        reached.append((seconds, sol.iterations) if sol.exploitability <= target else None)
    return reached


def best(build: Callable[[], Spot], threads: int, repeat: int, bits: int = 32,
         discount: Discount | None = None) -> list[tuple[float, int] | None]:
    """The best of ``repeat`` runs of :func:`time_to_targets`, target by target."""
    runs = [time_to_targets(build, threads, bits, discount) for _ in range(repeat)]
    out: list[tuple[float, int] | None] = []
    for k in range(len(TARGETS)):
        met = [got for run in runs if (got := run[k]) is not None]
        out.append(min(met) if met else None)
    return out


def _seconds(call: Callable[[], object]) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def _scaled(seconds: float) -> tuple[float, str]:
    return (seconds * 1e3, "ms") if seconds < 0.1 else (seconds, "s")


def _within(mib: float) -> str:
    # the issue asks for memory within 10% of postflop-solver's
    return f"<= {1.1 * mib:g} (postflop-solver {mib:g})"


def _anchor(anchor: tuple[float, int] | None) -> str:
    if anchor is None:
        return "(postflop-solver: not measured)"
    value, unit = _scaled(anchor[0])
    return f"<= {value:g} {unit} (postflop-solver, {anchor[1]} iterations)"


def case_figures(case: Case, repeat: int, sixteen_bit: bool) -> list[Figure]:
    """Memory and times to each target for one spot, beside 1 thread and postflop-solver."""
    spot = case.spot()
    combos = f"{len(spot.combos(0))} x {len(spot.combos(1))} combos"
    memory = spot.memory(threads=THREADS)
    figures = [Figure(f"{case.name} {case.board}, bets {case.bets!r}: memory, float32 ({combos})",
                      memory.float32 / 2**20, "MiB", _within(case.memory[0])),
               Figure(f"{case.name}: memory, 16-bit", memory.bits16 / 2**20, "MiB", _within(case.memory[1]))]
    building = min(_seconds(case.spot) for _ in range(max(3, repeat)))
    value, unit = _scaled(building)
    figures.append(Figure(f"{case.name}: the spot built (ranges read, tree built), counted in each time below",
                          value, unit))
    runs = [("float32", 32, Discount())] + ([("16-bit", 16, Discount())] if sixteen_bit else [])
    runs.append(("float32, restarting schedule", 32, Discount.restarting()))
    for storage, bits, discount in runs:
        reached = best(case.spot, THREADS, repeat, bits, discount)
        if case.projected:
            started = time.perf_counter()
            solve(spot, exploitability=0, max_iterations=case.projected, threads=1, bits=bits, discount=discount)
            each = (time.perf_counter() - started) / case.projected
            baseline = [None if got is None else (each * got[1], got[1]) for got in reached]
            how = f"projected from {case.projected} iterations"
        else:
            baseline, how = best(case.spot, 1, repeat, bits, discount), ""
        for k, target in enumerate(TARGETS):
            got, base = reached[k], baseline[k]
            if got is None:
                figures.append(Figure(f"{case.name}: to {target:.1%} of the pot, {storage}, {THREADS} threads: not "
                                      f"reached in {MAX_ITERATIONS} iterations", float("nan"), "s"))
                continue
            value, unit = _scaled(got[0])
            scale = value / got[0]
            figures.append(Figure(f"{case.name}: to {target:.1%} of the pot, {storage}, {THREADS} threads "
                                  f"({got[1]} iterations)", value, unit,
                                  _anchor(case.anchors[k]) if bits == 32 else "",
                                  f"same solve, 1 thread ({how or f'{base[1]} iterations'})" if base else "",
                                  base[0] * scale if base else None))
    return figures


def suite(quick: bool = False) -> list[Figure]:
    """The river and the turn in float32 and 16-bit storage, and the flop in float32 (minutes
    on this machine), each in float32 under the restarting schedule too; ``quick``: one run
    of each, the turn without 16-bit, no flop."""
    river = CASES[0].spot()
    for bits in (32, 16):  # compile or load the kernels before any clock starts
        solve(river, max_iterations=1, threads=THREADS, bits=bits)
    figures: list[Figure] = []
    for case in CASES:
        if case.name == "flop" and quick:
            continue
        sixteen_bit = case.name == "river" or case.name == "turn" and not quick
        figures += case_figures(case, 1 if quick else case.repeat, sixteen_bit)
    return figures
