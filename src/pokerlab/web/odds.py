"""The Hand odds page's API: the games it deals, and each player's equity.

>>> from fastapi.testclient import TestClient
>>> from pokerlab.web import create_app
>>> client = TestClient(create_app())
>>> [p["made"] for p in client.post("/api/equity", json={"players": ["AsKs", "QdQc"]}).json()["players"]]
['AKs', 'QQ']
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import APIRouter, Request

from pokerlab.cards import card_name
from pokerlab.equity import equity
from pokerlab.errors import FieldError
from pokerlab.games import Game
from pokerlab.games import get as get_game
from pokerlab.web.compute import bounded, made_hand
from pokerlab.web.guards import ARRIVED
from pokerlab.web.models import GAME_NAMES, EquityRequest
from pokerlab.web.refusals import blame
from pokerlab.web.table import check_players, distinct_at_table

OMAHA_AT_ONCE = 1
"""Omaha odds worked out at once. The Omaha engine reads every hand of a range before it looks at
the clock (seconds for ``random``, a minute in five-card Omaha), so that many at once would hold
every worker; a request that finds the slot taken until its time is up is told to try again."""


@contextmanager
def _one_slot(slots: threading.BoundedSemaphore | None, deadline: float) -> Iterator[None]:
    """Hold one of ``slots`` (None: no limit), waiting for it until ``deadline`` (a perf_counter
    reading) at the latest; a 429 if none came free by then."""
    if slots is None:
        yield
        return
    if not slots.acquire(timeout=max(deadline - time.perf_counter(), 0.0)):
        raise FieldError("game", "the server is busy with other Omaha odds: try again in a moment", 429)
    try:
        yield
    finally:
        slots.release()


def _game_view(game: Game) -> dict[str, object]:
    return {"name": game.name, "title": game.title, "hole": game.hole_cards, "board": game.board_cards,
            "deck": len(game.deck), "cards": [card_name(c) for c in game.deck], "hilo": game.hilo,
            "rules": game.rules}


def odds_routes(time_limit: float) -> APIRouter:
    """The games and the equity endpoint; an answer takes at most ``time_limit`` seconds.

    >>> sorted(route.path for route in odds_routes(5.0).routes)
    ['/api/equity', '/api/games']
    """
    router = APIRouter(tags=["odds"])
    omaha_slots = threading.BoundedSemaphore(OMAHA_AT_ONCE)

    @router.get("/api/games")
    async def games() -> dict[str, object]:
        """The games the odds page deals: hole and board cards, the deck, a split pot or not."""
        return {"games": [_game_view(get_game(name)) for name in GAME_NAMES]}

    # The analyses are plain functions: FastAPI runs them on its thread pool, off the event
    # loop, and the Numba kernels release the GIL, so a slow one never holds up the rest.
    @router.post("/api/equity", summary="Equity")
    def equity_endpoint(body: EquityRequest, request: Request) -> dict[str, object]:
        """Each player's win, tie and equity (high and low shares, scoops in a hi/lo game): exact when
        it fits the time, else Monte Carlo with ± (stderr); ``by_combo`` adds each combo of each range."""
        game = get_game(body.game)
        if body.by_combo and (game.hole_used or game.hilo):
            raise FieldError("by_combo", f"combo by combo is for hold'em and short deck, not {game.title}")
        check_players(body.players, game)
        with blame("board"):
            board = game.check_cards("board", body.board)
        with blame("dead"):
            dead = game.check_cards("dead", body.dead)
        distinct_at_table(board, dead, body.players)
        seconds = min(body.seconds, time_limit)
        arrived = getattr(request.state, ARRIVED)
        # the hole-row engines' calls can take seconds; they queue for their own slots
        with blame("players"), _one_slot(omaha_slots if game.hole_used or game.hilo else None, arrived + seconds):
            result = bounded(lambda **options: equity(body.players, body.board, body.dead, game=game,
                                                      by_combo=body.by_combo, **options),
                             seconds, body.seed, arrived)
        players = [{**player.to_dict(), "made": made_hand(spec, body.board, game)}
                   for player, spec in zip(result.players, body.players)]
        return {**result.to_dict(), "players": players, "seconds": seconds}

    return router
