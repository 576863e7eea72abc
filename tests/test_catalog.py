"""One battery for every game of the catalog: a game added there is checked here with no
test of its own. Each game's rankings are checked against the referee (tests/games_referee.py,
composed from the game's fields as a player would read them), its exact equity against
dealing every board, its Monte Carlo against its exact answer, and its refusals.
"""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games_referee as ref
import pokerlab as pl
from pokerlab import games
from pokerlab.equity.results import PlayerEquity
from pokerlab.errors import DuplicateCardError, HandSizeError, InvalidArgumentError, InvalidCardError

GAMES = list(games.GAMES.values())
BOARD_GAMES = [g for g in GAMES if g.board_cards]

SCORES: dict[str, ref.Score] = {"standard": ref.holdem, "short-deck": ref.short_deck,
                                "short-deck-triton": ref.triton, "deuce-to-seven": ref.deuce_to_seven,
                                "ace-to-five": ref.ace_to_five}
"""The referee's score of five cards for each ranking, by its name."""


def deals(game: games.Game, rows: int, cards: int, seed: int) -> np.ndarray:
    """``rows`` random deals of ``cards`` distinct cards from the game's deck, (rows, cards) uint8."""
    rng = np.random.default_rng(seed)
    deck = np.array(game.deck, dtype=np.uint8)
    return np.array([rng.choice(deck, cards, replace=False) for _ in range(rows)], dtype=np.uint8)


def referee_scores(game: games.Game, holes: np.ndarray, boards: np.ndarray | None, score: ref.Score) -> np.ndarray:
    """The referee's scores of the hands under the game's hand rule: two hole cards and three
    board cards, or the best five of all the cards."""
    if game.hole_used:
        return ref.omaha_best(holes, boards, score)
    cards = holes if boards is None else np.concatenate([holes, boards], axis=1)
    return ref.best_of(cards, score) if cards.shape[1] > 5 else score(cards)


def same_order(strengths: np.ndarray, scores: np.ndarray) -> None:
    """Every pair of hands compares the same way by strength and by the referee's score."""
    s = strengths.astype(np.int64)
    assert (np.sign(s[:, None] - s[None, :]) == np.sign(scores[:, None] - scores[None, :])).all()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_rankings_against_the_referee(game: games.Game) -> None:
    n = 400
    if game.board_cards:
        dealt = deals(game, n, game.hole_cards + 5, seed=len(game.name))
        holes, boards = dealt[:, :game.hole_cards], dealt[:, game.hole_cards:]
    else:
        holes, boards = deals(game, n, game.hole_cards, seed=len(game.name)), None
    strengths = game.evaluate_many(holes, boards)
    same_order(strengths, referee_scores(game, holes, boards, SCORES[game.ranking]))
    one_by_one = [int(game.evaluate(h.tolist(), () if boards is None else boards[i].tolist()))
                  for i, h in enumerate(holes[:50])]
    assert one_by_one == strengths[:50].tolist()
    if game.hilo:
        lows = game.evaluate_low_many(holes, boards)
        low_scores = referee_scores(game, holes, boards, ref.eight_or_better)
        assert ((lows == 0) == (low_scores == 0)).all()
        same_order(lows, low_scores)
        single = [game.evaluate_low(h.tolist(), b.tolist()) for h, b in zip(holes[:50], boards[:50])]
        assert [0 if s is None else s.strength for s in single] == lows[:50].tolist()
        if not game.hole_used:  # a best-five game also takes each hand's cards in one row, as evaluate_many does
            joined = np.concatenate([holes, boards], axis=1)
            assert game.evaluate_low_many(joined, None).tolist() == lows.tolist()
            assert game.evaluate_many(joined, None).tolist() == strengths.tolist()


def spot(game: games.Game, players: int, board: int, seed: int) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
    """Random known hands and a board of ``board`` cards from the game's deck."""
    dealt = deals(game, 1, players * game.hole_cards + board, seed)[0].tolist()
    hands = [tuple(dealt[i * game.hole_cards:(i + 1) * game.hole_cards]) for i in range(players)]
    return hands, tuple(dealt[players * game.hole_cards:])


@pytest.mark.parametrize("game", BOARD_GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("players, board, seed", [(2, 3, 1), (3, 4, 2)])
def test_exact_equity_against_dealing_every_board(game: games.Game, players: int, board: int, seed: int) -> None:
    hands, board_ids = spot(game, players, board, seed)
    r = pl.equity([list(h) for h in hands], list(board_ids), game=game)
    expected = ref.brute_equity(hands, board_ids, range(4 * game.lowest_rank, 52), SCORES[game.ranking],
                                omaha=bool(game.hole_used), hilo=game.hilo)
    left = len(game.deck) - players * game.hole_cards - board
    assert r.exact and r.game == game.name and r.showdowns == pytest.approx(comb(left, 5 - board))
    for p, (hi, lo, scoop) in zip(r.players, expected):
        assert (p.hi_equity, p.lo_equity, p.scoop) == pytest.approx((hi, lo, scoop), abs=1e-9)
        assert p.equity == pytest.approx(hi + lo, abs=1e-9)
    assert np.array_equal(r.counts, category_counts(game, hands, board_ids))
    expected_fields = every_field(game, hands, board_ids)
    for p, want in zip(r.players, expected_fields):
        assert {name: getattr(p, name) for name in want} == pytest.approx(want, abs=1e-12)


FIELDS = ("win", "tie", "lose", "tie_equity", "equity", "hi_equity", "lo_equity", "scoop", "hi_win", "hi_tie",
          "hi_lose", "lo_win", "lo_tie", "lo_lose", "no_low", "quartered")
"""Every share of the showdowns a player's result gives."""


def every_field(game: games.Game, hands: list[tuple[int, ...]], board: tuple[int, ...]) -> list[dict[str, float]]:
    """Each player's every field of :data:`FIELDS`, by the referee over every completion of the
    board, from each showdown's high and low by the rules: the pot as a whole, each half apart."""
    used = {c for h in hands for c in h} | set(board)
    completions = list(itertools.combinations([c for c in game.deck if c not in used], 5 - len(board)))
    rest = np.array(completions, dtype=np.uint8).reshape(len(completions), 5 - len(board))
    boards = np.concatenate([np.tile(np.array(board, dtype=np.uint8), (len(rest), 1)), rest], axis=1)
    holes = [np.tile(np.array(h, dtype=np.uint8), (len(boards), 1)) for h in hands]
    high = np.stack([referee_scores(game, h, boards, SCORES[game.ranking]) for h in holes])
    low = np.stack([referee_scores(game, h, boards, ref.eight_or_better) if game.hilo else np.zeros(len(boards))
                    for h in holes])
    has_low = low.max(axis=0) > 0
    hi_best = high == high.max(axis=0)
    lo_best = (low == low.max(axis=0)) & has_low
    n_hi, n_lo = hi_best.sum(axis=0), lo_best.sum(axis=0)
    hi_share = np.where(has_low, 0.5, 1.0) * hi_best / n_hi
    lo_share = 0.5 * lo_best / np.maximum(n_lo, 1)
    share = hi_share + lo_share
    out = []
    for i in range(len(hands)):
        fields = {"win": share[i] == 1, "tie": (share[i] > 0) & (share[i] < 1), "lose": share[i] == 0,
                  "tie_equity": np.where(share[i] < 1, share[i], 0), "equity": share[i], "hi_equity": hi_share[i],
                  "lo_equity": lo_share[i], "scoop": share[i] == 1, "hi_win": hi_best[i] & (n_hi == 1),
                  "hi_tie": hi_best[i] & (n_hi > 1), "hi_lose": ~hi_best[i], "lo_win": lo_best[i] & (n_lo == 1),
                  "lo_tie": lo_best[i] & (n_lo > 1), "lo_lose": has_low & ~lo_best[i], "no_low": ~has_low,
                  "quartered": has_low & (share[i] == 0.25)}
        out.append({name: float(np.mean(fields[name])) for name in FIELDS})
    return out


def assert_adds_up(p: PlayerEquity, showdowns: float) -> None:
    """The identities a player's fields keep in every game (see PlayerEquity)."""
    assert p.win + p.tie + p.lose == pytest.approx(1, abs=1e-12)
    assert p.hi_win + p.hi_tie + p.hi_lose == pytest.approx(1, abs=1e-12)
    assert p.lo_win + p.lo_tie + p.lo_lose + p.no_low == pytest.approx(1, abs=1e-12)
    assert p.equity == pytest.approx(p.win + p.tie_equity, abs=1e-12)
    assert p.equity == pytest.approx(p.hi_equity + p.lo_equity, abs=1e-12)
    assert p.scoop == p.win and p.quartered <= p.tie and p.tie_equity <= p.tie
    assert sum(p.win_by_category.values()) == pytest.approx(p.hi_win, abs=1e-12)
    assert sum(p.lose_by_category.values()) == pytest.approx(p.hi_lose, abs=1e-12)
    assert p.wins + p.ties + p.losses == pytest.approx(showdowns)


SPLIT_GAMES = [g for g in BOARD_GAMES if g.hilo]


@pytest.mark.parametrize("game", SPLIT_GAMES, ids=lambda g: g.name)
@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), board=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2 ** 32 - 1))
def test_split_pot_fields_add_up_and_match_the_referee(game: games.Game, players: int, board: int,
                                                       seed: int) -> None:
    """Over random spots of every hi/lo game: every field as the referee counts it, and the
    identities between them (a quartered player shows a tie, not a loss)."""
    hands, board_ids = spot(game, players, board, seed)
    r = pl.equity([list(h) for h in hands], list(board_ids), game=game)
    for p, want in zip(r.players, every_field(game, hands, board_ids)):
        assert_adds_up(p, r.showdowns)
        assert {name: getattr(p, name) for name in want} == pytest.approx(want, abs=1e-12)
    assert sum(p.equity for p in r.players) == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize("game", BOARD_GAMES, ids=lambda g: g.name)
def test_fields_add_up_by_monte_carlo_and_with_ranges(game: games.Game) -> None:
    """Sampled runs and ranges keep the same identities as exact runs of known hands."""
    hands, board_ids = spot(game, 3, 3, seed=17)
    players: list[object] = [list(hands[0]), list(hands[1]), "random"]
    for r in (pl.equity(players, list(board_ids), game=game, trials=20_000, seed=2),
              pl.equity(players[:2], game=game, trials=20_000, seed=3)):
        for p in r.players:
            assert_adds_up(p, r.showdowns)


ORDERS = {"standard": ref.STANDARD, "short-deck": ref.SHORT_DECK, "short-deck-triton": ref.TRITON}
"""Each high ranking's categories, weakest first, as the referee orders them."""


def category_counts(game: games.Game, hands: list[tuple[int, ...]], board: tuple[int, ...]) -> np.ndarray:
    """The showdown counters by the referee: ``[player, own category, best other hand's category,
    win / split / loss]`` of the high hand over every completion of the board."""
    used = {c for h in hands for c in h} | set(board)
    rest = np.array(list(itertools.combinations([c for c in game.deck if c not in used], 5 - len(board))),
                    dtype=np.uint8).reshape(-1, 5 - len(board))
    boards = np.concatenate([np.tile(np.array(board, dtype=np.uint8), (len(rest), 1)), rest], axis=1)
    scores = np.stack([referee_scores(game, np.tile(np.array(h, dtype=np.uint8), (len(boards), 1)), boards,
                                      SCORES[game.ranking]) for h in hands])
    category = np.array(ORDERS[game.ranking])[scores >> 20]  # the score packs the category's place above 5 ranks
    counts = np.zeros((len(hands), 9, 9, 3))
    best = scores.max(axis=0)
    n_best = (scores == best).sum(axis=0)
    for i in range(len(hands)):
        others = np.delete(scores, i, axis=0)
        other = category[np.delete(np.arange(len(hands)), i)[others.argmax(axis=0)], np.arange(len(boards))]
        outcome = np.where(scores[i] < best, 2, np.where(n_best > 1, 1, 0))
        np.add.at(counts, (i, category[i], other, outcome), 1)
    return counts


@pytest.mark.parametrize("game", BOARD_GAMES, ids=lambda g: g.name)
def test_monte_carlo_within_its_error(game: games.Game) -> None:
    hands, board_ids = spot(game, 2, 3, seed=7)
    players = [list(h) for h in hands]
    exact = pl.equity(players, list(board_ids), game=game)
    sampled = pl.equity(players, list(board_ids), game=game, trials=40_000, seed=3)
    assert exact.exact and not sampled.exact and sampled.showdowns == 40_000
    for e, s in zip(exact.players, sampled.players):
        assert 0 < s.stderr < 0.01
        assert abs(e.equity - s.equity) < 5 * s.stderr


@pytest.mark.parametrize("game", BOARD_GAMES, ids=lambda g: g.name)
def test_random_opponent_in_the_deck(game: games.Game) -> None:
    """A random opponent is dealt from the game's deck alone: against it, the exact share
    over every hand of the deck adds up to the pot."""
    hands, board_ids = spot(game, 1, 4, seed=11)
    r = pl.equity([list(hands[0]), "random"], list(board_ids), game=game, trials=2_000, seed=1)
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)


@pytest.mark.parametrize("game", [g for g in GAMES if g.lowest_rank], ids=lambda g: g.name)
def test_cards_outside_the_deck_are_refused(game: games.Game) -> None:
    dealt = deals(game, 3, game.hole_cards + game.board_cards, seed=4)
    dealt[1, 0] = 0  # the deuce of clubs
    # both slices of one array, as the batch kernels are warmed for (a copy of one compiled anew)
    holes, boards = dealt[:, :game.hole_cards], dealt[:, game.hole_cards:] if game.board_cards else None
    with pytest.raises(InvalidCardError, match="row 1: 2c is not in the"):
        game.evaluate_many(holes, boards)
    with pytest.raises(InvalidCardError, match="2c is not in the"):
        game.evaluate(holes[1].tolist(), [] if boards is None else boards[1].tolist())
    if game.board_cards:
        with pytest.raises(InvalidCardError, match="2c is not in the"):
            pl.equity([holes[1].tolist(), "random"], game=game)


@pytest.mark.parametrize("game", BOARD_GAMES, ids=lambda g: g.name)
def test_hands_of_the_wrong_size_and_repeated_cards_are_refused(game: games.Game) -> None:
    hand = list(game.deck[-game.hole_cards - 1:-1])
    with pytest.raises(HandSizeError, match="hole"):
        game.evaluate(hand[:-1], list(game.deck[:5]))
    with pytest.raises(DuplicateCardError):
        game.evaluate(hand, [hand[0], *game.deck[:4]])
    with pytest.raises(pl.PokerlabError):
        pl.equity([hand[:-1], "random"], game=game)


def test_every_game_is_named_in_the_listing_and_the_cli_help() -> None:
    from typer.testing import CliRunner

    from pokerlab.cli.main import app

    listing = games.names()
    shown = CliRunner().invoke(app, ["equity", "--help"], terminal_width=400).output
    for game in GAMES:
        assert game.name in listing.split(", ")
    for game in BOARD_GAMES:
        assert game.name in shown


@pytest.mark.parametrize(("fields", "field"), [
    ({"hole_cards": 4, "board_cards": 5, "hole_used": 2, "ranking": "short-deck"}, "lowest_rank"),
    ({"hole_cards": 2, "board_cards": 5, "lowest_rank": 8, "hilo": True}, "hilo"),
    ({"hole_cards": 3, "board_cards": 5}, "hole_cards"),
    ({"hole_cards": 4, "board_cards": 5, "hole_used": 3}, "hole_used"),
    ({"hole_cards": 2, "board_cards": 4}, "board_cards"),
    ({"hole_cards": 5, "board_cards": 0, "ranking": "deuce-to-seven", "hilo": True}, "hilo"),
    ({"hole_cards": 5, "board_cards": 5, "hole_used": 2, "ranking": "deuce-to-seven"}, "ranking"),
    ({"hole_cards": 7, "board_cards": 0, "ranking": "deuce-to-seven"}, "hole_cards"),
    ({"hole_cards": 2, "board_cards": 5, "ranking": "badugi"}, "ranking"),
    ({"hole_cards": 2, "board_cards": 5, "lowest_rank": 9}, "lowest_rank"),
    ({"hole_cards": 4, "board_cards": 5, "hole_used": 2, "lowest_rank": 4, "ranking": "short-deck",
      "hilo": True}, "hilo"),
])
def test_combinations_no_engine_plays_are_refused_when_made(fields: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidArgumentError, match=f"^{field}"):
        games.Game("new-game", "A new game", **fields)  # type: ignore[arg-type]


def test_a_new_deck_is_one_definition() -> None:
    """A 20-card deck with the standard ranking: no card below the ten is ever scored."""
    royal = games.Game("royal-holdem", "Royal hold'em", 2, 5, lowest_rank=8)
    assert len(royal.deck) == 20
    with pytest.raises(InvalidCardError, match="2c is not in the royal-holdem deck"):
        royal.evaluate_many(np.array([[0, 51]]), np.array([[50, 49, 48, 47, 46]]))
    r = pl.equity(["AsKs", "QhQd"], "JsTsAh", game=royal)
    assert r.exact and r.showdowns == comb(20 - 7, 2)


def test_the_docs_table_of_games_is_the_catalogs() -> None:
    """docs/games.md takes its table from the catalog through a MkDocs hook, with no game name
    written by hand in a table."""
    import re
    import sys
    from pathlib import Path

    root = Path(__file__).parents[1]
    sys.path.insert(0, str(root / "docs" / "extensions"))
    try:
        import games_table
    finally:
        sys.path.pop(0)
    page = (root / "docs" / "games.md").read_text()
    assert games_table.MARKER in page and not re.search(r"^\| `", page, re.M)
    built = games_table.on_page_markdown(page, None, None, None)
    rows = [line.split(" | ") for line in built.splitlines() if line.startswith("| `")]
    assert [row[0].strip("| `") for row in rows] == list(games.GAMES)
    assert [row[-1].removesuffix(" |") for row in rows] == [game.rules for game in games.GAMES.values()]


@pytest.mark.parametrize("game", BOARD_GAMES, ids=lambda g: g.name)
def test_exact_before_the_flop_is_the_mean_over_every_flop(game: games.Game) -> None:
    """Each engine counts the boards before the flop its own way (by rank multisets, with flush
    corrections); every flop is equally likely, so its answer must be the mean of the exact
    answers on each flop."""
    hands, _ = spot(game, 2, 0, seed=13)
    players = [list(h) for h in hands]
    before = pl.equity(players, game=game)
    assert before.exact
    left = [c for c in game.deck if c not in hands[0] + hands[1]]
    flops = list(itertools.combinations(left, 3))
    sums = np.zeros((2, 3))
    for flop in flops:
        r = pl.equity(players, list(flop), game=game)
        sums += [[p.hi_equity, p.lo_equity, p.scoop] for p in r.players]
    for p, (hi, lo, scoop) in zip(before.players, sums / len(flops)):
        assert (p.hi_equity, p.lo_equity, p.scoop) == pytest.approx((hi, lo, scoop), abs=1e-9)
