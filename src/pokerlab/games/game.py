"""A poker game as data: :class:`Game` and the ranks its hands get, :class:`GameRank`.

>>> from pokerlab.games import SHORT_DECK, OMAHA_HILO
>>> SHORT_DECK.evaluate("Ah Kh", "Qh 9h 6h").describe()
'Flush, Ace-King-Queen-Nine-Six'
>>> OMAHA_HILO.evaluate_low("Ah 2c Kd Ks", "3h 5d 8c Qs Js").describe()
'8-5-3-2-A, Eight-Five low'
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field

import numpy as np

from pokerlab.cards.notation import RANK_NAMES, RANK_PLURALS, RANKS, CardsLike, card_name, format_cards, parse_cards
from pokerlab.errors import DuplicateCardError, HandSizeError, InvalidArgumentError, InvalidCardError
from pokerlab.rankings.category import HandCategory
from pokerlab.rankings.hand_rank import HandRank, describe_value
from pokerlab.rankings.ranking import (
    DECKS,
    HAND_SIZES,
    LOW_RANKINGS,
    RANKINGS,
    Ranking,
    eight_or_better_lows,
    ranking,
    ranking_in_deck,
)
from pokerlab.rankings.tables import Value

EIGHT_OR_BETTER = "eight-or-better"
"""The low of the hi/lo games: five different ranks from ace to eight."""


@functools.cache
def _eight_or_better() -> tuple[dict[tuple[int, ...], int], tuple[Value, ...]]:
    """Each qualifying low's strength (1..56, higher is better) by its ranks sorted, and its class."""
    lows = eight_or_better_lows()
    return ({tuple(sorted(low)): i + 1 for i, low in enumerate(lows)},
            tuple((HandCategory.HIGH_CARD, low) for low in lows))


def _values(name: str) -> tuple[Value, ...]:
    return _eight_or_better()[1] if name == EIGHT_OR_BETTER else ranking(name).values


@dataclass(frozen=True)
class GameRank:
    """A hand's rank in a game's ranking other than hold'em's: ``strength`` 1..N, higher is
    better (for a low too: the best deuce-to-seven hand, 7-5-4-3-2, is 7,462). Ranks of one
    ranking compare with ``<``; ranks of two rankings are never equal, and ordering them is
    an error (their strengths count different things).

    >>> from pokerlab.games import DEUCE_TO_SEVEN
    >>> a, b = DEUCE_TO_SEVEN.evaluate("7h 5d 4c 3s 2h"), DEUCE_TO_SEVEN.evaluate("8h 6d 4c 3s 2h")
    >>> a > b, a.describe(), b.category.label
    (True, '7-5-4-3-2, Seven-Five low', 'High Card')
    """

    strength: int
    ranking: str

    def _strength_beside(self, other: object) -> int:
        if not isinstance(other, GameRank):
            raise InvalidArgumentError(f"a GameRank compares with another GameRank, not {type(other).__name__}")
        if other.ranking != self.ranking:
            raise InvalidArgumentError(f"ranks of {self.ranking} and {other.ranking} do not compare: "
                                       "compare ranks of one ranking")
        return other.strength

    def __lt__(self, other: object) -> bool:
        return self.strength < self._strength_beside(other)

    def __le__(self, other: object) -> bool:
        return self.strength <= self._strength_beside(other)

    def __gt__(self, other: object) -> bool:
        return self.strength > self._strength_beside(other)

    def __ge__(self, other: object) -> bool:
        return self.strength >= self._strength_beside(other)

    @property
    def value(self) -> Value:
        """The class: (category, ranks in order of significance; rank 0 = deuce .. 12 = ace)."""
        return _values(self.ranking)[self.strength - 1]

    @property
    def category(self) -> HandCategory:
        """The kind of hand (a low's unpaired hand is ``HIGH_CARD``)."""
        return HandCategory(self.value[0])

    @property
    def is_low(self) -> bool:
        """Whether lower cards make it better."""
        return self.ranking == EIGHT_OR_BETTER or self.ranking in LOW_RANKINGS

    def describe(self) -> str:
        """The hand in words: an unpaired low as its ranks and its name ("8-6-4-3-A,
        Eight-Six low"), anything else as hold'em names it."""
        category, ranks = self.value
        if self.is_low and category == HandCategory.HIGH_CARD:
            return f"{'-'.join(RANKS[r] for r in ranks)}, {RANK_NAMES[ranks[0]]}-{RANK_NAMES[ranks[1]]} low"
        return describe_value(self.value)

    def __int__(self) -> int:
        return self.strength

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        return {"strength": self.strength, "ranking": self.ranking, "category": self.category.name,
                "description": self.describe()}


@dataclass(frozen=True)
class Game:
    """The rules of one game, made of four independent parts, checked when it is made:

    - the **deal and the hand rule**: ``hole_cards`` dealt to each player, ``board_cards``
      on the board (0 or 5), and ``hole_used``: None when a hand is the best five of all
      its cards, 2 when it is exactly two hole cards and three board cards (Omaha);
    - the **ranking** of five cards: ``ranking``, one of
      :data:`pokerlab.rankings.ranking.RANKINGS` ("standard" is hold'em's);
    - the **deck**: ``lowest_rank``, the deck holding the ranks from this one (0: deuce,
      52 cards; 4: six, 36 cards; 8: ten, 20 cards) up to the ace;
    - the **pots**: one high pot, or with ``hilo`` a pot split between the best high and
      the best eight-or-better low (the high takes it all when no hand has a low).

    Without a board the game only ranks hands (lowball): ``hole_cards`` is then the most
    cards a hand may have, five at least. A combination that no engine plays is refused
    with an :class:`~pokerlab.errors.InvalidArgumentError` naming the field (see
    ``docs/games.md`` for what may be combined).

    >>> Game("royal", "Royal hold'em", 2, 5, lowest_rank=8).deck[0]
    32
    >>> Game("sd-hilo", "Short deck hi/lo", 2, 5, lowest_rank=4, ranking="short-deck", hilo=True)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidArgumentError: hilo: an eight-or-better low needs the aces and the deuces to eights; \
sd-hilo's deck runs from sixes to aces
    """

    name: str
    title: str
    hole_cards: int
    board_cards: int
    hole_used: int | None = None
    lowest_rank: int = 0
    ranking: str = "standard"
    hilo: bool = False
    rules: str = field(default="", compare=False)
    """The rules in a line, for people."""

    def __post_init__(self) -> None:
        for name in ("name", "title", "rules"):
            if not isinstance(getattr(self, name), str):
                raise InvalidArgumentError(f"{name} must be a str, got {getattr(self, name)!r}")
        if not self.name or self.name != self.name.strip().lower() or " " in self.name:
            raise InvalidArgumentError(f"name must be a lower-case word such as 'omaha-hilo', got {self.name!r}")
        for name in ("hole_cards", "board_cards", "lowest_rank"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidArgumentError(f"{name} must be an int, got {value!r}")
        if self.hole_used is not None and (isinstance(self.hole_used, bool) or not isinstance(self.hole_used, int)):
            raise InvalidArgumentError(f"hole_used must be None or an int, got {self.hole_used!r}")
        if not isinstance(self.hilo, bool):
            raise InvalidArgumentError(f"hilo must be True or False, got {self.hilo!r}")
        if self.ranking not in RANKINGS:
            raise InvalidArgumentError(f"ranking must be one of {', '.join(RANKINGS)}, got {self.ranking!r}")
        if self.lowest_rank not in DECKS[self.ranking]:
            decks = DECKS[self.ranking]
            allowed = (f"a deck from {RANK_PLURALS[decks[0]].lower()}" if len(decks) == 1
                       else f"decks from {RANK_PLURALS[decks[0]].lower()} to {RANK_PLURALS[decks[-1]].lower()}")
            raise InvalidArgumentError(f"lowest_rank: the {self.ranking} ranking is defined for {allowed}, got "
                                       f"{self.lowest_rank!r}")
        self._check_deal()
        if self.hilo:
            if not self.board_cards or self.is_lowball:
                raise InvalidArgumentError("hilo: a split pot needs a board game ranked high; "
                                           f"{self.name} has {'no board' if not self.board_cards else 'a low ranking'}")
            if self.lowest_rank:
                raise InvalidArgumentError(f"hilo: an eight-or-better low needs the aces and the deuces to eights; "
                                           f"{self.name}'s deck runs from {RANK_PLURALS[self.lowest_rank].lower()} "
                                           "to aces")

    def _check_deal(self) -> None:
        """Refuse a deal and hand rule that no engine plays (see the class's notes)."""
        sizes = HAND_SIZES[self.ranking]
        if self.board_cards == 0:
            if self.hole_used is not None:
                raise InvalidArgumentError(f"hole_used: {self.name} has no board, so a hand is all its cards; "
                                           f"got {self.hole_used!r}")
            if not 5 <= self.hole_cards <= max(sizes):
                held = f"{min(sizes)}" if len(sizes) == 1 else f"{min(sizes)} to {max(sizes)}"
                raise InvalidArgumentError(f"hole_cards: the {self.ranking} ranking ranks hands of {held} cards, "
                                           f"got {self.hole_cards!r}")
            return
        if self.board_cards != 5:
            raise InvalidArgumentError(f"board_cards must be 0 (no board) or 5, got {self.board_cards!r}")
        if self.is_lowball:
            raise InvalidArgumentError(f"ranking: a board game is ranked high; {self.ranking} is for games without "
                                       "a board")
        if self.hole_used is None:
            if self.hole_cards != 2:
                raise InvalidArgumentError(f"hole_cards: a best-five board game deals 2 hole cards, got "
                                           f"{self.hole_cards!r}")
            if 7 not in sizes:
                raise InvalidArgumentError(f"ranking: {self.ranking} does not rank seven cards")
        elif self.hole_used != 2:
            raise InvalidArgumentError(f"hole_used must be None (the best five of all cards) or 2 (two hole cards "
                                       f"and three board cards), got {self.hole_used!r}")
        elif not 4 <= self.hole_cards <= 6:
            raise InvalidArgumentError(f"hole_cards: a game of two hole cards and three board cards deals 4 to 6 "
                                       f"hole cards, got {self.hole_cards!r}")

    @functools.cached_property
    def deck(self) -> tuple[int, ...]:
        """The card ids the deck holds, in order.

        >>> from pokerlab.games import SHORT_DECK
        >>> len(SHORT_DECK.deck), SHORT_DECK.deck[0]
        (36, 16)
        """
        return tuple(range(4 * self.lowest_rank, 52))

    @property
    def is_lowball(self) -> bool:
        """Whether the game ranks hands by a low (evaluation only: no board, no equity)."""
        return self.ranking in LOW_RANKINGS

    @functools.cached_property
    def ranking_tables(self) -> Ranking:
        """The ranking with its lookup tables for this game's deck (built on first use)."""
        return ranking_in_deck(self.ranking, self.lowest_rank)

    @functools.cached_property
    def missing_cards(self) -> tuple[int, ...]:
        """The ids of the 52 cards that this game's deck leaves out.

        >>> from pokerlab.games import SHORT_DECK
        >>> len(SHORT_DECK.missing_cards)
        16
        """
        return tuple(range(4 * self.lowest_rank))

    def check_cards(self, name: str, cards: CardsLike) -> tuple[int, ...]:
        """Cards as ids, refusing one the game's deck does not hold (``name`` says whose).

        >>> from pokerlab.games import SHORT_DECK
        >>> SHORT_DECK.check_cards("board", "Ah 5d 7c")
        Traceback (most recent call last):
        ...
        pokerlab.errors.InvalidCardError: board: 5d is not in the short-deck deck, which runs from sixes to aces
        """
        ids = parse_cards(cards, name=name)
        for c in ids if self.lowest_rank else ():
            if c >> 2 < self.lowest_rank:
                raise InvalidCardError(f"{name}: {card_name(c)} is not in the {self.name} deck, which runs from "
                                       f"{RANK_PLURALS[self.lowest_rank].lower()} to aces")
        return ids

    def check_hand(self, hole: CardsLike, board: CardsLike = ()) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A hand's hole cards and board cards as ids, checked against the game's rules.

        >>> from pokerlab.games import OMAHA
        >>> OMAHA.check_hand("As Ks", "Qs Js Ts")
        Traceback (most recent call last):
        ...
        pokerlab.errors.HandSizeError: hole: an omaha hand has 4 hole cards, got 2 (As Ks)
        """
        hole_ids = self.check_cards("hole", hole)
        board_ids = self.check_cards("board", board)
        if not self.board_cards:
            if board_ids:
                raise HandSizeError(f"board: {self.name} has no board, got {format_cards(board_ids)}")
            if not 5 <= len(hole_ids) <= self.hole_cards:
                allowed = "5" if self.hole_cards == 5 else f"5 to {self.hole_cards}"
                raise HandSizeError(f"hole: a {self.name} hand has {allowed} cards, got {len(hole_ids)} "
                                    f"({format_cards(hole_ids)})")
        else:
            if len(hole_ids) != self.hole_cards:
                raise HandSizeError(f"hole: a{'n' if self.name[0] in 'aeiou' else ''} {self.name} hand has "
                                    f"{self.hole_cards} hole cards, got {len(hole_ids)} ({format_cards(hole_ids)})")
            if not 3 <= len(board_ids) <= self.board_cards:
                raise HandSizeError(f"board: a hand is evaluated on 3 to {self.board_cards} board cards, "
                                    f"got {len(board_ids)}")
        if len(set(hole_ids + board_ids)) != len(hole_ids) + len(board_ids):
            repeated = next(c for c in hole_ids + board_ids if (hole_ids + board_ids).count(c) > 1)
            raise DuplicateCardError(f"duplicate card: {card_name(repeated)}")
        return hole_ids, board_ids

    def _fives(self, hole: tuple[int, ...], board: tuple[int, ...]) -> list[tuple[int, ...]]:
        """The hands of five (or more, for the best-five lookup) cards a player may use."""
        if self.hole_used is None:
            return [hole + board]
        return [h + b for h in itertools.combinations(hole, self.hole_used)
                for b in itertools.combinations(board, 5 - self.hole_used)]

    def evaluate(self, hole: CardsLike, board: CardsLike = ()) -> HandRank | GameRank:
        """The rank of the best hand: a :class:`~pokerlab.rankings.hand_rank.HandRank` in the games
        ranked like hold'em, otherwise a :class:`GameRank`.

        >>> from pokerlab.games import HOLDEM, OMAHA, SHORT_DECK_TRITON
        >>> HOLDEM.evaluate("As Ks", "Qs Js Ts")
        HandRank(7462, 'Royal Flush')
        >>> OMAHA.evaluate("As Kd Qd Jc", "Ts 9s 8s").describe()  # exactly two hole cards: no flush
        'Straight, Queen High'
        >>> SHORT_DECK_TRITON.evaluate("Ah Ad", "Ac 9s 8d 7c 6h").category.label
        'Three of a Kind'
        """
        hole_ids, board_ids = self.check_hand(hole, board)
        table = self.ranking_tables
        for cards in self._fives(hole_ids, board_ids):
            if len(cards) not in table.cards:
                raise HandSizeError(f"a {self.name} hand has {' or '.join(map(str, table.cards))} cards, "
                                    f"got {len(cards)}")
        best = max(table.strength(cards) for cards in self._fives(hole_ids, board_ids))
        return HandRank(best) if self.ranking == "standard" else GameRank(best, self.ranking)

    def evaluate_low(self, hole: CardsLike, board: CardsLike = ()) -> GameRank | None:
        """The best eight-or-better low of a hi/lo game's hand, or None when it has none.

        >>> from pokerlab.games import OMAHA_HILO
        >>> OMAHA_HILO.evaluate_low("Ah 2c Kd Ks", "9h Td 8c Qs Js") is None
        True
        """
        if not self.hilo:
            raise InvalidArgumentError(f"{self.name} has no low hand: its pot is one high pot (hilo=False)")
        hole_ids, board_ids = self.check_hand(hole, board)
        strengths = _eight_or_better()[0]
        best = 0
        hands = self._fives(hole_ids, board_ids) if self.hole_used else itertools.combinations(hole_ids + board_ids, 5)
        for cards in hands:
            key = tuple(sorted(c >> 2 for c in cards))
            best = max(best, strengths.get(key, 0))
        return GameRank(best, EIGHT_OR_BETTER) if best else None

    def rank(self, strength: int) -> HandRank | GameRank:
        """The rank object of a strength from :meth:`evaluate_many`.

        >>> from pokerlab.games import ACE_TO_FIVE
        >>> ACE_TO_FIVE.rank(6175).describe()
        '5-4-3-2-A, Five-Four low'
        """
        if self.ranking == "standard":
            return HandRank(strength)
        count = len(self.ranking_tables.values)
        if isinstance(strength, bool) or not isinstance(strength, (int, np.integer)) or not 1 <= strength <= count:
            raise InvalidArgumentError(f"strength must be an int from 1 to {count}, got {strength!r}")
        return GameRank(int(strength), self.ranking)

    def evaluate_many(self, holes: np.ndarray, boards: np.ndarray | None = None, *,
                      validate: bool = True) -> np.ndarray:
        """Strengths (uint16, higher is better) of many hands: ``holes`` (N, hole cards) and
        ``boards`` (N, 3..5) card ids (the Omaha games, whose hands take three board cards
        of five, (N, 5)), in parallel. The lowball rankings take no boards, and
        the best-five games may take all of each hand's cards in ``holes`` (N, 5..7) with no
        boards, which saves joining the two arrays.

        >>> from pokerlab.games import SHORT_DECK
        >>> holes = np.array([[51, 47], [16, 20]], dtype=np.uint8)
        >>> boards = np.array([[43, 39, 35, 25, 29], [48, 28, 25, 47, 45]], dtype=np.uint8)
        >>> [SHORT_DECK.rank(s).describe() for s in SHORT_DECK.evaluate_many(holes, boards)]
        ['Royal Flush', 'Straight, Nine High']
        """
        from pokerlab.games.batch import strengths

        return strengths(self, holes, boards, validate=validate, low=False)

    def evaluate_low_many(self, holes: np.ndarray, boards: np.ndarray, *, validate: bool = True) -> np.ndarray:
        """Eight-or-better lows of many hi/lo hands: 0 for no low, else 1..56, higher is better."""
        if not self.hilo:
            raise InvalidArgumentError(f"{self.name} has no low hand: its pot is one high pot (hilo=False)")
        from pokerlab.games.batch import strengths

        return strengths(self, holes, boards, validate=validate, low=True)

    def to_dict(self) -> dict[str, object]:
        """The rules as plain JSON-ready values."""
        return {"name": self.name, "title": self.title, "hole_cards": self.hole_cards,
                "board_cards": self.board_cards, "hole_used": self.hole_used, "deck": len(self.deck),
                "ranking": self.ranking,
                "pot": "hi/lo, eight or better" if self.hilo else "low, evaluation only" if self.is_lowball else "high",
                "rules": self.rules}
