"""Solvers: they work through the rules protocol and know no particular game."""

from .impartial import ImpartialSolver, mex, perfect_strategy, solver_for

__all__ = ["ImpartialSolver", "mex", "perfect_strategy", "solver_for"]
