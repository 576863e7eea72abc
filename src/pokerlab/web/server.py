"""Running the app with uvicorn: ``pokerlab serve`` in the foreground, or in a background thread.

The socket is bound before uvicorn starts, so a busy port fails at once with a clear message,
port 0 picks a free port, and the URL printed is the one actually served.

>>> import httpx
>>> with running() as url:
...     httpx.get(url + "api/paytables").status_code
200
"""

from __future__ import annotations

import ipaddress
import os
import socket
import threading
import time
from collections.abc import Iterable, Iterator, MutableMapping
from contextlib import contextmanager

import uvicorn
from fastapi import FastAPI

from pokerlab.errors import InvalidArgumentError, PokerlabError, clip
from pokerlab.web.app import create_app
from pokerlab.web.protocol import REQUEST_SECONDS, timed_protocol
from pokerlab.web.warm import warm_pages

STARTUP_SECONDS = 30.0
PROXIES_VARIABLE = "POKERLAB_TRUSTED_PROXIES"
"""The environment variable naming the reverse proxies ``pokerlab serve`` trusts when its
``--trusted-proxy`` option names none (comma-separated addresses): behind one, every request
comes from the proxy, and the client's own address, for the per-address limits, is what the
proxy says in ``X-Forwarded-For``."""


def trusted_proxies(addresses: Iterable[str] = ()) -> str | None:
    """The reverse proxies to trust, comma-separated as uvicorn takes them: ``addresses``, each
    an IP address or network or several of them separated by commas; when none are given,
    those of the environment variable :data:`PROXIES_VARIABLE`; None when there are none.

    >>> trusted_proxies(["10.0.0.1", " 10.0.1.0/24,::1 "])
    '10.0.0.1,10.0.1.0/24,::1'
    >>> trusted_proxies(["proxy.example"])
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: trusted proxy must be an IP address or network \
(127.0.0.1, 10.0.0.0/8, ::1), got 'proxy.example'
    """
    given = [item.strip() for text in addresses for item in text.split(",") if item.strip()]
    if not given:
        given = [item.strip() for item in os.environ.get(PROXIES_VARIABLE, "").split(",") if item.strip()]
    for address in given:
        try:
            # uvicorn reads what it cannot parse as a name to compare literally, which no
            # client address ever equals: a typo would silently trust no one
            ipaddress.ip_network(address) if "/" in address else ipaddress.ip_address(address)
        except ValueError:
            raise InvalidArgumentError("trusted proxy must be an IP address or network (127.0.0.1, 10.0.0.0/8, "
                                       f"::1), got {clip(address)}") from None
    return ",".join(given) or None


def bind(host: str = "127.0.0.1", port: int = 8000) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets that say so, and without it each
    # response waits for a delayed ACK between its headers and its body (40 ms on Linux)
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        raise PokerlabError(f"cannot listen on {host}:{port}: {err.strerror}") from err
    sock.listen(2048)
    return sock


def url_of(sock: socket.socket) -> str:
    """The page's address for a bound socket."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def _server(app: FastAPI, request_seconds: float = REQUEST_SECONDS, proxies: str | None = None) -> uvicorn.Server:
    # Request logs would flood a terminal during a load test (and would write session ids to
    # it); warnings and errors still show. No WebSockets: the app has none to offer.
    # X-Forwarded-For is read only from the proxies named: uvicorn trusts it from 127.0.0.1 by
    # default, so anyone on the machine could pose as any address and pass the per-address caps.
    return uvicorn.Server(uvicorn.Config(app, http=timed_protocol(request_seconds), ws="none", log_level="warning",
                                         timeout_graceful_shutdown=5, proxy_headers=proxies is not None,
                                         forwarded_allow_ips=proxies or ""))


OPENMP_WAIT = ("OMP_WAIT_POLICY", "PASSIVE")
"""How the server's OpenMP threads wait for work (unless the environment says otherwise): asleep.
The analyses run on the server's pool of threads, and OpenMP gives each thread that starts a
parallel kernel a team of its own, whose threads by default spin a while after each kernel:
with a few teams spinning on two busy cores, each small kernel call of an exact run waited
about 0.1 s for its team (an exact flop grid of 0.1 s took 88 s after a preflop estimate, and
serve's start took 33 s where it takes 12 s with sleeping teams, on a machine at load 10)."""


def quiet_openmp(environ: MutableMapping[str, str] = os.environ) -> None:
    """Have OpenMP's threads sleep as soon as they are idle (see :data:`OPENMP_WAIT`), unless the
    environment chose already; to be called before the first parallel kernel runs, which loads
    OpenMP and has it read the environment.

    >>> chosen, untold = {"OMP_WAIT_POLICY": "ACTIVE"}, {}
    >>> quiet_openmp(chosen), quiet_openmp(untold)
    (None, None)
    >>> chosen, untold
    ({'OMP_WAIT_POLICY': 'ACTIVE'}, {'OMP_WAIT_POLICY': 'PASSIVE'})
    """
    environ.setdefault(*OPENMP_WAIT)


def serve(host: str = "127.0.0.1", port: int = 8000, proxies: Iterable[str] = ()) -> None:
    """Serve the app until interrupted: the pages' kernels are prepared first (saying so), then
    its URL is printed and requests are taken. ``proxies``: the addresses of reverse proxies
    whose ``X-Forwarded-For`` names the client, as :func:`trusted_proxies` reads them (none
    given: those in the environment variable :data:`PROXIES_VARIABLE`, and none if it is not set)."""
    trusted = trusted_proxies(proxies)
    sock = bind(host, port)  # first, so that a busy port is reported at once
    quiet_openmp()
    warm_pages(log=lambda line: print(line, flush=True))
    print(f"pokerlab is serving on {url_of(sock)}  (Ctrl+C to stop)", flush=True)
    _server(create_app(), proxies=trusted).run(sockets=[sock])


@contextmanager
def running(app: FastAPI | None = None, host: str = "127.0.0.1", port: int = 0,
            request_seconds: float = REQUEST_SECONDS, proxies: str | None = None) -> Iterator[str]:
    """Serve ``app`` (default: a new one) in a background thread; yields its URL, stops on exit.

    A client gets ``request_seconds`` to send each request whole, then it is cut off;
    ``proxies`` as for :func:`serve`.
    """
    sock = bind(host, port)
    server = _server(app or create_app(), request_seconds, proxies)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + STARTUP_SECONDS
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise PokerlabError("the web server did not start")
        time.sleep(0.01)
    try:
        yield url_of(sock)
    finally:
        server.should_exit = True
        thread.join(STARTUP_SECONDS)
        sock.close()
