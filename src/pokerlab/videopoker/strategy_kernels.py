"""Strategy chart and risk kernels: every deal up to suits, each hold's pattern, the order of patterns, ruin.

A chart is an order of hold patterns; for each deal a player holds the cards of the first
pattern the deal offers. The kernels here work on integer pattern ids: :func:`hold_patterns`
describes each of the 32 holds of every deal by a packed code (see :data:`FIELDS`),
:func:`pattern_lists` keeps per deal the best EV each pattern offers, and
:func:`improve_order` moves one pattern at a time to the place in the order that raises
the chart's return most, until no move helps. Moving a pattern only changes the deals that
offer it, and there the choice is between it and the first other pattern of the order, so
a move is weighed over those deals alone by a histogram over the other pattern's place.

The bankroll a session needs comes from the same game: :func:`ruin_after` carries the
chance of ruin from every bankroll back one hand at a time.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab.videopoker import kernels as videopoker

SUITED_DECK = 52
"""Cards with a suit; a 53rd card (the joker) has none and is never permuted."""

ROYAL_LOW = 8
"""Rank of the ten: a royal flush is made of the ranks ten to ace."""

ACE = 12

WHEEL = 0x100F
"""The ranks of the lowest straight, A-5, as a rank mask."""

FIELDS = (("section", 8), ("wilds", 8), ("naturals", 8), ("kind", 16), ("a", 64), ("b", 16), ("ranks", 8192),
          ("kickers", 8192))
"""The fields of a pattern code, most significant first, each with its number of values.

``section`` counts the wild cards dealt, ``wilds`` those held, ``naturals`` the other cards
held; ``kind`` is one of the ``KIND_`` constants and ``a``, ``b``, ``ranks`` and ``kickers``
(13-bit rank masks) are its details.
"""

KIND_DISCARD = 0
"""Nothing held."""
KIND_PAT = 1
"""Five cards held, no two natural cards of one rank; ``a`` is their final hand's column."""
KIND_GROUPS = 2
"""Natural cards of equal rank: ``a`` the largest group, ``b`` how many groups of two or
more, ``ranks`` the group's rank (of two groups, the larger or else the higher one's) and
``kickers`` the ranks of the other natural cards held."""
KIND_ROYAL = 3
"""Suited ten to ace (with the wild cards held: a draw to a royal flush); ``ranks`` which."""
KIND_STRAIGHT_FLUSH = 4
"""Suited, within one straight: ``a`` the ranks that fit (not held, and natural, in the
straights that contain them) and ``b`` high cards."""
KIND_FLUSH = 5
"""Suited, not within one straight: ``b`` high cards."""
KIND_HIGH = 6
"""Unsuited high cards (of the rank that qualifies a pair, or above); ``ranks`` which."""
KIND_STRAIGHT = 7
"""Unsuited, within one straight: as :data:`KIND_STRAIGHT_FLUSH`."""
KIND_SINGLE = 8
"""One natural card and no wild card; ``ranks`` its rank."""
KIND_WILD_ONLY = 9
"""Wild cards and nothing else."""
KIND_OTHER = 10
"""Anything else: ``b`` high cards."""


@njit(cache=True, nogil=True)
def canonical_deals(deck_size: int) -> tuple[np.ndarray, np.ndarray]:
    """One deal of each class of suit permutations of a deck of ``deck_size`` cards (52, or
    53 with a joker, id 52), sorted ascending, and how many deals each stands for.

    The deal kept is the one whose suits, clubs to spades, hold non-increasing 13-bit rank
    masks; a class has 24 / (product of the factorials of runs of equal masks) deals.
    """
    count = 0
    for stage in range(2):
        if stage == 1:
            deals = np.empty((count, 5), dtype=np.uint8)
            weights = np.empty(count, dtype=np.int64)
        else:
            deals = np.empty((0, 5), dtype=np.uint8)
            weights = np.empty(0, dtype=np.int64)
        row = 0
        suits = np.zeros(4, dtype=np.int64)
        cards = np.zeros(5, dtype=np.int64)
        for a in range(deck_size - 4):
            for b in range(a + 1, deck_size - 3):
                for c in range(b + 1, deck_size - 2):
                    for d in range(c + 1, deck_size - 1):
                        for e in range(d + 1, deck_size):
                            cards[0] = a
                            cards[1] = b
                            cards[2] = c
                            cards[3] = d
                            cards[4] = e
                            suits[:] = 0
                            for i in range(5):
                                if cards[i] < SUITED_DECK:
                                    suits[cards[i] & 3] |= 1 << (cards[i] >> 2)
                            if suits[0] < suits[1] or suits[1] < suits[2] or suits[2] < suits[3]:
                                continue
                            if stage == 1:
                                fixing = 1
                                run = 1
                                for s in range(1, 4):
                                    run = run + 1 if suits[s] == suits[s - 1] else 1
                                    fixing *= run
                                for i in range(5):
                                    deals[row, i] = cards[i]
                                weights[row] = 24 // fixing
                            row += 1
        count = row
    return deals, weights


@njit(cache=True, nogil=True)
def deal_hold_evs(deals: np.ndarray, hand_class: np.ndarray, counts: np.ndarray, binom: np.ndarray,
                  start: np.ndarray, pays: np.ndarray, draw_scale: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """EV numerators (over the draws' common denominator) of the 32 holds of every deal, by
    position mask (bit i holds ``deals[row, i]``), and each deal's own final-hand column; the
    tables are those of :func:`pokerlab.videopoker.kernels.hold_table`."""
    n = deals.shape[0]
    evs = np.empty((n, 32), dtype=np.int64)
    own = np.empty(n, dtype=np.int64)
    for row in range(n):
        final, ev, _ = videopoker.hold_table(deals[row], hand_class, counts, binom, start, pays, draw_scale)
        for s in range(32):
            evs[row, s] = ev[s]
        for f in range(final.shape[1]):
            if final[31, f]:
                own[row] = f
    return evs, own


@njit(cache=True, nogil=True)
def hold_patterns(deals: np.ndarray, own: np.ndarray, wild: np.ndarray, high_rank: int, wild_rank: int) -> np.ndarray:
    """The packed pattern code (see :data:`FIELDS`) of each of the 32 holds of every deal.

    ``wild[card]`` says whether a card is wild, ``own`` is each deal's final-hand column,
    ``high_rank`` the lowest rank that counts as a high card (13: none does) and
    ``wild_rank`` the rank whose cards are all wild (-1: none), which no straight can take
    as a natural card.
    """
    n = deals.shape[0]
    codes = np.empty((n, 32), dtype=np.int64)
    ranks = np.zeros(5, dtype=np.int64)
    suits = np.zeros(5, dtype=np.int64)
    group = np.zeros(13, dtype=np.int64)
    not_natural = (1 << wild_rank) if wild_rank >= 0 else 0
    for row in range(n):
        section = 0
        for i in range(5):
            section += wild[deals[row, i]]
        for s in range(32):
            wilds = 0
            k = 0
            for i in range(5):
                if s >> i & 1:
                    card = deals[row, i]
                    if wild[card]:
                        wilds += 1
                    else:
                        ranks[k] = card >> 2
                        suits[k] = card & 3
                        k += 1
            kind = KIND_OTHER
            a = 0
            b = 0
            mask = 0
            kickers = 0
            high = 0
            for i in range(k):
                mask |= 1 << ranks[i]
                if ranks[i] >= high_rank:
                    high += 1
            group[:] = 0
            largest = 0
            for i in range(k):
                group[ranks[i]] += 1
                largest = max(largest, group[ranks[i]])
            if k + wilds == 0:
                kind = KIND_DISCARD
            elif k == 0:
                kind = KIND_WILD_ONLY
            elif largest > 1:
                # named by its groups even when all five are held: "Three of a kind + 2 kickers"
                kind = KIND_GROUPS
                a = largest
                top = 0
                for r in range(13):
                    if group[r] > 1:
                        b += 1
                    elif group[r] == 1:
                        kickers |= 1 << r
                    if group[r] == largest:
                        top = r
                # two groups are told apart by the larger (or higher) one alone: "aces up"
                mask = 1 << top if b == 2 else mask & ~kickers
            elif k + wilds == 5:
                kind = KIND_PAT
                a = own[row]
                mask = 0
            else:
                suited = True
                for i in range(1, k):
                    suited = suited and suits[i] == suits[0]
                # The straights (five-rank windows, the lowest A-5) that contain the ranks, and
                # the ranks they could still take: the draw's shape in one number.
                windows = 0
                reach = 0
                for lo in range(10):
                    window = WHEEL if lo == 0 else 31 << (lo - 1)
                    if mask & ~window == 0:
                        windows += 1
                        reach |= window
                fit = 0
                for r in range(13):
                    if (reach & ~mask & ~not_natural) >> r & 1:
                        fit += 1
                if k == 1 and wilds == 0:
                    kind = KIND_SINGLE
                elif suited and mask >> ROYAL_LOW << ROYAL_LOW == mask:
                    kind = KIND_ROYAL
                elif suited and windows > 0:
                    kind = KIND_STRAIGHT_FLUSH
                    a = fit
                    b = high
                    mask = 0
                elif suited:
                    kind = KIND_FLUSH
                    b = high
                    mask = 0
                elif high == k:
                    kind = KIND_HIGH
                elif windows > 0 and k + wilds >= 3:
                    kind = KIND_STRAIGHT
                    a = fit
                    b = high
                    mask = 0
                else:
                    b = high
                    mask = 0
            code = section
            code = code * 8 + wilds
            code = code * 8 + k
            code = code * 16 + kind
            code = code * 64 + a
            code = code * 16 + b
            code = code * 8192 + mask
            code = code * 8192 + kickers
            codes[row, s] = code
    return codes


@njit(cache=True, nogil=True)
def pattern_lists(patterns: np.ndarray, evs: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per deal, each pattern it offers once, with the best EV among the holds of that pattern.

    ``patterns`` (deals, 32) are pattern codes or ids; returns ``starts`` (deals + 1), and the
    deals' entries ``entry_pattern`` and ``entry_ev`` from ``starts[d]`` to ``starts[d + 1]``.
    """
    n = patterns.shape[0]
    starts = np.zeros(n + 1, dtype=np.int64)
    entry_pattern = np.empty(n * 32, dtype=np.int64)
    entry_ev = np.empty(n * 32, dtype=np.float64)
    m = 0
    for row in range(n):
        first = m
        for s in range(32):
            p = patterns[row, s]
            found = -1
            for j in range(first, m):
                if entry_pattern[j] == p:
                    found = j
            if found < 0:
                entry_pattern[m] = p
                entry_ev[m] = evs[row, s]
                m += 1
            elif evs[row, s] > entry_ev[found]:
                entry_ev[found] = evs[row, s]
        starts[row + 1] = m
    return starts, entry_pattern[:m].copy(), entry_ev[:m].copy()


@njit(cache=True, nogil=True)
def chart_choices(starts: np.ndarray, entry_pattern: np.ndarray, place: np.ndarray) -> np.ndarray:
    """The entry each deal's chart choice is: the pattern of earliest ``place`` it offers."""
    n = starts.shape[0] - 1
    chosen = np.empty(n, dtype=np.int64)
    for row in range(n):
        best = starts[row]
        for j in range(starts[row] + 1, starts[row + 1]):
            if place[entry_pattern[j]] < place[entry_pattern[best]]:
                best = j
        chosen[row] = best
    return chosen


@njit(cache=True, nogil=True)
def improve_order(starts: np.ndarray, entry_pattern: np.ndarray, entry_ev: np.ndarray, weights: np.ndarray,
                  place: np.ndarray, sweeps: int) -> np.ndarray:
    """Better places for the patterns (``place[p]``: p's position, 0 first), one pattern at a
    time, each moved to the position that raises the chart's weighted return most.

    Sweeps until a sweep moves nothing or ``sweeps`` are done; returns the new places.
    """
    n = starts.shape[0] - 1
    patterns = place.shape[0]
    place = place.copy()
    deal_of = np.empty(entry_pattern.shape[0], dtype=np.int64)
    for row in range(n):
        for j in range(starts[row], starts[row + 1]):
            deal_of[j] = row
    # Entries grouped by pattern.
    by_start = np.zeros(patterns + 1, dtype=np.int64)
    for j in range(entry_pattern.shape[0]):
        by_start[entry_pattern[j] + 1] += 1
    for p in range(patterns):
        by_start[p + 1] += by_start[p]
    fill = by_start[:-1].copy()
    by_entry = np.empty(entry_pattern.shape[0], dtype=np.int64)
    for j in range(entry_pattern.shape[0]):
        by_entry[fill[entry_pattern[j]]] = j
        fill[entry_pattern[j]] += 1
    gain = np.zeros(patterns + 1, dtype=np.float64)
    order = np.argsort(place)
    for _ in range(sweeps):
        moved = False
        for p in order.copy():
            gain[:] = 0.0
            # gain[q]: what p is worth over the deals whose first other pattern sits at q.
            for t in range(by_start[p], by_start[p + 1]):
                j = by_entry[t]
                row = deal_of[j]
                other = -1
                for i in range(starts[row], starts[row + 1]):
                    if i != j and (other < 0 or place[entry_pattern[i]] < place[entry_pattern[other]]):
                        other = i
                if other >= 0:
                    gain[place[entry_pattern[other]]] += weights[row] * (entry_ev[j] - entry_ev[other])
            # Put p just before the pattern at position q: it wins every deal whose other sits at q or later.
            best_q = patterns
            best = 0.0
            running = 0.0
            for q in range(patterns - 1, -1, -1):
                if q == place[p]:
                    continue
                running += gain[q]
                if running > best + 1e-9:
                    best = running
                    best_q = q
            current = 0.0
            for q in range(place[p] + 1, patterns):
                current += gain[q]
            if best > current + 1e-9:
                moved = True
                # Reorder: p goes just before the pattern now at best_q (or last).
                new_order = np.empty(patterns, dtype=np.int64)
                m = 0
                for i in range(patterns):
                    o = order[i]
                    if o == p:
                        continue
                    if i == best_q:
                        new_order[m] = p
                        m += 1
                    new_order[m] = o
                    m += 1
                if m < patterns:
                    new_order[m] = p
                order[:] = new_order
                for i in range(patterns):
                    place[order[i]] = i
        if not moved:
            break
    return place


@njit(cache=True, nogil=True)
def ruin_after(nets: np.ndarray, chances: np.ndarray, risk: np.ndarray, hands: int, top: int) -> np.ndarray:
    """The chance of ruin from each bankroll ``b`` = 0..``top`` bets within ``hands`` more hands,
    from ``risk``, the chance within the hands before (``[1, 0, 0, ...]`` before any), when a
    hand's net result is ``nets[j]`` bets (-1 at least) with chance ``chances[j]``.

    ``r[n](b) = sum_j chances[j] r[n - 1](b + nets[j])``, ``r[n](0) = 1``; bankrolls above
    ``top`` count as never ruined (the caller picks ``top`` where that holds to its tolerance),
    so ``risk`` runs past ``top`` with zeros as far as the largest net. Returns a new array
    of the same shape.
    """
    risk = risk.copy()
    after = np.zeros_like(risk)
    after[0] = 1.0
    # A bankroll falls a bet a hand at most: above the highest one at risk so far, the next
    # hand puts one more at risk, and the rest stay at 0.
    reach = 0
    for b in range(top, 0, -1):
        if risk[b] != 0.0:
            reach = b
            break
    for _ in range(hands):
        reach = min(top, reach + 1)
        # one outcome at a time over slices, which the compiler vectorises (five times faster
        # than the sum over outcomes per bankroll); the sum keeps the outcomes' order
        into = after[1:reach + 1]
        shifted = risk[1 + nets[0]:reach + 1 + nets[0]]
        chance = chances[0]
        for b in range(reach):
            into[b] = chance * shifted[b]
        for j in range(1, nets.shape[0]):
            shifted = risk[1 + nets[j]:reach + 1 + nets[j]]
            chance = chances[j]
            for b in range(reach):
                into[b] += chance * shifted[b]
        risk, after = after, risk
    return risk
