"""Preflop tables: each starting hand against 1 to 9 random hands, and the heads-up matrix.

>>> table = shipped_table()  # the exact one-opponent table pokerlab ships
>>> round(table["AA"].equity, 6), round(table["22"].equity, 6), round(table.mean_equity(), 12)
(0.852037, 0.50334, 0.5)

:func:`vs_random` and :func:`matrix` run locally on every core, or on a Dask cluster
(``executor="tcp://host:8786"``, with ``pokerlab[dask]`` installed), in chunks that a results
folder keeps between runs. Their errors, re-exported here, live in :mod:`pokerlab.errors`.
"""

from __future__ import annotations

import functools

from pokerlab.errors import ResultsFolderError, SchedulerError, UnknownHandError
from pokerlab.preflop.compute import DEFAULT_STDERR, matrix, matrix_job, vs_random, vs_random_job
from pokerlab.preflop.results import CLASSES, MAX_OPPONENTS, Matchup, PreflopMatrix, PreflopRow, PreflopTable
from pokerlab.preflop.runner import Job, JobRun, run_job
from pokerlab.ranges.holdem import ORDER_FILE

__all__ = [
    "CLASSES", "DEFAULT_STDERR", "Job", "JobRun", "MAX_OPPONENTS", "Matchup", "PreflopMatrix", "PreflopRow",
    "PreflopTable", "ResultsFolderError", "SchedulerError", "UnknownHandError", "matrix", "matrix_job",
    "run_job", "shipped_table", "vs_random", "vs_random_job",
]


@functools.cache
def shipped_table() -> PreflopTable:
    """The exact table against one random hand, as shipped in ``pokerlab/data`` (made by :func:`vs_random`)."""
    return PreflopTable.from_csv(ORDER_FILE)
