"""The range analysis commands: ``pokerlab breakdown``, ``pokerlab runouts``, and the tables of
``pokerlab equity --by-combo``. :mod:`pokerlab.cli.main` registers them; each imports what it needs
when it runs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from pokerlab.cli.support import JsonFlag, out, print_json, progress_bar, warmed

if TYPE_CHECKING:
    from rich.table import Table

    from pokerlab.analyses.breakdown import Breakdown, BreakdownLine
    from pokerlab.analyses.runouts import Runouts
    from pokerlab.equity.results import EquityResult

BAR_WIDTH = 30
"""Characters in a full bar."""

Board = Annotated[str, typer.Option("--board", "-b", help='Board cards, e.g. "Ah7d2c"')]
Dead = Annotated[str, typer.Option("--dead", "-d", help="Dead cards")]
GameName = Annotated[str, typer.Option("--game", "-g", help="The game, one of: {games with a board} "
                                                            "(pokerlab games shows their rules)")]


def bar(fraction: float, width: int = BAR_WIDTH) -> str:
    """A bar of block characters, eighths included, for a fraction from 0 to 1.

    >>> bar(0.5, 4), bar(0.0, 4), bar(1 / 16, 4)
    ('██', '', '▎')
    """
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    return "█" * (eighths // 8) + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[eighths % 8]


def breakdown_table(result: Breakdown, hands: bool = False) -> Table:
    """The lines that hold combos, made hands then draws, each with its count, weight, share and bar."""
    from rich.table import Table

    table = Table(title=f"{result.range} on {result.board}" + (f", dead {result.dead}" if result.dead else "")
                  + f": {result.combos} combos, weight {result.weight:g}", title_justify="left")
    for column in ("line", "combos", "weight", "share", ""):
        table.add_column(column, justify="left" if column in ("line", "") else "right")
    if hands:
        table.add_column("hands")

    def add(line: BreakdownLine, indent: str = "") -> None:
        row = [indent + line.label, str(line.combos), f"{line.weight:g}", f"{line.share:.1%}", bar(line.share)]
        table.add_row(*row, *((" ".join(line.hands),) if hands and not line.split else ()))

    for line in result.made.values():
        if line.combos:
            add(line)
            for part in line.split.values():
                if part.combos:
                    add(part, "  ")
    drawing = [line for line in result.draws.values() if line.combos]
    if drawing:
        table.add_section()
        for line in drawing:
            add(line)
    return table


def breakdown_command(
    hand_range: Annotated[str, typer.Argument(metavar="RANGE", help='A range, e.g. "QQ+,AK,KQs"')],
    board: Board,
    dead: Dead = "",
    hands: Annotated[bool, typer.Option("--hands", help="List the combos of each line.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """What a range holds on a board: made hands (each combo in one line) and draws, with bars."""
    from pokerlab.analyses.breakdown import breakdown, combos_left

    combos_left(hand_range, board, dead)  # bad input refused at once, not after a first run's compile
    warmed("breakdown")
    result = breakdown(hand_range, board, dead)
    if as_json:
        print_json(result.to_dict())
        return
    out.print(breakdown_table(result, hands))


def runouts_chart(result: Runouts) -> Table:
    """Each next card, highest rank first, with every player's equity after it and a bar for the first."""
    from rich.table import Table

    table = Table(title=f"{' vs '.join(result.players)} on {result.board}: now "
                        + ", ".join(f"{p.equity:.2%}" for p in result.before.players)
                        + ("" if result.exact else " (Monte Carlo)"),
                  title_justify="left", box=None, padding=(0, 1))
    table.add_column("card")
    for name in result.players:
        table.add_column(name, justify="right")
    table.add_column(f"{result.players[0]}: equity")
    cards = sorted(result.by_card, key=lambda card: ("23456789TJQKA".index(card[0]), card[1]), reverse=True)
    for card in cards:
        r = result.by_card[card]
        table.add_row(card, *(f"{p.equity:.1%}" for p in r.players), bar(r.players[0].equity))
    return table


def runouts_checked(players: list[str], board: str, dead: str, pairs: bool, exact: bool | None, trials: int | None,
                    seed: int | None, threads: int | None, game: str) -> None:
    """What :func:`~pokerlab.analyses.runouts.runouts` refuses before its first equity call, refused
    here before a first run's compile: the options, the board, and each player read as the
    game reads them.

    >>> runouts_checked(["AhKh", "ZZ"], "Qh7h3s", "", False, None, None, None, None, "holdem")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidRangeError: ...
    """
    from pokerlab.analyses.runouts import check_board
    from pokerlab.cards.notation import parse_cards
    from pokerlab.equity.api import players_of
    from pokerlab.equity.driver import check_options
    from pokerlab.games import get

    check_options(exact, trials, None, None, seed, threads, None)
    board_ids, dead_ids = check_board(board, dead, pairs), parse_cards(dead)
    players_of(get(game), players, board_ids, dead_ids)


def runouts_command(
    players: Annotated[list[str], typer.Argument(help='Hands ("AhKh"), ranges ("QQ+,AKs") or "random"')],
    board: Board,
    dead: Dead = "",
    pairs: Annotated[bool, typer.Option("--pairs", help="On the flop, also every turn and river pair.")] = False,
    exact: Annotated[bool | None, typer.Option("--exact/--monte-carlo", help="Force a method")] = None,
    trials: Annotated[int | None, typer.Option(help="Monte Carlo: showdowns per card")] = None,
    seed: Annotated[int | None, typer.Option(help="Monte Carlo: random seed")] = None,
    threads: Annotated[int | None, typer.Option(help="Threads to use (default: all)")] = None,
    game: GameName = "holdem",
    as_json: JsonFlag = False,
) -> None:
    """Every player's equity after each card that can come next: a chart, best and worst cards."""
    from pokerlab.analyses.runouts import runouts
    from pokerlab.cli.warmup import equity_part

    runouts_checked(players, board, dead, pairs, exact, trials, seed, threads, game)
    warmed(equity_part(game))
    with progress_bar("runouts") as progress:
        result = runouts(players, board, dead, pairs=pairs, exact=exact, trials=trials, seed=seed, threads=threads,
                         progress=progress, game=game)
    if as_json:
        print_json(result.to_dict())
        return
    out.print(runouts_chart(result))
    for i, name in enumerate(result.players):
        out.print(f"{name}: best {' '.join(result.best(i))}; worst {' '.join(result.worst(i))}")
    if result.by_pair:
        out.print(f"{len(result.by_pair)} turn and river pairs: see --json")


def combo_tables(result: EquityResult) -> list[Table]:
    """For ``equity --by-combo``: each ranged player's starting-hand classes, strongest equity first."""
    from rich.table import Table

    tables = []
    for p in result.players:
        if len(p.combos) < 2:
            continue
        table = Table(title=f"{p.hand}: by starting hand", title_justify="left", box=None, padding=(0, 1))
        for column in ("class", "combos", "weight", "equity", "win", "tie", ""):
            table.add_column(column, justify="left" if column in ("class", "") else "right")
        for c in sorted(p.classes.values(), key=lambda c: -c.equity):
            table.add_row(c.name, str(c.combos), f"{c.weight:.3g}", f"{c.equity:.2%}", f"{c.win:.2%}",
                          f"{c.tie:.2%}", bar(c.equity, 20))
        tables.append(table)
    return tables
