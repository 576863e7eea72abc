"""What every ``pokerlab`` command shares: how it refuses, shows progress, prints JSON, writes files.

A command raises a :class:`~pokerlab.errors.PokerlabError` and :class:`CommandGroup` turns it
into one line ``error: ...`` on stderr and exit status 2 (the status of a usage error too).
Results go to stdout; progress, the first-run compile notice and errors go to stderr, so
``pokerlab equity ... --json | jq`` sees JSON only.

>>> app = new_app("A demo.")
>>> @app.command()
... def fail() -> None:
...     raise InvalidArgumentError("count must be an int of at least 1, got 0")
>>> @app.command()
... def succeed() -> None:
...     print_json({"ok": True})
>>> from typer.testing import CliRunner
>>> print(CliRunner().invoke(app, ["succeed"]).output.strip())
{"ok": true}
>>> result = CliRunner().invoke(app, ["fail"])
>>> result.exit_code, result.output.strip()
(2, 'error: count must be an int of at least 1, got 0')
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskID, TaskProgressColumn, TextColumn, TimeElapsedColumn

# typer bundles its own click and exports none of its usage errors
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError
from typer.core import TyperGroup

from pokerlab.checks import Progress as ProgressCallback
from pokerlab.errors import InvalidArgumentError, InvalidRangeError, PokerlabError

out = Console(highlight=False)
"""Where results go (stdout)."""

err = Console(stderr=True, highlight=False)
"""Where progress and notices go (stderr)."""

COMPILING = "compiling (first run only)"
"""Said on stderr when a command is about to compile a Numba kernel that is not in the cache yet."""

CONTEXT_SETTINGS: dict[str, Any] = {"help_option_names": ["-h", "--help"]}

JsonFlag = Annotated[bool, typer.Option("--json", help="Print the result as JSON on stdout.")]


INTERRUPTED = "interrupted"
"""The one line a command says on stderr when Ctrl-C stops it (exit status 130, as a shell's)."""

MESSAGE_LIMIT = 300
"""The longest refusal shown: a message that repeats what was typed stays readable whatever was typed."""


def refuse(message: str, *after: str) -> NoReturn:
    """End the command with ``error: message`` on stderr, then the lines ``after`` (indented),
    and exit status 2."""
    if len(message) > MESSAGE_LIMIT:
        message = f"{message[:MESSAGE_LIMIT]}... ({len(message)} characters)"
    typer.echo(f"{typer.style('error:', fg='red')} {message}", err=True)
    for line in after:
        typer.echo(f"  {line}", err=True)
    raise typer.Exit(2)


def _compile_notice() -> Any:
    """A context that says :data:`COMPILING` once, when Numba starts compiling (a cached kernel
    loads silently). Numba loads here, when a command runs, not when ``pokerlab`` starts."""
    from numba.core import event as numba_event

    class CompileNotice(numba_event.Listener):
        def __init__(self) -> None:
            self.said = False

        def on_start(self, event: object) -> None:
            if not self.said:
                self.said = True
                err.print(COMPILING)

        def on_end(self, event: object) -> None:
            pass

    return numba_event.install_listener("numba:compile", CompileNotice())


def _usage_message(error: UsageError) -> str:
    """click's usage error as the rest of one ``error:`` line, with where to find help."""
    message = error.format_message()
    if message[:1].isupper() and message[1:2].islower():
        message = message[0].lower() + message[1:]
    where = f" (see {error.ctx.command_path} -h)" if error.ctx is not None else ""
    return message.rstrip(".") + where


class CommandGroup(TyperGroup):
    """A command group whose commands refuse bad input in one line and announce compiling."""

    # typer's vendored click classes are private, so the context goes untyped
    def invoke(self, ctx: Any) -> Any:
        # a subgroup runs inside its parent's invoke, where the notice already listens
        root = ctx.parent is None
        try:
            with _compile_notice() if root else nullcontext():
                return super().invoke(ctx)
        except InvalidRangeError as error:
            refuse(str(error), *(error.pointer() or ()))
        except PokerlabError as error:
            refuse(str(error))
        except KeyboardInterrupt:
            # typer would end with no word at all
            typer.echo(INTERRUPTED, err=True)
            raise typer.Exit(130) from None

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **kwargs: Any) -> Any:
        # click would print a usage error as usage, a hint, a blank line and a capitalised
        # "Error:", and typer turns Ctrl-C into a silent exit: both say one line here instead
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **kwargs)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **kwargs)
        except NoArgsIsHelpError as error:
            error.show()
            code = error.exit_code
        except UsageError as error:
            try:
                refuse(_usage_message(error))
            except typer.Exit as refused:
                code = refused.exit_code
        except ClickException as error:
            typer.echo(f"{typer.style('error:', fg='red')} {error.format_message()}", err=True)
            code = error.exit_code
        except (KeyboardInterrupt, typer.Abort):
            typer.echo(INTERRUPTED, err=True)
            code = 130
        sys.exit(code if isinstance(code, int) else 0)


def new_app(help: str) -> typer.Typer:
    """A command group with pokerlab's conventions: ``-h``, one-line errors, no tracebacks."""
    # Plain help, not typer's rich panels: those print "<bool>" after every flag, which takes no value.
    return typer.Typer(cls=CommandGroup, help=help, no_args_is_help=True, context_settings=CONTEXT_SETTINGS,
                       pretty_exceptions_enable=False, add_completion=False, rich_markup_mode=None)


def print_json(data: object) -> None:
    """``data`` as one line of JSON on stdout (never wrapped or coloured)."""
    typer.echo(json.dumps(data))


def output_path(path: Path | None, suffixes: tuple[str, ...], option: str = "out") -> Path | None:
    """``path`` if a file with one of ``suffixes`` can be written there: checked before any work starts.

    ``option`` names the command-line option the path came from, in the error.

    >>> output_path(Path("table.csv"), (".csv", ".json"))
    PosixPath('table.csv')
    >>> output_path(Path("table.txt"), (".csv", ".json"))
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: out must end in .csv or .json, got 'table.txt'
    """
    if path is None:
        return None
    if path.suffix.lower() not in suffixes:
        raise InvalidArgumentError(f"{option} must end in {' or '.join(suffixes)}, got {str(path)!r}")
    if not path.parent.is_dir():
        raise InvalidArgumentError(f"{option}: no such folder {str(path.parent)!r} to write {path.name!r} in")
    return path


def write_file(path: Path, write: Callable[[Path], object], option: str = "out") -> None:
    """Run ``write(path)``, reporting a file that cannot be written as a refusal, then say where it went."""
    try:
        write(path)
    except OSError as error:
        raise InvalidArgumentError(f"{option}: cannot write {str(path)!r}: {error.strerror or error}") from error
    err.print(f"wrote {path}", markup=False)


@contextmanager
def progress_bar(description: str) -> Iterator[ProgressCallback]:
    """A ``progress(done, total)`` callback that draws a bar on stderr while the block runs.

    The bar appears with the first report and is gone when the block ends; on a pipe it draws nothing.
    """
    # off a terminal rich would still end the bar with a blank line
    with Progress(TextColumn(description), BarColumn(), TaskProgressColumn(), TimeElapsedColumn(),
                  console=err, transient=True, disable=not err.is_interactive) as bar:
        task: TaskID | None = None

        def progress(done: int, total: int) -> None:
            nonlocal task
            if task is None:
                task = bar.add_task(description, total=total)
            bar.update(task, completed=done, total=total)

        yield progress
