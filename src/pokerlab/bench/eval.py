"""``pokerlab bench eval``: batch evaluation per thread count, full enumeration, one call at a
time and the cold start, against eval7 and phevaluator."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from functools import partial

import numba

from pokerlab.bench.timing import Figure, best_time, best_times, on_threads

BATCH_TARGETS = {1: ">= 190", 2: ">= 300"}
"""``evaluate_many`` on 7 cards, M hands/s, by thread count (more threads: no target)."""
VALIDATION_OVERHEAD_TARGET = "<= 15"
"""Validation may cost at most this much (%) over the unvalidated kernel, at every thread count."""


def thread_counts(quick: bool = False) -> list[int]:
    """Every thread count from 1 to the threads Numba runs on (all the machine's cores unless
    ``NUMBA_NUM_THREADS`` says fewer): the validation overhead must hold at each. ``quick``
    takes 1, 2, 4, ... and the most.

    >>> thread_counts()[0], thread_counts()[-1] == numba.get_num_threads()
    (1, True)
    """
    most = numba.get_num_threads()
    if not quick:
        return list(range(1, most + 1))
    counts = [1]
    while counts[-1] * 2 < most:
        counts.append(counts[-1] * 2)
    return counts + [most] if most > 1 else counts


def suite(quick: bool = False) -> list[Figure]:
    """evaluate_many at each thread count with and without validation, the 133,784,560-hand
    enumeration, per-call rates and the start-up time of a fresh process."""
    import eval7
    from phevaluator import evaluate_cards as phe_evaluate

    from pokerlab import evaluate, evaluate_many
    from pokerlab.cards import card_name
    from pokerlab.kernels.evaluation import balanced_prefix_bins, count_strengths_7, sample_hands
    from pokerlab.tables import load_tables

    figures = []
    n = 1_000_000 if quick else 10_000_000
    hands = sample_hands(n, 7, 12345)
    evaluate_many(hands[:1000])  # compile
    sample = [[eval7.Card(card_name(c)) for c in row] for row in hands[:100_000].tolist()]
    e7 = best_time(lambda: [eval7.evaluate(h) for h in sample], repeat=3) / len(sample)
    for count in thread_counts(quick):
        times = best_times({"validate=False": on_threads(count, partial(evaluate_many, hands, validate=False)),
                            "validated": on_threads(count, partial(evaluate_many, hands, validate=True))},
                           repeat=5 if quick else 15)
        for label, t in times.items():
            figures.append(Figure(f"evaluate_many, 7 cards, {count} thread(s), {label}", n / t / 1e6,
                                  "M hands/s", BATCH_TARGETS.get(count, ""),
                                  "eval7.evaluate per call", 1 / e7 / 1e6))
        figures.append(Figure(f"validation overhead, {count} thread(s)",
                              100 * (times["validated"] / times["validate=False"] - 1), "%",
                              VALIDATION_OVERHEAD_TARGET))

    tables = load_tables()
    prefixes, bins = balanced_prefix_bins(64)

    def count_all() -> object:
        return count_strengths_7(prefixes, bins, tables.card_key, tables.card_mask, tables.rank, tables.offsets,
                                 tables.flush)

    count_all()
    for count in (1, 2):
        seconds = best_time(on_threads(count, count_all), repeat=3)
        figures.append(Figure(f"enumerate all 133,784,560 7-card hands, {count} thread(s)", seconds,
                              "s", "<= 0.35" if count == 1 else "<= 0.2",
                              "eval7 at its per-call rate (projected)", 133_784_560 * e7))

    ids = (51, 47, 43, 39, 35, 0, 5)
    cards7 = [eval7.Card(s) for s in "As Ks Qs Js Ts 2c 3d".split()]
    e7_call = best_time(lambda: eval7.evaluate(cards7), repeat=30, number=20_000)
    phe_call = best_time(lambda: phe_evaluate("As", "Ks", "Qs", "Js", "Ts", "2c", "3d"), number=20_000)
    # per-call figures are short: many short runs find the machine's quiet moments
    repeat, number = 30, 20_000
    figures.append(Figure("evaluate((51, 47, 43, 39, 35, 0, 5))",
                          1 / best_time(lambda: evaluate(ids), repeat, number) / 1e3, "k calls/s",
                          ">= 1000", "eval7.evaluate, prebuilt cards", 1 / e7_call / 1e3))
    figures.append(Figure('evaluate("As Ks Qs Js Ts 2c 3d")',
                          1 / best_time(lambda: evaluate("As Ks Qs Js Ts 2c 3d"), repeat, number) / 1e3,
                          "k calls/s", ">= 500", "phevaluator.evaluate_cards, strings", 1 / phe_call / 1e3))

    command = [sys.executable, "-c", "import pokerlab; print(pokerlab.evaluate('AsKsQsJsTs'))"]
    with tempfile.TemporaryDirectory() as empty:
        env = dict(os.environ, NUMBA_CACHE_DIR=empty, PYTHONDONTWRITEBYTECODE="1")
        cold = best_time(lambda: subprocess.run(command, check=True, capture_output=True, env=env), repeat=1)
    warm = best_time(lambda: subprocess.run(command, check=True, capture_output=True), repeat=5)
    figures.append(Figure("cold start, warm Numba cache: " + " ".join(command[1:]), warm, "s", "<= 1.0"))
    figures.append(Figure("cold start, empty Numba cache, first run", cold, "s"))
    return figures
