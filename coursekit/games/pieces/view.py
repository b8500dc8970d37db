"""The one-way pieces as text and pictures: the article's Table 3 transcript, the grid with the
piece on it, and a game drawn as the piece's path.

>>> from coursekit.core import Coord, Grid
>>> from coursekit.games.pieces import OneWayKnight
>>> state = OneWayKnight(Grid(3, 2)).initial_state()
>>> print(piece_state(state))
1  . . N
0  . . .
   0 1 2
>>> 'data-piece="knight"' in piece_svg(state)
True
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core import display
from ...core.grid import Coord
from ...core.record import Record
from ...render.svg import grid_svg, path_svg
from ...render.text import ending
from .rules import PIECE_LETTERS, OneWayPiece, PieceState


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


def piece_svg(state: PieceState, highlight: Iterable[Coord] = ()) -> str:
    """A one-way piece state: the grid with the piece (king, queen, rook or knight) on it.

    The piece is named by its kind (``data-piece``), so that on a board that replays a game
    it glides from cell to cell.
    """
    letter = PIECE_LETTERS.get(state.piece, "K")
    return grid_svg(state.grid, pieces={state.at: letter}, highlight=highlight, piece_ids={state.at: state.piece},
                    title=f"{state.piece} on {state.at}, player {state.turn} to move")


def piece_record_svg(record: Record) -> str:
    """A one-way piece game drawn as the king's path on its grid."""
    cells = [state.at for state in record.states]
    letter = PIECE_LETTERS.get(record.start.piece, "K")
    return path_svg(record.start.grid, cells, f"{len(record)} moves from {cells[0]} to {cells[-1]}", letter)


display.register(PieceState, text=piece_state, svg=piece_svg)
display.register(OneWayPiece, text=piece_transcript, svg=piece_record_svg)
