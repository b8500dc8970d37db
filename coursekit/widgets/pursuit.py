"""A board for pursuit (article, sections 6-7, G2.2 to G2.5): place the pieces, pick the
strategies, and watch the chase move by move."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from ..core.grid import Coord, Grid
from ..core.record import Record, Step
from ..core.rules import End
from ..games.pursuit import (
    DEFAULT_MAX_MOVES,
    VARIANTS,
    Pursuit,
    PursuitState,
    Variant,
    coalition_pursuers,
    jerry_strategy,
    lone_pursuers,
    optimal_prey,
    optimal_pursuers,
    random_prey,
    steps_from,
)
from ..solvers.pursuit import PursuitSolver
from ..views.heatmap import EMPTY, ink, scale_colour
from ..views.pursuit import BOTH_FILL, HUNTER_FILL, PREY_FILL
from ..views.svg import BLOCKED, DARK, HIGHLIGHT, LIGHT
from ._grid import button_grid, set_text

CELL_PX = 36
#: The strategies each side can be given on the board, by the number of pursuers.
PURSUER_CHOICES = {1: ("Tom", "optimal", "you"), 2: ("lone", "coalition", "optimal", "you")}
PREY_CHOICES = ("Jerry", "random", "optimal", "you")
#: What a click on a cell does: move a piece of the side whose turn it is, or place a piece.
MOVE = "move"
#: How a cell looks (the heat-map adds one shared style per colour, of kind ``"heat"``).
CELL_KINDS = ("light", "dark", "blocked", "pursuer", "prey", "caught", "target", "chosen", "heat")
CHOSEN = "#c7e9c0"
#: How the status line names the controls that move the computer sides: the Step button, and
#: the Play widget's ▶ button (the Play widget shows icons only, not its description).
RUN_HINT = "press Step, or ▶ to run the chase"

Strategy = Callable[[Pursuit, PursuitState], Any]


class PursuitBoard(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """Tom and Jerry on a grid of buttons: place the pieces, choose both sides, step or run the chase.

    ``variant`` is one of the article's games (:data:`~coursekit.games.pursuit.VARIANTS`):
    ``"G2.2"`` (one pursuer, a random prey), ``"G2.3"`` (Tom and Jerry), ``"G2.4"`` (two
    pursuers, each chasing alone) or ``"G2.5"`` (two pursuers in a coalition). It sets the
    number of pursuers and the strategies each side starts with. ``blocked`` is a
    percentage of cells to block at random, or the blocked cells themselves. The pieces
    start on random distinct free cells, unless ``start`` gives ``(pursuer cells, prey
    cell)``. A chase not over after ``max_moves`` rounds is an escape. Every random choice
    (blocked cells, starts, the random prey) comes from one generator seeded by ``seed``.

    The controls:

    - **Pursuers** and **Prey** dropdowns: ``Tom`` (one pursuer) or ``lone`` and
      ``coalition`` (two), ``Jerry`` or ``random`` for the prey, ``optimal`` for either side
      (the exact solver's moves), and ``you``: then a click moves that side's piece to a
      green cell (with two pursuers, one click for each). A computer side answers a human at
      once; when both sides are computers, **Step** makes one move and the ``Play`` widget's
      ▶ button runs the chase, one move per tick (the status line names both).
    - **Click** buttons: ``move`` (the default), or ``place pursuer`` (``place pursuer 1``,
      ``place pursuer 2``) and ``place prey``: a click puts that piece on a free cell and
      the chase starts again from there. **Random start** draws new cells,
      **Restart** goes back to the start of this chase.
    - **Capture times** shows on each free cell the optimal capture time if the prey stood
      there, the pursuers where they are and to move (``∞``: the prey escapes forever).

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``is_over``, ``buttons`` (each ``Coord``'s button), ``cell_kind(cell)``,
    ``click(cell)``, ``step()``, ``run(limit)``, ``place(piece, cell)``, ``random_start()``,
    ``restart()``, ``solver`` and the widgets ``pursuers_choice``, ``prey_choice``,
    ``mode_buttons``, ``step_button``, ``player``, ``restart_button``,
    ``random_button``, ``heatmap_box``.

    >>> from coursekit.core import Coord
    >>> board = PursuitBoard(6, 6, start=(Coord(0, 0), Coord(5, 5)))
    >>> board.step(); board.state.pursuers, board.state.prey
    True
    ((Coord(x=1, y=1),), Coord(x=5, y=5))
    >>> board.run(); board.status
    'Tom caught Jerry at move 5.'
    >>> board.prey_choice.value = "you"; board.restart(); board.cell_kind(Coord(4, 4))
    'target'
    >>> board.click(Coord(4, 4)); board.state.prey, board.state.turn
    True
    (Coord(x=4, y=4), 1)
    """

    def __init__(
        self,
        width: int = 8,
        height: int = 8,
        variant: str = "G2.3",
        blocked: float | Iterable[Coord] = 0,
        seed: int | None = 0,
        *,
        start: tuple[Any, Coord] | None = None,
        pursuers: str | None = None,
        prey: str | None = None,
        max_moves: int = DEFAULT_MAX_MOVES,
        heatmap: bool = False,
        interval: int = 500,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if variant not in VARIANTS:
            raise ValueError(f"the variant is one of {', '.join(VARIANTS)}, got {variant!r}")
        self.variant: Variant = VARIANTS[variant]
        self.count = self.variant.pursuers
        self.rng = random.Random(seed)
        self.grid = self._make_grid(width, height, blocked)
        self.max_moves = max_moves
        self._solver: PursuitSolver | None = None
        self._strategies: dict[int, Strategy | None] = {}
        placed = self._random_cells() if start is None else start
        self.rules = Pursuit(self.grid, self.count, placed, max_moves)
        self.start: PursuitState = self.rules.initial_state()
        self.state: PursuitState = self.start
        self.steps: list[Step] = []
        self.chosen: list[Coord] = []  # a human's pursuers' move, one cell per click

        pursuer_choices = PURSUER_CHOICES[self.count]
        pursuers = pursuers or {"G2.4": "lone", "G2.5": "coalition"}.get(variant, "Tom")
        prey = prey or ("random" if variant == "G2.2" else "Jerry")
        if pursuers not in pursuer_choices:
            raise ValueError(f"with {self.count} pursuer{'s' if self.count > 1 else ''} the pursuers play one of "
                             f"{', '.join(pursuer_choices)}; got {pursuers!r}")
        if prey not in PREY_CHOICES:
            raise ValueError(f"the prey plays one of {', '.join(PREY_CHOICES)}; got {prey!r}")
        self._resetting = False
        self.pursuers_choice = widgets.Dropdown(options=pursuer_choices, value=pursuers,
                                                description="Pursuers")
        self.prey_choice = widgets.Dropdown(options=PREY_CHOICES, value=prey, description="Prey")
        pieces = ["place pursuer"] if self.count == 1 else ["place pursuer 1", "place pursuer 2"]
        self.mode_buttons = widgets.ToggleButtons(options=[MOVE, *pieces, "place prey"], value=MOVE,
                                                  description="Click")
        self.step_button = widgets.Button(description="Step", tooltip="One move of the side to move")
        self.player = widgets.Play(value=0, min=0, max=2 * max_moves, step=1, interval=interval,
                                   description="Run the chase")
        self.restart_button = widgets.Button(description="Restart", tooltip="Back to the start of this chase")
        self.random_button = widgets.Button(description="Random start", tooltip="New random cells for the pieces")
        self.heatmap_box = widgets.Checkbox(value=heatmap, description="Capture times", indent=False)
        self.status_label = widgets.Label(value="")
        self.moves_label = widgets.Label(value="")

        self._build_grid()
        self.step_button.on_click(lambda _button: self.step())
        self.restart_button.on_click(lambda _button: self.restart())
        self.random_button.on_click(lambda _button: self.random_start())
        self.player.observe(self._on_tick, names="value")
        self.pursuers_choice.observe(lambda change: self._on_choice(0, change), names="value")
        self.prey_choice.observe(lambda change: self._on_choice(1, change), names="value")
        self.heatmap_box.observe(lambda _change: self._redraw(), names="value")
        self.mode_buttons.observe(lambda _change: self._on_mode(), names="value")
        self.children = (
            widgets.HBox([self.pursuers_choice, self.prey_choice]),
            self.mode_buttons,
            self.grid_box,
            widgets.HBox([self.step_button, self.player, self.restart_button, self.random_button,
                          self.heatmap_box]),
            self.moves_label,
            self.status_label,
        )
        if "optimal" in (self.pursuers_choice.value, self.prey_choice.value):
            self.solver  # noqa: B018  # refuse a grid too large for optimal play at once
        self._new_chase(self.start)

    # What tests and lessons read ---------------------------------------------------------

    @property
    def status(self) -> str:
        """The status line: whose turn it is and what to click, or how the chase ended."""
        return str(self.status_label.value)

    @property
    def is_over(self) -> bool:
        """Whether the chase has ended (a capture, or the move limit)."""
        return bool(self.rules.is_over(self.state))

    @property
    def record(self) -> Record:
        """The chase so far as a :class:`~coursekit.core.Record`, players named as in the variant;
        an unfinished chase has ``end == "stopped"``."""
        names = (self.variant.hunter, self.variant.prey)
        return Record.of(self.rules, names, self.start, tuple(self.steps), None if self.is_over else End.STOPPED)

    @property
    def solver(self) -> PursuitSolver:
        """The exact solver for this grid and number of pursuers (made when first needed)."""
        if self._solver is None:
            self._solver = PursuitSolver(self.grid, self.count)
        return self._solver

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn: ``"pursuer"``, ``"prey"``, ``"caught"``, ``"target"`` (a human
        may click it now), ``"chosen"`` (a pursuer's cell chosen this move), ``"heat"``,
        ``"blocked"``, ``"light"`` or ``"dark"``."""
        return self._kinds[Coord(*cell)]

    # Doing ---------------------------------------------------------------------------------

    def click(self, cell: Coord | tuple[int, int]) -> bool:
        """Do what clicking ``cell`` does in the current mode; ``False`` (and the status says
        why) if nothing happened."""
        cell = Coord(*cell)
        if cell not in self.buttons:
            raise ValueError(f"{cell} is not a cell of the {self.grid.width} x {self.grid.height} board")
        mode = str(self.mode_buttons.value)
        if mode != MOVE:
            return self.place(mode.removeprefix("place "), cell)
        if self.is_over:
            return self._refuse("the chase is over: press Restart or Random start")
        side = self.state.turn
        if self._strategy(side) is not None:
            whose = self._side_name(side) + ("'" if side == 0 and self.count > 1 else "'s")
            return self._refuse(f"it is the {whose} turn, and the computer plays them: {RUN_HINT}")
        if side == 1:
            return self._human_move(cell)
        number = len(self.chosen)
        if cell not in steps_from(self.grid, self.state.pursuers[number]):
            # the rules say why (the pursuers after this one are not asked yet: the first reason is this one's)
            trial = (*self.chosen, cell, *self.state.pursuers[number + 1:])
            return self._refuse(self.rules.why_illegal(self.state, trial) or f"{cell} is not a step away")
        self.chosen.append(cell)
        if len(self.chosen) < self.count:
            self._redraw()
            self.status_label.value = f"Pursuer 1 goes to {cell}. {self._turn_text()}"
            return True
        move, self.chosen = tuple(self.chosen), []
        return self._human_move(move)

    def step(self) -> bool:
        """One move of the side to move, by its computer strategy; ``False`` if the chase is over
        or that side is played by a human."""
        if self.is_over:
            return False
        side = self.state.turn
        strategy = self._strategy(side)
        if strategy is None:
            self.status_label.value = self._turn_text()
            return False
        self._apply(strategy(self.rules, self.state))
        self._show()
        return True

    def run(self, limit: int | None = None) -> None:
        """Step until the chase ends, a human is to move, or ``limit`` moves were made."""
        made = 0
        while (limit is None or made < limit) and self.step():
            made += 1

    def place(self, piece: str, cell: Coord | tuple[int, int]) -> bool:
        """Put ``piece`` (``"pursuer"``, ``"pursuer 1"``, ``"pursuer 2"`` or ``"prey"``) on
        ``cell``; the chase starts again from the pieces' cells, the pursuers to move."""
        cell = Coord(*cell)
        pieces = ["pursuer"] if self.count == 1 else ["pursuer 1", "pursuer 2"]
        if piece not in (*pieces, "prey"):
            raise ValueError(f"the pieces are {', '.join(pieces)} and prey; got {piece!r}")
        if not self.grid.is_free(cell):
            return self._refuse(f"{cell} is a blocked cell" if cell in self.grid else f"{cell} is off the grid")
        chasers, prey = list(self.state.pursuers), self.state.prey
        if piece == "prey":
            if cell in chasers:
                return self._refuse(f"a pursuer stands on {cell}")
            prey = cell
        else:
            number = 0 if piece == "pursuer" else int(piece[-1]) - 1
            if cell == prey or cell in chasers[:number] + chasers[number + 1:]:
                return self._refuse(f"another piece stands on {cell}")
            chasers[number] = cell
        self.rules = Pursuit(self.grid, self.count, (tuple(chasers), prey), self.max_moves)
        self._new_chase(self.rules.initial_state())
        return True

    def random_start(self) -> None:
        """New random cells for the pieces (what **Random start** does); the chase starts again."""
        self.rules = Pursuit(self.grid, self.count, self._random_cells(), self.max_moves)
        self._new_chase(self.rules.initial_state())

    def restart(self) -> None:
        """Back to the start of this chase (what **Restart** does)."""
        self._new_chase(self.start)

    # Inside --------------------------------------------------------------------------------

    def _make_grid(self, width: int, height: int, blocked: float | Iterable[Coord]) -> Grid:
        grid = Grid(width, height)
        if isinstance(blocked, int | float):
            if not 0 <= blocked < 100:
                raise ValueError(f"blocked is a percentage from 0 to below 100, or a list of cells; got {blocked}")
            grid = grid.with_random_blocked(blocked, self.rng) if blocked else grid
        else:
            cells = [Coord(*c) for c in blocked]
            outside = [c for c in cells if c not in grid]
            if outside:
                raise ValueError(f"the blocked cell {outside[0]} is outside the {width} x {height} grid")
            grid = grid.with_blocked(cells)
        free = sum(1 for _ in grid.free_cells())
        if free < self.count + 1:
            raise ValueError(f"the grid has {free} free cells, too few for {self.count + 1} pieces")
        return grid

    def _random_cells(self) -> tuple[tuple[Coord, ...], Coord]:
        cells = self.rng.sample(list(self.grid.free_cells()), self.count + 1)
        return tuple(cells[:-1]), cells[-1]

    def _build_grid(self) -> None:
        width, height = self.grid.width, self.grid.height
        bold = {"font_size": "18px", "font_weight": "bold"}
        self.styles: dict[str, widgets.ButtonStyle] = {
            "light": widgets.ButtonStyle(button_color=LIGHT),
            "dark": widgets.ButtonStyle(button_color=DARK),
            "blocked": widgets.ButtonStyle(button_color=BLOCKED),
            "pursuer": widgets.ButtonStyle(button_color=HUNTER_FILL, **bold),
            "prey": widgets.ButtonStyle(button_color=PREY_FILL, **bold),
            "caught": widgets.ButtonStyle(button_color=BOTH_FILL, **bold),
            "target": widgets.ButtonStyle(button_color=HIGHLIGHT),
            "chosen": widgets.ButtonStyle(button_color=CHOSEN, **bold),
        }
        self._kinds: dict[Coord, str] = {}
        self.buttons, self.grid_box = button_grid(width, height, CELL_PX, self.styles["light"], self.click)

    def _heat_style(self, colour: str) -> widgets.ButtonStyle:
        key = f"heat {colour}"
        if key not in self.styles:
            self.styles[key] = widgets.ButtonStyle(button_color=colour, text_color=ink(colour))
        return self.styles[key]

    def _strategy(self, side: int) -> Strategy | None:
        """The computer strategy of a side, or ``None`` when a human plays it."""
        if side not in self._strategies:
            choice = str((self.pursuers_choice if side == 0 else self.prey_choice).value)
            self._strategies[side] = self._make_strategy(side, choice)
        return self._strategies[side]

    def _make_strategy(self, side: int, choice: str) -> Strategy | None:
        if choice == "you":
            return None
        if choice == "optimal":
            return optimal_pursuers(self.solver) if side == 0 else optimal_prey(self.solver)
        if side == 0:
            return coalition_pursuers() if choice == "coalition" else lone_pursuers()
        return random_prey(self.rng) if choice == "random" else jerry_strategy()

    def _on_choice(self, side: int, change: dict[str, Any]) -> None:
        if change["new"] == "optimal":
            try:
                self.solver  # noqa: B018
            except ValueError as error:
                widget = self.pursuers_choice if side == 0 else self.prey_choice
                widget.value = change["old"]
                self.status_label.value = f"Optimal play is not available here: {error}."
                return
        self._strategies.pop(side, None)
        self.chosen = []
        self._answer_human()
        self._show()

    def _on_mode(self) -> None:
        self.chosen = []
        self._show()

    def _on_tick(self, change: dict[str, Any]) -> None:
        if self._resetting or change["new"] <= change["old"]:
            return
        if not self.step():
            self.player.playing = False

    def _new_chase(self, start: PursuitState) -> None:
        self.start = self.state = start
        self.steps = []
        self.chosen = []
        self._resetting = True
        self.player.playing = False
        self.player.value = 0
        self._resetting = False
        self._answer_human()
        self._show()

    def _apply(self, move: Any) -> None:
        side = self.state.turn
        self.state = self.rules.apply(self.state, move)
        self.steps.append(Step(side, move, self.state))

    def _human_move(self, move: Any) -> bool:
        reason = self.rules.why_illegal(self.state, move)
        if reason is not None:
            return self._refuse(reason)
        self._apply(move)
        self._answer_human()
        self._show()
        return True

    def _answer_human(self) -> None:
        """When one side is a human and the other a computer, the computer moves at once."""
        humans = [side for side in (0, 1) if self._strategy(side) is None]
        if len(humans) != 1:
            return
        while not self.is_over and self.state.turn != humans[0]:
            strategy = self._strategy(self.state.turn)
            assert strategy is not None
            self._apply(strategy(self.rules, self.state))

    def _refuse(self, reason: str) -> bool:
        self.status_label.value = f"Not allowed: {reason}. {self._turn_text()}"
        return False

    def _side_name(self, side: int) -> str:
        if side == 1:
            return "prey"
        return "pursuer" if self.count == 1 else "pursuers"

    def _turn_text(self) -> str:
        state = self.state
        hunter, prey = self.variant.hunter, self.variant.prey
        if state.caught:
            return f"{hunter} caught {prey} at move {state.moves}."
        if self.is_over:
            return f"{prey} escaped: not caught in {self.max_moves} moves."
        mode = str(self.mode_buttons.value)
        if mode != MOVE:
            return f"Click a free cell to {mode}."
        side = state.turn
        if self._strategy(side) is not None:
            return f"The {self._side_name(side)} to move: {RUN_HINT}."
        if side == 1:
            return "Your turn (the prey): click a green cell."
        if self.count == 1:
            return "Your turn (the pursuer): click a green cell."
        return f"Your turn (the pursuers): click a green cell for pursuer {len(self.chosen) + 1}."

    def _show(self) -> None:
        self.status_label.value = self._turn_text()
        self._redraw()

    def _targets(self) -> set[Coord]:
        if self.is_over or str(self.mode_buttons.value) != MOVE or self._strategy(self.state.turn) is not None:
            return set()
        if self.state.turn == 1:
            return set(steps_from(self.grid, self.state.prey))
        return set(steps_from(self.grid, self.state.pursuers[len(self.chosen)]))

    def _heat(self) -> dict[Coord, int | None]:
        if not self.heatmap_box.value or self.is_over:
            return {}
        try:
            return self.solver.time_table(self.state.pursuers)
        except ValueError as error:
            self.heatmap_box.value = False
            self.status_label.value = f"No capture times here: {error}."
            return {}

    def _redraw(self) -> None:
        state = self.state
        targets = self._targets()
        heat = self._heat()
        known = [t for t in heat.values() if t is not None]
        low, high = (min(known), max(known)) if known else (0, 0)
        names = ["T"] if self.count == 1 else ["T1", "T2"]
        for cell, button in self.buttons.items():
            on = [names[i] for i, p in enumerate(state.pursuers) if p == cell]
            text = ""
            if cell in self.grid.blocked:
                kind = "blocked"
            elif cell == state.prey:
                kind, text = ("caught", "X") if on else ("prey", "J")
            elif on:
                kind, text = "pursuer", "T" if len(on) == 2 else on[0]
            elif cell in self.chosen:
                kind, text = "chosen", "T1"
            elif cell in targets:
                kind = "target"
            elif cell in heat:
                kind = "heat"
                time = heat[cell]
                text = "\u221e" if time is None else str(time)
                button.style = self._heat_style(EMPTY if time is None else scale_colour(time, low, high))
            else:
                kind = "light" if (cell.x + cell.y) % 2 else "dark"
            if kind != "heat":
                button.style = self.styles[kind]
            set_text(button, text)
            button.disabled = kind == "blocked"
            self._kinds[cell] = kind
        rounds = f"Move {state.moves} of at most {self.max_moves}"
        self.moves_label.value = rounds + (f", {self.variant.prey} to move" if state.turn == 1 and not state.caught
                                           else "")
