"""coursekit: from mathematical to computer games.

A course package that teaches programming through games on a grid, after the article by
P. Azalov. Importing it is fast and needs no Jupyter: boards (``coursekit.boards``) and
grading helpers (``coursekit.grading``) are imported only where used.

>>> from coursekit import Beans, OneWayKing, Grid, Coord
>>> OneWayKing(Grid(5, 5)).initial_state().at
Coord(x=4, y=4)
"""

from .core import (
    NEXT4,
    NEXT8,
    Coord,
    CoursekitError,
    GameStopped,
    Grid,
    IllegalMoveError,
    Player,
    Record,
    Step,
    chebyshev,
    play,
)
from .games import (
    Beans,
    BeansState,
    OneWayKing,
    OneWayKnight,
    OneWayQueen,
    OneWayRook,
    PieceState,
    PieceSum,
    Pursuit,
    PursuitSolver,
    PursuitState,
    ShortestPath,
    rules_from_spec,
)
from .solvers import (
    ImpartialSolver,
    ProppSolver,
    astar,
    bfs,
    grundy_table,
    outcome_table,
    perfect_strategy,
)

__version__ = "0.1.0"

__all__ = [
    "NEXT4", "NEXT8", "Beans", "BeansState", "Coord", "CoursekitError", "GameStopped", "Grid",
    "IllegalMoveError", "ImpartialSolver", "OneWayKing", "OneWayKnight", "OneWayQueen", "OneWayRook",
    "PieceState", "PieceSum", "Player", "ProppSolver", "Pursuit", "PursuitSolver", "PursuitState", "Record",
    "ShortestPath", "Step", "astar", "bfs", "chebyshev", "grundy_table", "outcome_table", "perfect_strategy",
    "play", "rules_from_spec",
]
