"""``pokerlab bench refusals``: how long bad input takes to be refused, against a target of one
second for every case.

The suite's own bad inputs cover each kind of refusal the test suite's tables check: cards and
hand sizes, arrays of hands with one bad row among 10,000, the sampler's and the iterators'
arguments, ranges (nested 2,000 deep, or that can hardly be dealt together), equity's stop rules
and players, exact runs out of reach, the grid, outs, the games' decks and patterns, video poker
pay tables, holds and coins, the preflop tables, and command lines. The tests check what is
refused and with which message; the time is measured here, where a busy machine cannot fail a
test run. Each case runs once to compile and load what it reaches, then the best of a few runs
is its time; the figures are the slowest case and the median.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from pokerlab.bench.timing import Figure
from pokerlab.errors import PokerlabError

TARGET_SECONDS = 1.0
"""No bad input may take longer than this to be refused."""

AA_TO_JJ = ["AA,KK,QQ,JJ"]
HANDS = ["AsKs", "QdQc"]
HAND = "As Ks Kh 4s 4d"
ROYAL = [51, 47, 43, 39, 35]
NESTED = "50%(" * 2000 + "AKs" + ")" * 2000
A_FILE = str(Path(__file__))


def _rows(dtype: type[np.generic] = np.uint8, bad: int | None = None, width: int = 7) -> np.ndarray:
    """10,000 valid hands of a dtype, with ``bad`` written into row 4321 when given."""
    from pokerlab.cards.iterate import sample_hands

    array: np.ndarray = sample_hands(10_000, width, 5).astype(dtype)
    if bad is not None:
        array[4321, 2] = bad
    return array


def _duplicated() -> np.ndarray:
    array = _rows()
    array[4321, 6] = array[4321, 0]
    return array


def library_cases() -> dict[str, Callable[[], object]]:
    """Bad calls to the library, by name: each must raise a PokerlabError."""
    import pokerlab as pl
    from pokerlab import games, numba_runtime
    from pokerlab.algorithms import cactus_kev, two_bits
    from pokerlab.cards.iterate import all_hands, random_hands, sample_hands
    from pokerlab.cards.svg import card_svg
    from pokerlab.preflop import PreflopTable, matrix, run_job, shipped_table, vs_random, vs_random_job
    from pokerlab.videopoker import PAYTABLES, Paytable, Trainer, analyze, best_hold, hold_evs, parse_hold

    pays = dict(PAYTABLES["jacks-9-6"].pays)
    return {
        # one hand, cards, showdowns
        "evaluate a bool card": lambda: pl.evaluate([True, 47, 43, 39, 35]),
        "evaluate a nan card": lambda: pl.evaluate([math.nan, 47, 43, 39, 35]),  # type: ignore[list-item]
        "evaluate card 52": lambda: pl.evaluate([52, *ROYAL[1:]]),
        "evaluate ten cards": lambda: pl.evaluate("As Ks Qs Js Ts 9s 8s 7s 6s 5s"),
        "evaluate unknown text": lambda: pl.evaluate("As Ks Qs Js Xx"),
        "evaluate a duplicate": lambda: pl.evaluate((51, 47, 43, 39, 51)),
        "hand rank 0": lambda: pl.HandRank(0),
        "format card -1": lambda: pl.format_cards([-1]),
        "parse a float": lambda: pl.parse_cards(3.5),  # type: ignore[arg-type]
        "cards duplicate": lambda: pl.Cards("As Kd As"),
        "cards of 53 bits": lambda: pl.cards_of(1 << 52),
        "card svg 52": lambda: card_svg(52),
        "winners sharing a card": lambda: pl.winners(["Ah Kh", "Qh Qd"], "Qh 7h 3h 2c 9s"),
        # arrays of hands: the dtype, the shape, one bad row among 10,000
        "many floats": lambda: pl.evaluate_many(_rows(np.float64)),
        "many bools": lambda: pl.evaluate_many(np.ones((3, 7), dtype=bool)),
        "many four columns": lambda: pl.evaluate_many(_rows(width=4)),
        "many card 52 in a row": lambda: pl.evaluate_many(_rows(bad=52)),
        "many -1 in int64": lambda: pl.evaluate_many(_rows(np.int64, bad=-1)),
        "many int16 wrapping to a card": lambda: pl.evaluate_many(_rows(np.int16, bad=256 + 51)),
        "many duplicate in a row": lambda: pl.evaluate_many(_duplicated()),
        "algorithm float rows": lambda: cactus_kev.evaluate_many(np.zeros((2, 5))),
        "algorithm card 99": lambda: two_bits.evaluate_many(np.array([[51, 47, 43, 39, 35, 2, 99]])),
        # the kernels and the iterators
        "sample 10**12 hands": lambda: sample_hands(10**12, 7, 1),
        "all hands of 26": lambda: all_hands(26),
        "threads 0": lambda: numba_runtime.threads(0).__enter__(),
        "random hands nan seconds": lambda: random_hands(2, seconds=math.nan),
        "hands of 53": lambda: pl.hands(53),
        "hands shared and dead": lambda: pl.hands(2, shared="As", dead="As"),
        # ranges
        "range nested 2000 deep": lambda: pl.Range(NESTED),
        "range unknown token": lambda: pl.Range("QQ+,AZs"),
        "range weight nan": lambda: pl.Range("AKs:nan"),
        "range unclosed": lambda: pl.Range("50%(AKs"),
        "starting hand of one card": lambda: pl.starting_hand("As"),
        # equity: options, players, boards, ranges, exact runs out of reach
        "equity stderr 0": lambda: pl.equity(HANDS, exact=False, stderr=0),
        "equity seconds inf": lambda: pl.equity(HANDS, exact=False, seconds=math.inf),
        "equity trials 2.5": lambda: pl.equity(HANDS, exact=False, trials=2.5),  # type: ignore[arg-type]
        "equity seed 2**64": lambda: pl.equity(HANDS, exact=False, trials=100, seed=2**64),
        "equity threads 0": lambda: pl.equity(HANDS, exact=False, trials=100, threads=0),
        "equity exact and stderr": lambda: pl.equity(HANDS, exact=True, stderr=0.001),
        "equity players as a string": lambda: pl.equity("AsKs QdQc"),
        "equity eleven players": lambda: pl.equity(["random"] * 11),
        "equity three hole cards": lambda: pl.equity(["AsKsQs", "QdQc"]),
        "equity board of six": lambda: pl.equity(HANDS, board="7h 8h 9h Th Jh 2c"),
        "equity dead card on the board": lambda: pl.equity(HANDS, board="7h 3s 2c", dead="7h"),
        "ranges hardly dealt, exact": lambda: pl.equity(AA_TO_JJ * 8),
        "ranges hardly dealt, Monte Carlo": lambda: pl.equity(AA_TO_JJ * 8, exact=False, stderr=0.01),
        "ranges never dealt": lambda: pl.equity(AA_TO_JJ * 9),
        "ranges using each other up": lambda: pl.equity(["AA", "AA", "AA"], exact=False),
        "exact out of reach": lambda: pl.equity(AA_TO_JJ * 8, exact=True),
        "exact three random hands": lambda: pl.equity(["random"] * 3, exact=True),
        "grid ten opponents": lambda: pl.grid("AsKs", opponents=10),
        "grid hand of three": lambda: pl.grid("AsKsQs"),
        "outs on the river": lambda: pl.outs("AhKh", "Qh7h3s9d2h", opponents=["2c2d"]),
        "outs duplicate": lambda: pl.outs("AhKh", "Qh7h3s", opponents=["Ah2d"]),
        # games
        "short deck card": lambda: games.SHORT_DECK.evaluate("As 5s", "Qs Js Ts"),
        "short deck board in equity": lambda: pl.equity(HANDS, "2c7h8h", game="short-deck"),
        "ranks of two rankings": lambda: games.DEUCE_TO_SEVEN.evaluate("7h 5d 4c 3s 2h")
        < games.ACE_TO_FIVE.evaluate("7h 5d 4c 3s 2h"),
        "omaha hand of three": lambda: pl.equity(["AsKsQd", "random"], game="omaha"),
        "omaha6 pattern of too many hands": lambda: pl.equity(["A*****", "random"], game="omaha6"),
        # video poker
        "pay of 2**50": lambda: Paytable("huge", {**pays, "royal_flush": 2**50}),
        "pay table missing a line": lambda: Paytable("t", {k: v for k, v in pays.items() if k != "straight"}),
        "wild sevens": lambda: Paytable("t", pays, "sevens"),
        "joker in a 52-card game": lambda: hold_evs("Jk As Ks Qs Js", "jacks-9-6"),
        "unknown pay table": lambda: hold_evs(HAND, "jacks-10-7"),
        "coins 6": lambda: best_hold(HAND, coins=6),
        "dealt hand of four": lambda: hold_evs("As Ks Kh 4s"),
        "hold position 6": lambda: parse_hold("1 6"),
        "hold from an endless iterator": lambda: parse_hold(iter(lambda: 1, 0)),
        "analyze threads 0": lambda: analyze(threads=0),
        "trainer seed -5": lambda: Trainer(seed=-5),
        "trainer hold before the deal": lambda: Trainer(seed=1).hold("1"),
        # preflop tables
        "vs random stderr 0": lambda: vs_random(2, stderr=0),
        "vs random ten opponents": lambda: vs_random(10),
        "matrix of no hands": lambda: matrix([]),
        "matrix unknown class": lambda: matrix(["AA", "ZZ"]),
        "results folder is a file": lambda: vs_random(results=A_FILE),
        "executor an int": lambda: vs_random(executor=8786),
        "job chunk past the end": lambda: run_job(vs_random_job(1), only=[64]),
        "table unknown hand": lambda: shipped_table()["AKx"],
        "table from a missing csv": lambda: PreflopTable.from_csv("no-such-table.csv"),
    }


def cli_cases() -> dict[str, tuple[str, ...]]:
    """Bad command lines, by name: each must exit 2 with an ``error:`` line."""
    return {
        "eval four cards": ("eval", "As", "Ks", "Qs", "Js"),
        "eval duplicate": ("eval", "As", "As", "Qs", "Js", "Ts"),
        "equity stderr nan": ("equity", "AsKs", "QdQc", "--stderr", "nan"),
        "equity exact and trials": ("equity", "AsKs", "QdQc", "--exact", "--trials", "100"),
        "equity bad range": ("equity", "AsKs", "QQ+,AZs"),
        "equity exact out of reach": ("equity", *AA_TO_JJ * 8, "--exact"),
        "equity unknown game": ("equity", "AsKs", "QdQc", "--game", "stud"),
        "grid 30 opponents": ("grid", "AsKs", "--opponents", "30"),
        "outs on the river": ("outs", "AhKh", "2c2d", "--board", "Qh7h3s2s9d"),
        "range nested 2000 deep": ("range", NESTED),
        "hold unknown pay table": ("videopoker", "hold", HAND, "-p", "jacks-1-1"),
        "play coins 9": ("videopoker", "play", "--coins", "9"),
        "vs random out suffix": ("preflop", "vs-random", "--out", "table.txt"),
        "matrix unknown hand": ("preflop", "matrix", "--hands", "AA,XX"),
        "bench unknown suite": ("bench", "nosuchsuite"),
    }


def refusal_time(name: str, call: Callable[[], object], repeat: int = 3) -> float:
    """The best of ``repeat`` timings of one call that must raise a PokerlabError, in seconds.

    >>> refusal_time("negative card", lambda: __import__("pokerlab").format_cards([-1]), repeat=1) < 1
    True
    """
    best = math.inf
    for _ in range(repeat):
        started = time.perf_counter()
        try:
            call()
        except PokerlabError:
            best = min(best, time.perf_counter() - started)
        else:
            raise AssertionError(f"bench refusals: {name!r} was accepted")
    return best


def _cli_call(args: tuple[str, ...]) -> Callable[[], object]:
    """A command line run in process, raising a PokerlabError when it exits 2 (as a refusal does)."""
    from typer.testing import CliRunner

    from pokerlab.cli.main import app

    def run() -> object:
        result = CliRunner().invoke(app, list(args))
        if result.exit_code == 2 and "error: " in result.output:
            raise PokerlabError(result.output)
        return result

    return run


def _figures(kind: str, times: dict[str, float]) -> list[Figure]:
    worst = max(times, key=times.__getitem__)
    ms = 1e3
    return [
        Figure(f"slowest of {len(times)} {kind} refused ({worst})", times[worst] * ms, "ms",
               f"<= {TARGET_SECONDS * ms:g}"),
        Figure(f"median of the {len(times)} {kind} refused", statistics.median(times.values()) * ms, "ms"),
    ]


def suite(quick: bool = False) -> list[Figure]:
    """The slowest and the median refusal of the library's bad calls and of the bad command lines,
    each warmed up by one run first (compiling and loading is not refusing)."""
    repeat = 1 if quick else 3
    calls = library_cases()
    commands = {name: _cli_call(args) for name, args in cli_cases().items()}
    figures = []
    for kind, cases in (("bad library calls", calls), ("bad command lines", commands)):
        for name, call in cases.items():
            refusal_time(name, call, repeat=1)  # compile and load what the case reaches
        figures += _figures(kind, {name: refusal_time(name, call, repeat) for name, call in cases.items()})
    return figures
