"""Paul Senzee's variant of Cactus Kev (seed 000): a perfect hash instead of the binary search.

Steps 1 and 2 and the card words are Cactus Kev's (:mod:`pokerlab.algorithms.cactus_kev`).
Step 3 hashes the prime product straight to its class. The hash is ours, built in two
stages by :func:`find_hash` from the 4,888 products of hands with a repeated rank:

1. *mix*: ``key = (product * M mod 2**32) >> (32 - KEY_BITS)``, multiplicative hashing. M is
   the first odd number from 2**32 / golden ratio upward for which the 4,888 keys are all
   distinct; with 22-bit keys the third candidate qualifies.
2. *displace*: keys sharing ``key >> ROW_SHIFT`` form a row; each row gets an offset so that
   ``key + offsets[key >> ROW_SHIFT]`` lands every key on its own slot of a dense table
   (:func:`pokerlab.rankings.tables.displacement_hash`, rows placed densest first).

The search finds:

>>> h = find_hash()
>>> hex(h.multiplier), h.row_count, h.slots
('0x9e3779bd', 4096, 4888)

so the hash reads a 16 KiB offset table (4,096 int32) and a 4,888-entry uint16 class table
with no empty slot: a minimal perfect hash, in one multiply, two shifts, two loads.
Tables in all: 57 KiB (the two 7,937-entry Kev tables included).

Native value: Cactus Kev's class (lower wins); strength = 7463 - class.

>>> evaluate("2c 2d 2h 2s 3c")
7297
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

import numpy as np

from pokerlab.algorithms import cactus_kev
from pokerlab.algorithms import kernels as compiled
from pokerlab.algorithms.interface import KEV_WORST, TableSet, check_rows, hand_ids
from pokerlab.cards.notation import CardsLike
from pokerlab.rankings.tables import displacement_hash

CARD_COUNTS = cactus_kev.CARD_COUNTS
KEY_BITS = 22
ROW_SHIFT = 10
_NO_PRODUCTS = np.zeros(1, dtype=np.uint32)  # the kernel's binary-search table, unused here
GOLDEN_MULTIPLIER = int(2**32 / ((1 + 5**0.5) / 2)) | 1
"""Where the multiplier search starts: 2**32 divided by the golden ratio, made odd
(Knuth's choice for multiplicative hashing: it scatters consecutive keys furthest apart)."""


@dataclasses.dataclass(frozen=True)
class PerfectHash:
    """A found hash: its multiplier, the row offsets and the number of slots they fill."""

    multiplier: int
    offsets: np.ndarray
    slots: int

    @property
    def row_count(self) -> int:
        """Rows of the displacement table."""
        return len(self.offsets)


def mixed_keys(products: np.ndarray, multiplier: int) -> np.ndarray:
    """Step 1 of the hash for an array of products."""
    return (products.astype(np.uint64) * np.uint64(multiplier) & np.uint64(0xFFFFFFFF)) >> np.uint64(32 - KEY_BITS)


def find_hash(products: np.ndarray | None = None) -> PerfectHash:
    """Search the multiplier, then place the rows (about a tenth of a second)."""
    if products is None:
        products = cactus_kev.tables().products
    multiplier = GOLDEN_MULTIPLIER
    while len(np.unique(mixed_keys(products, multiplier))) < len(products):
        multiplier += 2
    keys = mixed_keys(products, multiplier).astype(np.int64)
    offsets, slots = displacement_hash(keys, ROW_SHIFT)
    full = np.zeros(1 << (KEY_BITS - ROW_SHIFT), dtype=np.int32)
    full[:len(offsets)] = offsets
    return PerfectHash(multiplier, full, slots)


@dataclasses.dataclass(frozen=True)
class SenzeeTables(TableSet):
    """Cactus Kev's ``card_word``, ``flushes`` and ``unique5``; the hash's ``offsets``
    (int32) and ``values`` (uint16 classes by slot); the ``multiplier``."""

    card_word: np.ndarray
    flushes: np.ndarray
    unique5: np.ndarray
    offsets: np.ndarray
    values: np.ndarray
    multiplier: int


def build_tables() -> SenzeeTables:
    """Cactus Kev's tables, then the hash of their products."""
    kev = cactus_kev.build_tables()
    found = find_hash(kev.products)
    keys = mixed_keys(kev.products, found.multiplier).astype(np.int64)
    values = np.zeros(found.slots, dtype=np.uint16)
    values[keys + found.offsets[keys >> ROW_SHIFT]] = kev.values
    return SenzeeTables(kev.card_word, kev.flushes, kev.unique5, found.offsets, values, found.multiplier)


tables = functools.cache(build_tables)
"""The tables, built once per process."""


@functools.cache
def _lists() -> tuple[list[int], list[int], list[int], list[int]]:
    t = tables()
    return t.flushes.tolist(), t.unique5.tolist(), t.offsets.tolist(), t.values.tolist()


def _class_of(words: Sequence[int]) -> int:
    flushes, unique5, offsets, values = _lists()
    multiplier = tables().multiplier

    def class_of_product(product: int) -> int:
        key = (product * multiplier & 0xFFFFFFFF) >> (32 - KEY_BITS)
        return values[key + offsets[key >> ROW_SHIFT]]
    return cactus_kev.class_of_five(words, flushes, unique5, class_of_product)


def evaluate_native(cards: CardsLike) -> int:
    """Cactus Kev's class of the best five cards: 1 (royal flush) .. 7462."""
    return cactus_kev.best_class(hand_ids(cards, CARD_COUNTS), _class_of)


def evaluate(cards: CardsLike) -> int:
    """Strength 1..7462 (higher wins)."""
    return KEV_WORST - evaluate_native(cards)


def evaluate_many(hands: np.ndarray) -> np.ndarray:
    """Strengths (uint16) of the rows of an (N, 5..7) array of valid card ids, compiled."""
    rows = check_rows(hands, CARD_COUNTS)  # before the tables, which may take seconds to build
    t = tables()
    classes: np.ndarray = compiled.cactus_kev_rows(rows, t.card_word, t.flushes, t.unique5,
                                       _NO_PRODUCTS, t.values, t.offsets, t.values, t.multiplier,
                                       32 - KEY_BITS, ROW_SHIFT, True)
    return (KEV_WORST - classes).astype(np.uint16)
