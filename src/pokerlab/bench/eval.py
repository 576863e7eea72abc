"""``pokerlab bench eval``: batch evaluation per thread count, full enumeration, one call at a
time and the cold start, against eval7, phevaluator and a C build of the batch loop."""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from functools import partial

import numba
import numpy as np

from pokerlab.bench.timing import Figure, best_time, best_times, on_threads

BATCH_TARGETS = {1: ">= 190", 2: ">= 300"}
"""``evaluate_many`` on 7 cards, M hands/s, by thread count (more threads: no target)."""
VALIDATION_OVERHEAD_TARGET = "<= 15"
"""Validation may cost at most this much (%) over the unvalidated kernel, at every thread count."""
C_BUILD_TARGET = "within 10% of the C build"
"""``evaluate_many`` against a C build of the same loop, output included, at each thread count."""

C_SOURCE = r"""
#include <stdint.h>
#ifdef _OPENMP
#include <omp.h>
#endif
typedef uint64_t pair __attribute__((vector_size(16)));

/* evaluate_many's validated loop over seven-card uint8 rows, line for line: the cards'
   (key, mask) words summed as one vector, a repeat or a bad id found by the mask's bit count,
   a flush by the suit counters, else the perfect hash. Returns the first invalid row. */
static int64_t block(const uint8_t *cards, int64_t start, int64_t stop, const pair *words,
                     const uint16_t *rank, const int32_t *offsets, const uint16_t *flush, uint16_t *out) {
    int64_t bad = stop;
    for (int64_t r = start; r < stop; r++) {
        const uint8_t *c = cards + 7 * r;
        pair sum = words[c[0]] + words[c[1]] + words[c[2]] + words[c[3]] + words[c[4]] + words[c[5]]
                   + words[c[6]];
        uint64_t key = sum[0] + ((uint64_t)0x3333 << 32), mask = sum[1];
        if (__builtin_expect(__builtin_popcountll(mask) != 7, 0)) {
            out[r] = 0;
            if (r < bad) bad = r;
            continue;
        }
        uint64_t suits = (key >> 32) & 0x8888;
        if (__builtin_expect(suits != 0, 0)) {
            unsigned shift = suits & 0x8 ? 0 : suits & 0x80 ? 16 : suits & 0x800 ? 32 : 48;
            out[r] = flush[(mask >> shift) & 0x1FFF];
        } else {
            uint64_t mixed = ((key & 0xFFFFFFFFu) * %(multiplier)du) & %(key_mask)du;
            out[r] = rank[(uint64_t)((int64_t)mixed + offsets[mixed >> %(shift)d])];
        }
    }
    return bad;
}

/* Equal row blocks, one a thread, as Numba's parallel loop splits them. */
int64_t evaluate7(const uint8_t *cards, int64_t n_rows, const pair *words, const uint16_t *rank,
                  const int32_t *offsets, const uint16_t *flush, uint16_t *out, int threads) {
    int64_t first_bad = n_rows;
    #pragma omp parallel num_threads(threads) reduction(min:first_bad)
    {
        int64_t t = 0, n = 1;
#ifdef _OPENMP
        t = omp_get_thread_num();
        n = omp_get_num_threads();
#endif
        first_bad = block(cards, n_rows * t / n, n_rows * (t + 1) / n, words, rank, offsets, flush, out);
    }
    return first_bad;
}
"""
"""The C build ``evaluate_many`` is held to: the same tables, hash and validation, compiled by
the system's C compiler with ``-O3 -march=native -fopenmp``."""


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


def c_build(folder: str) -> Callable[[np.ndarray, np.ndarray, int], int] | None:
    """:data:`C_SOURCE` compiled in ``folder`` and loaded: a call ``(hands, out, threads)``
    fills ``out`` and returns the first invalid row. None without a C compiler (or OpenMP)."""
    from pokerlab.rankings.tables import HASH_MULTIPLIER, HASH_SHIFT, KEY_BITS, load_tables

    compiler = shutil.which(os.environ.get("CC", "cc"))
    if compiler is None:
        return None
    source = os.path.join(folder, "evaluate7.c")
    library = os.path.join(folder, "evaluate7.so")
    with open(source, "w") as f:
        f.write(C_SOURCE % {"multiplier": HASH_MULTIPLIER, "key_mask": (1 << KEY_BITS) - 1, "shift": HASH_SHIFT})
    built = subprocess.run([compiler, "-O3", "-march=native", "-fopenmp", "-shared", "-fPIC", source, "-o", library],
                           capture_output=True)
    if built.returncode:
        return None
    function = ctypes.CDLL(library).evaluate7
    function.restype = ctypes.c_int64
    pointer = ctypes.c_void_p
    function.argtypes = [pointer, ctypes.c_int64, pointer, pointer, pointer, pointer, pointer, ctypes.c_int]
    t = load_tables()
    words, rank, offsets, flush = (np.ascontiguousarray(a) for a in (t.card_words, t.rank, t.offsets, t.flush))

    def run(hands: np.ndarray, out: np.ndarray, threads: int) -> int:
        assert hands.dtype == np.uint8 and hands.shape[1] == 7 and hands.flags.c_contiguous
        assert out.dtype == np.uint16 and out.shape == (len(hands),) and out.flags.c_contiguous
        first_bad: int = function(hands.ctypes.data, len(hands), words.ctypes.data, rank.ctypes.data,
                                  offsets.ctypes.data, flush.ctypes.data, out.ctypes.data, threads)
        return first_bad

    return run


def _into_new_output(in_c: Callable[[np.ndarray, np.ndarray, int], int], hands: np.ndarray, threads: int) -> int:
    """The C build into a fresh output, allocated as evaluate_many allocates its own."""
    return in_c(hands, np.empty(len(hands), dtype=np.uint16), threads)


def suite(quick: bool = False) -> list[Figure]:
    """evaluate_many at each thread count with and without validation, the 133,784,560-hand
    enumeration, per-call rates and the start-up time of a fresh process."""
    import eval7
    from phevaluator import evaluate_cards as phe_evaluate

    from pokerlab import evaluate, evaluate_many
    from pokerlab.cards.iterate import sample_hands
    from pokerlab.cards.notation import card_name
    from pokerlab.rankings.lookup import balanced_prefix_bins, count_strengths_7
    from pokerlab.rankings.tables import load_tables

    figures = []
    n = 1_000_000 if quick else 10_000_000
    hands = sample_hands(n, 7, 12345)
    evaluate_many(hands[:1000])  # compile
    sample = [[eval7.Card(card_name(c)) for c in row] for row in hands[:100_000].tolist()]
    e7 = best_time(lambda: [eval7.evaluate(h) for h in sample], repeat=3) / len(sample)
    out = np.empty(n, dtype=np.uint16)
    with tempfile.TemporaryDirectory() as folder:
        in_c = c_build(folder)
        if in_c is not None and (in_c(hands, out, 1) != n or not np.array_equal(out, evaluate_many(hands))):
            raise AssertionError("the C build disagrees with evaluate_many")
        for count in thread_counts(quick):
            calls = {"validate=False": on_threads(count, partial(evaluate_many, hands, validate=False)),
                     "validated": on_threads(count, partial(evaluate_many, hands, validate=True)),
                     "out=": on_threads(count, partial(evaluate_many, hands, out=out))}
            if in_c is not None:
                calls["C"] = partial(in_c, hands, out, count)
                calls["C, new output"] = partial(_into_new_output, in_c, hands, count)
            times = best_times(calls, repeat=5 if quick else 15)
            for label in ("validate=False", "validated"):
                figures.append(Figure(f"evaluate_many, 7 cards, {count} thread(s), {label}", n / times[label] / 1e6,
                                      "M hands/s", BATCH_TARGETS.get(count, ""),
                                      "eval7.evaluate per call", 1 / e7 / 1e6))
            figures.append(Figure(f"validation overhead, {count} thread(s)",
                                  100 * (times["validated"] / times["validate=False"] - 1), "%",
                                  VALIDATION_OVERHEAD_TARGET))
            if in_c is not None:
                figures.append(Figure(f"evaluate_many(hands, out=out), 7 cards, {count} thread(s)",
                                      n / times["out="] / 1e6, "M hands/s", C_BUILD_TARGET,
                                      "C build of the same loop, into the same out", n / times["C"] / 1e6))
                figures.append(Figure(f"evaluate_many(hands), 7 cards, {count} thread(s), output allocated",
                                      n / times["validated"] / 1e6, "M hands/s", C_BUILD_TARGET,
                                      "C build of the same loop, output allocated", n / times["C, new output"] / 1e6))

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
