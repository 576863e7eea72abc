"""Ranges of hands for the games other than hold'em: Omaha's hands and the patterns players use.

>>> r = game_range("AA**", "omaha")  # two aces or more
>>> len(r), r.combos.shape
(6961, (6961, 4))
>>> len(game_range("AAKKds", "omaha")), len(game_range("random", "omaha5").combos)
(6, 0)

The syntax, items separated by commas (a hand in several items keeps its largest weight):

=============================== ==================================================
``AsKsQdJd``                    one hand
``random``, ``any``, ``xxxx``   every hand (dealt from the deck, never listed; as in every game)
``AA**``, ``AAxx``              a rank pattern: two aces and any two cards
``KQJT``, ``AKs**``              ranks, and cards with their suit, in any order
``AA**ds``, ``AKQJss``          double suited (two suits twice each), single suited
``AKQJrainbow``                 (one suit twice, no other twice), rainbow (no suit twice)
``AA**:0.5``                    a weight between 0 and 1
=============================== ==================================================

``*`` or ``x`` stands for any card, so ``AA**`` holds every hand with two aces or more.
A suit shape allows at most two cards of a suit, so five cards are never rainbow and six are
only double suited (two suits twice, two once); a pattern that no hand fits, with its shape
or without, is an error. A pattern names as many cards as the game deals. Ranks are upper or
lower case. An item that cannot be read raises :class:`~pokerlab.errors.InvalidRangeError`
naming the 0-based position and the token, as :mod:`pokerlab.ranges.holdem` does. Short deck takes
the hold'em syntax, read by :func:`two_card_range`: its equity leaves out the combos holding a
card below the six, refuses an item that holds no other (see
:func:`~pokerlab.ranges.holdem.check_items_dealt`), and reads ``top N%`` in short deck's own
order (see :mod:`pokerlab.ranges.orders`).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from pokerlab.cards.notation import RANK_NAMES, RANKS, SUITS, CardsLike, format_cards, parse_cards
from pokerlab.errors import DuplicateCardError, HandSizeError, InvalidRangeError, PlayerCountError, PokerlabError, clip
from pokerlab.games import Game
from pokerlab.games import get as get_game
from pokerlab.ranges.holdem import Range, check_items_dealt, is_random
from pokerlab.ranges.orders import order_of

SUIT_SHAPES = {"ds": "double suited", "ss": "single suited", "rainbow": "rainbow"}
"""The suit qualifiers a pattern may end with."""

MAX_LISTED = 3_000_000
"""The most hands one range may list, its items together (each written once): a pattern with
more (say ``A*****`` in six-card Omaha) is refused, in well under a second; ``random`` is the
way to say any hand."""

_ITEM = re.compile(r"(?P<body>[^:]*?)\s*(?::\s*(?P<weight>[^:]*))?$")
_CARD = re.compile(r"(10|[2-9tjqka])[cdhs]?|[*x]", re.IGNORECASE)


@dataclass(frozen=True)
class GameRange:
    """A player's possible hands in a game: ``combos`` (K, hole cards) uint8, each row's ids
    ascending, with ``weights`` (K,); ``random`` means every hand, dealt from the deck (then
    ``combos`` is empty)."""

    text: str
    combos: np.ndarray = field(repr=False, compare=False)
    weights: np.ndarray = field(repr=False, compare=False)
    random: bool = False

    def __len__(self) -> int:
        return len(self.combos)


def _error(text: str, position: int, token: str, why: str) -> InvalidRangeError:
    return InvalidRangeError(f"{why}: {clip(token)} at position {position}", position=position, token=token,
                             text=text)


@functools.cache
def _rows(n: int) -> np.ndarray:
    """Every set of ``n`` cards (0..4) as rows of ascending ids."""
    return combinations(np.arange(52, dtype=np.uint8), n)


def combinations(cards: np.ndarray, k: int) -> np.ndarray:
    """Every set of ``k`` of ``cards`` (ascending, uint8) as rows, in lexicographic order:
    :func:`itertools.combinations` as one array, built a column at a time with NumPy (a random
    six-card Omaha hand after the flop is six million rows).

    >>> combinations(np.array([3, 5, 8, 9], dtype=np.uint8), 3).tolist()
    [[3, 5, 8], [3, 5, 9], [3, 8, 9], [5, 8, 9]]
    """
    n = len(cards)
    if not 0 <= k <= n:
        return np.zeros((0, max(k, 0)), dtype=np.uint8)
    rows = np.zeros((1, 0), dtype=np.uint8)
    last = np.full(1, -1, dtype=np.int64)  # each row's last position in cards
    for j in range(k):
        # the next position runs from the last one + 1 up to where k - j - 1 positions still fit
        counts = n - k + j - last
        last = np.repeat(last + 1 - (np.cumsum(counts) - counts), counts) + np.arange(int(counts.sum()))
        rows = np.concatenate([np.repeat(rows, counts, axis=0), cards[last][:, None]], axis=1)
    return rows


def _suit_shape_ok(combos: np.ndarray, shape: str) -> np.ndarray:
    """Which hands have the suit shape: ds, ss or rainbow."""
    counts = np.stack([(combos & 3 == s).sum(axis=1) for s in range(4)], axis=1)
    pairs = (counts == 2).sum(axis=1)
    most = counts.max(axis=1)
    if shape == "rainbow":
        return most == 1  # type: ignore[no-any-return]
    return (most == 2) & (pairs == (2 if shape == "ds" else 1))  # type: ignore[no-any-return]


def _tokens(body: str) -> tuple[list[str], int | None]:
    """A pattern's cards, ranks and wildcards, and the position of the first text that is none
    of them (None when all of it reads)."""
    tokens: list[str] = []
    at = 0
    while at < len(body):
        if body[at].isspace():
            at += 1
            continue
        match = _CARD.match(body, at)
        if match is None:
            return tokens, at
        tokens.append(match.group(0))
        at = match.end()
    return tokens, None


def _heads(named: list[tuple[int, int | None]]) -> np.ndarray:
    """The distinct hands of the named part of a pattern, each (rank, suit or None) token one
    card, as rows of ascending ids (one row of no cards when nothing is named; none when the
    tokens name a card twice). The suits come from a template for the pattern's shape (its
    ranks' order and each rank's fixed suits and free cards), made once for every pattern of
    that shape: a range of thousands of items takes each in microseconds.

    >>> _heads([(12, None), (12, 3)]).tolist()  # an ace and the ace of spades
    [[48, 51], [49, 51], [50, 51]]
    """
    by_rank: dict[int, tuple[list[int], int]] = {}
    for rank, suit in named:
        fixed, free = by_rank.get(rank, ([], 0))
        by_rank[rank] = (fixed + [suit], free) if suit is not None else (fixed, free + 1)
    template = _suit_rows(tuple((tuple(fixed), free) for fixed, free in by_rank.values()))
    ranks = [rank for rank, (fixed, free) in by_rank.items() for _ in range(len(fixed) + free)]
    rows: np.ndarray = template + np.array(ranks, dtype=np.uint8) * np.uint8(4)
    rows.sort(axis=1)
    return rows


@functools.lru_cache(maxsize=4096)
def _suit_rows(shape: tuple[tuple[tuple[int, ...], int], ...]) -> np.ndarray:
    """Every choice of suits for a pattern's shape: per rank its fixed suits (distinct, or no
    hand) and as many other suits, ascending, as it has free cards. Rows (T, cards) uint8,
    read only."""
    per_rank: list[list[tuple[int, ...]]] = []
    for fixed, free in shape:
        if len(set(fixed)) < len(fixed):
            per_rank.append([])
            continue
        others = [s for s in range(4) if s not in fixed]
        per_rank.append([(*fixed, *chosen) for chosen in itertools.combinations(others, free)])
    products = [[s for part in choice for s in part] for choice in itertools.product(*per_rank)]
    width = sum(len(fixed) + free for fixed, free in shape)
    rows = np.array(products, dtype=np.uint8).reshape(len(products), width)
    rows.setflags(write=False)
    return rows


def _pattern(text: str, start: int, body: str, n: int) -> np.ndarray:
    """The hands (rows of ascending ids) matching one pattern of ``n`` cards at ``start``."""
    shape = None
    tokens, bad = _tokens(body)
    for suffix in SUIT_SHAPES:
        # no card or rank ends in "ds", "ss" or "rainbow", so such an ending is a shape
        if body.lower().endswith(suffix):
            shorter, shorter_bad = _tokens(body[:-len(suffix)])
            if shorter_bad is None:
                shape, tokens, bad = suffix, shorter, None
                break
    if bad is not None:
        raise _error(text, start + bad, body[bad:], "not a card, a rank, * or a suit shape (ds, ss, rainbow)")
    if len(tokens) != n:
        raise _error(text, start, body, f"a pattern names {n} cards (a rank, a card or * each), got {len(tokens)}")
    named = [(RANKS.index("T" if token[:2] == "10" else token[0].upper()),
              SUITS.index(token[-1].lower()) if token[-1].lower() in SUITS else None)
             for token in tokens if token not in "*xX"]
    wild = n - len(named)
    head_rows = _heads(named)
    if not len(head_rows):
        raise _error(text, start, body, "no hand fits this pattern: it names one card twice")
    rest = _rows(wild) if wild <= 4 else None
    if rest is None or len(head_rows) * len(rest) > MAX_LISTED:
        raise _error(text, start, body, f"this pattern lists too many hands (at most {MAX_LISTED:,}); "
                                        "use random for any hand")
    # every head beside every rest of wildcards that shares no card with it, in one NumPy pass
    # (a pattern of four ranks has 256 heads: a pass each made a 10,000-item range take 47 s)
    if wild:
        pair_head, pair_rest = np.nonzero((hand_masks(head_rows)[:, None] & _rest_masks(wild)[None, :]) == 0)
        combos = np.concatenate([head_rows[pair_head], rest[pair_rest]], axis=1)
    else:
        combos = head_rows
    if shape:
        combos = combos[_suit_shape_ok(combos, shape)]
        if not len(combos):
            raise _error(text, start, body, f"no {n}-card hand fits this pattern {SUIT_SHAPES[shape]} (at most "
                                            "two cards of a suit; ds: two suits twice, ss: one, rainbow: none)")
    return combos


def two_card_range(text: str, game: Game) -> Range:
    """A range of a game of two hole cards, in hold'em's syntax: an item that names no hand of
    the game's deck refused by name (:func:`~pokerlab.ranges.holdem.check_items_dealt`), and
    ``top N%`` read in the game's own order (:func:`~pokerlab.ranges.orders.order_of`).

    >>> from pokerlab.games import HOLDEM, SHORT_DECK
    >>> len(two_card_range("top 10%", HOLDEM)), len(two_card_range("top 10%", SHORT_DECK))
    (134, 58)
    """
    if isinstance(text, str) and game.missing_cards:  # anything else is Range's to refuse
        check_items_dealt(text, game.lowest_rank, game.name)
    return Range(text, order=order_of(game))


def game_range(text: str, game: Game | str) -> GameRange:
    """A range of hands in a game whose players hold more than two cards (Omaha's).

    >>> len(game_range("AAKKds, AAKK:0.5", "omaha"))  # the six double suited ones keep weight 1
    36
    >>> game_range("AAK", "omaha")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidRangeError: a pattern names 4 cards (a rank, a card or * each), got 3: 'AAK' at position 0
    """
    rules = get_game(game)
    if not isinstance(text, str):
        raise InvalidRangeError(f"a range is text, like \"AA**ds\"; got {clip(text)}")
    n = rules.hole_cards
    if is_random(text):
        return GameRange("random", np.zeros((0, n), dtype=np.uint8), np.zeros(0), True)
    # an item written again keeps its largest weight and is listed once: a range of thousands
    # of items often repeats them (listing each "AA**" again took tens of seconds)
    found: dict[str, tuple[np.ndarray, float]] = {}
    listed = 0
    position = 0
    for item in text.split(","):
        start = position + len(item) - len(item.lstrip())
        position += len(item) + 1
        match = _ITEM.match(item.strip())
        assert match is not None  # the pattern matches any text
        body, weight_text = match.group("body"), match.group("weight")
        if not body:
            raise _error(text, start, item or ",", "an empty item")
        weight = 1.0
        if weight_text is not None:
            try:
                weight = float(weight_text)
            except ValueError:
                weight = -1.0
            if not 0 <= weight <= 1:
                at = start + item.strip().index(":") + 1
                raise _error(text, at, weight_text, "a weight is a number from 0 to 1")
        key = "".join(body.split()).lower()
        if key in found:
            hands, heaviest = found[key]
            found[key] = hands, max(heaviest, weight)
            continue
        hands = _pattern(text, start, body, n)
        if rules.lowest_rank and not (hands >> 2 >= rules.lowest_rank).all(axis=1).any():
            # as in short deck hold'em: an item that names no hand of the deck would read as meant
            raise _error(text, start, body, f"{rules.name} deals no card below the {RANK_NAMES[rules.lowest_rank]}, "
                                            "so this item holds no hand")
        listed += len(hands)
        if listed > MAX_LISTED:
            raise _error(text, start, body, f"this range lists too many hands (at most {MAX_LISTED:,} before the "
                                            "ones listed twice are merged); use random for any hand")
        found[key] = hands, weight
    combos = np.sort(np.concatenate([hands for hands, _ in found.values()]), axis=1)
    weights = np.concatenate([np.full(len(hands), weight) for hands, weight in found.values()])
    # a hand listed twice keeps its largest weight: sort by hand, heaviest first, keep the first
    keys = hand_masks(combos)
    order = np.lexsort((-weights, keys))
    first = np.ones(len(order), dtype=bool)
    first[1:] = keys[order][1:] != keys[order][:-1]
    kept = order[first & (weights[order] > 0) & (combos[order, 0] >> 2 >= rules.lowest_rank)]
    return GameRange(text.strip(), combos[kept], weights[kept], False)


@functools.cache
def _rest_masks(n: int) -> np.ndarray:
    """the :func:`hand_masks` of every set of ``n`` cards (:func:`_rows`)."""
    return hand_masks(_rows(n))


def hand_masks(combos: np.ndarray) -> np.ndarray:
    """Each hand's cards (a row of card ids) as a 52-bit mask (uint64).

    >>> hand_masks(np.array([[0, 1], [51, 2]], dtype=np.uint8)).tolist() == [0b11, 2**51 + 4]
    True
    """
    masks = np.zeros(len(combos), dtype=np.uint64)
    for j in range(combos.shape[1]):
        masks |= np.uint64(1) << combos[:, j].astype(np.uint64)
    return masks


PlayerSpec = str | Sequence[int] | GameRange

KnownHand = list[tuple[tuple[int, ...], float]]
"""A known hand as the Omaha engine takes it: one (ascending ids, weight) pair in a list."""


def game_players(game: Game | str, players: Sequence[PlayerSpec | Range], board: CardsLike = (),
                 dead: CardsLike = ()) -> tuple[list[str], list[KnownHand | tuple[np.ndarray, np.ndarray]]]:
    """Each player's label and hands for an Omaha game's equity, as the engine takes them: a
    known hand as one (ids, weight) pair in a list (checked in plain Python, quicker than
    arrays for one hand), a range as (K, hole cards) uint8 rows and their weights (K,), and
    ``random`` (every hand of the cards no one else holds) as empty rows, which the engine deals
    from the deck.
    Known cards may not repeat; a range loses the hands that hold the board's, the dead or a
    known hand's cards.

    >>> labels, hands = game_players("omaha", ["AsKsQdJd", "random"], "2c 3c 4c")
    >>> labels, hands[0], hands[1][0].shape
    (['AsKsQdJd', 'random'], [((37, 41, 47, 51), 1.0)], (0, 4))
    """
    rules = get_game(game)
    if not 2 <= len(players) <= 10:
        raise PlayerCountError(f"equity takes 2 to 10 players, got {len(players)}")
    fixed = [*parse_cards(board), *parse_cards(dead)]
    taken = set(fixed)
    if len(taken) != len(fixed):
        parse_cards(fixed)  # names the duplicate
    parsed = [_player(rules, i, spec) for i, spec in enumerate(players)]
    for i, p in enumerate(parsed):
        for c in sorted(p) if isinstance(p, tuple) else p.combos[0].tolist() if len(p) == 1 else ():
            if c in taken:
                raise DuplicateCardError(f"duplicate card: {format_cards([c])} (player {i + 1})")
            taken.add(c)
    labels = [hand_label(p) if isinstance(p, tuple) else p.text for p in parsed]
    return labels, [[(tuple(sorted(p)), 1.0)] if isinstance(p, tuple) else _range_hands(rules, i, p, taken)
                    for i, p in enumerate(parsed)]


@functools.lru_cache(maxsize=4096)
def hand_label(cards: tuple[int, ...]) -> str:
    """A known hand's label: its cards run together, in the order given (cached: writing them
    out costs a small equity call a few microseconds).

    >>> hand_label((51, 46, 40, 37))
    'AsKhQcJd'
    """
    return format_cards(cards).replace(" ", "")


def _player(rules: Game, i: int, spec: PlayerSpec | Range) -> GameRange | tuple[int, ...]:
    """Player ``i``'s range, or their known hand's ids as given."""
    if isinstance(spec, GameRange):
        return spec
    if isinstance(spec, Range):
        raise InvalidRangeError(f"player {i + 1}: a hold'em Range holds two-card combos; give an {rules.name} "
                                "range as text, like \"AA**ds\"")
    try:
        cards = rules.check_cards(f"player {i + 1}", spec)
    except PokerlabError as error:
        if not isinstance(spec, str) or isinstance(error, DuplicateCardError):
            raise
        try:
            parse_cards(spec)
        except PokerlabError:
            return game_range(spec, rules)
        raise  # cards, one the game's deck leaves out: refused as the deck refuses it
    if len(cards) != rules.hole_cards:
        raise HandSizeError(f"player {i + 1}: an {rules.name} hand has {rules.hole_cards} cards, got "
                            f"{len(cards)} ({format_cards(cards)})")
    return cards


def _range_hands(rules: Game, i: int, p: GameRange, taken: set[int]) -> tuple[np.ndarray, np.ndarray]:
    """Player ``i``'s hands of range ``p`` that hold none of the ``taken`` cards (a single
    hand's were checked against them)."""
    if p.random:  # no rows: dealt from the deck, never listed here
        return p.combos, p.weights
    if len(p) == 1:
        return p.combos, p.weights
    keep = (hand_masks(p.combos) & np.uint64(sum(1 << c for c in taken))) == 0
    if not keep.any():
        raise InvalidRangeError(f"player {i + 1}: range {clip(p.text)} is empty once the board, dead cards and "
                                "other players' cards are removed")
    return p.combos[keep], p.weights[keep]
