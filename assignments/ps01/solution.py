"""Problem set 1: the reference solutions, one notebook cell after each ``# %% <grade_id>`` line."""

from ps01.setup import Coord, king_moves

# isort: split

# %% is_winning
def is_winning(m, n):
    """True if the player to move from m white and n black beans can force a win."""
    ### BEGIN SOLUTION
    return m % 2 == 1 or n % 2 == 1
    ### END SOLUTION

# %% winning_move
def winning_move(m, n):
    """The position (white, black) after a winning move from (m, n); from a losing position, any move."""
    ### BEGIN SOLUTION
    if m % 2 == 1 and n % 2 == 1:
        return (m - 1, n - 1)
    if m % 2 == 1:
        return (m - 1, n)
    if n % 2 == 1:
        return (m, n - 1)
    return (m - 1, n) if m > 0 else (m, n - 1)
    ### END SOLUTION

# %% king_strategy
def king_strategy(grid, position):
    """The cell the king moves to from `position` (a Coord): a winning move if there is one."""
    ### BEGIN SOLUTION
    # Decide the cells from the bottom-left corner upwards: every move goes down or left,
    # so the cells a move can reach are decided before the cell itself.
    losing = set()
    for y in range(position[1] + 1):
        for x in range(position[0] + 1):
            cell = Coord(x, y)
            if grid.is_free(cell) and all(move not in losing for move in king_moves(grid, cell)):
                losing.add(cell)
    moves = king_moves(grid, position)
    for move in moves:
        if move in losing:
            return move
    return moves[0]
    ### END SOLUTION
