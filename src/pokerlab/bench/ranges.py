"""``pokerlab bench ranges``: range analysis (breakdown, equity by combo, runouts), each beside a
baseline timed in the same run."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from pokerlab.bench.timing import Figure, best_times, on_threads

if TYPE_CHECKING:
    from pokerlab.equity.by_combo import ClassEquity
    from pokerlab.ranges.holdem import Range

FLOP = "Qh 7h 3s"
HERO = "AhKh"
VILLAIN = "22+,A2s+,K8s+,Q9s+,J9s+,T9s,98s,ATo+,KJo+,QJo"
"""About 200 combos once AhKh and the flop are out."""
RANGE_A = "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+"
RANGE_B = "TT+,AQs+,AQo+,KQs,JTs,T9s,98s,87s"
"""Two ranges whose deals on the flop stay within exact enumeration's limit (about 15,000)."""


def _evaluate_each(board: tuple[int, ...], combos: list[tuple[int, int]]) -> None:
    """The baseline of a breakdown: one evaluation per combo from Python, nothing classified."""
    from pokerlab.games.evaluate import evaluate

    for a, b in combos:
        evaluate((a, b, *board))


def _by_class(players: list[Range], board: str) -> list[dict[str, ClassEquity]]:
    """Each player's equity by the 169 starting-hand classes, exact."""
    from pokerlab.equity.api import equity

    return [p.classes for p in equity(players, board, exact=True, by_combo=True).players]


def suite(quick: bool = False) -> list[Figure]:
    """Breakdown of every combo on a flop, a hand against a range by combo, the runouts of a flop,
    and range against range by the 169 classes on 2 threads."""
    from pokerlab.analyses.breakdown import breakdown
    from pokerlab.analyses.runouts import runouts
    from pokerlab.cards.notation import parse_cards
    from pokerlab.equity.api import equity
    from pokerlab.ranges.holdem import COMBOS, Range

    repeat = 3 if quick else 9
    board = parse_cards(FLOP)
    combos = [(a, b) for a, b in COMBOS.tolist() if not {a, b} & set(board)]
    villain = Range(VILLAIN)
    n_villain = len(villain.without(f"{HERO} {FLOP}"))
    a, b = Range(RANGE_A), Range(RANGE_B)
    calls: dict[str, Callable[[], object]] = {
        "breakdown": partial(breakdown, "random", FLOP),
        "evaluate each": partial(_evaluate_each, board, combos),
        "by combo": partial(equity, [HERO, villain], FLOP, exact=True, by_combo=True),
        "plain": partial(equity, [HERO, villain], FLOP, exact=True),
        "runouts": partial(runouts, [HERO, "2c2d"], FLOP, exact=True),
        "flop equity": partial(equity, [HERO, "2c2d"], FLOP, exact=True),
    }
    for call in calls.values():
        call()  # compile and warm up
    times = best_times(calls, repeat=repeat)
    classes = {"by class": on_threads(2, partial(_by_class, [a, b], FLOP)),
               "plain": on_threads(2, partial(equity, [a, b], FLOP, exact=True))}
    classes["by class"]()
    versus = best_times(classes, repeat=max(2, repeat // 3))
    n_a, n_b = len(a.without(FLOP)), len(b.without(FLOP))
    ms = 1e3
    return [
        Figure(f"breakdown of every combo ({len(combos):,}) on {FLOP}", times["breakdown"] * ms, "ms", "<= 20",
               "pl.evaluate of each combo's five cards, from Python", times["evaluate each"] * ms),
        Figure(f"{HERO} vs a {n_villain}-combo range on {FLOP}, by combo, exact", times["by combo"] * ms, "ms",
               "<= 50", "the same call without by_combo", times["plain"] * ms),
        Figure(f"runouts of {HERO} vs 2c2d on {FLOP}, every turn card, exact", times["runouts"] * ms, "ms", "<= 50",
               "one exact equity call on the flop", times["flop equity"] * ms),
        Figure(f"{n_a}-combo range vs {n_b}-combo range on {FLOP}, by combo and class, exact, 2 threads",
               versus["by class"], "s", "<= 1", "the same call without by_combo, 2 threads", versus["plain"]),
    ]
