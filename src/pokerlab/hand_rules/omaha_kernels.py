"""Omaha's hand rule, compiled: the best high and low of exactly two hole and three board
cards, for batches of hands and for the equity kernels (:mod:`pokerlab.equity.engines.omaha_kernels`).

The tables come from :mod:`pokerlab.hand_rules.omaha_tables`:

- ``high``: the best non-flush strength at ``board * 1820 + hole`` for a five-card board rank
  multiset and a four-card hole rank multiset, each numbered by summing ``terms[i, r]`` over
  its sorted ranks (the i-th smallest is r). Five and six hole cards take the best of three
  four-card subsets of their sorted ranks
  (:data:`~pokerlab.hand_rules.omaha_tables.HOLE_COVERS`);
- ``keys``, ``board_numbers`` and ``hole_numbers``: the same numbers without a sort, from the
  sum of the cards' mixed rank keys (:func:`~pokerlab.hand_rules.omaha_tables.card_keys`,
  whose sum also counts the suits) and a perfect hash of a few kilobytes (:func:`board_number`,
  :func:`hole_number`); the batch kernels read ``words``, the keys beside each card's
  suit-rank bit (:func:`~pokerlab.hand_rules.omaha_tables.card_words`), a vector sum a card;
- ``flush``: the hold'em flush table (:attr:`pokerlab.rankings.tables.Tables.flush`);
- ``low``: the eight-or-better low at ``hole_set * 256 + board_set`` of low-rank bit sets, with
  ``low_bit[card]`` the bit of a card's low rank (0 for nine and up).

Ranks are sorted by a sorting network of branch-free min/max pairs. A flush needs three
board cards of one suit (so at most one suit) and two hole cards of it; found from per-suit
counts kept in nibbles (a nibble reaching 3 sets its top bit after adding 5), it is then
the best of a few flush lookups (:func:`flush_high`), and the hand is the better of that and
the non-flush value.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from pokerlab.hand_rules.omaha_tables import BOARD_KEY_SHIFT, BOARD_ROW_BITS, HOLE_MIX_BITS, HOLE_ROW_BITS, SUIT_BITS
from pokerlab.rankings.lookup import popcount, sum_card_words

HOLE_STRIDE = 1820
"""Four-card hole rank multisets: a board's row in the high table (``HOLE_MULTISETS``)."""
CHUNK = 128
"""Batch evaluation works a chunk of rows at a time: first every row's table indices, then the
lookups (no branch between them, so many are in flight at once), then the flushes."""

_ONE = np.uint64(1)
_THREE = np.uint64(3)
_BYTE = np.uint64(0xFF)
_TWO = np.uint64(2)
_FOUR = np.uint64(4)
_FIVE = np.uint64(5)
_RANKS = np.uint64(0x1FFF)
_FIVES = np.uint64(0x5555)
_SIXES = np.uint64(0x6666)
_TOPS = np.uint64(0x8888)
_STRIDE = np.uint64(HOLE_STRIDE)
_SUIT_BITS = np.uint64(SUIT_BITS)
_BOARD_SHIFT = np.uint64(BOARD_KEY_SHIFT)
_BOARD_ROW = np.uint64(BOARD_ROW_BITS)
_BOARD_COLUMN = np.uint64((1 << BOARD_ROW_BITS) - 1)
_HOLE_MIXED = np.uint64((1 << HOLE_MIX_BITS) - 1)
_HOLE_ROW = np.uint64(HOLE_ROW_BITS)
_HOLE_COLUMN = np.uint64((1 << HOLE_ROW_BITS) - 1)
_WHEEL = np.uint64(0x100F)
_SHORT_WHEEL = np.uint64(0x10F0)
"""A-6-7-8-9, the short deck's lowest straight; in the standard ranking it is no straight, and
taking every choice for it there costs time, not correctness."""
"""The ranks of the five-high straight: the ace and 2 to 5."""


@njit(cache=True, nogil=True, inline="always")
def board_number(key_sum: np.uint64, board_numbers: np.ndarray) -> np.uint64:
    """The multiset number of a board from the sum of its cards'
    :func:`~pokerlab.hand_rules.omaha_tables.card_keys`
    (:func:`pokerlab.hand_rules.omaha_tables.number_of_key_sum` over
    :func:`~pokerlab.hand_rules.omaha_tables.board_multisets`): the keys come mixed, so the
    sum's top bits are the mixed board key."""
    mixed = key_sum >> _BOARD_SHIFT
    return np.uint64(board_numbers[np.uint64(board_numbers[mixed >> _BOARD_ROW]) + (mixed & _BOARD_COLUMN)])


@njit(cache=True, nogil=True, inline="always")
def hole_number(key_sum: np.uint64, hole_numbers: np.ndarray) -> np.uint64:
    """As :func:`board_number`, for a four-card hole (over :func:`~pokerlab.hand_rules.omaha_tables.hole_multisets`)."""
    mixed = key_sum & _HOLE_MIXED
    return np.uint64(hole_numbers[np.uint64(hole_numbers[mixed >> _HOLE_ROW]) + (mixed & _HOLE_COLUMN)])


@njit(cache=True, nogil=True, inline="always")
def _order(a: Any, b: Any) -> tuple[Any, Any]:
    """The smaller and the larger, without a branch."""
    return min(a, b), max(a, b)


@njit(cache=True, nogil=True, inline="always")
def index4(r0: Any, r1: Any, r2: Any, r3: Any, terms: np.ndarray) -> Any:
    """The multiset number of four ranks in any order."""
    r0, r1 = _order(r0, r1)
    r2, r3 = _order(r2, r3)
    r0, r2 = _order(r0, r2)
    r1, r3 = _order(r1, r3)
    r1, r2 = _order(r1, r2)
    return terms[0, r0] + terms[1, r1] + terms[2, r2] + terms[3, r3]


@njit(cache=True, nogil=True, inline="always")
def index5(r0: Any, r1: Any, r2: Any, r3: Any, r4: Any, terms: np.ndarray) -> Any:
    """The multiset number of five ranks in any order."""
    r0, r1 = _order(r0, r1)
    r3, r4 = _order(r3, r4)
    r2, r4 = _order(r2, r4)
    r2, r3 = _order(r2, r3)
    r0, r3 = _order(r0, r3)
    r0, r2 = _order(r0, r2)
    r1, r4 = _order(r1, r4)
    r1, r3 = _order(r1, r3)
    r1, r2 = _order(r1, r2)
    return terms[0, r0] + terms[1, r1] + terms[2, r2] + terms[3, r3] + terms[4, r4]


@njit(cache=True, nogil=True, inline="always")
def hole_indices(cards: np.ndarray, row: int, first: int, n_hole: int, terms: np.ndarray, out: np.ndarray,
                 at: int) -> None:
    """Write the high table columns of a hole (the 4, 5 or 6 ids from ``cards[row, first]``) to
    ``out[at:at + 3]`` (see :func:`indices_of_hole`)."""
    c4 = np.uint64(cards[row, first + 4]) if n_hole > 4 else _BYTE
    c5 = np.uint64(cards[row, first + 5]) if n_hole > 5 else _BYTE
    indices_of_hole(np.uint64(cards[row, first]), np.uint64(cards[row, first + 1]), np.uint64(cards[row, first + 2]),
                    np.uint64(cards[row, first + 3]), c4, c5, n_hole, terms, out, at)


@njit(cache=True, nogil=True, inline="always")
def indices_of_hole(c0: np.uint64, c1: np.uint64, c2: np.uint64, c3: np.uint64, c4: np.uint64, c5: np.uint64,
                    n_hole: int, terms: np.ndarray, out: np.ndarray, at: int) -> None:
    """Write the high table columns of a hole of ``n_hole`` ids (4 to 6; those past it unused) to
    ``out[at:at + 3]``: one four-card subset for four cards (repeated), three for more."""
    r0 = min(c0 & _BYTE, np.uint64(51)) >> _TWO
    r1 = min(c1 & _BYTE, np.uint64(51)) >> _TWO
    r2 = min(c2 & _BYTE, np.uint64(51)) >> _TWO
    r3 = min(c3 & _BYTE, np.uint64(51)) >> _TWO
    if n_hole == 4:
        i = index4(r0, r1, r2, r3, terms)
        out[at] = i
        out[at + 1] = i
        out[at + 2] = i
        return
    r4 = min(c4 & _BYTE, np.uint64(51)) >> _TWO
    if n_hole == 5:
        r0, r1 = _order(r0, r1)
        r3, r4 = _order(r3, r4)
        r2, r4 = _order(r2, r4)
        r2, r3 = _order(r2, r3)
        r0, r3 = _order(r0, r3)
        r0, r2 = _order(r0, r2)
        r1, r4 = _order(r1, r4)
        r1, r3 = _order(r1, r3)
        r1, r2 = _order(r1, r2)
        tail = terms[2, r3] + terms[3, r4]  # every cover keeps the two highest
        out[at] = terms[0, r1] + terms[1, r2] + tail
        out[at + 1] = terms[0, r0] + terms[1, r2] + tail
        out[at + 2] = terms[0, r0] + terms[1, r1] + tail
        return
    r5 = min(c5 & _BYTE, np.uint64(51)) >> _TWO
    r1, r2 = _order(r1, r2)
    r4, r5 = _order(r4, r5)
    r0, r2 = _order(r0, r2)
    r3, r5 = _order(r3, r5)
    r0, r1 = _order(r0, r1)
    r3, r4 = _order(r3, r4)
    r2, r5 = _order(r2, r5)
    r0, r3 = _order(r0, r3)
    r1, r4 = _order(r1, r4)
    r2, r4 = _order(r2, r4)
    r1, r3 = _order(r1, r3)
    r2, r3 = _order(r2, r3)
    out[at] = terms[0, r0] + terms[1, r1] + terms[2, r2] + terms[3, r3]
    out[at + 1] = terms[0, r0] + terms[1, r1] + terms[2, r4] + terms[3, r5]
    out[at + 2] = terms[0, r2] + terms[1, r3] + terms[2, r4] + terms[3, r5]


@njit(cache=True, nogil=True, inline="always")
def _without_lowest(bits: np.uint64, keep: int) -> np.uint64:
    """``bits`` less its lowest set bits, until at most ``keep`` (1 to 3) are left."""
    while True:
        rest = bits & (bits - _ONE)  # less the lowest
        for _ in range(keep - 1):
            rest &= rest - _ONE
        if not rest:
            return bits
        bits &= bits - _ONE


@njit(cache=True, nogil=True, inline="always")
def flush_high(hole: np.uint64, board: np.uint64, flush: np.ndarray) -> Any:
    """The best flush of exactly two ranks of ``hole`` and three of ``board`` (13-bit rank
    sets of one suit; the board holds three to five): 0 when the hole holds fewer than two.

    Without a straight among all the ranks, the best is the two highest of the hole with the
    three highest of the board (a higher card in place of a lower one never ranks lower);
    with one (rare), every choice is looked up, straight flushes included. Both the standard
    wheel and the short deck's A-6-7-8-9 count as straights here, so any ranking's flush
    table reads right.
    """
    if not hole & (hole - _ONE):
        return 0
    both = hole | board
    runs = both & (both >> _ONE) & (both >> _TWO) & (both >> np.uint64(3)) & (both >> _FOUR)
    if not runs and both & _WHEEL != _WHEEL and both & _SHORT_WHEEL != _SHORT_WHEEL:
        return flush[_without_lowest(hole, 2) | _without_lowest(board, 3)]
    best = 0
    h1 = hole
    while h1:
        a = h1 & ~(h1 - _ONE)
        h1 ^= a
        h2 = h1
        while h2:
            b = h2 & ~(h2 - _ONE)
            h2 ^= b
            t1 = board
            while t1:
                x = t1 & ~(t1 - _ONE)
                t1 ^= x
                t2 = t1
                while t2:
                    y = t2 & ~(t2 - _ONE)
                    t2 ^= y
                    t3 = t2
                    while t3:
                        z = t3 & ~(t3 - _ONE)
                        t3 ^= z
                        best = max(best, flush[a | b | x | y | z])
    return best


@njit(cache=True, nogil=True, inline="always")
def flush_suit(counts: np.uint64) -> np.uint64:
    """The suit with three or more cards (its nibble in ``counts`` holds at least 3); call
    only when :data:`_TOPS` of ``counts + 0x5555`` is not 0."""
    tops = (counts + _FIVES) & _TOPS
    return ((tops >> np.uint64(7)) & _ONE) | (((tops >> np.uint64(11)) & _ONE) * _TWO) \
        | (((tops >> np.uint64(15)) & _ONE) * np.uint64(3))


@njit(cache=True, nogil=True, inline="always")
def row_is_valid(holes: np.ndarray, hole_at: np.uint64, n_hole: int, boards: np.ndarray, board_at: np.uint64) -> bool:
    """Whether the row whose hole starts at ``holes[0, hole_at]`` and whose board starts at
    ``boards[0, board_at]`` (flat rows, see :func:`high_rows_4`) holds ids 0..51 only, none twice."""
    seen = np.uint64(0)
    twice = np.uint64(0)
    top = np.uint64(0)  # negative ids of a signed dtype become huge
    for j in range(n_hole + 5):
        i = np.uint64(holes[0, hole_at + np.uint64(j)]) if j < n_hole else \
            np.uint64(boards[0, board_at + np.uint64(j - n_hole)])
        top = max(top, i)
        bit = _ONE << (i & np.uint64(63))
        twice |= seen & bit
        seen |= bit
    return bool(top <= np.uint64(51)) and not twice


@njit(cache=True, nogil=True, inline="always")
def board_words(boards: np.ndarray, at: np.uint64, words: np.ndarray) -> tuple[np.uint64, np.uint64]:
    """The sums of the :func:`~pokerlab.hand_rules.omaha_tables.card_words` of the five board
    cards from ``boards[0, at]`` (flat rows, see :func:`high_rows_4`): their key sum and their
    suit-rank bits (:func:`~pokerlab.rankings.lookup.sum_card_words`). A card is read as its
    id's low byte, so that no id reads past the table (free for uint8 rows)."""
    return sum_card_words(words, (np.uint64(boards[0, at]) & _BYTE, np.uint64(boards[0, at + _ONE]) & _BYTE,
                                  np.uint64(boards[0, at + _TWO]) & _BYTE, np.uint64(boards[0, at + _THREE]) & _BYTE,
                                  np.uint64(boards[0, at + _FOUR]) & _BYTE))


@njit(cache=True, nogil=True, inline="always")
def hole_words(holes: np.ndarray, at: np.uint64, n_hole: int, words: np.ndarray) -> tuple[np.uint64, np.uint64]:
    """As :func:`board_words`, for the ``n_hole`` (4 to 6) hole cards from ``holes[0, at]``."""
    c0 = np.uint64(holes[0, at]) & _BYTE
    c1 = np.uint64(holes[0, at + _ONE]) & _BYTE
    c2 = np.uint64(holes[0, at + _TWO]) & _BYTE
    c3 = np.uint64(holes[0, at + _THREE]) & _BYTE
    if n_hole == 4:
        return sum_card_words(words, (c0, c1, c2, c3))
    c4 = np.uint64(holes[0, at + _FOUR]) & _BYTE
    if n_hole == 5:
        return sum_card_words(words, (c0, c1, c2, c3, c4))
    return sum_card_words(words, (c0, c1, c2, c3, c4, np.uint64(holes[0, at + _FIVE]) & _BYTE))


@njit(cache=True, nogil=True, inline="always")
def may_flush(board_sum: np.uint64, hole_sum: np.uint64) -> bool:
    """Whether a board and a hole, from their :func:`board_words` and :func:`hole_words` key
    sums, hold three board cards and two hole cards of one suit: counted in nibbles, a 3 plus 5
    and a 2 plus 6 both reach the nibble's top bit."""
    return bool((((board_sum >> _SUIT_BITS) + _FIVES) & ((hole_sum >> _SUIT_BITS) + _SIXES) & _TOPS) != 0)


@njit(cache=True, nogil=True, inline="always")
def _add_flushes(holes: np.ndarray, hole_stride: np.uint64, n_hole: int, boards: np.ndarray, board_stride: np.uint64,
                 rows: np.ndarray, n_rows: int | np.uint64, flush: np.ndarray, words: np.ndarray,
                 out: np.ndarray) -> None:
    """Raise ``out[r]`` to the row's best flush, for the first ``n_rows`` rows r listed in ``rows``
    (those with three board cards and two hole cards of one suit), from the rows' word sums."""
    for f in range(n_rows):
        r = rows[f]
        board_sum, board_bits = board_words(boards, np.uint64(r) * board_stride, words)
        _, hole_bits = hole_words(holes, np.uint64(r) * hole_stride, n_hole, words)
        shift = flush_suit(board_sum >> _SUIT_BITS) << _FOUR
        # an unchecked row's bits may carry past a suit's 13 ranks: the mask keeps the lookup in the table
        out[r] = max(out[r], flush_high((hole_bits >> shift) & _RANKS, (board_bits >> shift) & _RANKS, flush))


@njit(cache=True, nogil=True, parallel=True)
def high_rows_4(holes: np.ndarray, hole_stride: np.uint64, boards: np.ndarray, board_stride: np.uint64, n_rows: int,
                high: np.ndarray, flush: np.ndarray, words: np.ndarray, board_numbers: np.ndarray,
                hole_numbers: np.ndarray) -> tuple[np.ndarray, int]:
    """High strengths of ``n_rows`` rows of 4 hole and 5 board uint8 ids, in parallel over row
    blocks, and the first invalid row (N when all are valid): one with an id outside 0..51 or
    a card twice, whose value means nothing.

    Rows come flat: ``holes`` is one (1, L) run of bytes whose row r starts at ``r *
    hole_stride`` (:func:`pokerlab.hand_rules.omaha.flat_rows`), and ``boards`` likewise. Numba
    reads a strided 2-D array (a slice such as ``deals[:, :4]``) with its inner step looked up
    at run time, which made such slices 7 to 13% slower than contiguous rows; a flat run reads
    them both alike. The check always runs: skipping it on request would
    cost a branch a row and, worse, leave the compiler to move the bits' loads into that
    branch, where their card ids must wait on the stack, which costs more than the check.

    ``words`` (256, 2) gives each byte its mixed rank keys and suit count, and its suit-rank
    bit (:func:`pokerlab.hand_rules.omaha_tables.card_words`; an id past 51 has no bit), so that a hand's
    rank multisets, suit counts and cards come from one vector sum a card; nine valid cards
    have nine bits set, and a repeat or a bad id leaves fewer. :func:`board_number` and
    :func:`hole_number` turn key sums into the high table's row and column. Each chunk of rows
    takes three passes: table indices, flush candidates and validation; the lookups, with no
    branch between them so that many are in flight at once; the flushes (about 7% of random
    deals), from the rows' word sums again. Every table but ``high`` stays in the first-level
    cache: the time goes to the lookups, one random read of ``high`` a row.
    """
    out = np.empty(n_rows, dtype=np.uint16)
    n_blocks = max(1, min(n_rows // 4096, 256))
    first_bad = np.full(n_blocks, n_rows, dtype=np.int64)
    width = CHUNK + 16  # per block, padded apart so threads share no cache line
    all_index = np.zeros((n_blocks, width), dtype=np.uint64)
    all_flushes = np.zeros((n_blocks, width), dtype=np.uint64)
    for blk in prange(n_blocks):
        index = all_index[blk]
        flushes = all_flushes[blk]
        # unsigned row numbers spare every read a negative-index check
        start = np.uint64(blk * n_rows // n_blocks)
        stop = np.uint64((blk + 1) * n_rows // n_blocks)
        bad = stop
        for chunk in range(start, stop, np.uint64(CHUNK)):
            end = min(chunk + np.uint64(CHUNK), stop)
            n_flush = np.uint64(0)
            for r in range(chunk, end):
                hole_sum, hole_bits = hole_words(holes, r * hole_stride, 4, words)
                board_sum, board_bits = board_words(boards, r * board_stride, words)
                row = board_number(board_sum, board_numbers) * _STRIDE
                index[r - chunk] = row + hole_number(hole_sum, hole_numbers)
                flushes[n_flush] = r
                n_flush += np.uint64(may_flush(board_sum, hole_sum))
                if popcount(hole_bits + board_bits) != 9:
                    bad = min(bad, np.uint64(r))
            for r in range(chunk, end):
                out[r] = high[index[r - chunk]]
            _add_flushes(holes, hole_stride, 4, boards, board_stride, flushes, n_flush, flush, words, out)
        if bad < stop:
            first_bad[blk] = bad
    return out, first_bad.min()


@njit(cache=True, nogil=True, parallel=True)
def high_rows(holes: np.ndarray, hole_stride: np.uint64, n_hole: int, boards: np.ndarray, board_stride: np.uint64,
              n_rows: int, high: np.ndarray, terms: np.ndarray, flush: np.ndarray, words: np.ndarray,
              board_numbers: np.ndarray) -> tuple[np.ndarray, int]:
    """:func:`high_rows_4` for ``n_hole`` 5 or 6 (flat rows likewise): each hole's ranks are
    sorted to give the table columns of three four-card subsets
    (:data:`~pokerlab.hand_rules.omaha_tables.HOLE_COVERS`), the best of three lookups.
    """
    out = np.empty(n_rows, dtype=np.uint16)
    n_blocks = max(1, min(n_rows // 4096, 256))
    first_bad = np.full(n_blocks, n_rows, dtype=np.int64)
    width = 3 * CHUNK + 16  # per block, padded apart so threads share no cache line
    all_index = np.zeros((n_blocks, width), dtype=np.uint64)
    all_flushes = np.zeros((n_blocks, CHUNK + 16), dtype=np.int64)
    for blk in prange(n_blocks):
        index = all_index[blk]
        flushes = all_flushes[blk]
        start = blk * n_rows // n_blocks
        stop = (blk + 1) * n_rows // n_blocks
        bad = stop
        for chunk in range(start, stop, CHUNK):
            end = min(chunk + CHUNK, stop)
            n_flush = 0
            for r in range(chunk, end):
                k = 3 * (r - chunk)
                hole_at = np.uint64(r) * hole_stride
                board_sum, board_bits = board_words(boards, np.uint64(r) * board_stride, words)
                hole_sum, hole_bits = hole_words(holes, hole_at, n_hole, words)
                row = board_number(board_sum, board_numbers) * _STRIDE
                c4 = np.uint64(holes[0, hole_at + _FOUR])
                c5 = np.uint64(holes[0, hole_at + _FIVE]) if n_hole > 5 else _BYTE
                indices_of_hole(np.uint64(holes[0, hole_at]), np.uint64(holes[0, hole_at + _ONE]),
                                np.uint64(holes[0, hole_at + _TWO]), np.uint64(holes[0, hole_at + _THREE]), c4, c5,
                                n_hole, terms, index, k)
                index[k] += row
                index[k + 1] += row
                index[k + 2] += row
                flushes[n_flush] = r
                n_flush += may_flush(board_sum, hole_sum)
                if popcount(hole_bits + board_bits) != n_hole + 5:
                    bad = min(bad, r)
            for r in range(chunk, end):
                k = 3 * (r - chunk)
                out[r] = max(high[index[k]], high[index[k + 1]], high[index[k + 2]])
            _add_flushes(holes, hole_stride, n_hole, boards, board_stride, flushes, n_flush, flush, words, out)
        if bad < stop:
            first_bad[blk] = bad
    return out, first_bad.min()


@njit(cache=True, nogil=True, parallel=True)
def low_rows(holes: np.ndarray, hole_stride: np.uint64, n_hole: int, boards: np.ndarray, board_stride: np.uint64,
             n_rows: int, low: np.ndarray, low_bit: np.ndarray, validate: bool) -> tuple[np.ndarray, int]:
    """Eight-or-better lows (uint8, 0 = none) of ``n_rows`` rows of ``n_hole`` (4 to 6) hole and 5
    board ids (flat rows, as :func:`high_rows_4` takes them) and the first invalid row, as
    :func:`high_rows` (``low_bit`` has 256 entries, so any byte reads inside it)."""
    out = np.empty(n_rows, dtype=np.uint8)
    n_blocks = max(1, min(n_rows // 4096, 256))
    first_bad = np.full(n_blocks, n_rows, dtype=np.int64)
    for blk in prange(n_blocks):
        start = np.uint64(blk * n_rows // n_blocks)
        stop = np.uint64((blk + 1) * n_rows // n_blocks)
        bad = stop
        for r in range(start, stop):
            hole_at = r * hole_stride
            board_at = r * board_stride
            h = np.uint64(0)
            for j in range(n_hole):
                h |= low_bit[np.uint64(holes[0, hole_at + np.uint64(j)]) & _BYTE]
            b = np.uint64(0)
            for j in range(5):
                b |= low_bit[np.uint64(boards[0, board_at + np.uint64(j)]) & _BYTE]
            out[r] = low[h * np.uint64(256) + b]
            if validate and not row_is_valid(holes, hole_at, n_hole, boards, board_at):
                out[r] = 0
                bad = min(bad, np.uint64(r))
        if bad < stop:
            first_bad[blk] = bad
    return out, first_bad.min()


# --- exact equity after the flop --------------------------------------------------------------
