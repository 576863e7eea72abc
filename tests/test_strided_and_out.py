"""Batch evaluation over arrays as the caller holds them: Omaha rows read from slices of one
deals array without a copy, and ``evaluate_many`` writing into the caller's ``out``."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlab as pl
from pokerlab.cards.iterate import sample_hands
from pokerlab.errors import DuplicateCardError, InvalidArgumentError, InvalidCardError, PokerlabError
from pokerlab.hand_rules.omaha import _checked, omaha_lows, omaha_strengths
from pokerlab.rankings.lookup import evaluate_rows
from pokerlab.rankings.tables import load_tables

ROWS = 20_000
"""Enough rows for several of the kernels' parallel blocks (4,096 rows at least each)."""


@pytest.fixture(scope="module", params=[4, 5, 6])
def deals(request: pytest.FixtureRequest) -> np.ndarray:
    """(ROWS, hole + 5) uint8 deals, hole cards first, for each Omaha hole size."""
    return sample_hands(ROWS, request.param + 5, seed=request.param)


def _split(deals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n_hole = deals.shape[1] - 5
    return deals[:, :n_hole], deals[:, n_hole:]


def test_omaha_slices_of_one_deals_array_give_the_contiguous_results(deals):
    holes, boards = _split(deals)
    assert not holes.flags.c_contiguous and not boards.flags.c_contiguous
    copies = np.ascontiguousarray(holes), np.ascontiguousarray(boards)
    assert np.array_equal(omaha_strengths(holes, boards), omaha_strengths(*copies))
    assert np.array_equal(omaha_lows(holes, boards), omaha_lows(*copies))
    assert np.array_equal(omaha_strengths(holes, boards, validate=False), omaha_strengths(*copies))


def test_omaha_slices_reach_the_kernels_without_a_copy(deals):
    holes, boards = _split(deals)
    hole_rows, board_rows = _checked(holes, boards, True)
    assert np.shares_memory(hole_rows, deals) and np.shares_memory(board_rows, deals)


def test_omaha_reads_reversed_every_other_and_column_major_rows(deals):
    holes, boards = _split(deals)
    want = omaha_strengths(np.ascontiguousarray(holes), np.ascontiguousarray(boards))
    assert np.array_equal(omaha_strengths(holes[::-1], boards[::-1]), want[::-1])
    assert np.array_equal(omaha_strengths(holes[::2], boards[::2]), want[::2])
    assert np.array_equal(omaha_strengths(np.asfortranarray(holes), np.asfortranarray(boards)), want)
    wide = deals.astype(np.int64)  # another dtype: cast, then read as uint8 rows
    assert np.array_equal(omaha_strengths(*_split(wide)), want)


def test_omaha_names_the_first_bad_row_of_a_slice(deals):
    broken = deals.copy()
    n_hole = deals.shape[1] - 5
    broken[5000, n_hole + 2] = broken[5000, 0]  # the first hole card again, on the board
    broken[9000, 1] = 60
    holes, boards = _split(broken)
    with pytest.raises(DuplicateCardError, match="row 5000: duplicate card"):
        omaha_strengths(holes, boards)
    with pytest.raises(DuplicateCardError, match="row 5000: duplicate card"):
        omaha_lows(holes, boards)
    with pytest.raises(InvalidCardError, match="row 3000: .*got 60"):
        omaha_strengths(holes[6000:], boards[6000:])


@pytest.mark.parametrize("width", [5, 6, 7])
def test_evaluate_many_fills_and_returns_out(width):
    hands = sample_hands(ROWS, width, seed=width)
    want = pl.evaluate_many(hands)
    out = np.zeros(ROWS, dtype=np.uint16)
    assert pl.evaluate_many(hands, out=out) is out
    assert np.array_equal(out, want)
    out[:] = 0
    assert pl.evaluate_many(hands, validate=False, out=out) is out
    assert np.array_equal(out, want)


def test_evaluate_many_into_out_still_names_a_bad_row():
    hands = sample_hands(ROWS, 7, seed=1)
    hands[7000, 3] = hands[7000, 4]
    with pytest.raises(DuplicateCardError, match="row 7000"):
        pl.evaluate_many(hands, out=np.empty(ROWS, dtype=np.uint16))


def _refusals() -> dict[str, tuple[str, object]]:
    """Each bad ``out`` for 10 rows, by id: what the message says of it, and the value."""
    rows = 10
    read_only = np.zeros(rows, dtype=np.uint16)
    read_only.flags.writeable = False
    return {
        "float64": ("got float64 of shape", np.zeros(rows)),
        "int16": ("got int16 of shape", np.zeros(rows, dtype=np.int16)),
        "too short": (r"got uint16 of shape \(9,\)", np.zeros(rows - 1, dtype=np.uint16)),
        "2-D": (r"got uint16 of shape \(10, 1\)", np.zeros((rows, 1), dtype=np.uint16)),
        "byte-swapped": ("got byte-swapped uint16", np.zeros(rows, dtype=">u2")),
        "a list": ("got list", [0] * rows),
        "strided": ("got a strided one", np.zeros(2 * rows, dtype=np.uint16)[::2]),
        "read-only": ("got a read-only one", read_only),
        "the cards' memory": ("shares memory with cards", None),
    }


@pytest.mark.parametrize("case", list(_refusals()))
def test_evaluate_many_refuses_an_out_it_cannot_fill(case):
    why, out = _refusals()[case]
    hands = sample_hands(10, 7, seed=2)
    if out is None:  # uint16 cards, and an out over their first ten ids
        hands = hands.astype(np.uint16)
        out = hands.reshape(-1)[:10]
    with pytest.raises(InvalidArgumentError, match=r"^out must be a writable contiguous uint16 array of shape "
                                                   r"\(10,\), .*" + why) as refused:
        pl.evaluate_many(hands, out=out)
    assert isinstance(refused.value, PokerlabError)


def test_evaluate_rows_keeps_its_seven_argument_call():
    t = load_tables()
    hands = sample_hands(ROWS, 7, seed=3)
    strengths, first_bad = evaluate_rows(hands, t.card_key, t.card_words, t.rank, t.offsets, t.flush, True)
    assert first_bad == ROWS and isinstance(first_bad, int)
    assert strengths.dtype == np.uint16 and np.array_equal(strengths, pl.evaluate_many(hands))
