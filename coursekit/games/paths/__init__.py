"""G2.1 shortest path (article, section 6): the game's folder.

A king goes from a start cell to a target cell on a grid, some of whose cells may be blocked,
in the fewest moves. On an open grid that is the Chebyshev distance, and the article's
``minPath`` finds such a path (its published loop condition is inverted:
:func:`article_min_path` runs it as printed, :func:`min_path` is the corrected version);
with blocked cells, breadth-first search and A* (:mod:`coursekit.solvers.search`) find one.

Everything about the game is here: its rules (:mod:`~coursekit.games.paths.rules`), its
computer player (:mod:`~coursekit.games.paths.players`), its text and pictures
(:mod:`~coursekit.games.paths.view`), its board (:mod:`~coursekit.games.paths.board`,
``PathBoard``: watch BFS and A* search), the checks the assignments grade with
(:mod:`~coursekit.games.paths.checks`) and its terminal command ``coursekit path``
(:mod:`~coursekit.games.paths.cli`).

>>> from coursekit.games import paths
>>> [str(c) for c in paths.min_path(paths.Coord(0, 0), paths.Coord(4, 2))]
['[0, 0]', '[1, 1]', '[2, 2]', '[3, 2]', '[4, 2]']
>>> rules = paths.ShortestPath(paths.Grid(4, 3, blocked=frozenset({paths.Coord(1, 1)})))
>>> rules.par, rules.target
(3, Coord(x=3, y=2))
"""

from __future__ import annotations

import random
from typing import Any

from ...core.grid import Coord, Grid
from ...core.registry import GameEntry, lazy_boards
from . import players, rules
from .players import *  # noqa: F403 (the package exports what its players module does)
from .players import COMPUTERS
from .rules import *  # noqa: F403 (the package exports what its rules module does)
from .rules import ShortestPath, reachable_grid

__all__ = ["ENTRIES", *rules.__all__, *players.__all__]


def _from_spec(spec: dict[str, Any]) -> ShortestPath:
    return ShortestPath(Grid.from_spec(spec), Coord(*spec["start"]), Coord(*spec["target"]))


def _samples() -> tuple[ShortestPath, ...]:
    grid = reachable_grid(12, 8, 25, random.Random(2), Coord(0, 0), Coord(11, 7))
    return (ShortestPath(Grid(6, 4)), ShortestPath(grid), ShortestPath(Grid(5, 5), Coord(4, 0), Coord(1, 3)))


#: The game as the course offers it (see :mod:`coursekit.games`). A puzzle for one: no computer
#: faces a person; the board and ``coursekit path`` show the searches instead.
ENTRIES = (GameEntry(
    "path", "Shortest path", "A §6 G2.1", ShortestPath, _from_spec, _samples,
    board="PathBoard", commands=(), computers=tuple(COMPUTERS), transcript=("article",),
    values=(ShortestPath, rules.PathState),
),)


#: The board, imported when first asked for (it needs Jupyter's widgets).
__getattr__ = lazy_boards(__name__, "PathBoard")
