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

from pokerlab.analyses.runouts import runouts
from pokerlab.errors import ExactTooLargeError
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
    flood = [store.create("jacks-9-6", 5, f"mallory{i}", address="198.51.100.7", claimed=False) for i in range(1000)]
    assert store.has(kept) and len(store) == 11
    assert all(store.has(i) for i in flood[-10:]) and not store.has(flood[-11])


def _played(store, session, client):
    with store.use(session, client) as trainer:
        trainer.deal()


@pytest.mark.parametrize("keeps_its_key", [False, True])
def test_a_neighbour_at_the_same_address_cannot_push_a_session_out(keeps_its_key):
    """Behind one address (a household, an office), a script starting sessions in a loop only
    ever loses its own: with a key of its own, over its own cap; without, as one owner."""
    store = SessionStore(capacity=1000, per_client=8, per_address=32)
    alice = store.create("jacks-9-6", 5, "alice", address="192.0.2.1")
    _played(store, alice, "alice")
    flood = [store.create("jacks-9-6", 5, "mallory" if keeps_its_key else f"mallory{i}", address="192.0.2.1",
                          claimed=keeps_its_key) for i in range(200)]
    assert store.has(alice)
    assert store.has(flood[-1]), "the newest session is kept"
    with store.use(alice, "alice") as trainer:
        assert trainer.hand is not None


def test_a_client_keeps_at_most_its_own_cap():
    store = SessionStore(per_client=3)
    sessions = [store.create("jacks-9-6", 5, "bob", address="192.0.2.1") for _ in range(5)]
    assert [store.has(s) for s in sessions] == [False, False, True, True, True]


def echo_app():
    """An app that answers each request with the client's address as the server reads it."""
    from fastapi import FastAPI, Request

    echo = FastAPI()

    @echo.get("/")
    def address(request: Request) -> str:
        return request.client.host

    return echo


def test_forwarded_addresses_are_read_only_from_a_configured_proxy():
    echo = echo_app()
    spoofed = {"X-Forwarded-For": "203.0.113.9"}
    with running(echo) as url:  # anyone on the machine could send the header
        assert httpx.get(url, headers=spoofed, timeout=30).json() == "127.0.0.1"
    with running(echo, proxies="127.0.0.1") as url:  # a reverse proxy on this machine, named
        assert httpx.get(url, headers=spoofed, timeout=30).json() == "203.0.113.9"


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("options", "environment", "seen"), [
    ([], None, "127.0.0.1"),  # no proxy named: the header is anyone's to send
    (["--trusted-proxy", "192.0.2.1"], None, "127.0.0.1"),  # named, but the request does not come from it
    (["--trusted-proxy", "192.0.2.1,127.0.0.1"], None, "203.0.113.9"),
    (["--trusted-proxy", "192.0.2.1", "--trusted-proxy", "127.0.0.0/8"], None, "203.0.113.9"),
    ([], "127.0.0.1", "203.0.113.9"),  # the environment names it
    (["--trusted-proxy", "192.0.2.1"], "127.0.0.1", "127.0.0.1"),  # the option has the last word
])
def test_pokerlab_serve_trusts_forwarded_addresses_from_the_proxies_it_is_given(monkeypatch, options, environment,
                                                                              seen):
    """``pokerlab serve --trusted-proxy`` as typed, with the app swapped for one that echoes the
    client's address and nothing to warm: the server itself is the one ``pokerlab serve`` runs."""
    from typer.testing import CliRunner

    from pokerlab.cli.main import app
    from pokerlab.web import server

    made, sockets = [], []
    real_server, real_bind = server._server, server.bind
    monkeypatch.setattr(server, "warm_pages", lambda **_: None)
    monkeypatch.setattr(server, "create_app", echo_app)
    monkeypatch.setattr(server, "bind", lambda *args: sockets.append(real_bind(*args)) or sockets[-1])
    monkeypatch.setattr(server, "_server", lambda *args, **kw: made.append(real_server(*args, **kw)) or made[-1])
    if environment is None:
        monkeypatch.delenv(server.PROXIES_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(server.PROXIES_VARIABLE, environment)
    ran = []
    thread = threading.Thread(target=lambda: ran.append(CliRunner().invoke(app, ["serve", "--port", "0", *options])))
    thread.start()
    try:
        while not (made and made[0].started):
            assert thread.is_alive(), ran[0].output
            time.sleep(0.01)
        answer = httpx.get(server.url_of(sockets[0]), headers={"X-Forwarded-For": "203.0.113.9"}, timeout=30)
        assert answer.json() == seen
    finally:
        if made:
            made[0].should_exit = True
        thread.join(60)
    assert ran[0].exit_code == 0, ran[0].output


def test_pokerlab_serve_refuses_a_proxy_that_is_no_address():
    from typer.testing import CliRunner

    from pokerlab.cli.main import app

    result = CliRunner().invoke(app, ["serve", "--port", "0", "--trusted-proxy", "10.0.0.1,proxy.example"])
    assert result.exit_code == 2
    assert result.output == ("error: trusted proxy must be an IP address or network (127.0.0.1, 10.0.0.0/8, ::1), "
                             "got 'proxy.example'\n")


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



def test_runouts_try_exact_first_then_sample_in_the_time_left(monkeypatch):
    import pokerlab.web.ranges as web_ranges

    asked = []

    def fake_runouts(players, board, dead, **options):
        asked.append(options)
        if options["exact"]:
            raise ExactTooLargeError("too large")
        return runouts(players, board, dead, exact=True)

    monkeypatch.setattr(web_ranges, "runouts", fake_runouts)
    client = TestClient(create_app(time_limit=5.0))
    body = {"players": ["AhKh", "2c2d"], "board": "Qh7h3s", "seconds": 2.0}
    assert client.post("/api/runouts", json=body).status_code == 200
    assert [a["exact"] for a in asked] == [True, False]
    assert MIN_MONTE_CARLO_SECONDS <= asked[1]["seconds"] <= 2.0 * MONTE_CARLO_SHARE


# --- heavy work: a page's newer request supersedes its older one; Omaha queues ------------------

OMAHA = {"players": ["AsKsQsJs", "8c8d9c9d"], "board": "2c3d4h", "game": "omaha"}


class HeldEquity:
    """Stands in for the library's equity: each call is held (reporting progress, as the library
    does between batches) until released, and counted while it runs."""

    def __init__(self, real, only_omaha=False):
        self.real, self.release, self.only_omaha = real, threading.Event(), only_omaha
        self.running = self.most = self.calls = 0
        self.lock = threading.Lock()

    def __call__(self, *args, **options):
        if self.only_omaha and not options["game"].hole_used:
            return self.real(*args, **options)
        with self.lock:
            self.calls += 1
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            for _ in range(3000):  # 30 s at most: a hang guard
                if self.release.wait(0.01):
                    break
                if options.get("progress"):
                    options["progress"](0, 1)
            return self.real(*args, **{**options, "progress": None})
        finally:
            with self.lock:
                self.running -= 1

    def wait_for(self, running):
        for _ in range(3000):
            if self.running >= running:
                return
            time.sleep(0.01)
        raise AssertionError(f"{running} calls never ran at once")


def _post_in_thread(client, body, page, out):
    headers = {"X-Pokerlab-Page": page} if page else {}
    worker = threading.Thread(target=lambda: out.append(client.post("/api/equity", json=body, headers=headers)))
    worker.start()
    return worker


def test_omaha_requests_from_several_pages_wait_their_turn_rather_than_being_refused(monkeypatch):
    import pokerlab.web.odds as web_odds

    held = HeldEquity(web_odds.equity, only_omaha=True)
    monkeypatch.setattr(web_odds, "equity", held)
    client = TestClient(create_app(time_limit=0.5))
    answers, workers = [], []
    try:
        for page in ("first", "second", "third", "fourth"):
            workers.append(_post_in_thread(client, {**OMAHA, "seed": 1}, page, answers))
        held.wait_for(web_odds.OMAHA_AT_ONCE)
        time.sleep(0.2)  # the others reach the queue
        assert client.post("/api/equity", json={"players": ["AsKs", "QdQc"]}).status_code == 200, "hold'em goes on"
    finally:
        held.release.set()
        for worker in workers:
            worker.join(60)
    assert [a.status_code for a in answers] == [200] * 4, [a.text for a in answers]
    assert held.most == web_odds.OMAHA_AT_ONCE, "a few at a time, the rest in line"


def test_a_pages_newer_request_supersedes_its_older_one(monkeypatch):
    import pokerlab.web.odds as web_odds

    held = HeldEquity(web_odds.equity)
    monkeypatch.setattr(web_odds, "equity", held)
    client = TestClient(create_app(time_limit=5.0))
    older, newer, elsewhere, workers = [], [], [], []
    try:
        workers.append(_post_in_thread(client, OMAHA, "page", older))
        workers.append(_post_in_thread(client, OMAHA, "other-page", elsewhere))
        held.wait_for(2)
        workers.append(_post_in_thread(client, {**OMAHA, "board": "2c3d4h5s"}, "page", newer))
        workers[0].join(30)
        assert older and refusal(older[0], 409)["errors"][0]["field"] == "request"
        assert "newer request" in older[0].json()["detail"]
    finally:
        held.release.set()
        for worker in workers:
            worker.join(60)
    assert newer[0].status_code == 200 and newer[0].json()["board"] == "2c 3d 4h 5s"
    assert elsewhere[0].status_code == 200, "another page's request is its own"


def test_a_superseded_hold_em_request_stops_too(monkeypatch):
    import pokerlab.web.odds as web_odds

    held = HeldEquity(web_odds.equity)
    monkeypatch.setattr(web_odds, "equity", held)
    client = TestClient(create_app(time_limit=5.0))
    older, newer = [], []
    heavy = {"players": ["AsKs", "QQ+,AKs", "random"], "seed": 1}
    workers = [_post_in_thread(client, heavy, "page", older)]
    try:
        held.wait_for(1)
        workers.append(_post_in_thread(client, {"players": ["AsKs", "QdQc"]}, "page", newer))
        workers[0].join(30)
        assert older[0].status_code == 409
    finally:
        held.release.set()
        for worker in workers:
            worker.join(60)
    assert newer[0].status_code == 200


def test_a_page_names_itself_in_a_token(client):
    body = {"players": ["AsKs", "QdQc"]}
    bad = client.post("/api/equity", json=body, headers={"X-Pokerlab-Page": "<script>"})
    assert refusal(bad, 422)["errors"][0]["field"] == "X-Pokerlab-Page"
