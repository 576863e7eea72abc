"""``pokerlab bench preflop``: the one-opponent table, the matrix here and on a Dask cluster.

The matrix is measured on a slice (every k-th chunk, so every part of the grid is in it),
then run through a two-worker ``LocalCluster`` whose workers have one Numba thread each, and
projected onto more machines like this one by rounds of chunks: N machines finish
``ceil(chunks / N)`` rounds of the mean chunk time.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from functools import partial

from pokerlab.bench.timing import Figure, best_time, on_threads
from pokerlab.preflop.compute import BOARD_CHUNKS, DEFAULT_STDERR, SHOWDOWNS_PER_COMBO, matrix, matrix_job, vs_random
from pokerlab.preflop.runner import Job, run_job


def _cells(job: Job, chunks: Iterable[int]) -> int:
    """How many class pairs the given chunks of the matrix job hold."""
    return sum(len(job.tasks[k][0]) for k in chunks)


def _vs_random_figures(quick: bool) -> list[Figure]:
    from pokerlab.equity.api import equity

    vs_random(1)  # compile or load the kernels, build the canonical boards
    equity(["KsKh", "random"])
    per_hand = best_time(lambda: equity(["7d2c", "random"]), repeat=1)  # not cached yet: a real run
    projected = 169 * per_hand
    showdowns = 1326 * SHOWDOWNS_PER_COMBO
    figures = []
    for threads in (1, 2):
        seconds = best_time(on_threads(threads, partial(vs_random, 1)), repeat=1 if quick or threads == 1 else 3)
        figures.append(Figure(f"vs_random(1): 169 classes exact ({showdowns / 1e12:.2f}e12 showdowns, "
                              f"134,459 boards in {BOARD_CHUNKS} chunks), {threads} thread(s)", seconds, "s",
                              "<= 60" if threads == 2 else "", "equity(hand, 'random') per class (projected)",
                              projected))
    stderr = 0.003 if quick else DEFAULT_STDERR
    for opponents in (2, 9):
        started = time.perf_counter()
        table = vs_random(opponents, stderr=stderr, seed=0)  # the same samples each run
        worst = max(row.stderr for row in table)
        figures.append(Figure(f"vs_random({opponents}): Monte Carlo, every stderr <= {stderr} (worst {worst:.5f}), "
                              "2 threads", time.perf_counter() - started, "s"))
    return figures


def _matrix_figures(quick: bool) -> list[Figure]:
    from distributed import Client, LocalCluster

    job = matrix_job()
    every = 32 if quick else 8
    sample = list(range(0, len(job.tasks), every))
    cells = _cells(job, sample)
    total_cells = _cells(job, range(len(job.tasks)))
    matrix(["AA", "KK"])  # compile or load the kernels
    rates = {}
    for threads in (1, 2):
        seconds = best_time(on_threads(threads, partial(run_job, job, only=sample)), repeat=1)
        rates[threads] = cells / seconds
    figures = [Figure(f"matrix: class pairs per second, slice of {cells:,} of {total_cells:,} pairs, "
                      f"{threads} thread(s), this machine", rate, "pairs/s") for threads, rate in rates.items()]
    env = {"NUMBA_NUM_THREADS": "1"}  # each worker stands for a one-core machine
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, env=env) as cluster, \
            Client(cluster) as client:
        matrix(["AA", "KK"], executor=client)  # load the kernels in the workers
        seconds = best_time(lambda: run_job(job, executor=client, only=sample), repeat=1)
        figures.append(Figure("matrix: same slice on a 2-worker LocalCluster (1 thread each)", cells / seconds,
                              "pairs/s", "", "this machine, 1 thread", rates[1]))
        if not quick:
            seconds = best_time(lambda: matrix(executor=client), repeat=1)
            figures.append(Figure(f"matrix: all {total_cells:,} class pairs (169 x 169), run on the 2-worker "
                                  "LocalCluster", seconds, "s", "", "projected from the 1-thread slice",
                                  total_cells / rates[1]))
    one_machine = total_cells / rates[2]
    chunk_time = one_machine / len(job.tasks)
    for machines in (1, 8, 64):
        rounds = math.ceil(len(job.tasks) / machines)
        figures.append(Figure(f"matrix: projected full run on {machines} machine(s) like this one "
                              f"({len(job.tasks)} chunks, {rounds} round(s))", rounds * chunk_time, "s"))
    return figures


def suite(quick: bool = False) -> list[Figure]:
    """vs_random(1) exact on 1 and 2 threads, Monte Carlo tables, the matrix here and on Dask."""
    return _vs_random_figures(quick) + _matrix_figures(quick)
