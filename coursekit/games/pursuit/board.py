"""A board for pursuit (article, sections 6-7, G2.2 to G2.5): place the pieces, pick the
strategies, and watch the chase move by move."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from ...boards.board import button, choice
from ...boards.game import YOU, GameBoard, NotAMove
from ...core.grid import Coord, Grid
from ...core.rules import Strategy
from ...render.svg import cell_of
from .players import COMPUTERS, PREY_COMPUTERS, PURSUER_COMPUTERS, VARIANTS, Variant
from .rules import DEFAULT_MAX_MOVES, Pursuit, PursuitState, steps_from
from .solver import PursuitSolver
from .view import pursuit_board_svg, pursuit_cell_kinds

#: The strategies each side can be given on the board, by the number of pursuers (the game's
#: computers, :data:`~coursekit.games.pursuit.players.PURSUER_COMPUTERS`, and you).
PURSUER_CHOICES = {count: (*names, YOU) for count, names in PURSUER_COMPUTERS.items()}
PREY_CHOICES = (*PREY_COMPUTERS, YOU)
#: What a click on a cell does: move a piece of the side whose turn it is, or place a piece.
MOVE = "move"
#: How a cell is drawn (:meth:`PursuitBoard.cell_kind`).
CELL_KINDS = ("light", "dark", "blocked", "pursuer", "prey", "caught", "target", "chosen", "heat")


def _unused(_rng: random.Random) -> Strategy:  # the board makes each side's strategy itself (_make_strategy)
    raise NotImplementedError


class PursuitBoard(GameBoard):
    """Tom and Jerry on a grid: place the pieces, choose both sides, play or watch the chase.

    ``variant`` is one of the article's games (:data:`~coursekit.games.pursuit.players.VARIANTS`):
    ``"G2.2"`` (one pursuer, a random prey), ``"G2.3"`` (Tom and Jerry), ``"G2.4"`` (two
    pursuers, each chasing alone) or ``"G2.5"`` (two pursuers in a coalition). It sets the
    number of pursuers and the strategies each side starts with (``pursuers`` and ``prey``
    choose others). ``blocked`` is a percentage of cells to block at random, or the blocked
    cells themselves. The pieces start on random distinct free cells, unless ``start`` gives
    ``(pursuer cells, prey cell)``. A chase not over after ``max_moves`` rounds is an escape.
    Every random choice (blocked cells, starts, the random prey) comes from one generator
    seeded by ``seed``. ``heatmap`` turns the capture times on; ``interval`` is the
    milliseconds a move takes on screen (the speed slider).

    The controls (besides those of every game, see :class:`~coursekit.boards.game.GameBoard`:
    undo, the speed and replay sliders):

    - **Pursuer** (**Pursuers**) and **Prey**: ``Tom`` (one pursuer) or ``lone`` and
      ``coalition`` (two), ``Jerry`` or ``random`` for the prey, ``optimal`` for either side
      (the exact solver's moves), and ``you``: then a click moves that side's piece to a
      cell marked with a dot (with two pursuers, one click for each). A computer side
      answers you at once; when both sides are computers, **Step** makes one move and
      **▶ Run** plays the chase at the pace of the speed slider.
    - **Click to**: ``move`` (the default), or ``place pursuer`` (``place pursuer 1``,
      ``place pursuer 2``) and ``place prey``: a click puts that piece on a free cell and the
      chase starts again from there. **New game** draws new cells for the pieces,
      **Restart** goes back to the start of this chase.
    - **Capture times** writes on each free cell the optimal capture time if the prey stood
      there, the pursuers where they are and to move (``∞``: the prey escapes forever).

    The pieces glide from cell to cell (Tom, Spike and Jerry by name), so no trail is left.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``is_over``, ``picture``, ``cell_kind(cell)``, ``click(cell)``, ``step()``,
    ``run(limit)``, ``place(piece, cell)``, ``new_game()`` (new random cells),
    ``restart()``, ``undo()``, ``set_seat(side, who)``, ``set_mode(mode)``, ``solver``, and
    as the page does, ``hit("x,y")`` and ``press(name, value)``.

    >>> from coursekit.core import Coord
    >>> board = PursuitBoard(6, 6, start=(Coord(0, 0), Coord(5, 5)))
    >>> board.step(); board.state.pursuers, board.state.prey
    True
    ((Coord(x=1, y=1),), Coord(x=5, y=5))
    >>> board.run(); board.status
    'Tom went to [5, 1]. Tom caught Jerry at move 5.'
    >>> board.set_seat(1, "you"); board.restart(); board.cell_kind(Coord(4, 4))
    'target'
    >>> board.click(Coord(4, 4)); board.state.prey, board.state.turn
    True
    (Coord(x=4, y=4), 1)
    """

    hints_label = "Capture times"
    hints_title = "The optimal capture time on each free cell"

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
        if variant not in VARIANTS:
            raise ValueError(f"the variant is one of {', '.join(VARIANTS)}, got {variant!r}")
        self.variant: Variant = VARIANTS[variant]
        self.count = self.variant.pursuers
        pursuers = pursuers or self.variant.computers[0]
        prey = prey or self.variant.computers[1]
        self._check_side(0, pursuers)
        self._check_side(1, prey)
        computers: dict[str, Callable[[random.Random], Strategy]] = dict.fromkeys(
            {*PURSUER_CHOICES[self.count], *PREY_CHOICES} - {YOU}, _unused)
        labels = ("Pursuer" if self.count == 1 else "Pursuers", "Prey")
        self.mode = MOVE
        self.chosen: list[Coord] = []  # a human's pursuers' move, one cell per click
        self._solver: PursuitSolver | None = None
        super().__init__([pursuers, prey], computers, seed, seat_labels=labels, hints=heatmap, speed=interval,
                         **kwargs)
        self.grid = self._make_grid(width, height, blocked)
        self.max_moves = max_moves
        self._placed = self._random_cells() if start is None else start
        if "optimal" in (pursuers, prey) or heatmap:
            self.solver  # noqa: B018  # refuse a grid too large for optimal play at once
        self.restart()

    # What tests and lessons read ---------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The sides' names as in the article (Tom, or Tom and Spike; Jerry); a side you play alone is "You"."""
        names = [self.variant.hunter, self.variant.prey]
        if self.seats.count(YOU) == 1:
            names[self.seats.index(YOU)] = "You"
        return tuple(names)

    @property
    def solver(self) -> PursuitSolver:
        """The exact solver for this grid and number of pursuers (made when first needed)."""
        if self._solver is None:
            self._solver = PursuitSolver(self.grid, self.count)
        return self._solver

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn now: one of :data:`CELL_KINDS` (``"target"``: you may click it to move there,
        ``"chosen"``: a pursuer's cell chosen this move, ``"heat"``: a capture time on it)."""
        cell = Coord(*cell)
        if cell not in self.grid:
            raise ValueError(f"{cell} is not a cell of the {self.grid.width} x {self.grid.height} board")
        live = not self.replaying and self.human_to_move()
        state = self.shown_state
        return pursuit_cell_kinds(state, self._heat(state, self.hints and not self.replaying),
                                  self._targets(state, live), self.chosen)[cell]

    # Doing ---------------------------------------------------------------------------------

    def click(self, cell: Coord | tuple[int, int] | str) -> bool | None:
        """Do what clicking ``cell`` does in the current mode: ``True`` if it made a move or placed a
        piece, ``False`` (and the status line says why) if not, ``None`` if it chose pursuer 1's cell."""
        if isinstance(cell, str):
            return self.on_hit(cell)
        cell = Coord(*cell)
        if cell not in self.grid:
            raise ValueError(f"{cell} is not a cell of the {self.grid.width} x {self.grid.height} board")
        return self.on_hit(f"{cell.x},{cell.y}")

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
        state = self.shown_state
        chasers, prey = list(state.pursuers), state.prey
        if piece == "prey":
            if cell in chasers:
                return self._refuse(f"a pursuer stands on {cell}")
            prey = cell
        else:
            number = 0 if piece == "pursuer" else int(piece[-1]) - 1
            if cell == prey or cell in chasers[:number] + chasers[number + 1:]:
                return self._refuse(f"another piece stands on {cell}")
            chasers[number] = cell
        self._placed = (tuple(chasers), prey)
        self.restart()
        return True

    def new_game(self) -> None:
        """New random cells for the pieces (what **New game** does); the chase starts again."""
        self._placed = self._random_cells()
        self.restart()

    def restart(self) -> None:
        """Back to the start of this chase (what **Restart** does)."""
        GameBoard.new_game(self)

    def set_seat(self, seat: int, who: str) -> None:
        """Let ``who`` play side ``seat`` (0: the pursuers, 1: the prey) from now on: ``"you"`` or a
        strategy's name (see the constructor)."""
        self._check_side(seat, who)
        if who == "optimal":
            try:
                self.solver  # noqa: B018
            except ValueError as error:
                self._say(f"Optimal play is not available here: {error}. {self._turn_text()}")
                return
        super().set_seat(seat, who)

    def set_hints(self, on: bool) -> None:
        """Show or hide the capture times."""
        if on:
            try:
                self.solver  # noqa: B018
            except ValueError as error:
                self.hints = False
                self._say(f"No capture times here: {error}. {self._turn_text()}")
                return
        super().set_hints(on)

    def set_mode(self, mode: str) -> None:
        """What a click on a cell does from now on: ``"move"`` or ``"place ..."`` (a piece)."""
        if mode not in self._modes():
            raise ValueError(f"a click does one of {', '.join(self._modes())}; got {mode!r}")
        self.mode = mode
        self.forget_selection()
        self._say(self._turn_text())

    # What a game's board provides ------------------------------------------------------------

    def make_rules(self) -> Pursuit:
        return Pursuit(self.grid, self.count, self._placed, self.max_moves)

    def move_for(self, key: str) -> Any:
        try:
            cell = cell_of(key)
        except ValueError as error:
            raise NotAMove(str(error)) from None
        state = self.state
        if state.turn == 1:
            return cell
        number = len(self.chosen)
        if cell not in steps_from(self.grid, state.pursuers[number]):
            # the rules say why (the pursuers after this one are not asked yet: the first reason is this one's)
            trial = (*self.chosen, cell, *state.pursuers[number + 1:])
            raise NotAMove(f"Not allowed: {self.rules.why_illegal(state, trial) or f'{cell} is not a step away'}")
        self.chosen.append(cell)
        if len(self.chosen) < self.count:
            return None
        return tuple(self.chosen)

    def draw(self, state: PursuitState, *, hints: bool, live: bool) -> str:
        heat = self._heat(state, hints)
        targets = self._targets(state, live)
        hits: dict[Coord, str] = {}
        if self.mode != MOVE and not self.replaying:
            hits = {cell: f"place the {self.mode.removeprefix('place ')} here" for cell in self.grid.free_cells()}
        elif live:
            mover = self._mover_name(state)
            hits = {cell: f"move {mover} here" if cell in targets else f"{mover} cannot go here"
                    for cell in self.grid.free_cells()}
        names = ["Tom"] if self.count == 1 else ["Tom", "Spike"]
        return pursuit_board_svg(state, heat=heat, targets=targets, chosen=self.chosen if live else (), hits=hits,
                                 names=[*names, "Jerry"], title=self._where(state))

    def describe(self, state: PursuitState, move: Any) -> str:
        if state.turn == 1:
            return f"went to {Coord(*move)}"
        return "went to " + " and ".join(str(Coord(*c)) for c in move)

    def prompt(self, state: PursuitState) -> str:
        if state.turn == 1:
            return f"click a cell marked with a dot to move {self.variant.prey}."
        if self.count == 1:
            return "click a cell marked with a dot to move the pursuer."
        if self.chosen:
            return f"pursuer 1 goes to {self.chosen[0]}; now click a cell marked with a dot for pursuer 2."
        return "click a cell marked with a dot for pursuer 1, then one for pursuer 2."

    def extra_controls(self) -> list[dict[str, Any]]:
        return [
            choice("mode", "Click to", self._modes(), self.mode, title="What a click on a cell does"),
            button("restart", "Restart", title="Back to the start of this chase"),
        ]

    def on_extra_control(self, name: str, value: Any) -> None:
        if name == "mode":
            self.set_mode(str(value))
        elif name == "restart":
            self.restart()

    def forget_selection(self) -> None:
        self.chosen = []

    # The board's parts ---------------------------------------------------------------------

    def on_hit(self, key: str) -> bool | None:
        if self.mode == MOVE:
            return super().on_hit(key)
        try:
            cell = cell_of(key)
        except ValueError as error:
            return self._refuse(str(error))
        return self.place(self.mode.removeprefix("place "), cell)

    def _controls(self) -> list[dict[str, Any]]:
        controls = []
        for spec in super()._controls():
            if spec["name"] == "seat0":
                spec["options"] = list(PURSUER_CHOICES[self.count])
            elif spec["name"] == "seat1":
                spec["options"] = list(PREY_CHOICES)
            elif spec["name"] == "new":
                spec["title"] = "New random cells for the pieces"
            controls.append(spec)
        return controls

    def _computer_move(self) -> Any:
        side = self.state.turn
        if side not in self.strategies:
            self.strategies[side] = self._make_strategy(side, self.seats[side])
        return self.strategies[side](self.rules, self.state)

    def _check_seat(self, who: str) -> None:
        pass  # each side has its own choices: _check_side

    def _turn_text(self) -> str:
        state = self.state
        hunter, prey = self.players
        if state.caught:
            return f"{hunter} caught {'you' if prey == 'You' else prey} at move {state.moves}."
        if self.is_over:
            return f"{prey} escaped: not caught in {self.max_moves} moves."
        if self.mode != MOVE:
            return f"Click a free cell to {self.mode}."
        return f"{self._where(state)}. {super()._turn_text()}"

    # Inside --------------------------------------------------------------------------------

    def _check_side(self, side: int, who: str) -> None:
        if side == 0 and who not in PURSUER_CHOICES[self.count]:
            raise ValueError(f"with {self.count} pursuer{'s' if self.count > 1 else ''} the pursuers play one of "
                             f"{', '.join(PURSUER_CHOICES[self.count])}; got {who!r}")
        if side == 1 and who not in PREY_CHOICES:
            raise ValueError(f"the prey plays one of {', '.join(PREY_CHOICES)}; got {who!r}")
        if side not in (0, 1):
            raise ValueError(f"the sides are 0 (the pursuers) and 1 (the prey), not {side!r}")

    def _modes(self) -> list[str]:
        pieces = ["place pursuer"] if self.count == 1 else ["place pursuer 1", "place pursuer 2"]
        return [MOVE, *pieces, "place prey"]

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

    def _make_strategy(self, side: int, choice: str) -> Strategy:
        # only optimal play gets the solver (the coalition plans one round ahead, as in the terminal)
        strategy: Strategy = COMPUTERS[choice](self.rng, self.solver if choice == "optimal" else None)
        return strategy

    def _mover_name(self, state: PursuitState) -> str:
        if state.turn == 1:
            return self.variant.prey
        return "Tom" if self.count == 1 else f"pursuer {len(self.chosen) + 1}"

    def _where(self, state: PursuitState) -> str:
        return f"Move {state.moves + (state.turn == 0)} of at most {self.max_moves}"

    def _targets(self, state: PursuitState, live: bool) -> set[Coord]:
        if not live or self.mode != MOVE or self.rules.is_over(state):
            return set()
        if state.turn == 1:
            return set(steps_from(self.grid, state.prey))
        return set(steps_from(self.grid, state.pursuers[len(self.chosen)]))

    def _heat(self, state: PursuitState, hints: bool) -> dict[Coord, int | None]:
        if not hints or self.rules.is_over(state):
            return {}
        return self.solver.time_table(state.pursuers)

    def _refuse(self, reason: str) -> bool:
        self._say(f"Not allowed: {reason}. {self._turn_text()}")
        return False
