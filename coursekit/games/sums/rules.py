"""Sums of games: several one-way pieces, each on its own board; a move moves one of them.

The player to move chooses a piece and moves it as its rules allow; a player who cannot
move any piece has lost, so the last player to move wins. A move is ``(index, cell)``: the
number of the piece (from 0) and its new cell. The position is the tuple of the pieces'
cells. Sprague and Grundy's theorem says how to play: the sum is lost for the player to
move exactly when the XOR of the pieces' Grundy values is 0
(:func:`coursekit.solvers.tables.sprague_grundy_strategy` plays by it).

>>> from coursekit.core.grid import Coord, Grid
>>> from coursekit.games.pieces import OneWayKing, OneWayRook
>>> rules = PieceSum((OneWayRook(Grid(3, 3)), OneWayKing(Grid(2, 2))))
>>> state = rules.initial_state()
>>> state.positions
(Coord(x=2, y=2), Coord(x=1, y=1))
>>> rules.legal_moves(state)[:3]
((0, Coord(x=2, y=1)), (0, Coord(x=2, y=0)), (0, Coord(x=1, y=2)))
>>> rules.apply(state, (1, Coord(0, 0))).positions
(Coord(x=2, y=2), Coord(x=0, y=0))
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...core.display import Shown
from ...core.grid import Coord, Grid
from ...core.rules import GameType, LastMoverWins
from ..pieces import OneWayPiece, PieceState

__all__ = ["Move", "PieceSum", "SumState"]

Move = tuple[int, Coord]


@dataclass(frozen=True, repr=False)
class SumState(Shown):
    """The cell of every piece and whose turn it is; ``grids`` and ``pieces`` are for pictures."""

    positions: tuple[Coord, ...]
    turn: int = 0
    grids: tuple[Grid, ...] = field(default=(), compare=False)
    pieces: tuple[str, ...] = field(default=(), compare=False)

    @property
    def position(self) -> tuple[Coord, ...]:
        """The cells of the pieces (the position of the impartial game)."""
        return self.positions

    def __repr__(self) -> str:
        cells = ", ".join(str(c) for c in self.positions)
        return f"SumState(positions=({cells}), turn={self.turn})"


@dataclass(frozen=True)
class PieceSum(LastMoverWins):
    """The sum of one-way piece games; ``num_players`` players move in turn, the last mover wins.

    Every component keeps its own board and start; the components' ``num_players`` are ignored.
    """

    games: tuple[OneWayPiece, ...]
    num_players: int = 2
    name: ClassVar[str] = "sum"
    game_type: ClassVar[GameType] = GameType(players=(1, 3))

    def __post_init__(self) -> None:
        games = tuple(self.games)
        if not games:
            raise ValueError("a sum needs at least one game")
        for game in games:
            if not isinstance(game, OneWayPiece):
                raise ValueError(f"every part of a sum is a one-way piece game, not {game!r}")
        if type(self.num_players) is not int or self.num_players < 1:
            raise ValueError(f"the number of players must be a whole number of at least 1, got {self.num_players!r}")
        object.__setattr__(self, "games", games)

    # The impartial game: positions are tuples of cells.
    def options(self, position: tuple[Coord, ...]) -> tuple[tuple[Coord, ...], ...]:
        """The positions one move away: one piece moved, in the order of :meth:`legal_moves`."""
        return tuple(self._after(position, i, cell) for i, cell in self._moves(position))

    def _moves(self, position: tuple[Coord, ...]) -> Iterator[Move]:
        for i, (game, cell) in enumerate(zip(self.games, position, strict=True)):
            for target in game.targets(Coord(*cell)):
                yield i, target

    @staticmethod
    def _after(position: tuple[Coord, ...], index: int, cell: Coord) -> tuple[Coord, ...]:
        return (*position[:index], cell, *position[index + 1:])

    # The rules.
    def initial_state(self, rng: random.Random | None = None) -> SumState:
        starts = tuple(Coord(*g.start) for g in self.games if g.start is not None)
        return SumState(starts, 0, tuple(g.grid for g in self.games), tuple(g.piece for g in self.games))

    def to_move(self, state: SumState) -> int:
        return state.turn

    def legal_moves(self, state: SumState) -> tuple[Move, ...]:
        """Piece by piece (index 0 first), each piece's targets in its own order."""
        return tuple(self._moves(state.positions))

    def why_illegal(self, state: SumState, move: Any) -> str | None:
        if self.is_over(state):
            return "the game is over: no piece can move"
        if not (isinstance(move, tuple) and len(move) == 2 and type(move[0]) is int
                and isinstance(move[1], tuple) and len(move[1]) == 2):
            return f"a move is (piece number, cell), such as (0, (2, 1)), not {move!r}"
        index, target = move
        if not 0 <= index < len(self.games):
            return f"there is no piece number {index}: the pieces are numbered 0 to {len(self.games) - 1}"
        game = self.games[index]
        reason = game.why_illegal(PieceState(game.grid, state.positions[index], 0, game.piece), target)
        return None if reason is None else f"piece {index} ({game.piece}): {reason}"

    def next_state(self, state: SumState, move: Move) -> SumState:
        index, target = move
        positions = self._after(state.positions, index, Coord(*target))
        return SumState(positions, (state.turn + 1) % self.num_players, state.grids, state.pieces)

    def is_over(self, state: SumState) -> bool:
        return next(self._moves(state.positions), None) is None

    def max_game_length(self) -> int:
        """Every move moves one piece: at most the parts' lengths added up."""
        return sum(game.max_game_length() for game in self.games)

    def spec(self) -> dict[str, Any]:
        return {"game": self.name, "games": [g.spec() for g in self.games], "players": self.num_players}
