"""Text views shared by the games: endings of transcripts, winners of seats and position tables.

>>> from coursekit.core import Grid
>>> print(position_table(Grid(3, 2), lambda cell: "P" if (cell.x + cell.y) % 2 == 0 else "N"))
1  N P N
0  P N P
   0 1 2
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from ..core.grid import Coord, Grid
from ..core.record import Record

_ENDINGS = {
    "draw": "Nobody wins",
    "lost": "The goal was not reached: the game is lost",
    "move limit": "The move limit is reached: nobody wins",
    "stopped": "The game was stopped",
}


def ending(record: Record) -> str:
    """The last line but one of a transcript (and the replay's last caption): who won, or why nobody did."""
    if record.end == "won" and record.winner is not None:
        return f"The winner is {record.players[record.winner]}"
    return _ENDINGS.get(record.end, "The game is over")


def winner_line(record: Record, seats: Sequence[str], why: str) -> str:
    """The last line of a transcript of seats: ``The winner is <seat> (<player>): <why>``, or how it ended.

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(end="won", winner=1, players=("Ann", "Bob"))
    >>> winner_line(game, ("first", "second"), "the line is closed")
    'The winner is second (Bob): the line is closed'
    >>> winner_line(SimpleNamespace(end="stopped", winner=None, players=("Ann", "Bob")), ("first", "second"), "")
    'The game ended: stopped'
    """
    if record.end == "won" and record.winner is not None:
        return f"The winner is {seats[record.winner]} ({record.players[record.winner]}): {why}"
    return f"The game ended: {record.end}"


def position_table(grid: Grid, value: Callable[[Coord], Hashable]) -> str:
    """One entry per free cell (``#`` for blocked ones), top row first, labels as in Figure 4.

    >>> print(position_table(Grid(3, 2), lambda c: "P" if c.x % 2 == 0 and c.y % 2 == 0 else "N"))
    1  N N N
    0  P N P
       0 1 2
    """
    marks: Mapping[Coord, str] = {c: str(value(c)) for c in grid.free_cells()}
    return grid.picture(marks)
