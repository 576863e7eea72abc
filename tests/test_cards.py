import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerlab as pl
from pokerlab.cards.notation import card_id, card_name


@pytest.mark.parametrize("text, expected", [
    ("As Kd", (51, 45)),
    ("AsKd", (51, 45)),
    ("as kd", (51, 45)),
    ("AS KD", (51, 45)),
    ("10s", (35,)),
    ("Ts 10s"[:2], (35,)),
    ("A♠ K♦", (51, 45)),
    ("a♠k♦10♥2♣", (51, 45, 34, 0)),
    ("2c,3d , 4h", (0, 5, 10)),
    ("", ()),
])
def test_parse_text(text, expected):
    assert pl.parse_cards(text) == expected


def test_parse_ids_and_mixed_iterables():
    assert pl.parse_cards([51, "Kd", "2c 3d"]) == (51, 45, 0, 5)
    assert pl.parse_cards(0) == (0,)


@pytest.mark.parametrize("bad, named", [
    ("Xx", "Xx"), ("As 1s", "1s"), ("Ah Kq", "Kq"), ([52], "52"), ([-1], "-1"), (["As", 3.5], "3.5"),
    ([True], "True"),
])
def test_unknown_card_names_the_input(bad, named):
    with pytest.raises(pl.InvalidCardError, match=named.replace(".", r"\.")) as info:
        pl.parse_cards(bad)
    assert isinstance(info.value, ValueError) and isinstance(info.value, pl.PokerlabError)


def test_duplicate_names_the_card():
    with pytest.raises(pl.DuplicateCardError, match="duplicate card: Ah"):
        pl.parse_cards("Ah Kd ah")


@given(st.lists(st.integers(0, 51), unique=True, max_size=52))
def test_format_parse_round_trip(ids):
    assert pl.parse_cards(pl.format_cards(ids)) == tuple(ids)
    assert pl.parse_cards(pl.format_cards(ids, symbols=True)) == tuple(ids)


@given(st.sets(st.integers(0, 51)))
def test_mask_round_trip(ids):
    assert pl.cards_of(pl.mask_of(sorted(ids))) == tuple(sorted(ids))


def test_card_ids_follow_rank_times_four_plus_suit():
    assert [card_name(i) for i in (0, 1, 2, 3, 4, 51)] == ["2c", "2d", "2h", "2s", "3c", "As"]


def test_mask_out_of_range():
    with pytest.raises(pl.InvalidCardError):
        pl.cards_of(1 << 52)


def test_cards_read_as_text_and_behave_as_ids():
    hand = pl.Cards("As Kd 10h")
    assert hand == (51, 45, 34) and isinstance(hand, tuple) and hash(hand) == hash((51, 45, 34))
    assert str(hand) == hand.text == "As Kd Th" and repr(hand) == "Cards('As Kd Th')"
    assert pl.Cards(hand) == hand and pl.Cards() == ()
    assert pl.Cards([np.uint8(0), 51]).text == "2c As"


@pytest.mark.parametrize("bad", [True, False, 51.0, -1, 52, None, "As", np.float64(3.0)])
def test_a_card_id_is_an_int_from_0_to_51(bad):
    with pytest.raises(pl.InvalidCardError, match="a card id must be an int from 0 to 51"):
        card_id(bad)


@given(st.lists(st.integers(-100, 200), min_size=1, max_size=7))
def test_format_cards_names_exactly_the_valid_ids(ids):
    if all(0 <= c < 52 for c in ids):
        assert pl.format_cards(ids).split() == [card_name(c) for c in ids]
    else:
        with pytest.raises(pl.InvalidCardError):
            pl.format_cards(ids)
