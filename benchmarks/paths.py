"""Shortest paths, corner to corner: breadth-first search against A* (coursekit.solvers.search)."""

from __future__ import annotations

import functools
import random
import statistics
from typing import Any

from coursekit.core.grid import Coord
from coursekit.games.paths import distances, reachable_grid
from coursekit.solvers.search import astar, bfs, is_valid_path

from .measure import Section, ratio, seconds_of

PERCENTS = (0, 20, 30)

COLUMNS = (
    ("blocked", "blocked"),
    ("size", "size"),
    ("grids", "grids"),
    ("bfs_expanded", "BFS expanded"),
    ("astar_expanded", "A* expanded"),
    ("expanded_ratio", "fewer"),
    ("bfs_ms", "BFS ms"),
    ("astar_ms", "A* ms"),
    ("ratio", "speed-up"),
    ("length", "length"),
    ("agree", "agree"),
)


def measure(*, quick: bool, seeds: int | None = None) -> Section:
    side = 30 if quick else 200
    count = seeds if seeds is not None else (1 if quick else 3)
    section = Section("paths", f"Shortest paths on {side} x {side} grids, corner to corner: BFS against A*", COLUMNS)
    start, target = Coord(0, 0), Coord(side - 1, side - 1)
    for percent in PERCENTS:
        runs = []
        for seed in range(1, count + 1):
            grid = reachable_grid(side, side, percent, random.Random(seed), start, target)
            bfs_seconds, wide = seconds_of(functools.partial(bfs, grid, start, target))
            astar_seconds, aimed = seconds_of(functools.partial(astar, grid, start, target))
            shortest = distances(grid, start)[target]  # an independent flood fill
            problems = [f"{r.algorithm}: {why}" for r in (wide, aimed)
                        if (why := is_valid_path(grid, r.path, start, target)) is not None]
            problems += [f"{r.algorithm} found {r.length} moves, the shortest is {shortest}"
                         for r in (wide, aimed) if r.length != shortest]
            for problem in problems:
                section.disagree(f"{percent} % blocked, seed {seed}: {problem}")
            runs.append({
                "seed": seed,
                "bfs_expanded": len(wide.expanded),
                "astar_expanded": len(aimed.expanded),
                "bfs_seconds": bfs_seconds,
                "astar_seconds": astar_seconds,
                "length": shortest,
                "agree": not problems,
            })
        row: dict[str, Any] = {
            "blocked": f"{percent} %",
            "size": f"{side} x {side}",
            "grids": len(runs),
            "bfs_expanded": round(statistics.fmean(r["bfs_expanded"] for r in runs)),
            "astar_expanded": round(statistics.fmean(r["astar_expanded"] for r in runs)),
            "bfs_ms": 1000 * statistics.fmean(r["bfs_seconds"] for r in runs),
            "astar_ms": 1000 * statistics.fmean(r["astar_seconds"] for r in runs),
            "length": round(statistics.fmean(r["length"] for r in runs)),
            "agree": all(r["agree"] for r in runs),
            "runs": runs,
        }
        row["expanded_ratio"] = ratio(row["bfs_expanded"], row["astar_expanded"])
        row["ratio"] = ratio(row["bfs_ms"], row["astar_ms"])
        section.rows.append(row)
    section.notes.append(
        f"means over {count} seeded grid{'s' if count > 1 else ''} per row (seeds 1..{count}, "
        "coursekit.games.paths.reachable_grid, so the target is reachable); fewer = BFS expanded / A* expanded; "
        "speed-up = BFS ms / A* ms; agree: both paths valid and as short as an independent flood fill."
    )
    return section
