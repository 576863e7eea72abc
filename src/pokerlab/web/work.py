"""Who computes when: a page's newer request supersedes its older ones, and the heaviest work
takes turns in a queue.

A page names itself in a header (:data:`PAGE_HEADER`, a random token it makes when it loads).
A request from a page stops that page's earlier request of the same kind, queued or running:
its inputs are gone from the page, so its answer would only be thrown away. Work that needs a
lot of memory (Omaha's engine lists every hand of a ``random`` player) runs a few at a time;
the rest wait in line, first come first served, rather than being refused.

>>> queue = WorkQueue(slots=1)
>>> with queue.turn(("page-1", "/api/equity"), queued=True) as first:
...     with queue.turn(("page-1", "/api/equity"), queued=False) as second:
...         first()
Traceback (most recent call last):
...
pokerlab.errors.Superseded: a newer request from this page replaced this one
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated

from fastapi import Header

from pokerlab.errors import FieldError, Superseded

PAGE_HEADER = "X-Pokerlab-Page"
"""The header naming the page a request comes from."""

PageId = Annotated[str | None, Header(alias=PAGE_HEADER, max_length=64, pattern=r"^[A-Za-z0-9_-]+$",
                                      description="A token the page makes when it loads: a newer request "
                                                  "from the same page stops this one")]

MAX_WAITING = 32
"""Requests that may wait in one queue: beyond it the server is overloaded, and says so."""

LONGEST_WAIT = 120.0
"""Seconds a request may wait in a queue before it is refused (a hang guard: every request
ahead ends within the server's time limit)."""

Key = tuple[str, str]
"""(the page's token, the request's path): the requests that supersede each other."""


class _Ticket:
    def __init__(self) -> None:
        self.superseded = False

    def check(self) -> None:
        if self.superseded:
            raise Superseded


class WorkQueue:
    """At most ``slots`` queued requests computing at once, the others waiting in order; every
    request, queued or not, superseded by a newer one from its page. With no slots (the
    default) nothing may queue: the queue only supersedes."""

    def __init__(self, slots: int = 0) -> None:
        self.slots = slots
        self._latest: dict[Key, _Ticket] = {}
        self._waiting: deque[_Ticket] = deque()
        self._running = 0
        self._changed = threading.Condition()

    @contextmanager
    def turn(self, key: Key | None, queued: bool) -> Iterator[Callable[[], None]]:
        """Wait for this request's turn (``queued``) or go at once; yields a check to call as the
        work goes, which raises :class:`Superseded` once a newer request of ``key`` has come.
        A request with no key (an API client naming no page) is never superseded."""
        ticket = _Ticket()
        with self._changed:
            if key is not None:
                older = self._latest.get(key)
                if older is not None:
                    older.superseded = True
                    self._changed.notify_all()
                self._latest[key] = ticket
        try:
            if queued:
                self._wait(ticket)
            try:
                yield ticket.check
            finally:
                if queued:
                    with self._changed:
                        self._running -= 1
                        self._changed.notify_all()
        finally:
            with self._changed:
                if key is not None and self._latest.get(key) is ticket:
                    del self._latest[key]

    def _wait(self, ticket: _Ticket) -> None:
        """Queue up and return once this ticket may run (counted as running)."""
        deadline = time.monotonic() + LONGEST_WAIT
        with self._changed:
            if len(self._waiting) >= MAX_WAITING:
                raise FieldError("request", f"the server is busy: {MAX_WAITING} requests are waiting; "
                                            "try again in a moment", 429)
            self._waiting.append(ticket)
            try:
                while not (self._waiting[0] is ticket and self._running < self.slots):
                    ticket.check()
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise FieldError("request", "the server is busy: try again in a moment", 503)
                    self._changed.wait(left)
                ticket.check()
            finally:
                self._waiting.remove(ticket)
                self._changed.notify_all()
            self._running += 1
