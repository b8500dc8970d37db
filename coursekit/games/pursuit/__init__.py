"""Pursuit on a grid (article, sections 6-7, G2.2 to G2.5, Tom and Jerry): the game's folder.

One or two pursuers chase a prey on a grid with king moves, the pursuers first, in rounds;
the prey is caught when a pursuer stands on its cell, and escapes after ``max_moves`` rounds.
The article's four games (:data:`VARIANTS`) differ in the number of pursuers and in how each
side plays: the article's Tom and Jerry, a prey moving at random, pursuers planning together.

Everything about the game is here: its rules (:mod:`~coursekit.games.pursuit.rules`), its
computer players and the article's games (:mod:`~coursekit.games.pursuit.players`), its text
and pictures with the capture-time maps (:mod:`~coursekit.games.pursuit.view`), its board
(:mod:`~coursekit.games.pursuit.board`, ``PursuitBoard``), the checks the assignments grade
with (:mod:`~coursekit.games.pursuit.checks`) and its terminal commands ``play pursuit`` and
``solve pursuit`` (:mod:`~coursekit.games.pursuit.cli`), and its exact solver, the capture times by
retrograde analysis (:mod:`~coursekit.games.pursuit.solver`, ``PursuitSolver``).

>>> from coursekit.core import Coord, Grid
>>> from coursekit.games import pursuit
>>> rules = pursuit.Pursuit(Grid(5, 5), start=(Coord(0, 0), Coord(4, 4)))
>>> pursuit.tom_step(rules.grid, Coord(0, 0), Coord(4, 4)), pursuit.jerry_move(rules.grid, Coord(4, 4), [Coord(1, 1)])
(Coord(x=1, y=1), Coord(x=4, y=3))
"""

from __future__ import annotations

from ...core.grid import Coord, Grid
from ...core.registry import GameEntry, lazy_boards
from . import players, rules
from .players import *  # noqa: F403 (the package exports what its players module does)
from .players import COMPUTERS, VARIANTS
from .rules import *  # noqa: F403 (the package exports what its rules module does)
from .rules import Pursuit
from .solver import PursuitSolver

__all__ = ["ENTRIES", "PursuitSolver", *rules.__all__, *players.__all__]


def _samples() -> tuple[Pursuit, ...]:
    ring = Grid(5, 5, blocked=frozenset({Coord(2, 2)}))
    return (Pursuit(Grid(6, 6), max_moves=30), Pursuit(Grid(7, 5), pursuers=2, max_moves=20),
            Pursuit(ring, start=((Coord(0, 0),), Coord(4, 4)), max_moves=15))


#: The game as the course offers it (see :mod:`coursekit.games`). Each side has its own computers
#: (:data:`PURSUER_COMPUTERS`, :data:`PREY_COMPUTERS`) and each variant its own pair
#: (:attr:`Variant.computers`); ``transcript`` is the default game's (G2.3: Tom against Jerry), and
#: the computer facing a person is the variant's for the other side.
ENTRIES = (GameEntry(
    "pursuit", "Pursuit (Tom and Jerry)", "A §6 G2.2-G2.5", Pursuit, Pursuit.from_spec, _samples,
    board="PursuitBoard", commands=("play", "solve"), computers=tuple(COMPUTERS),
    transcript=VARIANTS["G2.3"].computers, values=(Pursuit, rules.PursuitState),
),)


#: The board, imported when first asked for (it needs Jupyter's widgets).
__getattr__ = lazy_boards(__name__, "PursuitBoard")
