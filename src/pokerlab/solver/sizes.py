"""Bet sizes in the language of PioSOLVER and postflop-solver, and their forms per street and player.

A list of sizes is text, comma separated, whitespace and case ignored; a trailing comma is
allowed and an empty text means no size (the player may only check or call):

============ =================================================================================
``60%``      a share of the pot; for a raise, of the pot once the raiser has called
``2.5x``     raises only: raise to 2.5 times the bet faced (more than 1)
``100c``     a constant amount in whole chips; for a raise, that much above the bet faced
``20c3r``    raises only: ``20c`` while at most 3 bets and raises have been made on the street
``e``        the geometric size: the share of the pot that, bet on every street left and
             called, puts the stacks in on the river
``2e``       geometric over 2 streets (on a raise, the street's earlier bets and raises count
             as streets spent)
``3e200%``   geometric, at most 200% of the pot
``a``        all-in
============ =================================================================================

>>> parse_sizes("60%, e, a")
(PotShare(percent=60.0), Geometric(streets=0, max_percent=None), AllIn())
>>> format_sizes(parse_sizes("2.5X, 3e200%", raises=True))
'2.5x, 3e200%'
>>> parse_sizes("2.5x")
Traceback (most recent call last):
...
pokerlab.errors.InvalidArgumentError: bets: '2.5x' is a multiple of the bet faced, which only a raise has

The sizes for a whole spot (:func:`sizes_by_street`) are one list for every street and both
players, or a mapping by street (``{"flop": "33%", "turn": "75%", "river": "a"}``) or by
player (``{"oop": "50%", "ip": "33%, 75%"}``), whose values may in turn be mappings by player
or by street: ``{"turn": "60%", "river": {"oop": "75%", "ip": "a"}}``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from pokerlab.errors import InvalidArgumentError, clip
from pokerlab.solver.tree import IP, OOP, STREETS

__all__ = ["PLAYERS", "AllIn", "BetMultiple", "BetSize", "Constant", "Geometric", "PotShare", "SizesByStreet",
           "SizesLike", "compact_donks", "compact_sizes", "donks_by_street", "format_sizes", "parse_sizes",
           "sizes_by_street"]

PLAYERS = ("oop", "ip")
"""The players' names in size mappings, in the order of their numbers (OOP 0, IP 1)."""

MAX_STREETS = 100
"""The most streets a geometric size may spread over, and the largest raise cap (postflop-solver's)."""
MAX_NUMBER = 1e12
"""The largest number in a size: a larger share or multiple only ever means all-in, and one
too large for a float would be infinite."""
MAX_CHIPS = 2**31 - 1
"""The largest constant size (postflop-solver keeps amounts in 32-bit integers)."""

_NUMBER = re.compile(r"\d+(?:\.\d*)?|\.\d+")
_FORMS = ("N% (a share of the pot), Nx (raises: a multiple of the bet faced), Nc (a constant amount), "
          "NcMr (raises: a constant amount up to M bets and raises), e, Ne or NeM% (geometric over N streets, "
          "at most M% of the pot), a (all-in)")


def _number_text(value: float) -> str:
    """A number as the shortest text that reads back as it, whole numbers without ".0" and none
    with an exponent (its "e" would read as a geometric size)."""
    return f"{Decimal(repr(value)):f}".removesuffix(".0")


@dataclass(frozen=True)
class PotShare:
    """A bet of ``percent`` of the pot (a raise: of the pot once the raiser has called).

    >>> str(PotShare(33.0))
    '33%'
    """

    percent: float

    def __str__(self) -> str:
        return f"{_number_text(self.percent)}%"


@dataclass(frozen=True)
class BetMultiple:
    """A raise to ``factor`` times the bet faced (raises only; ``factor`` above 1).

    >>> str(BetMultiple(2.5))
    '2.5x'
    """

    factor: float

    def __str__(self) -> str:
        return f"{_number_text(self.factor)}x"


@dataclass(frozen=True)
class Constant:
    """A bet of ``chips`` chips; a raise of ``chips`` above the bet faced, made only while at most
    ``raise_cap`` bets and raises have been made on the street (0: always).

    >>> str(Constant(100)), str(Constant(20, 3))
    ('100c', '20c3r')
    """

    chips: int
    raise_cap: int = 0

    def __str__(self) -> str:
        return f"{self.chips}c" + (f"{self.raise_cap}r" if self.raise_cap else "")


@dataclass(frozen=True)
class Geometric:
    """The share of the pot that, bet and called on each of ``streets`` streets, puts the stacks
    in (0: the streets left in the hand), at most ``max_percent`` of the pot (None: no limit).

    >>> str(Geometric()), str(Geometric(2)), str(Geometric(3, 200.0))
    ('e', '2e', '3e200%')
    """

    streets: int = 0
    max_percent: float | None = None

    def __str__(self) -> str:
        limit = "" if self.max_percent is None else f"{_number_text(self.max_percent)}%"
        return f"{self.streets or ''}e{limit}"


@dataclass(frozen=True)
class AllIn:
    """All-in.

    >>> str(AllIn())
    'a'
    """

    def __str__(self) -> str:
        return "a"


BetSize = PotShare | BetMultiple | Constant | Geometric | AllIn
"""One bet size."""

SizesLike = str | Mapping[str, str | Mapping[str, str]]
"""What a spot takes as its bets or raises: see :func:`sizes_by_street`."""

SizesByStreet = tuple[tuple[tuple[BetSize, ...], tuple[BetSize, ...]], ...]
"""Sizes for each street (flop, turn, river), each a pair (OOP's, IP's)."""


def _fail(name: str, token: str, why: str) -> InvalidArgumentError:
    return InvalidArgumentError(f"{name}: {clip(token)} {why}")


def _number(name: str, token: str, text: str) -> float:
    # Only plain decimals: Python's float() also reads "1_0", "inf" and "1e3", which are no sizes
    if not _NUMBER.fullmatch(text):
        raise _fail(name, token, f"is not a size; a size is one of {_FORMS}")
    number = float(text)
    if number > MAX_NUMBER:
        raise _fail(name, token, f"is too large; a size's number is at most {MAX_NUMBER:.0e}")
    return number


def _count(name: str, token: str, text: str, what: str) -> int:
    number = _number(name, token, text)
    if not number.is_integer() or not 1 <= number <= MAX_STREETS:
        raise _fail(name, token, f"has {what} {text}; it must be a whole number from 1 to {MAX_STREETS}")
    return int(number)


def _parse_one(name: str, token: str, raises: bool) -> BetSize:
    """One size, the token already stripped of whitespace; the rules and their order are
    postflop-solver's, so that a list reads the same in both."""
    text = token.lower()
    if text.endswith("x"):
        factor = _number(name, token, text[:-1])  # first: "xx" is no size at all
        if not raises:
            raise _fail(name, token, "is a multiple of the bet faced, which only a raise has")
        if factor <= 1:
            raise _fail(name, token, "must raise to more than 1 times the bet faced")
        return BetMultiple(factor)
    if "c" in text:
        parts = text.split("c")
        if len(parts) != 2:
            raise _fail(name, token, f"is not a size; a size is one of {_FORMS}")
        chips = _number(name, token, parts[0])
        if not chips.is_integer() or chips > MAX_CHIPS:
            raise _fail(name, token, f"must be a whole number of chips up to {MAX_CHIPS}")
        if not parts[1]:
            return Constant(int(chips))
        if not raises:
            raise _fail(name, token, "has a raise cap (r), which only a raise has")
        if not parts[1].endswith("r"):
            raise _fail(name, token, f"is not a size; a size is one of {_FORMS}")
        return Constant(int(chips), _count(name, token, parts[1][:-1], "a raise cap of"))
    if "e" in text:
        parts = text.split("e")
        if len(parts) != 2:
            raise _fail(name, token, f"is not a size; a size is one of {_FORMS}")
        streets = _count(name, token, parts[0], "a street count of") if parts[0] else 0
        if not parts[1]:
            return Geometric(streets)
        if not parts[1].endswith("%"):
            raise _fail(name, token, f"is not a size; a size is one of {_FORMS}")
        return Geometric(streets, _number(name, token, parts[1][:-1]))
    if text.endswith("%"):
        return PotShare(_number(name, token, text[:-1]))
    if text == "a":
        return AllIn()
    raise _fail(name, token, f"is not a size; a size is one of {_FORMS}")


def _listed(name: str, value: object, raises: bool) -> tuple[BetSize, ...]:
    if not isinstance(value, str):
        raise InvalidArgumentError(f"{name} must be text listing sizes, like '33%, 75%, a'; got {clip(value)}")
    tokens = ["".join(token.split()) for token in value.split(",")]
    if tokens[-1] == "":  # a trailing comma, or no size at all
        tokens.pop()
    return tuple(_parse_one(name, token, raises) for token in tokens)


def parse_sizes(text: str, name: str = "bets", *, raises: bool = False) -> tuple[BetSize, ...]:
    """The sizes a comma-separated text lists, in its order; ``raises`` allows the raise-only
    forms (``2.5x``, ``20c3r``). A size that cannot be read raises
    :class:`~pokerlab.errors.InvalidArgumentError` naming ``name`` and quoting it.

    >>> parse_sizes("33%, 100c,", "donks")
    (PotShare(percent=33.0), Constant(chips=100, raise_cap=0))
    >>> parse_sizes("")
    ()
    >>> parse_sizes("33%, 2", "raises", raises=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: raises: '2' is not a size; a size is one of N% (a share of the pot), ...
    """
    return _listed(name, text, raises)


def format_sizes(sizes: tuple[BetSize, ...]) -> str:
    """Sizes as the text :func:`parse_sizes` reads back.

    >>> format_sizes((PotShare(75.0), AllIn()))
    '75%, a'
    """
    return ", ".join(map(str, sizes))


def _keys(name: str, value: Mapping[str, object], allowed: tuple[str, ...], what: str) -> dict[str, object]:
    """A mapping's entries by lower-case key, refusing unknown keys and requiring every allowed one."""
    entries: dict[str, object] = {}
    for key, item in value.items():
        if not isinstance(key, str) or key.strip().lower() not in allowed:
            raise InvalidArgumentError(f"{name}: {clip(key)} is not one of {what}: {', '.join(allowed)}")
        entries[key.strip().lower()] = item
    missing = [key for key in allowed if key not in entries]
    if missing:
        raise InvalidArgumentError(f"{name} has no sizes for {', '.join(missing)}; name every one of {what}: "
                                   f"{', '.join(allowed)}, or give one text for all")
    return entries


def _split(name: str, value: object, keys: tuple[str, ...], what: str, raises: bool) -> list[tuple[BetSize, ...]]:
    """One list of sizes for each of ``keys``: the same text for all, or a mapping naming each."""
    if isinstance(value, Mapping):
        entries = _keys(name, value, keys, what)
        return [_listed(f"{name}[{key!r}]", entries[key], raises) for key in keys]
    return [_listed(name, value, raises)] * len(keys)


def sizes_by_street(value: SizesLike, first: int, name: str = "bets", *, raises: bool = False) -> SizesByStreet:
    """A spot's bet or raise sizes for each street and player, from one text for all, or a
    mapping by street (every street played, from ``first``: 0 flop, 1 turn, 2 river) or by
    player (``"oop"`` and ``"ip"``), whose values may be mappings by the other. Streets before
    ``first`` get no sizes.

    >>> by_street = sizes_by_street({"turn": "60%", "river": {"oop": "75%", "ip": "a"}}, 1)
    >>> by_street[2]
    ((PotShare(percent=75.0),), (AllIn(),))
    >>> sizes_by_street({"oop": "50%"}, 2)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: bets has no sizes for ip; name every one of the players: oop, ip, \
or give one text for all
    """
    played = STREETS[first:]
    by_player = isinstance(value, Mapping) and any(
        isinstance(key, str) and key.strip().lower() in PLAYERS for key in value)
    pairs: list[tuple[tuple[BetSize, ...], tuple[BetSize, ...]]]
    if by_player:
        players = _keys(name, value, PLAYERS, "the players")  # type: ignore[arg-type]
        oop, ip = (_split(f"{name}[{p!r}]", players[p], played, "the streets played", raises) for p in PLAYERS)
        pairs = list(zip(oop, ip))
    elif isinstance(value, Mapping):
        streets = _keys(name, value, played, "the streets played")
        pairs = []
        for street in played:
            oop_sizes, ip_sizes = _split(f"{name}[{street!r}]", streets[street], PLAYERS, "the players", raises)
            pairs.append((oop_sizes, ip_sizes))
    else:
        sizes = _listed(name, value, raises)
        pairs = [(sizes, sizes)] * len(played)
    return tuple([((), ())] * first + pairs)


def donks_by_street(value: str | Mapping[str, str | None] | None, first: int,
                    name: str = "donks") -> tuple[tuple[BetSize, ...] | None, ...]:
    """Out of position's donk sizes for each street: the sizes it may lead with on the turn or
    the river after calling the last bet of the street before (None: its usual bet sizes). One
    text for every street after ``first``, or a mapping naming some of them.

    >>> donks_by_street({"river": "33%"}, 0)
    (None, None, (PotShare(percent=33.0),))
    >>> donks_by_street({"flop": "33%"}, 0)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: donks: 'flop' is not one of the streets after the first: turn, river
    """
    later = STREETS[first + 1:]
    if value is None:
        return (None,) * len(STREETS)
    if not isinstance(value, Mapping):
        sizes = _listed(name, value, False)
        return tuple(sizes if STREETS[s] in later else None for s in range(len(STREETS)))
    chosen: dict[str, tuple[BetSize, ...] | None] = {}
    for key, item in value.items():
        street = key.strip().lower() if isinstance(key, str) else None
        if street not in later:
            raise InvalidArgumentError(f"{name}: {clip(key)} is not one of the streets after the first: "
                                       f"{', '.join(later) or 'none, the spot starts on the river'}")
        where = f"{name}[{street!r}]"
        chosen[street] = None if item is None else _listed(where, item, False)
    return tuple(chosen.get(street) for street in STREETS)


def compact_sizes(by_street: SizesByStreet, first: int) -> str | dict[str, str | dict[str, str]]:
    """The shortest form of :func:`sizes_by_street`'s value that reads back as it: one text when
    every street played and both players have the same sizes, else a mapping by street.

    >>> compact_sizes(sizes_by_street("60%, e, a", 1), 1)
    '60%, e, a'
    >>> compact_sizes(sizes_by_street({"oop": "50%", "ip": "a"}, 2), 2)
    {'river': {'oop': '50%', 'ip': 'a'}}
    """
    played = by_street[first:]
    if all(pair == played[0] and pair[OOP] == pair[IP] for pair in played):
        return format_sizes(played[0][OOP])
    return {STREETS[first + i]: format_sizes(oop) if oop == ip else {"oop": format_sizes(oop), "ip": format_sizes(ip)}
            for i, (oop, ip) in enumerate(played)}


def compact_donks(by_street: tuple[tuple[BetSize, ...] | None, ...]) -> dict[str, str] | None:
    """:func:`donks_by_street`'s value as a mapping of the streets that have donk sizes (None
    when none has).

    >>> compact_donks(donks_by_street("50%", 1))
    {'river': '50%'}
    """
    named = {STREETS[s]: format_sizes(sizes) for s, sizes in enumerate(by_street) if sizes is not None}
    return named or None
