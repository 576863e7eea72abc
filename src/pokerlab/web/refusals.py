"""Every 4xx answer in one shape, in the page's words: ``detail`` for a person ("Player 2: ..."),
``errors`` to act on field by field (``field`` the JSON path, ``label`` its name on the page).

>>> import json
>>> json.loads(error_response([("players[1]", "duplicate card: As, already in players[0]")], 422).body)
... # doctest: +NORMALIZE_WHITESPACE
{'detail': 'Player 2: duplicate card: As, already in Player 1',
 'errors': [{'field': 'players[1]', 'label': 'Player 2', 'problem': 'duplicate card: As, already in Player 1'}]}
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from fastapi.responses import JSONResponse

from pokerlab.errors import FieldError, PokerlabError, Superseded

FIELD_LABELS = {"players": "Players", "board": "Board", "dead": "Dead cards", "hand": "Hand", "range": "Range",
                "hold": "Hold", "paytable": "Pay table", "coins": "Coins", "seconds": "Time", "seed": "Seed",
                "game": "Game", "session": "Session", "body": "Request", "request": "Request",
                "opponents": "Opponents", "card": "Card", "four_color": "Four-colour deck", "path": "Address",
                "method": "Method", "by_combo": "By combo"}
"""What each field is called on the pages."""

MAX_FIELD_NAME = 40
"""Longest field name repeated in a refusal: an unknown field's name is whatever the client sent."""

_PLAYER = re.compile(r"\bplayers\[(\d+)\]")


def in_page_words(text: str) -> str:
    """``players[0]`` -> ``Player 1`` wherever it appears in a message.

    >>> in_page_words("duplicate card: As, already in players[0]")
    'duplicate card: As, already in Player 1'
    """
    return _PLAYER.sub(lambda match: f"Player {int(match.group(1)) + 1}", text)


def field_label(field: str) -> str:
    """A field's name on the page: ``players[1]`` -> ``Player 2``, ``hold[0]`` -> ``Hold``.

    >>> field_label("players[1]"), field_label("hold[0]"), field_label("dead"), field_label("trials")
    ('Player 2', 'Hold', 'Dead cards', 'Trials')
    """
    if _PLAYER.match(field):
        return in_page_words(field.split(".")[0])
    name = re.split(r"[\[.]", field, maxsplit=1)[0]
    return FIELD_LABELS.get(name, name.replace("_", " ").capitalize())


_LIBRARY_PLAYER = re.compile(r"player (\d+): ")
"""How the library starts an error about one player (counted from 1)."""


@contextmanager
def blame(field: str, status: int = 422) -> Iterator[None]:
    """Report a library input error raised inside the block against ``field``, or against the
    one player it names when ``field`` is ``players`` (a message that starts with the field's
    name loses it: the refusal names the field already).

    >>> from pokerlab.errors import InvalidRangeError
    >>> with blame("players"):
    ...     raise InvalidRangeError("player 2: range 'AA' is empty")
    Traceback (most recent call last):
    ...
    pokerlab.errors.FieldError: players[1]: range 'AA' is empty
    """
    try:
        yield
    except (FieldError, Superseded):  # named already, or no fault of the input's
        raise
    except PokerlabError as err:
        text = str(err).removeprefix(f"{field}: ")
        player = _LIBRARY_PLAYER.match(text) if field == "players" else None
        if player:
            raise FieldError(f"players[{int(player.group(1)) - 1}]", text[player.end():], status) from err
        raise FieldError(field, text, status) from err


def error_response(errors: list[tuple[str, str]], status: int,
                   headers: Mapping[str, str] | None = None) -> JSONResponse:
    """The refusal: each ``(field, problem)`` with its label, and all of them in words."""
    named = [(field, field_label(field), in_page_words(problem)) for field, problem in errors]
    return JSONResponse(status_code=status, headers=headers, content={
        "detail": "; ".join(f"{label}: {problem}" for _, label, problem in named),
        "errors": [{"field": field, "label": label, "problem": problem} for field, label, problem in named]})


def field_name(location: tuple[str | int, ...]) -> str:
    """A pydantic error location as a field path: ``("body", "players", 1)`` -> ``"players[1]"``.

    >>> field_name(("body", "players", 1)), field_name(("query", "four_color")), field_name(("body", 7))
    ('players[1]', 'four_color', 'body')
    >>> len(field_name(("body", "x" * 60_000)))
    41
    """
    parts = location[1:] if location and location[0] in ("body", "query", "path", "header") else location
    if not parts or isinstance(parts[0], int):  # a JSON syntax error is located by its position
        return "body"
    name = str(parts[0]) or '""'  # an unknown field may be named by the empty string
    for part in parts[1:]:
        name += f"[{part}]" if isinstance(part, int) else f".{part}"
    return name if len(name) <= MAX_FIELD_NAME else name[:MAX_FIELD_NAME] + "…"
