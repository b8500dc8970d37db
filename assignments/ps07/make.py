"""Problem set 7, minesweeper: the text, parts and points; its code cells are beside it."""

from __future__ import annotations

from make_assignment import Code, scheme_table

from coursekit.games.minesweeper.checks import CERTAIN_FRONTIER, CHANCE_FRONTIER, PER_CALL, TOLERANCE, TOTAL_SECONDS

CODE = Code.beside(__file__)


CERTAIN_COUNT = 20
CHANCE_COUNT = 15

PART1 = """\
## Part 1: certain cells (`certain`)

Write `certain(board)`: a tuple `(mines, safe)` of two sets of cells `(x, y)`:

- `mines`: the hidden cells that are a mine in **every** placement of mines that fits the
  numbers;
- `safe`: the hidden cells that are safe in every placement that fits the numbers.

Use the numbers alone: the total count of mines is not given, and the hidden cells that
touch no number may hold any number of mines (so they are never certain). A placement
*fits* when every revealed number counts exactly its mines among its neighbours.

Two simple rules find many certain cells: a number whose hidden neighbours are exactly as
many as its count makes them all mines; a number that already has its count of known mines
makes its other hidden neighbours safe. They do not find all: in `["###", "121"]` the 1 at
the left needs one mine among (0, 1) and (1, 1), and the 2 needs two among those and
(2, 1), so (2, 1) is a mine (the **subset rule**). Some boards need more than that. The
sure way: for each group of hidden cells linked by numbers, list every placement that fits
its numbers (backtracking: place or skip a mine cell by cell, stop as soon as a number has
too many mines or can no longer get enough), then keep the cells that are a mine in all, or
in none.
"""

PART2 = f"""\
## Part 2: chances (`mine_chances`)

Write `mine_chances(board, mines)`: a dict from **every** hidden cell `(x, y)` to its chance
of holding a mine (a float, or a `Fraction`), when `mines` mines lie on the hidden cells and
every placement of them that fits the numbers is equally likely. A board counts when every
chance is within {TOLERANCE} of the exact one.

Count the placements. On `["1##", "###"]` with 2 mines, the 1 needs exactly one mine among
its three hidden neighbours (3 ways), and the other mine is on one of the 2 cells that touch
no number (2 ways): 6 placements, and (0, 0) holds a mine in 2 of them, a chance of 1/3. In
general: list the placements of the **frontier** (the hidden cells next to a number) that fit
every number, as in part 1 but for the whole frontier at once (the count of mines links the
groups). A placement with `k` mines on the frontier leaves `mines - k` mines for the `O`
hidden cells that touch no number: it stands for `comb(O, mines - k)` placements of the
whole board, and each of those `O` cells holds a mine in `comb(O - 1, mines - k - 1)` of them.
The hidden boards have at most {CHANCE_FRONTIER} frontier cells.

Do not work number by number: a cell next to a 1 with two hidden neighbours is not a mine
with chance 1/2 when another number says more about it.
"""

END = """\
Then try: play a game with the safest cell each time (a certain safe cell if there is one,
else the cell least likely to be a mine). How often does it win a beginner board (9 x 9, 10
mines)? The exact player of the course wins about 9 games in 10.
"""

def intro() -> str:
    """The introduction, with the grading table of the parts below."""
    return f"""\
# Problem set 7: minesweeper

Minesweeper from the course's sources (A's G3.2). Mines hide under some cells of a grid; a
revealed cell shows how many of its eight neighbours hold a mine. What do the numbers tell
for sure, and how likely is a mine under each hidden cell?

A **board** is a list of strings, the **top row first**, one character a cell: `#` a hidden
cell, `0` to `8` a revealed cell and its count of neighbouring mines. (The boards here have
no flags.) A **cell** is a tuple `(x, y)`, as everywhere in the course: `x` the column from
the left, `y` the row from the **bottom**, `(0, 0)` at the bottom left. So in

```
board = ["1##",     # y = 1
         "111"]     # y = 0
```

`(0, 1)` is the 1 at the top left and `(2, 1)` the hidden cell at the top right. The helper
`cells(board)` gives every cell with its character, and `neighbours(board, cell)` the cells
around a cell.

## What you write

- `certain(board)`: the cells certainly a mine and those certainly safe, from the numbers;
- `mine_chances(board, mines)`: each hidden cell's chance of holding a mine.

## How it is graded

{scheme_table(PARTS)}

- Part 1, visible tests (all or nothing): on 6 boards both sets must be exactly right.
- Part 1, hidden tests (partial points): {CERTAIN_COUNT} boards taken in the middle of random
  games (6 x 6 to 16 x 16, early and late in the game), each with at most {CERTAIN_FRONTIER}
  hidden cells next to a number. Each board on which both sets are exactly those of the exact
  engine earns an equal share: 8 x the share, to two decimals.
- Part 2, visible tests (all or nothing): on 4 boards every chance within {TOLERANCE}.
- Part 2, hidden tests (partial points): {CHANCE_COUNT} boards from random games (5 x 5 to 9 x
  9), each with at most {CHANCE_FRONTIER} hidden cells next to a number. Each board on which
  every hidden cell's chance is within {TOLERANCE} of the exact value earns an equal share: 7 x
  the share, to two decimals.
- The hidden boards are drawn from a secret key of the course: each student gets their own
  boards, the same every time the notebook is graded.
- A failed test shows the board with its coordinates and one cell that is wrong or missed,
  with the reason: the numbers that prove a certain cell, a placement that fits with a cell
  the other way, or the count of placements behind a chance.
- Types are checked exactly: `certain` returns a tuple of two sets (or frozensets) of tuples
  `(x, y)` of two ints; `mine_chances` a dict from such tuples to floats (or `Fraction`s), one
  for every hidden cell and no other.
- Each call must return within {PER_CALL:g} seconds; in each test all your calls together may
  take {TOTAL_SECONDS:g} seconds. Trying all 2 ** n placements of a frontier of n cells is
  fast enough for the hidden boards (under half a second for 16 cells); backtracking is much
  faster. A malformed answer, an error or a slow call earns nothing for its board only.

Before you hand in, run everything from a fresh start: *Kernel → Restart Kernel and Run All
Cells*.
"""


# the code cells use the numbers the text states
CODE.states("test_certain_hidden", f"hidden_certain_boards({CERTAIN_COUNT}, ")
CODE.states("test_mine_chances_hidden", f"hidden_chance_boards({CHANCE_COUNT}, ")

PARTS = (
    CODE.part("1", "certain(board)", PART1, "certain", test_certain_visible=3, test_certain_hidden=8),
    CODE.part("2", "mine_chances(board, mines)", PART2,
              "mine_chances", test_mine_chances_visible=2, test_mine_chances_hidden=7),
)

ASSIGNMENT = CODE.assignment(
    intro(), PARTS, END,
    references=("coursekit.games.minesweeper.rules", "coursekit.games.minesweeper.duel",
                "coursekit.games.minesweeper.players", "coursekit.games.minesweeper.board",
                "coursekit.games.minesweeper.cli", "coursekit.games.minesweeper.certainties",
                "coursekit.games.minesweeper.probabilities", "coursekit.games.minesweeper.brute_force_probabilities",
                "coursekit.games.minesweeper.KnowledgeBase", "coursekit.games.minesweeper.weigh",
                "coursekit.games.minesweeper.fitting_placements", "coursekit.games.minesweeper.checks"),
)
