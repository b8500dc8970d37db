"""Pursuit on a grid (article, sections 6-7): G2.2 to G2.5, Tom and Jerry.

One or two pursuers chase a prey on a grid with king moves. The pieces start on distinct
free cells (given, or drawn with a seeded generator). The pursuers' side (player 0) moves
first, then the prey (player 1), in rounds; the article numbers the rounds "Move 1",
"Move 2", ...

- A move goes to one of the 8 neighbouring free cells: no piece may stand still. A piece
  with no free neighbour at all (a cell walled in by blocked cells and edges) stays where it
  is; that is then its only move.
- The pursuers' move is a tuple with one new cell per pursuer (``(Coord(2, 3),)`` for one
  pursuer); with two pursuers both move every round, and they may share a cell.
- The prey is caught when a pursuer stands on its cell: after the pursuers' move, or when
  the prey steps onto a pursuer (the article's ``game2End``: ``a == b``). Then the
  pursuers' side wins.
- ``max_moves`` rounds (default 100) end an uncaught game: the prey has escaped and wins.

``state.moves`` counts the rounds begun, that is the pursuers' moves so far, so a prey
caught in round ``k`` is caught "at move ``k``".

>>> rules = Pursuit(Grid(5, 5), start=(Coord(0, 0), Coord(4, 4)))
>>> state = rules.initial_state()
>>> state.pursuers, state.prey
((Coord(x=0, y=0),), Coord(x=4, y=4))
>>> [str(m[0]) for m in rules.legal_moves(state)]
['[1, 0]', '[0, 1]', '[1, 1]']
>>> state = rules.apply(state, (Coord(1, 1),))
>>> rules.to_move(state), rules.why_illegal(state, Coord(4, 2))
(1, 'the prey moves to one of the 8 neighbouring cells: [4, 4] -> [4, 2] is 2 cells away')
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ...core.display import Shown
from ...core.grid import Coord, Grid, chebyshev
from ...core.rules import GameRules, GameType

__all__ = ["DEFAULT_MAX_MOVES", "PursuerMove", "Pursuit", "PursuitState", "Start", "steps_from"]

#: Rounds after which an uncaught prey has escaped, unless the game states another limit.
DEFAULT_MAX_MOVES = 100

PursuerMove = tuple[Coord, ...]
"""The pursuers' move: one new cell per pursuer."""
Start = tuple[tuple[Coord, ...], Coord]
"""Where the pieces start: the pursuers' cells and the prey's cell."""


@dataclass(frozen=True, repr=False)
class PursuitState(Shown):
    """The grid, the pursuers' cells, the prey's cell, whose turn it is and the rounds begun.

    ``turn`` is 0 when the pursuers move, 1 when the prey moves; ``moves`` is how many
    times the pursuers have moved (the article's move number).
    """

    grid: Grid
    pursuers: tuple[Coord, ...]
    prey: Coord
    turn: int = 0
    moves: int = 0

    @property
    def caught(self) -> bool:
        """Whether a pursuer stands on the prey's cell."""
        return self.prey in self.pursuers

    def __repr__(self) -> str:
        cells = ", ".join(str(p) for p in self.pursuers)
        return (f"PursuitState(pursuers=({cells}), prey={self.prey}, turn={self.turn}, moves={self.moves}, "
                f"grid={self.grid.width}x{self.grid.height})")


def _is_cell(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value)


def steps_from(grid: Grid, cell: Coord) -> tuple[Coord, ...]:
    """Where a piece on ``cell`` may go: its free neighbours in ``NEXT8`` order, or ``cell``
    itself when it has none (a walled-in piece stays).

    >>> grid = Grid(3, 1, blocked=frozenset({Coord(1, 0)}))
    >>> steps_from(grid, Coord(0, 0)), steps_from(Grid(3, 1), Coord(0, 0))
    ((Coord(x=0, y=0),), (Coord(x=1, y=0),))
    """
    return tuple(grid.neighbours8(cell)) or (cell,)


@dataclass(frozen=True)
class Pursuit(GameRules):
    """The rules of pursuit: ``pursuers`` (1 or 2) chase one prey on ``grid``.

    ``start`` is ``(pursuer cells, prey cell)`` (one pursuer's cell may be given alone), or
    ``None`` for a random start drawn by :meth:`initial_state` with a seeded generator.

    >>> rules = Pursuit(Grid(4, 4), pursuers=2, start=((Coord(0, 0), Coord(3, 0)), Coord(2, 3)))
    >>> len(rules.legal_moves(rules.initial_state()))  # 3 cells for each pursuer
    9
    >>> Pursuit(Grid(4, 4), start=(Coord(1, 1), Coord(1, 1)))
    Traceback (most recent call last):
    ...
    ValueError: the pieces must start on distinct cells, got [1, 1] twice
    """

    grid: Grid
    pursuers: int = 1
    start: Start | None = None
    max_moves: int = DEFAULT_MAX_MOVES
    name: ClassVar[str] = "pursuit"
    num_players: ClassVar[int] = 2
    game_type: ClassVar[GameType] = GameType(players=(2, 2))

    def __post_init__(self) -> None:
        if type(self.pursuers) is not int or self.pursuers not in (1, 2):
            raise ValueError(f"pursuit has 1 or 2 pursuers, got {self.pursuers!r}")
        if type(self.max_moves) is not int or self.max_moves < 1:
            raise ValueError(f"the move limit must be a whole number of at least 1, got {self.max_moves!r}")
        free = sum(1 for _ in self.grid.free_cells())
        if free < self.pursuers + 1:
            raise ValueError(f"the grid has {free} free cells, too few for {self.pursuers + 1} pieces")
        if self.start is not None:
            object.__setattr__(self, "start", self._checked_start(self.start))

    def _checked_start(self, start: Any) -> Start:
        try:
            chasers, prey = start
        except (TypeError, ValueError):
            raise ValueError(f"a start is (pursuer cells, prey cell), got {start!r}") from None
        if _is_cell(chasers):
            chasers = (chasers,)
        if not (isinstance(chasers, (tuple, list)) and all(_is_cell(c) for c in chasers) and _is_cell(prey)):
            raise ValueError(f"a start is (pursuer cells, prey cell) with cells as (x, y), got {start!r}")
        cells = [Coord(*c) for c in chasers]
        if len(cells) != self.pursuers:
            raise ValueError(f"the start gives {len(cells)} pursuer cells for {self.pursuers} pursuers")
        cells.append(Coord(*prey))
        for cell in cells:
            if cell not in self.grid:
                raise ValueError(f"the start {cell} is outside the {self.grid.width} x {self.grid.height} grid")
            if cell in self.grid.blocked:
                raise ValueError(f"the start {cell} is a blocked cell")
            if cells.count(cell) > 1:
                raise ValueError(f"the pieces must start on distinct cells, got {cell} twice")
        return tuple(cells[:-1]), cells[-1]

    def initial_state(self, rng: random.Random | None = None) -> PursuitState:
        """The start: the given cells, or distinct free cells drawn with ``rng``.

        >>> rules = Pursuit(Grid(6, 6), pursuers=2)
        >>> rules.initial_state(random.Random(3)) == rules.initial_state(random.Random(3))
        True
        """
        if self.start is not None:
            chasers, prey = self.start
        else:
            if rng is None:
                raise ValueError("the start is random: give a seeded random.Random, or give the start")
            cells = rng.sample(list(self.grid.free_cells()), self.pursuers + 1)
            chasers, prey = tuple(cells[:-1]), cells[-1]
        return PursuitState(self.grid, chasers, prey, 0, 0)

    def to_move(self, state: PursuitState) -> int:
        return state.turn

    def legal_moves(self, state: PursuitState) -> tuple[Any, ...]:
        """The pursuers' joint moves (each pursuer's steps in ``NEXT8`` order, the first
        pursuer's slowest), or the prey's steps."""
        if self.is_over(state):
            return ()
        if state.turn == 0:
            return tuple(itertools.product(*(steps_from(self.grid, p) for p in state.pursuers)))
        return steps_from(self.grid, state.prey)

    def why_illegal(self, state: PursuitState, move: Any) -> str | None:
        if self.is_over(state):
            return "the game is over: " + ("the prey is caught" if state.caught else "the move limit is reached")
        if state.turn == 1:
            if not _is_cell(move):
                return f"the prey's move is the cell it goes to, a pair of whole numbers (x, y), not {move!r}"
            return self._why_not_step("the prey", state.prey, Coord(*move))
        count = len(state.pursuers)
        example = "(Coord(2, 3),)" if count == 1 else "(Coord(2, 3), Coord(5, 1))"
        if not (isinstance(move, tuple) and move and all(_is_cell(c) for c in move)):
            return (f"the pursuers' move is a tuple with one cell per pursuer, e.g. {example}, not {move!r}")
        if len(move) != count:
            return f"the pursuers' move needs {count} cell{'s' if count > 1 else ''}, one per pursuer; got {len(move)}"
        for number, (here, there) in enumerate(zip(state.pursuers, move, strict=True)):
            reason = self._why_not_step("the pursuer" if count == 1 else f"pursuer {number + 1}", here, Coord(*there))
            if reason is not None:
                return reason
        return None

    def _why_not_step(self, who: str, here: Coord, there: Coord) -> str | None:
        if there in steps_from(self.grid, here):
            return None
        if there not in self.grid:
            return f"{there} is outside the {self.grid.width} x {self.grid.height} grid"
        if there in self.grid.blocked:
            return f"{there} is a blocked cell"
        if there == here:
            return f"{who} must move: standing still on {here} is not allowed"
        away = chebyshev(here, there)
        return f"{who} moves to one of the 8 neighbouring cells: {here} -> {there} is {away} cells away"

    def next_state(self, state: PursuitState, move: Any) -> PursuitState:
        if state.turn == 0:
            return PursuitState(state.grid, tuple(Coord(*c) for c in move), state.prey, 1, state.moves + 1)
        return PursuitState(state.grid, state.pursuers, Coord(*move), 0, state.moves)

    def is_over(self, state: PursuitState) -> bool:
        """Caught, or the prey has finished round ``max_moves`` uncaught."""
        return state.caught or (state.turn == 0 and state.moves >= self.max_moves)

    def winner(self, state: PursuitState) -> int | None:
        """0 (the pursuers) when the prey is caught, 1 (the prey) when it has escaped."""
        if state.caught:
            return 0
        return 1 if self.is_over(state) else None

    def max_game_length(self) -> int:
        """``max_moves`` rounds, each a pursuers' move and a prey's move."""
        return 2 * self.max_moves

    def spec(self) -> dict[str, Any]:
        return {
            "game": self.name,
            **self.grid.spec(),
            "pursuers": self.pursuers,
            "start": None if self.start is None else [[list(c) for c in self.start[0]], list(self.start[1])],
            "max_moves": self.max_moves,
        }

    @classmethod
    def from_spec(cls, spec: dict[str, Any]) -> Pursuit:
        """Rebuild the rules from :meth:`spec`.

        >>> rules = Pursuit(Grid(5, 4, frozenset({Coord(2, 2)})), pursuers=2, max_moves=30)
        >>> Pursuit.from_spec(rules.spec()) == rules
        True
        """
        grid = Grid.from_spec(spec)
        start = spec.get("start")
        given = None if start is None else (tuple(Coord(*c) for c in start[0]), Coord(*start[1]))
        return cls(grid, spec.get("pursuers", 1), given, spec.get("max_moves", DEFAULT_MAX_MOVES))
