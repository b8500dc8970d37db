"""Checks for the shortest-path assignment: a student's ``bfs`` and ``astar`` (G2.1).

The student writes ``search(grid, start, target) -> (path, expanded)``: ``path`` is the
list of cells from ``start`` to ``target`` (both included), or ``None`` when the target
cannot be reached, and ``expanded`` is how many cells the search took off its frontier
to look at their neighbours. Two kinds of checks:

- :func:`check_search` (all or nothing): every path is valid (each step a king move onto a
  free cell, from the start to the target) and as short as the reference's, and ``None``
  comes exactly when the target cannot be reached;
- :func:`score_expansions` (partial points): how many cells the search expanded,
  compared with an allowance (see :func:`allowance`); it returns the points earned.

>>> from coursekit.core import Coord, Grid
>>> from coursekit.solvers.search import bfs
>>> def reference(grid, start, target):
...     result = bfs(grid, start, target)
...     return (None if result.path is None else list(result.path), len(result.expanded))
>>> case = PathCase(Grid(5, 3, blocked=frozenset({Coord(2, 0), Coord(2, 1)})), Coord(0, 0), Coord(4, 0))
>>> check_search(reference, "bfs", [case])
1
>>> def straight(grid, start, target):  # walks along the bottom row, through the wall
...     return ([Coord(x, 0) for x in range(start.x, target.x + 1)], 5)
>>> check_search(straight, "bfs", [case])
Traceback (most recent call last):
...
AssertionError: bfs(grid, [0, 0], [4, 0]) returned a path that a king cannot walk:
step 2 goes onto the blocked cell [2, 0].
Blocked cells (#) can be neither entered nor crossed. A shortest path has 4 moves (o below).
<BLANKLINE>
2  . . o . .
1  . o # o .
0  S * X * T
   0 1 2 3 4
S the start, T the target, * your path, X your bad step, o a shortest path, # blocked
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

from ...core.grid import Coord, Grid, chebyshev
from ...grading.answers import as_pair, shown
from ...grading.kernel import Case, Check, Malformed, run_check, score_check
from ...grading.pictures import PATH_LEGEND, picture
from ...solvers.search import SearchResult, astar, bfs, is_valid_path
from .rules import distances, grid_summary

__all__ = [
    "ASTAR_SLACK", "Expansions", "PathCase", "allowance", "check_search", "path_cases", "score_expansions",
    "search_check",
]

Algorithm = Literal["bfs", "astar"]

#: A* earns full points for a case when it expands at most this many times the reference's cells.
ASTAR_SLACK = 1.5

@dataclass(frozen=True)
class PathCase:
    """One search to run: a grid, a start and a target (both free cells)."""

    grid: Grid
    start: Coord
    target: Coord

    def __str__(self) -> str:
        return f"{grid_summary(self.grid)}, {self.start} to {self.target}"


def path_cases(
    count: int,
    seed: int,
    *,
    sizes: tuple[int, int] = (12, 30),
    percent: tuple[int, int] = (10, 35),
    walled: int = 1,
) -> list[PathCase]:
    """``count`` seeded searches on random grids with blocked cells, plus ``walled`` that cannot succeed.

    Start and target lie far apart (in opposite quarters of the grid) and the target can be
    reached; in each of the ``walled`` cases a full column of blocked cells cuts the grid in
    two, so the target cannot be reached and the search must say so (``None``).

    >>> cases = path_cases(3, seed=1)
    >>> len(cases), [str(c) for c in cases] == [str(c) for c in path_cases(3, seed=1)]
    (4, True)
    >>> [c.target in distances(c.grid, c.start) for c in cases]
    [True, True, True, False]
    """
    rng = random.Random(seed)
    cases: list[PathCase] = []
    while len(cases) < count + walled:
        width, height = rng.randint(*sizes), rng.randint(*sizes)
        share = rng.randint(*percent)
        start = Coord(rng.randrange(width // 4 + 1), rng.randrange(height // 4 + 1))
        target = Coord(width - 1 - rng.randrange(width // 4 + 1), height - 1 - rng.randrange(height // 4 + 1))
        if rng.random() < 0.5:  # the other diagonal, so that not every search goes up and to the right
            start, target = Coord(start.x, target.y), Coord(target.x, start.y)
        if rng.random() < 0.5:
            start, target = target, start
        grid = Grid(width, height).with_random_blocked(share, rng, keep=[start, target])
        if len(cases) >= count:
            wall = rng.randint(min(start.x, target.x) + 1, max(start.x, target.x) - 1)
            grid = grid.with_blocked(Coord(wall, y) for y in range(height))
            cases.append(PathCase(grid, start, target))
        elif target in distances(grid, start):
            cases.append(PathCase(grid, start, target))
    return cases


def allowance(case: PathCase, algorithm: Algorithm) -> int:
    """The most cells a search may expand on ``case`` and still earn full points.

    - ``"bfs"``: the free cells within the target's distance from the start. A breadth-first
      search that stops when it takes the target off its frontier never expands more,
      whatever order it looks at neighbours in.
    - ``"astar"``: ``1.5`` times the cells the reference :func:`~coursekit.solvers.search.astar`
      expands (rounded down). It breaks ties between equal ``f = g + h`` in favour of the
      larger ``g``, the cell nearer the target.
    - When the target cannot be reached, both must expand every cell the start can reach,
      once: the allowance is that number.

    >>> from coursekit.core import Grid
    >>> case = PathCase(Grid(10, 10), Coord(0, 0), Coord(9, 9))
    >>> allowance(case, "bfs"), allowance(case, "astar")
    (100, 15)
    """
    far = distances(case.grid, case.start)
    if case.target not in far:
        return len(far)
    if algorithm == "bfs":
        return sum(1 for d in far.values() if d <= far[case.target])
    return int(ASTAR_SLACK * len(astar(case.grid, case.start, case.target).expanded))


def _picture(case: PathCase, marks: dict[Coord, str]) -> str:
    return picture(case.grid, {**marks, case.start: "S", case.target: "T"}, PATH_LEGEND, over_blocked=True)


def _shortest_marks(case: PathCase) -> dict[Coord, str]:
    path = bfs(case.grid, case.start, case.target).path or ()
    return {cell: "o" for cell in path[1:-1]}


def _read_path(answer: Any) -> list[Coord] | None:
    """The cells of a returned path, rebuilt from plain ints; ``None`` if it is not a list or tuple of cells."""
    if type(answer) is list:
        items = list(list.__iter__(answer))
    elif type(answer) is tuple:
        items = list(tuple.__iter__(answer))
    else:
        return None
    cells = [as_pair(cell) for cell in items]
    if any(cell is None for cell in cells):
        return None
    return [Coord(*cell) for cell in cells if cell is not None]


_FORM = "it must return a pair (path, expanded): a list of cells from start to target, or None, and a whole number"


def _read_answer(answer: Any, case: Case) -> tuple[list[Coord] | None, int] | Malformed:
    """``(path, expanded)`` from a student's answer, or a :class:`Malformed` that says what is wrong."""
    if type(answer) is not tuple or tuple.__len__(answer) != 2:
        return Malformed(_FORM)
    raw_path, expanded = tuple.__iter__(answer)
    if type(expanded) not in (int, MeasuredCount) or expanded < 0:
        return Malformed("it must be the number of cells your search expanded, a whole number (an int) of 0 or more",
                         what=f"expanded = {shown(expanded)}")
    if raw_path is None:
        return None, expanded
    path = _read_path(raw_path)
    if path is None:
        return Malformed("a path is a list (or tuple) of cells, each a Coord or a tuple of two ints, from the start "
                         "to the target; or None when the target cannot be reached",
                         what=f"the path {shown(raw_path)}")
    return path, expanded


def _judge_path(case: Case, answer: tuple[list[Coord] | None, int], shortest: SearchResult) -> str | None:
    """Whether the path is a shortest valid one (or ``None`` exactly when there is none)."""
    search: PathCase = case.data
    call = case.shown
    path, _ = answer
    if shortest.path is None:
        if path is not None:
            reason = is_valid_path(search.grid, path, search.start, search.target)
            marks = {cell: "*" for cell in path}
            return (f"{call} returned a path, but the target cannot be reached from the start"
                    f"{': ' + reason if reason else ''}.\nReturn None when the search runs out of cells to expand."
                    f"\n\n{_picture(search, marks)}")
        return None
    if path is None:
        return (f"{call} returned no path (None), but the target can be reached in {shortest.length} moves (o below). "
                f"Does your search look at all 8 neighbours, and keep going until the frontier is empty?"
                f"\n\n{_picture(search, _shortest_marks(search))}")
    reason = is_valid_path(search.grid, path, search.start, search.target)
    if reason is not None:
        marks = _shortest_marks(search)
        marks.update({cell: "*" for cell in path})
        bad = _bad_step(search, path)
        if bad is not None:
            marks[bad] = "X"
        hint = ""
        if "blocked" in reason:
            hint = "Blocked cells (#) can be neither entered nor crossed. "
        elif "jumps" in reason or "stays" in reason:
            hint = "Each step goes to one of the 8 neighbouring cells. "
        return (f"{call} returned a path that a king cannot walk:\n{reason}.\n{hint}"
                f"A shortest path has {shortest.length} moves (o below).\n\n{_picture(search, marks)}")
    moves = len(path) - 1
    if moves > (shortest.length or 0):
        marks = _shortest_marks(search)
        marks.update({cell: "*" for cell in path})
        return (f"{call} returned a path of {moves} moves, but a shortest path has {shortest.length} (o below).\n"
                f"Does each cell keep the first (shortest) way it was reached, and does the search go layer by layer "
                f"(or, for A*, by the smallest f = g + h)?\n\n{_picture(search, marks)}")
    return None


def _judge_count(case: Case, answer: tuple[list[Coord] | None, int], shortest: SearchResult) -> str | None:
    """A shortest path first; then a count of expanded cells that a correct search can reach."""
    wrong = _judge_path(case, answer, shortest)
    if wrong is not None:
        return wrong
    search: PathCase = case.data
    path, expanded = answer
    least = len(path) - 1 if path is not None else len(distances(search.grid, search.start))
    if expanded < least:
        needed = (f"a path of {least} moves needs at least {least} cells expanded" if path is not None
                  else f"to know that the target cannot be reached, a search expands all {least} cells "
                       f"the start can reach")
        name = case.shown.split("(", 1)[0]
        if isinstance(expanded, MeasuredCount):
            return (f"{name}(grid, {search.start}, {search.target}) was measured expanding {expanded} cells (the "
                    f"cells whose neighbours it asked for with neighbours(grid, cell), and the target), but "
                    f"{needed}. Find the cells next to a cell with neighbours(grid, cell): the grader counts them.")
        return (f"{name}(grid, {search.start}, {search.target}) says it expanded {expanded} cells, but {needed}. "
                f"Count one cell each time you take a cell off the frontier to look at its neighbours.")
    return None


#: The helper of ps03's setup cell whose uses the grader counts: the cells whose neighbours a search asks for.
NEIGHBOURS = "neighbours"


class MeasuredCount(int):
    """A count of expanded cells that the grader measured (not the one the student's code returned)."""


def measured_count(func: Callable[..., Any], case: Case, answer: Any) -> Any:
    """``answer`` with its count of expanded cells replaced by the grader's own measure, where it has one.

    When the student's function runs in the grading sandbox, the grader answers every use of
    ``neighbours(grid, cell)`` itself and records it (``func.asked``): the cells expanded are the
    distinct cells whose neighbours were asked, plus the target when a path is returned (the
    search took it off the frontier and stopped). The number the student's code returns is then
    only shown, never graded. In a student's own notebook (no measure) the answer is unchanged.

    >>> class Measured:
    ...     def asked(self, helper):
    ...         return [("grid", Coord(0, 0)), ("grid", Coord(1, 1)), ("grid", Coord(0, 0))]
    >>> measured_count(Measured(), None, ([Coord(0, 0), Coord(1, 1), Coord(2, 2)], 1))
    ([Coord(x=0, y=0), Coord(x=1, y=1), Coord(x=2, y=2)], 3)
    >>> measured_count(print, None, (None, 7))
    (None, 7)
    """
    asked = getattr(func, "asked", None)
    if not callable(asked) or type(answer) is not tuple or tuple.__len__(answer) != 2:
        return answer
    path = tuple.__getitem__(answer, 0)
    cells = set()
    for args in asked(NEIGHBOURS):
        if type(args) is tuple and len(args) >= 2:
            cell = as_pair(args[1])
            if cell is not None:
                cells.add(cell)
    return (path, MeasuredCount(len(cells) + (0 if path is None else 1)))


def search_check(name: str, cases: Iterable[PathCase], *, algorithm: Algorithm | None = None,
                 counts: bool = False, per_call: float = 2.0, total: float = 15.0) -> Check:
    """The check of a search ``name(grid, start, target) -> (path, expanded)``.

    With ``counts``, a count of expanded cells below what any correct search needs fails,
    and each case earns the share of :class:`Expansions` (for :func:`score_check`).
    """
    kind: Algorithm = algorithm or ("astar" if name == "astar" else "bfs")

    def share(case: Case, answer: tuple[list[Coord] | None, int], shortest: SearchResult) -> tuple[float, str]:
        search: PathCase = case.data
        reference = len((astar if kind == "astar" else bfs)(search.grid, search.start, search.target).expanded)
        result = Expansions(search, answer[1], allowance(search, kind), reference)
        return result.share, result.line()

    made = [Case((c.grid, c.start, c.target), f"{name}(grid, {c.start}, {c.target})", c) for c in cases]
    return Check(name, made, reference=lambda case: bfs(case.data.grid, case.data.start, case.data.target),
                 read=_read_answer, judge=_judge_count if counts else _judge_path, share=share,
                 context=lambda case: _picture(case.data, {}), per_call=per_call, total=total,
                 measure=measured_count if counts else None)


def _bad_step(case: PathCase, path: Sequence[Coord]) -> Coord | None:
    """The first cell of ``path`` that a king cannot step onto, if any."""
    for before, cell in pairwise(path):
        if not case.grid.is_free(cell) or chebyshev(before, cell) != 1:
            return cell
    return None


def check_search(
    func: Callable[..., Any],
    name: str,
    cases: Iterable[PathCase],
    *,
    per_call: float = 2.0,
    total: float = 15.0,
) -> int:
    """Check the paths of ``func(grid, start, target)``, the student's ``name``; return how many cases.

    Each answer must be ``(path, expanded)``: a shortest valid path as a list (or tuple) of
    ``Coord`` or int pairs, or ``None`` exactly when the target cannot be reached; and an
    ``int``. Stops at the first failure with a picture of the grid.

    >>> check_search(lambda grid, start, target: ([start, target], 1.0), "bfs",
    ...              [PathCase(Grid(2, 1), Coord(0, 0), Coord(1, 0))])
    Traceback (most recent call last):
    ...
    AssertionError: bfs(grid, [0, 0], [1, 0]) returned expanded = 1.0 (a float); it must be the number of cells your \
search expanded, a whole number (an int) of 0 or more.
    <BLANKLINE>
    0  S T
       0 1
    S the start, T the target, # blocked
    """
    return run_check(func, search_check(name, cases, per_call=per_call, total=total))


@dataclass(frozen=True)
class Expansions:
    """The cells expanded in one case: the student's, the allowance, and the share of the points earned."""

    case: PathCase
    expanded: int
    allowed: int
    reference: int

    @property
    def share(self) -> float:
        """1 within the allowance, else ``allowed / expanded``: twice the allowance earns half."""
        return 1.0 if self.expanded <= self.allowed else self.allowed / self.expanded

    def line(self) -> str:
        whose = "yours (measured)" if isinstance(self.expanded, MeasuredCount) else "yours"
        return (f"{self.case}: {whose} {self.expanded}, allowance {self.allowed} (reference {self.reference}), "
                f"share {self.share:.2f}")


def score_expansions(
    func: Callable[..., Any],
    name: str,
    cases: Iterable[PathCase],
    points: float,
    *,
    algorithm: Algorithm | None = None,
    per_call: float = 2.0,
    total: float = 15.0,
    report: Callable[[str], None] | None = print,
) -> float:
    """The points ``func`` earns for the cells it expands: ``points`` times the average share, to 0.01.

    ``algorithm`` (``"bfs"`` or ``"astar"``, default ``name``) picks the :func:`allowance`.
    A case's share is 1 when the search expands at most the allowance, else
    ``allowance / expanded``. The paths are checked first (as :func:`check_search` does):
    expansions count only for a search that finds shortest paths. A count below what any
    correct search needs (fewer cells than the path's moves, or than the cells the start can
    reach when the target cannot be reached) fails. ``report`` gets one line per case.

    >>> from coursekit.core import Grid
    >>> from coursekit.solvers.search import bfs
    >>> def breadth(grid, start, target):
    ...     result = bfs(grid, start, target)
    ...     return (list(result.path), len(result.expanded))
    >>> score_expansions(breadth, "astar", [PathCase(Grid(10, 10), Coord(0, 0), Coord(9, 9))], 4, report=None)
    0.6
    """
    kind: Algorithm = algorithm or ("astar" if name == "astar" else "bfs")
    check = search_check(name, cases, algorithm=kind, counts=True, per_call=per_call, total=total)
    scale = "cells expanded, case by case (full share within the allowance, else allowance / yours)"
    score = score_check(func, check, points, scale=scale, report=report)
    if report is not None:
        if kind == "astar" and score.average < 1:
            report("Hint: A* expands fewest cells when the frontier gives the smallest f = g + h first and, among "
                   "equal f, the larger g (the cell nearer the target); and when it skips a cell that it has "
                   "already expanded.")
        elif score.average < 1:
            report("Hint: stop when you take the target off the frontier, and put each cell on the frontier "
                   "only once (when you first see it).")
    return score.earned
