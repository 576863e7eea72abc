"""Plain reference evaluators for the games other than hold'em, written apart from the library.

Each one scores five-card hands, given as (N, 5) arrays of card ids (rank * 4 + suit, rank 0 =
deuce), as one int64 per hand: a bigger score is a better hand in that game, equal scores
tie. The whole array is scored at once with NumPy, so every five-card hand of a deck takes
seconds. Hands of more cards take the best score of their five-card subsets.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

Score = Callable[[np.ndarray], np.ndarray]

HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def _groups(ranks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each hand's ranks ordered by how often they occur, then by rank, both descending (so
    K-K-K-2-2 reads K, K, K, 2, 2), and the sorted group sizes (3, 3, 3, 2, 2 there)."""
    size = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    order = np.argsort(-(size * 16 + ranks), axis=1, kind="stable")
    return np.take_along_axis(ranks, order, axis=1), np.take_along_axis(size, order, axis=1)


def _category(size: np.ndarray) -> np.ndarray:
    """The category from group sizes alone (no straights or flushes)."""
    first, second = size[:, 0], size[:, 3]
    category = np.full(len(size), HIGH)
    category[first == 2] = PAIR
    category[(first == 2) & (size[:, 2] == 2)] = TWO_PAIR
    category[first == 3] = TRIPS
    category[(first == 3) & (second == 2)] = FULL_HOUSE
    category[first == 4] = QUADS
    return category


def _pack(position: np.ndarray, ordered: np.ndarray) -> np.ndarray:
    """One int per hand: the category's position, then the five ranks in order of significance."""
    score = position.astype(np.int64)
    for j in range(5):
        score = score * 16 + ordered[:, j]
    return score


def _straight_top(ordered: np.ndarray, size: np.ndarray, low_sets: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """The top rank of a straight of five different ranks (-1 for none): five in a row, or
    one of ``low_sets`` (the ace playing low), which tops at its second highest rank."""
    distinct = size[:, 0] == 1
    top = np.where(distinct & (ordered[:, 0] - ordered[:, 4] == 4), ordered[:, 0], -1)
    for low in low_sets:
        wanted = np.array(sorted(low, reverse=True))
        hit = distinct & (ordered == wanted).all(axis=1)
        top = np.where(hit, wanted[1], top)
    return top


def high_score(cards: np.ndarray, order: tuple[int, ...], low_sets: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """Scores of five-card hands ranked high, with categories ranked as in ``order`` (weakest
    first) and ``low_sets`` the straights where the ace plays low."""
    ranks, suits = cards.astype(np.int64) >> 2, cards.astype(np.int64) & 3
    ordered, size = _groups(ranks)
    category = _category(size)
    top = _straight_top(ordered, size, low_sets)
    flush = (suits == suits[:, :1]).all(axis=1)
    category = np.where(top >= 0, STRAIGHT, category)
    category = np.where(flush, FLUSH, category)
    category = np.where(flush & (top >= 0), STRAIGHT_FLUSH, category)
    straight = top >= 0
    ordered = np.where(straight[:, None], np.stack([top] * 5, axis=1), ordered)
    position = np.array([order.index(c) for c in range(9)])[category]
    return _pack(position, ordered)


STANDARD = (HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH)
SHORT_DECK = (HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH)
TRITON = (HIGH, PAIR, TWO_PAIR, STRAIGHT, TRIPS, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH)
WHEEL = (12, 3, 2, 1, 0)
SHORT_WHEEL = (12, 7, 6, 5, 4)


def short_deck(cards: np.ndarray) -> np.ndarray:
    """Short deck: A-6-7-8-9 is the lowest straight (there is no A-2-3-4-5); a flush beats a full house."""
    return high_score(cards, SHORT_DECK, (SHORT_WHEEL,))


def triton(cards: np.ndarray) -> np.ndarray:
    """Triton's short deck: also three of a kind above a straight."""
    return high_score(cards, TRITON, (SHORT_WHEEL,))


def holdem(cards: np.ndarray) -> np.ndarray:
    """Hold'em, for the Omaha checks."""
    return high_score(cards, STANDARD, (WHEEL,))


def deuce_to_seven(cards: np.ndarray) -> np.ndarray:
    """Deuce-to-seven: hold'em's order turned over, with the ace only high (A-5-4-3-2 is no
    straight, just ace high)."""
    return -high_score(cards, STANDARD, ())


def ace_to_five(cards: np.ndarray) -> np.ndarray:
    """Ace-to-five: the ace is the lowest rank, straights and flushes do not count; fewer
    pairs are better, then the lowest ranks in order of significance."""
    low = (cards.astype(np.int64) >> 2) + 1
    low[low == 13] = 0  # the ace below the deuce
    ordered, size = _groups(low)
    return -_pack(_category(size), ordered)


def eight_or_better(cards: np.ndarray) -> np.ndarray:
    """The eight-or-better low: five different ranks from ace to eight, the lower the better;
    0 when the hand does not qualify."""
    low = (cards.astype(np.int64) >> 2) + 1
    low[low == 13] = 0
    ordered, size = _groups(low)
    qualifies = (size[:, 0] == 1) & (ordered[:, 0] <= 7)
    return np.where(qualifies, (1 << 30) - _pack(np.zeros(len(cards), dtype=np.int64), ordered), 0)


def best_of(cards: np.ndarray, score: Score) -> np.ndarray:
    """The best score among the five-card subsets of each row."""
    n = cards.shape[1]
    return np.max([score(cards[:, list(five)]) for five in itertools.combinations(range(n), 5)], axis=0)


def omaha_best(holes: np.ndarray, boards: np.ndarray, score: Score) -> np.ndarray:
    """The best score using exactly two hole cards and three board cards."""
    return np.max([score(np.concatenate([holes[:, list(h)], boards[:, list(b)]], axis=1))
                   for h in itertools.combinations(range(holes.shape[1]), 2)
                   for b in itertools.combinations(range(5), 3)], axis=0)


def every_hand(deck: list[int], n: int = 5) -> np.ndarray:
    """Every n-card hand of a deck, as an (N, n) uint8 array."""
    return np.array(list(itertools.combinations(deck, n)), dtype=np.uint8)


def brute_equity(hands: list[tuple[int, ...]], board: tuple[int, ...], deck: range, score: Score,
                 omaha: bool = False, hilo: bool = False) -> list[tuple[float, float, float]]:
    """Each player's (high share, low share, scoop) over every completion of the board, by the referee."""
    used = {c for h in hands for c in h} | set(board)
    rest = np.array(list(itertools.combinations([c for c in deck if c not in used], 5 - len(board))),
                    dtype=np.uint8).reshape(-1, 5 - len(board))
    boards = np.concatenate([np.tile(np.array(board, dtype=np.uint8), (len(rest), 1)), rest], axis=1)
    highs, lows = [], []
    for h in hands:
        holes = np.tile(np.array(h, dtype=np.uint8), (len(boards), 1))
        if omaha:
            highs.append(omaha_best(holes, boards, score))
            lows.append(omaha_best(holes, boards, eight_or_better) if hilo else np.zeros(len(boards)))
        else:
            cards = np.concatenate([holes, boards], axis=1)
            highs.append(best_of(cards, score))
            lows.append(best_of(cards, eight_or_better) if hilo else np.zeros(len(boards)))
    high, low = np.stack(highs), np.stack(lows)
    has_low = low.max(axis=0) > 0
    high_win = (high == high.max(axis=0)) / (high == high.max(axis=0)).sum(axis=0)
    low_best = (low == low.max(axis=0)) & has_low
    low_win = low_best / np.maximum(low_best.sum(axis=0), 1)
    hi_share = np.where(has_low, high_win / 2, high_win)
    lo_share = low_win / 2
    scoop = (hi_share + lo_share) == 1
    n = len(boards)
    return [(float(hi_share[i].sum() / n), float(lo_share[i].sum() / n), float(scoop[i].sum() / n))
            for i in range(len(hands))]
