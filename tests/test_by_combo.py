"""equity(..., by_combo=True): each combo's equity, whose weighted mean is the player's."""

import json

import pytest

from pokerlab.equity.api import equity
from pokerlab.equity.by_combo import classes_of
from pokerlab.errors import InvalidArgumentError
from pokerlab.ranges.holdem import COMBO_NAMES, STARTING_HANDS, Range
from refusals import Refused, check, ids


def weighted_mean(combos, name="equity"):
    return sum(c.weight * getattr(c, name) for c in combos) / sum(c.weight for c in combos)


def test_hand_against_a_range_on_the_flop():
    villain = "QQ+,AK,KQs,JTs,T9s:0.5"
    r = equity(["AhKh", villain], "Qh7h3s", by_combo=True)
    hero, them = r.players
    assert [c.hand for c in hero.combos] == ["AhKh"] and hero.combos[0].equity == hero.equity
    left = Range(villain).without("Ah Kh Qh 7h 3s")
    assert sorted(c.hand for c in them.combos) == sorted(COMBO_NAMES[i] for i in left.weights.nonzero()[0])
    assert weighted_mean(them.combos) == pytest.approx(them.equity, abs=1e-12)
    assert weighted_mean(them.combos, "win") == pytest.approx(them.win, abs=1e-12)
    assert sum(c.weight for c in them.combos) == pytest.approx(left.weights.sum())
    # each combo as a call of its own: the same numbers
    for c in them.combos[::7]:
        alone = equity(["AhKh", c.hand], "Qh7h3s").players[1]
        assert (c.equity, c.win, c.tie) == pytest.approx((alone.equity, alone.win, alone.tie), abs=1e-12)


@pytest.mark.parametrize("players, board", [
    (["QQ+,AKs", "TT+,AQs+,KQs"], "Qh7h3s"),  # range against range: card removal weighs combos
    (["AA,KK", "KK,QQ:0.5"], ""),  # preflop, exact
    (["AsKs", "QQ+", "JJ,TT"], "Jd8c2h"),  # three players
])
def test_weighted_means_are_the_players_equities_exactly(players, board):
    r = equity(players, board, by_combo=True)
    assert r.exact
    known = " ".join(spec for spec in players if len(Range(spec)) == 1)
    for p, spec in zip(r.players, players):
        assert weighted_mean(p.combos) == pytest.approx(p.equity, abs=1e-12)
        assert weighted_mean(p.combos, "tie") == pytest.approx(p.tie, abs=1e-12)
        left = Range(spec).without(f"{board} {known}") if len(p.combos) > 1 else Range(spec)
        assert sum(c.weight for c in p.combos) == pytest.approx(left.weights.sum())


@pytest.mark.parametrize("game, players, board", [
    ("short-deck", ["QQ+,AK,KQs", "TT+,AQs+,KQs,J9s"], "Qh7h6s"),  # a flush beats a full house here
    ("holdem", ["QQ+,AK,KQs", "TT+,AQs+,KQs,J9s"], "Qh7h6s"),
])
def test_range_against_range_after_the_flop_is_each_combos_own_call(game, players, board):
    """Two ranges after the flop are counted deal by deal in one kernel call, in the game's
    ranking and deck: each combo's figures are those of the combo played alone against the
    other range."""
    r = equity(players, board, game=game, by_combo=True)
    assert r.exact
    for p, other in ((r.players[0], players[1]), (r.players[1], players[0])):
        assert weighted_mean(p.combos) == pytest.approx(p.equity, abs=1e-12)
        for c in p.combos[::5]:
            seats = [c.hand, other] if p is r.players[0] else [other, c.hand]
            alone = equity(seats, board, game=game).players[0 if p is r.players[0] else 1]
            assert (c.equity, c.win, c.tie) == pytest.approx((alone.equity, alone.win, alone.tie), abs=1e-12)


def test_classes_gather_the_combos_for_the_grid():
    r = equity(["AhKh", "22+,ATs+,KQ"], "Qh7h3s", by_combo=True)
    classes = r.players[1].classes
    assert set(classes) <= set(STARTING_HANDS)
    assert sum(c.combos for c in classes.values()) == len(r.players[1].combos)
    qq = [c for c in r.players[1].combos if c.hand[0] == c.hand[2] == "Q"]
    assert classes["QQ"].combos == len(qq) == 3
    assert classes["QQ"].equity == pytest.approx(weighted_mean(qq))
    assert weighted_mean(list(classes.values())) == pytest.approx(r.players[1].equity, abs=1e-12)
    assert list(classes) == sorted(classes, key=list(STARTING_HANDS).index)
    assert classes_of(()) == {}


def test_monte_carlo_by_combo_is_near_and_repeats_with_a_seed():
    kwargs = {"trials": 5000, "seed": 3, "by_combo": True}
    r = equity(["AhKh", "QQ+,AKs"], **kwargs)  # preflop: each combo sampled on its own
    assert not r.exact
    them = r.players[1]
    assert weighted_mean(them.combos) == pytest.approx(them.equity, abs=0.02)
    again = equity(["AhKh", "QQ+,AKs"], **kwargs)
    assert [c.equity for c in again.players[1].combos] == [c.equity for c in them.combos]


def test_two_ranges_after_the_flop_are_counted_exactly_even_on_a_monte_carlo_call():
    sampled = equity(["AhKh", "QQ+,AKs"], "Qh7h3s", trials=5000, seed=1, by_combo=True)
    exact = equity(["AhKh", "QQ+,AKs"], "Qh7h3s", by_combo=True)
    assert not sampled.exact and sampled.players[1].combos == exact.players[1].combos


def test_to_dict_lists_combos_and_classes_only_when_asked():
    plain = equity(["AhKh", "QQ+"], "Qh7h3s").to_dict()
    assert "combos" not in plain["players"][1]  # type: ignore[index]
    d = json.loads(json.dumps(equity(["AhKh", "QQ+"], "Qh7h3s", by_combo=True).to_dict()))
    them = d["players"][1]
    assert {c["hand"] for c in them["combos"]} >= {"AsAd", "KsKd"}
    assert set(them["classes"]) == {"AA", "KK", "QQ"}
    assert set(them["classes"]["AA"]) == {"name", "combos", "weight", "equity", "win", "tie"}


TABLE = [
    Refused("by-combo-not-bool", lambda: equity(["AhKh", "QQ"], by_combo="yes"),  # type: ignore[arg-type]
            InvalidArgumentError, r"by_combo must be True or False"),
    Refused("by-combo-omaha", lambda: equity(["AhKhQsJs", "2c2d3c3d"], game="omaha", by_combo=True),
            InvalidArgumentError, r"only in holdem, short-deck"),
]


@pytest.mark.parametrize("case", TABLE, ids=ids(TABLE))
def test_refusals(case):
    check(case)


def test_range_against_range_on_the_turn_with_dead_cards_matches_each_combo_alone():
    a, b, board, dead = "TT+,AQs+,KQs:0.5", "JJ+,AK,98s", "Qh 7h 3s 2d", "9h"
    r = equity([a, b], board, dead, by_combo=True)
    for c in r.players[0].combos[::3]:
        alone = equity([c.hand, Range(b)], board, dead).players[0]
        assert (c.equity, c.win, c.tie) == pytest.approx((alone.equity, alone.win, alone.tie), abs=1e-12)
    for c in r.players[1].combos[::5]:
        alone = equity([Range(a), c.hand], board, dead).players[1]
        assert c.equity == pytest.approx(alone.equity, abs=1e-12)
    assert weighted_mean(r.players[0].combos) == pytest.approx(r.players[0].equity, abs=1e-12)


def test_monte_carlo_by_combo_samples_every_combo_in_the_one_run_within_its_time():
    players = ["AsKs", "QQ+,AKs", "random"]
    r = equity(players, seconds=0.2, seed=5, by_combo=True)
    assert not r.exact  # one run (the weights below show it), where each combo run apart took a minute
    for player, dealt in zip(r.players[1:], (15, 1225)):  # the combos AsKs leaves them
        assert weighted_mean(player.combos) == pytest.approx(player.equity, abs=1e-9)  # one run's showdowns
        assert sum(c.weight for c in player.combos) == pytest.approx(dealt)
    sampled = equity(players, trials=200_000, seed=1, by_combo=True)
    assert len(sampled.players[2].combos) == 1225
    alone = equity(["AsKs", Range("AKs"), "random"], trials=200_000, seed=2).players[1]
    assert sampled.players[1].classes["AKs"].equity == pytest.approx(alone.equity, abs=0.02)
