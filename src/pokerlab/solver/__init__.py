"""A heads-up postflop solver: Discounted CFR over a bet tree, range against range.

>>> import pokerlab as pl
>>> spot = pl.solver.Spot("2c2d2h3c3d", oop="AA,QQ", ip="KK", pot=100, stack=100, bets="a")
>>> sol = pl.solver.solve(spot, exploitability=0.001)
>>> node = sol.node("All-in 100")
>>> node.actions, round(node.frequencies("KK")["Call"], 1)
(('Fold', 'Call'), 0.5)

- :class:`Spot`: the board, both ranges, the chips and the bet tree (:mod:`.betting`,
  :mod:`.sizes`); ``spot.memory()`` the bytes a solve takes;
- :func:`solve`: Discounted CFR to a target exploitability, with node locking and 16-bit
  storage; :class:`Solution`, :class:`Node` and :func:`load` read the result.
"""

from pokerlab.solver.arena import MemoryEstimate, memory_estimate
from pokerlab.solver.solution import Node, Solution, load
from pokerlab.solver.solve import solve
from pokerlab.solver.spot import Spot

__all__ = ["MemoryEstimate", "Node", "Solution", "Spot", "load", "memory_estimate", "solve"]
