"""The web app: hand odds on a TV-style table, the odds grid and a video poker trainer.

``pokerlab serve`` runs it; :func:`create_app` builds it for any ASGI server. It needs the
``web`` extra (``pip install pokerlab[web]``); without it, importing this package raises
:class:`~pokerlab.errors.MissingDependencyError` saying so, before any module of it loads.
"""

from pokerlab.extras import modules_of, require

require(modules_of("web"), "the web app")

from pokerlab.web.app import create_app  # noqa: E402  (after the check, which names the extra to install)

__all__ = ["create_app"]
