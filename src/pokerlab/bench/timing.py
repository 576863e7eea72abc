"""What every suite shares: the :class:`Figure` a suite reports and the timers that measure it."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from pokerlab.numba_runtime import threads


@dataclass(frozen=True)
class Figure:
    """One measured figure: a throughput (or time), the target it should meet and, where there
    is one, a baseline's figure from the same run.

    >>> Figure("evaluate", 200.0, "M hands/s", baseline="eval7", baseline_value=20.0).ratio
    '10.00x'
    >>> Figure("analyze", 2.0, "s", baseline="projected", baseline_value=8.0).ratio
    '4.00x'
    """

    name: str
    value: float
    unit: str
    target: str = ""
    baseline: str = ""
    baseline_value: float | None = None

    @property
    def ratio(self) -> str:
        """How many times better than the baseline: for throughputs higher is better, for times lower."""
        if not self.baseline_value:
            return ""
        if self.unit.endswith("/s"):
            return f"{self.value / self.baseline_value:.2f}x"
        return f"{self.baseline_value / self.value:.2f}x"


def best_time(fn: Callable[[], object], repeat: int = 5, number: int = 1) -> float:
    """The best of ``repeat`` timings of ``number`` calls, in seconds per call.

    >>> best_time(lambda: sum(range(100)), repeat=2, number=10) > 0
    True
    """
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def best_times(fns: dict[str, Callable[[], object]], repeat: int = 9) -> dict[str, float]:
    """The best of ``repeat`` timings of each function, taken in turn so that a noisy spell
    on a shared machine hits all of them alike; seconds per call by name.

    >>> sorted(best_times({"a": lambda: None, "b": lambda: None}, repeat=2))
    ['a', 'b']
    """
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(repeat):
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def on_threads(count: int, fn: Callable[[], object]) -> Callable[[], object]:
    """``fn`` made to run its kernels on ``count`` Numba threads, for timing at a thread count.

    >>> import numba
    >>> on_threads(1, numba.get_num_threads)()
    1
    """

    def run() -> object:
        with threads(count):
            return fn()

    return run
