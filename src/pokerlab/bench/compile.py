"""``pokerlab bench compile``: how long compiling every kernel takes from an empty cache, and
that a first run after it is as quick as a second.

``pokerlab compile`` runs in a new process with ``NUMBA_CACHE_DIR`` pointing at a new, empty
folder: its wall time (the parts in parallel, one process per core) and the CPU time of all
its processes (what a machine busy with other work disturbs less), each part's own time in
its process, and the kernels each compiled. Then, with that cache: ``pokerlab compile --again``
(every kernel loaded, none compiled), ``pokerlab compile`` (every part marked warm, skipped),
and the first ``pokerlab equity`` of a new process beside a second, identical one.
``--quick`` compiles the two smallest parts alone.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time

from pokerlab.bench.timing import Figure

QUICK_PARTS = ("breakdown", "tournament")
FIRST_RUN = ("equity", "AhKh", "QQ+,AKs", "--board", "Qh7h3s", "--json")


def _timed(args: list[str], cache: str) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (its processes' and theirs, user and system) and stdout of
    ``pokerlab ARGS`` in a new process on the given cache."""
    before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pokerlab", *args], capture_output=True, text=True, check=True,
                          env={**os.environ, "NUMBA_CACHE_DIR": cache})
    wall, after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, done.stdout


def suite(quick: bool = False) -> list[Figure]:
    """The figures: the compile's wall time and each part's, a cached compile, a first run."""
    parts = list(QUICK_PARTS) if quick else []
    with tempfile.TemporaryDirectory(prefix="pokerlab-bench-cache-") as cache:
        wall, cpu, out = _timed(["compile", "--json", *parts], cache)
        report = json.loads(out)
        what = f"pokerlab compile {' '.join(parts) or '(every part)'}, empty cache, {report['compiled']} kernels"
        figures = [Figure(f"{what}, wall", wall, "s"), Figure(f"{what}, CPU of every process", cpu, "s")]
        figures += [Figure(f"  part {part['name']}: {part['compiled']} kernels, in its process", part["seconds"], "s")
                    for part in report["parts"]]
        again, _, _ = _timed(["compile", "--again", *parts], cache)
        figures.append(Figure("pokerlab compile --again: every kernel loaded from the cache", again, "s"))
        marked, _, _ = _timed(["compile", *parts], cache)
        figures.append(Figure("pokerlab compile with every part warm already", marked, "s"))
        if not quick:
            first, _, _ = _timed(list(FIRST_RUN), cache)
            second, _, _ = _timed(list(FIRST_RUN), cache)
            figures.append(Figure(f"first `pokerlab {' '.join(FIRST_RUN[:-1])}` after pokerlab compile, wall", first,
                                  "s", "as quick as a second", "the same command again", second))
    return figures
