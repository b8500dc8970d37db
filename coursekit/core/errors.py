"""Errors that say what is wrong.

Every error the library raises on purpose derives from :class:`CoursekitError`, so a
program (or a grader) can catch them all in one place.

>>> try:
...     raise IllegalMoveError("[3, 3] is blocked")
... except ValueError as error:
...     print(error)
[3, 3] is blocked
"""

from __future__ import annotations


class CoursekitError(Exception):
    """Base of every error coursekit raises on purpose."""


class IllegalMoveError(CoursekitError, ValueError):
    """A move that the rules do not allow; the message says why."""


class GameStopped(CoursekitError):
    """Raised by a strategy to stop the game (for example at the end of input)."""


class NotFiniteError(CoursekitError):
    """A game in which a position can be reached again: the solver cannot rank it."""
