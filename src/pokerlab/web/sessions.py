"""Video poker sessions kept on the server, so the cards to come stay hidden from the page.

>>> store = SessionStore(capacity=2)
>>> first = store.create("jacks-9-6", 5, seed=1)
>>> with store.use(first) as trainer:
...     len(trainer.deal())
5
>>> _ = store.create("jacks-9-6", 5), store.create("jacks-9-6", 5)  # the oldest is let go
>>> with store.use(first) as trainer:
...     pass
Traceback (most recent call last):
...
pokerlab.errors.UnknownSessionError: no video poker session 's1' (it may have expired): start a new one
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

from pokerlab.errors import UnknownSessionError
from pokerlab.videopoker import Trainer

START_CREDITS = 1000
"""Credits a session starts with; the page shows this plus the session's net."""




class SessionStore:
    """At most ``capacity`` trainers, least recently used let go first; one request at a time each."""

    def __init__(self, capacity: int = 256) -> None:
        self.capacity = capacity
        self._sessions: OrderedDict[str, tuple[Trainer, threading.Lock]] = OrderedDict()
        self._lock = threading.Lock()
        self._ids = itertools.count(1)

    def create(self, paytable: str, coins: int, seed: int | None = None) -> str:
        """Start a session and return its id."""
        trainer = Trainer(paytable, coins, seed=seed)
        with self._lock:
            session_id = f"s{next(self._ids)}"
            self._sessions[session_id] = (trainer, threading.Lock())
            while len(self._sessions) > self.capacity:
                self._sessions.popitem(last=False)
        return session_id

    @contextmanager
    def use(self, session_id: str) -> Iterator[Trainer]:
        """The session's trainer, held against concurrent requests to the same session."""
        with self._lock:
            if session_id not in self._sessions:
                raise UnknownSessionError(f"no video poker session {session_id!r} (it may have expired): "
                                          "start a new one")
            self._sessions.move_to_end(session_id)
            trainer, lock = self._sessions[session_id]
        with lock:
            yield trainer
