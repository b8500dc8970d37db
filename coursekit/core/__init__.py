"""The core: cells and grids, the rules protocol, the engine, records and errors.

The core knows no game, no view and no Jupyter.
"""

from .engine import Player, play, random_strategy
from .errors import CoursekitError, GameStopped, IllegalMoveError, NotFiniteError
from .grid import NEXT4, NEXT8, Coord, Grid, chebyshev
from .record import Record, Step
from .registry import GameEntry
from .rules import (
    CHANCE,
    End,
    GameRules,
    GameType,
    ImpartialGame,
    ImpartialView,
    LastMoverWins,
    Rules,
    Strategy,
    Utility,
    draw_chance,
    returns_from_winner,
)

__all__ = [
    "CHANCE", "NEXT4", "NEXT8", "Coord", "CoursekitError", "End", "GameEntry", "GameRules", "GameStopped",
    "GameType", "Grid", "IllegalMoveError", "ImpartialGame", "ImpartialView", "LastMoverWins", "NotFiniteError",
    "Player", "Record", "Rules", "Step", "Strategy", "Utility", "chebyshev", "draw_chance", "play",
    "random_strategy", "returns_from_winner",
]
