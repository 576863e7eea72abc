"""Risk: the spread of one hand's result, and the bankroll a session of many hands needs.

Money counts in bets: a hand costs one bet (``coins`` coins) and returns the pay, so its net
result is ``pay - 1`` bets, never below -1. A bankroll of ``bankroll`` coins holds
``bankroll // coins`` whole bets (coins short of a bet neither help nor hurt), and it is
ruined when it holds less than one bet: at once if it starts so, else after the hand that
leaves it there, the session's last hand included. Under optimal play the whole-game
analysis gives each final hand's chance, so ruin is exact to compute: a bankroll falls one
bet at a time, and the chance of ruin within ``n`` hands from ``b`` bets follows from the
chances within ``n - 1`` hands at every bankroll, ``r[n](b) = sum_x p(x) r[n-1](b + x)``
with ``r[n](0) = 1``. One pass of ``hands`` steps gives the risk for every bankroll at once.

Bankrolls far above the losses that ``hands`` hands can plausibly bring are left out of the
recursion (their risk counted as 0): the walk's downward moves are bounded, so a maximal
inequality bounds their risk below :data:`NEGLIGIBLE`.

>>> r = hand_risk("jacks-9-6")
>>> round(r.variance, 4), round(r.standard_deviation, 4)
(19.5147, 4.4175)
>>> ruin = risk_of_ruin("jacks-9-6", bankroll=4000, hands=10_000)
>>> ruin
RuinRisk('jacks-9-6', bankroll=4000, hands=10000, coins=5, risk=0.0017193)
>>> f"{ruin.risk:.2%}", ruin.bets
('0.17%', 800)
>>> bankroll_for("jacks-9-6", risk=0.05, hands=1000).bankroll
660
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from pokerlab.checks import Progress, check_int, check_number, check_progress
from pokerlab.numba_runtime import interruptible
from pokerlab.videopoker import strategy_kernels as kernel
from pokerlab.videopoker.analysis import analyze
from pokerlab.videopoker.paytable import MAX_COINS, Paytable, check_coins, get_paytable

NEGLIGIBLE = 1e-15
"""Largest risk of ruin counted as 0: that of a bankroll the recursion leaves out."""
MAX_HANDS = 100_000
"""The longest session the risk is computed for: the work grows as hands**1.5, to 4 to 15 s
of one core for 100,000 hands (the wider a game's wins, the more bankrolls it carries),
reported as it goes."""
MIN_RISK = 1e-9
"""The smallest risk of ruin :func:`bankroll_for` is asked for."""


@dataclass(frozen=True)
class HandRisk:
    """One hand under optimal play, per coin bet: its mean, variance and standard deviation,
    and ``outcomes``, each net result in bets (the pay less the bet) with its probability."""

    paytable: Paytable
    coins: int
    expected_return: float
    variance: float
    outcomes: tuple[tuple[int, float], ...]

    @property
    def standard_deviation(self) -> float:
        """The square root of the variance, per coin bet."""
        return math.sqrt(self.variance)

    def __repr__(self) -> str:
        return (f"HandRisk({self.paytable.name!r}, coins={self.coins}, expected_return={self.expected_return:.6f}, "
                f"variance={self.variance:.4f}, standard_deviation={self.standard_deviation:.4f})")

    def to_dict(self) -> dict[str, object]:
        """The hand's risk as plain JSON-ready values."""
        return {"paytable": self.paytable.name, "coins": self.coins, "expected_return": self.expected_return,
                "variance": self.variance, "standard_deviation": self.standard_deviation,
                "outcomes": [{"net": net, "probability": p} for net, p in self.outcomes]}


def hand_risk(paytable: Paytable | str = "jacks-9-6", coins: int = MAX_COINS) -> HandRisk:
    """The distribution of one hand's net result under optimal play, and its spread.

    >>> [net for net, _ in hand_risk("jacks-8-5").outcomes]
    [-1, 0, 1, 2, 3, 4, 7, 24, 49, 799]
    """
    return _hand_risk(get_paytable(paytable), check_coins(coins))


@functools.cache
def _hand_risk(table: Paytable, coins: int) -> HandRisk:
    game = analyze(table, coins)
    chances: dict[int, float] = {}
    for hand, p in game.final_hands.items():
        net = table.pay(hand, coins) - 1
        chances[net] = chances.get(net, 0.0) + p
    outcomes = tuple(sorted((net, p) for net, p in chances.items() if p > 0))
    return HandRisk(table, coins, game.expected_return, game.variance, outcomes)


def check_hands(hands: object) -> int:
    """The hands of a session: an int from 1 to :data:`MAX_HANDS`."""
    return check_int("hands", hands, low=1, high=MAX_HANDS)


def check_bankroll(bankroll: object) -> int:
    """A bankroll in coins: an int of at least 0."""
    return check_int("bankroll", bankroll, low=0)


def check_risk(risk: object) -> float:
    """A risk of ruin to stay within: a number from :data:`MIN_RISK` to 1.

    >>> check_risk(0)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: risk must be a finite number from 1e-09 to 1, got 0
    """
    return check_number("risk", risk, low=MIN_RISK, high=1)


@dataclass(frozen=True)
class RuinRisk:
    """The chance that a bankroll is ruined within a session, under optimal play.

    ``bankroll`` is in coins, ``coins`` the bet a hand, ``hands`` the session's length and
    ``risk`` the chance that the bankroll holds less than one bet after some hand (at once if
    it starts so). ``float(ruin)`` is the risk.
    """

    paytable: Paytable
    coins: int
    bankroll: int
    hands: int
    risk: float

    @property
    def bets(self) -> int:
        """The bankroll in whole bets: what the risk depends on."""
        return self.bankroll // self.coins

    def __float__(self) -> float:
        return self.risk

    def __repr__(self) -> str:
        return (f"RuinRisk({self.paytable.name!r}, bankroll={self.bankroll}, hands={self.hands}, "
                f"coins={self.coins}, risk={self.risk:.6g})")

    def to_dict(self) -> dict[str, object]:
        """The risk as plain JSON-ready values."""
        return {"paytable": self.paytable.name, "coins": self.coins, "bankroll": self.bankroll, "bets": self.bets,
                "hands": self.hands, "risk": self.risk}


@dataclass(frozen=True)
class Bankroll:
    """The smallest bankroll whose risk of ruin within a session stays within a limit.

    ``bankroll`` is in coins (a whole number of bets of ``coins`` coins), ``limit`` the risk
    asked for and ``risk`` that of the bankroll found, at most ``limit``.
    """

    paytable: Paytable
    coins: int
    hands: int
    limit: float
    bankroll: int
    risk: float

    @property
    def bets(self) -> int:
        """The bankroll in bets."""
        return self.bankroll // self.coins

    def __repr__(self) -> str:
        return (f"Bankroll({self.paytable.name!r}, bankroll={self.bankroll}, hands={self.hands}, "
                f"coins={self.coins}, limit={self.limit:g}, risk={self.risk:.6g})")

    def to_dict(self) -> dict[str, object]:
        """The bankroll as plain JSON-ready values."""
        return {"paytable": self.paytable.name, "coins": self.coins, "hands": self.hands, "limit": self.limit,
                "bankroll": self.bankroll, "bets": self.bets, "risk": self.risk}


def risk_of_ruin(paytable: Paytable | str = "jacks-9-6", bankroll: int = 4000, hands: int = 10_000,
                 coins: int = MAX_COINS, *, progress: Progress | None = None) -> RuinRisk:
    """The chance that a bankroll of ``bankroll`` coins, betting ``coins`` coins a hand under
    optimal play, is ruined within ``hands`` hands: that it holds less than one bet after some
    hand, the last hand included, or from the start (the module says how money counts).

    ``progress(done, total)`` hears of the hands carried so far (the longest session,
    :data:`MAX_HANDS` hands, takes seconds); the risks are kept for the last sessions asked about.

    >>> p = dict(hand_risk("jacks-9-6").outcomes)[-1]  # a hand that pays nothing
    >>> risk_of_ruin("jacks-9-6", bankroll=10, hands=2).risk == p * p  # two bets, two losses
    True
    >>> risk_of_ruin("jacks-9-6", bankroll=4, hands=2).risk  # less than a bet: ruined at once
    1.0
    """
    table = get_paytable(paytable)
    bankroll = check_bankroll(bankroll)
    hands = check_hands(hands)
    coins = check_coins(coins)
    risks = _ruin_table(table, coins, hands, check_progress(progress))
    bets = bankroll // coins
    return RuinRisk(table, coins, bankroll, hands, float(risks[bets]) if bets < len(risks) else 0.0)


def bankroll_for(paytable: Paytable | str = "jacks-9-6", risk: float = 0.05, hands: int = 10_000,
                 coins: int = MAX_COINS, *, progress: Progress | None = None) -> Bankroll:
    """The smallest bankroll in coins (a whole number of bets) whose risk of ruin within
    ``hands`` hands of ``coins`` coins is at most ``risk``, under optimal play; ``progress``
    as for :func:`risk_of_ruin`.

    >>> bankroll_for("jacks-9-6", risk=0.5, hands=1)  # one bet is lost more often than not
    Bankroll('jacks-9-6', bankroll=10, hands=1, coins=5, limit=0.5, risk=0)
    """
    table = get_paytable(paytable)
    limit = check_risk(risk)
    hands = check_hands(hands)
    coins = check_coins(coins)
    risks = _ruin_table(table, coins, hands, check_progress(progress))
    enough = np.flatnonzero(risks <= limit)
    # Past the bankrolls computed the risk is below NEGLIGIBLE, itself below MIN_RISK.
    bets = int(enough[0]) if len(enough) else len(risks)
    return Bankroll(table, coins, hands, limit, bets * coins, float(risks[bets]) if bets < len(risks) else 0.0)


def _ruin_table(table: Paytable, coins: int, hands: int, progress: Progress | None) -> np.ndarray:
    """:func:`ruin_by_bankroll`, kept for the last :data:`KEPT_SESSIONS` sessions asked about."""
    key = (table, coins, hands)
    risks = _RUIN_TABLES.pop(key, None)
    if risks is None:
        risks = ruin_by_bankroll(_hand_risk(table, coins), hands, progress)
        risks.setflags(write=False)
        while len(_RUIN_TABLES) >= KEPT_SESSIONS:
            del _RUIN_TABLES[next(iter(_RUIN_TABLES))]
    _RUIN_TABLES[key] = risks  # the most recent last
    return risks


KEPT_SESSIONS = 16
_RUIN_TABLES: dict[tuple[Paytable, int, int], np.ndarray] = {}


def safe_bankroll(hand: HandRisk, hands: int) -> int:
    """A bankroll in bets whose risk of ruin within ``hands`` hands is below :data:`NEGLIGIBLE`.

    For any ``l > 0``, with ``M = E[exp(-l x)]`` over one hand's net result ``x``,
    ``exp(-l S_k) / M**k`` is a martingale, so by Ville's inequality the walk ``S`` falls to
    ``-t`` within ``hands`` hands with chance at most ``exp(-l t) max(1, M)**hands``: the
    bankroll is the least ``t`` that bound puts below :data:`NEGLIGIBLE`, over a range of
    ``l`` (each gives a true bound; the best of them a tight one). A bankroll also falls by
    at most a bet a hand.

    >>> safe_bankroll(hand_risk("jacks-9-6"), 10_000) < 2000
    True
    """
    nets = np.array([net for net, _ in hand.outcomes], dtype=np.float64)
    chances = np.array([p for _, p in hand.outcomes], dtype=np.float64)
    rates = np.geomspace(1e-5, 10.0, 600)
    # log E[exp(-l x)], with the largest exponent taken out so that nothing overflows
    exponents = -np.outer(rates, nets)
    peak = exponents.max(axis=1)
    log_m = peak + np.log(np.exp(exponents - peak[:, None]) @ chances)
    reach = (hands * np.maximum(log_m, 0.0) + math.log(1 / NEGLIGIBLE)) / rates
    return min(hands, math.ceil(float(reach.min())))


def ruin_by_bankroll(hand: HandRisk, hands: int, progress: Progress | None = None) -> np.ndarray:
    """The risk of ruin within ``hands`` hands of a bankroll of ``b`` bets, for ``b`` = 0 up to
    :func:`safe_bankroll` (above it, less than :data:`NEGLIGIBLE`). Non-increasing in ``b``.

    The hands are carried in :data:`PROGRESS_STEPS` kernel calls, so that Ctrl-C stops the
    longest session within a fraction of a second; each is reported as ``progress(hands done,
    hands)`` when ``progress`` is given.
    """
    nets = np.array([net for net, _ in hand.outcomes], dtype=np.int64)
    chances = np.array([p for _, p in hand.outcomes], dtype=np.float64)
    top = safe_bankroll(hand, hands)
    risk = np.zeros(top + 2 + int(nets.max()), dtype=np.float64)
    risk[0] = 1.0
    step = -(-hands // PROGRESS_STEPS)
    for done in range(0, hands, step):
        with interruptible():
            risk = kernel.ruin_after(nets, chances, risk, min(step, hands - done), top)
        if progress is not None:
            progress(min(done + step, hands), hands)
    return risk[:top + 1].copy()


PROGRESS_STEPS = 100
"""How many kernel calls carry the hands of a session (at most)."""
