"""Heavy analyses under a time limit: exact while it fits, Monte Carlo for the rest of the time.

>>> from pokerlab.equity.api import equity
>>> r = bounded(lambda **options: equity(["AsKs", "QdQc"], **options), seconds=2.0)
>>> r.exact, round(r.players[0].equity, 4)
(True, 0.4621)
>>> r = bounded(lambda **options: equity(["AsKs", "random", "random"], **options), seconds=0.2, seed=1)
>>> r.exact, r.players[0].stderr > 0
(False, True)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Generic, TypeVar

from pokerlab.cards.notation import format_cards, parse_cards
from pokerlab.equity.api import DEFAULT_STDERR
from pokerlab.errors import ExactTooLargeError, OutOfTimeError, PokerlabError
from pokerlab.games import HOLDEM, Game
from pokerlab.ranges.holdem import starting_hand

T = TypeVar("T")

EXACT_SHARE = 0.5
"""Share of the time budget an exact enumeration may use before it is abandoned."""

MONTE_CARLO_SHARE = 0.85
"""Share of the time left that Monte Carlo is asked for: the work before its first batch (reading
the ranges, checking they can be dealt together) and its last batch run past what it is given."""

MIN_MONTE_CARLO_SECONDS = 0.05
"""Monte Carlo always gets at least this long, so an abandoned exact run still yields a result."""


def bounded(analysis: Callable[..., T], seconds: float, seed: int | None = None,
            started: float | None = None, check: Callable[[], None] | None = None) -> T:
    """Run ``analysis(**equity_options)`` so that it ends about ``seconds`` after ``started``.

    ``started`` is a :func:`time.perf_counter` reading, by default now; a server passes the
    request's arrival, so time spent queued for a worker counts against the budget too.
    The analysis is first asked for an exact answer, which it refuses when the work is
    plainly too large (:class:`ExactTooLargeError`) and which is abandoned once half the
    budget is spent or its pace shows it will not finish by then; then Monte Carlo runs for
    most of the time left (at least a moment, so there is always an answer), stopping early
    at the default standard error. The time is wall-clock, so concurrent requests share the
    cores and each still ends on time. ``check``, if given, is called as the work goes, and
    stops it by raising (a page's newer request supersedes this one).
    """
    started = time.perf_counter() if started is None else started
    exact_started = time.perf_counter()
    exact_deadline = started + seconds * EXACT_SHARE

    def stop_when_late(done: int, total: int) -> None:
        if check is not None:
            check()
        if done >= total:  # a finished run is kept however late: only work still to do is abandoned
            return
        now = time.perf_counter()
        if now > exact_deadline or (done and exact_started + (now - exact_started) * total / done > exact_deadline):
            raise OutOfTimeError

    try:
        stop_when_late(0, 1)  # a request that waited in a queue may be late already
        return analysis(exact=True, progress=stop_when_late)
    except (ExactTooLargeError, OutOfTimeError):
        left = (seconds - (time.perf_counter() - started)) * MONTE_CARLO_SHARE
        return analysis(exact=False, seconds=max(left, MIN_MONTE_CARLO_SECONDS), stderr=DEFAULT_STDERR, seed=seed,
                        progress=None if check is None else lambda _done, _total: check())


def hole_cards(player: str) -> tuple[int, ...] | None:
    """A player's known cards, or None for a range or ``random``.

    >>> hole_cards("AsKs"), hole_cards("QQ+"), hole_cards("random")
    ((51, 47), None, None)
    """
    try:
        return parse_cards(player)
    except PokerlabError:
        return None


def made_hand(player: str, board: str, game: Game = HOLDEM) -> str:
    """What a player holds now: the made hand on a flop or later (high and low in a hi/lo game),
    the starting hand before.

    >>> made_hand("AhKh", "Qh7h3h"), made_hand("AhKh", ""), made_hand("QQ+", "Qh7h3h")
    ('Flush, Ace-King-Queen-Seven-Trey', 'AKs', 'a range')
    >>> from pokerlab.games import OMAHA_HILO
    >>> made_hand("AsKs2d3c", "Qs7s4h8d", OMAHA_HILO)
    'High Card, Ace-King-Queen-Eight-Seven; 8-7-4-2-A, Eight-Seven low'
    """
    cards = hole_cards(player)
    if cards is None:
        return "random" if player == "random" else "a range"
    board_cards = parse_cards(board)
    if not board_cards:
        return starting_hand(cards) if len(cards) == 2 else format_cards(cards)
    high = game.evaluate(cards, board_cards).describe()
    if not game.hilo:
        return high
    low = game.evaluate_low(cards, board_cards)
    return f"{high}; {low.describe() if low is not None else 'no low'}"


K = TypeVar("K", bound=Hashable)


class Background(Generic[K, T]):
    """Results too slow for a request (a strategy chart: up to a minute), each worked out once, one
    at a time, on a daemon thread (so that stopping the server never waits for one); a request
    waits a moment for its result and otherwise hears that it is pending.

    >>> squares = Background(lambda n: n * n)
    >>> squares.result(7, wait=5.0)
    49
    """

    def __init__(self, compute: Callable[[K], T]) -> None:
        self._compute = compute
        self._futures: dict[K, Future[T]] = {}
        self._lock = threading.Lock()
        self._one_at_a_time = threading.Lock()

    def result(self, key: K, wait: float) -> T | None:
        """The result for ``key`` if it is ready within ``wait`` seconds, else None (it goes on).
        A computation that failed raises its error here, and is tried again on the next call."""
        with self._lock:
            future = self._futures.get(key)
            if future is None or (future.done() and future.exception() is not None):
                future = self._futures[key] = Future()
                threading.Thread(target=self._run, args=(key, future), daemon=True).start()
        try:
            return future.result(timeout=wait)
        except FutureTimeout:
            return None

    def _run(self, key: K, future: Future[T]) -> None:
        with self._one_at_a_time:
            try:
                future.set_result(self._compute(key))
            except Exception as err:  # handed to whoever asks for the result
                future.set_exception(err)
