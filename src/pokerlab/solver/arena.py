"""Where the solver keeps its numbers, and how much memory they take.

The public tree (:class:`~pokerlab.solver.tree.ActionTree`) has one node per sequence of
actions; the solver repeats the part of it after a ``CHANCE`` node once for each card the
deck can deal. Each repetition is a *context*: the cards dealt since the root (none, a
first card, or a first and a second). An action node of the player ``q`` holds, in every
context, two ``(actions, combos of q)`` tables: its cumulative regrets and its cumulative
strategy. They lie in one flat arena of float32 (regrets in the first half, strategy sums in
the second), or, with 16-bit storage, in an int16 and a uint16 array with one float32 scale
per table, which takes about half the memory.

With suit isomorphism a dealt card that is a copy of another up to a swap of two suits (the
board, both ranges and every lock unchanged by the swap) gets no context of its own: the
solver plays the canonical card and permutes its values.

>>> from pokerlab.solver.arena import SWAPS, swap_card
>>> SWAPS[2], swap_card(51, 2)        # clubs and spades: As becomes Ac
((0, 3), 48)
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, Protocol

import numpy as np
from numba import njit

from pokerlab.errors import InvalidArgumentError
from pokerlab.games import Game
from pokerlab.solver.tree import CHANCE, FOLD, IP, SHOWDOWN, ActionTree

__all__ = ["GAP", "SWAPS", "Layout", "MemoryEstimate", "SpotLike", "Tables", "allocation_refused", "available_memory",
           "check_memory", "compatible_pairs", "layout", "memory_estimate", "swap_card", "swapped_rows",
           "symmetric_swaps", "with_showdowns"]

SWAPS: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
"""The six swaps of two suits (0..3 = c, d, h, s), by number."""

LEVELS = 3
"""Contexts are at most three deep: the root's street, then one card, then two."""

GAP = 16
"""Entries left unused at the end of each thread's row of scratch that the passes write all
the time (128 bytes of float64): two threads never write to one cache line, which would
pass it back and forth between their cores at every write."""

CHANCES_AT_ONCE = 4
"""The top block's chance nodes whose deals run in one parallel loop in a best-response pass,
which keeps two rows of values per deal (the best response's and the average strategy's)
until the loop ends: all of them would double the buffer (on the turn, 17 chance nodes of 48
cards, 1.6 MB). An update pass keeps one row per deal and runs all the top block's deals in
one loop: each loop ends waiting for every thread, and on a busy machine a thread the system
has set aside holds up each wait (five loops a pass made the turn on two threads at load 5
three times slower than on one)."""


class SpotLike(Protocol):
    """What the solver needs of a spot: the cards, the chips, the tree and both ranges.

    Player 0 is out of position (OOP), 1 in position (IP). ``combos(player)`` is an
    ``(n, 2)`` uint8 array of card ids, ``weights(player)`` the ``(n,)`` float64 weight of each.
    """

    @property
    def board(self) -> tuple[int, ...]: ...

    @property
    def game(self) -> Game: ...

    @property
    def pot(self) -> float: ...

    @property
    def stack(self) -> float: ...

    @property
    def rake(self) -> float: ...

    @property
    def rake_cap(self) -> float: ...

    @property
    def tree(self) -> ActionTree: ...

    def combos(self, player: int | str) -> np.ndarray: ...

    def weights(self, player: int | str) -> np.ndarray: ...


KIND, FIRST, COUNT, DEPTH, ROW, SOFF, OFFSET, STRIDE, SIZE, SCALE, SSTRIDE, CHILD, LOCK = range(13)
"""The columns of :attr:`Tables.node`: the node's kind, first child and number of children,
the cards dealt above it (0, 1 or 2), its row in its block's reach and value scratch, where
its strategy starts in its block's strategy scratch (which holds the strategies of one
player's nodes: the traverser's, kept from the forward loop to the backward one); for an
action node, where its regrets
start in the arena in context 0 and how far apart its contexts are, its table's size
(actions x combos of the acting player), and likewise its 16-bit scales; for a chance node,
the block under it; where a locked node's contexts start in :attr:`Tables.lock_at` (-1:
none).

The arena holds each block's action nodes in one context side by side, each its regrets
then its strategy sums, and a block's contexts one after the other: a pass, which plays the
contexts of a block in order, reads the arena from one end to the other."""


class Tables(NamedTuple):
    """Everything the compiled traversal reads, as few arrays (see :func:`layout`)."""

    node: np.ndarray
    """(nodes, 11) int64, columns ``KIND`` .. ``LOCK``."""
    amount: np.ndarray
    """(nodes, 2, 3) float64: at a terminal node, each player's payoff for a win, a loss and a
    tie (at a fold, its payoff in the first place), over the number of pairs of hands."""
    members: np.ndarray
    """int64: each block's nodes (a street's betting in one context) in increasing order,
    then each block's chance nodes."""
    bounds: np.ndarray
    """(blocks, 4) int64: where each block's nodes start and end in ``members``, and where its
    chance nodes start and end."""
    dealt: np.ndarray
    """(2, 53, 53) int16: for the dealt cards ``c1, c2`` (-1: none) at ``[c1 + 1, c2 + 1]``,
    their context (-1: not stored) and their river board; one place instead of 53 on an axis
    whose card the spot never deals."""
    deal_start: np.ndarray
    """(54,) int64: the cards a chance node deals, in ``deals``: situation 0 at the root's
    street, ``1 + c`` after the card ``c``."""
    deals: np.ndarray
    """(entries, 3) int64: a dealt card, and where its copies up to a suit swap start and end
    in ``isos``."""
    isos: np.ndarray
    """(copies, 2) int64: a copy's card and the swap (of :data:`SWAPS`) that makes it."""
    chance_factor: np.ndarray
    """(3,) float64: a dealt card's probability given both hands, by the depth it is dealt at."""
    counts: np.ndarray
    """(2,) int64: combos of each player."""
    hands: np.ndarray
    """(2, n, 4) int64: each combo's two cards, its cards as bits, and the row of the same
    two cards in the other player's range (-1: none); rows past a player's count unused."""
    perm: np.ndarray
    """(2, 6, n) uint16: the row of each combo with the suits of a swap exchanged, or 65535
    where the range lacks it (a swap the solver uses lacks none; all 65535 where the spot
    deals no card)."""
    board_mask: int
    order: np.ndarray
    """(boards, hands of both) uint64: each river board's hands of each player not blocked
    by it, weakest first, out of position's part first, each with the running sums its cards
    add to (see :func:`~pokerlab.solver.showdown.river_tables`)."""
    order_count: np.ndarray
    """(boards, 2) int64: how many hands of each player each river board leaves."""
    ranks: np.ndarray
    """(boards, hands of both, 3) uint32: where each hand stands among the opponent's on each
    river board, its cards, and whether the board blocks it, packed in three words (see
    :func:`~pokerlab.solver.showdown.river_tables`), which a showdown reads together."""
    card_last: np.ndarray
    """(boards, 2, 52) uint16: for each river board and player, each card's last running sum
    in the player's part of ``order`` (see :func:`~pokerlab.solver.showdown.river_tables`)."""
    lock_at: np.ndarray
    """Per context of a locked node, where its (actions, combos) lock starts in
    ``lock_values`` (-1: none); a combo's lock is unused where its first action's is < 0."""
    lock_values: np.ndarray


@dataclass(frozen=True)
class MemoryEstimate:
    """Bytes a solve takes, with float32 storage and with 16-bit storage.

    >>> MemoryEstimate(2**20, 2**19).to_dict()
    {'float32': 1048576, 'bits16': 524288, 'float32_mib': 1.0, 'bits16_mib': 0.5}
    """

    float32: int
    bits16: int

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values, bytes and MiB."""
        return {"float32": self.float32, "bits16": self.bits16, "float32_mib": round(self.float32 / 2**20, 3),
                "bits16_mib": round(self.bits16 / 2**20, 3)}


@dataclass(frozen=True, eq=False)
class Layout:
    """The tables of one spot and the sizes of what a solve allocates.

    ``cells``: entries of the regrets and strategy sums together; ``scales``: tables, one
    scale each for regrets and sums in 16-bit storage; ``rows``, ``strategy_cells``:
    a block's scratch; ``items``: the rows of values a block's deals keep during a pass (all
    the deals of its chance nodes, or two rows each for those of :data:`CHANCES_AT_ONCE` of
    them); ``contexts``: the contexts stored at each depth; ``swaps``: the suit swaps
    used.
    """

    tables: Tables
    cells: int
    scales: int
    rows: int
    strategy_cells: int
    items: int
    contexts: tuple[int, int, int]
    swaps: tuple[int, ...]
    pairs: float
    """The weighted number of pairs of hands that share no card."""
    weights: tuple[np.ndarray, np.ndarray]
    """Each player's weights, 0 for a combo that holds a board card."""
    boards: int
    """The river boards whose hands are kept in order of strength."""

    @functools.cached_property
    def levels(self) -> int:
        """How many streets a pass plays: 1 on the river, 2 from the turn, 3 from the flop."""
        return int(self.tables.node[:, DEPTH].max()) + 1

    def workers(self, threads: int) -> int:
        """The threads that need scratch of their own: none but the caller's without a chance node."""
        return threads if self.levels > 1 else 1

    def scratch(self, threads: int, bits: int) -> dict[str, tuple[tuple[int, ...], type]]:
        """The shape and type of each buffer of :class:`~pokerlab.solver.cfr.Scratch` that a
        solve on ``threads`` threads with ``bits`` storage allocates."""
        n = int(self.tables.counts.max())
        workers = self.workers(threads)
        levels = self.levels
        largest = int(self.tables.node[:, SIZE].max(initial=1))
        return {"rows": ((3, levels, workers, self.rows * n), np.float32),
                "at": ((2, levels, workers, self.rows + GAP), np.int64),
                "strat": ((levels, workers, max(self.strategy_cells, 1)), np.float32),
                "tmp": ((workers, 2 if bits == 16 else 1, largest), np.float32),
                "total": ((workers, n + GAP), np.float32),
                "acc": ((workers, 53 + GAP), np.float64),
                "prefix": ((workers, n + 1 + GAP), np.float64),
                "snaps": ((workers, 2 * n + 1 + GAP), np.float64),
                "sums": ((workers, 2, (n if self.items else 0) + GAP), np.float64),
                "items": ((self.items, n), np.float32),
                "item_index": ((2, self.items), np.int64),
                "claim": ((GAP,), np.int64)}

    def memory(self, threads: int) -> MemoryEstimate:
        """What a solve allocates: the arena, the tables, and scratch for ``threads`` threads."""
        tables = sum(int(a.nbytes) for a in self.tables if isinstance(a, np.ndarray))
        both = int(self.tables.counts.sum())
        tables += 0 if len(self.tables.order) else self.boards * (both * (8 + 3 * 4) + 2 * 8 + 2 * 52 * 2)
        shapes = self.scratch(threads, 32)
        scratch = sum(math.prod(shape) * np.dtype(kind).itemsize for shape, kind in shapes.values())
        # 16-bit tables are decoded into a second row of tmp
        decoded = math.prod(shapes["tmp"][0]) * 4
        return MemoryEstimate(tables + scratch + 4 * self.cells,
                              tables + scratch + decoded + 2 * self.cells + 8 * self.scales)


def swap_card(card: int, swap: int) -> int:
    """The card with the two suits of ``SWAPS[swap]`` exchanged."""
    a, b = SWAPS[swap]
    suit = card & 3
    return card - suit + (b if suit == a else a if suit == b else suit)


_SWAPPED = np.array([[swap_card(c, s) for c in range(52)] for s in range(len(SWAPS))], dtype=np.int64)
"""Each card with the suits of each swap exchanged, (6, 52)."""


def _hands(spot: SpotLike) -> tuple[list[np.ndarray], list[np.ndarray]]:
    combos, weights = [], []
    for player in (0, 1):
        cards = np.ascontiguousarray(spot.combos(player), dtype=np.uint8)
        weight = np.ascontiguousarray(spot.weights(player), dtype=np.float64)
        if cards.ndim != 2 or cards.shape[1] != 2 or weight.shape != (len(cards),) or not len(cards):
            raise InvalidArgumentError(f"the spot's player {player} must have (n, 2) combos and (n,) weights, "
                                       f"n at least 1; got {cards.shape} and {weight.shape}")
        combos.append(np.sort(cards, axis=1))
        weights.append(weight)
    return combos, weights


def _row_table(combos: np.ndarray) -> np.ndarray:
    """(52, 52) int32: each combo's row at its two cards, both ways round; -1 elsewhere."""
    row = np.full((52, 52), -1, dtype=np.int32)
    first, second = combos[:, 0].astype(np.int64), combos[:, 1].astype(np.int64)
    row[first, second] = row[second, first] = np.arange(len(combos), dtype=np.int32)
    return row


def swapped_rows(combos: list[np.ndarray]) -> list[np.ndarray]:
    """Each player's (6, n) rows of the swapped combos, -1 where the range lacks one.

    >>> from pokerlab.cards.notation import parse_cards
    >>> aces = np.array([sorted(parse_cards(c)) for c in ("Ac Ad", "Ac As", "Ad Ah")], dtype=np.uint8)
    >>> swapped_rows([aces])[0][SWAPS.index((1, 3))].tolist()   # diamonds and spades: AcAd is AcAs
    [1, 0, -1]
    """
    return [_row_table(cards)[_SWAPPED[:, cards[:, 0]], _SWAPPED[:, cards[:, 1]]] for cards in combos]


def symmetric_swaps(board: Sequence[int], combos: list[np.ndarray], weights: list[np.ndarray],
                    perms: list[np.ndarray], fixed: Sequence[int] = ()) -> tuple[int, ...]:
    """The suit swaps that leave the board, both weighted ranges and the ``fixed`` cards as they are.

    >>> from pokerlab.solver.spot import Spot
    >>> spot = Spot("Td9d6h", "AA", "KK", 100, 100)
    >>> combos = [spot.combos(p) for p in (0, 1)]
    >>> [SWAPS[s] for s in symmetric_swaps(spot.board, combos, [spot.weights(p) for p in (0, 1)],
    ...                                    swapped_rows(combos))]       # clubs and spades
    [(0, 3)]
    """
    found = []
    cards = set(board)
    for s in range(len(SWAPS)):
        if {swap_card(c, s) for c in cards} != cards or any(swap_card(c, s) != c for c in fixed):
            continue
        if all((perm[s] >= 0).all() and np.array_equal(w[perm[s]], w) for perm, w in zip(perms, weights)):
            found.append(s)
    return tuple(found)


def _deal(cards: list[int], swaps: Sequence[int]) -> list[tuple[int, list[tuple[int, int]]]]:
    """The canonical cards of ``cards`` under the suit swaps, each with its copies and the swap
    that makes them (every suit in a class of swappable suits is a copy of the lowest)."""
    group = list(range(4))  # the lowest suit each suit can be swapped with
    for s in swaps:
        a, b = SWAPS[s]
        low = min(group[a], group[b])
        group = [low if g in (group[a], group[b]) else g for g in group]
    out: list[tuple[int, list[tuple[int, int]]]] = []
    for card in cards:
        suit = card & 3
        if group[suit] != suit:
            continue
        copies = [(card - suit + other, SWAPS.index((suit, other))) for other in range(suit + 1, 4)
                  if group[other] == suit and card - suit + other in cards]
        out.append((card, copies))
    return out


@njit(cache=True, nogil=True)
def _first_fault(kind: np.ndarray, first: np.ndarray, count: np.ndarray, parent: np.ndarray) -> int:
    """Numba: the first node whose children break the tree's rules (an action or chance node
    has children, a chance node one, each after its parent and naming it), or -1."""
    n = len(kind)
    for node in range(n):
        has = count[node] > 0
        if has != (kind[node] <= CHANCE) or (kind[node] == CHANCE and count[node] != 1) or (has and first[node] < 0):
            return node
        for child in range(first[node], first[node] + count[node]):
            if not node < child < n or parent[child] != node:
                return node
    return -1


def _check_tree(tree: ActionTree, board: tuple[int, ...]) -> np.ndarray:
    """Each node's depth (cards dealt above it), once the tree is found sound."""
    columns = (tree.kind, tree.first_child, tree.n_children, tree.parent)
    node = _first_fault(*(np.asarray(c, dtype=np.int64) for c in columns))
    if node >= 0:
        raise InvalidArgumentError(f"tree node {node} of kind {tree.kind[node]} has {tree.n_children[node]} children, "
                                   f"from {tree.first_child[node]}: an action node needs children, a chance node one, "
                                   "each after it and naming it as its parent")
    depth: np.ndarray = np.asarray(tree.street, dtype=np.int64) - (len(board) - 3)
    if depth.min() < 0 or depth.max() > LEVELS - 1:
        raise InvalidArgumentError(f"the tree's streets do not match a board of {len(board)} cards")
    return depth


Deal = list[tuple[int, list[tuple[int, int]]]]


def layout(spot: SpotLike, *, isomorphism: bool = True, fixed: Sequence[int] = (),
           locked_swaps: Sequence[int] | None = None, showdowns: bool = True) -> Layout:
    """The spot's tables: its tree in blocks, every action node's place in the arena, the deals
    (with suit isomorphism: one card per class, and its copies), both ranges' hands and, with
    ``showdowns``, each river board's hands in order of strength.

    ``fixed`` and ``locked_swaps``: cards that a swap must leave as they are, and the swaps
    that locks allow (None: all), so that isomorphism never merges what a lock tells apart.

    >>> from pokerlab.solver.spot import Spot
    >>> plan = layout(Spot("Td9d6hQc", "AA", "KK", 100, 100, bets="a"))
    >>> plan.contexts, plan.levels              # the river's 48 cards, no turn to deal
    ((1, 48, 0), 2)
    """
    tree = spot.tree
    board = tuple(int(c) for c in spot.board)
    depth = _check_tree(tree, board)
    deepest = int(depth.max())  # the cards dealt below the root: 0 on the river
    combos, weights = _hands(spot)
    counts = np.array([len(c) for c in combos], dtype=np.int64)
    board_mask = sum(1 << c for c in board)
    width = int(counts.max())
    hands = np.zeros((2, width, 4), dtype=np.int64)
    _fill_hands((combos[0], combos[1]), hands)
    weights = [np.where(hands[p, :counts[p], 2] & board_mask, 0.0, w) for p, w in enumerate(weights)]
    # on the river no card is dealt, so no copy of one is solved as another
    perms = swapped_rows(combos) if deepest >= 1 else None
    swaps: tuple[int, ...] = ()
    if isomorphism and perms is not None:
        swaps = tuple(s for s in symmetric_swaps(board, combos, weights, perms, fixed)
                      if locked_swaps is None or s in locked_swaps)
    deck = [c for c in spot.game.deck if not board_mask >> c & 1]
    situations = _situations(deck, swaps, deepest, len(board))
    dealt = np.full((2, 53 if deepest >= 1 else 1, 53 if deepest >= 2 else 1), -1, dtype=np.int16)
    contexts = [1, len(situations.get(0, [])), 0]
    for i, (first, _) in enumerate(situations.get(0, [])):
        dealt[0, first + 1, 0] = i
        for second, _ in situations.get(1 + first, []):
            dealt[0, first + 1, second + 1] = contexts[2]
            contexts[2] += 1
    deal_start, deals, isos = _deal_table(situations)
    left = len(deck) - 4  # the cards a dealt card can be, given both players' hands
    chance_factor = np.array([1.0 / max(left, 1), 1.0 / max(left - 1, 1), 0.0])

    node, members, bounds, rows, strategy_cells, cells, scales = _node_table(tree, depth, counts, contexts)
    dealing = [len(situations.get(0, [])), max([len(situations[s]) for s in situations if s], default=0), 0]
    items = max(max(int(b[3] - b[2]), 2 * min(int(b[3] - b[2]), CHANCES_AT_ONCE)) * dealing[int(depth[members[b[0]]])]
                for b in bounds)

    perm = np.full((2, len(SWAPS), width), 65535, dtype=np.uint16)
    for p in (0, 1):
        if perms is not None:
            perm[p, :, :counts[p]] = np.where(perms[p] >= 0, perms[p], 65535)
    pairs = compatible_pairs(combos[0], combos[1], weights[0], weights[1])
    if pairs <= 0:
        raise InvalidArgumentError("the two ranges have no pair of hands without a card in common")
    order = np.zeros((0, int(counts.sum())), dtype=np.uint64)
    order_count = np.zeros((0, 2), dtype=np.int64)
    ranks = np.zeros((0, int(counts.sum()), 3), dtype=np.uint32)
    card_last = np.zeros((0, 2, 52), dtype=np.uint16)
    tables = Tables(node=node, amount=_amounts(tree, spot, pairs), members=members, bounds=bounds, dealt=dealt,
                    deal_start=deal_start, deals=deals, isos=isos, chance_factor=chance_factor, counts=counts,
                    hands=hands, perm=perm, board_mask=board_mask, order=order, order_count=order_count, ranks=ranks,
                    card_last=card_last,
                    lock_at=np.zeros(0, dtype=np.int64), lock_values=np.zeros(0, dtype=np.float32))
    boards = contexts[min(2, 5 - len(board))] if len(board) < 5 else 1
    plan = Layout(tables, cells, scales, rows, strategy_cells, items, (contexts[0], contexts[1], contexts[2]),
                  swaps, pairs, (weights[0], weights[1]), boards)
    return with_showdowns(plan, spot) if showdowns else plan


def with_showdowns(plan: Layout, spot: SpotLike) -> Layout:
    """``plan``, laid out without showdowns (whose memory estimate counts them already),
    with each river board's hands in order of strength.

    >>> from pokerlab.solver.spot import Spot
    >>> spot = Spot("Td9d6hQc", "AA", "KK", 100, 100, bets="a")
    >>> len(with_showdowns(layout(spot, showdowns=False), spot).tables.order)   # a board per river card
    48
    """
    from pokerlab.solver.showdown import river_tables

    t = plan.tables
    deals = {s: [(int(card), ()) for card in t.deals[t.deal_start[s]:t.deal_start[s + 1], 0]]
             for s in np.flatnonzero(np.diff(t.deal_start)).tolist()}
    dealt = t.dealt.copy()
    combos = [t.hands[p, :t.counts[p], :2].astype(np.uint8) for p in (0, 1)]  # sorted, as layout read them
    board_id, order, order_count, ranks, card_last = river_tables(spot.game, tuple(int(c) for c in spot.board),
                                                                 deals, combos)
    dealt[1] = board_id[:dealt.shape[1], :dealt.shape[2]]
    return dataclasses.replace(plan, tables=t._replace(dealt=dealt, order=order, order_count=order_count,
                                                       ranks=ranks, card_last=card_last))


def _situations(deck: list[int], swaps: tuple[int, ...], max_depth: int, board_size: int) -> dict[int, Deal]:
    """The cards each chance node deals: situation 0 at the root's street, ``1 + c`` after the
    first card ``c`` (the swaps that move ``c`` no longer apply)."""
    situations: dict[int, Deal] = {}
    if max_depth >= 1:
        situations[0] = _deal(deck, swaps)
    if max_depth >= 2 and board_size == 3:
        for first, _ in situations[0]:
            kept = tuple(s for s in swaps if swap_card(first, s) == first)
            situations[1 + first] = _deal([c for c in deck if c != first], kept)
    return situations


def _deal_table(situations: dict[int, Deal]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    deal_start = np.zeros(54, dtype=np.int64)
    deals: list[tuple[int, int, int]] = []
    isos: list[tuple[int, int]] = []
    for s in range(53 if situations else 0):
        for card, copies in situations.get(s, []):
            deals.append((card, len(isos), len(isos) + len(copies)))
            isos += copies
        deal_start[s + 1] = len(deals)
    return (deal_start, np.array(deals, dtype=np.int64).reshape(-1, 3),
            np.array(isos, dtype=np.int64).reshape(-1, 2))


def _node_table(tree: ActionTree, depth: np.ndarray, counts: np.ndarray,
                contexts: Sequence[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int, int, int]:
    """The node table, the blocks' members and bounds, the most rows and strategy cells a
    block needs, and the arena's cells and 16-bit scales (see :func:`_place_nodes`)."""
    node = np.zeros((len(tree), 13), dtype=np.int64)
    node[:, KIND] = tree.kind
    node[:, FIRST] = tree.first_child
    node[:, COUNT] = tree.n_children
    node[:, DEPTH] = depth
    node[:, CHILD] = -1
    node[:, LOCK] = -1
    members = np.zeros(len(tree) + int(np.count_nonzero(node[:, KIND] == CHANCE)), dtype=np.int64)
    bounds = np.zeros((len(tree), 4), dtype=np.int64)
    blocks, rows, strategy_cells, cells, scales = _place_nodes(node, counts, np.asarray(contexts, dtype=np.int64),
                                                               members, bounds)
    return node, members, bounds[:blocks], rows, strategy_cells, cells, scales


@njit(cache=True, nogil=True)
def _place_nodes(node: np.ndarray, counts: np.ndarray, contexts: np.ndarray, members: np.ndarray,
                 bounds: np.ndarray) -> tuple[int, int, int, int, int]:
    """Numba: cut the tree of ``node`` (its ``KIND``, ``FIRST``, ``COUNT`` and ``DEPTH``
    columns filled) into blocks, a street's betting up to its chance and terminal nodes,
    the root's first, and fill the other columns, ``members`` and ``bounds`` (see
    :class:`Tables`). ``contexts``: how many times each depth is stored. Returns the number
    of blocks, the most nodes in one, the most strategy cells of one player's nodes in one,
    and the arena's cells and scales."""
    n = len(node)
    starts = np.zeros(n, dtype=np.int64)  # the first nodes of blocks still to walk
    stack = np.zeros(n, dtype=np.int64)
    block_of = np.zeros(n, dtype=np.int64)  # a block's first node: its number
    waiting, at, blocks = 1, 0, 0
    while waiting:
        waiting -= 1
        start = starts[waiting]
        block_of[start] = blocks
        bounds[blocks, 0] = at
        members[at] = start
        at += 1
        stack[0] = start
        depth = 1
        while depth:
            depth -= 1
            parent = stack[depth]
            for child in range(node[parent, FIRST], node[parent, FIRST] + node[parent, COUNT]):
                if node[parent, KIND] == CHANCE:
                    starts[waiting] = child
                    waiting += 1
                else:
                    members[at] = child
                    at += 1
                    stack[depth] = child
                    depth += 1
        members[bounds[blocks, 0]:at].sort()
        bounds[blocks, 1] = at
        blocks += 1
    rows = strategy_cells = cells = scales = 0
    for b in range(blocks):
        bounds[b, 2] = at
        own = np.zeros(2, dtype=np.int64)  # each player's strategy cells: a pass keeps the traverser's
        chunk = acting = 0
        for r in range(bounds[b, 1] - bounds[b, 0]):
            v = members[bounds[b, 0] + r]
            node[v, ROW] = r
            kind = node[v, KIND]
            if kind <= IP:
                size = node[v, COUNT] * counts[kind]
                node[v, SIZE] = size
                node[v, SOFF] = own[kind]
                own[kind] += size
                node[v, OFFSET] = cells + chunk
                node[v, SCALE] = scales + acting
                chunk += 2 * size
                acting += 1
            elif kind == CHANCE:
                members[at] = v
                at += 1
                node[v, CHILD] = block_of[node[v, FIRST]]
        bounds[b, 3] = at
        for i in range(bounds[b, 0], bounds[b, 1]):
            if node[members[i], KIND] <= IP:
                node[members[i], STRIDE] = chunk
                node[members[i], SSTRIDE] = acting
        times = contexts[node[members[bounds[b, 0]], DEPTH]]
        cells += times * chunk
        scales += times * acting
        rows = max(rows, bounds[b, 1] - bounds[b, 0])
        strategy_cells = max(strategy_cells, own[0], own[1])
    return blocks, rows, strategy_cells, cells, scales


@njit(cache=True, nogil=True)
def compatible_pairs(oop: np.ndarray, ip: np.ndarray, oop_weights: np.ndarray, ip_weights: np.ndarray) -> float:
    """Numba: the weighted count of pairs (OOP hand, IP hand) that share no card: each OOP
    combo's weight times IP's weight in all, less IP's through either of its cards, plus the
    weight of IP's combo of the very same cards (taken away twice).

    >>> aces, kings = np.array([[48, 49], [50, 51]], dtype=np.uint8), np.array([[44, 45]], dtype=np.uint8)
    >>> compatible_pairs(aces, kings, np.ones(2), np.ones(1)), compatible_pairs(aces, aces, np.ones(2), np.ones(2))
    (2.0, 2.0)
    """
    per_card = np.zeros(52)
    same = np.full((52, 52), -1, dtype=np.int64)
    total = 0.0
    for j in range(len(ip)):
        per_card[ip[j, 0]] += ip_weights[j]
        per_card[ip[j, 1]] += ip_weights[j]
        total += ip_weights[j]
        same[ip[j, 0], ip[j, 1]] = same[ip[j, 1], ip[j, 0]] = j
    pairs = 0.0
    for i in range(len(oop)):
        a, b = oop[i, 0], oop[i, 1]
        back = ip_weights[same[a, b]] if same[a, b] >= 0 else 0.0
        pairs += oop_weights[i] * (total - per_card[a] - per_card[b] + back)
    return pairs


@njit(cache=True, nogil=True)
def _fill_hands(combos: tuple[np.ndarray, np.ndarray], hands: np.ndarray) -> None:
    """Numba: each player's rows of :attr:`Tables.hands` from its sorted ``combos``: the two
    cards, their bits, and the row of the opponent's combo of the very same cards (-1: none)."""
    same = np.full((52, 52), -1, dtype=np.int64)
    for p in range(2):
        mine, theirs = combos[p], combos[1 - p]
        same[:, :] = -1
        for j in range(len(theirs)):
            same[theirs[j, 0], theirs[j, 1]] = j
        for i in range(len(mine)):
            a, b = mine[i, 0], mine[i, 1]
            hands[p, i, 0] = a
            hands[p, i, 1] = b
            hands[p, i, 2] = (np.int64(1) << np.int64(a)) | (np.int64(1) << np.int64(b))
            hands[p, i, 3] = same[a, b]


def _amounts(tree: ActionTree, spot: SpotLike, pairs: float) -> np.ndarray:
    """Each terminal node's payoffs to each player, net of the chips it put in (the pot it
    started with counted as half each), the rake taken from the pot as called, per pair of
    hands: (nodes, 2, 3), a showdown's win, loss and tie, and at a fold its first entry."""
    out = np.zeros((len(tree), 2, 3))
    _payoffs(np.asarray(tree.kind), np.asarray(tree.invested, dtype=np.float64), np.asarray(tree.folder),
             float(spot.pot), float(spot.rake), float(spot.rake_cap), pairs, out)
    return out


@njit(cache=True, nogil=True)
def _payoffs(kind: np.ndarray, invested: np.ndarray, folder: np.ndarray, pot: float, rate: float, cap: float,
             pairs: float, out: np.ndarray) -> None:
    """Numba: :func:`_amounts` into ``out``."""
    for n in range(len(kind)):
        if kind[n] != SHOWDOWN and kind[n] != FOLD:
            continue
        called = pot + 2.0 * min(invested[n, 0], invested[n, 1])
        rake = min(called * rate, cap)
        half = called / 2.0
        for p in range(2):
            if kind[n] == FOLD:
                out[n, p, 0] = (-half if folder[n] == p else half - rake) / pairs
            else:
                out[n, p, 0] = (half - rake) / pairs
                out[n, p, 1] = -half / pairs
                out[n, p, 2] = -rake / 2.0 / pairs


def memory_estimate(spot: SpotLike, *, isomorphism: bool = True, threads: int | None = None) -> MemoryEstimate:
    """The bytes a solve of ``spot`` takes with float32 and with 16-bit storage, worked out
    from the tree and the ranges before anything large is allocated.

    >>> from pokerlab.solver.spot import Spot
    >>> memory = memory_estimate(Spot("Td9d6hQc", "AA,KK,QQ", "JJ,TT", 200, 900, bets="60%, a"))
    >>> memory.bits16 < memory.float32 < 2**20
    True
    """
    from pokerlab import numba_runtime

    with numba_runtime.threads(threads):
        import numba

        count = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
    return layout(spot, isomorphism=isomorphism, showdowns=False).memory(count)


def available_memory(meminfo: str | Path = "/proc/meminfo") -> int | None:
    """The machine's available memory in bytes (``MemAvailable`` of ``/proc/meminfo``), or
    None where the file is missing or does not say.

    >>> available_memory("/nonexistent") is None
    True
    """
    try:
        text = Path(meminfo).read_text()
    except OSError:
        return None
    for line in text.splitlines():
        name, _, value = line.partition(":")
        if name == "MemAvailable":
            parts = value.split()
            if parts and parts[0].isdigit():
                return int(parts[0]) * (1024 if parts[1:] == ["kB"] else 1)
    return None


SMALL_SOLVE = 16 * 2**20
"""A solve of at most this many bytes is not weighed against the available memory: no
machine that runs the solver lacks that much, and reading what is available takes 25 to
120 us, a few percent of a river solve."""


def _bytes(count: float) -> str:
    """A size as a refusal says it: MiB, or KiB or bytes where MiB would read 0.0."""
    if count >= 2**20 / 10:
        return f"{count / 2**20:.1f} MiB"
    return f"{count / 2**10:.1f} KiB" if count >= 2**10 / 10 else f"{count:.0f} bytes"


def check_memory(estimate: MemoryEstimate, bits: int, memory_limit: float | None) -> None:
    """Refuse a solve whose storage (``bits`` 32 or 16) needs more of ``estimate`` than
    ``memory_limit`` bytes (None: 75% of the available memory, unchecked where the machine
    does not say or the solve is at most :data:`SMALL_SOLVE`), naming the estimate and what
    would make it smaller.

    >>> check_memory(MemoryEstimate(10**6, 6 * 10**5), 32, 2 * 10**6)
    >>> check_memory(MemoryEstimate(10**9, 6 * 10**8), 32, 10**6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: the solve needs about 953.7 MiB in float32, ...=16 needs about 572.2 MiB; ...
    """
    needed = estimate.float32 if bits == 32 else estimate.bits16
    limit = memory_limit
    if limit is None:
        if needed <= SMALL_SOLVE:
            return
        available = available_memory()
        if available is None:
            return
        limit = 0.75 * available
    if needed > limit:
        against = "(memory_limit)" if memory_limit is not None else "(75% of the memory available)"
        raise _too_large(estimate, bits, f"over its memory limit of {_bytes(limit)} {against}")


def allocation_refused(estimate: MemoryEstimate, bits: int) -> InvalidArgumentError:
    """The refusal of a solve that passed :func:`check_memory` (a ``memory_limit`` above what
    the machine has) and then could not be allocated.

    >>> print(allocation_refused(MemoryEstimate(2**30, 2**29), 16))  # doctest: +ELLIPSIS
    the solve needs about 512.0 MiB in 16-bit, more than the machine could allocate...
    """
    return _too_large(estimate, bits, "more than the machine could allocate (memory_limit is above what it has)")


def _too_large(estimate: MemoryEstimate, bits: int, over: str) -> InvalidArgumentError:
    needed = estimate.float32 if bits == 32 else estimate.bits16
    other = f"bits=16 needs about {_bytes(estimate.bits16)}; or give " if bits == 32 else "give "
    return InvalidArgumentError(f"the solve needs about {_bytes(needed)} in {'float32' if bits == 32 else '16-bit'}, "
                                f"{over}; {other}fewer bet sizes or a smaller range")
