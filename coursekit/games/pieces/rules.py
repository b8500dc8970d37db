"""One-way chess pieces on a grid (article, sections 3-5): G1.1 to G1.8.

One piece, shared by the players, starts on the top-right cell (or a given cell). The
king (G1.1) moves one cell left, down, or diagonally down-left; the queen (G1.2) any
distance in those directions; the rook (G1.3) any distance left or down; the knight (G1.4)
jumps by (-2, -1), (-1, -2), (-2, +1) or (+1, -2). Pieces stay on the grid and off blocked
cells, and sliding pieces stop before a blocked cell. A player who cannot move has lost:
the player who moved last wins (on an open grid that is whoever moves the piece onto
``(0, 0)``, or for the knight into the corner ``(0..1, 0..1)``). G1.5 to G1.8 are the same
games with ``num_players=3``.

>>> rules = OneWayKing(Grid(5, 5))
>>> state = rules.initial_state()
>>> state.at, rules.legal_moves(state)
(Coord(x=4, y=4), (Coord(x=4, y=3), Coord(x=3, y=3), Coord(x=3, y=4)))
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from math import isqrt
from typing import Any, ClassVar

from ...core.display import Shown
from ...core.grid import Coord, Grid
from ...core.rules import GameType, LastMoverWins

#: Steps ``(dx, dy)`` of a piece's moves.
Steps = tuple[tuple[int, int], ...]

__all__ = [
    "PIECES", "PIECE_LETTERS", "OneWayKing", "OneWayKnight", "OneWayPiece", "OneWayQueen", "OneWayRook",
    "PieceState", "Steps", "favourable", "wythoff_pairs",
]


@dataclass(frozen=True, repr=False)
class PieceState(Shown):
    """The grid, the cell of the piece, and whose turn it is.

    ``piece`` names the piece for pictures (``"king"``, ``"queen"``, ...); it takes no part
    in comparing states.
    """

    grid: Grid
    at: Coord
    turn: int = 0
    piece: str = field(default="king", compare=False)

    @property
    def position(self) -> Coord:
        """The piece's cell."""
        return self.at

    def __repr__(self) -> str:
        return (f"PieceState(at={self.at!r}, turn={self.turn}, grid={self.grid.width}x{self.grid.height}, "
                f"piece={self.piece!r})")


@dataclass(frozen=True)
class OneWayPiece(LastMoverWins):
    """Rules shared by every one-way piece: a subclass says where the piece may go."""

    grid: Grid
    start: Coord | None = None
    num_players: int = 2
    name: ClassVar[str] = "piece"
    piece: ClassVar[str] = "piece"
    game_type: ClassVar[GameType] = GameType(players=(1, 3))

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

    @classmethod
    def move_lists(cls) -> tuple[Steps, Steps] | None:
        """The piece's moves as ``(jumps, slides)`` when its ``targets`` follow such lists, else ``None``.

        A jump lands on the cell one step away if it is free; a slide goes any number of
        steps and stops before a blocked cell. The whole-board tables
        (:func:`coursekit.solvers.tables.outcome_table`) sweep a piece with move lists a
        line at a time, and solve any other piece cell by cell. A subclass that keeps its
        class's ``targets`` and changes only the list (``JUMPS``, ``STEPS`` or
        ``DIRECTIONS``) keeps its move lists; one that writes its own ``targets`` has none
        unless it says so here.

        >>> OneWayKnight.move_lists()
        (((-2, -1), (-1, -2), (-2, 1), (1, -2)), ())
        """
        return None

    def initial_state(self, rng: random.Random | None = None) -> PieceState:
        assert self.start is not None  # set in __post_init__
        return PieceState(self.grid, self.start, 0, self.piece)

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

    def next_state(self, state: PieceState, move: Coord) -> PieceState:
        return PieceState(state.grid, Coord(*move), (state.turn + 1) % self.num_players, self.piece)

    def is_over(self, state: PieceState) -> bool:
        return not self.targets(state.at)

    def max_game_length(self) -> int:
        """Every move of every piece lowers ``x + y`` by at least one."""
        assert self.start is not None
        return self.start.x + self.start.y

    def spec(self) -> dict[str, Any]:
        return {
            "game": self.name,
            **self.grid.spec(),
            "start": list(self.start or ()),
            "players": self.num_players,
        }


@dataclass(frozen=True)
class _JumpingPiece(OneWayPiece):
    """A piece that jumps by each step of a fixed list (:meth:`jumps`) to a free cell, in the list's order.

    >>> [str(c) for c in OneWayKnight(Grid(4, 4)).targets(Coord(3, 3))]
    ['[1, 2]', '[2, 1]']
    """

    #: The steps the piece jumps by, in order (a subclass names them; the king calls them ``STEPS``).
    JUMPS: ClassVar[Steps]

    @classmethod
    def jumps(cls) -> Steps:
        """The steps the piece jumps by: its ``JUMPS``."""
        return cls.JUMPS

    def targets(self, cell: Coord) -> tuple[Coord, ...]:
        x, y = cell
        grid = self.grid
        return tuple(Coord(x + dx, y + dy) for dx, dy in self.jumps() if grid.is_free(Coord(x + dx, y + dy)))

    @classmethod
    def move_lists(cls) -> tuple[Steps, Steps] | None:
        """:meth:`jumps` as jumps (while ``targets`` jumps by them)."""
        return (cls.jumps(), ()) if cls.targets is _JumpingPiece.targets else None


@dataclass(frozen=True)
class OneWayKing(_JumpingPiece):
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

    @classmethod
    def jumps(cls) -> Steps:
        """The king's ``STEPS``: each lands one cell away."""
        return cls.STEPS

    def why_not_reachable(self, cell: Coord, target: Coord) -> str:
        if target.x > cell.x or target.y > cell.y:
            return f"the king only moves left, down or down-left: {cell} -> {target} goes back"
        if target == cell:
            return "the king must move"
        distance = max(cell.x - target.x, cell.y - target.y)
        return (f"the king moves one cell left, down or diagonally down-left: {cell} -> {target} "
                f"is {distance} cells away")


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


@dataclass(frozen=True)
class _SlidingPiece(OneWayPiece):
    """A piece that slides any distance along its directions and stops before a blocked cell."""

    #: Directions in the article's NEXT8 order; targets go direction by direction, nearest first.
    DIRECTIONS: ClassVar[tuple[tuple[int, int], ...]] = ()
    MOVES_TEXT: ClassVar[str] = ""

    def targets(self, cell: Coord) -> tuple[Coord, ...]:
        found: list[Coord] = []
        for step in self.DIRECTIONS:
            found.extend(self.slide(cell, step))
        return tuple(found)

    @classmethod
    def move_lists(cls) -> tuple[Steps, Steps] | None:
        """``DIRECTIONS`` as slides (while ``targets`` slides along them)."""
        return ((), cls.DIRECTIONS) if cls.targets is _SlidingPiece.targets else None

    def slide(self, cell: Coord, step: tuple[int, int]) -> Iterator[Coord]:
        """The cells one direction ``step`` reaches from ``cell``, nearest first, up to a blocked cell or the edge."""
        x, y = cell
        dx, dy = step
        is_free = self.grid.is_free
        while True:
            x, y = x + dx, y + dy
            if not is_free(Coord(x, y)):
                return
            yield Coord(x, y)

    def why_not_reachable(self, cell: Coord, target: Coord) -> str:
        dx, dy = target.x - cell.x, target.y - cell.y
        if dx == dy == 0:
            return f"the {self.piece} must move"
        what = f"the {self.piece} moves any distance {self.MOVES_TEXT}"
        if dx > 0 or dy > 0:
            return f"{what}: {cell} -> {target} goes back"
        step = (_sign(dx), _sign(dy))
        if step not in self.DIRECTIONS or (dx and dy and dx != dy):
            return f"{what}: {cell} -> {target} is not on such a line"
        here = cell + step
        while here != target:
            if here in self.grid.blocked:
                return f"{what}, but not through a blocked cell: {cell} -> {target} passes the blocked cell {here}"
            here = here + step
        return f"{what}: {cell} -> {target} is not a move"  # not reached: every other case is a move


@dataclass(frozen=True)
class OneWayQueen(_SlidingPiece):
    """G1.2: the queen moves any distance down, diagonally down-left or left (Wythoff's game).

    Targets go direction by direction in the article's NEXT8 order (down, down-left, left),
    nearest cell first.

    >>> rules = OneWayQueen(Grid(3, 3, blocked=frozenset({Coord(1, 1)})))
    >>> [str(c) for c in rules.options(Coord(2, 2))]
    ['[2, 1]', '[2, 0]', '[1, 2]', '[0, 2]']
    >>> rules.why_illegal(rules.initial_state(), Coord(0, 0))
    'the queen moves any distance left, down or diagonally down-left, but not through a blocked cell: \
[2, 2] -> [0, 0] passes the blocked cell [1, 1]'
    """

    name: ClassVar[str] = "queen"
    piece: ClassVar[str] = "queen"
    DIRECTIONS: ClassVar[tuple[tuple[int, int], ...]] = ((0, -1), (-1, -1), (-1, 0))
    MOVES_TEXT: ClassVar[str] = "left, down or diagonally down-left"


@dataclass(frozen=True)
class OneWayRook(_SlidingPiece):
    """G1.3: the rook moves any distance down or left (two-pile Nim).

    Targets: down first, then left, nearest cell first.

    >>> rules = OneWayRook(Grid(4, 2))
    >>> [str(c) for c in rules.options(Coord(3, 1))]
    ['[3, 0]', '[2, 1]', '[1, 1]', '[0, 1]']
    >>> rules.why_illegal(rules.initial_state(), Coord(2, 0))
    'the rook moves any distance left or down: [3, 1] -> [2, 0] is not on such a line'
    """

    name: ClassVar[str] = "rook"
    piece: ClassVar[str] = "rook"
    DIRECTIONS: ClassVar[tuple[tuple[int, int], ...]] = ((0, -1), (-1, 0))
    MOVES_TEXT: ClassVar[str] = "left or down"


@dataclass(frozen=True)
class OneWayKnight(_JumpingPiece):
    """G1.4: the knight jumps by (-2, -1), (-1, -2), (-2, +1) or (+1, -2), in that order.

    Every jump lowers x + y, so the game ends; on a grid without blocked cells the cells
    with no jump are exactly the corner (0, 0), (0, 1), (1, 0), (1, 1).

    >>> rules = OneWayKnight(Grid(4, 4))
    >>> [str(c) for c in rules.options(Coord(3, 3))]
    ['[1, 2]', '[2, 1]']
    >>> [str(c) for c in rules.options(Coord(2, 1))]
    ['[0, 0]', '[0, 2]']
    >>> rules.why_illegal(rules.initial_state(), Coord(2, 2))
    'the one-way knight jumps by (-2, -1), (-1, -2), (-2, +1) or (+1, -2): [3, 3] -> [2, 2] is a step of (-1, -1)'
    """

    name: ClassVar[str] = "knight"
    piece: ClassVar[str] = "knight"
    JUMPS: ClassVar[tuple[tuple[int, int], ...]] = ((-2, -1), (-1, -2), (-2, 1), (1, -2))

    def why_not_reachable(self, cell: Coord, target: Coord) -> str:
        if target == cell:
            return "the knight must move"
        dx, dy = target.x - cell.x, target.y - cell.y
        return (f"the one-way knight jumps by (-2, -1), (-1, -2), (-2, +1) or (+1, -2): {cell} -> {target} "
                f"is a step of ({dx:+d}, {dy:+d})".replace("(+0", "(0").replace(", +0)", ", 0)"))


#: The one-way pieces by name.
PIECES: dict[str, type[OneWayPiece]] = {
    "king": OneWayKing, "queen": OneWayQueen, "rook": OneWayRook, "knight": OneWayKnight,
}

#: The letter of each piece in pictures and transcripts (chess notation: the knight is N).
PIECE_LETTERS = {"king": "K", "queen": "Q", "rook": "R", "knight": "N"}


def wythoff_pairs(limit: int) -> list[tuple[int, int]]:
    """Wythoff's pairs ``(floor(k * phi), floor(k * phi**2))`` with first member at most ``limit``.

    Exact integer arithmetic: ``floor(k * phi) = (k + isqrt(5 * k * k)) // 2`` and the second
    member is the first plus ``k``. With their mirror images these are the queen's P-positions.

    >>> wythoff_pairs(9)
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15)]
    """
    pairs = []
    k = 0
    while (a := (k + isqrt(5 * k * k)) // 2) <= limit:
        pairs.append((a, a + k))
        k += 1
    return pairs


def favourable(piece: str, cell: Coord) -> bool:
    """Whether the known closed form calls ``cell`` favourable to the player who just moved there.

    These are the rules for grids without blocked cells: the king's "both even" (the beans
    game), the rook's ``x == y`` (Nim), the queen's Wythoff pairs. The article names no rule
    for the knight, so this raises ``ValueError`` for it.

    >>> favourable("king", Coord(2, 4)), favourable("rook", Coord(3, 3)), favourable("queen", Coord(5, 3))
    (True, True, True)
    """
    x, y = cell
    if piece == "king":
        return x % 2 == 0 and y % 2 == 0
    if piece == "rook":
        return x == y
    if piece == "queen":
        low, high = min(x, y), max(x, y)
        k = high - low
        return (k + isqrt(5 * k * k)) // 2 == low
    raise ValueError(f"the article gives no closed form for the {piece}")
