"""Three-player push/fold with prize equity by ICM: button, small blind and big blind.

The game: each player posts ``ante``, the small blind and the big blind post ``blinds``. The
button pushes all-in or folds; the small blind, facing the button's push, calls or folds, and
first in, pushes or folds; the big blind calls or folds facing one all-in or two (after the
button's push and the small blind's call). Every call is all-in: the caller puts in its whole
stack and gets back what no other player can match. A player's payoff is its prize equity by
ICM (:func:`~pokerlab.tournament.icm.icm`) of the stacks after the hand, with side pots and
split pots dealt exactly; players busted in the same hand finish in the order of their stacks
before it (equal stacks share those places).

What is exact and what is not:

- Heads-up showdowns: the chances of a win, a tie and a loss of every class pair with card
  removal are exact, from the cached 169 x 169 table of :mod:`pokerlab.tournament.pushfold`.
  The folded third player's cards are not taken out of the deck for the board (the usual
  push/fold simplification: a dead hand moves an all-in equity by a fraction of a percent).
- Who holds what: the chance of the class triple ``(i, j, k)`` is taken as proportional to
  ``w_i w_j w_k r_ij r_ik r_jk``, where ``w`` is a class's share of the 1,326 combos and
  ``r_ij`` is the exact pairwise card-removal factor (the chance of the pair over
  ``w_i w_j``): each pair's removal exact, the three pairs combined as if independent.
- Three-way showdowns: Monte Carlo, ``samples`` deals (a combo of each class, no card shared,
  and a board) for every class triple that some player's decision depends on at the solution
  (two of its three players reach it with probability at least :data:`REACH`), so each of the
  13 finishing orders of a triple is known to a standard error of at most
  ``0.5 / sqrt(samples)``; these counts are cached for the process, whatever the stacks. The
  other triples, which no decision depends on at the solution, use a stand-in built from the
  three heads-up results as if independent. The solver is run again after each round of
  sampling until no new triple is needed.

Strategies are per class (every combo of a class alike; the game's suit symmetry makes that
exact for the game above). The equilibrium is Discounted CFR's (:mod:`pokerlab.analyses.equilibrium`)
with simultaneous updates of the three players; the exploitability is what a best response
gains each player against the other two, in prize equity, computed on the same game.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np
from numba import njit

from pokerlab.analyses.equilibrium import Discount, dcfr_update
from pokerlab.checks import check_int, check_list, check_number, check_seed
from pokerlab.errors import InvalidArgumentError
from pokerlab.games.evaluate import evaluate_many
from pokerlab.preflop.results import CLASSES
from pokerlab.ranges.holdem import COMBOS, starting_hand
from pokerlab.tournament.icm import check_inputs as check_icm_inputs
from pokerlab.tournament.icm import icm
from pokerlab.tournament.pushfold import ClassTable, class_table

POSITIONS = ("button", "small_blind", "big_blind")
DECISIONS = ("button_push", "small_blind_call", "small_blind_push", "big_blind_call_two",
             "big_blind_call_button", "big_blind_call_small_blind")
"""The six decision points, each a frequency per class of pushing or calling: the button first
in; the small blind facing the button's push, and first in; the big blind facing the button's
push and the small blind's call, the button's push alone, and the small blind's push."""
SAMPLES = 16
"""Monte Carlo deals per class triple for three-way showdowns."""
REACH = 0.01
"""A class triple is sampled when two of its players reach the three-way pot with at least
this product of frequencies."""
TOLERANCE = 1e-4
"""The exploitability the solver runs to, as a share of the prize pool."""
MAX_ITERATIONS = 4000
PURE = 1e-4
"""A frequency this close to 0 or 1 is reported as 0 or 1."""
ROUNDS = 4
"""The most rounds of solving and sampling."""

# a three-way result's code: 9 * (0 vs 1) + 3 * (0 vs 2) + (1 vs 2), each 0 (loses), 1 (ties), 2 (wins)
CODES = 27


def _code_strengths() -> dict[int, tuple[int, int, int]]:
    out: dict[int, tuple[int, int, int]] = {}
    for r in np.ndindex(3, 3, 3):
        sign = [int(np.sign(r[a] - r[b])) + 1 for a, b in ((0, 1), (0, 2), (1, 2))]
        out.setdefault(9 * sign[0] + 3 * sign[1] + sign[2], (int(r[0]), int(r[1]), int(r[2])))
    return out


@dataclass(frozen=True)
class IcmPushFoldResult:
    """The equilibrium of one spot. ``ranges[decision][hand]`` is how often each of the 169
    classes pushes or calls at each of :data:`DECISIONS`; ``ev`` each position's prize equity
    (button, small blind, big blind; they add up to the prize pool); ``gains`` what a best
    response would gain each position against the other two; ``exploitability`` the largest of
    them, in prize equity (``exploitability / pool`` as a share of the pool)."""

    stacks: tuple[float, float, float]
    payouts: tuple[float, ...]
    blinds: tuple[float, float]
    ante: float
    ranges: Mapping[str, Mapping[str, float]] = field(repr=False)
    ev: tuple[float, float, float]
    gains: tuple[float, float, float]
    exploitability: float
    iterations: int
    sampled_triples: int
    """Class triples whose three-way showdown is from Monte Carlo (the others have none that
    any decision depends on)."""
    samples: int
    """Deals per sampled triple: each finishing order's chance to a standard error of at most
    0.5 / sqrt(samples)."""

    @property
    def pool(self) -> float:
        """The prize pool: the payouts' sum."""
        return float(sum(self.payouts))

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        return {"stacks": list(self.stacks), "payouts": list(self.payouts), "blinds": list(self.blinds),
                "ante": self.ante, "ranges": {d: dict(r) for d, r in self.ranges.items()},
                "ev": dict(zip(POSITIONS, self.ev)), "gains": dict(zip(POSITIONS, self.gains)),
                "exploitability": self.exploitability, "exploitability_share": self.exploitability / self.pool,
                "iterations": self.iterations, "sampled_triples": self.sampled_triples,
                "samples_per_triple": self.samples}


# --- checks and ICM payoffs ---------------------------------------------------------------


def check_inputs(stacks: object, payouts: object, blinds: object, ante: object = 0.0
                 ) -> tuple[np.ndarray, np.ndarray, float, float, float]:
    """Refuse what :func:`pushfold_icm` would refuse, running no kernel (a command checks its
    input so before a first run compiles); the stacks, the payouts padded to three places, the
    blinds and the ante.

    >>> check_inputs([10, 15], [50], [0.5, 1])
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: stacks must be 3 numbers (button, small blind, big blind), got 2
    """
    if isinstance(stacks, (str, bytes)):
        raise InvalidArgumentError(f"stacks must be a list of 3 numbers, got {stacks!r}")
    items = check_list("stacks", stacks, "numbers")
    if len(items) != 3:
        raise InvalidArgumentError(f"stacks must be 3 numbers (button, small blind, big blind), got {len(items)}")
    chips = np.array([check_number("stacks", s, above=0) for s in items])
    if isinstance(blinds, (str, bytes)):
        raise InvalidArgumentError(f"blinds must be 2 numbers (small, big), got {blinds!r}")
    pair = check_list("blinds", blinds, "numbers")
    if len(pair) != 2:
        raise InvalidArgumentError(f"blinds must be 2 numbers (small, big), got {len(pair)}")
    sb, bb = (check_number("blinds", b, above=0) for b in pair)
    if sb > bb:
        raise InvalidArgumentError(f"blinds must be the small blind, then a big blind at least as large, got {pair}")
    a = check_number("ante", ante, low=0)
    posts = np.array([a, a + sb, a + bb])
    if np.any(chips <= posts):
        raise InvalidArgumentError("stacks must each be more than what the player posts (button: the ante, small "
                                   f"blind: ante + small blind, big blind: ante + big blind), got {items}")
    if isinstance(payouts, (str, bytes)):
        raise InvalidArgumentError(f"payouts must be a list of numbers, got {payouts!r}")
    prizes = check_icm_inputs(list(chips), payouts)[1]  # type: ignore[arg-type]  # refuses bad payouts, naming them
    if prizes.sum() <= 0:
        raise InvalidArgumentError(f"payouts must pay something, got {list(payouts)}")  # type: ignore[call-overload]
    return chips, np.concatenate([prizes, np.zeros(3 - len(prizes))]), sb, bb, a


def _prizes(final: np.ndarray, start: np.ndarray, payouts: np.ndarray) -> np.ndarray:
    """Prize equity of the stacks after a hand: ICM among those left, the busted below them in
    the order of their stacks before the hand."""
    alive = final > 1e-9 * start.sum()
    out = np.zeros(3)
    left = int(alive.sum())
    out[alive] = icm(list(final[alive]), list(payouts[:left]))
    busted = sorted(np.flatnonzero(~alive).tolist(), key=lambda p: -start[p])
    place = left
    while busted:
        same = [p for p in busted if start[p] == start[busted[0]]]
        share = payouts[place:place + len(same)].sum() / len(same)
        for p in same:
            out[p] = share
            busted.remove(p)
        place += len(same)
    return out


def _showdown(start: np.ndarray, posts: np.ndarray, live: Sequence[int], strength: Sequence[int]) -> np.ndarray:
    """The stacks after the live players' all-ins are called down, by layered side pots; the
    folded players' posts are dead money in the main pot (it fits: every stack exceeds its post)."""
    put = posts.copy()
    for p in live:
        put[p] = min(start[p], max(start[q] for q in live if q != p))
    final = start - put
    level = 0.0
    for top in sorted(set(put.tolist())):
        pot = float(np.minimum(put, top).sum() - np.minimum(put, level).sum())
        eligible = [p for p in live if put[p] >= top]
        best = max(strength[live.index(p)] for p in eligible)
        winners = [p for p in eligible if strength[live.index(p)] == best]
        for p in winners:
            final[p] += pot / len(winners)
        level = top
    out: np.ndarray = final
    return out


@dataclass(frozen=True)
class _Payoffs:
    fold_fold: np.ndarray  # (3,) the big blind's walk
    fold_push_fold: np.ndarray  # the small blind takes the blinds
    push_fold_fold: np.ndarray  # the button takes them
    heads_up: np.ndarray  # (3 pairs, 3 results of the first, 3 players): pairs (1, 2), (0, 2), (0, 1)
    three_way: np.ndarray  # (27 codes, 3 players)


def _payoffs(stacks: np.ndarray, payouts: np.ndarray, sb: float, bb: float, ante: float) -> _Payoffs:
    posts = np.array([ante, ante + sb, ante + bb])
    dead = posts.sum()

    def walk(winner: int) -> np.ndarray:
        final = stacks - posts
        final[winner] += dead
        return _prizes(final, stacks, payouts)

    heads_up = np.zeros((3, 3, 3))
    for n, pair in enumerate(((1, 2), (0, 2), (0, 1))):
        for result, strength in enumerate(((0, 1), (1, 1), (1, 0))):  # the first loses, ties, wins
            heads_up[n, result] = _prizes(_showdown(stacks, posts, list(pair), strength), stacks, payouts)
    three_way = np.zeros((CODES, 3))
    for code, ranks in _code_strengths().items():
        three_way[code] = _prizes(_showdown(stacks, posts, [0, 1, 2], ranks), stacks, payouts)
    return _Payoffs(walk(2), walk(1), walk(0), heads_up, three_way)


# --- three-way showdowns ------------------------------------------------------------------


@functools.cache
def _combo_cards() -> tuple[np.ndarray, np.ndarray]:
    cards = np.zeros((len(CLASSES), 12, 2), dtype=np.uint8)
    counts = np.zeros(len(CLASSES), dtype=np.int64)
    index = {name: k for k, name in enumerate(CLASSES)}
    for a, b in COMBOS.tolist():
        k = index[starting_hand([a, b])]
        cards[k, counts[k]] = (a, b)
        counts[k] += 1
    return cards, counts


@functools.cache
def _rank_counts() -> np.ndarray:
    """How many cards of each rank each class's hands hold, (169 classes, 13 ranks)."""
    cards, _ = _combo_cards()
    out = np.zeros((len(CLASSES), 13), dtype=np.int8)
    for card in range(2):
        np.add.at(out, (np.arange(len(CLASSES)), cards[:, 0, card] >> 2), 1)
    return out


def _dealable(triples: np.ndarray) -> np.ndarray:
    """Whether each class triple (global class indices) can be dealt three hands that share no
    card: exactly when no rank is held more than four times among them, as the tests check
    against every combo of the triples where a rank is held four or five times."""
    ranks = _rank_counts()
    out: np.ndarray = (ranks[triples[:, 0]] + ranks[triples[:, 1]] + ranks[triples[:, 2]] <= 4).all(axis=1)
    return out


@njit(cache=True, nogil=True)
def _deal(triples: np.ndarray, samples: int, cards: np.ndarray, counts: np.ndarray, seed: int) -> np.ndarray:
    # rejection keeps every combo triple that shares no card equally likely; it ends, since
    # every triple here can be dealt (see _dealable)
    np.random.seed(seed)
    out = np.empty((triples.shape[0] * samples, 3, 7), dtype=np.uint8)
    used = np.zeros(52, dtype=np.bool_)
    row = 0
    for t in range(triples.shape[0]):
        for _ in range(samples):
            clash = True
            while clash:
                used[:] = False
                clash = False
                for p in range(3):
                    c = triples[t, p]
                    pick = np.random.randint(counts[c])
                    for h in range(2):
                        card = cards[c, pick, h]
                        if used[card]:
                            clash = True
                        used[card] = True
                        out[row, p, 5 + h] = card
            n = 0
            while n < 5:
                card = np.random.randint(52)
                if not used[card]:
                    used[card] = True
                    for p in range(3):
                        out[row, p, n] = card
                    n += 1
            row += 1
    return out


@njit(cache=True, nogil=True)
def _tally(strength: np.ndarray, samples: int) -> np.ndarray:
    # each deal's three strengths (button, small blind, big blind) make one code; each run of
    # ``samples`` deals is one triple's
    out = np.zeros((strength.shape[0] // (3 * samples), CODES), dtype=np.int32)
    for deal in range(strength.shape[0] // 3):
        a, b, c = np.int32(strength[3 * deal]), np.int32(strength[3 * deal + 1]), np.int32(strength[3 * deal + 2])
        code = 9 * (int(a > b) - int(a < b) + 1) + 3 * (int(a > c) - int(a < c) + 1) + int(b > c) - int(b < c) + 1
        out[deal // samples, code] += 1
    return out


_SAMPLED: dict[str, np.ndarray] = {}
"""Three-way results sampled so far in this process (see :func:`_samples`)."""


def _samples() -> dict[str, np.ndarray]:
    """The three-way results sampled so far in this process: for each key (the global class
    indices of button, small blind and big blind, in base 169) its row of ``counts`` (-1 while
    unsampled), and each row's counts of the 27 codes. A table over every key, where sorted
    keys would cost a sort of millions of them at each round; made on first use (19 MB)."""
    if not _SAMPLED:
        _SAMPLED.update(rows=np.full(len(CLASSES) ** 3, -1, dtype=np.int32), counts=np.zeros((0, CODES), np.int32))
    return _SAMPLED


def _key(triples: np.ndarray) -> np.ndarray:
    n = len(CLASSES)
    out: np.ndarray = (triples[:, 0] * n + triples[:, 1]) * n + triples[:, 2]
    return out


def _sample(triples: np.ndarray, samples: int, seed: int) -> None:
    """Sample the three-way showdowns of ``triples`` (global class indices) not yet cached."""
    sampled = _samples()
    rows = sampled["rows"]
    wanted = np.zeros(len(rows), dtype=np.bool_)
    wanted[_key(triples)] = True
    wanted &= rows < 0
    fresh = np.flatnonzero(wanted)
    if not len(fresh):
        return
    n = len(CLASSES)
    todo = np.stack([fresh // (n * n), fresh // n % n, fresh % n], axis=1).astype(np.int64)
    cards, counts = _combo_cards()
    # a triple with no deal (three hands of aces) keeps counts of zero, so keeps its stand-in
    tallies = np.zeros((len(todo), CODES), dtype=np.int32)
    dealable = np.flatnonzero(_dealable(todo))
    chunk = max(1, 400_000 // samples)
    for start in range(0, len(dealable), chunk):
        part = dealable[start:start + chunk]
        deals = _deal(todo[part], samples, cards, counts, (seed + start) % 2**32)  # Numba seeds with 32 bits
        tallies[part] = _tally(evaluate_many(deals.reshape(-1, 7), validate=False), samples)
    rows[fresh] = np.arange(len(sampled["counts"]), len(sampled["counts"]) + len(fresh), dtype=np.int32)
    sampled["counts"] = np.concatenate([sampled["counts"], tallies])


@njit(cache=True, nogil=True)
def _three_way(win: np.ndarray, tie: np.ndarray, payoff: np.ndarray, codes: np.ndarray) -> np.ndarray:
    # the stand-in: the three heads-up results taken as independent, orders that cannot happen
    # (a beats b beats c beats a) left out and the rest scaled up to 1
    n = win.shape[0]
    out = np.zeros((3, n, n, n))
    prob = np.zeros(3)
    for i in range(n):
        for j in range(n):
            for k in range(n):
                total = 0.0
                e0 = e1 = e2 = 0.0
                for c in range(codes.shape[0]):
                    code = codes[c]
                    p = 1.0
                    for pair in range(3):
                        a = i if pair < 2 else j
                        b = j if pair == 0 else k
                        s = (code // 9) if pair == 0 else ((code // 3) % 3 if pair == 1 else code % 3)
                        prob[0] = 1.0 - win[a, b] - tie[a, b]
                        prob[1] = tie[a, b]
                        prob[2] = win[a, b]
                        p *= prob[s]
                    total += p
                    e0 += p * payoff[code, 0]
                    e1 += p * payoff[code, 1]
                    e2 += p * payoff[code, 2]
                if total > 0.0:
                    out[0, i, j, k] = e0 / total
                    out[1, i, j, k] = e1 / total
                    out[2, i, j, k] = e2 / total
    return out


# --- the game -----------------------------------------------------------------------------


@dataclass
class _Game:
    w: np.ndarray
    r: np.ndarray
    z: float
    k1: np.ndarray
    pay: _Payoffs
    h3: np.ndarray  # (3 players, j, k): small blind against big blind
    h5: np.ndarray  # (3, i, k): button against big blind
    h6: np.ndarray  # (3, i, j): button against small blind
    e: np.ndarray  # (3, i, j, k): the three-way showdown


def _game(table: ClassTable, pay: _Payoffs, win: np.ndarray, tie: np.ndarray) -> _Game:
    combos = np.array([4.0 if h[-1] == "s" else (12.0 if h[-1] == "o" else 6.0) for h in table.hands])
    w = combos / combos.sum()
    deals = float(table.pairs.sum())
    r = (table.pairs / deals) / np.outer(w, w)
    g1 = (r * w) @ r
    k1 = r * g1
    z = float((np.outer(w, w) * k1).sum())
    lose = 1.0 - win - tie

    def heads_up(pair: int) -> np.ndarray:
        u = pay.heads_up[pair]  # (results, players)
        out: np.ndarray = (lose[None] * u[0][:, None, None] + tie[None] * u[1][:, None, None]
                           + win[None] * u[2][:, None, None])
        return out

    return _Game(w, r, z, k1, pay, heads_up(0), heads_up(1), heads_up(2), np.zeros(0))


@njit(cache=True, nogil=True)
def _triples(w: np.ndarray, r: np.ndarray, e: np.ndarray, b: np.ndarray, s: np.ndarray, c: np.ndarray,
             z: float, button: np.ndarray, small: np.ndarray, big: np.ndarray) -> None:
    # adds the three-way pot's values: the button's push, the small blind's call, the big blind's
    # call of two all-ins; only where the other two reach it
    n = w.shape[0]
    calls = np.flatnonzero(c > 0.0)
    for i in range(n):
        for j in range(n):
            rij = r[i, j] * w[i] * w[j] / z
            if rij == 0.0:
                continue
            bs = b[i] * s[j]
            if bs > 0.0:
                for k in range(n):
                    base = rij * w[k] * r[i, k] * r[j, k]
                    big[k] += base * bs * e[2, i, j, k]
                    button[i] += base * s[j] * c[k] * e[0, i, j, k]
                    small[j] += base * b[i] * c[k] * e[1, i, j, k]
            else:
                for m in range(calls.shape[0]):
                    k = calls[m]
                    base = rij * w[k] * r[i, k] * r[j, k]
                    button[i] += base * s[j] * c[k] * e[0, i, j, k]
                    small[j] += base * b[i] * c[k] * e[1, i, j, k]


@njit(cache=True, nogil=True)
def _masked_product(r: np.ndarray, m: np.ndarray) -> np.ndarray:
    # r * (r @ m) written out in one thread: OpenBLAS shares a 169 x 169 product among threads
    # that then spin waiting for the next one, which took seven times the CPU of one thread
    # (and several times the wall time beside other work)
    n = r.shape[0]
    out = np.zeros((n, m.shape[1]))
    for i in range(n):
        for j in range(n):
            a = r[i, j]
            if a != 0.0:
                for k in range(m.shape[1]):
                    out[i, k] += a * m[j, k]
        for k in range(m.shape[1]):
            out[i, k] *= r[i, k]
    return out


def _values(g: _Game, x: np.ndarray) -> tuple[np.ndarray, float]:
    """Counterfactual values (6 decisions, classes, [fold, push or call]) of the acting player
    against the others' frequencies ``x`` (6, classes), and the big blind's share of the walks."""
    b, s, t, c, d, e = x
    w, r, p = g.w, g.r, g.pay
    wz = w / g.z
    v = np.zeros((6, len(w), 2))
    # both fold: the big blind's walk
    v[0, :, 0] += wz * p.fold_fold[0] * (g.k1 @ (w * (1 - t)))
    v[2, :, 0] = wz * p.fold_fold[1] * (g.k1 @ (w * (1 - b)))
    walk = float((w * (1 - b)) @ g.k1 @ (w * (1 - t))) / g.z * p.fold_fold[2]
    # the button folds, the small blind pushes
    k3 = _masked_product(r, (w * (1 - b))[:, None] * r)
    v[5, :, 0] = wz * p.fold_push_fold[2] * (k3.T @ (w * t))
    v[5, :, 1] = wz * ((k3 * g.h3[2]).T @ (w * t))
    v[2, :, 1] = wz * ((k3 * ((1 - e) * p.fold_push_fold[1] + e * g.h3[1])) @ w)
    m = (w * t)[:, None] * r * ((1 - e) * p.fold_push_fold[0] + e * g.h3[0]) * w[None, :]
    v[0, :, 0] += wz * _masked_product(r, m).sum(axis=1)
    # the button pushes, the small blind folds
    k5 = _masked_product(r, (w * (1 - s))[:, None] * r)
    v[4, :, 0] = wz * p.push_fold_fold[2] * (k5.T @ (w * b))
    v[4, :, 1] = wz * ((k5 * g.h5[2]).T @ (w * b))
    v[0, :, 1] += wz * ((k5 * ((1 - d) * p.push_fold_fold[0] + d * g.h5[0])) @ w)
    m = (w * b)[:, None] * r * ((1 - d) * p.push_fold_fold[1] + d * g.h5[1]) * w[None, :]
    v[1, :, 0] = wz * _masked_product(r, m).sum(axis=1)
    # the button pushes, the small blind calls
    k6 = _masked_product(r, (w * (1 - c))[:, None] * r)
    m = (w * b)[:, None] * r * g.h6[2] * (w * s)[None, :]
    v[3, :, 0] = wz * _masked_product(r, m).sum(axis=1)
    v[0, :, 1] += wz * ((k6 * g.h6[0]) @ (w * s))
    v[1, :, 1] = wz * ((k6 * g.h6[1]).T @ (w * b))
    _triples(w, r, g.e, b, s, c, g.z, v[0, :, 1], v[1, :, 1], v[3, :, 1])
    return v, walk


OWNER = (0, 1, 1, 2, 2, 2)
"""Which position acts at each decision."""


def _evaluate(g: _Game, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each position's EV and best-response gain against frequencies ``x``."""
    v, walk = _values(g, x)
    played = (1 - x) * v[:, :, 0] + x * v[:, :, 1]
    best = v.max(axis=2)
    ev, gains = np.zeros(3), np.zeros(3)
    ev[2] = walk
    for decision, owner in enumerate(OWNER):
        ev[owner] += played[decision].sum()
        gains[owner] += (best[decision] - played[decision]).sum()
    return ev, np.maximum(gains, 0.0)


def _solve(g: _Game, tolerance: float, iterations: int, discount: Discount
           ) -> tuple[np.ndarray, int]:
    n = len(g.w)
    regrets = np.zeros((6, n, 2))
    sums = np.zeros((6, n, 2))
    strategy = np.full((6, n, 2), 0.5)
    reach = np.ones(n)
    average = strategy[:, :, 1].copy()
    t = 0
    while t < iterations:
        t += 1
        v, _ = _values(g, strategy[:, :, 1].copy())
        for decision in range(6):
            dcfr_update(regrets[decision], sums[decision], strategy[decision], v[decision], reach, t,
                        *discount.parameters())
        if t % 25 == 0 or t == iterations:
            total = sums.sum(axis=2)
            average = np.where(total > 0, sums[:, :, 1] / np.where(total > 0, total, 1.0), 0.5)
            if _evaluate(g, average)[1].max() <= tolerance:
                break
    return average, t


SNAPS = (0.05, 0.02, 0.01, PURE)
"""Frequencies within these of 0 or 1 are tried as pure, coarsest first."""


def _snap(x: np.ndarray, cut: float) -> np.ndarray:
    out: np.ndarray = np.where(x < cut, 0.0, np.where(x > 1 - cut, 1.0, x))
    return out


def solve_icm_table(table: ClassTable, stacks: Sequence[float], payouts: Sequence[float],
                    blinds: Sequence[float], ante: float = 0.0, *, samples: int = SAMPLES,
                    tolerance: float = TOLERANCE, seed: int = 0,
                    discount: Discount | None = None) -> IcmPushFoldResult:
    """:func:`pushfold_icm` on a table's classes alone (all three hands dealt from them): the
    full game on all 169, a small one for tests. ``tolerance`` is the exploitability to run to
    as a share of the prize pool; ``samples`` the Monte Carlo deals per three-way class triple.

    >>> from pokerlab.preflop import matrix
    >>> m = matrix(["AA", "72o"])
    >>> t = ClassTable.from_counts(m.hands, m.wins, m.ties, m.showdowns)
    >>> r = solve_icm_table(t, [10, 10, 10], [1], [0.5, 1])
    >>> r.ranges["button_push"]["AA"], r.ranges["big_blind_call_two"]["AA"], r.exploitability < 1e-3
    (1.0, 1.0, True)
    """
    chips, prizes, sb, bb, a = check_inputs(stacks, payouts, blinds, ante)
    count = check_int("samples", samples, low=1, high=100_000)
    share = check_number("tolerance", tolerance, above=0, high=1)
    if table.ties is None:
        raise InvalidArgumentError("table must carry its ties (ClassTable.from_counts keeps them)")
    pay = _payoffs(chips, prizes, sb, bb, a)
    pairs = np.maximum(table.pairs, 1)
    win = np.where(table.pairs > 0, (table.equity - table.ties / 2) / pairs, 0.0)
    tie = np.where(table.pairs > 0, table.ties / pairs, 0.0)
    g = _game(table, pay, win, tie)
    codes = np.array(sorted(_code_strengths()), dtype=np.int64)
    g.e = _three_way(win, tie, pay.three_way, codes)
    pool = float(prizes.sum())
    glob = np.array([CLASSES.index(h) for h in table.hands], dtype=np.int64)
    d = Discount() if discount is None else discount
    done = 0
    n = len(table.hands)
    chosen = np.zeros(n ** 3, dtype=np.bool_)  # the triples sampled so far, by their index in base n
    for _ in range(ROUNDS):
        x, t = _solve(g, share * pool, MAX_ITERATIONS, d)
        done += t
        needed = _needed(x, g.r)
        fresh = needed[~chosen[needed]]
        if not len(fresh):  # the game solved is the one the next round would solve
            break
        chosen[fresh] = True
        triples = np.stack([fresh // (n * n), fresh // n % n, fresh % n], axis=1)
        _sample(glob[triples], count, seed)
        _use_samples(g, glob, triples, pay.three_way)
    # Discounted CFR's average keeps traces of its first iterations, where every hand played
    # half the time: the coarsest rounding to pure play that stays within the tolerance is kept,
    # and the exploitability reported is that of the strategies returned
    for cut in SNAPS:
        snapped = _snap(x, cut)
        ev, gains = _evaluate(g, snapped)
        if gains.max() <= share * pool or cut == SNAPS[-1]:
            x = snapped
            break
    ranges = MappingProxyType({name: MappingProxyType(dict(zip(table.hands, x[k].tolist())))
                               for k, name in enumerate(DECISIONS)})
    return IcmPushFoldResult((float(chips[0]), float(chips[1]), float(chips[2])),
                             tuple(float(p) for p in payouts), (sb, bb), a, ranges,
                             (float(ev[0]), float(ev[1]), float(ev[2])),
                             (float(gains[0]), float(gains[1]), float(gains[2])), float(gains.max()),
                             done, int(chosen.sum()), count)


def _needed(x: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The class triples, by their index in base n, that some decision depends on at the
    frequencies ``x`` (see :data:`REACH`) and that can be dealt."""
    b, s, c = x[0], x[1], x[3]
    reached = (np.outer(b, s)[:, :, None] >= REACH) | (np.outer(s, c)[None] >= REACH) | \
              (np.outer(b, c)[:, None, :] >= REACH)
    dealt = (r[:, :, None] > 0) & (r[:, None, :] > 0) & (r[None] > 0)
    out: np.ndarray = np.flatnonzero(reached & dealt)
    return out


def _use_samples(g: _Game, glob: np.ndarray, triples: np.ndarray, payoff: np.ndarray) -> None:
    """Put the sampled three-way showdowns of ``triples`` (indices into the table's classes) in
    place of their stand-in; a triple keeps its values once sampled, so only new ones are written."""
    table = _samples()
    counts = table["counts"][table["rows"][_key(glob[triples])]].astype(np.float64)
    made = counts.sum(axis=1) > 0  # triples no deal can make (AA, AA, AA) keep the stand-in
    e = counts[made] @ payoff / counts[made].sum(axis=1, keepdims=True)
    at = triples[made]
    g.e[:, at[:, 0], at[:, 1], at[:, 2]] = e.T


def pushfold_icm(stacks: Sequence[float], payouts: Sequence[float], blinds: Sequence[float],
                 ante: float = 0.0, *, samples: int = SAMPLES, seed: int | None = None) -> IcmPushFoldResult:
    """The three-player push/fold equilibrium in prize equity by ICM: ``stacks`` of the
    button, small blind and big blind (chips, each above what it posts), ``payouts`` from first
    place down (1 to 3 places), ``blinds`` (small, big) and ``ante`` in the same chips.

    ``seed`` drives the Monte Carlo deals of the three-way showdowns (``samples`` per class
    triple) that this call samples; None, the default, draws a fresh one. Triples already
    sampled in the process keep their cached counts, whatever the seed, so a seed repeats a
    result in a fresh process (the command passes 0).

    >>> r = pushfold_icm([10, 15, 25], [50, 30, 20], [0.5, 1], seed=0)
    >>> r.ranges["button_push"]["AA"], round(sum(r.ev), 6), r.exploitability / r.pool < 1e-3
    (1.0, 100.0, True)
    """
    chosen = check_seed(seed)
    if chosen is None:
        chosen = int(np.random.SeedSequence().generate_state(1, np.uint32)[0])  # fresh entropy
    return solve_icm_table(class_table(), stacks, payouts, blinds, ante, samples=samples, seed=chosen)
