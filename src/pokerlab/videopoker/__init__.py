"""Video poker: games as data (Jacks or Better, bonus games, Deuces Wild, Joker Poker, one's own),
the exact hold advisor, the whole-game analysis, a trainer.

>>> from pokerlab import videopoker as vp
>>> vp.best_hold("As Ks Kh 4s 4d", "jacks-9-6").label
'Ks Kh 4s 4d'
>>> f"{vp.analyze('jacks-8-5').expected_return:.4%}"
'97.2984%'
>>> vp.best_hold("Jk 7h 8h Ts 2c", "joker-kings-20-7-5").label
'Jk 7h 8h'

Its errors are :class:`~pokerlab.errors.VideoPokerError` and its kinds, re-exported here.
"""

from pokerlab.errors import HoldError, PaytableError, VideoPokerError
from pokerlab.videopoker.advisor import HoldEV, best_hold, dealt_hand, final_hand, hold_evs, parse_hold
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
from pokerlab.videopoker.risk import HandRisk, bankroll_for, hand_risk, risk_of_ruin
from pokerlab.videopoker.strategy import Strategy, strategy
from pokerlab.videopoker.trainer import HandResult, SessionSummary, Trainer

__all__ = [
    "JOKER",
    "LINES",
    "MAX_COINS",
    "MAX_PAY",
    "PAYTABLES",
    "FinalHand",
    "GameAnalysis",
    "HandResult",
    "HandRisk",
    "HoldEV",
    "HoldError",
    "Paytable",
    "PaytableError",
    "SessionSummary",
    "Strategy",
    "Trainer",
    "VideoPokerError",
    "WILDS",
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
