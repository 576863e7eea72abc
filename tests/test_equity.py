import itertools
import math
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlab as pl
from pokerlab.analyses.grid import grid
from pokerlab.analyses.outs import outs
from pokerlab.equity.api import clear_cache, equity
from pokerlab.errors import ExactTooLargeError, PlayerCountError
from pokerlab.games import HOLDEM
from pokerlab.rankings.category import HandCategory


def eq(result, i=0):
    return round(result.players[i].equity * 100, 4)


@pytest.mark.parametrize("players, expected", [
    (["AsKs", "QhQd"], [46.2145, 53.7855]),
    (["AsAh", "KsKh"], [82.6366]),
    (["AsAc", "KhKd"], [81.2555]),
    (["QQ", "87s"], [78.2594]),
    (["2s2h", "random"], [50.3340]),
    (["AsAh", "random"], [85.2037]),
])
def test_published_preflop_equities(players, expected):
    r = equity(players)
    assert r.exact
    assert [eq(r, i) for i in range(len(expected))] == expected


def test_published_counts_aks_vs_qq():
    r = equity(["AsKs", "QdQc"])
    p = r.players[0]
    assert (p.wins, p.losses, p.ties, r.showdowns) == (787_966, 917_606, 6_732, 1_712_304)
    assert p.win_by_category[HandCategory.FLUSH] > 0


def _brute_force(hands, board=(), dead=()):
    """Deal every board by itertools and compare with evaluate: the slow referee."""
    out = {c for h in hands for c in h} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in out]
    wins = [0] * len(hands)
    share = [0.0] * len(hands)
    n = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        full = tuple(board) + rest
        s = [pl.evaluate(h + full) for h in hands]
        best = max(s)
        k = s.count(best)
        for i, v in enumerate(s):
            if v == best:
                if k == 1:
                    wins[i] += 1
                share[i] += 1 / k
        n += 1
    return wins, [x / n for x in share], n


@pytest.mark.parametrize("hands, board, dead", [
    (("Ah Kh", "2c 2d"), "Qh 7h 3s", ""),
    (("Ah Kh", "2c 2d", "Qs Js"), "Qh 7h 3s 9c", "Tc"),
    (("As Ks", "Ad Kd"), "Qs Js 2d", ""),
    (("7c 6c", "Ah Ad", "Kc Qc"), "5c 4c 2h", "3c"),
])
def test_postflop_exact_matches_brute_force(hands, board, dead):
    hand_ids = [pl.parse_cards(h) for h in hands]
    r = equity(list(hands), board=board, dead=dead)
    wins, equities, n = _brute_force(hand_ids, pl.parse_cards(board), pl.parse_cards(dead))
    assert r.exact and r.showdowns == n
    assert [p.wins for p in r.players] == wins
    assert [p.equity for p in r.players] == pytest.approx(equities, abs=1e-12)


def test_preflop_decomposition_matches_dealing_every_board():
    from pokerlab.equity.engines.holdem_kernels import known_showdowns, preflop_exact, preflop_exact_many
    from pokerlab.equity.pots import CELLS
    from pokerlab.rankings.category import category_of_strength
    from pokerlab.rankings.tables import load_tables

    t = load_tables()
    for hands, dead in [(((51, 47), (42, 38)), ()), (((0, 1), (2, 3), (48, 44)), (5,)),
                        (((51, 50), (49, 48)), (47, 46, 45))]:
        cards = [c for hand in hands for c in hand] + list(dead)
        holes = np.array(hands, dtype=np.int64)
        dead_mask = np.uint64(sum(1 << c for c in cards))
        by_ranks = np.zeros(len(hands) * CELLS)
        preflop_exact(holes, dead_mask, t.rank, t.offsets, t.flush, category_of_strength(), by_ranks, 0, 1)
        dealt, _ = known_showdowns(np.array(hands, dtype=np.uint8), np.zeros(0, dtype=np.uint8),
                                sum(1 << c for c in dead), t.card_key, t.card_mask, t.rank, t.offsets,
                                t.flush, category_of_strength())
        assert np.array_equal(by_ranks, dealt)  # every counter: the categories and the split pots' units
        # the work split into parts, one part at a time and all parts in one parallel call
        for n_parts in (2, 3, 7):
            part_sum = np.zeros_like(by_ranks)
            for part in range(n_parts):
                part_counts = np.zeros_like(by_ranks)
                preflop_exact(holes, dead_mask, t.rank, t.offsets, t.flush, category_of_strength(), part_counts,
                              part, n_parts)
                assert 0 < part_counts.sum() < by_ranks.sum()
                part_sum += part_counts
            assert np.array_equal(part_sum, by_ranks)
            many = preflop_exact_many(holes[None], np.array([dead_mask]), t.rank, t.offsets, t.flush,
                                      category_of_strength(), n_parts)
            assert np.array_equal(many[0], by_ranks)


def test_results_add_up_exactly():
    r = equity(["AhKh", "QQ+,AKs", "random"], board="Qh7h3s", dead="2c")
    for p in r.players:
        assert p.wins + p.ties + p.losses == r.showdowns
        assert p.win + p.tie + p.lose == pytest.approx(1, abs=1e-12)
        assert sum(p.win_by_category.values()) == pytest.approx(p.win, abs=1e-12)
    assert sum(p.equity for p in r.players) == pytest.approx(1, abs=1e-12)
    assert r.to_dict()["players"][0]["hand"] == "AhKh"


@pytest.mark.parametrize("players, board, dead", [
    (["AsKs", "QdQc"], "", ""),
    (["AhKh", "2c2d", "random"], "Qh7h3s", ""),
    (["QQ+,AKs", "TT+,AQs+"], "", ""),
    (["AKs:0.5,QQ", "random"], "", ""),
    (["random", "random", "random"], "", ""),
    (["AsKs", "QdQc", "JhTh"], "", "2c"),
    (["22+", "AKo"], "Kd 8s 2h", ""),
    (["AhKh", "random"], "Qh 7h 3s 9d", ""),
    (["5c4c", "random"], "", ""),
    (["5c4c", "AhKd", "random"], "Ac 5h 9s 9d", ""),
    (["AA", "KK", "QQ"], "", ""),
    (["AsKd", "AhKs"], "", ""),
    (["T9s", "random"], "Ts 9d 2c", "Ac Ad"),
])
def test_monte_carlo_lands_within_four_standard_errors(players, board, dead):
    mc = equity(players, board, dead, exact=False, trials=400_000, seed=11)
    assert not mc.exact and mc.trials >= 400_000
    try:
        exact = equity(players, board, dead, exact=True)
    except ExactTooLargeError:  # only three random hands: symmetric, each 1/3
        truth = [1 / len(players)] * len(players)
    else:
        truth = [p.equity for p in exact.players]
    for p, want in zip(mc.players, truth):
        assert 0 < p.stderr < 0.003
        assert abs(p.equity - want) < 4 * p.stderr


def test_heads_up_stderr_follows_from_the_outcomes():
    r = equity(["AsKs", "QdQc"], exact=False, trials=100_000, seed=5)
    for p in r.players:  # a trial's equity is 1, 1/2 or 0
        variance = p.win + p.tie / 4 - p.equity ** 2
        assert p.stderr == pytest.approx(math.sqrt(variance / r.trials), rel=1e-9)


@pytest.mark.parametrize("players", [["AsKs", "QdQc"], ["AhAd", "random", "random"],
                                     ["22", "random", "random", "random"]])
def test_stderr_is_the_spread_of_repeated_runs(players):
    runs = [equity(players, exact=False, trials=20_000, seed=seed) for seed in range(30)]
    for i in range(len(players)):
        spread = np.std([r.players[i].equity for r in runs], ddof=1)
        reported = np.mean([r.players[i].stderr for r in runs])
        assert 0.65 < spread / reported < 1.45  # 30 runs pin a spread to about 13%


def test_monte_carlo_splits_a_board_that_plays():
    r = equity(["random", "random", "random"], board="AsKsQsJsTs", exact=False, trials=5000, seed=2)
    for p in r.players:
        assert (p.win, p.tie, p.lose) == (0, 1, 0)
        assert p.equity == pytest.approx(1 / 3, abs=1e-12) and p.stderr == pytest.approx(0, abs=1e-9)
        assert p.win_by_category == dict.fromkeys(HandCategory, 0.0)
    assert r.counts[:, HandCategory.STRAIGHT_FLUSH, HandCategory.STRAIGHT_FLUSH, 1].tolist() == [r.trials] * 3


def test_range_sampling_is_unbiased_when_ranges_share_cards():
    # both ranges hold the same aces: rejection must weigh deals by how many exist
    players = ["AA,AKs", "AA,KK"]
    exact = equity(players)
    mc = equity(players, exact=False, trials=1_000_000, seed=3)
    for p, q in zip(mc.players, exact.players):
        assert abs(p.equity - q.equity) < 4 * p.stderr


def test_weights_are_honoured():
    half = equity(["AKs:0.5,72o", "QQ"])
    full = equity(["AKs,72o", "QQ"])
    aks = equity(["AKs", "QQ"]).players[0].equity
    sevens = equity(["72o", "QQ"]).players[0].equity
    # no card is shared, so every AKs or 72o combo meets all 6 queen combos; AKs counts half
    want = (aks * 4 * 0.5 * 6 + sevens * 12 * 6) / (4 * 0.5 * 6 + 12 * 6)
    assert half.players[0].equity < full.players[0].equity
    assert half.players[0].equity == pytest.approx(want, abs=1e-9)


@pytest.mark.timeout(300)  # at this stderr only the seconds rule ends the run: a hang guard, compile included
def test_monte_carlo_stops_on_stderr_and_seconds():
    r = equity(["AsKs", "QdQc"], exact=False, stderr=0.002, seed=1)
    assert max(p.stderr for p in r.players) <= 0.002
    r = equity(["random", "random", "random", "random"], exact=False, seconds=0.2, stderr=1e-9, seed=1)
    assert not r.exact


suits = st.permutations(range(4))


@settings(max_examples=15, deadline=None)
@given(suits)
def test_relabelling_suits_changes_nothing(perm):
    hands = ["Ah Kh", "Qs Qd", "7c 6c"]
    board = "Qh 7h 3s"
    def relabel(text):
        return pl.format_cards(c // 4 * 4 + perm[c % 4] for c in pl.parse_cards(text))
    a = equity(hands, board)
    b = equity([relabel(h) for h in hands], relabel(board))
    assert [p.equity for p in a.players] == pytest.approx([p.equity for p in b.players], abs=1e-12)


@settings(max_examples=10, deadline=None)
@given(st.permutations(range(3)))
def test_swapping_players_permutes_results(order):
    hands = ["Ah Kh", "Qs Qd", "7c 6c"]
    a = equity(hands, "Qh 7h 3s")
    b = equity([hands[i] for i in order], "Qh 7h 3s")
    assert [b.players[j].equity for j in range(3)] == [a.players[i].equity for i in order]


@pytest.mark.parametrize("kwargs, error, words", [
    (dict(players=["AsKs", "AsQd"]), pl.DuplicateCardError, "As"),
    (dict(players=["AsKs", "QdQc"], board="Qd 7h 3s"), pl.DuplicateCardError, "Qd"),
    (dict(players=["AsKs", "QdQc"], board="7h 3s 2c", dead="7h"), pl.DuplicateCardError, "7h"),
    (dict(players=["AsKs", "QdQc"], dead="As"), pl.DuplicateCardError, "As"),
    (dict(players=["AsKs"]), PlayerCountError, "2 to 10"),
    (dict(players=["random"] * 11), PlayerCountError, "2 to 10"),
    (dict(players=["random"] * 10, dead=list(range(28))), PlayerCountError, "short"),
    (dict(players=["AsKs", "AA"], dead="Ah Ad"), pl.InvalidRangeError, "empty"),
    (dict(players=["AsKs", "QdQc"], board="7h"), pl.HandSizeError, "got 1"),
    (dict(players=["AsKs", "QdQc"], board="7h 8h"), pl.HandSizeError, "got 2"),
    (dict(players=["AsKs", "QdQc"], board="7h 8h 9h Th Jh 2c"), pl.HandSizeError, "got 6"),
    (dict(players=["AsKs", "QQ+,AZs"]), pl.InvalidRangeError, "AZs"),
    (dict(players=["random"] * 4, exact=True), ExactTooLargeError, "Monte Carlo"),
])
def test_bad_input_is_refused_by_name(kwargs, error, words):
    with pytest.raises(error, match=words):
        equity(**kwargs)


def test_too_large_names_the_showdowns():
    with pytest.raises(ExactTooLargeError, match=r"showdowns"):
        equity(["random", "random", "random"], exact=True)


def test_grid_is_exact_heads_up_and_adds_up():
    g = grid("AsKs", board="TsQs2d", opponents=1)
    total = sum(c.total for row in g.cells for c in row)
    assert g.exact and total == pytest.approx(1, abs=1e-12)
    e = equity(["AsKs", "random"], "TsQs2d")
    assert g.win == pytest.approx(e.players[0].win, abs=1e-12)
    # a royal or straight flush for AsKs on this board: never loses
    assert g.by_own_category()[HandCategory.STRAIGHT_FLUSH].lose == 0
    assert g.cell("FLUSH", "STRAIGHT_FLUSH").win == 0


def test_grid_with_more_opponents_samples():
    g = grid("AsKs", opponents=3, trials=200_000, seed=5)
    assert not g.exact and 0 < g.stderr < 0.005
    assert sum(c.total for row in g.cells for c in row) == pytest.approx(1, abs=1e-12)


def test_outs_against_an_opponent():
    r = outs("AhKh", "Qh7h3s", opponents=["2c2d"])
    assert not r.ahead_now and r.unseen == 45
    assert r.count == 15  # nine hearts, three aces, three kings
    groups = r.by_category()
    assert len(groups[HandCategory.FLUSH]) == 9 and len(groups[HandCategory.PAIR]) == 6


def test_outs_without_opponents_are_improvements():
    r = outs("AhKh", board="Qh7h3s")
    groups = r.by_category()
    assert len(groups[HandCategory.FLUSH]) == 9
    assert all(c in (HandCategory.PAIR, HandCategory.FLUSH) for c in groups)
    with pytest.raises(pl.HandSizeError, match="flop or a turn"):
        outs("AhKh", board="Qh7h3s 2c 9d")


def _recorder():
    calls = []
    return calls, lambda done, total: calls.append((done, total))


def _assert_progress_protocol(calls, total=None):
    assert calls, "progress was never called"
    for done, whole in calls:
        assert type(done) is int and type(whole) is int and whole > 0 and 0 <= done <= whole
    assert calls[-1][0] == calls[-1][1]
    if total is not None:
        assert {whole for _, whole in calls} == {total}


@pytest.mark.parametrize("players, board, options, total", [
    (["QQ+,AKs", "TT+,AQs+"], "", {}, None),  # exact preflop: deals of hole cards
    (["AhKh", "QQ+,AKs"], "Qh7h3s", {}, None),  # exact after the flop: deals of hole cards
    (["AsKs", "QdQc"], "", {"trials": 50_000, "seed": 1}, 50_000),  # Monte Carlo to a known count
    (["AsKs", "random", "random"], "", {"stderr": 0.003, "seed": 1}, 1000),  # to a standard error: permille
    (["AsKs", "QdQc"], "", {}, 1),  # known hands: one step
])
def test_progress_is_called_with_done_and_total(players, board, options, total):
    calls, progress = _recorder()
    equity(players, board, progress=progress, **options)
    _assert_progress_protocol(calls, total)


def test_trials_ask_for_monte_carlo_and_a_stderr_alone_does_not():
    sampled = equity(["AsKs", "QdQc"], trials=20_000, seed=4)
    assert not sampled.exact and sampled.trials >= 20_000
    assert equity(["AsKs", "QdQc"], stderr=0.01).exact  # exact is in reach: a bound on sampling changes nothing
    assert not equity(["AsKs", "random", "random"], stderr=0.01, seed=1).exact


def test_a_seed_repeats_a_run_and_another_seed_does_not():
    a, b, c = (equity(["AhAd", "random", "random"], trials=30_000, seed=s) for s in (7, 7, 8))
    assert [p.wins for p in a.players] == [p.wins for p in b.players]
    assert [p.wins for p in a.players] != [p.wins for p in c.players]


@pytest.mark.parametrize("players, board, options", [
    (["QQ+,AKs", "TT+,AQs+"], "Kd 8s 2h", {}),  # exact, deals of hole cards in parallel
    (["QQ+,AKs", "TT+,AQs+"], "", {}),  # exact preflop, matchups in parallel
    (["QQ+,AKs", "random", "random"], "", {"trials": 100_000, "seed": 9}),  # Monte Carlo: chunks, not threads
    (["AhKh", "2c3d"], "", {"game": "holdem-hilo"}),  # one deal's boards cut into a part a thread
    (["AhKh", "2c3d", "5s5d"], "", {"game": "holdem-hilo", "dead": "Ac"}),
    (["AsKsQd2c", "JhTh9c8c"], "", {"game": "omaha"}),
    (["AsKsQd2c", "JhTh9c8c", "7d7c6h5h"], "", {"game": "omaha-hilo", "dead": "Ac"}),
    (["AsKsQd2c3c4c", "JhTh9c8c7h6h"], "", {"game": "omaha6"}),
])
def test_threads_change_nothing_but_the_speed(players, board, options):
    clear_cache()
    one = equity(players, board, threads=1, **options)
    clear_cache()
    every = equity(players, board, **options)
    assert np.array_equal(one.counts, every.counts)


def test_ranges_that_share_cards_are_counted_deal_by_deal():
    # 12**4 = 20,736 combos in the product, but only 216 deals: exact, and equal by symmetry
    r = equity(["AA,KK"] * 4)
    assert r.exact
    assert [p.equity for p in r.players] == pytest.approx([0.25] * 4, abs=1e-12)


def test_ranges_that_can_hardly_be_dealt_together_are_refused_and_others_sampled():
    with pytest.raises(pl.InvalidRangeError, match="hardly be dealt together"):
        equity(["AA,KK,QQ,JJ"] * 8)
    r = equity(["AA,KK,QQ", "AA,KK,QQ", "random"], exact=False, trials=20_000, seed=2)
    assert r.trials >= 20_000 and r.players[0].equity == pytest.approx(r.players[1].equity, abs=0.03)


def test_grid_passes_the_run_options_through():
    calls, progress = _recorder()
    g = grid("AsKs", opponents=2, trials=20_000, seed=3, threads=1, progress=progress)
    _assert_progress_protocol(calls, 20_000)
    again = grid("AsKs", opponents=2, trials=20_000, seed=3)
    assert not g.exact and g.showdowns == 20_000 and g.cells == again.cells
    assert g.cell("two pair", "Pair") == g.cell(HandCategory.TWO_PAIR, "PAIR")


def test_outs_say_which_cards_win_and_which_split():
    behind = outs("AhKh", "Qh7h3s", opponents=["2c2d"])
    assert behind.kind == "win" and not behind.splits and len(behind.wins) == behind.count == 15
    assert repr(behind).startswith("OutsResult(15 outs win: ")
    level = outs("AhKd", "Qh7h3s", opponents=["AcKc"])  # the same hand: nothing wins, most cards split
    assert level.count == 0 and level.split_count == len(level.splits) > 0 and level.kind == "win"
    assert "split the pot" in level.describe()
    data = level.to_dict()
    assert data["wins"] == [] and len(data["splits"]) == level.split_count and data["kind"] == "win"


def test_outs_when_ahead_keep_you_ahead():
    ahead = outs("QsQd", "Qh7h3s", opponents=["AhKh"])
    assert ahead.ahead_now and ahead.kind == "keep you ahead"
    assert ahead.describe().startswith(f"{ahead.count} cards keep you ahead: ")
    # every unseen card either keeps the set ahead or gives the flush draw its out
    assert ahead.count + ahead.split_count + 9 + 1 >= ahead.unseen
    assert outs("AhKh", board="Qh7h3s").kind == "improve"


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5).flatmap(lambda n: st.tuples(st.just(n), st.sampled_from([4, 5]),
                                                      st.permutations(range(52)))))
def test_known_hands_on_a_turn_or_river_match_brute_force(deal):
    n, board_size, deck = deal
    hands = [tuple(deck[2 * i:2 * i + 2]) for i in range(n)]
    board = tuple(deck[2 * n:2 * n + board_size])
    r = equity([list(h) for h in hands], board=list(board))
    wins, equities, showdowns = _brute_force(hands, board)
    assert r.exact and r.showdowns == showdowns
    assert [p.wins for p in r.players] == wins
    assert [p.equity for p in r.players] == pytest.approx(equities, abs=1e-12)


def test_a_time_limit_counts_from_the_call_and_its_first_batch_is_small(monkeypatch):
    module = sys.modules["pokerlab.equity.api"]
    driver = sys.modules["pokerlab.equity.driver"]

    slow_players = module.players_of

    def late(*args):  # the work before Monte Carlo uses up the whole time limit
        import time
        time.sleep(0.05)
        return slow_players(*args)

    engine = type(driver.engine_of(HOLDEM))
    sample = engine.sample
    batches: list[int] = []

    def counted(self, combos, starts, cumulative, board, fixed, chunks, per_chunk, *rest):
        batches.append(per_chunk)
        return sample(self, combos, starts, cumulative, board, fixed, chunks, per_chunk, *rest)

    monkeypatch.setattr(module, "players_of", late)
    monkeypatch.setattr(engine, "sample", counted)
    r = equity(["AsKs", "random", "random"], seconds=0.01, seed=1)
    # past its time before it deals: one small batch, then (within the millisecond it is still
    # given) batches sized by that millisecond, never by the time limit itself
    assert not r.exact and batches[0] == driver.FIRST_TIMED_BATCH_TRIALS
    assert r.showdowns == 64 * sum(batches) and max(batches) <= 8 * driver.FIRST_TIMED_BATCH_TRIALS


def test_an_exact_run_that_cannot_fit_the_time_limit_is_sampled_instead():
    clear_cache()
    calls, progress = _recorder()
    r = equity(["TT+,AK,AQ", "88+,AJ+,KQ"], seconds=0.002, progress=progress)
    assert not r.exact and r.showdowns > 0
    _assert_progress_protocol(calls, 1000)
    assert equity(["TT+,AK,AQ", "88+,AJ+,KQ"], exact=None).exact  # with no limit, it is small enough


def test_exact_preflop_reports_progress_as_it_goes(monkeypatch):
    clear_cache()
    # as if every kernel call took too long: one deal of hole cards a call, after the first
    monkeypatch.setattr(sys.modules["pokerlab.equity.driver"], "PROGRESS_SECONDS", 0.0)
    calls, progress = _recorder()
    r = equity(["QQ+,AKs", "JJ+"], progress=progress)
    assert r.exact
    deals = sum(1 for a, b in pl.Range("QQ+,AKs").as_arrays()[0].tolist()
                for c, d in pl.Range("JJ+").as_arrays()[0].tolist() if not {a, b} & {c, d})
    _assert_progress_protocol(calls, deals)
    assert len(calls) >= deals - 64


def test_results_built_field_by_field_at_once_are_ordinary_frozen_dataclasses():
    import dataclasses

    r = equity(["AhKh", "2c2d"], board="Qh7h3s")
    assert dataclasses.replace(r) == r and [dataclasses.replace(p) for p in r.players] == list(r.players)
    assert r.players[0].combos == () and r.game == "holdem"
    assert hash(r.players[0]) == hash(dataclasses.replace(r.players[0]))
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.players[0].equity = 1.0  # type: ignore[misc]


@pytest.mark.parametrize("game, players", [
    ("holdem", ["AsKs", "QQ+,AKs", "random"]), ("short-deck", ["AsKs", "random"]),
    ("omaha", ["AsKsQdJd", "random"]), ("omaha-hilo", ["AA**", "2c3c4d5d"])])
def test_monte_carlo_deals_exactly_the_trials_asked_for(game, players):
    for trials in (1, 63, 100, 1001):
        assert equity(players, trials=trials, seed=trials, game=game).showdowns == trials
