"""What a terminal node is worth to each hand: the fold, and the showdown in one sweep.

Against the opponent's reach ``r`` (each opponent combo's probability of being there, as
the opponent's weights times its strategy), a hand ``h`` of the player wins at a fold

    sum of r over the opponent's combos that share no card with h

which is the whole sum, less the reach through each of h's two cards (a 52-entry sum per
card), plus the reach of the combo made of h's very cards (taken away twice). At a showdown
the hands of both players are sorted by strength once per river board, and each hand's
place among the opponent's noted with it; one pass up the opponent's hands keeps the
running sums of the reach, in all and through each card, and each hand reads the reach
below it and above it from them: linear in the hands, where comparing every pair would be
quadratic. Ties win nothing and lose nothing, but pay their half of the rake.

>>> import numpy as np
>>> from pokerlab.games import HOLDEM
>>> from pokerlab.cards.notation import parse_cards
>>> board = tuple(parse_cards("2c 2d 2h 3c 3d"))
>>> combos = [np.array([parse_cards("Ac Ad"), parse_cards("Qc Qd")], dtype=np.uint8),
...           np.array([parse_cards("Kc Kd")], dtype=np.uint8)]
>>> board_id, order, count, ranks, card_last = river_tables(HOLDEM, board, {}, combos)
>>> own = np.array([[*cards, 0, -1] for cards in combos[0].tolist()])   # cards, bits, same cards' row
>>> out = np.zeros(2, dtype=np.float32)
>>> showdown_values(out, np.ones(1, dtype=np.float32), order[0, 2:], int(count[0, 1]), card_last[0, 1],
...                 ranks[0, :2], own, 1.0, -1.0, 0.0, np.zeros(2), np.zeros(3), np.zeros(53))
>>> out.tolist()                       # aces beat the kings, queens lose to them
[1.0, -1.0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from numba import njit

from pokerlab.games import Game
from pokerlab.rankings.lookup import KEY_START, ONE, strength_of_key

__all__ = ["card_sums", "fold_values", "river_tables", "showdown_values"]

Deals = Mapping[int, Sequence[tuple[int, Sequence[tuple[int, int]]]]]

BLOCKED = 1 << 20
"""The strength given to a hand the board blocks: above any hand's, so it sorts last."""

# The fields of order's and ranks' words (a player holds at most 1,326 combos: a count fits
# in 11 bits, a running sum's number in 12), as unsigned constants: a signed one would have
# Numba work the word out in float64.
_FIELD = np.uint64(65535)
_S16, _S32 = np.uint64(16), np.uint64(32)
_COUNT, _SUM, _CARD = np.uint32(2047), np.uint32(4095), np.uint32(63)
_S11, _S12, _S23, _S29 = np.uint32(11), np.uint32(12), np.uint32(23), np.uint32(29)


def river_tables(game: Game, board: tuple[int, ...], deals: Deals,
                 combos: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every river board the solver reaches (the board itself, or it with a dealt card or
    two from ``deals``, situation 0 first and ``1 + card`` after it), and for each board the
    hands of both players not blocked by it in order of strength under the game's ranking.

    Returns ``board_id`` (53, 53) (the board of dealt cards ``c1, c2`` at ``[c1 + 1, c2 + 1]``,
    0 for a card not dealt), ``order`` (boards, hands of both) uint64, ``count`` (boards, 2)
    int64, ``ranks`` (boards, hands of both, 3) uint32 and ``card_last`` (boards, 2, 52)
    uint16, both players' hands side by side, out of position's first. Player ``p``'s part of
    ``order[b]`` lists, in its first ``count[b, p]`` places, its hands the board leaves,
    weakest first, the ``k``-th entry the combo's row (bits 0 to 15) and, for each of its two
    cards, the running sum it adds to (``1 + 2 k`` for its first card, ``2 + 2 k`` for its
    second, as :func:`showdown_values` numbers its sums): that of the last weaker hand that
    holds the card, 0 for none (bits 16 and 32). ``card_last[b, p]`` is the last such sum of
    each card. Player ``p``'s part of ``ranks[b]`` places each of its combos among the
    opponent's list in three words: how many of them are weaker (bits 0 to 10 of the first
    word), how many are not stronger (of the second), for each count and each of the hand's
    two cards the running sum of the last of those opponent hands that holds the card (the
    first card's at bit 11 of the first and second words, the second card's in the third word,
    bits 0 and 12), the hand's two cards (bit 23 of the first and second words) and whether
    the board blocks it (bit 29 of the second). A showdown reads all of a hand's in three
    loads.
    """
    board_id = np.zeros((53, 53), dtype=np.int64)
    keys: dict[tuple[int, ...], int] = {}
    rivers: list[tuple[int, ...]] = []

    def add(dealt: tuple[int, ...]) -> None:
        key = tuple(sorted(dealt))
        if key not in keys:
            keys[key] = len(rivers)
            rivers.append(board + key)
        first, second = (dealt + (-1, -1))[:2]
        board_id[first + 1, second + 1] = keys[key]

    if len(board) == 5:
        add(())
    for first, _ in deals.get(0, ()):
        if len(board) == 4:
            add((first,))
        for second, _ in deals.get(1 + first, ()):
            add((first, second))
    boards = np.array(rivers, dtype=np.uint8)
    both = np.concatenate(combos)
    order = np.zeros((len(boards), len(both)), dtype=np.uint64)
    count = np.zeros((len(boards), 2), dtype=np.int64)
    ranks = np.zeros((len(boards), len(both), 3), dtype=np.uint32)
    card_last = np.zeros((len(boards), 2, 52), dtype=np.uint16)
    t = game.ranking_tables.tables
    _ranks(boards, both, t.card_key, t.card_mask, t.rank, t.offsets, t.flush, len(combos[0]), order, count, ranks,
           card_last)
    return board_id, order, count, ranks, card_last


@njit(cache=True, nogil=True)
def _ranks(boards: np.ndarray, both: np.ndarray, card_key: np.ndarray, card_mask: np.ndarray, rank: np.ndarray,
           offsets: np.ndarray, flush: np.ndarray, split: int, order: np.ndarray, count: np.ndarray,
           ranks: np.ndarray, card_last: np.ndarray) -> None:
    """Fill ``order``, ``count``, ``ranks`` and ``card_last`` (see :func:`river_tables`) for
    each of ``boards`` from both players' hands ``both`` (player 1's from ``split``): each
    hand's strength under the ranking's tables (a blocked hand's ``BLOCKED``, above any
    other), each player's hands sorted, weakest first, then each list merged with the
    opponent's, once for the weaker hands and once for those not stronger."""
    n = both.shape[0]
    raw = np.zeros(n, dtype=np.int64)  # one board's strengths, in the order of both
    keys = np.zeros(n, dtype=np.int64)  # a player's strengths, each with its place below them
    strength = np.zeros(n, dtype=np.int64)  # and in the order of order's
    held = np.zeros((n, 2), dtype=np.int64)  # the cards, in the order of order's
    last = np.zeros(52, dtype=np.int64)
    for b in range(boards.shape[0]):
        key = KEY_START
        mask = np.uint64(0)
        dealt = np.uint64(0)
        for j in range(boards.shape[1]):
            c = boards[b, j]
            key += card_key[c]
            mask |= card_mask[c]
            dealt |= ONE << np.uint64(c)
        for i in range(n):
            c0, c1 = both[i, 0], both[i, 1]
            if (dealt >> np.uint64(c0) | dealt >> np.uint64(c1)) & ONE:
                raw[i] = BLOCKED
            else:
                raw[i] = strength_of_key(key + card_key[c0] + card_key[c1], mask | card_mask[c0] | card_mask[c1],
                                         rank, offsets, flush)
        for p in range(2):
            start, end = (0, split) if p == 0 else (split, n)
            # a strength and its place in one word: sorted, ties keep the range's order
            sort = keys[:end - start]
            for m in range(end - start):
                sort[m] = raw[start + m] << 16 | m
            sort.sort()
            last[:] = 0
            for m in range(end - start):
                weakest = sort[m] & 65535
                i = start + weakest
                c0, c1 = both[i, 0], both[i, 1]
                held[start + m, 0] = c0
                held[start + m, 1] = c1
                ranks[b, i, 0] = np.uint32(c0) << np.uint32(23)
                ranks[b, i, 1] = np.uint32(c1) << np.uint32(23) | np.uint32(raw[i] >= BLOCKED) << np.uint32(29)
                strength[start + m] = raw[i]
                order[b, start + m] = np.uint64(weakest) | np.uint64(last[c0]) << np.uint64(16) | \
                    np.uint64(last[c1]) << np.uint64(32)
                if raw[i] < BLOCKED:  # the blocked hands come last, and no sum counts them
                    count[b, p] += 1
                    last[c0] = 1 + 2 * m
                    last[c1] = 2 + 2 * m
            for c in range(52):
                card_last[b, p, c] = last[c]
        for p in range(2):
            mine, theirs = (0, split) if p == 0 else (split, 0)
            for tied in range(2):
                last[:] = 0
                k = 0
                for m in range(count[b, p]):
                    s = strength[mine + m]
                    while k < count[b, 1 - p]:
                        other = strength[theirs + k]
                        if other > s or other == s and tied == 0:
                            break
                        last[held[theirs + k, 0]] = 1 + 2 * k
                        last[held[theirs + k, 1]] = 2 + 2 * k
                        k += 1
                    i = mine + (order[b, mine + m] & np.uint64(65535))
                    ranks[b, i, tied] |= np.uint32(k) | np.uint32(last[held[mine + m, 0]]) << np.uint32(11)
                    ranks[b, i, 2] |= np.uint32(last[held[mine + m, 1]]) << np.uint32(12 * tied)


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def card_sums(reach: np.ndarray, opp: np.ndarray, opp_n: int, acc: np.ndarray) -> None:
    """Numba: the opponent's reach through each card into ``acc[:52]``, and in all into
    ``acc[52]``, as :func:`fold_values` reads them (``opp``: the opponent's rows of
    :attr:`~pokerlab.solver.arena.Tables.hands`).

    A range's combos come in order of their higher card, so the reach through that card is
    summed in a register over each run of combos that share it, and only the lower card's
    sum is read and written in memory at each step: twice as fast as both (any order gives
    the same sums)."""
    for c in range(52):
        acc[c] = 0.0
    total = 0.0
    high = opp[0, 1]
    run = 0.0
    for j in range(opp_n):
        r = np.float64(reach[j])
        if opp[j, 1] != high:
            acc[high] += run
            total += run
            run = 0.0
            high = opp[j, 1]
        run += r
        acc[opp[j, 0]] += r
    acc[high] += run
    acc[52] = total + run


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def fold_values(out: np.ndarray, reach: np.ndarray, own: np.ndarray, own_n: int, blocked: int, payoff: float,
                acc: np.ndarray) -> None:
    """Numba: each own hand's value at a fold, ``payoff`` times the opponent's reach that
    shares no card with it, into ``out`` (0 for a hand that holds a card of ``blocked``),
    from the opponent's sums in ``acc`` (:func:`card_sums`, or a showdown's on the same
    reach). ``own`` is the player's rows of :attr:`~pokerlab.solver.arena.Tables.hands`."""
    total = acc[52]
    for i in range(own_n):
        if total == 0.0 or own[i, 2] & blocked:
            out[i] = 0.0
            continue
        s = own[i, 3]
        back = reach[s] if s >= 0 else 0.0
        out[i] = payoff * (total - acc[own[i, 0]] - acc[own[i, 1]] + back)


@njit(cache=True, nogil=True, error_model="numpy", _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def showdown_values(out: np.ndarray, reach: np.ndarray, theirs: np.ndarray, their_count: int, their_last: np.ndarray,
                    ranks: np.ndarray, own: np.ndarray, win: float, lose: float, tie: float, prefix: np.ndarray,
                    snaps: np.ndarray, acc: np.ndarray) -> None:
    """Numba: each hand's value at a showdown on one river board, into ``out``.

    ``theirs`` lists the opponent's hands that the board leaves, weakest first,
    ``their_last`` names each card's last running sum in that list, and ``ranks`` (hands, 2)
    places each of the player's hands among them (the players' parts of one board's tables
    from :func:`river_tables`). A hand gets ``win`` times the opponent's reach below it,
    ``lose`` times the reach above it and ``tie`` times the reach level with it, all of it
    sharing no card with the hand; a hand that the board blocks gets 0. ``own`` is the
    player's rows of :attr:`~pokerlab.solver.arena.Tables.hands` (read for ties alone).
    ``prefix`` (hands + 1), ``snaps`` (2 hands + 1) and ``acc`` (53) are float64 scratch;
    ``acc`` is left with the opponent's sums as :func:`card_sums` gives them.

    One pass up the opponent's list keeps the running sum of the reach (``prefix``) and, for
    each card, of the reach through it (``snaps``, one entry per hand and card, each the
    entry that its list names plus the hand's reach: no 52-entry array is read and written at
    each step, which made the pass half as fast again); each of the player's hands then reads
    its values where ``ranks`` says, with no comparison (indices unsigned: no check for a
    negative one).
    """
    prefix[0] = 0.0
    snaps[0] = 0.0
    total = 0.0
    for k in range(their_count):
        e = theirs[k]
        r = np.float64(reach[e & _FIELD])
        total += r
        prefix[k + 1] = total
        snaps[2 * k + 1] = snaps[e >> _S16 & _FIELD] + r
        snaps[2 * k + 2] = snaps[e >> _S32] + r
    # acc[:53] as card_sums would leave it: a fold on the same reach reads it
    for c in range(52):
        acc[c] = snaps[their_last[c]]
    acc[52] = total
    n = out.shape[0]
    if total == 0.0:  # no reach: common once a line is never played
        for i in range(n):
            out[i] = 0.0
        return
    for i in range(n):
        x, y, z = ranks[i, 0], ranks[i, 1], ranks[i, 2]
        below = prefix[x & _COUNT] - snaps[x >> _S11 & _SUM] - snaps[z & _SUM]
        level = prefix[y & _COUNT] - snaps[y >> _S11 & _SUM] - snaps[z >> _S12]  # not above
        above = total - acc[x >> _S23] - acc[y >> _S23 & _CARD] - level
        out[i] = 0.0 if y >> _S29 else win * below + lose * above
    if tie != 0.0:
        for i in range(n):
            x, y, z = ranks[i, 0], ranks[i, 1], ranks[i, 2]
            below = prefix[x & _COUNT] - snaps[x >> _S11 & _SUM] - snaps[z & _SUM]
            level = prefix[y & _COUNT] - snaps[y >> _S11 & _SUM] - snaps[z >> _S12]
            s = own[i, 3]
            back = reach[s] if s >= 0 else 0.0
            out[i] += 0.0 if y >> _S29 else tie * (level - below + back)
