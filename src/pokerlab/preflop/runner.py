"""Chunked jobs: run locally or on a Dask cluster, resumable from a results folder.

A :class:`Job` is a module-level function and one argument tuple per chunk; every chunk
returns a NumPy array. :func:`run_job` runs the chunks not already in the results folder,
here (one after another, each using every core through the Numba kernels) or on a Dask
``distributed`` cluster (each worker process runs one chunk at a time, on all its cores),
and writes each finished chunk at once, atomically, so an interrupted job loses nothing
written and a rerun computes only what is missing.

Folder layout: ``RESULTS/JOB_NAME/job.json`` (the job's name and parameters, checked on a
rerun) and ``chunk-00000.npy`` ... one per finished chunk.
"""

from __future__ import annotations

import importlib
import json
import os
import tempfile
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab.checks import Progress, check_int, check_number, check_progress, check_threads
from pokerlab.errors import InvalidArgumentError, ResultsFolderError, SchedulerError
from pokerlab.extras import naming_extras
from pokerlab.numba_runtime import threads as kernel_threads

Executor = None | str | Any
"""None (this machine), a scheduler address like ``"tcp://host:8786"``, or a ``distributed.Client``."""

CONNECT_TIMEOUT = 3.0
"""Seconds to wait for a Dask scheduler before giving up."""


@dataclass(frozen=True)
class Job:
    """A function and the arguments of each of its chunks, under a name for the results folder."""

    name: str
    parameters: dict[str, Any] = field(repr=False)
    function: Callable[..., np.ndarray] = field(repr=False)
    tasks: tuple[tuple[Any, ...], ...] = field(repr=False)

    def __repr__(self) -> str:
        return f"Job({self.name!r}, {len(self.tasks)} chunk{'s' if len(self.tasks) != 1 else ''})"

    def to_dict(self) -> dict[str, Any]:
        """What ``job.json`` records."""
        return {"name": self.name, "parameters": self.parameters, "chunks": len(self.tasks)}


@dataclass(frozen=True)
class JobRun:
    """The chunks' arrays in task order, and which chunks this run computed or read from disk."""

    results: tuple[np.ndarray, ...] = field(repr=False)
    computed: tuple[int, ...]
    loaded: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """How the run went (the arrays stay out)."""
        return {"computed": list(self.computed), "loaded": list(self.loaded)}


class _Folder:
    """A job's results folder, or nothing to read and write when there is none."""

    def __init__(self, job: Job, root: Path | None) -> None:
        self.path = None if root is None else root / job.name
        if self.path is None:
            return
        record = self.path / "job.json"
        described = json.loads(json.dumps(job.to_dict()))  # as it reads back: tuples become lists
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            found = json.loads(record.read_text()) if record.exists() else None
        except (OSError, ValueError) as err:
            raise ResultsFolderError(f"cannot use {str(self.path)!r} as a results folder: {_reason(err)}") from err
        if found is None:
            self._write(record, lambda handle: handle.write(json.dumps(described, indent=1).encode()))
        elif found != described:
            raise ResultsFolderError(f"{self.path} holds the chunks of a different job: {found}, "
                                     f"not {described}; use another results folder")

    def chunk(self, index: int) -> Path | None:
        return None if self.path is None else self.path / f"chunk-{index:05d}.npy"

    def load(self, index: int) -> np.ndarray | None:
        path = self.chunk(index)
        if path is None or not path.exists():
            return None
        try:
            return np.asarray(np.load(path))
        except (OSError, ValueError) as err:
            raise ResultsFolderError(f"cannot read the chunk {str(path)!r} ({_reason(err)}); "
                                     "delete it to compute it again") from err

    def save(self, index: int, array: np.ndarray) -> None:
        path = self.chunk(index)
        if path is not None:
            self._write(path, lambda handle: np.save(handle, array))

    @staticmethod
    def _write(path: Path, write: Callable[[Any], object]) -> None:
        # A temporary file renamed into place: a chunk file is either whole or absent.
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
        try:
            with os.fdopen(handle, "wb") as out:
                write(out)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise


def _reason(err: Exception) -> str:
    return err.strerror if isinstance(err, OSError) and err.strerror else str(err)


def check_results(results: object) -> Path | None:
    """A results folder: None (keep nothing) or a path that is, or can become, a folder.

    >>> check_results(None), check_results("runs").name
    (None, 'runs')
    >>> check_results(__file__)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.ResultsFolderError: results must be a folder, and '...runner.py' is a file
    """
    if results is None:
        return None
    if not isinstance(results, (str, os.PathLike)) or not str(results).strip():
        raise InvalidArgumentError(f"results must be a folder's path or None, got {results!r}")
    root = Path(results)
    if root.exists() and not root.is_dir():
        raise ResultsFolderError(f"results must be a folder, and {str(root)!r} is a file")
    return root


def check_executor(executor: object) -> Executor:
    """Where to run: None (here), a Dask scheduler's address, or a ``distributed.Client``.

    A scheduler needs the optional ``dask`` extra; without it this says how to install it.

    >>> check_executor(None) is None
    True
    >>> check_executor(4)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: executor must be None, a Dask scheduler address like
    'tcp://host:8786' or a distributed.Client, got 4
    """
    if executor is None:
        return None
    if isinstance(executor, str) and executor.strip():
        _distributed()
        return executor
    if not isinstance(executor, str) and callable(getattr(executor, "submit", None)):
        return executor  # a Client, or anything that submits work the way one does
    raise InvalidArgumentError("executor must be None, a Dask scheduler address like 'tcp://host:8786' "
                               f"or a distributed.Client, got {executor!r}")


def _distributed() -> Any:
    """The ``distributed`` module, or the error that says which extra brings it."""
    with naming_extras("running on a Dask cluster"):
        return importlib.import_module("distributed")


def _chunk_indices(only: object, chunks: int) -> list[int]:
    if only is None:
        return list(range(chunks))
    if isinstance(only, (str, bytes)) or not isinstance(only, Iterable):
        raise InvalidArgumentError(f"only must be a list of chunk numbers from 0 to {chunks - 1}, got {only!r}")
    indices = [check_int("only's chunk numbers", index, low=0, high=chunks - 1) for index in only]
    if not indices or len(set(indices)) != len(indices):
        raise InvalidArgumentError(f"only must list at least one chunk, each once, got {only!r}")
    return indices


def run_job(job: Job, *, executor: Executor = None, results: str | Path | None = None,
            progress: Progress | None = None, threads: int | None = None,
            only: Sequence[int] | None = None) -> JobRun:
    """Run a job's chunks (or those listed in ``only``), skipping chunks already in ``results``.

    ``threads`` is the Numba threads of a local run (None: all); on a cluster each worker
    uses its own. ``progress(chunks_done, chunks_in_all)`` is called at the start and after
    each chunk; chunks found on disk count as done. An exception from ``progress`` stops the
    run; the chunks finished until then stay written.

    >>> from pokerlab.preflop import matrix_job
    >>> run = run_job(matrix_job(["AA", "KK"]), progress=lambda done, total: print(f"{done}/{total}"))
    0/1
    1/1
    >>> run, run.results[0].shape  # per cell (AA-AA, AA-KK, KK-KK): wins, ties, losses
    (JobRun(computed=(0,), loaded=()), (3, 3))
    """
    if not isinstance(job, Job):
        raise InvalidArgumentError(f"job must be a Job, such as vs_random_job(1), got {job!r}")
    executor = check_executor(executor)
    root = check_results(results)
    report = check_progress(progress)
    count = check_threads(threads)
    indices = _chunk_indices(only, len(job.tasks))
    folder = _Folder(job, root)
    arrays: dict[int, np.ndarray] = {}
    for index in indices:
        found = folder.load(index)
        if found is not None:
            arrays[index] = found
    loaded = tuple(arrays)
    pending = [index for index in indices if index not in arrays]
    computed: list[int] = []

    def finish(index: int, array: np.ndarray) -> None:
        folder.save(index, array)
        arrays[index] = array
        computed.append(index)
        if report is not None:
            report(len(arrays), len(indices))

    if report is not None:
        report(len(arrays), len(indices))
    if executor is None:
        with kernel_threads(count):
            for index in pending:
                finish(index, job.function(*job.tasks[index]))
    elif pending:
        _run_on_dask(job, pending, executor, finish)
    return JobRun(tuple(arrays[index] for index in indices), tuple(computed), loaded)


def connect(address: str, timeout: float = CONNECT_TIMEOUT) -> Any:
    """A ``distributed.Client`` for a scheduler address, or :class:`SchedulerError` within ``timeout`` s.

    >>> connect("tcp://127.0.0.1:8786", timeout=-1)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: timeout must be a finite number above 0, got -1
    """
    if not isinstance(address, str) or not address.strip():
        raise InvalidArgumentError(f"address must be a Dask scheduler address like 'tcp://host:8786', got {address!r}")
    seconds = check_number("timeout", timeout, above=0)
    distributed = _distributed()
    try:
        return distributed.Client(address, timeout=seconds)
    except (OSError, TimeoutError, ValueError) as err:
        raise SchedulerError(f"cannot reach the Dask scheduler at {address!r} within {seconds:g} s: {err}") from err


def _run_on_dask(job: Job, pending: list[int], executor: Executor,
                 finish: Callable[[int, np.ndarray], None]) -> None:
    client: Any = connect(executor) if isinstance(executor, str) else executor
    futures = {client.submit(_chunk_on_worker, job.function, job.tasks[index], pure=False): index
               for index in pending}
    try:
        for future in _distributed().as_completed(futures):
            finish(futures[future], future.result())
    finally:
        client.cancel(list(futures))  # nothing left running for a job that stopped early
        if client is not executor:
            client.close()


_WORKER_LOCK = threading.Lock()


def _chunk_on_worker(function: Callable[..., np.ndarray], arguments: tuple[Any, ...]) -> np.ndarray:
    # One chunk at a time per worker process: the kernels already use every core, and Numba's
    # parallel regions must not be entered from two threads at once.
    with _WORKER_LOCK:
        return function(*arguments)
