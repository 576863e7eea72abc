"""``pokerlab bench web``: a server on loopback under load, against its time budgets, and with
stalled clients hanging on to it.

- Load: 200 requests of mixed kinds sent at the same moment (the API's equity examples from a
  cached exact answer to ten players on a flop, the grid, video poker advice and sessions, pay
  tables, pages and card faces); none may fail. Baseline: the same requests one at a time.
- Budgets: the heaviest equity requests at several ``seconds``; the slowest answer against the
  promise of ``seconds x 1.1 + 0.2`` (the server caps ``seconds`` at 5).
- Omaha budgets: Omaha, five-card Omaha and Omaha hi/lo requests against ``random`` at several
  ``seconds``, one at a time, then from four pages at once (they queue two at a time): the
  slowest answer against the same promise (the queue's wait included).
- Warm start: the time ``pokerlab serve`` takes to prepare the pages' kernels from Numba's cache.
- Slow clients: a request's latency while 100 clients hold half-sent requests, against the same
  request with none, and how long the server takes to cut the stalled clients off.

Needs the ``web`` extra, and httpx from the ``bench`` extra.
"""

from __future__ import annotations

import asyncio
import math
import socket
import subprocess
import sys
import time
from typing import TYPE_CHECKING

from pokerlab.bench.timing import Figure
from pokerlab.web.models import PAGE_REQUESTS

if TYPE_CHECKING:  # pydantic comes with the web extra, which pokerlab.web names when it is missing
    from pydantic import JsonValue

Request = tuple[str, str, "dict[str, JsonValue] | None"]
"""Method, path and JSON body (None: no body)."""

MIXED_REQUESTS: tuple[Request, ...] = PAGE_REQUESTS
"""One of each kind of request the pages send (:data:`pokerlab.web.models.PAGE_REQUESTS`)."""

BUDGET_REQUESTS: tuple[dict[str, JsonValue], ...] = (
    {"players": ["AcAd", *["random"] * 9], "board": "Kd7c2h"},
    {"players": ["TT+", "A2s+", "KQo"]},
    {"players": ["AsKs", "QQ+,AKs", "random"]},
    {"players": ["QQ+,AKs", "JJ+", "random", "random"], "board": "Qh7h3s"},
)
"""Equity requests that use their whole budget: exact enumeration tried and abandoned, or Monte Carlo."""

OMAHA_REQUESTS: tuple[dict[str, JsonValue], ...] = (
    {"players": ["AsKsQdJd", "random"], "game": "omaha"},
    {"players": ["AsKsQdJd", "AA", "random"], "board": "9h8h7d", "game": "omaha"},
    {"players": ["AsKsQdJdTc", "random"], "board": "9h8h7d", "game": "omaha5"},
    {"players": ["Ah2h3cKd", "random", "random"], "game": "omaha-hilo"},
)
"""Omaha requests that use their whole budget (Monte Carlo against ``random``)."""

OMAHA_PAGES = 4
"""Pages asking for Omaha odds at the same moment."""

BUDGETS = (0.25, 0.75, 2.0, 8.0)
SERVER_LIMIT = 5.0
STALLED_CLIENTS = 100
HALF_REQUEST = b"POST /api/equity HTTP/1.1\r\nHost: pokerlab\r\nContent-Length: 100\r\n\r\n{"


async def _send_all(url: str, requests: list[Request]) -> list[float]:
    import httpx

    async def one(client: httpx.AsyncClient, request: Request) -> float:
        method, path, body = request
        started = time.perf_counter()
        response = await client.request(method, url + path, json=body)
        response.raise_for_status()
        return time.perf_counter() - started

    limits = httpx.Limits(max_connections=len(requests), max_keepalive_connections=len(requests))
    async with httpx.AsyncClient(limits=limits, timeout=120) as client:
        return list(await asyncio.gather(*(one(client, request) for request in requests)))


def load_test(url: str, requests: int = 200) -> list[float]:
    """Send ``requests`` requests at once, cycling through :data:`MIXED_REQUESTS`.

    Returns each one's latency in seconds; raises ``httpx.HTTPStatusError`` if any fails.
    """
    return asyncio.run(_send_all(url, [MIXED_REQUESTS[i % len(MIXED_REQUESTS)] for i in range(requests)]))


def one_at_a_time(url: str, requests: int) -> list[float]:
    """The same requests as :func:`load_test`, each sent after the last is answered."""
    return [asyncio.run(_send_all(url, [MIXED_REQUESTS[i % len(MIXED_REQUESTS)]]))[0] for i in range(requests)]


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with ``share`` of them at or below it.

    >>> percentile([4.0, 1.0, 3.0, 2.0], 0.5), percentile([4.0, 1.0, 3.0, 2.0], 0.99)
    (2.0, 4.0)
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(round(share * len(ordered), 9)) - 1)]  # round: 0.99 * 200 is 198.00000000000003


def slowest_answer(url: str, seconds: float, bodies: tuple[dict[str, JsonValue], ...] = BUDGET_REQUESTS) -> float:
    """The longest any of ``bodies`` (equity requests) takes with a budget of ``seconds``, sent one at a time."""
    return max(asyncio.run(_send_all(url, [("POST", "api/equity", {**body, "seconds": seconds, "seed": 1})]))[0]
               for body in bodies)


def slowest_of_pages(url: str, seconds: float) -> float:
    """The longest answer when :data:`OMAHA_PAGES` pages each send every one of
    :data:`OMAHA_REQUESTS` with a budget of ``seconds`` at the same moment."""
    import httpx

    async def page(client: httpx.AsyncClient, name: str) -> float:
        slowest = 0.0
        for body in OMAHA_REQUESTS:
            started = time.perf_counter()
            response = await client.post(url + "api/equity", json={**body, "seconds": seconds, "seed": 1},
                                         headers={"X-Pokerlab-Page": name})
            response.raise_for_status()
            slowest = max(slowest, time.perf_counter() - started)
        return slowest

    async def pages() -> list[float]:
        async with httpx.AsyncClient(timeout=120) as client:
            return list(await asyncio.gather(*(page(client, f"page-{i}") for i in range(OMAHA_PAGES))))

    return max(asyncio.run(pages()))


def start_seconds() -> float:
    """How long a new process takes to import the app and prepare the pages' kernels (what
    ``pokerlab serve`` does before it takes requests), the Numba cache already filled."""
    command = [sys.executable, "-c", "from pokerlab.web.app import create_app\n"
                                     "from pokerlab.web.warm import warm_pages\n"
                                     "create_app(); warm_pages(log=lambda line: None)"]
    subprocess.run(command, check=True, capture_output=True)  # fills the cache if a kernel is missing
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - started


def _stall(url: str, clients: int) -> list[socket.socket]:
    """``clients`` connections that each send half a request and then nothing."""
    host, port = url.removeprefix("http://").rstrip("/").rsplit(":", 1)
    stalled = []
    for _ in range(clients):
        sock = socket.create_connection((host, int(port)), timeout=60)
        sock.sendall(HALF_REQUEST)
        stalled.append(sock)
    return stalled


def _seconds_until_closed(stalled: list[socket.socket], since: float) -> float:
    """When the last of the stalled connections was closed by the server, in seconds after ``since``."""
    for sock in stalled:
        try:
            sock.recv(1)
        except OSError:
            pass
        sock.close()
    return time.perf_counter() - since


def suite(quick: bool = False) -> list[Figure]:
    """Load, time budgets and stalled clients, each beside a baseline from the same run."""
    from pokerlab.web.app import create_app
    from pokerlab.web.server import running

    requests = 40 if quick else 200
    figures = []
    with running(create_app(time_limit=SERVER_LIMIT)) as url:
        load_test(url, len(MIXED_REQUESTS))  # compile and cache before measuring
        alone = one_at_a_time(url, len(MIXED_REQUESTS))
        started = time.perf_counter()
        latencies = load_test(url, requests)
        wall = time.perf_counter() - started
        label = f"{requests} concurrent mixed requests (none failed), loopback"
        figures += [Figure(f"{label}: p50 latency", percentile(latencies, 0.5), "s",
                           baseline="one at a time, p50", baseline_value=percentile(alone, 0.5)),
                    Figure(f"{label}: p99 latency", percentile(latencies, 0.99), "s",
                           baseline="one at a time, slowest", baseline_value=max(alone)),
                    Figure(f"{label}: throughput", requests / wall, "requests/s",
                           baseline="one at a time", baseline_value=len(alone) / sum(alone))]
        for seconds in BUDGETS[:2] if quick else BUDGETS:
            promise = min(seconds, SERVER_LIMIT) * 1.1 + 0.2
            figures.append(Figure(f"equity with seconds={seconds:g}: slowest of {len(BUDGET_REQUESTS)} heavy requests",
                                  slowest_answer(url, seconds), "s", target=f"<= {promise:.2f} s",
                                  baseline="promised", baseline_value=promise))
        slowest_answer(url, BUDGETS[0], OMAHA_REQUESTS)  # Omaha's kernels loaded before measuring
        for seconds in BUDGETS[:2] if quick else BUDGETS[:3]:
            promise = min(seconds, SERVER_LIMIT) * 1.1 + 0.2
            figures.append(Figure(f"Omaha equity with seconds={seconds:g}: slowest of {len(OMAHA_REQUESTS)} "
                                  "requests against random", slowest_answer(url, seconds, OMAHA_REQUESTS), "s",
                                  target=f"<= {promise:.2f} s", baseline="promised", baseline_value=promise))
        for seconds in BUDGETS[:1] if quick else BUDGETS[:2]:
            # two compute at once, so the last of four pages waits about one answer's time first
            promise = 2 * min(seconds, SERVER_LIMIT) * 1.1 + 0.2
            figures.append(Figure(f"Omaha equity with seconds={seconds:g}, {OMAHA_PAGES} pages at once: slowest answer",
                                  slowest_of_pages(url, seconds), "s", target=f"<= {promise:.2f} s",
                                  baseline="promised, one turn queued", baseline_value=promise))
    figures.append(Figure("pokerlab serve's start in a new process: importing the app and preparing the pages' "
                          "kernels from Numba's cache", start_seconds(), "s", target="<= 10 s"))
    with running(create_app(time_limit=SERVER_LIMIT)) as url:
        asyncio.run(_send_all(url, [MIXED_REQUESTS[0]]))
        calm = min(asyncio.run(_send_all(url, [MIXED_REQUESTS[0]]))[0] for _ in range(5))
        stalled = _stall(url, STALLED_CLIENTS)
        stalled_at = time.perf_counter()
        busy = min(asyncio.run(_send_all(url, [MIXED_REQUESTS[0]]))[0] for _ in range(5))
        cut_off = _seconds_until_closed(stalled, stalled_at)
    figures += [Figure(f"exact preflop equity while {STALLED_CLIENTS} clients stall", busy, "s",
                       baseline="no stalled clients", baseline_value=calm),
                Figure(f"{STALLED_CLIENTS} stalled clients: all cut off after", cut_off, "s", target="<= 10 s")]
    return figures
