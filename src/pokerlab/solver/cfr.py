"""The compiled traversal: vector-form Discounted CFR and the best response, over the public tree.

One pass walks the tree for one player (the *traverser*) with a row per combo at each node:
the opponent's reach goes down, the traverser's counterfactual values come back up. The
tree is cut into blocks (a street's betting in one context, see :mod:`pokerlab.solver.arena`);
within a block the nodes are in increasing order, parents before children, so a pass is a
loop forward (reaches from each node to its children) and a loop backward (values from the
children to each node), with no recursion. A chance node's children are the next street's
block once per card the deck can deal: the top block's run in parallel, one card per task
and scratch per thread, the deeper ones in turn inside each task.

A solve's iterations and its checks of the exploitability run in one compiled loop
(:meth:`Engine.iterate`), as many as a call may take.

The top block's deals run on all threads, all of them in one parallel loop in an update
pass and a group of its chance nodes at a time in a best-response pass (see
:data:`~pokerlab.solver.arena.CHANCES_AT_ONCE`): each thread takes the next deal not yet
taken, so one that the system slows down takes fewer; each deal's values wait in their own
place until the loop is done, and each chance node adds its deals up in their order, so the
result is the same on any number of threads.

Two kinds of pass:

- ``UPDATE``: the traverser's current strategies (regret matching) and its regrets and
  strategy sums updated at its nodes (:func:`pokerlab.analyses.equilibrium.dcfr_columns`);
- ``RESPOND``: against the opponent's average strategy, the traverser's best-response value
  and the value of its own average strategy, side by side.

Values are per combo, in chips over the number of pairs of hands, net of what the player put
in (the starting pot counted half each): a combo's value summed with its weight over the range
is the player's expected payoff.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numba
import numpy as np
from numba import njit, prange, types
from numba.extending import intrinsic

from pokerlab.analyses.equilibrium import Discount, dcfr_columns, discount_factors, regret_matching_columns
from pokerlab.solver.arena import (
    CHILD,
    COUNT,
    DEPTH,
    FIRST,
    KIND,
    LOCK,
    OFFSET,
    ROW,
    SCALE,
    SOFF,
    SSTRIDE,
    STRIDE,
    Layout,
    Tables,
)
from pokerlab.solver.showdown import card_sums, fold_values, showdown_values
from pokerlab.solver.tree import CHANCE, FOLD, IP, SHOWDOWN

__all__ = ["RESPOND", "UPDATE", "Engine", "Scratch", "Store", "next_check", "strategy_into"]

UPDATE, RESPOND = 0, 1
OPP, OWN, VAL = 0, 1, 2
"""The three kinds of rows in :attr:`Scratch.rows`: the opponent's reach, the traverser's own
reach, the traverser's values (best response under RESPOND)."""
EV = OWN
"""RESPOND needs no own reach: its average strategy's values take those rows."""

Factors = tuple[float, float, float, float]
"""One iteration's row of :meth:`~pokerlab.analyses.equilibrium.Discount.table`: positive and
negative regrets' multipliers, what the strategy sums keep, and their multiplier."""

_I16 = 32767.0
_U16 = 65535.0


class Store(NamedTuple):
    """The regrets and strategy sums: ``arena`` (float32, a table's regrets then its sums),
    or with ``bits`` 16 ``regrets16`` and ``sums16`` (each at half the arena's offset) and
    two ``scales`` per table."""

    arena: np.ndarray
    regrets16: np.ndarray
    sums16: np.ndarray
    scales: np.ndarray
    bits: int


class Scratch(NamedTuple):
    """Buffers allocated once (shapes in :meth:`~pokerlab.solver.arena.Layout.scratch`):
    ``rows`` (3, levels, threads, rows x combos) the reach and value rows of a block's nodes
    (``OPP``, ``OWN`` or ``EV``, ``VAL``) and ``at`` (2, levels, threads, rows) the row that
    holds each node's opponent and own reach; ``strat`` (levels, threads, cells) the
    traverser's strategies; per thread ``tmp`` a locked opponent's strategy or the 16-bit
    tables decoded, ``total`` a strategy's totals, ``acc``, ``prefix`` and ``snaps`` the
    terminal nodes' running and per-card sums, and ``sums`` a chance node's; ``items`` (rows,
    combos) the values of each deal of a group of the top block's chance nodes (after the
    group's values, under RESPOND, its average strategy's),
    ``item_index`` (2, deals) its chance node and deal, and ``claim`` the next deal to take."""

    rows: np.ndarray
    at: np.ndarray
    strat: np.ndarray
    tmp: np.ndarray
    total: np.ndarray
    acc: np.ndarray
    prefix: np.ndarray
    snaps: np.ndarray
    sums: np.ndarray
    items: np.ndarray
    item_index: np.ndarray
    claim: np.ndarray


@intrinsic(prefer_literal=False)
def _fetch_add(typingctx: Any, counter: Any, value: Any) -> Any:
    """Numba: add ``value`` to ``counter[0]`` (int64) as one atomic step; what it held before."""
    if not (isinstance(counter, types.Array) and counter.dtype == types.int64 and isinstance(value, types.Integer)):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        array = context.make_array(signature.args[0])(context, builder, args[0])
        step = context.cast(builder, args[1], signature.args[1], types.int64)
        return builder.atomic_rmw("add", array.data, step, "monotonic")

    return types.int64(counter, value), codegen


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _context(t: Tables, depth: int, c1: int, c2: int) -> int:
    if depth == 0:
        return 0
    return int(t.dealt[0, c1 + 1, c2 + 1 if depth == 2 else 0])


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _lock(lock: int, lock_at: np.ndarray, ctx: int) -> int:
    """Where a node's lock in context ``ctx`` starts in ``lock_values`` (-1: none), from the
    node's ``LOCK`` column."""
    return int(lock_at[lock + ctx]) if lock >= 0 else -1


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def strategy_into(st: Store, base: int, k: int, mode: int, lock: np.ndarray, out: np.ndarray,
                  total: np.ndarray) -> None:
    """Numba: the strategy of the action node whose tables start at ``base`` in the arena, into
    ``out`` (``k`` actions x combos of the acting player, laid flat): the current one (regret
    matching) under UPDATE, the average under RESPOND; the combos that ``lock`` (the node's
    lock in the context, empty for none) holds play it. ``total`` is scratch.

    The per-node kernels take arrays and numbers, not the engine's tables: a call that the
    compiler keeps as a call would otherwise copy a few hundred numbers."""
    size = len(out)
    if st.bits == 32:
        at = base if mode == UPDATE else base + size
        regret_matching_columns(st.arena[at:at + size], k, out, total)
    elif mode == UPDATE:
        regret_matching_columns(st.regrets16[base // 2:base // 2 + size], k, out, total)
    else:
        regret_matching_columns(st.sums16[base // 2:base // 2 + size], k, out, total)
    if len(lock):
        w = size // k
        for i in range(w):
            if lock[i] >= 0.0:
                for a in range(k):
                    out[a * w + i] = lock[a * w + i]


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _forward(t: Tables, st: Store, s: Scratch, b: int, lv: int, tid: int, p: int, mode: int, ctx: int) -> None:
    """Strategies of the block's action nodes, and the reaches of their children."""
    wo, wp = t.counts[1 - p], t.counts[p]
    opp, own = s.rows[OPP, lv, tid], s.rows[OWN, lv, tid]
    opp_at, own_at = s.at[OPP, lv, tid], s.at[OWN, lv, tid]
    total = s.total[tid]
    for idx in range(t.bounds[b, 0], t.bounds[b, 1]):
        n = t.members[idx]
        q = t.node[n, KIND]
        if q > IP:
            continue
        k = t.node[n, COUNT]
        ro, rw = opp_at[t.node[n, ROW]], own_at[t.node[n, ROW]]
        r0 = t.node[t.node[n, FIRST], ROW]  # the children's rows follow one another
        base = t.node[n, OFFSET] + ctx * t.node[n, STRIDE]
        size = k * (wp if q == p else wo)
        at = _lock(t.node[n, LOCK], t.lock_at, ctx)
        lock = t.lock_values[at:at + size] if at >= 0 else t.lock_values[:0]
        # a child's reach that its action leaves as it is stays in its parent's row
        if q == p:
            strat = s.strat[lv, tid][t.node[n, SOFF]:t.node[n, SOFF] + size]
            strategy_into(st, base, k, mode, lock, strat, total)
            for a in range(k):
                if mode == UPDATE:
                    _product(own[rw * wp:(rw + 1) * wp], strat[a * wp:(a + 1) * wp],
                             own[(r0 + a) * wp:(r0 + a + 1) * wp])
                opp_at[r0 + a], own_at[r0 + a] = ro, r0 + a
        else:
            _opponent(st, base, k, mode, lock, opp[ro * wo:(ro + 1) * wo], opp[r0 * wo:(r0 + k) * wo],
                      s.tmp[tid, 0][:size], total)
            for a in range(k):
                opp_at[r0 + a], own_at[r0 + a] = r0 + a, rw


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _opponent(st: Store, base: int, k: int, mode: int, lock: np.ndarray, reach: np.ndarray, children: np.ndarray,
              strat: np.ndarray, total: np.ndarray) -> None:
    """The opponent's ``reach`` at its node passed to its ``k`` actions' ``children`` (laid
    flat), each by the frequency of its action (current strategy under UPDATE, average under
    RESPOND); ``strat`` and ``total`` scratch."""
    size = len(children)
    if len(lock):
        w = size // k
        strategy_into(st, base, k, mode, lock, strat, total)
        for a in range(k):
            _product(reach, strat[a * w:(a + 1) * w], children[a * w:(a + 1) * w])
    elif st.bits == 32:
        at = base if mode == UPDATE else base + size
        _split(st.arena[at:at + size], reach, children, total)
    elif mode == UPDATE:
        _split(st.regrets16[base // 2:base // 2 + size], reach, children, total)
    else:
        _split(st.sums16[base // 2:base // 2 + size], reach, children, total)


@njit(cache=True, nogil=True, error_model="numpy", _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _split(weights: np.ndarray, reach: np.ndarray, out: np.ndarray, scale: np.ndarray) -> None:
    """``reach`` shared out among the actions in proportion to the positive part of
    ``weights`` (actions x hands, laid flat): regrets give the current strategy, strategy
    sums the average; evenly where none is positive. ``out`` is laid out as ``weights``,
    ``scale`` scratch. One pass less over the rows than a strategy worked out, then
    multiplied."""
    w = len(reach)
    k = len(out) // w
    zero = np.float32(0.0)
    for i in range(w):
        scale[i] = zero
    for a in range(k):
        row = weights[a * w:(a + 1) * w]
        for i in range(w):
            scale[i] += max(np.float32(row[i]), zero)
    even = np.float32(1.0 / k)
    for i in range(w):
        # a hand with nothing positive plays evenly: its scale, negated, is its share of the reach
        total = scale[i]
        scale[i] = reach[i] / total if total > zero else -reach[i] * even
    for a in range(k):
        row, into = weights[a * w:(a + 1) * w], out[a * w:(a + 1) * w]
        for i in range(w):
            x = scale[i]
            into[i] = max(np.float32(row[i]), zero) * x if x >= zero else -x


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _update(st: Store, base: int, scale: int, regrets: np.ndarray, sums: np.ndarray, strat: np.ndarray,
            values: np.ndarray, reach: np.ndarray, out: np.ndarray, factors: Factors) -> None:
    """Discounted CFR's step at one of the traverser's nodes (tables at ``base``, 16-bit
    scales at ``scale``), its value into ``out``; ``regrets`` and ``sums`` scratch for 16-bit
    tables decoded."""
    size = len(strat)
    positive, negative, keep, average = factors
    if st.bits == 32:
        dcfr_columns(st.arena[base:base + size], st.arena[base + size:base + 2 * size], strat, values, reach, out,
                     positive, negative, keep, average)
        return
    stored_regrets = st.regrets16[base // 2:base // 2 + size]
    stored_sums = st.sums16[base // 2:base // 2 + size]
    to_regret = st.scales[scale] / _I16
    to_sum = st.scales[scale + 1] / _U16
    for x in range(size):
        regrets[x] = stored_regrets[x] * to_regret
        sums[x] = stored_sums[x] * to_sum
    dcfr_columns(regrets, sums, strat, values, reach, out, positive, negative, keep, average)
    top_regret = 0.0
    top_sum = 0.0
    for x in range(size):
        top_regret = max(top_regret, abs(regrets[x]))
        top_sum = max(top_sum, sums[x])
    st.scales[scale] = top_regret
    st.scales[scale + 1] = top_sum
    from_regret = _I16 / top_regret if top_regret > 0.0 else 0.0
    from_sum = _U16 / top_sum if top_sum > 0.0 else 0.0
    for x in range(size):
        stored_regrets[x] = np.int16(np.rint(regrets[x] * from_regret))
        stored_sums[x] = np.uint16(np.rint(sums[x] * from_sum))


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _respond(lock: np.ndarray, strat: np.ndarray, best: np.ndarray, averaged: np.ndarray, out_best: np.ndarray,
             out_average: np.ndarray) -> None:
    """At one of the traverser's nodes (tables laid flat): the best action's value (a combo
    that ``lock`` holds plays its lock), and the value of the average strategy."""
    w = len(out_best)
    k = len(strat) // w
    _copy(best[:w], out_best)
    _product(strat[:w], averaged[:w], out_average)
    for a in range(1, k):
        row_best, row_strat = best[a * w:(a + 1) * w], strat[a * w:(a + 1) * w]
        row_averaged = averaged[a * w:(a + 1) * w]
        for i in range(w):
            out_best[i] = max(out_best[i], row_best[i])
            out_average[i] += row_strat[i] * row_averaged[i]
    if not len(lock):
        return
    for i in range(w):
        if lock[i] >= 0.0:
            played = 0.0
            for a in range(k):
                played += lock[a * w + i] * best[a * w + i]
            out_best[i] = played


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _copy(source: np.ndarray, target: np.ndarray) -> None:
    # a slice assigned to a slice would go through a temporary, which needs Numba's runtime
    for i in range(len(source)):
        target[i] = source[i]


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _product(source: np.ndarray, factor: np.ndarray, target: np.ndarray) -> None:
    # rows passed as slices and indexed from 0: an offset added inside the loop would be
    # checked for a negative index at every step, which keeps the loop from vectorising
    for i in range(len(target)):
        target[i] = source[i] * factor[i]


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _deal_row(source: np.ndarray, masks: np.ndarray, bit: int, factor: float, target: np.ndarray) -> None:
    """A reach row passed to a dealt card's child: the hands holding the card out."""
    for i in range(len(target)):
        target[i] = np.float32(0.0) if masks[i] & bit else source[i] * factor


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _add_rows(values: np.ndarray, out: np.ndarray) -> None:
    """``out`` (hands,) the sum of the rows of ``values`` (actions x hands, laid flat)."""
    w = len(out)
    _copy(values[:w], out)
    for a in range(1, len(values) // w):
        row = values[a * w:(a + 1) * w]
        for i in range(w):
            out[i] += row[i]


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _backward(t: Tables, st: Store, s: Scratch, b: int, lv: int, tid: int, p: int, mode: int, ctx: int,
              c1: int, c2: int, factors: Factors) -> None:
    """The block's values from its terminal nodes (and its chance nodes, filled in already)
    up to its root, updating the traverser's regrets on the way under UPDATE."""
    wo, wp = t.counts[1 - p], t.counts[p]
    opp, own, val, ev = s.rows[OPP, lv, tid], s.rows[OWN, lv, tid], s.rows[VAL, lv, tid], s.rows[EV, lv, tid]
    opp_at, own_at = s.at[OPP, lv, tid], s.at[OWN, lv, tid]
    blocked = t.board_mask | (1 << c1 if c1 >= 0 else 0) | (1 << c2 if c2 >= 0 else 0)
    board = t.dealt[1, c1 + 1, c2 + 1]
    summed = -1  # the opponent's row whose card sums acc holds: a fold after its sibling showdown reads them
    for idx in range(t.bounds[b, 1] - 1, t.bounds[b, 0] - 1, -1):
        n = t.members[idx]
        r = t.node[n, ROW]
        ro, rw = opp_at[r], own_at[r]
        kind = t.node[n, KIND]
        out = val[r * wp:(r + 1) * wp]
        if kind == CHANCE:
            continue
        if kind == FOLD:
            if summed != ro:
                card_sums(opp[ro * wo:(ro + 1) * wo], t.hands[1 - p], wo, s.acc[tid])
                summed = ro
            fold_values(out, opp[ro * wo:(ro + 1) * wo], t.hands[p], wp, blocked, t.amount[n, p, 0], s.acc[tid])
        elif kind == SHOWDOWN:
            mine, theirs = (0, t.counts[0]) if p == 0 else (t.counts[0], 0)
            showdown_values(out, opp[ro * wo:(ro + 1) * wo], t.order[board, theirs:theirs + wo],
                            t.order_count[board, 1 - p], t.card_last[board, 1 - p], t.ranks[board, mine:mine + wp],
                            t.hands[p], t.amount[n, p, 0], t.amount[n, p, 1], t.amount[n, p, 2],
                            s.prefix[tid], s.snaps[tid], s.acc[tid])
            summed = ro
        else:
            k = t.node[n, COUNT]
            r0 = t.node[t.node[n, FIRST], ROW]
            values = val[r0 * wp:(r0 + k) * wp]
            averaged = ev[r0 * wp:(r0 + k) * wp]
            if kind != p:
                _add_rows(values, out)
                if mode == RESPOND:
                    _add_rows(averaged, ev[r * wp:(r + 1) * wp])
                continue
            strat = s.strat[lv, tid][t.node[n, SOFF]:t.node[n, SOFF] + k * wp]
            if mode == UPDATE:
                scale = 2 * (t.node[n, SCALE] + ctx * t.node[n, SSTRIDE])
                _update(st, t.node[n, OFFSET] + ctx * t.node[n, STRIDE], scale, s.tmp[tid, 0][:k * wp],
                        s.tmp[tid, -1][:k * wp], strat, values, own[rw * wp:(rw + 1) * wp], out, factors)
            else:
                at = _lock(t.node[n, LOCK], t.lock_at, ctx)
                _respond(t.lock_values[at:at + k * wp] if at >= 0 else t.lock_values[:0], strat, values, averaged, out,
                         ev[r * wp:(r + 1) * wp])
            continue
        if mode == RESPOND:
            _copy(out, ev[r * wp:(r + 1) * wp])


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _deal(t: Tables, s: Scratch, c: int, card: int, lv: int, tid: int, child_tid: int, p: int, mode: int) -> None:
    """A chance node's reaches passed to its child for one card: the hands holding the card
    out, the opponent's scaled by the card's probability."""
    wo, wp = t.counts[1 - p], t.counts[p]
    r = t.node[c, ROW]
    ro, rw = s.at[OPP, lv, tid, r], s.at[OWN, lv, tid, r]
    rc = t.node[t.node[c, FIRST], ROW]
    s.at[OPP, lv + 1, child_tid, rc] = rc
    s.at[OWN, lv + 1, child_tid, rc] = rc
    factor = np.float32(t.chance_factor[t.node[c, DEPTH]])
    bit = np.int64(1) << card
    _deal_row(s.rows[OPP, lv, tid][ro * wo:(ro + 1) * wo], t.hands[1 - p, :wo, 2], bit, factor,
              s.rows[OPP, lv + 1, child_tid][rc * wo:(rc + 1) * wo])
    if mode == UPDATE:
        _deal_row(s.rows[OWN, lv, tid][rw * wp:(rw + 1) * wp], t.hands[p, :wp, 2], bit, np.float32(1.0),
                  s.rows[OWN, lv + 1, child_tid][rc * wp:(rc + 1) * wp])


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _gather(t: Tables, p: int, deal: int, values: np.ndarray, total: np.ndarray) -> None:
    """Add a dealt card's values to a chance node's sum, and for each copy of the card up to
    a suit swap, the values of the swapped hands."""
    w = t.counts[p]
    for i in range(w):
        total[i] += values[i]
    for e in range(t.deals[deal, 1], t.deals[deal, 2]):
        perm = t.perm[p, t.isos[e, 1]]
        for i in range(w):
            total[i] += values[perm[i]]  # unsigned rows: no check for a negative index


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _leaf(t: Tables, st: Store, s: Scratch, b: int, lv: int, tid: int, p: int, mode: int, c1: int, c2: int,
          factors: Factors) -> None:
    """A block without chance nodes, its root's reaches set: forward, then backward."""
    ctx = _context(t, t.node[t.members[t.bounds[b, 0]], DEPTH], c1, c2)
    _forward(t, st, s, b, lv, tid, p, mode, ctx)
    _backward(t, st, s, b, lv, tid, p, mode, ctx, c1, c2, factors)


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _middle(t: Tables, st: Store, s: Scratch, b: int, lv: int, tid: int, p: int, mode: int, c1: int,
            factors: Factors) -> None:
    """A block one card deep whose chance nodes deal the river: each river block in turn."""
    ctx = _context(t, 1, c1, -1)
    _forward(t, st, s, b, lv, tid, p, mode, ctx)
    wp = t.counts[p]
    val, ev = s.rows[VAL, lv, tid], s.rows[EV, lv, tid]
    child_val, child_ev = s.rows[VAL, lv + 1, tid], s.rows[EV, lv + 1, tid]
    total, total_ev = s.sums[tid, 0], s.sums[tid, 1]
    for ci in range(t.bounds[b, 2], t.bounds[b, 3]):
        c = t.members[ci]
        rc = t.node[t.node[c, FIRST], ROW]
        total[:wp] = 0.0
        total_ev[:wp] = 0.0
        for e in range(t.deal_start[1 + c1], t.deal_start[2 + c1]):
            card = t.deals[e, 0]
            _deal(t, s, c, card, lv, tid, tid, p, mode)
            _leaf(t, st, s, t.node[c, CHILD], lv + 1, tid, p, mode, c1, card, factors)
            _gather(t, p, e, child_val[rc * wp:(rc + 1) * wp], total)
            if mode == RESPOND:
                _gather(t, p, e, child_ev[rc * wp:(rc + 1) * wp], total_ev)
        r = t.node[c, ROW]
        _copy(total[:wp], val[r * wp:(r + 1) * wp])
        _copy(total_ev[:wp], ev[r * wp:(r + 1) * wp])
    _backward(t, st, s, b, lv, tid, p, mode, ctx, c1, -1, factors)


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _item(t: Tables, st: Store, s: Scratch, item: int, m: int, tid: int, depth: int, p: int, mode: int, c1: int,
          factors: Factors) -> None:
    """One of the ``m`` deals listed, on thread ``tid``: its values into row ``item`` of
    ``items`` (under RESPOND its average strategy's into row ``m + item``)."""
    c = s.item_index[0, item]
    card = t.deals[s.item_index[1, item], 0]
    _deal(t, s, c, card, 0, 0, tid, p, mode)
    cb = t.node[c, CHILD]
    if depth == 0 and t.bounds[cb, 3] > t.bounds[cb, 2]:
        _middle(t, st, s, cb, 1, tid, p, mode, card, factors)
    elif depth == 0:
        _leaf(t, st, s, cb, 1, tid, p, mode, card, -1, factors)
    else:
        _leaf(t, st, s, cb, 1, tid, p, mode, c1, card, factors)
    wp = t.counts[p]
    rc = t.node[t.node[c, FIRST], ROW]
    _copy(s.rows[VAL, 1, tid][rc * wp:(rc + 1) * wp], s.items[item])
    if mode == RESPOND:
        _copy(s.rows[EV, 1, tid][rc * wp:(rc + 1) * wp], s.items[m + item])


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _deals_of(t: Tables, s: Scratch, b: int, situation: int, first: int, chances: int) -> int:
    """List the deals (chance node, card) of the top block's chance nodes ``first`` to
    ``first + chances`` in ``item_index``; how many. Card by card, each card's chance nodes
    in turn: the last deals taken, when one thread may wait for the other, are some of every
    chance node's, large subtrees and small alike."""
    m = 0
    for e in range(t.deal_start[situation], t.deal_start[situation + 1]):
        for ci in range(first, first + chances):
            s.item_index[0, m] = t.members[t.bounds[b, 2] + ci]
            s.item_index[1, m] = e
            m += 1
    return m


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _gather_items(t: Tables, s: Scratch, b: int, situation: int, p: int, mode: int, first: int,
                  chances: int) -> None:
    """The values of the top block's chance nodes ``first`` to ``first + chances``, each the
    sum of its deals'."""
    wp = t.counts[p]
    total, total_ev = s.sums[0, 0], s.sums[0, 1]
    val, ev = s.rows[VAL, 0, 0], s.rows[EV, 0, 0]
    m = (t.deal_start[situation + 1] - t.deal_start[situation]) * chances
    for ci in range(chances):
        c = t.members[t.bounds[b, 2] + first + ci]
        total[:wp] = 0.0
        total_ev[:wp] = 0.0
        for e in range(t.deal_start[situation], t.deal_start[situation + 1]):
            item = (e - t.deal_start[situation]) * chances + ci
            _gather(t, p, e, s.items[item], total)
            if mode == RESPOND:
                _gather(t, p, e, s.items[m + item], total_ev)
        r = t.node[c, ROW]
        _copy(total[:wp], val[r * wp:(r + 1) * wp])
        _copy(total_ev[:wp], ev[r * wp:(r + 1) * wp])


@njit(cache=True, parallel=True)
def _parallel_items(t: Tables, st: Store, s: Scratch, m: int, workers: int, depth: int, p: int, mode: int,
                    c1: int, factors: Factors) -> None:
    """The ``m`` deals of ``item_index``, on ``workers`` threads: each takes the next deal not
    yet taken (``claim``, 0 on entry) until none is left."""
    for _ in prange(workers):
        tid = numba.get_thread_id()  # type: ignore[attr-defined]
        item: int = _fetch_add(s.claim, 1)  # type: ignore[call-arg]  # the stubs count the typing context
        while item < m:
            _item(t, st, s, item, m, tid, depth, p, mode, c1, factors)
            item = _fetch_add(s.claim, 1)


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _passes(t: Tables, st: Store, s: Scratch, b: int, c1: int, c2: int, factors: np.ndarray, respond: bool,
            reach: np.ndarray, out: np.ndarray, workers: int) -> None:
    """Passes from block ``b`` with the dealt cards ``c1``, ``c2`` (-1: none): one per player
    (OOP first), an UPDATE iteration for each row of ``factors`` (a
    :meth:`~pokerlab.analyses.equilibrium.Discount.table`), then with ``respond`` a RESPOND,
    from the players' ``reach`` (2, combos) at the block's first node. Each player's values
    there (and after RESPOND its average strategy's) go into ``out`` (2, 2, combos). Within a
    pass, the top block runs on this thread and its chance nodes' children on ``workers``
    threads, all of them in one loop (under RESPOND,
    :data:`~pokerlab.solver.arena.CHANCES_AT_ONCE` chance nodes at a time); a spot on the
    river has none, and wakes no thread."""
    start = t.members[t.bounds[b, 0]]
    r = t.node[start, ROW]
    depth = t.node[start, DEPTH]
    ctx = _context(t, depth, c1, c2)
    situation = 0 if depth == 0 else 1 + c1
    chances = t.bounds[b, 3] - t.bounds[b, 2]
    deals = t.deal_start[situation + 1] - t.deal_start[situation]
    iterations = factors.shape[0]
    for it in range(iterations + respond):
        mode = UPDATE if it < iterations else RESPOND
        step = ((factors[it, 0], factors[it, 1], factors[it, 2], factors[it, 3]) if it < iterations
                else (1.0, 1.0, 1.0, 1.0))
        # the chance nodes whose deals' values the buffer holds: one row a deal, two under RESPOND
        group = max(1, min(chances, s.items.shape[0] // max(deals * (1 + mode), 1)))
        for p in range(2):
            wp, wo = t.counts[p], t.counts[1 - p]
            _copy(reach[p, :wp], s.rows[OWN, 0, 0][r * wp:(r + 1) * wp])
            _copy(reach[1 - p, :wo], s.rows[OPP, 0, 0][r * wo:(r + 1) * wo])
            s.at[OPP, 0, 0, r] = r
            s.at[OWN, 0, 0, r] = r
            _forward(t, st, s, b, 0, 0, p, mode, ctx)
            for first in range(0, chances, group):
                count = min(group, chances - first)
                m = _deals_of(t, s, b, situation, first, count)
                if m:
                    s.claim[0] = 0
                    _parallel_items(t, st, s, m, workers, depth, p, mode, c1, step)
                _gather_items(t, s, b, situation, p, mode, first, count)
            _backward(t, st, s, b, 0, 0, p, mode, ctx, c1, c2, step)
            _copy(s.rows[VAL, 0, 0][r * wp:(r + 1) * wp], out[p, 0])
            _copy(s.rows[EV, 0, 0][r * wp:(r + 1) * wp], out[p, 1])


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _measure_into(out: np.ndarray, weights: np.ndarray, pot: float, into: np.ndarray) -> None:
    """Numba: from a RESPOND's values ``out`` (2, 2, combos) and the players' ``weights``
    (2, combos, 0 past a player's last), the average strategy's exploitability (a share of
    ``pot``) and each player's EV, into ``into[:3]``: what a best response gains, in all and
    against its own average strategy, summed in float64 over each player's combos."""
    gain = 0.0
    for p in range(2):
        best = 0.0
        own = 0.0
        for i in range(weights.shape[1]):
            w = weights[p, i]
            best += w * np.float64(out[p, 0, i])
            own += w * np.float64(out[p, 1, i])
        gain += best - own
        into[1 + p] = own + pot / 2.0
    into[0] = gain / 2.0 / pot


@njit(cache=True, nogil=True)
def next_check(done: int, recent: np.ndarray, every: int, target: float) -> int:
    """The iteration of the next check after ``done``: the next multiple of ``every``, or
    sooner where the last two checks (``recent``, rows of iteration and exploitability, the
    latest last; iteration 0 where there was none) say the target falls two or more
    iterations before it. Exploitability falls about as a power of the iterations, so the
    two give the power and where it meets ``target``: a solve stops within an iteration or
    two of the target instead of up to ``every - 1`` after it, at the cost of a check now and
    then that finds the target not yet met.

    >>> next_check(20, np.array([[10.0, 0.05], [20.0, 0.02]]), 10, 0.003)  # far off: the next multiple
    30
    >>> next_check(20, np.array([[10.0, 0.008], [20.0, 0.004]]), 10, 0.003)  # halved in 10: met about 27
    27
    """
    regular = (done // every + 1) * every
    before, gap_before, at, gap = recent[0, 0], recent[0, 1], recent[1, 0], recent[1, 1]
    if before <= 0.0 or target <= 0.0 or not gap_before > gap > target:
        return regular
    power = np.log(gap_before / gap) / np.log(at / before)
    growth = np.log(gap / target) / power  # the log of the iterations to the target over ``at``
    if growth >= np.log(regular / at):  # worked out in logs: a flat trend gives no overflow
        return regular
    guess = max(done + 1, int(np.ceil(at * np.exp(growth) - 1e-9)))
    return guess if guess <= regular - 2 else regular


@njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload, untyped-decorator]  # no _nrt in the stubs
def _iterate(t: Tables, st: Store, s: Scratch, schedule: tuple[float, float, float, int, int], first: int, count: int,
             every: int, last: int, target: float, weights: np.ndarray, pot: float, reach: np.ndarray,
             factors: np.ndarray, out: np.ndarray, checks: np.ndarray, recent: np.ndarray, pause: bool,
             workers: int) -> int:
    """``count`` iterations from the root, ``first`` the first, under the Discounted CFR
    ``schedule`` (:meth:`~pokerlab.analyses.equilibrium.Discount.parameters`; each
    iteration's factors worked out into ``factors`` (1, 4)), each followed, where
    :func:`next_check` places a check or where its number is ``last``, by a check: a
    RESPOND, and in row ``k`` of ``checks`` for the ``k``-th check the iteration's number,
    then the exploitability and EVs it gives (see :func:`_measure_into`); ``recent`` keeps
    the last two checks' iterations and exploitabilities from call to call. It stops after a
    check at or below ``target``, and with ``pause`` after its first check; how many
    iterations it ran. One call runs a river spot's whole solve: a return to Python at each
    check cost more than the check itself."""
    alpha, beta, gamma, lag, restart = schedule
    k = 0
    due = next_check(first - 1, recent, every, target)
    for i in range(count):
        iteration = first + i
        factors[0, 0], factors[0, 1], factors[0, 2], factors[0, 3] = discount_factors(float(iteration), alpha, beta,
                                                                                      gamma, lag, restart)
        check = iteration == due or iteration == last
        _passes(t, st, s, 0, -1, -1, factors, check, reach, out, workers)
        if check:
            checks[k, 0] = iteration
            _measure_into(out, weights, pot, checks[k, 1:])
            recent[0, 0], recent[0, 1] = recent[1, 0], recent[1, 1]
            recent[1, 0], recent[1, 1] = iteration, checks[k, 1]
            k += 1
            if checks[k - 1, 1] <= target or pause:
                return i + 1
            due = next_check(iteration, recent, every, target)
    return count


class Engine:
    """A spot's arena and scratch, allocated once, and the passes over them.

    ``bits`` is 32 (float32) or 16 (int16 regrets and uint16 strategy sums, a float32 scale
    per table).

    >>> from pokerlab.solver.arena import layout
    >>> from pokerlab.solver.spot import Spot
    >>> engine = Engine(layout(Spot("2c2d2h3c3d", "AA,QQ", "KK", 100, 100, bets="a")))
    >>> _ = engine.run(UPDATE, np.array([[0.5, 0.5, 1, 0.25]]))  # one iteration, both players
    >>> values = engine.run(RESPOND, np.ones((1, 4)))           # against the average strategies
    >>> best, own = values[1, 0, :6], values[1, 1, :6]          # the kings' values, per pair of hands
    >>> bool((best >= own - 1e-6).all())
    True
    """

    def __init__(self, layout: Layout, bits: int = 32, store: Store | None = None) -> None:
        self.layout = layout
        self.tables = layout.tables
        self.bits = bits
        cells = layout.cells
        if store is not None:
            self.store = store
        elif bits == 32:
            self.store = Store(np.zeros(cells, dtype=np.float32), np.zeros(0, dtype=np.int16),
                               np.zeros(0, dtype=np.uint16), np.zeros(0, dtype=np.float32), 32)
        else:
            self.store = Store(np.zeros(0, dtype=np.float32), np.zeros(cells // 2, dtype=np.int16),
                               np.zeros(cells // 2, dtype=np.uint16), np.zeros(2 * layout.scales, dtype=np.float32),
                               16)
        shapes = layout.scratch(int(numba.config.NUMBA_NUM_THREADS), bits)  # type: ignore[attr-defined]
        self.scratch = Scratch(**{name: np.zeros(shape, dtype=kind) for name, (shape, kind) in shapes.items()})
        self.weights = [np.ascontiguousarray(w, dtype=np.float32) for w in layout.weights]
        width = int(self.tables.counts.max())
        self.reach = np.zeros((2, width), dtype=np.float32)
        """Each player's reach at the root, its weights: what a pass starts from by default."""
        self.measure_weights = np.zeros((2, width))
        """The weights again in float64, as :func:`_measure_into` reads them."""
        for p in (0, 1):
            self.reach[p, :len(self.weights[p])] = self.weights[p]
            self.measure_weights[p, :len(layout.weights[p])] = layout.weights[p]

    def strategy(self, node: int, ctx: int) -> np.ndarray:
        """Action node ``node``'s average strategy in context ``ctx``, (actions, combos of the
        acting player), the locked combos playing their locks."""
        t = self.tables
        k, w = int(t.node[node, COUNT]), int(t.counts[t.node[node, KIND]])
        at = int(t.lock_at[t.node[node, LOCK] + ctx]) if t.node[node, LOCK] >= 0 else -1
        lock = t.lock_values[at:at + k * w] if at >= 0 else t.lock_values[:0]
        out = np.zeros(k * w, dtype=np.float32)
        strategy_into(self.store, int(t.node[node, OFFSET] + ctx * t.node[node, STRIDE]), k, RESPOND, lock, out,
                      np.zeros(w, dtype=np.float32))
        return out.reshape(k, w)

    def measure(self, pot: float, out: np.ndarray | None = None) -> tuple[float, tuple[float, float]]:
        """The average strategy's exploitability (a share of ``pot``) and each player's EV, from a
        RESPOND's values ``out`` (None: one run now)."""
        if out is None:
            out = self.run(RESPOND, np.ones((1, 4)))
        into = np.zeros(3)
        _measure_into(out, self.measure_weights, float(pot), into)
        return float(into[0]), (float(into[1]), float(into[2]))

    def iterate(self, discount: Discount, first: int, count: int, every: int, last: int, target: float, pot: float,
                recent: np.ndarray, pause: bool = False) -> tuple[int, np.ndarray]:
        """``count`` iterations from ``first`` under ``discount``'s schedule, checked where
        :func:`next_check` says (at most ``every`` apart, ``recent`` the last two checks,
        updated) and at ``last``, stopping after a check at or below ``target`` (with
        ``pause``, after the first check): how many ran, and for each check a row of its
        iteration, the exploitability and the EVs (see :meth:`measure`).

        >>> from pokerlab.solver.arena import layout
        >>> from pokerlab.solver.spot import Spot
        >>> from pokerlab.analyses.equilibrium import Discount
        >>> engine = Engine(layout(Spot("2c2d2h3c3d", "AA,QQ", "KK", 100, 100, bets="a")))
        >>> ran, checks = engine.iterate(Discount(), 1, 1000, 10, 1000, 0.001, 100.0, np.zeros((2, 2)))
        >>> ran == int(checks[-1, 0]), bool(checks[-1, 1] <= 0.001 < checks[-2, 1]), checks[-1, 2:].round().tolist()
        (True, True, [75.0, 25.0])
        """
        checks = np.zeros((count + 1, 4))
        out = np.zeros((2, 2, self.reach.shape[1]), dtype=np.float32)
        workers = min(numba.get_num_threads(), self.scratch.rows.shape[2])
        ran = _iterate(self.tables, self.store, self.scratch, discount.parameters(), first, count, every, last, target,
                       self.measure_weights, float(pot), self.reach, np.zeros((1, 4)), out, checks, recent, pause,
                       workers)
        return ran, checks[:np.count_nonzero(checks[:, 0])]

    def run(self, mode: int, factors: np.ndarray, *, respond: bool = False, tables: Tables | None = None,
            block: int = 0, c1: int = -1, c2: int = -1, reach: np.ndarray | None = None) -> np.ndarray:
        """Passes for both players from ``block`` of ``tables`` (the spot's root by default),
        one iteration per row of ``factors`` under UPDATE (followed, with ``respond``, by a
        RESPOND in the same call), with the players' ``reach`` (2, combos) at the block's first
        node (the ranges' weights by default); each player's values there, and after RESPOND
        its average strategy's values, as (2, 2, combos)."""
        t = self.tables if tables is None else tables
        width = int(t.counts.max())
        out = np.zeros((2, 2, width), dtype=np.float32)
        workers = min(numba.get_num_threads(), self.scratch.rows.shape[2])
        rows = np.ascontiguousarray(factors, dtype=np.float64).reshape(-1, 4)
        _passes(t, self.store, self.scratch, block, c1, c2, rows if mode == UPDATE else rows[:0],
                respond or mode == RESPOND, self.reach if reach is None else reach, out, workers)
        return out
