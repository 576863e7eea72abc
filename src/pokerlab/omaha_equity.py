"""Omaha equity: each player's share of the pot, high only or hi/lo eight-or-better.

:func:`omaha_equity` takes each player as weighted hole-card combos; the pot goes to the best
high (:func:`pokerlab.omaha.omaha_strengths`), or half to it and half to the best qualifying
low (:func:`pokerlab.omaha.omaha_lows`) in hi/lo. :func:`pokerlab.equity.equity` calls it for
the Omaha games.

>>> r = omaha_equity([[((51, 50, 3, 7), 1.0)], [((47, 46, 43, 42), 1.0)]], (), (), hilo=False)
>>> round(r.players[0].equity, 4)   # As Ah 3s 2s against Ks Kh Qs Qh, every board
0.6067
"""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

import numpy as np

from pokerlab.best_five_engine import Engine as BestFiveEngine
from pokerlab.cards import card_name, format_cards
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
from pokerlab.equity_results import EquityResult, PlayerEquity, cards_text, frozen
from pokerlab.errors import (
    DuplicateCardError,
    ExactTooLargeError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidRangeError,
    PlayerCountError,
)
from pokerlab.game_ranges import combinations, hand_label
from pokerlab.games import Game
from pokerlab.kernels import batch_within, interruptible
from pokerlab.kernels import pots as scoring
from pokerlab.kernels import threads as numba_threads
from pokerlab.kernels.equity import summarize
from pokerlab.omaha import Engine as OmahaEngine

Combo = tuple[int, ...]
WeightedCombos = Sequence[tuple[Combo, float]]
Hands = tuple[np.ndarray, np.ndarray]
"""A player's combos as sorted uint8 rows (K, h) and their weights (K,)."""

MAX_EXACT_SHOWDOWNS = 50_000_000
"""After the flop, ``exact=None`` enumerates up to this many showdowns (deals times boards)."""
MAX_LISTED_DEALS = 2_000_000
"""Deals of hole cards are listed in Python before enumeration: at most this many."""
DEFAULT_STDERR = 0.0005
"""Monte Carlo stops at this standard error of the equities when given no other limit."""
MIN_ACCEPTED_DEALS = 0.001
"""Ranges whose random deals are accepted less often than this are refused, not sampled."""
MAX_BATCH_TRIALS = 1 << 22
"""Monte Carlo batches grow eightfold up to about this many trials, so that progress, the time
limit and the standard error are checked often; the sizes depend on the seed alone."""


def _known_hands(players: object, n_board: int, fixed: int, n_dead: int,
                 hole_sizes: tuple[int, ...]) -> list[Combo] | None:
    """Each player's hand (sorted ids) when every player holds one combo of weight above 0, given
    as a (combo, weight) pair in a list, and the board has a flop: the common case, checked in
    one pass over plain ints with a mask of the cards seen. None when anything is off or
    different, for :func:`_check_players` and :func:`_playable` to check (and name) it."""
    if type(players) is not list and type(players) is not tuple or not 2 <= len(players) <= 10 \
            or n_board not in (3, 4, 5):
        return None
    seen = fixed
    hands = []
    for player in players:
        if type(player) is not list or len(player) != 1 or type(player[0]) is not tuple or len(player[0]) != 2:
            return None
        combo, weight = player[0]
        if type(weight) is not float and type(weight) is not int or not 0 < weight < math.inf \
                or type(combo) is not tuple and type(combo) is not list:
            return None
        for c in combo:
            if type(c) is not int or not 0 <= c < 52 or seen >> c & 1:
                return None
            seen |= 1 << c
        hands.append(tuple(sorted(combo)))
    n_hole = len(hands[0])
    if n_hole not in hole_sizes or len({*map(len, hands)}) > 1 or n_hole * len(hands) + 5 + n_dead > 52:
        return None
    return hands


def _check_players(players: object, board: tuple[int, ...], dead: tuple[int, ...], deck: int,
                   hole_sizes: tuple[int, ...]) -> tuple[int, list[Hands]]:
    """The hole size and each player's combos (sorted ids, uint8 rows) and weights, checked."""
    listed = check_list("players", players, "weighted combos")
    if not 2 <= len(listed) <= 10:
        raise PlayerCountError(f"omaha_equity takes 2 to 10 players, got {len(listed)}")
    sizes = set()
    out = []
    for p, player in enumerate(listed):
        combos = player if type(player) is list or type(player) is tuple else check_list(
            f"player {p + 1}", player, "(combo, weight) pairs")
        if not combos:
            raise InvalidRangeError(f"player {p + 1}: no combos")
        hands = _hands_at_once(combos) if len(combos) > 1 else None
        if hands is None:
            hands = _hands_one_by_one(p, combos)
        sizes.add(hands[0].shape[1])
        out.append(hands)
    if len(sizes) != 1 or not sizes <= set(hole_sizes):
        allowed = ", ".join(map(str, hole_sizes[:-1])) + " or " * (len(hole_sizes) > 1) + str(hole_sizes[-1])
        raise HandSizeError(f"every hand must hold the same number of cards, {allowed}; got {sorted(sizes)}")
    n_hole = sizes.pop()
    if len(board) not in (0, 3, 4, 5):
        raise HandSizeError(f"a board has 0, 3, 4 or 5 cards, got {len(board)}: {format_cards(board)!r}")
    needed = n_hole * len(listed) + 5 + len(dead)
    if needed > deck:
        raise PlayerCountError(f"{len(listed)} players need {n_hole * len(listed)} hole cards and 5 board cards; "
                               f"with {len(dead)} dead cards the deck of {deck} is {needed - deck} short")
    return n_hole, out


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
            raise InvalidArgumentError(f"player {p + 1}: each entry must be a (combo, weight) pair, got {item!r}")
        combo, weight = item
        cards.append(_check_ids(f"player {p + 1}", combo))
        number = type(weight) is float or (not isinstance(weight, bool)
                                           and isinstance(weight, int | float | np.number))
        if not number or not math.isfinite(weight) or weight < 0:
            raise InvalidArgumentError(f"player {p + 1}: a weight must be a finite number of at least 0, "
                                       f"got {weight!r}")
        weights.append(float(weight))
    if len({len(c) for c in cards}) > 1:
        raise HandSizeError(f"player {p + 1}: every Omaha hand must hold the same number of cards, 4, 5 or 6; "
                            f"got {sorted({len(c) for c in cards})}")
    return np.array(cards, dtype=np.uint8).reshape(len(cards), -1), np.array(weights, dtype=np.float64)


def _check_ids(name: str, cards: object) -> Combo:
    """Card ids 0..51, none twice, sorted."""
    ids = cards if type(cards) is tuple or type(cards) is list else check_list(name, cards, "card ids")
    mask = 0
    out = []
    for value in ids:
        if type(value) is not int and (isinstance(value, bool) or not isinstance(value, int | np.integer)):
            raise InvalidCardError(f"{name}: a card id must be an int from 0 to 51, got {value!r}")
        c = int(value)
        if not 0 <= c < 52:
            raise InvalidCardError(f"{name}: a card id must be an int from 0 to 51, got {c!r}")
        if mask >> c & 1:
            raise DuplicateCardError(f"{name}: duplicate card: {card_name(c)}")
        mask |= 1 << c
        out.append(c)
    return tuple(sorted(out))


def _playable(players: list[Hands], fixed: int) -> list[Hands]:
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
        # card by card (byte compares), so that a block holding no taken card, like a random
        # hand's millions of combos, is neither masked nor copied
        for c in range(52):
            if taken >> c & 1 and (cards == c).any():
                keep &= ~(cards == c).any(axis=1)
        if not keep.any():
            raise InvalidRangeError(f"player {p + 1}: no combo is left once the board, dead cards and other "
                                    "players' cards are removed")
        out.append((np.ascontiguousarray(cards), weights) if keep.all()
                   else (np.ascontiguousarray(cards[keep]), weights[keep]))
    return out


def _mask(cards: Sequence[int]) -> int:
    return sum(1 << c for c in cards)


def _listed(players: list[Hands], taken: int, n_hole: int) -> list[Hands]:
    """The players with each random hand listed: every hand of the cards not ``taken``."""
    left = np.array([c for c in range(52) if not taken >> c & 1], dtype=np.uint8)
    return [(cards, weights) if len(cards) else (every := combinations(left, n_hole), np.ones(len(every)))
            for cards, weights in players]


def _deals(players: list[list[tuple[Combo, float]]], used: int = 0,
           depth: int = 0) -> Iterator[tuple[tuple[Combo, ...], float]]:
    """Every deal of one combo per player with no card twice, with its weight."""
    if depth == len(players):
        yield (), 1.0
        return
    for combo, w in players[depth]:
        bits = _mask(combo)
        if used & bits:
            continue
        for rest, w_rest in _deals(players, used | bits, depth + 1):
            yield (combo, *rest), w * w_rest


def omaha_equity(players: Sequence[WeightedCombos | Hands], board: tuple[int, ...], dead: tuple[int, ...], *,
                 hilo: bool, exact: bool | None = None, trials: int | None = None, stderr: float | None = None,
                 seconds: float | None = None, seed: int | None = None, threads: int | None = None,
                 progress: Progress | None = None, labels: Sequence[str] | None = None,
                 game: Game | None = None) -> EquityResult:
    """Each player's share of the pot in Omaha (high, or hi/lo eight-or-better with ``hilo``).

    ``players`` holds, per player, a list of (hole combo, weight): a known hand is one combo of
    weight 1.0; a pair of arrays, combos (K, h) and weights (K,), will do as well (quicker for
    large ranges), and a pair of empty arrays (0 by h, and 0) is a random hand: every hand of the
    cards no one else holds, dealt from the deck (listed only for an exact run). ``board`` (0,
    3, 4 or 5 ids) and ``dead`` are card ids. ``exact=None`` enumerates when the work is small
    (preflop in Omaha: at most the engine's ``exact_preflop_deals`` deals of hole cards;
    otherwise: at most :data:`MAX_EXACT_SHOWDOWNS` showdowns) and samples otherwise, until the
    largest standard error is at most ``stderr`` (default 0.0005), ``trials`` showdowns were
    dealt or ``seconds`` passed. ``trials``, ``stderr``, ``seconds``,
    ``seed``, ``threads`` and ``progress`` mean what they mean for :func:`pokerlab.equity.equity`.

    The fields of each player's result are those of :class:`~pokerlab.equity_results.PlayerEquity`:
    the pot as a whole, each half apart and the high hand by category. ``labels``
    names the players (default: the hand, or the number of combos). ``game``, a
    :class:`~pokerlab.games.Game` of two hole cards and three board cards, gives the ranking,
    the deck (the cards it leaves out are never dealt) and the name in the result (default:
    the standard ranking and deck, named ``omaha``, ``omaha5``, ... with ``-hilo``).

    >>> r = omaha_equity([[((51, 50, 0, 4), 1.0)], [((47, 46, 43, 42), 1.0)]], (8, 13, 30), (), hilo=True)
    >>> [round(p.equity, 4) for p in r.players], [round(p.lo_equity, 4) for p in r.players]
    ([0.8561, 0.1439], [0.372, 0.0])
    """
    started = time.perf_counter()
    trials = check_trials(trials)
    seconds = check_seconds(seconds)
    stderr = check_stderr(stderr, bounded=trials is not None or seconds is not None)
    seed = check_seed(seed)
    threads = check_threads(threads)
    progress = check_progress(progress)
    if not isinstance(hilo, bool):
        raise InvalidArgumentError(f"hilo must be True or False, got {hilo!r}")
    if game is not None and (not isinstance(game, Game) or not game.board_cards or game.hilo != hilo):
        raise InvalidArgumentError(f"game must be a Game with a board whose hilo is {hilo}, got {game!r}")
    engine = engine_of(game)
    if exact is not None and not isinstance(exact, bool):
        raise InvalidArgumentError(f"exact must be True, False or None (choose by the work), got {exact!r}")
    if exact:
        for name, value in (("trials", trials), ("stderr", stderr), ("seconds", seconds)):
            if value is not None:
                raise InvalidArgumentError(f"exact and {name} cannot go together: {name} is for Monte Carlo; "
                                           "leave exact unset or False")
    if exact is None and trials is not None:
        exact = False
    board_ids = _check_ids("board", board)
    dead_ids = _check_ids("dead", dead)
    fixed_ids = [*board_ids, *dead_ids]
    if len(set(fixed_ids)) != len(fixed_ids):
        raise DuplicateCardError(f"duplicate card: {card_name(next(c for c in board_ids if c in dead_ids))} "
                                 "(board and dead)")
    fixed = _mask(fixed_ids) | _mask(game.missing_cards if game is not None else ())
    shown_board = tuple(map(int, board))  # as given (checked above): the flop first
    out_of_play = fixed.bit_count() - len(board_ids)  # dead cards and those the deck leaves out
    known = _known_hands(players, len(board_ids), fixed, out_of_play, engine.hole_sizes) if exact is not False else None
    if known is not None:
        # the common case, kept lean: exact, in one serial kernel call (no thread count to set)
        names = _check_labels(labels, len(known)) or [hand_label(hand) for hand in known]
        acc, showdowns = _known_runouts(np.array(known, dtype=np.uint8), board_ids, fixed, hilo, engine, progress)
        return _result(names, acc, showdowns, False, shown_board, dead_ids, started, True,
                       game.name if game else _game_name(len(known[0]), hilo))
    n_hole, checked = _check_players(players, tuple(board), tuple(dead), 52 - len(game.missing_cards) if game else 52,
                                     engine.hole_sizes)
    given = _check_labels(labels, len(checked))
    playable = _playable(checked, fixed)
    names = given or [hand_label(tuple(cards[0].tolist())) if len(cards) == 1
                      else f"{len(cards)} combos" if len(cards) else "random" for cards, _ in playable]
    if exact is not False:
        taken = fixed | sum(_mask(cards[0].tolist()) for cards, _ in playable if len(cards) == 1)
        deals = math.prod(len(cards) or math.comb(52 - taken.bit_count(), n_hole) for cards, _ in playable)
        left = 52 - fixed.bit_count() - n_hole * len(playable)
        showdowns = deals * math.comb(left, 5 - len(board_ids))
        preflop_deals = engine.exact_preflop_deals
        small = deals <= preflop_deals if not board_ids and preflop_deals else showdowns <= MAX_EXACT_SHOWDOWNS
        if exact and deals > MAX_LISTED_DEALS:
            raise ExactTooLargeError(f"exact enumeration would list up to {deals:,} deals of hole cards; "
                                     "use Monte Carlo (exact=False, or leave exact unset)")
        exact = bool(exact) or small
    squares = False
    if exact and board_ids and all(len(cards) == 1 for cards, _ in playable):  # known hands as arrays, NumPy ints...
        acc, showdowns = _known_runouts(np.concatenate([cards for cards, _ in playable]), board_ids, fixed, hilo,
                                        engine, progress)
    else:
        with numba_threads(threads):
            if exact:
                acc, showdowns = _exact(_listed(playable, taken, n_hole), n_hole, board_ids, fixed, hilo, engine,
                                        progress)
            else:
                acc, showdowns = _monte_carlo(playable, n_hole, board_ids, fixed, hilo, engine, trials, stderr,
                                              seconds, seed, progress)
                squares = True
    return _result(names, acc, showdowns, squares, shown_board, dead_ids, started, exact,
                   game.name if game else _game_name(n_hole, hilo))


def _check_labels(labels: object, n_players: int) -> list[str] | None:
    """The players' names, one string each, or None when not given."""
    if labels is None:
        return None
    listed = labels if type(labels) is list else check_list("labels", labels, "names")
    if len(listed) != n_players or not all(isinstance(x, str) for x in listed):
        raise InvalidArgumentError(f"labels must be one string per player, got {labels!r}")
    return listed  # type: ignore[return-value]  # every item is a str, checked above


def _game_name(n_hole: int, hilo: bool) -> str:
    """The game's name from its hole cards: ``omaha``, ``omaha5``, ... with ``-hilo``."""
    return f"omaha{n_hole if n_hole > 4 else ''}{'-hilo' if hilo else ''}"


class Engine(Protocol):
    """What the driver asks of an engine (:class:`pokerlab.omaha.Engine`,
    :class:`pokerlab.best_five_engine.Engine`): the counters of every completion of a board for known
    hands and for deals of hole cards, and of sampled deals, all in the shared pot counters of
    :mod:`pokerlab.kernels.pots`."""

    hole_sizes: tuple[int, ...]
    exact_preflop_deals: int
    preflop_step: int

    def __init__(self, ranking: str, lowest_rank: int) -> None: ...

    def known(self, holes: np.ndarray, board: np.ndarray, fixed: int, hilo: bool) -> np.ndarray: ...

    def deals(self, holes: np.ndarray, weights: np.ndarray, board: np.ndarray, fixed: int,
              hilo: bool) -> np.ndarray: ...

    def sample(self, combos: np.ndarray, starts: np.ndarray, cumulative: np.ndarray, board: np.ndarray, fixed: int,
               chunks: int, per_chunk: int, seed: int, hilo: bool) -> tuple[np.ndarray, int]: ...


def engine_of(game: Game | None) -> Engine:
    """The engine that deals a game: the Omaha engine for two hole cards and three board cards,
    the best-five engine for the best five of all cards; each built for the game's ranking and
    deck (the standard ones without a game: the Omaha engine)."""
    if game is None:
        return _engine(OmahaEngine, "standard", 0)
    return _engine(OmahaEngine if game.hole_used else BestFiveEngine, game.ranking, game.lowest_rank)


@functools.cache
def _engine(kind: type[Engine], ranking: str, lowest_rank: int) -> Engine:
    return kind(ranking, lowest_rank)


def _known_runouts(holes: np.ndarray, board: tuple[int, ...], fixed: int, hilo: bool, engine: Engine,
                   progress: Progress | None) -> tuple[np.ndarray, int]:
    """The counters of every board completion for known hands ``holes`` (P, h) after the flop,
    and the number of showdowns (a thousand boards at most: microseconds, less than holding
    Ctrl-C around the call would cost)."""
    acc = engine.known(holes, np.array(board, dtype=np.uint8), fixed, hilo)
    if progress is not None:
        progress(1, 1)
    return acc, _runouts(board, fixed, holes.size)


def _runouts(board: tuple[int, ...], fixed: int, held: int) -> int:
    """The boards that complete ``board`` from the deck less the ``fixed`` and ``held`` cards."""
    return math.comb(52 - fixed.bit_count() - held, 5 - len(board))


def _exact(players: list[Hands], n_hole: int, board: tuple[int, ...], fixed: int, hilo: bool,
           engine: Engine, progress: Progress | None) -> tuple[np.ndarray, int]:
    """The counters of every deal of hole cards and every board completion, and the number of
    showdowns (deals times boards)."""
    n_players = len(players)
    board_array = np.array(board, dtype=np.uint8)
    pairs = [list(zip(map(tuple, cards.tolist()), weights.tolist())) for cards, weights in players]
    listed = list(itertools.islice(_deals(pairs, fixed), MAX_LISTED_DEALS + 1))
    if not listed:
        raise InvalidRangeError("no deal gives every player a hand: the ranges use up each other's cards")
    if len(listed) > MAX_LISTED_DEALS:
        raise ExactTooLargeError(f"exact enumeration would list more than {MAX_LISTED_DEALS:,} deals of hole "
                                 "cards; use Monte Carlo (exact=False, or leave exact unset)")
    holes = np.array([hands for hands, _ in listed], dtype=np.uint8).reshape(len(listed), n_players, n_hole)
    weights = np.array([w for _, w in listed], dtype=np.float64)
    acc = np.zeros(n_players * scoring.CELLS, dtype=np.float64)
    step = 4096 if board else engine.preflop_step
    for start in range(0, len(listed), step):
        if progress is not None:
            progress(start, len(listed))
        part = slice(start, start + step)
        with interruptible():
            acc += engine.deals(holes[part], weights[part], board_array, fixed, hilo)
    if progress is not None:
        progress(len(listed), len(listed))
    return acc, len(listed) * _runouts(board, fixed, n_hole * n_players)


def _monte_carlo(players: list[Hands], n_hole: int, board: tuple[int, ...], fixed: int,
                 hilo: bool, engine: Engine, trials: int | None, stderr: float | None,
                 seconds: float | None, seed: int | None, progress: Progress | None) -> tuple[np.ndarray, int]:
    """Sampled counters, with squares, batch by batch until a stopping rule holds, and the
    number of showdowns dealt."""
    if trials is None and stderr is None and seconds is None:
        stderr = DEFAULT_STDERR
    blocks = players  # a random hand is an empty block, dealt from the deck
    combos = np.ascontiguousarray(np.concatenate([cards for cards, _ in blocks]))
    starts = np.cumsum([0] + [len(cards) for cards, _ in blocks]).astype(np.int64)
    cumulative = np.concatenate([np.cumsum(weights) for _, weights in blocks])
    board_array = np.array(board, dtype=np.uint8)
    base_seed = int(np.random.SeedSequence().entropy if seed is None else seed)  # type: ignore[arg-type]
    n_players = len(players)
    n_chunks = 64
    acc = np.zeros(n_players * scoring.CELLS, dtype=np.float64)
    begun = time.perf_counter()
    ranged = sum(len(cards) > 1 for cards, _ in blocks)
    per_chunk = 1 if ranged > 1 else 64
    done = tried = batch = 0
    while True:
        chunks = n_chunks
        if trials is not None:
            per_chunk, chunks = batch_within(trials - done, per_chunk, n_chunks)
        batch_started = time.perf_counter()
        with interruptible():
            part, attempts = engine.sample(combos, starts, cumulative.astype(np.float64), board_array, fixed, chunks,
                                           per_chunk, (base_seed * 1_000_003 + batch) % (1 << 63), hilo)
        batch_seconds = time.perf_counter() - batch_started
        acc += part
        batch += 1
        batch_done = int(part[:243].sum())
        done += batch_done
        tried += int(attempts)
        if done < MIN_ACCEPTED_DEALS * tried:
            raise InvalidRangeError(
                f"these ranges can hardly be dealt together: {done:,} of {tried:,} random deals gave every "
                "player a hand from their range without a card twice; narrow the ranges or seat fewer players")
        elapsed = time.perf_counter() - begun
        errors = _standard_errors(acc, n_players, True) if done else [1.0]
        if progress is not None:
            if stderr is None and seconds is None:
                progress(min(done, trials), trials)  # type: ignore[type-var, arg-type]
            else:
                fraction = max(done / trials if trials else 0.0, elapsed / seconds if seconds else 0.0,
                               (stderr / max(max(errors), 1e-12)) ** 2 if stderr else 0.0)
                progress(min(PERMILLE, int(PERMILLE * fraction)), PERMILLE)
        if trials is not None and done >= trials:
            break
        if seconds is not None and elapsed >= seconds:
            break
        if stderr is not None and done >= 1000 and max(errors) <= stderr:
            break
        affordable = MAX_BATCH_TRIALS * max(done, 1) / max(tried, 1)
        if seconds is not None:
            affordable = min(affordable, (seconds - elapsed) / max(batch_seconds, 1e-6) * max(batch_done, 1))
        per_chunk = max(1, min(per_chunk * 8, 1 << 16, int(affordable / n_chunks)))
    return acc, done


def _standard_errors(acc: np.ndarray, n_players: int, squares: bool) -> list[float]:
    """Each player's standard error of equity from the counters (0 without squares)."""
    if not squares:
        return [0.0] * n_players
    n = float(acc[:243].sum())
    base = n_players * 243
    errors = []
    for i in range(n_players):
        mean = (acc[base + i] + acc[base + n_players + i]) / scoring.POT_UNITS / n
        square = acc[base + 3 * n_players + i]
        errors.append(math.sqrt(max(square / n - mean * mean, 0.0) / n))
    return errors


def _result(labels: list[str], acc: np.ndarray, showdowns: int, squares: bool, board: tuple[int, ...],
            dead: tuple[int, ...], started: float, exact: bool, game: str) -> EquityResult:
    n_players = len(labels)
    counts = acc[:n_players * 243].reshape(n_players, 9, 9, 3)
    errors = _standard_errors(acc, n_players, squares)
    blocks = acc[n_players * 243:n_players * scoring.CELLS].reshape(8, n_players).tolist()
    high_units, low_units, scoops, _, low_wins, low_ties, low_only, quarters = blocks
    players = []
    rows = summarize(counts, np.zeros(n_players)).tolist()  # [player][own category 0..8, totals, -][outcome]
    total = sum(rows[0][9])
    split_pots = sum(low_units) / scoring.HALF_POT  # each split pot pays out one low half
    for i, label in enumerate(labels):
        hi_wins, hi_ties, hi_losses = rows[i][9]
        hi_equity = high_units[i] / scoring.POT_UNITS / total
        lo_equity = low_units[i] / scoring.POT_UNITS / total
        equity = hi_equity + lo_equity
        losses = hi_losses - low_only[i]  # nothing of the pot: the high lost, and no share of a low either
        wins = scoops[i]
        ties = total - wins - losses
        players.append(frozen(PlayerEquity, (
            label, wins / total, ties / total, equity - wins / total, losses / total, equity, errors[i], hi_equity,
            lo_equity, wins / total, hi_wins / total, hi_ties / total, hi_losses / total, low_wins[i] / total,
            low_ties[i] / total, max(split_pots - low_wins[i] - low_ties[i], 0.0) / total,
            (total - split_pots) / total, quarters[i] / total, wins, ties, losses, tuple(map(tuple, rows[i][:9])), ())))
    return frozen(EquityResult, (tuple(players), cards_text(board), cards_text(dead), exact, showdowns,
                                 time.perf_counter() - started, counts, game))
