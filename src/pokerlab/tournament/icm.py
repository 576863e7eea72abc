"""ICM: each player's share of the prize pool by the Malmuth-Harville model.

The chance that a player finishes first is its share of the chips; given who finished above,
the next place is drawn the same way among the rest. A player with no chips finishes below
every player with chips, and players with no chips share the places left to them equally.

The recursion runs over the sets of players who took the top places, not over finishing
orders: the chance that a set took the first ``len(set)`` places, in whatever order, is all
the next place needs. That is ``2**n`` sets for ``n`` players (a million for 20) instead of
``n!`` orders, and only sets smaller than the number of paid places do any work.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numba import njit

from pokerlab.checks import check_list
from pokerlab.errors import InvalidArgumentError

MAX_PLAYERS = 24
"""The most players :func:`icm` takes: its tables hold ``2**players`` numbers (128 MiB at 24)."""


@njit(cache=True, nogil=True)
def _icm(stacks: np.ndarray, payouts: np.ndarray) -> np.ndarray:
    n = stacks.shape[0]
    places = payouts.shape[0]
    size = 1 << n
    chips = np.zeros(size)
    count = np.zeros(size, dtype=np.int8)
    for mask in range(1, size):
        low = mask & -mask
        i = 0
        while (1 << i) != low:
            i += 1
        chips[mask] = chips[mask ^ low] + stacks[i]
        count[mask] = count[mask ^ low] + 1
    funded = 0
    for i in range(n):
        if stacks[i] > 0.0:
            funded |= 1 << i
    full = size - 1
    reach = np.zeros(size)  # the chance that exactly this set took the top places
    reach[0] = 1.0
    equity = np.zeros(n)
    for mask in range(size):
        p = reach[mask]
        place = count[mask]
        if p == 0.0 or place >= places:
            continue
        # sums over the players left rather than the total minus the finished, which would
        # leave a rounding crumb where only players with no chips are left
        left = chips[full ^ mask]
        ties = (mask & funded) == funded
        for i in range(n):
            bit = 1 << i
            if mask & bit:
                continue
            q = p / (n - place) if ties else p * stacks[i] / left
            if q > 0.0:
                equity[i] += q * payouts[place]
                reach[mask | bit] += q
    return equity


def _numbers(name: str, values: object) -> np.ndarray:
    if isinstance(values, (str, bytes)):
        raise InvalidArgumentError(f"{name} must be a list of numbers, like [50, 30, 20]; got the string {values!r}")
    items = check_list(name, values, "numbers")
    numbers = []
    for k, item in enumerate(items):
        numeric = hasattr(type(item), "__float__") and not isinstance(item, (bool, str, bytes))
        value = float(item) if numeric else math.nan  # type: ignore[arg-type]
        if not math.isfinite(value) or value < 0:
            raise InvalidArgumentError(f"{name} must be finite numbers of at least 0; item {k} is {item!r}")
        numbers.append(value)
    return np.array(numbers, dtype=np.float64)


def icm(stacks: Sequence[float], payouts: Sequence[float]) -> tuple[float, ...]:
    """Each player's prize equity by the Malmuth-Harville model, in the order of ``stacks``.

    ``stacks`` are the chip counts (at least 0, some above 0; 1 to 24 players), ``payouts``
    the prizes from first place down (at least 0, never rising, no more places than
    players). The equities add up to the prizes paid; equal stacks get equal shares.

    >>> [round(x, 4) for x in icm([50, 30, 20], [70, 30])]
    [45.1786, 32.25, 22.5714]
    >>> icm([1, 3], [1])
    (0.25, 0.75)
    >>> icm([50, -1], [70, 30])
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: stacks must be finite numbers of at least 0; item 1 is -1
    """
    chips, prizes = check_inputs(stacks, payouts)
    # the model is the same at any scale; stacks as shares of the largest keep the chance of a
    # place from underflowing when the stacks are tiny
    return tuple(float(x) for x in _icm(chips / chips.max(), prizes))


def check_inputs(stacks: Sequence[float], payouts: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """Refuse what :func:`icm` would refuse, running no kernel; the stacks and payouts as arrays.

    >>> check_inputs([50, 30, 20], [70, 30])
    (array([50., 30., 20.]), array([70., 30.]))
    """
    chips = _numbers("stacks", stacks)
    prizes = _numbers("payouts", payouts)
    if not 1 <= len(chips) <= MAX_PLAYERS:
        raise InvalidArgumentError(f"stacks must hold 1 to {MAX_PLAYERS} players, got {len(chips)}")
    if chips.sum() <= 0:
        raise InvalidArgumentError("stacks must hold some chips: every stack is 0")
    if not 1 <= len(prizes) <= len(chips):
        raise InvalidArgumentError(f"payouts must name 1 to {len(chips)} places (one per player at most), "
                                   f"got {len(prizes)}")
    if np.any(np.diff(prizes) > 0):
        raise InvalidArgumentError(f"payouts must run from first place down, never rising, got {list(payouts)}")
    return chips, prizes
