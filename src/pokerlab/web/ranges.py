"""The Ranges page's API: what a hold'em range holds on a board, and how each next card changes
every player's equity (the page's equity heat map is the odds page's ``/api/equity`` by combo).

>>> from fastapi.testclient import TestClient
>>> from pokerlab.web import create_app
>>> client = TestClient(create_app())
>>> client.post("/api/breakdown", json={"range": "QQ+", "board": "Ah7d2c"}).json()["combos"]
15
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from pokerlab.analyses.breakdown import breakdown
from pokerlab.analyses.runouts import runouts
from pokerlab.cards.notation import parse_cards
from pokerlab.errors import FieldError
from pokerlab.games import HOLDEM
from pokerlab.web.compute import bounded
from pokerlab.web.guards import ARRIVED
from pokerlab.web.models import BreakdownRequest, RunoutsRequest
from pokerlab.web.refusals import blame
from pokerlab.web.table import check_players, distinct, distinct_at_table
from pokerlab.web.work import PageId, WorkQueue


def ranges_routes(time_limit: float) -> APIRouter:
    """The breakdown and next-card endpoints; an answer takes at most ``time_limit`` seconds.

    >>> sorted(route.path for route in ranges_routes(5.0).routes)
    ['/api/breakdown', '/api/runouts']
    """
    router = APIRouter(tags=["ranges"])
    queue = WorkQueue()  # nothing queues: a page's newer request stops its older one

    @router.post("/api/breakdown")
    def breakdown_endpoint(body: BreakdownRequest) -> dict[str, object]:
        """Every combo of a hold'em range on a board, sorted into made hands (each combo once) and draws."""
        board = parse_cards(body.board)
        if not 3 <= len(board) <= 5:
            raise FieldError("board", f"give a flop, turn or river (3 to 5 cards), got {len(board)}")
        distinct({"board": board, "dead": parse_cards(body.dead)})
        with blame("range"):
            return breakdown(body.range, body.board, body.dead).to_dict()

    @router.post("/api/runouts")
    def runouts_endpoint(body: RunoutsRequest, request: Request, page: PageId = None) -> dict[str, object]:
        """Every player's equity after each card that can come next, and each player's best and worst
        cards: exact when every card's run fits the time, else Monte Carlo for each card, with each
        equity's standard error (``stderr``, 0 when exact)."""
        board = parse_cards(body.board)
        if len(board) not in (3, 4):
            raise FieldError("board", f"give a flop or a turn (3 or 4 cards), got {len(board)}")
        check_players(body.players, HOLDEM)
        distinct_at_table(board, parse_cards(body.dead), body.players)
        seconds = min(body.seconds, time_limit)
        key = None if page is None else (page, request.url.path)
        # exact first, as for every analysis: runouts' own choice judges the pace by the first
        # card's run alone, and a slow first run on a busy machine sampled what was exact in 0.2 s
        with blame("players"), queue.turn(key, queued=False) as check:
            result = bounded(lambda **options: runouts(body.players, body.board, body.dead, **options),
                             seconds, body.seed, getattr(request.state, ARRIVED), check)
        found = result.to_dict()
        cards = [{**row, "stderr": [p.stderr for p in run.players]}
                 for row, run in zip(found["cards"], result.by_card.values())]  # type: ignore[call-overload]
        return {**found, "cards": cards, "before_stderr": [p.stderr for p in result.before.players],
                "seconds": seconds}

    return router
