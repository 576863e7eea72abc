"""The Hand odds page's API: the games it deals, and each player's equity.

>>> from fastapi.testclient import TestClient
>>> from pokerlab.web import create_app
>>> client = TestClient(create_app())
>>> [p["made"] for p in client.post("/api/equity", json={"players": ["AsKs", "QdQc"]}).json()["players"]]
['AKs', 'QQ']
"""

from __future__ import annotations

import math
from typing import Any

from fastapi import APIRouter, Request

from pokerlab.cards.notation import card_name
from pokerlab.equity.api import equity
from pokerlab.equity.by_combo import takes_by_combo
from pokerlab.errors import FieldError
from pokerlab.games import Game
from pokerlab.games import get as get_game
from pokerlab.games import names as game_names
from pokerlab.web.compute import bounded, made_hand
from pokerlab.web.guards import ARRIVED
from pokerlab.web.models import GAME_NAMES, EquityRequest, game_player
from pokerlab.web.refusals import blame
from pokerlab.web.table import check_players, distinct_at_table
from pokerlab.web.work import PageId, WorkQueue

OMAHA_AT_ONCE = 2
"""Odds in the games dealt by hole rows (Omaha's, and the hi/lo games) worked out at once; more
wait their turn. Omaha's engine lists every hand of a ``random`` player (millions in five- and
six-card Omaha, hundreds of megabytes), so a few at a time keep the server's memory in bounds;
each ends within its time, so the line moves."""


def _game_view(game: Game) -> dict[str, object]:
    return {"name": game.name, "title": game.title, "hole": game.hole_cards, "board": game.board_cards,
            "deck": len(game.deck), "cards": [card_name(c) for c in game.deck], "hilo": game.hilo,
            "rules": game.rules}


def with_errors(player: dict[str, Any], showdowns: float, exact: bool) -> dict[str, Any]:
    """A player's results with each of its combos and classes (when by combo) given the standard
    error of its equity, ``stderr``: 0 when ``exact``; when sampled, from its own showdowns (its
    weight's share of the player's ``showdowns``: a sampled combo's weight is its share of the
    deals) and the most a pot share's spread can be, p(1 - p), with p its equity counted as if
    it had won one more showdown and lost one more: a combo that won all of its few showdowns
    is not given a ± of 0, and a split pot never makes the error look smaller than it is.

    >>> done = with_errors({"combos": [{"weight": 1.0, "equity": 0.5}, {"weight": 4.0, "equity": 1.0}],
    ...                     "classes": {}}, showdowns=500, exact=False)
    >>> [round(c["stderr"], 6) for c in done["combos"]]  # 100 and 400 of the 500 showdowns
    [0.05, 0.002491]
    """
    if "combos" not in player:
        return player
    total = sum(combo["weight"] for combo in player["combos"])

    def error(entry: dict[str, Any]) -> float:
        if exact or not total:
            return 0.0
        n = showdowns * entry["weight"] / total
        p = (entry["equity"] * n + 1) / (n + 2)
        return math.sqrt(p * (1 - p) / n)

    return {**player, "combos": [{**combo, "stderr": error(combo)} for combo in player["combos"]],
            "classes": {name: {**entry, "stderr": error(entry)} for name, entry in player["classes"].items()}}


def odds_routes(time_limit: float) -> APIRouter:
    """The games and the equity endpoint; an answer takes at most ``time_limit`` seconds.

    >>> sorted(route.path for route in odds_routes(5.0).routes)
    ['/api/equity', '/api/games']
    """
    router = APIRouter(tags=["odds"])
    queue = WorkQueue(slots=OMAHA_AT_ONCE)

    @router.get("/api/games")
    async def games() -> dict[str, object]:
        """The games the odds page deals: hole and board cards, the deck, a split pot or not."""
        return {"games": [_game_view(get_game(name)) for name in GAME_NAMES]}

    # The analyses are plain functions: FastAPI runs them on its thread pool, off the event
    # loop, and the Numba kernels release the GIL, so a slow one never holds up the rest.
    @router.post("/api/equity", summary="Equity")
    def equity_endpoint(body: EquityRequest, request: Request, page: PageId = None) -> dict[str, object]:
        """Each player's equity (their share of the pot) and how often they take all of the pot, part
        of it or none (in a hi/lo game also the high and low halves apart): exact when it fits the
        time, else Monte Carlo with ± (stderr); ``by_combo`` adds each combo and class of each
        range, each with its own stderr. In Omaha a pattern may name fewer cards than a hand:
        ``AA`` is ``AAxx``."""
        game = get_game(body.game)
        if body.by_combo and not takes_by_combo(game):
            raise FieldError("by_combo", f"combo by combo is for the games of two hole cards and one pot "
                                         f"({game_names(takes_by_combo)}), not {game.title}")
        specs = [game_player(spec, game) for spec in body.players]
        check_players(specs, game)
        with blame("board"):
            board = game.check_cards("board", body.board)
        with blame("dead"):
            dead = game.check_cards("dead", body.dead)
        distinct_at_table(board, dead, specs)
        seconds = min(body.seconds, time_limit)
        key = None if page is None else (page, request.url.path)
        # time spent in the queue counts against the budget: the answer is due when it is due
        with blame("players"), queue.turn(key, queued=bool(game.hole_used or game.hilo)) as check:
            result = bounded(lambda **options: equity(specs, body.board, body.dead, game=game,
                                                      by_combo=body.by_combo, **options),
                             seconds, body.seed, getattr(request.state, ARRIVED), check)
        players = [{**with_errors(player.to_dict(), result.showdowns, result.exact),
                    "made": made_hand(spec, body.board, game)} for player, spec in zip(result.players, specs)]
        return {**result.to_dict(), "players": players, "seconds": seconds}

    return router
