"""The web app's JSON API, pages and card images, through FastAPI's TestClient."""

import re
import threading
import time
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pokerlab import evaluate
from pokerlab import games as pl_games
from pokerlab.analyses.breakdown import breakdown
from pokerlab.analyses.grid import grid
from pokerlab.analyses.runouts import runouts
from pokerlab.cards.notation import card_name
from pokerlab.equity.api import equity
from pokerlab.videopoker import PAYTABLES, Trainer, get_paytable, hold_evs
from pokerlab.web import create_app
from pokerlab.web.compute import MIN_MONTE_CARLO_SECONDS, bounded
from pokerlab.web.pages import STATIC
from pokerlab.web.sessions import START_CREDITS

TIME_LIMIT = 0.5


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(time_limit=TIME_LIMIT))


@pytest.fixture
def roomy():
    """A generous time limit, for tests of the answer: a first call also loads the kernels."""
    return TestClient(create_app(time_limit=10))


def refused(response, status, field):
    """The response is a refusal naming ``field``; returns the problem text."""
    assert response.status_code == status, response.text
    body = response.json()
    first = body["errors"][0]
    assert first["field"] == field, body
    assert body["detail"].startswith(f"{first['label']}: {first['problem']}")
    return first["problem"]


# --- pages, assets, docs --------------------------------------------------------------------

@pytest.mark.parametrize("path, script", [("/", "odds.js"), ("/odds", "odds.js"), ("/grid", "grid.js"),
                                          ("/videopoker", "videopoker.js")])
def test_pages_load_their_scripts(client, path, script):
    response = client.get(path)
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    assert f'src="/static/{script}"' in response.text
    assert client.get(f"/static/{script}").status_code == 200


def test_every_asset_is_local():
    for path in STATIC.iterdir():
        text = path.read_text()
        assert "http://" not in text and "https://" not in text, f"{path.name} reaches out to the network"


def test_every_asset_ships_with_the_package():
    pyproject = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["package-data"]["pokerlab"]
    package = STATIC.parents[1]
    for path in STATIC.iterdir():
        name = path.relative_to(package).as_posix()
        assert any(fnmatch(name, p) for p in patterns), f"{path.name} is not package data"


def test_static_files(client):
    assert client.get("/static/style.css").headers["content-type"].startswith("text/css")
    refused(client.get("/static/missing.js"), 404, "path")
    refused(client.get("/no/such/page"), 404, "path")
    assert refused(client.get("/api/equity"), 405, "method") == "Method Not Allowed"


def test_card_images(client):
    face = client.get("/cards/As.svg")
    assert face.status_code == 200 and face.headers["content-type"] == "image/svg+xml"
    assert 'aria-label="Ace of Spades"' in face.text
    assert client.get("/cards/10h.svg").text == client.get("/cards/Th.svg").text
    assert 'aria-label="card back"' in client.get("/cards/back.svg").text
    assert "#1f57c3" in client.get("/cards/Kd.svg?four_color=true").text
    assert "unknown card" in refused(client.get("/cards/Zz.svg"), 404, "card")
    refused(client.get("/cards/AsKs.svg"), 404, "card")
    refused(client.get("/cards/As.svg?four_color=maybe"), 422, "four_color")


def test_docs_and_schema(client):
    docs = client.get("/docs")
    assert docs.status_code == 200 and "https://" not in docs.text, "Swagger UI comes from the package"
    for asset in re.findall(r'(?:src|href)="(/[^"]+)"', docs.text):
        assert client.get(asset).status_code == 200, asset
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/equity", "/api/grid", "/api/paytables", "/api/videopoker/holds", "/api/videopoker/sessions",
            "/api/videopoker/sessions/{session_id}/draw", "/cards/{card}.svg"} <= set(paths)


# --- equity ---------------------------------------------------------------------------------

def test_equity_exact_agrees_with_the_library(roomy):
    expected = equity(["AsKs", "QdQc"])  # first: on a fresh machine compiling alone takes most of the budget
    body = roomy.post("/api/equity", json={"players": ["AsKs", "QdQc"]}).json()
    assert body["exact"] is True and body["showdowns"] == expected.showdowns
    assert [p["equity"] for p in body["players"]] == [p.equity for p in expected.players]
    assert [p["made"] for p in body["players"]] == ["AKs", "QQ"]


def test_equity_on_a_board_describes_made_hands(client):
    body = client.post("/api/equity", json={"players": ["ah kh", "2c 2d"], "board": "Qh 7h 3h", "dead": "9c"}).json()
    assert body["board"] == "Qh 7h 3h" and body["dead"] == "9c"
    assert [p["hand"] for p in body["players"]] == ["AhKh", "2c2d"]
    assert body["players"][0]["made"] == evaluate("Ah Kh Qh 7h 3h").describe()
    assert body["players"][1]["made"] == "Pair of Deuces with Queen-Seven-Trey kickers"
    expected = equity(["AhKh", "2c2d"], "Qh7h3h", "9c")
    assert body["players"][0]["equity"] == pytest.approx(expected.players[0].equity)


def test_equity_ranges_and_random_use_monte_carlo_within_the_limit(client):
    players = ["AsKs", "QQ+,AKs", "random"]
    body = client.post("/api/equity", json={"players": players, "seconds": 20, "seed": 5}).json()
    assert body["seconds"] == TIME_LIMIT, "the server's limit caps the request's budget"
    assert body["exact"] is False
    assert [p["made"] for p in body["players"]] == ["AKs", "a range", "random"]
    expected = equity(players, exact=False, trials=200_000, seed=1)
    for got, want in zip(body["players"], expected.players):
        assert got["stderr"] > 0
        assert got["equity"] == pytest.approx(want.equity, abs=5 * (got["stderr"] + want.stderr))


def test_ten_random_players_still_answer(client):
    body = client.post("/api/equity", json={"players": ["random"] * 10, "seconds": 30}).json()
    assert body["exact"] is False and len(body["players"]) == 10
    assert sum(p["equity"] for p in body["players"]) == pytest.approx(1.0)


def test_an_exact_run_that_runs_late_gives_way_to_monte_carlo():
    calls = []

    def analysis(**options):
        calls.append(options)
        if options["exact"]:
            for _ in range(1000):  # ten seconds of work, reporting progress as it goes
                time.sleep(0.01)
                options["progress"](0, 1)
            return "exact"
        return "monte carlo"

    assert bounded(analysis, seconds=0.1, seed=3) == "monte carlo"
    assert calls[1]["exact"] is False and calls[1]["seed"] == 3 and 0 < calls[1]["seconds"] <= 0.1


def test_time_spent_queued_counts_against_the_budget():
    calls = []

    def analysis(**options):
        calls.append(options)
        if options["exact"]:
            options["progress"](0, 1)
        return options["exact"]

    arrived_long_ago = time.perf_counter() - 10
    assert bounded(analysis, seconds=1.0, started=arrived_long_ago) is False
    assert [c["exact"] for c in calls] == [False], "too late to start an exact run"
    assert calls[0]["seconds"] == MIN_MONTE_CARLO_SECONDS, "still an answer, from a short Monte Carlo run"


def test_an_exact_preflop_run_stops_while_relabelling_suits():
    # 16,920 deals of hole cards: relabelling their suits alone takes about a second
    r = bounded(lambda **o: equity(["AsKs", "QQ+,AKs", "random"], **o), seconds=0.3, seed=1)
    assert not r.exact


@pytest.mark.parametrize("body, field, problem", [
    ({"players": ["AsKs", "AsQd"]}, "players[1]", "duplicate card: As, already in Player 1"),
    ({"players": ["AsKs", "QdQc"], "board": "Ks7h2c"}, "players[0]", "duplicate card: Ks, already in board"),
    ({"players": ["AsKs", "QdQc"], "dead": "Qc"}, "players[1]", "duplicate card: Qc, already in dead"),
    ({"players": ["AsKs", "QdQc"], "board": "7h2c9d", "dead": "9d"}, "dead", "duplicate card: 9d, already in board"),
    ({"players": ["AsKs", "QdQc"], "board": "Zz7h2c"}, "board", "unknown card"),
    ({"players": ["AsKs", "QdQc"], "board": "7h7h2c"}, "board", "duplicate card: 7h"),
    ({"players": ["AsKs", "QdQc"], "board": "7h2c"}, "board", "a board has 0, 3, 4 or 5 cards, got 2"),
    ({"players": ["AsKs", "QdQcJh"]}, "players[1]", "Texas hold'em hand has 2 cards, got 3"),
    ({"players": ["AsKs", "QQ+,ZZ"]}, "players[1]", "unknown range token: 'ZZ'"),
    ({"players": ["AsKs", " "]}, "players[1]", "empty: give hole cards"),
    ({"players": ["AsKs", "AA:0"]}, "players[1]", "is empty"),
    ({"players": ["AsKs", "A5s"], "game": "short-deck"}, "players[1]", "short-deck deals no card below the Six"),
    ({"players": ["AsKs", "AsKs"], "game": "holdem-hilo", "by_combo": True}, "by_combo",
     "combo by combo is for the games of two hole cards and one pot (holdem, short-deck, short-deck-triton)"),
    ({"players": ["AsKs", "AsAh"], "board": "Ad Ac 2c"}, "players[1]", "duplicate card: As"),
    ({"players": ["AsKs", "AA"], "board": "Ad Ac 2c"}, "players[1]", "range 'AA' is empty once the board"),
    ({"players": ["AsKs"]}, "players", "at least 2 items"),
    ({"players": ["random"] * 11}, "players", "at most 10 items"),
    ({"players": "AsKs QdQc"}, "players", "valid list"),
    ({"players": ["AsKs", 7]}, "players[1]", "valid string"),
    ({"players": ["AsKs", "QdQc"], "seconds": 0}, "seconds", "greater than 0"),
    ({"players": ["AsKs", "QdQc"], "seconds": 1e9}, "seconds", "less than or equal to 30"),
    ({"players": ["AsKs", "QdQc"], "seed": -1}, "seed", "greater than or equal to 0"),
    ({"players": ["AsKs", "QdQc"], "trials": 5}, "trials", "Extra inputs are not permitted"),
    ({"players": ["AsKs", "Q" * 500]}, "players[1]", "at most 200 characters"),
    ({}, "players", "Field required"),
])
def test_equity_refusals_name_the_field(client, body, field, problem):
    assert problem in refused(client.post("/api/equity", json=body), 422, field)


def test_a_body_that_is_not_json_is_refused(client):
    as_json = {"content-type": "application/json"}
    assert "JSON" in refused(client.post("/api/equity", content=b"{players", headers=as_json), 422, "body")
    refused(client.post("/api/equity", content=b"\xc0\x19", headers=as_json), 400, "body")
    refused(client.post("/api/equity"), 422, "body")


def test_the_deck_running_out_is_refused(client):
    players = ["random"] * 10
    dead = "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s"
    assert "short" in refused(client.post("/api/equity", json={"players": players, "dead": dead}), 422, "players")


# --- grid -----------------------------------------------------------------------------------

def test_grid_agrees_with_the_library(roomy):
    expected = grid("AsKs", "TsQs2d")  # first: on a fresh machine compiling alone takes most of the budget
    body = roomy.post("/api/grid", json={"hand": "AsKs", "board": "TsQs2d", "seconds": 10}).json()
    assert body["exact"] is True and body["win"] == pytest.approx(expected.win)
    assert body["cells"]["FLUSH"]["PAIR"]["win"] == pytest.approx(expected.cell("FLUSH", "PAIR").win)
    assert body["labels"]["STRAIGHT_FLUSH"] == "Straight Flush"


def test_grid_with_many_opponents_is_bounded(client):
    body = client.post("/api/grid", json={"hand": "7c2d", "opponents": 9, "seconds": 10, "seed": 1}).json()
    assert body["exact"] is False and body["opponents"] == 9 and 0 < body["win"] < 0.1


@pytest.mark.parametrize("body, field, problem", [
    ({"hand": "AsKsQs"}, "hand", "2 cards, got 3"),
    ({"hand": "AsKs", "board": "As7h2c"}, "board", "duplicate card: As, already in hand"),
    ({"hand": "AsKs", "opponents": 0}, "opponents", "greater than or equal to 1"),
    ({"hand": "AsKs", "opponents": 10}, "opponents", "less than or equal to 9"),
    ({"hand": "QQ+"}, "hand", "unknown card"),
])
def test_grid_refusals_name_the_field(client, body, field, problem):
    assert problem in refused(client.post("/api/grid", json=body), 422, field)


# --- video poker ----------------------------------------------------------------------------

def test_paytables(client):
    body = client.get("/api/paytables").json()
    assert [t["name"] for t in body["paytables"]] == list(PAYTABLES)
    for table in body["paytables"]:
        game = PAYTABLES[table["name"]]
        assert [line["name"] for line in table["lines"]] == [line.value for line in game.lines]
        for line in table["lines"]:  # credits at 1..5 coins, the royal's bonus at five
            assert line["credits"][:4] == [game.pay(line["name"], 1) * c for c in range(1, 5)]
            assert line["credits"][4] == game.pays[line["name"]] * 5
    full_pay = body["paytables"][0]
    royal = {"name": "royal_flush", "label": "Royal Flush", "credits": [250, 500, 750, 1000, 4000]}
    assert full_pay["lines"][0] == royal
    deuces = next(t for t in body["paytables"] if t["name"] == "deuces-wild-full-pay")
    assert deuces["wild"] == "deuces" and deuces["game"] == "Deuces Wild"


def test_holds_agree_with_the_advisor(client):
    request = {"hand": "As Ks Kh 4s 4d", "paytable": "jacks-8-5", "coins": 1}
    body = client.post("/api/videopoker/holds", json=request).json()
    expected = hold_evs("As Ks Kh 4s 4d", "jacks-8-5", 1)
    assert len(body["holds"]) == 32
    assert [h["ev"] for h in body["holds"]] == [h.ev for h in expected]
    assert body["holds"][0]["cards"] == "Ks Kh 4s 4d"


@pytest.mark.parametrize("body, field, problem", [
    ({"hand": "As Ks Kh 4s"}, "hand", "a video poker hand has 5 cards, got 4"),
    ({"hand": "As Ks Kh 4s As"}, "hand", "duplicate card: As"),
    ({"hand": "As Ks Kh 4s 4d", "paytable": "jacks-10-7"}, "paytable", "jacks-9-6"),
    ({"hand": "As Ks Kh 4s 4d", "paytable": "/etc/passwd.toml"}, "paytable", "unknown pay table"),
    ({"hand": "As Ks Kh 4s 4d", "coins": 6}, "coins", "less than or equal to 5"),
])
def test_holds_refusals_name_the_field(client, body, field, problem):
    assert problem in refused(client.post("/api/videopoker/holds", json=body), 422, field)


def test_a_session_plays_like_the_trainer(client):
    session = client.post("/api/videopoker/sessions", json={"paytable": "jacks-9-6", "coins": 5, "seed": 11}).json()
    assert session["credits"] == START_CREDITS and session["hands"] == 0
    trainer = Trainer("jacks-9-6", 5, seed=11)
    base = f"/api/videopoker/sessions/{session['id']}"
    for hold in ([], [1, 2]):
        dealt = client.post(base + "/deal").json()
        assert dealt["hand"] == [card_name(c) for c in trainer.deal()]
        holds = client.get(base + "/holds").json()["holds"]
        assert [h["ev"] for h in holds] == [h.ev for h in trainer.holds()]
        played = client.post(base + "/draw", json={"hold": hold}).json()
        expected = trainer.hold(hold)
        assert played["result"] == expected.to_dict()
    summary = trainer.summary()
    assert played["session"]["credits"] == START_CREDITS + summary.net
    assert played["session"]["hands"] == 2 and played["session"]["ev_lost"] == pytest.approx(summary.ev_lost)


def test_a_session_picks_up_where_it_was(client):
    session = client.post("/api/videopoker/sessions", json={"seed": 2}).json()
    base = f"/api/videopoker/sessions/{session['id']}"
    assert client.get(base).json() == {"hand": None, "session": session}
    dealt = client.post(base + "/deal").json()
    again = client.get(base).json()
    assert again["hand"] == dealt["hand"] and again["session"] == dealt["session"]
    assert again["session"]["credits"] == START_CREDITS - 5, "the bet is taken at the deal"
    assert "no such video poker session" in refused(client.get("/api/videopoker/sessions/nope"), 404, "session")


def test_a_new_session_may_carry_credits_over(client):
    session = client.post("/api/videopoker/sessions", json={"paytable": "deuces-wild-full-pay", "coins": 1,
                                                            "credits": 1234}).json()
    assert session["credits"] == 1234 and session["hands"] == 0
    base = f"/api/videopoker/sessions/{session['id']}"
    client.post(base + "/deal")
    assert client.post(base + "/draw", json={"hold": []}).json()["session"]["credits"] >= 1233
    refused(client.post("/api/videopoker/sessions", json={"credits": -1}), 422, "credits")


def test_session_refusals(client):
    session = client.post("/api/videopoker/sessions", json={}).json()
    base = f"/api/videopoker/sessions/{session['id']}"
    assert "no hand is dealt" in refused(client.post(base + "/draw", json={"hold": []}), 409, "session")
    refused(client.get(base + "/holds"), 409, "session")
    client.post(base + "/deal")
    assert "draw first" in refused(client.post(base + "/deal"), 409, "session")
    assert "less than or equal to 5" in refused(client.post(base + "/draw", json={"hold": [6]}), 422, "hold[0]")
    assert "appears twice" in refused(client.post(base + "/draw", json={"hold": [1, 1]}), 422, "hold")
    refused(client.post(base + "/draw", json={}), 422, "hold")
    assert "no such video poker session" in refused(client.post("/api/videopoker/sessions/nope/deal"), 404, "session")
    refused(client.post("/api/videopoker/sessions", json={"coins": 0}), 422, "coins")


# --- games ----------------------------------------------------------------------------------

def test_games_list_the_games_with_odds(client):
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert set(games) == {name for name, game in pl_games.GAMES.items() if not game.is_lowball}
    assert games["short-deck"]["deck"] == 36 and games["omaha5-hilo"]["hole"] == 5 and games["omaha5-hilo"]["hilo"]
    assert games["holdem"] == {"name": "holdem", "title": "Texas hold'em", "hole": 2, "board": 5, "deck": 52,
                               "cards": [card_name(c) for c in range(52)], "hilo": False,
                               "rules": pl_games.HOLDEM.rules}
    # the page deals each game's own deck, whatever its size
    for name, game in games.items():
        assert game["cards"] == [card_name(c) for c in pl_games.get(name).deck] and len(game["cards"]) == game["deck"]


def test_omaha_hilo_odds_split_high_and_low(roomy):
    players, board = ["AsKs2d3c", "QhQd8c9c"], "Qs7s4hKd"  # a turn: 44 rivers
    body = roomy.post("/api/equity", json={"players": players, "board": board, "game": "omaha-hilo"}).json()
    expected = equity(players, board, game="omaha-hilo")
    assert body["game"] == "omaha-hilo" and body["exact"] is expected.exact
    for got, want in zip(body["players"], expected.players):
        assert got["hi_equity"] == pytest.approx(want.hi_equity) and got["lo_equity"] == pytest.approx(want.lo_equity)
        assert got["scoop"] == pytest.approx(want.scoop)
    assert body["players"][0]["made"].endswith("no low")  # the board has two cards of eight or under


def test_short_deck_odds(roomy):
    body = roomy.post("/api/equity", json={"players": ["AhKh", "6c6d"], "game": "short-deck"}).json()
    assert body["players"][0]["equity"] == pytest.approx(equity(["AhKh", "6c6d"], game="short-deck").players[0].equity)


def test_equity_by_combo_lists_each_combo(roomy):
    body = roomy.post("/api/equity", json={"players": ["AsKs", "QQ,JJ"], "board": "Qh7h3s", "by_combo": True}).json()
    combos = body["players"][1]["combos"]
    assert len(combos) == 3 + 6 and {"QQ", "JJ"} <= set(body["players"][1]["classes"])
    mean = sum(c["weight"] * c["equity"] for c in combos) / sum(c["weight"] for c in combos)
    assert mean == pytest.approx(body["players"][1]["equity"])


WIDE = "22+,A2s+,K9s+,ATo+"
"""A range whose exact equity against a random hand before the flop takes minutes: always sampled
within a page's budget, however quick the machine and whatever matchups a process remembers."""


def test_a_sampled_heat_map_gives_each_combo_and_class_its_own_error(roomy):
    body = roomy.post("/api/equity", json={"players": [WIDE, "random"], "by_combo": True, "seconds": 0.5}).json()
    assert not body["exact"]
    player = body["players"][0]
    assert all(c["stderr"] > 0 for c in (*player["combos"], *player["classes"].values()))
    exact = roomy.post("/api/equity", json={"players": ["AsKs", "QQ,JJ"], "board": "Qh7h3s", "by_combo": True}).json()
    assert exact["exact"] and all(c["stderr"] == 0 for c in exact["players"][1]["combos"])


def test_each_class_error_is_as_wide_as_its_spread():
    """Against the exact equity of each class against a random hand, the sampled classes' errors
    (over runs with different seeds) spread as their stated standard errors say: neither
    understated (the ± would claim a precision it lacks) nor far overstated."""
    from pokerlab.preflop import shipped_table
    from pokerlab.web.odds import with_errors

    exact = {row.hand: row.equity for row in shipped_table().rows}
    scores = []
    for seed in range(1, 21):  # before the flop, a Monte Carlo call samples combo by combo
        result = equity(["QQ+,AK", "random"], by_combo=True, exact=False, trials=4000, seed=seed)
        player = with_errors(result.players[0].to_dict(), result.showdowns, result.exact)
        scores += [(c["equity"] - exact[name]) / c["stderr"] for name, c in player["classes"].items()]
    spread = (sum(z * z for z in scores) / len(scores)) ** 0.5
    assert 0.6 < spread < 1.5, spread


@pytest.mark.parametrize("game, written, meant", [
    ("omaha", "AA", "AAxx"), ("omaha", "AKds", "AKxxds"), ("omaha", "KK:0.5, QQJ", "KKxx:0.5,QQJx"),
    ("omaha5", "AA", "AAxxx"), ("omaha-hilo", "A2", "A2xx"), ("omaha", "AA**", "AA**"),
])
def test_omaha_patterns_as_players_write_them(roomy, game, written, meant):
    """A pattern naming fewer cards than a hand holds means any cards for the rest."""
    body = {"players": ["AsKsQdJd" + "2c3c"[:2 * (pl_games.get(game).hole_cards - 4)], written],
            "board": "9h8h7d6c", "game": game, "seconds": 10}
    got = roomy.post("/api/equity", json=body).json()
    expected = equity([body["players"][0], meant], body["board"], game=game, seed=1)
    for shown, want in zip(got["players"], expected.players):  # exact, or sampled within its error
        assert shown["equity"] == pytest.approx(want.equity, abs=5 * (shown["stderr"] + want.stderr) + 1e-12)
    assert got["players"][1]["made"] == "a range"


@pytest.mark.parametrize("body, field, problem", [
    ({"players": ["AsKs", "QdQc"], "game": "omaha"}, "players[0]", "Omaha hand has 4 cards, got 2"),
    ({"players": ["AsKs", "5c5d"], "game": "short-deck"}, "players[1]", "not in the short-deck deck"),
    ({"players": ["AsKs", "QdQc"], "board": "5h7h8h", "game": "short-deck"}, "board", "not in the short-deck deck"),
    ({"players": ["AsKsQdQc", "AA**xx"], "game": "omaha"}, "players[1]", "AA**xx"),
    ({"players": ["AsKs", "QdQc"], "game": "ace-to-five"}, "game", "no odds"),
    ({"players": ["AsKs", "QdQc"], "game": "stud"}, "game", "unknown game 'stud'"),
    ({"players": ["AsKs", "QdQc"], "by_combo": 1}, "by_combo", "valid boolean"),
    ({"players": ["AsKsQdQc", "random"], "game": "omaha", "by_combo": True}, "by_combo", "not Pot-limit Omaha"),
])
def test_game_refusals_name_the_field(client, body, field, problem):
    assert problem in refused(client.post("/api/equity", json=body), 422, field)


# --- ranges ---------------------------------------------------------------------------------

def test_breakdown_agrees_with_the_library(client):
    body = client.post("/api/breakdown", json={"range": "QQ+,AK,KQs", "board": "Ah7d2c"}).json()
    expected = breakdown("QQ+,AK,KQs", "Ah7d2c")
    assert body["combos"] == expected.combos
    for kind, lines in (("made", expected.made), ("draws", expected.draws)):
        assert [(name, line["combos"]) for name, line in body[kind].items()] == \
            [(name, line.combos) for name, line in lines.items()]


@pytest.mark.parametrize("body, field, problem", [
    ({"range": "QQ+", "board": "Ah7d"}, "board", "got 2"),
    ({"range": "QQ+", "board": ""}, "board", "a flop, turn or river (3 to 5 cards), got 0"),
    ({"range": "QQ+,ZZ", "board": "Ah7d2c"}, "range", "unknown range token"),
    ({"range": "QQ+", "board": "Ah7d2c", "dead": "Ah"}, "dead", "duplicate card: Ah, already in board"),
])
def test_breakdown_refusals_name_the_field(client, body, field, problem):
    assert problem in refused(client.post("/api/breakdown", json=body), 422, field)


def test_runouts_agree_with_the_library(roomy):
    roomy.post("/api/runouts", json={"players": ["AhKh", "2c2d"], "board": "Qh7h3s"})  # loads the kernels
    body = roomy.post("/api/runouts", json={"players": ["AhKh", "2c2d"], "board": "Qh7h3s", "seconds": 10}).json()
    expected = runouts(["AhKh", "2c2d"], "Qh7h3s")
    assert body["exact"] is True and len(body["cards"]) == len(expected.by_card) == 45
    assert {row["card"]: row["equity"][0] for row in body["cards"]} == pytest.approx(expected.equities(0))
    assert body["best"][0] == list(expected.best(0))


def test_runouts_with_little_time_use_monte_carlo(client):
    body = client.post("/api/runouts", json={"players": ["AhKh", "random", "random"], "board": "Qh7h3s",
                                             "seconds": 0.2, "seed": 1}).json()
    assert body["exact"] is False and len(body["cards"]) == 47
    # every sampled figure comes with its standard error, for the page's ±
    assert all(len(row["stderr"]) == 3 and row["stderr"][0] > 0 for row in body["cards"])
    assert body["before_stderr"][0] > 0


def test_exact_runouts_say_they_have_no_error(roomy):
    roomy.post("/api/runouts", json={"players": ["AhKh", "2c2d"], "board": "Qh7h3s"})  # loads the kernels
    body = roomy.post("/api/runouts", json={"players": ["AhKh", "2c2d"], "board": "Qh7h3s", "seconds": 10}).json()
    assert body["exact"] and {s for row in body["cards"] for s in row["stderr"]} == {0.0}


@pytest.mark.parametrize("body, field, problem", [
    ({"players": ["AhKh", "2c2d"], "board": ""}, "board", "a flop or a turn (3 or 4 cards), got 0"),
    ({"players": ["AhKh", "2c2d"], "board": "Qh7h3s", "dead": "2c"}, "players[1]", "duplicate card: 2c"),
    ({"players": ["AhKhQd", "2c2d"], "board": "Qh7h3s"}, "players[0]", "hand has 2 cards, got 3"),
])
def test_runouts_refusals_name_the_field(client, body, field, problem):
    assert problem in refused(client.post("/api/runouts", json=body), 422, field)


# --- video poker games ----------------------------------------------------------------------

OWN_GAME = {"name": "mine", "pays": {**PAYTABLES["jacks-9-6"].pays, "full_house": 7}}


def test_holds_in_a_joker_game_and_in_ones_own(client):
    body = client.post("/api/videopoker/holds", json={"hand": "Jk 7h 8h Ts 2c", "paytable": "joker-kings-20-7-5"})
    assert [h["ev"] for h in body.json()["holds"]] == [h.ev for h in hold_evs("Jk 7h 8h Ts 2c", "joker-kings-20-7-5")]
    own = client.post("/api/videopoker/holds", json={"hand": "As Ks Kh 4s 4d", "paytable": OWN_GAME}).json()
    assert [h["ev"] for h in own["holds"]] == [h.ev for h in hold_evs("As Ks Kh 4s 4d", OWN_GAME)]


@pytest.mark.parametrize("paytable, problem", [
    ({"pays": {**PAYTABLES["jacks-9-6"].pays, "royal_flush": -1}}, "royal_flush"),
    ({"pays": {**PAYTABLES["jacks-9-6"].pays, "five_of_a_kind": 3}}, "five_of_a_kind needs wild cards"),
    ({"pays": dict(PAYTABLES["jacks-9-6"].pays), "coins": 5}, "unknown keys coins"),
    ("mine.toml", "unknown pay table"),
    (5, "give a built-in pay table's name"),
])
def test_bad_games_are_refused_by_field(client, paytable, problem):
    body = {"hand": "As Ks Kh 4s 4d", "paytable": paytable}
    assert problem in refused(client.post("/api/videopoker/holds", json=body), 422, "paytable")


def test_a_session_of_ones_own_game_lists_its_costliest_mistakes(client):
    session = client.post("/api/videopoker/sessions", json={"paytable": OWN_GAME, "seed": 4}).json()
    assert session["paytable"] == "mine"
    base = f"/api/videopoker/sessions/{session['id']}"
    trainer = Trainer(OWN_GAME, seed=4)
    for _ in range(4):
        client.post(base + "/deal")
        trainer.deal()
        client.post(base + "/draw", json={"hold": []})  # throwing every hand away: mistakes, mostly
        trainer.hold([])
    body = client.get(base + "/mistakes").json()
    assert body["mistakes"] == [r.to_dict() for r in trainer.error_log(10)]
    assert body["session"]["mistakes"] == trainer.summary().mistakes


def test_a_strategy_chart_is_worked_out_in_the_background(monkeypatch):
    import pokerlab.web.videopoker as web_app

    release = threading.Event()

    def slow_chart(paytable, coins):
        release.wait(30)
        return strategy_of_lines(paytable, coins)

    monkeypatch.setattr(web_app, "strategy", slow_chart)
    client = TestClient(create_app(time_limit=0.1))
    pending = client.get("/api/videopoker/strategy", params={"paytable": "jacks-8-5", "coins": 5})
    assert pending.status_code == 202 and pending.json()["pending"] is True and int(pending.headers["retry-after"]) > 0
    release.set()
    for _ in range(100):
        ready = client.get("/api/videopoker/strategy", params={"paytable": "jacks-8-5", "coins": 5})
        if ready.status_code == 200:
            break
    assert ready.json()["lines"] == ["Royal flush", "Anything else"] and ready.json()["pending"] is False
    assert "unknown pay table" in refused(client.get("/api/videopoker/strategy", params={"paytable": "x.toml"}),
                                          422, "paytable")


class strategy_of_lines:  # noqa: N801  (stands in for the function strategy)
    """A stand-in chart of two lines, built without the minute a real one takes."""

    def __init__(self, paytable, coins):
        self.paytable, self.coins = get_paytable(paytable), coins

    def to_dict(self):
        return {"lines": ["Royal flush", "Anything else"], "expected_return": 0.97, "optimal_return": 0.973}
