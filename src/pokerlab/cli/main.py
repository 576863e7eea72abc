"""The ``pokerlab`` command: evaluate hands, odds, ranges, video poker, preflop tables, benchmarks.

Each command imports what it needs when it runs, so that ``pokerlab --version`` and
``pokerlab --help`` answer at once; a command whose work has Numba kernels warms them first
(see :func:`~pokerlab.cli.support.warmed`), so that a first run says what it compiles and
never counts the compile in the time it reports.
"""

from __future__ import annotations

import functools
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pokerlab.checks import check_choice
from pokerlab.cli.preflop import app as preflop_app
from pokerlab.cli.ranges import breakdown_command, combo_tables, runouts_command
from pokerlab.cli.support import (
    JsonFlag,
    LateHelp,
    LazyGroup,
    announce_compiles,
    err,
    new_app,
    out,
    output_path,
    print_json,
    progress_bar,
    warmed,
    write_file,
)
from pokerlab.cli.tournament import (
    ICM_CONTEXT,
    PUSHFOLD_ICM_CONTEXT,
    icm_command,
    pushfold_command,
    pushfold_icm_command,
)
from pokerlab.errors import InvalidArgumentError

if TYPE_CHECKING:
    from rich.table import Table

    from pokerlab.analyses.grid import GridResult
    from pokerlab.analyses.outs import OutsResult
    from pokerlab.cli.warmup import PartWarmed
    from pokerlab.games import Game

VIDEOPOKER = LazyGroup("videopoker", "pokerlab.cli.videopoker:app",
                       "Video poker, any game: hold advice, whole-game analysis, strategy charts, risk, a trainer.")
"""The video poker commands, whose package loads Numba: loaded when they run."""

SOLVE = LazyGroup("solve", "pokerlab.cli.solver:app",
                  "Solve a heads-up postflop spot (pokerlab solve --board ... --oop ... --ip ... --pot ... "
                  "--stack ...), or read a saved one (pokerlab solve show FILE.npz).")
"""The solver's commands, whose package loads Numba: loaded when they run."""

app = new_app("pokerlab: poker hand evaluation and odds.", lazy=[VIDEOPOKER, SOLVE])
app.add_typer(preflop_app, name="preflop")


def _print_version(asked: bool) -> None:
    if asked:
        from importlib.metadata import version

        typer.echo(f"pokerlab {version('pokerlab')}")
        raise typer.Exit()


@app.callback()
def main(
    _version: Annotated[bool, typer.Option("--version", callback=_print_version, is_eager=True,
                                           help="Print the version and exit.")] = False,
) -> None:
    """pokerlab: poker hand evaluation and odds."""


def hand_dict(cards: str) -> dict[str, object]:
    """What ``pokerlab eval`` says about a hand, as plain values.

    >>> hand_dict("Kh Kd Ks 7c 7d")["description"]
    'Full House, Kings full of Sevens'
    """
    from pokerlab.cards.notation import format_cards, parse_cards
    from pokerlab.games.evaluate import best_five, evaluate

    ids = parse_cards(cards)
    rank = evaluate(ids)
    return {"cards": format_cards(ids), **rank.to_dict(), "best_five": format_cards(best_five(ids))}


def game_hand_dict(cards: str, game: str) -> dict[str, object]:
    """What ``pokerlab eval --game`` says about a hand: the hole cards first, then the board
    (the lowball games have no board), its high rank and, in a hi/lo game, its low.

    >>> info = game_hand_dict("Ah 2c Kd Ks 3h 5d 8c Qs Js", "omaha-hilo")
    >>> info["description"], info["low"]["description"]
    ('Pair of Kings with Queen-Jack-Eight kickers', '8-5-3-2-A, Eight-Five low')
    """
    from pokerlab.cards.notation import format_cards
    from pokerlab.games import get

    rules = get(game)
    ids = rules.check_cards("cards", cards)
    hole, board = (ids[:rules.hole_cards], ids[rules.hole_cards:]) if rules.board_cards else (ids, ())
    info: dict[str, object] = {"game": rules.name, "hole": format_cards(hole), "board": format_cards(board),
                               **rules.evaluate(hole, board).to_dict()}
    if rules.hilo:
        low = rules.evaluate_low(hole, board)
        info["low"] = None if low is None else low.to_dict()
    return info


def _game_option(games: str) -> object:
    return typer.Option("--game", "-g", help=f"The game, one of: {games} (pokerlab games shows their rules)")


AnyGame = Annotated[str, _game_option("{games}")]
BoardGame = Annotated[str, _game_option("{games with a board}")]
OnePotGame = Annotated[str, _game_option("{games with one pot}")]


@app.command("eval", cls=LateHelp)
def eval_command(
    cards: Annotated[list[str], typer.Argument(help="Hold'em: 5 to 9 cards, e.g. As Ks Qs Js Ts 2c 3d "
                                                    "(quotes optional); "
                                                    "with --game, the hole cards first, then the board, as many as "
                                                    "the game deals (pokerlab games)")],
    game: AnyGame = "holdem",
    as_json: JsonFlag = False,
) -> None:
    """Evaluate a hand: strength, Cactus Kev class, category, description, best five."""
    from rich.table import Table

    from pokerlab.games import get

    if get(game).name != "holdem":
        info = game_hand_dict(" ".join(cards), game)
        keys: tuple[str, ...] = ("game", "hole", "board", "description", "category", "strength")
        if "low" in info:
            info["low"] = info["low"]["description"] if isinstance(info["low"], dict) else "none"
            keys += ("low",)
    else:
        info = hand_dict(" ".join(cards))
        keys = ("cards", "description", "category", "strength", "kev_class", "best_five")
    if as_json:
        print_json(info)
        return
    table = Table(show_header=False, box=None)
    for key in keys:
        table.add_row(key.replace("_", " "), str(info[key]))
    out.print(table)


def hole_cards_text(game: Game) -> str:
    """The hole cards a game deals, as ``pokerlab games`` shows them: a lowball hand without a
    board takes five cards up to its count.

    >>> from pokerlab.games import ACE_TO_FIVE, DEUCE_TO_SEVEN, OMAHA
    >>> hole_cards_text(ACE_TO_FIVE), hole_cards_text(DEUCE_TO_SEVEN), hole_cards_text(OMAHA)
    ('5 to 7', '5', '4')
    """
    low = 5 if not game.board_cards else game.hole_cards
    return str(game.hole_cards) if low == game.hole_cards else f"{low} to {game.hole_cards}"


@app.command("games")
def games_command(as_json: JsonFlag = False) -> None:
    """The games pokerlab knows and their rules (pass a name to --game)."""
    from rich.table import Table

    from pokerlab.games import GAMES

    if as_json:
        print_json([g.to_dict() for g in GAMES.values()])
        return
    table = Table(title="games (--game NAME)")
    table.add_column("name", no_wrap=True, min_width=max(map(len, GAMES)))  # the names are what --game takes: whole
    for column in ("hole", "board", "deck", "pot", "rules"):
        table.add_column(column)
    for g in GAMES.values():
        info = g.to_dict()
        table.add_row(g.name, hole_cards_text(g), str(g.board_cards), str(info["deck"]), str(info["pot"]), g.rules)
    out.print(table)


DEMO_HANDS = ("As Ks Qs Js Ts 2c 3d", "9h 8h 7h 6h 5h Kd Kc", "Ac Ad Ah As Kd", "Kh Kd Ks 7c 7d",
              "Ah Qh 9h 5h 2h Kc", "6c 5d 4h 3s 2c", "Kc Kd 7s 7h Qc 3d 2s", "Ac Ad Kh Qs Jc",
              "Ad Kc Qh Js 9d 3c 2h")


@app.command()
def demo(as_json: JsonFlag = False) -> None:
    """A short tour: evaluate a few hands and show how they compare."""
    from rich.table import Table

    from pokerlab.games.evaluate import evaluate

    hands = [hand_dict(text) for text in sorted(DEMO_HANDS, key=lambda h: -evaluate(h))]
    if as_json:
        print_json(hands)
        return
    table = Table(title="pokerlab: best five of each hand, strongest first")
    for column in ("cards", "description", "strength", "Kev class", "best five"):
        table.add_column(column)
    for info in hands:
        table.add_row(*(str(info[key]) for key in ("cards", "description", "strength", "kev_class", "best_five")))
    out.print(table)
    out.print("Try: pokerlab eval As Ks Qs Js Ts 2c 3d --json, pokerlab bench, pokerlab -h")


@app.command()
def bench(
    suites: Annotated[list[str] | None, typer.Argument(help="Suites to run (default: all).")] = None,
    markdown: Annotated[Path | None, typer.Option(help="Update this Markdown file's sections.")] = None,
    quick: Annotated[bool, typer.Option("--quick", help="Smaller workloads, for a smoke test.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Measure the speed figures the issues name, with baselines in the same run."""
    from dataclasses import asdict

    from rich.table import Table

    from pokerlab import bench as benchmarks

    names = [check_choice("suite", name, benchmarks.SUITES) for name in suites or benchmarks.SUITES]
    markdown = output_path(markdown, (".md",), "markdown")
    announce_compiles()  # each suite times its calls after a first, untimed run that compiles
    results = {}
    for name in names:
        with err.status(f"running bench suite {name}..."):
            figures = benchmarks.run_suite(name, quick=quick)
        results[name] = figures
        if markdown is not None:
            command = f"pokerlab bench {name}" + (" --quick" if quick else "")
            section = benchmarks.markdown(name, figures, command)
            write_file(markdown, functools.partial(benchmarks.update_markdown, name=name, section=section),
                       "markdown")
        if not as_json:
            table = Table(title=f"bench {name}")
            for column in ("figure", "value", "unit", "target", "baseline", "ratio"):
                table.add_column(column)
            for f in figures:
                table.add_row(f.name, f"{f.value:,.3f}", f.unit, f.target, f.baseline, f.ratio)
            out.print(table)
    if as_json:
        print_json({name: [{**asdict(f), "ratio": f.ratio} for f in figures] for name, figures in results.items()})


@app.command("compile")
def compile_command(
    parts: Annotated[list[str] | None, typer.Argument(
        metavar="[PART]...", help="Parts to compile, by name (default: all; a name that is not one lists "
                                  "them)")] = None,
    jobs: Annotated[int | None, typer.Option(help="Parts compiled at once, each in a process of its own "
                                                  "(default: one per core)")] = None,
    again: Annotated[bool, typer.Option("--again", help="Warm the parts already warm too (by default they are "
                                                        "skipped: none of their kernels needs compiling)")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Compile every Numba kernel once, in parallel, so that no first run waits for a compile."""
    from pokerlab.cli.warmup import PARTS, cold, compile_parts

    started = time.perf_counter()
    asked = list(PARTS) if parts is None else parts
    todo = asked if again else cold(asked)
    done = compile_parts(todo, jobs=jobs, on_done=None if as_json else _said_compiled)
    warm_already = [name for name in asked if name not in todo]
    if as_json:
        print_json({**done.to_dict(), "warm_already": warm_already, "wall_seconds": time.perf_counter() - started})
        return
    if warm_already:
        out.print(f"warm already: {', '.join(warm_already)} (--again warms them anew)", markup=False)
    out.print(f"{len(done.parts)} part(s), {done.compiled} kernel(s) compiled in {time.perf_counter() - started:.1f} s",
              markup=False)


def _said_compiled(part: PartWarmed) -> None:
    from pokerlab.cli.warmup import PARTS

    how = f"{part.compiled} kernel(s) compiled" if part.compiled else "loaded from the cache"
    out.print(f"{part.name}: {PARTS[part.name].what}, {how} in {part.seconds:.1f} s", markup=False)


@app.command("range")
def range_command(
    text: Annotated[str, typer.Argument(help='A range, e.g. "QQ+,AKs,A5s-A2s:0.5,top 10%"')],
    as_json: JsonFlag = False,
) -> None:
    """Show a hand range as the 13x13 grid of starting hands, with its combo count.

    In colour, classes out of the range are dim; without colour (piped) they show as '.'.
    A class partly in the range shows its weighted share, e.g. 50%.
    """
    from pokerlab.ranges.holdem import COMBOS, Range

    hand_range = Range(text)
    if as_json:
        print_json(hand_range.to_dict())
        return
    # Without colour, dimming says nothing: the plain grid marks what is out with '.'.
    if out.color_system and not out.no_color:
        out.print(hand_range)
    else:
        typer.echo(str(hand_range))
    weight = hand_range.weights.sum()
    out.print(f"{len(hand_range)} combos ({weight / len(COMBOS):.2%} of all, weighted)")


PlayersArg = Annotated[list[str], typer.Argument(help='Hands ("AsKs"), ranges ("QQ+,AKs") or "random"')]
BoardOpt = Annotated[str, typer.Option("--board", "-b", help='Board cards, e.g. "Qh7h3s"')]
DeadOpt = Annotated[str, typer.Option("--dead", "-d", help="Dead cards")]
ExactOpt = Annotated[bool | None, typer.Option(
    "--exact/--monte-carlo", help="Force a method (default: exact when small; a stop rule means Monte Carlo)")]
TrialsOpt = Annotated[int | None, typer.Option(help="Monte Carlo: stop after this many showdowns")]
StderrOpt = Annotated[float | None, typer.Option(help="Monte Carlo: stop at this standard error")]
SecondsOpt = Annotated[float | None, typer.Option(help="Monte Carlo: stop after this long")]
SeedOpt = Annotated[int | None, typer.Option(help="Monte Carlo: random seed")]
ThreadsOpt = Annotated[int | None, typer.Option(help="Threads to use (default: all)")]


def exact_argument(exact: bool | None, trials: int | None, stderr: float | None, seconds: float | None) -> bool | None:
    """The ``exact`` argument for the library: a Monte Carlo stop rule asks for Monte Carlo.

    >>> exact_argument(None, 1000, None, None), exact_argument(None, None, None, None)
    (False, None)
    >>> exact_argument(True, 1000, None, None)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: --exact cannot be combined with --trials (a Monte Carlo stop rule)
    """
    rules = [name for name, value in (("--trials", trials), ("--stderr", stderr), ("--seconds", seconds))
             if value is not None]
    if rules and exact:
        raise InvalidArgumentError(f"--exact cannot be combined with {' or '.join(rules)} (a Monte Carlo stop rule)")
    return False if rules else exact


def stop_rules_checked(exact: bool | None, trials: int | None, stderr: float | None, seconds: float | None,
                       seed: int | None, threads: int | None) -> bool | None:
    """The ``exact`` argument for the library (see :func:`exact_argument`), the Monte Carlo
    options checked with it: a stop rule that can never be met is refused at once, not after a
    first run's compile.

    >>> stop_rules_checked(None, None, 1e-9, None, None, None)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: stderr must be a finite number from 1e-06 to 0.5 (a smaller one \
takes more than 1000000000000 trials; give trials or seconds too to stop sooner), got 1e-09
    """
    from pokerlab.equity.driver import check_options

    method = exact_argument(exact, trials, stderr, seconds)
    check_options(method, trials, stderr, seconds, seed, threads, None)
    return method


def warmed_for(game: str, by_combo: bool = False) -> None:
    """Warm the equity kernels of ``game`` (an unknown game is refused here, before any compile),
    and with ``by_combo`` those of equity by combo."""
    from pokerlab.cli.warmup import equity_part

    part = equity_part(game)
    warmed(part, *(("by-combo",) if by_combo is True and part == "equity" else ()))


@app.command("equity", cls=LateHelp)
def equity_command(players: PlayersArg, board: BoardOpt = "", dead: DeadOpt = "", exact: ExactOpt = None,
                   trials: TrialsOpt = None, stderr: StderrOpt = None, seconds: SecondsOpt = None,
                   seed: SeedOpt = None, threads: ThreadsOpt = None, game: BoardGame = "holdem",
                   by_combo: Annotated[bool, typer.Option("--by-combo", help="Also each combo of each range, by "
                                                                             "starting hand")] = False,
                   as_json: JsonFlag = False) -> None:
    """Each player's chance to win, split and lose: exact when small, else Monte Carlo."""
    from rich.table import Table

    from pokerlab.equity.api import check_inputs, equity
    from pokerlab.games import get

    method = stop_rules_checked(exact, trials, stderr, seconds, seed, threads)
    check_inputs(players, board, dead, game=game, by_combo=by_combo)
    warmed_for(game, by_combo)
    with progress_bar("equity") as progress:
        result = equity(players, board, dead, exact=method, trials=trials, stderr=stderr, seconds=seconds, seed=seed,
                        threads=threads, progress=progress, game=game, by_combo=by_combo)
    if as_json:
        print_json(result.to_dict())
        return
    how = "exact" if result.exact else f"Monte Carlo, {result.showdowns:,.0f} trials"
    table = Table(title=f"board: {result.board or 'none'}, dead: {result.dead or 'none'} "
                        f"({how}, {result.elapsed:.3f} s)")
    # a split pot shows the shares of the pot won by the high and by the low, and the scoops,
    # in place of win/tie/lose (--json has every field, each half's too), in 80 columns
    hilo = get(game).hilo
    shown = ("pot by high", "pot by low", "scoop") if hilo else ("win", "tie", "lose")
    for column in ("player", "equity", *shown) + (() if result.exact else ("± stderr",)):
        table.add_column(column, justify="left" if column == "player" else "right")
    for p in result.players:
        parts = (p.hi_equity, p.lo_equity, p.scoop) if hilo else (p.win, p.tie, p.lose)
        row = [p.hand, f"{p.equity:.4%}", *(f"{part:.4%}" for part in parts)]
        table.add_row(*row, *(() if result.exact else (f"{p.stderr:.4%}",)))
    out.print(table)
    for combos in combo_tables(result):
        out.print(combos)


SHORT_LABELS = ("HC", "1P", "2P", "3K", "St", "Fl", "FH", "4K", "SF")
"""Two-letter category names, in the order of :class:`~pokerlab.rankings.category.HandCategory` (a
category indexes them), so that the grid's eleven columns fit in 80."""


def grid_table(result: GridResult) -> Table:
    """The grid as a table of 80 columns at most: percentages, one row per category the player can end with."""
    from rich.table import Table

    from pokerlab.rankings.category import HandCategory

    where = f"on {result.board}" if result.board else "preflop"
    how = "exact" if result.exact else (f"Monte Carlo, {result.showdowns:,.0f} trials, "
                                           f"standard error {result.stderr:.2%}")
    table = Table(title=f"{result.hand} {where} vs {result.opponents} random: win {result.win:.2%}, "
                        f"tie {result.tie:.2%}, lose {result.lose:.2%}\n{how}",
                  title_justify="left", box=None, padding=(0, 1), pad_edge=False)
    table.add_column("you\\opp")
    for category in HandCategory:
        table.add_column(SHORT_LABELS[category], justify="right")
    for column in ("win", "tie", "lose"):
        table.add_column(column, justify="right")
    rows = result.by_own_category()
    for own in reversed(HandCategory):
        if rows[own].total == 0:
            continue
        cells = [f"{100 * result.cells[own][opp].total:.1f}" if result.cells[own][opp].total else ""
                 for opp in HandCategory]
        r = rows[own]
        table.add_row(SHORT_LABELS[own], *cells, *(f"{100 * x:.1f}" for x in (r.win, r.tie, r.lose)))
    return table


@app.command("grid", cls=LateHelp)
def grid_command(hand: Annotated[str, typer.Argument(help="The player's hole cards")], board: BoardOpt = "",
                 opponents: Annotated[int, typer.Option(help="Random opponents")] = 1, dead: DeadOpt = "",
                 exact: ExactOpt = None, trials: TrialsOpt = None, stderr: StderrOpt = None,
                 seconds: SecondsOpt = None, seed: SeedOpt = None, threads: ThreadsOpt = None,
                 game: OnePotGame = "holdem", as_json: JsonFlag = False) -> None:
    """The odds grid: how often you and the best opponent end with each pair of categories (%)."""
    from pokerlab.analyses.grid import grid, grid_game
    from pokerlab.equity.api import check_inputs
    from pokerlab.rankings.category import HandCategory

    method = stop_rules_checked(exact, trials, stderr, seconds, seed, threads)
    check_inputs([hand, "random"], board, dead, game=grid_game(game))  # the opponents are the grid's to check
    warmed_for(game)
    with progress_bar("grid") as progress:
        result = grid(hand, board, dead, opponents=opponents, exact=method, trials=trials, stderr=stderr,
                      seconds=seconds, seed=seed, threads=threads, progress=progress, game=game)
    if as_json:
        print_json(result.to_dict())
        return
    out.print(grid_table(result))
    out.print("Rows: your final hand; columns: the best opponent's; win/tie/lose: yours by row. "
              + ", ".join(f"{SHORT_LABELS[k]}={k.label}" for k in HandCategory))


def outs_summary(result: OutsResult) -> str:
    """One line: how many unseen cards win, split, keep you ahead or improve your hand.

    >>> from pokerlab.analyses.outs import outs
    >>> outs_summary(outs("AhKh", "Qh7h3s", opponents=["2c2d"]))
    'Ah Kh on Qh 7h 3s vs 2c 2d: 15 of 45 cards win'
    """
    versus = f" vs {', '.join(result.opponents)}" if result.opponents else ""
    what = "improve your hand" if result.kind == "improve" else result.kind
    split = f", {result.split_count} split" if result.split_count else ""
    return f"{result.hand} on {result.board}{versus}: {result.count} of {result.unseen} cards {what}{split}"


@app.command("outs", cls=LateHelp)
def outs_command(hand: Annotated[str, typer.Argument(help="The player's hole cards")],
                 opponents: Annotated[list[str] | None, typer.Argument(help="Known opponents' hands")] = None,
                 board: BoardOpt = "", dead: DeadOpt = "", game: OnePotGame = "holdem",
                 as_json: JsonFlag = False) -> None:
    """The next cards that win or split against known opponents (or, with none, improve the hand)."""
    from rich.table import Table

    from pokerlab.analyses.outs import outs
    from pokerlab.cards.notation import format_cards

    result = outs(hand, board, dead, opponents=opponents or [], game=game)
    if as_json:
        print_json(result.to_dict())
        return
    out.print(outs_summary(result))
    table = Table()
    table.add_column("makes")
    table.add_column("wins" if result.opponents else "cards")
    if result.split_count:
        table.add_column("splits")
    for category in sorted({o.category for o in result.outs}, reverse=True):
        wins = format_cards(o.card for o in result.wins if o.category == category)
        splits = format_cards(o.card for o in result.splits if o.category == category)
        table.add_row(category.label, wins, *((splits,) if result.split_count else ()))
    out.print(table)


app.command("breakdown")(breakdown_command)
app.command("runouts", cls=LateHelp)(runouts_command)
app.command("icm", context_settings=ICM_CONTEXT)(icm_command)
app.command("pushfold")(pushfold_command)
app.command("pushfold-icm", context_settings=PUSHFOLD_ICM_CONTEXT)(pushfold_icm_command)


@app.command()
def serve(host: Annotated[str, typer.Option(help="Address to listen on (default: loopback only).")] = "127.0.0.1",
          port: Annotated[int, typer.Option(help="Port to listen on (0: any free port).")] = 8000,
          trusted_proxy: Annotated[list[str] | None, typer.Option(
              "--trusted-proxy", metavar="ADDRESS",
              help="A reverse proxy whose X-Forwarded-For names the client (an IP address or network; "
                   "repeat it, or separate addresses by commas). None by default: the header is ignored, "
                   "unless POKERLAB_TRUSTED_PROXIES names some.")] = None) -> None:
    """The web app: hand odds, the odds grid, ranges, video poker and tournament pages; compiles
    what the pages need first, then prints its URL."""
    from pokerlab.web.server import serve as serve_web  # FastAPI loads only for this command; without
    # it, pokerlab.web says which extra to install
    serve_web(host, port, trusted_proxy or ())


if __name__ == "__main__":
    app()
