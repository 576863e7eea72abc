"""``pokerlab serve``: prepares the pages' kernels before it takes requests, prints its URL, listens
on loopback by default, says so when the port is taken."""

import re
import socket
import subprocess
import sys

import httpx
import pytest

from pokerlab.web.server import bind

SERVE = [sys.executable, "-m", "pokerlab.cli", "serve"]


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
