"""SpecialK's seven-card evaluator (seed 002): face weights whose sums of seven are unique.

Give each rank a weight so that the sum over any seven cards (at most four of a rank)
differs for different rank multisets: then the sum *is* the hand, suits aside. The search
:func:`find_weights` takes the smallest such weights greedily, 0, 1, 5, 22, 98, 453, 2031,
8698, 22854, 83661, 262349, 636345, 1479181 (deuce to ace), exactly the article's. The
largest sum, four aces and three kings, is 7,825,759; rather than a table that long, the sums
are read on a circle: ``rank[sum % 4,565,145]``, the smallest circumference on which the
49,205 seven-card sums still fall on distinct points (:func:`find_circumference`, a brute
force of about a minute and a half on two cores; the article's number again). The same
weights keep hands of five and of six cards apart too, though not hands of different
sizes (a deuce weighs 0), so each size has its own circle, found by the same search:
662,541 points for the 6,175 five-card sums, 2,279,536 for the 18,395 six-card ones.

Suits ride in the same word: each card adds ``face_weight << 9`` plus a suit weight, and the
low nine bits of the sum, the suit weights' sum (0, 1, 8, 57, found by the same search;
unique for each hand size), index ``flush_suit``, which names the suit with five cards or more, if any. A
flush then sums the flush weights of that suit's cards (1, 2, 4, 8, 16, 32, 64, 128, 255,
508, 1012, 2016, 4016: sums of up to seven distinct ones unique, the same search again) and
reads ``flush_rank``, 8,000 entries, shared by all sizes. Tables: 14.3 MiB, the three
circles nearly all of it (8.7 MiB for seven cards).

Native value: the strength itself (the tables are ours and hold strengths 1..7462).

>>> evaluate("As Ks Qs Js Ts 2c 3d")
7462
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np

from pokerlab.algorithms import kernels as compiled
from pokerlab.algorithms.interface import TableSet, check_rows, hand_ids
from pokerlab.cards.notation import CardsLike
from pokerlab.rankings.tables import best_value_of_counts, best_value_of_flush, rank_multisets, strength_of_value

CARD_COUNTS = (5, 6, 7)
FACE_WEIGHTS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""``find_weights(13, per_face=4, cards=7, exact=True)``; a test reruns it."""
SUIT_WEIGHTS = (0, 1, 8, 57)
"""``find_weights(4, per_face=7, cards=7, exact=True)``."""
FLUSH_WEIGHTS = (1, 2, 4, 8, 16, 32, 64, 128, 255, 508, 1012, 2016, 4016)
"""``find_weights(13, per_face=1, cards=7, exact=False)``."""
CIRCUMFERENCES = {5: 662_541, 6: 2_279_536, 7: 4_565_145}
"""``find_circumference(face_keys(n))`` for n cards: 10 s, 55 s and 90 s on two cores, so kept here."""
SUIT_SHIFT = 9


def find_weights(faces: int, per_face: int, cards: int, exact: bool) -> tuple[int, ...]:
    """The greedy smallest weights with unique sums over hands of ``cards`` cards.

    A hand holds each face at most ``per_face`` times. With ``exact`` every hand has exactly
    ``cards`` cards (so the first weight may be 0); otherwise any number up to ``cards``.
    Each weight is the smallest above the last that keeps the sums apart: adding weight w
    to the hands built so far collides exactly when two of them, A and B, differ by d * w
    (d = 1..per_face more cards of the new face in B), with room for the d cards (and,
    with ``exact``, ``|A| = |B| + d``). So every such difference is marked forbidden, and
    the first unmarked weight is taken.

    >>> find_weights(5, per_face=4, cards=7, exact=True)
    (0, 1, 5, 22, 98)
    """
    sums = [np.zeros(1, dtype=np.int64)] + [np.zeros(0, dtype=np.int64)] * cards  # by hand size
    weights: list[int] = []
    for _ in range(faces):
        start = weights[-1] + 1 if weights else (0 if exact else 1)
        top = max(int(s.max()) for s in sums if s.size)
        forbidden = np.zeros(max(top + 2 - start, 1), dtype=np.bool_)
        for d in range(1, per_face + 1):
            for size_b in range(cards - d + 1):
                for size_a in ([size_b + d] if exact else range(cards + 1)):
                    if sums[size_a].size and sums[size_b].size:
                        compiled.mark_weight_collisions(sums[size_a], np.sort(sums[size_b]), d, start, forbidden)
        weight = start + int(np.argmin(forbidden))  # the last slot, top + 1, is never forbidden
        weights.append(weight)
        sums = [np.concatenate([sums[size - k] + k * weight for k in range(min(per_face, size) + 1)])
                for size in range(cards + 1)]
    return tuple(weights)


def find_circumference(keys: np.ndarray, seed: int = 0) -> int:
    """The smallest c such that the keys fall on distinct points ``key % c``.

    Starts at the number of keys (fewer points cannot hold them) and tries every c upward.

    >>> from pokerlab.rankings.tables import rank_multisets
    >>> keys = [sum(c * w for c, w in zip(m, FACE_WEIGHTS[:8])) for m in rank_multisets(7, n_ranks=8)]
    >>> len(keys), find_circumference(np.array(keys))  # seven cards of eight ranks
    (3144, 31454)
    """
    import numba

    shuffled = np.random.default_rng(seed).permutation(np.asarray(keys, dtype=np.int64))
    return int(compiled.first_circumference(shuffled, len(shuffled), int(shuffled.max()) + 2,
                                            numba.get_num_threads()))


def face_keys(n_cards: int) -> np.ndarray:
    """The face-weight sums of the rank multisets of ``n_cards`` cards (49,205 for seven)."""
    return np.array([sum(c * w for c, w in zip(counts, FACE_WEIGHTS)) for counts in rank_multisets(n_cards)],
                    dtype=np.int64)


@dataclasses.dataclass(frozen=True)
class SpecialKTables(TableSet):
    """``card_key`` (52 uint64), ``flush_suit`` (8 x 400 int8: by hand size and suit sum,
    the suit with five cards or -1), ``flush_face`` (13 uint64), ``flush_rank`` (8,000 uint16
    by flush key) and ``rank5``, ``rank6``, ``rank7`` (uint16 strengths by face key modulo
    the circumference of that size)."""

    card_key: np.ndarray
    flush_suit: np.ndarray
    flush_face: np.ndarray
    flush_rank: np.ndarray
    rank5: np.ndarray
    rank6: np.ndarray
    rank7: np.ndarray

    def rank(self, n_cards: int) -> np.ndarray:
        """The circle for hands of ``n_cards``."""
        return {5: self.rank5, 6: self.rank6, 7: self.rank7}[n_cards]


def build_tables() -> SpecialKTables:
    """Generate every table from the reference evaluator."""
    strength = strength_of_value()
    circles = []
    for n_cards, circumference in CIRCUMFERENCES.items():
        rank = np.zeros(circumference, dtype=np.uint16)
        for counts in rank_multisets(n_cards):
            slot = sum(c * w for c, w in zip(counts, FACE_WEIGHTS)) % circumference
            assert rank[slot] == 0, "two hands share a point of the circle"
            rank[slot] = strength[best_value_of_counts(counts)]
        circles.append(rank)
    flush_rank = np.zeros(sum(FLUSH_WEIGHTS[-7:]) + 1, dtype=np.uint16)
    for mask in range(1 << 13):
        if 5 <= mask.bit_count() <= 7:
            flush_rank[sum(w for r, w in enumerate(FLUSH_WEIGHTS) if mask >> r & 1)] = \
                strength[best_value_of_flush(mask)]
    flush_suit = np.full((8, 7 * SUIT_WEIGHTS[-1] + 1), -1, dtype=np.int8)
    for n_cards in CARD_COUNTS:
        suit_counts = list(rank_multisets(n_cards, n_ranks=4, per_rank=7))
        sums = [sum(c * w for c, w in zip(counts, SUIT_WEIGHTS)) for counts in suit_counts]
        assert len(set(sums)) == len(sums), "two suit patterns share a sum"
        for counts, total in zip(suit_counts, sums):
            if max(counts) >= 5:
                flush_suit[n_cards, total] = counts.index(max(counts))
    card_key = np.array([FACE_WEIGHTS[c >> 2] << SUIT_SHIFT | SUIT_WEIGHTS[c & 3] for c in range(52)],
                        dtype=np.uint64)
    return SpecialKTables(card_key, flush_suit, np.array(FLUSH_WEIGHTS, dtype=np.uint64), flush_rank, *circles)


tables = functools.cache(build_tables)
"""The tables, built once per process."""


def evaluate_native(cards: CardsLike) -> int:
    """The strength, read from SpecialK-style tables."""
    ids = hand_ids(cards, CARD_COUNTS)
    t = tables()
    key = sum(FACE_WEIGHTS[c >> 2] << SUIT_SHIFT | SUIT_WEIGHTS[c & 3] for c in ids)
    suit = int(t.flush_suit[len(ids), key & (1 << SUIT_SHIFT) - 1])
    if suit >= 0:
        return int(t.flush_rank[sum(FLUSH_WEIGHTS[c >> 2] for c in ids if c & 3 == suit)])
    return int(t.rank(len(ids))[(key >> SUIT_SHIFT) % CIRCUMFERENCES[len(ids)]])


def evaluate(cards: CardsLike) -> int:
    """Strength 1..7462 (higher wins): here the native value itself."""
    return evaluate_native(cards)


def evaluate_many(hands: np.ndarray) -> np.ndarray:
    """Strengths (uint16) of the rows of an (N, 5..7) array of valid card ids, compiled."""
    rows = check_rows(hands, CARD_COUNTS)  # before the tables, which may take seconds to build
    t = tables()
    n_cards = rows.shape[1]
    values: np.ndarray = compiled.specialk_rows(rows, t.card_key, t.flush_suit[n_cards], t.flush_face, t.flush_rank,
                                                t.rank(n_cards), CIRCUMFERENCES[n_cards])
    return values
