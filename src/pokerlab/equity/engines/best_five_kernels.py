"""Best-five engine kernels over hands as rows of two hole cards: every completion of the board,
or sampled deals, each hand valued as the best five of all seven cards for the high (hold'em's
lookup over any ranking's tables, :func:`~pokerlab.rankings.lookup.strength_of_key`) and,
chosen apart, for the eight-or-better low, then scored into pots
(:mod:`pokerlab.equity.pots`, whose counters every engine shares).

Before the flop, the boards are counted by their rank multisets, as hold'em's and Omaha's
kernels count them, with a correction for the boards that give someone a flush
(:func:`preflop_matchup`).

The low needs no search: a hand's low ranks (ace, 2 .. 8) as an 8-bit set, the hole's and
the board's ORed, give its best low in one lookup
(:func:`pokerlab.hand_rules.omaha_tables.best_five_low_table`, laid out as ``hole_set * 256 + board_set``).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from pokerlab.cards.dealing import MAX_REJECTIONS, choose, deal_rest, draw_combo, fill_deck, seed_state
from pokerlab.equity.pots import CELLS, add_tallies, low_winners, score, summary, tally, tally_sizes
from pokerlab.rankings.lookup import KEY_START, ONE, popcount, strength_of_key, strength_of_rank_key

_RANK_BITS = np.uint64(0xFFFFFFFF)
"""A card key's rank weight: its low 32 bits (see :data:`pokerlab.rankings.tables.EMPTY_KEY`)."""
_SPARE = 16
"""Padding after each block's row of counters, so that two threads never write one cache line."""


@njit(cache=True, nogil=True, inline="always")
def _value(n_players: int, hole_key: np.ndarray, hole_mask: np.ndarray, hole_low: np.ndarray, key: np.uint64,
           mask: np.uint64, low_set: np.uint64, hilo: bool, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
           low: np.ndarray, hi: np.ndarray, lo: np.ndarray, first: int) -> None:
    """Each player's high (and, with ``hilo``, low) on a full board given by its key, suit-rank
    mask and low-rank set, into ``hi[first + i]`` and ``lo[first + i]``."""
    for i in range(n_players):
        hi[first + i] = strength_of_key(key + hole_key[i], mask | hole_mask[i], rank, offsets, flush)
        if hilo:
            lo[first + i] = low[hole_low[i] + low_set]


@njit(cache=True, nogil=True, inline="always")
def _board_words(board: np.ndarray, card_key: np.ndarray, card_mask: np.ndarray,
                 low_bit: np.ndarray) -> tuple[np.uint64, np.uint64, np.uint64]:
    """A board's key (from :data:`~pokerlab.rankings.lookup.KEY_START`), suit-rank mask and
    low-rank set, which each completion of it extends card by card."""
    key = KEY_START
    mask = np.uint64(0)
    low_set = np.uint64(0)
    for j in range(board.shape[0]):
        c = np.uint64(board[j])
        key += card_key[c]
        mask |= card_mask[c]
        low_set |= low_bit[c]
    return key, mask, low_set


@njit(cache=True, nogil=True, inline="always")
def _count(n_players: int, hi: np.ndarray, lo: np.ndarray, hilo: bool, weight: float, category: np.ndarray,
           joint: np.ndarray, pots: np.ndarray, acc: np.ndarray) -> None:
    """One showdown into the histograms when they are in use (up to three players: one
    increment each, where scoring it costs a counter per player), else into ``acc``."""
    if joint.shape[0]:
        tally(n_players, hi, 0, low_winners(n_players, lo, 0) if hilo else 0, weight, category, joint, pots)
    else:
        score(n_players, hi, lo, 0, hilo, weight, category, acc, False)


@njit(cache=True, nogil=True, inline="always")
def _runouts(holes: np.ndarray, weight: float, board: np.ndarray, out_mask: np.uint64, hilo: bool, first: int,
             card_key: np.ndarray, card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
             low: np.ndarray, low_bit: np.ndarray, category: np.ndarray, deck: np.ndarray, hole_key: np.ndarray,
             hole_mask: np.ndarray, hole_low: np.ndarray, hi: np.ndarray, lo: np.ndarray, chosen: np.ndarray,
             joint: np.ndarray, pots: np.ndarray, acc: np.ndarray) -> None:
    """Every completion of ``board`` (0 to 5 cards) for one deal of hole cards (P, 2), each worth
    ``weight``; ``out_mask`` holds the board and dead cards. With ``first`` at 0 or above, only
    the completions whose first card is ``deck[first]`` (so that one deal's boards split into
    parts for threads). Showdowns go to the histograms ``joint`` and ``pots``
    (:func:`~pokerlab.equity.pots.tally`) when they are not empty, else to ``acc``."""
    n_players = holes.shape[0]
    for i in range(n_players):
        c0 = np.uint64(holes[i, 0])
        c1 = np.uint64(holes[i, 1])
        hole_key[i] = card_key[c0] + card_key[c1]
        hole_mask[i] = card_mask[c0] | card_mask[c1]
        hole_low[i] = (low_bit[c0] | low_bit[c1]) * np.uint64(256)
        out_mask |= (ONE << c0) | (ONE << c1)
    n = fill_deck(out_mask, deck)
    key0, mask0, low0 = _board_words(board, card_key, card_mask, low_bit)
    n_deal = 5 - board.shape[0]
    if n_deal == 0:
        _value(n_players, hole_key, hole_mask, hole_low, key0, mask0, low0, hilo, rank, offsets, flush, low, hi, lo, 0)
        _count(n_players, hi, lo, hilo, weight, category, joint, pots, acc)
        return
    need = n_deal - 1
    for x in range(max(first, 0), min(first + 1, n) if first >= 0 else n):
        if need > n - x - 1:
            break
        cx = np.uint64(deck[x])
        key_x = key0 + card_key[cx]
        mask_x = mask0 | card_mask[cx]
        low_x = low0 | low_bit[cx]
        if need == 1:  # the river after a turn card: one loop, without the bookkeeping of positions
            for y in range(x + 1, n):
                cy = np.uint64(deck[y])
                _value(n_players, hole_key, hole_mask, hole_low, key_x + card_key[cy], mask_x | card_mask[cy],
                       low_x | low_bit[cy], hilo, rank, offsets, flush, low, hi, lo, 0)
                _count(n_players, hi, lo, hilo, weight, category, joint, pots, acc)
            continue
        for j in range(need):
            chosen[j] = x + 1 + j
        while True:
            key = key_x
            mask = mask_x
            low_set = low_x
            for j in range(need):
                c = np.uint64(deck[chosen[j]])
                key += card_key[c]
                mask |= card_mask[c]
                low_set |= low_bit[c]
            _value(n_players, hole_key, hole_mask, hole_low, key, mask, low_set, hilo, rank, offsets, flush, low,
                   hi, lo, 0)
            _count(n_players, hi, lo, hilo, weight, category, joint, pots, acc)
            k = need - 1  # the next set of positions after x, in lexicographic order
            while k >= 0 and chosen[k] == n - need + k:
                k -= 1
            if k < 0:
                break
            chosen[k] += 1
            for j in range(k + 1, need):
                chosen[j] = chosen[j - 1] + 1


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]  # numba's stubs omit _nrt
def known_runouts(holes: np.ndarray, board: np.ndarray, out_mask: np.uint64, hilo: bool, card_key: np.ndarray,
                  card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray, low: np.ndarray,
                  low_bit: np.ndarray, category: np.ndarray, deck: np.ndarray, words: np.ndarray, values: np.ndarray,
                  positions: np.ndarray, joint: np.ndarray, pots: np.ndarray, acc: np.ndarray) -> None:
    """:func:`_runouts` for one deal of known hands (P, 2), serially, into ``acc``: after the
    flop there are at most a thousand boards, fewer than it takes to wake the threads.
    ``deck`` (64,) uint8, ``words`` (3, P) uint64, ``values`` (2, P) int64 and ``positions``
    (8,) int64 are scratch; ``joint`` and ``pots`` are sized by
    :func:`~pokerlab.equity.pots.tally_sizes` (empty past three players). Compiled without
    reference counting (it allocates nothing), which the inlined table lookups of a serial loop
    would otherwise pay for."""
    _runouts(holes, 1.0, board, out_mask, hilo, -1, card_key, card_mask, rank, offsets, flush, low, low_bit,
             category, deck, words[0], words[1], words[2], values[0], values[1], positions, joint, pots, acc)


@njit(cache=True, nogil=True)
def known_split(holes: np.ndarray, board: np.ndarray, out_mask: int, card_key: np.ndarray, card_mask: np.ndarray,
                rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray, low: np.ndarray, low_bit: np.ndarray,
                category: np.ndarray, category_order: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`known_runouts` of a split pot for known hands (P, 2) on a board of three or more
    cards, its scratch and histograms made here and the histograms added to the counters
    (:func:`~pokerlab.equity.pots.add_tallies`). Returns the counters and their
    :func:`~pokerlab.equity.pots.summary`: one call from Python, where a flop's runouts take
    microseconds (each further call, and each array made in Python, took one or two of them)."""
    n_players = holes.shape[0]
    n_joint, n_pots = tally_sizes(n_players)
    acc = np.zeros(n_players * CELLS)
    joint = np.zeros(n_joint)
    pots = np.zeros(n_pots)
    known_runouts(holes, board, np.uint64(out_mask), True, card_key, card_mask, rank, offsets, flush, low, low_bit,
                  category, np.zeros(64, dtype=np.uint8), np.zeros((3, n_players), dtype=np.uint64),
                  np.zeros((2, n_players), dtype=np.int64), np.zeros(8, dtype=np.int64), joint, pots, acc)
    if n_joint:
        add_tallies(n_players, joint, pots, acc, False, True, category_order)
    return acc, summary(acc, n_players, True, False)


@njit(cache=True, nogil=True, parallel=True)
def runouts_many(holes: np.ndarray, weights: np.ndarray, board: np.ndarray, out_mask: np.uint64, hilo: bool,
                 card_key: np.ndarray, card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                 low: np.ndarray, low_bit: np.ndarray, category: np.ndarray,
                 category_order: np.ndarray) -> np.ndarray:
    """Every completion of the board for many deals of hole cards (M, P, 2), deal m worth
    ``weights[m]``, in parallel; returns the summed counters ``acc``.

    With three or more cards to come, each deal's boards are split by their first card, so
    that one deal (known hands before the flop: 1.7 million boards) keeps every thread busy;
    the parts go to the blocks in turn, which evens out their sizes.
    """
    n_deals, n_players = holes.shape[0], holes.shape[1]
    width = n_players * CELLS
    n_deal = 5 - board.shape[0]
    left = 52 - 2 * n_players
    for c in range(52):
        left -= (out_mask >> np.uint64(c)) & ONE
    per_deal = max(int(left), 1) if n_deal >= 3 else 1
    n_tasks = n_deals * per_deal
    n_blocks = max(1, min(n_tasks, 64))
    block_acc = np.zeros((n_blocks, width + _SPARE), dtype=np.float64)
    decks = np.zeros((n_blocks, 64), dtype=np.uint8)
    words = np.zeros((n_blocks, 5, n_players + _SPARE), dtype=np.uint64)
    values = np.zeros((n_blocks, 2, n_players + _SPARE), dtype=np.int64)
    positions = np.zeros((n_blocks, 8), dtype=np.int64)
    n_joint, n_pots = tally_sizes(n_players)
    block_joint = np.zeros((n_blocks, n_joint + _SPARE), dtype=np.float64)
    block_pots = np.zeros((n_blocks, n_pots + _SPARE), dtype=np.float64)
    for b in prange(n_blocks):
        for t in range(b, n_tasks, n_blocks):
            m = t // per_deal
            _runouts(holes[m], weights[m], board, out_mask, hilo, t % per_deal if per_deal > 1 else -1, card_key,
                     card_mask, rank, offsets, flush, low, low_bit, category, decks[b], words[b, 0], words[b, 1],
                     words[b, 2], values[b, 0], values[b, 1], positions[b], block_joint[b, :n_joint],
                     block_pots[b, :n_pots], block_acc[b])
    acc: np.ndarray = block_acc[:, :width].sum(axis=0)
    if n_joint:
        add_tallies(n_players, block_joint[:, :n_joint].sum(axis=0), block_pots[:, :n_pots].sum(axis=0), acc, False,
                    hilo, category_order)
    return acc


# --- exact equity before the flop, by rank multisets -----------------------------------------------

@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]  # numba's stubs omit _nrt
def _preflop_plain(n_players: int, weight: float, avail: np.ndarray, used: np.ndarray, hole_rank: np.ndarray,
                   hole_low: np.ndarray, rank_weight: np.ndarray, rank_low: np.ndarray, hilo: bool,
                   rank: np.ndarray, offsets: np.ndarray, low: np.ndarray, category: np.ndarray, hi: np.ndarray,
                   lo: np.ndarray, part: int, parts: int, acc: np.ndarray) -> None:
    """Part 1 of :func:`preflop_matchup`: every board rank multiset a <= b <= c <= d <= e, worth
    the boards that hold those ranks, each hand valued as if no flush could happen; of the
    pairs (a, b), every ``parts``-th from ``part``."""
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
                            key = rank_weight[a] + rank_weight[b] + rank_weight[c] + rank_weight[d] + rank_weight[e]
                            for i in range(n_players):
                                hi[i] = strength_of_rank_key(key + hole_rank[i], rank, offsets)
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
def _preflop_flushes(n_players: int, weight: float, suit_avail: np.ndarray, off_avail: np.ndarray,
                     hole_rank: np.ndarray, hole_suits: np.ndarray, hole_low: np.ndarray, rank_weight: np.ndarray,
                     rank_low: np.ndarray, hilo: bool, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                     low: np.ndarray, category: np.ndarray, hi: np.ndarray, lo: np.ndarray, plain: np.ndarray,
                     part: int, parts: int, acc: np.ndarray) -> None:
    """Part 2 of :func:`preflop_matchup`: the boards with m >= 3 cards of a suit s that gives
    some player five or more of it: their ranks F in s and their other ranks O. Each such board
    adds its real showdown and takes back the one part 1 counted it as. Of the rank sets F,
    every ``parts``-th from ``part``."""
    taken = 0
    for s in range(4):
        for m in range(3, 6):
            n_off = 5 - m
            f = (1 << m) - 1
            while f < (1 << 13):
                taken += 1
                if f & suit_avail[s] == f and taken % parts == part:
                    any_flush = False
                    for i in range(n_players):
                        any_flush = any_flush or popcount(np.uint64(hole_suits[i, s] | f)) >= 5
                    if any_flush:
                        f_key = np.uint64(0)
                        f_low = np.uint64(0)
                        for rk in range(13):
                            if (f >> rk) & 1:
                                f_key += rank_weight[rk]
                                f_low |= rank_low[rk]
                        for o1 in range(13 if n_off else 1):
                            for o2 in range(o1 if n_off == 2 else 0, 13 if n_off == 2 else 1):
                                boards = 1
                                key = f_key
                                lows = f_low
                                if n_off >= 1:
                                    boards = off_avail[s, o1]
                                    key += rank_weight[o1]
                                    lows |= rank_low[o1]
                                if n_off == 2:
                                    boards = choose(off_avail[s, o1], 2) if o2 == o1 else boards * off_avail[s, o2]
                                    key += rank_weight[o2]
                                    lows |= rank_low[o2]
                                if boards == 0:
                                    continue
                                for i in range(n_players):
                                    plain[i] = strength_of_rank_key(key + hole_rank[i], rank, offsets)
                                    suited = hole_suits[i, s] | f
                                    hi[i] = flush[suited] if popcount(np.uint64(suited)) >= 5 else plain[i]
                                if hilo:
                                    for i in range(n_players):
                                        lo[i] = low[hole_low[i] + lows]
                                score(n_players, hi, lo, 0, hilo, weight * boards, category, acc, False)
                                score(n_players, plain, lo, 0, hilo, -weight * boards, category, acc, False)
                low_bit_f = f & -f
                ripple = f + low_bit_f
                f = (((ripple ^ f) >> 2) // low_bit_f) | ripple


@njit(cache=True, nogil=True)
def preflop_matchup(holes: np.ndarray, weight: float, dead_mask: np.uint64, hilo: bool, card_key: np.ndarray,
                    card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray, low: np.ndarray,
                    low_bit: np.ndarray, category: np.ndarray, part: int, parts: int, acc: np.ndarray) -> None:
    """Every five-card board for one deal of hole cards (P, 2), each worth ``weight``, by rank
    multisets, into ``acc`` (as the Omaha engine counts before the flop): part 1 counts each
    board rank multiset once, worth the number of boards with those ranks, as if no flush could
    happen; part 2 corrects the boards with a flush for someone. The low goes by ranks alone.
    ``dead_mask`` holds every card that cannot be dealt, the hole cards included. The work is
    cut into ``parts`` interleaved parts whose counters add up to the whole; this call counts
    part ``part`` (from 0)."""
    n_players = holes.shape[0]
    avail = np.zeros(13, dtype=np.int64)
    suit_avail = np.zeros(4, dtype=np.int64)
    for card in range(52):
        if not (dead_mask >> np.uint64(card)) & ONE:
            avail[card >> 2] += 1
            suit_avail[card & 3] |= 1 << (card >> 2)
    rank_weight = np.zeros(13, dtype=np.uint64)
    rank_low = np.zeros(13, dtype=np.uint64)
    for rk in range(13):
        rank_weight[rk] = card_key[4 * rk] & _RANK_BITS
        rank_low[rk] = low_bit[4 * rk]
    hole_rank = np.zeros(n_players, dtype=np.uint64)
    hole_suits = np.zeros((n_players, 4), dtype=np.int64)
    hole_low = np.zeros(n_players, dtype=np.uint64)
    for i in range(n_players):
        for j in range(2):
            c = np.uint64(holes[i, j])
            hole_rank[i] += card_key[c] & _RANK_BITS
            hole_suits[i, c & np.uint64(3)] |= 1 << (c >> np.uint64(2))
            hole_low[i] |= low_bit[c]
        hole_low[i] *= np.uint64(256)
    hi = np.zeros(n_players, dtype=np.int64)
    lo = np.zeros(n_players, dtype=np.int64)
    plain = np.zeros(n_players, dtype=np.int64)
    used = np.zeros(13, dtype=np.int64)
    _preflop_plain(n_players, weight, avail, used, hole_rank, hole_low, rank_weight, rank_low, hilo, rank, offsets,
                   low, category, hi, lo, part, parts, acc)
    off_avail = np.zeros((4, 13), dtype=np.int64)
    for s in range(4):
        for rk in range(13):
            off_avail[s, rk] = avail[rk] - ((suit_avail[s] >> rk) & 1)
    _preflop_flushes(n_players, weight, suit_avail, off_avail, hole_rank, hole_suits, hole_low, rank_weight, rank_low,
                     hilo, rank, offsets, flush, low, category, hi, lo, plain, part, parts, acc)


@njit(cache=True, nogil=True, parallel=True)
def preflop_many(holes: np.ndarray, weights: np.ndarray, dead_mask: np.uint64, hilo: bool, card_key: np.ndarray,
                 card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray, low: np.ndarray,
                 low_bit: np.ndarray, category: np.ndarray, n_parts: int) -> np.ndarray:
    """:func:`preflop_matchup` for many deals of hole cards (M, P, 2) in parallel, deal m worth
    ``weights[m]``, each deal's work cut into ``n_parts`` parts (more than one where there are
    fewer deals than threads); ``dead_mask`` holds the dead cards (and those the deck leaves
    out). Returns the summed counters."""
    n_deals, n_players = holes.shape[0], holes.shape[1]
    width = n_players * CELLS
    block_acc = np.zeros((n_deals * n_parts, width + _SPARE), dtype=np.float64)
    for item in prange(n_deals * n_parts):
        m = item // n_parts
        mask = dead_mask
        for i in range(n_players):
            mask |= (ONE << np.uint64(holes[m, i, 0])) | (ONE << np.uint64(holes[m, i, 1]))
        preflop_matchup(holes[m], weights[m], mask, hilo, card_key, card_mask, rank, offsets, flush, low, low_bit,
                        category, item % n_parts, n_parts, block_acc[item])
    acc: np.ndarray = block_acc[:, :width].sum(axis=0)
    return acc


@njit(cache=True, nogil=True, inline="always")
def _set_hole(i: int, c0: np.uint64, c1: np.uint64, card_key: np.ndarray, card_mask: np.ndarray, low_bit: np.ndarray,
              hole_key: np.ndarray, hole_mask: np.ndarray, hole_low: np.ndarray) -> None:
    """Player ``i``'s hole words: key, suit-rank mask and low-rank set (times 256, the low table's row)."""
    hole_key[i] = card_key[c0] + card_key[c1]
    hole_mask[i] = card_mask[c0] | card_mask[c1]
    hole_low[i] = (low_bit[c0] | low_bit[c1]) * np.uint64(256)


@njit(cache=True, nogil=True, inline="always")
def _draw_holes(n_players: int, combos: np.ndarray, starts: np.ndarray, cumulative: np.ndarray, used: np.uint64,
                state: np.uint64, card_key: np.ndarray, card_mask: np.ndarray, low_bit: np.ndarray,
                hole_key: np.ndarray, hole_mask: np.ndarray, hole_low: np.ndarray) -> tuple[bool, np.uint64, np.uint64]:
    """Each known hand's and ranged player's hole words (a range's combo drawn by weight, unless
    it clashes with a card already out, which rejects the deal). Returns whether the deal
    stands, the cards then out and the generator state."""
    for i in range(n_players):
        start = starts[i]
        stop = starts[i + 1]
        if stop == start:  # random: dealt from the deck
            continue
        a = start
        if stop - start > 1:
            a, state = draw_combo(cumulative, start, stop, state)
        c0 = np.uint64(combos[a, 0])
        c1 = np.uint64(combos[a, 1])
        if stop - start > 1:
            pair = (ONE << c0) | (ONE << c1)
            if used & pair:
                return False, used, state
            used |= pair
        _set_hole(i, c0, c1, card_key, card_mask, low_bit, hole_key, hole_mask, hole_low)
    return True, used, state


@njit(cache=True, nogil=True, parallel=True)
def monte_carlo(combos: np.ndarray, starts: np.ndarray, cumulative: np.ndarray, board: np.ndarray,
                base_mask: np.uint64, n_chunks: int, trials_per_chunk: int, seed: int, hilo: bool,
                card_key: np.ndarray, card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray,
                flush: np.ndarray, low: np.ndarray, low_bit: np.ndarray,
                category: np.ndarray) -> tuple[np.ndarray, int]:
    """Sample showdowns: each player's hole cards by weight from ``combos[starts[i]:starts[i + 1]]``
    ((K, 2) uint8, cumulative weights in ``cumulative``; an empty block is a random hand and a
    block of one a known hand), then the rest of the board, dealt as
    :mod:`pokerlab.cards.dealing` says (:func:`_draw_holes`, then
    :func:`~pokerlab.cards.dealing.deal_rest`). Returns the summed counters ``acc`` (with
    squares) and the number of deals tried."""
    n_players = starts.shape[0] - 1
    width = n_players * CELLS
    fixed_mask = base_mask
    n_random = 0
    for i in range(n_players):
        size = starts[i + 1] - starts[i]
        if size == 1:
            fixed_mask |= (ONE << np.uint64(combos[starts[i], 0])) | (ONE << np.uint64(combos[starts[i], 1]))
        elif size == 0:
            n_random += 1
    to_deal = 2 * n_random + 5 - board.shape[0]
    key0, mask0, low0 = _board_words(board, card_key, card_mask, low_bit)
    all_acc = np.zeros((n_chunks, width + _SPARE), dtype=np.float64)
    all_words = np.zeros((n_chunks, 3, n_players + _SPARE), dtype=np.uint64)
    all_values = np.zeros((n_chunks, 2, n_players + _SPARE), dtype=np.int64)
    all_decks = np.zeros((n_chunks, 64), dtype=np.uint8)
    all_drawn = np.zeros((n_chunks, 64), dtype=np.uint8)
    all_attempts = np.zeros((n_chunks, _SPARE), dtype=np.int64)
    limit = MAX_REJECTIONS * trials_per_chunk
    for chunk in prange(n_chunks):
        state = seed_state(seed, chunk)
        acc = all_acc[chunk]
        hole_key = all_words[chunk, 0]
        hole_mask = all_words[chunk, 1]
        hole_low = all_words[chunk, 2]
        hi = all_values[chunk, 0]
        lo = all_values[chunk, 1]
        deck = all_decks[chunk]
        drawn = all_drawn[chunk]
        n_deck = fill_deck(fixed_mask, deck)
        done = 0
        attempts = 0
        while done < trials_per_chunk and attempts < limit:
            attempts += 1
            ok, used, state = _draw_holes(n_players, combos, starts, cumulative, fixed_mask, state, card_key,
                                          card_mask, low_bit, hole_key, hole_mask, hole_low)
            if not ok:
                continue
            state = deal_rest(deck, n_deck, to_deal, used, True, drawn, state)
            first = 0
            for i in range(n_players):
                if starts[i + 1] == starts[i]:
                    _set_hole(i, np.uint64(drawn[first]), np.uint64(drawn[first + 1]), card_key, card_mask, low_bit,
                              hole_key, hole_mask, hole_low)
                    first += 2
            key = key0
            mask = mask0
            low_set = low0
            for j in range(first, to_deal):
                c = np.uint64(drawn[j])
                key += card_key[c]
                mask |= card_mask[c]
                low_set |= low_bit[c]
            _value(n_players, hole_key, hole_mask, hole_low, key, mask, low_set, hilo, rank, offsets, flush, low,
                   hi, lo, 0)
            score(n_players, hi, lo, 0, hilo, 1.0, category, acc, True)
            done += 1
        all_attempts[chunk, 0] = attempts
    acc_sum: np.ndarray = all_acc[:, :width].sum(axis=0)
    return acc_sum, all_attempts[:, 0].sum()
