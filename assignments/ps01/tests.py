"""Problem set 1: the test cells, one notebook cell after each ``# %% <grade_id>`` line."""

from ps01.setup import Grid, example
from ps01.solution import is_winning, king_strategy, winning_move

# isort: split

# %% test_is_winning_visible
# Visible tests for is_winning: a few positions.
from coursekit.games.beans.checks import check_is_winning

check_is_winning(is_winning, positions=[(3, 6), (2, 6), (1, 0), (0, 2), (1, 1), (4, 3), (5, 5)])
print("is_winning: the visible tests pass")

# %% test_is_winning_hidden
# Hidden tests for is_winning: they run when your notebook is graded.
### BEGIN HIDDEN TESTS
from coursekit.games.beans.checks import beans_positions, check_is_winning

checked_is_winning = check_is_winning(is_winning, positions=beans_positions(30))
print(f"is_winning: right on all {checked_is_winning} positions")
### END HIDDEN TESTS

# %% test_winning_move_visible
# Visible tests for winning_move: a few positions.
from coursekit.games.beans.checks import check_winning_move

check_winning_move(winning_move, positions=[(3, 6), (1, 1), (4, 1), (1, 4), (2, 2), (0, 3)])
print("winning_move: the visible tests pass")

# %% test_winning_move_hidden
# Hidden tests for winning_move: they run when your notebook is graded.
### BEGIN HIDDEN TESTS
from coursekit.games.beans.checks import beans_positions, check_winning_move

checked_winning_move = check_winning_move(winning_move, positions=beans_positions(30))
print(f"winning_move: right on all {checked_winning_move} positions")
### END HIDDEN TESTS

# %% test_king_strategy_visible
# Visible tests for king_strategy: every cell of an open 4 x 4 grid and of the example grid.
from coursekit.games.pieces.checks import check_king_strategy

check_king_strategy(king_strategy, grids=[Grid(4, 4), example])
print("king_strategy: the visible tests pass")

# %% test_king_strategy_hidden
# Hidden tests for king_strategy: they run when your notebook is graded.
### BEGIN HIDDEN TESTS
from coursekit.games.pieces.checks import check_king_strategy, random_blocked_grids
from coursekit.grading.secret import hidden_seed

hidden_grids = [*random_blocked_grids(8, seed=hidden_seed("test_king_strategy_hidden"), sizes=(5, 12)), Grid(9, 7)]
checked_king = check_king_strategy(king_strategy, grids=hidden_grids)
print(f"king_strategy: right from all {checked_king} cells of {len(hidden_grids)} grids")
### END HIDDEN TESTS
