"""Problem set 1, beans and the one-way king: the text, parts and points; its code cells are beside it."""

from __future__ import annotations

from make_assignment import Code, scheme_table

CODE = Code.beside(__file__)


def intro() -> str:
    """The introduction, with the grading table of the parts below."""
    return f"""\
# Problem set 1: beans and the one-way king

In the lessons you played **white and black beans** and the **one-way king** (the article
by P. Azalov, sections 2–4). Now you write the strategies that win them.

**Beans.** Two piles: `m` white and `n` black beans. A move takes one bean of either colour,
or one white and one black together. Whoever takes the last bean wins. A position is written
`(m, n)`; a move is written as the position it leads to, so from `(3, 6)` the moves are
`(2, 6)`, `(3, 5)` and `(2, 5)`.

**The one-way king.** One king, shared by the two players, stands on a grid. A move takes it
one cell left, down, or diagonally down-left, onto a free cell (never onto a blocked one).
A player who cannot move has lost: whoever moved last wins. On an open grid this is the beans
game with `(x, y) = (m, n)`; blocked cells change it.

A position is **winning** if the player to move can force a win, and **losing** otherwise.
A **winning move** leads to a losing position for the opponent.

## What you write

1. `is_winning(m, n)`: `True` if the position `(m, n)` of beans is winning, else `False`.
2. `winning_move(m, n)`: the position after a winning move from `(m, n)`, as a tuple of two
   ints. From a losing position (there is no winning move) return any legal move.
3. `king_strategy(grid, position)`: the cell the king moves to from `position` on a grid with
   blocked cells, as a `Coord` (or a tuple of two ints): a winning move if there is one, else
   any legal move. Here the rule you found for beans no longer holds.

Write your code where it says `YOUR CODE HERE` (delete the `raise NotImplementedError()`
line). You may add helper functions in the same cell. Then run the test cell below it.

## How it is graded

{scheme_table(PARTS)}

- The table counts **points**, not tests: a test cell earns all its points or none. The
  **visible tests** are the test cells you can run. The **hidden tests** are added when
  your notebook is graded: they compare your function with an exact solver on many more
  positions (every position with up to 30 beans of each colour; every free cell with a move
  on nine grids, eight of them with blocked cells drawn at random for you). The
  specification of each part says exactly which cases they try, and how random ones are
  drawn: from a secret key of the course, for each student their own, the same every time
  your notebook is graded.
- Answers are checked by type: `is_winning` returns `True` or `False`; a move is a tuple of
  two `int` (for the king also a `Coord`). Any winning move is accepted where there are
  several.
- Each call of your function must return within 1 second (beans) or 2 seconds (king), and
  each test cell must finish within 20 seconds.
- A failed test says which position, what your function answered, why that is wrong, and a
  right answer.

Before you hand in, follow *How to check your work before handing in* at the end.
"""

PART1 = """\
## Part 1: who wins? (`is_winning`)

Play a few small positions by hand, fill in a table of winning and losing positions, find
the pattern, and write it as a function. Check your pattern: from every losing position,
every move must lead to a winning one; from every winning position, some move must lead to
a losing one.

### Specification: `is_winning(m, n)`

- **Arguments**: `m` and `n`, whole numbers (`int`), each 0 or more, not both 0: the white
  and the black beans left.
- **Returns**: exactly `True` if the player to move can force a win from `(m, n)`, else
  exactly `False` (a `bool`: `1`, `0` or `None` are not accepted).
- **Edge cases**: one pile empty, such as `(0, 2)` or `(5, 0)`, is an ordinary position and
  is tested. `(0, 0)` is never asked: the game is over there (the previous player took the
  last bean), so the player to move has lost, and `is_winning(0, 0)` should be `False` if
  you call it yourself, in a helper for example.
- **Hidden tests** (3 points, all or nothing): every position with 0 to 30 beans of each
  colour but `(0, 0)`, 960 positions. Each call gets at most 1 second, all of them together
  10 seconds.
"""

PART2 = """\
## Part 2: how to win (`winning_move`)

Return the position after your move, for example `winning_move(3, 6) == (2, 6)`. From a
winning position, the move must leave your opponent a losing position (if there are several
such moves, any of them will do). From a losing position every move loses: return any legal
move.

### Specification: `winning_move(m, n)`

- **Arguments**: `m` and `n`, whole numbers (`int`), each 0 or more, not both 0.
- **Returns**: the position after your move, a tuple of exactly two `int` (a list is not
  accepted). A legal move takes one bean of either colour, or one white and one black
  together, so the answer is `(m - 1, n)`, `(m, n - 1)` or `(m - 1, n - 1)`, with no pile below 0.
  - From a **winning** position: a move that leaves a losing position (any of them).
  - From a **losing** position, such as `(2, 2)` or `(0, 2)`: any legal move. It must still be
    legal: from `(0, 2)` only `(0, 1)` is, since the white pile is empty.
- **Edge cases**: from `(1, 0)` or `(0, 1)` the winning move takes the last bean, `(0, 0)`.
  `winning_move(0, 0)` is never asked: the game is over and there is no move to return.
  Do not return a position there; raise an error instead, as the course library does
  (`coursekit.games.beans.winning_move(0, 0)` raises `IllegalMoveError`: "no bean is left
  in [0, 0]: the game is over").
- **Hidden tests** (3 points, all or nothing): the same 960 positions as for `is_winning`,
  every position with 0 to 30 beans of each colour but `(0, 0)`; 1 second per call, 10
  seconds in all.
"""

PART3 = """\
## Part 3: the one-way king on a grid with blocked cells (`king_strategy`)

A cell is `Coord(x, y)`: `x` is the column (0 at the left), `y` the row (0 at the bottom).
A `grid` has a `width` and a `height`; `grid.is_free(cell)` says whether a cell is on the
grid and not blocked; `print(grid)` draws it, `#` for a blocked cell. The function
`king_moves(grid, cell)` below lists the cells the king can reach in one move.

Blocked cells change the game: on the grid below the king cannot move from `[3, 0]` at all,
so whoever moves it there wins, and the beans rule (leave both coordinates even) loses from
some cells. Work out which cells are losing on *this* grid: a cell is losing exactly when
every move from it leads to a winning cell (a cell with no move is losing). Since the king
only moves left and down, you can decide the cells in order, from the bottom-left corner
upwards, or let a function with `functools.cache` call itself.

### Specification: `king_strategy(grid, position)`

- **Arguments**: `grid`, a `Grid` (from 1 x 1 up; some cells may be blocked, and they need
  not be connected); `position`, a `Coord`, the king's cell: a free cell of the grid from
  which the king has at least one legal move. Do not change `grid`.
- **Returns**: the cell the king moves to, a `Coord` or a tuple of exactly two `int`. It must
  be a legal move: one step left, down or diagonally down-left, onto a free cell of the grid.
  - From a **winning** cell: a move to a losing cell (any of them), which may be a cell from
    which the king cannot move at all (that move wins at once).
  - From a **losing** cell: any legal move.
- **Edge cases**: a king with **no legal move**, such as on `[0, 0]` or on `[3, 0]` of the
  example grid, is never asked: the player to move has already lost and there is no cell to
  return. If your function is called there anyway, let it raise an error (for example
  `ValueError`) rather than return a cell. A cell with a single move, such as `[1, 0]` on
  the bottom row (only left) or `[0, 3]` in the left column (only down), is an ordinary case
  and is tested.
- **Hidden tests** (7 points, all or nothing): every free cell with at least one move (a few
  hundred calls) on nine grids: eight random grids with blocked cells, drawn for you
  (widths and heights from 5 to 12, 10 % to 35 % of the cells blocked, `[0, 0]` and the
  top-right cell always free, and on each of them the beans rule loses from some cell), and
  an open 9 x 7 grid. Each call gets at most 2 seconds, all of them together 10 seconds.
"""

END = """\
The hidden tests try many more positions: a function that only fits the visible ones will
lose points.
"""


PARTS = (
    CODE.part("1", "is_winning(m, n)", PART1, "is_winning", test_is_winning_visible=2, test_is_winning_hidden=3),
    CODE.part("2", "winning_move(m, n)", PART2,
              "winning_move", test_winning_move_visible=2, test_winning_move_hidden=3),
    CODE.part("3", "king_strategy(grid, position)", PART3,
              "king_moves", "king_strategy", test_king_strategy_visible=3, test_king_strategy_hidden=7),
)

ASSIGNMENT = CODE.assignment(
    intro(), PARTS, END,
    references=("coursekit.games.beans.rules", "coursekit.games.beans.players", "coursekit.games.beans.is_winning",
                "coursekit.games.beans.winning_move", "coursekit.games.beans.article_strategy",
                "coursekit.games.beans.cli", "coursekit.games.beans.board", "coursekit.games.pieces.rules",
                "coursekit.games.pieces.players", "coursekit.games.pieces.article_strategy",
                "coursekit.games.pieces.perfect_strategy", "coursekit.games.pieces.cli", "coursekit.games.pieces.board",
                "coursekit.solvers.tables", "coursekit.solvers.impartial", "coursekit.render.tables",
                "coursekit.games.beans.checks", "coursekit.games.pieces.checks"),
)
