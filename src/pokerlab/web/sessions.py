"""Video poker sessions kept on the server, so the cards to come stay hidden from the page.

A session's id is a random token, and the session is bound to the client that started it by a
second token (a cookie the page cannot read): an id seen in a log or a screenshot is no use to
anyone else. Either token wrong reads as no such session, so a probe learns nothing.

>>> store = SessionStore(capacity=2)
>>> client = new_client_key()
>>> first = store.create("jacks-9-6", 5, client, seed=1)
>>> with store.use(first, client) as trainer:
...     len(trainer.deal())
5
>>> with store.use(first, new_client_key()) as trainer:
...     pass
Traceback (most recent call last):
...
pokerlab.errors.UnknownSessionError: no such video poker session (it may have expired): start a new one
>>> _ = store.create("jacks-9-6", 5, client), store.create("jacks-9-6", 5, client)  # the oldest is let go
>>> with store.use(first, client) as trainer:
...     pass
Traceback (most recent call last):
...
pokerlab.errors.UnknownSessionError: no such video poker session (it may have expired): start a new one
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

from pokerlab.errors import UnknownSessionError
from pokerlab.videopoker import Paytable, Trainer

START_CREDITS = 1000
"""Credits a session starts with; the page shows this plus the session's net."""

TOKEN_BYTES = 32
"""Randomness in a session id or a client key: 256 bits, beyond guessing."""


def new_client_key() -> str:
    """A fresh key naming one client (a browser): the server sends it as a cookie."""
    return secrets.token_urlsafe(TOKEN_BYTES)


class SessionStore:
    """At most ``capacity`` trainers, least recently used let go first; one request at a time each."""

    def __init__(self, capacity: int = 256) -> None:
        self.capacity = capacity
        self._sessions: OrderedDict[str, tuple[str, Trainer, threading.Lock]] = OrderedDict()
        self._lock = threading.Lock()

    def create(self, paytable: Paytable | str, coins: int, client: str, seed: int | None = None) -> str:
        """Start a session for the client with key ``client`` and return its id."""
        trainer = Trainer(paytable, coins, seed=seed)
        session_id = secrets.token_urlsafe(TOKEN_BYTES)
        with self._lock:
            self._sessions[session_id] = (client, trainer, threading.Lock())
            while len(self._sessions) > self.capacity:
                self._sessions.popitem(last=False)
        return session_id

    @contextmanager
    def use(self, session_id: str, client: str) -> Iterator[Trainer]:
        """The session's trainer, held against concurrent requests to the same session.

        The id is never repeated in the error: it may be anything a client sent, of any length.
        """
        with self._lock:
            entry = self._sessions.get(session_id)
            if entry is None or not secrets.compare_digest(entry[0].encode(), client.encode()):
                raise UnknownSessionError("no such video poker session (it may have expired): start a new one")
            self._sessions.move_to_end(session_id)
            _, trainer, lock = entry
        with lock:
            yield trainer
