"""Minesweeper pictures: the board as text and as SVG, and a game's transcript.

Text pictures print the top row first, with row labels on the left and column labels
underneath: ``#`` a hidden cell, ``F`` a flag, ``0``-``8`` a revealed number, ``M`` a mine a
revealed cell has named (the coordinates variant), ``X`` the mine that went off, and, on a
finished game's whole state, ``*`` every other mine.

>>> from coursekit.games.minesweeper import board_from_text
>>> print(board_text(board_from_text("#F\\n12", mines=1)))
1  # F
0  1 2
   0 1
1 mine, 1 flag: 0 left
"""

from __future__ import annotations

from html import escape

from ..core import display
from ..core.grid import Coord
from ..core.record import Record
from ..core.rules import CHANCE
from ..games.minesweeper import Flag, Minesweeper, MinesweeperBoard, MinesweeperState

CELL = 26
MARGIN = 22
HIDDEN_FILL, OPEN_FILL, BOOM_FILL, MINE_FILL = "#9aa5b1", "#eef1f4", "#e34a33", "#fdd0a2"
#: Number colours (the usual ones), dark enough to read on the light cells.
INKS = ("#777", "#1f4fbf", "#1a7f2e", "#c0211f", "#2b1a8f", "#7f1a1a", "#16777f", "#111", "#555")


def _marks(board: MinesweeperBoard, mines: frozenset[Coord] = frozenset()) -> dict[Coord, str]:
    marks: dict[Coord, str] = {}
    for cell in board.cells():
        number = board.number(cell)
        if number is not None:
            marks[cell] = str(number)
        elif cell == board.exploded:
            marks[cell] = "X"
        elif cell in mines:
            marks[cell] = "*"
        elif cell in board.flags:
            marks[cell] = "F"
        elif cell in board.told:
            marks[cell] = "M"
        else:
            marks[cell] = "#"
    return marks


def _picture(board: MinesweeperBoard, marks: dict[Coord, str]) -> str:
    label = len(str(board.height - 1))
    width = len(str(board.width - 1))
    lines = []
    for y in reversed(range(board.height)):
        row = " ".join(marks[Coord(x, y)].rjust(width) for x in range(board.width))
        lines.append(f"{str(y).rjust(label)}  {row}")
    lines.append(" " * (label + 2) + " ".join(str(x).rjust(width) for x in range(board.width)))
    return "\n".join(lines)


def _status(board: MinesweeperBoard) -> str:
    flags = len(board.flags)
    line = (f"{board.mines} mine{'s' if board.mines != 1 else ''}, {flags} flag{'s' if flags != 1 else ''}: "
            f"{board.mines_left} left")
    if board.exploded is not None:
        line += f"; a mine went off at {board.exploded}: lost"
    elif board.is_won:
        line += "; every safe cell is revealed: won"
    return line


def board_text(board: MinesweeperBoard) -> str:
    """What the player sees: the numbers, flags and hidden cells, then the mines and flags counted."""
    return _picture(board, _marks(board)) + "\n" + _status(board)


def state_text(state: MinesweeperState) -> str:
    """The whole state: as the player sees it while the game goes on; at the end, the mines too (``*``).

    >>> from coursekit.games.minesweeper import Minesweeper
    >>> rules = Minesweeper(3, 1, 1, first_safe=False)
    >>> state = rules.next_state(rules.initial_state(), Coord(2, 0))   # chance: the mine
    >>> print(state_text(rules.next_state(state, Coord(0, 0))))   # a 0: it opens its neighbour
    0  0 1 *
       0 1 2
    1 mine, 0 flags: 1 left; every safe cell is revealed: won
    """
    board = state.board
    over = board.is_over
    return _picture(board, _marks(board, state.mines if over else frozenset())) + "\n" + _status(board)


def move_words(move: object) -> str:
    """A move as the terminal types it: ``3,4`` reveals, ``f 3,4`` flags.

    >>> move_words(Coord(3, 4)), move_words(Flag(Coord(0, 1)))
    ('reveal 3,4', 'flag 0,1')
    """
    if isinstance(move, Flag):
        return f"flag {move.cell[0]},{move.cell[1]}"
    assert isinstance(move, tuple)
    return f"reveal {move[0]},{move[1]}"


def rules_text(rules: Minesweeper) -> str:
    """The options in words: ``9 x 9, 10 mines, first reveal safe``."""
    parts = [f"{rules.width} x {rules.height}", f"{rules.mines} mine{'s' if rules.mines != 1 else ''}",
             "first reveal safe" if rules.first_safe else "first reveal not protected"]
    if rules.coordinates:
        parts.append("cells tell their mines' coordinates")
    return ", ".join(parts)


def transcript(record: Record) -> str:
    """A game move by move: each reveal or flag and the board after it; the mines once placed, and the end."""
    rules = record.rules
    assert isinstance(rules, Minesweeper)
    lines = [f"Minesweeper, {rules_text(rules)}: {record.players[0]}", "", state_text(record.start)]
    placed: list[Coord] = []
    number = 0
    for step in record.steps:
        if step.player == CHANCE:
            placed.append(step.move)
            if len(placed) == rules.mines:
                lines += ["", f"Chance placed the {rules.mines} mines (hidden from the player)."]
                lines.append(state_text(step.state))
            continue
        number += 1
        lines += ["", f"Move {number}: {move_words(step.move)}"]
        if len(placed) == rules.mines or isinstance(step.move, Flag):
            lines.append(state_text(step.state))
    lines.append("")
    if record.end == "won":
        lines.append(f"{record.players[0]} won: every safe cell is revealed")
    elif record.end == "lost":
        lines.append(f"{record.players[0]} lost: a mine went off at {record.final.board.exploded}")
    else:
        lines.append(f"The game ended: {record.end}")
    return "\n".join(lines)


def _svg(board: MinesweeperBoard, marks: dict[Coord, str], title: str) -> str:
    w, h = board.width, board.height
    width, height = MARGIN + w * CELL + 4, h * CELL + MARGIN + 22
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">',
           f"<title>{escape(title)}</title>"]
    for cell, mark in marks.items():
        x0, y0 = MARGIN + cell.x * CELL, (h - 1 - cell.y) * CELL
        fill = (OPEN_FILL if mark.isdigit() else BOOM_FILL if mark == "X" else MINE_FILL if mark in "*M"
                else HIDDEN_FILL)
        out.append(f'<rect x="{x0}" y="{y0}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#667"/>')
        centre = f'x="{x0 + CELL / 2:g}" y="{y0 + CELL / 2:g}"'
        if mark.isdigit() and mark != "0":
            out.append(f'<text {centre} font-size="15" font-weight="bold" fill="{INKS[int(mark)]}" '
                       f'text-anchor="middle" dominant-baseline="central">{mark}</text>')
        elif mark == "F":
            out.append(f'<text {centre} font-size="14" font-weight="bold" fill="#c0211f" text-anchor="middle" '
                       'dominant-baseline="central">F</text>')
        elif mark in "*XM":
            out.append(f'<circle cx="{x0 + CELL / 2:g}" cy="{y0 + CELL / 2:g}" r="{CELL * 0.27:g}" fill="#111"/>')
    for x in range(w):
        out.append(f'<text x="{MARGIN + x * CELL + CELL / 2:g}" y="{h * CELL + MARGIN / 2 + 2:g}" font-size="11" '
                   f'fill="#555" text-anchor="middle" dominant-baseline="central">{x}</text>')
    for y in range(h):
        out.append(f'<text x="{MARGIN / 2:g}" y="{(h - 1 - y) * CELL + CELL / 2:g}" font-size="11" fill="#555" '
                   f'text-anchor="middle" dominant-baseline="central">{y}</text>')
    out.append(f'<text x="4" y="{h * CELL + MARGIN + 12:g}" font-size="12" fill="#333" '
               f'dominant-baseline="central">{escape(title)}</text>')
    out.append("</svg>")
    return "".join(out)


def board_svg(board: MinesweeperBoard) -> str:
    """The player's board as a picture: hidden cells grey, numbers in their colours, flags, the mine that went off."""
    return _svg(board, _marks(board), _status(board))


def state_svg(state: MinesweeperState) -> str:
    """The whole state as a picture; the mines are drawn only when the game is over."""
    board = state.board
    over = board.is_over
    return _svg(board, _marks(board, state.mines if over else frozenset()), _status(board))


def record_svg(record: Record) -> str:
    """A game: its last state, mines shown, captioned with how it ended."""
    final: MinesweeperState = record.final
    board = final.board
    return _svg(board, _marks(board, final.mines), f"{len(record.moves)} moves: {record.end}")


def register() -> None:
    """Tell the core how minesweeper boards, states and records print and draw."""
    display.register(MinesweeperBoard, text=board_text, svg=board_svg)
    display.register(MinesweeperState, text=state_text, svg=state_svg)
    display.register(Minesweeper, text=transcript, svg=record_svg, move=move_words)
