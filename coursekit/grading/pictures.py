"""The picture of a position in a failure message, with its legend: one place for every check.

>>> from coursekit.core import Coord, Grid
>>> print(picture(Grid(3, 2, frozenset({Coord(1, 0)})), {Coord(0, 0): "K", Coord(5, 5): "W"}, KING_LEGEND))
1  . . .
0  K # .
   0 1 2
K the king, # blocked
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.grid import Coord, Grid

Legend = Mapping[str, str]

#: Marks that every game's pictures share.
MOVES: Legend = {
    "Y": "your move",
    "R": "the opponent's reply",
    "W": "a winning move",
    "B": "a better move",
}

KING_LEGEND: Legend = {"K": "the king", **MOVES}
QUEEN_LEGEND: Legend = {"Q": "the queen", **MOVES}
KNIGHT_LEGEND: Legend = {"K": "the knight", **MOVES}
PATH_LEGEND: Legend = {
    "S": "the start",
    "T": "the target",
    "*": "your path",
    "X": "your bad step",
    "o": "a shortest path",
}
PURSUIT_LEGEND: Legend = {"T": "Tom (the pursuer)", "J": "Jerry (the prey)", **MOVES}


def legend_line(used: set[str] | list[str], legend: Legend, *, blocked: bool = True) -> str:
    """The legend of the marks ``used``, in the legend's order: ``"K the king, Y your move, # blocked"``."""
    items = [f"{mark} {meaning}" for mark, meaning in legend.items() if mark in used]
    if blocked:
        items.append("# blocked")
    return ", ".join(items)


def picture(grid: Grid, marks: Mapping[Coord, str], legend: Legend, *, over_blocked: bool = False,
            blocked: bool = True) -> str:
    """``grid`` drawn with ``marks``, then the legend of the marks shown.

    Marks off the grid are left out, and so are marks on blocked cells (they stay ``#``)
    unless ``over_blocked``. ``blocked=False`` leaves ``# blocked`` out of the legend.
    """
    inside = {cell: mark for cell, mark in marks.items()
              if cell in grid and (over_blocked or cell not in grid.blocked)}
    return grid.picture(inside) + "\n" + legend_line(set(inside.values()), legend, blocked=blocked)
