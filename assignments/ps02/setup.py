"""Problem set 2: the given code, one notebook cell after each ``# %% <grade_id>`` line."""

# %% setup
from functools import cache

# %% knight_jumps
JUMPS = [(-2, -1), (-1, -2), (-2, 1), (1, -2)]


def knight_jumps(x, y, width, height):
    """The cells the one-way knight can jump to from (x, y) on a width x height board."""
    return [(x + dx, y + dy) for dx, dy in JUMPS if 0 <= x + dx < width and 0 <= y + dy < height]


print("jumps from (3, 3) on 8 x 8:", knight_jumps(3, 3, 8, 8))
print("jumps from (3, 3) on 4 x 4:", knight_jumps(3, 3, 4, 4))
