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

__all__ = [
    "Calls", "alarm_available", "as_pair", "beans_positions", "beans_rule_misleads", "check_is_winning",
    "check_king_strategy", "check_winning_move", "describe_error", "random_blocked_grids", "shown",
]
