"""``pokerlab solve``: solve a heads-up postflop spot in the terminal, and read any node of a
saved solution with ``pokerlab solve show``.

A solve says first what it will take (the spot's combos and tree, the memory in float32 and
16-bit storage, on stderr), draws a bar with the iteration and the exploitability while it
runs, then prints the exploitability reached, both players' EVs and the root's strategy: one
13 x 13 grid per action. Ctrl-C stops the solve between batches of iterations; what it
reached is still printed (and written with ``--out``), then the command says ``interrupted``
and exits with status 130, as every pokerlab command does on Ctrl-C.

Only typer, rich and :mod:`pokerlab.cli.support` load with the module; the solver loads when
a command runs.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from pokerlab.checks import check_choice
from pokerlab.cli.support import INTERRUPTED, JsonFlag, err, new_app, out, output_path, print_json, warmed, write_file
from pokerlab.errors import InvalidArgumentError

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from pokerlab.solver import Node, Solution, Spot

app = new_app("Solve a heads-up postflop spot (pokerlab solve --board ... --oop ... --ip ... --pot ... --stack ...), "
              "or read a saved one (pokerlab solve show FILE.npz).")

GRID_RANKS = "AKQJT98765432"
"""The ranks along the grid's edges, aces first, as the 13 x 13 charts have them."""

LEGEND = "cells: how often a class takes the action (its name: always, '.': never, blank: not in the range)"


def read_share(name: str, text: str) -> float:
    """A share of the pot typed as a percentage (``"0.5%"``) or as a fraction (``"0.005"``).

    >>> read_share("exploitability", "0.5%"), read_share("rake", "0.05")
    (0.005, 0.05)
    >>> read_share("exploitability", "half")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: exploitability must be a share of the pot, as 0.5% or 0.005; got 'half'
    """
    written = text.strip()
    try:
        return float(written[:-1]) / 100 if written.endswith("%") else float(written)
    except ValueError:
        raise InvalidArgumentError(f"{name} must be a share of the pot, as 0.5% or 0.005; got {text!r}") from None


def read_sizes(name: str, text: str) -> str | dict[str, Any]:
    """Bet sizes as typed: one list for every street and both players (``"60%, e, a"``), or a
    JSON object by street and/or player, as :class:`~pokerlab.solver.Spot` takes them.

    >>> read_sizes("bets", "60%, e, a")
    '60%, e, a'
    >>> read_sizes("bets", '{"turn": "60%", "river": {"oop": "75%", "ip": "a"}}')
    {'turn': '60%', 'river': {'oop': '75%', 'ip': 'a'}}
    """
    if not text.lstrip().startswith("{"):
        return text
    example = '\'{"turn": "60%", "river": "a"}\''
    try:
        mapping = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidArgumentError(f"{name}: sizes by street or player must be a JSON object, e.g. {example} "
                                   f"({error.msg} at character {error.pos})") from None
    if not isinstance(mapping, dict):
        raise InvalidArgumentError(f"{name}: sizes by street or player must be a JSON object, e.g. {example}")
    return mapping


def _say(text: str, console: Console = out, style: str | None = None) -> None:
    # a line to copy (a --line to type) must not be wrapped at the terminal's width
    console.print(text, markup=False, soft_wrap=True, style=style)


def strategy_table(node: Node, action: int) -> Table:
    """One action's 13 x 13 grid at ``node``: in each cell, how often the acting player takes
    it with the class (weighted by the combos' reach), titled with how often the whole range
    does.

    >>> import pokerlab as pl
    >>> spot = pl.solver.Spot("2c2d2h3c3d", oop="AA,QQ", ip="KK", pot=100, stack=100, bets="a")
    >>> node = pl.solver.solve(spot, exploitability=0.001).node("All-in 100")
    >>> table = strategy_table(node, 1)
    >>> table.title.startswith("Call: 5"), table.row_count
    (True, 13)
    """
    from rich.table import Table

    from pokerlab.ranges.holdem import CLASS_NAMES

    label = node.actions[action]
    share = node.frequencies("random")[label]
    table = Table(title=f"{label}: {share:.1%} (suited above the diagonal)", title_justify="left", box=None,
                  padding=(0, 1))
    table.add_column("")
    for rank in GRID_RANKS:
        table.add_column(rank, justify="center", min_width=3)
    frequencies = node.by_class[:, action]
    for r in range(13):
        cells = []
        for c in range(13):
            frequency = float(frequencies[r * 13 + c])
            percent = round(100 * frequency) if not math.isnan(frequency) else None
            if percent is None:
                cells.append("")
            elif percent == 0:
                cells.append("[dim].[/]")
            elif percent == 100:
                cells.append(f"[bold black on green]{CLASS_NAMES[r * 13 + c]}[/]")
            else:
                cells.append(f"[black on yellow]{percent}%[/]")
        table.add_row(f"[bold]{GRID_RANKS[r]}[/]", *cells)
    return table


def print_node(node: Node) -> None:
    """Where ``node`` is, each player's EV and equity there, and, where a player acts, a
    strategy grid for each action."""
    from pokerlab.cards.notation import card_name, format_cards

    where = ", ".join(node.labels) or "the root"
    acting = {"OOP": "OOP acts", "IP": "IP acts", "chance": "a card is dealt next",
              "fold": "a player has folded", "showdown": "showdown"}[node.kind]
    _say(f"At {where}: {acting}; board {format_cards(node.board)}, pot {node.pot:g}")
    players = cast(list[dict[str, float | None]], node.to_dict()["players"])
    for p, (name, values) in enumerate(zip(("OOP", "IP"), players)):
        ev, equity = values["ev"], values["equity"]
        if ev is None or equity is None:
            reached = float(node.reach[p].sum()) > 0
            _say(f"  {name}: " + (f"no EV: {('IP', 'OOP')[p]} never gets here with a hand {name} could hold beside it"
                                  if reached else "no combo of its range gets here"))
        else:
            _say(f"  {name}: EV {ev:.2f} chips, equity {equity:.1%}")
    if node.kind == "chance":
        card = card_name(max(set(node.solution.spot.game.deck) - set(node.board)))
        _say(f"  name the card in the line to see the street it deals, e.g. --line "
             f"\"{', '.join((*node.labels, card))}\"")
    if node.player is None:
        return
    mix = node.frequencies("random")
    _say("  " + ", ".join(f"{label} {share:.1%}" for label, share in mix.items()))
    _say(LEGEND, style="dim")
    for action in range(len(node.actions)):
        out.print(strategy_table(node, action))


def _stop_reason(solution: Solution, target: float) -> str:
    if solution.interrupted:
        return "stopped by Ctrl-C"
    if solution.exploitability <= target:
        return f"at or under the target {target:.3%}"
    return f"the target {target:.3%} not reached"


def print_solution(solution: Solution, target: float) -> None:
    """The exploitability reached, how the solve stopped, and the root (both EVs, the strategy)."""
    _say(f"Exploitability {solution.exploitability:.3%} of the pot after {solution.iterations} iterations, "
         f"{solution.seconds:.1f} s ({_stop_reason(solution, target)})")
    print_node(solution.root)


@contextmanager
def _solving(limit: int, target: float) -> Iterator[Callable[[int, float], None]]:
    """An ``on_check(iterations, exploitability)`` that draws a bar on stderr while the block
    runs (nothing on a pipe), gone when it ends."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("solving"), BarColumn(), TextColumn("iteration {task.completed:.0f}/{task.total:.0f}"),
                  TextColumn(f"exploitability {{task.fields[gap]}} (target {target:.3%})"), TimeElapsedColumn(),
                  console=err, transient=True, disable=not err.is_interactive) as bar:
        task = bar.add_task("solving", total=limit, gap="...")

        def checked(iterations: int, exploitability: float) -> None:
            bar.update(task, completed=iterations, gap=f"{exploitability:.3%}")

        yield checked


def _spot(board: str | None, oop: str | None, ip: str | None, pot: float | None, stack: float | None,
          bets: str, raises: str, donks: str | None, cap: int | None, thresholds: tuple[str, str, str],
          rake: str, rake_cap: float | None, game: str) -> Spot:
    from pokerlab.solver import Spot

    if board is None or oop is None or ip is None or pot is None or stack is None:
        missing = [f"--{name}" for name, value in (("board", board), ("oop", oop), ("ip", ip), ("pot", pot),
                                                    ("stack", stack)) if value is None]
        raise InvalidArgumentError(f"a spot needs {', '.join(missing)}: e.g. pokerlab solve --board Td9d6hQc2s "
                                   "--oop \"AA,KK,AK\" --ip \"QQ-99,AQs\" --pot 200 --stack 900")
    add, force, merging = (read_share(name, text) for name, text in
                           zip(("add_allin_threshold", "force_allin_threshold", "merging_threshold"), thresholds))
    return Spot(board, oop, ip, pot, stack, bets=read_sizes("bets", bets),
                raises=read_sizes("raises", raises), donks=None if donks is None else read_sizes("donks", donks),
                cap=cap, add_allin_threshold=add, force_allin_threshold=force, merging_threshold=merging,
                rake=read_share("rake", rake), rake_cap=rake_cap, game=game)


@app.callback(invoke_without_command=True)
def solve_command(
    ctx: typer.Context,
    board: Annotated[str | None, typer.Option(help="The flop, turn or river, e.g. Td9d6hQc.")] = None,
    oop: Annotated[str | None, typer.Option(help="Out of position's range (acts first), e.g. \"66+,AJo+,KQs\"; "
                                                 "weights as AA:0.5.")] = None,
    ip: Annotated[str | None, typer.Option(help="In position's range.")] = None,
    pot: Annotated[float | None, typer.Option(help="The pot at the start, in chips.")] = None,
    stack: Annotated[float | None, typer.Option(help="The effective stack, in chips.")] = None,
    bets: Annotated[str, typer.Option(help="Bet sizes, e.g. \"60%,e,a\" (share of the pot, geometric, all-in; "
                                           "docs/solver.md), or a JSON mapping by street and/or player.")] = "50%",
    raises: Annotated[str, typer.Option(help="Raise sizes, e.g. 2.5x (times the bet faced) or \"60%,a\".")] = "2.5x",
    donks: Annotated[str | None, typer.Option(help="Out of position's sizes when it leads into the last caller "
                                                   "(default: its bet sizes).")] = None,
    cap: Annotated[int | None, typer.Option(help="The most bets and raises on a street (default: no cap).")] = None,
    add_allin_threshold: Annotated[str, typer.Option(
        help="Add all-in when it is at most this share of the pot, e.g. 150%.")] = "0",
    force_allin_threshold: Annotated[str, typer.Option(
        help="Make a bet all-in when it leaves less than this share of the pot behind, e.g. 15%.")] = "0",
    merging_threshold: Annotated[str, typer.Option(help="Merge sizes this close, e.g. 10% (PioSOLVER's).")] = "0",
    rake: Annotated[str, typer.Option(help="Rake, a share of the final pot, e.g. 5%.")] = "0",
    rake_cap: Annotated[float | None, typer.Option(help="The most rake taken, in chips (default: no cap).")] = None,
    game: Annotated[str, typer.Option("--game", "-g", help="holdem or short-deck.")] = "holdem",
    exploitability: Annotated[str, typer.Option(
        help="Stop at this exploitability, a share of the pot: 0.5% or 0.005.")] = "0.5%",
    max_iterations: Annotated[int, typer.Option(help="Stop after this many iterations.")] = 1000,
    seconds: Annotated[float | None, typer.Option(help="Stop after this many seconds (default: no limit).")] = None,
    threads: Annotated[int | None, typer.Option(help="Threads (default: all).")] = None,
    bits: Annotated[int, typer.Option(help="Storage: 32 (float32) or 16 (16-bit, about half the memory).")] = 32,
    schedule: Annotated[str, typer.Option(
        help="Discounted CFR's schedule: paper (Brown and Sandholm's) or restarting (postflop-solver's: the "
             "average started again after iterations 1, 4, 16, 64, ...; often fewer iterations on a turn or "
             "flop).")] = "paper",
    out_path: Annotated[Path | None, typer.Option("--out", "-o", help="Save the solution to this .npz file "
                                                                      "(pokerlab solve show reads it).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Solve a heads-up postflop spot by Discounted CFR, print the exploitability, the EVs and
    the root's strategy (a 13 x 13 grid per action). Ctrl-C stops the solve: what it reached is
    printed (and saved with --out), then the command exits with status 130."""
    if ctx.invoked_subcommand is not None:
        given = [param.opts[0] for param in ctx.command.params if param.name is not None
                 and getattr(ctx.get_parameter_source(param.name), "name", None) == "COMMANDLINE"]
        if given:
            raise InvalidArgumentError(f"pokerlab solve {ctx.invoked_subcommand} reads a saved solution: give its "
                                       f"options after {ctx.invoked_subcommand}, and no spot (got {', '.join(given)})")
        return
    from pokerlab.analyses.equilibrium import Discount
    from pokerlab.solver import solve
    from pokerlab.solver.solve import stop_rules

    # every refusal comes before the spot's summary, the stop rules and the storage too
    target, max_iterations, seconds = stop_rules(read_share("exploitability", exploitability), max_iterations, seconds)
    check_choice("bits", bits, (32, 16))
    check_choice("schedule", schedule, ("paper", "restarting"))
    out_path = output_path(out_path, (".npz",))
    spot = _spot(board, oop, ip, pot, stack, bets, raises, donks, cap,
                 (add_allin_threshold, force_allin_threshold, merging_threshold), rake, rake_cap, game)
    memory = spot.memory(threads=threads)
    _say(f"{len(spot.combos(0))} x {len(spot.combos(1))} combos (OOP x IP), {len(spot.tree):,} nodes; memory about "
         f"{memory.float32 / 2**20:.1f} MiB in float32, {memory.bits16 / 2**20:.1f} MiB in 16-bit "
         f"(solving in {'float32' if bits == 32 else '16-bit'})", err)
    warmed("solver")
    with _solving(max_iterations, target) as checked:
        solution = solve(spot, exploitability=target, max_iterations=max_iterations, seconds=seconds,
                         threads=threads, on_check=checked, bits=bits,
                         discount=Discount.restarting() if schedule == "restarting" else Discount())
    if out_path is not None:
        write_file(out_path, solution.save)
    if as_json:
        print_json(solution.to_dict())
    else:
        print_solution(solution, target)
    if solution.interrupted:
        typer.echo(INTERRUPTED, err=True)
        raise typer.Exit(130)


@app.command("show")
def show_command(
    path: Annotated[Path, typer.Argument(help="A solution saved by pokerlab solve --out FILE.npz.")],
    line: Annotated[str, typer.Option(help="The actions and dealt cards that lead to the node, comma separated, "
                                           "e.g. \"Check,Bet 120,Call,Kh\" (default: the root).")] = "",
    as_json: JsonFlag = False,
) -> None:
    """Print a node of a saved solution: EVs and equities there, and the strategy of the player
    to act, a 13 x 13 grid per action."""
    from pokerlab.solver import load

    node = load(path).node(line)
    if as_json:
        print_json(node.to_dict())
        return
    print_node(node)
