"""The harness of the bad-input tables: each case must be refused by name, as a PokerlabError.

A table is a list of :class:`Refused` (a library call) or :class:`CliRefused` (a command line);
``check`` and ``check_cli`` run one case. The tables check what is refused and how, never how
fast: the one-second target for a refusal is measured by ``pokerlab bench refusals``, where a
busy machine cannot fail the suite. A case that hangs is stopped by :data:`hang_guard`, so a
regression shows as a failure rather than a stuck suite.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from typer.testing import CliRunner

from pokerlab.errors import PokerlabError

HANG_SECONDS = 60
"""A refusal takes milliseconds; only a hang comes near this, even on a loaded 2-core machine."""

hang_guard = pytest.mark.timeout(HANG_SECONDS, func_only=True)
"""The per-case guard. ``func_only`` keeps fixture setup (compiling kernels, building tables,
which can take minutes on a fresh clone under load) outside it: it times the refusal alone."""


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
    """Run one library case: it must raise its error, a PokerlabError, with a matching message."""
    with pytest.raises(case.error, match=case.match) as info:
        case.call()
    assert isinstance(info.value, PokerlabError)


def check_cli(case: CliRefused) -> None:
    """Run one command line: exit 2, no traceback, one ``error:`` line matching the case."""
    from pokerlab.cli.main import app

    result = CliRunner().invoke(app, list(case.args))
    output = result.output.strip()
    assert result.exit_code == 2, f"{case.id}: exit {result.exit_code}\n{output}"
    assert "Traceback" not in output, output
    error_lines = [line for line in output.splitlines() if line.startswith("error: ")]
    assert len(error_lines) == 1, output
    assert re.search(case.match, error_lines[0]), error_lines[0]


def ids(cases: list[Refused] | list[CliRefused]) -> list[str]:
    """pytest ids for a table."""
    return [case.id for case in cases]
