"""A heads-up postflop spot: the board, both ranges, the chips and the bet tree a solver plays.

>>> spot = Spot("Td9d6hQc", oop="AA,KK", ip="QQ,AKs", pot=200, stack=900, bets="60%, e, a", raises="2.5x")
>>> spot.tree.actions(0)
('Check', 'Bet 120', 'Bet 216', 'All-in 900')
>>> spot.combos(0).shape, spot.combos("ip").shape   # QQ loses the combos with the Qc
((12, 2), (7, 2))

Everything is checked when the spot is made, the cheap checks first, and refused with a
:class:`~pokerlab.errors.PokerlabError` that names the argument: a bad board, a range that
cannot be read or is empty once the board's cards are out, two ranges that can never be
dealt together, a pot, stack or rake that is not a positive finite number, a size that
cannot be read, and a tree of more than :data:`~pokerlab.solver.betting.MAX_NODES` nodes.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from pokerlab.cards.notation import CardsLike, format_cards
from pokerlab.checks import check_number
from pokerlab.errors import HandSizeError, InvalidArgumentError, InvalidRangeError, PokerlabError, clip
from pokerlab.games import HOLDEM, SHORT_DECK, Game
from pokerlab.games import get as get_game
from pokerlab.ranges.holdem import COMBO_MASKS, COMBOS, Range
from pokerlab.ranges.patterns import two_card_range
from pokerlab.solver.arena import MemoryEstimate, compatible_pairs, memory_estimate
from pokerlab.solver.betting import TreeConfig
from pokerlab.solver.sizes import SizesLike
from pokerlab.solver.tree import IP, OOP, ActionTree, player_number

__all__ = ["GAMES", "Spot"]

GAMES = (HOLDEM, SHORT_DECK)
"""The games a spot may be played in: hold'em and short deck (its deck and ranking)."""

def _number(value: float) -> str:
    """A chip count or share as a spot's repr shows it: whole numbers without ".0"."""
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)


def _game(game: str | Game) -> Game:
    try:
        chosen = get_game(game)
    except InvalidArgumentError:
        chosen = None
    if chosen not in GAMES:
        allowed = " or ".join(repr(g.name) for g in GAMES)
        raise InvalidArgumentError(f"game must be {allowed} (the solver plays heads-up hold'em and short deck, "
                                   f"high hands only); got {clip(game)}")
    return chosen


def _board(board: object, game: Game) -> tuple[int, ...]:
    try:
        cards = game.check_cards("board", board)  # type: ignore[arg-type]
    except PokerlabError as err:
        message = str(err)
        raise type(err)(message if message.startswith("board") else f"board: {message}") from None
    if not 3 <= len(cards) <= 5:
        raise HandSizeError(f"board: a spot starts on the flop, the turn or the river, with 3, 4 or 5 cards; "
                            f"got {len(cards)}")
    return cards


_BY_HIGHER = np.lexsort((COMBOS[:, 0], COMBOS[:, 1]))
"""The combos of :data:`~pokerlab.ranges.holdem.COMBOS` in the order a spot keeps them: by
their higher card, then their lower."""


@functools.cache
def _deck_bits(deck: tuple[int, ...]) -> int:
    # remembered per deck (a game or two), never per board: a bot solves boards without end
    return sum(1 << c for c in deck)


def _dealt(board: tuple[int, ...], game: Game) -> np.ndarray:
    """Which combos of :data:`~pokerlab.ranges.holdem.COMBOS` can be dealt: both cards in the
    game's deck and neither on the board."""
    left = np.uint64(_deck_bits(game.deck) & ~sum(1 << c for c in board))
    out: np.ndarray = COMBO_MASKS & left == COMBO_MASKS
    return out


def _range(name: str, value: object, dealt: np.ndarray, game: Game) -> tuple[str, np.ndarray]:
    """A player's range text, and its weight for each combo of :data:`~pokerlab.ranges.holdem.COMBOS`
    that ``dealt`` (see :func:`_dealt`) allows."""
    try:
        if isinstance(value, Range):
            text, weights = value.text, value.weights
        else:
            read = two_card_range(value, game)  # type: ignore[arg-type]
            text, weights = read.text, read.weights
    except InvalidRangeError as err:
        raise InvalidRangeError(f"{name}: {err}", position=err.position, token=err.token, text=err.text) from None
    except InvalidArgumentError as err:
        raise InvalidArgumentError(f"{name}: {err}") from None
    kept = np.where(dealt, weights, 0.0)
    if not kept.any():
        left_out = ", and the cards short deck leaves out," if game.lowest_rank else ""
        raise InvalidRangeError(f"{name}: range {clip(text)} is empty once the board's cards{left_out} are out")
    return text, kept


@dataclass(frozen=True, init=False, repr=False)
class Spot:
    """A spot: ``board`` (3, 4 or 5 cards), the ranges of the player out of position (``oop``,
    acting first on every street) and in position (``ip``) in pokerlab's range syntax (with
    weights, e.g. ``"AA:0.5,KK"``; combos holding a board card are left out), the ``pot`` and
    the effective ``stack`` in chips, and the bet tree.

    ``bets`` and ``raises`` are bet sizes (see :mod:`pokerlab.solver.sizes`): one text for
    every street and both players, or a mapping by street and/or by player, e.g.
    ``bets={"turn": "60%, e", "river": {"oop": "75%", "ip": "a"}}``. ``donks`` gives out of
    position's sizes when it leads on the turn or river after calling: one text for each later
    street, a mapping naming some, or None to use its bet sizes. ``cap`` limits the bets and
    raises on a street; ``add_allin_threshold``, ``force_allin_threshold`` and
    ``merging_threshold`` are postflop-solver's (see :mod:`pokerlab.solver.betting`; all 0,
    off, by default). ``rake`` is a share of the final pot taken when it is won, at most
    ``rake_cap`` chips (None: no cap). ``game`` is ``"holdem"`` or ``"short-deck"``.

    >>> spot = Spot("Ah 7c 2d", "AA", "KK", 10, 95)
    >>> len(spot.combos("oop")), float(spot.weights(1).sum())   # AA on an Ah board has 3 combos
    (3, 6.0)
    >>> spot
    Spot(board='Ah 7c 2d', oop='AA', ip='KK', pot=10, stack=95)
    >>> Spot("Ah 7c 2d", "AA", "KK", 10, 95, game="omaha")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: game must be 'holdem' or 'short-deck' (the solver plays ...
    """

    board: tuple[int, ...]
    """The board's card ids."""
    oop: str
    """The range text of the player out of position."""
    ip: str
    """The range text of the player in position."""
    pot: float
    """The pot at the root, in chips."""
    stack: float
    """The effective stack at the root, in chips."""
    game: Game
    """:data:`~pokerlab.games.HOLDEM` or :data:`~pokerlab.games.SHORT_DECK`."""
    rake: float
    """The share of the final pot taken as rake, from 0 to below 1."""
    rake_cap: float
    """The most rake taken from a pot, in chips (``math.inf``: no cap)."""
    config: TreeConfig
    """The bet sizes and tree options, checked."""
    tree: ActionTree = field(compare=False)
    """The public betting tree, built once."""
    _combos: tuple[np.ndarray, np.ndarray] = field(compare=False)
    _weights: tuple[np.ndarray, np.ndarray] = field(compare=False)

    def __init__(self, board: CardsLike, oop: str | Range, ip: str | Range, pot: float, stack: float, *,
                 bets: SizesLike = "50%", raises: SizesLike = "2.5x",
                 donks: str | Mapping[str, str | None] | None = None, cap: int | None = None,
                 add_allin_threshold: float = 0.0, force_allin_threshold: float = 0.0,
                 merging_threshold: float = 0.0, rake: float = 0.0, rake_cap: float | None = None,
                 game: str | Game = "holdem") -> None:
        chosen = _game(game)
        cards = _board(board, chosen)
        config = TreeConfig.of(len(cards), pot, stack, bets=bets, raises=raises, donks=donks, cap=cap,
                               add_allin_threshold=add_allin_threshold, force_allin_threshold=force_allin_threshold,
                               merging_threshold=merging_threshold)
        rate = check_number("rake", rake, low=0, high=1)
        if rate == 1:
            raise InvalidArgumentError(f"rake must be a share of the pot below 1, got {rake!r}")
        most = math.inf if rake_cap is None else check_number("rake_cap", rake_cap, low=0)
        dealt = _dealt(cards, chosen)
        texts, weights = zip(*(_range(name, value, dealt, chosen) for name, value in (("oop", oop), ("ip", ip))))
        combos, kept = [], []
        for w in weights:
            present = _BY_HIGHER[w[_BY_HIGHER] > 0]
            combos.append(np.ascontiguousarray(COMBOS[present][:, ::-1]))
            kept.append(w[present])
        if not compatible_pairs(combos[0], combos[1], kept[0], kept[1]) > 0:
            raise InvalidRangeError("oop, ip: every combo of one range shares a card with every combo of the other, "
                                    "so no deal gives both players a hand")
        for array in combos + kept:
            array.flags.writeable = False
        values = {"board": cards, "oop": texts[0], "ip": texts[1], "pot": config.pot, "stack": config.stack,
                  "game": chosen, "rake": rate, "rake_cap": most, "config": config, "tree": config.build(),
                  "_combos": (combos[0], combos[1]), "_weights": (kept[0], kept[1])}
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def combos(self, player: int | str) -> np.ndarray:
        """A player's combos (0 or ``"oop"``, 1 or ``"ip"``): a read-only ``(n, 2)`` uint8
        array of card ids, the higher card first, rows in ascending order of (higher, lower).

        >>> Spot("2c3c4c", "AsAh,AdAc", "KK", 1, 1).combos("oop").tolist()
        [[49, 48], [51, 50]]
        """
        return self._combos[player_number(player)]

    def weights(self, player: int | str) -> np.ndarray:
        """Each of a player's :meth:`combos`' weight, a read-only ``(n,)`` float64 array in (0, 1].

        >>> Spot("2c3c4c", "AA:0.5", "KK", 1, 1).weights(0).tolist()
        [0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
        """
        return self._weights[player_number(player)]

    def memory(self, *, isomorphism: bool = True, threads: int | None = None) -> MemoryEstimate:
        """The bytes a solve of the spot takes, with float32 and with 16-bit storage, worked out
        before anything large is allocated (see :func:`~pokerlab.solver.arena.memory_estimate`).

        >>> memory = Spot("Td9d6hQc2s", "AA,KK", "QQ", 200, 900).memory()
        >>> 0 < memory.bits16 < memory.float32
        True
        """
        return memory_estimate(self, isomorphism=isomorphism, threads=threads)

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values: the arguments (sizes in their shortest form; no rake cap as
        None), the number of combos of each player and of nodes in the tree."""
        cap = None if math.isinf(self.rake_cap) else self.rake_cap
        return {"board": format_cards(self.board), "game": self.game.name, "oop": self.oop, "ip": self.ip} | \
            self.config.to_dict() | {"rake": self.rake, "rake_cap": cap, "nodes": len(self.tree),
                                     "combos": {"oop": len(self._combos[OOP]), "ip": len(self._combos[IP])}}

    def __repr__(self) -> str:
        config = self.config.to_dict()
        shown = [f"board={format_cards(self.board)!r}", f"oop={self.oop!r}", f"ip={self.ip!r}",
                 f"pot={_number(self.pot)}", f"stack={_number(self.stack)}"]
        defaults: dict[str, object] = {"bets": "50%", "raises": "2.5x", "donks": None, "cap": None,
                                       "add_allin_threshold": 0.0, "force_allin_threshold": 0.0,
                                       "merging_threshold": 0.0}
        shown += [f"{name}={config[name]!r}" for name, default in defaults.items() if config[name] != default]
        if self.rake:
            shown.append(f"rake={self.rake!r}")
        if not math.isinf(self.rake_cap):
            shown.append(f"rake_cap={_number(self.rake_cap)}")
        if self.game != HOLDEM:
            shown.append(f"game={self.game.name!r}")
        return f"Spot({', '.join(shown)})"
