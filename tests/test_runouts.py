"""pokerlab.analyses.runouts: the equity after each next card averages back to the equity before it; and
the range analysis commands (breakdown, runouts, equity --by-combo)."""

import json
import sys

import pytest
from typer.testing import CliRunner

import pokerlab as pl
from pokerlab.analyses.runouts import runouts
from pokerlab.cards.notation import card_name
from pokerlab.cli.main import app
from pokerlab.errors import HandSizeError, InvalidArgumentError
from refusals import CliRefused, Refused, check, check_cli, ids


def test_known_hands_on_the_flop_average_back_exactly():
    r = runouts(["AhKh", "2c2d"], "Qh7h3s")
    assert r.exact and len(r.by_card) == 45
    assert set(r.by_card) == {card_name(c) for c in range(52)} - {"Ah", "Kh", "2c", "2d", "Qh", "7h", "3s"}
    assert all(chance == pytest.approx(1 / 45) for chance in r.chance.values())
    for i in range(2):
        mean = sum(r.chance[c] * res.players[i].equity for c, res in r.by_card.items())
        assert mean == pytest.approx(r.before.players[i].equity, abs=1e-12)
    # a heart gives AhKh the flush; a deuce gives 2c2d a set
    assert r.by_card["9h"].players[0].equity == 1.0
    assert r.worst(0, 1) == ("2s",)
    # the 2h gives both: AhKh's flush beats the set until the river pairs the board (Q, 7, 3: 9
    # cards) or brings the last deuce
    assert r.by_card["2h"].players[0].equity == pytest.approx(34 / 44)
    assert all(r.by_card[card].players[0].equity == 1.0 for card in r.best(0))
    alone = pl.equity(["AhKh", "2c2d"], "Qh7h3s Kc")
    assert r.by_card["Kc"].players == alone.players and r.by_card["Kc"].showdowns == alone.showdowns == 44


def test_ranges_weigh_each_card_by_how_often_it_comes():
    players = ["AhKh", "QQ+,AK,JTs:0.5"]
    r = runouts(players, "Qh7h3s")
    assert sum(r.chance.values()) == pytest.approx(1)
    assert r.chance["Ks"] < r.chance["2c"]  # the range holds kings, so a king comes less often
    for i in range(2):
        mean = sum(r.chance[c] * res.players[i].equity for c, res in r.by_card.items())
        assert mean == pytest.approx(r.before.players[i].equity, abs=1e-12)


def test_turn_and_river_pairs_average_back_too():
    r = runouts(["AsKd", "8c8h"], "Ts 9s 2d", pairs=True)
    assert len(r.by_pair) == 45 * 44 // 2 and len(r.by_card) == 45
    mean = sum(res.players[1].equity for res in r.by_pair.values()) / len(r.by_pair)
    assert mean == pytest.approx(r.before.players[1].equity, abs=1e-12)
    assert r.by_pair["Qs8s"].players[0].equity == 1.0  # the ace-high spade flush beats the eights


def test_on_the_turn_each_river_card():
    r = runouts(["AhKh", "2c2d"], "Qh7h3s4d")
    assert len(r.by_card) == 44 and not r.by_pair
    for res in r.by_card.values():
        assert {p.equity for p in res.players} <= {0.0, 0.5, 1.0}
    d = json.loads(json.dumps(r.to_dict()))
    assert len(d["cards"]) == 44 and d["best"][0] == list(r.best(0)) and d["pairs"] == []


@pytest.mark.parametrize("players, board, game, cards", [
    (["AhKh", "6c6d"], "Qh 7h 9s", "short-deck", 36 - 7),
    (["AhKhQs2c", "7c7d8s9s"], "Qh 7h 3s", "omaha", 52 - 11),
])
def test_other_games_deal_from_their_deck_and_average_back(players, board, game, cards):
    r = runouts(players, board, game=game)
    assert len(r.by_card) == cards and r.before.game == game
    mean = sum(r.chance[c] * res.players[0].equity for c, res in r.by_card.items())
    assert mean == pytest.approx(r.before.players[0].equity, abs=1e-12)


@pytest.mark.parametrize("players, board, game", [
    (["AsKsQdJd", "random"], "9s7h2c3d", "omaha"),  # a minute when each card listed every hand again
    (["AhKh", "QQ+,AK,JTs:0.5", "random"], "Qh7h3s4d", "holdem"),
    (["Ah2h", "random"], "Qh7h3s", "holdem-hilo"),
])
def test_exact_runs_after_each_card_are_each_cards_own_equity(players, board, game):
    r = runouts(players, board, game=game)
    assert r.exact and sum(r.chance.values()) == pytest.approx(1)
    for card in list(r.by_card)[::9]:
        alone = pl.equity(players, f"{board} {card}", game=game)
        assert alone.exact and r.by_card[card].showdowns == alone.showdowns
        assert [p.equity for p in r.by_card[card].players] == pytest.approx([p.equity for p in alone.players],
                                                                            abs=1e-12)
    for i in range(len(players)):
        mean = sum(r.chance[c] * res.players[i].equity for c, res in r.by_card.items())
        assert mean == pytest.approx(r.before.players[i].equity, abs=1e-12)


def test_when_the_run_before_is_sampled_so_is_every_card():
    # random against random on the flop is too much work to enumerate: so is the work of all
    # the cards after it, which is the same work again
    r = runouts(["random", "random"], "Qh7h3s", trials=2_000, seed=1)
    assert not r.before.exact and not any(res.exact for res in r.by_card.values())
    r = runouts(["random", "random"], "Qh7h3s", stderr=0.01, seed=1)
    assert not r.before.exact and not any(res.exact for res in r.by_card.values()) and len(r.by_card) == 49


TABLE = [
    Refused("board-preflop", lambda: runouts(["AhKh", "2c2d"], ""), HandSizeError, r"3 or 4 board cards\), got 0"),
    Refused("board-river", lambda: runouts(["AhKh", "2c2d"], "Qh7h3s4d5c"), HandSizeError, r"got 5"),
    Refused("pairs-on-the-turn", lambda: runouts(["AhKh", "2c2d"], "Qh7h3s4d", pairs=True), InvalidArgumentError,
            r"pairs: every turn and river pair is dealt from a flop"),
    Refused("pairs-not-bool", lambda: runouts(["AhKh", "2c2d"], "Qh7h3s", pairs=1),  # type: ignore[arg-type]
            InvalidArgumentError, r"pairs must be True or False"),
    Refused("players-string", lambda: runouts("AhKh 2c2d", "Qh7h3s"), InvalidArgumentError,  # type: ignore[arg-type]
            r"players must be a list"),
    Refused("seed", lambda: runouts(["AhKh", "2c2d"], "Qh7h3s", seed=-1), InvalidArgumentError, r"seed"),
]


@pytest.mark.parametrize("case", TABLE, ids=ids(TABLE))
def test_refusals(case):
    check(case)


def run_json(*args: str) -> dict:
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_commands():
    d = run_json("breakdown", "QQ+,AK,KQs", "--board", "Ah7d2c")
    assert d["combos"] == pl.breakdown("QQ+,AK,KQs", "Ah7d2c").combos and d["made"]["set"]["combos"] == 3
    table = CliRunner().invoke(app, ["breakdown", "QQ+,AK,KQs", "--board", "Ah7d2c", "--hands"]).stdout
    assert "Set" in table and "█" in table and "KcQc" in table  # the terminal is 80 wide: long lines wrap
    d = run_json("runouts", "AhKh", "2c2d", "--board", "Qh7h3s")
    assert len(d["cards"]) == 45 and d["players"] == ["AhKh", "2c2d"]
    chart = CliRunner().invoke(app, ["runouts", "AhKh", "2c2d", "--board", "Qh7h3s"]).stdout
    assert "AhKh: best" in chart and "█" in chart
    d = run_json("equity", "AhKh", "QQ+", "--board", "Qh7h3s", "--by-combo")
    assert set(d["players"][1]["classes"]) == {"AA", "KK", "QQ"}
    by_class = CliRunner().invoke(app, ["equity", "AhKh", "QQ+", "--board", "Qh7h3s", "--by-combo"]).stdout
    assert "QQ+: by starting hand" in by_class


CLI_TABLE = [
    CliRefused("breakdown-board", ("breakdown", "AA", "--board", "Ah7d"), r"3 to 5 board cards"),
    CliRefused("breakdown-range", ("breakdown", "AKx", "--board", "Ah7d2c"), r"unknown range token"),
    CliRefused("runouts-board", ("runouts", "AhKh", "2c2d", "--board", "Qh7h3s4d5c"), r"3 or 4 board cards"),
    CliRefused("runouts-duplicate", ("runouts", "AhKh", "Ah2d", "--board", "Qh7h3s"), r"duplicate card: Ah"),
]


@pytest.mark.parametrize("case", CLI_TABLE, ids=ids(CLI_TABLE))
def test_cli_refusals(case):
    check_cli(case)



@pytest.mark.parametrize("command", [("breakdown",), ("runouts",), ("equity",)])
def test_help_names_the_flags(command):
    text = CliRunner().invoke(app, [*command, "-h"]).output
    assert "--json" in text and "<bool>" not in text
    assert ("--by-combo" in text) == (command == ("equity",))


def test_progress_counts_every_run():
    calls = []
    r = runouts(["AhKh", "2c2d"], "Qh7h3s 2s", progress=lambda done, total: calls.append((done, total)))
    assert calls == [(done, 44) for done in range(45)] and len(r.by_card) == 44


def test_a_time_limit_is_shared_out_over_the_runs(monkeypatch):
    module = sys.modules["pokerlab.analyses.runouts"]

    given = []

    def recording(*args, **options):
        given.append(options["seconds"])
        return pl.equity(*args, **options)

    monkeypatch.setattr(module, "equity", recording)
    r = runouts(["AhKh", "random"], "Qh7h3s", seconds=0.3, seed=1)
    # the runs' limits add up to the call's (exact runs that would not all fit are sampled instead)
    assert len(r.by_card) == 47
    assert len(given) >= 48 and sum(given[-47:]) <= 0.3
    for i in range(2):
        mean = sum(r.chance[c] * res.players[i].equity for c, res in r.by_card.items())
        assert mean == pytest.approx(r.before.players[i].equity, abs=0.05)
