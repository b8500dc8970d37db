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
# # 08 Alpha-beta: the same answer from fewer positions
#
# In lesson 07 plain minimax looked at every node of tic-tac-toe's game tree, 549,946 of
# them, to find that the game is a draw. Most of that work was wasted. Once you know that
# one move draws, you do not need to know *how badly* another move loses: one good reply
# of the opponent is enough to throw it away. Searching with that idea in mind is called
# **alpha-beta**. It gives exactly the value minimax gives, and it looks at far fewer
# positions.
#
# In this lesson we write alpha-beta in a few lines and check it against minimax and
# against the course library. Then we read and run the program of the source **D**, a
# tic-tac-toe player written for a student's report, which searches with alpha-beta and
# says how many positions it looked at. We measure what putting good moves first, remembering
# positions and using the board's symmetry each save, and use the solver to decide
# bigger boards. At the end we look at three players, where one number per position is
# no longer enough.

# %%
import math
import random
from collections import Counter
from functools import cache

from IPython.display import SVG, display

from coursekit import Coord, Player, play
from coursekit.games import tictactoe as ttt
from coursekit.solvers import counting, gametree

INF = math.inf
rules = ttt.TicTacToe()
empty = rules.initial_state()

# %% [markdown]
# ## Plain minimax, again
#
# Lesson 07's `negamax` gives a position's value for the player to move: +1 a win, 0 a
# draw, −1 a loss, with best play on both sides. We keep it as the judge of everything
# below. ([`@cache`](python-primer.md#cache) makes it visit each position once; that is fast here, but it keeps
# every position in memory, and bigger games have far too many positions for that.)

# %%
@cache
def negamax(state) -> int:
    """The value of ``state`` for the player to move: +1 win, 0 draw, -1 loss (tic-tac-toe)."""
    if rules.is_over(state):
        return int(rules.returns(state)[rules.to_move(state)])
    return max(-negamax(rules.next_state(state, move)) for move in rules.legal_moves(state))


assert negamax(empty) == 0

# %% [markdown]
# ## The idea: a window of values that still matter
#
# Take the position below, X to move, three cells left. Suppose X has already tried
# [0, 0] and found that it draws. Now X tries [1, 0]. O's first answer that we look at,
# [0, 0], completes O's diagonal: O wins. So [1, 0] is worth at most −1 to X, worse than
# the draw X already has, and O's other answer cannot change that: X will not play
# [1, 0], whatever that answer is worth. We do not look at it. That is a **cut**.

# %%
idea = rules.position("XXO/OOX/...")
display(SVG(ttt.view.board_svg(idea, title="X to move")))
assert -negamax(rules.next_state(idea, Coord(0, 0))) == 0
assert -negamax(rules.next_state(idea, Coord(1, 0))) == -1
assert rules.winner(rules.next_state(rules.next_state(idea, Coord(1, 0)), Coord(0, 0))) == 1  # O wins

# %% [markdown]
# The search keeps two numbers for every position it works on:
#
# - **alpha**: what the player to move is already sure of, from the moves tried so far
#   (here or higher up the tree);
# - **beta**: the most he can hope for here, because above him the opponent already has a
#   way to avoid this position that gives the mover no more than beta.
#
# Only values strictly between alpha and beta, inside the **window**, can change the
# result. As soon as one move reaches beta the position is settled: the opponent will not
# let the game come here, and the remaining moves are cut. In negamax form the window
# turns over at every move, like the values: what is (alpha, beta) for me is (−beta,
# −alpha) for my opponent.
#
# The function returns the value when it lies inside the window. Outside, it returns a
# bound: a result at most alpha means "the value is at most this", a result at least
# beta means "the value is at least this". With the window (−∞, +∞) nothing is outside,
# so the result is the exact value.

# %%
def negamax_window(rules, state, alpha: float = -INF, beta: float = INF,
                   visits: Counter | None = None, order=None) -> float:
    """Negamax with the window (alpha, beta): alpha-beta.

    The exact value of ``state`` for the player to move when it lies strictly inside the
    window; else a bound (at most ``alpha``, or at least ``beta``). ``visits["nodes"]``
    counts the positions looked at, ``visits["ends"]`` those where the game is over.
    ``order(rules, state, moves)``, if given, says which moves to try first.
    """
    if visits is not None:
        visits["nodes"] += 1
    if rules.is_over(state):
        if visits is not None:
            visits["ends"] += 1
        return rules.returns(state)[rules.to_move(state)]
    moves = rules.legal_moves(state)
    if order is not None:
        moves = order(rules, state, moves)
    best = -INF
    for move in moves:
        value = -negamax_window(rules, rules.next_state(state, move), -beta, -max(alpha, best), visits, order)
        if value > best:
            best = value
            if best >= beta:
                break  # the opponent will not let the game come here: cut the other moves
    return best


# %% [markdown]
# The only differences from `negamax` are the window passed down and the `break`. After
# a move the opponent is to move, and the window is turned over: (−beta, −max(alpha,
# best)). He is sure of at least −beta there, since we can get no more than beta, and
# he can hope for no more than −max(alpha, best), since we already have the better of
# alpha and our best move so far and will not accept less.
#
# **Check 1: the same values.** On every one of the 4,520 positions where someone is still
# to move, the full window gives exactly what plain minimax gives (one
# [`all`](python-primer.md#all-any) over them).

# %%
positions = counting.reachable(rules)
to_move = sorted((s for s in positions if not rules.is_over(s)), key=repr)
assert len(positions) == 5478 and len(to_move) == 4520
assert all(negamax_window(rules, state) == negamax(state) for state in to_move)
print("alpha-beta and minimax agree on all", len(to_move), "positions")

# %% [markdown]
# **Check 2: the bounds.** With a narrow window the answer may be a bound, but never a
# wrong one. The window (0, 1) asks only "does the player to move win?": the answer is 1
# if he does and at most 0 if not. We check the three promises on a few hundred positions
# for several windows.

# %%
rng = random.Random(8)
sample = rng.sample(to_move, 300)
for state in sample:
    exact = negamax(state)
    for alpha, beta in [(-1, 0), (0, 1), (-0.5, 0.5), (-INF, 0), (0, INF)]:
        found = negamax_window(rules, state, alpha, beta)
        if found <= alpha:
            assert exact <= found
        elif found >= beta:
            assert exact >= found
        else:
            assert exact == found
print("every answer is the value inside the window and a true bound outside it")

# %% [markdown]
# **Check 3: the same count as the library.** The course's `gametree.alphabeta` counts every
# position it visits, the root included, as our `visits["nodes"]` does. One difference:
# the library wants the exact value of *every* move at the root (a board's hints need
# them), so it searches each root move with the full window, where our function narrows
# the window after the first move. Counted the library's way, our search visits exactly
# the same positions:

# %%
def library_count(rules, state) -> int:
    """Nodes our search visits when, like the library, it searches every root move with the full window."""
    visits = Counter(nodes=1)  # the root
    for move in rules.legal_moves(state):
        negamax_window(rules, rules.next_state(state, move), visits=visits)
    return visits["nodes"]


assert all(library_count(rules, state) == gametree.alphabeta(rules, state).nodes for state in [empty, *sample])
print("from the empty board:", library_count(rules, empty), "nodes both ways")

# %% [markdown]
# ## How many positions alpha-beta saves
#
# Plain minimax visits every node of the tree below a position; `counting.count` from lesson 07
# gives that number without walking the whole tree. Beside it: our alpha-beta, and the library's
# (every root move exact).

# %%
def visited(state, order=None) -> Counter:
    """What our alpha-beta visits from ``state`` with the full window."""
    visits = Counter()
    negamax_window(rules, state, visits=visits, order=order)
    return visits


starts = {
    "empty board": empty,
    "X in a corner": rules.position("X../.../..."),
    "X in the centre": rules.position(".../.X./..."),
    "X: corner, O: centre": rules.position("X../.O./..."),
    "XO./.X./...": rules.position("XO./.X./..."),
    "XX./OOX/...": rules.position("XX./OOX/..."),
}
print(f"{'start':22}{'value':>6}{'minimax':>10}{'alpha-beta':>12}{'library':>9}{'saved':>7}")
rows = {}
for name, state in starts.items():
    whole = counting.count(rules, state).tree_nodes
    ours = visited(state)["nodes"]
    rows[name] = whole, ours
    print(f"{name:22}{negamax(state):>6}{whole:>10,}{ours:>12,}{gametree.alphabeta(rules, state).nodes:>9,}"
          f"{1 - ours / whole:>7.0%}")
assert rows["empty board"] == (549946, 18297)
assert gametree.minimax(rules, starts["X: corner, O: centre"]).nodes == rows["X: corner, O: centre"][0]

# %% [markdown]
# From the empty board alpha-beta proves the draw after 18,297 positions instead of
# 549,946: thirty times fewer, with no memory at all beyond the path it is on. The
# library's figure is larger because it gives each of the nine first moves its exact
# value instead of only finding the best one.
#
# ## A tree with its cut branches
#
# The library keeps the tree it explored when asked (`tree=True`), and draws it. Here is
# the search from the last position of the table, O to move: X threatens the top row,
# and O's first move, [2, 2], blocks it and leads to the position we looked at above.
# Every node shows its value **for X**, so the levels where X moves take the largest
# value below and the levels where O moves the smallest. A value "≤ 0" or "≥ 0" is a
# bound: the search proved only that much. Dashed grey branches were cut: the search
# never looked at them.

# %%
example = starts["XX./OOX/..."]
assert rules.next_state(example, Coord(2, 2)) == idea
pruned = gametree.alphabeta(rules, example, tree=True)
print(pruned)
display(SVG(pruned.tree._repr_svg_()))

# %% [markdown]
# Below O's [2, 2] you can find the cut we made by hand: X's [0, 0] draws, X's [1, 0]
# is refuted by O's [0, 0], and O's other answer is cut. O's three other moves let X
# complete the top row at once. Compare with minimax, which looks at every branch:

# %%
whole = gametree.minimax(rules, example, tree=True)
assert whole.value == pruned.value == 0 and whole.moves == pruned.moves


def cut_branches(node) -> int:
    """How many branches of a kept tree the search cut off."""
    return int(node.cut) + sum(cut_branches(child) for child in node.children)


print(f"minimax: {whole.nodes} nodes; alpha-beta: {pruned.nodes} nodes, {cut_branches(pruned.tree)} branches cut")
assert whole.nodes == whole.tree.size and pruned.nodes == pruned.tree.visited

# %% [markdown]
# ## D's program
#
# The source D is a student's report (in Ukrainian) on tic-tac-toe, with its program, in
# C, in an appendix. The program plays against a human; the computer plays X. Its
# function `Best_Move` is alpha-beta; before it searches a position it sorts the moves
# by a simple rule of thumb, so that likely good moves come first; it counts the
# positions it searches, and it tells the human what it found. Here is how D itself
# describes the game and the computer's method:
#
# *Source D (*The game "Tic-tac-toe"*, a student report; see [Sources](sources.md)),
# chapters 2 and 3, translated from the Ukrainian:*
#
# > The playing field is modelled by a square matrix of order three. For convenience in
# > making moves the fields are numbered with the digits 1 to 9 (see fig. 2.1). The
# > computer (player 1) always plays "crosses", and the human (player 2) "noughts". The
# > winner is the player who first manages to build a row of three pieces ("crosses" or
# > "noughts") horizontally, vertically or diagonally. The "winning" combinations in this
# > numbering of the fields look like this:
# >
# > (1, 2, 3) (4, 5, 6) (7, 8, 9)
# >
# > (1, 4, 7) (2, 5, 8) (3, 6, 9)
# >
# > (1, 5, 9) (3, 5, 7)
# >
# > There are eight winning combinations in all. [...]
# >
# > The computer chooses its strategy heuristically, by means of the minimax method.
# > After each move of the human the computer calculates the value of all the moves it can
# > still make, sorts them in decreasing order of value and chooses the move of greatest
# > value. [...]
# >
# > Procedure Best_Move: looks through the possible moves of the computer, rates each
# > move with the help of the procedure Evaluate, orders the moves by decreasing rating
# > and chooses the best possible move for the computer. [...]
# >
# > Procedure Describe: prints a message according to the value of the move produced by
# > the procedure Best_Move. If the value of the move is negative, the message "You have
# > a guaranteed win" is printed; if the value of the move is zero, the message "I
# > guarantee you a draw".
#
# The figures the report refers to (fig. 2.1, the numbered field) are not in the copy of
# the report we have; `main` prints the same numbering (below). The report says the
# program was written in C and run with Turbo C++ 3.0 under Windows 98.
#
# The course library keeps D's program as D wrote it (translated to Python, with the
# board turned into the course's coordinates), so that we can run it. D's C program
# itself cannot be run as printed: in its function `Print` the page has lost the start of
# a `printf` call, and the line reads
# `for (I = 0; I < Squares; I += 3) %c \n", Board[I], Board[I + 1], Board[I + 2]);`,
# which does not compile. (It also uses `clrscr` from Turbo C's `conio.h`.) The parts of
# the program that the lesson discusses are shown below as printed, each before it is
# discussed.
#
# ### D's board
#
# D's `main`, which shows the human the numbering of the field:
#
# ```c
# int main() {
#     char Answer[String_Length];
#     clrscr();
#     printf("\tA game of crosses and noughts!\n\n");
#     printf("\tGet to know the numbering of the playing field:\n");
#     printf("\t 1 | 2 | 3\n");
#     printf("\t---+---+---\n");
#     printf("\t 4 | 5 | 6\n");
#     printf("\t---+---+---\n");
#     printf("\t 7 | 8 | 9\n");
#     printf("\n");
#     printf("\tThe computer plays X, you play O.\n");
#     do {
#         Game();
#         printf("\n\tDo you want to go on? ");
#         scanf("%s", Answer);
#     } while (toupper(Answer[0]) == 'Y');
# }
# ```
#
# *Source D (*The game "Tic-tac-toe"*; see [Sources](sources.md)), appendix B, the program
# text: the function `main`. Code as printed, strings translated from the Ukrainian; the
# page lost the indentation, which is restored here.*
#
# In the program the squares are numbered 0 to 8 (the human's answer is decreased by
# one), and D's table of the eight lines is the list above with every number less one:
#
# ```c
# /* Array describing all the winning combinations */
# #define Possible_Wins 8
# const int Three_in_a_Row[Possible_Wins][3] = {
#     { 0, 1, 2 },
#     { 3, 4, 5 },
#     { 6, 7, 8 },
#     { 0, 3, 6 },
#     { 1, 4, 7 },
#     { 2, 5, 8 },
#     { 0, 4, 8 },
#     { 2, 4, 6 }
# };
# ```
#
# *Source D, appendix B: the lines of the board. Code as printed, comment translated.*
#
# D numbers the squares 1 to 9 in reading order, top row first. In the course's
# coordinates (0, 0) is the bottom left, so D's square 1 is [0, 2]:

# %%
print(ttt.source_numbering())
assert ttt.square_of(1) == Coord(0, 2) and ttt.square_of(9) == Coord(2, 0) and ttt.square_number(Coord(1, 1)) == 5
display(SVG(ttt.view.board_svg(empty, texts={ttt.square_of(n): str(n) for n in range(1, 10)}, title="D's numbers")))

# %% [markdown]
# ### D's rule of thumb
#
# D's table of values and the function that values a board with it, as printed:
#
# ```c
# /* Array used in the heuristic formula for each move */
# const int Heuristic_Array[4][4] = {
#     { 0, -10, -100, -1000 },
#     { 10, 0, 0, 0 },
#     { 100, 0, 0, 0 },
#     { 1000, 0, 0, 0 }
# };
#
# /* Returns the heuristic used to determine the command [sic] in which
#    the subordinate node is searched */
# int Evaluate(Board_Type Board, Square_Type Player) {
#     int I;
#     int Heuristic = 0;
#     for (I = 0; I < Possible_Wins; I++) {
#         int J;
#         int Players = 0, Others = 0;
#         for (J = 0; J < 3; J++) {
#             Square_Type Piece = Board[Three_in_a_Row[I][J]];
#             if (Piece == Player)
#                 Players++;
#             else if (Piece == Other(Player))
#                 Others++;
#         }
#         Heuristic += Heuristic_Array[Players][Others];
#     }
#     return Heuristic;
# }
# ```
#
# *Source D, appendix B: the rule of thumb. Code as printed (indentation restored),
# comments translated. The Ukrainian comment on `Evaluate` says "the command" where the
# sense is "the order" (in which the children of a node are searched), and
# `Heuristic_Array` is indexed `[Players][Others]`: the player's marks in the line, then
# the other player's.*
#
# D values a board for a player line by line. A line that holds only the player's marks
# is worth +10, +100 or +1000 for one, two or three of them; a line that holds only the
# other player's marks is worth as much against; a line with both marks (or none) is
# worth nothing. The table `ttt.SOURCE_HEURISTIC[mine][theirs]`:

# %%
print(f"{'':>14}" + "".join(f"{f'{t} theirs':>10}" for t in range(4)))
for mine, row in enumerate(ttt.SOURCE_HEURISTIC):
    print(f"{f'{mine} mine':>14}" + "".join(f"{value:>10}" for value in row))
assert ttt.SOURCE_HEURISTIC[2][0] == 100 and ttt.SOURCE_HEURISTIC[0][1] == -10 and ttt.SOURCE_HEURISTIC[1][1] == 0

# %% [markdown]
# To order the moves, D marks each empty square in turn, values the board, and tries the
# squares from the highest value down (squares of equal value in the order of their
# numbers). On the empty board the centre lies on four lines, a corner on three, an edge
# on two:

# %%
def source_values(state) -> dict:
    """The value D's rule of thumb gives each empty cell, for the player to move."""
    board = ttt.source_board(rules, state)  # D's board: the player to move is D's X
    return {ttt.square_of(square + 1): value for square, value in ttt.source_order(board, "X")}


assert ttt.source_evaluate(list("    X    "), "X") == 40
assert [ttt.square_number(cell) for cell in source_values(empty)] == [5, 1, 3, 7, 9, 2, 4, 6, 8]
display(SVG(ttt.view.board_svg(empty, texts={c: str(v) for c, v in source_values(empty).items()},
                               title="D's value of each first move")))
middle = rules.position("X../.O./...")
display(SVG(ttt.view.board_svg(middle, texts={c: str(v) for c, v in source_values(middle).items()},
                               title="X to move: D's values")))

# %% [markdown]
# ### D's scores and messages
#
# Where `Best_Move` (shown in full below) reaches the end of a game, it scores it:
#
# ```c
# W = Winner(Board);
# if (W == 'X')
#     Score = (Maximum_Moves + 1) - Move_Nbr;
# else if (W == 'O')
#     Score = Move_Nbr - (Maximum_Moves + 1);
# else if (W == 'C')
#     Score = 0;
# ```
#
# (`Maximum_Moves` is the number of squares, 9; `'C'` is what `Winner` returns for a full
# board without a line.) The computer's turn, and what it tells the human:
#
# ```c
# /* Prints the text of a message according to the value of the move
#    that Best_Move returns */
# void Describe(int Score) {
#     if (Score < 0)
#         printf("\tYou have a guaranteed win.\n");
#     else if (Score == 0)
#         printf("\tI can guarantee you a draw.\n");
#     else
#         printf("\tA win is guaranteed by move %d.\n",
#                Maximum_Moves - Score + 1);
# }
#
# /* Determines the move of the human or of the computer */
# void Move(Board_Type Board, Square_Type Player, int Move_Nbr) {
#     int Square;
#     if (Player == 'X') {
#         Total_Nodes = 0;
#         Describe(Best_Move(Board, 'X', &Square, Move_Nbr, -Infinity, Infinity));
#         printf("\t%d node checked.\n", Total_Nodes);
#         Play(Board, Square, 'X');
#         printf("\tMove #%d - X moves to %d\n", Move_Nbr, Square + 1);
#     } else {
#         do {
#             printf("\tMove #%d - Where does O move? ", Move_Nbr);
#             scanf("%d", &Square);
#             Square--;
#         } while (Board[Square] != ' ');
#         Play(Board, Square, 'O');
#     }
# }
# ```
#
# *Source D, appendix B: scoring a finished game (from `Best_Move`), `Describe` and
# `Move`. Code as printed (indentation restored), comments and strings translated. As
# printed, the word "Move" (Хід) in the last two messages appears as "Хўд", a character
# set mix-up; the node count is printed as "%d вершина перевірена", "%d node checked",
# in the singular whatever the number. `Infinity` is 10. A human who types a number
# outside 1 to 9 makes the program read outside the board: nothing checks the range.*
#
# D does not score a win as +1. X winning on move n of the game scores 10 − n, O
# winning on move n scores n − 10, a full board 0. A quick win is worth more than a slow
# one, so the score also says *when* the game is won. D prints what the score means:

# %%
for score in (-4, 0, 1, 5):
    print(f"{score:>3}: {ttt.source_describe(score)}")
assert ttt.source_describe(5) == "A win is guaranteed by move 5."

# %% [markdown]
# ### D's choice
#
# `ttt.source_best_move` runs D's `Best_Move` for the player to move and gives D's move, its
# score, D's node count and D's message. From the empty board D takes the centre, square 5,
# and announces a draw after 1,214 nodes:

# %%
first = ttt.source_best_move(rules, empty)
print(first)
assert (first.move, first.square, first.score, first.nodes) == (Coord(1, 1), 5, 0, 1214)

# %% [markdown]
# D's computer is always X. When O is to move, the library swaps the marks and lets D's
# search play the board as its X; that is the board D's program holds in a game where the
# human starts. Three more positions, with the exact value beside D's score:

# %%
for rows_ in ("XO./XO./...", "XO./.X./...", "X../.O./..X"):
    state = rules.position(rows_)
    choice = ttt.source_best_move(rules, state)
    print(f"{rows_}  {ttt.MARKS[rules.to_move(state)]} to move: square {choice.square}, score {choice.score:>2}, "
          f"{choice.nodes:>3} nodes, exact value {negamax(state):>2}. {choice.message}")
    assert (choice.score > 0) - (choice.score < 0) == negamax(state)
    assert -negamax(rules.next_state(state, choice.move)) == negamax(state)  # D's move keeps the value

# %% [markdown]
# ### Reading D's search
#
# Here is D's `Best_Move` in full. Its first loop sorts the empty squares by the rule of
# thumb into `Move_Heuristic`, highest first (an insertion sort); the second searches them
# in that order. Scores are always X's: X takes the largest, O the smallest.
#
# ```c
# /* Determines the value of the best move, which is returned in the variable *Square */
# int Best_Move(Board_Type Board, Square_Type Player, int *Square, int Move_Nbr,
#               int Alpha, int Beta) {
#     int Best_Square = -1;
#     int Moves = 0;
#     int I;
#     Move_Heuristic_Type Move_Heuristic[Squares];
#     Total_Nodes++;
#     /* Finds the heuristic of all moves and sorts the moves by decreasing value */
#     for (I = 0; I < Squares; I++) {
#         if (Board[I] == Empty) {
#             int Heuristic;
#             int J;
#             Play(Board, I, Player);
#             Heuristic = Evaluate(Board, Player);
#             Play(Board, I, Empty);
#             for (J = Moves-1; J >= 0 &&
#                  Move_Heuristic[J].Heuristic < Heuristic; J--) {
#                 Move_Heuristic[J + 1].Heuristic = Move_Heuristic[J].Heuristic;
#                 Move_Heuristic[J + 1].Square = Move_Heuristic[J].Square;
#             }
#             Move_Heuristic[J + 1].Heuristic = Heuristic;
#             Move_Heuristic[J + 1].Square = I;
#             Moves++;
#         }
#     }
#     for (I = 0; I < Moves; I++) {
#         int Score;
#         int Sq = Move_Heuristic[I].Square;
#         Square_Type W;
#         /* Making the move and determining its value */
#         Play(Board, Sq, Player);
#         W = Winner(Board);
#         if (W == 'X')
#             Score = (Maximum_Moves + 1) - Move_Nbr;
#         else if (W == 'O')
#             Score = Move_Nbr - (Maximum_Moves + 1);
#         else if (W == 'C')
#             Score = 0;
#         else
#             Score = Best_Move(Board, Other(Player), Square, Move_Nbr + 1,
#                               Alpha, Beta);
#         Play(Board, Sq, Empty);
#         if (Player == 'X') {
#             if (Score >= Beta) {
#                 *Square = Sq;
#                 return Score;
#             } else if (Score > Alpha) {
#                 Alpha = Score;
#                 Best_Square = Sq;
#             }
#         } else {
#             if (Score <= Alpha) {
#                 *Square = Sq;
#                 return Score;
#             } else if (Score < Beta) {
#                 Beta = Score;
#                 Best_Square = Sq;
#             }
#         }
#     }
#     *Square = Best_Square;
#     if (Player == 'X')
#         return Alpha;
#     else
#         return Beta;
# }
# ```
#
# *Source D, appendix B: `Best_Move`. Code as printed (indentation restored), comments
# translated. The comment at the top has it the wrong way round: the value is what the
# function returns, and the square of the best move is what it leaves in `*Square`. The
# deeper calls write their own squares into the same `*Square`; the top call writes its
# own last, so the move it reports is its own.*
#
# It is our `negamax_window` written for two players separately. X's `Alpha` is our
# `max(alpha, best)`; O's `Beta` is the same thing seen from O's side; `Score >= Beta`
# is our `break`. D's report describes `Best_Move` as rating each possible move with
# `Evaluate`, sorting the moves by their rating and choosing the best one. The code says
# more: the rating only decides the order of the search; the choice comes from the
# search itself, and most moves never get an exact value, because the cuts drop them as
# soon as they cannot beat the best move so far.

# %% [markdown]
# ### What D counts, and what its order buys
#
# D counts one node per call of its search. A move that ends the game is scored where it
# is made, without a call, so D does not count finished positions. Our `visits` keeps
# both numbers, so we can count D's way: the nodes minus the ends.
#
# D's rule of thumb written as an `order` for our search (and for the library's):

# %%
def d_order(rules, state, moves):
    """The moves in D's order: D's value of the board after the move, highest first."""
    return list(source_values(state))


assert d_order(rules, empty, rules.legal_moves(empty))[:2] == [Coord(1, 1), Coord(0, 2)]

plain, ordered = visited(empty), visited(empty, order=d_order)
print(f"our alpha-beta in the order of the cells: {plain['nodes']:,} nodes, D's way {plain['nodes'] - plain['ends']:,}")
print(f"our alpha-beta in D's order:              {ordered['nodes']:,} nodes, D's way "
      f"{ordered['nodes'] - ordered['ends']:,}")
print(f"D's program:                              D's way {first.nodes:,}")
assert ordered["nodes"] - ordered["ends"] == first.nodes == 1214
assert plain["nodes"] - plain["ends"] == 10967

# %% [markdown]
# Counted D's way, our few lines in D's order visit exactly D's 1,214 positions: D's
# `Best_Move` is this alpha-beta. The order is worth a factor of nine here (10,967 nodes
# in the order of the cells). It does not change any value: it only makes the good moves
# come first, so that the cuts come early.
#
# Does our search always count like D's? Over every position where someone is to move:

# %%
same, more = 0, 0
for state in to_move:
    ours = visited(state, order=d_order)
    choice = ttt.source_best_move(rules, state)
    d_nodes = choice.nodes
    assert d_nodes >= ours["nodes"] - ours["ends"]
    assert (choice.score > 0) - (choice.score < 0) == negamax(state)  # D's score has the exact value's sign
    assert -negamax(rules.next_state(state, choice.move)) == negamax(state)  # and D's move keeps it
    same += d_nodes == ours["nodes"] - ours["ends"]
    more += d_nodes > ours["nodes"] - ours["ends"]
print(f"D counts as we do on {same:,} positions and more on {more}")
assert same + more == 4520

# %% [markdown]
# Where they differ D looks at more positions, never fewer. The reason is its scores:
# for us every win is +1, and once a move wins nothing can beat it, so the search stops.
# For D a win on move 7 scores 3 and a win on move 9 only 1, so after finding a slow win
# D goes on looking for a quicker one.
#
# The library's alpha-beta with and without D's order (library counting, every root move
# exact):

# %%
library_plain = gametree.alphabeta(rules)
library_d = gametree.alphabeta(rules, order=d_order)
print(f"library alpha-beta: {library_plain.nodes:,} nodes; with D's order: {library_d.nodes:,}")
assert library_plain.value == library_d.value == 0 and library_d.nodes < library_plain.nodes / 5

# %% [markdown]
# ### D against the perfect player and against random play
#
# D's program never gambles: it plays the same move every time in the same position. So
# we remember its choices, which makes a thousand games quick. Each game below is played
# by two strategies; the perfect player of lesson 07 chooses at random (seeded) among its
# best moves, the random player among all moves.

# %%
def remembered(strategy):
    """The same strategy, remembering its move in each position (for a player who never varies)."""
    chosen = {}

    def choose(rules, state):
        if state not in chosen:
            chosen[state] = strategy(rules, state)
        return chosen[state]

    return choose


d_player = remembered(ttt.source_strategy())


def tournament(x_player, o_player, games: int) -> Counter:
    """How often X won, O won, or nobody, in ``games`` games."""
    results = Counter()
    for _ in range(games):
        record = play(rules, [Player("X", x_player), Player("O", o_player)])
        results["draw" if record.winner is None else ttt.MARKS[record.winner]] += 1
    return results


matches = {
    "D (X) against perfect (O)": tournament(d_player, gametree.optimal_strategy(random.Random(1)), 200),
    "perfect (X) against D (O)": tournament(gametree.optimal_strategy(random.Random(2)), d_player, 200),
    "D (X) against random (O)": tournament(d_player, ttt.random_strategy(random.Random(3)), 1000),
    "random (X) against D (O)": tournament(ttt.random_strategy(random.Random(4)), d_player, 1000),
}
for name, results in matches.items():
    print(f"{name:27}", dict(sorted(results.items())))
assert matches["D (X) against perfect (O)"] == {"draw": 200} == matches["perfect (X) against D (O)"]
assert matches["D (X) against random (O)"]["O"] == 0 and matches["random (X) against D (O)"]["X"] == 0
assert matches["D (X) against random (O)"]["X"] > 500 and matches["random (X) against D (O)"]["O"] > 500

# %% [markdown]
# Against the perfect player every game is drawn, from both seats: neither can lose, so
# neither can win. Against random play D never loses and wins most games. The exact
# shares depend on the seeds; the zero losses do not: on every position D's score has
# the sign of the exact value and D's move keeps that value (we checked both above), so
# D never gives away a draw or a win.
#
# ## Good moves first, positions remembered, symmetry
#
# Alpha-beta cuts the most when the best move is tried first: then every other move is
# refuted by its first answer. Three ideas make the library's search cheaper, each an
# argument of `gametree.alphabeta`:
#
# - **order**: a function that puts the moves in order, best guess first. D's rule of
#   thumb is one; the library's `gametree.line_order` is another (a move that completes a line
#   first, then one that blocks the opponent's, then the cells on the most open lines).
# - **table**: a transposition table, a dictionary from positions to what the search
#   found there. A position reached again by another order of moves is answered from the
#   table. With a window the search often proves only a bound ("at least 0"), so an entry
#   says which it holds: the exact value, a lower bound or an upper bound. It also keeps
#   the best move found, tried first when the position comes again.
# - **symmetry**: the table is keyed by `rules.canonical(state)`, so a position and its
#   rotations and reflections share one entry. There are only 765 positions up to
#   symmetry, so such a table can never hold more than 765.
#
# From the empty board, "nodes" counts the positions visited (also those answered from the
# table) and "stored" the entries in the table at the end:

# %%
variants = {
    "alpha-beta": {},
    "+ D's order": {"order": d_order},
    "+ line order": {"order": gametree.line_order},
    "+ table": {"table": True},
    "+ table + symmetry": {"table": True, "canonical": rules.canonical},
    "+ line order + table + symmetry": {"order": gametree.line_order, "table": True, "canonical": rules.canonical},
}
print(f"{'search':34}{'nodes':>8}{'stored':>8}")
ladder = {}
for name, options in variants.items():
    solution = gametree.alphabeta(rules, **options)
    assert solution.value == 0 and solution.moves == library_plain.moves
    ladder[name] = solution
    print(f"{name:34}{solution.nodes:>8,}{solution.positions:>8,}")
best = ladder["+ line order + table + symmetry"]
assert all(ladder[n].positions <= 765 for n in variants if "symmetry" in n)
assert best.nodes < ladder["alpha-beta"].nodes / 50 and best.positions < 765 / 3

# %% [markdown]
# Each idea helps, and they add up: with all three the library proves that tic-tac-toe is
# a draw, and finds the value of each of the nine first moves, after visiting a few
# hundred positions and storing fewer than a third of the 765. Plain minimax needed
# 549,946 nodes for the same answer.
#
# ## Bigger boards: the m, n, k-games
#
# On an m × n board with k in a row the same solver answers who wins (`gametree.solve` uses the
# table, symmetry and the order we pass). A board is a **first-player win** when X can
# force a line, a **draw** when neither player can. A few boards, each decided in well
# under a second:

# %%
boards = [(2, 2, 2), (3, 3, 3), (4, 2, 3), (6, 2, 3), (4, 3, 3), (5, 3, 3), (4, 4, 3)]
results = {}
print(f"{'m x n, k':>10}{'result':>20}{'nodes':>9}{'stored':>8}")
for m, n, k in boards:
    solution = gametree.solve(ttt.TicTacToe(m, n, k), order=gametree.line_order)
    results[m, n, k] = "first-player win" if solution.outcome == "win" else solution.outcome
    print(f"{f'{m} x {n}, {k}':>10}{results[m, n, k]:>20}{solution.nodes:>9,}{solution.positions:>8,}")
assert results[3, 3, 3] == results[4, 2, 3] == results[6, 2, 3] == "draw"
assert results[4, 3, 3] == results[4, 4, 3] == results[5, 3, 3] == "first-player win"
assert set(results.values()) <= {"first-player win", "draw"}

# %% [markdown]
# Three in a row is a draw on 3 × 3 and on the two-row boards we tried, but one more
# column, 4 × 3, is enough for X to force it. What about **4 × 4 with four in a row**?
# It is a draw, but the proof takes too long to run here. Its cost is best measured in
# nodes, which do not depend on the machine: alpha-beta with line order, table and
# symmetry visits 183,795 of them (the course's benchmark of game trees, and Exercise 5).
# Its time does depend on the machine and on what else runs on it: on the machine this
# lesson was written on (2 cores of an AMD EPYC processor, shared with other work) one run
# took 34 seconds. Larger known results: (5, 4, 4) and (5, 5, 4) are
# draws too, and free-style gomoku, 15 × 15 with five in a row, is a first-player win
# (L. V. Allis, 1994, with a large computer search).
#
# Notice that no board in the table is a win for the second player. That is no accident,
# and it needs no search: **strategy stealing**. Suppose O had a winning strategy on some
# board. Then X could make any first move and from then on pretend to be O: answer as O's
# strategy would, treating its extra mark as not there. If the strategy ever asks for the
# cell of the extra mark, X marks any other cell, and has a new extra mark. An extra mark
# never hurts in these games, so X would win, and both players would have a winning
# strategy, which is impossible. So every m, n, k-game is a first-player win or a draw.
#
# ## Three players
#
# With three players, X, O and A, a position no longer has one value. At the end the
# winner gets 2 and the two others −1 each (a draw: 0 each), so the numbers still add up
# to zero. There are two natural ways to search:
#
# - **max^n**: the value of a position is a tuple, one number per player, and the player
#   to move takes the move whose tuple is best *for himself* (`gametree.maxn`). Among equally good
#   moves he takes the first; the tuple can depend on that choice.
# - **paranoid**: one player assumes that the two others play together against him. Then
#   it is a two-sided game again, with one number (his result), and alpha-beta applies
#   (`gametree.paranoid`). The value is a guarantee: he gets at least that, whatever they do.

# %%
three = ttt.TicTacToe(3, 3, 3, num_players=3)
assert three.returns(three.position("XOA/XOA/X..")) == (2, -1, -1)  # X has the left column
assert three.returns(three.position("XOA/XOA/AXO")) == (0, 0, 0)  # a full board, no line
together = gametree.maxn(three, table=True)
print("max^n from the empty board:", together.values, f"({together.nodes:,} nodes)")
guarantees = {ttt.MARKS[p]: gametree.paranoid(three, player=p) for p in range(3)}
for mark, solution in guarantees.items():
    print(f"paranoid, {mark} against the two others: {solution.value:+.0f} ({solution.nodes:,} nodes)")
assert together.values == (0, 0, 0) and all(s.value == 0 for s in guarantees.values())

# %% [markdown]
# On 3 × 3 with three players nobody wins: with max^n every player gets 0, and each
# player can make sure of a draw even against the two others together. Notice the cost:
# paranoid prunes like alpha-beta; max^n does not (a tuple that is bad for one player may
# still be good for another, so in general no branch can be dropped), and without its
# table it would visit the whole tree, every one of these nodes:

# %%
print(f"the tree of 3 x 3 with three players: {counting.count(three).tree_nodes:,} nodes")
assert (gametree.maxn(three, three.position("XOA/.../...")).nodes
        == counting.count(three, three.position("XOA/.../...")).tree_nodes)

# %% [markdown]
# The two searches disagree as soon as a player's fate depends on another's choice. Here
# A is to move, X threatens the left column and O the middle one:

# %%
threats = three.position("XOA/XO./...")
display(SVG(ttt.view.board_svg(threats, title="A to move")))
kind = gametree.maxn(three, threats)
fearful = gametree.paranoid(three, threats)
print("max^n:", kind.values, "   paranoid value for A:", fearful.value)
assert kind.values == (0, 0, 0) and fearful.value == -1
assert kind.best_moves == (Coord(0, 0),)  # A blocks X's column
assert gametree.maxn(three, three.next_state(threats, Coord(0, 0))).best_moves == (Coord(1, 0),)  # X blocks O

# %% [markdown]
# With max^n A blocks X's column at [0, 0]; X, who would lose if O completed the middle
# column, blocks O at [1, 0]; the game ends in a draw. The paranoid search assumes that X would rather let
# O win than draw, as long as A loses, and so it calls the position lost for A. Max^n
# trusts each player to look after himself; paranoid trusts nobody and gets a guarantee,
# often a gloomy one.
#
# ### The kingmaker
#
# Worse: sometimes a player cannot win, whatever he does, but decides which of the others
# does. He is the **kingmaker**, and no search can say what he will do, since every move
# is the same to him. Lesson 04 met this with three one-way kings. Let us find one on a
# 4 × 3 board, three in a row: a position where A is to move and every move of A's gives
# X or O a forced win (a win against the two others together: `gametree.paranoid` for that player
# says +2), X after some moves and O after others.

# %%
wide3 = ttt.TicTacToe(4, 3, 3, num_players=3)


def forced_winner(rules, state):
    """The player who wins from ``state`` even against all the others together, if any."""
    if rules.is_over(state):
        return rules.winner(state)
    for player in range(rules.num_players):
        if gametree.paranoid(rules, state, player=player).value > 0:
            return player
    return None


def kingmaker(rules, state) -> dict | None:
    """If the player to move decides who wins without winning himself: each move and its winner."""
    mover = rules.to_move(state)
    winners = {move: forced_winner(rules, rules.next_state(state, move)) for move in rules.legal_moves(state)}
    chosen = set(winners.values())
    if None in chosen or mover in chosen or len(chosen) < 2:
        return None
    return winners


def find_kingmaker(rules, player: int, empty_cells: int, rng: random.Random):
    """Random games until one passes a position, ``player`` to move with ``empty_cells`` left, that is a kingmaker's."""
    while True:
        state = rules.initial_state()
        while not rules.is_over(state):
            left = rules.width * rules.height - state.filled
            if left == empty_cells and rules.to_move(state) == player:
                winners = kingmaker(rules, state)
                if winners is not None:
                    return state, winners
                break
            state = rules.next_state(state, rng.choice(rules.legal_moves(state)))


king_position, winners = find_kingmaker(wide3, player=2, empty_cells=4, rng=random.Random(5))
print(king_position)
print({str(move): ttt.MARKS[w] for move, w in winners.items()})
display(SVG(ttt.view.board_svg(king_position, texts={move: f"{ttt.MARKS[w]} wins" for move, w in winners.items()},
                               title="A to move: who wins after each of A's moves")))
assert king_position == wide3.position("X.OO/XA.X/.OA.")
assert set(winners.values()) == {0, 1} and winners[Coord(0, 0)] == 1
assert gametree.paranoid(wide3, king_position).value == -1
print("max^n:", gametree.maxn(wide3, king_position).values)

# %% [markdown]
# Each empty cell shows who wins if A marks it. If A blocks X's left column at [0, 0], O
# wins: O threatens both the top row at [1, 2] and the diagonal from [1, 0] at [2, 1],
# and X can block only one. Any other move lets X complete the left column. A chooses
# the winner and cannot be the winner. What max^n answers here depends only on which of A's equally bad moves it
# takes first, and paranoid gives A −1 whatever A does. Three-player games are studied
# with more than one search because no single number captures them.
#
# ## Play against D
#
# The board below plays D's program: it shows D's message and node count after each of
# its moves. On the static site it is a picture of its first state; open the lesson in
# Jupyter to play.

# %%
ttt.TicTacToeBoard(computer="source")

# %% [markdown]
# ## Exercises
#
# Each exercise that asks for code has a **self-check** cell below it. Write your answer in a
# new cell just above the check (use the names the exercise gives), run your cell, then run
# the check: it tries your code on many cases and says which one fails, or prints "all N
# cases pass". A **worked answer** is folded under each exercise: try first, then open it to
# compare.
#
# 1. **A narrower first window.** The values of tic-tac-toe lie between −1 and +1, so
#    `negamax_window(rules, empty, -1, 1)` gives the exact value too. Why? Count the
#    nodes it visits from the empty board as `narrow_nodes` and compare with the full
#    window's 18,297.
#
#    <details><summary>Answer</summary>
#
#    No value lies outside [−1, +1]. A result inside the window (−1, 1) is exact; a
#    result ≤ −1 says "at most −1", and the only such value is −1; a result ≥ 1 says
#    "at least 1", and the only such value is +1. So every answer is exact.
#
#    ```python
#    narrow = Counter()
#    print(negamax_window(rules, empty, -1, 1, visits=narrow))
#    narrow_nodes = narrow["nodes"]
#    ```
#
#    The value is 0 after **16,811** nodes instead of 18,297. The saving is at the root:
#    with beta = +∞ a win found there is not enough to stop, since the search cannot know
#    that nothing beats +1; with beta = 1 it stops at the first win.
#
#    </details>

# %%
def check_narrow_nodes(narrow_nodes: int) -> None:
    """The node count from the empty board, and the window (-1, 1) exact on a sample of positions."""
    expected = Counter()
    assert negamax_window(rules, empty, -1, 1, visits=expected) == 0
    assert narrow_nodes == expected["nodes"], f"the window (-1, 1) visits {expected['nodes']:,}, not {narrow_nodes:,}"
    assert narrow_nodes < 18297, "fewer than with the full window"
    for state in sample:
        assert negamax_window(rules, state, -1, 1) == negamax(state)
    print(f"all {len(sample) + 1} cases pass")


if "narrow_nodes" in globals():
    check_narrow_nodes(narrow_nodes)
else:
    print("write narrow_nodes above, then run this")

# %% [markdown]
# 2. **Is it a win?** Write `wins(rules, state)` that asks `negamax_window` only whether
#    the player to move wins (the window (0, 1)). On how many of the 4,520 positions is
#    the answer yes? Check it against `negamax`, and compare the nodes with the full
#    window's.
#
#    <details><summary>Answer</summary>
#
#    The answer is 1 when the player to move wins and at most 0 when he does not.
#
#    ```python
#    def wins(rules, state) -> bool:
#        return negamax_window(rules, state, 0, 1) >= 1
#
#
#    print(sum(wins(rules, state) for state in to_move), sum(negamax(state) == 1 for state in to_move))
#    full, win = Counter(), Counter()
#    for state in to_move:
#        negamax_window(rules, state, visits=full)
#        negamax_window(rules, state, 0, 1, visits=win)
#    print(full["nodes"], win["nodes"])
#    ```
#
#    The answer is yes on **2,836** positions, exactly those where `negamax` says +1.
#    Over all 4,520 positions the question costs 174,711 nodes, the full window 274,507:
#    about a third fewer. A yes-or-no question is cheaper than the exact value, because
#    the search may stop as soon as the answer is decided.
#
#    </details>

# %%
def check_wins(wins) -> None:
    """wins against negamax on every position where someone is to move."""
    yes = 0
    for state in to_move:
        expected = negamax(state) == 1
        assert bool(wins(rules, state)) == expected, f"{state.rows_top_first()}: the answer is {expected}"
        yes += expected
    assert yes == 2836
    print(f"all {len(to_move)} cases pass ({yes:,} wins)")


if "wins" in globals():
    check_wins(wins)
else:
    print("write wins above, then run this")

# %% [markdown]
# 3. **Your own order.** Write an order `my_order(rules, state, moves)` that tries the
#    centre first, then the corners, then the edges, and nothing else. How many nodes does
#    our search visit from the empty board with it? Compare with D's order and with
#    `gametree.line_order`.
#
#    <details><summary>Answer</summary>
#
#    Give each cell a rank and sort by it; `sorted` keeps the cells of equal rank in the
#    order they came.
#
#    ```python
#    def my_order(rules, state, moves):
#        def rank(move) -> int:
#            if move == Coord(1, 1):
#                return 0  # the centre
#            if move.x != 1 and move.y != 1:
#                return 1  # a corner
#            return 2  # an edge
#
#        return sorted(moves, key=rank)
#
#
#    for name, order in {"none": None, "mine": my_order, "D's": d_order, "line": gametree.line_order}.items():
#        print(name, visited(empty, order=order)["nodes"])
#    ```
#
#    From the empty board: **7,275** nodes with this order, against 18,297 in the order
#    of the cells, 1,940 with D's order and 1,638 with `gametree.line_order`. Centre first more
#    than halves the work, but an order that looks at the position (a line to complete, a
#    line to block) does much better than one that looks only at the cell.
#
#    </details>

# %%
def check_my_order(my_order) -> None:
    """On every position: the same moves, centre before corners before edges, and the same value."""
    def rank(move) -> int:
        return 0 if move == Coord(1, 1) else 1 if move.x != 1 and move.y != 1 else 2

    for state in to_move:
        moves = rules.legal_moves(state)
        got = list(my_order(rules, state, list(moves)))
        assert sorted(got) == sorted(moves), f"{state.rows_top_first()}: the same moves, each once"
        ranks = [rank(m) for m in got]
        assert ranks == sorted(ranks), f"{state.rows_top_first()}: centre, then corners, then edges: {got}"
    for state in sample:
        assert negamax_window(rules, state, order=my_order) == negamax(state)
    nodes = visited(empty, my_order)["nodes"]
    print(f"all {len(to_move) + len(sample)} cases pass; from the empty board: {nodes:,} nodes")


if "my_order" in globals():
    check_my_order(my_order)
else:
    print("write my_order above, then run this")

# %% [markdown]
# 4. **D's scores.** Write `d_window(rules, state, alpha, beta, visits, order)`:
#    `negamax_window` changed so that a win on move n of the game scores 10 − n as in D's
#    program (for the player to move, a loss on move n scores n − 10). With D's order,
#    check that it then gives D's score and visits exactly as many positions as D's
#    program (counted D's way) on all 4,520 positions.
#
#    <details><summary>Answer</summary>
#
#    At the end of a game `state.filled` is the number of moves played, so the last move
#    was move `state.filled`. Only the line that scores an ended game changes.
#
#    ```python
#    def d_window(rules, state, alpha: float = -INF, beta: float = INF,
#                 visits: Counter | None = None, order=None) -> float:
#        if visits is not None:
#            visits["nodes"] += 1
#        if rules.is_over(state):
#            if visits is not None:
#                visits["ends"] += 1
#            return rules.returns(state)[rules.to_move(state)] * (10 - state.filled)
#        moves = rules.legal_moves(state)
#        if order is not None:
#            moves = order(rules, state, moves)
#        best = -INF
#        for move in moves:
#            value = -d_window(rules, rules.next_state(state, move), -beta, -max(alpha, best), visits, order)
#            if value > best:
#                best = value
#                if best >= beta:
#                    break
#        return best
#
#
#    differ = 0
#    for state in to_move:
#        visits = Counter()
#        score = d_window(rules, state, visits=visits, order=d_order)
#        choice = ttt.source_best_move(rules, state)
#        differ += (score, visits["nodes"] - visits["ends"]) != (choice.score, choice.nodes)
#    print(differ)
#    ```
#
#    It prints 0: on all 4,520 positions the score and the count are D's. So the extra
#    positions D visited above come from its scores alone: with them our few lines are
#    D's `Best_Move`.
#
#    </details>

# %%
def check_d_window(d_window) -> None:
    """D's score and D's node count, counted D's way, on every position where someone is to move."""
    for state in to_move:
        visits = Counter()
        score = d_window(rules, state, -INF, INF, visits, d_order)
        choice = ttt.source_best_move(rules, state)
        assert score == choice.score, f"{state.rows_top_first()}: D's score is {choice.score}, not {score}"
        got = visits["nodes"] - visits["ends"]
        assert got == choice.nodes, f"{state.rows_top_first()}: D counts {choice.nodes} nodes, not {got}"
    print(f"all {2 * len(to_move)} cases pass")


if "d_window" in globals():
    check_d_window(d_window)
else:
    print("write d_window above, then run this")

# %% [markdown]
# 5. **Four in a row.** Run `gametree.solve(ttt.TicTacToe(4, 4, 4), order=gametree.line_order)` and time it. Is
#    it a draw? Write its outcome as `four_outcome` and its node count as `four_nodes`.
#    Then try it without symmetry (`symmetry=False`) and without the order: how many
#    positions does each version visit?
#
#    <details><summary>Answer</summary>
#
#    ```python
#    import time
#
#    began = time.perf_counter()
#    four = gametree.solve(ttt.TicTacToe(4, 4, 4), order=gametree.line_order)
#    print(four.outcome, four.nodes, four.positions, f"{time.perf_counter() - began:.1f} s")
#    four_outcome, four_nodes = four.outcome, four.nodes
#    ```
#
#    It is a **draw**, after **183,795** nodes (the figure the course's benchmarks
#    measure, with line order, table and symmetry). Every one of the 16 first moves
#    draws. The time depends on the machine: one run took 34 seconds on 2 shared cores of
#    an AMD EPYC processor.
#
#    Without symmetry (`gametree.solve(ttt.TicTacToe(4, 4, 4), symmetry=False, order=gametree.line_order)`)
#    the search visits 1,252,243 nodes and stores 575,866 positions: almost seven times
#    the work, since a position and its seven images are now searched one by one.
#    Without the order (`gametree.solve(ttt.TicTacToe(4, 4, 4))`) it visits 457,729 nodes and stores
#    149,803: two and a half times the nodes, because the cuts come later. The node
#    counts do not depend on the machine, and they are the measure of the work here. The
#    times do not simply follow them: on the same machine, one after the other, the search
#    without the order took 23 seconds for its 457,729 nodes, the one with it 34 seconds
#    for 183,795: a node of one search does not cost the time of a node of the other.
#
#    </details>

# %%
def check_four_in_a_row(four_outcome: str, four_nodes: int) -> None:
    """The outcome and node count of (4, 4, 4) with line order, table and symmetry (half a minute or so)."""
    four = gametree.solve(ttt.TicTacToe(4, 4, 4), order=gametree.line_order)
    assert four_outcome == four.outcome == "draw", f"(4, 4, 4) is a {four.outcome}, not {four_outcome!r}"
    assert four_nodes == four.nodes, f"the search visits {four.nodes:,} nodes, not {four_nodes:,}"
    print("all 2 cases pass")


if "four_outcome" in globals() and "four_nodes" in globals():
    check_four_in_a_row(four_outcome, four_nodes)
else:
    print("write four_outcome and four_nodes above, then run this (the check runs the search again)")

# %% [markdown]
# 6. **Another kingmaker.** Use `find_kingmaker` to find a position on the 4 × 3 board
#    where **X** is the kingmaker; call it `x_king`. What does `gametree.maxn` say X plays there,
#    and why that move? Write that move as `x_king_move`.
#
#    <details><summary>Answer</summary>
#
#    X moves when 12, 9, 6 or 3 cells are empty (the board has 12 cells, and each round
#    of X, O and A fills three). With 12 the board is empty, and with 9 or 6 the search
#    may not find a kingmaker quickly; with 3:
#
#    ```python
#    x_king, x_winners = find_kingmaker(wide3, player=0, empty_cells=3, rng=random.Random(5))
#    print(x_king)
#    print({str(move): ttt.MARKS[w] for move, w in x_winners.items()})
#    x_search = gametree.maxn(wide3, x_king)
#    print(x_search.values, [str(move) for move in x_search.best_moves])
#    x_king_move = x_search.best_moves[0]
#    ```
#
#    The position is `O.AA/X.OA/XXO.`, X to move, cells [1, 2], [1, 1] and [3, 0]
#    empty. After X's move O and A each mark one cell and the game ends, so X cannot win.
#    A threatens the top row at [1, 2] and the right column at [3, 0]; O threatens the
#    diagonal [0, 2], [1, 1], [2, 0] at [1, 1]. If X blocks O at [1, 1], O can block
#    only one of A's two lines: **A** wins. If X marks [1, 2] or [3, 0], O completes
#    the diagonal: **O** wins.
#
#    Every move leaves X with −1, so all three are best moves for max^n, and it plays
#    the first in the list, **[1, 2]**: its values are (−1, 2, −1), O wins. Nothing in
#    the position makes that move better for X; it is only first.
#
#    </details>

# %%
def check_x_kingmaker(x_king, x_king_move) -> None:
    """X to move, every move hands the win to O or to A (both happen), and max^n's first best move."""
    assert wide3.to_move(x_king) == 0, "X is to move"
    winners = kingmaker(wide3, x_king)
    assert winners is not None, "some move of X's lets X draw or win, or always the same player win"
    assert set(winners.values()) == {1, 2}, "O wins after some moves of X's, A after others"
    search = gametree.maxn(wide3, x_king)
    assert search.values[0] == -1 and set(search.best_moves) == set(winners), "every move of X's loses for X"
    assert Coord(*x_king_move) == search.best_moves[0], f"max^n plays {search.best_moves[0]}, the first"
    print(f"all {len(winners) + 3} cases pass")


if "x_king" in globals() and "x_king_move" in globals():
    check_x_kingmaker(x_king, x_king_move)
else:
    print("write x_king and x_king_move above, then run this")

# %% [markdown]
# 7. **Is D ever wrong?** Play against `ttt.TicTacToeBoard(computer="source")` from each
#    seat. Then loop over the 4,520 positions: on how many is D's move not among the
#    `best_moves` of `gametree.solve`? Write that as `d_not_best`. On how many is it not the first
#    of them? Write that as `d_not_first`.
#
#    <details><summary>Answer</summary>
#
#    ```python
#    d_not_best = d_not_first = 0
#    for state in to_move:
#        move, solution = ttt.source_best_move(rules, state).move, gametree.solve(rules, state)
#        d_not_best += move not in solution.best_moves
#        d_not_first += move != solution.best_moves[0]
#    print(d_not_best, d_not_first)
#    ```
#
#    D is never wrong: its move is a best move on all 4,520 positions (**0**). It is not
#    the first best move on **1,120** of them: where several moves are equally good, D
#    takes the one its rule of thumb sorts first, `gametree.solve` lists them in the order of the
#    cells. Playing D you will find the same: it never loses, and you can at best draw.
#
#    </details>

# %%
def check_d_wrong(d_not_best: int, d_not_first: int) -> None:
    """The two counts over every position where someone is to move."""
    not_best = not_first = 0
    for state in to_move:
        move, solution = ttt.source_best_move(rules, state).move, gametree.solve(rules, state)
        not_best += move not in solution.best_moves
        not_first += move != solution.best_moves[0]
    assert d_not_best == not_best, f"D's move is not a best move on {not_best} positions, not {d_not_best}"
    assert d_not_first == not_first, f"D's move is not the first best one on {not_first:,} positions, not {d_not_first}"
    print(f"all {len(to_move):,} positions counted: the check passes")


if "d_not_best" in globals() and "d_not_first" in globals():
    check_d_wrong(d_not_best, d_not_first)
else:
    print("write d_not_best and d_not_first above, then run this")
