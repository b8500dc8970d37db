"""Problem set 9: the test cells, one notebook cell after each ``# %% <grade_id>`` line."""

from ps09.setup import RULES
from ps09.solution import evaluate

# isort: split

# %% test_evaluate_visible
# Visible tests for evaluate: a number for each of 6 positions (the start, after one move, and 4 later ones).
from coursekit.games.corners.checks import check_evaluate, visible_positions

check_evaluate(evaluate, visible_positions())
print("your values:", [round(evaluate(RULES, position), 3) for position in visible_positions()])
print("evaluate: the visible tests pass")

# %% test_evaluate_hidden
# Hidden tests for evaluate: 20 positions from random play.
### BEGIN HIDDEN TESTS
from coursekit.games.corners.checks import check_evaluate, random_positions
from coursekit.grading.secret import hidden_seed

_ = check_evaluate(evaluate, random_positions(20, seed=hidden_seed("test_evaluate_hidden")))
### END HIDDEN TESTS

# %% test_games_e_visible
# Visible tests for evaluate against E's fixed player: opening number 20250510, from both sides.
# They pass when both games are played to their end (won or not); a game not won is shown.
from coursekit.games.corners.checks import show_games

_ = show_games(evaluate, "E", [20250510])
print("evaluate against E: the visible tests pass")

# %% test_games_e_hidden_1
# Hidden tests against E's fixed player: one opening of the pool, both sides. Partial points: the last number.
### BEGIN HIDDEN TESTS
from coursekit.games.corners.checks import score_games
from coursekit.games.corners.openings import hidden_opening

score_games(evaluate, "E", [hidden_opening("test_games_e_hidden", 1)], 3)
### END HIDDEN TESTS

# %% test_games_e_hidden_2
# Hidden tests against E's fixed player: one opening of the pool, both sides. Partial points: the last number.
### BEGIN HIDDEN TESTS
from coursekit.games.corners.checks import score_games
from coursekit.games.corners.openings import hidden_opening

score_games(evaluate, "E", [hidden_opening("test_games_e_hidden", 2)], 3)
### END HIDDEN TESTS

# %% test_games_course_visible
# Visible tests for evaluate against the course's player: opening number 20250520, from both sides.
# They pass when both games are played to their end (won or not); a game not won is shown.
from coursekit.games.corners.checks import show_games

_ = show_games(evaluate, "course", [20250520])
print("evaluate against the course's player: the visible tests pass")

# %% test_games_course_hidden_1
# Hidden tests against the course's player: one opening of the pool, both sides. Partial points: the last number.
### BEGIN HIDDEN TESTS
from coursekit.games.corners.checks import score_games
from coursekit.games.corners.openings import hidden_opening

score_games(evaluate, "course", [hidden_opening("test_games_course_hidden", 1)], 3)
### END HIDDEN TESTS

# %% test_games_course_hidden_2
# Hidden tests against the course's player: one opening of the pool, both sides. Partial points: the last number.
### BEGIN HIDDEN TESTS
from coursekit.games.corners.checks import score_games
from coursekit.games.corners.openings import hidden_opening

score_games(evaluate, "course", [hidden_opening("test_games_course_hidden", 2)], 3)
### END HIDDEN TESTS
