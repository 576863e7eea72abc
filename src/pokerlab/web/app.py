"""The FastAPI app: three pages, the card faces and the JSON API behind them.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/cards/As.svg").headers["content-type"]
'image/svg+xml'
>>> client.post("/api/equity", json={"players": ["AsKs", "AsQd"]}).json()["detail"]
'Player 2: duplicate card: As, already in Player 1'
"""

from __future__ import annotations

import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from string import Template
from typing import Annotated

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from pokerlab.breakdown import breakdown
from pokerlab.cards import card_name, parse_cards
from pokerlab.category import HandCategory
from pokerlab.equity import equity
from pokerlab.errors import FieldError, UnknownSessionError
from pokerlab.games import HOLDEM, Game
from pokerlab.games import get as get_game
from pokerlab.grid import grid
from pokerlab.runouts import runouts
from pokerlab.svg import card_svg
from pokerlab.videopoker import MAX_COINS, PAYTABLES, Paytable, Trainer, format_hand, hold_evs
from pokerlab.videopoker.strategy import Strategy, strategy
from pokerlab.web.compute import (
    MIN_MONTE_CARLO_SECONDS,
    MONTE_CARLO_SHARE,
    Background,
    bounded,
    hole_cards,
    made_hand,
)
from pokerlab.web.docs import add_docs
from pokerlab.web.guards import ARRIVED, Guards
from pokerlab.web.models import (
    GAME_NAMES,
    BreakdownRequest,
    DrawRequest,
    EquityRequest,
    GridRequest,
    HoldsRequest,
    PaytableName,
    Refusal,
    RunoutsRequest,
    SessionRequest,
    check_player,
)
from pokerlab.web.refusals import blame, error_response, field_name
from pokerlab.web.sessions import START_CREDITS, SessionStore, new_client_key
from pokerlab.web.tournament import tournament_routes

STATIC = Path(__file__).parent / "static"
STRATEGY_RETRY = 5
"""Seconds after which to ask again for a strategy chart being worked out (the request itself
waits up to the server's time limit)."""
OMAHA_AT_ONCE = 1
"""Omaha odds worked out at once. The Omaha engine reads every hand of a range before it looks at
the clock (seconds for ``random``, a minute in five-card Omaha), so that many at once would hold
every worker; a request that finds the slot taken until its time is up is told to try again."""
MISTAKES_LISTED = 10
"""The costliest mistakes a session lists."""
PAGES = {"/": ("odds", "Hand odds"), "/odds": ("odds", "Hand odds"), "/grid": ("grid", "Odds grid"),
         "/ranges": ("ranges", "Ranges"), "/videopoker": ("videopoker", "Video poker"),
         "/tournament": ("tournament", "Tournament")}
"""Route -> (page, title): static/{page}.html is the page's <main>, static/{page}.js its script."""
DEFAULT_TIME_LIMIT = 5.0
"""Seconds any one analysis may take on the server, whatever the request asks for."""


SESSION_REFUSALS: dict[int | str, dict[str, object]] = {
    404: {"model": Refusal, "description": "No such session (or it expired)"},
    409: {"model": Refusal,
          "description": "Not at this point of the hand: deal before the draw, draw before the next deal"}}

HTTP_ERROR_FIELDS = {400: "body", 404: "path", 405: "method", 413: "body", 415: "body"}
"""What a refusal from the framework itself is about: a body that does not parse, is too large or
is not JSON, an unknown address, a method the address does not take."""

CLIENT_COOKIE = "pokerlab_client"
"""The cookie that binds video poker sessions to the browser that started them."""


def _dealt(trainer: Trainer) -> Trainer:
    """The trainer, which must have a hand dealt and not yet drawn to."""
    if trainer.hand is None:
        raise FieldError("session", "no hand is dealt: deal first", 409)
    return trainer


def _distinct(fields: dict[str, tuple[int, ...]]) -> None:
    """No card in two fields: the error names the later field and the earlier one."""
    seen: dict[int, str] = {}
    for field, cards in fields.items():
        for card in cards:
            if card in seen:
                raise FieldError(field, f"duplicate card: {card_name(card)}, already in {seen[card]}")
            seen[card] = field


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


def _distinct_at_table(board: tuple[int, ...], dead: tuple[int, ...], players: list[str]) -> None:
    """No card twice among the board, the dead cards and the players' known hands."""
    _distinct({"board": board, "dead": dead, **{f"players[{i}]": hole_cards(p) or () for i, p in enumerate(players)}})


def _session_view(session_id: str, trainer: Trainer) -> dict[str, object]:
    summary = trainer.summary()
    # the bet leaves the credits at the deal, as on a machine, though the trainer books it at the draw
    waiting = trainer.coins if trainer.hand is not None else 0
    return {"id": session_id, "paytable": trainer.paytable.name, "coins": trainer.coins,
            "credits": START_CREDITS + summary.net - waiting, **summary.to_dict()}


def _game_view(game: Game) -> dict[str, object]:
    return {"name": game.name, "title": game.title, "hole": game.hole_cards, "board": game.board_cards,
            "deck": len(game.deck), "cards": [card_name(c) for c in game.deck], "hilo": game.hilo,
            "rules": game.rules}


def _paytable_view(table: Paytable) -> dict[str, object]:
    coins = range(1, MAX_COINS + 1)
    return {**table.to_dict(), "lines": [{"name": line.value, "label": line.label,
                                          "credits": [table.pay(line, c) * c for c in coins]} for line in table.lines]}


def _check_players(players: list[str], game: Game) -> None:
    for i, player in enumerate(players):
        with blame(f"players[{i}]"):
            check_player(player, game)


def _client(request: Request) -> str:
    """The client key the request carries (empty if none, which matches no session)."""
    return request.cookies.get(CLIENT_COOKIE, "")


def create_app(time_limit: float = DEFAULT_TIME_LIMIT) -> FastAPI:
    """The app; every analysis is cut to ``time_limit`` seconds (then Monte Carlo answers)."""
    app = FastAPI(title="pokerlab", version="0.1.0", docs_url=None, redoc_url=None,
                  responses={422: {"model": Refusal, "description": "Bad input, named by field"}},
                  description="Poker odds, the odds grid and a video poker trainer. Bad input gets a 4xx "
                              "whose `detail` names the field and the problem.")
    app.add_middleware(Guards)
    add_docs(app)
    sessions = SessionStore()
    omaha_slots = threading.BoundedSemaphore(OMAHA_AT_ONCE)
    charts: Background[tuple[str, int], Strategy] = Background(lambda key: strategy(*key))

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, err: RequestValidationError) -> JSONResponse:
        return error_response([(field_name(tuple(e["loc"])), e["msg"].removeprefix("Value error, "))
                               for e in err.errors()], 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, err: StarletteHTTPException) -> JSONResponse:
        field = HTTP_ERROR_FIELDS.get(err.status_code, "request")
        return error_response([(field, str(err.detail))], err.status_code, err.headers)

    @app.exception_handler(FieldError)
    async def invalid_field(_request: Request, err: FieldError) -> JSONResponse:
        return error_response([(err.field, err.problem)], err.status)

    @app.exception_handler(UnknownSessionError)
    async def unknown_session(_request: Request, err: UnknownSessionError) -> JSONResponse:
        return error_response([("session", str(err))], 404)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for route, (page, title) in PAGES.items():
        app.add_api_route(route, _page_endpoint(_page(page, title)), include_in_schema=False)

    @app.get("/cards/{card}.svg", tags=["cards"], response_class=Response,
             responses={200: {"content": {"image/svg+xml": {}}},
                        404: {"model": Refusal, "description": "No such card"}})
    async def card(card: str, four_color: bool = False) -> Response:
        """A card face (``As``, ``Td``, ``10h``) or ``back``, drawn as SVG."""
        with blame("card", 404):
            svg = _svg(card, four_color)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    # The analyses are plain functions: FastAPI runs them on its thread pool, off the event
    # loop, and the Numba kernels release the GIL, so a slow one never holds up the rest.
    # What takes microseconds (pages, card faces, pay tables) is async instead, answered on the
    # event loop without waiting for a thread behind the analyses.
    @app.get("/api/games", tags=["odds"])
    async def games() -> dict[str, object]:
        """The games the odds page deals: hole and board cards, the deck, a split pot or not."""
        return {"games": [_game_view(get_game(name)) for name in GAME_NAMES]}

    @app.post("/api/equity", tags=["odds"], summary="Equity")
    def equity_endpoint(body: EquityRequest, request: Request) -> dict[str, object]:
        """Each player's win, tie and equity (high and low shares, scoops in a hi/lo game): exact when
        it fits the time, else Monte Carlo with ± (stderr); ``by_combo`` adds each combo of each range."""
        game = get_game(body.game)
        if body.by_combo and (game.hole_used or game.hilo):
            raise FieldError("by_combo", f"combo by combo is for hold'em and short deck, not {game.title}")
        _check_players(body.players, game)
        with blame("board"):
            board = game.check_cards("board", body.board)
        with blame("dead"):
            dead = game.check_cards("dead", body.dead)
        _distinct_at_table(board, dead, body.players)
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

    @app.post("/api/grid", tags=["odds"], summary="Odds grid")
    def grid_endpoint(body: GridRequest, request: Request) -> dict[str, object]:
        """How the hand ends up against random opponents, by final category of each side."""
        _distinct({"hand": parse_cards(body.hand), "board": parse_cards(body.board)})
        with blame("opponents"):
            result = bounded(lambda **options: grid(body.hand, body.board, opponents=body.opponents, **options),
                             min(body.seconds, time_limit), body.seed, getattr(request.state, ARRIVED))
        return {**result.to_dict(), "labels": {c.name: c.label for c in HandCategory}}

    @app.post("/api/breakdown", tags=["ranges"])
    def breakdown_endpoint(body: BreakdownRequest) -> dict[str, object]:
        """Every combo of a hold'em range on a board, sorted into made hands (each combo once) and draws."""
        board = parse_cards(body.board)
        if not 3 <= len(board) <= 5:
            raise FieldError("board", f"give a flop, turn or river (3 to 5 cards), got {len(board)}")
        _distinct({"board": board, "dead": parse_cards(body.dead)})
        with blame("range"):
            return breakdown(body.range, body.board, body.dead).to_dict()

    @app.post("/api/runouts", tags=["ranges"])
    def runouts_endpoint(body: RunoutsRequest, request: Request) -> dict[str, object]:
        """Every player's equity after each card that can come next, and each player's best and worst
        cards; exact when it fits the time, else Monte Carlo for each card."""
        board = parse_cards(body.board)
        if len(board) not in (3, 4):
            raise FieldError("board", f"give a flop or a turn (3 or 4 cards), got {len(board)}")
        _check_players(body.players, HOLDEM)
        _distinct_at_table(board, parse_cards(body.dead), body.players)
        seconds = min(body.seconds, time_limit)
        # runouts keeps a budget itself, shared over its runs (exact where their pace allows),
        # so it gets the time the request has left rather than bounded()'s exact-first attempt
        left = seconds - (time.perf_counter() - getattr(request.state, ARRIVED))
        with blame("players"):
            result = runouts(body.players, body.board, body.dead, seed=body.seed,
                             seconds=max(left * MONTE_CARLO_SHARE, MIN_MONTE_CARLO_SECONDS))
        return {**result.to_dict(), "seconds": seconds}

    @app.get("/api/paytables", tags=["video poker"])
    async def paytables() -> dict[str, object]:
        """The built-in games, each with its lines, best first, and their credits at a bet of 1..5 coins."""
        return {"paytables": [_paytable_view(t) for t in PAYTABLES.values()]}

    @app.post("/api/videopoker/holds", tags=["video poker"])
    def holds(body: HoldsRequest) -> dict[str, object]:
        """All 32 holds of a dealt hand with their exact EV per coin, best first."""
        with blame("hand"):
            evs = hold_evs(body.hand, body.paytable, body.coins)
        return {"hand": body.hand, "holds": [h.to_dict() for h in evs]}

    @app.get("/api/videopoker/strategy", tags=["video poker"],
             responses={202: {"description": "Being worked out (a minute at most): ask again after Retry-After"}})
    def strategy_endpoint(response: Response, paytable: PaytableName = "jacks-9-6",  # built-in: charts are kept
                          coins: Annotated[int, Query(ge=1, le=MAX_COINS)] = MAX_COINS) -> dict[str, object]:
        """A game's strategy chart, first line first, with its return and perfect play's."""
        chart = charts.result((paytable, coins), wait=time_limit)
        if chart is None:
            response.status_code = 202
            response.headers["Retry-After"] = str(STRATEGY_RETRY)
            return {"paytable": paytable, "coins": coins, "pending": True}
        return {**chart.to_dict(), "paytable": paytable, "title": chart.paytable.game, "pending": False}

    @app.post("/api/videopoker/sessions", tags=["video poker"])
    def new_session(request: Request, response: Response, body: SessionRequest | None = None) -> dict[str, object]:
        """Start a session: a pay table (built-in or one's own), a bet and credits to play with (no
        body: the defaults). The session is bound to this client by a cookie, which later calls must send."""
        body = body or SessionRequest()
        client = _client(request)
        if not client:
            client = new_client_key()
            response.set_cookie(CLIENT_COOKIE, client, httponly=True, samesite="strict", path="/api/videopoker")
        address = request.client.host if request.client else ""
        session_id = sessions.create(body.paytable, body.coins, client, body.seed, address)
        with sessions.use(session_id, client) as trainer:
            return _session_view(session_id, trainer)

    @app.post("/api/videopoker/sessions/{session_id}/deal", tags=["video poker"], responses=SESSION_REFUSALS)
    def deal(session_id: str, request: Request) -> dict[str, object]:
        """Deal five cards, taking the bet; refused while a hand waits for its draw."""
        with sessions.use(session_id, _client(request)) as trainer:
            if trainer.hand is not None:
                raise FieldError("session", "a hand is dealt and not yet drawn to: draw first", 409)
            return {"hand": format_hand(trainer.deal()).split(), "session": _session_view(session_id, trainer)}

    @app.get("/api/videopoker/sessions/{session_id}/holds", tags=["video poker"], responses=SESSION_REFUSALS)
    def session_holds(session_id: str, request: Request) -> dict[str, object]:
        """The advice: every hold of the hand dealt, with its EV per coin, best first."""
        with sessions.use(session_id, _client(request)) as trainer:
            return {"holds": [h.to_dict() for h in _dealt(trainer).holds()]}

    @app.post("/api/videopoker/sessions/{session_id}/draw", tags=["video poker"], responses=SESSION_REFUSALS)
    def draw(session_id: str, body: DrawRequest, request: Request) -> dict[str, object]:
        """Hold the given positions, draw, pay; the result grades the hold against the best."""
        with sessions.use(session_id, _client(request)) as trainer:
            with blame("hold"):
                result = _dealt(trainer).hold(body.hold)
            return {"result": result.to_dict(), "session": _session_view(session_id, trainer)}

    @app.get("/api/videopoker/sessions/{session_id}/mistakes", tags=["video poker"], responses=SESSION_REFUSALS)
    def mistakes(session_id: str, request: Request) -> dict[str, object]:
        """The session's costliest holds, the most EV lost first, each with the best hold and its EV."""
        with sessions.use(session_id, _client(request)) as trainer:
            return {"mistakes": [r.to_dict() for r in trainer.error_log(MISTAKES_LISTED)],
                    "session": _session_view(session_id, trainer)}

    app.include_router(tournament_routes(time_limit))
    return app


def _page_endpoint(html: str) -> Callable[[], Awaitable[HTMLResponse]]:
    """An endpoint that answers with one fixed page."""

    async def page() -> HTMLResponse:
        return HTMLResponse(html)

    return page


def _page(page: str, title: str) -> str:
    """A whole page: the shared layout (head, header, script tag) around the page's own <main>."""
    layout = Template((STATIC / "layout.html").read_text(encoding="utf-8"))
    return layout.substitute(title=title, name=page, main=(STATIC / f"{page}.html").read_text(encoding="utf-8"))


@lru_cache(maxsize=256)
def _svg(card: str, four_color: bool) -> str:
    return card_svg(card, four_color)
