"""The ``pokerlab`` command as a user meets it: help, errors, JSON, pipes, terminal widths."""

import io
import json
import os
import re
import subprocess
import sys
import time
from importlib.metadata import version

import pytest
from rich.console import Console
from typer.testing import CliRunner

from pokerlab.cli import main as cli
from pokerlab.cli import support as cli_support
from pokerlab.cli.main import SHORT_LABELS, app
from pokerlab.cli.support import LazyGroup
from pokerlab.cli.warmup import PARTS
from pokerlab.ranges.holdem import Range
from pokerlab.rankings.category import HandCategory

runner = CliRunner()


def run(*args: str, **kwargs):
    return runner.invoke(app, list(args), **kwargs)


def ok(*args: str, **kwargs):
    result = run(*args, **kwargs)
    assert result.exit_code == 0, result.output
    return result


def every_command() -> dict[tuple[str, ...], bool]:
    """Every command and command group, by the words that run it (the groups that load when
    they run loaded), each with whether it is a group."""
    import typer

    found: dict[tuple[str, ...], bool] = {}

    def walk(group, path: tuple[str, ...]) -> None:
        for name in group.list_commands(None):
            command = group.get_command(None, name)
            command = command.load() if isinstance(command, LazyGroup) else command
            found[(*path, name)] = hasattr(command, "list_commands")
            if found[(*path, name)]:
                walk(command, (*path, name))

    walk(typer.main.get_command(app), ())
    return found


EVERY_COMMAND = every_command()
COMMANDS = [(), *EVERY_COMMAND]
NO_RESULT = [("serve",), ("videopoker", "play")]
"""The commands that print no result to give as JSON: the web server and the trainer."""


def test_help_lists_the_commands():
    out = ok("--help").output
    for command in ("eval", "demo", "bench", "equity", "grid", "outs", "range", "videopoker", "preflop", "serve"):
        assert re.search(rf"^\s+{command}\s", out, re.MULTILINE), out


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "pokerlab")
def test_every_command_takes_h_and_shows_no_type_after_a_flag(command):
    short, long = ok(*command, "-h").output, ok(*command, "--help").output
    assert short == long and "Usage:" in short
    assert "<bool>" not in short
    if command:
        assert "--json" in short or EVERY_COMMAND[command] or command in NO_RESULT, command
        assert "--json" not in short or command not in NO_RESULT, command


def test_the_commands_are_all_there():
    assert {("eval",), ("games",), ("equity",), ("compile",), ("videopoker", "hold"), ("preflop", "matrix"),
            ("pushfold-icm",)} <= set(COMMANDS)


def test_version():
    assert ok("--version").stdout.strip() == f"pokerlab {version('pokerlab')}"


def test_games_shows_how_many_cards_each_game_deals():
    lines = {line.split()[1]: line.split()[2:5] for line in ok("games", terminal_width=200).output.splitlines()
             if line.startswith("│") and line.split()[1] in ("ace-to-five", "deuce-to-seven", "omaha5")}
    assert lines == {"omaha5": ["│", "5", "│"], "deuce-to-seven": ["│", "5", "│"], "ace-to-five": ["│", "5", "to"]}
    assert ok("eval", "As 2d 3c 4h 5s", "--game", "ace-to-five").exit_code == 0  # five cards, as shown
    assert ok("eval", "As 2d 3c 4h 5s Kd Kc", "--game", "ace-to-five").exit_code == 0  # to seven


def test_eval_prints_every_face_and_json():
    out = ok("eval", "As Ks Qs Js Ts 2c 3d").output
    for text in ("Royal Flush", "7462", "STRAIGHT_FLUSH", "As Ks Qs Js Ts"):
        assert text in out
    data = json.loads(ok("eval", "Kh Kd Ks 7c 7d", "--json").stdout)
    assert data["description"] == "Full House, Kings full of Sevens" and data["kev_class"] == 185


def test_eval_takes_cards_without_quotes():
    assert ok("eval", "As", "Kd", "Qh", "Js", "9c", "--json").stdout == ok("eval", "As Kd Qh Js 9c", "--json").stdout
    assert ok("videopoker", "hold", "As", "Ks", "Kh", "4s", "4d", "--json").stdout == \
        ok("videopoker", "hold", "As Ks Kh 4s 4d", "--json").stdout


JSON_COMMANDS = [
    ("eval", "As Kd Qh Js 9c"),
    ("demo",),
    ("range", "QQ+,AKs"),
    ("equity", "AsKs", "QdQc"),
    ("equity", "AhKh", "QQ+,AKs", "--board", "Qh7h3s", "--trials", "2000", "--seed", "1"),
    ("grid", "AsKs", "--board", "TsQs2d"),
    ("outs", "AhKh", "2c2d", "--board", "Qh7h3s"),
    ("videopoker", "hold", "As Ks Kh 4s 4d"),
    ("preflop", "show", "AKs"),
    ("preflop", "chart"),
    ("preflop", "matrix", "--hands", "AA,KK"),
    ("preflop", "vs-random", "--opponents", "2", "--stderr", "0.2", "--seed", "1"),
]


@pytest.mark.parametrize("args", JSON_COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_json_is_the_only_thing_on_stdout(args):
    result = ok(*args, "--json")
    json.loads(result.stdout)  # the whole of stdout is one JSON document


def test_equity_table_and_json():
    out = ok("equity", "AsKs", "QdQc").output
    assert "46.2145%" in out and "53.7855%" in out
    data = json.loads(ok("equity", "AhKh", "QQ+,AKs", "random", "--board", "Qh7h3s", "--dead", "2c",
                         "--json").stdout)
    assert data["exact"] and len(data["players"]) == 3
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1)


def test_trials_runs_monte_carlo():
    exact = json.loads(ok("equity", "AsKs", "QdQc", "--json").stdout)
    sampled = json.loads(ok("equity", "AsKs", "QdQc", "--trials", "5000", "--seed", "1", "--json").stdout)
    assert exact["exact"] and not sampled["exact"]
    assert sampled["showdowns"] >= 5000 and sampled["showdowns"] != exact["showdowns"]
    assert sampled["players"][0]["equity"] == pytest.approx(exact["players"][0]["equity"], abs=0.05)
    out = ok("equity", "random", "random", "random", "--trials", "100000", "--seed", "1").output
    assert "Monte Carlo" in out and "stderr" in out


@pytest.mark.parametrize("command", [("equity", "AsKs", "QdQc"), ("grid", "AsKs")])
@pytest.mark.parametrize("rule", [("--trials", "1000"), ("--stderr", "0.01"), ("--seconds", "1")])
def test_exact_with_a_monte_carlo_rule_is_refused(command, rule):
    result = run(*command, "--exact", *rule)
    assert result.exit_code == 2
    assert f"error: --exact cannot be combined with {rule[0]}" in result.output


def test_range_piped_says_what_colour_says():
    out = ok("range", "QQ+,AKs,A5s-A2s:0.5").stdout
    grid = [line.split() for line in out.splitlines()[:13]]
    shares = Range("QQ+,AKs,A5s-A2s:0.5").grid()
    assert [len(row) for row in grid] == [13] * 13
    for r in range(13):
        for c in range(13):
            if shares[r, c] == 0:
                assert grid[r][c] == "."
            elif shares[r, c] < 1:
                assert grid[r][c] == f"{round(100 * shares[r, c])}%"
            else:
                assert grid[r][c][0] in "AKQ"
    assert "AA" in grid[0] and "50%" in grid[0] and "72o" not in out


def test_range_in_colour_dims_what_is_out(monkeypatch):
    screen = io.StringIO()
    monkeypatch.setattr(cli, "out", Console(file=screen, force_terminal=True, color_system="truecolor", width=100))
    ok("range", "QQ+,AKs")
    assert "\x1b[" in screen.getvalue() and "72o" in screen.getvalue()  # out of the range, but there, dimmed


def test_grid_fits_in_80_columns():
    out = ok("grid", "AsKs", "--trials", "20000", "--seed", "3", env={"COLUMNS": "80"}).stdout
    lines = out.splitlines()
    assert max(map(len, lines)) <= 80
    assert "…" not in out
    title = next(line for line in lines if "Monte Carlo" in line)
    assert re.search(r"[\d,]+ trials, standard error \d+\.\d+%", title), title
    header = next(line for line in lines if line.startswith("you\\opp"))
    assert header.split()[1:] == [SHORT_LABELS[c] for c in HandCategory] + ["win", "tie", "lose"]
    rows = [line.split() for line in lines if line.split() and line.split()[0] in SHORT_LABELS]
    assert len(rows) >= 7  # each category row on one line, its three last cells the row's win, tie and lose
    assert all(len(row) >= 4 and all(re.fullmatch(r"\d+\.\d", x) for x in row[-3:]) for row in rows)


def test_grid_takes_the_equity_options():
    exact = json.loads(ok("grid", "AsKs", "--board", "TsQs2d", "--exact", "--json").stdout)
    sampled = json.loads(ok("grid", "AsKs", "--board", "TsQs2d", "--stderr", "0.01", "--seed", "2",
                            "--json").stdout)
    timed = json.loads(ok("grid", "AsKs", "--board", "TsQs2d", "--seconds", "0.2", "--seed", "2",
                          "--json").stdout)
    assert exact["exact"] and not sampled["exact"] and not timed["exact"]
    assert exact["stderr"] == 0 and 0 < sampled["stderr"] <= 0.01
    assert sampled["win"] == pytest.approx(exact["win"], abs=0.05)


def test_outs_says_what_wins_what_splits_and_when_you_are_ahead():
    behind = ok("outs", "AhKh", "2c2d", "--board", "Qh7h3s").stdout
    assert "15 of 45 cards win" in behind and "keep you ahead" not in behind
    ahead = ok("outs", "AhKh", "2c2d", "--board", "Qh7hKs").stdout
    assert "keep you ahead" in ahead
    split = ok("outs", "AhKh", "AcKc", "--board", "Qh7h3s").stdout
    assert re.search(r"9 of 45 cards win, 36 split", split) and "splits" in split
    assert "improve your hand" in ok("outs", "AhKh", "--board", "Qh7h3s").stdout


@pytest.mark.parametrize("args, words", [
    (("eval", "As As Qs Js Ts"), "duplicate card: As"),
    (("eval", "As Ks Qs Js"), "got 4"),
    (("equity", "AsKs", "AsQd"), "duplicate card: As"),
    (("equity", "AsKs", "QQ+,AZs"), "AZs"),
    (("outs", "AhKh", "--board", "Qh"), "flop or a turn"),
])
def test_bad_input_exits_2_with_the_reason_on_stderr(args, words):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ") and words in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [("equity", "AsKs", "QdQc", "--trials", "2.5"), ("eval",), ("nosuchcommand",),
                                  ("grid", "AsKs", "--opponents", "x"), ("equity", "AsKs", "--nope")])
def test_usage_errors_exit_2(args):
    result = run(*args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert "Traceback" not in result.output and len(lines) == 1 and lines[0].startswith("error: "), lines


@pytest.mark.parametrize("blocked, args, extra", [
    ("matplotlib", ("preflop", "chart", "--out", "{tmp}/chart.png"), "plot"),
    ("distributed", ("preflop", "matrix", "--hands", "AA", "--scheduler", "tcp://127.0.0.1:1"), "dask"),
    ("fastapi", ("serve", "--port", "0"), "web"),
    ("fastapi", ("bench", "web", "--quick"), "web"),
])
def test_a_missing_extra_is_named(monkeypatch, tmp_path, blocked, args, extra):
    loaded = [m for m in sys.modules
              if m.partition(".")[0] == blocked or m.startswith(("pokerlab.web", "pokerlab.bench."))]
    for name in loaded:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, blocked, None)  # import now fails as if it was never installed
    result = run(*(a.format(tmp=tmp_path) for a in args))
    assert result.exit_code == 2, result.output
    assert f"install pokerlab[{extra}]" in result.stderr and "Traceback" not in result.output


def test_files_are_written_with_out(tmp_path):
    csv, png = tmp_path / "matrix.csv", tmp_path / "chart.png"
    ok("preflop", "matrix", "--hands", "AA,KK", "--out", str(csv))
    assert csv.read_text().splitlines()[0].startswith("hand,")
    ok("preflop", "chart", "--out", str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    result = run("preflop", "chart", "--out", str(tmp_path / "no" / "chart.png"))
    assert result.exit_code == 2 and "no such folder" in result.stderr


def test_progress_bar_draws_on_a_terminal(monkeypatch):
    screen = io.StringIO()
    monkeypatch.setattr(cli_support, "err", Console(file=screen, force_terminal=True, force_interactive=True,
                                                    width=100))
    with cli_support.progress_bar("counting") as progress:
        for done in range(11):
            progress(done, 10)
    assert "counting" in screen.getvalue() and "100%" in screen.getvalue()


# A command and a subcommand (the notice is said once, at the root group) whose parts are among
# the quickest to compile from nothing. That a part's warming leaves its commands no kernel of
# their own to compile is checked for every part, over the suite's cache, in tests/test_warmup.py.
@pytest.mark.slow
@pytest.mark.parametrize("args, what", [
    (("breakdown", "QQ+,AK", "--board", "Ah7d2c", "--json"), PARTS["breakdown"].what),
    (("videopoker", "hold", "As Ks Kh 4s 4d", "--json"), PARTS["videopoker"].what),
])
def test_a_first_run_says_what_it_compiles_once(tmp_path, args, what):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))  # a fresh install: nothing compiled yet
    command = [sys.executable, "-m", "pokerlab", *args]
    first = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
    assert first.returncode == again.returncode == 0, first.stderr
    assert first.stderr.splitlines() == [cli_support.COMPILING.format(what=what)]  # once, for several kernels
    assert again.stderr == ""  # they now load from the cache
    assert json.loads(first.stdout) == json.loads(again.stdout)


def test_compile_says_each_part_and_refuses_what_is_not_one():
    out = ok("compile", "breakdown", "--jobs", "1", "--again").stdout.splitlines()
    assert out[0].startswith(f"breakdown: {PARTS['breakdown'].what}, ") and out[-1].startswith("1 part(s), ")
    report = json.loads(ok("compile", "breakdown", "--json").stdout)  # warm now: nothing to do
    assert report["parts"] == [] and report["warm_already"] == ["breakdown"] and report["wall_seconds"] > 0
    for args, words in ((("compile", "nothing"), "part must be one of 'equity'"),
                        (("compile", "--jobs", "0"), "jobs must be an int")):
        result = run(*args)
        assert result.exit_code == 2 and words in result.stderr, result.output


def test_a_compile_outside_a_part_is_named_by_its_kernels_module(monkeypatch):
    screen = io.StringIO()
    monkeypatch.setattr(cli_support, "err", Console(file=screen, width=200))
    notice = cli_support._CompileNotice()
    for kernel in ("pokerlab.videopoker.kernels.hold_table", "pokerlab.videopoker.kernels.hand_codes",
                   "pokerlab.videopoker.strategy_kernels.hold_patterns"):
        notice(kernel)
    assert screen.getvalue().splitlines() == [
        cli_support.COMPILING.format(what=f"the kernels of {module}")
        for module in ("pokerlab.videopoker.kernels", "pokerlab.videopoker.strategy_kernels")]


WARMS_FIRST = [
    (("equity", "AhKh", "QdQc", "--board", "Qh7h3s"), "equity"),
    (("equity", "AhKhQdJd", "random", "--board", "Qh7h3s", "--trials", "100", "--game", "omaha"), "omaha"),
    (("grid", "AhKh", "--board", "Qh7h3s"), "equity"),
    (("runouts", "AhKh", "2c2d", "--board", "Qh7h3s9d", "--game", "holdem-hilo"), "best-five"),
    (("breakdown", "QQ+,AK", "--board", "Ah7d2c"), "breakdown"),
    (("preflop", "matrix", "--hands", "AA,KK"), "preflop"),
    (("preflop", "vs-random", "--opponents", "2", "--stderr", "0.2", "--seed", "1"), "preflop"),
    (("icm", "50", "30", "20", "--payouts", "70", "30"), "tournament"),
    (("pushfold", "10"), "tournament"),
    (("pushfold-icm", "--stacks", "10", "15", "25", "--payouts", "50", "30", "20", "--blinds", "0.5", "1"),
     "tournament"),
    (("videopoker", "hold", "As Ks Kh 4s 4d"), "videopoker"),
    (("videopoker", "analyze", "-p", "jacks-8-5"), "videopoker"),
    (("videopoker", "strategy", "--json"), "videopoker-charts"),
    (("videopoker", "risk", "--hands", "100"), "videopoker"),
    (("videopoker", "play", "--seed", "1"), "videopoker"),
]
"""Each command that runs kernels, and the part it warms before its work (and its clock) starts."""

@pytest.mark.parametrize(("args", "says"), [
    (("grid", "AhKh", "--board", "Qh7h3s", "--game", "holdem-hilo"), "game: the grid takes a game with"),
    (("equity", "AhKhQdJd", "AA**", "--board", "2c3c4d", "--game", "omaha", "--by-combo"), "by_combo must be"),
])
def test_a_game_the_command_does_not_take_is_refused_before_any_compile(monkeypatch, args, says):
    def no_compile(*_args: object) -> None:
        raise AssertionError("warmed before the refusal")

    monkeypatch.setattr(cli, "warmed_for", no_compile)
    result = run(*args)
    assert result.exit_code == 2 and says in result.stderr, result.output


NO_KERNELS = [("eval", "As Ks Qs Js Ts 2c 3d"), ("eval", "AsKsQdJd Qh7h3s2d9c", "--game", "omaha"), ("games",),
              ("demo",), ("range", "QQ+,AKs"), ("outs", "AhKh", "2c2d", "--board", "Qh7h3s"),
              ("outs", "AhKhQdJd", "--board", "Qh7h3s", "--game", "omaha"), ("preflop", "show", "AKs"),
              ("preflop", "chart", "--json"), ("videopoker", "games")]
"""The commands that run no kernel, so have nothing to compile (checked in a new process)."""

SAYS_ITS_OWN = {("compile",): "is the compile: it names each part as it ends",
                ("serve",): "prepares the pages' kernels, saying so in its log (tests/test_web_serve.py)",
                ("bench",): "says what its suites compile as they compile it, and times only warm runs"}
"""The commands that compile in their own way, and how they announce it."""


def test_every_command_is_known_to_warm_its_kernels_or_to_have_none():
    listed = {args[:2] if args[0] in ("preflop", "videopoker") else args[:1] for args, _ in WARMS_FIRST}
    listed |= {args[:2] if args[0] in ("preflop", "videopoker") else args[:1] for args in NO_KERNELS}
    # the solver's commands warm its part, which is its engineer's to add (tests/test_solver_cli.py)
    commands = {command for command, group in EVERY_COMMAND.items() if not group and command[0] != "solve"}
    assert commands == listed | set(SAYS_ITS_OWN), commands ^ (listed | set(SAYS_ITS_OWN))


@pytest.mark.timeout(600)
def test_the_commands_said_to_have_no_kernels_run_none():
    code = f"""
import sys
from typer.testing import CliRunner
from pokerlab.cli.main import app
for args in {NO_KERNELS!r}:
    assert CliRunner().invoke(app, list(args)).exit_code == 0, args
from numba.core.registry import CPUDispatcher
print(sorted(f"{{v.py_func.__module__}}.{{v.py_func.__qualname__}}" for name, module in list(sys.modules.items())
             if name.startswith("pokerlab") for v in list(vars(module).values())
             if isinstance(v, CPUDispatcher) and v.signatures))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.splitlines()[-1] == "[]"


@pytest.mark.parametrize("args, part", WARMS_FIRST, ids=lambda a: " ".join(a[:2]) if isinstance(a, tuple) else a)
def test_a_command_warms_its_part_before_its_work_starts(monkeypatch, args, part):
    """What compiles is warmed before the command's clock starts, so no reported time counts it."""
    from pokerlab.cli import warmup

    events = []
    warm, clock = warmup.warm, time.perf_counter

    def read_clock() -> float:
        caller = sys._getframe(1).f_globals["__name__"]
        if caller.startswith("pokerlab.") and caller != "pokerlab.cli.warmup":
            events.append(f"clock read by {caller}")
        return clock()

    monkeypatch.setattr(warmup, "cold", list)  # as if nothing were warm yet
    # warmed here, not in processes of their own, whose clocks this one cannot see
    monkeypatch.setattr(warmup, "compile_parts", lambda parts: events.append(("warm", *parts)) or warm(parts))
    monkeypatch.setattr(time, "perf_counter", read_clock)
    ok(*args, input="hint\nquit\n")  # what the trainer reads; the other commands read nothing
    assert events[0] == ("warm", part) and ("warm", part) not in events[1:], events


def test_the_trainer_warms_the_chart_kernels_when_the_chart_is_asked_for(monkeypatch):
    from pokerlab.cli import warmup

    events = []
    monkeypatch.setattr(warmup, "cold", list)
    monkeypatch.setattr(warmup, "compile_parts", lambda parts: events.append(parts))
    ok("videopoker", "play", "--seed", "1", input="hint\nchart\nquit\n")
    assert events == [["videopoker"], ["videopoker-charts"]]


def test_demo_runs():
    out = ok("demo").output
    assert "Royal Flush" in out and "High Card" in out


def test_bench_says_what_its_suites_compile(monkeypatch):
    import numba

    from pokerlab import bench
    from pokerlab.bench.timing import Figure

    def square(x):
        return x * x

    square.__module__, square.__qualname__ = "pokerlab.bench.made_up", "square"  # a kernel never compiled before
    kernel = numba.njit(square)

    def suite(name, quick=False):
        return [Figure("square", float(kernel(3)), "s")]

    monkeypatch.setattr(bench, "run_suite", suite)
    result = ok("bench", "eval", "--json")
    assert result.stderr.split() == cli_support.COMPILING.format(what="the kernels of pokerlab.bench.made_up").split()
    assert json.loads(result.stdout)["eval"][0]["value"] == 9


@pytest.mark.parametrize("args", [
    ("equity", "AhKh", "QdQc", "--stderr", "1e-9"),
    ("equity", "AhKh", "QdQc", "--seconds", "1e9"),
    ("equity", "AhKh", "random", "--trials", "1" + "0" * 30),
    ("equity", "AhKh", "QdQc", "--exact", "--trials", "100"),
    ("grid", "AhKh", "--stderr", "1e-9"),
    ("grid", "AhKh", "--threads", "0"),
])
def test_a_stop_rule_that_cannot_be_met_is_refused_before_any_compile(monkeypatch, args):
    from pokerlab.cli import warmup

    warms = []
    monkeypatch.setattr(warmup, "cold", list)  # as if nothing were warm yet: a first run
    monkeypatch.setattr(warmup, "compile_parts", warms.append)
    result = run(*args)
    assert result.exit_code == 2 and result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert warms == [] and "compiling" not in result.stderr
