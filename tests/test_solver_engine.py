"""The solver's engine against a plain best response, and what its API promises.

The referee (tests/solver_referee.py) values strategies pair of hands by pair of hands, with
the game's one-hand evaluator at each showdown: the solver's sweeps, per-card sums, chance
weights, isomorphism and rake must agree with it exactly.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import signal
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlab as pl
from pokerlab.analyses.equilibrium import Discount
from pokerlab.errors import InvalidArgumentError, InvalidRangeError, PokerlabError
from pokerlab.games import HOLDEM
from pokerlab.ranges.holdem import CLASS_NAMES
from pokerlab.solver import arena
from pokerlab.solver.arena import memory_estimate
from pokerlab.solver.cfr import next_check
from pokerlab.solver.showdown import card_sums, fold_values, river_tables, showdown_values
from pokerlab.solver.solution import Node
from solver_referee import PlainDCFR, Referee, every_context

RIVER = dict(board="Kh Qd 7c 2s 9h", oop="AA,KQ,87s,JTs", ip="KK,QJs,T9s,A7s", pot=100, stack=150, bets="50%, a",
             raises="a")
TURN = dict(board="Kh Qd 7c 2s", oop="AA,KQs,JTs", ip="KK,QJs,T9s", pot=100, stack=100, bets="a")
MONOTONE = dict(board="Kh Qh 7h", oop="AA,JTs", ip="KK,T9s", pot=100, stack=100, bets="a")


def spot(settings: dict, **changes) -> pl.solver.Spot:
    return pl.solver.Spot(**{**settings, **changes})


def referee_strategy(sol: pl.solver.Solution):
    """The solution's average strategy as the referee asks for it."""
    def strategy(node: int, dealt: tuple[int, ...]) -> list[list[float]]:
        return np.nan_to_num(Node(sol, node, (), dealt).strategy).tolist()
    return strategy


@pytest.fixture(scope="module")
def turn() -> pl.solver.Solution:
    return pl.solver.solve(spot(TURN), exploitability=0.002, max_iterations=300)


@pytest.mark.parametrize("settings", [RIVER, TURN, dict(RIVER, rake=0.05, rake_cap=4)],
                         ids=["river", "turn", "river-raked"])
def test_exploitability_and_evs_are_the_referees(settings):
    sol = pl.solver.solve(spot(settings), exploitability=0, max_iterations=30)
    referee = Referee(sol.spot)
    strategy = referee_strategy(sol)
    assert sol.exploitability == pytest.approx(referee.exploitability(strategy), abs=1e-5)
    for p in (0, 1):
        assert sol.ev[p] == pytest.approx(referee.values(p, strategy, False) + 50, abs=1e-3)


@pytest.mark.parametrize("discount", [Discount(), Discount.restarting()], ids=["paper", "restarting"])
@pytest.mark.parametrize("settings, iterations, sample", [
    (RIVER, 8, None), (dict(TURN, bets="50%, a"), 3, None),
    (dict(MONOTONE, oop="AhAd,JcTc", ip="KsKd,9c8c"), 4, 60)], ids=["river", "turn", "flop"])
def test_each_iteration_is_discounted_cfr_step_by_step(settings, iterations, sample, discount):
    """The engine's average strategies after a few iterations are those of Discounted CFR
    written plainly (tests/solver_referee.py): regrets, discounts, alternating updates, chance
    and the reach-weighted averages, node by node and card by card. A few: a hand indifferent
    between two actions has a regret of exactly 0, which float32 and float64 round to either
    side of 0 (on the turn spot from the first iteration), and the two runs part from there."""
    game = spot(settings)
    sol = pl.solver.solve(game, exploitability=0, max_iterations=iterations, discount=discount)
    plain = PlainDCFR(game, discount)
    for _ in range(iterations):
        plain.iterate()
    deck = [c for c in game.game.deck if c not in game.board]
    places = list(every_context(game.tree, deck))
    if sample:
        places = [places[i] for i in np.random.default_rng(0).choice(len(places), sample, replace=False)]
    compared = 0
    for node, dealt in places:
        engine = Node(sol, node, (), dealt).strategy
        kept = ~np.isnan(engine[:, 0])
        np.testing.assert_allclose(engine[kept], plain.average(node, dealt)[kept], atol=2e-4)
        compared += int(kept.sum())
    assert compared > 20


def test_a_flop_spot_is_the_referees():
    sol = pl.solver.solve(spot(MONOTONE, oop="AhAd,JcTc", ip="KsKd,9c8c"), exploitability=0, max_iterations=10)
    assert sol.exploitability == pytest.approx(Referee(sol.spot).exploitability(referee_strategy(sol)), abs=1e-5)


def test_exploitability_falls_as_iterations_grow():
    sol = pl.solver.solve(spot(RIVER), exploitability=0, max_iterations=200, check_every=20)
    gaps = [gap for _, gap in sol.history]
    assert [i for i, _ in sol.history] == list(range(20, 201, 20))
    assert gaps[-1] < gaps[0] / 5
    assert gaps[-1] < 0.005


def test_the_solved_strategy_is_within_the_target(turn):
    assert turn.exploitability <= 0.002
    assert turn.exploitability == turn.history[-1][1]
    assert Referee(turn.spot).exploitability(referee_strategy(turn)) == pytest.approx(turn.exploitability, abs=1e-5)


@pytest.mark.parametrize("settings", [MONOTONE, dict(TURN, board="Kh Qh 7h 2h")], ids=["flop", "turn"])
def test_isomorphism_on_or_off_gives_the_same_game(settings):
    plain = pl.solver.solve(spot(settings), exploitability=0, max_iterations=40, isomorphism=False)
    merged = pl.solver.solve(spot(settings), exploitability=0, max_iterations=40)
    assert merged.layout.swaps and not plain.layout.swaps
    assert merged.memory < plain.memory
    assert merged.ev == pytest.approx(plain.ev, abs=1e-4 * 100)
    assert merged.exploitability == pytest.approx(plain.exploitability, abs=1e-4)
    # a card solved as a copy of another reads the same as when solved itself
    path = ("Check", "Check", "Ks" if len(settings["board"].split()) == 3 else "As")
    for p in (0, 1):
        np.testing.assert_allclose(merged.node(*path).ev[p], plain.node(*path).ev[p], atol=1e-3, equal_nan=True)
    np.testing.assert_allclose(merged.node(*path).strategy, plain.node(*path).strategy, atol=1e-3)


def test_16_bit_storage_halves_the_memory_and_keeps_the_evs():
    wide = pl.solver.solve(spot(TURN), exploitability=0, max_iterations=60)
    narrow = pl.solver.solve(spot(TURN), exploitability=0, max_iterations=60, bits=16)
    assert narrow.bits == 16 and narrow.memory < 0.6 * wide.memory
    assert narrow.ev == pytest.approx(wide.ev, abs=1e-2 * 100)
    assert narrow.exploitability < 0.01
    estimate = memory_estimate(spot(TURN))
    assert estimate.bits16 < estimate.float32
    assert estimate.float32 >= wide.memory and estimate.bits16 >= narrow.memory


@pytest.mark.parametrize("bets", ["a", "50%, a"], ids=["2-chance-nodes", "7-chance-nodes"])
def test_threads_do_not_change_the_result(bets):
    """Threads take the deals as they come free, a group of chance nodes at a time; each
    deal's values are added up in the same order on any number of threads."""
    one = pl.solver.solve(spot(TURN, bets=bets), exploitability=0, max_iterations=20, threads=1)
    two = pl.solver.solve(spot(TURN, bets=bets), exploitability=0, max_iterations=20, threads=2)
    assert one.ev == two.ev and one.exploitability == two.exploitability
    np.testing.assert_array_equal(one.engine.store.arena, two.engine.store.arena)


@pytest.mark.parametrize("bits", [32, 16])
def test_the_memory_estimate_is_what_a_solve_allocates(bits):
    game = spot(TURN, bets="50%, a")
    sol = pl.solver.solve(game, exploitability=0, max_iterations=1, threads=2, bits=bits)
    engine = sol.engine
    allocated = sum(int(a.nbytes) for part in (engine.store, engine.scratch, engine.tables)
                    for a in part if isinstance(a, np.ndarray))
    estimate = game.memory(threads=2)
    assert allocated == (estimate.float32 if bits == 32 else estimate.bits16)


def test_save_and_load_give_the_same_solution(tmp_path, turn):
    path = tmp_path / "spot.npz"
    turn.save(path)
    loaded = pl.solver.load(path)
    assert (loaded.ev, loaded.exploitability, loaded.iterations, loaded.history) == \
        (turn.ev, turn.exploitability, turn.iterations, turn.history)
    for line in [(), ("Check", "All-in 100"), ("Check", "Check", "Js")]:
        np.testing.assert_array_equal(loaded.node(*line).strategy, turn.node(*line).strategy)
    np.testing.assert_array_equal(loaded.root.ev[0], turn.root.ev[0])
    assert loaded.discount == Discount()
    narrow = pl.solver.solve(spot(TURN), exploitability=0, max_iterations=5, bits=16, discount=Discount.restarting())
    narrow.save(path)
    loaded = pl.solver.load(path)
    assert (loaded.ev, loaded.discount) == (narrow.ev, Discount.restarting())


def test_a_file_saved_with_three_exponents_loads(tmp_path, turn):
    """Files written before the schedule's lag and restart options hold three numbers."""
    path = tmp_path / "spot.npz"
    turn.save(path)
    with np.load(path) as saved:
        arrays = dict(saved)
    arrays["discount"] = arrays["discount"][:3]
    np.savez(path, **arrays)
    assert pl.solver.load(path).discount == Discount()


def test_a_bad_file_is_refused(tmp_path):
    path = tmp_path / "other.npz"
    np.savez(path, x=np.zeros(3))
    with pytest.raises(InvalidArgumentError, match="saved solution"):
        pl.solver.load(path)
    (tmp_path / "text.npz").write_text("not a solution")
    with pytest.raises(InvalidArgumentError, match="saved solution"):
        pl.solver.load(tmp_path / "text.npz")


def test_ctrl_c_returns_the_strategy_so_far():
    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    sol = pl.solver.solve(spot(TURN), exploitability=0, max_iterations=10**6, progress=interrupt, check_every=5)
    assert sol.interrupted and sol.iterations == 5
    assert sol.exploitability == sol.history[-1][1] and np.isfinite(sol.exploitability)


def test_a_real_sigint_during_the_iterations_stops_cleanly():
    def later(done: int, total: int) -> None:
        if done == 5:
            threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT)).start()

    sol = pl.solver.solve(spot(TURN), exploitability=0, max_iterations=10**6, seconds=600, progress=later,
                          check_every=5)
    assert sol.interrupted and 5 <= sol.iterations < 10**6
    assert sol.history[-1] == (sol.iterations, sol.exploitability)


def test_seconds_stop_the_solve():
    sol = pl.solver.solve(spot(TURN), exploitability=0, max_iterations=10**6, seconds=0.5)
    assert not sol.interrupted and 0 < sol.iterations < 10**6
    assert sol.history[-1] == (sol.iterations, sol.exploitability)


@pytest.mark.parametrize("pot", [1e-12, 1e9])
def test_the_smallest_and_largest_pots_solve_as_a_pot_of_one(pot):
    # a stack a thousand pots deep: at a pot of 1e-30 chips, float32 values fell below their range
    ranges = "22+,A2+,K2+,Q2+,J2+,T2+"
    shares = []
    for chips in (1.0, pot):
        sol = pl.solver.solve(pl.solver.Spot("Td9d6hQc2s", ranges, ranges, chips, chips * 1000, bets="a"),
                              exploitability=0.001, max_iterations=3000)
        assert sol.exploitability <= 0.001
        shares.append([ev / chips for ev in sol.ev])
    assert shares[1] == pytest.approx(shares[0], abs=0.002)


def test_the_measure_after_a_stop_between_checks_is_told():
    # the first call of a large spot runs one iteration; the time is up after it, before any check
    big = pl.solver.Spot("Td9d6hQc", "66+,A8s+,AJo+,K9s+,QTs+,JTs,96s+", "QQ-22,AQs-A2s,ATo+,K5s+,Q8s+,J8s+,T7s+",
                         200, 900, bets="60%, e, a")
    told, checked = [], []
    sol = pl.solver.solve(big, exploitability=0, max_iterations=1000, seconds=1e-6,
                          progress=lambda done, total: told.append((done, total)),
                          on_check=lambda done, gap: checked.append((done, gap)))
    assert sol.iterations < 10 and sol.history[-1] == (sol.iterations, sol.exploitability)
    assert checked == list(sol.history) and told == [(done, 1000) for done, _ in sol.history]


def test_progress_and_checks_are_told():
    told, checked = [], []
    pl.solver.solve(spot(RIVER), exploitability=0, max_iterations=25, check_every=10,
                    progress=lambda done, total: told.append((done, total)),
                    on_check=lambda done, gap: checked.append(done))
    assert told == [(10, 25), (20, 25), (25, 25)] and checked == [10, 20, 25]


@pytest.mark.parametrize("board", [RIVER, TURN])
def test_a_solve_told_of_each_check_stops_where_one_left_alone_does(board):
    # without a callback the checks run inside the compiled calls, and a call stops at the target
    alone = pl.solver.solve(spot(board), exploitability=0.002, max_iterations=300, check_every=7)
    checked = []
    told = pl.solver.solve(spot(board), exploitability=0.002, max_iterations=300, check_every=7,
                           on_check=lambda done, gap: checked.append((done, gap)))
    assert alone.iterations == told.iterations
    assert alone.history == told.history == tuple(checked)
    assert alone.exploitability == told.exploitability <= 0.002 < alone.history[-2][1]
    assert alone.ev == told.ev


def _trend(*checks: tuple[float, float]) -> np.ndarray:
    return np.array([(0.0, 0.0)] * (2 - len(checks)) + list(checks))


@pytest.mark.parametrize("done, checks, target, due", [
    (0, (), 0.003, 10),                                    # no check yet: the first multiple
    (10, ((10, 0.05),), 0.003, 20),                        # one check gives no trend
    (20, ((10, 0.05), (20, 0.02)), 0.003, 30),             # the target far off: the next multiple
    (20, ((10, 0.008), (20, 0.004)), 0.003, 27),           # halved in 10 iterations: 0.003 near 26.7
    (20, ((10, 0.0062), (20, 0.0031)), 0.003, 21),         # all but there: the very next iteration
    (20, ((10, 0.0032), (20, 0.0031)), 0.003, 30),         # falling slowly: met after the next multiple
    (20, ((10, 0.004), (20, 0.005)), 0.003, 30),           # rising: no trend to follow
    (20, ((10, 0.003000000003), (20, 0.003)), 0.0029, 30),  # all but flat: the target far off, no overflow
    (20, ((10, 0.008), (20, 0.004)), 0.0, 30),             # a target of 0 is never foreseen
    (23, ((10, 0.008), (20, 0.004)), 0.003, 27),           # a call that ended between checks
    (20, ((10, 0.008), (20, 0.004)), 0.0028, 30),          # met about 28.6: one iteration saved is not worth a check
])
def test_the_next_check_comes_where_the_trend_meets_the_target(done, checks, target, due):
    assert next_check(done, _trend(*checks), 10, target) == due


@given(st.integers(2, 500), st.integers(1, 30), st.floats(1e-4, 1.0), st.floats(1e-12, 0.99), st.floats(1e-5, 0.1),
       st.integers(1, 499))
@settings(max_examples=300, deadline=None)
def test_the_next_check_is_where_the_power_law_through_the_last_two_meets_the_target(done, every, newer, fall,
                                                                                      target, before):
    before = min(before, done - 1)
    older = newer / (1 - fall)  # the exploitability fell by the share ``fall``, from barely to nearly all
    due = next_check(done, _trend((before, older), (done, newer)), every, target)
    regular = (done // every + 1) * every
    assert done < due <= regular
    if newer <= target:
        assert due == regular
        return
    # the iteration where gap * (i / done) ** -power reaches the target, written out apart
    power = math.log(older / newer) / math.log(done / before)
    exponent = math.log(newer / target) / power
    met = math.inf if exponent > 700 else done * math.exp(exponent)
    guess = max(done + 1, math.ceil(met - 1e-9)) if met < regular else regular
    assert due == (guess if guess <= regular - 2 else regular)  # a check saves two iterations or is not made


def test_a_solve_checks_where_next_check_says_and_stops_soon_after_the_target():
    each = dict(pl.solver.solve(spot(RIVER), exploitability=0, max_iterations=80, check_every=1).history)
    crossing = min(i for i, gap in each.items() if gap <= 0.003)
    sol = pl.solver.solve(spot(RIVER), exploitability=0.003, max_iterations=500, check_every=10)
    assert crossing <= sol.iterations < -(-crossing // 10) * 10 and sol.exploitability <= 0.003
    assert sol.exploitability == each[sol.iterations]  # the same iterations, checked or not
    at = [i for i, _ in sol.history]
    recent = np.zeros((2, 2))
    for done, (checked, gap) in zip([0] + at[:-1], sol.history):
        assert checked == next_check(done, recent, 10, 0.003)
        recent = np.array([recent[1], (checked, gap)])
    assert any(i % 10 for i in at)  # this spot's last check is one the trend placed


def test_the_last_iteration_is_checked_when_it_is_no_multiple_of_check_every():
    sol = pl.solver.solve(spot(RIVER), exploitability=0, max_iterations=25, check_every=10)
    assert [at for at, _ in sol.history] == [10, 20, 25] and sol.iterations == 25


@pytest.mark.parametrize(("changes", "error", "words"), [
    (dict(exploitability=-1), InvalidArgumentError, "exploitability"),
    (dict(exploitability="1%"), InvalidArgumentError, "exploitability"),
    (dict(max_iterations=0), InvalidArgumentError, "max_iterations"),
    (dict(seconds=0), InvalidArgumentError, "seconds"),
    (dict(threads=0), InvalidArgumentError, "threads"),
    (dict(progress="bar"), InvalidArgumentError, "progress"),
    (dict(on_check=3), InvalidArgumentError, "on_check"),
    (dict(check_every=0), InvalidArgumentError, "check_every"),
    (dict(bits=8), InvalidArgumentError, "bits"),
    (dict(bits=16.0), InvalidArgumentError, "bits"),
    (dict(isomorphism="yes"), InvalidArgumentError, "isomorphism"),
    (dict(discount=(1.5, 0, 2)), InvalidArgumentError, "discount"),
    (dict(memory_limit=1000), InvalidArgumentError, "memory_limit"),
    (dict(memory_limit=-1), InvalidArgumentError, "memory_limit"),
    (dict(locks={"Check, Raise 5": {"Call": 1}}), InvalidArgumentError, "actions there are Check, All-in 100"),
    (dict(locks={"All-in 100": {"Call": 0.5}}), InvalidArgumentError, "add up to 1"),
    (dict(locks={"All-in 100": {"Call": 2, "Fold": -1}}), InvalidArgumentError, "from 0 to 1"),
    (dict(locks={"All-in 100": {"Raise": 1}}), InvalidArgumentError, "Fold, Call"),
    (dict(locks={"All-in 100, Call": {"Call": 1}}), InvalidArgumentError, "decision"),
    (dict(locks={"All-in 100": {"AA": {"Call": 1}}}), InvalidArgumentError, "no combo"),
    (dict(locks={"All-in 100": {"KZ": {"Call": 1}}}), InvalidRangeError, "KZ"),
    (dict(locks=[1]), InvalidArgumentError, "locks"),
])
def test_bad_arguments_are_refused_by_name(changes, error, words):
    with pytest.raises(error, match=words):
        pl.solver.solve(spot(TURN), **changes)


def test_the_memory_refusal_gives_the_estimate():
    estimate = spot(TURN).memory()
    assert estimate.float32 < 2**20 / 10  # so that the refusal says it in KiB
    with pytest.raises(InvalidArgumentError, match=r"needs about [0-9.]+ KiB in float32, over its memory limit of "
                                                   r"1.0 KiB \(memory_limit\); bits=16 needs about") as err:
        pl.solver.solve(spot(TURN), memory_limit=1000)
    assert isinstance(err.value, PokerlabError)
    assert f"{estimate.float32 / 2**10:.1f} KiB" in str(err.value)
    assert f"{estimate.bits16 / 2**10:.1f} KiB" in str(err.value)
    with pytest.raises(InvalidArgumentError, match=r"in 16-bit, over its memory limit of 9.8 KiB \(memory_limit\); "
                                                   r"give fewer bet sizes"):
        pl.solver.solve(spot(TURN), memory_limit=10_000, bits=16)


def test_a_memory_limit_above_what_the_machine_has_is_refused_when_allocation_fails(monkeypatch):
    def no_memory(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(importlib.import_module("pokerlab.solver.solve"), "Engine", no_memory)
    with pytest.raises(InvalidArgumentError, match=r"the solve needs about [0-9.]+ KiB in float32, more than the "
                                                   r"machine could allocate \(memory_limit is above what it has\)"):
        pl.solver.solve(spot(TURN), memory_limit=1e15)


def test_by_default_a_large_solve_is_weighed_against_the_available_memory(tmp_path, monkeypatch):
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:       1000000 kB\nMemAvailable:     20000 kB\n")
    read = arena.available_memory
    assert read(meminfo) == 20000 * 1024
    monkeypatch.setattr(arena, "available_memory", lambda: read(meminfo))
    def needing(size):
        return arena.MemoryEstimate(size, size // 2)

    arena.check_memory(needing(arena.SMALL_SOLVE), 32, None)  # a small solve is never refused for it
    arena.check_memory(needing(15 * 2**20), 32, None)  # under 75% of the 19.5 MiB said to be available
    with pytest.raises(InvalidArgumentError, match=r"needs about 17.0 MiB in float32, over its memory limit of "
                                                   r"14.6 MiB \(75% of the memory available\)"):
        arena.check_memory(needing(17 * 2**20), 32, None)
    arena.check_memory(needing(17 * 2**20), 16, None)  # its 16-bit storage fits
    monkeypatch.setattr(arena, "available_memory", lambda: None)
    arena.check_memory(needing(10**12), 32, None)  # a machine that does not say is not refused


def test_a_spot_must_be_a_spot():
    with pytest.raises(InvalidArgumentError, match="spot must be"):
        pl.solver.solve("Kh Qd 7c")  # type: ignore[arg-type]


def test_a_path_must_name_actions_and_cards(turn):
    with pytest.raises(InvalidArgumentError, match="the actions there are Check, All-in 100"):
        turn.node("Bet 50")
    with pytest.raises(InvalidArgumentError, match="a card is dealt"):
        turn.node("Check", "Check", "Check")
    with pytest.raises(InvalidArgumentError, match="Kh cannot be dealt"):
        turn.node("Check", "Check", "Kh")
    with pytest.raises(InvalidArgumentError, match="hand is over"):
        turn.node("Check", "All-in 100", "Fold", "Call")


def test_nodes_read_their_strategies_reaches_and_evs(turn):
    root = turn.root
    assert (root.kind, root.player, root.actions, root.pot) == ("OOP", 0, ("Check", "All-in 100"), 100)
    assert root.strategy.shape == (len(turn.combos(0)), 2)
    np.testing.assert_allclose(np.nansum(root.strategy, axis=1), 1, atol=1e-5)
    # a class's row of by_class is its combos' frequencies weighted by reach
    aces = turn.root.frequencies("AA")
    row = root.by_class[CLASS_NAMES.index("AA")]
    assert list(row) == pytest.approx(list(aces.values()))
    assert np.isnan(root.by_class[CLASS_NAMES.index("72o")]).all()
    # the root's EVs, each combo weighted by its chance of being dealt, are the solution's
    for p in (0, 1):
        against = np.nan_to_num(root._actual(p, root._against(p)))
        weight = root.reach[p] * against
        assert np.nansum(root.ev[p] * weight) / weight.sum() == pytest.approx(turn.ev[p], abs=1e-3)
    check = root.child("Check")
    assert check.reach[0] == pytest.approx(root.reach[0] * np.nan_to_num(root.strategy[:, 0]))
    chance = turn.node("Check", "Check")
    assert chance.kind == "chance" and chance.player is None and chance.strategy.shape == (0, 0)
    river = chance.child("2c")
    assert river.board[-1] == pl.parse_cards("2c")[0] and river.kind == "OOP"
    held = [i for i, name in enumerate(turn.combos(0)) if "2c" in name]
    assert all(river.reach[0][i] == 0 for i in held)
    json.dumps(turn.to_dict())
    json.dumps(river.to_dict())
    assert repr(river).startswith("<Node Check, Check, 2c: OOP")


def test_equity_at_the_root_is_pokerlabs_equity(turn):
    root = turn.root
    for p, hand, other in [(0, "AsAc", TURN["ip"]), (1, "KsKc", TURN["oop"])]:
        row = turn.combos(p).index(hand)
        expected = pl.equity([hand, other], board=TURN["board"]).players[0].equity
        assert root.equity[p][row] == pytest.approx(expected, abs=1e-6)


def test_a_whole_range_lock_is_played_and_answered():
    # kings that always call make bluffing with queens a loss: the queens stop betting
    settings = dict(board="2c2d2h3c3d", oop="AA,QQ", ip="KK", pot=100, stack=100, bets="a")
    sol = pl.solver.solve(spot(settings), exploitability=0.001, max_iterations=3000,
                          locks={("All-in 100",): {"Call": 1.0}})
    facing = sol.node("All-in 100")
    np.testing.assert_array_equal(facing.strategy[:, 1], 1.0)
    assert sol.root.frequencies("QQ")["All-in 100"] < 0.02
    assert sol.root.frequencies("AA")["All-in 100"] > 0.98
    assert sol.ev[0] == pytest.approx(100, abs=0.5)  # aces win 200, queens 0


def test_chosen_hands_can_be_locked_the_rest_solved():
    settings = dict(board="2c2d2h3c3d", oop="AA,QQ", ip="KK", pot=100, stack=100, bets="a")
    sol = pl.solver.solve(spot(settings), exploitability=0.001, max_iterations=3000,
                          locks={"": {"QsQh": {"All-in 100": 1}, "QcQd": {"Check": 1}}})
    names = sol.combos(0)
    assert sol.root.strategy[names.index("QsQh")].tolist() == [0.0, 1.0]
    assert sol.root.strategy[names.index("QdQc")].tolist() == [1.0, 0.0]
    # the queens still bluff half the time in all
    assert sol.root.frequencies("QQ")["All-in 100"] == pytest.approx(0.5, abs=0.03)


def test_a_lock_under_one_card_holds_there_only_and_keeps_isomorphism_honest():
    settings = dict(TURN, board="Kh Qh 7h 2h")
    locks = {("Check", "Check", "As", "Check"): {"All-in 100": 1}}
    merged = pl.solver.solve(spot(settings), exploitability=0, max_iterations=30, locks=locks)
    plain = pl.solver.solve(spot(settings), exploitability=0, max_iterations=30, locks=locks, isomorphism=False)
    assert merged.ev == pytest.approx(plain.ev, abs=1e-4 * 100)
    locked = merged.node("Check", "Check", "As", "Check")
    free = merged.node("Check", "Check", "Ac", "Check")
    np.testing.assert_array_equal(np.nan_to_num(locked.strategy[:, 1]), (~np.isnan(locked.strategy[:, 1])) * 1.0)
    assert not np.allclose(np.nan_to_num(free.strategy[:, 1]), np.nan_to_num(locked.strategy[:, 1]))
    # under every card when the card is left out of the path
    everywhere = pl.solver.solve(spot(settings), exploitability=0, max_iterations=5,
                                 locks={("Check", "Check", "Check"): {"Check": 1}})
    for card in ("As", "Ac", "2c"):
        strategy = everywhere.node("Check", "Check", card, "Check").strategy
        assert np.nan_to_num(strategy[:, 0]).max() == 1 and np.nanmin(strategy[:, 0]) == 1


@pytest.mark.parametrize("narrow_first", [False, True])
def test_the_narrower_of_two_overlapping_locks_holds_in_either_order(narrow_first):
    settings = dict(TURN, board="Kh Qd 7c 2s")
    after_ace, everywhere = ("Check", "Check", "As", "Check"), ("Check", "Check", "Check")
    by_card = [(after_ace, {"All-in 100": 1}), (everywhere, {"Check": 1})]
    sol = pl.solver.solve(spot(settings), exploitability=0, max_iterations=3,
                          locks=dict(by_card if narrow_first else by_card[::-1]))
    for card, column in (("As", 1), ("Ac", 0)):
        strategy = sol.node("Check", "Check", card, "Check").strategy
        assert np.nanmin(strategy[:, column]) == 1
    hands = [("AA", {"Check": 1}), ("AsAh", {"All-in 100": 1})]
    sol = pl.solver.solve(spot(settings), exploitability=0, max_iterations=3,
                          locks={"": dict(hands if narrow_first else hands[::-1])})
    names = sol.combos("oop")
    for name, row in (("AsAh", [0.0, 1.0]), ("AdAc", [1.0, 0.0])):
        assert sol.root.strategy[names.index(name)].tolist() == row


def test_a_lock_on_hands_that_a_card_on_the_way_blocks_is_refused():
    settings = dict(TURN, board="Kh Qd 7c 2s")
    with pytest.raises(InvalidArgumentError, match="no combo of 'AsAh' is in the range .* holding a card dealt"):
        pl.solver.solve(spot(settings), max_iterations=1, locks={("Check", "Check", "As"): {"AsAh": {"Check": 1}}})
    pl.solver.solve(spot(settings), max_iterations=1, locks={("Check", "Check", "Ac"): {"AsAh": {"Check": 1}}})


def test_locks_survive_save_and_load(tmp_path):
    settings = dict(board="2c2d2h3c3d", oop="AA,QQ", ip="KK", pot=100, stack=100, bets="a")
    sol = pl.solver.solve(spot(settings), exploitability=0, max_iterations=20, locks={"All-in 100": {"Call": 1}})
    sol.save(tmp_path / "locked.npz")
    loaded = pl.solver.load(tmp_path / "locked.npz")
    np.testing.assert_array_equal(loaded.node("All-in 100").strategy, sol.node("All-in 100").strategy)
    assert loaded.exploitability == sol.exploitability


def test_a_solution_names_players_and_refuses_a_path_it_cannot_write(tmp_path):
    settings = dict(board="2c2d2h3c3d", oop="AA,QQ", ip="KK", pot=100, stack=100, bets="a")
    sol = pl.solver.solve(spot(settings), max_iterations=5)
    sol.save(tmp_path / "saved.npz")
    loaded = pl.solver.load(tmp_path / "saved.npz")
    for solution in (sol, loaded):
        assert solution.combos("oop") == solution.combos(0) and solution.combos("IP") == solution.combos(1)
        assert solution.spot.combos("ip").tolist() == solution.spot.combos(1).tolist()
        with pytest.raises(InvalidArgumentError, match="player must be 0 or 'oop'"):
            solution.combos(2)
    for path in (tmp_path / "missing" / "x.npz", tmp_path):
        with pytest.raises(InvalidArgumentError, match="path: cannot write"):
            sol.save(path)
    for path in (1, True, b"x.npz", "", None):  # a file descriptor would be written and closed
        with pytest.raises(InvalidArgumentError, match="path must be a file's path"):
            sol.save(path)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError, match="path must be a file's path"):
            pl.solver.load(path)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rake=st.booleans())
def test_terminal_values_are_pair_by_pair_sums(seed, rake):
    """Showdowns from the river boards' tables, and folds from per-card sums (their own or a
    showdown's), against every pair of hands compared one by one, blocked hands included."""
    rng = np.random.default_rng(seed)
    deck = rng.permutation(52)
    board = tuple(int(c) for c in deck[:5])
    every = np.array([(a, b) for a in range(52) for b in range(a + 1, 52)], dtype=np.uint8)
    combos = [every[np.sort(rng.choice(len(every), size=int(rng.integers(1, 60)), replace=False))] for _ in (0, 1)]
    _, order, count, ranks, card_last = river_tables(HOLDEM, board, {}, combos)
    blocked = sum(1 << c for c in board)
    strength = [[int(HOLDEM.evaluate_many(h[None], np.array([board], dtype=np.uint8))[0])
                 if not set(h.tolist()) & set(board) else 0 for h in c] for c in combos]
    win, lose, tie = (1.5, -1.0, -0.25) if rake else (1.0, -1.0, 0.0)
    for p in (0, 1):
        mine, theirs = combos[p], combos[1 - p]
        reach = (rng.random(len(theirs)) * (rng.random(len(theirs)) < 0.8)).astype(np.float32)
        free = [not (set(h.tolist()) & set(board)) for h in theirs]
        reach *= np.array(free, dtype=np.float32)  # the engine never gives a blocked hand reach
        own = np.array([[a, b, 1 << int(a) | 1 << int(b), next((j for j, h in enumerate(theirs.tolist())
                                                               if h == [a, b]), -1)] for a, b in mine.tolist()])
        expected = np.zeros(len(mine))
        folded = np.zeros(len(mine))
        for i, hand in enumerate(mine.tolist()):
            if set(hand) & set(board):
                continue
            for j, other in enumerate(theirs.tolist()):
                if set(hand) & set(other):
                    continue
                folded[i] += reach[j]
                s, o = strength[p][i], strength[1 - p][j]
                expected[i] += reach[j] * (win if s > o else lose if s < o else tie)
        split = len(combos[0])
        start, other = (0, split) if p == 0 else (split, 0)
        out = np.zeros(len(mine), dtype=np.float32)
        acc = np.zeros(53)
        showdown_values(out, reach, order[0, other:other + len(theirs)], int(count[0, 1 - p]), card_last[0, 1 - p],
                        ranks[0, start:start + len(mine)], own, win, lose, tie,
                        np.zeros(len(theirs) + 1), np.zeros(2 * len(theirs) + 1), acc)
        np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-5)
        for sums in (acc, None):  # the showdown's sums, then the fold's own
            if sums is None:
                sums = np.zeros(53)
                card_sums(reach, np.array(theirs, dtype=np.int64), len(theirs), sums)
            folds = np.zeros(len(mine), dtype=np.float32)
            fold_values(folds, reach, own, len(mine), blocked, 2.0, sums)
            np.testing.assert_allclose(folds, 2.0 * folded, rtol=1e-5, atol=1e-5)
