"""Omaha with 4, 5 or 6 hole cards: high strengths and eight-or-better lows.

A hand uses exactly two hole cards and three board cards, for the high and the low apart.
High strengths are on hold'em's scale (1..7462, higher wins); a low is 0 (none) or 1..56,
higher is better, 56 being 5-4-3-2-A (:func:`describe_low`). Omaha's equity engine is
:mod:`pokerlab.equity.engines.omaha`.

>>> import numpy as np
>>> holes = np.array([[51, 47, 0, 4]], dtype=np.uint8)          # As Ks 2c 3c
>>> boards = np.array([[50, 46, 42, 8, 13]], dtype=np.uint8)    # Ah Kh Qh 4c 5d
>>> int(omaha_strengths(holes, boards)[0]), describe_low(int(omaha_lows(holes, boards)[0]))  # the wheel, twice
(5854, '5-4-3-2-A')
"""
from __future__ import annotations

import functools

import numpy as np

from pokerlab.cards.notation import RANK_PLURALS, card_name
from pokerlab.errors import DuplicateCardError, HandSizeError, InvalidArgumentError, InvalidCardError
from pokerlab.hand_rules.omaha_tables import (
    board_multisets,
    card_words,
    high_table,
    hole_multisets,
    index_terms,
    low_bits,
    low_table,
    ranks_of_low,
)
from pokerlab.rankings.ranking import ranking_in_deck

HOLE_SIZES = (4, 5, 6)
"""Hole cards an Omaha hand may hold."""

_RANK_LETTERS = "A2345678"


def _rows(name: str, array: object, width: tuple[int, ...]) -> np.ndarray:
    """An (N, w) integer array for the kernels, w in ``width``; refuses anything else."""
    rows = array if isinstance(array, np.ndarray) else np.asarray(array)
    if rows.dtype.kind not in "iu":
        raise InvalidCardError(f"{name}: card ids must be integers, got an array of dtype {rows.dtype}")
    if rows.ndim != 2 or rows.shape[1] not in width:
        allowed = " or ".join(str(w) for w in width)
        raise HandSizeError(f"{name} must be an (N, {allowed}) array, got shape {rows.shape}")
    return rows


def _checked(holes: object, boards: object, validate: object) -> tuple[np.ndarray, np.ndarray]:
    """Holes and boards as uint8 rows, the one dtype the kernels are compiled for (a new dtype
    would cost a compilation). Ids outside 0..51 in a wider dtype are refused here, with
    ``validate``; the kernels find repeated cards.

    Rows are read where they lie, strided or not (see :func:`flat_rows`): copying a slice such
    as ``deals[:, :4]`` cost more than its evaluation."""
    if not isinstance(validate, bool):
        raise InvalidArgumentError(f"validate must be True or False, got {validate!r}")
    hole_rows = _rows("holes", holes, HOLE_SIZES)
    board_rows = _rows("boards", boards, (5,))
    if len(hole_rows) != len(board_rows):
        raise HandSizeError(f"holes and boards must have as many rows, got {len(hole_rows)} and {len(board_rows)}")
    if hole_rows.dtype != np.uint8 or board_rows.dtype != np.uint8:
        if validate:
            outside = ((hole_rows < 0) | (hole_rows > 51)).any(axis=1) \
                | ((board_rows < 0) | (board_rows > 51)).any(axis=1)
            if outside.any():
                _raise_bad_row(hole_rows, board_rows, int(np.argmax(outside)))
        # without validate, an id is read as its low byte
        hole_rows = hole_rows.astype(np.uint8, copy=False)
        board_rows = board_rows.astype(np.uint8, copy=False)
    return hole_rows, board_rows


def flat_rows(rows: np.ndarray) -> tuple[np.ndarray, np.uint64]:
    """uint8 ``rows`` (N, w) as the batch kernels read them: one (1, L) run of bytes from the
    first id to the last, row r starting at ``r * stride``, and that stride. A slice of a wider
    array (``deals[:, :4]``) keeps its place in it; rows whose ids are not side by side
    (a column-major array, a step other than 1) are copied first.

    Numba reads a 2-D array that is not contiguous with its inner step looked up at run time,
    which cost such slices 7 to 13% of the batch kernels' speed; a run of bytes costs them
    nothing.

    >>> deals = np.arange(18, dtype=np.uint8).reshape(2, 9)
    >>> run, stride = flat_rows(deals[:, 4:])
    >>> run.tolist(), int(stride)
    ([[4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]], 9)
    """
    n, width = rows.shape
    if rows.strides[1] != 1 or rows.strides[0] < width:
        rows = np.ascontiguousarray(rows)
    if n == 0:
        return np.zeros((1, 0), dtype=np.uint8), np.uint64(width)
    stride = rows.strides[0]
    run: np.ndarray = np.lib.stride_tricks.as_strided(rows, shape=(1, (n - 1) * stride + width), strides=(0, 1))
    return run, np.uint64(stride)


def _raise_bad_row(holes: np.ndarray, boards: np.ndarray, row: int, lowest_rank: int = 0) -> None:
    ids = [*holes[row].tolist(), *boards[row].tolist()]
    for card in ids:
        if not 0 <= card < 52:
            raise InvalidCardError(f"row {row}: a card id must be an int from 0 to 51, got {card} in {ids}")
        if card >> 2 < lowest_rank:
            raise InvalidCardError(f"row {row}: {card_name(card)} is not in the deck, which runs from "
                                   f"{RANK_PLURALS[lowest_rank].lower()} to aces, in {ids}")
    repeated = next(c for c in ids if ids.count(c) > 1)
    raise DuplicateCardError(f"row {row}: duplicate card: {card_name(repeated)} in {ids}")


@functools.cache
def kernel_tables(ranking: str = "standard", lowest_rank: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                                            np.ndarray, np.ndarray]:
    """The tables the Omaha kernels read for a ranking in the deck from ``lowest_rank`` (see
    :func:`pokerlab.rankings.ranking.ranking_in_deck`): high, index terms, flush, low, low bit of
    each card.

    >>> [t.dtype.name for t in kernel_tables()]
    ['uint16', 'uint64', 'uint16', 'uint8', 'uint64']
    """
    flush = ranking_in_deck(ranking, lowest_rank).tables.flush
    return high_table(ranking), index_terms().astype(np.uint64), flush, low_table(), low_bits()


def omaha_strengths(holes: np.ndarray, boards: np.ndarray, *, validate: bool = True, ranking: str = "standard",
                    lowest_rank: int = 0) -> np.ndarray:
    """High strengths (uint16, 1..7462 in the standard ranking, higher wins) of (N, 4..6) hole
    and (N, 5) board rows, each the best of exactly two hole cards and three board cards, in
    a ranking (:data:`pokerlab.rankings.ranking.RANKINGS`) and the deck from ``lowest_rank``.

    Any integer dtype will do; uint8 is the fastest. Rows run in parallel on all Numba threads
    (see :func:`pokerlab.numba_runtime.threads`). ``validate`` refuses ids outside 0..51, a card
    outside the deck and a card twice in a row, naming the first such row; without it such a
    row gets a meaningless value.

    >>> omaha_strengths(np.array([[0, 1, 2, 3]]), np.array([[48, 49, 50, 44, 40]]))  # 2222 on AAAKQ: full house
    array([7285], dtype=uint16)
    >>> omaha_strengths(np.array([[0, 1, 2, 3]]), np.array([[48, 49, 50, 44, 3]]))
    Traceback (most recent call last):
    ...
    pokerlab.errors.DuplicateCardError: row 0: duplicate card: 2s in [0, 1, 2, 3, 48, 49, 50, 44, 3]
    """
    hole_rows, board_rows = _checked(holes, boards, validate)
    from pokerlab.hand_rules.omaha_kernels import high_rows, high_rows_4  # Numba loads on first use, not on import

    high, terms, flush, _, _ = kernel_tables(ranking, lowest_rank)
    words = card_words(ranking, lowest_rank)
    out: np.ndarray
    (holes_run, hole_stride), (boards_run, board_stride) = flat_rows(hole_rows), flat_rows(board_rows)
    n_rows, n_hole = hole_rows.shape
    if n_hole == 4:
        out, first_bad = high_rows_4(holes_run, hole_stride, boards_run, board_stride, n_rows, high, flush, words,
                                     board_multisets(), hole_multisets())
    else:
        out, first_bad = high_rows(holes_run, hole_stride, n_hole, boards_run, board_stride, n_rows, high, terms,
                                   flush, words, board_multisets())
    if validate and first_bad < len(hole_rows):
        _raise_bad_row(hole_rows, board_rows, int(first_bad), lowest_rank)
    return out


def omaha_lows(holes: np.ndarray, boards: np.ndarray, *, validate: bool = True) -> np.ndarray:
    """Eight-or-better lows (uint8: 0 for none, else 1..56, higher is better) of (N, 4..6) hole
    and (N, 5) board rows: five distinct ranks from ace to eight, exactly two from the hole and
    three from the board; aces are low and straights and flushes do not count.

    >>> omaha_lows(np.array([[48, 0, 20, 24]]), np.array([[4, 8, 12, 44, 40]]))  # A2 with 345
    array([56], dtype=uint8)
    """
    hole_rows, board_rows = _checked(holes, boards, validate)
    from pokerlab.hand_rules.omaha_kernels import low_rows

    _, _, _, low, low_bit = kernel_tables()
    out: np.ndarray
    (holes_run, hole_stride), (boards_run, board_stride) = flat_rows(hole_rows), flat_rows(board_rows)
    out, first_bad = low_rows(holes_run, hole_stride, hole_rows.shape[1], boards_run, board_stride, len(hole_rows), low,
                              low_bit, validate)
    if first_bad < len(hole_rows):
        _raise_bad_row(hole_rows, board_rows, int(first_bad))
    return out


def low_ranks(value: int) -> tuple[int, ...]:
    """The five card ranks (0 = deuce .. 12 = ace, as card ids count them) of a low value 1..56,
    from the highest down to the ace or the lowest.

    >>> low_ranks(56)
    (3, 2, 1, 0, 12)
    """
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or not 1 <= value <= 56:
        raise InvalidArgumentError(f"a low value must be an int from 1 to 56, got {value!r}")
    return tuple(12 if r == 0 else r - 1 for r in ranks_of_low(int(value)))


def describe_low(value: int) -> str:
    """A low value in words: its ranks from the highest down, or ``"no low"`` for 0.

    >>> describe_low(56), describe_low(1), describe_low(0)
    ('5-4-3-2-A', '8-7-6-5-4', 'no low')
    """
    if isinstance(value, int | np.integer) and not isinstance(value, bool) and value == 0:
        return "no low"
    return "-".join(_RANK_LETTERS[0 if r == 12 else r + 1] for r in low_ranks(value))
