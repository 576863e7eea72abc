"""The library at its edges: Ctrl-C in a long run, stop rules that could never be met, files that
are not text, errors of the right kinds, empty ranges, messages that never repeat unbounded input."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import pytest

import pokerlab as pl
from pokerlab.errors import InvalidArgumentError, InvalidRangeError, PaytableError, UnknownHandError
from pokerlab.numba_runtime import interruptible

INTERRUPT_AFTER = 3.0
"""Seconds a run is given to get into its kernels before Ctrl-C; on a busy machine a compile
may still be going on then, which an interrupt must stop just as cleanly."""

LONG_RUNS = {
    "equity": "pl.equity(['AhKh', 'QdQc', 'random'], trials=10**12, seed=1)",
    "omaha": "pl.equity(['AsKsQdJd', 'random'], game='omaha', trials=10**12, seed=1)",
    "runouts": "pl.runouts(['AhKh', 'random'], 'Qh7h3s', exact=False, trials=10**12)",
    # one risk of ruin takes a few seconds on a quiet machine: several in a row outlast the wait
    "risk": "[pl.videopoker.risk_of_ruin('jacks-9-6', bankroll=4000, hands=h) for h in range(100_000, 99_900, -1)]",
}


@pytest.mark.timeout(300)
@pytest.mark.parametrize("call", LONG_RUNS.values(), ids=list(LONG_RUNS))
def test_ctrl_c_in_a_long_run_raises_keyboard_interrupt(call: str) -> None:
    script = textwrap.dedent(f"""
        import sys, time
        import pokerlab as pl
        print("started", flush=True)
        try:
            {call}
        except KeyboardInterrupt:
            print("KeyboardInterrupt", flush=True)
            sys.exit(0)
        except BaseException as error:
            print(type(error).__name__, flush=True)
            sys.exit(1)
        print("finished", flush=True)
    """)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "started"
        try:
            child.wait(INTERRUPT_AFTER)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert (out.strip(), child.returncode) == ("KeyboardInterrupt", 0), err[-3000:]
    assert "SystemError" not in err


def test_interruptible_raises_after_the_block_and_restores_the_handler() -> None:
    with pytest.raises(KeyboardInterrupt):
        with interruptible():
            signal.raise_signal(signal.SIGINT)
            reached = True  # the interrupt waits for the block to end
    assert reached
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.parametrize("rules, match", [
    ({"stderr": 1e-9}, r"stderr must be a finite number from 1e-06 to 0\.5"),
    ({"trials": 10**30}, r"trials must be an int from 1 to 1000000000000"),
    ({"seconds": 1e9}, r"seconds must be a finite number above 0 and at most 86400"),
])
@pytest.mark.timeout(30)
def test_stop_rules_that_cannot_be_met_are_refused(rules: dict[str, float], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        pl.equity(["AhKh", "QdQc"], exact=False, **rules)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=match):
        pl.equity(["AsKsQdJd", "random"], game="omaha", **rules)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=match):
        pl.runouts(["AhKh", "QdQc"], "Qh7h3s", exact=False, **rules)  # type: ignore[arg-type]


def test_a_tiny_stderr_is_allowed_when_another_rule_ends_the_run() -> None:
    result = pl.equity(["AhKh", "QdQc"], stderr=1e-9, trials=1000, seed=1)
    assert result.showdowns == 1000


def test_preflop_refuses_a_stderr_it_could_never_reach() -> None:
    with pytest.raises(InvalidArgumentError, match="stderr"):
        pl.preflop.vs_random_job(2, stderr=1e-9)


def test_a_pay_table_that_is_not_utf8_is_refused_by_name(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "latin.toml"
    path.write_bytes("title = 'Jacks caf\u00e9'\n".encode("latin-1"))
    with pytest.raises(PaytableError, match=r"latin\.toml.* is not UTF-8"):
        pl.videopoker.Paytable.load(path)


def test_unknown_hand_error_is_a_value_error_and_a_key_error() -> None:
    with pytest.raises(ValueError, match="AKx"):
        pl.preflop.matrix(["AKx"])
    assert issubclass(UnknownHandError, KeyError)


@pytest.mark.parametrize("hand_range, board", [("", "AhKd2c"), ("QQ+:0", "AhKd2c"), ("AA", "AhAdAc")])
def test_breakdown_refuses_an_empty_range_as_equity_does(hand_range: str, board: str) -> None:
    with pytest.raises(InvalidRangeError, match="is empty"):
        pl.breakdown(hand_range, board)


def test_range_errors_are_one_line_and_point_at_the_token() -> None:
    with pytest.raises(InvalidRangeError) as info:
        pl.Range("QQ+,AKz,JJ")
    assert "\n" not in str(info.value)
    assert info.value.pointer() == ("QQ+,AKz,JJ", "    ^^^")


def test_a_huge_omaha_pattern_is_not_repeated_in_full() -> None:
    pattern = "AA**ds," + "x" * 20_000
    with pytest.raises(InvalidRangeError) as info:
        pl.equity(["AsKsQdJd", pattern], game="omaha")
    message = str(info.value)
    assert len(message) < 400 and "\n" not in message
    window, caret = info.value.pointer() or ("", "")
    assert len(window) <= 80 and len(caret) <= 80
