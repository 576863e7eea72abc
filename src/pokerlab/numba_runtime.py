"""What every Numba kernel of pokerlab shares: where the cache goes, threads, and Ctrl-C.

Each kernel lives beside the code it serves (``cards/iterate_kernels.py``,
``rankings/lookup.py``, ``equity/engines/holdem_kernels.py``, ``solver/cfr.py``, ...) and is
a pure function of NumPy arrays and ints, compiled with ``@njit(cache=True, nogil=True)``.
Tables come in as arguments (a kernel that closes over a global array is not cached between
processes), indices are unsigned, and inner loops call no helper that takes arrays.

A serial loop that does call such a helper (a table lookup inlined from
:func:`~pokerlab.rankings.lookup.strength_of_key`) pays an atomic reference-count
increment and decrement per array per call, which Numba's pruning misses across branches:
those loops are compiled with ``_nrt=False`` (no runtime, so they allocate nothing and take
their scratch arrays from the caller), which made them three to five times faster. Parallel
loops need no such care: Numba compiles their bodies without the counts.

Numba caches compiled kernels next to their source, or else in the user's cache directory;
in a read-only install with neither writable, it would refuse to compile at all, so the
cache moves to a private temporary directory first: the package imports this module before
any other, and it loads neither NumPy nor Numba itself.
"""

import os
import signal
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pokerlab.checks import check_threads


def _writable_cache_dir() -> None:
    """Point Numba's cache somewhere writable if neither default place is."""
    configured = os.environ.get("NUMBA_CACHE_DIR") or getattr(sys.modules.get("numba.core.config"), "CACHE_DIR", "")
    if configured or os.access(Path(__file__).parent, os.W_OK):
        return
    user_cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    probe = user_cache
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if os.access(probe, os.W_OK):
        return
    private = tempfile.mkdtemp(prefix="pokerlab-numba-")
    os.environ["NUMBA_CACHE_DIR"] = private  # read when Numba is first imported
    if "numba" in sys.modules:
        sys.modules["numba"].config.CACHE_DIR = private


_writable_cache_dir()


@contextmanager
def threads(count: int | None) -> Iterator[None]:
    """Run the kernels called inside the block on ``count`` Numba threads (None: all of them).

    A count above what Numba was started with uses all it has. The previous count comes back
    when the block ends, so one call's ``threads`` never leaks into the next call.

    >>> import numba
    >>> with threads(1):
    ...     numba.get_num_threads()
    1
    """
    count = check_threads(count)
    if count is None:
        yield
        return
    import numba

    previous = numba.get_num_threads()
    wanted = max(1, min(count, numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]
    if wanted == previous:  # setting costs a few microseconds, a share of a river solve
        yield
        return
    numba.set_num_threads(wanted)
    try:
        yield
    finally:
        numba.set_num_threads(previous)


@contextmanager
def interruptible() -> Iterator[None]:
    """Hold Ctrl-C while a kernel runs in the block, and raise ``KeyboardInterrupt`` as it returns.

    Python runs a signal's handler at its next bytecode, which in a compiled kernel is a call
    back into Numba's runtime: a ``KeyboardInterrupt`` raised there comes out as a
    ``SystemError`` with a long traceback. The drivers call their kernels in batches, so an
    interrupt held to the end of one batch still stops the run at once. Off the main thread,
    where Python delivers no signals, and under a handler other than Python's own, the block
    runs as it is.

    >>> with interruptible():
    ...     pass
    """
    if threading.current_thread() is not threading.main_thread() or (
            signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield
        return
    caught: list[int] = []
    signal.signal(signal.SIGINT, lambda number, _frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if caught:
        raise KeyboardInterrupt


def parts_per_item(items: int) -> int:
    """How many parts to cut each of ``items`` pieces of parallel work into so that every
    Numba thread has some: one where there are as many items as threads, more where fewer.

    >>> import numba
    >>> with threads(2):
    ...     parts_per_item(1), parts_per_item(5)
    (2, 1)
    """
    import numba  # the kernels that take parts have loaded it

    return max(1, int(numba.get_num_threads()) // max(items, 1))


def batch_within(left: int, per_chunk: int, n_chunks: int) -> tuple[int, int]:
    """(trials per chunk, chunks) of a Monte Carlo kernel call that deals no more than the
    ``left`` trials asked for: ``per_chunk`` at most in each of ``n_chunks``, and the last fewer
    than ``n_chunks`` trials one to a chunk, so a run deals exactly its ``trials``.

    >>> batch_within(1000, 64, 64), batch_within(40, 4, 64)
    ((15, 64), (1, 40))
    """
    if left >= n_chunks:
        return max(1, min(per_chunk, left // n_chunks)), n_chunks
    return 1, left


__all__ = ["batch_within", "interruptible", "threads"]
