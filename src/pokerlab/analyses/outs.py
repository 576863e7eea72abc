"""Outs: the unseen cards that help on the next street.

>>> r = outs("AhKh", "Qh7h3s", opponents=["2c2d"])
>>> r
OutsResult(15 outs win: 2h 3h 4h 5h 6h 8h 9h Th Jh Kc Kd Ks Ac Ad As)
>>> r.count, len(r.splits), sorted(r.by_category())[:1]
(15, 0, [<HandCategory.PAIR: 1>])
>>> improve = outs("AhKh", board="Qh7h3s")
>>> len(improve.by_category()[HandCategory.FLUSH])
9
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerlab.cards.notation import CardsLike, format_cards, parse_cards
from pokerlab.checks import check_list
from pokerlab.errors import HandSizeError, InvalidArgumentError
from pokerlab.games import Game
from pokerlab.games import get as get_game
from pokerlab.games import names as game_names
from pokerlab.rankings.category import HandCategory


@dataclass(frozen=True)
class Out:
    """One helpful card and what it makes."""

    card: int
    category: HandCategory
    ties: bool = False
    """Against opponents: the card only gets a split, not the whole pot."""

    def __repr__(self) -> str:
        kind = " (split)" if self.ties else ""
        return f"Out({format_cards([self.card])}: {self.category.label}{kind})"


_VERBS = {"win": ("wins", "win"), "keep you ahead": ("keeps you ahead", "keep you ahead"),
          "improve": ("improves your hand", "improve your hand")}
"""What the winning cards do, for one card and for several."""


@dataclass(frozen=True, repr=False)
class OutsResult:
    """The outs of a hand on a flop or turn, against known opponents or for improvement.

    :attr:`wins` are the cards that give the hand the pot (or, with no opponents, a better
    category); :attr:`splits` the cards that give a split. :attr:`kind` says what the winning
    cards do: ``"win"`` when the hand is behind now, ``"keep you ahead"`` when it already
    leads, ``"improve"`` with no opponents; :meth:`describe` puts it in a sentence.
    """

    hand: str
    board: str
    opponents: tuple[str, ...]
    ahead_now: bool
    outs: tuple[Out, ...] = field(repr=False)
    """Every helpful card: the winning ones and the splitting ones, in card order."""
    unseen: int = 0

    @property
    def wins(self) -> tuple[Out, ...]:
        """The cards that win the pot outright (or improve the hand, with no opponents)."""
        return tuple(o for o in self.outs if not o.ties)

    @property
    def splits(self) -> tuple[Out, ...]:
        """The cards that give a split pot."""
        return tuple(o for o in self.outs if o.ties)

    @property
    def count(self) -> int:
        """How many cards win (or improve); splits are counted apart, in :attr:`split_count`."""
        return len(self.wins)

    @property
    def split_count(self) -> int:
        """How many cards give a split."""
        return len(self.splits)

    @property
    def kind(self) -> str:
        """What the winning cards do: ``"win"``, ``"keep you ahead"`` or ``"improve"``."""
        if not self.opponents:
            return "improve"
        return "keep you ahead" if self.ahead_now else "win"

    @property
    def cards(self) -> str:
        """The winning cards as text."""
        return format_cards(o.card for o in self.wins)

    def describe(self) -> str:
        """The outs in a sentence.

        >>> outs("AhKh", "Qh7h3s", opponents=["2c2d"]).describe()
        '15 cards win: 2h 3h 4h 5h 6h 8h 9h Th Jh Kc Kd Ks Ac Ad As'
        >>> outs("QsQd", "Qh7h3s", opponents=["AhKh"]).describe()[:24]
        '37 cards keep you ahead:'
        """
        one = self.count == 1
        text = f"{self.count} card{'' if one else 's'} {_VERBS[self.kind][0 if one else 1]}"
        if self.wins:
            text += ": " + self.cards
        if self.splits:
            text += f"; {self.split_count} split the pot: " + format_cards(o.card for o in self.splits)
        return text

    def __repr__(self) -> str:
        text = f"{self.count} outs {self.kind}" + (f": {self.cards}" if self.wins else "")
        if self.splits:
            text += f"; {self.split_count} split: " + format_cards(o.card for o in self.splits)
        return f"OutsResult({text})"

    def by_category(self) -> dict[HandCategory, tuple[int, ...]]:
        """The helpful cards (wins and splits) grouped by the category they make."""
        groups: dict[HandCategory, list[int]] = {}
        for o in self.outs:
            groups.setdefault(o.category, []).append(o.card)
        return {c: tuple(v) for c, v in sorted(groups.items())}

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        return {"hand": self.hand, "board": self.board, "opponents": list(self.opponents),
                "ahead_now": self.ahead_now, "kind": self.kind, "description": self.describe(),
                "count": self.count, "split_count": self.split_count, "unseen": self.unseen,
                "wins": [format_cards([o.card]) for o in self.wins],
                "splits": [format_cards([o.card]) for o in self.splits],
                "outs": [{"card": format_cards([o.card]), "category": o.category.name, "ties": o.ties}
                         for o in self.outs]}


def outs(hand: CardsLike, board: CardsLike = "", dead: CardsLike = "", *, opponents: Sequence[CardsLike] = (),
         game: Game | str = "holdem") -> OutsResult:
    """The next cards that put ``hand`` ahead of known opponents (or keep it ahead), or, with
    none, that improve its category. Only on a flop or turn (3 or 4 board cards).

    ``opponents`` is a list of hands, even for one opponent: ``outs("AhKh", "Qh7h3s", opponents=["2c2d"])``.
    ``game`` is a game with a board and one pot (see :mod:`pokerlab.games`): hold'em, short
    deck or the high Omaha games; the hi/lo games split the pot, so no single card "wins"
    it, and the lowball rankings have no board.

    >>> outs("AhKh", "Qh 7h 6s", opponents=["Jc Jd"], game="short-deck").count  # 5 hearts, 3 aces, 3 kings
    11
    """
    others = check_list("opponents", opponents)
    rules = get_game(game)
    if rules.hilo or not rules.board_cards:
        raise InvalidArgumentError(f"game: outs take a game with a board and one pot "
                                   f"({game_names(lambda g: bool(g.board_cards) and not g.hilo)}), got {rules.name}")
    ids = rules.check_cards("hand", hand)
    board_ids = rules.check_cards("board", board)
    opp_ids = [rules.check_cards(f"opponent {i + 1}", o) for i, o in enumerate(others)]  # type: ignore[arg-type]
    seen = parse_cards([*ids, *board_ids, *(c for o in opp_ids for c in o), *rules.check_cards("dead", dead)])
    if len(board_ids) not in (3, 4):
        raise HandSizeError(f"outs need a flop or a turn (3 or 4 board cards), got {len(board_ids)}")
    for i, cards in enumerate([ids, *opp_ids]):
        if len(cards) != rules.hole_cards:
            raise HandSizeError(f"{'hand' if i == 0 else f'opponent {i}'} needs {rules.hole_cards} cards, "
                                f"got {len(cards)}")
    unseen = [c for c in rules.deck if c not in seen]
    position = rules.ranking_tables.categories.index  # categories in the game's order
    now = rules.evaluate(ids, board_ids)
    ahead_now = all(int(now) > int(rules.evaluate(o, board_ids)) for o in opp_ids) if opp_ids else True
    found = []
    for card in unseen:
        after = rules.evaluate(ids, (*board_ids, card))
        if opp_ids:
            best_other = max(int(rules.evaluate(o, (*board_ids, card))) for o in opp_ids)
            if int(after) >= best_other:
                found.append(Out(card, after.category, ties=int(after) == best_other))
        elif position(after.category) > position(now.category):
            found.append(Out(card, after.category))
    return OutsResult(format_cards(ids), format_cards(board_ids), tuple(format_cards(o) for o in opp_ids),
                      ahead_now, tuple(found), len(unseen))
