"""Problem set 2, the one-way queen and the one-way knight: the text, parts and points; its code cells are beside it."""

from __future__ import annotations

from make_assignment import Code, scheme_table

CODE = Code.beside(__file__)


def intro() -> str:
    """The introduction, with the grading table of the parts below."""
    return f"""\
# Problem set 2: the one-way queen and the one-way knight

The article by P. Azalov (section 5) moves other chess pieces the one-way king's way: one
piece, shared by the two players, only ever goes toward the corner `(0, 0)`. A player who
cannot move has lost: whoever moves last wins.

- **The one-way queen** moves any distance down, left, or diagonally down-left. This is
  *Wythoff's game* (1907): two piles, take any number from one pile, or the same number from
  both.
- **The one-way knight** jumps by `(-2, -1)`, `(-1, -2)`, `(-2, +1)` or `(+1, -2)`, and must
  stay on its board: `width` columns and `height` rows. Every jump lowers `x + y`, so the game
  ends; it ends in the corner `(0, 0)`, `(0, 1)`, `(1, 0)`, `(1, 1)`, where no jump is left.

A position is **losing** if the player to move loses against perfect play, and **winning**
otherwise; a **winning move** leads to a losing position.

## What you write

1. `queen_winning_move(x, y)`: the queen's cell after a winning move from `(x, y)`, as a tuple
   of two ints; `None` if `(x, y)` is a losing position. The board has no edge up or right:
   positions go up to `1000 x 1000`.
2. `knight_winning_move(x, y, width, height)`: the knight's cell after a winning jump from
   `(x, y)` on a `width x height` board; `None` if no jump wins. You are only asked about cells
   from which the knight can jump.

Write your code where it says `YOUR CODE HERE` (delete the `raise NotImplementedError()`
line). You may add helper functions in the same cell.

## How it is graded

{scheme_table(PARTS)}

- The table counts **points**, not tests. **Visible tests** are the test cells you can run.
  **Hidden tests** run when your notebook is
  graded: for the queen, every position up to `40 x 40` (4 points), then about 2,600 positions up
  to `1000 x 1000`: every losing one, the cells next to them, and 300 random ones (4 points);
  for the knight, every cell of six boards from 3 to 25 cells a side, drawn at random. Random
  cases are drawn from a secret key of the course, for each student their own, the same every
  time your notebook is graded.
- A test gives all its points or none: it stops at the first wrong answer.
- Answers are checked by type: a move is a tuple of two `int` (or a `Coord`), and "no winning
  move" is exactly `None`. Any winning move is accepted where there are several.
- Each call must return within 1 second (queen) or 2 seconds (knight), all calls of a test
  within 10 seconds, and each test cell within 20 seconds. A table of every position below
  `(1000, 1000)` is too slow for the queen: find the losing positions themselves.
- A failed test says which position, what your function answered, why that is wrong, and a
  right answer (with a picture on small boards).

Before you hand in, follow *How to check your work before handing in* at the end.
"""

PART1 = """\
## Part 1: the one-way queen (`queen_winning_move`)

Start small: which positions are losing? `(0, 0)` is (no move is left). `(1, 2)` is too: every
move from it — `(1, 1)`, `(1, 0)`, `(0, 1)`, `(0, 2)` — lets the opponent reach `(0, 0)` in one
move. Fill in a table of losing positions up to `10 x 10` by hand or with a small program
(a position is losing exactly when no move reaches a losing position), then look at it:

- How many losing positions can a row, a column or a diagonal hold?
- Write the losing positions with `x <= y` in order: `(0, 0)`, `(1, 2)`, `(3, 5)`, ... What is
  `y - x` for each? Which numbers are used as `x`, and which one comes next?

Your function must be fast for positions up to `1000 x 1000`: compute the losing positions
once (for example in a dictionary at the top of the cell), then answer each call by looking
at the at most three losing positions in the queen's column, row and diagonal.

### Specification: `queen_winning_move(x, y)`

- **Arguments**: `x` and `y`, whole numbers (`int`) from 0 to 1000, not both 0: the queen's
  column and row. There is no edge up or right: nothing else limits the position.
- **Returns**:
  - from a **winning** position: the queen's cell after a winning move (any of them), a tuple
    of exactly two `int` (or a `Coord`): a cell straight down `(x, y - k)`, straight left
    `(x - k, y)` or diagonally down-left `(x - k, y - k)`, with `k >= 1` and no coordinate
    below 0, that is a losing position;
  - from a **losing** position, such as `(1, 2)`, `(2, 1)` or `(3, 5)`: exactly `None`, and
    only there (`None` from a winning position is wrong, and so is a move from a losing one).
- **Edge cases**: on an edge, `(x, 0)` or `(0, y)`, the queen can reach `(0, 0)` in one move,
  and that move wins. `(0, 0)` itself is never asked: the queen cannot move from there, the
  game is over; `(0, 0)` is a losing position, so `None` is the answer that fits the rule above if
  your own code asks it.
- **Hidden tests** (8 points in two cells, each all or nothing): every position up to
  `40 x 40` but `(0, 0)`, 1,680 positions (4 points); then about 2,600 positions up to
  `1000 x 1000` (4 points): 300 drawn at random for you, every losing position
  with both coordinates at most 1000, the cells one step right of and above each of them,
  and the far corners `(1000, 1000)`, `(1000, 0)` and `(0, 1000)`. Each call gets at most
  1 second, all calls of a cell 10 seconds.
"""

PART2 = """\
## Part 2: the one-way knight (`knight_winning_move`)

`knight_jumps(x, y, width, height)` below lists the cells the knight can jump to. Every jump
lowers `x + y` by 1 or 3, so you can decide the cells in order of `x + y`: `0, 1, 2, ...`;
when you come to a cell, every cell it can jump to is already decided.

Look at the table of a big board first: the losing cells form a pattern. Then look near the
right and top edges of a small board: a jump `(-2, +1)` needs a row above, a jump `(+1, -2)` a
column to the right, so cells near those edges have fewer jumps, and the pattern can break
there. Your function must be right on every board it is given.

### Specification: `knight_winning_move(x, y, width, height)`

- **Arguments**: `width` and `height`, whole numbers (`int`), the board's columns and rows
  (from 3 to 25 in the tests); `x` and `y`, the knight's cell, with `0 <= x < width` and
  `0 <= y < height`, a cell from which at least one jump stays on the board.
- **Returns**:
  - from a **winning** cell: the knight's cell after a winning jump (any of them), a tuple of
    exactly two `int` (or a `Coord`), one of the cells `knight_jumps(x, y, width, height)`
    lists, from which the opponent loses;
  - from a **losing** cell (every jump leads to a winning cell): exactly `None`, and only
    there.
- **Edge cases**: a knight with **no jump at all** (the corner cells `(0, 0)`, `(0, 1)`,
  `(1, 0)`, `(1, 1)`, and on a narrow board a few more) is never asked: the game is over
  there. Such a cell is losing, so `None` is the answer that fits the rule above if your own
  code asks it. A cell whose only jumps lead to cells with no jump is winning: jump there.
- **Hidden tests** (7 points, all or nothing): every cell with a jump (one or two thousand
  calls) on six boards drawn at random for you, from 3 to 25 cells a side. On
  the first two, the pattern of the losing cells of a big board breaks near the right and
  top edges: a player who only follows that pattern loses from some cell. Each call gets at
  most 2 seconds, all calls 10 seconds.
"""

END = """\
The hidden tests try many more positions, and much larger ones for the queen.
"""


PARTS = (
    CODE.part("1", "queen_winning_move(x, y)", PART1,
              "queen_winning_move", test_queen_visible=2, test_queen_hidden_small=4, test_queen_hidden_large=4),
    CODE.part("2", "knight_winning_move(x, y, width, height)", PART2,
              "knight_jumps", "knight_winning_move", test_knight_visible=3, test_knight_hidden=7),
)

ASSIGNMENT = CODE.assignment(
    intro(), PARTS, END,
    references=("coursekit.games.pieces.rules", "coursekit.games.pieces.players",
                "coursekit.games.pieces.wythoff_pairs", "coursekit.games.pieces.favourable",
                "coursekit.games.pieces.article_strategy",
                "coursekit.games.pieces.perfect_strategy", "coursekit.games.pieces.cli", "coursekit.games.pieces.board",
                "coursekit.solvers.tables", "coursekit.solvers.impartial", "coursekit.render.tables",
                "coursekit.games.pieces.checks"),
)
