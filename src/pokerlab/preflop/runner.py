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

import json
import os
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

import numpy as np

from pokerlab.equity import _numba_threads
from pokerlab.errors import ResultsFolderError, SchedulerError

Progress = Callable[[int, int], None]
"""Called as ``progress(chunks_done, chunks_in_all)``; chunks found on disk count as done."""
Executor = Union[None, str, Any]
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
        return f"Job({self.name!r}, {len(self.tasks)} chunks)"

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

    def __init__(self, job: Job, root: str | Path | None) -> None:
        self.path = None if root is None else Path(root) / job.name
        if self.path is None:
            return
        self.path.mkdir(parents=True, exist_ok=True)
        record = self.path / "job.json"
        described = json.loads(json.dumps(job.to_dict()))  # as it reads back: tuples become lists
        if record.exists():
            found = json.loads(record.read_text())
            if found != described:
                raise ResultsFolderError(f"{self.path} holds the chunks of a different job: {found}, "
                                         f"not {described}; use another results folder")
        else:
            self._write(record, lambda handle: handle.write(json.dumps(described, indent=1).encode()))

    def chunk(self, index: int) -> Path | None:
        return None if self.path is None else self.path / f"chunk-{index:05d}.npy"

    def load(self, index: int) -> np.ndarray | None:
        path = self.chunk(index)
        return np.load(path) if path is not None and path.exists() else None

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


def run_job(job: Job, *, executor: Executor = None, results: str | Path | None = None,
            progress: Progress | None = None, threads: int | None = None,
            only: Sequence[int] | None = None) -> JobRun:
    """Run a job's chunks (or those listed in ``only``), skipping chunks already in ``results``.

    ``threads`` caps the Numba threads of a local run. An exception from ``progress`` stops
    the run; the chunks finished until then stay written.
    """
    folder = _Folder(job, results)
    indices = list(range(len(job.tasks))) if only is None else list(only)
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
        if progress is not None:
            progress(len(arrays), len(indices))

    if progress is not None:
        progress(len(arrays), len(indices))
    if executor is None:
        with _numba_threads(threads):
            for index in pending:
                finish(index, job.function(*job.tasks[index]))
    elif pending:
        _run_on_dask(job, pending, executor, finish)
    return JobRun(tuple(arrays[index] for index in indices), tuple(computed), loaded)


def connect(address: str, timeout: float = CONNECT_TIMEOUT) -> Any:
    """A ``distributed.Client`` for a scheduler address, or :class:`SchedulerError` within ``timeout`` s."""
    from distributed import Client

    try:
        return Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as err:
        raise SchedulerError(f"cannot reach the Dask scheduler at {address!r} within {timeout:g} s: {err}") from err


def _run_on_dask(job: Job, pending: list[int], executor: Executor,
                 finish: Callable[[int, np.ndarray], None]) -> None:
    from distributed import as_completed

    client = connect(executor) if isinstance(executor, str) else executor
    futures = {client.submit(_chunk_on_worker, job.function, job.tasks[index], pure=False): index
               for index in pending}
    try:
        for future in as_completed(futures):
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
