"""Problem set 3: the test cells, one notebook cell after each ``# %% <grade_id>`` line."""

from ps03.setup import Coord, Grid, cut, example
from ps03.solution import astar, bfs

# isort: split

# %% test_bfs_visible
# Visible tests for bfs: paths on a few small grids; the cells expanded are shown, not graded here.
from coursekit.games.paths.checks import PathCase, check_search, score_expansions

visible_cases = [
    PathCase(example, Coord(0, 0), Coord(6, 0)),
    PathCase(example, Coord(6, 4), Coord(1, 1)),
    PathCase(Grid(8, 6), Coord(0, 5), Coord(7, 1)),
    PathCase(Grid(3, 1), Coord(0, 0), Coord(0, 0)),
    PathCase(cut, Coord(0, 0), Coord(5, 3)),
]
check_search(bfs, "bfs", visible_cases)
print("bfs: the visible tests pass")
_ = score_expansions(bfs, "bfs", visible_cases, 2)

# %% test_bfs_hidden_paths
# Hidden tests for bfs: paths on more grids.
### BEGIN HIDDEN TESTS
from coursekit.games.paths.checks import check_search, path_cases
from coursekit.grading.secret import hidden_seed

checked_bfs = check_search(bfs, "bfs", path_cases(10, seed=hidden_seed("hidden grids")))
print(f"bfs: right on all {checked_bfs} grids")
### END HIDDEN TESTS

# %% test_bfs_hidden_expanded
# Hidden tests for bfs: cells expanded. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.games.paths.checks import path_cases, score_expansions
from coursekit.grading.secret import hidden_seed

score_expansions(bfs, "bfs", path_cases(10, seed=hidden_seed("hidden grids")), 2)
### END HIDDEN TESTS

# %% test_astar_visible
# Visible tests for astar: paths on a few small grids; the cells expanded are shown, not graded here.
from coursekit.games.paths.checks import PathCase, check_search, score_expansions

visible_cases = [
    PathCase(example, Coord(0, 0), Coord(6, 0)),
    PathCase(example, Coord(6, 4), Coord(1, 1)),
    PathCase(Grid(8, 6), Coord(0, 5), Coord(7, 1)),
    PathCase(Grid(3, 1), Coord(0, 0), Coord(0, 0)),
    PathCase(cut, Coord(0, 0), Coord(5, 3)),
]
check_search(astar, "astar", visible_cases)
print("astar: the visible tests pass")
_ = score_expansions(astar, "astar", visible_cases, 6)

# %% test_astar_hidden_paths
# Hidden tests for astar: paths on more grids.
### BEGIN HIDDEN TESTS
from coursekit.games.paths.checks import check_search, path_cases
from coursekit.grading.secret import hidden_seed

checked_astar = check_search(astar, "astar", path_cases(10, seed=hidden_seed("hidden grids")))
print(f"astar: right on all {checked_astar} grids")
### END HIDDEN TESTS

# %% test_astar_hidden_expanded
# Hidden tests for astar: cells expanded. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.games.paths.checks import path_cases, score_expansions
from coursekit.grading.secret import hidden_seed

score_expansions(astar, "astar", path_cases(10, seed=hidden_seed("hidden grids")), 6)
### END HIDDEN TESTS
