"""Problem set 5, tic-tac-toe, best moves and alpha-beta: the text, parts and points; its code cells are beside it."""

from __future__ import annotations

from make_assignment import Code, scheme_table

CODE = Code.beside(__file__)


HIDDEN_COUNT = 30
#: of the hidden positions of best_move, those where a fork decides (two threats to make, or to stop)
FORK_COUNT = 10

PART1 = """\
## Part 1: a best move (`best_move`)

Return the cell the player to move should mark, as a tuple `(x, y)`. A move is *best* when
no other move has a better value (win better than draw, draw better than loss) with best
play on both sides from then on; where several moves are best, any of them is right.

Work out values first: a finished game is worth `-1` to the player to move if the other
player has just completed a line, `0` if the board is full; otherwise a position is worth
the largest of `-(value of the position after the move)` over its moves (what is good for
your opponent is bad for you). Remember the values you have found (`functools.cache`; a
board becomes a key as `tuple(board)`).

### Specification: `best_move(board)`

- **Argument**: `board`, a list of three strings of three characters each, the top row
  first, each character `"X"`, `"O"` or `"."` (empty): a position of a game in progress. X
  moves first, so X has as many marks as O (X to move) or one more (O to move); no line is
  complete yet and at least one cell is empty. Do not change `board` (`play` makes a new
  one).
- **Returns**: the cell to mark, a tuple of exactly two `int` `(x, y)`, `(0, 0)` at the bottom
  left (`cell(board, x, y)`; `board[0]` is the top row): an empty cell whose move has the
  best value, win better than draw better than loss. Any best move is accepted.
- **Edge cases**:
  - A single empty cell: return it (it is the only legal move).
  - You can complete a line: that move wins, and any winning move is best.
  - The opponent threatens to complete a line: a move that does not stop it loses, unless
    you complete a line of your own first.
  - Every move loses (or every move draws): all moves are best; return any empty cell.
  - A finished game (a complete line, or a full board) is never asked: there is no move to
    return. If your own code asks, raise an error rather than return a cell.
- **Hidden tests** (6 points, partial): 30 positions drawn at random for you (from a
  secret key of the course: your own, the same every time your notebook is graded) among the
  positions of games in progress with 2 or more marks where some move is worse than the best:
  10 where a **fork** decides (you can make two threats at once, or you must stop the
  opponent from making two), 10 with a line of the opponent's to stop, and 10 others. Each
  position where your move is a best one earns an equal share. Each call gets at most 1
  second, all calls 15 seconds.
"""

PART2 = """\
## Part 2: alpha-beta (`alphabeta`)

Return the pair `(value, nodes)`: the value of the board for the player to move (`1`, `0` or
`-1`) and the number of positions your search **visited**: count one each time your
recursive function is called, the board you were given included, and the finished games
too.

Make each child board with `play(board, x, y)` (in the setup cell): the grader **measures**
the positions you visit as the board you were given plus one for each use of `play` during
the call (when the notebook is graded, the grader answers every use of `play` itself and
counts it; the visible tests count the same way). Your own count is shown beside it, but the
grade uses the measured one. So use `play` only to make the children you search: a search
that makes its boards some other way is measured as visiting almost nothing, and earns
almost nothing for the nodes.

Write alpha-beta in this form (negamax): `search(board, alpha, beta)` returns the board's
value for the player to move. It tries the moves in the order of `empty_cells(board)`; each
child is searched with the window `(-beta, -alpha)` and its value negated; after each move,
`alpha` rises to the best value found; as soon as `alpha >= beta` the other moves cannot
matter, and the search stops looking at them. Start with the window `(-inf, inf)`
(`float("inf")`). No table of values here: it would change the count.

### Specification: `alphabeta(board)`

- **Argument**: `board`, a list of three strings of three characters each, the top row
  first, each character `"X"`, `"O"` or `"."` (empty): a position of a game in progress. X
  moves first, so X has as many marks as O (X to move) or one more (O to move); no line is
  complete yet and at least one cell is empty. Do not change `board` (`play` makes a new
  one).
- **Returns**: a tuple of exactly two `int`, `(value, nodes)`: `value` is `1` (the player
  to move wins), `0` (a draw) or `-1` (a loss) with best play on both sides (an `int`:
  `1.0` or `inf` are not accepted, so convert the window's `float` back with `int`);
  `nodes` is the number of calls of your recursive search, the first call (on `board`)
  included, so at least 1.
- **Edge cases**:
  - Inside the search, a finished game counts as a visited position: worth `-1` to the
    player to move if the other player has just completed a line, `0` if the board is full,
    and the search does not go below it.
  - `alphabeta` itself is only asked about games in progress; if your own code asks about a
    finished board, `(-1, 1)` or `(0, 1)` is the answer that fits the rules above.
  - The node count of a position where a cut comes early can be small: it is compared with
    the reference's count on the same board, not with a fixed number.
  - The nodes graded are measured: 1 (the board given) + the uses of `play` during the call.
- **Hidden tests**: "values" (4 points, all or nothing): the same 30 positions as
  for `best_move`. "Nodes" (6 points, partial): 30 early positions drawn at random
  for you, with 2 or 3 marks; each earns its
  full share with a measured count from the reference's to 1.2 x the reference's count
  (rounded down), `allowance / yours` of it above, and `yours / reference` below (fewer
  positions than this alpha-beta visits: moves skipped, or boards made without `play`).
  Each call gets at most 2 seconds of CPU time, all calls of a cell 15 seconds (three times
  as much for the nodes, where each use of `play` is a round trip to the grader).
"""

END = """\
Then measure: how many positions does your alpha-beta visit from the empty board
(`["...", "...", "..."]`)? And a search without the cut (plain minimax)?
"""

def intro() -> str:
    """The introduction, with the grading table of the parts below."""
    return f"""\
# Problem set 5: tic-tac-toe, best moves and alpha-beta

Two players, X and O, mark the empty cells of a 3 x 3 board in turn, X first; whoever has
three marks in a row, a column or a diagonal wins, and a full board without one is a draw.
You write a player that never misses its best move, and the alpha-beta search that finds
values while looking at few positions (the article by P. Azalov, G3.1; lesson 07).

**Boards and moves.** A board is a list of three strings, the top row first: `["XO.",
".X.", "..O"]`. A move is the cell to mark, a tuple `(x, y)`: `x` the column (0 at the
left), `y` the row (0 at the bottom), as everywhere in the course; so `(0, 2)` is the top
left cell, `board[0][0]`. The counts of the marks say whose turn it is. The helpers below
(`cell`, `to_move`, `empty_cells`, `play`, `winner`) do the bookkeeping.

**Values.** A position's value is for the **player to move**: `1` if they win with best play
on both sides, `0` a draw, `-1` a loss.

## What you write

1. `best_move(board)`: the cell of a best move for the player to move.
2. `alphabeta(board)`: the pair `(value, nodes)`, the board's value and how many positions
   your alpha-beta search visited.

## How it is graded

{scheme_table(PARTS)}

The table counts **points**, not tests.

- `best_move`, hidden tests (partial points): {HIDDEN_COUNT} positions of games in progress,
  each with a move worse than the best: {FORK_COUNT} where a fork decides, {FORK_COUNT} with a
  line of the opponent's to stop, the others any. They are drawn from a secret key of the
  course: each student gets their own positions, the same every time the notebook is graded.
  Winning, blocking and taking the centre is not enough: a fork (a move that makes two
  threats at once) wins, and a position where the opponent could fork must be defended. Each
  position where your move is a best one (any of them) earns an equal share: the points are
  6 x the share of positions, to two decimals. The visible tests give all their points or
  none.
- `alphabeta`, hidden "values" (4 points, all or nothing): the value must be right on every
  one of the {HIDDEN_COUNT} positions.
- `alphabeta`, hidden "nodes" (6 points, partial): {HIDDEN_COUNT} early positions (2 or 3
  marks, where the trees are big); on each your count is compared with the course's
  reference alpha-beta (the one described in part 2). Your count is **measured**: the board
  given plus one for each use of `play` during the call (the number you return is only
  shown). A position earns its full share when you visit from the reference's count to
  1.2 x it, `allowance / yours` above (twice the allowance: half) and `yours / reference`
  below. These points count only if every value is right. Plain minimax, without the cut,
  visits many times more positions and earns little here; a search that makes its boards
  without `play` is measured as visiting almost nothing and earns almost nothing.
- Types are checked exactly: a move is a tuple of two `int`; `(value, nodes)` is a tuple of
  two `int`.
- Each call must return within 1 second (`best_move`) or 2 seconds (`alphabeta`) of CPU time,
  and each test cell within 20 seconds.
- A failed test shows the board, your move, the opponent's answer that beats it and a
  better move.

Before you hand in, follow *How to check your work before handing in* at the end.
"""


# the code cells use the numbers the text states
for hidden in ("test_best_move_hidden", "test_alphabeta_hidden_values"):
    CODE.states(hidden, f"hidden_positions({HIDDEN_COUNT}, seed=hidden_seed(\"hidden positions\"), forks={FORK_COUNT})")
CODE.states("test_alphabeta_hidden_nodes", f"hidden_positions({HIDDEN_COUNT}, ")

PARTS = (
    CODE.part("1", "best_move(board)", PART1, "best_move", test_best_move_visible=2, test_best_move_hidden=6),
    CODE.part("2", "alphabeta(board)", PART2,
              "alphabeta", test_alphabeta_visible=2, test_alphabeta_hidden_values=4, test_alphabeta_hidden_nodes=6),
)

ASSIGNMENT = CODE.assignment(
    intro(), PARTS, END,
    references=("coursekit.solvers.gametree", "coursekit.games.tictactoe", "coursekit.games.tictactoe.checks",
                "coursekit.games.tictactoe.cli", "coursekit.games.tictactoe.board"),
    measured=("play",),
)
