"""The plain, obvious implementations the fast solvers are measured against.

What a student would write first, with no cleverness about order or memory:

- tables: memoised recursion over a piece's options (``functools.cache``, an unbounded ``lru_cache``), asked for
  every cell in the order a table is printed (top row first). Deep recursion needs a big
  stack, so it runs in a thread with one and with a raised recursion limit;
- pursuit: retrograde analysis with Python dicts, round by round from the captures.

Each function returns ``(seconds, result)``: the seconds of the computation alone (no set-up,
no conversion of the result), and the result in a form the fast solver's can be compared with.

>>> seconds, values = outcomes_by_recursion("rook", 3)
>>> values  # row by row from the bottom, as ``Table.values``
'PNNNPNNNP'
>>> grundy_by_recursion("queen", 3)[1]
(0, 1, 2, 1, 2, 0, 2, 0, 1)
>>> times = pursuit_by_retrograde(3, 1)[1]
>>> times[((Coord(0, 0),), Coord(2, 2))], times[((Coord(1, 1),), Coord(0, 0))]
(2, 1)
"""

from __future__ import annotations

import functools
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from coursekit.core.grid import Coord, Grid
from coursekit.games.pieces import PIECES

T = TypeVar("T")

#: The stack of the thread that runs a recursion (the recursion is at most ``width + height`` deep).
STACK_BYTES = 512 * 1024 * 1024
RECURSION_LIMIT = 1_000_000


def with_deep_stack(function: Callable[[], T]) -> T:
    """``function()`` in a thread with a big stack and a raised recursion limit."""
    result: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(function())
        except BaseException as error:  # handed to the caller's thread below
            failure.append(error)

    old_limit = sys.getrecursionlimit()
    old_stack = threading.stack_size(STACK_BYTES)
    sys.setrecursionlimit(RECURSION_LIMIT)
    try:
        worker = threading.Thread(target=run, name="deep-recursion")
        worker.start()
        worker.join()
    finally:
        threading.stack_size(old_stack)
        sys.setrecursionlimit(old_limit)
    if failure:
        raise failure[0]
    return result[0]


def _cells_top_first(side: int) -> list[Coord]:
    """Every cell of a ``side`` x ``side`` grid in printing order: top row first, left to right."""
    return [Coord(x, y) for y in reversed(range(side)) for x in range(side)]


def outcomes_by_recursion(piece: str, side: int) -> tuple[float, str]:
    """P/N of every cell of an open ``side`` x ``side`` grid by memoised recursion.

    The player to move wins when some option leaves the opponent a losing cell.
    Returns the seconds and the letters row by row from the bottom (as ``Table.values``).
    """
    rules = PIECES[piece](Grid(side, side))
    options = rules.options
    cells = _cells_top_first(side)

    @functools.cache
    def wins(cell: Coord) -> bool:
        return any(not wins(option) for option in options(cell))

    def solve() -> tuple[float, dict[Coord, bool]]:
        start = time.perf_counter()
        table = {cell: wins(cell) for cell in cells}
        return time.perf_counter() - start, table

    seconds, table = with_deep_stack(solve)
    letters = "".join("N" if table[Coord(x, y)] else "P" for y in range(side) for x in range(side))
    return seconds, letters


def grundy_by_recursion(piece: str, side: int) -> tuple[float, tuple[int, ...]]:
    """The Grundy value of every cell of an open ``side`` x ``side`` grid by memoised recursion.

    A cell's value is the smallest whole number that is not the value of one of its options.
    Returns the seconds and the values row by row from the bottom (as ``Table.values``).
    """
    rules = PIECES[piece](Grid(side, side))
    options = rules.options
    cells = _cells_top_first(side)

    @functools.cache
    def grundy(cell: Coord) -> int:
        seen = {grundy(option) for option in options(cell)}
        value = 0
        while value in seen:
            value += 1
        return value

    def solve() -> tuple[float, dict[Coord, int]]:
        start = time.perf_counter()
        table = {cell: grundy(cell) for cell in cells}
        return time.perf_counter() - start, table

    seconds, table = with_deep_stack(solve)
    return seconds, tuple(table[Coord(x, y)] for y in range(side) for x in range(side))


# ---------------------------------------------------------------------------------------------
# Pursuit

Pursuers = tuple[Coord, ...]
Position = tuple[Pursuers, Coord]


def _steps(grid: Grid) -> dict[Coord, list[Coord]]:
    """Where a piece may go from each free cell: its free neighbours, or itself when walled in."""
    return {cell: grid.neighbours8(cell) or [cell] for cell in grid.free_cells()}


def _joint_moves(steps: dict[Coord, list[Coord]], pursuers: Pursuers) -> list[Pursuers]:
    """The pursuers' moves: every pursuer steps, each to one of its cells (they may share one)."""
    moves: list[Pursuers] = [()]
    for cell in pursuers:
        moves = [(*move, step) for move in moves for step in steps[cell]]
    return moves


def pursuit_by_retrograde(side: int, pursuers: int, blocked: frozenset[Coord] = frozenset()) -> tuple[float, Any]:
    """The optimal capture time of every position with the pursuers to move, by retrograde analysis.

    Rules as :class:`coursekit.games.pursuit.Pursuit` (no move limit): the pursuers (one or two)
    step first, then the prey; a piece must step to one of its 8 neighbouring free cells (a
    walled-in piece stays); the prey is caught when a pursuer reaches its cell, or when it
    steps onto a pursuer. The capture time is the number of pursuer moves until the capture
    when the pursuers hurry and the prey delays; a position missing from the result is one
    from which the prey escapes forever.

    Round by round: the pursuers' positions with time ``t`` are those with a move to a prey
    position of time ``t - 1`` (time 0: the prey is caught whatever it does); a prey position
    has time ``t`` once every prey step leads to a position of time at most ``t``. A counter
    per prey position says how many of its steps are still unknown. The positions are the
    keys of plain dicts.

    Returns the seconds and a dict ``{(pursuer cells, prey cell): capture time}``.
    """
    grid = Grid(side, side, blocked)
    steps = _steps(grid)
    cells = list(steps)
    start = time.perf_counter()
    teams: list[Pursuers] = [()]
    for _ in range(pursuers):
        teams = [(*team, cell) for team in teams for cell in cells]
    moves = {team: _joint_moves(steps, team) for team in teams}
    # Prey positions, pursuers just moved: how many prey steps are not yet known to be lost.
    unknown: dict[Position, int] = {}
    chase: dict[Position, int] = {}  # pursuers to move: the capture time
    flee: dict[Position, int] = {}  # prey to move: the capture time
    layer: list[Position] = []
    for team in teams:
        for prey in cells:
            if prey in team:
                continue
            free_steps = sum(1 for step in steps[prey] if step not in team)
            unknown[team, prey] = free_steps
            if free_steps == 0:
                flee[team, prey] = 0
                layer.append((team, prey))
    # Time 1 also comes from moves that land on the prey.
    found: list[Position] = []
    for team in teams:
        for prey in cells:
            if prey not in team and any(prey in move for move in moves[team]):
                chase[team, prey] = 1
                found.append((team, prey))
    t = 0
    while layer or found:
        # Prey positions of time t: the pursuers' positions that reach one of them get t + 1.
        for team, prey in layer:
            for before in moves[team]:  # king steps are symmetric: a move back is a move
                if prey not in before and (before, prey) not in chase:
                    chase[before, prey] = t + 1
                    found.append((before, prey))
        t += 1
        # Pursuers' positions of time t: a prey step into one of them is known now.
        layer = []
        for team, prey in found:
            for back in steps[prey]:
                if back in team or (team, back) in flee:
                    continue
                unknown[team, back] -= 1
                if unknown[team, back] == 0:
                    flee[team, back] = t
                    layer.append((team, back))
        found = []
    seconds = time.perf_counter() - start
    return seconds, chase
