"""The harness of the bad-input tables: each case must be refused fast, by name, as a PokerlabError.

A table is a list of :class:`Refused` (a library call) or :class:`CliRefused` (a command line);
``check`` and ``check_cli`` run one case. A case that hangs is stopped by pytest-timeout, so a
regression shows as a failure rather than a stuck suite.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from typer.testing import CliRunner

from pokerlab.errors import PokerlabError

LIMIT_SECONDS = 1.0
"""No bad input may take longer than this to be refused."""


@dataclass(frozen=True)
class Refused:
    """A library call that must raise ``error`` with a message matching ``match`` (a regex)."""

    id: str
    call: Callable[[], object]
    error: type[PokerlabError]
    match: str


@dataclass(frozen=True)
class CliRefused:
    """A command line that must exit 2 with one line ``error: ...`` matching ``match``."""

    id: str
    args: tuple[str, ...]
    match: str


def check(case: Refused) -> None:
    started = time.perf_counter()
    with pytest.raises(case.error, match=case.match) as info:
        case.call()
    elapsed = time.perf_counter() - started
    assert isinstance(info.value, PokerlabError)
    assert elapsed < LIMIT_SECONDS, f"{case.id}: refused after {elapsed:.2f} s"


def check_cli(case: CliRefused) -> None:
    from pokerlab.cli import app

    started = time.perf_counter()
    result = CliRunner().invoke(app, list(case.args))
    elapsed = time.perf_counter() - started
    output = result.output.strip()
    assert result.exit_code == 2, f"{case.id}: exit {result.exit_code}\n{output}"
    assert "Traceback" not in output, output
    error_lines = [line for line in output.splitlines() if line.startswith("error: ")]
    assert len(error_lines) == 1, output
    assert re.search(case.match, error_lines[0]), error_lines[0]
    assert elapsed < LIMIT_SECONDS, f"{case.id}: refused after {elapsed:.2f} s"


def ids(cases: list[Refused] | list[CliRefused]) -> list[str]:
    """pytest ids for a table."""
    return [case.id for case in cases]
