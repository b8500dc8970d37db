"""Problem set 5: the test cells, one notebook cell after each ``# %% <grade_id>`` line."""

from ps05.solution import alphabeta, best_move

# isort: split

# %% test_best_move_visible
# Visible tests for best_move: a few positions.
from coursekit.games.tictactoe.checks import check_best_move

check_best_move(best_move, [
    ["X..", "...", "..."], ["XX.", "OO.", "X.."], ["X.O", ".X.", "..."], ["XO.", "...", "..."],
    ["O.X", ".X.", "..."], ["X.O", "...", "X.."],
])
print("best_move: the visible tests pass")

# %% test_best_move_hidden
# Hidden tests for best_move. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.games.tictactoe.checks import hidden_positions, score_best_move
from coursekit.grading.secret import hidden_seed

positions = hidden_positions(30, seed=hidden_seed("hidden positions"), forks=10)
score_best_move(best_move, positions, 6)
### END HIDDEN TESTS

# %% test_alphabeta_visible
# Visible tests for alphabeta: values on a few positions; the nodes (measured) are shown, not graded here.
from coursekit.games.tictactoe.checks import check_alphabeta, score_alphabeta_nodes

visible_boards = [["XOX", "OXO", "..."], ["XO.", ".X.", "..O"], ["X..", ".O.", "..."], [".X.", "...", "O.."]]
check_alphabeta(alphabeta, visible_boards)
print("alphabeta: the visible tests pass")
_ = score_alphabeta_nodes(alphabeta, visible_boards, 6)

# %% test_alphabeta_hidden_values
# Hidden tests for alphabeta: the values on more positions.
### BEGIN HIDDEN TESTS
from coursekit.games.tictactoe.checks import check_alphabeta, hidden_positions
from coursekit.grading.secret import hidden_seed

positions = hidden_positions(30, seed=hidden_seed("hidden positions"), forks=10)
checked_alphabeta = check_alphabeta(alphabeta, positions)
print(f"alphabeta: right on all {checked_alphabeta} positions")
### END HIDDEN TESTS

# %% test_alphabeta_hidden_nodes
# Hidden tests for alphabeta: positions visited, on early positions (2 or 3 marks, big trees).
# Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.games.tictactoe.checks import hidden_positions, score_alphabeta_nodes
from coursekit.grading.secret import hidden_seed

score_alphabeta_nodes(alphabeta, hidden_positions(30, seed=hidden_seed("hidden positions"), most=3), 6)
### END HIDDEN TESTS
