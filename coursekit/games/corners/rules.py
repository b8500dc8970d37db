"""The rules of corners (Уголки, source E): each side races its pieces into the other side's starting corner.

The board is 8 x 8, ``(0, 0)`` at the bottom left. White (player 0) starts in the bottom-right
corner and moves first; Black (player 1) starts in the top-left corner. With 12 pieces a side
(the default, as in E) a corner is 3 rows x 4 columns; the options are 9 pieces (3 x 3) and
10 pieces (a triangle of rows 4 + 3 + 2 + 1, the longest row along the board's edge). Each
side's goal (its *target*) is the other side's starting corner (its *home*).

A move is one of:

* a **step**: a piece moves one cell left, right, up or down into an empty cell;
* a **jump chain**: a piece jumps over an orthogonally adjacent piece (of either colour) into
  the empty cell just beyond, and may go on jumping; a chain never revisits a cell (its start
  included) and may stop after any jump;
* a **pass**, ``"pass"``, allowed only to a side with no other move.

A move is written as a whole path: the start cell and every landing cell
(``(Coord(4, 2), Coord(4, 4), Coord(2, 4))``), so a record shows each chain and replays it.

**The end.** The first side to fill all of its target wins; if White does so first, Black
gets one more move and it is a draw if that completes Black too. After ``move_limit`` moves
per side (100 by default; a pass counts as a move) the side with more pieces in its target
wins and equal counts draw. With the option ``leave_home_by=N`` (REFERENCE's anti-stalling
rule, commonly 40) a side that still has a piece in its home after its own N-th move, or moves
one back there later, loses at once.

The state keeps each side's pieces in a fixed order, so each piece keeps its number through
the game (E's ``PieceTab``: E's computer tries its pieces in that order).

>>> rules = Corners()
>>> state = rules.initial_state()
>>> rules.to_move(state), len(rules.legal_moves(state))
(0, 14)
>>> rules.why_illegal(state, (Coord(4, 2), Coord(4, 4), Coord(4, 6)))
'a jump over nothing: [4, 3] is empty'
>>> state = rules.apply(state, (Coord(4, 2), Coord(4, 3)))
>>> print(path_text(rules.legal_moves(rules.apply(state, (Coord(3, 5), Coord(3, 4))))[0]))
4,0-3,0
"""


from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from ...core.display import Shown
from ...core.grid import Coord
from ...core.rules import GameRules, GameType, SpecFields, unchecked_builder

__all__ = [
    "BLACK",
    "PASS",
    "SHAPES",
    "SIDES",
    "SIZE",
    "SOLO_WIDTH",
    "WHITE",
    "Corners",
    "CornersState",
    "Path",
    "SoloPosition",
    "SoloSolution",
    "home_cells",
    "parse_path",
    "path_text",
    "solo",
    "solo_bound",
    "solo_moves",
    "solo_problem",
    "solo_search",
    "solo_start",
    "solo_target",
]

#: The board's side.
SIZE = 8
#: The players: White moves first.
WHITE, BLACK = 0, 1
SIDES = ("White", "Black")
#: The move of a side that has no other move.
PASS = "pass"
#: A move: the start cell and every landing cell (or :data:`PASS`).
Path = tuple[Coord, ...]
#: The shapes of a corner, by the number of pieces: the length of each row, from the board's edge in.
SHAPES: dict[int, tuple[int, ...]] = {12: (4, 4, 4), 10: (4, 3, 2, 1), 9: (3, 3, 3)}

#: E's four directions (``DelTab = {-1, 1, -10, 10}``) as Black sees the board: left, right, up, down.
#: White sees the board turned half round, so its order is right, left, down, up.
DIRECTIONS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((1, 0), (-1, 0), (0, -1), (0, 1)),
    ((-1, 0), (1, 0), (0, 1), (0, -1)),
)


def path_text(move: Any) -> str:
    """A move as the terminal reads and writes it: ``x,y-x,y[-x,y...]`` or ``pass``.

    >>> path_text((Coord(4, 2), Coord(4, 4), Coord(2, 4)))
    '4,2-4,4-2,4'
    >>> path_text(PASS)
    'pass'
    """
    if move == PASS:
        return PASS
    return "-".join(f"{c[0]},{c[1]}" for c in move)


def parse_path(text: str) -> Path | str:
    """A move typed ``x,y-x,y[-x,y...]`` (or ``pass``).

    >>> parse_path(" 4,2 - 4,3 ")
    (Coord(x=4, y=2), Coord(x=4, y=3))
    >>> parse_path("4,2")
    Traceback (most recent call last):
    ...
    ValueError: expected a path as x,y-x,y[-x,y...] (the start and every landing cell), got '4,2'
    """
    text = text.strip()
    if text.lower() == PASS:
        return PASS
    parts = text.split("-")
    if len(parts) < 2:
        raise ValueError(f"expected a path as x,y-x,y[-x,y...] (the start and every landing cell), got {text!r}")
    try:
        return tuple(Coord.parse(part) for part in parts)
    except ValueError:
        raise ValueError(f"expected a path as x,y-x,y[-x,y...] with whole numbers, got {text!r}") from None


def home_cells(pieces: int, player: int) -> tuple[Coord, ...]:
    """A side's starting corner, in E's order of its pieces: Black's row by row from the top-left
    corner; White's the same turned half round (row by row from the bottom-right corner).

    >>> home_cells(9, BLACK)[:4]
    (Coord(x=0, y=7), Coord(x=1, y=7), Coord(x=2, y=7), Coord(x=0, y=6))
    >>> home_cells(10, WHITE)[-1]
    Coord(x=7, y=3)
    """
    black = tuple(Coord(x, SIZE - 1 - row) for row, length in enumerate(SHAPES[pieces]) for x in range(length))
    return black if player == BLACK else tuple(_turned(c) for c in black)


def _turned(cell: Coord) -> Coord:
    """The cell a half turn of the board brings ``cell`` to."""
    return Coord(SIZE - 1 - cell.x, SIZE - 1 - cell.y)


@dataclass(frozen=True, repr=False)
class CornersState(Shown):
    """Both sides' pieces (each side's in its fixed order) and how many moves were made.

    >>> state = Corners(pieces=9).initial_state()
    >>> state.turn, state.moves_made, len(state.white), state.moves_of(BLACK)
    (0, 0, 9, 0)
    """

    white: tuple[Coord, ...]
    black: tuple[Coord, ...]
    moves_made: int = 0

    @property
    def turn(self) -> int:
        """The player to move: White (0) on even counts, Black (1) on odd ones."""
        return self.moves_made % 2

    def pieces(self, player: int) -> tuple[Coord, ...]:
        """``player``'s pieces in their fixed order."""
        return self.white if player == WHITE else self.black

    def moves_of(self, player: int) -> int:
        """How many moves ``player`` has made (passes included)."""
        return (self.moves_made + 1 - player) // 2

    @cached_property
    def occupied(self) -> frozenset[Coord]:
        """Every cell holding a piece."""
        return frozenset(self.white) | frozenset(self.black)

    def owner(self, cell: Coord) -> int | None:
        """Whose piece is on ``cell`` (``None`` for an empty cell)."""
        if cell in self.white:
            return WHITE
        if cell in self.black:
            return BLACK
        return None

    def __repr__(self) -> str:
        return (f"CornersState(white={' '.join(f'{c.x},{c.y}' for c in self.white)!r}, "
                f"black={' '.join(f'{c.x},{c.y}' for c in self.black)!r}, moves_made={self.moves_made})")


#: ``CornersState(white, black, moves_made)`` without the checks of its ``__init__``
#: (:func:`~coursekit.core.rules.unchecked_builder`: every field must be passed): the searches make a
#: state at every node.
_state: Callable[[tuple[Coord, ...], tuple[Coord, ...], int], CornersState] = unchecked_builder(CornersState)


@dataclass(frozen=True)
class Corners(SpecFields, GameRules):
    """The rules of corners: ``pieces`` a side (12, 10 or 9), ``move_limit`` moves per side, and
    the anti-stalling option ``leave_home_by`` (``None``: off).

    >>> Corners().spec()
    {'game': 'corners', 'pieces': 12, 'move_limit': 100, 'leave_home_by': None}
    >>> Corners(pieces=11)
    Traceback (most recent call last):
    ...
    ValueError: a side has 12, 10 or 9 pieces, got 11
    """

    pieces: int = 12
    move_limit: int = 100
    leave_home_by: int | None = None
    num_players: ClassVar[int] = 2
    name: ClassVar[str] = "corners"
    game_type: ClassVar[GameType] = GameType(multi_click=True)

    def __post_init__(self) -> None:
        if type(self.pieces) is not int or self.pieces not in SHAPES:
            raise ValueError(f"a side has 12, 10 or 9 pieces, got {self.pieces!r}")
        if type(self.move_limit) is not int or self.move_limit < 1:
            raise ValueError(f"the move limit is a whole number of moves per side, at least 1, got {self.move_limit!r}")
        if self.leave_home_by is not None and (type(self.leave_home_by) is not int or self.leave_home_by < 1):
            raise ValueError(f"leave_home_by is a whole number of moves, at least 1, got {self.leave_home_by!r}")

    # The board.

    @staticmethod
    def on_board(cell: Any) -> bool:
        """Whether ``cell`` is a pair of whole numbers on the 8 x 8 board."""
        return (isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell)
                and 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE)

    def home(self, player: int) -> frozenset[Coord]:
        """``player``'s starting corner."""
        return self._homes[player]

    def target(self, player: int) -> frozenset[Coord]:
        """The cells ``player`` must fill: the other side's home."""
        return self._homes[1 - player]

    @cached_property
    def _homes(self) -> tuple[frozenset[Coord], frozenset[Coord]]:
        return frozenset(home_cells(self.pieces, WHITE)), frozenset(home_cells(self.pieces, BLACK))

    @property
    def _steps(self) -> tuple[dict[Coord, tuple[Coord, ...]], ...]:
        """Each side's steps from each cell, in E's order of directions (the same for every size of army)."""
        return _step_table()

    @property
    def _jumps(self) -> tuple[dict[Coord, tuple[tuple[Coord, Coord], ...]], ...]:
        """Each side's jumps from each cell, ``(the cell jumped over, the landing cell)``, in E's order."""
        return _jump_table()

    # The game.

    def initial_state(self, rng: random.Random | None = None) -> CornersState:
        return CornersState(home_cells(self.pieces, WHITE), home_cells(self.pieces, BLACK))

    def position(self, picture: str, moves_made: int = 0) -> CornersState:
        """A state drawn as text, top row first: ``W``, ``B`` and ``.`` (spaces and row labels ignored).

        Each side's pieces are numbered in E's order: Black's row by row from the top left,
        White's row by row from the bottom right.

        >>> state = Corners(pieces=9).position('''
        ...     B . . . . . . .
        ...     . . . . . . . .
        ...     . . . . . . . .
        ...     . . . . . . . .
        ...     . . . . . . . .
        ...     . . . . . . . .
        ...     . . . . . W W .
        ...     . . . . . . . .''')
        >>> state.white, state.black
        ((Coord(x=6, y=1), Coord(x=5, y=1)), (Coord(x=0, y=7),))
        """
        rows = [[ch for ch in line if ch in "WB."] for line in picture.strip().splitlines() if line.strip()]
        if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
            raise ValueError("a position is 8 rows of 8 cells: W, B or .")
        black = tuple(Coord(x, SIZE - 1 - r) for r, row in enumerate(rows) for x, ch in enumerate(row) if ch == "B")
        white = tuple(_turned(c) for c in (Coord(x, SIZE - 1 - r) for r, row in enumerate(reversed(rows))
                                           for x, ch in enumerate(reversed(row)) if ch == "W"))
        return CornersState(white, black, moves_made)

    def to_move(self, state: CornersState) -> int:
        return state.turn

    def chains(self, state: CornersState, start: Coord) -> Iterator[Path]:
        """Every jump chain of the piece on ``start`` (each a path), depth first in E's order of
        directions; each chain is followed by its continuations.

        >>> rules = Corners()
        >>> [path_text(p) for p in rules.chains(rules.initial_state(), Coord(5, 2))]
        ['5,2-3,2']
        """
        player = state.owner(start)
        return _chains(self._jumps[WHITE if player is None else player], state.occupied - {start}, start)

    def path_moves(self, state: CornersState) -> list[Path]:
        """The steps and jump chains of the player to move, in E's order: every piece's steps
        (pieces in their order), then every piece's chains."""
        player = state.turn
        pieces = state.pieces(player)
        occupied = state.occupied
        steps = self._steps[player]
        moves: list[Path] = [(p, c) for p in pieces for c in steps[p] if c not in occupied]
        jumps = self._jumps[player]
        for piece in pieces:
            for over, land in jumps[piece]:
                if over in occupied and land not in occupied:  # a first hop: the piece has chains
                    _add_chains(moves, jumps, occupied, [piece])
                    break
        return moves

    def legal_moves(self, state: CornersState) -> tuple[Path | str, ...]:
        """Steps, then jump chains (see :meth:`path_moves`); a side with neither passes."""
        if self.is_over(state):
            return ()
        moves = self.path_moves(state)
        return tuple(moves) if moves else (PASS,)

    def why_illegal(self, state: CornersState, move: Any) -> str | None:
        if self.is_over(state):
            return f"the game is over: {self.result(state)}"
        if move == PASS:
            if self.path_moves(state):
                return "a side may pass only when it has no step and no jump"
            return None
        if not isinstance(move, tuple) or not all(isinstance(c, tuple) and len(c) == 2
                                                  and all(type(v) is int for v in c) for c in move):
            return f"a move is a path of cells ((x, y), (x, y), ...) or {PASS!r}, not {move!r}"
        if len(move) < 2:
            return "a path needs the start cell and at least one landing cell"
        cells = [Coord(*c) for c in move]
        for cell in cells:
            if not self.on_board(cell):
                return f"{cell} is off the 8 x 8 board"
        return self._path_problem(state, cells)

    def _path_problem(self, state: CornersState, cells: list[Coord]) -> str | None:
        player, start = state.turn, cells[0]
        owner = state.owner(start)
        if owner is None:
            return f"there is no piece on {start}"
        if owner != player:
            return f"{start} holds {SIDES[owner]}'s piece, not {SIDES[player]}'s"
        occupied = state.occupied - {start}
        for i, (a, b) in enumerate(itertools.pairwise(cells)):
            dx, dy = b.x - a.x, b.y - a.y
            if abs(dx) + abs(dy) == 1:
                if len(cells) > 2:
                    return f"{a} to {b} is a step: a step is a whole move, never part of a jump chain"
                return f"blocked: {b} is taken" if b in occupied else None
            if not ((abs(dx) == 2 and dy == 0) or (dx == 0 and abs(dy) == 2)):
                return (f"{a} to {b} is neither a step (one cell left, right, up or down) "
                        "nor a jump (two cells, over a piece)")
            over = Coord(a.x + dx // 2, a.y + dy // 2)
            if over not in occupied:
                return f"a jump over nothing: {over} is empty"
            if b in occupied:
                return f"blocked: {b} is taken"
            if b in cells[:i + 1]:
                return f"the chain revisits {b}: a chain never returns to a cell"
        return None

    def next_state(self, state: CornersState, move: Path | str) -> CornersState:
        if move == PASS:
            return _state(state.white, state.black, state.moves_made + 1)
        start, end = move[0], move[-1]
        if type(start) is not Coord or type(end) is not Coord:
            start, end = Coord(*start), Coord(*end)
        pieces = state.pieces(state.turn)
        if pieces.count(start) == 1:  # the piece on start moves to end (each piece has a cell of its own)
            at = pieces.index(start)
            mine = (*pieces[:at], end, *pieces[at + 1:])
        else:
            mine = tuple(end if c == start else c for c in pieces)
        if state.turn == WHITE:
            return _state(mine, state.black, state.moves_made + 1)
        return _state(state.white, mine, state.moves_made + 1)

    # The end.

    def in_target(self, state: CornersState, player: int) -> int:
        """How many of ``player``'s pieces stand in its target."""
        return sum(map(self.target(player).__contains__, state.pieces(player)))

    def result(self, state: CornersState) -> str | None:
        """How the game ended, in words (``None`` while it goes on).

        >>> rules = Corners(move_limit=1)
        >>> rules.result(rules.initial_state()) is None
        True
        >>> state = rules.apply(rules.apply(rules.initial_state(), (Coord(4, 2), Coord(4, 3))),
        ...                     (Coord(3, 5), Coord(3, 4)))
        >>> rules.result(state)
        'the move limit: 0 pieces each in the target, a draw'
        """
        ending = self._ending(state)
        if ending is None:
            return None
        reason, stayed = ending
        mover = (state.moves_made - 1) % 2
        if reason == "home":
            return (f"{SIDES[mover]} still has a piece in its home corner ({stayed}) after its move "
                    f"{state.moves_of(mover)}: {SIDES[1 - mover]} wins")
        if reason == "both":
            return "both sides filled their targets (Black with its last move): a draw"
        if reason == "white":
            return "White filled its target first and Black could not answer: White wins"
        if reason == "black":
            return "Black filled its target first: Black wins"
        counts = self.in_target(state, WHITE), self.in_target(state, BLACK)
        if counts[0] == counts[1]:
            return f"the move limit: {counts[0]} pieces each in the target, a draw"
        better = WHITE if counts[0] > counts[1] else BLACK
        return (f"the move limit: White has {counts[0]} pieces in its target, Black {counts[1]}: "
                f"{SIDES[better]} wins")

    def is_over(self, state: CornersState) -> bool:
        """Whether the game has ended (:meth:`result` puts the ending in words; the searches only ask)."""
        return self._ending(state) is not None

    def _ending(self, state: CornersState) -> tuple[str, Coord | None] | None:
        """Why the game ended, decided once for :meth:`result` and :meth:`is_over` (``None`` while it goes on).

        The reason is ``"home"`` (the side that just moved kept a piece at home too long; the piece is
        given), ``"both"`` (both targets full), ``"white"`` or ``"black"`` (that side filled its target
        first) or ``"limit"`` (the move limit).
        """
        n = state.moves_made
        if n == 0:
            return None
        mover = (n - 1) % 2
        if self.leave_home_by is not None and state.moves_of(mover) >= self.leave_home_by:
            home = self.home(mover)
            for cell in state.pieces(mover):
                if cell in home:
                    return "home", cell
        homes = self._homes  # White's target is Black's home, and Black's White's
        white_done = sum(map(homes[BLACK].__contains__, state.white)) == self.pieces
        black_done = sum(map(homes[WHITE].__contains__, state.black)) == self.pieces
        if white_done and black_done:
            return "both", None
        if white_done and mover == BLACK:
            return "white", None
        if black_done:
            return "black", None
        if n >= 2 * self.move_limit:
            return "limit", None
        return None

    def winner(self, state: CornersState) -> int | None:
        """The winning side at the end (``None`` while the game goes on, or for a draw)."""
        result = self.result(state)
        if result is None or result.endswith("a draw"):
            return None
        return WHITE if result.endswith("White wins") else BLACK

    def max_game_length(self) -> int:
        """``move_limit`` moves a side, passes included."""
        return 2 * self.move_limit

    # What searches ask about a position.

    def canonical(self, state: CornersState) -> tuple[frozenset[Coord], frozenset[Coord], int]:
        """The position without the pieces' numbers: states that differ only in the order of the
        pieces are the same position for search."""
        return frozenset(state.white), frozenset(state.black), state.moves_made

    @cached_property
    def distances(self) -> tuple[dict[Coord, int], dict[Coord, int]]:
        """For each side and cell: the steps from the cell to the nearest cell of the side's target."""
        return tuple({c: min(abs(c.x - t.x) + abs(c.y - t.y) for t in self.target(p)) for c in _CELLS}
                     for p in (WHITE, BLACK))  # type: ignore[return-value]

    @cached_property
    def target_depths(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """For each side: the steps from each of its target cells to the target's far corner, in increasing order."""
        return tuple(tuple(sorted(self.depths[p][c] for c in self.target(p)))
                     for p in (WHITE, BLACK))  # type: ignore[return-value]

    @cached_property
    def depths(self) -> tuple[dict[Coord, int], dict[Coord, int]]:
        """For each side and cell: the steps from the cell to the far corner of the side's target."""
        corners = (Coord(0, SIZE - 1), Coord(SIZE - 1, 0))
        return tuple({c: abs(c.x - corners[p].x) + abs(c.y - corners[p].y) for c in _CELLS}
                     for p in (WHITE, BLACK))  # type: ignore[return-value]


_CELLS = tuple(Coord(x, y) for y in range(SIZE) for x in range(SIZE))


@functools.cache
def _step_table() -> tuple[dict[Coord, tuple[Coord, ...]], ...]:
    """Each side's steps from each cell, in E's order of directions."""
    return tuple({cell: tuple(c for c in (cell + d for d in DIRECTIONS[p]) if Corners.on_board(c))
                  for cell in _CELLS} for p in (WHITE, BLACK))


@functools.cache
def _jump_table() -> tuple[dict[Coord, tuple[tuple[Coord, Coord], ...]], ...]:
    """Each side's jumps from each cell: ``(the cell jumped over, the landing cell)``, in E's order."""
    def beyond(cell: Coord, d: tuple[int, int]) -> Coord:
        return Coord(cell.x + 2 * d[0], cell.y + 2 * d[1])

    return tuple({cell: tuple((cell + d, beyond(cell, d)) for d in DIRECTIONS[p] if Corners.on_board(beyond(cell, d)))
                  for cell in _CELLS} for p in (WHITE, BLACK))


def _add_chains(moves: list[Path], jumps: dict[Coord, tuple[tuple[Coord, Coord], ...]],
                occupied: frozenset[Coord], path: list[Coord]) -> None:
    """Add to ``moves`` every jump chain that goes on from ``path``, in the order of :func:`_chains`
    (each chain, then its continuations). ``occupied`` may hold the chain's start: no hop jumps
    over it (a chain's cells are an even number of cells from the start, the cells it jumps over
    an odd number), and no hop lands there (a chain never revisits a cell)."""
    for over, land in jumps[path[-1]]:
        if over in occupied and land not in occupied and land not in path:
            path.append(land)
            moves.append(tuple(path))
            _add_chains(moves, jumps, occupied, path)
            path.pop()


def _chains(jumps: dict[Coord, tuple[tuple[Coord, Coord], ...]], occupied: frozenset[Coord],
            start: Coord) -> Iterator[Path]:
    """Every jump chain from ``start`` over ``occupied`` cells, depth first in the order of ``jumps``: each
    chain, then its continuations (a stack of the jumps still to try at each cell of the path)."""
    path = [start]
    untried = [iter(jumps[start])]
    while untried:
        for over, land in untried[-1]:
            if over in occupied and land not in occupied and land not in path:
                path.append(land)
                yield tuple(path)
                untried.append(iter(jumps[land]))
                break
        else:
            untried.pop()
            path.pop()


# ---------------------------------------------------------------------------------------------
# The solo puzzle: one side alone, the fewest moves that fill its target
# ---------------------------------------------------------------------------------------------
#
# The other side's pieces are removed (so a jump goes over one's own pieces only) and the side
# moves every turn; cells are numbered ``y * 8 + x`` inside the search for speed.

#: The solo search's default beam width: the positions each of its two rankings keeps per move.
SOLO_WIDTH = 100


def _number(cell: Coord) -> int:
    return cell.y * SIZE + cell.x


def _coord(number: int) -> Coord:
    return Coord(number % SIZE, number // SIZE)


def _solo_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...]]:
    """For each cell number: its orthogonal neighbours, and its jumps ``(over, landing)``."""
    steps, jumps = [], []
    for cell in _CELLS:
        near, far = [], []
        for dx, dy in ((-1, 0), (1, 0), (0, 1), (0, -1)):
            if 0 <= cell.x + dx < SIZE and 0 <= cell.y + dy < SIZE:
                near.append(_number(Coord(cell.x + dx, cell.y + dy)))
            if 0 <= cell.x + 2 * dx < SIZE and 0 <= cell.y + 2 * dy < SIZE:
                far.append((_number(Coord(cell.x + dx, cell.y + dy)), _number(Coord(cell.x + 2 * dx, cell.y + 2 * dy))))
        steps.append(tuple(near))
        jumps.append(tuple(far))
    return tuple(steps), tuple(jumps)


_SOLO_STEPS, _SOLO_JUMPS = _solo_tables()
#: A position of the solo puzzle: the numbers of the cells holding a piece.
SoloPosition = frozenset[int]


def solo_moves(position: SoloPosition) -> Iterator[tuple[tuple[int, ...], SoloPosition]]:
    """Each move of the lone side from ``position`` with the position it leads to: one move per
    pair of start and end cell (a step, or the shortest jump chain to that end).

    >>> start = frozenset({_number(Coord(3, 3)), _number(Coord(3, 4))})
    >>> sorted(tuple(_coord(c) for c in path)[-1] for path, _ in solo_moves(start))[:3]
    [Coord(x=2, y=3), Coord(x=2, y=4), Coord(x=3, y=2)]
    """
    for piece in sorted(position):
        others = position - {piece}
        reached = {piece}
        for cell in _SOLO_STEPS[piece]:
            if cell not in position:
                reached.add(cell)
                yield (piece, cell), others | {cell}
        frontier: list[tuple[int, ...]] = [(piece,)]
        landed = {piece}
        while frontier:
            following = []
            for path in frontier:
                for over, land in _SOLO_JUMPS[path[-1]]:
                    if over in others and land not in others and land not in landed:
                        landed.add(land)
                        chain = (*path, land)
                        following.append(chain)
                        if land not in reached:
                            reached.add(land)
                            yield chain, others | {land}
            frontier = following


def _solo_costs(start: SoloPosition, target: SoloPosition) -> list[list[int]]:
    """What each piece needs at least to end on each target cell: 0 if it is there; 1 if one move
    might do it (a chain keeps both parities of ``x`` and ``y``, so the cell has the piece's
    parities, or it is one step away); else 2 (a step to change a parity and another move)."""
    costs = []
    for piece in sorted(start):
        row = []
        for cell in sorted(target):
            if piece == cell:
                row.append(0)
            elif (piece % 2, piece // SIZE % 2) == (cell % 2, cell // SIZE % 2) or cell in _SOLO_STEPS[piece]:
                row.append(1)
            else:
                row.append(2)
        costs.append(row)
    return costs


def solo_bound(start: SoloPosition, target: SoloPosition) -> int:
    """A lower bound on the moves that bring the pieces on ``start`` onto ``target`` (as many cells),
    the larger of two bounds, each admissible:

    * **parity**: a jump moves a piece two cells, so it keeps the parity of its ``x`` and of its
      ``y``; only a step changes one, and a step is a whole move. Each piece ends on some target
      cell, and it needs at least one move to get there if it is not there already, and at
      least two if the cell's parities differ from its own and the cell is not next to it. Each
      move moves one piece, so the moves are at least the cheapest matching of pieces to cells.
    * **the front**: along a direction ``a*x + b*y`` with ``|a|, |b| <= 1`` a hop lands one unit
      past the piece it jumps over, which stood no further than the front, so no move carries
      the front (the furthest piece) more than one unit on; played backwards the same holds for
      the rear. The moves are at least how far the front and the rear must go.

    >>> solo_bound(solo_start(12), solo_target(12)), solo_bound(solo_start(9), solo_target(9))
    (16, 12)
    """
    costs = _solo_costs(start, target)
    n = len(costs)
    best = [0] + [n * 2] * ((1 << n) - 1)
    for mask in range(1 << n):
        piece = bin(mask).count("1")
        if piece >= n:
            continue
        for cell in range(n):
            if not mask >> cell & 1:
                after = mask | 1 << cell
                best[after] = min(best[after], best[mask] + costs[piece][cell])
    parity = best[-1]
    front = 0
    for a, b in ((-1, 1), (1, -1), (1, 0), (-1, 0), (0, 1), (0, -1)):
        now = [a * (c % SIZE) + b * (c // SIZE) for c in start]
        goal = [a * (c % SIZE) + b * (c // SIZE) for c in target]
        front = max(front, max(goal) - max(now), min(goal) - min(now))
    return max(parity, front)


def solo_start(pieces: int = 12) -> SoloPosition:
    """White's home, where the lone side starts.

    >>> sorted(_coord(c) for c in solo_start(9))[:2]
    [Coord(x=5, y=0), Coord(x=5, y=1)]
    """
    return frozenset(_number(c) for c in home_cells(pieces, WHITE))


def solo_target(pieces: int = 12) -> SoloPosition:
    """White's target (Black's home): the cells to fill."""
    return frozenset(_number(c) for c in home_cells(pieces, BLACK))


@dataclass(frozen=True)
class SoloSolution:
    """The solo puzzle's best solution found: its moves (paths), the lower bound on any solution,
    and how many positions the search kept."""

    moves: tuple[Path, ...]
    bound: int
    positions: int

    def __str__(self) -> str:
        return "\n".join([f"moves: {len(self.moves)}", *(path_text(m) for m in self.moves),
                          f"lower bound: {self.bound}"])


def _turned_position(position: SoloPosition) -> SoloPosition:
    """The position a half turn of the board brings ``position`` to (cell ``c`` goes to ``63 - c``)."""
    return frozenset(SIZE * SIZE - 1 - c for c in position)


#: For each pair of cell numbers ``c`` and ``t``: the steps from ``c`` to the cell a half turn brings ``t`` to
#: (that cell is ``(7 - x, 7 - y)`` for ``t`` on ``(x, y)``).
_STEPS_TO_TURNED = tuple(tuple(abs(c % SIZE + t % SIZE - (SIZE - 1)) + abs(c // SIZE + t // SIZE - (SIZE - 1))
                               for t in range(SIZE * SIZE)) for c in range(SIZE * SIZE))


def _asymmetry(position: SoloPosition) -> int:
    """How far ``position`` is from its own half turn: each piece's steps to the nearest cell of
    the turned position, summed (0 for a position the half turn leaves as it is).

    >>> _asymmetry(solo_start(9)), _asymmetry(frozenset({27, 36}))  # 27 and 36 are each other's half turn
    (72, 0)
    """
    return sum(min(map(_STEPS_TO_TURNED[c].__getitem__, position)) for c in position)


def _heading(start: SoloPosition, target: SoloPosition) -> tuple[int, int]:
    """The direction ``(a, b)`` from ``start`` to ``target``: the sign of the change of the pieces'
    summed ``x`` and of their summed ``y`` (White's solo puzzle: ``(-1, 1)``, up and to the left)."""
    def sign(v: int) -> int:
        return (v > 0) - (v < 0)

    return (sign(sum(c % SIZE for c in target) - sum(c % SIZE for c in start)),
            sign(sum(c // SIZE for c in target) - sum(c // SIZE for c in start)))


def _progress(position: SoloPosition, heading: tuple[int, int]) -> int:
    """How far the pieces stand along ``heading``: ``a * x + b * y`` summed over the pieces.

    >>> _progress(solo_start(9), (-1, 1)), _progress(solo_target(9), (-1, 1))
    (-45, 45)
    """
    a, b = heading
    return sum(a * (c % SIZE) + b * (c // SIZE) for c in position)


def _best_chain(position: SoloPosition, heading: tuple[int, int]) -> int:
    """The most progress along ``heading`` that one jump chain from ``position`` makes (0 if none
    gains): the position's promise, as a step that lines up a long chain gains little itself.

    >>> _best_chain(solo_start(9), (-1, 1))  # a hop over the front row: 2 up, or 2 left
    2
    """
    along = _along(heading)
    best = 0
    for piece in position:  # every cell a chain of the piece lands on (the piece's own cell is empty meanwhile)
        landed = [piece]
        for cell in landed:  # the list grows as the cells are found, breadth first
            for over, land in _SOLO_JUMPS[cell]:
                if over in position and over != piece and land not in position and land not in landed:
                    landed.append(land)
        if len(landed) > 1:
            best = max(best, max(map(along.__getitem__, landed)) - along[piece])
    return best


@functools.cache
def _along(heading: tuple[int, int]) -> tuple[int, ...]:
    """How far each cell number stands along ``heading = (a, b)``: ``a * x + b * y``."""
    a, b = heading
    return tuple(a * (c % SIZE) + b * (c // SIZE) for c in range(SIZE * SIZE))


def solo_search(start: SoloPosition, target: SoloPosition, width: int = SOLO_WIDTH,
                limit: int = 40) -> SoloSolution:
    """Beam search from both ends at once, for a target that is the start turned half round (as
    White's target is its home turned): moves can be played backwards (a chain reversed jumps
    over the same pieces), so a line from the start to a position ``P`` turned half round and
    played backwards leads from ``P``'s half turn to the target. The search keeps every
    position it reached with its distance; once a position and its half turn are both reached,
    the two lines join into a solution. From each layer (the positions ``k`` moves from the
    start) every move is tried, and two rankings of the new positions each keep ``width`` of
    them for the next layer (ties by the cells, so the search is deterministic):

    * the nearest their own half turn (:func:`_asymmetry`): where the two lines can meet;
    * the furthest on toward the target, counting the best jump chain they offer next
      (:func:`_progress` plus :func:`_best_chain`): the lines that build ladders and use them.
      The first ranking alone keeps the tidy positions and loses these (for 9 pieces it found
      25 moves at width 60, 24 at 300; the two together find 22).

    Without an answer after ``limit`` layers: ``ValueError``.

    >>> solution = solo_search(frozenset({0, 1}), frozenset({62, 63}))
    >>> len(solution.moves), solution.bound
    (15, 7)
    """
    goal = frozenset(target)
    if _turned_position(frozenset(start)) != goal:
        raise ValueError("the solo search needs a target that is the start turned half round")
    heading = _heading(start, goal)
    parents: dict[SoloPosition, tuple[SoloPosition, tuple[int, ...]] | None] = {start: None}
    reached: dict[SoloPosition, int] = {start: 0}
    best: tuple[int, SoloPosition] | None = (0, start) if start == goal else None
    layer = [start]
    for depth in range(1, limit + 1):
        if best is not None and best[0] <= 2 * depth - 1:
            break
        fresh: dict[SoloPosition, tuple[SoloPosition, tuple[int, ...]]] = {}
        for position in layer:
            for path, after in solo_moves(position):
                if after not in reached and after not in fresh:
                    fresh[after] = (position, path)
        for position in sorted(fresh, key=sorted):  # a new position whose half turn was reached before or now
            turned = _turned_position(position)
            other = reached.get(turned, depth if turned in fresh else None)
            if other is not None and (best is None or depth + other < best[0]):
                best = (depth + other, position)
                parents[position] = fresh[position]
                parents.setdefault(turned, fresh.get(turned))
        near = sorted(fresh, key=lambda p: (_asymmetry(p), sorted(p)))[:width]
        ahead = sorted(fresh, key=lambda p: (-_progress(p, heading) - _best_chain(p, heading), sorted(p)))[:width]
        layer = list(dict.fromkeys(near + ahead))
        for position in layer:
            parents[position] = fresh[position]
            reached[position] = depth
    if best is None:
        raise ValueError(f"the beam found no solution within {2 * limit} moves")
    middle = best[1]
    numbers = (*_line(parents, middle), *_turned_back(_line(parents, _turned_position(middle))))
    return SoloSolution(tuple(tuple(_coord(c) for c in path) for path in numbers), solo_bound(start, goal),
                        len(reached))


def _line(parents: dict[SoloPosition, tuple[SoloPosition, tuple[int, ...]] | None],
          end: SoloPosition) -> tuple[tuple[int, ...], ...]:
    """The moves (cell numbers) from the start to ``end``."""
    moves = []
    here = end
    while (link := parents[here]) is not None:
        here, path = link
        moves.append(path)
    return tuple(reversed(moves))


def _turned_back(moves: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """A line turned half round and played backwards."""
    return tuple(tuple(SIZE * SIZE - 1 - c for c in reversed(path)) for path in reversed(moves))


def solo(pieces: int = 12, width: int = SOLO_WIDTH) -> SoloSolution:
    """The solo puzzle for ``pieces`` (12, 10 or 9): White alone fills Black's home.

    >>> print(solo(9, width=50))  # doctest: +ELLIPSIS
    moves: ...
    lower bound: 12
    """
    return solo_search(solo_start(pieces), solo_target(pieces), width)


def solo_problem(rules: Corners, moves: tuple[Any, ...]) -> str | None:
    """Why ``moves`` do not solve the solo puzzle under ``rules`` (``None`` if they do): each is
    checked by :meth:`Corners.why_illegal` for White with Black's pieces removed, Black passing
    between them, and at the end White's pieces must fill its target.

    >>> rules = Corners(pieces=9)
    >>> solo_problem(rules, ())
    'after 0 moves 0 of 9 pieces are in the target'
    """
    state = CornersState(home_cells(rules.pieces, WHITE), ())
    for number, move in enumerate(moves, start=1):
        if state.turn != WHITE:
            return f"move {number}: the game is over"
        reason = rules.why_illegal(state, move)
        if reason is not None:
            return f"move {number} ({path_text(move)}): {reason}"
        state = rules.apply(state, move)
        if not rules.is_over(state):
            state = rules.apply(state, PASS)
    inside = rules.in_target(state, WHITE)
    if inside != rules.pieces:
        return f"after {len(moves)} moves {inside} of {rules.pieces} pieces are in the target"
    return None
