"""A board for the one-way king (article, sections 3-4, game G1.1): click a cell to move the king.

:class:`KingBoard` is the :class:`~coursekit.widgets.pieces.PieceBoard` of the king, with
two players and the arguments lesson 02 uses.
"""

from __future__ import annotations

from typing import Any

from ..core.grid import Coord, Grid
from ..core.rules import Strategy
from .pieces import GLYPHS, PieceBoard

KING = GLYPHS["king"]
#: How a cell looks (see :meth:`~coursekit.widgets.pieces.PieceBoard.cell_kind`).
CELL_KINDS = ("light", "dark", "target", "king", "blocked")


class KingBoard(PieceBoard):
    r"""Play the one-way king against the computer: click a cell with a green dot to move the king.

    The grid is drawn with ``(0, 0)`` at the bottom left, rows and columns numbered along the
    left and bottom edges. The king (♔) moves one cell left, down or diagonally down-left;
    the cells it may go to have a green dot, blocked cells are dark. Clicking any other cell
    says in the status line why the king cannot go there, and changes nothing. Whoever makes
    the last move wins (on an open grid: whoever moves the king onto ``(0, 0)``).

    ``grid`` defaults to an open 5 x 5 grid; ``start`` to its top-right cell.
    ``blocked_percent`` blocks that percentage of further cells at random (never the start
    or ``(0, 0)``), drawn again for every new game. ``computer`` is ``"perfect"``,
    ``"article"`` (the article's player P0), ``"random"`` or any ``strategy(rules, state)``.
    The same ``seed`` gives the same game. The board's controls (see
    :class:`~coursekit.widgets.game.GameBoard`) start a new game, take moves back, show the
    hints (P or N on each cell), change who plays each side, the speed and the blocked
    cells, and replay the game.

    What a program can read and do: ``state`` (a :class:`~coursekit.games.pieces.PieceState`),
    ``status``, ``record``, ``picture`` (the SVG the page shows), ``cell_kind(cell)``
    (``"king"``, ``"target"``, ``"blocked"``, ``"light"`` or ``"dark"``), ``click(cell)``
    (what clicking that cell does), ``play(move)``, ``undo()`` and ``new_game()``.

    >>> from coursekit.core import Coord, Grid
    >>> board = KingBoard(Grid(7, 5), seed=1)
    >>> board.state.at, board.cell_kind(Coord(5, 3)), board.cell_kind(Coord(0, 0))
    (Coord(x=6, y=4), 'target', 'dark')
    >>> board.click(Coord(0, 0))
    False
    >>> print(board.status.replace(". ", ".\n"))
    Not allowed: the king moves one cell left, down or diagonally down-left: [6, 4] -> [0, 0] is 6 cells away.
    Your turn: click a cell with a green dot to move the king.
    >>> board.click(Coord(5, 3))
    True
    >>> board.state.at
    Coord(x=4, y=2)
    """

    def __init__(
        self,
        grid: Grid | None = None,
        start: Coord | None = None,
        computer: str | Strategy = "perfect",
        human_first: bool = True,
        seed: int | None = 0,
        blocked_percent: float = 0,
        **kwargs: Any,
    ) -> None:
        super().__init__("king", seed=seed, computer=computer, human=0 if human_first else 1,
                         grid=Grid(5, 5) if grid is None else grid, start=start,
                         blocked_percent=blocked_percent, **kwargs)
