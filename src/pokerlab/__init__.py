"""pokerlab: poker hand evaluation and odds, fast.

One import gives the whole library:

>>> import pokerlab as pl
>>> pl.evaluate("As Ks Qs Js Ts").describe()
'Royal Flush'
>>> pl.best_five("Ah Ad 7c 7s Kd 2c 3d")
Cards('Ah Ad 7s 7c Kd')
>>> pl.equity(["AsKs", "QdQc"], board="Qh 7h 3s").players[1].equity > 0.9
True

The analyses with more to them are subpackages, loaded on first use (they bring Numba in):
``pl.videopoker``, ``pl.preflop`` and ``pl.algorithms``. Every error is a
:class:`~pokerlab.errors.PokerlabError`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from pokerlab import games

# pokerlab.equity, .grid, .outs, .breakdown and .runouts share their names with their functions: importing each
# here binds the function over the module, and a later ``import pokerlab.grid`` finds the
# module loaded already and leaves pl.grid the function. (Imported lazily, the module would
# replace the function.)
from pokerlab.breakdown import breakdown
from pokerlab.cards import Cards, cards_of, format_cards, mask_of, parse_cards
from pokerlab.category import HandCategory
from pokerlab.equity import equity
from pokerlab.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidRangeError,
    PlayerCountError,
    PokerlabError,
)
from pokerlab.evaluate import HandRank, best_five, evaluate, evaluate_many, winners
from pokerlab.grid import grid
from pokerlab.iterate import count_hands, hands, random_hands
from pokerlab.outs import outs
from pokerlab.ranges import STARTING_HANDS, Range, starting_hand
from pokerlab.runouts import runouts

if TYPE_CHECKING:
    from pokerlab import algorithms, preflop, solver, tournament, videopoker

_SUBPACKAGES = ("algorithms", "preflop", "solver", "tournament", "videopoker")


def __getattr__(name: str) -> Any:
    # the subpackages load Numba and their own tables: only when asked for
    if name in _SUBPACKAGES:
        return importlib.import_module(f"pokerlab.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_SUBPACKAGES])


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
