"""The public API's shape: one import gives every function and subpackage, whatever was imported
before, without loading the optional extras or Numba."""

import ast
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import pokerlab as pl
from pokerlab import errors

FUNCTIONS = ["evaluate", "evaluate_many", "best_five", "winners", "equity", "grid", "outs", "hands",
             "random_hands"]
SUBPACKAGES = ["videopoker", "preflop", "algorithms"]
HEAVY = ["fastapi", "dask", "distributed", "matplotlib", "numba", "uvicorn"]


def run(code: str) -> str:
    """Run code in a fresh interpreter and return what it prints."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.parametrize("before", [
    "",
    "import pokerlab.equity",
    "import pokerlab.equity.driver",
    "import pokerlab.analyses.outs, pokerlab.equity.api",
    "from pokerlab.equity import results as imported",
    "import pokerlab.analyses.grid, pokerlab.videopoker, pokerlab.preflop",
    "import pokerlab.cli.main",
])
def test_the_functions_stay_functions_whatever_was_imported_first(before):
    code = f"""{before}
import pokerlab as pl
import pokerlab.analyses.grid, pokerlab.analyses.outs, pokerlab.equity.engines.omaha
for name in {FUNCTIONS!r}:
    value = getattr(pl, name)
    assert callable(value) and inspect.isfunction(value), (name, value)
assert pl.equity.__module__ == "pokerlab.equity.api" and pl.grid.__module__ == "pokerlab.analyses.grid"
assert pl.outs.__module__ == "pokerlab.analyses.outs"
print("ok")
"""
    assert run("import inspect\n" + code) == "ok"


def test_the_whole_library_from_one_import():
    for name in FUNCTIONS:
        assert inspect.isfunction(getattr(pl, name)), name
    assert inspect.isclass(pl.Range) and inspect.isclass(pl.Cards)
    for name in SUBPACKAGES:
        module = getattr(pl, name)
        assert module.__name__ == f"pokerlab.{name}"
    assert set(FUNCTIONS + SUBPACKAGES + ["Range"]) <= set(pl.__all__) <= set(dir(pl))
    with pytest.raises(AttributeError, match="no_such_thing"):
        pl.no_such_thing  # type: ignore[attr-defined]  # noqa: B018


def test_the_core_functions_have_docstrings_with_examples():
    for name in ["evaluate", "evaluate_many", "best_five", "winners", "hands", "random_hands", "equity", "grid"]:
        assert ">>>" in (getattr(pl, name).__doc__ or ""), name


def test_no_exception_class_is_defined_outside_errors():
    src = Path(pl.__file__).parent
    outside = []
    for path in src.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and path.name != "errors.py" and any(
                    isinstance(base, ast.Name) and base.id.endswith(("Error", "Exception")) for base in node.bases):
                outside.append(f"{path.relative_to(src)}: {node.name}")
    assert outside == []


def test_every_exception_is_a_pokerlab_error():
    classes = [value for value in vars(errors).values()
               if inspect.isclass(value) and issubclass(value, BaseException)]
    assert len(classes) >= 15
    for cls in classes:
        assert issubclass(cls, errors.PokerlabError), cls
        assert cls.__module__ == "pokerlab.errors"


def test_import_pokerlab_loads_no_extra_and_no_numba():
    loaded = run(f"import sys, pokerlab\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))")
    assert loaded == ""


def test_the_subpackages_load_on_first_use():
    assert run("import sys, pokerlab as pl\nprint('pokerlab.videopoker' in sys.modules, pl.videopoker.__name__)") \
        == "False pokerlab.videopoker"


def test_best_five_reads_as_cards_and_as_ids():
    five = pl.best_five("As Ks Qs Js Ts 2c 3d")
    assert isinstance(five, pl.Cards) and isinstance(five, tuple)
    assert str(five) == five.text == "As Ks Qs Js Ts" and repr(five) == "Cards('As Ks Qs Js Ts')"
    assert five == (51, 47, 43, 39, 35) and pl.evaluate(five) == 7462


@pytest.mark.parametrize("name", ["equity", "grid", "outs", "runouts", "breakdown"])
def test_every_analysis_takes_players_then_board_and_dead_and_options_by_keyword(name):
    """One shape for every analysis: who plays, then ``board`` and ``dead`` (positional or by
    name), and ``game``, ``seed``, ``threads`` and ``progress`` only by keyword."""
    import inspect

    parameters = list(inspect.signature(getattr(pl, name)).parameters.values())
    assert [p.name for p in parameters[1:3]] == ["board", "dead"]
    assert parameters[0].kind is parameters[1].kind is parameters[2].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    for p in parameters[3:]:
        assert p.kind is inspect.Parameter.KEYWORD_ONLY, f"{name}: {p.name} is not keyword-only"
    for p in parameters:
        if p.name == "seed":
            assert p.default is None


OPTIONS = {"game", "seed", "threads", "progress"}
SKIPPED_PACKAGES = ("pokerlab.web", "pokerlab.cli", "pokerlab.bench")
# Where one of the option names is the subject of the call, not an option:
OPTION_NAMES_AS_SUBJECTS = {
    "pokerlab.analyses.equilibrium.solve",  # the game solved
    "pokerlab.analyses.equilibrium.exploitability",  # the game whose strategy is measured
    "pokerlab.ranges.holdem.check_items_dealt",  # the game checked
    "pokerlab.ranges.orders.order_of",  # the game whose order it is
    "pokerlab.preflop.orders.class_equities",  # the game whose hands are played
    "pokerlab.preflop.orders.write_order",
    "pokerlab.solver.arena.Layout.workers",  # threads is what they size for
    "pokerlab.solver.arena.Layout.scratch",
    "pokerlab.solver.arena.Layout.memory",
    "pokerlab.solver.showdown.river_tables",  # the game's ranking
    "pokerlab.solver.solution.SavedSpot",  # dataclass fields
    "pokerlab.videopoker.Paytable",  # dataclass fields
}


def _public_callables() -> dict[int, tuple[list[str], object]]:
    """Every function, class ``__init__`` and public method (classmethods and staticmethods
    included) named in the ``__all__`` of a public module, keyed by identity, with every
    qualified name it is published under."""
    import importlib
    import pkgutil

    found: dict[int, tuple[list[str], object]] = {}

    def add(where: str, value: object) -> None:
        found.setdefault(id(value), ([], value))[0].append(where)

    modules = [pl] + [importlib.import_module(info.name)
                      for info in pkgutil.walk_packages(pl.__path__, "pokerlab.")
                      if not any(part.startswith("_") for part in info.name.split("."))
                      and not info.name.startswith(SKIPPED_PACKAGES)]
    for module in modules:
        for name in getattr(module, "__all__", []):
            value = getattr(module, name)
            where = f"{module.__name__}.{name}"
            if inspect.isclass(value):
                if "__init__" in vars(value):
                    add(where, value.__init__)
                for attribute, member in vars(value).items():
                    if isinstance(member, (classmethod, staticmethod)):
                        member = member.__func__
                    if not attribute.startswith("_") and inspect.isfunction(member):
                        add(f"{where}.{attribute}", member)
            elif callable(value) and not inspect.ismodule(value):
                add(where, value)
    return found


def test_game_seed_threads_and_progress_are_keyword_only_options_and_seed_defaults_to_none():
    wrong = []
    checked = 0
    for names, function in _public_callables().values():
        try:
            parameters = inspect.signature(function).parameters.values()  # type: ignore[arg-type]
        except (TypeError, ValueError):  # a builtin or compiled function without a signature
            continue
        checked += 1
        if OPTION_NAMES_AS_SUBJECTS.intersection(names):
            continue
        for p in parameters:
            if p.name in OPTIONS and p.kind is not inspect.Parameter.KEYWORD_ONLY:
                wrong.append(f"{names[0]}: {p.name} is {p.kind.description}")
            if p.name == "seed" and p.default is not None:
                wrong.append(f"{names[0]}: seed defaults to {p.default!r}")
    assert checked > 100
    assert wrong == []
