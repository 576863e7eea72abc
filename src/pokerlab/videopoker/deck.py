"""The cards of a video poker deck: the 52, and in Joker Poker the joker, card id 52, written "Jk".

>>> parse_hand("As Jk Kh 4s 4d"), format_hand((51, JOKER))
((51, 52, 46, 11, 9), 'As Jk')
>>> parse_hand(["Joker", 0, "Kd"])
(52, 0, 45)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from pokerlab.cards.notation import CardsLike, card_name, first_repeat, parse_cards
from pokerlab.errors import DuplicateCardError
from pokerlab.videopoker.kernels import JOKER

__all__ = ["JOKER", "JOKER_NAME", "format_hand", "parse_hand"]  # JOKER is the kernels' id of the joker

JOKER_NAME = "Jk"
_JOKER_TEXT = re.compile(r"(joker|jk)", re.IGNORECASE)  # "jk" is no card: a J is followed by its suit


def _is_joker(item: object) -> bool:
    if isinstance(item, str):
        return _JOKER_TEXT.fullmatch(item.strip()) is not None
    return not isinstance(item, bool) and hasattr(type(item), "__index__") and item == JOKER


def _parse(item: object) -> list[int]:
    """The ids of one item of a hand: text (which may name jokers among the cards), or one id."""
    if _is_joker(item):
        return [JOKER]
    if isinstance(item, str):
        pieces = _JOKER_TEXT.split(item)  # the jokers land at the odd places
        ids: list[int] = []
        for i, piece in enumerate(pieces):
            ids.extend([JOKER] if i % 2 else parse_cards(piece, allow_duplicates=True))
        return ids
    return list(parse_cards([item], allow_duplicates=True))  # type: ignore[list-item]


def parse_hand(cards: CardsLike) -> tuple[int, ...]:
    """Card ids from text, ids, or an iterable of either, as :func:`pokerlab.cards.notation.parse_cards`
    reads them, and the joker as ``Jk``, ``Joker`` (any case) or 52."""
    if isinstance(cards, (tuple, list)) and all(type(c) is int and 0 <= c < JOKER for c in cards):
        return parse_cards(cards)  # ids already: the common case
    items = cards if isinstance(cards, Iterable) and not isinstance(cards, (str, bytes, Mapping)) else [cards]
    ids = [card for item in items for card in _parse(item)]
    repeat = first_repeat(ids)
    if repeat >= 0:
        raise DuplicateCardError(f"duplicate card: {format_hand([repeat])}")
    return tuple(ids)


def format_hand(cards: Iterable[int]) -> str:
    """Card ids as text, separated by spaces, the joker as ``Jk``."""
    return " ".join(JOKER_NAME if card == JOKER else card_name(card) for card in cards)

