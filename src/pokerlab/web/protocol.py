"""uvicorn's HTTP/1.1 protocol with a clock on reading requests: a client that has not sent a whole
request (headers and body) within :data:`REQUEST_SECONDS` of starting it is cut off.

uvicorn alone holds a socket that sends half a request line, or a body a byte a minute, for ever:
its keep-alive timeout only runs between requests, and the app never sees a request whose headers
have not all come. The clock is per connection and costs one timer, so a hundred stalled clients
hold a hundred idle sockets and nothing else; everyone else is served as usual.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

REQUEST_SECONDS = 8.0
"""Longest a client may take to send one request, from its first byte (or the connection) to its last:
ample for a 64 KB body over a poor link, and a stalled client is gone within 10 s."""

_REQUEST_IN = (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR)
"""The client's states once its request is all in (or the connection is over): the clock stops."""


class TimedH11Protocol(H11Protocol):
    """:class:`H11Protocol` that closes a connection whose request takes too long to arrive."""

    request_seconds = REQUEST_SECONDS
    _clock: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_clock()  # a client that connects and sends nothing is timed too

    def data_received(self, data: bytes) -> None:
        self._start_clock()
        super().data_received(data)
        self._stop_clock_when_in()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # a pipelined request, partly read already, is on the clock; an idle connection is
        # left to the keep-alive timeout
        if self.conn.their_state not in _REQUEST_IN and self.conn.trailing_data[0]:
            self._start_clock()
        else:
            self._stop_clock_when_in()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_clock()
        super().connection_lost(exc)

    def _start_clock(self) -> None:
        if self._clock is None and self.conn.their_state not in _REQUEST_IN:
            self._clock = self.loop.call_later(self.request_seconds, self._cut_off)

    def _stop_clock_when_in(self) -> None:
        if self.conn.their_state in _REQUEST_IN:
            self._stop_clock()

    def _stop_clock(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None

    def _cut_off(self) -> None:
        self._clock = None
        if not self.transport.is_closing():
            self.logger.info("closed a connection whose request did not arrive within %s s", self.request_seconds)
            self.transport.close()


def timed_protocol(seconds: float = REQUEST_SECONDS) -> type[TimedH11Protocol]:
    """The protocol class with its clock set to ``seconds`` (uvicorn takes a class, not an instance).

    >>> timed_protocol(2.5).request_seconds
    2.5
    """
    return type("TimedH11Protocol", (TimedH11Protocol,), {"request_seconds": seconds})
