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
from typing import Any, ClassVar

from ..core.display import Shown
from ..core.engine import random_strategy
from ..core.grid import Coord
from ..core.registry import GameEntry
from ..core.rules import GameRules, GameType, Utility

__all__ = [
    "EMPTY", "MARKS", "SOURCE_HEURISTIC", "SOURCE_LINES", "SOURCE_SQUARES", "SourceBoard", "SourceChoice",
    "TicTacToe", "TicTacToeState", "random_strategy", "source_best_move", "source_board", "source_describe",
    "source_evaluate", "source_numbering", "source_order", "source_strategy", "source_winner", "square_number",
    "square_of",
]

#: The players' marks, in the order they move.
MARKS = "XOAB"
#: An empty cell.
EMPTY = "."

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
        best = min("".join(cells[i] for i in perm) for perm in self.symmetries)
        return TicTacToeState(state.width, state.height, best, state.turn, state.winner)

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
        w = self.width
        return tuple(Coord(x, y) for y in reversed(range(self.height)) for x in range(w)
                     if state.cells[y * w + x] == EMPTY)

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
        index = move[1] * self.width + move[0]
        mark = MARKS[state.turn]
        cells = state.cells[:index] + mark + state.cells[index + 1:]
        winner: int | None = None
        line: tuple[Coord, ...] = ()
        for candidate in self.lines_through[index]:
            if all(cells[i] == mark for i in candidate):
                winner, line = state.turn, tuple(self._coord(i) for i in candidate)
                break
        return TicTacToeState(self.width, self.height, cells, (state.turn + 1) % self.num_players, winner, line)

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
        w = self.width
        return (Coord(x, y) for y in reversed(range(self.height)) for x in range(w) if state.cells[y * w + x] == EMPTY)


# ---------------------------------------------------------------------------------------------
# D's program: Best_Move, its alpha-beta search with its line heuristic, and Describe.
# ---------------------------------------------------------------------------------------------

#: D's board: nine characters ``"X"``, ``"O"`` or ``" "``; square ``n`` (1 to 9, reading order) is at index ``n - 1``.
SourceBoard = list[str]

#: D's square numbers and the course's cells: ``SOURCE_SQUARES[1] == Coord(0, 2)`` (top left).
SOURCE_SQUARES: dict[int, Coord] = {number: square_of(number) for number in range(1, 10)}

#: D's ``Infinity``: the search starts with the window ``(-10, 10)``.
SOURCE_INFINITY = 10
#: D's ``Maximum_Moves``: a game has at most 9 moves.
SOURCE_MAXIMUM_MOVES = 9
#: D's ``Empty``.
SOURCE_EMPTY = " "
#: D's ``Three_in_a_Row``: the eight lines as indices of D's board, in D's order.
SOURCE_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
#: D's ``Heuristic_Array[players][others]``: what a line is worth with that many of the
#: player's marks and of the other's (a line holding both is worth nothing).
SOURCE_HEURISTIC = ((0, -10, -100, -1000), (10, 0, 0, 0), (100, 0, 0, 0), (1000, 0, 0, 0))


def source_numbering() -> str:
    """D's numbering of the squares, as D's program shows it, beside the course's cells.

    >>> print(source_numbering())
     1 | 2 | 3     1 = [0, 2]   2 = [1, 2]   3 = [2, 2]
    ---+---+---
     4 | 5 | 6     4 = [0, 1]   5 = [1, 1]   6 = [2, 1]
    ---+---+---
     7 | 8 | 9     7 = [0, 0]   8 = [1, 0]   9 = [2, 0]
    """
    rows = []
    for first in (1, 4, 7):
        numbers = range(first, first + 3)
        cells = "   ".join(f"{n} = {SOURCE_SQUARES[n]}" for n in numbers)
        rows.append(" " + " | ".join(str(n) for n in numbers) + "     " + cells)
    return "\n---+---+---\n".join(rows)


def source_other(player: str) -> str:
    """D's ``Other``: ``"O"`` for ``"X"`` and ``"X"`` for anything else."""
    return "O" if player == "X" else "X"


def source_winner(board: SourceBoard) -> str:
    """D's ``Winner``: the mark that has a line, ``"C"`` for a full board without one, ``" "`` while the game goes on.

    >>> source_winner(list("XXXOO    ")), source_winner(list("XOXXOOOXX")), source_winner(list(" " * 9))
    ('X', 'C', ' ')
    """
    for line in SOURCE_LINES:
        possible_winner = board[line[0]]
        if possible_winner != SOURCE_EMPTY and possible_winner == board[line[1]] == board[line[2]]:
            return possible_winner
    return SOURCE_EMPTY if SOURCE_EMPTY in board else "C"


def source_evaluate(board: SourceBoard, player: str) -> int:
    """D's ``Evaluate``: the sum over the eight lines of ``SOURCE_HEURISTIC[players][others]``.

    A line with only the player's marks counts +10, +100, +1000 for one, two, three of them;
    a line with only the other's marks counts as much against; a line with both counts 0.

    >>> source_evaluate(list("    X    "), "X"), source_evaluate(list("X        "), "X")
    (40, 30)
    >>> source_evaluate(list("XX  O    "), "O")
    -90
    """
    heuristic = 0
    for line in SOURCE_LINES:
        players = sum(1 for i in line if board[i] == player)
        others = sum(1 for i in line if board[i] == source_other(player))
        heuristic += SOURCE_HEURISTIC[players][others]
    return heuristic


def source_order(board: SourceBoard, player: str) -> list[tuple[int, int]]:
    """D's move ordering: every empty square (an index of D's board) with the value
    :func:`source_evaluate` gives the board after ``player`` marks it, best first.

    D sorts by insertion, moving a square ahead only of squares with a *smaller* value, so
    squares of equal value stay in the order of their numbers.

    >>> source_order(list(" " * 9), "X")
    [(4, 40), (0, 30), (2, 30), (6, 30), (8, 30), (1, 20), (3, 20), (5, 20), (7, 20)]
    """
    ordered: list[tuple[int, int]] = []
    for square in range(len(board)):
        if board[square] == SOURCE_EMPTY:
            board[square] = player
            heuristic = source_evaluate(board, player)
            board[square] = SOURCE_EMPTY
            place = len(ordered)
            while place > 0 and ordered[place - 1][1] < heuristic:
                place -= 1
            ordered.insert(place, (square, heuristic))
    return ordered


def source_describe(score: int) -> str:
    """D's ``Describe``: what the score of the computer's move means, in English.

    The computer is X; a score below 0 means the human (O) can force a win, 0 a draw, and
    ``s > 0`` that X wins on move ``10 - s`` of the game at the latest.

    >>> source_describe(-3)
    'You have a guaranteed win.'
    >>> source_describe(0)
    'I can guarantee you a draw.'
    >>> source_describe(3)
    'A win is guaranteed by move 7.'
    """
    if score < 0:
        return "You have a guaranteed win."
    if score == 0:
        return "I can guarantee you a draw."
    return f"A win is guaranteed by move {SOURCE_MAXIMUM_MOVES - score + 1}."


class _SourceSearch:
    """D's ``Best_Move`` with its global node counter ``Total_Nodes``."""

    def __init__(self) -> None:
        self.nodes = 0

    def best_move(self, board: SourceBoard, player: str, move_nbr: int, alpha: int, beta: int) -> tuple[int, int]:
        """D's ``Best_Move(Board, Player, &Square, Move_Nbr, Alpha, Beta)``: the score and ``Square``.

        Scores are X's: X maximises, O minimises, both inside the window ``(alpha, beta)``,
        which is passed down unchanged. A square is ``-1`` when no move improved the window.
        """
        self.nodes += 1
        best_square = -1
        for square, _ in source_order(board, player):
            board[square] = player
            winner = source_winner(board)
            if winner == "X":
                score = (SOURCE_MAXIMUM_MOVES + 1) - move_nbr
            elif winner == "O":
                score = move_nbr - (SOURCE_MAXIMUM_MOVES + 1)
            elif winner == "C":
                score = 0
            else:
                score, _ = self.best_move(board, source_other(player), move_nbr + 1, alpha, beta)
            board[square] = SOURCE_EMPTY
            if player == "X":
                if score >= beta:
                    return score, square
                if score > alpha:
                    alpha, best_square = score, square
            else:
                if score <= alpha:
                    return score, square
                if score < beta:
                    beta, best_square = score, square
        return (alpha if player == "X" else beta), best_square


@dataclass(frozen=True)
class SourceChoice:
    """The move D's program makes, its score, the nodes it counted and what it says.

    ``score`` is D's: positive when the computer wins (on move ``10 - score`` of the game
    at the latest), negative when the human can force a win, 0 for a draw. ``move_number``
    is D's ``Move_Nbr`` (the move of the game being made, 1 to 9) and ``mark`` the
    computer's mark on the course's board.
    """

    move: Coord
    score: int
    nodes: int
    message: str
    move_number: int
    mark: str = "X"

    @property
    def square(self) -> int:
        """D's number of the chosen square (1 to 9)."""
        return square_number(self.move)

    def __str__(self) -> str:
        """The three lines D prints for the computer's move."""
        return (f"{self.message}\n{self.nodes} nodes examined.\n"
                f"Move #{self.move_number} - {self.mark} moves to {self.square}")


def source_board(rules: TicTacToe, state: TicTacToeState) -> SourceBoard:
    """D's board for ``state``, seen by the player to move: the mover's marks are ``"X"``.

    D's computer always plays X. When O is to move the marks are swapped, which is the board
    D's program holds in a game where the human chose to start (D's human, O, then moves first).

    >>> rules = TicTacToe()
    >>> source_board(rules, rules.position("X../.O./..."))
    ['X', ' ', ' ', ' ', 'O', ' ', ' ', ' ', ' ']
    >>> source_board(rules, rules.position("X../.../..."))
    ['O', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ']
    """
    if (rules.width, rules.height, rules.k, rules.num_players) != (3, 3, 3, 2):
        raise ValueError(f"D's program plays on the 3 x 3 board, three in a row, two players; these rules are "
                         f"{rules.width} x {rules.height}, k = {rules.k}, {rules.num_players} players")
    swap = {MARKS[0]: "O", MARKS[1]: "X"} if state.turn == 1 else {MARKS[0]: "X", MARKS[1]: "O"}
    return [swap.get(state.at(square_of(number)), SOURCE_EMPTY) for number in range(1, 10)]


def source_best_move(rules: TicTacToe, state: TicTacToeState) -> SourceChoice:
    """D's choice for the player to move: ``Best_Move(Board, 'X', &Square, Move_Nbr, -10, 10)``.

    Faithful to D's program:

    * alpha-beta over D's scores, which count the moves: X winning on move ``n`` of the game
      scores ``10 - n``, O winning on move ``n`` scores ``n - 10``, a full board 0; X
      maximises and O minimises, and the window ``(alpha, beta)`` is passed down unchanged,
      starting at ``(-10, 10)``; the search goes to the end of the game (no depth limit);
    * at every node the moves are tried in D's order (:func:`source_order`): the value of
      D's line heuristic after the move, highest first, ties in the order of the squares;
    * among moves of equal score the first one tried is kept (a later move must be strictly
      better to replace it);
    * ``nodes`` is D's ``Total_Nodes``: one count per call of the search, the first call
      included. A move that ends the game is scored where it is made, with no call, so
      finished positions are not counted: D counts the positions where a player still has
      to move, not every position it looks at.

    D's computer is always X. When O is to move, the marks are swapped and D's search plays
    the swapped board as X: this is exactly the board D's program searches in a game where
    the human starts (the human is D's O and moves first, the computer moves second). The
    score and the message are then the computer's, as D prints them. (Swapping the marks
    gives the same move, score and nodes as D's own search called for O on the unswapped
    board, with the score's sign turned: D's X and O branches mirror each other.)

    What the tests found, on every one of the 4,520 positions where someone is to move: D's
    score is the exact value of the position (the first window, ``(-10, 10)``, is wider than
    any score, so the root is never cut), the move D makes reaches it, and D's player never
    loses, as X or as O. D's search has no defect that changes a move. What is odd in it:

    * D passes its one ``Square`` variable down to every level of the search, so each call
      overwrites the caller's; it does no harm because the first call writes its own choice
      last;
    * a call in which no move beats the window leaves ``Best_Square`` at ``-1``; that never
      happens in the first call, for the same reason as above;
    * D's report says the program "computes the value of every move, sorts the moves by value
      and picks the best"; in fact the sort is by the line heuristic, only to order the
      search, and alpha-beta cuts off moves that cannot beat the best one found, so most moves
      never get an exact value.

    Outside the search (not reproduced; the course's engine checks moves): D's ``Move`` reads
    the human's square with no check that it is 1 to 9, so a wrong number reads (and may mark)
    a cell outside the board; on input that is not a number ``scanf`` reads nothing and the
    loop goes on with whatever ``Square`` held (at first an undefined value), one less on
    each turn, so it may mark a square the human never chose. The published ``Print`` line
    is garbled (part of its ``printf`` is lost). In D's game the human who starts plays O, so
    O moves first, unlike the course's rules, where X always starts.

    >>> rules = TicTacToe()
    >>> choice = source_best_move(rules, rules.initial_state())
    >>> choice.square, choice.score, choice.nodes
    (5, 0, 1214)
    >>> print(choice)
    I can guarantee you a draw.
    1214 nodes examined.
    Move #1 - X moves to 5
    >>> print(source_best_move(rules, rules.position("XO./XO./...")))
    A win is guaranteed by move 5.
    10 nodes examined.
    Move #5 - X moves to 7
    """
    board = source_board(rules, state)
    if rules.is_over(state):
        raise ValueError("the game is over: D's program asks for no move")
    search = _SourceSearch()
    move_nbr = state.filled + 1
    score, square = search.best_move(board, "X", move_nbr, -SOURCE_INFINITY, SOURCE_INFINITY)
    return SourceChoice(square_of(square + 1), score, search.nodes, source_describe(score), move_nbr,
                        MARKS[state.turn])


def source_strategy() -> Callable[[TicTacToe, TicTacToeState], Coord]:
    """A player who makes D's choice (:func:`source_best_move`), as X or as O.

    >>> from coursekit.core import Player, play
    >>> rules = TicTacToe()
    >>> record = play(rules, [Player("D", source_strategy()), Player("D again", source_strategy())])
    >>> record.end, [square_number(step.move) for step in record.moves]
    (<End.DRAW: 'draw'>, [5, 1, 3, 7, 4, 6, 8, 2, 9])
    """

    def choose(rules: TicTacToe, state: TicTacToeState) -> Coord:
        return source_best_move(rules, state).move

    return choose


def _samples() -> tuple[TicTacToe, ...]:
    return (TicTacToe(), TicTacToe(4, 3, 3), TicTacToe(4, 4, 3, num_players=3), TicTacToe(5, 4, 4, num_players=4),
            TicTacToe(3, 1, 2))


#: The game as the course offers it (see :mod:`coursekit.games`).
ENTRIES = (GameEntry("tictactoe", "Tic-tac-toe (m, n, k-games)", "A §5 G3.1; D", TicTacToe, TicTacToe.from_spec,
                     _samples, board="coursekit.widgets:TicTacToeBoard", commands=("play", "solve", "count")),)
