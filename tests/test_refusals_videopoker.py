"""Bad input to video poker and the preflop tables: each refused at once, by name, as a PokerlabError."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from pokerlab.errors import (
    DuplicateCardError,
    HandSizeError,
    HoldError,
    InvalidArgumentError,
    InvalidCardError,
    MissingDependencyError,
    PaytableError,
    ResultsFolderError,
    UnknownHandError,
    VideoPokerError,
)
from pokerlab.preflop import PreflopMatrix, PreflopTable, matrix, run_job, shipped_table, vs_random, vs_random_job
from pokerlab.preflop.runner import connect
from pokerlab.videopoker import (
    PAYTABLES,
    Paytable,
    Trainer,
    analyze,
    best_hold,
    final_hand,
    get_paytable,
    hold_evs,
    parse_hold,
)
from refusals import Refused, check, hang_guard, ids

HAND = "As Ks Kh 4s 4d"
A_FILE = Path(__file__)
PAYS = dict(PAYTABLES["jacks-9-6"].pays)
DEUCES = {line: pay for line, pay in PAYTABLES["deuces-wild-full-pay"].pays.items() if line != "four_deuces"}
PAY_LIMIT = r"must be an int from 0 to 1000000"
COINS = r"coins must be an int from 1 to 5"
THREADS = r"threads must be an int from 1 to"
SEED = r"seed must be an int from 0 to"
STDERR = r"stderr must be a finite number above 0 and at most 0\.5"
OPPONENTS = r"opponents must be an int from 1 to 9"


def pays(**changes: object) -> dict[str, object]:
    return {**PAYS, **changes}


def without_line(line: str) -> dict[str, object]:
    return {name: pay for name, pay in PAYS.items() if name != line}


def dealt_trainer() -> Trainer:
    trainer = Trainer(seed=1)
    trainer.deal()
    return trainer


def without_dask(call: Callable[[], object]) -> Callable[[], object]:
    """The call, run as if the ``distributed`` package were not installed."""
    def run() -> object:
        saved = sys.modules.get("distributed")
        sys.modules["distributed"] = None  # import now raises ImportError
        try:
            return call()
        finally:
            if saved is None:
                del sys.modules["distributed"]
            else:
                sys.modules["distributed"] = saved
    return run


def one_cell_matrix() -> PreflopMatrix:
    one = np.ones((1, 1), dtype=np.int64)
    return PreflopMatrix(("AA",), one, one * 0, one * 2)


VIDEOPOKER = [
    # pay tables: the pay of each line is bounded, so the int64 sums stay exact
    Refused("pay-2**50", lambda: Paytable("huge", pays(royal_flush=2**50)), PaytableError,
            r"pay table 'huge': royal_flush " + PAY_LIMIT + r", got 1125899906842624"),
    Refused("pay-10**30", lambda: Paytable("huge", pays(four_of_a_kind=10**30)), PaytableError,
            r"four_of_a_kind " + PAY_LIMIT),
    Refused("pay-just-past-bound", lambda: Paytable("huge", pays(flush=10**6 + 1)), PaytableError,
            r"flush " + PAY_LIMIT),
    Refused("pay-negative", lambda: Paytable("t", pays(flush=-1)), PaytableError, r"flush " + PAY_LIMIT + ", got -1"),
    Refused("pay-float", lambda: Paytable("t", pays(flush=6.0)), PaytableError, r"flush " + PAY_LIMIT + ", got 6.0"),
    Refused("pay-bool", lambda: Paytable("t", pays(two_pair=True)), PaytableError, r"two_pair " + PAY_LIMIT),
    Refused("pay-string", lambda: Paytable("t", pays(flush="6")), PaytableError, r"flush " + PAY_LIMIT + ", got '6'"),
    Refused("pay-nan", lambda: Paytable("t", pays(flush=math.nan)), PaytableError, r"flush " + PAY_LIMIT),
    Refused("paytable-missing-line", lambda: Paytable("t", without_line("straight")), PaytableError,
            r"'t' lacks the lines straight"),
    # games: wild cards, the lines a game can make, one pair line, quads covered, the fields of a definition
    Refused("game-wild-unknown", lambda: Paytable("t", PAYS, "sevens"), PaytableError,
            r"'t': wild must be one of 'none', 'deuces', 'joker'; got 'sevens'"),
    Refused("game-wild-none", lambda: Paytable("t", PAYS, None), PaytableError, r"wild must be one of"),
    Refused("game-title-not-text", lambda: Paytable("t", PAYS, game=5), PaytableError, r"game must be a string, got 5"),
    Refused("game-five-of-a-kind-without-wilds", lambda: Paytable("t", pays(five_of_a_kind=15)), PaytableError,
            r"five_of_a_kind needs wild cards \(wild = 'deuces' or 'joker'\)"),
    Refused("game-four-deuces-with-a-joker", lambda: Paytable("t", DEUCES | {"four_deuces": 200}, "joker"),
            PaytableError, r"four_deuces needs wild cards \(wild = 'deuces'\)"),
    Refused("game-four-aces-with-deuces", lambda: Paytable("t", DEUCES | {"four_aces": 80}, "deuces"),
            PaytableError, r"four_aces needs no wild cards"),
    Refused("game-two-pair-lines", lambda: Paytable("t", pays(tens_or_better=1)), PaytableError,
            r"two pair lines, tens_or_better and jacks_or_better"),
    Refused("game-quads-uncovered", lambda: Paytable("t", without_line("four_of_a_kind") | {"four_aces": 80}),
            PaytableError, r"lacks the lines four_of_a_kind \(or four_aces, four_2_4 and four_5_k\)"),
    Refused("game-deuces-missing-line", lambda: Paytable("t", PAYS, "deuces"), PaytableError,
            r"lacks the lines four_deuces, wild_royal_flush, five_of_a_kind"),
    Refused("game-dict-unknown-key", lambda: get_paytable({"pays": PAYS, "wilds": "deuces"}), PaytableError,
            r"'custom' has unknown keys wilds; expected name, game, wild and pays"),
    Refused("game-dict-no-pays", lambda: get_paytable({"name": "x"}), PaytableError, r"has no 'pays' table"),
    Refused("game-dict-name-not-text", lambda: get_paytable({"name": 7, "pays": PAYS}), PaytableError,
            r"name must be a non-empty string, got 7"),
    Refused("game-dict-not-a-dict", lambda: Paytable.from_dict([PAYS]), PaytableError,
            r"a pay table has no 'pays' table"),
    Refused("game-dict-pay-negative", lambda: Paytable.from_dict({"pays": pays(two_pair=-2)}, "mine"),
            PaytableError, r"'mine': two_pair " + PAY_LIMIT + ", got -2"),
    Refused("joker-in-a-52-card-game", lambda: hold_evs("Jk As Ks Qs Js", "jacks-9-6"), InvalidCardError,
            r"the joker is not in the deck of 'jacks-9-6'"),
    Refused("joker-twice", lambda: hold_evs("Jk As Ks Qs joker", "joker-kings-20-7-5"), DuplicateCardError,
            r"duplicate card: Jk"),
    Refused("joker-card-twice", lambda: hold_evs("As Jk As Qs Js", "joker-kings-20-7-5"), DuplicateCardError,
            r"duplicate card: As"),
    Refused("joker-id-past-the-deck", lambda: hold_evs([53, 1, 2, 3, 4], "joker-kings-20-7-5"), InvalidCardError,
            r"a card id must be an int from 0 to 51, got 53"),
    Refused("paytable-unknown-line", lambda: Paytable("t", pays(queens_or_better=1)), PaytableError,
            r"unknown lines queens_or_better"),
    Refused("paytable-pays-list", lambda: Paytable("t", [800, 50]), PaytableError,
            r"pays must map line names"),
    Refused("paytable-name-empty", lambda: Paytable("", PAYS), PaytableError, r"name must be a non-empty string"),
    Refused("paytable-name-none", lambda: Paytable(None, PAYS), PaytableError,
            r"name must be a non-empty string, got None"),
    Refused("paytable-load-not-a-path", lambda: Paytable.load(5), PaytableError,
            r"must be a path, got 5"),
    Refused("paytable-load-missing", lambda: Paytable.load("no-such-table.toml"), PaytableError,
            r"cannot read pay table 'no-such-table.toml'"),
    Refused("paytable-pay-unknown-hand", lambda: PAYTABLES["jacks-9-6"].pay("queens"), PaytableError,
            r"hand must be a final hand, one of .*royal_flush; got 'queens'"),
    Refused("best-hold-paytable-none", lambda: best_hold(HAND, None), PaytableError,
            r"paytable must be a Paytable, a name, a file or a dict, got None: name one of jacks-9-6, jacks-9-5"),
    Refused("paytable-int", lambda: hold_evs(HAND, 96), PaytableError,
            r"got 96: name one of jacks-9-6"),
    Refused("paytable-unknown-name", lambda: hold_evs(HAND, "jacks-10-7"), PaytableError,
            r"unknown pay table 'jacks-10-7': name one of jacks-9-6, jacks-9-5, jacks-8-6, jacks-8-5, jacks-7-5, "
            r"jacks-6-5, tens-6-5, .*, joker-kings-20-7-5, or a \.toml or \.json file"),
    Refused("paytable-unknown-file-kind", lambda: hold_evs(HAND, "table.txt"), PaytableError,
            r"unknown pay table 'table.txt'"),
    # coins
    Refused("coins-0", lambda: hold_evs(HAND, coins=0), VideoPokerError, COINS + ", got 0"),
    Refused("coins-6", lambda: best_hold(HAND, coins=6), VideoPokerError, COINS + ", got 6"),
    Refused("coins-float", lambda: hold_evs(HAND, coins=2.5), VideoPokerError,
            COINS + ", got 2.5"),
    Refused("coins-whole-float", lambda: hold_evs(HAND, coins=5.0), VideoPokerError,
            COINS + ", got 5.0"),
    Refused("coins-bool", lambda: hold_evs(HAND, coins=True), VideoPokerError, COINS + ", got True"),
    Refused("coins-string", lambda: hold_evs(HAND, coins="5"), VideoPokerError,
            COINS + ", got '5'"),
    Refused("coins-none", lambda: hold_evs(HAND, coins=None), VideoPokerError,
            COINS + ", got None"),
    Refused("per-coin-coins-0", lambda: PAYTABLES["jacks-9-6"].per_coin(0), VideoPokerError, COINS),
    # dealt hands
    Refused("hand-four-cards", lambda: hold_evs("As Ks Kh 4s"), HandSizeError, r"has 5 cards, got 4"),
    Refused("hand-six-cards", lambda: best_hold("As Ks Kh 4s 4d 2c"), HandSizeError, r"has 5 cards, got 6"),
    Refused("hand-bool-card", lambda: hold_evs([True, 47, 43, 39, 35]), InvalidCardError, r"got True"),
    Refused("hand-card-52", lambda: hold_evs([52, 47, 43, 39, 35]), InvalidCardError,
            r"the joker is not in the deck of 'jacks-9-6'"),  # 52 is the joker's id
    Refused("final-hand-seven-cards", lambda: final_hand("As Ks Qs Js Ts 2c 3d"), HandSizeError, r"got 7"),
    # holds
    Refused("hold-position-6", lambda: parse_hold("1 6"), HoldError, r"position 6 in '1 6' is outside 1\.\.5"),
    Refused("hold-position-0", lambda: parse_hold([0, 1]), HoldError, r"position 0 .* outside 1\.\.5"),
    Refused("hold-twice", lambda: parse_hold("1 1"), HoldError, r"position 1 appears twice"),
    Refused("hold-words", lambda: parse_hold("keep the kings"), HoldError, r"cannot read the hold"),
    Refused("hold-empty-text", lambda: parse_hold(""), HoldError, r"cannot read the hold ''"),
    Refused("hold-none", lambda: parse_hold(None), HoldError,
            r"a hold must be text such as '1 3 4' or a list of positions 1\.\.5, got None"),
    Refused("hold-int", lambda: parse_hold(13), HoldError, r"got 13"),
    Refused("hold-float-position", lambda: parse_hold([1.0, 2]), HoldError,
            r"position 1\.0 .* is not a whole number"),
    Refused("hold-bool-position", lambda: parse_hold([True]), HoldError, r"position True .* not a whole number"),
    Refused("hold-endless", lambda: parse_hold(iter(lambda: 1, 0)), HoldError, r"appears twice"),
    # analyze
    Refused("analyze-threads-minus-1", lambda: analyze(threads=-1), InvalidArgumentError, THREADS + r".*got -1"),
    Refused("analyze-threads-0", lambda: analyze(threads=0), InvalidArgumentError, THREADS + r".*got 0"),
    Refused("analyze-threads-float", lambda: analyze(threads=2.0), InvalidArgumentError,
            THREADS + r".*got 2\.0"),
    Refused("analyze-threads-bool", lambda: analyze(threads=True), InvalidArgumentError, THREADS + r".*got True"),
    Refused("analyze-progress-not-callable", lambda: analyze(progress=5), InvalidArgumentError,
            r"progress must be a callable taking \(done, total\)"),
    Refused("analyze-coins-0", lambda: analyze(coins=0), VideoPokerError, COINS),
    Refused("analyze-paytable-none", lambda: analyze(None), PaytableError, r"got None"),
    # the trainer
    Refused("trainer-seed-negative", lambda: Trainer(seed=-5), InvalidArgumentError, SEED + r".*got -5"),
    Refused("trainer-seed-string", lambda: Trainer(seed="x"), InvalidArgumentError,
            SEED + r".*got 'x'"),
    Refused("trainer-seed-float", lambda: Trainer(seed=1.5), InvalidArgumentError,
            SEED + r".*got 1\.5"),
    Refused("trainer-seed-bool", lambda: Trainer(seed=True), InvalidArgumentError, SEED + r".*got True"),
    Refused("trainer-seed-too-big", lambda: Trainer(seed=2**63), InvalidArgumentError, SEED),
    Refused("trainer-coins-0", lambda: Trainer(coins=0), VideoPokerError, COINS),
    Refused("trainer-paytable-none", lambda: Trainer(None), PaytableError, r"got None"),
    Refused("trainer-hold-before-deal", lambda: Trainer(seed=1).hold("1"), VideoPokerError,
            r"no hand is dealt: call deal\(\) first"),
    Refused("trainer-hold-position-6", lambda: dealt_trainer().hold("6"), HoldError, r"position 6"),
    Refused("trainer-hints-before-deal", lambda: Trainer().holds(), VideoPokerError, r"no hand is dealt"),
]

PREFLOP = [
    # the standard error of a sampled table
    Refused("vs-random-stderr-0", lambda: vs_random(2, stderr=0), InvalidArgumentError, STDERR + r", got 0"),
    Refused("vs-random-stderr-negative", lambda: vs_random(2, stderr=-1), InvalidArgumentError, STDERR + r", got -1"),
    Refused("vs-random-stderr-nan", lambda: vs_random(2, stderr=math.nan), InvalidArgumentError, STDERR + r", got nan"),
    Refused("vs-random-stderr-inf", lambda: vs_random(2, stderr=math.inf), InvalidArgumentError, STDERR + r", got inf"),
    Refused("vs-random-stderr-above-half", lambda: vs_random(3, stderr=0.6), InvalidArgumentError, STDERR),
    Refused("vs-random-stderr-string", lambda: vs_random(2, stderr="0.01"), InvalidArgumentError,
            STDERR + r", got '0\.01'"),
    Refused("vs-random-exact-stderr-nan", lambda: vs_random(1, stderr=math.nan), InvalidArgumentError, STDERR),
    # opponents
    Refused("vs-random-opponents-0", lambda: vs_random(0), InvalidArgumentError, OPPONENTS + r", got 0"),
    Refused("vs-random-opponents-10", lambda: vs_random(10), InvalidArgumentError, OPPONENTS + r", got 10"),
    Refused("vs-random-opponents-negative", lambda: vs_random(-1), InvalidArgumentError, OPPONENTS + r", got -1"),
    Refused("vs-random-opponents-float", lambda: vs_random(1.5), InvalidArgumentError,
            OPPONENTS + r", got 1\.5"),
    Refused("vs-random-opponents-whole-float", lambda: vs_random(2.0), InvalidArgumentError,
            OPPONENTS + r", got 2\.0"),
    Refused("vs-random-opponents-bool", lambda: vs_random(True), InvalidArgumentError, OPPONENTS + r", got True"),
    Refused("vs-random-opponents-string", lambda: vs_random("2"), InvalidArgumentError,
            OPPONENTS + r", got '2'"),
    # seeds, threads, progress
    Refused("vs-random-seed-negative", lambda: vs_random(2, seed=-5), InvalidArgumentError, SEED + r".*got -5"),
    Refused("vs-random-seed-string", lambda: vs_random(2, seed="x"), InvalidArgumentError,
            SEED + r".*got 'x'"),
    Refused("vs-random-seed-float", lambda: vs_random(2, seed=3.0), InvalidArgumentError,
            SEED + r".*got 3\.0"),
    Refused("vs-random-threads-minus-1", lambda: vs_random(threads=-1), InvalidArgumentError, THREADS),
    Refused("vs-random-threads-float", lambda: vs_random(threads=1.5), InvalidArgumentError,
            THREADS + r".*got 1\.5"),
    Refused("vs-random-progress-string", lambda: vs_random(progress="bar"), InvalidArgumentError,
            r"progress must be a callable"),
    # the matrix's hands
    Refused("matrix-hands-empty-string", lambda: matrix(""), InvalidArgumentError,
            r"hands must be a list of starting hands.*got the string ''"),
    Refused("matrix-hands-string", lambda: matrix("AA,KK"), InvalidArgumentError,
            r"hands must be a list of starting hands.*got the string 'AA,KK'"),
    Refused("matrix-hands-empty-list", lambda: matrix([]), InvalidArgumentError,
            r"hands must name at least one of the 169 classes"),
    Refused("matrix-hands-int", lambda: matrix(5), InvalidArgumentError,
            r"hands must be a list of starting hands, got 5"),
    Refused("matrix-unknown-class", lambda: matrix(["AA", "ZZ"]), UnknownHandError,
            r"unknown starting hand 'ZZ': expected one of the 169 classes"),
    Refused("matrix-class-without-suitedness", lambda: matrix(["AK"]), UnknownHandError, r"say AKs .* or AKo"),
    Refused("matrix-class-int", lambda: matrix([72]), UnknownHandError, r"unknown starting hand 72"),
    Refused("matrix-threads-0", lambda: matrix(["AA"], threads=0), InvalidArgumentError, THREADS + r".*got 0"),
    Refused("matrix-cell-not-a-pair", lambda: one_cell_matrix()["AA"], InvalidArgumentError,
            r"a matrix cell is a pair of hands"),
    Refused("matrix-cell-not-in-it", lambda: one_cell_matrix()["AA", "KK"], UnknownHandError, r"not in this matrix"),
    # where it runs and what it keeps
    Refused("results-folder-is-a-file", lambda: vs_random(results=A_FILE), ResultsFolderError,
            r"results must be a folder, and '.*test_refusals_videopoker\.py' is a file"),
    Refused("results-below-a-file", lambda: matrix(["AA"], results=A_FILE / "below"), ResultsFolderError,
            r"cannot use .* as a results folder"),
    Refused("results-int", lambda: vs_random(results=5), InvalidArgumentError,
            r"results must be a folder's path or None, got 5"),
    Refused("results-empty", lambda: vs_random(results=""), InvalidArgumentError, r"results must be a folder's path"),
    Refused("executor-int", lambda: vs_random(executor=8786), InvalidArgumentError,
            r"executor must be None, a Dask scheduler address like 'tcp://host:8786' or a distributed\.Client, "
            r"got 8786"),
    Refused("executor-empty", lambda: matrix(["AA"], executor=""), InvalidArgumentError, r"executor must be None"),
    Refused("dask-missing-vs-random", without_dask(lambda: vs_random(executor="tcp://127.0.0.1:9")),
            MissingDependencyError, r"install pokerlab\[dask\]"),
    Refused("dask-missing-connect", without_dask(lambda: connect("tcp://127.0.0.1:9")), MissingDependencyError,
            r"install pokerlab\[dask\]"),
    Refused("connect-timeout-0", lambda: connect("tcp://127.0.0.1:9", timeout=0), InvalidArgumentError,
            r"timeout must be a finite number above 0"),
    Refused("run-job-not-a-job", lambda: run_job("vs-random-1"), InvalidArgumentError,
            r"job must be a Job"),
    Refused("run-job-only-past-the-end", lambda: run_job(vs_random_job(1), only=[64]), InvalidArgumentError,
            r"chunk numbers must be an int from 0 to 63, got 64"),
    Refused("run-job-only-empty", lambda: run_job(vs_random_job(1), only=[]), InvalidArgumentError,
            r"only must list at least one chunk"),
    Refused("run-job-only-twice", lambda: run_job(vs_random_job(1), only=[1, 1]), InvalidArgumentError,
            r"each once"),
    Refused("run-job-only-string", lambda: run_job(vs_random_job(1), only="0"), InvalidArgumentError,
            r"only must be a list of chunk numbers"),
    # tables
    Refused("table-unknown-hand", lambda: shipped_table()["AKx"], UnknownHandError, r"unknown starting hand 'AKx'"),
    Refused("table-strongest-negative", lambda: shipped_table().strongest(-1), InvalidArgumentError,
            r"n must be an int from 0 to 169, got -1"),
    Refused("table-rows-missing", lambda: PreflopTable(1, True, ()), InvalidArgumentError,
            r"one PreflopRow per starting hand"),
    Refused("table-csv-missing", lambda: PreflopTable.from_csv("no-such-table.csv"), InvalidArgumentError,
            r"cannot read the preflop table 'no-such-table\.csv'"),
    Refused("table-csv-not-a-table", lambda: PreflopTable.from_csv(A_FILE), InvalidArgumentError,
            r"cannot read the preflop table"),
]

TABLE = VIDEOPOKER + PREFLOP


@hang_guard
@pytest.mark.parametrize("case", TABLE, ids=ids(TABLE))
def test_refused(case: Refused) -> None:
    check(case)
