"""Tic-tac-toe pictures: the board as text (top row first, the course's coordinates), a game's
transcript, and SVG boards with the winning line drawn.

>>> from coursekit.games.tictactoe import TicTacToe
>>> state = TicTacToe().position("XO./.X./..O")
>>> print(board_text(state))
2  X O .
1  . X .
0  . . O
   0 1 2
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ...core import display
from ...core.grid import Coord, Grid
from ...core.record import Record
from ...core.rules import CHANCE
from ...render.svg import GridCanvas
from .rules import EMPTY, MARKS, TicTacToe, TicTacToeState

#: The colour of each player's mark (X, O, A, B), readable on white and told apart by shape too.
MARK_COLOURS = {"X": "#1f4e99", "O": "#b2182b", "A": "#1b7837", "B": "#6a3d9a"}
CELL = 48
#: The background of the winning line's cells on a board that plays (the line is drawn through them too).
LINE_FILL = "#ffe082"
#: The small dot on an empty cell that may be marked now (a shape, not only a colour).
OPEN_DOT = "#767676"


def board_text(state: TicTacToeState) -> str:
    """The board, top row first, row numbers on the left and column numbers underneath."""
    grid = Grid(state.width, state.height)
    marks = {c: state.at(c) for c in grid.cells() if state.at(c) != EMPTY}
    return grid.picture(marks)


def transcript(record: Record) -> str:
    """A game move by move: who marked which cell, the board after it, and the result."""
    rules = record.rules
    lines = [f"Tic-tac-toe {rules.width} x {rules.height}, {rules.k} in a row, "  # type: ignore[attr-defined]
             f"{rules.num_players} players: " + ", ".join(
                 f"{MARKS[p]} {name}" for p, name in enumerate(record.players))]
    for i, step in enumerate(record.steps, start=1):
        if step.player == CHANCE:
            continue
        lines += ["", f"Move {i}: {MARKS[step.player]} ({record.players[step.player]}) marks {Coord(*step.move)}",
                  board_text(step.state)]
    lines.append("")
    if record.end == "won" and record.winner is not None:
        lines.append(f"The winner is {MARKS[record.winner]} ({record.players[record.winner]})")
    elif record.end == "draw":
        lines.append("A draw: the board is full and nobody has a line")
    else:
        lines.append(f"The game ended: {record.end}")
    return "\n".join(lines)


def board_svg(state: TicTacToeState, texts: dict[Coord, str] | None = None, title: str | None = None) -> str:
    """The board as SVG: marks in their colours, the winning line drawn through its cells.

    ``texts`` puts a small text on empty cells (a hint: the value of marking there).
    """
    return play_svg(state, texts=texts, title=title)


def play_svg(
    state: TicTacToeState,
    *,
    texts: Mapping[Coord, str] | None = None,
    text_colours: Mapping[Coord, str] | None = None,
    title: str | None = None,
    hits: Mapping[Coord, str] | None = None,
    open_cells: Iterable[Coord] = (),
    fresh: Iterable[Coord] = (),
    appear_ms: int = 0,
    line_fill: bool = False,
    cell: int = CELL,
    corner_texts: Mapping[Coord, str] | None = None,
) -> str:
    """The board as SVG, for a board that plays as well as for a page, with ``cell``-pixel cells.

    ``hits`` maps a cell to the words a screen reader says of it and makes it clickable
    (``data-hit="x,y"``); ``open_cells`` get a small dot (they may be marked now);
    ``fresh`` marks appear growing in, over ``appear_ms`` milliseconds (0: at once);
    ``line_fill`` fills the winning line's cells as well as drawing the line through them.
    ``text_colours`` colours the ``texts``; ``corner_texts`` go small in the top left corner of
    their cells (a game's move numbers).

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> state = TicTacToe().position("X../.O./...")
    >>> svg = play_svg(state, hits={Coord(0, 0): "empty"}, fresh=[Coord(1, 1)], appear_ms=200)
    >>> 'data-hit="0,0"' in svg, svg.count("ck-ttt-appear") > 1
    (True, True)
    """
    texts = texts or {}
    text_colours = text_colours or {}
    hits = hits or {}
    dots = set(open_cells)
    new = set(fresh) if appear_ms > 0 else set()
    mover = MARKS[state.turn]
    caption = title or (f"{MARKS[state.winner]} has won" if state.winner is not None
                        else f"{mover} to move" if EMPTY in state.cells else "a draw")
    line = set(state.line) if line_fill else set()
    canvas = GridCanvas(state.width, state.height, cell, title=caption)
    if new:
        canvas.add("<style>@keyframes ck-ttt-appear{from{opacity:0;transform:scale(0.2)}to{opacity:1;"
                   "transform:scale(1)}}.ck-ttt-appear{animation:ck-ttt-appear ease-out both;"
                   "transform-box:fill-box;transform-origin:center}</style>")
    canvas.board_rect("#ffffff", "#333")
    for y in range(state.height):
        for x in range(state.width):
            square = Coord(x, y)
            mark = state.at(square)
            with canvas.cell_group(square, hits.get(square)):
                if square in hits or square in line:  # a clickable cell's first child: its square
                    canvas.square(square, LINE_FILL if square in line else "#ffffff", inset=1)
                if mark != EMPTY and square in new:
                    with canvas.group(f' class="ck-ttt-appear" style="animation-duration:{appear_ms}ms"'):
                        _mark(canvas, square, mark)
                elif mark != EMPTY:
                    _mark(canvas, square, mark)
                elif square in texts:
                    canvas.text(square, texts[square], 13, text_colours.get(square, "#555"))
                elif square in dots:
                    canvas.disc(square, 3, OPEN_DOT)
    canvas.grid_lines("#333")
    if state.line:
        canvas.segment(state.line[0], state.line[-1], "#222", 5, opacity=0.7, still=True)
    corner = 8 - cell / 2
    for square, text in (corner_texts or {}).items():
        canvas.text(square, text, 10, "#777", dx=corner, dy=corner)
    canvas.edge_numbers()
    return canvas.svg()


def stack_svg(pictures: list[str], gap: int = 10) -> str:
    """SVG pictures one above the other in one picture (a board and its search tree).

    >>> svg = stack_svg(['<svg width="10" height="5"></svg>', '<svg width="20" height="6"></svg>'])
    >>> svg.split(">")[0]
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="21" viewBox="0 0 20 21" role="img"'
    """
    out, y, width = [], 0, 0
    for picture in pictures:
        size = re.match(r'<svg[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"', picture)
        w, h = (float(size.group(1)), float(size.group(2))) if size else (0.0, 0.0)
        out.append(picture.replace("<svg ", f'<svg x="0" y="{y:g}" ', 1))
        y += int(h) + gap
        width = max(width, int(w))
    height = max(0, y - gap)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img">{"".join(out)}</svg>')


def _mark(canvas: GridCanvas, square: Coord, mark: str) -> None:
    """A player's mark on ``square``: X a cross, O a ring, another mark its letter, each in its colour."""
    colour = MARK_COLOURS.get(mark, "#111")
    r = canvas.cell * 0.3
    if mark == "X":
        canvas.cross(square, r, colour, 5)
    elif mark == "O":
        canvas.ring(square, r, colour, 5)
    else:
        canvas.text(square, mark, canvas.cell * 0.6, colour, weight="bold")


def record_svg(record: Record) -> str:
    """A game: its last board, each mark numbered by the move that placed it."""
    order: dict[Coord, str] = {}
    for i, step in enumerate(record.moves, start=1):
        order[Coord(*step.move)] = str(i)
    return play_svg(record.final, title=f"{len(record.moves)} moves: {record.end}", corner_texts=order)


display.register(TicTacToeState, text=board_text, svg=board_svg)
display.register(TicTacToe, text=transcript, svg=record_svg)
