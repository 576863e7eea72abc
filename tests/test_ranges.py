import itertools
import json
from math import comb
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

import pokerlab as pl
from pokerlab.cli.main import app
from pokerlab.ranges.holdem import (
    COMBO_CLASSES,
    COMBO_NAMES,
    COMBO_ORDER,
    COMBOS,
    ORDER_FILE,
    STARTING_HANDS,
    Range,
    combo_index,
    combo_name,
    starting_hand,
    starting_hand_order,
    top_classes,
)

# Approximate equities (Monte Carlo, 40,000 deals a class) in the shipped file's format, so that
# the `top N%` rules are tested apart from the real figures.
FIXTURE = Path(__file__).parent / "data" / "preflop_vs_random_fixture.csv"
ORDER = starting_hand_order(FIXTURE)


@pytest.mark.parametrize("text, combos", [
    ("AA", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("KA", 16), ("aks", 4),
    ("QQ+", 18), ("22+", 78), ("AA+", 6), ("A2s+", 48), ("ATo+", 48), ("K9+", 64),
    ("22-66", 30), ("66-22", 30), ("A2s-A5s", 16), ("A5s-A2s", 16), ("KTo-KQo", 36), ("K2-K4", 48),
    ("AsKs", 1), ("AhKx", 4), ("AxKx", 16), ("AxAx", 6), ("AhAx", 3), ("XxXx", 1326),
    ("random", 1326), ("any", 1326), ("Random", 1326), ("", 0), ("  ", 0),
    ("QQ+,AKs", 22), (" QQ+ ,  AKs ", 22), ("QQ+,KK", 18), ("AK,AKs,AsKs", 16),
    ("AKs:0.5", 4), ("50%(AKs)", 4), ("AKs:0", 0), ("0%(AKs)", 0),
])
def test_combo_counts(text, combos):
    assert len(Range(text, order=ORDER)) == combos


def test_plus_and_dash_forms_expand_to_their_classes():
    assert Range("QQ+") == Range("QQ,KK,AA")
    assert Range("A2s+") == Range(",".join(f"A{r}s" for r in "23456789TJQK"))
    assert Range("K9+") == Range("K9s+,K9o+") == Range("K9,KT,KJ,KQ")
    assert Range("22-55") == Range("22,33,44,55")
    assert Range("KTo-KQo") == Range("KTo,KJo,KQo")
    assert Range("AxKx") == Range("AK")
    assert Range("AhKx") == Range("AhKc,AhKd,AhKh,AhKs")


def _plain_class_weights(text: str) -> np.ndarray:
    """A class or plus form read by hand: its combos by rank and suit, from COMBOS."""
    ranks = "23456789TJQKA"
    high, low = sorted((ranks.index(text[0]), ranks.index(text[1])), reverse=True)
    suits = text[2:].rstrip("+")
    if high == low:
        tops = range(high, 13) if text.endswith("+") else [high]
        wanted = {(r, r, False) for r in tops}
    else:
        kickers = range(low, high) if text.endswith("+") else [low]
        wanted = {(high, k, s) for k in kickers for s in (True, False) if suits in ("", "s" if s else "o")}
    return np.array([(max(a, b) >> 2, min(a, b) >> 2, a & 3 == b & 3) in wanted for a, b in COMBOS.tolist()],
                    dtype=float)


@pytest.mark.parametrize("name", sorted(set(STARTING_HANDS) | {name[:2] for name in STARTING_HANDS}))
def test_every_class_and_plus_form_in_any_spelling_is_its_combos(name):
    # the canonical spellings are a table lookup, the others read by the pattern: both agree with a plain reading
    for text in (name, name + "+"):
        plain = _plain_class_weights(text)
        spellings = {text, text.lower(), text[1] + text[0] + text[2:]}
        assert all(np.array_equal(Range(spelling).weights, plain) for spelling in spellings), text


def test_runs_of_connectors_and_gappers():
    assert Range("JTs-54s") == Range("JTs,T9s,98s,87s,76s,65s,54s") == Range("54s-JTs")
    assert Range("KQs-JTs") == Range("KQs,QJs,JTs")
    assert Range("T9o-65o") == Range("T9o,98o,87o,76o,65o") and len(Range("T9o-65o")) == 60
    assert Range("T9-87") == Range("T9,98,87")
    assert Range("K9s-J7s") == Range("K9s,Q8s,J7s")  # one gap of three
    assert Range("JTs-54s").describe() == "JTs,T9s,98s,87s,76s,65s,54s"


def test_fraction_prefix():
    assert Range("0.2(As2d)") == Range("As2d:0.2") == Range("20%(As2d)")
    assert Range(".5(KQs, AJs)") == Range("50%(KQs,AJs)") == Range("KQs:0.5,AJs:0.5")
    assert Range("0.5(0.5(AA))") == Range("AA:0.25")
    assert Range("1(AA), 0(KK)") == Range("AA")
    with pytest.raises(pl.InvalidRangeError, match="a weight is a number from 0 to 1"):
        Range("1.5(AKs)")
    with pytest.raises(pl.InvalidRangeError, match="a dash joins two pairs"):
        Range("JTs-54o")


def test_weights():
    r = Range("AKs:0.5, 50%(QQ+, AKo:0.5), JJ")
    weights = dict((pl.format_cards(c), w) for c, w in r.combos())
    assert weights["Ks As"] == 0.5 and weights["Qc Qd"] == 0.5 and weights["Kd As"] == 0.25
    assert weights["Jc Jd"] == 1.0
    assert len(r) == 4 + 18 + 12 + 6
    assert Range("AKs:0.5") == Range("50%(AKs)") == Range("AKs:.5")


def test_a_combo_in_several_items_keeps_its_largest_weight():
    assert Range("AKs:0.5,AKs") == Range("AKs") == Range("AKs,AKs:0.5")
    assert Range("AK:0.25,AKs:0.75").weights.max() == 0.75


def test_as_arrays_is_the_kernel_form():
    combos, weights = Range("QQ+,AKs:0.5").as_arrays()
    assert combos.dtype == np.uint8 and combos.shape == (22, 2)
    assert weights.dtype == np.float64 and weights.shape == (22,)
    assert np.all(combos[:, 0] < combos[:, 1])
    assert sorted(map(tuple, combos.tolist())) == list(map(tuple, combos.tolist()))
    assert sorted(weights.tolist()) == [0.5] * 4 + [1.0] * 18
    dense = Range("QQ+,AKs:0.5").weights
    assert dense.shape == (1326,) and not dense.flags.writeable
    assert np.array_equal(COMBOS[dense > 0], combos)


def test_blocked_combos_are_removed():
    board = pl.parse_cards("Qh 7h 3s 2c 9d")
    assert len(Range("random").without(board)) == comb(47, 2)
    assert len(Range("QQ+,AKs").without("As Kd")) == 3 + 3 + 6 + 2
    assert len(Range("AsKs").without("As")) == 0
    unblocked = Range("random").without(board)
    assert all(not set(c) & set(board) for c, _ in unblocked.combos())
    assert Range("AKs:0.5").without("Qh") == Range("AKs:0.5")


def test_contains_and_equality():
    r = Range("QQ+,AKs")
    assert "AsKs" in r and "Ks As" in r and "AsKd" not in r
    assert Range("AK") == Range("AKo,AKs") and hash(Range("AK")) == hash(Range("AKo,AKs"))
    assert Range("AK") != Range("AKs") and Range("AK") != "AK"
    assert repr(r) == "Range('QQ+,AKs')"
    with pytest.raises(pl.HandSizeError):
        _ = "As" in r


def test_starting_hands_cover_every_combo_once():
    assert len(STARTING_HANDS) == 169 and sum(STARTING_HANDS.values()) == 1326
    sizes = sorted(STARTING_HANDS.values())
    assert sizes.count(6) == 13 and sizes.count(4) == 78 and sizes.count(12) == 78
    for a, b in itertools.combinations(range(52), 2):
        name = starting_hand((a, b))
        assert (a, b) in [c for c, _ in Range(name).combos()]
    assert [len(Range(name)) for name in STARTING_HANDS] == list(STARTING_HANDS.values())


@pytest.mark.parametrize("cards, name", [("As Kd", "AKo"), ("Kd As", "AKo"), ("2h 2c", "22"),
                                         ("7c 2c", "72s"), ("Th 9h", "T9s"), ("3d 2c", "32o")])
def test_starting_hand(cards, name):
    assert starting_hand(cards) == name


def test_starting_hand_needs_two_cards():
    with pytest.raises(pl.HandSizeError):
        starting_hand("As Ks Qs")


def test_grid_places_classes_and_shares():
    g = Range("AA,AKs,AKo:0.5,72o,AhQx").grid()
    assert g.shape == (13, 13)
    assert g[0, 0] == 1 and g[0, 1] == 1 and g[1, 0] == 0.5
    assert g[12 - 0, 12 - 5] == 1  # 72o: row of the deuce, column of the seven
    assert g[0, 2] == 0.25 and g[2, 0] == 0.25  # AhQh of the 4 AQs; AhQc, AhQd, AhQs of the 12 AQo
    assert np.all(Range("random").grid() == 1) and np.all(Range("").grid() == 0)
    sizes = np.array(list(STARTING_HANDS.values())).reshape(13, 13)
    r = Range("QQ+,A5s-A2s:0.3,AhKx", order=ORDER)
    assert np.isclose((r.grid() * sizes).sum(), r.weights.sum())


def test_printed_grid():
    lines = str(Range("AA,AKs:0.5,72o")).splitlines()
    assert len(lines) == 13 and all(len(line.split()) == 13 for line in lines)
    assert lines[0].split()[:3] == ["AA", "50%", "."]
    assert lines[12].split()[7] == "72o"
    console = Console(record=True, width=80)
    console.print(Range("QQ+,AKs"))
    text = console.export_text()
    assert "AKs" in text and "QQ" in text and len(text.splitlines()) == 13


def test_to_dict_is_json():
    d = json.loads(json.dumps(Range("QQ+,AKs:0.5").to_dict()))
    assert d["range"] == "QQ+,AKs:0.5" and d["combos"] == 22 and d["weight"] == 20.0
    assert d["classes"] == {"AA": 1.0, "KK": 1.0, "QQ": 1.0, "AKs": 0.5}
    assert d["hands"]["AsKs"] == 0.5 and len(d["hands"]) == 22
    assert d["fraction"] == 20 / 1326


@pytest.mark.parametrize("text, described", [
    ("random", "random"), ("", ""), ("QQ+,AKs", "QQ+,AKs"), ("22-55,A2s-A5s", "55-22,A5s-A2s"),
    ("K9+:0.5", "K9s+:0.5,K9o+:0.5"), ("AKs,AQs,AJs", "AJs+"), ("AKs,AJs", "AKs,AJs"),
])
def test_describe(text, described):
    assert Range(text).describe() == described


def test_derived_ranges_print_their_canonical_text():
    assert repr(Range("AKs").without("Kd")) == "Range('AcKc,AhKh,AsKs')"
    assert repr(Range("AA") | Range("KK")) == "Range('KK+')"


# Rounded so that the text shows no exponent, which the range syntax does not read.
PERCENTS = st.floats(0, 100).map(lambda p: round(p, 3))


class TestTop:
    def test_the_whole_ordering_and_none_of_it(self):
        assert Range("top 100%", order=ORDER) == Range("random")
        assert len(Range("top 0%", order=ORDER)) == 0

    def test_spellings(self):
        assert Range("15%", order=ORDER) == Range("top 15%", order=ORDER) == Range("TOP15%", order=ORDER)

    def test_the_strongest_classes_come_first(self):
        assert Range("top 0.5%", order=ORDER) == Range("AA")
        assert top_classes(100, ORDER) == ORDER

    @given(PERCENTS)
    def test_combos_are_as_near_the_percentage_as_whole_classes_allow(self, percent):
        got = len(Range(f"top {percent}%", order=ORDER))
        assert abs(got - percent / 100 * 1326) <= 6  # half the largest class

    @given(PERCENTS, PERCENTS)
    def test_a_larger_percentage_holds_a_smaller_one(self, a, b):
        small, large = sorted((a, b))
        assert Range(f"{small}%", order=ORDER) | Range(f"{large}%", order=ORDER) == Range(f"{large}%", order=ORDER)

    def test_an_order_must_list_every_class(self):
        with pytest.raises(ValueError, match="each starting hand of a deck .* as the 169 of hold'em's"):
            Range("top 10%", order=ORDER[:-1])


class TestOrderFile:
    def test_fixture_order(self):
        assert len(ORDER) == 169 and set(ORDER) == set(STARTING_HANDS)
        assert ORDER[0] == "AA" and ORDER[-1] == "32o"

    @pytest.mark.parametrize("edit, message", [
        (lambda rows: rows[:-1], "169"),
        (lambda rows: rows + rows[-1:], "169"),
        (lambda rows: [rows[0].replace("AA,6,", "AA,4,")] + rows[1:], "AA has 6 combos"),
    ])
    def test_a_bad_file_is_refused(self, tmp_path, edit, message):
        header, *rows = FIXTURE.read_text().splitlines()
        bad = tmp_path / "order.csv"
        bad.write_text("\n".join([header, *edit(rows)]) + "\n")
        with pytest.raises(ValueError, match=message):
            starting_hand_order(bad)

    @pytest.mark.skipif(not ORDER_FILE.exists(), reason="the shipped ordering is not generated yet")
    def test_shipped_order(self):
        order = starting_hand_order()
        assert len(order) == 169 and order[0] == "AA" and order[-1] == "32o"
        assert len(Range("top 100%")) == 1326


@pytest.mark.parametrize("text, position, token", [
    ("QQ+,AKz", 4, "AKz"),
    ("AKs,,QQ", 4, ","),
    ("AKs,", 3, ","),
    (",AKs", 0, ","),
    ("AAs", 0, "AAs"),
    ("QQo+", 0, "QQo+"),
    ("A", 0, "A"),
    ("AKQ", 0, "AKQ"),
    ("random2", 0, "random2"),
    ("AK+-AQ", 0, "AK+-AQ"),
    ("A2s-K5s", 0, "A2s-K5s"),
    ("JTs-54o", 0, "JTs-54o"),
    ("JT-54s", 0, "JT-54s"),
    ("AKs, 1.5(QQ)", 5, "1.5"),
    ("0.5(AKs", 3, "("),
    ("0.5()", 3, "()"),
    ("AKs, A2s-A5o", 5, "A2s-A5o"),
    ("22-A5s", 0, "22-A5s"),
    ("AsAs", 0, "AsAs"),
    ("AsKq", 0, "AsKq"),
    ("AKs:1.5", 4, "1.5"),
    ("AKs: abc", 5, "abc"),
    ("AKs:nan", 4, "nan"),
    ("AKs:", 3, ":"),
    ("AKs:0.5:0.5", 4, "0.5:0.5"),
    ("150%(AKs)", 0, "150%"),
    ("top 150%", 0, "top 150%"),
    ("50%(AKs", 3, "("),
    ("AKs)", 3, ")"),
    ("50%()", 3, "()"),
    ("50%(AKs)x", 0, "50%(AKs)x"),
    ("QQ+, 50%(AKs, K9z)", 14, "K9z"),
])
def test_syntax_errors_name_position_and_token(text, position, token):
    with pytest.raises(pl.InvalidRangeError) as info:
        Range(text, order=ORDER)
    err = info.value
    assert (err.position, err.token) == (position, token)
    assert text[position:position + len(token)] == token
    assert f"{token!r} at position {position}" in str(err)
    assert isinstance(err, pl.PokerlabError) and isinstance(err, ValueError)


def test_a_range_is_read_from_text():
    with pytest.raises(pl.InvalidArgumentError, match="read from text"):
        Range(5)  # type: ignore[arg-type]


@pytest.mark.parametrize("depth", [17, 2000])
def test_groups_nested_too_deep_are_refused_before_parsing(depth):
    with pytest.raises(pl.InvalidRangeError, match="nest at most 16 deep") as info:
        Range("50%(" * depth + "AKs" + ")" * depth)
    assert info.value.position == 16 * 4 + 3 and len(str(info.value)) < 300


def test_groups_may_nest_sixteen_deep():
    assert Range("50%(" * 16 + "AKs" + ")" * 16).weights.max() == 0.5**16


ITEMS = st.sampled_from([
    "AA", "AKs", "AKo", "AK", "QQ+", "A2s+", "ATo+", "K9+", "22-66", "A2s-A5s", "KTo-KQo", "AsKs",
    "AhKx", "AxKx", "T9s", "72o", "55", "random", "top 5%", "JTs+", "K5s-K2s", "QhJh", "JTs-65s", "T9o-87o",
])
WEIGHTED = st.builds(lambda item, w: item if w is None else f"{item}:{w}", ITEMS,
                     st.none() | st.sampled_from([0, 0.1, 0.25, 0.5, 0.75, 1, 1 / 3]))
TEXTS = st.lists(WEIGHTED, max_size=5).map(",".join)


@settings(max_examples=80)
@given(TEXTS, TEXTS)
def test_union_is_commutative(a, b):
    ab = Range(a, order=ORDER) | Range(b, order=ORDER)
    assert ab == Range(b, order=ORDER) | Range(a, order=ORDER)
    assert ab == Range(",".join(filter(None, (a, b))), order=ORDER)
    assert ab == Range(",".join(filter(None, (b, a))), order=ORDER)


@settings(max_examples=80)
@given(TEXTS, st.lists(st.integers(0, 51), max_size=6, unique=True))
def test_describe_round_trips(text, dead):
    r = Range(text, order=ORDER).without(dead)
    assert Range(r.describe()) == r
    assert len(r) == sum(1 for c, _ in r.combos()) and not any(set(c) & set(dead) for c, _ in r.combos())


class TestCommand:
    runner = CliRunner()

    def test_grid(self):
        result = self.runner.invoke(app, ["range", "QQ+,AKs"])
        assert result.exit_code == 0
        assert "AKs" in result.output and "22 combos" in result.output

    def test_json(self):
        result = self.runner.invoke(app, ["range", "QQ+,AKs", "--json"])
        assert result.exit_code == 0
        assert json.loads(result.stdout)["combos"] == 22

    def test_syntax_error(self):
        result = self.runner.invoke(app, ["range", "QQ+,AKz"])
        assert result.exit_code == 2
        assert "'AKz' at position 4" in result.output


def test_from_weights_and_the_combo_tables():
    r = Range("AKs:0.5,QQ")
    assert Range.from_weights(r.weights) == r
    for bad in (np.ones(5), np.full(len(COMBOS), 2.0), -np.ones(len(COMBOS))):
        with pytest.raises(pl.InvalidArgumentError, match="weights must be 1326 numbers from 0 to 1"):
            Range.from_weights(bad)
    for i in (0, 77, 1325):
        low, high = COMBOS[i].tolist()
        assert combo_index(high, low) == i and COMBO_NAMES[i] == combo_name(low, high)
        assert pl.starting_hand(COMBO_NAMES[i]) == list(STARTING_HANDS)[COMBO_CLASSES[i]]
    first = sorted(range(len(COMBOS)), key=lambda i: COMBO_ORDER[i])
    assert [COMBO_NAMES[i] for i in first[:7]] == ["AsAh", "AsAd", "AsAc", "AhAd", "AhAc", "AdAc", "AsKs"]
