"""Hold'em's equity kernels, for one high pot in any ranking and deck: exact showdown counts by
enumeration and by Monte Carlo, counted as every engine counts them (the pot counters of
:mod:`pokerlab.equity.pots`, ``acc``: each showdown weighted by how many boards, or the
product of range weights, it stands for).

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

from pokerlab.cards.dealing import MAX_REJECTIONS, deal_rest, draw_combo, fill_deck, seed_state
from pokerlab.equity.pots import CELLS, POT_UNITS, add_joint, heads_up, score_high, summary, tally, tally_sizes
from pokerlab.rankings.lookup import KEY_START, ONE, strength_of_key, strength_of_rank_key


@njit(cache=True, nogil=True, inline="always")
def _turn_and_river(n_players: int, hole_key: np.ndarray, hole_mask: np.ndarray, board_key: np.uint64,
                    board_mask: np.uint64, deck: np.ndarray, n: int, n_deal: int, weight: float, card_key: np.ndarray,
                    card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                    category: np.ndarray, strengths: np.ndarray, acc: np.ndarray) -> None:
    """Count the showdowns of every 0..2-card completion of the board from ``deck[:n]`` into
    ``acc`` (the per-player arrays may be padded rows: only the first ``n_players`` count)."""
    if n_deal == 0:
        for i in range(n_players):
            strengths[i] = strength_of_key(board_key + hole_key[i], board_mask | hole_mask[i],
                                           rank, offsets, flush)
        score_high(n_players, strengths, 0, weight, category, acc, False)
        return
    two = n_players == 2
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
            if two:
                heads_up(strength_of_key(key + hole_key[0], mask | hole_mask[0], rank, offsets, flush),
                         strength_of_key(key + hole_key[1], mask | hole_mask[1], rank, offsets, flush),
                         weight, category, acc, False)
                continue
            for i in range(n_players):
                strengths[i] = strength_of_key(key + hole_key[i], mask | hole_mask[i], rank, offsets, flush)
            score_high(n_players, strengths, 0, weight, category, acc, False)


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]  # numba's stubs omit _nrt
def enumerate_boards(hole_key: np.ndarray, hole_mask: np.ndarray, board_key: np.uint64, board_mask: np.uint64,
                     deck: np.ndarray, n_deal: int, card_key: np.ndarray, card_mask: np.ndarray, rank: np.ndarray,
                     offsets: np.ndarray, flush: np.ndarray, category: np.ndarray, acc: np.ndarray,
                     strengths: np.ndarray) -> None:
    """Deal every ``n_deal``-card (0..2) completion of the board from ``deck`` (sorted ids,
    uint8) and count each showdown once, into ``acc`` (the pot counters); ``strengths`` is
    scratch, one per player.

    Compiled without Numba's reference counting (``_nrt=False``): it allocates nothing, and
    the atomic increments and decrements that every inlined table lookup otherwise pays made
    this loop four times slower.
    """
    _turn_and_river(hole_key.shape[0], hole_key, hole_mask, board_key, board_mask, deck, deck.shape[0],
                    n_deal, 1, card_key, card_mask, rank, offsets, flush, category, strengths, acc)


@njit(cache=True, nogil=True)
def known_showdowns(holes: np.ndarray, board: np.ndarray, out_mask: int, card_key: np.ndarray,
                    card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                    category: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every completion of the board for known hands (P, 2) uint8, counted into new pot
    counters ``acc``; ``out_mask`` (an int: a NumPy integer made in Python costs a flop call a
    tenth of a microsecond) holds the board and the cards that cannot be dealt. Returns the
    counters and their :func:`~pokerlab.equity.pots.summary` (one call where a flop takes
    microseconds).

    Boards of three or more cards leave at most two cards to deal, all in
    :func:`enumerate_boards`; with fewer, each set of the cards before those two is listed
    here (the slow way preflop, which cross-checks :func:`preflop_exact`).
    """
    n_players = holes.shape[0]
    n_board = board.shape[0]
    acc = np.zeros(n_players * CELLS)
    strengths = np.zeros(n_players, dtype=np.int64)
    hole_key = np.zeros(n_players, dtype=np.uint64)
    hole_mask = np.zeros(n_players, dtype=np.uint64)
    deck = np.zeros(52, dtype=np.uint8)
    out = np.uint64(out_mask)
    for i in range(n_players):
        c0 = np.uint64(holes[i, 0])
        c1 = np.uint64(holes[i, 1])
        hole_key[i] = card_key[c0] + card_key[c1]
        hole_mask[i] = card_mask[c0] | card_mask[c1]
        out |= (ONE << c0) | (ONE << c1)
    board_key = KEY_START
    board_mask = np.uint64(0)
    for j in range(n_board):
        board_key += card_key[np.uint64(board[j])]
        board_mask |= card_mask[np.uint64(board[j])]
        out |= ONE << np.uint64(board[j])
    n = fill_deck(out, deck)
    need = max(0, 3 - n_board)
    chosen = np.arange(need)
    while True:
        key = board_key
        mask = board_mask
        for j in range(need):
            key += card_key[np.uint64(deck[chosen[j]])]
            mask |= card_mask[np.uint64(deck[chosen[j]])]
        rest = deck[chosen[need - 1] + 1:n] if need else deck[:n]
        enumerate_boards(hole_key, hole_mask, key, mask, rest, min(2, 5 - n_board), card_key, card_mask,
                         rank, offsets, flush, category, acc, strengths)
        k = need - 1  # the next set of `need` deck positions, in lexicographic order
        while k >= 0 and chosen[k] == n - need + k:
            k -= 1
        if k < 0:
            break
        chosen[k] += 1
        for j in range(k + 1, need):
            chosen[j] = chosen[j - 1] + 1
    return acc, summary(acc, n_players, False, False)


@njit(cache=True, nogil=True, parallel=True)
def enumerate_boards_many(holes: np.ndarray, weights: np.ndarray, board: np.ndarray, base_mask: np.uint64,
                          card_key: np.ndarray, card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray,
                          flush: np.ndarray, category: np.ndarray) -> np.ndarray:
    """Every turn and river of a board of three to five cards for many deals of hole cards at once.

    ``holes`` is (M, P, 2) uint8, one row per deal, worth ``weights[m]``; ``base_mask`` has
    the board and dead cards. Deals run in parallel blocks with counters of their own (sums
    of whole weights stay exact below 2**53). Returns the summed pot counters ``acc``.
    """
    n_deals, n_players = holes.shape[0], holes.shape[1]
    width = n_players * CELLS
    n_deal = 5 - board.shape[0]
    board_key = KEY_START
    board_mask = np.uint64(0)
    for j in range(board.shape[0]):
        board_key += card_key[np.uint64(board[j])]
        board_mask |= card_mask[np.uint64(board[j])]
    n_blocks = max(1, min(n_deals, 64))
    block_acc = np.zeros((n_blocks, width + 16))
    block_strengths = np.zeros((n_blocks, n_players + 16), dtype=np.int64)
    block_decks = np.zeros((n_blocks, 64), dtype=np.uint8)
    block_keys = np.zeros((n_blocks, n_players + 16), dtype=np.uint64)
    block_masks = np.zeros((n_blocks, n_players + 16), dtype=np.uint64)
    for b in prange(n_blocks):
        acc = block_acc[b]
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
                            card_key, card_mask, rank, offsets, flush, category, strengths, acc)
    summed: np.ndarray = block_acc[:, :width].sum(axis=0)
    return summed


@njit(cache=True, nogil=True)
def preflop_exact(hole_cards: np.ndarray, dead_mask: np.uint64, rank: np.ndarray, offsets: np.ndarray,
                  flush: np.ndarray, category: np.ndarray, acc: np.ndarray, part: int, n_parts: int) -> None:
    """Count every five-card board for known hole cards (P, 2) by rank multisets (see above)
    into the pot counters ``acc``.

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
                  plain, real, flushes, suits, used, off_avail, rank, offsets, flush, category, acc, part, n_parts)


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]  # numba's stubs omit _nrt
def _count_boards(n_players: int, weights: np.ndarray, choose: np.ndarray, avail: np.ndarray, suit_avail: np.ndarray,
                  hole_rank_key: np.ndarray, hole_suit: np.ndarray, hole_suit_count: np.ndarray, plain: np.ndarray,
                  real: np.ndarray, flushes: np.ndarray, suits: np.ndarray, used: np.ndarray,
                  off_avail: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                  category: np.ndarray, acc: np.ndarray, part: int, n_parts: int) -> None:
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
                                heads_up(plain[0], plain[1], boards, category, acc, False)
                            else:
                                score_high(n_players, plain, 0, boards, category, acc, False)
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
                                heads_up(real[0], real[1], mult, category, acc, False)
                            else:
                                score_high(n_players, real, 0, mult, category, acc, False)
                        if boards:
                            if n_players == 2:
                                heads_up(plain[0], plain[1], -boards, category, acc, False)
                            else:
                                score_high(n_players, plain, 0, -boards, category, acc, False)
            # next subset with m bits (Gosper)
            low = f & -f
            ripple = f + low
            f = (((ripple ^ f) >> 2) // low) | ripple


@njit(cache=True, nogil=True, parallel=True)
def preflop_exact_many(holes: np.ndarray, dead_masks: np.ndarray, rank: np.ndarray, offsets: np.ndarray,
                       flush: np.ndarray, category: np.ndarray, n_parts: int) -> np.ndarray:
    """:func:`preflop_exact` for many matchups at once, in parallel: holes (M, P, 2) int64 and
    a dead mask per matchup, each matchup's work dealt out to ``n_parts`` parts (more than one
    keeps every thread busy when there are fewer matchups than threads). Returns each
    matchup's pot counters, (M, P * CELLS)."""
    n, n_players = holes.shape[0], holes.shape[1]
    width = n_players * CELLS
    parts = np.zeros((n, n_parts, width + 16))
    for task in prange(n * n_parts):
        m = task // n_parts
        p = task % n_parts
        preflop_exact(holes[m], dead_masks[m], rank, offsets, flush, category, parts[m, p], p, n_parts)
    summed: np.ndarray = parts[:, :, :width].sum(axis=1)
    return summed


_BATCH = 64
"""Monte Carlo deals this many trials, then evaluates them, then scores them: apart, each loop
runs without waiting on the others' memory lookups (1.3-1.8x over one loop)."""


@njit(cache=True, nogil=True, inline="always")
def _draw_ranges(n_players: int, combos: np.ndarray, starts: np.ndarray, cumulative: np.ndarray, used: np.uint64,
                 state: np.uint64, card_key: np.ndarray, card_mask: np.ndarray, hole_key: np.ndarray,
                 hole_mask: np.ndarray, combo_of_pair: np.ndarray | None,
                 hole_pair: np.ndarray) -> tuple[bool, np.uint64, np.uint64]:
    """One combo by weight for each player with a range (a block of two or more combos), unless
    one clashes with a card already out (``used``), which rejects the deal. Returns whether the
    deal stands, the cards then out and the generator state."""
    for i in range(n_players):
        start = starts[i]
        stop = starts[i + 1]
        if stop - start <= 1:  # known, or random: dealt apart
            continue
        a, state = draw_combo(cumulative, start, stop, state)
        c0 = np.uint64(combos[a, 0])
        c1 = np.uint64(combos[a, 1])
        pair = (ONE << c0) | (ONE << c1)
        if used & pair:
            return False, used, state
        used |= pair
        hole_key[i] = card_key[c0] + card_key[c1]
        hole_mask[i] = card_mask[c0] | card_mask[c1]
        if combo_of_pair is not None:
            hole_pair[i] = combo_of_pair[min(c0, c1) * np.uint64(52) + max(c0, c1)]
    return True, used, state


@njit(cache=True, nogil=True, inline="always")
def _seat(n_players: int, starts: np.ndarray, drawn: np.ndarray, n_random: int, to_deal: int, board_key: np.uint64,
          board_mask: np.uint64, hole_key: np.ndarray, hole_mask: np.ndarray, card_key: np.ndarray,
          card_mask: np.ndarray, row: int, keys: np.ndarray, masks: np.ndarray, combo_of_pair: np.ndarray | None,
          hole_pair: np.ndarray, pairs: np.ndarray) -> None:
    """Each player's seven-card key and mask for one dealt trial, at ``row``: the random players'
    hands are the first cards ``drawn``, the rest of the board the others (and, when counting by
    combo, each player's combo number)."""
    key = board_key
    mask = board_mask
    for h in range(2 * n_random, to_deal):
        c = np.uint64(drawn[h])
        key += card_key[c]
        mask |= card_mask[c]
    first = 0
    for i in range(n_players):
        if starts[i] == starts[i + 1]:
            c0 = np.uint64(drawn[first])
            c1 = np.uint64(drawn[first + 1])
            first += 2
            keys[row + i] = key + card_key[c0] + card_key[c1]
            masks[row + i] = mask | card_mask[c0] | card_mask[c1]
            if combo_of_pair is not None:
                pairs[row + i] = combo_of_pair[min(c0, c1) * np.uint64(52) + max(c0, c1)]
        else:
            keys[row + i] = key + hole_key[i]
            masks[row + i] = mask | hole_mask[i]
            if combo_of_pair is not None:
                pairs[row + i] = hole_pair[i]


@njit(cache=True, nogil=True, inline="always")
def _add_by_combo(strengths: np.ndarray, pairs: np.ndarray, batch: int, n_players: int, n_combos: int,
                  by_combo: np.ndarray) -> None:
    """Count a batch of trials by each player's combo (``pairs``): showdowns, wins, splits
    and split shares (in pot units), flat as ``[(player * n_combos + combo) * 4 + column]``."""
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
                    by_combo[cell + 3] += POT_UNITS // n_best


@njit(cache=True, nogil=True, inline="always")
def _score_batch(n_players: int, strengths: np.ndarray, batch: int, category: np.ndarray, joint: np.ndarray,
                 pots: np.ndarray, acc: np.ndarray) -> None:
    """Score a batch of evaluated trials: into the joint histogram when it is in use (up to
    :data:`~pokerlab.equity.pots.JOINT_PLAYERS` players), else into the counters."""
    for t in range(batch):
        if joint.shape[0]:
            tally(n_players, strengths, t * n_players, 0, 1.0, category, joint, pots)
        else:
            score_high(n_players, strengths, t * n_players, 1.0, category, acc, True)


@njit(cache=True, nogil=True, parallel=True)
def monte_carlo(combos: np.ndarray, starts: np.ndarray, cumulative: np.ndarray, board: np.ndarray,
                base_mask: np.uint64, n_chunks: int, trials_per_chunk: int, seed: int, card_key: np.ndarray,
                card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                category: np.ndarray, category_order: np.ndarray,
                combo_of_pair: np.ndarray | None) -> tuple[np.ndarray, int, np.ndarray]:
    """Sample showdowns: each player's combo by weight, then the rest of the board.

    Player i draws from ``combos[starts[i]:starts[i + 1]]`` (uint8 pairs) with cumulative
    weights ``cumulative`` (the last one of each player's block is its total); an empty block
    means a random hand dealt from the deck, and a block of one is a known hand, set once.
    Deals go as :mod:`pokerlab.cards.dealing` says. Each chunk deals a batch of trials
    (:func:`_draw_ranges`, :func:`~pokerlab.cards.dealing.deal_rest`, :func:`_seat`), looks
    their hands up, then scores them (:func:`_score_batch`). Returns the summed pot counters
    (with squares) and how many deals were tried, accepted or not: the caller refuses ranges
    whose deals are almost all rejected.

    ``combo_of_pair`` (``low * 52 + high`` -> a combo number), when not None, also counts
    each player's showdowns by the combo they held: the last result, ``[player, combo,
    (showdowns, wins, splits, split shares)]``, empty otherwise. Numba compiles the None case
    apart, without that work (in the loops, even untaken, it cost 3% of a trial).
    """
    n_players = starts.shape[0] - 1
    n_board = board.shape[0]
    width = n_players * CELLS
    # Every per-chunk array is a row of one padded block: small arrays allocated inside the
    # parallel loop share cache lines between threads, and writing them per trial made two
    # threads slower than one.
    pad = n_players + 16
    row_width = _BATCH * n_players + 16
    all_acc = np.zeros((n_chunks, width + 16))
    all_hole_keys = np.zeros((n_chunks, pad), dtype=np.uint64)
    all_hole_masks = np.zeros((n_chunks, pad), dtype=np.uint64)
    all_keys = np.zeros((n_chunks, row_width), dtype=np.uint64)
    all_masks = np.zeros((n_chunks, row_width), dtype=np.uint64)
    all_strengths = np.zeros((n_chunks, row_width), dtype=np.int64)
    all_decks = np.zeros((n_chunks, 64), dtype=np.uint8)
    all_drawn = np.zeros((n_chunks, 64), dtype=np.uint8)
    n_joint, n_pots = tally_sizes(n_players)
    all_joint = np.zeros((n_chunks, n_joint + 16))
    all_pots = np.zeros((n_chunks, n_pots + 16))
    all_attempts = np.zeros((n_chunks, 16), dtype=np.int64)
    n_combos = 0
    if combo_of_pair is not None:
        for x in range(combo_of_pair.shape[0]):
            n_combos = max(n_combos, combo_of_pair[x] + 1)
    all_by_combo = np.zeros((n_chunks, n_players * n_combos * 4 + 16), dtype=np.int64)
    all_pairs = np.zeros((n_chunks, row_width if n_combos else 0), dtype=np.int64)
    all_hole_pairs = np.zeros((n_chunks, pad), dtype=np.int64)
    board_key = KEY_START
    board_mask = np.uint64(0)
    for j in range(n_board):
        board_key += card_key[np.uint64(board[j])]
        board_mask |= card_mask[np.uint64(board[j])]
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
    limit = MAX_REJECTIONS * trials_per_chunk
    for chunk in prange(n_chunks):
        state = seed_state(seed, chunk)
        acc = all_acc[chunk]
        hole_key = all_hole_keys[chunk]
        hole_mask = all_hole_masks[chunk]
        keys = all_keys[chunk]
        masks = all_masks[chunk]
        strengths = all_strengths[chunk]
        deck = all_decks[chunk]
        drawn = all_drawn[chunk]
        joint = all_joint[chunk, :n_joint]
        pots = all_pots[chunk, :n_pots]
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
        while done < trials_per_chunk and attempts < limit:
            batch = 0
            wanted = min(_BATCH, trials_per_chunk - done)
            while batch < wanted and attempts < limit:
                attempts += 1
                used = fixed_mask
                if n_ranged:
                    ok, used, state = _draw_ranges(n_players, combos, starts, cumulative, used, state, card_key,
                                                   card_mask, hole_key, hole_mask, combo_of_pair, hole_pair)
                    if not ok:
                        continue
                state = deal_rest(deck, n_deck, to_deal, used, n_ranged > 0, drawn, state)
                _seat(n_players, starts, drawn, n_random, to_deal, board_key, board_mask, hole_key, hole_mask,
                      card_key, card_mask, batch * n_players, keys, masks, combo_of_pair, hole_pair, pairs)
                batch += 1
            for x in range(batch * n_players):
                strengths[x] = strength_of_key(keys[x], masks[x], rank, offsets, flush)
            if combo_of_pair is not None:
                _add_by_combo(strengths, pairs, batch, n_players, n_combos, by_combo)
            _score_batch(n_players, strengths, batch, category, joint, pots, acc)
            done += batch
        all_attempts[chunk, 0] = attempts
    summed: np.ndarray = all_acc[:, :width].sum(axis=0)
    if n_joint:
        add_joint(all_joint[:, :n_joint].sum(axis=0), n_players, summed, True, True, category_order)
    by_combos = all_by_combo[:, :n_players * n_combos * 4].sum(axis=0).reshape((n_players, n_combos, 4))
    return summed, all_attempts[:, 0].sum(), by_combos


@njit(cache=True, nogil=True, parallel=True)
def deal_outcomes(holes: np.ndarray, board: np.ndarray, dead_mask: np.uint64, card_key: np.ndarray,
                  card_mask: np.ndarray, rank: np.ndarray, offsets: np.ndarray, flush: np.ndarray,
                  category: np.ndarray) -> np.ndarray:
    """Each deal's boards won, split and lost and the pot units its splits won (a pot is
    :data:`~pokerlab.equity.pots.POT_UNITS`), per player: (M, P, 4) int64.

    ``holes`` is (M, P, 2) uint8, a deal of hole cards a row, on a board of 3 to 5 cards
    (uint8); ``dead_mask`` has bit ``id`` set for each dead card. Every completion of the board
    is counted once, through :func:`enumerate_boards`; deals run in parallel blocks.
    """
    n_deals, n_players = holes.shape[0], holes.shape[1]
    board_key = KEY_START
    board_mask = np.uint64(0)
    base = dead_mask
    for j in range(board.shape[0]):
        c = np.uint64(board[j])
        board_key += card_key[c]
        board_mask |= card_mask[c]
        base |= ONE << c
    out = np.zeros((n_deals, n_players, 4), dtype=np.int64)
    n_blocks = max(1, min(n_deals, 64))
    cells = n_players * 243
    # each block's scratch is a row of one padded array, apart from the other blocks' cache lines
    block_acc = np.zeros((n_blocks, cells + n_players + 16))
    block_strengths = np.zeros((n_blocks, n_players + 16), dtype=np.int64)
    block_keys = np.zeros((n_blocks, n_players + 16), dtype=np.uint64)
    block_masks = np.zeros((n_blocks, n_players + 16), dtype=np.uint64)
    block_decks = np.zeros((n_blocks, 64), dtype=np.uint8)
    for blk in prange(n_blocks):
        acc = block_acc[blk]
        strengths = block_strengths[blk, :n_players]
        hole_key = block_keys[blk, :n_players]
        hole_mask = block_masks[blk, :n_players]
        deck = block_decks[blk]
        for m in range(blk * n_deals // n_blocks, (blk + 1) * n_deals // n_blocks):
            used = base
            for i in range(n_players):
                c0 = np.uint64(holes[m, i, 0])
                c1 = np.uint64(holes[m, i, 1])
                hole_key[i] = card_key[c0] + card_key[c1]
                hole_mask[i] = card_mask[c0] | card_mask[c1]
                used |= (ONE << c0) | (ONE << c1)
            n = fill_deck(used, deck)
            acc[:] = 0
            enumerate_boards(hole_key, hole_mask, board_key, board_mask, deck[:n], 5 - board.shape[0], card_key,
                             card_mask, rank, offsets, flush, category, acc, strengths)
            for i in range(n_players):
                for cell in range(81):
                    for o in range(3):
                        out[m, i, o] += acc[i * 243 + cell * 3 + o]
                out[m, i, 3] = acc[cells + i]  # the split units (a pot won alone is in the wins)
    return out
