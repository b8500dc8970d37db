"""P/N and Grundy tables of the one-way pieces: the one-sweep tables against memoised recursion."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from coursekit.core.grid import Grid
from coursekit.solvers.tables import grundy_table, outcome_table

from . import baselines
from .measure import Section, grow, in_child, ratio, seconds_of

PIECE_NAMES = ("king", "rook", "queen", "knight")

COLUMNS = (
    ("table", "table"),
    ("piece", "piece"),
    ("size", "size"),
    ("seconds", "fast s"),
    ("baseline_size", "recursion size"),
    ("baseline_seconds", "recursion s"),
    ("fast_at_baseline", "fast s there"),
    ("ratio", "speed-up"),
    ("agree", "agree"),
)


@dataclass(frozen=True)
class Kind:
    """One kind of table: its name, its full size, the fast function and the baseline."""

    name: str
    size: int
    fast: Callable[[str, Grid], Any]
    baseline: Callable[[str, int], tuple[float, Any]]


def kinds(quick: bool) -> list[Kind]:
    return [
        Kind("P/N", 40 if quick else 2000, outcome_table, baselines.outcomes_by_recursion),
        Kind("Grundy", 24 if quick else 300, grundy_table, baselines.grundy_by_recursion),
    ]


def measure(*, quick: bool, limit: float, pieces: tuple[str, ...] = PIECE_NAMES) -> Section:
    section = Section(
        "tables",
        f"Tables: one sweep (coursekit.solvers.tables) against memoised recursion (budget {limit:g} s each)",
        COLUMNS,
    )
    for kind in kinds(quick):
        for piece in pieces:
            section.rows.append(_row(section, kind, piece, quick=quick, limit=limit))
    section.notes.append(
        "size: side of the open square grid; fast s: best of up to three runs; recursion size: the largest side "
        "the recursion finished within the budget (grown by doubling, then a coarse step); fast s there: the sweep "
        "at that side; "
        "speed-up = recursion s / fast s there; agree: both tables equal cell for cell at that side."
    )
    return section


def _row(section: Section, kind: Kind, piece: str, *, quick: bool, limit: float) -> dict[str, Any]:
    def run(side: int, timeout: float) -> tuple[float, Any] | None:
        done: tuple[float, Any] | None = in_child(kind.baseline, (piece, side), timeout)
        return done

    reached = grow(run, 8 if quick else 32, kind.size, limit, f"{kind.name} {piece} recursion")
    fast_seconds, _ = seconds_of(lambda: kind.fast(piece, Grid(kind.size, kind.size)), most=3)
    row: dict[str, Any] = {
        "table": kind.name,
        "piece": piece,
        "size": f"{kind.size} x {kind.size}",
        "seconds": fast_seconds,
        "baseline_size": None,
        "baseline_seconds": None,
        "fast_at_baseline": None,
        "ratio": None,
        "agree": None,
        "baseline_runs": [[side, seconds] for side, seconds, _ in reached.runs],
        "baseline_stopped": reached.stopped,
    }
    if reached.size is None:
        section.notes.append(f"{kind.name} {piece}: the recursion finished no size within {limit:g} s")
        return row
    side = reached.size
    there, small = seconds_of(lambda: kind.fast(piece, Grid(side, side)))
    if side == kind.size:
        there = min(there, fast_seconds)  # two measurements of one thing: the best, shown once
        row["seconds"] = there
    agree = tuple(small.values) == tuple(reached.result)  # every cell, row by row from the bottom
    if not agree:
        section.disagree(f"{kind.name} table of the {piece} at {side} x {side}: the sweep and the recursion differ")
    row.update(
        baseline_size=f"{side} x {side}",
        baseline_seconds=reached.seconds,
        fast_at_baseline=there,
        ratio=ratio(reached.seconds, there),
        agree=agree,
    )
    return row
