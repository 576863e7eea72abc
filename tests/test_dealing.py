"""Monte Carlo's dealing (pokerlab.cards.dealing): every card of the deck left equally likely
in every place of a deal, none twice, none of those out, and a seed repeats a deal."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from pokerlab.cards.dealing import deal_rest, fill_deck, random_below, seed_state


@njit
def _deals(n: int, out_mask: np.uint64, to_deal: int, used: np.uint64, seed: int) -> np.ndarray:
    """``n`` deals of ``to_deal`` cards off one deck, as the kernels deal them, (n, to_deal)."""
    deck = np.zeros(64, dtype=np.uint8)
    n_deck = fill_deck(out_mask, deck)
    drawn = np.zeros(64, dtype=np.uint8)
    out = np.zeros((n, to_deal), dtype=np.uint8)
    state = seed_state(seed, 0)
    for t in range(n):
        state = deal_rest(deck, n_deck, to_deal, used, used != 0, drawn, state)
        out[t] = drawn[:to_deal]
    return out


@njit
def _below(bits: np.ndarray, bound: int, seed: int) -> np.ndarray:
    """``random_below(bound)`` of each of ``bits``, fresh bits from a seeded generator when rejected."""
    out = np.zeros(len(bits), dtype=np.int64)
    state = seed_state(seed, 0)
    for t in range(len(bits)):
        value, state = random_below(bound, bits[t], state)
        out[t] = value
    return out


def _uniform(counts: np.ndarray) -> None:
    """Each count within five standard deviations of an equal share."""
    expected = counts.sum() / counts.size
    assert (np.abs(counts - expected) < 5 * np.sqrt(expected)).all()


@pytest.mark.parametrize("out, used", [(0, 0), ((1 << 16) - 1, 0), (0b1011, 1 << 51 | 1 << 30)],
                         ids=["52 cards", "short deck", "cards out and a range's cards"])
def test_every_card_left_is_as_likely_in_every_place(out: int, used: int) -> None:
    n = 60_000
    dealt = _deals(n, np.uint64(out), 17, np.uint64(used), 1)
    left = [c for c in range(52) if not (out | used) >> c & 1]
    assert (np.sort(dealt, axis=1)[:, 1:] != np.sort(dealt, axis=1)[:, :-1]).all()  # never a card twice
    assert set(np.unique(dealt)) == set(left)
    for place in (0, 3, 16):
        _uniform(np.bincount(dealt[:, place], minlength=52)[left])


def test_a_seed_repeats_its_deals_and_another_seed_does_not() -> None:
    first = _deals(1000, np.uint64(0), 17, np.uint64(0), 5)
    assert np.array_equal(first, _deals(1000, np.uint64(0), 17, np.uint64(0), 5))
    assert not np.array_equal(first, _deals(1000, np.uint64(0), 17, np.uint64(0), 6))


@pytest.mark.parametrize("bound", [1, 2, 3, 36, 52])
def test_random_below_is_uniform(bound: int) -> None:
    bits = np.random.default_rng(bound).integers(0, 1 << 63, 200_000, dtype=np.int64).astype(np.uint64)
    values = _below(bits, bound, 3)
    assert values.min() >= 0 and values.max() < bound
    _uniform(np.bincount(values, minlength=bound))


@pytest.mark.parametrize("bound", [3, 36, 52])
def test_random_below_draws_fresh_bits_when_it_rejects_them(bound: int) -> None:
    # 16 zero bits fall in the few that a bound not dividing 2**16 rejects
    values = _below(np.zeros(100_000, dtype=np.uint64), bound, 4)
    _uniform(np.bincount(values, minlength=bound))
