"""The shortest path's text and pictures: the grid with the king and the target, a game's transcript.

A search's own pictures (the cells it expanded, the path it found) are shared by every grid
search and live in :mod:`coursekit.render.search`.

>>> from coursekit.core import Coord, Grid
>>> print(path_state_text(ShortestPath(Grid(3, 2), target=Coord(1, 1)).initial_state()))
1  . T .
0  K . .
   0 1 2
"""

from __future__ import annotations

from ...core import display
from ...core.record import Record
from ...render.svg import grid_svg, path_svg
from .rules import PathState, ShortestPath

__all__ = ["path_record_svg", "path_state_svg", "path_state_text", "path_transcript"]


def path_state_text(state: PathState) -> str:
    """The grid with the king ``K`` and the target ``T``.

    >>> from coursekit.core import Coord, Grid
    >>> print(path_state_text(ShortestPath(Grid(3, 2)).initial_state()))
    1  . . T
    0  K . .
       0 1 2
    """
    return state.grid.picture({state.target: "T", state.at: "K"})


def path_state_svg(state: PathState) -> str:
    """The grid with the king on it and the target marked."""
    return grid_svg(state.grid, pieces={state.at: "K"}, highlight=[state.target],
                    title=f"king on {state.at} after {state.moves} moves, target {state.target}")


def path_transcript(record: Record) -> str:
    """A G2.1 game: the grid, each move, and whether the king got there in the fewest moves.

    >>> from coursekit.core import Coord, Grid, Player, play
    >>> from coursekit.games.paths.players import article_strategy
    >>> print(play(ShortestPath(Grid(3, 2)), [Player("P0", article_strategy)]))
    Shortest path on a 3 x 2 grid from [0, 0] to [2, 1]: the fewest moves is 2
    1  . . T
    0  S . .
       0 1 2
    Move 1: [1, 1]
    Move 2: [2, 1]
    P0 reached the target in 2 moves: a shortest path.
    """
    rules = record.rules
    assert isinstance(rules, ShortestPath)
    start, final = record.start, record.final
    grid = start.grid
    lines = [f"Shortest path on a {grid.width} x {grid.height} grid from {start.at} to {start.target}: "
             f"the fewest moves is {rules.par}",
             grid.picture({start.at: "S", start.target: "T"})]
    lines += [f"Move {i}: {step.state.at}" for i, step in enumerate(record.steps, start=1)]
    name = record.players[0] if record.players else "The player"
    if final.at == final.target:
        lines.append(f"{name} reached the target in {final.moves} moves: a shortest path.")
    else:
        left = rules.moves_left_from(final.at)
        lines.append(f"{name} is on {final.at} after {final.moves} moves, {left} moves from the target: "
                     "the moves have run out.")
    return "\n".join(lines)


def path_record_svg(record: Record) -> str:
    """A G2.1 game drawn as the king's path, each cell numbered by the move that reached it."""
    cells = [state.at for state in record.states]
    return path_svg(record.start.grid, cells, f"{len(record)} moves from {cells[0]} toward {record.start.target}")


display.register(PathState, text=path_state_text, svg=path_state_svg)
display.register(ShortestPath, text=path_transcript, svg=path_record_svg)
