"""``pokerlab icm``, ``pokerlab pushfold`` and ``pokerlab pushfold-icm``: prize equity and
push/fold charts in the terminal. :mod:`pokerlab.cli.main` registers them; each imports the
tournament package when it runs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokerlab.cli.support import JsonFlag, out, print_json, progress_bar, warmed
from pokerlab.errors import InvalidArgumentError

if TYPE_CHECKING:
    from rich.table import Table

    from pokerlab.ranges.holdem import Range
    from pokerlab.tournament import PushFoldChart

ICM_CONTEXT: dict[str, Any] = {"ignore_unknown_options": True}
"""``--payouts`` is read from the arguments themselves, so that it takes several values."""


def split_icm_arguments(values: list[str]) -> tuple[list[float], list[float]]:
    """The stacks and the payouts of ``50 30 20 --payouts 70 30`` (commas work too).

    >>> split_icm_arguments(["50", "30", "20", "--payouts", "70,30"])
    ([50.0, 30.0, 20.0], [70.0, 30.0])
    >>> split_icm_arguments(["50", "30"])
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: give the payouts after the stacks: pokerlab icm 50 30 20 --payouts 70 30
    """
    if "--payouts" not in values:
        raise InvalidArgumentError("give the payouts after the stacks: pokerlab icm 50 30 20 --payouts 70 30")
    at = values.index("--payouts")
    return _numbers("stacks", values[:at]), _numbers("payouts", values[at + 1:])


def _numbers(name: str, texts: list[str]) -> list[float]:
    numbers = []
    for text in (part for value in texts for part in value.split(",") if part.strip()):
        try:
            numbers.append(float(text))
        except ValueError:
            raise InvalidArgumentError(f"{name} must be numbers, got {text!r}") from None
    return numbers


def icm_command(
    values: Annotated[list[str], typer.Argument(
        metavar="STACKS... --payouts PRIZES...",
        help="The chip stacks, then --payouts and the prizes from first place down, e.g. 50 30 20 --payouts 70 30")],
    as_json: JsonFlag = False,
) -> None:
    """Each player's prize equity by ICM (Malmuth-Harville), exact."""
    from rich.table import Table

    from pokerlab.tournament import icm
    from pokerlab.tournament.icm import check_inputs

    stacks, payouts = split_icm_arguments(values)
    check_inputs(stacks, payouts)
    warmed("tournament")
    equities = icm(stacks, payouts)
    if as_json:
        print_json({"stacks": stacks, "payouts": payouts, "equity": list(equities)})
        return
    table = Table(title=f"ICM: prize pool {sum(payouts):g} over {len(payouts)} place(s)")
    for column in ("player", "stack", "chips", "equity", "of the pool"):
        table.add_column(column, justify="right")
    chips, pool = sum(stacks), sum(payouts)
    for k, (stack, value) in enumerate(zip(stacks, equities), start=1):
        table.add_row(str(k), f"{stack:g}", f"{stack / chips:.2%}", f"{value:.4f}", f"{value / pool:.2%}")
    out.print(table)


def _grid(range_: Range) -> None:
    # without colour, dimming says nothing: the plain grid marks what is out with '.'
    if out.color_system and not out.no_color:
        out.print(range_)
    else:
        typer.echo(str(range_))


RANKS = "AKQJT98765432"


def chart_grid(chart: PushFoldChart, side: str) -> Table:
    """One side of the chart as a 13 x 13 table, ranks on the edges (suited above the
    diagonal, offsuit below): in each cell the largest stack at which the hand plays, ``+``
    when it plays at the chart's last stack, ``*`` when it has a gap, ``.`` when never."""
    from rich.table import Table

    from pokerlab.preflop import CLASSES

    runs = chart.push if side == "push" else chart.call
    top = chart.stacks[-1]
    title = "small blind pushes" if side == "push" else "big blind calls"
    table = Table(title=f"{title} up to (bb); suited above the diagonal", box=None, padding=(0, 1))
    table.add_column("")
    for rank in RANKS:
        table.add_column(rank, justify="right")
    for r in range(13):
        cells = []
        for c in range(13):
            played = runs[CLASSES[r * 13 + c]]
            if not played:
                cells.append("[dim].[/]")
                continue
            last = played[-1][1]
            mark = "+" if last >= top else ("*" if len(played) > 1 else "")
            cells.append(f"{last:g}{mark}")
        table.add_row(f"[bold]{RANKS[r]}[/]", *cells)
    return table


def pushfold_command(
    stack: Annotated[str, typer.Argument(help="The effective stack in big blinds, e.g. 10; or 'chart' for "
                                              "every stack up to --max-bb")],
    ante: Annotated[float, typer.Option(help="The ante each player posts, in big blinds.")] = 0.0,
    max_bb: Annotated[float, typer.Option("--max-bb", help="The chart's deepest stack.")] = 20.0,
    as_json: JsonFlag = False,
) -> None:
    """Heads-up push/fold equilibrium: the small blind's pushes and the big blind's calls."""
    from pokerlab.tournament.pushfold import class_table, pushfold, pushfold_chart, table_ready

    if stack != "chart":
        try:
            stack_bb = float(stack)
        except ValueError:
            raise InvalidArgumentError(f"stack must be a number of big blinds or 'chart', got {stack!r}") from None
    warmed("tournament")
    with progress_bar("all-in equity table (first run only)") as progress:
        if not table_ready():
            class_table(progress)
    if stack == "chart":
        with progress_bar("stacks") as progress:
            chart = pushfold_chart(max_bb, ante, progress=progress)
        if as_json:
            print_json(chart.to_dict())
            return
        out.print(chart_grid(chart, "push"))
        out.print(chart_grid(chart, "call"))
        out.print(f"Every {chart.stacks[1] - chart.stacks[0] if len(chart.stacks) > 1 else 0.05:.2f} bb from "
                  f"{chart.stacks[0]:g} to {chart.stacks[-1]:g} bb; + also at {chart.stacks[-1]:g} bb, "
                  "* with a gap (pokerlab pushfold chart --json has every run)")
        return
    result = pushfold(stack_bb, ante)
    if as_json:
        print_json(result.to_dict())
        return
    sb, bb = result.ev
    out.print(f"Push/fold at {result.stack:g} bb" + (f", ante {result.ante:g}" if result.ante else "")
              + f": small blind EV {sb:+.4f} bb, big blind {bb:+.4f} bb; exploitability {result.exploitability:.1e}")
    for title, hand_range in (("small blind pushes", result.push_range()), ("big blind calls", result.call_range())):
        out.print(f"{title}: {len(hand_range)} combos ({hand_range.weights.sum() / 1326:.1%})")
        _grid(hand_range)


PUSHFOLD_ICM_CONTEXT: dict[str, Any] = {"ignore_unknown_options": True, "allow_extra_args": False}
"""``--stacks``, ``--payouts`` and ``--blinds`` each take several values, read from the arguments."""


def split_pushfold_icm_arguments(values: list[str]) -> dict[str, list[float]]:
    """The numbers after each of ``--stacks``, ``--payouts`` and ``--blinds`` (commas work too).

    >>> split_pushfold_icm_arguments(["--stacks", "10", "15", "25", "--payouts", "50,30,20", "--blinds", "0.5", "1"])
    {'stacks': [10.0, 15.0, 25.0], 'payouts': [50.0, 30.0, 20.0], 'blinds': [0.5, 1.0]}
    """
    found: dict[str, list[str]] = {}
    current: str | None = None
    for value in values:
        if value in ("--stacks", "--payouts", "--blinds"):
            current = value[2:]
            found[current] = []
        elif current is None:
            raise InvalidArgumentError(f"give --stacks, --payouts and --blinds before the numbers, got {value!r}")
        else:
            found[current].append(value)
    for name in ("stacks", "payouts", "blinds"):
        if name not in found:
            raise InvalidArgumentError(f"give --{name}: pokerlab pushfold-icm --stacks 10 15 25 --payouts 50 30 20 "
                                       "--blinds 0.5 1")
    return {name: _numbers(name, found[name]) for name in ("stacks", "payouts", "blinds")}


def pushfold_icm_command(
    values: Annotated[list[str], typer.Argument(
        metavar="--stacks S S S --payouts P... --blinds SB BB",
        help="The button's, small blind's and big blind's stacks, the prizes from first place down, the blinds")],
    ante: Annotated[float, typer.Option(help="The ante each player posts, in chips.")] = 0.0,
    as_json: JsonFlag = False,
) -> None:
    """Three-player push/fold (button, small blind, big blind) in prize equity by ICM."""
    from pokerlab.ranges.holdem import Range
    from pokerlab.tournament.icm_pushfold import DECISIONS, POSITIONS, check_inputs, pushfold_icm
    from pokerlab.tournament.pushfold import class_table, table_ready

    given = split_pushfold_icm_arguments(values)
    check_inputs(given["stacks"], given["payouts"], given["blinds"], ante)
    warmed("tournament")
    with progress_bar("all-in equity table (first run only)") as progress:
        if not table_ready():
            class_table(progress)
    result = pushfold_icm(given["stacks"], given["payouts"], given["blinds"], ante, seed=0)  # the same each run
    if as_json:
        print_json(result.to_dict())
        return
    out.print(f"ICM push/fold: stacks {' / '.join(f'{s:g}' for s in result.stacks)}, prizes "
              f"{' / '.join(f'{p:g}' for p in result.payouts)}, blinds {result.blinds[0]:g}/{result.blinds[1]:g}"
              + (f", ante {result.ante:g}" if result.ante else ""))
    out.print("EV (prize equity): " + ", ".join(f"{p.replace('_', ' ')} {v:.4f}" for p, v in zip(POSITIONS, result.ev))
              + f"; exploitability {result.exploitability:.2e} ({result.exploitability / result.pool:.1e} of the pool)")
    for decision in DECISIONS:
        frequencies = result.ranges[decision]
        hand_range = Range(",".join(f"{h}:{f:.3f}" if f < 0.9995 else h for h, f in frequencies.items()
                                    if f >= 0.0005) or "")
        out.print(f"{decision.replace('_', ' ')}: {len(hand_range)} combos ({hand_range.weights.sum() / 1326:.1%})")
        _grid(hand_range)
