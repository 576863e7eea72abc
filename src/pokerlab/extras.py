"""The optional parts of pokerlab, and the extra that installs each package they need.

The core install is numpy, numba, typer and rich. The web app, Dask, plots and the peers the
benchmarks compare with come as extras (``pip install pokerlab[web]``). Code that needs one
imports it inside :func:`naming_extras`, so that a missing package is a
:class:`~pokerlab.errors.MissingDependencyError` that says what to install, never a
``ModuleNotFoundError`` from deep inside.

>>> EXTRA_OF_MODULE["matplotlib"]
'plot'
>>> print(missing("matplotlib", "the chart"))
the chart needs matplotlib: install pokerlab[plot]
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib.util import find_spec

from pokerlab.errors import MissingDependencyError

EXTRA_OF_MODULE = {
    "fastapi": "web", "fastapi_offline": "web", "uvicorn": "web",
    "dask": "dask", "distributed": "dask",
    "matplotlib": "plot",
    "eval7": "bench", "phevaluator": "bench", "pokerfast": "bench", "httpx": "bench",
}
"""Each optional package pokerlab imports, by its top-level module, and the extra that brings it."""


def modules_of(extra: str) -> tuple[str, ...]:
    """The optional modules that ``extra`` installs.

    >>> modules_of("dask")
    ('dask', 'distributed')
    """
    return tuple(module for module, its_extra in EXTRA_OF_MODULE.items() if its_extra == extra)


def missing(module: str, purpose: str) -> MissingDependencyError:
    """The error for an optional ``module`` that ``purpose`` needs and that is not installed.

    >>> print(missing("distributed", "running on a Dask cluster"))
    running on a Dask cluster needs distributed: install pokerlab[dask]
    """
    return MissingDependencyError(f"{purpose} needs {module}: install pokerlab[{EXTRA_OF_MODULE[module]}]")


@contextmanager
def naming_extras(purpose: str) -> Iterator[None]:
    """Run a block that imports optional packages; a missing one raises the error naming its extra.

    Any other import error (of pokerlab's own modules, of a part inside an installed package)
    is no missing extra, and goes on as it is:

    >>> with naming_extras("the chart"):
    ...     import pokerlab.no_such_module
    Traceback (most recent call last):
    ...
    ModuleNotFoundError: No module named 'pokerlab.no_such_module'
    """
    try:
        yield
    except ModuleNotFoundError as error:
        if error.name not in EXTRA_OF_MODULE:
            raise
        raise missing(error.name, purpose) from error


def require(modules: tuple[str, ...], purpose: str) -> None:
    """Refuse at once, naming the extra, if any of ``modules`` is not installed.

    >>> require(("matplotlib",), "the chart")  # installed: nothing to say
    """
    for module in modules:
        if find_spec(module) is None:
            raise missing(module, purpose)
