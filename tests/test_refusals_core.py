"""Bad input to the core (cards, evaluation, iteration, ranges, kernels): each refused at once,
by name, as a PokerlabError."""

import math

import numpy as np
import pytest

from pokerlab import numba_runtime
from pokerlab.algorithms import cactus_kev, two_bits
from pokerlab.cards.iterate import all_hands, count_hands, hands, random_hands, random_hands_array, sample_hands
from pokerlab.cards.notation import Cards, card_name, cards_of, format_cards, parse_cards
from pokerlab.cards.svg import card_svg
from pokerlab.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidRangeError,
    PlayerCountError,
)
from pokerlab.games.evaluate import HandRank, best_five, evaluate, evaluate_many, winners
from pokerlab.ranges.holdem import Range, starting_hand
from refusals import Refused, check, hang_guard, ids

ROYAL = [51, 47, 43, 39, 35]
BOARD = "Qh 7h 3h 2c 9s"
NAN = math.nan


def rows(*, dtype: object = np.uint8, bad: object = None, width: int = 7) -> np.ndarray:
    """10,000 valid hands of a dtype, with ``bad`` written into row 4321 when given."""
    array = sample_hands(10_000, width, 5).astype(dtype)
    if bad is not None:
        array[4321, 2] = bad
    return array


def duplicated() -> np.ndarray:
    array = rows()
    array[4321, 6] = array[4321, 0]
    return array


TABLE = [
    # one hand: card ids are ints from 0 to 51, never bools or floats
    Refused("evaluate-bool", lambda: evaluate([True, 47, 43, 39, 35]), InvalidCardError, r"got True"),
    Refused("evaluate-float", lambda: evaluate([51.0, 47, 43, 39, 35]), InvalidCardError, r"got 51\.0"),
    Refused("evaluate-float-tuple", lambda: evaluate((51, 47, 43, 39, 35.0)), InvalidCardError, r"got 35\.0"),
    Refused("evaluate-nan", lambda: evaluate([NAN, 47, 43, 39, 35]), InvalidCardError, r"got nan"),
    Refused("evaluate-negative", lambda: evaluate([-1, 47, 43, 39, 35]), InvalidCardError, r"0 to 51, got -1"),
    Refused("evaluate-52", lambda: evaluate([52, 47, 43, 39, 35]), InvalidCardError, r"0 to 51, got 52"),
    Refused("evaluate-none", lambda: evaluate(None), InvalidCardError, r"got None"),  # type: ignore[arg-type]
    Refused("evaluate-empty", lambda: evaluate([]), HandSizeError, r"5 to 9 cards, got 0"),
    Refused("evaluate-four", lambda: evaluate(ROYAL[:4]), HandSizeError, r"got 4"),
    Refused("evaluate-ten", lambda: evaluate("As Ks Qs Js Ts 9s 8s 7s 6s 5s"), HandSizeError, r"got 10"),
    Refused("evaluate-unknown-text", lambda: evaluate("As Ks Qs Js Xx"), InvalidCardError, r"'Xx'"),
    Refused("evaluate-duplicate", lambda: evaluate((51, 47, 43, 39, 51)), DuplicateCardError, r"As"),
    Refused("best-five-bool", lambda: best_five([False, 47, 43, 39, 35]), InvalidCardError, r"got False"),
    Refused("hand-rank-zero", lambda: HandRank(0), InvalidArgumentError, r"strength must be an int from 1 to 7462"),
    Refused("hand-rank-bool", lambda: HandRank(True), InvalidArgumentError, r"strength .* got True"),
    # cards
    Refused("format-negative", lambda: format_cards([-1]), InvalidCardError, r"got -1"),
    Refused("format-52", lambda: format_cards([52]), InvalidCardError, r"got 52"),
    Refused("format-bool", lambda: format_cards([True]), InvalidCardError, r"got True"),
    Refused("format-float-symbols", lambda: format_cards([1.0], symbols=True), InvalidCardError, r"got 1\.0"),
    Refused("card-name-52", lambda: card_name(52), InvalidCardError, r"got 52"),
    Refused("parse-float", lambda: parse_cards(3.5), InvalidCardError, r"got 3\.5"),  # type: ignore[arg-type]
    Refused("parse-numpy-float", lambda: parse_cards(np.array([1.0, 2.0])), InvalidCardError,
            r"got np\.float64\(1\.0\)"),
    Refused("cards-duplicate", lambda: Cards("As Kd As"), DuplicateCardError, r"As"),
    Refused("cards-of-negative", lambda: cards_of(-1), InvalidArgumentError, r"mask must be an int of at least 0"),
    Refused("cards-of-float", lambda: cards_of(1.5), InvalidArgumentError, r"mask .* got 1\.5"),  # type: ignore[arg-type]
    Refused("cards-of-53-bits", lambda: cards_of(1 << 52), InvalidCardError, r"outside the 52 cards"),
    Refused("card-svg-52", lambda: card_svg(52), InvalidCardError, r"got 52"),
    # showdowns
    Refused("winners-empty", lambda: winners([]), PlayerCountError, r"at least one hand"),
    Refused("winners-string", lambda: winners("AhKh QsQd", BOARD), InvalidArgumentError, r"hands must be a list"),
    Refused("winners-none", lambda: winners(None), InvalidArgumentError, r"hands must be a list"),  # type: ignore[arg-type]
    Refused("winners-shared-card", lambda: winners(["Ah Kh", "Qh Qd"], BOARD), DuplicateCardError, r"Qh"),
    # many hands: dtype, shape, ids, duplicates
    Refused("many-float", lambda: evaluate_many(rows(dtype=np.float64)), InvalidCardError, r"integers, .*float64"),
    Refused("many-nan", lambda: evaluate_many(np.full((3, 7), NAN)), InvalidCardError, r"integers"),
    Refused("many-bool", lambda: evaluate_many(np.ones((3, 7), dtype=bool)), InvalidCardError, r"integers, .*bool"),
    Refused("many-text", lambda: evaluate_many(np.array([["As"] * 7])), InvalidCardError, r"integers"),
    Refused("many-list-of-floats", lambda: evaluate_many([[51.0] * 5]), InvalidCardError, r"integers"),  # type: ignore[arg-type]
    Refused("many-four-columns", lambda: evaluate_many(rows(width=4)), HandSizeError, r"\(10000, 4\)"),
    Refused("many-one-dimension", lambda: evaluate_many(np.arange(7)), HandSizeError, r"shape \(7,\)"),
    Refused("many-52", lambda: evaluate_many(rows(bad=52)), InvalidCardError, r"row 4321: .*got 52"),
    Refused("many-255", lambda: evaluate_many(rows(bad=255)), InvalidCardError, r"row 4321: .*got 255"),
    Refused("many-negative-int64", lambda: evaluate_many(rows(dtype=np.int64, bad=-1)), InvalidCardError,
            r"row 4321: .*got -1"),
    Refused("many-int16-wraps-to-a-card", lambda: evaluate_many(rows(dtype=np.int16, bad=256 + 51)),
            InvalidCardError, r"row 4321: .*got 307"),
    Refused("many-duplicate", lambda: evaluate_many(duplicated()), DuplicateCardError, r"row 4321: duplicate"),
    Refused("many-validate-not-bool", lambda: evaluate_many(rows(), validate="no"), InvalidArgumentError,  # type: ignore[arg-type]
            r"validate must be True or False"),
    # the kernels a user can reach
    Refused("sample-53-cards", lambda: sample_hands(10, 53), InvalidArgumentError,
            r"n_cards must be an int from 1 to 52, got 53"),
    Refused("sample-no-cards", lambda: sample_hands(10, 0, 1), InvalidArgumentError, r"n_cards .* got 0"),
    Refused("sample-negative-count", lambda: sample_hands(-1, 5, 1), InvalidArgumentError,
            r"count must be an int of at least 0, got -1"),
    Refused("sample-float-count", lambda: sample_hands(2.5, 5, 1), InvalidArgumentError, r"count .* 2\.5"),
    Refused("sample-negative-seed", lambda: sample_hands(10, 5, -1), InvalidArgumentError, r"seed .* got -1"),
    Refused("sample-seed-text", lambda: sample_hands(10, 5, "1"), InvalidArgumentError, r"seed .* got '1'"),
    Refused("sample-too-big", lambda: sample_hands(10**12, 7, 1), InvalidArgumentError, r"GiB"),
    Refused("all-hands-zero", lambda: all_hands(0), InvalidArgumentError, r"n_cards .* got 0"),
    Refused("all-hands-bool", lambda: all_hands(True), InvalidArgumentError, r"n_cards .* got True"),
    Refused("all-hands-too-big", lambda: all_hands(26), InvalidArgumentError, r"GiB"),
    Refused("threads-zero", lambda: numba_runtime.threads(0).__enter__(), InvalidArgumentError, r"threads must be"),
    Refused("algorithm-float-rows", lambda: cactus_kev.evaluate_many(np.zeros((2, 5))), InvalidCardError,
            r"integers, .*float64"),
    Refused("algorithm-id-99", lambda: two_bits.evaluate_many(np.array([[51, 47, 43, 39, 35, 2, 99]])),
            InvalidCardError, r"0\.\.51, got 99"),
    Refused("algorithm-negative-id", lambda: cactus_kev.evaluate_many(np.array([[-1, 47, 43, 39, 35]])),
            InvalidCardError, r"got -1"),
    Refused("algorithm-four-cards", lambda: cactus_kev.evaluate("As Ks Qs Js"), HandSizeError, r"got 4"),
    # iteration
    Refused("random-hands-negative-seed", lambda: random_hands(2, count=2, seed=-5), InvalidArgumentError,
            r"seed must be an int from 0"),
    Refused("random-hands-text-seed", lambda: random_hands(2, count=2, seed="x"), InvalidArgumentError,  # type: ignore[arg-type]
            r"seed .* got 'x'"),
    Refused("random-hands-negative-count", lambda: random_hands(2, count=-1), InvalidArgumentError, r"count"),
    Refused("random-hands-nan-count", lambda: random_hands(2, count=NAN), InvalidArgumentError, r"count"),  # type: ignore[arg-type]
    Refused("random-hands-nan-seconds", lambda: random_hands(2, seconds=NAN), InvalidArgumentError,
            r"seconds must be a finite number above 0 and at most 86400.0, got nan"),
    Refused("random-hands-zero-seconds", lambda: random_hands(2, seconds=0), InvalidArgumentError, r"seconds"),
    Refused("random-hands-inf-seconds", lambda: random_hands(2, seconds=math.inf), InvalidArgumentError, r"seconds"),
    Refused("random-array-no-count", lambda: random_hands_array(5, count=None), InvalidArgumentError,  # type: ignore[arg-type]
            r"count must be an int"),
    Refused("hands-float-size", lambda: hands(2.0), InvalidArgumentError, r"n must be an int"),  # type: ignore[arg-type]
    Refused("hands-53", lambda: hands(53), HandSizeError, r"53"),
    Refused("count-hands-negative", lambda: count_hands(-1), HandSizeError, r"-1"),
    Refused("hands-shared-and-dead", lambda: hands(2, shared="As", dead="As"), DuplicateCardError, r"As"),
    # ranges
    Refused("range-nested-2000", lambda: Range("50%(" * 2000 + "AKs" + ")" * 2000), InvalidRangeError,
            r"nest at most 16 deep"),
    Refused("range-not-text", lambda: Range(5), InvalidArgumentError, r"read from text"),  # type: ignore[arg-type]
    Refused("range-unknown-token", lambda: Range("QQ+,AZs"), InvalidRangeError, r"unknown range token: 'AZs'"),
    Refused("range-weight-above-one", lambda: Range("AKs:2"), InvalidRangeError, r"weight is a number from 0 to 1"),
    Refused("range-weight-nan", lambda: Range("AKs:nan"), InvalidRangeError, r"weight"),
    Refused("range-percent-above-100", lambda: Range("150%"), InvalidRangeError, r"at most 100"),
    Refused("range-unclosed", lambda: Range("50%(AKs"), InvalidRangeError, r"unclosed bracket"),
    Refused("starting-hand-one-card", lambda: starting_hand("As"), HandSizeError, r"2 cards, got 1"),
]


@hang_guard
@pytest.mark.usefixtures("core_kernels")
@pytest.mark.parametrize("case", TABLE, ids=ids(TABLE))
def test_refused(case: Refused) -> None:
    check(case)
