"""``pokerlab bench``: the speed figures, each beside a baseline run in the same process, so a
ratio survives the noise of a shared machine.

One module per suite (:mod:`~pokerlab.bench.eval`, :mod:`~pokerlab.bench.algorithms`,
:mod:`~pokerlab.bench.equity`, :mod:`~pokerlab.bench.videopoker`,
:mod:`~pokerlab.bench.preflop`, :mod:`~pokerlab.bench.web`, ...,
:mod:`~pokerlab.bench.startup` and :mod:`~pokerlab.bench.compile`), each with a
``suite(quick=False)`` that returns :class:`~pokerlab.bench.timing.Figure` rows. The targets
the figures should meet are written here, in the suites, and nowhere in the library.
``pokerlab bench --markdown BENCHMARKS.md`` rewrites each suite's section of the file between
``<!-- bench:NAME -->`` markers.

The suites compare with other libraries (eval7, phevaluator, pokerfast), which the ``bench``
extra installs with the web suite's HTTP client: ``pip install pokerlab[bench]``. The preflop
suite also needs ``dask``, the web suite ``web`` and the algorithms plot ``plot``.
"""

from __future__ import annotations

import importlib
import os
import platform
import re
import time
from pathlib import Path

import numba
import numpy as np

from pokerlab.bench.timing import Figure
from pokerlab.extras import naming_extras

SUITES: tuple[str, ...] = ("eval", "algorithms", "equity", "videopoker", "preflop", "web", "ranges",
                          "games", "families", "refusals", "tournament", "solver", "startup", "compile")
"""The suites, in the order ``pokerlab bench`` runs them; each is the module ``pokerlab.bench.NAME``."""

__all__ = ["SUITES", "Figure", "markdown", "run_suite", "update_markdown"]


def run_suite(name: str, quick: bool = False) -> list[Figure]:
    """Import and run one suite; ``quick`` takes smaller workloads, for a smoke test.

    A module the suite needs and its extra would install raises
    :class:`~pokerlab.errors.MissingDependencyError`, which names the extra.
    """
    with naming_extras(f"bench {name}"):
        figures: list[Figure] = importlib.import_module(f"pokerlab.bench.{name}").suite(quick=quick)
    return figures


def markdown(name: str, figures: list[Figure], command: str) -> str:
    """A suite's section of BENCHMARKS.md: the machine, then one table row per figure.

    >>> print(markdown("demo", [Figure("f", 1.5, "s", "<= 2")], "pokerlab bench demo").splitlines()[-2])
    | f | 1.500 | s | <= 2 |  |  |  |
    """
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
    text = (path.read_text() if path.exists()
            else "# Benchmarks\n\nProduced by `make bench` (`pokerlab bench --markdown BENCHMARKS.md`).\n")
    pattern = re.compile(rf"<!-- bench:{name} -->.*?<!-- /bench:{name} -->", re.S)
    text = pattern.sub(lambda _: section, text) if pattern.search(text) else text.rstrip() + "\n\n" + section + "\n"
    path.write_text(text)
