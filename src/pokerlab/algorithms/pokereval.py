"""poker-eval's way (seed 003): 52-bit hand masks, four suit masks, four 8,192-entry tables.

A hand is a 52-bit mask, bit ``13 * suit + rank`` per card, read as four 13-bit suit
masks. Their OR is the set of ranks held; their XOR the ranks held an odd number of times;
``((c & d) | (h & s)) & ((c & h) | (d & s))`` the ranks held in three suits or more; their
AND the ranks held four times. Four tables, each indexed by a 13-bit rank mask, answer the
rest: ``n_bits`` (how many ranks, uint8), ``straight`` (top rank of the best straight,
0 for none, uint8), ``top_card`` (highest rank, uint8) and ``top_five`` (the five highest
ranks as nibbles at bits 16, 12, 8, 4, 0, uint32). The number of repeated cards,
``cards - n_bits[ranks]``, picks the case: none (high card), one (a pair), two (two pair or
trips), three or more (four of a kind, full house or three pairs); flushes and straights are
checked first when five ranks or more are held. Tables: 86 KiB.

Native value: poker-eval's hand value, the category in bits 24..27 and the deciding ranks
as nibbles below (top card at 16, then 12, 8, 4, 0), higher wins. Strength: its position
among the native values of the 7,462 classes, plus one (a 7,462-entry uint32 array).

>>> hex(evaluate_native("Ac As 4d 5d 6c 7c 8d"))
'0x4060000'
>>> evaluate("Ac As 4d 5d 6c 7c 8d")
5857
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

import numpy as np

from pokerlab.algorithms import kernels as compiled
from pokerlab.algorithms.interface import TableSet, check_rows, hand_ids, sorted_natives
from pokerlab.cards.notation import CardsLike
from pokerlab.rankings.tables import straight_top

CARD_COUNTS = (5, 6, 7)
STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR = (c << 24 for c in range(8, 0, -1))


@dataclasses.dataclass(frozen=True)
class PokerEvalTables(TableSet):
    """The four rank-mask tables, ``card_mask`` (52 uint64) and ``natives`` (7,462 uint32)."""

    n_bits: np.ndarray
    straight: np.ndarray
    top_card: np.ndarray
    top_five: np.ndarray
    card_mask: np.ndarray
    natives: np.ndarray


def _rank_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    n_bits = np.zeros(1 << 13, dtype=np.uint8)
    straight = np.zeros(1 << 13, dtype=np.uint8)
    top_card = np.zeros(1 << 13, dtype=np.uint8)
    top_five = np.zeros(1 << 13, dtype=np.uint32)
    for mask in range(1, 1 << 13):
        desc = [r for r in range(12, -1, -1) if mask >> r & 1]
        n_bits[mask] = len(desc)
        straight[mask] = straight_top(desc) or 0  # a straight never tops at the deuce
        top_card[mask] = desc[0]
        top_five[mask] = sum(r << (16 - 4 * i) for i, r in enumerate(desc[:5]))
    return n_bits, straight, top_card, top_five


def hand_value(ids: Sequence[int], n_bits: Sequence[int], straight: Sequence[int],
               top_card: Sequence[int], top_five: Sequence[int]) -> int:
    """poker-eval's hand value of 5..7 card ids, given the four tables."""
    suits = [0, 0, 0, 0]
    for c in ids:
        suits[c & 3] |= 1 << (c >> 2)
    sc, sd, sh, ss = suits
    ranks = sc | sd | sh | ss
    n_dups = len(ids) - n_bits[ranks]
    value = 0
    if n_bits[ranks] >= 5:
        for suit in suits:
            if n_bits[suit] >= 5:
                value = STRAIGHT_FLUSH | straight[suit] << 16 if straight[suit] else FLUSH | top_five[suit]
        if not value and straight[ranks]:
            value = STRAIGHT | straight[ranks] << 16
        if value and n_dups < 3:  # no full house or four of a kind is possible
            return value
    odd = sc ^ sd ^ sh ^ ss
    pairs = ranks ^ odd  # ranks held twice (or four times)
    trips = ((sc & sd) | (sh & ss)) & ((sc & sh) | (sd & ss))
    if n_dups == 0:
        return top_five[ranks]
    if n_dups == 1:
        return PAIR | top_card[pairs] << 16 | (top_five[ranks ^ pairs] >> 4) & 0xFFF0
    if n_dups == 2 and pairs:
        return TWO_PAIR | top_five[pairs] & 0xFF000 | top_card[ranks ^ pairs] << 8
    if n_dups == 2:
        rest = ranks ^ trips
        kicker = top_card[rest]
        return TRIPS | top_card[trips] << 16 | kicker << 12 | top_card[rest ^ 1 << kicker] << 8
    quads = sc & sd & sh & ss
    if quads:
        quad = top_card[quads]
        return QUADS | quad << 16 | top_card[ranks ^ 1 << quad] << 12
    if n_bits[pairs] != n_dups:  # a rank held three times
        top = top_card[trips]
        return FULL_HOUSE | top << 16 | top_card[(pairs | trips) ^ 1 << top] << 12
    first = top_card[pairs]  # three pairs
    second = top_card[pairs ^ 1 << first]
    return TWO_PAIR | first << 16 | second << 12 | top_card[ranks ^ 1 << first ^ 1 << second] << 8


def build_tables() -> PokerEvalTables:
    """Generate the rank-mask tables, then the native values of the classes."""
    rank_tables = _rank_tables()
    lists = [t.tolist() for t in rank_tables]
    natives = sorted_natives(lambda hand: hand_value(hand, *lists)).astype(np.uint32)
    card_mask = np.array([1 << (13 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.uint64)
    return PokerEvalTables(*rank_tables, card_mask, natives)


tables = functools.cache(build_tables)
"""The tables, built once per process."""


@functools.cache
def _lists() -> tuple[list[int], ...]:
    t = tables()
    return t.n_bits.tolist(), t.straight.tolist(), t.top_card.tolist(), t.top_five.tolist()


def evaluate_native(cards: CardsLike) -> int:
    """poker-eval's hand value: category << 24 plus rank nibbles."""
    return hand_value(hand_ids(cards, CARD_COUNTS), *_lists())


def evaluate(cards: CardsLike) -> int:
    """Strength 1..7462 (higher wins)."""
    return int(np.searchsorted(tables().natives, evaluate_native(cards))) + 1


def evaluate_many(hands: np.ndarray) -> np.ndarray:
    """Strengths (uint16) of the rows of an (N, 5..7) array of valid card ids, compiled."""
    rows = check_rows(hands, CARD_COUNTS)  # before the tables, which may take seconds to build
    t = tables()
    values: np.ndarray = compiled.pokereval_rows(rows, t.card_mask, t.n_bits, t.straight,
                                                 t.top_five, t.top_card, t.natives)
    return values
