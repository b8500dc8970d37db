"""Pictures of a search on a grid: the path found, and the order in which cells were expanded.

Text: blocked cells ``#``, the start ``S``, the target ``T``, the path ``*``, other cells
``.``, the top row first with row and column numbers (as :meth:`Grid.picture`).

>>> from coursekit.core import Coord, Grid
>>> from coursekit.solvers.search import astar
>>> result = astar(Grid(5, 3, blocked=frozenset({Coord(2, 0), Coord(2, 1)})), Coord(0, 0), Coord(4, 0))
>>> print(search_text(result))
2  . . * . .
1  . * # * .
0  S . # . T
   0 1 2 3 4
length: 4 moves, astar expanded 6 cells

SVG: every expanded cell coloured by when it was expanded (pale first, deep last), cells never
expanded light grey, the path drawn as a line from the start (a ring) to the target (a disc). Small grids number the
expanded cells; large grids are drawn compactly, without numbers or labels.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..core.grid import Coord, Grid
from ..solvers.search import SearchResult
from .heatmap import SCALE, heatmap_svg, scale_colour
from .svg import BLOCKED, CELL, MARGIN, GridCanvas, grid_svg

#: Grids with more columns or rows than this are drawn compactly (no numbers, no labels).
LARGE = 30
#: Side of the whole picture, in pixels, that a compact drawing aims at.
COMPACT_SIZE = 400
PATH_COLOUR = "#1f4e99"
FREE = "#f4f4f4"


def path_marks(grid: Grid, path: Sequence[Coord] | None, start: Coord, target: Coord) -> dict[Coord, str]:
    """The marks of a text picture: ``*`` on the path, ``S`` and ``T`` at its ends."""
    marks = dict.fromkeys(path or (), "*")
    marks[start], marks[target] = "S", "T"
    return marks


def summary(result: SearchResult) -> str:
    """One line: the length of the path and how many cells the search expanded.

    >>> from coursekit.core import Coord, Grid
    >>> from coursekit.solvers.search import bfs
    >>> summary(bfs(Grid(3, 1, blocked=frozenset({Coord(1, 0)})), Coord(0, 0), Coord(2, 0)))
    'no path from [0, 0] to [2, 0], bfs expanded 1 cells'
    """
    expanded = f"{result.algorithm} expanded {len(result.expanded)} cells"
    if result.path is None:
        return f"no path from {result.start} to {result.target}, {expanded}"
    return f"length: {result.length} moves, {expanded}"


def search_text(result: SearchResult) -> str:
    """The grid with the path drawn, then :func:`summary`."""
    picture = result.grid.picture(path_marks(result.grid, result.path, result.start, result.target))
    return f"{picture}\n{summary(result)}"


def expansion_order(result: SearchResult) -> dict[Coord, int]:
    """When each expanded cell was expanded: ``1`` for the first (the start), and so on."""
    return {cell: i for i, cell in enumerate(result.expanded, start=1)}


def _centre(grid: Grid, cell: Coord, size: float, left: float) -> tuple[float, float]:
    return left + cell.x * size + size / 2, (grid.height - 1 - cell.y) * size + size / 2


def _path_overlay(grid: Grid, result: SearchResult, size: float, left: float) -> str:
    """The path as a line, a ring on the start and a disc on the target."""
    out = []
    width = max(2.5, size * 0.12)
    if result.path and len(result.path) > 1:
        points = " ".join(f"{x:g},{y:g}" for x, y in (_centre(grid, c, size, left) for c in result.path))
        out.append(f'<polyline points="{points}" fill="none" stroke="{PATH_COLOUR}" stroke-width="{width:g}" '
                   'stroke-linejoin="round" stroke-linecap="round" opacity="0.75"/>')
    r = max(4.0, size * 0.3)
    sx, sy = _centre(grid, result.start, size, left)
    tx, ty = _centre(grid, result.target, size, left)
    out.append(f'<circle cx="{sx:g}" cy="{sy:g}" r="{r:g}" fill="#ffffff" stroke="{PATH_COLOUR}" '
               f'stroke-width="{width:g}"><title>start {result.start}</title></circle>')
    out.append(f'<circle cx="{tx:g}" cy="{ty:g}" r="{r:g}" fill="{PATH_COLOUR}">'
               f'<title>target {result.target}</title></circle>')
    return "".join(out)


def _runs(grid: Grid, colour_of: dict[Coord, str]) -> list[tuple[int, int, int, str]]:
    """Rows of cells as runs ``(x, y, length, colour)`` of one colour, so a big picture stays small."""
    runs = []
    for y in range(grid.height):
        x = 0
        while x < grid.width:
            colour = colour_of.get(Coord(x, y), FREE)
            end = x + 1
            while end < grid.width and colour_of.get(Coord(end, y), FREE) == colour:
                end += 1
            if colour != FREE:
                runs.append((x, y, end - x, colour))
            x = end
    return runs


def _compact_svg(result: SearchResult, title: str) -> str:
    """The whole board in about :data:`COMPACT_SIZE` pixels: one ``<path>`` per colour, made of row runs."""
    grid = result.grid
    size = max(1.0, COMPACT_SIZE / max(grid.width, grid.height))
    width, height = grid.width * size, grid.height * size
    last = max(1, len(result.expanded))
    colour_of = {c: scale_colour(i, 1, last) for c, i in expansion_order(result).items()}
    colour_of.update(dict.fromkeys(grid.blocked, BLOCKED))
    shapes: dict[str, list[str]] = {}
    for x, y, length, colour in _runs(grid, colour_of):
        shapes.setdefault(colour, []).append(f"M{x} {grid.height - 1 - y}h{length}v1h-{length}z")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
           f'viewBox="0 0 {width:g} {height:g}" role="img">',
           f"<title>{escape(title)}</title>",
           f'<rect x="0" y="0" width="{width:g}" height="{height:g}" fill="{FREE}"/>',
           f'<g transform="scale({size:g})">']
    out += [f'<path fill="{colour}" d="{"".join(runs)}"/>' for colour, runs in shapes.items()]
    out.append("</g>")
    out.append(_path_overlay(grid, result, size, 0))
    out.append("</svg>")
    return "".join(out)


def search_svg(result: SearchResult, title: str | None = None, numbers: bool | None = None) -> str:
    """The grid, each expanded cell coloured (and on small grids numbered) by its turn, and the path.

    ``numbers`` (default: on grids of at most 15 x 15) writes each cell's turn in it.

    >>> from coursekit.core import Coord, Grid
    >>> from coursekit.solvers.search import bfs
    >>> svg = search_svg(bfs(Grid(4, 3), Coord(0, 0), Coord(3, 2)))
    >>> svg.startswith("<svg") and "<polyline" in svg and "bfs: 3 moves, 12 cells expanded" in svg
    True
    >>> big = search_svg(bfs(Grid(100, 100), Coord(0, 0), Coord(99, 99)))
    >>> big.count("<path") <= 9 and len(big) < 60_000  # one shape per colour, made of runs along the rows
    True
    """
    grid = result.grid
    if title is None:
        found = f"{result.length} moves" if result.path is not None else "no path"
        title = f"{result.algorithm}: {found}, {len(result.expanded)} cells expanded"
    if max(grid.width, grid.height) > LARGE:
        return _compact_svg(result, title)
    if numbers is None:
        numbers = max(grid.width, grid.height) <= 15
    order = expansion_order(result)
    board = heatmap_svg(grid, {c: order.get(c) for c in grid.free_cells()}, title=title, numbers=numbers)
    close = board.rindex("</svg>")
    return board[:close] + _path_overlay(grid, result, CELL, MARGIN) + board[close:]


def side_by_side(*svgs: str, gap: int = 16) -> str:
    """HTML that shows several pictures in a row (for a notebook's ``HTML``)."""
    cells = "".join(f'<div style="margin-right:{gap}px">{svg}</div>' for svg in svgs)
    return f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start">{cells}</div>'


__all__ = [
    "LARGE", "SCALE", "expansion_order", "path_marks", "readable_ink", "search_board_svg", "search_svg",
    "search_text", "side_by_side", "summary",
]


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def readable_ink(fill: str) -> str:
    """``#111`` or ``#fff``, whichever has the higher contrast (WCAG) with ``fill`` (``#rrggbb``).

    Unlike :func:`~coursekit.render.heatmap.ink` (by brightness), it never gives less than 4.5:1
    on the colours of :data:`~coursekit.render.heatmap.SCALE`:

    >>> from coursekit.render.heatmap import ink
    >>> readable_ink("#ec7014"), ink("#ec7014"), readable_ink("#1b7837")
    ('#111', '#fff', '#fff')
    """
    light = _luminance(fill)
    dark_ink, white_ink = (light + 0.05) / (_luminance("#111111") + 0.05), 1.05 / (light + 0.05)
    return "#111" if dark_ink >= white_ink else "#fff"


#: The fills of the search board (:func:`search_board_svg`); each carries its letters in :func:`ink`.
START_FILL, TARGET_FILL, ON_PATH_FILL = "#1b7837", "#1f4e99", "#9ecae1"
#: Free cells not expanded: a pale checker, so that the cells can be told apart.
FREE_DARK = "#e2e2e2"


def search_board_svg(
    grid: Grid,
    start: Coord,
    target: Coord,
    result: SearchResult | None = None,
    shown: int = 0,
    *,
    hits: dict[Coord, str] | None = None,
    numbers: bool | None = None,
    title: str | None = None,
) -> str:
    """A search as it goes: the first ``shown`` cells of ``result`` expanded (numbered by their
    turn and coloured pale to deep, the latest ringed), the path once all are shown.

    The start is ``S`` on green, the target ``T`` on blue, each letter in the colour that reads
    best on its fill; blocked cells are dark. ``hits`` (cell: words) makes cells clickable,
    as :func:`~coursekit.render.svg.grid_svg`; the numbers and marks drawn over the cells let
    clicks through to them.

    >>> from coursekit.solvers.search import bfs
    >>> result = bfs(Grid(3, 2), Coord(0, 0), Coord(2, 1))
    >>> svg = search_board_svg(Grid(3, 2), Coord(0, 0), Coord(2, 1), result, 2, hits={Coord(1, 0): "free"})
    >>> 'data-hit="1,0"' in svg, svg.count('pointer-events="none"') >= 3, ">S<" in svg and ">T<" in svg
    (True, True, True)
    """
    order = expansion_order(result) if result is not None else {}
    total = len(result.expanded) if result is not None else 0
    done = result is not None and shown >= total
    on_path = set(result.path or ()) if result is not None and done else set()
    latest = result.expanded[shown - 1] if result is not None and 0 < shown <= total else None
    if numbers is None:
        numbers = max(grid.width, grid.height) <= 15
    fills: dict[Coord, str] = {}
    texts: dict[Coord, str] = {}
    for cell in grid.free_cells():
        turn = order.get(cell, 0)
        if cell == start:
            fills[cell], texts[cell] = START_FILL, "S"
        elif cell == target:
            fills[cell], texts[cell] = TARGET_FILL, "T"
        elif cell in on_path:
            fills[cell] = ON_PATH_FILL
        elif 0 < turn <= shown:
            fills[cell] = scale_colour(turn, 1, max(1, total))
        else:
            fills[cell] = FREE if (cell.x + cell.y) % 2 else FREE_DARK
        if cell not in texts and numbers and 0 < turn <= shown:
            texts[cell] = str(turn)
    board = grid_svg(grid, fills=fills, title=title, hits=hits)
    marks = GridCanvas(grid.width, grid.height)
    if on_path and result is not None and result.path and len(result.path) > 1:
        marks.add(f'<polyline points="{marks.points(result.path)}" fill="none" stroke="{PATH_COLOUR}" '
                  'stroke-width="4" stroke-linejoin="round" stroke-linecap="round" opacity="0.6" '
                  'pointer-events="none"/>')
    if latest is not None and latest not in (start, target):
        marks.frame(latest, CELL / 2 - 2.5, "#111111", 3, dashes="5 3", still=True)
    for cell, text in texts.items():
        bold = "bold" if text in ("S", "T") else "normal"
        size = CELL * (0.5 if text in ("S", "T") else 0.42 if len(text) < 3 else 0.3)
        marks.text(cell, text, size, readable_ink(fills[cell]), bold, still=True)
    return marks.over(board)
