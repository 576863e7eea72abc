"""The solver's bet-size language and betting tree: every size form and refusal, the tree rules
on hand-worked spots whose actions postflop-solver gives alike (its ActionTree built from the
same configuration), and the tree's invariants over random configurations."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import pokerlab as pl
from pokerlab.errors import InvalidArgumentError, clip
from pokerlab.solver.betting import MAX_NODES, TreeConfig, build_tree
from pokerlab.solver.sizes import (
    AllIn,
    BetMultiple,
    Constant,
    Geometric,
    PotShare,
    compact_donks,
    compact_sizes,
    donks_by_street,
    format_sizes,
    parse_sizes,
    sizes_by_street,
)
from pokerlab.solver.solution import SavedSpot
from pokerlab.solver.tree import CHANCE, FOLD, IP, OOP, SHOWDOWN, ActionTree

# --- sizes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "size"), [
    ("0%", PotShare(0.0)), ("75%", PotShare(75.0)), ("112.5%", PotShare(112.5)), (".5%", PotShare(0.5)),
    ("1.001x", BetMultiple(1.001)), ("3.5X", BetMultiple(3.5)),
    ("0c", Constant(0)), ("123C", Constant(123)), ("0c1r", Constant(0, 1)), ("100C100R", Constant(100, 100)),
    ("e", Geometric()), ("E", Geometric()), ("2e", Geometric(2)), ("E37.5%", Geometric(0, 37.5)),
    ("100e.5%", Geometric(100, 0.5)), ("1e3%", Geometric(1, 3.0)), ("a", AllIn()), ("A", AllIn()),
    (" 6 0 % ", PotShare(60.0)),
])
def test_every_size_form_reads(text: str, size: object) -> None:
    assert parse_sizes(text, "raises", raises=True) == (size,)


@pytest.mark.parametrize("text", [
    "0", "1.23", "%", "+42%", "-30%", "x", "0x", "1x", "c", "12.3c", "10c10", "42cr", "c3r", "0c0r", "123c101r",
    "1c2r3", "12c3.4r", "0e", "2.7e", "101e", "3e7", "E%", "1e2e3", "bet", "1a", "a1", "1_0%", "inf%", "nan%",
    "2c3c", "3000000000c", "9" * 400 + "%", "1e" + "9" * 400 + "%", "1" * 13 + "x",
])
def test_a_size_that_cannot_be_read_is_refused_naming_the_argument_and_the_token(text: str) -> None:
    with pytest.raises(InvalidArgumentError, match=r"^raises: ") as caught:
        parse_sizes(f"50%, {text}", "raises", raises=True)
    assert clip("".join(text.split())) in str(caught.value)


@pytest.mark.parametrize(("text", "words"), [("2.5x", "only a raise"), ("20c3r", "only a raise"),
                                             ("xx", "is not a size"), ("2.5xx", "is not a size")])
def test_raise_only_forms_and_non_sizes_are_refused_in_bets_and_donks(text: str, words: str) -> None:
    for name in ("bets", "donks"):
        with pytest.raises(InvalidArgumentError, match=rf"^{name}: '{text}' .*{words}"):
            parse_sizes(text, name)


def test_a_list_takes_commas_a_trailing_comma_and_nothing() -> None:
    assert parse_sizes("50c, e, a,") == (Constant(50), Geometric(), AllIn())
    assert parse_sizes("") == parse_sizes("  ") == ()
    with pytest.raises(InvalidArgumentError, match="bets: ''"):
        parse_sizes(",")
    with pytest.raises(InvalidArgumentError, match="bets: '' is not a size"):
        parse_sizes("50%,,75%")


def test_a_long_bad_token_is_clipped_and_a_non_text_refused() -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        parse_sizes("7" * 5000 + "q")
    assert len(str(caught.value)) < 600 and "5001 characters" in str(caught.value)
    with pytest.raises(InvalidArgumentError, match="bets must be text listing sizes"):
        parse_sizes(0.5)  # type: ignore[arg-type]


NUMBERS = st.floats(min_value=0, max_value=1e12, allow_nan=False, allow_infinity=False)
SIZES = st.one_of(
    st.builds(PotShare, NUMBERS),
    st.builds(BetMultiple, st.floats(min_value=1, max_value=100, exclude_min=True)),
    st.builds(Constant, st.integers(0, 2**31 - 1), st.integers(0, 100)),
    st.builds(Geometric, st.integers(0, 100), st.none() | NUMBERS),
    st.just(AllIn()),
)


@given(st.lists(SIZES, max_size=6))
def test_sizes_read_back_from_their_text(sizes: list[object]) -> None:
    assert parse_sizes(format_sizes(tuple(sizes)), raises=True) == tuple(sizes)  # type: ignore[arg-type]


def test_sizes_by_street_and_player() -> None:
    half, third, allin = (PotShare(50.0),), (PotShare(33.0),), (AllIn(),)
    assert sizes_by_street("50%", 1) == (((), ()), (half, half), (half, half))
    assert sizes_by_street({"Turn": "50%", "river": "a"}, 1) == (((), ()), (half, half), (allin, allin))
    assert sizes_by_street({"oop": "50%", "ip": {"turn": "33%", "river": "a"}}, 1) == \
        (((), ()), (half, third), (half, allin))
    assert sizes_by_street({"turn": {"oop": "50%", "ip": "33%"}, "river": ""}, 1)[1:] == ((half, third), ((), ()))


@pytest.mark.parametrize(("value", "message"), [
    ({"turn": "50%"}, "bets has no sizes for river"),
    ({"flop": "50%", "turn": "50%", "river": "a"}, "bets: 'flop' is not one of the streets played: turn, river"),
    ({"oop": "50%", "turn": "50%"}, "bets: 'turn' is not one of the players: oop, ip"),
    ({"turn": "50%", "river": {"oop": "a"}}, r"bets\['river'\] has no sizes for ip"),
    ({"turn": "50%", "river": {"oop": "a", "ip": "2x"}}, r"bets\['river'\]\['ip'\]: '2x' is a multiple"),
    ({"oop": "50%", "ip": {"turn": "a", "river": 3}}, r"bets\['ip'\]\['river'\] must be text"),
    (0.5, "bets must be text listing sizes"),
    ({1: "a"}, "bets: 1 is not one of the streets played"),
])
def test_sizes_by_street_refusals_name_the_entry(value: object, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        sizes_by_street(value, 1)  # type: ignore[arg-type]


def test_donks_by_street() -> None:
    half = (PotShare(50.0),)
    assert donks_by_street(None, 0) == (None, None, None)
    assert donks_by_street("50%", 0) == (None, half, half)
    assert donks_by_street("50%", 2) == (None, None, None)  # a river spot has no later street
    assert donks_by_street({"river": "50%", "turn": None}, 0) == (None, None, half)
    with pytest.raises(InvalidArgumentError, match="donks: 'turn' is not one of the streets after the first: river"):
        donks_by_street({"turn": "50%"}, 1)
    with pytest.raises(InvalidArgumentError, match=r"donks\['river'\]: '2x'"):
        donks_by_street({"river": "2x"}, 1)


SIZE_TEXT = st.lists(st.sampled_from(["33%", "50%", "e", "2e", "a", "100c", "75%"]), max_size=3).map(", ".join)
PAIR = SIZE_TEXT | st.fixed_dictionaries({"oop": SIZE_TEXT, "ip": SIZE_TEXT})


@given(st.integers(0, 2), st.data())
def test_the_compact_form_reads_back_as_the_same_sizes(first: int, data: st.DataObject) -> None:
    streets = ("flop", "turn", "river")[first:]
    value = data.draw(SIZE_TEXT | st.fixed_dictionaries({s: PAIR for s in streets}))
    by_street = sizes_by_street(value, first)
    assert sizes_by_street(compact_sizes(by_street, first), first) == by_street  # type: ignore[arg-type]
    donks = donks_by_street(data.draw(st.none() | SIZE_TEXT), first)
    assert donks_by_street(compact_donks(donks), first) == donks  # type: ignore[arg-type]


# --- the tree's rules --------------------------------------------------------------------------


def walk(tree: ActionTree, *labels: str) -> int:
    """The node reached by following actions, skipping chance nodes as postflop-solver's lines do."""
    node = 0
    for label in labels:
        while tree.kind[node] == CHANCE:
            node = tree.children(node)[0]
        node = next(c for c in tree.children(node) if tree.labels[c] == label)
    while tree.kind[node] == CHANCE:
        node = tree.children(node)[0]
    return node


def actions(tree: ActionTree, *labels: str) -> tuple[str, ...]:
    return tree.actions(walk(tree, *labels))


@pytest.fixture(scope="module")
def issue_turn() -> ActionTree:
    return build_tree(4, 200, 900, bets="60%, e, a", raises="2.5x")


def test_the_issues_turn_root_and_its_raise_chain(issue_turn: ActionTree) -> None:
    assert actions(issue_turn) == ("Check", "Bet 120", "Bet 216", "All-in 900")
    assert actions(issue_turn, "Bet 120") == ("Fold", "Call", "Raise 300")
    assert actions(issue_turn, "Bet 120", "Raise 300") == ("Fold", "Call", "Raise 750")
    assert actions(issue_turn, "Bet 120", "Raise 300", "Raise 750") == ("Fold", "Call", "All-in 900")
    assert actions(issue_turn, "Bet 120", "Raise 300", "Raise 750", "All-in 900") == ("Fold", "Call")
    assert actions(issue_turn, "Bet 216") == ("Fold", "Call", "Raise 540")
    assert actions(issue_turn, "All-in 900") == ("Fold", "Call")


def test_on_the_river_the_geometric_size_is_all_in_and_merges_with_it(issue_turn: ActionTree) -> None:
    assert actions(issue_turn, "Check", "Check") == ("Check", "Bet 120", "All-in 900")
    # pot 440 and 780 behind after Bet 120, Call
    assert actions(issue_turn, "Bet 120", "Call") == ("Check", "Bet 264", "All-in 780")
    assert actions(issue_turn, "Bet 120", "Call", "Check") == ("Check", "Bet 264", "All-in 780")
    assert actions(issue_turn, "Bet 120", "Call", "Bet 264") == ("Fold", "Call", "Raise 660")


def test_geometric_sizes_by_street_and_on_raises() -> None:
    tree = build_tree(3, 100, 1000, bets="e, 2e, 3e50%", raises="e")
    # flop: spr 10, three streets: ((21 ** (1/3)) - 1) / 2 = 0.880 pots; two: 1.791; at most 50%
    assert actions(tree) == ("Check", "Bet 50", "Bet 88", "Bet 179")
    # a raise over one bet on the flop spreads over 3 - 1 + 1 streets, on a pot of 276 (after
    # calling 88) with 912 behind: ((2 * 912 / 276 + 1) ** (1/3) - 1) / 2 = 0.483 pots, 133 chips
    assert actions(tree, "Bet 88") == ("Fold", "Call", "Raise 221")
    # over two bets, two streets: pot 542, 779 behind, 0.484 pots
    assert actions(tree, "Bet 88", "Raise 221") == ("Fold", "Call", "Raise 483")


def test_constant_sizes_and_their_raise_cap() -> None:
    tree = build_tree(5, 100, 1000, bets="30c", raises="20c2r")
    assert actions(tree) == ("Check", "Bet 30")
    assert actions(tree, "Bet 30") == ("Fold", "Call", "Raise 60")  # the min raise: 30 + 30
    assert actions(tree, "Bet 30", "Raise 60") == ("Fold", "Call", "Raise 90")
    assert actions(tree, "Bet 30", "Raise 60", "Raise 90") == ("Fold", "Call")  # three bets made, cap 2


def test_amounts_are_clamped_to_the_smallest_bet_and_raise_and_the_stack() -> None:
    tree = build_tree(5, 100, 150, bets="0%, 200%", raises="1.5x, 33%")
    assert actions(tree) == ("Check", "Bet 1", "All-in 150")
    assert actions(tree, "Bet 1") == ("Fold", "Call", "Raise 2", "Raise 35")
    # 1.5x of 35 is below the smallest raise, 35 + 34; 33% of the pot once called (170) is 56
    assert actions(tree, "Bet 1", "Raise 35") == ("Fold", "Call", "Raise 69", "Raise 91")


def test_a_cap_on_bets_and_raises_per_street() -> None:
    tree = build_tree(4, 200, 900, bets="60%, e, a", raises="2.5x", cap=2)
    assert actions(tree, "Bet 120", "Raise 300") == ("Fold", "Call")
    assert actions(tree, "Bet 120", "Call", "Bet 264") == ("Fold", "Call", "Raise 660")
    assert actions(tree, "Bet 120", "Call", "Bet 264", "Raise 660") == ("Fold", "Call")


def test_donk_sizes_replace_the_callers_bets_on_the_next_street_only() -> None:
    tree = build_tree(3, 100, 500, bets="50%", raises="", donks={"turn": "25%"})
    assert actions(tree, "Check", "Bet 50", "Call") == ("Check", "Bet 50")  # pot 200: a 25% donk
    assert actions(tree, "Bet 50", "Call") == ("Check", "Bet 100")  # OOP bet the flop: no donk
    assert actions(tree, "Check", "Check") == ("Check", "Bet 50")
    assert actions(tree, "Check", "Bet 50", "Call", "Check", "Bet 100", "Call") == ("Check", "Bet 200")
    no_donk = build_tree(3, 100, 500, bets="50%", raises="", donks={"turn": ""})
    assert actions(no_donk, "Check", "Bet 50", "Call") == ("Check",)


def test_the_all_in_thresholds() -> None:
    # add: all-in joins when it is at most 1.5 pots (on a raise: above the bet faced)
    assert actions(build_tree(5, 200, 300, bets="50%", raises="", add_allin_threshold=1.5)) == \
        ("Check", "Bet 100", "All-in 300")
    assert actions(build_tree(5, 200, 301, bets="50%", raises="", add_allin_threshold=1.5)) == ("Check", "Bet 100")
    assert actions(build_tree(5, 100, 300, bets="50%", raises="50%", add_allin_threshold=1.5), "Bet 50") == \
        ("Fold", "Call", "Raise 150", "All-in 300")  # 300 <= 50 + 1.5 * 200
    assert actions(build_tree(5, 100, 400, bets="50%", raises="50%", add_allin_threshold=1.5), "Bet 50") == \
        ("Fold", "Call", "Raise 150")
    assert actions(build_tree(5, 100, 300, bets="50%", raises="", add_allin_threshold=1.5), "Bet 50") == \
        ("Fold", "Call", "All-in 300")  # the threshold adds it with no raise sizes too
    # force: a bet leaving at most 15% of the pot (once called) behind goes all-in
    assert actions(build_tree(5, 200, 290, bets="100%", raises="", force_allin_threshold=0.15)) == \
        ("Check", "All-in 290")
    assert actions(build_tree(5, 200, 291, bets="100%", raises="", force_allin_threshold=0.15)) == \
        ("Check", "Bet 200")


def test_equal_amounts_merge_and_close_ones_with_the_merging_threshold() -> None:
    assert actions(build_tree(5, 200, 900, bets="50%, 100c, 50%", raises="")) == ("Check", "Bet 100")
    assert actions(build_tree(5, 200, 900, bets="50%, 55%, 100%", raises="")) == \
        ("Check", "Bet 100", "Bet 110", "Bet 200")
    assert actions(build_tree(5, 200, 900, bets="50%, 55%, 100%", raises="", merging_threshold=0.1)) == \
        ("Check", "Bet 110", "Bet 200")


def test_the_exact_tree_of_a_river_spot() -> None:
    tree = build_tree(5, 100, 100, bets="a", raises="")
    assert len(tree) == 9
    assert [tree.labels[n] for n in range(len(tree))] == \
        ["", "Check", "All-in 100", "Check", "All-in 100", "Fold", "Call", "Fold", "Call"]
    assert tree.kind.tolist() == [OOP, IP, IP, SHOWDOWN, OOP, FOLD, SHOWDOWN, FOLD, SHOWDOWN]
    assert tree.folder.tolist() == [-1, -1, -1, -1, -1, OOP, -1, IP, -1]
    assert tree.invested[-1].tolist() == [100, 100] and tree.invested[5].tolist() == [0, 100]


def test_an_all_in_before_the_river_deals_down_to_the_showdown() -> None:
    tree = build_tree(3, 100, 100, bets="a", raises="")
    node = walk(tree, "All-in 100")
    call = next(c for c in tree.children(node) if tree.labels[c] == "Call")
    chain = [call]
    while tree.n_children[chain[-1]]:
        chain.append(tree.children(chain[-1])[0])
    assert tree.kind[chain].tolist() == [CHANCE, CHANCE, SHOWDOWN]
    assert tree.street[chain].tolist() == [0, 1, 2]
    assert tree.labels[chain[1]] == tree.labels[chain[2]] == ""


def test_chips_print_without_a_decimal_point_and_fractional_stacks_go_all_in_exactly() -> None:
    tree = build_tree(4, 6.5, 97.5, bets="50%, a", raises="")
    assert actions(tree) == ("Check", "Bet 3", "All-in 97.5")  # 3.25 rounds to whole chips
    assert actions(tree, "Bet 3", "Call") == ("Check", "Bet 6", "All-in 94.5")


def test_a_stack_of_just_the_most_pots_is_taken() -> None:
    assert 0.1 > 1e-7 * 1e6  # the product rounds below the stack
    assert build_tree(5, 1e-7, 0.1, bets="a").actions(0) == ("Check", "All-in 0.1")


def test_rounding_goes_half_up_as_postflop_solver() -> None:
    assert actions(build_tree(5, 5, 100, bets="50%, 10%", raises="")) == ("Check", "Bet 1", "Bet 3")


@pytest.mark.parametrize(("arguments", "message"), [
    ({"board_cards": 2}, "board_cards must be an int from 3 to 5"),
    ({"pot": 0}, "pot must be a finite number above 0"),
    ({"stack": math.inf}, "stack must be a finite number above 0"),
    ({"pot": 1e-300, "stack": 1e-300}, "pot must be from 1e-12 to 1e[+]12 chips"),
    ({"pot": 1e-13, "stack": 1e-7}, "pot must be from 1e-12 to 1e[+]12 chips .bets round to whole chips"),
    ({"pot": 1e13, "stack": 1e13}, "pot must be from 1e-12 to 1e[+]12 chips"),
    ({"pot": 1, "stack": 2e12}, "stack must be from 1e-12 to 1e[+]12 chips"),
    ({"pot": 1, "stack": 2e6}, "stack must be at most 1,000,000 times the pot, got 2e[+]06 times"),
    ({"cap": 0}, "cap must be an int of at least 1"),
    ({"add_allin_threshold": -1}, "add_allin_threshold must be a finite number of at least 0"),
    ({"force_allin_threshold": math.nan}, "force_allin_threshold must be a finite number"),
    ({"merging_threshold": "0.1"}, "merging_threshold must be a finite number"),
    ({"bets": "50%, 2x"}, "bets: '2x' is a multiple of the bet faced"),
    ({"raises": "2.5"}, "raises: '2.5' is not a size"),
    ({"donks": "2x"}, "donks: '2x'"),
    ({"max_nodes": 0}, "max_nodes must be an int of at least 1"),
])
def test_build_tree_refusals_name_the_argument(arguments: dict[str, object], message: str) -> None:
    given_ = {"board_cards": 4, "pot": 200, "stack": 900} | arguments
    with pytest.raises(InvalidArgumentError, match=message):
        build_tree(**given_)  # type: ignore[arg-type]


@pytest.mark.timeout(60)
def test_a_tree_too_large_is_refused_before_it_is_built() -> None:
    with pytest.raises(InvalidArgumentError, match="more than 1,000 nodes"):
        build_tree(3, 100, 1000, bets="33%, 75%", raises="2x", max_nodes=1000)
    config = TreeConfig.of(3, 100, 1000, bets="33%, 75%", raises="2x")
    assert config.count_nodes() == len(config.build())


def test_the_config_reports_its_sizes_compactly() -> None:
    config = TreeConfig.of(4, 200, 900, bets={"oop": "60%", "ip": "e, a"}, raises="2.5x", donks="50%")
    assert config.to_dict() == {
        "street": "turn", "pot": 200.0, "stack": 900.0,
        "bets": {"turn": {"oop": "60%", "ip": "e, a"}, "river": {"oop": "60%", "ip": "e, a"}},
        "raises": "2.5x", "donks": {"river": "50%"}, "cap": None, "add_allin_threshold": 0.0,
        "force_allin_threshold": 0.0, "merging_threshold": 0.0}


# --- the tree's invariants ---------------------------------------------------------------------

BET_TEXT = st.lists(st.sampled_from(["25%", "60%", "100%", "150%", "e", "2e", "a", "40c", "0%"]), max_size=2)
RAISE_TEXT = st.lists(st.sampled_from(["50%", "2.5x", "3x", "e", "a", "30c1r", "1.1x"]), max_size=2)
CONFIGS = st.builds(
    lambda street, pot, stack, bets, raises, donks, cap, add, force, merge: TreeConfig.of(
        street, pot, stack, bets=", ".join(bets), raises=", ".join(raises), donks=donks, cap=cap,
        add_allin_threshold=add, force_allin_threshold=force, merging_threshold=merge),
    st.sampled_from([4, 5, 5]), st.integers(1, 300), st.integers(1, 2000) | st.floats(0.5, 2000), BET_TEXT,
    RAISE_TEXT, st.none() | st.sampled_from(["33%", "a"]), st.none() | st.integers(1, 3),
    st.sampled_from([0.0, 0.0, 1.5]), st.sampled_from([0.0, 0.0, 0.2]), st.sampled_from([0.0, 0.0, 0.1]))


@settings(max_examples=60, deadline=None)
@given(CONFIGS)
def test_tree_invariants(config: TreeConfig) -> None:
    try:
        tree = config.build()
    except InvalidArgumentError as error:  # past MAX_NODES: refused, as a test of its own checks
        assume(f"more than {MAX_NODES:,} nodes" not in str(error))
        raise
    n = len(tree)
    kind, parent, first, count = tree.kind, tree.parent, tree.first_child, tree.n_children
    assert parent[0] == -1 and tree.labels[0] == "" and kind[0] == OOP
    for node in range(n):
        children = tree.children(node)
        assert (first[node] == -1) == (count[node] == 0)
        assert all(child > node and parent[child] == node for child in children)
        if kind[node] in (FOLD, SHOWDOWN):
            assert count[node] == 0
        elif kind[node] == CHANCE:
            assert count[node] == 1 and tree.street[children[0]] == tree.street[node] + 1
        else:
            labels = tree.actions(node)
            assert count[node] >= 1 and len(set(labels)) == len(labels)
            assert all(tree.street[c] == tree.street[node] for c in children)
    assert sorted(np.flatnonzero(parent >= 0).tolist()) == list(range(1, n))  # every node but the root has a parent
    invested = tree.invested
    assert np.all(invested >= 0) and np.all(invested <= config.stack + 1e-9)
    inside = np.flatnonzero(parent >= 0)
    assert np.all(invested[inside] >= invested[parent[inside]] - 1e-9)  # nobody takes chips back
    showdown, fold = np.flatnonzero(kind == SHOWDOWN), np.flatnonzero(kind == FOLD)
    assert np.allclose(invested[showdown, 0], invested[showdown, 1])  # the pot is matched at showdowns
    folder = tree.folder[fold]
    assert np.all(invested[fold, folder] < invested[fold, 1 - folder])  # only a player facing a bet folds
    assert len(showdown) and np.all(tree.street[showdown] == 2)
    for node in np.flatnonzero(kind <= IP):  # a bet's label is the bettor's total in this street
        for child in tree.children(int(node)):
            label = tree.labels[child]
            if label.split()[0] in ("Bet", "Raise", "All-in"):
                street_start = int(node)
                while parent[street_start] >= 0 and kind[parent[street_start]] != CHANCE:
                    street_start = int(parent[street_start])
                put_in = invested[child, kind[node]] - invested[street_start, kind[node]]
                assert math.isclose(float(label.split()[1]), put_in, rel_tol=1e-12)
                assert (label.startswith("All-in")) == math.isclose(invested[child, kind[node]], config.stack)


def _broken(tree: ActionTree, how: str) -> ActionTree:
    """``tree`` with one rule of a tree broken."""
    fields = {name: getattr(tree, name).copy() for name in ("kind", "street", "first_child", "n_children", "parent")}
    if how == "parent":
        fields["parent"][fields["first_child"][0] + 1] = 3  # the root's second child names another parent
    elif how == "terminal with children":
        fields["kind"][0] = FOLD
    elif how == "child before its parent":
        node = int(np.flatnonzero(fields["n_children"] > 0)[-1])
        fields["first_child"][node] = node
    elif how == "streets":
        fields["street"][:] = 0
    return ActionTree(**fields, invested=tree.invested, folder=tree.folder, labels=tree.labels, pot=tree.pot,
                      stack=tree.stack)


@pytest.mark.parametrize(("how", "message"), [("parent", "tree node 0 "), ("terminal with children", "tree node 0 "),
                                              ("child before its parent", "tree node "),
                                              ("streets", "streets do not match a board of 5 cards")])
def test_a_broken_tree_is_refused_before_a_solve(how: str, message: str) -> None:
    spot = pl.solver.Spot("Td9d6hQc2s", "AA,KK", "QQ,JJ", 100, 200, bets="50%, a", raises="2.5x")
    hands = tuple((spot.combos(p), spot.weights(p)) for p in (0, 1))
    saved = SavedSpot(spot.board, spot.game, spot.pot, spot.stack, spot.rake, spot.rake_cap, spot.tree, hands)
    assert pl.solver.solve(saved, exploitability=0.01).exploitability <= 0.01  # the tree as built is sound
    broken = dataclasses.replace(saved, tree=_broken(spot.tree, how))
    with pytest.raises(InvalidArgumentError, match=message):
        pl.solver.solve(broken)
