"""Problem set 2: the test cells, one notebook cell after each ``# %% <grade_id>`` line."""

from ps02.solution import knight_winning_move, queen_winning_move

# isort: split

# %% test_queen_visible
# Visible tests for queen_winning_move: a few positions.
from coursekit.games.pieces.checks import check_queen_winning_move

check_queen_winning_move(queen_winning_move, positions=[
    (1, 0), (0, 3), (2, 2), (1, 2), (2, 1), (2, 3), (3, 5), (4, 5), (6, 6), (7, 4), (10, 6), (12, 20),
])
print("queen_winning_move: the visible tests pass")

# %% test_queen_hidden_small
# Hidden tests for queen_winning_move: every position up to 40 x 40.
### BEGIN HIDDEN TESTS
from coursekit.games.pieces.checks import check_queen_winning_move

small_queen = [(x, y) for x in range(41) for y in range(41) if (x, y) != (0, 0)]
checked_small_queen = check_queen_winning_move(queen_winning_move, positions=small_queen)
print(f"queen_winning_move: right on all {checked_small_queen} positions up to 40 x 40")
### END HIDDEN TESTS

# %% test_queen_hidden_large
# Hidden tests for queen_winning_move: positions up to 1000 x 1000.
### BEGIN HIDDEN TESTS
from coursekit.games.pieces.checks import check_queen_winning_move, queen_positions
from coursekit.grading.secret import hidden_seed

large_queen = queen_positions(300, seed=hidden_seed("test_queen_hidden_large"))
checked_large_queen = check_queen_winning_move(queen_winning_move, positions=large_queen)
print(f"queen_winning_move: right on all {checked_large_queen} positions up to 1000 x 1000")
### END HIDDEN TESTS

# %% test_knight_visible
# Visible tests for knight_winning_move: every cell of three boards.
from coursekit.games.pieces.checks import check_knight_winning_move

check_knight_winning_move(knight_winning_move, boards=[(7, 7), (5, 3), (8, 8)])
print("knight_winning_move: the visible tests pass")

# %% test_knight_hidden
# Hidden tests for knight_winning_move: every cell of more boards.
### BEGIN HIDDEN TESTS
from coursekit.games.pieces.checks import check_knight_winning_move, knight_boards
from coursekit.grading.secret import hidden_seed

hidden_boards = knight_boards(6, seed=hidden_seed("test_knight_hidden"))
checked_knight = check_knight_winning_move(knight_winning_move, boards=hidden_boards)
print(f"knight_winning_move: right from all {checked_knight} cells of {len(hidden_boards)} boards")
### END HIDDEN TESTS
