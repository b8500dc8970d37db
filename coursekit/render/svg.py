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
    hits: Mapping[Coord, str] | None = None,
    piece_ids: Mapping[Coord, str] | None = None,
) -> str:
    """A grid: checkered cells, blocked cells dark, optional fills, texts, highlights and pieces.

    ``pieces`` maps a cell to a letter (``K`` draws a king); row and column numbers run
    along the left and bottom edges, ``(0, 0)`` at the bottom left.

    For a board that plays: ``hits`` maps a cell to the words a screen reader says of it, and
    makes it clickable (its group carries ``data-hit="x,y"``, see :func:`hit_key`);
    ``piece_ids`` names pieces, so that a piece with the same name glides to its new cell.

    >>> svg = grid_svg(Grid(2, 1), pieces={Coord(1, 0): "K"}, hits={Coord(0, 0): "move here"},
    ...                piece_ids={Coord(1, 0): "king"})
    >>> 'data-hit="0,0"' in svg, 'data-hit="1,0"' in svg, 'data-piece="king"' in svg
    (True, False, True)
    """
    pieces = pieces or {}
    fills = fills or {}
    texts = texts or {}
    hits = hits or {}
    piece_ids = piece_ids or {}
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
        if c in hits:
            out.append(hit_open(hit_key(c), f"{c.x}, {c.y}: {hits[c]}"))
        out.append(f'<rect x="{x0}" y="{y0}" width="{cell}" height="{cell}" fill="{colour}"/>')
        if c in marked:
            r = cell * 0.18
            out.append(f'<circle cx="{x0 + cell / 2}" cy="{y0 + cell / 2}" r="{r}" fill="{HIGHLIGHT}" opacity="0.9"/>')
        if c in texts:
            out.append(text_at(x0 + cell / 2, y0 + cell / 2, texts[c], cell * 0.4))
        if c in pieces and c not in piece_ids:
            glyph = PIECE_GLYPHS.get(pieces[c], pieces[c])
            out.append(text_at(x0 + cell / 2, y0 + cell / 2, glyph, cell * 0.75, weight="bold"))
        if c in hits:
            out.append("</g>")
    for c, name in piece_ids.items():  # named pieces last, above every cell, so that they glide over them
        if c in pieces:
            x0, y0 = MARGIN + c.x * cell, (grid.height - 1 - c.y) * cell
            glyph = PIECE_GLYPHS.get(pieces[c], pieces[c])
            out.append(text_at(x0 + cell / 2, y0 + cell / 2, glyph, cell * 0.75, weight="bold",
                             extra=f' data-piece="{escape(name)}" pointer-events="none"'))
    for x in range(grid.width):
        out.append(text_at(MARGIN + x * cell + cell / 2, grid.height * cell + MARGIN / 2 + 2, str(x), 11, "#555"))
    for y in range(grid.height):
        out.append(text_at(MARGIN / 2, (grid.height - 1 - y) * cell + cell / 2, str(y), 11, "#555"))
    out.append("</svg>")
    return "".join(out)


def text_at(x: float, y: float, text: str, size: float, colour: str = "#111", weight: str = "normal",
          extra: str = "") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{colour}" font-weight="{weight}" '
            f'text-anchor="middle" dominant-baseline="central"{extra}>{escape(text)}</text>')


def caption_lines(lines: Iterable[str], x: float, top: float, step: float, size: float = 12,
                  colour: str = "#1b1b1b", extra: str = "") -> list[str]:
    """Lines of words under a picture, one under the other: each starts at ``x``, the first is
    centred on the height ``top`` and each next one ``step`` lower. ``extra`` adds attributes.

    >>> for text in caption_lines(["2 mines left", "you <won>"], 4, 100, 17):
    ...     print(text)
    <text x="4" y="100" font-size="12" fill="#1b1b1b" dominant-baseline="central">2 mines left</text>
    <text x="4" y="117" font-size="12" fill="#1b1b1b" dominant-baseline="central">you &lt;won&gt;</text>
    """
    return [f'<text x="{x:g}" y="{top + step * i:g}" font-size="{size:g}" fill="{colour}" '
            f'dominant-baseline="central"{extra}>{escape(line)}</text>' for i, line in enumerate(lines)]


def hit_key(cell: Coord) -> str:
    """The key a click on ``cell`` sends: ``"x,y"``.

    >>> hit_key(Coord(3, 1)), cell_of("3,1")
    ('3,1', Coord(x=3, y=1))
    """
    return f"{cell.x},{cell.y}"


def cell_of(key: str) -> Coord:
    """The cell of a click's key (the inverse of :func:`hit_key`); ``ValueError`` for anything else."""
    x, _, y = key.partition(",")
    try:
        return Coord(int(x), int(y))
    except ValueError:
        raise ValueError(f"a cell's key is 'x,y' with whole numbers, not {key!r}") from None


def hit_open(key: str, label: str) -> str:
    """The opening tag of a clickable group: a click, a tap, Enter or Space on it sends ``key``.

    Its first child is what the focus ring outlines. Close it with ``</g>``.
    """
    return f'<g data-hit="{escape(key)}" tabindex="0" role="button" aria-label="{escape(label)}">'


PATH_FILL = "#9ecae1"


def path_svg(grid: Grid, cells: list[Coord], title: str, letter: str = "K") -> str:
    """A game as a path: each visited cell numbered by the move that reached it, the piece at the end."""
    texts = {cell: str(i) for i, cell in enumerate(cells) if i}
    fills = dict.fromkeys(cells, PATH_FILL)
    return grid_svg(grid, pieces={cells[-1]: letter}, fills=fills, texts={**texts, cells[-1]: ""}, title=title)
