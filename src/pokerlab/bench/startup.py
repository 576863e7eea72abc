"""``pokerlab bench startup``: how long ``pokerlab --version``, ``pokerlab --help`` and
``import pokerlab`` take, each in a new interpreter as a user runs them, against a target of
0.3 s, beside the interpreter starting and doing nothing, in the same run.

Each command runs several times in turn with the others, and its best time counts: the best
is the one a busy machine disturbed least.
"""

from __future__ import annotations

import functools
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from pokerlab.bench.timing import Figure, best_times

TARGET = "<= 0.3"


def commands() -> dict[str, list[str]]:
    """The command lines timed, by name: the installed ``pokerlab`` script where there is one."""
    script = Path(sys.executable).with_name("pokerlab")
    pokerlab = [str(script)] if script.exists() else [sys.executable, "-m", "pokerlab.cli"]
    return {"python -c pass": [sys.executable, "-c", "pass"],
            "python -c 'import pokerlab'": [sys.executable, "-c", "import pokerlab"],
            "pokerlab --version": [*pokerlab, "--version"],
            "pokerlab --help": [*pokerlab, "--help"]}


def suite(quick: bool = False) -> list[Figure]:
    """The figures: each command's best wall time from start to exit."""
    runs: dict[str, Callable[[], object]] = {name: functools.partial(subprocess.run, line, check=True,
                                                                     capture_output=True)
                                             for name, line in commands().items()}
    best = best_times(runs, repeat=3 if quick else 11)
    return [Figure(name, seconds, "s", "" if name == "python -c pass" else TARGET) for name, seconds in best.items()]
