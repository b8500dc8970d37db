"""A board for shortest king paths (article, section 6, G2.1): set the cells, watch BFS and A* search."""

from __future__ import annotations

import random
from typing import Any

from ...boards.board import Board, button, choice, slider
from ...core.grid import Coord, Grid
from ...render.search import search_board_svg
from ...render.svg import cell_of
from ...solvers.search import ALGORITHMS, SearchResult, search

#: What a click on a cell does, as the "Click to" list shows it, and the mode's short name.
MODES = {"set start": "start", "set target": "target", "block / free": "blocked"}
NAMES = {"bfs": "BFS", "astar": "A*"}
#: How a cell is drawn (:meth:`PathBoard.cell_kind`).
CELL_KINDS = ("free", "blocked", "start", "target", "expanded", "latest", "path")


class PathBoard(Board):
    """Find a shortest king path by clicking: set the start and the target, block cells, then search.

    The **Click to** list says what a click on a cell does: **set start** (then it moves on
    to the target), **set target** (then on to blocking), **block / free** (a click blocks a
    free cell or frees a blocked one). Choose **BFS** or **A*** in the **Search** list and
    watch it: **Step** shows one more expanded cell, **▶ Run** shows them one after the other
    at the pace of the speed slider (**⏸ Pause** stops), **Show all** the whole search, and the
    **Cells shown** slider goes back and forth through it. Expanded cells are coloured from
    pale (early) to deep (late) and, on boards of at most 15 x 15, numbered by their turn; the
    latest is ringed with a dashed line; at the end the path is pale blue with a line along
    it. The status line gives the path's length and how many cells were expanded. Changing
    the cells or the search clears it: no number of an old search is left on the board.

    ``grid`` defaults to an open 12 x 8 grid, ``start`` to ``(0, 0)`` and ``target`` to the
    top-right cell; ``blocked_percent`` blocks that percentage of further cells at random
    (never the start or the target), with the generator seeded by ``seed``. ``interval`` is
    the milliseconds ▶ Run takes a cell (the speed slider).

    What a program can read and do: ``grid``, ``start``, ``target``, ``mode``, ``algorithm``,
    ``result`` (the :class:`~coursekit.solvers.search.SearchResult`, or ``None``),
    ``shown`` (how many expanded cells are shown), ``status``, ``picture`` (the SVG the page
    shows), ``cell_kind(cell)``, ``click(cell)``, ``set_mode(mode)``, ``set_algorithm(name)``,
    ``search()``, ``step()``, ``run()`` (what ▶ Run does: then each :meth:`tick` shows one
    more cell), ``show_cells(k)``, ``show_all()``, ``clear()``; and as the page does,
    ``hit("x,y")`` and ``press(name, value)``.

    >>> from coursekit.core import Coord, Grid
    >>> board = PathBoard(Grid(5, 4))
    >>> board.click(Coord(1, 0)); board.start, board.mode
    (Coord(x=1, y=0), 'target')
    >>> board.click(Coord(1, 3)); board.click(Coord(1, 2)); board.click(Coord(2, 2))
    >>> board.target, sorted(board.grid.blocked)
    (Coord(x=1, y=3), [Coord(x=1, y=2), Coord(x=2, y=2)])
    >>> board.step(); board.status
    True
    'A*: 1 of 4 cells expanded so far (latest [1, 0]).'
    >>> board.show_all(); board.status
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
        self.mode = "start"
        self.algorithm = algorithm
        self.result: SearchResult | None = None
        self.shown = 0
        self.speed = max(0, int(interval))
        self._note = ""
        self._forget()

    # What tests and lessons read ----------------------------------------------------------------

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn now: one of :data:`CELL_KINDS`."""
        cell = Coord(*cell)
        if cell not in self.grid:
            raise ValueError(f"{cell} is not a cell of the {self.grid.width} x {self.grid.height} board")
        if cell == self.start:
            return "start"
        if cell == self.target:
            return "target"
        if cell in self.grid.blocked:
            return "blocked"
        result, k = self.result, self.shown
        if result is None or k == 0:
            return "free"
        if k == len(result.expanded) and cell in (result.path or ()):
            return "path"
        if cell == result.expanded[k - 1]:
            return "latest"
        return "expanded" if cell in result.expanded[:k] else "free"

    @property
    def done(self) -> bool:
        """Whether the whole search is shown."""
        return self.result is not None and self.shown == len(self.result.expanded)

    # Setting the cells --------------------------------------------------------------------------

    def click(self, cell: Coord | tuple[int, int]) -> None:
        """Do what clicking ``cell`` does in the current mode (the status line says if it cannot)."""
        cell = Coord(*cell)
        if cell not in self.grid:
            raise ValueError(f"{cell} is not a cell of the {self.grid.width} x {self.grid.height} board")
        if self.mode == "blocked":
            if cell in (self.start, self.target):
                role = "start" if cell == self.start else "target"
                self._refuse(f"The {role} cannot be blocked: move it first.")
                return
            blocked = self.grid.blocked ^ {cell}
            self.grid = Grid(self.grid.width, self.grid.height, blocked, self.grid.values)
        else:
            if cell in self.grid.blocked:
                self._refuse(f"{cell} is blocked: free it first (Click to: block / free), or choose another cell.")
                return
            if self.mode == "start":
                if cell == self.target:
                    self._refuse(f"{cell} is the target: the start goes on another cell.")
                    return
                self.start = cell
                self.mode = "target"
            else:
                if cell == self.start:
                    self._refuse(f"{cell} is the start: the target goes on another cell.")
                    return
                self.target = cell
                self.mode = "blocked"
        self._forget()

    def set_mode(self, mode: str) -> None:
        """What a click on a cell does from now on: ``"start"``, ``"target"`` or ``"blocked"``
        (or the list's words, ``"set start"``, ...)."""
        mode = MODES.get(mode, mode)
        if mode not in MODES.values():
            raise ValueError(f"the mode is one of {', '.join(MODES.values())}, got {mode!r}")
        self.mode = mode
        self.redraw()

    def set_algorithm(self, algorithm: str) -> None:
        """Search with ``"bfs"`` or ``"astar"`` (or ``"BFS"``, ``"A*"``) from now on; the old search is forgotten."""
        algorithm = {name: a for a, name in NAMES.items()}.get(algorithm, algorithm)
        if algorithm not in ALGORITHMS:
            raise ValueError(f"the algorithm is one of {', '.join(ALGORITHMS)}, got {algorithm!r}")
        self.algorithm = algorithm
        self._forget()

    def clear(self) -> None:
        """Free every blocked cell."""
        self.grid = Grid(self.grid.width, self.grid.height, frozenset(), self.grid.values)
        self._forget()

    # Searching ----------------------------------------------------------------------------------

    def search(self) -> SearchResult:
        """Search with the chosen algorithm (if not done yet for these cells); the result."""
        if self.result is None:
            self.result = search(self.grid, self.start, self.target, self.algorithm)
            self.shown = 0
        return self.result

    def show_cells(self, k: int) -> None:
        """Show the first ``k`` expanded cells (and the path once all are shown)."""
        result = self.search()
        if not 0 <= k <= len(result.expanded):
            raise ValueError(f"this search expanded {len(result.expanded)} cells, so k is 0 to that, not {k}")
        self.shown = k
        if self.done:
            self.running = False
        self.redraw()

    def step(self) -> bool:
        """One more expanded cell (searching first if needed); ``False`` if all are shown."""
        result = self.search()
        if self.shown >= len(result.expanded):
            self.running = False
            self.redraw()
            return False
        self.show_cells(self.shown + 1)
        return True

    def start_running(self) -> None:
        """What **▶ Run** does: search if needed, then show one more cell on every tick until all are shown
        (from the start of the search if all were shown already). **⏸ Pause** is :meth:`pause`."""
        if self.done:
            self.shown = 0
        self.search()
        super().start_running()

    #: **▶ Run**, by the button's name (:meth:`start_running`).
    run = start_running

    def show_all(self) -> None:
        """The whole search and the path."""
        self.running = False
        self.show_cells(len(self.search().expanded))

    # The board's parts --------------------------------------------------------------------------

    def on_hit(self, key: str) -> None:
        try:
            cell = cell_of(key)
        except ValueError as error:
            self._refuse(f"{error}.")
            return
        if cell not in self.grid:
            self._refuse(f"{cell} is not a cell of this board.")
            return
        self.click(cell)

    def on_control(self, name: str, value: Any) -> None:
        if name == "mode":
            self.set_mode(str(value))
        elif name == "algorithm":
            self.set_algorithm(str(value))
        elif name == "step":
            self.running = False
            self.step()
        elif name == "run":
            self.play_or_pause()
        elif name == "all":
            self.show_all()
        elif name == "shown":
            self.running = False
            self.show_cells(int(value))
        elif name == "clear":
            self.clear()
        else:
            super().on_control(name, value)

    def on_tick(self) -> None:
        self.step()

    # Drawing ------------------------------------------------------------------------------------

    def _forget(self) -> None:
        """The cells or the algorithm changed: the old search no longer holds."""
        self.running = False
        self.result = None
        self.shown = 0
        self.redraw()

    def _refuse(self, text: str) -> None:
        self._note = text
        self.redraw()

    def _hits(self) -> dict[Coord, str]:
        words = {"start": "set the start here", "target": "set the target here", "blocked": "block this cell"}
        hits = {}
        for cell in self.grid.cells():
            kind = self.cell_kind(cell)
            what = {"start": "the start", "target": "the target", "blocked": "blocked"}.get(kind, kind)
            if kind == "blocked":
                doing = "click to free it" if self.mode == "blocked" else "free it first (Click to: block / free)"
            elif kind in ("start", "target") and self.mode == "blocked":
                doing = f"cannot be blocked: move {what} first"
            else:
                doing = f"click to {words[self.mode]}"
            hits[cell] = f"{what}; {doing}"
        return hits

    def redraw(self) -> None:
        note, self._note = self._note, ""
        status = self._status_text()
        picture = search_board_svg(self.grid, self.start, self.target, self.result, self.shown, hits=self._hits(),
                                   title=status)
        self.show(picture, f"{note} {status}".strip() if note else status, self._controls())

    def _controls(self) -> list[dict[str, Any]]:
        mode = next(words for words, short in MODES.items() if short == self.mode)
        total = len(self.result.expanded) if self.result is not None else 0
        return [
            choice("mode", "Click to", list(MODES), mode, title="What a click on a cell does"),
            choice("algorithm", "Search", [NAMES[a] for a in ALGORITHMS], NAMES[self.algorithm],
                   title="The search to watch"),
            button("step", "Step", disabled=self.done, title="Show one more expanded cell"),
            self.play_button("run", "▶ Run", title="Show the expanded cells one after the other"),
            button("all", "Show all", disabled=self.done, title="Show the whole search and the path"),
            button("clear", "Clear walls", disabled=not self.grid.blocked, title="Free every blocked cell"),
            slider("shown", "Cells shown", 0, total, self.shown, disabled=self.result is None,
                   valuetext=f"{self.shown} of {total} cells", shown=f"{self.shown} of {total}"),
            self.speed_slider("cell"),
        ]

    def _status_text(self) -> str:
        name = NAMES[self.algorithm]
        result, k = self.result, self.shown
        if result is None:
            blocked = len(self.grid.blocked)
            return (f"Start {self.start}, target {self.target}, {blocked} blocked cell{'s' * (blocked != 1)}. "
                    f"Press Step or ▶ Run to watch {name} search, or Show all.")
        total = len(result.expanded)
        if k < total:
            if not k:
                return f"{name} is ready: {total} cells to expand. Press Step or ▶ Run."
            return f"{name}: {k} of {total} cells expanded so far (latest {result.expanded[k - 1]})."
        if result.path is None:
            return f"{name}: no path, the target {self.target} cannot be reached; {total} cells expanded."
        return f"{name}: a shortest path of {result.length} moves; {total} cells expanded."
