"""``pokerlab bench videopoker``: the hold advisor per hand and the whole-game analysis."""

from __future__ import annotations

import subprocess
import sys
from functools import partial

from pokerlab.bench.timing import Figure, best_time
from pokerlab.kernels import sample_hands
from pokerlab.videopoker.advisor import HAND_SIZE, hold_evs
from pokerlab.videopoker.analysis import DEALT_HANDS, analyze
from pokerlab.videopoker.brute_force import enumerate_holds, unseen_draws
from pokerlab.videopoker.draws import draw_tables


def suite(quick: bool = False) -> list[Figure]:
    """hold_evs per hand against evaluating every draw; analyze on 1 and 2 threads."""
    def build() -> None:
        draw_tables.cache_clear()
        draw_tables()

    build()  # load the kernel
    build_seconds = best_time(build, repeat=1 if quick else 3)
    hands = sample_hands(200 if quick else 2000, HAND_SIZE, 2024).tolist()
    hold_evs(hands[0])  # compile or load the kernels
    per_hand = best_time(lambda: [hold_evs(h) for h in hands], repeat=3) / len(hands)
    draws = unseen_draws()
    baseline = best_time(lambda: enumerate_holds(hands[0], draws), repeat=1 if quick else 3)
    figures = [
        Figure("hold_evs, all 32 holds of one hand, warm", per_hand * 1e3, "ms/hand", "<= 5",
               "evaluate every draw of every hold (evaluate_many)", baseline * 1e3),
        Figure("subset count table (294,204 subsets x 10 final hands), built once per process", build_seconds, "s"),
    ]
    analyze("jacks-9-6")  # compile or load the kernels
    projected = DEALT_HANDS * per_hand
    for threads in (1, 2):
        seconds = best_time(partial(analyze, "jacks-9-6", threads=threads), repeat=2 if quick else 5)
        figures.append(Figure(f"analyze('jacks-9-6'), 134,459 deals up to suits, {threads} thread(s)", seconds,
                              "s", "<= 10", "hold_evs on all 2,598,960 deals (projected)", projected))
    command = [sys.executable, "-c", "from pokerlab.videopoker import analyze; analyze('jacks-9-6')"]
    fresh = best_time(lambda: subprocess.run(command, check=True, capture_output=True), repeat=1 if quick else 3)
    figures.append(Figure("python -c \"analyze('jacks-9-6')\": a fresh process, imports and count table included",
                          fresh, "s", "<= 10", "hold_evs on all 2,598,960 deals (projected)", projected))
    return figures
