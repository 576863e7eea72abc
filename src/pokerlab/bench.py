"""``pokerlab bench``: the speed figures the issues name, each beside a baseline run in the
same process, so a ratio survives the noise of a shared machine.

Each suite returns :class:`Figure` rows; ``pokerlab bench --markdown BENCHMARKS.md`` rewrites
that suite's section of the file between ``<!-- bench:NAME -->`` markers.
"""

from __future__ import annotations

import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass(frozen=True)
class Figure:
    """One measured figure: a throughput (or time) and, where there is one, a baseline's."""

    name: str
    value: float
    unit: str
    target: str = ""
    baseline: str = ""
    baseline_value: float | None = None

    @property
    def ratio(self) -> str:
        """How many times the baseline: for throughputs higher is better, for times lower."""
        if not self.baseline_value:
            return ""
        if self.unit.endswith("/s"):
            return f"{self.value / self.baseline_value:.2f}x"
        return f"{self.baseline_value / self.value:.2f}x"


def best_time(fn: Callable[[], object], repeat: int = 5, number: int = 1) -> float:
    """The best of ``repeat`` timings of ``number`` calls, in seconds per call."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def best_times(fns: dict[str, Callable[[], object]], repeat: int = 9) -> dict[str, float]:
    """The best of ``repeat`` timings of each function, taken in turn so that a noisy spell
    on a shared machine hits all of them alike; seconds per call by name."""
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(repeat):
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def _with_threads(n: int, fn: Callable[[], object]) -> Callable[[], object]:
    import numba

    def run() -> object:
        previous = numba.get_num_threads()
        numba.set_num_threads(min(n, numba.config.NUMBA_NUM_THREADS))
        try:
            return fn()
        finally:
            numba.set_num_threads(previous)
    return run


def suite_eval(quick: bool = False) -> list[Figure]:
    """Evaluation: batch, enumeration, per call, cold start (issue 2)."""
    import eval7
    from phevaluator import evaluate_cards as phe_evaluate

    from pokerlab import evaluate, evaluate_many, kernels
    from pokerlab.cards import card_name
    from pokerlab.tables import load_tables

    figures = []
    n = 1_000_000 if quick else 10_000_000
    hands = kernels.sample_hands(n, 7, 12345)
    evaluate_many(hands[:1000])  # compile
    sample = [[eval7.Card(card_name(c)) for c in row] for row in hands[:100_000].tolist()]
    e7 = best_time(lambda: [eval7.evaluate(h) for h in sample], repeat=3) / len(sample)
    for threads in (1, 2):
        times = best_times({label: _with_threads(threads, lambda v=validate: evaluate_many(hands, validate=v))
                            for label, validate in (("validate=False", False), ("validated", True))}, repeat=15)
        for label, t in times.items():
            figures.append(Figure(f"evaluate_many, 7 cards, {threads} thread(s), {label}", n / t / 1e6,
                                  "M hands/s", ">= 190" if threads == 1 else ">= 300",
                                  "eval7.evaluate per call", 1 / e7 / 1e6))
        figures.append(Figure(f"validation overhead, {threads} thread(s)",
                              100 * (times["validated"] / times["validate=False"] - 1), "%", "<= 30"))

    t = load_tables()
    prefixes, bins = kernels.balanced_prefix_bins(64)
    def count():
        return kernels.count_strengths_7(prefixes, bins, t.card_key, t.card_mask, t.rank,
                                                  t.offsets, t.flush)
    count()
    for threads in (1, 2):
        seconds = best_time(_with_threads(threads, count), repeat=3)
        figures.append(Figure(f"enumerate all 133,784,560 7-card hands, {threads} thread(s)", seconds,
                              "s", "<= 0.35" if threads == 1 else "<= 0.2",
                              "eval7 at its per-call rate (projected)", 133_784_560 * e7))

    ids = (51, 47, 43, 39, 35, 0, 5)
    cards7 = [eval7.Card(s) for s in "As Ks Qs Js Ts 2c 3d".split()]
    e7_call = best_time(lambda: eval7.evaluate(cards7), repeat=30, number=20_000)
    phe_call = best_time(lambda: phe_evaluate("As", "Ks", "Qs", "Js", "Ts", "2c", "3d"), number=20_000)
    # per-call figures are short: many short runs find the machine's quiet moments
    per_call = dict(repeat=30, number=20_000)
    figures.append(Figure("evaluate((51, 47, 43, 39, 35, 0, 5))",
                          1 / best_time(lambda: evaluate(ids), **per_call) / 1e3, "k calls/s",
                          ">= 1000", "eval7.evaluate, prebuilt cards", 1 / e7_call / 1e3))
    figures.append(Figure('evaluate("As Ks Qs Js Ts 2c 3d")',
                          1 / best_time(lambda: evaluate("As Ks Qs Js Ts 2c 3d"), **per_call) / 1e3,
                          "k calls/s", ">= 500", "phevaluator.evaluate_cards, strings", 1 / phe_call / 1e3))

    command = [sys.executable, "-c", "import pokerlab; print(pokerlab.evaluate('AsKsQsJsTs'))"]
    with tempfile.TemporaryDirectory() as empty:
        env = dict(os.environ, NUMBA_CACHE_DIR=empty, PYTHONDONTWRITEBYTECODE="1")
        cold = best_time(lambda: subprocess.run(command, check=True, capture_output=True, env=env), repeat=1)
    warm = best_time(lambda: subprocess.run(command, check=True, capture_output=True), repeat=5)
    figures.append(Figure("cold start, warm Numba cache: " + " ".join(command[1:]), warm, "s", "<= 1.0"))
    figures.append(Figure("cold start, empty Numba cache, first run", cold, "s"))
    return figures


def suite_equity(quick: bool = False) -> list[Figure]:
    """Exact and Monte Carlo equity against pokerfast (OMPEval) and eval7 (issue 4)."""
    import eval7
    from pokerfast import equity as ompeval

    from pokerlab.equity import clear_cache, equity

    figures = []
    exact_cases = [
        ("AsKs vs QdQc preflop, exact", ["AsKs", "QdQc"], "", "ms", 1e3, "<= 3", 20),
        ("AhKh vs 2c2d on Qh7h3s, exact, with the Python call", ["AhKh", "2c2d"], "Qh7h3s", "us", 1e6, "<= 50", 200),
        ("AhAs vs KhKs vs QhQs preflop, exact", ["AhAs", "KhKs", "QhQs"], "", "ms", 1e3, "<= 1.5", 20),
        ('"QQ+,AKs" vs "TT+,AQs+" preflop, exact', ["QQ+,AKs", "TT+,AQs+"], "", "s", 1, "<= 0.1", 3),
    ]
    for name, players, board, unit, scale, target, number in exact_cases:
        equity(players, board)  # compile once
        ompeval.equity(players, board=board, threads=2)
        # pokerfast's threads keep spinning a while after each call, so it is timed apart
        runs = {"fresh": lambda: (clear_cache(), equity(players, board))}
        if not board:  # preflop matchups are cached by their suit-relabelled form
            runs["warm"] = lambda: equity(players, board)
        times = best_times(runs, repeat=max(5, number))
        times["peer"] = best_time(lambda: ompeval.equity(players, board=board, threads=2), repeat=max(5, number))
        figures.append(Figure(name + ", result cache cleared", times["fresh"] * scale, unit, target,
                              "pokerfast (OMPEval), 2 threads", times["peer"] * scale))
        if "warm" in times:
            figures.append(Figure(name + ", matchups cached", times["warm"] * scale, unit, target,
                                  "pokerfast (OMPEval), 2 threads", times["peer"] * scale))

    vs_random = best_time(lambda: (clear_cache(), equity(["AsAh", "random"])), repeat=2)
    figures.append(Figure("AsAh vs a random hand, exact (2,097,572,400 showdowns), cache cleared",
                          vs_random, "s", "<= 2"))

    trials = 2_000_000 if quick else 20_000_000
    target_error = 0.0005
    for name, players, target in (("three random players", ["random"] * 3, ">= 35"),
                                  ("AsKs vs QdQc", ["AsKs", "QdQc"], ">= 50")):
        run = _with_threads(2, lambda: equity(players, exact=False, trials=trials, seed=1))
        run()
        seconds = best_time(run, repeat=3)
        figures.append(Figure(f"Monte Carlo, {name}, 2 threads", trials / seconds / 1e6, "M showdowns/s", target))
        # pokerfast reports no trial count, so compare the time each needs for one error
        ours = best_time(_with_threads(2, lambda: equity(players, exact=False, stderr=target_error, seed=2)),
                         repeat=3)
        peer = best_time(lambda: ompeval.equity(players, exact=False, stdev=target_error, threads=2), repeat=3)
        figures.append(Figure(f"Monte Carlo, {name}, 2 threads, time to a standard error of {target_error}",
                              ours, "s", "", "pokerfast (OMPEval), same error, 2 threads", peer))
    hero = [eval7.Card(c) for c in ("As", "Ks")]
    e7_trials = 1_000_000
    e7 = best_time(lambda: eval7.py_hand_vs_range_monte_carlo(hero, eval7.HandRange("QdQc"), [], e7_trials),
                   repeat=3)
    mc = figures[-2]
    figures.append(Figure(mc.name, mc.value, mc.unit, mc.target, "eval7 Monte Carlo, 1 thread", e7_trials / e7 / 1e6))
    return figures


SUITES: dict[str, str] = {
    "eval": "pokerlab.bench:suite_eval",
    "equity": "pokerlab.bench:suite_equity",
    "videopoker": "pokerlab.videopoker.benchmark:suite",
    "preflop": "pokerlab.preflop.benchmark:suite",
    "web": "pokerlab.web.benchmark:suite",
    "algorithms": "pokerlab.algorithms.benchmark:suite",
}
"""Suite name -> "module:function"; each issue's analyses register their own suite here."""


def run_suite(name: str, quick: bool = False) -> list[Figure]:
    """Import and run one suite."""
    import importlib

    module, function = SUITES[name].split(":")
    return getattr(importlib.import_module(module), function)(quick=quick)


def markdown(name: str, figures: list[Figure], command: str) -> str:
    """A suite's section of BENCHMARKS.md."""
    import numba

    lines = [f"<!-- bench:{name} -->", f"### `{command}`", "",
             f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
             f"NumPy {np.__version__}, Numba {numba.__version__}; best of several runs, "
             f"{time.strftime('%Y-%m-%d')}.", "",
             "| figure | value | unit | target | baseline (same run) | baseline value | ratio |",
             "|---|---:|---|---|---|---:|---:|"]
    for f in figures:
        base = f"{f.baseline_value:,.3f}" if f.baseline_value is not None else ""
        lines.append(f"| {f.name} | {f.value:,.3f} | {f.unit} | {f.target} | {f.baseline} | {base} | {f.ratio} |")
    lines.append(f"<!-- /bench:{name} -->")
    return "\n".join(lines)


def update_markdown(path: Path, name: str, section: str) -> None:
    """Replace (or append) one suite's section of a Markdown file."""
    text = path.read_text() if path.exists() else "# Benchmarks\n\nProduced by `make bench` (`pokerlab bench --markdown BENCHMARKS.md`).\n"
    pattern = re.compile(rf"<!-- bench:{name} -->.*?<!-- /bench:{name} -->", re.S)
    text = pattern.sub(lambda _: section, text) if pattern.search(text) else text.rstrip() + "\n\n" + section + "\n"
    path.write_text(text)
