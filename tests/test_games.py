"""Games as data: every ranking against the plain referee of tests/games_referee.py, the
published counts, equity against brute force, Omaha ranges, and the refusals of the games API."""

import itertools
import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import games_referee as ref
import pokerlab as pl
from pokerlab import games
from pokerlab.cards.iterate import sample_hands
from pokerlab.cli.main import app
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
from pokerlab.ranges.patterns import combinations, game_players, game_range
from pokerlab.rankings.category import HandCategory
from pokerlab.rankings.ranking import eight_or_better_lows, ranking
from refusals import CliRefused, Refused, check, check_cli, ids


def assert_same_order(strengths: np.ndarray, scores: np.ndarray, classes: int) -> None:
    """The library's strengths rank the hands exactly as the referee's scores do: the same
    ties, the same order, and ``classes`` distinct ranks."""
    pairs = np.unique((scores - scores.min()) << 16 | strengths.astype(np.int64))  # sorted by score, then strength
    assert len(pairs) == classes == len(np.unique(scores)) == len(np.unique(strengths))
    assert (np.diff(pairs & 0xFFFF) > 0).all()  # sorted by score, the strengths rise too


@pytest.fixture(scope="module")
def short_deck_hands(all_five: np.ndarray) -> np.ndarray:
    """Every five-card hand of the 36-card deck."""
    return all_five[(all_five >= 16).all(axis=1)]


# --- published counts ----------------------------------------------------------------------------

def test_published_counts() -> None:
    assert math.comb(len(games.SHORT_DECK.deck), 5) == 376_992
    assert len(ranking("deuce-to-seven").values) == 7462
    assert len(ranking("ace-to-five").values) == 6175
    assert len(eight_or_better_lows()) == 56 == len(set(eight_or_better_lows()))
    assert len(games.SHORT_DECK.deck) == 36


# --- every five-card hand against the referee ------------------------------------------------------

@pytest.mark.parametrize("game, score", [(games.SHORT_DECK, ref.short_deck), (games.SHORT_DECK_TRITON, ref.triton)])
def test_short_deck_every_hand(short_deck_hands: np.ndarray, game: games.Game, score: ref.Score) -> None:
    assert len(short_deck_hands) == 376_992
    strengths = game.evaluate_many(short_deck_hands[:, :2], short_deck_hands[:, 2:])
    assert_same_order(strengths, score(short_deck_hands), 1404)


@pytest.mark.slow
@pytest.mark.parametrize("game, score, classes", [(games.DEUCE_TO_SEVEN, ref.deuce_to_seven, 7462),
                                                  (games.ACE_TO_FIVE, ref.ace_to_five, 6175)])
def test_lowball_every_hand(all_five: np.ndarray, game: games.Game, score: ref.Score, classes: int) -> None:
    assert_same_order(game.evaluate_many(all_five), score(all_five), classes)


def test_lowball_sample_of_hands() -> None:
    hands = sample_hands(20_000, 5, seed=3)
    for game, score in ((games.DEUCE_TO_SEVEN, ref.deuce_to_seven), (games.ACE_TO_FIVE, ref.ace_to_five)):
        strengths = game.evaluate_many(hands).astype(np.int64)
        scores = score(hands)
        i, j = np.arange(len(hands)), np.roll(np.arange(len(hands)), 1)
        assert (np.sign(strengths[i] - strengths[j]) == np.sign(scores[i] - scores[j])).all()


@pytest.mark.parametrize("n", [6, 7])
def test_ace_to_five_best_five_of_more(n: int) -> None:
    hands = sample_hands(3000, n, seed=n)
    strengths = games.ACE_TO_FIVE.evaluate_many(hands).astype(np.int64)
    scores = ref.best_of(hands, ref.ace_to_five)
    i, j = np.arange(len(hands)), np.roll(np.arange(len(hands)), 1)
    assert (np.sign(strengths[i] - strengths[j]) == np.sign(scores[i] - scores[j])).all()


@pytest.mark.parametrize("game, score", [(games.SHORT_DECK, ref.short_deck), (games.SHORT_DECK_TRITON, ref.triton)])
def test_short_deck_seven_cards(game: games.Game, score: ref.Score) -> None:
    rng = np.random.default_rng(7)
    hands = np.array([rng.choice(np.arange(16, 52), 7, replace=False) for _ in range(3000)], dtype=np.uint8)
    strengths = game.evaluate_many(hands[:, :2], hands[:, 2:]).astype(np.int64)
    scores = ref.best_of(hands, score)
    i, j = np.arange(len(hands)), np.roll(np.arange(len(hands)), 1)
    assert (np.sign(strengths[i] - strengths[j]) == np.sign(scores[i] - scores[j])).all()
    one = [game.evaluate(h[:2].tolist(), h[2:].tolist()).strength for h in hands[:200]]
    assert one == strengths[:200].tolist()


# --- the rules, one fact at a time ------------------------------------------------------------------

def test_short_deck_rules() -> None:
    sd, triton = games.SHORT_DECK, games.SHORT_DECK_TRITON
    flush = sd.evaluate("Ah 9h", "Kh 7h 6h 6c 6d")
    full_house = sd.evaluate("6s 9c", "9h 6h 7c 6c 9d")
    assert flush > full_house and flush.category == HandCategory.FLUSH
    assert sd.evaluate("Ac 9d", "8h 7s 6c Kd Qd").describe() == "Straight, Nine High"
    assert sd.evaluate("Ac 9d", "8h 7s 6c Kd Qd") < sd.evaluate("Tc 9d", "8h 7s 6c Kd Qd")
    straight, trips = ("Tc 9d", "8h 7s 6c Kd Kh"), ("Kc Ks", "8h 7s 6c Kd Ah")
    assert sd.evaluate(*straight) > sd.evaluate(*trips)
    assert triton.evaluate(*straight) < triton.evaluate(*trips)
    assert pl.evaluate("Ah 9h Kh 7h 6h 6c 6d", game="short-deck") == flush


def test_lowball_rules() -> None:
    d27, a5 = games.DEUCE_TO_SEVEN, games.ACE_TO_FIVE
    assert d27.evaluate("7h 5d 4c 3s 2h").strength == 7462
    assert d27.evaluate("7h 5d 4c 3s 2h").describe() == "7-5-4-3-2, Seven-Five low"
    assert d27.evaluate("5h 4d 3c 2s Ah") < d27.evaluate("Kh Qd Jc 9s 8h")  # ace high, not a wheel
    assert d27.evaluate("6h 5d 4c 3s 2h").category == HandCategory.STRAIGHT
    assert a5.evaluate("5h 4d 3c 2s Ah").strength == 6175
    assert a5.evaluate("5h 4d 3c 2s Ah 5c Kd").describe() == "5-4-3-2-A, Five-Four low"
    assert a5.evaluate("8h 6d 4c 3s 2h").describe() == "8-6-4-3-2, Eight-Six low"
    assert a5.evaluate("Ah Ad 2c 3s 4h") > a5.evaluate("2h 2d Ac 3s 4h")  # a pair of aces is the lowest pair
    assert pl.evaluate("7h 5d 4c 3s 2h", game="deuce-to-seven") == d27.evaluate("7h 5d 4c 3s 2h")


def test_eight_or_better_low() -> None:
    hilo = games.OMAHA_HILO
    low = hilo.evaluate_low("Ah 2c Kd Ks", "3h 5d 8c Qs Js")
    assert low is not None and low.describe() == "8-5-3-2-A, Eight-Five low"
    assert hilo.evaluate_low("Ah 2c Kd Ks", "9h Td 8c Qs Js") is None
    assert hilo.evaluate_low("Ah 2c 3d Ks", "4h 5d Kc Qs Js") is None  # three hole cards would be needed
    assert hilo.evaluate_low("Ah 2c Kd Ks", "3h 4d 5c Qs Js").strength == 56


def test_omaha_uses_two_hole_cards() -> None:
    assert games.OMAHA.evaluate("As Ks Qs Js", "Ts 2c 3d 4h 9h").category == HandCategory.HIGH_CARD
    assert games.OMAHA.evaluate("As Ks Qs Js", "Ts 9s 3s").category == HandCategory.FLUSH
    assert games.OMAHA.evaluate("As Kd Qc Jh", "Ts 9s 8s 7s 2s").describe() == "Straight, Queen High"
    assert games.OMAHA.evaluate("Ah Ad Ac 2h", "Kd Ks 7c").describe() == "Two Pair, Aces and Kings with a Seven kicker"


def test_omaha_against_the_referee() -> None:
    rng = np.random.default_rng(11)
    for game in (games.OMAHA, games.OMAHA5, games.OMAHA6, games.OMAHA_HILO):
        deals = np.array([rng.permutation(52)[:game.hole_cards + 5] for _ in range(2000)], dtype=np.uint8)
        holes, boards = deals[:, :game.hole_cards], deals[:, game.hole_cards:]
        strengths = game.evaluate_many(holes, boards).astype(np.int64)
        scores = ref.omaha_best(holes, boards, ref.holdem)
        i, j = np.arange(len(deals)), np.roll(np.arange(len(deals)), 1)
        assert (np.sign(strengths[i] - strengths[j]) == np.sign(scores[i] - scores[j])).all()
        one = [int(game.evaluate(h.tolist(), b.tolist())) for h, b in zip(holes[:100], boards[:100])]
        assert one == strengths[:100].tolist()
        if game.hilo:
            lows = game.evaluate_low_many(holes, boards).astype(np.int64)
            low_scores = ref.omaha_best(holes, boards, ref.eight_or_better)
            assert ((lows == 0) == (low_scores == 0)).all()
            assert (np.sign(lows[i] - lows[j]) == np.sign(low_scores[i] - low_scores[j])).all()
            single = [game.evaluate_low(h.tolist(), b.tolist()) for h, b in zip(holes[:300], boards[:300])]
            assert [0 if s is None else s.strength for s in single] == lows[:300].tolist()


@settings(max_examples=30, deadline=None)
@given(st.permutations(range(16, 52)), st.sampled_from([games.SHORT_DECK, games.SHORT_DECK_TRITON]))
def test_short_deck_showdowns_agree_with_the_referee(cards: list[int], game: games.Game) -> None:
    first, second, board = cards[:2], cards[2:4], cards[4:9]
    score = ref.short_deck if game is games.SHORT_DECK else ref.triton
    mine = ref.best_of(np.array([first + board, second + board], dtype=np.uint8), score)
    a, b = game.evaluate(first, board), game.evaluate(second, board)
    assert (a > b, a == b) == (mine[0] > mine[1], mine[0] == mine[1])
    assert game.rank(int(a)) == a


# --- equity ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game, score", [("short-deck", ref.short_deck), ("short-deck-triton", ref.triton)])
@pytest.mark.parametrize("hands, board", [(["AhKh", "6c6d"], "Qh7h8s"), (["AsAd", "KhQh", "Tc9c"], "JhTh6s7d"),
                                          (["AsKd", "QsJs"], "9s8s6d")])
def test_short_deck_exact_against_brute_force(game: str, score: ref.Score, hands: list[str], board: str) -> None:
    r = pl.equity(hands, board, game=game)
    expected = ref.brute_equity([pl.parse_cards(h) for h in hands], pl.parse_cards(board), range(16, 52), score)
    assert r.exact and r.game == game
    for p, (hi, _, scoop) in zip(r.players, expected):
        assert p.equity == pytest.approx(hi, abs=1e-12) and p.hi_equity == p.equity and p.lo_equity == 0
        assert p.scoop == pytest.approx(scoop, abs=1e-12) == p.win


@pytest.mark.slow
def test_short_deck_preflop_exact_against_brute_force() -> None:
    hands = [pl.parse_cards("AhKh"), pl.parse_cards("6c6d")]
    expected = ref.brute_equity(hands, (), range(16, 52), ref.short_deck)
    r = pl.equity(["AhKh", "6c6d"], game="short-deck")
    assert r.showdowns == math.comb(32, 5)
    assert [p.equity for p in r.players] == pytest.approx([e[0] for e in expected], abs=1e-12)


def test_short_deck_monte_carlo_within_its_error() -> None:
    exact = pl.equity(["AhKh", "Qs Qd", "random"], "9h8h6c", game="short-deck")
    sampled = pl.equity(["AhKh", "Qs Qd", "random"], "9h8h6c", game="short-deck", trials=100_000, seed=5)
    assert exact.exact and not sampled.exact
    for e, s in zip(exact.players, sampled.players):
        assert abs(e.equity - s.equity) < 5 * s.stderr
    # the counters by own and best other category too, counted by the joint histogram of
    # three players: in short deck a flush is the better hand than a full house
    assert np.abs(sampled.counts / sampled.showdowns - exact.counts / exact.showdowns).max() < 0.01


def test_short_deck_ranges_and_categories() -> None:
    r = pl.equity(["AKs", "random"], "Qh7h8s", game="short-deck")
    assert r.players[1].hand == "random"
    assert sum(r.players[0].win_by_category.values()) == pytest.approx(r.players[0].win)
    # the counters are given in the usual category order whatever the game's order
    flush = r.players[0].win_by_category[HandCategory.FLUSH]
    assert flush > 0 and r.players[0].win_by_category[HandCategory.FULL_HOUSE] < flush


@pytest.mark.parametrize("game, hands, board", [
    ("omaha-hilo", ["Ah2h3c4d", "AsKsQdJd"], "Qs7h2c5d"),
    ("omaha-hilo", ["Ah2hKcKd", "Ad3d8c8s", "QhJhTc9c"], "4s5h6c"),
    ("omaha", ["AsKsQdJd", "9h8h7c6c"], "Ts5h2c"),
    ("omaha5-hilo", ["Ah2h3c4dKs", "AsKdQdJd9c"], "Qs7h2c5d"),
])
def test_omaha_exact_against_brute_force(game: str, hands: list[str], board: str) -> None:
    rules = games.get(game)
    r = pl.equity(hands, board, game=game)
    expected = ref.brute_equity([pl.parse_cards(h) for h in hands], pl.parse_cards(board), range(52), ref.holdem,
                            omaha=True, hilo=rules.hilo)
    assert r.exact and r.game == game
    for p, (hi, lo, scoop) in zip(r.players, expected):
        assert (p.hi_equity, p.lo_equity, p.scoop) == pytest.approx((hi, lo, scoop), abs=1e-9)
        assert p.equity == pytest.approx(hi + lo, abs=1e-9)


# --- Omaha ranges -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def omaha_hands() -> np.ndarray:
    return np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)


def suit_shape(hands: np.ndarray) -> np.ndarray:
    """Each hand's suit counts, most first, as digits: 2200 is double suited."""
    counts = np.sort(np.stack([(hands & 3 == s).sum(axis=1) for s in range(4)], axis=1), axis=1)[:, ::-1]
    return counts @ np.array([1000, 100, 10, 1])


@pytest.mark.parametrize("text, keep", [
    ("AA**", lambda r, s: (r == 12).sum(axis=1) >= 2),
    ("AAxx", lambda r, s: (r == 12).sum(axis=1) >= 2),
    ("KK**ds", lambda r, s: ((r == 11).sum(axis=1) >= 2) & (s == 2200)),
    ("AKQJrainbow", lambda r, s: (np.sort(r, axis=1) == [9, 10, 11, 12]).all(axis=1) & (s == 1111)),
    ("A*K*ss", lambda r, s: (r == 12).any(axis=1) & (r == 11).any(axis=1) & (s == 2110)),
    ("T9 8 7", lambda r, s: (np.sort(r, axis=1) == [5, 6, 7, 8]).all(axis=1)),
])
def test_omaha_patterns_against_a_filter(omaha_hands: np.ndarray, text: str, keep: object) -> None:
    ranks = omaha_hands >> 2
    wanted = omaha_hands[keep(ranks, suit_shape(omaha_hands))]  # type: ignore[operator]
    got = game_range(text, "omaha")
    assert sorted(map(tuple, got.combos.tolist())) == sorted(map(tuple, wanted.tolist()))


def test_omaha_range_weights_and_cards() -> None:
    r = game_range("AsKs**:0.5, AsKsQdJd", "omaha")
    weights = dict(zip(map(tuple, r.combos.tolist()), r.weights.tolist()))
    assert len(weights) == math.comb(50, 2)
    assert weights[tuple(sorted(pl.parse_cards("AsKsQdJd")))] == 1.0
    assert set(weights.values()) == {0.5, 1.0}
    assert len(game_range("random", "omaha6")) == 0 and game_range("random", "omaha6").random
    assert len(game_range("AA****", "omaha6")) == sum(math.comb(4, k) * math.comb(48, 6 - k) for k in (2, 3, 4))


@pytest.fixture(scope="module")
def every_omaha_hand() -> tuple[np.ndarray, np.ndarray]:
    """Every four-card hand (rows of ascending ids) and which cards it holds, (N, 52)."""
    every = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    present = np.zeros((len(every), 52), dtype=bool)
    present[np.arange(len(every))[:, None], every] = True
    return every, present


@settings(max_examples=60, deadline=None)
@given(tokens=st.lists(st.tuples(st.sampled_from("AKQJT98765432*"), st.sampled_from(["", "c", "d", "h", "s"])),
                       min_size=4, max_size=4))
def test_a_pattern_lists_the_hands_its_words_allow(every_omaha_hand: tuple[np.ndarray, np.ndarray],
                                                   tokens: list[tuple[str, str]]) -> None:
    """Each named card (a rank, with or without its suit) is one card of the hand, the stars
    any others: rank by rank, the hand holds each named suited card, and as many more of the
    rank as the pattern names without a suit."""
    text = "".join(rank + ("" if rank == "*" else suit) for rank, suit in tokens)
    named = [("23456789TJQKA".index(rank), "cdhs".index(suit) if suit else None) for rank, suit in tokens
             if rank != "*"]
    if not named:
        assert game_range(text, "omaha").random
        return
    every, present = every_omaha_hand
    keep = np.ones(len(every), dtype=bool)
    for rank in {r for r, _ in named}:
        fixed = [suit for r, suit in named if r == rank and suit is not None]
        free = sum(1 for r, suit in named if r == rank and suit is None)
        keep &= len(set(fixed)) == len(fixed)
        for suit in fixed:
            keep &= present[:, 4 * rank + suit]
        keep &= present[:, 4 * rank:4 * rank + 4].sum(axis=1) - len(fixed) >= free
    if not keep.any():
        with pytest.raises(pl.InvalidRangeError, match="no hand fits"):
            game_range(text, "omaha")
        return
    got = game_range(text, "omaha").combos
    assert sorted(map(tuple, got.tolist())) == list(map(tuple, every[keep].tolist()))


def test_an_item_written_again_is_listed_once_with_its_largest_weight() -> None:
    many = ", ".join(["AA**:0.25"] * 5_000 + ["aa xx:0.5"] + ["KK**"] * 4_999)
    r = game_range(many, "omaha")
    alone = game_range("AA**:0.5, KK**", "omaha")
    assert r.combos.tolist() == alone.combos.tolist() and r.weights.tolist() == alone.weights.tolist()


def test_a_range_listing_too_many_hands_is_refused_by_the_item_that_tips_it() -> None:
    items = [f"{a}{b}{c}**" for a in "AKQJT98765432" for b in "AKQJT98765432" for c in "AKQJT98765432"]
    with pytest.raises(pl.InvalidRangeError, match=r"this range lists too many hands \(at most 3,000,000"):
        game_range(", ".join(items), "omaha5")


@pytest.mark.parametrize("game", ["holdem", "omaha", "omaha5-hilo"])
@pytest.mark.parametrize("word", ["random", "ANY", "xx", "xxxx", "*****"])
def test_random_means_the_same_in_every_game(game: str, word: str) -> None:
    rules = games.get(game)
    hero = "AsKsQdJdTc"[:2 * rules.hole_cards]
    r = pl.equity([hero, word], "2c7d9h", game=game, trials=2_000, seed=1)
    same = pl.equity([hero, "random"], "2c7d9h", game=game, trials=2_000, seed=1)
    assert r.players[1].hand == "random" and r.players[0].equity == same.players[0].equity


@pytest.mark.parametrize(("game", "shape", "counts"), [
    ("omaha5", "ds", [2, 2, 1, 0]), ("omaha5", "ss", [2, 1, 1, 1]), ("omaha6", "ds", [2, 2, 1, 1])])
def test_suit_shapes_of_five_and_six_cards(game: str, shape: str, counts: list[int]) -> None:
    n = sum(counts)
    got = game_range("AKQ" + "*" * (n - 3) + shape, game).combos
    rng = np.random.default_rng(n)
    deals = np.array([rng.choice(52, n, replace=False) for _ in range(200_000)], dtype=np.uint8)
    ranks = np.sort(deals >> 2, axis=1)
    has_akq = (ranks == 12).any(axis=1) & (ranks == 11).any(axis=1) & (ranks == 10).any(axis=1)
    shapes = np.sort(np.stack([(deals & 3 == s).sum(axis=1) for s in range(4)], axis=1), axis=1)[:, ::-1]
    wanted = {tuple(sorted(row)) for row in deals[has_akq & (shapes == counts).all(axis=1)].tolist()}
    listed = {tuple(row) for row in got.tolist()}
    assert wanted and wanted <= listed
    assert all(sorted(((np.array(row) & 3) == s).sum() for s in range(4))[::-1] == counts for row in got.tolist())


@pytest.mark.parametrize(("game", "text", "words"), [
    ("omaha5", "AA***rainbow", "no 5-card hand fits this pattern rainbow"),
    ("omaha6", "AA****ss", "no 6-card hand fits this pattern single suited"),
    ("omaha", "AsKsQsJsds", "no 4-card hand fits this pattern double suited"),
    ("omaha5", "AA**ds", "a pattern names 5 cards .* got 4: 'AA\\*\\*ds'"),
])
def test_impossible_suit_shapes_are_refused(game: str, text: str, words: str) -> None:
    with pytest.raises(pl.InvalidRangeError, match=words):
        game_range(text, game)


@pytest.mark.parametrize(("n", "k"), [(0, 0), (5, 0), (5, 5), (9, 4), (12, 7), (3, 4)])
def test_combinations_as_itertools(n: int, k: int) -> None:
    cards = np.array([3 * i + 1 for i in range(n)], dtype=np.uint8)
    got = combinations(cards, k)
    assert got.dtype == np.uint8 and got.shape == (math.comb(n, k), k)
    assert got.tolist() == [list(c) for c in itertools.combinations(cards.tolist(), k)]


def test_random_player_is_dealt_from_the_deck_not_listed() -> None:
    labels, hands = game_players("omaha5", ["AsKsQdJdTc", "random"], "9s7h2c", "3d")
    cards, weights = hands[1]
    assert labels == ["AsKsQdJdTc", "random"] and cards.shape == (0, 5) and weights.shape == (0,)


@pytest.mark.parametrize("game", ["omaha6", "omaha6-hilo"])
def test_random_against_random_in_six_card_omaha_by_monte_carlo(game: str) -> None:
    # 20 million hands each: dealt from the deck, never listed; exact is out of reach
    r = pl.equity(["random", "random"], game=game, trials=20_000, seed=1)
    assert not r.exact and r.showdowns == 20_000
    assert sum(p.equity for p in r.players) == pytest.approx(1) and abs(r.players[0].equity - 0.5) < 0.03
    flop = pl.equity(["random", "random", "random"], "As7d2c", game=game, stderr=0.01, seed=2)
    assert not flop.exact and max(p.stderr for p in flop.players) <= 0.01
    with pytest.raises(ExactTooLargeError):
        pl.equity(["random", "random"], game=game, exact=True)


def test_random_omaha_players_are_sampled_from_the_deck() -> None:
    # sampled from the deck (Monte Carlo), against every hand listed (exact)
    hero, board = "AsKsQdJd", "9s7h2c3d"
    exact = pl.equity([hero, "random"], board, game="omaha", exact=True)
    sampled = pl.equity([hero, "random"], board, game="omaha", trials=100_000, seed=2)
    assert exact.showdowns == math.comb(44, 4) * 40 and isinstance(exact.showdowns, int)
    assert isinstance(sampled.showdowns, int) and sampled.showdowns == 100_000
    assert abs(sampled.players[0].equity - exact.players[0].equity) < 4 * sampled.players[0].stderr
    six = pl.equity(["AsKsQdJdTc9c", "random"], "8s7h2c", game="omaha6", trials=20_000, seed=1)
    assert six.showdowns == 20_000 and 0 < six.players[0].equity < 1


# --- the API and the command line ---------------------------------------------------------------------

def test_get_and_listing() -> None:
    assert games.get("Omaha-HiLo") is games.OMAHA_HILO and games.get(games.OMAHA) is games.OMAHA
    assert pl.games.SHORT_DECK.missing_cards == tuple(range(16))
    assert [g.name for g in games.GAMES.values()][:3] == ["holdem", "holdem-hilo", "short-deck"]
    result = CliRunner().invoke(app, ["games", "--json"])
    assert result.exit_code == 0 and '"omaha5-hilo"' in result.output


def test_cli_game_flags() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["eval", "--game", "short-deck", "Ah", "Kh", "Qh", "9h", "6h", "7c", "8d", "--json"])
    assert out.exit_code == 0 and "FLUSH" in out.output
    out = runner.invoke(app, ["equity", "AhKh", "6c6d", "--board", "Qh7h8s", "--game", "short-deck", "--json"])
    assert out.exit_code == 0 and '"game": "short-deck"' in out.output
    out = runner.invoke(app, ["equity", "Ah2h3c4d", "AsKsQdJd", "--board", "Qs7h2c5d", "--game", "omaha-hilo"])
    assert out.exit_code == 0 and "scoop" in out.output
    out = runner.invoke(app, ["equity", "Ah2h3c4d", "AsKsQdJd", "--board", "Qs7h2c5d", "--game", "omaha-hilo",
                              "--json"])
    want = pl.equity(["Ah2h3c4d", "AsKsQdJd"], "Qs7h2c5d", game="omaha-hilo")
    got = json.loads(out.stdout)["players"]
    assert [p[k] for p in got for k in ("hi_equity", "lo_equity", "scoop")] == pytest.approx(
        [v for p in want.players for v in (p.hi_equity, p.lo_equity, p.scoop)])
    assert got[0]["lo_equity"] > 0  # the ace-deuce-trey wins the low
    out = runner.invoke(app, ["outs", "AhKh", "JcJd", "--board", "Qh7h6s", "--game", "short-deck", "--json"])
    assert out.exit_code == 0 and '"count": 11' in out.output


REFUSALS = [
    Refused("unknown game", lambda: games.get("stud"), InvalidArgumentError,
            "unknown game 'stud'; the games are holdem"),
    Refused("game not a name", lambda: games.get(7), InvalidArgumentError, "unknown game 7"),  # type: ignore[arg-type]
    Refused("omaha with two hole cards", lambda: games.OMAHA.evaluate("As Ks", "Qs Js Ts"), HandSizeError,
            "omaha hand has 4 hole cards, got 2"),
    Refused("holdem with four hole cards", lambda: games.HOLDEM.evaluate("As Ks Qd Jd", "Qs Js Ts"), HandSizeError,
            "2 hole cards, got 4"),
    Refused("board of two", lambda: games.SHORT_DECK.evaluate("As Ks", "Qs Js"), HandSizeError, "3 to 5 board"),
    Refused("a five in short deck", lambda: games.SHORT_DECK.evaluate("As 5s", "Qs Js Ts"), InvalidCardError,
            "5s is not in the short-deck deck"),
    Refused("short deck board", lambda: pl.equity(["AsKs", "QdQc"], "2c7h8h", game="short-deck"), InvalidCardError,
            "board: 2c is not in the short-deck deck"),
    Refused("short deck hand", lambda: pl.equity(["AsKs", "5d5c"], game="short-deck"), InvalidCardError,
            "player 2: 5d is not in the short-deck deck"),
    Refused("short deck range item", lambda: pl.equity(["AKs, 55", "QdQc"], game="short-deck"), InvalidRangeError,
            "short-deck deals no card below the Six, so this item holds no hand: '55' at position 5"),
    Refused("short deck range in a group", lambda: pl.equity(["50%(A2s-A5s), KK", "QdQc"], game="short-deck"),
            InvalidRangeError, r"holds no hand: '50%\(A2s-A5s\)' at position 0"),
    Refused("short deck Range object", lambda: pl.equity(["AKs", pl.Range("22")], game="short-deck"),
            InvalidRangeError, "short-deck deals no card below the Six, so this item holds no hand: '22'"),
    Refused("short deck omaha pattern", lambda: pl.equity(["AA**,22**", "random"], game="short-deck-omaha"),
            InvalidRangeError, "short-deck-omaha deals no card below the Six, so this item holds no hand: '22[*][*]' "
                               "at position 5"),
    Refused("short deck omaha hand", lambda: pl.equity(["AhKhQs2s", "9c9dTcTd"], "6h7h8s", game="short-deck-omaha"),
            InvalidCardError, "player 1: 2s is not in the short-deck-omaha deck"),
    Refused("evaluation-only game's equity",
            lambda: pl.equity(["random", "random"], game=games.Game("std7", "x", 7, 0)),
            InvalidArgumentError, "std7 deals no board: it is for evaluation only"),
    Refused("evaluation-only game's runouts", lambda: pl.runouts(["AhKh", "QQ"], "2d3d4d",
                                                                 game=games.Game("std7", "x", 7, 0)),
            InvalidArgumentError, "std7 deals no board"),
    Refused("deal of a lowball game", lambda: deal([[((0, 4, 8, 12, 17), 1.0)], [((1, 5, 9, 13, 18), 1.0)]], (), (),
                                                   game="deuce-to-seven"),
            InvalidArgumentError, "deuce-to-seven deals no board"),
    Refused("a catalog name with other rules", lambda: pl.evaluate("2c 3c 4c 5c 6c",
                                                                   game=games.Game("holdem", "x", 2, 5, lowest_rank=8)),
            InvalidArgumentError, "'holdem' is the name of the catalog's Texas hold'em, which has other rules"),
    Refused("nine cards in short deck", lambda: pl.evaluate("As Ks Qs Js Ts 9s 8s 7s 6s", game="short-deck"),
            HandSizeError, r"cards: a short-deck hand is 2 hole cards, then 3 to 5 board cards \(5 to 7 in all\); "
                           "got 9"),
    Refused("a card id out of range, named", lambda: pl.equity([(51, 52), "QQ"]), InvalidCardError,
            "player 1: a card id must be an int from 0 to 51, got 52"),
    Refused("no board, named", lambda: pl.equity(["AhKh", "QQ"], board=None), InvalidCardError,  # type: ignore[arg-type]
            "board: a card id must be"),
    Refused("board twice, named", lambda: pl.equity(["AhKh", "QQ"], "2d2d3c"), DuplicateCardError,
            "board: duplicate card: 2d"),
    Refused("an outs pattern, named", lambda: pl.outs("AhKh", "2d3d4d", opponents=["99**"]), InvalidCardError,
            "opponent 1: unknown card"),
    Refused("a runouts board, named", lambda: pl.runouts(["AhKh", "QQ"], "2d3c4x"), InvalidCardError,
            "board: unknown card: '4x'"),
    Refused("ranks of two rankings", lambda: games.DEUCE_TO_SEVEN.evaluate("7h 5d 4c 3s 2h")
            < games.ACE_TO_FIVE.evaluate("7h 5d 4c 3s 2h"), InvalidArgumentError,
            "ranks of deuce-to-seven and ace-to-five do not compare"),
    Refused("a rank and an int", lambda: games.SHORT_DECK.evaluate("As Ks", "Qs Js Ts") > 5, InvalidArgumentError,
            "a GameRank compares with another GameRank, not int"),
    Refused("short deck rows", lambda: games.SHORT_DECK.evaluate_many(np.array([[51, 0]]), np.array([[47, 43, 39]])),
            InvalidCardError, "row 0: 2c is not in the short-deck deck"),
    Refused("duplicate in a game", lambda: games.OMAHA.evaluate("As Ks Qd Jd", "As 2c 3d"), DuplicateCardError,
            "duplicate card: As"),
    Refused("low of a high game", lambda: games.OMAHA.evaluate_low("As Ks Qd Jd", "2s 3c 4d"), InvalidArgumentError,
            "omaha has no low hand: its pot is one high pot"),
    Refused("deuce-to-seven of six", lambda: games.DEUCE_TO_SEVEN.evaluate("7h 5d 4c 3s 2h 8c"), HandSizeError,
            "deuce-to-seven hand has 5 cards, got 6"),
    Refused("lowball board", lambda: games.ACE_TO_FIVE.evaluate("7h 5d 4c 3s 2h", "8c"), HandSizeError,
            "ace-to-five has no board"),
    Refused("lowball equity", lambda: pl.equity(["7h5d4c3s2h", "8h6d4s3c2d"], game="deuce-to-seven"),
            InvalidArgumentError, "deuce-to-seven deals no board: it is for evaluation only"),
    Refused("omaha in pl.evaluate", lambda: pl.evaluate("As Ks Qd Jd 2s 3c 4d", game="omaha"), InvalidArgumentError,
            r"use pokerlab.games.get\('omaha'\).evaluate\(hole, board\)"),
    Refused("hilo grid", lambda: pl.grid("Ah2h3c4d", game="omaha-hilo"), InvalidArgumentError,
            "grid takes a game with a board and a high pot"),
    Refused("hilo outs", lambda: pl.outs("Ah2h3c4d", board="Qs7h2c", game="omaha-hilo"), InvalidArgumentError,
            "outs take a game with a board and one pot"),
    Refused("omaha hand size in equity", lambda: pl.equity(["AsKsQd", "random"], game="omaha"), HandSizeError,
            "player 1: an omaha hand has 4 cards, got 3"),
    Refused("omaha pattern size", lambda: pl.equity(["AK*", "random"], game="omaha"), InvalidRangeError,
            "a pattern names 4 cards"),
    Refused("omaha players", lambda: pl.equity(["AsKsQdJd"], game="omaha"), PlayerCountError, "2 to 10 players"),
    Refused("hold'em Range in omaha", lambda: pl.equity([pl.Range("AA"), "random"], game="omaha"),
            InvalidRangeError, "a hold'em Range holds two-card combos"),
    Refused("bad token", lambda: game_range("AA**, KKzz", "omaha"), InvalidRangeError,
            r"not a card, a rank, \* or a suit shape .*: 'zz' at position 8"),
    Refused("bad weight", lambda: game_range("AA**:1.5", "omaha"), InvalidRangeError,
            "a weight is a number from 0 to 1: '1.5' at position 5"),
    Refused("too many hands", lambda: game_range("A*****", "omaha6"), InvalidRangeError, "too many hands"),
    Refused("card twice in a pattern", lambda: game_range("AsAs**", "omaha"), InvalidRangeError, "one card twice"),
    Refused("strength out of range", lambda: games.SHORT_DECK.rank(1405), InvalidArgumentError,
            "strength must be an int from 1 to 1404"),
    Refused("boards for lowball", lambda: games.DEUCE_TO_SEVEN.evaluate_many(np.zeros((1, 5), np.uint8),
                                                                             np.zeros((1, 5), np.uint8)),
            HandSizeError, "deuce-to-seven has no board"),
    Refused("rows differ", lambda: games.SHORT_DECK.evaluate_many(np.array([[51, 47]]), np.zeros((2, 5), np.uint8)),
            InvalidArgumentError, "as many rows, got 1 and 2"),
]


@pytest.fixture(scope="module")
def short_deck_loaded() -> None:
    """The short-deck tables and the batch kernel, loaded before the clock of a refusal starts."""
    games.SHORT_DECK.evaluate_many(np.array([[51, 47]]), np.array([[43, 39, 35]]))


@pytest.mark.parametrize("case", REFUSALS, ids=ids(REFUSALS))
def test_refusals(case: Refused, short_deck_loaded: None) -> None:
    check(case)


CLI_REFUSALS = [
    CliRefused("eval unknown game", ("eval", "--game", "stud", "As", "Ks", "Qs", "Js", "Ts"), "unknown game 'stud'"),
    CliRefused("equity small card", ("equity", "AsKs", "2c2d", "--game", "short-deck"), "2c is not in the short-deck"),
    CliRefused("grid hilo", ("grid", "Ah2h3c4d", "--game", "omaha-hilo"), "grid takes a game"),
    CliRefused("outs lowball", ("outs", "7h5d", "--board", "4c3s2h", "--game", "ace-to-five"), "outs take a game"),
]


@pytest.mark.parametrize("case", CLI_REFUSALS, ids=ids(CLI_REFUSALS))
def test_cli_refusals(case: CliRefused) -> None:
    check_cli(case)


@pytest.mark.parametrize(("game", "hand", "board"),
                         [("short-deck", "AhKh", "Qh7h6s"), ("omaha", "AhKhQd2c", "Qh7h3s9d")])
def test_grid_in_a_game_matches_its_equity_against_a_random_hand(game: str, hand: str, board: str) -> None:
    g = pl.grid(hand, board, game=game)
    p = pl.equity([hand, "random"], board, game=game).players[0]
    assert g.exact and (g.win, g.tie, g.lose) == pytest.approx((p.win, p.tie, p.lose), abs=1e-12)


@pytest.mark.parametrize(("game", "hand", "opponent", "board"), [
    ("omaha", "AhKhQd2c", "JsJdTc9c", "Qh7h3s"),  # ahead: the cards that keep it so
    ("omaha5", "8c7c6d5d2s", "AsAdKhQh3c", "9h4c2d"),  # behind: the cards that put it ahead
    ("short-deck", "AhKh", "JcJd", "Qh7h6s9c"),
])
def test_outs_in_a_game_by_dealing_every_card(game: str, hand: str, opponent: str, board: str) -> None:
    rules = games.get(game)
    seen = set(pl.parse_cards(hand + opponent + board))
    wins, splits = [], []
    for card in rules.deck:
        if card in seen:
            continue
        river = [*pl.parse_cards(board), card]
        mine, theirs = rules.evaluate(hand, river), rules.evaluate(opponent, river)
        if mine > theirs:
            wins.append(card)
        elif mine == theirs:
            splits.append(card)
    r = pl.outs(hand, board, opponents=[opponent], game=game)
    assert [o.card for o in r.wins] == wins and [o.card for o in r.splits] == splits
    assert r.unseen == len(rules.deck) - len(seen) and wins


def test_combo_equities_play_the_game_given_not_a_catalog_game_of_its_name():
    royal = games.Game("royal-holdem", "Royal hold'em", 2, 5, lowest_rank=8)
    for exact in (True, False):
        r = pl.equity(["AK", "QQ+"], board="QhJhTc", game=royal, by_combo=True, exact=exact, seed=1)
        for player in r.players:
            weights = np.array([c.weight for c in player.combos])
            mean = np.array([c.equity for c in player.combos]) @ weights / weights.sum()
            assert mean == pytest.approx(player.equity, abs=1e-9 if exact else 0.02)
