"""Grading helpers for the assignments: compare a student's function with the exact reference.

The test cells of an nbgrader assignment call the checks of a game, which live in its folder
(``coursekit.games.<game>.checks``) and are built on this package. Each one calls the student's
function on many positions, checks the answer's type strictly (an object that claims to
equal everything earns nothing), limits the time of every call, and stops at the first
wrong answer with an ``AssertionError`` whose message teaches: the position, the answer,
why it is wrong, and a right answer.

>>> from coursekit.games.beans.checks import check_winning_move
>>> def winning_move(m, n):
...     return (m - m % 2, n - n % 2) if (m % 2 or n % 2) else (m, n - 1) if n else (m - 1, n)
>>> check_winning_move(winning_move)
440

Every check is built the same way (:mod:`coursekit.grading.kernel`): a :class:`Check` holds
its cases, a reference, a strict reader and a judge; :func:`ask` is the one step that calls
the student's function; :func:`run_check` grades all or nothing and :func:`score_check`
gives partial points. :mod:`coursekit.grading.pictures` draws positions with their legend.

Only its :mod:`coursekit.grading.nbgrader` package imports nbgrader: what nbgrader runs (the
trusted step, the repair, the gradebook's records, the feedback page) and ``coursekit grade``.
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
from .limits import Calls, alarm_available, describe_error
from .pictures import legend_line, picture

__all__ = [
    "Calls", "Case", "Check", "Malformed", "Outcome", "Score", "alarm_available", "as_pair", "ask", "describe_error",
    "evaluate", "fresh", "legend_line", "malformed_message", "outcomes", "partial_points", "picture", "run_check",
    "score_check", "shown",
]


def __getattr__(name: str) -> object:
    """A game's check asked for here gets a clear answer: it lives with its game.

    Nothing is imported to answer (importing every game's checks would load their views too).
    """
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}: each game's checks live in its "
                         "folder, coursekit.games.<game>.checks (from coursekit.games.beans.checks import "
                         "check_is_winning)")
