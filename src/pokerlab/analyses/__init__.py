"""Analyses over the equity engines: the odds grid, outs, runouts, breakdown, equilibria."""
