"""Problem set 3, shortest paths with blocked cells: the text, parts and points; its code cells are beside it."""

from __future__ import annotations

from make_assignment import Code, scheme_table

CODE = Code.beside(__file__)


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

END = """\
Compare your two searches on a bigger grid: how many cells does each expand from one corner
to the other of an open 50 × 50 grid, and of one with 30 % of its cells blocked?
"""


PARTS = (
    CODE.part("1", "bfs(grid, start, target)", PART1,
              "bfs", test_bfs_visible=2, test_bfs_hidden_paths=4, test_bfs_hidden_expanded=2),
    CODE.part("2", "astar(grid, start, target)", PART2,
              "astar", test_astar_visible=2, test_astar_hidden_paths=4, test_astar_hidden_expanded=6),
)

ASSIGNMENT = CODE.assignment(
    intro(), PARTS, END,
    references=("coursekit.solvers.search", "coursekit.games.paths.rules", "coursekit.games.paths.players",
                "coursekit.games.paths.distances", "coursekit.render.search", "coursekit.games.paths.cli",
                "coursekit.games.paths.board", "coursekit.games.paths.checks"),
    measured=("neighbours",),
)
