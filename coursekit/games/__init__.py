"""The games of the course, one module per family, each with the strategies its source describes."""

from __future__ import annotations

from typing import Any

from ..core.grid import Coord, Grid
from ..core.rules import Rules
from .beans import Beans, BeansState
from .paths import PathState, ShortestPath
from .pieces import PIECES, OneWayKing, OneWayKnight, OneWayPiece, OneWayQueen, OneWayRook, PieceState
from .pursuit import Pursuit, PursuitState
from .sums import PieceSum, SumState

__all__ = [
    "PIECES", "Beans", "BeansState", "OneWayKing", "OneWayKnight", "OneWayPiece", "OneWayQueen",
    "OneWayRook", "PathState", "PieceState", "PieceSum", "Pursuit", "PursuitState", "ShortestPath", "SumState",
    "rules_from_spec",
]


def rules_from_spec(spec: dict[str, Any]) -> Rules[Any, Any]:
    """Rebuild a game's rules from ``rules.spec()`` (used to read saved records)."""
    game = spec.get("game")
    if game == "beans":
        return Beans(spec["white"], spec["black"])
    if game in PIECES:  # king, queen, rook, knight
        grid = Grid.from_spec(spec)
        return PIECES[game](grid, Coord(*spec["start"]), spec.get("players", 2))
    if game == "sum":
        return PieceSum(tuple(rules_from_spec(part) for part in spec["games"]), spec.get("players", 2))  # type: ignore[misc]
    if game == "path":
        grid = Grid.from_spec(spec)
        return ShortestPath(grid, Coord(*spec["start"]), Coord(*spec["target"]))
    if game == "pursuit":
        return Pursuit.from_spec(spec)
    raise ValueError(f"unknown game {game!r}")
