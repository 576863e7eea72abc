"""The web app: hand odds on a TV-style table, the odds grid and a video poker trainer.

``pokerlab serve`` runs it; :func:`create_app` builds it for any ASGI server. It needs the
``web`` extra (``pip install pokerlab[web]``); without it, importing this package raises
:class:`~pokerlab.errors.MissingDependencyError` saying so, before any module of it loads.
"""

from pokerlab.extras import require

WEB_MODULES = ("fastapi", "fastapi_offline", "uvicorn")
"""What the ``web`` extra installs and the app imports."""

require(WEB_MODULES, "the web app")

from pokerlab.web.app import create_app  # noqa: E402  (after the check, which names the extra to install)

__all__ = ["WEB_MODULES", "create_app"]
