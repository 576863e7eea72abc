"""Who wins, how often: exact and Monte Carlo equity for 2 to 10 players, in every game.

>>> r = equity(["AsKs", "QdQc"])
>>> round(r.players[0].equity, 6), r.exact, r.showdowns
(0.462145, True, 1712304)
>>> r.players[0].wins, r.players[0].ties, r.players[0].losses
(787966, 6732, 917606)

Each player is a hand (``"AsKs"``), a range (``"QQ+,AKs"``, see :mod:`pokerlab.ranges.holdem`, or an
Omaha pattern, see :mod:`pokerlab.ranges.patterns`) or ``"random"``. This module reads the players
as the game reads them; :mod:`pokerlab.equity.driver` does the rest for every game: exact or
Monte Carlo (``exact=None`` enumerates when the work is small, and asking for a number of
``trials`` asks for Monte Carlo), stopping at a standard error, a trial count or a time limit,
whichever comes first.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Sequence

import numpy as np

from pokerlab.cards.notation import CardsLike, format_cards, parse_cards
from pokerlab.checks import Progress, check_list
from pokerlab.equity.by_combo import combo_equities, takes_by_combo
from pokerlab.equity.driver import (
    DEFAULT_STDERR,
    Hands,
    check_options,
    check_table,
    dealable,
    equity_game,
    known_result,
    run,
)
from pokerlab.equity.engines.best_five import Matchup, canonical_matchup
from pokerlab.equity.engines.best_five import clear_cache as clear_engine_cache
from pokerlab.equity.results import EquityResult, PlayerLike
from pokerlab.errors import HandSizeError, InvalidArgumentError, PokerlabError
from pokerlab.games import HOLDEM, Game
from pokerlab.games import names as game_names
from pokerlab.numba_runtime import threads as numba_threads
from pokerlab.ranges.holdem import COMBOS, RANDOM_WORDS, Range, check_items_dealt, is_random
from pokerlab.ranges.patterns import game_players, hand_label, two_card_range

__all__ = ["DEFAULT_STDERR", "RANDOM_WORDS", "Matchup", "canonical_matchup", "clear_cache", "equity", "players_of"]


def clear_cache() -> None:
    """Forget the exact preflop results computed so far.

    >>> clear_cache()
    """
    clear_engine_cache()


def _board_and_dead(rules: Game, board: CardsLike, dead: CardsLike) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The board's and the dead cards' ids, each a card of the game's deck, no card in both."""
    board_ids = parse_cards(board, name="board")
    dead_ids = () if type(dead) is str and not dead else parse_cards(dead, name="dead")
    if rules.missing_cards:  # hold'em's deck holds every card: no check to make on its every call
        rules.check_cards("board", board_ids)
        rules.check_cards("dead", dead_ids)
    if _mask(board_ids) & _mask(dead_ids):
        parse_cards([*board_ids, *dead_ids])  # names the card dealt twice
    return board_ids, dead_ids


def _known_hands(players: Sequence[PlayerLike], hole_cards: int) -> list[tuple[int, ...]] | None:
    """The players' hole cards if every player is a known hand of ``hole_cards`` cards, else None."""
    hands = []
    for spec in players:
        if isinstance(spec, Range):
            return None
        try:
            cards = parse_cards(spec, allow_duplicates=True)
        except PokerlabError:
            return None
        if len(cards) != hole_cards:
            return None
        hands.append(cards)
    return hands


@functools.lru_cache(maxsize=4096)
def _mask(cards: tuple[int, ...]) -> int:
    """The bit set of some cards, remembered: the same boards come again and again."""
    return sum(1 << c for c in cards)


@functools.lru_cache(maxsize=4096)
def _holes(hands: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """Known hands as the engines take them, (players, hole cards) uint8, remembered: the same
    hands come again and again, and making the array costs a flop call a twentieth of its time.
    One array serves every call with these hands, so nothing may write to it: the engines only
    read their hands (left writable, as every other caller's are, so that the kernels keep one
    compiled version each)."""
    return np.array(hands, dtype=np.uint8)


@functools.cache
def _all_combos() -> np.ndarray:
    return np.array(COMBOS, dtype=np.uint8)


def _two_card_player(spec: PlayerLike, index: int, rules: Game) -> tuple[str, Hands]:
    """A player of a best-five game as a label and hands: a hand, a hold'em range or random."""
    if isinstance(spec, Range):
        if rules.missing_cards:
            check_items_dealt(spec.text, rules.lowest_rank, rules.name)
        combos, weights = spec.as_arrays()
        return spec.text, (combos, weights)
    if isinstance(spec, str) and is_random(spec):
        return "random", (_all_combos()[:0], np.zeros(0))
    try:
        cards = parse_cards(spec)
    except PokerlabError as error:
        if not isinstance(spec, str):
            raise type(error)(f"player {index + 1}: {error}") from None
        combos, weights = two_card_range(spec, rules).as_arrays()
        return spec, (combos, weights)
    if len(cards) != 2:
        raise HandSizeError(f"player {index + 1}: a {rules.name} hand has 2 cards, got {len(cards)} "
                            f"({format_cards(cards)})")
    rules.check_cards(f"player {index + 1}", cards)
    return hand_label(cards), (np.array([sorted(cards)], dtype=np.uint8), np.ones(1))


def players_of(rules: Game, players: Sequence[PlayerLike], board: tuple[int, ...],
               dead: tuple[int, ...]) -> tuple[list[str], list[Hands]]:
    """Each player's label and hands, read as the game reads them (see
    :data:`pokerlab.equity.driver.Hands`): a known hand is one row, random no rows.

    >>> from pokerlab.games import OMAHA
    >>> labels, hands = players_of(OMAHA, ["AsKsQdJd", "random"], (), ())
    >>> labels, hands[0][0].tolist(), hands[1][0].shape
    (['AsKsQdJd', 'random'], [[37, 41, 47, 51]], (0, 4))
    """
    if rules.hole_used:
        labels, given = game_players(rules, players, board, dead)
        return labels, [(np.array([given_hand[0][0]], dtype=np.uint8), np.ones(1)) if isinstance(given_hand, list)
                        else given_hand for given_hand in given]
    read = [_two_card_player(spec, i, rules) for i, spec in enumerate(players)]
    return [label for label, _ in read], [hands for _, hands in read]


def _check_by_combo(by_combo: object, rules: Game) -> None:
    if by_combo is not False and (by_combo is not True or not takes_by_combo(rules)):
        raise InvalidArgumentError(f"by_combo must be True or False, and True only in {game_names(takes_by_combo)}; "
                                   f"got {by_combo!r} in {rules.name}")


def check_inputs(players: Sequence[PlayerLike], board: CardsLike = "", dead: CardsLike = "", *,
                 game: Game | str = "holdem", by_combo: bool = False) -> None:
    """Refuse what :func:`equity` would refuse in its players, board, dead cards, game and
    ``by_combo``, as it reads them, running no kernel: a command checks its input so before a
    first run compiles.

    >>> check_inputs(["AhKh", "QQ+,AKs"], "Qh7h3s")
    >>> check_inputs(["AhKh", "ZZ"], "Qh7h3s")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidRangeError: ...
    """
    players = check_list("players", players)  # type: ignore[assignment]
    rules = equity_game(game)
    _check_by_combo(by_combo, rules)
    board_ids, dead_ids = _board_and_dead(rules, board, dead)
    labels, read = players_of(rules, players, board_ids, dead_ids)
    check_table(len(read), rules.hole_cards, len(board_ids), len(dead_ids), len(rules.deck))
    dealable(read, labels, _mask(board_ids) | _mask(dead_ids) | _mask(rules.missing_cards), rules.hole_cards)


def equity(players: Sequence[PlayerLike], board: CardsLike = "", dead: CardsLike = "", *,
           exact: bool | None = None, trials: int | None = None, stderr: float | None = None,
           seconds: float | None = None, seed: int | None = None, threads: int | None = None,
           progress: Progress | None = None, game: Game | str = "holdem", by_combo: bool = False) -> EquityResult:
    """Each player's chance to win, split and lose, and their share of the pot.

    ``game`` is a :class:`~pokerlab.games.Game` or its name (see :mod:`pokerlab.games`):
    hold'em by default; short deck deals from 36 cards, and the Omaha games take Omaha hands
    and ranges (see :mod:`pokerlab.ranges.patterns`). The lowball rankings have no equity. In
    every game ``random`` (also ``any``, or a hand of wildcards such as ``xx`` or ``xxxx``) is
    any hand of the cards no one holds, dealt from the deck.

    ``exact=None`` enumerates when the work is small (see
    :data:`~pokerlab.equity.driver.MAX_EXACT_SHOWDOWNS` and
    :data:`~pokerlab.equity.driver.MAX_EXACT_PREFLOP_DEALS`) and otherwise samples until the
    largest standard error of an equity is at most ``stderr`` (default 0.0005), ``trials``
    showdowns were dealt, or ``seconds`` passed, whichever comes first. Giving ``trials`` asks
    for Monte Carlo; ``exact=True`` refuses work that is too large, and Monte Carlo's
    ``trials``, ``stderr`` and ``seconds``. Ranges that can hardly be dealt together are
    refused (see :data:`~pokerlab.equity.driver.MIN_ACCEPTED_DEALS`).

    ``seed`` (an int >= 0) makes Monte Carlo repeatable; ``threads`` caps the Numba threads
    of this call. ``progress(done, total)``, if given, is called as the work goes; when the end
    is not known in advance (a standard error or a time limit) it reports permille,
    ``progress(done, 1000)``.

    ``by_combo=True`` also gives the equity of each combo of each player's range (hold'em and
    short deck), in each player's :attr:`~pokerlab.equity.results.PlayerEquity.combos` and
    :attr:`~pokerlab.equity.results.PlayerEquity.classes` (see :mod:`pokerlab.equity.by_combo`):
    exact calls run each combo, Monte Carlo counts them in its own run, within its ``trials``
    and ``seconds``.

    ``seconds`` counts from the call's start; a run chosen exact (``exact=None``) whose pace
    shows it would take more than half of it is abandoned for Monte Carlo.

    The fields of each player's result, for one pot and for a pot split between a high and a
    low, are described by :class:`~pokerlab.equity.results.PlayerEquity`.

    >>> r = equity(["AhKh", "2c2d"], board="Qh7h3s")
    >>> [round(p.equity, 4) for p in r.players]
    [0.5717, 0.4283]
    >>> equity(["AhKh", "2c2d"], trials=1000, seed=1).exact
    False
    >>> round(equity(["AhKh", "6c6d"], game="short-deck").players[0].equity, 4)
    0.6077
    """
    started = time.perf_counter()
    players = check_list("players", players)  # type: ignore[assignment]
    options = check_options(exact, trials, stderr, seconds, seed, threads, progress)
    rules = HOLDEM if game == "holdem" else equity_game(game)  # the default, resolved once
    _check_by_combo(by_combo, rules)
    board_ids, dead_ids = _board_and_dead(rules, board, dead)
    missing = rules.missing_cards
    n_hole = rules.hole_cards
    fixed = _mask(board_ids) | _mask(dead_ids) | _mask(missing)
    hands = _known_hands(players, n_hole)
    if hands is not None and options[0] is not False:
        # every player's hand is known: the common case, kept lean (one engine call)
        check_table(len(hands), n_hole, len(board_ids), len(dead_ids), len(rules.deck))
        held = 0
        for hand in hands:
            for c in hand:
                held |= 1 << c
        if held.bit_count() != n_hole * len(hands) or held & fixed \
                or fixed.bit_count() != len(board_ids) + len(dead_ids) + len(missing):
            for i, hand in enumerate(hands):  # a card the deck leaves out, or twice: named
                rules.check_cards(f"player {i + 1}", hand)
            parse_cards([*(c for hand in hands for c in hand), *board_ids, *dead_ids])
        holes = _holes(tuple(hands))  # in any order: the engines read a hand's cards as a set
        result = known_result(holes, [hand_label(hand) for hand in hands], board_ids, dead_ids, fixed, rules,
                              options[5], options[6], started)
        if not by_combo:
            return result
        holes = np.sort(holes, axis=1)
        return _with_combos(result, [(holes[i:i + 1], np.ones(1)) for i in range(len(hands))], options[5],
                            options[6], rules, started)
    labels, read = players_of(rules, players, board_ids, dead_ids)
    check_table(len(read), n_hole, len(board_ids), len(dead_ids), len(rules.deck))
    result, dealt, sampled = run(read, labels, board_ids, dead_ids, fixed, rules, options, started, by_combo)
    if not by_combo:
        return result
    return _with_combos(result, dealt, options[5], options[6], rules, started, sampled, options[3] is not None)


def _with_combos(result: EquityResult, players: list[Hands], threads: int | None, progress: Progress | None,
                 rules: Game, started: float, sampled: np.ndarray | None = None, timed: bool = False) -> EquityResult:
    """The result with each player's combos (see :func:`pokerlab.equity.by_combo.combo_equities`), and
    the time it all took."""
    rerun = functools.partial(equity, board=result.board, dead=result.dead, threads=threads, game=rules)
    with numba_threads(threads):
        combos = combo_equities(result, players, rerun, game=rules, progress=progress, sampled=sampled,
                                timed=timed)
    return dataclasses.replace(result, players=tuple(dataclasses.replace(p, combos=c)
                                                     for p, c in zip(result.players, combos)),
                               elapsed=time.perf_counter() - started)
