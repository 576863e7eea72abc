"""Property-based fuzz of the whole API from its own OpenAPI schema (schemathesis + hypothesis).

Every operation gets inputs that fit the schema and inputs that do not; none may produce a
5xx, and every refusal must name a field. A small server time limit keeps each call short,
so an input that would hang the server fails the test through the per-call timeout.
"""

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode

from pokerlab.web import create_app

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(time_limit=0.2))
schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], deterministic=True)


@schema.parametrize()
@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
def test_no_server_errors(case):
    response = case.call(timeout=30)
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.status_code} {response.text}"
    if response.status_code >= 400 and response.headers.get("content-type") == "application/json":
        errors = response.json()["errors"]
        assert errors and all(e["field"] and e["problem"] for e in errors), response.text
