"""Hand iteration: every hand, or random hands, that hold some cards and avoid others.

>>> count_hands(2, dead="As Ks Qs Js Ts")
1081
>>> list(hands(3, shared="As Ah", dead="2c 2d"))[:2]
[Cards('2h Ah As'), Cards('2s Ah As')]
>>> len(list(random_hands(5, shared="As", count=1000, seed=7)))
1000

The iterators are for people; analyses take whole arrays from :func:`hands_array` and
:func:`random_hands_array`, which the same Numba kernels fill.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass
from math import comb
from types import ModuleType

import numpy as np

from pokerlab.cards.notation import Cards, CardsLike, card_name, parse_cards
from pokerlab.checks import check_int, check_seconds, check_seed
from pokerlab.errors import DuplicateCardError, HandSizeError, InvalidArgumentError


def _kernels() -> ModuleType:
    """The iteration kernels, imported on first use so ``import pokerlab`` stays free of Numba."""
    from pokerlab.cards import iterate_kernels as iteration

    return iteration

# The most bytes all_hands and sample_hands may allocate: 8 GiB
_MAX_HAND_BYTES = 1 << 33

# Rows per kernel call while iterating: large enough that the call costs nothing per hand,
# small enough that a consumer who stops early has not paid for many hands it never sees.
_CHUNK = 4096


@dataclass(frozen=True)
class _HandSpace:
    """The hands of ``n`` cards holding ``shared`` and ``k`` more cards chosen from ``free``."""

    n: int
    shared: np.ndarray
    free: np.ndarray

    @property
    def k(self) -> int:
        return self.n - len(self.shared)

    @property
    def size(self) -> int:
        return comb(len(self.free), self.k)


def _space(n: int, shared: CardsLike, dead: CardsLike) -> _HandSpace:
    """Validate a request and describe the hands it covers."""
    check_int("n", n)  # its range is a hand size, checked below against the cards
    shared_ids = parse_cards(shared, name="shared")
    dead_ids = parse_cards(dead, name="dead")
    both = sorted(set(shared_ids) & set(dead_ids))
    if both:
        raise DuplicateCardError(f"card {card_name(both[0])} is both shared and dead")
    if not len(shared_ids) <= n <= 52:
        raise HandSizeError(f"cannot make {n}-card hands holding {len(shared_ids)} shared cards; "
                            f"the size must be {len(shared_ids)}..52")
    taken = set(shared_ids) | set(dead_ids)
    free = np.array([c for c in range(52) if c not in taken], dtype=np.uint8)
    if n - len(shared_ids) > len(free):
        raise HandSizeError(f"{n}-card hands need {n - len(shared_ids)} cards besides the "
                            f"{len(shared_ids)} shared, but only {len(free)} are neither shared nor dead")
    return _HandSpace(n, np.array(sorted(shared_ids), dtype=np.uint8), free)


def count_hands(n: int, shared: CardsLike = (), dead: CardsLike = ()) -> int:
    """How many ``n``-card hands hold every ``shared`` card and no ``dead`` one.

    >>> count_hands(7)
    133784560
    >>> count_hands(7, shared="As Kd")
    2118760
    """
    return _space(n, shared, dead).size


def hands_array(n: int, shared: CardsLike = (), dead: CardsLike = ()) -> np.ndarray:
    """Every hand of :func:`hands` as one ``(count, n)`` uint8 array, rows sorted and in order.

    >>> hands_array(2, shared="As", dead="2c").shape
    (50, 2)
    """
    space = _space(n, shared, dead)
    out = np.empty((space.size, n), dtype=np.uint8)
    _kernels().enumerate_hands(space.shared, space.free, np.arange(space.k, dtype=np.uint8), out)
    return out


def hands(n: int, shared: CardsLike = (), dead: CardsLike = ()) -> Iterator[Cards]:
    """Every ``n``-card hand holding all ``shared`` cards and no ``dead`` card.

    Each hand is a :class:`~pokerlab.cards.notation.Cards` (a tuple of card ids that prints as text) in
    ascending order, and the hands come in lexicographic
    order, :func:`count_hands` of them. The input is checked before the first hand is asked
    for: a card both shared and dead raises :class:`~pokerlab.errors.DuplicateCardError`, a
    size the cards cannot fill raises :class:`~pokerlab.errors.HandSizeError`.

    >>> list(hands(2, shared="As", dead=range(48)))
    [Cards('Ac As'), Cards('Ad As'), Cards('Ah As')]
    >>> [tuple(h) for h in hands(2, dead=range(49))]
    [(49, 50), (49, 51), (50, 51)]
    """
    space = _space(n, shared, dead)
    return _enumerate(space)


def _enumerate(space: _HandSpace) -> Iterator[Cards]:
    positions = np.arange(space.k, dtype=np.uint8)
    left = space.size
    while left:
        out = np.empty((min(_CHUNK, left), space.n), dtype=np.uint8)
        _kernels().enumerate_hands(space.shared, space.free, positions, out)
        left -= len(out)
        for row in out.tolist():
            yield Cards.of_valid_ids(row)


def _sample(space: _HandSpace, rows: int, rng: np.random.Generator) -> np.ndarray:
    """``rows`` uniformly random hands of a space."""
    # Draw i is uniform on 0 .. len(free) - k + i, as Floyd's algorithm needs.
    highs = np.arange(len(space.free) - space.k + 1, len(space.free) + 1)
    draws = rng.integers(0, highs, size=(rows, space.k), dtype=np.int64)
    out = np.empty((rows, space.n), dtype=np.uint8)
    _kernels().sample_hands_from(space.shared, space.free, draws, out)
    return out


def random_hands_array(n: int, shared: CardsLike = (), dead: CardsLike = (), *, count: int,
                       seed: int | None = None) -> np.ndarray:
    """``count`` independent, uniformly random hands as a ``(count, n)`` uint8 array.

    Each row is sorted; rows may repeat, as independent draws do.

    >>> random_hands_array(5, shared="As", dead="Ks", count=3, seed=1).shape
    (3, 5)
    """
    space = _space(n, shared, dead)
    rows = check_int("count", count, low=0)
    return _sample(space, rows, np.random.default_rng(check_seed(seed)))


def random_hands(n: int, shared: CardsLike = (), dead: CardsLike = (), *,
                 count: int | None = None, seconds: float | None = None,
                 seed: int | None = None) -> Iterator[Cards]:
    """Independent, uniformly random ``n``-card hands holding ``shared`` and avoiding ``dead``.

    Every hand that :func:`hands` would give is equally likely at each draw, and draws are
    independent (so hands may repeat). Hands are :class:`~pokerlab.cards.notation.Cards`, ids ascending.

    It stops after ``count`` hands or once ``seconds`` have passed since the first hand was
    asked for, whichever comes first. With neither, the iterator never ends: take what you need
    with ``itertools.islice`` or a ``break``. The same ``seed`` gives the same hands for the
    same arguments. Input errors are raised at the call, as in :func:`hands`.

    >>> list(random_hands(3, shared="As Ks", count=2, seed=3))
    [Cards('Qc Ks As'), Cards('3c Ks As')]
    >>> random_hands(2, count=2, seed=-5)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: seed must be an int from 0 to 9223372036854775807, got -5
    >>> import itertools
    >>> len(list(itertools.islice(random_hands(2), 10)))
    10
    """
    space = _space(n, shared, dead)
    left = None if count is None else check_int("count", count, low=0)
    limit = check_seconds(seconds)
    return _draw(space, left, limit, np.random.default_rng(check_seed(seed)))


def _draw(space: _HandSpace, count: int | None, seconds: float | None,
          rng: np.random.Generator) -> Iterator[Cards]:
    deadline = None if seconds is None else time.monotonic() + seconds
    left = count
    while left is None or left > 0:
        rows = _CHUNK if left is None else min(_CHUNK, left)
        for row in _sample(space, rows, rng).tolist():
            if deadline is not None and time.monotonic() >= deadline:
                return
            yield Cards.of_valid_ids(row)
        if left is not None:
            left -= rows


def all_hands(n_cards: int) -> np.ndarray:
    """Every hand of ``n_cards`` distinct cards, in lexicographic order, as a uint8 array.

    >>> all_hands(2).shape, all_hands(2)[:2].tolist()
    ((1326, 2), [[0, 1], [0, 2]])
    >>> all_hands(0)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: n_cards must be an int from 1 to 52, got 0
    """
    n = check_int("n_cards", n_cards, low=1, high=52)
    _check_size(comb(52, n), n)
    hands: np.ndarray = _kernels().every_hand(n)
    return hands


def sample_hands(count: int, n_cards: int, seed: int | None = None) -> np.ndarray:
    """A (count, n_cards) uint8 array of uniformly random hands of distinct cards, unsorted.

    The same ``seed`` (0 to 2**32 - 1) gives the same hands; None draws a fresh one.

    >>> hands = sample_hands(3, 7, seed=1)
    >>> hands.shape, hands.dtype, all(len(set(row)) == 7 for row in hands.tolist())
    ((3, 7), dtype('uint8'), True)
    >>> sample_hands(10, 53)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: n_cards must be an int from 1 to 52, got 53
    """
    rows = check_int("count", count, low=0)
    n = check_int("n_cards", n_cards, low=1, high=52)
    start = secrets.randbelow(2**32) if seed is None else check_int("seed", seed, low=0, high=2**32 - 1)
    _check_size(rows, n)
    hands: np.ndarray = _kernels().uniform_hands(rows, n, start)
    return hands


def _check_size(rows: int, n_cards: int) -> None:
    if rows * n_cards > _MAX_HAND_BYTES:
        raise InvalidArgumentError(f"{rows:,} hands of {n_cards} cards would take {rows * n_cards / 2**30:,.0f} GiB; "
                                   f"at most {_MAX_HAND_BYTES // 2**30} GiB is allowed")
