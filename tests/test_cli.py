import json

import pytest
from typer.testing import CliRunner

from pokerlab.cli import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_help_lists_the_commands():
    out = run("--help").output
    for command in ("eval", "demo", "bench", "equity", "grid", "outs", "range"):
        assert command in out


def test_eval_prints_every_face_and_json():
    out = run("eval", "As Ks Qs Js Ts 2c 3d").output
    for text in ("Royal Flush", "7462", "STRAIGHT_FLUSH", "As Ks Qs Js Ts"):
        assert text in out
    data = json.loads(run("eval", "Kh Kd Ks 7c 7d", "--json").output)
    assert data["description"] == "Full House, Kings full of Sevens" and data["kev_class"] == 185


@pytest.mark.parametrize("args, words", [
    (("eval", "As As Qs Js Ts"), "duplicate card: As"),
    (("eval", "As Ks Qs Js"), "got 4"),
    (("equity", "AsKs", "AsQd"), "duplicate card: As"),
    (("equity", "AsKs", "QQ+,AZs"), "AZs"),
    (("outs", "AhKh", "--board", "Qh"), "flop or a turn"),
])
def test_bad_input_exits_2_with_the_reason(args, words):
    result = run(*args)
    assert result.exit_code == 2
    assert words in result.output
    assert "Traceback" not in result.output


def test_equity_table_and_json():
    out = run("equity", "AsKs", "QdQc").output
    assert "46.2145%" in out and "53.7855%" in out
    data = json.loads(run("equity", "AhKh", "QQ+,AKs", "random", "--board", "Qh7h3s", "--dead", "2c", "--json").output)
    assert data["exact"] and len(data["players"]) == 3
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1)


def test_monte_carlo_shows_the_error():
    out = run("equity", "random", "random", "random", "--trials", "100000", "--seed", "1").output
    assert "Monte Carlo" in out and "stderr" in out


def test_grid_and_outs():
    out = run("grid", "AsKs", "--board", "TsQs2d").output
    assert "exact" in out and "Straight Flush" in out
    data = json.loads(run("outs", "AhKh", "2c2d", "--board", "Qh7h3s", "--json").output)
    assert data["count"] == 15


def test_demo_runs():
    out = run("demo").output
    assert "Royal Flush" in out and "High Card" in out
