"""Kernels for :mod:`pokerlab.algorithms`: each seed's evaluator compiled, plus its searches.

One kernel per algorithm takes an (N, n) uint8 array of valid hands and the algorithm's
tables, and returns per row the algorithm's native value where that is a class (Cactus
Kev's 1..7462) or a strength, and otherwise the strength found from the native value by a
binary search over the classes' sorted values (naive, poker-eval). Rows run in parallel.
The per-hand code is written out inside the row loop: a helper that took the tables
would be an array-passing call in the innermost loop. Two search kernels
serve SpecialK's brute-force searches for face weights and the circle's circumference.

>>> hand = np.array([[0, 4, 8, 12, 51]], dtype=np.uint8)  # 2c 3c 4c 5c As: a wheel, no flush
>>> category_rows_5(hand, np.arange(10, dtype=np.uint8))  # residue 5 - 3 = 2: a straight
array([2], dtype=uint8)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

_ONE = np.uint64(1)
_TWO = np.uint64(2)
_THREE = np.uint64(3)
_FOUR = np.uint64(4)
_NIBBLE = np.uint64(15)
_SUIT_RANKS = np.uint64(0x1FFF)
_WHEEL = np.uint64(0x100F)
"""Ranks A, 5, 4, 3, 2 as a 13-bit mask: the one straight that is not five adjacent bits."""


@njit(cache=True, nogil=True)
def naive_five(c0: Any, c1: Any, c2: Any, c3: Any, c4: Any) -> Any:
    """Category << 20 plus five rank nibbles in tie-break order, for five card ids."""
    counts = np.uint64(0)
    for c in (c0, c1, c2, c3, c4):
        counts += _ONE << (_FOUR * (np.uint64(c) >> _TWO))
    flush = (c0 & 3) == (c1 & 3) == (c2 & 3) == (c3 & 3) == (c4 & 3)
    # ranks by (count, rank) descending, one nibble per card: a run per count, then joined
    quads = trips = pairs = singles = np.uint64(0)
    n_quads = n_trips = n_pairs = n_singles = 0
    top_count: Any = 0
    for r in range(12, -1, -1):
        count = (counts >> np.uint64(4 * r)) & _NIBBLE
        rank = np.uint64(r)
        if count == 1:
            singles = singles << _FOUR | rank
            n_singles += 1
        elif count == 2:
            pairs = pairs << np.uint64(8) | rank << _FOUR | rank
            n_pairs += 1
        elif count == 3:
            trips = trips << np.uint64(12) | rank << np.uint64(8) | rank << _FOUR | rank
            n_trips += 1
        elif count == 4:
            quads = rank << np.uint64(12) | rank << np.uint64(8) | rank << _FOUR | rank
            n_quads = 1
        top_count = max(top_count, count)
    distinct = n_singles + n_pairs + n_trips + n_quads
    value = ((quads << np.uint64(12 * n_trips) | trips) << np.uint64(8 * n_pairs) | pairs) \
        << np.uint64(4 * n_singles) | singles
    straight_top: Any = -1
    if distinct == 5:
        high = (value >> np.uint64(16)) & _NIBBLE
        if high - (value & _NIBBLE) == 4:
            straight_top = high
        elif high == 12 and (value >> np.uint64(12)) & _NIBBLE == 3:
            straight_top = 3
    if straight_top >= 0:
        category = 8 if flush else 4
        return np.uint64(category) << np.uint64(20) | np.uint64(straight_top) << np.uint64(16)
    if top_count == 4:
        category = 7
    elif top_count == 3:
        category = 6 if distinct == 2 else 3
    elif flush:
        category = 5
    elif top_count == 2:
        category = 2 if distinct == 3 else 1
    else:
        category = 0
    return np.uint64(category) << np.uint64(20) | value


@njit(cache=True, nogil=True, parallel=True)
def naive_rows(cards: np.ndarray, natives: np.ndarray) -> np.ndarray:
    """Strength of each row: the best naive value over its five-card subsets, found among
    the classes' sorted values ``natives`` by binary search."""
    n_rows, n = cards.shape
    out = np.empty(n_rows, dtype=np.uint16)
    for i in prange(n_rows):
        row = cards[i]
        best = np.uint64(0)
        for a in range(n - 4):
            for b in range(a + 1, n - 3):
                for c in range(b + 1, n - 2):
                    for d in range(c + 1, n - 1):
                        for e in range(d + 1, n):
                            v = naive_five(row[a], row[b], row[c], row[d], row[e])
                            if v > best:
                                best = v
        out[i] = np.searchsorted(natives, best) + 1
    return out


@njit(cache=True, nogil=True, parallel=True)
def cactus_kev_rows(cards: np.ndarray, card_word: np.ndarray, flushes: np.ndarray, unique5: np.ndarray,
                    products: np.ndarray, values: np.ndarray, hash_offsets: np.ndarray, hash_values: np.ndarray,
                    multiplier: int, key_shift: int, row_shift: int, use_hash: bool) -> np.ndarray:
    """Best (lowest) Cactus Kev class over every five-card subset of each row.

    With ``use_hash`` the last step is Senzee's perfect hash of the prime product instead of
    the binary search; everything before it is the same.
    """
    n_rows, n = cards.shape
    out = np.empty(n_rows, dtype=np.uint16)
    mult = np.uint64(multiplier)
    kshift = np.uint64(key_shift)
    rshift = np.uint64(row_shift)
    low32 = np.uint64(0xFFFFFFFF)
    for i in prange(n_rows):
        row = cards[i]
        best = np.uint16(7463)
        for a in range(n - 4):
            wa = card_word[row[a]]
            for b in range(a + 1, n - 3):
                wab = wa & card_word[row[b]]
                oab = wa | card_word[row[b]]
                pab = (wa & np.uint32(0xFF)) * (card_word[row[b]] & np.uint32(0xFF))
                for c in range(b + 1, n - 2):
                    wc = card_word[row[c]]
                    for d in range(c + 1, n - 1):
                        wd = card_word[row[d]]
                        for e in range(d + 1, n):
                            we = card_word[row[e]]
                            q = (oab | wc | wd | we) >> np.uint32(16)
                            if wab & wc & wd & we & np.uint32(0xF000):
                                v = flushes[q]
                            else:
                                v = unique5[q]
                                if v == 0:
                                    p = (pab * (wc & np.uint32(0xFF)) * (wd & np.uint32(0xFF))
                                         * (we & np.uint32(0xFF)))
                                    if use_hash:
                                        mixed = ((np.uint64(p) * mult) & low32) >> kshift
                                        v = hash_values[np.uint32(np.int64(mixed) + hash_offsets[mixed >> rshift])]
                                    else:  # Kev's binary search over the sorted products
                                        v = values[np.searchsorted(products, p)]
                            if v < best:
                                best = v
        out[i] = best
    return out


@njit(cache=True, nogil=True, parallel=True)
def two_bits_rows(cards: np.ndarray, card_key: np.ndarray, key_start: int, ranks: np.ndarray, flush: np.ndarray,
                  quads: np.ndarray) -> np.ndarray:
    """Cactus Kev class of each row by the two-bits-per-rank key, flaw fixed.

    ``card_key[c]`` is ``1 << 2 * rank`` plus a one in the card's suit counter (bits 32..47,
    each counter starting at 3 so that a fifth card sets its top bit). One lookup in
    ``ranks``; a flush takes a second pass over its suit, and a 0 in ``ranks`` (the keys
    that four of a kind produce, which collide) a second pass that counts the ranks.
    """
    n_rows, n = cards.shape
    out = np.empty(n_rows, dtype=np.uint16)
    low26 = np.uint64((1 << 26) - 1)
    for i in prange(n_rows):
        row = cards[i]
        key = np.uint64(key_start)
        for j in range(n):
            key += card_key[row[j]]
        suits = (key >> np.uint64(32)) & np.uint64(0x8888)
        if suits:
            suit = np.uint64(0)
            while not (suits >> (_FOUR * suit + _THREE)) & _ONE:
                suit += _ONE
            mask = np.uint64(0)
            for j in range(n):
                c = np.uint64(row[j])
                if c & _THREE == suit:
                    mask |= _ONE << (c >> _TWO)
            out[i] = flush[mask]
            continue
        v = ranks[key & low26]
        if v == 0:
            counts = np.uint64(0)  # three bits per rank, so four cannot carry
            for j in range(n):
                counts += _ONE << (_THREE * (np.uint64(row[j]) >> _TWO))
            quad = np.uint64(0)
            while (counts >> (_THREE * quad)) & np.uint64(7) != 4:
                quad += _ONE
            rest = counts & ~(np.uint64(7) << (_THREE * quad))
            kicker = np.uint64(12)
            while not (rest >> (_THREE * kicker)) & np.uint64(7):
                kicker -= _ONE
            v = quads[quad * np.uint64(13) + kicker]
        out[i] = v
    return out


@njit(cache=True, nogil=True, parallel=True)
def specialk_rows(cards: np.ndarray, card_key: np.ndarray, flush_suit: np.ndarray, flush_face: np.ndarray,
                  flush_rank: np.ndarray, rank: np.ndarray, circumference: int) -> np.ndarray:
    """Strength of each row by SpecialK's keys; the tables are those for the row's size.

    ``card_key[c]`` is the face weight shifted left 9 plus the suit weight; the low 9 bits
    of the sum name the flush suit (``flush_suit``, -1 for none), the rest is the face key,
    read on the circle: ``rank[face_key % circumference]``.
    """
    n_rows, n = cards.shape
    out = np.empty(n_rows, dtype=np.uint16)
    circ = np.uint64(circumference)
    for i in prange(n_rows):
        row = cards[i]
        key = np.uint64(0)
        for j in range(n):
            key += card_key[row[j]]
        suit = flush_suit[key & np.uint64(511)]
        if suit >= 0:
            fkey = np.uint64(0)
            for j in range(n):
                c = np.uint64(row[j])
                if c & _THREE == np.uint64(suit):
                    fkey += flush_face[c >> _TWO]
            out[i] = flush_rank[fkey]
        else:
            out[i] = rank[(key >> np.uint64(9)) % circ]
    return out


@njit(cache=True, nogil=True, parallel=True)
def pokereval_rows(cards: np.ndarray, card_mask: np.ndarray, n_bits: np.ndarray, straight: np.ndarray,
                   top_five: np.ndarray, top_card: np.ndarray, natives: np.ndarray) -> np.ndarray:
    """Strength of each row of 5..7 cards: poker-eval's hand value (type << 24 | rank
    nibbles), found among the classes' sorted values ``natives`` by binary search.

    ``card_mask[c]`` is bit ``13 * suit + rank`` of the 52-bit hand mask; the four 13-bit
    suit masks then answer every question through the four 8,192-entry tables.
    """
    n_rows, n = cards.shape
    out = np.empty(n_rows, dtype=np.uint16)
    for i in prange(n_rows):
        row = cards[i]
        hand = np.uint64(0)
        for j in range(n):
            hand |= card_mask[row[j]]
        sc = hand & _SUIT_RANKS
        sd = (hand >> np.uint64(13)) & _SUIT_RANKS
        sh = (hand >> np.uint64(26)) & _SUIT_RANKS
        ss = (hand >> np.uint64(39)) & _SUIT_RANKS
        ranks = sc | sd | sh | ss
        n_ranks = n_bits[ranks]
        n_dups = n - n_ranks
        value = np.uint32(0)
        if n_ranks >= 5:
            for suit_mask in (sc, sd, sh, ss):
                if n_bits[suit_mask] >= 5:
                    if straight[suit_mask]:
                        value = np.uint32(8 << 24) | np.uint32(straight[suit_mask]) << np.uint32(16)
                    else:
                        value = np.uint32(5 << 24) | top_five[suit_mask]
            if value == 0 and straight[ranks]:
                value = np.uint32(4 << 24) | np.uint32(straight[ranks]) << np.uint32(16)
            if value and n_dups < 3:
                out[i] = np.searchsorted(natives, value) + 1
                continue
        odd = sc ^ sd ^ sh ^ ss  # ranks held an odd number of times
        if n_dups == 0:
            value = top_five[ranks]
        elif n_dups == 1:
            pair = ranks ^ odd
            kickers = (top_five[ranks ^ pair] >> np.uint32(4)) & np.uint32(0xFFF0)
            value = np.uint32(1 << 24) | np.uint32(top_card[pair]) << np.uint32(16) | kickers
        elif n_dups == 2 and ranks ^ odd:
            pairs = ranks ^ odd
            value = (np.uint32(2 << 24) | (top_five[pairs] & np.uint32(0xFF000))
                     | np.uint32(top_card[ranks ^ pairs]) << np.uint32(8))
        elif n_dups == 2:
            trips = ((sc & sd) | (sh & ss)) & ((sc & sh) | (sd & ss))
            rest = ranks ^ trips
            k1 = np.uint64(top_card[rest])
            value = (np.uint32(3 << 24) | np.uint32(top_card[trips]) << np.uint32(16)
                     | np.uint32(k1) << np.uint32(12) | np.uint32(top_card[rest ^ (_ONE << k1)]) << np.uint32(8))
        else:
            quads = sc & sd & sh & ss
            pairs = ranks ^ odd
            if quads:
                q = np.uint64(top_card[quads])
                value = (np.uint32(7 << 24) | np.uint32(q) << np.uint32(16)
                         | np.uint32(top_card[ranks ^ (_ONE << q)]) << np.uint32(12))
            elif n_bits[pairs] != n_dups:  # some rank is held three times: a full house
                trips = ((sc & sd) | (sh & ss)) & ((sc & sh) | (sd & ss))
                t = np.uint64(top_card[trips])
                value = (np.uint32(6 << 24) | np.uint32(t) << np.uint32(16)
                         | np.uint32(top_card[(pairs | trips) ^ (_ONE << t)]) << np.uint32(12))
            elif value == 0:  # three pairs: the best two and the best other card
                p1 = np.uint64(top_card[pairs])
                p2 = np.uint64(top_card[pairs ^ (_ONE << p1)])
                value = (np.uint32(2 << 24) | np.uint32(p1) << np.uint32(16) | np.uint32(p2) << np.uint32(12)
                         | np.uint32(top_card[ranks ^ (_ONE << p1) ^ (_ONE << p2)]) << np.uint32(8))
        out[i] = np.searchsorted(natives, value) + 1
    return out


@njit(cache=True, nogil=True, parallel=True)
def recurrence_rows(cards: np.ndarray, card_key: np.ndarray, card_mask: np.ndarray, rank: np.ndarray,
                    flush: np.ndarray) -> np.ndarray:
    """Strength of each seven-card row by the recurrence keys T(n).

    ``card_key[c]`` is T(rank); the sum indexes ``rank``. ``card_mask[c]`` is bit
    ``16 * suit + rank``; a suit's 13 bits index ``flush`` (0 below five cards).
    """
    n_rows, n = cards.shape
    out = np.empty(n_rows, dtype=np.uint16)
    for i in prange(n_rows):
        row = cards[i]
        key = np.uint32(0)
        mask = np.uint64(0)
        for j in range(n):
            key += card_key[row[j]]
            mask |= card_mask[row[j]]
        best = max(max(flush[mask & _SUIT_RANKS], flush[(mask >> np.uint64(16)) & _SUIT_RANKS]),
                   max(flush[(mask >> np.uint64(32)) & _SUIT_RANKS], flush[mask >> np.uint64(48)]))
        out[i] = best if best else rank[key]
    return out


@njit(cache=True, nogil=True, parallel=True)
def category_rows_5(cards: np.ndarray, category_of_residue: np.ndarray) -> np.ndarray:
    """Category of each five-card row by bit math: one nibble per rank, then ``% 15``.

    A rank's nibble goes 0, 1, 3, 7, 15 as its cards arrive (x -> 2x + 1), and 16 = 1 mod
    15, so ``v % 15`` is the sum of 2**count - 1 over ranks: 5 for five singles, 6 for a
    pair, 7 two pair, 9 trips, 10 full house, 16 = 1 four of a kind. Subtracting 3 for a
    straight or 1 otherwise, and 1 more for a flush, leaves ten distinct residues.
    """
    n_rows = cards.shape[0]
    out = np.empty(n_rows, dtype=np.uint8)
    for i in prange(n_rows):
        row = cards[i]
        v = np.uint64(0)
        s = np.uint64(0)
        for j in range(5):
            r = np.uint64(row[j]) >> _TWO
            v += (v & (_NIBBLE << (_FOUR * r))) + (_ONE << (_FOUR * r))
            s |= _ONE << r
        low = s & (~s + _ONE)
        residue = np.int64(v % _NIBBLE) - (3 if s // low == np.uint64(31) or s == _WHEEL else 1)
        suit = row[0] & 3
        if (row[1] & 3) == suit and (row[2] & 3) == suit and (row[3] & 3) == suit and (row[4] & 3) == suit:
            residue -= 1
        out[i] = category_of_residue[residue]
    return out


@njit(cache=True, nogil=True)
def mark_weight_collisions(high: np.ndarray, low: np.ndarray, step: int, start: int, forbidden: np.ndarray) -> None:
    """Mark each weight w >= start with ``high[i] - low[j] == step * w`` in ``forbidden[w - start]``.

    ``low`` is sorted ascending, so the differences fall along a row and the scan stops at
    the first one below ``step * start``.
    """
    limit = forbidden.shape[0]
    for x in high:
        for y in low:
            diff = x - y
            if diff < step * start:
                break
            if diff % step == 0 and diff // step - start < limit:
                forbidden[diff // step - start] = True


@njit(cache=True, nogil=True, parallel=True)
def first_circumference(keys: np.ndarray, start: int, stop: int, n_lanes: int) -> Any:
    """The smallest c in [start, stop) with all ``keys % c`` distinct, or ``stop`` if none.

    Lane k tries start + k, start + k + n_lanes, ... and stops at its first success, with a
    stamp array (slot -> last c that used it) instead of clearing a set per candidate.
    Keys in random order make a failing candidate fail after about sqrt(c) keys.
    """
    found = np.full(n_lanes, stop, dtype=np.int64)
    for lane in prange(n_lanes):
        stamp = np.zeros(stop, dtype=np.int64)
        for c in range(start + lane, stop, n_lanes):
            ok = True
            for k in keys:
                slot = k % c
                if stamp[slot] == c:
                    ok = False
                    break
                stamp[slot] = c
            if ok:
                found[lane] = c
                break
    return found.min()
