"""The Tournament page's API through FastAPI's TestClient: ICM and push/fold figures equal the
library's, refusals name the field at fault, and while the push/fold table is being prepared the
server says so and goes on answering everything else."""

import json
import threading
import time

import pytest
from fastapi.testclient import TestClient

from pokerlab.tournament import icm, pushfold
from pokerlab.tournament.pushfold import ClassTable, class_table
from pokerlab.web import create_app
from pokerlab.web.pages import STATIC
from pokerlab.web.tournament import PREPARING_RETRY

HANG_GUARD = 120.0
"""Seconds a test waits for an answer before it calls the server hung: never a speed limit (the
machine may be busy), only a bound on how long a broken server keeps the suite waiting."""


@pytest.fixture(scope="session")
def table() -> ClassTable:
    """The push/fold table, built once for the session (a minute or two the first time on a
    machine, then read from the disk cache), before any test's clock starts."""
    return class_table()


@pytest.fixture(scope="module")
def client(table):
    return TestClient(create_app(time_limit=10))


def refused(response, status, field):
    """The response is a refusal naming ``field``; returns the problem text."""
    assert response.status_code == status, response.text
    body = response.json()
    first = body["errors"][0]
    assert first["field"] == field, body
    assert body["detail"].startswith(f"{first['label']}: {first['problem']}")
    return first["problem"]


def solved(client, body):
    """The push/fold answer, asking again while the server says the table is being prepared."""
    deadline = time.monotonic() + HANG_GUARD
    while True:
        response = client.post("/api/pushfold", json=body)
        if response.status_code != 202:
            assert response.status_code == 200, response.text
            return response.json()
        assert time.monotonic() < deadline, "the push/fold table was never ready"
        time.sleep(0.2)


# --- the page -------------------------------------------------------------------------------

def test_the_page_loads_its_script_and_is_in_the_nav(client):
    response = client.get("/tournament")
    assert response.status_code == 200 and 'src="/static/tournament.js"' in response.text
    assert "<title>Tournament · pokerlab</title>" in response.text
    assert client.get("/static/tournament.js").status_code == 200
    assert '["/tournament", "Tournament"]' in (STATIC / "common.js").read_text(), "every page's header links to it"
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/icm", "/api/pushfold"} <= set(paths)
    assert "202" in paths["/api/pushfold"]["post"]["responses"]


# --- ICM ------------------------------------------------------------------------------------

@pytest.mark.parametrize("stacks, payouts", [
    ([50, 30, 20], [70, 30]),                   # the published example
    ([5000, 3000, 2000, 1000], [50, 30, 20]),
    ([1, 3], [1]),
    ([10, 0, 10, 5], [60, 40]),                 # a player without chips
    ([7.5] * 6, [100, 50, 25]),                 # equal stacks share equally
    (list(range(1, 21)), [40, 25, 15, 10, 6, 4]),
])
def test_icm_equals_the_library(client, stacks, payouts):
    body = client.post("/api/icm", json={"stacks": stacks, "payouts": payouts}).json()
    assert body["equity"] == list(icm(stacks, payouts))
    assert body["stacks"] == stacks and body["payouts"] == payouts
    assert body["chips"] == sum(stacks) and body["pool"] == sum(payouts)


@pytest.mark.parametrize("body, field, words", [
    ({"stacks": [50, -1], "payouts": [70]}, "stacks[1]", "at least 0"),
    ({"stacks": [50, 30], "payouts": [70, -5]}, "payouts[1]", "at least 0"),
    ({"stacks": [50, 30], "payouts": [30, 70]}, "payouts", "never rising"),
    ({"stacks": [50, 30], "payouts": [50, 30, 20]}, "payouts", "1 to 2 places"),
    ({"stacks": [0, 0], "payouts": [1]}, "stacks", "some chips"),
    ({"stacks": [], "payouts": [1]}, "stacks", "1 to 24 players"),
    ({"stacks": [1] * 25, "payouts": [1]}, "stacks", "1 to 24 players"),
    ({"stacks": [50, "30"], "payouts": [70]}, "stacks[1]", "valid number"),
    ({"stacks": [50, True], "payouts": [70]}, "stacks[1]", "valid number"),
    ({"stacks": [50, 30]}, "payouts", "required"),
    ({"stacks": [50, 30], "payouts": [70], "prizes": [1]}, "prizes", "not permitted"),
])
def test_icm_refusals_name_the_field(client, body, field, words):
    assert words in refused(client.post("/api/icm", json=body), 422, field)


def test_icm_refuses_numbers_that_are_not_finite(client):
    # JSON has no NaN, but Python's parser reads one: the library's check still stands
    content = json.dumps({"stacks": [float("nan"), 1], "payouts": [1]})
    response = client.post("/api/icm", content=content, headers={"content-type": "application/json"})
    assert "finite" in refused(response, 422, "stacks[0]")


# --- push/fold ------------------------------------------------------------------------------

@pytest.mark.parametrize("stack, ante", [(10, 0), (4.35, 0), (1.5, 0), (8, 0.125), (25, 1)])
def test_pushfold_equals_the_library(client, stack, ante):
    body = solved(client, {"stack": stack, "ante": ante})
    expected = pushfold(stack, ante)
    assert body["push"] == dict(expected.push) and body["call"] == dict(expected.call)
    assert len(body["push"]) == 169
    assert body["ev"] == {"small_blind": expected.ev[0], "big_blind": expected.ev[1]}
    assert body["exploitability"] == expected.exploitability
    assert (body["stack"], body["ante"], body["pending"]) == (stack, ante, False)


@pytest.mark.parametrize("body, field, words", [
    ({"stack": 0.5}, "stack", "from 1"),
    ({"stack": 1.2, "ante": 0.5}, "stack", "from 1.5"),
    ({"stack": 2000}, "stack", "to 1000"),
    ({"stack": 10, "ante": -1}, "ante", "from 0"),
    ({"stack": "10"}, "stack", "valid number"),
    ({}, "stack", "required"),
    ({"stack": 10, "blinds": 2}, "blinds", "not permitted"),
])
def test_pushfold_refusals_name_the_field(client, body, field, words):
    assert words in refused(client.post("/api/pushfold", json=body), 422, field)


@pytest.fixture
def held_table(monkeypatch, table):
    """A stand-in for the table's build that reports a quarter done and then waits until the
    test sets the event it yields (then hands over the real table)."""
    release = threading.Event()

    def build(progress=None):
        progress(1, 4)
        release.wait(HANG_GUARD)
        return table

    monkeypatch.setattr("pokerlab.web.tournament.class_table", build)
    yield release
    release.set()


def test_while_the_table_is_prepared_the_page_hears_so_and_the_rest_is_served(held_table):
    client = TestClient(create_app(time_limit=10))
    response = client.post("/api/pushfold", json={"stack": 10})
    assert response.status_code == 202
    assert response.headers["retry-after"] == str(PREPARING_RETRY)
    assert response.json() == {"stack": 10, "ante": 0, "pending": True, "progress": 0.25,
                               "retry_after": PREPARING_RETRY}
    # bad input is refused at once, and other requests are answered, while the build goes on
    refused(client.post("/api/pushfold", json={"stack": 0}), 422, "stack")
    assert client.post("/api/icm", json={"stacks": [50, 30, 20], "payouts": [70, 30]}).status_code == 200
    assert client.post("/api/pushfold", json={"stack": 10}).status_code == 202, "still preparing"
    held_table.set()
    assert solved(client, {"stack": 10})["push"] == dict(pushfold(10).push)
