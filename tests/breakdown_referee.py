"""A slow, plain referee for pokerlab.analyses.breakdown: each combo classified by brute force.

Written apart from the kernel: hands are valued by trying every five-card subset with a small
evaluator of its own, a straight draw is found by dealing every next card, and the lines are
read off the definitions in docs/ranges.md one by one.
"""

from __future__ import annotations

import itertools
from collections import Counter

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
ACE = 12


def straight_top(ranks: set[int]) -> int | None:
    """The top rank of the best straight in a set of ranks (3 for the wheel), or None."""
    for top in range(12, 3, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    return 3 if {12, 0, 1, 2, 3} <= ranks else None


def value5(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break ranks) of exactly five cards."""
    ranks = [c >> 2 for c in cards]
    counts = Counter(ranks)
    flush = len({c & 3 for c in cards}) == 1
    top = straight_top(set(ranks)) if len(counts) == 5 else None
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT), (top,)
    if shape[0] == 4:
        return QUADS, tuple(by_count)
    if shape[:2] == [3, 2]:
        return FULL_HOUSE, tuple(by_count)
    if flush:
        return FLUSH, tuple(sorted(ranks, reverse=True))
    category = {3: TRIPS, 2: TWO_PAIR if shape[:2] == [2, 2] else PAIR, 1: HIGH_CARD}[shape[0]]
    return category, tuple(by_count)


def best_value(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    return max(value5(five) for five in itertools.combinations(cards, 5))


def made_line(hole: tuple[int, int], board: tuple[int, ...]) -> str:
    """The made-hand line of one combo, by the definitions read literally."""
    every = hole + board
    best = best_value(every)
    # a five-card category counts where a hand with a hole card in it beats the board alone
    with_hole = max(value5(five) for five in itertools.combinations(every, 5) if set(five) & set(hole))
    plays = len(board) < 5 or with_hole > value5(board)
    names = {STRAIGHT_FLUSH: "straight_flush", QUADS: "quads", FULL_HOUSE: "full_house", FLUSH: "flush",
             STRAIGHT: "straight"}
    if best[0] >= STRAIGHT and plays:
        return names[best[0]]
    a, b = hole[0] >> 2, hole[1] >> 2
    board_ranks = [c >> 2 for c in board]
    on_board = Counter(board_ranks)
    distinct = sorted(set(board_ranks), reverse=True)
    if a == b:
        if on_board[a] == 1:
            return "set"
        return "overpair" if a > distinct[0] else "pocket_pair_below_top"
    if on_board[a] == 2 or on_board[b] == 2:
        return "trips"
    every_ranks = Counter(a for a in board_ranks)
    every_ranks.update([a, b])
    pairs = sorted((r for r, n in every_ranks.items() if n == 2), reverse=True)[:2]
    if len(pairs) == 2:
        from_hole = sum(p in (a, b) for p in pairs)
        if from_hole == 2:
            return "two_pair_both_cards"
        if from_hole == 1:
            return "two_pair_board_pair"
    paired = [r for r in (a, b) if on_board[r] == 1]
    if paired:
        rank = max(paired)
        if rank == distinct[0]:
            kicker = b if rank == a else a
            better = len([r for r in range(kicker + 1, 13) if r not in on_board])
            return "top_pair_" + ("top" if better == 0 else "good" if better <= 2 else "weak") + "_kicker"
        return "middle_pair" if rank == distinct[1] else "bottom_pair"
    return "ace_high" if ACE in (a, b) else "no_made_hand"


MADE_ORDER = ("straight_flush", "quads", "full_house", "flush", "straight", "set", "trips", "two_pair_both_cards",
              "two_pair_board_pair", "overpair", "top_pair_top_kicker", "top_pair_good_kicker", "top_pair_weak_kicker",
              "pocket_pair_below_top", "middle_pair", "bottom_pair", "ace_high", "no_made_hand")
PAIRS = MADE_ORDER[MADE_ORDER.index("overpair"):MADE_ORDER.index("ace_high")]


def draws(hole: tuple[int, int], board: tuple[int, ...]) -> set[str]:
    """The draw lines of one combo."""
    if len(board) == 5:
        return set()
    made = MADE_ORDER.index(made_line(hole, board))
    found = set()
    every = hole + board
    if made > MADE_ORDER.index("flush"):
        for suit in range(4):
            in_hole = [c for c in hole if c & 3 == suit]
            total = sum(c & 3 == suit for c in every)
            if in_hole and total == 4:
                found.add("flush_draw")
                best_left = max(r for r in range(13) if r * 4 + suit not in board)
                if any(c >> 2 == best_left for c in in_hole):
                    found.add("nut_flush_draw")
        if len(board) == 3 and "flush_draw" not in found:
            for suit in range(4):
                if any(c & 3 == suit for c in hole) and sum(c & 3 == suit for c in every) == 3:
                    found.add("backdoor_flush_draw")
    if made > MADE_ORDER.index("straight"):
        # deal every next card: the ranks that give a straight the board and that card alone do not
        outs = set()
        for card in range(52):
            if card in every:
                continue
            ranks = {c >> 2 for c in every} | {card >> 2}
            mine = straight_top(ranks)
            theirs = straight_top({c >> 2 for c in board} | {card >> 2})
            if mine is not None and (theirs is None or mine > theirs):
                outs.add(card >> 2)
        lows = {-1 if r == ACE else r for r in outs} | outs  # the ace also plays low
        if len(outs) == 1:
            found.add("gutshot")
        elif len(outs) >= 2:
            open_ended = any(r + 5 in lows for r in lows)
            found.add("oesd" if open_ended else "double_gutshot")
    if made >= MADE_ORDER.index("ace_high") and min(hole[0] >> 2, hole[1] >> 2) > max(c >> 2 for c in board):
        found.add("two_overcards")
    straight = found & {"oesd", "double_gutshot", "gutshot"}
    if "flush_draw" in found and straight:
        found.add("flush_draw_and_straight_draw")
    if MADE_ORDER[made] in PAIRS:
        if "flush_draw" in found:
            found.add("pair_and_flush_draw")
        if straight:
            found.add("pair_and_straight_draw")
    return found
