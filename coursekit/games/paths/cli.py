"""The terminal's paths command: ``coursekit path`` finds a shortest king path (G2.1).

    coursekit path --width 20 --height 10 --blocked 30 --seed 4 --from 0,0 --to 19,9 --algorithm bfs

prints the grid with the path drawn (``S`` start, ``T`` target, ``*`` path, ``#`` blocked),
then ``length: N`` (moves) and ``expanded: N`` (cells the search took off its frontier).
The blocked cells are drawn at random, never on the start or the target, and may cut the
target off: then the grid is printed with ``no path: ...`` and the exit status is 1.
"""

from __future__ import annotations

import argparse

from ...cli._args import Context, Groups, Outcome, UsageError, cell, grid_arguments, seed_argument
from ...core import Coord, Grid
from ...render.search import path_marks
from ...solvers.search import ALGORITHMS, search

#: Exit status of ``coursekit path`` when the target cannot be reached.
NO_PATH_STATUS = 1


def register(groups: Groups) -> None:
    """Add ``coursekit path``."""
    path = groups.commands.add_parser(
        "path", help="find a shortest king path on a grid with blocked cells (BFS or A*)",
        description="Find a shortest king path on a grid with random blocked cells. Prints the grid with the "
                    "path, the length in moves and the number of cells the search expanded; exit status 1 "
                    "when the blocked cells cut the target off.")
    grid_arguments(path, side=10)
    seed_argument(path)
    path.add_argument("--from", dest="start", type=cell, default=None, help="the start as x,y (default 0,0)")
    path.add_argument("--to", dest="target", type=cell, default=None, help="the target as x,y (default: top right)")
    path.add_argument("--algorithm", choices=ALGORITHMS, default="astar",
                      help="breadth-first search or A* with the Chebyshev distance (default astar)")
    path.set_defaults(run=find_path)


def _inside(grid: Grid, where: Coord, option: str) -> Coord:
    if where not in grid:
        raise UsageError(f"{option} {where.x},{where.y} is outside the {grid.width} x {grid.height} grid")
    return where


def find_path(args: argparse.Namespace, context: Context) -> Outcome:
    """Block cells at random (never the start or the target), search, and show what was found."""
    grid = Grid(args.width, args.height)
    start = _inside(grid, args.start or Coord(0, 0), "--from")
    target = _inside(grid, args.target or Coord(args.width - 1, args.height - 1), "--to")
    if args.blocked:
        grid = grid.with_random_blocked(args.blocked, context.rng, keep=[start, target])
    result = search(grid, start, target, args.algorithm)
    picture = grid.picture(path_marks(grid, result.path, start, target))
    expanded = f"expanded: {len(result.expanded)}"
    if result.path is None:
        why = f"no path: the blocked cells cut the target {target} off from the start {start}"
        return Outcome(f"{picture}\n{why}\n{expanded}", NO_PATH_STATUS)
    return Outcome(f"{picture}\nlength: {result.length}\n{expanded}")
