"""The ``pokerlab`` command: evaluate hands, tour the library, run the benchmarks."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from pokerlab.cards import format_cards, parse_cards
from pokerlab.category import HandCategory
from pokerlab.equity import equity
from pokerlab.errors import PokerlabError
from pokerlab.evaluate import best_five, evaluate
from pokerlab.grid import grid
from pokerlab.outs import outs
from pokerlab.preflop.cli import app as preflop_app
from pokerlab.ranges import COMBOS, Range
from pokerlab.videopoker.cli import app as videopoker_app

T = TypeVar("T")
app = typer.Typer(help="pokerlab: poker hand evaluation and odds.", no_args_is_help=True,
                  pretty_exceptions_enable=False)
console = Console()
app.add_typer(videopoker_app, name="videopoker")
app.add_typer(preflop_app, name="preflop")


def _fail(err: PokerlabError) -> None:
    console.print(f"[red]error:[/red] {err}")
    raise typer.Exit(2)


def _hand_dict(text: str) -> dict[str, object]:
    ids = parse_cards(text)
    rank = evaluate(ids)
    return {"cards": format_cards(ids), **rank.to_dict(), "best_five": format_cards(best_five(ids))}


@app.command("eval")
def eval_command(
    cards: Annotated[str, typer.Argument(help='5 to 9 cards, e.g. "As Ks Qs Js Ts 2c 3d"')],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Evaluate a hand: strength, Cactus Kev class, category, description, best five."""
    try:
        info = _hand_dict(cards)
    except PokerlabError as err:
        _fail(err)
    if as_json:
        print(json.dumps(info))
        return
    table = Table(show_header=False, box=None)
    for key in ("cards", "description", "category", "strength", "kev_class", "best_five"):
        table.add_row(key.replace("_", " "), str(info[key]))
    console.print(table)


DEMO_HANDS = ("As Ks Qs Js Ts 2c 3d", "9h 8h 7h 6h 5h Kd Kc", "Ac Ad Ah As Kd", "Kh Kd Ks 7c 7d",
              "Ah Qh 9h 5h 2h Kc", "6c 5d 4h 3s 2c", "Kc Kd 7s 7h Qc 3d 2s", "Ac Ad Kh Qs Jc",
              "Ad Kc Qh Js 9d 3c 2h")


@app.command()
def demo() -> None:
    """A short tour: evaluate a few hands and show how they compare."""
    table = Table(title="pokerlab: best five of each hand, strongest first")
    for column in ("cards", "description", "strength", "Kev class", "best five"):
        table.add_column(column)
    hands = sorted(DEMO_HANDS, key=lambda h: -evaluate(h))
    for text in hands:
        info = _hand_dict(text)
        table.add_row(str(info["cards"]), str(info["description"]), str(info["strength"]),
                      str(info["kev_class"]), str(info["best_five"]))
    console.print(table)
    console.print("Try: [bold]pokerlab eval \"As Ks Qs Js Ts 2c 3d\" --json[/bold], "
                  "[bold]pokerlab bench[/bold], [bold]pokerlab --help[/bold]")


@app.command()
def bench(
    suites: Annotated[list[str] | None, typer.Argument(help="Suites to run (default: all).")] = None,
    markdown: Annotated[Path | None, typer.Option(help="Update this Markdown file's sections.")] = None,
    quick: Annotated[bool, typer.Option(help="Smaller workloads, for a smoke test.")] = False,
) -> None:
    """Measure the speed figures the issues name, with baselines in the same run."""
    from pokerlab import bench as benchmarks

    names = suites or list(benchmarks.SUITES)
    for name in names:
        if name not in benchmarks.SUITES:
            _fail(PokerlabError(f"unknown bench suite {name!r}; choose from {', '.join(benchmarks.SUITES)}"))
        with console.status(f"running bench suite {name}..."):
            figures = benchmarks.run_suite(name, quick=quick)
        table = Table(title=f"bench {name}")
        for column in ("figure", "value", "unit", "target", "baseline", "ratio"):
            table.add_column(column)
        for f in figures:
            table.add_row(f.name, f"{f.value:,.3f}", f.unit, f.target, f.baseline, f.ratio)
        console.print(table)
        if markdown is not None:
            command = f"pokerlab bench {name}" + (" --quick" if quick else "")
            benchmarks.update_markdown(markdown, name, benchmarks.markdown(name, figures, command))


@app.command("range")
def range_command(
    text: Annotated[str, typer.Argument(help='A range, e.g. "QQ+,AKs,A5s-A2s:0.5,top 10%"')],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Show a hand range as the 13x13 grid of starting hands, with its combo count."""
    try:
        hand_range = Range(text)
    except PokerlabError as err:
        _fail(err)
    if as_json:
        print(json.dumps(hand_range.to_dict()))
        return
    console.print(hand_range)
    weight = hand_range.weights.sum()
    console.print(f"{len(hand_range)} combos ({weight / len(COMBOS):.2%} of all, weighted)")


def _run_with_progress(description: str, job: Callable[[Callable[[float], None]], T]) -> T:
    """Run a job that reports its fraction done; show a progress bar once it passes a second."""
    started = time.perf_counter()
    with Progress(transient=True, console=console) as bar:
        task = None

        def update(fraction: float) -> None:
            nonlocal task
            if task is None and time.perf_counter() - started > 1.0:
                task = bar.add_task(description, total=1.0)
            if task is not None:
                bar.update(task, completed=fraction)

        return job(update)


SHORT_LABELS = dict(zip(HandCategory, ("HC", "1P", "2P", "3K", "St", "Fl", "FH", "4K", "SF")))
PlayersArg = Annotated[list[str], typer.Argument(help='Hands ("AsKs"), ranges ("QQ+,AKs") or "random"')]
BoardOpt = Annotated[str, typer.Option("--board", "-b", help='Board cards, e.g. "Qh7h3s"')]
DeadOpt = Annotated[str, typer.Option("--dead", "-d", help="Dead cards")]
ExactOpt = Annotated[bool | None, typer.Option("--exact/--monte-carlo", help="Force a method (default: exact when small)")]
TrialsOpt = Annotated[int | None, typer.Option(help="Monte Carlo: stop after this many showdowns")]
StderrOpt = Annotated[float | None, typer.Option(help="Monte Carlo: stop at this standard error")]
SecondsOpt = Annotated[float | None, typer.Option(help="Monte Carlo: stop after this long")]
SeedOpt = Annotated[int | None, typer.Option(help="Monte Carlo: random seed")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON.")]


@app.command("equity")
def equity_command(players: PlayersArg, board: BoardOpt = "", dead: DeadOpt = "", exact: ExactOpt = None,
                   trials: TrialsOpt = None, stderr: StderrOpt = None, seconds: SecondsOpt = None,
                   seed: SeedOpt = None, as_json: JsonOpt = False) -> None:
    """Each player's chance to win, split and lose: exact when small, else Monte Carlo."""
    try:
        result = _run_with_progress("equity", lambda progress: equity(
            players, board, dead, exact=exact, trials=trials, stderr=stderr, seconds=seconds,
            seed=seed, progress=progress))
    except PokerlabError as err:
        _fail(err)
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    method = "exact" if result.exact else f"Monte Carlo, {result.showdowns:,} trials"
    table = Table(title=f"board: {result.board or 'none'}, dead: {result.dead or 'none'} ({method}, "
                        f"{result.elapsed:.3f} s)")
    for column in ("player", "equity", "win", "tie", "lose") + (() if result.exact else ("± stderr",)):
        table.add_column(column, justify="left" if column == "player" else "right")
    for p in result.players:
        row = [p.hand, f"{p.equity:.4%}", f"{p.win:.4%}", f"{p.tie:.4%}", f"{p.lose:.4%}"]
        table.add_row(*row, *(() if result.exact else (f"{p.stderr:.4%}",)))
    console.print(table)


@app.command("grid")
def grid_command(hand: Annotated[str, typer.Argument(help="The player's hole cards")], board: BoardOpt = "",
                 opponents: Annotated[int, typer.Option(help="Random opponents")] = 1, dead: DeadOpt = "",
                 trials: TrialsOpt = None, seed: SeedOpt = None, as_json: JsonOpt = False) -> None:
    """The odds grid: win/tie/lose by the player's and the best opponent's final category."""
    try:
        result = _run_with_progress("grid", lambda progress: grid(
            hand, board, opponents, dead=dead, trials=trials, seed=seed, progress=progress))
    except PokerlabError as err:
        _fail(err)
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    table = Table(title=f"{result.hand} on {result.board or 'preflop'} vs {opponents} random "
                        f"({'exact' if result.exact else 'Monte Carlo'}): win {result.win:.2%}, "
                        f"tie {result.tie:.2%}, lose {result.lose:.2%}")
    table.add_column("you \\ best opp.")
    for category in HandCategory:
        table.add_column(SHORT_LABELS[category], justify="right")
    table.add_column("win/tie/lose", justify="right")
    rows = result.by_own_category()
    for own in reversed(HandCategory):
        if rows[own].total == 0:
            continue
        cells = [f"{result.cells[own][opp].total:.1%}" if result.cells[own][opp].total else "" for opp in HandCategory]
        r = rows[own]
        table.add_row(own.label, *cells, f"{r.win:.1%}/{r.tie:.1%}/{r.lose:.1%}")
    console.print(table)
    console.print("Cells: how often the hands end in that pair of categories. "
                  + ", ".join(f"{v}={k.label}" for k, v in SHORT_LABELS.items()))


@app.command("outs")
def outs_command(hand: Annotated[str, typer.Argument(help="The player's hole cards")],
                 opponents: Annotated[list[str] | None, typer.Argument(help="Known opponents' hands")] = None,
                 board: BoardOpt = "", dead: DeadOpt = "", as_json: JsonOpt = False) -> None:
    """The next cards that put the hand ahead (or, with no opponents, improve it)."""
    try:
        result = outs(hand, opponents or (), board, dead)
    except PokerlabError as err:
        _fail(err)
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    what = "put you ahead" if result.opponents else "improve your hand"
    console.print(f"{result.hand} on {result.board}: {result.count} of {result.unseen} cards {what}"
                  + (f", {result.split_count} split" if result.split_count else ""))
    table = Table()
    table.add_column("makes")
    table.add_column("cards")
    for category, cards in result.by_category().items():
        table.add_row(category.label, format_cards(cards))
    console.print(table)

@app.command()
def serve(host: Annotated[str, typer.Option(help="Address to listen on; loopback unless told otherwise.")] = "127.0.0.1",
          port: Annotated[int, typer.Option(help="Port to listen on (0: any free port).")] = 8000) -> None:
    """The web app: hand odds, the odds grid and the video poker trainer; prints its URL."""
    from pokerlab.web.server import serve as serve_web  # FastAPI loads only for this command

    try:
        serve_web(host, port)
    except PokerlabError as err:
        _fail(err)


if __name__ == "__main__":
    app()
