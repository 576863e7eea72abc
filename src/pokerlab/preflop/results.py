"""Preflop results: a row per starting hand, the table of all 169, the heads-up matrix.

Rows are always in the order of :data:`~pokerlab.ranges.holdem.STARTING_HANDS`, the 13 x 13 grid
read row by row: ``AA, AKs, AQs, ..., A2s, AKo, KK, KQs, ..., 32o, 22`` (suited classes above
the diagonal, offsuit below). CSV and JSON files keep that order.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from pokerlab.checks import check_int
from pokerlab.errors import InvalidArgumentError, UnknownHandError
from pokerlab.ranges.holdem import STARTING_HANDS

CLASSES: tuple[str, ...] = tuple(STARTING_HANDS)
"""The 169 class names in grid order."""
CLASS_INDEX: dict[str, int] = {name: i for i, name in enumerate(CLASSES)}
MAX_OPPONENTS = 9
"""The most random hands a table is computed against: ten players in all."""
CSV_COLUMNS = ("hand", "combos", "equity", "win", "tie")
"""The columns of a table's CSV file; a Monte Carlo table adds ``stderr``."""


def class_index(name: object) -> int:
    """The grid position of a class name, read leniently: ``"aks"`` and ``"AKs"`` alike.

    >>> class_index("AA"), class_index("aks"), class_index("22")
    (0, 1, 168)
    """
    text = name.strip() if isinstance(name, str) else name
    if isinstance(text, str) and len(text) in (2, 3):
        text = text[:2].upper() + text[2:].lower()
        if text in CLASS_INDEX:
            return CLASS_INDEX[text]
        if len(text) == 2 and text[0] != text[1] and text + "s" in CLASS_INDEX:
            raise UnknownHandError(f"unknown starting hand {name!r}: say {text}s (suited) or {text}o (offsuit)")
    raise UnknownHandError(f"unknown starting hand {name!r}: expected one of the 169 classes, "
                           "like AA, AKs or 72o")


@dataclass(frozen=True)
class PreflopRow:
    """One starting hand against random hands: fractions of its showdowns.

    ``equity`` is the win share plus the split share of the pot; ``stderr`` is 0 when exact.
    """

    hand: str
    combos: int
    equity: float
    win: float
    tie: float
    stderr: float = 0.0

    @property
    def lose(self) -> float:
        """The fraction of showdowns lost."""
        return 1.0 - self.win - self.tie

    def __repr__(self) -> str:
        error = f", stderr={self.stderr:.6f}" if self.stderr else ""
        return (f"PreflopRow({self.hand!r}, equity={self.equity:.6f}, win={self.win:.6f}, "
                f"tie={self.tie:.6f}{error})")

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        return {"hand": self.hand, "combos": self.combos, "equity": self.equity, "win": self.win,
                "tie": self.tie, "lose": self.lose, "stderr": self.stderr}


@dataclass(frozen=True)
class PreflopTable:
    """Every starting hand against ``opponents`` random hands, in grid order.

    >>> from pokerlab.preflop import shipped_table
    >>> table = shipped_table()
    >>> table["AKs"]
    PreflopRow('AKs', equity=0.670446, win=0.662196, tie=0.016500)
    >>> table.opponents, table.exact, len(table), table.strongest(3)
    (1, True, 169, ('AA', 'KK', 'QQ'))
    """

    opponents: int
    exact: bool
    rows: tuple[PreflopRow, ...] = field(repr=False)

    def __post_init__(self) -> None:
        if tuple(getattr(row, "hand", None) for row in self.rows) != CLASSES:
            raise InvalidArgumentError("a preflop table has one PreflopRow per starting hand, in grid order")

    def __getitem__(self, hand: str) -> PreflopRow:
        return self.rows[class_index(hand)]

    def __iter__(self) -> Iterator[PreflopRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        best = self.rows[CLASS_INDEX[self.strongest(1)[0]]]
        return (f"PreflopTable(opponents={self.opponents}, exact={self.exact}, "
                f"strongest={best.hand} {best.equity:.4f})")

    def strongest(self, n: int = 169) -> tuple[str, ...]:
        """The ``n`` (0..169) classes with the highest equity, best first (ties keep grid order)."""
        count = check_int("n", n, low=0, high=len(CLASSES))
        order = sorted(range(len(CLASSES)), key=lambda i: -self.rows[i].equity)
        return tuple(CLASSES[i] for i in order[:count])

    def grid(self) -> np.ndarray:
        """The equities as a 13 x 13 array laid out like :data:`STARTING_HANDS`."""
        return np.array([row.equity for row in self.rows]).reshape(13, 13)

    def mean_equity(self) -> float:
        """The combo-weighted mean equity: exactly 1 / (opponents + 1) for an exact table."""
        return sum(row.combos * row.equity for row in self.rows) / sum(row.combos for row in self.rows)

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values; ``rows`` in grid order."""
        return {"opponents": self.opponents, "exact": self.exact, "order": "grid",
                "rows": [row.to_dict() for row in self.rows]}

    def to_json(self, path: str | Path | None = None) -> str:
        """The table as JSON text; written to ``path`` too when given."""
        text = json.dumps(self.to_dict(), indent=1)
        if path is not None:
            Path(path).write_text(text + "\n")
        return text

    def to_csv(self, path: str | Path | None = None) -> str:
        """The table as CSV text, columns :data:`CSV_COLUMNS` (plus ``stderr`` when sampled).

        >>> from pokerlab.preflop import shipped_table
        >>> shipped_table().to_csv().splitlines()[:2]
        ['hand,combos,equity,win,tie', 'AA,6,0.852037133021,0.849319154848,0.005435956346']
        """
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS + (() if self.exact else ("stderr",)))
        for row in self.rows:
            values = [row.hand, row.combos] + [f"{x:.12f}" for x in (row.equity, row.win, row.tie)]
            writer.writerow(values + ([] if self.exact else [f"{row.stderr:.12f}"]))
        text = out.getvalue()
        if path is not None:
            Path(path).write_text(text)
        return text

    @classmethod
    def from_csv(cls, path: str | Path, opponents: int = 1) -> PreflopTable:
        """Read a table written by :meth:`to_csv`; it is exact when it has no ``stderr`` column.

        >>> PreflopTable.from_csv("none.csv")
        Traceback (most recent call last):
        ...
        pokerlab.errors.InvalidArgumentError: cannot read the preflop table 'none.csv': No such file or directory
        """
        if not isinstance(path, (str, Path)):
            raise InvalidArgumentError(f"path must be a CSV file's path, got {path!r}")
        players = check_int("opponents", opponents, low=1, high=MAX_OPPONENTS)
        try:
            with open(path, newline="") as handle:
                rows = list(csv.DictReader(handle))
            by_hand = {row["hand"]: row for row in rows}
            if sorted(by_hand) != sorted(CLASSES) or len(rows) != len(CLASSES):
                raise ValueError("it must list each of the 169 starting hands once")
            exact = "stderr" not in rows[0]
            return cls(players, exact, tuple(
                PreflopRow(name, int(by_hand[name]["combos"]), float(by_hand[name]["equity"]),
                           float(by_hand[name]["win"]), float(by_hand[name]["tie"]),
                           0.0 if exact else float(by_hand[name]["stderr"])) for name in CLASSES))
        except (OSError, ValueError, KeyError, TypeError) as err:
            reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
            raise InvalidArgumentError(f"cannot read the preflop table {str(path)!r}: {reason}") from err


@dataclass(frozen=True)
class Matchup:
    """One class against another, averaged over every pair of their combos that share no card."""

    hand: str
    villain: str
    equity: float
    win: float
    tie: float
    showdowns: int

    def __repr__(self) -> str:
        return (f"Matchup({self.hand!r} vs {self.villain!r}, equity={self.equity:.6f}, "
                f"win={self.win:.6f}, tie={self.tie:.6f})")

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        return {"hand": self.hand, "villain": self.villain, "equity": self.equity, "win": self.win,
                "tie": self.tie, "showdowns": self.showdowns}


@dataclass(frozen=True)
class PreflopMatrix:
    """Exact heads-up results between starting-hand classes, as integer showdown counts.

    ``wins[i, j]``, ``ties[i, j]`` and ``showdowns[i, j]`` count, over every pair of combos of
    ``hands[i]`` and ``hands[j]`` with no card in common and every board, the showdowns the
    first won, split, and in all. ``matrix["AKs", "QQ"]`` is a :class:`Matchup`.
    """

    hands: tuple[str, ...]
    wins: np.ndarray = field(repr=False)
    ties: np.ndarray = field(repr=False)
    showdowns: np.ndarray = field(repr=False)

    def __getitem__(self, pair: tuple[str, str]) -> Matchup:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise InvalidArgumentError(f'a matrix cell is a pair of hands, like matrix["AKs", "QQ"]; got {pair!r}')
        i, j = (self._position(name) for name in pair)
        total = int(self.showdowns[i, j])
        wins, ties = int(self.wins[i, j]), int(self.ties[i, j])
        return Matchup(self.hands[i], self.hands[j], (wins + ties / 2) / total, wins / total, ties / total, total)

    def _position(self, name: str) -> int:
        canonical = CLASSES[class_index(name)]
        if canonical not in self.hands:
            raise UnknownHandError(f"{name!r} is not in this matrix (it has {len(self.hands)} hands)")
        return self.hands.index(canonical)

    def __repr__(self) -> str:
        return f"PreflopMatrix({len(self.hands)} x {len(self.hands)} hands)"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, PreflopMatrix) and self.hands == other.hands
                and all(np.array_equal(getattr(self, k), getattr(other, k)) for k in ("wins", "ties", "showdowns")))

    def equity(self) -> np.ndarray:
        """The equity of ``hands[i]`` against ``hands[j]`` as a float array."""
        equity: np.ndarray = (self.wins + self.ties / 2) / self.showdowns
        return equity

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values: the hands in order and integer count matrices."""
        return {"hands": list(self.hands), "wins": self.wins.tolist(), "ties": self.ties.tolist(),
                "showdowns": self.showdowns.tolist()}

    def to_json(self, path: str | Path | None = None) -> str:
        """The matrix as JSON text; written to ``path`` too when given."""
        text = json.dumps(self.to_dict())
        if path is not None:
            Path(path).write_text(text + "\n")
        return text

    def to_csv(self, path: str | Path | None = None) -> str:
        """One line per ordered pair of hands, in the order of :attr:`hands`, first hand outer:
        ``hand,villain,equity,win,tie,showdowns``."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(("hand", "villain", "equity", "win", "tie", "showdowns"))
        for a in self.hands:
            for b in self.hands:
                m = self[a, b]
                writer.writerow([a, b, f"{m.equity:.12f}", f"{m.win:.12f}", f"{m.tie:.12f}", m.showdowns])
        text = out.getvalue()
        if path is not None:
            Path(path).write_text(text)
        return text

