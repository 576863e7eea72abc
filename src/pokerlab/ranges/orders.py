"""Which starting hands ``top N%`` takes in each two-card game: the deck's own classes,
strongest first by equity against one random hand.

pokerlab ships an order for hold'em's deck and ranking (:data:`~pokerlab.ranges.holdem.ORDER_FILE`,
read by hold'em, hold'em hi/lo and :class:`~pokerlab.ranges.holdem.Range` by default) and for
short deck's two rankings (made by :func:`pokerlab.preflop.orders.write_order`). In short deck
``top 10%`` is a tenth of its 630 combos, ranked by short deck's own equities, where hold'em's
order would give a fifth of them. A game of another deck or ranking has no order, and refuses
``top N%``.

>>> from pokerlab.games import HOLDEM, SHORT_DECK
>>> order_of(HOLDEM) is None, order_of(SHORT_DECK)[:3]
(True, ('AA', 'KK', 'QQ'))
"""

from __future__ import annotations

from pathlib import Path

from pokerlab.games import Game
from pokerlab.ranges.holdem import ORDER_FILE, starting_hand_order

__all__ = ["ORDER_FILES", "order_of"]

_DATA = Path(__file__).parents[1] / "data"

ORDER_FILES: dict[tuple[int, str], Path] = {
    (0, "standard"): ORDER_FILE,
    (4, "short-deck"): _DATA / "short_deck_vs_random.csv",
    (4, "short-deck-triton"): _DATA / "short_deck_triton_vs_random.csv",
}
"""The shipped orders, by the deck's lowest rank and the ranking's name."""


def order_of(game: Game) -> tuple[str, ...] | None:
    """The order of starting hands that ``top N%`` reads in ``game``, a two-card game: None for
    hold'em's deck and ranking (the :class:`~pokerlab.ranges.holdem.Range` default), the deck's
    own where pokerlab ships one, and an empty order (``top N%`` refused) for any other."""
    key = (game.lowest_rank, game.ranking)
    if key == (0, "standard"):
        return None
    path = ORDER_FILES.get(key)
    return () if path is None else starting_hand_order(path, game.lowest_rank)
