"""Pursuit: the exact solver (coursekit.games.pursuit.solver) against a plain dict-based retrograde one."""

from __future__ import annotations

from typing import Any

from coursekit.core.grid import Coord, Grid
from coursekit.games.pursuit.solver import PursuitSolver

from . import baselines
from .measure import Section, grow, in_child, memory_now_kib, memory_peak_kib, ratio, reset_peak

COLUMNS = (
    ("pursuers", "pursuers"),
    ("size", "size"),
    ("states", "states"),
    ("seconds", "fast s"),
    ("peak_mib", "fast MiB"),
    ("worst", "worst start"),
    ("baseline_size", "dict size"),
    ("baseline_seconds", "dict s"),
    ("baseline_peak_mib", "dict MiB"),
    ("fast_at_baseline", "fast s there"),
    ("ratio", "speed-up"),
    ("agree", "agree"),
)

#: A grid where the prey escapes one pursuer (it circles the blocked cell), to check escapes agree.
RING = (5, frozenset({Coord(2, 2)}))


def fast_run(side: int, pursuers: int, blocked: frozenset[Coord] = frozenset()) -> dict[str, Any]:
    """Solve in this process: the memory the first solve added at its peak, the best time of three."""
    grid = Grid(side, side, blocked)
    reset_peak()
    before = memory_now_kib()
    solver = PursuitSolver(grid, pursuers)
    peak = memory_peak_kib() - before
    seconds = min(solver.seconds, *(PursuitSolver(grid, pursuers).seconds for _ in range(2)))
    return {"states": solver.states, "seconds": seconds, "peak_kib": peak, "worst": solver.worst_start()[0]}


def baseline_run(side: int, pursuers: int, blocked: frozenset[Coord] = frozenset()) -> dict[str, Any]:
    """The dict-based solver in this process, with its time, its memory peak and its capture times."""
    reset_peak()
    before = memory_now_kib()
    seconds, times = baselines.pursuit_by_retrograde(side, pursuers, blocked)
    peak = memory_peak_kib() - before
    return {"seconds": seconds, "peak_kib": peak, "times": times}


def worst_start(times: dict[tuple[tuple[Coord, ...], Coord], int], side: int, pursuers: int,
                blocked: frozenset[Coord] = frozenset()) -> int | None:
    """The longest capture time over starts on distinct cells; ``None`` if the prey escapes from one."""
    cells = [c for c in Grid(side, side, blocked).free_cells()]
    worst = 0
    teams: list[tuple[Coord, ...]] = [(c,) for c in cells]
    if pursuers == 2:
        teams = [(a, b) for a in cells for b in cells if a < b]
    for team in teams:
        for prey in cells:
            if prey in team:
                continue
            value = times.get((team, prey))
            if value is None:
                return None
            worst = max(worst, value)
    return worst


def differences(solver: PursuitSolver, times: dict[tuple[tuple[Coord, ...], Coord], int]) -> list[str]:
    """Positions (pursuers to move, prey not caught) where the two solvers' capture times differ."""
    cells = solver.cells
    teams: list[tuple[Coord, ...]] = [(c,) for c in cells]
    if solver.pursuers == 2:
        teams = [(a, b) for a in cells for b in cells]
    found = []
    for team in teams:
        for prey in cells:
            if prey in team:
                continue
            fast, plain = solver.capture_time(team, prey), times.get((team, prey))
            if fast != plain:
                found.append(f"pursuers {', '.join(map(str, team))}, prey {prey}: fast {fast}, dict {plain}")
    return found


def measure(*, quick: bool, limit: float) -> Section:
    side = 5 if quick else 10
    section = Section(
        "pursuit",
        f"Pursuit: exact solver (numpy, coursekit.games.pursuit.solver) against dict-based retrograde analysis "
        f"(budget {limit:g} s each)",
        COLUMNS,
    )
    for pursuers in (1, 2):
        section.rows.append(_row(section, side, pursuers, limit))
    ring_side, ring_blocked = RING
    ring_fast = PursuitSolver(Grid(ring_side, ring_side, ring_blocked), 1)
    ring_plain = baselines.pursuit_by_retrograde(ring_side, 1, ring_blocked)[1]
    wrong = differences(ring_fast, ring_plain)
    for message in wrong[:3]:
        section.disagree(f"{ring_side} x {ring_side} with [2, 2] blocked: {message}")
    section.notes.append(
        "states: positions the solver covers (pursuers to move and prey to move); fast s: the solver's own "
        "timing, best of three; MiB: the highest resident memory during a solve above what the process held "
        "before it (each run in a new process); worst start: "
        "the longest optimal capture time over starts on distinct cells, in pursuers' moves; dict size: the largest "
        "side the dict-based solver finished within the budget; speed-up = dict s / fast s there; agree: the same "
        "capture time for every position at that side."
    )
    section.notes.append(
        f"escapes: on {ring_side} x {ring_side} with the centre blocked, the prey escapes one pursuer from "
        f"{sum(1 for t in ring_fast.cells for p in ring_fast.cells if p != t and ring_fast.capture_time(t, p) is None)}"
        f" positions; both solvers agree there: {'yes' if not wrong else 'NO'}."
    )
    return section


def _row(section: Section, side: int, pursuers: int, limit: float) -> dict[str, Any]:
    fast = in_child(fast_run, (side, pursuers), 10 * limit + 60, fresh=True)
    if fast is None:
        raise RuntimeError(f"the pursuit solver ran past {10 * limit + 60:g} s on {side} x {side}")

    def run(size: int, timeout: float) -> tuple[float, Any] | None:
        done = in_child(baseline_run, (size, pursuers), timeout, fresh=True)
        return None if done is None else (done["seconds"], done)

    reached = grow(run, 3, side, limit, f"{pursuers} pursuer(s) dict")
    row: dict[str, Any] = {
        "pursuers": pursuers,
        "size": f"{side} x {side}",
        "states": fast["states"],
        "seconds": fast["seconds"],
        "peak_mib": fast["peak_kib"] / 1024,
        "worst": "escapes" if fast["worst"] is None else fast["worst"],
        "baseline_size": None,
        "baseline_seconds": None,
        "baseline_peak_mib": None,
        "fast_at_baseline": None,
        "ratio": None,
        "agree": None,
        "baseline_runs": [[size, seconds] for size, seconds, _ in reached.runs],
        "baseline_stopped": reached.stopped,
    }
    if reached.size is None:
        section.notes.append(f"{pursuers} pursuer(s): the dict-based solver finished no size within {limit:g} s")
        return row
    size, plain = reached.size, reached.result
    solver = PursuitSolver(Grid(size, size), pursuers)
    there = min(solver.seconds, *(PursuitSolver(Grid(size, size), pursuers).seconds for _ in range(2)))
    if size == side:
        there = fast["seconds"]  # the same measurement as the row's: one figure for one thing
    wrong = differences(solver, plain["times"])
    if worst_start(plain["times"], size, pursuers) != solver.worst_start()[0]:
        wrong.append("the worst starts differ")
    for message in wrong[:3]:
        section.disagree(f"{pursuers} pursuer(s), {size} x {size}: {message}")
    row.update(
        baseline_size=f"{size} x {size}",
        baseline_seconds=plain["seconds"],
        baseline_peak_mib=plain["peak_kib"] / 1024,
        fast_at_baseline=there,
        ratio=ratio(plain["seconds"], there),
        agree=not wrong,
    )
    return row
