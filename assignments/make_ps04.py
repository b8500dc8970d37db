"""Write the source notebook of problem set 4 (pursuit: Tom and Jerry), ``source/ps04/ps04.ipynb``.

Run it after editing a cell (``python assignments/make_ps04.py``; ``--check`` only checks).
The cell kinds and the writing are in ``make_assignment.py``.
"""

from __future__ import annotations

import sys

from make_assignment import Assignment, Part, given, handing_in, scheme_table, solution, tests
from make_assignment import main as write_or_check


def intro() -> str:
    """The introduction, with the grading table of the parts below."""
    return f"""\
# Problem set 4: Tom and Jerry

Tom chases Jerry on a grid (the article by P. Azalov, sections 6–7, game G2.3). Tom moves
first, then Jerry, in turns; each move takes a piece to one of its 8 neighbouring free cells
(no standing still, never onto a blocked cell). Jerry is caught when Tom stands on his cell:
after Tom's move, or if Jerry steps onto Tom. The article's Tom steps straight toward Jerry;
its Jerry steps to the neighbouring cell farthest from Tom. Section 7 asks how both can do
better. Here you find out.

The **capture time** of a position (Tom to move) is the number of Tom's moves until he
catches Jerry when Tom catches as fast as he can and Jerry holds out as long as he can. It is
the *optimal* result for both sides: a better Tom cannot catch sooner, a better Jerry cannot
last longer.

## What you write

1. `pursuer_move(grid, pursuer, prey)`: Tom's move. `pursuer` is Tom's cell, `prey` Jerry's;
   return the cell Tom steps to. Catch Jerry as fast as you can.
2. `prey_move(grid, pursuer, prey)`: Jerry's move (Tom has just moved): return the cell Jerry
   steps to. Hold out as long as you can.

## How it is graded

{scheme_table(PARTS)}

The table counts **points**, not tests.

Your side plays against the **optimal** other side (the course's exact solver) from several
starts, and each start gives a **share** of the points:

- **Tom**: `optimal / yours`, where *yours* is the number of moves your Tom takes to catch an
  optimal Jerry (catching in the optimal time gives 1, twice as long 0.5); 0 if your Tom has
  not caught him after 50 moves.
- **Jerry**: `yours / optimal`, where *yours* is the number of moves an optimal Tom takes to
  catch your Jerry (holding out as long as the optimum gives 1; an optimal Tom always catches
  him by then).

The hidden tests give the test's points times the average share, to two decimals (the number
printed last); they play 12 starts: 4 on an open 8 x 8 grid and 4 on each of two grids with
blocked cells (about 10 % of the cells), every start with a capture time of at least 3. They
are drawn from a secret key of the course, for each student their own (the same starts for Tom
and for Jerry), the same every time your notebook is graded. The visible tests give all
their points or none: Tom must move legally and catch Jerry from each start, and Jerry must
move legally and never step onto Tom while he has another move; they also print the shares
you would get on their starts, and the first move that was worse than the best one, with a
better move.

- A move is checked by type: a `Coord` (or a tuple of two `int`).
- Each call must return within 2 seconds (your first call may prepare tables), all calls of a
  visible test within 10 seconds and of a hidden test within 15, and each test cell within
  20 seconds.

Before you hand in, follow *How to check your work before handing in* at the end.
"""

SETUP = """\
from functools import cache

from coursekit import Coord, Grid, chebyshev

STEPS = [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1)]  # the article's NEXT8


def steps(grid, cell):
    \"\"\"The free cells a piece on `cell` can step to, in the article's order.\"\"\"
    x, y = cell
    return [Coord(x + dx, y + dy) for dx, dy in STEPS if grid.is_free(Coord(x + dx, y + dy))]


# Three blocked cells: Tom can still always catch Jerry here, but stepping straight at him is not always fastest.
example = Grid(7, 6, blocked=frozenset({Coord(1, 1), Coord(2, 5), Coord(6, 4)}))
print(example)
print("Chebyshev distance from [0, 0] to [5, 3]:", chebyshev(Coord(0, 0), Coord(5, 3)))
"""

PART0 = """\
## Capture times

To play either side perfectly, work out the capture time of every position, by *retrograde
analysis*: start from the captures and go backwards, one Tom move at a time (lesson 06).
Write `k` for the number of Tom's moves:

- Tom, to move, catches within `k = 1` move if Jerry is next to him.
- Tom, to move, catches within `k` moves if he has a step after which every step of Jerry's
  lands on Tom or in a position where Tom catches within `k - 1` moves.

Repeat for `k = 1, 2, 3, ...` until a round finds no new position: the positions never found
are those from which Jerry escapes forever (blocked cells can make such places). Keep the
results in a dictionary `times[(tom, jerry)]`, and compute it once per grid
(`functools.cache` remembers it: a `Grid` can be a dictionary key).

Write your helpers in the next cell (delete the `raise NotImplementedError()` line); both parts
can use them.
"""

HELPERS = """\
# Your helpers for both parts.
### BEGIN SOLUTION
@cache
def capture_times(grid):
    \"\"\"times[(tom, jerry)]: Tom's moves until he catches Jerry, Tom to move, both sides at their best.\"\"\"
    cells = list(grid.free_cells())
    near = {cell: steps(grid, cell) for cell in cells}
    times = {}
    waiting = {(tom, jerry) for tom in cells for jerry in cells if tom != jerry}
    k = 0
    while True:
        k += 1
        found = [(tom, jerry) for tom, jerry in waiting
                 if any(t == jerry or all(j == t or (t, j) in times for j in near[jerry]) for t in near[tom])]
        if not found:
            return times
        for position in found:
            times[position] = k
            waiting.discard(position)


def time_after_tom(grid, tom, jerry):
    \"\"\"Tom's moves still to come once Tom stands on `tom` and Jerry is to move (inf: Jerry escapes).\"\"\"
    if tom == jerry:
        return 0
    times = capture_times(grid)
    return max(0 if j == tom else times.get((tom, j), float("inf")) for j in steps(grid, jerry))
### END SOLUTION
"""

PART1 = """\
## Part 1: Tom (`pursuer_move`)

Return the cell Tom steps to: one of `steps(grid, pursuer)`. The best step leaves Jerry only
positions with the smallest capture time.

### Specification: `pursuer_move(grid, pursuer, prey)`

- **Arguments**: `grid`, a `Grid` (do not change it); `pursuer` (Tom) and `prey` (Jerry),
  two different free cells of the grid, each a `Coord`. Tom is to move.
- **Returns**: the cell Tom steps to, a `Coord` (or a tuple of two `int`): one of
  `steps(grid, pursuer)`, the free neighbouring cells (standing still is not a move). The
  best step is one after which the capture time is smallest; any of them is accepted.
- **Edge cases**:
  - Jerry **next to Tom**: step onto Jerry's cell; that catches him at once.
  - A position from which Jerry can escape forever (blocked cells can make one): there is
    no fastest catch, but a legal step must still be returned.
  - Tom always has a step: the grids' free cells are connected, so no free cell is walled in.
    A position where Tom already stands on Jerry is never asked: the game is over.
- **Hidden tests** (8 points, partial): 12 starts drawn at random for you: 4 on an open
  8 x 8 grid, 4 on an 8 x 8 grid and 4 on an 8 x 7 grid with 6 blocked cells each (their
  free cells connected). Every start has an optimal capture time from 4 to 13 moves, and on
  each blocked grid the first start is one from which the article's Tom (a step straight
  toward Jerry) never catches an optimal Jerry. Your share of a start is `optimal / yours`, 0 if your Tom
  has not caught an optimal Jerry after 50 moves. Each call gets at most 2 seconds (your
  first call may build tables), all calls of the cell 15 seconds.
"""

PURSUER = """\
def pursuer_move(grid, pursuer, prey):
    \"\"\"Tom's step from `pursuer` toward the prey on `prey`: catch as fast as possible.\"\"\"
    ### BEGIN SOLUTION
    return min(steps(grid, pursuer), key=lambda tom: time_after_tom(grid, tom, prey))
    ### END SOLUTION
"""

VISIBLE_STARTS = """\
visible_starts = [
    Chase(Grid(6, 6), Coord(0, 0), Coord(5, 5)),
    Chase(Grid(6, 6), Coord(2, 2), Coord(5, 0)),
    Chase(example, Coord(0, 0), Coord(2, 1)),
    Chase(example, Coord(6, 0), Coord(1, 4)),
]"""

PURSUER_VISIBLE = f"""\
# Visible tests for pursuer_move: Tom moves legally and catches an optimal Jerry from every start.
from coursekit.grading import Chase, check_pursuer_move

{VISIBLE_STARTS}
_ = check_pursuer_move(pursuer_move, visible_starts)
print("pursuer_move: the visible tests pass")
"""

PURSUER_HIDDEN = """\
# Hidden tests for pursuer_move. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.grading import pursuit_cases, score_pursuer_move
from coursekit.grading.secret import hidden_seed

score_pursuer_move(pursuer_move, pursuit_cases(hidden_seed("hidden starts")), 8)
### END HIDDEN TESTS
"""

PART2 = """\
## Part 2: Jerry (`prey_move`)

Tom has just moved. Return the cell Jerry steps to: one of `steps(grid, prey)`. The best step
leads to a position (Tom to move) with the largest capture time; never step onto Tom while
another step is free.

### Specification: `prey_move(grid, pursuer, prey)`

- **Arguments**: `grid`, a `Grid` (do not change it); `pursuer` (Tom, who has just moved) and
  `prey` (Jerry), two different free cells, each a `Coord`. Jerry is to move.
- **Returns**: the cell Jerry steps to, a `Coord` (or a tuple of two `int`): one of
  `steps(grid, prey)`. The best step is one after which the capture time is largest (or
  from which Jerry escapes forever); any of them is accepted.
- **Edge cases**:
  - Tom **next to Jerry**: Tom's cell is one of Jerry's steps, and stepping onto it ends the
    game at once. Never return it while another step is free (the visible tests fail that).
    Only if Tom's cell is Jerry's single free neighbour is it the one legal step: return it.
  - Every step is caught as fast as any other: return any legal step.
  - A position where Tom already stands on Jerry is never asked: Jerry has been caught.
- **Hidden tests** (8 points, partial): 12 starts drawn at random for you: 4 on an open
  8 x 8 grid, 4 on an 8 x 8 grid and 4 on an 8 x 7 grid with 6 blocked cells each (their
  free cells connected). Every start has an optimal capture time from 4 to 13 moves, and on
  each blocked grid the first start is one from which the article's Tom (a step straight
  toward Jerry) never catches an optimal Jerry. Your share of a start is `yours / optimal`, where yours is the
  moves an optimal Tom needs to catch your Jerry. Each call gets at most 2 seconds, all calls
  of the cell 15 seconds.
"""

PREY = """\
def prey_move(grid, pursuer, prey):
    \"\"\"Jerry's step from `prey`, Tom on `pursuer`: hold out as long as possible.\"\"\"
    ### BEGIN SOLUTION
    times = capture_times(grid)

    def held(jerry):  # Tom's moves still to come after this step (stepping onto Tom: caught at once)
        return -1 if jerry == pursuer else times.get((pursuer, jerry), float("inf"))

    return max(steps(grid, prey), key=held)
    ### END SOLUTION
"""

PREY_VISIBLE = f"""\
# Visible tests for prey_move: Jerry moves legally and never steps onto Tom.
from coursekit.grading import Chase, check_prey_move

{VISIBLE_STARTS}
_ = check_prey_move(prey_move, visible_starts)
print("prey_move: the visible tests pass")
"""

PREY_HIDDEN = """\
# Hidden tests for prey_move. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.grading import pursuit_cases, score_prey_move
from coursekit.grading.secret import hidden_seed

score_prey_move(prey_move, pursuit_cases(hidden_seed("hidden starts")), 8)
### END HIDDEN TESTS
"""

END = """\
Then answer the article's question with numbers: on the example grid, which start gives
Jerry the longest optimal life? Does the article's Jerry reach it against your Tom?
"""


PARTS = (
    Part("1", "pursuer_move(grid, pursuer, prey)", (
        given("part1", PART1),
        solution("pursuer_move", PURSUER),
        tests("test_pursuer_visible", PURSUER_VISIBLE, 2),
        tests("test_pursuer_hidden", PURSUER_HIDDEN, 8),
    )),
    Part("2", "prey_move(grid, pursuer, prey)", (
        given("part2", PART2),
        solution("prey_move", PREY),
        tests("test_prey_visible", PREY_VISIBLE, 2),
        tests("test_prey_hidden", PREY_HIDDEN, 8),
    )),
)

ASSIGNMENT = Assignment(
    "ps04",
    opening=(given("intro", intro()), given("setup", SETUP, code=True), given("part0", PART0),
             solution("helpers", HELPERS)),
    parts=PARTS,
    closing=(handing_in("ps04", END),),
    references=("coursekit.games.pursuit", "coursekit.solvers.pursuit", "coursekit.views.pursuit",
                "coursekit.cli.pursuit", "coursekit.widgets.pursuit"),
)


def main(argv: list[str]) -> int:
    """Write the notebook; with ``--check``, only say whether the file is up to date."""
    return write_or_check(ASSIGNMENT, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
