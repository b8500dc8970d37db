"""P/N and Grundy tables of the one-way pieces: the fast sweep against today's plain sweep, memoised
recursion, and a plain numpy pass over an array of the table's size (the memory limit)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from coursekit.core.grid import Grid
from coursekit.solvers.tables import grundy_table, outcome_table, plain_grundy_table, plain_outcome_table

from . import baselines
from .measure import Section, grow, in_child, ratio, seconds_of

PIECE_NAMES = ("king", "rook", "queen", "knight")

COLUMNS = (
    ("table", "table"),
    ("piece", "piece"),
    ("size", "size"),
    ("seconds", "fast s"),
    ("cells_per_second", "fast cells/s"),
    ("memory_seconds", "memory s"),
    ("memory_cells_per_second", "memory cells/s"),
    ("plain_seconds", "plain s"),
    ("plain_ratio", "plain/fast"),
    ("baseline_size", "recursion size"),
    ("baseline_seconds", "recursion s"),
    ("fast_at_baseline", "fast s there"),
    ("ratio", "speed-up"),
    ("agree", "agree"),
)


@dataclass(frozen=True)
class Kind:
    """One kind of table: its name, its full size, the fast function, the baseline (recursion) and
    today's plain sweep (``None``: no plain column)."""

    name: str
    size: int
    fast: Callable[[str, Grid], Any]
    baseline: Callable[[str, int], tuple[float, Any]]
    plain: Callable[[str, Grid], Any] | None = None
    #: the numpy type of one cell of the table (letters: one byte; Grundy values: whole numbers)
    cell_type: str = "uint8"


def kinds(quick: bool) -> list[Kind]:
    return [
        Kind("P/N", 40 if quick else 2000, outcome_table, baselines.outcomes_by_recursion, plain_outcome_table),
        Kind("Grundy", 24 if quick else 300, grundy_table, baselines.grundy_by_recursion, plain_grundy_table,
             "int64"),
    ]


def measure(*, quick: bool, limit: float, pieces: tuple[str, ...] = PIECE_NAMES) -> Section:
    section = Section(
        "tables",
        f"Tables: the fast sweep (coursekit.solvers.tables) against today's plain sweep, memoised recursion "
        f"(budget {limit:g} s each) and a numpy memory pass",
        COLUMNS,
    )
    for kind in kinds(quick):
        for piece in pieces:
            section.rows.append(_row(section, kind, piece, quick=quick, limit=limit))
    section.notes.append(
        "size: side of the open square grid (made before the clock starts); fast s: best of up to three runs; "
        "cells/s: cells of the table per second; memory s: the best of ten numpy copies of an array of the "
        "table's shape and cell type (one read and one write of every cell: the memory limit); plain s: today's "
        "cell-by-cell sweep (plain_outcome_table, plain_grundy_table) at the full size, one run; recursion size: "
        "the largest side the recursion finished within the budget (grown by doubling, then a coarse step); fast "
        "s there: the sweep at that side; speed-up = recursion s / fast s there; agree: the fast and plain "
        "tables equal cell for cell at the full size, and all three at the recursion's size."
    )
    return section


def memory_pass(side: int, cell_type: str) -> float:
    """The best time of a numpy copy of a ``side`` x ``side`` array of ``cell_type``."""
    import numpy

    cells = numpy.ones((side, side), dtype=cell_type)
    seconds, _ = seconds_of(lambda: cells.copy(), at_least=0.0, most=10)
    return seconds


def _row(section: Section, kind: Kind, piece: str, *, quick: bool, limit: float) -> dict[str, Any]:
    def run(side: int, timeout: float) -> tuple[float, Any] | None:
        done: tuple[float, Any] | None = in_child(kind.baseline, (piece, side), timeout)
        return done

    reached = grow(run, 8 if quick else 32, kind.size, limit, f"{kind.name} {piece} recursion")
    full = Grid(kind.size, kind.size)
    fast_seconds, fast_table = seconds_of(lambda: kind.fast(piece, full), most=3)
    cells = kind.size * kind.size
    memory_seconds = memory_pass(kind.size, kind.cell_type)
    row: dict[str, Any] = {
        "table": kind.name,
        "piece": piece,
        "size": f"{kind.size} x {kind.size}",
        "seconds": fast_seconds,
        "cells_per_second": cells / fast_seconds,
        "memory_seconds": memory_seconds,
        "memory_cells_per_second": cells / memory_seconds,
        "plain_seconds": None,
        "plain_ratio": None,
        "baseline_size": None,
        "baseline_seconds": None,
        "fast_at_baseline": None,
        "ratio": None,
        "agree": None,
        "baseline_runs": [[side, seconds] for side, seconds, _ in reached.runs],
        "baseline_stopped": reached.stopped,
    }
    agree = True
    plain = kind.plain
    if plain is not None:
        plain_seconds, plain_table = seconds_of(lambda: plain(piece, full), at_least=0.0, most=1)
        row.update(plain_seconds=plain_seconds, plain_ratio=ratio(plain_seconds, fast_seconds))
        if tuple(fast_table.values) != tuple(plain_table.values):
            agree = False
            section.disagree(f"{kind.name} table of the {piece} at {kind.size} x {kind.size}: the fast and the "
                             f"plain sweep differ")
    if reached.size is None:
        section.notes.append(f"{kind.name} {piece}: the recursion finished no size within {limit:g} s")
        row["agree"] = agree if plain is not None else None
        return row
    side = reached.size
    grid = Grid(side, side)
    there, small = seconds_of(lambda: kind.fast(piece, grid))
    if side == kind.size:
        there = min(there, fast_seconds)  # two measurements of one thing: the best, shown once
        row.update(seconds=there, cells_per_second=cells / there)
    expected = tuple(reached.result)  # every cell, row by row from the bottom
    if tuple(small.values) != expected:
        agree = False
        section.disagree(f"{kind.name} table of the {piece} at {side} x {side}: the sweep and the recursion differ")
    if plain is not None and tuple(plain(piece, grid).values) != expected:
        agree = False
        section.disagree(f"{kind.name} table of the {piece} at {side} x {side}: the plain sweep and the recursion "
                         f"differ")
    row.update(
        baseline_size=f"{side} x {side}",
        baseline_seconds=reached.seconds,
        fast_at_baseline=there,
        ratio=ratio(reached.seconds, there),
        agree=agree,
    )
    return row
