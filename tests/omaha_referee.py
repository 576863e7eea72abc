"""A plain, obviously-right Omaha referee, sharing no code with pokerlab's Omaha tables.

The high hand is the best of every two hole cards with every three board cards, each five
valued by :func:`referee.five_card_value` (the textbook categoriser); the low is found by
trying the same 60 (or more) five-card hands and keeping the lowest qualifying one. Equity
deals every board completion and splits the pot by the rules, with exact fractions.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
from numba import njit

from referee import five_card_value

LOW_ORDER = sorted(itertools.combinations(range(8, 0, -1), 5))
"""Every qualifying low as five distinct low ranks (ace = 1 .. eight = 8), highest first,
best first: a low compares by its highest card, then the next, and so on."""


@njit(cache=True)
def best_high(hole, board):
    """The referee's value of the best high hand and the five cards that make it."""
    best = -1
    five = np.zeros(5, dtype=np.int64)
    n = hole.shape[0]
    for a in range(n):
        for b in range(a + 1, n):
            for x in range(5):
                for y in range(x + 1, 5):
                    for z in range(y + 1, 5):
                        v = five_card_value(hole[a], hole[b], board[x], board[y], board[z])
                        if v > best:
                            best = v
                            five[0], five[1], five[2], five[3], five[4] = hole[a], hole[b], board[x], board[y], board[z]
    return best, five


def best_fives(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """The five cards of each row's best high hand, (N, 5)."""
    return np.array([best_high(h.astype(np.int64), b.astype(np.int64))[1] for h, b in zip(holes, boards)])


def low_rank(card: int) -> int:
    """A card's rank for the low: ace 1, deuce 2 .. king 13."""
    rank = card // 4
    return 1 if rank == 12 else rank + 2


def best_low(hole: list[int], board: list[int]) -> int:
    """The best eight-or-better low as a value 1..56 (56 = 5-4-3-2-A), or 0."""
    found = []
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            ranks = sorted((low_rank(c) for c in two + three), reverse=True)
            if len(set(ranks)) == 5 and ranks[0] <= 8:
                found.append(tuple(ranks))
    return 56 - LOW_ORDER.index(min(found)) if found else 0


def lows_vectorised(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """:func:`best_low` for many rows at once with NumPy, for the million-deal check: each
    qualifying five is keyed by its ranks sorted high to low, four bits each, so a smaller
    key is a better low."""
    table = np.array([low_rank(c) if low_rank(c) <= 8 else 15 for c in range(52)], dtype=np.uint8)
    lows_by_key = sorted((sum(r << (4 * (4 - i)) for i, r in enumerate(low)), 56 - n)
                         for n, low in enumerate(LOW_ORDER))
    keys = np.array([k for k, _ in lows_by_key], dtype=np.int64)
    values = np.array([v for _, v in lows_by_key] + [0], dtype=np.uint8)
    best = np.full(len(holes), 1 << 30, dtype=np.int64)
    for i, j in itertools.combinations(range(holes.shape[1]), 2):
        for x, y, z in itertools.combinations(range(5), 3):
            ranks = np.sort(table[np.stack([holes[:, i], holes[:, j], boards[:, x], boards[:, y], boards[:, z]],
                                           axis=1)], axis=1)[:, ::-1].astype(np.int64)
            ok = (ranks[:, 0] <= 8) & np.all(ranks[:, :-1] != ranks[:, 1:], axis=1)
            key = (ranks[:, 0] << 16) | (ranks[:, 1] << 12) | (ranks[:, 2] << 8) | (ranks[:, 3] << 4) | ranks[:, 4]
            best = np.where(ok, np.minimum(best, key), best)
    found = np.searchsorted(keys, best)
    found[(found == len(keys)) | (keys[np.minimum(found, len(keys) - 1)] != best)] = len(keys)
    result: np.ndarray = values[found]
    return result


def equity(hands: list[tuple[list[int], float]] | list[list[tuple[tuple[int, ...], float]]], board: list[int],
           dead: list[int], hilo: bool) -> dict[str, list[Fraction]]:
    """Every deal of one combo per player (weighted) and every board completion, by the rules.

    Each player is a list of (combo, weight). Returns per player the pot share won with the
    high and with the low, the scoops and the high hand's wins, splits and losses, each as a
    weighted fraction of the showdowns.
    """
    players = hands
    n = len(players)
    totals = {k: [Fraction(0)] * n for k in ("hi", "lo", "scoop", "win", "tie", "lose")}
    weight_sum = Fraction(0)
    for deal in itertools.product(*players):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards) | set(board) | set(dead)) != len(cards) + len(board) + len(dead):
            continue
        weight = Fraction(1)
        for _, w in deal:
            weight *= Fraction(w)
        deck = [c for c in range(52) if c not in cards and c not in board and c not in dead]
        for rest in itertools.combinations(deck, 5 - len(board)):
            full = np.array(board + list(rest))
            highs = [best_high(np.array(combo), full)[0] for combo, _ in deal]
            lows = [best_low(list(combo), list(full)) if hilo else 0 for combo, _ in deal]
            top = max(highs)
            hi_winners = [i for i in range(n) if highs[i] == top]
            low_top = max(lows)
            lo_winners = [i for i in range(n) if lows[i] == low_top] if low_top else []
            half = Fraction(1, 2) if lo_winners else Fraction(1)
            for i in range(n):
                hi = half / len(hi_winners) if i in hi_winners else Fraction(0)
                lo = half / len(lo_winners) if i in lo_winners else Fraction(0)
                totals["hi"][i] += weight * hi
                totals["lo"][i] += weight * lo
                totals["scoop"][i] += weight * (hi + lo == 1)
                outcome = "lose" if i not in hi_winners else ("win" if len(hi_winners) == 1 else "tie")
                totals[outcome][i] += weight
            weight_sum += weight
    return {k: [v / weight_sum for v in values] for k, values in totals.items()}
