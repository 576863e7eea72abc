"""Omaha's equity kernels: exact equity by enumeration (every runout of a board, every board
before the flop by rank multisets) and Monte Carlo, over the hand rule's tables and lookups
(:mod:`pokerlab.hand_rules.omaha_kernels`), counting into the pot counters every engine
shares (:mod:`pokerlab.equity.pots`).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from pokerlab.cards.dealing import MAX_REJECTIONS, choose, deal_rest, draw_combo, fill_deck, seed_state
from pokerlab.equity.pots import CELLS, add_tallies, low_winners, score, tally, tally_sizes
from pokerlab.hand_rules.omaha_kernels import (
    HOLE_STRIDE,
    board_number,
    flush_high,
    flush_suit,
    hole_indices,
    index5,
)
from pokerlab.hand_rules.omaha_tables import PAIR_STRIDE, SUIT_BITS
from pokerlab.rankings.lookup import prefetch, sum_card_words

_BATCH = 64
"""Monte Carlo deals this many trials, then looks their hands up, then scores them."""

_ONE = np.uint64(1)
_TWO = np.uint64(2)
_FOUR = np.uint64(4)
_RANKS = np.uint64(0x1FFF)
_FIVES = np.uint64(0x5555)
_TOPS = np.uint64(0x8888)
_STRIDE = np.uint64(HOLE_STRIDE)
_PAIR_STRIDE = np.uint64(PAIR_STRIDE)
_SUIT_BITS = np.uint64(SUIT_BITS)


@njit(cache=True, nogil=True, inline="always")
def _runouts(holes: np.ndarray, weight: float, board: np.ndarray, out_mask: np.uint64, hilo: bool,
             high: np.ndarray, terms: np.ndarray, flush: np.ndarray, low: np.ndarray, low_bit: np.ndarray,
             keys: np.ndarray, board_numbers: np.ndarray, category: np.ndarray, deck: np.ndarray, index: np.ndarray,
             hole_suits: np.ndarray, hole_low: np.ndarray, hi: np.ndarray, lo: np.ndarray, joint: np.ndarray,
             pots: np.ndarray, acc: np.ndarray) -> None:
    """Every completion of a board of 3 to 5 cards for one deal of hole cards (P, h), each
    worth ``weight``; ``out_mask`` holds the board and dead cards. Showdowns go to the
    histograms ``joint`` and ``pots`` (:func:`tally`) when they are not empty, else to ``acc``."""
    n_players, n_hole = holes.shape
    for i in range(n_players):
        hole_indices(holes, i, 0, n_hole, terms, index, 3 * i)
        suits = np.uint64(0)
        lows = np.uint64(0)
        for j in range(n_hole):
            c = np.uint64(holes[i, j])
            suits |= _ONE << ((c & np.uint64(3)) * np.uint64(16) + (c >> _TWO))
            lows |= low_bit[c]
            out_mask |= _ONE << c
        hole_suits[i] = suits
        hole_low[i] = lows * np.uint64(256)
    n = fill_deck(out_mask, deck)
    n_board = board.shape[0]
    n_deal = 5 - n_board
    bits0 = np.uint64(0)
    lows0 = np.uint64(0)
    sum0 = np.uint64(0)  # key sums and suit counts (see pokerlab.hand_rules.omaha_tables.card_keys)
    for j in range(n_board):
        c = np.uint64(board[j])
        bits0 |= _ONE << ((c & np.uint64(3)) * np.uint64(16) + (c >> _TWO))
        lows0 |= low_bit[c]
        sum0 += keys[c]
    for x in range(n if n_deal else 1):
        bits_x = bits0
        lows_x = lows0
        sum_x = sum0
        if n_deal:  # the turn (or the river), once for every river that follows it
            cx = np.uint64(deck[x])
            bits_x |= _ONE << ((cx & np.uint64(3)) * np.uint64(16) + (cx >> _TWO))
            lows_x |= low_bit[cx]
            sum_x += keys[cx]
        for y in range(x + 1 if n_deal == 2 else 0, n if n_deal == 2 else 1):
            bits = bits_x
            lows = lows_x
            key_sum = sum_x
            if n_deal == 2:
                cy = np.uint64(deck[y])
                bits |= _ONE << ((cy & np.uint64(3)) * np.uint64(16) + (cy >> _TWO))
                lows |= low_bit[cy]
                key_sum += keys[cy]
            counts = key_sum >> _SUIT_BITS
            row = board_number(key_sum, board_numbers) * _STRIDE
            for i in range(n_players):
                if n_hole == 4:  # one column, repeated
                    hi[i] = high[row + index[3 * i]]
                else:
                    hi[i] = max(high[row + index[3 * i]], high[row + index[3 * i + 1]],
                                high[row + index[3 * i + 2]])
            if (counts + _FIVES) & _TOPS:
                shift = flush_suit(counts) * np.uint64(16)
                suited = (bits >> shift) & _RANKS
                for i in range(n_players):
                    hi[i] = max(hi[i], flush_high((hole_suits[i] >> shift) & _RANKS, suited, flush))
            if hilo:
                for i in range(n_players):
                    lo[i] = low[hole_low[i] + lows]
            if joint.shape[0]:
                tally(n_players, hi, 0, low_winners(n_players, lo, 0) if hilo else 0, weight, category, joint, pots)
            else:
                score(n_players, hi, lo, 0, hilo, weight, category, acc, False)


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]  # numba's stubs omit _nrt
def known_runouts(holes: np.ndarray, board: np.ndarray, out_mask: np.uint64, hilo: bool, high: np.ndarray,
                  terms: np.ndarray, flush: np.ndarray, low: np.ndarray, low_bit: np.ndarray, keys: np.ndarray,
                  board_numbers: np.ndarray, category: np.ndarray, scratch: np.ndarray, joint: np.ndarray,
                  pots: np.ndarray, acc: np.ndarray) -> None:
    """:func:`_runouts` for one deal of known hands (P, h) uint8, serially (no thread to wake
    for a thousand boards), into ``joint`` and ``pots`` (sized by :func:`tally_sizes`; empty
    past three players) or ``acc``; ``scratch`` is a (6, 64) uint64 array. Compiled without
    reference counting (it allocates nothing), which the inlined table lookups of a serial loop
    would otherwise pay for."""
    _runouts(holes, 1.0, board, out_mask, hilo, high, terms, flush, low, low_bit, keys, board_numbers, category,
             scratch[0], scratch[1], scratch[2], scratch[3], scratch[4], scratch[5], joint, pots, acc)


@njit(cache=True, nogil=True, parallel=True)
def runouts_many(holes: np.ndarray, weights: np.ndarray, board: np.ndarray, out_mask: np.uint64, hilo: bool,
                 high: np.ndarray, terms: np.ndarray, flush: np.ndarray, low: np.ndarray, low_bit: np.ndarray,
                 keys: np.ndarray, board_numbers: np.ndarray, category: np.ndarray,
                 category_order: np.ndarray) -> np.ndarray:
    """:func:`_runouts` for many deals of hole cards (M, P, h), deal m worth ``weights[m]``, in
    parallel blocks of deals. Returns the summed counters ``acc``."""
    n_deals, n_players = holes.shape[0], holes.shape[1]
    width = n_players * CELLS
    n_blocks = max(1, min(n_deals, 64))
    n_joint, n_pots = tally_sizes(n_players)
    block_acc = np.zeros((n_blocks, width + 16), dtype=np.float64)
    block_joint = np.zeros((n_blocks, n_joint + 16), dtype=np.float64)
    block_pots = np.zeros((n_blocks, n_pots + 16), dtype=np.float64)
    scratch = np.zeros((n_blocks, 6, 64), dtype=np.uint64)
    for b in prange(n_blocks):
        s = scratch[b]
        joint = block_joint[b, :n_joint]
        pots = block_pots[b, :n_pots]
        for m in range(b * n_deals // n_blocks, (b + 1) * n_deals // n_blocks):
            _runouts(holes[m], weights[m], board, out_mask, hilo, high, terms, flush, low, low_bit, keys,
                     board_numbers, category, s[0], s[1], s[2], s[3], s[4], s[5], joint, pots, block_acc[b])
    acc: np.ndarray = block_acc[:, :width].sum(axis=0)
    if n_joint:
        add_tallies(n_players, block_joint[:, :n_joint].sum(axis=0), block_pots[:, :n_pots].sum(axis=0), acc, False,
                    hilo, category_order)
    return acc


# --- exact equity before the flop ---------------------------------------------------------------

@njit(cache=True, nogil=True)
def preflop_matchup(holes: np.ndarray, weight: float, dead_mask: np.uint64, hilo: bool, high: np.ndarray,
                    terms: np.ndarray, flush: np.ndarray, low: np.ndarray, low_bit: np.ndarray, category: np.ndarray,
                    part: int, parts: int, acc: np.ndarray) -> None:
    """Every five-card board for one deal of hole cards (P, h), each worth ``weight``, by rank
    multisets, into ``acc``.

    Part 1 counts each board rank multiset once, worth the number of boards with those ranks
    (a product of binomials over the cards left of each rank), as if no flush could happen.
    Part 2 takes the boards with three or more cards of a suit s that gives someone two suited
    hole cards: its ranks F in s and its off-suit ranks O; each such board adds its real
    showdown and takes back the non-flush one part 1 counted. The low depends on ranks alone.
    ``dead_mask`` holds every card that cannot be dealt, the hole cards included. The work is
    cut into ``parts`` interleaved parts whose counters add up to the whole; this call counts
    part ``part`` (from 0).
    """
    n_players, n_hole = holes.shape
    avail = np.zeros(13, dtype=np.int64)
    suit_avail = np.zeros(4, dtype=np.int64)
    for card in range(52):
        if not (dead_mask >> np.uint64(card)) & _ONE:
            avail[card >> 2] += 1
            suit_avail[card & 3] |= 1 << (card >> 2)
    index = np.zeros(3 * n_players, dtype=np.uint64)
    hole_suits = np.zeros((n_players, 4), dtype=np.uint64)
    hole_low = np.zeros(n_players, dtype=np.uint64)
    for i in range(n_players):
        hole_indices(holes, i, 0, n_hole, terms, index, 3 * i)
        for j in range(n_hole):
            c = np.uint64(holes[i, j])
            hole_suits[i, c & np.uint64(3)] |= _ONE << (c >> _TWO)
            hole_low[i] |= low_bit[c]
        hole_low[i] *= np.uint64(256)
    rank_low = np.zeros(13, dtype=np.uint64)
    for rk in range(13):
        rank_low[rk] = low_bit[4 * rk]
    hi = np.zeros(n_players, dtype=np.int64)
    lo = np.zeros(n_players, dtype=np.int64)
    plain = np.zeros(n_players, dtype=np.int64)
    used = np.zeros(13, dtype=np.int64)
    _preflop_plain(n_players, weight, avail, used, index, hole_low, rank_low, hilo, high, terms, low, category, hi,
                   lo, part, parts, acc)
    off_avail = np.zeros((4, 13), dtype=np.int64)
    for s in range(4):
        for rk in range(13):
            off_avail[s, rk] = avail[rk] - ((suit_avail[s] >> rk) & 1)
    flushes = np.zeros((4, n_players), dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    _preflop_flushes(n_players, weight, suit_avail, off_avail, index, hole_suits, hole_low, rank_low, hilo, high, terms,
                     flush, low, category, flushes, suits, hi, lo, plain, part, parts, acc)


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]  # numba's stubs omit _nrt
def _preflop_plain(n_players: int, weight: float, avail: np.ndarray, used: np.ndarray, index: np.ndarray,
                   hole_low: np.ndarray, rank_low: np.ndarray, hilo: bool, high: np.ndarray, terms: np.ndarray,
                   low: np.ndarray, category: np.ndarray, hi: np.ndarray, lo: np.ndarray, part: int, parts: int,
                   acc: np.ndarray) -> None:
    """Part 1 of :func:`preflop_matchup`: every board rank multiset a <= b <= c <= d <= e; of
    the pairs (a, b), every ``parts``-th from ``part``."""
    pair = 0
    for a in range(13):
        used[a] += 1
        for b in range(a, 13):
            pair += 1
            if pair % parts != part:
                continue
            used[b] += 1
            for c in range(b, 13):
                used[c] += 1
                for d in range(c, 13):
                    used[d] += 1
                    for e in range(d, 13):
                        used[e] += 1
                        if used[a] <= avail[a] and used[b] <= avail[b] and used[c] <= avail[c] \
                                and used[d] <= avail[d] and used[e] <= avail[e]:
                            boards = choose(avail[a], used[a])
                            if b != a:
                                boards *= choose(avail[b], used[b])
                            if c != b:
                                boards *= choose(avail[c], used[c])
                            if d != c:
                                boards *= choose(avail[d], used[d])
                            if e != d:
                                boards *= choose(avail[e], used[e])
                            row = (terms[0, a] + terms[1, b] + terms[2, c] + terms[3, d] + terms[4, e]) * _STRIDE
                            for i in range(n_players):
                                hi[i] = max(high[row + index[3 * i]], high[row + index[3 * i + 1]],
                                            high[row + index[3 * i + 2]])
                            if hilo:
                                lows = rank_low[a] | rank_low[b] | rank_low[c] | rank_low[d] | rank_low[e]
                                for i in range(n_players):
                                    lo[i] = low[hole_low[i] + lows]
                            score(n_players, hi, lo, 0, hilo, weight * boards, category, acc, False)
                        used[e] -= 1
                    used[d] -= 1
                used[c] -= 1
            used[b] -= 1
        used[a] -= 1


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]  # numba's stubs omit _nrt
def _preflop_flushes(n_players: int, weight: float, suit_avail: np.ndarray, off_avail: np.ndarray, index: np.ndarray,
                     hole_suits: np.ndarray, hole_low: np.ndarray, rank_low: np.ndarray, hilo: bool,
                     high: np.ndarray, terms: np.ndarray, flush: np.ndarray, low: np.ndarray, category: np.ndarray,
                     flushes: np.ndarray, suits: np.ndarray, hi: np.ndarray, lo: np.ndarray, plain: np.ndarray,
                     part: int, parts: int, acc: np.ndarray) -> None:
    """Part 2 of :func:`preflop_matchup`: boards with m >= 3 cards of one suit; of the rank
    sets F in that suit, every ``parts``-th from ``part``."""
    taken = 0
    for m in range(3, 6):
        n_off = 5 - m
        f = (1 << m) - 1
        while f < (1 << 13):
            taken += 1
            mine = taken % parts == part
            n_suits = 0
            for s in range(4):
                if not mine or f & suit_avail[s] != f:
                    continue
                any_flush = False
                for i in range(n_players):
                    h = hole_suits[i, s]
                    flushes[s, i] = flush_high(h, np.uint64(f), flush)
                    any_flush = any_flush or flushes[s, i] != 0
                if any_flush:
                    suits[n_suits] = s
                    n_suits += 1
            if n_suits:
                # F's ranks, lowest first, padded with the off-suit ranks below
                f0 = f1 = f2 = f3 = f4 = 0
                k = 0
                for rk in range(13):
                    if (f >> rk) & 1:
                        if k == 0:
                            f0 = rk
                        elif k == 1:
                            f1 = rk
                        elif k == 2:
                            f2 = rk
                        elif k == 3:
                            f3 = rk
                        else:
                            f4 = rk
                        k += 1
                f_low = np.uint64(0)
                for rk in range(13):
                    if (f >> rk) & 1:
                        f_low |= rank_low[rk]
                for o1 in range(13 if n_off else 1):
                    for o2 in range(o1 if n_off == 2 else 0, 13 if n_off == 2 else 1):
                        r3 = f3
                        r4 = f4
                        lows = f_low
                        if n_off >= 1:
                            r4 = o1
                            lows |= rank_low[o1]
                        if n_off == 2:
                            r3 = o2
                            lows |= rank_low[o2]
                        boards = 0
                        for j in range(n_suits):
                            s = suits[j]
                            mult = 1
                            if n_off >= 1:
                                mult = off_avail[s, o1]
                            if n_off == 2:
                                mult = choose(off_avail[s, o1], 2) if o2 == o1 else mult * off_avail[s, o2]
                            if mult == 0:
                                continue
                            if boards == 0:
                                row = index5(np.uint64(f0), np.uint64(f1), np.uint64(f2), np.uint64(r3),
                                             np.uint64(r4), terms) * _STRIDE
                                for i in range(n_players):
                                    plain[i] = max(high[row + index[3 * i]], high[row + index[3 * i + 1]],
                                                   high[row + index[3 * i + 2]])
                                if hilo:
                                    for i in range(n_players):
                                        lo[i] = low[hole_low[i] + lows]
                            boards += mult
                            for i in range(n_players):
                                hi[i] = max(plain[i], flushes[s, i])
                            score(n_players, hi, lo, 0, hilo, weight * mult, category, acc, False)
                        if boards:
                            score(n_players, plain, lo, 0, hilo, -weight * boards, category, acc, False)
            low_bit_f = f & -f
            ripple = f + low_bit_f
            f = (((ripple ^ f) >> 2) // low_bit_f) | ripple


@njit(cache=True, nogil=True, parallel=True)
def preflop_many(holes: np.ndarray, weights: np.ndarray, dead_mask: np.uint64, hilo: bool, high: np.ndarray,
                 terms: np.ndarray, flush: np.ndarray, low: np.ndarray, low_bit: np.ndarray,
                 category: np.ndarray, n_parts: int) -> np.ndarray:
    """:func:`preflop_matchup` for many deals of hole cards (M, P, h) in parallel, deal m worth
    ``weights[m]``, each deal's work cut into ``n_parts`` parts (more than one where there are
    fewer deals than threads); ``dead_mask`` holds the dead cards. Returns the summed counters."""
    n_deals, n_players, n_hole = holes.shape
    width = n_players * CELLS
    block_acc = np.zeros((n_deals * n_parts, width + 16), dtype=np.float64)
    for item in prange(n_deals * n_parts):
        m = item // n_parts
        mask = dead_mask
        for i in range(n_players):
            for j in range(n_hole):
                mask |= _ONE << np.uint64(holes[m, i, j])
        preflop_matchup(holes[m], weights[m], mask, hilo, high, terms, flush, low, low_bit, category,
                        item % n_parts, n_parts, block_acc[item])
    acc: np.ndarray = block_acc[:, :width].sum(axis=0)
    return acc


# --- Monte Carlo ---------------------------------------------------------------------------------

@njit(cache=True, nogil=True)
def combo_features(combos: np.ndarray, terms: np.ndarray, low_bit: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                                                             np.ndarray, np.ndarray]:
    """What Monte Carlo needs of each hole combo (K, h), worked out once: its three high table
    columns (K, 3), suit-rank bits (16 a suit), low-rank set times 256, and card mask."""
    n, n_hole = combos.shape
    index = np.zeros(3 * n + 3, dtype=np.uint64)
    suits = np.zeros(n, dtype=np.uint64)
    lows = np.zeros(n, dtype=np.uint64)
    masks = np.zeros(n, dtype=np.uint64)
    for k in range(n):
        hole_indices(combos, k, 0, n_hole, terms, index, 3 * k)
        for j in range(n_hole):
            c = np.uint64(combos[k, j])
            suits[k] |= _ONE << ((c & np.uint64(3)) * np.uint64(16) + (c >> _TWO))
            lows[k] |= low_bit[c]
            masks[k] |= _ONE << c
        lows[k] *= np.uint64(256)
    return index[:3 * n].reshape((n, 3)), suits, lows, masks


@njit(cache=True, nogil=True)
def _known_columns(n_players: int, starts: np.ndarray, n_hole: int, combo_index: np.ndarray, high: np.ndarray,
                   local_col: np.ndarray) -> tuple[np.ndarray, int]:
    """The known hands' own columns of the high table, copied into a table of their own (12 KB
    a column, so it stays in cache, where the whole table costs a trip to memory per lookup),
    each hand's column numbers in it written to ``local_col[3 * i:3 * i + 3]``. Returns that
    table and its number of columns."""
    per_hand = 1 if n_hole == 4 else 3
    n_cols = 0
    for i in range(n_players):
        if starts[i + 1] - starts[i] == 1:
            for k in range(3):
                local_col[3 * i + k] = n_cols + (k if per_hand == 3 else 0)
            n_cols += per_hand
    n_rows = high.shape[0] // HOLE_STRIDE
    local = np.zeros(n_rows * max(n_cols, 1), dtype=np.uint16)
    for row in range(n_rows):
        for i in range(n_players):
            if starts[i + 1] - starts[i] == 1:
                for k in range(per_hand):
                    local[np.uint64(row * n_cols) + local_col[3 * i + k]] = \
                        high[np.uint64(row * HOLE_STRIDE) + combo_index[starts[i], k]]
    return local, n_cols


@njit(cache=True, nogil=True, inline="always")
def _draw_ranged(n_players: int, starts: np.ndarray, cumulative: np.ndarray, combo_index: np.ndarray,
                 combo_suits: np.ndarray, combo_low: np.ndarray, combo_mask: np.ndarray, used: np.uint64,
                 state: np.uint64, base: int, slots: np.ndarray, suits: np.ndarray,
                 lows: np.ndarray) -> tuple[bool, np.uint64, np.uint64]:
    """Each ranged player's combo by weight, its columns, suits and low set written at trial
    place ``base``, unless one clashes with a card already out, which rejects the deal. Returns
    whether the deal stands, the cards then out and the generator state."""
    for i in range(n_players):
        start = starts[i]
        stop = starts[i + 1]
        if stop - start <= 1:
            continue
        a, state = draw_combo(cumulative, start, stop, state)
        if used & combo_mask[a]:
            return False, used, state
        used |= combo_mask[a]
        slots[3 * (base + i)] = combo_index[a, 0]
        slots[3 * (base + i) + 1] = combo_index[a, 1]
        slots[3 * (base + i) + 2] = combo_index[a, 2]
        suits[base + i] = combo_suits[a]
        lows[base + i] = combo_low[a]
    return True, used, state


@njit(cache=True, nogil=True, inline="always")
def _hole_pairs(drawn: np.ndarray, first: int, pair_numbers: np.ndarray, pairs: np.ndarray, at: int) -> None:
    """The numbers of the six rank pairs of the four hole cards ``drawn[0, first:first + 4]``,
    written to ``pairs[at:at + 6]``."""
    r0 = (np.uint64(drawn[0, first]) >> _TWO) << _FOUR
    r1 = np.uint64(drawn[0, first + 1]) >> _TWO
    r2 = np.uint64(drawn[0, first + 2]) >> _TWO
    r3 = np.uint64(drawn[0, first + 3]) >> _TWO
    pairs[at] = pair_numbers[r0 | r1]
    pairs[at + 1] = pair_numbers[r0 | r2]
    pairs[at + 2] = pair_numbers[r0 | r3]
    pairs[at + 3] = pair_numbers[(r1 << _FOUR) | r2]
    pairs[at + 4] = pair_numbers[(r1 << _FOUR) | r3]
    pairs[at + 5] = pair_numbers[(r2 << _FOUR) | r3]


@njit(cache=True, nogil=True, inline="always")
def _seat_random(n_players: int, starts: np.ndarray, drawn: np.ndarray, n_hole: int, terms: np.ndarray,
                 words: np.ndarray, low_bit: np.ndarray, pair_numbers: np.ndarray, base: int, slots: np.ndarray,
                 pairs: np.ndarray, suits: np.ndarray, lows: np.ndarray) -> int:
    """The random players' hands, the first cards ``drawn``, at trial place ``base``: four hole
    cards as their six rank pairs (:func:`_hole_pairs`, for the pair table), five or six as
    their high table columns (:func:`hole_indices`); and each hand's suits and low set. Returns
    how many cards they took."""
    first = 0
    for i in range(n_players):
        if starts[i] == starts[i + 1]:
            c0 = np.uint64(drawn[0, first])
            c1 = np.uint64(drawn[0, first + 1])
            c2 = np.uint64(drawn[0, first + 2])
            c3 = np.uint64(drawn[0, first + 3])
            _, s_bits = sum_card_words(words, (c0, c1, c2, c3))
            l_bits = low_bit[c0] | low_bit[c1] | low_bit[c2] | low_bit[c3]
            if n_hole == 4:
                _hole_pairs(drawn, first, pair_numbers, pairs, 6 * (base + i))
            else:
                hole_indices(drawn, 0, first, n_hole, terms, slots, 3 * (base + i))
                for j in range(first + 4, first + n_hole):
                    c = np.uint64(drawn[0, j])
                    s_bits |= words[c, 1]
                    l_bits |= low_bit[c]
            suits[base + i] = s_bits
            lows[base + i] = l_bits * np.uint64(256)
            first += n_hole
    return first


@njit(cache=True, nogil=True, inline="always")
def _finish_board(drawn: np.ndarray, first: int, to_deal: int, board_sum: np.uint64, board_bits: np.uint64,
                  board_lows: np.uint64, words: np.ndarray, low_bit: np.ndarray, board_numbers: np.ndarray,
                  boards_seen: np.ndarray, t: int) -> bool:
    """The full board of trial ``t``, the given cards and ``drawn[first:to_deal]``, as four
    words in ``boards_seen[4 * t:]``: suit-rank bits, cards by suit (four bits a suit), low
    set and rank multiset number. Returns whether it holds three cards of a suit."""
    key_sum = board_sum
    suit_ranks = board_bits
    b_lows = board_lows
    for j in range(first, to_deal):
        c = np.uint64(drawn[0, j])
        key, bit = sum_card_words(words, (c,))
        key_sum += key
        suit_ranks |= bit
        b_lows |= low_bit[c]
    boards_seen[4 * t] = suit_ranks
    boards_seen[4 * t + 1] = key_sum >> _SUIT_BITS
    boards_seen[4 * t + 2] = b_lows
    boards_seen[4 * t + 3] = board_number(key_sum, board_numbers)
    return bool((((key_sum >> _SUIT_BITS) + _FIVES) & _TOPS) != 0)


@njit(cache=True, nogil=True, inline="always")
def _prefetch_highs(n_players: int, starts: np.ndarray, n_hole: int, row: np.uint64, base: int, slots: np.ndarray,
                    high: np.ndarray) -> None:
    """Start loading the high table entries that a trial's hands will read (those of ranged
    hands, and of five or six random hole cards), while the next trials are dealt: each is a
    trip to memory, which the batch's lookups would otherwise wait for."""
    for i in range(n_players):
        size = starts[i + 1] - starts[i]
        if size > 1 or size == 0 and n_hole > 4:
            at = 3 * (base + i)
            prefetch(high, row + slots[at])
            if n_hole > 4:
                prefetch(high, row + slots[at + 1])
                prefetch(high, row + slots[at + 2])


@njit(cache=True, nogil=True, inline="always")
def _deal_batch(general: bool, wanted: int, attempts: int, limit: int, n_players: int, starts: np.ndarray,
                cumulative: np.ndarray, combo: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
                fixed_mask: np.uint64, n_ranged: int, n_random: int, n_hole: int, to_deal: int, deck: np.ndarray,
                n_deck: int, drawn: np.ndarray, state: np.uint64, dealing: tuple[np.ndarray, ...],
                board_words: tuple[np.uint64, np.uint64, np.uint64], hands: tuple[np.ndarray, ...],
                boards_seen: np.ndarray, flush_trials: np.ndarray) -> tuple[int, int, int, np.uint64]:
    """Deal a batch of up to ``wanted`` trials, ``limit`` attempts in all: the ranged players'
    combos (:func:`_draw_ranged`, a clash rejects the deal), the rest of the cards
    (:func:`~pokerlab.cards.dealing.deal_rest`), the random hands (:func:`_seat_random`), the
    board (:func:`_finish_board`), and the flush boards listed in ``flush_trials``. Returns the
    trials dealt, the flush boards, the attempts so far and the generator state.

    ``general`` (ranged players, or five or six hole cards) comes as a constant at each call:
    the common case is compiled without the ranged draws, the set-aside cards and the high
    table's prefetches, code that even untaken cost its loop a sixth of its time.

    ``combo`` is :func:`combo_features`'s; ``dealing`` the tables (index terms, card words,
    low bits, rank pair numbers, board multiset hash, high table); ``board_words`` the given
    board's key sum, suit-rank bits and low set; ``hands`` the hands' slots, pairs, suits and
    lows (a call of more than 30 arguments is not inlined)."""
    combo_index, combo_suits, combo_low, combo_mask = combo
    terms, words, low_bit, pair_numbers, board_numbers, high = dealing
    board_sum, board_bits, board_lows = board_words
    slots, pairs, suits, lows = hands
    batch = 0
    n_flush = 0
    while batch < wanted and attempts < limit:
        attempts += 1
        base = batch * n_players
        used = fixed_mask
        if general and n_ranged:
            ok, used, state = _draw_ranged(n_players, starts, cumulative, combo_index, combo_suits, combo_low,
                                           combo_mask, used, state, base, slots, suits, lows)
            if not ok:
                continue
        state = deal_rest(deck, n_deck, to_deal, used, general and n_ranged > 0, drawn[0], state)
        first = _seat_random(n_players, starts, drawn, n_hole, terms, words, low_bit, pair_numbers, base, slots,
                             pairs, suits, lows) if n_random else 0
        # boards with three cards of a suit are listed without a branch, for a pass of their own
        flush_trials[n_flush] = batch
        n_flush += _finish_board(drawn, first, to_deal, board_sum, board_bits, board_lows, words, low_bit,
                                 board_numbers, boards_seen, batch)
        if general:
            _prefetch_highs(n_players, starts, n_hole, boards_seen[4 * batch + 3] * _STRIDE, base, slots, high)
        batch += 1
    return batch, n_flush, attempts, state


@njit(cache=True, nogil=True, inline="always")
def _look_up_highs(n_players: int, starts: np.ndarray, batch: int, n_hole: int, boards_seen: np.ndarray,
                   slots: np.ndarray, pairs: np.ndarray, local: np.ndarray, n_cols: int, high: np.ndarray,
                   by_pair: np.ndarray, hi: np.ndarray) -> None:
    """Every hand's non-flush high in a batch, player by player: a known hand reads its own
    columns (:func:`_known_columns`), four random hole cards the best of their six rank pairs
    in the pair table (in cache, where the high table is a trip to memory), and the others the
    high table, in one lookup for four hole cards (one column) or three."""
    for i in range(n_players):
        if starts[i + 1] - starts[i] == 1 and n_hole == 4:
            for t in range(batch):
                x = t * n_players + i
                hi[x] = local[boards_seen[4 * t + 3] * np.uint64(n_cols) + slots[3 * x]]
        elif starts[i + 1] - starts[i] == 1:
            for t in range(batch):
                x = t * n_players + i
                row = boards_seen[4 * t + 3] * np.uint64(n_cols)
                hi[x] = max(local[row + slots[3 * x]], local[row + slots[3 * x + 1]], local[row + slots[3 * x + 2]])
        elif n_hole == 4 and starts[i + 1] == starts[i]:
            for t in range(batch):
                x = t * n_players + i
                row = boards_seen[4 * t + 3] * _PAIR_STRIDE
                at = 6 * x
                hi[x] = max(max(by_pair[row + pairs[at]], by_pair[row + pairs[at + 1]]),
                            max(by_pair[row + pairs[at + 2]], by_pair[row + pairs[at + 3]]),
                            max(by_pair[row + pairs[at + 4]], by_pair[row + pairs[at + 5]]))
        elif n_hole == 4:
            for t in range(batch):
                x = t * n_players + i
                hi[x] = high[boards_seen[4 * t + 3] * _STRIDE + slots[3 * x]]
        else:
            for t in range(batch):
                x = t * n_players + i
                row = boards_seen[4 * t + 3] * _STRIDE
                hi[x] = max(high[row + slots[3 * x]], high[row + slots[3 * x + 1]], high[row + slots[3 * x + 2]])


@njit(cache=True, nogil=True, inline="always")
def _flushes_of_batch(n_players: int, n_flush: int, flush_trials: np.ndarray, boards_seen: np.ndarray,
                      suits: np.ndarray, flush: np.ndarray, hi: np.ndarray) -> None:
    """The flushes of the trials whose board holds three cards of a suit, in a pass of their own."""
    for f in range(n_flush):
        t = flush_trials[f]
        base = t * n_players
        shift = flush_suit(boards_seen[4 * t + 1]) * np.uint64(16)
        suited = (boards_seen[4 * t] >> shift) & _RANKS
        for i in range(n_players):
            hi[base + i] = max(hi[base + i], flush_high((suits[base + i] >> shift) & _RANKS, suited, flush))


@njit(cache=True, nogil=True, inline="always")
def _score_batch(n_players: int, batch: int, hilo: bool, low_outcome: np.ndarray, boards_seen: np.ndarray,
                 lows: np.ndarray, low: np.ndarray, hi: np.ndarray, lo: np.ndarray, category: np.ndarray,
                 joint: np.ndarray, pots: np.ndarray, acc: np.ndarray) -> None:
    """Score a batch: into the histograms when they are in use (up to three players), the low
    winners read from ``low_outcome`` when it is not empty (known hands), else into ``acc``."""
    for t in range(batch):
        base = t * n_players
        if low_outcome.shape[0]:
            tally(n_players, hi, base, low_outcome[boards_seen[4 * t + 2]], 1.0, category, joint, pots)
            continue
        if hilo:
            for i in range(n_players):
                lo[base + i] = low[lows[base + i] + boards_seen[4 * t + 2]]
        if joint.shape[0]:
            tally(n_players, hi, base, low_winners(n_players, lo, base) if hilo else 0, 1.0, category, joint, pots)
        else:
            score(n_players, hi, lo, base, hilo, 1.0, category, acc, True)


@njit(cache=True, nogil=True, parallel=True)
def monte_carlo(features: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], starts: np.ndarray,
                cumulative: np.ndarray, n_hole: int, board: np.ndarray,
                base_mask: np.uint64, n_chunks: int, trials_per_chunk: int, seed: int, hilo: bool, high: np.ndarray,
                terms: np.ndarray, flush: np.ndarray, low: np.ndarray, low_bit: np.ndarray, board_numbers: np.ndarray,
                category: np.ndarray, category_order: np.ndarray, words: np.ndarray, by_pair: np.ndarray,
                pair_numbers: np.ndarray) -> tuple[np.ndarray, int]:
    """Sample showdowns: each player's hole cards by weight from the combos ``starts[i]`` to
    ``starts[i + 1]`` (given by their :func:`combo_features`, worked out once for a run's
    calls; cumulative weights in ``cumulative``; an empty block is a random hand and a block
    of one a known hand), then the rest of the board, dealt as :mod:`pokerlab.cards.dealing`
    says.

    Each chunk deals a batch of trials (:func:`_draw_ranged`,
    :func:`~pokerlab.cards.dealing.deal_rest`, :func:`_seat_random`, :func:`_finish_board`),
    then looks every hand up (:func:`_look_up_highs`, then :func:`_flushes_of_batch`), then
    scores them (:func:`_score_batch`): apart, the lookups of many trials are in flight at once.
    Known hands look up a copy of their own columns of the high table (:func:`_known_columns`).
    Returns the summed counters ``acc`` (with squares) and the number of deals tried.
    """
    n_players = starts.shape[0] - 1
    n_board = board.shape[0]
    width = n_players * CELLS
    combo_index, combo_suits, combo_low, combo_mask = features
    all_acc = np.zeros((n_chunks, width + 16), dtype=np.float64)
    per_batch = _BATCH * n_players + 16
    all_slots = np.zeros((n_chunks, 3 * per_batch), dtype=np.uint64)
    all_suits = np.zeros((n_chunks, per_batch), dtype=np.uint64)
    all_lows = np.zeros((n_chunks, per_batch), dtype=np.uint64)
    all_boards = np.zeros((n_chunks, 4 * _BATCH + 16), dtype=np.uint64)
    all_flush_trials = np.zeros((n_chunks, _BATCH + 16), dtype=np.int64)
    all_hi = np.zeros((n_chunks, per_batch), dtype=np.int64)
    all_pairs = np.zeros((n_chunks, 6 * per_batch), dtype=np.uint64)
    all_lo = np.zeros((n_chunks, per_batch), dtype=np.int64)
    all_decks = np.zeros((n_chunks, 64), dtype=np.uint8)
    all_drawn = np.zeros((n_chunks, 1, 64), dtype=np.uint8)
    all_attempts = np.zeros((n_chunks, 16), dtype=np.int64)
    n_joint, n_pots = tally_sizes(n_players)
    all_joint = np.zeros((n_chunks, n_joint + 16), dtype=np.float64)
    all_pots = np.zeros((n_chunks, n_pots + 16), dtype=np.float64)
    fixed_mask = base_mask
    n_random = 0
    n_ranged = 0
    for i in range(n_players):
        size = starts[i + 1] - starts[i]
        if size == 1:
            fixed_mask |= combo_mask[starts[i]]
        elif size == 0:
            n_random += 1
        else:
            n_ranged += 1
    to_deal = n_hole * n_random + 5 - n_board
    general = n_ranged > 0 or n_hole > 4
    combo = (combo_index, combo_suits, combo_low, combo_mask)
    dealing = (terms, words, low_bit, pair_numbers, board_numbers, high)
    # Known hands' lows depend on the board's low ranks alone: who wins the low, for each of
    # the 256 sets of them, is worked out once (up to three players, counted by histograms).
    known_lows = hilo and n_joint > 0 and n_random == 0 and n_ranged == 0
    low_outcome = np.zeros(256 if known_lows else 0, dtype=np.int64)
    held_lows = np.zeros(n_players, dtype=np.int64)
    for board_set in range(low_outcome.shape[0]):
        for i in range(n_players):
            held_lows[i] = low[combo_low[starts[i]] + np.uint64(board_set)]
        low_outcome[board_set] = low_winners(n_players, held_lows, 0)
    board_sum = np.uint64(0)
    board_bits = np.uint64(0)
    board_lows = np.uint64(0)
    for j in range(n_board):
        c = np.uint64(board[j])
        key, bit = sum_card_words(words, (c,))
        board_sum += key
        board_bits |= bit
        board_lows |= low_bit[c]
    board_words = (board_sum, board_bits, board_lows)
    local_col = np.zeros(3 * n_players, dtype=np.uint64)
    local, n_cols = _known_columns(n_players, starts, n_hole, combo_index, high, local_col)
    limit = MAX_REJECTIONS * trials_per_chunk
    for chunk in prange(n_chunks):
        state = seed_state(seed, chunk)
        acc = all_acc[chunk]
        joint = all_joint[chunk, :n_joint]
        pots = all_pots[chunk, :n_pots]
        slots = all_slots[chunk]
        suits = all_suits[chunk]
        lows = all_lows[chunk]
        boards_seen = all_boards[chunk]
        flush_trials = all_flush_trials[chunk]
        hi = all_hi[chunk]
        pairs = all_pairs[chunk]
        hands = (slots, pairs, suits, lows)
        lo = all_lo[chunk]
        deck = all_decks[chunk]
        drawn = all_drawn[chunk]
        n_deck = fill_deck(fixed_mask, deck)
        for t in range(_BATCH):  # known hands: their columns, suits and lows in every trial's place, once
            for i in range(n_players):
                if starts[i + 1] - starts[i] == 1:
                    x = t * n_players + i
                    slots[3 * x] = local_col[3 * i]
                    slots[3 * x + 1] = local_col[3 * i + 1]
                    slots[3 * x + 2] = local_col[3 * i + 2]
                    suits[x] = combo_suits[starts[i]]
                    lows[x] = combo_low[starts[i]]
        done = 0
        attempts = 0
        while done < trials_per_chunk and attempts < limit:
            wanted = min(_BATCH, trials_per_chunk - done)
            if general:
                batch, n_flush, attempts, state = _deal_batch(True, wanted, attempts, limit, n_players, starts,
                                                              cumulative, combo, fixed_mask, n_ranged, n_random,
                                                              n_hole, to_deal, deck, n_deck, drawn, state, dealing,
                                                              board_words, hands, boards_seen, flush_trials)
            else:
                batch, n_flush, attempts, state = _deal_batch(False, wanted, attempts, limit, n_players, starts,
                                                              cumulative, combo, fixed_mask, n_ranged, n_random,
                                                              n_hole, to_deal, deck, n_deck, drawn, state, dealing,
                                                              board_words, hands, boards_seen, flush_trials)
            _look_up_highs(n_players, starts, batch, n_hole, boards_seen, slots, pairs, local, n_cols, high, by_pair,
                           hi)
            _flushes_of_batch(n_players, n_flush, flush_trials, boards_seen, suits, flush, hi)
            _score_batch(n_players, batch, hilo, low_outcome, boards_seen, lows, low, hi, lo, category, joint, pots,
                         acc)
            done += batch
        all_attempts[chunk, 0] = attempts
    acc_sum: np.ndarray = all_acc[:, :width].sum(axis=0)
    if n_joint:
        add_tallies(n_players, all_joint[:, :n_joint].sum(axis=0), all_pots[:, :n_pots].sum(axis=0), acc_sum, True,
                    hilo, category_order)
    return acc_sum, all_attempts[:, 0].sum()
