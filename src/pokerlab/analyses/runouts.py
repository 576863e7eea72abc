"""Card by card: every player's equity after each card that can come next (Equilab's "next street").

>>> r = runouts(["AhKh", "2c2d"], "Qh7h3s")
>>> len(r.by_card), round(r.before.players[0].equity, 4)
(45, 0.5717)
>>> r.best(0, 3), r.worst(0, 2)
(('4h', '5h', '6h'), ('2s', '4c'))
>>> round(r.by_card["Kc"].players[0].equity, 4)
0.9773

On the flop each turn card is run (and, with ``pairs=True``, every turn and river pair); on the
turn each river card. A card's :attr:`~Runouts.chance` is how likely it comes next given the
players' ranges, so the chance-weighted mean of a player's equity over the cards is their
equity before it (exactly, on exact runs).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from pokerlab.cards.notation import CardsLike, card_name, parse_cards
from pokerlab.checks import (
    Progress,
    check_list,
    check_progress,
    check_seconds,
    check_seed,
    check_stderr,
    check_threads,
    check_trials,
)
from pokerlab.equity.api import equity, players_of
from pokerlab.equity.driver import after_each
from pokerlab.equity.results import EquityResult, PlayerLike
from pokerlab.errors import HandSizeError, InvalidArgumentError, InvalidRangeError, PokerlabError
from pokerlab.games import Game
from pokerlab.games import get as get_game
from pokerlab.ranges.holdem import COMBOS, Range, combo_name, is_random

__all__ = ["Runouts", "check_board", "runouts"]


@dataclass(frozen=True, repr=False)
class Runouts:
    """The outcome of :func:`runouts`: the equities before the next card and after each one."""

    players: tuple[str, ...]
    board: str
    dead: str
    before: EquityResult
    """The equities now, before the next card."""
    by_card: Mapping[str, EquityResult]
    """Each card that can come next (``"Ad"``), in card order, to the equities after it."""
    chance: Mapping[str, float] = field(compare=False)
    """How likely each card of :attr:`by_card` comes next; they add up to 1."""
    by_pair: Mapping[str, EquityResult] = field(compare=False)
    """With ``pairs=True`` on the flop: each turn and river pair (``"Ad7c"``) to the final
    equities; empty otherwise."""
    elapsed: float = field(compare=False)

    @property
    def exact(self) -> bool:
        """Whether every run was exact."""
        return self.before.exact and all(r.exact for r in self.by_card.values())

    def equities(self, player: int) -> dict[str, float]:
        """One player's equity after each next card.

        >>> r = runouts(["AhKh", "2c2d"], "Qh7h3s")
        >>> round(r.equities(1)["2h"], 4)
        0.2273
        """
        return {card: r.players[player].equity for card, r in self.by_card.items()}

    def best(self, player: int, n: int = 5) -> tuple[str, ...]:
        """The ``n`` cards that help a player most, best first (ties in card order)."""
        ranked = sorted(self.by_card, key=lambda card: -self.by_card[card].players[player].equity)
        return tuple(ranked[:n])

    def worst(self, player: int, n: int = 5) -> tuple[str, ...]:
        """The ``n`` cards that hurt a player most, worst first (ties in card order)."""
        ranked = sorted(self.by_card, key=lambda card: self.by_card[card].players[player].equity)
        return tuple(ranked[:n])

    def __repr__(self) -> str:
        now = ", ".join(f"{p.hand} {p.equity:.2%}" for p in self.before.players)
        pairs = f" and {len(self.by_pair)} turn and river pairs" if self.by_pair else ""
        return f"Runouts({now} on {self.board}: {len(self.by_card)} next cards{pairs})"

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values: per card its chance and every player's equity, win and tie."""

        def row(card: str, r: EquityResult, chance: float | None) -> dict[str, object]:
            row: dict[str, object] = {"card": card}
            if chance is not None:
                row["chance"] = chance
            return {**row, "equity": [p.equity for p in r.players], "win": [p.win for p in r.players],
                    "tie": [p.tie for p in r.players]}

        return {"players": list(self.players), "board": self.board, "dead": self.dead, "exact": self.exact,
                "before": [p.equity for p in self.before.players],
                "cards": [row(card, r, self.chance[card]) for card, r in self.by_card.items()],
                "best": [list(self.best(i)) for i in range(len(self.players))],
                "worst": [list(self.worst(i)) for i in range(len(self.players))],
                "pairs": [row(pair, r, None) for pair, r in self.by_pair.items()], "elapsed": self.elapsed}


def check_board(board: CardsLike, dead: CardsLike, pairs: bool) -> tuple[int, ...]:
    """The board's card ids, if :func:`runouts` can run from it: a flop or a turn (a flop with
    ``pairs``), no card both on it and dead.

    >>> check_board("Qh 7h 3s 2d", "", pairs=True)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: pairs: every turn and river pair is dealt from a flop; this board has 4 cards
    """
    board_ids = parse_cards(board, name="board")
    if len(board_ids) not in (3, 4):
        raise HandSizeError(f"runouts need a flop or a turn (3 or 4 board cards), got {len(board_ids)}")
    if pairs and len(board_ids) != 3:
        raise InvalidArgumentError("pairs: every turn and river pair is dealt from a flop; this board has 4 cards")
    parse_cards([*board_ids, *parse_cards(dead, name="dead")])  # a card on the board and dead is a duplicate
    return board_ids


def runouts(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike = "", *, pairs: bool = False,
            exact: bool | None = None, trials: int | None = None, stderr: float | None = None,
            seconds: float | None = None, seed: int | None = None, threads: int | None = None,
            progress: Progress | None = None, game: Game | str = "holdem") -> Runouts:
    """Every player's equity after each card that can come next, on a flop (3 cards) or a turn (4).

    Players are as for :func:`~pokerlab.equity.api.equity`: hands, ranges or ``"random"``. The
    equities now are an :func:`~pokerlab.equity.api.equity` call with the same ``exact``,
    ``trials``, ``stderr``, ``seed`` and ``threads``; the runs after the next cards together do
    its work again, so they are exact when it is (every deal of hole cards listed once, each
    card's boards dealt in one engine call) and each is sampled the same way when it is not.
    ``seconds`` bounds the whole call: each sampled run gets an equal share of the time left,
    and with ``exact=None``, runs whose pace shows that exact ones would not fit are all
    sampled. A card that leaves some range empty cannot come, and is left out. ``pairs=True``
    (on the flop) also runs every turn and river pair, the river's final showdowns.
    ``progress(done, total)`` counts the runs. ``game`` is any game with equity (see
    :mod:`pokerlab.games`); its deck gives the cards that can come.

    >>> len(runouts(["AhKh", "6c6d"], "Qh7h9s", game="short-deck").by_card)
    29
    """
    started = time.perf_counter()
    players = check_list("players", players)  # type: ignore[assignment]
    if not isinstance(pairs, bool):
        raise InvalidArgumentError(f"pairs must be True or False, got {pairs!r}")
    rules = get_game(game)
    budget = check_seconds(seconds)
    options = {"exact": exact, "trials": check_trials(trials),
               "stderr": check_stderr(stderr, bounded=trials is not None or budget is not None),
               "seconds": budget, "seed": check_seed(seed), "threads": check_threads(threads),
               "game": rules}
    progress = check_progress(progress)
    board_ids = check_board(board, dead, pairs)
    dead_ids = parse_cards(dead, name="dead")
    deadline = None if budget is None else started + budget
    known = {c for spec in players for c in _known_cards(spec, rules.hole_cards)}
    unseen = [c for c in rules.deck if c not in {*board_ids, *dead_ids, *known}]
    deals = [(c,) for c in unseen] + (list(itertools.combinations(unseen, 2)) if pairs else [])
    if deadline is not None:
        options["seconds"] = _share(deadline, 1 + len(deals))
    before = equity(players, board_ids, dead_ids, **options)  # type: ignore[arg-type]
    if before.exact and (deadline is None or time.perf_counter() + before.elapsed <= deadline):
        # the runs after each next card together do the work of the exact run before them: exact
        # too, the deals of hole cards listed once (a run of its own per card listed them again:
        # Omaha against a random hand on the turn took a minute)
        labels, hands = players_of(rules, players, board_ids, dead_ids)
        fixed = sum(1 << c for c in (*board_ids, *dead_ids, *rules.missing_cards))
        runs = after_each(hands, labels, board_ids, dead_ids, fixed, rules, deals, threads, progress,
                          time.perf_counter())
        return _runouts(before, runs, started)
    if not before.exact:
        # the runs after the next cards together do the work of the run before them, too much
        # for exact: each is sampled (to the standard error, or its share of the time)
        options["exact"] = False
    threads_by_work = _card_threads(players, len(board_ids) + 1, len(dead_ids)) if not rules.hole_used else None
    if threads is None:
        options["threads"] = threads_by_work
    runs = {}
    done, planned, i = 0, len(deals), 0
    cards_started = time.perf_counter()
    while i < len(deals):
        if progress is not None:
            progress(done, planned)
        cards = deals[i]
        if deadline is not None:
            options["seconds"] = share = _share(deadline, len(deals) - i)
            if threads is None:
                options["threads"] = 1 if share <= SERIAL_SECONDS else threads_by_work
        try:
            runs[cards] = result = equity(players, (*board_ids, *cards), dead_ids, **options)  # type: ignore[arg-type]
        except InvalidRangeError:
            result = None  # a card some range cannot be dealt beside
        i += 1
        done += 1
        if deadline is not None and options["exact"] is None and result is not None and (
                not result.exact or cards_started + (time.perf_counter() - cards_started) * len(deals) / i > deadline):
            # exact runs would not all fit (a card's chance is weighed alike only if every run is
            # exact, or none): sample every card instead, in the time left
            options["exact"] = False
            runs.clear()
            planned, i = done + len(deals), 0
    if progress is not None:
        progress(planned, planned)
    return _runouts(before, runs, started)


def _runouts(before: EquityResult, runs: dict[tuple[int, ...], EquityResult], started: float) -> Runouts:
    """The runs after each next card (and pair), each card weighed by how likely it comes."""
    singles = {card_name(cards[0]): r for cards, r in runs.items() if len(cards) == 1}
    weights = {card: _deal_weight(r) for card, r in singles.items()}
    total = sum(weights.values())
    return Runouts(tuple(p.hand for p in before.players), before.board, before.dead, before,
                   MappingProxyType(singles), MappingProxyType({c: w / total for c, w in weights.items()}),
                   MappingProxyType({combo_name(*cards): r for cards, r in runs.items() if len(cards) == 2}),
                   time.perf_counter() - started)


MIN_RUN_SECONDS = 0.001
"""A run after the time is up still gets this long: Monte Carlo then deals one small batch."""


def _share(deadline: float, runs: int) -> float:
    """Each of ``runs`` runs' share of the time left before ``deadline``."""
    return max((deadline - time.perf_counter()) / runs, MIN_RUN_SECONDS)


SERIAL_SECONDS = 0.02
"""A card's run given at most this long runs on one thread when ``threads`` is not given, for
the same reason as :data:`SERIAL_SHOWDOWNS`: on a busy machine waking the other threads can
take longer than the run's whole share of the time."""


SERIAL_SHOWDOWNS = 1_000_000
"""A card's run of at most this many showdowns (deals of hole cards times boards) runs on one
thread when ``threads`` is not given: waking the other threads for a few milliseconds of work
costs more than it saves, many times more on a busy machine."""


def _card_threads(players: Sequence[PlayerLike], board_cards: int, dead: int) -> int | None:
    """The threads for each card's run in hold'em, ``board_cards`` counting the next card: one
    when the run is small, else all."""
    deals = math.prod(_combo_count(spec) for spec in players)
    boards = math.comb(52 - board_cards - dead - 2 * len(players), 5 - board_cards)
    return 1 if deals * boards <= SERIAL_SHOWDOWNS else None


def _combo_count(spec: PlayerLike) -> int:
    """How many combos a hold'em player may hold, before any card is blocked."""
    if isinstance(spec, Range):
        return len(spec)
    if _known_cards(spec, 2):
        return 1
    if isinstance(spec, str):
        return len(COMBOS) if is_random(spec) else len(Range(spec))
    return len(COMBOS)


def _known_cards(spec: PlayerLike, hole_cards: int) -> tuple[int, ...]:
    """A player's cards when the player is one known hand of ``hole_cards`` cards, else none."""
    if isinstance(spec, Range):
        return ()
    try:
        cards = parse_cards(spec)
    except PokerlabError:
        return ()
    return cards if len(cards) == hole_cards else ()


def _deal_weight(result: EquityResult) -> float:
    """How much weight of the players' deals a run after one card stands for, up to a factor
    shared by every card: exact runs count each deal's boards, and every card leaves as many.
    Monte Carlo runs count every card alike, which is exact for known hands and near for ranges."""
    return result.showdowns if result.exact else 1.0

