"""The core: cells and grids, the rules protocol, the engine, records and errors.

The core knows no game, no view and no Jupyter.
"""

from .engine import Player, play, random_strategy
from .errors import CoursekitError, GameStopped, IllegalMoveError, NotFiniteError
from .grid import NEXT4, NEXT8, Coord, Grid, chebyshev
from .record import Record, Step
from .rules import ImpartialGame, Rules, Strategy

__all__ = [
    "NEXT4", "NEXT8", "Coord", "CoursekitError", "GameStopped", "Grid", "IllegalMoveError",
    "ImpartialGame", "NotFiniteError", "Player", "Record", "Rules", "Step", "Strategy",
    "chebyshev", "play", "random_strategy",
]
