"""Jacks or Better pay tables: the final hands that pay, the tables players know, loading one's own.

A pay table names the pay per coin of each of nine lines, royal flush down to jacks or better
(a pair of jacks, queens, kings or aces). The royal flush pays its line only at five coins;
with fewer it pays :data:`ROYAL_BELOW_MAX_COINS` per coin.

>>> table = PAYTABLES["jacks-9-6"]
>>> table  # doctest: +NORMALIZE_WHITESPACE
Paytable('jacks-9-6', royal_flush=800, straight_flush=50, four_of_a_kind=25, full_house=9, flush=6,
         straight=4, three_of_a_kind=3, two_pair=2, jacks_or_better=1)
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

MAX_COINS = 5
ROYAL_BELOW_MAX_COINS = 250
"""Per-coin pay of a royal flush bet with fewer than five coins (or its line, if that is lower)."""
MAX_PAY = 10**6
"""The largest pay per coin of a line.

The kernels rank holds by exact integer sums in int64; the largest is a hold's second moment,
``DRAW_LCM * pay**2`` at most (the draws of a hold, scaled to the common denominator
``DRAW_LCM`` = 7,669,695, times the square of the pay). A million keeps that below 2**63; a
larger pay would wrap around and quietly change which hold is best.
"""


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
    def index(self) -> int:  # type: ignore[override]  # a pay class has no use for str.index
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
    to a whole number of coins per coin bet, 0 to :data:`MAX_PAY`; a missing or unknown line is
    an error.

    >>> Paytable("mine", {**PAYTABLES["jacks-9-6"].pays, "full_house": 8}).pays["full_house"]
    8
    """

    name: str
    pays: Mapping[str, int]

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise PaytableError(f"a pay table's name must be a non-empty string, got {self.name!r}")
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
        # Stored royal first whatever the input order, read-only: the table is a value.
        ordered = {line.value: _checked(PaytableError, f"pay table {self.name!r}: {line.value}",
                                        self.pays[line.value], 0, MAX_PAY) for line in LINES}
        object.__setattr__(self, "pays", MappingProxyType(ordered))

    def __repr__(self) -> str:
        lines = ", ".join(f"{line}={pay}" for line, pay in self.pays.items())
        return f"Paytable({self.name!r}, {lines})"

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.pays.items())))

    def pay(self, hand: FinalHand | str, coins: int = MAX_COINS) -> int:
        """Coins paid per coin bet for a final hand (or its name), at ``coins`` coins.

        >>> PAYTABLES["jacks-8-5"].pay(FinalHand.FULL_HOUSE), PAYTABLES["jacks-8-5"].pay("flush")
        (8, 5)
        """
        if not isinstance(hand, str) or hand not in _INDEX:
            raise PaytableError(f"hand must be a final hand, one of {', '.join(FinalHand)}; got {hand!r}")
        return self.per_coin(coins)[FinalHand(hand).index]

    def per_coin(self, coins: int = MAX_COINS) -> tuple[int, ...]:
        """The pay per coin of every final hand, weakest first (nothing pays 0)."""
        coins = check_coins(coins)
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
        if not isinstance(path, (str, Path)):
            raise PaytableError(f"a pay table file must be a path, got {path!r}")
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
    >>> get_paytable("jacks-10-7")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    pokerlab.errors.PaytableError: unknown pay table 'jacks-10-7': name one of jacks-9-6, jacks-9-5,
    jacks-8-6, jacks-8-5, jacks-7-5, jacks-6-5, or a .toml or .json file
    """
    if isinstance(table, Paytable):
        return table
    if isinstance(table, str) and table in PAYTABLES:
        return PAYTABLES[table]
    if isinstance(table, (str, Path)) and Path(table).suffix.lower() in (".toml", ".json"):
        return Paytable.load(table)
    what = f"unknown pay table {str(table)!r}" if isinstance(table, (str, Path)) else \
        f"paytable must be a Paytable, a name or a file, got {table!r}"
    raise PaytableError(f"{what}: name one of {', '.join(PAYTABLES)}, or a .toml or .json file")
