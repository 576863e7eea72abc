"""Card faces: every card is well-formed SVG, named, scalable, in the right colours."""

import xml.etree.ElementTree as ET

import pytest

from pokerlab import InvalidCardError, parse_cards
from pokerlab.cards.notation import DECK, RANKS, card_name
from pokerlab.cards.svg import BACK, FOUR_COLORS, TWO_COLORS, card_svg

NS = "{http://www.w3.org/2000/svg}"


def _root(card, **options) -> ET.Element:
    return ET.fromstring(card_svg(card, **options))


@pytest.mark.parametrize("card", [*DECK, BACK])
def test_every_face_is_scalable_svg(card):
    root = _root(card)
    assert root.tag == NS + "svg"
    assert root.get("viewBox") == "0 0 250 350"
    assert root.get("role") == "img" and root.get("aria-label")
    assert root.findall(f".//{NS}path"), "drawn with vector paths"
    assert not root.findall(f".//{NS}image"), "no raster images"


def test_faces_differ_and_name_their_card():
    faces = {card_svg(c) for c in DECK}
    assert len(faces) == 52
    assert _root("Qh").get("aria-label") == "Queen of Hearts"
    assert _root("2c").get("aria-label") == "Deuce of Clubs"


@pytest.mark.parametrize("card", DECK)
def test_corner_indices_show_the_rank_twice(card):
    texts = [t.text for t in _root(card).iter(NS + "text")]
    expected = "10" if card >> 2 == 8 else RANKS[card >> 2]
    assert texts == [expected, expected]


@pytest.mark.parametrize("rank, pips", [("A", 1), ("2", 2), ("5", 5), ("7", 7), ("9", 9), ("T", 10)])
def test_number_cards_have_their_pips(rank, pips):
    # Pips and the two corner pips are the only paths on a number card.
    assert len(_root(rank + "s").findall(f".//{NS}path")) == pips + 2


@pytest.mark.parametrize("rank", "JQK")
def test_court_cards_have_a_framed_figure(rank):
    root = _root(rank + "d")
    assert root.findall(f".//{NS}rect"), "the frame"
    assert len(root.findall(f".//{NS}circle")) >= 6, "two heads with eyes"


def test_colours_two_and_four():
    for suit, name in enumerate("cdhs"):
        assert f'fill="{TWO_COLORS[suit]}"' in card_svg("7" + name)
        assert f'fill="{FOUR_COLORS[suit]}"' in card_svg("7" + name, four_color=True)
    assert TWO_COLORS[0] == TWO_COLORS[3] != TWO_COLORS[1] == TWO_COLORS[2]
    assert len(set(FOUR_COLORS)) == 4


def test_spellings_and_ids_agree():
    assert card_svg("As") == card_svg(51) == card_svg("a♠")
    assert card_svg("10h") == card_svg("Th") == card_svg(parse_cards("Th")[0])
    assert all(card_svg(c) == card_svg(card_name(c)) for c in (0, 17, 34))


@pytest.mark.parametrize("bad", ["Zz", "", "AsKs", 52, -1, "backs"])
def test_bad_cards_are_refused(bad):
    with pytest.raises(InvalidCardError):
        card_svg(bad)
