"""The betting of a spot, without its cards: the public action tree a solver walks.

A :class:`ActionTree` holds every sequence of actions the bet sizes allow, as flat arrays
(one entry per node, children of a node at consecutive indices after it), so that compiled
kernels can walk it. It knows nothing of cards: where a street ends and the next card is
dealt, it has one ``CHANCE`` node with a single child, the next street's betting, and the
solver repeats that subtree once for each card the deck can deal.

Node kinds:

- ``OOP`` (0) and ``IP`` (1): that player acts; its children are its actions, in the order
  of :attr:`ActionTree.labels` (``"Fold"``, ``"Check"``, ``"Call"``, ``"Bet 120"``,
  ``"Raise 300"``, ``"All-in 900"``).
- ``CHANCE`` (2): the next street's card is dealt (also when both players are all in before
  the river: then the chance nodes follow each other down to the showdown).
- ``FOLD`` (3): a player folded (:attr:`ActionTree.folder`), the other wins the pot.
- ``SHOWDOWN`` (4): the river's betting closed; the better hand wins the pot.

Amounts are chips put in since the root (:attr:`ActionTree.invested`); the pot at a node is
``pot + invested[n, 0] + invested[n, 1]``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerlab.errors import InvalidArgumentError, clip

__all__ = ["CHANCE", "FOLD", "IP", "OOP", "SHOWDOWN", "STREETS", "ActionTree", "player_number"]

OOP, IP, CHANCE, FOLD, SHOWDOWN = 0, 1, 2, 3, 4
STREETS = ("flop", "turn", "river")
"""Street numbers: 0 flop (3 board cards), 1 turn (4), 2 river (5)."""

_PLAYERS = {"oop": OOP, "ip": IP}


def player_number(player: object) -> int:
    """A player as a number: 0 or ``"oop"`` (out of position), 1 or ``"ip"`` (in position).

    >>> player_number("IP"), player_number(0)
    (1, 0)
    """
    chosen = _PLAYERS.get(player.strip().lower()) if isinstance(player, str) else \
        player if type(player) is int or isinstance(player, np.integer) else None
    if chosen not in (OOP, IP):
        raise InvalidArgumentError(f"player must be 0 or 'oop' (out of position), 1 or 'ip' (in position); "
                                   f"got {clip(player)}")
    return int(chosen)


@dataclass(frozen=True, eq=False)
class ActionTree:
    """The public betting tree of a spot; node 0 is the root.

    Attributes:
        kind: ``(nodes,)`` int8, one of ``OOP``, ``IP``, ``CHANCE``, ``FOLD``, ``SHOWDOWN``.
        street: ``(nodes,)`` int8, the street being played at the node (a ``CHANCE`` node's
            street is the one that just ended; its child's is the next).
        first_child: ``(nodes,)`` int32, the index of the node's first child (-1 if none);
            its children are ``first_child[n] .. first_child[n] + n_children[n] - 1``.
        n_children: ``(nodes,)`` int32; 1 for a ``CHANCE`` node, 0 for ``FOLD`` and ``SHOWDOWN``.
        parent: ``(nodes,)`` int32, -1 for the root.
        invested: ``(nodes, 2)`` float64, chips each player (OOP, IP) has put in since the root.
        folder: ``(nodes,)`` int8, the player who folded at a ``FOLD`` node, else -1.
        labels: the action that leads to each node (``""`` for the root and a ``CHANCE``
            node's child).
        pot: the pot at the root, in chips.
        stack: the effective stack at the root, in chips.
    """

    kind: np.ndarray
    street: np.ndarray
    first_child: np.ndarray
    n_children: np.ndarray
    parent: np.ndarray
    invested: np.ndarray
    folder: np.ndarray
    labels: tuple[str, ...]
    pot: float
    stack: float

    def __len__(self) -> int:
        return len(self.kind)

    def children(self, node: int) -> range:
        """The indices of a node's children, in the order of its actions."""
        first = int(self.first_child[node])
        return range(first, first + int(self.n_children[node]))

    def actions(self, node: int) -> tuple[str, ...]:
        """The labels of a node's actions (empty for a chance node or a terminal node)."""
        if self.kind[node] > IP:
            return ()
        return tuple(self.labels[child] for child in self.children(node))
