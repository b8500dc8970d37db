"""Write the source notebook of problem set 3 (shortest paths), ``source/ps03/ps03.ipynb``.

Run it after editing a cell (``python assignments/make_ps03.py``; ``--check`` only checks).
The cell kinds and the writing are in ``make_assignment.py``.
"""

from __future__ import annotations

import sys

from make_assignment import Assignment, Part, given, handing_in, scheme_table, solution, tests
from make_assignment import main as write_or_check


def intro() -> str:
    """The introduction, with the grading table of the parts below."""
    return f"""\
# Problem set 3: shortest paths with blocked cells

A king walks on a grid: each move takes it to one of its 8 neighbouring cells, never onto a
blocked cell (the article by P. Azalov, section 6, G2.1). On an open grid the fewest moves
from one cell to another is the Chebyshev distance `max(|dx|, |dy|)`; blocked cells make the
king go around, and then a search finds the way. You write two searches and count the work
each one does.

## What you write

Both functions take a `grid`, a `start` cell and a `target` cell (both free) and return a
pair `(path, expanded)`:

- `path`: the list of cells from `start` to `target`, both included, each step a king move
  onto a free cell, with as few moves as possible; or `None` if the target cannot be
  reached;
- `expanded`: how many cells your search **expanded**: count one each time it takes a cell
  off its frontier to look at that cell's neighbours (the target too, if the search takes it
  off the frontier).

Find the cells next to a cell with `neighbours(grid, cell)` (in the setup cell): when your
notebook is graded, the grader answers every call of `neighbours` itself and **measures** the
cells you expanded: the cells whose neighbours you asked for, plus the target when you return
a path. Your own count is shown by the visible tests (use it to check your search), but the
grade uses the measured one.

1. `bfs(grid, start, target)`: breadth-first search. The frontier is a queue (first in, first
   out); put each cell on it once, when you first see it, and remember where you came from.
   Stop when you take the target off the frontier.
2. `astar(grid, start, target)`: A* with the Chebyshev distance to the target as its guess
   `h`. The frontier is a priority queue (`heapq`) that gives the cell with the smallest
   `f = g + h` first (`g`: moves from the start); **among equal `f`, the cell with the larger
   `g`** (it is nearer the target). Skip a cell taken off the frontier that you have already
   expanded.

## How it is graded

{scheme_table(PARTS)}

The table counts **points**, not tests.

- **Paths** (visible tests, and hidden "paths" tests): on every grid, your path must be valid
  (it starts at `start`, ends at `target`, and each step goes to a neighbouring free cell) and
  as short as a shortest path; where the target cannot be reached, `path` must be `None`.
  These tests give all their points or none.
- **Cells expanded** (hidden "expanded" tests, partial points): on each of 11 grids, your
  count is compared with an *allowance*:
  - `bfs`: the number of free cells no farther from the start than the target (a BFS that
    stops when it takes the target off its frontier never expands more);
  - `astar`: 1.5 × the cells the course's reference A* expands (it breaks ties as above);
  - where the target cannot be reached: every cell the start can reach, once.

  A grid gives its full share of the points when you expand at most the allowance, and
  `allowance / yours` of it otherwise (twice the allowance: half). The points are the average
  share times the test's points, to two decimals; the test prints every grid's figures.
  These points count only if your paths are right, and a count smaller than any correct
  search needs (fewer cells than the path's moves) earns nothing. The count graded is the one
  the grader measures through `neighbours` (see above): a search that finds the cells next to a
  cell some other way is measured as expanding almost nothing, and earns nothing here.
- The hidden grids are random, 12 to 30 cells a side, 10–35 % blocked, with the start and the
  target in opposite corners' quarters, plus a grid that a wall cuts in two. They are drawn
  from a secret key of the course, for each student their own, the same every time your
  notebook is graded; both searches get the same grids.
- Types are checked exactly: a pair (a `tuple`) of a list (or tuple) of cells and an `int`;
  a cell is a `Coord` or a tuple of two `int`.
- Each call must return within 2 seconds, and each test cell within 20 seconds (when the
  grader measures the cells expanded, three times as long: each `neighbours` call is then a
  round trip to the grader).
- A failed test says which grid, shows it with your path and a shortest one, and says what is
  wrong.

Before you hand in, follow *How to check your work before handing in* at the end.
"""

SETUP = """\
import heapq
from collections import deque

from coursekit import Coord, Grid, chebyshev

STEPS = [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1)]  # the article's NEXT8


def neighbours(grid, cell):
    \"\"\"The free cells a king can step to from `cell`, in the article's order.\"\"\"
    x, y = cell
    return [Coord(x + dx, y + dy) for dx, dy in STEPS if grid.is_free(Coord(x + dx, y + dy))]


# A wall with a gap at the top, and a grid cut in two.
example = Grid(7, 5, blocked=frozenset({Coord(3, 0), Coord(3, 1), Coord(3, 2), Coord(3, 3)}))
cut = Grid(6, 4, blocked=frozenset(Coord(2, y) for y in range(4)))
print(example)
print()
print(cut)
"""

PART1 = """\
## Part 1: breadth-first search (`bfs`)

`grid.is_free(cell)` says whether a cell is on the grid and not blocked, `neighbours(grid,
cell)` lists the cells a king can step to, and `chebyshev(a, b)` is the king's distance on an
open grid. A `Coord(x, y)` is a tuple: `x` the column, `y` the row, `(0, 0)` at the bottom
left.

BFS takes the cells in order of their distance from the start: all cells one move away, then
all cells two moves away, and so on. Remember, for each cell you see, the cell you saw it
from (`parent`); when you reach the target, walk back through `parent` to the start and turn
the list around.

### Specification: `bfs(grid, start, target)`

- **Arguments**: `grid`, a `Grid` (any size; some cells blocked; do not change it);
  `start` and `target`, two `Coord`, both free cells of the grid. They may be the same cell,
  and the target may be out of reach (a wall of blocked cells between them).
- **Returns**: a tuple `(path, expanded)`:
  - `path`: a list (or tuple) of cells, each a `Coord` or a tuple of two `int`, from `start`
    to `target`, both included, each step a king move onto a free cell, with as few moves as
    possible (any shortest path is accepted); exactly `None` when the target cannot be
    reached;
  - `expanded`: an `int`, the cells your search took off its frontier (graded as the grader
    measures it through `neighbours`: see *What you write*).
- **Edge cases**:
  - `start == target`: the path is `[start]` (no move); the search takes the start off its
    frontier, sees that it is the target, and stops: `expanded` is 1.
  - The target cannot be reached: `path` is `None`, and the search has expanded every cell
    the start can reach, once each: `expanded` is exactly that number.
  - A count smaller than any correct search needs (fewer cells than the path's moves, or
    fewer than the cells the start can reach when it cannot reach the target) earns nothing.
- **Hidden tests**: 11 grids drawn at random for you. Ten are random grids from 12 to 30
  cells a side, with 10 % to 35 % of their cells blocked, the start and the target in
  opposite corner quarters and the target reachable; the eleventh (also 12 to 30 cells a
  side) is cut in two by a full column of blocked cells, so its target cannot be reached.
  "Paths" (4 points, all or nothing): every path right. "Expanded" (2 points, partial): each
  grid's share, your count against the allowance above. Each call gets at most 2 seconds,
  all calls of a cell 15 seconds.
"""

BFS = """\
def bfs(grid, start, target):
    \"\"\"Breadth-first search: (a shortest path from start to target or None, cells expanded).\"\"\"
    ### BEGIN SOLUTION
    parent = {start: None}
    frontier = deque([start])
    expanded = 0
    while frontier:
        cell = frontier.popleft()
        expanded += 1
        if cell == target:
            path = [cell]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1], expanded
        for nxt in neighbours(grid, cell):
            if nxt not in parent:
                parent[nxt] = cell
                frontier.append(nxt)
    return None, expanded
    ### END SOLUTION
"""

VISIBLE_CASES = """\
visible_cases = [
    PathCase(example, Coord(0, 0), Coord(6, 0)),
    PathCase(example, Coord(6, 4), Coord(1, 1)),
    PathCase(Grid(8, 6), Coord(0, 5), Coord(7, 1)),
    PathCase(Grid(3, 1), Coord(0, 0), Coord(0, 0)),
    PathCase(cut, Coord(0, 0), Coord(5, 3)),
]"""


PART2 = """\
## Part 2: A* (`astar`)

BFS spreads in every direction. A* spreads toward the target: it takes first the cell whose
`f = g + h` is smallest, where `g` is the number of moves from the start to that cell (the
best found so far) and `h = chebyshev(cell, target)` a guess of the moves left that is never
too big. Because the guess is never too big, the first time A* takes the target off its
frontier it has a shortest path.

With `heapq`, push tuples that sort the way you want: `(f, -g, order, cell)` gives the
smallest `f` first, among equal `f` the larger `g`, and among those the cell pushed first
(`order` counts the pushes). A cell may be pushed again when a shorter way to it is found;
when an old entry comes off the heap, skip it.

### Specification: `astar(grid, start, target)`

- **Arguments** and **returns**: as for `bfs`: a tuple `(path, expanded)`, `path` a
  shortest path as a list of cells (or exactly `None` when the target cannot be reached),
  `expanded` an `int`. A cell taken off the heap again (an old entry) and skipped is not
  counted: count each cell you expand once.
- **Edge cases**: as for `bfs`. `start == target`: the path `[start]`, 1 cell expanded. A
  target out of reach: `None`, and every cell the start can reach expanded once (then `h`
  gives no help: A* expands as many cells as BFS).
- **Hidden tests**: the same 11 grids as for `bfs`. "Paths" (4 points, all
  or nothing). "Expanded" (6 points, partial): on each grid, at most 1.5 × the cells the
  course's reference A* expands earns the grid's full share, and `allowance / yours` of it
  otherwise; on the walled grid the allowance is the cells the start can reach. Each call
  gets at most 2 seconds, all calls of a cell 15 seconds.
"""

ASTAR = """\
def astar(grid, start, target):
    \"\"\"A* with the Chebyshev distance: (a shortest path from start to target or None, cells expanded).\"\"\"
    ### BEGIN SOLUTION
    best = {start: 0}
    parent = {start: None}
    order = 0
    frontier = [(chebyshev(start, target), 0, order, start)]
    done = set()
    while frontier:
        _, minus_g, _, cell = heapq.heappop(frontier)
        if cell in done:
            continue
        done.add(cell)
        if cell == target:
            path = [cell]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1], len(done)
        g = 1 - minus_g
        for nxt in neighbours(grid, cell):
            if nxt not in done and g < best.get(nxt, g + 1):
                best[nxt] = g
                parent[nxt] = cell
                order += 1
                heapq.heappush(frontier, (g + chebyshev(nxt, target), -g, order, nxt))
    return None, len(done)
    ### END SOLUTION
"""


def search_tests(name: str, points: int) -> tuple[str, str, str]:
    """The visible test, the hidden path test and the hidden cells-expanded test of one search."""
    visible = f"""\
# Visible tests for {name}: paths on a few small grids; the cells expanded are shown, not graded here.
from coursekit.grading import PathCase, check_search, score_expansions

{VISIBLE_CASES}
check_search({name}, "{name}", visible_cases)
print("{name}: the visible tests pass")
_ = score_expansions({name}, "{name}", visible_cases, {points})
"""
    hidden_paths = f"""\
# Hidden tests for {name}: paths on more grids.
### BEGIN HIDDEN TESTS
from coursekit.grading import check_search, path_cases
from coursekit.grading.secret import hidden_seed

checked_{name} = check_search({name}, "{name}", path_cases(10, seed=hidden_seed("hidden grids")))
print(f"{name}: right on all {{checked_{name}}} grids")
### END HIDDEN TESTS
"""
    hidden_expanded = f"""\
# Hidden tests for {name}: cells expanded. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.grading import path_cases, score_expansions
from coursekit.grading.secret import hidden_seed

score_expansions({name}, "{name}", path_cases(10, seed=hidden_seed("hidden grids")), {points})
### END HIDDEN TESTS
"""
    return visible, hidden_paths, hidden_expanded


BFS_VISIBLE, BFS_HIDDEN_PATHS, BFS_HIDDEN_EXPANDED = search_tests("bfs", 2)
ASTAR_VISIBLE, ASTAR_HIDDEN_PATHS, ASTAR_HIDDEN_EXPANDED = search_tests("astar", 6)


END = """\
Compare your two searches on a bigger grid: how many cells does each expand from one corner
to the other of an open 50 × 50 grid, and of one with 30 % of its cells blocked?
"""


PARTS = (
    Part("1", "bfs(grid, start, target)", (
        given("part1", PART1),
        solution("bfs", BFS),
        tests("test_bfs_visible", BFS_VISIBLE, 2),
        tests("test_bfs_hidden_paths", BFS_HIDDEN_PATHS, 4),
        tests("test_bfs_hidden_expanded", BFS_HIDDEN_EXPANDED, 2),
    )),
    Part("2", "astar(grid, start, target)", (
        given("part2", PART2),
        solution("astar", ASTAR),
        tests("test_astar_visible", ASTAR_VISIBLE, 2),
        tests("test_astar_hidden_paths", ASTAR_HIDDEN_PATHS, 4),
        tests("test_astar_hidden_expanded", ASTAR_HIDDEN_EXPANDED, 6),
    )),
)

ASSIGNMENT = Assignment(
    "ps03",
    opening=(given("intro", intro()), given("setup", SETUP, code=True)),
    parts=PARTS,
    closing=(handing_in("ps03", END),),
    references=("coursekit.solvers.search", "coursekit.games.paths", "coursekit.views.search", "coursekit.cli.paths",
                "coursekit.widgets.path"),
    measured=("neighbours",),
)


def main(argv: list[str]) -> int:
    """Write the notebook; with ``--check``, only say whether the file is up to date."""
    return write_or_check(ASSIGNMENT, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
