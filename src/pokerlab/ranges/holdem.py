"""Hand ranges in the syntax of PokerStove and Equilab, and the 169 starting hands.

>>> r = Range("QQ+,AKs")
>>> len(r), r
(22, Range('QQ+,AKs'))
>>> len(Range("random")), len(Range("AK")), len(Range("A2s+")), len(Range("22-66"))
(1326, 16, 48, 30)
>>> starting_hand("Ah Kh"), starting_hand("7d 2c"), STARTING_HANDS["AKo"]
('AKs', '72o', 12)

The syntax, items separated by commas (a combo in several items keeps its largest weight):

============================ =====================================================
``AA``, ``AKs``, ``AKo``     a pair, a suited or offsuit class
``AK``                       both ``AKs`` and ``AKo``
``QQ+``, ``A2s+``, ``K9+``   the pair and every higher pair; the kicker up to one below the top card
``22-66``, ``A2s-A5s``       every pair, or every kicker, between the two ends
``JTs-54s``, ``T9o-65o``     a run of classes with the same gap and suitedness, e.g. the connectors
``AsKs``                     one combo
``AhKx``, ``AxKx``           combos by suit pattern, ``x`` for any suit
``random``, ``any``, ``XxXx`` all 1,326 combos
``top 15%``, ``15%``         the strongest starting hands, see :func:`top_classes`
``AKs:0.5``, ``50%(AKs,QQ)`` weights between 0 and 1, or a percentage of a group
``0.2(As2d)``, ``.5(KQs,AJs)`` a group's weight as a fraction (eval7's prefix)
============================ =====================================================

Ranks are upper or lower case. A syntax error raises
:class:`~pokerlab.errors.InvalidRangeError` naming the 0-based position and the token.

A range is a weight for each of the 1,326 two-card combos, in the order of :data:`COMBOS`
(ascending card ids, lexicographic): the form the equity kernels take, through
:meth:`Range.as_arrays` or :attr:`Range.weights`.
"""

from __future__ import annotations

import csv
import functools
import itertools
import math
import re
from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

import numpy as np

from pokerlab.cards.notation import RANK_NAMES, RANKS, SUITS, CardsLike, card_name, mask_of, parse_cards
from pokerlab.errors import HandSizeError, InvalidArgumentError, InvalidRangeError, clip

__all__ = ["CLASS_NAMES", "COMBOS", "COMBO_CLASSES", "COMBO_MASKS", "COMBO_NAMES", "COMBO_ORDER", "STARTING_HANDS",
           "Range", "check_items_dealt", "combo_index", "combo_name", "deck_classes", "starting_hand",
           "starting_hand_order", "top_classes"]

COMBOS: np.ndarray = np.array(list(itertools.combinations(range(52), 2)), dtype=np.uint8)
"""The 1,326 two-card combos as a (1326, 2) uint8 array, ascending ids, lexicographic."""
COMBOS.flags.writeable = False

_COMBO_INDEX = np.full((52, 52), -1, dtype=np.int64)
_COMBO_INDEX[COMBOS[:, 0], COMBOS[:, 1]] = np.arange(len(COMBOS))
_COMBO_INDEX[COMBOS[:, 1], COMBOS[:, 0]] = np.arange(len(COMBOS))
COMBO_MASKS: np.ndarray = (np.uint64(1) << COMBOS[:, 0].astype(np.uint64)) | \
    (np.uint64(1) << COMBOS[:, 1].astype(np.uint64))
"""Each combo of :data:`COMBOS` as the 64-bit mask of its two cards."""
COMBO_MASKS.flags.writeable = False

ORDER_FILE = Path(__file__).parents[1] / "data" / "preflop_vs_random.csv"
"""The shipped equities of the 169 starting hands against one random hand."""


def _cell(high: int, low: int, suited: bool) -> int:
    """Index (row * 13 + column) of a class in the grid: aces first, suited above the diagonal."""
    row, column = 12 - high, 12 - low
    return row * 13 + column if suited or high == low else column * 13 + row


def _cell_name(cell: int) -> str:
    row, column = divmod(cell, 13)
    high, low = 12 - min(row, column), 12 - max(row, column)
    if high == low:
        return RANKS[high] * 2
    return RANKS[high] + RANKS[low] + ("s" if row < column else "o")


CLASS_NAMES: tuple[str, ...] = tuple(_cell_name(cell) for cell in range(169))
"""The 169 starting-hand classes in grid order (row by row, aces first, suited above the diagonal)."""
_CLASS_INDEX = {name: cell for cell, name in enumerate(CLASS_NAMES)}
COMBO_CLASSES: np.ndarray = np.array([_cell(max(a, b) >> 2, min(a, b) >> 2, a & 3 == b & 3)
                                      for a, b in COMBOS.tolist()], dtype=np.int64)
"""The class of each combo of :data:`COMBOS`, as its index in :data:`CLASS_NAMES` (its grid cell)."""
COMBO_CLASSES.flags.writeable = False
_CLASS_SIZES = np.bincount(COMBO_CLASSES, minlength=169)
_MEMBERS = tuple(np.flatnonzero(COMBO_CLASSES == cell) for cell in range(169))


def _of_cells(cells: list[int]) -> np.ndarray:
    """The 0/1 weight of each combo of :data:`COMBOS`: 1 for those in the grid ``cells``."""
    chosen = np.zeros(169)
    chosen[cells] = 1.0
    out: np.ndarray = chosen[COMBO_CLASSES]
    return out


STARTING_HANDS: MappingProxyType[str, int] = MappingProxyType(
    {name: int(size) for name, size in zip(CLASS_NAMES, _CLASS_SIZES)})
"""The 169 starting-hand classes and their combo counts (6 a pair, 4 suited, 12 offsuit),
in grid order: row by row, aces first, suited classes above the diagonal."""


def starting_hand(cards: CardsLike) -> str:
    """The class of a two-card hand: ``"AKs"``, ``"QQ"``, ``"72o"``.

    >>> starting_hand("2c 7d"), starting_hand([51, 50])
    ('72o', 'AA')
    """
    ids = parse_cards(cards)
    if len(ids) != 2:
        raise HandSizeError(f"a starting hand has 2 cards, got {len(ids)}")
    return CLASS_NAMES[int(COMBO_CLASSES[_COMBO_INDEX[ids[0], ids[1]]])]


def deck_classes(lowest_rank: int = 0) -> tuple[str, ...]:
    """The starting-hand classes a deck of the ranks from ``lowest_rank`` up deals, in grid order.

    >>> len(deck_classes()), len(deck_classes(4))   # hold'em's 169, short deck's 81
    (169, 81)
    """
    return tuple(name for name in CLASS_NAMES if RANKS.index(name[1]) >= lowest_rank)


_DECKS_CLASSES = frozenset(frozenset(deck_classes(lowest)) for lowest in range(len(RANKS)))
"""The starting hands of each deck of the ranks from one up to the ace, as sets."""


def _require_every_class(names: Sequence[str], source: str, lowest_rank: int = 0) -> None:
    dealt = deck_classes(lowest_rank)
    if sorted(names) != sorted(dealt):
        raise ValueError(f"{source} must list each of the {len(dealt)} starting hands once")


def starting_hand_order(path: str | Path | None = None, lowest_rank: int = 0) -> tuple[str, ...]:
    """The starting hands of the deck from ``lowest_rank`` (hold'em's 169 by default),
    strongest first by equity against one random hand.

    The equities come from a CSV file with the columns ``hand,combos,equity,win,tie``, one row
    per class (``AKs``, ``AA``, ``72o``); by default the one pokerlab ships, :data:`ORDER_FILE`.
    Equal equities keep grid order. A file that does not list each class of the deck once, with
    its combo count, raises :class:`ValueError`.

    >>> starting_hand_order()[0]
    'AA'
    """
    return _order_of_file(ORDER_FILE if path is None else Path(path), lowest_rank)


@functools.lru_cache(maxsize=8)
def _order_of_file(path: Path, lowest_rank: int) -> tuple[str, ...]:
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    _require_every_class([row["hand"] for row in rows], str(path), lowest_rank)
    for row in rows:
        if int(row["combos"]) != STARTING_HANDS[row["hand"]]:
            raise ValueError(f"{path}: {row['hand']} has {STARTING_HANDS[row['hand']]} combos, "
                             f"not {row['combos']}")
    equity = {row["hand"]: float(row["equity"]) for row in rows}
    return tuple(sorted(deck_classes(lowest_rank), key=lambda name: -equity[name]))


def top_classes(percent: float, order: Sequence[str] | None = None) -> tuple[str, ...]:
    """The strongest classes that make up ``percent`` of the combos of the classes ``order``
    ranks (by default :func:`starting_hand_order`, all 1,326 combos; a deck's own classes for a
    game of fewer cards), as near as classes can.

    Classes are taken in ``order`` while the running combo count, taken at the middle of the
    next class, is within the target: so the count is the nearest to ``percent`` that whole
    classes allow.

    >>> top_classes(2, order=list(STARTING_HANDS))  # grid order, for the example
    ('AA', 'AKs', 'AQs', 'AJs', 'ATs', 'A9s')
    >>> top_classes(2, order=deck_classes(4))       # a fiftieth of short deck's 630 combos
    ('AA', 'AKs', 'AQs')
    """
    order = starting_hand_order() if order is None else tuple(order)
    if len(set(order)) != len(order) or frozenset(order) not in _DECKS_CLASSES:
        raise ValueError("an order must list each starting hand of a deck (the ranks from one up to the ace) once, "
                         "as the 169 of hold'em's")
    target = percent / 100 * sum(STARTING_HANDS[name] for name in order)
    taken = 0
    chosen = []
    for name in order:
        size = STARTING_HANDS[name]
        if taken + size / 2 > target:
            break
        chosen.append(name)
        taken += size
    return tuple(chosen)


class Range:
    """A weighted set of two-card combos, read from range text.

    >>> r = Range("AKs, 50%(QQ), AhKx:0.25")
    >>> len(r), float(r.weights.sum())
    (13, 7.75)
    >>> r.without("Ks").describe()
    'QQ:0.5,AcKc,AdKd,AhKh,AhKc:0.25,AhKd:0.25'
    >>> Range("KK+") | Range("AKs") == Range("AKs,KK+")
    True

    ``order`` replaces the ranking that ``top N%`` reads (see :func:`top_classes`): a game of
    fewer cards passes its own (:func:`pokerlab.ranges.orders.order_of`), and an empty one
    refuses ``top N%``.
    """

    __slots__ = ("_text", "_weights")

    def __init__(self, text: str = "", *, order: Sequence[str] | None = None) -> None:
        if not isinstance(text, str):
            raise InvalidArgumentError(f"a range is read from text, like \"QQ+,AKs\"; got {clip(text)}")
        self._text: str | None = text
        self._weights = _Parser(text, order).parse()
        self._weights.flags.writeable = False

    @classmethod
    def from_weights(cls, weights: np.ndarray) -> Range:
        """A range from a weight for each combo of :data:`COMBOS`, each from 0 to 1.

        >>> w = np.zeros(len(COMBOS)); w[-1] = 0.5
        >>> Range.from_weights(w)
        Range('AsAh:0.5')
        """
        weights = np.array(weights, dtype=np.float64)
        if weights.shape != (len(COMBOS),) or not np.all((weights >= 0) & (weights <= 1)):
            raise InvalidArgumentError(f"weights must be {len(COMBOS)} numbers from 0 to 1, one per combo")
        return cls._of(weights)

    @classmethod
    def _of(cls, weights: np.ndarray) -> Range:
        """A range with the given dense weights and no source text."""
        made = cls.__new__(cls)
        made._text = None
        made._weights = weights
        made._weights.flags.writeable = False
        return made

    @property
    def text(self) -> str:
        """The text the range was read from, or :meth:`describe` for a derived range."""
        return self.describe() if self._text is None else self._text

    @property
    def weights(self) -> np.ndarray:
        """The weight of each combo of :data:`COMBOS`, a read-only (1326,) float64 array."""
        return self._weights

    def as_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The combos with a weight above 0: a (K, 2) uint8 array (ascending ids) and (K,) weights.

        >>> combos, weights = Range("AA:0.5").as_arrays()
        >>> combos.shape, combos.dtype, weights.tolist()
        ((6, 2), dtype('uint8'), [0.5, 0.5, 0.5, 0.5, 0.5, 0.5])
        """
        present = np.flatnonzero(self._weights)
        return COMBOS[present].copy(), self._weights[present].copy()

    def combos(self) -> list[tuple[tuple[int, int], float]]:
        """Each combo with a weight above 0, as ``((low id, high id), weight)``.

        >>> Range("AsKs:0.5").combos()
        [((47, 51), 0.5)]
        """
        combos, weights = self.as_arrays()
        return [((a, b), w) for (a, b), w in zip(combos.tolist(), weights.tolist())]

    def without(self, dead: CardsLike) -> Range:
        """The range less every combo that holds one of the ``dead`` cards.

        >>> len(Range("AA,AKs").without("As Kd"))
        5
        """
        blocked = (COMBO_MASKS & np.uint64(mask_of(dead))) != 0
        return Range._of(np.where(blocked, 0.0, self._weights))

    def __len__(self) -> int:
        """The number of combos with a weight above 0."""
        return int(np.count_nonzero(self._weights))

    def __contains__(self, cards: CardsLike) -> bool:
        ids = parse_cards(cards)
        if len(ids) != 2:
            raise HandSizeError(f"a combo has 2 cards, got {len(ids)}")
        return bool(self._weights[_COMBO_INDEX[ids[0], ids[1]]] > 0)

    def __or__(self, other: Range) -> Range:
        """The union: each combo at the larger of its two weights."""
        if not isinstance(other, Range):
            return NotImplemented
        return Range._of(np.maximum(self._weights, other._weights))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and np.array_equal(self._weights, other._weights)

    def __hash__(self) -> int:
        return hash(self._weights.tobytes())

    def __repr__(self) -> str:
        return f"Range({self.text!r})"

    def grid(self) -> np.ndarray:
        """The share of each class's combos in the range (weighted), as a 13x13 float array.

        Rows and columns run from aces down to deuces; suited classes lie above the diagonal,
        offsuit ones below.

        >>> g = Range("AKs,AQo:0.5").grid()
        >>> float(g[0, 1]), float(g[2, 0]), float(g[1, 0])
        (1.0, 0.5, 0.0)
        """
        shares = np.bincount(COMBO_CLASSES, weights=self._weights, minlength=169) / _CLASS_SIZES
        return shares.reshape(13, 13)

    def _cells(self) -> list[list[tuple[str, float]]]:
        """Each grid cell's class name and share, row by row."""
        shares = self.grid().ravel().tolist()
        return [[(CLASS_NAMES[r * 13 + c], shares[r * 13 + c]) for c in range(13)] for r in range(13)]

    def __str__(self) -> str:
        """The 13x13 grid: a class wholly in the range by name, partly in as a percentage, out as '.'.

        >>> print(Range("AA,AKs:0.5").__str__().splitlines()[0])
         AA 50%   .   .   .   .   .   .   .   .   .   .   .
        """
        return "\n".join(" ".join(f"{_cell_text(name, share):>3}" for name, share in row)
                         for row in self._cells())

    def __rich__(self) -> Any:
        """The grid as a rich table: green when wholly in, yellow with a percentage when partly."""
        from rich.table import Table  # rich only when the range is printed through it

        table = Table.grid(padding=(0, 1))
        for _ in range(13):
            table.add_column(justify="center")
        for row in self._cells():
            cells = []
            for name, share in row:
                style = "bold black on green" if share == 1 else ("black on yellow" if share else "dim")
                cells.append(f"[{style}]{_cell_text(name, share) if share else name:>3}[/]")
            table.add_row(*cells)
        return table

    def to_dict(self) -> dict[str, Any]:
        """The range as plain data for JSON: its text, combo count, weight and per-class shares.

        >>> d = Range("AKs,QQ:0.5").to_dict()
        >>> d["combos"], d["weight"], d["classes"]
        (10, 7.0, {'AKs': 1.0, 'QQ': 0.5})
        """
        shares = self.grid().ravel().tolist()
        combos, weights = self.as_arrays()
        total = float(weights.sum())
        return {
            "range": self.text,
            "combos": len(self),
            "weight": total,
            "fraction": total / len(COMBOS),
            "classes": {name: share for name, share in zip(CLASS_NAMES, shares) if share},
            "hands": {combo_name(a, b): w for (a, b), w in zip(combos.tolist(), weights.tolist())},
        }

    def describe(self) -> str:
        """Canonical range text, short where classes allow; ``Range(r.describe()) == r``.

        >>> Range("AKs,QQ+,KQs,AJs,ATs,AQs,JJ,AsKh:0.5").describe()
        'JJ+,ATs+,KQs,AsKh:0.5'
        """
        if np.all(self._weights == 1):
            return "random"
        # A class whose combos share one weight is written as a class, the others combo by combo.
        uniform = {}
        singles = []
        for cell in range(169):
            members = _MEMBERS[cell]
            weights = self._weights[members]
            if np.all(weights == weights[0]):
                uniform[cell] = float(weights[0])
            else:
                singles += [combo_name(*COMBOS[i].tolist()) + _weight_suffix(float(self._weights[i]))
                            for i in members if self._weights[i]]
        items = _runs([_cell(r, r, False) for r in range(12, -1, -1)], uniform, pairs=True)
        for high in range(12, 0, -1):
            for suited in (True, False):
                items += _runs([_cell(high, low, suited) for low in range(high - 1, -1, -1)], uniform,
                               pairs=False)
        return ",".join(items + singles)


def _cell_text(name: str, share: float) -> str:
    # A partial share is clipped to 1..99% so that it never reads as wholly in or out.
    if share == 1:
        return name
    return f"{min(99, max(1, round(share * 100)))}%" if share else "."


def combo_name(low: int, high: int) -> str:
    """A combo's text, the higher card first, from its two card ids in either order.

    >>> combo_name(47, 51), combo_name(51, 47)
    ('AsKs', 'AsKs')
    """
    return card_name(max(low, high)) + card_name(min(low, high))


COMBO_NAMES: tuple[str, ...] = tuple(combo_name(a, b) for a, b in COMBOS.tolist())
"""The text of each combo of :data:`COMBOS`, the higher card first: ``COMBO_NAMES[-1] == "AsAh"``."""


_HIGH, _LOW = COMBOS[:, 1].astype(np.int64), COMBOS[:, 0].astype(np.int64)
COMBO_ORDER: np.ndarray = np.argsort(np.lexsort((-_LOW, -_HIGH, -(_LOW >> 2), -(_HIGH >> 2))))
"""Each combo's place when the combos are read strongest first: by the higher rank, the lower
rank, then the suits (``AsAh`` first, ``2d2c`` last). Sort rows by ``COMBO_ORDER[index]``."""
COMBO_ORDER.flags.writeable = False


def combo_index(low: int, high: int) -> int:
    """The row of :data:`COMBOS` that holds two different card ids, in either order.

    >>> combo_index(0, 1), combo_index(51, 50)
    (0, 1325)
    """
    return int(_COMBO_INDEX[low, high])


def _weight_suffix(weight: float) -> str:
    return "" if weight == 1 else f":{weight!r}"


def _runs(cells: list[int], uniform: dict[int, float], *, pairs: bool) -> list[str]:
    """Range text for a line of classes, strongest first (the pairs, or one top card's kickers).

    A run of equal weight that starts at the strongest class is a plus form, any other run
    longer than one class a dash form.
    """
    items = []
    i = 0
    while i < len(cells):
        weight = uniform.get(cells[i], 0.0)
        j = i + 1
        while j < len(cells) and uniform.get(cells[j], 0.0) == weight:
            j += 1
        if weight:
            first, last = CLASS_NAMES[cells[i]], CLASS_NAMES[cells[j - 1]]
            if j - i == 1:
                text = first
            elif i == 0:
                text = last + "+"
            else:
                text = f"{first}-{last}"
            items.append(text + _weight_suffix(weight))
        i = j
    return items


_NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
_GROUP = re.compile(_NUMBER + r"\s*(%?)\s*\(", re.ASCII)
_TOP = re.compile(r"(?:top\s*)?" + _NUMBER + r"\s*%", re.IGNORECASE | re.ASCII)
_CLASS = r"([2-9TJQKA])([2-9TJQKA])([SO]?)"
_PLUS = re.compile(_CLASS + r"(\+?)", re.IGNORECASE)
_DASH = re.compile(_CLASS + r"\s*-\s*" + _CLASS, re.IGNORECASE)
_COMBO = re.compile(r"([2-9TJQKA])([CDHSX])([2-9TJQKA])([CDHSX])", re.IGNORECASE)
RANDOM_WORDS = frozenset({"random", "any", "xx", "xxxx"})
"""How a player is said to hold any hand, in every game (see :func:`is_random`)."""


def is_random(text: str) -> bool:
    """Whether text says "any hand": a word of :data:`RANDOM_WORDS`, or a hand of wildcards
    only (``x`` or ``*``, two or more), as many as any game holds. The same in every game: the
    hand is dealt from the cards no one holds.

    >>> is_random("Random"), is_random("xxxx"), is_random("******"), is_random("x"), is_random("AA**")
    (True, True, True, False, False)
    """
    word = text.strip().lower()
    return word in RANDOM_WORDS or len(word) >= 2 and not word.strip("x*")


MAX_NESTING = 16
"""How deep weighted groups may nest, ``50%(QQ+,50%(AK))`` being two deep: each level is
parsed by recursion, and no range needs more than a few."""


def check_items_dealt(text: str, lowest_rank: int, game: str) -> None:
    """Refuse the first item of range text (split at its top-level commas) that names no combo
    of a deck holding only the ranks from ``lowest_rank`` up: in short deck ``55`` or
    ``A2s-A5s`` is no hand at all, and a range that kept quiet about it would read as meant.

    >>> check_items_dealt("AKs, 66+", 4, "short-deck")
    >>> check_items_dealt("AKs, 55", 4, "short-deck")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidRangeError: short-deck deals no card below the Six, so this item holds no hand: '55' ...
    """
    if not text.strip():
        return
    parser = _Parser(text, None)
    parser.check_nesting()
    dealt = COMBOS[:, 0] >> 2 >= lowest_rank
    for start, end in parser.items(0, len(text)):
        weights = parser.item_weights(start, end)
        if weights.any() and not weights[dealt].any():
            raise parser.error(start, text[start:end], f"{game} deals no card below the {RANK_NAMES[lowest_rank]}, "
                                                       "so this item holds no hand")


class _Parser:
    """Reads range text into dense weights, remembering positions for error messages."""

    def __init__(self, text: str, order: Sequence[str] | None) -> None:
        self.text = text
        self.order = order

    def error(self, position: int, token: str, why: str) -> InvalidRangeError:
        return InvalidRangeError(f"{why}: {clip(token)} at position {position}", position=position, token=token,
                                 text=self.text)

    def parse(self) -> np.ndarray:
        if not self.text.strip():
            return np.zeros(len(COMBOS))
        self.check_nesting()
        return self.union(0, len(self.text))

    def check_nesting(self) -> None:
        """Refuse groups nested deeper than :data:`MAX_NESTING`, before any recursion."""
        if "(" not in self.text:
            return
        depth = 0
        for pos, char in enumerate(self.text):
            if char == "(":
                depth += 1
                if depth > MAX_NESTING:
                    raise self.error(pos, "(", f"range groups nest at most {MAX_NESTING} deep")
            elif char == ")":
                depth -= 1

    def union(self, start: int, end: int) -> np.ndarray:
        """The weights of the comma-separated items in ``text[start:end]``."""
        weights = np.zeros(len(COMBOS))
        cells: list[int] = []  # the whole classes the items hold, weighted 1: taken in one step
        for item_start, item_end in self.items(start, end):
            item = self.item(item_start, item_end)
            if isinstance(item, list):
                cells += item
            else:
                np.maximum(weights, item, out=weights)
        if cells:
            np.maximum(weights, _of_cells(cells), out=weights)
        return weights

    def items(self, start: int, end: int) -> list[tuple[int, int]]:
        """The bounds of each item, whitespace trimmed, splitting at commas outside brackets."""
        segment = self.text[start:end]
        pieces = segment.split(",")
        if "(" not in segment and ")" not in segment and all(piece.strip() for piece in pieces):
            # no brackets and no empty item, as most ranges are: split in one step
            found, at = [], start
            for piece in pieces:
                lo = at + len(piece) - len(piece.lstrip())
                found.append((lo, lo + len(piece.strip())))
                at += len(piece) + 1
            return found
        bounds = []
        depth = 0
        item_start = start
        opened = start
        for pos in range(start, end + 1):
            char = self.text[pos] if pos < end else ","
            if char == "(":
                if depth == 0:
                    opened = pos
                depth += 1
            elif char == ")":
                depth -= 1
                if depth < 0:
                    raise self.error(pos, ")", "unmatched closing bracket")
            elif char == "," and depth == 0:
                lo, hi = item_start, pos
                while lo < hi and self.text[lo].isspace():
                    lo += 1
                while hi > lo and self.text[hi - 1].isspace():
                    hi -= 1
                if lo == hi:
                    comma = pos if pos < end else item_start - 1
                    raise self.error(max(comma, 0), ",", "empty item next to a comma")
                bounds.append((lo, hi))
                item_start = pos + 1
        if depth:
            raise self.error(opened, "(", "unclosed bracket")
        return bounds

    def item_weights(self, start: int, end: int) -> np.ndarray:
        """The weights of one item."""
        item = self.item(start, end)
        return _of_cells(item) if isinstance(item, list) else item

    def item(self, start: int, end: int) -> np.ndarray | list[int]:
        """The weights of one item (a weighted group, or an atom with an optional ``:weight``),
        or the grid cells of whole classes weighted 1."""
        text = self.text[start:end]
        group = _GROUP.match(text)
        if group and text.endswith(")"):
            # "50%(...)" is a percentage of the group, "0.5(...)" (eval7's prefix) a fraction
            weight = float(group.group(1)) / (100 if group.group(2) else 1)
            if weight > 1:
                why = "a percentage is at most 100" if group.group(2) else "a weight is a number from 0 to 1"
                raise self.error(start, text[:group.end() - 1].rstrip(), why)
            inner_start, inner_end = start + group.end(), end - 1
            if not self.text[inner_start:inner_end].strip():
                raise self.error(inner_start - 1, self.text[inner_start - 1:end], "empty group")
            return self.union(inner_start, inner_end) * weight
        body, colon, weight_text = text.partition(":")
        weight = 1.0
        if colon:
            weight_start = start + len(body) + 1
            stripped = weight_text.strip()
            token_start = weight_start + len(weight_text) - len(weight_text.lstrip())
            try:
                weight = float(stripped)
            except ValueError:
                weight = math.nan  # fails the bounds check below, which names the token
            if not 0 <= weight <= 1:
                if not stripped:
                    raise self.error(weight_start - 1, ":", "missing weight")
                raise self.error(token_start, stripped, "a weight is a number from 0 to 1")
            body = body.rstrip()
        weights = self.atom(start, body)
        if weight == 1:
            return weights
        return (_of_cells(weights) if isinstance(weights, list) else weights) * weight

    def atom(self, start: int, text: str) -> np.ndarray | list[int]:
        """The 0/1 weights of an item without its weight, or the grid cells it holds whole."""
        known = _CLASS_ITEMS.get(text)  # the commonest item first: a class, alone or with a plus
        if known is not None:
            return list(known)
        plus = _PLUS.fullmatch(text)
        if plus:
            return self.plus_cells(start, text, plus)
        if is_random(text):
            return np.ones(len(COMBOS))
        top = _TOP.fullmatch(text)
        if top:
            percent = float(top.group(1))
            if percent > 100:
                raise self.error(start, text, "a percentage is at most 100")
            if self.order is not None and not len(self.order):
                raise self.error(start, text, "top N% needs the game's order of starting hands, which pokerlab "
                                              "has for hold'em's and short deck's decks and rankings alone")
            return [_CLASS_INDEX[name] for name in top_classes(percent, self.order)]
        combo = _COMBO.fullmatch(text)
        if combo:
            weights = np.zeros(len(COMBOS))
            weights[self.combos(start, text, combo)] = 1
            return weights
        return self.classes(start, text)

    def combos(self, start: int, text: str, match: re.Match[str]) -> list[int]:
        """The combo indices of ``AsKs`` or of a suit pattern such as ``AhKx``."""
        cards = []
        for rank_char, suit_char in (match.group(1, 2), match.group(3, 4)):
            rank = RANKS.index(rank_char.upper())
            suits = range(4) if suit_char in "xX" else [SUITS.index(suit_char.lower())]
            cards.append([rank * 4 + suit for suit in suits])
        found = sorted({int(_COMBO_INDEX[a, b]) for a in cards[0] for b in cards[1] if a != b})
        if not found:
            raise self.error(start, text, "a combo needs two different cards")
        return found

    def plus_cells(self, start: int, text: str, plus: re.Match[str]) -> list[int]:
        """The grid cells of a class or its plus form, matched by ``_PLUS``."""
        high, low, suit = self.class_parts(start, text, plus.group(1, 2, 3))
        if not plus.group(4):
            return self.cells(high, low, suit)
        if high == low:
            return [_cell(r, r, False) for r in range(high, 13)]
        return [c for kicker in range(low, high) for c in self.cells(high, kicker, suit)]

    def classes(self, start: int, text: str) -> list[int]:
        """The grid cells of a dash form (a class or a plus form is :meth:`plus_cells`')."""
        dash = _DASH.fullmatch(text)
        if dash:
            first = self.class_parts(start, text, dash.group(1, 2, 3))
            second = self.class_parts(start, text, dash.group(4, 5, 6))
            pairs = (first[0] == first[1], second[0] == second[1])
            if pairs == (True, True):
                lo, hi = sorted((first[0], second[0]))
                return [_cell(r, r, False) for r in range(lo, hi + 1)]
            if pairs == (False, False) and first[2] == second[2]:
                if first[0] == second[0]:  # A2s-A5s: the kickers of one top card
                    lo, hi = sorted((first[1], second[1]))
                    return [c for kicker in range(lo, hi + 1) for c in self.cells(first[0], kicker, first[2])]
                gap = first[0] - first[1]
                if second[0] - second[1] == gap:  # JTs-54s: a run of classes with one gap
                    lo, hi = sorted((first[0], second[0]))
                    return [c for top in range(lo, hi + 1) for c in self.cells(top, top - gap, first[2])]
            raise self.error(start, text, "a dash joins two pairs, two classes with the same top card, or two "
                                          "with the same gap between their cards, and the same suitedness")
        raise self.error(start, text, "unknown range token")

    def class_parts(self, start: int, text: str, parts: Sequence[str]) -> tuple[int, int, str]:
        """Top rank, kicker rank and suitedness ('', 's' or 'o') of a class like ``AKs``."""
        ranks = sorted((RANKS.index(parts[0].upper()), RANKS.index(parts[1].upper())), reverse=True)
        suit = parts[2].lower()
        if ranks[0] == ranks[1] and suit:
            raise self.error(start, text, "a pair is neither suited nor offsuit")
        return ranks[0], ranks[1], suit

    @staticmethod
    def cells(high: int, low: int, suit: str) -> list[int]:
        """The grid cells of one class; both suited and offsuit when ``suit`` is ''."""
        if high == low:
            return [_cell(high, low, False)]
        return [_cell(high, low, s) for s in ((True, False) if not suit else (suit == "s",))]


def _class_items() -> dict[str, tuple[int, ...]]:
    # each class and plus form as written in canonical case ("AKs", "AK", "66+"), with the
    # grid cells the parser gives it: a range's commonest items are then a lookup
    parser = _Parser("", None)
    names = set(CLASS_NAMES) | {name[:2] for name in CLASS_NAMES}
    out = {}
    for name in sorted(names):
        for text in (name, name + "+"):
            plus = _PLUS.fullmatch(text)
            assert plus is not None
            out[text] = tuple(parser.plus_cells(0, text, plus))
    return out


_CLASS_ITEMS = _class_items()
"""The grid cells of each class and plus form in canonical case (``"AKs"``, ``"AK+"``)."""
