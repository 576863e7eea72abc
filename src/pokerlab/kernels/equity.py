"""Equity kernels: exact showdown counts by enumeration and by Monte Carlo.

All kernels add into one counter layout, so exact and sampled results read the same way:

- ``counts[player, own_category, best_other_category, outcome]`` (int64 or float64), where
  outcome 0 is a win, 1 a split and 2 a loss, each weighted by how many boards (or the
  product of range weights) the showdown stands for;
- ``shares[player]``: the pot share from splits, in units of 1/2520 (2520 is divisible by
  every player count up to 10, so shares stay exact integers);
- ``squares[player]`` (Monte Carlo only): the sum of squared per-trial equity, for stderr.

Preflop exact enumeration does not deal 1.7 million boards. It splits the boards by their
ranks: for each of the at most 6,175 board rank multisets every player's non-flush hand is
fixed, and the number of boards with those ranks is a product of binomials. Flushes need
three or more board cards of one suit; those boards are enumerated by suit, flush-suit
ranks and off-suit ranks, and each adds the difference between its real showdown and the
non-flush one it was counted as. That is about 40,000 evaluations instead of 3.4 million.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from pokerlab.kernels.evaluation import KEY_START, ONE, strength_of_key, strength_of_rank_key

TIE_UNITS = 2520
"""Least common multiple of 1..10: a k-way split is worth TIE_UNITS // k units."""


@njit(cache=True, nogil=True, inline="always")
def _showdown(strengths: np.ndarray, first: int, n_players: int, weight: float, category: np.ndarray,
              counts: np.ndarray, shares: np.ndarray) -> tuple[int, int]:
    """Add one showdown of the ``n_players`` strengths from ``strengths[first]``, worth
    ``weight``, to the counters.

    ``counts`` is the flat view of the (players, 9, 9, 3) counters: player i, own category a,
    best other category b and outcome o sit at ``i * 243 + a * 27 + b * 3 + o``. Returns the
    best strength and how many players hold it.
    """
    best = 0
    second = 0
    n_best = 0
    for i in range(n_players):
        s = strengths[first + i]
        if s > best:
            second = best
            best = s
            n_best = 1
        elif s == best:
            n_best += 1
        elif s > second:
            second = s
    best_cat = category[best] * 3
    if n_best == 1:
        # the winner's best other hand is the second best; everyone else's is the winner's
        winner_cell = category[second] * 3
        for i in range(n_players):
            s = strengths[first + i]
            if s == best:
                counts[i * 243 + category[s] * 27 + winner_cell] += weight
            else:
                counts[i * 243 + category[s] * 27 + best_cat + 2] += weight
    else:
        share = weight * (TIE_UNITS // n_best)
        for i in range(n_players):
            s = strengths[first + i]
            if s == best:
                counts[i * 243 + category[s] * 27 + best_cat + 1] += weight
                shares[i] += share
            else:
                counts[i * 243 + category[s] * 27 + best_cat + 2] += weight
    return best, n_best


@njit(cache=True, nogil=True, inline="always")
def _heads_up(s0: int, s1: int, weight: float, category: np.ndarray, counts: np.ndarray, shares: np.ndarray) -> None:
    """:func:`_showdown` for two players, without its loops or branches on who won."""
    a = category[s0]
    b = category[s1]
    outcome = (s0 <= s1) + (s0 < s1)  # player 0 wins (0), splits (1) or loses (2)
    counts[a * 27 + b * 3 + outcome] += weight
    counts[243 + b * 27 + a * 3 + 2 - outcome] += weight
    if s0 == s1:
        shares[0] += weight * (TIE_UNITS // 2)
        shares[1] += weight * (TIE_UNITS // 2)


@njit(cache=True, nogil=True, inline="always")
def _turn_and_river(n_players: int, hole_key: np.ndarray, hole_mask: np.ndarray, board_key: np.uint64,
                    board_mask: np.uint64, deck: np.ndarray, n: int, n_deal: int, weight: float, card_key: np.ndarray,
                    card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                    category: np.ndarray, strengths: np.ndarray, counts: np.ndarray, shares: np.ndarray) -> None:
    """Count the showdowns of every 0..2-card completion of the board from ``deck[:n]``
    (the per-player arrays may be padded rows: only the first ``n_players`` count)."""
    if n_deal == 0:
        for i in range(n_players):
            strengths[i] = strength_of_key(board_key + hole_key[i], board_mask | hole_mask[i],
                                           rank, offsets, flush)
        _showdown(strengths, 0, n_players, weight, category, counts, shares)
        return
    heads_up = n_players == 2
    for x in range(n):
        cx = np.uint64(deck[x])
        key_x = board_key + card_key[cx]
        mask_x = board_mask | card_mask[cx]
        for y in range(x + 1, n if n_deal == 2 else x + 2):
            key = key_x
            mask = mask_x
            if n_deal == 2:
                cy = np.uint64(deck[y])
                key += card_key[cy]
                mask |= card_mask[cy]
            if heads_up:
                _heads_up(strength_of_key(key + hole_key[0], mask | hole_mask[0], rank, offsets, flush),
                          strength_of_key(key + hole_key[1], mask | hole_mask[1], rank, offsets, flush),
                          weight, category, counts, shares)
                continue
            for i in range(n_players):
                strengths[i] = strength_of_key(key + hole_key[i], mask | hole_mask[i], rank, offsets, flush)
            _showdown(strengths, 0, n_players, weight, category, counts, shares)


@njit(cache=True, nogil=True, inline="always")
def fill_deck(out_mask: np.uint64, deck: np.ndarray) -> int:
    """Write the cards not in ``out_mask`` (bit ``id`` per card), in order, to the start of
    ``deck``; returns how many there are."""
    n = 0
    for c in range(52):
        if not (out_mask >> np.uint64(c)) & ONE:
            deck[n] = c
            n += 1
    return n


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]  # numba's stubs omit _nrt
def enumerate_boards(hole_key: np.ndarray, hole_mask: np.ndarray, board_key: np.uint64, board_mask: np.uint64,
                     deck: np.ndarray, n_deal: int, card_key: np.ndarray, card_mask: np.ndarray, rank: np.ndarray,
                     offsets: np.ndarray, flush: np.ndarray, category: np.ndarray, counts: np.ndarray,
                     shares: np.ndarray, strengths: np.ndarray) -> None:
    """Deal every ``n_deal``-card (0..2) completion of the board from ``deck`` (sorted ids,
    uint8) and count each showdown once, into flat ``counts`` and ``shares``; ``strengths``
    is scratch, one per player.

    Compiled without Numba's reference counting (``_nrt=False``): it allocates nothing, and
    the atomic increments and decrements that every inlined table lookup otherwise pays made
    this loop four times slower.
    """
    _turn_and_river(hole_key.shape[0], hole_key, hole_mask, board_key, board_mask, deck, deck.shape[0],
                    n_deal, 1, card_key, card_mask, rank, offsets, flush, category, strengths, counts, shares)


@njit(cache=True, nogil=True)
def known_showdowns(cards: np.ndarray, n_players: int, n_board: int, card_key: np.ndarray, card_mask: np.ndarray,
                    rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                    category: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every completion of the board for known hands, with its counters summed up.

    ``cards`` (uint8) holds the players' hole cards in pairs, then the ``n_board`` board
    cards, then the dead cards. Boards of three or more cards leave at most two cards to
    deal, all in :func:`enumerate_boards`; with fewer, each set of the cards before those two
    is listed here (the slow way preflop, which cross-checks :func:`preflop_exact`). Returns
    the counters (P, 9, 9, 3) and their :func:`summarize`.
    """
    counts = np.zeros(n_players * 243, dtype=np.int64)
    shares = np.zeros(n_players, dtype=np.int64)
    strengths = np.zeros(n_players, dtype=np.int64)
    hole_key = np.zeros(n_players, dtype=np.uint64)
    hole_mask = np.zeros(n_players, dtype=np.uint64)
    deck = np.zeros(52, dtype=np.uint8)
    out = np.uint64(0)
    for j in range(cards.shape[0]):
        out |= ONE << np.uint64(cards[j])
    for i in range(n_players):
        c0 = np.uint64(cards[2 * i])
        c1 = np.uint64(cards[2 * i + 1])
        hole_key[i] = card_key[c0] + card_key[c1]
        hole_mask[i] = card_mask[c0] | card_mask[c1]
    n = fill_deck(out, deck)
    need = max(0, 3 - n_board)
    chosen = np.arange(need)
    while True:
        key = KEY_START
        mask = np.uint64(0)
        for j in range(2 * n_players, 2 * n_players + n_board):
            key += card_key[np.uint64(cards[j])]
            mask |= card_mask[np.uint64(cards[j])]
        for j in range(need):
            key += card_key[np.uint64(deck[chosen[j]])]
            mask |= card_mask[np.uint64(deck[chosen[j]])]
        rest = deck[chosen[need - 1] + 1:n] if need else deck[:n]
        enumerate_boards(hole_key, hole_mask, key, mask, rest, min(2, 5 - n_board), card_key, card_mask,
                         rank, offsets, flush, category, counts, shares, strengths)
        k = need - 1  # the next set of `need` deck positions, in lexicographic order
        while k >= 0 and chosen[k] == n - need + k:
            k -= 1
        if k < 0:
            break
        chosen[k] += 1
        for j in range(k + 1, need):
            chosen[j] = chosen[j - 1] + 1
    table = counts.reshape((n_players, 9, 9, 3))
    return table, summarize(table, shares)


@njit(cache=True, nogil=True)
def summarize(counts: np.ndarray, shares: np.ndarray) -> np.ndarray:
    """Counters (P, 9, 9, 3) and shares (P,) in the shape a result reads: (P, 11, 3), where row
    ``a < 9`` is the wins, splits and losses finishing with category ``a``, row 9 their totals
    and row 10 starts with the shares. One pass, instead of a NumPy reduction per row."""
    n_players = counts.shape[0]
    out = np.zeros((n_players, 11, 3), dtype=counts.dtype)
    for i in range(n_players):
        for a in range(9):
            for b in range(9):
                for o in range(3):
                    out[i, a, o] += counts[i, a, b, o]
            for o in range(3):
                out[i, 9, o] += out[i, a, o]
        out[i, 10, 0] = shares[i]
    return out


@njit(cache=True, nogil=True, parallel=True)
def enumerate_boards_many(holes: np.ndarray, weights: np.ndarray, board_key: np.uint64, board_mask: np.uint64,
                          base_mask: np.uint64, n_deal: int, card_key: np.ndarray, card_mask: np.ndarray,
                          rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                          category: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every turn and river (``n_deal`` 0..2) for many deals of hole cards at once.

    ``holes`` is (M, P, 2) uint8, one row per deal, worth ``weights[m]``; ``base_mask`` has
    the board and dead cards. Deals run in parallel blocks with counters of their own (float,
    so weights fit; sums of whole weights stay exact below 2**53). Returns the counters
    (P, 9, 9, 3) and shares (P,).
    """
    n_deals, n_players = holes.shape[0], holes.shape[1]
    cells = n_players * 243
    n_blocks = max(1, min(n_deals, 64))
    block_counts = np.zeros((n_blocks, cells + 16), dtype=np.float64)
    block_shares = np.zeros((n_blocks, n_players + 16), dtype=np.float64)
    block_strengths = np.zeros((n_blocks, n_players + 16), dtype=np.int64)
    block_decks = np.zeros((n_blocks, 64), dtype=np.uint8)
    block_keys = np.zeros((n_blocks, n_players + 16), dtype=np.uint64)
    block_masks = np.zeros((n_blocks, n_players + 16), dtype=np.uint64)
    for b in prange(n_blocks):
        counts = block_counts[b]
        shares = block_shares[b]
        strengths = block_strengths[b]
        deck = block_decks[b]
        hole_key = block_keys[b]
        hole_mask = block_masks[b]
        for m in range(b * n_deals // n_blocks, (b + 1) * n_deals // n_blocks):
            out = base_mask
            for i in range(n_players):
                c0 = np.uint64(holes[m, i, 0])
                c1 = np.uint64(holes[m, i, 1])
                hole_key[i] = card_key[c0] + card_key[c1]
                hole_mask[i] = card_mask[c0] | card_mask[c1]
                out |= (ONE << c0) | (ONE << c1)
            n = fill_deck(out, deck)
            _turn_and_river(n_players, hole_key, hole_mask, board_key, board_mask, deck, n, n_deal, weights[m],
                            card_key, card_mask, rank, offsets, flush, category, strengths, counts, shares)
    counts = np.zeros(cells, dtype=np.float64)
    shares = np.zeros(n_players, dtype=np.float64)
    for b in range(n_blocks):
        for j in range(cells):
            counts[j] += block_counts[b, j]
        for i in range(n_players):
            shares[i] += block_shares[b, i]
    return counts.reshape((n_players, 9, 9, 3)), shares


@njit(cache=True, nogil=True)
def preflop_exact(hole_cards: np.ndarray, dead_mask: np.uint64, rank: np.ndarray, offsets: np.ndarray,
                  flush: np.ndarray, category: np.ndarray, counts: np.ndarray, shares: np.ndarray,
                  part: int, n_parts: int) -> None:
    """Count every five-card board for known hole cards (P, 2) by rank multisets (see above).

    ``dead_mask`` has bit ``id`` set for every card that cannot be dealt (holes included).
    The work is dealt out like cards to ``n_parts`` parts, and this call counts part ``part``
    (0 of 1: all of it): every n-th board rank multiset and every n-th set of flush ranks,
    so that parts run equally long on separate threads and their counters add up to the whole.
    """
    n_players = hole_cards.shape[0]
    weights = np.array([1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453,
                        1526359, 3453520], dtype=np.uint64)
    choose = np.zeros((5, 6), dtype=np.int64)  # C(n, k) for n <= 4
    for a in range(5):
        choose[a, 0] = 1
        for k in range(1, a + 1):
            choose[a, k] = choose[a - 1, k - 1] + (choose[a - 1, k] if k <= a - 1 else 0)
    avail = np.zeros(13, dtype=np.int64)
    suit_avail = np.zeros(4, dtype=np.int64)  # 13-bit mask of available ranks per suit
    for c in range(52):
        if not (dead_mask >> np.uint64(c)) & ONE:
            avail[c >> 2] += 1
            suit_avail[c & 3] |= 1 << (c >> 2)
    hole_rank_key = np.zeros(n_players, dtype=np.uint64)
    hole_suit = np.zeros((n_players, 4), dtype=np.int64)  # rank mask of each player's suit
    hole_suit_count = np.zeros((n_players, 4), dtype=np.int64)
    for i in range(n_players):
        for j in range(2):
            c = hole_cards[i, j]
            hole_rank_key[i] += weights[c >> 2]
            hole_suit[i, c & 3] |= 1 << (c >> 2)
            hole_suit_count[i, c & 3] += 1
    plain = np.zeros(n_players, dtype=np.int64)
    real = np.zeros(n_players, dtype=np.int64)
    used = np.zeros(13, dtype=np.int64)
    off_avail = np.zeros((4, 13), dtype=np.int64)
    flushes = np.zeros((4, n_players), dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    _count_boards(n_players, weights, choose, avail, suit_avail, hole_rank_key, hole_suit, hole_suit_count,
                  plain, real, flushes, suits, used, off_avail, rank, offsets, flush, category, counts.reshape(-1),
                  shares, part, n_parts)


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]  # numba's stubs omit _nrt
def _count_boards(n_players: int, weights: np.ndarray, choose: np.ndarray, avail: np.ndarray, suit_avail: np.ndarray,
                  hole_rank_key: np.ndarray, hole_suit: np.ndarray, hole_suit_count: np.ndarray, plain: np.ndarray,
                  real: np.ndarray, flushes: np.ndarray, suits: np.ndarray, used: np.ndarray,
                  off_avail: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                  category: np.ndarray, counts: np.ndarray, shares: np.ndarray, part: int, n_parts: int) -> None:
    """The loops of :func:`preflop_exact`, compiled without Numba's reference counting: every
    inlined lookup there pays an atomic increment and decrement of its table otherwise."""
    # Part 1: every board counted as if no flush were possible.
    skip = part  # multisets (and below, flush rank sets) to pass over before this part's next one
    mine = False
    for a in range(13):
        used[a] += 1
        for b in range(a, 13):
            used[b] += 1
            for c in range(b, 13):
                used[c] += 1
                for d in range(c, 13):
                    used[d] += 1
                    for e in range(d, 13):
                        used[e] += 1
                        ok = used[a] <= avail[a] and used[b] <= avail[b] and used[c] <= avail[c] \
                            and used[d] <= avail[d] and used[e] <= avail[e]
                        if ok:
                            mine = skip == 0
                            skip = n_parts - 1 if mine else skip - 1
                        if ok and mine:
                            boards = 1
                            # each distinct rank once: C(avail, used)
                            boards *= choose[avail[a], used[a]]
                            if b != a:
                                boards *= choose[avail[b], used[b]]
                            if c != b:
                                boards *= choose[avail[c], used[c]]
                            if d != c:
                                boards *= choose[avail[d], used[d]]
                            if e != d:
                                boards *= choose[avail[e], used[e]]
                            key = weights[a] + weights[b] + weights[c] + weights[d] + weights[e]
                            for i in range(n_players):
                                plain[i] = strength_of_rank_key(key + hole_rank_key[i], rank, offsets)
                            if n_players == 2:
                                _heads_up(plain[0], plain[1], boards, category, counts, shares)
                            else:
                                _showdown(plain, 0, n_players, boards, category, counts, shares)
                        used[e] -= 1
                    used[d] -= 1
                used[c] -= 1
            used[b] -= 1
        used[a] -= 1

    # Part 2: boards with m >= 3 cards of one suit s, as flush ranks F plus off-suit ranks O.
    # The non-flush count of such a board depends on its ranks alone, not on s, so each F
    # and O is looked up once for every suit it can be dealt in, and subtracted once with the
    # boards of all those suits together; only the flushes are per suit.
    for s in range(4):
        for r in range(13):
            off_avail[s, r] = avail[r] - ((suit_avail[s] >> r) & 1)
    for m in range(3, 6):
        n_off = 5 - m
        # F: every m-subset of the 13 ranks, by Gosper's hack
        f = (1 << m) - 1
        while f < (1 << 13):
            # the suits whose cards of ranks F are all available and give someone a flush
            mine = skip == 0
            skip = n_parts - 1 if mine else skip - 1
            n_suits = 0
            for s in range(4):
                if not mine or f & suit_avail[s] != f:
                    continue
                any_flush = False
                for i in range(n_players):
                    flushes[s, i] = flush[np.uint64(hole_suit[i, s] | f)] if hole_suit_count[i, s] >= n_off else 0
                    any_flush = any_flush or flushes[s, i] != 0
                if any_flush:
                    suits[n_suits] = s
                    n_suits += 1
            if n_suits:
                f_key = np.uint64(0)
                for r in range(13):
                    if (f >> r) & 1:
                        f_key += weights[r]
                # O: every multiset of n_off <= 2 off-suit ranks, as o1 <= o2 with 13
                # standing for "no card"; mult is the ways to pick their suits
                for o1 in range(14):
                    if (o1 == 13) != (n_off == 0):
                        continue
                    for o2 in range(o1, 14):
                        if (o2 == 13) != (n_off <= 1):
                            continue
                        key = f_key
                        if o1 < 13:
                            key += weights[o1]
                        if o2 < 13:
                            key += weights[o2]
                        boards = 0
                        for k in range(n_suits):
                            s = suits[k]
                            mult = 1
                            if o1 < 13:
                                mult = choose[off_avail[s, o1], 2] if o2 == o1 else off_avail[s, o1]
                            if o2 < 13 and o2 != o1:
                                mult *= off_avail[s, o2]
                            if mult == 0:
                                continue
                            if boards == 0:
                                for i in range(n_players):
                                    plain[i] = strength_of_rank_key(key + hole_rank_key[i], rank, offsets)
                            boards += mult
                            # a flush beats every non-flush hand of the same seven cards (no
                            # full house fits beside five suited cards)
                            for i in range(n_players):
                                real[i] = flushes[s, i] if flushes[s, i] else plain[i]
                            if n_players == 2:
                                _heads_up(real[0], real[1], mult, category, counts, shares)
                            else:
                                _showdown(real, 0, n_players, mult, category, counts, shares)
                        if boards:
                            if n_players == 2:
                                _heads_up(plain[0], plain[1], -boards, category, counts, shares)
                            else:
                                _showdown(plain, 0, n_players, -boards, category, counts, shares)
            # next subset with m bits (Gosper)
            low = f & -f
            ripple = f + low
            f = (((ripple ^ f) >> 2) // low) | ripple


@njit(cache=True, nogil=True, parallel=True)
def preflop_exact_many(holes: np.ndarray, dead_masks: np.ndarray, rank: np.ndarray, offsets: np.ndarray,
                       flush: np.ndarray, category: np.ndarray, n_parts: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`preflop_exact` for many matchups at once, in parallel: holes (M, P, 2) int64 and
    a dead mask per matchup, each matchup's work dealt out to ``n_parts`` parts (more than one
    keeps every thread busy when there are fewer matchups than threads). Returns counts
    (M, P, 9, 9, 3) and shares (M, P)."""
    n, n_players = holes.shape[0], holes.shape[1]
    parts = np.zeros((n, n_parts, n_players, 9, 9, 3), dtype=np.int64)
    part_shares = np.zeros((n, n_parts, n_players), dtype=np.int64)
    for task in prange(n * n_parts):
        m = task // n_parts
        p = task % n_parts
        preflop_exact(holes[m], dead_masks[m], rank, offsets, flush, category, parts[m, p], part_shares[m, p],
                      p, n_parts)
    if n_parts == 1:
        return parts.reshape((n, n_players, 9, 9, 3)), part_shares.reshape((n, n_players))
    counts = np.zeros((n, n_players, 9, 9, 3), dtype=np.int64)
    shares = np.zeros((n, n_players), dtype=np.int64)
    for m in prange(n):
        for p in range(n_parts):
            counts[m] += parts[m, p]
            shares[m] += part_shares[m, p]
    return counts, shares


@njit(cache=True, nogil=True, inline="always")
def next_random(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """xorshift64*: one 64-bit draw from a nonzero ``state``; returns (value, new state). The
    random-number generator of every Monte Carlo kernel."""
    state ^= state >> np.uint64(12)
    state ^= state << np.uint64(25)
    state ^= state >> np.uint64(27)
    return state * np.uint64(0x2545F4914F6CDD1D), state


@njit(cache=True, nogil=True, inline="always")
def random_below(bound: int, bits: np.uint64, n_bits: int,
                 state: np.uint64) -> tuple[np.uint64, np.uint64, int, np.uint64]:
    """A uniform integer in [0, bound) from 32 fresh bits (Lemire's multiply, with the rare
    rejection that makes it exact). ``bits`` holds ``n_bits`` unused random bits of the last
    :func:`next_random` draw, so one draw serves two calls. Returns the integer, the bits and
    their count left, and the new generator state."""
    while True:
        if n_bits < 32:
            bits, state = next_random(state)
            n_bits = 64
        product = (bits & np.uint64(0xFFFFFFFF)) * np.uint64(bound)
        bits >>= np.uint64(32)
        n_bits -= 32
        low = product & np.uint64(0xFFFFFFFF)
        if low >= np.uint64(bound) or low >= (np.uint64(1 << 32) - np.uint64(bound)) % np.uint64(bound):
            return product >> np.uint64(32), bits, n_bits, state


_BATCH = 64
"""Monte Carlo deals this many trials, then evaluates them, then scores them: apart, each loop
runs without waiting on the others' memory lookups (1.3-1.8x over one loop)."""

JOINT_PLAYERS = 3
"""Up to this many players, a Monte Carlo trial adds one to a joint histogram of everyone's
category and who won (9**3 * 2**3 cells for three) instead of updating each player's
counters, which saved a fifth of a three-player trial. The per-player counters follow at
the end; more players would make the histogram too large to stay in cache."""


@njit(cache=True, nogil=True)
def add_joint(joint: np.ndarray, n_players: int, counts: np.ndarray, shares: np.ndarray,
               squares: np.ndarray, category_order: np.ndarray) -> None:
    """Add a joint histogram to the per-player counters (flat), split shares and squares.

    Cell ``(c_0 * 9 + c_1) * 9 ... << n_players | winners`` counts trials where player i
    ended with category c_i and the best hand was held by the players in ``winners``. A
    player's best other hand has the highest category among the others, by
    ``category_order`` (each category's place in the game's ranking: categories rise with
    strength, though not always in their own order, as short deck's flush above its full house).
    """
    cats = np.zeros(n_players, dtype=np.int64)
    for code in range(joint.shape[0]):
        n = joint[code]
        if n == 0:
            continue
        winners = code & ((1 << n_players) - 1)
        rest = code >> n_players
        for i in range(n_players - 1, -1, -1):
            cats[i] = rest % 9
            rest //= 9
        n_winners = 0
        for i in range(n_players):
            n_winners += (winners >> i) & 1
        for i in range(n_players):
            other = -1
            for j in range(n_players):
                if j != i and (other < 0 or category_order[cats[j]] > category_order[other]):
                    other = cats[j]
            won = (winners >> i) & 1
            outcome = 2 if not won else (0 if n_winners == 1 else 1)
            counts[i * 243 + cats[i] * 27 + other * 3 + outcome] += n
            if won:
                squares[i] += n / (n_winners * n_winners)
                if n_winners > 1:
                    shares[i] += n * (TIE_UNITS // n_winners)


@njit(cache=True, nogil=True, inline="always")
def _add_by_combo(strengths: np.ndarray, pairs: np.ndarray, batch: int, n_players: int, n_combos: int,
                  by_combo: np.ndarray) -> None:
    """Count a batch of trials by each player's combo (``pairs``): showdowns, wins, splits
    and split shares, flat as ``[(player * n_combos + combo) * 4 + column]``."""
    for t in range(batch):
        row = t * n_players
        best = 0
        n_best = 0
        for i in range(n_players):
            if strengths[row + i] > best:
                best = strengths[row + i]
                n_best = 0
            n_best += strengths[row + i] == best
        for i in range(n_players):
            cell = (i * n_combos + pairs[row + i]) * 4
            by_combo[cell] += 1
            if strengths[row + i] == best:
                if n_best == 1:
                    by_combo[cell + 1] += 1
                else:
                    by_combo[cell + 2] += 1
                    by_combo[cell + 3] += TIE_UNITS // n_best


@njit(cache=True, nogil=True, parallel=True)
def monte_carlo(combos: np.ndarray, starts: np.ndarray, cumulative: np.ndarray, board: np.ndarray,
                base_mask: np.uint64, n_chunks: int, trials_per_chunk: int, seed: int, card_key: np.ndarray,
                card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                category: np.ndarray, category_order: np.ndarray,
                combo_of_pair: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, np.ndarray]:
    """Sample showdowns: each player's combo by weight, then the rest of the board.

    Player i draws from ``combos[starts[i]:starts[i + 1]]`` (uint8 pairs) with cumulative
    weights ``cumulative`` (the last one of each player's block is its total); an empty block
    means a random hand dealt from the deck, and a block of one is a known hand, set once.

    Cards come off a per-chunk deck by a partial Fisher-Yates shuffle (the deck need not be
    restored: any order of the same cards is as good). A range combo that clashes with a
    card already out rejects the whole deal, which keeps shared-card ranges unbiased. A chunk
    gives up after 1000 rejected deals per wanted trial, so ranges that can hardly be dealt
    together end instead of spinning. Returns counts, shares, squares and how many deals were
    tried, accepted or not: the caller refuses ranges whose deals are almost all rejected.

    ``combo_of_pair`` (``low * 52 + high`` -> a combo number), when not None, also counts
    each player's showdowns by the combo they held: the last result, ``[player, combo,
    (showdowns, wins, splits, split shares)]``, empty otherwise. Numba compiles the None case
    apart, without that work (in the loops, even untaken, it cost 3% of a trial).
    """
    n_players = starts.shape[0] - 1
    n_board = board.shape[0]
    # Every per-chunk array is a row of one padded block: small arrays allocated inside the
    # parallel loop share cache lines between threads, and writing them per trial made two
    # threads slower than one.
    pad = n_players + 16
    width = _BATCH * n_players + 16
    all_counts = np.zeros((n_chunks, n_players * 243 + 16), dtype=np.int64)
    all_shares = np.zeros((n_chunks, pad), dtype=np.int64)
    all_squares = np.zeros((n_chunks, pad), dtype=np.float64)
    all_hole_keys = np.zeros((n_chunks, pad), dtype=np.uint64)
    all_hole_masks = np.zeros((n_chunks, pad), dtype=np.uint64)
    all_keys = np.zeros((n_chunks, width), dtype=np.uint64)
    all_masks = np.zeros((n_chunks, width), dtype=np.uint64)
    all_strengths = np.zeros((n_chunks, width), dtype=np.int64)
    all_decks = np.zeros((n_chunks, 64), dtype=np.uint8)
    all_drawn = np.zeros((n_chunks, 64), dtype=np.uint8)
    n_joint = 9 ** n_players << n_players if n_players <= JOINT_PLAYERS else 0
    all_joint = np.zeros((n_chunks, n_joint + 16), dtype=np.int64)
    all_attempts = np.zeros((n_chunks, 16), dtype=np.int64)
    n_combos = 0
    if combo_of_pair is not None:
        for x in range(combo_of_pair.shape[0]):
            n_combos = max(n_combos, combo_of_pair[x] + 1)
    all_by_combo = np.zeros((n_chunks, n_players * n_combos * 4 + 16), dtype=np.int64)
    all_pairs = np.zeros((n_chunks, width if n_combos else 0), dtype=np.int64)
    all_hole_pairs = np.zeros((n_chunks, pad), dtype=np.int64)
    board_key0 = KEY_START
    board_mask0 = np.uint64(0)
    for j in range(n_board):
        board_key0 += card_key[np.uint64(board[j])]
        board_mask0 |= card_mask[np.uint64(board[j])]
    # known hands: their cards are out from the start
    fixed_mask = base_mask
    n_random = 0
    n_ranged = 0
    for i in range(n_players):
        size = starts[i + 1] - starts[i]
        if size == 1:
            fixed_mask |= (ONE << np.uint64(combos[starts[i], 0])) | (ONE << np.uint64(combos[starts[i], 1]))
        elif size == 0:
            n_random += 1
        else:
            n_ranged += 1
    to_deal = 2 * n_random + 5 - n_board
    for chunk in prange(n_chunks):
        state = (np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15)
                 + np.uint64(chunk + 1) * np.uint64(0xBF58476D1CE4E5B9)) | ONE
        bits = np.uint64(0)
        n_bits = 0
        counts = all_counts[chunk]
        shares = all_shares[chunk]
        squares = all_squares[chunk]
        hole_key = all_hole_keys[chunk]
        hole_mask = all_hole_masks[chunk]
        keys = all_keys[chunk]
        masks = all_masks[chunk]
        strengths = all_strengths[chunk]
        deck = all_decks[chunk]
        drawn = all_drawn[chunk]
        joint = all_joint[chunk]
        by_combo = all_by_combo[chunk]
        pairs = all_pairs[chunk]
        hole_pair = all_hole_pairs[chunk]
        n_deck = fill_deck(fixed_mask, deck)
        for i in range(n_players):
            if starts[i + 1] - starts[i] == 1:
                c0 = np.uint64(combos[starts[i], 0])
                c1 = np.uint64(combos[starts[i], 1])
                hole_key[i] = card_key[c0] + card_key[c1]
                hole_mask[i] = card_mask[c0] | card_mask[c1]
                if combo_of_pair is not None:
                    hole_pair[i] = combo_of_pair[min(c0, c1) * np.uint64(52) + max(c0, c1)]
        done = 0
        attempts = 0
        while done < trials_per_chunk and attempts < 1000 * trials_per_chunk:
            # deal a batch: each trial's seven-card keys and masks, player by player
            batch = 0
            wanted = min(_BATCH, trials_per_chunk - done)
            while batch < wanted and attempts < 1000 * trials_per_chunk:
                attempts += 1
                used = fixed_mask
                ok = True
                for i in range(n_players if n_ranged else 0):
                    lo = starts[i]
                    hi = starts[i + 1]
                    if hi - lo <= 1:  # known, or random: dealt below
                        continue
                    value, state = next_random(state)
                    u = (value >> np.uint64(11)) * (1.0 / 9007199254740992.0) * cumulative[hi - 1]
                    a = lo
                    b = hi - 1
                    while a < b:  # first combo whose cumulative weight exceeds u
                        mid = (a + b) >> 1
                        if cumulative[mid] > u:
                            b = mid
                        else:
                            a = mid + 1
                    c0 = np.uint64(combos[a, 0])
                    c1 = np.uint64(combos[a, 1])
                    pair = (ONE << c0) | (ONE << c1)
                    if used & pair:
                        ok = False
                        break
                    used |= pair
                    hole_key[i] = card_key[c0] + card_key[c1]
                    hole_mask[i] = card_mask[c0] | card_mask[c1]
                    if combo_of_pair is not None:
                        hole_pair[i] = combo_of_pair[min(c0, c1) * np.uint64(52) + max(c0, c1)]
                if not ok:
                    continue
                # random players' hands, then the board; a card a range combo holds is
                # set aside and drawn again, which leaves the rest uniform
                dealt = 0
                h = 0
                while h < to_deal:
                    r, bits, n_bits, state = random_below(n_deck - dealt, bits, n_bits, state)
                    pick = dealt + r
                    c = deck[pick]
                    deck[pick] = deck[dealt]
                    deck[dealt] = c
                    dealt += 1
                    if n_ranged and (used >> np.uint64(c)) & ONE:
                        continue
                    drawn[h] = c
                    h += 1
                key = board_key0
                mask = board_mask0
                for h in range(2 * n_random, to_deal):
                    c = np.uint64(drawn[h])
                    key += card_key[c]
                    mask |= card_mask[c]
                row = batch * n_players
                first = 0
                for i in range(n_players):
                    if starts[i] == starts[i + 1]:
                        c0 = np.uint64(drawn[first])
                        c1 = np.uint64(drawn[first + 1])
                        first += 2
                        keys[row + i] = key + card_key[c0] + card_key[c1]
                        masks[row + i] = mask | card_mask[c0] | card_mask[c1]
                    else:
                        keys[row + i] = key + hole_key[i]
                        masks[row + i] = mask | hole_mask[i]
                if combo_of_pair is not None:  # each player's combo
                    first = 0
                    for i in range(n_players):
                        if starts[i] == starts[i + 1]:
                            c0 = np.uint64(min(drawn[first], drawn[first + 1]))
                            c1 = np.uint64(max(drawn[first], drawn[first + 1]))
                            first += 2
                            pairs[row + i] = combo_of_pair[c0 * np.uint64(52) + c1]
                        else:
                            pairs[row + i] = hole_pair[i]
                batch += 1
            for x in range(batch * n_players):
                strengths[x] = strength_of_key(keys[x], masks[x], rank, offsets, flush)
            if combo_of_pair is not None:
                _add_by_combo(strengths, pairs, batch, n_players, n_combos, by_combo)
            if n_joint:
                for t in range(batch):
                    row = t * n_players
                    best = 0
                    for i in range(n_players):
                        best = max(best, strengths[row + i])
                    code = 0
                    winners = np.int64(0)
                    for i in range(n_players):
                        s = strengths[row + i]
                        code = code * 9 + category[s]
                        winners |= np.int64(s == best) << i
                    joint[(code << n_players) | winners] += 1
            else:
                for t in range(batch):
                    best, n_best = _showdown(strengths, t * n_players, n_players, 1, category, counts, shares)
                    if n_best > 1:  # a win adds 1 to the squares, a k-way split 1/k^2; wins: see below
                        for i in range(n_players):
                            if strengths[t * n_players + i] == best:
                                squares[i] += 1.0 / (n_best * n_best)
            done += batch
        all_attempts[chunk, 0] = attempts
        for i in range(n_players if not n_joint else 0):  # a win's square is 1: add them at the end
            wins = 0
            for cell in range(81):
                wins += counts[i * 243 + cell * 3]
            squares[i] += wins
    counts = all_counts[:, :n_players * 243].sum(axis=0)
    shares = all_shares[:, :n_players].sum(axis=0)
    squares = all_squares[:, :n_players].sum(axis=0)
    if n_joint:
        add_joint(all_joint[:, :n_joint].sum(axis=0), n_players, counts, shares, squares, category_order)
    by_combo = all_by_combo[:, :n_players * n_combos * 4].sum(axis=0).reshape((n_players, n_combos, 4))
    return counts.reshape((n_players, 9, 9, 3)), shares, squares, all_attempts[:, 0].sum(), by_combo
