"""Problem set 4: the given code, one notebook cell after each ``# %% <grade_id>`` line."""

# %% setup
from functools import cache

from coursekit import Coord, Grid, chebyshev

STEPS = [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1)]  # the article's NEXT8


def steps(grid, cell):
    """The free cells a piece on `cell` can step to, in the article's order."""
    x, y = cell
    return [Coord(x + dx, y + dy) for dx, dy in STEPS if grid.is_free(Coord(x + dx, y + dy))]


# Three blocked cells: Tom can still always catch Jerry here, but stepping straight at him is not always fastest.
example = Grid(7, 6, blocked=frozenset({Coord(1, 1), Coord(2, 5), Coord(6, 4)}))
print(example)
print("Chebyshev distance from [0, 0] to [5, 3]:", chebyshev(Coord(0, 0), Coord(5, 3)))
