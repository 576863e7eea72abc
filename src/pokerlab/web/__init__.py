"""The web app: hand odds on a TV-style table, the odds grid and a video poker trainer.

``pokerlab serve`` runs it; :func:`create_app` builds it for any ASGI server.
"""

from pokerlab.web.app import create_app

__all__ = ["create_app"]
