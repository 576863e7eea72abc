"""The hold advisor's counts the slow way: every draw of every hold, looked up one by one.

About 2.6 million final hands per dealt hand, so seconds where the advisor takes a millisecond;
it shares nothing with the advisor but each five-card hand's final hand (the game's
``hand_class``), which makes it the advisor's baseline in ``pokerlab bench videopoker``.

>>> counts = enumerate_holds([51, 47, 43, 39, 35], unseen_draws(47), "jacks-9-6")
>>> int(counts[0b11111].sum()), int(counts[0].sum())  # hold all: one hand; hold none: C(47, 5)
(1, 1533939)
"""

from __future__ import annotations

import numpy as np

from pokerlab.cards.iterate import all_hands
from pokerlab.videopoker.draws import binomials, draw_tables
from pokerlab.videopoker.paytable import HAND_SIZE, Paytable, get_paytable


def unseen_draws(unseen: int) -> list[np.ndarray]:
    """Every way to draw k = 0..5 of the ``unseen`` cards (47, or 48 with a joker), as index arrays
    into them (row k)."""
    draws = [np.zeros((1, 0), dtype=np.uint8)]
    for k in range(1, HAND_SIZE + 1):
        subsets = all_hands(k)  # the k-card hands of ids below ``unseen`` are its k-subsets
        draws.append(subsets[subsets.max(axis=1) < unseen])
    return draws


def enumerate_holds(hand: list[int], draws: list[np.ndarray], paytable: Paytable | str) -> list[np.ndarray]:
    """For each hold mask 0..31 (bit i: card i kept), how many final hands of each of the game's
    hands its draws make, by looking up every draw; ``draws`` comes from :func:`unseen_draws`."""
    t = draw_tables(get_paytable(paytable))
    binom = binomials(t.deck_size).astype(np.int64)
    rest = np.array([c for c in range(t.deck_size) if c not in hand], dtype=np.uint8)
    counts = []
    for mask in range(2**HAND_SIZE):
        kept = np.array([hand[i] for i in range(HAND_SIZE) if mask >> i & 1], dtype=np.uint8)
        taken = draws[HAND_SIZE - len(kept)]
        rows = np.sort(np.hstack([np.broadcast_to(kept, (len(taken), len(kept))), rest[taken]]), axis=1)
        index = sum(binom[rows[:, j], j + 1] for j in range(HAND_SIZE))
        counts.append(np.bincount(t.hand_class[index], minlength=len(t.hands)))
    return counts
