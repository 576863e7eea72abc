"""The trainer and the ``pokerlab videopoker`` commands, driven as a player would: stdin, tmux."""

import json
import os
import shutil
import subprocess
import sys
import time
import uuid

import pytest
from typer.testing import CliRunner

import pokerlab as pl
from pokerlab.cli.main import app
from pokerlab.errors import HoldError, VideoPokerError
from pokerlab.videopoker import PAYTABLES, Trainer, hold_evs
from pokerlab.videopoker.risk import risk_of_ruin
from refusals import CliRefused, check_cli, ids

runner = CliRunner()


def test_a_seeded_session_replays_and_keeps_the_books():
    first, second = Trainer(seed=42), Trainer(seed=42)
    assert first.deal() == second.deal()
    best = first.holds()[0]
    good = first.hold(best.positions)
    assert good.optimal and good.ev_lost == 0
    assert good.best == best and good.held == best
    assert all(good.final[p - 1] == good.dealt[p - 1] for p in best.positions)
    assert good.paid == PAYTABLES["jacks-9-6"].pay(good.final_hand) * 5
    assert good.final_hand is pl.videopoker.final_hand(good.final)

    first.deal()
    worst = first.holds()[-1]
    bad = first.hold(" ".join(map(str, worst.positions)) or "none")
    assert not bad.optimal
    assert bad.ev_lost == pytest.approx((bad.best.ev - worst.ev) * 5)
    summary = first.summary()
    assert (summary.hands, summary.mistakes, summary.bet) == (2, 1, 10)
    assert summary.won == good.paid + bad.paid and summary.net == summary.won - 10
    assert summary.error_rate == 0.5 and summary.ev_lost == pytest.approx(bad.ev_lost)
    assert json.loads(json.dumps(summary.to_dict()))["return"] == summary.return_rate
    assert "optimal=False" in repr(bad)


def test_the_draw_replaces_only_the_discards():
    trainer = Trainer(seed=1)
    hand = trainer.deal()
    result = trainer.hold("1 3")
    assert result.final[0] == hand[0] and result.final[2] == hand[2]
    assert len(set(result.final) | set(hand)) == 8


def test_the_trainer_refuses_bad_moves():
    trainer = Trainer(seed=3)
    with pytest.raises(VideoPokerError, match="no hand is dealt"):
        trainer.hold("all")
    trainer.deal()
    with pytest.raises(HoldError, match="position 7"):
        trainer.hold("1 7")
    with pytest.raises(HoldError, match=r"position 2 appears twice in \[2, 2\]"):
        trainer.hold([2, 2])
    with pytest.raises(HoldError, match="'2' in"):
        trainer.hold(["2"])
    with pytest.raises(VideoPokerError, match="coins must be"):
        Trainer(coins=9)


def test_hold_command_table_and_json():
    result = runner.invoke(app, ["videopoker", "hold", "As Ks Kh 4s 4d", "--paytable", "jacks-8-5"])
    assert result.exit_code == 0, result.output
    assert "Ks Kh 4s 4d" in result.output and f"{118 / 47:.4f}" in result.output and "jacks-8-5" in result.output
    data = json.loads(runner.invoke(app, ["videopoker", "hold", "AsKsKh4s4d", "--json"]).stdout)
    assert data["hand"] == "As Ks Kh 4s 4d" and len(data["holds"]) == 32
    assert data["holds"][0]["cards"] == "Ks Kh 4s 4d" and data["holds"][0]["ev"] == pytest.approx(122 / 47)


def test_commands_report_bad_input():
    for args, message in ((["hold", "As Ks Kh 4s"], "got 4"), (["hold", "As As Kh 4s 4d"], "duplicate card"),
                          (["hold", "As Ks Kh 4s 4d", "-p", "jacks-1-1"], "unknown pay table"),
                          (["analyze", "-p", "missing.toml"], "cannot read pay table")):
        result = runner.invoke(app, ["videopoker", *args])
        assert result.exit_code == 2 and result.stderr.startswith("error: ") and message in result.stderr, result.output


def test_analyze_command_with_a_paytable_file(tmp_path):
    path = tmp_path / "nine-five.json"
    path.write_text(json.dumps({"name": "nine-five", "pays": {**PAYTABLES["jacks-9-6"].pays, "flush": 5}}))
    result = runner.invoke(app, ["videopoker", "analyze", "--paytable", str(path)])
    assert result.exit_code == 0, result.output
    assert "Royal Flush" in result.output and "98.4498%" in result.output and "134,459" in result.output
    data = json.loads(runner.invoke(app, ["videopoker", "analyze", "--json"]).stdout)
    assert round(data["expected_return"], 6) == 0.995439


def play(keys: str, seed: int = 8) -> str:
    result = runner.invoke(app, ["videopoker", "play", "--seed", str(seed)], input=keys)
    assert result.exit_code == 0, result.output
    return result.output


def test_play_through_stdin():
    trainer = Trainer(seed=8)  # the same shuffles as the command, to know the right answers
    first = trainer.deal()
    best = trainer.holds()[0]
    worst = trainer.holds()[-1]
    out = play(f"hint\n{''.join(map(str, best.positions)) or 'none'}\n8\n"
               f"{''.join(map(str, worst.positions)) or 'none'}\nquit\n")
    assert all(name in out for name in pl.format_cards(first).split())
    assert "every hold, best first" in out and f"{best.ev:.4f}" in out
    assert "  optimal: " in out and "position 8 in '8' is outside 1..5" in out
    assert "not optimal" in out and "credits of EV lost" in out
    assert "Session summary: 2 hands, bet 10" in out and "error rate 50.0% (1 of 2)" in out


def test_play_ends_at_end_of_input():
    out = play("all\nnone\n")
    assert "Session summary: 2 hands" in out
    assert "Session summary: 0 hands" in play("")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (make test installs it)")
def test_play_in_tmux_like_a_person():
    session = f"pokerlab-{uuid.uuid4().hex[:8]}"
    command = f"{sys.executable} -m pokerlab videopoker play --seed 5"
    tmux = ["tmux", "-L", session]  # a server of our own, so no one else's tmux is touched
    env = dict(os.environ, COLUMNS="120")

    def screen() -> str:
        return subprocess.run([*tmux, "capture-pane", "-p", "-J", "-S", "-300", "-t", session],
                              capture_output=True, text=True, check=True).stdout

    def wait_for(text: str, count: int = 1) -> str:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            shown = screen()
            if shown.count(text) >= count:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{screen()}")

    def send(keys: str) -> None:
        subprocess.run([*tmux, "send-keys", "-t", session, keys, "Enter"], check=True)

    subprocess.run([*tmux, "-f", "/dev/null", "new-session", "-d", "-s", session, "-x", "120", "-y", "50",
                    command], check=True, env=env)
    # Keep the pane after the trainer exits, to read its last words.
    subprocess.run([*tmux, "set-window-option", "-t", session, "remain-on-exit", "on"], check=True)
    try:
        shown = wait_for("hold>")
        hand = Trainer(seed=5).deal()
        assert all(name in shown for name in pl.format_cards(hand).split())
        send("hint")
        shown = wait_for("every hold, best first")
        assert f"{hold_evs(hand)[0].ev:.4f}" in shown
        send("12")
        wait_for("drew")
        wait_for("hold>", 3)
        send("quit")
        shown = wait_for("Session summary")
        assert "1 hands, bet 5" in shown
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)


def test_the_error_log_lists_the_costliest_mistakes():
    trainer = Trainer(seed=11)
    lost = []
    for _ in range(6):
        trainer.deal()
        holds = trainer.holds()
        pick = holds[len(holds) // 2]  # a middling hold: usually a mistake
        result = trainer.hold(pick.positions)
        assert result.best == holds[0] and result.ev_lost == pytest.approx((holds[0].ev - pick.ev) * 5)
        lost.append(result.ev_lost)
    log = trainer.error_log(3)
    assert [r.ev_lost for r in log] == sorted((x for x in lost if x > 0), reverse=True)[:3]
    assert trainer.summary().ev_lost == pytest.approx(sum(lost))
    assert all(json.loads(json.dumps(r.to_dict()))["best"]["ev"] == r.best.ev for r in log)
    with pytest.raises(pl.errors.InvalidArgumentError, match="limit must be"):
        trainer.error_log(-1)


def test_play_shows_the_chart_and_ends_with_the_error_log():
    hand = Trainer(seed=4).deal()
    line, held = pl.videopoker.strategy("jacks-9-6").hold(hand)
    out = play("chart\nnone\nall\n", seed=4)
    assert f"the chart: {line}: hold {held.label}" in out
    assert "costliest mistakes" in out and "credits lost" in out


def test_strategy_command_prints_the_chart():
    result = runner.invoke(app, ["videopoker", "strategy", "--paytable", "jacks-9-6"])
    assert result.exit_code == 0, result.output
    assert "Royal flush" in result.output and "Discard everything" in result.output
    assert "perfect play 99.5439%" in result.output
    data = json.loads(runner.invoke(app, ["videopoker", "strategy", "--json"]).stdout)
    assert data["lines"][0] == "Royal flush" and data["expected_return"] >= 0.995


def test_risk_command_gives_ruin_and_bankrolls():
    result = runner.invoke(app, ["videopoker", "risk", "--paytable", "jacks-9-6", "--bankroll", "4000",
                                 "--hands", "2000", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ruin"] == risk_of_ruin("jacks-9-6", 4000, 2000).to_dict()
    assert [b["limit"] for b in data["bankrolls"]] == [0.01, 0.05, 0.1, 0.25, 0.5]
    assert all(b["risk"] <= b["limit"] for b in data["bankrolls"])
    assert data["hand"]["variance"] == pytest.approx(19.514676, abs=1e-6)
    text = runner.invoke(app, ["videopoker", "risk", "--hands", "500", "--risk", "0.2"]).output
    assert "standard deviation 4.4175" in text and "20.00%" in text


def test_games_command_lists_the_built_in_tables():
    result = runner.invoke(app, ["videopoker", "games"])
    assert result.exit_code == 0 and all(name in result.output for name in PAYTABLES)
    assert [t["name"] for t in json.loads(runner.invoke(app, ["videopoker", "games", "--json"]).stdout)] == \
        list(PAYTABLES)


CLI_REFUSALS = [
    CliRefused("strategy-table", ("videopoker", "strategy", "-p", "jacks-1-1"), "unknown pay table"),
    CliRefused("strategy-coins", ("videopoker", "strategy", "--coins", "0"), "coins must be"),
    CliRefused("risk-bankroll", ("videopoker", "risk", "--bankroll", "-5"), "bankroll must be"),
    CliRefused("risk-hands", ("videopoker", "risk", "--hands", "1000000"), "hands must be"),
    CliRefused("risk-risk", ("videopoker", "risk", "--risk", "0"), "risk must be"),
    CliRefused("risk-coins", ("videopoker", "risk", "--coins", "9"), "coins must be"),
]


@pytest.mark.parametrize("case", CLI_REFUSALS, ids=ids(CLI_REFUSALS))
def test_cli_refusals(case: CliRefused) -> None:
    check_cli(case)


def test_any_game_can_be_played():
    trainer = Trainer("joker-kings-20-7-5", seed=2)
    jokers = 0
    for _ in range(40):
        hand = trainer.deal()
        jokers += pl.videopoker.JOKER in hand
        result = trainer.hold(trainer.holds()[0].positions)
        assert result.optimal and result.final_hand in trainer.paytable.hands
        assert result.paid == trainer.paytable.pay(result.final_hand) * 5
    assert jokers > 0  # the joker is in about one deal in eleven
    mine = pl.videopoker.Paytable.from_dict({"name": "loose-deuces", "wild": "deuces", "pays": {
        "royal_flush": 800, "four_deuces": 500, "wild_royal_flush": 25, "five_of_a_kind": 15, "straight_flush": 8,
        "four_of_a_kind": 4, "full_house": 3, "flush": 2, "straight": 2, "three_of_a_kind": 1}})
    trainer = Trainer(mine, seed=3)
    trainer.deal()
    assert trainer.hold("none").final_hand in mine.hands
    out = runner.invoke(app, ["videopoker", "play", "-p", "joker-kings-20-7-5", "--seed", "2"], input="all\n").output
    assert "Joker Poker" in out and "Session summary: 1 hands" in out


@pytest.mark.parametrize("command", ["strategy", "risk", "games"])
def test_new_commands_take_h_and_json(command):
    short = runner.invoke(app, ["videopoker", command, "-h"])
    assert short.exit_code == 0 and short.output == runner.invoke(app, ["videopoker", command, "--help"]).output
    assert "--json" in short.output and "<bool>" not in short.output
