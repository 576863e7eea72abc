"""``pokerlab bench families``: each game of the catalog beside the game of its family that it
should match, in the same run: short-deck Omaha against Omaha (batch evaluation, a flop call,
Monte Carlo with three hands), hold'em hi/lo against hold'em (a flop call, Monte Carlo with
three random hands, exact heads-up before the flop).

Targets: short-deck Omaha within 10% of Omaha; hold'em hi/lo within twice hold'em's time.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from pokerlab.bench.timing import Figure, best_times, on_threads

THREE_OMAHA = ["AsKsQhJh", "TdTc9c8c", "7h7d6s6c"]
THREE_HOLDEM = ["random", "random", "random"]


def _rows(deck: tuple[int, ...], n: int, hole: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random deals of ``hole`` + 5 cards from ``deck``, as hole and board rows."""
    rng = np.random.default_rng(seed)
    cards = np.array(deck, dtype=np.uint8)
    deals = np.argsort(rng.random((n, len(cards))), axis=1)[:, :hole + 5]
    dealt = cards[deals]
    return np.ascontiguousarray(dealt[:, :hole]), np.ascontiguousarray(dealt[:, hole:])


def suite(quick: bool = False) -> list[Figure]:
    """The figures (see the module's notes)."""
    from pokerlab.equity.api import clear_cache, equity
    from pokerlab.games import HOLDEM, HOLDEM_HILO, OMAHA, SHORT_DECK_OMAHA

    n = 200_000 if quick else 2_000_000
    trials = 20_000 if quick else 1_000_000
    figures = []

    rows = {game.name: _rows(game.deck, n, 4, seed=1) for game in (OMAHA, SHORT_DECK_OMAHA)}
    for game in (OMAHA, SHORT_DECK_OMAHA):
        game.evaluate_many(*rows[game.name])  # compile and load the tables once
    times = best_times({g.name: on_threads(2, partial(g.evaluate_many, *rows[g.name])) for g in (OMAHA,
                                                                                                 SHORT_DECK_OMAHA)})
    figures.append(Figure("short-deck-omaha evaluate_many, 2 threads", n / times[SHORT_DECK_OMAHA.name] / 1e6,
                          "M hands/s", "within 10% of omaha", "omaha, same rows", n / times[OMAHA.name] / 1e6))

    flop = {OMAHA.name: (["AsKsQhJh", "TdTc9c8c"], "Ts9s6s"), SHORT_DECK_OMAHA.name: (["AsKsQhJh", "TdTc9c8c"],
                                                                                     "Ts9s6s")}
    calls: dict[str, Callable[[], object]] = {name: partial(equity, hands, board, game=name)
                                              for name, (hands, board) in flop.items()}
    for call in calls.values():
        call()
    times = best_times(calls)
    figures.append(Figure("short-deck-omaha flop call, two known hands", times[SHORT_DECK_OMAHA.name] * 1e6, "us",
                          "within 10% of omaha", "omaha, same hands", times[OMAHA.name] * 1e6))

    sampled = {g.name: on_threads(2, partial(equity, THREE_OMAHA, game=g, exact=False, trials=trials, seed=1))
               for g in (OMAHA, SHORT_DECK_OMAHA)}
    times = best_times(sampled, repeat=3)
    figures.append(Figure("short-deck-omaha Monte Carlo, three known hands, 2 threads",
                          trials / times[SHORT_DECK_OMAHA.name] / 1e6, "M showdowns/s", "within 10% of omaha",
                          "omaha, same hands", trials / times[OMAHA.name] / 1e6))

    calls = {g.name: partial(equity, ["AhKh", "2c3d"], "Qh7h3s", game=g) for g in (HOLDEM, HOLDEM_HILO)}
    for call in calls.values():
        call()
    times = best_times(calls)
    figures.append(Figure("holdem-hilo flop call, two known hands", times[HOLDEM_HILO.name] * 1e6, "us",
                          "within 2x of holdem", "holdem, same hands", times[HOLDEM.name] * 1e6))

    sampled = {g.name: on_threads(2, partial(equity, THREE_HOLDEM, game=g, trials=trials, seed=1))
               for g in (HOLDEM, HOLDEM_HILO)}
    times = best_times(sampled, repeat=3)
    figures.append(Figure("holdem-hilo Monte Carlo, three random hands, 2 threads",
                          trials / times[HOLDEM_HILO.name] / 1e6, "M showdowns/s", "within 2x of holdem",
                          "holdem, same players", trials / times[HOLDEM.name] / 1e6))

    def preflop(game: str) -> None:
        clear_cache()  # hold'em remembers its preflop matchups; time the work, not the memory
        equity(["AhKh", "2c3d"], game=game)

    calls = {g.name: on_threads(2, partial(preflop, g.name)) for g in (HOLDEM, HOLDEM_HILO)}
    for call in calls.values():
        call()
    times = best_times(calls, repeat=3)
    figures.append(Figure("holdem-hilo exact heads-up before the flop, 2 threads", times[HOLDEM_HILO.name] * 1e3,
                          "ms", "within 2x of holdem", "holdem, same hands", times[HOLDEM.name] * 1e3))
    return figures
