"""``pokerlab bench startup``: how long ``pokerlab --version``, ``pokerlab --help`` and
``import pokerlab`` take, each in a new interpreter as a user runs them, against a target of
0.3 s, beside the interpreter starting and doing nothing, in the same run.

Each command runs several times in turn with the others, and its best time counts: the best
is the one a busy machine disturbed least. The CPU time each took is given too: on a machine
whose cores other work keeps busy, it tells what the wall time would be on a quiet one.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

from pokerlab.bench.timing import Figure

TARGET = "<= 0.3"


def commands() -> dict[str, list[str]]:
    """The command lines timed, by name: the installed ``pokerlab`` script where there is one."""
    script = Path(sys.executable).with_name("pokerlab")
    pokerlab = [str(script)] if script.exists() else [sys.executable, "-m", "pokerlab"]
    return {"python -c pass": [sys.executable, "-c", "pass"],
            "python -c 'import pokerlab'": [sys.executable, "-c", "import pokerlab"],
            "pokerlab --version": [*pokerlab, "--version"],
            "pokerlab --help": [*pokerlab, "--help"]}


def suite(quick: bool = False) -> list[Figure]:
    """The figures: each command's best wall time from start to exit, and its best CPU time
    (user and system), which a machine busy with other work disturbs less."""
    wall = dict.fromkeys(commands(), float("inf"))
    cpu = dict(wall)
    for _ in range(3 if quick else 11):
        for name, line in commands().items():  # in turn, so a noisy spell hits them all alike
            before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
            subprocess.run(line, check=True, capture_output=True)
            wall[name] = min(wall[name], time.perf_counter() - started)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name] = min(cpu[name], after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return [Figure(f"{name}{', CPU' if times is cpu else ''}", times[name], "s",
                   "" if name == "python -c pass" else TARGET)
            for times in (wall, cpu) for name in times]
