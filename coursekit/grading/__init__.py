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

Every check is built the same way (:mod:`coursekit.grading.kernel`): a :class:`Check` holds
its cases, a reference, a strict reader and a judge; :func:`ask` is the one step that calls
the student's function; :func:`run_check` grades all or nothing and :func:`score_check`
gives partial points. :mod:`coursekit.grading.pictures` draws positions with their legend.

This package never imports nbgrader; :mod:`coursekit.grading.feedback` holds a small
feedback preprocessor that nbgrader's configuration names.
"""

from .answers import as_pair, shown
from .kernel import (
    Case,
    Check,
    Malformed,
    Outcome,
    Score,
    ask,
    evaluate,
    fresh,
    malformed_message,
    outcomes,
    partial_points,
    run_check,
    score_check,
)
from .king import beans_rule_misleads, check_king_strategy, king_check, random_blocked_grids
from .limits import Calls, alarm_available, describe_error
from .pictures import legend_line, picture
from .pieces import (
    check_knight_winning_move,
    check_queen_winning_move,
    knight_boards,
    knight_check,
    knight_pattern_misleads,
    queen_check,
    queen_positions,
    queen_winning_moves,
)

__all__ = [
    "Calls", "Case", "Check", "Malformed", "Outcome", "Score", "alarm_available", "as_pair", "ask",
    "beans_rule_misleads", "check_king_strategy", "check_knight_winning_move", "check_queen_winning_move",
    "describe_error", "evaluate", "fresh", "king_check", "knight_boards", "knight_check", "knight_pattern_misleads",
    "legend_line", "malformed_message", "outcomes", "partial_points", "picture", "queen_check", "queen_positions",
    "queen_winning_moves", "random_blocked_grids", "run_check", "score_check", "shown", "winning_move_check",
]


def __getattr__(name: str) -> object:
    """A game's check by name, from the ``checks`` module of the game's folder.

    The checks live with their games (``coursekit.games.beans.checks``); this keeps the
    notebooks released before they moved working.
    """
    from ..games import faces

    for module in faces("checks"):
        if name in getattr(module, "__all__", ()):
            return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
