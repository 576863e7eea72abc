"""Compile the Numba kernels before the work that needs them: once, up front, and said aloud.

A kernel compiles the first time it is called with new argument types, which takes seconds
to minutes on a busy machine, and is then kept in Numba's disk cache. Each :class:`Part`
of :data:`PARTS` is what one kind of user meets (the equity of hold'em, Omaha's, video poker
advice, ...), with a function that calls that part's public functions on tiny inputs, so
that the kernels are compiled for the very argument types the real calls pass them: after
:func:`warm`, a first real call in a new process loads its kernels from the cache and
compiles nothing. ``pokerlab compile`` warms every part, in parallel; a command warms its
part before starting its clock, so that a compile is announced and never counted as work;
the web app warms what its pages need before it takes requests.

>>> warmed = warm(["tournament"])
>>> [part.name for part in warmed.parts], warmed.parts[0].seconds >= 0
(['tournament'], True)

A new part (the solver, say) is a function here that calls its public functions on the
smallest inputs that take every path to its kernels, a :class:`Part` line in :data:`PARTS`,
and its users' calls in ``tests/test_warmup.py``, which checks that once the part is warm
they need no kernel it did not load, and that ``pokerlab compile`` leaves none of the
package's kernels uncompiled.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pokerlab.checks import Progress, check_choice, check_int, check_list, check_progress

__all__ = ["PARTS", "Part", "PartWarmed", "Warmed", "cold", "compile_parts", "counting_compiles", "equity_part", "warm"]


@dataclass(frozen=True)
class Part:
    """One part of pokerlab that has kernels: its ``name`` (as ``pokerlab compile`` takes it),
    ``what`` it compiles, in words ("the Omaha equity kernels"), and ``exercise``, which calls
    the part's public functions on tiny inputs."""

    name: str
    what: str
    exercise: Callable[[], object]


@dataclass(frozen=True)
class PartWarmed:
    """How warming one part went: its ``name``, the ``seconds`` it took, and the ``kernels``
    it compiled, by module and name (those not named loaded from the cache)."""

    name: str
    seconds: float
    kernels: tuple[str, ...]

    @property
    def compiled(self) -> int:
        """How many kernels compiled."""
        return len(self.kernels)

    def to_dict(self) -> dict[str, object]:
        """Plain values, for JSON."""
        return {"name": self.name, "seconds": self.seconds, "compiled": self.compiled, "kernels": list(self.kernels)}


@dataclass(frozen=True)
class Warmed:
    """What :func:`warm` did, part by part, in the order asked."""

    parts: tuple[PartWarmed, ...]

    @property
    def seconds(self) -> float:
        """The time taken by all the parts."""
        return sum(part.seconds for part in self.parts)

    @property
    def compiled(self) -> int:
        """The kernels compiled, over all the parts (none when every one came from the cache)."""
        return sum(part.compiled for part in self.parts)

    def to_dict(self) -> dict[str, object]:
        """Plain values, for JSON."""
        return {"parts": [part.to_dict() for part in self.parts], "seconds": self.seconds, "compiled": self.compiled}


@contextmanager
def counting_compiles(on_start: Callable[[str], None] | None = None) -> Iterator[set[str]]:
    """Within the block, the set of pokerlab kernels Numba compiles (module and name), filled
    as they compile; ``on_start(kernel)`` is told of each as it starts. A kernel loaded from
    the cache is no compile and is not told of.

    >>> with counting_compiles() as compiled:
    ...     pass
    >>> compiled
    set()
    """
    from numba.core import event

    compiled: set[str] = set()

    class Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            function = ev.data["dispatcher"].py_func
            if function.__module__.startswith("pokerlab."):
                name = f"{function.__module__}.{function.__qualname__}"
                compiled.add(name)
                if on_start is not None:
                    on_start(name)

        def on_end(self, ev: Any) -> None:
            pass

    with event.install_listener("numba:compile", Listener()):
        yield compiled


def warm(parts: Iterable[str] | None = None, progress: Progress | None = None) -> Warmed:
    """Compile (or load from the cache) the kernels of ``parts``, names from :data:`PARTS`
    (None: every part), one after the other; ``progress(done, total)`` is told of each part
    done. A part whose kernels are all in the cache takes seconds all the same (its tiny calls
    load every kernel it has), so each part warmed is marked so (see :func:`cold`).

    >>> warm(["nothing"])
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: part must be one of 'equity', 'omaha', 'by-combo', 'best-five', \
'preflop', 'videopoker', 'evaluate', 'tournament', 'videopoker-charts', 'breakdown', 'algorithms', \
'solver'; got 'nothing'
    """
    names = _names(parts)
    progress = check_progress(progress)
    done = []
    for i, name in enumerate(names):
        started = time.perf_counter()
        with counting_compiles() as compiled:
            PARTS[name].exercise()
        done.append(PartWarmed(name, time.perf_counter() - started, tuple(sorted(compiled))))
        _mark_warm(name)
        if progress is not None:
            progress(i + 1, len(names))
    return Warmed(tuple(done))


def cold(parts: Iterable[str]) -> list[str]:
    """Those of ``parts`` not warmed since pokerlab's code, Numba or Python last changed, as
    far as marks beside Numba's cache tell (Numba compiles anew for a changed source file).
    A command warms only these, so that it does not pay seconds to load every kernel of its
    part each time it runs.

    >>> _ = warm(["breakdown"])
    >>> cold(["breakdown"])
    []
    """
    return [name for name in _names(parts) if not _mark(name).exists()]


def _mark(name: str) -> Path:
    """The file whose presence says that part ``name`` is warm: beside Numba's cache (the
    package's ``__pycache__`` unless ``NUMBA_CACHE_DIR`` moves it), named by a digest of the
    code it was warmed with."""
    import os

    where = os.environ.get("NUMBA_CACHE_DIR") or Path(__file__).parents[1] / "__pycache__"
    return Path(where) / f"pokerlab-warm-{name}-{_code_digest()}"


@functools.cache
def _code_digest() -> str:
    import hashlib
    import platform

    from numba import __version__ as numba_version

    root = Path(__file__).parents[1]
    # the faces (the command line, the web app, the benchmarks) pass the kernels nothing of their own
    sources = sorted((str(path.relative_to(root)), path.stat()) for path in root.rglob("*.py")
                     if path.relative_to(root).parts[0] not in ("cli", "web", "bench"))
    described = [numba_version, platform.python_version()] + [f"{name} {st.st_mtime_ns} {st.st_size}"
                                                               for name, st in sources]
    return hashlib.sha256("\n".join(described).encode()).hexdigest()[:16]


def _mark_warm(name: str) -> None:
    try:
        path = _mark(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    except OSError:
        pass  # a read-only cache: the part is warmed again next time, which costs seconds


def compile_parts(parts: Iterable[str] | None = None, *, jobs: int | None = None,
                  on_done: Callable[[PartWarmed], None] | None = None) -> Warmed:
    """:func:`warm` with each part in a process of its own, ``jobs`` at once (None: one per
    core), in the order of :data:`PARTS`, which puts the longest first; ``on_done(part)`` is
    told of each part as it ends. Numba's cache takes what each process compiles, for every
    process after. Ctrl-C stops every process at once.

    >>> compile_parts(["tournament"], jobs=1).parts[0].name
    'tournament'
    """
    import multiprocessing
    import os

    names = _names(parts)
    workers = check_int("jobs", jobs if jobs is not None else os.cpu_count() or 1, low=1, high=256)
    if not names:
        return Warmed(())
    done: dict[str, PartWarmed] = {}
    # fresh interpreters, deaf to Ctrl-C: a forked one would share this one's Numba threads,
    # and each would print its own traceback where this process says one line
    pool = multiprocessing.get_context("spawn").Pool(min(workers, len(names)), _deaf_to_ctrl_c)
    try:
        for part in pool.imap_unordered(_warm_one, sorted(names, key=list(PARTS).index)):
            done[part.name] = part
            if on_done is not None:
                on_done(part)
        pool.close()
    finally:
        pool.terminate()
        pool.join()
    return Warmed(tuple(done[name] for name in names))


def _deaf_to_ctrl_c() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _warm_one(name: str) -> PartWarmed:
    return warm([name]).parts[0]


def _names(parts: Iterable[str] | None) -> list[str]:
    if parts is None:
        return list(PARTS)
    return [check_choice("part", name, list(PARTS)) for name in check_list("parts", parts, "part names")]


def equity_part(game: object) -> str:
    """The part whose kernels compute equity in ``game`` (a name or a
    :class:`~pokerlab.games.Game`): Omaha's engine, the best-five engine of the hi/lo games
    with two hole cards, or hold'em's.

    >>> equity_part("omaha5-hilo"), equity_part("holdem-hilo"), equity_part("short-deck")
    ('omaha', 'best-five', 'equity')
    """
    from pokerlab.games import get

    rules = get(game)  # type: ignore[arg-type]  # get refuses what is not a game or a name
    return "omaha" if rules.hole_used else "best-five" if rules.hilo else "equity"


# Each part's tiny calls take every path from the public functions to the part's kernels:
# before and after the flop, known hands and ranges, exact and Monte Carlo, each combo.


def _evaluate() -> None:
    import numpy as np

    from pokerlab.cards.iterate import (
        all_hands,
        count_hands,
        hands,
        hands_array,
        random_hands,
        random_hands_array,
        sample_hands,
    )
    from pokerlab.games import ACE_TO_FIVE, DEUCE_TO_SEVEN, OMAHA, OMAHA5, OMAHA5_HILO, OMAHA_HILO, SHORT_DECK
    from pokerlab.games.evaluate import evaluate_many

    seven = np.array([[51, 47, 43, 39, 35, 30, 26]], dtype=np.uint8)  # cards of every deck
    evaluate_many(seven)
    evaluate_many(seven, validate=False)
    evaluate_many(seven.astype(np.int64))  # what np.array makes of a list of ints
    next(iter(hands(5)))
    next(iter(random_hands(5, count=1, seed=0)))
    hands_array(7, shared="As Ks Qs Js Ts", dead="2c")
    random_hands_array(7, shared="As Ks Qs", count=1, seed=0)
    count_hands(2)
    all_hands(1)
    sample_hands(1, 7, 0)
    SHORT_DECK.evaluate_many(seven[:, :2], seven[:, 2:])
    # Omaha's rows as arrays of their own, and as slices of one array of deals (strided: two
    # rows, since numpy counts the slices of a single row as contiguous)
    for high, low in ((OMAHA, OMAHA_HILO), (OMAHA5, OMAHA5_HILO)):
        deals = np.array([[51, 47, 0, 1, 2, 43, 39, 35, 4, 8][-high.hole_cards - 5:]] * 2, dtype=np.uint8)
        holes, board = deals[:, :high.hole_cards], deals[:, high.hole_cards:]
        for pair in ((holes, board), (holes.copy(), board.copy())):
            high.evaluate_many(*pair)
            low.evaluate_low_many(*pair)
    DEUCE_TO_SEVEN.evaluate_many(seven[:, :5])
    ACE_TO_FIVE.evaluate_many(seven)


def _algorithms() -> None:
    import numpy as np

    from pokerlab.algorithms import ALGORITHMS, recurrence, specialk

    seven = np.array([[51, 47, 43, 39, 35, 30, 26]], dtype=np.uint8)
    for algorithm in ALGORITHMS.values():
        for n in algorithm.CARD_COUNTS:
            algorithm.evaluate_many(seven[:, :n].copy())
    recurrence.categories_of_five(seven[:, :5].copy())
    specialk.find_weights(3, per_face=2, cards=3, exact=True)
    specialk.find_circumference(np.arange(1, 9))


def _holdem_equity() -> None:
    from pokerlab.analyses.grid import grid
    from pokerlab.analyses.runouts import runouts
    from pokerlab.equity.api import equity

    for game in ("holdem", "short-deck"):
        equity(["AhKh", "QdQc"], game=game)
        equity(["AhKh", "QdQc"], "Qh 7h 8s", game=game)
        equity(["AhKh", "QQ", "random"], "Qh 7h 8s 9d", game=game)
        equity(["AhKh", "QQ"], game=game)
        equity(["AhKh", "QQ,JJ"], trials=64, seed=0, game=game)
    grid("AhKh", "Qh 7h 3s")
    grid("AhKh", trials=64, seed=0)
    runouts(["AhKh", "QQ"], "Qh 7h 3s", pairs=True)


def _by_combo() -> None:
    from pokerlab.equity.api import equity

    for game in ("holdem", "short-deck"):
        equity(["AhKh", "QQ"], "Qh 7h 8s", by_combo=True, game=game)
        equity(["AhKh", "QQ,JJ"], trials=64, seed=0, by_combo=True, game=game)


def _omaha_equity() -> None:
    from pokerlab.analyses.grid import grid
    from pokerlab.analyses.runouts import runouts
    from pokerlab.equity.api import equity

    for game in ("omaha", "omaha-hilo"):
        equity(["AhKhQdJd", "9s8s7c6c"], game=game)
        equity(["AhKhQdJd", "9s8s7c6c"], "Qh 7h 3s", game=game)
        equity(["AhKhQdJd", "AA**"], "Qh 7h 3s", game=game)
        equity(["AhKhQdJd", "random"], trials=64, seed=0, game=game)
        runouts(["AhKhQdJd", "9s8s7c6c"], "Qh 7h 3s 2d", game=game)
    grid("AhKhQdJd", "Qh 7h 3s", trials=64, seed=0, game="omaha")


def _best_five_equity() -> None:
    from pokerlab.analyses.runouts import runouts
    from pokerlab.equity.api import equity

    equity(["AhKh", "2c3d"], game="holdem-hilo")
    equity(["AhKh", "2c3d"], "Qh 7h 4s", game="holdem-hilo")
    equity(["AhKh", "22,33"], "Qh 7h 4s", game="holdem-hilo")
    equity(["AhKh", "random"], trials=64, seed=0, game="holdem-hilo")
    runouts(["AhKh", "2c3d"], "Qh 7h 4s 9d", game="holdem-hilo")


def _breakdown() -> None:
    from pokerlab.analyses.breakdown import breakdown

    breakdown("QQ+,AK,KQs", "Ah 7d 2c")


def _preflop() -> None:
    from pokerlab.preflop import matrix, vs_random_job

    matrix(["AA", "72o"])
    # one chunk of each table's job, as a run computes it: the exact table's first chunk of a
    # split so fine that it holds no board, and the sampled table's first class
    vs_random_job(1).function(0, 1 << 40)
    sampled = vs_random_job(2, stderr=0.5, seed=0)
    sampled.function(*sampled.tasks[0])


def _videopoker() -> None:
    from pokerlab.videopoker import analyze, hold_evs, risk_of_ruin

    for paytable, hand in (("jacks-9-6", "As Ks Kh 4s 4d"), ("deuces-wild-full-pay", "2s Ks Kh 4s 4d"),
                           ("joker-kings-20-7-5", "Jk Ks Kh 4s 4d")):
        hold_evs(hand, paytable)
    analyze("jacks-9-6")
    risk_of_ruin("jacks-9-6", bankroll=100, hands=2)


def _videopoker_charts() -> None:
    from pokerlab.videopoker import get_paytable
    from pokerlab.videopoker.strategy import chart_play

    chart, _ = chart_play(get_paytable("jacks-9-6"), 5)
    chart.hold("As Ks Kh 4s 4d")


def _tournament() -> None:
    from pokerlab.preflop import matrix
    from pokerlab.tournament import icm
    from pokerlab.tournament.icm_pushfold import solve_icm_table
    from pokerlab.tournament.pushfold import ClassTable, solve_table

    icm([50, 30, 20], [70, 30])
    m = matrix(["AA", "72o"])
    table = ClassTable.from_counts(m.hands, m.wins, m.ties, m.showdowns)
    solve_table(table, 10)
    solve_icm_table(table, [10, 10, 10], [1], [0.5, 1])


def _solver() -> None:
    from pokerlab.solver import Spot, solve

    # a river, a turn and a flop (one and two layers of dealt cards), each storage, a lock,
    # and what a solution's nodes compute when read (equities, EVs, the runouts' values)
    for board, bits in (("Td9d6hQc2s", 32), ("Td9d6hQc", 16), ("Td9d6h", 32)):
        spot = Spot(board, "AA,KK", "QQ,AKs", pot=100, stack=100, bets="a")
        solution = solve(spot, max_iterations=2, bits=bits, locks={"Check": {"Check": 1.0}} if bits == 16 else None)
        node = solution.root
        _ = (node.ev, node.equity, node.by_class, node.child(node.actions[0]).ev)


PARTS: dict[str, Part] = {part.name: part for part in (
    Part("equity", "the hold'em and short deck equity kernels", _holdem_equity),
    Part("omaha", "the Omaha equity kernels", _omaha_equity),
    Part("by-combo", "the kernels of equity by combo", _by_combo),
    Part("best-five", "the hold'em hi/lo equity kernels", _best_five_equity),
    Part("preflop", "the preflop table kernels", _preflop),
    Part("videopoker", "the video poker kernels", _videopoker),
    Part("evaluate", "the batch evaluation kernels", _evaluate),
    Part("tournament", "the ICM and push/fold kernels", _tournament),
    Part("videopoker-charts", "the video poker strategy chart kernels", _videopoker_charts),
    Part("breakdown", "the range breakdown kernels", _breakdown),
    Part("algorithms", "the classic evaluators' kernels", _algorithms),
    Part("solver", "the postflop solver's kernels", _solver),
)}
"""Every part with kernels, by name, the longest to compile first (equity's take the most:
minutes on two busy cores), so that parallel processes end together; a part that reuses
another's kernels (equity by combo, push/fold's preflop matrix) comes after it."""
