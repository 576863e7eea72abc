"""Solving a spot: Discounted CFR until the strategy is as unexploitable as asked.

:func:`solve` checks everything first (the spot, the stop rules, the locks, the memory the
solve will take, refused before anything large is allocated), then runs iterations of
Discounted CFR with alternating updates (:mod:`pokerlab.solver.cfr`) and, at most
``check_every`` iterations apart, a best-response pass that measures the exploitability of
the average strategy (sooner where the last two checks' trend says the target is near, so
that a solve stops close to where it meets it). It stops at the target, at ``max_iterations``, when ``seconds`` have
passed, or on Ctrl-C, and returns what it reached with its exploitability.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from pokerlab import numba_runtime
from pokerlab.analyses.equilibrium import Discount
from pokerlab.checks import Progress, check_int, check_number, check_progress, check_seconds, check_threads
from pokerlab.errors import InvalidArgumentError, clip
from pokerlab.solver.arena import SpotLike, allocation_refused, check_memory, layout, with_showdowns
from pokerlab.solver.cfr import Engine
from pokerlab.solver.locks import allowed_swaps, attach_locks, resolve_locks
from pokerlab.solver.solution import Solution
from pokerlab.solver.tree import ActionTree

__all__ = ["MAX_ITERATIONS", "solve", "stop_rules"]

MAX_ITERATIONS = 10_000_000
"""The most iterations a solve may ask for."""

BATCH_SECONDS = 0.05
"""About how long one call of the compiled iterations runs: Ctrl-C and ``seconds`` are
heard between calls, and a call's fixed cost stays small beside it. The checks run inside a
call, which stops at the target; with ``progress`` or ``on_check`` a call also ends at each
check, so that they hear of it as it happens."""

CELL_SECONDS = 2e-8
"""A generous guess of what an iteration costs per cell of the arena (several times what it
measures here), which sizes the first call before any has been timed: a river spot runs
whole in one call, a turn or a flop starts with one iteration."""

Checked = Callable[[int, float], None]
"""``on_check(iterations, exploitability)``: told at each measure of the exploitability."""


def _check_spot(spot: object) -> SpotLike:
    needed = ("board", "game", "pot", "stack", "rake", "rake_cap", "tree", "combos", "weights")
    missing = [name for name in needed if not hasattr(spot, name)]
    if missing or not isinstance(getattr(spot, "tree", None), ActionTree):
        raise InvalidArgumentError(f"spot must be a pokerlab.solver.Spot (or have its {', '.join(needed)}); "
                                   f"got {clip(spot)}")
    return spot  # type: ignore[return-value]


def stop_rules(exploitability: object, max_iterations: object, seconds: object) -> tuple[float, int, float | None]:
    """:func:`solve`'s stop rules, checked: the target exploitability (at least 0), the most
    iterations (1 to :data:`MAX_ITERATIONS`) and the seconds (None or above 0).

    >>> stop_rules(0.005, 1000, None)
    (0.005, 1000, None)
    >>> stop_rules(0.005, 0, None)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: max_iterations must be an int from 1 to 10000000, got 0
    """
    return (check_number("exploitability", exploitability, low=0),
            check_int("max_iterations", max_iterations, low=1, high=MAX_ITERATIONS), check_seconds(seconds))


def solve(spot: SpotLike, exploitability: float = 0.005, max_iterations: int = 1000, seconds: float | None = None, *,
          threads: int | None = None, progress: Progress | None = None, on_check: Checked | None = None,
          check_every: int = 10, locks: Any = None, bits: int = 32, isomorphism: bool = True,
          discount: Discount | None = None, memory_limit: float | None = None) -> Solution:
    """Solve ``spot`` (a :class:`~pokerlab.solver.Spot`) by Discounted CFR.

    It stops once the average strategy's exploitability is at most ``exploitability`` (a
    share of the starting pot: 0.005 is 0.5%), after ``max_iterations``, once ``seconds``
    have passed, or on Ctrl-C; in each case it returns the strategy reached and its
    exploitability (``interrupted`` says whether Ctrl-C stopped it).

    - ``threads``: Numba threads for the parallel work over the dealt cards (None: Numba's
      default, all of them);
    - ``progress(done, total)``: told the iterations run out of ``max_iterations`` at each
      check: every ``check_every`` iterations, or sooner where the last two checks say the
      target falls before the next (see :func:`~pokerlab.solver.cfr.next_check`);
      ``on_check(iterations, exploitability)`` with the exploitability measured then
      (either one has the iterations run a check at a time, which costs a river spot about
      a tenth more);
    - ``locks``: node locking, a mapping of paths to frequencies (see
      :mod:`pokerlab.solver.locks`);
    - ``bits``: 32 (float32 storage) or 16 (16-bit integers with a scale per table: about
      half the memory, and EVs within about 1% of the pot);
    - ``isomorphism``: solve one card of each class of cards alike up to a suit swap and
      permute its values (where the board and both ranges allow);
    - ``discount``: Discounted CFR's schedule (default the paper's: 1.5, 0, 2;
      ``Discount.restarting()`` is postflop-solver's, often fewer iterations on a turn or a
      flop);
    - ``memory_limit``: the most bytes the solve may take (None: 75% of the available
      memory, for a solve of more than
      :data:`~pokerlab.solver.arena.SMALL_SOLVE`); a larger solve is refused before it
      starts, with its estimate.

    Bad input raises a :class:`~pokerlab.errors.PokerlabError` naming the argument.

    >>> import pokerlab as pl
    >>> spot = pl.solver.Spot("2c2d2h3c3d", oop="AA,QQ", ip="KK", pot=100, stack=100, bets="a")
    >>> sol = pl.solver.solve(spot, exploitability=0.001)
    >>> [round(ev) for ev in sol.ev], sol.exploitability <= 0.001
    ([75, 25], True)
    """
    spot = _check_spot(spot)
    target, limit, budget = stop_rules(exploitability, max_iterations, seconds)
    threads = check_threads(threads)
    progress = check_progress(progress)
    if on_check is not None and not callable(on_check):
        raise InvalidArgumentError(f"on_check must be a callable taking (iterations, exploitability) or None, "
                                   f"got {clip(on_check)}")
    every = check_int("check_every", check_every, low=1)
    if not isinstance(bits, int) or isinstance(bits, bool) or bits not in (16, 32):
        raise InvalidArgumentError(f"bits must be 32 (float32 storage) or 16 (16-bit storage), got {clip(bits)}")
    if not isinstance(isomorphism, bool):
        raise InvalidArgumentError(f"isomorphism must be True or False, got {clip(isomorphism)}")
    if discount is not None and not isinstance(discount, Discount):
        raise InvalidArgumentError("discount must be a pokerlab.analyses.equilibrium.Discount or None, "
                                   f"got {clip(discount)}")
    discount = discount or Discount()
    if memory_limit is not None:
        memory_limit = check_number("memory_limit", memory_limit, above=0)

    resolved = resolve_locks(spot, locks)
    fixed, swaps = allowed_swaps(spot, resolved)
    with numba_runtime.threads(threads):
        import numba

        count = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
        plan = layout(spot, isomorphism=isomorphism, fixed=fixed, locked_swaps=swaps, showdowns=False)
        estimate = plan.memory(count)
        check_memory(estimate, bits, memory_limit)
        try:
            plan = attach_locks(with_showdowns(plan, spot), resolved)
            engine = Engine(plan, bits)
        except MemoryError:
            raise allocation_refused(estimate, bits) from None
        return _run(spot, engine, target, limit, budget, progress, on_check, every, discount, isomorphism)


def _run(spot: SpotLike, engine: Engine, target: float, limit: int, budget: float | None,
         progress: Progress | None, on_check: Checked | None, every: int, discount: Discount,
         isomorphism: bool) -> Solution:
    start = time.perf_counter()
    pot = float(spot.pot)
    history: list[tuple[int, float]] = []
    done = 0
    batch = max(1, int(BATCH_SECONDS / (CELL_SECONDS * max(engine.layout.cells, 1))))
    fastest = math.inf  # seconds an iteration takes at best: a slow call (the machine busy) is no guide
    interrupted = False
    gap, ev = math.inf, (math.nan, math.nan)
    told = progress is not None or on_check is not None
    recent = np.zeros((2, 2))  # the last two checks' iterations and exploitabilities, for next_check
    try:
        while done < limit and gap > target:
            with numba_runtime.interruptible():
                count = min(batch, limit - done)
                began = time.perf_counter()
                # told: the call ends at its first check, so that the check is told as it happens
                ran, checks = engine.iterate(discount, done + 1, count, every, limit, target, pot, recent,
                                             pause=told)
                # a check costs about what an iteration does
                fastest = min(fastest, (time.perf_counter() - began) / (ran + len(checks)))
                done += ran
                # as many iterations a call as take about BATCH_SECONDS
                batch = max(1, min(4 * batch, int(BATCH_SECONDS / max(fastest, 1e-9))))
                found = [(int(at), measured, (ev0, ev1)) for at, measured, ev0, ev1 in checks.tolist()]
                history += [(at, measured) for at, measured, _ in found]
                if found:
                    _, gap, ev = found[-1]
            for at, checked, _ in found:
                _tell(progress, on_check, at, limit, checked)
            if budget is not None and time.perf_counter() - start >= budget:
                break
    except KeyboardInterrupt:
        interrupted = True
    if not history or history[-1][0] != done:
        with numba_runtime.interruptible():
            gap, ev = engine.measure(pot)
        history.append((done, gap))
        try:
            _tell(progress, on_check, done, limit, gap)
        except KeyboardInterrupt:
            interrupted = True
    return Solution(spot, engine, gap, ev, done, time.perf_counter() - start, interrupted, tuple(history), discount,
                    isomorphism)


def _tell(progress: Progress | None, on_check: Checked | None, at: int, limit: int, measured: float) -> None:
    if progress is not None:
        progress(at, limit)
    if on_check is not None:
        on_check(at, measured)
