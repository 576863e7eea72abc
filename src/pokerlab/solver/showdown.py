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
>>> board_id, sweeps, count = river_tables(HOLDEM, board, {}, combos)
>>> hands = [np.array([[*c, 0, -1] for c in combos[p].tolist()]) for p in (0, 1)]
>>> out = np.zeros(2, dtype=np.float32)
>>> showdown_values(out, np.ones(1, dtype=np.float32), sweeps[0, 0], sweeps[0, 1], int(count[0]), 0, hands[0],
...                 hands[1], 0, 1.0, -1.0, 0.0, np.zeros((3, 52)), np.zeros(3))
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
    two from ``deals``, situation 0 first and ``1 + card`` after it), and for each board the
    hands of both players not blocked by it in order of strength under the game's ranking.

    Returns ``board_id`` (53, 53) (the board of dealt cards ``c1, c2`` at ``[c1 + 1, c2 + 1]``,
    0 for a card not dealt), ``sweeps`` (boards, 2, hands of both) int32 and ``count``
    (boards,) int64: each board's hands weakest first in their first ``count`` places, out of
    position's first among equals in ``sweeps[:, 0]``, in position's in ``sweeps[:, 1]``; each
    entry the combo's row, its player (bit 11) and its two cards (bits 12 and 18).
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
    bits = (np.int64(1) << boards.astype(np.int64)).sum(axis=1)
    strengths, entries = [], []
    for p, cards in enumerate(combos):
        hand_bits = (np.int64(1) << cards[:, 0].astype(np.int64)) | (np.int64(1) << cards[:, 1].astype(np.int64))
        blocked = (bits[:, None] & hand_bits[None, :]) != 0
        values = np.full((len(boards), len(cards)), 1 << 20, dtype=np.int64)  # a blocked hand sorts last
        rows, columns = np.nonzero(~blocked)
        if len(rows):
            values[rows, columns] = game.evaluate_many(cards[columns], boards[rows])
        strengths.append(values)
        codes = (np.arange(len(cards)) | p << 11 | cards[:, 0].astype(np.int64) << 12
                 | cards[:, 1].astype(np.int64) << 18)
        entries.append(np.broadcast_to(codes, values.shape))
    strength = np.concatenate(strengths, axis=1)
    code = np.concatenate(entries, axis=1)
    player = np.concatenate([np.zeros(len(c), dtype=np.int64) + p for p, c in enumerate(combos)])
    sweeps = np.zeros((len(boards), 2, strength.shape[1]), dtype=np.int32)
    for first in (0, 1):
        order = np.argsort(2 * strength + (player != first), axis=1, kind="stable")
        sweeps[:, first] = np.take_along_axis(code, order, axis=1)
    count = (strength < 1 << 20).sum(axis=1).astype(np.int64)
    return board_id, sweeps, count


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
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


@njit(cache=True, nogil=True, error_model="numpy", _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def showdown_values(out: np.ndarray, reach: np.ndarray, up: np.ndarray, down: np.ndarray, count: int, p: int,
                    own: np.ndarray, opp: np.ndarray, blocked: int, win: float, lose: float, tie: float,
                    acc: np.ndarray, line: np.ndarray) -> None:
    """Numba: each hand's value to player ``p`` at a showdown on one river board, into ``out``.

    ``up`` lists the board's hands of both players weakest first, ``p``'s first among equals,
    ``down`` the same with the opponent's first, read from the strongest down (both rows of
    the board's ``sweeps`` from :func:`river_tables`, ``count`` long). A hand gets ``win``
    times the opponent's reach below it, ``lose`` times the reach above it and ``tie`` times
    the reach level with it, all of it sharing no card with the hand; a hand that holds a
    card of ``blocked`` gets 0. ``own``/``opp`` are the players' rows of
    :attr:`~pokerlab.solver.arena.Tables.hands`; ``acc`` (3, 52) and ``line`` (hands + 1)
    float64 scratch.

    Both passes run over both players' hands without a branch: the opponent's hands add their
    reach, the player's add nothing and take their value, and what an opponent's hand would
    take goes to a spare slot.
    """
    n = out.shape[0]
    wo = len(reach)
    # a hand's value: win * below + lose * above + tie * (all - below - above), with "all" the
    # compatible reach, which only the rake's share of a tie needs
    for i in range(n + 1):
        line[i] = 0.0
    if tie != 0.0:
        every = acc[2]
        for c in range(52):
            every[c] = 0.0
        total = 0.0
        for j in range(wo):
            total += reach[j]
            every[opp[j, 0]] += reach[j]
            every[opp[j, 1]] += reach[j]
        for i in range(n):
            s = own[i, 3]
            back = reach[s] if s >= 0 else 0.0
            line[i] = 0.0 if own[i, 2] & blocked else tie * (total - every[own[i, 0]] - every[own[i, 1]] + back)
    gain = win - tie
    below = acc[0]
    for c in range(52):
        below[c] = 0.0
    total = 0.0
    for k in range(count):
        e = up[k]
        i = e & 2047
        mine = (e >> 11 & 1) == p
        c1 = e >> 12 & 63
        c2 = e >> 18
        r = 0.0 if mine else reach[min(i, wo - 1)]
        total += r
        below[c1] += r
        below[c2] += r
        line[i if mine else n] += gain * (total - below[c1] - below[c2])
    loss = lose - tie
    above = acc[1]
    for c in range(52):
        above[c] = 0.0
    total = 0.0
    for k in range(count - 1, -1, -1):
        e = down[k]
        i = e & 2047
        mine = (e >> 11 & 1) == p
        c1 = e >> 12 & 63
        c2 = e >> 18
        r = 0.0 if mine else reach[min(i, wo - 1)]
        total += r
        above[c1] += r
        above[c2] += r
        line[i if mine else n] += loss * (total - above[c1] - above[c2])
    for i in range(n):
        out[i] = line[i]
