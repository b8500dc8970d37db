"""Problem set 4: the test cells, one notebook cell after each ``# %% <grade_id>`` line."""

from ps04.setup import Coord, Grid, example
from ps04.solution import prey_move, pursuer_move

# isort: split

# %% test_pursuer_visible
# Visible tests for pursuer_move: Tom moves legally and catches an optimal Jerry from every start.
from coursekit.games.pursuit.checks import Chase, check_pursuer_move

visible_starts = [
    Chase(Grid(6, 6), Coord(0, 0), Coord(5, 5)),
    Chase(Grid(6, 6), Coord(2, 2), Coord(5, 0)),
    Chase(example, Coord(0, 0), Coord(2, 1)),
    Chase(example, Coord(6, 0), Coord(1, 4)),
]
_ = check_pursuer_move(pursuer_move, visible_starts)
print("pursuer_move: the visible tests pass")

# %% test_pursuer_hidden
# Hidden tests for pursuer_move. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.games.pursuit.checks import pursuit_cases, score_move
from coursekit.grading.secret import hidden_seed

score_move(pursuer_move, pursuit_cases(hidden_seed("hidden starts")), 8, side="pursuer")
### END HIDDEN TESTS

# %% test_prey_visible
# Visible tests for prey_move: Jerry moves legally and never steps onto Tom.
from coursekit.games.pursuit.checks import Chase, check_prey_move

visible_starts = [
    Chase(Grid(6, 6), Coord(0, 0), Coord(5, 5)),
    Chase(Grid(6, 6), Coord(2, 2), Coord(5, 0)),
    Chase(example, Coord(0, 0), Coord(2, 1)),
    Chase(example, Coord(6, 0), Coord(1, 4)),
]
_ = check_prey_move(prey_move, visible_starts)
print("prey_move: the visible tests pass")

# %% test_prey_hidden
# Hidden tests for prey_move. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.games.pursuit.checks import pursuit_cases, score_move
from coursekit.grading.secret import hidden_seed

score_move(prey_move, pursuit_cases(hidden_seed("hidden starts")), 8, side="prey")
### END HIDDEN TESTS
