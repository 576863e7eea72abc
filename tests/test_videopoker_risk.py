"""Risk: one hand's spread from the whole-game analysis, and the risk of ruin checked against a
plain recursion written here and a seeded simulation."""

import dataclasses
import json

import numpy as np
import pytest

from pokerlab.errors import InvalidArgumentError, PaytableError, VideoPokerError
from pokerlab.videopoker import analyze
from pokerlab.videopoker import strategy_kernels as kernel
from pokerlab.videopoker.risk import (
    MAX_HANDS,
    NEGLIGIBLE,
    bankroll_for,
    hand_risk,
    risk_of_ruin,
    ruin_by_bankroll,
    safe_bankroll,
)
from refusals import Refused, check, ids


def test_one_hand_matches_the_analysis():
    risk = hand_risk("jacks-9-6")
    game = analyze("jacks-9-6")
    assert risk.variance == game.variance and risk.expected_return == game.expected_return
    assert risk.standard_deviation == pytest.approx(game.variance ** 0.5)
    assert sum(p for _, p in risk.outcomes) == pytest.approx(1.0, abs=1e-12)
    assert sum(net * p for net, p in risk.outcomes) == pytest.approx(game.expected_return - 1, abs=1e-12)
    assert risk.outcomes[0][0] == -1 and risk.outcomes[-1][0] == 799
    assert risk.to_dict()["standard_deviation"] == risk.standard_deviation


def plain_ruin(outcomes: list[tuple[int, float]], bankroll: int, hands: int) -> float:
    """Carry the chance of each bankroll forward hand by hand; a bankroll of 0 is ruined."""
    alive = {bankroll: 1.0}
    ruined = 0.0
    for _ in range(hands):
        after: dict[int, float] = {}
        for balance, p in alive.items():
            for net, q in outcomes:
                after[balance + net] = after.get(balance + net, 0.0) + p * q
        ruined += after.pop(0, 0.0)
        alive = after
    return ruined


def test_ruin_matches_a_plain_recursion():
    outcomes = list(hand_risk("jacks-8-5", coins=1).outcomes)
    for bets in (1, 3, 8, 25):
        assert risk_of_ruin("jacks-8-5", bets, 40, coins=1).risk == pytest.approx(plain_ruin(outcomes, bets, 40),
                                                                           rel=1e-9, abs=1e-15)


def test_leaving_out_high_bankrolls_changes_nothing():
    hand, hands = hand_risk("jacks-9-6"), 3000
    top = safe_bankroll(hand, hands)
    assert top < hands
    nets = np.array([net for net, _ in hand.outcomes])
    chances = np.array([p for _, p in hand.outcomes])
    start = np.zeros(hands + 2 + nets.max())
    start[0] = 1.0
    every = kernel.ruin_after(nets, chances, start, hands, hands)  # bankrolls up to the hands: none left out
    assert np.max(np.abs(every[:top + 1] - ruin_by_bankroll(hand, hands))) < 1e-13
    assert every[top] < NEGLIGIBLE
    # carried in steps, as when progress is reported: the same risks, every step heard of
    heard: list[tuple[int, int]] = []
    stepped = ruin_by_bankroll(hand, hands, lambda done, total: heard.append((done, total)))
    assert np.array_equal(stepped, ruin_by_bankroll(hand, hands))
    assert heard[-1] == (hands, hands) and len(heard) == 100
    assert all(a[0] < b[0] for a, b in zip(heard, heard[1:]))


def test_ruin_matches_a_seeded_simulation():
    outcomes = hand_risk("jacks-9-6").outcomes
    nets = np.array([net for net, _ in outcomes])
    chances = np.array([p for _, p in outcomes])
    rng = np.random.default_rng(2024)
    sessions, hands, bets = 20_000, 300, 30
    walks = np.cumsum(rng.choice(nets, size=(sessions, hands), p=chances / chances.sum()), axis=1)
    simulated = float(np.mean(walks.min(axis=1) <= -bets))
    exact = risk_of_ruin("jacks-9-6", bankroll=bets * 5, hands=hands).risk
    spread = (exact * (1 - exact) / sessions) ** 0.5
    assert 0.05 < exact < 0.95
    assert abs(simulated - exact) < 4 * spread


def test_bankroll_for_is_the_least_bankroll_within_the_risk():
    for limit, hands in ((0.05, 1000), (0.2, 5000), (0.5, 1)):
        need = bankroll_for("jacks-9-6", limit, hands)
        assert need.bankroll % 5 == 0 and need.bets == need.bankroll // 5 and need.limit == limit
        assert need.risk == risk_of_ruin("jacks-9-6", need.bankroll, hands).risk <= limit
        assert risk_of_ruin("jacks-9-6", need.bankroll - 5, hands).risk > limit
    assert risk_of_ruin("jacks-9-6", 4, 10).risk == 1.0  # less than one bet: ruined before the first hand
    assert risk_of_ruin("jacks-9-6", 55, 10).risk == 0.0  # more bets than hands
    risks = [float(risk_of_ruin("jacks-9-6", coins, 2000)) for coins in range(0, 2000, 100)]
    assert risks == sorted(risks, reverse=True)


def test_results_are_frozen_values_with_their_units():
    ruin = risk_of_ruin("jacks-9-6", bankroll=1003, hands=500, coins=5)
    assert ruin.bets == 200 and ruin.risk == risk_of_ruin("jacks-9-6", bankroll=1000, hands=500).risk
    assert ruin.to_dict() == {"paytable": "jacks-9-6", "coins": 5, "bankroll": 1003, "bets": 200, "hands": 500,
                              "risk": ruin.risk}
    need = bankroll_for("deuces-wild-full-pay", 0.1, 500, coins=1)
    assert json.loads(json.dumps(need.to_dict())) == {
        "paytable": "deuces-wild-full-pay", "coins": 1, "hands": 500, "limit": 0.1, "bankroll": need.bankroll,
        "bets": need.bankroll, "risk": need.risk}
    for result in (ruin, need):
        with pytest.raises(dataclasses.FrozenInstanceError):
            result.risk = 0.5  # type: ignore[misc]


REFUSALS = [
    Refused("ruin-table", lambda: risk_of_ruin("nope"), PaytableError, "unknown pay table"),
    Refused("ruin-bankroll", lambda: risk_of_ruin("jacks-9-6", -1, 10), InvalidArgumentError, "bankroll must be"),
    Refused("ruin-bankroll-float", lambda: risk_of_ruin("jacks-9-6", 10.5, 10), InvalidArgumentError,
            "bankroll must be"),
    Refused("ruin-hands", lambda: risk_of_ruin("jacks-9-6", 100, 0), InvalidArgumentError, "hands must be"),
    Refused("ruin-hands-many", lambda: risk_of_ruin("jacks-9-6", 100, MAX_HANDS + 1), InvalidArgumentError,
            "hands must be an int from 1 to 100000"),
    Refused("ruin-coins", lambda: risk_of_ruin("jacks-9-6", 100, 10, coins=6), VideoPokerError, "coins must be"),
    Refused("bankroll-risk-zero", lambda: bankroll_for("jacks-9-6", 0, 10), InvalidArgumentError, "risk must be"),
    Refused("bankroll-risk-high", lambda: bankroll_for("jacks-9-6", 1.5, 10), InvalidArgumentError, "risk must be"),
    Refused("bankroll-risk-nan", lambda: bankroll_for("jacks-9-6", float("nan"), 10), InvalidArgumentError,
            "risk must be"),
    Refused("bankroll-hands", lambda: bankroll_for("jacks-9-6", 0.1, "10"), InvalidArgumentError, "hands must be"),
    Refused("ruin-progress", lambda: risk_of_ruin("jacks-9-6", 100, 10, progress=5), InvalidArgumentError,
            r"progress must be a callable"),
    Refused("bankroll-progress", lambda: bankroll_for("jacks-9-6", 0.1, 10, progress="x"), InvalidArgumentError,
            r"progress must be a callable"),
    Refused("hand-risk-coins", lambda: hand_risk("jacks-9-6", coins=0), VideoPokerError, "coins must be"),
]


@pytest.mark.parametrize("case", REFUSALS, ids=ids(REFUSALS))
def test_refusals(case: Refused) -> None:
    check(case)
