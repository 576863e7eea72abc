"""``pokerlab bench equity``: exact and Monte Carlo equity against pokerfast (OMPEval) and eval7."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from pokerlab.bench.timing import Figure, best_time, best_times, on_threads

EXACT_CASES: tuple[tuple[str, list[str], str, str, float, str, int], ...] = (
    ("AsKs vs QdQc preflop, exact", ["AsKs", "QdQc"], "", "ms", 1e3, "<= 3", 20),
    ("AhKh vs 2c2d on Qh7h3s, exact, with the Python call", ["AhKh", "2c2d"], "Qh7h3s", "us", 1e6, "<= 22", 200),
    ("AhAs vs KhKs vs QhQs preflop, exact", ["AhAs", "KhKs", "QhQs"], "", "ms", 1e3, "<= 0.55", 20),
    ('"QQ+,AKs" vs "TT+,AQs+" preflop, exact', ["QQ+,AKs", "TT+,AQs+"], "", "s", 1, "<= 0.1", 3),
)
"""(figure, players, board, unit, seconds to unit, target, repeats) of each exact call timed."""


def uncached(call: Callable[[], object]) -> object:
    """``call()`` after emptying equity's result cache, so that it computes afresh."""
    from pokerlab.equity.api import clear_cache

    clear_cache()
    return call()


def suite(quick: bool = False) -> list[Figure]:
    """Exact calls fresh and cached, a hand against a random hand, Monte Carlo rates and the time
    each library needs for one standard error."""
    import eval7
    from pokerfast import equity as ompeval

    from pokerlab.equity.api import equity

    figures = []
    for name, players, board, unit, scale, target, number in EXACT_CASES:
        equity(players, board)  # compile once
        ompeval.equity(players, board=board, threads=2)
        # pokerfast's threads keep spinning a while after each call, so it is timed apart
        cached = partial(equity, players, board)
        runs: dict[str, Callable[[], object]] = {"fresh": partial(uncached, cached)}
        if not board:  # preflop matchups are cached by their suit-relabelled form
            runs["warm"] = cached
        times = best_times(runs, repeat=max(5, number))
        peer = best_time(partial(ompeval.equity, players, board=board, threads=2), repeat=max(5, number))
        figures.append(Figure(name + ", result cache cleared", times["fresh"] * scale, unit, target,
                              "pokerfast (OMPEval), 2 threads", peer * scale))
        if "warm" in times:
            figures.append(Figure(name + ", matchups cached", times["warm"] * scale, unit, target,
                                  "pokerfast (OMPEval), 2 threads", peer * scale))

    vs_random = best_time(partial(uncached, partial(equity, ["AsAh", "random"])), repeat=2)
    figures.append(Figure("AsAh vs a random hand, exact (2,097,572,400 showdowns), cache cleared",
                          vs_random, "s", "<= 2"))

    trials = 2_000_000 if quick else 20_000_000
    target_error = 0.0005
    for name, players, target in (("three random players", ["random"] * 3, ">= 35"),
                                  ("AsKs vs QdQc", ["AsKs", "QdQc"], ">= 50")):
        run = on_threads(2, partial(equity, players, exact=False, trials=trials, seed=1))
        run()
        seconds = best_time(run, repeat=3)
        figures.append(Figure(f"Monte Carlo, {name}, 2 threads", trials / seconds / 1e6, "M showdowns/s", target))
        # pokerfast reports no trial count, so compare the time each needs for one error
        ours = best_time(on_threads(2, partial(equity, players, exact=False, stderr=target_error, seed=2)), repeat=3)
        peer = best_time(partial(ompeval.equity, players, exact=False, stdev=target_error, threads=2), repeat=3)
        figures.append(Figure(f"Monte Carlo, {name}, 2 threads, time to a standard error of {target_error}",
                              ours, "s", "", "pokerfast (OMPEval), same error, 2 threads", peer))
    hero = [eval7.Card(c) for c in ("As", "Ks")]
    e7_trials = 1_000_000
    e7 = best_time(lambda: eval7.py_hand_vs_range_monte_carlo(hero, eval7.HandRange("QdQc"), [], e7_trials),
                   repeat=3)
    mc = figures[-2]
    figures.append(Figure(mc.name, mc.value, mc.unit, mc.target, "eval7 Monte Carlo, 1 thread", e7_trials / e7 / 1e6))
    return figures
