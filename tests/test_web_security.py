"""The web app exposed to anyone: sessions only their holder can use, bounded and typed bodies,
slow clients cut off without holding up others, security headers, nothing fetched from elsewhere,
and analyses that end within their time budget."""

import http.client
import re
import socket
import threading
import time

import httpx
import pytest
from fastapi.testclient import TestClient

from pokerlab.errors import ExactTooLargeError
from pokerlab.runouts import runouts
from pokerlab.web import create_app
from pokerlab.web.compute import MIN_MONTE_CARLO_SECONDS, MONTE_CARLO_SHARE, bounded
from pokerlab.web.guards import MAX_BODY_BYTES
from pokerlab.web.server import running
from pokerlab.web.sessions import SessionStore

JSON = {"content-type": "application/json"}


@pytest.fixture(scope="module")
def app():
    return create_app(time_limit=0.5)


@pytest.fixture
def client(app):
    return TestClient(app)


def refusal(response, status):
    assert response.status_code == status, response.text
    return response.json()


# --- sessions ---------------------------------------------------------------------------------

def test_session_ids_are_long_random_tokens(client):
    ids = {client.post("/api/videopoker/sessions").json()["id"] for _ in range(20)}
    assert len(ids) == 20
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{43}", i) for i in ids), ids


def test_a_session_answers_only_the_client_that_started_it(app):
    owner, stranger = TestClient(app), TestClient(app)
    session = owner.post("/api/videopoker/sessions", json={"seed": 3}).json()
    cookie = owner.cookies.get("pokerlab_client")
    assert cookie and len(cookie) >= 43
    base = f"/api/videopoker/sessions/{session['id']}"
    for attempt in (lambda c: c.post(base + "/deal"), lambda c: c.get(base + "/holds"),
                    lambda c: c.post(base + "/draw", json={"hold": []})):
        body = refusal(attempt(stranger), 404)
        assert body["errors"][0]["field"] == "session" and session["id"] not in body["detail"]
    stranger.cookies.set("pokerlab_client", "forged", path="/api/videopoker")
    refusal(stranger.post(base + "/deal"), 404)
    assert owner.post(base + "/deal").status_code == 200
    assert owner.post(base + "/draw", json={"hold": [1]}).status_code == 200


def test_the_client_cookie_cannot_be_read_by_scripts_nor_sent_by_other_sites(client):
    header = client.post("/api/videopoker/sessions").headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=strict" in header and "path=/api/videopoker" in header


def test_one_client_keeps_its_cookie_across_sessions(client):
    client.post("/api/videopoker/sessions")
    first = client.cookies.get("pokerlab_client")
    second = client.post("/api/videopoker/sessions")
    assert "set-cookie" not in second.headers and client.cookies.get("pokerlab_client") == first


def test_a_flood_of_sessions_from_one_address_leaves_others_alone():
    store = SessionStore(capacity=100, per_address=10)
    kept = store.create("jacks-9-6", 5, "alice", address="192.0.2.1")
    flood = [store.create("jacks-9-6", 5, f"mallory{i}", address="198.51.100.7") for i in range(1000)]
    assert store.has(kept) and len(store) == 11
    assert all(store.has(i) for i in flood[-10:]) and not store.has(flood[-11])


def test_a_long_session_id_is_not_echoed(client):
    long_id = "x" * 60_000
    body = refusal(client.post(f"/api/videopoker/sessions/{long_id}/deal"), 404)
    assert long_id[:100] not in str(body) and len(str(body)) < 500


# --- bodies ---------------------------------------------------------------------------------

def test_a_body_over_the_limit_is_refused_before_it_is_parsed(client):
    players = ["AsKs", "QdQc", "x" * MAX_BODY_BYTES]
    body = refusal(client.post("/api/equity", json={"players": players}), 413)
    assert body["errors"][0]["field"] == "body" and "64 KB" in body["detail"]


def test_a_streamed_body_over_the_limit_is_refused(client):
    def chunks():  # no Content-Length: the size is counted as the body arrives
        yield b'{"players": ["AsKs", "QdQc"], "board": "'
        for _ in range(MAX_BODY_BYTES // 1000 + 1):
            yield b" " * 1000
        yield b'"}'

    refusal(client.post("/api/equity", content=chunks(), headers=JSON), 413)


def test_a_body_just_under_the_limit_is_read(client):
    padding = " " * (MAX_BODY_BYTES - 100)
    response = client.post("/api/equity", content=f'{{"players": ["AsKs", "QdQc"]{padding}}}', headers=JSON)
    assert response.status_code == 200, response.text


def test_a_long_unknown_field_is_not_echoed(client):
    name = "y" * 60_000
    body = refusal(client.post("/api/equity", json={"players": ["AsKs", "QdQc"], name: 1}), 422)
    assert name[:100] not in str(body) and len(str(body)) < 500


def test_a_body_that_is_not_json_is_told_to_be_json(client):
    body = refusal(client.post("/api/equity", content=b'{"players": ["AsKs", "QdQc"]}',
                               headers={"content-type": "text/plain"}), 415)
    assert "JSON" in body["detail"] and body["errors"][0]["field"] == "body"
    refusal(client.post("/api/equity", data={"players": "AsKs"}), 415)  # a form


@pytest.mark.parametrize("path, body, field", [
    ("/api/equity", {"players": ["AsKs", "QdQc"], "seconds": "0.5"}, "seconds"),
    ("/api/equity", {"players": ["AsKs", "QdQc"], "seconds": True}, "seconds"),
    ("/api/equity", {"players": ["AsKs", "QdQc"], "seed": "1"}, "seed"),
    ("/api/equity", {"players": ["AsKs", "QdQc"], "seed": 1.0}, "seed"),
    ("/api/grid", {"hand": "AsKs", "opponents": "2"}, "opponents"),
    ("/api/grid", {"hand": "AsKs", "opponents": True}, "opponents"),
    ("/api/videopoker/holds", {"hand": "As Ks Kh 4s 4d", "coins": "5"}, "coins"),
    ("/api/videopoker/sessions", {"coins": 5.0}, "coins"),
])
def test_values_are_taken_only_as_their_json_type(client, path, body, field):
    assert refusal(client.post(path, json=body), 422)["errors"][0]["field"] == field


def test_hold_positions_are_numbers(client):
    session = client.post("/api/videopoker/sessions").json()
    base = f"/api/videopoker/sessions/{session['id']}"
    client.post(base + "/deal")
    body = refusal(client.post(base + "/draw", json={"hold": ["1", "2"]}), 422)
    assert body["errors"][0]["field"] == "hold[0]" and body["errors"][0]["label"] == "Hold"
    refusal(client.post(base + "/draw", json={"hold": [True]}), 422)
    assert client.post(base + "/draw", json={"hold": [1, 2]}).status_code == 200


def test_a_session_without_a_body_takes_the_defaults(client):
    session = client.post("/api/videopoker/sessions").json()
    assert session["paytable"] == "jacks-9-6" and session["coins"] == 5 and session["hands"] == 0


def test_credits_are_taken_at_the_deal(client):
    session = client.post("/api/videopoker/sessions", json={"coins": 3, "seed": 2}).json()
    base = f"/api/videopoker/sessions/{session['id']}"
    dealt = client.post(base + "/deal").json()
    assert dealt["session"]["credits"] == session["credits"] - 3
    played = client.post(base + "/draw", json={"hold": []}).json()
    assert played["session"]["credits"] == session["credits"] - 3 + played["result"]["paid"]


def test_refusals_speak_the_pages_language(client):
    body = refusal(client.post("/api/equity", json={"players": ["AsKs", "QdQc", "AsQh"]}), 422)
    assert body["detail"] == "Player 3: duplicate card: As, already in Player 1"
    assert body["errors"][0] == {"field": "players[2]", "label": "Player 3",
                                 "problem": "duplicate card: As, already in Player 1"}
    assert refusal(client.post("/api/equity", json={"players": ["AsKs", "QdQc"], "dead": "Zz"}),
                   422)["detail"].startswith("Dead cards: ")


# --- headers and other hosts ---------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/grid", "/videopoker", "/docs", "/static/style.css", "/cards/As.svg",
                                  "/api/paytables", "/openapi.json", "/no/such/page"])
def test_every_answer_carries_the_security_headers(client, path):
    headers = client.get(path).headers
    policy = headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "http" not in policy and "unsafe" not in policy and "*" not in policy
    assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "no-referrer"


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>")


@pytest.mark.parametrize("path", ["/", "/odds", "/grid", "/videopoker", "/docs"])
def test_pages_load_nothing_from_elsewhere_and_run_no_inline_script(client, path):
    html = client.get(path).text
    assert not INLINE_SCRIPT.search(html), "an inline script would need the policy loosened"
    for url in re.findall(r'(?:src|href)="([^"#][^"]*)"', html):  # a "#main" skip link stays on the page
        assert url.startswith("/") and not url.startswith("//"), url
        assert client.get(url).status_code == 200, url


def test_the_docs_page_asks_no_other_host():
    response = TestClient(create_app()).get("/docs-assets/start.js")
    assert "validatorUrl: null" in response.text and "http" not in response.text


def test_redoc_is_not_offered(client):
    assert client.get("/redoc").status_code == 404


# --- slow clients, over real sockets --------------------------------------------------------

CUT_OFF = 1.0
"""The server's read limit in these tests (10 s when served): short, to keep the tests quick."""


def _connect(url):
    host, port = re.match(r"http://([^:/]+):(\d+)/", url).groups()
    return socket.create_connection((host, int(port)), timeout=30)


def _closed_by_server(sock):
    """Whether the server closed the connection (waits up to the socket's timeout)."""
    try:
        return sock.recv(4096) == b""
    except ConnectionResetError:
        return True


@pytest.fixture(scope="module")
def served(app):
    with running(app, request_seconds=CUT_OFF) as url:
        yield url


STALLS = (
    b"",  # connects and says nothing
    b"POST /api/equity HTTP/1.1\r\nHost: x\r\n",  # headers never finished
    b"POST /api/equity HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
)


def test_clients_that_stall_are_cut_off_and_do_not_stop_others(served):
    stalled = []
    for i in range(100):
        sock = _connect(served)
        sock.sendall(STALLS[i % len(STALLS)])
        stalled.append(sock)
    started = time.monotonic()
    try:
        with httpx.Client(timeout=30) as client:
            response = client.post(served + "api/equity", json={"players": ["AsKs", "QdQc"]})
            assert response.status_code == 200 and response.json()["exact"] is True
        assert all(_closed_by_server(sock) for sock in stalled)
        assert time.monotonic() - started < CUT_OFF + 10
    finally:
        for sock in stalled:
            sock.close()


def test_a_client_sending_a_byte_at_a_time_is_cut_off(served):
    sock = _connect(served)
    request = b"GET /api/paytables HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"p" * 1000 + b"\r\n\r\n"
    started = time.monotonic()
    closed = False
    for byte in request:  # would take 10 s in all, a byte every 10 ms
        try:
            sock.sendall(bytes([byte]))
        except OSError:
            closed = True
            break
        time.sleep(0.01)
    assert closed or _closed_by_server(sock)
    assert time.monotonic() - started < CUT_OFF + 10  # a hang guard; the cut-off is the closed socket
    sock.close()


def test_a_keep_alive_client_is_timed_request_by_request(served):
    host, port = re.match(r"http://([^:/]+):(\d+)/", served).groups()
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    sockets = []
    for _ in range(2):  # the pause between them is longer than the read limit, shorter than keep-alive's
        connection.request("GET", "/cards/As.svg")
        response = connection.getresponse()
        assert response.status == 200 and response.read()
        sockets.append(connection.sock)
        time.sleep(CUT_OFF * 1.5)
    assert sockets[0] is sockets[1], "both requests on one connection"
    connection.close()


# --- time budgets ---------------------------------------------------------------------------

def test_an_exact_run_on_course_to_be_late_is_abandoned_at_once():
    calls = []

    def analysis(**options):
        calls.append(options)
        if options["exact"]:
            time.sleep(0.05)
            options["progress"](1, 100)  # a pace of five seconds in all, against a budget of 1
            raise AssertionError("not abandoned")
        return "monte carlo"

    # at its first report of progress: the analysis fails the test if it is let go on past it
    assert bounded(analysis, seconds=1.0) == "monte carlo"


def test_monte_carlo_is_asked_for_less_than_the_time_left():
    asked = []

    def analysis(**options):
        if options["exact"]:
            raise ExactTooLargeError("too large")
        asked.append(options["seconds"])
        return None

    bounded(analysis, seconds=2.0)
    assert MIN_MONTE_CARLO_SECONDS < asked[0] <= 2.0 * MONTE_CARLO_SHARE



def test_runouts_are_given_less_than_the_time_left(monkeypatch):
    import pokerlab.web.ranges as web_app

    asked = []

    def fake_runouts(players, board, dead, **options):
        asked.append(options)
        return runouts(players, board, dead, exact=True)

    monkeypatch.setattr(web_app, "runouts", fake_runouts)
    client = TestClient(create_app(time_limit=5.0))
    body = {"players": ["AhKh", "2c2d"], "board": "Qh7h3s", "seconds": 2.0}
    assert client.post("/api/runouts", json=body).status_code == 200
    assert MIN_MONTE_CARLO_SECONDS <= asked[0]["seconds"] <= 2.0 * MONTE_CARLO_SHARE
    assert "exact" not in asked[0], "runouts decides exact or sampled itself, within its budget"


def test_omaha_odds_are_worked_out_one_at_a_time(monkeypatch):
    import pokerlab.web.odds as web_app

    started, release = threading.Event(), threading.Event()
    real_equity = web_app.equity

    def slow_equity(*args, **options):  # the Omaha engine reading a long range before it checks the time
        if options["game"].hole_used:
            started.set()
            release.wait(30)
        return real_equity(*args, **options)

    monkeypatch.setattr(web_app, "equity", slow_equity)
    client = TestClient(create_app(time_limit=0.5))
    body = {"players": ["AsKsQsJs", "8c8d9c9d"], "board": "2c3d4h", "game": "omaha"}
    first = []
    worker = threading.Thread(target=lambda: first.append(client.post("/api/equity", json=body)))
    worker.start()
    try:
        assert started.wait(30)
        busy = refusal(client.post("/api/equity", json=body), 429)
        assert busy["errors"][0]["field"] == "game" and "try again" in busy["detail"]
        assert client.post("/api/equity", json={"players": ["AsKs", "QdQc"]}).status_code == 200, "hold'em goes on"
    finally:
        release.set()
        worker.join()
    assert first[0].status_code == 200
