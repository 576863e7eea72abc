"""Bad command lines: each exits 2 at once with one line ``error: ...`` that names the problem."""

import pytest

from refusals import CliRefused, check_cli, hang_guard, ids

AA_TO_JJ = ("AA,KK,QQ,JJ",) * 8

TABLE = [
    # eval
    CliRefused("eval-four-cards", ("eval", "As", "Ks", "Qs", "Js"), r"5 to 9 cards, got 4"),
    CliRefused("eval-ten-cards", ("eval", "As Ks Qs Js Ts 9s 8s 7s 6s 5s"), r"got 10"),
    CliRefused("eval-duplicate", ("eval", "As", "As", "Qs", "Js", "Ts"), r"duplicate card: As"),
    CliRefused("eval-unknown-card", ("eval", "As", "Ks", "Qs", "Js", "Xx"), r"unknown card: 'Xx'"),
    # equity: the stop rules
    CliRefused("equity-stderr-zero", ("equity", "AsKs", "QdQc", "--stderr", "0"), r"stderr must be .*above 0"),
    CliRefused("equity-stderr-negative", ("equity", "AsKs", "QdQc", "--stderr", "-1"), r"stderr must be .*above 0"),
    CliRefused("equity-stderr-nan", ("equity", "AsKs", "QdQc", "--stderr", "nan"), r"stderr must be a finite number"),
    CliRefused("equity-stderr-inf", ("equity", "AsKs", "QdQc", "--stderr", "inf"), r"stderr must be a finite number"),
    CliRefused("equity-stderr-above-half", ("equity", "AsKs", "QdQc", "--stderr", "0.6"), r"stderr .*at most 0.5"),
    CliRefused("equity-seconds-zero", ("equity", "AsKs", "QdQc", "--seconds", "0"), r"seconds must be .*above 0"),
    CliRefused("equity-seconds-negative", ("equity", "AsKs", "QdQc", "--seconds", "-1"), r"seconds must be .*above 0"),
    CliRefused("equity-seconds-nan", ("equity", "AsKs", "QdQc", "--seconds", "nan"), r"seconds must be a finite"),
    CliRefused("equity-trials-zero", ("equity", "AsKs", "QdQc", "--trials", "0"), r"trials must be an int .*1"),
    CliRefused("equity-trials-negative", ("equity", "AsKs", "QdQc", "--trials", "-5"), r"trials must be an int"),
    CliRefused("equity-exact-and-trials", ("equity", "AsKs", "QdQc", "--exact", "--trials", "100"),
               r"--exact cannot be combined with --trials"),
    CliRefused("equity-exact-and-seconds", ("equity", "AsKs", "QdQc", "--exact", "--seconds", "1"),
               r"--exact cannot be combined with --seconds"),
    CliRefused("equity-seed-negative", ("equity", "AsKs", "QdQc", "--seed", "-5"), r"seed must be an int"),
    CliRefused("equity-threads-zero", ("equity", "AsKs", "QdQc", "--threads", "0"), r"threads must be an int"),
    # equity: the players
    CliRefused("equity-one-player", ("equity", "AsKs"), r"player"),
    CliRefused("equity-duplicate", ("equity", "AsKs", "AsQd"), r"duplicate card: As"),
    CliRefused("equity-bad-range", ("equity", "AsKs", "QQ+,AZs"), r"AZs"),
    CliRefused("equity-board-of-six", ("equity", "AsKs", "QdQc", "--board", "2c3c4c5c6c7c"), r"board"),
    CliRefused("equity-exact-out-of-reach", ("equity", *AA_TO_JJ, "--exact"), r"showdowns"),
    # grid
    CliRefused("grid-no-opponents", ("grid", "AsKs", "--opponents", "0"), r"opponents"),
    CliRefused("grid-too-many-opponents", ("grid", "AsKs", "--opponents", "30"), r"opponents|players"),
    CliRefused("grid-stderr-zero", ("grid", "AsKs", "--stderr", "0"), r"stderr must be .*above 0"),
    CliRefused("grid-exact-and-stderr", ("grid", "AsKs", "--exact", "--stderr", "0.01"),
               r"--exact cannot be combined with --stderr"),
    CliRefused("grid-three-cards", ("grid", "AsKsQs"), r"2 cards|got 3"),
    # outs
    CliRefused("outs-no-flop", ("outs", "AhKh", "2c2d", "--board", "Qh"), r"flop or a turn"),
    CliRefused("outs-river", ("outs", "AhKh", "2c2d", "--board", "Qh7h3s2s9d"), r"flop or a turn"),
    CliRefused("outs-opponent-three-cards", ("outs", "AhKh", "2c2d3d", "--board", "Qh7h3s"), r"2 cards"),
    # range
    CliRefused("range-unknown-token", ("range", "QQ+,AZs"), r"AZs"),
    CliRefused("range-deep-nesting", ("range", "50%(" * 2000 + "AKs" + ")" * 2000), r"range"),
    # video poker
    CliRefused("hold-four-cards", ("videopoker", "hold", "As", "Ks", "Kh", "4s"), r"got 4"),
    CliRefused("hold-duplicate", ("videopoker", "hold", "As As Kh 4s 4d"), r"duplicate card"),
    CliRefused("hold-unknown-paytable", ("videopoker", "hold", "As Ks Kh 4s 4d", "-p", "jacks-1-1"),
               r"unknown pay table"),
    CliRefused("hold-coins-nine", ("videopoker", "hold", "As Ks Kh 4s 4d", "--coins", "9"), r"coins must be"),
    CliRefused("hold-coins-zero", ("videopoker", "hold", "As Ks Kh 4s 4d", "--coins", "0"), r"coins must be"),
    CliRefused("analyze-missing-paytable-file", ("videopoker", "analyze", "-p", "missing.toml"),
               r"cannot read pay table"),
    CliRefused("analyze-threads-negative", ("videopoker", "analyze", "--threads", "-1"), r"threads must be"),
    CliRefused("play-coins-nine", ("videopoker", "play", "--coins", "9"), r"coins must be"),
    CliRefused("play-seed-negative", ("videopoker", "play", "--seed", "-5"), r"seed must be"),
    # preflop
    CliRefused("vs-random-stderr-zero", ("preflop", "vs-random", "--opponents", "2", "--stderr", "0"),
               r"stderr must be .*above 0"),
    CliRefused("vs-random-stderr-nan", ("preflop", "vs-random", "--opponents", "2", "--stderr", "nan"),
               r"stderr must be a finite"),
    CliRefused("vs-random-no-opponents", ("preflop", "vs-random", "--opponents", "0"), r"opponents"),
    CliRefused("vs-random-ten-opponents", ("preflop", "vs-random", "--opponents", "10"), r"opponents"),
    CliRefused("vs-random-seed-negative", ("preflop", "vs-random", "--opponents", "2", "--seed", "-1"),
               r"seed must be"),
    CliRefused("vs-random-threads-zero", ("preflop", "vs-random", "--threads", "0"), r"threads must be"),
    CliRefused("vs-random-out-suffix", ("preflop", "vs-random", "--out", "table.txt"),
               r"out must end in \.csv or \.json"),
    CliRefused("vs-random-out-no-folder", ("preflop", "vs-random", "--out", "/nonexistent/dir/t.csv"),
               r"no such folder"),
    CliRefused("matrix-no-hands", ("preflop", "matrix", "--hands", ""), r"hand"),
    CliRefused("matrix-unknown-hand", ("preflop", "matrix", "--hands", "AA,XX"), r"XX"),
    CliRefused("show-unknown-hand", ("preflop", "show", "AKx"), r"AKx"),
    CliRefused("chart-out-no-folder", ("preflop", "chart", "--out", "/nonexistent/dir/x.png"), r"no such folder"),
    CliRefused("chart-out-not-png", ("preflop", "chart", "--out", "chart.jpg"), r"out must end in \.png"),
    # bench
    CliRefused("bench-unknown-suite", ("bench", "nosuchsuite"), r"suite must be one of"),
    CliRefused("bench-markdown-no-folder", ("bench", "eval", "--markdown", "/nonexistent/dir/B.md"),
               r"markdown: no such folder"),
    CliRefused("bench-markdown-not-md", ("bench", "eval", "--markdown", "B.txt"), r"markdown must end in \.md"),
]


@hang_guard
@pytest.mark.parametrize("case", TABLE, ids=ids(TABLE))
def test_refused(case: CliRefused) -> None:
    check_cli(case)
