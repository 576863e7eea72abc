"""The public evaluation API: one hand, many hands, best five, showdowns.

>>> r = evaluate("As Ks Qs Js Ts 2c 3d")
>>> r, r.kev_class, r.category.label
(HandRank(7462, 'Royal Flush'), 1, 'Straight Flush')
>>> evaluate("Ah Ad 7c 7s Kd").describe()
'Two Pair, Aces and Sevens with a King kicker'
>>> best_five("2c 3d 4h 5s 9c Ac Kd")
Cards('5s 4h 3d 2c Ac')

One hand is evaluated in plain Python over the same tables the kernels use: a Numba call
costs about a microsecond before it does anything, which is all a single hand needs.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, overload

import numpy as np

from pokerlab.cards.notation import Cards, CardsLike, card_name, format_cards, parse_cards
from pokerlab.checks import check_list
from pokerlab.errors import DuplicateCardError, HandSizeError, InvalidArgumentError, InvalidCardError, PlayerCountError
from pokerlab.rankings.category import STRENGTH_COUNT, HandCategory
from pokerlab.rankings.hand_rank import HandRank, describe_value
from pokerlab.rankings.tables import (
    EMPTY_KEY,
    FLUSH_BITS,
    HASH_MULTIPLIER,
    HASH_SHIFT,
    KEY_BITS,
    RANK_WEIGHTS,
    load_tables,
)

if TYPE_CHECKING:
    from pokerlab.games import Game, GameRank

__all__ = ["HandRank", "best_five", "describe_value", "evaluate", "evaluate_many", "winners"]


# --- one hand, in plain Python ---------------------------------------------------------------
# Each card packs its rank weight (bits 0..31), a one in its suit's counter (bits 32..47) and
# its own bit at 64 + 16 * suit + rank. Summing a hand's cards gives the rank key, the suit
# counts and the cards of each suit at once; a repeated card makes the card bits carry, so
# the hand is valid exactly when those bits number as many as the cards.

_PACKED = {c: RANK_WEIGHTS[c >> 2] | 1 << (32 + 4 * (c & 3)) | 1 << (64 + 16 * (c & 3) + (c >> 2))
           for c in range(52)}
_TABLES = load_tables()
_RANK: list[int] = _TABLES.rank.tolist()
_OFFSETS: list[int] = _TABLES.offsets.tolist()
_FLUSH: list[int] = _TABLES.flush.tolist()
_KEY_MASK = (1 << KEY_BITS) - 1
_PACKED_ITEM = _PACKED.__getitem__
_TEXT_CACHE: dict[str, tuple[int, ...]] = {}
"""Parsed hands by their text: evaluating the same string again skips the parser."""
_HAND_RANKS: tuple[HandRank, ...] = (None, *(HandRank(s) for s in range(1, STRENGTH_COUNT + 1)))  # type: ignore[arg-type]
"""Each strength's HandRank, made once, by strength (0, no hand, is never read)."""


def _checked_ids(cards: CardsLike) -> tuple[int, ...]:
    ids = parse_cards(cards)
    if not 5 <= len(ids) <= 9:
        raise HandSizeError(f"a hand needs 5 to 9 cards, got {len(ids)}: {format_cards(ids)!r}")
    return ids


@overload
def evaluate(cards: CardsLike) -> HandRank: ...
@overload
def evaluate(cards: CardsLike, *, game: Game | str) -> HandRank | GameRank: ...


def evaluate(cards: CardsLike, *, game: Game | str | None = None) -> HandRank | GameRank:
    """The strength of the best five-card hand among 5 to 9 cards.

    ``game`` (a :class:`~pokerlab.games.Game` or its name) ranks the cards by that game's
    rules: in short deck the first two cards are the hole cards and the rest the board; the
    lowball games take their five to seven cards and give a
    :class:`~pokerlab.games.GameRank`. Omaha's hands need the hole cards apart: use
    ``pl.games.OMAHA.evaluate(hole, board)``.

    >>> evaluate((51, 47, 43, 39, 35, 0, 5))
    HandRank(7462, 'Royal Flush')
    >>> evaluate("7h 5d 4c 3s 2h").kev_class
    7462
    >>> evaluate("Ah 9d 8c 7s 6h", game="short-deck").describe()
    'Straight, Nine High'
    >>> evaluate([True, 47, 43, 39, 35])
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidCardError: a card id must be an int from 0 to 51, got True
    """
    if game is not None:
        return _evaluate_in(cards, game)
    # The common case, a tuple or list of 5..7 ints, is the one lookup over the tables in
    # Python (the kernels' is strength_of_key), inlined: at a microsecond a call, a function
    # call would be a tenth of the time. A bool or a float would pass for the int it equals:
    # a float makes the ids' sum a float, and a bool can only pass for 2c (0) or 2d (1), so
    # only a hand holding one of those looks at which object it is. Anything else, and a hand
    # whose lookup finds an unknown or repeated card, goes through parse_cards, which says
    # what is wrong; the ids it returns come back here.
    if type(cards) is tuple or type(cards) is list or type(cards) is Cards:
        n = len(cards)
        if 5 <= n <= 7:
            try:
                total = sum(map(_PACKED_ITEM, cards), EMPTY_KEY) if type(sum(cards)) is int else 0
            except (KeyError, TypeError):
                total = 0
            bits = total >> 64  # the cards' own bits: 2c is bit 0, 2d bit 16
            if bits.bit_count() == n and not (bits & 1 and cards[cards.index(0)] is False) \
                    and not (bits & 0x10000 and cards[cards.index(1)] is True):
                suits = total >> 32 & FLUSH_BITS
                if suits:  # bit 4 * suit + 3 is set: the flush suit's cards sit at 64 + 16 * suit
                    return _HAND_RANKS[_FLUSH[total >> (16 * (suits.bit_length() >> 2) + 48) & 0x1FFF]]
                mixed = (total & 0xFFFFFFFF) * HASH_MULTIPLIER & _KEY_MASK
                return _HAND_RANKS[_RANK[mixed + _OFFSETS[mixed >> HASH_SHIFT]]]
    elif type(cards) is str:
        ids = _TEXT_CACHE.get(cards)
        if ids is None:
            ids = _checked_ids(cards)
            if len(_TEXT_CACHE) < 4096:
                _TEXT_CACHE[cards] = ids
        return evaluate(ids)
    ids = _checked_ids(cards)
    if len(ids) <= 7:
        return evaluate(ids)
    return max(map(evaluate, itertools.combinations(ids, 7)))


def _evaluate_in(cards: CardsLike, game: Game | str) -> HandRank | GameRank:
    """One hand by a game's rules (see :func:`evaluate`)."""
    from pokerlab.games import get  # the games build on this module

    rules = get(game)
    if rules.hole_used:
        raise InvalidArgumentError(f"game: an {rules.name} hand is exactly {rules.hole_used} hole cards and "
                                   f"{5 - rules.hole_used} board cards; use pokerlab.games.get({rules.name!r})"
                                   ".evaluate(hole, board)")
    if rules.name == "holdem":
        return evaluate(cards)
    ids = rules.check_cards("cards", cards)
    if not rules.board_cards:
        return rules.evaluate(ids)
    least, most = rules.hole_cards + 3, rules.hole_cards + rules.board_cards
    if not least <= len(ids) <= most:  # named here: split into hole and board, the board would take the blame
        raise HandSizeError(f"cards: a {rules.name} hand is {rules.hole_cards} hole cards, then 3 to "
                            f"{rules.board_cards} board cards ({least} to {most} in all); got {len(ids)}")
    return rules.evaluate(ids[:rules.hole_cards], ids[rules.hole_cards:])


def best_five(cards: CardsLike) -> Cards:
    """The five cards that make the hand, most significant first, as :class:`~pokerlab.cards.notation.Cards`.

    Groups come first (the trips of a full house before its pair), then ranks high to low;
    a five-high straight ends with its ace.

    >>> best = best_five("Kh Kd 7s 7c 7d 2s Ah")
    >>> best, best.text, tuple(best)
    (Cards('7s 7d 7c Kh Kd'), '7s 7d 7c Kh Kd', (23, 21, 20, 46, 45))
    """
    ids = _checked_ids(cards)
    target = evaluate(ids)
    five = next(c for c in itertools.combinations(ids, 5) if evaluate(c) == target)
    counts = [sum(1 for c in five if c >> 2 == r) for r in range(13)]
    ordered = sorted(five, key=lambda c: (counts[c >> 2], c >> 2, c & 3), reverse=True)
    if target.category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH) and \
            ordered[0] >> 2 == 12 and ordered[1] >> 2 == 3:
        ordered = ordered[1:] + ordered[:1]
    return Cards.of_valid_ids(ordered)


def winners(hands: Sequence[CardsLike], board: CardsLike = ()) -> list[int]:
    """Indices of the players whose hands win a showdown on a board (ties give several).

    Each hand and the board together make 5 to 9 cards, and no card may appear twice.

    >>> winners(["Ah Kh", "Qs Qd"], "Qh 7h 3h 2c 9s")
    [0]
    >>> winners("Ah Kh Qs Qd", "Qh 7h 3h 2c 9s")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: hands must be a list of hands, like ["AsKs", "QdQc"]; got ...
    """
    players = check_list("hands", hands)
    if not players:
        raise PlayerCountError("a showdown needs at least one hand, got none")
    board_ids = parse_cards(board, name="board")
    hand_ids = [parse_cards(hand, name=f"hand {i + 1}") for i, hand in enumerate(players)]  # type: ignore[arg-type]
    parse_cards([c for hand in hand_ids for c in hand] + list(board_ids))  # no card twice
    strengths = [evaluate(hand + board_ids) for hand in hand_ids]
    best = max(strengths)
    return [i for i, s in enumerate(strengths) if s == best]


def evaluate_many(cards: np.ndarray, *, validate: bool = True, out: np.ndarray | None = None) -> np.ndarray:
    """Strengths (uint16) of each row of an (N, 5), (N, 6) or (N, 7) array of card ids.

    Any integer dtype will do; uint8 is the fastest. Rows run in parallel on all Numba
    threads (see :func:`pokerlab.numba_runtime.threads`). ``validate`` (on by default, a small
    share of the time) refuses ids outside 0..51 and repeated cards, naming the first row
    that holds one. Turn it off only for rows known to be valid hands: every lookup stays
    within the tables, but an invalid row gets a meaningless strength.

    ``out``, a writable contiguous (N,) uint16 array apart from ``cards``, receives the
    strengths and is returned: a caller that evaluates batch after batch allocates it once.
    When a row is refused, ``out`` has been written all the same.

    >>> evaluate_many(np.array([[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]], dtype=np.uint8))
    array([7462, 7297], dtype=uint16)
    >>> strengths = np.empty(2, dtype=np.uint16)
    >>> evaluate_many(np.array([[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]]), out=strengths) is strengths
    True
    >>> evaluate_many(np.array([[51, 47, 43, 39, 52]]))
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidCardError: row 0: a card id must be an int from 0 to 51, got 52 in [51, 47, 43, 39, 52]
    >>> evaluate_many(np.array([[51, 47, 43, 39, 35]]), out=np.empty(1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: out must be a writable contiguous uint16 array of shape (1,), got float64...
    """
    if not isinstance(validate, bool):
        raise InvalidArgumentError(f"validate must be True or False, got {validate!r}")
    array = cards if isinstance(cards, np.ndarray) else np.asarray(cards)
    if array.dtype.kind not in "iu":
        raise InvalidCardError(f"card ids must be integers, got an array of dtype {array.dtype}")
    if array.ndim != 2 or not 5 <= array.shape[1] <= 7:
        raise HandSizeError(f"evaluate_many takes an (N, 5..7) array, got shape {array.shape}")
    if out is not None:
        # the kernel is compiled for one output type: any other would compile anew, or be refused by Numba
        wanted = f"out must be a writable contiguous uint16 array of shape ({len(array)},)"
        if not isinstance(out, np.ndarray):
            raise InvalidArgumentError(f"{wanted}, got {type(out).__name__}")
        if out.dtype != np.uint16 or not out.dtype.isnative or out.shape != (len(array),):
            raise InvalidArgumentError(f"{wanted}, got {'' if out.dtype.isnative else 'byte-swapped '}"
                                       f"{out.dtype.name} of shape {out.shape}")
        if not out.flags.c_contiguous or not out.flags.writeable:
            raise InvalidArgumentError(f"{wanted}, got a {'strided' if out.flags.writeable else 'read-only'} one")
        if np.may_share_memory(out, array):
            raise InvalidArgumentError(f"{wanted}, got one that shares memory with cards")
    if not array.dtype.isnative:  # Numba reads native byte order only
        array = array.astype(array.dtype.newbyteorder("="))
    from pokerlab.rankings.lookup import evaluate_rows  # Numba loads on first batch use, not on import

    t = _TABLES
    strengths, first_bad = evaluate_rows(array, t.card_key, t.card_words, t.rank, t.offsets, t.flush, validate, out)
    if first_bad < len(array):
        _raise_bad_row(array, int(first_bad))
    return strengths


def _raise_bad_row(array: np.ndarray, row: int) -> None:
    ids = array[row].tolist()
    for card in ids:
        if not 0 <= card < 52:
            raise InvalidCardError(f"row {row}: a card id must be an int from 0 to 51, got {card} in {ids}")
    repeated = next(c for c in ids if ids.count(c) > 1)
    raise DuplicateCardError(f"row {row}: duplicate card: {card_name(repeated)} in {ids}")
