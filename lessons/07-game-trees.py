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
# # 07 Game trees: from tables to minimax
#
# Until now every game lived on the cells of a grid: the one-way pieces, the paths, the
# chase. Their positions could be listed cell by cell and swept in order, the end first,
# and a table told who wins from every cell. The article's next game, **tic-tac-toe**
# (G3.1), does not fit that mould: a position is a whole board of marks, there are
# thousands of them, and nothing orders them as neatly as x + y ordered the cells.
#
# So we turn the question around. Instead of sweeping every position from the end, we start
# from the position in front of us and look at every way the game can go on: the **game
# tree**. Its value comes from its leaves, by the rule we already know from the P/N
# tables, now called **minimax**. In this lesson we write it, check it against the tables
# of the one-way king, count tic-tac-toe's tree exactly, and build a player that never
# loses.

# %%
import random
from collections import Counter
from functools import cache

from IPython.display import SVG, display

from coursekit import Coord, Grid, OneWayKing, Player, outcome_table, play
from coursekit.games import tictactoe as ttt
from coursekit.solvers import counting, gametree

# %% [markdown]
# ## One rule for every game: negamax
#
# In lesson 01 a position was **N** (the player to move wins) when *some* move leads to a
# **P** position, and **P** when *every* move leads to an N position. Give the positions
# numbers instead of letters: **+1** when the player to move wins with best play, **−1**
# when he loses, **0** for a draw. A move's worth to the mover is minus the value of the
# position after it (there the opponent is to move), and the mover takes the best move:
#
# $$v(s) = \max_{m} \; -v(T(s, m)), \qquad v(s) = \text{the result for the mover at the end.}$$
#
# This is **minimax** written for the player to move, often called *negamax*. It needs only
# what every rules class of the course offers: the legal moves, the transition
# `next_state` (the move without the legality check: the search only plays legal moves),
# whether the game is over, and `returns`, one number per player at the end (+1 for the
# winner, −1 for the loser, 0 each for a draw).

# %%
def negamax(rules, state) -> int:
    """The value of ``state`` for the player to move: +1 win, 0 draw, -1 loss, with best play."""

    @cache
    def value(state) -> int:
        if rules.is_over(state):
            return int(rules.returns(state)[rules.to_move(state)])
        return max(-value(rules.next_state(state, move)) for move in rules.legal_moves(state))

    return value(state)


# %% [markdown]
# `@cache` remembers the value of each state it has seen, so a position reached by several
# orders of moves is worked out once (see the [Python primer on `@cache`](python-primer.md#cache), or
# [Python's documentation](https://docs.python.org/3/library/functools.html#functools.cache)).
#
# Check it where we know the answer: the one-way king of lesson 02. Start the king on every
# cell of a 7 × 6 board; negamax must call exactly the N cells of the table winning.

# %%
board = Grid(7, 6)
table = outcome_table("king", board)
for cell in board.cells():
    rules = OneWayKing(board, cell)
    expected = {"N": 1, "P": -1}[table[cell]]
    assert negamax(rules, rules.initial_state()) == expected
print("negamax agrees with the king's table on all", board.width * board.height, "cells")

# %% [markdown]
# The table and the tree are two ways to the same values: the table visits every position
# once, from the end; the tree starts from one position and visits only what can follow it.
# For a grid of cells the table wins; for tic-tac-toe, where we care about one start and
# the positions are boards, the tree is the natural way.

# %% [markdown]
# ## Tic-tac-toe
#
# *Game G3.1 of source A (P. Azalov, *From mathematical to computer games*, §5, under
# "Entertaining games"; see [Sources](sources.md)), with its footnote, translated from the
# Bulgarian:*
#
# > **G3.1:** [*The game "Crosses and noughts"*] The game is also known by the names "XO"
# > and "Tic-Tac-Toe". In the classic variant it is played by two players on a grid of
# > size 3 × 3, but it can also be played by more players on a grid of larger size.¹
# >
# > ¹ The game has a mathematical analysis according to which the first player never
# > loses, i.e. in the worst case for him the game ends in a draw (Chukanov, 1975).
#
# "Crosses and noughts" («Кръстчета и нули») is the Bulgarian name; the article spells
# "Tic-Tac-Toe" in Cyrillic letters. Chukanov 1975 is V. Chukanov's book *Mathematical
# Games* (see [Sources](sources.md)). The article states no more rules than that. The rules as the course fixes them: a 3 × 3
# board, **X** moves first, the players mark empty cells in turn, **three in a row** (a
# row, a column or a diagonal) wins, and a full board without a line is a draw. For the
# article's "more players on a larger grid" the course chooses (`GAMES.md`) an m × n board
# with k in a row and two to four players, who mark X, O, A, B in that order;
# `ttt.TicTacToe(width, height, k, num_players)` plays all of them.
#
# A move is the cell to mark, `Coord(x, y)` with (0, 0) at the bottom left as everywhere
# in the course. A position can be written as its rows, top row first:

# %%
rules = ttt.TicTacToe()
state = rules.position("XO./.X./...")
print(state)
display(SVG(state._repr_svg_()))
rules.legal_moves(state)

# %% [markdown]
# The empty cells come in reading order, top row first. O is to move here (X has one more
# mark), and O is in trouble: X threatens to finish the diagonal.

# %%
assert rules.to_move(state) == 1 and ttt.MARKS[rules.to_move(state)] == "O"
assert negamax(rules, state) == -1  # O loses whatever it does

# %% [markdown]
# Two random players, to see a whole game:

# %%
rng = random.Random(7)
record = play(rules, [Player("X", ttt.random_strategy(rng)), Player("O", ttt.random_strategy(rng))])
print(record)
display(SVG(record._repr_svg_()))

# %% [markdown]
# ## A small tree, drawn
#
# Near the end of a game the tree is small enough to draw. Here X is to move with three
# cells left. `gametree.minimax(rules, state, tree=True)` keeps every position it visits; each node
# shows its value for X (player 0), each edge the cell marked, and the light blue nodes are
# ends of the game. All three of X's moves win: the middle one a move later.

# %%
late = rules.position("XOX/OXO/...")
small = gametree.minimax(rules, late, tree=True)
print(small)
display(SVG(small.tree._repr_svg_()))

# %% [markdown]
# Our `negamax` and the library's `gametree.minimax` give each move the same value:

# %%
for move, value in small.moves:
    assert -negamax(rules, rules.next_state(late, move)) == value
small.moves

# %% [markdown]
# ## Counting the game
#
# How big is tic-tac-toe? Three questions, three small functions.
#
# 1. **Positions**: every board that can arise in a game (the game stops at a line).
# 2. **Positions up to symmetry**: a board and its rotations and reflections count once.
#    `rules.canonical(state)` gives one representative of each family.
# 3. **Games**: every sequence of moves from the empty board to an end.

# %%
def positions(rules, start) -> set:
    """Every position reachable from ``start``, ``start`` included."""
    seen, todo = {start}, [start]
    while todo:
        state = todo.pop()
        if not rules.is_over(state):
            for move in rules.legal_moves(state):
                after = rules.next_state(state, move)
                if after not in seen:
                    seen.add(after)
                    todo.append(after)
    return seen


def games(rules, start) -> Counter:
    """How many complete games from ``start`` end with each result ("X", "O", ..., or "draw")."""

    @cache
    def results(state) -> tuple:
        if rules.is_over(state):
            winner = rules.winner(state)
            return (("draw" if winner is None else ttt.MARKS[winner], 1),)
        total: Counter = Counter()
        for move in rules.legal_moves(state):
            for result, n in results(rules.next_state(state, move)):
                total[result] += n
        return tuple(sorted(total.items()))

    return Counter(dict(results(start)))


empty = rules.initial_state()
reachable = positions(rules, empty)
ended = {s for s in reachable if rules.is_over(s)}
finished = games(rules, empty)
print(f"positions: {len(reachable)}, up to symmetry: {len({rules.canonical(s) for s in reachable})}")
print(f"terminal positions: {len(ended)}, up to symmetry: {len({rules.canonical(s) for s in ended})}")
print(f"games: {sum(finished.values())}: {dict(finished)}")

# %% [markdown]
# These are the published figures (see [Sources](sources.md#published-figures)): 5,478
# positions (765 up to the 8 symmetries of the square), 958 of them final (138 up to
# symmetry), and 255,168 complete games, of which X wins 131,184, O wins 77,904 and
# 46,080 are drawn. The cell above computes them for the course. The library's `counting.count` finds the same, and
# also the size of the whole game tree: every position of every game, counted once per
# way of reaching it.

# %%
known = counting.count(rules, canonical=rules.canonical)
assert (len(reachable), len(ended), sum(finished.values())) == (5478, 958, 255168)
assert (known.positions_up_to_symmetry, known.terminal_up_to_symmetry) == (765, 138)
assert known.wins == (131184, 77904) and known.draws == 46080
known

# %% [markdown]
# The tree has 549,946 nodes, a hundred times more than there are positions: the same
# board is reached by many orders of moves. Plain minimax visits every node of the tree;
# our `negamax` with `@cache` visits each position once. Here is the count after X's first
# move in the corner (the whole tree takes several seconds in plain Python):

# %%
corner = rules.apply(empty, Coord(0, 2))
plain = gametree.minimax(rules, corner)
assert plain.nodes == counting.count(rules, corner).tree_nodes
print(f"plain minimax from a corner opening: {plain.nodes:,} nodes; "
      f"the positions below it: {len(positions(rules, corner)):,}")
assert known.tree_nodes == 549946

# %% [markdown]
# ## The perfect player
#
# With best play on both sides tic-tac-toe is a draw, and so is every first move: no
# opening loses, and none wins. This is the article's footnote above ("the first player
# never loses"), computed rather than quoted, and the computation says more: with best play the second
# player never loses either.

# %%
assert negamax(rules, empty) == 0
first_moves = {move: -negamax(rules, rules.next_state(empty, move)) for move in rules.legal_moves(empty)}
assert set(first_moves.values()) == {0}
LETTERS = {1: "W", 0: "D", -1: "L"}
display(SVG(ttt.view.board_svg(empty, texts={move: LETTERS[v] for move, v in first_moves.items()},
                               title="the value of each first move for X: D, a draw")))

# %% [markdown]
# A player who always takes a move of the best value never loses. The library's
# `gametree.optimal_strategy` plays so for any game (it searches with alpha-beta, the subject of
# the next lesson); among winning moves it takes a quickest win, and when all moves lose
# it holds out longest. Against random play, over 1,000 seeded games from each seat:

# %%
def tournament(x_player, o_player, games: int = 1000) -> Counter:
    """Results of ``games`` games between two strategies: how often X won, O won, or nobody."""
    results: Counter = Counter()
    for _ in range(games):
        record = play(rules, [Player("X", x_player), Player("O", o_player)])
        results["draw" if record.winner is None else ttt.MARKS[record.winner]] += 1
    return results


# Each player draws its random choices from its own seeded generator; the perfect player
# keeps what it has solved from one game to the next.
random_vs_random = tournament(ttt.random_strategy(random.Random(1)), ttt.random_strategy(random.Random(2)))
perfect_x = tournament(gametree.optimal_strategy(random.Random(3)), ttt.random_strategy(random.Random(4)))
perfect_o = tournament(ttt.random_strategy(random.Random(5)), gametree.optimal_strategy(random.Random(6)))
print("random X against random O:  ", dict(random_vs_random))
print("perfect X against random O: ", dict(perfect_x))
print("random X against perfect O: ", dict(perfect_o))
assert perfect_x["O"] == 0 and perfect_o["X"] == 0  # the perfect player never loses

# %% [markdown]
# Random play already favours X, who moves first and marks one cell more. The perfect
# player wins most games against it from either seat and never loses. How much each
# player wins is measured, not proved: another seed moves the figures a little, but the
# zero losses are a theorem (the value of the start is a draw, and the perfect player
# never lowers it).
#
# The same search answers bigger questions. Who wins a 4 × 3 board with three in a row?

# %%
wide = ttt.TicTacToe(4, 3, 3)
solution = gametree.solve(wide)
print(solution)
assert solution.outcome == "win"

# %% [markdown]
# X wins, and `best_moves` lists every first move that keeps the win. The next lesson
# shows how the search got there visiting so few positions.
#
# ## Play
#
# The board below plays against the perfect player; turn the hints on to see every empty
# cell's value for you (W a win, D a draw, L a loss). On the static site it is a picture of
# its first state; open the lesson in Jupyter to play.

# %%
ttt.TicTacToeBoard(computer="perfect", hints=True)

# %% [markdown]
# ## Exercises
#
# Each exercise that asks for code has a **self-check** cell below it. Write your answer in a
# new cell just above the check (use the names the exercise gives), run your cell, then run
# the check: it tries your code on many cases and says which one fails, or prints "all N
# cases pass". A **worked answer** is folded under each exercise: try first, then open it to
# compare.
#
# 1. **Negamax with depth.** Write `depth_negamax(rules, state, depth)`: `negamax` with a
#    `depth` argument that stops after `depth` moves and returns 0 there. From which depth
#    on does it give the exact value of the empty board? Of `XO./.X./...`?
#
#    <details><summary>Answer</summary>
#
#    ```python
#    def depth_negamax(rules, state, depth: int) -> int:
#        @cache
#        def value(state, depth: int) -> int:
#            if rules.is_over(state):
#                return int(rules.returns(state)[rules.to_move(state)])
#            if depth == 0:
#                return 0  # the horizon: guess a draw
#            return max(-value(rules.next_state(state, move), depth - 1) for move in rules.legal_moves(state))
#
#        return value(state, depth)
#
#
#    for rows in (".../.../...", "XO./.X./..."):
#        print(rows, [depth_negamax(rules, rules.position(rows), d) for d in range(10)])
#    ```
#
#    The empty board is a draw, and the search says 0 at **every** depth, even 0: the
#    horizon's guess happens to be right, and no shallower search finds a forced win
#    that isn't there. `XO./.X./...` is lost for O, and the search sees it from depth
#    **4** on: O moves, X makes a double threat, O blocks one, X completes the other.
#
#    </details>

# %%
def check_depth_negamax(depth_negamax) -> None:
    """Values at each depth for two positions, and the exact value once the depth covers the game."""
    expected = {".../.../...": [0] * 10, "XO./.X./...": [0, 0, 0, 0, -1, -1, -1, -1, -1, -1]}
    cases = 0
    for rows, values in expected.items():
        got = [depth_negamax(rules, rules.position(rows), d) for d in range(10)]
        assert got == values, f"{rows} at depths 0 to 9: expected {values}, got {got}"
        cases += len(values)
    for rows in ("XOX/OXO/...", "XO./.../...", "X.O/.X./..O", "OX./.X./..."):
        state = rules.position(rows)
        assert depth_negamax(rules, state, 9) == negamax(rules, state), f"{rows}: deep enough, the value is exact"
        cases += 1
    print(f"all {cases} cases pass")


if "depth_negamax" in globals():
    check_depth_negamax(depth_negamax)
else:
    print("write depth_negamax above, then run this")

# %% [markdown]
# 2. **Quick wins.** Write `quick_negamax(rules, state)` in which a win is worth
#    `10 - moves played` (and a loss minus that), so that a quicker win is worth more, and
#    `quick_move(rules, state)` that plays a move of the best value. Check that your player
#    then wins `X../XO./..O` at once instead of later. (From `XX./OO./...` plain negamax
#    already wins at once, but only because the winning cell comes first in its list.)
#
#    <details><summary>Answer</summary>
#
#    At the end of a game `state.filled` is the number of moves played.
#
#    ```python
#    @cache
#    def quick_negamax(rules, state) -> int:
#        if rules.is_over(state):
#            return int(rules.returns(state)[rules.to_move(state)]) * (10 - state.filled)
#        return max(-quick_negamax(rules, rules.next_state(state, move)) for move in rules.legal_moves(state))
#
#
#    def quick_move(rules, state) -> Coord:
#        return max(rules.legal_moves(state), key=lambda move: -quick_negamax(rules, rules.next_state(state, move)))
#
#
#    slow = rules.position("X../XO./..O")
#    plain = max(rules.legal_moves(slow), key=lambda move: -negamax(rules, rules.next_state(slow, move)))
#    print("plain negamax plays", plain, "; quick wins play", quick_move(rules, slow))
#    ```
#
#    Plain negamax values every winning move +1 and plays the first of them, (1, 2), which
#    wins only later; with quick wins the move (0, 0), three in the left column, is worth
#    10 − 5 = 5, more than any later win.
#
#    </details>

# %%
def check_quick_move(quick_negamax, quick_move) -> None:
    """Every reachable position with a win in one: quick_move takes it. And the values of two positions."""
    assert quick_negamax(rules, empty) == 0, "the empty board is still a draw"
    assert quick_negamax(rules, rules.position("XX./OO./...")) == 5, "X wins with the 5th mark: worth 10 - 5 = 5"
    cases = 2
    for state in reachable:
        if rules.is_over(state):
            continue
        wins_now = [m for m in rules.legal_moves(state) if rules.next_state(state, m).winner is not None]
        if wins_now:
            move = quick_move(rules, state)
            assert move in wins_now, f"{state.rows_top_first()}: {move} does not win at once; {wins_now[0]} does"
            cases += 1
    print(f"all {cases} cases pass")


if "quick_negamax" in globals() and "quick_move" in globals():
    check_quick_move(quick_negamax, quick_move)
else:
    print("write quick_negamax and quick_move above, then run this")

# %% [markdown]
# 3. **Counting by hand.** How many complete games are there on a 2 × 2 board with two in
#    a row? Work it out on paper as `games_on_2x2`, then check with
#    `games(ttt.TicTacToe(2, 2, 2), ...)`.
#
#    <details><summary>Answer</summary>
#
#    On a 2 × 2 board any two cells are in a row, a column or a diagonal. So no one can win
#    before X's second mark, and X's second mark always wins: every game has exactly three
#    moves, X, O, X. X has 4 cells to choose from, then O 3, then X 2: 4 × 3 × 2 = **24**
#    games, all won by X.
#
#    ```python
#    games_on_2x2 = 4 * 3 * 2
#    ```
#
#    </details>

# %%
def check_games_on_2x2(games_on_2x2: int) -> None:
    small_rules = ttt.TicTacToe(2, 2, 2)
    counted = games(small_rules, small_rules.initial_state())
    assert games_on_2x2 == sum(counted.values()), f"there are {sum(counted.values())} games, not {games_on_2x2}"
    print(f"{games_on_2x2} games, {dict(counted)}: the check passes")


if "games_on_2x2" in globals():
    check_games_on_2x2(games_on_2x2)
else:
    print("write games_on_2x2 above, then run this")

# %% [markdown]
# 4. **Symmetry.** Write `my_canonical(state)` yourself for the 3 × 3 board (the eight
#    rotations and reflections) and check that it gives 765 classes.
#
#    <details><summary>Answer</summary>
#
#    Turn the board a quarter at a time, four times, and take each turned board and its
#    mirror image: those are the eight images. The least of their texts names the class.
#
#    ```python
#    def my_canonical(state) -> str:
#        board = [list(state.cells[3 * y:3 * y + 3]) for y in range(3)]  # rows, bottom first
#        images = []
#        for _ in range(4):
#            board = [list(row) for row in zip(*board[::-1], strict=True)]  # a quarter turn
#            images.append("".join("".join(row) for row in board))
#            images.append("".join("".join(row[::-1]) for row in board))  # its mirror image
#        return min(images)
#
#
#    print(len({my_canonical(s) for s in reachable}))
#    ```
#
#    </details>

# %%
def check_canonical(my_canonical) -> None:
    """765 classes, and two positions share a class exactly when the library says they do."""
    classes = {}
    for state in reachable:
        classes.setdefault(rules.canonical(state), set()).add(my_canonical(state))
    split = [c for c, names in classes.items() if len(names) > 1]
    assert not split, f"your classes split the library's class of {split[0]}"
    assert len({my_canonical(s) for s in reachable}) == 765, "there should be 765 classes"
    print(f"all {len(reachable)} positions in 765 classes: the check passes")


if "my_canonical" in globals():
    check_canonical(my_canonical)
else:
    print("write my_canonical above, then run this")

# %% [markdown]
# 5. **Bigger boards.** Use `gametree.solve` to decide 4 × 4 with three in a row, and 5 × 3 with
#    three in a row. Who wins, and with which first moves? Write the winning first moves
#    as `first_moves_4x4` and `first_moves_5x3`.
#
#    <details><summary>Answer</summary>
#
#    ```python
#    on_4x4, on_5x3 = gametree.solve(ttt.TicTacToe(4, 4, 3)), gametree.solve(ttt.TicTacToe(5, 3, 3))
#    print(on_4x4, on_5x3, sep="\n")
#    first_moves_4x4, first_moves_5x3 = on_4x4.best_moves, on_5x3.best_moves
#    ```
#
#    X wins both. On 4 × 4 every one of the 16 first moves wins. On 5 × 3, 13 of the 15
#    do: all but the middle cells of the two short sides, (0, 1) and (4, 1).
#
#    </details>

# %%
def check_bigger_boards(first_moves_4x4, first_moves_5x3) -> None:
    cases = 0
    for (width, height), answer in {(4, 4): first_moves_4x4, (5, 3): first_moves_5x3}.items():
        solution = gametree.solve(ttt.TicTacToe(width, height, 3))
        expected, got = set(solution.best_moves), {Coord(*m) for m in answer}
        assert got == expected, f"{width} x {height}: the winning first moves are {sorted(map(str, expected))}"
        cases += width * height
    print(f"all {cases} first moves judged right: the check passes")


if "first_moves_4x4" in globals() and "first_moves_5x3" in globals():
    check_bigger_boards(first_moves_4x4, first_moves_5x3)
else:
    print("write first_moves_4x4 and first_moves_5x3 above, then run this")

# %% [markdown]
# 6. **Play.** Beat `ttt.TicTacToeBoard(computer="random")` in as few moves as you can, then
#    draw against `computer="perfect"` from both seats.
#
#    <details><summary>What to look for</summary>
#
#    Against the random player, take a corner and then make a **double threat** (two lines
#    each missing one mark): it cannot block both. Three marks can win only if it never
#    blocks, so a win on your third or fourth mark is good play. Against the perfect
#    player you cannot win: every first move is a draw. As X, the centre or a corner is
#    safest; as O, answer a corner opening with the centre and a centre opening with a
#    corner (O loses after a corner opening with an edge reply). Block every line of two
#    at once, and look out for X's double threats one move before they come.
#
#    </details>
