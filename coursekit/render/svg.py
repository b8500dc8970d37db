"""SVG pictures: boards that draw themselves in notebooks and on the static site.

Pictures use no fonts or scripts from elsewhere, so they work offline.

>>> from coursekit.core import Grid, Coord
>>> svg = grid_svg(Grid(3, 2), pieces={Coord(2, 1): "K"})
>>> svg.startswith("<svg") and svg.count("<rect") == 6
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
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
    canvas = GridCanvas(grid.width, grid.height, cell, title=title)
    for c in grid.cells():
        colour = BLOCKED if c in grid.blocked else fills.get(c, LIGHT if (c.x + c.y) % 2 else DARK)
        with canvas.cell_group(c, hits.get(c)):
            canvas.square(c, colour)
            if c in marked:
                canvas.disc(c, cell * 0.18, HIGHLIGHT, opacity=0.9)
            if c in texts:
                canvas.text(c, texts[c], cell * 0.4)
            if c in pieces and c not in piece_ids:
                canvas.text(c, PIECE_GLYPHS.get(pieces[c], pieces[c]), cell * 0.75, weight="bold")
    for c, name in piece_ids.items():  # named pieces last, above every cell, so that they glide over them
        if c in pieces:
            canvas.text(c, PIECE_GLYPHS.get(pieces[c], pieces[c]), cell * 0.75, weight="bold", piece=name, still=True)
    canvas.edge_numbers()
    return canvas.svg()


class GridCanvas:
    """One picture of a board of ``columns`` x ``rows`` square cells: the one place that knows
    where a cell is drawn. Each game draws its own look on it (colours, marks, cell size).

    The cell ``(0, 0)`` is at the bottom left and ``y`` grows upwards, as everywhere in the
    course. The row numbers go in a strip ``margin`` wide left of the board, the column numbers
    in a strip ``margin`` high under it; ``below`` is the room under that strip (for caption
    lines) and ``right`` the room right of the board. The drawing methods add to the picture in
    order (what comes later is drawn on top); :meth:`svg` gives the finished picture.

    >>> canvas = GridCanvas(2, 1, cell=10, margin=20, title="two cells")
    >>> canvas.corner(Coord(1, 0)), canvas.centre(Coord(1, 0))
    ((30, 0), (35.0, 5.0))
    >>> canvas.square(Coord(0, 0), "#eeeeee")
    >>> print(canvas.svg())  # doctest: +NORMALIZE_WHITESPACE
    <svg xmlns="http://www.w3.org/2000/svg" width="44" height="34" viewBox="0 0 44 34"
     font-family="sans-serif" role="img"><title>two cells</title><rect x="20" y="0" width="10"
     height="10" fill="#eeeeee"/></svg>
    """

    def __init__(self, columns: int, rows: int, cell: int = CELL, margin: int = MARGIN, *,
                 title: str | None = None, below: int = 4, right: int = 4) -> None:
        self.columns, self.rows, self.cell, self.margin = columns, rows, cell, margin
        self.title = title
        #: The picture's size in pixels; a caller may widen it (for long caption lines).
        self.width: float = margin + columns * cell + right
        self.height: float = rows * cell + margin + below
        self.parts: list[str] = []

    # Where things are --------------------------------------------------------------------------

    def corner(self, cell: Coord) -> tuple[int, int]:
        """The top left corner of ``cell`` on the picture (the picture's ``y`` grows downwards).

        >>> GridCanvas(3, 2, cell=10, margin=20).corner(Coord(0, 0))   # the bottom row is lower
        (20, 10)
        """
        return self.margin + cell[0] * self.cell, (self.rows - 1 - cell[1]) * self.cell

    def centre(self, cell: Coord) -> tuple[float, float]:
        """The centre of ``cell`` on the picture.

        >>> GridCanvas(3, 2, cell=10, margin=20).centre(Coord(2, 1))
        (45.0, 5.0)
        """
        x0, y0 = self.corner(cell)
        return x0 + self.cell / 2, y0 + self.cell / 2

    def points(self, cells: Iterable[Coord]) -> str:
        """The centres of ``cells`` as SVG writes a line's points: ``"x,y x,y ..."``.

        >>> GridCanvas(2, 1, cell=10, margin=20).points([Coord(0, 0), Coord(1, 0)])
        '25,5 35,5'
        """
        return " ".join(f"{px:g},{py:g}" for px, py in (self.centre(Coord(*c)) for c in cells))

    @property
    def bottom(self) -> int:
        """The height of the line under the column numbers (caption lines go under it)."""
        return self.rows * self.cell + self.margin

    # Drawing -----------------------------------------------------------------------------------

    def add(self, *parts: str) -> None:
        """Add SVG of a game's own (drawn at :meth:`corner` or :meth:`centre` of its cells)."""
        self.parts.extend(parts)

    def background(self, fill: str) -> None:
        """Fill the whole picture (draw it first)."""
        self.add(f'<rect x="0" y="0" width="{self.width:g}" height="{self.height:g}" fill="{fill}"/>')

    def board_rect(self, fill: str, stroke: str | None = None) -> None:
        """One rectangle under all the cells, outlined with ``stroke``."""
        outline = f' stroke="{stroke}"' if stroke else ""
        self.add(f'<rect x="{self.margin}" y="0" width="{self.columns * self.cell}" '
                 f'height="{self.rows * self.cell}" fill="{fill}"{outline}/>')

    def grid_lines(self, stroke: str) -> None:
        """Thin lines between the cells (not around the board), which clicks go through."""
        size, left, right = self.cell, self.margin, self.margin + self.columns * self.cell
        for x in range(1, self.columns):
            self.add(f'<line x1="{left + x * size}" y1="0" x2="{left + x * size}" y2="{self.rows * size}" '
                     f'stroke="{stroke}" pointer-events="none"/>')
        for y in range(1, self.rows):
            self.add(f'<line x1="{left}" y1="{y * size}" x2="{right}" y2="{y * size}" stroke="{stroke}" '
                     'pointer-events="none"/>')

    def square(self, cell: Coord, fill: str, *, inset: float = 0, stroke: str | None = None) -> None:
        """Fill ``cell`` (less ``inset`` on each side), outlined with ``stroke``."""
        x0, y0 = self.corner(cell)
        outline = f' stroke="{stroke}"' if stroke else ""
        self.add(f'<rect x="{x0 + inset:g}" y="{y0 + inset:g}" width="{self.cell - 2 * inset:g}" '
                 f'height="{self.cell - 2 * inset:g}" fill="{fill}"{outline}/>')

    def frame(self, cell: Coord, half: float, stroke: str, width: float, *, dashes: str = "",
              still: bool = False) -> None:
        """A hollow square around the centre of ``cell``, ``half`` from the centre to each side,
        dashed if ``dashes`` are given (SVG's ``stroke-dasharray``).

        >>> canvas = GridCanvas(1, 1, cell=40, margin=24)
        >>> canvas.frame(Coord(0, 0), 5, "#000", 2)
        >>> canvas.parts
        ['<rect x="39" y="15" width="10" height="10" fill="none" stroke="#000" stroke-width="2"/>']
        """
        cx, cy = self.centre(cell)
        self.add(f'<rect x="{cx - half:g}" y="{cy - half:g}" width="{2 * half:g}" height="{2 * half:g}" '
                 f'fill="none" stroke="{stroke}" stroke-width="{width:g}"{_dashed(dashes)}{_still(still)}/>')

    def disc(self, cell: Coord, radius: float, fill: str, *, stroke: str | None = None, width: float = 1,
             opacity: float | None = None, piece: str | None = None, still: bool = False) -> None:
        """A disc at the centre of ``cell``, outlined ``width`` thick with ``stroke``; ``piece``
        names it (``data-piece``: a piece with the same name in the next picture glides there).

        >>> canvas = GridCanvas(1, 1, cell=40, margin=24)
        >>> canvas.disc(Coord(0, 0), 13, "#fff", stroke="#111", width=3, piece="w0", still=True)
        >>> print(canvas.parts[0].replace(" data", "\\n data"))
        <circle cx="44" cy="20" r="13" fill="#fff" stroke="#111" stroke-width="3"
         data-piece="w0" pointer-events="none"/>
        """
        cx, cy = self.centre(cell)
        outline = f' stroke="{stroke}" stroke-width="{width:g}"' if stroke else ""
        faded = f' opacity="{opacity:g}"' if opacity is not None else ""
        self.add(f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" fill="{fill}"{outline}{faded}'
                 f'{_named(piece)}{_still(still)}/>')

    def ring(self, cell: Coord, radius: float, stroke: str, width: float = 3, *, dashes: str = "",
             still: bool = False) -> None:
        """A ring around the centre of ``cell``, dashed if ``dashes`` are given (SVG's ``stroke-dasharray``).

        >>> canvas = GridCanvas(1, 1, cell=40, margin=24)
        >>> canvas.ring(Coord(0, 0), 12, "#000", dashes="4 3")
        >>> canvas.parts[0]
        '<circle cx="44" cy="20" r="12" fill="none" stroke="#000" stroke-width="3" stroke-dasharray="4 3"/>'
        """
        cx, cy = self.centre(cell)
        self.add(f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" fill="none" stroke="{stroke}" '
                 f'stroke-width="{width:g}"{_dashed(dashes)}{_still(still)}/>')

    def cross(self, cell: Coord, radius: float, stroke: str, width: float) -> None:
        """A cross (an X) at the centre of ``cell``, ``radius`` from the centre to each arm's end, across and up."""
        cx, cy = self.centre(cell)
        r = radius
        self.add(f'<path d="M{cx - r:g},{cy - r:g}L{cx + r:g},{cy + r:g}M{cx + r:g},{cy - r:g}L{cx - r:g},{cy + r:g}" '
                 f'stroke="{stroke}" stroke-width="{width:g}" stroke-linecap="round"/>')

    def line(self, cells: Iterable[Coord], stroke: str, width: float, *, dashes: str = "",
             opacity: float | None = None, still: bool = False) -> None:
        """A line through the centres of ``cells`` in order (a path, a move, a winning line).

        >>> canvas = GridCanvas(2, 1, cell=40, margin=24)
        >>> canvas.line([Coord(0, 0), Coord(1, 0)], "#000", 4, dashes="6 4")
        >>> canvas.parts[0].startswith('<polyline points="44,20 84,20"'), 'stroke-dasharray="6 4"' in canvas.parts[0]
        (True, True)
        """
        faded = f' opacity="{opacity:g}"' if opacity is not None else ""
        self.add(f'<polyline points="{self.points(cells)}" fill="none" stroke="{stroke}" stroke-width="{width:g}"'
                 f'{_dashed(dashes)} '
                 f'stroke-linecap="round"{faded}{_still(still)}/>')

    def segment(self, start: Coord, end: Coord, stroke: str, width: float, *, opacity: float | None = None,
                still: bool = False) -> None:
        """A straight line from the centre of ``start`` to the centre of ``end`` (a winning line).

        >>> canvas = GridCanvas(3, 1, cell=40, margin=24)
        >>> canvas.segment(Coord(0, 0), Coord(2, 0), "#222", 5)
        >>> canvas.parts[0]
        '<line x1="44" y1="20" x2="124" y2="20" stroke="#222" stroke-width="5" stroke-linecap="round"/>'
        """
        (x1, y1), (x2, y2) = self.centre(start), self.centre(end)
        faded = f' opacity="{opacity:g}"' if opacity is not None else ""
        self.add(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{stroke}" stroke-width="{width:g}" '
                 f'stroke-linecap="round"{faded}{_still(still)}/>')

    def outline(self, cells: Iterable[Coord], stroke: str, width: float, *, still: bool = False) -> None:
        """The border of a group of cells (the edges a cell shares with no other cell of the group).

        >>> canvas = GridCanvas(2, 1, cell=10, margin=20)
        >>> canvas.outline([Coord(0, 0), Coord(1, 0)], "#111", 4)
        >>> canvas.parts[0].split('"')[1]   # two cells side by side: six edges, none between them
        'M20,0h10M20,0v10M20,10h10M30,0h10M30,10h10M40,0v10'
        """
        group = {Coord(*c) for c in cells}
        size, parts = self.cell, []
        for c in group:
            left, top = self.corner(c)
            if Coord(c.x - 1, c.y) not in group:
                parts.append(f"M{left},{top}v{size}")
            if Coord(c.x + 1, c.y) not in group:
                parts.append(f"M{left + size},{top}v{size}")
            if Coord(c.x, c.y + 1) not in group:
                parts.append(f"M{left},{top}h{size}")
            if Coord(c.x, c.y - 1) not in group:
                parts.append(f"M{left},{top + size}h{size}")
        self.add(f'<path d="{"".join(sorted(parts))}" stroke="{stroke}" stroke-width="{width:g}" fill="none" '
                 f'stroke-linecap="square"{_still(still)}/>')

    def text(self, cell: Coord, text: str, size: float, colour: str = "#111", weight: str = "normal", *,
             dx: float = 0, dy: float = 0, piece: str | None = None, still: bool = False) -> None:
        """A text centred on ``cell`` (moved ``dx`` right and ``dy`` down on the picture); ``piece``
        names it (a piece drawn as a letter, see :meth:`disc`).

        >>> canvas = GridCanvas(1, 1, cell=40, margin=24)
        >>> canvas.text(Coord(0, 0), "K", 30, weight="bold", dy=-5)
        >>> print(canvas.parts[0].replace(" text-anchor", "\\n text-anchor"))
        <text x="44" y="15" font-size="30" fill="#111" font-weight="bold"
         text-anchor="middle" dominant-baseline="central">K</text>
        """
        cx, cy = self.centre(cell)
        self.add(text_at(cx + dx, cy + dy, text, size, colour, weight, extra=_named(piece) + _still(still)))

    def edge_numbers(self, size: float = 11, colour: str = "#555", gap: float = 2) -> None:
        """The column numbers under the board (``gap`` lower than the middle of their strip) and
        the row numbers left of it, ``0`` at the bottom."""
        for x in range(self.columns):
            self.add(text_at(self.centre(Coord(x, 0))[0], self.rows * self.cell + self.margin / 2 + gap, str(x),
                             size, colour))
        for y in range(self.rows):
            self.add(text_at(self.margin / 2, self.centre(Coord(0, y))[1], str(y), size, colour))

    def caption(self, lines: Iterable[str], *, top: float = 12, step: float = 17, size: float = 12,
                colour: str = "#1b1b1b") -> None:
        """Lines of words under the column numbers, from the left: the first ``top`` lower than
        :attr:`bottom`, each next one ``step`` lower (make the room with ``below``)."""
        self.add(*caption_lines(lines, 4, self.bottom + top, step, size, colour))

    @contextmanager
    def group(self, attributes: str) -> Iterator[None]:
        """What is drawn inside ``with canvas.group(' class="x"'):`` goes in one ``<g>`` with those attributes."""
        self.add(f"<g{attributes}>")
        yield
        self.add("</g>")

    @contextmanager
    def cell_group(self, cell: Coord, words: str | None, attributes: str = "") -> Iterator[None]:
        """What is drawn for ``cell`` inside ``with canvas.cell_group(cell, words):`` is clickable
        when ``words`` are given: a group that sends ``"x,y"`` (see :func:`hit_key`), which a
        screen reader calls ``"x, y: words"``. Its first child is what the focus ring outlines.
        Without ``words`` nor ``attributes``, no group.

        >>> canvas = GridCanvas(2, 1)
        >>> with canvas.cell_group(Coord(1, 0), "empty"):
        ...     canvas.square(Coord(1, 0), "#fff")
        >>> canvas.parts[0]
        '<g data-hit="1,0" tabindex="0" role="button" aria-label="1, 0: empty">'
        """
        if words is None and not attributes:
            yield
            return
        clickable = _hit_attributes(hit_key(cell), f"{cell[0]}, {cell[1]}: {words}") if words is not None else ""
        with self.group(attributes + clickable):
            yield

    def over(self, picture: str) -> str:
        """``picture`` (a finished picture of the same board, such as :func:`grid_svg` draws) with
        what was drawn on this canvas on top of it.

        >>> canvas = GridCanvas(1, 1)
        >>> canvas.disc(Coord(0, 0), 5, "#000")
        >>> canvas.over(grid_svg(Grid(1, 1))).endswith('<circle cx="40" cy="18" r="5" fill="#000"/></svg>')
        True
        """
        close = picture.rindex("</svg>")
        return picture[:close] + "".join(self.parts) + picture[close:]

    def svg(self) -> str:
        """The finished picture: the ``<svg>`` header (its size, its ``<title>``), then what was drawn."""
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:g}" height="{self.height:g}" '
                f'viewBox="0 0 {self.width:g} {self.height:g}" font-family="sans-serif" role="img">')
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        return head + title + "".join(self.parts) + "</svg>"


def _still(still: bool) -> str:
    """The attribute that lets clicks go through a decoration to the cell under it."""
    return ' pointer-events="none"' if still else ""


def _dashed(dashes: str) -> str:
    return f' stroke-dasharray="{dashes}"' if dashes else ""


def _named(piece: str | None) -> str:
    return f' data-piece="{escape(piece)}"' if piece is not None else ""


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
    return f"<g{_hit_attributes(key, label)}>"


def _hit_attributes(key: str, label: str) -> str:
    return f' data-hit="{escape(key)}" tabindex="0" role="button" aria-label="{escape(label)}"'


PATH_FILL = "#9ecae1"


def path_svg(grid: Grid, cells: list[Coord], title: str, letter: str = "K") -> str:
    """A game as a path: each visited cell numbered by the move that reached it, the piece at the end."""
    texts = {cell: str(i) for i, cell in enumerate(cells) if i}
    fills = dict.fromkeys(cells, PATH_FILL)
    return grid_svg(grid, pieces={cells[-1]: letter}, fills=fills, texts={**texts, cells[-1]: ""}, title=title)
