"""Grading helpers for the assignments: compare a student's function with the exact reference.

The test cells of an nbgrader assignment call these checks. Each one calls the student's
function on many positions, checks the answer's type strictly (an object that claims to
equal everything earns nothing), limits the time of every call, and stops at the first
wrong answer with an ``AssertionError`` whose message teaches: the position, the answer,
why it is wrong, and a right answer.

>>> from coursekit.grading import check_winning_move
>>> def winning_move(m, n):
...     return (m - m % 2, n - n % 2) if (m % 2 or n % 2) else (m, n - 1) if n else (m - 1, n)
>>> check_winning_move(winning_move)
440

This package never imports nbgrader; :mod:`coursekit.grading.feedback` holds a small
feedback preprocessor that nbgrader's configuration names.
"""

from .answers import as_pair, shown
from .beans import beans_positions, check_is_winning, check_winning_move
from .king import beans_rule_misleads, check_king_strategy, random_blocked_grids
from .limits import Calls, alarm_available, describe_error
from .paths import ASTAR_SLACK, Expansions, PathCase, allowance, check_search, path_cases, score_expansions
from .pieces import (
    check_knight_winning_move,
    check_queen_winning_move,
    knight_boards,
    knight_pattern_misleads,
    queen_positions,
    queen_winning_moves,
)
from .pursuit import (
    Chase,
    ChaseResult,
    chase_starts,
    check_prey_move,
    check_pursuer_move,
    pursuit_cases,
    score_prey_move,
    score_pursuer_move,
    straight_tom_time,
)

__all__ = [
    "ASTAR_SLACK", "Calls", "Chase", "ChaseResult", "Expansions", "PathCase", "alarm_available", "allowance",
    "as_pair", "beans_positions", "beans_rule_misleads", "chase_starts", "check_is_winning",
    "check_king_strategy", "check_knight_winning_move", "check_prey_move", "check_pursuer_move",
    "check_queen_winning_move", "check_search", "check_winning_move", "describe_error", "knight_boards",
    "knight_pattern_misleads", "path_cases", "pursuit_cases", "queen_positions", "queen_winning_moves",
    "random_blocked_grids", "score_expansions", "score_prey_move", "score_pursuer_move", "shown",
    "straight_tom_time",
]
