"""The Ranges page's API: what a hold'em range holds on a board, and how each next card changes
every player's equity (the page's equity heat map is the odds page's ``/api/equity`` by combo).

>>> from fastapi.testclient import TestClient
>>> from pokerlab.web import create_app
>>> client = TestClient(create_app())
>>> client.post("/api/breakdown", json={"range": "QQ+", "board": "Ah7d2c"}).json()["combos"]
15
"""

from __future__ import annotations

import time

from fastapi import APIRouter, Request

from pokerlab.breakdown import breakdown
from pokerlab.cards import parse_cards
from pokerlab.errors import FieldError
from pokerlab.games import HOLDEM
from pokerlab.runouts import runouts
from pokerlab.web.compute import MIN_MONTE_CARLO_SECONDS, MONTE_CARLO_SHARE
from pokerlab.web.guards import ARRIVED
from pokerlab.web.models import BreakdownRequest, RunoutsRequest
from pokerlab.web.refusals import blame
from pokerlab.web.table import check_players, distinct, distinct_at_table


def ranges_routes(time_limit: float) -> APIRouter:
    """The breakdown and next-card endpoints; an answer takes at most ``time_limit`` seconds.

    >>> sorted(route.path for route in ranges_routes(5.0).routes)
    ['/api/breakdown', '/api/runouts']
    """
    router = APIRouter(tags=["ranges"])

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
    def runouts_endpoint(body: RunoutsRequest, request: Request) -> dict[str, object]:
        """Every player's equity after each card that can come next, and each player's best and worst
        cards; exact when it fits the time, else Monte Carlo for each card."""
        board = parse_cards(body.board)
        if len(board) not in (3, 4):
            raise FieldError("board", f"give a flop or a turn (3 or 4 cards), got {len(board)}")
        check_players(body.players, HOLDEM)
        distinct_at_table(board, parse_cards(body.dead), body.players)
        seconds = min(body.seconds, time_limit)
        # runouts keeps a budget itself, shared over its runs (exact where their pace allows),
        # so it gets the time the request has left rather than bounded()'s exact-first attempt
        left = seconds - (time.perf_counter() - getattr(request.state, ARRIVED))
        with blame("players"):
            result = runouts(body.players, body.board, body.dead, seed=body.seed,
                             seconds=max(left * MONTE_CARLO_SHARE, MIN_MONTE_CARLO_SECONDS))
        return {**result.to_dict(), "seconds": seconds}

    return router
