"""``pokerlab videopoker``: the hold advisor, the whole-game analysis, strategy charts, risk and the trainer.

The pay tables load here and the kernels in the commands that use them, so that the commands'
help comes at once. A command checks its input, then warms its kernels (see
:func:`~pokerlab.cli.support.warmed`) before it starts its clock: a first run says what it
compiles and never reports the compile as its work.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.table import Table

from pokerlab.cli.support import JsonFlag, new_app, print_json, progress_bar, warmed
from pokerlab.cli.support import out as console
from pokerlab.errors import PokerlabError
from pokerlab.videopoker.paytable import MAX_COINS, PAYTABLES, FinalHand, check_coins, get_paytable

if TYPE_CHECKING:
    from pokerlab.videopoker.advisor import HoldEV
    from pokerlab.videopoker.trainer import HandResult, SessionSummary

app = new_app("Video poker, any game: hold advice, whole-game analysis, strategy charts, risk, a trainer.")

PaytableOption = Annotated[str, typer.Option(
    "--paytable", "-p", help="A pay table name (jacks-9-6, jacks-8-5, ...) or a .toml/.json file.")]
CoinsOption = Annotated[int, typer.Option(help="Coins bet, 1..5 (the royal pays 800 only at 5).")]
SHORT = {"royal_flush": "RF", "four_deuces": "4D", "wild_royal_flush": "WRF", "five_of_a_kind": "5K",
         "straight_flush": "SF", "four_aces_with_2_4": "4A+k", "four_2_4_with_a_4": "4L+k", "four_aces": "4A",
         "four_2_4": "4L", "four_5_k": "4M", "four_of_a_kind": "4K", "full_house": "FH", "flush": "Fl",
         "straight": "St", "three_of_a_kind": "3K", "two_pair": "2P", "kings_or_better": "KB",
         "jacks_or_better": "JB", "tens_or_better": "TB", "nothing": "-"}
"""Short names of the final hands, for the holds table (``--json`` has every chance in full):
4L and 4M are four 2s-4s and four 5s-Ks, +k with the kicker that pays more."""


def _holds_table(holds: Sequence[HoldEV], coins: int, title: str) -> Table:
    """All holds best first: EV per coin and in credits, the chance of a win and the likeliest wins."""
    table = Table(title=title, box=None, header_style="bold")
    for column in ("#", "hold", "pos", "EV/coin", "credits", "win %", "likeliest wins, %"):
        table.add_column(column, justify="left" if column in ("hold", "pos", "likeliest wins, %") else "right",
                         no_wrap=True)
    for i, hold in enumerate(holds, start=1):
        wins = sorted(((p, line) for line, p in hold.final_hands.items() if p and line != FinalHand.NOTHING),
                      reverse=True)
        table.add_row(str(i), hold.label, "".join(map(str, hold.positions)) or "-", f"{hold.ev:.4f}",
                      f"{hold.ev * coins:.2f}", f"{100 * sum(p for p, _ in wins):.1f}",
                      "  ".join(f"{SHORT[line]} {100 * p:.3g}" for p, line in wins[:3]))
    return table


@app.command("hold")
def hold_command(
    hand: Annotated[list[str], typer.Argument(help="The five dealt cards, e.g. As Ks Kh 4s 4d (quotes optional).")],
    paytable: PaytableOption = "jacks-9-6",
    coins: CoinsOption = MAX_COINS,
    as_json: JsonFlag = False,
) -> None:
    """The exact EV of all 32 holds of a dealt hand, best first (final-hand chances in %)."""
    from pokerlab.videopoker.advisor import dealt_hand, hold_evs
    from pokerlab.videopoker.deck import format_hand

    table = get_paytable(paytable)
    dealt = dealt_hand(" ".join(hand), table)
    check_coins(coins)
    warmed("videopoker")
    holds = hold_evs(dealt, table, coins)
    if as_json:
        print_json(holds.to_dict())
        return
    console.print(_holds_table(holds, coins, f"{format_hand(holds.hand)}: every hold, {holds.paytable.name}, "
                                             f"{coins} coins"))


@app.command("analyze")
def analyze_command(
    paytable: PaytableOption = "jacks-9-6",
    coins: CoinsOption = MAX_COINS,
    threads: Annotated[int | None, typer.Option(help="Threads to use (default: all).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """The whole game under optimal play: return, variance, each final hand's chance and share."""
    from pokerlab.videopoker.analysis import analyze

    table = get_paytable(paytable)
    check_coins(coins)
    warmed("videopoker")
    started = time.perf_counter()
    with progress_bar("playing every deal") as progress:
        result = analyze(table, coins, progress=progress, threads=threads)
    seconds = time.perf_counter() - started
    if as_json:
        print_json(result.to_dict())
        return
    out = Table(title=f"{table.name}, {coins} coins, optimal play", header_style="bold")
    for column in ("final hand", "pays", "probability", "one in", "return"):
        out.add_column(column, justify="left" if column == "final hand" else "right")
    pays = table.per_coin(coins)
    contributions = result.contributions
    for hand in reversed(list(result.final_hands)):
        p = result.final_hands[hand]
        out.add_row(hand.label, str(pays[hand.index]), f"{p:.8f}", f"{1 / p:,.1f}" if p else "",
                    f"{contributions[hand]:.6f}")
    out.add_row("[bold]total[/bold]", "", f"{sum(result.final_hands.values()):.8f}", "",
                f"[bold]{result.expected_return:.6f}[/bold]")
    console.print(out)
    console.print(f"return {result.expected_return:.4%}, variance {result.variance:.4f}, "
                  f"{result.distinct_hands:,} distinct deals up to suits, {seconds:.2f} s")


@app.command("strategy")
def strategy_command(
    paytable: PaytableOption = "jacks-9-6",
    coins: CoinsOption = MAX_COINS,
    as_json: JsonFlag = False,
) -> None:
    """The strategy chart: hold the first line the deal fits. With its return beside perfect play."""
    from pokerlab.videopoker.strategy import strategy

    table = get_paytable(paytable)
    check_coins(coins)
    warmed("videopoker-charts")
    started = time.perf_counter()
    with progress_bar("ordering the hold patterns of every deal") as progress:
        chart = strategy(table, coins, progress=progress)
    seconds = time.perf_counter() - started
    if as_json:
        print_json(chart.to_dict())
        return
    out = Table(title=f"{table.name}: hold the first line the deal fits", box=None, header_style="bold")
    out.add_column("#", justify="right")
    out.add_column("hold")
    section = ""
    for i, (line, title) in enumerate(zip(chart.lines, chart.sections), start=1):
        if title != section:
            section = title
            out.add_row("", f"[bold]{escape(title)}[/bold]")
        out.add_row(str(i), escape(line.removeprefix(f"{title}: ") if title else line))
    console.print(out)
    console.print(READING)
    console.print(f"the chart returns {chart.expected_return:.4%}, perfect play {chart.optimal_return:.4%} "
                  f"(the chart gives up {chart.cost:.4%}); {seconds:.1f} s")


READING = ("Hold the first line the deal fits. In brackets, the holds of that name the line takes (the first "
           "that fits, left to right); a name alone takes every hold of the name. The words: "
           "python -m pydoc pokerlab.videopoker.strategy")
"""How to read a chart, printed under it."""


RISKS = (0.01, 0.05, 0.1, 0.25, 0.5)
"""Risks of ruin the risk command gives the bankroll for, unless told others."""


@app.command("risk")
def risk_command(
    paytable: PaytableOption = "jacks-9-6",
    bankroll: Annotated[int, typer.Option(help="Bankroll in coins.")] = 4000,
    hands: Annotated[int, typer.Option(help="Hands in the session (at most 100,000).")] = 10_000,
    risk: Annotated[list[float] | None, typer.Option(
        help="A risk of ruin to give the bankroll for (repeat for several; default 1%, 5%, 10%, 25%, 50%).")] = None,
    coins: CoinsOption = MAX_COINS,
    as_json: JsonFlag = False,
) -> None:
    """One hand's spread, the risk of ruin of a bankroll over a session, the bankroll for a risk."""
    from pokerlab.videopoker.risk import bankroll_for, check_bankroll, check_hands, check_risk, hand_risk, risk_of_ruin

    table = get_paytable(paytable)
    check_bankroll(bankroll)
    check_hands(hands)
    limits = [check_risk(r) for r in risk] if risk else list(RISKS)
    check_coins(coins)
    warmed("videopoker")
    one = hand_risk(table, coins)
    with progress_bar("carrying the hands") as progress:
        ruin = risk_of_ruin(table, bankroll, hands, coins, progress=progress)
    needed = [bankroll_for(table, limit, hands, coins) for limit in limits]  # from the risks just carried
    if as_json:
        print_json({"paytable": table.name, "coins": coins, "hand": one.to_dict(), "ruin": ruin.to_dict(),
                    "bankrolls": [b.to_dict() for b in needed]})
        return
    console.print(f"[bold]{table.name}[/bold], {coins} coins a hand, perfect play: return {one.expected_return:.4%}, "
                  f"variance {one.variance:.4f}, standard deviation {one.standard_deviation:.4f} per coin")
    console.print(f"risk of ruin of {bankroll:,} coins ({ruin.bets:,} bets) over {hands:,} hands: {ruin.risk:.4%}")
    out = Table(title=f"bankroll for {hands:,} hands", box=None, header_style="bold")
    for column in ("risk of ruin at most", "coins", "bets", "its risk"):
        out.add_column(column, justify="right")
    for need in needed:
        out.add_row(f"{need.limit:.2%}", f"{need.bankroll:,}", f"{need.bets:,}", f"{need.risk:.4%}")
    console.print(out)


@app.command("games")
def games_command(as_json: JsonFlag = False) -> None:
    """The built-in pay tables, by the name --paytable takes, with their pays per coin."""
    if as_json:
        print_json([table.to_dict() for table in PAYTABLES.values()])
        return
    out = Table(title="built-in pay tables (--paytable NAME)", box=None, header_style="bold")
    out.add_column("name", no_wrap=True)
    out.add_column("game")
    out.add_column("pays per coin, best hand first")
    for name, table in PAYTABLES.items():
        out.add_row(name, table.game, ", ".join(f"{line.label} {table.pays[line]}" for line in table.lines))
    console.print(out)


HELP = ('Hold by position: "1 3 4", "none" or "all". "hint" shows every hold\'s EV, "chart" what the '
        'strategy chart holds, "quit" (or end of input) ends the session.')


def _show_hand(number: int, hand: tuple[int, ...], net: int) -> None:
    from pokerlab.videopoker.deck import format_hand

    console.print(f"\n[bold]Hand {number}[/bold]   (net credits {net:+d})")
    console.print("  " + "  ".join(f"{name:>3}" for name in format_hand(hand).split()))
    console.print("  " + "  ".join(f"{i:>3}" for i in range(1, 6)), style="dim")


def _show_result(result: HandResult) -> None:
    from pokerlab.videopoker.deck import format_hand

    console.print(f"  drew  {format_hand(result.final)}: {result.final_hand.label}, "
                  f"pays {result.paid} credits")
    if result.optimal:
        console.print(f"  [green]optimal[/green]: {result.held.label} (EV {result.held.ev:.4f} per coin)")
    else:
        console.print(f"  [red]not optimal[/red]: best was {result.best.label} "
                      f"(positions {''.join(map(str, result.best.positions)) or '-'}, EV {result.best.ev:.4f}); "
                      f"yours {result.held.ev:.4f}: {result.ev_lost:.2f} credits of EV lost")


ERROR_LOG = 5
"""Mistakes the trainer lists at the end of a session, the costliest first."""


def _show_summary(summary: SessionSummary, worst: tuple[HandResult, ...]) -> None:
    from pokerlab.videopoker.deck import format_hand

    console.print(f"\n[bold]Session summary[/bold]: {summary.hands} hands, bet {summary.bet}, "
                  f"won {summary.won}, net {summary.net:+d} credits, return {summary.return_rate:.1%}, "
                  f"EV lost {summary.ev_lost:.2f} credits, error rate {summary.error_rate:.1%} "
                  f"({summary.mistakes} of {summary.hands})")
    if worst:
        out = Table(title="costliest mistakes", box=None, header_style="bold")
        for column in ("dealt", "held", "best hold", "best EV", "credits lost"):
            out.add_column(column, justify="right" if column in ("best EV", "credits lost") else "left")
        for r in worst:
            out.add_row(format_hand(r.dealt), r.held.label, r.best.label, f"{r.best.ev:.4f}", f"{r.ev_lost:.2f}")
        console.print(out)


def _read(prompt: str) -> str | None:
    """A line of input, or None when the player ends the session with end of input or Ctrl-C."""
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        return None


@app.command("play")
def play_command(
    paytable: PaytableOption = "jacks-9-6",
    coins: CoinsOption = MAX_COINS,
    seed: Annotated[int | None, typer.Option(help="Seed the shuffles, to replay a session.")] = None,
) -> None:
    """The trainer: play hands, ask for hints, learn how much EV each hold gives away."""
    from pokerlab.videopoker.advisor import parse_hold
    from pokerlab.videopoker.strategy import strategy
    from pokerlab.videopoker.trainer import Trainer

    trainer = Trainer(paytable, coins, seed=seed)
    warmed("videopoker")
    console.print(f"[bold]{trainer.paytable.game}[/bold], {trainer.paytable.name}, {coins} coins a hand. {HELP}")
    while True:
        hand = trainer.deal()
        _show_hand(len(trainer.results) + 1, hand, trainer.summary().net)
        result = None
        while result is None:
            line = _read("hold> ")
            if line is None or line.strip().lower() in ("quit", "q", "exit"):
                _show_summary(trainer.summary(), trainer.error_log(ERROR_LOG))
                return
            command = line.strip().lower()
            if command in ("hint", "h", "?"):
                console.print(_holds_table(trainer.holds(), coins, "every hold, best first"))
            elif command == "chart":
                warmed("videopoker-charts")
                with console.status("building the strategy chart (once a game)"):
                    chart = strategy(trainer.paytable, coins)
                rule, held = chart.hold(hand)
                console.print(f"  the chart: {escape(rule)}: hold {held.label} (EV {held.ev:.4f} per coin)")
            elif command == "help":
                console.print(HELP)
            else:
                try:
                    result = trainer.hold(parse_hold(command))
                except PokerlabError as err:
                    console.print(f"[red]{escape(str(err))}[/red]")
        _show_result(result)
