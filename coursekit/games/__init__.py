"""The games of the course, one folder per game, each with the strategies its source describes.

Every game's folder (or, until it has moved, its module) declares its games (``ENTRIES``,
:class:`~coursekit.core.registry.GameEntry`); ``GAMES`` holds them all by name, and
:func:`faces` finds the faces of every game (``faces("cli")``: every game's terminal commands).

>>> from coursekit.games import GAMES
>>> GAMES["king"].title, GAMES["tictactoe"].source
('One-way king', 'A §5 G3.1; D')
>>> all(name == entry.name for name, entry in GAMES.items())
True
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import pkgutil
from types import ModuleType
from typing import Any

from ..core.registry import GameEntry
from ..core.rules import Rules
from .beans import Beans, BeansState
from .paths import PathState, ShortestPath
from .pieces import PIECES, OneWayKing, OneWayKnight, OneWayPiece, OneWayQueen, OneWayRook, PieceState
from .pursuit import Pursuit, PursuitSolver, PursuitState
from .sums import PieceSum, SumState
from .tictactoe import TicTacToe, TicTacToeState

__all__ = [
    "GAMES", "PIECES", "Beans", "BeansState", "GameEntry", "OneWayKing", "OneWayKnight", "OneWayPiece",
    "OneWayQueen", "OneWayRook", "PathState", "PieceState", "PieceSum", "Pursuit", "PursuitSolver", "PursuitState",
    "ShortestPath", "SumState", "TicTacToe", "TicTacToeState", "faces", "rules_from_spec",
]



def _families() -> tuple[ModuleType, ...]:
    """Every module of this package that declares games (``ENTRIES``), in name order."""
    found = [importlib.import_module(f"{__name__}.{info.name}") for info in pkgutil.iter_modules(__path__)]
    return tuple(module for module in found if hasattr(module, "ENTRIES"))


def _entries(family: ModuleType) -> tuple[GameEntry, ...]:
    """A family's entries, each knowing its folder (a family that is a package)."""
    package = family.__name__ if hasattr(family, "__path__") else ""
    return tuple(dataclasses.replace(entry, package=package) for entry in family.ENTRIES)


#: The families of games: every module of this package that lists its games in ``ENTRIES``
#: (a new game's module is found without being named here). Found on first use, like :data:`GAMES`.
FAMILIES: tuple[ModuleType, ...]
#: Every game of the course by name. Found on first use: importing one game (``coursekit.games.tictactoe``)
#: does not import every other game's folder.
GAMES: dict[str, GameEntry]


@functools.cache
def _games() -> tuple[tuple[ModuleType, ...], dict[str, GameEntry]]:
    families = _families()
    return families, {entry.name: entry for family in families for entry in _entries(family)}


def __getattr__(name: str) -> Any:
    """:data:`GAMES` and :data:`FAMILIES`, found the first time they are asked for (PEP 562)."""
    if name == "FAMILIES":
        return _games()[0]
    if name == "GAMES":
        return _games()[1]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def faces(role: str) -> tuple[ModuleType, ...]:
    """The module ``role`` of every game's folder that has one, each once, in name order.

    >>> [face.__name__ for face in faces("view")] == sorted(face.__name__ for face in faces("view"))
    True
    """
    seen: dict[str, ModuleType] = {}
    for entry in _games()[1].values():
        if entry.package not in seen and entry.has_role(role):
            seen[entry.package] = entry.role(role)
    return tuple(seen[name] for name in sorted(seen))


def rules_from_spec(spec: dict[str, Any]) -> Rules[Any, Any]:
    """Rebuild a game's rules from ``rules.spec()`` (used to read saved records).

    >>> rules_from_spec({"game": "tictactoe", "width": 4, "height": 4, "k": 4})
    TicTacToe(width=4, height=4, k=4, num_players=2)
    >>> rules_from_spec({"game": "chess"})
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'
    """
    entry = _games()[1].get(spec.get("game", ""))
    if entry is None:
        raise ValueError(f"unknown game {spec.get('game')!r}")
    rules: Rules[Any, Any] = entry.from_spec(spec)
    return rules
