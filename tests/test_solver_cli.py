"""``pokerlab solve`` as a user meets it: a river spot solved on the command line agrees with
the library's own solve, a saved solution's nodes read back, and bad input is one ``error:``
line with exit status 2."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

import pokerlab as pl
from pokerlab.analyses.equilibrium import Discount
from pokerlab.cli.main import app
from pokerlab.cli.solver import read_share

BOARD, OOP, IP = "Td9d6hQc2s", "AA,KK,QQ,JJ,AK,T9s,87s", "QQ-99,AQs,KQs,JTs"
SPOT = ("--board", BOARD, "--oop", OOP, "--ip", IP, "--pot", "200", "--stack", "900", "--bets", "60%,e,a")
POKERLAB = Path(sys.executable).with_name("pokerlab")


def run(*args: str):
    return CliRunner().invoke(app, ["solve", *args])


def ok(*args: str):
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def library():
    spot = pl.solver.Spot(BOARD, OOP, IP, 200, 900, bets="60%,e,a")
    return pl.solver.solve(spot, exploitability=0.005, threads=1)


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("solve") / "spot.npz"
    ok(*SPOT, "--threads", "1", "--out", str(path))
    return path


def close(a, b) -> None:
    """Plain JSON values equal, numbers to 1e-6 (the seconds taken excepted)."""
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for key in a:
            if key != "seconds":
                close(a[key], b[key])
    elif isinstance(a, list):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            close(x, y)
    elif isinstance(a, float):
        assert a == pytest.approx(b, abs=1e-6)
    else:
        assert a == b


@pytest.mark.timeout(600)
def test_json_is_the_librarys_solution(library) -> None:
    cli = json.loads(ok(*SPOT, "--threads", "1", "--exploitability", "0.5%", "--json").stdout)
    close(cli, json.loads(json.dumps(library.to_dict())))
    assert cli["exploitability"] <= 0.005 and not cli["interrupted"]


@pytest.mark.timeout(600)
def test_the_restarting_schedule_is_the_librarys() -> None:
    spot = pl.solver.Spot(BOARD, OOP, IP, 200, 900, bets="60%,e,a")
    library = pl.solver.solve(spot, exploitability=0.001, threads=1, discount=Discount.restarting())
    cli = json.loads(ok(*SPOT, "--threads", "1", "--exploitability", "0.1%", "--schedule", "restarting",
                        "--json").stdout)
    close(cli, json.loads(json.dumps(library.to_dict())))
    assert cli["discount"] == {"alpha": 1.5, "beta": 0.0, "gamma": 3.0, "lag": 1, "restart": 4}


@pytest.mark.timeout(600)
def test_a_fraction_and_a_percentage_ask_for_the_same_target(library) -> None:
    cli = json.loads(ok(*SPOT, "--threads", "1", "--exploitability", "0.005", "--json").stdout)
    assert cli["iterations"] == library.iterations


@pytest.mark.timeout(600)
def test_the_terminal_shows_memory_then_the_evs_and_a_grid_per_action(library) -> None:
    result = ok(*SPOT, "--threads", "1")
    output = result.output
    memory = pl.solver.Spot(BOARD, OOP, IP, 200, 900, bets="60%,e,a").memory(threads=1)
    assert f"{memory.float32 / 2**20:.1f} MiB in float32" in output
    assert output.index("MiB in float32") < output.index("Exploitability")
    assert f"EV {library.ev[0]:.2f} chips" in result.stdout and f"EV {library.ev[1]:.2f} chips" in result.stdout
    root = library.root
    mix = root.frequencies("random")
    for action in root.actions:
        assert f"{action}: {mix[action]:.1%}" in result.stdout
    # every class of OOP's range is in each grid: AA always in full, by its name or a share
    lines = result.stdout.splitlines()
    headers = [k for k, line in enumerate(lines) if line.split() == list("AKQJT98765432")]
    assert len(headers) == len(root.actions)
    for k in headers:
        assert [line.split()[0] for line in lines[k + 1:k + 14]] == list("AKQJT98765432")


@pytest.mark.timeout(600)
def test_a_saved_solution_shows_any_line(saved: Path, library) -> None:
    result = ok("show", str(saved), "--line", "Check,Bet 120")
    node = library.node("Check", "Bet 120")
    assert result.stdout.startswith("At Check, Bet 120: OOP acts; board Td 9d 6h Qc 2s, pot 320")
    for action in node.actions:
        assert f"{action}: " in result.stdout
    close(json.loads(ok("show", str(saved), "--line", "check, bet 120", "--json").stdout),
          json.loads(json.dumps(node.to_dict())))
    close(json.loads(ok("show", str(saved), "--json").stdout), json.loads(json.dumps(library.root.to_dict())))


@pytest.mark.timeout(600)
def test_show_walks_dealt_cards_and_the_hand_s_end(tmp_path: Path) -> None:
    path = tmp_path / "turn.npz"
    ok("--board", "Td9d6hQc", "--oop", "AA,T9s", "--ip", "KK,87s", "--pot", "100", "--stack", "100", "--bets", "a",
       "--max-iterations", "20", "--out", str(path))
    chance = ok("show", str(path), "--line", "Check,Check").stdout
    assert "a card is dealt next" in chance and "--line \"Check, Check, As\"" in chance
    river = ok("show", str(path), "--line", "Check,Check,2s").stdout
    assert river.startswith("At Check, Check, 2s: OOP acts; board Td 9d 6h Qc 2s")
    over = ok("show", str(path), "--line", "All-in 100,Fold").stdout
    assert "a player has folded" in over and "Call" not in over


def one_error(result) -> str:
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


@pytest.mark.parametrize("args, says", [
    (("--bets", "60q"), "bets"),
    (("--raises", "{\"turn\": "), "raises: sizes by street or player must be a JSON object"),
    (("--exploitability", "half"), "exploitability must be a share of the pot"),
    # the stop rules are refused before the spot's summary line, as the rest
    (("--exploitability", "-1%"), "exploitability must be a finite number of at least 0"),
    (("--max-iterations", "0"), "max_iterations must be an int from 1"),
    (("--seconds", "0"), "seconds must be a finite number above 0"),
    (("--bits", "8"), "bits must be one of 32, 16"),
    (("--schedule", "cfr+"), "schedule must be one of 'paper', 'restarting'"),
    (("--out", "spot.txt"), "out must end in .npz"),
    (("--pot", "-5"), "pot"),
    (("--game", "omaha"), "game must be"),
])
@pytest.mark.timeout(120)
def test_bad_input_is_one_error_line(args: tuple[str, ...], says: str) -> None:
    changed = dict(zip(SPOT[::2], SPOT[1::2])) | dict(zip(args[::2], args[1::2]))
    assert says in one_error(run(*(item for pair in changed.items() for item in pair)))


@pytest.mark.timeout(120)
def test_a_range_empty_once_the_board_is_out_is_refused() -> None:
    line = one_error(run("--board", "AhAdAc2s3s", "--oop", "AA", "--ip", "KK", "--pot", "10", "--stack", "10"))
    assert "oop" in line and "empty" in line


@pytest.mark.timeout(120)
def test_a_spot_missing_its_chips_names_what_is_missing() -> None:
    assert "--pot, --stack" in one_error(run("--board", BOARD, "--oop", OOP, "--ip", IP))


@pytest.mark.timeout(120)
def test_a_spot_given_to_show_is_refused(saved: Path) -> None:
    assert "--board, --pot" in one_error(run("--board", BOARD, "--pot", "200", "show", str(saved)))


@pytest.mark.timeout(600)
def test_a_bad_line_lists_the_node_s_actions(saved: Path) -> None:
    line = one_error(run("show", str(saved), "--line", "Check,Raise 9999"))
    assert "Raise 9999" in line and "Check, Bet 120, All-in 900" in line


@pytest.mark.timeout(120)
def test_show_refuses_a_file_that_is_not_a_solution(tmp_path: Path) -> None:
    path = tmp_path / "not.npz"
    path.write_bytes(b"not a zip")
    assert "cannot read" in one_error(run("show", str(path)))
    assert "cannot read" in one_error(run("show", str(tmp_path / "missing.npz")))
    assert "not a NumPy .npz archive" in one_error(run("show", __file__))


@pytest.mark.timeout(600)
def test_show_refuses_a_cut_short_solution(saved: Path, tmp_path: Path) -> None:
    cut = tmp_path / "cut.npz"
    cut.write_bytes(saved.read_bytes()[:1000])
    assert "cannot read" in one_error(run("show", str(cut)))
    with pytest.raises(pl.InvalidArgumentError, match="cannot read"):
        pl.solver.load(cut)


@pytest.mark.timeout(120)
def test_an_out_file_that_cannot_be_written_is_refused_before_the_solve(tmp_path: Path, monkeypatch) -> None:
    folder = tmp_path / "taken.npz"
    folder.mkdir()

    def never(*args, **kwargs):
        raise AssertionError("solved although the file cannot be written")

    monkeypatch.setattr(pl.solver, "solve", never)
    assert "out: cannot write" in one_error(run(*SPOT, "--out", str(folder)))
    assert not list(folder.iterdir())
    kept = tmp_path / "kept.npz"
    kept.write_bytes(b"earlier")
    monkeypatch.undo()
    ok("--board", BOARD, "--oop", "AA", "--ip", "KK", "--pot", "10", "--stack", "10", "--bets", "a", "--out", str(kept))
    assert pl.solver.load(kept).spot.pot == 10


@pytest.mark.timeout(120)
def test_a_node_only_one_player_reaches_says_which(tmp_path: Path) -> None:
    path = tmp_path / "locked.npz"
    spot = pl.solver.Spot("2c2d2h3c3d", oop="AA,QQ", ip="KK", pot=100, stack=100, bets="a")
    pl.solver.solve(spot, max_iterations=5, locks={"": {"All-in 100": 1}}).save(path)
    shown = ok("show", str(path), "--line", "Check").stdout
    assert "OOP: no combo of its range gets here" in shown
    assert "IP: no EV: OOP never gets here" in shown


@given(st.floats(min_value=0, max_value=1e6, allow_nan=False))
def test_a_percentage_is_a_hundredth_of_a_fraction(value: float) -> None:
    assert read_share("rake", f" {value!r} % ") == pytest.approx(read_share("rake", repr(value)) / 100)


@pytest.mark.timeout(600)
def test_ctrl_c_prints_what_was_reached_then_exits_130(tmp_path: Path) -> None:
    path = tmp_path / "stopped.npz"
    child = subprocess.Popen([str(POKERLAB), "solve", *SPOT, "--exploitability", "0", "--max-iterations", "10000000",
                              "--out", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stderr is not None
        said = []
        while not any("MiB in float32" in line for line in said):  # the solve is about to start
            said.append(child.stderr.readline())
            assert said[-1], said
        try:
            child.wait(5)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=300)
    finally:
        child.kill()
    assert child.returncode == 130, err[-3000:]
    assert err.strip().splitlines()[-1] == "interrupted"
    assert "(stopped by Ctrl-C)" in out and "At the root: OOP acts" in out
    assert pl.solver.load(path).interrupted


@pytest.mark.timeout(600)
def test_sizes_by_player_are_read_from_json() -> None:
    args = dict(zip(SPOT[::2], SPOT[1::2])) | {"--bets": '{"oop": "75%", "ip": "a"}', "--max-iterations": "10"}
    root = json.loads(ok(*(item for pair in args.items() for item in pair), "--json").stdout)["root"]
    assert root["actions"] == ["Check", "Bet 150"]
