"""A board for the one-way king (article, sections 3-4, game G1.1): a grid of buttons."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import LabelStyle

from ..core.grid import Coord, Grid
from ..core.rules import Strategy
from ..games import pieces
from ..games.pieces import OneWayKing, PieceState
from ..views.svg import BLOCKED, DARK, HIGHLIGHT, LIGHT
from ._play import PlayBoard

KING = "\u2654"
CELL_PX = 40
#: How a cell looks: its kind names one of the board's shared button styles.
CELL_KINDS = ("light", "dark", "target", "king", "blocked")


class KingBoard(PlayBoard):
    r"""Play the one-way king against the computer: click a green cell to move the king.

    The grid is a ``GridBox`` of buttons, the top row first, ``(0, 0)`` at the bottom left;
    rows and columns are numbered along the left and bottom edges. The king (♔) moves one
    cell left, down or diagonally down-left; the cells it may go to are green, blocked
    cells are dark and cannot be clicked. Clicking any other cell says in the status line
    why the king cannot go there, and changes nothing. Whoever makes the last move wins
    (on an open grid: whoever moves the king onto ``(0, 0)``).

    ``grid`` defaults to an open 5 x 5 grid; ``start`` to its top-right cell.
    ``blocked_percent`` blocks that percentage of further cells at random (never the start
    or ``(0, 0)``), drawn again for every new game. ``computer`` is ``"perfect"``,
    ``"article"`` (the article's player P0), ``"random"`` or any ``strategy(rules, state)``.
    The same ``seed`` gives the same game.

    What a program can read and do: ``state`` (a :class:`~coursekit.games.pieces.PieceState`),
    ``status``, ``record``, ``buttons`` (a dict from each ``Coord`` to its button),
    ``cell_kind(cell)`` (``"king"``, ``"target"``, ``"blocked"``, ``"light"`` or ``"dark"``),
    ``click(cell)`` (what clicking that cell does), ``play(move)`` and ``new_game()``.
    All cell buttons share one ``Layout`` and the few ``ButtonStyle`` objects in ``styles``,
    so a saved board stays small.

    >>> from coursekit.core import Coord, Grid
    >>> board = KingBoard(Grid(7, 5), seed=1)
    >>> board.state.at, board.cell_kind(Coord(5, 3)), board.cell_kind(Coord(0, 0))
    (Coord(x=6, y=4), 'target', 'dark')
    >>> board.click(Coord(0, 0))
    False
    >>> print(board.status.replace(". ", ".\n"))
    Not allowed: the king moves one cell left, down or diagonally down-left: [6, 4] -> [0, 0] is 6 cells away.
    Your turn: click a green cell to move the king.
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
        self.base_grid = Grid(5, 5) if grid is None else grid
        self.start_cell = Coord(self.base_grid.width - 1, self.base_grid.height - 1) if start is None else Coord(*start)
        self.blocked_percent = blocked_percent
        OneWayKing(self.base_grid, self.start_cell)  # check the grid and the start before drawing
        if not 0 <= blocked_percent <= 100:
            raise ValueError(f"blocked_percent must be between 0 and 100, got {blocked_percent}")
        super().__init__(computer, human_first, seed, pieces.article_strategy, **kwargs)
        width, height = self.base_grid.width, self.base_grid.height
        self.cell_layout = widgets.Layout(width=f"{CELL_PX}px", height=f"{CELL_PX}px", margin="0", padding="0")
        self.styles: dict[str, widgets.ButtonStyle] = {
            "light": widgets.ButtonStyle(button_color=LIGHT),
            "dark": widgets.ButtonStyle(button_color=DARK),
            "target": widgets.ButtonStyle(button_color=HIGHLIGHT),
            "king": widgets.ButtonStyle(button_color="#ffd54f", font_size="24px", font_weight="bold"),
            "blocked": widgets.ButtonStyle(button_color=BLOCKED),
        }
        label_style = LabelStyle(font_size="11px", text_color="#555")
        label_layout = widgets.Layout(justify_content="center", align_items="center", margin="0")
        self.buttons: dict[Coord, widgets.Button] = {}
        cells: list[widgets.Widget] = []
        for y in reversed(range(height)):
            cells.append(widgets.Label(str(y), style=label_style, layout=label_layout))
            for x in range(width):
                cell = Coord(x, y)
                button = widgets.Button(description="", tooltip=str(cell), layout=self.cell_layout,
                                        style=self.styles["light"])
                button.on_click(lambda _button, cell=cell: self.click(cell))
                self.buttons[cell] = button
                cells.append(button)
        cells.append(widgets.Label("", style=label_style, layout=label_layout))
        cells += [widgets.Label(str(x), style=label_style, layout=label_layout) for x in range(width)]
        self.grid_box = widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns=f"20px repeat({width}, {CELL_PX}px)",
            grid_template_rows=f"repeat({height}, {CELL_PX}px) auto",
            grid_gap="2px",
            width="max-content",
            overflow="visible",
        ))
        self.children = (self.grid_box, self.status_label, self.new_game_button)
        self.new_game()

    def click(self, cell: Coord | tuple[int, int]) -> bool:
        """Do what clicking ``cell`` does: move the king there if it may go, else say why not."""
        cell = Coord(*cell)
        if cell not in self.buttons:
            raise ValueError(f"{cell} is not a cell of the {self.base_grid.width} x {self.base_grid.height} board")
        return self.play(cell)

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn now: ``"king"``, ``"target"``, ``"blocked"``, ``"light"`` or ``"dark"``."""
        style = self.buttons[Coord(*cell)].style
        return next(kind for kind, shared in self.styles.items() if shared is style)

    def _make_rules(self) -> OneWayKing:
        rules = OneWayKing(self.base_grid, self.start_cell)
        if not self.blocked_percent or not rules.targets(self.start_cell):
            return rules
        keep = (self.start_cell, Coord(0, 0))
        for _try in range(100):  # block cells at random, but leave the king a first move
            grid = self.base_grid.with_random_blocked(self.blocked_percent, self.rng, keep=keep)
            rules = OneWayKing(grid, self.start_cell)
            if rules.targets(self.start_cell):
                return rules
        raise ValueError(f"with {self.blocked_percent}% of the cells blocked the king could not move from "
                         f"{self.start_cell} in 100 tries: block fewer cells")

    def _redraw(self) -> None:
        state: PieceState = self.state
        targets = set(self.rules.legal_moves(state))
        for cell, button in self.buttons.items():
            blocked = cell in state.grid.blocked
            if cell == state.at:
                kind = "king"
            elif blocked:
                kind = "blocked"
            elif cell in targets:
                kind = "target"
            else:
                kind = "light" if (cell.x + cell.y) % 2 else "dark"
            button.style = self.styles[kind]
            button.description = KING if cell == state.at else ""
            button.disabled = blocked

    def _describe(self, state: PieceState, move: Any) -> str:
        return f"moved the king to {Coord(*move)}"

    def _hint(self) -> str:
        return "click a green cell to move the king."


