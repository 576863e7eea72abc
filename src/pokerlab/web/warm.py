"""Warming up before the first request: every kernel the pages reach is compiled (or read from
Numba's cache) by :func:`pokerlab.warmup.warm`, and the server says so. Without it the first
user's answer paid for the compile inside its time budget and came back as a rough estimate,
or took minutes.

>>> said = []
>>> warmed = warm_pages(parts=("tournament",), log=said.append)
>>> said[0]
'pokerlab: preparing the ICM and push/fold kernels (compiled once after an install: a minute or more)'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pokerlab.warmup import PARTS, Warmed, warm

PAGE_PARTS = ("evaluate", "equity", "omaha", "best-five", "breakdown", "videopoker", "videopoker-charts",
              "tournament")
"""The parts of :data:`pokerlab.warmup.PARTS` the pages reach: odds in every game, the grid, the
ranges' breakdown and next cards, video poker's advice and charts, ICM and push/fold."""


def warm_pages(parts: Sequence[str] = PAGE_PARTS, log: Callable[[str], object] = print) -> Warmed:
    """Compile or load the kernels of ``parts``, saying what through ``log``, one line before and
    one after."""
    what = ", ".join(PARTS[name].what.removeprefix("the ").removesuffix(" kernels") for name in parts)
    log(f"pokerlab: preparing the {what} kernels (compiled once after an install: a minute or more)")
    warmed = warm(parts)
    compiled = f"{warmed.compiled} kernel{'' if warmed.compiled == 1 else 's'} compiled"
    log(f"pokerlab: ready in {warmed.seconds:.1f} s ({compiled}, the rest read from the cache)")
    return warmed
