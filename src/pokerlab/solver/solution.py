"""A solved spot: its exploitability and EVs, and every node's strategy, EVs and equities.

:func:`~pokerlab.solver.solve.solve` returns a :class:`Solution`; ``sol.node(...)`` walks
actions and dealt cards to a :class:`Node`:

- ``node.strategy``: the acting player's average strategy, one row per combo (in the order of
  ``sol.combos(player)``) and a column per action; ``node.frequencies("AKs")`` reads it for
  any hands, ``node.by_class`` for the 169 starting hands (weighted by reach);
- ``node.reach``: each player's probability of getting there with each combo (its weight
  times its own actions' frequencies);
- ``node.ev``: each combo's expected chips from the pot as it stands, less what it puts in
  later; ``node.equity``: its share of the pot if the rest of the board were dealt with no
  more betting; both against the other player's range at the node (its reach).

Numbers are in chips; a combo that cannot be at the node (it holds a board card, or none of
the other player's combos there leaves it possible) reads ``nan``.

``sol.save(path)`` writes everything to one ``.npz`` file that :func:`load` reads back.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab.analyses.equilibrium import Discount
from pokerlab.cards.notation import format_cards
from pokerlab.checks import check_path
from pokerlab.errors import InvalidArgumentError, clip
from pokerlab.games import Game
from pokerlab.games import get as get_game
from pokerlab.ranges.holdem import CLASS_NAMES, COMBO_CLASSES, Range, combo_index, combo_name
from pokerlab.solver.arena import (
    CHILD,
    COUNT,
    DEPTH,
    FIRST,
    KIND,
    LOCK,
    ROW,
    SIZE,
    Layout,
    SpotLike,
    Tables,
    layout,
    swap_card,
)
from pokerlab.solver.cfr import RESPOND, Engine, Store
from pokerlab.solver.paths import walk
from pokerlab.solver.tree import CHANCE, IP, SHOWDOWN, ActionTree, player_number

__all__ = ["FORMAT", "Node", "SavedSpot", "Solution", "load"]

FORMAT = "pokerlab-solution-1"
"""What a saved solution's ``format`` entry says."""

KINDS = ("OOP", "IP", "chance", "fold", "showdown")

_ZIP_START = b"PK\x03\x04"  # how every .npz file begins: a zip archive's first entry


@dataclass(frozen=True, eq=False)
class SavedSpot:
    """A spot as a saved solution holds it: what the solver needs of it (see
    :class:`~pokerlab.solver.arena.SpotLike`)."""

    board: tuple[int, ...]
    game: Game
    pot: float
    stack: float
    rake: float
    rake_cap: float
    tree: ActionTree
    hands: tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]

    def combos(self, player: int | str) -> np.ndarray:
        """The player's combos (0 or ``"oop"``, 1 or ``"ip"``), (n, 2) uint8."""
        return self.hands[player_number(player)][0]

    def weights(self, player: int | str) -> np.ndarray:
        """The player's weights (0 or ``"oop"``, 1 or ``"ip"``), (n,) float64."""
        return self.hands[player_number(player)][1]


@dataclass(frozen=True, eq=False)
class Solution:
    """What :func:`~pokerlab.solver.solve.solve` found.

    ``exploitability``: the mean over the players of what a best response gains against the
    average strategy, as a share of the starting pot; ``ev``: each player's expected chips at
    the root (its share of the pot at the end less what it puts in; without rake the two add
    up to the pot); ``iterations`` run, ``seconds`` taken, whether Ctrl-C ``interrupted`` the
    solve, and ``history``: (iterations, exploitability) at each check.
    """

    spot: SpotLike
    engine: Engine
    exploitability: float
    ev: tuple[float, float]
    iterations: int
    seconds: float
    interrupted: bool
    history: tuple[tuple[int, float], ...]
    discount: Discount
    isomorphism: bool

    @property
    def layout(self) -> Layout:
        """The tables the engine reads."""
        return self.engine.layout

    @property
    def bits(self) -> int:
        """32 for float32 storage, 16 for 16-bit."""
        return self.engine.bits

    @property
    def memory(self) -> int:
        """Bytes of the regrets and strategy sums."""
        return sum(int(a.nbytes) for a in self.engine.store if isinstance(a, np.ndarray))

    def combos(self, player: int | str) -> tuple[str, ...]:
        """The player's combos (0 or ``"oop"``, 1 or ``"ip"``) as text, in the order of the
        rows of its per-combo arrays."""
        return tuple(combo_name(int(a), int(b)) for a, b in self.spot.combos(player))

    @property
    def root(self) -> Node:
        """The node the spot starts at."""
        return self.node()

    def node(self, *path: str) -> Node:
        """The node after the given actions and dealt cards, e.g. ``sol.node("Check", "Bet
        120", "Call", "Kh")`` (or one string with commas); an action the node does not have is
        refused with the list of those it has."""
        items: object = path[0] if len(path) == 1 else path
        place = walk(self.spot.tree, self.spot.board, items, deck=self.spot.game.deck)
        return Node(self, place.node, place.labels, tuple(c for c in place.dealt if c is not None))

    def save(self, path: str | Path) -> None:
        """Write the solution to ``path`` (NumPy's ``.npz``), for :func:`load`."""
        path = check_path("path", path)
        spot, tree, t = self.spot, self.spot.tree, self.engine.tables
        arrays: dict[str, Any] = {
            "format": np.array(FORMAT), "board": np.array(spot.board, dtype=np.int64),
            "game": np.array(spot.game.name),
            "chips": np.array([spot.pot, spot.stack, spot.rake, spot.rake_cap, tree.pot, tree.stack]),
            "labels": np.array(tree.labels, dtype=str),
            "settings": np.array([self.bits, self.isomorphism, self.iterations, self.interrupted], dtype=np.int64),
            "swaps": np.array(self.layout.swaps, dtype=np.int64),
            "discount": np.array(self.discount.parameters(), dtype=np.float64),
            "results": np.array([self.exploitability, *self.ev, self.seconds]),
            "history": np.array(self.history, dtype=np.float64).reshape(-1, 2),
            "lock_node": t.node[:, LOCK], "lock_at": t.lock_at, "lock_values": t.lock_values,
        }
        for name in ("kind", "street", "first_child", "n_children", "parent", "invested", "folder"):
            arrays[f"tree_{name}"] = np.asarray(getattr(tree, name))
        for p in (0, 1):
            arrays[f"combos{p}"] = np.asarray(spot.combos(p))
            arrays[f"weights{p}"] = np.asarray(spot.weights(p))
        for name, value in self.engine.store._asdict().items():
            if isinstance(value, np.ndarray):
                arrays[f"store_{name}"] = value
        try:
            with open(path, "wb") as file:
                np.savez(file, **arrays)
        except OSError as err:
            raise InvalidArgumentError(f"path: cannot write {clip(str(path))}: {err.strerror or err}") from None

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values: the results, the settings and the root."""
        return {"exploitability": self.exploitability, "ev": list(self.ev), "iterations": self.iterations,
                "seconds": self.seconds, "interrupted": self.interrupted,
                "history": [list(h) for h in self.history], "bits": self.bits, "isomorphism": self.isomorphism,
                "memory": self.memory, "discount": dataclasses.asdict(self.discount), "root": self.root.to_dict()}


def load(path: str | Path) -> Solution:
    """A solution written by :meth:`Solution.save`.

    >>> load("/nonexistent.npz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: path: cannot read '/nonexistent.npz' as a saved solution ...
    """
    path = check_path("path", path)
    try:
        with open(path, "rb") as file:
            if file.read(4) != _ZIP_START:
                raise ValueError("it is not a NumPy .npz archive")
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
        if str(arrays["format"]) != FORMAT:
            raise ValueError(f"its format is {str(arrays['format'])!r}, not {FORMAT!r}")
        return _solution(arrays)
    except (OSError, KeyError, ValueError, TypeError, IndexError, EOFError, zipfile.BadZipFile) as err:
        raise InvalidArgumentError(f"path: cannot read {clip(str(path))} as a saved solution ({err})") from None


def _solution(arrays: dict[str, np.ndarray]) -> Solution:
    pot, stack, rake, rake_cap, tree_pot, tree_stack = (float(x) for x in arrays["chips"])
    tree = ActionTree(**{name: arrays[f"tree_{name}"] for name in ("kind", "street", "first_child", "n_children",
                                                                   "parent", "invested", "folder")},
                      labels=tuple(str(x) for x in arrays["labels"]), pot=tree_pot, stack=tree_stack)
    hands = ((arrays["combos0"], arrays["weights0"]), (arrays["combos1"], arrays["weights1"]))
    spot = SavedSpot(tuple(int(c) for c in arrays["board"]), get_game(str(arrays["game"])), pot, stack, rake,
                     rake_cap, tree, hands)
    bits, isomorphism, iterations, interrupted = (int(x) for x in arrays["settings"])
    swaps = tuple(int(s) for s in arrays["swaps"])
    plan = layout(spot, isomorphism=bool(isomorphism), locked_swaps=swaps)
    node = plan.tables.node.copy()
    node[:, LOCK] = arrays["lock_node"]
    plan = dataclasses.replace(plan, tables=plan.tables._replace(node=node, lock_at=arrays["lock_at"],
                                                                 lock_values=arrays["lock_values"]))
    fields = {name: arrays[f"store_{name}"] for name in ("arena", "regrets16", "sums16", "scales")}
    store = Store(**fields, bits=bits)
    expected = plan.cells if bits == 32 else plan.cells // 2
    # a river spot deals no card, so the swaps a file of one may list change nothing
    if len(store.arena if bits == 32 else store.regrets16) != expected or plan.levels > 1 and plan.swaps != swaps:
        raise ValueError("its arena does not match its spot")
    exploitability, ev0, ev1, seconds = (float(x) for x in arrays["results"])
    # a file written before the lag and restart options holds the three exponents only
    numbers = [float(x) for x in arrays["discount"]] + [0.0, 0.0]
    discount = Discount(numbers[0], numbers[1], numbers[2], int(numbers[3]), int(numbers[4]))
    history = tuple((int(i), float(g)) for i, g in arrays["history"])
    return Solution(spot, Engine(plan, bits, store), exploitability, (ev0, ev1), iterations, seconds,
                    bool(interrupted), history, discount, bool(isomorphism))


@dataclass(frozen=True, eq=False)
class Node:
    """A node of a solution: where ``labels`` (actions and dealt cards) lead, in the tree's
    node ``index``, with the cards ``dealt`` since the root."""

    solution: Solution
    index: int
    labels: tuple[str, ...]
    dealt: tuple[int, ...]

    @property
    def _tree(self) -> ActionTree:
        return self.solution.spot.tree

    @property
    def kind(self) -> str:
        """``"OOP"`` or ``"IP"`` (that player acts), ``"chance"`` (a card is dealt),
        ``"fold"`` or ``"showdown"``."""
        return KINDS[int(self._tree.kind[self.index])]

    @property
    def player(self) -> int | None:
        """The player to act (0 OOP, 1 IP), or None."""
        kind = int(self._tree.kind[self.index])
        return kind if kind <= IP else None

    @property
    def actions(self) -> tuple[str, ...]:
        """The acting player's actions (empty elsewhere)."""
        return self._tree.actions(self.index)

    @property
    def board(self) -> tuple[int, ...]:
        """The spot's board and the cards dealt since."""
        return tuple(self.solution.spot.board) + self.dealt

    @property
    def invested(self) -> tuple[float, float]:
        """Chips each player has put in since the root."""
        oop, ip = self._tree.invested[self.index]
        return float(oop), float(ip)

    @property
    def pot(self) -> float:
        """The pot at the node, in chips."""
        return float(self.solution.spot.pot) + sum(self.invested)

    def child(self, item: str) -> Node:
        """The node after one more action or dealt card."""
        return self.solution.node(*self.labels, item)

    @functools.cached_property
    def _frame(self) -> tuple[tuple[int, ...], list[np.ndarray]]:
        """The dealt cards the engine solved in place of these (one of each class of cards
        alike up to a suit swap) and, for each player, the row there of each of its combos."""
        t = self.solution.engine.tables
        rows = [np.arange(int(n)) for n in t.counts]
        canonical: list[int] = []
        swaps: list[int] = []
        for depth, card in enumerate(self.dealt):
            for s in swaps:
                card = swap_card(card, s)
            situation = 0 if depth == 0 else 1 + canonical[0]
            for e in range(int(t.deal_start[situation]), int(t.deal_start[situation + 1])):
                copies = {int(c): int(s) for c, s in t.isos[t.deals[e, 1]:t.deals[e, 2]]}
                if int(t.deals[e, 0]) == card or card in copies:
                    canonical.append(int(t.deals[e, 0]))
                    if card in copies:
                        swaps.append(copies[card])
                        rows = [t.perm[p, copies[card]][rows[p]] for p in (0, 1)]
                    break
        return tuple(canonical), rows

    def _context(self, node: int) -> int:
        depth = int(self.solution.engine.tables.node[node, DEPTH])
        canonical = self._frame[0] + (-1, -1)
        return 0 if depth == 0 else int(self.solution.engine.tables.dealt[0, canonical[0] + 1,
                                                                           canonical[1] + 1 if depth == 2 else 0])

    def _strategy(self, node: int) -> np.ndarray:
        """An action node's average strategy where the engine keeps it, (actions, combos)."""
        return self.solution.engine.strategy(node, self._context(node))

    @functools.cached_property
    def _reach(self) -> np.ndarray:
        """Both players' reach (2, combos) where the engine keeps the node."""
        t = self.solution.engine.tables
        tree = self._tree
        reach = np.zeros((2, int(t.counts.max())))
        for p in (0, 1):
            reach[p, :int(t.counts[p])] = self.solution.layout.weights[p]
        line = [self.index]
        while tree.parent[line[-1]] >= 0:
            line.append(int(tree.parent[line[-1]]))
        line.reverse()
        canonical = self._frame[0]
        dealt = 0
        for parent, child in zip(line, line[1:]):
            kind = int(tree.kind[parent])
            if kind == CHANCE:
                bit = 1 << canonical[dealt]
                dealt += 1
                for p in (0, 1):
                    n = int(t.counts[p])
                    reach[p, :n] *= (t.hands[p, :n, 2] & bit) == 0
            else:
                reach[kind, :int(t.counts[kind])] *= self._strategy(parent)[child - int(tree.first_child[parent])]
        return reach

    @functools.cached_property
    def _possible(self) -> list[np.ndarray]:
        """Each player's combos that hold no card of the board or of those dealt."""
        mask = sum(1 << c for c in self.board)
        return [np.array([not (1 << int(a) | 1 << int(b)) & mask for a, b in self.solution.spot.combos(p)])
                for p in (0, 1)]

    def _actual(self, player: int, values: np.ndarray) -> np.ndarray:
        """Per-combo values where the engine keeps them, for this node's own cards."""
        out: np.ndarray = values[..., self._frame[1][player]].astype(np.float64)
        out[..., ~self._possible[player]] = np.nan
        return out

    @functools.cached_property
    def reach(self) -> tuple[np.ndarray, np.ndarray]:
        """Each player's probability of being at the node with each combo: its weight times
        the frequencies of its own actions on the way (0 for a combo a dealt card blocks)."""
        out = [np.nan_to_num(self._actual(p, self._reach[p, :int(self.solution.engine.tables.counts[p])]))
               for p in (0, 1)]
        return out[0], out[1]

    @functools.cached_property
    def strategy(self) -> np.ndarray:
        """The acting player's frequency of each action, (its combos, actions); an empty
        (0, 0) array where no player acts."""
        if self.player is None:
            return np.zeros((0, 0))
        return self._actual(self.player, self._strategy(self.index)).T

    def frequencies(self, hands: str) -> dict[str, float]:
        """The acting player's frequency of each action with ``hands`` (a combo or any range
        text), its combos weighted by their reach.

        Raises :class:`~pokerlab.errors.InvalidArgumentError` where no player acts or none of
        the hands can be there.
        """
        if self.player is None:
            raise InvalidArgumentError(f"no player acts at {', '.join(self.labels) or 'the root'}")
        weights = Range(hands).weights
        rows = np.array([weights[combo_index(int(a), int(b))] > 0 for a, b in self.solution.spot.combos(self.player)])
        reach = self.reach[self.player] * rows
        if reach.sum() <= 0:
            raise InvalidArgumentError(f"none of {clip(hands)} reaches {', '.join(self.labels) or 'the root'}")
        mix = np.nan_to_num(self.strategy).T @ reach / reach.sum()
        return dict(zip(self.actions, (float(f) for f in mix)))

    @functools.cached_property
    def by_class(self) -> np.ndarray:
        """The acting player's frequencies by starting hand, (169, actions) in the order of
        :data:`~pokerlab.ranges.holdem.CLASS_NAMES` (the 13 x 13 grid row by row), each class's combos
        weighted by their reach; ``nan`` for a class that does not reach the node."""
        if self.player is None:
            return np.zeros((169, 0))
        combos = self.solution.spot.combos(self.player)
        classes = COMBO_CLASSES[[combo_index(int(a), int(b)) for a, b in combos]]
        reach = self.reach[self.player]
        totals = np.bincount(classes, weights=reach, minlength=169)
        strategy = np.nan_to_num(self.strategy)
        mixed = np.stack([np.bincount(classes, weights=reach * strategy[:, a], minlength=169)
                          for a in range(len(self.actions))], axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            out: np.ndarray = np.where(totals[:, None] > 0, mixed / totals[:, None], np.nan)
        return out

    def _against(self, player: int) -> np.ndarray:
        """For each combo of ``player`` (where the engine keeps the node), the other player's
        reach that shares no card with it."""
        t = self.solution.engine.tables
        n, m = int(t.counts[player]), int(t.counts[1 - player])
        theirs = self._reach[1 - player, :m]
        cards = t.hands[1 - player, :m, :2]
        per_card = np.bincount(cards.ravel(), weights=np.repeat(theirs, 2), minlength=52)
        mine = t.hands[player, :n]
        same = np.where(mine[:, 3] >= 0, theirs[np.maximum(mine[:, 3], 0)], 0.0)
        out: np.ndarray = theirs.sum() - per_card[mine[:, 0]] - per_card[mine[:, 1]] + same
        return out

    def _values(self, tables: Tables, block: int) -> np.ndarray:
        """RESPOND passes from a block of ``tables`` with the node's reaches: (2, 2, combos)."""
        canonical = self._frame[0] + (-1, -1)
        return self.solution.engine.run(RESPOND, np.ones((1, 4)), tables=tables, block=block, c1=canonical[0],
                                        c2=canonical[1], reach=self._reach.astype(np.float32))

    def _per_hand(self, values: np.ndarray, scale: float, shift: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
        """Counterfactual values made per hand: over the other player's compatible reach."""
        out = []
        t = self.solution.engine.tables
        for p in (0, 1):
            against = self._against(p)
            with np.errstate(invalid="ignore", divide="ignore"):
                per_hand = np.where(against > 0, values[p][:int(t.counts[p])] * scale / against, np.nan)
            out.append(self._actual(p, per_hand + shift[p]))
        return out[0], out[1]

    @functools.cached_property
    def ev(self) -> tuple[np.ndarray, np.ndarray]:
        """Each player's expected chips with each combo: its share of the pot at the end,
        less what it puts in after this node, against the other's range at the node."""
        tables, block = self._subtree()
        values = self._values(tables, block)[:, 1]
        half = self.solution.spot.pot / 2
        invested = self.invested
        return self._per_hand(values, self.solution.layout.pairs, (half + invested[0], half + invested[1]))

    @functools.cached_property
    def equity(self) -> tuple[np.ndarray, np.ndarray]:
        """Each player's share of the pot with each combo if the rest of the board were dealt
        with no more betting (a tie counting half), against the other's range at the node."""
        tables, block = self._runouts()
        values = self._values(tables, block)[:, 0]
        return self._per_hand(values, 1.0, (0.0, 0.0))

    def _subtree(self) -> tuple[Tables, int]:
        """The engine's tables with one more block: the node and what follows it on its street."""
        t = self.solution.engine.tables
        blocks = len(t.bounds)
        owner = next(b for b in range(blocks) if self.index in t.members[t.bounds[b, 0]:t.bounds[b, 1]])
        members = set(int(n) for n in t.members[t.bounds[owner, 0]:t.bounds[owner, 1]])
        below = {self.index}
        for n in sorted(members):
            if n in below and t.node[n, KIND] != CHANCE:
                below.update(range(int(t.node[n, FIRST]), int(t.node[n, FIRST] + t.node[n, COUNT])))
        nodes = sorted(below & members)
        chances = [n for n in nodes if t.node[n, KIND] == CHANCE]
        start = len(t.members)
        bounds = np.vstack([t.bounds, [[start, start + len(nodes), start + len(nodes),
                                        start + len(nodes) + len(chances)]]])
        return t._replace(members=np.concatenate([t.members, nodes, chances]).astype(np.int64), bounds=bounds), blocks

    def _runouts(self) -> tuple[Tables, int]:
        """Tables of a tree that deals the rest of the board and shows down, paying a win 1 and
        a tie 1/2, from this node's depth."""
        t = self.solution.engine.tables
        depth = int(t.node[self.index, DEPTH])
        river = 5 - len(self.solution.spot.board)
        kinds = [CHANCE] * (river - depth) + [SHOWDOWN]
        m = len(kinds)
        node = np.zeros((m, t.node.shape[1]), dtype=np.int64)
        node[:, KIND] = kinds
        node[:, FIRST] = np.where(np.array(kinds) == CHANCE, np.arange(1, m + 1), -1)
        node[:, COUNT] = np.array(kinds) == CHANCE
        node[:, DEPTH] = depth + np.arange(m)
        node[:, ROW] = 0
        node[:, SIZE] = 0
        node[:, CHILD] = np.where(np.array(kinds) == CHANCE, np.arange(1, m + 1), -1)
        node[:, LOCK] = -1
        amount = np.zeros((m, 2, 3))
        amount[-1] = (1.0, 0.0, 0.5)
        # each node its own block; the chance nodes, 0 .. m - 2, listed after the nodes
        bounds = np.array([[b, b + 1, m + b, m + b + (b < m - 1)] for b in range(m)], dtype=np.int64)
        members = np.concatenate([np.arange(m), np.arange(m - 1)]).astype(np.int64)
        return t._replace(node=node, amount=amount, members=members, bounds=bounds), 0

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values: where the node is, who acts, the strategy by starting hand
        (classes that reach it) and each player's range EV and equity at the node."""
        out: dict[str, object] = {"path": list(self.labels), "kind": self.kind, "player": self.player,
                                  "board": format_cards(self.board), "pot": self.pot, "actions": list(self.actions)}
        if self.player is not None:
            out["strategy"] = {CLASS_NAMES[c]: [round(float(f), 6) for f in self.by_class[c]]
                               for c in range(169) if not math.isnan(self.by_class[c, 0])}
        ranges = []
        for p in (0, 1):
            weight = self.reach[p] * np.nan_to_num(self._actual(p, self._against(p)))
            total = weight.sum()
            ranges.append({"ev": float(np.nansum(self.ev[p] * weight) / total) if total > 0 else None,
                           "equity": float(np.nansum(self.equity[p] * weight) / total) if total > 0 else None})
        out["players"] = ranges
        return out

    def __repr__(self) -> str:
        where = ", ".join(self.labels) or "root"
        return f"<Node {where}: {self.kind}{' ' + ', '.join(self.actions) if self.actions else ''}>"

