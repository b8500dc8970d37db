"""Problem set 4, Tom and Jerry: the text, parts and points; its code cells are beside it."""

from __future__ import annotations

from make_assignment import Code, scheme_table

CODE = Code.beside(__file__)


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

END = """\
Then answer the article's question with numbers: on the example grid, which start gives
Jerry the longest optimal life? Does the article's Jerry reach it against your Tom?
"""


PARTS = (
    CODE.part("1", "pursuer_move(grid, pursuer, prey)", PART1,
              "pursuer_move", test_pursuer_visible=2, test_pursuer_hidden=8),
    CODE.part("2", "prey_move(grid, pursuer, prey)", PART2, "prey_move", test_prey_visible=2, test_prey_hidden=8),
)

ASSIGNMENT = CODE.assignment(
    intro(), PARTS, END,
    opening=CODE.cells("part0", PART0, "helpers"),
    references=("coursekit.games.pursuit.rules", "coursekit.games.pursuit.players", "coursekit.games.pursuit.tom_step",
                "coursekit.games.pursuit.jerry_move", "coursekit.games.pursuit.optimal_pursuers",
                "coursekit.games.pursuit.optimal_prey", "coursekit.games.pursuit.solver", "coursekit.games.pursuit.cli",
                "coursekit.games.pursuit.board", "coursekit.games.pursuit.checks"),
)
