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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from types import MappingProxyType
from typing import overload

import numpy as np

from pokerlab.cards.notation import CardsLike
from pokerlab.errors import HandSizeError, HoldError, InvalidCardError
from pokerlab.videopoker import kernels as kernel
from pokerlab.videopoker.deck import JOKER, format_hand, parse_hand
from pokerlab.videopoker.draws import draw_tables, hand_index
from pokerlab.videopoker.paytable import HAND_SIZE, MAX_COINS, FinalHand, Paytable, check_coins, get_paytable

__all__ = ["HAND_SIZE", "HoldEV", "HoldEvs", "best_hold", "dealt_hand", "final_hand", "hold_evs", "parse_hold"]


@dataclass(frozen=True)
class HoldEV:
    """One hold of a dealt hand and what it is worth.

    ``cards`` are the held card ids in dealt order and ``positions`` their places in the hand,
    1..5; ``ev`` is the expected pay per coin bet; ``final_hands`` maps each final hand of the
    game (:attr:`Paytable.hands`) to its probability after the draw (they sum to 1).
    """

    cards: tuple[int, ...]
    positions: tuple[int, ...]
    ev: float
    final_hands: Mapping[FinalHand, float]

    @property
    def label(self) -> str:
        """The held cards as text, or "draw five" for the empty hold."""
        return format_hand(self.cards) if self.cards else "draw five"

    @property
    def drawn(self) -> int:
        """How many cards the hold draws."""
        return HAND_SIZE - len(self.cards)

    def __repr__(self) -> str:
        return f"HoldEV({self.label!r}, ev={self.ev:.6f}, positions={self.positions})"

    def to_dict(self) -> dict[str, object]:
        """The hold as plain JSON-ready values."""
        return {"cards": format_hand(self.cards), "positions": list(self.positions), "ev": self.ev,
                "final_hands": {hand.value: p for hand, p in self.final_hands.items()}}


@dataclass(frozen=True)
class HoldEvs(Sequence[HoldEV]):
    """All 32 holds of a dealt hand with their exact EVs, best first (ties ranked as the module
    says): a sequence of :class:`HoldEV`, so ``holds[0]`` is the best and ``for hold in holds``
    goes down the list.

    ``hand`` is the dealt hand's card ids in dealt order, ``paytable`` the game and ``coins``
    the bet the EVs are for.

    >>> holds = hold_evs("As Ks Kh 4s 4d")
    >>> len(holds), holds.best.label, holds.at((2, 3)).label
    (32, 'Ks Kh 4s 4d', 'Ks Kh')
    >>> holds.to_dict()["holds"][0]["cards"]
    'Ks Kh 4s 4d'
    """

    hand: tuple[int, ...]
    paytable: Paytable
    coins: int
    holds: tuple[HoldEV, ...]

    @overload
    def __getitem__(self, index: int) -> HoldEV: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[HoldEV, ...]: ...

    def __getitem__(self, index: int | slice) -> HoldEV | tuple[HoldEV, ...]:
        return self.holds[index]

    def __len__(self) -> int:
        return len(self.holds)

    def __iter__(self) -> Iterator[HoldEV]:
        return iter(self.holds)

    @property
    def best(self) -> HoldEV:
        """The hold of highest EV."""
        return self.holds[0]

    def at(self, positions: str | Iterable[int]) -> HoldEV:
        """The hold of the cards at ``positions`` (1..5, or text as :func:`parse_hold` reads it)."""
        chosen = parse_hold(positions)
        return next(hold for hold in self.holds if hold.positions == chosen)

    def __repr__(self) -> str:
        return f"HoldEvs({format_hand(self.hand)!r}, {self.paytable.name!r}, coins={self.coins}, best={self.best!r})"

    def to_dict(self) -> dict[str, object]:
        """The holds as plain JSON-ready values, best first."""
        return {"hand": format_hand(self.hand), "paytable": self.paytable.name, "coins": self.coins,
                "holds": [hold.to_dict() for hold in self.holds]}


def dealt_hand(hand: CardsLike, paytable: Paytable | str = "jacks-9-6") -> tuple[int, ...]:
    """The card ids of a dealt hand: five distinct cards of the game's deck (the joker, ``Jk``,
    only in a joker game).

    >>> dealt_hand("As Ks Kh 4s")
    Traceback (most recent call last):
    ...
    pokerlab.errors.HandSizeError: a video poker hand has 5 cards, got 4: 'As Ks Kh 4s'
    >>> dealt_hand("As Ks Kh 4s Jk", "joker-kings-20-7-5")
    (51, 47, 46, 11, 52)
    """
    ids = parse_hand(hand)
    if len(ids) != HAND_SIZE:
        raise HandSizeError(f"a video poker hand has {HAND_SIZE} cards, got {len(ids)}: {format_hand(ids)!r}")
    table = get_paytable(paytable)
    if JOKER in ids and table.wild != "joker":
        raise InvalidCardError(f"the joker is not in the deck of {table.name!r}: only a game with "
                               f"wild = 'joker' deals it; got {format_hand(ids)!r}")
    return ids


def final_hand(hand: CardsLike, paytable: Paytable | str = "jacks-9-6") -> FinalHand:
    """The final hand a five-card hand makes in a game.

    >>> final_hand("Jd Jc 7s 4h 2c"), final_hand("Ts Js Qs Ks As")
    (<FinalHand.JACKS_OR_BETTER: 'jacks_or_better'>, <FinalHand.ROYAL_FLUSH: 'royal_flush'>)
    >>> final_hand("Jd Jc 7s 4h 2c", "deuces-wild-full-pay"), final_hand("Ah Jk Qh Kh Th", "joker-kings-20-7-5")
    (<FinalHand.THREE_OF_A_KIND: 'three_of_a_kind'>, <FinalHand.WILD_ROYAL_FLUSH: 'wild_royal_flush'>)
    """
    table = get_paytable(paytable)
    ids = dealt_hand(hand, table)
    t = draw_tables(table)
    return t.hands[int(t.hand_class[hand_index(list(ids))])]


def hold_evs(hand: CardsLike, paytable: Paytable | str = "jacks-9-6", coins: int = MAX_COINS) -> HoldEvs:
    """The exact EV per coin of all 32 holds of a dealt hand, best first.

    ``paytable`` is a game: a :class:`Paytable`, a name in ``PAYTABLES`` or a file; ``coins``
    (1..5) matters through the natural royal flush, which pays 800 per coin only at five coins.

    >>> evs = hold_evs("7c 8d 2h 3s 9c")
    >>> len(evs), evs[0].label, round(sum(evs[0].final_hands.values()), 12)
    (32, 'draw five', 1.0)
    >>> best = hold_evs("2c 2d 7h 8h Ks", "deuces-wild-full-pay")[0]
    >>> best.label, round(best.ev, 4)
    ('2c 2d 7h 8h', 3.3404)
    """
    table = get_paytable(paytable)
    ids = dealt_hand(hand, table)
    coins = check_coins(coins)
    pays = np.array(table.hand_pays(coins), dtype=np.int64)
    t = draw_tables(table)
    final, ev, order = kernel.hold_table(np.array(ids, dtype=np.uint8), t.hand_class, t.counts, t.binom, t.start,
                                         pays, t.draw_scale)
    unseen = t.deck_size - HAND_SIZE
    held = [bin(mask).count("1") for mask in range(32)]
    draws = np.array([comb(unseen, HAND_SIZE - n) for n in held], dtype=np.float64)
    chances = (final / draws[:, None]).tolist()
    evs = (ev / t.draw_lcm).tolist()
    holds = []
    for mask in order.tolist():
        positions = tuple(i for i in range(HAND_SIZE) if mask >> i & 1)
        holds.append(HoldEV(cards=tuple(ids[i] for i in positions), positions=tuple(i + 1 for i in positions),
                            ev=evs[mask], final_hands=MappingProxyType(dict(zip(t.hands, chances[mask])))))
    return HoldEvs(ids, table, coins, tuple(holds))


def best_hold(hand: CardsLike, paytable: Paytable | str = "jacks-9-6", coins: int = MAX_COINS) -> HoldEV:
    """The hold of highest EV (ties ranked as the module says); :func:`hold_evs` gives all 32.

    >>> best_hold("Ac Kd Qh 5s 2c").label  # unsuited A-K-Q: hold K-Q
    'Kd Qh'
    """
    return hold_evs(hand, paytable, coins).best


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
