"""Pursuit views: the article's Table 3 transcript, the board as text and SVG, capture-time maps.

Pursuers are drawn ``T`` (Tom), the prey ``J`` (Jerry); a caught prey is drawn ``X``.

>>> import random
>>> from coursekit.core import Coord, Grid, play
>>> from coursekit.games.pursuit import VARIANTS
>>> variant = VARIANTS["G2.3"]
>>> rules = variant.rules(Grid(5, 5), start=(Coord(0, 0), Coord(3, 2)))
>>> print(play(rules, variant.players(random.Random(1))))
The game is starting
Number of players = 2
Grid's dimensions = 5 x 5
Player name: Tom
Initial position: [0, 0]
Player name: Jerry
Initial position: [3, 2]
<BLANKLINE>
Move 1
Player 0: [1, 1]
Player 1: [4, 2]
<BLANKLINE>
Move 2
Player 0: [2, 2]
Player 1: [4, 1]
<BLANKLINE>
Move 3
Player 0: [3, 1]
Player 1: [4, 0]
<BLANKLINE>
Move 4
Player 0: [4, 0]
<BLANKLINE>
Jerry is caught at move 4
The winner is Tom
The game is over
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.grid import Coord
from ..core.record import Record
from ..games.pursuit import Pursuit, PursuitState
from ..solvers.pursuit import PursuitSolver
from .heatmap import heatmap_svg
from .svg import grid_svg

__all__ = ["capture_time_svg", "capture_time_text", "pursuit_record_svg", "pursuit_state", "pursuit_svg",
           "pursuit_transcript"]

HUNTER, PREY, CAUGHT = "T", "J", "X"
HUNTER_FILL, PREY_FILL, BOTH_FILL = "#f4a6a6", "#9ecae1", "#c9a0dc"


def _marks(state: PursuitState) -> dict[Coord, str]:
    marks = dict.fromkeys(state.pursuers, HUNTER)
    marks[state.prey] = CAUGHT if state.caught else PREY
    return marks


def _cells(cells: tuple[Coord, ...]) -> str:
    return ", ".join(str(c) for c in cells)


def pursuit_state(state: PursuitState) -> str:
    """The board (``T`` pursuers, ``J`` prey, ``X`` caught) and a line saying where play is.

    >>> from coursekit.core import Grid
    >>> print(pursuit_state(PursuitState(Grid(4, 2), (Coord(0, 0),), Coord(3, 1), 1, 2)))
    1  . . . J
    0  T . . .
       0 1 2 3
    move 2, the prey to move
    """
    if state.caught:
        where = f"caught at move {state.moves}"
    else:
        side = "the pursuers" if state.turn == 0 else "the prey"
        where = f"move {state.moves + (state.turn == 0)}, {side} to move"
    return f"{state.grid.picture(_marks(state))}\n{where}"


def pursuit_transcript(record: Record) -> str:
    """A pursuit game in the article's Table 3 format: the start, each round ("Move k") with
    a line per side (the pursuers' side lists one cell per pursuer), then the result."""
    rules = record.rules
    assert isinstance(rules, Pursuit)
    start: PursuitState = record.start
    grid = start.grid
    hunter, prey = record.players
    lines = [
        "The game is starting",
        f"Number of players = {rules.num_players}",
        f"Grid's dimensions = {grid.width} x {grid.height}",
        f"Player name: {hunter}",
        f"Initial position: {_cells(start.pursuers)}",
        f"Player name: {prey}",
        f"Initial position: {start.prey}",
    ]
    if grid.blocked:
        lines += ["Blocked cells: #", grid.picture(_marks(start))]
    for step in record.steps:
        state: PursuitState = step.state
        if step.player == 0:
            lines += ["", f"Move {state.moves}", f"Player 0: {_cells(state.pursuers)}"]
        else:
            lines.append(f"Player 1: {state.prey}")
    final: PursuitState = record.final
    lines.append("")
    if record.end == "won" and final.caught:
        lines += [f"{prey} is caught at move {final.moves}", f"The winner is {hunter}"]
    elif record.end == "won":
        lines += [f"{prey} escapes: not caught in {rules.max_moves} moves", f"The winner is {prey}"]
    elif record.end == "stopped":
        lines.append("The game was stopped")
    else:
        lines.append(f"The game was cut short after {final.moves} moves: nobody wins")
    lines.append("The game is over")
    return "\n".join(lines)


def pursuit_svg(state: PursuitState) -> str:
    """The board with the pieces: pursuers ``T`` on red, the prey ``J`` on blue (``X`` when caught)."""
    fills = dict.fromkeys(state.pursuers, HUNTER_FILL)
    fills[state.prey] = BOTH_FILL if state.caught else PREY_FILL
    return grid_svg(state.grid, pieces=_marks(state), fills=fills, title=pursuit_state(state).splitlines()[-1])


def pursuit_record_svg(record: Record) -> str:
    """A pursuit game: the cells each side visited (pursuers red, prey blue, both purple) and
    the pieces where they ended."""
    hunted: set[Coord] = set()
    ran: set[Coord] = set()
    for state in record.states:
        hunted.update(state.pursuers)
        ran.add(state.prey)
    fills = {c: BOTH_FILL if c in ran else HUNTER_FILL for c in hunted}
    fills.update({c: PREY_FILL for c in ran if c not in hunted})
    final: PursuitState = record.final
    prey = record.players[1]
    title = f"{prey} caught at move {final.moves}" if final.caught else f"{prey} not caught in {final.moves} moves"
    return grid_svg(final.grid, pieces=_marks(final), fills=fills, title=title)


def capture_time_text(solver: PursuitSolver, pursuers: Coord | Sequence[Coord]) -> str:
    """The optimal capture time for every prey cell, the pursuers (``T``) fixed and to move;
    ``-`` where the prey escapes forever.

    >>> from coursekit.core import Grid
    >>> print(capture_time_text(PursuitSolver(Grid(4, 3)), Coord(0, 0)))
    2  2 2 3 3
    1  1 1 3 3
    0  T 1 3 3
       0 1 2 3
    """
    table = solver.time_table(pursuers)
    marks = {c: "-" if t is None else str(t) for c, t in table.items()}
    for cell in _pursuer_cells(pursuers):
        marks[cell] = HUNTER
    return solver.grid.picture(marks)


def _pursuer_cells(pursuers: Coord | Sequence[Coord]) -> tuple[Coord, ...]:
    given: Sequence[Any] = pursuers
    if len(given) == 2 and all(type(v) is int for v in given):
        return (Coord(*given),)
    return tuple(Coord(*c) for c in given)


def capture_time_svg(solver: PursuitSolver, pursuers: Coord | Sequence[Coord], title: str | None = None) -> str:
    """A heat-map of :meth:`PursuitSolver.time_table`: each prey cell coloured by its optimal
    capture time, grey where the prey escapes forever, the pursuers drawn ``T``."""
    table: Mapping[Coord, int | None] = solver.time_table(pursuers)
    cells = _pursuer_cells(pursuers)
    heading = title or f"capture time for each prey cell, pursuers on {_cells(cells)} to move"
    return heatmap_svg(solver.grid, table, title=heading, none_text="\u221e",
                       pieces=dict.fromkeys(cells, HUNTER))
