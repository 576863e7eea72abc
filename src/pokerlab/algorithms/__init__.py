"""Every evaluator the seed articles describe, behind one small interface.

Each module offers ``CARD_COUNTS`` (the hand sizes it evaluates), ``evaluate(cards)`` (the
strength 1..7462, higher wins, in plain Python), ``evaluate_native(cards)`` (the algorithm's
own value; each module documents how it maps to strength), ``evaluate_many(hands)`` (the
compiled kernel over an (N, n) uint8 array of valid hands) and ``tables()`` /
``build_tables()`` (its lookup tables, with ``.nbytes``).

>>> sorted(ALGORITHMS)
['cactus_kev', 'default', 'naive', 'pokereval', 'recurrence', 'senzee', 'specialk', 'two_bits']
>>> {name: m.evaluate("As Ks Qs Js Ts 2c 3d") for name, m in ALGORITHMS.items() if 7 in m.CARD_COUNTS}
... # doctest: +NORMALIZE_WHITESPACE
{'naive': 7462, 'cactus_kev': 7462, 'senzee': 7462, 'two_bits': 7462, 'specialk': 7462,
 'pokereval': 7462, 'recurrence': 7462, 'default': 7462}
"""

from __future__ import annotations

from types import ModuleType

from pokerlab.algorithms import cactus_kev, default, naive, pokereval, recurrence, senzee, specialk, two_bits

ALGORITHMS: dict[str, ModuleType] = {
    "naive": naive,
    "cactus_kev": cactus_kev,
    "senzee": senzee,
    "two_bits": two_bits,
    "specialk": specialk,
    "pokereval": pokereval,
    "recurrence": recurrence,
    "default": default,
}
"""Name -> module, in the order the issue lists them."""

__all__ = ["ALGORITHMS"]
