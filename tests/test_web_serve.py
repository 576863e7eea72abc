"""``pokerlab serve``: prepares the pages' kernels before it takes requests, prints its URL, listens
on loopback by default, says so when the port is taken."""

import re
import socket
import subprocess
import sys

import httpx
import pytest

from pokerlab.cli.warmup import PARTS, PartWarmed, Warmed
from pokerlab.web import warm as web_warm
from pokerlab.web.server import bind

SERVE = [sys.executable, "-m", "pokerlab", "serve"]


@pytest.mark.timeout(900)  # a hang guard: after an install the kernels compile first, minutes on a busy machine
def test_serve_prepares_the_pages_then_prints_its_url_and_serves_them():
    server = subprocess.Popen([*SERVE, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        said = []
        while not said or "serving on" not in said[-1]:
            said.append(server.stdout.readline())
            assert said[-1], f"the server ended: {server.stderr.read()}"
        # the kernels first, said aloud, so that no first request pays for a compile
        assert said[0].startswith("pokerlab: preparing the ") and "Omaha" in said[0], said
        assert said[1].startswith("pokerlab: ready in "), said
        url = re.search(r"http://127\.0\.0\.1:\d+/", said[-1]).group(0)  # loopback unless told otherwise
        assert "Hand odds" in httpx.get(url, timeout=30).text
        assert httpx.get(url + "cards/back.svg", timeout=30).status_code == 200
        # a first answer that is exact in microseconds is exact, even on the page's first, short budget
        for body in ({"players": ["AsKs2d3c", "QhQd8c9c"], "board": "Qs7s4hKd", "game": "omaha-hilo"},
                     {"players": ["QQ+,AK", "JJ"], "board": "Ah7d2c", "by_combo": True}):
            assert httpx.post(url + "api/equity", json={**body, "seconds": 1}, timeout=60).json()["exact"], body
    finally:
        server.terminate()
        server.wait(30)


def test_serve_has_openmp_threads_sleep_before_it_prepares_the_kernels(monkeypatch):
    """On a busy machine spinning OpenMP teams (one for each of the server's threads that runs a
    kernel) held every small kernel call up: serve's start took 33 s instead of 12."""
    from pokerlab.web import server

    seen = []
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    monkeypatch.setattr(server, "warm_pages", lambda log: seen.append(server.os.environ.get("OMP_WAIT_POLICY")))
    monkeypatch.setattr(server, "_server", lambda app, proxies: type("Idle", (), {"run": lambda self, sockets: None})())
    server.serve(port=0)
    assert seen == ["PASSIVE"]
    monkeypatch.setenv("OMP_WAIT_POLICY", "ACTIVE")  # a choice of the environment's is kept
    server.serve(port=0)
    assert seen == ["PASSIVE", "ACTIVE"]


def test_a_taken_port_is_reported():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run([*SERVE, "--port", str(port)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}") and run.stderr.count("\n") == 1


def test_the_listening_socket_says_it_is_tcp():
    # asyncio turns Nagle's algorithm off only on such sockets; with it on, every response
    # waited for a delayed ACK between its headers and its body (40 ms)
    sock = bind("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP
    finally:
        sock.close()


def test_serve_compiles_what_every_page_needs_and_loads_what_a_first_answer_waits_for(monkeypatch):
    import threading

    compiled, loaded = [], []
    monkeypatch.setattr(web_warm, "cold", lambda parts: [name for name in parts if name != "breakdown"])
    monkeypatch.setattr(web_warm, "compile_parts", lambda parts: compiled.extend(parts) or Warmed(()))
    monkeypatch.setattr(web_warm, "warm", lambda names: loaded.append((list(names), threading.current_thread()))
                        or Warmed(tuple(PartWarmed(name, 0.0, (f"{name}.kernel",)) for name in names)))
    said = []
    warmed = web_warm.warm_pages(log=said.append)
    # every part a page reaches is compiled (what was cold) before the server takes requests...
    assert set(web_warm.PAGE_PARTS) <= set(PARTS) and compiled == [p for p in web_warm.PAGE_PARTS if p != "breakdown"]
    # ...and all but the strategy charts' (worked out in the background anyway) loaded into the
    # server, in its own thread
    assert loaded == [([p for p in web_warm.PAGE_PARTS if p != "videopoker-charts"], threading.current_thread())]
    assert said[-1].startswith("pokerlab: ready in ") and f"({len(warmed.parts)} kernels compiled" in said[-1]


@pytest.mark.timeout(600)
def test_a_first_exact_answer_after_warming_the_pages_is_quick():
    """In a new process, as serve starts: the pages warmed, a first heat map of a cheap spot comes
    back exact on a one-second budget (a warm that ran kernels from other threads left OpenMP's
    teams spinning, and the same answer took seconds)."""
    code = """
from fastapi.testclient import TestClient
from pokerlab.web.app import create_app
from pokerlab.web.warm import warm_pages
app = create_app()
warm_pages(log=lambda line: None)
body = {"players": ["QQ+,AK", "JJ"], "board": "Ah7d2c", "by_combo": True, "seconds": 1}
print([TestClient(app).post("/api/equity", json=body).json()["exact"] for _ in range(3)])
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=590)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.splitlines()[-1] == "[True, True, True]"
