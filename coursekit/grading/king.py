"""Checks for the one-way king part of an assignment: ``king_strategy(grid, position)``.

On a grid with blocked cells the beans rule (leave both coordinates even) no longer tells
the losing cells; the exact solver does. The check calls the student's function from every
free cell that has a move, on several seeded random grids, and fails with the grid drawn
as text, the student's move, the opponent's winning reply, and a winning move.

>>> from coursekit.core import Coord, Grid
>>> grid = Grid(3, 3, blocked=frozenset({Coord(1, 1)}))
>>> def first_move(grid, at):
...     x, y = at
...     return next(c for c in (Coord(x, y - 1), Coord(x - 1, y - 1), Coord(x - 1, y)) if grid.is_free(c))
>>> check_king_strategy(first_move, grids=[grid])
Traceback (most recent call last):
...
AssertionError: king_strategy(grid, [1, 2]) returned [0, 1], a losing move:
from [0, 1] the opponent moves the king to [0, 0] and wins: the king cannot move from [0, 0].
A winning move from [1, 2]: [0, 2], a cell from which every move loses.
<BLANKLINE>
2  W K .
1  Y # .
0  R . .
   0 1 2
K the king, Y your move, R the opponent's reply, W a winning move, # blocked
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..core.grid import Coord, Grid
from ..games import beans
from ..games.pieces import OneWayKing, PieceState
from ..solvers.impartial import ImpartialSolver
from .answers import as_pair
from .kernel import Case, Check, Malformed, run_check
from .pictures import KING_LEGEND, picture


def _rules(grid: Grid) -> OneWayKing | None:
    """The king's rules on ``grid``, or ``None`` if no cell is free.

    The checks ask about every cell, so the start is just the first free cell.
    """
    start = next(grid.free_cells(), None)
    return None if start is None else OneWayKing(grid, start=start)


def beans_rule_misleads(grid: Grid) -> bool:
    """Whether some cell wins but the beans rule's move (to even, even) does not win there.

    On such a grid a strategy that ignores the blocked cells loses somewhere.

    >>> beans_rule_misleads(Grid(5, 5)), beans_rule_misleads(Grid(3, 3, frozenset({Coord(0, 0)})))
    (False, True)
    """
    rules = _rules(grid)
    if rules is None:
        return False
    solver = ImpartialSolver(rules)
    for cell in grid.free_cells():
        if rules.options(cell) and solver.is_winning(cell):
            if not beans.is_winning(*cell):
                return True
            if Coord(*beans.winning_move(*cell)) not in solver.winning_moves(cell):
                return True
    return False


def random_blocked_grids(
    count: int,
    seed: int,
    *,
    sizes: tuple[int, int] = (4, 10),
    percent: tuple[int, int] = (10, 35),
) -> list[Grid]:
    """``count`` random grids with blocked cells, the same for the same ``seed``.

    Width and height are drawn from ``sizes``, the share of blocked cells (in %) from
    ``percent`` (the article's ``setInaccCells``); ``(0, 0)`` and the top-right cell stay
    free. Every grid has a cell where the beans rule's move does not win, so a strategy
    that ignores the blocked cells fails on each of them.

    >>> grids = random_blocked_grids(3, seed=1)
    >>> [(g.width, g.height) for g in grids] == [(g.width, g.height) for g in random_blocked_grids(3, seed=1)]
    True
    >>> all(g.blocked and beans_rule_misleads(g) for g in grids)
    True
    """
    rng = random.Random(seed)
    grids: list[Grid] = []
    for _ in range(100 * count):
        if len(grids) == count:
            break
        width, height = rng.randint(*sizes), rng.randint(*sizes)
        share = rng.randint(*percent)
        grid = Grid(width, height).with_random_blocked(share, rng, keep=[Coord(0, 0), Coord(width - 1, height - 1)])
        if beans_rule_misleads(grid):
            grids.append(grid)
    if len(grids) < count:
        raise ValueError(f"could not draw {count} grids with sizes {sizes} and {percent} % blocked")
    return grids


def _picture(grid: Grid, marks: dict[Coord, str]) -> str:
    return picture(grid, marks, KING_LEGEND)


def _answers(solver: ImpartialSolver, rules: OneWayKing, cell: Coord) -> str:
    """Each move from a losing ``cell`` with the opponent's winning answer to it."""
    return ", ".join(f"{move} answered by {solver.winning_moves(move)[0]}" for move in rules.options(cell))


def _after_winning(rules: OneWayKing, cell: Coord) -> str:
    """What a winning move leaves: a cell with no move, or one from which every move loses."""
    if not rules.options(cell):
        return "after which the king cannot move: you win"
    return "a cell from which every move loses"


@dataclass(frozen=True)
class _KingCase:
    """What the grader knows about one cell: the rules, the solver, the winning moves, the picture's marks."""

    grid: Grid
    rules: OneWayKing
    solver: ImpartialSolver
    at: Coord

    @property
    def winning(self) -> tuple[Any, ...]:
        return self.solver.winning_moves(self.at)

    def marks(self) -> dict[Coord, str]:
        marks = {self.at: "K"}
        if self.winning:
            marks[self.winning[0]] = "W"
        return marks


def _king_context(case: Case) -> str:
    data: _KingCase = case.data
    return _picture(data.grid, data.marks())


def _read_cell(raw: Any, case: Case) -> Coord | Malformed:
    pair = as_pair(raw)
    if pair is None:
        data: _KingCase = case.data
        return Malformed(f"it must return the cell the king moves to, a Coord (or a tuple of two ints) such as "
                         f"{data.rules.options(data.at)[0]!r}")
    return Coord(*pair)


def _judge_king(case: Case, move: Coord, winning: tuple[Any, ...]) -> str | None:
    data: _KingCase = case.data
    grid, rules, solver, at, call = data.grid, data.rules, data.solver, data.at, case.shown
    marks = data.marks()
    if winning:
        right = f"A winning move from {at}: {winning[0]}, {_after_winning(rules, winning[0])}."
    else:
        right = f"{at} is a losing cell: any legal move is accepted, such as {rules.options(at)[0]}."
    hint = ""
    if grid.blocked and move == Coord(*beans.winning_move(*at)):
        hint = (f"\nHint: {move} is the beans rule's move (leave both coordinates even), which wins on "
                f"an open grid;\nblocked cells change which cells are losing, so work them out from the grid.")
    reason = rules.why_illegal(PieceState(grid, at), move)
    if reason is not None:
        marks.setdefault(move, "Y")
        return (f"{call} returned {move}, which is not a legal move:\n{reason}.\n{right}{hint}"
                f"\n\n{_picture(grid, marks)}")
    if winning and solver.is_winning(move):
        reply = solver.winning_moves(move)[0]
        marks[move] = "Y"
        marks[reply] = "R"
        if rules.options(reply):
            why = (f", a cell from which every move loses (each move has a winning answer: "
                   f"{_answers(solver, rules, reply)})")
        else:
            why = f" and wins: the king cannot move from {reply}"
        return (f"{call} returned {move}, a losing move:\nfrom {move} the opponent moves the king to {reply}"
                f"{why}.\n{right}{hint}\n\n{_picture(grid, marks)}")
    return None


def king_check(grids: Iterable[Grid] | None = None, *, seed: int = 0, per_call: float = 2.0,
               total: float = 10.0) -> Check:
    """The check of ``king_strategy(grid, position)``: every free cell with a move, on every grid.

    >>> len(king_check([Grid(2, 2)]).cases)
    3
    """
    chosen = random_blocked_grids(6, seed) if grids is None else list(grids)
    cases = []
    for grid in chosen:
        rules = _rules(grid)
        if rules is None:
            continue
        solver = ImpartialSolver(rules)
        for at in [cell for cell in grid.free_cells() if rules.options(cell)]:
            cases.append(Case((grid, Coord(*at)), f"king_strategy(grid, {at})", _KingCase(grid, rules, solver, at)))
    return Check("king_strategy", cases, reference=lambda case: case.data.winning, read=_read_cell,
                 judge=_judge_king, context=_king_context, per_call=per_call, total=total)


def check_king_strategy(
    func: Callable[[Grid, Coord], Any],
    grids: Iterable[Grid] | None = None,
    *,
    seed: int = 0,
    per_call: float = 2.0,
    total: float = 10.0,
) -> int:
    """Check ``func(grid, position)``, the student's ``king_strategy``; return how many calls.

    ``grids`` defaults to ``random_blocked_grids(6, seed)``. On each grid the function is
    called from every free cell with a move and must return the king's new cell, a
    ``Coord`` or a tuple of exactly two ``int``: a winning move where there is one (any of
    them), any legal move elsewhere. Each call gets ``per_call`` seconds, all together
    ``total`` seconds.

    >>> check_king_strategy(lambda grid, at: (at[0] - 1, at[1]), grids=[Grid(1, 3)])
    Traceback (most recent call last):
    ...
    AssertionError: king_strategy(grid, [0, 1]) returned [-1, 1], which is not a legal move:
    [-1, 1] is outside the 1 x 3 grid.
    A winning move from [0, 1]: [0, 0], after which the king cannot move: you win.
    <BLANKLINE>
    2  .
    1  K
    0  W
       0
    K the king, W a winning move, # blocked
    """
    return run_check(func, king_check(grids, seed=seed, per_call=per_call, total=total))
