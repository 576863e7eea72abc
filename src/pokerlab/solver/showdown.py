"""What a terminal node is worth to each hand: the fold, and the showdown in one sweep.

Against the opponent's reach ``r`` (each opponent combo's probability of being there, as
the opponent's weights times its strategy), a hand ``h`` of the player wins at a fold

    sum of r over the opponent's combos that share no card with h

which is the whole sum, less the reach through each of h's two cards (a 52-entry sum per
card), plus the reach of the combo made of h's very cards (taken away twice). At a showdown
the hands of both players are sorted by strength once per river board, and one pass from
the weakest up adds the opponent's reach below each hand (and its per-card sums), another
from the strongest down the reach above it: linear in the hands, where comparing every pair
would be quadratic. Ties win nothing and lose nothing, but pay their half of the rake.

>>> import numpy as np
>>> from pokerlab.games import HOLDEM
>>> from pokerlab.cards import parse_cards
>>> board = tuple(parse_cards("2c 2d 2h 3c 3d"))
>>> combos = [np.array([parse_cards("Ac Ad"), parse_cards("Qc Qd")], dtype=np.uint8),
...           np.array([parse_cards("Kc Kd")], dtype=np.uint8)]
>>> board_id, ordered, count = river_tables(HOLDEM, board, {}, combos)
>>> hands = [np.array([[*c, 0, -1] for c in combos[p].tolist()]) for p in (0, 1)]
>>> out = np.zeros(2, dtype=np.float32)
>>> showdown_values(out, np.ones(1, dtype=np.float32), ordered[0, 0], int(count[0, 0]), ordered[0, 1],
...                 int(count[0, 1]), hands[0], hands[1], 1.0, -1.0, 0.0, np.zeros((3, 52)))
>>> out.tolist()                       # aces beat the kings, queens lose to them
[1.0, -1.0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from numba import njit

from pokerlab.games import Game

__all__ = ["fold_values", "river_tables", "showdown_values"]

Deals = Mapping[int, Sequence[tuple[int, Sequence[tuple[int, int]]]]]


def river_tables(game: Game, board: tuple[int, ...], deals: Deals,
                 combos: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every river board the solver reaches (the board itself, or it with a dealt card or
    two from ``deals``, situation 0 first and ``1 + card`` after it), and for each board and
    player the combos not blocked by it in order of strength under the game's ranking.

    Returns ``board_id`` (53, 53) (the board of dealt cards ``c1, c2`` at ``[c1 + 1, c2 + 1]``,
    0 for a card not dealt), ``ordered`` (boards, 2, 2, n) uint16 (each player's combos, weakest
    first, and their strengths) and ``count`` (boards, 2) int64, the combos of each board in
    their first ``count`` places.
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
    width = max(len(c) for c in combos)
    n_boards = len(rivers)
    ordered = np.zeros((n_boards, 2, 2, width), dtype=np.uint16)
    count = np.zeros((n_boards, 2), dtype=np.int64)
    boards = np.array(rivers, dtype=np.uint8)
    bits = (np.int64(1) << boards.astype(np.int64)).sum(axis=1)
    for p, cards in enumerate(combos):
        n = len(cards)
        hand_bits = (np.int64(1) << cards[:, 0].astype(np.int64)) | (np.int64(1) << cards[:, 1].astype(np.int64))
        blocked = (bits[:, None] & hand_bits[None, :]) != 0
        values = np.full((n_boards, n), np.iinfo(np.uint16).max, dtype=np.int64)
        rows, columns = np.nonzero(~blocked)
        if len(rows):
            values[rows, columns] = game.evaluate_many(cards[columns], boards[rows])
        ranked = np.argsort(values, axis=1, kind="stable")
        ordered[:, p, 0, :n] = ranked
        ordered[:, p, 1, :n] = np.take_along_axis(values, ranked, axis=1)
        count[:, p] = n - blocked.sum(axis=1)
    return board_id, ordered, count


@njit(cache=True, nogil=True)
def fold_values(out: np.ndarray, reach: np.ndarray, own: np.ndarray, own_n: int, opp: np.ndarray, opp_n: int,
                blocked: int, payoff: float, acc: np.ndarray) -> None:
    """Numba: each own hand's value at a fold, ``payoff`` times the opponent's reach that
    shares no card with it, into ``out`` (0 for a hand that holds a card of ``blocked``).
    ``own`` and ``opp`` are the players' rows of :attr:`~pokerlab.solver.arena.Tables.hands`."""
    total = 0.0
    for c in range(52):
        acc[c] = 0.0
    for j in range(opp_n):
        r = reach[j]
        if r != 0.0:
            total += r
            acc[opp[j, 0]] += r
            acc[opp[j, 1]] += r
    for i in range(own_n):
        if own[i, 2] & blocked:
            out[i] = 0.0
            continue
        s = own[i, 3]
        back = reach[s] if s >= 0 else 0.0
        out[i] = payoff * (total - acc[own[i, 0]] - acc[own[i, 1]] + back)


@njit(cache=True, nogil=True)
def showdown_values(out: np.ndarray, reach: np.ndarray, own_sorted: np.ndarray, own_count: int,
                    opp_sorted: np.ndarray, opp_count: int, own: np.ndarray, opp: np.ndarray, win: float,
                    lose: float, tie: float, acc: np.ndarray) -> None:
    """Numba: each own hand's value at a showdown on one river board, into ``out``.

    ``own_sorted``/``opp_sorted`` (2, n) list each player's hands not blocked by the board,
    weakest first, and their strengths; a hand gets ``win`` times the opponent's reach below
    it, ``lose`` times the reach above it and ``tie`` times the reach level with it, all of it
    sharing no card with the hand. A hand not listed gets 0. ``own``/``opp`` are the players'
    rows of :attr:`~pokerlab.solver.arena.Tables.hands`; ``acc`` is (3, 52) float64 scratch.
    """
    own_order, own_strength = own_sorted[0], own_sorted[1]
    opp_order, opp_strength = opp_sorted[0], opp_sorted[1]
    # a hand's value: win * below + lose * above + tie * (all - below - above), with "all" the
    # compatible reach, which only the rake's share of a tie needs
    for i in range(out.shape[0]):
        out[i] = 0.0
    if tie != 0.0:
        every = acc[2]
        for c in range(52):
            every[c] = 0.0
        total = 0.0
        for k in range(opp_count):
            o = opp_order[k]
            total += reach[o]
            every[opp[o, 0]] += reach[o]
            every[opp[o, 1]] += reach[o]
        for k in range(own_count):
            i = own_order[k]
            s = own[i, 3]
            back = reach[s] if s >= 0 else 0.0
            out[i] = tie * (total - every[own[i, 0]] - every[own[i, 1]] + back)
    gain = win - tie
    below = acc[0]
    for c in range(52):
        below[c] = 0.0
    total = 0.0
    j = 0
    for k in range(own_count):
        i = own_order[k]
        while j < opp_count and opp_strength[j] < own_strength[k]:
            o = opp_order[j]
            r = reach[o]
            total += r
            below[opp[o, 0]] += r
            below[opp[o, 1]] += r
            j += 1
        out[i] += gain * (total - below[own[i, 0]] - below[own[i, 1]])
    loss = lose - tie
    above = acc[1]
    for c in range(52):
        above[c] = 0.0
    total = 0.0
    j = opp_count - 1
    for k in range(own_count - 1, -1, -1):
        i = own_order[k]
        while j >= 0 and opp_strength[j] > own_strength[k]:
            o = opp_order[j]
            r = reach[o]
            total += r
            above[opp[o, 0]] += r
            above[opp[o, 1]] += r
            j -= 1
        out[i] += loss * (total - above[own[i, 0]] - above[own[i, 1]])
