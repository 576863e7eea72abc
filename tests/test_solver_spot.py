"""The solver's Spot: the issue's spots as postflop-solver counts their combos, card removal,
short deck, every refusal naming its argument, and the spot as a value (frozen, equal, its
repr and to_dict)."""

from __future__ import annotations

import dataclasses
import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidRangeError,
    PokerlabError,
)
from pokerlab.games import HOLDEM, SHORT_DECK
from pokerlab.ranges.holdem import Range
from pokerlab.solver.arena import memory_estimate
from pokerlab.solver.spot import Spot

OOP_RANGE = "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s"
IP_RANGE = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+"


@pytest.mark.parametrize(("board", "oop", "ip"), [("Td9d6h", 180, 265), ("Td9d6hQc", 167, 250),
                                                   ("Td9d6hQc2s", 167, 246)])
def test_the_issues_spots_hold_postflop_solvers_combo_counts(board: str, oop: int, ip: int) -> None:
    spot = Spot(board, OOP_RANGE, IP_RANGE, 200, 900, bets="60%, e, a", raises="2.5x")
    assert (len(spot.combos(0)), len(spot.combos(1))) == (oop, ip)
    assert spot.weights("oop").shape == (oop,) and spot.weights("ip").dtype == np.float64


def test_the_issues_turn_spot_and_its_tree() -> None:
    spot = Spot(board="Td9d6hQc", oop=OOP_RANGE, ip=IP_RANGE, pot=200, stack=900, bets="60%, e, a", raises="2.5x")
    assert spot.tree.actions(0) == ("Check", "Bet 120", "Bet 216", "All-in 900")
    assert spot.tree is spot.tree and spot.tree.pot == 200 and spot.tree.stack == 900
    assert spot.board == (33, 29, 18, 40) and spot.game == HOLDEM
    assert (spot.pot, spot.stack, spot.rake, spot.rake_cap) == (200.0, 900.0, 0.0, math.inf)


def test_card_removal_and_weights() -> None:
    spot = Spot("Ah 7c 2d", "AA:0.5,KK", "QQ", 10, 95)
    combos, weights = spot.combos("oop"), spot.weights("oop")
    assert len(combos) == 3 + 6
    assert sorted(weights.tolist()) == [0.5] * 3 + [1.0] * 6
    assert combos.dtype == np.uint8 and combos.shape == (9, 2)
    assert np.all(combos[:, 0] > combos[:, 1])  # the higher card first
    assert [tuple(row) for row in combos.tolist()] == sorted(tuple(row) for row in combos.tolist())
    assert not combos.flags.writeable and not weights.flags.writeable
    aces = {tuple(sorted(row)) for row, w in zip(combos.tolist(), weights) if w == 0.5}
    assert aces == {(48, 49), (48, 51), (49, 51)}  # Ac Ad, Ac As, Ad As: none holds the Ah


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=3, max_size=5, unique=True),
       st.sampled_from(["AA,KK", "22+", "A2s+,KQo", "random", "T9s:0.25,QQ+"]))
def test_combos_are_the_range_less_the_board(board: list[int], text: str) -> None:
    try:
        spot = Spot(board, text, "random", 1, 1)
    except InvalidRangeError:
        assert len(Range(text).without(board)) == 0
        return
    expected = Range(text).without(board).combos()
    got = sorted(zip((tuple(sorted(row)) for row in spot.combos(0).tolist()), spot.weights(0).tolist()))
    assert got == sorted(expected)
    assert not np.isin(spot.combos(0), board).any()


def test_a_range_object_is_taken_as_its_text() -> None:
    spot = Spot("2c3c4c", Range("AA"), "KK", 1, 1)
    assert spot.oop == "AA" and len(spot.combos(0)) == 6


def test_short_deck_plays_its_deck() -> None:
    spot = Spot("Ah 7c 6d", "AA,A6s", "random", 10, 95, game="short-deck")
    assert spot.game == SHORT_DECK
    assert len(spot.combos(1)) == math.comb(36 - 3, 2)  # no card below the six
    assert len(spot.combos(0)) == 3 + 2  # A6s without the Ah and the 6d
    with pytest.raises(InvalidCardError, match="^board: 5d is not in the short-deck deck"):
        Spot("Ah 7c 5d", "AA", "KK", 10, 95, game="short-deck")
    with pytest.raises(InvalidRangeError, match="^oop: short-deck deals no card below the Six"):
        Spot("Ah 7c 6d", "AA,55", "KK", 10, 95, game=SHORT_DECK)


@pytest.mark.parametrize("game", ["omaha", "holdem-hilo", "deuce-to-seven", "short-deck-omaha", "stud", 3, None])
def test_other_games_are_refused_naming_game(game: object) -> None:
    with pytest.raises(InvalidArgumentError, match=r"^game must be 'holdem' or 'short-deck'"):
        Spot("Ah 7c 2d", "AA", "KK", 10, 95, game=game)  # type: ignore[arg-type]


@pytest.mark.parametrize(("arguments", "error", "message"), [
    ({"board": "Ah Ah 2d"}, DuplicateCardError, "^board: duplicate card: Ah"),
    ({"board": "Ah 2d"}, HandSizeError, "^board: a spot starts on the flop, the turn or the river"),
    ({"board": "Ah 2d 3d 4d 5d 6d"}, HandSizeError, "^board: .*got 6"),
    ({"board": "Ah 2d Xx"}, InvalidCardError, "^board: unknown card"),
    ({"board": 2.5}, InvalidCardError, "^board: "),
    ({"oop": "AKz"}, InvalidRangeError, "^oop: unknown range token: 'AKz'"),
    ({"ip": 5}, InvalidArgumentError, "^ip: a range is read from text"),
    ({"ip": "KhQc"}, InvalidRangeError, r"^ip: range 'KhQc' is empty once the board's cards are out"),
    ({"ip": ""}, InvalidRangeError, "^ip: range '' is empty"),
    ({"oop": "AsAc", "ip": "AsKs,KsAc"}, InvalidRangeError, "^oop, ip: every combo of one range shares a card"),
    ({"pot": 0}, InvalidArgumentError, "^pot must be a finite number above 0"),
    ({"pot": -5}, InvalidArgumentError, "^pot must be"),
    ({"stack": math.nan}, InvalidArgumentError, "^stack must be a finite number above 0"),
    ({"stack": "900"}, InvalidArgumentError, "^stack must be"),
    ({"stack": True}, InvalidArgumentError, "^stack must be"),
    ({"rake": 1}, InvalidArgumentError, "^rake must be a share of the pot below 1"),
    ({"rake": -0.1}, InvalidArgumentError, "^rake must be a finite number from 0 to 1"),
    ({"rake_cap": -1}, InvalidArgumentError, "^rake_cap must be a finite number of at least 0"),
    ({"bets": "60"}, InvalidArgumentError, "^bets: '60' is not a size"),
    ({"raises": "2.5"}, InvalidArgumentError, "^raises: '2.5' is not a size"),
    ({"bets": {"river": "50%"}}, InvalidArgumentError, "^bets has no sizes for turn"),
    ({"donks": {"river": "2x"}}, InvalidArgumentError, r"^donks\['river'\]: '2x'"),
    ({"cap": 0}, InvalidArgumentError, "^cap must be an int of at least 1"),
    ({"add_allin_threshold": -1}, InvalidArgumentError, "^add_allin_threshold must be"),
    ({"force_allin_threshold": math.inf}, InvalidArgumentError, "^force_allin_threshold must be"),
    ({"merging_threshold": None}, InvalidArgumentError, "^merging_threshold must be"),
    ({"board": "Td9d6h", "bets": "10%, 25%, 50%, 75%, 100%", "raises": "2x", "stack": 2000},
     InvalidArgumentError, "^bets, raises: the tree would have more than 100,000 nodes"),
])
def test_refusals_name_their_argument(arguments: dict[str, object], error: type[PokerlabError], message: str) -> None:
    given_ = {"board": "Td9d6hQc", "oop": "AA,KK", "ip": "QQ,AhKx", "pot": 200, "stack": 900} | arguments
    with pytest.raises(error, match=message):
        Spot(**given_)  # type: ignore[arg-type]


def test_a_range_syntax_error_keeps_its_position_for_the_caret() -> None:
    with pytest.raises(InvalidRangeError) as caught:
        Spot("Td9d6h", "QQ+,AKz", "KK", 1, 1)
    assert (caught.value.position, caught.value.token, caught.value.text) == (4, "AKz", "QQ+,AKz")


@pytest.mark.parametrize("player", [2, -1, "button", True, 0.0, None])
def test_a_player_is_0_or_oop_1_or_ip(player: object) -> None:
    spot = Spot("2c3c4c", "AA", "KK", 1, 1)
    with pytest.raises(InvalidArgumentError, match="^player must be 0 or 'oop'"):
        spot.combos(player)  # type: ignore[arg-type]
    assert spot.combos(np.int64(1)).tolist() == spot.combos("IP").tolist()


def test_a_spot_is_a_frozen_value_with_a_repr_that_makes_it_again() -> None:
    spot = Spot("Td9d6hQc", "AA,KK", "QQ,AhKx", 200, 900.5, bets={"turn": "60%, e", "river": {"oop": "75%", "ip": "a"}},
                raises="3x", donks="33%", cap=3, force_allin_threshold=0.15, rake=0.05, rake_cap=3)
    again = eval(repr(spot), {"Spot": Spot})
    assert again == spot and hash(again) == hash(spot) and repr(again) == repr(spot)
    assert repr(Spot("Td9d6h", "AA", "KK", 10, 95)) == "Spot(board='Td 9d 6h', oop='AA', ip='KK', pot=10, stack=95)"
    assert Spot("Td9d6h", "AA", "KK", 10, 95) != Spot("Td9d6h", "AA", "KK", 10, 96)
    with pytest.raises(dataclasses.FrozenInstanceError):
        spot.pot = 5  # type: ignore[misc]


def test_to_dict_is_plain_json() -> None:
    spot = Spot("Td9d6hQc", "AA,KK", "QQ", 200, 900, bets={"oop": "60%", "ip": "e, a"}, raises="2.5x")
    data = json.loads(json.dumps(spot.to_dict()))
    assert data["board"] == "Td 9d 6h Qc" and data["game"] == "holdem" and data["street"] == "turn"
    assert data["bets"] == {"turn": {"oop": "60%", "ip": "e, a"}, "river": {"oop": "60%", "ip": "e, a"}}
    assert data["raises"] == "2.5x" and data["rake_cap"] is None and data["combos"] == {"oop": 12, "ip": 3}
    assert data["nodes"] == len(spot.tree)


def test_memory_is_the_engines_estimate() -> None:
    spot = Spot("Td9d6hQc", OOP_RANGE, IP_RANGE, 200, 900, bets="60%, e, a", raises="2.5x")
    memory = spot.memory()
    assert memory == memory_estimate(spot) and 0 < memory.bits16 < memory.float32
