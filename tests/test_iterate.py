import itertools
from collections import Counter
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlab as pl
from pokerlab.cards.iterate import count_hands, hands, hands_array, random_hands, random_hands_array

BOARD = pl.parse_cards("Qh 7h 3s 2c 9d")


def test_hands_avoiding_a_board_are_all_pairs_of_the_other_47():
    got = list(hands(2, dead=BOARD))
    assert len(got) == comb(47, 2) == count_hands(2, dead=BOARD)
    assert got == list(itertools.combinations(sorted(set(range(52)) - set(BOARD)), 2))


def test_hands_holding_shared_cards_complete_them_in_lexicographic_order():
    shared = pl.parse_cards("As Kd")
    got = list(hands(4, shared=shared, dead="2c"))
    assert len(got) == comb(49, 2)
    assert got == sorted(got)
    assert all(set(shared) <= set(h) and 0 not in h and list(h) == sorted(h) for h in got)
    assert len(set(got)) == len(got)


@pytest.mark.parametrize("n, shared, dead, expected", [
    (5, "", "", 2598960),
    (7, "", "", 133784560),
    (7, "As Kd", "", comb(50, 5)),
    (7, "As Kd", "Qh 7h 3s", comb(47, 5)),
    (3, "As Kd Qh", "", 1),
    (0, "", "", 1),
    (2, "", range(50), 1),
])
def test_count_hands_is_the_binomial(n, shared, dead, expected):
    assert count_hands(n, shared, dead) == expected


def test_hands_array_matches_the_iterator_across_chunk_boundaries():
    array = hands_array(3, shared="Ah", dead="2c 2d")
    assert array.dtype == np.uint8 and array.shape == (comb(49, 2), 3)
    assert [tuple(row) for row in array.tolist()] == list(hands(3, shared="Ah", dead="2c 2d"))


def test_all_five_card_hands_match_the_evaluation_kernel(all_five):
    assert np.array_equal(hands_array(5), all_five)


def test_a_hand_of_only_shared_cards_is_yielded_once():
    assert list(hands(2, shared="Kd As")) == [(45, 51)]
    assert list(random_hands(2, shared="Kd As", count=3)) == [(45, 51)] * 3


@pytest.mark.parametrize("call, error, named", [
    (lambda: hands(2, shared="As", dead="As Kd"), pl.DuplicateCardError, "As"),
    (lambda: hands(2, shared="As As"), pl.DuplicateCardError, "As"),
    (lambda: hands(2, dead="Kd Kd"), pl.DuplicateCardError, "Kd"),
    (lambda: hands(1, shared="As Kd"), pl.HandSizeError, "2 shared"),
    (lambda: hands(53), pl.HandSizeError, "53"),
    (lambda: hands(-1), pl.HandSizeError, "-1"),
    (lambda: hands(2.0), pl.InvalidArgumentError, "n must be an int, got 2.0"),
    (lambda: hands(3, dead=range(50)), pl.HandSizeError, "only 2"),
    (lambda: hands(2, dead="Xx"), pl.InvalidCardError, "Xx"),
    (lambda: random_hands(2, shared="Qh", dead="Qh"), pl.DuplicateCardError, "Qh"),
    (lambda: random_hands(60, count=1), pl.HandSizeError, "60"),
    (lambda: count_hands(8, shared="As", dead=range(46)), pl.HandSizeError, "7 cards"),
])
def test_bad_input_raises_at_the_call_and_names_the_problem(call, error, named):
    with pytest.raises(error, match=named):
        call()


@pytest.mark.parametrize("kwargs", [{"count": -1}, {"count": 1.5}, {"seconds": -1.0}, {"seconds": 0.0},
                                    {"seed": -5}, {"seed": 1.5}])
def test_bad_stopping_rules_are_refused(kwargs):
    with pytest.raises(pl.InvalidArgumentError, match=next(iter(kwargs))):
        random_hands(2, **kwargs)


def test_random_hands_stop_at_the_count_and_repeat_with_the_seed():
    first = list(random_hands(5, count=10_000, seed=42))
    assert len(first) == 10_000
    assert first == list(random_hands(5, count=10_000, seed=42))
    assert first != list(random_hands(5, count=10_000, seed=43))
    assert list(random_hands(5, count=0)) == []


def test_random_hands_stop_after_the_seconds():
    assert len(list(random_hands(5, seconds=0.05))) > 0


def test_random_hands_without_a_stopping_rule_go_on():
    assert len(list(itertools.islice(random_hands(2, seed=1), 10_000))) == 10_000


def _chi_square(observed: Counter, categories: list) -> float:
    total = sum(observed.values())
    expected = total / len(categories)
    return sum((observed[c] - expected) ** 2 / expected for c in categories)


@pytest.mark.parametrize("n, shared, dead", [
    (2, "", BOARD),
    (3, "As", range(4, 40)),
    (5, "2c 3c 4c", range(20, 52)),
])
def test_random_hands_are_uniform(n, shared, dead):
    every = list(hands(n, shared, dead))
    draws = 200 * len(every)
    observed = Counter(random_hands(n, shared, dead, count=draws, seed=2024))
    assert set(observed) <= set(every)
    # The statistic has mean df and standard deviation sqrt(2 df); allow five of those.
    df = len(every) - 1
    assert _chi_square(observed, every) < df + 5 * (2 * df) ** 0.5


def test_random_hands_array_shape_and_content():
    array = random_hands_array(7, shared="As Kd", dead="2c", count=1000, seed=5)
    assert array.dtype == np.uint8 and array.shape == (1000, 7)
    assert np.all(np.diff(array.astype(int), axis=1) > 0)
    assert np.all((array == 51).any(axis=1) & (array == 45).any(axis=1) & ~(array == 0).any(axis=1))


@st.composite
def requests(draw, most_free_choices=2):
    """A hand size with disjoint shared and dead cards, small enough to enumerate."""
    cards = draw(st.permutations(range(52)))
    n_shared = draw(st.integers(0, 5))
    n_dead = draw(st.integers(0, 45))
    shared, dead = cards[:n_shared], cards[n_shared:n_shared + n_dead]
    k = draw(st.integers(0, min(most_free_choices, 52 - n_shared - n_dead)))
    return n_shared + k, tuple(shared), tuple(dead)


@settings(max_examples=60, deadline=None)
@given(requests())
def test_hands_hold_shared_avoid_dead_and_are_all_distinct(request):
    n, shared, dead = request
    got = list(hands(n, shared, dead))
    assert len(got) == len(set(got)) == count_hands(n, shared, dead)
    for hand in got:
        assert len(hand) == n and list(hand) == sorted(hand)
        assert set(shared) <= set(hand) and not set(dead) & set(hand)


@settings(max_examples=60, deadline=None)
@given(requests(most_free_choices=7), st.integers(0, 2**32))
def test_random_hands_hold_shared_and_avoid_dead(request, seed):
    n, shared, dead = request
    for hand in random_hands(n, shared, dead, count=50, seed=seed):
        assert len(hand) == n == len(set(hand)) and list(hand) == sorted(hand)
        assert set(shared) <= set(hand) and not set(dead) & set(hand)
