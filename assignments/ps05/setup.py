"""Problem set 5: the given code, one notebook cell after each ``# %% <grade_id>`` line."""

# %% setup
EMPTY = "."
LINES = [[(x, y) for x in range(3)] for y in range(3)] + [[(x, y) for y in range(3)] for x in range(3)] \
    + [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]


def cell(board, x, y):
    """The mark on cell (x, y): (0, 0) is the bottom left, and board[0] is the top row."""
    return board[2 - y][x]


def to_move(board):
    """Whose turn it is: X moves first, so X is to move when both have as many marks."""
    text = "".join(board)
    return "X" if text.count("X") == text.count("O") else "O"


def empty_cells(board):
    """The moves: the empty cells in reading order (the top row first, left to right)."""
    return [(x, y) for y in (2, 1, 0) for x in range(3) if cell(board, x, y) == EMPTY]


def play(board, x, y):
    """A new board: the player to move marks (x, y). The board given is not changed."""
    rows = list(board)
    row = rows[2 - y]
    rows[2 - y] = row[:x] + to_move(board) + row[x + 1:]
    return rows


def winner(board):
    """X or O if that player has three in a row, else None."""
    for line in LINES:
        marks = {cell(board, x, y) for x, y in line}
        if len(marks) == 1 and EMPTY not in marks:
            return marks.pop()
    return None


example = ["XO.", ".X.", "..O"]
print("\n".join(example))
print("to move:", to_move(example), " moves:", empty_cells(example))
print("after (0, 0):", play(example, 0, 0), " winner:", winner(play(example, 0, 0)))
