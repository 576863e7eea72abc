"""Who wins, how often: exact and Monte Carlo equity for 2 to 10 players.

>>> r = equity(["AsKs", "QdQc"])
>>> round(r.players[0].equity, 6), r.exact, r.showdowns
(0.462145, True, 1712304)
>>> r.players[0].wins, r.players[0].ties, r.players[0].losses
(787966, 6732, 917606)

Each player is a hand (``"AsKs"``), a range (``"QQ+,AKs"``, see :mod:`pokerlab.ranges`) or
``"random"``. ``exact=None`` enumerates when the work is small (see :func:`exact_work`) and
samples otherwise, stopping at a standard error, a trial count or a time limit.
"""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Union

import numpy as np

from pokerlab.cards import CardsLike, card_name, format_cards, parse_cards
from pokerlab.category import STRENGTH_COUNT, HandCategory
from pokerlab.errors import (
    DuplicateCardError,
    ExactTooLargeError,
    HandSizeError,
    InvalidRangeError,
    PlayerCountError,
    PokerlabError,
)
from pokerlab.ranges import Range
from pokerlab.tables import EMPTY_KEY, load_tables

PlayerLike = Union[str, Sequence[int], Range]

MAX_EXACT_MATCHUPS = 20_000
"""Preflop, exact enumeration counts each distinct matchup (hands up to suit relabelling) in
about a millisecond; more than this many and ``exact=None`` samples instead."""

MAX_EXACT_SHOWDOWNS = 200_000_000
"""After the flop, boards are dealt one by one: at most this many showdowns when exact=None
(and, as preflop, at most :data:`MAX_EXACT_MATCHUPS` deals of hole cards, which are listed
in Python before one kernel call deals all their boards)."""

DEFAULT_STDERR = 0.0005
RANDOM_WORDS = frozenset({"random", "any", "xxxx", "xx"})




@dataclass(frozen=True)
class PlayerEquity:
    """One player's results. Fractions of showdowns; ``equity`` is win plus split shares."""

    hand: str
    win: float
    tie: float
    tie_equity: float
    lose: float
    equity: float
    stderr: float
    wins: float = field(repr=False)
    ties: float = field(repr=False)
    losses: float = field(repr=False)
    by_category: tuple[tuple[float, float, float], ...] = field(repr=False, compare=False)
    """Showdowns won, split and lost, for each of the player's final categories."""

    @property
    def win_by_category(self) -> dict[HandCategory, float]:
        """The fraction of showdowns won with each final category."""
        total = self.wins + self.ties + self.losses
        return {c: row[0] / total for c, row in zip(_CATEGORIES, self.by_category)}

    @property
    def lose_by_category(self) -> dict[HandCategory, float]:
        """The fraction of showdowns lost with each final category."""
        total = self.wins + self.ties + self.losses
        return {c: row[2] / total for c, row in zip(_CATEGORIES, self.by_category)}

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        return {"hand": self.hand, "win": self.win, "tie": self.tie, "tie_equity": self.tie_equity,
                "lose": self.lose, "equity": self.equity, "stderr": self.stderr,
                "win_by_category": {c.name: v for c, v in self.win_by_category.items()},
                "lose_by_category": {c.name: v for c, v in self.lose_by_category.items()}}


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`equity`: per player, plus how it was computed."""

    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    exact: bool
    showdowns: float
    elapsed: float
    counts: np.ndarray = field(repr=False, compare=False)
    """Raw counters ``[player, own category, best other category, win/tie/lose]``."""

    @property
    def trials(self) -> float:
        """Monte Carlo name for :attr:`showdowns`."""
        return self.showdowns

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        return {"players": [p.to_dict() for p in self.players], "board": self.board, "dead": self.dead,
                "exact": self.exact, "showdowns": self.showdowns, "elapsed": self.elapsed}


@dataclass(frozen=True)
class _Player:
    label: str
    combos: np.ndarray  # (K, 2) uint8
    weights: np.ndarray  # (K,) float64
    random: bool


@functools.cache
def _category_of_strength() -> np.ndarray:
    return np.array([0] + [HandCategory.of(s) for s in range(1, STRENGTH_COUNT + 1)], dtype=np.int64)


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


def _check_table(players: Sequence[PlayerLike], board: tuple[int, ...], dead: tuple[int, ...]) -> None:
    if not 2 <= len(players) <= 10:
        raise PlayerCountError(f"equity takes 2 to 10 players, got {len(players)}")
    if len(board) not in (0, 3, 4, 5):
        raise HandSizeError(f"a board has 0, 3, 4 or 5 cards, got {len(board)}: {format_cards(board)!r}")
    needed = 2 * len(players) + 5 + len(dead)
    if needed > 52:
        raise PlayerCountError(f"{len(players)} players need {2 * len(players)} hole cards and 5 board "
                               f"cards; with {len(dead)} dead cards the deck is {needed - 52} short")




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
            raise InvalidRangeError(f"player {i + 1}: range {p.label!r} is empty once the board, "
                                    "dead cards and other players' cards are removed")
        out.append(_Player(p.label, np.ascontiguousarray(p.combos[keep]), p.weights[keep].astype(np.float64),
                           p.random))
    return out


def _assignments(players: list[_Player], used: int = 0, depth: int = 0):
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


_RELABELINGS = tuple(tuple(c & ~3 | perm[c & 3] for c in range(52)) for perm in itertools.permutations(range(4)))
"""The 24 ways to rename the suits, each as a card -> card table."""


@functools.cache
def _least_first_hand(a: int, b: int) -> tuple[tuple[int, int], tuple[tuple[int, ...], ...]]:
    """The least relabelled form of a hand and the relabelings that reach it (2 to 6 of 24)."""
    forms = [(min(m[a], m[b]), max(m[a], m[b])) for m in _RELABELINGS]
    least = min(forms)
    return least, tuple(m for m, form in zip(_RELABELINGS, forms) if form == least)


def _canonical(hands: tuple[tuple[int, int], ...], fixed: tuple[int, ...]) -> tuple:
    """The least relabelling of suits of a preflop matchup: equal keys, equal results.

    Only a relabeling that makes the first hand least can make the whole key least, so only
    those are tried.

    >>> _canonical(((51, 47), (42, 38)), ())  # AsKs vs QhJh: spades become clubs, hearts diamonds
    (((44, 48), (37, 41)), ())
    """
    first, relabelings = _least_first_hand(*hands[0])
    best = None
    for m in relabelings:
        key = ((first, *((m[a], m[b]) if m[a] < m[b] else (m[b], m[a]) for a, b in hands[1:])),
               tuple(sorted(m[c] for c in fixed)))
        if best is None or key < best:
            best = key
    return best


_PREFLOP_CACHE: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
"""Exact preflop counters by canonical matchup, kept for the process (cleared past 100,000)."""


def clear_cache() -> None:
    """Forget the exact preflop results computed so far."""
    _PREFLOP_CACHE.clear()


def _preflop_counts_many(keys: list[tuple]) -> list[tuple[np.ndarray, np.ndarray]]:
    """Exact counters of canonical preflop matchups; the ones not cached run in parallel."""
    from pokerlab.kernels.equity import preflop_exact, preflop_exact_many

    missing = [k for k in dict.fromkeys(keys) if k not in _PREFLOP_CACHE]
    if missing:
        holes = np.array([hands for hands, _ in missing], dtype=np.int64)
        dead = np.array([sum(1 << c for c in [*np.ravel(hands).tolist(), *dead_cards])
                         for hands, dead_cards in missing], dtype=np.uint64)
        t = load_tables()
        if len(missing) == 1:  # one matchup: waking a second thread would cost more than it saves
            counts = np.zeros((1, holes.shape[1], 9, 9, 3), dtype=np.int64)
            shares = np.zeros((1, holes.shape[1]), dtype=np.int64)
            preflop_exact(holes[0], dead[0], t.rank, t.offsets, t.flush, _category_of_strength(),
                          counts[0], shares[0])
        else:
            counts, shares = preflop_exact_many(holes, dead, t.rank, t.offsets, t.flush, _category_of_strength())
        if len(_PREFLOP_CACHE) + len(missing) > 100_000:
            _PREFLOP_CACHE.clear()
        for key, c, s in zip(missing, counts, shares):
            _PREFLOP_CACHE[key] = (c, s)
    return [_PREFLOP_CACHE[k] for k in keys]


def _preflop_counts(key: tuple) -> tuple[np.ndarray, np.ndarray]:
    """Exact counters of one canonical preflop matchup (see :func:`_canonical`)."""
    return _preflop_counts_many([key])[0]


@functools.cache
def _card_lists() -> tuple[list[int], list[int]]:
    t = load_tables()
    return t.card_key.tolist(), t.card_mask.tolist()


def _board_key_and_mask(cards: Sequence[int]) -> tuple[np.uint64, np.uint64]:
    """The kernels' summed key and OR-ed card mask of some board cards."""
    card_key, card_mask = _card_lists()
    mask = 0
    for c in cards:
        mask |= card_mask[c]
    return np.uint64(EMPTY_KEY + sum(card_key[c] for c in cards)), np.uint64(mask)


_ALL_CARDS = bytes(range(52))
"""The deck as bytes: ``bytes.translate`` deletes the cards that are out in one call."""


def _board_counts(hands: tuple[tuple[int, int], ...], board: tuple[int, ...],
                  dead: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Counters of every completion of the board for known hands, dealt one by one.

    The kernel deals the last two cards; with fewer than three board cards, each set of the
    cards before them is listed here (which serves to cross-check the preflop decomposition).
    """
    from pokerlab.kernels.equity import enumerate_boards

    t = load_tables()
    card_key, card_mask = _card_lists()
    deck = _ALL_CARDS.translate(None, bytes([*(c for hand in hands for c in hand), *board, *dead]))
    hole_key = np.array([card_key[a] + card_key[b] for a, b in hands], dtype=np.uint64)
    hole_mask = np.array([card_mask[a] | card_mask[b] for a, b in hands], dtype=np.uint64)
    counts = np.zeros(len(hands) * 243, dtype=np.int64)
    shares = np.zeros(len(hands), dtype=np.int64)
    strengths = np.empty(len(hands), dtype=np.int64)
    category = _category_of_strength()
    for before in itertools.combinations(range(len(deck)), max(0, 3 - len(board))):
        cards = [*board, *(deck[i] for i in before)]
        rest = np.frombuffer(deck[before[-1] + 1:] if before else deck, dtype=np.uint8)
        enumerate_boards(hole_key, hole_mask, *_board_key_and_mask(cards), rest, 5 - len(cards),
                         t.card_key, t.card_mask, t.rank, t.offsets, t.flush, category, counts, shares,
                         strengths)
    return counts.reshape(len(hands), 9, 9, 3), shares


def _board_counts_many(deals: list[tuple[tuple[tuple[int, int], ...], float]], board: tuple[int, ...],
                       dead: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Counters of every board completion for many weighted deals of hole cards (float)."""
    from pokerlab.kernels.equity import enumerate_boards_many

    t = load_tables()
    holes = np.array([hands for hands, _ in deals], dtype=np.uint8)
    weights = np.array([weight for _, weight in deals], dtype=np.float64)
    base_mask = sum(1 << c for c in {*board, *dead})
    return enumerate_boards_many(holes, weights, *_board_key_and_mask(board), np.uint64(base_mask),
                                 5 - len(board), t.card_key, t.card_mask, t.rank, t.offsets, t.flush,
                                 _category_of_strength())


def exact_work(players: list[_Player], board: tuple[int, ...], dead: tuple[int, ...]) -> tuple[int, int]:
    """(matchups, showdowns) an exact run would take, counted before doing it.

    Matchups are the deals of hole cards (an upper bound: the product of the players'
    combo counts); showdowns multiply them by the board completions.
    """
    matchups = math.prod(len(p.combos) for p in players)
    left = 52 - 2 * len(players) - len(board) - len(dead)
    return matchups, matchups * math.comb(left, 5 - len(board))


def equity(players: Sequence[PlayerLike], board: CardsLike = "", dead: CardsLike = "", *,
           exact: bool | None = None, trials: int | None = None, stderr: float | None = None,
           seconds: float | None = None, seed: int | None = None, threads: int | None = None,
           progress: Callable[[float], None] | None = None) -> EquityResult:
    """Each player's chance to win, split and lose, and their share of the pot.

    ``exact=None`` enumerates when :func:`exact_work` is small (at most
    :data:`MAX_EXACT_MATCHUPS` matchups and, after the flop, :data:`MAX_EXACT_SHOWDOWNS`
    showdowns) and otherwise samples until the largest standard error of an equity is at
    most ``stderr`` (default 0.0005), ``trials`` showdowns were dealt, or ``seconds``
    passed, whichever comes first. ``exact=True`` refuses work that is too large.
    ``progress``, if given, is called now and then with the fraction done (0..1).

    >>> r = equity(["AhKh", "2c2d"], board="Qh7h3s")
    >>> [round(p.equity, 4) for p in r.players]
    [0.5717, 0.4283]
    """
    started = time.perf_counter()
    board_ids = parse_cards(board)
    dead_ids = parse_cards(dead)
    _check_table(players, board_ids, dead_ids)
    hands = _known_hands(players)
    if hands is not None and exact is not False:
        # every player's hand is known: the common case, kept lean (parsing is most of it)
        known = [*(c for hand in hands for c in hand), *board_ids, *dead_ids]
        if len(set(known)) != len(known):
            parse_cards(known)  # names the duplicate
        labels = [card_name(a) + card_name(b) for a, b in hands]
        with _numba_threads(threads):
            if board_ids:
                counts, shares = _board_counts(hands, board_ids, dead_ids)
            else:
                counts, shares = _preflop_counts(_canonical(hands, dead_ids))
        return _result(labels, counts, shares, None, board_ids, dead_ids, time.perf_counter() - started)
    fixed_ids = parse_cards([*board_ids, *dead_ids])  # a card in both is a duplicate
    fixed = sum(1 << c for c in fixed_ids)
    parsed = _players(players, fixed)
    matchups, showdowns = exact_work(parsed, board_ids, dead_ids)
    small = matchups <= MAX_EXACT_MATCHUPS and (not board_ids or showdowns <= MAX_EXACT_SHOWDOWNS)
    if exact and not small:
        raise ExactTooLargeError(
            f"exact enumeration would take up to {showdowns:,} showdowns over {matchups:,} deals of "
            "hole cards; use Monte Carlo (exact=False, or leave exact unset)")
    with _numba_threads(threads):
        if exact or (exact is None and small):
            counts, shares = _exact(parsed, board_ids, dead_ids, matchups, progress)
            squares = None
        else:
            counts, shares, squares = _monte_carlo(parsed, board_ids, fixed, trials, stderr, seconds,
                                                   seed, progress)
    return _result([p.label for p in parsed], counts, shares, squares, board_ids, dead_ids,
                   time.perf_counter() - started)


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


class _numba_threads:
    """Run a block with a given number of Numba threads (None: leave as is)."""

    def __init__(self, threads: int | None) -> None:
        self.threads = threads
        self.previous = 0

    def __enter__(self) -> None:
        if self.threads is not None:
            import numba

            self.previous = numba.get_num_threads()
            numba.set_num_threads(max(1, min(self.threads, numba.config.NUMBA_NUM_THREADS)))

    def __exit__(self, *exc: object) -> None:
        if self.threads is not None:
            import numba

            numba.set_num_threads(self.previous)


_CANONICAL_SHARE = 0.3
"""The share of an exact preflop run's progress given to relabelling its deals' suits."""


def _exact(players: list[_Player], board: tuple[int, ...], dead: tuple[int, ...], matchups: int,
           progress: Callable[[float], None] | None) -> tuple[np.ndarray, np.ndarray]:
    weighted = any(np.any(p.weights != 1.0) for p in players)
    dtype = np.float64 if weighted else np.int64
    counts = np.zeros((len(players), 9, 9, 3), dtype=dtype)
    shares = np.zeros(len(players), dtype=dtype)
    if board:
        # after the flop: every deal of hole cards in one parallel kernel call
        deals = list(_assignments(players, sum(1 << c for c in board + dead)))
        any_deal = bool(deals)
        if any_deal:
            c, s = _board_counts_many(deals, board, dead)
            counts += c if weighted else c.astype(np.int64)
            shares += s if weighted else s.astype(np.int64)
    else:
        # preflop: equal matchups up to suits share one result; distinct ones run in parallel
        # relabelling suits takes about a third of the time (~0.1 ms a deal), so it reports
        # progress too: a caller that runs out of time can stop it
        weights: dict[tuple, float] = {}
        for i, (hands, weight) in enumerate(_assignments(players, sum(1 << c for c in dead))):
            if progress is not None and i % 512 == 0:
                progress(_CANONICAL_SHARE * i / matchups)
            key = _canonical(hands, dead)
            weights[key] = weights.get(key, 0) + weight
        any_deal = bool(weights)
        keys = list(weights)
        for start in range(0, len(keys), 256):
            if progress is not None:
                progress(_CANONICAL_SHARE + (1 - _CANONICAL_SHARE) * start / len(keys))
            chunk = keys[start:start + 256]
            for key, (c, s) in zip(chunk, _preflop_counts_many(chunk)):
                w = weights[key] if weighted else int(weights[key])
                counts += w * c
                shares += w * s
    if not any_deal:
        raise InvalidRangeError("no deal gives every player a hand: the ranges use up each other's cards")
    return counts, shares


def _monte_carlo(players: list[_Player], board: tuple[int, ...], fixed: int, trials: int | None,
                 stderr: float | None, seconds: float | None, seed: int | None,
                 progress: Callable[[float], None] | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    from pokerlab.kernels.equity import monte_carlo

    if next(_assignments(players, fixed), None) is None:
        raise InvalidRangeError("no deal gives every player a hand: the ranges use up each other's cards")
    if trials is None and stderr is None and seconds is None:
        stderr = DEFAULT_STDERR
    t = load_tables()
    ranged = [p for p in players]
    combos = np.concatenate([p.combos if not p.random else np.zeros((0, 2), np.uint8) for p in ranged])
    starts = np.cumsum([0] + [0 if p.random else len(p.combos) for p in ranged]).astype(np.int64)
    cumulative = np.concatenate([np.cumsum(p.weights) if not p.random else np.zeros(0) for p in ranged])
    board_array = np.array(board, dtype=np.uint8)
    seed = np.random.SeedSequence(seed).entropy if seed is None else seed
    n_chunks = 64
    counts = np.zeros((len(players), 9, 9, 3), dtype=np.int64)
    shares = np.zeros(len(players), dtype=np.int64)
    squares = np.zeros(len(players), dtype=np.float64)
    started = time.perf_counter()
    per_chunk = 256
    batch = 0
    while True:
        if trials is not None:
            per_chunk = max(1, min(per_chunk, -(-(trials - int(counts[0].sum())) // n_chunks)))
        c, s, q = monte_carlo(combos, starts, cumulative, board_array, np.uint64(fixed), n_chunks, per_chunk,
                              (int(seed) * 1_000_003 + batch) % (1 << 63), t.card_key, t.card_mask,
                              t.rank, t.offsets, t.flush, _category_of_strength())
        counts += c
        shares += s
        squares += q
        batch += 1
        done = int(counts[0].sum())
        errors = _stderr(counts, shares, squares)
        if progress is not None:
            progress(min(1.0, max(done / trials if trials else 0.0,
                                  (time.perf_counter() - started) / seconds if seconds else 0.0,
                                  (stderr / max(errors.max(), 1e-12)) ** 2 if stderr else 0.0)))
        if trials is not None and done >= trials:
            break
        if seconds is not None and time.perf_counter() - started >= seconds:
            break
        if stderr is not None and done >= 1000 and errors.max() <= stderr:
            break
        per_chunk = min(per_chunk * 2, 1 << 16)
    return counts, shares, squares


def _stderr(counts: np.ndarray, shares: np.ndarray, squares: np.ndarray) -> np.ndarray:
    n = counts[0].sum()
    mean = (counts[:, :, :, 0].sum(axis=(1, 2)) + shares / 2520) / n
    return np.sqrt(np.maximum(squares / n - mean * mean, 0.0) / n)


def _result(labels: list[str], counts: np.ndarray, shares: np.ndarray, squares: np.ndarray | None,
            board: tuple[int, ...], dead: tuple[int, ...], elapsed: float) -> EquityResult:
    # [player, own category, win/tie/lose]: summing out the other's category as a product
    # with a 0/1 matrix takes half the time of a reduction over a middle axis
    by_own = np.dot(counts.reshape(-1, 27), _SUM_OTHER).reshape(len(labels), 9, 3)
    outcomes = np.add.reduce(by_own, axis=1).tolist()  # [player][win, tie, lose]
    by_own_rows = by_own.tolist()
    shares_list = shares.tolist()  # ints when the counters are (unweighted), else floats
    total = sum(outcomes[0])
    errors = _stderr(counts, shares, squares).tolist() if squares is not None else [0.0] * len(labels)
    players = []
    for i, label in enumerate(labels):
        wins, ties, losses = outcomes[i]
        split = shares_list[i] / (2520 * total)
        players.append(PlayerEquity(label, wins / total, ties / total, split, losses / total, wins / total + split,
                                    errors[i], wins, ties, losses, tuple(map(tuple, by_own_rows[i]))))
    return EquityResult(tuple(players), _cards_text(board), _cards_text(dead), squares is None,
                        total, elapsed, counts)


_SUM_OTHER = np.tile(np.eye(3, dtype=np.int64), (9, 1))
"""(27, 3): row ``other * 3 + outcome`` picks its outcome's column."""

_cards_text = functools.lru_cache(maxsize=4096)(format_cards)


_CATEGORIES = tuple(HandCategory)


