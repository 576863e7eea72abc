"""``pokerlab bench algorithms``: every algorithm on the same hands, side by side.

For each algorithm and each of 5 and 7 cards it takes: the rate of its plain-Python
``evaluate`` (on the first hands of the sample, since some are slow), the rate of its
compiled kernel on the same 1,000,000 random hands, its table memory and its table build
time; then how long the exhaustive check against ``default`` takes, with the number of
disagreements in the figure's name (always 0). ``default`` is every figure's baseline.
It also draws ``docs/algorithms.png``: kernel speed against table memory, log scales.
``quick`` takes 100,000 hands, checks five-card hands only and leaves the plot alone.

>>> from pokerlab.algorithms import naive
>>> _python_rate(naive, [[0, 4, 8, 12, 51]]) > 0
True
"""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path
from types import ModuleType

from pokerlab.algorithms import ALGORITHMS, exhaustive
from pokerlab.bench.timing import Figure, best_time
from pokerlab.cards.iterate import sample_hands

PLOT = Path("docs") / "algorithms.png"


def _python_rate(module: ModuleType, rows: list[list[int]]) -> float:
    """Hands per second through ``module.evaluate``."""
    return len(rows) / best_time(lambda: [module.evaluate(r) for r in rows], repeat=3)


def suite(quick: bool = False) -> list[Figure]:
    """Speed, memory and build time of every algorithm; exhaustive checks unless ``quick``."""
    n = 100_000 if quick else 1_000_000
    samples = {cards: sample_hands(n, cards, 2026 + cards) for cards in (5, 7)}
    figures: list[Figure] = []
    speeds: dict[str, tuple[float, int]] = {}
    base: dict[str, float] = {}
    for name in ["default", *(a for a in ALGORITHMS if a != "default")]:
        module = ALGORITHMS[name]
        rows: list[Figure] = []
        for cards, hands in samples.items():
            if cards not in module.CARD_COUNTS:
                continue
            module.evaluate_many(hands[:100])  # compile or load
            slow = name == "naive" and cards == 7
            python_rows = hands[: (2_000 if slow else 20_000) // (10 if quick else 1)].tolist()
            rate = _python_rate(module, python_rows) / 1e3
            kernel = n / best_time(partial(module.evaluate_many, hands), repeat=3) / 1e6
            rows.append(Figure(f"{name}: Python evaluate, {cards} cards ({len(python_rows):,} hands)", rate,
                               "k hands/s"))
            rows.append(Figure(f"{name}: kernel, {cards} cards ({n:,} hands)", kernel, "M hands/s"))
            if cards == 7:
                speeds[name] = (kernel, module.tables().nbytes)
        build = best_time(module.build_tables, repeat=1)
        rows.append(Figure(f"{name}: table memory", module.tables().nbytes / 2**20, "MiB"))
        rows.append(Figure(f"{name}: table build", build, "s"))
        checks = [5] if quick else [5, 7]
        for cards in checks:
            if cards in module.CARD_COUNTS and name != "default":
                start = time.perf_counter()
                wrong = exhaustive.mismatches([module], cards)[name]
                count = "2,598,960" if cards == 5 else "133,784,560"
                rows.append(Figure(f"{name}: exhaustive check, all {count} {cards}-card hands vs default, "
                                   f"{wrong} disagree", time.perf_counter() - start, "s"))
        for f in rows:
            key = f.name.split(": ", 1)[1].split(" (")[0]  # the figure, whatever the sample size
            if name == "default":
                base[key] = f.value
                figures.append(f)
            else:
                figures.append(Figure(f.name, f.value, f.unit, baseline="default" if key in base else "",
                                      baseline_value=base.get(key)))
    if not quick and PLOT.parent.is_dir():  # the committed plot shows full runs only
        plot(speeds, PLOT)
    return figures


def plot(speeds: dict[str, tuple[float, int]], path: Path) -> None:
    """Kernel speed on seven cards against table memory, both log scales, one labelled dot each."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for i, (name, (speed, nbytes)) in enumerate(speeds.items()):
        ax.scatter(nbytes / 2**10, speed, color="tab:red" if name == "default" else "tab:blue")
        # alternate labels above and below, so neighbours with similar tables stay readable
        ax.annotate(name, (nbytes / 2**10, speed), textcoords="offset points", xytext=(6, 5 if i % 2 else -12))
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("table memory (KiB, log scale)")
    ax.set_ylabel("7-card hands per second, millions (log scale)")
    ax.set_title("pokerlab.algorithms: compiled speed against table memory")
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
