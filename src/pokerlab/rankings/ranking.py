"""Rankings other than hold'em's: short deck, Triton short deck, deuce-to-seven, ace-to-five
and the eight-or-better low, each generated from a plain reference evaluator below.

A :class:`Ranking` gives every hand class a strength (1 = the weakest, higher wins) and
lays it out for the hold'em lookup (:func:`pokerlab.rankings.lookup.strength_of_key`):
the rank table sits behind the same perfect hash as hold'em's (a short deck's rank
multisets are some of hold'em's), the flush table is indexed by the flush suit's ranks, and
the card tables leave out the cards a deck does not hold. So every hold'em kernel evaluates
these games unchanged, given these tables.

>>> r = ranking("short-deck")
>>> len(r.values), r.values[-1]  # 1,404 classes: the royal flush on top
(1404, (<HandCategory.STRAIGHT_FLUSH: 8>, (12,)))
>>> r.values[0]  # J-9-8-7-6: T-9-8-7-6 would be a straight
(<HandCategory.HIGH_CARD: 0>, (9, 7, 6, 5, 4))
>>> r.categories.index(HandCategory.FLUSH) > r.categories.index(HandCategory.FULL_HOUSE)
True

For the lows, a strength also rises with the hand's quality: the best deuce-to-seven hand,
7-5-4-3-2, is strength 7,462, and the best ace-to-five hand, 5-4-3-2-A, 6,175.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from pokerlab.rankings.category import HandCategory
from pokerlab.rankings.tables import (
    EMPTY_KEY,
    FLUSH_BITS,
    HASH_SHIFT,
    RANK_WEIGHTS,
    Tables,
    Value,
    best_value_of_counts,
    best_value_of_flush,
    class_values,
    load_tables,
    mixed_key,
    rank_multisets,
)

SHORT_DECK_LOWEST_RANK = 4
"""A short deck runs from the sixes (rank 4) to the aces: 36 cards."""

ACE = 12
EIGHT = 6

STANDARD_ORDER = tuple(HandCategory)
SHORT_DECK_ORDER = (HandCategory.HIGH_CARD, HandCategory.PAIR, HandCategory.TWO_PAIR, HandCategory.THREE_OF_A_KIND,
                    HandCategory.STRAIGHT, HandCategory.FULL_HOUSE, HandCategory.FLUSH,
                    HandCategory.FOUR_OF_A_KIND, HandCategory.STRAIGHT_FLUSH)
"""Short deck's categories, weakest first: a flush is rarer than a full house with 36 cards."""
TRITON_ORDER = (HandCategory.HIGH_CARD, HandCategory.PAIR, HandCategory.TWO_PAIR, HandCategory.STRAIGHT,
                HandCategory.THREE_OF_A_KIND, HandCategory.FULL_HOUSE, HandCategory.FLUSH,
                HandCategory.FOUR_OF_A_KIND, HandCategory.STRAIGHT_FLUSH)
"""Triton's short deck also puts three of a kind above a straight."""
LOW_ORDER = (HandCategory.FOUR_OF_A_KIND, HandCategory.FULL_HOUSE, HandCategory.THREE_OF_A_KIND,
             HandCategory.TWO_PAIR, HandCategory.PAIR, HandCategory.HIGH_CARD)
"""Ace-to-five's categories, worst first: straights and flushes do not count."""


@dataclass(frozen=True, eq=False)
class Ranking:
    """One way to rank hands: the class behind each strength, and the tables the kernels read.

    ``values[s - 1]`` is the class of strength ``s`` as (category, ranks in order of
    significance, rank 0 = deuce .. 12 = ace); ``categories`` lists the categories weakest
    first; ``cards`` is how many cards a hand may have (the tables hold nothing else).
    """

    name: str
    values: tuple[Value, ...]
    categories: tuple[HandCategory, ...]
    tables: Tables = field(repr=False)
    cards: tuple[int, ...]

    def strength(self, cards: Sequence[int]) -> int:
        """One hand's strength in plain Python, from valid card ids (as many as :attr:`cards`
        allows): a Numba call would cost more than the lookup.

        >>> ranking("short-deck").strength([51, 47, 43, 39, 35])
        1404
        """
        keys, masks, rank, offsets, flush = self._lookups
        key = EMPTY_KEY
        mask = 0
        for c in cards:
            key += keys[c]
            mask |= masks[c]
        suits = key >> 32 & FLUSH_BITS
        if suits:  # the nibble of the suit with five or more: its ranks are the mask's 13 bits there
            return flush[mask >> 16 * ((suits.bit_length() >> 2) - 1) & 0x1FFF]
        mixed = mixed_key(key & 0xFFFFFFFF)
        return rank[mixed + offsets[mixed >> HASH_SHIFT]]

    @functools.cached_property
    def _lookups(self) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
        """The tables as Python lists, for :meth:`strength`: indexing one costs less than a NumPy
        array's item and its conversion."""
        t = self.tables
        return t.card_key.tolist(), t.card_mask.tolist(), t.rank.tolist(), t.offsets.tolist(), t.flush.tolist()

    @functools.cached_property
    def category_index(self) -> np.ndarray:
        """Each strength's category (0..8, index 0 unused), int64 for the equity kernels, which
        count showdowns by category."""
        return np.array([0] + [c for c, _ in self.values], dtype=np.int64)

    @functools.cached_property
    def category_order(self) -> np.ndarray:
        """Each category's place in :attr:`categories` (0 the weakest), int64 for the kernels."""
        return np.array([self.categories.index(c) for c in HandCategory], dtype=np.int64)


CODE_POWERS = tuple(5 ** r for r in range(13))
"""A hand's rank code counts each rank in base 5 (at most four of a rank)."""


def rank_code(counts: Sequence[int]) -> int:
    """A hand given as counts per rank as one int: a card of rank r adds 5 ** r.

    >>> rank_code([2] + [0] * 11 + [1])  # two deuces and an ace
    244140627
    """
    return sum(n * p for n, p in zip(counts, CODE_POWERS))


# --- the reference evaluators ----------------------------------------------------------------

def short_deck_straight_top(ranks: set[int]) -> int | None:
    """The top rank of the best straight among distinct short-deck ranks, or None; the ace
    also plays low, below the six, so A-6-7-8-9 tops at the nine (rank 7).

    >>> short_deck_straight_top({12, 4, 5, 6, 7})
    7
    """
    for top in range(ACE, SHORT_DECK_LOWEST_RANK + 3, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    if {ACE, 4, 5, 6, 7} <= ranks:
        return 7
    return None


def short_deck_value_of_five(counts: Sequence[int]) -> Value:
    """The class of five short-deck cards of different suits, given as counts per rank.

    >>> short_deck_value_of_five([0] * 4 + [1, 1, 1, 1] + [0] * 4 + [1])  # A-6-7-8-9
    (<HandCategory.STRAIGHT: 4>, (7,))
    """
    desc = [r for r in range(12, -1, -1) if counts[r]]
    if len(desc) == 5:
        top = short_deck_straight_top(set(desc))
        if top is not None:
            return HandCategory.STRAIGHT, (top,)
    return best_value_of_counts(counts)  # the groups read the same with 36 cards as with 52


def short_deck_value_of_flush(rank_mask: int) -> Value:
    """The class of five suited short-deck cards, given as a 13-bit rank mask.

    >>> short_deck_value_of_flush(0b1_0000_1111_0000)  # A-6-7-8-9 suited
    (<HandCategory.STRAIGHT_FLUSH: 8>, (7,))
    """
    top = short_deck_straight_top({r for r in range(13) if rank_mask >> r & 1})
    if top is not None:
        return HandCategory.STRAIGHT_FLUSH, (top,)
    return best_value_of_flush(rank_mask)


def deuce_to_seven_value_of_five(counts: Sequence[int]) -> Value:
    """The class of five cards of different suits in deuce-to-seven: aces are only high, so
    A-5-4-3-2 is no straight.

    >>> deuce_to_seven_value_of_five([1, 1, 1, 1] + [0] * 8 + [1])
    (<HandCategory.HIGH_CARD: 0>, (12, 3, 2, 1, 0))
    """
    value = best_value_of_counts(counts)
    if value == (HandCategory.STRAIGHT, (3,)):
        return HandCategory.HIGH_CARD, (12, 3, 2, 1, 0)
    return value


def deuce_to_seven_value_of_flush(rank_mask: int) -> Value:
    """The class of five suited cards in deuce-to-seven.

    >>> deuce_to_seven_value_of_flush(0b1_0000_0000_1111)
    (<HandCategory.FLUSH: 5>, (12, 3, 2, 1, 0))
    """
    value = best_value_of_flush(rank_mask)
    if value == (HandCategory.STRAIGHT_FLUSH, (3,)):
        return HandCategory.FLUSH, (12, 3, 2, 1, 0)
    return value


def low_rank(rank: int) -> int:
    """A rank's place when aces are low: ace 0, deuce 1 .. king 12.

    >>> low_rank(12), low_rank(0)
    (0, 1)
    """
    return 0 if rank == ACE else rank + 1


def ace_to_five_value_of_five(counts: Sequence[int]) -> Value:
    """The class of five cards in ace-to-five: groups as in hold'em, ranks with the ace low
    (the ace comes last among equal counts); straights and flushes do not count.

    >>> ace_to_five_value_of_five([1, 1, 1, 1] + [0] * 8 + [1])  # 5-4-3-2-A, the wheel
    (<HandCategory.HIGH_CARD: 0>, (3, 2, 1, 0, 12))
    """
    order = sorted((r for r in range(13) if counts[r]), key=lambda r: (-counts[r], -low_rank(r)))
    shape = sorted((counts[r] for r in order), reverse=True)
    category = {(4, 1): HandCategory.FOUR_OF_A_KIND, (3, 2): HandCategory.FULL_HOUSE,
                (3, 1, 1): HandCategory.THREE_OF_A_KIND, (2, 2, 1): HandCategory.TWO_PAIR,
                (2, 1, 1, 1): HandCategory.PAIR}.get(tuple(shape), HandCategory.HIGH_CARD)
    return category, tuple(order)


def _ace_to_five_key(value: Value) -> tuple[int, tuple[int, ...]]:
    """Sort key of an ace-to-five class, best last: fewer groups first, then the lower ranks
    in order of significance."""
    category, ranks = value
    return LOW_ORDER.index(category), tuple(-low_rank(r) for r in ranks)


def eight_or_better_lows() -> tuple[tuple[int, ...], ...]:
    """The 56 qualifying lows of Omaha hi/lo (five different ranks from ace to eight), worst
    first, each as its ranks from the highest down with the ace last.

    >>> lows = eight_or_better_lows()
    >>> len(lows), lows[0], lows[-1]
    (56, (6, 5, 4, 3, 2), (3, 2, 1, 0, 12))
    """
    hands = [sorted(c, key=low_rank, reverse=True) for c in itertools.combinations([ACE, *range(EIGHT + 1)], 5)]
    hands.sort(key=lambda ranks: [-low_rank(r) for r in ranks])
    return tuple(tuple(h) for h in hands)


# --- the tables ---------------------------------------------------------------------------------

def _multisets(size: int, ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """Every hand of ``size`` cards from ``ranks`` as counts per rank (13 of them)."""
    if len(ranks) == 13:
        return list(rank_multisets(size))
    out = []
    for counts in rank_multisets(size, n_ranks=len(ranks)):
        full = [0] * 13
        for r, n in zip(ranks, counts):
            full[r] = n
        out.append(tuple(full))
    return out


def _build(name: str, categories: tuple[HandCategory, ...], ranks: Sequence[int], sizes: Sequence[int],
           of_five: Callable[[Sequence[int]], Value], of_flush: Callable[[int], Value] | None,
           key: Callable[[Value], object]) -> Ranking:
    """A ranking's tables from its five-card reference evaluators.

    ``ranks`` are the ranks the deck holds and ``sizes`` the hand sizes it ranks; ``key``
    orders classes, best last. A hand of six or seven cards takes the best strength of the
    hands one card smaller, so the best five is found without listing every five of seven.
    No flush can sit beside a better hand in seven cards in any of these games (a full house
    needs two cards of one rank beside five of one suit, quads three), so a flush's class is
    its suit's alone, as the kernels assume.
    """
    base = load_tables()
    five = {counts: of_five(counts) for counts in _multisets(5, ranks)}
    suited = [sum(1 << r for r in c) for c in itertools.combinations(ranks, 5)] if of_flush is not None else []
    flush_five = {mask: of_flush(mask) for mask in suited} if of_flush is not None else {}
    classes = sorted({*five.values(), *flush_five.values()}, key=key)  # type: ignore[arg-type]
    strength = {v: i + 1 for i, v in enumerate(classes)}
    # hands by rank code (see rank_code), one level per hand size, each grown from the last
    level = {rank_code(counts): strength[v] for counts, v in five.items()}
    best = dict(level) if 5 in sizes else {}
    best_flush = {mask: strength[v] for mask, v in flush_five.items()}
    for size in range(6, max(sizes) + 1):
        bigger: dict[int, int] = {}
        for code, s in level.items():
            for r in ranks:
                if code // CODE_POWERS[r] % 5 < 4 and bigger.get(code + CODE_POWERS[r], 0) < s:
                    bigger[code + CODE_POWERS[r]] = s
        best.update(bigger)
        level = bigger
        for held in itertools.combinations(ranks, size) if of_flush is not None else ():
            mask = sum(1 << r for r in held)
            best_flush[mask] = max(best_flush[mask & ~(1 << r)] for r in held)
    rank = np.zeros_like(base.rank)
    codes = np.array(list(best), dtype=np.int64)
    keys = (codes[:, None] // np.array(CODE_POWERS) % 5) @ np.array(RANK_WEIGHTS, dtype=np.int64)
    mixed = mixed_key(keys)
    rank[mixed + base.offsets[mixed >> HASH_SHIFT]] = list(best.values())
    flush = np.zeros_like(base.flush)
    for mask, s in best_flush.items():
        if mask.bit_count() in sizes:
            flush[mask] = s
    in_deck = np.zeros(256, dtype=bool)
    in_deck[[r * 4 + s for r in ranks for s in range(4)]] = True
    card_key = np.where(in_deck, base.card_key, np.uint64(0))
    if of_flush is None:  # no flushes: the suit counters stay at rest, so no key reads as one
        card_key = card_key & np.uint64(0xFFFFFFFF)
    card_mask = np.where(in_deck, base.card_mask, np.uint64(0))
    for array in (rank, flush, card_key, card_mask):
        array.setflags(write=False)
    return Ranking(name, tuple(classes), categories, Tables(rank, base.offsets, flush, card_key, card_mask),
                   tuple(sizes))


def _high_key(order: tuple[HandCategory, ...]) -> Callable[[Value], tuple[int, tuple[int, ...]]]:
    """Sort key of a high ranking's classes, best last: the category's place, then the ranks."""
    position = {c: i for i, c in enumerate(order)}
    return lambda value: (position[HandCategory(value[0])], value[1])


def _turned_over(key: Callable[[Value], tuple[int, tuple[int, ...]]]) -> Callable[[Value], tuple[int, ...]]:
    """A high ranking's sort key turned over: its weakest hand is the best low."""
    def low_key(value: Value) -> tuple[int, ...]:
        position, ranks = key(value)
        return (-position, *(-r for r in ranks))
    return low_key


def _holdem() -> Ranking:
    return Ranking("standard", class_values(), STANDARD_ORDER, load_tables(), HAND_SIZES["standard"])


_SHORT_DECK_RANKS = tuple(range(SHORT_DECK_LOWEST_RANK, 13))

HAND_SIZES: dict[str, tuple[int, ...]] = {
    "standard": (5, 6, 7),
    "short-deck": (5, 6, 7),
    "short-deck-triton": (5, 6, 7),
    "deuce-to-seven": (5,),
    "ace-to-five": (5, 6, 7),
}
"""The numbers of cards each ranking ranks (its tables hold nothing else), known without
building them, so that a game can be checked when it is made."""

_BUILDERS: dict[str, Callable[[], Ranking]] = {
    "standard": _holdem,
    "short-deck": lambda: _build("short-deck", SHORT_DECK_ORDER, _SHORT_DECK_RANKS, HAND_SIZES["short-deck"],
                                 short_deck_value_of_five, short_deck_value_of_flush, _high_key(SHORT_DECK_ORDER)),
    "short-deck-triton": lambda: _build("short-deck-triton", TRITON_ORDER, _SHORT_DECK_RANKS,
                                        HAND_SIZES["short-deck-triton"], short_deck_value_of_five,
                                        short_deck_value_of_flush, _high_key(TRITON_ORDER)),
    "deuce-to-seven": lambda: _build("deuce-to-seven", tuple(reversed(STANDARD_ORDER)), range(13),
                                     HAND_SIZES["deuce-to-seven"], deuce_to_seven_value_of_five,
                                     deuce_to_seven_value_of_flush, _turned_over(_high_key(STANDARD_ORDER))),
    "ace-to-five": lambda: _build("ace-to-five", LOW_ORDER, range(13), HAND_SIZES["ace-to-five"],
                                  ace_to_five_value_of_five, None, _ace_to_five_key),
}
RANKINGS = tuple(_BUILDERS)
"""The names :func:`ranking` knows."""
LOW_RANKINGS = frozenset({"deuce-to-seven", "ace-to-five"})
"""The rankings of lowball, whose ranks read as a low (named from the highest card down)."""
DECKS: dict[str, tuple[int, ...]] = {
    "standard": tuple(range(9)),
    "short-deck": (SHORT_DECK_LOWEST_RANK,),
    "short-deck-triton": (SHORT_DECK_LOWEST_RANK,),
    "deuce-to-seven": (0,),
    "ace-to-five": (0,),
}
"""The decks each ranking is defined for, each by its lowest rank (the deck runs from there to
the aces). The standard ranking holds in any deck of 20 cards or more (a deck without the
five has no wheel, and the tables never see it); the short deck's straights need its own deck
(the ace plays below the six), and the lowball rankings are written for 52 cards."""


@functools.cache
def ranking(name: str) -> Ranking:
    """The ranking called ``name`` (one of :data:`RANKINGS`), built on first use (a fraction of
    a second; the tables are small enough to build in memory every time).

    >>> ranking("ace-to-five").values[-1]  # the wheel, the best ace-to-five hand
    (<HandCategory.HIGH_CARD: 0>, (3, 2, 1, 0, 12))
    """
    return _BUILDERS[name]()


@functools.cache
def ranking_in_deck(name: str, lowest_rank: int) -> Ranking:
    """The ranking called ``name`` with its card tables cut to the deck of the ranks from
    ``lowest_rank`` up (one of :data:`DECKS` for it): a card the deck does not hold adds no
    key and sets no bit, so every kernel that checks a hand's card bits refuses it. This is
    the one place the tables for a (ranking, deck) pair are made.

    >>> royal = ranking_in_deck("standard", 8)  # tens to aces: 20 cards
    >>> int(royal.tables.card_mask[0]), int(royal.tables.card_mask[51]) == 1 << 60
    (0, True)
    """
    base = ranking(name)
    if lowest_rank not in DECKS[name]:
        raise ValueError(f"the {name} ranking is not defined for a deck from rank {lowest_rank}")
    t = base.tables
    in_deck = np.arange(256) >= 4 * lowest_rank
    card_key = np.where(in_deck, t.card_key, np.uint64(0))
    card_mask = np.where(in_deck, t.card_mask, np.uint64(0))
    if np.array_equal(card_key, t.card_key) and np.array_equal(card_mask, t.card_mask):
        return base
    for array in (card_key, card_mask):
        array.setflags(write=False)
    return dataclasses.replace(base, tables=Tables(t.rank, t.offsets, t.flush, card_key, card_mask))
