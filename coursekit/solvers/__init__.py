"""Solvers: they work through the rules protocol and know no particular game."""

from .counting import Counts, GameCounts, count, count_games, reachable
from .gametree import (
    Solution,
    TreeNode,
    alphabeta,
    expectimax,
    iterative_deepening,
    line_order,
    maxn,
    minimax,
    move_values,
    optimal_strategy,
    paranoid,
    solve,
)
from .impartial import ImpartialSolver, mex, perfect_strategy, solver_for
from .propp import ProppSolver, propp_strategy, propp_table, spoiler_strategy
from .search import SearchResult, astar, bfs, is_valid_path
from .tables import Table, grundy_table, outcome_table, sprague_grundy_strategy, sum_grundy, winning_targets

__all__ = [
    "Counts",
    "GameCounts",
    "ImpartialSolver",
    "ProppSolver",
    "SearchResult",
    "Solution",
    "Table",
    "TreeNode",
    "alphabeta",
    "astar",
    "bfs",
    "count",
    "count_games",
    "expectimax",
    "grundy_table",
    "is_valid_path",
    "iterative_deepening",
    "line_order",
    "maxn",
    "mex",
    "minimax",
    "move_values",
    "optimal_strategy",
    "outcome_table",
    "paranoid",
    "perfect_strategy",
    "propp_strategy",
    "propp_table",
    "reachable",
    "solve",
    "solver_for",
    "spoiler_strategy",
    "sprague_grundy_strategy",
    "sum_grundy",
    "winning_targets",
]
