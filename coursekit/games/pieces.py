"""One-way chess pieces on a grid (article, sections 3-5): G1.1, the one-way king.

One piece, shared by the players, starts on the top-right cell (or a given cell). The
king moves one cell left, down, or diagonally down-left, staying on the grid and off
blocked cells. A player who cannot move has lost: the player who moved last wins (on an
open grid that is whoever moves the king onto ``(0, 0)``).

>>> rules = OneWayKing(Grid(5, 5))
>>> state = rules.initial_state()
>>> state.at, rules.legal_moves(state)
(Coord(x=4, y=4), (Coord(x=4, y=3), Coord(x=3, y=3), Coord(x=3, y=4)))
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.display import Shown
from ..core.engine import random_strategy
from ..core.errors import IllegalMoveError
from ..core.grid import Coord, Grid
from . import beans

__all__ = ["OneWayKing", "OneWayPiece", "PieceState", "article_strategy", "random_strategy"]


@dataclass(frozen=True, repr=False)
class PieceState(Shown):
    """The grid, the cell of the piece, and whose turn it is."""

    grid: Grid
    at: Coord
    turn: int = 0

    @property
    def position(self) -> Coord:
        """The piece's cell."""
        return self.at

    def __repr__(self) -> str:
        return f"PieceState(at={self.at!r}, turn={self.turn}, grid={self.grid.width}x{self.grid.height})"


@dataclass(frozen=True)
class OneWayPiece:
    """Rules shared by every one-way piece: a subclass says where the piece may go."""

    grid: Grid
    start: Coord | None = None
    num_players: int = 2
    name: ClassVar[str] = "piece"
    piece: ClassVar[str] = "piece"

    def __post_init__(self) -> None:
        start = Coord(self.grid.width - 1, self.grid.height - 1) if self.start is None else Coord(*self.start)
        if start not in self.grid:
            raise ValueError(f"the start {start} is outside the {self.grid.width} x {self.grid.height} grid")
        if start in self.grid.blocked:
            raise ValueError(f"the start {start} is a blocked cell")
        if type(self.num_players) is not int or self.num_players < 1:
            raise ValueError(f"the number of players must be a whole number of at least 1, got {self.num_players!r}")
        object.__setattr__(self, "start", start)  # the default start, made explicit

    def targets(self, cell: Coord) -> tuple[Coord, ...]:
        """Cells the piece may move to from ``cell``."""
        raise NotImplementedError

    def options(self, cell: Coord) -> tuple[Coord, ...]:
        """Cells one move away (makes the game impartial for the solver)."""
        return self.targets(Coord(*cell))

    def initial_state(self, rng: random.Random | None = None) -> PieceState:
        assert self.start is not None  # set in __post_init__
        return PieceState(self.grid, self.start, 0)

    def to_move(self, state: PieceState) -> int:
        return state.turn

    def legal_moves(self, state: PieceState) -> tuple[Coord, ...]:
        return self.targets(state.at)

    def why_illegal(self, state: PieceState, move: Any) -> str | None:
        if self.is_over(state):
            return f"the game is over: the {self.piece} cannot move from {state.at}"
        if not (isinstance(move, tuple) and len(move) == 2 and all(type(v) is int for v in move)):
            return f"a move is the cell the {self.piece} goes to, a pair of whole numbers (x, y), not {move!r}"
        target = Coord(*move)
        if target in self.targets(state.at):
            return None
        if target not in self.grid:
            return f"{target} is outside the {self.grid.width} x {self.grid.height} grid"
        if target in self.grid.blocked:
            return f"{target} is a blocked cell"
        return self.why_not_reachable(state.at, target)

    def why_not_reachable(self, cell: Coord, target: Coord) -> str:
        """Why the piece cannot go from ``cell`` to ``target`` (a free cell of the grid)."""
        return f"the {self.piece} cannot go from {cell} to {target}"

    def apply(self, state: PieceState, move: Coord) -> PieceState:
        reason = self.why_illegal(state, move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return PieceState(state.grid, Coord(*move), (state.turn + 1) % self.num_players)

    def is_over(self, state: PieceState) -> bool:
        return not self.targets(state.at)

    def winner(self, state: PieceState) -> int | None:
        """The player who moved last."""
        return (state.turn - 1) % self.num_players if self.is_over(state) else None

    def spec(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "width": self.grid.width,
            "height": self.grid.height,
            "blocked": sorted([c.x, c.y] for c in self.grid.blocked),
            "start": list(self.start or ()),
            "players": self.num_players,
        }


@dataclass(frozen=True)
class OneWayKing(OneWayPiece):
    """G1.1: the king steps one cell left, down, or diagonally down-left.

    >>> rules = OneWayKing(Grid(3, 3, blocked=frozenset({Coord(1, 1)})))
    >>> [str(c) for c in rules.options(Coord(2, 2))]
    ['[2, 1]', '[1, 2]']
    >>> rules.why_illegal(rules.initial_state(), Coord(0, 0))
    'the king moves one cell left, down or diagonally down-left: [2, 2] -> [0, 0] is 2 cells away'
    """

    name: ClassVar[str] = "king"
    piece: ClassVar[str] = "king"
    #: The king's steps in the article's NEXT8 order: down, down-left, left.
    STEPS: ClassVar[tuple[tuple[int, int], ...]] = ((0, -1), (-1, -1), (-1, 0))

    def targets(self, cell: Coord) -> tuple[Coord, ...]:
        x, y = cell
        grid = self.grid
        return tuple(Coord(x + dx, y + dy) for dx, dy in self.STEPS if grid.is_free(Coord(x + dx, y + dy)))

    def why_not_reachable(self, cell: Coord, target: Coord) -> str:
        if target.x > cell.x or target.y > cell.y:
            return f"the king only moves left, down or down-left: {cell} -> {target} goes back"
        if target == cell:
            return "the king must move"
        distance = max(cell.x - target.x, cell.y - target.y)
        return (f"the king moves one cell left, down or diagonally down-left: {cell} -> {target} "
                f"is {distance} cells away")


Strategy = Callable[[OneWayPiece, PieceState], Coord]


def article_strategy(rng: random.Random) -> Strategy:
    """The article's player P0: the beans rule (leave both coordinates even), else random.

    On a grid with blocked cells it still follows the beans rule, as the article's program
    does; when that cell is blocked it moves at random.
    """

    def choose(rules: OneWayPiece, state: PieceState) -> Coord:
        moves = rules.legal_moves(state)
        if beans.is_winning(*state.at):
            target = Coord(*beans.winning_move(*state.at))
            if target in moves:
                return target
        return rng.choice(moves)

    return choose
