"""Lookup tables for Omaha: the best high hand by rank multisets, and the best low by rank sets.

An Omaha hand uses exactly two hole cards and three board cards. Without a flush, only ranks
matter, so the best high hand is a function of the board's five ranks and the hole's four
ranks, each a multiset. :func:`high_table` holds it for every pair of multisets: a board
multiset is one of C(17, 5) = 6,188 (a few, five of one rank, never occur) and a four-card
hole multiset one of C(16, 4) = 1,820, so the table has 11,262,160 uint16 strengths (22.5 MB).
Five and six hole cards need no table of their own: every pair of hole cards lies inside
one of three four-card subsets (:data:`HOLE_COVERS`), so their best hand is the best of three
lookups. :func:`pair_table` holds the best hand of each board multiset with each pair of hole
ranks (91 of them, 1.1 MB): a four-card hole is the best of its six pairs, six lookups that
stay in the processor's caches where the high table's one is a trip to memory (Monte Carlo
deals random holes and boards all over the high table).

A sorted multiset ``a <= b <= c ...`` is numbered by the combinatorial number system:
``a + C(b + 1, 2) + C(c + 2, 3) + ...`` (:func:`multiset_index`, and the kernels add up
:func:`index_terms`).

Flushes are left to the kernels (at most one suit can have three board cards, and the
best flush is the best of a few lookups in :attr:`pokerlab.rankings.tables.Tables.flush`).

The eight-or-better low depends only on which low ranks (ace, 2 .. 8) the hole and the board
hold, as two 8-bit sets, so :func:`low_table` holds it for every pair: 65,536 bytes. A low is
five distinct low ranks; as a bit set (bit 0 the ace .. bit 7 the eight), a lower number is a
better low, so the 56 lows get values 1 (8-7-6-5-4) to 56 (5-4-3-2-A), and 0 means no low.

The high and pair tables are built in about a second from :mod:`pokerlab.rankings.tables`'
reference evaluator, cached on disk under the user cache directory, and built in memory when
that is not writable.

>>> t = high_table()
>>> t.shape, t.dtype
((11262160,), dtype('uint16'))
>>> board = multiset_index([12, 12, 12, 11, 11])   # A A A K K on the board
>>> int(t[board * HOLE_MULTISETS + multiset_index([0, 1, 11, 12])])   # 2 3 K A: four aces, king kicker
7452
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import os
import tempfile
from collections.abc import Callable
from math import comb

import numpy as np

from pokerlab.rankings.ranking import DECKS, Ranking, ranking, ranking_in_deck
from pokerlab.rankings.tables import cache_dir, displacement_hash, mixed_key

BOARD_MULTISETS = comb(17, 5)
"""Rank multisets of five cards from 13 ranks, five of a rank included: 6,188."""
HOLE_MULTISETS = comb(16, 4)
"""Rank multisets of four cards: 1,820."""
PAIR_STRIDE = comb(14, 2)
"""Rank multisets of two cards, 91: a board's row in the pair table (:func:`pair_table`)."""
HOLE_COVERS = {4: ((0, 1, 2, 3),),
               5: ((1, 2, 3, 4), (0, 2, 3, 4), (0, 1, 3, 4)),
               6: ((0, 1, 2, 3), (0, 1, 4, 5), (2, 3, 4, 5))}
"""Four-card subsets (positions in the hole) that hold every pair of hole cards between them."""
BOARD_KEYS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""A key per rank (deuce first) whose sums over five ranks (at most four of one) all differ,
so that a board's rank multiset is the sum of its cards' keys, in any order, without a sort
(:func:`board_multisets`). Each is the smallest number above the last that keeps the sums apart;
a test checks that they do."""
HOLE_KEYS = (0, 1, 5, 21, 55, 153, 368, 856, 1424, 2603, 4967, 8194, 13663)
"""As :data:`BOARD_KEYS`, for the sums over four ranks of a four-card hole (:func:`hole_multisets`)."""
LOW_RANKS = 8
"""Ranks that count for the eight-or-better low: the ace, then 2 to 8."""
LOW_COUNT = comb(LOW_RANKS, 5)
"""Distinct qualifying lows: 56."""


def multiset_index(ranks: list[int] | tuple[int, ...]) -> int:
    """The number of a rank multiset among those of its size (ranks 0..12, any order).

    >>> multiset_index([0, 0, 0, 0]), multiset_index([12, 12, 12, 12]) == HOLE_MULTISETS - 1
    (0, True)
    """
    return sum(comb(r + i, i + 1) for i, r in enumerate(sorted(ranks)))


def index_terms() -> np.ndarray:
    """``terms[i, r] = C(r + i, i + 1)``: the term of the i-th smallest rank ``r`` in
    :func:`multiset_index`, as an (5, 13) int64 array for the kernels.

    >>> int(index_terms()[1, 12])   # C(13, 2)
    78
    """
    return np.array([[comb(r + i, i + 1) for r in range(13)] for i in range(5)], dtype=np.int64)


@functools.cache
def _multisets(size: int) -> list[tuple[int, ...]]:
    """Every sorted rank multiset of ``size`` cards, in order of :func:`multiset_index`
    (colexicographic: by the highest rank, then the next)."""
    found = sorted(itertools.combinations_with_replacement(range(13), size), key=lambda m: m[::-1])
    assert [multiset_index(m) for m in found] == list(range(len(found)))
    return found


def _five_card_strengths(rules: Ranking, lowest_rank: int) -> list[int]:
    """The strength of each five-card rank multiset (in :func:`multiset_index` order) without a
    flush, in a ranking: 0 for five of a rank, and for ranks below its deck's ``lowest_rank``.
    The j-th card of a sorted multiset takes suit ``j % 4``: never five of one suit, and never
    one card twice (at most four of a rank, side by side)."""
    return [rules.strength([r * 4 + j % 4 for j, r in enumerate(m)]) if len(set(m)) > 1 and m[0] >= lowest_rank
            else 0 for m in _multisets(5)]


def _best_by_pair(ranking_name: str) -> np.ndarray:
    """The best non-flush strength of each board multiset with each two-card rank multiset of
    the hole, in the ranking called ``ranking_name``: (:data:`BOARD_MULTISETS`, :data:`PAIR_STRIDE`
    + 1) uint16, the last column 0 (the pair a hole of fewer distinct pairs pads with). Each
    pair is joined with each three-card multiset of the board and looked up in the five-card
    strengths of the ranking's reference evaluator."""
    five = _five_card_strengths(ranking(ranking_name), DECKS[ranking_name][0])
    pairs = _multisets(2)
    triples = _multisets(3)
    pair_triple = np.zeros((len(pairs) + 1, len(triples) + 1), dtype=np.uint16)  # last row, column: padding
    for i, p in enumerate(pairs):
        for j, t in enumerate(triples):
            pair_triple[i, j] = five[multiset_index(p + t)]
    triple_number = {t: i for i, t in enumerate(triples)}
    board_triples = np.full((BOARD_MULTISETS, 10), len(triples), dtype=np.int64)
    for b, board in enumerate(_multisets(5)):
        for k, t in enumerate(sorted(set(itertools.combinations(board, 3)))):
            board_triples[b, k] = triple_number[t]
    best: np.ndarray = pair_triple[:, board_triples].max(axis=2).T  # (boards, pairs + 1)
    return best


def build_high_table(ranking_name: str = "standard") -> np.ndarray:
    """The best non-flush Omaha strength for each (board multiset, four-card hole multiset),
    in the ranking called ``ranking_name``.

    Entry ``board * HOLE_MULTISETS + hole``; 0 where the two hold more than four of a rank.
    The best over the hole's two-card multisets of :func:`_best_by_pair`.
    """
    by_pair = _best_by_pair(ranking_name)
    pair_number = {p: i for i, p in enumerate(_multisets(2))}
    hole_pairs = np.full((HOLE_MULTISETS, 6), PAIR_STRIDE, dtype=np.int64)
    for h, hole in enumerate(_multisets(4)):
        for k, p in enumerate(sorted(set(itertools.combinations(hole, 2)))):
            hole_pairs[h, k] = pair_number[p]
    table = np.empty((BOARD_MULTISETS, HOLE_MULTISETS), dtype=np.uint16)
    for start in range(0, BOARD_MULTISETS, 512):
        block = by_pair[start:start + 512]
        table[start:start + 512] = block[:, hole_pairs].max(axis=2)
    # a board and hole holding five or more of a rank cannot be dealt: compare, for each k,
    # the ranks the hole holds k times with those the board holds 5 - k times, as bit sets
    board_counts = np.array([np.bincount(b, minlength=13) for b in _multisets(5)])
    hole_counts = np.array([np.bincount(h, minlength=13) for h in _multisets(4)])
    bits = 1 << np.arange(13)
    for k in range(5):
        hole_bits = ((hole_counts >= k) * bits).sum(axis=1)
        board_bits = ((board_counts >= 5 - k) * bits).sum(axis=1)
        table[(board_bits[:, None] & hole_bits[None, :]) != 0] = 0
    return table.reshape(-1)


def build_pair_table(ranking_name: str = "standard") -> np.ndarray:
    """The best non-flush strength of each board multiset with each two-card rank multiset
    (:func:`_best_by_pair`), at ``board * PAIR_STRIDE + pair``: a four-card hole's entry of
    the high table is the best of its six pairs' (for a hole and board that can be dealt)."""
    return np.ascontiguousarray(_best_by_pair(ranking_name)[:, :PAIR_STRIDE]).reshape(-1)


@functools.cache
def pair_numbers() -> np.ndarray:
    """The number (:func:`multiset_index`) of the rank pair ``a``, ``b`` at ``a << 4 | b``,
    in either order, as (256,) uint64 for the kernels.

    >>> int(pair_numbers()[12 << 4 | 0]) == multiset_index([0, 12]) == int(pair_numbers()[0 << 4 | 12])
    True
    """
    numbers = np.zeros(256, dtype=np.uint64)
    for a, b in itertools.product(range(13), repeat=2):
        numbers[a << 4 | b] = multiset_index([a, b])
    numbers.setflags(write=False)
    return numbers


BOARD_MIX_BITS = 19
"""Board key sums are below 2**19; mixing multiplies them by
:data:`pokerlab.rankings.tables.HASH_MULTIPLIER` modulo 2**19 (a bijection, odd factor)."""
BOARD_ROW_BITS = 8
"""The low bits of a mixed board key that give its column: the board's perfect hash
(:func:`number_of_key_sum`) places rows of 2**8 mixed sums each."""
HOLE_MIX_BITS = 16
"""As :data:`BOARD_MIX_BITS`, for the key sums of four-card holes (below 2**16)."""
HOLE_ROW_BITS = 7
"""As :data:`BOARD_ROW_BITS`, for four-card holes."""
SUIT_BITS = 20
"""Where the suit counts (four bits a suit, clubs lowest) start in a :func:`card_keys` entry:
the mixed hole key takes the bits below (a sum of up to six cards' stays under 2**19)."""
BOARD_KEY_SHIFT = 64 - BOARD_MIX_BITS
"""Where the mixed board key starts in a :func:`card_keys` entry: at the top of the word, so
that a sum's carries out of it fall off the end, which is the modulo its mixing needs."""




@functools.cache
def card_keys() -> np.ndarray:
    """Per card id byte (256,) uint64: its rank's :data:`HOLE_KEYS` entry mixed (times
    :data:`~pokerlab.rankings.tables.HASH_MULTIPLIER`, modulo 2**:data:`HOLE_MIX_BITS`) in the low bits,
    a one in its suit's four bits from :data:`SUIT_BITS`, and its rank's :data:`BOARD_KEYS` entry
    mixed (modulo 2**:data:`BOARD_MIX_BITS`) from :data:`BOARD_KEY_SHIFT`. Mixing is a product,
    so it distributes over a sum: adding up a hand's entries gives its mixed key sums, ready for
    the perfect hashes of :func:`number_of_key_sum`, and its suit counts, at once. Ids past 51
    read as the ace of spades.

    >>> keys, ace = card_keys(), BOARD_KEYS[12] + BOARD_KEYS[11]
    >>> two = int(keys[51]) + int(keys[47])  # the ace and the king of spades
    >>> two >> BOARD_KEY_SHIFT & 0x7FFFF == mixed_key(ace, 19), two >> SUIT_BITS & 0xFFFF
    (True, 8192)
    """
    ids = np.minimum(np.arange(256), 51)
    ranks = ids >> 2
    hole = mixed_key(np.array(HOLE_KEYS, dtype=np.int64)[ranks], HOLE_MIX_BITS).astype(np.uint64)
    board = mixed_key(np.array(BOARD_KEYS, dtype=np.int64)[ranks], BOARD_MIX_BITS).astype(np.uint64)
    suit = np.uint64(1) << (np.uint64(SUIT_BITS) + np.uint64(4) * (ids & 3).astype(np.uint64))
    keys: np.ndarray = hole | suit | board << np.uint64(BOARD_KEY_SHIFT)
    keys.setflags(write=False)
    return keys


@functools.cache
def card_words(ranking_name: str = "standard", lowest_rank: int = 0) -> np.ndarray:
    """Per card id byte (256, 2) uint64: its :func:`card_keys` entry and its bit in a suit-rank
    mask (the card tables' :attr:`~pokerlab.rankings.tables.Tables.card_mask` for the ranking and the
    deck from ``lowest_rank``: ``16 * suit + rank``, none past 51 nor outside the deck), for
    the batch kernels to add up a hand's keys and bits at once
    (:func:`pokerlab.rankings.lookup.sum_card_words`). Nine distinct cards' bits add up to
    nine set bits; a repeated card's carry, an id past 51 or a card outside the deck leaves
    fewer.

    >>> words = card_words()
    >>> int(words[51, 1]) == 1 << 60, int(words[52, 1]), words[52, 0] == words[51, 0]
    (True, 0, np.True_)
    >>> int(card_words("short-deck", 4)[0, 1])  # no deuces in a short deck
    0
    """
    mask = ranking_in_deck(ranking_name, lowest_rank).tables.card_mask
    words = np.ascontiguousarray(np.stack([card_keys(), mask], axis=1))
    words.setflags(write=False)
    return words


def number_of_key_sum(table: np.ndarray, key_sum: int, mix_bits: int, row_bits: int) -> int:
    """The multiset number of a rank key sum, looked up in :func:`board_multisets` or
    :func:`hole_multisets` (the reference for the kernels' copy).

    The sum is mixed (multiplied by :data:`~pokerlab.rankings.tables.HASH_MULTIPLIER`, kept to
    ``mix_bits``), the high bits pick a row whose start is read from the table's head, and
    the low bits are the column from there: a perfect hash in one small array, so the lookup
    stays in the first-level cache where a table indexed by the sum itself (1.6 MB for boards)
    would not.

    >>> aaakk = (12, 12, 12, 11, 11)
    >>> key_sum = sum(BOARD_KEYS[r] for r in aaakk)
    >>> number_of_key_sum(board_multisets(), key_sum, BOARD_MIX_BITS, BOARD_ROW_BITS) == multiset_index(aaakk)
    True
    """
    mixed = mixed_key(key_sum, mix_bits)
    return int(table[int(table[mixed >> row_bits]) + (mixed & ((1 << row_bits) - 1))])


@functools.cache
def board_multisets() -> np.ndarray:
    """The multiset number (:func:`multiset_index`) of each five-card board by the sum of its
    ranks' :data:`BOARD_KEYS`, as a perfect hash (:func:`number_of_key_sum`) in 17 kB.

    >>> board_multisets().nbytes
    17470
    """
    return _key_sum_hash(5, BOARD_KEYS, BOARD_MIX_BITS, BOARD_ROW_BITS)


@functools.cache
def hole_multisets() -> np.ndarray:
    """The multiset number of each four-card hole by the sum of its ranks' :data:`HOLE_KEYS`,
    as a perfect hash (:func:`number_of_key_sum`).

    >>> key_sum = sum(HOLE_KEYS[r] for r in (0, 1, 11, 12))
    >>> number_of_key_sum(hole_multisets(), key_sum, HOLE_MIX_BITS, HOLE_ROW_BITS) == multiset_index([0, 1, 11, 12])
    True
    """
    return _key_sum_hash(4, HOLE_KEYS, HOLE_MIX_BITS, HOLE_ROW_BITS)


def _key_sum_hash(size: int, keys: tuple[int, ...], mix_bits: int, row_bits: int) -> np.ndarray:
    """Every rank multiset of ``size`` cards that can be dealt (at most four of a rank), by its
    key sum: row starts first (one per ``2**row_bits`` mixed sums), then the numbers, with a
    row's width of zeros before and after them. A row's start may lie up to a row's width
    before its first number, and an empty row starts in the zeros before, so any sum at all,
    a repeated card's included, reads a multiset number or 0 and never a row start: the
    kernels may look up a hand before they know it is valid."""
    dealt = [(number, ranks) for number, ranks in enumerate(_multisets(size)) if max(map(ranks.count, ranks)) <= 4]
    sums = np.array([sum(keys[r] for r in ranks) for _, ranks in dealt], dtype=np.int64)
    mixed = mixed_key(sums, mix_bits)
    offsets, size_used = displacement_hash(mixed, row_bits)
    n_rows = 1 << (mix_bits - row_bits)
    numbers_at = n_rows + (1 << row_bits)
    table = np.zeros(numbers_at + size_used + (1 << row_bits), dtype=np.uint16)
    table[:n_rows] = n_rows
    rows = mixed >> row_bits
    table[rows] = offsets[rows] + (rows << row_bits) + numbers_at
    table[mixed + offsets[rows] + numbers_at] = [number for number, _ in dealt]
    table.setflags(write=False)
    return table


def _table_version(ranking_name: str) -> str:
    """A digest of what the table depends on (the ranking's hand classes), so a change
    rebuilds it."""
    return hashlib.sha256(repr(ranking(ranking_name).values).encode()).hexdigest()[:12]


def _cached(name: str, ranking_name: str, build: Callable[[str], np.ndarray], size: int) -> np.ndarray:
    """The table ``build(ranking_name)`` of ``size`` uint16 entries, read-only: read from the
    disk cache, or built and saved there, or built in memory when the cache cannot be written."""
    path = cache_dir() / f"omaha-{name}-{ranking_name}-{_table_version(ranking_name)}.npy"
    try:
        table: np.ndarray = np.load(path, allow_pickle=False)
        if table.shape != (size,) or table.dtype != np.uint16:
            raise ValueError("a cached table of the wrong shape")
    except (OSError, ValueError):
        table = build(ranking_name)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # written aside and renamed, so a reader never sees half a file
            with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npy", delete=False) as handle:
                np.save(handle, table, allow_pickle=False)
            os.replace(handle.name, path)
        except OSError:
            pass  # read-only: the table lives in memory for this process
    table.setflags(write=False)
    return table


@functools.cache
def high_table(ranking_name: str = "standard") -> np.ndarray:
    """The high table of :func:`build_high_table` for a ranking (:func:`_cached`)."""
    return _cached("high", ranking_name, build_high_table, BOARD_MULTISETS * HOLE_MULTISETS)


@functools.cache
def pair_table(ranking_name: str = "standard") -> np.ndarray:
    """The pair table of :func:`build_pair_table` for a ranking (:func:`_cached`)."""
    return _cached("pair", ranking_name, build_pair_table, BOARD_MULTISETS * PAIR_STRIDE)


def low_of_ranks(ranks: tuple[int, ...] | list[int]) -> int:
    """The value 1..56 of five distinct low ranks (0 = ace .. 7 = eight), higher is better.

    >>> low_of_ranks([0, 1, 2, 3, 4]), low_of_ranks([7, 6, 5, 4, 3])
    (56, 1)
    """
    return _low_values()[sum(1 << r for r in ranks)]


@functools.cache
def _low_values() -> dict[int, int]:
    """Value of each five-rank low bit set: a lower bit set (its top card lower, then the
    next, ...) is a better low."""
    masks = sorted(sum(1 << r for r in c) for c in itertools.combinations(range(LOW_RANKS), 5))
    return {mask: LOW_COUNT - i for i, mask in enumerate(masks)}


def ranks_of_low(value: int) -> tuple[int, ...]:
    """The five low ranks (0 = ace .. 7 = eight) of a low value 1..56, highest first.

    >>> ranks_of_low(56), ranks_of_low(1)
    ((4, 3, 2, 1, 0), (7, 6, 5, 4, 3))
    """
    mask = next(m for m, v in _low_values().items() if v == value)
    return tuple(r for r in range(LOW_RANKS - 1, -1, -1) if mask >> r & 1)


@functools.cache
def low_table() -> np.ndarray:
    """The best eight-or-better low of two hole and three board cards, as a (256 * 256,) uint8
    array at ``hole_set * 256 + board_set`` (each an 8-bit set of the low ranks held).

    Each of the 56 lows, split each of the ten ways into two hole and three board ranks, marks
    the pairs of sets that hold the split; the best low marked wins.

    >>> t = low_table()
    >>> int(t[0b0000_0011 * 256 + 0b0001_1100])   # A2 in the hole, 3-4-5 on the board: the wheel
    56
    >>> int(t[0b0000_0011 * 256 + 0b0000_0111])   # A2 and A-2-3: no five distinct low ranks
    0
    """
    sets = np.arange(256)
    hole, board = np.meshgrid(sets, sets, indexing="ij")
    best = np.zeros((256, 256), dtype=np.uint8)
    for mask, value in _low_values().items():
        ranks = [r for r in range(LOW_RANKS) if mask >> r & 1]
        for two in itertools.combinations(ranks, 2):
            h = sum(1 << r for r in two)
            b = mask & ~h
            held = ((hole & h) == h) & ((board & b) == b)
            best[held] = np.maximum(best[held], value)
    table = best.reshape(-1)
    table.setflags(write=False)
    return table


@functools.cache
def low_bits() -> np.ndarray:
    """Each card id's bit in an 8-bit set of the low ranks (bit 0 the ace, 1 the deuce .. 7 the
    eight; 0 for nine and up and past 51), as (256,) uint64 for the kernels.

    >>> bits = low_bits()
    >>> int(bits[48]), int(bits[0]), int(bits[24]), int(bits[28])  # Ac, 2c, 8c, 9c
    (1, 2, 128, 0)
    """
    low_bit = np.zeros(256, dtype=np.uint64)
    for card in range(52):
        rank = card >> 2
        if rank == 12:
            low_bit[card] = 1
        elif rank < LOW_RANKS - 1:
            low_bit[card] = 1 << (rank + 1)
    low_bit.setflags(write=False)
    return low_bit


@functools.cache
def best_five_low_table() -> np.ndarray:
    """The best eight-or-better low of a hand that is the best five of all its cards (hold'em
    hi/lo), as :func:`low_table` lays it out: a (256 * 256,) uint8 array at
    ``hole_set * 256 + board_set``. Any five of the low ranks held between the two make a low,
    and the best is the five lowest.

    >>> t = best_five_low_table()
    >>> int(t[0b0000_0011 * 256 + 0b0000_0111]), int(t[0b0000_0011 * 256 + 0b1001_1100])  # A2 and A-2-3; 3-4-5-8
    (0, 56)
    """
    best = np.zeros(256, dtype=np.uint8)
    for held in range(256):
        if held.bit_count() >= 5:
            lowest = held
            while lowest.bit_count() > 5:
                lowest &= ~(1 << (lowest.bit_length() - 1))  # less the highest rank held
            best[held] = _low_values()[lowest]
    sets = np.arange(256)
    table: np.ndarray = best[sets[:, None] | sets[None, :]].reshape(-1)
    table.setflags(write=False)
    return table
