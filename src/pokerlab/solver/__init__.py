"""A heads-up postflop solver: Discounted CFR over a bet tree, range against range.

Under construction: :mod:`pokerlab.solver.tree` holds the public betting tree.
"""
