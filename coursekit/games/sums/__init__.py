"""Sums of one-way pieces (article, section 5): the sums' folder.

Several one-way pieces, each on its own board; a move moves one of them, and whoever moves
last wins. The sum is lost for the player to move exactly when the XOR of the pieces'
Grundy values is 0 (Sprague and Grundy). Its rules are in
:mod:`~coursekit.games.sums.rules`, its text and pictures in :mod:`~coursekit.games.sums.view`;
it has no board or terminal command of its own (the pieces' are in :mod:`coursekit.games.pieces`).

>>> from coursekit.core import Grid
>>> from coursekit.games.pieces import OneWayKing, OneWayRook
>>> from coursekit.games.sums import PieceSum
>>> rules = PieceSum((OneWayRook(Grid(3, 3)), OneWayKing(Grid(2, 2))))
>>> len(rules.legal_moves(rules.initial_state()))
7
"""

from __future__ import annotations

from typing import Any

from ...core.grid import Grid
from ...core.registry import GameEntry
from ..pieces import ENTRIES as PIECE_ENTRIES
from ..pieces import OneWayKing, OneWayKnight, OneWayQueen, OneWayRook
from . import rules
from .rules import *  # noqa: F403 (the package exports what its rules module does)
from .rules import PieceSum

__all__ = ["ENTRIES", *rules.__all__]


def _from_spec(spec: dict[str, Any]) -> PieceSum:
    by_name = {entry.name: entry for entry in PIECE_ENTRIES}
    return PieceSum(tuple(by_name[part["game"]].from_spec(part) for part in spec["games"]), spec.get("players", 2))


def _samples() -> tuple[PieceSum, ...]:
    return (PieceSum((OneWayRook(Grid(3, 3)), OneWayKing(Grid(2, 2)))),
            PieceSum((OneWayQueen(Grid(4, 3)), OneWayKnight(Grid(5, 5)), OneWayKing(Grid(3, 2))), num_players=3))


#: The game as the course offers it (see :mod:`coursekit.games`).
ENTRIES = (GameEntry("sum", "Sums of one-way pieces", "A §5", PieceSum, _from_spec, _samples, commands=(),
                     values=(PieceSum, rules.SumState, *(v for e in PIECE_ENTRIES for v in e.values))),)
