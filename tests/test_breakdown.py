"""pokerlab.analyses.breakdown: every combo in one made line, counts as the brute-force referee finds them."""

import itertools
import json
import random
import re
from math import comb
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlab as pl
from breakdown_referee import draws as referee_draws
from breakdown_referee import made_line as referee_made
from pokerlab.analyses.breakdown import DRAW_LINES, FINE_LINES, MADE_LINES, SPLITS, breakdown, classify
from pokerlab.cards.notation import parse_cards
from pokerlab.errors import DuplicateCardError, HandSizeError, InvalidArgumentError, InvalidRangeError
from pokerlab.ranges.holdem import COMBOS, Range
from refusals import Refused, check, ids

BOARDS = {
    "dry": "Kd 7s 2c",
    "paired": "8c 8d 3h",
    "monotone": "Jh 8h 4h",
    "connected": "9h 8d 7c",
    "two-tone turn": "Qs Td 4s 3d",
    "wheel straight on the river": "Ah 2d 3c 4s 5h",
    "broadway straight on the river (a board that plays)": "Ac Kd Qh Js Th",
    "four to a straight on the turn": "9c 8d 7h 6s",
    "counterfeited two pair": "6d 5c Th Ts",
    "double-paired river": "Kc Kd 9h 9s 4c",
    "wheel draw": "Ad 3c 4h",
    "flush on the board": "2h 6h 9h Jh Kh",
    "trips on the board": "7c 7d 7h",
    "quads on the turn": "Qc Qd Qh Qs",
    "full house on the board": "5c 5d 5h Jc Jd",
    "straight flush draw": "8s 9s Ts",
}


def test_lines_hold_every_combo_once_and_add_up():
    r = Range("QQ+,AK,KQs:0.5,JTs-54s,A5s-A2s:0.25")
    for board in BOARDS.values():
        b = breakdown(r, board)
        left = r.without(board)
        assert b.combos == len(left) == sum(line.combos for line in b.made.values())
        assert b.weight == pytest.approx(left.weights.sum()) == pytest.approx(sum(x.weight for x in b.made.values()))
        held = [h for line in b.made.values() for h in line.hands]
        assert len(held) == len(set(held)) == b.combos
        assert sum(line.share for line in b.made.values()) == pytest.approx(1)
        assert list(b.made) == list(MADE_LINES) and list(b.draws) == list(DRAW_LINES)
        for line in b.draws.values():
            assert set(line.hands) <= set(held) and line.combos == len(line.hands)
        for name, parts in SPLITS.items():
            split = b.made[name].split
            assert list(split) == list(parts)
            assert sorted(h for part in split.values() for h in part.hands) == sorted(b.made[name].hands)
            assert sum(part.weight for part in split.values()) == pytest.approx(b.made[name].weight)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=3, max_size=5, unique=True), st.integers(0, 2**32 - 1))
def test_any_weighted_range_on_any_board_adds_up(board, seed):
    r = Range.from_weights(np.random.default_rng(seed).choice([0.0, 0.25, 0.5, 1.0], len(COMBOS)))
    b = breakdown(r, board)
    left = r.without(board)
    assert b.combos == len(left) == sum(line.combos for line in b.made.values())
    assert b.weight == pytest.approx(sum(line.weight for line in b.made.values()))
    assert b.weight == pytest.approx(left.weights.sum())
    held = [h for line in b.made.values() for h in line.hands]
    assert len(set(held)) == len(held) == b.combos
    assert all(set(line.hands) <= set(held) for line in b.draws.values())
    if len(board) == 5:
        assert not any(line.combos for line in b.draws.values())


@pytest.mark.parametrize("name", BOARDS)
def test_each_combo_is_classed_as_the_referee_classes_it(name):
    board = parse_cards(BOARDS[name])
    rng = random.Random(name)
    combos = [c for c in COMBOS.tolist() if not set(c) & set(board)]
    sample = rng.sample(combos, 90)
    made, draws = classify(np.array(sample, dtype=np.uint8), board)
    for (a, b), line, bits in zip(sample, made.tolist(), draws.tolist()):
        assert FINE_LINES[line] == referee_made((a, b), board), (pl.format_cards([a, b]), name)
        assert {d for i, d in enumerate(DRAW_LINES) if bits >> i & 1} == referee_draws((a, b), board), \
            (pl.format_cards([a, b]), name)


@pytest.mark.slow
def test_combos_on_random_boards_match_the_referee():
    rng = random.Random(7)
    for n_board in (3, 3, 4, 4, 5):
        board = tuple(rng.sample(range(52), n_board))
        combos = rng.sample([c for c in COMBOS.tolist() if not set(c) & set(board)], 300)
        made, draws = classify(np.array(combos, dtype=np.uint8), board)
        for (a, b), line, bits in zip(combos, made.tolist(), draws.tolist()):
            assert FINE_LINES[line] == referee_made((a, b), board)
            assert {d for i, d in enumerate(DRAW_LINES) if bits >> i & 1} == referee_draws((a, b), board)


@pytest.mark.parametrize("hand, board, line", [
    ("6s 5s", "6d 5c Th Ts", "two_pair_board_pair"),  # the fives are counterfeited by the tens
    ("6s 5s", "6d 5c Qh", "two_pair_both_cards"),
    ("6s 5s", "6d 5c 3h 3s", "two_pair_both_cards"),  # sixes and fives beat the threes
    ("2c 2d", "Ah 2h 3c 4s 5h", "set"),  # the board's straight plays: the deuces are a set
    ("6c 2d", "Ah 2h 3c 4s 5h", "straight"),  # a six-high straight beats the board's wheel
    ("Kc Qc", "Ac Kd Qh Js Th", "two_pair_both_cards"),  # broadway on the board: the hole cards do not play
    ("Tc 2d", "9c 8d 7h 6s", "straight"),
    ("5c 2d", "9c 8d 7h 6s", "straight"),
    ("Ac Kd", "Kc Kh 9h 9s 4c", "full_house"),
    ("Ac Kd", "Kc Kh 9h 8s 4c", "trips"),
    ("Ac Qd", "Kc Kd 9h 9s 4c", "ace_high"),  # two pair on the board, an ace kicker
    ("Qc Qd", "Kc Kd 9h 9s 4c", "pocket_pair_below_top"),
    ("Ac Ad", "8c 8d 3h", "overpair"),
    ("Ac 3d", "8c 8d 3h", "two_pair_board_pair"),
    ("Ac 8h", "8c 8d 3h", "trips"),
    ("Ah Kd", "Kc 7s 2c", "top_pair_top_kicker"),
    ("Kh Qd", "Kc 7s 2c", "top_pair_good_kicker"),
    ("Kh Jd", "Kc 7s 2c", "top_pair_good_kicker"),
    ("Kh Td", "Kc 7s 2c", "top_pair_weak_kicker"),  # ace, queen and jack kick better
    ("Kh 9d", "Kc 7s 2c", "top_pair_weak_kicker"),
    ("Ah Kd", "Ac 7s 2c", "top_pair_top_kicker"),
    ("8h 7d", "Kc 7s 2c", "middle_pair"),
    ("3h 2d", "Kc 7s 2c", "bottom_pair"),
    ("Ah Jd", "Kc 7s 2c", "ace_high"),
    ("Qh Jd", "Kc 7s 2c", "no_made_hand"),
    ("Ah 4h", "2h 6h 9h Jh Kh", "flush"),  # the nut flush improves on the board's
    ("3c 4d", "2h 6h 9h Jh Kh", "no_made_hand"),  # the board's flush plays
    ("Jh Jd", "Jc 7d 7h", "full_house"),
    ("7s 2d", "Qc Qd Qh Qs", "quads"),
    ("Ks 2d", "5c 5d 5h Jc Jd", "no_made_hand"),  # the board's full house plays
])
def test_edge_cases(hand, board, line):
    made, _ = classify(np.array([sorted(parse_cards(hand))], dtype=np.uint8), parse_cards(board))
    assert FINE_LINES[int(made[0])] == line == referee_made(tuple(sorted(parse_cards(hand))), parse_cards(board))


def test_counts_on_a_flop_follow_from_the_deck():
    # Kh 7h 2c, every hand: 49 cards left, 11 hearts
    b = breakdown("random", "Kh 7h 2c")
    assert b.combos == comb(49, 2)
    assert b.made["flush"].combos == 0
    assert b.draws["flush_draw"].combos == comb(11, 2)  # both hole cards hearts
    assert b.made["set"].combos == 3 * comb(3, 2)
    assert b.made["overpair"].combos == comb(4, 2)  # aces
    assert b.made["two_pair"].combos == 3 * 3 + 3 * 3 + 3 * 3  # K7, K2, 72
    # monotone: 10 hearts left, a flush with two of them, a flush draw with one
    m = breakdown("random", "Jh 8h 4h")
    assert m.made["flush"].combos + m.made["straight_flush"].combos == comb(10, 2)
    assert m.draws["flush_draw"].combos == 10 * 39  # one heart beside any of the 39 others
    assert m.draws["nut_flush_draw"].combos == 39  # the Ah beside a card that is not a heart


def test_draws_on_the_river_are_empty_and_weights_scale_shares():
    b = breakdown("QQ+,AKs:0.5", "Ah 7d 2c 9s 3h")
    assert all(line.combos == 0 for line in b.draws.values())
    assert b.made["set"].weight == 3 and b.weight == 3 + 6 + 6 + 0.5 * 3
    assert b.made["set"].share == pytest.approx(3 / b.weight)


def test_dead_cards_and_to_dict():
    b = breakdown("AA,KK", "Ah 7d 2c", dead="Kc")
    assert b.combos == 3 + 3 and b.dead == "Kc"
    d = json.loads(json.dumps(b.to_dict()))
    assert d["made"]["set"]["hands"] == {"AsAd": 1.0, "AsAc": 1.0, "AdAc": 1.0}
    assert d["made"]["set"]["label"] == "Set" and d["combos"] == 6
    assert "set 3" in repr(b)


def test_a_range_the_board_empties_is_refused_as_equity_refuses_it():
    with pytest.raises(InvalidRangeError, match="'AhAd' is empty once the board and dead cards are removed"):
        breakdown("AhAd", "Ah 7d 2c")


TABLE = [
    Refused("board-two-cards", lambda: breakdown("AA", "Ah 7d"), HandSizeError, r"3 to 5 board cards\), got 2"),
    Refused("board-six-cards", lambda: breakdown("AA", "Ah 7d 2c 3c 4c 5c"), HandSizeError, r"got 6"),
    Refused("board-and-dead", lambda: breakdown("AA", "Ah 7d 2c", dead="Ah"), DuplicateCardError, r"Ah"),
    Refused("board-twice", lambda: breakdown("AA", "Ah 7d Ah"), DuplicateCardError, r"Ah"),
    Refused("range-syntax", lambda: breakdown("AKx", "Ah 7d 2c"), InvalidRangeError, r"unknown range token"),
    Refused("range-not-text", lambda: breakdown(5, "Ah 7d 2c"), InvalidArgumentError,  # type: ignore[arg-type]
            r"read from text"),
]


@pytest.mark.parametrize("case", TABLE, ids=ids(TABLE))
def test_refusals(case):
    check(case)


def test_exported():
    assert pl.breakdown is breakdown
    assert list(itertools.islice(MADE_LINES, 1)) == ["straight_flush"]


DOCS = Path(__file__).parent.parent / "docs" / "ranges.md"


def test_the_docs_examples_are_in_their_lines():
    rows = re.findall(r"^\| `(\w+)` \| .* \| `(\w+)` \| `([\w ]+)` \|$", DOCS.read_text(), re.M)
    assert {name for name, _, _ in rows} == set(FINE_LINES) | set(DRAW_LINES)
    for name, hand, board in rows:
        made, draws = classify(np.array([sorted(parse_cards(hand))], dtype=np.uint8), parse_cards(board))
        held = {FINE_LINES[int(made[0])]} | {d for i, d in enumerate(DRAW_LINES) if int(draws[0]) >> i & 1}
        assert name in held, (name, hand, board, held)


@pytest.mark.parametrize("combos", [
    np.array([[51, 51]]), np.array([[51, 52]]), np.array([[-1, 3]]), np.array([51, 50]),
    np.array([[51.0, 50.0]]), np.array([[51, 42]]),  # Qh is on the board
])
def test_classify_refuses_what_is_not_combos_beside_the_board(combos):
    with pytest.raises(InvalidArgumentError, match="combos must be"):
        classify(combos, "Qh 7h 3s")
