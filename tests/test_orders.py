"""``top N%`` in each two-card game: the deck's own starting hands, in the game's own order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerlab as pl
from pokerlab.errors import InvalidRangeError
from pokerlab.games import HOLDEM, HOLDEM_HILO, SHORT_DECK, SHORT_DECK_TRITON, Game
from pokerlab.preflop.orders import class_equities
from pokerlab.ranges.holdem import STARTING_HANDS, Range, deck_classes, starting_hand_order, top_classes
from pokerlab.ranges.orders import ORDER_FILES, order_of

ROYAL = Game("royal-holdem", "Royal hold'em", 2, 5, lowest_rank=8)


def test_hold_em_s_deck_and_ranking_read_the_default_order() -> None:
    assert order_of(HOLDEM) is None and order_of(HOLDEM_HILO) is None


@pytest.mark.parametrize("game", [SHORT_DECK, SHORT_DECK_TRITON], ids=lambda g: g.name)
def test_short_deck_s_orders_rank_its_own_hands(game: Game) -> None:
    order = order_of(game)
    assert order is not None and sorted(order) == sorted(deck_classes(4)) and len(order) == 81
    assert order[0] == "AA" and "22" not in order


@pytest.mark.parametrize("game", [SHORT_DECK, SHORT_DECK_TRITON], ids=lambda g: g.name)
def test_the_shipped_equities_are_those_computed_exactly(game: Game) -> None:
    path = ORDER_FILES[(game.lowest_rank, game.ranking)]
    shipped = {line.split(",")[0]: [float(x) for x in line.split(",")[2:]]
               for line in path.read_text().splitlines()[1:]}
    for name, combos, equity, win, tie in class_equities(game, hands=["AA", "KQs", "76o", "T9s"]):
        assert combos == STARTING_HANDS[name]
        assert shipped[name] == pytest.approx([equity, win, tie], abs=1e-11)
    order = starting_hand_order(path, 4)
    assert [shipped[name][0] for name in order] == sorted((e for e, _, _ in shipped.values()), reverse=True)


@given(st.floats(0, 100).map(lambda p: round(p, 2)))
def test_a_percentage_is_of_the_deck_s_combos(percent: float) -> None:
    chosen = Range(f"top {percent}%", order=order_of(SHORT_DECK))
    assert abs(len(chosen) - percent / 100 * 630) <= 6  # half the largest class
    assert len(chosen) == sum(STARTING_HANDS[name] for name in top_classes(percent, order_of(SHORT_DECK)))


def test_short_deck_s_top_tenth_is_a_tenth_of_its_hands_in_its_order() -> None:
    result = pl.equity(["AhKh", "top 10%"], game="short-deck", exact=True)
    expected = pl.equity(["AhKh", ",".join(top_classes(10, order_of(SHORT_DECK)))], game="short-deck", exact=True)
    assert result.players[0].equity == expected.players[0].equity
    spot = pl.solver.Spot("Td9d6hQcAs", "top 10%", "AA", 100, 100, game="short-deck")
    assert len(spot.combos("oop")) < 0.1 * 630  # less the board's cards


def test_a_game_without_an_order_refuses_top_n_percent() -> None:
    assert order_of(ROYAL) == ()
    with pytest.raises(InvalidRangeError, match="top N% needs the game's order of starting hands"):
        pl.equity(["AhKh", "top 10%"], game=ROYAL)
    assert pl.equity(["AhKh", "QQ+"], game=ROYAL).players[0].equity > 0  # the other items are read


def test_an_order_lists_starting_hands_once() -> None:
    for order in (["AA", "AA"], ["AA", "KK"], [*deck_classes(4), "22"]):
        with pytest.raises(ValueError, match="each starting hand of a deck"):
            top_classes(10, order)
    assert top_classes(10, ["AA"]) == () and top_classes(60, ["AA"]) == ("AA",)  # the deck of aces alone
    assert deck_classes(8) == ("AA", "AKs", "AQs", "AJs", "ATs", "AKo", "KK", "KQs", "KJs", "KTs", "AQo", "KQo",
                               "QQ", "QJs", "QTs", "AJo", "KJo", "QJo", "JJ", "JTs", "ATo", "KTo", "QTo", "JTo", "TT")
