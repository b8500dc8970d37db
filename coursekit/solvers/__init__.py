"""Solvers: they work through the rules protocol and know no particular game."""

from .impartial import ImpartialSolver, mex, perfect_strategy, solver_for
from .search import SearchResult, astar, bfs, is_valid_path

__all__ = [
    "ImpartialSolver", "SearchResult", "astar", "bfs", "is_valid_path", "mex", "perfect_strategy", "solver_for",
]
