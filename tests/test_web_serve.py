"""``pokerlab serve``: prints its URL, listens on loopback by default, says so when the port is taken."""

import re
import socket
import subprocess
import sys

import httpx

from pokerlab.web.server import bind

SERVE = [sys.executable, "-m", "pokerlab.cli", "serve"]


def test_serve_prints_its_url_and_serves_the_pages():
    server = subprocess.Popen([*SERVE, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+/", line).group(0)  # loopback unless told otherwise
        assert "Hand odds" in httpx.get(url, timeout=30).text
        assert httpx.get(url + "cards/back.svg", timeout=30).status_code == 200
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
