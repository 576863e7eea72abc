"""Bad input to equity, grid and outs: each refused at once, by name, as a PokerlabError."""

import functools
import math

import pytest

from pokerlab.analyses.grid import GridResult, grid
from pokerlab.analyses.outs import outs
from pokerlab.equity.api import equity
from pokerlab.errors import (
    DuplicateCardError,
    ExactTooLargeError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidRangeError,
    PlayerCountError,
)
from pokerlab.rankings.category import HandCategory
from refusals import Refused, check, hang_guard, ids

HANDS = ["AsKs", "QdQc"]
AA_TO_JJ = ["AA,KK,QQ,JJ"]


def mc(**options):
    """A Monte Carlo call of a plain heads-up matchup with some options."""
    return lambda: equity(HANDS, exact=False, **options)


def exact(**options):
    return lambda: equity(HANDS, exact=True, **options)


@functools.cache
def flop_grid() -> GridResult:
    return grid("AsKs", board="TsQs2d")


def flop_outs(opponents, board="Qh7h3s", **options):
    return lambda: outs("AhKh", board, opponents=opponents, **options)


TABLE = [
    # Monte Carlo's stopping rules: these hung or ran on a made-up count
    Refused("stderr-zero", mc(stderr=0), InvalidArgumentError, r"stderr must be .*above 0"),
    Refused("stderr-negative", mc(stderr=-1), InvalidArgumentError, r"stderr must be .*above 0"),
    Refused("stderr-nan", mc(stderr=math.nan), InvalidArgumentError, r"stderr must be a finite number.*nan"),
    Refused("stderr-inf", mc(stderr=math.inf), InvalidArgumentError, r"stderr must be a finite number"),
    Refused("stderr-above-half", mc(stderr=0.6), InvalidArgumentError, r"stderr .*at most 0.5"),
    Refused("stderr-text", mc(stderr="0.01"), InvalidArgumentError, r"stderr must be a finite number"),
    Refused("stderr-bool", mc(stderr=True), InvalidArgumentError, r"stderr must be a finite number"),
    Refused("seconds-nan", mc(seconds=math.nan), InvalidArgumentError, r"seconds must be a finite number"),
    Refused("seconds-zero", mc(seconds=0), InvalidArgumentError, r"seconds must be .*above 0"),
    Refused("seconds-negative", mc(seconds=-1), InvalidArgumentError, r"seconds must be .*above 0"),
    Refused("seconds-inf", mc(seconds=math.inf), InvalidArgumentError, r"seconds must be a finite number"),
    Refused("trials-nan", mc(trials=math.nan), InvalidArgumentError, r"trials must be an int from 1 to"),
    Refused("trials-zero", mc(trials=0), InvalidArgumentError, r"trials must be an int from 1 to 1000000000000, got 0"),
    Refused("trials-negative", mc(trials=-5), InvalidArgumentError, r"trials must be an int .*got -5"),
    Refused("trials-fraction", mc(trials=2.5), InvalidArgumentError, r"trials must be an int .*got 2.5"),
    Refused("trials-whole-float", mc(trials=100.0), InvalidArgumentError, r"trials must be an int"),
    Refused("trials-text", mc(trials="100"), InvalidArgumentError, r"trials must be an int .*'100'"),
    Refused("trials-bool", mc(trials=True), InvalidArgumentError, r"trials must be an int"),
    # the other options
    Refused("seed-text", mc(trials=100, seed="x"), InvalidArgumentError, r"seed must be an int"),
    Refused("seed-negative", mc(trials=100, seed=-5), InvalidArgumentError, r"seed must be an int .*-5"),
    Refused("seed-float", mc(trials=100, seed=1.5), InvalidArgumentError, r"seed must be an int"),
    Refused("seed-too-large", mc(trials=100, seed=2**64), InvalidArgumentError, r"seed must be an int"),
    Refused("threads-zero", mc(trials=100, threads=0), InvalidArgumentError, r"threads must be an int from 1"),
    Refused("threads-negative", exact(threads=-1), InvalidArgumentError, r"threads must be an int"),
    Refused("threads-float", exact(threads=2.0), InvalidArgumentError, r"threads must be an int"),
    Refused("threads-bool", exact(threads=True), InvalidArgumentError, r"threads must be an int"),
    Refused("progress-not-callable", exact(progress=5), InvalidArgumentError, r"progress must be a callable"),
    Refused("exact-text", lambda: equity(HANDS, exact="yes"), InvalidArgumentError,
            r"exact must be True, False or None"),
    Refused("exact-int", lambda: equity(HANDS, exact=1), InvalidArgumentError, r"exact must be True, False or None"),
    Refused("exact-and-trials", exact(trials=100), InvalidArgumentError, r"exact and trials"),
    Refused("exact-and-stderr", exact(stderr=0.001), InvalidArgumentError, r"exact and stderr"),
    Refused("exact-and-seconds", exact(seconds=1), InvalidArgumentError, r"exact and seconds"),
    # the players
    Refused("players-string", lambda: equity("AsKs QdQc"), InvalidArgumentError,
            r"players must be a list of hands, like"),
    Refused("players-none", lambda: equity(None), InvalidArgumentError, r"players must be a list of hands"),
    Refused("players-number", lambda: equity(5), InvalidArgumentError, r"players must be a list of hands"),
    Refused("players-empty", lambda: equity([]), PlayerCountError, r"2 to 10 players, got 0"),
    Refused("players-one", lambda: equity(["AsKs"]), PlayerCountError, r"2 to 10 players, got 1"),
    Refused("players-eleven", lambda: equity(["random"] * 11), PlayerCountError, r"2 to 10 players, got 11"),
    Refused("player-three-cards", lambda: equity(["AsKsQs", "QdQc"]), HandSizeError, r"2 cards, got 3"),
    Refused("player-unknown-card", lambda: equity(["AsKs", "Zz"]), InvalidRangeError, r"Zz"),
    Refused("player-card-id-out-of-range", lambda: equity([[51, 52], "QdQc"]), InvalidCardError, r"52"),
    Refused("player-card-bool", lambda: equity([[True, 47], "QdQc"]), InvalidCardError, r"True"),
    Refused("board-of-one", lambda: equity(HANDS, board="7h"), HandSizeError, r"got 1"),
    Refused("board-of-six", lambda: equity(HANDS, board="7h 8h 9h Th Jh 2c"), HandSizeError, r"got 6"),
    Refused("dead-duplicates-board", lambda: equity(HANDS, board="7h 3s 2c", dead="7h"), DuplicateCardError,
            r"duplicate card: 7h"),
    Refused("dead-duplicates-board-with-a-range", lambda: equity(["AhKh", "QQ"], board="Qh7h3s", dead="Qh"),
            DuplicateCardError, r"duplicate card: Qh"),
    Refused("dead-duplicates-board-with-random", lambda: equity(["AhKh", "random"], board="Qh7h3s", dead="Qh"),
            DuplicateCardError, r"duplicate card: Qh"),
    Refused("grid-dead-duplicates-board", lambda: grid("AhKh", board="Qh7h3s", dead="3s"), DuplicateCardError,
            r"duplicate card: 3s"),
    Refused("dead-duplicates-hand", lambda: equity(HANDS, dead="As"), DuplicateCardError, r"duplicate card: As"),
    # ranges that cannot, or can hardly, be dealt together: these ran for minutes
    Refused("ranges-hardly-dealt", lambda: equity(AA_TO_JJ * 8), InvalidRangeError, r"hardly be dealt together"),
    Refused("ranges-hardly-dealt-mc", lambda: equity(AA_TO_JJ * 8, exact=False, stderr=0.01), InvalidRangeError,
            r"hardly be dealt together"),
    Refused("ranges-never-dealt", lambda: equity(AA_TO_JJ * 9), InvalidRangeError, r"hold 16 cards .*need 18"),
    Refused("ranges-use-each-other-up", lambda: equity(["AA", "AA", "AA"], exact=False), InvalidRangeError,
            r"no deal gives every player a hand"),
    Refused("exact-out-of-reach", lambda: equity(AA_TO_JJ * 8, exact=True), ExactTooLargeError,
            r"41,497,512,841,838,592 showdowns"),
    Refused("exact-random-three", lambda: equity(["random"] * 3, exact=True), ExactTooLargeError, r"showdowns"),
    # grid
    Refused("grid-opponents-fraction", lambda: grid("AsKs", opponents=1.5), InvalidArgumentError,
            r"opponents must be an int from 1 to 9, got 1.5"),
    Refused("grid-opponents-zero", lambda: grid("AsKs", opponents=0), InvalidArgumentError, r"opponents must be"),
    Refused("grid-opponents-ten", lambda: grid("AsKs", opponents=10), InvalidArgumentError, r"from 1 to 9"),
    Refused("grid-opponents-bool", lambda: grid("AsKs", opponents=True), InvalidArgumentError, r"opponents must"),
    Refused("grid-opponents-text", lambda: grid("AsKs", opponents="2"), InvalidArgumentError, r"opponents must"),
    Refused("grid-trials-text", lambda: grid("AsKs", trials="100"), InvalidArgumentError, r"trials must be an int"),
    Refused("grid-stderr-zero", lambda: grid("AsKs", opponents=2, stderr=0), InvalidArgumentError,
            r"stderr must be"),
    Refused("grid-seed-negative", lambda: grid("AsKs", seed=-1), InvalidArgumentError, r"seed must be"),
    Refused("grid-exact-and-trials", lambda: grid("AsKs", exact=True, trials=10), InvalidArgumentError,
            r"exact and trials"),
    Refused("grid-hand-of-three", lambda: grid("AsKsQs"), HandSizeError, r"2 cards, got 3"),
    Refused("grid-cell-royal-flush", lambda: flop_grid().cell("royal flush", "pair"), InvalidArgumentError,
            r"own must be a hand category: one of high card, pair, .*straight flush; got 'royal flush'"),
    Refused("grid-cell-number", lambda: flop_grid().cell("flush", 5), InvalidArgumentError,
            r"opponent must be a hand category"),
    Refused("grid-cell-none", lambda: flop_grid().cell(None, HandCategory.PAIR), InvalidArgumentError,
            r"own must be a hand category"),
    # outs
    Refused("outs-opponents-string", flop_outs("2c2d"), InvalidArgumentError,
            r"opponents must be a list of hands, like"),
    Refused("outs-opponents-none", flop_outs(None), InvalidArgumentError, r"opponents must be a list"),
    Refused("outs-river", flop_outs(["2c2d"], board="Qh7h3s9d2h"), HandSizeError, r"flop or a turn"),
    Refused("outs-preflop", flop_outs(["2c2d"], board=""), HandSizeError, r"flop or a turn"),
    Refused("outs-opponent-one-card", flop_outs(["2c"]), HandSizeError, r"opponent 1 needs 2 cards"),
    Refused("outs-duplicate", flop_outs(["Ah2d"]), DuplicateCardError, r"duplicate card: Ah"),
]


@hang_guard
@pytest.mark.usefixtures("equity_kernels")
@pytest.mark.parametrize("case", TABLE, ids=ids(TABLE))
def test_refused(case: Refused) -> None:
    check(case)


def test_the_table_is_large_enough() -> None:
    assert len(TABLE) >= 35 and len(set(ids(TABLE))) == len(TABLE)
