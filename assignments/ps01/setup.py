"""Problem set 1: the given code, one notebook cell after each ``# %% <grade_id>`` line."""

# %% setup
from coursekit import Coord, Grid

# %% king_moves
STEPS = [(0, -1), (-1, -1), (-1, 0)]  # down, down-left, left


def king_moves(grid, cell):
    """The free cells the king can reach from `cell` in one move."""
    x, y = cell
    return [Coord(x + dx, y + dy) for dx, dy in STEPS if grid.is_free(Coord(x + dx, y + dy))]


example = Grid(5, 5, blocked=frozenset({Coord(0, 2), Coord(2, 0)}))
print(example)
print("moves from [3, 1]:", [str(cell) for cell in king_moves(example, Coord(3, 1))])
print("moves from [3, 0]:", [str(cell) for cell in king_moves(example, Coord(3, 0))])
