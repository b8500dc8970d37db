"""One-way chess pieces on a grid (article, sections 3-5, games G1.1 to G1.8): the pieces' folder.

One piece, shared by the players, starts on the top-right cell. The king (G1.1) moves one
cell left, down or diagonally down-left; the queen (G1.2) any distance in those directions;
the rook (G1.3) any distance left or down; the knight (G1.4) jumps by (-2, -1), (-1, -2),
(-2, +1) or (+1, -2). Whoever moves last wins. G1.5 to G1.8 are the same games with three
players.

Everything about the pieces is here: their rules (:mod:`~coursekit.games.pieces.rules`),
their computer players (:mod:`~coursekit.games.pieces.players`), their text and pictures
(:mod:`~coursekit.games.pieces.view`), their board (:mod:`~coursekit.games.pieces.board`,
``PieceBoard`` and ``KingBoard``), the checks the assignments grade with
(:mod:`~coursekit.games.pieces.checks`) and their terminal commands
(:mod:`~coursekit.games.pieces.cli`).

>>> from coursekit.core import Coord, Grid
>>> from coursekit.games import pieces
>>> rules = pieces.OneWayQueen(Grid(4, 3))
>>> rules.legal_moves(rules.initial_state())[:3]
(Coord(x=3, y=1), Coord(x=3, y=0), Coord(x=2, y=1))
>>> pieces.favourable("queen", Coord(2, 1)), pieces.wythoff_pairs(3)
(True, [(0, 0), (1, 2), (3, 5)])
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...core.grid import Coord, Grid
from ...core.registry import GameEntry, lazy_boards
from . import players, rules
from .players import *  # noqa: F403 (the package exports what its players module does)
from .players import COMPUTERS
from .rules import *  # noqa: F403 (the package exports what its rules module does)
from .rules import PIECES, OneWayPiece

__all__ = ["BOARDS", "ENTRIES", *rules.__all__, *players.__all__]

#: The boards of the folder (in its ``board`` module), imported when first asked for: they need
#: Jupyter's widgets. :mod:`coursekit.boards` also offers them by these names.
BOARDS = ("PieceBoard", "KingBoard")


def _from_spec(spec: dict[str, Any]) -> OneWayPiece:
    return PIECES[spec["game"]](Grid.from_spec(spec), Coord(*spec["start"]), spec.get("players", 2))


def _samples(kind: type[OneWayPiece]) -> Callable[[], tuple[OneWayPiece, ...]]:
    def samples() -> tuple[OneWayPiece, ...]:
        blocked = Grid(7, 6).with_random_blocked(20, random.Random(3), keep=(Coord(6, 5),))
        return (kind(Grid(5, 5)), kind(Grid(8, 6), num_players=3), kind(blocked), kind(Grid(3, 9), Coord(1, 7)))
    return samples


#: The games as the course offers them (see :mod:`coursekit.games`). With no person the
#: article's players play (P0 the known rule, the others at random: ``transcript``, cut to
#: the number of players); facing a person, ``opponent`` with two players and
#: :data:`~coursekit.games.pieces.players.THREE_PLAYER_OPPONENT` with three.
ENTRIES = tuple(
    GameEntry(name, f"One-way {name}", f"A §{3 if name == 'king' else 5} {code}", kind, _from_spec, _samples(kind),
              board="PieceBoard", commands=("play", "table"), computers=tuple(COMPUTERS), opponent="perfect",
              transcript=("article", "random", "random"), values=(kind, rules.PieceState))
    for (name, kind), code in zip(PIECES.items(), ("G1.1", "G1.2", "G1.3", "G1.4"), strict=True)
)


#: The board, imported when first asked for (it needs Jupyter's widgets).
__getattr__ = lazy_boards(__name__, *BOARDS)
