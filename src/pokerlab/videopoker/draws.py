"""The tables the video poker kernels read for a game, built once per process and kind of game.

Every five-card hand of the deck gets the code of its best reading with the game's wild cards
(:func:`hand_codes`, one array per kind of wild card), the game turns codes into its final
hands (:func:`class_of_code`), and the subset counts follow. Games that differ only in their
pays share all of it: the tables depend on the wild cards and on which lines are paid.

>>> from pokerlab.videopoker.paytable import PAYTABLES
>>> t = draw_tables(PAYTABLES["jacks-9-6"])
>>> int(t.counts[0].sum())  # the empty hold: every five-card hand
2598960
>>> dict(zip(t.hands, t.counts[0].tolist()))[FinalHand.JACKS_OR_BETTER]
337920
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from math import comb

import numpy as np

from pokerlab.videopoker import kernels as kernel
from pokerlab.videopoker.paytable import HAND_SIZE, PAIR_QUALIFIER, QUAD_KICKERS, QUAD_RANKS, FinalHand, Paytable

_WILD = {"none": kernel.WILD_NONE, "deuces": kernel.WILD_DEUCES, "joker": kernel.WILD_JOKER}
_BY_KIND = {
    kernel.KIND_TWO_PAIR: FinalHand.TWO_PAIR, kernel.KIND_TRIPS: FinalHand.THREE_OF_A_KIND,
    kernel.KIND_STRAIGHT: FinalHand.STRAIGHT, kernel.KIND_FLUSH: FinalHand.FLUSH,
    kernel.KIND_FULL_HOUSE: FinalHand.FULL_HOUSE, kernel.KIND_STRAIGHT_FLUSH: FinalHand.STRAIGHT_FLUSH,
    kernel.KIND_FIVE_OF_A_KIND: FinalHand.FIVE_OF_A_KIND, kernel.KIND_WILD_ROYAL: FinalHand.WILD_ROYAL_FLUSH,
    kernel.KIND_FOUR_WILDS: FinalHand.FOUR_DEUCES, kernel.KIND_NATURAL_ROYAL: FinalHand.ROYAL_FLUSH,
}


def final_hand_of_code(code: int, paytable: Paytable) -> FinalHand:
    """The final hand a game makes of a hand code (see ``pokerlab.videopoker.kernels.N_CODES``):
    the most specific line it pays, or nothing.

    >>> from pokerlab.videopoker.paytable import PAYTABLES
    >>> quads = kernel.KIND_QUADS * 169 + 12 * 13 + 1  # four aces, a trey kicker
    >>> [final_hand_of_code(quads, PAYTABLES[name]).value for name in ("jacks-9-6", "double-double-bonus-9-6")]
    ['four_of_a_kind', 'four_aces_with_2_4']
    """
    kind, first, second = code // 169, code // 13 % 13, code % 13
    if kind == kernel.KIND_QUADS:
        for line, (by_rank, kickers) in QUAD_KICKERS.items():
            if line in paytable.pays and first in QUAD_RANKS[by_rank] and second in kickers:
                return line
        by_rank = next((line for line, ranks in QUAD_RANKS.items() if first in ranks), FinalHand.FOUR_OF_A_KIND)
        return by_rank if by_rank in paytable.pays else FinalHand.FOUR_OF_A_KIND
    if kind == kernel.KIND_PAIR:
        qualifier = paytable.pair_qualifier
        pair = next((line for line in PAIR_QUALIFIER if line in paytable.pays), FinalHand.NOTHING)
        return pair if qualifier is not None and first >= qualifier else FinalHand.NOTHING
    hand = _BY_KIND.get(kind, FinalHand.NOTHING)
    return hand if hand in paytable.pays else FinalHand.NOTHING


def class_of_code(paytable: Paytable) -> np.ndarray:
    """A uint8 array: for each hand code, the column in ``paytable.hands`` of its final hand."""
    column = {hand: i for i, hand in enumerate(paytable.hands)}
    return np.array([column[final_hand_of_code(code, paytable)] for code in range(kernel.N_CODES)], dtype=np.uint8)


@functools.cache
def binomials(deck_size: int) -> np.ndarray:
    """uint64 (deck_size + 1, 6): C(n, k) for n = 0..deck_size, k = 0..5; the kernels read the
    deck size off its rows."""
    table = np.array([[comb(n, k) for k in range(HAND_SIZE + 1)] for n in range(deck_size + 1)], dtype=np.uint64)
    table.setflags(write=False)
    return table


@functools.cache
def hand_codes(wild: str) -> np.ndarray:
    """The code of every five-card hand of a game's deck with these wild cards, by hand index."""
    deck_size = 53 if wild == "joker" else 52
    codes = kernel.hand_codes(_WILD[wild], binomials(deck_size))
    codes.setflags(write=False)
    return codes


def hand_index(cards: list[int]) -> int:
    """The index of a five-card hand (card ids in any order) in the kernels' numbering.

    >>> hand_index([0, 1, 2, 3, 4]), hand_index([5, 0, 1, 2, 3]), hand_index([48, 49, 50, 51, 52])
    (0, 1, 2869684)
    """
    return sum(comb(int(card), j + 1) for j, card in enumerate(sorted(cards)))


@dataclass(frozen=True)
class DrawTables:
    """Everything the video poker kernels look up for a game.

    - ``hands``: the game's final hands, weakest first (the columns);
    - ``hand_class``: uint8 column of each five-card hand, by hand index;
    - ``binom``: uint64 (deck + 1, 6) binomial coefficients C(n, k);
    - ``start``: uint64 first row of each subset size (``kernel.subset_start``);
    - ``draw_lcm``: the common denominator of a hold's EV, and ``draw_scale``, int64
      draw_lcm / C(unseen, 5 - held) for 0..5 cards held;
    - ``suit_bits``: uint64 ``1 << (16 * suit + rank)`` of each card, 0 for the joker;
    - ``counts``: int32 (subsets of at most four cards, columns): five-card hands of each
      final hand containing each subset.
    """

    hands: tuple[FinalHand, ...]
    hand_class: np.ndarray
    binom: np.ndarray
    start: np.ndarray
    draw_lcm: int
    draw_scale: np.ndarray
    suit_bits: np.ndarray
    counts: np.ndarray

    @property
    def deck_size(self) -> int:
        """Cards in the deck."""
        return int(self.binom.shape[0]) - 1


def clear_tables() -> None:
    """Forget every table built so far, so that the next use builds them again (for timing)."""
    hand_codes.cache_clear()
    _tables.cache_clear()


def draw_tables(paytable: Paytable) -> DrawTables:
    """A game's tables, built on first use and shared by the games with the same final hands."""
    return _tables(_rules(paytable))


def _rules(paytable: Paytable) -> Paytable:
    """A stand-in with the same final hands and all pays 0, so that tables cache by rules alone."""
    return Paytable("rules", dict.fromkeys(paytable.pays, 0), paytable.wild, "rules")


@functools.cache
def _tables(rules: Paytable) -> DrawTables:
    deck_size = rules.deck_size
    binom = binomials(deck_size)
    hand_class = class_of_code(rules)[hand_codes(rules.wild)]
    start = np.array(kernel.subset_start(deck_size), dtype=np.uint64)
    lcm = kernel.draw_lcm(deck_size)
    unseen = deck_size - HAND_SIZE
    draw_scale = np.array([lcm // comb(unseen, HAND_SIZE - held) for held in range(HAND_SIZE + 1)], dtype=np.int64)
    suit_bits = np.array([1 << (16 * (c & 3) + (c >> 2)) if c < 52 else 0 for c in range(deck_size)], dtype=np.uint64)
    counts = kernel.subset_counts(hand_class, len(rules.hands), binom, start)
    for array in (hand_class, start, draw_scale, suit_bits, counts):
        array.setflags(write=False)
    return DrawTables(rules.hands, hand_class, binom, start, lcm, draw_scale, suit_bits, counts)
