"""Strategy charts: their return beside perfect play, computed both through the kernels and
deal by deal through the public hold advisor, and the published shape of the Jacks or Better chart."""

import itertools
import json
import random
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.errors import InvalidArgumentError, PaytableError, VideoPokerError
from pokerlab.videopoker import analyze, hold_evs
from pokerlab.videopoker.paytable import get_paytable
from pokerlab.videopoker.strategy import chart_evs, forget_charts, game_deals, line_text, saved_strategy, strategy
from refusals import Refused, check, ids

SUITS = list(itertools.permutations(range(4)))


def suit_class_size(cards: tuple[int, ...]) -> int:
    """How many distinct deals the suit permutations of a deal give: the deal's weight (the
    joker, which has no suit, left out)."""
    return len({tuple(sorted(c - c % 4 + perm[c % 4] for c in cards)) for perm in SUITS})


def first_line(chart_lines: tuple[str, ...], family: str) -> int:
    return next(i for i, line in enumerate(chart_lines) if line == family or line.startswith(family + " ("))


def test_jacks_9_6_chart_returns_within_a_hair_of_perfect_play():
    chart = strategy("jacks-9-6")
    assert chart.optimal_return == pytest.approx(0.995439, abs=5e-7)  # the published figure
    assert 0.9950 <= chart.expected_return <= chart.optimal_return
    assert chart.optimal_return == pytest.approx(analyze("jacks-9-6").expected_return, abs=1e-12)
    assert strategy(get_paytable("jacks-9-6")) is chart  # kept per pay table
    data = chart.to_dict()
    assert data["lines"] == list(chart.lines) and data["cost"] == pytest.approx(chart.cost)


def test_the_jacks_chart_has_the_published_order():
    lines = strategy("jacks-9-6").lines
    assert lines[0] == "Royal flush" and lines[-1] == "Discard everything"
    # Break a made flush or straight for four to a royal; a high pair beats three to a royal
    # and four to a flush; a low pair beats four to an inside straight and lone high cards.
    assert first_line(lines, "4 to a royal flush") < first_line(lines, "Flush")
    assert first_line(lines, "4 to a royal flush") < first_line(lines, "Straight")
    assert first_line(lines, "High pair") < first_line(lines, "3 to a royal flush") < first_line(lines, "4 to a flush")
    assert first_line(lines, "Low pair") < first_line(lines, "4 to an inside straight")
    assert first_line(lines, "Low pair") < first_line(lines, "One high card")


def test_the_chart_return_deal_by_deal():
    """A sample of the deals up to suits, each weighted by the deals it stands for, played by
    the chart through the public advisor, sums to what the kernels give for the same deals."""
    chart = strategy("jacks-9-6")
    deals = game_deals(chart.paytable)
    fast = chart_evs("jacks-9-6")
    rows = random.Random(13).sample(range(len(deals.weights)), 60)
    slow_total = fast_total = 0.0
    for row in rows:
        cards = tuple(int(c) for c in deals.cards[row])
        weight = suit_class_size(cards)
        assert weight == deals.weights[row]
        line, hold = chart.hold(list(cards))
        assert line in chart.lines
        holds = hold_evs(list(cards), "jacks-9-6")
        assert hold in holds and hold.ev <= holds[0].ev
        slow_total += weight * hold.ev
        fast_total += weight * fast[row]
    assert slow_total == pytest.approx(fast_total, rel=1e-12)


def test_the_chart_holds_what_its_lines_say():
    chart = strategy("jacks-9-6")
    for hand, line, held in (("Ah Kh Qh Jh 9h", "4 to a royal flush", "Ah Kh Qh Jh"),
                             ("Js Jd 5c 8h 2s", "High pair", "Js Jd"),
                             ("As Ks Kh 4s 4d", "Two pair", "Ks Kh 4s 4d"),
                             ("7c 8d 2h 3s 9c", "Discard everything", "draw five")):
        got_line, hold = chart.hold(hand)
        assert got_line.startswith(line) and hold.label == held


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True), st.permutations(range(4)))
def test_the_chart_reads_a_hand_whatever_its_suits(cards, suits):
    chart = strategy("jacks-9-6")
    line, hold = chart.hold(cards)
    assert line in chart.lines and hold in hold_evs(cards, "jacks-9-6")
    renamed = [c - c % 4 + suits[c % 4] for c in cards]
    other_line, other_hold = chart.hold(renamed)
    assert other_line == line and other_hold.ev == pytest.approx(hold.ev, abs=1e-12)


@pytest.mark.slow
def test_every_deal_is_counted_once():
    deals = game_deals(get_paytable("jacks-8-5"))
    assert int(deals.weights.sum()) == comb(52, 5)
    assert len(deals.weights) == 134_459
    chart = strategy("jacks-8-5")
    assert chart.optimal_return == pytest.approx(0.972984, abs=5e-7)
    assert chart.optimal_return - chart.expected_return < 0.001
    assert float(deals.weights @ chart_evs("jacks-8-5")) / comb(52, 5) == pytest.approx(chart.expected_return)
    assert np.all(chart_evs("jacks-8-5") <= deals.evs.max(axis=1) + 1e-12)


def test_a_line_names_a_family_alone_only_when_it_plays_all_of_it():
    members = [("open", "1 high card"), ("open", "0 high cards"), ("inside", "2 high cards"),
               ("inside", "1 high card"), ("inside", "0 high cards")]
    assert line_text("SF", members, members, False) == "SF"
    assert line_text("SF", members[:4], members, False) == "SF (open; inside: 1-2 high cards)"
    assert line_text("SF", members[3:], members, False) == "SF (inside: 0-1 high cards)"
    # where one deal could fit two of the run's parts, they keep the chart's order
    assert line_text("SF", members[2:4] + members[:1], members, True) == \
        "SF (inside: 2 high cards; inside: 1 high card; open: 1 high card)"
    pairs = [("", rank) for rank in "23456789T"]
    assert line_text("Low pair", pairs[:2] + pairs[3:], pairs, False) == "Low pair (5-T, 3, 2)"


def test_a_wild_game_has_a_section_for_each_number_of_wild_cards():
    chart = strategy("deuces-wild-nsu")
    assert chart.optimal_return == pytest.approx(analyze("deuces-wild-nsu").expected_return, abs=1e-12)
    assert chart.cost < 0.001
    titles = list(dict.fromkeys(chart.sections))
    assert titles == ["Four deuces", "Three deuces", "Two deuces", "One deuce", "No deuces"]
    assert all(line.startswith(f"{title}: ") for line, title in zip(chart.lines, chart.sections))
    # four deuces pay the same whatever comes with them: the chart keeps them alone
    assert chart.lines[0] == "Four deuces: Deuces only" and chart.lines[-1] == "No deuces: Discard everything"
    for hand, line, held in (("2c 2d 2h 2s 9c", "Four deuces: Deuces only", 4),
                             ("2c 2d 7h 8h Ks", "Two deuces: 4 to a straight flush", 4),  # straight flushes pay 10
                             ("2c 2d 7h 9c Ks", "Two deuces: Deuces only", 2),
                             ("Ah Kh Qh Jh 9c", "No deuces: 4 to a royal flush", 4)):
        got_line, hold = chart.hold(hand)
        assert got_line.startswith(line) and len(hold.cards) == held
        assert hold.ev == hold_evs(hand, "deuces-wild-nsu")[0].ev


@pytest.mark.slow
@pytest.mark.parametrize("name", ["double-double-bonus-9-6", "deuces-wild-full-pay", "joker-kings-20-7-5"])
def test_charts_of_other_games_are_within_a_tenth_of_a_percent(name):
    chart = strategy(name)
    assert chart.optimal_return == pytest.approx(analyze(name).expected_return, abs=1e-12)
    assert 0 <= chart.cost < 0.001
    deals = game_deals(chart.paytable)
    assert int(deals.weights.sum()) == comb(chart.paytable.deck_size, 5)
    rows = random.Random(5).sample(range(len(deals.weights)), 15)
    for row in rows:
        cards = [int(c) for c in deals.cards[row]]
        assert chart.hold(cards)[1].ev == pytest.approx(chart_evs(name)[row], abs=1e-12)
        assert suit_class_size(tuple(c for c in cards if c < 52)) == deals.weights[row]


REFUSALS = [
    Refused("strategy-unknown-table", lambda: strategy("jacks-1-1"), PaytableError, "unknown pay table"),
    Refused("strategy-progress", lambda: strategy("jacks-9-6", progress=1), InvalidArgumentError,
            r"progress must be a callable"),
    Refused("strategy-coins", lambda: strategy("jacks-9-6", coins=0), VideoPokerError, "coins must be"),
    Refused("chart-evs-coins", lambda: chart_evs("jacks-9-6", coins=6), VideoPokerError, "coins must be"),
]


@pytest.mark.parametrize("case", REFUSALS, ids=ids(REFUSALS))
def test_refusals(case: Refused) -> None:
    check(case)


def test_a_chart_being_built_reports_its_progress(tmp_path):
    table = get_paytable("jacks-8-5")
    kept = strategy(table)
    forget_charts()
    heard: list[tuple[int, int]] = []
    built = saved_strategy(table, 5, tmp_path, progress=lambda done, total: heard.append((done, total)))
    assert built == kept
    assert heard[0] == (0, 1000) and heard[-1] == (1000, 1000) and len(heard) >= 5
    assert all(a[0] <= b[0] for a, b in zip(heard, heard[1:]))
    heard.clear()
    assert strategy(table, progress=lambda done, total: heard.append((done, total))) == kept
    assert heard == []  # kept from before: nothing to build


def test_a_chart_is_saved_and_read_back(tmp_path):
    table = get_paytable("jacks-9-6")
    built = saved_strategy(table, 5, tmp_path)
    (saved,) = tmp_path.glob("strategy-*.json")
    assert saved_strategy(table, 5, tmp_path) == built == strategy(table)
    saved.write_text('{"lines": ["Royal flush"]}')  # not a chart this code wrote: built again
    assert saved_strategy(table, 5, tmp_path) == built
    assert len(json.loads(saved.read_text())["lines"]) == len(built.lines)
    assert saved_strategy(table, 5, tmp_path / "missing" / "folder").lines == built.lines
