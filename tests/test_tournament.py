"""Tournament tools: ICM against a plain enumeration of finishing orders, the equilibrium core
on games with closed forms, push/fold against best responses written here and HoldemResources'
published chart."""

from __future__ import annotations

import importlib
import itertools
import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import pokerlab as pl
from pokerlab.analyses.equilibrium import Discount, DiscountedCFR, MatrixGame, regret_matching, solve
from pokerlab.cli.main import app
from pokerlab.errors import InvalidArgumentError, PokerlabError
from pokerlab.preflop import matrix
from pokerlab.tournament.icm import icm
from pokerlab.tournament.pushfold import ClassTable, pushfold, pushfold_chart, solve_table

# --- ICM -----------------------------------------------------------------------------------


def icm_by_orders(stacks: list[float], payouts: list[float]) -> list[float]:
    """Every finishing order's chance, place by place: a share of the chips left, or an equal
    share among players with no chips once only they are left."""
    n = len(stacks)
    out = [0.0] * n
    for order in itertools.permutations(range(n)):
        chance = 1.0
        left = list(range(n))
        for player in order:
            chips = sum(stacks[k] for k in left)
            chance *= stacks[player] / chips if chips > 0 else 1 / len(left)
            left.remove(player)
        for place, player in enumerate(order[:len(payouts)]):
            out[player] += chance * payouts[place]
    return out


def test_icm_published_example() -> None:
    assert icm([50, 30, 20], [70, 30]) == pytest.approx((45.1786, 32.25, 22.5714), abs=1e-4)
    assert pl.tournament.icm([50, 30, 20], [70, 30]) == icm([50, 30, 20], [70, 30])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 1000), min_size=1, max_size=7).filter(lambda s: sum(s) > 0), st.data())
def test_icm_matches_every_finishing_order(stacks: list[int], data: st.DataObject) -> None:
    places = data.draw(st.integers(1, len(stacks)))
    payouts = sorted(data.draw(st.lists(st.integers(0, 100), min_size=places, max_size=places)), reverse=True)
    got = icm(stacks, payouts)
    assert got == pytest.approx(icm_by_orders([float(s) for s in stacks], [float(p) for p in payouts]), abs=1e-9)
    assert sum(got) == pytest.approx(sum(payouts))


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 12), st.floats(0.01, 1e6), st.lists(st.floats(0, 100), min_size=1, max_size=12))
def test_icm_equal_stacks_share_equally(n: int, stack: float, prizes: list[float]) -> None:
    payouts = sorted(prizes[:n], reverse=True)
    got = icm([stack] * n, payouts)
    assert got == pytest.approx([sum(payouts) / n] * n, rel=1e-9, abs=1e-9)


@given(st.floats(0.0, 1e9), st.floats(0.0, 1e9), st.floats(0, 100), st.floats(0, 100))
def test_icm_two_players_are_chip_shares(a: float, b: float, first: float, second: float) -> None:
    if a + b == 0:
        return
    high, low = max(first, second), min(first, second)
    share = a / (a + b)
    assert icm([a, b], [high, low]) == pytest.approx((low + (high - low) * share, low + (high - low) * (1 - share)),
                                                      rel=1e-9, abs=1e-9)


def test_icm_more_players_than_payouts_and_zero_stacks() -> None:
    assert icm([50, 0, 0], [70, 30]) == pytest.approx((70, 15, 15))
    assert icm([50, 30, 0], [50, 30, 20]) == pytest.approx((42.5, 37.5, 20))
    got = icm([10, 20, 30, 40, 50, 60], [100])
    assert got == pytest.approx([10 * s / 210 * 10 for s in (10, 20, 30, 40, 50, 60)])


def test_icm_of_twenty_players() -> None:
    """Twenty players' subsets (2^20) are the recursion's whole work; its speed is a figure of
    ``pokerlab bench tournament``, not a test's."""
    stacks20 = [1000 + 137 * k for k in range(20)]
    payouts = [30, 20, 14, 10, 8, 6, 5, 4, 3]
    got = icm(stacks20, payouts)
    assert sum(got) == pytest.approx(sum(payouts))
    assert all(x < y for x, y in zip(got, got[1:]))  # more chips, more equity


@pytest.mark.parametrize(("stacks", "payouts", "message"), [
    ([50, -1], [70, 30], "stacks must be finite numbers of at least 0; item 1 is -1"),
    ([50, math.nan], [70], "stacks must be finite numbers of at least 0; item 1 is nan"),
    ([50, 30], [30, 70], "payouts must run from first place down"),
    ([50, 30], [70, -30], "payouts must be finite numbers of at least 0; item 1 is -30"),
    ([50, 30], [70, 20, 10], "payouts must name 1 to 2 places"),
    ([50, 30], [], "payouts must name 1 to 2 places"),
    ([0, 0], [1], "stacks must hold some chips"),
    ([], [1], "stacks must hold 1 to 24 players"),
    ("50 30", [1], "stacks must be a list of numbers"),
    ([50, "x"], [1], "stacks must be finite numbers of at least 0; item 1 is 'x'"),
    ([True, 2], [1], "item 0 is True"),
])
def test_icm_refuses_bad_input(stacks: object, payouts: object, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message.replace("(", r"\(")):
        icm(stacks, payouts)  # type: ignore[arg-type]


# --- the equilibrium core ------------------------------------------------------------------


def test_regret_matching_and_discount() -> None:
    assert regret_matching(np.array([[2.0, 2.0, -1.0]])).tolist() == [[0.5, 0.5, 0.0]]
    assert regret_matching(np.array([[0.0, -3.0]])).tolist() == [[0.5, 0.5]]
    assert Discount().factors(4) == pytest.approx((8 / 9, 0.5, 1.0, (4 / 5) ** 2))
    for bad in (dict(alpha=math.nan), dict(lag=-1), dict(restart=1), dict(restart=2.5), dict(lag=True)):
        with pytest.raises(PokerlabError):
            Discount(**bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("discount", [Discount(), Discount.restarting(), Discount(1, 1, 1, lag=2, restart=3)],
                         ids=["paper", "restarting", "linear-lag-2-restart-3"])
def test_the_schedule_weights_each_iteration_as_documented(discount: Discount) -> None:
    """Regrets are discounted as at iteration t - lag; the average strategy is the strategies
    played since the last restart (after iterations 1, r, r**2, ...), the one played m-th
    weighted by m**gamma: written here apart from the library's factors."""
    rng = np.random.default_rng(7)
    player = DiscountedCFR(3, 4, discount)
    regrets = np.zeros((3, 4))
    played: list[np.ndarray] = []
    starts = {1} | {discount.restart ** k + 1 for k in range(8)} if discount.restart else {1}
    for t in range(1, 70):
        values = rng.normal(size=(3, 4))
        strategy = player.strategy.copy()
        player.update(values)
        if t in starts:
            played = []
        played.append(strategy)
        regrets += values - (strategy * values).sum(axis=1, keepdims=True)
        u = max(t - discount.lag, 0)
        regrets *= np.where(regrets > 0, u ** discount.alpha / (u ** discount.alpha + 1),
                            u ** discount.beta / (u ** discount.beta + 1))
        np.testing.assert_allclose(player.regrets, regrets, rtol=1e-9, atol=1e-12)
        weighted = sum((m + 1) ** discount.gamma * s for m, s in enumerate(played))
        np.testing.assert_allclose(player.average(), weighted / weighted.sum(axis=1, keepdims=True), rtol=1e-9)


def test_one_discounted_cfr_step_by_hand() -> None:
    player = DiscountedCFR(1, 3)
    player.update([[3.0, 0.0, 0.0]])  # played uniformly: worth 1, so regrets 2, -1, -1
    positive, negative, _, average = Discount().factors(1)
    assert player.regrets[0].tolist() == pytest.approx([2 * positive, -negative, -negative])
    assert player.strategy.tolist() == [[1.0, 0.0, 0.0]]
    assert player.strategy_sum[0].tolist() == pytest.approx([average / 3] * 3)


def best_response_gain(payoff: np.ndarray, row: np.ndarray, column: np.ndarray) -> float:
    """What the better of the two players gains by deviating, averaged: written apart from
    the library's exploitability."""
    value = float(row @ payoff @ column)
    best_row = max(float(payoff[i] @ column) for i in range(payoff.shape[0]))
    best_column = min(float(row @ payoff[:, j]) for j in range(payoff.shape[1]))
    return ((best_row - value) + (value - best_column)) / 2


@pytest.mark.parametrize(("payoff", "row", "value"), [
    ([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [1 / 3, 1 / 3, 1 / 3], 0.0),  # rock-paper-scissors
    ([[2, -1], [-1, 1]], [0.4, 0.6], 0.2),
    ([[3, 1], [0, 2]], [0.5, 0.5], 1.5),
])
def test_matrix_games_solve_to_their_closed_form(payoff: list[list[float]], row: list[float], value: float) -> None:
    game = np.array(payoff, dtype=float)
    solution = solve(MatrixGame(game), tolerance=1e-5)
    first, second = solution.strategies[0][0], solution.strategies[1][0]
    assert first == pytest.approx(row, abs=1e-3)
    assert float(first @ game @ second) == pytest.approx(value, abs=1e-4)
    assert best_response_gain(game, first, second) == pytest.approx(solution.exploitability, abs=1e-12)
    assert solution.exploitability <= 1e-5


class RiverGame:
    """Board 2c2d2h3c3d: out of position holds AA or QQ, in position KK; pot 100, stack 100,
    all-in or check. Payoffs are each player's share of the pot and stacks at the end."""

    pot, bet = 100.0, 100.0
    shapes = ((2, 2), (1, 2))  # out of position: AA, QQ x check, bet; in position: KK facing a bet x fold, call

    def action_values(self, player: int, strategies: list[np.ndarray]) -> np.ndarray:
        bettor, caller = strategies
        call = caller[0, 1]
        if player == 0:
            aa = [self.pot, call * (self.pot + self.bet) + (1 - call) * self.pot]
            qq = [0.0, call * -self.bet + (1 - call) * self.pot]
            return 0.5 * np.array([aa, qq])
        bets = 0.5 * bettor[:, 1]  # the chance of each holding, then betting
        fold = 0.0
        called = bets[0] * -self.bet + bets[1] * (self.pot + self.bet)
        return np.array([[fold, called]])


def test_the_river_game_has_its_closed_form() -> None:
    solution = solve(RiverGame(), tolerance=1e-7)
    bettor, caller = solution.strategies
    assert bettor[0, 1] == pytest.approx(1.0, abs=1e-4)  # AA always bets
    assert bettor[1, 1] == pytest.approx(0.5, abs=1e-3)  # QQ bets half the time: bluffs are b / (p + 2b) of bets
    assert caller[0, 1] == pytest.approx(0.5, abs=1e-3)  # KK calls p / (p + b)
    call = caller[0, 1]
    ev_aa = call * 200 + (1 - call) * 100
    ev_qq = (1 - bettor[1, 1]) * 0 + bettor[1, 1] * (call * -100 + (1 - call) * 100)
    bettor_ev = (ev_aa + ev_qq) / 2
    assert bettor_ev == pytest.approx(75, abs=0.05)
    assert 100 - bettor_ev == pytest.approx(25, abs=0.05)
    # a best response written here: the bettor picks each hand's better action, the caller its better one
    game = RiverGame()
    gains = []
    for player in (0, 1):
        values = game.action_values(player, [bettor, caller])
        gains.append(float(sum(max(row) for row in values) - (values * solution.strategies[player]).sum()))
    assert sum(gains) / 2 == pytest.approx(solution.exploitability, abs=1e-12)
    assert solution.exploitability <= 1e-7


def test_discount_settings_reach_the_same_equilibrium() -> None:
    rps = MatrixGame(np.array([[0.0, -1, 1], [1, 0, -1], [-1, 1, 0]]))
    for discount in (Discount(1, 1, 1), Discount(2, 0.5, 3), Discount.restarting()):
        assert solve(rps, tolerance=1e-5, discount=discount).exploitability <= 1e-5


# --- push/fold on a few classes ------------------------------------------------------------

FEW = ["AA", "KK", "QQ", "AKs", "AQo", "T9s", "A5o", "J7o", "72o", "32o"]


@pytest.fixture(scope="module")
def few() -> ClassTable:
    m = matrix(FEW)
    return ClassTable.from_counts(m.hands, m.wins, m.ties, m.showdowns)


def best_response_exploitability(table: ClassTable, stack: float, ante: float, push: dict[str, float],
                                 call: dict[str, float]) -> tuple[float, float]:
    """The push/fold game's exploitability and the small blind's EV, from the deals up: every
    pair of combos of two classes is dealt with the same chance, and each outcome is counted
    in chips won from the start of the hand."""
    hands = table.hands
    deals = float(table.pairs.sum())
    sb_fold, sb_push, bb_fold, bb_call = ({h: 0.0 for h in hands} for _ in range(4))
    bb_when_sb_folds = 0.0
    for i, a in enumerate(hands):
        for j, b in enumerate(hands):
            chance = table.pairs[i, j] / deals
            equity = table.equity[i, j] / table.pairs[i, j] if table.pairs[i, j] else 0.0
            showdown = stack * (2 * equity - 1)  # the small blind's net when called
            sb_fold[a] += chance * -(0.5 + ante)
            sb_push[a] += chance * (call[b] * showdown + (1 - call[b]) * (1 + ante))
            bb_when_sb_folds += chance * (1 - push[a]) * (0.5 + ante)
            bb_fold[b] += chance * push[a] * -(1 + ante)
            bb_call[b] += chance * push[a] * -showdown
    sb_value = sum(push[h] * sb_push[h] + (1 - push[h]) * sb_fold[h] for h in hands)
    sb_best = sum(max(sb_push[h], sb_fold[h]) for h in hands)
    bb_value = sum(call[h] * bb_call[h] + (1 - call[h]) * bb_fold[h] for h in hands) + bb_when_sb_folds
    bb_best = sum(max(bb_call[h], bb_fold[h]) for h in hands) + bb_when_sb_folds
    assert sb_value + bb_value == pytest.approx(0, abs=1e-12)  # zero-sum
    return ((sb_best - sb_value) + (bb_best - bb_value)) / 2, sb_value


@pytest.mark.parametrize(("stack", "ante"), [(1.0, 0), (1.5, 0), (3, 0), (8, 0), (15, 0), (40, 0), (10, 0.125),
                                             (5, 1)])
def test_pushfold_is_an_equilibrium_by_a_separate_best_response(few: ClassTable, stack: float, ante: float) -> None:
    result = solve_table(few, stack, ante)
    gap, sb_ev = best_response_exploitability(few, stack, ante, dict(result.push), dict(result.call))
    assert gap < 1e-4
    assert gap == pytest.approx(result.exploitability, abs=1e-12)
    assert result.ev == pytest.approx((sb_ev, -sb_ev), abs=1e-12)
    assert result.push["AA"] == result.call["AA"] == 1.0
    assert all(0 <= f <= 1 for f in [*result.push.values(), *result.call.values()])


def test_discounted_cfr_alone_gets_under_the_target(few: ClassTable) -> None:
    result = solve_table(few, 12, polish=False)
    gap, _ = best_response_exploitability(few, 12, 0, dict(result.push), dict(result.call))
    assert gap < 1e-5
    assert result.iterations < 10_000


def test_pushfold_ranges_widen_as_stacks_shrink(few: ClassTable) -> None:
    deep, short = solve_table(few, 30), solve_table(few, 2)
    assert sum(deep.push.values()) < sum(short.push.values())
    assert sum(deep.call.values()) < sum(short.call.values())
    assert deep.push["32o"] == 0.0


def test_pushfold_result_faces(few: ClassTable) -> None:
    result = solve_table(few, 10)
    combos = result.push_combos()
    assert len(combos) == sum(pl.STARTING_HANDS[h] for h in FEW)
    assert combos["AsAh"] == result.push["AA"] and combos["3d2c"] == result.push["32o"]
    data = json.loads(json.dumps(result.to_dict()))
    assert data["push"]["KK"] == 1.0 and data["ev"]["small_blind"] == pytest.approx(result.ev[0])
    assert "AA" in str(result.push_range()) and result.call_range().weights.sum() > 0
    with pytest.raises(TypeError):
        result.push["AA"] = 0.0  # type: ignore[index]


@pytest.mark.parametrize(("stack", "ante", "message"), [
    (0.9, 0, "stack_bb must be a finite number from 1.0 to 1000.0, got 0.9"),
    (math.nan, 0, "stack_bb must be a finite number"),
    (1.2, 0.5, "stack_bb must be a finite number from 1.5 to 1000.0, got 1.2"),
    (10, -1, "ante must be a finite number from 0 to 1000.0, got -1"),
    ("10", 0, "stack_bb must be a finite number"),
])
def test_pushfold_refuses_bad_input(stack: object, ante: object, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        pushfold(stack, ante)  # type: ignore[arg-type]


def test_chart_refuses_bad_input() -> None:
    with pytest.raises(InvalidArgumentError, match="max_bb must be a finite number from 1.0 to 100.0, got 0.5"):
        pushfold_chart(0.5)
    with pytest.raises(InvalidArgumentError, match="side must be 'push' or 'call'"):
        pushfold_chart(1.1).largest("AA", "raise")


# --- the command line ----------------------------------------------------------------------

runner = CliRunner()


def test_icm_command() -> None:
    result = runner.invoke(app, ["icm", "50", "30", "20", "--payouts", "70", "30", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["equity"] == pytest.approx([45.1786, 32.25, 22.5714], abs=1e-4)
    text = runner.invoke(app, ["icm", "50,30,20", "--payouts", "70,30"]).output
    assert "45.1786" in text and "22.5714" in text


@pytest.mark.parametrize(("args", "message"), [
    (["icm", "50", "30"], "error: give the payouts after the stacks"),
    (["icm", "50", "x", "--payouts", "1"], "error: stacks must be numbers, got 'x'"),
    (["icm", "50", "-3", "--payouts", "1"], "error: stacks must be finite numbers of at least 0"),
    (["pushfold", "ten"], "error: stack must be a number of big blinds or 'chart', got 'ten'"),
    (["pushfold", "0.5"], "error: stack_bb must be a finite number from 1.0 to 1000.0, got 0.5"),
])
def test_tournament_commands_refuse_in_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [message] or result.output.strip().startswith(message)
    assert len(result.output.strip().splitlines()) == 1


# --- the full table: HoldemResources' chart ------------------------------------------------


@pytest.mark.slow
def test_cached_table_agrees_with_a_fresh_exact_matrix() -> None:
    from pokerlab.tournament.pushfold import class_table

    table = class_table()
    fresh = matrix(["AKs", "QQ", "72o", "T3s"])
    index = {h: table.hands.index(h) for h in fresh.hands}
    for a, b in itertools.product(range(len(fresh.hands)), repeat=2):
        i, j = index[fresh.hands[a]], index[fresh.hands[b]]
        assert table.pairs[i, j] * math.comb(48, 5) == fresh.showdowns[a, b]
        assert table.equity[i, j] * math.comb(48, 5) == pytest.approx(fresh.wins[a, b] + fresh.ties[a, b] / 2)
    # and one cell against the equity engine itself, range against range
    aa, kk = table.hands.index("AA"), table.hands.index("KK")
    assert table.equity[aa, kk] / table.pairs[aa, kk] == pytest.approx(pl.equity(["AA", "KK"]).players[0].equity,
                                                                       abs=1e-9)


@pytest.mark.slow
def test_pushfold_agrees_with_holdem_resources() -> None:
    chart = pushfold_chart(20)
    everything = list(chart.push)
    # the small blind pushes any two at 1.4 bb or less, the big blind calls any two at 2.6 or less
    at = {s: k for k, s in enumerate(chart.stacks)}
    assert all(chart.frequencies[at[s], 0].min() >= 0.5 for s in chart.stacks if s <= 1.4)
    assert chart.frequencies[at[1.5], 0].min() < 0.5
    assert all(chart.frequencies[at[s], 1].min() >= 0.5 for s in chart.stacks if s <= 2.6)
    assert chart.frequencies[at[2.7], 1].min() < 0.5
    assert len(everything) == 169
    # T3s pushes up to 7.7 bb; Q2o calls up to 5.6 bb (the chart's figures are to 0.1 bb)
    assert 7.7 <= chart.largest("T3s") < 7.8
    assert 5.6 <= chart.largest("Q2o", "call") < 5.7
    # 63s has a gap: it pushes from 5.1 to 7.1 bb and below 2.3 bb
    runs = chart.push["63s"]
    assert 2.3 <= runs[0][1] < 2.4 and runs[0][0] == 1.0
    assert 5.1 <= runs[1][0] < 5.15 and 7.1 <= runs[-1][1] < 7.2
    assert not any(2.4 <= s < 5.1 or s >= 7.2 for s in chart.stacks
                   if chart.frequencies[at[s], 0, everything.index("63s")] >= 0.5)


@pytest.mark.slow
def test_pushfold_full_game_exactness() -> None:
    for stack in (1.4, 2.6, 7.7, 10, 20, 50):
        result = pushfold(stack)
        assert result.exploitability < 1e-4
        assert len(result.push_combos()) == len(result.call_combos()) == 1326
    # the equilibrium is exact: rounding is all that is left
    assert pushfold(10).exploitability < 1e-12
    at10 = pushfold(10)
    assert 0.55 < sum(at10.push_combos().values()) / 1326 < 0.6


@pytest.mark.slow
def test_pushfold_commands() -> None:
    result = runner.invoke(app, ["pushfold", "10", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["push"]["AA"] == 1.0 and data["exploitability"] < 1e-4
    text = runner.invoke(app, ["pushfold", "10"]).output
    assert "small blind pushes" in text and "big blind calls" in text and "AKs" in text
    chart = runner.invoke(app, ["pushfold", "chart", "--max-bb", "3", "--json"])
    assert chart.exit_code == 0, chart.output
    assert json.loads(chart.stdout)["push"]["72o"] == [[1.0, 1.6]]
    drawn = runner.invoke(app, ["pushfold", "chart", "--max-bb", "3"]).output
    assert "3+" in drawn and "1.6" in drawn


# --- the table's disk cache ----------------------------------------------------------------


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The cached table's counts handed out by a stand-in for the matrix job, which counts
    its calls; the process's table forgotten before and after."""
    from pokerlab.preflop import compute
    from pokerlab.preflop.results import PreflopMatrix
    module = importlib.import_module("pokerlab.tournament.pushfold")  # the package's name is the function

    real = module.class_table()
    wins = np.rint(real.equity * math.comb(48, 5)).astype(np.int64)  # ties folded in: a stand-in only
    showdowns = real.pairs * math.comb(48, 5)
    calls: list[int] = []

    def fake_matrix(progress: object = None) -> PreflopMatrix:
        calls.append(1)
        return PreflopMatrix(real.hands, wins, np.zeros_like(wins), showdowns)

    monkeypatch.setattr(compute, "matrix", fake_matrix)
    module._TABLE.clear()
    module._table_path.cache_clear()
    yield calls
    module._TABLE.clear()
    module._table_path.cache_clear()


def test_the_table_is_built_once_and_then_read(counted: list[int], tmp_path, monkeypatch) -> None:
    module = importlib.import_module("pokerlab.tournament.pushfold")  # the package's name is the function

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert not module.table_ready()
    first = module.class_table()
    assert counted == [1] and module.table_ready()
    files = list((tmp_path / "pokerlab").glob("pushfold-classes-*.npy"))
    assert len(files) == 1 and len(list((tmp_path / "pokerlab").iterdir())) == 1  # nothing left aside
    module._TABLE.clear()
    again = module.class_table()
    assert counted == [1]  # read, not built
    assert np.array_equal(first.pairs, again.pairs) and np.array_equal(first.equity, again.equity)
    files[0].write_bytes(b"not a table")  # a damaged file is rebuilt
    module._TABLE.clear()
    module.class_table()
    assert counted == [1, 1]


def test_a_read_only_cache_keeps_the_table_in_memory(counted: list[int], tmp_path, monkeypatch) -> None:
    module = importlib.import_module("pokerlab.tournament.pushfold")  # the package's name is the function

    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    table = module.class_table()
    assert counted == [1] and len(table.hands) == 169
    assert module.class_table() is table
