"""What a range holds on a board: made hands and draws, combo by combo (as Flopzilla shows it).

>>> b = breakdown("QQ+,AK,KQs", "Ah7d2c")
>>> b.combos, b.made["set"].combos, b.made["top_pair"].combos, b.made["top_pair"].split["top_kicker"].combos
(31, 3, 12, 12)
>>> round(b.made["overpair"].share, 4), b.made["set"].hands
(0.0, ('AsAd', 'AsAc', 'AdAc'))

Every combo of the range that the board and the dead cards leave lands in exactly one made-hand
line (:data:`MADE_LINES`, strongest first), and in any number of draw lines
(:data:`DRAW_LINES`, none on the river). Two made lines are split further, each combo in one
part (:data:`SPLITS`): ``two_pair`` and ``top_pair``. A made hand counts only where the hole
cards play:

- ``straight_flush``, ``quads``, ``full_house``, ``flush``, ``straight``: the hand is of that
  category and the hole cards play in it (on a five-card board, the hand beats the board alone);
  a hand that only plays the board is classed by the lines below;
- ``set``: a pocket pair with one of its rank on the board; ``trips``: one hole card matching
  a board pair;
- ``two_pair``, split into ``both_cards``: each hole card pairs a board card, and both pairs
  play; and ``board_pair``: one hole card pairs a board card beside a pair on the board (a board
  pair that counterfeits the hand's second pair lands here too);
- ``overpair``: a pocket pair above every board card; ``pocket_pair_below_top``: one below the
  top board card (and not a set);
- ``top_pair``: a hole card pairs the top board card, split by its kicker into ``top_kicker``
  when no rank the board leaves beats it, ``good_kicker`` when one or two do, ``weak_kicker``
  otherwise;
- ``middle_pair``: a hole card pairs the second highest board rank; ``bottom_pair``: a lower one;
- ``ace_high``: no pair with the hole cards, an ace in them; ``no_made_hand``: the rest.

Draws on the flop and turn, each to a hand better than the combo's made line:

- ``flush_draw``: four cards of a suit, one or two of them in the hand; ``nut_flush_draw``: and
  the hand holds the best card of that suit the board leaves;
- ``oesd``, ``double_gutshot``, ``gutshot``: the ranks that complete a straight the board and
  that card alone would not make: two that close a run of four at both ends (open-ended), two
  otherwise (double gutshot), or one;
- ``backdoor_flush_draw`` (flop): three cards of a suit, one or two in the hand, and no flush draw;
- ``two_overcards``: no pair with the hole cards, both above the top board card;
- ``flush_draw_and_straight_draw``, ``pair_and_flush_draw``, ``pair_and_straight_draw``: the
  combo draws; a pair is one of the lines from ``overpair`` to ``bottom_pair``.

Weights are the range's (``AKs:0.5`` counts half); each line's :attr:`~BreakdownLine.share` is its
weight over the weight of the range on this board.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType

import numpy as np

from pokerlab.cards.notation import CardsLike, format_cards, parse_cards
from pokerlab.errors import HandSizeError, InvalidArgumentError, InvalidRangeError, clip
from pokerlab.ranges.holdem import COMBO_NAMES, COMBO_ORDER, COMBOS, Range
from pokerlab.rankings.category import category_of_strength
from pokerlab.rankings.tables import load_tables

__all__ = ["DRAW_LINES", "FINE_LINES", "LABELS", "MADE_LINES", "SPLITS", "Breakdown", "BreakdownLine", "breakdown",
           "classify", "combos_left"]

MADE_LINES = ("straight_flush", "quads", "full_house", "flush", "straight", "set", "trips", "two_pair", "overpair",
              "top_pair", "pocket_pair_below_top", "middle_pair", "bottom_pair", "ace_high", "no_made_hand")
"""The made-hand lines, strongest first: each combo lands in exactly one."""

SPLITS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "two_pair": ("both_cards", "board_pair"), "top_pair": ("top_kicker", "good_kicker", "weak_kicker")})
"""The made lines split further, into the parts of :attr:`BreakdownLine.split`."""

FINE_LINES = tuple(fine for line in MADE_LINES
                   for fine in [f"{line}_{part}" for part in SPLITS.get(line, ())] or [line])
"""The made lines with their parts in place (``top_pair_top_kicker``): :func:`classify`
gives each combo's index here."""

DRAW_LINES = ("flush_draw", "nut_flush_draw", "oesd", "double_gutshot", "gutshot", "backdoor_flush_draw",
              "two_overcards", "flush_draw_and_straight_draw", "pair_and_flush_draw", "pair_and_straight_draw")
"""The draws: a combo may have several or none (the kernel sets bit ``i`` for line ``i``)."""

LABELS: Mapping[str, str] = MappingProxyType({
    "straight_flush": "Straight flush", "quads": "Quads", "full_house": "Full house", "flush": "Flush",
    "straight": "Straight", "set": "Set", "trips": "Trips", "two_pair": "Two pair",
    "two_pair_both_cards": "Two pair, both hole cards",
    "two_pair_board_pair": "Two pair, one hole card and a board pair", "overpair": "Overpair",
    "top_pair": "Top pair", "top_pair_top_kicker": "Top pair, top kicker",
    "top_pair_good_kicker": "Top pair, good kicker",
    "top_pair_weak_kicker": "Top pair, weak kicker", "pocket_pair_below_top": "Pocket pair below the top card",
    "middle_pair": "Middle pair", "bottom_pair": "Bottom pair", "ace_high": "Ace high",
    "no_made_hand": "No made hand", "flush_draw": "Flush draw", "nut_flush_draw": "Nut flush draw",
    "oesd": "Open-ended straight draw", "double_gutshot": "Double gutshot", "gutshot": "Gutshot",
    "backdoor_flush_draw": "Backdoor flush draw", "two_overcards": "Two overcards",
    "flush_draw_and_straight_draw": "Flush draw and straight draw", "pair_and_flush_draw": "Pair and flush draw",
    "pair_and_straight_draw": "Pair and straight draw"})
"""Each line's name as people write it."""


@dataclass(frozen=True)
class BreakdownLine:
    """One line of a breakdown: how many combos of the range it holds, their weight and share."""

    name: str
    combos: int
    weight: float
    share: float
    """The line's weight over the range's weight on the board."""
    hands: tuple[str, ...] = field(repr=False)
    """The combos in the line, strongest cards first, like ``"AsKd"``."""
    weights: tuple[float, ...] = field(repr=False)
    """The range's weight of each of :attr:`hands`."""
    split: Mapping[str, BreakdownLine] = field(repr=False)
    """For ``two_pair`` and ``top_pair``, the parts (see :data:`SPLITS`), each combo in one;
    empty for the other lines."""

    @property
    def label(self) -> str:
        """The line's name as people write it: ``"Top pair, top kicker"``."""
        return LABELS[self.name]

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values; ``hands`` maps each combo to its weight."""
        return {"name": self.name, "label": self.label, "combos": self.combos, "weight": self.weight,
                "share": self.share, "hands": dict(zip(self.hands, self.weights)),
                "split": {part: line.to_dict() for part, line in self.split.items()}}


@dataclass(frozen=True, repr=False)
class Breakdown:
    """The outcome of :func:`breakdown`: the range's combos on the board, by made hand and by draw."""

    range: str
    board: str
    dead: str
    combos: int
    """How many combos of the range the board and dead cards leave."""
    weight: float
    """Their total weight."""
    made: Mapping[str, BreakdownLine]
    """Every made-hand line by name, strongest first; each combo is in exactly one."""
    draws: Mapping[str, BreakdownLine]
    """Every draw line by name; a combo may be in several."""

    def __repr__(self) -> str:
        held = ", ".join(f"{line.name} {line.combos}" for line in self.made.values() if line.combos)
        return f"Breakdown({self.range!r} on {self.board}: {self.combos} combos; {held})"

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values: every line, in order, under ``made`` and ``draws``."""
        return {"range": self.range, "board": self.board, "dead": self.dead, "combos": self.combos,
                "weight": self.weight, "made": {name: line.to_dict() for name, line in self.made.items()},
                "draws": {name: line.to_dict() for name, line in self.draws.items()}}


@functools.cache
def _kernels() -> ModuleType:
    """The breakdown kernels, imported on first use: they load Numba."""
    return importlib.import_module("pokerlab.analyses.breakdown_kernels")


def _board(board: CardsLike) -> tuple[int, ...]:
    board_ids = parse_cards(board, name="board")
    if not 3 <= len(board_ids) <= 5:
        raise HandSizeError(f"a breakdown needs a flop, turn or river (3 to 5 board cards), got {len(board_ids)}")
    return board_ids


def classify(combos: np.ndarray, board: CardsLike) -> tuple[np.ndarray, np.ndarray]:
    """The made-hand line (index into :data:`FINE_LINES`) and draw bits (bit ``i`` for
    ``DRAW_LINES[i]``) of each combo of a (K, 2) array of card ids, on a board of 3 to 5 cards.

    >>> made, draws = classify(COMBOS[[1325]], "Ad 7d 2c")  # AsAh
    >>> FINE_LINES[int(made[0])], int(draws[0])
    ('set', 0)
    >>> classify(np.array([[51, 51]]), "Ah 7d 2c")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: combos must be (K, 2) card ids from 0 to 51, two different cards ...
    """
    board_ids = _board(board)
    array = np.asarray(combos)
    if (array.ndim != 2 or array.shape[1] != 2 or not np.issubdtype(array.dtype, np.integer)
            or (array.size and (array.min() < 0 or array.max() > 51 or np.any(array[:, 0] == array[:, 1])
                                or np.isin(array, board_ids).any()))):
        raise InvalidArgumentError("combos must be (K, 2) card ids from 0 to 51, two different cards a row, "
                                   "none on the board")
    t = load_tables()
    made, draws = _kernels().classify_combos(np.ascontiguousarray(array, dtype=np.uint8),
                                             np.array(board_ids, dtype=np.uint8), t.card_key, t.card_mask, t.rank,
                                             t.offsets, t.flush, category_of_strength())
    return made, draws


def combos_left(hand_range: str | Range, board: CardsLike,
                dead: CardsLike = "") -> tuple[Range, tuple[int, ...], tuple[int, ...], np.ndarray]:
    """The range, the board and the dead cards read, and the weight of each of the 1,326
    combos that they leave (indexed as :data:`~pokerlab.ranges.holdem.COMBOS`): what
    :func:`breakdown` checks before it classifies anything. A range they leave empty is
    refused, as :func:`~pokerlab.equity.api.equity` refuses it.

    >>> r, board, dead, left = combos_left("AA", "Ah 7d 2c")
    >>> int((left > 0).sum())
    3
    >>> combos_left("AA", "Ah Ad Ac")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidRangeError: range 'AA' is empty once the board and dead cards are removed
    """
    r = hand_range if isinstance(hand_range, Range) else Range(hand_range)
    board_ids = _board(board)
    dead_ids = parse_cards(dead, name="dead")
    parse_cards([*board_ids, *dead_ids])  # a card on the board and dead is a duplicate
    left: np.ndarray = r.without([*board_ids, *dead_ids]).weights
    if not left.any():
        # an all-zero table would read as an answer
        where = " once the board and dead cards are removed" if r.weights.any() else ""
        raise InvalidRangeError(f"range {clip(r.text)} is empty{where}")
    return r, board_ids, dead_ids, left


def breakdown(hand_range: str | Range, board: CardsLike, dead: CardsLike = "") -> Breakdown:
    """Sort every combo of a range that the board and dead cards leave into made hands and draws.

    ``hand_range`` is range text (see :mod:`pokerlab.ranges.holdem`) or a :class:`~pokerlab.ranges.holdem.Range`;
    ``board`` has 3 to 5 cards. The definitions of the lines are in the module's introduction.

    >>> b = breakdown("JTs-54s", "9h8d2c")
    >>> b.draws["oesd"].combos, b.draws["gutshot"].combos, b.made["straight"].combos
    (8, 4, 0)
    """
    r, board_ids, dead_ids, left = combos_left(hand_range, board, dead)
    present = np.flatnonzero(left)
    # strongest cards first, the order people read combos in
    present = present[np.argsort(COMBO_ORDER[present])]
    weights = left[present]
    made, draws = classify(COMBOS[present], board_ids)
    total = float(weights.sum())
    names = [COMBO_NAMES[i] for i in present.tolist()]
    listed = weights.tolist()

    def line(name: str, members: np.ndarray, split: Mapping[str, BreakdownLine]) -> BreakdownLine:
        picked = np.flatnonzero(members).tolist()
        weight = float(weights[picked].sum())
        return BreakdownLine(name, len(picked), weight, weight / total if total else 0.0,
                             tuple(names[i] for i in picked), tuple(listed[i] for i in picked), split)

    made_lines = {}
    for name in MADE_LINES:
        parts = {part: FINE_LINES.index(f"{name}_{part}") for part in SPLITS.get(name, ())}
        split = {part: line(FINE_LINES[i], made == i, MappingProxyType({})) for part, i in parts.items()}
        members = np.isin(made, list(parts.values())) if parts else made == FINE_LINES.index(name)
        made_lines[name] = line(name, members, MappingProxyType(split))
    draw_lines = {name: line(name, draws >> i & 1, MappingProxyType({})) for i, name in enumerate(DRAW_LINES)}
    return Breakdown(r.text, format_cards(board_ids), format_cards(dead_ids), len(present), total,
                     MappingProxyType(made_lines), MappingProxyType(draw_lines))

