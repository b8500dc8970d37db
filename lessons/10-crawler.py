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
# # 10 The crawler
#
# Source C, a textbook chapter on games in Visual Prolog, opens with a "topological game"
# called the **crawler** (Ползунок). Two players draw one line together on a small lattice
# of points, a segment at a time, and whoever closes the line wins. The human plays the
# computer, and, since the lattice is small, the computer finds its winning moves by
# trying every way the game can go on. C calls this **van Emden's method**.
#
# In this lesson we play the game, write C's computer player in a few lines of Python and
# measure what its search costs, solve the game exactly with the alpha-beta search of
# lesson 08, and ask who wins on which lattice. On many lattices there is a reason you can
# check by hand: a mirror plan that wins for the first player.

# %%
import itertools
import random
from collections import Counter

from IPython.display import SVG, display

from coursekit import Coord, Player, play
from coursekit.games import crawler
from coursekit.solvers import gametree

# %% [markdown]
# ## The rules
#
# *Source C (*Lecture 14: Games*, an online course lecture; see [Sources](sources.md)),
# §14.1, translated from the Russian:*
#
# > **14.1. The topological game "Crawler"**
# >
# > The topological game "Crawler" goes as follows. The game is played on a lattice of
# > 5 by 6 cells (fig. 14.1).
# >
# > [*Fig. 14.1. A game of the topological game "Crawler": not in our copy of the page*]
# >
# > The players move in turn. A player draws a straight segment one cell long, extending
# > the polyline at one of its ends. The resulting path (the polyline) must be
# > continuous, and a move may be made at either of its ends. The player who closes the
# > path, that is, who moves so that one of the ends of the segment lands on the
# > polyline, wins. Fig. 14.1 shows a position that is a win for the first player (he
# > draws his segments in light pencil). With a move to the cell (1; 3) this player closes
# > the path.
# >
# > The program below plays the game between a human and the computer. To find the
# > computer's winning strategy van Emden's method is used (in [5, 14] it is applied to
# > the game "Nim"): the player makes a winning move (closes the path) or moves so that
# > his opponent does not win. If the opponent (the human) does not know how to move in
# > order to win, the computer is sure to win in the end. If the computer is in a losing
# > position and cannot find such a move, it tries to move so that its opponent does not
# > win at the very next step. If the opponent makes a mistake even once and does not make
# > the right move, the computer will win.
#
# C's program follows. Read it now for its shape, and come back to it when we copy C's
# computer player below; the predicates that matter are `move`, `winMove`, `loseMove`,
# `step` and `next`.
#
# ```visualprolog
#     open core, console, console_native
#
# class facts
#     humanCell: (coord).
#
# class predicates
#     winMove: (positive, positive, coord*, coord*) nondeterm (i,i,i,o).
#     step: (coord*, coord*, coord) nondeterm (i,o,o) (i,o,i).
#     next: (coord, coord) nondeterm (i,o) (i,i).
#     move: (positive, coord*).
#     show: (coord*).
#     loseMove: (coord*) determ.
# clauses
#     loseMove(Polyline):-
#         step(Polyline, _, Cell),
#         list::isMember(Cell, Polyline),
#         !.
#
#     winMove(_Player1, _Player2, Polyline, Polyline1):-
#         step(Polyline, Polyline1, Cell),
#         list::isMember(Cell, Polyline).
#     winMove(Player1, Player2, Polyline, Polyline1):-
#         step(Polyline, Polyline1, _),
#         not(winMove(Player2, Player1, Polyline1, _)).
#
#     move(2, Polyline):-
#         step(Polyline, Polyline1, Cell),
#         list::isMember(Cell, Polyline),
#         !,
#         show(Polyline1),
#         setLocation(coord(0, 14)),
#         write("The computer has won!\n\n", Polyline1).
#     move(2, Polyline):-
#         winMove(2, 1, Polyline, Polyline1),
#         !,
#         move(1, Polyline1).
#     move(2, Polyline):-
#         step(Polyline, Polyline1, _),
#         not(loseMove(Polyline1)),
#         !,
#         move(1, Polyline1).
#     move(2, Polyline):-
#         step(Polyline, Polyline1, _),
#         !,
#         move(1, Polyline1).
#     move(1, Polyline):-
#         show(Polyline),
#         setLocation(coord(0, 14)),
#         write(Polyline),
#         std::repeat(),
#             write("\n\nYour move.\nEnter the new cell in the form"
#                 " coord(2,3): "),
#             hasDomain(coord, Cell),
#             Cell = read(), clearInput(),
#         step(Polyline, Polyline1, Cell),
#         assert(humanCell(Cell)),
#         !,
#         if list::isMember(Cell, Polyline) then
#             write("\nCongratulations! You have won!")
#         else
#             move(2, Polyline1)
#         end if.
#     move(_, _).
#
#     step([A, B | Polyline], [X, A, B | Polyline], X):-
#         next(A, X),
#         not(X = B).
#     step(Polyline, list::append(Polyline, [X]), X):-
#         [A, B | _] = list::reverse(Polyline),
#         next(A, X),
#         not(X = B).
#
#     next(coord(X, Y), coord(X - 1, Y)):- X > 1.
#     next(coord(X, Y), coord(X + 1, Y)):- X < 6.
#     next(coord(X, Y), coord(X, Y - 1)):- Y > 1.
#     next(coord(X, Y), coord(X, Y + 1)):- Y < 5.
#
#     show(Polyline):-
#         clearOutput(),
#         foreach I = std::fromTo(1, 6) do
#             setLocation(coord(3 * I, 0)), write(I)
#         end foreach,
#         foreach J = std::fromTo(1, 5) do
#             setLocation(coord(0, 2 * J)), write(J)
#         end foreach,
#         Attr0 = getTextAttribute(),
#         foreach coord(X, Y) = list::getMember_nd(Polyline) do
#             Attr = if humanCell(coord(X, Y)), ! then 13 else 11 end if,
#             setTextAttribute(Attr),
#             setLocation(coord(3 * X, 2 * Y)), write("*")
#         end foreach,
#         setTextAttribute(Attr0).
#
#     run():-
#         write("Who moves first? (1 - human, 2 - computer): "),
#         Player = read(), clearInput(),
#         if Player = 1 then
#             write("Enter the start of the segment in the form coord(3,3): "),
#             hasDomain(coord, Cell1),
#             Cell1 = read(), clearInput(),
#             write("Enter the end of the segment: "),
#             hasDomain(coord, Cell2),
#             Cell2 = read(), clearInput(),
#             next(Cell1, Cell2),
#             assert(humanCell(Cell1)),
#             assert(humanCell(Cell2)),
#             move(2, [Cell1, Cell2])
#         else
#             move(1, [coord(3, 3), coord(4, 3)])
#          end if,
#          !,
#         _ = readLine();
#         write("Input error"),
#         _ = readLine().
# ```
#
# *Example 14.1 of source C: the game "Crawler", in Visual Prolog. Code as printed, the
# strings translated from the Russian. What C says after it, translated: "The predicate
# hasDomain/2 binds a variable to the name of a domain. The predicate getTextAttribute
# returns the current text attributes of the console window. Van Emden's method can be
# used only for small fields, since the search for a winning move becomes rather large. A
# detailed treatment showing the stages of the design and the computer implementation of
# the topological game 'Crawler', in console and in GUI applications in Visual Prolog, was
# made by V. A. Yukhtenko (PDC SPb) [12]."*
#
# Some things to know when reading it:
#
# - The listing is not a whole program: it is the inside of a class implementation (the
#   `implement` ... `end implement` lines around it, and the `goal` that calls `run`, are
#   not printed), so it does not compile on its own.
# - C's text speaks of a lattice of "5 by 6 cells" and of moving "to the cell (1; 3)",
#   but the program works on **points**: `next` keeps X between 1 and 6 and Y between 1
#   and 5, and a "cell" `coord(X, Y)` is a point where lattice lines cross. The course
#   follows the program.
# - A polyline is a list of points; `step` extends it at its first point (the first
#   clause) or at its last (the second), never back to the point next to that end, and
#   returns the new point, which closes the line when it is already on the list.
# - `move(1, ...)` is the human's turn, `move(2, ...)` the computer's, with one clause for
#   each of its rules; the computer who moves first opens with `[coord(3, 3), coord(4, 3)]`
#   and the human then moves. The references [5, 14] and [12] are to the course's
#   bibliography, which the page we have does not include.
#
# The board is a lattice of points, 6 across and 5 up in C's program. The players take
# turns drawing **unit segments** along the lattice lines, building **one** line (a
# polyline):
#
# - the first move draws one segment anywhere;
# - each later move adds one segment at **either end** of the line, but never straight
#   back along the segment that ends there;
# - if the new end point already lies on the line, the mover has **closed** the line and
#   wins.
#
# **Numbering.** C numbers the points from 1: X = 1..6 across, Y = 1..5 up. The course
# numbers cells and points from 0, with (0, 0) at the bottom left, as in every lesson. So
# C's point (X, Y) is (X − 1, Y − 1) here, and C's computer, which opens with the segment
# (3,3)–(4,3), draws (2,2)–(3,2) in this lesson: the segment in the middle of the lattice.
# (C's screen also counts Y downward, so C's pictures are ours turned upside down; the
# numbers stay the same.)

# %%
rules = crawler.Crawler(6, 5)


def c_point(point: Coord) -> tuple[int, int]:
    """A point as C numbers it (from 1)."""
    return (point.x + 1, point.y + 1)


assert [c_point(p) for p in crawler.SOURCE_OPENING] == [(3, 3), (4, 3)]
opened = rules.position([crawler.SOURCE_OPENING])
print(opened)
display(SVG(crawler.view.lattice_svg(opened, title="C's opening (3,3)-(4,3), here (2,2)-(3,2)")))

# %% [markdown]
# A move is a segment written from an end of the line to the new point, `(end, new)`.
# The text picture marks a point on the line `+`, an end `o` and a free point `·`; in the
# SVG picture the ends are rings. After C's opening the second player has six moves, three
# at each end:

# %%
moves = rules.legal_moves(opened)
print([crawler.segment_text(m) for m in moves])
assert len(moves) == 6

# %% [markdown]
# The moves come in C's order: first the moves at the **head** of the line (the point
# written first, (2,2)), then those at the **tail**, each end trying its neighbours left,
# right, down, up. This order will matter when we copy C's player, which always takes the
# first move that passes its test.
#
# A line closes when its new point is already on it. On a 3 × 3 lattice:

# %%
small = crawler.Crawler(3, 3)
hook = small.position([(Coord(0, 0), Coord(1, 0)), (Coord(1, 0), Coord(1, 1)), (Coord(1, 1), Coord(0, 1))])
closing = small.closing_moves(hook)
print([crawler.segment_text(m) for m in closing])
assert closing == ((Coord(0, 0), Coord(0, 1)), (Coord(0, 1), Coord(0, 0)))  # one at each end
closed = small.next_state(hook, closing[0])
assert closed.closed and small.winner(closed) == 1  # player 1 drew the fourth segment
display(SVG(crawler.view.lattice_svg(hook)))
display(SVG(crawler.view.lattice_svg(closed)))

# %% [markdown]
# The first player (player 0) drew segments 1 and 3, the second player segments 2 and 4,
# so the second player closed the square and won. The cross marks the point where the line
# came back onto itself.
#
# **The game cannot be drawn.** An end of the line has at least two neighbours on the
# lattice (a corner has exactly two), and only one of them, the point just before the end,
# is forbidden. So there is always a move. Every move that does not close the line adds a
# new point, so on a lattice of w × h points a game lasts at most w · h moves: after
# w · h − 1 moves every point is on the line, and the next move must close it. Someone
# always wins.

# %%
assert rules.max_game_length() == 6 * 5
assert len(rules.all_segments) == 5 * 5 + 6 * 4  # 5 segments in each of 5 rows, 4 in each of 6 columns

# %% [markdown]
# ## A game
#
# Two random players on C's lattice, each with its own
# [seeded generator](python-primer.md#random). The picture shows
# the last position, each segment numbered by the move that drew it.

# %%
record = play(rules, [Player("Ann", crawler.random_strategy(random.Random(1))),
                      Player("Bob", crawler.random_strategy(random.Random(2)))])
print(" ".join(crawler.segment_text(step.move) for step in record.moves))
print(f"{len(record.moves)} moves; the winner is {record.players[record.winner]}")
display(SVG(record._repr_svg_()))

# %% [markdown]
# Random players stumble into a closed line sooner or later. Closing is easy to spot one
# move ahead; the art is to avoid giving the opponent the chance, and to leave him a
# position in which **every** move gives you one.
#
# ## Van Emden's method
#
# C's computer decides its move by four rules, tried in this order (C's Prolog predicate
# `move(2, Polyline)`, in C's program above, has one clause for each):
#
# 1. **close**: if a move closes the line, make it and win;
# 2. **win**: else make a move after which the opponent has **no winning continuation**;
#    to know that, search the whole game tree below (C's predicate `winMove`);
# 3. **safe**: else make a move after which the opponent cannot close the line at once
#    (C's `loseMove` asks whether the player to move can close);
# 4. **any**: else make the first move.
#
# C's `winMove` says that a move wins if it closes the line, or if after it the opponent has
# no winning move. That is the negamax rule of lesson 07 with only two values, win and
# loss, which stops at the first winning move it finds. It keeps no table: a position
# reached in two ways is searched twice. (Its first clause looks for a closing move, so
# rule 2 repeats rule 1's look before it searches; we count that too.)
#
# C says why rule 3 is there: when the computer is in a lost position it cannot find a
# winning move, so it at least avoids losing at once; if the human then makes one mistake,
# the computer wins. Rule 2 is exact: when a winning move exists, the search finds one.
#
# ### C's player in Python
#
# Our copy takes the moves in C's order (`rules.legal_moves`) and counts, as C's search
# would if it counted, every position it makes: one for each move tried, at every level of
# the search, in every rule.

# %%
def van_emden(rules, state):
    """C's computer's choice after the first segment: (move, rule, positions examined)."""
    examined = 0

    def tried(state):
        """Every move in C's order with the position after it, each counted once it is made."""
        nonlocal examined
        for move in rules.legal_moves(state):
            examined += 1
            yield move, rules.next_state(state, move)

    def can_close(state) -> bool:  # C's loseMove
        return any(after.closed for _, after in tried(state))

    def winning_move(state):  # C's winMove: a winning move, or None
        for move, after in tried(state):
            if after.closed:
                return move
        for move, after in tried(state):
            if winning_move(after) is None:
                return move
        return None

    for move, after in tried(state):  # rule 1
        if after.closed:
            return move, "close", examined
    move = winning_move(state)  # rule 2
    if move is not None:
        return move, "win", examined
    for move, after in tried(state):  # rule 3
        if not can_close(after):
            return move, "safe", examined
    examined += 1  # rule 4
    return rules.legal_moves(state)[0], "any", examined


# %% [markdown]
# `tried` is a [*generator*](python-primer.md#yield): it hands out one move at a time, so a
# loop that stops early (at a closing move, at a winning move) makes and counts only the
# positions it looked at.
# `nonlocal` lets the inner function add to the counter of the outer one.
#
# The library's `crawler.source_choice` is the course's copy of C's program, written closer to
# C's Prolog (lists of points, C's `step`). Ours must make the same choice by the same rule
# after examining the same number of positions. First on every position of a 4 × 3
# lattice after two segments:

# %%
def same_choice(rules, state) -> bool:
    """Whether our copy and the library's make the same move, by the same rule, at the same cost."""
    library = crawler.source_choice(rules, state)
    return van_emden(rules, state) == (library.move, library.rule, library.positions)


four_three = crawler.Crawler(4, 3)
empty = four_three.initial_state()
compared = 0
for first in four_three.legal_moves(empty):
    after_first = four_three.next_state(empty, first)
    for second in four_three.legal_moves(after_first):
        assert same_choice(four_three, four_three.next_state(after_first, second))
        compared += 1
print(f"the same choice on all {compared} positions")

# %% [markdown]
# Then on C's own lattice, along a game between random players and where it is dearest:
# the second player's first decision after C's opening.

# %%
for step in record.moves[:-1]:
    assert same_choice(rules, step.state)
move, rule, examined = van_emden(rules, opened)
library = crawler.source_choice(rules, opened)
assert (move, rule, examined) == (library.move, library.rule, library.positions)
print(f"after C's opening: {crawler.segment_text(move)} by rule '{rule}', {examined:,} positions examined")
display(SVG(crawler.view.lattice_svg(rules.next_state(opened, move), title=f"the answer to C's opening: {rule}")))

# %% [markdown]
# After C's opening the search examines hundreds of thousands of positions and finds no
# winning move (we will see why: the opening is the middle segment, and the first player
# wins from there). So rule 3 decides: the first move after which the first player cannot
# close at once.
#
# ### Which rule decides
#
# C's computer moving first against a random player, and moving second, over 20 seeded
# games each. For every decision we note the rule that made it and the positions examined.

# %%
def measured(log: list):
    """C's player, writing (rule, positions examined, segments already drawn) into ``log``."""

    def choose(rules, state):
        choice = crawler.source_choice(rules, state)
        log.append((choice.rule, choice.positions, state.moves_made))
        return choice.move

    return choose


results, decisions = Counter(), {"first": [], "second": []}
for seed in range(20):
    rng = random.Random(seed)
    c_first = play(rules, [Player("C", measured(decisions["first"])), Player("random", crawler.random_strategy(rng))])
    c_second = play(rules, [Player("random", crawler.random_strategy(rng)), Player("C", measured(decisions["second"]))])
    results["C first wins"] += c_first.winner == 0
    results["C second wins"] += c_second.winner == 1
print(dict(results))
for seat, log in decisions.items():
    rules_used = Counter(rule for rule, _, _ in log)
    print(f"C moving {seat}: {len(log)} decisions, by rule {dict(rules_used)}; "
          f"positions examined: at most {max(n for _, n, _ in log):,}, "
          f"mean about {sum(n for _, n, _ in log) / len(log):,.0f}")
assert results["C first wins"] == 20 and results["C second wins"] == 20
assert {rule for rule, _, _ in decisions["first"]} <= {"opening", "close", "win"}

# %% [markdown]
# C's computer won every game, from both seats: a random player throws a win away sooner
# or later. Moving first, only the rules "opening" (its first segment, which needs no
# search), "close" and "win" ever decided: it always had a winning move. We will see why.
#
# Most decisions are quick: once the line is long the game tree below is small, and a
# closing move or a quick win is found among the first moves tried. The dear decisions are
# the first ones, where the tree is largest.
#
# ### What the search costs
#
# The second player's first decision is the dearest, so we measure it on lattices of
# growing size, after the opening C's computer would draw (the segment nearest the middle),
# and set it beside the exact solver's work on the same position (the solver is the subject
# of the next section; "nodes" are the positions it visited).

# %%
print(f"{'lattice':>8} {'C decides':>10} {'positions':>10} {'ms':>6}   {'solver nodes':>12}")
cost = {}
for width, height in [(3, 3), (4, 3), (4, 4), (5, 4), (5, 5), (6, 4), (6, 5), (7, 5)]:
    lattice = crawler.Crawler(width, height)
    start = lattice.position([crawler.source_choice(lattice, lattice.initial_state()).move])
    choice = crawler.source_choice(lattice, start)
    solution = crawler.search(lattice, start)
    assert (choice.rule == "win") == (solution.value > 0)  # rule 2 finds a win exactly where there is one
    cost[width, height] = (choice.rule, choice.positions)
    print(f"{width} x {height:<4} {choice.rule:>10} {choice.positions:>10,} {choice.seconds * 1000:>6.0f}"
          f"   {solution.nodes:>12,}")
lost = [board for board, (rule, _) in cost.items() if rule == "safe"]
for smaller, larger in itertools.pairwise(lost):
    growth = cost[larger][1] / cost[smaller][1]
    print(f"lost, {smaller[0]} x {smaller[1]} to {larger[0]} x {larger[1]}: about {growth:.0f} times more positions")
    assert growth > 10

# %% [markdown]
# C notes that its method is only for small lattices, and the table shows why. Where C's
# computer is lost (rule "safe" decides), the search must try every line of play before it
# gives up, and each step up in size multiplies the work by tens (printed above). Where it
# wins, the search stops at the first winning move it proves, so those rows are cheaper,
# but by no fixed rule. On C's 6 × 5 the dearest decision still takes only a fraction of a
# second, so C's lattice was well chosen. The solver visits far fewer positions; how, is
# the next section.
#
# ### C's computer moving first cannot lose
#
# Rule 2 is exact. So if the first position C's computer leaves its opponent is lost for
# him, C's computer wins every game: after each of the opponent's moves it has a winning
# move again, and rule 2 finds it. We ask the solver about the position after C's opening,
# and let C's computer play the library's perfect player:

# %%
assert crawler.search(rules, opened).outcome == "loss"  # for the second player, to move there
against_perfect = play(rules, [Player("C", crawler.source_strategy()),
                               Player("perfect", gametree.optimal_strategy(random.Random(1)))])
print(" ".join(crawler.segment_text(step.move) for step in against_perfect.moves))
assert against_perfect.winner == 0
display(SVG(against_perfect._repr_svg_()))

# %% [markdown]
# C's computer beats even the perfect player when it moves first. Moving second it loses
# to a player who knows how to win, and C says as much: the computer then hopes for a
# mistake.
#
# ## Exact solving
#
# C's search answers one question, "is there a winning move?", and answers it again from
# scratch at every decision. To know who wins on a lattice we want the value of the empty
# lattice and of every first segment, and the tools of lesson 08 make that cheap:
#
# - **alpha-beta** with the values +1 (the player to move wins) and −1 (he loses);
# - a **move order**, `crawler.closing_first`: the moves that close first (they win at once), then
#   the *safe* moves after which the opponent cannot close, those that leave him the fewest
#   safe answers first, and last the moves that let him close;
# - a **transposition table** keyed by `rules.canonical(state)`. What is left of a game
#   depends only on which points the line covers, on its two ends, and on the point just
#   before each end (the way back that is forbidden); not on the order in which the inner
#   points were drawn. The key keeps exactly that, and the least such key over the
#   lattice's **symmetries**, the turns and mirror images that map the lattice onto itself.
#
# `crawler.search(rules, state)` in the library runs the generic `gametree.alphabeta` with these three.
#
# How many symmetries has a lattice? Of the eight turns and mirror images of a square,
# those that map every point of the lattice to a point of the lattice:

# %%
def symmetries(width: int, height: int) -> list:
    """The turns and mirror images that map the width x height lattice onto itself."""
    w, h = width - 1, height - 1
    candidates = [
        lambda x, y: (x, y), lambda x, y: (w - x, y), lambda x, y: (x, h - y), lambda x, y: (w - x, h - y),
        lambda x, y: (y, x), lambda x, y: (h - y, x), lambda x, y: (y, w - x), lambda x, y: (h - y, w - x),
    ]
    points = {(x, y) for x in range(width) for y in range(height)}
    return [f for f in candidates if {f(x, y) for x, y in points} == points]


assert len(symmetries(6, 5)) == 4 and len(symmetries(4, 4)) == 8
print(len(symmetries(6, 5)), "on 6 x 5;", len(symmetries(4, 4)), "on 4 x 4")

# %% [markdown]
# A rectangle has 4 (doing nothing, the two mirrors, the half turn), a square 8 (the
# quarter turns and the diagonal mirrors too). The half turn, (x, y) to (w − 1 − x, h − 1 − y),
# will come back at the end of the lesson.
#
# ### A plain search to check against
#
# Before trusting the clever search we check it against a plain one, lesson 07's negamax
# without a table, on lattices small enough for the whole tree: every first segment must
# get the same value.

# %%
def plain_value(rules, state) -> int:
    """+1 if the player to move wins with best play, -1 if he loses: the whole tree, no table."""
    if state.closed:
        return -1  # the opponent has just closed the line
    return max(-plain_value(rules, rules.next_state(state, move)) for move in rules.legal_moves(state))


for width, height in [(2, 2), (3, 2), (4, 2), (3, 3)]:
    lattice = crawler.Crawler(width, height)
    solution = crawler.search(lattice)
    plain = {move: -plain_value(lattice, lattice.next_state(lattice.initial_state(), move))
             for move in lattice.legal_moves(lattice.initial_state())}
    assert plain == dict(solution.moves)
    assert gametree.minimax(lattice).moves == solution.moves  # the library's plain minimax agrees too
    print(f"{width} x {height}: {solution.outcome} for the first player; "
          f"{len(plain)} first moves checked")

# %% [markdown]
# ### Order, table and symmetry
#
# What each idea saves, on the 4 × 4 lattice from the empty board ("nodes": positions
# visited; "stored": entries in the table at the end):

# %%
four = crawler.Crawler(4, 4)
variants = {
    "alpha-beta": {},
    "+ closing first": {"order": crawler.closing_first},
    "+ table": {"table": True},
    "+ table + symmetry": {"table": True, "canonical": four.canonical},
    "+ all three": {"order": crawler.closing_first, "table": True, "canonical": four.canonical},
}
print(f"{'search':22}{'nodes':>10}{'stored':>10}")
ladder = {}
for name, options in variants.items():
    solution = gametree.alphabeta(four, **options)
    assert solution.outcome == "loss"  # the first player loses on 4 x 4
    ladder[name] = solution
    print(f"{name:22}{solution.nodes:>10,}{solution.positions:>10,}")
assert ladder["+ all three"].nodes * 100 < ladder["alpha-beta"].nodes
assert ladder["+ table + symmetry"].nodes * 10 < min(ladder["+ closing first"].nodes, ladder["+ table"].nodes)

# %% [markdown]
# Each idea helps on its own, and together they cut the work by more than a hundred times.
# The table with the canonical key helps most, ten times more than the table or the order
# alone: the line's inner points can be drawn in many orders, and all of them, with all
# their mirror images, share one entry.
#
# ### Who wins from the empty lattice
#
# `crawler.who_wins(width, height)` solves the empty lattice and lists the **winning openings**:
# the first segments that keep the win for the first player (each segment once, whichever
# way it is written). We run it on every lattice of at most 36 points, which the solver
# finishes in about a second or less each (the times are printed):

# %%
solved = {}
for width, height in sorted(crawler.WHO_WINS, key=lambda board: (board[0] * board[1], board)):
    if width * height > 36:
        continue
    found = crawler.who_wins(width, height)
    assert found is not None and found.winner == crawler.WHO_WINS[width, height]
    solved[width, height] = found
    print(found)
assert solved[6, 5].winning_openings == (crawler.SOURCE_OPENING,)
print(f"the slowest of these took {max(found.seconds for found in solved.values()):.2f} s here")

# %% [markdown]
# On C's 6 × 5 the first player wins, and he has exactly **one** winning opening: C's
# (3,3)–(4,3), our (2,2)–(3,2). C's computer opens with the only move that wins.
#
# A picture of the winning openings on some lattices (the winning first segments are
# drawn thick; on 4 × 4 there are none):

# %%
def lattices_svg(panels, gap: int = 30) -> str:
    """Several lattices side by side, bottoms aligned; each panel is (rules, segments drawn thick, caption)."""
    tallest = max(rules.height for rules, _, _ in panels)
    parts, left = [], 0.0
    for rules, segments, caption in panels:
        panel = max((rules.width - 1) * gap + 30, 6.5 * len(caption) + 14)
        x0 = left + (panel - (rules.width - 1) * gap) / 2

        def xy(point, x0=x0):
            return x0 + point.x * gap, 14 + (tallest - 1 - point.y) * gap

        for a, b in rules.all_segments:
            (x1, y1), (x2, y2) = xy(a), xy(b)
            thick = (a, b) in segments or (b, a) in segments
            style = 'stroke="#1a9850" stroke-width="7"' if thick else 'stroke="#dddddd" stroke-width="1"'
            parts.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" {style} stroke-linecap="round"/>')
        for y in range(rules.height):
            for x in range(rules.width):
                cx, cy = xy(Coord(x, y))
                parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="3" fill="#777"/>')
        parts.append(f'<text x="{left + panel / 2:g}" y="{14 + (tallest - 1) * gap + 26}" font-size="12" '
                     f'text-anchor="middle">{caption}</text>')
        left += panel
    width, height = left, 14 + (tallest - 1) * gap + 40
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height}" '
            f'font-family="sans-serif"><rect width="100%" height="100%" fill="white"/>'
            + "".join(parts) + "</svg>")


shown = [(4, 3), (4, 4), (6, 3), (6, 4), (6, 5)]
display(SVG(lattices_svg([(crawler.Crawler(w, h), solved[w, h].winning_openings, f"{w} x {h}: {solved[w, h].winner}")
                          for w, h in shown])))


def middle_segment(rules):
    """The segment whose middle is the middle of the lattice, or None."""
    return next(((a, b) for a, b in rules.all_segments
                 if (a.x + b.x, a.y + b.y) == (rules.width - 1, rules.height - 1)), None)


only_middle = [board for board, found in solved.items()
               if found.winning_openings == (middle_segment(crawler.Crawler(*board)),)]
print("only the middle segment wins on:", ", ".join(f"{w} x {h}" for w, h in only_middle))
assert solved[4, 4].winning_openings == ()
assert middle_segment(crawler.Crawler(6, 3)) in solved[6, 3].winning_openings and len(solved[6, 3].winning_openings) > 1
assert middle_segment(crawler.Crawler(6, 4)) is None
assert solved[6, 4].winning_openings == ((Coord(2, 1), Coord(2, 2)), (Coord(3, 1), Coord(3, 2)))

# %% [markdown]
# On 4 × 3 and 6 × 5, and on the other lattices printed above, only the middle segment
# wins. On 6 × 3 the middle segment is one of several winning openings. On 6 × 4 no
# segment has its middle at the middle of the lattice, which is the middle of a little
# square; the two winning openings are the upright sides of that square. Why the middle
# matters on some lattices and not on others is the last question of the lesson.
#
# ## Who wins which board, and why
#
# The library keeps a table of who wins with best play from the empty lattice, measured
# by the course's benchmark, which gives the solver a minute per lattice. A lattice turned
# a quarter round is the same game, so the table lists each one with the wider side first:

# %%
def who_wins_text(table) -> str:
    """The table as rows: one row per height, one column per width; F first wins, S second, ? unknown."""
    sides = range(2, 9)
    rows = ["height \\ width " + " ".join(f"{w:>2}" for w in sides)]
    for h in sides:
        marks = [{"first": "F", "second": "S"}.get(table.get((max(w, h), min(w, h))), "?") for w in sides]
        rows.append(f"{h:>14} " + " ".join(f"{m:>2}" for m in marks))
    return "\n".join(rows)


print(who_wins_text(crawler.WHO_WINS))
print(f"{len(crawler.WHO_WINS)} lattices: "
      f"the first player wins {sum(v == 'first' for v in crawler.WHO_WINS.values())}, "
      f"the second {sum(v == 'second' for v in crawler.WHO_WINS.values())}")


# %%
def who_wins_svg(table, cell: int = 34) -> str:
    """The table as a picture: blue where the first player wins, orange where the second does."""
    sides = range(2, 9)
    colours = {"first": "#92c5de", "second": "#f4a582", None: "#eeeeee"}
    out = []
    for i, h in enumerate(sides):
        out.append(f'<text x="18" y="{40 + i * cell + cell / 2}" font-size="12" text-anchor="middle" '
                   f'dominant-baseline="central">{h}</text>')
        for j, w in enumerate(sides):
            winner = table.get((max(w, h), min(w, h)))
            x, y = 34 + j * cell, 40 + i * cell
            mark = {"first": "F", "second": "S"}.get(winner, "?")
            out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{colours[winner]}" '
                       f'stroke="#ffffff"/><text x="{x + cell / 2}" y="{y + cell / 2}" font-size="13" '
                       f'text-anchor="middle" dominant-baseline="central">{mark}</text>')
            if i == 0:
                out.append(f'<text x="{x + cell / 2}" y="30" font-size="12" text-anchor="middle">{w}</text>')
    width, height = 310, 40 + 7 * cell + 40
    out.append(f'<text x="{34 + 3.5 * cell}" y="14" font-size="12" text-anchor="middle">width</text>')
    out.append('<text x="18" y="30" font-size="12" text-anchor="middle">h</text>')
    out.append(f'<text x="8" y="{height - 14}" font-size="12">'
               'F: the first player wins; S: the second; ?: not solved</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'font-family="sans-serif"><rect width="100%" height="100%" fill="white"/>' + "".join(out) + "</svg>")


display(SVG(who_wins_svg(crawler.WHO_WINS)))

# %% [markdown]
# A pattern shows at once. Colour each lattice by whether its width and height are even or
# odd:

# %%
def kind(width: int, height: int) -> str:
    odd = width % 2 + height % 2
    return {0: "both even", 1: "one even, one odd", 2: "both odd"}[odd]


by_kind: dict[str, Counter] = {}
for (width, height), winner in crawler.WHO_WINS.items():
    by_kind.setdefault(kind(width, height), Counter())[winner] += 1
for name, counts in by_kind.items():
    print(f"{name:18} {dict(counts)}")
assert set(by_kind["one even, one odd"]) == {"first"}
assert set(by_kind["both odd"]) == {"second"}
even_second = sorted(board for board, winner in crawler.WHO_WINS.items()
                     if kind(*board) == "both even" and winner == "second")
print("both even, the second player wins on:", ", ".join(f"{w} x {h}" for w, h in even_second))
assert set(by_kind["both even"]) == {"first", "second"}
assert {(2, 2), (4, 4), (6, 6)} <= set(even_second)

# %% [markdown]
# - **One side even and the other odd**: the first player wins on every one of them. This
#   we can prove, below, for every size.
# - **Both sides odd**: the second player wins on every one in the table. This is what the
#   solver found; the course knows no short reason.
# - **Both even**: it depends. The second player wins on the squares 2 × 2, 4 × 4 and
#   6 × 6, and on the others printed above; the first on the rest.
#
# ### The mirror plan
#
# Turn the lattice half round about its middle: the point (x, y) goes to
# (w − 1 − x, h − 1 − y). When one side is even and the other odd, the middle of the
# lattice is the middle of a **segment** (on 6 × 5, the middle is (2.5, 2), the middle of
# (2,2)–(3,2)). The first player's plan:
#
# 1. draw the middle segment: the line is its own mirror image;
# 2. afterwards, close the line if you can;
# 3. else answer the opponent's new point by its mirror image, drawn at the other end.
#
# **Why it wins.** After each answer the line is its own mirror image, and its two ends
# are a, the point the opponent drew last, and its image a′. Could the opponent now close
# the line?
#
# - Whatever he could do at a′, he could do in mirror image at a: the line looks the same
#   from both ends. So look at a.
# - Closing at a means: a point next to a, other than the one just before a, lies on the
#   line. That point is not a′: a segment from a to a′ would have its middle at the middle
#   of the lattice, and the only such segment is the first one, whose points are not new.
# - So that point was on the line already when the opponent drew a. Then the first player
#   could have closed the line from a onto it, and the plan closes whenever it can.
#
# So the opponent can never close (right after the first segment there is nothing to
# close onto either). The mirror answer is always possible: if its point were on the line
# already, that move would close the line, and the plan would have closed instead. Since
# the game cannot be drawn, the first player wins.
#
# On a lattice with both sides odd the middle is a lattice point, and with both even it is
# the middle of a little square: no segment has its middle there, and the plan cannot
# start.
#
# Our own version of the plan, beside the library's `crawler.symmetry_strategy`:

# %%
def mirror(rules, point: Coord) -> Coord:
    """The point's image under the half turn about the middle of the lattice."""
    return Coord(rules.width - 1 - point.x, rules.height - 1 - point.y)


def mirror_plan(rules, state):
    """The first player's move by the mirror plan."""
    if not state.line:
        return next((a, b) for a, b in rules.all_segments if mirror(rules, a) == b)
    closing = rules.closing_moves(state)
    if closing:
        return closing[0]
    for move in rules.legal_moves(state):  # the move that makes the line its own mirror image
        after = rules.next_state(state, move)
        if [mirror(rules, p) for p in after.line] == list(reversed(after.line)):
            return move
    raise AssertionError(f"no mirror answer in {state}")


assert mirror_plan(rules, rules.initial_state()) == crawler.SOURCE_OPENING

# %% [markdown]
# ### Checked against every reply
#
# A proof is good; a check is better still, and cheap. We let the plan play against
# **every** possible reply: at the first player's turns the plan moves, at the second
# player's we try each legal move in turn, down to the end of every game. The plan must
# win all of them.

# %%
def against_every_reply(rules, plan) -> Counter:
    """Every game of ``plan`` (moving first) against all the opponent's moves: how many each player won."""
    wins: Counter = Counter()

    def follow(state):
        if state.closed:
            wins[rules.winner(state)] += 1
        elif state.turn == 0:
            follow(rules.next_state(state, plan(rules, state)))
        else:
            for move in rules.legal_moves(state):
                follow(rules.next_state(state, move))

    follow(rules.initial_state())
    return wins


library_plan = crawler.symmetry_strategy()
for width, height in [(3, 2), (5, 2), (4, 3), (6, 3), (5, 4), (6, 5)]:
    lattice = crawler.Crawler(width, height)
    ours = against_every_reply(lattice, mirror_plan)
    assert set(ours) == {0}  # the first player won every game
    if width * height <= 20:
        assert against_every_reply(lattice, library_plan) == ours
    print(f"{width} x {height}: the mirror plan wins all {ours[0]:,} games")

# %% [markdown]
# On C's 6 × 5 that is every game the opponent can choose, and the plan wins them all.
# C's computer, moving first, does not know the plan, but it opens with the same middle
# segment and its exact search finds a win after every reply, which is why it won every
# game above.
#
# ### Where no plan is known
#
# On a lattice with both sides odd, or both even, the table is the solver's alone. The
# smallest cases can be seen by hand. On 2 × 2 every game lasts exactly four moves: the
# first three segments cannot close anything, and the fourth must, so the second player
# always wins, whatever anyone does:

# %%
def game_lengths(rules) -> Counter:
    """How many games (all moves of both players) end after each number of moves."""
    lengths: Counter = Counter()

    def follow(state):
        if state.closed:
            lengths[state.moves_made] += 1
        else:
            for move in rules.legal_moves(state):
                follow(rules.next_state(state, move))

    follow(rules.initial_state())
    return lengths


print(dict(game_lengths(crawler.Crawler(2, 2))))
assert set(game_lengths(crawler.Crawler(2, 2))) == {4}

# %% [markdown]
# On 3 × 3 the second player wins too, but not in every game; the solver shows his
# winning answers to each first segment. Up to the lattice's symmetries there are only two
# first segments: one from a corner to the middle of an edge, and one from the middle of
# an edge to the centre.

# %%
three = crawler.Crawler(3, 3)
assert len({three.canonical(three.position([segment])) for segment in three.all_segments}) == 2
answers = []
for opening in [(Coord(0, 0), Coord(1, 0)), (Coord(1, 0), Coord(1, 1))]:
    state = three.position([opening])
    solution = crawler.search(three, state)
    assert solution.outcome == "win"  # for the second player, to move
    answer = solution.best_moves[0]
    answers.append((three, three.next_state(state, answer).segments(),
                    f"{crawler.segment_text(opening)}, then {crawler.segment_text(answer)}"))
    print(f"after {crawler.segment_text(opening)} the second player wins with: "
          + " ".join(crawler.segment_text(m) for m in crawler.winning_moves(three, state, solution)))
display(SVG(lattices_svg(answers)))
centre_opening = three.position([(Coord(1, 0), Coord(1, 1))])
for opening in (centre_opening, three.position([(Coord(0, 0), Coord(1, 0))])):
    assert len(crawler.winning_moves(three, opening, crawler.search(three, opening))) == len(three.legal_moves(opening))

# %% [markdown]
# After either first segment, **every** answer wins for the second player: the solver
# lists all three answers to 0,0-1,0 as winning, as it does all the answers to the
# segment to the centre. Each picture shows the opening and the first of the second
# player's winning answers.
#
# Finding a plan for the second player on the odd lattices, or a rule for the even ones,
# is an open exercise: the table above is where to test a guess.
#
# ## Play against C's computer
#
# The board below plays C's van Emden method on C's lattice; after each of its moves it
# says which rule decided and how many positions it examined. Click a point, then a
# neighbour, for the first segment; later, click the new point next to an end (the points
# you may click are ringed). You move first: the mirror plan wins. Hints write W beside
# each point whose segment closes the line; Undo takes your move back; the First and
# Second lists change who plays each side. On the static site it is a picture of its
# first state; open the lesson in Jupyter to play.

# %%
crawler.CrawlerBoard(computer="source")

# %% [markdown]
#
# ## Exercises
#
# Each exercise that asks for code has a **self-check** cell below it. Write your answer in a
# new cell just above the check (use the names the exercise gives), run your cell, then run
# the check: it tries your code and says what is wrong, or prints "all N cases pass". A
# **worked answer** is folded under each exercise: try first, then open it to compare.
#
# 1. **C's order.** Write `van_emden_tail(rules, state)`: `van_emden` with the tail's moves
#    tried before the head's at every level (each end's moves still left, right, down,
#    up). Which move does it choose after C's opening on 6 × 5, by which rule, and how
#    many positions does it examine? Keep the answer as `tail_choice`, the triple it
#    returns. Why can the count change when the position is lost whatever the order?
#
#    <details><summary>Answer</summary>
#
#    Give `van_emden`'s `tried` an order: the moves whose end is not the head first.
#
#    ```python
#    def tail_first(rules, state) -> list:
#        """rules.legal_moves, the tail's moves before the head's (the first move: unchanged)."""
#        moves = list(rules.legal_moves(state))
#        if not state.line:
#            return moves
#        head = state.line[0]
#        return [m for m in moves if m[0] != head] + [m for m in moves if m[0] == head]
#
#
#    def van_emden_tail(rules, state):
#        examined = 0
#
#        def tried(state):
#            nonlocal examined
#            for move in tail_first(rules, state):
#                examined += 1
#                yield move, rules.next_state(state, move)
#
#        def can_close(state) -> bool:
#            return any(after.closed for _, after in tried(state))
#
#        def winning_move(state):
#            for move, after in tried(state):
#                if after.closed:
#                    return move
#            for move, after in tried(state):
#                if winning_move(after) is None:
#                    return move
#            return None
#
#        for move, after in tried(state):
#            if after.closed:
#                return move, "close", examined
#        move = winning_move(state)
#        if move is not None:
#            return move, "win", examined
#        for move, after in tried(state):
#            if not can_close(after):
#                return move, "safe", examined
#        examined += 1
#        return tail_first(rules, state)[0], "any", examined
#
#
#    tail_choice = van_emden_tail(rules, opened)
#    head_choice = van_emden(rules, opened)
#    print(f"tail first: {crawler.segment_text(tail_choice[0])} by '{tail_choice[1]}', {tail_choice[2]:,} positions")
#    print(f"head first: {crawler.segment_text(head_choice[0])} by '{head_choice[1]}', {head_choice[2]:,} positions")
#    ```
#
#    Rule 3 still decides (the position is lost, whatever the order), but now it takes the
#    first safe move at the tail, 3,2-4,2, after examining 294,949 positions instead of
#    337,450. A lost position is searched to the end, yet not every position below it is:
#    inside the tree the search stops at the first closing move and at the first winning
#    move it proves, and which one comes first depends on the order.
#
#    </details>

# %%
def check_tail_choice(tail_choice) -> None:
    """C's player with the tail's moves first, after C's opening: move, rule and count, recomputed."""
    def in_order(state) -> list:
        moves = rules.legal_moves(state)
        return [m for m in moves if m[0] != state.line[0]] + [m for m in moves if m[0] == state.line[0]]

    def win_cost(state, examined: int):
        """(a winning move or None, the positions examined so far) by C's winMove in the tail-first order."""
        moves = in_order(state)
        afters = [rules.next_state(state, m) for m in moves]
        for count, after in enumerate(afters, 1):
            if after.closed:
                return moves[count - 1], examined + count
        examined += len(moves)
        for count, after in enumerate(afters, 1):
            found, examined = win_cost(after, examined)
            if found is None:
                return moves[count - 1], examined + count
        return None, examined + len(moves)

    def close_cost(state) -> int:
        """Positions C's loseMove makes: up to the first closing move, or all of them."""
        closes = [rules.next_state(state, m).closed for m in in_order(state)]
        return closes.index(True) + 1 if True in closes else len(closes)

    found, examined = win_cost(opened, len(rules.legal_moves(opened)))  # rule 1 tried every move first
    assert found is None, "after C's opening the second player has no winning move, whatever the order"
    move, rule, count = tail_choice
    assert rule == "safe", f"rule 3 ('safe') decides, not {rule!r}"
    moves = in_order(opened)
    safe = next(m for m in moves if not rules.closing_moves(rules.next_state(opened, m)))
    assert move == safe, (f"the first safe move at the tail is {crawler.segment_text(safe)}, "
                          f"not {crawler.segment_text(move)}")
    want = examined + sum(1 + close_cost(rules.next_state(opened, m)) for m in moves[:moves.index(safe) + 1])
    assert count == want, f"C's player examines {want:,} positions in the tail-first order, not {count:,}"
    print(f"{crawler.segment_text(move)} by rule 'safe' after {count:,} positions: all 3 cases pass")


if "tail_choice" in globals():
    check_tail_choice(tail_choice)
else:
    print("write tail_choice above, then run this")
# %% [markdown]
# 2. **A memory for C.** C's search keeps no table: a position reached in two ways is
#    searched twice. Write `memo_van_emden(rules, state)`, returning (move, rule, positions
#    examined) as `van_emden` does, whose rule 2 remembers, in a dictionary keyed by
#    `rules.canonical(state)`, whether each position it has decided is won for the player
#    to move. It must make C's choices (the same move by the same rule). How many times
#    fewer positions does it examine after C's opening?
#
#    <details><summary>Answer</summary>
#
#    Only rule 2 changes: `wins(state)` is C's "has a winning move", looked up before it is
#    worked out. The winning move at the top is the first move after which the opponent
#    does not win, as in C's `winMove`.
#
#    ```python
#    def memo_van_emden(rules, state):
#        examined, known = 0, {}
#
#        def tried(state):
#            nonlocal examined
#            for move in rules.legal_moves(state):
#                examined += 1
#                yield move, rules.next_state(state, move)
#
#        def wins(state) -> bool:
#            key = rules.canonical(state)
#            if key not in known:
#                known[key] = (any(after.closed for _, after in tried(state))
#                              or any(not wins(after) for _, after in tried(state)))
#            return known[key]
#
#        for move, after in tried(state):  # rule 1
#            if after.closed:
#                return move, "close", examined
#        for move, after in tried(state):  # rule 2
#            if not wins(after):
#                return move, "win", examined
#        for move, after in tried(state):  # rule 3
#            if not any(later.closed for _, later in tried(after)):
#                return move, "safe", examined
#        examined += 1  # rule 4
#        return rules.legal_moves(state)[0], "any", examined
#
#
#    move, rule, examined = memo_van_emden(rules, opened)
#    print(f"{crawler.segment_text(move)} by '{rule}' after {examined:,} positions; "
#          f"without a memory {van_emden(rules, opened)[2]:,}")
#    ```
#
#    The same move, 2,2-1,2, by rule 3, after 7,192 positions instead of 337,450: about 47
#    times fewer. (Rule 2 at the top skips C's first look for a closing move, which rule 1
#    has just made: 6 positions fewer for that alone.) The table of exact solving does the
#    same; the search of lesson 08 adds alpha-beta and a move order.
#
#    </details>

# %%
def check_memo(memo_van_emden) -> None:
    """C's choices on every 4 x 3 position after two segments and along the random game; fewer positions."""
    cases = 0
    for lattice, states in ((four_three, [four_three.next_state(four_three.next_state(empty, a), b)
                                          for a in four_three.legal_moves(empty)
                                          for b in four_three.legal_moves(four_three.next_state(empty, a))]),
                            (rules, [step.state for step in record.moves[:-1]] + [opened])):
        for state in states:
            library = crawler.source_choice(lattice, state)
            move, rule, examined = memo_van_emden(lattice, state)
            assert (move, rule) == (library.move, library.rule), (
                f"{state}: C plays {crawler.segment_text(library.move)} by {library.rule!r}, "
                f"not {crawler.segment_text(move)} by {rule!r}")
            assert examined <= library.positions, (
                f"{state}: {examined:,} positions, more than C's {library.positions:,}")
            cases += 1
    fewer = crawler.source_choice(rules, opened).positions / memo_van_emden(rules, opened)[2]
    assert fewer > 10, f"after C's opening only {fewer:.1f} times fewer positions: is the memory used?"
    print(f"all {cases} cases pass; after C's opening {fewer:.0f} times fewer positions")


if "memo_van_emden" in globals():
    check_memo(memo_van_emden)
else:
    print("write memo_van_emden above, then run this")

# %% [markdown]
# 3. **A guess to test.** The second player wins on the squares 2 × 2, 4 × 4 and 6 × 6,
#    where both sides are even. Guess: "on every lattice with both sides even the second
#    player wins." Test it on the thinnest lattices: solve n × 2 for n from 2 to 10 with
#    `crawler.who_wins`, as a dictionary `thin_winners` from n to `"first"` or `"second"`, and name
#    a counterexample `even_first`, a lattice (width, height) with both sides even where
#    the first player wins.
#
#    <details><summary>Answer</summary>
#
#    ```python
#    thin_winners = {n: crawler.who_wins(n, 2).winner for n in range(2, 11)}
#    print(thin_winners)
#    even_first = (4, 2)
#    print(crawler.who_wins(*even_first))
#    ```
#
#    The guess fails at once: on n × 2 the second player wins only on 2 × 2, and the first
#    player wins on 4 × 2, 6 × 2, 8 × 2 and 10 × 2, although both sides are even. (On the
#    odd n the mirror plan explains the first player's win.) A pattern seen on three
#    squares says little about the other lattices: the table of the lesson has more
#    counterexamples, like 6 × 4. On 4 × 2 the first player cannot even go wrong: every
#    first segment wins (the solver lists all ten).
#
#    </details>

# %%
def check_thin(thin_winners, even_first) -> None:
    """Every n x 2 against the solver, and the counterexample."""
    for n in range(2, 11):
        want = crawler.who_wins(n, 2).winner
        assert thin_winners.get(n) == want, f"on {n} x 2 the {want} player wins, not {thin_winners.get(n)!r}"
    width, height = even_first
    assert width % 2 == 0 and height % 2 == 0, f"{width} x {height}: both sides must be even"
    found = crawler.who_wins(width, height)
    assert found is not None and found.winner == "first", f"on {width} x {height} the first player does not win"
    print("all 10 cases pass")


if "thin_winners" in globals() and "even_first" in globals():
    check_thin(thin_winners, even_first)
else:
    print("write thin_winners and even_first above, then run this")

# %% [markdown]
# 4. **The mirror plan on other lattices.** Run `against_every_reply` with `mirror_plan`
#    on 7 × 4 and 8 × 3, and keep the number of games as a dictionary `mirror_games` from
#    (width, height) to the count; the plan must win every one. Then try `mirror_plan` on
#    the empty 5 × 5 lattice: what happens, and why?
#
#    <details><summary>Answer</summary>
#
#    ```python
#    mirror_games = {}
#    for width, height in [(7, 4), (8, 3)]:
#        wins = against_every_reply(crawler.Crawler(width, height), mirror_plan)
#        assert set(wins) == {0}  # the first player won every game
#        mirror_games[width, height] = wins[0]
#    print(mirror_games)
#    try:
#        mirror_plan(crawler.Crawler(5, 5), crawler.Crawler(5, 5).initial_state())
#    except StopIteration:
#        print("on 5 x 5 there is no segment to start with")
#    ```
#
#    The plan wins all 22,984 games on 7 × 4 and all 5,288 on 8 × 3. On 5 × 5 it cannot
#    even start: the middle of the lattice is the point (2, 2), no segment is its own
#    mirror image, and `next` finds nothing (it raises `StopIteration`). The proof needs a
#    middle segment, and a lattice with both sides odd has none.
#
#    </details>

# %%
def check_mirror_games(mirror_games) -> None:
    """The plan against every reply, counted again."""
    for width, height in [(7, 4), (8, 3)]:
        wins = against_every_reply(crawler.Crawler(width, height), mirror_plan)
        assert set(wins) == {0}
        assert mirror_games.get((width, height)) == wins[0], (
            f"{width} x {height}: the plan wins {wins[0]:,} games, not {mirror_games.get((width, height))}")
    print("all 2 cases pass")


if "mirror_games" in globals():
    check_mirror_games(mirror_games)
else:
    print("write mirror_games above, then run this")

# %% [markdown]
# 5. **How long can a game last?** Count every game on 3 × 3 by its length with
#    `game_lengths`, as `lengths_3x3`. What are the shortest and the longest games? A game
#    of odd length is won by the first player (he draws segments 1, 3, 5, ...): count the
#    games he wins, as `first_wins_3x3`. Does that agree with the solver, which says the
#    second player wins on 3 × 3? Can a game on any lattice last the full w · h moves?
#
#    <details><summary>Answer</summary>
#
#    ```python
#    lengths_3x3 = game_lengths(crawler.Crawler(3, 3))
#    print(sorted(lengths_3x3.items()))
#    first_wins_3x3 = sum(count for length, count in lengths_3x3.items() if length % 2 == 1)
#    print(f"the first player wins {first_wins_3x3:,} of {sum(lengths_3x3.values()):,} games")
#    ```
#
#    The shortest games last 4 moves (the smallest closed line is a unit square), the
#    longest 9 = 3 · 3. The first player wins 18,432 of the 40,192 games, nearly half,
#    and all the longest ones; the solver is not contradicted: it says who wins with
#    **best** play, and most of these games are full of mistakes. Counting games is not
#    the same as playing well.
#
#    Every lattice has games of w · h moves: draw a line that snakes row by row through
#    every point (w · h − 1 moves, none closes); the next move must close, since every
#    point is on the line.
#
#    </details>

# %%
def check_lengths(lengths_3x3, first_wins_3x3) -> None:
    want = game_lengths(crawler.Crawler(3, 3))
    assert dict(lengths_3x3) == dict(want), f"the games of 3 x 3 by length are {sorted(want.items())}"
    odd = sum(count for length, count in want.items() if length % 2)
    assert first_wins_3x3 == odd, f"the first player wins {odd:,} games, not {first_wins_3x3:,}"
    assert (min(want), max(want)) == (4, 9)
    print("all 3 cases pass")


if "lengths_3x3" in globals() and "first_wins_3x3" in globals():
    check_lengths(lengths_3x3, first_wins_3x3)
else:
    print("write lengths_3x3 and first_wins_3x3 above, then run this")

# %% [markdown]
# 6. **Beat C's computer.** On the board above, moving first, open with (2,2)–(3,2) and
#    answer every move by its mirror image. Do you win every game? Then give the board
#    `human=2`: C's computer opens with the same segment. Can you ever win?
#
#    <details><summary>Answer</summary>
#
#    Moving first with the mirror plan you win every game: the plan wins against every
#    reply (checked above on 6 × 5), and C's computer is one of the repliers. Moving
#    second you can never win: C's opening leaves you a lost position, and rule 2 finds a
#    winning move after each of your moves (see "C's computer moving first cannot lose").
#    All you can do is make the game long.
#
#    </details>
