"""The preflop computations as chunked jobs: every hand against random hands, and the matrix.

- :func:`vs_random` with one opponent is exact: the 134,459 five-card boards up to suit
  relabelling are split into :data:`BOARD_CHUNKS` chunks, each giving every class's integer
  win and tie counts (see :mod:`pokerlab.preflop.kernels`); the chunks add up exactly.
- With 2 to 9 opponents it samples one combo of each class (every combo of a class does the
  same against random hands) with :func:`~pokerlab.equity.api.equity`, one chunk per class, until
  the standard error is at most ``stderr``. Each class has its own seed, drawn from the run's
  ``seed``, so a run gives the same table wherever its chunks run.
- :func:`matrix` is exact: a chunk is a run of class pairs; a pair's matchups are one combo of
  the first class against each combo of the second it does not touch (the other combos of the
  first class give the same counts, by relabelling suits), merged by suit relabelling with
  :func:`pokerlab.equity.api.canonical_matchup`, and counted on the boards by the preflop kernel.
"""

from __future__ import annotations

import functools
import hashlib
import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from pokerlab.checks import MAX_SEED, Progress, check_int, check_list, check_seed, check_stderr
from pokerlab.equity.api import Matchup as MatchupKey
from pokerlab.equity.api import canonical_matchup, equity
from pokerlab.errors import InvalidArgumentError
from pokerlab.numba_runtime import interruptible
from pokerlab.preflop.results import (
    CLASS_INDEX,
    CLASSES,
    MAX_OPPONENTS,
    PreflopMatrix,
    PreflopRow,
    PreflopTable,
    class_index,
)
from pokerlab.preflop.runner import Executor, Job, run_job
from pokerlab.ranges.holdem import COMBOS, STARTING_HANDS, Range, starting_hand
from pokerlab.rankings.category import category_of_strength
from pokerlab.rankings.tables import load_tables

DEFAULT_STDERR = 0.0003
"""The largest standard error of any class's equity in a sampled table."""
BOARD_CHUNKS = 64
"""Chunks of canonical boards in the exact one-opponent job."""
MATRIX_CHUNK_CELLS = 128
"""Class pairs per chunk of the matrix job (about a second of work on one core)."""
SHOWDOWNS_PER_COMBO = math.comb(50, 5) * math.comb(45, 2)
"""Showdowns of one combo against one random hand: 2,097,572,400."""


@functools.cache
def _class_of_pair() -> np.ndarray:
    """The class index of each hole pair, at ``a * 52 + b`` for a < b."""
    out = np.zeros(52 * 52, dtype=np.int64)
    for a, b in COMBOS.tolist():
        out[a * 52 + b] = CLASS_INDEX[starting_hand([a, b])]
    return out


@functools.cache
def _class_combos(index: int) -> tuple[tuple[int, int], ...]:
    """The combos of a class, ascending ids; the first stands for the class."""
    combos, _ = Range(CLASSES[index]).as_arrays()
    return tuple((a, b) for a, b in combos.tolist())


@functools.cache
def _canonical_boards() -> tuple[np.ndarray, np.ndarray]:
    from pokerlab.preflop.kernels import canonical_boards

    boards: np.ndarray
    weights: np.ndarray
    boards, weights = canonical_boards()
    return boards, weights


def _exact_chunk(index: int, chunks: int) -> np.ndarray:
    """Wins and ties (169, 2) of every class against one random hand, on one chunk of boards."""
    from pokerlab.preflop.kernels import versus_random

    boards, weights = _canonical_boards()
    start, stop = index * len(boards) // chunks, (index + 1) * len(boards) // chunks
    t = load_tables()
    with interruptible():
        counts: np.ndarray = versus_random(boards[start:stop], weights[start:stop], _class_of_pair(), t.card_key,
                                           t.card_mask, t.rank, t.offsets, t.flush)
    return counts


def class_seed(seed: int, index: int) -> int:
    """The seed of one class's Monte Carlo run, from the run's seed: distinct, and within 0..2**63 - 1.

    >>> class_seed(0, 0) != class_seed(0, 1) != class_seed(1, 0)
    True
    """
    return _seed_of(np.random.SeedSequence((seed, index)))


def _seed_of(sequence: np.random.SeedSequence) -> int:
    return int(sequence.generate_state(1, np.uint64)[0]) & MAX_SEED


def _sampled_chunk(index: int, opponents: int, stderr: float, seed: int) -> np.ndarray:
    """One class against ``opponents`` random hands: [equity, win, tie, stderr, trials]."""
    result = equity([_class_combos(index)[0], *["random"] * opponents], exact=False, stderr=stderr,
                    seed=class_seed(seed, index))
    p = result.players[0]
    return np.array([p.equity, p.win, p.tie, p.stderr, result.showdowns], dtype=np.float64)


def vs_random_job(opponents: int = 1, *, stderr: float | None = DEFAULT_STDERR, seed: int | None = None) -> Job:
    """The chunks of :func:`vs_random`, to run with :func:`~pokerlab.preflop.runner.run_job`.

    ``stderr`` None is :data:`DEFAULT_STDERR`; ``seed`` None (the default) draws a fresh one,
    which the job's name records: give a seed to repeat a sampled job or resume it from a
    results folder.

    >>> vs_random_job(2, stderr=0.001, seed=5)
    Job('vs-random-2-stderr0.001-seed5', 169 chunks)
    >>> vs_random_job(10)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: opponents must be an int from 1 to 9, got 10
    """
    opponents = check_int("opponents", opponents, low=1, high=MAX_OPPONENTS)
    error = check_stderr(stderr) or DEFAULT_STDERR  # checked even where the exact job has no use for it
    seed = check_seed(seed)
    if opponents == 1:
        return Job("vs-random-1", {"opponents": 1, "exact": True, "boards": "canonical"},
                   _exact_chunk, tuple((i, BOARD_CHUNKS) for i in range(BOARD_CHUNKS)))
    if seed is None:
        seed = _seed_of(np.random.SeedSequence())  # fresh entropy
    return Job(f"vs-random-{opponents}-stderr{error:g}-seed{seed}",
               {"opponents": opponents, "exact": False, "stderr": error, "seed": seed}, _sampled_chunk,
               tuple((i, opponents, error, seed) for i in range(len(CLASSES))))


def vs_random(opponents: int = 1, *, stderr: float | None = DEFAULT_STDERR, seed: int | None = None,
              executor: Executor = None, results: str | Path | None = None, progress: Progress | None = None,
              threads: int | None = None) -> PreflopTable:
    """Every starting hand's equity, win and tie against ``opponents`` (1..9) random hands.

    One opponent is exact (about 2.1 billion showdowns per combo, all 169 classes in one pass
    over the boards); more are sampled to a standard error of ``stderr`` (above 0, at most
    0.5) per class, from ``seed`` (None, the default: a fresh one, so give a seed to repeat a
    sampled table). ``executor`` runs the chunks on a Dask cluster (an address such as
    ``"tcp://host:8786"`` or a ``distributed.Client``; needs ``pokerlab[dask]``); ``results``
    names a folder that keeps finished chunks, so a rerun resumes (a sampled run, given the
    same seed). ``progress(chunks_done, chunks)`` is called per chunk; ``threads`` is the Numba
    threads of a local run (None: all).

    >>> vs_random(2, stderr=0)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: stderr must be a finite number above 0 and at most 0.5, got 0
    """
    job = vs_random_job(opponents, stderr=stderr, seed=seed)
    run = run_job(job, executor=executor, results=results, progress=progress, threads=threads)
    return vs_random_table(opponents, run.results)


def vs_random_table(opponents: int, chunks: Sequence[np.ndarray]) -> PreflopTable:
    """The table from the arrays of every chunk of :func:`vs_random_job`, in task order.

    One opponent's chunks hold integer win and tie counts and are summed; more opponents'
    hold one class's Monte Carlo result each.
    """
    rows = []
    if opponents == 1:
        counts = np.sum(chunks, axis=0)  # integers: exact, whatever the order
        for name, (wins, ties) in zip(CLASSES, counts.tolist()):
            total = STARTING_HANDS[name] * SHOWDOWNS_PER_COMBO
            rows.append(PreflopRow(name, STARTING_HANDS[name], (wins + ties / 2) / total, wins / total, ties / total))
    else:
        for name, chunk in zip(CLASSES, chunks):
            value, win, tie, error, _ = chunk.tolist()
            rows.append(PreflopRow(name, STARTING_HANDS[name], value, win, tie, error))
    return PreflopTable(opponents, opponents == 1, tuple(rows))


def _matrix_chunk(cells: tuple[tuple[int, int], ...]) -> np.ndarray:
    """Wins, ties and losses (n, 3) of the first class of each pair, over all its combo pairs."""
    from pokerlab.preflop.kernels import heads_up

    distinct: dict[MatchupKey, int] = {}
    uses = []  # per cell: (matchup position, multiplicity) pairs
    for i, j in cells:
        hero = _class_combos(i)[0]
        found: dict[int, int] = {}
        for villain in _class_combos(j):
            if set(hero) & set(villain):
                continue
            key = canonical_matchup((hero, villain), ())
            position = distinct.setdefault(key, len(distinct))
            found[position] = found.get(position, 0) + 1
        uses.append(found)
    holes = np.array([key[0] for key in distinct], dtype=np.int64).reshape(-1, 2, 2)
    t = load_tables()
    with interruptible():
        counts = heads_up(holes, t.rank, t.offsets, t.flush, category_of_strength())
    out = np.zeros((len(cells), 3), dtype=np.int64)
    for row, ((i, _), found) in enumerate(zip(cells, uses)):
        for position, times in found.items():
            out[row] += times * counts[position]
        out[row] *= STARTING_HANDS[CLASSES[i]]  # every combo of the first class counts the same
    return out


def matrix_job(hands: Sequence[str] | None = None) -> Job:
    """The chunks of :func:`matrix`: every pair of ``hands`` (grid order), the first not after the second.

    >>> matrix_job(["AA", "kk", "AA"]).parameters, len(matrix_job().tasks)
    ({'hands': ['AA', 'KK']}, 113)
    >>> matrix_job([])
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: hands must name at least one of the 169 classes, like ["AA", "AKs", "72o"]
    """
    if hands is None:
        indices = list(range(len(CLASSES)))
    else:
        indices = sorted({class_index(name) for name in check_list("hands", hands, "starting hands")})
        if not indices:
            raise InvalidArgumentError('hands must name at least one of the 169 classes, like ["AA", "AKs", "72o"]')
    cells = [(i, j) for n, i in enumerate(indices) for j in indices[n:]]
    tasks = tuple((tuple(cells[k:k + MATRIX_CHUNK_CELLS]),) for k in range(0, len(cells), MATRIX_CHUNK_CELLS))
    names = [CLASSES[i] for i in indices]
    if len(indices) == len(CLASSES):
        name = "matrix"
    else:
        name = "matrix-" + hashlib.sha1(",".join(names).encode()).hexdigest()[:12]
    return Job(name, {"hands": names}, _matrix_chunk, tasks)


def matrix(hands: Sequence[str] | None = None, *, executor: Executor = None,
           results: str | Path | None = None, progress: Progress | None = None,
           threads: int | None = None) -> PreflopMatrix:
    """The exact heads-up matrix of ``hands`` (default: all 169), in grid order.

    Each cell counts every pair of combos of the two classes that share no card, on every
    board, in integers. ``hands`` is a list of class names such as ``["AA", "AKs", "72o"]``;
    ``executor``, ``results``, ``progress`` and ``threads`` are as for :func:`vs_random`.

    >>> m = matrix(["AA", "KK"])
    >>> m["AA", "KK"]
    Matchup('AA' vs 'KK', equity=0.819461, win=0.817147, tie=0.004627)
    """
    job = matrix_job(hands)
    run = run_job(job, executor=executor, results=results, progress=progress, threads=threads)
    return matrix_of_chunks(job, run.results)


def matrix_of_chunks(job: Job, chunks: Sequence[np.ndarray]) -> PreflopMatrix:
    """The matrix from the arrays of every chunk of a :func:`matrix_job`.

    >>> job = matrix_job(["KK", "AA"])
    >>> matrix_of_chunks(job, run_job(job).results)
    PreflopMatrix(2 x 2 hands)
    """
    hands = tuple(job.parameters["hands"])
    position = {CLASS_INDEX[name]: k for k, name in enumerate(hands)}
    shape = (len(hands), len(hands))
    wins, ties, showdowns = (np.zeros(shape, dtype=np.int64) for _ in range(3))
    for (cells,), counts in zip(job.tasks, chunks):
        for (i, j), (won, tied, lost) in zip(cells, counts.tolist()):
            a, b = position[i], position[j]
            wins[a, b], ties[a, b], showdowns[a, b] = won, tied, won + tied + lost
            wins[b, a], ties[b, a], showdowns[b, a] = lost, tied, won + tied + lost
    return PreflopMatrix(hands, wins, ties, showdowns)
