"""Omaha: batch evaluation and equity against the plain referee, the published counts, refusals."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha_referee as referee
import pokerlab as pl
from pokerlab import numba_runtime
from pokerlab.cards.iterate import sample_hands
from pokerlab.equity.driver import deal
from pokerlab.errors import (
    DuplicateCardError,
    ExactTooLargeError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidRangeError,
    PlayerCountError,
)
from pokerlab.games import OMAHA, OMAHA6
from pokerlab.games import get as get_game
from pokerlab.games.evaluate import evaluate_many
from pokerlab.hand_rules import omaha_tables
from pokerlab.hand_rules.omaha import describe_low, low_ranks, omaha_lows, omaha_strengths
from refusals import Refused, check, ids


def omaha_equity(players, board, dead, *, hilo, **options):
    """The equity driver on the Omaha game of the players' hole size, high or hi/lo."""
    first = players[0]
    size = first[0].shape[1] if isinstance(first[0], np.ndarray) else len(first[0][0])
    return deal(players, board, dead, game=get_game(f"omaha{size if size > 4 else ''}{'-hilo' if hilo else ''}"),
                **options)


def deals(count: int, n_hole: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    cards = sample_hands(count, n_hole + 5, seed=seed)
    return np.ascontiguousarray(cards[:, :n_hole]), np.ascontiguousarray(cards[:, n_hole:])


def naive_strengths(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """The best of every two hole and three board cards through the hold'em evaluator (itself
    checked against the referee over every five-card hand): the vectorised referee."""
    best = np.zeros(len(holes), dtype=np.uint16)
    for i, j in itertools.combinations(range(holes.shape[1]), 2):
        for x, y, z in itertools.combinations(range(5), 3):
            five = np.stack([holes[:, i], holes[:, j], boards[:, x], boards[:, y], boards[:, z]], axis=1)
            best = np.maximum(best, evaluate_many(five, validate=False))
    return best


# --- evaluation ---------------------------------------------------------------------------------

@pytest.mark.parametrize("n_hole", [4, 5, 6])
def test_strengths_match_the_referee(n_hole):
    holes, boards = deals(3000, n_hole, seed=n_hole)
    expected = evaluate_many(referee.best_fives(holes, boards))
    assert np.array_equal(omaha_strengths(holes, boards), expected)


@pytest.mark.parametrize("n_hole", [4, 5, 6])
def test_lows_match_the_referee(n_hole):
    holes, boards = deals(3000, n_hole, seed=10 + n_hole)
    expected = [referee.best_low(h, b) for h, b in zip(holes.tolist(), boards.tolist())]
    assert omaha_lows(holes, boards).tolist() == expected


@pytest.mark.slow
def test_a_million_deals_match_the_vectorised_referee():
    holes, boards = deals(1_000_000, 4, seed=99)
    assert np.array_equal(omaha_strengths(holes, boards), naive_strengths(holes, boards))
    assert np.array_equal(omaha_lows(holes, boards), referee.lows_vectorised(holes, boards))
    for n_hole in (5, 6):
        holes, boards = deals(100_000, n_hole, seed=n_hole)
        assert np.array_equal(omaha_strengths(holes, boards), naive_strengths(holes, boards))
        assert np.array_equal(omaha_lows(holes, boards), referee.lows_vectorised(holes, boards))


def test_flushes_and_straights_use_exactly_two_hole_cards():
    board = np.array([[51, 47, 43, 0, 5]])   # As Ks Qs 2c 3d
    assert omaha_strengths(np.array([[35, 39, 10, 14]]), board)[0] == 7462   # Ts Js 4h 5h: royal flush
    broadway = evaluate_many(np.array([[35, 37, 51, 47, 43]]))[0]             # Ts Jd: a straight only
    assert omaha_strengths(np.array([[35, 37, 10, 14]]), board)[0] == broadway
    four_spades = np.array([[51, 47, 43, 39, 0]])                             # As Ks Qs Js 2c
    one_spade = omaha_strengths(np.array([[35, 1, 2, 5]]), four_spades)[0]    # Ts 2d 2h 3d: trips, no flush
    assert one_spade == evaluate_many(np.array([[1, 2, 0, 51, 47]]))[0]


def test_the_fifty_six_lows_and_their_order():
    """56 distinct qualifying lows, each reached, ranked as a low is read (highest card first)."""
    values = sorted({int(v) for v in omaha_tables.low_table()} - {0})
    assert values == list(range(1, 57))
    described = [describe_low(v) for v in range(1, 57)]
    assert len(set(described)) == 56
    assert described[-1] == "5-4-3-2-A" and described[0] == "8-7-6-5-4"
    assert describe_low(55) == "6-4-3-2-A" and describe_low(54) == "6-5-3-2-A"
    assert low_ranks(56) == (3, 2, 1, 0, 12) and describe_low(0) == "no low"


def test_a_low_needs_two_hole_cards_and_three_board_cards():
    holes = np.array([[48, 0, 4, 8]])            # Ac 2c 3c 4c
    assert omaha_lows(holes, np.array([[12, 16, 40, 44, 36]]))[0] == 0   # 5 6 on board only: no low
    assert omaha_lows(holes, np.array([[12, 16, 20, 44, 36]]))[0] == 56 - referee.LOW_ORDER.index((7, 6, 5, 2, 1))


@given(st.integers(min_value=0, max_value=2**32 - 1))
@settings(max_examples=30, deadline=None)
def test_strength_ignores_the_order_of_cards(seed):
    holes, boards = deals(16, 5, seed=seed)
    rng = np.random.default_rng(seed)
    shuffled_holes = np.array([rng.permutation(h) for h in holes])
    shuffled_boards = np.array([rng.permutation(b) for b in boards])
    assert np.array_equal(omaha_strengths(holes, boards), omaha_strengths(shuffled_holes, shuffled_boards))
    assert np.array_equal(omaha_lows(holes, boards), omaha_lows(shuffled_holes, shuffled_boards))


@given(st.sampled_from([4, 5, 6]), st.integers(min_value=0, max_value=9_999), st.integers(min_value=0, max_value=10),
       st.integers(min_value=0, max_value=10), st.sampled_from(["repeat", "52", "255"]))
@settings(max_examples=40, deadline=None)
def test_the_first_bad_row_is_named_wherever_its_card_sits(n_hole, row, at, source, kind):
    holes, boards = deals(10_000, n_hole, seed=row)
    cards = np.concatenate([holes, boards], axis=1)
    at, source = at % cards.shape[1], source % cards.shape[1]
    if kind == "repeat" and at == source:
        source = (source + 1) % cards.shape[1]
    cards[row, at] = cards[row, source] if kind == "repeat" else int(kind)
    cards[row + 1:, 0] = cards[row + 1:, 1]  # later rows are bad too: the first is named
    holes, boards = cards[:, :n_hole], cards[:, n_hole:]
    error = DuplicateCardError if kind == "repeat" else InvalidCardError
    with pytest.raises(error, match=f"row {row}:"):
        omaha_strengths(holes, boards)
    omaha_strengths(holes, boards, validate=False)  # refused only on request; never a crash


@pytest.mark.parametrize("n_hole", [4, 5, 6])
def test_rows_are_read_alike_in_any_layout(n_hole):
    holes, boards = deals(5_000, n_hole, seed=11)
    high, low = omaha_strengths(holes, boards), omaha_lows(holes, boards)
    together = np.concatenate([holes, boards], axis=1)
    padded = np.zeros((len(holes), n_hole + 9), dtype=np.uint8)
    padded[:, 2:2 + n_hole], padded[:, 3 + n_hole:8 + n_hole] = holes, boards
    layouts = {"slices of one array": (together[:, :n_hole], together[:, n_hole:]),
               "slices with columns between": (padded[:, 2:2 + n_hole], padded[:, 3 + n_hole:8 + n_hole]),
               "column-major": (np.asfortranarray(holes), np.asfortranarray(boards)),
               "every other row": (np.repeat(holes, 2, axis=0)[::2], np.repeat(boards, 2, axis=0)[::2]),
               "cards in reverse": (holes[:, ::-1], boards[:, ::-1])}
    for name, (h, b) in layouts.items():
        assert np.array_equal(omaha_strengths(h, b), high), name
        assert np.array_equal(omaha_lows(h, b), low), name
    first = np.broadcast_to(holes[:1], holes.shape), boards[:1].repeat(len(boards), axis=0)  # rows 0 bytes apart
    assert (omaha_strengths(*first) == high[0]).all() and (omaha_lows(*first) == low[0]).all()
    reversed_rows = holes[::-1], boards[::-1]
    assert np.array_equal(omaha_strengths(*reversed_rows), high[::-1])
    assert np.array_equal(omaha_lows(*reversed_rows), low[::-1])


def test_any_integer_dtype_and_threads_give_the_same():
    holes, boards = deals(20_000, 4, seed=5)
    base = omaha_strengths(holes, boards)
    assert np.array_equal(omaha_strengths(holes.astype(">i8"), boards.astype(np.int16)), base)
    with numba_runtime.threads(1):
        assert np.array_equal(omaha_strengths(holes, boards, validate=False), base)


TABLES = [(omaha_tables.high_table, omaha_tables.build_high_table, "high"),
          (omaha_tables.pair_table, omaha_tables.build_pair_table, "pair")]


@pytest.mark.parametrize("table, build, name", TABLES, ids=["high", "pair"])
def test_the_table_is_built_in_memory_when_the_cache_cannot_be_written(table, build, name, tmp_path, monkeypatch):
    cached = table()
    blocker = tmp_path / "a file"
    blocker.write_text("no directory can be made under a file, even by root")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker / "cache"))
    table.cache_clear()
    try:
        built = table()
        assert np.array_equal(built, cached) and not built.flags.writeable
    finally:
        table.cache_clear()


@pytest.mark.parametrize("ranking", ["standard", "short-deck"])
def test_a_four_card_hole_is_the_best_of_its_six_rank_pairs(ranking):
    # what Monte Carlo reads for a random hole: the pair table, in place of the high table
    high = omaha_tables.high_table(ranking).reshape(omaha_tables.BOARD_MULTISETS, omaha_tables.HOLE_MULTISETS)
    pairs = omaha_tables.pair_table(ranking).reshape(omaha_tables.BOARD_MULTISETS, omaha_tables.PAIR_STRIDE)
    numbers = omaha_tables.pair_numbers()
    holes = sorted(itertools.combinations_with_replacement(range(13), 4), key=lambda m: m[::-1])
    hole_pairs = np.array([[numbers[a << 4 | b] for a, b in itertools.combinations(hole, 2)] for hole in holes])
    best = pairs[:, hole_pairs].max(axis=2)
    # the high table holds 0 where the board and the hole hold five of a rank, or (short deck)
    # where no two and three of them are in the deck
    dealable = high > 0
    assert dealable.mean() > 0.6 and np.array_equal(best[dealable], high[dealable])


@pytest.mark.slow
@pytest.mark.parametrize("size, keys", [(5, omaha_tables.BOARD_KEYS), (4, omaha_tables.HOLE_KEYS)])
def test_rank_keys_sum_to_a_different_number_for_every_rank_multiset(size, keys):
    dealt = [m for m in itertools.combinations_with_replacement(range(13), size)
             if max(m.count(r) for r in m) <= 4]
    sums = [sum(keys[r] for r in m) for m in dealt]
    assert len(set(sums)) == len(dealt)
    if size == 5:
        table, bits = omaha_tables.board_multisets(), (omaha_tables.BOARD_MIX_BITS, omaha_tables.BOARD_ROW_BITS)
    else:
        table, bits = omaha_tables.hole_multisets(), (omaha_tables.HOLE_MIX_BITS, omaha_tables.HOLE_ROW_BITS)
    assert [omaha_tables.number_of_key_sum(table, x, *bits) for x in sums] == [omaha_tables.multiset_index(m)
                                                                               for m in dealt]
    # any sum at all, one a repeated card gives included, reads a multiset number, so a
    # kernel may look a hand up before it knows the hand is valid
    mixed_space = 1 << bits[0]
    numbers = {omaha_tables.number_of_key_sum(table, x, *bits) for x in range(mixed_space)}
    assert max(numbers) < (omaha_tables.BOARD_MULTISETS if size == 5 else omaha_tables.HOLE_MULTISETS)


@pytest.mark.parametrize("size", [5, 4])
def test_summed_card_keys_give_the_kernels_every_multiset_number_and_suit_count(size):
    # the keys come mixed, so the kernels read the mixed sum straight from the summed word:
    # every dealt rank multiset, in suits that vary, must land where the reference puts it
    from pokerlab.hand_rules.omaha_kernels import board_number, hole_number
    keys = omaha_tables.card_keys()
    for n, m in enumerate(m for m in itertools.combinations_with_replacement(range(13), size)
                          if max(m.count(r) for r in m) <= 4):
        cards = [r * 4 + (m[:i].count(r) + n) % 4 for i, r in enumerate(m)]
        word = sum(int(keys[c]) for c in cards) % (1 << 64)
        suits = sum(1 << 4 * (c % 4) for c in cards)
        assert (word >> omaha_tables.SUIT_BITS) & 0xFFFF == suits
        if size == 5:
            assert board_number(np.uint64(word), omaha_tables.board_multisets()) == omaha_tables.multiset_index(m)
        else:
            assert hole_number(np.uint64(word), omaha_tables.hole_multisets()) == omaha_tables.multiset_index(m)


@pytest.mark.parametrize("table, build, name", TABLES, ids=["high", "pair"])
def test_the_table_is_cached_on_disk_and_read_back(table, build, name, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    table.cache_clear()
    try:
        built = table()
        files = list((tmp_path / "pokerlab").glob(f"omaha-{name}-*.npy"))
        assert len(files) == 1
        table.cache_clear()
        assert np.array_equal(table(), built)
        assert np.array_equal(built, build())
    finally:
        table.cache_clear()


# --- equity ---------------------------------------------------------------------------------------

def known(*hands):
    return [[(tuple(h), 1.0)] for h in hands]


def assert_matches(result, expected):
    for i, p in enumerate(result.players):
        assert p.hi_equity == pytest.approx(float(expected["hi"][i]), abs=1e-12)
        assert p.lo_equity == pytest.approx(float(expected["lo"][i]), abs=1e-12)
        assert p.scoop == pytest.approx(float(expected["scoop"][i]), abs=1e-12)
        assert (p.hi_win, p.hi_tie, p.hi_lose) == pytest.approx(
            tuple(float(expected[k][i]) for k in ("win", "tie", "lose")), abs=1e-12)
        assert p.equity == pytest.approx(p.hi_equity + p.lo_equity, abs=1e-12)
        assert p.win == p.scoop and p.equity == pytest.approx(p.win + p.tie_equity, abs=1e-12)


def random_hands(seed, n_players, n_hole, n_board):
    cards = np.random.default_rng(seed).permutation(52)[:n_players * n_hole + n_board].tolist()
    hands = [cards[i * n_hole:(i + 1) * n_hole] for i in range(n_players)]
    return hands, cards[n_players * n_hole:]


@pytest.mark.parametrize(("seed", "n_players", "n_hole", "n_board", "hilo"), [
    (1, 2, 4, 3, False), (2, 2, 4, 3, True), (3, 3, 5, 4, True), (4, 4, 6, 4, True), (5, 3, 4, 5, True),
])
def test_exact_equity_matches_brute_force(seed, n_players, n_hole, n_board, hilo):
    hands, board = random_hands(seed, n_players, n_hole, n_board)
    result = omaha_equity(known(*hands), tuple(board), (), hilo=hilo)
    assert result.exact
    assert_matches(result, referee.equity([[(tuple(h), 1.0)] for h in hands], board, [], hilo))


@pytest.mark.parametrize(("seed", "n_players", "n_hole", "n_board", "n_dead"), [(6, 2, 4, 3, 1), (7, 3, 5, 4, 0)])
def test_known_hands_as_arrays_match_the_same_hands_as_pairs(seed, n_players, n_hole, n_board, n_dead):
    # pairs of plain ints take the quick checks, arrays of NumPy ints the general ones
    hands, board = random_hands(seed, n_players, n_hole, n_board)
    dead = tuple(sorted(set(range(52)) - {*board, *itertools.chain(*hands)}))[:n_dead]
    pairs = omaha_equity(known(*hands), tuple(board), dead, hilo=True)
    arrays = omaha_equity([(np.array([h]), np.ones(1)) for h in hands], tuple(board), dead, hilo=True)
    assert {**pairs.to_dict(), "elapsed": 0} == {**arrays.to_dict(), "elapsed": 0}
    assert np.array_equal(pairs.counts, arrays.counts)


def test_split_pots_and_the_scoop():
    # A-2 against A-2 with the same low and a board that counterfeits nothing: the low is
    # quartered, the best high takes the other half
    hands = ((48, 1, 40, 36), (49, 2, 29, 25))   # Ac 2d Qc Jc / Ad 2h 9d 8d
    board = (10, 15, 18, 44, 30)                  # 4h 5s 6h Kc 9h
    r = omaha_equity(known(*hands), board, (), hilo=True)
    expected = referee.equity([[(h, 1.0)] for h in hands], list(board), [], True)
    assert_matches(r, expected)
    assert r.players[0].lo_equity == r.players[1].lo_equity == 0.25
    # the quartered player shares the pot (a tie), the other takes three quarters
    quartered, other = r.players
    assert (quartered.win, quartered.tie, quartered.lose, quartered.quartered) == (0, 1, 0, 1)
    assert (quartered.hi_lose, quartered.lo_tie, quartered.equity) == (1, 1, 0.25)
    assert (other.hi_win, other.lo_tie, other.equity, other.quartered) == (1, 1, 0.75, 0)


def test_weighted_ranges_match_brute_force():
    players = [[((51, 47, 0, 5), 1.0), ((50, 46, 1, 6), 0.5)],
               [((43, 39, 2, 9), 1.0), ((51, 38, 3, 10), 2.0), ((42, 34, 7, 11), 1.0)]]
    board = [20, 24, 28, 33]
    r = omaha_equity(players, tuple(board), (44,), hilo=True, exact=True)
    assert_matches(r, referee.equity(players, board, [44], True))


def test_preflop_exact_matches_every_board_dealt():
    """By rank multisets, against all 1,086,008 boards evaluated one by one (batch kernels)."""
    hands = [(51, 50, 0, 5), (47, 43, 26, 22)]
    r = omaha_equity(known(*hands), (), (), hilo=True)
    used = set(hands[0]) | set(hands[1])
    boards = np.array([b for b in itertools.combinations(sorted(set(range(52)) - used), 5)], dtype=np.uint8)
    assert len(boards) == math.comb(44, 5) == r.showdowns
    highs = [omaha_strengths(np.tile(np.array(h, dtype=np.uint8), (len(boards), 1)), boards) for h in hands]
    lows = [omaha_lows(np.tile(np.array(h, dtype=np.uint8), (len(boards), 1)), boards) for h in hands]
    has_low = np.maximum(lows[0], lows[1]) > 0
    hi_share = np.where(highs[0] > highs[1], 1.0, np.where(highs[0] == highs[1], 0.5, 0.0))
    lo_share = np.where(lows[0] > lows[1], 1.0, np.where(lows[0] == lows[1], 0.5, 0.0))
    hi0 = np.where(has_low, hi_share / 2, hi_share).mean()
    lo0 = np.where(has_low, lo_share / 2, 0).mean()
    assert r.players[0].hi_equity == pytest.approx(hi0, abs=1e-12)
    assert r.players[0].lo_equity == pytest.approx(lo0, abs=1e-12)
    assert r.players[0].hi_win == pytest.approx((highs[0] > highs[1]).mean(), abs=1e-12)
    assert r.players[0].scoop == pytest.approx((np.where(has_low, hi_share + lo_share, 2 * hi_share) == 2).mean(),
                                               abs=1e-12)


@pytest.mark.parametrize("hilo", [False, True])
def test_monte_carlo_is_within_its_standard_error_of_exact(hilo):
    hands, board = random_hands(7, 3, 4, 3)
    exact = omaha_equity(known(*hands), tuple(board), (), hilo=hilo)
    sampled = omaha_equity(known(*hands), tuple(board), (), hilo=hilo, trials=200_000, seed=3)
    assert not sampled.exact and sampled.showdowns == 200_000
    for e, s in zip(exact.players, sampled.players):
        assert 0 < s.stderr < 0.003
        assert abs(e.equity - s.equity) < 4 * s.stderr


@pytest.mark.parametrize("n_players", [3, 4])
def test_monte_carlo_counts_each_outcome_like_exact(n_players):
    # three players are counted through joint histograms, four showdown by showdown: both must
    # land near exact on every figure, not only the equity
    hands, board = random_hands(11, n_players, 4, 3)
    exact = omaha_equity(known(*hands), tuple(board), (), hilo=True)
    sampled = omaha_equity(known(*hands), tuple(board), (), hilo=True, trials=200_000, seed=2)
    n = sampled.showdowns
    for e, s in zip(exact.players, sampled.players):
        for name in ("win", "tie", "lose", "scoop", "hi_equity", "lo_equity", "hi_win", "hi_tie", "lo_win", "lo_tie",
                     "lo_lose", "no_low", "quartered"):
            p = getattr(e, name)
            assert abs(getattr(s, name) - p) <= 5 * math.sqrt(max(p * (1 - p), 1e-4) / n), name
        e_rows = np.array(e.by_category) / exact.showdowns
        s_rows = np.array(s.by_category) / n
        assert np.abs(e_rows - s_rows).max() <= 5 * math.sqrt(0.25 / n)
        assert s.wins + s.ties + s.losses == n


@pytest.mark.parametrize("game, hand, board, dead", [
    ("omaha", "AsKd7h6c", "Qs8c2d3h", ""),
    ("omaha-hilo", "Ah2s4d9c", "Qs8c3d5h", ""),
    ("short-deck-omaha", "AsKd7h6c", "Qs8c9dTh", ""),
    ("omaha5", "AsKd7h6c5s", "Qs8c2d3hJh", "2c 3c 4c 5c 6h 7c 8h 9h Tc Jc Ac")],
    ids=["omaha", "omaha-hilo", "short-deck-omaha", "omaha5"])
def test_monte_carlo_against_a_random_hand_is_within_its_error_of_exact(game, hand, board, dead):
    # a random hand is dealt and valued in the kernel (four hole cards by their rank pairs in
    # the pair table, five by the high table's columns): every hand it can hold, counted exactly
    exact = pl.equity([hand, "random"], board, dead, game=game, exact=True)
    sampled = pl.equity([hand, "random"], board, dead, game=game, trials=100_000, seed=6)
    assert exact.exact and not sampled.exact
    for e, s in zip(exact.players, sampled.players):
        assert 0 < s.stderr < 0.005
        assert abs(e.equity - s.equity) < 5 * s.stderr
        assert abs(e.win - s.win) <= 5 * math.sqrt(max(e.win * (1 - e.win), 1e-4) / 100_000)


def test_monte_carlo_with_ranges_and_random_hands():
    players = [[((51, 47, 0, 5), 1.0), ((50, 46, 1, 6), 1.0)], [((43, 39, 2, 9), 1.0), ((51, 38, 3, 10), 1.0)]]
    board = (20, 24, 28, 33)
    exact = omaha_equity(players, board, (), hilo=True, exact=True)
    sampled = omaha_equity(players, board, (), hilo=True, trials=100_000, seed=5)
    for e, s in zip(exact.players, sampled.players):
        assert abs(e.equity - s.equity) < 4 * s.stderr
    anyone = [(c, 1.0) for c in itertools.combinations(range(52), 4)]
    r = omaha_equity([players[0], anyone], board, (), hilo=False, exact=False, seed=1, stderr=0.01)
    assert not r.exact and r.players[0].stderr <= 0.01
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)


def test_seeds_repeat_and_threads_change_nothing():
    hands, board = random_hands(8, 3, 5, 0)
    runs = [omaha_equity(known(*hands), (), (), hilo=True, trials=20_000, seed=4, threads=t) for t in (1, 2)]
    assert [p.equity for p in runs[0].players] == [p.equity for p in runs[1].players]


def test_progress_is_reported():
    calls = []
    hands, board = random_hands(9, 2, 4, 0)
    omaha_equity(known(*hands), (), (), hilo=False, trials=50_000, seed=1, progress=lambda d, t: calls.append((d, t)))
    assert calls and calls[-1][0] == calls[-1][1]


# --- refusals -------------------------------------------------------------------------------------

AK = ((51, 47, 43, 39), 1.0)
QJ = ((42, 38, 34, 30), 1.0)
ok_holes = np.zeros((1, 4), dtype=np.uint8) + np.arange(4, dtype=np.uint8)
ok_boards = np.arange(4, 9, dtype=np.uint8)[None, :]

REFUSALS = [
    Refused("float holes", lambda: omaha_strengths(ok_holes.astype(float), ok_boards), InvalidCardError, "integers"),
    Refused("three hole cards", lambda: omaha_strengths(ok_holes[:, :3], ok_boards), HandSizeError, r"\(N, 4 or 5"),
    Refused("four board cards", lambda: omaha_lows(ok_holes, ok_boards[:, :4]), HandSizeError, r"\(N, 5\)"),
    Refused("rows differ", lambda: omaha_strengths(ok_holes, np.vstack([ok_boards, ok_boards])), HandSizeError,
            "as many rows"),
    Refused("id 52", lambda: omaha_strengths(ok_holes, ok_boards + 44), InvalidCardError, "row 0: .* got 52"),
    Refused("negative id", lambda: omaha_lows(ok_holes.astype(np.int8) - 1, ok_boards), InvalidCardError, "got -1"),
    Refused("a card twice", lambda: omaha_strengths(ok_holes, ok_boards - 1), DuplicateCardError, "duplicate card: 2s"),
    Refused("validate not bool", lambda: omaha_strengths(ok_holes, ok_boards, validate=1), InvalidArgumentError,
            "validate"),
    Refused("low value 57", lambda: describe_low(57), InvalidArgumentError, "from 1 to 56"),
    Refused("one player", lambda: deal([[AK]], (), (), game=OMAHA), PlayerCountError, "2 to 10"),
    Refused("players a string", lambda: deal("AsKs", (), (), game=OMAHA), InvalidArgumentError, "players"),
    Refused("empty player", lambda: deal([[AK], []], (), (), game=OMAHA), InvalidRangeError, "player 2"),
    Refused("mixed sizes", lambda: deal([[AK], [((1, 2, 3, 4, 5), 1.0)]], (), (), game=OMAHA),
            HandSizeError, "player 2: a omaha hand holds 4 cards, got 5"),
    Refused("mixed sizes in a range", lambda: deal([[AK], [((1, 2, 3, 4), 1.0), ((5, 6, 7), 1.0)]], (), (),
                                                   game=OMAHA), HandSizeError, "the same number of cards"),
    Refused("three cards", lambda: deal([[((1, 2, 3), 1.0)], [QJ]], (), (), game=OMAHA), HandSizeError,
            "holds 4 cards, got 3"),
    Refused("card 60", lambda: deal([[((1, 2, 3, 60), 1.0)], [QJ]], (), (), game=OMAHA), InvalidCardError,
            "player 1"),
    Refused("negative weight", lambda: deal([[(AK[0], -1.0)], [QJ]], (), (), game=OMAHA),
            InvalidArgumentError, "weight"),
    Refused("not a pair", lambda: deal([[AK[0]], [QJ]], (), (), game=OMAHA), InvalidArgumentError,
            r"\(combo, weight\)"),
    Refused("shared card", lambda: deal([[AK], [((51, 1, 2, 3), 1.0)]], (), (), game=OMAHA),
            DuplicateCardError, "As"),
    Refused("board card in hand", lambda: deal([[AK], [QJ]], (51, 1, 2), (), game=OMAHA),
            DuplicateCardError, "As"),
    Refused("shared card on a flop", lambda: deal([[AK], [((51, 1, 2, 3), 1.0)]], (4, 5, 6), (), game=OMAHA),
            DuplicateCardError, "As"),
    Refused("weight 0 on a flop", lambda: deal([[(AK[0], 0.0)], [QJ]], (4, 5, 6), (), game=OMAHA),
            InvalidRangeError, "player 1"),
    Refused("card True on a flop", lambda: deal([[((True, 2, 3, 4), 1.0)], [QJ]], (5, 6, 7), (), game=OMAHA),
            InvalidCardError, "player 1"),
    Refused("board and dead", lambda: deal([[AK], [QJ]], (0, 1, 2), (2,), game=OMAHA),
            DuplicateCardError, "2h"),
    Refused("two board cards", lambda: deal([[AK], [QJ]], (0, 1), (), game=OMAHA), HandSizeError,
            "0, 3, 4 or 5"),
    Refused("deck short", lambda: deal([[((c, c + 1, c + 2, c + 3, c + 4, c + 5), 1.0)] for c in range(0, 48, 6)],
                                       (), (), game=OMAHA6), PlayerCountError, "short"),
    Refused("range blocked", lambda: deal([[AK], [((47, 0, 1, 2), 1.0), ((43, 4, 5, 6), 1.0)]], (), (), game=OMAHA),
            InvalidRangeError, "player 2"),
    Refused("game unknown", lambda: deal([[AK], [QJ]], (), (), game="omaha7"), InvalidArgumentError, "game"),
    Refused("exact and trials", lambda: deal([[AK], [QJ]], (), (), game=OMAHA, exact=True, trials=10),
            InvalidArgumentError, "exact and trials"),
    Refused("trials 0", lambda: deal([[AK], [QJ]], (), (), game=OMAHA, trials=0), InvalidArgumentError,
            "trials"),
    Refused("threads 0", lambda: deal([[AK], [QJ]], (), (), game=OMAHA, threads=0), InvalidArgumentError,
            "threads"),
    Refused("exact too large", lambda: deal(
        [[(c, 1.0) for c in itertools.combinations(range(12), 4)]] * 3, (), (), game=OMAHA, exact=True),
        ExactTooLargeError, "Monte Carlo"),
    Refused("labels", lambda: deal([[AK], [QJ]], (), (), game=OMAHA, labels=["a"]), InvalidArgumentError,
            "labels"),
]


@pytest.mark.parametrize("case", REFUSALS, ids=ids(REFUSALS))
def test_refusals(case):
    check(case)
