"""Warming the kernels: after a part is warm, what its users really call compiles nothing in a
new process, so ``pokerlab compile`` (or a command's own warming) leaves no compile for a first
run to wait for. The real calls here are written apart from the parts' own tiny calls: the
command lines of the README and the library calls they stand for."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from pokerlab.cli import warmup
from pokerlab.errors import InvalidArgumentError
from pokerlab.games import GAMES

CLI = "from typer.testing import CliRunner\nfrom pokerlab.cli.main import app\n"


def cli(*args: str) -> str:
    return f"assert CliRunner().invoke(app, {list(args)!r}).exit_code == 0, {args!r}\n"


REAL_CALLS = {
    "evaluate": """
import numpy as np, pokerlab as pl
from pokerlab import games
from pokerlab.cards.iterate import random_hands_array
rows = random_hands_array(7, count=5000, seed=1)
pl.evaluate_many(rows)
pl.evaluate_many(rows[:, :5].copy(), validate=False)
pl.evaluate_many(np.array(rows[:10].tolist()))
sum(1 for _ in pl.hands(7, shared="As Ks Qs Js"))
list(pl.random_hands(5, count=100, seed=2))
deals = random_hands_array(9, count=5000, seed=3)
games.OMAHA.evaluate_many(deals[:, :4], deals[:, 4:])
games.OMAHA_HILO.evaluate_low_many(deals[:, :4].copy(), deals[:, 4:].copy())
games.OMAHA5_HILO.evaluate_low_many(np.array([[0, 4, 8, 12, 16]], dtype=np.uint8),
                                    np.array([[20, 24, 28, 32, 36]], dtype=np.uint8))
games.ACE_TO_FIVE.evaluate_many(rows)
""",
    "equity": CLI + "".join(cli(*args) for args in [
        ("equity", "AsKs", "QdQc"),
        ("equity", "AhKh", "QQ+,AKs", "random", "--board", "Qh7h3s", "--dead", "2c"),
        ("equity", "AsKs", "QdQc", "--trials", "5000", "--seed", "1"),
        ("equity", "random", "random", "random", "--trials", "20000", "--seed", "1"),
        ("equity", "AhKh", "6c6d", "--game", "short-deck"),
        ("equity", "AhKh", "TT+", "--board", "9h8h6c", "--game", "short-deck-triton"),
        ("grid", "AsKs", "--board", "TsQs2d", "--opponents", "2"),
        ("grid", "AsKs", "--trials", "20000", "--seed", "3"),
        ("runouts", "AhKh", "2c2d", "--board", "Qh7h3s"),
        ("runouts", "AhKh", "QQ+", "--board", "Qh7h3s", "--pairs"),
        ("outs", "AhKh", "2c2d", "--board", "Qh7h3s"),
    ]),
    "by-combo": CLI + "".join(cli(*args) for args in [
        ("equity", "AhKh", "QQ+,AKs", "--board", "Qh7h3s", "--by-combo"),
        ("equity", "AhKh", "QQ+,AKs", "--trials", "2000", "--seed", "1", "--by-combo"),
        ("equity", "AhKh", "JJ-99", "--game", "short-deck", "--board", "Ts8s6d", "--by-combo"),
    ]),
    "omaha": CLI + "".join(cli(*args) for args in [
        ("equity", "AsKsQdJd", "AA**ds", "--board", "Qs7h2c", "--game", "omaha-hilo"),
        ("equity", "AsKsQdJd", "9h8h7c6c", "--game", "omaha"),
        ("equity", "AsKsQdJdTc", "9h8h7c6c5d", "--board", "2c3c4h", "--game", "omaha5"),
        ("equity", "AsKsQdJdTc9c", "random", "--trials", "5000", "--seed", "1", "--game", "omaha6-hilo"),
        ("equity", "AsKsQdJd", "9h8h7c6c", "--board", "Ts6s7d", "--game", "short-deck-omaha"),
        ("runouts", "AsKsQdJd", "9h8h7c6c", "--board", "Qs7h2c3d", "--game", "omaha"),
        ("grid", "AsKsQdJd", "--board", "Qs7h2c", "--trials", "5000", "--game", "omaha"),
    ]),
    "best-five": CLI + "".join(cli(*args) for args in [
        ("equity", "AhKh", "2c3d", "--game", "holdem-hilo"),
        ("equity", "AhKh", "2c3d", "--board", "Qh7h4s", "--game", "holdem-hilo"),
        ("equity", "AhKh", "A2s,A3s", "random", "--board", "Qh7h4s", "--game", "holdem-hilo"),
        ("equity", "AhKh", "random", "--trials", "5000", "--seed", "1", "--game", "holdem-hilo"),
        ("runouts", "AhKh", "2c3d", "--board", "Qh7h4s", "--game", "holdem-hilo"),
    ]),
    "breakdown": CLI + cli("breakdown", "QQ+,AK,KQs", "--board", "Ah7d2c", "--hands")
    + cli("breakdown", "22+,A2s+", "--board", "Ah7d2c9s"),
    "preflop": CLI + cli("preflop", "matrix", "--hands", "AA,KK,AKs")
    + cli("preflop", "vs-random", "--opponents", "2", "--stderr", "0.2", "--seed", "1") + """
from pokerlab.preflop import vs_random_job
vs_random_job(1).function(63, 64)  # the last of the exact table's chunks, as a run computes it
""",
    "videopoker": CLI + cli("videopoker", "hold", "As Ks Kh 4s 4d") + cli("videopoker", "hold", "2s 2h Kh 4s 9d", "-p",
                                                                         "deuces-wild-nsu")
    + cli("videopoker", "analyze", "-p", "jacks-8-5") + cli("videopoker", "risk", "--hands", "100") + """
from pokerlab.videopoker import Trainer
trainer = Trainer("joker-kings-20-7-5", seed=1)
trainer.deal()
trainer.hold("1 2")
""",
    "videopoker-charts": """
from pokerlab.videopoker import get_paytable
from pokerlab.videopoker.strategy import chart_play
chart, _ = chart_play(get_paytable("deuces-wild-full-pay"), 5)
chart.hold("2s 2h Kh 4s 9d")
""",
    "tournament": CLI + cli("icm", "50", "30", "20", "10", "--payouts", "50", "30", "20") + """
from pokerlab.preflop import matrix
from pokerlab.tournament.pushfold import ClassTable, chart_of, solve_table
from pokerlab.tournament.icm_pushfold import solve_icm_table
m = matrix(["AA", "KK", "AKs", "T9s", "72o"])
table = ClassTable.from_counts(m.hands, m.wins, m.ties, m.showdowns)
solve_table(table, 8, 0.1)
chart_of(table, [5, 10])
solve_icm_table(table, [10, 15, 25], [50, 30, 20], [0.5, 1])
""",
    "solver": CLI + cli("solve", "--board", "Td9d6hQc", "--oop", "AA,KK,AK", "--ip", "QQ-99,AQs", "--pot", "200",
                        "--stack", "900", "--max-iterations", "20") + """
import pokerlab as pl
spot = pl.solver.Spot("Td9d6hQc2s", "66+,A8s+,AJo+", "QQ-22,ATo+", pot=200, stack=900, bets="60%, e, a",
                      raises="2.5x")
for bits in (32, 16):
    sol = pl.solver.solve(spot, max_iterations=20, bits=bits, locks={"Check": {"QQ": {"Check": 1.0}}})
    node = sol.node("Check")
    node.strategy, node.ev, node.equity, node.by_class
pl.solver.solve(pl.solver.Spot("Td9d6h", "AA,KK", "QQ", pot=100, stack=100, bets="a"), max_iterations=3)
""",
    "algorithms": """
import numpy as np
from pokerlab.algorithms import ALGORITHMS
rng = np.random.default_rng(1)
deals = np.array([rng.permutation(52)[:7] for _ in range(1000)], dtype=np.uint8)
for algorithm in ALGORITHMS.values():
    for n in algorithm.CARD_COUNTS:
        algorithm.evaluate_many(deals[:, :n].copy())
""",
}
"""What each part's users call."""

CHECK = """
import json, sys
from numba.core.registry import CPUDispatcher
from pokerlab.cli.warmup import counting_compiles, warm

def signatures():
    found = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("pokerlab"):
            for value in list(vars(module).values()):
                if isinstance(value, CPUDispatcher):
                    kernel = f"{value.py_func.__module__}.{value.py_func.__qualname__}"
                    found[kernel] = {str(s) for s in value.signatures}
    return found

warm(PARTS)
before = signatures()
with counting_compiles() as compiled:
    exec(CALLS)
after = signatures()
new = {k: sorted(v - before.get(k, set())) for k, v in after.items() if v - before.get(k, set())}
print(json.dumps({"compiled": sorted(compiled), "new": new}))
"""


def test_every_part_has_its_real_calls() -> None:
    assert set(REAL_CALLS) == set(warmup.PARTS)


@pytest.mark.timeout(3600)
@pytest.mark.parametrize("part", list(REAL_CALLS))
def test_once_a_part_is_warm_its_real_calls_need_no_other_kernel(part: str) -> None:
    """In a new process: warm the part, then make its users' calls; no kernel they reach may
    take an argument type the part's warming did not load (each would be a compile, or a
    load from a cache that the part alone would not have filled)."""
    parts = ["equity", part] if part == "by-combo" else [part]  # what equity by combo adds to equity
    code = CHECK.replace("PARTS", repr(parts)).replace("CALLS", repr(REAL_CALLS[part]))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=3500)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.splitlines()[-1])
    assert found == {"compiled": [], "new": {}}


def test_warm_refuses_a_part_it_does_not_know() -> None:
    with pytest.raises(InvalidArgumentError, match="part must be one of 'equity', 'omaha'"):
        warmup.warm(["solver-of-everything"])
    with pytest.raises(InvalidArgumentError, match="parts must be a list of part names"):
        warmup.warm("equity")


def test_warm_reports_each_part_and_progress() -> None:
    told = []
    warmed = warmup.warm(["breakdown", "tournament"], progress=lambda done, total: told.append((done, total)))
    assert [part.name for part in warmed.parts] == ["breakdown", "tournament"] and told == [(1, 2), (2, 2)]
    data = warmed.to_dict()
    assert data["compiled"] == warmed.compiled == sum(part.compiled for part in warmed.parts)
    assert json.loads(json.dumps(data)) == data


def test_a_part_is_cold_until_it_is_warmed_beside_its_cache(tmp_path) -> None:
    code = """
from pokerlab.cli.warmup import cold, warm
print(cold(["breakdown", "tournament"]))
warm(["breakdown"])
print(cold(["breakdown", "tournament"]))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900,
                          env=dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path)))
    assert done.stdout.splitlines() == ["['breakdown', 'tournament']", "['tournament']"], done.stderr[-2000:]


def test_the_equity_part_of_each_game_is_the_engine_that_plays_it() -> None:
    parts = {name: warmup.equity_part(name) for name, game in GAMES.items() if game.board_cards}
    assert parts["holdem"] == parts["short-deck"] == "equity" and parts["holdem-hilo"] == "best-five"
    assert {parts[name] for name in ("omaha", "omaha5-hilo", "short-deck-omaha")} == {"omaha"}
    with pytest.raises(InvalidArgumentError, match="unknown game"):
        warmup.equity_part("stud")


@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_every_part_warm_leaves_nothing_for_a_first_run() -> None:
    """Once every part is warm, every kernel of pokerlab has its code (compiled, or loaded from
    Numba's cache), ``pokerlab compile`` finds nothing left to do, and a first command says
    nothing of compiling. It runs over the suite's own cache, so a kernel another test built is
    loaded, not compiled again (compiling every part into an empty cache took seven minutes)."""
    code = """
import json
from pokerlab.cli.warmup import warm
warm()
from test_warmup import every_kernel
print(json.dumps(sorted(every_kernel(unreached_only=True))))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=3500,
                          env=dict(os.environ, PYTHONPATH=os.path.dirname(__file__)))
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.splitlines()[-1]) == [], "kernels with no code after every part is warm"
    compiled = subprocess.run([sys.executable, "-m", "pokerlab", "compile", "--json"], capture_output=True,
                              text=True, timeout=600)
    assert compiled.returncode == 0, compiled.stderr[-3000:]
    assert json.loads(compiled.stdout)["warm_already"] == list(warmup.PARTS)
    for args in (["equity", "AhKh", "QQ+,AKs", "--board", "Qh7h3s"], ["videopoker", "hold", "As Ks Kh 4s 4d"],
                 ["icm", "50", "30", "20", "--payouts", "70", "30"]):
        first = subprocess.run([sys.executable, "-m", "pokerlab", *args], capture_output=True, text=True,
                               timeout=600)
        assert first.returncode == 0 and "compiling" not in first.stderr, first.stderr


UNWARMED = {
    "pokerlab.rankings.lookup.count_strengths_7": "the exhaustive count of pokerlab bench eval",
}
"""The kernels no part warms (by the start of their names), and why."""


def every_kernel(unreached_only: bool = False) -> set[str]:
    """Every kernel in pokerlab's modules that compiles on its own, by module and name, outside
    :data:`UNWARMED`; with ``unreached_only``, those of them that have no code in this process
    and that no kernel with code calls (a kernel loaded from Numba's cache brings the code of
    the kernels it calls, which then have none of their own)."""
    import importlib
    import pkgutil

    from numba.core.registry import CPUDispatcher

    import pokerlab

    kernels = {}
    for info in pkgutil.walk_packages(pokerlab.__path__, "pokerlab."):
        if info.name.startswith(("pokerlab.web", "pokerlab.bench")):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, CPUDispatcher):
                kernels[f"{value.py_func.__module__}.{value.py_func.__qualname__}"] = value
    reached = {name for name, kernel in kernels.items() if kernel.signatures}
    callers = list(reached)
    while callers:
        kernel = kernels[callers.pop()]
        for name in kernel.py_func.__code__.co_names:
            callee = kernel.py_func.__globals__.get(name)
            if isinstance(callee, CPUDispatcher):
                key = f"{callee.py_func.__module__}.{callee.py_func.__qualname__}"
                if key not in reached:
                    reached.add(key)
                    callers.append(key)
    # one inlined always compiles inside its callers, never on its own
    found = {name for name, kernel in kernels.items() if kernel.targetoptions.get("inline") != "always"
             and not (unreached_only and name in reached)}
    return {kernel for kernel in found if not kernel.startswith(tuple(UNWARMED))}
