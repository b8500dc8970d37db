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
# # 06 Pursuit: Tom and Jerry
#
# In section 6 the article builds a new game from the same four classes as the one-way
# king: **pursuit** (its game G2.3). Two pieces stand on a grid. Tom, the pursuer, wants to
# catch Jerry by stepping onto his cell; Jerry sees Tom and runs. The article gives each a
# simple rule, plays a game in which Tom catches Jerry on the fifth move, and closes
# (section 7, "a project in progress") by asking how both players could do better.
#
# We follow that route: the rules; Tom's and Jerry's rules as the article writes them; a
# chase; a measurement over many starts. Then we *solve* the game by retrograde analysis,
# which tells us the best either side can do from every start, and we use it to grade both
# rules. Finally we change the board: one blocked cell, and then a second pursuer.

# %%
import random
import statistics
from collections import Counter

from IPython.display import SVG

from coursekit import NEXT8, Coord, Grid, Player, PursuitSolver, chebyshev, play, render
from coursekit.games import pursuit

# %% [markdown]
# ## The rules
#
# The article states this game, its G2.3, in two sentences (translated):
#
# > G2.3: [*Pursuit*] The piece *A* pursues the piece *B* on a grid. Each of them can move
# > to the 8 neighbouring cells of the grid. The piece *B* "sees" *A* and wants to "escape"
# > from it.
#
# *Source A (P. Azalov, *From mathematical to computer games*, §5; see
# [Sources](sources.md)). In G2.2 the prey does not see the pursuer and moves at random.*
#
# The article's program fills in the rest. As in all the article's pursuit games:
#
# - the pieces start on distinct cells, drawn at random (with a seeded generator, so the
#   same seed gives the same start);
# - the pursuer moves first, then the prey, in **rounds**; the article numbers the rounds
#   "Move 1", "Move 2", …;
# - each move goes to one of the 8 neighbouring cells, like a chess king; standing still is
#   not allowed;
# - the prey is **caught** when the pursuer stands on its cell (the article's `game2End`:
#   `a == b`), also when the prey steps onto the pursuer.
#
# The article's program loops until the capture. The course adds one rule of its own, so
# that every game ends: a game that is still going after a stated number of rounds
# (`max_moves`, 100 unless we say otherwise) ends as an **escape**. That is not in the
# article.
#
# `pursuit.Pursuit(grid)` are the rules with one pursuer. A state holds the grid, the pursuer's
# cell, the prey's cell, whose turn it is and how many rounds have begun; it draws itself,
# Tom as `T` and Jerry as `J`. The start cells come from a
# [seeded generator](python-primer.md#random).

# %%
rules = pursuit.Pursuit(Grid(8, 8))
state = rules.initial_state(random.Random(1))
state

# %% [markdown]
# The pursuers' side is player 0 and moves first. Its move is a tuple with one cell per
# pursuer (here one); the prey's move is a cell. The rules list the legal moves and say why
# a move is not one.

# %%
print(state.pursuers, state.prey, "player to move:", rules.to_move(state))
print([str(m[0]) for m in rules.legal_moves(state)])
print(rules.why_illegal(state, (state.pursuers[0] + (2, 0),)))

# %%
after = rules.apply(state, rules.legal_moves(state)[0])
assert rules.to_move(after) == 1 and after.moves == 1
assert len(rules.legal_moves(after)) == len(pursuit.steps_from(rules.grid, state.prey))

# %% [markdown]
# ## Tom's rule
#
# The article states both strategies with its distance `dist` (the Chebyshev distance of
# lesson 05): Tom moves from A to a neighbour A' with
#
# $$\operatorname{dist}(A', B) < \operatorname{dist}(A, B),$$
#
# and Jerry from B to a neighbour B' with
#
# $$\operatorname{dist}(A, B') \ge \operatorname{dist}(A, B),$$
#
# "if that is possible". Its program for Tom, with the comments of the listing left out:
#
# ```cpp
# void GameAlg::game2P0nextMove (Game& game)
# {
#     Coord a = game.getPlayers()[0].getCurrPos();
#     Coord b = game.getPlayers()[1].getCurrPos();
#
#     int dx, dy;
#     dx = b.x - a.x;
#     dy = b.y - a.y;
#     a.x = a.x + ((dx == 0)? 0 : dx/abs(dx));
#     a.y = a.y + ((dy == 0)? 0 : dy/abs(dy));
#     game.getPlayers()[0].setCurrPos(a);
# }
# ```
#
# *Figure 14 of source A (P. Azalov, *From mathematical to computer games*; see [Sources](sources.md)): the function
# that defines Tom's strategy.*
#
# Tom steps towards Jerry: by the *sign* of the difference in each coordinate. It is the same step as the article's shortest path `minPath` of lesson 05:
# diagonally while Jerry is off Tom's row and column, then straight. The last line checks
# it against the library for every pair of cells with one
# [`all`](python-primer.md#all-any).

# %%
def sign(n: int) -> int:
    return (n > 0) - (n < 0)


def tom(tom_cell: Coord, jerry_cell: Coord) -> Coord:
    """Tom's next cell on an open grid: one step by the sign of dx and dy."""
    return Coord(tom_cell.x + sign(jerry_cell.x - tom_cell.x), tom_cell.y + sign(jerry_cell.y - tom_cell.y))


assert tom(Coord(0, 0), Coord(3, 1)) == Coord(1, 1)
assert tom(Coord(5, 2), Coord(5, 7)) == Coord(5, 3)
open_grid = Grid(8, 8)
assert all(tom(t, j) == pursuit.tom_step(open_grid, t, j)
           for t in open_grid.cells() for j in open_grid.cells() if t != j)

# %% [markdown]
# Each step shortens the Chebyshev distance to Jerry by exactly one, the most a king step
# can do. The picture shows Tom's step from every cell, with Jerry fixed on (5, 2):

# %%
ARROWS = {(1, 0): "→", (1, -1): "↘", (0, -1): "↓", (-1, -1): "↙", (-1, 0): "←", (-1, 1): "↖", (0, 1): "↑", (1, 1): "↗"}


def step_arrow(here: Coord, there: Coord) -> str:
    return ARROWS[(there.x - here.x, there.y - here.y)]


jerry_at = Coord(5, 2)
assert all(chebyshev(tom(t, jerry_at), jerry_at) == chebyshev(t, jerry_at) - 1
           for t in open_grid.cells() if t != jerry_at)
SVG(render.svg.grid_svg(open_grid, pieces={jerry_at: "J"},
                       texts={t: step_arrow(t, tom(t, jerry_at)) for t in open_grid.cells() if t != jerry_at},
                       title="Tom's step from each cell, Jerry on [5, 2]"))

# %% [markdown]
# ## Jerry's rule
#
# The article's program for Jerry:
#
# ```cpp
# void GameAlg::game2P1nextMove (Game& game)
# {
#     Coord c;
#     Coord a = game.getPlayers()[0].getCurrPos();
#     Coord b = game.getPlayers()[1].getCurrPos();
#     Grid grid = game.getGrid();
#
#     int d;
#     int inx = 0;
#     double max_dist = -1;
#     for (int i=0; i<N8; i++)
#     {
#         c.x = b.x + NEXT8[i][0];
#         c.y = b.y + NEXT8[i][1];
#         if (!grid.inSide(c)) continue;
#
#         d = max(abs(c.x - a.x), abs(c.y - a.y));
#         if (max_dist < d)
#         {
#             inx = i;
#             max_dist = d;
#         }
#     }
#     c.x = b.x + NEXT8[inx][0];
#     c.y = b.y + NEXT8[inx][1];
#
#     game.getPlayers()[1].setCurrPos(c);
# }
# ```
#
# *Figure 15 of source A (P. Azalov, *From mathematical to computer games*; see [Sources](sources.md)): the function
# that defines Jerry's strategy. `NEXT8` is
# `{{1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 1}}`.*
#
# Jerry looks at his neighbouring cells in `NEXT8` order (right, then clockwise) and takes
# the one **farthest** from Tom; of equally far cells, the first (article, Figure 15: the
# comparison `max_dist < d` is strict). The article's text says Jerry wants a cell "not
# nearer than before"; its program takes the farthest cell even when every cell is nearer,
# as in a corner. We follow the program.

# %%
def jerry(grid: Grid, jerry_cell: Coord, tom_cell: Coord) -> Coord:
    """Jerry's next cell: the neighbour farthest from Tom, the first such in NEXT8 order."""
    best, far = jerry_cell, -1
    for step in NEXT8:
        cell = jerry_cell + step
        if cell in grid and chebyshev(cell, tom_cell) > far:
            best, far = cell, chebyshev(cell, tom_cell)
    return best


assert jerry(open_grid, Coord(2, 2), Coord(1, 1)) == Coord(3, 2)  # right comes first in NEXT8
assert jerry(open_grid, Coord(0, 0), Coord(1, 1)) == Coord(1, 0)  # cornered: every step is as near
assert all(jerry(open_grid, j, t) == pursuit.jerry_move(open_grid, j, [t])
           for t in open_grid.cells() for j in open_grid.cells() if t != j)

# %%
tom_at = Coord(2, 5)
SVG(render.svg.grid_svg(open_grid, pieces={tom_at: "T"},
                       texts={j: step_arrow(j, jerry(open_grid, j, tom_at)) for j in open_grid.cells() if j != tom_at},
                       title="Jerry's step from each cell, Tom on [2, 5]"))

# %% [markdown]
# Look at the arrows: Jerry runs *right* whenever that is as good as anything else, because
# right is first in `NEXT8`. His rule does not look further than one step, so it happily
# runs towards an edge. Keep that in mind.

# %% [markdown]
# ## A chase in the article's format
#
# `pursuit.VARIANTS["G2.3"]` is the article's game: its rules on a grid, and its two players named
# Tom and Jerry. `play` runs the article's main loop and returns the partia, which prints
# in the article's format and draws the cells each side visited (Tom's red, Jerry's blue).

# %%
G23 = pursuit.VARIANTS["G2.3"]


def chase(rules: pursuit.Pursuit, hunter, prey, seed: int):
    """One game from the start drawn with seed (the prey's random choices, if any, from the same seed)."""
    rng = random.Random(seed)
    return play(rules, [Player("Tom", hunter), Player("Jerry", prey)], rng=rng)


record = chase(G23.rules(Grid(8, 8)), pursuit.tom_strategy(), pursuit.jerry_strategy(), seed=21)
print(record)

# %%
assert record.final.caught and record.final.moves == 5  # caught on the fifth move, as in the article's Figure 17
record

# %% [markdown]
# ## Measured: how fast does Tom catch Jerry?
#
# One game says little. We play 1000 games, one per seed, each from its own random start,
# and count how often Tom catches Jerry and after how many moves. For comparison, the same
# starts with a prey that does not look at Tom and steps at random (the article's G2.2).

# %%
SEEDS = range(1000)


def capture_times(rules: pursuit.Pursuit, make_sides, seeds=SEEDS) -> list[int | None]:
    """The round in which the prey is caught in each seeded game, None for an escape.

    make_sides(rng) returns (pursuers' strategy, prey's strategy), drawing on rng if it must."""
    times = []
    for seed in seeds:
        hunter, prey = make_sides(random.Random(seed))
        final = chase(rules, hunter, prey, seed).final
        times.append(final.moves if final.caught else None)
    return times


def summary(times: list[int | None]) -> str:
    caught = [t for t in times if t is not None]
    mean = f"{statistics.mean(caught):.2f}" if caught else "-"
    return f"caught {len(caught) / len(times):6.1%}, mean capture time {mean}, longest {max(caught, default=0)}"


open_rules = pursuit.Pursuit(Grid(8, 8))
tom_vs_jerry = capture_times(open_rules, lambda rng: (pursuit.tom_strategy(), pursuit.jerry_strategy()))
tom_vs_random = capture_times(open_rules, lambda rng: (pursuit.tom_strategy(), pursuit.random_prey(rng)))
print("Tom vs Jerry:       ", summary(tom_vs_jerry))
print("Tom vs random prey: ", summary(tom_vs_random))
assert None not in tom_vs_jerry and None not in tom_vs_random
assert statistics.mean(tom_vs_random) < statistics.mean(tom_vs_jerry) <= 7
sooner = statistics.mean(tom_vs_jerry) - statistics.mean(tom_vs_random)
print(f"the blind prey is caught {sooner:.2f} moves sooner on average")
assert 1.5 < sooner < 1.8

# %% [markdown]
# Tom catches Jerry every time, never later than move 7, and a blind prey about 1.6 to 1.7
# moves sooner on average. Here is how the capture times spread:

# %%
def bars_svg(counts: dict[str, Counter], title: str, unit: int = 18) -> str:
    """A bar chart: for each capture time, one bar per series (its share of the games; hover for the number)."""
    keys = sorted({k for c in counts.values() for k in c})
    colours = ["#e6550d", "#3182bd", "#31a354", "#756bb1"]
    width, height, top = 40 + len(keys) * (len(counts) * unit + 12), 200, 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 40}" font-family="sans-serif">',
           f'<text x="10" y="16" font-size="13">{title}</text>']
    tallest = max(c[k] / sum(c.values()) for c in counts.values() for k in keys)
    for i, key in enumerate(keys):
        x0 = 30 + i * (len(counts) * unit + 12)
        for s, (name, c) in enumerate(counts.items()):
            share = c[key] / sum(c.values())
            h = share / tallest * (height - top)
            out.append(f'<rect x="{x0 + s * unit}" y="{height - h}" width="{unit - 2}" height="{h}" '
                       f'fill="{colours[s]}"><title>{name}: {share:.1%}</title></rect>')
        out.append(f'<text x="{x0 + len(counts) * unit / 2}" y="{height + 14}" font-size="11" '
                   f'text-anchor="middle">{key}</text>')
    for s, name in enumerate(counts):
        out.append(f'<rect x="{30 + 150 * s}" y="{height + 22}" width="10" height="10" fill="{colours[s]}"/>'
                   f'<text x="{44 + 150 * s}" y="{height + 31}" font-size="11">{name}</text>')
    out.append("</svg>")
    return "".join(out)


SVG(bars_svg({"Tom vs Jerry": Counter(tom_vs_jerry), "Tom vs random prey": Counter(tom_vs_random)},
             "share of 1000 games caught at each move, 8 x 8"))

# %% [markdown]
# Two questions from section 7 are now sharp. **Could Jerry survive longer** with a better
# rule? **Could Tom catch faster** with a better one? To answer them we need the best
# possible play of both sides.

# %% [markdown]
# ## Optimal play by retrograde analysis
#
# A position is the pair (Tom's cell, Jerry's cell), with Tom to move. The game is finite
# (64 × 64 positions on an 8 × 8 grid), so we can value **every** position, working
# backwards from the captures, as we valued beans positions in lesson 01:
#
# - round 1: the positions where Tom can step onto Jerry;
# - round k: the positions, not valued yet, where Tom has a step after which **every** step
#   of Jerry leads to a position valued in an earlier round (or onto Tom).
#
# A position valued in round k is a capture in exactly k moves when Tom hurries and Jerry
# holds out: its **capture time**. Positions never valued are those from which Jerry can
# run forever. Here it is in plain Python, slow but short:

# %%
def capture_time_table(grid: Grid) -> dict[tuple[Coord, Coord], int]:
    """Optimal capture time of every (Tom, Jerry) position, Tom to move; missing: Jerry escapes."""
    cells = list(grid.free_cells())
    time = {(c, c): 0 for c in cells}  # caught already (also when Jerry steps onto Tom)
    k = 0
    while True:
        k += 1
        lost = {(t, j) for t in cells for j in cells if (t, j) not in time
                and any(t2 == j or all((t2, j2) in time for j2 in pursuit.steps_from(grid, j))
                        for t2 in pursuit.steps_from(grid, t))}
        if not lost:
            return time
        time.update(dict.fromkeys(lost, k))


small = capture_time_table(Grid(5, 5))
assert small[(Coord(0, 0), Coord(1, 1))] == 1 and small[(Coord(0, 0), Coord(4, 4))] == 4
assert len(small) == 25 * 25  # on an open grid Tom catches Jerry from every start

# %% [markdown]
# coursekit's `PursuitSolver` does the same rounds with numpy on whole arrays at once (and
# for two pursuers as well). It agrees with our version on every position, including a
# grid with a blocked cell, where some positions are never valued:

# %%
for grid in (Grid(5, 5), Grid(6, 4), Grid(5, 5, frozenset({Coord(2, 2)}))):
    ours, solver = capture_time_table(grid), PursuitSolver(grid)
    cells = list(grid.free_cells())
    assert all(ours.get((t, j)) == solver.capture_time(t, j) for t in cells for j in cells)
solver = PursuitSolver(Grid(8, 8))
print(solver, f"solved in {solver.seconds * 1000:.1f} ms")

# %% [markdown]
# A heat-map shows the capture times for a **fixed** Tom: each cell is coloured by the
# capture time if Jerry stood there. With Tom in a corner:

# %%
SVG(pursuit.view.capture_time_svg(solver, Coord(0, 0)))

# %% [markdown]
# Wherever Jerry starts (if not next to Tom), he can run to the far side and make Tom walk
# 7 moves. With Tom nearer the middle the board splits into regions: Jerry runs away from
# Tom towards the farther edges.

# %%
SVG(pursuit.view.capture_time_svg(solver, Coord(2, 5)))

# %% [markdown]
# The solver also answers two questions about starts:
#
# - the **worst start** for Tom: the longest capture time over all starts;
# - the **best start** for Tom: Tom chooses his cell first, then Jerry chooses his.

# %%
print("worst start:", solver.worst_start())
print("best start: ", solver.best_start())

# %% [markdown]
# A guess from the pictures: on an open W × H grid the worst start takes max(W, H) − 1 moves
# (Jerry makes Tom cross the board) and the best one ⌊max(W, H) / 2⌋ (Tom in the middle).
# The solver checks it on every grid up to 9 × 9:

# %%
for width in range(2, 10):
    for height in range(2, 10):
        s = PursuitSolver(Grid(width, height))
        side = max(width, height)
        assert s.worst_start()[0] == side - 1 and s.best_start()[0] == side // 2, (width, height)

# %% [markdown]
# ## How good are the article's rules?
#
# Now grade both rules against the solver.
#
# **Tom's rule against the best Jerry.** Fix Tom's rule and let Jerry look for the longest
# escape against *it*: the same rounds as before, but Tom has only one step, his rule's.
# If Tom's rule is optimal, the result equals the solver's capture time everywhere.

# %%
def against_toms_rule(grid: Grid) -> dict[tuple[Coord, Coord], int]:
    """The longest Jerry can survive against Tom's rule, from each (Tom, Jerry) position; missing: forever."""
    cells = list(grid.free_cells())
    time = {(c, c): 0 for c in cells}
    k = 0
    while True:
        k += 1
        lost = set()
        for t in cells:
            for j in cells:
                t2 = pursuit.tom_step(grid, t, j)
                if (t, j) not in time and (t2 == j or all((t2, j2) in time for j2 in pursuit.steps_from(grid, j))):
                    lost.add((t, j))
        if not lost:
            return time
        time.update(dict.fromkeys(lost, k))


for side in range(2, 9):
    grid = Grid(side, side)
    cells = list(grid.free_cells())
    best_jerry, s = against_toms_rule(grid), PursuitSolver(grid)
    assert all(best_jerry[(t, j)] == s.capture_time(t, j) for t in cells for j in cells)

# %% [markdown]
# On open square grids up to 8 × 8 Tom's rule is **optimal**: from every start the best
# Jerry cannot survive a single move longer against it than against the solver's Tom.
# (Why? See the exercises.)
#
# **Jerry's rule.** Jerry's rule is not optimal: from many starts he is caught sooner than
# he needs to be. The solver's strategies `pursuit.optimal_pursuers(solver)` and
# `pursuit.optimal_prey(solver)` play the best moves. Here are all four pairings over the same
# 1000 starts, the mean capture time of each:

# %%
best_tom, best_jerry = pursuit.optimal_pursuers(solver), pursuit.optimal_prey(solver)
pairs_prey = ("Jerry's rule", "optimal Jerry")
pairings = {
    ("Tom's rule", "Jerry's rule"): tom_vs_jerry,
    ("Tom's rule", "optimal Jerry"): capture_times(open_rules, lambda rng: (pursuit.tom_strategy(), best_jerry)),
    ("optimal Tom", "Jerry's rule"): capture_times(open_rules, lambda rng: (best_tom, pursuit.jerry_strategy())),
    ("optimal Tom", "optimal Jerry"): capture_times(open_rules, lambda rng: (best_tom, best_jerry)),
}
means = {pair: statistics.mean(times) for pair, times in pairings.items()}
print(f"{'':14}{pairs_prey[0]:>14}{pairs_prey[1]:>15}")
for hunter in ("Tom's rule", "optimal Tom"):
    print(f"{hunter:14}{means[(hunter, pairs_prey[0])]:14.3f}{means[(hunter, pairs_prey[1])]:15.3f}")

# %%
starts = [open_rules.initial_state(random.Random(seed)) for seed in SEEDS]
exact = statistics.mean(solver.capture_time(s.pursuers, s.prey) for s in starts)
assert means[("optimal Tom", "optimal Jerry")] == means[("Tom's rule", "optimal Jerry")] == exact
assert means[("optimal Tom", "Jerry's rule")] < means[("Tom's rule", "Jerry's rule")] < exact
shorter = sum(a < b for a, b in zip(tom_vs_jerry, pairings[("optimal Tom", "optimal Jerry")], strict=True))
print(f"Jerry's rule is caught sooner than he must be in {shorter} of 1000 games")

# %% [markdown]
# Read the table by columns and rows:
#
# - Against the optimal Jerry, Tom's rule is exactly as fast as the optimal Tom (and both
#   equal the solver's capture times).
# - Jerry's rule gives away about a tenth of a move on average: it is caught sooner than
#   it must be in about 6 % of the games, when running right by habit leads it into an
#   edge or a corner.
# - Against Jerry's rule the optimal Tom is even a little *faster* than Tom's rule. The
#   optimal Tom plans for the best Jerry; where several steps are equally good against
#   the best Jerry, some catch a weaker Jerry sooner.
#
# Here is one game where Jerry's rule is caught sooner than the optimal Jerry would be,
# from the same start:

# %%
seed = next(i for i, (a, b) in enumerate(zip(tom_vs_jerry, pairings[("Tom's rule", "optimal Jerry")], strict=True)) if a < b)
habit = chase(open_rules, pursuit.tom_strategy(), pursuit.jerry_strategy(), seed)
better = chase(open_rules, pursuit.tom_strategy(), best_jerry, seed)
print(f"seed {seed}: Jerry's rule caught at move {habit.final.moves}, optimal Jerry at move {better.final.moves}")
habit

# %%
better

# %% [markdown]
# ## Blocked cells: a hole to run around
#
# Now block one cell in the middle of the board. Tom can still walk everywhere, but Jerry
# gets something to run around: a ring of 8 cells. The heat-map for Tom in the corner now
# has cells marked ∞: from them Jerry escapes **forever**, however Tom plays.

# %%
hole = Coord(3, 3)
holed = Grid(8, 8, frozenset({hole}))
holed_solver = PursuitSolver(holed)
SVG(pursuit.view.capture_time_svg(holed_solver, Coord(0, 0)))

# %% [markdown]
# Let the optimal Tom chase the optimal Jerry from such a start, with a limit of 40 moves:
# Jerry keeps the hole between himself and Tom, and the two dance round it for ever.

# %%
worst_time, (chasers, prey) = holed_solver.worst_start()
assert worst_time is None
circling = chase(pursuit.Pursuit(holed, start=(chasers, prey), max_moves=40),
                 pursuit.optimal_pursuers(holed_solver), pursuit.optimal_prey(holed_solver), seed=0)
assert not circling.final.caught and circling.winner == 1
rounds = [s for s in circling.states if s.turn == 0]  # the positions after each round
for s in rounds[-4:]:
    print(f"after move {s.moves}: Tom on {s.pursuers[0]}, Jerry on {s.prey}")
assert all(chebyshev(s.pursuers[0], s.prey) >= 2 for s in rounds[1:])
circling

# %% [markdown]
# How often can Jerry escape? Over all starts the optimal Jerry escapes from only a few:
# he must reach the ring at the right moment. Against **Tom's rule**, though, many more
# starts are escapes, because the rule does not know about the hole and can be led round
# it forever. (Does any interior cell do this? See the exercises.)

# %%
def escape_share(times: dict[tuple[Coord, Coord], int], grid: Grid) -> float:
    cells = list(grid.free_cells())
    starts = [(t, j) for t in cells for j in cells if t != j]
    return sum((t, j) not in times for t, j in starts) / len(starts)


optimal_times = {(t, j): v for t in holed.free_cells() for j in holed.free_cells()
                 if (v := holed_solver.capture_time(t, j)) is not None}
print(f"optimal Tom:  Jerry can escape from {escape_share(optimal_times, holed):.1%} of the starts")
print(f"Tom's rule:   Jerry can escape from {escape_share(against_toms_rule(holed), holed):.1%} of the starts")

# %% [markdown]
# And measured, with the usual limit of 100 moves, over 300 seeded starts:

# %%
HOLE_SEEDS = range(300)
holed_rules = pursuit.Pursuit(holed)
best_tom_h, best_jerry_h = pursuit.optimal_pursuers(holed_solver), pursuit.optimal_prey(holed_solver)
for name, sides in {
    "Tom's rule vs Jerry's rule": lambda rng: (pursuit.tom_strategy(), pursuit.jerry_strategy()),
    "Tom's rule vs optimal Jerry": lambda rng: (pursuit.tom_strategy(), best_jerry_h),
    "optimal Tom vs optimal Jerry": lambda rng: (best_tom_h, best_jerry_h),
}.items():
    print(f"{name:30}", summary(capture_times(holed_rules, sides, HOLE_SEEDS)))

# %% [markdown]
# Jerry's rule never finds the hole: Tom still catches him every time. The optimal Jerry,
# who plays to survive against the *optimal* Tom, escapes from a few starts against the
# optimal Tom, and from far more against Tom's rule.

# %% [markdown]
# ## Two pursuers
#
# The article's G2.4 and G2.5 bring a second pursuer (Tom and Spike). In G2.4 each chases
# on its own by Tom's rule (`pursuit.lone_pursuers`); in G2.5 they plan together, a **coalition**.
# coursekit's `pursuit.coalition_pursuers()` plans one round ahead: it picks the joint move after
# which Jerry's best reply leaves him nearest to a pursuer. The solver plans to the end.
#
# With two pursuers a position is (cell of Tom, cell of Spike, cell of Jerry): 63³ of them
# on our grid with a hole, still quick for numpy.

# %%
pair_solver = PursuitSolver(holed, pursuers=2)
print(pair_solver, f"solved in {pair_solver.seconds:.2f} s")
print("worst start:", pair_solver.worst_start())
assert pair_solver.worst_start()[0] is not None  # two pursuers catch Jerry from every start

# %% [markdown]
# Two pursuers close the hole: from every start they catch Jerry, at worst in the number of
# moves above. Measured over 300 starts, against Jerry's rule and against the optimal
# Jerry (who now plays against two):

# %%
pair_rules = pursuit.Pursuit(holed, pursuers=2)
best_pair, best_jerry_2 = pursuit.optimal_pursuers(pair_solver), pursuit.optimal_prey(pair_solver)
pair_means = {}
for hunters, make in {"lone (G2.4)": pursuit.lone_pursuers, "coalition (G2.5)": pursuit.coalition_pursuers,
                      "optimal pair": lambda: best_pair}.items():
    for prey_name, prey in {"Jerry's rule": pursuit.jerry_strategy(), "optimal Jerry": best_jerry_2}.items():
        times = capture_times(pair_rules, lambda rng, make=make, prey=prey: (make(), prey), HOLE_SEEDS)
        pair_means[(hunters, prey_name)] = statistics.mean(times)
        print(f"{hunters:17} vs {prey_name:14}", summary(times))

# %% [markdown]
# The numbers hold a surprise. Two pursuers each following Tom's rule on their own already
# catch both Jerrys in all 300 games, and the one-round coalition is *no better* than the two loners:
# looking one round ahead together is not enough planning. The pair that plans to the end
# (the solver) is the fastest against the optimal Jerry, as it must be.

# %%
assert pair_means[("optimal pair", "optimal Jerry")] <= pair_means[("lone (G2.4)", "optimal Jerry")]
assert pair_means[("optimal pair", "optimal Jerry")] <= pair_means[("coalition (G2.5)", "optimal Jerry")]
assert all(pair_means[("lone (G2.4)", prey)] <= pair_means[("coalition (G2.5)", prey)] for prey in pairs_prey)

# %% [markdown]
# ## The article's questions, answered with numbers
#
# Section 7 of the article leaves the game as a project: how could each player improve
# its strategy? With the solver we can answer such questions exactly, on an 8 × 8 grid:
#
# | question | answer |
# |---|---|
# | Does Tom always catch Jerry on an open grid? | Yes, from every start: 1000 of 1000 games, and the solver finds no escape. |
# | How long does it take? | Tom's rule vs Jerry's rule: about 5.2 moves on average, never more than 7 = max(W, H) − 1. |
# | Can Jerry do better? | A little: the optimal Jerry lasts about 5.3 moves on average; Jerry's rule is caught sooner than it must be in about 6 % of the games. |
# | Can Tom do better? | Not on an open grid: Tom's rule is optimal from every start (checked up to 8 × 8). |
# | Where should Tom start? | In the middle: then he catches any Jerry within ⌊max(W, H) / 2⌋ = 4 moves. |
# | What does one blocked cell change? | The optimal Jerry escapes forever from a few starts; against Tom's rule, from about a third of them. |
# | Does a second pursuer help? | Yes: two pursuers catch Jerry from every start, even with the hole. |
# | Does planning together help? | Only planning to the end: the one-round coalition is no faster than two lone pursuers. |

# %% [markdown]
# ## Play it yourself
#
# In Jupyter the `pursuit.PursuitBoard` lets you place the pieces (the **Click to** list), choose
# each side's strategy (Tom, lone, coalition, optimal, or **you**: then your clicks move
# that side to a cell marked with a dot), and step or run the chase (**Step**, **▶ Run**). **Capture times** shows the heat-map for the
# pursuer where it stands. Here you are Jerry on the grid with the hole, against the
# optimal Tom: can you find the ring? (The static page shows the board's start below it.)

# %%
board = pursuit.PursuitBoard(8, 8, blocked=[hole], seed=1, pursuers="optimal", prey="you", heatmap=True)
board

# %%
SVG(pursuit.view.capture_time_svg(holed_solver, board.state.pursuers,
                                  title="the board's heat-map: Tom where he stands"))

# %% [markdown]
# ## Exercises
#
# Each exercise that asks for code has a **self-check** cell below it. Write your answer in a
# new cell just above the check (use the names the exercise gives), run your cell, then run
# the check: it tries your code on many cases and says which one fails, or prints "all N
# cases pass". A **worked answer** is folded under each exercise: try first, then open it to
# compare.
#
# 1. **Why Tom's rule is optimal.** Prove that on an open grid Tom's rule catches any Jerry
#    within max(W, H) − 1 moves, and that Jerry can force max(W, H) − 1 moves from some
#    start.
#    <details><summary>Hint</summary>
#    Look at the rectangle between Tom and the edges on Jerry's side. What does a step of
#    Tom's rule do to it, and what can a step of Jerry do?
#    </details>
#
#    <details><summary>Answer</summary>
#
#    **Upper bound.** Look at the x-coordinates alone. Say Jerry is to the right of Tom,
#    x_J > x_T. Tom's rule steps right, x_T + 1 ≤ x_J. Then Jerry moves, changing x_J by at
#    most 1, so still x_J ≥ x_T. If x_J = x_T, call Tom *x-locked*; otherwise Jerry is still
#    to the right and Tom steps right again. So until he is x-locked, Tom moves one column
#    closer to the right edge every move, with Jerry between him and the edge: he is
#    x-locked after at most W − 1 moves. And once x-locked (after Tom's move), he stays so:
#    if Jerry's step changes x_J by one, Tom's rule changes x_T the same way. The same holds
#    for y, within H − 1 moves, and Tom's diagonal steps serve both coordinates at once.
#    After at most max(W, H) − 1 moves Tom is locked in both, that is, on Jerry's cell.
#
#    **Lower bound.** Say W ≥ H ≥ 2. Put Tom in column 0 and Jerry in column W − 1. A move
#    changes Tom's x by at most 1, so for his first W − 2 moves he stays left of column
#    W − 1; Jerry meanwhile steps up and down inside column W − 1 (H ≥ 2), never onto Tom.
#    So no Tom catches him before move W − 1 = max(W, H) − 1. ∎
#
#    The upper bound is the capture time of Tom's rule from *every* start, and the lower
#    bound says no Tom can do better from the worst start: the solver's worst start,
#    max(W, H) − 1, above.
#
#    </details>
#
# 2. **A better Jerry without the solver.** Write `my_jerry(rules, state)` that does not
#    call the solver but beats Jerry's rule: against Tom's rule, over the 1000 starts
#    above, its mean capture time should come as close as you can to the optimal one.
#    <details><summary>Hint</summary>
#    Among the farthest cells, prefer those with more room behind them (distance to the
#    edges), rather than the first in `NEXT8` order.
#    </details>
#
#    <details><summary>Answer</summary>
#
#    The hint's Jerry (the farthest cell, ties broken by the room to the edges) already
#    gets 5.21 moves against Jerry's rule's 5.17. Jerry can do better still, because he
#    knows Tom's rule: he can look a few rounds ahead and count how long each step lets him
#    survive against it.
#
#    ```python
#    def my_jerry(rules, state) -> Coord:
#        grid, tom_cell = state.grid, state.pursuers[0]
#
#        def survives(tom_at: Coord, jerry_at: Coord, depth: int) -> float:
#            """Rounds Jerry survives from here against Tom's rule, looking depth rounds ahead."""
#            tom_next = pursuit.tom_step(grid, tom_at, jerry_at)
#            if tom_next == jerry_at:
#                return 0
#            if depth == 0:
#                return chebyshev(tom_next, jerry_at) / 10  # beyond the horizon: the farther the better
#            return 1 + max(survives(tom_next, j, depth - 1) if j != tom_next else -1
#                           for j in pursuit.steps_from(grid, jerry_at))
#
#        return max((j for j in pursuit.steps_from(grid, state.prey) if j != tom_cell),
#                   key=lambda j: survives(tom_cell, j, 3))
#    ```
#
#    Against Tom's rule this Jerry holds out 5.27 moves on average, within 0.01 of the
#    optimal 5.275.
#
#    </details>

# %%
def check_my_jerry(my_jerry) -> None:
    """Your Jerry against Tom's rule over the 1000 starts: longer than Jerry's rule, next to the optimal Jerry."""
    times = capture_times(open_rules, lambda rng: (pursuit.tom_strategy(), my_jerry))
    assert None not in times, "Tom's rule catches every Jerry on an open grid: something is wrong"
    mine, rule = statistics.mean(times), statistics.mean(tom_vs_jerry)
    print(f"mean capture time: your Jerry {mine:.3f}, Jerry's rule {rule:.3f}, optimal Jerry {exact:.3f}")
    assert mine > rule, "your Jerry is caught no later than Jerry's rule"
    print("all 1000 starts pass")


if "my_jerry" in globals():
    check_my_jerry(my_jerry)
else:
    print("write my_jerry above, then run this")

# %% [markdown]
# 3. **Which holes work?** For every cell of the 8 × 8 grid, block that cell alone and ask
#    `PursuitSolver(...).worst_start()` whether Jerry can escape; `escape_holes` is the
#    list of cells for which he can. Draw them. Is "any single blocked cell away from the
#    edge" right? What about two blocked cells next to each other?
#    <details><summary>Hint</summary>
#    The answer depends on the rule that every move must move a piece. Under the course's
#    rule (standing still is not allowed) on 8 × 8, Jerry can escape only when the blocked
#    cell is at least two steps from every edge. With a rule that lets a piece stay put,
#    every blocked cell off the edge gives Jerry an escape. Try both.
#    </details>
#
#    <details><summary>Answer</summary>
#
#    ```python
#    escape_holes = [c for c in Grid(8, 8).cells()
#                    if PursuitSolver(Grid(8, 8, frozenset({c}))).worst_start()[0] is None]
#    print(*escape_holes)
#    for pair in [(Coord(1, 3), Coord(2, 3)), (Coord(0, 3), Coord(1, 3))]:
#        print(*pair, "escape" if PursuitSolver(Grid(8, 8, frozenset(pair))).worst_start()[0] is None else "caught")
#    ```
#
#    The 16 cells with 2 ≤ x, y ≤ 5: at least two steps from every edge. So "any cell away
#    from the edge" is wrong: a hole in the second ring from the edge, such as (1, 3), does
#    not save Jerry. Two blocked cells next to each other do more: the pair (1, 3), (2, 3)
#    gives Jerry an escape although (1, 3) is next to the edge, since the ring of cells
#    round a pair is longer; a pair on the edge, (0, 3), (1, 3), has no ring round it, and
#    Tom catches Jerry from every start.
#
#    </details>

# %%
def check_escape_holes(escape_holes):
    """Against the solver, one blocked cell at a time; returns the picture."""
    expected = {c for c in Grid(8, 8).cells()
                if PursuitSolver(Grid(8, 8, frozenset({c}))).worst_start()[0] is None}
    got = {Coord(*c) for c in escape_holes}
    assert not got - expected, (
        f"Tom catches Jerry from every start with these holes: {sorted(map(str, got - expected))}")
    assert not expected - got, f"{len(expected - got)} hole(s) missing"
    print("all 64 cells judged right: the check passes")
    return SVG(render.svg.grid_svg(Grid(8, 8), fills=dict.fromkeys(expected, "#fdae61"),
                                  texts=dict.fromkeys(expected, "∞"),
                                  title="a hole on a shaded cell lets Jerry escape"))


if "escape_holes" in globals():
    display(check_escape_holes(escape_holes))
else:
    print("write escape_holes above, then run this")

# %% [markdown]
# 4. **Catching Jerry's rule fast.** Jerry's rule is a fixed, known strategy. Write
#    `against_jerrys_rule(grid)` (like `against_toms_rule`, with the roles swapped: Tom
#    chooses, Jerry's step is fixed) and find the mean over the 1000 starts of the fastest
#    possible capture of Jerry's rule. How much better than the optimal Tom is it, and why
#    can it be better?
#
#    <details><summary>Answer</summary>
#
#    A position is lost for Jerry in round k if **some** step of Tom either lands on Jerry
#    or leads, after Jerry's fixed reply, to a position valued earlier.
#
#    ```python
#    def against_jerrys_rule(grid: Grid) -> dict[tuple[Coord, Coord], int]:
#        cells = list(grid.free_cells())
#        time = {(c, c): 0 for c in cells}
#        k = 0
#        while True:
#            k += 1
#            lost = set()
#            for t in cells:
#                for j in cells:
#                    if (t, j) in time:
#                        continue
#                    for t2 in pursuit.steps_from(grid, t):
#                        j2 = pursuit.jerry_move(grid, j, [t2])
#                        if t2 == j or j2 == t2 or (t2, j2) in time:
#                            lost.add((t, j))
#                            break
#            if not lost:
#                return time
#            time.update(dict.fromkeys(lost, k))
#
#
#    fastest = against_jerrys_rule(Grid(8, 8))
#    on_starts = statistics.mean(fastest[(s.pursuers[0], s.prey)] for s in starts)
#    print(f"fastest against Jerry's rule {on_starts:.3f}; "
#          f"optimal Tom against Jerry's rule {means[('optimal Tom', pairs_prey[0])]:.3f}")
#    ```
#
#    The fastest capture of Jerry's rule takes 5.015 moves on average over the 1000
#    starts, against 5.275 for the optimal Tom against the optimal Jerry, and a little
#    less than the optimal Tom needs against Jerry's rule (the second number). The
#    optimal Tom plays for the worst case: every move must be good against *any* Jerry.
#    A Tom who knows Jerry's rule can make moves that would be mistakes against a clever
#    Jerry, for instance herding him to the right, where his rule runs by habit, into an
#    edge.
#
#    </details>

# %%
def check_against_jerrys_rule(against_jerrys_rule) -> None:
    """The mean over the 1000 starts, and never slower than the optimal Tom."""
    fastest = against_jerrys_rule(Grid(8, 8))
    slower = [(t, j) for t in Grid(8, 8).cells() for j in Grid(8, 8).cells()
              if fastest[(t, j)] > solver.capture_time(t, j)]
    assert not slower, f"from {slower[0]} the optimal Tom is faster: a better move was missed"
    mean = statistics.mean(fastest[(s.pursuers[0], s.prey)] for s in starts)
    assert round(mean, 3) == 5.015, f"the mean over the 1000 starts is 5.015, not {mean:.3f}"
    print(f"mean {mean:.3f}: all {len(fastest)} positions pass")


if "against_jerrys_rule" in globals():
    check_against_jerrys_rule(against_jerrys_rule)
else:
    print("write against_jerrys_rule above, then run this")

# %% [markdown]
# 5. **Lone pursuers against the best prey.** Extend `against_toms_rule` to two lone
#    pursuers, as `against_lone_pair(grid)` (keys (pursuer 1, pursuer 2, Jerry)), and find a
#    grid, `lone_escape_grid`, where Jerry escapes from two lone pursuers although the
#    optimal pair catches him from every start.
#
#    <details><summary>Answer</summary>
#
#    ```python
#    def against_lone_pair(grid: Grid) -> dict[tuple[Coord, Coord, Coord], int]:
#        cells = list(grid.free_cells())
#        time = {(a, b, j): 0 for a in cells for b in cells for j in cells if j in (a, b)}
#        todo = [(a, b, j) for a in cells for b in cells for j in cells if j not in (a, b)]
#        k = 0
#        while True:
#            k += 1
#            lost = []
#            for a, b, j in todo:
#                a2, b2 = pursuit.tom_step(grid, a, j), pursuit.tom_step(grid, b, j)
#                if j in (a2, b2) or all(j2 in (a2, b2) or (a2, b2, j2) in time for j2 in pursuit.steps_from(grid, j)):
#                    lost.append((a, b, j))
#            if not lost:
#                return time
#            time.update(dict.fromkeys(lost, k))
#            todo = list(set(todo) - set(lost))
#
#
#    lone_escape_grid = Grid(6, 6, frozenset({Coord(2, 2)}))
#    ```
#
#    On 6 × 6 with a hole at (2, 2) the optimal pair catches Jerry from every start within
#    5 moves, but against two lone pursuers Jerry escapes from 2,080 starts, for instance
#    from the pursuers on (0, 0) and (1, 0) and Jerry on (1, 2). Two lone pursuers both
#    follow Tom's rule towards the same Jerry, so they soon walk side by side, or even on
#    one cell, and chase him round the hole like a single Tom; a pair that plans sends one
#    pursuer round the other way.
#
#    </details>

# %%
def check_lone_pair(against_lone_pair, lone_escape_grid: Grid) -> None:
    """The optimal pair always catches; from the table's escapes, Jerry survives 200 moves against two lone pursuers."""
    worst = PursuitSolver(lone_escape_grid, pursuers=2).worst_start()[0]
    assert worst is not None, "the optimal pair does not catch Jerry from every start on this grid"
    table = against_lone_pair(lone_escape_grid)
    cells = list(lone_escape_grid.free_cells())
    escapes = [(a, b, j) for a in cells for b in cells for j in cells if len({a, b, j}) == 3 and (a, b, j) not in table]
    assert escapes, "Jerry escapes from no start against two lone pursuers on this grid"

    def escaping_jerry(rules, state):  # a step to a position the table does not value, if there is one
        a, b = state.pursuers
        safe = [j for j in pursuit.steps_from(state.grid, state.prey) if j not in (a, b) and (a, b, j) not in table]
        return (safe or pursuit.steps_from(state.grid, state.prey))[0]

    for a, b, j in escapes[:: max(1, len(escapes) // 20)]:
        rules = pursuit.Pursuit(lone_escape_grid, pursuers=2, start=((a, b), j), max_moves=200)
        final = play(rules, [Player("pair", pursuit.lone_pursuers()), Player("Jerry", escaping_jerry)]).final
        assert not final.caught, f"from {a}, {b} and Jerry on {j} the lone pursuers catch him"
    print(f"the optimal pair catches within {worst} moves; Jerry escapes the lone pair from {len(escapes)} starts: "
          "the check passes")


if "against_lone_pair" in globals() and "lone_escape_grid" in globals():
    check_lone_pair(against_lone_pair, lone_escape_grid)
else:
    print("write against_lone_pair and lone_escape_grid above, then run this")

# %% [markdown]
# 6. **Two pursuers on an open grid.** Find the worst and the best start for two pursuers
#    on open n × n grids, n = 2 … 10, with `PursuitSolver(grid, pursuers=2)`. Guess
#    formulas, `worst_two(n)` and `best_two(n)`.
#
#    <details><summary>Answer</summary>
#
#    ```python
#    for n in range(2, 11):
#        two = PursuitSolver(Grid(n, n), pursuers=2)
#        print(n, two.worst_start()[0], two.best_start()[0])
#
#
#    def worst_two(n: int) -> int:
#        return n - 1
#
#
#    def best_two(n: int) -> int:
#        return n // 2
#    ```
#
#    The same as for one pursuer: worst n − 1, best ⌊n / 2⌋. The worst start puts both
#    pursuers in one column and Jerry on the far side: no pursuer can reach his column
#    sooner, as in exercise 1. For the best start Jerry chooses his cell last, and on an
#    open square a second pursuer cannot bring every cell closer than ⌊n / 2⌋ moves.
#    A second pursuer pays off only on grids where one pursuer cannot catch Jerry at all.
#
#    </details>

# %%
def check_two_pursuers(worst_two, best_two) -> None:
    """The formulas against the two-pursuer solver on open n x n grids, n = 2 ... 8."""
    for n in range(2, 9):
        two = PursuitSolver(Grid(n, n), pursuers=2)
        assert worst_two(n) == two.worst_start()[0], f"n = {n}: the worst start takes {two.worst_start()[0]} moves"
        assert best_two(n) == two.best_start()[0], f"n = {n}: the best start takes {two.best_start()[0]} moves"
    print("all 7 grids pass")


if "worst_two" in globals() and "best_two" in globals():
    check_two_pursuers(worst_two, best_two)
else:
    print("write worst_two and best_two above, then run this")

# %% [markdown]
# 7. **Play.** On `pursuit.PursuitBoard(8, 8, blocked=[Coord(3, 3)], prey="you", pursuers="Tom")`
#    lead Tom round the hole until the move limit. Then try the same against
#    `pursuers="optimal"` and explain the difference with the heat-map.
#
#    <details><summary>What to look for</summary>
#
#    Get onto the ring of eight cells round the hole with the hole between you and Tom, and
#    keep walking round it. Tom's rule steps straight towards you, so when the hole is in
#    the way it goes round the side it happens to choose, and you just keep going the other
#    way. Against the optimal Tom this works only from the starts the heat-map marks ∞:
#    from all the others the optimal Tom cuts you off before you reach the ring, or reaches
#    it at the right moment to catch you on it.
#
#    </details>
