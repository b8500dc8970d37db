"""Problem set 9, corners: the text, parts and points; its code cells are beside it."""

from __future__ import annotations

from make_assignment import Code, scheme_table

from coursekit.games.corners.checks import BUDGET_TIMES, COURSE_DEPTH, DEPTH, MOVE_LIMIT, PER_MOVE, PIECES
from coursekit.games.corners.openings import POOL_SIZE

CODE = Code.beside(__file__)


POSITION_COUNT = 20
#: the openings of the visible games (numbers for random_opening; the hidden ones are each student's own, from the
#: course's pool of checked openings, drawn from its key: coursekit.games.corners.openings)
E_VISIBLE = 20250510
COURSE_VISIBLE = 20250520
BUDGET_FLOOR_MS = 0.2

PART1 = f"""\
## Part 1: an evaluation (`evaluate`)

Write `evaluate(rules, state)`: a number that says how good `state` is **for the player to
move** (`state.turn`), larger the better. The graded player is the course's alpha-beta search
with your function, {DEPTH} move deep: it values the position after each of its moves with your
function (the opponent is to move there, so the lower the opponent's value, the better the move)
and plays the best. (Your function runs in a sandbox when the notebook is graded, where each
call costs a fraction of a millisecond; 2 moves deep the search would call it about a thousand
times a move, so the graded player looks 1 move ahead. In your own notebook, try
`alphabeta_strategy(depth=2, evaluate=evaluate)` from `coursekit.games.corners`.)

What makes a corners position good? The fewer steps your pieces still need, the better; one
piece left far behind (a *straggler*) costs more than its steps, because the last moves of a
game move it alone; a piece of the opponent's that stays in your target blocks a cell you must
fill; and near the move limit what counts is how many pieces are already in. The opponent's
position counts the same way, the other way round: the simplest good evaluation is *the
opponent's work left minus mine*.

### Specification: `evaluate(rules, state)`

- **Arguments**: `rules`, the rules (`rules.target(player)` and `rules.home(player)`, sets
  of cells; `rules.in_target(state, player)`, how many of `player`'s pieces stand in its
  target; `rules.move_limit`, moves a side; `rules.pieces`), and `state`, a position
  (`state.turn`, the player to move, `WHITE` (0) or `BLACK` (1); `state.pieces(player)`,
  that player's pieces, a tuple of cells with `.x` and `.y`; `state.moves_made`, the moves
  made by both sides, so `2 * rules.move_limit - state.moves_made` moves are left;
  `state.occupied`, the cells that hold a piece). `steps_to_target(rules, player, cell)`
  (given above) is a quick table lookup. Do not change the arguments.
- **Returns**: a number, an `int` or a `float`, finite, larger when the position is better
  for the player to move. `True` or `False`, a string, `None`, `nan` or infinity are refused,
  and so is a numpy number (turn it into a plain one with `float(...)`).
  Any scale will do: before the search sees your number `v` the grader turns it into
  `v / (1 + |v|)`, which keeps the order of your numbers and stays between -1 and 1, so that a
  game won (worth 1 to the search) counts more than any estimate.
- **Edge cases**:
  - Either side may be to move: write the value for `state.turn`, whichever side that is
    (your player plays White in some games and Black in others).
  - Finished games are never asked: the search values them itself (1 won, -1 lost, 0 a
    draw). A position where a side has no move at all (it passes) may be asked.
  - Speed: the search asks about every move's position (up to about 40 a move). Each call may
    take on average {BUDGET_TIMES} times the CPU time of the course's evaluation (one or two hundredths
    of a millisecond), so keep it well under a millisecond: no loops over every pair of cells;
    `steps_to_target` is a table lookup.
- **Hidden tests** (2 points, all or nothing): {POSITION_COUNT} positions of games still going
  on, from random play drawn for you, from the opening to the last moves, White or
  Black to move: a finite number for each, each call within 1 second of CPU time.
"""

GAMES = f"""\
### How the games are played

- **The rules**: corners with {PIECES} pieces a side (3 x 3 corners), White first, at most
  {MOVE_LIMIT} moves a side. The first side to fill its target wins (if White fills it first,
  Black has one more move, and a draw if that fills Black's too); after {MOVE_LIMIT} moves a
  side, the side with more pieces in its target wins, equal counts draw.
- **The opening**: each game starts after two random moves of each side, drawn from the
  opening's number (`random_opening` in `coursekit.games.corners`), so games differ. The
  openings of the hidden games come from the course's own pool of {POOL_SIZE} checked openings,
  drawn from a secret key of the course (on each, the reference evaluation earns full points
  from both sides against both opponents); the key picks yours, two different ones in each
  part, the same every time the notebook is graded. In your own notebook the hidden cells play
  a public practice pool instead, so a table of its positions earns nothing. Feedback names a
  hidden opening by its place in the pool. Each opening is played twice: your player White,
  then Black.
- **Your player**: the course's alpha-beta search, {DEPTH} move deep, with your `evaluate`
  (squeezed as the specification says), the course's move order and a transposition table; it
  plays the first best move in that order. So `evaluate` is all you write: two evaluations
  that rank every position alike play the same games.
- **Time** counts the **CPU time** of your `evaluate` (the time it computes, not the clock, so a
  busy machine changes nothing). Each call may take on average {BUDGET_TIMES} times the CPU time
  of a call of the course's evaluation (`evaluate` in `coursekit.games.corners`), measured on the
  same machine when the test runs (at least {BUDGET_FLOOR_MS} ms a call): before each of your
  moves, all the calls of `evaluate` in the test cell so far may have used that budget per call,
  plus 0.25 s. When the notebook is graded, each call also crosses into the sandbox, and the
  budget there grows by what that costs. The calls of one move together may use
  {PER_MOVE:g} second. A move over the limit, an error or a refused number in `evaluate` loses
  that game at once (the message shows the position, or the calls made, their CPU time per call
  and the budget); the other games go on. The visible tests apply the same budget, so when they
  pass in time, the hidden ones do too.
- **Randomness**: before each game the grader seeds `random` where your code runs, so an
  evaluation that uses `random` plays the same games at every run.
"""

PART2 = f"""\
## Part 2: games against E's fixed player

Nothing new to write: your `evaluate` plays. E's computer player (source E, mended so that it
plays its jump chains from their start) looks three of its own moves ahead, ignores the
opponent, and values cells with E's table (`StTab`). It races well but never blocks and never
sees your pieces coming.

{GAMES}
### Specification: `evaluate(rules, state)` against E's fixed player

- **Games**: each opening played twice (you White, then Black) against
  `source_strategy(fixed=True)` of `coursekit.games.corners`.
- **Score**: a win counts 1, a draw 1/2, a loss 0 (a refused move loses).
- **Hidden tests** (6 points, partial): two test cells of 3 points, one opening each (two
  different openings of the pool, picked for you), 2 games each: 3 x score / 2 points in each
  cell, to two decimals.
"""

PART3 = f"""\
## Part 3: games against the course's player

The same search as yours, {COURSE_DEPTH} moves deep (its move and your reply), with the course's
evaluation (`evaluate` in `coursekit.games.corners`): the work left (pieces outside the target, their steps, the last
straggler once more, and crowding in the target), an opponent's piece in a side's target as a
cost to that side, and the count of pieces in each target near the move limit. It looks one
move further ahead than your player: a good evaluation makes up for that.

### Specification: `evaluate(rules, state)` against the course's player

- **Games**: each opening played twice (you White, then Black) against
  `alphabeta_strategy(depth={COURSE_DEPTH})` of `coursekit.games.corners`, the course's evaluation;
  the rules, openings and time limits as in part 2.
- **Score**: a win counts 1, a draw 1/2, a loss 0; **full points at a score of half the
  games** (as good as the course's player), less below:
  points x min(1, 2 x score / games).
- **Hidden tests** (6 points, partial): two test cells of 3 points, one opening each (two
  different openings of the pool, picked for you), 2 games each: 3 x min(1, score) points in
  each cell, to two decimals.
"""

END = """\
Then try: play your evaluation against the course's player on more openings:
`play_games(evaluate, "course", range(10))` (from `coursekit.games.corners.checks`)
plays 20 games and returns them (`game.score` is 1, 1/2 or 0; `game.line()` says how it
ended). Which of your terms wins the most games when you leave it out?
"""

def intro() -> str:
    """The introduction, with the grading table of the parts below."""
    return f"""\
# Problem set 9: corners

A game from the course's sources (E's "corners", *ugolki*). Each side races its pieces into
the opposite corner, the other side's starting corner (its **target**). Here each side has
{PIECES} pieces in a 3 x 3 corner: White starts at the bottom right and moves first, Black at
the top left. A move is a **step** (one cell left, right, up or down, to an empty cell) or a
**jump chain** (over a piece of either colour next to it, to the empty cell just beyond, again
and again if you like, never back to a cell of the chain). Pieces are never taken. The first
side to fill its target wins; after {MOVE_LIMIT} moves a side, the side with more pieces in its
target wins.

A cell is `Coord(x, y)`, `(0, 0)` at the bottom left; White's target is the top-left 3 x 3
corner, Black's the bottom-right one. `board_text(state)` draws a position: `W` White's pieces,
`B` Black's, the top row first.

## What you write

`evaluate(rules, state)`: how good a position is for the player to move, a number. Part 1
checks it on positions; then the course's alpha-beta player, with your evaluation, plays games
against E's program (part 2) and against the course's own player (part 3).

## How it is graded

{scheme_table(PARTS)}

The table counts **points**, not tests.

- Part 1, visible tests (all or nothing): on 6 positions `evaluate` returns a finite number,
  an `int` or a `float`. Hidden tests (all or nothing): the same on {POSITION_COUNT} positions
  from random play. A refused answer is explained with the position.
- Part 2 and part 3, visible tests (all or nothing): one opening played from both sides; they
  pass when both games are played to their end, won or not (a game not won is shown: the
  opening, the final position, who won and by how much).
- Part 2, hidden tests (partial points): against E's fixed player, two openings drawn for you
  from a pool of {POOL_SIZE} checked openings, each played from both sides; a win counts 1, a
  draw 1/2, a loss 0, and each cell gives **3 x score / 2 points** (to two decimals).
- Part 3, hidden tests (partial points): the same against the course's player, with **full
  points at a score of half the games**: each cell gives **3 x min(1, score) points**.
- Time is the CPU time of `evaluate`: on average {BUDGET_TIMES} x the course's evaluation's CPU
  time a call (measured on the grading machine as the test runs), at most {PER_MOVE:g} second in
  one move. A move over the limit, an error in `evaluate` or a refused number loses that game
  at once, explained; the other games go on. Once the calls of a test cell are over their
  budget, every game left is lost.

  For comparison, on one draw of openings each: the reference evaluation (the opponent's work
  left less yours: steps, the last straggler, pieces outside, the opponent's pieces in your
  target, the count near the move limit) gets 12 of 12 on every draw (the pool holds only
  openings where it does);
  **always 0** (the course's move order alone) 1.5 of 6 against E and 1.5 of 6 against the
  course's player; **your pieces in the target less the opponent's** 3 of 6 against E and 4.5
  of 6 against the course's player. Four games an opponent are few: luck counts (your openings
  are your own, so the same evaluation can earn a few points more or less on another draw),
  and a better evaluation has more of it.

Before you hand in, follow *How to check your work before handing in* at the end.
"""


# the code cells use the numbers the text states
CODE.states("test_evaluate_hidden", f"random_positions({POSITION_COUNT}, ")
CODE.states("test_games_e_visible", f"opening number {E_VISIBLE},", f'"E", [{E_VISIBLE}]')
CODE.states("test_games_course_visible", f"opening number {COURSE_VISIBLE},", f'"course", [{COURSE_VISIBLE}]')

#: The functions that hold the reference answer (the course's evaluation and its terms, E's player), by the module
#: of coursekit.games.corners that defines each.
REFERENCES = {
    "evaluate": "players", "side_work": "players", "remaining_work": "players", "race": "players",
    "blocked": "players", "walled": "players", "source_choice": "source", "source_strategy": "source",
}

PARTS = (
    CODE.part("1", "evaluate(rules, state)", PART1, "evaluate", test_evaluate_visible=2, test_evaluate_hidden=2),
    CODE.part("2", "evaluate(rules, state) against E's fixed player", PART2,
              test_games_e_visible=2, test_games_e_hidden_1=3, test_games_e_hidden_2=3),
    CODE.part("3", "evaluate(rules, state) against the course's player", PART3,
              test_games_course_visible=2, test_games_course_hidden_1=3, test_games_course_hidden_2=3),
)

ASSIGNMENT = CODE.assignment(
    intro(), PARTS, END,
    # the rest of coursekit.games.corners (the rules, BLACK, WHITE, the alpha-beta player) is the students' to use;
    # each function is named as the package re-exports it and in the module that defines it (its qualname)
    references=tuple(f"coursekit.games.corners.{name}" for name in REFERENCES)
    + tuple(f"coursekit.games.corners.{module}.{name}" for name, module in REFERENCES.items())
    + ("coursekit.games.corners.checks", "coursekit.games.corners.openings"),
)
