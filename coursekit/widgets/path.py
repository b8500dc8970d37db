"""A board for shortest king paths (article, section 6, G2.1): set the cells, watch BFS and A* search."""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import LabelStyle

from ..core.grid import Coord, Grid
from ..solvers.search import ALGORITHMS, SearchResult, search
from ..views.svg import BLOCKED
from ._grid import BLANK, set_text

CELL_PX = 30
#: Boards up to this side write each expanded cell's turn on it.
NUMBERED = 15
#: How a cell looks: its kind names one of the board's shared button styles.
CELL_KINDS = ("free", "blocked", "start", "target", "expanded", "latest", "path")
COLOURS = {
    "free": "#f4f4f4", "blocked": BLOCKED, "start": "#1b7837", "target": "#1f4e99",
    "expanded": "#fec44f", "latest": "#cc4c02", "path": "#9ecae1",
}
MODES = (("Set start", "start"), ("Set target", "target"), ("Block / free", "blocked"))
NAMES = {"bfs": "BFS", "astar": "A*"}


class PathBoard(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """Find a shortest king path by clicking: set the start and the target, block cells, then search.

    The mode buttons say what a click on a cell does: **Set start** (then the mode moves on
    to the target), **Set target** (then on to blocking), **Block / free** (a click blocks a
    free cell or frees a blocked one). Choose **BFS** or **A***, press **Search**, and step
    through the search with **Step** (one more expanded cell), **Play** (the ``Play``
    widget, one cell every ``interval`` ms) or **Show all**. Expanded cells are orange (the
    last one deep orange) and, on boards of at most 15 x 15, numbered by their turn; at
    the end the path is blue. The status line gives the path's length and how many cells
    were expanded. Changing the cells clears the search.

    ``grid`` defaults to an open 12 x 8 grid, ``start`` to ``(0, 0)`` and ``target`` to the
    top-right cell; ``blocked_percent`` blocks that percentage of further cells at random
    (never the start or the target), with the generator seeded by ``seed``.

    What a program can read and do: ``grid``, ``start``, ``target``, ``mode``, ``algorithm``,
    ``result`` (the :class:`~coursekit.solvers.search.SearchResult`, or ``None``),
    ``shown`` (how many expanded cells are shown), ``status``, ``buttons`` (a dict from each
    ``Coord`` to its button), ``cell_kind(cell)``, ``click(cell)``, ``run()``, ``step()``,
    ``show(k)``, ``show_all()``, ``clear()``, and the widgets ``mode_buttons``,
    ``algorithm_buttons``, ``run_button``, ``step_button``, ``all_button``, ``clear_button``,
    ``player``.

    >>> from coursekit.core import Coord, Grid
    >>> board = PathBoard(Grid(5, 4))
    >>> board.click(Coord(1, 0)); board.start, board.mode
    (Coord(x=1, y=0), 'target')
    >>> board.click(Coord(1, 3)); board.click(Coord(1, 2)); board.click(Coord(2, 2))
    >>> board.target, sorted(board.grid.blocked)
    (Coord(x=1, y=3), [Coord(x=1, y=2), Coord(x=2, y=2)])
    >>> board.run(); board.show_all(); board.status
    'A*: a shortest path of 3 moves; 4 cells expanded.'
    """

    def __init__(
        self,
        grid: Grid | None = None,
        start: Coord | None = None,
        target: Coord | None = None,
        algorithm: str = "astar",
        blocked_percent: float = 0,
        seed: int | None = 0,
        interval: int = 150,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        grid = Grid(12, 8) if grid is None else grid
        self.start = Coord(0, 0) if start is None else Coord(*start)
        self.target = Coord(grid.width - 1, grid.height - 1) if target is None else Coord(*target)
        for role, cell in (("start", self.start), ("target", self.target)):
            if not grid.is_free(cell):
                raise ValueError(f"the {role} {cell} is outside the {grid.width} x {grid.height} grid or blocked")
        if algorithm not in ALGORITHMS:
            raise ValueError(f"the algorithm is one of {', '.join(ALGORITHMS)}, got {algorithm!r}")
        if not 0 <= blocked_percent <= 100:
            raise ValueError(f"blocked_percent must be between 0 and 100, got {blocked_percent}")
        if blocked_percent:
            grid = grid.with_random_blocked(blocked_percent, random.Random(seed), keep=[self.start, self.target])
        self.grid = grid
        self.result: SearchResult | None = None
        self._order: dict[Coord, int] = {}

        # Each row's name is a Label beside its buttons (a ToggleButtons' description sits on a line of its own).
        self.mode_buttons = widgets.ToggleButtons(options=MODES, value="start")
        self.algorithm_buttons = widgets.ToggleButtons(options=[(NAMES[a], a) for a in ALGORITHMS], value=algorithm)
        self.run_button = widgets.Button(description="Search", button_style="primary",
                                         tooltip="Search from the start to the target")
        self.step_button = widgets.Button(description="Step", tooltip="Show one more expanded cell")
        self.all_button = widgets.Button(description="Show all", tooltip="Show the whole search and the path")
        self.clear_button = widgets.Button(description="Clear blocked", tooltip="Free every blocked cell")
        self.player = widgets.Play(value=0, min=0, max=0, step=1, interval=interval, description="Play the search")
        self.run_button.on_click(lambda _button: self.run())
        self.step_button.on_click(lambda _button: self.step())
        self.all_button.on_click(lambda _button: self.show_all())
        self.clear_button.on_click(lambda _button: self.clear())
        self.player.observe(lambda _change: self._redraw(), names="value")
        self.algorithm_buttons.observe(lambda _change: self._forget(), names="value")
        self.status_label = widgets.Label(value="")

        self.cell_layout = widgets.Layout(width=f"{CELL_PX}px", height=f"{CELL_PX}px", margin="0", padding="0")
        self.styles = {kind: widgets.ButtonStyle(button_color=COLOURS[kind], font_size="10px")
                       for kind in CELL_KINDS}
        self.styles["start"].font_weight = self.styles["target"].font_weight = "bold"
        for kind in ("start", "target", "latest"):  # white letters on the dark fills
            self.styles[kind].text_color = "#ffffff"
        label_style = LabelStyle(font_size="11px", text_color="#555")
        label_layout = widgets.Layout(justify_content="center", align_items="center", margin="0")
        self.buttons: dict[Coord, widgets.Button] = {}
        cells: list[widgets.Widget] = []
        for y in reversed(range(grid.height)):
            cells.append(widgets.Label(str(y), style=label_style, layout=label_layout))
            for x in range(grid.width):
                cell = Coord(x, y)
                button = widgets.Button(description=BLANK, tooltip=str(cell), layout=self.cell_layout,
                                        style=self.styles["free"])
                button.on_click(lambda _button, cell=cell: self.click(cell))
                self.buttons[cell] = button
                cells.append(button)
        cells.append(widgets.Label("", style=label_style, layout=label_layout))
        cells += [widgets.Label(str(x), style=label_style, layout=label_layout) for x in range(grid.width)]
        self.grid_box = widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns=f"20px repeat({grid.width}, {CELL_PX}px)",
            grid_template_rows=f"repeat({grid.height}, {CELL_PX}px) auto",
            grid_gap="1px",
            width="max-content",
        ))
        row_name = widgets.Layout(width="70px")
        self.children = (
            widgets.HBox([widgets.Label("Click to", layout=row_name), self.mode_buttons]),
            widgets.HBox([widgets.Label("Search", layout=row_name), self.algorithm_buttons, self.run_button]),
            self.grid_box,
            widgets.HBox([self.player, self.step_button, self.all_button, self.clear_button]),
            self.status_label,
        )
        self._forget()

    # What tests and lessons read ----------------------------------------------------------------

    @property
    def mode(self) -> str:
        """What a click on a cell does: ``"start"``, ``"target"`` or ``"blocked"``."""
        return str(self.mode_buttons.value)

    @property
    def algorithm(self) -> str:
        """The search the Search button runs: ``"bfs"`` or ``"astar"``."""
        return str(self.algorithm_buttons.value)

    @property
    def shown(self) -> int:
        """How many of the expanded cells are shown."""
        return int(self.player.value)

    @property
    def status(self) -> str:
        """The status line."""
        return str(self.status_label.value)

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn now: one of :data:`CELL_KINDS`."""
        style = self.buttons[Coord(*cell)].style
        return next(kind for kind, shared in self.styles.items() if shared is style)

    # Setting the cells --------------------------------------------------------------------------

    def click(self, cell: Coord | tuple[int, int]) -> None:
        """Do what clicking ``cell`` does in the current mode (the status line says if it cannot)."""
        cell = Coord(*cell)
        if cell not in self.buttons:
            raise ValueError(f"{cell} is not a cell of the {self.grid.width} x {self.grid.height} board")
        mode = self.mode
        if mode == "blocked":
            if cell in (self.start, self.target):
                role = "start" if cell == self.start else "target"
                self._say(f"The {role} cannot be blocked: move it first.")
                return
            blocked = self.grid.blocked ^ {cell}
            self.grid = Grid(self.grid.width, self.grid.height, blocked, self.grid.values)
        else:
            if cell in self.grid.blocked:
                self._say(f"{cell} is blocked: free it first (Block / free), or choose another cell.")
                return
            if mode == "start":
                self.start = cell
                self.mode_buttons.value = "target"
            else:
                self.target = cell
                self.mode_buttons.value = "blocked"
        self._forget()

    def clear(self) -> None:
        """Free every blocked cell."""
        self.grid = Grid(self.grid.width, self.grid.height, frozenset(), self.grid.values)
        self._forget()

    # Searching ----------------------------------------------------------------------------------

    def run(self) -> None:
        """Search with the chosen algorithm; the board then shows 0 expanded cells, ready to step."""
        self.result = search(self.grid, self.start, self.target, self.algorithm)
        self._order = {cell: i for i, cell in enumerate(self.result.expanded, start=1)}
        self.player.value = 0
        self.player.max = len(self.result.expanded)
        self._redraw()

    def show(self, k: int) -> None:
        """Show the first ``k`` expanded cells (and the path once all are shown)."""
        if self.result is None:
            self.run()
        assert self.result is not None
        if not 0 <= k <= len(self.result.expanded):
            raise ValueError(f"this search expanded {len(self.result.expanded)} cells, so k is 0 to that, not {k}")
        self.player.value = k
        self._redraw()

    def step(self) -> None:
        """One more expanded cell (searching first if needed)."""
        if self.result is None:
            self.run()
        assert self.result is not None
        self.show(min(self.shown + 1, len(self.result.expanded)))

    def show_all(self) -> None:
        """The whole search and the path."""
        if self.result is None:
            self.run()
        assert self.result is not None
        self.show(len(self.result.expanded))

    # Drawing ------------------------------------------------------------------------------------

    def _forget(self) -> None:
        """The cells or the algorithm changed: the old search no longer holds."""
        self.result = None
        self._order = {}
        self.player.max = 0
        self.player.value = 0
        self._redraw()

    def _say(self, text: str) -> None:
        self.status_label.value = text

    def _redraw(self) -> None:
        k = self.shown
        result = self.result
        done = result is not None and k == len(result.expanded)
        on_path = set(result.path or ()) if result is not None and done else set()
        latest = result.expanded[k - 1] if result is not None and k else None
        numbered = max(self.grid.width, self.grid.height) <= NUMBERED
        for cell, button in self.buttons.items():
            turn = self._order.get(cell, 0)
            text = ""
            if cell == self.start:
                kind, text = "start", "S"
            elif cell == self.target:
                kind, text = "target", "T"
            elif cell in self.grid.blocked:
                kind = "blocked"
            elif cell in on_path:
                kind = "path"
            elif 0 < turn <= k:
                kind = "latest" if cell == latest else "expanded"
            else:
                kind = "free"
            if not text and numbered and 0 < turn <= k:
                text = str(turn)
            button.style = self.styles[kind]
            set_text(button, text)
        self._say(self._status_text(k))

    def _status_text(self, k: int) -> str:
        name = NAMES[self.algorithm]
        result = self.result
        if result is None:
            return (f"Start {self.start}, target {self.target}, {len(self.grid.blocked)} blocked cells. "
                    f"Press Search to run {name}.")
        total = len(result.expanded)
        if k < total:
            return f"{name}: {k} of {total} cells expanded so far (latest {result.expanded[k - 1]})." if k else (
                f"{name} is ready: {total} cells to expand. Press Step or Play.")
        if result.path is None:
            return f"{name}: no path, the target {self.target} cannot be reached; {total} cells expanded."
        return f"{name}: a shortest path of {result.length} moves; {total} cells expanded."
