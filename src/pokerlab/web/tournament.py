"""The Tournament page's API: prize equity by ICM, and heads-up push/fold equilibria.

Push/fold needs the all-in equity table of the 169 starting hands, which the first use on a
machine computes (a minute or two) and caches on disk. The server builds it on a background
thread: meanwhile a push/fold request is answered at once with 202 and how far the build has
got, and every other request is served as usual.

>>> from fastapi.testclient import TestClient
>>> from pokerlab.web import create_app
>>> client = TestClient(create_app())
>>> [round(x, 4) for x in client.post("/api/icm", json={"stacks": [50, 30, 20], "payouts": [70, 30]}).json()["equity"]]
[45.1786, 32.25, 22.5714]
>>> client.post("/api/icm", json={"stacks": [50, -1], "payouts": [70]}).json()["errors"][0]["field"]
'stacks[1]'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import APIRouter, Response

from pokerlab.checks import check_number
from pokerlab.errors import FieldError, PokerlabError
from pokerlab.tournament.icm import icm
from pokerlab.tournament.pushfold import MAX_STACK, ClassTable, class_table, solve_table
from pokerlab.web.compute import Background
from pokerlab.web.models import IcmRequest, PushFoldRequest
from pokerlab.web.refusals import blame

TABLE_WAIT = 1.0
"""Seconds a push/fold request waits for the equity table before it is told that it is being
prepared: long enough to read it from the disk cache, short enough for the page to say at once
that the first use takes a while."""
PREPARING_RETRY = 2
"""Seconds after which to ask again while the table is being prepared."""

_ITEM = re.compile(r"; item (\d+) is ")
"""How the library names one bad number of a list (counted from 0)."""


@contextmanager
def _blame_icm() -> Iterator[None]:
    """Report an ICM input error against the list it names, and the item where it names one
    (``stacks[1]``), so that the page can point at it."""
    try:
        yield
    except PokerlabError as err:
        text = str(err)
        field = "payouts" if text.startswith("payouts") else "stacks"
        item = _ITEM.search(text)
        raise FieldError(f"{field}[{item.group(1)}]" if item else field, text) from err


class TablePreparation:
    """The push/fold equity table, prepared once on a background thread (read from the disk
    cache, or computed there the first time), with how far the computation has got.

    >>> preparation = TablePreparation()
    >>> preparation.table(wait=600.0).hands[:3]   # the first time on a machine: a minute or two
    ('AA', 'AKs', 'AQs')
    >>> preparation.progress
    1.0
    """

    def __init__(self) -> None:
        self._done, self._total = 0, 0
        self._ready = False
        # class_table is looked up when the build starts, so that a test can stand in for it
        self._background: Background[str, ClassTable] = Background(lambda _key: self._build())

    def _build(self) -> ClassTable:
        table = class_table(self._progress)
        self._ready = True
        return table

    def _progress(self, done: int, total: int) -> None:
        self._done, self._total = done, total

    def table(self, wait: float) -> ClassTable | None:
        """The table if it is ready within ``wait`` seconds, else None (the build goes on)."""
        return self._background.result("classes", wait)

    @property
    def progress(self) -> float:
        """The share of the build done, 0 to 1 (1 once the table is ready)."""
        if self._ready:
            return 1.0
        return self._done / self._total if self._total else 0.0


def tournament_routes(time_limit: float) -> APIRouter:
    """The ICM and push/fold endpoints; a request waits at most ``time_limit`` seconds for the
    push/fold equity table.

    >>> sorted(route.path for route in tournament_routes(5.0).routes)
    ['/api/icm', '/api/pushfold']
    """
    router = APIRouter(tags=["tournament"])
    preparation = TablePreparation()

    @router.post("/api/icm", summary="ICM")
    def icm_endpoint(body: IcmRequest) -> dict[str, object]:
        """Each player's prize equity by the Malmuth-Harville model, exact, in the order of the
        stacks (up to 24 players); the equities add up to the prizes paid."""
        with _blame_icm():
            equity = icm(body.stacks, body.payouts)
        return {"stacks": body.stacks, "payouts": body.payouts, "equity": list(equity),
                "chips": sum(body.stacks), "pool": sum(body.payouts)}

    @router.post("/api/pushfold", summary="Push/fold",
                 responses={202: {"description": "The all-in equity table is being prepared (the first use on "
                                                 "this machine, a minute or two): ask again after Retry-After"}})
    def pushfold_endpoint(body: PushFoldRequest, response: Response) -> dict[str, object]:
        """The heads-up push/fold chip-EV equilibrium at one effective stack (big blinds, blinds 0.5
        and 1, an ante per player): how often the small blind pushes and the big blind calls
        each of the 169 starting hands, both players' EVs and the exploitability."""
        # the same bounds as the library's, checked here so that bad input is refused at once,
        # even while the table is being prepared
        with blame("ante"):
            ante = check_number("ante", body.ante, low=0, high=MAX_STACK)
        with blame("stack"):
            stack = check_number("stack", body.stack, low=1 + ante, high=MAX_STACK)
        table = preparation.table(wait=min(TABLE_WAIT, time_limit))
        if table is None:
            response.status_code = 202
            response.headers["Retry-After"] = str(PREPARING_RETRY)
            return {"stack": stack, "ante": ante, "pending": True, "progress": preparation.progress,
                    "retry_after": PREPARING_RETRY}
        return {**solve_table(table, stack, ante).to_dict(), "pending": False}

    return router
