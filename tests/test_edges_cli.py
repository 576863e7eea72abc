"""The command line at its edges: Ctrl-C says one line and exits 130, and every refusal, the
option parser's and the range parser's included, is one ``error:`` line with exit status 2."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerlab import checks
from pokerlab.cli.main import app
from pokerlab.errors import InvalidArgumentError

POKERLAB = Path(sys.executable).with_name("pokerlab")


@pytest.mark.timeout(300)
def test_ctrl_c_prints_one_line_and_exits_130() -> None:
    child = subprocess.Popen([str(POKERLAB), "equity", "AhKh", "QdQc", "random", "--trials", "1000000000000"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        try:
            child.wait(5)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
    finally:
        child.kill()
    lines = [line for line in err.splitlines() if line.strip() and "compiling" not in line]
    assert child.returncode == 130, err[-3000:]
    assert lines == ["interrupted"], err[-3000:]


def run(*args: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output.strip().splitlines()


@pytest.mark.parametrize("args, match", [
    (("equity", "AhKh", "--foo"), "error: no such option: --foo"),
    (("equity", "AhKh", "QdQc", "--trials", "many"), "error: invalid value for '--trials'"),
    (("equity",), "error: missing argument"),
    (("nosuchcommand",), "error: no such command 'nosuchcommand'"),
    (("videopoker", "risk", "--bankroll"), "error: option '--bankroll' requires an argument"),
])
@pytest.mark.timeout(60)
def test_option_parser_errors_are_one_error_line(args: tuple[str, ...], match: str) -> None:
    code, lines = run(*args)
    assert code == 2
    assert len(lines) == 1 and lines[0].startswith(match), lines


@pytest.mark.timeout(60)
def test_a_range_error_is_one_line_then_the_caret_under_the_text() -> None:
    code, lines = run("equity", "AhKh", "QQ+,AKz,JJ")
    assert code == 2
    assert lines == ["error: player 2: unknown range token: 'AKz' at position 4", "  QQ+,AKz,JJ", "      ^^^"] or (
        lines[0].startswith("error: ") and lines[1:] == ["  QQ+,AKz,JJ", "      ^^^"]), lines


@pytest.mark.timeout(60)
def test_a_range_that_is_all_error_has_no_caret() -> None:
    code, lines = run("equity", "AhKh", "AKz")
    assert code == 2 and len(lines) == 1 and lines[0].startswith("error: "), lines


@pytest.mark.timeout(120)
def test_a_huge_omaha_pattern_is_not_echoed() -> None:
    code, lines = run("equity", "AsKsQdJd", "AA**ds," + "x" * 20_000, "--game", "omaha")
    assert code == 2 and lines[0].startswith("error: "), lines[:1]
    assert len(lines) <= 3 and all(len(line) < 400 for line in lines), [len(line) for line in lines]


@pytest.mark.parametrize("args", [("breakdown", "", "--board", "AhKd2c"), ("breakdown", "QQ+:0", "--board", "AhKd2c"),
                                  ("breakdown", "AA", "--board", "AhAdAc")])
@pytest.mark.timeout(120)
def test_breakdown_refuses_an_empty_range(args: tuple[str, ...]) -> None:
    code, lines = run(*args)
    assert code == 2 and len(lines) == 1 and "is empty" in lines[0], lines


@pytest.mark.timeout(60)
def test_a_pay_table_that_is_not_utf8_is_one_error_line(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes("title = 'caf\u00e9'\n".encode("latin-1"))
    code, lines = run("videopoker", "analyze", "--paytable", str(path))
    assert code == 2 and len(lines) == 1 and "not UTF-8" in lines[0], lines


LONG = "x" * 20_000


@pytest.mark.parametrize("check", [
    lambda: checks.check_int("count", LONG),
    lambda: checks.check_number("stderr", LONG, above=0),
    lambda: checks.check_choice("suite", LONG, ["eval"]),
    lambda: checks.check_list("players", LONG),
    lambda: checks.check_list("players", 10 ** 20_000 // 7),
    lambda: checks.check_progress(LONG),
    lambda: checks.check_stderr(LONG),
], ids=["int", "number", "choice", "list-string", "list-int", "progress", "stderr"])
def test_the_general_checks_echo_what_they_refuse_cut_short(check) -> None:
    with pytest.raises(InvalidArgumentError) as refused:
        check()
    message = str(refused.value)
    assert len(message) < 250 and ("characters)" in message or "too long to write out" in message), message


@pytest.mark.timeout(60)
def test_a_long_suite_name_is_one_short_error_line() -> None:
    code, lines = run("bench", LONG)
    assert code == 2 and len(lines) == 1 and len(lines[0]) < 400 and "(20000 characters)" in lines[0], lines


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_ctrl_c_during_a_first_runs_compile_stops_at_once(tmp_path: Path) -> None:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))  # nothing compiled: the equity kernels take minutes
    child = subprocess.Popen([str(POKERLAB), "equity", "AhKh", "QdQc"], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(8)
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        _, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert child.returncode == 130 and err.splitlines()[-1] == "interrupted", err[-3000:]
    assert time.monotonic() - sent < 60  # a hang guard: the compile's minutes would be far past it


@pytest.mark.parametrize("args", [
    ("breakdown", "", "--board", "Ah7d2c"),
    ("breakdown", "AA", "--board", "AhAdAc"),
    ("breakdown", "QQ+", "--board", "Ah7d"),
    ("breakdown", "QQ+", "--board", "Ah7d2c", "--dead", "2c"),
    ("runouts", "AhKh", "ZZ", "--board", "Qh7h3s"),
    ("runouts", "AhKh", "QQ", "--board", "Qh7h"),
    ("runouts", "AhKh", "QQ", "--board", "Qh7h3s2d", "--pairs"),
    ("runouts", "AhKh", "QQ", "--board", "Qh7h3s", "--threads", "0"),
    ("runouts", "AsKsQdJd", "AK", "--board", "Qh7h3s", "--game", "omaha"),
    ("equity", "AhKh", "ZZ", "--board", "Qh7h3s"),
    ("equity", "AhKh", "QQ+", "--board", "Qh7h3x"),
    ("equity", "AhKh", "QQ+", "--dead", "Ah"),
    ("equity", "AsKsQdJd", "AK", "--game", "omaha"),
    ("equity", "AhKh", "2c2d", "--board", "Qh7h", "--game", "short-deck"),
    ("grid", "AhKz", "--board", "Qh7h3s"),
    ("grid", "AhKh", "--board", "Qh7h3s", "--dead", "Qh"),
    ("icm", "50", "30", "--payouts", "30", "70"),
    ("pushfold", "ten"),
    ("pushfold-icm", "--stacks", "10", "15", "--payouts", "50", "--blinds", "0.5", "1"),
    ("pushfold-icm", "--stacks", "10", "15", "25", "--payouts", "30", "50", "--blinds", "0.5", "1"),
])
@pytest.mark.timeout(60)
def test_analyses_refuse_bad_input_before_any_compile(monkeypatch, args: tuple[str, ...]) -> None:
    from pokerlab.cli import warmup

    warms: list[object] = []
    monkeypatch.setattr(warmup, "cold", list)  # as if nothing were warm yet: a first run
    monkeypatch.setattr(warmup, "compile_parts", warms.append)
    code, lines = run(*args)
    assert code == 2 and lines[0].startswith("error: "), lines
    assert warms == [] and not any("compiling" in line for line in lines)
