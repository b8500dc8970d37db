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
from html import escape
from typing import Any

from ...core import display
from ...core.grid import Coord
from ...core.record import Record
from ...core.rules import CHANCE
from ...render.svg import hit_key, hit_open
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


def _centre(cell: Coord) -> tuple[float, float]:
    return MARGIN + cell.x * CELL + CELL / 2, (SIZE - 1 - cell.y) * CELL + CELL / 2


def _frame(cell: Coord, half: float, stroke: str, width: int, still: str) -> str:
    """A hollow square around the centre of ``cell``, ``half`` from the centre to each side.

    >>> _frame(Coord(0, 7), 5, "#000", 2, "")
    '<rect x="39" y="15" width="10" height="10" fill="none" stroke="#000" stroke-width="2"/>'
    """
    cx, cy = _centre(Coord(*cell))
    return (f'<rect x="{cx - half:g}" y="{cy - half:g}" width="{2 * half:g}" height="{2 * half:g}" fill="none" '
            f'stroke="{stroke}" stroke-width="{width}"{still}/>')


def _ring(cell: Coord, radius: float, stroke: str, still: str, dashes: str = "") -> str:
    """A ring around the centre of ``cell``, dashed if ``dashes`` are given (as SVG's ``stroke-dasharray``).

    >>> _ring(Coord(0, 7), 12, "#000", "", dashes="4 3")
    '<circle cx="44" cy="20" r="12" fill="none" stroke="#000" stroke-width="3" stroke-dasharray="4 3"/>'
    """
    cx, cy = _centre(Coord(*cell))
    dashed = f' stroke-dasharray="{dashes}"' if dashes else ""
    return (f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" fill="none" stroke="{stroke}" stroke-width="3"'
            f'{dashed}{still}/>')


def _line(cells: Any, stroke: str, dashes: str, still: str) -> str:
    """A dashed line through the centres of ``cells`` (a move's path).

    >>> line = _line([Coord(0, 7), Coord(1, 7)], "#000", "6 4", "")
    >>> line.startswith('<polyline points="44,20 84,20"'), 'stroke-dasharray="6 4"' in line
    (True, True)
    """
    points = " ".join(f"{px:g},{py:g}" for px, py in (_centre(Coord(*c)) for c in cells))
    return (f'<polyline points="{points}" fill="none" stroke="{stroke}" stroke-width="4" '
            f'stroke-dasharray="{dashes}" stroke-linecap="round"{still}/>')


def _outline(cells: frozenset[Coord]) -> str:
    """The border of a group of cells as one SVG path (the edges a cell shares with no other cell)."""
    parts = []
    for c in cells:
        left, top = MARGIN + c.x * CELL, (SIZE - 1 - c.y) * CELL
        if Coord(c.x - 1, c.y) not in cells:
            parts.append(f"M{left},{top}v{CELL}")
        if Coord(c.x + 1, c.y) not in cells:
            parts.append(f"M{left + CELL},{top}v{CELL}")
        if Coord(c.x, c.y + 1) not in cells:
            parts.append(f"M{left},{top}h{CELL}")
        if Coord(c.x, c.y - 1) not in cells:
            parts.append(f"M{left},{top + CELL}h{CELL}")
    return "".join(sorted(parts))


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
    size = SIZE * CELL
    width, height = MARGIN + size + 4, size + MARGIN + (LEGEND if legend else 0)
    caption = title or f"{SIDES[state.turn]} to move"
    hits = hits or {}
    names = pieces or {}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">',
           f"<title>{escape(caption)}</title>",
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>']
    for y in reversed(range(SIZE)):
        for x in range(SIZE):
            cell = Coord(x, y)
            shade = CHOSEN_FILL if cell == chosen else "#e8e8e8" if (x + y) % 2 else "#f8f8f8"
            if cell in hits:
                out.append(hit_open(hit_key(cell), f"{x}, {y}: {hits[cell]}"))
            out.append(f'<rect x="{MARGIN + x * CELL}" y="{(SIZE - 1 - y) * CELL}" width="{CELL}" height="{CELL}" '
                       f'fill="{shade}"/>')
            if cell in hits:
                out.append("</g>")
    still = ' pointer-events="none"' if hits else ""  # a playing board: clicks go through to the cells
    pieces_count = len(state.white)
    if pieces_count in SHAPES:
        for player in (WHITE, BLACK):
            out.append(f'<path d="{_outline(frozenset(home_cells(pieces_count, player)))}" stroke="#111" '
                       f'stroke-width="4" fill="none" stroke-linecap="square"{still}/>')
    if chosen is not None:
        out.append(_frame(chosen, CELL / 2 - 3, CHOSEN_STROKE, 4, still))
    for cell in trail:
        out.append(_frame(cell, 5, TRAIL_STROKE, 2, still))
    if path is not None and path != PASS:
        out.append(_line(path, "#555", "6 4", still))
    if hint is not None and hint != PASS:
        out.append(_line(hint, HINT_STROKE, "1 6", still))
        out.append(_ring(hint[-1], 16, HINT_STROKE, still))
    for cell in nexts:
        out.append(_ring(cell, 12, NEXT_STROKE, still, dashes="4 3"))
        cx, cy = _centre(Coord(*cell))
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="4" fill="{NEXT_STROKE}"{still}/>')
    for cells, radius, fill, width in ((state.black, 14, "#111", 2), (state.white, 13, "#ffffff", 3)):
        for cell in cells:
            cx, cy = _centre(cell)
            name = f' data-piece="{names[cell]}"' if cell in names else ""
            out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius}" fill="{fill}" stroke="#111" '
                       f'stroke-width="{width}"{name}{still}/>')
    for i in range(SIZE):
        out.append(_label(MARGIN + i * CELL + CELL / 2, size + MARGIN / 2, str(i)))
        out.append(_label(MARGIN / 2, (SIZE - 1 - i) * CELL + CELL / 2, str(i)))
    if legend:
        out.append(f'<text x="4" y="{size + MARGIN + LEGEND / 2:g}" font-size="12" fill="#1b1b1b" '
                   f'dominant-baseline="central">{escape(legend)}</text>')
    out.append("</svg>")
    return "".join(out)


def _label(x: float, y: float, text: str) -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="12" fill="#444" text-anchor="middle" '
            f'dominant-baseline="central">{escape(text)}</text>')


def record_svg(record: Record) -> str:
    """A game: its last board with the last move's path drawn."""
    moves = record.moves
    last = moves[-1].move if moves else None
    return board_svg(record.final, title=f"{len(moves)} moves: {record.end}", path=last)


__all__ = ["MARKS", "board_svg", "board_text", "piece_ids", "record_svg", "transcript"]


display.register(CornersState, text=board_text, svg=board_svg)
display.register(Corners, text=transcript, svg=record_svg, move=path_text)
