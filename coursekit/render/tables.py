"""Pictures of position tables: which cells are won or lost, drawn on the board.

Three kinds of table, one picture each, all heat-maps (:func:`~coursekit.render.heatmap.heatmap_svg`):

- :func:`outcome_svg`: two players, ``P`` cells (the player to move loses) dark, ``N`` cells light;
- :func:`grundy_svg`: Grundy values as numbers, ``0`` (the P cells) in the same dark colour,
  the other values on a colour scale from pale (1) to deep (the largest);
- :func:`propp_svg`: three players, Propp's four classes ``N``, ``O``, ``P``, ``Q`` in four
  colours, with a legend that says what each class means and how many cells have it:
  who can win alone against any play of the other two, Next (the player to move), the
  Other (who moves after him) or Previous (who just moved); ``Q``: no one can, and the
  result depends on who helps whom.

Each takes a table with ``grid`` and ``as_dict()`` (such as
:func:`~coursekit.solvers.tables.outcome_table` returns), or a plain mapping from cells to
values together with its ``grid`` (without one, the smallest open grid holding the cells).

>>> from coursekit.core import Coord, Grid
>>> grid = Grid(3, 2)
>>> svg = outcome_svg({c: "P" if c.x == c.y else "N" for c in grid.cells()}, grid)
>>> svg.count(P_COLOUR), svg.count(N_COLOUR)  # two P cells and four N cells, and one legend swatch each
(3, 5)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from typing import Any, TypedDict, Unpack

from ..core.grid import Coord, Grid
from .heatmap import heatmap_svg, scale_colour

__all__ = [
    "N_COLOUR", "OUTCOME_COLOURS", "PROPP_COLOURS", "PROPP_MEANINGS", "P_COLOUR", "ClassPictureOptions",
    "class_counts", "grundy_colours", "grundy_svg", "outcome_svg", "propp_svg", "table_cells",
]

#: A losing cell for the player to move: dark.
P_COLOUR = "#2b4a7e"
#: A winning cell for the player to move: light.
N_COLOUR = "#dce8f5"
OUTCOME_COLOURS: dict[Hashable, str] = {"P": P_COLOUR, "N": N_COLOUR}
#: The legend's words (short: the legend is as wide as a small board).
OUTCOME_MEANINGS = {"P": "player to move loses", "N": "player to move wins"}
#: Propp's classes with three players: who can win alone against any play of the other two.
PROPP_COLOURS: dict[Hashable, str] = {"N": N_COLOUR, "O": "#f5a142", "P": P_COLOUR, "Q": "#c8283c"}
#: The legend's words: Next is the player to move, the Other moves after him, Previous just moved.
PROPP_MEANINGS = {"N": "Next wins alone", "O": "Other wins alone", "P": "Previous wins alone", "Q": "coalitions decide"}


def table_cells(table: Any, grid: Grid | None = None) -> tuple[Grid, dict[Coord, Any]]:
    """The grid and the value of each free cell of ``table``.

    ``table`` is a table with ``grid`` and ``as_dict()``, or a mapping from cells to
    values. A mapping's grid is ``grid``, or else the smallest open grid that holds its cells.

    >>> grid, values = table_cells({(1, 0): "P", (0, 2): "N"})
    >>> grid.width, grid.height, values
    (2, 3, {Coord(x=1, y=0): 'P', Coord(x=0, y=2): 'N'})
    """
    if hasattr(table, "as_dict") and hasattr(table, "grid"):
        return (table.grid if grid is None else grid), dict(table.as_dict())
    if not isinstance(table, Mapping):
        raise TypeError(f"expected a table (with grid and as_dict) or a mapping from cells to values, got {table!r}")
    values = {Coord(*cell): value for cell, value in table.items()}
    if grid is None:
        if not values:
            raise ValueError("an empty mapping needs its grid: give grid=")
        grid = Grid(max(c.x for c in values) + 1, max(c.y for c in values) + 1)
    outside = [c for c in values if c not in grid]
    if outside:
        raise ValueError(f"{outside[0]} is outside the {grid.width} x {grid.height} grid")
    return grid, values


def class_counts(values: Iterable[Hashable], order: Iterable[Hashable]) -> dict[Hashable, int]:
    """How many times each class of ``order`` occurs in ``values`` (0 for absent ones).

    >>> class_counts("NPNNQ", "NOPQ")
    {'N': 3, 'O': 0, 'P': 1, 'Q': 1}
    """
    counted = Counter(values)
    return {key: counted[key] for key in order}


def _legend(values: Mapping[Coord, Any], meanings: Mapping[str, str], counts: bool) -> dict[str, str]:
    if not counts:
        return dict(meanings)
    found = class_counts(values.values(), meanings)
    return {key: f"{meaning} ({found[key]} {'cell' if found[key] == 1 else 'cells'})"
            for key, meaning in meanings.items()}


class ClassPictureOptions(TypedDict, total=False):
    """The options :func:`outcome_svg` and :func:`propp_svg` share (each may be left out).

    - ``title``: the picture's title (``None``: none);
    - ``letters``: write each cell's class in it (default ``True``);
    - ``legend``: explain the colours under the board (default ``True``), with ``counts``
      (default ``True``) how many cells have each class;
    - ``pieces``: letters of pieces to draw on cells, such as ``{Coord(5, 4): "K"}``;
    - ``highlight``: cells to mark.

    >>> options: ClassPictureOptions = {"title": "king 2 x 2", "legend": False}
    >>> sorted(options)
    ['legend', 'title']
    """

    title: str | None
    letters: bool
    legend: bool
    counts: bool
    pieces: Mapping[Coord, str] | None
    highlight: Iterable[Coord]


def _class_picture(grid: Grid, values: Mapping[Coord, Any], colours: Mapping[Hashable, str],
                   meanings: Mapping[str, str], *, title: str | None = None, letters: bool = True,
                   legend: bool = True, counts: bool = True, pieces: Mapping[Coord, str] | None = None,
                   highlight: Iterable[Coord] = ()) -> str:
    """Each cell in the colour of its class and a legend of ``meanings`` (options: :class:`ClassPictureOptions`)."""
    return heatmap_svg(grid, values, title=title, colours=colours, numbers=letters, pieces=pieces,
                       highlight=highlight, legend=_legend(values, meanings, counts) if legend else None)


def outcome_svg(table: Any, grid: Grid | None = None, **options: Unpack[ClassPictureOptions]) -> str:
    """Two players: ``P`` cells dark, ``N`` cells light, blocked cells as on every board.

    Values are ``"P"``/``"N"``, or Grundy values (``0`` is P, anything else N). ``letters``
    writes the class in each cell; ``legend`` (with ``counts``, how many cells of each)
    explains the colours under the board; the other options are ``title``, ``pieces`` and
    ``highlight`` (see :class:`ClassPictureOptions`).

    >>> from coursekit.core import Grid
    >>> svg = outcome_svg({(0, 0): 0, (1, 0): 1, (0, 1): 1, (1, 1): 2}, title="king 2 x 2")
    >>> svg.count(f'fill="{P_COLOUR}"'), "P: player to move loses (1 cell)" in svg
    (2, True)
    """
    grid, raw = table_cells(table, grid)
    values = {c: _as_outcome(v) for c, v in raw.items()}
    return _class_picture(grid, values, OUTCOME_COLOURS, OUTCOME_MEANINGS, **options)


def _as_outcome(value: Any) -> str | None:
    if value is None or value in ("P", "N"):
        return value  # type: ignore[no-any-return]
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return "P" if value == 0 else "N"
    raise ValueError(f"an outcome is 'P', 'N' or a Grundy value (a whole number at least 0), not {value!r}")


def grundy_colours(values: Iterable[int]) -> dict[Hashable, str]:
    """The colour of each Grundy value: ``0`` is :data:`P_COLOUR`, ``1`` up to the largest on the scale.

    >>> colours = grundy_colours([0, 1, 5])
    >>> colours[0] == P_COLOUR, colours[1], colours[5]
    (True, '#fff7bc', '#662506')
    """
    present = sorted(set(values))
    high = max(present, default=1)
    return {v: P_COLOUR if v == 0 else scale_colour(v, 1, max(high, 2)) for v in present}


def grundy_svg(
    table: Any,
    grid: Grid | None = None,
    *,
    title: str | None = None,
    numbers: bool = True,
    pieces: Mapping[Coord, str] | None = None,
    highlight: Iterable[Coord] = (),
) -> str:
    """Grundy values: each cell's number on a colour scale, the zeros (P cells) dark.

    >>> svg = grundy_svg({(0, 0): 0, (1, 0): 1, (2, 0): 2})
    >>> svg.count(f'fill="{P_COLOUR}"'), ">2</text>" in svg
    (1, True)
    """
    grid, values = table_cells(table, grid)
    bad = [v for v in values.values() if v is not None and (type(v) is not int or v < 0)]
    if bad:
        raise ValueError(f"a Grundy value is a whole number at least 0, not {bad[0]!r}")
    colours = grundy_colours(v for v in values.values() if v is not None)
    return heatmap_svg(grid, values, title=title, colours=colours, numbers=numbers, pieces=pieces,
                       highlight=highlight)


def propp_svg(table: Any, grid: Grid | None = None, **options: Unpack[ClassPictureOptions]) -> str:
    """Three players: Propp's classes ``N``, ``O``, ``P``, ``Q`` in four colours, with a legend.

    The options are those of :func:`outcome_svg` (see :class:`ClassPictureOptions`).

    >>> svg = propp_svg({(0, 0): "P", (1, 0): "N", (2, 0): "O", (3, 0): "Q"})
    >>> "Q: coalitions decide (1 cell)" in svg
    True
    """
    grid, values = table_cells(table, grid)
    bad = [v for v in values.values() if v is not None and v not in PROPP_COLOURS]
    if bad:
        raise ValueError(f"a three-player class is 'N', 'O', 'P' or 'Q', not {bad[0]!r}")
    return _class_picture(grid, values, PROPP_COLOURS, PROPP_MEANINGS, **options)
