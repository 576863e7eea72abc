"""The ``pokerlab`` command: evaluate hands, tour the library, run the benchmarks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.table import Table

from pokerlab.cards import format_cards, parse_cards
from pokerlab.errors import PokerlabError
from pokerlab.evaluate import best_five, evaluate
from pokerlab.videopoker.cli import app as videopoker_app
from pokerlab.ranges import COMBOS, Range

app = typer.Typer(help="pokerlab: poker hand evaluation and odds.", no_args_is_help=True,
                  pretty_exceptions_enable=False)
console = Console()
app.add_typer(videopoker_app, name="videopoker")


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
    suites: Annotated[Optional[list[str]], typer.Argument(help="Suites to run (default: all).")] = None,
    markdown: Annotated[Optional[Path], typer.Option(help="Update this Markdown file's sections.")] = None,
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


if __name__ == "__main__":
    app()
