"""Problem set 3: the given code, one notebook cell after each ``# %% <grade_id>`` line."""

# %% setup
import heapq
from collections import deque

from coursekit import Coord, Grid, chebyshev

STEPS = [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1)]  # the article's NEXT8


def neighbours(grid, cell):
    """The free cells a king can step to from `cell`, in the article's order."""
    x, y = cell
    return [Coord(x + dx, y + dy) for dx, dy in STEPS if grid.is_free(Coord(x + dx, y + dy))]


# A wall with a gap at the top, and a grid cut in two.
example = Grid(7, 5, blocked=frozenset({Coord(3, 0), Coord(3, 1), Coord(3, 2), Coord(3, 3)}))
cut = Grid(6, 4, blocked=frozenset(Coord(2, y) for y in range(4)))
print(example)
print()
print(cut)
