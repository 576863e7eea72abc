"""What every request passes through before the app sees it: a size limit on bodies, JSON only,
and the security headers on every answer.

It is plain ASGI (no per-request task or copy of the body) so that it costs next to nothing
under load. A body that breaks a rule is refused by raising :class:`HTTPException` from
``receive``, where the framework reads the body: the app's own handler then answers it in the
shape of every other refusal, and the body is never parsed.

>>> from fastapi import FastAPI
>>> from fastapi.testclient import TestClient
>>> app = FastAPI()
>>> @app.post("/echo")
... def echo(body: dict[str, int]) -> dict[str, int]:
...     return body
>>> app.add_middleware(Guards)
>>> client = TestClient(app)
>>> client.post("/echo", json={"a": 1}).headers["x-content-type-options"]
'nosniff'
>>> client.post("/echo", content=b"x" * (MAX_BODY_BYTES + 1), headers={"content-type": "application/json"}).status_code
413
>>> client.post("/echo", content=b'{"a": 1}', headers={"content-type": "text/plain"}).status_code
415
"""

from __future__ import annotations

import time
from collections.abc import MutableMapping
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 64 * 1024
"""Largest request body read: the biggest real request (ten ranges) is a few kilobytes."""

CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                           "frame-ancestors 'none'")
"""Everything a page loads comes from the app itself: no inline script or style, no other host."""

SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # session ids are in API paths: never pass a URL on
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)

ARRIVED = "arrived"
"""Key in the request's state of its arrival (a :func:`time.perf_counter` reading): time limits run
from there, so a request queued behind busy workers computes less."""


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def is_json(content_type: str | None) -> bool:
    """Whether a Content-Type names JSON (``application/json``, ``application/x+json``, parameters allowed).

    >>> is_json("application/json; charset=utf-8"), is_json("application/problem+json"), is_json("text/plain")
    (True, True, False)
    """
    media = (content_type or "").split(";")[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


class Guards:
    """ASGI middleware: stamps the arrival, limits and types request bodies, adds security headers."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY_BYTES) -> None:
        self.app, self.max_body = app, max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        state: MutableMapping[str, Any] = scope.setdefault("state", {})
        state[ARRIVED] = time.perf_counter()
        await self.app(scope, self._checked_receive(scope, receive), self._stamped_send(send))

    def _checked_receive(self, scope: Scope, receive: Receive) -> Receive:
        limit = self.max_body
        declared = _header(scope, b"content-length")
        too_large = HTTPException(413, f"the body is larger than {limit // 1024} KB")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            declared_too_large: HTTPException | None = too_large
        else:
            declared_too_large = None
        json_body = is_json(_header(scope, b"content-type")) or _header(scope, b"content-type") is None
        received = 0

        async def checked() -> Message:
            nonlocal received
            if declared_too_large is not None:
                raise declared_too_large
            message = await receive()
            if message["type"] == "http.request":
                body = message.get("body", b"")
                received += len(body)
                if received > limit:
                    raise too_large
                if body and not json_body:
                    raise HTTPException(415, "send the body as JSON (Content-Type: application/json)")
            return message

        return checked

    @staticmethod
    def _stamped_send(send: Send) -> Send:
        async def stamped(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS]
            await send(message)

        return stamped
