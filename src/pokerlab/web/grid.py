"""The Odds grid page's API: how a hand ends up against random opponents, by the final category
of each side.

>>> from fastapi.testclient import TestClient
>>> from pokerlab.web import create_app
>>> body = TestClient(create_app()).post("/api/grid", json={"hand": "AsKs", "board": "TsQs2d"}).json()
>>> body["opponents"], body["labels"]["FLUSH"]
(1, 'Flush')
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from pokerlab.analyses.grid import grid
from pokerlab.cards.notation import parse_cards
from pokerlab.rankings.category import HandCategory
from pokerlab.web.compute import bounded
from pokerlab.web.guards import ARRIVED
from pokerlab.web.models import GridRequest
from pokerlab.web.refusals import blame
from pokerlab.web.table import distinct
from pokerlab.web.work import PageId, WorkQueue


def grid_routes(time_limit: float) -> APIRouter:
    """The grid endpoint; an answer takes at most ``time_limit`` seconds.

    >>> [route.path for route in grid_routes(5.0).routes]
    ['/api/grid']
    """
    router = APIRouter(tags=["odds"])
    queue = WorkQueue()  # nothing queues: a page's newer grid stops its older one

    @router.post("/api/grid", summary="Odds grid")
    def grid_endpoint(body: GridRequest, request: Request, page: PageId = None) -> dict[str, object]:
        """How the hand ends up against random opponents, by final category of each side."""
        distinct({"hand": parse_cards(body.hand), "board": parse_cards(body.board)})
        key = None if page is None else (page, request.url.path)
        with blame("opponents"), queue.turn(key, queued=False) as check:
            result = bounded(lambda **options: grid(body.hand, body.board, opponents=body.opponents, **options),
                             min(body.seconds, time_limit), body.seed, getattr(request.state, ARRIVED), check)
        return {**result.to_dict(), "labels": {c.name: c.label for c in HandCategory}}

    return router
