"""Pursuit views: the article's Table 3 transcript, the board as text and SVG, capture-time maps.

Pursuers are drawn ``T`` (Tom), the prey ``J`` (Jerry); a caught prey is drawn ``X``.

>>> import random
>>> from coursekit.core import Coord, Grid, play
>>> from coursekit.games.pursuit.players import VARIANTS
>>> variant = VARIANTS["G2.3"]
>>> rules = variant.rules(Grid(3, 3), start=(Coord(0, 0), Coord(2, 2)))
>>> print(play(rules, variant.players(random.Random(1))))
The game is starting
Number of players = 2
Grid's dimensions = 3 x 3
Player name: Tom
Initial position: [0, 0]
Player name: Jerry
Initial position: [2, 2]
<BLANKLINE>
Move 1
Player 0: [1, 1]
Player 1: [2, 1]
<BLANKLINE>
Move 2
Player 0: [2, 1]
<BLANKLINE>
Jerry is caught at move 2
The winner is Tom
The game is over
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core import display
from ...core.grid import Coord
from ...core.record import Record
from ...render.heatmap import EMPTY, heatmap_svg, scale_colour
from ...render.search import readable_ink
from ...render.svg import CELL, GridCanvas, grid_svg
from .rules import Pursuit, PursuitState
from .solver import PursuitSolver

__all__ = ["CHOSEN_FILL", "capture_time_svg", "capture_time_text", "pursuit_board_svg", "pursuit_cell_kinds",
           "pursuit_record_svg", "pursuit_state", "pursuit_svg",
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


#: The fill of a cell a human's pursuer was sent to while the other pursuer waits for its click.
CHOSEN_FILL = "#c7e9c0"


def _letters(count: int) -> list[str]:
    return [HUNTER] if count == 1 else [f"{HUNTER}{i + 1}" for i in range(count)]


def pursuit_cell_kinds(
    state: PursuitState,
    heat: Mapping[Coord, int | None] | None = None,
    targets: Sequence[Coord] | set[Coord] = (),
    chosen: Sequence[Coord] = (),
) -> dict[Coord, str]:
    """How each cell of a pursuit board is drawn: ``"pursuer"``, ``"prey"``, ``"caught"``,
    ``"chosen"`` (a pursuer's cell chosen this move), ``"target"`` (a cell the player to move
    may go to), ``"heat"`` (a capture time on it), ``"blocked"``, ``"light"`` or ``"dark"``.

    >>> from coursekit.core import Grid
    >>> kinds = pursuit_cell_kinds(PursuitState(Grid(3, 1), (Coord(0, 0),), Coord(2, 0), 1, 1), targets={Coord(1, 0)})
    >>> [kinds[Coord(x, 0)] for x in range(3)]
    ['pursuer', 'target', 'prey']
    """
    heat = heat or {}
    kinds = {}
    for cell in state.grid.cells():
        if cell in state.grid.blocked:
            kind = "blocked"
        elif cell == state.prey:
            kind = "caught" if cell in state.pursuers else "prey"
        elif cell in state.pursuers:
            kind = "pursuer"
        elif cell in chosen:
            kind = "chosen"
        elif cell in targets:
            kind = "target"
        elif cell in heat:
            kind = "heat"
        else:
            kind = "light" if (cell.x + cell.y) % 2 else "dark"
        kinds[cell] = kind
    return kinds


def pursuit_board_svg(
    state: PursuitState,
    *,
    heat: Mapping[Coord, int | None] | None = None,
    targets: Sequence[Coord] | set[Coord] = (),
    chosen: Sequence[Coord] = (),
    hits: Mapping[Coord, str] | None = None,
    names: Sequence[str] = (),
    title: str | None = None,
) -> str:
    """A pursuit board that plays: the pieces named (``names``: the pursuers' then the prey's, so
    that each glides to its new cell and leaves no trail), the cells the player to move may go
    to marked with a dot (``targets``), a pursuer's cell already chosen this move (``chosen``,
    marked ``T1``), and, with ``heat``, the capture time on every other free cell (``∞``: never).

    >>> from coursekit.core import Grid
    >>> state = PursuitState(Grid(3, 2), (Coord(0, 0),), Coord(2, 1), 1, 1)
    >>> svg = pursuit_board_svg(state, targets=[Coord(1, 1)], hits={Coord(1, 1): "move Jerry here"},
    ...                         names=["Tom", "Jerry"], heat={Coord(0, 1): 1, Coord(1, 0): None})
    >>> 'data-piece="Tom"' in svg, 'data-piece="Jerry"' in svg, 'data-hit="1,1"' in svg, ">\u221e<" in svg
    (True, True, True, True)
    """
    heat = heat or {}
    kinds = pursuit_cell_kinds(state, heat, targets, chosen)
    letters = _letters(len(state.pursuers))
    ids = list(names) if names else [*letters, PREY]
    pieces: dict[Coord, str] = {}
    piece_ids: dict[Coord, str] = {}
    fills: dict[Coord, str] = {}
    for number, cell in enumerate(state.pursuers):
        on = [letters[i] for i, c in enumerate(state.pursuers) if c == cell]
        pieces[cell] = on[0] if len(on) == 1 else HUNTER
        piece_ids.setdefault(cell, ids[number])
        fills[cell] = HUNTER_FILL
    if state.caught:
        pieces[state.prey], fills[state.prey] = CAUGHT, BOTH_FILL
    else:
        pieces[state.prey], piece_ids[state.prey], fills[state.prey] = PREY, ids[-1], PREY_FILL
    known = [t for t in heat.values() if t is not None]
    low, high = (min(known), max(known)) if known else (0, 0)
    texts: dict[Coord, str] = {}
    for cell, kind in kinds.items():
        if kind == "chosen":
            fills[cell], texts[cell] = CHOSEN_FILL, letters[0]
        elif kind in ("heat", "target") and cell in heat:
            time = heat[cell]
            fills[cell] = EMPTY if time is None else scale_colour(time, low, high)
    board = grid_svg(state.grid, pieces=pieces, fills=fills, texts=texts, title=title, hits=hits,
                     piece_ids=piece_ids, highlight=[c for c, k in kinds.items() if k == "target"])
    marks = GridCanvas(state.grid.width, state.grid.height)
    for cell, kind in kinds.items():
        if kind == "target":  # a dark ring around the dot, seen on every fill
            marks.ring(cell, CELL * 0.18, "#111", 1.5, still=True)
        if kind == "heat" or (kind == "target" and cell in heat):
            time = heat[cell]
            text = "\u221e" if time is None else str(time)
            dy = CELL * 0.3 if kind == "target" else 0  # below the target's dot
            size = CELL * (0.42 if kind == "heat" and len(text) < 3 else 0.28)
            marks.text(cell, text, size, readable_ink(fills[cell]), dy=dy, still=True)
    return marks.over(board)


display.register(PursuitState, text=pursuit_state, svg=pursuit_svg)
display.register(Pursuit, text=pursuit_transcript, svg=pursuit_record_svg)
