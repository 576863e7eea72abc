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


@dataclass
class _Session:
    client: str
    address: str
    trainer: Trainer
    credits: int
    claimed: bool
    """Whether its client has come back with its key: a session started by a request that sent
    no key, and never used since, counts with every other such session at its address."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def owner(self) -> str:
        """Whom the session counts against: its client, or nobody yet (``""``)."""
        return self.client if self.claimed else ""


class SessionStore:
    """At most ``capacity`` trainers, least recently used let go first; at most ``per_client``
    for one client (its own least recently used go first); and at most ``per_address`` from one
    network address, where the owner with the most sessions there loses its least recently used
    one. Sessions whose client never came back count as one owner, so a script starting
    sessions without keeping their key only ever pushes out its own, and no one at the address
    loses a session to a neighbour who holds fewer. One request at a time each."""

    def __init__(self, capacity: int = 4096, per_client: int = 8, per_address: int = 64) -> None:
        self.capacity, self.per_client, self.per_address = capacity, per_client, per_address
        self._sessions: OrderedDict[str, _Session] = OrderedDict()
        self._lock = threading.Lock()

    def create(self, paytable: Paytable | str, coins: int, client: str, seed: int | None = None,
               address: str = "", credits: int = START_CREDITS, claimed: bool = True) -> str:
        """Start a session with ``credits`` for the client with key ``client``, at ``address``,
        and return its id. ``claimed=False``: the request sent no key (the client's key is new).

        >>> store = SessionStore(per_address=2)
        >>> first, *_ = [store.create("jacks-9-6", 5, f"key{i}", address="10.0.0.1", claimed=False) for i in range(3)]
        >>> other = store.create("jacks-9-6", 5, "key", address="10.0.0.2")
        >>> len(store), store.has(first), store.has(other)
        (3, False, True)
        """
        trainer = Trainer(paytable, coins, seed=seed)
        session_id = secrets.token_urlsafe(TOKEN_BYTES)
        with self._lock:
            self._sessions[session_id] = _Session(client, address, trainer, credits, claimed)
            own = [key for key, s in self._sessions.items() if s.claimed and s.client == client]
            for key in own[:-self.per_client]:
                del self._sessions[key]
            self._evict_at(address, session_id)
            while len(self._sessions) > self.capacity:
                self._sessions.popitem(last=False)
        return session_id

    def _evict_at(self, address: str, newest: str) -> None:
        """While the address holds too many sessions, the least recently used session of the
        owners with the most there goes (never the ``newest``, just started)."""
        while True:
            owners: dict[str, list[str]] = {}
            for key, s in self._sessions.items():  # least recently used first
                if s.address == address:
                    owners.setdefault(s.owner, []).append(key)
            if sum(map(len, owners.values())) <= self.per_address:
                return
            most = max(len(keys) for keys in owners.values())
            biggest = {key for keys in owners.values() if len(keys) == most for key in keys}
            del self._sessions[next(key for key in self._sessions if key in biggest and key != newest)]

    def __len__(self) -> int:
        return len(self._sessions)

    def has(self, session_id: str) -> bool:
        """Whether a session is kept (for tests and doctests: using one needs its client's key)."""
        return session_id in self._sessions

    def credits(self, session_id: str) -> int:
        """The credits a kept session started with."""
        return self._sessions[session_id].credits

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
            session.claimed = True
        with session.lock:
            yield session.trainer
