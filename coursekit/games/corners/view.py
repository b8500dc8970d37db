"""Corners pictures: the board as text and as SVG, and a game's transcript.

In text a black piece is ``B``, a white one ``W``, an empty cell ``.``; the top row comes first,
row numbers on the left, column numbers underneath (from 0, ``(0, 0)`` at the bottom left).
A move is written as its path ``x,y-x,y[-x,y...]``: the start cell and every landing cell.

>>> from coursekit.games.corners import Corners
>>> print(board_text(Corners(pieces=9).initial_state()))
7  B B B . . . . .
6  B B B . . . . .
5  B B B . . . . .
4  . . . . . . . .
3  . . . . . . . .
2  . . . . . W W W
1  . . . . . W W W
0  . . . . . W W W
   0 1 2 3 4 5 6 7
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ...core import display
from ...core.grid import Coord
from ...core.record import Record
from ...core.rules import CHANCE
from ...render.svg import GridCanvas
from .rules import BLACK, PASS, SHAPES, SIDES, SIZE, WHITE, Corners, CornersState, home_cells, path_text

MARKS = {WHITE: "W", BLACK: "B"}
CELL = 40
MARGIN = 24


def board_text(state: CornersState) -> str:
    """The board, top row first (see the module's example)."""
    marks = {c: MARKS[WHITE] for c in state.white} | {c: MARKS[BLACK] for c in state.black}
    rows = [f"{y}  " + " ".join(marks.get(Coord(x, y), ".") for x in range(SIZE)) for y in reversed(range(SIZE))]
    rows.append("   " + " ".join(str(x) for x in range(SIZE)))
    return "\n".join(rows)


def transcript(record: Record) -> str:
    """A game move by move: who moved which path, the board after it, and the result."""
    rules: Corners = record.rules  # type: ignore[assignment]
    lines = [f"Corners, {rules.pieces} pieces a side, {rules.move_limit} moves a side at most: "
             + ", ".join(f"{SIDES[p]} {name}" for p, name in enumerate(record.players))]
    for i, step in enumerate(record.steps, start=1):
        if step.player == CHANCE:
            continue
        verb = "passes" if step.move == PASS else path_text(step.move)
        lines += ["", f"Move {i}: {SIDES[step.player]} ({record.players[step.player]}) {verb}", board_text(step.state)]
    lines.append("")
    result = rules.result(record.final)
    lines.append(f"The game ended: {result}" if result is not None else f"The game ended: {record.end}")
    return "\n".join(lines)


#: What a playing board marks (see :func:`board_svg`): a cell the chosen piece may go to (a
#: dashed ring around a dot), the chosen piece's cell (a thick square frame on a light fill),
#: and the trail of an unfinished jump chain (a small hollow square).
NEXT_STROKE, CHOSEN_FILL, CHOSEN_STROKE, TRAIL_STROKE = "#1a6b2f", "#ffe9a8", "#8a4b00", "#5b4a00"
#: A hint's move (a dotted line ending in a ring), and the height of the legend under the board.
HINT_STROKE, LEGEND = "#6a1b9a", 22


def piece_ids(state: CornersState) -> dict[Coord, str]:
    """Each piece's name, the same all through a game: ``w0``, ``w1``, ... for White's pieces and
    ``b0``, ... for Black's, by their place in the state's fixed order (a move keeps the order).

    >>> from coursekit.games.corners import Corners
    >>> rules = Corners(pieces=9)
    >>> before = rules.initial_state()
    >>> after = rules.apply(before, (Coord(5, 2), Coord(4, 2)))
    >>> piece_ids(before)[Coord(5, 2)] == piece_ids(after)[Coord(4, 2)]
    True
    """
    ids = {cell: f"w{i}" for i, cell in enumerate(state.white)}
    ids.update({cell: f"b{i}" for i, cell in enumerate(state.black)})
    return ids


def board_svg(state: CornersState, title: str | None = None, path: Any = None, *,
              hits: Mapping[Coord, str] | None = None, pieces: Mapping[Coord, str] | None = None,
              nexts: Collection[Coord] = (), chosen: Coord | None = None, trail: Collection[Coord] = (),
              hint: Any = None, legend: str = "") -> str:
    """The board as SVG: Black's pieces as filled discs, White's as hollow ones, both corners
    outlined thick (each side's target is the other's corner), and ``path`` (a move) drawn as a line.

    For a board that plays: ``hits`` maps a cell to the words a screen reader says of it and makes
    it clickable (``data-hit="x,y"``); ``pieces`` names the pieces (``data-piece``: a piece with
    the same name glides to its new cell, see :func:`piece_ids`); each of ``nexts`` (where the
    chosen piece may go) shows a dashed ring, ``chosen`` a thick square frame, ``trail`` a small
    hollow square; ``hint`` (a move) is drawn as a dotted line ending in a ring, and ``legend``
    is a line of text under the board.

    >>> from coursekit.games.corners import Corners
    >>> state = Corners(pieces=9).initial_state()
    >>> svg = board_svg(state, hits={Coord(5, 2): "White's piece"}, pieces=piece_ids(state),
    ...                 nexts=[Coord(4, 2)], chosen=Coord(5, 2))
    >>> svg.count("data-hit="), svg.count("data-piece="), 'stroke-dasharray="4 3"' in svg
    (1, 18, True)
    """
    caption = title or f"{SIDES[state.turn]} to move"
    hits = hits or {}
    names = pieces or {}
    canvas = GridCanvas(SIZE, SIZE, CELL, MARGIN, title=caption, below=LEGEND if legend else 0)
    canvas.background("#ffffff")
    for y in reversed(range(SIZE)):
        for x in range(SIZE):
            cell = Coord(x, y)
            with canvas.cell_group(cell, hits.get(cell)):
                canvas.square(cell, CHOSEN_FILL if cell == chosen else "#e8e8e8" if (x + y) % 2 else "#f8f8f8")
    still = bool(hits)  # a playing board: clicks go through the marks to the cells
    pieces_count = len(state.white)
    if pieces_count in SHAPES:
        for player in (WHITE, BLACK):
            canvas.outline(home_cells(pieces_count, player), "#111", 4, still=still)
    if chosen is not None:
        canvas.frame(chosen, CELL / 2 - 3, CHOSEN_STROKE, 4, still=still)
    for cell in trail:
        canvas.frame(cell, 5, TRAIL_STROKE, 2, still=still)
    if path is not None and path != PASS:
        canvas.line(path, "#555", 4, dashes="6 4", still=still)
    if hint is not None and hint != PASS:
        canvas.line(hint, HINT_STROKE, 4, dashes="1 6", still=still)
        canvas.ring(hint[-1], 16, HINT_STROKE, still=still)
    for cell in nexts:
        canvas.ring(cell, 12, NEXT_STROKE, dashes="4 3", still=still)
        canvas.disc(cell, 4, NEXT_STROKE, still=still)
    for cells, radius, fill, width in ((state.black, 14, "#111", 2), (state.white, 13, "#ffffff", 3)):
        for cell in cells:
            canvas.disc(cell, radius, fill, stroke="#111", width=width, piece=names.get(cell), still=still)
    canvas.edge_numbers(12, "#444", gap=0)
    canvas.caption([legend] if legend else [], top=LEGEND / 2)
    return canvas.svg()


def record_svg(record: Record) -> str:
    """A game: its last board with the last move's path drawn."""
    moves = record.moves
    last = moves[-1].move if moves else None
    return board_svg(record.final, title=f"{len(moves)} moves: {record.end}", path=last)


__all__ = ["MARKS", "board_svg", "board_text", "piece_ids", "record_svg", "transcript"]


display.register(CornersState, text=board_text, svg=board_svg)
display.register(Corners, text=transcript, svg=record_svg, move=path_text)
