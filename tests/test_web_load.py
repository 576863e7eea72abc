"""Concurrency on loopback: 200 requests of mixed kinds at once, none fails; a slow request does
not hold up a quick one."""

import asyncio
import threading

import httpx

from pokerlab.web import create_app
from pokerlab.web.models import PAGE_REQUESTS
from pokerlab.web.server import running


async def statuses_of(url: str, count: int) -> list[int]:
    """Send ``count`` requests cycling through the pages' requests, all at once, and return their statuses."""
    limits = httpx.Limits(max_connections=count, max_keepalive_connections=count)
    async with httpx.AsyncClient(limits=limits, timeout=120) as client:
        sent = (PAGE_REQUESTS[i % len(PAGE_REQUESTS)] for i in range(count))
        responses = await asyncio.gather(*(client.request(method, url + path, json=body)
                                           for method, path, body in sent))
    return [r.status_code for r in responses]


def test_200_concurrent_mixed_requests_all_succeed():
    with running(create_app(time_limit=1.0)) as url:
        assert asyncio.run(statuses_of(url, 200)) == [200] * 200


def test_a_slow_request_does_not_block_the_others():
    with running(create_app(time_limit=3.0)) as url:
        slow_done = threading.Event()

        def slow():
            # 17,280 preflop deals of ranges: exact enumeration is tried, then Monte Carlo for the rest
            body = {"players": ["TT+", "A2s+", "KQo", "22+"], "seconds": 3.0}
            httpx.post(url + "api/equity", json=body, timeout=60).raise_for_status()
            slow_done.set()

        worker = threading.Thread(target=slow)
        worker.start()
        try:
            answered_meanwhile = 0
            for _ in range(5):
                assert httpx.post(url + "api/equity", json={"players": ["AsKs", "QdQc"]}, timeout=60).status_code == 200
                assert httpx.get(url + "cards/As.svg", timeout=60).status_code == 200
                answered_meanwhile += not slow_done.is_set()
            assert answered_meanwhile, "no quick request was answered while the slow one ran"
        finally:
            worker.join()
        assert slow_done.is_set()
