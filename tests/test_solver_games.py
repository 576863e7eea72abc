"""The solver on river games whose equilibrium is known in closed form.

On 2c2d2h3c3d out of position holds {AA, QQ} (a nut hand and a bluff), in position {KK} (a
bluff-catcher), only all-in: facing a bet ``b`` into a pot ``p`` the bluff-catcher calls
``p / (p + b)`` and the bettor's bluffs are ``b / (p + 2b)`` of its bets.
"""

from __future__ import annotations

import numpy as np
import pytest

import pokerlab as pl
from pokerlab.games import HOLDEM, SHORT_DECK

TOLERANCE = 0.02
"""How far a frequency may be from its closed form at the exploitability solved to."""


@pytest.fixture(scope="module")
def polar() -> pl.solver.Solution:
    spot = pl.solver.Spot("2c2d2h3c3d", oop="AA,QQ", ip="KK", pot=100, stack=100, bets="a")
    return pl.solver.solve(spot, exploitability=0.0002, max_iterations=5000)


def test_the_issue_game_has_its_evs_and_frequencies(polar):
    assert polar.exploitability <= 0.0002
    assert polar.ev == pytest.approx((75, 25), abs=0.05)
    assert sum(polar.ev) == pytest.approx(100, abs=1e-3)  # no rake: the EVs share the pot
    assert polar.root.frequencies("AA")["All-in 100"] == pytest.approx(1, abs=TOLERANCE)
    assert polar.root.frequencies("QQ")["All-in 100"] == pytest.approx(0.5, abs=TOLERANCE)
    assert polar.node("All-in 100").frequencies("KK")["Call"] == pytest.approx(0.5, abs=TOLERANCE)


def test_per_combo_evs_are_the_closed_form(polar):
    ev_oop, ev_ip = polar.root.ev
    aces = [i for i, name in enumerate(polar.combos(0)) if name.startswith("A")]
    queens = [i for i, name in enumerate(polar.combos(0)) if name.startswith("Q")]
    # aces win the pot and half the time the call: 150; queens break even: 0; kings 25
    assert ev_oop[aces] == pytest.approx(150, abs=0.5)
    assert ev_oop[queens] == pytest.approx(0, abs=0.5)
    assert ev_ip == pytest.approx(25, abs=0.1)


@pytest.mark.parametrize(("bet", "bluffs", "calls"), [(50, 1 / 3, 2 / 3), (100, 1 / 2, 1 / 2), (200, 2 / 3, 1 / 3)])
def test_bluffs_and_calls_follow_the_bet_size(bet, bluffs, calls):
    # bluffs are bet / (pot + 2 bet) of the bets: with as many aces as queens, queens bet
    # bet / (pot + bet) of the time; the kings call pot / (pot + bet)
    spot = pl.solver.Spot("2c2d2h3c3d", oop="AA,QQ", ip="KK", pot=100, stack=bet, bets="a")
    sol = pl.solver.solve(spot, exploitability=0.0002, max_iterations=5000)
    allin = f"All-in {bet}"
    queens = sol.root.frequencies("QQ")[allin]
    assert queens == pytest.approx(bluffs, abs=TOLERANCE)
    assert queens / (1 + queens) == pytest.approx(bet / (100 + 2 * bet), abs=TOLERANCE)
    assert sol.node(allin).frequencies("KK")["Call"] == pytest.approx(calls, abs=TOLERANCE)
    # the aces win the pot and, called, the bet; the queens break even
    assert sol.ev[0] == pytest.approx((100 + calls * bet) / 2, abs=0.1)


def test_a_blocker_calls_and_the_kings_make_up_the_rest():
    # on 9c8d5h3s2c out of position bets AA for value and JTs as a bluff; in position both
    # KK and AKs catch bluffs, but AKs holds an ace: against it half the aces are gone, so it
    # always calls. The calls must still come to pot / (pot + bet) of the range: the four AKs
    # and one in six KK. The kings' indifference sets the bluffs: 4 q (pot + bet) = 6 bet
    spot = pl.solver.Spot("9c8d5h3s2c", oop="AA,JTs", ip="KK,AKs", pot=100, stack=100, bets="a")
    sol = pl.solver.solve(spot, exploitability=0.0002, max_iterations=5000)
    facing = sol.node("All-in 100")
    assert facing.frequencies("AKs")["Call"] == pytest.approx(1, abs=TOLERANCE)
    assert facing.frequencies("KK")["Call"] == pytest.approx(1 / 6, abs=TOLERANCE)
    assert sol.root.frequencies("AA")["All-in 100"] == pytest.approx(1, abs=TOLERANCE)
    assert sol.root.frequencies("JTs")["All-in 100"] == pytest.approx(3 / 4, abs=TOLERANCE)


@pytest.mark.parametrize(("game", "flush_wins"), [(SHORT_DECK, True), (HOLDEM, False)])
def test_short_deck_ranks_a_flush_above_a_full_house(game, flush_wins):
    # 8h7h makes a flush, 9s6s a full house (sixes full of nines)
    spot = pl.solver.Spot("Ah Kh 9h 6c 6d", oop="8h7h", ip="9s6s", pot=100, stack=100, bets="a", game=game)
    sol = pl.solver.solve(spot, exploitability=0.001)
    equity = sol.root.equity[0][0]
    assert equity == (1.0 if flush_wins else 0.0)
    # the winner takes the pot, and the loser never pays more into it
    assert sol.ev[0] == pytest.approx(100 if flush_wins else 0, abs=0.5)
    assert np.isfinite(sol.root.ev[1]).all()
