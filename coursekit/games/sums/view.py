"""Views of sums of games: every board with its piece, as text and SVG, and game transcripts.

>>> from coursekit.core.grid import Grid
>>> from coursekit.games.pieces import OneWayKnight, OneWayRook
>>> from coursekit.games.sums import PieceSum
>>> print(sum_state(PieceSum((OneWayRook(Grid(3, 2)), OneWayKnight(Grid(3, 3)))).initial_state()))
Piece 0, rook on [2, 1]:
1  . . R
0  . . .
   0 1 2
<BLANKLINE>
Piece 1, knight on [2, 2]:
2  . . N
1  . . .
0  . . .
   0 1 2
"""

from __future__ import annotations

from ...core import display
from ...core.grid import Coord
from ...core.record import Record
from ...render import svg
from ..pieces import PIECE_LETTERS
from .rules import PieceSum, SumState


def _letter(piece: str) -> str:
    return PIECE_LETTERS.get(piece, piece[:1].upper() or "?")


def sum_move(move: tuple[int, Coord]) -> str:
    """A move of a sum: which piece goes where.

    >>> sum_move((1, Coord(0, 2)))
    'piece 1 to [0, 2]'
    """
    index, cell = move
    return f"piece {index} to {Coord(*cell)}"


def sum_state(state: SumState) -> str:
    """Each board with its piece, one after the other."""
    if not state.grids:
        return repr(state)
    parts = []
    for i, (grid, piece, at) in enumerate(zip(state.grids, state.pieces, state.positions, strict=True)):
        parts.append(f"Piece {i}, {piece} on {at}:\n{grid.picture({at: _letter(piece)})}")
    return "\n\n".join(parts)


def sum_svg(state: SumState) -> str:
    """The boards side by side, each with its piece."""
    if not state.grids:
        return ""
    gap = 16
    boards = []
    x = 0
    height = 0
    for i, (grid, piece, at) in enumerate(zip(state.grids, state.pieces, state.positions, strict=True)):
        inner = svg.grid_svg(grid, pieces={at: _letter(piece)}, title=f"piece {i}: {piece} on {at}")
        size = svg.GridCanvas(grid.width, grid.height)  # the size of grid_svg's picture
        w, h = int(size.width), int(size.height)
        boards.append(inner.replace("<svg ", f'<svg x="{x}" y="0" ', 1))
        x += w + gap
        height = max(height, h)
    width = x - gap
    title = f"a sum of {len(state.grids)} games, player {state.turn} to move"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img"><title>{title}</title>{"".join(boards)}</svg>')


def sum_transcript(record: Record) -> str:
    """A game on a sum in the manner of the article's Table 3: each move names the piece it moves.

    >>> import random
    >>> from coursekit.core.engine import Player, play, random_strategy
    >>> from coursekit.core.grid import Grid
    >>> from coursekit.games.pieces import OneWayKing
    >>> rules = PieceSum((OneWayKing(Grid(2, 1)), OneWayKing(Grid(1, 2))))
    >>> rng = random.Random(1)
    >>> print(play(rules, [Player("P0", random_strategy(rng)), Player("P1", random_strategy(rng))]))
    The game is starting
    Number of players = 2
    Boards: piece 0: king on 2 x 1; piece 1: king on 1 x 2
    Player name: P0
    Initial position: [1, 0] [0, 1]
    Player name: P1
    Initial position: [1, 0] [0, 1]
    <BLANKLINE>
    Move 1
    Player 0: piece 0 to [0, 0]
    Player 1: piece 1 to [0, 0]
    <BLANKLINE>
    The winner is P1
    The game is over
    """
    rules = record.rules
    assert isinstance(rules, PieceSum)
    start = record.start
    boards = "; ".join(f"piece {i}: {g.piece} on {g.grid.width} x {g.grid.height}" for i, g in enumerate(rules.games))
    cells = " ".join(str(c) for c in start.positions)
    lines = ["The game is starting", f"Number of players = {rules.num_players}", f"Boards: {boards}"]
    for name in record.players:
        lines += [f"Player name: {name}", f"Initial position: {cells}"]
    per_round = rules.num_players
    for i, step in enumerate(record.steps):
        if i % per_round == 0:
            lines += ["", f"Move {i // per_round + 1}"]
        index, cell = step.move
        lines.append(f"Player {step.player}: piece {index} to {cell}")
    if record.end == "won" and record.winner is not None:
        ending = f"The winner is {record.players[record.winner]}"
    elif record.end == "stopped":
        ending = "The game was stopped"
    else:
        ending = "Nobody wins" if record.end == "draw" else "The move limit is reached: nobody wins"
    lines += ["", ending, "The game is over"]
    return "\n".join(lines)


def sum_record_svg(record: Record) -> str:
    """A finished game on a sum: the boards at the end."""
    return sum_svg(record.final)


display.register(SumState, text=sum_state, svg=sum_svg)
display.register(PieceSum, text=sum_transcript, svg=sum_record_svg, move=sum_move)
