"""The Video poker page's API: the built-in pay tables, the EV of every hold, strategy charts, and
sessions kept on the server (so the cards to come stay hidden from the page).

>>> from fastapi.testclient import TestClient
>>> from pokerlab.web import create_app
>>> client = TestClient(create_app())
>>> session = client.post("/api/videopoker/sessions", json={"seed": 1}).json()
>>> session["credits"], len(client.post(f"/api/videopoker/sessions/{session['id']}/deal").json()["hand"])
(1000, 5)
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from pokerlab.errors import FieldError
from pokerlab.videopoker import MAX_COINS, PAYTABLES, Paytable, Trainer, format_hand, hold_evs
from pokerlab.videopoker.strategy import Strategy, strategy
from pokerlab.web.compute import Background
from pokerlab.web.models import DrawRequest, HoldsRequest, PaytableName, Refusal, SessionRequest
from pokerlab.web.refusals import blame
from pokerlab.web.sessions import SessionStore, new_client_key

STRATEGY_RETRY = 5
"""Seconds after which to ask again for a strategy chart being worked out (the request itself
waits up to the server's time limit)."""
MISTAKES_LISTED = 10
"""The costliest mistakes a session lists."""
CLIENT_COOKIE = "pokerlab_client"
"""The cookie that binds video poker sessions to the browser that started them."""

SESSION_REFUSALS: dict[int | str, dict[str, object]] = {
    404: {"model": Refusal, "description": "No such session (or it expired)"},
    409: {"model": Refusal,
          "description": "Not at this point of the hand: deal before the draw, draw before the next deal"}}


def _dealt(trainer: Trainer) -> Trainer:
    """The trainer, which must have a hand dealt and not yet drawn to."""
    if trainer.hand is None:
        raise FieldError("session", "no hand is dealt: deal first", 409)
    return trainer


def _session_view(session_id: str, trainer: Trainer, credits: int) -> dict[str, object]:
    """The session as the page shows it, from the ``credits`` it started with."""
    summary = trainer.summary()
    # the bet leaves the credits at the deal, as on a machine, though the trainer books it at the draw
    waiting = trainer.coins if trainer.hand is not None else 0
    return {"id": session_id, "paytable": trainer.paytable.name, "coins": trainer.coins,
            "credits": credits + summary.net - waiting, **summary.to_dict()}


def _paytable_view(table: Paytable) -> dict[str, object]:
    coins = range(1, MAX_COINS + 1)
    return {**table.to_dict(), "lines": [{"name": line.value, "label": line.label,
                                          "credits": [table.pay(line, c) * c for c in coins]} for line in table.lines]}


def _client(request: Request) -> str:
    """The client key the request carries (empty if none, which matches no session)."""
    return request.cookies.get(CLIENT_COOKIE, "")


def videopoker_routes(time_limit: float) -> APIRouter:
    """The video poker endpoints, with their own sessions; a request waits at most ``time_limit``
    seconds for a strategy chart.

    >>> len(videopoker_routes(5.0).routes)
    9
    """
    router = APIRouter(tags=["video poker"])
    sessions = SessionStore()

    def view(session_id: str, trainer: Trainer) -> dict[str, object]:
        return _session_view(session_id, trainer, sessions.credits(session_id))
    charts: Background[tuple[str, int], Strategy] = Background(lambda key: strategy(*key))

    @router.get("/api/paytables")
    async def paytables() -> dict[str, object]:
        """The built-in games, each with its lines, best first, and their credits at a bet of 1..5 coins."""
        return {"paytables": [_paytable_view(t) for t in PAYTABLES.values()]}

    @router.post("/api/videopoker/holds")
    def holds(body: HoldsRequest) -> dict[str, object]:
        """All 32 holds of a dealt hand with their exact EV per coin, best first."""
        with blame("hand"):
            evs = hold_evs(body.hand, body.paytable, body.coins)
        return {"hand": body.hand, "holds": [h.to_dict() for h in evs]}

    @router.get("/api/videopoker/strategy",
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

    @router.post("/api/videopoker/sessions")
    def new_session(request: Request, response: Response, body: SessionRequest | None = None) -> dict[str, object]:
        """Start a session: a pay table (built-in or one's own), a bet and the credits to play with
        (no body: the defaults; a page changing the game or the bet carries its credits over). The
        session is bound to this client by a cookie, which later calls must send."""
        body = body or SessionRequest()
        client = _client(request)
        if not client:
            client = new_client_key()
            response.set_cookie(CLIENT_COOKIE, client, httponly=True, samesite="strict", path="/api/videopoker")
        address = request.client.host if request.client else ""
        session_id = sessions.create(body.paytable, body.coins, client, body.seed, address, body.credits,
                                     claimed=bool(_client(request)))
        with sessions.use(session_id, client) as trainer:
            return view(session_id, trainer)

    @router.get("/api/videopoker/sessions/{session_id}", responses=SESSION_REFUSALS)
    def session(session_id: str, request: Request) -> dict[str, object]:
        """The session as it stands, and the hand waiting for its draw (null between hands): a page
        reloaded picks up where it was."""
        with sessions.use(session_id, _client(request)) as trainer:
            hand = None if trainer.hand is None else format_hand(trainer.hand).split()
            return {"hand": hand, "session": view(session_id, trainer)}

    @router.post("/api/videopoker/sessions/{session_id}/deal", responses=SESSION_REFUSALS)
    def deal(session_id: str, request: Request) -> dict[str, object]:
        """Deal five cards, taking the bet; refused while a hand waits for its draw."""
        with sessions.use(session_id, _client(request)) as trainer:
            if trainer.hand is not None:
                raise FieldError("session", "a hand is dealt and not yet drawn to: draw first", 409)
            return {"hand": format_hand(trainer.deal()).split(), "session": view(session_id, trainer)}

    @router.get("/api/videopoker/sessions/{session_id}/holds", responses=SESSION_REFUSALS)
    def session_holds(session_id: str, request: Request) -> dict[str, object]:
        """The advice: every hold of the hand dealt, with its EV per coin, best first."""
        with sessions.use(session_id, _client(request)) as trainer:
            return {"holds": [h.to_dict() for h in _dealt(trainer).holds()]}

    @router.post("/api/videopoker/sessions/{session_id}/draw", responses=SESSION_REFUSALS)
    def draw(session_id: str, body: DrawRequest, request: Request) -> dict[str, object]:
        """Hold the given positions, draw, pay; the result grades the hold against the best."""
        with sessions.use(session_id, _client(request)) as trainer:
            with blame("hold"):
                result = _dealt(trainer).hold(body.hold)
            return {"result": result.to_dict(), "session": view(session_id, trainer)}

    @router.get("/api/videopoker/sessions/{session_id}/mistakes", responses=SESSION_REFUSALS)
    def mistakes(session_id: str, request: Request) -> dict[str, object]:
        """The session's costliest holds, the most EV lost first, each with the best hold and its EV."""
        with sessions.use(session_id, _client(request)) as trainer:
            return {"mistakes": [r.to_dict() for r in trainer.error_log(MISTAKES_LISTED)],
                    "session": view(session_id, trainer)}

    return router
