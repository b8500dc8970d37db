"""SVG pictures: boards that draw themselves in notebooks and on the static site.

Pictures use no fonts or scripts from elsewhere, so they work offline.

>>> from coursekit.core import Grid, Coord
>>> svg = grid_svg(Grid(3, 2), pieces={Coord(2, 1): "K"})
>>> svg.startswith("<svg") and svg.count("<rect") == 6
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

from ..core.grid import Coord, Grid
from ..core.record import Record
from ..games.beans import BeansState
from ..games.pieces import PieceState
from .text import PIECE_LETTERS

CELL = 36
MARGIN = 22
LIGHT, DARK = "#f0d9b5", "#b58863"
BLOCKED = "#3b3b3b"
HIGHLIGHT = "#7fc97f"
PIECE_GLYPHS = {"K": "\u2654", "Q": "\u2655", "R": "\u2656", "N": "\u2658"}


def grid_svg(
    grid: Grid,
    pieces: Mapping[Coord, str] | None = None,
    highlight: Iterable[Coord] = (),
    fills: Mapping[Coord, str] | None = None,
    texts: Mapping[Coord, str] | None = None,
    title: str | None = None,
    cell: int = CELL,
) -> str:
    """A grid: checkered cells, blocked cells dark, optional fills, texts, highlights and pieces.

    ``pieces`` maps a cell to a letter (``K`` draws a king); row and column numbers run
    along the left and bottom edges, ``(0, 0)`` at the bottom left.
    """
    pieces = pieces or {}
    fills = fills or {}
    texts = texts or {}
    marked = set(highlight)
    width = MARGIN + grid.width * cell + 4
    height = grid.height * cell + MARGIN + 4
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">'
    ]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    for c in grid.cells():
        x0 = MARGIN + c.x * cell
        y0 = (grid.height - 1 - c.y) * cell
        colour = BLOCKED if c in grid.blocked else fills.get(c, LIGHT if (c.x + c.y) % 2 else DARK)
        out.append(f'<rect x="{x0}" y="{y0}" width="{cell}" height="{cell}" fill="{colour}"/>')
        if c in marked:
            r = cell * 0.18
            out.append(f'<circle cx="{x0 + cell / 2}" cy="{y0 + cell / 2}" r="{r}" fill="{HIGHLIGHT}" opacity="0.9"/>')
        if c in texts:
            out.append(_text(x0 + cell / 2, y0 + cell / 2, texts[c], cell * 0.4))
        if c in pieces:
            glyph = PIECE_GLYPHS.get(pieces[c], pieces[c])
            out.append(_text(x0 + cell / 2, y0 + cell / 2, glyph, cell * 0.75, weight="bold"))
    for x in range(grid.width):
        out.append(_text(MARGIN + x * cell + cell / 2, grid.height * cell + MARGIN / 2 + 2, str(x), 11, "#555"))
    for y in range(grid.height):
        out.append(_text(MARGIN / 2, (grid.height - 1 - y) * cell + cell / 2, str(y), 11, "#555"))
    out.append("</svg>")
    return "".join(out)


def _text(x: float, y: float, text: str, size: float, colour: str = "#111", weight: str = "normal") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{colour}" font-weight="{weight}" '
            f'text-anchor="middle" dominant-baseline="central">{escape(text)}</text>')


def piece_svg(state: PieceState, highlight: Iterable[Coord] = ()) -> str:
    """A one-way piece state: the grid with the piece (king, queen, rook or knight) on it."""
    letter = PIECE_LETTERS.get(state.piece, "K")
    return grid_svg(state.grid, pieces={state.at: letter}, highlight=highlight,
                    title=f"{state.piece} on {state.at}, player {state.turn} to move")


def beans_svg(state: BeansState, per_row: int = 10) -> str:
    """Two piles of beans, white and black, with their counts."""
    r = 7
    step = 2 * r + 3
    rows = max(1, -(-max(state.white, state.black, 1) // per_row))
    pile_width = per_row * step + 10
    width = 2 * pile_width + 30
    height = rows * step + 50
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">',
        f"<title>{state.white} white and {state.black} black beans</title>",
    ]
    for pile, (count, fill) in enumerate(((state.white, "#ffffff"), (state.black, "#222222"))):
        left = 10 + pile * (pile_width + 10)
        out.append(f'<rect x="{left}" y="4" width="{pile_width}" height="{rows * step + 14}" rx="8" '
                   'fill="#f4ecd8" stroke="#b9a77f"/>')
        for i in range(count):
            cx = left + 8 + r + (i % per_row) * step
            cy = 11 + r + (i // per_row) * step
            out.append(f'<ellipse cx="{cx}" cy="{cy}" rx="{r}" ry="{r * 0.75:g}" fill="{fill}" stroke="#222"/>')
        label = f"{'white' if pile == 0 else 'black'}: {count}"
        out.append(_text(left + pile_width / 2, rows * step + 34, label, 13))
    out.append("</svg>")
    return "".join(out)


PATH_FILL = "#9ecae1"


def path_svg(grid: Grid, cells: list[Coord], title: str, letter: str = "K") -> str:
    """A game as a path: each visited cell numbered by the move that reached it, the piece at the end."""
    texts = {cell: str(i) for i, cell in enumerate(cells) if i}
    fills = dict.fromkeys(cells, PATH_FILL)
    return grid_svg(grid, pieces={cells[-1]: letter}, fills=fills, texts={**texts, cells[-1]: ""}, title=title)


def piece_record_svg(record: Record) -> str:
    """A one-way piece game drawn as the king's path on its grid."""
    cells = [state.at for state in record.states]
    letter = PIECE_LETTERS.get(record.start.piece, "K")
    return path_svg(record.start.grid, cells, f"{len(record)} moves from {cells[0]} to {cells[-1]}", letter)


def beans_record_svg(record: Record) -> str:
    """A beans game drawn as a path on the (white, black) grid: the one-way king in disguise.

    >>> from coursekit import Beans, Player, play
    >>> take_white = Player("A", lambda rules, state: rules.legal_moves(state)[0])
    >>> svg = beans_record_svg(play(Beans(2, 1), [take_white, take_white]))
    >>> svg.count(PATH_FILL)  # the start and the piles after each of the three moves
    4
    """
    cells = [Coord(state.white, state.black) for state in record.states]
    grid = Grid(record.start.white + 1, record.start.black + 1)
    return path_svg(grid, cells, f"piles after each of {len(record)} moves, white across and black up")
