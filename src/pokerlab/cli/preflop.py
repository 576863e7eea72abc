"""``pokerlab preflop``: compute the tables (here or on a Dask cluster), show a hand, draw the chart.

The commands import the preflop package when they run, not when ``pokerlab`` starts.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pokerlab.cli.support import JsonFlag, LateHelp, new_app, output_path, print_json, progress_bar, warmed, write_file
from pokerlab.cli.support import out as console

if TYPE_CHECKING:
    from rich.table import Table

    from pokerlab.preflop import PreflopMatrix, PreflopTable

app = new_app("Preflop tables: every starting hand against random hands, the heads-up matrix.")

SchedulerOption = Annotated[str | None, typer.Option(
    "--scheduler", help="Run on this Dask scheduler, e.g. tcp://host:8786 (default: this machine).")]
ResultsOption = Annotated[Path | None, typer.Option(
    "--results", help="Keep finished chunks in this folder; a rerun resumes from them.")]
ThreadsOption = Annotated[int | None, typer.Option(help="Numba threads of a local run (default: all).")]
OutOption = Annotated[Path | None, typer.Option("--out", "-o", help="Write the result to this .csv or .json file.")]
TableOption = Annotated[Path | None, typer.Option(
    "--table", exists=True, dir_okay=False,
    help="A table written by vs-random --out FILE.csv (default: the shipped one-opponent table).")]
TABLE_SUFFIXES = (".csv", ".json")


def _save(result: PreflopTable | PreflopMatrix, path: Path) -> None:
    write_file(path, result.to_csv if path.suffix.lower() == ".csv" else result.to_json)


def _load(path: Path | None) -> PreflopTable:
    from pokerlab.preflop import PreflopTable, shipped_table

    return shipped_table() if path is None else PreflopTable.from_csv(path)


def _colour(value: float, low: float, high: float) -> str:
    """Red for the weakest, through yellow, to green for the strongest."""
    x = 0.0 if high <= low else (value - low) / (high - low)
    red, green = (255, int(80 + 175 * 2 * x)) if x < 0.5 else (int(255 - 175 * 2 * (x - 0.5)), 255)
    return f"rgb({red},{green},80)"


def chart_table(table: PreflopTable) -> Table:
    """The 13 x 13 chart as a rich table, each cell its class and equity, coloured by equity."""
    from rich.table import Table
    from rich.text import Text

    grid = table.grid()
    low, high = float(grid.min()), float(grid.max())
    opponents = "1 random hand" if table.opponents == 1 else f"{table.opponents} random hands"
    out = Table(title=f"Equity against {opponents} ({'exact' if table.exact else 'Monte Carlo'})",
                show_header=False, box=None, padding=(0, 0))
    for _ in range(13):
        out.add_column(justify="center", width=6)
    for r in range(13):
        cells = []
        for c in range(13):
            row = table.rows[r * 13 + c]
            style = f"black on {_colour(row.equity, low, high)}"
            cells.append(Text(f"{row.hand}\n{100 * row.equity:.1f}", style=style))
        out.add_row(*cells)
    return out


def write_png(table: PreflopTable, path: Path) -> None:
    """A matplotlib heat map of the chart, each cell labelled with its class and equity."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(9, 8.5))
    image = axes.imshow(100 * table.grid(), cmap="RdYlGn")
    for k, row in enumerate(table.rows):
        axes.text(k % 13, k // 13, f"{row.hand}\n{100 * row.equity:.1f}", ha="center", va="center", fontsize=7)
    axes.set_xticks([])
    axes.set_yticks([])
    opponents = "one random hand" if table.opponents == 1 else f"{table.opponents} random hands"
    axes.set_title(f"Preflop equity (%) against {opponents}; suited above the diagonal")
    figure.colorbar(image, ax=axes, fraction=0.046, pad=0.04)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


@app.command("vs-random", cls=LateHelp)
def vs_random_command(
    opponents: Annotated[int, typer.Option("--opponents", "-n", help="Random opponents, 1..9 (1 is exact).")] = 1,
    stderr: Annotated[float | None, typer.Option(
        help="Largest standard error per class, 2+ opponents (default: {preflop stderr}).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the Monte Carlo runs.")] = 0,
    scheduler: SchedulerOption = None,
    results: ResultsOption = None,
    out: OutOption = None,
    threads: ThreadsOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Every starting hand against N random hands; prints the chart."""
    from pokerlab.preflop import vs_random

    out = output_path(out, TABLE_SUFFIXES)
    warmed("preflop")
    started = time.perf_counter()
    with progress_bar(f"{opponents} opponent(s)") as progress:
        table = vs_random(opponents, stderr=stderr, seed=seed, executor=scheduler, results=results,
                          progress=progress, threads=threads)
    if out is not None:
        _save(table, out)
    if as_json:
        print_json(table.to_dict())
        return
    console.print(chart_table(table))
    console.print(f"{len(table)} classes in {time.perf_counter() - started:.1f} s; "
                  f"strongest: {', '.join(table.strongest(5))}")


@app.command("matrix")
def matrix_command(
    hands: Annotated[str | None, typer.Option(
        help='Comma-separated classes, e.g. "AA,KK,AKs" (default: all 169).')] = None,
    scheduler: SchedulerOption = None,
    results: ResultsOption = None,
    out: OutOption = None,
    threads: ThreadsOption = None,
    as_json: JsonFlag = False,
) -> None:
    """The exact heads-up matrix; prints it when it has at most 13 hands."""
    from pokerlab.preflop import matrix

    out = output_path(out, TABLE_SUFFIXES)
    warmed("preflop")
    started = time.perf_counter()
    names = None if hands is None else [h for h in (part.strip() for part in hands.split(",")) if h]
    with progress_bar("matrix") as progress:
        result = matrix(names, executor=scheduler, results=results, progress=progress, threads=threads)
    if out is not None:
        _save(result, out)
    if as_json:
        print_json(result.to_dict())
        return
    if len(result.hands) <= 13:
        console.print(_matrix_table(result))
    cells = len(result.hands) * (len(result.hands) + 1) // 2
    console.print(f"{cells:,} class pairs in {time.perf_counter() - started:.1f} s")


def _matrix_table(result: PreflopMatrix) -> Table:
    from rich.table import Table

    out = Table(title="Equity (%) of the row hand against the column hand")
    out.add_column("")
    for name in result.hands:
        out.add_column(name, justify="right")
    equity = result.equity()
    for i, name in enumerate(result.hands):
        out.add_row(name, *(f"{100 * x:.2f}" for x in equity[i]))
    return out


@app.command("show")
def show_command(
    hand: Annotated[str, typer.Argument(help='A starting hand class, e.g. "AKs", "QQ", "72o".')],
    table_path: TableOption = None,
    as_json: JsonFlag = False,
) -> None:
    """One starting hand's row: equity, win, tie, lose, and its rank among the 169."""
    from rich.table import Table

    from pokerlab.preflop import CLASSES

    table = _load(table_path)
    row = table[hand]
    place = table.strongest().index(row.hand) + 1
    if as_json:
        print_json({**row.to_dict(), "opponents": table.opponents, "exact": table.exact, "rank": place})
        return
    out = Table(title=f"{row.hand} against {table.opponents} random hand(s)", show_header=False)
    for label, value in (("combos", str(row.combos)), ("equity", f"{100 * row.equity:.4f}%"),
                         ("win", f"{100 * row.win:.4f}%"), ("tie", f"{100 * row.tie:.4f}%"),
                         ("lose", f"{100 * row.lose:.4f}%"), ("rank", f"{place} of {len(CLASSES)}")):
        out.add_row(label, value)
    if not table.exact:
        out.add_row("stderr", f"{100 * row.stderr:.4f}%")
    console.print(out)


@app.command("chart")
def chart_command(
    table_path: TableOption = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Also draw a heat map to this .png file.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """The 13 x 13 chart of the starting hands, coloured by equity."""
    from pokerlab.extras import naming_extras

    out = output_path(out, (".png",))
    table = _load(table_path)
    if out is not None:
        with naming_extras("the chart"):
            write_file(out, lambda path: write_png(table, path))
    if as_json:
        print_json(table.to_dict())
        return
    console.print(chart_table(table))
