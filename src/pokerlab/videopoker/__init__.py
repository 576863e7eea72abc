"""Video poker: games as data (Jacks or Better, bonus games, Deuces Wild, Joker Poker, one's own),
the exact hold advisor, the whole-game analysis, strategy charts, risk, a trainer.

>>> from pokerlab import videopoker as vp
>>> vp.best_hold("As Ks Kh 4s 4d", "jacks-9-6").label
'Ks Kh 4s 4d'
>>> f"{vp.analyze('jacks-8-5').expected_return:.4%}"
'97.2984%'
>>> vp.best_hold("Jk 7h 8h Ts 2c", "joker-kings-20-7-5").label
'Jk 7h 8h'

Each name loads its module on first use, so the pay tables (and the command line's help)
come without the kernels. Its errors are :class:`~pokerlab.errors.VideoPokerError` and its
kinds, re-exported here.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pokerlab.errors import HoldError, PaytableError, VideoPokerError
    from pokerlab.videopoker.advisor import HoldEV, HoldEvs, best_hold, dealt_hand, final_hand, hold_evs, parse_hold
    from pokerlab.videopoker.analysis import GameAnalysis, analyze
    from pokerlab.videopoker.deck import JOKER, format_hand, parse_hand
    from pokerlab.videopoker.paytable import (
        LINES,
        MAX_COINS,
        MAX_PAY,
        PAYTABLES,
        WILDS,
        FinalHand,
        Paytable,
        get_paytable,
    )
    from pokerlab.videopoker.risk import Bankroll, HandRisk, RuinRisk, bankroll_for, hand_risk, risk_of_ruin
    from pokerlab.videopoker.strategy import Strategy, strategy
    from pokerlab.videopoker.trainer import HandResult, SessionSummary, Trainer

_HOMES = {
    "pokerlab.errors": ("HoldError", "PaytableError", "VideoPokerError"),
    "pokerlab.videopoker.advisor": ("HoldEV", "HoldEvs", "best_hold", "dealt_hand", "final_hand", "hold_evs",
                                    "parse_hold"),
    "pokerlab.videopoker.analysis": ("GameAnalysis", "analyze"),
    "pokerlab.videopoker.deck": ("JOKER", "format_hand", "parse_hand"),
    "pokerlab.videopoker.paytable": ("LINES", "MAX_COINS", "MAX_PAY", "PAYTABLES", "WILDS", "FinalHand", "Paytable",
                                     "get_paytable"),
    "pokerlab.videopoker.risk": ("Bankroll", "HandRisk", "RuinRisk", "bankroll_for", "hand_risk", "risk_of_ruin"),
    "pokerlab.videopoker.strategy": ("Strategy", "strategy"),
    "pokerlab.videopoker.trainer": ("HandResult", "SessionSummary", "Trainer"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}
"""The module each public name is defined in."""


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # the next lookup is an ordinary one
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})


class _Package(types.ModuleType):
    """The package's module type, for one rule on setting its attributes."""

    def __setattr__(self, name: str, value: object) -> None:
        # Python binds a submodule on its package as soon as it is imported: the module
        # strategy is named after its function, which the package keeps.
        if isinstance(value, types.ModuleType) and _HOME.get(name) == value.__name__:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

__all__ = [
    "JOKER",
    "LINES",
    "MAX_COINS",
    "MAX_PAY",
    "PAYTABLES",
    "WILDS",
    "Bankroll",
    "FinalHand",
    "GameAnalysis",
    "HandResult",
    "HandRisk",
    "HoldEV",
    "HoldError",
    "HoldEvs",
    "Paytable",
    "PaytableError",
    "RuinRisk",
    "SessionSummary",
    "Strategy",
    "Trainer",
    "VideoPokerError",
    "analyze",
    "bankroll_for",
    "best_hold",
    "dealt_hand",
    "final_hand",
    "format_hand",
    "get_paytable",
    "hand_risk",
    "hold_evs",
    "parse_hand",
    "parse_hold",
    "risk_of_ruin",
    "strategy",
]
