"""Cards: ids, parsing, formatting and 64-bit masks.

A card id is ``rank * 4 + suit``: rank 0 is a deuce and 12 an ace, suits run clubs,
diamonds, hearts, spades. So ``2c`` is 0 and ``As`` is 51.

>>> parse_cards("As Kd 10h")
(51, 45, 34)
>>> format_cards(parse_cards("a♠k♦"))
'As Kd'
>>> cards_of(mask_of("2c As"))
(0, 51)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Union

from pokerlab.errors import DuplicateCardError, InvalidCardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_NAMES = ("Deuce", "Trey", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")
RANK_PLURALS = ("Deuces", "Treys", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
                "Tens", "Jacks", "Queens", "Kings", "Aces")
SUIT_SYMBOLS = "♣♦♥♠"
DECK = tuple(range(52))

CardsLike = Union[str, int, Iterable[str | int]]
"""Anything that names cards: ``"As Kd"``, ``"AsKd"``, ``51``, ``["As", 45]``."""


def card_rank(card: int) -> int:
    """The rank of a card id, 0 (deuce) .. 12 (ace).

    >>> card_rank(51)
    12
    """
    return card >> 2


def card_suit(card: int) -> int:
    """The suit of a card id, 0..3 for c, d, h, s.

    >>> card_suit(51)
    3
    """
    return card & 3


def card_name(card: int) -> str:
    """The two-character name of a card id.

    >>> card_name(0)
    '2c'
    """
    return RANKS[card >> 2] + SUITS[card & 3]


def _token_table() -> dict[str, int]:
    """Every spelling of every card that a token may take, mapped to its id."""
    rank_spellings = {r: [ch, ch.lower()] for r, ch in enumerate(RANKS)}
    rank_spellings[8] += ["10"]
    suit_spellings = {s: [ch, ch.upper(), SUIT_SYMBOLS[s]] for s, ch in enumerate(SUITS)}
    for s, sym in enumerate("♧♢♡♤"):
        suit_spellings[s].append(sym)
    return {
        r_text + s_text: rank * 4 + suit
        for rank, r_texts in rank_spellings.items()
        for suit, s_texts in suit_spellings.items()
        for r_text in r_texts
        for s_text in s_texts
    }


_TOKENS = _token_table()
_CARD_TEXT = re.compile(r"\s*(10|[2-9tjqka])\s*([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE)


_PARSED: dict[str, tuple[int, ...]] = {}
"""Texts already parsed: the same hands and boards come back again and again."""


def _parse_text(text: str) -> tuple[int, ...]:
    """Card ids in a piece of text, split on spaces and commas or run together."""
    ids = _PARSED.get(text)
    if ids is None:
        ids = tuple(_parse_new_text(text))
        if len(_PARSED) < 4096:
            _PARSED[text] = ids
    return ids


def _parse_new_text(text: str) -> list[int]:
    tokens = text.replace(",", " ").split()
    try:
        return [_TOKENS[token] for token in tokens]
    except KeyError:
        pass
    ids: list[int] = []
    for token in tokens:
        if token in _TOKENS:
            ids.append(_TOKENS[token])
            continue
        pos = 0
        while pos < len(token):
            match = _CARD_TEXT.match(token, pos)
            if match is None:
                raise InvalidCardError(f"unknown card: {token[pos:pos + 3]!r} in {text!r}")
            ids.append(_TOKENS[match.group(1) + match.group(2)])
            pos = match.end()
    return ids


def _card_id(value: object) -> int:
    """The id of one card given as an int or a string."""
    if isinstance(value, str):
        ids = _parse_text(value)
        if len(ids) != 1:
            raise InvalidCardError(f"expected one card, got {value!r}")
        return ids[0]
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise InvalidCardError(f"unknown card: {value!r}")
    card = value.__index__()  # type: ignore[attr-defined]
    if not 0 <= card < 52:
        raise InvalidCardError(f"unknown card: id {card} is outside 0..51")
    return card


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> tuple[int, ...]:
    """Card ids from text, ids, or an iterable of either.

    Text may separate cards with spaces or commas or run them together, in either case,
    with ``T`` or ``10`` for tens and letters or symbols for suits.

    >>> parse_cards("AsKd")
    (51, 45)
    >>> parse_cards(["10♥", 0])
    (34, 0)
    >>> parse_cards("Xx")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidCardError: unknown card: 'Xx' in 'Xx'
    """
    if isinstance(cards, str):
        ids = _parse_text(cards)
    elif isinstance(cards, Iterable):
        ids = []
        for item in cards:
            if isinstance(item, str):
                ids.extend(_parse_text(item))
            else:
                ids.append(_card_id(item))
    else:
        ids = [_card_id(cards)]
    if not allow_duplicates and len(set(ids)) != len(ids):
        seen: set[int] = set()
        for card in ids:
            if card in seen:
                raise DuplicateCardError(f"duplicate card: {card_name(card)}")
            seen.add(card)
    return tuple(ids)


def format_cards(cards: Iterable[int], *, symbols: bool = False) -> str:
    """Card ids as text, separated by spaces.

    >>> format_cards((51, 45))
    'As Kd'
    >>> format_cards((51, 45), symbols=True)
    'A♠ K♦'
    """
    if symbols:
        return " ".join(RANKS[c >> 2] + SUIT_SYMBOLS[c & 3] for c in cards)
    return " ".join(card_name(c) for c in cards)


def mask_of(cards: CardsLike) -> int:
    """The 64-bit mask with bit ``id`` set for each card.

    >>> mask_of("2c 2d")
    3
    """
    mask = 0
    for card in parse_cards(cards):
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> tuple[int, ...]:
    """The card ids whose bits are set in a mask, lowest first.

    >>> cards_of(0b101)
    (0, 2)
    """
    if mask < 0 or mask >> 52:
        raise InvalidCardError(f"card mask {mask:#x} has bits outside the 52 cards")
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)
