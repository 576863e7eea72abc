"""Who wins, how often: :func:`equity` (in :mod:`~pokerlab.equity.api`) reads the players as
the game reads them; :mod:`~pokerlab.equity.driver` runs every game the same way over the
engines of :mod:`pokerlab.equity.engines`, one per hand rule, which count showdowns into the
shared pot counters (:mod:`~pokerlab.equity.pots`); :mod:`~pokerlab.equity.results` holds
what a run returns, and :mod:`~pokerlab.equity.by_combo` the equity combo by combo.

>>> from pokerlab.equity import equity
>>> round(equity(["AsKs", "QdQc"]).players[0].equity, 6)
0.462145
"""

from pokerlab.equity.api import equity

__all__ = ["equity"]
