"""Argument checks at the public boundary: one function per concept, one message shape.

Every public function checks its arguments here, once, before any work starts, so that a bad
value fails at once with a :class:`~pokerlab.errors.InvalidArgumentError` naming the argument
and what it may be, instead of hanging in a kernel or giving a quietly wrong answer. A
message repeats the value it refuses cut short (:func:`~pokerlab.errors.clip`), however long
it was.

>>> check_int("count", 3, low=0)
3
>>> check_int("count", 2.5, low=0)
Traceback (most recent call last):
...
pokerlab.errors.InvalidArgumentError: count must be an int of at least 0, got 2.5
>>> check_seconds(float("nan"))
Traceback (most recent call last):
...
pokerlab.errors.InvalidArgumentError: seconds must be a finite number above 0 and at most 86400.0, got nan
"""

from __future__ import annotations

import math
import operator
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from pokerlab.errors import InvalidArgumentError, clip

Progress = Callable[[int, int], None]
"""``progress(done, total)``: how every long call reports how far it has got."""

PERMILLE = 1000
"""``progress(done, PERMILLE)`` reports a run whose end is not known in advance."""

T = TypeVar("T")

MAX_SEED = 2**63 - 1


def _is_int(value: object) -> bool:
    # numpy integers pass (they have __index__); bools and floats do not, though Python
    # would happily treat True as 1 and 2.0 as 2
    return not isinstance(value, bool) and hasattr(type(value), "__index__")


def _bounds(low: float | None, high: float | None, *, above: bool = False) -> str:
    if low is not None and high is not None:
        return f"from {low} to {high}" if not above else f"above {low} and at most {high}"
    if low is not None:
        return f"above {low}" if above else f"of at least {low}"
    if high is not None:
        return f"of at most {high}"
    return ""


def check_int(name: str, value: object, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an int within ``low..high`` (both inclusive, either open when None).

    >>> import numpy as np
    >>> check_int("threads", np.int64(2), low=1)
    2
    >>> check_int("opponents", True, low=1)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: opponents must be an int of at least 1, got True
    """
    number = operator.index(value) if _is_int(value) else None  # type: ignore[arg-type]
    if number is None or (low is not None and number < low) or (high is not None and number > high):
        raise InvalidArgumentError(f"{name} must be an int {_bounds(low, high)}".rstrip()
                                   + f", got {clip(value)}")
    return number


def check_number(name: str, value: object, *, above: float | None = None, low: float | None = None,
                 high: float | None = None) -> float:
    """``value`` as a finite float, greater than ``above`` or at least ``low``, at most ``high``.

    >>> check_number("stderr", 0.001, above=0, high=0.5)
    0.001
    >>> check_number("stderr", 0, above=0, high=0.5)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: stderr must be a finite number above 0 and at most 0.5, got 0
    """
    # numpy floats and ints pass; bools, strings and anything else that merely converts do not
    numeric = hasattr(type(value), "__float__") and not isinstance(value, (bool, str, bytes))
    number = float(value) if numeric else math.nan  # type: ignore[arg-type]
    if not (math.isfinite(number) and (above is None or number > above) and (low is None or number >= low)
            and (high is None or number <= high)):
        bound = _bounds(above, high, above=True) if above is not None else _bounds(low, high)
        raise InvalidArgumentError(f"{name} must be a finite number {bound}".rstrip() + f", got {clip(value)}")
    return number


def check_seed(seed: object) -> int | None:
    """A random seed: None (fresh entropy) or an int from 0 to 2**63 - 1.

    >>> check_seed(None), check_seed(7)
    (None, 7)
    """
    return None if seed is None else check_int("seed", seed, low=0, high=MAX_SEED)


def check_threads(threads: object) -> int | None:
    """A call's thread count: None (every thread Numba has) or an int of at least 1.

    Asking for more threads than the machine has is allowed; the call uses all it has.

    >>> check_threads(None), check_threads(2)
    (None, 2)
    """
    return None if threads is None else check_int("threads", threads, low=1, high=4096)



def check_progress(progress: object) -> Progress | None:
    """A progress callback: None, or a callable taking ``(done, total)``.

    >>> check_progress(print) is print
    True
    >>> check_progress("yes")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: progress must be a callable taking (done, total) or None, got 'yes'
    """
    if progress is not None and not callable(progress):
        raise InvalidArgumentError(f"progress must be a callable taking (done, total) or None, got {clip(progress)}")
    return progress


MAX_TRIALS = 10**12
"""The most Monte Carlo trials a run may ask for: hours of work on a laptop's cores. A run that
asks for more would not end in any reasonable time, so it is refused before it starts."""

MIN_STDERR = 1e-6
"""The smallest standard error a run may stop at when nothing else bounds it: an equity's
standard error is at most 0.5 / sqrt(trials), so 1e-6 may take up to 2.5e11 trials, within
:data:`MAX_TRIALS`."""

MAX_SECONDS = 86_400.0
"""The longest time limit a run may have: a day."""


def check_trials(trials: object) -> int | None:
    """A Monte Carlo trial count: None or an int from 1 to :data:`MAX_TRIALS`.

    >>> check_trials(10_000)
    10000
    >>> check_trials(0)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: trials must be an int from 1 to 1000000000000, got 0
    """
    return None if trials is None else check_int("trials", trials, low=1, high=MAX_TRIALS)


def check_stderr(stderr: object, *, bounded: bool = False) -> float | None:
    """A standard error to stop at: None, or a finite number from :data:`MIN_STDERR` to 0.5; below
    that only when ``bounded``, when a trial count or a time limit ends the run as well.

    >>> check_stderr(0.001)
    0.001
    >>> check_stderr(1e-9)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: stderr must be a finite number from 1e-06 to 0.5 (a smaller one \
takes more than 1000000000000 trials; give trials or seconds too to stop sooner), got 1e-09
    """
    if stderr is None:
        return None
    number = check_number("stderr", stderr, above=0, high=0.5)
    if number < MIN_STDERR and not bounded:
        raise InvalidArgumentError(f"stderr must be a finite number from {MIN_STDERR:g} to 0.5 (a smaller one "
                                   f"takes more than {MAX_TRIALS} trials; give trials or seconds too to stop "
                                   f"sooner), got {clip(stderr)}")
    return number


def check_seconds(seconds: object) -> float | None:
    """A time limit in seconds: None, or a finite number above 0 and at most :data:`MAX_SECONDS`.

    >>> check_seconds(2)
    2.0
    """
    return None if seconds is None else check_number("seconds", seconds, above=0, high=MAX_SECONDS)


def check_path(name: str, value: object) -> Path:
    """A file's path given as a ``str`` or an ``os.PathLike`` (not a file descriptor, whose
    file a writer would close behind the caller's back).

    >>> check_path("path", "spot.npz")
    PosixPath('spot.npz')
    >>> check_path("path", 3)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: path must be a file's path (a str or a pathlib.Path), got 3
    """
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str) or not value.strip():
        raise InvalidArgumentError(f"{name} must be a file's path (a str or a pathlib.Path), got {clip(value)}")
    return Path(value)


def check_choice(name: str, value: object, choices: Sequence[T]) -> T:
    """``value`` if it is one of ``choices``; otherwise an error listing them.

    >>> check_choice("paytable", "jacks-8-5", ["jacks-9-6", "jacks-8-5"])
    'jacks-8-5'
    """
    if not isinstance(value, (str, int)) or value not in choices:
        listed = ", ".join(repr(c) for c in choices)
        raise InvalidArgumentError(f"{name} must be one of {listed}; got {clip(value)}")
    return value  # type: ignore[return-value]


def check_list(name: str, value: object, what: str = "hands") -> list[object]:
    """A list (or tuple) argument, refusing a lone string, which would read as its characters.

    >>> check_list("players", ["AsKs", "QdQc"])
    ['AsKs', 'QdQc']
    >>> check_list("players", "AsKs QdQc")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: players must be a list of hands, like ["AsKs", "QdQc"]; got the string ...
    """
    if type(value) is list or type(value) is tuple:  # the common case, before the slower checks
        return list(value)
    if isinstance(value, (str, bytes)):
        raise InvalidArgumentError(f'{name} must be a list of {what}, like ["AsKs", "QdQc"]; '
                                   f"got the string {clip(value)}")
    if not isinstance(value, Sequence) and not hasattr(value, "__iter__"):
        raise InvalidArgumentError(f"{name} must be a list of {what}, got {clip(value)}")
    return list(value)
