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
# # 04 Three players
#
# The article's games G1.5 to G1.8 are the four one-way pieces again, with **three**
# players moving the one piece in turn; whoever makes the last move wins. It sounds like
# a small change. It is not: with three players, "the first player has a winning
# strategy" usually means nothing, because two players can gang up on the third. In this
# lesson we see why, fix a bug the article's program would have with three players, sort
# the cells into J. Propp's four classes, watch coalitions decide a game, and let
# strategies play each other.

# %%
import itertools
import random
from collections import Counter
from functools import cache

from IPython.display import SVG, display

from coursekit import Coord, Grid, Player, play
from coursekit.core.engine import random_strategy
from coursekit.games.pieces import PIECES, OneWayKing, PieceState
from coursekit.solvers import perfect_strategy
from coursekit.solvers.propp import ProppSolver, propp_strategy, propp_table, spoiler_strategy
from coursekit.views.svg import grid_svg
from coursekit.views.tables import class_counts, propp_svg

# %% [markdown]
# ## Three players move one piece
#
# Every rules class takes the number of players: `num_players=3`. The players move in the
# order 0, 1, 2, 0, 1, 2, …, and the state says whose turn it is. Here is a game of the
# one-way king with three random players:

# %%
king3 = OneWayKing(Grid(5, 5), num_players=3)
rng = random.Random(4)
record = play(king3, [Player(name, random_strategy(rng)) for name in ("P0", "P1", "P2")])
print(record)

# %%
assert [step.player for step in record.steps] == [k % 3 for k in range(len(record))]
assert record.winner == record.steps[-1].player  # the last mover wins
record

# %% [markdown]
# ## The article's program with three players
#
# The article prepares its engine for a third player (a commented-out `case 2:` in
# `game1nextMove`), but its bookkeeping is made for two. Each `Player` object keeps its own
# copy of the king's cell; after player `id` moves, the new cell is copied to player
# `inx = (id + n - 1) % n`, the player who moved **before** `id`. With two players that is
# also the player who moves next. With three it is not: the next player never hears of
# the move and plays from an old cell. A tiny model of that loop, for players who always
# step one cell left:

# %%
def article_loop(start: Coord, players: int, moves: int) -> list[tuple[int, Coord, Coord]]:
    """(player, from, to) for each move, with the article's copy to the previous player."""
    cell = [start] * players  # each player's own copy of the king's cell
    played = []
    for k in range(moves):
        me = k % players
        before = cell[me]
        cell[me] = before + (-1, 0)  # my move, from my copy
        cell[(me + players - 1) % players] = cell[me]  # "inform" the player who moved before me
        played.append((me, before, cell[me]))
    return played


for me, before, after in article_loop(Coord(8, 0), players=3, moves=6):
    print(f"player {me}: {before} -> {after}")

# %% [markdown]
# Every player moves from the cell of **two** moves ago, as if the last move had not been
# made: player 1 moves from the start cell, and the king visits (7, 0), (6, 0) and (5, 0)
# twice each. With two players the same loop is right:

# %%
assert [after for _, _, after in article_loop(Coord(8, 0), players=2, moves=4)] == [(7, 0), (6, 0), (5, 0), (4, 0)]
assert [before for _, before, _ in article_loop(Coord(8, 0), players=3, moves=3)] == [(8, 0), (8, 0), (7, 0)]

# %% [markdown]
# coursekit has no such copies: the one cell of the king is in the **state**, and every
# player is shown the same state. The same three "step left" players in coursekit:

# %%
def step_left(rules, state: PieceState) -> Coord:
    return state.at + (-1, 0)


row3 = OneWayKing(Grid(9, 1), num_players=3)
walk = play(row3, [Player(f"P{k}", step_left) for k in range(3)])
assert [s.at.x for s in walk.states] == list(range(8, -1, -1))
print(walk)

# %% [markdown]
# ## Why "winning strategy" stops making sense
#
# With two players every position is won by one of them: the player to move (N) or the
# other one (P). With three, take the king on a 3 × 2 board, on its top-right cell (2, 1),
# with players A (to move), B and C. A has three moves:
#
# - to (1, 1) or to (1, 0): then B moves the king to (0, 0) and **B** wins;
# - to (2, 0): then B must go to (1, 0), and C moves to (0, 0): **C** wins.
#
# A cannot win at all. But A decides who does: B cannot win alone (A can send the king to
# (2, 0)) and neither can C. Whoever A helps wins. Both plays, with A choosing the move
# that helps its ally:

# %%
tiny = OneWayKing(Grid(3, 2), num_players=3)


def plays_to(cell: Coord):
    """A player who moves to cell when it can, else to the first legal move."""
    def choose(rules, state):
        moves = rules.legal_moves(state)
        return cell if cell in moves else moves[0]
    return choose


first = Player("B", plays_to(Coord(0, 0)))
last = Player("C", plays_to(Coord(0, 0)))
helps_b = play(tiny, [Player("A", plays_to(Coord(1, 0))), first, last])
helps_c = play(tiny, [Player("A", plays_to(Coord(2, 0))), first, last])
for record in (helps_b, helps_c):
    print(" -> ".join(str(s.at) for s in record.states), " winner:", record.players[record.winner])
assert (helps_b.winner, helps_c.winner) == (1, 2)

# %% [markdown]
# ## Propp's classes
#
# J. Propp ("Three-player impartial games", 1999) asks a question that *does* have an
# answer: can one player win **alone**, whatever the other two do? Name the players by
# their place at the position: **N**ext (to move), the **O**ther (who moves after him) and
# **P**revious (who just moved). Working back from the end, as in lessons 01 and 03:
#
# - a cell with no move is **P**: Previous made the last move and has won;
# - **N** if some move leads to a P cell (Next moves there and becomes Previous);
# - **O** if every move leads to an N cell (whatever Next does, the Other is then to move,
#   and wins alone);
# - **P** if every move leads to an O cell (after any move, Previous is the Other);
# - **Q** ("queer") otherwise: no one can win alone.
#
# The 3 × 2 corner above is a Q cell. The rules translate into a few lines:

# %%
def propp_classes(piece: str, grid: Grid) -> dict[Coord, str]:
    """Propp's class of every free cell, by retrograde analysis in order of x + y."""
    rules = PIECES[piece](grid, num_players=3)
    found: dict[Coord, str] = {}
    for cell in sorted(grid.free_cells(), key=lambda c: c.x + c.y):
        after = {found[option] for option in rules.options(cell)}
        if "P" in after:
            found[cell] = "N"
        elif after <= {"O"}:  # no move at all, or every move to an O cell
            found[cell] = "P"
        elif after == {"N"}:
            found[cell] = "O"
        else:
            found[cell] = "Q"
    return found


assert propp_classes("king", Grid(3, 2))[Coord(2, 1)] == "Q"
print(propp_table("king", Grid(3, 2)).picture())

# %% [markdown]
# The library's `propp_table(piece, grid)` does the same in one sweep, and
# `ProppSolver(rules)` classifies the positions of any impartial game. They agree with our
# function, with and without blocked cells:

# %%
blocked = Grid(9, 8).with_random_blocked(15, random.Random(5), keep=[Coord(8, 7), Coord(0, 0)])
for piece in PIECES:
    for grid in (Grid(9, 8), blocked):
        ours = propp_classes(piece, grid)
        assert ours == propp_table(piece, grid).as_dict()
        solver = ProppSolver(PIECES[piece](grid, num_players=3))
        assert all(solver.classify(c) == cls for c, cls in ours.items())

# %% [markdown]
# Drawn on the board, with a colour for each class: the king on 12 × 12.

# %%
SVG(propp_svg(propp_table("king", Grid(12, 12)), title="one-way king, three players"))

# %% [markdown]
# Along the bottom row the king is a one-pile game and the classes repeat P, N, O: from a
# P cell every move goes to an O cell, which the next player can only pass on. Away from
# the edges almost everything is Q. The same count for each piece on 12 × 12:

# %%
SIZE = Grid(12, 12)
counts = {piece: class_counts(propp_table(piece, SIZE).values, "NOPQ") for piece in PIECES}
print(f"{'piece':8}" + "".join(f"{cls:>6}" for cls in "NOPQ"))
for piece, count in counts.items():
    print(f"{piece:8}" + "".join(f"{count[cls]:6}" for cls in "NOPQ"))
assert all(sum(count.values()) == 144 and count["Q"] > 72 for count in counts.values())

# %%
for piece in ("queen", "rook", "knight"):
    display(SVG(propp_svg(propp_table(piece, SIZE), title=f"one-way {piece}, three players")))

# %% [markdown]
# Of the four starts (the top-right cells) only the queen's is not Q: on the diagonal, the
# queen goes straight to (0, 0). The rook's only P cell is the corner itself.

# %% [markdown]
# ## Q: coalitions decide
#
# In a Q position no one can win alone, so what happens depends on who helps whom. Two
# players against one is a game between two sides, and one side can always force its
# result: either the pair can make sure one of **them** wins, or the third player can
# win alone. Let us solve "can this team force a win for one of its members?" directly.

# %%
def team_can_win(rules, state: PieceState, team: frozenset[int]) -> bool:
    """Whether the players in team, playing together, can make sure one of them wins."""
    @cache
    def solve(state: PieceState) -> bool:
        if rules.is_over(state):
            return rules.winner(state) in team
        results = [solve(rules.apply(state, move)) for move in rules.legal_moves(state)]
        return any(results) if rules.to_move(state) in team else all(results)

    return solve(state)


board6 = OneWayKing(Grid(6, 4), num_players=3)
start = board6.initial_state()
print("class of the start", start.at, "=", propp_table("king", Grid(6, 4))[start.at])
pairs = [frozenset(pair) for pair in itertools.combinations(range(3), 2)]
for pair in pairs:
    print(f"players {sorted(pair)} together can win: {team_can_win(board6, start, pair)}")

# %% [markdown]
# Every pair can win against the third: that is what Q means. For a position where one
# player can win alone, the two others cannot stop him: the pair without him cannot win.
# `ProppSolver.coalition_can_stop(position, player)` says the same:

# %%
solver6 = ProppSolver(board6)
seat = {"N": 0, "O": 1, "P": 2}  # places relative to the player to move, player 0 here
for cell in Grid(6, 4).cells():
    state = PieceState(board6.grid, cell, 0)
    for name, number in seat.items():
        others = frozenset(range(3)) - {number}
        assert team_can_win(board6, state, others) == solver6.coalition_can_stop(cell, name)

# %% [markdown]
# Now two plays from the same Q start. A **coalition player** makes a move that keeps its
# team able to win; the third player plays at random. Which team wins depends only on
# which two players work together:

# %%
def coalition_player(rules, team: frozenset[int], rng: random.Random):
    """A member of team: a move after which the team can still make sure one of them wins."""
    def choose(rules, state):
        moves = rules.legal_moves(state)
        good = [m for m in moves if team_can_win(rules, rules.apply(state, m), team)]
        return rng.choice(good or moves)
    return choose


def coalition_game(rules, team: frozenset[int], seed: int):
    rng = random.Random(seed)
    players = [Player(f"P{k}", coalition_player(rules, team, rng) if k in team else random_strategy(rng))
               for k in range(3)]
    return play(rules, players)


for team in (frozenset({0, 1}), frozenset({1, 2})):
    game = coalition_game(board6, team, seed=1)
    path = " -> ".join(str(s.at) for s in game.states)
    print(f"team {sorted(team)}: {path}  winner: P{game.winner}")
    assert game.winner in team
assert all(coalition_game(board6, pair, seed).winner in pair for pair in pairs for seed in range(20))

# %%
game = coalition_game(board6, frozenset({1, 2}), seed=1)
cells = [s.at for s in game.states]
SVG(grid_svg(board6.grid, texts={c: str(k) for k, c in enumerate(cells)}, highlight=cells,
             pieces={cells[-1]: "K"}, title="players 1 and 2 together against player 0"))

# %% [markdown]
# The pair does not say in advance which of its two members will win; a real alliance
# would have to agree on that, and a member might be tempted to change sides. D. Loeb
# ("Stable winning coalitions", 1996) studies which alliances are stable.

# %% [markdown]
# ## Strategies for three players
#
# Without a winning strategy, we can still compare strategies by measurement. Four
# players:
#
# - **random**: any legal move;
# - **two-player**: the perfect two-player strategy of lesson 02, which moves to a cell
#   that is P *for two players* (it does not know there are three);
# - **propp**: wins alone when Propp's class says it can (moves to a P cell), else random;
# - **spoiler**: like propp, and otherwise never leaves the next player an N cell (where
#   he could win alone) when it can help it: it prefers a Q cell, then an O cell.
#
# Every game seats three different strategies in one of the 24 possible orders, with a
# seeded generator per game, on an open 10 × 10 board from the top-right corner (a Q
# cell for the king, the rook and the knight).

# %%
STRATEGIES = {
    "random": random_strategy,
    "two-player": perfect_strategy,
    "propp": propp_strategy,
    "spoiler": spoiler_strategy,
}


def tournament(rules, seeds: range) -> tuple[Counter, Counter]:
    """Games played and games won by each strategy, over every seating and seed."""
    played, won = Counter(), Counter()
    for seating in itertools.permutations(STRATEGIES, 3):
        for seed in seeds:
            rng = random.Random(seed)
            record = play(rules, [Player(name, STRATEGIES[name](rng)) for name in seating])
            played.update(seating)
            won[seating[record.winner]] += 1
    return played, won


print(f"{'':8}" + "".join(f"{name:>12}" for name in STRATEGIES))
shares = {}
for piece in ("king", "rook", "knight"):
    played, won = tournament(PIECES[piece](Grid(10, 10), num_players=3), range(20))
    shares[piece] = {name: won[name] / played[name] for name in STRATEGIES}
    print(f"{piece:8}" + "".join(f"{won[name]:5} / {played[name]:4}" for name in STRATEGIES))

# %% [markdown]
# Each strategy plays 360 of the 480 games of a piece; a strategy that wins its fair share
# wins a third of them, 120. The spoiler wins most, on every piece: refusing to hand a
# forced win to the next player matters more than anything else here. The two-player
# strategy wins less than its share on every piece, and on the king only half as often
# as the random player: a cell that is P for two players means nothing with three.

# %%
for piece, share in shares.items():
    assert max(share, key=share.get) == "spoiler", piece
    assert share["two-player"] < 1 / 3 < share["spoiler"], piece

# %% [markdown]
# ## Play with three
#
# `PieceBoard(..., players=3)` seats you with two computer players, named by their
# colours; the line above the board says whose turn it is, and the **Hints** button
# writes each cell's class (N, O, P or Q, seen from the player to move). The computer
# players play the spoiler strategy unless you choose another (`computer="propp"`, or a
# pair such as `computer=["random", "spoiler"]`). Below the board, a picture of the
# classes at the start.

# %%
from coursekit.widgets import PieceBoard

PieceBoard("king", 6, 5, players=3, human=1, seed=2)

# %%
SVG(propp_svg(propp_table("king", Grid(6, 5)), pieces={Coord(5, 4): "K"},
              title="three players on 6 x 5: the classes"))

# %% [markdown]
# ## Exercises
#
# 1. **Fix the article.** Change one line of `article_loop` so that it is right for any
#    number of players, and check it against `play` with three and four players.
#
# 2. **The bottom row.** Prove that on the bottom row the king's classes repeat P, N, O.
#    What is the pattern for the rook on the bottom row? For the queen on the diagonal?
#
# 3. **Four players.** Propp's classes generalise: with four players, who can win alone?
#    Write `classes4(piece, grid)` and count the classes on 12 × 12 for each piece.
#
# 4. **A kingmaker.** Find every cell of a 12 × 12 board where the king's player to move
#    cannot win with any help, but decides which of the other two wins (like A at (2, 1)
#    on the 3 × 2 board).
#    <details><summary>Hint</summary>
#    Use `team_can_win` with teams of one player and of two players.
#    </details>
#
# 5. **A better three-player strategy.** Write a strategy that beats the spoiler in the
#    tournament above. Measure it over at least 20 seeds and every seating.
#
# 6. **Blocked cells.** How do the counts of the four classes change on a 12 × 12 board
#    with 10 %, 20 % and 30 % of the cells blocked? Average over 20 seeded boards.
