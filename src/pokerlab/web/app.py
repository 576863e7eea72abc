"""The FastAPI app: the pages, the card faces and the JSON API behind them, a router per page.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/cards/As.svg").headers["content-type"]
'image/svg+xml'
>>> client.post("/api/equity", json={"players": ["AsKs", "AsQd"]}).json()["detail"]
'Player 2: duplicate card: As, already in Player 1'
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from pokerlab.errors import FieldError, Superseded, UnknownSessionError
from pokerlab.web.docs import add_docs
from pokerlab.web.grid import grid_routes
from pokerlab.web.guards import Guards
from pokerlab.web.models import Refusal
from pokerlab.web.odds import odds_routes
from pokerlab.web.pages import STATIC, page_routes
from pokerlab.web.ranges import ranges_routes
from pokerlab.web.refusals import error_response, field_name
from pokerlab.web.tournament import tournament_routes
from pokerlab.web.videopoker import videopoker_routes

DEFAULT_TIME_LIMIT = 5.0
"""Seconds any one analysis may take on the server, whatever the request asks for."""

HTTP_ERROR_FIELDS = {400: "body", 404: "path", 405: "method", 413: "body", 415: "body"}
"""What a refusal from the framework itself is about: a body that does not parse, is too large or
is not JSON, an unknown address, a method the address does not take."""


def create_app(time_limit: float = DEFAULT_TIME_LIMIT) -> FastAPI:
    """The app; every analysis is cut to ``time_limit`` seconds (then Monte Carlo answers)."""
    app = FastAPI(title="pokerlab", version="0.1.0", docs_url=None, redoc_url=None,
                  responses={422: {"model": Refusal, "description": "Bad input, named by field"}},
                  description="Poker odds, the odds grid and a video poker trainer. Bad input gets a 4xx "
                              "whose `detail` names the field and the problem.")
    app.add_middleware(Guards)
    add_docs(app)
    _add_refusals(app)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for router in (page_routes(), odds_routes(time_limit), grid_routes(time_limit), ranges_routes(time_limit),
                   videopoker_routes(time_limit), tournament_routes(time_limit)):
        app.include_router(router)
    return app


def _add_refusals(app: FastAPI) -> None:
    """Every refusal in one shape (see :mod:`pokerlab.web.refusals`), whoever raises it."""

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

    @app.exception_handler(Superseded)
    async def superseded(_request: Request, err: Superseded) -> JSONResponse:
        return error_response([("request", str(err))], 409)

    @app.exception_handler(UnknownSessionError)
    async def unknown_session(_request: Request, err: UnknownSessionError) -> JSONResponse:
        return error_response([("session", str(err))], 404)
