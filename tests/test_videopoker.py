"""Jacks or Better: pay tables, the hold advisor against brute force, the whole game, errors.

The other games are in test_videopoker_games.py."""

import json
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlab as pl
from pokerlab.errors import PaytableError
from pokerlab.rankings.category import HandCategory
from pokerlab.rankings.tables import class_values
from pokerlab.videopoker import (
    MAX_PAY,
    PAYTABLES,
    FinalHand,
    Paytable,
    Trainer,
    analyze,
    best_hold,
    final_hand,
    hold_evs,
    parse_hold,
)
from pokerlab.videopoker import kernels as kernel
from pokerlab.videopoker.brute_force import enumerate_holds, unseen_draws
from pokerlab.videopoker.draws import draw_tables

DEALT_HANDS = comb(52, 5)
JACKS = PAYTABLES["jacks-9-6"]

FIVE_CARD = {  # five-card hands of each final hand, from the published category counts
    FinalHand.ROYAL_FLUSH: 4, FinalHand.STRAIGHT_FLUSH: 36, FinalHand.FOUR_OF_A_KIND: 624,
    FinalHand.FULL_HOUSE: 3_744, FinalHand.FLUSH: 5_108, FinalHand.STRAIGHT: 10_200,
    FinalHand.THREE_OF_A_KIND: 54_912, FinalHand.TWO_PAIR: 123_552,
    FinalHand.JACKS_OR_BETTER: 4 * 84_480, FinalHand.NOTHING: 1_098_240 - 4 * 84_480 + 1_302_540,
}


PAYS = tuple(PAYTABLES["jacks-9-6"].pays)  # the line names, royal flush first


def full_pays(**changes):
    return {**PAYTABLES["jacks-9-6"].pays, **changes}


def jacks_final_hand(category, ranks):
    """The Jacks or Better final hand of a hand class, read off the evaluator's categories."""
    by_category = {HandCategory.TWO_PAIR: FinalHand.TWO_PAIR, HandCategory.THREE_OF_A_KIND: FinalHand.THREE_OF_A_KIND,
                   HandCategory.STRAIGHT: FinalHand.STRAIGHT, HandCategory.FLUSH: FinalHand.FLUSH,
                   HandCategory.FULL_HOUSE: FinalHand.FULL_HOUSE, HandCategory.FOUR_OF_A_KIND: FinalHand.FOUR_OF_A_KIND}
    if category == HandCategory.STRAIGHT_FLUSH:
        return FinalHand.ROYAL_FLUSH if ranks[0] == 12 else FinalHand.STRAIGHT_FLUSH
    if category == HandCategory.PAIR:
        return FinalHand.JACKS_OR_BETTER if ranks[0] >= 9 else FinalHand.NOTHING
    return by_category.get(category, FinalHand.NOTHING)


@pytest.fixture(scope="module")
def final_of_all_five(all_five):
    """The Jacks or Better column of every five-card hand, by the evaluator's hand classes."""
    column = {hand: i for i, hand in enumerate(JACKS.hands)}
    of_strength = np.array([0] + [column[jacks_final_hand(HandCategory(c), r)] for c, r in class_values()])
    return of_strength[pl.evaluate_many(all_five)]


@pytest.fixture(scope="module")
def draws():
    return unseen_draws(47)


def brute_force_holds(hand, paytable, draws, coins=5):
    """{held positions: (counts of final hands, EV)} by looking up every draw."""
    table = pl.videopoker.get_paytable(paytable)
    pays = np.array(table.hand_pays(coins), dtype=object)  # Python ints: no overflow
    out = {}
    for mask, counts in enumerate(enumerate_holds(list(hand), draws, table)):
        positions = tuple(i + 1 for i in range(5) if mask >> i & 1)
        out[positions] = (counts, Fraction(int(counts @ pays), comb(47, 5 - len(positions))))
    return out


# --- the published returns ------------------------------------------------------------------

@pytest.mark.parametrize("name, published", [("jacks-9-6", 0.995439), ("jacks-8-5", 0.972984)])
def test_published_returns_under_optimal_play(name, published):
    result = analyze(name)
    assert round(result.expected_return, 6) == published
    assert result.distinct_hands == 134_459
    assert sum(result.final_hands.values()) == pytest.approx(1, abs=1e-12)
    assert sum(result.contributions.values()) == pytest.approx(result.expected_return, abs=1e-12)
    if name == "jacks-9-6":
        assert round(result.variance, 4) == 19.5147  # as the Wizard of Odds publishes it
        assert 1 / result.final_hands[FinalHand.ROYAL_FLUSH] == pytest.approx(40_390.5, abs=0.1)


def test_fewer_coins_pay_the_short_royal_and_return_less():
    assert PAYTABLES["jacks-9-6"].per_coin(4)[FinalHand.ROYAL_FLUSH.index] == 250
    four_to_a_royal = "Ah Kh Qh Jh 9h"  # with the flush broken: a royal, 7 flushes, 3 straights, 12 pairs
    assert best_hold(four_to_a_royal).ev == pytest.approx((800 + 7 * 6 + 3 * 4 + 12) / 47)
    assert best_hold(four_to_a_royal, coins=1).ev == pytest.approx((250 + 7 * 6 + 3 * 4 + 12) / 47)
    assert analyze("jacks-9-6", coins=1).expected_return < analyze("jacks-9-6").expected_return


# --- the subset counts ----------------------------------------------------------------------

def test_subset_counts_match_a_scan_of_all_hands(all_five, final_of_all_five):
    counts = draw_tables(JACKS).counts
    start = kernel.subset_start(52)
    assert dict(zip(JACKS.hands, counts[0].tolist())) == FIVE_CARD
    for size in range(1, 5):
        rows = counts[start[size]:start[size + 1]]
        assert rows.sum() == comb(5, size) * comb(52, 5)
    rng = np.random.default_rng(5)
    for size in range(1, 5):
        subset = np.sort(rng.choice(52, size, replace=False))
        row = start[size] + sum(comb(int(c), j + 1) for j, c in enumerate(subset))
        contains = np.isin(all_five, subset).sum(axis=1) == size
        assert counts[row].tolist() == np.bincount(final_of_all_five[contains], minlength=10).tolist()


# --- the advisor ----------------------------------------------------------------------------

@pytest.mark.parametrize("hand, best, ev", [
    ("Ah Kh Qh Jh 9h", "Ah Kh Qh Jh", Fraction(866, 47)),  # a dealt flush, four to a royal: break it
    ("Ac Kd Qh 5s 2c", "Kd Qh", None),                     # unsuited A-K-Q: hold K-Q
    ("3c 3d Ah 8s 6c", "3c 3d", None),                     # a low pair beats a lone ace
    ("2c 4d 7h 9s Tc", "draw five", None),                 # nothing at all
    ("As Ks Kh 4s 4d", "Ks Kh 4s 4d", Fraction(122, 47)),  # two pair: throw the ace
])
def test_classic_spots_against_brute_force(hand, best, ev, draws):
    holds = hold_evs(hand, "jacks-9-6")
    assert holds[0].label == best
    reference = brute_force_holds(pl.parse_cards(hand), "jacks-9-6", draws)
    assert max(reference.values(), key=lambda r: r[1])[1] == reference[holds[0].positions][1]
    if ev is not None:
        assert holds[0].ev == float(ev)
    for hold in holds:
        counts, exact = reference[hold.positions]
        assert hold.ev == float(exact)
        draws = comb(47, hold.drawn)
        assert [p * draws for p in hold.final_hands.values()] == pytest.approx(counts.tolist(), abs=1e-6)


def test_holds_are_complete_sorted_and_sum_to_one():
    for hand in ("As Ks Kh 4s 4d", "Td Jd Qd Kd Ad", "2c 2d 2h 2s 7c", "5h 6h 7h 8h 9c"):
        holds = hold_evs(hand)
        assert len(holds) == 32
        assert len({h.positions for h in holds}) == 32
        assert [h.ev for h in holds] == sorted((h.ev for h in holds), reverse=True)
        for hold in holds:
            assert sum(hold.final_hands.values()) == pytest.approx(1, abs=1e-12)
            assert hold.cards == tuple(pl.parse_cards(hand)[p - 1] for p in hold.positions)


def test_a_pat_hand_is_kept():
    assert best_hold("Td Jd Qd Kd Ad").final_hands[FinalHand.ROYAL_FLUSH] == 1
    assert best_hold("2c 2d 2h 2s 7c").ev == 25


def test_suit_permutations_and_dealt_order_change_nothing():
    rng = np.random.default_rng(11)
    for _ in range(25):
        hand = rng.choice(52, 5, replace=False).tolist()
        perm = rng.permutation(4)
        relabelled = [c // 4 * 4 + int(perm[c % 4]) for c in hand]
        a, b = hold_evs(hand), hold_evs(relabelled)
        assert [(h.positions, h.ev) for h in a] == [(h.positions, h.ev) for h in b]
        shuffled = rng.permutation(5)
        c = hold_evs([hand[i] for i in shuffled])
        by_cards = {frozenset(h.cards): h.ev for h in a}
        assert all(by_cards[frozenset(h.cards)] == h.ev for h in c)


def test_ties_are_broken_by_the_documented_rule():
    holds = hold_evs("As Ks Kh 4s 4d")
    tied = [h for h in holds if h.ev == holds[4].ev]
    assert [h.label for h in tied] == ["Ks Kh 4s", "Ks Kh 4d"]  # same EV and variance: lower positions first


def test_results_print_and_serialise():
    hold = best_hold("As Ks Kh 4s 4d")
    assert repr(hold) == "HoldEV('Ks Kh 4s 4d', ev=2.595745, positions=(2, 3, 4, 5))"
    data = json.loads(json.dumps(hold.to_dict()))
    assert data["positions"] == [2, 3, 4, 5] and data["final_hands"]["full_house"] == pytest.approx(4 / 47)
    result = analyze("jacks-8-5")
    assert repr(result) == "GameAnalysis('jacks-8-5', coins=5, expected_return=0.97298434, variance=19.323259)"
    assert json.loads(json.dumps(result.to_dict()))["final_hands"]["royal_flush"]["contribution"] > 0.019


def test_every_hold_of_a_hand_is_one_frozen_result():
    holds = hold_evs("As Ks Kh 4s 4d", "jacks-8-5", coins=1)
    assert len(holds) == 32 and holds[0] is holds.best and list(holds) == list(holds[:])
    assert sorted(holds, key=lambda h: h.ev)[-1] == holds.best and holds.best in holds
    assert holds.at("2 3") is holds.at([3, 2]) and holds.at("2 3").label == "Ks Kh"
    assert repr(holds) == ("HoldEvs('As Ks Kh 4s 4d', 'jacks-8-5', coins=1, "
                           "best=HoldEV('Ks Kh 4s 4d', ev=2.510638, positions=(2, 3, 4, 5)))")
    data = json.loads(json.dumps(holds.to_dict()))
    assert (data["hand"], data["paytable"], data["coins"]) == ("As Ks Kh 4s 4d", "jacks-8-5", 1)
    assert [h["cards"] for h in data["holds"]] == [h.label if h.cards else "" for h in holds]
    with pytest.raises(AttributeError):
        holds.coins = 5  # type: ignore[misc]
    with pytest.raises(pl.errors.HoldError, match="position 6"):
        holds.at("6")


@pytest.mark.parametrize("hold, positions", [
    ("4 1 3", (1, 3, 4)), ("1,3", (1, 3)), ("135", (1, 3, 5)), (" none ", ()), ("-", ()), ("ALL", (1, 2, 3, 4, 5)),
    ([5, 2], (2, 5)), (np.array([5, 2]), (2, 5)), ((p for p in (3, 1)), (1, 3)), ([], ()),
])
def test_holds_read_from_text_or_positions(hold, positions):
    assert parse_hold(hold) == positions


def test_final_hand_classes():
    assert final_hand([36, 37, 22, 10, 0]) is FinalHand.JACKS_OR_BETTER
    assert final_hand("Jd Jc 7s 4h 2c") is FinalHand.JACKS_OR_BETTER
    assert final_hand("Td Tc 7s 4h 2c") is FinalHand.NOTHING
    assert final_hand("Ah 2h 3h 4h 5h") is FinalHand.STRAIGHT_FLUSH
    assert final_hand("Ah Kh Qh Jh Th") is FinalHand.ROYAL_FLUSH


# --- the bounds that keep the sums exact -----------------------------------------------------

def test_the_largest_pays_stay_exact():
    largest = max(kernel.draw_lcm(52), kernel.draw_lcm(53))  # 47 or 48 unseen cards
    assert largest * MAX_PAY**2 < 2**63  # a hold's second moment, the kernels' largest sum
    assert largest * (MAX_PAY + 1) ** 2 >= 2**62  # and the bound is not needlessly tight


@pytest.mark.parametrize("hand", ["Ah Kh Qh Jh 9h", "As Ks Kh 4s 4d", "2c 4d 7h 9s Tc"])
def test_holds_at_the_largest_pay_match_brute_force(hand, draws):
    table = Paytable("huge", full_pays(royal_flush=MAX_PAY, straight_flush=MAX_PAY - 1, four_of_a_kind=MAX_PAY // 2))
    reference = brute_force_holds(pl.parse_cards(hand), table, draws)
    holds = hold_evs(hand, table)
    assert [h.ev for h in holds] == sorted((float(reference[h.positions][1]) for h in holds), reverse=True)
    assert all(h.ev == float(reference[h.positions][1]) for h in holds)


@settings(max_examples=40, deadline=None)
@given(hand=st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True),
       pays=st.lists(st.integers(0, MAX_PAY), min_size=9, max_size=9))
def test_any_pays_within_the_bound_give_exact_evs_best_first(hand, pays):
    table = Paytable("drawn", dict(zip(PAYS, pays)))
    per_coin = table.hand_pays()
    holds = hold_evs(hand, table)
    for hold in holds:
        draws = comb(47, hold.drawn)
        counts = [round(p * draws) for p in hold.final_hands.values()]  # the draws reaching each hand
        assert hold.ev == float(Fraction(sum(n * pay for n, pay in zip(counts, per_coin)), draws))
    assert [h.ev for h in holds] == sorted((h.ev for h in holds), reverse=True)


def test_a_pay_past_the_bound_is_refused_naming_its_line():
    for pay in (MAX_PAY + 1, 2**50, 10**30):
        with pytest.raises(PaytableError, match=f"royal_flush must be an int from 0 to {MAX_PAY}, got {pay}"):
            Paytable("huge", full_pays(royal_flush=pay))


# --- threads, progress, seeds ---------------------------------------------------------------

def test_threads_change_nothing_but_the_speed():
    assert analyze("jacks-8-5", threads=1) == analyze("jacks-8-5", threads=2) == analyze("jacks-8-5", threads=999)


def test_progress_counts_dealt_hands_in_ints():
    calls = []
    analyze("jacks-9-6", progress=lambda done, total: calls.append((done, total)))
    assert all(type(done) is int and type(total) is int for done, total in calls)
    assert [total for _, total in calls] == [DEALT_HANDS] * len(calls)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    assert calls[-1] == (DEALT_HANDS, DEALT_HANDS)


def test_a_progress_that_raises_stops_the_analysis():
    def stop(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        analyze("jacks-9-6", progress=stop)


def test_a_seed_replays_a_session():
    def session(seed):
        trainer = Trainer(seed=seed)
        return [(trainer.deal(), trainer.hold("1 2").final) for _ in range(5)]

    assert session(2024) == session(2024)
    assert session(2024) != session(2025)
    assert session(0) == session(0)


# --- bad input ------------------------------------------------------------------------------
# The quick refusals are in test_refusals_videopoker.py; these need files or compare outcomes.


def test_paytables_in_code():
    mine = Paytable("mine", full_pays(full_house=8, flush=5))
    assert mine.per_coin() == PAYTABLES["jacks-8-5"].per_coin()
    assert analyze(mine).expected_return == analyze("jacks-8-5").expected_return
    assert Paytable("numpy", {k: np.int64(v) for k, v in full_pays().items()}).pays == PAYTABLES["jacks-9-6"].pays
    with pytest.raises(TypeError):
        PAYTABLES["jacks-9-6"].pays["flush"] = 7  # a table is a value


def test_paytables_load_from_toml_and_json(tmp_path):
    toml = tmp_path / "eight-five.toml"
    toml.write_text('name = "8/5 from toml"\n[pays]\n' +
                    "".join(f"{k} = {v}\n" for k, v in full_pays(full_house=8, flush=5).items()))
    table = Paytable.load(toml)
    assert table.name == "8/5 from toml"
    assert table.per_coin() == PAYTABLES["jacks-8-5"].per_coin()
    js = tmp_path / "full.json"
    js.write_text(json.dumps(PAYTABLES["jacks-9-6"].to_dict() | {"name": "copy"}))
    assert Paytable.load(js).pays == PAYTABLES["jacks-9-6"].pays
    no_name = tmp_path / "house.json"
    no_name.write_text(json.dumps({"pays": full_pays()}))
    assert Paytable.load(no_name).name == "house"
    assert best_hold("As Ks Kh 4s 4d", str(no_name)).ev == best_hold("As Ks Kh 4s 4d").ev


@pytest.mark.parametrize("name, text, message", [
    ("bad.toml", "[pays\nroyal_flush = 800", "bad.toml' does not parse"),
    ("bad.json", '{"pays": {"royal_flush": 800,}}', "bad.json' does not parse"),
    ("nopays.json", '{"name": "x"}', "has no 'pays' table"),
    ("list.json", "[1, 2]", "has no 'pays' table"),
    ("extra.json", json.dumps({"pays": full_pays(), "coins": 5}), "unknown keys coins"),
    ("short.toml", "[pays]\nroyal_flush = 800\n", "lacks the lines straight_flush"),
    ("float.json", json.dumps({"pays": full_pays(flush=6.0)}), "flush must be an int from 0 to"),
    ("huge.toml", "[pays]\n" + "".join(f"{k} = {v}\n" for k, v in full_pays(royal_flush=2**50).items()),
     "royal_flush must be an int from 0 to 1000000, got 1125899906842624"),
    ("table.txt", "", "expected a .toml or .json file"),
])
def test_malformed_paytable_files_are_refused(tmp_path, name, text, message):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(PaytableError, match=message):
        Paytable.load(path)
    with pytest.raises(PaytableError, match="cannot read pay table"):
        Paytable.load(tmp_path / "missing.toml")
