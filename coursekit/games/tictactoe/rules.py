"""Tic-tac-toe and m, n, k-games for 2 to 4 players (article, G3.1; source D).

The board is ``width`` x ``height`` cells; players mark empty cells in turn with ``X``,
``O``, ``A``, ``B`` (in that order, ``X`` first); the first to have ``k`` of their marks in a
row (a row, a column or a diagonal) wins, and a full board without such a line is a draw
for all. A move is the cell to mark, ``Coord(x, y)``, with ``(0, 0)`` at the bottom left as
everywhere in the course. Empty cells are listed in reading order: the top row first, left
to right, which is the order in which D numbers the squares 1 to 9.

>>> rules = TicTacToe()
>>> state = rules.initial_state()
>>> for cell in [(1, 1), (0, 2), (2, 2), (0, 0), (0, 1), (2, 1)]:
...     state = rules.apply(state, Coord(*cell))
>>> print(state)
2  O . X
1  X X O
0  O . .
   0 1 2
>>> rules.legal_moves(state)
(Coord(x=1, y=2), Coord(x=1, y=0), Coord(x=2, y=0))
>>> rules.why_illegal(state, Coord(0, 2))
'[0, 2] is taken: O marked it'
>>> rules.winner(rules.apply(state, Coord(1, 0))), rules.winner(rules.apply(state, Coord(2, 0)))
(None, None)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from itertools import compress
from operator import itemgetter
from typing import Any, ClassVar

from ...core.display import Shown
from ...core.grid import Coord
from ...core.rules import GameRules, GameType, Utility, unchecked_builder

__all__ = ["DIRECTIONS", "EMPTY", "MARKS", "TicTacToe", "TicTacToeState", "square_number", "square_of"]

#: The players' marks, in the order they move.
MARKS = "XOAB"
#: An empty cell.
EMPTY = "."

#: How many boards' canonical texts a board's rules keep (every board of the 3 x 3 game, 5,478, fits).
CANONICAL_KEPT = 1 << 14

#: The four directions of a line: along a row, up a column, and the two diagonals.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


@dataclass(frozen=True, repr=False)
class TicTacToeState(Shown):
    """The board as text and whose turn it is.

    ``cells`` holds one character per cell (a mark or ``"."``), the bottom row first, so
    that cell ``(x, y)`` is ``cells[y * width + x]``. ``winner`` and ``line`` (the winning
    cells) are worked out when the last mark is placed; they take no part in comparing
    states, which are equal exactly when their boards and turns are.
    """

    width: int
    height: int
    cells: str
    turn: int = 0
    winner: int | None = field(default=None, compare=False)
    line: tuple[Coord, ...] = field(default=(), compare=False)

    def at(self, cell: Coord) -> str:
        """The mark on ``cell``, or ``"."``."""
        return self.cells[cell.y * self.width + cell.x]

    @property
    def filled(self) -> int:
        """How many cells are marked."""
        return self.width * self.height - self.cells.count(EMPTY)

    def rows_top_first(self) -> list[str]:
        """The rows as strings, top row first: ``["O.X", "XXO", "O.."]``."""
        w = self.width
        return [self.cells[y * w:(y + 1) * w] for y in reversed(range(self.height))]

    def __repr__(self) -> str:
        return f"TicTacToeState({'/'.join(self.rows_top_first())!r}, turn={self.turn})"


#: ``TicTacToeState(width, height, cells, turn, winner, line)`` without the checks of its ``__init__``
#: (:func:`~coursekit.core.rules.unchecked_builder`: every field must be passed): the searches make a
#: state at every node.
_state: Callable[[int, int, str, int, int | None, tuple[Coord, ...]], TicTacToeState] = (
    unchecked_builder(TicTacToeState))


def square_number(cell: Coord, width: int = 3, height: int = 3) -> int:
    """D's number of a square: 1 to 9 in reading order (the top row first).

    >>> square_number(Coord(0, 2)), square_number(Coord(1, 1)), square_number(Coord(2, 0))
    (1, 5, 9)
    """
    return (height - 1 - cell.y) * width + cell.x + 1


def square_of(number: int, width: int = 3, height: int = 3) -> Coord:
    """The cell D numbers ``number``.

    >>> square_of(1), square_of(9)
    (Coord(x=0, y=2), Coord(x=2, y=0))
    """
    row, column = divmod(number - 1, width)
    return Coord(column, height - 1 - row)


@dataclass(frozen=True)
class TicTacToe(GameRules):
    """The rules of an m, n, k-game: ``width`` x ``height`` cells, ``k`` in a row wins, 2 to 4 players.

    >>> TicTacToe(4, 4, 4).spec()
    {'game': 'tictactoe', 'width': 4, 'height': 4, 'k': 4, 'players': 2}
    >>> TicTacToe(3, 3, 4)
    Traceback (most recent call last):
    ...
    ValueError: k = 4 in a row does not fit on a 3 x 3 board
    """

    width: int = 3
    height: int = 3
    k: int = 3
    num_players: int = 2
    name: ClassVar[str] = "tictactoe"
    game_type: ClassVar[GameType] = GameType(players=(2, 4), utility=Utility.WIN_LOSS)
    #: The largest side a board may have.
    MAX_SIDE: ClassVar[int] = 20

    def __post_init__(self) -> None:
        for what, value in (("width", self.width), ("height", self.height), ("k", self.k)):
            if type(value) is not int or value < 1:
                raise ValueError(f"the {what} must be a whole number of at least 1, got {value!r}")
        if max(self.width, self.height) > self.MAX_SIDE:
            raise ValueError(f"a side may be at most {self.MAX_SIDE} cells, got {self.width} x {self.height}")
        if self.k > max(self.width, self.height):
            raise ValueError(f"k = {self.k} in a row does not fit on a {self.width} x {self.height} board")
        if type(self.num_players) is not int or not 2 <= self.num_players <= len(MARKS):
            raise ValueError(f"tic-tac-toe is played by 2 to {len(MARKS)} players, got {self.num_players!r}")

    # Lines and symmetries, worked out once per board.

    @cached_property
    def lines_through(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For every cell index, the lines of ``k`` cells (as indices) that pass through it."""
        w, h, k = self.width, self.height, self.k
        through: list[list[tuple[int, ...]]] = [[] for _ in range(w * h)]
        for y in range(h):
            for x in range(w):
                for dx, dy in DIRECTIONS:
                    end_x, end_y = x + (k - 1) * dx, y + (k - 1) * dy
                    if 0 <= end_x < w and 0 <= end_y < h:
                        line = tuple((y + i * dy) * w + x + i * dx for i in range(k))
                        for index in line:
                            through[index].append(line)
        return tuple(tuple(lines) for lines in through)

    @cached_property
    def lines(self) -> tuple[tuple[Coord, ...], ...]:
        """Every line of ``k`` cells on the board (8 on the 3 x 3 board)."""
        found = {line for lines in self.lines_through for line in lines}
        return tuple(tuple(self._coord(i) for i in line) for line in sorted(found))

    @cached_property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The board's symmetries as permutations of cell indices: ``new[i] = old[perm[i]]``.

        8 on a square board (rotations and reflections), 4 on any other rectangle.
        """
        w, h = self.width, self.height
        maps: list[Callable[[int, int], tuple[int, int]]] = [
            lambda x, y: (x, y), lambda x, y: (w - 1 - x, y),
            lambda x, y: (x, h - 1 - y), lambda x, y: (w - 1 - x, h - 1 - y),
        ]
        if w == h:
            maps += [
                lambda x, y: (y, x), lambda x, y: (h - 1 - y, x),
                lambda x, y: (y, w - 1 - x), lambda x, y: (h - 1 - y, w - 1 - x),
            ]
        perms = []
        for f in maps:
            perm = [0] * (w * h)
            for y in range(h):
                for x in range(w):
                    fx, fy = f(x, y)
                    perm[y * w + x] = fy * w + fx
            perms.append(tuple(perm))
        return tuple(dict.fromkeys(perms))

    @cached_property
    def _images(self) -> tuple[Callable[[str], Any], ...]:
        """For every symmetry, a function from board text to the characters of its image, in order."""
        return tuple(itemgetter(*perm) for perm in self.symmetries)

    @cached_property
    def _reading_order(self) -> tuple[Callable[[str], Any], tuple[Coord, ...]]:
        """The order of the legal moves, top row first, left to right: a function from board text to
        its characters in that order, and the cells in that order."""
        w = self.width
        cells = tuple(Coord(x, y) for y in reversed(range(self.height)) for x in range(w))
        return itemgetter(*(c.y * w + c.x for c in cells)), cells

    def _empty_in_reading_order(self, cells: str) -> Iterator[Coord]:
        """The empty cells of the board text ``cells``, top row first, left to right."""
        characters, in_order = self._reading_order
        return compress(in_order, map(EMPTY.__eq__, characters(cells)))

    @cached_property
    def _line_slices(self) -> tuple[tuple[tuple[int, int, int, tuple[Coord, ...]], ...], ...]:
        """For every cell index, each line through it as a slice of the board text (start, stop, step)
        that picks the line's cells (lowest index first), and the line's cells."""
        found = []
        for lines in self.lines_through:
            slices = []
            for line in lines:
                ordered = sorted(line)
                step = ordered[1] - ordered[0] if len(ordered) > 1 else 1
                assert all(ordered[i + 1] - ordered[i] == step for i in range(len(ordered) - 1)), line  # evenly spaced
                slices.append((ordered[0], ordered[-1] + 1, step, tuple(self._coord(i) for i in line)))
            found.append(tuple(slices))
        return tuple(found)

    @cached_property
    def _canonical_texts(self) -> dict[str, str]:
        """The canonical board text of boards met so far (at most :data:`CANONICAL_KEPT` of them)."""
        return {}

    def _coord(self, index: int) -> Coord:
        y, x = divmod(index, self.width)
        return Coord(x, y)

    def canonical(self, state: TicTacToeState) -> TicTacToeState:
        """The same position up to the board's symmetries: the least board text among its images.

        Two positions that are rotations or reflections of each other have the same canonical form.

        >>> rules = TicTacToe()
        >>> corner = rules.apply(rules.initial_state(), Coord(0, 0))
        >>> other = rules.apply(rules.initial_state(), Coord(2, 2))
        >>> rules.canonical(corner) == rules.canonical(other)
        True
        """
        cells = state.cells
        known = self._canonical_texts
        best = known.get(cells)
        if best is None:
            best = min("".join(image(cells)) for image in self._images)
            if len(known) < CANONICAL_KEPT:
                known[cells] = best
        return _state(state.width, state.height, best, state.turn, state.winner, ())

    # The rules.

    def initial_state(self, rng: random.Random | None = None) -> TicTacToeState:
        return TicTacToeState(self.width, self.height, EMPTY * (self.width * self.height), 0)

    def position(self, rows: str) -> TicTacToeState:
        """A position from its rows, top row first, separated by ``/``: ``"XO./.X./..O"``.

        The player to move follows from the counts of the marks (X has moved most, the
        others in order); a position that cannot arise raises ``ValueError`` saying why.

        >>> TicTacToe().position(".XO/.X./...")
        TicTacToeState('.XO/.X./...', turn=1)
        >>> TicTacToe().position("XX./.../...")
        Traceback (most recent call last):
        ...
        ValueError: X has 2 marks and O has 0 marks: players mark in turn, X first
        """
        parts = rows.split("/")
        if len(parts) != self.height or any(len(p) != self.width for p in parts):
            sizes = " ".join(str(len(p)) for p in parts)
            raise ValueError(f"the board is {self.height} rows of {self.width} cells, top row first, separated "
                             f"by '/'; got {len(parts)} row(s) of {sizes} cells")
        marks = MARKS[:self.num_players]
        for char in rows.replace("/", ""):
            if char not in marks and char != EMPTY:
                raise ValueError(f"a cell is one of {', '.join(marks)} or '.' (empty), not {char!r}")
        cells = "".join(reversed(parts))
        counts = [cells.count(m) for m in marks]
        filled = sum(counts)
        expected = [filled // self.num_players + (p < filled % self.num_players) for p in range(self.num_players)]
        if counts != expected:
            have = " and ".join(f"{m} has {c} mark{'s' if c != 1 else ''}" for m, c in zip(marks, counts, strict=True))
            raise ValueError(f"{have}: players mark in turn, {marks[0]} first")
        winners = {p for p in range(self.num_players) for line in self.lines
                   if all(cells[c.y * self.width + c.x] == marks[p] for c in line)}
        if len(winners) > 1:
            raise ValueError(f"{' and '.join(marks[p] for p in sorted(winners))} both have {self.k} in a row: "
                             "the game ends at the first line")
        turn = filled % self.num_players
        winner: int | None = None
        line: tuple[Coord, ...] = ()
        if winners:
            (winner,) = winners
            if winner != (turn - 1) % self.num_players:
                raise ValueError(f"{marks[winner]} has {self.k} in a row, but others marked after it: "
                                 "the game ends at the first line")
            made = [ln for ln in self.lines if all(cells[c.y * self.width + c.x] == marks[winner] for c in ln)]
            if not set.intersection(*(set(ln) for ln in made)):
                raise ValueError(f"{marks[winner]} has {len(made)} lines of {self.k} with no cell in common, so one "
                                 "was made before the last mark: the game ends at the first line")
            line = made[0]
        return TicTacToeState(self.width, self.height, cells, turn, winner, line)

    def to_move(self, state: TicTacToeState) -> int:
        return state.turn

    def legal_moves(self, state: TicTacToeState) -> tuple[Coord, ...]:
        """The empty cells, top row first, left to right (``()`` once the game is over)."""
        if state.winner is not None:
            return ()
        return tuple(self._empty_in_reading_order(state.cells))

    def why_illegal(self, state: TicTacToeState, move: Any) -> str | None:
        if self.is_over(state):
            return "the game is over: " + ("the board is full" if state.winner is None
                                           else f"{MARKS[state.winner]} has {self.k} in a row")
        if not (isinstance(move, tuple) and len(move) == 2 and all(type(v) is int for v in move)):
            return f"a move is the cell to mark, a pair of whole numbers (x, y), not {move!r}"
        cell = Coord(*move)
        if not (0 <= cell.x < self.width and 0 <= cell.y < self.height):
            return f"{cell} is outside the {self.width} x {self.height} board"
        mark = state.at(cell)
        if mark != EMPTY:
            return f"{cell} is taken: {mark} marked it"
        return None

    def next_state(self, state: TicTacToeState, move: Coord) -> TicTacToeState:
        width, turn, before = self.width, state.turn, state.cells
        index = move[1] * width + move[0]
        mark = MARKS[turn]
        cells = before[:index] + mark + before[index + 1:]
        full = mark * self.k  # a line of the mover's marks only
        for start, stop, step, line in self._line_slices[index]:
            if cells[start:stop:step] == full:
                return _state(width, self.height, cells, (turn + 1) % self.num_players, turn, line)
        return _state(width, self.height, cells, (turn + 1) % self.num_players, None, ())

    def is_over(self, state: TicTacToeState) -> bool:
        return state.winner is not None or EMPTY not in state.cells

    def winner(self, state: TicTacToeState) -> int | None:
        """The player who completed a line, or ``None`` (a draw, or not over yet)."""
        return state.winner

    def max_game_length(self) -> int:
        """Every move fills a cell."""
        return self.width * self.height

    def spec(self) -> dict[str, Any]:
        return {"game": self.name, "width": self.width, "height": self.height, "k": self.k,
                "players": self.num_players}

    @classmethod
    def from_spec(cls, spec: dict[str, Any]) -> TicTacToe:
        """Rebuild the rules from :meth:`spec`."""
        return cls(spec.get("width", 3), spec.get("height", 3), spec.get("k", 3), spec.get("players", 2))

    def empty_cells(self, state: TicTacToeState) -> Iterator[Coord]:
        """The empty cells, in the order of :meth:`legal_moves` (also after the game is over)."""
        return self._empty_in_reading_order(state.cells)
