"""Checks for the pursuit assignment: a student's Tom (``pursuer_move``) and Jerry (``prey_move``).

Both functions take ``(grid, pursuer, prey)``, the cells of Tom and Jerry, and return the
cell their piece steps to (one of its 8 neighbouring free cells). Each is played against
the optimal other side, from :class:`~coursekit.games.pursuit.solver.PursuitSolver`, from
several starts, and compared with the **optimal capture time** of each start (Tom's moves
until capture when both sides play their best):

- Tom's share of a start is ``optimal / yours`` (the moves he took to catch an optimal
  Jerry), and 0 if he has not caught him after ``limit`` moves;
- Jerry's share is ``yours / optimal`` (the moves an optimal Tom needed to catch him).

``check_*`` (visible tests, all or nothing) want legal moves, a Tom who catches, a Jerry who
never steps onto Tom; :func:`score_move` (hidden tests, partial points) returns ``points`` times the
average share, to two decimals, and report each start with the first move that was worse
than the best one and a better move.

>>> from coursekit.core import Coord, Grid
>>> chase = Chase(Grid(5, 5), Coord(0, 0), Coord(4, 4))
>>> def straight_tom(grid, tom, jerry):  # the article's rule: one step toward Jerry
...     return Coord(tom.x + (jerry.x > tom.x) - (jerry.x < tom.x), tom.y + (jerry.y > tom.y) - (jerry.y < tom.y))
>>> score_move(straight_tom, [chase], 8, side="pursuer", report=None)
8.0
>>> score_move(lambda grid, tom, jerry: Coord(jerry.x - 1, jerry.y - 1), [chase], 8, side="prey", report=None)
4.0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from ...core.grid import Coord, Grid
from ...grading.answers import as_pair
from ...grading.kernel import Case, Malformed, Score, ask, malformed_message
from ...grading.limits import Calls
from ...grading.pictures import PURSUIT_LEGEND, picture
from ..paths.rules import distances, grid_summary
from .players import tom_step
from .rules import Pursuit, PursuitState, steps_from
from .solver import PursuitSolver

__all__ = [
    "MOVE_LIMIT", "Chase", "ChaseResult", "chase_starts", "check_prey_move", "check_pursuer_move", "play_chase",
    "pursuit_cases", "score_move", "solver_for", "straight_tom_time",
]

Side = Literal["pursuer", "prey"]

#: Tom's moves after which an uncaught Jerry counts as escaped (that start earns nothing).
MOVE_LIMIT = 50

@dataclass(frozen=True)
class Chase:
    """A start: the grid, Tom's cell and Jerry's cell (distinct free cells)."""

    grid: Grid
    pursuer: Coord
    prey: Coord

    def __str__(self) -> str:
        return f"{grid_summary(self.grid)}, Tom {self.pursuer}, Jerry {self.prey}"


@lru_cache(maxsize=32)
def solver_for(grid: Grid) -> PursuitSolver:
    """The exact solver for one pursuer on ``grid`` (cached)."""
    return PursuitSolver(grid, pursuers=1)


def _playable(grid: Grid) -> bool:
    """Free cells all connected, and none walled in (every free cell has a free neighbour)."""
    cells = list(grid.free_cells())
    if len(cells) < 2 or any(not grid.neighbours8(c) for c in cells):
        return False
    return len(distances(grid, cells[0])) == len(cells)


def chase_starts(grid: Grid, count: int, seed: int, *, least: int = 3) -> list[Chase]:
    """``count`` different starts on ``grid`` whose optimal capture time is finite and at least ``least``.

    >>> starts = chase_starts(Grid(6, 6), 3, seed=1)
    >>> starts == chase_starts(Grid(6, 6), 3, seed=1), all(solver_for(Grid(6, 6)).capture_time(s.pursuer, s.prey) >= 3
    ...                                                     for s in starts)
    (True, True)
    """
    rng = random.Random(seed)
    solver = solver_for(grid)
    cells = list(grid.free_cells())
    candidates = [(a, b) for a in cells for b in cells if a != b and (solver.capture_time(a, b) or 0) >= least]
    if len(candidates) < count:
        raise ValueError(f"the {grid.width} x {grid.height} grid has only {len(candidates)} starts with a capture "
                         f"time of at least {least}")
    return [Chase(grid, a, b) for a, b in rng.sample(candidates, count)]


def pursuit_cases(seed: int, *, per_grid: int = 4) -> list[Chase]:
    """The hidden starts: ``per_grid`` starts on each of an open 8 x 8 grid and two grids with blocked cells.

    The blocked grids (8 x 8 with 10 % blocked, 8 x 7 with 12 %) are drawn from ``seed``,
    with their free cells connected and none walled in. On each of them the first start is
    one from which the article's Tom (a step straight toward Jerry) never catches an optimal
    Jerry, so the starts tell a Tom who looks ahead from one who does not.

    >>> cases = pursuit_cases(1)
    >>> len(cases), [str(c) for c in cases] == [str(c) for c in pursuit_cases(1)]
    (12, True)
    >>> [straight_tom_time(c) is None for c in cases[4::4]]
    [True, True]
    """
    rng = random.Random(seed)
    cases = chase_starts(Grid(8, 8), per_grid, rng.randrange(10**9))
    for width, height, percent in ((8, 8, 10), (8, 7, 12)):
        for _ in range(1000):
            grid = Grid(width, height).with_random_blocked(percent, rng)
            if not _playable(grid):
                continue
            starts = chase_starts(grid, min(per_grid + 12, _count_starts(grid)), rng.randrange(10**9))
            missed = [start for start in starts if straight_tom_time(start) is None]
            if missed and len(starts) >= per_grid:
                rest = [start for start in starts if start != missed[0]]
                cases += [missed[0], *rest[:per_grid - 1]]
                break
        else:
            raise ValueError(f"no playable {width} x {height} grid with {percent}% blocked")
    return cases


def _count_starts(grid: Grid) -> int:
    solver = solver_for(grid)
    cells = list(grid.free_cells())
    return sum(1 for a in cells for b in cells if a != b and (solver.capture_time(a, b) or 0) >= 3)


def straight_tom_time(chase: Chase, limit: int = MOVE_LIMIT) -> int | None:
    """The article's Tom (a step straight toward Jerry) against an optimal Jerry: his moves to catch him, or ``None``.

    This is :func:`coursekit.games.pursuit.players.tom_step`: when the straight step is blocked, Tom takes
    the free neighbour closest to Jerry.

    >>> straight_tom_time(Chase(Grid(5, 5), Coord(0, 0), Coord(4, 4)))
    4
    """
    grid = chase.grid
    solver = solver_for(grid)
    rules = Pursuit(grid, start=((chase.pursuer,), chase.prey), max_moves=limit)
    state = rules.initial_state()
    while not rules.is_over(state):
        if state.turn == 0:
            state = rules.apply(state, (tom_step(grid, state.pursuers[0], state.prey),))
        else:
            state = rules.apply(state, solver.best_prey_move(state))
    return state.moves if state.caught else None


def _picture(grid: Grid, tom: Coord, jerry: Coord, marks: dict[Coord, str] | None = None) -> str:
    return picture(grid, {**(marks or {}), tom: "T", jerry: "J"}, PURSUIT_LEGEND)


@dataclass(frozen=True)
class ChaseResult:
    """One start played: the optimal capture time, the student's, and the first move worse than the best."""

    chase: Chase
    side: Side
    optimal: int
    achieved: int | None
    slip: str = ""

    @property
    def share(self) -> float:
        """Tom: ``optimal / achieved`` (0 if not caught); Jerry: ``achieved / optimal``."""
        if self.achieved is None:
            return 0.0 if self.side == "pursuer" else 1.0
        if self.side == "pursuer":
            return self.optimal / self.achieved if self.achieved else 1.0
        return min(1.0, self.achieved / self.optimal)

    def line(self) -> str:
        yours = "not caught" if self.achieved is None else f"caught at move {self.achieved}"
        return f"  {self.chase}: optimal {self.optimal}, yours {yours}, share {self.share:.2f}"


def _never(time: int | None) -> float:
    return float("inf") if time is None else time


def _student_move(func: Callable[..., Any], name: str, rules: Pursuit, state: PursuitState, calls: Calls,
                  side: Side) -> Coord:
    """Ask the student's function for its move and check it; an ``AssertionError`` says what is wrong."""
    tom, jerry = state.pursuers[0], state.prey
    call = f"{name}(grid, {tom}, {jerry})"
    grid = state.grid
    case = Case((grid, tom, jerry), call)
    answer = ask(func, case, calls, context=lambda: _picture(grid, tom, jerry))
    pair = as_pair(answer)
    here = tom if side == "pursuer" else jerry
    if pair is None:
        who = "Tom" if side == "pursuer" else "Jerry"
        raise AssertionError(malformed_message(case, answer, Malformed(
            f"it must return the cell {who} steps to, a Coord (or a tuple of two ints) such as "
            f"{steps_from(grid, here)[0]!r}"), _picture(grid, tom, jerry)))
    move = Coord(*pair)
    reason = rules.why_illegal(state, (move,) if side == "pursuer" else move)
    if reason is not None:
        raise AssertionError(f"{call} returned {move}, which is not a legal move:\n{reason}.\n\n"
                             f"{_picture(grid, tom, jerry, {move: 'Y'})}")
    return move


def play_chase(func: Callable[..., Any], name: str, side: Side, chase: Chase, calls: Calls,
               *, limit: int = MOVE_LIMIT) -> ChaseResult:
    """Play the student's ``side`` against the optimal other side from ``chase``."""
    grid = chase.grid
    solver = solver_for(grid)
    optimal = solver.capture_time(chase.pursuer, chase.prey)
    if optimal is None:
        raise ValueError(f"Jerry escapes from {chase} even against an optimal Tom: not a start to grade on")
    rules = Pursuit(grid, start=((chase.pursuer,), chase.prey), max_moves=limit)
    state = rules.initial_state()
    slip = ""
    while not rules.is_over(state):
        if state.turn == 0:
            if side == "pursuer":
                move = _student_move(func, name, rules, state, calls, side)
                times = solver.pursuer_move_times(state)
                best = min(times, key=lambda m: _never(times[m]))
                if not slip and _never(times[(move,)]) > _never(times[best]):
                    slip = _slip(name, state, move, best[0], times[(move,)], times[best], side)
                state = rules.apply(state, (move,))
            else:
                state = rules.apply(state, solver.best_pursuer_move(state))
        else:
            if side == "prey":
                move = _student_move(func, name, rules, state, calls, side)
                after = solver.prey_move_times(state)
                best_cell = max(after, key=lambda c: _never(after[c]))
                if not slip and _never(after[move]) < _never(after[best_cell]):
                    slip = _slip(name, state, move, best_cell, after[move], after[best_cell], side)
                state = rules.apply(state, move)
            else:
                state = rules.apply(state, solver.best_prey_move(state))
    return ChaseResult(chase, side, optimal, state.moves if state.caught else None, slip)


def _slip(name: str, state: PursuitState, move: Coord, better: Coord, yours: int | None, best: int | None,
          side: Side) -> str:
    """The message for the first move worse than the best: the position, the move, why, a better move."""
    tom, jerry = state.pursuers[0], state.prey
    if side == "pursuer":
        def catch(time: int | None) -> str:
            return "the best Jerry can escape forever" if time is None else \
                f"Tom catches the best Jerry at move {state.moves + time}"
        text = (f"At move {state.moves + 1}, {name}(grid, {tom}, {jerry}) returned {move}: then {catch(yours)}; "
                f"{better} instead: {catch(best)}.")
    else:
        def hold(time: int | None) -> str:
            return "Jerry escapes forever" if time is None else f"the best Tom catches him at move {state.moves + time}"
        text = (f"After Tom's move {state.moves}, {name}(grid, {tom}, {jerry}) returned {move}: then {hold(yours)}; "
                f"{better} instead: {hold(best)}.")
    return f"{text}\n{_picture(state.grid, tom, jerry, {move: 'Y', better: 'B'})}"


def _results(func: Callable[..., Any], name: str, side: Side, chases: Iterable[Chase], calls: Calls,
             limit: int) -> list[ChaseResult]:
    return [play_chase(func, name, side, chase, calls, limit=limit) for chase in chases]


def check_pursuer_move(
    func: Callable[..., Any],
    chases: Iterable[Chase],
    *,
    limit: int = MOVE_LIMIT,
    per_call: float = 2.0,
    total: float = 10.0,
    report: Callable[[str], None] | None = print,
) -> list[ChaseResult]:
    """Tom (``func``, the student's ``pursuer_move``) must move legally and catch an optimal Jerry from every start.

    Fails at the first illegal answer, or at a start where Tom has not caught Jerry after
    ``limit`` moves; ``report`` gets each start's figures (how close to the optimum).

    >>> from coursekit.core import Coord, Grid
    >>> check_pursuer_move(lambda grid, tom, jerry: tom, [Chase(Grid(4, 4), Coord(0, 0), Coord(3, 3))])
    Traceback (most recent call last):
    ...
    AssertionError: pursuer_move(grid, [0, 0], [3, 3]) returned [0, 0], which is not a legal move:
    the pursuer must move: standing still on [0, 0] is not allowed.
    <BLANKLINE>
    3  . . . J
    2  . . . .
    1  . . . .
    0  T . . .
       0 1 2 3
    T Tom (the pursuer), J Jerry (the prey), # blocked
    """
    results = _results(func, "pursuer_move", "pursuer", chases, Calls("pursuer_move", per_call, total), limit)
    _report(results, "pursuer_move", report)
    for result in results:
        if result.achieved is None:
            raise AssertionError(
                f"pursuer_move did not catch Jerry within {limit} moves from {result.chase} "
                f"(the best Tom needs {result.optimal}).\n{result.slip}\n"
                f"Hint: stepping straight toward Jerry lets him run around blocked cells; look ahead to where "
                f"Jerry can go, or work out the capture times of every position.")
    return results


def check_prey_move(
    func: Callable[..., Any],
    chases: Iterable[Chase],
    *,
    per_call: float = 2.0,
    total: float = 10.0,
    report: Callable[[str], None] | None = print,
) -> list[ChaseResult]:
    """Jerry (``func``, the student's ``prey_move``) must move legally, and never onto Tom while he has another move.

    ``report`` gets each start's figures (how close to the optimum).

    >>> from coursekit.core import Coord, Grid
    >>> check_prey_move(lambda grid, tom, jerry: tom, [Chase(Grid(4, 4), Coord(0, 0), Coord(3, 3))], report=None)
    Traceback (most recent call last):
    ...
    AssertionError: prey_move(grid, [3, 2], [3, 3]) returned [3, 2], Tom's own cell: Jerry is caught at once. \
Step to a free cell instead; the best is [2, 2].
    <BLANKLINE>
    3  . . . J
    2  . . B T
    1  . . . .
    0  . . . .
       0 1 2 3
    T Tom (the pursuer), J Jerry (the prey), B a better move, # blocked
    """
    chosen = list(chases)
    calls = Calls("prey_move", per_call, total)
    onto = _onto_tom(func, chosen, calls)
    if onto:
        raise AssertionError(onto)
    results = _results(func, "prey_move", "prey", chosen, calls, MOVE_LIMIT)
    _report(results, "prey_move", report)
    return results


def _onto_tom(func: Callable[..., Any], chases: list[Chase], calls: Calls) -> str:
    """A message if Jerry steps onto Tom (next to him) while another step was free, else ``""``."""
    for chase in chases:
        grid = chase.grid
        rules = Pursuit(grid, start=((chase.pursuer,), chase.prey))
        for tom in grid.neighbours8(chase.prey):
            state = PursuitState(grid, (tom,), chase.prey, 1, 1)
            move = _student_move(func, "prey_move", rules, state, calls, "prey")
            others = [c for c in steps_from(grid, chase.prey) if c != tom]
            if move == tom and others:
                better = solver_for(grid).best_prey_move(state)
                return (f"prey_move(grid, {tom}, {chase.prey}) returned {move}, Tom's own cell: Jerry is caught at "
                        f"once. Step to a free cell instead; the best is {better}.\n\n"
                        f"{_picture(grid, tom, chase.prey, {better: 'B'})}")
    return ""


def _report(results: list[ChaseResult], name: str, report: Callable[[str], None] | None,
            points: float | None = None) -> Score:
    """The starts' shares as a :class:`~coursekit.grading.kernel.Score` (of ``points``, if given), reported."""
    score = Score(name, 1 if points is None else points, [r.share for r in results],
                  [r.line().strip() for r in results], unit="starts")
    if report is not None:
        scale = "optimal / yours" if name == "pursuer_move" else "yours / optimal"
        report(f"{name}: Tom's moves until capture, start by start (share: {scale})")
        for line in score.shown():
            report(f"  {line}")
        report(score.summary() if points is not None else f"{name}: average share {score.average:.3f}")
        slips = [r for r in results if r.slip]
        if slips:
            report(f"The first move worse than the best, from {slips[0].chase}:")
            report(slips[0].slip)
    return score


def score_move(
    func: Callable[..., Any],
    chases: Iterable[Chase],
    points: float,
    *,
    side: Side,
    limit: int = MOVE_LIMIT,
    per_call: float = 2.0,
    total: float = 15.0,
    report: Callable[[str], None] | None = print,
) -> float:
    """The points of ``func``, the student's ``pursuer_move`` (``side="pursuer"``, Tom) or ``prey_move``
    (``side="prey"``, Jerry): ``points`` times the average share over the starts.

    Tom's share of a start is ``optimal / yours`` (0 if he has not caught Jerry after ``limit``
    moves), Jerry's ``yours / optimal``.
    """
    if side not in ("pursuer", "prey"):
        raise ValueError(f"side is 'pursuer' (Tom) or 'prey' (Jerry), got {side!r}")
    name = f"{side}_move"
    results = _results(func, name, side, chases, Calls(name, per_call, total), limit)
    return _report(results, name, report, points).earned
