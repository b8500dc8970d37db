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
# # 03 The one-way queen, rook and knight
#
# The article's list of games on a grid (section 5) goes on from the king: the same game
# with a **queen** (G1.2), a **rook** (G1.3) and a **knight** (G1.4). The article adds that
# "a mathematical analysis exists" for the queen and the rook, and leaves the knight open.
# In this lesson we find the losing cells of all three by computer, recognise two famous
# games, Nim and Wythoff's game, in the rook and the queen, find the knight's pattern and
# where the board's far edges spoil it, and then play several pieces at once with
# **Grundy values**.

# %%
import math
import random
from collections import Counter
from functools import cache, reduce
from operator import xor

from IPython.display import SVG, display

from coursekit import Coord, Grid, ImpartialSolver, Player, perfect_strategy, play, render
from coursekit.games import pieces, sums
from coursekit.solvers import impartial, tables

# %% [markdown]
# ## Three new pieces
#
# *Games G1.1 to G1.4 of source A (P. Azalov, *From mathematical to computer games*, §5
# "Examples of games on a grid", under "Games with chess pieces"; see
# [Sources](sources.md)), translated from the Bulgarian:*
#
# > **G1.1:** [*One-way king*] This is the game described in section 3.
# >
# > **G1.2:** [*One-way queen*] The game is like game G1.1, but the piece played with is
# > a chess queen.
# >
# > **G1.3:** [*One-way rook*] The game is like game G1.1, but the piece played with is a
# > chess rook.
# >
# > *Note.* There is a mathematical analysis of the games G1.2 and G1.3 by which the
# > favourable positions on the grid can be determined [3].
# >
# > **G1.4:** [*One-way knight*] The game is like game G1.1, but the piece played with is
# > a chess knight. The game ends when one of the players moves the knight to one of the
# > cells with coordinates (0, 0), (0, 1), (1, 0) and (1, 1).
#
# That is all the article says about these three games. "Like G1.1" means: one piece,
# shared by the two players, starts in the top-right corner, and every move brings it
# nearer the bottom-left corner. The article's reference [3] is not in its lists (its
# numbered notes stop at 2, and its literature is cited by author and year), so the
# "mathematical analysis" is left for us to find; we find it below: Nim for the rook,
# Wythoff's game for the queen. For the knight the article gives only the end, a corner of
# four cells, and no analysis.
#
# The rules, as the course fixes them (`GAMES.md`): one piece, shared by the two players,
# starts on the top-right cell; the players move it in turn; **whoever makes the last move
# wins**.
#
# - The **queen** moves any distance left, down, or diagonally down-left.
# - The **rook** moves any distance left or down.
# - The **knight** jumps by (−2, −1), (−1, −2), (−2, +1) or (+1, −2): four of the chess
#   knight's eight jumps. Two of them go partly up or right, but all four lower x + y.
#
# A sliding piece stops before a blocked cell and never jumps over one. `pieces.PIECES` maps each
# name to its rules class. Here are the moves of each piece from one cell:

# %%
pieces.PIECES

# %%
LETTER = {"king": "K", "queen": "Q", "rook": "R", "knight": "N"}


def moves_svg(piece: str, grid: Grid, cell: Coord) -> str:
    """The piece on cell, with the cells it may move to marked."""
    rules = pieces.PIECES[piece](grid, cell)
    return render.svg.grid_svg(grid, pieces={cell: LETTER[piece]}, highlight=rules.options(cell),
                              title=f"the one-way {piece} on {cell}")


board = Grid(8, 8)
for piece in ("queen", "rook", "knight"):
    display(SVG(moves_svg(piece, board, Coord(5, 4))))

# %% [markdown]
# Every move of every piece lowers x + y, so every game ends, and the cells can be taken in
# order of x + y so that all the options of a cell come before it (one `all` over every
# cell and option: see [`all` and `any`](python-primer.md#all-any)):

# %%
def lowers_x_plus_y(piece: str, grid: Grid) -> bool:
    rules = pieces.PIECES[piece](grid)
    return all(t.x + t.y < c.x + c.y for c in grid.cells() for t in rules.options(c))


assert all(lowers_x_plus_y(piece, board) for piece in pieces.PIECES)
assert pieces.OneWayKnight(board).options(Coord(5, 4)) == ((3, 3), (4, 2), (3, 5), (6, 2))

# %% [markdown]
# ## Losing cells by retrograde analysis
#
# In lesson 01 we found the losing positions (the **P-positions**: the *Previous* player,
# who just moved, wins) by starting at the end and working backwards. The same works for
# any piece:
#
# - a cell with no move is P (whoever moved there made the last move);
# - a cell is P when **every** move from it leads to an N cell;
# - a cell is N when **some** move leads to a P cell (move there!).
#
# Taking the cells in order of x + y, the options of a cell are always decided before the
# cell itself:

# %%
def p_cells(piece: str, grid: Grid) -> set[Coord]:
    """The P-positions of a one-way piece: cells from which every move leads to an N cell."""
    rules = pieces.PIECES[piece](grid)
    losing: set[Coord] = set()
    for cell in sorted(grid.free_cells(), key=lambda c: c.x + c.y):
        if not any(option in losing for option in rules.options(cell)):
            losing.add(cell)
    return losing


assert p_cells("king", Grid(5, 5)) == {Coord(x, y) for x in (0, 2, 4) for y in (0, 2, 4)}  # lesson 02

# %% [markdown]
# `p_cells` is the version to read. The library's `tables.outcome_table(piece, grid)` computes the
# same table in the same order, but a whole anti-diagonal x + y = s at a time: no cell of an
# anti-diagonal is an option of another, so a few operations on whole lines (a line held as
# the bits of one Python integer) decide every cell of it, and a sliding piece keeps, cell by
# cell, whether a P cell lies along each of its directions. A 2000 × 2000 board takes a few
# hundredths of a second. They agree, for every piece, with and without blocked cells, and
# with the general solver of lesson 01:

# %%
blocked_board = Grid(9, 7).with_random_blocked(15, random.Random(3), keep=[Coord(8, 6), Coord(0, 0)])
for piece in pieces.PIECES:
    for grid in (Grid(9, 7), blocked_board):
        table = tables.outcome_table(piece, grid)
        assert p_cells(piece, grid) == set(table.cells_with("P"))
        solver = ImpartialSolver(pieces.PIECES[piece](grid))
        assert all(solver.outcome(c) == table[c] for c in grid.free_cells())

# %% [markdown]
# A table prints as text and draws as a picture: P cells dark, N cells light.

# %%
print(tables.outcome_table("rook", Grid(6, 6)).picture())

# %%
SVG(render.tables.outcome_svg(tables.outcome_table("rook", Grid(8, 8)), title="one-way rook: P and N"))

# %% [markdown]
# ## The rook is Nim
#
# The rook's P cells are the diagonal x = y. Read the rook's cell (x, y) as two piles of
# x and y counters: a move takes any number of counters from **one** pile. That is
# **Nim** with two piles. When the piles are equal, whatever the opponent takes from one
# pile, take the same from the other: the piles stay equal, and you take the last counter.
# When they differ, even them up.

# %%
def is_diagonal(c: Coord) -> bool:
    return c.x == c.y


rook_table = tables.outcome_table("rook", Grid(20, 20))
assert all((rook_table[c] == "P") == is_diagonal(c) for c in rook_table.grid.cells())

# %% [markdown]
# ### Grundy values
#
# P or N says *whether* the player to move wins. The **Grundy value** says more, and we
# will need it for several pieces at once: the Grundy value of a cell is the smallest whole
# number that is **not** the value of one of its options (the *mex*, minimum excludant).
# A cell with no move has value 0; a cell has value 0 exactly when it is a P cell.

# %%
assert impartial.mex([0, 1, 3]) == 2 and impartial.mex([]) == 0 and impartial.mex([1, 2]) == 0


def grundy_values(piece: str, grid: Grid) -> dict[Coord, int]:
    """The Grundy value of every free cell, options before the cell (order of x + y)."""
    rules = pieces.PIECES[piece](grid)
    value: dict[Coord, int] = {}
    for cell in sorted(grid.free_cells(), key=lambda c: c.x + c.y):
        value[cell] = impartial.mex(value[option] for option in rules.options(cell))
    return value


rook_values = grundy_values("rook", Grid(8, 8))
assert rook_values == tables.grundy_table("rook", Grid(8, 8)).as_dict()
assert all((g == 0) == (c.x == c.y) for c, g in rook_values.items())

# %% [markdown]
# For Nim, C. L. Bouton (1901) found the Grundy value: x XOR y, the binary sum without
# carry (Python's `^`). The picture shows it: a colour scale with the numbers, zeros dark.

# %%
assert all(g == c.x ^ c.y for c, g in tables.grundy_table("rook", Grid(32, 32)).as_dict().items())
SVG(render.tables.grundy_svg(tables.grundy_table("rook", Grid(8, 8)), title="one-way rook: Grundy value x XOR y"))

# %% [markdown]
# ## The queen is Wythoff's game
#
# The queen adds the diagonal move: take any number of counters from one pile, **or the
# same number from both**. This is **Wythoff's game** (W. A. Wythoff, 1907). Its P cells
# are not on one line:

# %%
SVG(render.tables.outcome_svg(tables.outcome_table("queen", Grid(14, 14)), title="one-way queen: P and N"))

# %% [markdown]
# List the P cells with x ≤ y, in order:

# %%
queen_table = tables.outcome_table("queen", Grid(40, 40))
pairs = sorted((c.x, c.y) for c in queen_table.cells_with("P") if c.x <= c.y)
print(pairs)

# %% [markdown]
# Two things stand out. The differences y − x are 0, 1, 2, 3, …, each once. And each x is
# the smallest number not used yet in an earlier pair: every whole number appears in
# exactly one pair. Both follow from the rules: two P cells cannot be one queen move apart
# (the same row, column, or difference y − x), and a cell that is not P must have a move to
# one.
#
# Wythoff proved a closed form with the golden ratio φ = (1 + √5) / 2: the k-th pair is
# (⌊kφ⌋, ⌊kφ²⌋).

# %%
PHI = (1 + math.sqrt(5)) / 2


def golden_pair(k: int) -> tuple[int, int]:
    return math.floor(k * PHI), math.floor(k * PHI * PHI)


assert [golden_pair(k) for k in range(len(pairs))] == pairs
assert all(y - x == k for k, (x, y) in enumerate(pairs))

# %% [markdown]
# Floating point will go wrong for very large k. `pieces.wythoff_pairs(limit)` in the library
# uses whole numbers only (⌊kφ⌋ = (k + ⌊√(5k²)⌋) // 2), and `pieces.favourable(piece, cell)`
# is the closed rule for the king, the rook and the queen. The course's version of the
# article's computer player uses it: the article prints that player only for the king
# (its P0 "knows and uses the winning strategy"), and for the queen and the rook its note
# says only that an analysis finds the favourable cells, so the course gives its player
# that analysis:

# %%
assert pieces.wythoff_pairs(24) == pairs
assert all(pieces.favourable("queen", c) == (queen_table[c] == "P") for c in queen_table.grid.cells())

# %% [markdown]
# The queen's Grundy values have **no** known closed form; the first rows are an irregular
# mix (see the reference values below). Computing them is easy anyway.

# %%
queen_grundy = tables.grundy_table("queen", Grid(8, 8))
assert [queen_grundy.rows_top_first()[-1 - y] for y in range(4)] == [
    [0, 1, 2, 3, 4, 5, 6, 7],
    [1, 2, 0, 4, 5, 3, 7, 8],
    [2, 0, 1, 5, 3, 4, 8, 6],
    [3, 4, 5, 6, 2, 0, 1, 9],
]
SVG(render.tables.grundy_svg(queen_grundy, title="one-way queen: Grundy values"))

# %% [markdown]
# ## The knight and the far edges
#
# The article names no rule for the knight. Its moves end in the corner (0, 0), (0, 1),
# (1, 0), (1, 1): from these four cells it has no jump left on the board. Look at a big
# board:

# %%
SVG(render.tables.outcome_svg(tables.outcome_table("knight", Grid(16, 16)), title="one-way knight: P and N"))

# %% [markdown]
# The P cells form 2 × 2 blocks repeating every 4 cells: a cell is P when **x mod 4 and
# y mod 4 are both 0 or 1**. The reason: each jump changes x by 1 or 2 and y by 2 or 1, so
# from a "both low" cell every jump leaves it (the coordinate that moves by 2 switches
# between low and high mod 4), and from any other cell some jump comes back. On a 60 × 60
# board the rule holds everywhere except near the top and right edges; on smaller boards
# we list the exceptions:

# %%
def knight_rule(c: Coord) -> bool:
    return c.x % 4 < 2 and c.y % 4 < 2


big = tables.outcome_table("knight", Grid(60, 60))
assert all((big[c] == "P") == knight_rule(c) for c in Grid(48, 48).cells())


def edge_exceptions(width: int, height: int) -> list[Coord]:
    """The cells of a width x height board where the mod 4 rule is wrong."""
    table = tables.outcome_table("knight", Grid(width, height))
    return [c for c in table.grid.cells() if (table[c] == "P") != knight_rule(c)]


for size in range(8, 14):
    print(f"{size} x {size}:", *edge_exceptions(size, size))

# %% [markdown]
# The exceptions depend on the board's size mod 4 and sit on the **far** edges (the top
# row and the right column), never near the corner. Two of the knight's jumps go
# up or right, by (−2, +1) and (+1, −2). On the right column of a board of width 4k + 1
# (x = 4k, a "low" column) the jump (+1, −2) falls off the board. From (4k, 2), for
# example, that jump would have led to the P cell (4k + 1, 0); without it every remaining
# jump leads to an N cell, so (4k, 2) becomes P. The same happens to other cells of that
# column, and, on a board of height 4k + 1, of the top row.
# On a 4k × 4k board only the top-right corner changes: its two jumps both lead to N cells.

# %%
exceptions = edge_exceptions(9, 9)
assert exceptions and all(c.x == 8 or c.y == 8 for c in exceptions)
assert edge_exceptions(12, 12) == [Coord(11, 11)]
assert edge_exceptions(10, 10) == [] and edge_exceptions(11, 11) == []
SVG(render.tables.outcome_svg(tables.outcome_table("knight", Grid(9, 9)), highlight=exceptions,
                             title="9 x 9 knight: the circles break the mod 4 rule"))

# %% [markdown]
# The lesson of lesson 02 again: a pattern seen on a big board need not hold on a small
# one. Compute the table for the board you play on.

# %% [markdown]
# ## Several pieces: sums of games
#
# Now play several pieces at once, each on its own board. A move moves **one** piece, of
# the mover's choice; a piece that cannot move any more stays where it is. Whoever makes
# the last move wins. This is the **sum** of the one-piece games, `sums.PieceSum` in coursekit:
# a position is the tuple of the pieces' cells, and a move is (piece number, cell). How do
# we play it? Knowing which pieces stand on P cells is not enough: two pieces on N cells
# can be a win or a loss.

# %%
small = Grid(5, 4)
trio = sums.PieceSum((pieces.OneWayQueen(small), pieces.OneWayKnight(small), pieces.OneWayKing(small)))
state = trio.initial_state()
print(state.positions)
print(trio.legal_moves(state)[:4])

# %% [markdown]
# The **Sprague–Grundy theorem** (R. Sprague 1935, P. M. Grundy 1939) answers: the sum has
# Grundy value **g₁ XOR g₂ XOR …**, the XOR of the pieces' Grundy values, so the player to
# move loses exactly when that XOR is 0. Let us check it by brute force: the solver of
# lesson 01 values the sum directly, as a game of its own, on every position (remembering
# each with [`@cache`](python-primer.md#cache)).

# %%
@cache
def values(game) -> tables.Table:
    """The Grundy table of one piece on its board (computed once per game)."""
    return tables.grundy_table(game, game.grid)


def xor_rule(rules: sums.PieceSum, cells: tuple[Coord, ...]) -> int:
    """The Sprague-Grundy value of a sum: the XOR of each piece's Grundy value on its board."""
    return reduce(xor, (values(game)[cell] for game, cell in zip(rules.games, cells, strict=True)), 0)


solver = ImpartialSolver(trio)
positions = [(a, b, c) for a in small.cells() for b in small.cells() for c in small.cells()]
assert all(solver.grundy(p) == xor_rule(trio, p) for p in positions)
print(f"the XOR rule holds on all {len(positions)} positions of a queen, a knight and a king on 5 x 4")

# %% [markdown]
# So from a position with a non-zero XOR t there is always a move to XOR 0: take a piece
# whose value g has the highest bit of t; then g XOR t is smaller than g, so (that is what
# *mex* means) the piece has a move to a cell of value g XOR t, and the XOR becomes 0.
# A **Sprague–Grundy player** makes that move, and a random one from XOR 0.

# %%
def sg_player(rng: random.Random):
    """A strategy for PieceSum: move to XOR 0 when possible, else at random."""
    def choose(rules: sums.PieceSum, state):
        total = xor_rule(rules, state.positions)
        for i, (game, cell) in enumerate(zip(rules.games, state.positions, strict=True)):
            table = values(game)
            wanted = table[cell] ^ total
            if total and wanted < table[cell]:
                return i, next(t for t in game.options(cell) if table[t] == wanted)
        return rng.choice(rules.legal_moves(state))
    return choose


sg = sg_player(random.Random(0))
for p in positions:
    if xor_rule(trio, p) != 0:
        after = trio.apply(sums.SumState(p), sg(trio, sums.SumState(p)))
        assert xor_rule(trio, after.positions) == 0

# %% [markdown]
# ### The Sprague–Grundy player against a random player
#
# Four pieces on four boards: a queen on 8 × 8, a knight on 9 × 9, a rook on 6 × 10 and
# a king on 7 × 7, each starting in its top-right corner. Their Grundy values at the start
# and the XOR:

# %%
four = sums.PieceSum((pieces.OneWayQueen(Grid(8, 8)), pieces.OneWayKnight(Grid(9, 9)), pieces.OneWayRook(Grid(6, 10)),
                      pieces.OneWayKing(Grid(7, 7))))
start_values = [values(game)[game.start] for game in four.games]
print("Grundy values:", start_values, " XOR:", xor_rule(four, four.initial_state().positions))

# %% [markdown]
# The XOR is not 0, so the first player can win. We play 200 games for each pairing, one
# seeded generator per game, and count the wins of each side. The library has the same
# rule as `tables.sum_grundy(rules, position)` and the same player as
# `tables.sprague_grundy_strategy(rng)`; it plays in the last pairing.

# %%
def wins(rules, first, second, seeds: range) -> tuple[int, int]:
    """Games won by player 0 and by player 1, one game per seed."""
    won = Counter()
    for seed in seeds:
        rng = random.Random(seed)
        won[play(rules, [Player("A", first(rng)), Player("B", second(rng))]).winner] += 1
    return won[0], won[1]


MATCHES = range(200)
pairings = {
    "Sprague-Grundy first, random second": (sg_player, pieces.random_strategy),
    "random first, Sprague-Grundy second": (pieces.random_strategy, sg_player),
    "random first, random second": (pieces.random_strategy, pieces.random_strategy),
    "library's player first, random second": (tables.sprague_grundy_strategy, pieces.random_strategy),
}
results = {name: wins(four, a, b, MATCHES) for name, (a, b) in pairings.items()}
for name, (first, second) in results.items():
    print(f"{name:40} first player wins {first:3}, second player wins {second:3}")
assert results["Sprague-Grundy first, random second"] == (200, 0)
assert results["library's player first, random second"] == (200, 0)
assert all(tables.sum_grundy(trio, p) == xor_rule(trio, p) for p in positions)

# %% [markdown]
# The Sprague–Grundy player wins every game it starts. Here it also wins every game as
# the second player, although the first player could win them all: the random player
# would have to find a move to XOR 0 at every turn, and once it misses one, the
# Sprague–Grundy player never lets go.

# %% [markdown]
# ## Blocked cells
#
# With blocked cells the queen is no longer Wythoff's game: a blocked cell cuts the lines
# the queen slides along, and (as for the king in lesson 02) the closed rule goes wrong.
# The table is as easy to compute as before.

# %%
START = Coord(11, 11)
queen_grid = Grid(12, 12).with_random_blocked(10, random.Random(4), keep=[START, Coord(0, 0)])
blocked_queen = tables.outcome_table("queen", queen_grid)
wrong = [c for c in queen_grid.free_cells() if (blocked_queen[c] == "P") != pieces.favourable("queen", c)]
print(len(queen_grid.blocked), "blocked cells; Wythoff's rule is wrong on", len(wrong), "cells")
SVG(render.tables.outcome_svg(blocked_queen, highlight=wrong, pieces={START: "Q"},
                             title="the queen with blocked cells: circles where Wythoff's rule is wrong"))

# %% [markdown]
# The article's computer player (in the course's version) uses the closed rule. Against a
# random opponent it still wins often, but a player who uses the table wins every game
# from an N start:

# %%
def first_player_wins(rules, first, seeds: range) -> int:
    """How many games, one per seed, player 0 wins against a random player."""
    wins = 0
    for seed in seeds:
        rng = random.Random(seed)
        record = play(rules, [Player("P0", first(rng)), Player("P1", pieces.random_strategy(rng))])
        wins += record.winner == 0
    return wins


queen_rules = pieces.OneWayQueen(queen_grid)
assert blocked_queen[START] == "N"
GAMES = range(300)
article_wins = first_player_wins(queen_rules, pieces.article_strategy, GAMES)
table_wins = first_player_wins(queen_rules, lambda rng: perfect_strategy(), GAMES)
print(f"of {len(GAMES)} games: the article's rule wins {article_wins}, the table wins {table_wins}")
assert table_wins == len(GAMES) and article_wins < table_wins

# %% [markdown]
# ## Play
#
# In Jupyter, play any piece against the computer: `pieces.PieceBoard(piece, width, height)`.
# The cells with a green dot are the piece's moves; the **Hints** box writes P or N on every cell.
# A static page cannot play, so below the board is its starting position as a picture.

# %%
pieces.PieceBoard("queen", 9, 7, seed=1)

# %%
SVG(render.tables.outcome_svg(tables.outcome_table("queen", Grid(9, 7)), pieces={Coord(8, 6): "Q"},
                             title="the queen starts on [8, 6]: an N cell, so you can win"))

# %% [markdown]
# ## Exercises
#
# Each exercise that asks for code has a **self-check** cell below it. Write your answer in a
# new cell just above the check (use the names the exercise gives), run your cell, then run
# the check: it tries your code on many cases and says which one fails, or prints "all N
# cases pass". A **worked answer** is folded under each exercise: try first, then open it to
# compare.
#
# 1. **The rook's strategy.** Write `rook_move(x, y)` that returns a winning move of the
#    one-way rook from (x, y), or `None` from a P cell, without any table. Check it on all
#    cells of a 20 × 20 board against `tables.outcome_table("rook", ...)`.
#
#    <details><summary>Answer</summary>
#
#    Even up the piles: move along the longer side to the diagonal.
#
#    ```python
#    def rook_move(x: int, y: int) -> tuple[int, int] | None:
#        if x == y:
#            return None  # a P cell: every move leaves the diagonal
#        return (y, y) if x > y else (x, x)
#    ```
#
#    </details>

# %%
def check_rook_move(rook_move) -> None:
    """rook_move on every cell of a 20 x 20 board against the outcome table."""
    grid = Grid(20, 20)
    table, rook = tables.outcome_table("rook", grid), pieces.OneWayRook(grid)
    for cell in grid.cells():
        move = rook_move(cell.x, cell.y)
        if table[cell] == "P":
            assert move is None, f"{cell} is a P cell: rook_move should return None, not {move}"
        else:
            assert move is not None, f"{cell} is an N cell: rook_move returned None"
            assert Coord(*move) in rook.options(cell), f"from {cell} the rook cannot move to {move}"
            assert table[Coord(*move)] == "P", f"from {cell} your move {move} leads to an N cell"
    print(f"all {len(list(grid.cells()))} cases pass")


if "rook_move" in globals():
    check_rook_move(rook_move)
else:
    print("write rook_move above, then run this")

# %% [markdown]
# 2. **Wythoff by hand.** Write `wythoff_by_hand(count)`, the first `count` Wythoff pairs,
#    with the two facts of this lesson only (each difference once; x is the smallest number
#    not used yet), and check it against `pieces.wythoff_pairs(1000)`. Why does the golden ratio
#    appear?
#    <details><summary>Hint</summary>
#    Beatty's theorem: if 1/a + 1/b = 1 for irrationals a, b > 1, the sequences ⌊ka⌋ and
#    ⌊kb⌋ together contain every positive whole number exactly once.
#    </details>
#
#    <details><summary>Answer</summary>
#
#    ```python
#    def wythoff_by_hand(count: int) -> list[tuple[int, int]]:
#        pairs, used, x = [], set(), 0
#        for k in range(count):
#            while x in used:
#                x += 1  # the smallest number not used yet
#            pairs.append((x, x + k))  # the k-th difference
#            used |= {x, x + k}
#        return pairs
#    ```
#
#    **Why φ.** Leave out the pair (0, 0). The numbers x₁ < x₂ < … and y₁ < y₂ < … then
#    split the positive whole numbers between them, each number once, and yₖ = xₖ + k.
#    Suppose xₖ ≈ ka and yₖ ≈ kb for large k. Up to n, about n/a numbers are x's and n/b
#    are y's, and together they are all n numbers: 1/a + 1/b = 1. And yₖ − xₖ = k gives
#    b = a + 1. So 1/a + 1/(a + 1) = 1, that is a² = a + 1, whose root above 1 is
#    a = φ = (1 + √5)/2, and b = φ + 1 = φ². Beatty's theorem turns this around: ⌊kφ⌋ and
#    ⌊kφ²⌋ do split the positive numbers exactly, with differences ⌊kφ²⌋ − ⌊kφ⌋ = k
#    (because kφ² = kφ + k), so they are the pairs.
#
#    </details>

# %%
def check_wythoff(wythoff_by_hand) -> None:
    """The pairs built by hand against the library's whole-number formula."""
    expected = pieces.wythoff_pairs(1000)
    got = wythoff_by_hand(len(expected))
    for k, (mine, right) in enumerate(zip(got, expected, strict=False)):
        assert tuple(mine) == right, f"pair {k} should be {right}, not {mine}"
    assert len(got) == len(expected), f"asked for {len(expected)} pairs, got {len(got)}"
    print(f"all {len(expected)} cases pass")


if "wythoff_by_hand" in globals():
    check_wythoff(wythoff_by_hand)
else:
    print("write wythoff_by_hand above, then run this")

# %% [markdown]
# 3. **The knight's rule.** Prove that on an infinite board the knight's P cells are
#    exactly those with x mod 4 and y mod 4 both in {0, 1}. Then predict the exceptions of
#    a 13 × 10 board as a list `predicted` of cells and check them with `edge_exceptions`.
#
#    <details><summary>Answer</summary>
#
#    Call 0 and 1 *low* and 2 and 3 *high* (mod 4). The board is the quarter plane
#    x, y ≥ 0, with no top or right edge. Every jump lowers x + y, so it is enough to show,
#    by induction on x + y, that (a) from a low-low cell every jump leads to another kind of
#    cell, and (b) from any other cell some jump on the board leads to a low-low cell.
#
#    (a) Each of the four jumps changes one coordinate by exactly 2, and adding or
#    subtracting 2 turns a low remainder into a high one. (The four cells with no jump at
#    all, (0, 0), (0, 1), (1, 0), (1, 1), are low-low, and P, as they should be.)
#
#    (b) *x high, y low* (so x ≥ 2): if y ≡ 0 jump by (−2, +1), if y ≡ 1 by (−2, −1).
#    *x low, y high* (y ≥ 2): if x ≡ 0 jump by (+1, −2), if x ≡ 1 by (−1, −2).
#    *Both high*: if x ≡ 2 jump by (−1, −2) (x becomes 1, y low); if y ≡ 2 by (−2, −1);
#    if x ≡ y ≡ 3 by (−2, +1), to x ≡ 1, y ≡ 0. Each of these jumps stays on the board and
#    lands on a low-low cell. ∎
#
#    **13 × 10.** Only the jumps (−2, +1) and (+1, −2) can leave a finite board, by the top
#    row or the right column, and part (b) needs them in a few cases. The right column is
#    x = 12 ≡ 0: there the cells with y ≡ 2 or 3 needed (+1, −2), which now falls off, and
#    their other jumps land on high columns, so they become P. No low-low cell can jump to
#    them (only column 11 can, by (+1, −2), and 11 is high), so nothing else changes. The
#    top row is y = 9 ≡ 1, and (−2, +1) was needed only from rows ≡ 0 or 3: no exception.
#
#    ```python
#    predicted = [Coord(12, y) for y in range(10) if y % 4 in (2, 3)]
#    ```
#
#    </details>

# %%
def check_exceptions(predicted) -> None:
    """The predicted exceptions of a 13 x 10 board against the computed table."""
    actual = edge_exceptions(13, 10)
    missing = [str(c) for c in actual if c not in {Coord(*p) for p in predicted}]
    extra = [str(Coord(*c)) for c in predicted if Coord(*c) not in actual]
    assert not missing, f"these cells break the rule too: {missing}"
    assert not extra, f"the rule holds on these cells: {extra}"
    print(f"all {len(actual)} exceptions predicted, and no other cell: the check passes")


if "predicted" in globals():
    check_exceptions(predicted)
else:
    print("write predicted above, then run this")

# %% [markdown]
# 4. **Grundy values of the knight.** Draw `render.tables.grundy_svg(tables.grundy_table("knight", Grid(16, 16)))`.
#    Which values appear, and where? Is there a pattern away from the far edges?
#
#    <details><summary>Answer</summary>
#
#    The values are 0 to 4; 0 exactly on the P cells, and 4 only rarely, just beside the
#    diagonal, at (4k, 4k − 1) and (4k − 1, 4k). Above the diagonal (y ≥ x + 2, away from
#    the top row) the value depends only on x mod 4 and y mod 4, in this 4 × 4 block;
#    below the diagonal (x ≥ y + 2) it is the same block with x and y swapped, because the
#    knight's jumps are symmetric in x and y. Along the diagonal the two patterns meet and
#    the values are irregular.
#
#    ```text
#    y mod 4 = 3:   1 1 2 3
#    y mod 4 = 2:   1 1 2 2
#    y mod 4 = 1:   0 0 2 3
#    y mod 4 = 0:   0 0 3 3
#       x mod 4 =   0 1 2 3
#    ```
#
#    Checked on a 64 × 64 board, leaving out its top four rows and right four columns:
#
#    ```python
#    BLOCK = {3: (1, 1, 2, 3), 2: (1, 1, 2, 2), 1: (0, 0, 2, 3), 0: (0, 0, 3, 3)}  # rows by y mod 4
#    knight_values = tables.grundy_table("knight", Grid(64, 64))
#    inner = list(Grid(60, 60).cells())
#    assert all(knight_values[c] == BLOCK[c.y % 4][c.x % 4] for c in inner if c.y >= c.x + 2)
#    assert all(knight_values[c] == BLOCK[c.x % 4][c.y % 4] for c in inner if c.x >= c.y + 2)
#    assert {c for c in inner if knight_values[c] == 4} == (
#        {Coord(4 * k, 4 * k - 1) for k in range(1, 15)} | {Coord(4 * k - 1, 4 * k) for k in range(1, 15)})
#    ```
#
#    </details>
#
# 5. **A sum of four.** A king, a queen, a rook and a knight, in that order, all start on
#    the top-right cell of an 8 × 8 board. Who wins? Find every winning first move: a list
#    `winning_first_moves` of moves (piece number, cell).
#
#    <details><summary>Answer</summary>
#
#    By the Sprague–Grundy theorem: the first player wins exactly when the XOR of the four
#    start values is not 0, and a winning move is one that makes it 0.
#
#    ```python
#    eight = Grid(8, 8)
#    four_pieces = sums.PieceSum((pieces.OneWayKing(eight), pieces.OneWayQueen(eight),
#                                 pieces.OneWayRook(eight), pieces.OneWayKnight(eight)))
#    start = four_pieces.initial_state()
#    print("values:", [values(game)[game.start] for game in four_pieces.games],
#          "XOR:", xor_rule(four_pieces, start.positions))
#    winning_first_moves = [move for move in four_pieces.legal_moves(start)
#                           if xor_rule(four_pieces, four_pieces.apply(start, move).positions) == 0]
#    print(winning_first_moves)
#    ```
#
#    The start values are 2 (king), 5 (queen), 0 (rook) and 0 (knight); their XOR is 7,
#    not 0, so the **first player wins**. Three first moves make the XOR 0: the queen to
#    (1, 1), a cell of value 2 = 5 XOR 7, or the rook to (7, 0) or (0, 7), cells of value
#    7 = 0 XOR 7. (A move may also *raise* a piece's value: the rook's options from (7, 7)
#    have the values 0 to 7 except its own 0.)
#
#    </details>

# %%
def check_sum_of_four(winning_first_moves) -> None:
    """Every move that leaves a sum of Grundy values 0, and no other."""
    eight = Grid(8, 8)
    rules = sums.PieceSum((pieces.OneWayKing(eight), pieces.OneWayQueen(eight),
                           pieces.OneWayRook(eight), pieces.OneWayKnight(eight)))
    start = rules.initial_state()
    expected = {m for m in rules.legal_moves(start) if tables.sum_grundy(rules, rules.apply(start, m).positions) == 0}
    got = {(i, Coord(*cell)) for i, cell in winning_first_moves}
    assert not got - expected, f"these moves do not win: {sorted(got - expected)}"
    assert not expected - got, f"you missed {len(expected - got)} winning move(s)"
    print(f"all {len(rules.legal_moves(start))} first moves judged right: the check passes")


if "winning_first_moves" in globals():
    check_sum_of_four(winning_first_moves)
else:
    print("write winning_first_moves above, then run this")

# %% [markdown]
# 6. **Blocked cells and sums.** Does the XOR rule still hold when the board has blocked
#    cells? Write `xor_holds(rules)` that checks it by brute force on every position of a
#    `sums.PieceSum`, as above, then explain why.
#
#    <details><summary>Answer</summary>
#
#    ```python
#    from itertools import product
#
#
#    def xor_holds(rules: sums.PieceSum) -> bool:
#        brute = ImpartialSolver(rules)
#        cells = [list(game.grid.free_cells()) for game in rules.games]
#        return all(brute.grundy(p) == xor_rule(rules, p) for p in product(*cells))
#    ```
#
#    It holds. The Sprague–Grundy theorem needs only that each piece's game is finite and
#    impartial and that whoever makes the last move wins; blocked cells change which moves
#    a piece has, not these facts. Its proof uses nothing else: from XOR 0, a move changes
#    one piece's value to a *different* value, so the XOR is no longer 0; from XOR t ≠ 0,
#    the piece whose value g has t's highest bit has a move to the smaller value g XOR t
#    (that is what *mex* guarantees), and the XOR becomes 0. A dead end is simply a cell of
#    value 0. What no longer holds are the closed formulas (x XOR y for the rook, Wythoff's
#    pairs for the queen): each piece's values must be computed on its own blocked board.
#
#    </details>

# %%
def check_xor_holds(xor_holds) -> None:
    """xor_holds on three sums of pieces on small boards with blocked cells."""
    sum_games = []
    for seed in (1, 2, 3):
        grid = Grid(5, 4).with_random_blocked(20, random.Random(seed), keep=[Coord(4, 3), Coord(0, 0)])
        sum_games.append(sums.PieceSum((pieces.OneWayQueen(grid), pieces.OneWayKnight(grid), pieces.OneWayKing(grid))))
    for number, rules in enumerate(sum_games, 1):
        assert xor_holds(rules) is True, f"on blocked board {number} the XOR rule holds: xor_holds should say True"
    print(f"all {len(sum_games)} cases pass")


if "xor_holds" in globals():
    check_xor_holds(xor_holds)
else:
    print("write xor_holds above, then run this")

# %% [markdown]
# 7. **Play.** Beat `pieces.PieceBoard("knight", 11, 11, computer="perfect")` as the first player.
#    Use the hints at first, then without them. (Why not on a 9 × 9 board?)
#
#    <details><summary>What to look for</summary>
#
#    Always jump to a P cell: x mod 4 and y mod 4 both 0 or 1, the cells the hints mark
#    P. The start (10, 10) is high-high, an N cell; (8, 9) and (9, 8) are P cells one jump
#    away. The 11 × 11 board has no exceptions, so the rule is all you need. On a
#    9 × 9 board the start (8, 8) is already a P cell, so the perfect computer wins
#    whatever you do; and there, some cells of the top row and right column break the rule
#    (the 9 × 9 picture above), so without the hints you would need to know them.
#
#    </details>
