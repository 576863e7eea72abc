import functools
import os
import signal
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))

# The suite shares its two cores with other work (its other worker, other jobs): OpenMP's idle
# threads sleep instead of spinning between parallel kernels, as pokerlab serve has them do,
# or they take the cores the other processes are waiting for. The variable must be set before
# the first parallel kernel starts OpenMP; subprocesses of the tests inherit it.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from pokerlab.cards.iterate import all_hands, sample_hands  # noqa: E402

# A suite started in the background of a script (`make test &`, nohup) inherits Ctrl-C
# ignored, and Python then leaves it ignored: the Ctrl-C tests send SIGINT and expect what a
# terminal gives, Python's own handler, here and in the subprocesses the tests start (which
# inherit an ignored signal, but not a handler). Each xdist worker reads this file too.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_sessionstart(session: pytest.Session) -> None:
    """In the process that starts pytest-xdist's workers, before it starts them: every part's
    kernels compiled (or found warm), each part once, in processes of their own, longest first
    (``pokerlab compile``). Left to the workers, a fresh clone's kernels compiled where a test
    first needed them, often in both workers at once: an empty cache cost the suite 668 s of
    CPU more than a warm one, 465 s with this (the compile alone takes about 400)."""
    if not session.config.pluginmanager.has_plugin("dsession"):
        return  # one process compiles each kernel once anyway
    import time

    from pokerlab.cli.warmup import PARTS, cold, compile_parts

    todo = cold(PARTS)
    if todo:
        writer = session.config.get_terminal_writer()
        writer.line(f"compiling {len(todo)} cold part(s) of pokerlab before the workers start")
        started = time.perf_counter()
        try:
            compile_parts(todo)
        except Exception as error:  # the tests that reach a kernel that fails report it, each its own
            writer.line(f"compiling failed ({type(error).__name__}: {error}); the tests compile what they need")
        else:
            writer.line(f"compiled in {time.perf_counter() - started:.0f} s")


@functools.cache
def _all_hands(n: int) -> np.ndarray:
    return all_hands(n)


@pytest.fixture(scope="session")
def all_five() -> np.ndarray:
    """Every five-card hand, lexicographic, (2598960, 5) uint8."""
    return _all_hands(5)


# Kernels compiled and tables built once per test process, before the tests that reach them:
# on a fresh clone a compile takes from seconds to minutes (on a loaded machine), which must
# neither count against a test's hang guard nor fall on whichever test happens to run first.

@pytest.fixture(scope="session")
def core_kernels() -> None:
    """The batch evaluator compiled for the dtypes the core's tables pass it, and the hand sampler."""
    from pokerlab.games.evaluate import evaluate_many

    for dtype in (np.uint8, np.int16, np.int64):
        evaluate_many(sample_hands(1000, 7, 5).astype(dtype))


@pytest.fixture(scope="session")
def equity_kernels() -> None:
    """Monte Carlo and exact equity (known hands, ranges, random) and the odds grid, compiled."""
    from pokerlab.analyses.grid import grid
    from pokerlab.equity.api import equity

    equity(["AsKs", "QdQc"], exact=False, trials=1000, seed=1)
    equity(["AA,KK", "random"], board="Qh7h3s")
    grid("AsKs", board="TsQs2d")


# The browser tests' fixtures: one server and one browser per module (see browser.py).

@pytest.fixture(scope="module")
def url():
    """The address of a server for one module's browser tests."""
    from browser import serving

    with serving() as address:
        yield address


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium for one module's browser tests."""
    from browser import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture
def page(browser, url):
    """A fresh page at desktop size on the module's server."""
    from browser import new_page

    with new_page(browser, url) as opened:
        yield opened
