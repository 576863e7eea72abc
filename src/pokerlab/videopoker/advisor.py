"""The hold advisor: the exact expected value of all 32 holds of a dealt hand.

>>> best = best_hold("As Ks Kh 4s 4d")
>>> best
HoldEV('Ks Kh 4s 4d', ev=2.595745, positions=(2, 3, 4, 5))
>>> round(best.final_hands[FinalHand.FULL_HOUSE], 6)  # 4 of the 47 cards fill it
0.085106
>>> [h.label for h in hold_evs("Ah Kh Qh Jh 9h")[:2]]  # a dealt flush, four to a royal: break it
['Ah Kh Qh Jh', 'Ah Kh Qh Jh 9h']

Holds of equal EV are ranked by a fixed rule: the lower variance first, then the hold that
keeps more cards, then the one whose held positions, read as a binary number with position 1
the lowest bit, are smaller. The last two steps only part holds of equal EV and variance,
mostly suit-symmetric ones such as either of two kings beside the same kicker.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from math import comb
from types import MappingProxyType

import numpy as np

from pokerlab.cards import CardsLike, format_cards, parse_cards
from pokerlab.category import HandCategory
from pokerlab.errors import HandSizeError, HoldError
from pokerlab.evaluate import evaluate
from pokerlab.kernels import videopoker as kernel
from pokerlab.tables import class_values
from pokerlab.videopoker.draws import draw_tables, final_hand_of_class
from pokerlab.videopoker.paytable import MAX_COINS, FinalHand, Paytable, check_coins, get_paytable

HAND_SIZE = 5

@dataclass(frozen=True)
class HoldEV:
    """One hold of a dealt hand and what it is worth.

    ``cards`` are the held card ids in dealt order and ``positions`` their places in the hand,
    1..5; ``ev`` is the expected pay per coin bet; ``final_hands`` maps each :class:`FinalHand`
    to its probability after the draw (they sum to 1).
    """

    cards: tuple[int, ...]
    positions: tuple[int, ...]
    ev: float
    final_hands: Mapping[FinalHand, float]

    @property
    def label(self) -> str:
        """The held cards as text, or "draw five" for the empty hold."""
        return format_cards(self.cards) if self.cards else "draw five"

    @property
    def drawn(self) -> int:
        """How many cards the hold draws."""
        return HAND_SIZE - len(self.cards)

    def __repr__(self) -> str:
        return f"HoldEV({self.label!r}, ev={self.ev:.6f}, positions={self.positions})"

    def to_dict(self) -> dict[str, object]:
        """The hold as plain JSON-ready values."""
        return {"cards": format_cards(self.cards), "positions": list(self.positions), "ev": self.ev,
                "final_hands": {hand.value: p for hand, p in self.final_hands.items()}}


def dealt_hand(hand: CardsLike) -> tuple[int, ...]:
    """The card ids of a dealt hand, which must be five distinct cards.

    >>> dealt_hand("As Ks Kh 4s")
    Traceback (most recent call last):
    ...
    pokerlab.errors.HandSizeError: a video poker hand has 5 cards, got 4: 'As Ks Kh 4s'
    """
    ids = parse_cards(hand)
    if len(ids) != HAND_SIZE:
        raise HandSizeError(f"a video poker hand has {HAND_SIZE} cards, got {len(ids)}: {format_cards(ids)!r}")
    return ids


def final_hand(hand: CardsLike) -> FinalHand:
    """The pay class of a five-card hand.

    >>> final_hand("Jd Jc 7s 4h 2c"), final_hand("Ts Js Qs Ks As")
    (<FinalHand.JACKS_OR_BETTER: 'jacks_or_better'>, <FinalHand.ROYAL_FLUSH: 'royal_flush'>)
    """
    category, ranks = class_values()[evaluate(dealt_hand(hand)) - 1]
    return final_hand_of_class(HandCategory(category), ranks)


def hold_evs(hand: CardsLike, paytable: Paytable | str = "jacks-9-6", coins: int = MAX_COINS) -> list[HoldEV]:
    """The exact EV per coin of all 32 holds of a dealt hand, best first.

    ``paytable`` is a :class:`Paytable` or a name in ``PAYTABLES``; ``coins`` (1..5) matters
    through the royal flush, which pays 800 per coin only at five coins.

    >>> evs = hold_evs("7c 8d 2h 3s 9c")
    >>> len(evs), evs[0].label, round(sum(evs[0].final_hands.values()), 12)
    (32, 'draw five', 1.0)
    """
    ids = dealt_hand(hand)
    table = get_paytable(paytable)
    pays = np.array(table.per_coin(check_coins(coins)), dtype=np.int64)
    t = draw_tables()
    e = t.evaluator
    final, ev, order = kernel.hold_table(np.array(ids, dtype=np.uint8), e.card_key, e.card_mask, e.rank,
                                         e.offsets, e.flush, t.pay_class, t.counts, t.binom, t.start,
                                         pays, t.draw_scale)
    holds = []
    for mask in order.tolist():
        positions = tuple(i for i in range(HAND_SIZE) if mask >> i & 1)
        draws = comb(47, HAND_SIZE - len(positions))
        holds.append(HoldEV(
            cards=tuple(ids[i] for i in positions),
            positions=tuple(i + 1 for i in positions),
            ev=int(ev[mask]) / kernel.DRAW_LCM,
            final_hands=MappingProxyType({h: n / draws for h, n in zip(FinalHand, final[mask].tolist())})))
    return holds


def best_hold(hand: CardsLike, paytable: Paytable | str = "jacks-9-6", coins: int = MAX_COINS) -> HoldEV:
    """The hold of highest EV (ties ranked as the module says).

    >>> best_hold("Ac Kd Qh 5s 2c").label  # unsuited A-K-Q: hold K-Q
    'Kd Qh'
    """
    return hold_evs(hand, paytable, coins)[0]


def parse_hold(hold: str | Iterable[int]) -> tuple[int, ...]:
    """Held positions 1..5, sorted, from text (``"1 3 4"``, ``"134"``, ``"1,3"``, ``"none"``,
    ``"all"``) or from the positions themselves.

    >>> parse_hold("4 1 3"), parse_hold("none"), parse_hold("all"), parse_hold([5, 2])
    ((1, 3, 4), (), (1, 2, 3, 4, 5), (2, 5))
    >>> parse_hold("1 6")
    Traceback (most recent call last):
    ...
    pokerlab.errors.HoldError: position 6 in '1 6' is outside 1..5
    """
    if isinstance(hold, str):
        words = hold.strip().lower()
        if words in ("none", "-"):
            return ()
        if words == "all":
            return tuple(range(1, HAND_SIZE + 1))
        digits = words.replace(",", " ").replace(" ", "")
        if not (digits.isascii() and digits.isdigit()):
            raise HoldError(f"cannot read the hold {hold!r}: give positions 1..5, 'none' or 'all'")
        given: Iterable[object] = [int(ch) for ch in digits]
    elif isinstance(hold, Iterable) and not isinstance(hold, (bytes, Mapping)):
        given = hold  # read lazily: a sixth position is refused before a long iterable is listed
    else:
        raise HoldError(f"a hold must be text such as '1 3 4' or a list of positions 1..5, got {hold!r}")
    positions: list[int] = []
    for item in given:
        if isinstance(item, bool) or not hasattr(type(item), "__index__"):
            raise HoldError(f"position {item!r} in {hold!r} is not a whole number")
        position = operator.index(item)  # type: ignore[arg-type]
        if not 1 <= position <= HAND_SIZE:
            raise HoldError(f"position {position} in {hold!r} is outside 1..{HAND_SIZE}")
        if position in positions:
            raise HoldError(f"position {position} appears twice in {hold!r}")
        positions.append(position)
    return tuple(sorted(positions))
