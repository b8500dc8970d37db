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
# # 01 Beans
#
# The course begins with a mathematical game small enough to solve completely by hand:
# two piles of beans. We will play it, tabulate small positions, guess a rule, prove it,
# check it by computer, and finally turn the analysis into a program where the computer
# plays. Every later game of the course follows the same route:
#
# **rules → play by hand → a table of small positions → a hypothesis → a proof (or a
# measurement) → the program.**

# %% [markdown]
# ## The rules
#
# There are two piles: **M white** and **N black** beans (M, N ≥ 0 and M + N > 0).
# Two players, A and B, take turns; A moves first. A move takes
#
# - one bean of either colour, or
# - two beans of *different* colours (one white and one black).
#
# **Whoever takes the last bean wins.**
#
# The colours only help us talk about the piles: the game is symmetric, so (M, N) and
# (N, M) are the same game.

# %%
import random
from functools import cache

from IPython.display import SVG

from coursekit import Grid, IllegalMoveError, ImpartialSolver, Player, play, render
from coursekit.games import beans

# %% [markdown]
# ## Playing by hand
#
# In coursekit a game is described by its **rules**, and each moment of a game is a
# **state**. `beans.Beans(3, 6)` are the rules of a game that starts with 3 white and 6 black
# beans; `initial_state()` is where it starts. A state draws itself:

# %%
rules = beans.Beans(3, 6)
state = rules.initial_state()
state

# %% [markdown]
# A move is written as the position it leads to, `(white, black)`, just as the article
# prints its games. From (3, 6) there are three moves:

# %%
rules.legal_moves(state)

# %% [markdown]
# Player A takes one white bean. `rules.apply(state, move)` returns the *new* state; the
# old one is left as it was.

# %%
state = rules.apply(state, (2, 6))
state

# %% [markdown]
# Now it is B's turn (`state.turn` counts players from 0, so B is player 1). B takes one
# bean of each colour:

# %%
print("player to move:", state.turn)
state = rules.apply(state, (1, 5))
state

# %% [markdown]
# The rules refuse a move that is not allowed, and say why:

# %%
for move in [(0, 3), (1, 3), (2, 5), (1, 5)]:
    try:
        rules.apply(state, move)
    except IllegalMoveError as error:
        print(f"{move}: {error}")

# %% [markdown]
# ## Table 1 by hand: favourable and unfavourable positions
#
# The article calls a position **favourable** for the player to move if that player can
# win whatever the other one does, and **unfavourable** otherwise. Game theory says
# **N-position** (the *next* player wins) and **P-position** (the *previous* player wins);
# we will use *winning* and *losing*, always for the player about to move.
#
# The definition works backwards from the end:
#
# - (0, 0) is **losing**: there is no move left, because the other player has just taken
#   the last bean.
# - A position is **winning** if *some* move leads to a losing position.
# - A position is **losing** if *every* move leads to a winning position.
#
# Here is the article's Table 1 as it prints it, translated:
#
# | # | M, N | position | M | N |
# |---|------|----------|---|---|
# | 1 | M = 0, N = 0 | (0, 0): unfavourable for A | M even | N even |
# | 2 | M = 1, N = 0 | (1, 0): favourable for A | M odd | N even |
# | 3 | M = 1, N = 1 | (1, 1): favourable for A | M odd | N odd |
# | 4 | M = 2, N = 0 | (2, 0): unfavourable for A | M even | N even |
# | 5 | M = 2, N = 1 | (2, 1): favourable for A | M even | N odd |
# | 6 | M = 3, N = 0 | (3, 0): favourable for A | M odd | N even |
# | 7 | M = 2, N = 2 | (2, 2): unfavourable for A | M even | N even |
# | 8 | M = 3, N = 1 | (3, 1): favourable for A | M odd | N odd |
# | 9 | M = 3, N = 2 | (3, 2): favourable for A | M odd | N even |
#
# *Table 1 of source A (P. Azalov, *From mathematical to computer games*; see [Sources](sources.md)): favourable and
# unfavourable positions for various values of M and N. A is the player to move.*
#
# The article gives only the verdicts. Let us fill in the table ourselves, smallest
# positions first, and write down the moves that justify each verdict. Each row only
# uses rows above it, and the symmetry: (0, 1) is the same as (1, 0), and (1, 2) the same
# as (2, 1).
#
# | #  | (M, N)  | moves to            | so it is  | M    | N    |
# |----|---------|---------------------|-----------|------|------|
# | 1  | (0, 0)  | —                   | losing    | even | even |
# | 2  | (1, 0)  | **(0, 0)**          | winning   | odd  | even |
# | 3  | (1, 1)  | (0, 1), (1, 0), **(0, 0)** | winning | odd | odd |
# | 4  | (2, 0)  | (1, 0)              | losing    | even | even |
# | 5  | (2, 1)  | (1, 1), **(2, 0)**, (1, 0) | winning | even | odd |
# | 6  | (3, 0)  | **(2, 0)**          | winning   | odd  | even |
# | 7  | (2, 2)  | (1, 2), (2, 1), (1, 1) | losing | even | even |
# | 8  | (3, 1)  | (2, 1), (3, 0), **(2, 0)** | winning | odd | odd |
# | 9  | (3, 2)  | **(2, 2)**, (3, 1), (2, 1) | winning | odd | even |
#
# A move in **bold** leads to a losing position, which is what makes its row winning. In
# rows 4 and 7 every move leads to a winning position, so those positions are losing.

# %% [markdown]
# ## Table 1 by program
#
# The same reasoning fits in two small functions. A position is a pair of numbers. (The
# `-> list[Position]` and `m: int` are [type hints](python-primer.md#type-hints), and the
# list is built by a [comprehension](python-primer.md#comprehensions).)

# %%
Position = tuple[int, int]  # (M, N): how many white and how many black beans are left


def moves(m: int, n: int) -> list[Position]:
    """Positions one move away: take a white bean, a black bean, or one of each."""
    return [(a, b) for a, b in [(m - 1, n), (m, n - 1), (m - 1, n - 1)] if a >= 0 and b >= 0]


assert moves(3, 6) == [(2, 6), (3, 5), (2, 5)]
assert moves(1, 0) == [(0, 0)]
assert moves(0, 0) == []

# %% [markdown]
# These are exactly the moves the library's rules allow:

# %%
assert all(list(rules.legal_moves(beans.BeansState(m, n))) == moves(m, n)
           for m in range(10) for n in range(10))

# %% [markdown]
# Now the definition, word for word: *a position is winning if some move leads to a losing
# one*. At (0, 0) there is no move, `any` of nothing is `False`, so (0, 0) is losing, as
# it should be (see [`all` and `any`](python-primer.md#all-any)). `@cache` remembers every
# answer, so each position is worked out only once (see [`@cache`](python-primer.md#cache)).

# %%
@cache
def wins(m: int, n: int) -> bool:
    """Whether the player to move from (m, n) can force a win (brute force)."""
    return any(not wins(a, b) for a, b in moves(m, n))


table1 = {  # the article's Table 1: True for favourable (winning), False for unfavourable
    (0, 0): False, (1, 0): True, (1, 1): True, (2, 0): False, (2, 1): True,
    (3, 0): True, (2, 2): False, (3, 1): True, (3, 2): True,
}
assert all(wins(m, n) == favourable for (m, n), favourable in table1.items())

# %% [markdown]
# The program agrees with the hand-made table. Let us print a bigger one: one row for
# each N (top row first), one column for each M; **W** for winning, **L** for losing.

# %%
def outcome(m: int, n: int) -> str:
    return "W" if wins(m, n) else "L"


def print_table(width: int, height: int) -> None:
    """Print outcome(m, n) for 0 <= m < width, 0 <= n < height, top row first."""
    for n in reversed(range(height)):
        print(f"N={n:<2} ", " ".join(outcome(m, n) for m in range(width)))
    print("M =  ", " ".join(str(m % 10) for m in range(width)))


print_table(12, 8)

# %% [markdown]
# As a picture: each cell (M, N) sits in column M and row N, losing cells red, winning cells
# green. (In the next lesson this picture becomes a game board.)

# %%
WIN_COLOUR, LOSE_COLOUR = "#a6d96a", "#f4a582"


def table_svg(width: int, height: int) -> str:
    """The winning/losing table as an SVG grid, (0, 0) at the bottom left."""
    grid = Grid(width, height)
    return render.svg.grid_svg(
        grid,
        fills={c: WIN_COLOUR if wins(*c) else LOSE_COLOUR for c in grid.cells()},
        texts={c: outcome(*c) for c in grid.cells()},
        title="winning (W) and losing (L) positions of beans",
    )


SVG(table_svg(12, 8))

# %% [markdown]
# ## The hypothesis
#
# Look at the last two columns of Table 1, or at the red cells above: the losing positions
# are exactly those where **M and N are both even**.
#
# > **Hypothesis.** The position (M, N) is losing for the player to move if and only if
# > M and N are both even.
#
# If it is true, the winning strategy is simple: *always leave both piles even*:
#
# - M odd, N odd → take one of each, leaving (M − 1, N − 1);
# - M odd, N even → take a white bean, leaving (M − 1, N);
# - M even, N odd → take a black bean, leaving (M, N − 1).

# %%
def losing(m: int, n: int) -> bool:
    """The hypothesis: (m, n) is losing exactly when both piles are even."""
    return m % 2 == 0 and n % 2 == 0


def winning_move(m: int, n: int) -> Position:
    """From a winning position: the move that leaves both piles even."""
    return (m - m % 2, n - n % 2)


assert winning_move(3, 6) == (2, 6)
assert winning_move(1, 1) == (0, 0)
assert winning_move(4, 5) == (4, 4)
assert all(wins(m, n) != losing(m, n) for m in range(40) for n in range(40))
assert all(winning_move(m, n) in moves(m, n) and not wins(*winning_move(m, n))
           for m in range(40) for n in range(40) if not losing(m, n))

# %% [markdown]
# The hypothesis holds on every position up to 39 × 39, and the strategy always makes a
# legal move to a losing position. That is evidence, not a proof: there are infinitely many
# positions.

# %% [markdown]
# ## The proof, by induction on M + N
#
# **Claim.** For all M, N ≥ 0, the position (M, N) is losing if and only if M and N are
# both even.
#
# Every move removes one or two beans, so it makes M + N smaller. That lets us prove the
# claim for all positions with M + N = 0, then 1, then 2, and so on: **induction on
# M + N**.
#
# **Base, M + N = 0.** The only position is (0, 0). It is losing by definition, and 0 and 0
# are both even. The claim holds.
#
# **Step.** Let k > 0 and suppose the claim holds for every position whose sum is less than
# k (the *induction hypothesis*). Take any (M, N) with M + N = k. Every move from it leads
# to a position with a smaller sum, so the induction hypothesis tells us which of them are
# losing: exactly those with both piles even. Two cases.
#
# 1. *M and N are both even.* Every move changes at least one pile by exactly one bean:
#    taking a white bean makes M odd, taking a black bean makes N odd, taking one of each
#    makes both odd. So every move leads to a position with an odd pile, which is winning
#    by the induction hypothesis. Every move leads to a winning position, so (M, N) is
#    **losing**, as claimed.
# 2. *At least one pile is odd.* An odd pile has at least one bean, so the move of the
#    strategy above is legal: take one bean from each odd pile. It leaves both piles even,
#    a losing position by the induction hypothesis. Some move leads to a losing position,
#    so (M, N) is **winning**, as claimed.
#
# In both cases the claim holds for (M, N); by induction it holds for every position. ∎
#
# The proof also tells us *how* to win: after our move both piles are even; whatever the
# opponent does, some pile becomes odd again, and we restore "both even". The opponent can
# never take the last bean, because that would leave (0, 0), where both piles are even.
# The piles only shrink, so the game ends, and it ends with our move.
#
# The article notes that the same proof appears in V. Chukanov's book *Mathematical Games*
# (1975), for a game with a king on a chessboard. That game is the subject of lesson 02.

# %% [markdown]
# ## Checking with the library's exact solver
#
# coursekit has a solver that works for every *impartial* game (both players have the same
# moves, whoever cannot move loses). It only needs the rules' `options(position)`; for
# beans, `beans.Beans(1, 1)` serves for every position, whatever piles it started with. A
# **P-position** is a losing one.

# %%
solver = ImpartialSolver(beans.Beans(1, 1))
solver.outcome((2, 2)), solver.outcome((3, 2)), solver.winning_moves((3, 2))

# %%
SIZE = 60
assert all((solver.outcome((m, n)) == "P") == losing(m, n)
           for m in range(SIZE + 1) for n in range(SIZE + 1))
print(f"the hypothesis agrees with the solver on all {len(solver)} positions up to {SIZE} x {SIZE}")

# %% [markdown]
# ## The program
#
# The article's algorithm is written for player A, who knows the analysis: in a winning
# position A makes the winning move, otherwise a random one. Player B moves at random.
# Its *main loop* (the article's Figure 3, here in outline) asks each player in turn for a
# move and stops when someone has taken the last bean:
#
# ```c
# while (true)                          // main loop of the game
#     for (int id = 1; id <= p; id++) { // each player in turn
#         move(game, id);               // player id moves
#         if (isEndGame(game)) return id;
#     }
# ```
#
# In Python, with a player being a function from a position to the next position. The
# random players draw from one seeded generator, `random.Random(7)`, so that the games can be
# repeated ([why](python-primer.md#random)), and `m, n = position` takes a pair apart
# ([unpacking](python-primer.md#unpacking)):

# %%
def main_loop(position: Position, players: list) -> int:
    """The article's Figure 3: players move in turn; return the number of the winner."""
    while True:
        for number, player in enumerate(players):
            position = player(position)
            if position == (0, 0):
                return number


rng = random.Random(7)  # a seeded generator: see the primer on random.Random(seed)


def player_a(position: Position) -> Position:
    """The article's A: the winning move if there is one, else a random move."""
    m, n = position
    return winning_move(m, n) if not losing(m, n) else rng.choice(moves(m, n))


def player_b(position: Position) -> Position:
    """The article's B: a random move."""
    return rng.choice(moves(*position))


assert all(main_loop((m, n), [player_a, player_b]) == 0
           for m in range(12) for n in range(12) if not losing(m, n))

# %% [markdown]
# From every winning start up to 11 × 11, A wins. This loop trusts its players: a player
# that returned (0, 0) from (3, 6) would "win" at once. coursekit's engine, `play`, is the
# same loop with three additions:
#
# - it **checks** every move with the rules and stops a cheater with a clear message;
# - it stops at an optional **move limit**;
# - it returns a **record** of the game (the article's *partia*): the start, every
#   (player, move, state), and the result.
#
# A coursekit strategy is a function `strategy(rules, state)` that returns a move. The
# article's two players are ready-made in `coursekit.games.beans`; each is made from a
# seeded random generator, so the same seed gives the same game.

# %%
def cheater(rules, state):
    return (0, 0)


try:
    play(beans.Beans(3, 6), [Player("A", cheater), Player("B", beans.random_strategy(random.Random(1)))])
except IllegalMoveError as error:
    print(error)

# %% [markdown]
# The article prints three games of its program side by side. Here is its Table 2, one game
# to a column ("Player 1" is A, "Player 2" is B; each line is the position after the move):
#
# | game 1 | game 2 | game 3 |
# |---|---|---|
# | Enter values for M and N: 3 6 | Enter values for M and N: 2 6 | Enter values for M and N: 4 6 |
# | Start: [M=3, N=6] | Start: [M=2, N=6] | Start: [M=4, N=6] |
# | Move 1: Player 1: [2, 6], Player 2: [1, 6] | Move 1: Player 1: [1, 5], Player 2: [0, 4] | Move 1: Player 1: [3, 5], Player 2: [2, 4] |
# | Move 2: Player 1: [0, 6], Player 2: [0, 5] | Move 2: Player 1: [0, 3], Player 2: [0, 2] | Move 2: Player 1: [1, 3], Player 2: [0, 3] |
# | Move 3: Player 1: [0, 4], Player 2: [0, 3] | Move 3: Player 1: [0, 1], Player 2: [0, 0] | Move 3: Player 1: [0, 2], Player 2: [0, 1] |
# | Move 4: Player 1: [0, 2], Player 2: [0, 1] | The winner is B | Move 4: Player 1: [0, 0] |
# | Move 5: Player 1: [0, 0] | | The winner is A |
# | The winner is A | | |
#
# *Table 2 of source A (P. Azalov, *From mathematical to computer games*; see [Sources](sources.md)): three runs of the
# program for white and black beans. The program printed in English; only the caption is
# translated.*
#
# The first start, (3, 6), is favourable for A, who wins; the other two are unfavourable,
# and the result depends on B's moves. A coursekit record prints in the same format
# (players numbered 1 and 2):

# %%
def article_game(m: int, n: int, seed: int):
    """A game from (m, n) between the article's A and B, both drawing from one seeded generator."""
    rng = random.Random(seed)
    return play(beans.Beans(m, n), [Player("A", beans.article_strategy(rng)), Player("B", beans.random_strategy(rng))])


record = article_game(3, 6, seed=1)
print(record)

# %% [markdown]
# With seed 1 this is, move for move, the first game of the article's Table 2. Seeds 20
# and 419 give its other two games, both from losing starts: in one B wins, in the other B
# slips and A wins.

# %%
def path(record) -> list[Position]:
    """The positions of a game, from the start to the end."""
    return [s.position for s in record.states]


assert path(article_game(2, 6, seed=20)) == [(2, 6), (1, 5), (0, 4), (0, 3), (0, 2), (0, 1), (0, 0)]
assert path(article_game(4, 6, seed=419)) == [(4, 6), (3, 5), (2, 4), (1, 3), (0, 3), (0, 2), (0, 1), (0, 0)]
print(article_game(2, 6, seed=20))

# %% [markdown]
# A record keeps every state of the game, the start first, so any moment can be looked at
# again. Here is the game of Table 2 after A's second move:

# %%
print(path(record))
record.states[3]

# %% [markdown]
# ## A measurement
#
# The proof says A wins from *every* winning start, whatever B does. Let us count, over
# many starts and seeds. `record.winner` is the number of the winning player (0 is A).

# %%
def a_wins(m: int, n: int, seeds: range) -> int:
    """How many of the games from (m, n), one per seed, player A wins."""
    return sum(article_game(m, n, seed).winner == 0 for seed in seeds)


SEEDS = range(40)
winning_starts = [(m, n) for m in range(10) for n in range(10) if not losing(m, n)]
won = sum(a_wins(m, n, SEEDS) for m, n in winning_starts)
print(f"from {len(winning_starts)} winning starts x {len(SEEDS)} seeds: A won {won} of "
      f"{len(winning_starts) * len(SEEDS)} games")
assert won == len(winning_starts) * len(SEEDS)

# %% [markdown]
# From a losing start A can only hope that B makes a mistake. After A's move some pile is
# odd; B's correct move makes both piles even again, and B's mistake is any move that
# leaves a pile odd. One such mistake is enough: A then has a winning position and never
# gives the advantage back. How often does a random B let A win?

# %%
SEEDS = range(200)
losing_starts = [(m, n) for m in range(0, 10, 2) for n in range(0, 10, 2) if m + n > 0]
share = {start: a_wins(*start, SEEDS) / len(SEEDS) for start in losing_starts}
for start in [(2, 0), (0, 6), (2, 2), (4, 4), (8, 8)]:
    print(f"from {start}: A wins {share[start]:.0%}")

# %%
grid = Grid(9, 9)
SVG(render.svg.grid_svg(
    grid,
    fills={c: LOSE_COLOUR if c in share else "#f7f7f7" for c in grid.cells()},
    texts={c: f"{share[c]:.0%}" for c in share},
    title="how often A wins from a losing start against a random B",
    cell=40,
))

# %% [markdown]
# When one pile is empty (the bottom row and the left column) every move is forced: B
# takes the last bean of an even pile and never errs, so A never wins. With two bigger
# piles B has many chances to slip, and A wins most games. A random player is a weak
# opponent: to *test* a strategy we will later want a perfect one.

# %% [markdown]
# ## Play it yourself
#
# The board below lets you play beans against the computer in Jupyter: you move first, by
# clicking a button, and the computer answers at once. By default the computer is a perfect
# player; `beans.BeansBoard(3, 6, computer="random")` gives you the article's B as opponent.
# On this static page the board cannot move, so here is its starting position as a
# picture: 3 white and 6 black beans, a winning start for you.

# %%
beans.BeansBoard(3, 6, seed=1)

# %%
beans.Beans(3, 6).initial_state()

# %% [markdown]
# ## Exercises
#
# Each exercise that asks for code has a **self-check** cell below it. Write your answer in a
# new cell just above the check (use the function names the exercise gives), run your cell,
# then run the check: it tries your code on many cases and says which one fails, or prints
# "all N cases pass". A **worked answer** is folded under each exercise: try first, then open
# it to compare.
#
# 1. **Your own winning move.** Without looking above, write `my_move(m, n)` that returns
#    the winning move from a winning position as a pair of ints. Check it against
#    `solver.winning_moves((m, n))` for every winning position up to 30 × 30.
#
#    <details><summary>Answer</summary>
#
#    Take one bean from each odd pile: that leaves both piles even, a losing position.
#
#    ```python
#    def my_move(m: int, n: int) -> Position:
#        return (m - m % 2, n - n % 2)
#    ```
#
#    </details>

# %%
def check_my_move(my_move) -> None:
    """Try my_move on every winning position up to 30 x 30 against the exact solver."""
    cases = [(m, n) for m in range(31) for n in range(31) if solver.outcome((m, n)) == "N"]
    for m, n in cases:
        move = my_move(m, n)
        best = solver.winning_moves((m, n))
        assert move in best, f"from {(m, n)} your move is {move}; the winning move is {best[0]}"
    print(f"all {len(cases)} cases pass")


if "my_move" in globals():
    check_my_move(my_move)
else:
    print("write my_move above, then run this")

# %% [markdown]
# 2. **Misère beans.** Change the rule: whoever takes the last bean *loses*. Change `wins`
#    into `misere_wins(m, n)` (what is (0, 0) now? what about (1, 0)?), print the table,
#    state a hypothesis as a function `misere_losing(m, n)` and prove it by induction on
#    M + N.
#    <details><summary>Hint</summary>
#    Watch the positions where one pile is empty: they behave differently from the rest.
#    </details>
#
#    <details><summary>Answer</summary>
#
#    At (0, 0) the *other* player has just taken the last bean and lost, so (0, 0) is now
#    **winning**; (1, 0) is losing, since its only move takes the last bean.
#
#    ```python
#    @cache
#    def misere_wins(m: int, n: int) -> bool:
#        if (m, n) == (0, 0):
#            return True
#        return any(not misere_wins(a, b) for a, b in moves(m, n))
#
#
#    def misere_losing(m: int, n: int) -> bool:
#        if m == 0 or n == 0:
#            return (m + n) % 2 == 1
#        return m % 2 == 0 and n % 2 == 0
#    ```
#
#    **Claim.** (M, N) is losing if and only if either one pile is empty and the other is
#    odd, or both piles are even and not empty.
#
#    *One pile empty.* From (k, 0) the only move is to (k − 1, 0). (0, 0) is winning, so
#    (1, 0) is losing, (2, 0) winning, and so on: (k, 0) is losing exactly when k is odd.
#
#    *Both piles non-empty.* Suppose the claim holds for every smaller sum.
#    - Both even: every move leaves a pile odd and both piles non-empty (they had at least
#      two beans each), so by the hypothesis it leads to a winning position: (M, N) is
#      **losing**.
#    - Both odd: if M = 1, move to (0, N), one pile empty and the other odd: losing. (N = 1
#      likewise.) Otherwise take one of each, leaving both even and non-empty: losing. So
#      (M, N) is **winning**.
#    - M odd, N even (N ≥ 2): if M ≥ 3, take a white bean, leaving both even and non-empty.
#      If M = 1, take one of each: (0, N − 1) has one pile empty and the other odd. Either
#      way the move leads to a losing position, so (M, N) is **winning**. M even and N odd
#      is the same with the colours swapped. ∎
#
#    </details>

# %%
MISERE_TABLE = """\
LWWWWW
WWLWLW
LWWWWW
WWLWLW
LWWWWW
WLWLWL"""  # misère beans up to 5 x 5: top row N = 5, bottom row N = 0; columns M = 0..5


def check_misere(misere_wins, misere_losing) -> None:
    """misere_wins against the table of small positions, then misere_losing against it up to 40 x 40."""
    rows = MISERE_TABLE.splitlines()[::-1]  # rows[n][m]
    cases = 0
    for n, row in enumerate(rows):
        for m, letter in enumerate(row):
            assert misere_wins(m, n) == (letter == "W"), (
                f"misere_wins({m}, {n}) is {misere_wins(m, n)}; it should be {letter == 'W'}")
            cases += 1
    for m in range(40):
        for n in range(40):
            assert misere_losing(m, n) == (not misere_wins(m, n)), (
                f"your hypothesis says misere_losing({m}, {n}) is {misere_losing(m, n)}, "
                f"but misere_wins({m}, {n}) is {misere_wins(m, n)}")
            cases += 1
    print(f"all {cases} cases pass")


if "misere_wins" in globals() and "misere_losing" in globals():
    check_misere(misere_wins, misere_losing)
else:
    print("write misere_wins and misere_losing above, then run this")

# %% [markdown]
# 3. **Two of a colour.** Allow one more kind of move: two beans of the *same* colour.
#    Tabulate with brute force, `colour_wins(m, n)`, and find the rule for the losing
#    positions, `colour_losing(m, n)`.
#    <details><summary>Hint</summary>
#    Print M + N next to each losing position. Then think of remainders, not parities.
#    </details>
#
#    <details><summary>Answer</summary>
#
#    ```python
#    def colour_moves(m: int, n: int) -> list[Position]:
#        steps = [(1, 0), (0, 1), (1, 1), (2, 0), (0, 2)]
#        return [(m - a, n - b) for a, b in steps if m - a >= 0 and n - b >= 0]
#
#
#    @cache
#    def colour_wins(m: int, n: int) -> bool:
#        return any(not colour_wins(a, b) for a, b in colour_moves(m, n))
#
#
#    def colour_losing(m: int, n: int) -> bool:
#        return (m + n) % 3 == 0
#    ```
#
#    The losing positions are those where **M + N is a multiple of 3**. Why: every move
#    takes one or two beans, and whenever two or more beans are left, some move takes one
#    and some move takes two (one of each colour, or two of the same colour when a pile is
#    empty). So only the total counts, and the game is "take 1 or 2 from one heap of
#    M + N". From a multiple of 3, any move leaves a remainder of 1 or 2; from a remainder
#    of 1 or 2, taking that many leaves a multiple of 3; and 0 is a multiple of 3 where
#    the player to move has lost.
#
#    </details>

# %%
COLOUR_TABLE = """\
WLWWLW
WWLWWL
LWWLWW
WLWWLW
WWLWWL
LWWLWW"""  # two of a colour up to 5 x 5: top row N = 5, bottom row N = 0; columns M = 0..5


def check_colour(colour_wins, colour_losing) -> None:
    """colour_wins against the table of small positions, then colour_losing against it up to 40 x 40."""
    rows = COLOUR_TABLE.splitlines()[::-1]
    cases = 0
    for n, row in enumerate(rows):
        for m, letter in enumerate(row):
            assert colour_wins(m, n) == (letter == "W"), (
                f"colour_wins({m}, {n}) is {colour_wins(m, n)}; it should be {letter == 'W'}")
            cases += 1
    for m in range(40):
        for n in range(40):
            assert colour_losing(m, n) == (not colour_wins(m, n)), (
                f"your rule says colour_losing({m}, {n}) is {colour_losing(m, n)}, "
                f"but colour_wins({m}, {n}) is {colour_wins(m, n)}")
            cases += 1
    print(f"all {cases} cases pass")


if "colour_wins" in globals() and "colour_losing" in globals():
    check_colour(colour_wins, colour_losing)
else:
    print("write colour_wins and colour_losing above, then run this")

# %% [markdown]
# 4. **Exactly how lucky?** From (2, 2), with B choosing each of its moves with equal
#    probability, compute the exact probability that A wins (use `fractions.Fraction` and a
#    recursive function over positions): write `probability_a_wins(m, n)` for A to move
#    from (m, n). Compare it with the measured share above.
#
#    <details><summary>Answer</summary>
#
#    From a winning position A wins for sure. Otherwise A picks a move at random, as B
#    always does, each move with equal probability, so the chance is the average over the
#    moves. Whoever moves to (0, 0) wins.
#
#    ```python
#    from fractions import Fraction
#
#
#    @cache
#    def chance(m: int, n: int, a_to_move: bool) -> Fraction:
#        if (m, n) == (0, 0):  # the player who just moved took the last bean
#            return Fraction(0 if a_to_move else 1)
#        if a_to_move and not losing(m, n):
#            return Fraction(1)
#        options = moves(m, n)
#        return sum(chance(a, b, not a_to_move) for a, b in options) / len(options)
#
#
#    def probability_a_wins(m: int, n: int) -> Fraction:
#        return chance(m, n, True)
#    ```
#
#    From (2, 2) A wins with probability exactly **2/3**, close to the measured share. By
#    hand: each of A's three moves, to (1, 2), (2, 1) or (1, 1), leaves B three moves of
#    which exactly one keeps B winning ((2, 0), (0, 2) or (0, 0) respectively). B slips
#    with probability 2/3, and after a slip A wins.
#
#    </details>

# %%
from fractions import Fraction

EXACT = {(2, 0): Fraction(0), (0, 6): Fraction(0), (2, 2): Fraction(2, 3),
         (2, 4): Fraction(20, 27), (4, 4): Fraction(220, 243)}


def check_probability(probability_a_wins) -> None:
    """Exact chances from some losing starts, certainty from winning ones, next to the measured shares."""
    for start, exact in EXACT.items():
        p = probability_a_wins(*start)
        assert p == exact, f"from {start} you get {p}; the exact probability is {exact}"
        print(f"from {start}: exactly {p} = {float(p):.3f}, measured {share[start]:.3f}")
    winning = [(m, n) for m in range(8) for n in range(8) if not losing(m, n)]
    for start in winning:
        assert probability_a_wins(*start) == 1, f"from the winning start {start} A always wins"
    print(f"all {len(EXACT) + len(winning)} cases pass")


if "probability_a_wins" in globals():
    check_probability(probability_a_wins)
else:
    print("write probability_a_wins above, then run this")

# %% [markdown]
# 5. **How long is a game?** From a winning start (M, N) played by the article's A and B,
#    what are the fewest and the most moves a game can last? Guess a formula, write it as
#    `fewest_moves(m, n)` and `most_moves(m, n)`, then check it with `len(record)` over
#    many seeds.
#
#    <details><summary>Answer</summary>
#
#    A's first move leaves (M', N') = (M − M mod 2, N − N mod 2), both even. After that each
#    move of B is answered by A's move in the same piles: one of each answers one of each
#    (4 beans in two moves), one bean answers one bean of the same colour (2 beans in two
#    moves). The game is longest when every pair of moves takes only 2 beans, shortest when
#    B takes one of each while both piles last:
#
#    ```python
#    def fewest_moves(m: int, n: int) -> int:
#        return 1 + max(m - m % 2, n - n % 2)
#
#
#    def most_moves(m: int, n: int) -> int:
#        return 1 + (m - m % 2) + (n - n % 2)
#    ```
#
#    For (3, 6): at least 7 moves, at most 9 (the article's game 1 took 9).
#
#    </details>

# %%
def check_game_length(fewest_moves, most_moves) -> None:
    """The formulas against every game B can choose (A's moves are forced), and against records."""

    @cache
    def lengths(m: int, n: int) -> tuple[int, int]:
        """Fewest and most moves left from (m, n) with A to move, over all of B's choices."""
        if (m, n) == (0, 0):
            return (0, 0)
        after_a = winning_move(m, n)  # A's move from a winning position is unique
        if after_a == (0, 0):
            return (1, 1)
        rest = [lengths(*after_b) for after_b in moves(*after_a)]
        return (2 + min(r[0] for r in rest), 2 + max(r[1] for r in rest))

    starts = [(m, n) for m in range(13) for n in range(13) if not losing(m, n)]
    for m, n in starts:
        low, high = lengths(m, n)
        assert fewest_moves(m, n) == low, f"from {(m, n)} the fewest moves are {low}, not {fewest_moves(m, n)}"
        assert most_moves(m, n) == high, f"from {(m, n)} the most moves are {high}, not {most_moves(m, n)}"
    games = 0
    for m, n in [(3, 6), (5, 5), (7, 2), (1, 8)]:
        seen = {len(article_game(m, n, seed)) for seed in range(100)}
        assert min(seen) >= fewest_moves(m, n) and max(seen) <= most_moves(m, n)
        print(f"from {(m, n)}: 100 games lasted {min(seen)} to {max(seen)} moves; "
              f"formulas {fewest_moves(m, n)} to {most_moves(m, n)}")
        games += 100
    print(f"all {len(starts)} starts and {games} games pass")


if "fewest_moves" in globals() and "most_moves" in globals():
    check_game_length(fewest_moves, most_moves)
else:
    print("write fewest_moves and most_moves above, then run this")

# %% [markdown]
# 6. **Beat the board.** Play `beans.BeansBoard(4, 6, seed=1)`: you start from a losing position.
#    Can you beat the perfect computer? Now try `computer="random"` and
#    `computer="article"`. How many moves does it take you, on average, to get a winning
#    position back?
#
#    <details><summary>What to look for</summary>
#
#    Against the perfect computer you cannot win: whatever you take, some pile becomes odd,
#    and the computer makes both piles even again. The article's A plays the same way from a
#    winning position, and your first move always gives it one, so it never lets you back
#    either. The random computer does: while both piles have beans, it has three moves of
#    which only one keeps both piles even, so it slips with probability 2/3 and you usually
#    get a winning position back after your first or second move (1.5 of your moves on
#    average while both piles last). Once you have it, keep both piles even and you win.
#    Keep away from emptying a pile early: with one pile empty every move is forced and the
#    computer cannot slip.
#
#    </details>
