# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 09 The basket: a table of win marks, and Nim
#
# The source B is a programmer's web article (in Russian) about a small game he met in a
# quest of a computer game. Two players put balls of three colours in a basket; whoever
# puts the last ball wins. B wrote a computer player with a **difficulty level**: it looks
# a number of moves ahead, writes what it sees in a table of win marks, weighs the table
# and picks the best column.
#
# In this lesson we play the game, rebuild B's table by hand on B's own worked example
# (and get B's printed arrays back exactly), see where B's reasoning goes wrong, and
# **measure** what looking further ahead buys. Then the theory of lesson 03 settles the
# game completely: the basket is **Nim**, and with a limit on the balls per move each
# colour becomes a **subtraction game**.

# %%
import itertools
import random
from collections import Counter, namedtuple
from fractions import Fraction
from functools import cache
from html import escape

from IPython.display import SVG, display

from coursekit import ImpartialSolver, Player, play, render
from coursekit.core import ImpartialView
from coursekit.games import basket
from coursekit.solvers import gametree

# %% [markdown]
# ## The rules
#
# *Source B (a programmer's web page on the basket game; see [Sources](sources.md)), its
# opening paragraphs, translated from the Russian:*
#
# > I came across this game when I was playing *Space Rangers* (it was a task in one of
# > the quests). The game seemed interesting to me, and I decided to write my own version.
# > I also wanted to add a way of setting the difficulty level.
# >
# > The rules of the game are very simple. Two players in turn put balls of three colours
# > (red, blue and green) into a basket. Three balls of each colour have to be put in all.
# > In one move a player may put one or several balls, of one colour only: for example,
# > two red, or three blue, or one green, and so on. Whoever puts the last ball wins.
#
# B's rules, then: there are three colours, **red**, **blue** and **green**, and three balls of
# each. The players take turns; a move puts **one or more balls of a single colour** in
# the basket (two red, or three blue, or one green, ...), never more than that colour has
# left. **Whoever puts the last ball wins.**
#
# The course generalises the game to `basket.Basket(colours, balls, cap)`: c colours (up to six)
# of n balls each, and, if you like, a **cap**: at most k balls in one move. A move is a
# `basket.Put(colour, balls)`, with the colours numbered 0 (red), 1 (blue), 2 (green), ...; it
# prints as a letter and a number, `R2` for two red balls. A state says how many balls of
# each colour are still **left** to put, and whose turn it is.

# %%
rules = basket.Basket()
start = rules.initial_state()
print(start)
display(SVG(basket.view.basket_svg(start)))
print(*rules.legal_moves(start))

# %% [markdown]
# B counts the moves from the empty basket: "nine different moves", three colours times
# one, two or three balls. Later moves are fewer: a colour with one ball left offers one
# move, a colour with none offers nothing.

# %%
assert len(rules.legal_moves(start)) == 9
assert [str(m) for m in rules.legal_moves(rules.position((1, 0, 2)))] == ["R1", "G1", "G2"]

# %% [markdown]
# Four colours of five balls, with at most two balls a move, make a larger game; the rules
# say why a move is refused:

# %%
capped = basket.Basket(4, 5, cap=2)
print(capped.initial_state())
print(len(capped.legal_moves(capped.initial_state())), "moves at the start")
print(capped.why_illegal(capped.initial_state(), basket.Put(1, 3)))
assert len(capped.legal_moves(capped.initial_state())) == 4 * 2

# %% [markdown]
# Here is a game: B's player at difficulty level 3 moves first, against a player who
# picks any legal move at random. Each of them draws its random choices from one
# [seeded generator](python-primer.md#random), so the game is the same every time the
# lesson runs.

# %%
rng = random.Random(1)
game = play(rules, [Player("B, depth 3", basket.source_strategy(3, rng)),
                    Player("random", basket.random_strategy(rng))])
print(game)

# %% [markdown]
# The picture of a game draws the balls of the start, each numbered by the move that put
# it in the basket:

# %%
SVG(basket.view.record_svg(game))

# %% [markdown]
# ## B's table, step by step
#
# B explains how its computer player chooses a move in a few paragraphs and two arrays.
# Here they are in full, before we take them apart.
#
# *Source B (see [Sources](sources.md)), the choice of a move, translated from the
# Russian:*
#
# > Let us look more closely at how the optimal move is chosen. If there are no balls in
# > the basket, nine different moves can be made; in every other case there are fewer
# > possible moves. The depth of analysis (that is, the number of moves calculated) is set
# > by the current difficulty level. Suppose it is three. That means we must check all our
# > possible moves, then calculate all the player's moves, and then analyse again how we
# > can [move] after the player's move.
# >
# > To store all these data I used a two-dimensional array. The number of columns is the
# > largest possible number of moves (nine), and the number of rows is the depth of
# > analysis (three). You have probably noticed that an array of this size cannot hold
# > information about all possible moves. But we do not need that: we want to choose the
# > best move at this moment, and at the next move we make a new analysis. In the array we
# > record whether a given move leads to a win or not. In the first row each cell
# > corresponds to a possible move. If the move is possible and leads to a win (the basket
# > is full), we write "1" in its cell; if the basket is not full after the move, "0"; and
# > "-127" if the move is impossible. In the second and further rows we record information
# > only about the best moves. That is, we calculate all the possible moves, but record
# > information only about the best of them.
# >
# > [*Fig. 1: a picture of the basket, not in our copy of the page*]
# >
# > Let us take the following example. Suppose the basket is filled as shown in fig. 1
# > (three green balls, one blue and one red). By the rules above the following array is
# > built (the first 3 elements of each row belong to red, the next 3 to blue, the last 3
# > to green):
#
# | 1 | 2 | 3 | 1 | 2 | 3 | 1 | 2 | 3 |
# |---|---|---|---|---|---|---|---|---|
# | 0 | 0 | -127 | 0 | 0 | -127 | -127 | -127 | -127 |
# | 0 | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 0 |
# | 1 | 1 | 0 | 1 | 1 | 0 | 0 | 0 | 0 |
#
# *Array 1*
#
# > The elements of the first row correspond to the possible moves. We have four possible
# > moves (1 red, 2 red, 1 blue, 2 blue), and none of them leads to a win. So elements 1,
# > 2, 4 and 5 of the first row have the value 0 (the move is possible but does not lead
# > to a win). All the other elements of the first row have the value "-127" (the move is
# > impossible). The second row holds the results of analysing the player's possible move.
# > As you see, elements 2 and 5 hold ones. This means that if we make the move of cell 2
# > or 5 of the first row (put 2 blue or 2 red balls), the computer can make a winning move
# > (put 2 red or 2 blue balls respectively). The third row holds four ones (elements 1, 2,
# > 4 and 5). Some explanation is needed here. Elements 1 and 4 are clear: they mean that
# > whatever move the player makes (the second row of the array), our next move will win.
# > But why do elements 2 and 5 hold ones? The point is that in the analysis we calculate
# > ALL possible moves, including the "stupid" ones. Let us look at the second column of
# > the array in detail. It is the move of two red balls. This move does not lead to a win
# > (a zero in the second cell of the first row). After it the player has two choices: to
# > put one green ball (a "stupid" move) or to put two green balls (a win). Since in the
# > analysis we enter in the table only the best move, the second cell of the second row
# > holds "1". The one in the third row is there because we can win if the player puts one
# > green ball.
# >
# > Next we have to analyse the data in the table. Clearly we should move either one red
# > (cell 1 of the first row) or one blue (cell 4 of the first row), since they certainly
# > lead to a win. I did this analysis as follows. First we create a new one-dimensional
# > array, each cell of which corresponds to a possible move. Then we fill it by the
# > following rules. If an element of array 1 holds "-127", we copy it into the
# > corresponding element of the new array. We give each row of array 1 a weight, in
# > decreasing order (the bottom row 1, the one before it 2, and so on). Then we add up
# > the elements of each column with their weights, that is, in the sum we multiply each
# > number by its weight; besides, the elements of even rows must be multiplied by "-1"
# > (for example, for the second column of our example we must compute 0\*3 + (-1)\*2 +
# > 1\*1). As a result the largest values go to the elements whose columns hold "1" in odd
# > rows (our move), and the closer the one is to the first row, the larger the number.
#
# | 1 | 2 | 3 | 1 | 2 | 3 | 1 | 2 | 3 |
# |---|---|---|---|---|---|---|---|---|
# | 1 | -1 | -127 | 1 | -1 | -127 | -127 | -127 | -127 |
#
# *Array 2*
#
# > Then all that is left is to find the largest element of array 2 (if there are several,
# > we pick any of them at random). That element is the optimal move.
#
# *Source B, the choice of a move: text and arrays as printed, translated. The arrays'
# top rows are B's headers, the number of balls each column puts.*
#
# Four slips in B's text are kept above. In "(put 2 blue or 2 red balls)" the colours are
# the wrong way round for cells 2 and 5, and the one who can then win is the opponent,
# not "the computer". In the second column's story the player puts one or two **blue**
# balls, not green: no green ball is left. And, as we shall see, one red and one blue do
# **not** "certainly lead to a win". The arrays themselves are right, and our program
# will give them back exactly.
#
# ### B's example
#
# B explains its method on one position, its figure 1: the basket already holds **three
# green balls, one blue and one red**. So two red and two blue balls are left, and no
# green; the computer is to move. Here is one way the basket got there (the balls
# numbered by the move that put them; the pale ones are still left):

# %%
def scripted(moves):
    """A strategy that plays the given moves in order (both players share it)."""
    queue = iter(moves)
    return lambda rules, state: next(queue)


script = scripted([basket.Put(2, 3), basket.Put(1, 1), basket.Put(0, 1)])
figure = play(rules, [Player("first", script), Player("second", script)], max_moves=3)
assert figure.final.left == (2, 2, 0)
SVG(basket.view.record_svg(figure))

# %% [markdown]
# The library keeps B's example as `basket.source_example()`: the rules, the position and
# B's depth of analysis, 3, a tuple we [unpack](python-primer.md#unpacking) into three names.

# %%
example_rules, example, example_depth = basket.source_example()
assert example.left == (2, 2, 0) and example_depth == 3
SVG(basket.view.basket_svg(example))

# %% [markdown]
# ### The columns and the first row
#
# B keeps its analysis in a two-dimensional array. It has one **column** per move that
# can ever be made, nine in all: red 1, 2, 3, then blue 1, 2, 3, then green 1, 2, 3. It
# has one **row** per move looked ahead: the depth, set by the difficulty level. With
# depth 3 the rows are our move, the opponent's reply, and our next move.
#
# The first row marks each move: **1** if it fills the basket (a win at once), **0** if
# it is possible but does not fill it, and **−127** if it is impossible. B does not say
# why −127: it is simply far below any score a possible move can get, so an impossible
# move is never chosen.

# %%
COLUMNS = [basket.Put(colour, balls) for colour in range(3) for balls in (1, 2, 3)]


def put(left: tuple, colour: int, balls: int) -> tuple:
    """The balls left after putting ``balls`` balls of ``colour`` in the basket."""
    after = list(left)
    after[colour] -= balls
    return tuple(after)


def first_row(left: tuple) -> list[int]:
    """B's first row: 1 if the column's move fills the basket, 0 if not, -127 if it is impossible."""
    row = []
    for colour, balls in COLUMNS:
        if balls > left[colour]:
            row.append(basket.IMPOSSIBLE)
        elif sum(put(left, colour, balls)) == 0:
            row.append(1)
        else:
            row.append(0)
    return row


assert basket.IMPOSSIBLE == -127
assert first_row((2, 2, 0)) == [0, 0, -127, 0, 0, -127, -127, -127, -127]
assert first_row((0, 0, 2)) == [-127, -127, -127, -127, -127, -127, 0, 1, -127]

# %% [markdown]
# ### The rows below: every line of play
#
# B goes on: "we check all our possible moves, then all the player's moves, and then
# again how we can answer". Row 2 of a column is marked 1 when, after the column's move,
# **some** reply fills the basket; row 3 when some reply followed by some answer fills it;
# and so on. B stresses that it tries *all* moves, "including the stupid ones", and writes
# down "only the best one": a cell is 1 if any line of play through it ends there.
#
# The search is a few lines: try every move at this level, mark the column when a move
# fills the basket, and go one level deeper while there are rows left.

# %%
def possible_moves(left: tuple) -> list[basket.Put]:
    """Every move that can be made when ``left`` balls are left, in B's column order."""
    return [move for move in COLUMNS if move.balls <= left[move.colour]]


def win_marks(left: tuple, depth: int) -> list[list[int]]:
    """B's Array 1: one row per move looked ahead, one column per move (COLUMNS)."""
    rows = [first_row(left)] + [[0] * len(COLUMNS) for _ in range(depth - 1)]

    def explore(left: tuple, level: int, column: int) -> None:
        # Every move at this level, whoever makes it; a move that fills the basket marks the row.
        for colour, balls in possible_moves(left):
            after = put(left, colour, balls)
            if sum(after) == 0:
                rows[level][column] = 1
            elif level + 1 < depth:
                explore(after, level + 1, column)

    for column, (colour, balls) in enumerate(COLUMNS):
        if rows[0][column] == 0 and depth > 1:
            explore(put(left, colour, balls), 1, column)
    return rows


# %% [markdown]
# B prints its table for the example: **Array 1** in the exhibit above, under its header
# row (the number of balls of each column). Our function gives it back exactly, and so
# does the library's `basket.source_table`:

# %%
B_ARRAY_1 = [
    [0, 0, -127, 0, 0, -127, -127, -127, -127],
    [0, 1, 0, 0, 1, 0, 0, 0, 0],
    [1, 1, 0, 1, 1, 0, 0, 0, 0],
]
B_ARRAY_2 = [1, -1, -127, 1, -1, -127, -127, -127, -127]

ours = win_marks(example.left, example_depth)
library = basket.source_table(example_rules, example, example_depth)
assert ours == B_ARRAY_1
assert [list(row) for row in library.rows] == B_ARRAY_1
assert [str(c) for c in library.columns] == [str(c) for c in COLUMNS]
print(library)

# %% [markdown]
# A picture of a table: a column per move, a row per move looked ahead; the green cells
# hold 1, the grey ones −127. When the second array is given it is drawn underneath, and
# the columns B may choose are framed.

# %%
def array_svg(rows, scores=None, title: str = "") -> str:
    """B's Array 1 (and Array 2 under it, if given) as a coloured table."""
    cw, ch, lw, top = 46, 26, 170, 44
    lines = [(f"row {d}: " + ("our move" if d % 2 else "their reply"), list(row)) for d, row in enumerate(rows, 1)]
    best = set()
    if scores is not None:
        lines.append(("Array 2: the score", list(scores)))
        top_score = max(s for s in scores if s != basket.IMPOSSIBLE)
        best = {c for c, s in enumerate(scores) if s == top_score}
    width, height = lw + cw * len(COLUMNS) + 10, top + ch * len(lines) + 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12" role="img">',
           f"<title>{escape(title)}</title>", f'<text x="4" y="14">{escape(title)}</text>']
    for c, move in enumerate(COLUMNS):
        out.append(f'<text x="{lw + c * cw + cw / 2}" y="{top - 8}" text-anchor="middle">{move}</text>')
    for r, (label, values) in enumerate(lines):
        y = top + r * ch + (6 if scores is not None and r == len(lines) - 1 else 0)
        out.append(f'<text x="4" y="{y + ch / 2 + 4}">{escape(label)}</text>')
        for c, v in enumerate(values):
            fill = ("#bdbdbd" if v == basket.IMPOSSIBLE else "#a1d99b" if v > 0 else "#fcbba1" if v < 0 else "#ffffff")
            frame = 'stroke="#000" stroke-width="2.5"' if c in best and r == len(lines) - 1 else 'stroke="#777"'
            out.append(f'<rect x="{lw + c * cw}" y="{y}" width="{cw}" height="{ch}" fill="{fill}" {frame}/>')
            out.append(f'<text x="{lw + c * cw + cw / 2}" y="{y + ch / 2 + 4}" text-anchor="middle">'
                       f'{"−127" if v == basket.IMPOSSIBLE else v}</text>')
    out.append("</svg>")
    return "".join(out)


SVG(array_svg(ours, title="B's Array 1 for its example: red 2, blue 2, green 0 left, depth 3"))

# %% [markdown]
# Read the columns as B does:
#
# - Row 1: four moves are possible (R1, R2, B1, B2) and none fills the basket.
# - Row 2, column R2: after two red, the opponent can put two blue and win. The 1 is a
#   warning. The same holds for B2.
# - Row 3, column R1: after one red (red 1, blue 2 left) the opponent may put two blue, and
#   then our one red fills the basket at the third move.
# - Row 3, column R2: after two red the opponent has two choices, and B's text (which says
#   "green" here, though no green is left; the arrays show it means blue) explains: two
#   blue win for the opponent, while one blue is a "stupid" move after which our one blue
#   wins. Since the search marks any line, row 3 is 1 too.
#
# So a 1 in a row means that **some** line of play fills the basket at that move,
# whoever chose the moves along it.

# %%
assert put(put((2, 2, 0), 0, 1), 1, 2) == (1, 0, 0)  # R1, then their B2: our R1 fills it at move 3
assert put(put((2, 2, 0), 0, 2), 1, 1) == (0, 1, 0)  # R2, then their "stupid" B1: our B1 fills it

# %% [markdown]
# ### Array 2: weights, signs and a random choice
#
# Then B turns each column into one number. Each row gets a **weight**, the bottom row 1,
# the one above it 2, and so on (with depth 3: 3, 2, 1). The rows of the opponent's
# moves, the even ones, count **negative**. An impossible move keeps −127. B's own sum
# for the second column is 0·3 + (−1)·2 + 1·1 = −1.
#
# The result: a column scores high when it has 1s in odd rows (our wins) and low when it
# has 1s in even rows (the opponent's), and the nearer to the top, the more a 1 weighs: a
# quick win counts more than a slow one, a quick loss hurts more.

# %%
def weigh(rows: list[list[int]]) -> list[int]:
    """B's Array 2: each column's rows times depth, depth - 1, ..., 1, even rows negated; -127 kept."""
    depth = len(rows)
    scores = []
    for column in range(len(rows[0])):
        if rows[0][column] == basket.IMPOSSIBLE:
            scores.append(basket.IMPOSSIBLE)
            continue
        total = 0
        for d, row in enumerate(rows, start=1):
            sign = 1 if d % 2 == 1 else -1
            total += sign * (depth - d + 1) * row[column]
        scores.append(total)
    return scores


assert 0 * 3 + (-1) * 2 + 1 * 1 == -1
assert weigh(B_ARRAY_1) == B_ARRAY_2
assert list(library.scores) == B_ARRAY_2

# %% [markdown]
# B's **Array 2** (in the exhibit above) is the same as ours.
#
# Last, B takes the largest score; "if there are several, we choose any of them at
# random". Here that is one red or one blue:

# %%
def best_columns(scores: list[int]) -> list[basket.Put]:
    """The moves whose score is the highest of the possible ones (B picks one at random)."""
    top = max(s for s in scores if s != basket.IMPOSSIBLE)
    return [move for move, s in zip(COLUMNS, scores, strict=True) if s == top and s != basket.IMPOSSIBLE]


assert best_columns(B_ARRAY_2) == [basket.Put(0, 1), basket.Put(1, 1)] == list(library.best)
picks = Counter(str(basket.source_choice(example_rules, example, 3, random.Random(seed))) for seed in range(100))
print("B's choice over 100 seeds:", dict(picks))
assert set(picks) == {"R1", "B1"}
SVG(array_svg(B_ARRAY_1, B_ARRAY_2, title="Array 2 under Array 1: B picks a framed column at random"))

# %% [markdown]
# ### What B gets wrong
#
# B concludes that one red or one blue "certainly lead to a win". They do not. Ask the
# solver of lesson 07: from red 2, blue 2, green 0 the player to move **loses**, whatever
# it plays.

# %%
verdict = gametree.solve(example_rules, example)
print(verdict)
assert verdict.outcome == "loss"
assert all(value == -1 for _move, value in verdict.moves)

# %% [markdown]
# The whole game tree from B's position is small enough to draw. Every value at the top is
# −1 for the player to move (player 0 here):

# %%
tree = gametree.minimax(example_rules, example, tree=True)
SVG(render.gametree.tree_svg(tree.tree, title="the game from B's example: every first move loses"))

# %% [markdown]
# The reason is simple. After our one red, the opponent answers **one blue**: red 1 and
# blue 1 are left, we must put one of them, and the opponent puts the last ball. After one
# blue, the opponent answers one red. That line is exactly the one B's table does not
# look at closely: in row 3 of column R1, the 1 comes from the opponent's B2 or R1, moves
# no sensible opponent makes. B's player against a perfect opponent never wins from here:

# %%
def play_from(state, first, second, seed: int):
    """One game from ``state`` between two strategy makers, sharing one seeded generator."""
    rng = random.Random(seed)
    return play(rules, [Player("B", first(rng)), Player("perfect", second(rng))], start=state)


lost = play_from(example, lambda rng: basket.source_strategy(3, rng), basket.perfect_strategy, seed=0)
print(lost)
assert all(play_from(example, lambda rng: basket.source_strategy(3, rng), basket.perfect_strategy, seed).winner == 1
           for seed in range(50))

# %% [markdown]
# The deeper trouble: **B's table is not a game search.** Minimax asks "is there a move of
# mine such that for *every* reply ...". B's table asks "is there *any* line of play that
# fills the basket at move d". Whether such a line exists does not depend on who chooses
# the moves at all: the balls left can be put in d more moves exactly when d lies between
# the **fewest** moves that can do it (one per colour left) and the **most** (one ball a
# move). Every number in between works too, because a move of two or more balls can be
# split in two. The library's `basket.finish_range` gives the two numbers, and
# `basket.source_table_fast` builds B's table from them alone, with no search. It is the same
# table as B's search, and as ours:

# %%
every_position = [rules.position(left) for left in itertools.product(range(4), repeat=3) if any(left)]
for state in every_position:
    for depth in range(1, 10):
        assert basket.source_table(rules, state, depth) == basket.source_table_fast(rules, state, depth)
    for depth in range(1, 4):
        assert win_marks(state.left, depth) == [list(r) for r in basket.source_table(rules, state, depth).rows]
print("B's search and the finish range give the same table on all", len(every_position), "positions, depths 1 to 9")

# %% [markdown]
# So the table cannot tell apart two positions that can be finished in the same numbers
# of moves. Red 2, blue 2 (B's example) and red 1, blue 3 can both be finished in 2 to 4
# moves, but the first is lost for the player to move and the second is won (put two
# blue). When B's player has red 2, blue 3 in front of it, one red leads to the won
# position (for the opponent) and one blue to the lost one, and at **every** depth B's
# table gives both moves the same score:

# %%
assert basket.finish_range((2, 2, 0)) == basket.finish_range((1, 3, 0)) == (2, 4)
assert gametree.solve(rules, rules.position((2, 2, 0))).outcome == "loss"
assert gametree.solve(rules, rules.position((1, 3, 0))).outcome == "win"
fork = rules.position((2, 3, 0))
for depth in range(1, 10):
    best = basket.source_table(rules, fork, depth).best
    assert basket.Put(0, 1) in best and basket.Put(1, 1) in best
assert basket.winning_moves(rules, fork) == (basket.Put(1, 1),)
SVG(array_svg(basket.source_table(rules, fork, 9).rows, basket.source_table(rules, fork, 9).scores,
              title="red 2, blue 3 at depth 9: R1 (loses) and B1 (wins) score the same"))

# %% [markdown]
# ## What the depth buys
#
# B's difficulty level is the depth. Does a deeper table play better? B's player moves
# first, at each depth from 1 to 9 (9 is the whole game: at most nine balls), against the
# random player and against the perfect player of the theory below, from two starts: the
# full basket 3, 3, 3, which the first player wins with best play, and red 1, blue 2,
# green 3, which the first player loses with best play.
#
# First a **sample**: `basket.win_rates` plays 200 seeded games per row, so the counts are the
# same at every run, but another seed would give other counts.

# %%
GAMES = 200
STARTS = [(3, 3, 3), (1, 2, 3)]
DEPTHS = range(1, 10)
OPPONENTS = ("random", "perfect")
rates = basket.win_rates(rules, STARTS, DEPTHS, games=GAMES, seed=1)
wins = {(r.start, r.opponent, r.depth): r.wins for r in rates}
print(f"a seeded sample: B's wins out of {GAMES} games, moving first")
print("depth:                  " + "".join(f"{d:>5}" for d in DEPTHS))
for begin in STARTS:
    for opponent in OPPONENTS:
        label = f"{begin} vs {opponent}"
        print(f"{label:24}" + "".join(f"{wins[begin, opponent, d]:5}" for d in DEPTHS))

# %% [markdown]
# A picture of the same figures, one line per start and opponent:

# %%
def rates_svg(rates, title: str) -> str:
    """B's share of wins against the depth, one line per (start, opponent)."""
    w, h, left, bottom, top = 520, 300, 50, 40, 36
    colours = {("random", "win"): "#31a354", ("perfect", "win"): "#2c7fb8",
               ("random", "loss"): "#a1d99b", ("perfect", "loss"): "#d7301f"}
    depths = sorted({r.depth for r in rates})

    def at(depth, rate):
        x = left + (depth - depths[0]) * (w - left - 170) / max(len(depths) - 1, 1)
        return x, top + (1 - rate) * (h - top - bottom)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           f'font-family="sans-serif" font-size="11" role="img"><title>{escape(title)}</title>',
           f'<text x="4" y="14" font-size="12">{escape(title)}</text>']
    for share in (0, 0.25, 0.5, 0.75, 1):
        x0, y = at(depths[0], share)
        x1, _ = at(depths[-1], share)
        out.append(f'<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#ddd"/>'
                   f'<text x="{x0 - 6}" y="{y + 4}" text-anchor="end">{share:.0%}</text>')
    for d in depths:
        x, y = at(d, 0)
        out.append(f'<text x="{x}" y="{y + 16}" text-anchor="middle">{d}</text>')
    out.append(f'<text x="{at(depths[len(depths) // 2], 0)[0]}" y="{h - 6}" text-anchor="middle">depth</text>')
    for i, ((opponent, value), colour) in enumerate(colours.items()):
        line = [r for r in rates if r.opponent == opponent and r.start_value == value]
        if not line:
            continue
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (at(r.depth, r.rate) for r in line))
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"/>')
        ly = top + 10 + 20 * i
        out.append(f'<line x1="{w - 160}" y1="{ly}" x2="{w - 136}" y2="{ly}" stroke="{colour}" stroke-width="2.5"/>'
                   f'<text x="{w - 130}" y="{ly + 4}">{escape(f"{line[0].start} vs {opponent}")}</text>')
    out.append("</svg>")
    return "".join(out)


SVG(rates_svg(rates, f"a seeded sample of {GAMES} games a row: share of games B won, by depth"))

# %% [markdown]
# ### The exact chances
#
# A sample is not needed here: the game is small enough to compute every figure exactly.
# Each player picks **uniformly** among a few moves: B among its best columns, the random
# player among the legal moves, the perfect player among the moves to a Nim sum of 0 (or,
# when it has none, among the single balls of the colours left). So B's chance of winning
# from a position is the average, over those moves, of its chance after the move, down to
# the full basket, where it is 1 or 0. `Fraction` keeps every average exact, and `@cache`
# computes each position once. (B's tables here are `basket.source_table_fast`, the same tables
# as B's search, as we checked above.)

# %%
def choices(state, depth: int, opponent: str) -> tuple:
    """The moves the player to move picks among, each with the same chance (B is player 0)."""
    if state.turn == 0:
        return basket.source_table_fast(rules, state, depth).best
    if opponent == "random":
        return rules.legal_moves(state)
    return basket.winning_moves(rules, state) or tuple(basket.Put(c, 1) for c, n in enumerate(state.left) if n)


def win_chance(begin: tuple, depth: int, opponent: str) -> Fraction:
    """B's exact chance of winning, moving first from ``begin`` at ``depth``, against ``opponent``."""

    @cache
    def chance(left: tuple, turn: int) -> Fraction:
        state = rules.position(left, turn)
        if rules.is_over(state):
            return Fraction(int(rules.winner(state) == 0))
        moves = choices(state, depth, opponent)
        return sum((chance(rules.apply(state, m).left, 1 - turn) for m in moves), Fraction(0)) / len(moves)

    return chance(tuple(begin), 0)


assert win_chance((1, 2, 3), 9, "perfect") == 0  # a perfect player keeps a won position
assert win_chance((0, 0, 2), 1, "random") == 1  # B puts both balls and wins at once
assert win_chance((0, 1, 1), 9, "random") == 0  # whatever B puts, the opponent puts the last ball
assert win_chance((0, 0, 3), 1, "perfect") == 1

# %% [markdown]
# Every row and depth, exactly; then the expected wins in 200 games, 200 times the chance,
# beside the sample above, and how many **standard deviations** the sample lies from its
# expectation (the standard deviation of a count of wins in n games, each won with chance
# p, is √(n p (1 − p))):

# %%
exact = {(begin, opponent, d): win_chance(begin, d, opponent)
         for begin in STARTS for opponent in OPPONENTS for d in DEPTHS}
rows = [(begin, opponent) for begin in STARTS for opponent in OPPONENTS]
print("B's exact chance of winning, moving first")
print("depth " + "".join(f"{f'{b} vs {o}':>24}" for b, o in rows))
for d in DEPTHS:
    print(f"{d:>5} " + "".join(f"{exact[b, o, d]!s:>24}" for b, o in rows))
print()
print(f"expected wins in {GAMES} games (exact), the seeded sample, and its distance in standard deviations")
print("depth " + "".join(f"{f'{b} vs {o}':>24}" for b, o in rows))
distances = {}
for d in DEPTHS:
    cells = []
    for b, o in rows:
        p, got = exact[b, o, d], wins[b, o, d]
        spread = (GAMES * p * (1 - p)) ** 0.5
        distances[b, o, d] = (got - GAMES * p) / spread if spread else 0.0
        cells.append(f"{float(GAMES * p):8.1f}{got:6}{distances[b, o, d]:+7.1f} SD")
    print(f"{d:>5} " + "".join(f"{cell:>24}" for cell in cells))
inside = sum(abs(z) <= 2 for z in distances.values())
print(f"{inside} of {len(distances)} sample counts lie within two standard deviations of the exact expectation")

# %%
ExactRate = namedtuple("ExactRate", "depth opponent start start_value rate")
exact_rates = [ExactRate(d, o, b, "win" if basket.nim_sum(rules, rules.position(b)) else "loss", float(exact[b, o, d]))
               for b in STARTS for d in DEPTHS for o in OPPONENTS]
SVG(rates_svg(exact_rates, "exact: B's chance of winning, moving first, by depth"))

# %% [markdown]
# What the exact figures say (each one computed by `win_chance` above; the sample is
# printed beside it):
#
# - From the losing start, the perfect player never loses to B, at any depth: B's chance
#   is exactly 0. A perfect player who gets a won position keeps it.
# - Against random play from 3, 3, 3, looking further ahead helps up to depth 5: B wins
#   with chance 551/840 at depth 1 (131.2 expected wins of 200; the sample has 142),
#   101/108 at depth 4 (187.0) and 23/24 at every depth from 5 to 9 (191.7). Beyond depth
#   5 it buys nothing: the chance is the same fraction.
# - From 1, 2, 3 against random play the deepest tables win **less**: 101/120 at depth 5
#   (168.3 expected wins of 200), 3/4 at depths 6 to 9 (150.0), 18.3 games fewer.
# - From the winning start against the perfect player, B wins with chance 1/45 at depth 1
#   and 1/9 at depth 2 (at those depths all nine first moves score 0, so B's first move is
#   a random one), 1/3 at depths 3 and 4, and **exactly 1/2** at every depth from 5 on:
#   100 expected wins of 200. The sample's 88 is 1.7 standard deviations below that, an
#   accident of the seeds, not a sign that B does worse than a coin.

# %%
assert all(exact[(1, 2, 3), "perfect", d] == 0 for d in DEPTHS)
assert exact[(3, 3, 3), "random", 1] == Fraction(551, 840) and exact[(3, 3, 3), "random", 4] == Fraction(101, 108)
assert all(exact[(3, 3, 3), "random", d] == Fraction(23, 24) for d in range(5, 10))
assert exact[(1, 2, 3), "random", 5] == Fraction(101, 120)
assert all(exact[(1, 2, 3), "random", d] == Fraction(3, 4) for d in range(6, 10))
assert round(float(GAMES * (exact[(1, 2, 3), "random", 5] - exact[(1, 2, 3), "random", 9])), 1) == 18.3
assert [exact[(3, 3, 3), "perfect", d] for d in range(1, 5)] == [Fraction(1, 45), Fraction(1, 9), Fraction(1, 3)] + [
    Fraction(1, 3)]
assert all(exact[(3, 3, 3), "perfect", d] == Fraction(1, 2) for d in range(5, 10))
assert wins[(3, 3, 3), "perfect", 5] == 88 and round(distances[(3, 3, 3), "perfect", 5], 1) == -1.7
assert wins[(3, 3, 3), "random", 1] == 142
assert all(set(basket.source_table(rules, start, d).scores) == {0} for d in (1, 2))

# %% [markdown]
# Why not more, and why exactly a half? From 3, 3, 3 the tables of depth 3 and more find
# the right first move (three balls of one colour); then the perfect player, who is
# losing, puts a single ball, and B meets a position like red 2, blue 3 above, where its
# table ties a winning move with a losing one and picks either, each with chance 1/2.
# Here is such a game at depth 9: after the perfect player's single blue ball, blue 2 and
# green 3 are left, and B's table ties one blue (a loss: blue 1 and green 3 finish in 2 to
# 4 moves, like red 2, blue 2) with the winning one green. When B picks the winning side
# of that tie, its tables make no further slip, and the exact chance, 1/2, says the same.

# %%
assert all(set(basket.source_table(rules, start, d).best) == {basket.Put(0, 3), basket.Put(1, 3), basket.Put(2, 3)}
           for d in range(3, 10))
seed = next(s for s in range(100)
            if play_from(start, lambda rng: basket.source_strategy(9, rng), basket.perfect_strategy, s).winner == 1)
deep_loss = play_from(start, lambda rng: basket.source_strategy(9, rng), basket.perfect_strategy, seed)
print(deep_loss)
before, mistake = deep_loss.moves[1].state, deep_loss.moves[2].move
assert before.left == (0, 2, 3) and mistake == basket.Put(1, 1) and mistake not in basket.winning_moves(rules, before)
assert set(basket.source_table(rules, before, 9).best) == {basket.Put(1, 1), basket.Put(2, 1)}
assert basket.finish_range((0, 1, 3)) == (2, 4)
SVG(basket.view.record_svg(deep_loss))

# %% [markdown]
# ## The basket is Nim
#
# Read each colour as a pile of counters: putting balls of one colour in the basket is
# taking counters from one pile, and whoever takes the last counter wins. That is
# **Nim** with three piles; the one-way rook of lesson 03 was Nim with two. By the
# Sprague–Grundy theorem of lesson 03, a pile of n counters has Grundy value n, and the
# basket's Grundy value is the **Nim sum**, the XOR of the balls left:
# **the player to move loses exactly when red ⊕ blue ⊕ green = 0.**
#
# The impartial solver of lesson 01 checks this on every position, knowing nothing about
# XOR. `ImpartialView(rules)` shows it the basket as an impartial game (the options of a
# state are the states after its legal moves):

# %%
solver = ImpartialSolver(ImpartialView(rules))
for state in every_position:
    red, blue, green = state.left
    assert solver.grundy(state) == red ^ blue ^ green == basket.nim_sum(rules, state)
assert solver.grundy(example) == 2 ^ 2 ^ 0 == 0  # B's example is lost
print("Grundy value = red XOR blue XOR green on all", len(every_position), "positions")

# %% [markdown]
# With green fixed, the Nim sum of every (red, blue): the dark cells, value 0, are the
# positions where the player to move loses.

# %%
display(SVG(render.tables.grundy_svg({(r, b): r ^ b ^ 1 for r in range(4) for b in range(4)},
                                    title="green 1 left: Nim sum of red (x) and blue (y)")))

# %% [markdown]
# The full basket has Nim sum 3 ⊕ 3 ⊕ 3 = 3, so the first player wins, and the winning
# moves are the ones that leave a Nim sum of 0: all three balls of one colour (the two
# colours left are then equal, and the first player copies every move in the other one).
# Finding such a move is lesson 03's rule: take a colour whose count has the highest bit
# of the Nim sum t, and bring it down to count ⊕ t.

# %%
def nim_move(left: tuple) -> basket.Put | None:
    """A move that leaves a Nim sum of 0, or None when there is none (the player to move loses)."""
    t = 0
    for count in left:
        t ^= count
    if t == 0:
        return None
    for colour, count in enumerate(left):
        if count ^ t < count:
            return basket.Put(colour, count - (count ^ t))
    raise AssertionError("a non-zero Nim sum always has a move to 0")


assert basket.nim_sum(rules, start) == 3
assert basket.winning_moves(rules, start) == (basket.Put(0, 3), basket.Put(1, 3), basket.Put(2, 3))
assert nim_move((3, 3, 3)) == basket.Put(0, 3) and nim_move((2, 2, 0)) is None
for state in every_position:
    move = nim_move(state.left)
    assert (move is None) == (solver.grundy(state) == 0)
    assert move is None or move in basket.winning_moves(rules, state)

# %% [markdown]
# The library's `basket.perfect_strategy` plays such a move (at random among them); from a losing
# position it puts a single ball and waits for a mistake. Moving first from 3, 3, 3 it
# beats B's player at every depth in every game:

# %%
def perfect_first(depth: int, seed: int):
    rng = random.Random(seed)
    return play(rules, [Player("perfect", basket.perfect_strategy(rng)),
                        Player("B", basket.source_strategy(depth, rng, fast=True))])


assert all(perfect_first(depth, seed).winner == 0 for depth in DEPTHS for seed in range(20))

# %% [markdown]
# The general basket has c colours of n balls. The Nim sum of c equal counts n is n when c
# is odd and 0 when c is even. So with an **even** number of colours the second player
# wins (pair the colours, and answer every move with the same move in the twin colour);
# with an **odd** number the first player wins by putting all n balls of one colour, which
# leaves an even number of colours. The solver confirms it on small baskets:

# %%
for colours in range(1, 5):
    for balls in range(1, 4):
        game_rules = basket.Basket(colours, balls)
        first_wins = ImpartialSolver(ImpartialView(game_rules)).grundy(game_rules.initial_state()) != 0
        assert first_wins == (colours % 2 == 1)

# %% [markdown]
# ## The cap: subtraction games
#
# With a cap k, a move puts 1 to k balls. One colour alone is then a **subtraction
# game**: from n balls you may go to n − 1, ..., n − k (not below 0). Its Grundy values
# repeat with period k + 1: **the Grundy value of n balls is n mod (k + 1)**. The
# reason: when n ≤ k the moves reach every count below n, whose values are 0, ..., n − 1,
# so the mex is n. When n > k they reach the k counts just below n, whose values are, by
# induction, all the remainders mod k + 1 except n's own; so the smallest value missing
# (the mex) is n mod (k + 1). Brute force agrees, for one colour of up to 20 balls and
# caps 1 to 6. In the picture, column n and row k hold the value of n balls with cap k
# (row 0 is empty); the dark cells, value 0, are the counts n that are multiples of k + 1.

# %%
for cap in range(1, 7):
    one = basket.Basket(1, 20, cap=cap)
    one_solver = ImpartialSolver(ImpartialView(one))
    assert [one_solver.grundy(one.position((n,))) for n in range(21)] == [n % (cap + 1) for n in range(21)]

values = {(n, cap): n % (cap + 1) for n in range(16) for cap in range(1, 6)}
SVG(render.tables.grundy_svg(values, title="one colour: n balls (x), cap k (y); the value is n mod (k + 1)"))

# %% [markdown]
# The colours add as before: the basket's Grundy value is the Nim sum of the colours'
# values. Checked on every position of three colours of five balls with cap 2:

# %%
capped = basket.Basket(3, 5, cap=2)
capped_solver = ImpartialSolver(ImpartialView(capped))
capped_positions = [capped.position(left) for left in itertools.product(range(6), repeat=3) if any(left)]
for state in capped_positions:
    red, blue, green = (n % 3 for n in state.left)
    assert capped_solver.grundy(state) == red ^ blue ^ green == basket.nim_sum(capped, state)

# %% [markdown]
# ### A winning move may raise a value
#
# Here is the subtle point. Without a cap a colour's value is its count, so every move
# **lowers** the value of the colour it touches, and `nim_move` above looks only for a
# lower value. With a cap, n mod (k + 1) can go **up** as n goes down: from 3 balls with
# cap 2 (value 0), putting two leaves 1 ball (value 1).
#
# Take two colours of three balls, cap 2, with red 1 and blue 3 left. The values are 1 and
# 0, Nim sum 1. Lowering red's value to 0 (put the red ball) wins. But so does **putting
# two blue**: blue goes from value 0 up to 1, leaving values 1 and 1, Nim sum 0. A player
# who looks only for lower values finds the first move and misses the second; the
# library's `basket.winning_moves` lists both, and the solver agrees. The two pictures: the
# position, and the position after two blue (one ball of each colour, values 1 and 1).

# %%
two = basket.Basket(2, 3, cap=2)
pair = two.position((1, 3))
display(SVG(basket.view.basket_svg(pair)))


def lowering_moves(rules: basket.Basket, state) -> list[basket.Put]:
    """Winning moves found Nim's way: lower one colour's value to value XOR (Nim sum)."""
    t = basket.nim_sum(rules, state)
    found = []
    for move in rules.legal_moves(state):
        before = state.left[move.colour] % (rules.cap + 1)
        after = (state.left[move.colour] - move.balls) % (rules.cap + 1)
        if t and after == before ^ t and after < before:
            found.append(move)
    return found


two_solver = ImpartialSolver(ImpartialView(two))
by_solver = [m for m in two.legal_moves(pair) if two_solver.grundy(two.next_state(pair, m)) == 0]
assert basket.nim_sum(two, pair) == 1
assert basket.winning_moves(two, pair) == (basket.Put(0, 1), basket.Put(1, 2)) == tuple(by_solver)
assert lowering_moves(two, pair) == [basket.Put(0, 1)]  # B2 is missed
SVG(basket.view.basket_svg(two.apply(pair, basket.Put(1, 2))))

# %% [markdown]
# A lowering move always exists (the mex guarantees a move to every smaller value), so a
# player who only lowers still wins. But a program that must list **all** winning moves,
# for hints on a board or to check a student's answer, has to accept the raising ones
# too. How common are they? Among the winning positions of the 3 × 5 basket with cap 2:

# %%
winning = [s for s in capped_positions if basket.nim_sum(capped, s)]
with_raise = [s for s in winning if len(basket.winning_moves(capped, s)) > len(lowering_moves(capped, s))]
print(f"{len(with_raise)} of {len(winning)} winning positions have a winning move that raises a value")
assert with_raise and all(set(lowering_moves(capped, s)) < set(basket.winning_moves(capped, s)) for s in with_raise)
assert all(lowering_moves(capped, s) for s in winning)

# %% [markdown]
# ## Play
#
# The board below plays against B's player at difficulty level 3; you move first. Click
# "put n" beside a colour to put n balls of it; the "Difficulty" slider changes B's depth
# from its next move on. The hints show each colour's Grundy value, the Nim sum, and the
# winning moves (marked ✓). Beat B with the hints, then without them; then let B move
# first (`human=2`) and, with the hints on, catch the move where its table lets
# the win slip. On the static
# site the board is a picture of its first state; open the lesson in Jupyter to play.

# %%
basket.BasketBoard(computer="source", depth=3, hints=True)

# %% [markdown]
# ## Exercises
#
# Each exercise that asks for code has a **self-check** cell below it. Write your answer in a
# new cell just above the check (use the names the exercise gives), run your cell, then run
# the check: it tries your code on many cases and says which one fails, or prints "all N
# cases pass". A **worked answer** is folded under each exercise: try first, then open it to
# compare.
#
# 1. **Depth 4 by hand.** Fill B's table for its example at depth 4 on paper, column by
#    column, then check it with `win_marks((2, 2, 0), 4)` and `basket.source_table`. Which moves
#    does B pick now? Are they any better? Write your table as `depth_4_rows` (four rows of
#    nine numbers) and B's picks as `depth_4_picks`.
#
#    <details><summary>Answer</summary>
#
#    Rows 1 to 3 are those of depth 3. Row 4 of a column is 1 when the balls left after
#    its move can be put in exactly three more moves. After R1 (red 1, blue 2) they can:
#    R1, B1, B1. After R2 (blue 2 alone) they cannot: two balls take at most two moves.
#    The same for B1 and B2.
#
#    ```python
#    depth_4_rows = [
#        [0, 0, -127, 0, 0, -127, -127, -127, -127],
#        [0, 1, 0, 0, 1, 0, 0, 0, 0],
#        [1, 1, 0, 1, 1, 0, 0, 0, 0],
#        [1, 0, 0, 1, 0, 0, 0, 0, 0],
#    ]
#    depth_4_picks = [basket.Put(0, 1), basket.Put(1, 1)]
#    print(weigh(depth_4_rows), best_columns(weigh(depth_4_rows)))
#    ```
#
#    With weights 4, 3, 2, 1 the scores are R1: 2 − 1 = 1, R2: −3 + 2 = −1, and the same
#    for blue: Array 2 has not changed, and B still picks one red or one blue. They are no
#    better: from red 2, blue 2 every move loses (the Nim sum is 0), and the opponent's
#    answer in the other colour wins.
#
#    </details>

# %%
def check_depth_4(depth_4_rows, depth_4_picks) -> None:
    """Your table row by row against B's search and the library, and the columns B picks."""
    expected = win_marks((2, 2, 0), 4)
    assert expected == [list(r) for r in basket.source_table(rules, rules.position((2, 2, 0)), 4).rows]
    assert len(depth_4_rows) == 4, f"depth 4 has four rows, not {len(depth_4_rows)}"
    for d, (got, want) in enumerate(zip(depth_4_rows, expected, strict=True), start=1):
        assert list(got) == want, f"row {d}: expected {want}, got {list(got)}"
    best = list(basket.source_table(rules, rules.position((2, 2, 0)), 4).best)
    assert sorted(map(str, depth_4_picks)) == sorted(map(str, best)), f"B picks among {[str(m) for m in best]}"
    print(f"all {4 * len(COLUMNS) + 1} cases pass")


if "depth_4_rows" in globals() and "depth_4_picks" in globals():
    check_depth_4(depth_4_rows, depth_4_picks)
else:
    print("write depth_4_rows and depth_4_picks above, then run this")

# %% [markdown]
# 2. **The table without a search.** Write `marks_by_range(left, depth)` that builds B's
#    Array 1 from the fewest and the most moves that can finish the basket, with no
#    search. Prove that every number of moves between the two is possible, then check
#    your function against `win_marks` on every position of the 3 × 3 basket, depths 1 to 5.
#
#    <details><summary>Answer</summary>
#
#    The fewest moves that finish the basket: one per colour left (all its balls at once).
#    The most: one ball a move. Every number between is possible: start from the plan
#    with the fewest moves and, while some move puts two or more balls, split it into one
#    ball and the rest, of the same colour. Each split adds exactly one move, and the
#    splitting ends at one ball a move, the most; so every count from the fewest to the
#    most is met on the way.
#
#    So row d of a possible column that does not fill the basket is 1 exactly when the
#    balls left after its move can be put in d − 1 more moves:
#
#    ```python
#    def marks_by_range(left: tuple, depth: int) -> list[list[int]]:
#        rows = [first_row(left)] + [[0] * len(COLUMNS) for _ in range(depth - 1)]
#        for column, (colour, balls) in enumerate(COLUMNS):
#            if rows[0][column] != 0:
#                continue  # impossible, or it fills the basket at once
#            after = put(left, colour, balls)
#            fewest, most = sum(1 for n in after if n), sum(after)
#            for d in range(2, depth + 1):
#                if fewest <= d - 1 <= most:
#                    rows[d - 1][column] = 1
#        return rows
#    ```
#
#    </details>

# %%
def check_marks_by_range(marks_by_range) -> None:
    """Every position of the 3 x 3 basket at depths 1 to 5: the same table as B's search."""
    cases = 0
    for state in every_position:
        for depth in range(1, 6):
            want, got = win_marks(state.left, depth), [list(row) for row in marks_by_range(state.left, depth)]
            assert got == want, f"{state.left} at depth {depth}: expected {want}, got {got}"
            cases += 1
    print(f"all {cases} cases pass")


if "marks_by_range" in globals():
    check_marks_by_range(marks_by_range)
else:
    print("write marks_by_range above, then run this")

# %% [markdown]
# 3. **Where B errs.** List every position of the 3 × 3 basket from which the player to
#    move wins but B's player at depth 9 may pick a losing move (a move among
#    `basket.source_table(...).best` that is not in `basket.winning_moves`). What do the two moves B
#    confuses have in common? Use `basket.finish_range`. Write the list as `b_errs`, the balls
#    left of each position (like `(2, 3, 0)`).
#
#    <details><summary>Answer</summary>
#
#    ```python
#    b_errs = []
#    for state in every_position:
#        good, best = basket.winning_moves(rules, state), basket.source_table(rules, state, 9).best
#        if good and not set(best) <= set(good):
#            b_errs.append(state.left)
#            print(state.left, [(str(m), m in good, basket.finish_range(rules.apply(state, m).left)) for m in best])
#    ```
#
#    Nine positions: red 2, blue 3 of the lesson, with its colours in every order
#    (six positions: 0, 2, 3 and so on), and 1, 3, 3 in every order (three). The two
#    moves B ties always leave positions that can be finished in 2 to 4 moves, so its
#    table, which depends only on that range, cannot tell them apart. From red 2, blue 3
#    one of the two wins (B1) and the other loses (R1). From red 1, blue 3, green 3 **both**
#    of B's picks (B3, G3) lose. The Nim sum there is 1 ⊕ 3 ⊕ 3 = 1, and three moves
#    win: R1 (leaving 0, 3, 3, which finishes in 2 to 6 moves), B1 and G1 (leaving
#    1, 2, 3 or 1, 3, 2, 3 to 6 moves). At depth 9 they score 5, −2 and −2, all below
#    the 6 of B3 and G3.
#
#    </details>

# %%
def check_b_errs(b_errs) -> None:
    """Your list against every position of the 3 x 3 basket."""
    errs = set()
    for state in every_position:
        good = basket.winning_moves(rules, state)
        if good and not set(basket.source_table(rules, state, 9).best) <= set(good):
            errs.add(state.left)
    got = {tuple(left) for left in b_errs}
    assert not got - errs, f"B does not err at {sorted(got - errs)[0]}"
    assert not errs - got, f"B errs at {sorted(errs - got)[0]} too"
    print(f"all {len(every_position)} cases pass")


if "b_errs" in globals():
    check_b_errs(b_errs)
else:
    print("write b_errs above, then run this")

# %% [markdown]
# 4. **Mend B's table.** Replace "some line fills the basket at move d" by minimax to depth
#    d: a 1 in an odd row d when we can *force* a win within d moves, and in an even row d
#    when the opponent can force one within d moves. Write `mended_rows(left, depth)` (the
#    table; weigh it and pick the best columns as B does). Play your player at depth 9
#    against `basket.perfect_strategy` from 3, 3, 3 over 200 seeded games. How often does it win
#    now? Write the count as `mended_wins`.
#
#    <details><summary>Answer</summary>
#
#    `forces_win(left, d)`: the player to move can make sure to put the last ball within d
#    moves (its own and the opponent's), whatever the opponent does.
#
#    ```python
#    from functools import cache
#
#
#    @cache
#    def forces_win(left: tuple, d: int) -> bool:
#        for colour, balls in possible_moves(left):
#            after = put(left, colour, balls)
#            if sum(after) == 0:
#                return True
#            if d >= 3 and all(sum(put(after, c, b)) > 0 and forces_win(put(after, c, b), d - 2)
#                              for c, b in possible_moves(after)):
#                return True
#        return False
#
#
#    def mended_rows(left: tuple, depth: int) -> list[list[int]]:
#        rows = [first_row(left)] + [[0] * len(COLUMNS) for _ in range(depth - 1)]
#        for column, (colour, balls) in enumerate(COLUMNS):
#            if rows[0][column] != 0:
#                continue
#            after = put(left, colour, balls)
#            for d in range(2, depth + 1):
#                if d % 2 == 0:  # the opponent's row: can they force a win within d moves?
#                    rows[d - 1][column] = int(forces_win(after, d - 1))
#                else:  # ours: do all their replies leave us a forced win?
#                    rows[d - 1][column] = int(all(
#                        sum(put(after, c, b)) > 0 and forces_win(put(after, c, b), d - 2)
#                        for c, b in possible_moves(after)))
#        return rows
#
#
#    def mended_strategy(depth: int, rng: random.Random):
#        def choose(rules, state):
#            return rng.choice(best_columns(weigh(mended_rows(state.left, depth))))
#        return choose
#
#
#    mended_wins = sum(play_from(start, lambda rng: mended_strategy(9, rng), basket.perfect_strategy, seed).winner == 0
#                      for seed in range(200))
#    print(mended_wins)
#    ```
#
#    It wins all **200** games. At depth 9 the search sees to the end of the game: a
#    winning move gets 1s in the odd rows from its forced win on and none in the even
#    rows, so a positive score; a losing move gets 1s in the even rows and none in the odd
#    ones, so a negative score. B's player now picks only winning moves, and it starts
#    from a won position.
#
#    </details>

# %%
def check_mended(mended_rows, mended_wins) -> None:
    """At depth 9 from every won position of the 3 x 3 basket, the mended table picks only winning moves."""
    cases = 0
    for state in every_position:
        good = basket.winning_moves(rules, state)
        rows = mended_rows(state.left, 9)
        assert list(rows[0]) == first_row(state.left), f"{state.left}: row 1 stays B's first row"
        if good:
            picks = best_columns(weigh([list(row) for row in rows]))
            bad = [str(m) for m in picks if m not in good]
            assert not bad, f"{state.left}: your table picks {bad}, which lose"
        cases += 1
    assert mended_wins == 200, f"a player who picks only winning moves wins every game from 3, 3, 3, not {mended_wins}"
    print(f"all {cases + 1} cases pass")


if "mended_rows" in globals() and "mended_wins" in globals():
    check_mended(mended_rows, mended_wins)
else:
    print("write mended_rows and mended_wins above, then run this")

# %% [markdown]
# 5. **More colours.** Who wins `basket.Basket(5, 4)`, and with which first moves? And
#    `basket.Basket(4, 5)`? Explain with the Nim sum, then check with `basket.winning_moves`. Write the
#    winning first moves as `first_moves_5x4` and `first_moves_4x5` (an empty list when the
#    first player loses).
#
#    <details><summary>Answer</summary>
#
#    `basket.Basket(5, 4)` has five colours of four balls: Nim sum 4 ⊕ 4 ⊕ 4 ⊕ 4 ⊕ 4 = 4, so the
#    first player wins. A winning move brings a colour of 4 down to 4 ⊕ 4 = 0: put all
#    four balls of any colour, five moves. `basket.Basket(4, 5)` has four colours of five balls:
#    Nim sum 0, so the **second** player wins, copying each move in a twin colour.
#
#    ```python
#    five_four, four_five = basket.Basket(5, 4), basket.Basket(4, 5)
#    first_moves_5x4 = list(basket.winning_moves(five_four, five_four.initial_state()))
#    first_moves_4x5 = list(basket.winning_moves(four_five, four_five.initial_state()))
#    print(basket.nim_sum(five_four, five_four.initial_state()), *first_moves_5x4)
#    print(basket.nim_sum(four_five, four_five.initial_state()), first_moves_4x5)
#    ```
#
#    </details>

# %%
def check_more_colours(first_moves_5x4, first_moves_4x5) -> None:
    cases = 0
    for (colours, balls), answer in {(5, 4): first_moves_5x4, (4, 5): first_moves_4x5}.items():
        game_rules = basket.Basket(colours, balls)
        begin = game_rules.initial_state()
        expected = set(basket.winning_moves(game_rules, begin))
        assert {basket.Put(*m) for m in answer} == expected, (
            f"Basket({colours}, {balls}): the winning first moves are {sorted(map(str, expected))}")
        cases += len(game_rules.legal_moves(begin))
    print(f"all {cases} first moves judged right: the check passes")


if "first_moves_5x4" in globals() and "first_moves_4x5" in globals():
    check_more_colours(first_moves_5x4, first_moves_4x5)
else:
    print("write first_moves_5x4 and first_moves_4x5 above, then run this")

# %% [markdown]
# 6. **A cap.** Who wins `basket.Basket(3, 10, cap=3)` from the start, and with which moves?
#    Find a position of that basket with **two** winning moves that raise a colour's
#    Grundy value, and check it with the solver. Write the first moves as
#    `first_moves_cap3` and your position's balls left as `two_raises`.
#
#    <details><summary>Answer</summary>
#
#    Each colour has value 10 mod 4 = 2, and 2 ⊕ 2 ⊕ 2 = 2: the first player wins. A
#    winning move turns one colour's 2 into 2 ⊕ 2 = 0; from 10 balls a move reaches 9, 8
#    or 7 (values 1, 0, 3), so the move is to put **two** balls, of any colour: R2, B2, G2.
#
#    For two raising moves, take red 1, blue 4, green 4: values 1, 0, 0, Nim sum 1. Putting
#    the red ball lowers red to 0. But putting three blue leaves blue 1 (value 1), and
#    values 1, 1, 0 have Nim sum 0; the same with three green. Those two moves raise a
#    value from 0 to 1.
#
#    ```python
#    cap3 = basket.Basket(3, 10, cap=3)
#    first_moves_cap3 = list(basket.winning_moves(cap3, cap3.initial_state()))
#    two_raises = (1, 4, 4)
#    cap3_solver = ImpartialSolver(ImpartialView(cap3))
#    here = cap3.position(two_raises)
#    print(*first_moves_cap3, "|", *[m for m in cap3.legal_moves(here) if cap3_solver.grundy(cap3.apply(here, m)) == 0])
#    ```
#
#    </details>

# %%
def check_cap(first_moves_cap3, two_raises) -> None:
    """The first moves against winning_moves; your position's winning moves found by the solver."""
    cap3 = basket.Basket(3, 10, cap=3)
    expected = set(basket.winning_moves(cap3, cap3.initial_state()))
    assert {basket.Put(*m) for m in first_moves_cap3} == expected, (
        f"the winning first moves are {sorted(map(str, expected))}")
    cap3_solver = ImpartialSolver(ImpartialView(cap3))
    here = cap3.position(tuple(two_raises))
    value = [n % 4 for n in here.left]
    raising = [m for m in cap3.legal_moves(here) if cap3_solver.grundy(cap3.apply(here, m)) == 0
               and (here.left[m.colour] - m.balls) % 4 > value[m.colour]]
    assert len(raising) >= 2, f"{here.left}: the solver finds {len(raising)} winning moves that raise a value"
    print(f"{here.left}: {' and '.join(map(str, raising))} win and raise a value; all 2 cases pass")


if "first_moves_cap3" in globals() and "two_raises" in globals():
    check_cap(first_moves_cap3, two_raises)
else:
    print("write first_moves_cap3 and two_raises above, then run this")

# %% [markdown]
# 7. **Your perfect player.** Write `capped_move(left, cap)` that returns a winning move
#    of the basket with a cap (or `None`), using only n mod (cap + 1) and XOR. Check it
#    against `basket.winning_moves` on every position of `basket.Basket(3, 5, cap=2)`.
#
#    <details><summary>Answer</summary>
#
#    Nim's rule on the values: find a colour whose value v would go down to v ⊕ t (t the
#    Nim sum), and put v − (v ⊕ t) balls of it. That is at most v ≤ cap balls, and the
#    colour's count drops by exactly the difference of values, so its new value is v ⊕ t.
#
#    ```python
#    def capped_move(left: tuple, cap: int) -> basket.Put | None:
#        values = [n % (cap + 1) for n in left]
#        t = 0
#        for v in values:
#            t ^= v
#        if t == 0:
#            return None
#        for colour, v in enumerate(values):
#            if v ^ t < v:
#                return basket.Put(colour, v - (v ^ t))
#        raise AssertionError("a non-zero Nim sum always has a move to 0")
#    ```
#
#    </details>

# %%
def check_capped_move(capped_move) -> None:
    """Every position of the 3 x 5 basket with cap 2, and of 4 colours of 7 with cap 3."""
    cases = 0
    for game_rules in (basket.Basket(3, 5, cap=2), basket.Basket(4, 7, cap=3)):
        for left in itertools.product(range(game_rules.balls + 1), repeat=game_rules.colours):
            state = game_rules.position(left)
            good, move = basket.winning_moves(game_rules, state), capped_move(left, game_rules.cap)
            if not good:
                assert move is None, f"{left}, cap {game_rules.cap}: a lost position; expected None, got {move}"
            else:
                assert move is not None and basket.Put(*move) in good, (
                    f"{left}, cap {game_rules.cap}: {move}; {good[0]} wins")
            cases += 1
    print(f"all {cases} cases pass")


if "capped_move" in globals():
    check_capped_move(capped_move)
else:
    print("write capped_move above, then run this")
