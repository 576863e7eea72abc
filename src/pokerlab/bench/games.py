"""``pokerlab bench games``: Omaha evaluation and equity, each beside a baseline timed in the same run."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import partial

import numpy as np

from pokerlab.bench.timing import Figure, best_time, best_times, on_threads

HEADS_UP = [[((51, 50, 0, 4), 1.0)], [((47, 46, 43, 42), 1.0)]]
"""As Ah 2c 3c against Ks Kh Qs Qh."""
FLOP = (8, 13, 30)
"""4c 5d 9h."""
THREE = [*HEADS_UP, [((30, 26, 22, 18), 1.0)]]
"""The heads-up hands and 9h 8h 7h 6h."""


def naive_strengths(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """The baseline: every two hole cards with every three board cards through the hold'em
    evaluator (60 five-card lookups for four hole cards), keeping the best."""
    from pokerlab.games.evaluate import evaluate_many

    best = np.zeros(len(holes), dtype=np.uint16)
    for i, j in itertools.combinations(range(holes.shape[1]), 2):
        for x, y, z in itertools.combinations(range(5), 3):
            five = np.stack([holes[:, i], holes[:, j], boards[:, x], boards[:, y], boards[:, z]], axis=1)
            best = np.maximum(best, evaluate_many(five, validate=False))
    return best


def every_board(holes: list[tuple[int, ...]]) -> np.ndarray:
    """All five-card boards that avoid the given hole cards, (N, 5) uint8."""
    used = {c for hole in holes for c in hole}
    return np.array(list(itertools.combinations(sorted(set(range(52)) - used), 5)), dtype=np.uint8)


def boards_one_by_one(holes: list[tuple[int, ...]], boards: np.ndarray) -> float:
    """The baseline of exact preflop equity: every board evaluated for each player by the batch
    kernel, the first player's equity counted in NumPy."""
    from pokerlab.hand_rules.omaha import omaha_strengths

    strengths = [omaha_strengths(np.tile(np.array(h, dtype=np.uint8), (len(boards), 1)), boards) for h in holes]
    return float(np.mean(np.where(strengths[0] > strengths[1], 1.0, np.where(strengths[0] == strengths[1], 0.5, 0))))


def suite(quick: bool = False) -> list[Figure]:
    """Omaha batch evaluation on one and two threads, exact equity on a flop and before it, and
    Monte Carlo with three players."""
    from pokerlab.cards.iterate import sample_hands
    from pokerlab.equity.api import equity
    from pokerlab.equity.driver import deal
    from pokerlab.games import OMAHA, OMAHA_HILO
    from pokerlab.hand_rules.omaha import omaha_strengths

    figures = []
    rows = 1_000_000 if quick else 4_000_000
    naive_rows = rows // 20
    for n_hole, target in ((4, ">= 100 (2 threads)"), (5, ">= 20 (2 threads)"), (6, ">= 20 (2 threads)")):
        cards = sample_hands(rows, n_hole + 5, seed=n_hole)
        holes, boards = np.ascontiguousarray(cards[:, :n_hole]), np.ascontiguousarray(cards[:, n_hole:])
        omaha_strengths(holes[:1000], boards[:1000])  # compile and load the tables once
        naive = best_time(on_threads(2, partial(naive_strengths, holes[:naive_rows], boards[:naive_rows])), repeat=2)
        for count, validate in ((1, True), (2, True), (2, False)):
            seconds = best_time(on_threads(count, partial(omaha_strengths, holes, boards, validate=validate)),
                                repeat=5)
            figures.append(Figure(f"Omaha {n_hole} batch evaluation, random deals, {count} thread{'s' * (count > 1)}"
                                  f"{'' if validate else ', validate=False'}",
                                  rows / seconds / 1e6, "M hands/s", target,
                                  "the best of every 2 + 3 cards by pokerlab.evaluate_many, 2 threads",
                                  naive_rows / naive / 1e6))

    figures.extend(sliced_rows(rows))
    figures.append(table_reads(rows))

    for hilo in (False, True):
        name = "hi/lo" if hilo else "high"
        call = partial(deal, HEADS_UP, FLOP, (), game=OMAHA_HILO if hilo else OMAHA)
        call()
        holdem = partial(equity, ["AhKh", "2c2d"], board="Qh7h3s")
        holdem()
        strings = partial(equity, ["AsAh2c3c", "KsKhQsQh"], board="4c5d9h", game="omaha-hilo" if hilo else "omaha")
        strings()
        times = best_times({"engine": call, "strings": strings, "holdem": holdem}, repeat=50)
        figures.append(Figure(f"Omaha {name} heads-up exact on a flop (820 runouts), the whole call",
                              times["engine"] * 1e6, "us", "<= 100", "hold'em heads-up exact on a flop (990 runouts)",
                              times["holdem"] * 1e6))
        figures.append(Figure(f"Omaha {name} heads-up exact on a flop, pl.equity with card text and game=",
                              times["strings"] * 1e6, "us", "<= 100", "hold'em heads-up exact on a flop (990 runouts)",
                              times["holdem"] * 1e6))

    boards = every_board([h[0][0] for h in HEADS_UP])
    baseline = best_time(on_threads(2, partial(boards_one_by_one, [h[0][0] for h in HEADS_UP], boards)), repeat=2)
    for hilo in (False, True):
        name = "hi/lo" if hilo else "high"
        preflop = on_threads(2, partial(deal, HEADS_UP, (), (), game=OMAHA_HILO if hilo else OMAHA))
        preflop()
        figures.append(Figure(f"Omaha {name} heads-up exact preflop (1,086,008 boards), 2 threads",
                              best_time(preflop, repeat=5) * 1e3, "ms", "<= 50",
                              "every board by the batch kernel, high only, 2 threads", baseline * 1e3))

    trials = 1_000_000 if quick else 10_000_000
    holdem_trials = 2_000_000
    holdem_mc = on_threads(2, partial(equity, ["AsAh", "KsKh", "9h8h"], exact=False, trials=holdem_trials, seed=1))
    holdem_mc()
    holdem_rate = holdem_trials / best_time(holdem_mc, repeat=3) / 1e6
    known_rate = {}
    for hilo in (False, True):
        name = "hi/lo" if hilo else "high"
        run = on_threads(2, partial(deal, THREE, (), (), game=OMAHA_HILO if hilo else OMAHA, exact=False, trials=trials,
                                    seed=1))
        run()
        known_rate[hilo] = trials / best_time(run, repeat=3) / 1e6
        figures.append(Figure(f"Omaha {name} Monte Carlo, three known hands, 2 threads", known_rate[hilo],
                              "M showdowns/s", ">= 25", "hold'em Monte Carlo, three known hands, 2 threads",
                              holdem_rate))
    for hilo in (False, True):
        name = "hi/lo" if hilo else "high"
        # each trial deals the three hands too, as pl.equity does for "random"
        run = on_threads(2, partial(equity, ["random"] * 3, game="omaha-hilo" if hilo else "omaha", exact=False,
                                    trials=trials, seed=1))
        run()
        figures.append(Figure(f"Omaha {name} Monte Carlo, three random players, pl.equity, 2 threads",
                              trials / best_time(run, repeat=3) / 1e6, "M showdowns/s", ">= 25",
                              f"Omaha {name} Monte Carlo, three known hands, 2 threads", known_rate[hilo]))
    return figures + short_deck_figures(quick)


def sliced_rows(rows: int) -> list[Figure]:
    """Omaha batch evaluation of the natural slices of one deals array (``deals[:, :4]`` and
    ``deals[:, 4:]``, read where they lie), beside the same rows made contiguous before the
    clock starts; high and low, on one and two threads."""
    from pokerlab.cards.iterate import sample_hands
    from pokerlab.hand_rules.omaha import omaha_lows, omaha_strengths

    figures = []
    for n_hole in (4, 6):
        deals = sample_hands(rows, n_hole + 5, seed=10 + n_hole)
        holes, boards = deals[:, :n_hole], deals[:, n_hole:]
        copies = np.ascontiguousarray(holes), np.ascontiguousarray(boards)
        for name, evaluate in (("high", omaha_strengths), ("low", omaha_lows)):
            if n_hole == 6 and name == "low":
                continue
            evaluate(holes[:1000], boards[:1000])  # compile or load both layouts
            evaluate(copies[0][:1000], copies[1][:1000])
            for count in (1, 2):
                times = best_times({"sliced": on_threads(count, partial(evaluate, holes, boards)),
                                    "contiguous": on_threads(count, partial(evaluate, *copies))}, repeat=7)
                figures.append(Figure(f"Omaha {n_hole} batch {name}, deals[:, :{n_hole}] and deals[:, {n_hole}:] "
                                      f"as sliced, {count} thread{'s' * (count > 1)}", rows / times["sliced"] / 1e6,
                                      "M hands/s", "within 5% of contiguous",
                                      "the same rows, made contiguous before timing", rows / times["contiguous"] / 1e6))
    return figures


def table_reads(rows: int) -> Figure:
    """What the batch figures are up against: random reads of the 22.5 MB high table alone (one
    per four-card hand), beside the same reads confined to its first 0.5 MB, which stays in cache."""
    from pokerlab.hand_rules.omaha_tables import high_table

    table = high_table()
    rng = np.random.default_rng(1)
    anywhere = rng.integers(0, len(table), rows)
    cached = rng.integers(0, 1 << 18, rows)
    out = np.empty(rows, dtype=table.dtype)
    times = best_times({"anywhere": partial(np.take, table, anywhere, out=out),
                        "cached": partial(np.take, table, cached, out=out)}, repeat=5)
    return Figure("Omaha high table alone: random reads (NumPy take), 1 thread", rows / times["anywhere"] / 1e6,
                  "M reads/s", "", "the same reads within its first 0.5 MB", rows / times["cached"] / 1e6)


def short_deck_hands(rows: int, seed: int) -> np.ndarray:
    """``rows`` random seven-card hands from the 36-card deck, (rows, 7) uint8."""
    rng = np.random.default_rng(seed)
    chunks = [rng.random((min(250_000, rows - start), 36)).argpartition(7, axis=1)[:, :7] + 16
              for start in range(0, rows, 250_000)]
    return np.concatenate(chunks).astype(np.uint8)


def short_deck_figures(quick: bool = False) -> list[Figure]:
    """Short deck beside hold'em, in the same run: batch evaluation of seven cards, exact
    heads-up equity before and on the flop, and Monte Carlo with three known hands."""
    from pokerlab.cards.iterate import sample_hands
    from pokerlab.equity.api import clear_cache, equity
    from pokerlab.games import SHORT_DECK
    from pokerlab.games.evaluate import evaluate_many

    figures = []
    rows = 1_000_000 if quick else 4_000_000
    short = short_deck_hands(rows, seed=1)
    full = sample_hands(rows, 7, seed=1)
    SHORT_DECK.evaluate_many(short[:1000])
    for count in (1, 2):
        times = best_times({"short": on_threads(count, partial(SHORT_DECK.evaluate_many, short)),
                            "holdem": on_threads(count, partial(evaluate_many, full))}, repeat=5)
        figures.append(Figure(f"Short deck batch evaluation, 7 cards, {count} thread{'s' * (count > 1)}",
                              rows / times["short"] / 1e6, "M hands/s", "within 10% of hold'em",
                              "hold'em pokerlab.evaluate_many, 7 cards", rows / times["holdem"] / 1e6))

    def preflop(game: str) -> Callable[[], object]:
        def run() -> object:
            clear_cache()  # an exact preflop result is cached: time the work, not the lookup
            return equity(["AhKh", "QsQd"], game=game)
        return run

    flop = partial(equity, ["AhKh", "QsQd"], "Jh7h8s")
    cases: dict[str, tuple[Callable[[], object], Callable[[], object]]] = {
        "exact heads-up preflop, the whole call": (preflop("short-deck"), preflop("holdem")),
        "exact heads-up on a flop, the whole call": (partial(flop, game="short-deck"), flop)}
    for name, (short_call, holdem_call) in cases.items():
        short_call()
        holdem_call()
        times = best_times({"short": short_call, "holdem": holdem_call}, repeat=20)
        figures.append(Figure(f"Short deck {name}", times["short"] * 1e3, "ms", "within 10% of hold'em",
                              f"hold'em {name}", times["holdem"] * 1e3))
    trials = 1_000_000 if quick else 4_000_000
    players = ["AsAh", "KsKh", "9h8h"]
    runs = {game: on_threads(2, partial(equity, players, exact=False, trials=trials, seed=1, game=game))
            for game in ("short-deck", "holdem")}
    for run in runs.values():
        run()
    times = best_times(runs, repeat=3)
    figures.append(Figure("Short deck Monte Carlo, three known hands, 2 threads", trials / times["short-deck"] / 1e6,
                          "M showdowns/s", "within 10% of hold'em", "hold'em Monte Carlo, three known hands, 2 threads",
                          trials / times["holdem"] / 1e6))
    return figures
