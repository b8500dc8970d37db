"""The games of the course, one module per family, each with the strategies its source describes."""

from __future__ import annotations

from typing import Any

from ..core.grid import Coord, Grid
from ..core.rules import Rules
from .beans import Beans, BeansState
from .paths import PathState, ShortestPath
from .pieces import OneWayKing, OneWayPiece, PieceState

__all__ = [
    "Beans", "BeansState", "OneWayKing", "OneWayPiece", "PathState", "PieceState", "ShortestPath", "rules_from_spec",
]


def rules_from_spec(spec: dict[str, Any]) -> Rules[Any, Any]:
    """Rebuild a game's rules from ``rules.spec()`` (used to read saved records)."""
    game = spec.get("game")
    if game == "beans":
        return Beans(spec["white"], spec["black"])
    if game == "king":
        grid = Grid(spec["width"], spec["height"], frozenset(Coord(*c) for c in spec["blocked"]))
        return OneWayKing(grid, Coord(*spec["start"]), spec.get("players", 2))
    if game == "path":
        grid = Grid(spec["width"], spec["height"], frozenset(Coord(*c) for c in spec["blocked"]))
        return ShortestPath(grid, Coord(*spec["start"]), Coord(*spec["target"]))
    raise ValueError(f"unknown game {game!r}")
