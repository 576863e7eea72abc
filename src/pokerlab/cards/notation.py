"""Cards: ids, parsing, formatting and 64-bit masks.

A card id is ``rank * 4 + suit``: rank 0 is a deuce and 12 an ace, suits run clubs,
diamonds, hearts, spades. So ``2c`` is 0 and ``As`` is 51.

>>> parse_cards("As Kd 10h")
(51, 45, 34)
>>> format_cards(parse_cards("a♠k♦"))
'As Kd'
>>> cards_of(mask_of("2c As"))
(0, 51)
>>> Cards("As Ks Qs Js Ts")
Cards('As Ks Qs Js Ts')
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Sequence

import numpy as np

from pokerlab.checks import check_int
from pokerlab.errors import DuplicateCardError, InvalidCardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_NAMES = ("Deuce", "Trey", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")
RANK_PLURALS = ("Deuces", "Treys", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
                "Tens", "Jacks", "Queens", "Kings", "Aces")
SUIT_SYMBOLS = "♣♦♥♠"
DECK = tuple(range(52))
CARD_NAMES = tuple(r + s for r in RANKS for s in SUITS)
"""The name of each card id: ``CARD_NAMES[51] == "As"``."""
ID_TYPES = frozenset({int, *(np.dtype(code).type for code in "bBhHiIlLqQ")})
"""The types a card id may have: ``int`` and NumPy's integers (not ``bool``, not floats)."""

CardsLike = str | int | Iterable[str | int]
"""Anything that names cards: ``"As Kd"``, ``"AsKd"``, ``51``, ``["As", 45]``."""


def card_rank(card: int) -> int:
    """The rank of a card id, 0 (deuce) .. 12 (ace).

    >>> card_rank(51)
    12
    """
    return card_id(card) >> 2


def card_suit(card: int) -> int:
    """The suit of a card id, 0..3 for c, d, h, s.

    >>> card_suit(51)
    3
    """
    return card_id(card) & 3


def card_name(card: int) -> str:
    """The two-character name of a card id.

    >>> card_name(0)
    '2c'
    >>> card_name(-1)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidCardError: a card id must be an int from 0 to 51, got -1
    """
    return CARD_NAMES[card if type(card) is int and 0 <= card < 52 else card_id(card)]


def card_id(value: object) -> int:
    """A card id checked: an int (or NumPy integer) from 0 to 51, never a bool or a float.

    >>> card_id(51)
    51
    >>> card_id(51.0)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidCardError: a card id must be an int from 0 to 51, got 51.0
    """
    if type(value) in ID_TYPES:
        card = operator.index(value)  # type: ignore[arg-type]
        if 0 <= card < 52:
            return card
    raise InvalidCardError(f"a card id must be an int from 0 to 51, got {value!r}")


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


_SYMBOL_NAMES = tuple(r + s for r in RANKS for s in SUIT_SYMBOLS)
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


def _card_of(value: object) -> int:
    """The id of one card given as an id or as text."""
    if isinstance(value, str):
        ids = _parse_text(value)
        if len(ids) != 1:
            raise InvalidCardError(f"expected one card, got {value!r}")
        return ids[0]
    return card_id(value)


def first_repeat(ids: Iterable[int]) -> int:
    """The first card id that ``ids`` holds a second time (-1: none).

    >>> first_repeat([51, 45, 3, 45, 51]), first_repeat([1, 2])
    (45, -1)
    """
    seen: set[int] = set()
    for card in ids:
        if card in seen:
            return card
        seen.add(card)
    return -1


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False, name: str = "") -> tuple[int, ...]:
    """Card ids from text, ids, or an iterable of either; ``name`` (the argument the cards
    came in) begins any refusal.

    Text may separate cards with spaces or commas or run them together, in either case,
    with ``T`` or ``10`` for tens and letters or symbols for suits.

    >>> parse_cards("AsKd")
    (51, 45)
    >>> parse_cards(["10♥", 0])
    (34, 0)
    >>> parse_cards("Xx", name="board")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidCardError: board: unknown card: 'Xx' in 'Xx'
    """
    # one try around it all, in this frame: free unless raised, where a wrapper call would cost
    # the analyses' every call of it
    try:
        ids: Sequence[int]
        if isinstance(cards, str):
            ids = _parse_text(cards)
        elif isinstance(cards, (tuple, list)) and ID_TYPES.issuperset(map(type, cards)) and \
                (not cards or (min(cards) >= 0 and max(cards) < 52)):
            ids = tuple(map(int, cards))  # ids already: the common case, checked in bulk
        elif isinstance(cards, Iterable):
            listed: list[int] = []
            for item in cards:
                if isinstance(item, str):
                    listed.extend(_parse_text(item))
                else:
                    listed.append(card_id(item))
            ids = listed
        else:
            ids = [_card_of(cards)]
        if not allow_duplicates and len(set(ids)) != len(ids):
            raise DuplicateCardError(f"duplicate card: {card_name(first_repeat(ids))}")
        return tuple(ids)
    except (InvalidCardError, DuplicateCardError) as error:
        if not name:
            raise
        raise type(error)(f"{name}: {error}") from None


def format_cards(cards: Iterable[int], *, symbols: bool = False) -> str:
    """Card ids as text, separated by spaces.

    >>> format_cards((51, 45))
    'As Kd'
    >>> format_cards((51, 45), symbols=True)
    'A♠ K♦'
    >>> format_cards([52])
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidCardError: a card id must be an int from 0 to 51, got 52
    """
    names = _SYMBOL_NAMES if symbols else CARD_NAMES
    return " ".join([names[c if type(c) is int and 0 <= c < 52 else card_id(c)] for c in cards])


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
    mask = check_int("mask", mask, low=0)
    if mask >> 52:
        raise InvalidCardError(f"card mask {mask:#x} has bits outside the 52 cards")
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


class Cards(tuple[int, ...]):
    """Cards as ids that read as text: a tuple of card ids whose ``str`` names the cards.

    It takes anything :func:`parse_cards` takes, and compares, hashes and indexes like the
    tuple of its ids.

    >>> hand = Cards("As Ks Qs Js Ts")
    >>> hand, str(hand), hand.text
    (Cards('As Ks Qs Js Ts'), 'As Ks Qs Js Ts', 'As Ks Qs Js Ts')
    >>> hand == (51, 47, 43, 39, 35), hand[0]
    (True, 51)
    """

    __slots__ = ()

    def __new__(cls, cards: CardsLike = ()) -> Cards:
        return super().__new__(cls, parse_cards(cards))

    @classmethod
    def of_valid_ids(cls, ids: Iterable[int]) -> Cards:
        """Cards from ids already known to be valid and distinct (a kernel's output), unchecked:
        checking them again would cost an iterator of hands most of its time.

        >>> Cards.of_valid_ids([51, 47])
        Cards('As Ks')
        """
        return tuple.__new__(cls, ids)

    @property
    def text(self) -> str:
        """The cards as text, separated by spaces: ``'As Ks'``."""
        return " ".join([CARD_NAMES[c] for c in self])

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Cards({self.text!r})"
