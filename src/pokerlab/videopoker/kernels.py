"""Video poker kernels: every hand's best reading, final hands counted per subset of cards, the 32
holds of a hand, the whole game.

The idea (the well-known one for exact draw poker): count, once, how many five-card hands of
each final hand contain each set of at most four cards. A hold ``S`` of a dealt hand ``H`` ends
in the final hands that contain ``S`` and none of the discards, and by inclusion-exclusion
their count is ``sum over S <= T <= H of (-1)**|T - S| * count[T]``: 32 table rows and a
Moebius transform over five bits give all 32 holds of a hand at once, with no enumeration of
draws. Nothing here knows a pay table: a game is a final-hand column for each five-card hand
(``hand_class``) and a pay for each column.

Cards are ids 0..51 (rank * 4 + suit) and, in a joker deck, :data:`JOKER` (52). Subsets of up
to five cards are numbered by the combinatorial number system: the cards ``c_0 < ... < c_(k-1)``
of a k-subset sit at ``start[k] + sum_j C(c_j, j + 1)``, with ``C`` read from a ``binom[n, k]``
table and ``start`` from :func:`subset_start`; a five-card hand's own index leaves out
``start``. The deck size is ``binom``'s row count less one.

Expected values stay exact: a hold drawing ``n`` cards has ``C(unseen, n)`` equally likely
draws, and each such count divides :func:`draw_lcm`, so ``draw_lcm / C(unseen, n)``
(``draw_scale[5 - n]``) turns a hold's total pay into an integer numerator over one common
denominator.
"""

from __future__ import annotations

from math import comb, lcm

import numpy as np
from numba import njit

from pokerlab.rankings.lookup import ONE

WILD_NONE, WILD_DEUCES, WILD_JOKER = 0, 1, 2
"""The wild cards of a game, as the kernels take them: none, the four deuces, the joker."""
JOKER = 52
"""The joker's card id in a 53-card deck."""

(KIND_NOTHING, KIND_PAIR, KIND_TWO_PAIR, KIND_TRIPS, KIND_STRAIGHT, KIND_FLUSH, KIND_FULL_HOUSE, KIND_QUADS,
 KIND_STRAIGHT_FLUSH, KIND_FIVE_OF_A_KIND, KIND_WILD_ROYAL, KIND_FOUR_WILDS, KIND_NATURAL_ROYAL) = range(13)
"""The kinds of a hand's best reading with its wild cards, weakest first (five of a kind and a wild
royal never meet in one hand, so their order does not matter)."""
N_KINDS = 13
N_CODES = N_KINDS * 169
"""Hand codes: ``kind * 169 + first * 13 + second``. ``first`` is the rank of a pair or of four of
a kind and ``second`` a natural four of a kind's kicker; both are 0 for the other kinds."""

_ROYAL_RANKS = 0x1F00
_WHEEL_RANKS = 0x100F
_SUIT_FIELD = np.uint64(0xFFFF)


def subset_start(deck_size: int) -> tuple[int, ...]:
    """First row of the subsets of each size 0..5 in a count table; the last is the row count.

    >>> subset_start(52)
    (0, 1, 53, 1379, 23479, 294204)
    """
    return tuple(sum(comb(deck_size, j) for j in range(k)) for k in range(6))


def draw_lcm(deck_size: int) -> int:
    """The least common multiple of C(unseen, n) for n = 0..5, unseen = deck_size - 5.

    >>> draw_lcm(52), draw_lcm(53)
    (7669695, 8561520)
    """
    return lcm(*(comb(deck_size - 5, n) for n in range(6)))


@njit(cache=True, nogil=True, inline="always")
def _code(hist: int, ranks: int, suits: int, wilds: int, four_wilds: bool) -> int:
    """The code of a hand's best reading from its natural cards and its count of wild cards.

    ``hist`` holds 4 bits per rank (the naturals of that rank), ``ranks`` a bit per rank
    present and ``suits`` a bit per suit present among the naturals; ``four_wilds`` says that
    four wild cards are a hand of their own (Deuces Wild's four deuces).
    """
    if four_wilds and wilds == 4:
        return KIND_FOUR_WILDS * 169
    best = 0  # the largest count of one rank among the naturals, and its highest rank
    best_rank = 0
    pairs = 0
    high_pair = -1
    low_pair = 0
    kicker = 0
    for r in range(12, -1, -1):
        n = hist >> (4 * r) & 15
        if n > best:
            best = n
            best_rank = r
        if n == 2:
            pairs += 1
            if high_pair < 0:
                high_pair = r
            else:
                low_pair = r
        elif n == 1 and kicker == 0:
            kicker = r
    one_suit = (suits & (suits - 1)) == 0
    fits = ranks & ~_WHEEL_RANKS == 0
    for low in range(9):
        fits = fits or ranks & ~(0x1F << low) == 0
    straight = best <= 1 and fits  # with no wild cards, five distinct ranks in a window of five
    if straight and one_suit:
        if ranks & ~_ROYAL_RANKS == 0:
            return (KIND_NATURAL_ROYAL if wilds == 0 else KIND_WILD_ROYAL) * 169
        return KIND_STRAIGHT_FLUSH * 169
    if best + wilds >= 5:
        return KIND_FIVE_OF_A_KIND * 169 + best_rank * 13
    if best + wilds >= 4:
        return KIND_QUADS * 169 + best_rank * 13 + (kicker if wilds == 0 else 0)
    if (best == 3 and pairs == 1) or (wilds == 1 and pairs == 2):
        return KIND_FULL_HOUSE * 169
    if one_suit:
        return KIND_FLUSH * 169
    if straight:
        return KIND_STRAIGHT * 169
    if best + wilds >= 3:
        return KIND_TRIPS * 169
    if pairs == 2:
        return KIND_TWO_PAIR * 169 + high_pair * 13 + low_pair
    if best + wilds >= 2:
        return KIND_PAIR * 169 + best_rank * 13
    return KIND_NOTHING * 169


@njit(cache=True, nogil=True)
def hand_codes(wild: int, binom: np.ndarray) -> np.ndarray:
    """The code of every five-card hand of the deck (see :data:`N_CODES`), by its index.

    ``wild`` is one of :data:`WILD_NONE`, :data:`WILD_DEUCES` or :data:`WILD_JOKER`; the deck
    has ``binom.shape[0] - 1`` cards. Returns a uint16 array of C(deck, 5) codes.
    """
    deck = binom.shape[0] - 1
    hist = np.zeros(deck, dtype=np.int64)
    rank_bit = np.zeros(deck, dtype=np.int64)
    suit_bit = np.zeros(deck, dtype=np.int64)
    is_wild = np.zeros(deck, dtype=np.int64)
    for x in range(deck):
        if (wild == WILD_DEUCES and x < 4) or (wild == WILD_JOKER and x == JOKER):
            is_wild[x] = 1
        else:
            hist[x] = 1 << (4 * (x >> 2))
            rank_bit[x] = 1 << (x >> 2)
            suit_bit[x] = 1 << (x & 3)
    codes = np.empty(binom[deck, 5], dtype=np.uint16)
    four_wilds = wild == WILD_DEUCES
    for a in range(deck - 4):
        for b in range(a + 1, deck - 3):
            i2 = binom[a, 1] + binom[b, 2]
            h2 = hist[a] + hist[b]
            r2 = rank_bit[a] | rank_bit[b]
            s2 = suit_bit[a] | suit_bit[b]
            w2 = is_wild[a] + is_wild[b]
            for c in range(b + 1, deck - 2):
                for d in range(c + 1, deck - 1):
                    i4 = i2 + binom[c, 3] + binom[d, 4]
                    h4 = h2 + hist[c] + hist[d]
                    r4 = r2 | rank_bit[c] | rank_bit[d]
                    s4 = s2 | suit_bit[c] | suit_bit[d]
                    w4 = w2 + is_wild[c] + is_wild[d]
                    for e in range(d + 1, deck):
                        codes[i4 + binom[e, 5]] = _code(h4 + hist[e], r4 | rank_bit[e], s4 | suit_bit[e],
                                                        w4 + is_wild[e], four_wilds)
    return codes


@njit(cache=True, nogil=True, inline="always")
def _extend(part: np.ndarray, size: np.ndarray, level: int, card: int, binom: np.ndarray) -> None:
    """Row parts of the subsets of the first level + 1 cards: those of the first level cards
    (``part[level, :2**level]``), each without and then with ``card`` as its highest card."""
    half = 1 << level
    for t in range(half):
        part[level + 1, t] = part[level, t]
        size[level + 1, t] = size[level, t]
        part[level + 1, half + t] = part[level, t] + binom[card, size[level, t] + ONE]
        size[level + 1, half + t] = size[level, t] + ONE


@njit(cache=True, nogil=True, inline="always")
def _add_topped(counts: np.ndarray, part: np.ndarray, size: np.ndarray, level: int, start: np.ndarray,
                hist: np.ndarray) -> None:
    """Add a histogram to every subset whose highest card is the one chosen at ``level``."""
    half = 1 << level
    for t in range(half, 2 * half):
        row = start[size[level + 1, t]] + part[level + 1, t]
        for f in range(counts.shape[1]):
            counts[row, f] += hist[f]


@njit(cache=True, nogil=True)
def subset_counts(hand_class: np.ndarray, n_classes: int, binom: np.ndarray, start: np.ndarray) -> np.ndarray:
    """How many five-card hands of each final hand contain each subset of at most four cards.

    ``hand_class[i]`` is the final-hand column (below ``n_classes``) of the hand of index i;
    ``start`` is :func:`subset_start` as uint64. Returns a (start[5], n_classes) int32 table.
    Each hand must add one to its 31 proper subsets; a subset is counted at the loop of its
    highest card instead: those topped by the innermost card one hand at a time, the others by
    the histogram of all the hands inside their top card's loop, once per iteration of that loop.
    """
    deck = np.uint64(binom.shape[0] - 1)
    counts = np.zeros((start[5], n_classes), dtype=np.int32)
    hist = np.zeros((4, n_classes), dtype=np.int64)
    total = np.zeros(n_classes, dtype=np.int64)
    part = np.zeros((5, 16), dtype=np.uint64)
    size = np.zeros((5, 16), dtype=np.uint64)
    row4 = np.zeros(15, dtype=np.uint64)
    col4 = np.zeros(15, dtype=np.uint64)
    for a in range(deck - np.uint64(4)):
        _extend(part, size, 0, a, binom)
        hist[0, :] = 0
        for b in range(a + ONE, deck - np.uint64(3)):
            _extend(part, size, 1, b, binom)
            hist[1, :] = 0
            for c in range(b + ONE, deck - np.uint64(2)):
                _extend(part, size, 2, c, binom)
                hist[2, :] = 0
                for d in range(c + ONE, deck - ONE):
                    _extend(part, size, 3, d, binom)
                    hist[3, :] = 0
                    # Subset 15 is {a, b, c, d}: with e it is the hand itself, no proper subset.
                    for t in range(15):
                        row4[t] = start[size[4, t] + ONE] + part[4, t]
                        col4[t] = size[4, t] + ONE
                    i4 = part[4, 15]  # the index of {a, b, c, d} among 4-subsets: the hand's, less e
                    for e in range(d + ONE, deck):
                        p = hand_class[i4 + binom[e, 5]]
                        hist[3, p] += 1
                        for t in range(15):
                            counts[row4[t] + binom[e, col4[t]], p] += 1
                    _add_topped(counts, part, size, 3, start, hist[3])
                    hist[2, :] += hist[3, :]
                _add_topped(counts, part, size, 2, start, hist[2])
                hist[1, :] += hist[2, :]
            _add_topped(counts, part, size, 1, start, hist[1])
            hist[0, :] += hist[1, :]
        _add_topped(counts, part, size, 0, start, hist[0])
        total += hist[0, :]
    counts[0, :] = total
    return counts


@njit(cache=True, nogil=True, inline="always")
def _held(mask: int) -> int:
    """How many cards a hold mask keeps."""
    return (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1) + (mask >> 4 & 1)


@njit(cache=True, nogil=True, inline="always")
def _hold_counts(cards: np.ndarray, hand_class: np.ndarray, counts: np.ndarray, binom: np.ndarray,
                 start: np.ndarray, pays: np.ndarray, draw_scale: np.ndarray, final: np.ndarray, ev: np.ndarray,
                 m2: np.ndarray) -> None:
    """Final hands of each column for the 32 holds of one hand, with their exact scores.

    ``cards`` are the five ids sorted ascending; bit i of a hold mask holds ``cards[i]``.
    Fills ``final[mask, f]``, ``ev[mask]`` (total pay times ``draw_scale[cards held]``, the EV
    over the draw lcm) and ``m2[mask]`` (the same for the square of the pay, for the variance).
    """
    n_final = counts.shape[1]
    own = np.uint64(0)  # the hand's own index: unsigned, as binom is
    for s in range(31):
        row = np.uint64(0)
        j = np.uint64(1)
        for i in range(5):
            if s >> i & 1:
                row += binom[cards[i], j]
                j += ONE
        row += start[j - ONE]
        for f in range(n_final):
            final[s, f] = counts[row, f]
    for i in range(5):
        own += binom[cards[i], i + 1]
    final[31, :] = 0
    final[31, hand_class[own]] = 1
    # Moebius transform over supersets: take off the hands that contain a discarded card.
    for i in range(5):
        bit = 1 << i
        for s in range(32):
            if not s & bit:
                for f in range(n_final):
                    final[s, f] -= final[s | bit, f]
    for s in range(32):
        pay = np.int64(0)
        square = np.int64(0)
        for f in range(n_final):
            pay += final[s, f] * pays[f]
            square += final[s, f] * pays[f] * pays[f]
        ev[s] = pay * draw_scale[_held(s)]
        m2[s] = square * draw_scale[_held(s)]


@njit(cache=True, nogil=True, inline="always")
def _better(ev_a: int, m2_a: int, held_a: int, key_a: int, ev_b: int, m2_b: int, held_b: int, key_b: int) -> bool:
    """Whether hold a ranks before hold b: higher EV; then lower variance (with equal EVs, the
    lower second moment); then more cards held; then the lower position mask ``key``."""
    if ev_a != ev_b:
        return ev_a > ev_b
    if m2_a != m2_b:
        return m2_a < m2_b
    if held_a != held_b:
        return held_a > held_b
    return key_a < key_b


@njit(cache=True, nogil=True)
def hold_table(hand: np.ndarray, hand_class: np.ndarray, counts: np.ndarray, binom: np.ndarray, start: np.ndarray,
               pays: np.ndarray, draw_scale: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 32 holds of one dealt hand, by position mask (bit i holds ``hand[i]``).

    Returns ``final`` (32, columns) counts of final hands, ``ev`` (32,) EV numerators over
    the draw lcm, and ``order`` (32,): the masks best first, as :func:`_better` ranks them.
    """
    position = np.argsort(hand)
    cards = np.empty(5, dtype=np.uint64)
    for i in range(5):
        cards[i] = np.uint64(hand[position[i]])
    n_final = counts.shape[1]
    by_sorted = np.empty((32, n_final), dtype=np.int64)
    ev_sorted = np.empty(32, dtype=np.int64)
    m2_sorted = np.empty(32, dtype=np.int64)
    _hold_counts(cards, hand_class, counts, binom, start, pays, draw_scale, by_sorted, ev_sorted, m2_sorted)
    final = np.empty((32, n_final), dtype=np.int64)
    ev = np.empty(32, dtype=np.int64)
    m2 = np.empty(32, dtype=np.int64)
    held = np.empty(32, dtype=np.int64)
    for s in range(32):
        dealt = 0
        for i in range(5):
            if s >> i & 1:
                dealt |= 1 << position[i]
        final[dealt, :] = by_sorted[s, :]
        ev[dealt] = ev_sorted[s]
        m2[dealt] = m2_sorted[s]
        held[dealt] = _held(s)
    order = np.arange(32)
    for i in range(1, 32):  # insertion sort: 32 items
        m = order[i]
        j = i
        while j > 0 and _better(ev[m], m2[m], held[m], m, ev[order[j - 1]], m2[order[j - 1]],
                                held[order[j - 1]], order[j - 1]):
            order[j] = order[j - 1]
            j -= 1
        order[j] = m
    return final, ev, order


@njit(cache=True, nogil=True)
def play_all_hands(first: int, stop: int, hand_class: np.ndarray, counts: np.ndarray, binom: np.ndarray,
                   start: np.ndarray, pays: np.ndarray, draw_scale: np.ndarray,
                   suit_bits: np.ndarray) -> tuple[np.ndarray, int, int]:
    """Optimal play of every dealt hand whose lowest card is in ``first..stop - 1``.

    Only one hand per class of suit permutations is played: the one whose suits, ordered
    clubs to spades, hold non-increasing 13-bit rank masks (``suit_bits[card]`` is
    ``1 << (16 * suit + rank)``, 0 for the joker, which no permutation moves); it stands for
    the ``24 / (ways to permute equal masks)`` hands of its class. Returns the final hands of
    each column, weighted by the dealt hands that reach them (numerators over the draw lcm),
    and how many hands were played and stood for.
    """
    deck = np.uint64(binom.shape[0] - 1)
    n_final = counts.shape[1]
    final_total = np.zeros(n_final, dtype=np.int64)
    cards = np.empty(5, dtype=np.uint64)
    final = np.empty((32, n_final), dtype=np.int64)
    ev = np.empty(32, dtype=np.int64)
    m2 = np.empty(32, dtype=np.int64)
    played = 0
    dealt = 0
    for a in range(np.uint64(first), np.uint64(stop)):
        for b in range(a + ONE, deck - np.uint64(3)):
            for c in range(b + ONE, deck - np.uint64(2)):
                for d in range(c + ONE, deck - ONE):
                    for e in range(d + ONE, deck):
                        mask = suit_bits[a] | suit_bits[b] | suit_bits[c] | suit_bits[d] | suit_bits[e]
                        s0 = mask & _SUIT_FIELD
                        s1 = mask >> np.uint64(16) & _SUIT_FIELD
                        s2 = mask >> np.uint64(32) & _SUIT_FIELD
                        s3 = mask >> np.uint64(48)
                        if s0 < s1 or s1 < s2 or s2 < s3:
                            continue
                        # Permuting suits within a run of equal masks gives the same hand: the
                        # class has 24 / (product of the runs' factorials) hands.
                        run = 2 if s0 == s1 else 1
                        fixing = run
                        run = run + 1 if s1 == s2 else 1
                        fixing *= run
                        run = run + 1 if s2 == s3 else 1
                        fixing *= run
                        weight = 24 // fixing
                        cards[0] = a
                        cards[1] = b
                        cards[2] = c
                        cards[3] = d
                        cards[4] = e
                        _hold_counts(cards, hand_class, counts, binom, start, pays, draw_scale, final, ev, m2)
                        best = 31
                        for s in range(31):
                            if _better(ev[s], m2[s], _held(s), s, ev[best], m2[best], _held(best), best):
                                best = s
                        scale = draw_scale[_held(best)]
                        for f in range(n_final):
                            final_total[f] += weight * scale * final[best, f]
                        played += 1
                        dealt += weight
    return final_total, played, dealt
