"""Every game pokerlab knows, each one :class:`~pokerlab.games.game.Game` definition.

Adding a game is adding a definition here (and, for a new ranking, its reference evaluator
in :mod:`pokerlab.rankings.ranking`), plus its tests.

>>> get("Omaha-HiLo").hole_cards, get(OMAHA).name
(4, 'omaha')
"""

from __future__ import annotations

from collections.abc import Callable

from pokerlab.errors import InvalidArgumentError
from pokerlab.games.game import Game

HOLDEM = Game("holdem", "Texas hold'em", 2, 5,
              rules="2 hole cards, 5 on the board, the best five of all seven; high hand wins")
SHORT_DECK = Game("short-deck", "Short deck (six plus) hold'em", 2, 5, lowest_rank=4, ranking="short-deck",
                  rules="hold'em with 36 cards (sixes to aces); A-6-7-8-9 is the lowest straight; "
                        "a flush beats a full house")
HOLDEM_HILO = Game("holdem-hilo", "Hold'em hi/lo, eight or better", 2, 5, hilo=True,
                   rules="hold'em; half the pot to the best high, half to the best low of five different ranks "
                         "eight or lower (aces low), each the best five of all seven cards, chosen apart; no low: "
                         "the high takes all")
SHORT_DECK_TRITON = Game("short-deck-triton", "Short deck, Triton rules", 2, 5, lowest_rank=4,
                         ranking="short-deck-triton",
                         rules="short deck, and three of a kind beats a straight")
OMAHA = Game("omaha", "Pot-limit Omaha", 4, 5, hole_used=2,
             rules="4 hole cards; a hand is exactly 2 of them and 3 of the board")
OMAHA5 = Game("omaha5", "Five-card Omaha", 5, 5, hole_used=2,
              rules="5 hole cards; a hand is exactly 2 of them and 3 of the board")
OMAHA6 = Game("omaha6", "Six-card Omaha", 6, 5, hole_used=2,
              rules="6 hole cards; a hand is exactly 2 of them and 3 of the board")
OMAHA_HILO = Game("omaha-hilo", "Omaha hi/lo, eight or better", 4, 5, hole_used=2, hilo=True,
                  rules="Omaha; half the pot to the best high, half to the best low of five different "
                        "ranks eight or lower (aces low), each 2 hole + 3 board cards chosen apart; "
                        "no low: the high takes all")
OMAHA5_HILO = Game("omaha5-hilo", "Five-card Omaha hi/lo, eight or better", 5, 5, hole_used=2, hilo=True,
                   rules="five-card Omaha, split high and eight-or-better low as in omaha-hilo")
OMAHA6_HILO = Game("omaha6-hilo", "Six-card Omaha hi/lo, eight or better", 6, 5, hole_used=2, hilo=True,
                   rules="six-card Omaha, split high and eight-or-better low as in omaha-hilo")
SHORT_DECK_OMAHA = Game("short-deck-omaha", "Short deck (6+) Omaha", 4, 5, hole_used=2, lowest_rank=4,
                        ranking="short-deck",
                        rules="Omaha with 36 cards (sixes to aces): exactly 2 hole cards and 3 board cards; "
                              "A-6-7-8-9 is the lowest straight; a flush beats a full house")
DEUCE_TO_SEVEN = Game("deuce-to-seven", "Deuce-to-seven lowball", 5, 0, ranking="deuce-to-seven",
                      rules="five cards, the lowest hand wins; aces are high; straights and flushes count "
                            "against you; best 7-5-4-3-2 (evaluation only)")
ACE_TO_FIVE = Game("ace-to-five", "Ace-to-five lowball (as in razz)", 7, 0, ranking="ace-to-five",
                   rules="the best five of five to seven cards, the lowest wins; aces are low; straights "
                         "and flushes do not count; best 5-4-3-2-A (evaluation only)")

GAMES = {g.name: g for g in (HOLDEM, HOLDEM_HILO, SHORT_DECK, SHORT_DECK_TRITON, OMAHA, OMAHA5, OMAHA6, OMAHA_HILO,
                             OMAHA5_HILO, OMAHA6_HILO, SHORT_DECK_OMAHA, DEUCE_TO_SEVEN, ACE_TO_FIVE)}
"""Every game by name."""


def names(where: Callable[[Game], bool] = lambda game: True) -> str:
    """The names of the games that pass ``where``, in catalog order, for messages and help:
    game names are written nowhere else.

    >>> names(lambda game: game.hilo)
    'holdem-hilo, omaha-hilo, omaha5-hilo, omaha6-hilo'
    """
    return ", ".join(name for name, game in GAMES.items() if where(game))


def _rules(game: Game) -> tuple[object, ...]:
    """What a game deals and how it ranks and splits: all of it but its words."""
    return (game.hole_cards, game.board_cards, game.hole_used, game.lowest_rank, game.ranking, game.hilo)


def get(name: str | Game) -> Game:
    """The game called ``name`` (any case; a :class:`Game` is returned as it is).

    >>> get("short-deck").deck[:2]
    (16, 17)
    >>> get("stud")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: unknown game 'stud'; the games are holdem, holdem-hilo, short-deck, ...
    """
    if isinstance(name, Game):
        known = GAMES.get(name.name)
        if known is not None and _rules(known) != _rules(name):
            # the name is how results, tables and engines tell games apart: one name, one set of rules
            raise InvalidArgumentError(f"game: {name.name!r} is the name of the catalog's {known.title}, which "
                                       "has other rules; give a game of your own a name of its own")
        return name
    game = (GAMES.get(name) or GAMES.get(name.strip().lower())) if isinstance(name, str) else None
    if game is None:
        raise InvalidArgumentError(f"unknown game {name!r}; the games are {names()}")
    return game
