"""Many hands at once: a game's hands as arrays to strengths, checked at the boundary and
evaluated by the hold'em kernel over the game's tables (Omaha: by the Omaha engine).

>>> from pokerlab.games import DEUCE_TO_SEVEN
>>> strengths(DEUCE_TO_SEVEN, np.array([[21, 12, 8, 4, 0]]), None, validate=True, low=False)
array([7462], dtype=uint16)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from pokerlab.cards.notation import RANK_PLURALS, card_name
from pokerlab.errors import DuplicateCardError, HandSizeError, InvalidArgumentError, InvalidCardError

if TYPE_CHECKING:
    from pokerlab.games.game import Game


def _array(name: str, value: object, columns: tuple[int, ...], what: str) -> np.ndarray:
    array = value if isinstance(value, np.ndarray) else np.asarray(value)
    if array.dtype.kind not in "iu":
        raise InvalidCardError(f"{name}: card ids must be integers, got an array of dtype {array.dtype}")
    if array.ndim != 2 or array.shape[1] not in columns:
        raise HandSizeError(f"{name} must be an (N, {what}) array, got shape {array.shape}")
    if not array.dtype.isnative:  # Numba reads native byte order only
        array = array.astype(array.dtype.newbyteorder("="))
    return array


def _raise_bad_row(game: Game, array: np.ndarray, row: int) -> None:
    ids = array[row].tolist()
    for card in ids:
        if not 0 <= card < 52:
            raise InvalidCardError(f"row {row}: a card id must be an int from 0 to 51, got {card} in {ids}")
        if card >> 2 < game.lowest_rank:
            raise InvalidCardError(f"row {row}: {card_name(card)} is not in the {game.name} deck, which runs from "
                                   f"{RANK_PLURALS[game.lowest_rank].lower()} to aces, in {ids}")
    repeated = next(c for c in ids if ids.count(c) > 1)
    raise DuplicateCardError(f"row {row}: duplicate card: {card_name(repeated)} in {ids}")


def _side_by_side(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """The rows of two arrays of one dtype joined, each row copied as one block of bytes (three
    times as fast as ``np.concatenate`` on rows this narrow)."""
    n, a, b, size = len(left), left.shape[1], right.shape[1], left.dtype.itemsize
    out = np.empty(n, dtype=[("left", f"V{a * size}"), ("right", f"V{b * size}")])
    out["left"] = np.ascontiguousarray(left).view(f"V{a * size}").ravel()
    out["right"] = np.ascontiguousarray(right).view(f"V{b * size}").ravel()
    return out.view(left.dtype).reshape(n, a + b)


def strengths(game: Game, holes: object, boards: object, *, validate: bool, low: bool) -> np.ndarray:
    """The (N,) uint16 strengths of a game's hands (``low``: its eight-or-better lows, 0 for
    none), refusing any row with a card outside the game's deck or a card twice."""
    if not isinstance(validate, bool):
        raise InvalidArgumentError(f"validate must be True or False, got {validate!r}")
    if not game.board_cards or (boards is None and not game.hole_used):
        if boards is not None:
            raise HandSizeError(f"boards: {game.name} has no board; pass boards=None")
        sizes = tuple(game.ranking_tables.cards)
        cards = _array("holes", holes, sizes, " or ".join(map(str, sizes)))
        if low:  # each row all of a hand's cards: its low set is theirs, none left for a board
            return _best_five_lows(game, cards, cards.shape[1], validate)
    else:
        hole_array = _array("holes", holes, (game.hole_cards,), str(game.hole_cards))
        board_array = _array("boards", boards, (5,) if game.hole_used else (3, 4, 5), "5" if game.hole_used else "3..5")
        if len(hole_array) != len(board_array):
            raise InvalidArgumentError(f"holes and boards must have as many rows, got {len(hole_array)} "
                                       f"and {len(board_array)}")
        if game.hole_used:
            from pokerlab.hand_rules.omaha import omaha_lows, omaha_strengths  # the Omaha engine loads Numba

            out: np.ndarray
            if low:
                out = omaha_lows(hole_array, board_array, validate=validate)
            else:
                out = omaha_strengths(hole_array, board_array, validate=validate, ranking=game.ranking,
                                      lowest_rank=game.lowest_rank)
            return out
        cards = _side_by_side(hole_array, board_array.astype(hole_array.dtype, copy=False))
        if low:
            return _best_five_lows(game, cards, hole_array.shape[1], validate)
    from pokerlab.rankings.lookup import evaluate_rows  # Numba loads on first batch use

    t = game.ranking_tables.tables
    result, first_bad = evaluate_rows(cards, t.card_key, t.card_words, t.rank, t.offsets, t.flush, validate)
    if first_bad < len(cards):
        _raise_bad_row(game, cards, int(first_bad))
    return result


def _best_five_lows(game: Game, cards: np.ndarray, n_hole: int, validate: bool) -> np.ndarray:
    """The eight-or-better lows (uint8, 0 for none) of rows of hole and board cards side by
    side, each the best five of all the cards: one lookup of the hole's and the board's
    low-rank sets (see :func:`pokerlab.hand_rules.omaha_tables.best_five_low_table`)."""
    from pokerlab.hand_rules.omaha_tables import best_five_low_table, low_bits

    if validate:
        strengths(game, cards, None, validate=True, low=False)  # refuses a bad row, naming it
    bits = low_bits()[cards.astype(np.uint8)]
    hole_set = np.bitwise_or.reduce(bits[:, :n_hole], axis=1)
    board_set = np.bitwise_or.reduce(bits[:, n_hole:], axis=1)
    out: np.ndarray = best_five_low_table()[(hole_set << np.uint64(8)) | board_set]
    return out
