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
from html import escape

from ...core import display
from ...core.grid import Coord, Grid
from ...core.record import Record
from ...core.rules import CHANCE
from .rules import EMPTY, MARKS, TicTacToe, TicTacToeState

#: The colour of each player's mark (X, O, A, B), readable on white and told apart by shape too.
MARK_COLOURS = {"X": "#1f4e99", "O": "#b2182b", "A": "#1b7837", "B": "#6a3d9a"}
CELL = 48
MARGIN = 22
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
) -> str:
    """The board as SVG, for a board that plays as well as for a page.

    ``hits`` maps a cell to the words a screen reader says of it and makes it clickable
    (``data-hit="x,y"``); ``open_cells`` get a small dot (they may be marked now);
    ``fresh`` marks appear growing in, over ``appear_ms`` milliseconds (0: at once);
    ``line_fill`` fills the winning line's cells as well as drawing the line through them.
    ``text_colours`` colours the ``texts``.

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
    w, h = state.width, state.height
    width, height = MARGIN + w * CELL + 4, h * CELL + MARGIN + 4
    mover = MARKS[state.turn]
    caption = title or (f"{MARKS[state.winner]} has won" if state.winner is not None
                        else f"{mover} to move" if EMPTY in state.cells else "a draw")
    line = set(state.line) if line_fill else set()
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">',
           f"<title>{escape(caption)}</title>"]
    if new:
        out.append("<style>@keyframes ck-ttt-appear{from{opacity:0;transform:scale(0.2)}to{opacity:1;"
                   "transform:scale(1)}}.ck-ttt-appear{animation:ck-ttt-appear ease-out both;"
                   "transform-box:fill-box;transform-origin:center}</style>")
    out.append(f'<rect x="{MARGIN}" y="0" width="{w * CELL}" height="{h * CELL}" fill="#ffffff" stroke="#333"/>')
    for y in range(h):
        for x in range(w):
            cell = Coord(x, y)
            x0, y0 = MARGIN + x * CELL, (h - 1 - y) * CELL
            cx, cy = x0 + CELL / 2, y0 + CELL / 2
            mark = state.at(cell)
            if cell in hits:
                out.append(f'<g data-hit="{x},{y}" tabindex="0" role="button" '
                           f'aria-label="{escape(f"{x}, {y}: {hits[cell]}")}">')
            if cell in hits or cell in line:
                fill = LINE_FILL if cell in line else "#ffffff"
                out.append(f'<rect x="{x0 + 1}" y="{y0 + 1}" width="{CELL - 2}" height="{CELL - 2}" fill="{fill}"/>')
            if mark != EMPTY:
                drawn = _mark(mark, cx, cy)
                if cell in new:
                    drawn = f'<g class="ck-ttt-appear" style="animation-duration:{appear_ms}ms">{drawn}</g>'
                out.append(drawn)
            elif cell in texts:
                out.append(_label(cx, cy, texts[cell], 13, text_colours.get(cell, "#555")))
            elif cell in dots:
                out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="3" fill="{OPEN_DOT}"/>')
            if cell in hits:
                out.append("</g>")
    for x in range(1, w):
        out.append(f'<line x1="{MARGIN + x * CELL}" y1="0" x2="{MARGIN + x * CELL}" y2="{h * CELL}" stroke="#333" '
                   'pointer-events="none"/>')
    for y in range(1, h):
        out.append(f'<line x1="{MARGIN}" y1="{y * CELL}" x2="{MARGIN + w * CELL}" y2="{y * CELL}" stroke="#333" '
                   'pointer-events="none"/>')
    if state.line:
        first, last = state.line[0], state.line[-1]
        x1, y1 = MARGIN + first.x * CELL + CELL / 2, (h - 1 - first.y) * CELL + CELL / 2
        x2, y2 = MARGIN + last.x * CELL + CELL / 2, (h - 1 - last.y) * CELL + CELL / 2
        out.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#222" stroke-width="5" '
                   'stroke-linecap="round" opacity="0.7" pointer-events="none"/>')
    for x in range(w):
        out.append(_label(MARGIN + x * CELL + CELL / 2, h * CELL + MARGIN / 2 + 2, str(x), 11, "#555"))
    for y in range(h):
        out.append(_label(MARGIN / 2, (h - 1 - y) * CELL + CELL / 2, str(y), 11, "#555"))
    out.append("</svg>")
    return "".join(out)


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


def _label(x: float, y: float, text: str, size: float, colour: str) -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{colour}" text-anchor="middle" '
            f'dominant-baseline="central">{escape(text)}</text>')


def _mark(mark: str, cx: float, cy: float) -> str:
    colour = MARK_COLOURS.get(mark, "#111")
    r = CELL * 0.3
    if mark == "X":
        return (f'<path d="M{cx - r:g},{cy - r:g}L{cx + r:g},{cy + r:g}M{cx + r:g},{cy - r:g}L{cx - r:g},{cy + r:g}" '
                f'stroke="{colour}" stroke-width="5" stroke-linecap="round"/>')
    if mark == "O":
        return f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="none" stroke="{colour}" stroke-width="5"/>'
    return _label(cx, cy, mark, CELL * 0.6, colour).replace("<text ", '<text font-weight="bold" ', 1)


def record_svg(record: Record) -> str:
    """A game: its last board, each mark numbered by the move that placed it."""
    order: dict[Coord, str] = {}
    for i, step in enumerate(record.moves, start=1):
        order[Coord(*step.move)] = str(i)
    final = record.final
    svg = board_svg(final, title=f"{len(record.moves)} moves: {record.end}")
    # The move numbers go in the corner of each marked cell.
    h = final.height
    numbers = "".join(_label(MARGIN + c.x * CELL + 8, (h - 1 - c.y) * CELL + 8, n, 10, "#777")
                      for c, n in order.items())
    return svg.replace("</svg>", numbers + "</svg>")


display.register(TicTacToeState, text=board_text, svg=board_svg)
display.register(TicTacToe, text=transcript, svg=record_svg)
