"""The Omaha engine for hands of exactly two of four to six hole cards and three board cards
(:mod:`pokerlab.hand_rules.omaha`), in any ranking and deck, for one high pot or split with
the eight-or-better low. It implements the engine interface of
:class:`pokerlab.equity.driver.Engine` over the kernels of
:mod:`pokerlab.equity.engines.omaha_kernels`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

import numpy as np

from pokerlab.hand_rules.omaha import kernel_tables
from pokerlab.hand_rules.omaha_tables import board_multisets, card_keys, card_words, pair_numbers, pair_table
from pokerlab.numba_runtime import interruptible, parts_per_item
from pokerlab.rankings.ranking import ranking_in_deck

Prepared = tuple[int, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]
"""The combos as :meth:`Engine.sample` reads them: the hole cards a hand holds, and each combo's
high table columns, suit-rank bits, low set and card mask."""


def _kernels() -> ModuleType:
    """The equity kernels, imported on first use: they load Numba, which ``import pokerlab`` does not."""
    return importlib.import_module("pokerlab.equity.engines.omaha_kernels")


class Engine:
    """The Omaha engine: hands of exactly two of four to six hole cards and three board cards,
    in a ranking and the deck from ``lowest_rank`` (a game's), for one high pot or (``hilo``)
    split with the eight-or-better low. It gives the equity driver the interface of
    :class:`pokerlab.equity.driver.Engine`: ``known`` (every completion of a board for known
    hands), ``deals`` (the same for many deals of hole cards) and ``sample`` (Monte Carlo),
    each returning the shared pot counters of :mod:`pokerlab.equity.pots`.

    >>> cards = [8, 13, 30]
    >>> board = np.array(cards, dtype=np.uint8)
    >>> board.setflags(write=False)                            # read only, as the driver passes a board
    >>> acc, _ = Engine("standard", 0, False).known(np.array([[51, 50, 0, 4], [47, 46, 43, 42]], dtype=np.uint8),
    ...                                             board, sum(1 << c for c in cards))
    >>> int(acc[:243].sum())  # every turn and river: C(41, 2)
    820
    """

    showdown_cost = 4.0
    """A showdown's cost in hold'em's (a hand is the best of up to three table lookups, the
    table too large to stay in cache)."""
    preflop_cost = 80.0
    """A deal's exact count before the flop in hold'em's: one to three milliseconds a deal
    heads-up (by rank multisets), where hold'em's matchups share their counts."""
    by_combo = False

    def __init__(self, ranking: str, lowest_rank: int, hilo: bool) -> None:
        high, terms, flush, low, low_bit = kernel_tables(ranking, lowest_rank)
        rules = ranking_in_deck(ranking, lowest_rank)
        self.hilo = hilo
        self.tables = (high, terms, flush, low, low_bit, card_keys(), board_multisets(),
                       rules.category_index.astype(np.uint8))
        self.category_order = rules.category_order
        """Each category's place in the ranking, for the histograms' best other category."""
        self.sampling = (card_words(ranking, lowest_rank), pair_table(ranking), pair_numbers())
        """What Monte Carlo reads besides: each card's key and suit-rank bit, to sum a hand's in
        one add a card, and the pair table with the number of each rank pair, for random holes."""

    def known(self, holes: np.ndarray, board: np.ndarray, fixed: int) -> tuple[np.ndarray, np.ndarray]:
        """The counters of every completion of ``board`` for one deal of known hands (P, h), and
        their :func:`~pokerlab.equity.pots.summary`: after the flop in one serial kernel call
        (no thread to wake for a thousand boards)."""
        from pokerlab.equity.pots import summary, tallied

        if len(board) < 3:
            acc = self.deals(holes[None], np.ones(1), board, fixed)
            return acc, summary(acc, len(holes), self.hilo, False)
        kernels = _kernels()
        acc = tallied(len(holes), self.category_order, self.hilo, lambda joint, tallies, acc: kernels.known_runouts(
            holes, board, np.uint64(fixed), self.hilo, *self.tables, np.zeros((6, 64), dtype=np.uint64), joint,
            tallies, acc))
        return acc, summary(acc, len(holes), self.hilo, False)

    def deals(self, holes: np.ndarray, weights: np.ndarray, board: np.ndarray, fixed: int) -> np.ndarray:
        """The counters of every completion of ``board`` for deals of hole cards (M, P, h), deal
        m worth ``weights[m]``; ``fixed`` is the bit set of the board, dead and missing cards."""
        kernels = _kernels()

        acc: np.ndarray
        with interruptible():
            if len(board):
                acc = kernels.runouts_many(holes, weights, board, np.uint64(fixed), self.hilo, *self.tables,
                                           self.category_order)
            else:
                high, terms, flush, low, low_bit, _, _, category = self.tables
                acc = kernels.preflop_many(holes, weights, np.uint64(fixed), self.hilo, high, terms, flush, low,
                                           low_bit, category, parts_per_item(len(holes)))
        return acc

    def prepare(self, combos: np.ndarray) -> Prepared:
        """What :meth:`sample` reads of the players' combos (K, h), worked out once for a run's
        batches: a range of a million six-card hands takes a tenth of a second.

        >>> engine = Engine("standard", 0, False)
        >>> hole, (columns, suits, lows, masks) = engine.prepare(np.array([[51, 50, 0, 4]], dtype=np.uint8))
        >>> hole, columns.shape, int(masks[0]) == 2**51 + 2**50 + 1 + 16
        (4, (1, 3), True)
        """
        _, terms, _, _, low_bit, *_ = self.tables
        return combos.shape[1], _kernels().combo_features(combos, terms, low_bit)

    def sample(self, prepared: Prepared, starts: np.ndarray, cumulative: np.ndarray, board: np.ndarray, fixed: int,
               chunks: int, per_chunk: int, seed: int,
               combo_of_pair: np.ndarray | None) -> tuple[np.ndarray, int, np.ndarray | None]:
        """Sampled counters (with squares) of ``chunks`` times ``per_chunk`` showdowns and the
        deals tried (see :func:`pokerlab.equity.engines.omaha_kernels.monte_carlo`), of the
        combos :meth:`prepare` read; no counts by combo."""
        kernels = _kernels()

        high, terms, flush, low, low_bit, _, board_numbers, category = self.tables
        n_hole, features = prepared
        acc, attempts = kernels.monte_carlo(features, starts, cumulative, n_hole, board, np.uint64(fixed),
                                            chunks, per_chunk, seed, self.hilo, high, terms, flush, low, low_bit,
                                            board_numbers, category, self.category_order, *self.sampling)
        return acc, int(attempts), None
