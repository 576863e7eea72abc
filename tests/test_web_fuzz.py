"""Property-based fuzz of the API: from its own OpenAPI schema (schemathesis), and with
generated tables of valid cards (hypothesis), which random text rarely reaches.

No input may produce a 5xx, and every refusal must name a field. A small server time limit
keeps each call short, so an input that would hang the server fails through the timeout.
"""

import re

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from pokerlab import games as pl_games
from pokerlab.cards.notation import DECK, card_name
from pokerlab.web import create_app
from pokerlab.web.models import GAME_NAMES

app = create_app(time_limit=0.2)
# Strategy charts are worked out in the background, a minute each: fuzzing would leave dozens
# running (their endpoint is tested with a stand-in chart in test_web_api)
schema = schemathesis.openapi.from_asgi("/openapi.json", app).exclude(path="/api/videopoker/strategy")
schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], deterministic=True)
client = TestClient(app)


@schema.parametrize()
@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
def test_no_server_errors(case):
    response = case.call(timeout=30)
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.status_code} {response.text}"
    if response.status_code >= 400:
        errors = response.json()["errors"]
        assert errors and all(e["field"] and e["problem"] for e in errors), response.text


RANGES = ("QQ+", "AKs,AQo", "22+,A2s+", "random", "top 10%")


@st.composite
def tables(draw):
    """A table whose cards are all distinct: 2..6 players (hands, ranges, random), board, dead."""
    cards = draw(st.permutations([card_name(c) for c in DECK]))
    players = []
    for _ in range(draw(st.integers(2, 6))):
        if draw(st.booleans()):
            players.append(cards.pop() + cards.pop())
        else:
            players.append(draw(st.sampled_from(RANGES)))
    board = "".join(cards.pop() for _ in range(draw(st.sampled_from([0, 3, 4, 5]))))
    dead = " ".join(cards.pop() for _ in range(draw(st.integers(0, 3))))
    return {"players": players, "board": board, "dead": dead, "seconds": 0.2, "seed": 1}


def odds(table):
    """The odds of a valid table, or None where a range is used up by the board and the known
    hands (refused on the players' field)."""
    response = client.post("/api/equity", json=table)
    if response.status_code == 422:
        assert response.json()["errors"][0]["field"].startswith("players"), response.text
        return None
    assert response.status_code == 200, response.text
    return response.json()


@given(tables())
@settings(max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_valid_tables_get_odds(table):
    body = odds(table)
    if body is None:
        return
    assert len(body["players"]) == len(table["players"]) and all(p["made"] for p in body["players"])
    assert sum(p["equity"] for p in body["players"]) == pytest.approx(1.0)


GAME_RANGES = {2: ("QQ+", "AKs,AQo", "random"), 4: ("AA**", "KKQQds"), 5: (), 6: ()}
"""Ranges small enough for a quick test: Omaha's engine lists every hand of a range (270,725 for
random in Omaha, 1.5 M in five-card Omaha) before it looks at the time."""


@st.composite
def game_tables(draw):
    """A table of any game with odds, dealt from its own deck: known hands, ranges, random."""
    game = pl_games.get(draw(st.sampled_from(GAME_NAMES)))
    cards = draw(st.permutations([card_name(c) for c in game.deck]))
    players = []
    for _ in range(draw(st.integers(2, 4))):
        ranges = GAME_RANGES[game.hole_cards]
        if not ranges or draw(st.booleans()):
            players.append("".join(cards.pop() for _ in range(game.hole_cards)))
        else:
            players.append(draw(st.sampled_from(GAME_RANGES[game.hole_cards])))
    board = "".join(cards.pop() for _ in range(draw(st.sampled_from([0, 3, 4, 5]))))
    return {"players": players, "board": board, "game": game.name, "seconds": 0.2, "seed": 1}


@given(game_tables())
@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_every_game_gets_odds(table):
    body = odds(table)
    if body is None:
        return
    assert body["game"] == table["game"] and all(p["made"] for p in body["players"])
    assert sum(p["equity"] for p in body["players"]) == pytest.approx(1.0)
    assert sum(p["hi_equity"] + p["lo_equity"] for p in body["players"]) == pytest.approx(1.0)


HOLE_CARDS = re.compile(r"([2-9TJQKA][cdhs]){2}")


@given(tables(), st.data())
@settings(max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_a_card_used_twice_is_named(table, data):
    # Places that hold known cards: ("players", index) or ("board", None).
    places = [("players", i) for i, p in enumerate(table["players"]) if HOLE_CARDS.fullmatch(p)]
    places += [("board", None)] * bool(table["board"])
    if len(places) < 2:
        return
    source, target = data.draw(st.permutations(places))[:2]

    def text(place):
        field, index = place
        return table[field] if index is None else table[field][index]

    def name(place):
        return place[0] if place[1] is None else f"{place[0]}[{place[1]}]"

    card = text(source)[:2]
    changed = card + text(target)[2:]
    if target[1] is None:
        table[target[0]] = changed
    else:
        table[target[0]][target[1]] = changed
    response = client.post("/api/equity", json=table)
    assert response.status_code == 422
    error = response.json()["errors"][0]
    assert error["field"] in (name(source), name(target)) and f"duplicate card: {card}" in error["problem"]
