"""A bounded load test on loopback: 200 equity requests of mixed size at once, none fails."""

from pokerlab.web import create_app
from pokerlab.web.benchmark import load_test
from pokerlab.web.server import running


def test_200_concurrent_equity_requests_all_succeed():
    with running(create_app(time_limit=1.0)) as url:
        latencies = load_test(url, 200)  # raises if any request is refused or fails
    assert len(latencies) == 200 and all(t > 0 for t in latencies)
