"""The betting rules of a heads-up postflop spot, as postflop-solver draws its tree.

:func:`build_tree` grows the :class:`~pokerlab.solver.tree.ActionTree` of a spot from its
starting street, pot, effective stack and sizes (see :mod:`pokerlab.solver.sizes`):

>>> tree = build_tree(4, 200, 900, bets="60%, e, a", raises="2.5x")
>>> tree.actions(0)
('Check', 'Bet 120', 'Bet 216', 'All-in 900')
>>> tree.actions(tree.children(0)[1])
('Fold', 'Call', 'Raise 300')

The rules, postflop-solver's to the chip, so that a spot is the same game in both:

- Out of position acts first on every street. A player who faces no bet may check or bet
  each of its bet sizes; one who faces a bet may fold, call, or raise each of its raise sizes,
  unless the bet was all-in or the street's bets and raises reached ``cap``.
- A size becomes an amount on the pot once the player to act has called (``pot``) and the
  stack behind once it has (``spr`` pots): ``N%`` bets ``N% * pot`` (a raise that much above
  the bet faced), ``Nx`` raises to ``N`` times the bet faced, ``Nc`` bets ``N`` (raises ``N``
  above the bet faced), the geometric size bets ``r * pot`` with
  ``r = ((2 spr + 1) ** (1 / streets) - 1) / 2`` (on a raise, each bet and raise already made
  on the street counts as a street spent, down to one), and ``a`` goes all-in. Amounts round
  to whole chips, halves up.
- An amount below the smallest bet (1 chip) or raise (the bet faced plus the call) is raised
  to it; one at or above the stack becomes all-in. With ``force_allin_threshold``, a bet that
  would leave at most that share of the pot behind (the pot once it is called) becomes
  all-in; with ``add_allin_threshold``, all-in is added when it is at most that many pots
  (above the bet faced).
- Equal amounts merge into one action; with ``merging_threshold`` (PioSOLVER's rule), going
  down from the largest, a bet of ``y`` pots is dropped when the last one kept, ``x`` pots,
  has ``(1 + x) / (1 + y) < 1 + merging_threshold``.
- Donk sizes, when given for a street, replace out of position's bet sizes on it when it
  leads after calling the last bet of the street before.
- A call closes the street (on the river, the hand: a showdown); so does a check by the
  player in position. When a call leaves both players all in before the river, the remaining
  cards are dealt one after the other down to the showdown.
- Actions are listed as Fold, Check, Call, then bets, raises and all-in by amount, each label
  giving the player's total in this street after it: ``"Bet 120"``, ``"Raise 300"``,
  ``"All-in 900"``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from pokerlab.checks import check_int, check_number
from pokerlab.errors import InvalidArgumentError
from pokerlab.solver.sizes import (
    AllIn,
    BetMultiple,
    BetSize,
    Constant,
    Geometric,
    PotShare,
    SizesByStreet,
    SizesLike,
    compact_donks,
    compact_sizes,
    donks_by_street,
    sizes_by_street,
)
from pokerlab.solver.tree import CHANCE, FOLD, IP, OOP, SHOWDOWN, STREETS, ActionTree

__all__ = ["CHIPS", "MAX_DEPTH", "MAX_NODES", "TreeConfig", "build_tree"]

CHIPS = (1e-12, 1e12)
"""The smallest and largest pot and stack. The solver's float32 tables hold values in chips
over the number of pairs of hands, times reaches: far below this range they fall under
float32's smallest numbers and the solve goes wrong (a pot of 1e-30 chips, a stack 1e5 pots
deep). Bets round to whole chips, so a unit in which a chip is the smallest bet (chips,
cents) is the one to use."""

MAX_DEPTH = 1e6
"""The most pots the stack may hold: beyond it float32 regrets cannot keep a pot's worth of
precision beside an all-in (real spots hold a few hundred at most)."""

MAX_NODES = 100_000
"""The most nodes a tree may have: more than a solver can hold once the turn and river cards
multiply a flop or turn tree (a flop tree with six bet sizes and three raise sizes, 16 pots
deep, has about 140,000), and few enough to walk in about a second before refusing."""

RIVER = len(STREETS) - 1

# Action kinds, in the order a node lists its actions; NONE and DEALT stand for the action
# that led to a node when it was no player's (the root, a street's first card)
_FOLD, _CHECK, _CALL, _BET, _RAISE, _ALLIN, _NONE, _DEALT = range(8)
_NAMES = {_BET: "Bet", _RAISE: "Raise", _ALLIN: "All-in"}
_EPS = 1e-12  # postflop-solver's slack in the merging comparison


def _round(value: float) -> float:
    """Halves away from zero, as Rust's round (Python's round goes to even); value >= 0."""
    whole = math.floor(value)
    return whole + 1.0 if value - whole >= 0.5 else whole


def _chips(amount: float) -> str:
    """An amount as a label prints it: whole chips without ".0"."""
    return f"{amount:.15g}"


@functools.cache
def _label(kind: int, amount: float) -> str:
    return ("Fold", "Check", "Call")[kind] if kind < _BET else f"{_NAMES[kind]} {_chips(amount)}"


def _merge(actions: list[tuple[int, float]], pot: float, offset: float, threshold: float) -> list[tuple[int, float]]:
    """Drop the bets too close to a larger one kept (see the module's notes); from the largest down."""
    kept: list[tuple[int, float]] = []
    last = math.inf
    for action, amount in reversed(actions):
        if action >= _BET:
            share, last_share = (amount - offset) / pot, (last - offset) / pot
            if share >= (last_share - threshold) / (1.0 + threshold) * (1.0 - _EPS):
                continue
            last = amount
        kept.append((action, amount))
    return kept[::-1]


class _State(NamedTuple):
    """What the betting so far leaves for the rest: the last action and the street's last bet
    (the bettor's total in the street; 0 when no bet is open), bets and raises on the street,
    whether the last bet was all-in, whether out of position called the last street's last bet,
    and the stacks behind."""

    last: int
    amount: float
    bets: int
    allin: bool
    oop_called: bool
    stack: tuple[float, float]

    @classmethod
    def root(cls, stack: float) -> _State:
        return cls(_NONE, 0.0, 0, False, False, (stack, stack))

    def dealt(self) -> _State:
        return _State(_DEALT, 0.0, self.bets, self.allin, self.oop_called, self.stack)

    def after(self, player: int, action: int, amount: float) -> _State:
        # tuples made whole, not by _replace: this runs once per node, and _replace is slow
        last, prev, bets, allin, oop_called, (oop, ip) = self
        if action == _CHECK:
            return _State(_CHECK, 0.0, bets, allin, False, (oop, ip))
        if action == _CALL:
            behind = ip if player == OOP else oop
            return _State(_CALL, 0.0, 0, allin, player == OOP, (behind, behind))
        if action == _FOLD:
            return _State(_FOLD, prev, bets, allin, oop_called, (oop, ip))
        if player == OOP:  # the bettor puts in the call and the raise above the bet faced
            oop -= amount - prev + (oop - ip)
        else:
            ip -= amount - prev + (ip - oop)
        return _State(action, amount, bets + 1, action == _ALLIN, oop_called, (oop, ip))


_Node = tuple[int, int, _State]
"""A node as (kind, street, state): two nodes alike have alike subtrees."""


@dataclass(frozen=True)
class TreeConfig:
    """Everything that shapes a spot's betting, checked (see :meth:`of`).

    Attributes:
        street: the starting street: 0 flop, 1 turn, 2 river.
        pot: the pot at the root, in chips.
        stack: the effective stack at the root, in chips.
        bets: for each street, (OOP's, IP's) bet sizes; no sizes for streets before ``street``.
        raises: the same for raises.
        donks: for each street, OOP's donk sizes, or None where it leads with its bet sizes.
        cap: the most bets and raises on a street (None: no limit).
        add_allin_threshold: all-in is added where it is at most this many pots (0: never).
        force_allin_threshold: a bet leaving at most this share of the pot behind goes all-in.
        merging_threshold: bets closer than this merge (PioSOLVER's rule; 0: only equal ones).
    """

    street: int
    pot: float
    stack: float
    bets: SizesByStreet
    raises: SizesByStreet
    donks: tuple[tuple[BetSize, ...] | None, ...]
    cap: int | None = None
    add_allin_threshold: float = 0.0
    force_allin_threshold: float = 0.0
    merging_threshold: float = 0.0

    @classmethod
    def of(cls, board_cards: int, pot: float, stack: float, *, bets: SizesLike = "50%", raises: SizesLike = "2.5x",
           donks: str | Mapping[str, str | None] | None = None, cap: int | None = None,
           add_allin_threshold: float = 0.0, force_allin_threshold: float = 0.0,
           merging_threshold: float = 0.0) -> TreeConfig:
        """A configuration from a spot's arguments, each checked and refused by name.

        ``board_cards`` (3, 4 or 5) gives the starting street; ``bets`` and ``raises`` take the
        forms of :func:`~pokerlab.solver.sizes.sizes_by_street`, ``donks`` those of
        :func:`~pokerlab.solver.sizes.donks_by_street`.

        >>> TreeConfig.of(5, 100, 100, bets="a").bets[2]
        ((AllIn(),), (AllIn(),))
        >>> TreeConfig.of(6, 100, 100)
        Traceback (most recent call last):
        ...
        pokerlab.errors.InvalidArgumentError: board_cards must be an int from 3 to 5, got 6
        """
        street = check_int("board_cards", board_cards, low=3, high=5) - 3
        pot, stack = check_number("pot", pot, above=0), check_number("stack", stack, above=0)
        for name, chips in (("pot", pot), ("stack", stack)):
            if not CHIPS[0] <= chips <= CHIPS[1]:
                raise InvalidArgumentError(f"{name} must be from {CHIPS[0]:g} to {CHIPS[1]:g} chips (bets round to "
                                           f"whole chips: a chip is the smallest bet), got {chips:g}")
        if stack > MAX_DEPTH * pot * (1.0 + 1e-9):  # a stack of just a million pots passes: 1e-7 * 1e6 < 0.1
            raise InvalidArgumentError(f"stack must be at most {MAX_DEPTH:,.0f} times the pot, got {stack / pot:g} "
                                       "times")
        return cls(street, pot, stack,
                   sizes_by_street(bets, street, "bets"), sizes_by_street(raises, street, "raises", raises=True),
                   donks_by_street(donks, street), None if cap is None else check_int("cap", cap, low=1),
                   check_number("add_allin_threshold", add_allin_threshold, low=0),
                   check_number("force_allin_threshold", force_allin_threshold, low=0),
                   check_number("merging_threshold", merging_threshold, low=0))

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values, the sizes in their shortest text form."""
        return {"street": STREETS[self.street], "pot": self.pot, "stack": self.stack,
                "bets": compact_sizes(self.bets, self.street), "raises": compact_sizes(self.raises, self.street),
                "donks": compact_donks(self.donks), "cap": self.cap, "add_allin_threshold": self.add_allin_threshold,
                "force_allin_threshold": self.force_allin_threshold, "merging_threshold": self.merging_threshold}

    def count_nodes(self, max_nodes: int = MAX_NODES) -> int:
        """The number of nodes :meth:`build` makes, found without making them (the subtrees
        that repeat, such as a street reached by several lines with the same pot, are walked
        once); a tree of more than ``max_nodes`` nodes is refused as :meth:`build` refuses it.

        >>> TreeConfig.of(3, 200, 900, bets="50%", raises="2.5x").count_nodes()
        501
        """
        return self._grow(max_nodes)[1]

    def build(self, max_nodes: int = MAX_NODES) -> ActionTree:
        """The tree, node 0 the root, each node's children at consecutive indices after it;
        refused when it would have more than ``max_nodes`` nodes (see :meth:`count_nodes`).

        >>> len(TreeConfig.of(5, 100, 100, bets="a").build())
        9
        """
        below, total = self._grow(max_nodes)
        root: _Node = (OOP, self.street, _State.root(self.stack))
        stack = self.stack
        firsts, counts = [-1] * total, [0] * total
        # a row per node: its kind, street, parent, folder, each player's chips in, and label
        rows = [(OOP, self.street, -1, -1, 0.0, 0.0, "")]
        pending = [(0, root)]
        while pending:
            index, node = pending.pop()
            children = below[node]
            if not children:
                continue
            first = firsts[index] = len(rows)
            counts[index] = len(children)
            for kind, street, state in children:
                rows.append((kind, street, index, node[0] if kind == FOLD else -1, stack - state.stack[OOP],
                             stack - state.stack[IP], "" if state.last == _DEALT else _label(state.last, state.amount)))
            # last child first onto the stack, so that the first child's subtree is laid out first
            pending.extend(zip(range(first + len(children) - 1, first - 1, -1), reversed(children)))
        kinds, streets, parents, folders, oop_in, ip_in, labels = zip(*rows)
        return ActionTree(kind=np.array(kinds, dtype=np.int8), street=np.array(streets, dtype=np.int8),
                          first_child=np.array(firsts, dtype=np.int32), n_children=np.array(counts, dtype=np.int32),
                          parent=np.array(parents, dtype=np.int32),
                          invested=np.array((oop_in, ip_in), dtype=np.float64).T.copy(),
                          folder=np.array(folders, dtype=np.int8), labels=labels, pot=self.pot, stack=self.stack)

    def _grow(self, max_nodes: int) -> tuple[dict[_Node, list[_Node]], int]:
        """The children of every distinct node, and the number of nodes in the whole tree."""
        below: dict[_Node, list[_Node]] = {}
        sizes: dict[_Node, int] = {}
        seen = 0  # the nodes walked so far, a repeated subtree counted whole: the refusal comes early

        def size(node: _Node) -> int:
            nonlocal seen
            if node in sizes:
                seen += sizes[node]
            else:
                seen += 1
                children = below[node] = self._children(*node)
                total = 1
                for child in children:
                    total += size(child)
                sizes[node] = total
            if seen > max_nodes:
                raise InvalidArgumentError(f"bets, raises: the tree would have more than {max_nodes:,} nodes; "
                                           "give fewer sizes, a cap on raises, or an all-in threshold")
            return sizes[node]

        return below, size((OOP, self.street, _State.root(self.stack)))

    def _children(self, kind: int, street: int, state: _State) -> list[_Node]:
        """Each child of a node as (kind, street, state)."""
        if kind == CHANCE:
            if not state.allin:
                return [(OOP, street + 1, state.dealt())]
            return [(CHANCE if street + 1 < RIVER else SHOWDOWN, street + 1, state.dealt())]
        if kind > CHANCE:
            return []
        closed = SHOWDOWN if street == RIVER else CHANCE
        children: list[_Node] = []
        for action, amount in self._actions(street, kind, state):
            child = state.after(kind, action, amount)
            if action == _FOLD:
                children.append((FOLD, street, child))
            elif action == _CHECK:
                children.append((IP if kind == OOP else closed, street, child))
            elif action == _CALL:
                children.append((closed, street, child))
            else:
                children.append((1 - kind, street, child))
        return children

    def _actions(self, street: int, player: int, state: _State) -> list[tuple[int, float]]:
        """The actions of the player to act, as (kind, amount) sorted and merged."""
        behind = state.stack[1 - player]
        prev = state.amount
        to_call = state.stack[player] - behind
        pot = self.pot + 2.0 * (self.stack - behind)  # once the player to act has called
        most = behind + prev
        least = min(max(prev + to_call, 1.0), most)
        spr = behind / pot
        streets_left = len(STREETS) - street

        def geometric(size: Geometric, streets: int) -> float:
            share = ((2.0 * spr + 1.0) ** (1.0 / streets) - 1.0) / 2.0
            limit = math.inf if size.max_percent is None else size.max_percent / 100.0
            return _round(pot * min(share, limit))

        actions: list[tuple[int, float]] = []
        if state.last in (_NONE, _CHECK, _DEALT):
            donks = self.donks[street]
            leads = donks if donks is not None and state.last == _DEALT and state.oop_called else \
                self.bets[street][player]
            actions.append((_CHECK, 0.0))
            for size in leads:
                if isinstance(size, PotShare):
                    actions.append((_BET, _round(pot * (size.percent / 100.0))))
                elif isinstance(size, Constant):
                    actions.append((_BET, float(size.chips)))
                elif isinstance(size, Geometric):
                    actions.append((_BET, geometric(size, size.streets or streets_left)))
                elif isinstance(size, AllIn):
                    actions.append((_ALLIN, most))
            if most <= _round(pot * self.add_allin_threshold):
                actions.append((_ALLIN, most))
        else:
            actions += [(_FOLD, 0.0), (_CALL, 0.0)]
            if not state.allin and (self.cap is None or state.bets < self.cap):
                for size in self.raises[street][player]:
                    if isinstance(size, PotShare):
                        actions.append((_RAISE, prev + _round(pot * (size.percent / 100.0))))
                    elif isinstance(size, BetMultiple):
                        actions.append((_RAISE, _round(prev * size.factor)))
                    elif isinstance(size, Constant):
                        if size.raise_cap == 0 or state.bets <= size.raise_cap:
                            actions.append((_RAISE, prev + size.chips))
                    elif isinstance(size, Geometric):
                        spent = max((size.streets or streets_left) - state.bets + 1, 1)
                        actions.append((_RAISE, prev + geometric(size, spent)))
                    else:
                        actions.append((_ALLIN, most))
                if most <= prev + _round(pot * self.add_allin_threshold):
                    actions.append((_ALLIN, most))
        for i, (action, amount) in enumerate(actions):
            if action in (_BET, _RAISE):
                clamped = min(max(amount, least), most)
                behind_after = _round((pot + 2.0 * (clamped - prev)) * self.force_allin_threshold)
                actions[i] = (_ALLIN, most) if most <= clamped + behind_after else (action, clamped)
        return _merge(sorted(set(actions)), pot, prev, self.merging_threshold)


def build_tree(board_cards: int, pot: float, stack: float, *, bets: SizesLike = "50%", raises: SizesLike = "2.5x",
               donks: str | Mapping[str, str | None] | None = None, cap: int | None = None,
               add_allin_threshold: float = 0.0, force_allin_threshold: float = 0.0, merging_threshold: float = 0.0,
               max_nodes: int = MAX_NODES) -> ActionTree:
    """The betting tree of a spot that starts with ``board_cards`` (3, 4 or 5) on the board;
    see the module's notes for the rules and :class:`TreeConfig` for the arguments.

    >>> tree = build_tree(5, 200, 900, bets="60%, e, a", raises="2.5x")
    >>> tree.actions(0)
    ('Check', 'Bet 120', 'All-in 900')
    """
    config = TreeConfig.of(board_cards, pot, stack, bets=bets, raises=raises, donks=donks, cap=cap,
                           add_allin_threshold=add_allin_threshold, force_allin_threshold=force_allin_threshold,
                           merging_threshold=merging_threshold)
    return config.build(check_int("max_nodes", max_nodes, low=1))
