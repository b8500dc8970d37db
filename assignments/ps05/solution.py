"""Problem set 5: the reference solutions, one notebook cell after each ``# %% <grade_id>`` line."""

from ps05.setup import empty_cells, play, winner

# isort: split

# %% best_move
from functools import cache


def best_move(board):
    """The cell (x, y) of a best move for the player to move on `board`."""
    ### BEGIN SOLUTION
    return max(empty_cells(board), key=lambda move: -value_of(tuple(play(board, *move))))


@cache
def value_of(board):
    """1, 0 or -1: the value of `board` (a tuple of rows) for the player to move."""
    if winner(board) is not None:
        return -1
    moves = empty_cells(board)
    if not moves:
        return 0
    return max(-value_of(tuple(play(board, *move))) for move in moves)
    ### END SOLUTION

# %% alphabeta
def alphabeta(board):
    """(value for the player to move, positions visited) of an alpha-beta search of `board`."""
    ### BEGIN SOLUTION
    visited = 0

    def search(board, alpha, beta):
        nonlocal visited
        visited += 1
        if winner(board) is not None:
            return -1
        moves = empty_cells(board)
        if not moves:
            return 0
        best = -float("inf")
        for move in moves:
            best = max(best, -search(play(board, *move), -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    value = search(board, -float("inf"), float("inf"))
    return int(value), visited
    ### END SOLUTION
