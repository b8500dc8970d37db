"""Text views: the article's transcript of a one-way piece (Table 3), endings, position tables.

>>> from coursekit.core import Grid
>>> print(position_table(Grid(3, 2), lambda cell: "P" if (cell.x + cell.y) % 2 == 0 else "N"))
1  N P N
0  P N P
   0 1 2
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping

from ..core.grid import Coord, Grid
from ..core.record import Record
from ..games.pieces import OneWayPiece, PieceState

_ENDINGS = {
    "draw": "Nobody wins",
    "lost": "The goal was not reached: the game is lost",
    "move limit": "The move limit is reached: nobody wins",
    "stopped": "The game was stopped",
}


#: The letter of each piece in pictures (chess notation: the knight is N).
PIECE_LETTERS = {"king": "K", "queen": "Q", "rook": "R", "knight": "N"}


def piece_state(state: PieceState, letter: str | None = None) -> str:
    """The grid with the piece on it, top row first (K, Q, R or N)."""
    return state.grid.picture({state.at: letter or PIECE_LETTERS.get(state.piece, "K")})


def piece_transcript(record: Record) -> str:
    """A one-way piece game in the article's Table 3 format (players numbered from 0).

    On a grid with blocked cells the grid is printed after the header.
    """
    rules = record.rules
    assert isinstance(rules, OneWayPiece)
    start = record.start
    grid = start.grid
    lines = [
        "The game is starting",
        f"Number of players = {rules.num_players}",
        f"Grid's dimensions = {grid.width} x {grid.height}",
    ]
    for name in record.players:
        lines += [f"Player name: {name}", f"Initial position: {start.at}"]
    if grid.blocked:
        lines += ["Blocked cells: #", grid.picture({start.at: _letter(rules)})]
    per_round = rules.num_players
    for i, step in enumerate(record.steps):
        if i % per_round == 0:
            lines += ["", f"Move {i // per_round + 1}"]
        lines.append(f"Player {step.player}: {step.state.at}")
    lines += ["", ending(record), "The game is over"]
    return "\n".join(lines)


def _letter(rules: OneWayPiece) -> str:
    return PIECE_LETTERS.get(rules.piece, rules.piece[0].upper())


def ending(record: Record) -> str:
    if record.end == "won" and record.winner is not None:
        return f"The winner is {record.players[record.winner]}"
    return _ENDINGS[record.end]


def position_table(grid: Grid, value: Callable[[Coord], Hashable]) -> str:
    """One entry per free cell (``#`` for blocked ones), top row first, labels as in Figure 4.

    >>> print(position_table(Grid(3, 2), lambda c: "P" if c.x % 2 == 0 and c.y % 2 == 0 else "N"))
    1  N N N
    0  P N P
       0 1 2
    """
    marks: Mapping[Coord, str] = {c: str(value(c)) for c in grid.free_cells()}
    return grid.picture(marks)
