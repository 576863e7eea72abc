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

import importlib
import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console

# typer bundles its own click and exports none of its usage errors
from typer._click.core import Command
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError
from typer.core import TyperCommand, TyperGroup

from pokerlab.checks import Progress as ProgressCallback
from pokerlab.errors import InvalidArgumentError, InvalidRangeError, PokerlabError

if TYPE_CHECKING:
    from pokerlab.games import Game

out = Console(highlight=False)
"""Where results go (stdout)."""

err = Console(stderr=True, highlight=False)
"""Where progress and notices go (stderr)."""

COMPILING = "compiling {what} (first run only)..."
"""Said on stderr, once for each thing, when a command is about to compile Numba kernels that
are not in the cache yet."""

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


class _CompileNotice:
    """What a command says on stderr as Numba starts compiling in its process: :data:`COMPILING`,
    naming the kernels' module, once each. It listens only while a command runs, and only once
    Numba is loaded: a command that has no kernels never loads it."""

    def __init__(self) -> None:
        self.said: set[str] = set()
        self.running: ExitStack | None = None
        self.listening = False

    def __call__(self, kernel: str) -> None:
        self.say(f"the kernels of {kernel.rpartition('.')[0]}")

    def say(self, what: str) -> None:
        """Say :data:`COMPILING` of ``what``, unless said already."""
        if what not in self.said:
            self.said.add(what)
            err.print(COMPILING.format(what=what), markup=False)

    def listen(self) -> None:
        """Start listening, till the command ends (at once when no command runs)."""
        if self.running is not None and not self.listening:
            from pokerlab.cli.warmup import counting_compiles

            self.running.enter_context(counting_compiles(self))
            self.listening = True

    @contextmanager
    def command(self) -> Iterator[None]:
        """The block a command runs in."""
        with ExitStack() as self.running:
            if "numba" in sys.modules:  # loaded with the command's modules: listening costs nothing
                self.listen()
            try:
                yield
            finally:
                self.running, self.listening, self.said = None, False, set()


_NOTICE = _CompileNotice()


def warmed(*parts: str) -> None:
    """Compile the kernels of those of ``parts`` (see :data:`pokerlab.cli.warmup.PARTS`) not yet
    warm before a command starts its clock: the compile is announced, naming the part, and
    never counted in the time a command reports. A part already warm costs a file check (see
    :func:`pokerlab.cli.warmup.cold`).

    The compile runs in processes of its own (:func:`pokerlab.cli.warmup.compile_parts`), which
    fill Numba's cache for this one: Ctrl-C stops it at once, where a compile in this process
    would hold it for minutes (Python hears a signal only between bytecodes, and LLVM
    optimises a large kernel in one call).

    >>> warmed("tournament")
    """
    from pokerlab.cli.warmup import PARTS, cold, compile_parts

    _NOTICE.listen()
    todo = cold(parts)
    for name in todo:
        _NOTICE.say(PARTS[name].what)
    compile_parts(todo)


def announce_compiles() -> None:
    """Say what compiles from now till the command ends, as it starts compiling (by its kernels'
    module, once each): for a command whose work reaches kernels of many parts, as the
    benchmarks do, and which does not warm them all first.

    >>> announce_compiles()  # outside a command: nothing to listen for
    """
    _NOTICE.listen()


def _usage_message(error: UsageError) -> str:
    """click's usage error as the rest of one ``error:`` line, with where to find help."""
    message = error.format_message()
    if message[:1].isupper() and message[1:2].islower():
        message = message[0].lower() + message[1:]
    where = f" (see {error.ctx.command_path} -h)" if error.ctx is not None else ""
    return message.rstrip(".") + where


class LazyGroup(TyperCommand):
    """Stands in for a command group whose module loads only when the group runs (or shows its
    own help): ``target`` names it, ``module:attribute``, a :class:`typer.Typer`; the parent's
    help lists it by the ``help`` given here, without loading it."""

    def __init__(self, name: str, target: str, help: str) -> None:
        super().__init__(name, help=help)
        self.target = target

    def load(self) -> Command:
        """The group itself, loaded."""
        module, _, attribute = self.target.partition(":")
        group: Command = typer.main.get_command(getattr(importlib.import_module(module), attribute))
        group.name = self.name
        return group


class CommandGroup(TyperGroup):
    """A command group whose commands refuse bad input in one line and announce compiling, and
    whose :attr:`lazy` groups load when they run."""

    lazy: tuple[LazyGroup, ...] = ()

    def __init__(self, **settings: Any) -> None:
        super().__init__(**settings)
        for group in self.lazy:
            self.commands.setdefault(str(group.name), group)

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if isinstance(command, LazyGroup):
            command = self.commands[str(name)] = command.load()
        return name, command, rest

    # typer's vendored click classes are private, so the context goes untyped
    def invoke(self, ctx: Any) -> Any:
        # a subgroup runs inside its parent's invoke, where the notice already listens
        root = ctx.parent is None
        try:
            if not root:
                return super().invoke(ctx)
            with _NOTICE.command():
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


def _games(where: Callable[[Game], bool]) -> Callable[[], str]:
    def listed() -> str:
        from pokerlab.games import names

        return names(where)

    return listed


def _preflop_stderr() -> str:
    from pokerlab.preflop import DEFAULT_STDERR

    return f"{DEFAULT_STDERR:g}"


HELP_MARKS: dict[str, Callable[[], str]] = {
    "{games}": _games(lambda game: True),
    "{games with a board}": _games(lambda game: bool(game.board_cards)),
    "{games with one pot}": _games(lambda game: bool(game.board_cards) and not game.hilo),
    "{preflop stderr}": _preflop_stderr,
}
"""Marks that a command's help may hold, each standing for what a module the command loads
only when it runs says (the games of the catalog, a default): filled in when the help is
shown, so that ``pokerlab`` starts without loading them."""


class LateHelp(TyperCommand):
    """A command whose help holds marks of :data:`HELP_MARKS`.

    >>> app = new_app("A demo.")
    >>> @app.command(cls=LateHelp)
    ... def deal(game: Annotated[str, typer.Option(help="One of {games with a board}.")] = "holdem") -> None:
    ...     pass
    >>> @app.command()
    ... def other() -> None:
    ...     pass
    >>> from typer.testing import CliRunner
    >>> "One of holdem, holdem-hilo, short-deck," in CliRunner().invoke(app, ["deal", "-h"]).output
    True
    """

    def format_help(self, ctx: Any, formatter: Any) -> None:
        marks = re.compile("|".join(map(re.escape, HELP_MARKS)))
        for param in self.params:
            help_text = getattr(param, "help", None)
            if help_text:
                param.help = marks.sub(lambda mark: HELP_MARKS[mark.group()](), help_text)  # type: ignore[attr-defined]
        super().format_help(ctx, formatter)


def new_app(help: str, lazy: Sequence[LazyGroup] = ()) -> typer.Typer:
    """A command group with pokerlab's conventions: ``-h``, one-line errors, no tracebacks; and
    the ``lazy`` groups, loaded when they run."""
    group = type("CommandGroup", (CommandGroup,), {"lazy": tuple(lazy)}) if lazy else CommandGroup
    # Plain help, not typer's rich panels: those print "<bool>" after every flag, which takes no value.
    return typer.Typer(cls=group, help=help, no_args_is_help=True, context_settings=CONTEXT_SETTINGS,
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
    existed = path.exists()
    try:  # opened to append, so that what is there is kept: a long run must not end in a file it cannot write
        with open(path, "ab"):
            pass
    except OSError as error:
        raise InvalidArgumentError(f"{option}: cannot write {str(path)!r}: {error.strerror or error}") from None
    if not existed:
        path.unlink()
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
    from rich.progress import BarColumn, Progress, TaskID, TaskProgressColumn, TextColumn, TimeElapsedColumn

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
