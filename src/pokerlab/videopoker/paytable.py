"""Video poker games as data: the final hands a game pays, its wild cards, the tables players know.

A game (a :class:`Paytable`) is a name, its wild cards (``"none"``, ``"deuces"``: the four 2s,
or ``"joker"``: one joker added to make a 53-card deck) and the pay per coin of each line: a
:class:`FinalHand` from one shared vocabulary. The pair qualifier is the pair line's name
(``jacks_or_better``, ``tens_or_better``, ``kings_or_better``); quads may pay by rank and by
kicker (``four_aces``, ``four_2_4``, ``four_5_k``, ``four_aces_with_2_4``,
``four_2_4_with_a_4``, each falling back to a wider line). A hand the game does not list
(two pair in Deuces Wild) pays nothing. The natural royal flush pays its line only at five
coins; with fewer it pays :data:`ROYAL_BELOW_MAX_COINS` per coin.

>>> table = PAYTABLES["jacks-9-6"]
>>> table  # doctest: +NORMALIZE_WHITESPACE
Paytable('jacks-9-6', royal_flush=800, straight_flush=50, four_of_a_kind=25, full_house=9, flush=6,
         straight=4, three_of_a_kind=3, two_pair=2, jacks_or_better=1)
>>> table.pay(FinalHand.ROYAL_FLUSH, 5), table.pay(FinalHand.ROYAL_FLUSH, 1)
(800, 250)
>>> deuces = PAYTABLES["deuces-wild-full-pay"]
>>> deuces.wild, deuces.deck_size, [line.value for line in deuces.lines[:3]]
('deuces', 52, ['royal_flush', 'four_deuces', 'wild_royal_flush'])

A game of one's own, for :meth:`Paytable.load` in TOML (JSON and :meth:`Paytable.from_dict`
take the same shape)::

    name = "loose-deuces"
    game = "Loose Deuces"      # optional: a title for people
    wild = "deuces"            # optional: "none" (the default), "deuces" or "joker"
    [pays]
    royal_flush = 800
    four_deuces = 500
    wild_royal_flush = 25
    five_of_a_kind = 15
    straight_flush = 10
    four_of_a_kind = 4
    full_house = 3
    flush = 2
    straight = 2
    three_of_a_kind = 1

Pays are bounded by :data:`MAX_PAY`, so that every sum the kernels form stays exact:

>>> Paytable("huge", {**table.pays, "royal_flush": 2**50})
Traceback (most recent call last):
...
pokerlab.errors.PaytableError: pay table 'huge': royal_flush must be an int from 0 to 1000000, got 1125899906842624
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType

from pokerlab.checks import check_int
from pokerlab.errors import InvalidArgumentError, PaytableError, VideoPokerError

HAND_SIZE = 5
MAX_COINS = 5
ROYAL_BELOW_MAX_COINS = 250
"""Per-coin pay of a natural royal flush bet with fewer than five coins (or its line, if lower)."""
MAX_PAY = 10**6
"""The largest pay per coin of a line.

The kernels rank holds by exact integer sums in int64; the largest is a hold's second moment,
``draw_lcm * pay**2`` at most (the draws of a hold, scaled to the common denominator
``draw_lcm``: 7,669,695 for 47 unseen cards, 8,561,520 for the 48 of a joker deck, times the
square of the pay). A million keeps that below 2**63; a larger pay would wrap around and
quietly change which hold is best.
"""
WILDS = ("none", "deuces", "joker")
"""The wild cards a game may have: none, the four deuces, or one joker in a 53-card deck."""


class FinalHand(StrEnum):
    """Every final hand a video poker game may pay, weakest first.

    A game pays some of them (:attr:`Paytable.hands`); the rest do not occur in it or pay
    nothing. ``ROYAL_FLUSH`` is the natural royal, made without wild cards.

    >>> FinalHand.JACKS_OR_BETTER.label, FinalHand("four_2_4_with_a_4").label
    ('Jacks or Better', 'Four 2s-4s with an A-4 kicker')
    """

    NOTHING = "nothing"
    TENS_OR_BETTER = "tens_or_better"
    JACKS_OR_BETTER = "jacks_or_better"
    KINGS_OR_BETTER = "kings_or_better"
    TWO_PAIR = "two_pair"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FOUR_5_K = "four_5_k"
    FOUR_2_4 = "four_2_4"
    FOUR_ACES = "four_aces"
    FOUR_2_4_WITH_A_4 = "four_2_4_with_a_4"
    FOUR_ACES_WITH_2_4 = "four_aces_with_2_4"
    STRAIGHT_FLUSH = "straight_flush"
    FIVE_OF_A_KIND = "five_of_a_kind"
    WILD_ROYAL_FLUSH = "wild_royal_flush"
    FOUR_DEUCES = "four_deuces"
    ROYAL_FLUSH = "royal_flush"

    @property
    def index(self) -> int:  # type: ignore[override]  # a final hand has no use for str.index
        """Position in the vocabulary, weakest (0, nothing) to strongest: the place of its pay in
        :meth:`Paytable.per_coin`."""
        return _INDEX[self]

    @property
    def label(self) -> str:
        """The hand as a pay table prints it."""
        return _LABELS.get(self) or self.value.replace("_", " ").title().replace(" Of A ", " of a ")


_INDEX = {hand: i for i, hand in enumerate(FinalHand)}
_LABELS = {
    FinalHand.TENS_OR_BETTER: "Tens or Better", FinalHand.JACKS_OR_BETTER: "Jacks or Better",
    FinalHand.KINGS_OR_BETTER: "Kings or Better", FinalHand.FOUR_5_K: "Four 5s-Ks",
    FinalHand.FOUR_2_4: "Four 2s-4s", FinalHand.FOUR_2_4_WITH_A_4: "Four 2s-4s with an A-4 kicker",
    FinalHand.FOUR_ACES_WITH_2_4: "Four Aces with a 2-4 kicker",
}
LINES = tuple(reversed(FinalHand))[:-1]
"""Every line a game may pay, strongest first: the whole vocabulary except nothing."""

PAIR_QUALIFIER = {FinalHand.TENS_OR_BETTER: 8, FinalHand.JACKS_OR_BETTER: 9, FinalHand.KINGS_OR_BETTER: 11}
"""The lowest rank (0 = deuce .. 12 = ace) of a pair that pays, for each pair line."""
QUAD_RANKS = {FinalHand.FOUR_ACES: (12,), FinalHand.FOUR_2_4: (0, 1, 2), FinalHand.FOUR_5_K: tuple(range(3, 12))}
"""The quad ranks each by-rank line of four of a kind pays."""
QUAD_KICKERS = {FinalHand.FOUR_ACES_WITH_2_4: (FinalHand.FOUR_ACES, (0, 1, 2)),
                FinalHand.FOUR_2_4_WITH_A_4: (FinalHand.FOUR_2_4, (12, 0, 1, 2))}
"""The by-kicker lines: the by-rank line they refine and the kicker ranks they pay."""
_BY_RANK_OR_KICKER = (*QUAD_RANKS, *QUAD_KICKERS)
_ONLY_WITH = {FinalHand.FOUR_DEUCES: ("deuces",), FinalHand.WILD_ROYAL_FLUSH: ("deuces", "joker"),
              FinalHand.FIVE_OF_A_KIND: ("deuces", "joker"),
              **{line: ("none",) for line in _BY_RANK_OR_KICKER}}
_OPTIONAL = (FinalHand.TWO_PAIR, *PAIR_QUALIFIER)
"""Lines a game may leave out (they then pay nothing); every other line it can produce is required."""


def _checked(error: type[VideoPokerError], name: str, value: object, low: int, high: int) -> int:
    """``check_int``, raising the video poker error the caller names instead."""
    try:
        return check_int(name, value, low=low, high=high)
    except InvalidArgumentError as err:
        raise error(str(err)) from None


def check_coins(coins: object) -> int:
    """The coins bet on a hand: an int from 1 to :data:`MAX_COINS`.

    >>> check_coins(2.5)
    Traceback (most recent call last):
    ...
    pokerlab.errors.VideoPokerError: coins must be an int from 1 to 5, got 2.5
    """
    return _checked(VideoPokerError, "coins", coins, 1, MAX_COINS)


def _producible(wild: str) -> list[FinalHand]:
    """The lines a game with these wild cards can make, strongest first."""
    return [line for line in LINES if wild in _ONLY_WITH.get(line, WILDS)]


@dataclass(frozen=True)
class Paytable:
    """A video poker game: a name, its wild cards and the pay per coin of each line it pays.

    ``pays`` maps line names (values of :class:`FinalHand`) to whole numbers of coins per coin
    bet, 0 to :data:`MAX_PAY`. Every line the game can make is required except two pair and
    the pair line; four of a kind may be split into ``four_aces``, ``four_2_4`` and
    ``four_5_k`` (all three, or with ``four_of_a_kind`` for the ranks left), and those into
    the kicker lines. ``wild`` is one of :data:`WILDS`; ``game`` is a title for people.

    >>> Paytable("mine", {**PAYTABLES["jacks-9-6"].pays, "full_house": 8}).pays["full_house"]
    8
    >>> Paytable("mine", {**PAYTABLES["jacks-9-6"].pays, "five_of_a_kind": 15})
    Traceback (most recent call last):
    ...
    pokerlab.errors.PaytableError: pay table 'mine': five_of_a_kind needs wild cards (wild = 'deuces' or 'joker')
    """

    name: str
    pays: Mapping[str, int]
    wild: str = "none"
    game: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise PaytableError(f"a pay table's name must be a non-empty string, got {self.name!r}")
        where = f"pay table {self.name!r}"
        if not isinstance(self.wild, str) or self.wild not in WILDS:
            raise PaytableError(f"{where}: wild must be one of {', '.join(map(repr, WILDS))}; got {self.wild!r}")
        if not isinstance(self.game, str):
            raise PaytableError(f"{where}: game must be a string, got {self.game!r}")
        if not isinstance(self.pays, Mapping):
            raise PaytableError(f"{where}: pays must map line names to pays, got {self.pays!r}")
        unknown = [str(key) for key in self.pays if key not in LINES]
        if unknown:
            raise PaytableError(f"{where} has unknown lines {', '.join(unknown)}; "
                                f"the lines are {', '.join(LINES)}")
        for line in self.pays:
            allowed = _ONLY_WITH.get(FinalHand(line), WILDS)
            if self.wild not in allowed:
                needs = "no wild cards" if allowed == ("none",) else \
                    "wild cards (wild = " + " or ".join(map(repr, allowed)) + ")"
                raise PaytableError(f"{where}: {line} needs {needs}")
        pairs = [line for line in PAIR_QUALIFIER if line in self.pays]
        if len(pairs) > 1:
            raise PaytableError(f"{where} has two pair lines, {' and '.join(pairs)}: a game has one qualifier")
        missing = [line.value for line in _producible(self.wild)
                   if line not in self.pays and line not in _OPTIONAL and line not in _BY_RANK_OR_KICKER
                   and not (line == FinalHand.FOUR_OF_A_KIND and all(q in self.pays for q in QUAD_RANKS))]
        if missing:
            quads = " (or four_aces, four_2_4 and four_5_k)" if "four_of_a_kind" in missing and \
                self.wild == "none" else ""
            raise PaytableError(f"{where} lacks the lines {', '.join(missing)}{quads}")
        # Stored strongest first whatever the input order, read-only: the table is a value.
        ordered = {line.value: _checked(PaytableError, f"{where}: {line.value}", self.pays[line], 0, MAX_PAY)
                   for line in LINES if line in self.pays}
        object.__setattr__(self, "pays", MappingProxyType(ordered))
        if not self.game.strip():
            object.__setattr__(self, "game", _default_title(self.wild, pairs))

    def __repr__(self) -> str:
        lines = ", ".join(f"{line}={pay}" for line, pay in self.pays.items())
        wild = "" if self.wild == "none" else f", wild={self.wild!r}"
        return f"Paytable({self.name!r}, {lines}{wild})"

    def __hash__(self) -> int:
        return hash((self.name, self.wild, self.game, tuple(self.pays.items())))

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 52, or 53 with the joker (card id 52)."""
        return 53 if self.wild == "joker" else 52

    @property
    def lines(self) -> tuple[FinalHand, ...]:
        """The lines the game pays, strongest first, as its pay table lists them.

        >>> [line.value for line in PAYTABLES["joker-kings-20-7-5"].lines[:3]]
        ['royal_flush', 'five_of_a_kind', 'wild_royal_flush']
        """
        lines = [line for line in LINES if line in self.pays]
        five, wild_royal = FinalHand.FIVE_OF_A_KIND, FinalHand.WILD_ROYAL_FLUSH
        # No hand is both (a royal has five ranks), so games list them by pay: Joker Poker puts
        # five of a kind first, Deuces Wild the wild royal.
        if five in lines and self.pays[five] > self.pays[wild_royal]:
            i, j = lines.index(wild_royal), lines.index(five)
            lines[i], lines[j] = lines[j], lines[i]
        return tuple(lines)

    @property
    def hands(self) -> tuple[FinalHand, ...]:
        """Every final hand of the game, weakest first in the order of :class:`FinalHand`: nothing,
        then its lines; the columns of its final-hand counts, which depend on its lines alone."""
        return (FinalHand.NOTHING, *(hand for hand in FinalHand if hand in self.pays))

    @property
    def pair_qualifier(self) -> int | None:
        """The lowest rank of a paying pair (0 = deuce .. 12 = ace), or None if no pair pays.

        >>> PAYTABLES["tens-6-5"].pair_qualifier, PAYTABLES["deuces-wild-nsu"].pair_qualifier
        (8, None)
        """
        return next((PAIR_QUALIFIER[line] for line in PAIR_QUALIFIER if line in self.pays), None)

    def label(self, hand: FinalHand) -> str:
        """A final hand as this game's players name it: the royal flush made without wild cards is
        the "natural" one where wild cards play.

        >>> royal = FinalHand.ROYAL_FLUSH
        >>> PAYTABLES["deuces-wild-nsu"].label(royal), PAYTABLES["jacks-9-6"].label(royal)
        ('Natural Royal Flush', 'Royal Flush')
        """
        return f"Natural {hand.label}" if hand == FinalHand.ROYAL_FLUSH and self.wild != "none" else hand.label

    def pay(self, hand: FinalHand | str, coins: int = MAX_COINS) -> int:
        """Coins paid per coin bet for a final hand (or its name) at ``coins`` coins; 0 for a hand
        the game does not pay.

        >>> PAYTABLES["jacks-8-5"].pay(FinalHand.FULL_HOUSE), PAYTABLES["jacks-8-5"].pay("five_of_a_kind")
        (8, 0)
        """
        if not isinstance(hand, str) or hand not in _INDEX:
            raise PaytableError(f"hand must be a final hand, one of {', '.join(FinalHand)}; got {hand!r}")
        return self.per_coin(coins)[FinalHand(hand).index]

    def per_coin(self, coins: int = MAX_COINS) -> tuple[int, ...]:
        """The pay per coin of every final hand of the vocabulary, weakest first, by
        :attr:`FinalHand.index` (0 for the hands the game does not pay)."""
        coins = check_coins(coins)
        pays = [self.pays.get(hand, 0) for hand in FinalHand]
        if coins < MAX_COINS:
            royal = FinalHand.ROYAL_FLUSH.index
            pays[royal] = min(pays[royal], ROYAL_BELOW_MAX_COINS)
        return tuple(pays)

    def hand_pays(self, coins: int = MAX_COINS) -> tuple[int, ...]:
        """The pay per coin of each of :attr:`hands`, in that order.

        >>> PAYTABLES["jacks-9-6"].hand_pays(1)
        (0, 1, 2, 3, 4, 6, 9, 25, 50, 250)
        """
        per_coin = self.per_coin(coins)
        return tuple(per_coin[hand.index] for hand in self.hands)

    def to_dict(self) -> dict[str, object]:
        """The game as plain JSON-ready values, in the shape :meth:`from_dict` reads."""
        return {"name": self.name, "game": self.game, "wild": self.wild, "pays": dict(self.pays)}

    @classmethod
    def from_dict(cls, data: object, name: str | None = None) -> Paytable:
        """A game from plain values: ``pays`` (a table of lines), and optionally ``name`` (else
        the ``name`` given here), ``wild`` and ``game``.

        >>> Paytable.from_dict({"name": "nsu", "wild": "deuces", "pays": PAYTABLES["deuces-wild-nsu"].pays}).game
        'Deuces Wild'
        >>> Paytable.from_dict({"pays": {}, "coins": 5}, "mine")
        Traceback (most recent call last):
        ...
        pokerlab.errors.PaytableError: pay table 'mine' has unknown keys coins; expected name, game, wild and pays
        """
        where = f"pay table {name!r}" if name is not None else "a pay table"
        if not isinstance(data, Mapping) or "pays" not in data:
            raise PaytableError(f"{where} has no 'pays' table of lines")
        unknown = [str(key) for key in data if key not in ("name", "game", "wild", "pays")]
        if unknown:
            raise PaytableError(f"{where} has unknown keys {', '.join(unknown)}; expected name, game, wild and pays")
        title = data.get("name", name)
        if not isinstance(title, str):
            raise PaytableError(f"{where}: name must be a non-empty string, got {title!r}")
        return cls(title, data["pays"], data.get("wild", "none"), data.get("game", ""))

    @classmethod
    def load(cls, path: str | Path) -> Paytable:
        """Read a game from a TOML or JSON file, in the shape of :meth:`from_dict`; the name
        defaults to the file's stem.

        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = Path(folder, "mine.json")
        ...     _ = path.write_text(json.dumps({"pays": {**PAYTABLES["jacks-9-6"].pays, "flush": 5}}))
        ...     Paytable.load(path).hand_pays(5)
        (0, 1, 2, 3, 4, 5, 9, 25, 50, 800)
        """
        if not isinstance(path, (str, Path)):
            raise PaytableError(f"a pay table file must be a path, got {path!r}")
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise PaytableError(f"cannot read pay table {str(path)!r}: {err.strerror}") from err
        except UnicodeDecodeError as err:
            raise PaytableError(f"pay table {str(path)!r} is not UTF-8 text (byte {err.start}: "
                                f"{err.object[err.start:err.start + 1]!r})") from err
        try:
            if path.suffix.lower() == ".json":
                data = json.loads(text)
            elif path.suffix.lower() == ".toml":
                data = tomllib.loads(text)
            else:
                raise PaytableError(f"pay table {str(path)!r}: expected a .toml or .json file")
        except (json.JSONDecodeError, tomllib.TOMLDecodeError) as err:
            raise PaytableError(f"pay table {str(path)!r} does not parse: {err}") from err
        if not isinstance(data, dict) or "pays" not in data:
            raise PaytableError(f"pay table {str(path)!r} has no 'pays' table of lines")
        return cls.from_dict(data, path.stem)


def _default_title(wild: str, pairs: list[FinalHand]) -> str:
    """A title for a game given none: its wild cards, else its pair line."""
    if wild != "none":
        return {"deuces": "Deuces Wild", "joker": "Joker Poker"}[wild]
    return pairs[0].label if pairs else "Video Poker"


def _jacks(full_house: int, flush: int, pair: str = "jacks_or_better") -> dict[str, int]:
    return {"royal_flush": 800, "straight_flush": 50, "four_of_a_kind": 25, "full_house": full_house,
            "flush": flush, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, pair: 1}


def _deuces(five_of_a_kind: int, straight_flush: int, four_of_a_kind: int, full_house: int, flush: int,
            straight: int) -> dict[str, int]:
    return {"royal_flush": 800, "four_deuces": 200, "wild_royal_flush": 25, "five_of_a_kind": five_of_a_kind,
            "straight_flush": straight_flush, "four_of_a_kind": four_of_a_kind, "full_house": full_house,
            "flush": flush, "straight": straight, "three_of_a_kind": 1}


def _bonus(four_aces: int, four_2_4: int, four_5_k: int, full_house: int, flush: int, straight: int,
           two_pair: int) -> dict[str, int]:
    return {"royal_flush": 800, "straight_flush": 50, "four_aces": four_aces, "four_2_4": four_2_4,
            "four_5_k": four_5_k, "full_house": full_house, "flush": flush, "straight": straight,
            "three_of_a_kind": 3, "two_pair": two_pair, "jacks_or_better": 1}


PAYTABLES: dict[str, Paytable] = {
    **{name: Paytable(name, _jacks(full_house, flush), game="Jacks or Better")
       for name, full_house, flush in (("jacks-9-6", 9, 6), ("jacks-9-5", 9, 5), ("jacks-8-6", 8, 6),
                                       ("jacks-8-5", 8, 5), ("jacks-7-5", 7, 5), ("jacks-6-5", 6, 5))},
    "tens-6-5": Paytable("tens-6-5", _jacks(6, 5, "tens_or_better"), game="Tens or Better"),
    "bonus-8-5": Paytable("bonus-8-5", _bonus(80, 40, 25, 8, 5, 4, 2), game="Bonus Poker"),
    "bonus-deluxe-9-6": Paytable("bonus-deluxe-9-6", {**_jacks(9, 6), "four_of_a_kind": 80, "two_pair": 1},
                                 game="Bonus Poker Deluxe"),
    "double-bonus-10-7": Paytable("double-bonus-10-7", _bonus(160, 80, 50, 10, 7, 5, 1), game="Double Bonus"),
    "double-double-bonus-9-6": Paytable(
        "double-double-bonus-9-6", {**_bonus(160, 80, 50, 9, 6, 4, 1), "four_aces_with_2_4": 400,
                                    "four_2_4_with_a_4": 160}, game="Double Double Bonus"),
    "deuces-wild-full-pay": Paytable("deuces-wild-full-pay", _deuces(15, 9, 5, 3, 2, 2), "deuces", "Deuces Wild"),
    "deuces-wild-nsu": Paytable("deuces-wild-nsu", _deuces(16, 10, 4, 4, 3, 2), "deuces",
                                'Deuces Wild, "not so ugly"'),
    "joker-kings-20-7-5": Paytable(
        "joker-kings-20-7-5", {"royal_flush": 800, "five_of_a_kind": 200, "wild_royal_flush": 100,
                               "straight_flush": 50, "four_of_a_kind": 20, "full_house": 7, "flush": 5,
                               "straight": 3, "three_of_a_kind": 2, "two_pair": 1, "kings_or_better": 1},
        "joker", "Joker Poker, kings or better"),
}
"""The built-in games: Jacks or Better by full house and flush pays (9/6 is "full pay"), and one
common table of each of Tens or Better, Bonus Poker, Bonus Poker Deluxe, Double Bonus, Double
Double Bonus, Deuces Wild (full pay and "not so ugly") and Joker Poker (kings or better)."""


def get_paytable(table: Paytable | str | Path | Mapping[str, object]) -> Paytable:
    """A game given as itself, by name in :data:`PAYTABLES`, as a TOML or JSON file, or as a dict
    in the shape of :meth:`Paytable.from_dict`.

    >>> get_paytable("jacks-8-5").pays["flush"]
    5
    >>> get_paytable("jacks-10-7")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.PaytableError: unknown pay table 'jacks-10-7': name one of jacks-9-6, ..., or a .toml or .json file
    """
    if isinstance(table, Paytable):
        return table
    if isinstance(table, str) and table in PAYTABLES:
        return PAYTABLES[table]
    if isinstance(table, (str, Path)) and Path(table).suffix.lower() in (".toml", ".json"):
        return Paytable.load(table)
    if isinstance(table, Mapping):
        return Paytable.from_dict(table, "custom")
    what = f"unknown pay table {str(table)!r}" if isinstance(table, (str, Path)) else \
        f"paytable must be a Paytable, a name, a file or a dict, got {table!r}"
    raise PaytableError(f"{what}: name one of {', '.join(PAYTABLES)}, or a .toml or .json file")
