"""Starting the ``pokerlab`` command: ``import pokerlab`` and the command's own modules load
neither NumPy nor Numba, so ``--version`` and ``--help`` answer at once; ``--help`` still lists
every command with its help, and each command's help names the games it takes from the catalog.
How long they take is ``pokerlab bench startup``'s figure, not a test's."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib.metadata import version

import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app
from pokerlab.games import names

HEAVY = ("numba", "numpy")


def loaded_after(code: str) -> list[str]:
    """The heavy modules a fresh interpreter has loaded after running ``code``."""
    probe = f"{code}\nimport sys\nprint('loaded:', *(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()[-1].split()[1:]


@pytest.mark.parametrize("code", ["import pokerlab", "import pokerlab.cli.main", "import pokerlab as pl; pl.__all__"])
def test_importing_loads_neither_numpy_nor_numba(code: str) -> None:
    assert loaded_after(code) == []


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["equity", "--help"], ["games", "--help"]])
def test_version_and_help_load_neither_numba_nor_numpy_for_the_command_list(args: list[str]) -> None:
    code = f"""
import sys
from pokerlab.cli.main import app
sys.argv = ["pokerlab", *{args!r}]
try:
    app()
except SystemExit as end:
    assert end.code in (0, None), end.code
"""
    loaded = loaded_after(code)
    assert "numba" not in loaded
    if args[0] in ("--version", "--help"):
        assert loaded == []


def test_version_is_the_installed_one() -> None:
    done = subprocess.run([sys.executable, "-m", "pokerlab", "--version"], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.strip() == f"pokerlab {version('pokerlab')}"


def test_help_lists_every_command_with_its_help() -> None:
    import typer

    group = typer.main.get_command(app)
    listed = CliRunner().invoke(app, ["--help"]).output
    for name in group.list_commands(None):  # type: ignore[attr-defined, arg-type]
        command = group.get_command(None, name)  # type: ignore[attr-defined, arg-type]
        first_words = " ".join(command.get_short_help_str(1000).split()[:4])
        assert re.search(rf"^  {re.escape(name)}\s+{re.escape(first_words)}", listed, re.MULTILINE), name
    assert "videopoker" in group.list_commands(None)  # type: ignore[attr-defined, arg-type]


def test_a_group_loaded_when_it_runs_is_listed_by_its_own_help() -> None:
    """Such a group (video poker, the solver) is listed by ``pokerlab --help`` by a help
    written beside its registration: the same words as the group's own."""
    import typer

    lazy = typer.main.get_command(app).lazy  # type: ignore[attr-defined]
    assert [group.name for group in lazy][:1] == ["videopoker"]
    for group in lazy:
        assert group.help == group.load().help, group.name
    assert "hold" in CliRunner().invoke(app, ["videopoker", "--help"]).output


@pytest.mark.parametrize("command, games", [
    ("eval", names()),
    ("equity", names(lambda game: bool(game.board_cards))),
    ("runouts", names(lambda game: bool(game.board_cards))),
    ("grid", names(lambda game: bool(game.board_cards) and not game.hilo)),
    ("outs", names(lambda game: bool(game.board_cards) and not game.hilo)),
])
def test_each_command_names_the_games_it_takes_from_the_catalog(command: str, games: str) -> None:
    shown = " ".join(CliRunner().invoke(app, [command, "--help"], terminal_width=400).output.split())
    assert f"The game, one of: {games} (pokerlab games" in shown
    assert "{games" not in shown


def test_help_marks_are_filled_wherever_they_are_used() -> None:
    shown = CliRunner().invoke(app, ["preflop", "vs-random", "--help"], terminal_width=400).output
    from pokerlab.preflop import DEFAULT_STDERR

    assert f"(default: {DEFAULT_STDERR:g})" in " ".join(shown.split()) and "{preflop" not in shown
