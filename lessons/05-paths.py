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
# # 05 Shortest paths: from minPath to A*
#
# Section 6 of the article builds a new game, the pursuit of a piece by another, and
# starts with a helper problem it also calls a game, **G2.1**: take a king from one cell
# of a grid to another in the fewest moves. On an open grid the answer is a formula, and
# the article gives a short program for it, with a bug in it that we hunt down. Then we
# block some cells, the formula fails, and we need a search: **breadth-first search**
# (BFS) first, then **A***, which finds the same paths while looking at far fewer cells.
# We count how many.

# %%
import random
import statistics

from IPython.display import HTML, SVG

from coursekit import NEXT8, Coord, Grid, Player, astar, bfs, chebyshev, play, render
from coursekit.games import paths
from coursekit.solvers import is_valid_path

# %% [markdown]
# ## Distance with king moves
#
# A king moves to any of its 8 neighbours: one step left or right, up or down, or both at
# once. A **path** from A to B is the list of cells from A to B, both included, each a
# neighbour of the one before; its **length** is its number of moves, one less than its
# number of cells. (The article counts the cells; we count the moves, as chess players do.)
#
# How many moves does the king need on an open grid? Each move changes x by at most 1 and
# y by at most 1, so it needs at least |dx| moves and at least |dy| moves. And it can do
# with the larger of the two: go diagonally until it shares a row or a column with the
# target, then straight. So the fewest moves is the **Chebyshev distance**
#
# $$\operatorname{dist}(A, B) = \max(|a_1 - b_1|, |a_2 - b_2|).$$
#
# Around a cell, the cells at the same distance form square rings:

# %%
grid = Grid(9, 7)
centre = Coord(4, 3)
distance = {c: chebyshev(centre, c) for c in grid.cells()}
assert distance[Coord(0, 0)] == 4 and distance[Coord(8, 6)] == 4 and distance[Coord(5, 3)] == 1
SVG(render.heatmap.heatmap_svg(grid, distance, title="Chebyshev distance from [4, 3]", pieces={centre: "K"}))

# %% [markdown]
# ## The article's minPath, as printed
#
# The article finds the path one step at a time (its Figure 13): with `dx` and `dy` the
# differences to the target, step by `p`, the sign of `dx` (−1, 0 or +1), and `q`, the
# sign of `dy`. While both differences are non-zero that is a diagonal step; then one of
# them is 0 and the step is straight. Here is the article's Figure 13 as printed, with its
# comments translated from Bulgarian:
#
# ```cpp
# vector<Coord> minPath(Coord start, Coord end)
# {
#     vector<Coord> path;              // path: a local vector for the path
#                                      // (from start to end)
#     path.push_back(start);           // add the starting position
#                                      // to path
#     if (start == end) return path;
#
#     int p, q, dx, dy;                // variables used to find
#     do                               // the coordinates of the next cell
#     {
#         dx = end.x - start.x;
#         dy = end.y - start.y;
#         p = (dx == 0)? 0 : dx/abs(dx); // p: direction of the move in x
#         q = (dy == 0)? 0 : dy/abs(dy); // q: direction of the move in y
#         start.x = start.x + p;       // start.x: the new x-coordinate
#         start.y = start.y + q;       // start.y: the new y-coordinate
#         path.push_back(start);       // add the new position to the path
#     } while (start == end));         // the test for reaching the end position
#     return path;
# }
# ```
#
# *Figure 13 of source A (P. Azalov, "From mathematical to computer games"): finding a
# shortest path between two cells of a grid. Code as printed, comments translated.*
#
# As printed, the function **does not compile**: the last line of the loop,
# `} while (start == end));`, has one closing parenthesis too many. Drop it, and read the
# condition slowly: the loop goes on **while the king is on the target**. That is the wrong
# way round. `paths.article_min_path` runs these lines (without the stray parenthesis) exactly as
# printed, but stops
# the loop after a fixed number of turns so that it cannot hang our notebook, and says
# what happened. Three cases:

# %%
for start, target in [(Coord(3, 3), Coord(3, 3)), (Coord(0, 0), Coord(1, 1)), (Coord(0, 0), Coord(5, 2))]:
    run = paths.article_min_path(start, target, max_steps=50)
    print(run)
    print("   path:", *run.path[:6], "..." if len(run.path) > 6 else "")

# %% [markdown]
# - Start and target the same: the early `return` answers, correctly, a path of 0 moves.
# - One move apart: the first step lands on the target, so `start == end` holds and the
#   loop goes on. The next step is by `p = q = 0`: the king stays, the target is pushed
#   again, and again, forever. The real program never returns, and its vector grows until
#   the memory runs out.
# - Farther apart: after one step the king is not on the target, so the loop ends and the
#   function returns a path of one move that stops in the middle of the board.
#
# So the printed function is right only when there is nothing to do. Over every pair of
# cells of a small grid (one [list comprehension](python-primer.md#comprehensions) with two
# loops):

# %%
board = Grid(6, 5)
runs = [paths.article_min_path(a, b, max_steps=10) for a in board.cells() for b in board.cells()]
print(len(runs), "pairs:", sum(r.correct for r in runs), "right,",
      sum(not r.returned for r in runs), "never return,",
      sum(r.returned and not r.correct for r in runs), "return a wrong path")
assert sum(r.correct for r in runs) == board.width * board.height  # only start == target

# %% [markdown]
# ## Fixing minPath
#
# The fix is one character: loop **while the king is not yet on the target**,
# `while (start != end)`. With it the early `return` is not even needed, since the loop
# test comes first in a `while` loop. In Python:

# %%
def sign(n: int) -> int:
    """-1, 0 or +1: the article's (d == 0) ? 0 : d / abs(d)."""
    return (n > 0) - (n < 0)


def my_min_path(start: Coord, target: Coord) -> list[Coord]:
    """Diagonally toward the target, then straight: a shortest king path on an open grid."""
    path = [start]
    while path[-1] != target:
        cell = path[-1]
        path.append(Coord(cell.x + sign(target.x - cell.x), cell.y + sign(target.y - cell.y)))
    return path


assert my_min_path(Coord(0, 0), Coord(4, 2)) == [(0, 0), (1, 1), (2, 2), (3, 2), (4, 2)]
for a in board.cells():
    for b in board.cells():
        path = my_min_path(a, b)
        assert len(path) - 1 == chebyshev(a, b)
        assert is_valid_path(board, path, a, b) is None
        assert tuple(path) == paths.min_path(a, b)  # coursekit's corrected minPath
print("my_min_path is a shortest path for all", board.width**2 * board.height**2, "pairs")

# %%
SVG(render.svg.path_svg(Grid(9, 6), list(paths.min_path(Coord(1, 0), Coord(8, 4))),
                       "minPath, fixed: [1, 0] to [8, 4] in 7 moves"))

# %% [markdown]
# `is_valid_path(grid, path, start, target)` is what the graders use too: it answers
# `None` for a valid path and otherwise a sentence saying what is wrong.

# %% [markdown]
# ## Blocked cells
#
# The article's grids may have inaccessible cells (`setInaccCells`). The king may not step
# on them, and now the straight line can be cut:

# %%
walled = Grid(9, 6, blocked=frozenset({Coord(4, y) for y in range(5)}))
straight = paths.min_path(Coord(1, 1), Coord(7, 1))
print(is_valid_path(walled, straight, Coord(1, 1), Coord(7, 1)))
print(walled.picture({c: "*" for c in straight}))

# %% [markdown]
# The Chebyshev distance is still a **lower bound**: blocked cells can only make paths
# longer. To find a shortest path we have to search.

# %% [markdown]
# ## Breadth-first search
#
# BFS visits the cells in order of their distance from the start. It keeps a queue, the
# **frontier**, of cells seen but not yet expanded. Start with the start cell in it; then
# again and again take the first cell off the queue, **expand** it, that is, look at its
# free neighbours (in the article's `NEXT8` order), and put every neighbour not seen
# before at the end of the queue, remembering the cell it was seen from. When the target
# comes off the queue, walk back along the remembered cells to the start.
#
# Why it is right: the queue holds the cells at distance d, then the cells at distance
# d + 1, and never anything else, so each cell is first seen from a cell one move closer
# to the start, and its distance is found exactly. Here is the whole search, in a few lines:

# %%
from collections import deque


def my_bfs(grid: Grid, start: Coord, target: Coord) -> list[Coord] | None:
    """A shortest king path from start to target on grid, or None."""
    came_from: dict[Coord, Coord | None] = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == target:
            path = [cell]
            while came_from[path[-1]] is not None:
                path.append(came_from[path[-1]])
            return path[::-1]
        for step in NEXT8:
            nxt = cell + step
            if grid.is_free(nxt) and nxt not in came_from:
                came_from[nxt] = cell
                queue.append(nxt)
    return None


path = my_bfs(walled, Coord(1, 1), Coord(7, 1))
assert path is not None and is_valid_path(walled, path, Coord(1, 1), Coord(7, 1)) is None
print(len(path) - 1, "moves:", *path)

# %% [markdown]
# coursekit's `bfs` is the same search; its result also says which cells it expanded, in
# order. A picture numbers them (pale first, deep last) and draws the path; printed, a
# result shows the path as `*` between `S` and `T`:

# %%
wide = bfs(walled, Coord(1, 1), Coord(7, 1))
assert wide.length == len(path) - 1
print(wide)
wide

# %% [markdown]
# BFS spreads in square rings around the start, as the heat-map of distances did, and it
# only stops when the ring reaches the target. It looked at almost every cell of the board
# although the target was to the right.

# %% [markdown]
# ## A*: search toward the target
#
# A* (Hart, Nilsson and Raphael, 1968) takes off the frontier not the oldest cell but the
# most promising one: the cell with the smallest
#
# $$f = g + h,$$
#
# where `g` is the number of moves from the start found so far and `h` a guess of the moves
# still needed. Our guess is the Chebyshev distance to the target. It never overestimates
# (blocked cells only make paths longer): the heuristic is **admissible**. And it drops
# by at most 1 per move: it is **consistent**. With a consistent heuristic the first time
# a cell comes off the frontier its `g` is already the shortest distance, so A* expands
# every cell at most once, and the path it finds is a shortest one.
#
# Ties decide a lot on a grid, because many cells have the same `f`. coursekit's `astar`
# takes, among equal `f`, the cell with the larger `g` (it is nearer the target), then the
# one that entered the frontier first; neighbours are looked at in `NEXT8` order. So the
# counts below are the same on every run.

# %%
aimed = astar(walled, Coord(1, 1), Coord(7, 1))
assert aimed.length == wide.length
print(f"BFS expanded {len(wide.expanded)} cells, A* {len(aimed.expanded)}")
HTML(render.search.side_by_side(render.search.search_svg(wide), render.search.search_svg(aimed)))

# %%
aimed

# %% [markdown]
# A* went up the wall, over it and down to the target, and never looked at the cells
# behind the start. One more fact is worth a check: with a consistent heuristic, A* never
# expands a cell that BFS would not expand (every cell it expands, other than the target,
# has `g + h` at most the shortest length, so `g` is smaller than it). We check it on
# random boards from a [seeded generator](python-primer.md#random).

# %%
rng = random.Random(1)
for _ in range(200):
    g = Grid(12, 9).with_random_blocked(30, rng, keep=[Coord(0, 0), Coord(11, 8)])
    w, a = bfs(g, Coord(0, 0), Coord(11, 8)), astar(g, Coord(0, 0), Coord(11, 8))
    assert w.length == a.length and set(a.expanded) <= set(w.expanded)
print("200 random boards: same lengths, and A* expanded a subset of BFS's cells")

# %% [markdown]
# ## Counting expansions: BFS against A*
#
# Now a big board: 100 × 100, from the corner (0, 0) to the corner (99, 99), with 0, 20
# and 30 % of the cells blocked. `paths.reachable_grid` draws blocked cells at random, never on
# the start or the target, and draws again until the target can be reached (it raises an
# error if it cannot manage that in 100 tries). We count the cells each search expands,
# on ten random boards per percentage.

# %%
START, TARGET = Coord(0, 0), Coord(99, 99)


def measure(percent: int, boards: int = 10, seed: int = 5) -> dict[str, float]:
    """Average path length and expansions of BFS and A* on random 100 x 100 boards."""
    rng = random.Random(seed)
    rows = []
    for _ in range(boards):
        g = paths.reachable_grid(100, 100, percent, rng, START, TARGET)
        w, a = bfs(g, START, TARGET), astar(g, START, TARGET)
        assert w.length == a.length
        rows.append((w.length, len(w.expanded), len(a.expanded)))
    length, by_bfs, by_astar = (statistics.mean(column) for column in zip(*rows, strict=True))
    return {"percent": percent, "length": length, "bfs": by_bfs, "astar": by_astar}


table = [measure(p) for p in (0, 20, 30)]
print(f"{'blocked':>8} {'moves':>7} {'BFS expanded':>13} {'A* expanded':>12} {'ratio':>6}")
for row in table:
    print(f"{row['percent']:>7}% {row['length']:>7.1f} {row['bfs']:>13,.0f} {row['astar']:>12,.0f} "
          f"{row['bfs'] / row['astar']:>6.1f}")
assert (table[0]["bfs"], table[0]["astar"]) == (10_000, 100)

# %% [markdown]
# On the open board BFS expands **all 10,000** cells (the target is among the very last
# cells at distance 99) and A* exactly **100**: the diagonal, since every other cell has a
# larger `f`. With blocked cells BFS still expands nearly every free cell it can reach,
# while A* expands between a tenth and a fifth as many. Reference measurements of the same
# experiment, made over other random boards (not a publication), give 7,997 against 835 at
# 20 % and 7,006 against 1,190 at 30 %, close to our averages.
# The paths get a little longer as more cells are blocked. The pictures, for one board of
# each kind (BFS left, A* right):

# %%
rng = random.Random(5)
pictures = []
for percent in (0, 20, 30):
    g = paths.reachable_grid(100, 100, percent, rng, START, TARGET)
    for search in (bfs, astar):
        result = search(g, START, TARGET)
        pictures.append(render.search.search_svg(result, title=f"{percent}% blocked, {result.algorithm}: "
                                                  f"{len(result.expanded):,} cells expanded"))
HTML(render.search.side_by_side(*pictures[:2]) + render.search.side_by_side(*pictures[2:4])
     + render.search.side_by_side(*pictures[4:]))

# %%
SVG(pictures[3])

# %% [markdown]
# ## The shortest path as a one-player game
#
# The article calls G2.1 a game. `paths.ShortestPath(grid, start, target)` makes it one: a
# single player moves the king, and wins by reaching the target in the fewest possible
# moves (`par`); when the moves run out elsewhere, the game is lost. The article's rule,
# "step toward the target", wins on an open grid. On a blocked grid it needs a fallback
# (we take the free neighbour nearest the target), and that can be too greedy:

# %%
open_game = play(paths.ShortestPath(Grid(8, 5)), [Player("minPath", paths.article_strategy)])
print(open_game)

# %%
walled_game = play(paths.ShortestPath(walled, Coord(1, 1), Coord(7, 1)), [Player("minPath", paths.article_strategy)])
print(walled_game)
assert walled_game.winner is None

# %% [markdown]
# ## Watch the searches
#
# In Jupyter, `paths.PathBoard` lets you set the start and the target by clicking, block and
# free cells, and then step through BFS or A* one expanded cell at a time (or press ▶ Run).
# A static page cannot run the search, so below the board is a picture of its A* search.

# %%
paths.PathBoard(walled, start=Coord(1, 1), target=Coord(7, 1))

# %%
SVG(render.search.search_svg(astar(walled, Coord(1, 1), Coord(7, 1))))
# %% [markdown]
# ## Exercises
#
# Each exercise that asks for code has a **self-check** cell below it. Write your answer in a
# new cell just above the check (use the names the exercise gives), run your cell, then run
# the check: it tries your code on many cases and says which one fails, or prints "all N
# cases pass". A **worked answer** is folded under each exercise: try first, then open it to
# compare.
#
# 1. **Hunt the bug yourself.** Translate the article's `minPath` to Python line by line
#    (with a `while True:` loop and a `break` where C++ tests its condition) and run it
#    on the pair (0, 0), (1, 1) with a counter that stops it after 100 turns. Then fix it,
#    as `fixed_min_path(start, end)`, and check your fix against `paths.min_path` on every pair
#    of cells of a 7 × 7 grid.
#
#    <details><summary>Answer</summary>
#
#    A C++ `do { … } while (condition);` runs the body once, then again as long as the
#    condition holds: in Python, `while True:` with `if not condition: break` at the end.
#
#    ```python
#    def translated_min_path(start: Coord, end: Coord, max_turns: int = 100) -> list[Coord]:
#        path = [start]
#        if start == end:
#            return path
#        for _turn in range(max_turns):  # the article's do-while, cut off after max_turns
#            dx, dy = end.x - start.x, end.y - start.y
#            p = 0 if dx == 0 else dx // abs(dx)
#            q = 0 if dy == 0 else dy // abs(dy)
#            start = Coord(start.x + p, start.y + q)
#            path.append(start)
#            if not (start == end):  # } while (start == end);
#                break
#        return path
#
#
#    stuck = translated_min_path(Coord(0, 0), Coord(1, 1))
#    print(len(stuck), "cells:", *stuck[:4], "...")  # 101 cells: (1, 1) again and again
#
#
#    def fixed_min_path(start: Coord, end: Coord) -> list[Coord]:
#        path = [start]
#        while start != end:  # loop while the king is NOT on the target
#            dx, dy = end.x - start.x, end.y - start.y
#            p = 0 if dx == 0 else dx // abs(dx)
#            q = 0 if dy == 0 else dy // abs(dy)
#            start = Coord(start.x + p, start.y + q)
#            path.append(start)
#        return path
#    ```
#
#    </details>

# %%
def check_fixed_min_path(fixed_min_path) -> None:
    """fixed_min_path against the library's min_path on every pair of cells of a 7 x 7 grid."""
    seven = Grid(7, 7)
    pairs = [(a, b) for a in seven.cells() for b in seven.cells()]
    for a, b in pairs:
        got = tuple(fixed_min_path(a, b))
        assert got == paths.min_path(a, b), f"from {a} to {b}: expected {paths.min_path(a, b)}, got {got}"
    print(f"all {len(pairs)} cases pass")


if "fixed_min_path" in globals():
    check_fixed_min_path(fixed_min_path)
else:
    print("write fixed_min_path above, then run this")

# %% [markdown]
# 2. **How many shortest paths?** On an open grid, count the shortest king paths from
#    (0, 0) to (x, y) for all cells of an 8 × 8 grid: `shortest_path_counts(width, height)`,
#    a dictionary from each cell to its count (hint: a table filled row by row, each cell
#    adding the counts of its neighbours one move closer). Which cells have exactly one
#    shortest path?
#
#    <details><summary>Answer</summary>
#
#    A cell at distance d = max(x, y) is reached by a shortest path only from a neighbour
#    at distance d − 1. Filling the table ring by ring (all cells at distance 0, then 1,
#    …) guarantees those neighbours are counted first:
#
#    ```python
#    def shortest_path_counts(width: int, height: int) -> dict[Coord, int]:
#        board = Grid(width, height)
#        counts: dict[Coord, int] = {}
#        for d in range(max(width, height)):
#            for cell in board.cells():
#                if max(cell) == d:
#                    closer = [cell + step for step in NEXT8
#                              if cell + step in board and max(cell + step) == d - 1]
#                    counts[cell] = 1 if d == 0 else sum(counts[c] for c in closer)
#        return counts
#
#
#    eight_counts = shortest_path_counts(8, 8)
#    print(sorted(str(c) for c, n in eight_counts.items() if n == 1))
#    ```
#
#    Exactly one shortest path leads to the cells of the diagonal x = y (every move must be
#    diagonal) and to (1, 0) and (0, 1). Not to the rest of the bottom row: to (2, 0) the
#    king may also go through (1, 1), and to (7, 0) there are 127 shortest paths.
#
#    </details>

# %%
def check_path_counts(shortest_path_counts) -> None:
    """The counts on a 6 x 6 grid against a brute force that walks every shortest path."""
    six = Grid(6, 6)

    def walks(cell: Coord, target: Coord) -> int:
        if cell == target:
            return 1
        return sum(walks(cell + s, target) for s in NEXT8
                   if cell + s in six and chebyshev(cell + s, target) < chebyshev(cell, target))

    counts = shortest_path_counts(6, 6)
    for target in six.cells():
        expected = walks(Coord(0, 0), target)
        assert counts[target] == expected, f"to {target} there are {expected} shortest paths, not {counts[target]}"
    print(f"all {len(list(six.cells()))} cases pass")


if "shortest_path_counts" in globals():
    check_path_counts(shortest_path_counts)
else:
    print("write shortest_path_counts above, then run this")

# %% [markdown]
# 3. **Where BFS stops.** Explain why BFS expands all 10,000 cells of the open board when
#    going from (0, 0) to (99, 99), but far fewer when going to (50, 50). How many then?
#    Predict, as `predicted_expansions`, then check with `bfs`.
#    <details><summary>Hint</summary>
#    The cells come off the queue in rings of equal distance, and within a ring in the order
#    they were put on it.
#    </details>
#
#    <details><summary>Answer</summary>
#
#    The ring at distance d from (0, 0) is the cells with max(x, y) = d. BFS expands every
#    ring closer than the target, then the target's ring up to the target. The corner
#    (d, d) of a ring is the **last** of its ring to be put on the queue: its only
#    neighbour in ring d − 1 is the corner (d − 1, d − 1), which (by the same argument, one
#    ring in) comes off the queue after every other cell of its ring. So going to (d, d),
#    BFS expands every cell with max(x, y) ≤ d: (d + 1)² cells. To (99, 99) that is all
#    100² = 10,000 cells; to (50, 50) it is 51² = **2,601**.
#
#    ```python
#    predicted_expansions = 51 * 51
#    ```
#
#    </details>

# %%
def check_prediction(predicted_expansions: int) -> None:
    actual = len(bfs(Grid(100, 100), Coord(0, 0), Coord(50, 50)).expanded)
    assert predicted_expansions == actual, f"you predicted {predicted_expansions}; BFS expands {actual} cells"
    print(f"BFS expands {actual} cells, as predicted: the check passes")


if "predicted_expansions" in globals():
    check_prediction(predicted_expansions)
else:
    print("write predicted_expansions above, then run this")

# %% [markdown]
# 4. **A worse guess.** Write your own `my_astar(grid, start, target, h, larger_g_first=True)`
#    that returns the path and the list of expanded cells, with the guess `h(cell, target)`
#    as a parameter. Run it with `h = 0` (you get a search that behaves like BFS), with the
#    Euclidean distance, and with `h = 2 × Chebyshev`. Which ones still find shortest paths
#    on random blocked boards? Which expand fewer cells? Explain with the words
#    *admissible* and *consistent*.
#
#    <details><summary>Answer</summary>
#
#    ```python
#    import heapq
#    import math
#
#
#    def my_astar(grid: Grid, start: Coord, target: Coord, h, larger_g_first: bool = True):
#        """(path or None, expanded cells): A* guided by h, ties on f broken by g, then by age."""
#        best, parent = {start: 0}, {start: None}
#        frontier = [(h(start, target), 0, 0, start)]
#        done, expanded, order = set(), [], 0
#        while frontier:
#            _f, _tie, _order, cell = heapq.heappop(frontier)
#            if cell in done:
#                continue
#            done.add(cell)
#            expanded.append(cell)
#            if cell == target:
#                path = [cell]
#                while parent[path[-1]] is not None:
#                    path.append(parent[path[-1]])
#                return path[::-1], expanded
#            g = best[cell] + 1
#            for step in NEXT8:
#                nxt = cell + step
#                if grid.is_free(nxt) and nxt not in done and g < best.get(nxt, g + 1):
#                    best[nxt], parent[nxt], order = g, cell, order + 1
#                    heapq.heappush(frontier, (g + h(nxt, target), -g if larger_g_first else g, order, nxt))
#        return None, expanded
#
#
#    GUESSES = {"0": lambda a, b: 0, "Chebyshev": chebyshev, "Euclid": math.dist,
#               "2 x Chebyshev": lambda a, b: 2 * chebyshev(a, b)}
#    rng = random.Random(1)
#    shortest, work, boards = dict.fromkeys(GUESSES, 0), dict.fromkeys(GUESSES, 0), 0
#    while boards < 100:
#        g = Grid(20, 15).with_random_blocked(30, rng, keep=[Coord(0, 0), Coord(19, 14)])
#        best_length = bfs(g, Coord(0, 0), Coord(19, 14)).length
#        if best_length is None:
#            continue
#        boards += 1
#        for name, h in GUESSES.items():
#            path, expanded = my_astar(g, Coord(0, 0), Coord(19, 14), h)
#            shortest[name] += len(path) - 1 == best_length
#            work[name] += len(expanded)
#    for name in GUESSES:
#        print(f"h = {name:14} shortest on {shortest[name]:3} of {boards} boards, {work[name] / boards:6.1f} cells")
#    ```
#
#    `h = 0` and Chebyshev always find shortest paths: both are **admissible** (they never
#    guess more moves than are really needed) and **consistent** (they drop by at most 1
#    per move), so a cell leaves the frontier with its shortest `g`. `h = 0` expands
#    about four times as many cells. The Euclidean distance is *not* admissible for a king:
#    from (0, 0) to (3, 3) it guesses 4.24, but 3 diagonal moves do; so A* sometimes
#    closes a cell too early and returns a longer path (on about a quarter of the boards).
#    2 × Chebyshev overestimates almost everywhere: it expands the fewest cells and finds a
#    shortest path on few boards. A bigger guess looks at less, but only a guess that never
#    overestimates can promise the shortest path.
#
#    </details>
#
# 5. **Ties matter.** Change the tie-breaking of A* to prefer the *smaller* `g` among
#    equal `f`. How many cells does it expand on the open 100 × 100 board, corner to
#    corner? Why? Then try the target (99, 50).
#
#    <details><summary>Answer</summary>
#
#    ```python
#    for target in (Coord(99, 99), Coord(99, 50)):
#        larger = len(my_astar(Grid(100, 100), Coord(0, 0), target, chebyshev)[1])
#        smaller = len(my_astar(Grid(100, 100), Coord(0, 0), target, chebyshev, larger_g_first=False)[1])
#        print(f"to {target}: larger g first {larger} cells, smaller g first {smaller} cells")
#    ```
#
#    Corner to corner, still **100**: there are no ties to break. A cell (x, y) has
#    g = max(x, y) and h = max(99 − x, 99 − y), so f = 99 only on the diagonal, and every
#    other cell has a larger f; A* walks down the diagonal whatever the tie rule. To
#    (99, 50) it is different: every cell with y ≤ x ≤ y + 49 and x + y ≤ 149 lies on some
#    shortest path (3,150 cells, some of them even above the target's row), so all of them
#    have the smallest f = 99. Preferring the larger g dives towards the target through
#    them and expands 100 cells; preferring the smaller g expands every one of them, a ring
#    of equal g at a time, like BFS: 3,150 cells.
#
#    </details>

# %%
def check_my_astar(my_astar) -> None:
    """Shortest valid paths with admissible guesses; the smaller-g tie rule expands more on the way to (99, 50)."""
    rng = random.Random(2)
    cases = 0
    while cases < 60:
        g = Grid(16, 12).with_random_blocked(30, rng, keep=[Coord(0, 0), Coord(15, 11)])
        expected = bfs(g, Coord(0, 0), Coord(15, 11))
        for h in (chebyshev, lambda a, b: 0):
            path, expanded = my_astar(g, Coord(0, 0), Coord(15, 11), h)
            if not expected.found:
                assert path is None, "the target cannot be reached: my_astar should return None as the path"
                continue
            problem = is_valid_path(g, path, Coord(0, 0), Coord(15, 11))
            assert problem is None, problem
            assert len(path) - 1 == expected.length, (
                f"a path of {len(path) - 1} moves; the shortest has {expected.length}")
            if h is chebyshev:  # a consistent guess: never a cell that BFS would not expand
                assert set(expanded) <= set(expected.expanded), "A* expanded a cell that BFS would not"
        cases += 1
    larger = len(my_astar(Grid(100, 100), Coord(0, 0), Coord(99, 50), chebyshev)[1])
    smaller = len(my_astar(Grid(100, 100), Coord(0, 0), Coord(99, 50), chebyshev, larger_g_first=False)[1])
    assert larger == 100, f"to (99, 50) with the larger g first A* should expand 100 cells, not {larger}"
    assert smaller > larger, "with the smaller g first A* should expand more cells"
    print(f"all {cases} boards pass; to (99, 50): {larger} cells with the larger g first, {smaller} with the smaller")


if "my_astar" in globals():
    check_my_astar(my_astar)
else:
    print("write my_astar above, then run this")

# %% [markdown]
# 6. **A board that fools the greedy player.** Build a 10 × 10 board, `trap`, with a few
#    blocked cells on which `paths.article_strategy` never reaches the target at all, whatever
#    moves it has left; `trap_start` and `trap_target` are its start and target. Draw it
#    and explain what goes wrong.
#
#    <details><summary>Answer</summary>
#
#    A pocket facing the target: a wall between start and target, with short arms towards
#    the start.
#
#    ```python
#    pocket = ({Coord(5, y) for y in range(1, 8)} | {Coord(x, 1) for x in range(2, 5)}
#              | {Coord(x, 7) for x in range(2, 5)})
#    trap = Grid(10, 10, blocked=frozenset(pocket))
#    trap_start, trap_target = Coord(0, 4), Coord(9, 4)
#    print(trap)
#    ```
#
#    The king walks straight into the pocket, to (4, 4), and the step towards the target,
#    (5, 4), is blocked. The fallback takes the free neighbour nearest the target: the
#    cells beside it, (4, 3) and (4, 5), are as near as (4, 4) itself, and every step back
#    is farther. It goes down to (4, 3), then (4, 2); from (4, 2) the nearest free
#    neighbour is (4, 3) again, and from (4, 3) it is (4, 2): the king swings between the
#    two forever. The rule never takes a step that *increases* the distance, and getting
#    out of a pocket needs several of them: only a search sees that.
#
#    </details>

# %%
from IPython.display import display


def check_trap(trap: Grid, trap_start: Coord, trap_target: Coord):
    """The target can be reached, but article_strategy's king never gets there in 1000 moves."""
    assert (trap.width, trap.height) == (10, 10), "the board should be 10 x 10"
    assert bfs(trap, trap_start, trap_target).found, "the target must be reachable from the start"
    rules = paths.ShortestPath(trap, trap_start, trap_target)
    state, cells = rules.initial_state(), [trap_start]
    for _ in range(1000):
        state = paths.PathState(trap, paths.article_strategy(rules, state), trap_target, state.moves + 1)
        cells.append(state.at)
        assert state.at != trap_target, f"the greedy king reached the target after {len(cells) - 1} moves"
    print("in 1000 moves the greedy king never reaches the target: the check passes")
    return SVG(render.svg.path_svg(trap, cells[:12], "the greedy king's first 11 moves"))


if all(name in globals() for name in ("trap", "trap_start", "trap_target")):
    display(check_trap(trap, trap_start, trap_target))
else:
    print("write trap, trap_start and trap_target above, then run this")
