"""Corners (Уголки, source E): the game's folder. Each side races its pieces into the other side's
starting corner, by steps and jump chains, on an 8 x 8 board.

Everything about the game is here: its rules and the solo puzzle
(:mod:`~coursekit.games.corners.rules`), E's program (:mod:`~coursekit.games.corners.source`),
the computer players with the course's evaluation and alpha-beta player
(:mod:`~coursekit.games.corners.players`), its text and pictures
(:mod:`~coursekit.games.corners.view`), its board (:mod:`~coursekit.games.corners.board`,
``CornersBoard``), the checks ps09 grades with (:mod:`~coursekit.games.corners.checks`) and its
terminal commands (:mod:`~coursekit.games.corners.cli`).

>>> from coursekit.games import corners
>>> rules = corners.Corners(pieces=9)
>>> len(rules.legal_moves(rules.initial_state()))
12
>>> print(corners.path_text(corners.source_strategy(fixed=True)(rules, rules.initial_state())))
5,2-5,3
"""

from __future__ import annotations

from ...core.registry import GameEntry, lazy_boards
from . import players, rules, source
from .players import *  # noqa: F403 (the package exports what its players module does)
from .players import COMPUTERS
from .rules import *  # noqa: F403 (the package exports what its rules module does)
from .rules import Corners
from .source import *  # noqa: F403 (the package exports what its source module does)

__all__ = ["ENTRIES", *rules.__all__, *source.__all__, *players.__all__]


def _samples() -> tuple[Corners, ...]:
    return (Corners(pieces=9, move_limit=30), Corners(pieces=10, move_limit=40, leave_home_by=20), Corners())


#: The game as the course offers it (see :mod:`coursekit.games`): E's mended player faces a person,
#: and plays both sides when no person plays.
ENTRIES = (GameEntry(
    "corners", "Corners (Уголки)", "E", Corners, Corners.from_spec, _samples,
    board="CornersBoard", commands=("play", "solve"),
    computers=tuple(COMPUTERS), opponent="fixed", transcript=("fixed", "fixed"),
    before_grading="openings:before_grading", values=(Corners, rules.CornersState),
),)


#: The board, imported when first asked for (it needs Jupyter's widgets).
__getattr__ = lazy_boards(__name__, "CornersBoard")
