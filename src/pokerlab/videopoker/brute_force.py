"""The hold advisor's counts the slow way: every draw of every hold, evaluated one by one.

About 2.6 million hands per dealt hand, so seconds where the advisor takes a millisecond; it
shares nothing with the advisor but the evaluator and the pay class table, which makes it the
advisor's referee in the tests and its baseline in ``pokerlab bench videopoker``.

>>> counts = enumerate_holds([51, 47, 43, 39, 35], unseen_draws())
>>> int(counts[0b11111].sum()), int(counts[0].sum())  # hold all: one hand; hold none: C(47, 5)
(1, 1533939)
"""

from __future__ import annotations

import numpy as np

from pokerlab.evaluate import evaluate_many
from pokerlab.kernels import all_hands
from pokerlab.kernels import videopoker as kernel
from pokerlab.videopoker.advisor import HAND_SIZE
from pokerlab.videopoker.draws import draw_tables

UNSEEN = 52 - HAND_SIZE


def unseen_draws() -> list[np.ndarray]:
    """Every way to draw k = 0..5 of the 47 unseen cards, as index arrays into them (row k)."""
    draws = [np.zeros((1, 0), dtype=np.uint8)]
    for k in range(1, HAND_SIZE + 1):
        subsets = all_hands(k)  # the k-card hands of ids below 47 are the k-subsets of 47
        draws.append(subsets[subsets.max(axis=1) < UNSEEN])
    return draws


def enumerate_holds(hand: list[int], draws: list[np.ndarray]) -> list[np.ndarray]:
    """For each hold mask 0..31 (bit i: card i kept), how many final hands of each pay class
    its draws make, by evaluating every draw; ``draws`` comes from :func:`unseen_draws`."""
    pay_class = draw_tables().pay_class
    rest = np.array([c for c in range(52) if c not in hand], dtype=np.uint8)
    counts = []
    for mask in range(2**HAND_SIZE):
        kept = np.array([hand[i] for i in range(HAND_SIZE) if mask >> i & 1], dtype=np.uint8)
        taken = draws[HAND_SIZE - len(kept)]
        rows = np.hstack([np.broadcast_to(kept, (len(taken), len(kept))), rest[taken]])
        counts.append(np.bincount(pay_class[evaluate_many(rows, validate=False)], minlength=kernel.N_FINAL))
    return counts
