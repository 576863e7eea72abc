"""Node locking: a strategy fixed at some nodes, the rest of the tree solved against it.

A lock names an action node by its path (see :mod:`pokerlab.solver.paths`; a street's card
may be left out, and the lock then holds under every card) and gives the frequencies of its
actions, for the whole range of the player to act:

    {("Check", "Bet 120"): {"Call": 1.0}}

or for chosen hands, each a combo or any range text, the rest of the range left free:

    {("Check", "Bet 120"): {"AsAh": {"Raise 300": 1.0}, "QQ,JJ": {"Call": 0.5, "Fold": 0.5}}}

The frequencies of a lock add up to 1 (an action left out is never taken). Where locks
overlap, the narrower one holds, whatever their order: at a node, a lock after a named card
over one that holds after every card, and within a lock, the hands that name fewer combos
(``"JcJd"`` over ``"JJ"``); of two alike, the later. A locked combo plays its lock in every
iteration and in the best responses that measure the exploitability; suit isomorphism is
kept only for the swaps that leave every lock as it is.

>>> frequencies(("Fold", "Call"), {"call": 1})
(0.0, 1.0)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from pokerlab.errors import InvalidArgumentError, InvalidRangeError, clip
from pokerlab.ranges.holdem import Range, combo_index
from pokerlab.solver.arena import DEPTH, LOCK, SWAPS, Layout, SpotLike, Tables, swap_card, swapped_rows
from pokerlab.solver.paths import walk
from pokerlab.solver.tree import IP

__all__ = ["Lock", "allowed_swaps", "attach_locks", "frequencies", "resolve_locks"]

Locks = Mapping[object, Mapping[str, object]]


@dataclass(frozen=True, eq=False)
class Lock:
    """One lock: the tree's ``node``, the card dealt at each chance node above it (None: every
    card), and ``table`` (actions, combos of the acting player), each column a locked combo's
    frequencies, or -1 throughout for a combo left free."""

    node: int
    dealt: tuple[int | None, ...]
    table: np.ndarray


def frequencies(actions: Sequence[str], given: Mapping[str, object]) -> tuple[float, ...]:
    """The frequency of each action from a mapping of labels (matched without regard to case
    or spaces) to numbers from 0 to 1 that add up to 1."""
    keys = {"".join(a.split()).lower(): i for i, a in enumerate(actions)}
    out = [0.0] * len(actions)
    for label, value in given.items():
        index = keys.get("".join(str(label).split()).lower()) if isinstance(label, str) else None
        if index is None:
            raise InvalidArgumentError(f"locks: no action {clip(label)} there; the actions are {', '.join(actions)}")
        numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not numeric or not 0 <= float(value) <= 1:  # type: ignore[arg-type]
            raise InvalidArgumentError(f"locks: the frequency of {actions[index]} must be a number from 0 to 1, "
                                       f"got {clip(value)}")
        out[index] = float(value)  # type: ignore[arg-type]
    if not math.isclose(sum(out), 1.0, abs_tol=1e-6):
        raise InvalidArgumentError(f"locks: the frequencies must add up to 1, got {sum(out):g} "
                                   f"({', '.join(f'{a} {f:g}' for a, f in zip(actions, out))})")
    return tuple(f / sum(out) for f in out)


def _rows(spot: SpotLike, player: int, hands: str, dealt: tuple[int | None, ...]) -> list[int]:
    """The rows of the player's combos among the hands of a range text, less those holding a
    card of ``dealt``."""
    try:
        weights = Range(hands).weights
    except InvalidRangeError as err:
        raise InvalidRangeError(f"locks: {err}", position=err.position, token=err.token, text=err.text) from None
    out = sum(1 << c for c in dealt if c is not None)
    combos = np.sort(np.asarray(spot.combos(player)), axis=1)
    return [i for i, (a, b) in enumerate(combos.tolist())
            if weights[combo_index(a, b)] > 0 and not (1 << a | 1 << b) & out]


def resolve_locks(spot: SpotLike, locks: object) -> tuple[Lock, ...]:
    """Each lock of a ``locks`` mapping checked and made a table (see the module's text).

    >>> from pokerlab.solver.spot import Spot
    >>> spot = Spot("2c2d2h3c3d", "AA,QQ", "KK", 100, 100, bets="a")
    >>> lock, = resolve_locks(spot, {"All-in 100": {"KdKc": {"Call": 1}}})
    >>> lock.node, lock.table[:, :2].tolist()    # KdKc calls, KhKc is free
    (2, [[0.0, -1.0], [1.0, -1.0]])
    """
    if locks is None:
        return ()
    if not isinstance(locks, Mapping):
        raise InvalidArgumentError(f"locks must be a mapping of paths to frequencies, or None; got {clip(locks)}")
    tree = spot.tree
    out = []
    for path, spec in locks.items():
        place = walk(tree, spot.board, path, deck=spot.game.deck, every_card=True)
        player = int(tree.kind[place.node])
        if player > IP:
            raise InvalidArgumentError(f"locks: {', '.join(place.labels) or 'the root'} is not a player's decision")
        if not isinstance(spec, Mapping) or not spec:
            raise InvalidArgumentError(f"locks: at {', '.join(place.labels) or 'the root'} give the frequencies of "
                                       f"the actions, or hands and their frequencies; got {clip(spec)}")
        actions = tree.actions(place.node)
        n = len(spot.combos(player))
        table = np.full((len(actions), n), -1.0, dtype=np.float32)
        if all(not isinstance(v, Mapping) for v in spec.values()):
            table[:, :] = np.array(frequencies(actions, spec), dtype=np.float32)[:, None]
        else:
            chosen = []
            for hands, given in spec.items():
                if not isinstance(hands, str) or not isinstance(given, Mapping):
                    raise InvalidArgumentError(f"locks: give each hand's frequencies as a mapping of actions, or "
                                               f"one mapping for the whole range; got {clip(hands)}: {clip(given)}")
                rows = _rows(spot, player, hands, place.dealt)
                if not rows:
                    raise InvalidArgumentError(f"locks: no combo of {clip(hands)} is in the range of the player "
                                               f"to act at {', '.join(place.labels) or 'the root'} (less those "
                                               "holding a card dealt on the way)")
                chosen.append((rows, frequencies(actions, given)))
            # the narrower hands last, so that they hold where two overlap (sorted stably: of two alike, the later)
            for rows, given_frequencies in sorted(chosen, key=lambda item: -len(item[0])):
                table[:, rows] = np.array(given_frequencies, dtype=np.float32)[:, None]
        out.append(Lock(place.node, place.dealt, table))
    return tuple(out)


def allowed_swaps(spot: SpotLike, locks: Sequence[Lock]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards the locks name (a suit swap must leave them as they are) and the swaps that
    leave every lock's table as it is.

    >>> from pokerlab.solver.spot import Spot
    >>> spot = Spot("Kh Qh 7h 2h", "AA", "KK", 100, 100, bets="a")
    >>> fixed, swaps = allowed_swaps(spot, resolve_locks(spot, {"Check, Check, As": {"Check": 1}}))
    >>> fixed, [SWAPS[s] for s in swaps]        # those that leave As alone (the board rules out more)
    ((51,), [(0, 1), (0, 2), (1, 2)])
    """
    if not locks:
        return (), tuple(range(len(SWAPS)))
    fixed = tuple(sorted({c for lock in locks for c in lock.dealt if c is not None}))
    perms = swapped_rows([np.sort(np.asarray(spot.combos(p)), axis=1) for p in (0, 1)])
    kept = []
    for s in range(len(SWAPS)):
        if any(swap_card(c, s) != c for c in fixed):
            continue
        if all((perms[int(spot.tree.kind[lock.node])][s] >= 0).all()
               and np.array_equal(lock.table[:, perms[int(spot.tree.kind[lock.node])][s]], lock.table)
               for lock in locks):
            kept.append(s)
    return fixed, tuple(kept)


def attach_locks(layout: Layout, locks: Sequence[Lock]) -> Layout:
    """The layout with its lock tables: each locked node's contexts, and in each the merged
    table of the locks that hold there (one after a named card's combos over one after every
    card's, of two alike the later's).

    >>> from pokerlab.solver.arena import layout
    >>> from pokerlab.solver.spot import Spot
    >>> spot = Spot("Kh Qd 7c 2s", "AA", "KK", 100, 100, bets="a")
    >>> locked = attach_locks(layout(spot), resolve_locks(spot, {"Check, Check, Check": {"Check": 1}}))
    >>> int((locked.tables.lock_at >= 0).sum())   # the lock holds after each of the 48 rivers
    48
    """
    if not locks:
        return layout
    t = layout.tables
    node = t.node.copy()
    lock_at: list[int] = []
    values: list[np.ndarray] = []
    merged: dict[tuple[int, ...], int] = {}
    for n in sorted({lock.node for lock in locks}):
        depth = int(node[n, DEPTH])
        # those after named cards last, so that they hold over those after every card
        mine = sorted(((i, lock) for i, lock in enumerate(locks) if lock.node == n),
                      key=lambda item: sum(d is not None for d in item[1].dealt))
        node[n, LOCK] = len(lock_at)
        lock_at += [-1] * layout.contexts[depth]
        for ctx, dealt in _contexts(t, depth):
            applying = tuple(i for i, lock in mine if all(d is None or d == c for d, c in zip(lock.dealt, dealt)))
            if not applying:
                continue
            if applying not in merged:
                table = locks[applying[0]].table.copy()
                for i in applying[1:]:
                    chosen = locks[i].table[0] >= 0
                    table[:, chosen] = locks[i].table[:, chosen]
                merged[applying] = sum(len(v) for v in values)
                values.append(table.ravel())
            lock_at[int(node[n, LOCK]) + ctx] = merged[applying]
    tables = t._replace(node=node, lock_at=np.array(lock_at, dtype=np.int64),
                        lock_values=np.concatenate(values).astype(np.float32))
    return dataclasses.replace(layout, tables=tables)


def _contexts(t: Tables, depth: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every stored context at a depth, with its dealt cards."""
    if depth == 0:
        return [(0, ())]
    out: list[tuple[int, tuple[int, ...]]] = []
    for e in range(int(t.deal_start[0]), int(t.deal_start[1])):
        first = int(t.deals[e, 0])
        if depth == 1:
            out.append((int(t.dealt[0, first + 1, 0]), (first,)))
            continue
        for f in range(int(t.deal_start[1 + first]), int(t.deal_start[2 + first])):
            second = int(t.deals[f, 0])
            out.append((int(t.dealt[0, first + 1, second + 1]), (first, second)))
    return out

