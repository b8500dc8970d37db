"""Solvers: they work through the rules protocol and know no particular game."""

from .impartial import ImpartialSolver, mex, perfect_strategy, solver_for
from .propp import ProppSolver, propp_strategy, propp_table, spoiler_strategy
from .pursuit import PursuitSolver
from .search import SearchResult, astar, bfs, is_valid_path
from .tables import Table, grundy_table, outcome_table, sprague_grundy_strategy, sum_grundy, winning_targets

__all__ = [
    "ImpartialSolver",
    "ProppSolver",
    "PursuitSolver",
    "SearchResult",
    "Table",
    "astar",
    "bfs",
    "grundy_table",
    "is_valid_path",
    "mex",
    "outcome_table",
    "perfect_strategy",
    "propp_strategy",
    "propp_table",
    "solver_for",
    "spoiler_strategy",
    "sprague_grundy_strategy",
    "sum_grundy",
    "winning_targets",
]
