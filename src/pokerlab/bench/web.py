"""``pokerlab bench web``: many equity requests at once against a server on loopback.

The mix is the API's own examples, from a cached exact preflop answer to ten players on a
flop, which Monte Carlo answers within its time budget; all of them are sent at the same moment.
Needs the ``web`` extra, and httpx from the ``bench`` extra.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import TYPE_CHECKING

from pokerlab.bench.timing import Figure
from pokerlab.web.models import EQUITY_EXAMPLES

if TYPE_CHECKING:  # pydantic comes with the web extra, which pokerlab.web names when it is missing
    from pydantic import JsonValue


async def _send_all(url: str, bodies: list[dict[str, JsonValue]]) -> list[float]:
    import httpx

    async def one(client: httpx.AsyncClient, body: dict[str, JsonValue]) -> float:
        started = time.perf_counter()
        response = await client.post(url + "api/equity", json=body)
        response.raise_for_status()
        return time.perf_counter() - started

    limits = httpx.Limits(max_connections=len(bodies), max_keepalive_connections=len(bodies))
    async with httpx.AsyncClient(limits=limits, timeout=120) as client:
        return list(await asyncio.gather(*(one(client, body) for body in bodies)))


def load_test(url: str, requests: int = 200) -> list[float]:
    """Send ``requests`` equity requests at once, cycling through :data:`EQUITY_EXAMPLES`.

    Returns each one's latency in seconds; raises ``httpx.HTTPStatusError`` if any fails.
    """
    bodies = [EQUITY_EXAMPLES[i % len(EQUITY_EXAMPLES)] for i in range(requests)]
    return asyncio.run(_send_all(url, bodies))


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with ``share`` of them at or below it.

    >>> percentile([4.0, 1.0, 3.0, 2.0], 0.5), percentile([4.0, 1.0, 3.0, 2.0], 0.99)
    (2.0, 4.0)
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(round(share * len(ordered), 9)) - 1)]  # round: 0.99 * 200 is 198.00000000000003


def suite(quick: bool = False) -> list[Figure]:
    """Latency of 200 concurrent equity requests of mixed size."""
    from pokerlab.web.server import running

    requests = 40 if quick else 200
    with running() as url:
        load_test(url, len(EQUITY_EXAMPLES))  # compile and cache before measuring
        started = time.perf_counter()
        latencies = load_test(url, requests)
        wall = time.perf_counter() - started
    label = f"{requests} concurrent /api/equity requests, mixed sizes, loopback"
    return [Figure(f"{label}: p50 latency", percentile(latencies, 0.5), "s"),
            Figure(f"{label}: p99 latency", percentile(latencies, 0.99), "s"),
            Figure(f"{label}: throughput", requests / wall, "requests/s")]
