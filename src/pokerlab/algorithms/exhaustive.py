"""Exhaustive cross-checks: an algorithm against ``default`` on every hand of a size.

Five cards: all 2,598,960 hands in one array. Seven cards: 133,784,560 hands are 0.9 GB as
an array, so they go in 1,326 blocks, one per pair of lowest cards (a, b): the block is
(a, b) followed by every five-card hand above b, which is a tail of the lexicographic list
of five-card hands. Each block runs through both compiled evaluators.

>>> from pokerlab.algorithms import cactus_kev
>>> mismatches([cactus_kev], 5)
{'cactus_kev': 0}
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from types import ModuleType

import numpy as np

from pokerlab.algorithms import default
from pokerlab.cards.iterate import all_hands
from pokerlab.errors import HandSizeError


@functools.cache
def _five() -> np.ndarray:
    return all_hands(5)


def seven_card_blocks() -> Iterator[np.ndarray]:
    """Every seven-card hand, in blocks sharing their two lowest cards.

    Blocks with the same second card share one array, overwritten in place: use each block
    before asking for the next.
    """
    five = _five()
    for b in range(1, 47):
        tail = five[np.searchsorted(five[:, 0], b, side="right"):]
        block = np.empty((len(tail), 7), dtype=np.uint8)
        block[:, 2:] = tail
        block[:, 1] = b
        for a in range(b):
            block[:, 0] = a
            yield block


def mismatches(modules: Sequence[ModuleType], n_cards: int) -> dict[str, int]:
    """Per module, how many hands of ``n_cards`` (5 or 7) its kernel scores unlike ``default``'s.

    One sweep serves every module, so ``default`` scores each block once.
    """
    for module in modules:
        if n_cards not in module.CARD_COUNTS or n_cards not in (5, 7):
            raise HandSizeError(f"{module.__name__} cannot be checked on {n_cards} cards")
    counts = {module.__name__.rsplit(".", 1)[-1]: 0 for module in modules}
    for block in ([_five()] if n_cards == 5 else seven_card_blocks()):
        want = default.evaluate_many(block)
        for name, module in zip(counts, modules):
            counts[name] += int(np.count_nonzero(module.evaluate_many(block) != want))
    return counts
