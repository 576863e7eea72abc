"""``pokerlab bench videopoker``: the hold advisor per hand, the whole-game analysis, the strategy
chart and the risk of ruin, for one game of each family beside Jacks or Better."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from functools import partial
from math import comb
from pathlib import Path

import numpy as np

from pokerlab.bench.timing import Figure, best_time
from pokerlab.videopoker.advisor import hold_evs
from pokerlab.videopoker.analysis import analyze
from pokerlab.videopoker.brute_force import enumerate_holds, unseen_draws
from pokerlab.videopoker.draws import clear_tables, draw_tables
from pokerlab.videopoker.paytable import HAND_SIZE, MAX_COINS, PAYTABLES
from pokerlab.videopoker.risk import MAX_HANDS, hand_risk, ruin_by_bankroll, safe_bankroll
from pokerlab.videopoker.strategy import forget_charts, saved_strategy

BASELINE = "jacks-9-6"
FAMILIES = ("tens-6-5", "bonus-8-5", "double-double-bonus-9-6", "deuces-wild-full-pay", "joker-kings-20-7-5")
WIDEST = "double-double-bonus-9-6"
"""The built-in game whose risk of ruin carries the most bankrolls (its wins spread widest)."""
"""One game of each family whose tables differ from Jacks or Better's (Bonus Poker Deluxe shares
Jacks or Better's, Double Bonus shares Bonus Poker's, the Deuces Wild tables share one)."""


def _hands(name: str, count: int) -> list[list[int]]:
    deck = PAYTABLES[name].deck_size
    rng = np.random.default_rng(2024)
    return [rng.choice(deck, HAND_SIZE, replace=False).tolist() for _ in range(count)]


def _per_hand(name: str, count: int) -> float:
    hands = _hands(name, count)
    hold_evs(hands[0], name)  # compile or load the kernels, build the tables
    return best_time(lambda: [hold_evs(h, name) for h in hands], repeat=3) / len(hands)


def _build(name: str) -> None:
    clear_tables()
    draw_tables(PAYTABLES[name])


def _chart(name: str) -> None:
    """Build a strategy chart from nothing: no chart kept in memory or saved on disk."""
    forget_charts()
    with tempfile.TemporaryDirectory() as empty:
        saved_strategy(PAYTABLES[name], MAX_COINS, Path(empty))


def suite(quick: bool = False) -> list[Figure]:
    """hold_evs per hand against evaluating every draw; analyze on 1 and 2 threads; each family's
    tables, hold_evs, analyze and strategy chart beside Jacks or Better's; the risk of ruin of
    the longest session."""
    repeat = 1 if quick else 3
    count = 200 if quick else 2000
    _build(BASELINE)  # load the kernels
    tables = {name: best_time(partial(_build, name), repeat=repeat) for name in (BASELINE, *FAMILIES)}
    per_hand = {name: _per_hand(name, count) for name in (BASELINE, *FAMILIES)}
    draws = unseen_draws(47)
    first = _hands(BASELINE, 1)[0]
    brute = best_time(lambda: enumerate_holds(first, draws, BASELINE), repeat=repeat)
    figures = [
        Figure(f"hold_evs('{BASELINE}'), all 32 holds of one hand, warm", per_hand[BASELINE] * 1e3, "ms/hand", "<= 2",
               "look up every draw of every hold (brute_force)", brute * 1e3),
        Figure(f"tables for '{BASELINE}' (hand codes, subset counts), built once per process", tables[BASELINE], "s"),
    ]
    for name in FAMILIES:
        figures.append(Figure(f"hold_evs('{name}'), warm", per_hand[name] * 1e3, "ms/hand", "<= 2",
                              f"hold_evs('{BASELINE}')", per_hand[BASELINE] * 1e3))
        figures.append(Figure(f"tables for '{name}', built once per process", tables[name], "s", "",
                              f"tables for '{BASELINE}'", tables[BASELINE]))
    analyze(BASELINE)  # compile or load the kernels
    projected = comb(52, HAND_SIZE) * per_hand[BASELINE]
    for threads in (1, 2):
        seconds = best_time(partial(analyze, BASELINE, threads=threads), repeat=2 if quick else 5)
        figures.append(Figure(f"analyze('{BASELINE}'), 134,459 deals up to suits, {threads} thread(s)", seconds, "s",
                              "<= 5", "hold_evs on all 2,598,960 deals (projected)", projected))
    baseline = figures[-1].value
    for name in FAMILIES:
        analyze(name, threads=2)
        seconds = best_time(partial(analyze, name, threads=2), repeat=2 if quick else 3)
        figures.append(Figure(f"analyze('{name}'), 2 threads, tables built", seconds, "s", "<= 5",
                              f"analyze('{BASELINE}'), 2 threads", baseline))
    for name in (BASELINE,) if quick else (BASELINE, *FAMILIES):
        analyzed = best_time(partial(analyze, name), repeat=1)
        figures.append(Figure(f"strategy('{name}'): the chart and its exact return, from nothing",
                              best_time(partial(_chart, name), repeat=1), "s", "<= 60",
                              f"analyze('{name}')", analyzed))
    ruin_by_bankroll(hand_risk(BASELINE), 10)  # compile or load the kernel
    for name in (BASELINE,) if quick else (BASELINE, WIDEST):
        one = hand_risk(name)
        seconds = best_time(partial(ruin_by_bankroll, one, MAX_HANDS), repeat=1)
        figures.append(Figure(f"risk_of_ruin('{name}', hands={MAX_HANDS:,}): every bankroll to "
                              f"{safe_bankroll(one, MAX_HANDS):,} bets", seconds, "s", "<= 20"))
    command = [sys.executable, "-c", f"from pokerlab.videopoker import analyze; analyze('{BASELINE}')"]
    fresh = best_time(lambda: subprocess.run(command, check=True, capture_output=True), repeat=repeat)
    figures.append(Figure(f"python -c \"analyze('{BASELINE}')\": a fresh process, imports and tables included",
                          fresh, "s", "<= 5", "hold_evs on all 2,598,960 deals (projected)", projected))
    return figures
