"""Small hand-made games for the solver's tests, and a best response written plainly.

``make_tree`` builds a no-limit betting tree street by street (check or bet a share of the pot,
fold, call or raise all-in), independently of the library's tree builder. ``Referee``
values a strategy by walking the tree pair of hands by pair of hands, comparing the two
hands at each showdown with the game's one-hand evaluator: no sorting, no per-card sums, no
shared code with the solver.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np

from pokerlab.cards.notation import parse_cards
from pokerlab.games import HOLDEM, Game
from pokerlab.ranges.holdem import Range
from pokerlab.solver.tree import CHANCE, FOLD, IP, OOP, SHOWDOWN, ActionTree


def make_tree(street: int, pot: float, stack: float, bets: tuple[float, ...] = (1.0,), raises: int = 0,
              allin: bool = True) -> ActionTree:
    """Every line of betting from ``street`` (0 flop, 1 turn, 2 river): a player not facing a
    bet checks or bets each share of the pot in ``bets`` (all-in when that is the stack or
    more, and all-in too when ``allin``); facing one, folds, calls or (up to ``raises`` times
    a street) raises all-in."""
    nodes: list[dict] = []

    def add(kind: int, street: int, invested: tuple[float, float], parent: int, label: str, folder: int = -1,
            raised: int = 0) -> int:
        nodes.append(dict(kind=kind, street=street, invested=invested, parent=parent, label=label, folder=folder,
                          raised=raised, children=[]))
        return len(nodes) - 1

    def street_end(street: int, invested: tuple[float, float]) -> tuple[int, int]:
        if street == 2:
            return SHOWDOWN, 2
        return CHANCE, street

    add(OOP, street, (0.0, 0.0), -1, "")
    queue = [0]
    while queue:
        n = queue.pop(0)
        node = nodes[n]
        kind, st, inv = node["kind"], node["street"], node["invested"]
        specs: list[tuple] = []
        if kind == CHANCE:
            if max(inv) >= stack:  # all in: deal on down to the showdown
                specs.append((CHANCE, st + 1, inv, "", -1, 0) if st + 1 < 2 else (SHOWDOWN, 2, inv, "", -1, 0))
            else:
                specs.append((OOP, st + 1, inv, "", -1, 0))
        elif kind in (OOP, IP):
            p = kind
            facing = inv[1 - p] - inv[p]
            pot_now = pot + inv[0] + inv[1]
            if facing == 0:
                end = street_end(st, inv)
                if p == OOP:
                    specs.append((IP, st, inv, "Check", -1, 0))
                else:
                    specs.append((end[0], end[1], inv, "Check", -1, 0))
                amounts = []
                for share in bets:
                    amounts.append(min(share * pot_now, stack - inv[p]))
                if allin:
                    amounts.append(stack - inv[p])
                for amount in sorted(set(amounts)):
                    new = list(inv)
                    new[p] += amount
                    label = f"All-in {new[p]:g}" if new[p] >= stack else f"Bet {amount:g}"
                    specs.append((1 - p, st, tuple(new), label, -1, 0))
            else:
                specs.append((FOLD, st, inv, "Fold", p, 0))
                new = list(inv)
                new[p] = inv[1 - p]
                end = street_end(st, tuple(new))
                specs.append((end[0], end[1], tuple(new), "Call", -1, 0))
                if node["raised"] < raises and stack > inv[1 - p]:
                    new = list(inv)
                    new[p] = stack
                    specs.append((1 - p, st, tuple(new), f"All-in {stack:g}", -1, node["raised"] + 1))
        for kind2, st2, inv2, label, folder, raised in specs:
            child = add(kind2, st2, inv2, n, label, folder, raised)
            node["children"].append(child)
            queue.append(child)
    first = [nd["children"][0] if nd["children"] else -1 for nd in nodes]
    for n, nd in enumerate(nodes):
        assert nd["children"] == list(range(first[n], first[n] + len(nd["children"])))
    return ActionTree(
        kind=np.array([nd["kind"] for nd in nodes], dtype=np.int8),
        street=np.array([nd["street"] for nd in nodes], dtype=np.int8),
        first_child=np.array(first, dtype=np.int32),
        n_children=np.array([len(nd["children"]) for nd in nodes], dtype=np.int32),
        parent=np.array([nd["parent"] for nd in nodes], dtype=np.int32),
        invested=np.array([nd["invested"] for nd in nodes], dtype=np.float64),
        folder=np.array([nd["folder"] for nd in nodes], dtype=np.int8),
        labels=tuple(nd["label"] for nd in nodes), pot=float(pot), stack=float(stack))


def range_combos(text: str, board: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """A range's combos that hold no board card, and their weights."""
    pairs = [(cards, w) for cards, w in Range(text).combos() if not set(cards) & set(board)]
    return (np.array([sorted(c) for c, _ in pairs], dtype=np.uint8).reshape(-1, 2),
            np.array([w for _, w in pairs], dtype=np.float64))


@dataclass(frozen=True, eq=False)
class StandIn:
    """A spot for the engine's tests, before the library's Spot."""

    board: tuple[int, ...]
    tree: ActionTree
    ranges: tuple[str, str]
    pot: float
    stack: float
    rake: float = 0.0
    rake_cap: float = 0.0
    game: Game = HOLDEM
    hands: tuple = field(default=(), compare=False)

    @classmethod
    def of(cls, board: str, oop: str, ip: str, *, pot: float = 100.0, stack: float = 100.0,
           bets: tuple[float, ...] = (1.0,), raises: int = 0, allin: bool = True, rake: float = 0.0,
           rake_cap: float = 0.0, game: Game = HOLDEM) -> StandIn:
        cards = tuple(parse_cards(board))
        tree = make_tree(len(cards) - 3, pot, stack, bets, raises, allin)
        hands = (range_combos(oop, cards), range_combos(ip, cards))
        return cls(cards, tree, (oop, ip), pot, stack, rake, rake_cap, game, hands)

    def combos(self, player: int) -> np.ndarray:
        return self.hands[player][0]

    def weights(self, player: int) -> np.ndarray:
        return self.hands[player][1]


class Referee:
    """Values of strategies on a stand-in spot, pair of hands by pair of hands.

    ``strategy(path, dealt)`` gives an action node's (combos, actions) frequencies, where
    ``path`` is the node's index in the tree and ``dealt`` the cards dealt since the root.
    """

    def __init__(self, spot: StandIn) -> None:
        self.spot = spot
        self.tree = spot.tree
        self.combos = [[tuple(int(c) for c in row) for row in spot.combos(p)] for p in (0, 1)]
        self.weights = [list(map(float, spot.weights(p))) for p in (0, 1)]
        deck = [c for c in spot.game.deck if c not in spot.board]
        self.deck = deck
        self.strength_cache: dict[tuple, int] = {}

    def strength(self, hand: tuple[int, int], board: tuple[int, ...]) -> int:
        key = (hand, board)
        if key not in self.strength_cache:
            self.strength_cache[key] = int(self.spot.game.evaluate(list(hand), list(board)))
        return self.strength_cache[key]

    def payoff(self, node: int, p: int, mine: tuple[int, int], theirs: tuple[int, int],
               board: tuple[int, ...]) -> float:
        tree, spot = self.tree, self.spot
        inv = tree.invested[node]
        called = min(inv[0], inv[1])
        pot = spot.pot + 2 * called
        rake = min(spot.rake * pot, spot.rake_cap)
        if tree.kind[node] == FOLD:
            return -pot / 2 if tree.folder[node] == p else pot / 2 - rake
        a, b = self.strength(mine, board), self.strength(theirs, board)
        if a > b:
            return pot / 2 - rake
        if a < b:
            return -pot / 2
        return -rake / 2

    def values(self, p: int, strategy, best: bool) -> float:
        """Player ``p``'s expected payoff (per the pot's two halves) playing its own
        ``strategy`` or, with ``best``, a best response, against the other's."""
        total = 0.0
        for i, mine in enumerate(self.combos[p]):
            if not self.weights[p][i]:
                continue
            reach = [w if not set(theirs) & set(mine) else 0.0
                     for theirs, w in zip(self.combos[1 - p], self.weights[1 - p])]
            total += self.weights[p][i] * self._value(0, (), p, i, reach, strategy, best)
        pairs = sum(self.weights[0][i] * self.weights[1][j] for i, a in enumerate(self.combos[0])
                    for j, b in enumerate(self.combos[1]) if not set(a) & set(b))
        return total / pairs

    def _value(self, node: int, dealt: tuple[int, ...], p: int, i: int, reach: list[float], strategy,
               best: bool) -> float:
        tree = self.tree
        kind = tree.kind[node]
        mine = self.combos[p][i]
        board = tuple(self.spot.board) + dealt
        if kind in (FOLD, SHOWDOWN):
            return sum(r * self.payoff(node, p, mine, theirs, board)
                       for r, theirs in zip(reach, self.combos[1 - p]) if r)
        children = list(tree.children(node))
        if kind == CHANCE:
            left = [c for c in self.deck if c not in dealt]
            factor = 1.0 / (len(left) - 4)
            out = 0.0
            for card in left:
                if card in mine:
                    continue
                child_reach = [0.0 if card in theirs else r * factor for r, theirs in zip(reach, self.combos[1 - p])]
                out += self._value(children[0], dealt + (card,), p, i, child_reach, strategy, best)
            return out
        table = strategy(node, dealt)
        if kind == p:
            values = [self._value(c, dealt, p, i, reach, strategy, best) for c in children]
            if best:
                return max(values)
            return sum(table[i][a] * v for a, v in enumerate(values))
        out = 0.0
        for a, c in enumerate(children):
            child_reach = [r * table[j][a] for j, r in enumerate(reach)]
            if any(child_reach):
                out += self._value(c, dealt, p, i, child_reach, strategy, best)
        return out

    def exploitability(self, strategy) -> float:
        """The mean over the players of a best response's gain, as a share of the pot."""
        gains = [self.values(p, strategy, True) - self.values(p, strategy, False) for p in (0, 1)]
        return sum(gains) / 2 / self.spot.pot


def every_context(tree: ActionTree, deck: list[int]):
    """Each action node with each tuple of cards dealt above it."""
    for node in range(len(tree)):
        if tree.kind[node] > IP:
            continue
        ancestors = 0
        up = int(tree.parent[node])
        while up >= 0:
            ancestors += int(tree.kind[up] == CHANCE)
            up = int(tree.parent[up])
        yield from ((node, dealt) for dealt in itertools.permutations(deck, ancestors))


class PlainDCFR:
    """Discounted CFR written plainly, with NumPy vectors over each player's combos, for the
    engine's updates to be checked step by step: one ``(combos, actions)`` table of regrets and
    of strategy sums per action node and dealt cards, terminal payoffs from the referee's pair
    by pair comparisons, alternating updates (OOP's pass first, IP's against its new
    strategy), the factors of ``discount`` at each iteration, the strategy sums weighted by
    the player's own reach."""

    def __init__(self, spot: StandIn, discount) -> None:
        self.referee = Referee(spot)
        self.tree = spot.tree
        self.discount = discount
        self.combos = [np.array(self.referee.combos[p]).reshape(-1, 2) for p in (0, 1)]
        self.weights = [np.array(self.referee.weights[p]) for p in (0, 1)]
        self.regrets: dict[tuple[int, tuple[int, ...]], np.ndarray] = {}
        self.sums: dict[tuple[int, tuple[int, ...]], np.ndarray] = {}
        self.payoffs: dict[tuple[int, int, tuple[int, ...]], np.ndarray] = {}
        self.iteration = 0

    def _payoff(self, node: int, p: int, dealt: tuple[int, ...]) -> np.ndarray:
        key = (node, p, dealt)
        if key not in self.payoffs:
            board = tuple(self.referee.spot.board) + dealt
            mine, theirs = self.referee.combos[p], self.referee.combos[1 - p]
            self.payoffs[key] = np.array([[0.0 if set(a) & set(b) or set(a) & set(board) or set(b) & set(board)
                                           else self.referee.payoff(node, p, a, b, board) for b in theirs]
                                          for a in mine])
        return self.payoffs[key]

    def _tables(self, node: int, dealt: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
        key = (node, dealt)
        if key not in self.regrets:
            shape = (len(self.combos[int(self.tree.kind[node])]), int(self.tree.n_children[node]))
            self.regrets[key], self.sums[key] = np.zeros(shape), np.zeros(shape)
        return self.regrets[key], self.sums[key]

    @staticmethod
    def _matched(table: np.ndarray) -> np.ndarray:
        positive = np.maximum(table, 0.0)
        total = positive.sum(axis=1, keepdims=True)
        return np.where(total > 0, positive / np.where(total > 0, total, 1.0), 1.0 / table.shape[1])

    def _values(self, node: int, dealt: tuple[int, ...], p: int, own: np.ndarray, theirs: np.ndarray,
                factors: tuple[float, float, float, float]) -> np.ndarray:
        kind = int(self.tree.kind[node])
        if kind in (FOLD, SHOWDOWN):
            values: np.ndarray = self._payoff(node, p, dealt) @ theirs
            return values
        children = list(self.tree.children(node))
        if kind == CHANCE:
            left = [c for c in self.referee.deck if c not in dealt]
            factor = 1.0 / (len(left) - 4)
            out = np.zeros(len(own))
            for card in left:
                holds = [(self.combos[q] == card).any(axis=1) for q in (0, 1)]
                child = self._values(children[0], dealt + (card,), p, np.where(holds[p], 0.0, own),
                                     np.where(holds[1 - p], 0.0, theirs * factor), factors)
                out += np.where(holds[p], 0.0, child)
            return out
        regrets, sums = self._tables(node, dealt)
        strategy = self._matched(regrets)
        if kind != p:
            return sum((self._values(c, dealt, p, own, theirs * strategy[:, a], factors)
                        for a, c in enumerate(children)), np.zeros(len(own)))
        values = np.stack([self._values(c, dealt, p, own * strategy[:, a], theirs, factors)
                           for a, c in enumerate(children)], axis=1)
        played = (strategy * values).sum(axis=1)
        positive, negative, keep, average = factors
        regrets += values - played[:, None]
        regrets *= np.where(regrets > 0, positive, negative)
        sums *= keep
        sums += own[:, None] * strategy
        sums *= average
        return played

    def iterate(self) -> None:
        """One iteration: OOP's pass, then IP's."""
        self.iteration += 1
        factors = self.discount.factors(self.iteration)
        for p in (0, 1):
            self._values(0, (), p, self.weights[p], self.weights[1 - p], factors)

    def average(self, node: int, dealt: tuple[int, ...]) -> np.ndarray:
        """The average strategy at an action node after the dealt cards, (combos, actions)."""
        return self._matched(self._tables(node, dealt)[1])
