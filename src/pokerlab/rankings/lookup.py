"""Evaluation kernels: batches of hands, every seven-card hand, random hands.

Card tables are padded to 256 entries, and a card is read as its id's low byte, so no id,
however wrong, reads memory a table does not own; validation turns such ids into errors.

The evaluation idea, for cards c: ``key = sum(card_key[c])`` holds the rank-weight sum in
its low 32 bits and four suit counters (starting at 3) above; a counter reaching 8 means a
flush, found in ``flush[rank bits of that suit]``; otherwise the rank sum is mixed, hashed
and looked up in ``rank`` (:func:`strength_of_rank_key`). :func:`strength_of_key` is the
whole lookup, the one copy every kernel inlines but the batch loop, whose copy marks the
flush rare (:func:`rarely`).

:func:`all_hands` and :func:`sample_hands` check their arguments and call private kernels:
a count or hand size out of range would otherwise loop forever or fill memory.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import Any, cast

import numpy as np
from llvmlite import ir
from numba import njit, prange, types
from numba.core import cgutils
from numba.extending import intrinsic

from pokerlab.rankings.tables import EMPTY_KEY, FLUSH_BITS, HASH_MULTIPLIER, HASH_SHIFT, KEY_BITS

KEY_START = np.uint64(EMPTY_KEY)
"""The key of no cards, as the kernels add to it (:data:`pokerlab.rankings.tables.EMPTY_KEY`)."""
MULT = np.uint64(HASH_MULTIPLIER)
"""The perfect hash's multiplier (:data:`pokerlab.rankings.tables.HASH_MULTIPLIER`)."""
KEY_MASK = np.uint64((1 << KEY_BITS) - 1)
"""Keeps a mixed rank key within the key space (:data:`pokerlab.rankings.tables.KEY_BITS`)."""
SHIFT = np.uint64(HASH_SHIFT)
"""A mixed key's row in the displacement table (:data:`pokerlab.rankings.tables.HASH_SHIFT`)."""
ONE = np.uint64(1)
"""1 as a uint64: shifting it keeps card masks unsigned."""

_RANK_BITS = np.uint64(0xFFFFFFFF)
_FLUSH_BITS = np.uint64(FLUSH_BITS)
_THIRTY_TWO = np.uint64(32)
_SUIT_RANKS = np.uint64(0x1FFF)
_BYTE = np.uint64(0xFF)
_ONE_ROW = np.uint64(1)
_SUIT_START = np.uint64(EMPTY_KEY >> 32)
"""The most memory :func:`all_hands` and :func:`sample_hands` may fill (8 GiB)."""


@njit(cache=True, nogil=True, inline="always")
def _flush_shift(suits: np.uint64) -> np.uint64:
    """Where the flush suit's ranks sit in a card mask (16 bits a suit), from the key's
    flush bits (bit 4 * suit + 3)."""
    if suits & np.uint64(0x8):
        return np.uint64(0)
    return np.uint64(16) if suits & np.uint64(0x80) else (np.uint64(32) if suits & np.uint64(0x800) else np.uint64(48))


@njit(cache=True, nogil=True, inline="always")
def strength_of_rank_key(rank_key: np.uint64, rank: np.ndarray, offsets: np.ndarray) -> Any:
    """Strength of a hand of 5..7 cards that holds no flush, from its rank-weight sum (the
    key's low 32 bits): the perfect hash's lookup."""
    mixed = (rank_key * MULT) & KEY_MASK
    return rank[np.uint64(np.int64(mixed) + offsets[mixed >> SHIFT])]


@njit(cache=True, nogil=True, inline="always")
def strength_of_key(key: np.uint64, mask: np.uint64, rank: np.ndarray, offsets: np.ndarray,
                    flush: np.ndarray) -> Any:
    """Strength of a hand of 5..7 cards from its summed key and OR-ed suit-rank mask."""
    suits = (key >> _THIRTY_TWO) & _FLUSH_BITS
    if suits:
        return flush[(mask >> _flush_shift(suits)) & _SUIT_RANKS]
    return strength_of_rank_key(key & _RANK_BITS, rank, offsets)


@intrinsic
def _popcount(typingctx: Any, word: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])  # i64 either way: only the signedness differs
    return types.int64(types.uint64), codegen


# An intrinsic's Python signature starts with Numba's typing context; these names carry the
# signature kernels call them with, so the type checker checks those calls.
popcount = cast(Callable[[np.uint64], int], _popcount)
"""The number of set bits of a uint64, as one machine instruction (LLVM's ctpop)."""


@intrinsic
def _rarely(typingctx: Any, flag: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        bit = ir.IntType(1)
        expect = cgutils.get_or_insert_function(  # type: ignore[no-untyped-call]
            builder.module, ir.FunctionType(bit, [bit, bit]), "llvm.expect.i1")
        return builder.call(expect, [args[0], ir.Constant(bit, 0)])
    return types.boolean(types.boolean), codegen


rarely = cast(Callable[[bool], bool], _rarely)
"""``flag`` itself, telling LLVM it is almost always False (``llvm.expect``): the likely path
is then laid out straight, with no taken jump. Without it, a batch loop took four jumps a row
where a C build of the same loop takes one."""


@intrinsic
def _prefetch(typingctx: Any, table: Any, index: Any) -> Any:
    if not (isinstance(table, types.Array) and table.ndim == 1 and isinstance(index, types.Integer)):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        byte = ir.IntType(8).as_pointer()
        word = ir.IntType(32)
        fetch = cgutils.get_or_insert_function(  # type: ignore[no-untyped-call]
            builder.module, ir.FunctionType(ir.VoidType(), [byte, word, word, word]), "llvm.prefetch.p0i8")
        # a read (0), to keep in every cache level (3), of data (1)
        builder.call(fetch, [builder.bitcast(builder.gep(data, [args[1]]), byte), ir.Constant(word, 0),
                             ir.Constant(word, 3), ir.Constant(word, 1)])
        return context.get_dummy_value()
    return types.none(table, index), codegen


prefetch = cast(Callable[[np.ndarray, Any], None], _prefetch)
"""Start loading ``table[index]`` (a 1-D array) into the cache, without waiting for it and
without a bounds check: a lookup issued this way while other work goes on is in the cache
when it is read, where a read waits for memory and holds up what follows it."""


@njit(cache=True, nogil=True, inline="always")
def _flush_strength_of_row(row: np.ndarray, n_cards: int, suits: np.uint64, flush: np.ndarray) -> Any:
    """Strength of a flush hand: a second pass gathers the ranks of the flush suit."""
    suit = _flush_shift(suits) >> np.uint64(4)
    ranks = np.uint64(0)
    for i in range(n_cards):
        c = np.uint64(row[i]) & _BYTE
        if c & np.uint64(3) == suit:
            ranks |= ONE << (c >> np.uint64(2))
    return flush[ranks & _SUIT_RANKS]  # an id past 51 in an unchecked row adds a rank past the ace


@intrinsic
def _sum_card_words(typingctx: Any, words: Any, cards: Any) -> Any:
    if not (isinstance(words, types.Array) and words.dtype == types.uint64 and words.ndim == 2
            and words.layout == "C" and isinstance(cards, types.UniTuple) and cards.dtype == types.uint64):
        return None
    n_cards = cards.count

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        table = context.make_array(signature.args[0])(context, builder, args[0])
        pair = ir.VectorType(ir.IntType(64), 2)
        rows = builder.bitcast(table.data, pair.as_pointer())
        total = None
        for i in range(n_cards):
            word = builder.load(builder.gep(rows, [builder.extract_value(args[1], i)]), align=8)
            total = word if total is None else builder.add(total, word)
        halves = [builder.extract_element(total, ir.Constant(ir.IntType(32), i)) for i in range(2)]
        return context.make_tuple(builder, signature.return_type, halves)
    return types.UniTuple(types.uint64, 2)(words, cards), codegen  # type: ignore[no-untyped-call]


sum_card_words = cast(Callable[[np.ndarray, tuple[np.uint64, ...]], tuple[np.uint64, np.uint64]], _sum_card_words)
"""The sums of a tuple of cards' keys and of their masks, ``(key, mask)``, from the (256, 2)
uint64 table ``card_words``: one 16-byte load and one vector add a card. The cards must be
uint64 ids below 256.

Numba reads a 2-D array's row length at run time, so plain ``words[c, 0]`` and
``words[c, 1]`` would cost a multiply and a load each; this is the one place that needs
LLVM's vectors."""


@njit(cache=True, nogil=True, inline="always")
def _validated_block(cards: np.ndarray, start: np.uint64, stop: np.uint64, card_words: np.ndarray,
                     rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray, out: np.ndarray,
                     n_cards: int) -> np.uint64:
    """Fill ``out[start:stop]`` with the rows' strengths, 0 for an invalid row, and return
    the first invalid row (``stop`` when there is none). ``n_cards`` is the rows' width, given
    as a constant so that each width gets a loop of its own."""
    bad = stop  # kept in a register: a store to an array here would cost every row a third of its time
    r = start
    while r < stop:  # one induction variable, where range() keeps a second count
        i0 = np.uint64(cards[r, 0])
        i1 = np.uint64(cards[r, 1])
        i2 = np.uint64(cards[r, 2])
        i3 = np.uint64(cards[r, 3])
        i4 = np.uint64(cards[r, 4])
        c0 = i0 & _BYTE
        c1 = i1 & _BYTE
        c2 = i2 & _BYTE
        c3 = i3 & _BYTE
        c4 = i4 & _BYTE
        wide = i0 | i1 | i2 | i3 | i4
        if n_cards == 5:
            key, seen = sum_card_words(card_words, (c0, c1, c2, c3, c4))
        else:
            i5 = np.uint64(cards[r, 5])
            wide |= i5
            if n_cards == 6:
                key, seen = sum_card_words(card_words, (c0, c1, c2, c3, c4, i5 & _BYTE))
            else:
                i6 = np.uint64(cards[r, 6])
                wide |= i6
                key, seen = sum_card_words(card_words, (c0, c1, c2, c3, c4, i5 & _BYTE, i6 & _BYTE))
        if rarely((popcount(seen) != n_cards) | bool(wide > _BYTE)):
            out[r] = 0
            bad = min(bad, r)
        else:
            # strength_of_key, with the flush marked rare (3% of seven-card hands) and the
            # suit counters' start added to the 32-bit counters alone, as an immediate: a
            # 64-bit constant would hold a register, and the loop has none to spare
            suits = ((key >> _THIRTY_TWO) + _SUIT_START) & _FLUSH_BITS
            if rarely(suits != 0):
                out[r] = flush[(seen >> _flush_shift(suits)) & _SUIT_RANKS]
            else:
                out[r] = strength_of_rank_key(key & _RANK_BITS, rank, offsets)
        r += _ONE_ROW
    return bad


@njit(cache=True, nogil=True, inline="always")
def _unvalidated_block(cards: np.ndarray, start: np.uint64, stop: np.uint64, card_key: np.ndarray,
                       rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray, out: np.ndarray,
                       n_cards: int) -> None:
    """Fill ``out[start:stop]`` with the rows' strengths, trusting every card (``n_cards`` as
    in :func:`_validated_block`)."""
    for r in range(start, stop):
        key = (card_key[np.uint64(cards[r, 0]) & _BYTE] + card_key[np.uint64(cards[r, 1]) & _BYTE]
               + card_key[np.uint64(cards[r, 2]) & _BYTE] + card_key[np.uint64(cards[r, 3]) & _BYTE]
               + card_key[np.uint64(cards[r, 4]) & _BYTE])
        if n_cards > 5:
            key += card_key[np.uint64(cards[r, 5]) & _BYTE]
            if n_cards > 6:
                key += card_key[np.uint64(cards[r, 6]) & _BYTE]
        suits = ((key >> _THIRTY_TWO) + _SUIT_START) & _FLUSH_BITS  # as in _validated_block
        if rarely(suits != 0):
            out[r] = _flush_strength_of_row(cards[r], n_cards, suits, flush)
        else:
            out[r] = strength_of_rank_key(key & _RANK_BITS, rank, offsets)


def evaluate_rows(cards: np.ndarray, card_key: np.ndarray, card_words: np.ndarray, rank: np.ndarray,
                  offsets: np.ndarray, flush: np.ndarray, validate: bool,
                  out: np.ndarray | None = None) -> tuple[np.ndarray, int]:
    """Strengths of the rows of an (N, 5..7) integer array, in parallel over equal row blocks,
    and the first invalid row (N when every row is valid, or without ``validate``).

    The strengths go to ``out``, an (N,) uint16 array the caller has checked, or a new one.
    A card is read as the low byte of its id. With ``validate``, a row holding an id outside
    0..51 or a repeated card gets strength 0. See :func:`evaluate_rows_into` for how.
    """
    strengths = np.empty(len(cards), dtype=np.uint16) if out is None else out
    first_bad = evaluate_rows_into(cards, card_key, card_words, rank, offsets, flush, validate, strengths)
    return strengths, int(first_bad)


@njit(cache=True, nogil=True, parallel=True)
def evaluate_rows_into(cards: np.ndarray, card_key: np.ndarray, card_words: np.ndarray, rank: np.ndarray,
                       offsets: np.ndarray, flush: np.ndarray, validate: bool, out: np.ndarray) -> int:
    """:func:`evaluate_rows` into ``out``; returns the first invalid row.

    A row's cards' keys and masks (one bit a card, zero past 51) are summed together
    (:func:`sum_card_words`): a sum of n one-bit masks has n bits set only when no two are
    equal and none is zero, since every carry clears a bit. An id past 255 (which a wider
    dtype can hold, negative ones included) leaves bits above the low byte in the OR of the
    row's ids. A valid row's mask sum is its cards' OR, which gives a flush its ranks; without
    ``validate``, flushes (3% of seven-card hands) take a second pass over the row instead.
    Each block notes its own first invalid row and the blocks' notes are compared at the end,
    so finding the culprit costs no pass over the rows or the output. A block runs one of three
    loops, chosen once: with both paths in one loop, the compiler kept the unvalidated path
    15% slower; validated seven-card rows get a loop of their own, whose width and row stride
    are constants, which spares each row two tests and frees the registers the tables had
    been spilled from (with the branches marked rare, 0.83x to 0.91-0.95x of a C build of the
    same loop, one thread). A loop for each width and path would be faster for five and six
    cards too, but took twice as long to compile. Rows are read unrolled (a loop over the
    columns runs at half the speed). The output is the caller's, so a caller that evaluates
    batch after batch allocates it once.
    """
    n_rows = cards.shape[0]
    n_blocks = max(1, min(n_rows // 4096, 256))
    first_bad = np.full(n_blocks, n_rows, dtype=np.int64)
    for b in prange(n_blocks):
        # unsigned row indices spare every row a negative-index check
        start = np.uint64(b * n_rows // n_blocks)
        stop = np.uint64((b + 1) * n_rows // n_blocks)
        # the width read here, not before the loop, is the very value the row addresses use,
        # so a contiguous array's row stride is a constant in each width's loop
        n_cards = cards.shape[1]
        if validate:
            if n_cards == 7:
                bad = _validated_block(cards, start, stop, card_words, rank, offsets, flush, out, 7)
            else:
                bad = _validated_block(cards, start, stop, card_words, rank, offsets, flush, out, n_cards)
            if bad < stop:
                first_bad[b] = bad
        else:
            _unvalidated_block(cards, start, stop, card_key, rank, offsets, flush, out, n_cards)
    least: int = first_bad.min()
    return least


@njit(cache=True, nogil=True, parallel=True)
def count_strengths_7(prefixes: np.ndarray, bins: np.ndarray, card_key: np.ndarray, card_mask: np.ndarray,
                      rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray) -> np.ndarray:
    """How many seven-card hands reach each strength, over all hands starting with a prefix.

    ``prefixes`` is a (P, 2) array of first-two-card pairs (c0 < c1); the hands are all
    c0 < c1 < ... < c6. ``bins`` (B + 1 bounds) splits the prefixes into blocks of equal work,
    one histogram each, summed at the end. Keys and masks are carried down the loops, so the
    innermost loop adds one card.
    """
    n_bins = bins.shape[0] - 1
    counts = np.zeros((n_bins, 7463), dtype=np.int64)
    for b in prange(n_bins):
        for p in range(bins[b], bins[b + 1]):
            a = np.uint64(prefixes[p, 0])
            c = np.uint64(prefixes[p, 1])
            k1 = KEY_START + card_key[a] + card_key[c]
            m1 = card_mask[a] | card_mask[c]
            for d in range(c + ONE, np.uint64(48)):
                k2 = k1 + card_key[d]
                m2 = m1 | card_mask[d]
                for e in range(d + ONE, np.uint64(49)):
                    k3 = k2 + card_key[e]
                    m3 = m2 | card_mask[e]
                    for f in range(e + ONE, np.uint64(50)):
                        k4 = k3 + card_key[f]
                        m4 = m3 | card_mask[f]
                        for g in range(f + ONE, np.uint64(51)):
                            k5 = k4 + card_key[g]
                            m5 = m4 | card_mask[g]
                            for h in range(g + ONE, np.uint64(52)):
                                counts[b, strength_of_key(k5 + card_key[h], m5 | card_mask[h],
                                                          rank, offsets, flush)] += 1
    total: np.ndarray = counts.sum(axis=0)
    return total


def balanced_prefix_bins(n_bins: int) -> tuple[np.ndarray, np.ndarray]:
    """First-two-card prefixes of seven-card hands, grouped into ``n_bins`` blocks of equal work.

    A prefix (a, b) leads to C(51 - b, 5) hands, so the work is very uneven; greedily giving
    the largest remaining prefix to the lightest block evens it to within a fraction of a
    percent. Returns the prefixes ordered by block and the block bounds.
    """
    prefixes = [(a, b) for a in range(46) for b in range(a + 1, 47)]
    prefixes.sort(key=lambda p: -comb(51 - p[1], 5))
    loads = [0] * n_bins
    members: list[list[tuple[int, int]]] = [[] for _ in range(n_bins)]
    for prefix in prefixes:
        lightest = loads.index(min(loads))
        loads[lightest] += comb(51 - prefix[1], 5)
        members[lightest].append(prefix)
    ordered = np.array([p for block in members for p in block], dtype=np.int64)
    bounds = np.cumsum([0] + [len(block) for block in members]).astype(np.int64)
    return ordered, bounds
