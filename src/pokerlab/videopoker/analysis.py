"""The whole game: the return of a game when every dealt hand is held perfectly.

Each of the 2,598,960 deals (2,869,685 in a joker deck) is played by the hold of highest EV,
with the advisor's tie rule. Hands that differ only by a permutation of suits play alike, so
one hand of each suit class is played (134,459 of them; 150,891 with a joker, which no
permutation moves), weighted by the size of its class; the kernel finds all 32 holds of a hand
by inclusion-exclusion over the subset counts (see ``pokerlab.videopoker.kernels``), and every
probability is summed exactly in integers.

>>> a = analyze("jacks-9-6")
>>> a
GameAnalysis('jacks-9-6', coins=5, expected_return=0.99543904, variance=19.514676)
>>> a.distinct_hands, round(1 / a.final_hands[FinalHand.ROYAL_FLUSH])  # a royal every 40,391 hands
(134459, 40391)
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from types import MappingProxyType

import numba
import numpy as np

from pokerlab.checks import Progress, check_progress, check_threads
from pokerlab.numba_runtime import interruptible
from pokerlab.numba_runtime import threads as kernel_threads
from pokerlab.videopoker import kernels as kernel
from pokerlab.videopoker.draws import draw_tables
from pokerlab.videopoker.paytable import HAND_SIZE, MAX_COINS, FinalHand, Paytable, check_coins, get_paytable


@dataclass(frozen=True)
class GameAnalysis:
    """A pay table's game under optimal play, per coin bet.

    ``expected_return`` is the mean pay per coin bet (1.0 is break-even), ``variance`` that of
    the pay; ``final_hands`` maps each final hand of the game (:attr:`Paytable.hands`) to its
    probability, and ``distinct_hands`` counts the dealt hands played, one per class of suit
    permutations.
    """

    paytable: Paytable
    coins: int
    expected_return: float
    variance: float
    final_hands: Mapping[FinalHand, float]
    distinct_hands: int

    @property
    def contributions(self) -> dict[FinalHand, float]:
        """Each final hand's share of the return: its probability times its pay."""
        return {hand: p * self.paytable.pay(hand, self.coins) for hand, p in self.final_hands.items()}

    def __repr__(self) -> str:
        return (f"GameAnalysis({self.paytable.name!r}, coins={self.coins}, "
                f"expected_return={self.expected_return:.8f}, variance={self.variance:.6f})")

    def to_dict(self) -> dict[str, object]:
        """The analysis as plain JSON-ready values."""
        contributions = self.contributions
        return {"paytable": self.paytable.to_dict(), "coins": self.coins,
                "expected_return": self.expected_return, "variance": self.variance,
                "distinct_hands": self.distinct_hands,
                "final_hands": {hand.value: {"probability": p, "contribution": contributions[hand]}
                                for hand, p in self.final_hands.items()}}


def analyze(paytable: Paytable | str = "jacks-9-6", coins: int = MAX_COINS, *,
            progress: Progress | None = None, threads: int | None = None) -> GameAnalysis:
    """Play every dealt hand perfectly and sum up: return, variance, final-hand probabilities.

    The deals are split by their lowest card and played on ``threads`` threads (None: as many
    as Numba has, which ``NUMBA_NUM_THREADS`` sets); the kernels release the GIL.
    ``progress(hands_done, deals)`` is called as each slice of deals is done, ``deals`` being
    C(52, 5) or, with a joker, C(53, 5).

    >>> f"{analyze('deuces-wild-full-pay').expected_return:.4%}"
    '100.7620%'

    >>> analyze("jacks-9-6", threads=0)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: threads must be an int from 1 to 4096, got 0
    """
    table = get_paytable(paytable)
    coins = check_coins(coins)
    pays = np.array(table.hand_pays(coins), dtype=np.int64)
    report = check_progress(progress)
    with kernel_threads(check_threads(threads)):
        workers = numba.get_num_threads()  # serial kernels on a thread pool, sized as for any kernel
    t = draw_tables(table)
    deals = comb(t.deck_size, HAND_SIZE)

    def play(first: int) -> tuple[np.ndarray, int, int]:
        with interruptible():
            final, played, dealt = kernel.play_all_hands(first, first + 1, t.hand_class, t.counts, t.binom, t.start,
                                                         pays, t.draw_scale, t.suit_bits)
        return final, int(played), int(dealt)

    final = np.zeros(len(t.hands), dtype=np.int64)
    distinct = dealt = 0
    pool = ThreadPoolExecutor(workers)
    try:
        # Lowest card first: the biggest slices start first, so the threads finish together.
        jobs = [pool.submit(play, first) for first in range(t.deck_size - HAND_SIZE + 1)]
        for job in as_completed(jobs):
            slice_final, slice_distinct, slice_dealt = job.result()
            final += slice_final
            distinct += slice_distinct
            dealt += slice_dealt
            if report is not None:
                report(dealt, deals)
    finally:
        # A progress callback that raises (Ctrl-C in a terminal) stops the slices not yet begun.
        pool.shutdown(cancel_futures=True)
    denominator = deals * t.draw_lcm
    probabilities = [Fraction(int(n), denominator) for n in final]
    mean = sum(p * int(pay) for p, pay in zip(probabilities, pays))
    second = sum(p * int(pay) ** 2 for p, pay in zip(probabilities, pays))
    return GameAnalysis(
        paytable=table, coins=coins, expected_return=float(mean), variance=float(second - mean ** 2),
        final_hands=MappingProxyType({h: float(p) for h, p in zip(t.hands, probabilities)}),
        distinct_hands=distinct)
