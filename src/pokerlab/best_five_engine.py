"""The best-five engine for hands dealt as rows of two hole cards: a hand is the best five of
all seven cards, ranked by any ranking in any deck it is defined for, and the pot is one high
pot or split with the eight-or-better low (hold'em hi/lo). It implements the engine interface
of :class:`pokerlab.omaha.Engine`, so that one equity driver deals for both.

>>> from pokerlab.kernels.pots import POT_UNITS
>>> board = [4, 9, 30, 39]                                  # 3c 4d 9h Js: every river
>>> acc = Engine().known(np.array([[48, 1], [46, 47]], dtype=np.uint8),   # Ac 2d against Kh Ks
...                      np.array(board, dtype=np.uint8), sum(1 << c for c in board), True)
>>> [round(float(acc[2 * 243 + k]) / POT_UNITS / 44, 4) for k in (0, 1, 2)]  # high: A2, KK; low: A2
[0.1136, 0.7045, 0.1818]
"""

from __future__ import annotations

import importlib
from types import ModuleType

import numpy as np

from pokerlab.game_tables import ranking_in_deck
from pokerlab.omaha import low_bits, tallied
from pokerlab.omaha_tables import best_five_low_table


def _kernels() -> ModuleType:
    """The kernels, imported on first use: they load Numba, which ``import pokerlab`` does not."""
    return importlib.import_module("pokerlab.kernels.best_five")


class Engine:
    """Every completion of the board, or sampled deals, for hands of two hole cards valued as
    the best five of seven, counted into the shared pot counters (:mod:`pokerlab.kernels.pots`)."""

    hole_sizes = (2,)
    exact_preflop_deals = 4096
    """Before the flop, exact enumeration counts boards by their rank multisets (a millisecond or
    so a deal of hole cards, in parallel over deals); the driver enumerates up to this many deals
    and samples past them."""
    preflop_step = 1024
    """Deals a kernel call enumerates before the flop, between two progress reports."""

    def __init__(self, ranking: str = "standard", lowest_rank: int = 0) -> None:
        rules = ranking_in_deck(ranking, lowest_rank)
        t = rules.tables
        self.tables = (t.card_key, t.card_mask, t.rank, t.offsets, t.flush, best_five_low_table(), low_bits(),
                       rules.category_index)
        self.category_order = rules.category_order
        """Each category's place in the ranking, for the histograms' best other category."""

    def known(self, holes: np.ndarray, board: np.ndarray, fixed: int, hilo: bool) -> np.ndarray:
        """The counters of every completion of ``board`` for one deal of known hands (P, 2):
        serially after the flop (no thread to wake for a thousand boards), else in parallel."""
        if len(board) < 3:
            return self.deals(holes[None], np.ones(1), board, fixed, hilo)
        n_players = len(holes)
        return tallied(n_players, self.category_order, lambda joint, tallies, acc: _kernels().known_runouts(
            holes, board, np.uint64(fixed), hilo, *self.tables, np.zeros(64, dtype=np.uint8),
            np.zeros((3, n_players), dtype=np.uint64), np.zeros((2, n_players), dtype=np.int64),
            np.zeros(8, dtype=np.int64), joint, tallies, acc))

    def deals(self, holes: np.ndarray, weights: np.ndarray, board: np.ndarray, fixed: int, hilo: bool) -> np.ndarray:
        """The counters of every completion of ``board`` for deals of hole cards (M, P, 2), deal
        m worth ``weights[m]``; ``fixed`` is the bit set of the board, dead and missing cards."""
        acc: np.ndarray
        if len(board):
            acc = _kernels().runouts_many(holes, weights, board, np.uint64(fixed), hilo, *self.tables,
                                          self.category_order)
        else:
            acc = _kernels().preflop_many(holes, weights, np.uint64(fixed), hilo, *self.tables)
        return acc

    def sample(self, combos: np.ndarray, starts: np.ndarray, cumulative: np.ndarray, board: np.ndarray, fixed: int,
               chunks: int, per_chunk: int, seed: int, hilo: bool) -> tuple[np.ndarray, int]:
        """Sampled counters (with squares) of ``chunks`` times ``per_chunk`` showdowns, and the
        deals tried (see :func:`pokerlab.kernels.best_five.monte_carlo`)."""
        acc, attempts = _kernels().monte_carlo(combos, starts, cumulative, board, np.uint64(fixed), chunks, per_chunk,
                                               seed, hilo, *self.tables)
        return acc, int(attempts)
