"""The trainer's game: deal, hold, draw, pay, and grade each hold against the best one.

The faces (the ``pokerlab videopoker play`` command, a web page) only read and print; the
game and its bookkeeping live here.

>>> trainer = Trainer("jacks-9-6", seed=7)
>>> trainer.deal() == trainer.hand
True
>>> result = trainer.hold(trainer.holds()[0].positions)  # the best hold, so no EV is lost
>>> result.optimal, result.ev_lost
(True, 0.0)
>>> trainer.summary().hands, trainer.summary().mistakes
(1, 0)

A hold worth less than the best is a mistake: the result shows the best hold, its EV and the
credits of EV given up, and :meth:`Trainer.error_log` lists the costliest mistakes first.

>>> _ = trainer.deal()
>>> mistake = trainer.hold(trainer.holds()[-1].positions)  # the worst hold
>>> mistake.optimal, mistake.ev_lost > 0, trainer.error_log() == (mistake,)
(False, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from pokerlab.checks import check_int, check_seed
from pokerlab.errors import VideoPokerError
from pokerlab.videopoker.advisor import HAND_SIZE, HoldEV, HoldEvs, final_hand, hold_evs, parse_hold
from pokerlab.videopoker.deck import format_hand
from pokerlab.videopoker.paytable import MAX_COINS, FinalHand, Paytable, check_coins, get_paytable


@dataclass(frozen=True)
class HandResult:
    """One hand played: the deal, the player's hold, the best hold, the draw and the pay.

    ``final`` is the hand after the draw, held cards in their places; ``paid`` is in credits
    (coins bet times the pay per coin), ``ev_lost`` in credits too.
    """

    dealt: tuple[int, ...]
    held: HoldEV
    best: HoldEV
    final: tuple[int, ...]
    final_hand: FinalHand
    coins: int
    paid: int

    @property
    def optimal(self) -> bool:
        """Whether the hold is worth as much as the best one (ties count as optimal).

        EVs are integer numerators over one denominator, so equal EVs are equal floats.
        """
        return self.held.ev == self.best.ev

    @property
    def ev_lost(self) -> float:
        """Credits of expected value given up by the hold."""
        return (self.best.ev - self.held.ev) * self.coins

    def __repr__(self) -> str:
        return (f"HandResult({format_hand(self.dealt)!r}, held={self.held.label!r}, "
                f"final={format_hand(self.final)!r}, {self.final_hand.label}, paid={self.paid}, "
                f"optimal={self.optimal})")

    def to_dict(self) -> dict[str, object]:
        """The hand as plain JSON-ready values."""
        return {"dealt": format_hand(self.dealt), "held": self.held.to_dict(), "best": self.best.to_dict(),
                "final": format_hand(self.final), "final_hand": self.final_hand.value, "coins": self.coins,
                "paid": self.paid, "optimal": self.optimal, "ev_lost": self.ev_lost}


@dataclass(frozen=True)
class SessionSummary:
    """A session so far: hands, credits bet and won, EV given up, holds that were not optimal."""

    hands: int
    bet: int
    won: int
    ev_lost: float
    mistakes: int

    @property
    def net(self) -> int:
        """Credits won less credits bet."""
        return self.won - self.bet

    @property
    def return_rate(self) -> float:
        """Credits won per credit bet (0 before the first hand)."""
        return self.won / self.bet if self.bet else 0.0

    @property
    def error_rate(self) -> float:
        """The share of hands held not optimally (0 before the first hand)."""
        return self.mistakes / self.hands if self.hands else 0.0

    def __repr__(self) -> str:
        return (f"SessionSummary(hands={self.hands}, bet={self.bet}, won={self.won}, "
                f"ev_lost={self.ev_lost:.4f}, mistakes={self.mistakes})")

    def to_dict(self) -> dict[str, object]:
        """The summary as plain JSON-ready values."""
        return {"hands": self.hands, "bet": self.bet, "won": self.won, "net": self.net,
                "return": self.return_rate, "ev_lost": self.ev_lost, "mistakes": self.mistakes,
                "error_rate": self.error_rate}


class Trainer:
    """A session of any game: :meth:`deal`, optionally :meth:`holds` for a hint, :meth:`hold`.

    Each hand shuffles a fresh deck: the first five cards are dealt, the next five replace
    the discards in order. A ``seed`` (an int of at least 0) makes the session repeatable.
    """

    def __init__(self, paytable: Paytable | str = "jacks-9-6", coins: int = MAX_COINS, *,
                 seed: int | None = None) -> None:
        self.paytable = get_paytable(paytable)
        self.coins = check_coins(coins)
        self._rng = random.Random(check_seed(seed))
        self._cards: list[int] = []
        self._holds: HoldEvs | None = None
        self._results: list[HandResult] = []

    @property
    def hand(self) -> tuple[int, ...] | None:
        """The hand dealt and not yet drawn to, or None between hands."""
        return tuple(self._cards[:HAND_SIZE]) if self._cards else None

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every hand played so far."""
        return tuple(self._results)

    def deal(self) -> tuple[int, ...]:
        """Deal a new hand (abandoning one not yet drawn to)."""
        self._cards = self._rng.sample(range(self.paytable.deck_size), 2 * HAND_SIZE)
        self._holds = None
        return self._current()

    def holds(self) -> HoldEvs:
        """Every hold of the current hand with its EV, best first: the hint."""
        hand = self._current()
        if self._holds is None:
            self._holds = hold_evs(hand, self.paytable, self.coins)
        return self._holds

    def hold(self, positions: Iterable[int] | str) -> HandResult:
        """Hold the cards at ``positions`` (1..5, or text such as ``"1 3 4"``), draw and pay."""
        hand = self._current()
        chosen = parse_hold(positions)
        holds = self.holds()
        held = holds.at(chosen)
        replacements = iter(self._cards[HAND_SIZE:])
        final = tuple(card if i + 1 in chosen else next(replacements) for i, card in enumerate(hand))
        reached = final_hand(final, self.paytable)
        result = HandResult(dealt=hand, held=held, best=holds.best, final=final, final_hand=reached,
                            coins=self.coins, paid=self.paytable.pay(reached, self.coins) * self.coins)
        self._results.append(result)
        self._cards = []
        self._holds = None
        return result

    def error_log(self, limit: int = 10) -> tuple[HandResult, ...]:
        """The ``limit`` costliest mistakes of the session, the most EV lost first (ties: the
        earlier hand first).

        >>> Trainer(seed=1).error_log(0)
        ()
        """
        limit = check_int("limit", limit, low=0)
        mistakes = [r for r in self._results if not r.optimal]
        return tuple(sorted(mistakes, key=lambda r: -r.ev_lost)[:limit])

    def summary(self) -> SessionSummary:
        """The session so far."""
        return SessionSummary(hands=len(self._results), bet=sum(r.coins for r in self._results),
                              won=sum(r.paid for r in self._results),
                              ev_lost=sum(r.ev_lost for r in self._results),
                              mistakes=sum(not r.optimal for r in self._results))

    def _current(self) -> tuple[int, ...]:
        hand = self.hand
        if hand is None:
            raise VideoPokerError("no hand is dealt: call deal() first")
        return hand
