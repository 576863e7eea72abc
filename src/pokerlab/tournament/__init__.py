"""Tournament tools: prize equity by ICM and heads-up push/fold equilibria.

>>> import pokerlab as pl
>>> [round(x, 4) for x in pl.tournament.icm([50, 30, 20], [70, 30])]
[45.1786, 32.25, 22.5714]
>>> r = pl.tournament.pushfold(10)
>>> r.push["K2s"], r.call["72o"]
(1.0, 0.0)

- :func:`icm`: each player's share of the prize pool by the Malmuth-Harville model, exact.
- :func:`pushfold`: the chip-EV equilibrium of heads-up push/fold at one stack;
  :func:`pushfold_chart`: the stacks at which each hand is pushed and called.
- :func:`pushfold_icm`: three-player push/fold (button, small blind, big blind) in prize
  equity by ICM.

The equilibria come from :mod:`pokerlab.analyses.equilibrium` (Discounted CFR); the all-in equities
from pokerlab's exact preflop matrix, computed once and cached on disk.
"""

from pokerlab.tournament.icm import icm
from pokerlab.tournament.icm_pushfold import IcmPushFoldResult, pushfold_icm
from pokerlab.tournament.pushfold import PushFoldChart, PushFoldResult, pushfold, pushfold_chart

__all__ = ["IcmPushFoldResult", "PushFoldChart", "PushFoldResult", "icm", "pushfold", "pushfold_chart",
           "pushfold_icm"]
