import itertools
import re
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlab as pl
from pokerlab.cards.iterate import all_hands, sample_hands
from pokerlab.rankings.category import CATEGORY_FLOORS, HandCategory
from pokerlab.rankings.lookup import balanced_prefix_bins, count_strengths_7, evaluate_rows
from pokerlab.rankings.tables import load_tables
from referee import best_values

HANDS_PER_CLASS = {  # Cactus Kev: how many five-card hands fall in each class of a category
    HandCategory.STRAIGHT_FLUSH: 4, HandCategory.FOUR_OF_A_KIND: 4, HandCategory.FULL_HOUSE: 24,
    HandCategory.FLUSH: 4, HandCategory.STRAIGHT: 1020, HandCategory.THREE_OF_A_KIND: 64,
    HandCategory.TWO_PAIR: 144, HandCategory.PAIR: 384, HandCategory.HIGH_CARD: 1020,
}
SEVEN = [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584]
SIX = [6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984, 14_664, 1_844]
FIVE = [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]


def by_category(histogram: np.ndarray) -> list[int]:
    return np.add.reduceat(histogram[1:], np.array(CATEGORY_FLOORS) - 1).tolist()


def test_every_five_card_hand_against_the_naive_referee(all_five):
    strengths = pl.evaluate_many(all_five)
    histogram = np.bincount(strengths, minlength=7463)
    assert histogram[0] == 0
    for strength in range(1, 7463):
        assert histogram[strength] == HANDS_PER_CLASS[HandCategory.of(strength)], strength
    assert by_category(histogram) == FIVE
    # the ordering: naive values sorted ascending are exactly strengths 1..7462
    naive = best_values(all_five)
    distinct, inverse = np.unique(naive, return_inverse=True)
    assert len(distinct) == 7462
    assert np.array_equal(inverse + 1, strengths)


def test_every_six_card_hand_by_category():
    strengths = pl.evaluate_many(all_hands(6))
    histogram = np.bincount(strengths, minlength=7463)
    assert len(strengths) == comb(52, 6) and histogram[0] == 0
    assert by_category(histogram) == SIX
    assert np.count_nonzero(histogram) == 6075


def test_every_seven_card_hand_by_category():
    t = load_tables()
    prefixes, bins = balanced_prefix_bins(16)
    histogram = count_strengths_7(prefixes, bins, t.card_key, t.card_mask, t.rank, t.offsets, t.flush)
    assert histogram.sum() == comb(52, 7)
    assert by_category(histogram) == SEVEN
    assert np.count_nonzero(histogram) == 4824
    royal = histogram[7462]
    assert royal == 4324


def test_a_million_random_seven_card_hands_against_the_naive_referee(all_five):
    hands = sample_hands(1_000_000, 7, 2026)
    naive_five = best_values(all_five)
    distinct = np.unique(naive_five)
    expected = np.searchsorted(distinct, best_values(hands)) + 1
    assert np.array_equal(pl.evaluate_many(hands), expected)
    # the plain-Python single-hand path agrees too
    for row, want in zip(hands[:20_000].tolist(), expected[:20_000].tolist()):
        assert pl.evaluate(row) == want


def test_sample_hands_are_distinct_and_uniform():
    hands = sample_hands(200_000, 7, 7)
    assert all(len(set(row)) == 7 for row in hands[:2000].tolist())
    counts = np.bincount(hands.ravel(), minlength=52)
    expected = 200_000 * 7 / 52
    assert np.all(np.abs(counts - expected) < 6 * np.sqrt(expected))
    # a seed repeats its hands; no seed draws fresh ones
    assert np.array_equal(sample_hands(100, 7, 7), hands[:100])
    assert not np.array_equal(sample_hands(100, 7), sample_hands(100, 7))


def test_eight_and_nine_cards_take_the_best_five():
    assert pl.evaluate("2c 3d 4h 5s 7c 9d Jh Ah Kh").describe() == "Straight, Five High"
    nine = pl.parse_cards("As Ac Ad Ah Ks Qs Js Ts 2c")
    assert pl.evaluate(nine).describe() == "Royal Flush"
    assert pl.evaluate(nine) == max(pl.evaluate(c) for c in itertools.combinations(nine, 5))


@pytest.mark.parametrize("text, description", [
    ("As Ks Qs Js Ts 2c 3d", "Royal Flush"),
    ("9h 8h 7h 6h 5h", "Straight Flush, Nine High"),
    ("5d 4d 3d 2d Ad", "Straight Flush, Five High"),
    ("Ac Ad Ah As Kd 2c", "Four Aces with a King kicker"),
    ("Kh Kd Ks 7c 7d 7h", "Full House, Kings full of Sevens"),
    ("Ah Kh Qh Jh 9h 2c", "Flush, Ace-King-Queen-Jack-Nine"),
    ("6c 5d 4h 3s 2c", "Straight, Six High"),
    ("Kc Kd 7s 7h Qc 3d 2s", "Two Pair, Kings and Sevens with a Queen kicker"),
    ("Kc Kd 7s 7h Ac 3d 2s", "Two Pair, Kings and Sevens with an Ace kicker"),
    ("Kc Kd Ks Kh 8c 3d 2s", "Four Kings with an Eight kicker"),
    ("Ac Ad Kh Qs Jc 2d", "Pair of Aces with King-Queen-Jack kickers"),
    ("Ad Kc Qh Js 9d 3c 2h", "High Card, Ace-King-Queen-Jack-Nine"),
    ("7c 7d 7h Ks 2d", "Three Sevens with King-Deuce kickers"),
])
def test_descriptions(text, description):
    assert pl.evaluate(text).describe() == description


def test_hand_rank_faces():
    r = pl.evaluate("As Ks Qs Js Ts 2c 3d")
    assert (int(r), r.kev_class, r.category) == (7462, 1, HandCategory.STRAIGHT_FLUSH)
    worst = pl.evaluate("7c 5d 4h 3s 2c")
    assert (int(worst), worst.kev_class, worst.category) == (1, 7462, HandCategory.HIGH_CARD)
    assert r > worst and r.to_dict()["description"] == "Royal Flush"


@pytest.mark.parametrize("cards, best", [
    ("As Ks Qs Js Ts 2c 3d", "As Ks Qs Js Ts"),
    ("Ah 2d 3c 4s 5h Kd Kc", "5h 4s 3c 2d Ah"),
    ("Kh Kd Ks 7c 7d 7h 2c", "Ks Kh Kd 7? 7?"),
    ("Qc Qd 4h 4s 9c 9d 2h", "Qd Qc 9d 9c 4?"),
])
def test_best_five(cards, best):
    five = pl.best_five(cards)
    assert isinstance(five, pl.Cards) and str(five) == five.text == pl.format_cards(five)
    assert set(five) <= set(pl.parse_cards(cards))
    assert pl.evaluate(five) == pl.evaluate(cards)
    # "?" stands where any suit of that rank would do
    assert all(w in ("?", g) for want, got in zip(best.split(), pl.format_cards(five).split())
               for w, g in zip(want, got))


def test_winners_and_ties():
    assert pl.winners(["Ah Kh", "Qs Qd"], "Qh 7h 3h 2c 9s") == [0]
    assert pl.winners(["Ah Kd", "Ac Ks"], "Qh Jh Tc 2c 3s") == [0, 1]
    with pytest.raises(pl.DuplicateCardError, match="Qh"):
        pl.winners(["Ah Kh", "Qh Qd"], "Qh 7h 3h 2c 9s")
    assert pl.winners(("Ah Kh",), "Qh 7h 3h 2c 9s") == [0]


# --- bad input -----------------------------------------------------------------------------

@pytest.mark.parametrize("cards, error, named", [
    ("As Ks Qs Js Xx", pl.InvalidCardError, "Xx"),
    ("As Ks Qs Js As", pl.DuplicateCardError, "As"),
    ((51, 47, 43, 39, 51), pl.DuplicateCardError, "As"),
    ("As Ks Qs Js", pl.HandSizeError, "got 4"),
    ("As Ks Qs Js Ts 9s 8s 7s 6s 5s", pl.HandSizeError, "got 10"),
    ((51, 47, 43, 39, 52), pl.InvalidCardError, "52"),
    ((51, 47, 43, 39, -1), pl.InvalidCardError, "-1"),
])
def test_evaluate_refuses_bad_hands(cards, error, named):
    with pytest.raises(error, match=named):
        pl.evaluate(cards)


def test_evaluate_many_refuses_bad_arrays():
    hands = sample_hands(1000, 7, 3)
    hands[417, 3] = hands[417, 5]
    with pytest.raises(pl.DuplicateCardError, match="row 417"):
        pl.evaluate_many(hands)
    for width in (5, 6):
        narrow = sample_hands(1000, width, 3)
        narrow[9, width - 1] = narrow[9, 0]
        with pytest.raises(pl.DuplicateCardError, match="row 9"):
            pl.evaluate_many(narrow)
    hands = sample_hands(1000, 7, 3)
    for bad in (52, 63, 64, 200, 255):
        hands[5, 0] = bad
        with pytest.raises(pl.InvalidCardError, match=f"row 5: a card id .* got {bad} in"):
            pl.evaluate_many(hands)
    wide = sample_hands(10, 7, 3).astype(np.int64)
    wide[2, 1] = 300
    with pytest.raises(pl.InvalidCardError, match="row 2"):
        pl.evaluate_many(wide)
    with pytest.raises(pl.HandSizeError, match=r"\(10, 4\)"):
        pl.evaluate_many(np.zeros((10, 4), dtype=np.uint8))
    assert pl.evaluate_many(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


# Each dtype and memory layout compiles the parallel kernel anew (a minute of the suite for
# every dtype in three layouts), so the dtypes cover signed and unsigned, narrow and wide, and
# a foreign byte order, and the layouts are checked on one dtype.
@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int32, np.int64, np.uint64, ">i4"])
def test_evaluate_many_takes_every_integer_dtype_and_finds_its_bad_ids(dtype):
    hands = sample_hands(20_000, 7, 11)
    want = pl.evaluate_many(hands)
    wide = hands.astype(dtype)
    assert np.array_equal(pl.evaluate_many(wide), want)
    too_big = int(np.iinfo(np.dtype(dtype)).max)
    for row, bad in ((4096, 256 + 51), (12_345, too_big), (19_998, 52)):
        if bad > too_big:
            continue
        broken = wide.copy()
        broken[row, 6] = bad
        broken[19_999, 0] = 52  # a later bad row: the first one is named
        with pytest.raises(pl.InvalidCardError, match=f"row {row}: .*got {bad} in"):
            pl.evaluate_many(broken)
    if np.dtype(dtype).kind == "i":
        negative = wide.copy()
        negative[7, 2] = -1
        with pytest.raises(pl.InvalidCardError, match="row 7: .*got -1"):
            pl.evaluate_many(negative)


def test_evaluate_many_reads_strided_and_fortran_arrays_without_a_copy():
    hands = sample_hands(20_000, 7, 12)
    want = pl.evaluate_many(hands)
    wide = hands.astype(np.int64)
    assert np.array_equal(pl.evaluate_many(wide[::-1]), want[::-1])
    assert np.array_equal(pl.evaluate_many(np.asfortranarray(wide)), want)
    broken = np.asfortranarray(wide)
    broken[9, 3] = 300
    with pytest.raises(pl.InvalidCardError, match="row 9: .*got 300"):
        pl.evaluate_many(broken)


@pytest.mark.parametrize("width", [5, 6, 7])
def test_validation_flags_exactly_the_rows_with_a_repeat_or_a_bad_id(width):
    # ids drawn from a small pool repeat often, two or three times in a row, and include ids
    # 52..55: the check sums one-bit masks, so carries from repeats must never look valid
    rng = np.random.default_rng(width)
    rows = rng.integers(0, 14, size=(50_000, width)).astype(np.uint8) * 4
    rows[:, 1:] += rng.integers(0, 4, size=(50_000, width - 1)).astype(np.uint8)
    valid = np.array([len(set(row)) == width and max(row) < 52 for row in rows.tolist()])
    assert 0.2 < valid.mean() < 0.8
    t = load_tables()
    strengths, first_bad = evaluate_rows(rows, t.card_key, t.card_words, t.rank, t.offsets, t.flush, True)
    trusted, _ = evaluate_rows(rows[valid], t.card_key, t.card_words, t.rank, t.offsets, t.flush, False)
    assert first_bad == np.flatnonzero(~valid)[0]
    assert np.array_equal(strengths == 0, ~valid)
    assert np.array_equal(strengths[valid], trusted)


def test_evaluate_many_without_validation_stays_inside_its_tables():
    wide = sample_hands(100, 7, 4).astype(np.int64)
    wide[:, 0] = -(2**40)
    assert pl.evaluate_many(wide, validate=False).shape == (100,)
    clubs = np.array([[0, 4, 8, 12, 20, 52, 252]] * 10, dtype=np.uint8)  # a flush, and "clubs" past the ace
    assert pl.evaluate_many(clubs, validate=False).max() <= 7462
    # every way to hold five to seven cards of one rank, which only repeated cards can do:
    # rank sums no hand has, suits dealt round so that none makes a flush
    fives = [ranks for n in (5, 6, 7) for ranks in itertools.combinations_with_replacement(range(13), n)
             if max(map(ranks.count, ranks)) > 4]
    assert len(fives) == 1365
    for n in (5, 6, 7):
        rows = np.array([[4 * r + i % 4 for i, r in enumerate(ranks)] for ranks in fives if len(ranks) == n],
                        dtype=np.uint8)
        assert pl.evaluate_many(rows, validate=False).max() <= 7462


def test_a_bad_row_is_found_in_any_block():
    hands = sample_hands(300_000, 5, 9)
    for row in (0, 4095, 4096, 150_001, 299_999):
        broken = hands.copy()
        broken[row, 4] = broken[row, 0]
        with pytest.raises(pl.DuplicateCardError, match=f"row {row}:"):
            pl.evaluate_many(broken)


@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True), st.data())
def test_a_bool_or_a_float_is_never_read_as_a_card(hand, data):
    position = data.draw(st.integers(0, len(hand) - 1))
    for impostor in (float(hand[position]), hand[position] == 1):
        if isinstance(impostor, bool) and hand[position] > 1:
            continue
        bad = hand[:]
        bad[position] = impostor
        for cards in (bad, tuple(bad)):
            with pytest.raises(pl.InvalidCardError, match="a card id must be an int"):
                pl.evaluate(cards)


def test_every_description_reads_as_english():
    descriptions = [pl.HandRank(s).describe() for s in range(1, 7463)]
    assert len(set(descriptions)) == 7462
    for text in descriptions:
        assert not re.search(r"\ba [AEIOU]", text), text
        assert not re.search(r"\ban [^AEIOU]", text), text
    assert "Four Kings with an Ace kicker" in descriptions
    assert "Two Pair, Nines and Sevens with an Eight kicker" in descriptions


# --- properties -----------------------------------------------------------------------------

hands7 = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


@given(hands7, st.randoms())
def test_order_does_not_matter(hand, rnd):
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    assert pl.evaluate(hand) == pl.evaluate(shuffled) == pl.evaluate_many(np.array([shuffled], np.uint8))[0]


@given(hands7, st.permutations(range(4)))
def test_suit_permutation_does_not_matter(hand, perm):
    relabelled = [c // 4 * 4 + perm[c % 4] for c in hand]
    assert pl.evaluate(hand) == pl.evaluate(relabelled)


@given(hands7, st.integers(0, 51))
def test_replacing_an_unused_card_never_lowers_the_strength(hand, new):
    unused = [c for c in hand if c not in pl.best_five(hand)]
    if new in hand:
        return
    replaced = [new if c == unused[0] else c for c in hand]
    assert pl.evaluate(replaced) >= pl.evaluate(hand)


@settings(max_examples=300)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True), st.integers(0, 12))
def test_a_higher_kicker_never_lowers_the_strength(hand, higher_rank):
    rank = pl.evaluate(hand)
    ranks = [c // 4 for c in hand]
    kickers = [c for c in hand if ranks.count(c // 4) == 1]
    if rank.category > HandCategory.THREE_OF_A_KIND or not kickers or higher_rank in ranks:
        return
    low = min(kickers)
    if higher_rank <= low // 4:
        return
    raised = [higher_rank * 4 + low % 4 if c == low else c for c in hand]
    assert pl.evaluate(raised) > rank
