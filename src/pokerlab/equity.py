"""Who wins, how often: exact and Monte Carlo equity for 2 to 10 players.

>>> r = equity(["AsKs", "QdQc"])
>>> round(r.players[0].equity, 6), r.exact, r.showdowns
(0.462145, True, 1712304)
>>> r.players[0].wins, r.players[0].ties, r.players[0].losses
(787966, 6732, 917606)

Each player is a hand (``"AsKs"``), a range (``"QQ+,AKs"``, see :mod:`pokerlab.ranges`) or
``"random"``. ``exact=None`` enumerates when the work is small (see :func:`exact_work`) and
samples otherwise; asking for a number of ``trials`` asks for Monte Carlo. Sampling stops at a
standard error, a trial count or a time limit, whichever comes first.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib
import itertools
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType

import numpy as np

from pokerlab.by_combo import combo_equities
from pokerlab.cards import CardsLike, card_name, format_cards, parse_cards
from pokerlab.checks import (
    PERMILLE,
    Progress,
    check_list,
    check_progress,
    check_seconds,
    check_seed,
    check_stderr,
    check_threads,
    check_trials,
)
from pokerlab.equity_results import EquityResult, PlayerEquity, PlayerLike, cards_text, frozen
from pokerlab.errors import (
    DuplicateCardError,
    ExactTooLargeError,
    HandSizeError,
    InvalidArgumentError,
    InvalidRangeError,
    OutOfTimeError,
    PlayerCountError,
    PokerlabError,
    clip,
)
from pokerlab.game_tables import Ranking
from pokerlab.games import HOLDEM, Game
from pokerlab.games import get as get_game
from pokerlab.games import names as game_names
from pokerlab.kernels import batch_within, interruptible
from pokerlab.kernels import threads as numba_threads
from pokerlab.ranges import COMBO_NAMES, Range, check_items_dealt, combo_index
from pokerlab.tables import EMPTY_KEY, Tables

MAX_EXACT_MATCHUPS = 20_000
"""Preflop, exact enumeration counts each distinct matchup (hands up to suit relabelling) in
about a millisecond; more than this many and ``exact=None`` samples instead."""

MAX_EXACT_SHOWDOWNS = 200_000_000
"""After the flop, boards are dealt one by one: at most this many showdowns when exact=None
(and, as preflop, at most :data:`MAX_EXACT_MATCHUPS` deals of hole cards, which are listed
in Python before the kernel deals all their boards)."""

DEFAULT_STDERR = 0.0005
RANDOM_WORDS = frozenset({"random", "any", "xxxx", "xx"})

MIN_ACCEPTED_DEALS = 0.001
"""Monte Carlo draws each range's combo at random and rejects a deal that holds a card twice.
Ranges whose deals are accepted less often than this can hardly be dealt together (eight
players on "AA,KK,QQ,JJ": 1 in 34,000); they are refused instead of sampled for hours."""

MAX_DEAL_SEARCH = 100_000
"""Steps the search for one valid deal of the ranges may take before leaving the question to
Monte Carlo's first batch, which measures how often a deal is accepted."""

MAX_BATCH_DEALS = 1 << 24
"""Monte Carlo batches grow eightfold, up to about this many hands dealt (trials times players,
over the share of deals accepted): a fraction of a second, so that progress, the time limit
and the standard error are checked often however slow a trial is. The sizes depend on the
seed alone, never on timings, so a seed repeats a run exactly."""

FIRST_BATCH_TRIALS = 256
"""Trials per chunk in the first Monte Carlo batch."""

FIRST_TIMED_BATCH_TRIALS = 4
"""Trials per chunk in the first batch of a run with a time limit: ten random players deal
them in about a millisecond, so even a small limit holds (runouts give each card's run a
small share); the batches after it are sized by the time left."""

FIRST_RANGED_BATCH_TRIALS = 1
"""Trials per chunk in the first batch when two ranges may clash: one trial each,
which measures how often a deal is accepted in milliseconds even when it hardly ever is."""

MIN_SECONDS_LEFT = 0.001
"""A run handed on to another engine gets at least this long, however late: it still answers
(after one small batch)."""

PROGRESS_SECONDS = 0.05
"""Exact preflop runs call ``progress`` about this often (a caller stops a run from it),
sizing their kernel calls by the pace of the calls before."""


@dataclass(frozen=True)
class _Player:
    label: str
    combos: np.ndarray  # (K, 2) uint8
    weights: np.ndarray  # (K,) float64
    random: bool


@functools.cache
def _kernels() -> ModuleType:
    """The equity kernels, imported on first use: they load Numba, which ``import pokerlab``
    should not pay for."""
    return importlib.import_module("pokerlab.kernels.equity")


@functools.cache
def combo_numbers() -> np.ndarray:
    """The combo number (see :func:`pokerlab.ranges.combo_index`) of each card pair
    ``low * 52 + high``, for kernels (0 where the cards are equal).

    >>> int(combo_numbers()[0 * 52 + 1]), int(combo_numbers()[50 * 52 + 51])
    (0, 1325)
    """
    table = np.zeros(52 * 52, dtype=np.int64)
    for low, high in itertools.combinations(range(52), 2):
        table[low * 52 + high] = combo_index(low, high)
    return table


@functools.cache
def _all_combos() -> np.ndarray:
    return np.array(list(itertools.combinations(range(52), 2)), dtype=np.uint8)


def _player(spec: PlayerLike, index: int) -> _Player:
    """A player's possible hole cards, before any card is blocked."""
    if isinstance(spec, Range):
        combos, weights = spec.as_arrays()
        return _Player(spec.text, combos, weights, False)
    if isinstance(spec, str) and spec.strip().lower() in RANDOM_WORDS:
        return _Player("random", _all_combos(), np.ones(len(_all_combos())), True)
    try:
        cards = parse_cards(spec)
    except PokerlabError:
        if not isinstance(spec, str):
            raise
        combos, weights = Range(spec).as_arrays()
        return _Player(spec, combos, weights, False)
    if len(cards) != 2:
        raise HandSizeError(f"player {index + 1}: a hold'em hand has 2 cards, got {len(cards)} "
                            f"({format_cards(cards)})")
    return _Player(format_cards(cards).replace(" ", ""), np.array([cards], dtype=np.uint8), np.ones(1), False)


def _check_table(players: Sequence[PlayerLike], board: tuple[int, ...], dead: tuple[int, ...], deck: int) -> None:
    if not 2 <= len(players) <= 10:
        raise PlayerCountError(f"equity takes 2 to 10 players, got {len(players)}")
    if len(board) not in (0, 3, 4, 5):
        raise HandSizeError(f"a board has 0, 3, 4 or 5 cards, got {len(board)}: {format_cards(board)!r}")
    needed = 2 * len(players) + 5 + len(dead)
    if needed > deck:
        raise PlayerCountError(f"{len(players)} players need {2 * len(players)} hole cards and 5 board "
                               f"cards; with {len(dead)} dead cards the deck is {needed - deck} short")


def _check_method(exact: object, trials: int | None, stderr: float | None, seconds: float | None) -> bool | None:
    """Whether to enumerate (True), sample (False) or choose by the work (None).

    Monte Carlo's stopping rules cannot go with ``exact=True``; a trial count asks for Monte
    Carlo, while a standard error or a time limit only bounds it, should exact be out of reach.
    """
    if exact is not None and not isinstance(exact, bool):
        raise InvalidArgumentError(f"exact must be True, False or None (choose by the work), got {exact!r}")
    if exact:
        for name, value in (("trials", trials), ("stderr", stderr), ("seconds", seconds)):
            if value is not None:
                raise InvalidArgumentError(f"exact and {name} cannot go together: {name} is for Monte Carlo; "
                                           "leave exact unset or False")
    return False if exact is None and trials is not None else exact


def _players(specs: Sequence[PlayerLike], fixed: int) -> list[_Player]:
    """Every player's combos, less those blocked by the board, the dead cards and the other
    players' known hands (a one-combo range counts as known). A known card twice is an error."""
    players = [_player(spec, i) for i, spec in enumerate(specs)]
    taken = fixed
    for i, p in enumerate(players):
        if len(p.combos) == 1:
            for c in p.combos[0].tolist():
                if taken >> c & 1:
                    raise DuplicateCardError(f"duplicate card: {card_name(c)} (player {i + 1})")
                taken |= 1 << c
    out = []
    for i, p in enumerate(players):
        own = sum(1 << c for c in p.combos[0].tolist()) if len(p.combos) == 1 else 0
        blocked = taken & ~own
        first = blocked >> p.combos[:, 0].astype(np.int64) & 1
        second = blocked >> p.combos[:, 1].astype(np.int64) & 1
        keep = (first == 0) & (second == 0) & (p.weights > 0)
        if not keep.any():
            raise InvalidRangeError(f"player {i + 1}: range {clip(p.label)} is empty once the board, "
                                    "dead cards and other players' cards are removed")
        out.append(_Player(p.label, np.ascontiguousarray(p.combos[keep]), p.weights[keep].astype(np.float64),
                           p.random))
    return out


def _assignments(players: list[_Player], used: int = 0,
                 depth: int = 0) -> Iterator[tuple[tuple[tuple[int, int], ...], float]]:
    """Every deal of one combo per player with no card twice, with its weight."""
    if depth == len(players):
        yield (), 1.0
        return
    p = players[depth]
    for (a, b), w in zip(p.combos.tolist(), p.weights.tolist()):
        bits = 1 << a | 1 << b
        if used & bits:
            continue
        for rest, w_rest in _assignments(players, used | bits, depth + 1):
            yield ((a, b), *rest), w * w_rest


_NO_DEAL = "no deal gives every player a hand: the ranges use up each other's cards"


def _count_deals(players: list[_Player], used: int, limit: int) -> int | None:
    """How many deals give each player who is not random a combo, no card twice: counted up
    to ``limit`` (``limit`` means "that many or more"), or None when finding out would take more
    than :data:`MAX_DEAL_SEARCH` steps. The smallest range is dealt first."""
    ranged = sorted((p.combos.tolist() for p in players if not p.random), key=len)
    steps = 0

    def count(depth: int, used: int, wanted: int) -> int | None:
        nonlocal steps
        if depth == len(ranged):
            return 1
        found = 0
        for a, b in ranged[depth]:
            steps += 1
            if steps > MAX_DEAL_SEARCH:
                return None
            bits = 1 << a | 1 << b
            if not used & bits:
                more = count(depth + 1, used | bits, wanted - found)
                if more is None:
                    return None
                found += more
                if found >= wanted:
                    break
        return found

    return count(0, used, limit)


def _check_dealable(players: list[_Player], fixed: int) -> None:
    """Refuse ranges that can never be dealt together, as far as a bounded search can tell.

    The ranges must hold two cards per player between them; then a search looks for one deal
    (see :func:`_count_deals`). Past its step limit, Monte Carlo's first batch decides (see
    :data:`MIN_ACCEPTED_DEALS`).
    """
    ranged = [p for p in players if not p.random]
    held = {c for p in ranged for c in p.combos.ravel().tolist()}
    if len(held) < 2 * len(ranged):
        raise InvalidRangeError(f"{_NO_DEAL}: {len(ranged)} players' ranges hold {len(held)} cards between "
                                f"them, and they need {2 * len(ranged)}")
    if _count_deals(players, fixed, 1) == 0:
        raise InvalidRangeError(_NO_DEAL)


_RELABELINGS = tuple(tuple(c & ~3 | perm[c & 3] for c in range(52)) for perm in itertools.permutations(range(4)))
"""The 24 ways to rename the suits, each as a card -> card table."""


@functools.cache
def _least_first_hand(a: int, b: int) -> tuple[tuple[int, int], tuple[tuple[int, ...], ...]]:
    """The least relabelled form of a hand and the relabelings that reach it (2 to 6 of 24)."""
    forms = [(min(m[a], m[b]), max(m[a], m[b])) for m in _RELABELINGS]
    least = min(forms)
    return least, tuple(m for m, form in zip(_RELABELINGS, forms) if form == least)


Matchup = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
"""A preflop matchup as ``(hands, dead cards)``, hands as (low id, high id) pairs."""


def canonical_matchup(hands: tuple[tuple[int, int], ...], dead: tuple[int, ...]) -> Matchup:
    """The least relabelling of suits of a preflop matchup: equal keys, equal results.

    Only a relabeling that makes the first hand least can make the whole key least, so only
    those are tried.

    >>> canonical_matchup(((51, 47), (42, 38)), ())  # AsKs v QhJh: spades become clubs, hearts diamonds
    (((44, 48), (37, 41)), ())
    """
    first, relabelings = _least_first_hand(*hands[0])
    best: Matchup | None = None
    for m in relabelings:
        key = ((first, *((m[a], m[b]) if m[a] < m[b] else (m[b], m[a]) for a, b in hands[1:])),
               tuple(sorted(m[c] for c in dead)))
        if best is None or key < best:
            best = key
    assert best is not None  # every hand is reached by at least one relabeling
    return best


_PREFLOP_CACHE: dict[tuple[str, Matchup], tuple[np.ndarray, np.ndarray]] = {}
"""Exact preflop counters by ranking and canonical matchup, kept for the process (cleared past
100,000)."""


def clear_cache() -> None:
    """Forget the exact preflop results computed so far.

    >>> clear_cache()
    """
    _PREFLOP_CACHE.clear()


def _preflop_counts_many(matchups: list[Matchup], ranking: Ranking) -> list[tuple[np.ndarray, np.ndarray]]:
    """Exact counters of canonical preflop matchups; the ones not cached run in parallel."""
    keys = [(ranking.name, k) for k in matchups]
    missing = [k for _, k in dict.fromkeys(keys) if (ranking.name, k) not in _PREFLOP_CACHE]
    if missing:
        import numba  # loaded by the kernels already

        t = ranking.tables
        many = np.array([hands for hands, _ in missing], dtype=np.int64)
        masks = np.array([sum(1 << c for c in [*np.ravel(hands).tolist(), *dead_cards])
                          for hands, dead_cards in missing], dtype=np.uint64)
        # fewer matchups than threads: each matchup's boards are split among the threads
        n_parts = max(1, numba.get_num_threads() // len(missing))
        with interruptible():
            counts, shares = _kernels().preflop_exact_many(many, masks, t.rank, t.offsets, t.flush,
                                                           ranking.category_index, n_parts)
        if len(_PREFLOP_CACHE) + len(missing) > 100_000:
            _PREFLOP_CACHE.clear()
        for key, c, s in zip(missing, counts, shares):
            _PREFLOP_CACHE[ranking.name, key] = (c, s)
    return [_PREFLOP_CACHE[k] for k in keys]


def _board_counts_many(deals: list[tuple[tuple[tuple[int, int], ...], float]], board: tuple[int, ...],
                       dead: tuple[int, ...], ranking: Ranking) -> tuple[np.ndarray, np.ndarray]:
    """Counters of every board completion for many weighted deals of hole cards (float)."""
    t = ranking.tables
    holes = np.array([hands for hands, _ in deals], dtype=np.uint8)
    weights = np.array([weight for _, weight in deals], dtype=np.float64)
    key, mask = _board_key_and_mask(board, t)
    base_mask = sum(1 << c for c in {*board, *dead})
    with interruptible():
        counts, shares = _kernels().enumerate_boards_many(holes, weights, key, mask, np.uint64(base_mask),
                                                          5 - len(board), t.card_key, t.card_mask, t.rank, t.offsets,
                                                          t.flush, ranking.category_index)
    return counts, shares


def _board_key_and_mask(cards: Sequence[int], t: Tables) -> tuple[np.uint64, np.uint64]:
    """The kernels' summed key and OR-ed card mask of some board cards."""
    mask = 0
    for c in cards:
        mask |= int(t.card_mask[c])
    return np.uint64(EMPTY_KEY + sum(int(t.card_key[c]) for c in cards)), np.uint64(mask)


def _known_counts(hands: tuple[tuple[int, int], ...], board: tuple[int, ...], dead: tuple[int, ...],
                  ranking: Ranking, cards: list[int], threads: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Counters (P, 9, 9, 3) and their summary (P, 11, 3) of every board for known hands;
    ``cards`` lists the hands' cards, then the board's, then the dead ones.

    Before the flop, by rank multisets on ``threads`` threads and cached by canonical
    matchup; after it, every completion of the board, dealt in one serial kernel call (a few
    thousand showdowns).
    """
    if not board:
        with numba_threads(threads):
            counts, shares = _preflop_counts_many([canonical_matchup(hands, dead)], ranking)[0]
        summary: np.ndarray = _kernels().summarize(counts, shares)
        return counts, summary
    t = ranking.tables
    # after the flop the call takes microseconds, less than holding Ctrl-C around it would cost
    with interruptible() if len(board) < 3 else contextlib.nullcontext():
        counts, summary = _kernels().known_showdowns(np.frombuffer(bytes(cards), dtype=np.uint8), len(hands),
                                                     len(board), t.card_key, t.card_mask, t.rank, t.offsets,
                                                     t.flush, ranking.category_index)
    return counts, summary


def exact_work(players: list[_Player], board: tuple[int, ...], dead: tuple[int, ...]) -> tuple[int, int]:
    """(matchups, showdowns) an exact run would take, counted before doing it.

    Matchups are the deals of hole cards: the product of the players' combo counts, or, when
    that is somewhat above :data:`MAX_EXACT_MATCHUPS` and the ranges share cards (no player
    random), the deals themselves, counted by a bounded search ("AA,KK" four times is 20,736
    as a product but 216 deals). Showdowns multiply them by the board completions.
    """
    matchups = math.prod(len(p.combos) for p in players)
    if MAX_EXACT_MATCHUPS < matchups <= _WORTH_COUNTING * MAX_EXACT_MATCHUPS and not any(p.random for p in players):
        counted = _count_deals(players, sum(1 << c for c in {*board, *dead}), MAX_EXACT_MATCHUPS + 1)
        matchups = matchups if counted is None else counted
    left = 52 - 2 * len(players) - len(board) - len(dead)
    return matchups, matchups * math.comb(left, 5 - len(board))


_WORTH_COUNTING = 100
"""How far above :data:`MAX_EXACT_MATCHUPS` a product of combo counts may be for the deals
to be counted one by one, in case the ranges' shared cards leave few of them."""


def equity(players: Sequence[PlayerLike], board: CardsLike = "", dead: CardsLike = "", *,
           exact: bool | None = None, trials: int | None = None, stderr: float | None = None,
           seconds: float | None = None, seed: int | None = None, threads: int | None = None,
           progress: Progress | None = None, game: Game | str = "holdem", by_combo: bool = False) -> EquityResult:
    """Each player's chance to win, split and lose, and their share of the pot.

    ``game`` is a :class:`~pokerlab.games.Game` or its name (see :mod:`pokerlab.games`):
    hold'em by default; short deck deals from 36 cards, and the Omaha games take Omaha hands
    and ranges (see :mod:`pokerlab.game_ranges`). The lowball rankings have no equity.

    ``exact=None`` enumerates when :func:`exact_work` is small (at most
    :data:`MAX_EXACT_MATCHUPS` matchups and, after the flop, :data:`MAX_EXACT_SHOWDOWNS`
    showdowns) and otherwise samples until the largest standard error of an equity is at
    most ``stderr`` (default 0.0005), ``trials`` showdowns were dealt, or ``seconds``
    passed, whichever comes first. Giving ``trials`` asks for Monte Carlo; ``exact=True``
    refuses work that is too large, and Monte Carlo's ``trials``, ``stderr`` and ``seconds``.
    Ranges that can hardly be dealt together are refused (see :data:`MIN_ACCEPTED_DEALS`).

    ``seed`` (an int >= 0) makes Monte Carlo repeatable; ``threads`` caps the Numba threads
    of this call. ``progress(done, total)``, if given, is called as the work goes; when the end
    is not known in advance (a standard error or a time limit) it reports permille,
    ``progress(done, 1000)``.

    ``by_combo=True`` also gives the equity of each combo of each player's range (hold'em and
    short deck), in each player's :attr:`~PlayerEquity.combos` and
    :attr:`~PlayerEquity.classes` (see :mod:`pokerlab.by_combo`): exact calls run each combo,
    Monte Carlo counts them in its own run, within its ``trials`` and ``seconds``.

    ``seconds`` counts from the call's start; a run chosen exact (``exact=None``) whose pace
    shows it would take more than half of it is abandoned for Monte Carlo.

    >>> r = equity(["AhKh", "2c2d"], board="Qh7h3s")
    >>> [round(p.equity, 4) for p in r.players]
    [0.5717, 0.4283]
    >>> equity(["AhKh", "2c2d"], trials=1000, seed=1).exact
    False
    >>> round(equity(["AhKh", "6c6d"], game="short-deck").players[0].equity, 4)
    0.6077
    """
    started = time.perf_counter()
    players = check_list("players", players)  # type: ignore[assignment]
    trials = check_trials(trials)
    seconds = check_seconds(seconds)
    stderr = check_stderr(stderr, bounded=trials is not None or seconds is not None)
    seed = check_seed(seed)
    threads = check_threads(threads)
    progress = check_progress(progress)
    exact = _check_method(exact, trials, stderr, seconds)
    rules = HOLDEM if game == "holdem" else _check_game(game)  # the default, resolved once
    if by_combo is not False and (by_combo is not True or rules.hole_used or rules.hilo):
        raise InvalidArgumentError(f"by_combo must be True or False, and True only in "
                                   f"{game_names(lambda g: bool(g.board_cards) and not g.hole_used and not g.hilo)}; "
                                   f"got {by_combo!r} in {rules.name}")
    board_ids = parse_cards(board)
    dead_ids = parse_cards(dead)
    missing = rules.missing_cards
    if missing:
        rules.check_cards("board", board_ids)
        rules.check_cards("dead", dead_ids)
    if rules.hole_used or rules.hilo:
        return _other_engine(rules, players, board_ids, dead_ids, exact, trials, stderr,
                             None if seconds is None else started + seconds, seed, threads, progress)
    _check_table(players, board_ids, dead_ids, len(rules.deck))
    ranking = rules.ranking_tables
    hands = _known_hands(players)
    if missing and (hands is None or min(min(hand) for hand in hands) < len(missing)):
        _check_known_cards(rules, players)
    if hands is not None and exact is not False:
        # every player's hand is known: the common case, kept lean (one serial kernel call)
        known = [*itertools.chain.from_iterable(hands), *board_ids, *dead_ids]
        if len(set(known)) != len(known):
            parse_cards(known)  # names the duplicate
        counts, summary = _known_counts(hands, board_ids, dead_ids + missing, ranking,
                                        [*known, *missing] if missing else known, threads)
        if progress is not None:
            progress(1, 1)
        result = _result([_hand_label(a, b) for a, b in hands], counts, summary, None, board_ids, dead_ids,
                         started, rules)
        if not by_combo:
            return result
        return _with_combos(result, [(np.array([hand], dtype=np.uint8), np.ones(1)) for hand in hands], threads,
                            progress, rules, started)
    fixed_ids = parse_cards([*board_ids, *dead_ids])  # a card in both is a duplicate
    fixed = sum(1 << c for c in fixed_ids + missing)
    parsed = _players(players, fixed)
    matchups = 0
    if exact is not False:
        matchups, showdowns = exact_work(parsed, board_ids, dead_ids + missing)
        small = matchups <= MAX_EXACT_MATCHUPS and (not board_ids or showdowns <= MAX_EXACT_SHOWDOWNS)
        if exact and not small:
            raise ExactTooLargeError(
                f"exact enumeration would take up to {showdowns:,} showdowns over {matchups:,} deals of "
                "hole cards; use Monte Carlo (exact=False, or leave exact unset)")
        chosen = exact is None
        exact = small
    squares: np.ndarray | None = None
    sampled: np.ndarray | None = None
    deadline = None if seconds is None else started + seconds
    with numba_threads(threads):
        if exact:
            try:
                counts, shares = _exact(parsed, board_ids, dead_ids + rules.missing_cards, matchups,
                                        _stop_when_late(progress, started, deadline) if chosen else progress, ranking)
            except OutOfTimeError:
                if not chosen:  # raised by the caller's own progress: theirs to catch
                    raise
                exact = False
        if not exact:
            counts, shares, squares, sampled = _monte_carlo(parsed, board_ids, fixed, trials, stderr, deadline,
                                                            seed, progress, ranking, by_combo)
    summary = _kernels().summarize(counts, shares)
    result = _result([p.label for p in parsed], counts, summary, squares, board_ids, dead_ids, started, rules)
    if not by_combo:
        return result
    return _with_combos(result, [(p.combos, p.weights) for p in parsed], threads, progress, rules, started,
                        sampled, seconds is not None)


EXACT_SHARE = 0.5
"""With ``exact=None`` and a time limit, the share of the time an exact run may take; one
whose pace shows it would take longer is abandoned for Monte Carlo, which gets the rest."""


def _stop_when_late(progress: Progress | None, started: float, deadline: float | None) -> Progress | None:
    """``progress``, which also abandons the run (:class:`~pokerlab.errors.OutOfTimeError`) once its pace shows it
    would end past :data:`EXACT_SHARE` of the time from ``started`` to ``deadline``."""
    if deadline is None:
        return progress
    until = started + (deadline - started) * EXACT_SHARE
    entered = time.perf_counter()

    def report(done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and (now > until or (done and entered + (now - entered) * total / done > until)):
            raise OutOfTimeError
        if progress is not None:
            progress(done, total)

    return report


def _with_combos(result: EquityResult, players: list[tuple[np.ndarray, np.ndarray]], threads: int | None,
                 progress: Progress | None, rules: Game, started: float, sampled: np.ndarray | None = None,
                 timed: bool = False) -> EquityResult:
    """The result with each player's :attr:`~PlayerEquity.combos` (see
    :func:`pokerlab.by_combo.combo_equities`), and the time it all took."""
    run = functools.partial(equity, board=result.board, dead=result.dead, threads=threads, game=rules)
    with numba_threads(threads):
        combos = combo_equities(result, players, run, progress, sampled, timed)
    return dataclasses.replace(result, players=tuple(dataclasses.replace(p, combos=c)
                                                     for p, c in zip(result.players, combos)),
                               elapsed=time.perf_counter() - started)


def _check_game(game: object) -> Game:
    """The game to play, which must have equity (the lowball rankings only evaluate)."""
    rules = get_game(game)  # type: ignore[arg-type]
    if rules.is_lowball:
        raise InvalidArgumentError(f"game: {rules.name} is a ranking for evaluation only, with no equity; the "
                                   f"games with equity are {game_names(lambda g: bool(g.board_cards))}")
    return rules


def _check_known_cards(rules: Game, players: Sequence[PlayerLike]) -> None:
    """Refuse a known hand holding a card the game's deck leaves out, and a range item whose
    combos all do (a range just loses the combos an item shares with the cards left out)."""
    for i, spec in enumerate(players):
        if isinstance(spec, Range) or (isinstance(spec, str) and spec.strip().lower() in RANDOM_WORDS):
            continue
        try:
            cards = parse_cards(spec, allow_duplicates=True)
        except PokerlabError:
            if isinstance(spec, str):
                check_items_dealt(spec, rules.lowest_rank, rules.name)
            continue
        rules.check_cards(f"player {i + 1}", cards)


def _other_engine(rules: Game, players: Sequence[PlayerLike], board: tuple[int, ...], dead: tuple[int, ...],
                  exact: bool | None, trials: int | None, stderr: float | None, deadline: float | None,
                  seed: int | None, threads: int | None, progress: Progress | None) -> EquityResult:
    """Equity in the games whose hands are not the best five of all cards: Omaha's engine,
    given every player's combos and weights, and their labels, and the time left before the
    ``deadline`` (reading the ranges can take a while)."""
    # "import ... as", not "from ... import", which also looks up the module's __path__ (an
    # AttributeError raised and cleared): a third of the time, on a call this short
    import pokerlab.game_ranges as game_ranges
    import pokerlab.omaha_equity as omaha  # the driver of the engines that deal hands as rows

    combos: Sequence[omaha.WeightedCombos | omaha.Hands]
    if rules.hole_used:
        labels, combos = game_ranges.game_players(rules, players, board, dead)
    else:  # two hole cards, read as hold'em reads them
        _check_table(players, board, dead, len(rules.deck))
        if rules.missing_cards:
            _check_known_cards(rules, players)
        hands = _known_hands(players)
        if hands is not None:  # the engine's quick path for known hands: one (combo, weight) each
            labels, combos = [_hand_label(a, b) for a, b in hands], [[(hand, 1.0)] for hand in hands]
        else:
            fixed_ids = parse_cards([*board, *dead])  # a card in both is a duplicate
            parsed = _players(players, sum(1 << c for c in (*fixed_ids, *rules.missing_cards)))
            labels = [p.label for p in parsed]
            combos = [(p.combos[:0], p.weights[:0]) if p.random else (p.combos, p.weights) for p in parsed]
    seconds = None if deadline is None else max(deadline - time.perf_counter(), MIN_SECONDS_LEFT)
    return omaha.omaha_equity(combos, board, dead, hilo=rules.hilo, exact=exact, trials=trials, stderr=stderr,
                              seconds=seconds, seed=seed, threads=threads, progress=progress, labels=labels,
                              game=rules)


def _known_hands(players: Sequence[PlayerLike]) -> tuple[tuple[int, int], ...] | None:
    """The players' hole cards if every player is a known two-card hand, else None."""
    hands = []
    for spec in players:
        if isinstance(spec, Range):
            return None
        try:
            cards = parse_cards(spec, allow_duplicates=True)
        except PokerlabError:
            return None
        if len(cards) != 2:
            return None
        hands.append((cards[0], cards[1]))
    return tuple(hands)


_CANONICAL_SHARE = 0.3
"""The share of an exact preflop run's progress given to relabelling its deals' suits."""

_DEALS_PER_CALL = 1024
"""After the flop, exact runs deal the boards of this many deals of hole cards per kernel call,
reporting progress between calls."""


def _exact(players: list[_Player], board: tuple[int, ...], dead: tuple[int, ...], matchups: int,
           progress: Progress | None, ranking: Ranking) -> tuple[np.ndarray, np.ndarray]:
    weighted = any(np.any(p.weights != 1.0) for p in players)
    dtype = np.float64 if weighted else np.int64
    counts = np.zeros((len(players), 9, 9, 3), dtype=dtype)
    shares = np.zeros(len(players), dtype=dtype)
    if board:
        # after the flop: the deals of hole cards in a few parallel kernel calls
        deals = list(_assignments(players, sum(1 << c for c in board + dead)))
        if not deals:
            raise InvalidRangeError(_NO_DEAL)
        for start in range(0, len(deals), _DEALS_PER_CALL):
            if progress is not None:
                progress(start, len(deals))
            c, s = _board_counts_many(deals[start:start + _DEALS_PER_CALL], board, dead, ranking)
            counts += c if weighted else c.astype(np.int64)
            shares += s if weighted else s.astype(np.int64)
        if progress is not None:
            progress(len(deals), len(deals))
        return counts, shares
    # preflop: equal matchups up to suits share one result; distinct ones run in parallel.
    # Relabelling suits takes about a third of the time, so it reports progress too: a caller
    # that runs out of time can stop it
    weights: dict[Matchup, float] = {}
    for i, (hands, weight) in enumerate(_assignments(players, sum(1 << c for c in dead))):
        if progress is not None and i % 512 == 0:
            progress(min(PERMILLE, int(PERMILLE * _CANONICAL_SHARE * i / matchups)), PERMILLE)
        key = canonical_matchup(hands, dead)
        weights[key] = weights.get(key, 0) + weight
    if not weights:
        raise InvalidRangeError(_NO_DEAL)
    keys = list(weights)
    start, size = 0, 1
    while start < len(keys):
        if progress is not None:
            progress(int(PERMILLE * (_CANONICAL_SHARE + (1 - _CANONICAL_SHARE) * start / len(keys))), PERMILLE)
        chunk = keys[start:start + size]
        chunk_started = time.perf_counter()
        results = _preflop_counts_many(chunk, ranking)
        took = time.perf_counter() - chunk_started
        w = np.array([weights[k] for k in chunk], dtype=dtype)
        counts += np.tensordot(w, np.stack([c for c, _ in results]), axes=1)
        shares += np.tensordot(w, np.stack([s for _, s in results]), axes=1)
        start += len(chunk)
        size = max(1, min(4 * size, int(len(chunk) * PROGRESS_SECONDS / max(took, 1e-6))))
    if progress is not None:
        progress(PERMILLE, PERMILLE)
    return counts, shares


def _monte_carlo(players: list[_Player], board: tuple[int, ...], fixed: int, trials: int | None,
                 stderr: float | None, deadline: float | None, seed: int | None, progress: Progress | None,
                 ranking: Ranking, by_combo: bool
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
    """Counters, shares and squares of sampled showdowns, in batches until ``trials``, the
    standard error or the ``deadline`` (a :func:`time.perf_counter` reading) is reached; with
    ``by_combo``, also each player's showdowns, wins, splits and split shares by combo (see
    the kernel)."""
    entered = time.perf_counter()
    _check_dealable(players, fixed)
    if trials is None and stderr is None and deadline is None:
        stderr = DEFAULT_STDERR
    t = ranking.tables
    combos = np.concatenate([p.combos if not p.random else np.zeros((0, 2), np.uint8) for p in players])
    starts = np.cumsum([0] + [0 if p.random else len(p.combos) for p in players]).astype(np.int64)
    cumulative = np.concatenate([np.cumsum(p.weights) if not p.random else np.zeros(0) for p in players])
    board_array = np.array(board, dtype=np.uint8)
    base_seed = int(np.random.SeedSequence().entropy if seed is None else seed)  # type: ignore[arg-type]
    n_chunks = 64
    counts = np.zeros((len(players), 9, 9, 3), dtype=np.int64)
    shares = np.zeros(len(players), dtype=np.int64)
    squares = np.zeros(len(players), dtype=np.float64)
    by_combos = np.zeros((len(players), len(COMBO_NAMES), 4), dtype=np.int64) if by_combo else None
    combo_of_pair = combo_numbers() if by_combo else None
    ranged = sum(not p.random and len(p.combos) > 1 for p in players)
    per_chunk = (FIRST_RANGED_BATCH_TRIALS if ranged > 1
                 else FIRST_TIMED_BATCH_TRIALS if deadline is not None else FIRST_BATCH_TRIALS)
    done = tried = batch = 0
    while True:
        chunks = n_chunks
        if trials is not None:
            per_chunk, chunks = batch_within(trials - done, per_chunk, n_chunks)
        batch_started = time.perf_counter()
        with interruptible():
            c, s, q, attempts, by = _kernels().monte_carlo(
                combos, starts, cumulative, board_array, np.uint64(fixed), chunks, per_chunk,
                (base_seed * 1_000_003 + batch) % (1 << 63), t.card_key, t.card_mask, t.rank, t.offsets, t.flush,
                ranking.category_index, ranking.category_order, combo_of_pair)
        now = time.perf_counter()
        batch_seconds = now - batch_started
        counts += c
        shares += s
        squares += q
        if by_combos is not None:
            by_combos += by
        batch += 1
        batch_done = int(c[0].sum())
        done += batch_done
        tried += int(attempts)
        if done < MIN_ACCEPTED_DEALS * tried:
            raise InvalidRangeError(
                f"these ranges can hardly be dealt together: {done:,} of {tried:,} random deals gave every "
                "player a hand from their range without a card twice; narrow the ranges or seat fewer players")
        errors = _standard_errors(_kernels().summarize(counts, shares).tolist(), squares.tolist())
        if progress is not None:
            if stderr is None and deadline is None:
                progress(min(done, trials), trials)  # type: ignore[type-var, arg-type]
            else:
                timed = (now - entered) / (deadline - entered) if deadline is not None and deadline > entered else 1.0
                fraction = max(done / trials if trials else 0.0, timed if deadline is not None else 0.0,
                               (stderr / max(max(errors), 1e-12)) ** 2 if stderr else 0.0)
                progress(min(PERMILLE, int(PERMILLE * fraction)), PERMILLE)
        if trials is not None and done >= trials:
            break
        if deadline is not None and now >= deadline:
            break
        if stderr is not None and done >= 1000 and max(errors) <= stderr:
            break
        # the next batch: up to eight times as large, within MAX_BATCH_DEALS, and within the
        # time left when there is a time limit (the one case where timings may shape a run)
        affordable = MAX_BATCH_DEALS * done / tried / len(players)
        if deadline is not None:
            affordable = min(affordable, (deadline - now) / max(batch_seconds, 1e-6) * batch_done)
        per_chunk = max(1, min(per_chunk * 8, 1 << 16, int(affordable / n_chunks)))
    return counts, shares, squares, by_combos


def _standard_errors(rows: list[list[list[float]]], squares: list[float]) -> list[float]:
    """Each player's standard error of equity from a summary (see ``summarize``) and the sums
    of squared per-trial equities."""
    errors = []
    for row, square in zip(rows, squares):
        n = sum(row[9])
        mean = (row[9][0] + row[10][0] / 2520) / n
        errors.append(math.sqrt(max(square / n - mean * mean, 0.0) / n))
    return errors


def _result(labels: list[str], counts: np.ndarray, summary: np.ndarray, squares: np.ndarray | None,
            board: tuple[int, ...], dead: tuple[int, ...], started: float, rules: Game) -> EquityResult:
    rows = summary.tolist()  # [player][own category 0..8, totals, shares][win, tie, lose]
    errors = _standard_errors(rows, squares.tolist()) if squares is not None else [0.0] * len(labels)
    total = sum(rows[0][9])
    players = []
    for label, row, error in zip(labels, rows, errors):
        wins, ties, losses = row[9]
        split = row[10][0] / (2520 * total)
        win, tie, lose = wins / total, ties / total, losses / total
        players.append(frozen(PlayerEquity, (
            label, win, tie, split, lose, win + split, error, win + split, 0.0, win, win, tie, lose, 0.0, 0.0, 0.0, 1.0,
            0.0, wins, ties, losses, tuple(map(tuple, row[:9])), ())))
    return frozen(EquityResult, (tuple(players), cards_text(board), cards_text(dead), squares is None, total,
                                 time.perf_counter() - started, counts, rules.name))


@functools.lru_cache(maxsize=4096)
def _hand_label(a: int, b: int) -> str:
    return card_name(a) + card_name(b)



