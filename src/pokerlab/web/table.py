"""The cards a request puts on the table, checked against each other and against the game: no
card twice, and every player one the game can deal. The odds, grid and ranges pages share them.

>>> from pokerlab.cards.notation import parse_cards
>>> distinct_at_table(parse_cards("Ks7h2c"), (), ["AsKs", "QdQc"])
Traceback (most recent call last):
...
pokerlab.errors.FieldError: players[0]: duplicate card: Ks, already in board
"""

from __future__ import annotations

from pokerlab.cards.notation import card_name
from pokerlab.errors import FieldError
from pokerlab.games import Game
from pokerlab.web.compute import hole_cards
from pokerlab.web.models import check_player
from pokerlab.web.refusals import blame


def distinct(fields: dict[str, tuple[int, ...]]) -> None:
    """No card in two fields: the error names the later field and the earlier one.

    >>> distinct({"hand": (51, 47), "board": (51,)})
    Traceback (most recent call last):
    ...
    pokerlab.errors.FieldError: board: duplicate card: As, already in hand
    """
    seen: dict[int, str] = {}
    for field, cards in fields.items():
        for card in cards:
            if card in seen:
                raise FieldError(field, f"duplicate card: {card_name(card)}, already in {seen[card]}")
            seen[card] = field


def distinct_at_table(board: tuple[int, ...], dead: tuple[int, ...], players: list[str]) -> None:
    """No card twice among the board, the dead cards and the players' known hands."""
    distinct({"board": board, "dead": dead, **{f"players[{i}]": hole_cards(p) or () for i, p in enumerate(players)}})


def check_players(players: list[str], game: Game) -> None:
    """Every player one the game can deal, a refusal naming the player (``players[1]``)."""
    for i, player in enumerate(players):
        with blame(f"players[{i}]"):
            check_player(player, game)
