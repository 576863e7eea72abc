"""``pokerlab preflop``: compute the tables (here or on a Dask cluster), show a hand, draw the chart."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from pokerlab.errors import PokerlabError
from pokerlab.preflop.compute import DEFAULT_STDERR, matrix, vs_random
from pokerlab.preflop.results import CLASSES, PreflopMatrix, PreflopTable

app = typer.Typer(help="Preflop tables: every starting hand against random hands, the heads-up matrix.",
                  no_args_is_help=True)
console = Console(highlight=False)
T = TypeVar("T")

SchedulerOption = Annotated[str | None, typer.Option(
    "--scheduler", help="Run on this Dask scheduler, e.g. tcp://host:8786 (default: this machine).")]
ResultsOption = Annotated[Path | None, typer.Option(
    "--results", help="Keep finished chunks in this folder; a rerun resumes from them.")]
ThreadsOption = Annotated[int | None, typer.Option(help="Numba threads of a local run (default: all).")]
JsonPathOption = Annotated[Path | None, typer.Option("--json", help="Write the result as JSON.")]
TableOption = Annotated[Path | None, typer.Option(
    "--table", help="A table CSV written by vs-random --csv (default: the shipped one-opponent table).")]


def _fail(err: Exception) -> None:
    console.print(f"[red]error:[/red] {err}")
    raise typer.Exit(2)


def _with_progress(description: str, job: Callable[[Callable[[int, int], None]], T]) -> T:
    """Run a chunked job under a progress bar that counts chunks."""
    with Progress(TextColumn(description), BarColumn(), TaskProgressColumn(), TextColumn("{task.completed}/{task.total} chunks"),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task(description, total=None)
        return job(lambda done, total: bar.update(task, completed=done, total=total))


def _save(result: PreflopTable | PreflopMatrix, csv: Path | None, json_path: Path | None) -> None:
    if csv is not None:
        result.to_csv(csv)
    if json_path is not None:
        result.to_json(json_path)


def _load(path: Path | None) -> PreflopTable:
    from pokerlab.preflop import shipped_table

    return shipped_table() if path is None else PreflopTable.from_csv(path)


def _colour(value: float, low: float, high: float) -> str:
    """Red for the weakest, through yellow, to green for the strongest."""
    x = 0.0 if high <= low else (value - low) / (high - low)
    red, green = (255, int(80 + 175 * 2 * x)) if x < 0.5 else (int(255 - 175 * 2 * (x - 0.5)), 255)
    return f"rgb({red},{green},80)"


def chart_table(table: PreflopTable) -> Table:
    """The 13 x 13 chart as a rich table, each cell its class and equity, coloured by equity."""
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
            cells.append(Text(f"{row.hand}\n{100 * row.equity:.1f}", style=f"black on {_colour(row.equity, low, high)}"))
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


@app.command("vs-random")
def vs_random_command(
    opponents: Annotated[int, typer.Option("--opponents", "-n", help="Random opponents, 1..9 (1 is exact).")] = 1,
    stderr: Annotated[float, typer.Option(help="Largest standard error per class, 2+ opponents.")] = DEFAULT_STDERR,
    seed: Annotated[int, typer.Option(help="Seed of the Monte Carlo runs.")] = 0,
    scheduler: SchedulerOption = None,
    results: ResultsOption = None,
    csv: Annotated[Path | None, typer.Option("--csv", help="Write the table as CSV.")] = None,
    json_path: JsonPathOption = None,
    threads: ThreadsOption = None,
) -> None:
    """Every starting hand against N random hands; prints the chart."""
    started = time.perf_counter()
    try:
        table = _with_progress(f"{opponents} opponent(s)", lambda progress: vs_random(
            opponents, stderr=stderr, seed=seed, executor=scheduler, results=results, progress=progress,
            threads=threads))
    except PokerlabError as err:
        _fail(err)
    _save(table, csv, json_path)
    console.print(chart_table(table))
    console.print(f"{len(table)} classes in {time.perf_counter() - started:.1f} s; "
                  f"strongest: {', '.join(table.strongest(5))}")


@app.command("matrix")
def matrix_command(
    hands: Annotated[str | None, typer.Option(help='Comma-separated classes, e.g. "AA,KK,AKs" (default: all 169).')] = None,
    scheduler: SchedulerOption = None,
    results: ResultsOption = None,
    csv: Annotated[Path | None, typer.Option("--csv", help="Write one line per ordered pair as CSV.")] = None,
    json_path: JsonPathOption = None,
    threads: ThreadsOption = None,
) -> None:
    """The exact heads-up matrix; prints it when it has at most 13 hands."""
    started = time.perf_counter()
    names = None if hands is None else [h for h in (part.strip() for part in hands.split(",")) if h]
    try:
        result = _with_progress("matrix", lambda progress: matrix(
            names, executor=scheduler, results=results, progress=progress, threads=threads))
    except PokerlabError as err:
        _fail(err)
    _save(result, csv, json_path)
    if len(result.hands) <= 13:
        console.print(_matrix_table(result))
    cells = len(result.hands) * (len(result.hands) + 1) // 2
    console.print(f"{cells:,} class pairs in {time.perf_counter() - started:.1f} s")


def _matrix_table(result: PreflopMatrix) -> Table:
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
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """One starting hand's row: equity, win, tie, lose, and its rank among the 169."""
    try:
        table = _load(table_path)
        row = table[hand]
    except (PokerlabError, OSError, ValueError) as err:  # a bad hand name, or an unreadable table file
        _fail(err)
    place = table.strongest().index(row.hand) + 1
    if as_json:
        print(json.dumps({**row.to_dict(), "opponents": table.opponents, "exact": table.exact, "rank": place}))
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
    png: Annotated[Path | None, typer.Option("--png", help="Also write a matplotlib heat map to this file.")] = None,
) -> None:
    """The 13 x 13 chart of the starting hands, coloured by equity."""
    try:
        table = _load(table_path)
    except (PokerlabError, OSError, ValueError) as err:
        _fail(err)
    console.print(chart_table(table))
    if png is not None:
        write_png(table, png)
        console.print(f"wrote {png}")
