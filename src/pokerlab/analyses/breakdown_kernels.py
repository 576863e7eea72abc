"""Range analysis kernels: what each combo of a range makes and draws to on a board.

:func:`classify_combos` gives every combo one made-hand line (an index into
:data:`pokerlab.analyses.breakdown.FINE_LINES`, strongest first) and a bit set of draws (bit ``i`` for
``DRAW_LINES[i]`` there), where the definitions are written out.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab.rankings.lookup import KEY_START, strength_of_key

# the made lines the kernel names, by their index in pokerlab.analyses.breakdown.FINE_LINES
_FLUSH = 3
_STRAIGHT = 4
_SET = 5
_TRIPS = 6
_TWO_PAIR = 7
_TWO_PAIR_BOARD = 8
_OVERPAIR = 9
_TOP_PAIR = 10  # top kicker; good and weak kickers follow
_POCKET_BELOW_TOP = 13
_MIDDLE_PAIR = 14
_BOTTOM_PAIR = 15
_ACE_HIGH = 16
_NOTHING = 17
_ACE = 12
_GOOD_KICKERS = 2
"""A top pair's kicker is good when at most this many kickers that the board leaves are better."""

# draw bits, bit i for pokerlab.analyses.breakdown.DRAW_LINES[i]
_FD = 1
_NUT_FD = 2
_OESD = 4
_DOUBLE_GUTSHOT = 8
_GUTSHOT = 16
_BACKDOOR_FD = 32
_OVERCARDS = 64
_FD_AND_SD = 128
_PAIR_AND_FD = 256
_PAIR_AND_SD = 512


@njit(cache=True, nogil=True)
def straight_high(ranks: int) -> int:
    """The top rank of the best straight in a 13-bit rank mask (3 for the wheel), or -1.

    Plain Python can call it too: ``straight_high(0b1_0000_0000_1111) == 3``.
    """
    extended = (ranks << 1) | (ranks >> _ACE & 1)  # bit 0: the ace played low
    for top in range(13, 3, -1):
        window = 0x1F << (top - 4)
        if extended & window == window:
            return top - 1
    return -1


@njit(cache=True, nogil=True)
def _straight_draw(ranks: int, board_ranks: int) -> int:
    """The straight-draw bit of a hand without a straight: the ranks that would make it a
    straight the board and that card alone do not make, open-ended when two of them close a
    run of four."""
    completing = 0
    for r in range(13):
        bit = 1 << r
        if ranks & bit == 0 and straight_high(ranks | bit) > straight_high(board_ranks | bit):
            completing |= bit
    n = 0
    for r in range(13):
        n += completing >> r & 1
    if n == 0:
        return 0
    if n == 1:
        return _GUTSHOT
    extended = (ranks << 1) | (ranks >> _ACE & 1)
    ends = (completing << 1) | (completing >> _ACE & 1)
    for low in range(0, 10):  # a run of four at bits low + 1 .. low + 4, open at both ends
        run = 0xF << (low + 1)
        if extended & run == run and ends >> low & 1 and ends >> (low + 5) & 1:
            return _OESD
    return _DOUBLE_GUTSHOT


@njit(cache=True, nogil=True)
def classify_combos(combos: np.ndarray, board: np.ndarray, card_key: np.ndarray, card_mask: np.ndarray,
                    rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                    category: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The made-hand line (its index in ``FINE_LINES``) and draw bits of each combo (K, 2)
    on a board of 3 to 5 cards (uint8 ids; no combo may hold a board card)."""
    n_board = board.shape[0]
    board_key = KEY_START
    board_mask = np.uint64(0)
    counts = np.zeros(13, dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    suit_ranks = np.zeros(4, dtype=np.int64)
    board_ranks = 0
    for j in range(n_board):
        c = np.uint64(board[j])
        board_key += card_key[c]
        board_mask |= card_mask[c]
        counts[board[j] >> 2] += 1
        suits[board[j] & 3] += 1
        suit_ranks[board[j] & 3] |= 1 << (board[j] >> 2)
        board_ranks |= 1 << (board[j] >> 2)
    board_strength = strength_of_key(board_key, board_mask, rank, offsets, flush) if n_board == 5 else 0
    top = 12
    while counts[top] == 0:
        top -= 1
    second = top - 1
    while second >= 0 and counts[second] == 0:
        second -= 1
    n = combos.shape[0]
    made = np.zeros(n, dtype=np.int64)
    draws = np.zeros(n, dtype=np.int64)
    for k in range(n):
        a = np.uint64(combos[k, 0])
        b = np.uint64(combos[k, 1])
        ra = combos[k, 0] >> 2
        rb = combos[k, 1] >> 2
        hi = max(ra, rb)
        lo = min(ra, rb)
        strength = strength_of_key(board_key + card_key[a] + card_key[b], board_mask | card_mask[a] | card_mask[b],
                                   rank, offsets, flush)
        cat = category[strength]
        line = _NOTHING
        if cat >= 4 and (n_board < 5 or strength > board_strength):
            line = 8 - cat  # straight flush (8) first .. straight (4)
        elif ra == rb:
            line = _SET if counts[ra] else (_OVERPAIR if ra > top else _POCKET_BELOW_TOP)
        elif counts[ra] == 2 or counts[rb] == 2:
            line = _TRIPS
        else:
            # the two best pairs among the hole and board cards, and whether a hole card is in each
            first = -1
            other = -1
            for r in range(12, -1, -1):
                if counts[r] + (ra == r) + (rb == r) == 2:
                    if first < 0:
                        first = r
                    elif other < 0:
                        other = r
            paired = max(ra if counts[ra] == 1 else -1, rb if counts[rb] == 1 else -1)
            if other >= 0 and (first == ra or first == rb) and (other == ra or other == rb):
                line = _TWO_PAIR
            elif other >= 0 and (first == ra or first == rb or other == ra or other == rb):
                line = _TWO_PAIR_BOARD
            elif paired == top:
                kicker = lo if paired == hi else hi
                better = 0
                for r in range(kicker + 1, 13):
                    better += counts[r] == 0
                line = _TOP_PAIR + (0 if better == 0 else (1 if better <= _GOOD_KICKERS else 2))
            elif paired >= 0:
                line = _MIDDLE_PAIR if paired == second else _BOTTOM_PAIR
            elif hi == _ACE:
                line = _ACE_HIGH
        made[k] = line
        if n_board == 5:
            continue
        bits = 0
        if line > _FLUSH:
            for s in range(4):
                held = (combos[k, 0] & 3 == s) + (combos[k, 1] & 3 == s)
                if held and suits[s] + held == 4:
                    bits |= _FD
                    nut = 12
                    while suit_ranks[s] >> nut & 1:
                        nut -= 1
                    if (combos[k, 0] & 3 == s and ra == nut) or (combos[k, 1] & 3 == s and rb == nut):
                        bits |= _NUT_FD
            if n_board == 3 and not bits & _FD:
                for s in range(4):
                    held = (combos[k, 0] & 3 == s) + (combos[k, 1] & 3 == s)
                    if held and suits[s] + held == 3:
                        bits |= _BACKDOOR_FD
        if line > _STRAIGHT:
            bits |= _straight_draw(board_ranks | 1 << ra | 1 << rb, board_ranks)
        if line >= _ACE_HIGH and lo > top:
            bits |= _OVERCARDS
        straight_draw = bits & (_OESD | _DOUBLE_GUTSHOT | _GUTSHOT)
        pair = _OVERPAIR <= line <= _BOTTOM_PAIR
        if bits & _FD and straight_draw:
            bits |= _FD_AND_SD
        if pair and bits & _FD:
            bits |= _PAIR_AND_FD
        if pair and straight_draw:
            bits |= _PAIR_AND_SD
        draws[k] = bits
    return made, draws
