"""The API page, ``/docs``: Swagger UI from the ``fastapi_offline`` package, started by a script
file rather than an inline script, so the page keeps to the app's Content-Security-Policy.

FastAPI's own page loads Swagger UI from a CDN and starts it with an inline script; ReDoc shows
a logo from another host, so it is not offered.

>>> from fastapi import FastAPI
>>> from fastapi.testclient import TestClient
>>> app = FastAPI(docs_url=None, redoc_url=None)
>>> add_docs(app)
>>> client = TestClient(app)
>>> "<script>" in client.get("/docs").text, client.get(DOCS_SCRIPT).headers["content-type"]
(False, 'text/javascript; charset=utf-8')
"""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

SWAGGER_ASSETS = "/docs-assets"
DOCS_SCRIPT = "/docs-assets/start.js"

_PAGE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pokerlab API</title>
<link rel="icon" href="/cards/As.svg">
<link rel="stylesheet" href="{SWAGGER_ASSETS}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{SWAGGER_ASSETS}/swagger-ui-bundle.js"></script>
<script src="{DOCS_SCRIPT}"></script>
</body>
</html>
"""

_START = """SwaggerUIBundle({
  url: "/openapi.json", dom_id: "#swagger-ui", layout: "BaseLayout", deepLinking: true,
  validatorUrl: null,  // the default badge asks a server elsewhere about the schema
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
"""


def add_docs(app: FastAPI) -> None:
    """Serve the API page at ``/docs`` and its assets under :data:`SWAGGER_ASSETS`."""
    # Starlette's mount routes by prefix, so the start script's route must come before the mount
    @app.get(DOCS_SCRIPT, include_in_schema=False)
    def start_script() -> Response:
        return Response(_START, media_type="text/javascript")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return HTMLResponse(_PAGE)

    assets = Path(fastapi_offline.__file__).parent / "static"
    app.mount(SWAGGER_ASSETS, StaticFiles(directory=assets), name="docs-assets")
