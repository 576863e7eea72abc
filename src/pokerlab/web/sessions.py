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
from dataclasses import dataclass, field

from pokerlab.errors import UnknownSessionError
from pokerlab.videopoker import Paytable, Trainer

START_CREDITS = 1000
"""Credits a session starts with; the page shows this plus the session's net."""

TOKEN_BYTES = 32
"""Randomness in a session id or a client key: 256 bits, beyond guessing."""


def new_client_key() -> str:
    """A fresh key naming one client (a browser): the server sends it as a cookie."""
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True)
class _Session:
    client: str
    address: str
    trainer: Trainer
    lock: threading.Lock = field(default_factory=threading.Lock)


class SessionStore:
    """At most ``capacity`` trainers, least recently used let go first, and at most ``per_address``
    from one network address (its own oldest go first), so that one machine starting sessions in a
    loop cannot push everyone else's out. One request at a time each."""

    def __init__(self, capacity: int = 4096, per_address: int = 32) -> None:
        self.capacity, self.per_address = capacity, per_address
        self._sessions: OrderedDict[str, _Session] = OrderedDict()
        self._lock = threading.Lock()

    def create(self, paytable: Paytable | str, coins: int, client: str, seed: int | None = None,
               address: str = "") -> str:
        """Start a session for the client with key ``client``, at ``address``, and return its id.

        >>> store = SessionStore(per_address=2)
        >>> first, *_ = [store.create("jacks-9-6", 5, "key", address="10.0.0.1") for _ in range(3)]
        >>> other = store.create("jacks-9-6", 5, "key", address="10.0.0.2")
        >>> len(store), store.has(first), store.has(other)
        (3, False, True)
        """
        trainer = Trainer(paytable, coins, seed=seed)
        session_id = secrets.token_urlsafe(TOKEN_BYTES)
        with self._lock:
            self._sessions[session_id] = _Session(client, address, trainer)
            same_address = [key for key, session in self._sessions.items() if session.address == address]
            for key in same_address[:-self.per_address]:
                del self._sessions[key]
            while len(self._sessions) > self.capacity:
                self._sessions.popitem(last=False)
        return session_id

    def __len__(self) -> int:
        return len(self._sessions)

    def has(self, session_id: str) -> bool:
        """Whether a session is kept (for tests and doctests: using one needs its client's key)."""
        return session_id in self._sessions

    @contextmanager
    def use(self, session_id: str, client: str) -> Iterator[Trainer]:
        """The session's trainer, held against concurrent requests to the same session.

        The id is never repeated in the error: it may be anything a client sent, of any length.
        """
        with self._lock:
            session = self._sessions.get(session_id)
            if session is None or not secrets.compare_digest(session.client.encode(), client.encode()):
                raise UnknownSessionError("no such video poker session (it may have expired): start a new one")
            self._sessions.move_to_end(session_id)
        with session.lock:
            yield session.trainer
