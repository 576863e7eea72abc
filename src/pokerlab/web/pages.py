"""The pages themselves and the card faces they show: each page is the shared layout around its
own ``<main>``, and a card face is SVG drawn on the server.

>>> from fastapi import FastAPI
>>> from fastapi.testclient import TestClient
>>> app = FastAPI()
>>> app.include_router(page_routes())
>>> client = TestClient(app)
>>> client.get("/cards/As.svg").headers["content-type"], "/static/grid.js" in client.get("/grid").text
('image/svg+xml', True)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import lru_cache
from pathlib import Path
from string import Template

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from pokerlab.cards.svg import card_svg
from pokerlab.web.models import Refusal
from pokerlab.web.refusals import blame

STATIC = Path(__file__).parent / "static"

PAGES = {"/": ("odds", "Hand odds"), "/odds": ("odds", "Hand odds"), "/grid": ("grid", "Odds grid"),
         "/ranges": ("ranges", "Ranges"), "/videopoker": ("videopoker", "Video poker"),
         "/tournament": ("tournament", "Tournament")}
"""Route -> (page, title): static/{page}.html is the page's <main>, static/{page}.js its script."""


def page_routes() -> APIRouter:
    """Every page, and the card faces."""
    router = APIRouter()
    for route, (page, title) in PAGES.items():
        router.add_api_route(route, _page_endpoint(_page(page, title)), include_in_schema=False)

    # What takes microseconds (pages, card faces) is async, answered on the event loop without
    # waiting for a thread behind the analyses.
    @router.get("/cards/{card}.svg", tags=["cards"], response_class=Response,
                responses={200: {"content": {"image/svg+xml": {}}},
                           404: {"model": Refusal, "description": "No such card"}})
    async def card(card: str, four_color: bool = False) -> Response:
        """A card face (``As``, ``Td``, ``10h``) or ``back``, drawn as SVG."""
        with blame("card", 404):
            svg = _svg(card, four_color)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    return router


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
