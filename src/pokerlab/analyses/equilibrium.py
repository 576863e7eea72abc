"""Equilibria of two-player zero-sum games: regret matching, Discounted CFR, exploitability.

The layer under every solver in pokerlab (the push/fold solver of :mod:`pokerlab.tournament`
today). A player's strategy is an array ``(info sets, actions)`` of probabilities, one row per
situation the player can tell apart.

- :func:`regret_matching`: each action in proportion to its positive cumulative regret,
  uniformly where none is positive.
- :class:`DiscountedCFR`: one player's cumulative regrets and average strategy under Discounted
  CFR (Brown and Sandholm, 2019). After iteration ``t`` positive regrets are multiplied by
  ``t**alpha / (t**alpha + 1)``, negative ones by ``t**beta / (t**beta + 1)``, and the average
  strategy's weights by ``(t / (t + 1))**gamma``; the paper's 1.5, 0 and 2 by default.
- :func:`solve` and :func:`exploitability` for games where each player acts once, after chance
  (a :class:`OneShotGame`: push/fold, a one-street river spot, a matrix game), with alternating
  updates: one player per pass, the second answering the first's new strategy.

The update kernels are Numba functions (:func:`dcfr_update`) so that a solver's own compiled
loop calls the same code as :class:`DiscountedCFR` does; :func:`dcfr_columns` and
:func:`regret_matching_columns` are their vector form, one column per hand, for the postflop
solver (whose average strategy is the regret matching of its strategy sums, which are never
negative).

Rock-paper-scissors, whose equilibrium is a third each:

>>> import numpy as np
>>> payoff = np.array([[0.0, -1, 1], [1, 0, -1], [-1, 1, 0]])
>>> game = MatrixGame(payoff)
>>> solution = solve(game, tolerance=1e-6)
>>> np.round(solution.strategies[0], 4).tolist()
[[0.3333, 0.3333, 0.3333]]
>>> solution.exploitability < 1e-6
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
from numba import njit

from pokerlab.checks import check_int, check_number
from pokerlab.errors import InvalidArgumentError

Real = float | np.floating[Any]
"""A Python float or a NumPy one (the vector kernels keep their factors in float32)."""

__all__ = ["Discount", "DiscountedCFR", "MatrixGame", "OneShotGame", "Solution", "dcfr_columns", "dcfr_update",
           "discount_factors", "exploitability", "regret_matching", "regret_matching_columns", "solve"]


@dataclass(frozen=True)
class Discount:
    """Discounted CFR's schedule: the exponents of positive regrets (``alpha``), negative
    regrets (``beta``) and the average strategy (``gamma``), and two options.

    After iteration ``t`` (from 1) positive regrets are multiplied by ``u**alpha / (u**alpha
    + 1)`` and negative ones by ``u**beta / (u**beta + 1)``, where ``u = t - lag``; the
    average strategy weights iteration ``t``'s strategy by ``m**gamma``, where ``m`` counts the
    iterations since it last started (``m = t`` when ``restart`` is 0). With ``restart`` ``r``
    it starts again, forgetting what it held, at iterations ``r**k + 1`` (2, 5, 17, 65, 257,
    ... for ``r = 4``), so that the strategies of the early, poor iterations leave it sooner.

    ``Discount()`` is the paper's (Brown and Sandholm, 2019); ``Discount(1, 1, 1)`` is linear
    CFR; ``Discount(float("inf"), -float("inf"), 2)`` is close to CFR+;
    :meth:`restarting` is the schedule postflop-solver uses.

    >>> Discount().factors(1)
    (0.5, 0.5, 0.0, 0.25)
    """

    alpha: float = 1.5
    beta: float = 0.0
    gamma: float = 2.0
    lag: int = 0
    restart: int = 0

    def __post_init__(self) -> None:
        for name in ("alpha", "beta", "gamma"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or value != value:
                raise InvalidArgumentError(f"{name} must be a number, got {value!r}")
        check_int("lag", self.lag, low=0)
        if self.restart != 0:
            check_int("restart (0: never, or at least 2)", self.restart, low=2)

    @classmethod
    def restarting(cls) -> Discount:
        """The schedule of postflop-solver: ``gamma`` 3, the first iteration's positive regrets
        dropped (``lag`` 1) and the average started again after iterations 1, 4, 16, 64, ...
        (``restart`` 4). Two things differ from postflop-solver's own: the average strategy
        weights each combo's strategy by the combo's own reach, as the paper's does; and
        regrets are discounted once the iteration's are added, as in the paper, where
        postflop-solver discounts the sum before adding them, so that its second iteration
        plays by the first's regrets where this one plays evenly. Its update written out
        (tried over seven rivers and four turns) reached 0.5% in 410 river iterations in all
        against 460, but 0.3% in 550 turn iterations against 470. On turn and flop spots this
        schedule often reaches a small exploitability in fewer iterations than the paper's;
        on rivers it gains little.

        >>> Discount.restarting()
        Discount(alpha=1.5, beta=0.0, gamma=3.0, lag=1, restart=4)
        """
        return cls(1.5, 0.0, 3.0, lag=1, restart=4)

    def parameters(self) -> tuple[float, float, float, int, int]:
        """``(alpha, beta, gamma, lag, restart)``, as the compiled updates take them."""
        return float(self.alpha), float(self.beta), float(self.gamma), int(self.lag), int(self.restart)

    def factors(self, t: int) -> tuple[float, float, float, float]:
        """The multipliers of iteration ``t`` (from 1): positive and negative regrets (after
        the iteration's regrets are added), what the average strategy's sum keeps before the
        iteration's strategy is added (0 where it starts again, else 1), and the sum's
        multiplier after it.

        >>> [round(f, 4) for f in Discount().factors(2)]
        [0.7388, 0.5, 1.0, 0.4444]
        """
        return discount_factors(float(t), *self.parameters())


@njit(cache=True, nogil=True)
def _power_share(t: float, exponent: float) -> float:
    # t**e / (t**e + 1), written so that an infinite exponent gives 1 or 0 instead of nan
    if exponent == np.inf:
        return 1.0
    if exponent == -np.inf:
        return 0.0
    if t == 0.0:  # the limits, where a lag reaches back before the first iteration
        return 0.0 if exponent > 0.0 else 0.5 if exponent == 0.0 else 1.0
    power: float = t ** exponent
    return power / (power + 1.0)


@njit(cache=True, nogil=True)
def _since_start(t: float, restart: int) -> float:
    """How many iterations the average strategy holds at iteration ``t``, this one included."""
    if restart == 0:
        return t
    last = 1.0  # the last iteration after which it started again: 1, then powers of restart
    while last * restart < t:
        last *= restart
    return t - last if t > 1.0 else 1.0


@njit(cache=True, nogil=True)
def discount_factors(t: float, alpha: float, beta: float, gamma: float, lag: int,
                     restart: int) -> tuple[float, float, float, float]:
    """Numba: :meth:`Discount.factors` of iteration ``t`` under the schedule ``alpha, beta,
    gamma, lag, restart`` (a :class:`Discount`'s :meth:`~Discount.parameters`)."""
    u = max(t - lag, 0.0)
    m = _since_start(t, restart)
    keep = 0.0 if m == 1.0 else 1.0
    return _power_share(u, alpha), _power_share(u, beta), keep, (m / (m + 1.0)) ** gamma


@njit(cache=True, nogil=True)
def regret_matching_into(regrets: np.ndarray, out: np.ndarray) -> None:
    """Numba: :func:`regret_matching` of ``regrets`` (n, k) written into ``out`` (n, k)."""
    n, k = regrets.shape
    for i in range(n):
        total = 0.0
        for a in range(k):
            if regrets[i, a] > 0.0:
                total += regrets[i, a]
        for a in range(k):
            if total > 0.0:
                out[i, a] = regrets[i, a] / total if regrets[i, a] > 0.0 else 0.0
            else:
                out[i, a] = 1.0 / k


@njit(cache=True, nogil=True)
def dcfr_update(regrets: np.ndarray, strategy_sum: np.ndarray, strategy: np.ndarray, values: np.ndarray,
                reach: np.ndarray, t: int, alpha: float, beta: float, gamma: float, lag: int,
                restart: int) -> None:
    """Numba: one Discounted CFR step of one player, in place, under the schedule
    ``alpha, beta, gamma, lag, restart`` (a :class:`Discount`'s :meth:`~Discount.parameters`).

    ``strategy`` (n, k) is the strategy the player played at iteration ``t`` (from 1),
    ``values`` (n, k) each action's counterfactual value against the others' current
    strategies (chance and opponents' reach folded in), ``reach`` (n,) the player's own
    probability of reaching each info set, which weights its average strategy. Regrets and
    the strategy sum are added to, then discounted; ``strategy`` is then overwritten with the
    next iteration's regret-matching strategy.
    """
    positive, negative, keep, average = discount_factors(float(t), alpha, beta, gamma, lag, restart)
    n, k = regrets.shape
    for i in range(n):
        played = 0.0
        for a in range(k):
            played += strategy[i, a] * values[i, a]
        for a in range(k):
            regrets[i, a] = _discounted_regret(regrets[i, a] + values[i, a] - played, positive, negative)
            strategy_sum[i, a] = (strategy_sum[i, a] * keep + reach[i] * strategy[i, a]) * average
    regret_matching_into(regrets, strategy)


@njit(cache=True, nogil=True)
def _discounted_regret(regret: Real, positive: Real, negative: Real) -> Real:
    return regret * (positive if regret > 0.0 else negative)


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def dcfr_columns(regrets: np.ndarray, strategy_sum: np.ndarray, strategy: np.ndarray, values: np.ndarray,
                 reach: np.ndarray, played: np.ndarray, positive: float, negative: float, keep: float,
                 average: float) -> None:
    """Numba: :func:`dcfr_update` in vector form, for a solver that keeps one column per hand.

    The tables are ``(actions, hands)`` laid flat, one action's row after another:
    ``regrets``, ``strategy_sum``, ``strategy`` (what was played), ``values``; ``reach``
    ``(hands,)`` the player's own reach. The factors are :meth:`Discount.factors` of the
    iteration. Each hand's value under ``strategy`` is written into ``played`` ``(hands,)``;
    the next strategy is left to :func:`regret_matching_columns`. Rows are taken as slices
    indexed from 0: an offset added inside a loop would be checked for a negative value at
    every step, which keeps the loop from vectorising.
    """
    n = len(played)
    k = len(regrets) // n
    # float32 factors: a float64 one would have every product of the rows worked in float64
    pos, neg, kept, avg = np.float32(positive), np.float32(negative), np.float32(keep), np.float32(average)
    first_strategy, first_values = strategy[:n], values[:n]
    for i in range(n):
        played[i] = first_strategy[i] * first_values[i]
    for a in range(1, k):
        row_strategy, row_values = strategy[a * n:(a + 1) * n], values[a * n:(a + 1) * n]
        for i in range(n):
            played[i] += row_strategy[i] * row_values[i]
    for a in range(k):
        _dcfr_row(regrets[a * n:(a + 1) * n], strategy_sum[a * n:(a + 1) * n], strategy[a * n:(a + 1) * n],
                  values[a * n:(a + 1) * n], reach, played, pos, neg, kept, avg)


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _dcfr_row(regrets: np.ndarray, strategy_sum: np.ndarray, strategy: np.ndarray, values: np.ndarray,
              reach: np.ndarray, played: np.ndarray, positive: np.float32, negative: np.float32,
              keep: np.float32, average: np.float32) -> None:
    for i in range(len(played)):
        regrets[i] = _discounted_regret(regrets[i] + values[i] - played[i], positive, negative)
        strategy_sum[i] = (strategy_sum[i] * keep + reach[i] * strategy[i]) * average


@njit(cache=True, nogil=True, error_model="numpy", _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def regret_matching_columns(regrets: np.ndarray, k: int, out: np.ndarray, total: np.ndarray) -> None:
    """Numba: :func:`regret_matching` in vector form: ``regrets`` and ``out`` are ``(k,
    hands)`` laid flat (regrets of any real dtype: a positive scale does not change the
    result; strategy sums, never negative, give the average strategy); ``total`` is scratch
    of at least ``hands`` entries."""
    n = len(out) // k
    zero = np.float32(0.0)
    for i in range(n):
        total[i] = zero
    for a in range(k):
        row, into = regrets[a * n:(a + 1) * n], out[a * n:(a + 1) * n]
        for i in range(n):
            positive = max(np.float32(row[i]), zero)
            into[i] = positive
            total[i] += positive
    # one division per hand, then loops along the hands, which the compiler vectorises
    for i in range(n):
        total[i] = np.float32(1.0) / total[i] if total[i] > zero else zero
    uniform = np.float32(1.0 / k)
    for a in range(k):
        into = out[a * n:(a + 1) * n]
        for i in range(n):
            into[i] = into[i] * total[i] if total[i] > zero else uniform


def regret_matching(regrets: np.ndarray) -> np.ndarray:
    """The strategy that plays each action in proportion to its positive regret, row by row
    (uniform in a row with no positive regret).

    >>> regret_matching(np.array([[3.0, 1.0, -2.0], [-1.0, -1.0, 0.0]])).tolist()
    [[0.75, 0.25, 0.0], [0.3333333333333333, 0.3333333333333333, 0.3333333333333333]]
    """
    table = _as_table("regrets", regrets)
    out = np.empty_like(table)
    regret_matching_into(table, out)
    return out


def _as_table(name: str, values: object, shape: tuple[int, int] | None = None) -> np.ndarray:
    table = np.ascontiguousarray(values, dtype=np.float64)
    if table.ndim != 2 or table.shape[1] < 1 or not np.isfinite(table).all():
        raise InvalidArgumentError(f"{name} must be a finite 2-d array (info sets, actions), got shape {table.shape}")
    if shape is not None and table.shape != shape:
        raise InvalidArgumentError(f"{name} must have shape {shape}, got {table.shape}")
    return table


class DiscountedCFR:
    """One player's state under Discounted CFR: cumulative regrets and the average strategy.

    >>> player = DiscountedCFR(1, 2)
    >>> player.strategy.tolist()
    [[0.5, 0.5]]
    >>> player.update([[1.0, 0.0]])       # the first action was worth more
    >>> player.strategy.tolist(), player.iteration
    ([[1.0, 0.0]], 1)
    >>> player.average().tolist()          # what was played at iteration 1
    [[0.5, 0.5]]
    """

    def __init__(self, infosets: int, actions: int, discount: Discount | None = None) -> None:
        self.shape = (check_int("infosets", infosets, low=1), check_int("actions", actions, low=1))
        self.discount = Discount() if discount is None else discount
        self.regrets = np.zeros(self.shape)
        self.strategy_sum = np.zeros(self.shape)
        self.strategy = np.full(self.shape, 1.0 / self.shape[1])
        """The current strategy: regret matching of the cumulative regrets."""
        self.iteration = 0

    def update(self, values: object, reach: object = None) -> None:
        """Add one iteration: ``values`` (info sets, actions) are each action's counterfactual
        value against the others' current strategies; ``reach`` (info sets,) is this player's
        own probability of getting there (None: 1 everywhere)."""
        table = _as_table("values", values, self.shape)
        weights = (np.ones(self.shape[0]) if reach is None
                   else np.ascontiguousarray(reach, dtype=np.float64).reshape(self.shape[0]))
        self.iteration += 1
        dcfr_update(self.regrets, self.strategy_sum, self.strategy, table, weights, self.iteration,
                    *self.discount.parameters())

    def average(self) -> np.ndarray:
        """The average strategy, the one that converges to an equilibrium (uniform in an info
        set never reached)."""
        totals = self.strategy_sum.sum(axis=1, keepdims=True)
        out: np.ndarray = np.where(totals > 0, self.strategy_sum / np.where(totals > 0, totals, 1.0),
                                   1.0 / self.shape[1])
        return out


class OneShotGame(Protocol):
    """A two-player zero-sum game where each player acts once, at one of its info sets,
    after chance has dealt (and, for the second, after seeing the first's action).

    ``action_values(player, strategies)`` gives, for every info set of ``player`` and every
    action, its counterfactual value: the player's payoff summed over the deals and the
    opponent's actions that lead there, weighted by their probability, with the player's
    own reach left out. It is linear in the opponent's strategy and must not depend on the
    player's own.
    """

    @property
    def shapes(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """``(info sets, actions)`` of each player."""
        ...

    def action_values(self, player: int, strategies: Sequence[np.ndarray]) -> np.ndarray:
        """Counterfactual values (info sets, actions) of ``player`` against ``strategies``."""
        ...


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found: each player's average strategy, their exploitability (the
    mean over the players of what a best response gains over the strategy, in the game's
    payoff units) and the iterations run."""

    strategies: tuple[np.ndarray, np.ndarray]
    exploitability: float
    iterations: int


def best_response_gains(game: OneShotGame, strategies: Sequence[np.ndarray]) -> tuple[float, float]:
    """What each player would gain by switching to a best response against the other.

    >>> game = MatrixGame(np.array([[0.0, -1, 1], [1, 0, -1], [-1, 1, 0]]))
    >>> best_response_gains(game, [np.array([[1.0, 0, 0]]), np.array([[1.0, 0, 0]])])
    (1.0, 1.0)
    """
    gains = []
    for player in (0, 1):
        values = game.action_values(player, strategies)
        gains.append(float(values.max(axis=1).sum() - (values * strategies[player]).sum()))
    return gains[0], gains[1]


def exploitability(game: OneShotGame, strategies: Sequence[np.ndarray]) -> float:
    """The mean of the two players' best-response gains: 0 exactly at an equilibrium.

    >>> game = MatrixGame(np.array([[0.0, -1, 1], [1, 0, -1], [-1, 1, 0]]))
    >>> exploitability(game, [np.full((1, 3), 1 / 3), np.full((1, 3), 1 / 3)])
    0.0
    """
    first, second = best_response_gains(game, strategies)
    return (first + second) / 2


def solve(game: OneShotGame, *, iterations: int = 100_000, tolerance: float = 1e-6, check_every: int = 16,
          discount: Discount | None = None) -> Solution:
    """Run Discounted CFR with alternating updates until the average strategies'
    exploitability is at most ``tolerance`` (checked every ``check_every`` iterations) or
    ``iterations`` have run.

    >>> solve(MatrixGame(np.array([[1.0, -1], [-1, 1]])), tolerance=1e-5).exploitability < 1e-5
    True
    """
    limit = check_int("iterations", iterations, low=1)
    tolerance = check_number("tolerance", tolerance, low=0)
    every = check_int("check_every", check_every, low=1)
    players = [DiscountedCFR(*shape, discount=discount) for shape in game.shapes]
    gap = float("inf")
    t = 0
    while t < limit:
        t += 1
        for p in (0, 1):
            # the player's own reach is 1 at its one decision
            current = [players[0].strategy, players[1].strategy]
            players[p].update(game.action_values(p, current))
        if t % every == 0 or t == limit:
            gap = exploitability(game, [players[0].average(), players[1].average()])
            if gap <= tolerance:
                break
    averages = (players[0].average(), players[1].average())
    return Solution(averages, gap, t)


class MatrixGame:
    """A zero-sum matrix game: the row player gets ``payoff[i, j]``, the column player its
    negative; each has a single info set.

    >>> MatrixGame(np.array([[0.0, 2], [3, 1]])).action_values(1, [np.array([[0.5, 0.5]]), None]).tolist()
    [[-1.5, -1.5]]
    """

    def __init__(self, payoff: object) -> None:
        self.payoff = _as_table("payoff", payoff)

    @property
    def shapes(self) -> tuple[tuple[int, int], tuple[int, int]]:
        rows, columns = self.payoff.shape
        return (1, rows), (1, columns)

    def action_values(self, player: int, strategies: Sequence[np.ndarray | None]) -> np.ndarray:
        other = strategies[1 - player]
        assert other is not None
        out: np.ndarray = (self.payoff @ other[0])[None, :] if player == 0 else -(other[0] @ self.payoff)[None, :]
        return out
