"""Every video poker game: hands read as by substituting the wild cards, every hold against an
independent brute-force evaluator, the published returns, games defined as data.

Two referees written here, apart from the kernels: ``substituted`` reads one hand by trying every
card for each wild card (slow, obviously right), and ``reference_hands`` reads every hand of a
deck at once with NumPy (checked against the first); the brute-force hold evaluator looks up
every draw of every hold in the second.
"""

import functools
import itertools
import json
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from pokerlab.errors import PaytableError
from pokerlab.videopoker import (
    PAYTABLES,
    FinalHand,
    Paytable,
    analyze,
    best_hold,
    final_hand,
    format_hand,
    get_paytable,
    hold_evs,
    parse_hand,
)

JOKER = 52
WILD_GAMES = ["deuces-wild-full-pay", "joker-kings-20-7-5"]
QUAD_LINES = {  # (line, quad ranks, kicker ranks or None), most specific first
    FinalHand.FOUR_ACES_WITH_2_4: ({12}, {0, 1, 2}), FinalHand.FOUR_2_4_WITH_A_4: ({0, 1, 2}, {12, 0, 1, 2}),
    FinalHand.FOUR_ACES: ({12}, None), FinalHand.FOUR_2_4: ({0, 1, 2}, None),
    FinalHand.FOUR_5_K: (set(range(3, 12)), None),
}
PAIR_LINES = {FinalHand.TENS_OR_BETTER: 8, FinalHand.JACKS_OR_BETTER: 9, FinalHand.KINGS_OR_BETTER: 11}


def deck_size(table):
    return 53 if table.wild == "joker" else 52


def is_wild(card, table):
    return (table.wild == "deuces" and card < 4) or (table.wild == "joker" and card == JOKER)


# --- referee 1: one hand, every substitution of its wild cards --------------------------------

def plain_hand(cards):
    """(name, rank, kicker) of five cards, duplicates allowed: a substituted wild card may copy one."""
    counts = Counter(c // 4 for c in cards)
    shape = sorted(counts.values(), reverse=True)
    top = max(counts, key=lambda r: (counts[r], r))
    ranks = set(counts)
    straight = len(ranks) == 5 and (max(ranks) - min(ranks) == 4 or ranks == {12, 0, 1, 2, 3})
    flush = len({c % 4 for c in cards}) == 1
    kicker = min(counts, key=lambda r: counts[r])
    if shape[0] == 5:
        return "five", top, 0
    if straight and flush:
        return ("royal" if min(ranks) == 8 else "straight flush"), 0, 0
    return next((name, top, kicker) for name, holds in [
        ("four", shape[0] == 4), ("full house", shape[:2] == [3, 2]), ("flush", flush), ("straight", straight),
        ("three", shape[0] == 3), ("two pair", shape[:2] == [2, 2]), ("pair", shape[0] == 2), ("nothing", True)]
        if holds)


def line_of(name, rank, kicker, wilds, table):
    """The line a game pays for a plain hand, or nothing."""
    if name == "royal":
        line = FinalHand.ROYAL_FLUSH if wilds == 0 else FinalHand.WILD_ROYAL_FLUSH
    elif name == "four" and wilds == 0:
        line = next((line for line, (ranks, kickers) in QUAD_LINES.items()
                     if line in table.pays and rank in ranks and (kickers is None or kicker in kickers)),
                    FinalHand.FOUR_OF_A_KIND)
    elif name == "pair":
        line = next((line for line, low in PAIR_LINES.items() if line in table.pays and rank >= low), FinalHand.NOTHING)
    else:
        line = {"five": FinalHand.FIVE_OF_A_KIND, "straight flush": FinalHand.STRAIGHT_FLUSH,
                "four": FinalHand.FOUR_OF_A_KIND, "full house": FinalHand.FULL_HOUSE, "flush": FinalHand.FLUSH,
                "straight": FinalHand.STRAIGHT, "three": FinalHand.THREE_OF_A_KIND, "two pair": FinalHand.TWO_PAIR,
                "nothing": FinalHand.NOTHING}[name]
    return line if line in table.pays else FinalHand.NOTHING


def substituted(cards, table):
    """A hand's final hand: the best line over every card each wild card could be (a machine pays
    the best reading); four deuces are their own hand.

    A substitute's suit only matters through a flush, so each wild card tries every rank in the
    suit of the first natural card and in one other suit: the other two read the same.
    """
    naturals = [c for c in cards if not is_wild(c, table)]
    wilds = 5 - len(naturals)
    if table.wild == "deuces" and wilds == 4:
        return FinalHand.FOUR_DEUCES
    suits = (naturals[0] % 4, (naturals[0] + 1) % 4)
    choices = [rank * 4 + suit for rank in range(13) for suit in suits]
    readings = (line_of(*plain_hand(naturals + list(extra)), wilds, table)
                for extra in itertools.combinations_with_replacement(choices, wilds))
    return max(readings, key=lambda line: line.index)


# --- referee 2: every hand of a deck, in NumPy --------------------------------------------------

@functools.cache
def subsets(n, k):
    """Every k-subset of range(n), sorted rows, in colex order: the order of the combinatorial
    number system, so that row i is the hand of index i."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.int64)
    return np.vstack([np.hstack([subsets(top, k - 1), np.full((comb(top, k - 1), 1), top)]) for top in range(k - 1, n)])


def hand_index(rows):
    """The combinatorial-number index of sorted rows of five cards."""
    return sum(np.array([comb(c, j + 1) for c in range(54)], dtype=np.int64)[rows[:, j]] for j in range(5))


@functools.cache
def readings(wild):
    """What every hand of the deck holds, by hand index: wild cards, the biggest group of a rank and
    its highest rank, the single card's rank, pairs, and whether the naturals fit a flush, a straight,
    a royal."""
    rows = subsets(53 if wild == "joker" else 52, 5)
    is_wild = (rows < 4) if wild == "deuces" else (rows == JOKER) if wild == "joker" else np.zeros(rows.shape, bool)
    # Wild cards get ranks 20, 21, ... that match nothing; sorted, equal ranks sit side by side.
    ranks = np.sort(np.where(is_wild, 20 + np.arange(5), rows // 4), axis=1)
    same = ranks[:, 1:] == ranks[:, :-1]
    run = np.zeros(len(rows), dtype=np.int64)
    most = np.ones(len(rows), dtype=np.int64)
    top = np.where(ranks < 13, ranks, -1).max(axis=1)  # with no group, the highest natural rank
    pairs = np.zeros(len(rows), dtype=np.int64)
    for j in range(4):
        run = (run + 1) * same[:, j]
        longer = run + 1 >= np.maximum(most, 2)  # ranks ascend: a later group of the same size is higher
        top = np.where(longer, ranks[:, j + 1], top)
        most = np.maximum(most, run + 1)
        ends = same[:, j] & (~same[:, j + 1] if j < 3 else True)
        pairs += ends & (run == 1)
    bits = np.where(is_wild, 0, 1 << np.minimum(rows // 4, 12)).sum(axis=1)  # the naturals' ranks, one bit each
    inside = np.zeros(len(rows), dtype=bool)
    for window in [0x1F << low for low in range(9)] + [0x100F]:
        inside |= bits & ~window == 0
    return {
        "wilds": is_wild.sum(axis=1), "most": most, "pairs": pairs, "top": top,
        "single": np.where(same[:, 0], ranks[:, 4], ranks[:, 0]),  # the kicker of four of a kind
        "flush": np.where(is_wild, -1, rows % 4).max(axis=1) == np.where(is_wild, 9, rows % 4).min(axis=1),
        "straight": (most <= 1) & inside, "royal_ranks": bits & 0xFF == 0,
    }


@functools.cache
def reference_hands(table):
    """The pay per coin (five coins) of every hand of the game's deck, by hand index: each hand pays
    the first line, strongest first, that it makes."""
    r = readings(table.wild)
    wilds, most, top, flush, straight = r["wilds"], r["most"], r["top"], r["flush"], r["straight"]
    per_coin = table.per_coin(5)
    pay = np.zeros(len(most), dtype=np.int64)
    done = np.zeros(len(most), dtype=bool)

    def paid(mask, line):
        new = mask & ~done
        pay[new] = per_coin[line.index]  # 0 for a line the game leaves out: that hand is nothing
        done[new] = True

    if table.wild == "deuces":
        paid(wilds == 4, FinalHand.FOUR_DEUCES)
    paid(straight & flush & r["royal_ranks"] & (wilds == 0), FinalHand.ROYAL_FLUSH)
    paid(straight & flush & r["royal_ranks"], FinalHand.WILD_ROYAL_FLUSH)
    paid(most + wilds >= 5, FinalHand.FIVE_OF_A_KIND)
    paid(straight & flush, FinalHand.STRAIGHT_FLUSH)
    if table.wild == "none":
        for line, (quad_ranks, kickers) in QUAD_LINES.items():
            if line in table.pays:
                fits = (most == 4) & np.isin(top, list(quad_ranks))
                paid(fits if kickers is None else fits & np.isin(r["single"], list(kickers)), line)
    paid(most + wilds >= 4, FinalHand.FOUR_OF_A_KIND)
    paid(((most == 3) & (r["pairs"] == 1)) | ((wilds == 1) & (r["pairs"] == 2)), FinalHand.FULL_HOUSE)
    paid(flush, FinalHand.FLUSH)
    paid(straight, FinalHand.STRAIGHT)
    paid(most + wilds >= 3, FinalHand.THREE_OF_A_KIND)
    paid(r["pairs"] == 2, FinalHand.TWO_PAIR)
    for line, low in PAIR_LINES.items():
        if line in table.pays:
            paid((most + wilds >= 2) & (top >= low), line)
    return pay


def brute_force_evs(hand, table):
    """{held positions: exact EV per coin at five coins} by looking up every draw of every hold."""
    pays = reference_hands(table)
    rest = np.array([c for c in range(deck_size(table)) if c not in hand], dtype=np.int64)
    evs = {}
    for held in range(6):
        for kept in itertools.combinations(range(5), held):
            taken = rest[subsets(len(rest), 5 - held)]
            kept_cards = np.array([hand[i] for i in kept], dtype=np.int64)
            rows = np.sort(np.hstack([np.broadcast_to(kept_cards, (len(taken), held)), taken]), axis=1)
            evs[tuple(i + 1 for i in kept)] = Fraction(int(pays[hand_index(rows)].sum()), len(taken))
    return evs


# --- the tests ----------------------------------------------------------------------------

def sample_hands(table, n, seed):
    """Random hands of the game's deck, half of them forced to hold one to three wild cards."""
    rng = np.random.default_rng(seed)
    wilds = [c for c in range(deck_size(table)) if is_wild(c, table)]
    hands = []
    for i in range(n):
        hand = rng.choice(deck_size(table), 5, replace=False).tolist()
        if wilds and i % 2:
            forced = rng.choice(wilds, min(len(wilds), 1 + i % 3), replace=False).tolist()
            hand = forced + [c for c in hand if c not in forced][:5 - len(forced)]
        hands.append(hand)
    return hands


SPOTS = [  # hands whose reading is easy to get wrong
    ("deuces-wild-full-pay", "2c 2d 2h 2s As", FinalHand.FOUR_DEUCES),
    ("deuces-wild-full-pay", "2c 2d 2h As Ks", FinalHand.WILD_ROYAL_FLUSH),
    ("deuces-wild-full-pay", "2c 2d 2h Ad As", FinalHand.FIVE_OF_A_KIND),
    ("deuces-wild-full-pay", "2c 2d 2h Ad Ks", FinalHand.FOUR_OF_A_KIND),
    ("deuces-wild-full-pay", "2c 2d 3h 4h 5h", FinalHand.STRAIGHT_FLUSH),
    ("deuces-wild-full-pay", "2c Ah 3d 4h 5s", FinalHand.STRAIGHT),
    ("deuces-wild-full-pay", "2c 7h 7d 9h 9s", FinalHand.FULL_HOUSE),
    ("deuces-wild-full-pay", "3c 3d 7h 7s Ks", FinalHand.NOTHING),  # two pair pays nothing
    ("deuces-wild-full-pay", "Th Jh Qh Kh Ah", FinalHand.ROYAL_FLUSH),
    ("joker-kings-20-7-5", "Jk Kh 7d 4s 2c", FinalHand.KINGS_OR_BETTER),
    ("joker-kings-20-7-5", "Jk Qh 7d 4s 2c", FinalHand.NOTHING),
    ("joker-kings-20-7-5", "Jk Qh Qd 4s 4c", FinalHand.FULL_HOUSE),
    ("joker-kings-20-7-5", "Jk 9c 9d 9s 9h", FinalHand.FIVE_OF_A_KIND),
    ("joker-kings-20-7-5", "Jk Ac 2c 3c 4c", FinalHand.STRAIGHT_FLUSH),
    ("double-double-bonus-9-6", "Ac Ad Ah As 3c", FinalHand.FOUR_ACES_WITH_2_4),
    ("double-double-bonus-9-6", "Ac Ad Ah As 5c", FinalHand.FOUR_ACES),
    ("double-double-bonus-9-6", "3c 3d 3h 3s Ac", FinalHand.FOUR_2_4_WITH_A_4),
    ("double-double-bonus-9-6", "3c 3d 3h 3s 5c", FinalHand.FOUR_2_4),
    ("double-double-bonus-9-6", "5c 5d 5h 5s 2c", FinalHand.FOUR_5_K),
    ("bonus-deluxe-9-6", "5c 5d 5h 5s 2c", FinalHand.FOUR_OF_A_KIND),
    ("tens-6-5", "Tc Td 5h 4s 2c", FinalHand.TENS_OR_BETTER),
    ("tens-6-5", "9c 9d 5h 4s 2c", FinalHand.NOTHING),
]


@pytest.mark.parametrize("name, hand, expected", SPOTS)
def test_hands_that_are_easy_to_misread(name, hand, expected):
    table = PAYTABLES[name]
    assert final_hand(hand, name) is expected
    assert substituted(list(parse_hand(hand)), table) is expected


@pytest.mark.parametrize("name", ["deuces-wild-full-pay", "joker-kings-20-7-5", "double-double-bonus-9-6"])
def test_hands_read_as_every_substitution_of_the_wild_cards_reads_them(name):
    table = PAYTABLES[name]
    for hand in sample_hands(table, 60, 3):
        reading = substituted(hand, table)
        assert final_hand(hand, name) is reading, format_hand(hand)
        assert reference_hands(table)[hand_index(np.sort([hand]))[0]] == table.pay(reading)


@pytest.mark.parametrize("name", list(PAYTABLES))
def test_every_hold_matches_a_brute_force_evaluator(name):
    table = PAYTABLES[name]
    seed = list(PAYTABLES).index(name)
    for hand in sample_hands(table, 1, seed) + ([sample_hands(table, 2, seed)[1]] if table.wild != "none" else []):
        reference = brute_force_evs(hand, table)
        holds = hold_evs(hand, name)
        assert {h.positions: h.ev for h in holds} == {p: float(ev) for p, ev in reference.items()}
        assert holds[0].ev == float(max(reference.values()))
        for hold in holds:
            assert sum(hold.final_hands.values()) == pytest.approx(1, abs=1e-12)
            assert sum(p * table.pay(h) for h, p in hold.final_hands.items()) == pytest.approx(hold.ev, abs=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PAYTABLES))
def test_more_holds_match_the_brute_force_evaluator(name):
    table = PAYTABLES[name]
    for hand in sample_hands(table, 3, 100 + list(PAYTABLES).index(name)):
        reference = brute_force_evs(hand, table)
        assert {h.positions: h.ev for h in hold_evs(hand, name)} == {p: float(ev) for p, ev in reference.items()}


@pytest.mark.parametrize("name, published, digits", [
    ("deuces-wild-full-pay", 1.0076, 4),  # "about 100.76%"
    ("double-double-bonus-9-6", 0.9898, 4),  # "about 98.98%"
])
def test_published_returns_of_wild_and_bonus_games(name, published, digits):
    result = analyze(name)
    assert round(result.expected_return, digits) == published
    assert sum(result.final_hands.values()) == pytest.approx(1, abs=1e-12)
    assert sum(result.contributions.values()) == pytest.approx(result.expected_return, abs=1e-12)
    assert set(result.final_hands) == set(PAYTABLES[name].hands)


@pytest.mark.slow
@pytest.mark.parametrize("name, published", [  # the returns video poker references publish, to 0.01%
    ("tens-6-5", 0.9914), ("bonus-8-5", 0.9917), ("bonus-deluxe-9-6", 0.9964), ("double-bonus-10-7", 1.0017),
    ("deuces-wild-nsu", 0.9973), ("joker-kings-20-7-5", 1.0065),
])
def test_published_returns_of_the_other_games(name, published):
    assert round(analyze(name).expected_return, 4) == published


def test_a_joker_deck_deals_every_hand_of_53_cards_once():
    calls = []
    result = analyze("joker-kings-20-7-5", progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (comb(53, 5), comb(53, 5)) == (2_869_685, 2_869_685)  # the deals the suit classes stand for
    # Up to suits: the 134,459 classes of five cards, and with the joker those of four cards, 16,432.
    assert result.distinct_hands == 134_459 + 16_432


@pytest.mark.parametrize("name", WILD_GAMES)
def test_suit_permutations_and_dealt_order_change_nothing(name):
    rng = np.random.default_rng(8)
    table = PAYTABLES[name]
    for hand in sample_hands(table, 6, 21):
        perm = rng.permutation(4)
        relabelled = [c if c == JOKER else c // 4 * 4 + int(perm[c % 4]) for c in hand]
        a, b = hold_evs(hand, name), hold_evs(relabelled, name)
        assert [(h.positions, h.ev) for h in a] == [(h.positions, h.ev) for h in b]
        order = rng.permutation(5)
        by_cards = {frozenset(h.cards): h.ev for h in a}
        assert all(by_cards[frozenset(h.cards)] == h.ev for h in hold_evs([hand[i] for i in order], name))


# --- games as data --------------------------------------------------------------------------

LOOSE_DEUCES = {"name": "loose-deuces", "game": "Loose Deuces", "wild": "deuces",
                "pays": {"royal_flush": 800, "four_deuces": 500, "wild_royal_flush": 25, "five_of_a_kind": 15,
                         "straight_flush": 10, "four_of_a_kind": 4, "full_house": 3, "flush": 2, "straight": 2,
                         "three_of_a_kind": 1}}


def test_a_game_of_ones_own_from_a_dict_toml_or_json(tmp_path):
    from_dict = get_paytable(LOOSE_DEUCES)
    toml = tmp_path / "loose.toml"
    toml.write_text('name = "loose-deuces"\ngame = "Loose Deuces"\nwild = "deuces"\n[pays]\n' +
                    "".join(f"{line} = {pay}\n" for line, pay in LOOSE_DEUCES["pays"].items()))
    js = tmp_path / "loose.json"
    js.write_text(json.dumps(from_dict.to_dict()))
    assert get_paytable(toml) == get_paytable(str(js)) == from_dict == Paytable.from_dict(LOOSE_DEUCES)
    assert from_dict.deck_size == 52 and from_dict.pair_qualifier is None
    # Four deuces pay 500 instead of 200: holding the deuces is worth more than in full pay.
    hand = "2c 2d 2h 9s 4c"
    assert best_hold(hand, from_dict).ev > best_hold(hand, "deuces-wild-full-pay").ev
    assert best_hold(hand, from_dict).label == "2c 2d 2h"


def test_a_game_pays_nothing_for_the_lines_it_leaves_out():
    pays = {line: pay for line, pay in PAYTABLES["jacks-9-6"].pays.items() if line != "two_pair"}
    no_two_pair = Paytable("no-two-pair", pays)
    assert final_hand("Ac Ad Kh Ks 2c", no_two_pair) is FinalHand.NOTHING  # not "the pair of aces in it"
    assert final_hand("Ac Ad 8h 7s 2c", no_two_pair) is FinalHand.JACKS_OR_BETTER
    assert analyze(no_two_pair).expected_return < analyze("jacks-9-6").expected_return


def test_quads_pay_by_rank_and_kicker_only_where_listed():
    by_rank = Paytable("mixed", {**PAYTABLES["jacks-9-6"].pays, "four_aces": 80})
    assert final_hand("Ac Ad Ah As 3c", by_rank) is FinalHand.FOUR_ACES
    assert final_hand("Kc Kd Kh Ks 3c", by_rank) is FinalHand.FOUR_OF_A_KIND
    assert final_hand("Ac Ad Ah As 3c", "bonus-8-5") is FinalHand.FOUR_ACES  # no kicker line: the rank line


def test_games_describe_themselves():
    joker = PAYTABLES["joker-kings-20-7-5"]
    assert joker.lines[:3] == (FinalHand.ROYAL_FLUSH, FinalHand.FIVE_OF_A_KIND, FinalHand.WILD_ROYAL_FLUSH)
    assert joker.hands[0] is FinalHand.NOTHING and set(joker.hands[1:]) == set(joker.lines)
    assert joker.pay("jacks_or_better") == 0 and joker.pay("kings_or_better") == 1
    assert joker.pair_qualifier == 11 and joker.deck_size == 53
    assert repr(PAYTABLES["deuces-wild-nsu"]).endswith("three_of_a_kind=1, wild='deuces')")
    assert Paytable.from_dict(json.loads(json.dumps(joker.to_dict()))) == joker
    assert Paytable("t", PAYTABLES["tens-6-5"].pays).game == "Tens or Better"
    assert best_hold("Jk 7h 8h Ts 2c", joker).to_dict()["cards"] == "Jk 7h 8h"


@pytest.mark.parametrize("line", ["five_of_a_kind", "wild_royal_flush", "four_deuces"])
def test_lines_a_game_cannot_make_are_refused_by_name(line):
    with pytest.raises(PaytableError, match=f"{line} needs wild cards"):
        Paytable("t", {**PAYTABLES["jacks-9-6"].pays, line: 1})
