"""The equity driver: every game's equity, whichever engine deals it.

An engine (:class:`Engine`) knows one hand rule, ranking, deck and pot, and counts showdowns
into the pot counters of :mod:`pokerlab.equity.pots`: every completion of a board for known
hands, the same for many deals of hole cards, and sampled deals. The driver does the rest, the
same way for every game: it checks the options and the players, chooses exact enumeration or
Monte Carlo by the work (one set of limits, :data:`MAX_EXACT_SHOWDOWNS` and
:data:`MAX_EXACT_PREFLOP_DEALS`, each engine weighing its own work against hold'em's), deals the
hole cards, stops sampling by trials, standard error or time, keeps a time limit (an exact run
that cannot finish in time is abandoned for Monte Carlo), reports progress, and builds the
result.

Each player is given as hands (:data:`Hands`): a known hand is one row, a range its rows and
their weights, and a random hand no rows at all (it is dealt from the deck, and listed only
for an exact run). :func:`deal` takes players as card ids, checked here; :func:`pokerlab.equity.api.equity`
reads them from text first.

>>> from pokerlab.games import OMAHA_HILO
>>> r = deal([[((51, 50, 0, 4), 1.0)], [((47, 46, 43, 42), 1.0)]], (8, 13, 30), (), game=OMAHA_HILO)
>>> [round(p.equity, 4) for p in r.players], [round(p.lo_equity, 4) for p in r.players]
([0.8561, 0.1439], [0.372, 0.0])
"""

from __future__ import annotations

import functools
import importlib
import itertools
import math
import time
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any, Protocol

import numpy as np

from pokerlab.cards.notation import card_name
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
from pokerlab.equity.results import EquityResult, PlayerEquity, cards_text, frozen
from pokerlab.errors import (
    DuplicateCardError,
    ExactTooLargeError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidRangeError,
    OutOfTimeError,
    PlayerCountError,
    clip,
)
from pokerlab.games import Game
from pokerlab.games import get as get_game
from pokerlab.games import names as game_names
from pokerlab.numba_runtime import batch_within, interruptible
from pokerlab.numba_runtime import threads as numba_threads
from pokerlab.ranges.patterns import combinations, hand_label, hand_masks

Hands = tuple[np.ndarray, np.ndarray]
"""A player's hands: hole cards as rows of ascending ids, (K, h) uint8, and their weights, (K,)
float64. One row of weight above 0 is a known hand; no rows is a random hand."""
Combo = tuple[int, ...]
WeightedCombos = Sequence[tuple[Combo, float]]

MAX_EXACT_SHOWDOWNS = 200_000_000
"""After the flop, ``exact=None`` enumerates up to this many showdowns (deals of hole cards
times boards), counted as hold'em's: an engine whose showdown costs more weighs each by its
:attr:`Engine.showdown_cost` (Omaha's four, so 50 million of them). About a second or two."""
MAX_EXACT_PREFLOP_DEALS = 20_000
"""Before the flop, ``exact=None`` enumerates up to this many deals of hole cards, counted as
hold'em's (each counts its boards by rank multisets; hold'em's deals equal up to the suits'
names share one count): an engine weighs each of its deals by its
:attr:`Engine.preflop_cost` (Omaha's 80, so 250 deals)."""
MAX_EXACT_DEALS = 200_000
"""After the flop, ``exact=None`` enumerates up to this many deals of hole cards (each dealt
every board): many more are many small runs, which Monte Carlo answers sooner."""
MAX_LISTED_DEALS = 2_000_000
"""Deals of hole cards are listed before an exact run (:func:`list_deals`): at most this many."""
DEFAULT_STDERR = 0.0005
"""Monte Carlo stops at this standard error of the equities when given no other limit."""
MIN_ACCEPTED_DEALS = 0.001
"""Monte Carlo draws each range's combo at random and rejects a deal that holds a card twice.
Ranges whose deals are accepted less often than this can hardly be dealt together (eight
players on "AA,KK,QQ,JJ": 1 in 34,000); they are refused instead of sampled for hours."""
MAX_DEAL_SEARCH = 100_000
"""Steps the search for deals of the ranges (:func:`_count_deals`) may take before leaving the
question to Monte Carlo's first batch, which measures how often a deal is accepted."""
WORTH_COUNTING = 100
"""How far above the exact limit a product of combo counts may be for the deals to be counted
one by one, in case the ranges' shared cards leave few of them ("AA,KK" four times is 20,736
as a product but 216 deals)."""
MAX_BATCH_DEALS = 1 << 24
"""Monte Carlo batches grow eightfold, up to about this many hands dealt (trials times players,
as hold'em's, over the share of deals accepted): a fraction of a second, so that progress, the
time limit and the standard error are checked often however slow a trial is. The sizes depend
on the seed alone, never on timings (but for the time limit), so a seed repeats a run exactly."""
CHUNKS = 64
"""Monte Carlo deals each batch in this many chunks, each from its own seed, spread over the threads."""
FIRST_BATCH_TRIALS = 256
"""Trials per chunk in the first Monte Carlo batch."""
FIRST_TIMED_BATCH_TRIALS = 4
"""Trials per chunk in the first batch of a run with a time limit: ten random players deal
them in about a millisecond, so even a small limit holds (runouts give each card's run a small
share); the batches after it are sized by the time left."""
FIRST_RANGED_BATCH_TRIALS = 1
"""Trials per chunk in the first batch when two ranges may clash: one trial each, which
measures how often a deal is accepted in milliseconds even when it hardly ever is."""
TIME_LEFT_SHARE = 0.7
"""A Monte Carlo batch sized by the time left aims at this share of it, so that a batch slower
than the last (a busy machine's threads) still ends in time."""
MIN_SECONDS_LEFT = 0.001
"""A run handed on to Monte Carlo gets at least this long, however late: it still answers
(after one small batch)."""
EXACT_SHARE = 0.5
"""With ``exact=None`` and a time limit, the share of the time an exact run may take; one whose
pace shows it would take longer is abandoned for Monte Carlo, which gets the rest."""
PROGRESS_SECONDS = 0.05
"""Exact runs call ``progress`` about this often (a caller stops a run from it), sizing their
kernel calls by the pace of the calls before: each call at most four times the last."""
FIRST_DEALS = 64
"""Deals of hole cards in an exact run's first kernel call (one when there is a time limit, to
measure the pace before the run commits to more)."""


class Engine(Protocol):
    """What the driver asks of an engine, built for one game's ranking, deck and pots
    (:class:`pokerlab.equity.engines.omaha.Engine`, :class:`pokerlab.equity.engines.best_five.Engine`): the pot counters
    (:mod:`pokerlab.equity.pots`) of every completion of a board for one deal of known hands
    and for many deals of hole cards, and of sampled deals; ``fixed`` is the bit set of the
    cards that cannot be dealt (the board's, the dead ones and those the deck leaves out)."""

    showdown_cost: float
    """What one showdown costs, in hold'em's."""
    preflop_cost: float
    """What counting every board of one deal of hole cards costs, in hold'em's."""
    by_combo: bool
    """Whether :meth:`sample` can count each player's showdowns by combo."""

    def known(self, holes: np.ndarray, board: np.ndarray, fixed: int) -> tuple[np.ndarray, np.ndarray]: ...

    def deals(self, holes: np.ndarray, weights: np.ndarray, board: np.ndarray, fixed: int) -> np.ndarray: ...

    def prepare(self, combos: np.ndarray) -> Any:
        """What :meth:`sample` reads of the players' combos (K, h), worked out once a run."""
        ...

    def sample(self, prepared: Any, starts: np.ndarray, cumulative: np.ndarray, board: np.ndarray, fixed: int,
               chunks: int, per_chunk: int, seed: int,
               combo_of_pair: np.ndarray | None) -> tuple[np.ndarray, int, np.ndarray | None]: ...


def equity_game(game: object) -> Game:
    """The game to deal (a name or a :class:`~pokerlab.games.Game`), which must have a board:
    a game of no board (the lowball rankings, or any ranking for evaluation) has no equity.

    >>> equity_game("omaha").name
    'omaha'
    >>> equity_game("deuce-to-seven")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: game: deuce-to-seven deals no board: it is for evaluation only, ...
    """
    rules = get_game(game)  # type: ignore[arg-type]
    if not rules.board_cards:
        raise InvalidArgumentError(f"game: {rules.name} deals no board: it is for evaluation only, with no equity; "
                                   f"the games with equity are {game_names(lambda g: bool(g.board_cards))}")
    return rules


def engine_of(game: Game) -> Engine:
    """The engine that deals a game, built once for its ranking, deck and pots: Omaha's for two
    hole cards and three board cards, the best-five engine for the best five of all cards.

    >>> from pokerlab.games import OMAHA, HOLDEM_HILO
    >>> type(engine_of(OMAHA)).__module__, type(engine_of(HOLDEM_HILO)).__module__
    ('pokerlab.equity.engines.omaha', 'pokerlab.equity.engines.best_five')
    """
    return _engine(bool(game.hole_used), game.ranking, game.lowest_rank, game.hilo)


@functools.cache
def _engine(two_plus_three: bool, ranking: str, lowest_rank: int, hilo: bool) -> Engine:
    # each engine imported on first use: the tables they build are for the games played
    if two_plus_three:
        from pokerlab.equity.engines.omaha import Engine as OmahaEngine

        return OmahaEngine(ranking, lowest_rank, hilo)
    from pokerlab.equity.engines.best_five import Engine as BestFiveEngine

    return BestFiveEngine(ranking, lowest_rank, hilo)


Options = tuple[bool | None, int | None, float | None, float | None, int | None, int | None, Progress | None]
"""The checked options: exact, trials, stderr, seconds, seed, threads, progress."""


_NO_OPTIONS: Options = (None, None, None, None, None, None, None)


def check_options(exact: object, trials: object, stderr: object, seconds: object, seed: object, threads: object,
                  progress: object) -> Options:
    """The options of an equity call, checked: Monte Carlo's ``trials``, ``stderr`` and
    ``seconds`` cannot go with ``exact=True``, and a trial count asks for Monte Carlo (exact
    False), while a standard error or a time limit only bounds it, should exact be out of reach.

    >>> check_options(None, 1000, None, None, 1, None, None)[:2]
    (False, 1000)
    """
    if exact is None and trials is None and stderr is None and seconds is None and seed is None and threads is None \
            and progress is None:
        return _NO_OPTIONS  # the common call, checked in a breath
    checked_trials = check_trials(trials)
    checked_seconds = check_seconds(seconds)
    checked_stderr = check_stderr(stderr, bounded=checked_trials is not None or checked_seconds is not None)
    checked_seed = check_seed(seed)
    checked_threads = check_threads(threads)
    checked_progress = check_progress(progress)
    if exact is not None and not isinstance(exact, bool):
        raise InvalidArgumentError(f"exact must be True, False or None (choose by the work), got {exact!r}")
    if exact:
        for name, value in (("trials", checked_trials), ("stderr", checked_stderr), ("seconds", checked_seconds)):
            if value is not None:
                raise InvalidArgumentError(f"exact and {name} cannot go together: {name} is for Monte Carlo; "
                                           "leave exact unset or False")
    method = False if exact is None and checked_trials is not None else exact
    return (method, checked_trials, checked_stderr, checked_seconds, checked_seed, checked_threads,
            checked_progress)


def check_table(n_players: int, n_hole: int, n_board: int, n_dead: int, deck: int) -> None:
    """Refuse a table that the deck cannot deal: 2 to 10 players, a board of 0, 3, 4 or 5 cards."""
    if not 2 <= n_players <= 10:
        raise PlayerCountError(f"equity takes 2 to 10 players, got {n_players}")
    if n_board not in (0, 3, 4, 5):
        raise HandSizeError(f"a board has 0, 3, 4 or 5 cards, got {n_board}")
    needed = n_hole * n_players + 5 + n_dead
    if needed > deck:
        raise PlayerCountError(f"{n_players} players need {n_hole * n_players} hole cards and 5 board cards; "
                               f"with {n_dead} dead cards the deck of {deck} is {needed - deck} short")


def _mask(cards: Iterator[int] | Sequence[int]) -> int:
    return sum(1 << c for c in cards)


def known_result(holes: np.ndarray, labels: Sequence[str], board: tuple[int, ...], dead: tuple[int, ...], fixed: int,
                 game: Game, threads: int | None, progress: Progress | None, started: float) -> EquityResult:
    """The exact result of known hands ``holes`` (P, h) uint8, checked: every completion of the
    board in one engine call (after the flop, serially: a thousand boards take microseconds)."""
    engine = engine_of(game)
    if len(board) < 3:
        with numba_threads(threads):
            acc, table = engine.known(holes, _board_array(board), fixed)
    else:
        acc, table = engine.known(holes, _board_array(board), fixed)
    if progress is not None:
        progress(1, 1)
    return _result(labels, acc, None, False, board, dead, started, game, True, False, table)


def run(players: list[Hands], labels: Sequence[str], board: tuple[int, ...], dead: tuple[int, ...], fixed: int,
        game: Game, options: Options, started: float,
        by_combo: bool = False) -> tuple[EquityResult, list[Hands], np.ndarray | None]:
    """Equity of checked players (rows of the game's hole size, weights above 0 but for random
    hands; see :data:`Hands`) on a checked board, with checked ``options``; ``fixed`` is the bit
    set of the board, dead and missing cards. Returns the result, the players as dealt (blocked
    combos removed, random hands listed when ``by_combo``) and, with ``by_combo`` on a Monte
    Carlo run, its counts by combo."""
    exact, trials, stderr, seconds, seed, threads, progress = options
    engine = engine_of(game)
    n_hole = game.hole_cards
    playable = dealable(players, labels, fixed, n_hole)
    deadline = None if seconds is None else started + seconds
    chosen = exact is None
    if exact is not False:
        deals, showdowns = exact_work(playable, board, fixed, n_hole, engine)
        small = deals <= MAX_EXACT_DEALS and showdowns * engine.showdown_cost <= MAX_EXACT_SHOWDOWNS if board \
            else deals * engine.preflop_cost <= MAX_EXACT_PREFLOP_DEALS
        if exact and not small:
            raise ExactTooLargeError(
                f"exact enumeration would take up to {showdowns:,} showdowns over {deals:,} deals of hole cards; "
                "use Monte Carlo (exact=False, or leave exact unset)")
        exact = small
    sampled = None
    with numba_threads(threads):
        if exact:
            try:
                acc = _exact(playable, board, fixed, n_hole, engine, deadline,
                             _stop_when_late(progress, started, deadline) if chosen else progress)
            except OutOfTimeError:
                if not chosen:  # raised by the caller's own progress: theirs to catch
                    raise
                exact = False
        if not exact:
            left = None if deadline is None else max(deadline, time.perf_counter() + MIN_SECONDS_LEFT)
            acc, done, sampled = _monte_carlo(playable, board, fixed, n_hole, engine, game.hilo, trials, stderr,
                                              left, seed, progress, by_combo and engine.by_combo)
    result = _result(labels, acc, None if exact else done, not exact, board, dead, started, game, bool(exact),
                     any(len(w) and (w != 1).any() for _, w in playable))
    if by_combo:
        playable = _listed(playable, fixed | _known_mask(playable), n_hole)
    return result, playable, sampled


@functools.lru_cache(maxsize=4096)
def _board_array(board: tuple[int, ...]) -> np.ndarray:
    """A board as the kernels take it, remembered (read only): the same boards come again and again."""
    array = np.array(board, dtype=np.uint8)
    array.setflags(write=False)
    return array


def after_each(players: list[Hands], labels: Sequence[str], board: tuple[int, ...], dead: tuple[int, ...],
               fixed: int, game: Game, nexts: Sequence[tuple[int, ...]], threads: int | None,
               progress: Progress | None, started: float) -> dict[tuple[int, ...], EquityResult]:
    """The exact result after each of ``nexts`` (one card, or two) comes next on ``board``, the
    players checked as for :func:`run`: the deals of hole cards are listed once, and each next
    card's run deals those that do not hold it, in one engine call. Together the runs do the
    work of one exact run on ``board``. A next card that no deal leaves out cannot come, and
    has no result."""
    engine = engine_of(game)
    n_hole = game.hole_cards
    playable = dealable(players, labels, fixed, n_hole)
    weighted = any(len(w) and (w != 1).any() for _, w in playable)
    listed = list_deals(_listed(playable, fixed | _known_mask(playable), n_hole), fixed, MAX_LISTED_DEALS)
    if listed is None:
        raise ExactTooLargeError(f"exact enumeration would list more than {MAX_LISTED_DEALS:,} deals of hole cards; "
                                 "use Monte Carlo (exact=False, or leave exact unset)")
    holes, weights = listed
    held = np.zeros(len(holes), dtype=np.uint64)
    for column in holes.reshape(len(holes), -1).T:
        held |= np.uint64(1) << column.astype(np.uint64)
    results = {}
    with numba_threads(threads):
        for done, cards in enumerate(nexts):
            if progress is not None:
                progress(done, len(nexts))
            keep = (held & np.uint64(_mask(cards))) == 0
            if not keep.any():
                continue
            after = (*board, *cards)
            if len(holes) == 1:  # known hands: the engine's quick call, as a call of its own takes
                acc, table = engine.known(holes[0], _board_array(after), fixed | _mask(cards))
            else:
                acc, table = engine.deals(holes[keep], weights[keep], np.array(after, dtype=np.uint8),
                                          fixed | _mask(cards)), None
            results[cards] = _result(labels, acc, None, False, after, dead, started, game, True, weighted, table)
    if progress is not None:
        progress(len(nexts), len(nexts))
    return results


def _known_mask(players: list[Hands]) -> int:
    return sum(_mask(cards[0].tolist()) for cards, _ in players if len(cards) == 1)


def dealable(players: list[Hands], labels: Sequence[str], fixed: int, n_hole: int) -> list[Hands]:
    """The players as they can be dealt (:func:`_playable`), refused when they never can be
    together (:func:`_check_dealable`); ``fixed`` is the bit set of the board, dead and missing
    cards. It runs no kernel, so a command checks its players with it before a first compile."""
    playable = _playable(players, labels, fixed)
    _check_dealable(playable, fixed, n_hole)
    return playable


def _playable(players: list[Hands], labels: Sequence[str], fixed: int) -> list[Hands]:
    """Each player's combos with weight, less those that hold a board or dead card or a card of
    another player's known hand (a single combo); a known card twice is an error."""
    taken = fixed
    for p, (cards, _) in enumerate(players):
        if len(cards) == 1:
            for c in cards[0].tolist():
                if taken >> c & 1:
                    raise DuplicateCardError(f"duplicate card: {card_name(c)} (player {p + 1})")
                taken |= 1 << c
    out = []
    for p, (cards, weights) in enumerate(players):
        if len(cards) == 1 and weights[0] > 0 or not len(cards):  # a known hand, its cards checked above, or random
            out.append((cards, weights))
            continue
        keep = weights > 0
        # card by card (byte compares), so that a block holding no taken card is neither
        # masked nor copied
        for c in range(52):
            if taken >> c & 1 and (cards == c).any():
                keep &= ~(cards == c).any(axis=1)
        if not keep.any():
            raise InvalidRangeError(f"player {p + 1}: range {clip(labels[p])} is empty once the board, dead cards "
                                    "and other players' cards are removed")
        out.append((np.ascontiguousarray(cards), weights) if keep.all()
                   else (np.ascontiguousarray(cards[keep]), weights[keep]))
    return out


_NO_DEAL = "no deal gives every player a hand: the ranges use up each other's cards"


def _count_deals(players: list[Hands], used: int, limit: int) -> int | None:
    """How many deals give each player who is not random a combo, no card twice: counted up to
    ``limit`` (``limit`` means "that many or more"), or None when finding out would take more
    than :data:`MAX_DEAL_SEARCH` steps. The smallest range is dealt first."""
    # masks made in bulk, read one by one: the search stops long before it reads a range of a million hands
    ranged = sorted((hand_masks(cards) for cards, _ in players if len(cards)), key=len)
    steps = 0

    def count(depth: int, used: int, wanted: int) -> int | None:
        nonlocal steps
        if depth == len(ranged):
            return 1
        found = 0
        for bits in map(int, ranged[depth]):
            steps += 1
            if steps > MAX_DEAL_SEARCH:
                return None
            if not used & bits:
                more = count(depth + 1, used | bits, wanted - found)
                if more is None:
                    return None
                found += more
                if found >= wanted:
                    break
        return found

    return count(0, used, limit)


def _check_dealable(players: list[Hands], fixed: int, n_hole: int) -> None:
    """Refuse ranges that can never be dealt together, as far as a bounded search can tell.

    The ranges must hold the hole cards of every player between them; then a search looks for
    one deal (see :func:`_count_deals`). Past its step limit, Monte Carlo's first batch decides
    (see :data:`MIN_ACCEPTED_DEALS`).
    """
    ranged = [cards for cards, _ in players if len(cards)]
    held = len(np.unique(np.concatenate([cards.ravel() for cards in ranged]))) if ranged else 0
    if held < n_hole * len(ranged):
        raise InvalidRangeError(f"{_NO_DEAL}: {len(ranged)} players' ranges hold {held} cards between them, and "
                                f"they need {n_hole * len(ranged)}")
    if _count_deals(players, fixed, 1) == 0:
        raise InvalidRangeError(_NO_DEAL)


def exact_work(players: list[Hands], board: tuple[int, ...], fixed: int, n_hole: int,
               engine: Engine) -> tuple[int, int]:
    """(deals, showdowns) an exact run would take, counted before doing it.

    Deals are the deals of hole cards: the product of the players' combo counts (a random hand
    counting every hand of the cards left), or, when that is somewhat above the limit and no
    player is random, the deals themselves, counted by a bounded search (see
    :data:`WORTH_COUNTING`). Showdowns multiply them by the board completions.
    """
    left = 52 - fixed.bit_count() - _known_mask(players).bit_count()
    deals = math.prod(len(cards) or math.comb(left, n_hole) for cards, _ in players)
    boards = math.comb(52 - fixed.bit_count() - n_hole * len(players), 5 - len(board))
    limit = min(MAX_EXACT_DEALS, int(MAX_EXACT_SHOWDOWNS / engine.showdown_cost / boards)) if board \
        else int(MAX_EXACT_PREFLOP_DEALS / engine.preflop_cost)
    if limit < deals <= WORTH_COUNTING * limit and all(len(cards) for cards, _ in players):
        counted = _count_deals(players, fixed, limit + 1)
        deals = deals if counted is None else counted
    return deals, deals * boards


def _stop_when_late(progress: Progress | None, started: float, deadline: float | None) -> Progress | None:
    """``progress``, which also abandons the run (:class:`~pokerlab.errors.OutOfTimeError`) once
    its pace shows it would end past :data:`EXACT_SHARE` of the time from ``started`` to
    ``deadline``. It reports permille, as the Monte Carlo run that may follow does, so that a
    caller sees one total."""
    if deadline is None:
        return progress
    until = started + (deadline - started) * EXACT_SHARE
    entered = time.perf_counter()

    def report(done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and (now > until or (done and entered + (now - entered) * total / done > until)):
            raise OutOfTimeError
        if progress is not None:
            progress(PERMILLE * done // total, PERMILLE)

    return report


LISTING_BLOCK = 1 << 22
"""Deals times combos that :func:`list_deals` checks at once (a boolean array of 4 MB)."""


def list_deals(players: list[Hands], fixed: int, limit: int) -> tuple[np.ndarray, np.ndarray] | None:
    """Every deal of one combo per player with no card twice and none of ``fixed``: the hole
    cards (M, P, h) uint8 and each deal's weight, the product of its combos' (M,); None when
    there are more than ``limit``. Listed with NumPy, player by player (the smallest range
    first), each deal so far against each combo of the next player.

    >>> cards = np.array([[0, 1], [0, 2], [2, 3]], dtype=np.uint8)
    >>> holes, weights = list_deals([(cards[:1], np.ones(1)), (cards, np.array([1.0, 2.0, 3.0]))], 0, 10)
    >>> holes.tolist(), weights.tolist()
    ([[[0, 1], [2, 3]]], [3.0])
    """
    order = sorted(range(len(players)), key=lambda p: len(players[p][0]))
    picks = np.zeros((1, 0), dtype=np.int64)
    used = np.array([fixed], dtype=np.uint64)
    weights = np.ones(1)
    for p in order:
        cards, combo_weights = players[p]
        masks = np.zeros(len(cards), dtype=np.uint64)
        for column in cards.T:
            masks |= np.uint64(1) << column.astype(np.uint64)
        rows: list[np.ndarray] = []
        combos: list[np.ndarray] = []
        found = 0
        step = max(1, LISTING_BLOCK // max(len(masks), 1))
        for start in range(0, len(used), step):
            row, combo = np.nonzero((used[start:start + step, None] & masks[None, :]) == 0)
            found += len(row)
            if found > limit:
                return None
            rows.append(row + start)
            combos.append(combo)
        row, combo = np.concatenate(rows), np.concatenate(combos)
        picks = np.concatenate([picks[row], combo[:, None]], axis=1)
        used = used[row] | masks[combo]
        weights = weights[row] * combo_weights[combo]
    columns = [players[p][0][picks[:, order.index(p)]] for p in range(len(players))]
    return np.stack(columns, axis=1), weights


def _listed(players: list[Hands], taken: int, n_hole: int) -> list[Hands]:
    """The players with each random hand listed: every hand of the cards not ``taken``."""
    left = np.array([c for c in range(52) if not taken >> c & 1], dtype=np.uint8)
    return [(cards, weights) if len(cards) else (every := combinations(left, n_hole), np.ones(len(every)))
            for cards, weights in players]


def _exact(players: list[Hands], board: tuple[int, ...], fixed: int, n_hole: int, engine: Engine,
           deadline: float | None, progress: Progress | None) -> np.ndarray:
    """The counters of every deal of hole cards and every completion of the board, the deals in
    kernel calls sized by the pace (see :data:`PROGRESS_SECONDS`), progress reported between them."""
    listed = list_deals(_listed(players, fixed | _known_mask(players), n_hole), fixed, MAX_LISTED_DEALS)
    if listed is None:
        raise ExactTooLargeError(f"exact enumeration would list more than {MAX_LISTED_DEALS:,} deals of hole cards; "
                                 "use Monte Carlo (exact=False, or leave exact unset)")
    holes, weights = listed
    if not len(holes):
        raise InvalidRangeError(_NO_DEAL)
    board_array = np.array(board, dtype=np.uint8)
    acc: np.ndarray | None = None
    start, size = 0, 1 if deadline is not None else FIRST_DEALS
    while start < len(holes):
        if progress is not None:
            progress(start, len(holes))
        part = slice(start, start + size)
        call_started = time.perf_counter()
        counted = engine.deals(holes[part], weights[part], board_array, fixed)
        took = time.perf_counter() - call_started
        acc = counted if acc is None else acc + counted
        start += size
        size = max(1, min(4 * size, int(size * PROGRESS_SECONDS / max(took, 1e-6))))
    if progress is not None:
        progress(len(holes), len(holes))
    assert acc is not None  # there was a deal
    return acc


def _monte_carlo(players: list[Hands], board: tuple[int, ...], fixed: int, n_hole: int, engine: Engine,
                 hilo: bool, trials: int | None, stderr: float | None, deadline: float | None, seed: int | None,
                 progress: Progress | None, by_combo: bool) -> tuple[np.ndarray, int, np.ndarray | None]:
    """Sampled counters, with squares, batch by batch until ``trials``, the standard error or the
    ``deadline`` (a :func:`time.perf_counter` reading) is reached; the number of showdowns dealt;
    and, with ``by_combo``, each player's showdowns, wins, splits and split units by combo."""
    pots = _pots()
    entered = time.perf_counter()
    if trials is None and stderr is None and deadline is None:
        stderr = DEFAULT_STDERR
    prepared = engine.prepare(np.ascontiguousarray(np.concatenate([cards for cards, _ in players])))
    starts = np.cumsum([0] + [len(cards) for cards, _ in players]).astype(np.int64)
    cumulative = np.concatenate([np.cumsum(weights) for _, weights in players]).astype(np.float64)
    board_array = np.array(board, dtype=np.uint8)
    base_seed = int(np.random.SeedSequence().entropy if seed is None else seed)  # type: ignore[arg-type]
    n_players = len(players)
    acc = np.zeros(n_players * pots.CELLS)
    combo_of_pair = _combo_numbers() if by_combo else None
    sampled: np.ndarray | None = None
    ranged = sum(len(cards) > 1 for cards, _ in players)
    per_chunk = (FIRST_RANGED_BATCH_TRIALS if ranged > 1
                 else FIRST_TIMED_BATCH_TRIALS if deadline is not None else FIRST_BATCH_TRIALS)
    done = tried = batch = 0
    while True:
        chunks = CHUNKS
        if trials is not None:
            per_chunk, chunks = batch_within(trials - done, per_chunk, CHUNKS)
        batch_started = time.perf_counter()
        with interruptible():
            part, attempts, by = engine.sample(prepared, starts, cumulative, board_array, fixed, chunks, per_chunk,
                                               (base_seed * 1_000_003 + batch) % (1 << 63), combo_of_pair)
        now = time.perf_counter()
        batch_seconds = now - batch_started
        acc += part
        if by is not None:
            sampled = by if sampled is None else sampled + by
        batch += 1
        batch_done = int(round(part[:243].sum()))
        done += batch_done
        tried += attempts
        if done < MIN_ACCEPTED_DEALS * tried:
            raise InvalidRangeError(
                f"these ranges can hardly be dealt together: {done:,} of {tried:,} random deals gave every "
                "player a hand from their range without a card twice; narrow the ranges or seat fewer players")
        errors = _standard_errors(acc, n_players, hilo) if done else [1.0]
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
        affordable = MAX_BATCH_DEALS / engine.showdown_cost * done / max(tried, 1) / n_players
        if deadline is not None:
            affordable = min(affordable, TIME_LEFT_SHARE * (deadline - now) / max(batch_seconds, 1e-6)
                             * max(batch_done, 1))
        per_chunk = max(1, min(per_chunk * 8, 1 << 16, int(affordable / CHUNKS)))
    return acc, done, sampled


@functools.cache
def _combo_numbers() -> np.ndarray:
    """The combo number (:func:`pokerlab.ranges.holdem.combo_index`) of each card pair ``low * 52 +
    high``, for the kernels' counts by combo (0 where the cards are equal)."""
    from pokerlab.ranges.holdem import combo_index

    table = np.zeros(52 * 52, dtype=np.int64)
    for low, high in itertools.combinations(range(52), 2):
        table[low * 52 + high] = combo_index(low, high)
    return table


def _standard_errors(acc: np.ndarray, n_players: int, hilo: bool) -> list[float]:
    """Each player's standard error of equity from sampled counters."""
    pots = _pots()
    table = pots.summary(acc, n_players, hilo, True)
    blocks = table[:, 10:].reshape(n_players, -1)
    n = float(table[0, 9].sum())
    means = (blocks[:, pots.HIGH_UNITS] + blocks[:, pots.LOW_UNITS]) / pots.POT_UNITS / n
    spread = np.maximum(blocks[:, pots.SQUARES] / n - means * means, 0.0) / n
    return np.sqrt(spread).tolist()  # type: ignore[no-any-return]


@functools.cache
def _pots() -> ModuleType:
    """The pot counters' kernels, imported on first use (they load Numba): a plain attribute
    afterwards, where ``from ... import`` in a function costs a microsecond a call."""
    return importlib.import_module("pokerlab.equity.pots")


def _result(labels: Sequence[str], acc: np.ndarray, trials: int | None, sampled: bool, board: tuple[int, ...],
            dead: tuple[int, ...], started: float, game: Game, exact: bool, weighted: bool,
            summary: np.ndarray | None = None) -> EquityResult:
    """The result of the counters ``acc``: every field of each player (see
    :class:`~pokerlab.equity.results.PlayerEquity`), over ``trials`` sampled showdowns or, when
    None, every showdown counted (their weight, a whole number when no weight is fractional);
    ``summary`` is their :func:`~pokerlab.equity.pots.summary` when it is at hand."""
    pots = _pots()
    n_players = len(labels)
    counted = pots.summary(acc, n_players, game.hilo, sampled) if summary is None else summary
    whole = not weighted and not sampled  # counts of whole showdowns: given as ints
    players = []
    if not game.hilo:  # the high is the pot: its fields follow from the high hand's
        # each player's (13, 3) rows read flat, a list fewer a row: a flop call takes microseconds
        flat = counted.reshape(n_players, 39).tolist()
        total = flat[0][27] + flat[0][28] + flat[0][29]
        per = 1.0 / total
        units = pots.POT_UNITS
        per_unit = per / units
        for label, row in zip(labels, flat):
            wins, ties, losses, shares = row[27], row[28], row[29], row[30]
            equity = shares * per_unit
            win = wins * per
            error = math.sqrt(max(row[33] * per - equity * equity, 0.0) * per) if sampled else 0.0
            counts = (int(wins), int(ties), int(losses)) if whole else (wins, ties, losses)
            by_category = iter(row[:27])
            # the splits' share in whole units, so that no split reads as a rounding error's share
            players.append(frozen(PlayerEquity, (
                label, win, ties * per, (shares - wins * units) * per_unit, losses * per, equity, error, equity,
                0.0, win, counts[0], counts[1], counts[2], tuple(zip(by_category, by_category, by_category)), (),
                ())))
    else:
        table = counted.tolist()
        total = sum(table[0][9])
        per = 1.0 / total
        per_unit = per / pots.POT_UNITS
        split_pots = sum(row[10][1] for row in table) / pots.HALF_POT  # each split pot pays out one low half
        for label, row in zip(labels, table):
            hi_wins, hi_ties, hi_losses = row[9]
            (high_units, low_units, wins), (square, low_wins, low_ties), (low_only, quarters, _) = row[10:]
            hi_equity = high_units * per_unit
            lo_equity = low_units * per_unit
            equity = hi_equity + lo_equity
            losses = hi_losses - low_only  # nothing of the pot: the high lost, and no share of a low either
            ties = total - wins - losses
            win = wins * per
            error = math.sqrt(max(square * per - equity * equity, 0.0) * per) if sampled else 0.0
            halves = (hi_wins * per, hi_ties * per, hi_losses * per, low_wins * per, low_ties * per,
                      max(split_pots - low_wins - low_ties, 0.0) * per, (total - split_pots) * per, quarters * per)
            tie_equity = (high_units + low_units - wins * pots.POT_UNITS) * per_unit
            players.append(frozen(PlayerEquity, (
                label, win, ties * per, tie_equity, losses * per, equity, error, hi_equity, lo_equity, win,
                *((int(wins), int(ties), int(losses)) if whole else (wins, ties, losses)),
                tuple(map(tuple, row[:9])), halves, ())))
    showdowns = trials if trials is not None else int(total) if whole else total
    return frozen(EquityResult, (tuple(players), cards_text(board), cards_text(dead), exact, showdowns,
                                 time.perf_counter() - started, acc[:n_players * 243].reshape(n_players, 9, 9, 3),
                                 game.name))


# --- players as card ids ------------------------------------------------------------------------------

def deal(players: Sequence[WeightedCombos | Hands], board: Sequence[int], dead: Sequence[int], *, game: Game | str,
         exact: bool | None = None, trials: int | None = None, stderr: float | None = None,
         seconds: float | None = None, seed: int | None = None, threads: int | None = None,
         progress: Progress | None = None, labels: Sequence[str] | None = None) -> EquityResult:
    """Each player's share of the pot in ``game``, the players given as card ids: per player a
    list of (hole combo, weight) pairs (a known hand is one combo of weight 1.0), or a pair of
    arrays, combos (K, h) and weights (K,) (quicker for large ranges); a pair of empty arrays
    (0 by h, and 0) is a random hand. ``board`` (0, 3, 4 or 5 ids) and ``dead`` are card ids.
    The options are :func:`pokerlab.equity.api.equity`'s; ``labels`` names the players (default:
    the hand, or the number of combos).

    >>> from pokerlab.games import OMAHA
    >>> r = deal([[((51, 50, 3, 7), 1.0)], [((47, 46, 43, 42), 1.0)]], (), (), game=OMAHA)
    >>> round(r.players[0].equity, 4)   # As Ah 3s 2s against Ks Kh Qs Qh, every board
    0.6067
    """
    started = time.perf_counter()
    options = check_options(exact, trials, stderr, seconds, seed, threads, progress)
    rules = equity_game(game)
    board_ids = _check_ids("board", board)
    dead_ids = _check_ids("dead", dead)
    fixed_ids = [*board_ids, *dead_ids]
    if len(set(fixed_ids)) != len(fixed_ids):
        raise DuplicateCardError(f"duplicate card: {card_name(next(c for c in board_ids if c in dead_ids))} "
                                 "(board and dead)")
    for name, cards in (("board", board_ids), ("dead", dead_ids)):
        rules.check_cards(name, cards)
    fixed = _mask(fixed_ids) | _mask(rules.missing_cards)
    shown_board = tuple(map(int, board))  # as given (checked above): the flop first
    known = _known_hands(players, rules, fixed, len(board_ids), len(dead_ids)) if options[0] is not False else None
    if known is not None:  # the common case, kept lean: checked in one pass over plain ints
        names = _check_labels(labels, len(known)) or [hand_label(hand) for hand in known]
        return known_result(np.array(known, dtype=np.uint8), names, shown_board, dead_ids, fixed, rules, options[5],
                            options[6], started)
    checked = _check_players(players, rules)
    check_table(len(checked), rules.hole_cards, len(board_ids), len(dead_ids), len(rules.deck))
    for p, (rows, _) in enumerate(checked):
        if len(rows) == 1 and rules.missing_cards:  # a range just loses the hands the deck cannot deal
            rules.check_cards(f"player {p + 1}", rows[0].tolist())
    names = _check_labels(labels, len(checked)) or [
        hand_label(tuple(cards[0].tolist())) if len(cards) == 1 else f"{len(cards)} combos" if len(cards) else "random"
        for cards, _ in checked]
    return run(checked, names, shown_board, dead_ids, fixed, rules, options, started)[0]


def _known_hands(players: object, game: Game, fixed: int, n_board: int, n_dead: int) -> list[Combo] | None:
    """Each player's hand (sorted ids) when every player holds one combo of weight above 0 of
    the game's deck, given as a (combo, weight) pair in a list, and no card is twice: checked in
    one pass over plain ints with a mask of the cards seen. None when anything is off or
    different, for the general checks to name it."""
    if type(players) is not list and type(players) is not tuple or not 2 <= len(players) <= 10 \
            or game.hole_cards * len(players) + 5 + n_dead > len(game.deck):
        return None
    seen = fixed
    hands = []
    for player in players:
        if type(player) is not list or len(player) != 1 or type(player[0]) is not tuple or len(player[0]) != 2:
            return None
        combo, weight = player[0]
        if type(weight) is not float and type(weight) is not int or not 0 < weight < math.inf \
                or type(combo) is not tuple and type(combo) is not list or len(combo) != game.hole_cards:
            return None
        for c in combo:
            if type(c) is not int or not 0 <= c < 52 or seen >> c & 1:
                return None
            seen |= 1 << c
        hands.append(tuple(sorted(combo)))
    return hands if n_board in (0, 3, 4, 5) else None


def _check_players(players: object, game: Game) -> list[Hands]:
    """Each player's combos (sorted ids, uint8 rows) and weights, checked, all of the game's hole size."""
    listed = check_list("players", players, "weighted combos")
    if not 2 <= len(listed) <= 10:
        raise PlayerCountError(f"equity takes 2 to 10 players, got {len(listed)}")
    out = []
    for p, player in enumerate(listed):
        combos = player if type(player) is list or type(player) is tuple else check_list(
            f"player {p + 1}", player, "(combo, weight) pairs")
        if not combos:
            raise InvalidRangeError(f"player {p + 1}: no combos")
        hands = _hands_at_once(combos) if len(combos) > 1 else None
        if hands is None:
            hands = _hands_one_by_one(p, combos)
        if hands[0].shape[1] != game.hole_cards:
            raise HandSizeError(f"player {p + 1}: a {game.name} hand holds {game.hole_cards} cards, got "
                                f"{hands[0].shape[1]}")
        out.append(hands)
    return out


def _hands_at_once(combos: Sequence[Any]) -> Hands | None:
    """Many (combo, weight) pairs, or a (cards (K, h), weights (K,)) pair of arrays, checked with
    NumPy (a random five-card hand is 1.5 million combos), or None when anything is off, for
    :func:`_hands_one_by_one` to name it."""
    try:
        if len(combos) == 2 and all(isinstance(x, np.ndarray) for x in combos):
            cards, weights = np.asarray(combos[0]), np.asarray(combos[1])
        else:
            size = len(combos[0][0])
            cards = np.fromiter(itertools.chain.from_iterable(c for c, _ in combos), dtype=np.int64,
                                count=len(combos) * size).reshape(len(combos), size)
            weights = np.array([w for _, w in combos])
    except (TypeError, ValueError, IndexError):
        return None
    if cards.ndim != 2 or cards.dtype.kind not in "iu" or weights.shape != (len(cards),) \
            or weights.dtype.kind not in "iuf":
        return None
    if not len(cards):  # a random hand
        return cards.astype(np.uint8), weights.astype(np.float64)
    weights = weights.astype(np.float64, copy=False)
    if (cards.dtype.kind == "i" and cards.min() < 0) or cards.max() > 51 or not np.isfinite(weights).all() \
            or (weights < 0).any():
        return None
    if not (cards[:, 1:] > cards[:, :-1]).all():  # sorting is the slow part: only when needed
        cards = np.sort(cards, axis=1)
        if (cards[:, 1:] == cards[:, :-1]).any():
            return None
    return cards.astype(np.uint8, copy=False), weights


def _hands_one_by_one(p: int, combos: Sequence[object]) -> Hands:
    """(combo, weight) pairs checked one by one, naming the first that is wrong."""
    cards = []
    weights = []
    for item in combos:
        if not isinstance(item, tuple | list) or len(item) != 2:
            raise InvalidArgumentError(f"player {p + 1}: each entry must be a (combo, weight) pair, got {clip(item)}")
        combo, weight = item
        cards.append(_check_ids(f"player {p + 1}", combo))
        number = type(weight) is float or (not isinstance(weight, bool)
                                           and isinstance(weight, int | float | np.number))
        if not number or not math.isfinite(weight) or weight < 0:
            raise InvalidArgumentError(f"player {p + 1}: a weight must be a finite number of at least 0, "
                                       f"got {clip(weight)}")
        weights.append(float(weight))
    if len({len(c) for c in cards}) > 1:
        raise HandSizeError(f"player {p + 1}: every hand must hold the same number of cards; "
                            f"got {sorted({len(c) for c in cards})}")
    return np.array(cards, dtype=np.uint8).reshape(len(cards), -1), np.array(weights, dtype=np.float64)


def _check_ids(name: str, cards: object) -> Combo:
    """Card ids 0..51, none twice, sorted."""
    ids = cards if type(cards) is tuple or type(cards) is list else check_list(name, cards, "card ids")
    mask = 0
    out = []
    for value in ids:
        if type(value) is not int and (isinstance(value, bool) or not isinstance(value, int | np.integer)):
            raise InvalidCardError(f"{name}: a card id must be an int from 0 to 51, got {clip(value)}")
        c = int(value)
        if not 0 <= c < 52:
            raise InvalidCardError(f"{name}: a card id must be an int from 0 to 51, got {c!r}")
        if mask >> c & 1:
            raise DuplicateCardError(f"{name}: duplicate card: {card_name(c)}")
        mask |= 1 << c
        out.append(c)
    return tuple(sorted(out))


def _check_labels(labels: object, n_players: int) -> list[str] | None:
    """The players' names, one string each, or None when not given."""
    if labels is None:
        return None
    listed = labels if type(labels) is list else check_list("labels", labels, "names")
    if len(listed) != n_players or not all(isinstance(x, str) for x in listed):
        raise InvalidArgumentError(f"labels must be one string per player, got {clip(labels)}")
    return listed  # type: ignore[return-value]  # every item is a str, checked above

