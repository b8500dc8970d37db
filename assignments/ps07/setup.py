"""Problem set 7: the given code, one notebook cell after each ``# %% <grade_id>`` line."""

# %% setup
# Helpers: a board's cells with their characters, and a cell's neighbours.
from fractions import Fraction
from math import comb


def cells(board):
    """Every cell (x, y) of `board` with its character, row by row from the bottom: {(0, 0): '1', ...}."""
    height = len(board)
    return {(x, y): board[height - 1 - y][x] for y in range(height) for x in range(len(board[0]))}


def neighbours(board, cell):
    """The cells around `cell` (3 to 8 of them)."""
    width, height = len(board[0]), len(board)
    x, y = cell
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
            if (dx, dy) != (0, 0) and 0 <= x + dx < width and 0 <= y + dy < height]


example = ["1##",
           "111"]
print(cells(example))
print(neighbours(example, (0, 1)))
