"""Write the source notebook of problem set 6 (the basket and the crawler), ``source/ps06/ps06.ipynb``.

Run it after editing a cell (``python assignments/make_ps06.py``; ``--check`` only checks).
The cell kinds and the writing are in ``make_assignment.py``.
"""

from __future__ import annotations

import sys

from make_assignment import Assignment, Part, given, handing_in, scheme_table, solution, tests
from make_assignment import main as write_or_check

BASKET_COUNT = 30
BASKET_LOSING = 6
C_GAMES = 10
RANDOM_GAMES = 20
TOTAL_SECONDS = 5

SETUP = """\
# The crawler's bookkeeping (part 2). The basket (part 1) needs none.
STEPS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def neighbours(point, width, height):
    \"\"\"The lattice points one step from `point`: left, right, down, up (those inside the lattice).\"\"\"
    x, y = point
    return [(x + dx, y + dy) for dx, dy in STEPS if 0 <= x + dx < width and 0 <= y + dy < height]


def legal_moves(line, width, height):
    \"\"\"Every move (end, new point). Before the first move: every unit segment, both ways round.
    Later: from the head line[0], then from the tail line[-1], never straight back along the line.\"\"\"
    if not line:
        return [((x, y), point) for y in range(height) for x in range(width)
                for point in neighbours((x, y), width, height)]
    head, tail = line[0], line[-1]
    moves = [(head, point) for point in neighbours(head, width, height) if point != line[1]]
    moves += [(tail, point) for point in neighbours(tail, width, height) if point != line[-2]]
    return moves


def closes(line, move):
    \"\"\"Whether the move closes the line (its new point is on the line already): the mover wins.\"\"\"
    return move[1] in line


def play(line, move):
    \"\"\"The line after a move that does not close: the new point added at its end. `line` is not changed.\"\"\"
    if not line:
        return list(move)
    end, new = move
    return [new, *line] if end == line[0] else [*line, new]


example = [(2, 2), (3, 2), (3, 3)]
print("moves:", legal_moves(example, 6, 5))
print("after ((2, 2), (2, 3)):", play(example, ((2, 2), (2, 3))), " closes:", closes(example, ((2, 2), (2, 3))))
"""

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

BASKET_MOVE = """\
def basket_move(left, cap):
    \"\"\"A move (colour, balls) that wins from `left` if any does; else a legal move.\"\"\"
    ### BEGIN SOLUTION
    values = [grundy(balls, cap) for balls in left]
    total = 0
    for value in values:
        total ^= value
    if total:
        for colour, balls in enumerate(left):
            most = balls if cap is None else min(balls, cap)
            for put in range(1, most + 1):
                if grundy(balls - put, cap) == values[colour] ^ total:
                    return (colour, put)
    colour = next(colour for colour, balls in enumerate(left) if balls)
    return (colour, 1)


def grundy(balls, cap):
    \"\"\"The Grundy value of one colour with `balls` left: the balls, or the balls mod (cap + 1) with a cap.\"\"\"
    return balls if cap is None else balls % (cap + 1)
    ### END SOLUTION
"""

BASKET_VISIBLE = """\
# Visible tests for basket_move: a few positions, with and without a cap.
from coursekit.grading.basket import check_basket_move

check_basket_move(basket_move, [
    ([3, 3, 3], None), ([1, 2, 3], None), ([5, 0, 7], None), ([3, 3, 2], 2), ([1, 3], 2), ([4, 4, 4, 4], 3),
    ([10, 7, 2, 5, 8, 1], 4), ([0, 6], 4),
])
print("basket_move: the visible tests pass")
"""

BASKET_HIDDEN = f"""\
# Hidden tests for basket_move. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.grading.basket import hidden_positions, score_basket_move
from coursekit.grading.secret import hidden_seed

hidden_baskets = hidden_positions({BASKET_COUNT}, seed=hidden_seed("test_basket_move_hidden"), losing={BASKET_LOSING})
score_basket_move(basket_move, hidden_baskets, 6)
### END HIDDEN TESTS
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

CRAWLER_MOVE = """\
def crawler_move(line, width, height):
    \"\"\"The segment (end, new point) to draw on the `width` x `height` lattice, the line being `line`.\"\"\"
    ### BEGIN SOLUTION
    if not line:
        x, y = (width - 1) // 2, (height - 1) // 2
        return ((x, y), (x + 1, y)) if width % 2 == 0 else ((x, y), (x, y + 1))
    moves = legal_moves(line, width, height)
    closing = [move for move in moves if closes(line, move)]
    if closing:
        return closing[0]
    mirror = [move for move in moves if is_mirrored(play(line, move), width, height)]
    if mirror:
        return mirror[0]
    safe = [move for move in moves
            if not any(closes(play(line, move), reply) for reply in legal_moves(play(line, move), width, height))]
    return (safe or moves)[0]


def is_mirrored(line, width, height):
    \"\"\"Whether the line is its own image through the middle of the lattice (read from the other end).\"\"\"
    return [(width - 1 - x, height - 1 - y) for x, y in line] == line[::-1]
    ### END SOLUTION
"""

CRAWLER_VISIBLE = """\
# Visible tests for crawler_move: legal moves, and a closing move wherever there is one (6 x 5).
# Then one game against each opponent, shown and not graded.
from coursekit.grading.crawler import check_crawler_move, show_games

check_crawler_move(crawler_move, [
    [], [(2, 2), (3, 2)], [(1, 1), (2, 1), (2, 2)], [(0, 0), (1, 0), (1, 1), (0, 1)],
    [(3, 1), (3, 2), (2, 2), (2, 3), (3, 3)], [(5, 4), (5, 3), (4, 3), (4, 4)],
])
print("crawler_move: the visible tests pass")
_ = show_games(crawler_move)
"""

CRAWLER_HIDDEN_C = f"""\
# Hidden tests for crawler_move: {C_GAMES} games against C's player. Partial points: the number printed last.
### BEGIN HIDDEN TESTS
from coursekit.grading.crawler import score_games
from coursekit.grading.secret import hidden_seed

score_games(crawler_move, "C", games={C_GAMES}, seed=hidden_seed("test_crawler_move_hidden_c"), points=6)
### END HIDDEN TESTS
"""

CRAWLER_HIDDEN_RANDOM = f"""\
# Hidden tests for crawler_move: {RANDOM_GAMES} games against a random player. Partial points: the number printed last.
### BEGIN HIDDEN TESTS
from coursekit.grading.crawler import score_games
from coursekit.grading.secret import hidden_seed

score_games(crawler_move, "random", games={RANDOM_GAMES}, seed=hidden_seed("test_crawler_move_hidden_random"), points=4)
### END HIDDEN TESTS
"""

END = """\
Then try: from which of the positions `([2, 2], None)`, `([2, 2], 1)`, `([5, 6], 2)` does the
player to move win, and with which moves? And on a 5 x 5 lattice (both sides odd) the middle
is a point, not the middle of a segment: does your crawler plan still work there?
"""

PARTS = (
    Part("1", "basket_move(left, cap)", (
        given("part1", PART1),
        solution("basket_move", BASKET_MOVE),
        tests("test_basket_move_visible", BASKET_VISIBLE, 2),
        tests("test_basket_move_hidden", BASKET_HIDDEN, 6),
    )),
    Part("2", "crawler_move(line, width, height)", (
        given("part2", PART2),
        solution("crawler_move", CRAWLER_MOVE),
        tests("test_crawler_move_visible", CRAWLER_VISIBLE, 2),
        tests("test_crawler_move_hidden_c", CRAWLER_HIDDEN_C, 6),
        tests("test_crawler_move_hidden_random", CRAWLER_HIDDEN_RANDOM, 4),
    )),
)


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
  take {TOTAL_SECONDS} seconds (after that, every game left is lost): a quick rule is enough,
  no search is needed.

Before you hand in, follow *How to check your work before handing in* at the end.
"""


ASSIGNMENT = Assignment(
    "ps06",
    opening=(given("intro", intro()), given("setup", SETUP, code=True)),
    parts=PARTS,
    closing=(handing_in("ps06", END),),
    references=("coursekit.games.basket", "coursekit.games.crawler", "coursekit.views.crawler",
                "coursekit.solvers.gametree", "coursekit.grading.basket", "coursekit.grading.crawler",
                "coursekit.cli.basket", "coursekit.cli.crawler", "coursekit.widgets.basket",
                "coursekit.widgets.crawler"),
)


def main(argv: list[str]) -> int:
    """Write the notebook; with ``--check``, only say whether the file is up to date."""
    return write_or_check(ASSIGNMENT, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
