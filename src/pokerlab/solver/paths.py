"""Naming a node of a solved spot: the actions that lead to it, and the cards dealt on the way.

A path is a sequence of action labels (``"Check"``, ``"Bet 120"``, ``"Call"``) and, after a
street ends, the card dealt (``"Kh"``), or one string with them separated by commas. Labels
are matched without regard to case or spaces.

>>> from pokerlab.solver.betting import build_tree
>>> tree = build_tree(4, 200, 900, bets="60%", raises="2.5x")
>>> place = walk(tree, (32, 29, 18, 42), "Check, Check, 2s")
>>> tree.kind[place.node], place.labels, place.dealt
(np.int8(0), ('Check', 'Check', '2s'), (3,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerlab.cards.notation import card_name, parse_cards
from pokerlab.errors import InvalidArgumentError, PokerlabError, clip
from pokerlab.solver.tree import CHANCE, IP, ActionTree

__all__ = ["Place", "path_items", "walk"]

Path = str | Sequence[str]
"""A path: action labels and dealt cards, as a sequence or one comma-separated string."""


@dataclass(frozen=True)
class Place:
    """Where a path leads: the tree's ``node``, the path as labels and card names, and the
    card dealt at each chance node passed (None where the path let every card through)."""

    node: int
    labels: tuple[str, ...]
    dealt: tuple[int | None, ...]


def path_items(path: object) -> tuple[str, ...]:
    """A path's items: a string split at its commas, or a sequence of strings as it is.

    >>> path_items("Check, Bet 120"), path_items(("Check", "Bet 120")), path_items("")
    (('Check', 'Bet 120'), ('Check', 'Bet 120'), ())
    """
    if isinstance(path, str):
        items = [item.strip() for item in path.split(",")]
        return tuple(items) if any(items) else ()
    if isinstance(path, Sequence) and all(isinstance(item, str) for item in path):
        return tuple(item.strip() for item in path)
    raise InvalidArgumentError(f"a path must be action labels and dealt cards, as strings or one string with "
                               f"commas between them; got {clip(path)}")


def _key(label: str) -> str:
    return "".join(label.split()).lower()


def _card(item: str) -> int | None:
    try:
        cards = parse_cards(item)
    except PokerlabError:
        return None
    return cards[0] if len(cards) == 1 else None


def walk(tree: ActionTree, board: Sequence[int], path: object, *, deck: Sequence[int] | None = None,
         every_card: bool = False) -> Place:
    """The node a path leads to. A chance node takes the next item as the card dealt (one of
    ``deck``, all 52 by default, not on the board nor dealt before); with ``every_card`` a path
    may instead go on with the next street's actions, for every card. A label that is not
    one of the node's actions is refused with the list of those it has."""
    items = path_items(path)
    node = 0
    labels: list[str] = []
    dealt: list[int | None] = []
    taken = set(board)
    allowed = set(range(52) if deck is None else deck)
    where = "the root"
    for item in items:
        if tree.kind[node] == CHANCE:
            card = _card(item)
            if card is None and not every_card:
                raise InvalidArgumentError(f"after {where} a card is dealt: give a card not on the board, such "
                                           f"as {card_name(min(allowed - taken))}; got {clip(item)}")
            node = tree.children(node)[0]
            if card is not None:
                if card in taken or card not in allowed:
                    raise InvalidArgumentError(f"after {where} {card_name(card)} cannot be dealt: it is on the "
                                               "board, dealt already or out of the game's deck")
                taken.add(card)
                dealt.append(card)
                labels.append(card_name(card))
                where = ", ".join(labels)
                continue
            dealt.append(None)
        actions = tree.actions(node)
        if tree.kind[node] > IP:
            raise InvalidArgumentError(f"the hand is over after {where}: no action {clip(item)} there")
        matches = [i for i, label in enumerate(actions) if _key(label) == _key(item)]
        if not matches:
            raise InvalidArgumentError(f"no action {clip(item)} after {where}; the actions there are "
                                       f"{', '.join(actions)}")
        node = tree.children(node)[matches[0]]
        labels.append(actions[matches[0]])
        where = ", ".join(labels)
    return Place(node, tuple(labels), tuple(dealt))
