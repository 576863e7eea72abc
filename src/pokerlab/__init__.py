"""pokerlab: poker hand evaluation and odds, fast.

One import gives the whole library:

>>> import pokerlab as pl
>>> pl.evaluate("As Ks Qs Js Ts").describe()
'Royal Flush'
>>> pl.best_five("Ah Ad 7c 7s Kd 2c 3d")
Cards('Ah Ad 7s 7c Kd')
>>> pl.equity(["AsKs", "QdQc"], board="Qh 7h 3s").players[1].equity > 0.9
True

Each name loads its module on first use, so ``import pokerlab`` takes a millisecond and a
command line tool that imports it starts at once; the analyses bring NumPy and Numba when
they are first called. The subpackages ``pl.games``, ``pl.videopoker``, ``pl.preflop``,
``pl.tournament``, ``pl.solver`` and ``pl.algorithms`` load the same way. Every error is a
:class:`~pokerlab.errors.PokerlabError`.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

# The Numba runtime points Numba's cache somewhere writable (in a read-only install), which
# must happen before any module loads Numba; it loads neither NumPy nor Numba itself.
importlib.import_module("pokerlab.numba_runtime")

if TYPE_CHECKING:
    from pokerlab import algorithms, games, preflop, solver, tournament, videopoker
    from pokerlab.analyses.breakdown import breakdown
    from pokerlab.analyses.grid import grid
    from pokerlab.analyses.outs import outs
    from pokerlab.analyses.runouts import runouts
    from pokerlab.cards.iterate import count_hands, hands, random_hands
    from pokerlab.cards.notation import Cards, cards_of, format_cards, mask_of, parse_cards
    from pokerlab.equity.api import equity
    from pokerlab.errors import (
        DuplicateCardError,
        HandSizeError,
        InvalidArgumentError,
        InvalidCardError,
        InvalidRangeError,
        PlayerCountError,
        PokerlabError,
    )
    from pokerlab.games.evaluate import HandRank, best_five, evaluate, evaluate_many, winners
    from pokerlab.ranges.holdem import STARTING_HANDS, Range, starting_hand
    from pokerlab.rankings.category import HandCategory

_HOMES = {
    "pokerlab.analyses.breakdown": ("breakdown",),
    "pokerlab.cards.notation": ("Cards", "cards_of", "format_cards", "mask_of", "parse_cards"),
    "pokerlab.rankings.category": ("HandCategory",),
    "pokerlab.equity.api": ("equity",),
    "pokerlab.errors": ("DuplicateCardError", "HandSizeError", "InvalidArgumentError", "InvalidCardError",
                        "InvalidRangeError", "PlayerCountError", "PokerlabError"),
    "pokerlab.games.evaluate": ("HandRank", "best_five", "evaluate", "evaluate_many", "winners"),
    "pokerlab.analyses.grid": ("grid",),
    "pokerlab.cards.iterate": ("count_hands", "hands", "random_hands"),
    "pokerlab.analyses.outs": ("outs",),
    "pokerlab.ranges.holdem": ("STARTING_HANDS", "Range", "starting_hand"),
    "pokerlab.analyses.runouts": ("runouts",),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}
"""The module each public name is defined in."""

_SUBPACKAGES = ("algorithms", "games", "preflop", "solver", "tournament", "videopoker")


def __getattr__(name: str) -> Any:
    if name in _SUBPACKAGES:
        return importlib.import_module(f"pokerlab.{name}")
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # the next lookup is an ordinary one
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME, *_SUBPACKAGES})


class _Package(types.ModuleType):
    """The package's module type, for one rule on setting its attributes."""

    def __setattr__(self, name: str, value: object) -> None:
        # Python binds a subpackage on its package as soon as it is imported, and
        # pokerlab.equity is named after its function: the package keeps the function,
        # whatever is imported first and however.
        if isinstance(value, types.ModuleType) and name in _HOME and hasattr(value, name):
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

__all__ = [
    "STARTING_HANDS",
    "Cards",
    "DuplicateCardError",
    "HandCategory",
    "HandRank",
    "HandSizeError",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidRangeError",
    "PlayerCountError",
    "PokerlabError",
    "Range",
    "algorithms",
    "best_five",
    "breakdown",
    "cards_of",
    "count_hands",
    "equity",
    "evaluate",
    "evaluate_many",
    "format_cards",
    "games",
    "grid",
    "hands",
    "mask_of",
    "outs",
    "parse_cards",
    "preflop",
    "random_hands",
    "runouts",
    "solver",
    "starting_hand",
    "tournament",
    "videopoker",
    "winners",
]
