"""Warming up before the first request: every kernel the pages reach is compiled into Numba's
cache, and those a page's first answer waits for are loaded into the server's process, before
it takes requests; the server says so. Without it the first user's answer paid for the compile
inside its time budget and came back as a rough estimate, or took minutes.

>>> said = []
>>> warmed = warm_pages(parts=("tournament",), log=said.append)
>>> said[0]
'pokerlab: preparing the ICM and push/fold kernels (compiled once after an install: a minute or more)'
>>> said[-1].startswith("pokerlab: ready in ")
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from pokerlab.cli.warmup import PARTS, Warmed, cold, compile_parts, warm

PAGE_PARTS = ("evaluate", "equity", "omaha", "best-five", "by-combo", "breakdown", "videopoker",
              "videopoker-charts", "tournament")
"""The parts of :data:`pokerlab.cli.warmup.PARTS` the pages reach: odds in every game, the grid, the
ranges' heat map (equity by combo), breakdown and next cards, video poker's advice and charts,
ICM and push/fold."""

COMPILED_ONLY = ("videopoker-charts",)
"""The parts compiled into the cache before requests are taken but not loaded into the server
until a request needs them: a strategy chart is worked out in the background over seconds
while its page waits, so loading its kernels (under a second) is lost in it, where warming the
part in the server would work out a whole chart before the first request is taken."""


def warm_pages(parts: Sequence[str] = PAGE_PARTS, log: Callable[[str], object] = print) -> Warmed:
    """Compile the kernels of ``parts`` not in Numba's cache yet (in processes of their own, in
    parallel), then load those of them that a first answer would wait for into this process,
    saying what through ``log``: one line before, one after. What a request needs is then
    compiled, and what it must answer at once is loaded."""
    started = time.perf_counter()
    what = ", ".join(PARTS[name].what.removeprefix("the ").removesuffix(" kernels") for name in parts)
    log(f"pokerlab: preparing the {what} kernels (compiled once after an install: a minute or more)")
    compiled = compile_parts(cold(parts))
    # in this thread, one part after another: a parallel kernel first run from another thread
    # leaves OpenMP a team of its own for that thread, spinning on the cores beside the one
    # that serves requests (an exact answer of 0.02 s then took 4.6 s)
    loaded = warm([name for name in parts if name not in COMPILED_ONLY]).parts
    kernels = {kernel for part in (*compiled.parts, *loaded) for kernel in part.kernels}
    said = f"{len(kernels)} kernel{'' if len(kernels) == 1 else 's'} compiled"
    log(f"pokerlab: ready in {time.perf_counter() - started:.1f} s ({said}, the rest read from the cache)")
    return Warmed((*compiled.parts, *loaded))
