"""``pokerlab bench web``: a server on loopback under load, against its time budgets, and with
stalled clients hanging on to it.

- Load: 200 requests of mixed kinds sent at the same moment (the API's equity examples from a
  cached exact answer to ten players on a flop, the grid, video poker advice and sessions, pay
  tables, pages and card faces); none may fail. Baseline: the same requests one at a time.
- Budgets: the heaviest equity requests at several ``seconds``; the slowest answer against the
  promise of ``seconds x 1.1 + 0.2`` (the server caps ``seconds`` at 5).
- Slow clients: a request's latency while 100 clients hold half-sent requests, against the same
  request with none, and how long the server takes to cut the stalled clients off.

Needs the ``web`` extra, and httpx from the ``bench`` extra.
"""

from __future__ import annotations

import asyncio
import math
import socket
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


def slowest_answer(url: str, seconds: float) -> float:
    """The longest any of :data:`BUDGET_REQUESTS` takes with a budget of ``seconds``, sent one at a time."""
    return max(asyncio.run(_send_all(url, [("POST", "api/equity", {**body, "seconds": seconds, "seed": 1})]))[0]
               for body in BUDGET_REQUESTS)


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
