"""Problem set 6, the basket and the crawler: the text, parts and points; its code cells are beside it."""

from __future__ import annotations

from make_assignment import Code, scheme_table

from coursekit.games.crawler.checks import TOTAL_SECONDS

CODE = Code.beside(__file__)


BASKET_COUNT = 30
BASKET_LOSING = 6
C_GAMES = 10
RANDOM_GAMES = 20

PART1 = """\
## Part 1: the basket (`basket_move`)

Return a move `(colour, balls)` for the player to move, given `left` (the balls left of each
colour; some may be 0) and `cap` (the most balls one move may put, or `None`). From a
position the player to move can win, your move must win: after it the opponent must lose
whatever they do. From a position that is lost anyway, any legal move will do.

The theory (lesson 03, section "Several pieces: sums of games"; worked through for the basket
in lesson 09, sections "The basket is Nim" and "The cap: subtraction games"): one colour
alone is a take-away game whose Grundy value
is its balls left, or with a cap `k` its balls left mod `k + 1`; the basket is the sum of its
colours, so the player to move loses exactly when the Nim sum, the XOR (`^`) of the Grundy
values, is 0. A winning move changes one colour so that the Nim sum becomes 0.

### Specification: `basket_move(left, cap)`

- **Arguments**: `left`, a list of whole numbers (`int`), one per colour (2 to 6 colours in
  the tests), each 0 or more, at least one of them above 0; `cap`, a whole number of 1 or
  more (2, 3 or 4 in the tests), or `None` for no cap. Do not change `left`.
- **Returns**: a move, a tuple of exactly two `int` `(colour, balls)` (a list is not
  accepted): `colour` an index of `left` whose colour has balls left, and `balls` from 1 to
  `left[colour]`, and at most `cap` when there is a cap.
  - From a **winning** position (Nim sum not 0): a move after which the Nim sum is 0 (any
    of them).
  - From a **losing** position (Nim sum 0): any legal move.
- **Edge cases**:
  - A colour with 0 balls left cannot be chosen, even when its Grundy value would suit.
  - With a cap, a winning move may need fewer balls than a colour has; a cap larger than
    every colour changes nothing (the game is then Nim).
  - A single colour with balls left: put all of them in if you may (no cap, or at most `cap`
    balls left), which wins at once; otherwise leave a multiple of `cap + 1` if you can.
  - `left` with no ball at all is never asked: the game is over (the previous player put
    the last ball in) and there is no move; if your own code asks, raise an error rather
    than return a move.
- **Hidden tests** (6 points, partial): 30 different positions drawn at random for you,
  each with 2 to 6 colours of 0 to 12 balls (some ball left) and a cap of `None`, 2, 3 or 4:
  24 won for the player to move, then 6 lost. Each earns an equal share. Each call gets at
  most 1 second, all calls 15 seconds.
"""

PART2 = """\
## Part 2: the crawler (`crawler_move`)

Return the segment to draw, `(end, new point)`, for the player to move on a `width` x `height`
lattice where the line is `line` (empty before the first move). Your player is graded as
the **first player** on C's lattice, 6 x 5, from the empty lattice: draw the first segment,
then answer each of the opponent's moves, until someone closes the line.

Whatever else you do, close the line when you can (that wins at once), and avoid a move
after which the opponent can close it. The first player can win on 6 x 5 against any
opponent: look at the middle of the lattice (6 is even, 5 is odd), and at what a line looks
like when it is its own image turned half a turn about that middle.

### Specification: `crawler_move(line, width, height)`

- **Arguments**: `width` and `height`, whole numbers, the lattice's columns and rows of
  points (6 and 5 in every test); `line`, a list of points `(x, y)` (tuples of two `int`),
  head first: empty before the first move, else at least two points, all different, each
  one step from the next. The line is not closed yet: it is your turn. Do not change
  `line` (`play` makes a new list).
- **Returns**: a segment, a tuple of exactly two points, each a tuple of two `int`:
  `(end, new point)` as `legal_moves(line, width, height)` lists them (the other way round is
  read the same). On the empty lattice, any unit segment; later, from the head or the tail
  to a neighbouring point inside the lattice, never straight back along the line.
- **Edge cases**:
  - The empty line (`[]`): your first move; any unit segment is legal.
  - A move that closes the line (to a point already on it) wins at once: return one
    whenever there is one (the visible tests require it).
  - A line of two points: each end's only forbidden step is onto the other end.
  - On a lattice of at least 2 x 2 some move is always legal, so you never have to pass; a
    closed line is never asked (the game is over).
- **Hidden tests**: your player moves first on 6 x 5 from the empty lattice. Against C's
  player (6 points, partial): 10 games. Against a random player (4 points, partial): 20
  games, the opponent's moves drawn from the legal ones. Before each game the grader seeds
  `random` where your code runs, so a player that draws at random plays the same games every
  time your notebook is graded. Each game won earns an equal share;
  an illegal or malformed move, an error or a call over the limit loses that game only.
  Each call gets at most 1 second, all your calls in a cell 5 seconds.
"""

END = """\
Then try: from which of the positions `([2, 2], None)`, `([2, 2], 1)`, `([5, 6], 2)` does the
player to move win, and with which moves? And on a 5 x 5 lattice (both sides odd) the middle
is a point, not the middle of a segment: does your crawler plan still work there?
"""

def intro() -> str:
    """The introduction, with the grading table of the parts below."""
    return f"""\
# Problem set 6: the basket and the crawler

Two games from the course's sources, each with a player to write.

**The basket** (source B). There are balls of several colours; two players take turns, and
a move puts one or more balls of a single colour in the basket (with a *cap*, at most that
many at once). Whoever puts the last ball in wins. A position is `left`, a list of the balls
left of each colour (colour 0 is red, 1 blue, 2 green, ...; a colour may have 0 left), and
`cap`, an `int` or `None` (no cap). A move is a tuple `(colour, balls)`: `(2, 3)` puts 3
green balls in.

**The crawler** (source C). Two players draw one line on a lattice of points, `(0, 0)` at
the bottom left (`x` the column, `y` the row, as everywhere in the course). The first move
draws any unit segment; each later move adds one unit segment at either end of the line,
never straight back along it. Whoever moves to a point already on the line **closes** it
and wins. The line is a list of points `(x, y)` from one end (the head, `line[0]`) to the
other (the tail, `line[-1]`), empty before the first move. A move is a segment, a tuple of
two points `(end, new point)`: `((3, 2), (3, 3))` draws from the end `(3, 2)` up to `(3, 3)`
(written the other way round it is read the same). The helpers below (`neighbours`,
`legal_moves`, `closes`, `play`) do the bookkeeping.

## What you write

1. `basket_move(left, cap)`: a move that wins whenever the player to move can win.
2. `crawler_move(line, width, height)`: a crawler player that wins as the first player on
   6 x 5.

## How it is graded

{scheme_table(PARTS)}

The table counts **points**, not tests.

- `basket_move`, visible tests (all or nothing): on 8 positions the move must be legal, and
  winning where a win exists. A failed test shows the position, the Grundy values and their
  Nim sum, why your move loses (the opponent's winning reply) and a winning move.
- `basket_move`, hidden tests (partial points): {BASKET_COUNT} positions drawn at random from
  a secret key of the course (each student their own, the same every time the notebook is
  graded), each with 2 to 6 colours of 0 to 12 balls and a cap of `None`, 2, 3 or 4;
  {BASKET_COUNT - BASKET_LOSING} of them are won for the player to move (your move must win:
  any winning move counts) and {BASKET_LOSING} are lost (any legal move counts). Each
  position earns an equal share: the points are 6 x the share of positions, to two decimals.
  An illegal move earns nothing for its position and is explained.
- `crawler_move`, visible tests (all or nothing): on 6 positions of the 6 x 5 lattice the
  move must be legal, and close the line wherever a closing move exists. One game against
  each opponent is then shown (not graded).
- `crawler_move`, hidden tests (partial points): your player moves first on 6 x 5 from the
  empty lattice.
  - Against C's player (its van Emden search; it moves second): {C_GAMES} games, 6 points.
  - Against a random player (each move drawn from the legal ones with a seeded generator):
    {RANDOM_GAMES} games, 4 points.

  Each game won earns an equal share: the points are 6 (or 4) x the share of games won, to
  two decimals. C's player has no chance in it: a player of yours without chance plays the
  same game {C_GAMES} times. Before each game the grader seeds the `random` module where your
  code runs, so a player that uses it plays the same games at every run. A move that is illegal,
  is not a segment, raises an error or runs too long loses that game, and the first game
  lost is explained; the other games are still played.
- Types are checked exactly: a basket move is a tuple of two `int`; a segment is a tuple of
  two tuples of two `int`.
- Each call must return within 1 second. In each crawler test all your calls together may
  take {TOTAL_SECONDS:g} seconds (after that, every game left is lost): a quick rule is enough,
  no search is needed.

Before you hand in, follow *How to check your work before handing in* at the end.
"""


# the code cells use the numbers the text states
CODE.states("test_basket_move_hidden", f"hidden_positions({BASKET_COUNT}, ", f"losing={BASKET_LOSING})")
CODE.states("test_crawler_move_hidden_c", f"games={C_GAMES},")
CODE.states("test_crawler_move_hidden_random", f"games={RANDOM_GAMES},")

PARTS = (
    CODE.part("1", "basket_move(left, cap)", PART1,
              "basket_move", test_basket_move_visible=2, test_basket_move_hidden=6),
    CODE.part("2", "crawler_move(line, width, height)", PART2,
              "crawler_move", test_crawler_move_visible=2, test_crawler_move_hidden_c=6,
              test_crawler_move_hidden_random=4),
)

ASSIGNMENT = CODE.assignment(
    intro(), PARTS, END,
    references=("coursekit.games.basket.rules", "coursekit.games.basket.players", "coursekit.games.basket.source",
                "coursekit.games.basket.winning_moves", "coursekit.games.basket.nim_sum",
                "coursekit.games.basket.grundy_value", "coursekit.games.basket.perfect_strategy",
                "coursekit.games.basket.cli", "coursekit.games.basket.board", "coursekit.games.crawler.rules",
                "coursekit.games.crawler.players", "coursekit.games.crawler.source", "coursekit.games.crawler.search",
                "coursekit.games.crawler.winning_moves", "coursekit.games.crawler.who_wins",
                "coursekit.games.crawler.closing_first", "coursekit.games.crawler.source_choice",
                "coursekit.games.crawler.source_strategy", "coursekit.games.crawler.symmetry_strategy",
                "coursekit.games.crawler.perfect_move", "coursekit.games.crawler.perfect_strategy",
                "coursekit.games.crawler.cli", "coursekit.games.crawler.board", "coursekit.solvers.gametree",
                "coursekit.games.basket.checks", "coursekit.games.crawler.checks"),
)
