"""Heat-maps: a value on every cell of a grid, as colours (and numbers or letters) on the board.

One picture for many tables of the course: P/N and Grundy values, three-player classes,
capture times, the order in which a search expanded its cells.

>>> from coursekit.core import Coord, Grid
>>> grid = Grid(3, 2)
>>> svg = heatmap_svg(grid, {c: c.x + c.y for c in grid.cells()}, title="x + y")
>>> svg.count("<rect") >= 6 and "x + y" in svg
True
>>> svg = heatmap_svg(grid, {Coord(0, 0): "P"}, colours={"P": "#333333"}, legend={"P": "lost for the mover"})
>>> "lost for the mover" in svg and "#333333" in svg
True
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from html import escape

from ..core.grid import Coord, Grid
from .svg import CELL, MARGIN, GridCanvas, grid_svg

#: The colour scale of numbers: from pale (small) to deep (large).
SCALE = ("#fff7bc", "#fee391", "#fec44f", "#fe9929", "#ec7014", "#cc4c02", "#993404", "#662506")
EMPTY = "#e8e8e8"  # a free cell without a value (for example a capture that never happens)
LEGEND_ROW = 20


def scale_colour(value: float, low: float, high: float) -> str:
    """The colour of ``value`` on :data:`SCALE` between ``low`` and ``high``.

    >>> scale_colour(0, 0, 10), scale_colour(10, 0, 10)
    ('#fff7bc', '#662506')
    """
    if high <= low:
        return SCALE[0]
    step = (value - low) / (high - low) * (len(SCALE) - 1)
    return SCALE[max(0, min(len(SCALE) - 1, round(step)))]


def ink(fill: str) -> str:
    """Black or white text, whichever reads better on ``fill`` (a ``#rrggbb`` colour).

    >>> ink("#ffffff"), ink("#222222")
    ('#111', '#fff')
    """
    red, green, blue = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#fff"


def heatmap_svg(
    grid: Grid,
    values: Mapping[Coord, Hashable | None],
    *,
    title: str | None = None,
    colours: Mapping[Hashable, str] | None = None,
    numbers: bool = True,
    none_text: str = "",
    pieces: Mapping[Coord, str] | None = None,
    highlight: Iterable[Coord] = (),
    legend: Mapping[str, str] | None = None,
    cell: int = CELL,
) -> str:
    """Colour every cell by its value; blocked cells stay dark, cells without a value pale grey.

    ``colours`` maps values to colours (for classes such as ``"P"``/``"N"``); without it the
    values must be numbers and take a colour on :data:`SCALE` from the smallest to the
    largest. ``numbers`` writes each value in its cell (``none_text`` where the value is
    ``None``). ``legend`` maps a value's text to what it means, drawn under the board with
    the value's colour.
    """
    present = {c: v for c, v in values.items() if c in grid and c not in grid.blocked}
    if colours is None:
        numeric = [v for v in present.values() if isinstance(v, int | float)]
        low, high = (min(numeric), max(numeric)) if numeric else (0, 0)
        fills = {c: EMPTY if v is None else scale_colour(v, low, high) for c, v in present.items()}  # type: ignore[arg-type]
    else:
        fills = {c: colours.get(v, EMPTY) if v is not None else EMPTY for c, v in present.items()}
    board = grid_svg(grid, pieces=pieces, highlight=highlight, fills=fills, title=title, cell=cell)
    marks = GridCanvas(grid.width, grid.height, cell)
    if numbers:
        for c, v in present.items():
            text = none_text if v is None else str(v)
            if text and not (pieces and c in pieces):
                marks.text(c, text, cell * (0.42 if len(text) < 3 else 0.3), ink(fills[c]))
    board = marks.over(board)
    if not legend:
        return board
    return _with_legend(board, grid, legend, colours or {}, cell)


def _with_legend(board: str, grid: Grid, legend: Mapping[str, str], colours: Mapping[Hashable, str], cell: int) -> str:
    """Put the board in a taller picture with one legend row per entry under it."""
    height = grid.height * cell + MARGIN + 4
    total = height + LEGEND_ROW * len(legend) + 6
    longest = max(len(f"{key}: {meaning}") for key, meaning in legend.items())
    width = max(MARGIN + grid.width * cell + 4, MARGIN + 20 + 7 * longest + 8)  # about 7 px a character at 12 px
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
           f'viewBox="0 0 {width} {total}" font-family="sans-serif" role="img">', board]
    for row, (key, meaning) in enumerate(legend.items()):
        y = height + 4 + row * LEGEND_ROW
        fill = colours.get(key, EMPTY)
        out.append(f'<rect x="{MARGIN}" y="{y}" width="14" height="14" fill="{fill}" stroke="#555"/>')
        out.append(f'<text x="{MARGIN + 20}" y="{y + 7}" font-size="12" fill="#111" '
                   f'dominant-baseline="central">{escape(f"{key}: {meaning}")}</text>')
    out.append("</svg>")
    return "".join(out)
