"""Jacks or Better pay tables: the final hands that pay, the tables players know, loading one's own.

A pay table names the pay per coin of each of nine lines, royal flush down to jacks or better
(a pair of jacks, queens, kings or aces). The royal flush pays its line only at five coins;
with fewer it pays :data:`ROYAL_BELOW_MAX_COINS` per coin.

>>> table = PAYTABLES["jacks-9-6"]
>>> table
Paytable('jacks-9-6', royal_flush=800, straight_flush=50, four_of_a_kind=25, full_house=9, flush=6, straight=4, three_of_a_kind=3, two_pair=2, jacks_or_better=1)
>>> table.per_coin(5)[FinalHand.ROYAL_FLUSH.index], table.per_coin(1)[FinalHand.ROYAL_FLUSH.index]
(800, 250)

A table of one's own, for :meth:`Paytable.load`, in TOML (JSON has the same shape)::

    name = "my-casino"
    [pays]
    royal_flush = 800
    straight_flush = 50
    four_of_a_kind = 25
    full_house = 9
    flush = 6
    straight = 4
    three_of_a_kind = 3
    two_pair = 2
    jacks_or_better = 1

>>> Paytable("short", {"royal_flush": 800})
Traceback (most recent call last):
...
pokerlab.errors.PaytableError: pay table 'short' lacks the lines straight_flush, four_of_a_kind, full_house, flush, straight, three_of_a_kind, two_pair, jacks_or_better
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType

from pokerlab.errors import PaytableError, VideoPokerError

MAX_COINS = 5
ROYAL_BELOW_MAX_COINS = 250
"""Per-coin pay of a royal flush bet with fewer than five coins (or its line, if that is lower)."""






class FinalHand(StrEnum):
    """The pay classes of a final hand in Jacks or Better, weakest first.

    >>> FinalHand.JACKS_OR_BETTER.label, FinalHand("royal_flush").index
    ('Jacks or Better', 9)
    """

    NOTHING = "nothing"
    JACKS_OR_BETTER = "jacks_or_better"
    TWO_PAIR = "two_pair"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    ROYAL_FLUSH = "royal_flush"

    @property
    def index(self) -> int:
        """Position from weakest (0, nothing) to strongest (9, royal flush): the kernels' column."""
        return _INDEX[self]

    @property
    def label(self) -> str:
        """The hand as a pay table prints it."""
        return self.value.replace("_", " ").title().replace(" Or ", " or ").replace(" Of A ", " of a ")


_INDEX = {hand: i for i, hand in enumerate(FinalHand)}
LINES = tuple(reversed(FinalHand))[:-1]
"""The nine lines of a pay table, royal flush first: every final hand except nothing."""


def _with_lines(**pays: int) -> dict[str, int]:
    base = {"royal_flush": 800, "straight_flush": 50, "four_of_a_kind": 25, "three_of_a_kind": 3,
            "two_pair": 2, "jacks_or_better": 1, "straight": 4}
    return {line.value: {**base, **pays}[line.value] for line in LINES}


@dataclass(frozen=True)
class Paytable:
    """A Jacks or Better pay table: a name and the pay per coin of each line.

    ``pays`` maps every line name of :data:`LINES` (``"royal_flush"`` .. ``"jacks_or_better"``)
    to a whole, non-negative number of coins per coin bet; a missing or unknown line is an error.

    >>> Paytable("mine", {**PAYTABLES["jacks-9-6"].pays, "full_house": 8}).pays["full_house"]
    8
    """

    name: str
    pays: Mapping[str, int]

    def __post_init__(self) -> None:
        if not isinstance(self.pays, Mapping):
            raise PaytableError(f"pay table {self.name!r}: pays must map line names to pays, "
                                f"got {self.pays!r}")
        names = {line.value for line in LINES}
        unknown = [str(key) for key in self.pays if key not in names]
        if unknown:
            raise PaytableError(f"pay table {self.name!r} has unknown lines {', '.join(unknown)}; "
                                f"the lines are {', '.join(LINES)}")
        missing = [line.value for line in LINES if line.value not in self.pays]
        if missing:
            raise PaytableError(f"pay table {self.name!r} lacks the lines {', '.join(missing)}")
        for line, pay in self.pays.items():
            if isinstance(pay, bool) or not isinstance(pay, int) or pay < 0:
                raise PaytableError(f"pay table {self.name!r}: {line} pays {pay!r}, "
                                    "not a whole number of coins of at least 0")
        # Stored royal first whatever the input order, read-only: the table is a value.
        ordered = {line.value: int(self.pays[line.value]) for line in LINES}
        object.__setattr__(self, "pays", MappingProxyType(ordered))

    def __repr__(self) -> str:
        lines = ", ".join(f"{line}={pay}" for line, pay in self.pays.items())
        return f"Paytable({self.name!r}, {lines})"

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.pays.items())))

    def pay(self, hand: FinalHand, coins: int = MAX_COINS) -> int:
        """Coins paid per coin bet for a final hand, at ``coins`` coins.

        >>> PAYTABLES["jacks-8-5"].pay(FinalHand.FULL_HOUSE)
        8
        """
        return self.per_coin(coins)[hand.index]

    def per_coin(self, coins: int = MAX_COINS) -> tuple[int, ...]:
        """The pay per coin of every final hand, weakest first (nothing pays 0)."""
        check_coins(coins)
        pays = [0, *(self.pays[line.value] for line in reversed(LINES))]
        if coins < MAX_COINS:
            royal = FinalHand.ROYAL_FLUSH.index
            pays[royal] = min(pays[royal], ROYAL_BELOW_MAX_COINS)
        return tuple(pays)

    def to_dict(self) -> dict[str, object]:
        """The table as plain JSON-ready values, in the shape :meth:`load` reads."""
        return {"name": self.name, "pays": dict(self.pays)}

    @classmethod
    def load(cls, path: str | Path) -> Paytable:
        """Read a pay table from a TOML or JSON file: ``name`` (optional, else the file's stem)
        and ``pays``, a table of the nine lines.

        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = Path(folder, "mine.json")
        ...     _ = path.write_text(json.dumps({"pays": {**PAYTABLES["jacks-9-6"].pays, "flush": 5}}))
        ...     Paytable.load(path).per_coin(5)
        (0, 1, 2, 3, 4, 5, 9, 25, 50, 800)
        """
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise PaytableError(f"cannot read pay table {str(path)!r}: {err.strerror}") from err
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
        unknown = [str(key) for key in data if key not in ("name", "pays")]
        if unknown:
            raise PaytableError(f"pay table {str(path)!r} has unknown keys {', '.join(unknown)}; "
                                "expected 'name' and 'pays'")
        return cls(str(data.get("name", path.stem)), data["pays"])


def check_coins(coins: int) -> None:
    """Refuse a coin count outside 1..5."""
    if isinstance(coins, bool) or not isinstance(coins, int) or not 1 <= coins <= MAX_COINS:
        raise VideoPokerError(f"coins must be a whole number from 1 to {MAX_COINS}, got {coins!r}")


PAYTABLES: dict[str, Paytable] = {
    name: Paytable(name, _with_lines(full_house=full_house, flush=flush))
    for name, full_house, flush in (("jacks-9-6", 9, 6), ("jacks-9-5", 9, 5), ("jacks-8-6", 8, 6),
                                    ("jacks-8-5", 8, 5), ("jacks-7-5", 7, 5), ("jacks-6-5", 6, 5))
}
"""The common Jacks or Better tables by full house and flush pays: 9/6 is "full pay"."""


def get_paytable(table: Paytable | str | Path) -> Paytable:
    """A pay table given as itself, by name in :data:`PAYTABLES`, or as a TOML or JSON file.

    >>> get_paytable("jacks-8-5").pays["flush"]
    5
    >>> get_paytable("jacks-10-7")
    Traceback (most recent call last):
    ...
    pokerlab.errors.PaytableError: unknown pay table 'jacks-10-7': name one of jacks-9-6, jacks-9-5, jacks-8-6, jacks-8-5, jacks-7-5, jacks-6-5 or a .toml or .json file
    """
    if isinstance(table, Paytable):
        return table
    if str(table) in PAYTABLES:
        return PAYTABLES[str(table)]
    if Path(table).suffix.lower() in (".toml", ".json"):
        return Paytable.load(table)
    raise PaytableError(f"unknown pay table {str(table)!r}: name one of {', '.join(PAYTABLES)} "
                        "or a .toml or .json file")
