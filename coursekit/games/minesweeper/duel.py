"""Minesweeper for two players (source A, G3.3): reveal in turn, never a mine, and discover more mines.

The board and its mines are the one-player game's (:mod:`coursekit.games.minesweeper.rules`): a
``width`` x ``height`` grid hides ``mines`` mines, placed by chance one mine a chance step.

**The rules as coursekit plays them**

- Players 1 and 2 (numbers 0 and 1) reveal one hidden cell each in turn; a move is a cell.
  There is **no flood fill**: a 0 opens only itself. There are **no flags**: both players see
  the same board and the mines each has discovered, which is what flags would note.
- Whoever reveals a mine **loses at once** (the other player wins).
- A mine is **discovered** by the player whose reveal first made its position certain from
  the revealed numbers: after every reveal, the mines :func:`certainties` finds on the board
  that no player has discovered yet are credited to the mover. The total count of mines is
  not used (a mine no revealed number touches is never discovered).
- When every safe cell is revealed without an explosion, the player who discovered more
  mines wins; equal counts are a draw.
- The first reveal is safe (option ``first_safe``, as in the one-player game): player 1's first
  reveal is made, chance places the mines on the other cells, then the cell opens. With
  ``first_safe=False`` chance places the mines before the first move.
- Any hidden cell may be revealed, a discovered mine too (it loses like any mine).

**Both players see the same thing**: ``observation(state, p)`` is a :class:`Minesweeper2Board`
(the one-player :class:`MinesweeperBoard` without the mines, each player's discovered mines,
whose turn it is), the same for both players.

>>> rules = Minesweeper2.level("beginner")
>>> rules.num_players, rules.game_type.chance, rules.game_type.perfect_information
(2, True, False)

The computer players (:mod:`coursekit.games.minesweeper.players`): ``safest_strategy``,
``lookahead_strategy``, ``duel_random_strategy``; ``match`` measures two of them over seeded
games, each in both seats.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar

from ...core.display import Shown
from ...core.grid import Coord
from ...core.rules import CHANCE, GameType
from .rules import Flag, MinesRules, MinesweeperBoard, certainties, weigh

__all__ = ["Minesweeper2", "Minesweeper2Board", "Minesweeper2State", "RevealOutcome", "duel_board", "reveal_outcomes"]

_NO_ONE: tuple[frozenset[Coord], frozenset[Coord]] = (frozenset(), frozenset())


@dataclass(frozen=True, repr=False)
class Minesweeper2Board(Shown):
    """What both players see: the revealed board (never the mines), each player's discovered mines
    (``found[0]`` player 1's, ``found[1]`` player 2's) and whose reveal is next (``turn``, 0 or 1).

    The turn passes after every reveal, the last one too, so in a game lost by an explosion the
    player who revealed the mine is ``1 - turn`` (:attr:`exploded_by`).

    >>> seen = duel_board(MinesweeperBoard.empty(3, 2, 1))
    >>> seen.counts, seen.turn, seen.exploded_by, seen.discovered
    ((0, 0), 0, None, frozenset())
    """

    board: MinesweeperBoard
    found: tuple[frozenset[Coord], frozenset[Coord]] = _NO_ONE
    turn: int = 0

    @property
    def counts(self) -> tuple[int, int]:
        """How many mines each player has discovered."""
        return len(self.found[0]), len(self.found[1])

    @property
    def discovered(self) -> frozenset[Coord]:
        """Every discovered mine, whoever discovered it."""
        return self.found[0] | self.found[1]

    @property
    def exploded_by(self) -> int | None:
        """The player who revealed a mine (and lost), or ``None``."""
        return None if self.board.exploded is None else 1 - self.turn

    def finder(self, cell: Coord) -> int | None:
        """The player who discovered the mine at ``cell``, or ``None``."""
        return 0 if cell in self.found[0] else 1 if cell in self.found[1] else None

    def __repr__(self) -> str:
        return f"Minesweeper2Board({self.board!r}, discovered {self.counts}, turn {self.turn})"


def duel_board(board: MinesweeperBoard, found: tuple[frozenset[Coord], frozenset[Coord]] = _NO_ONE,
               turn: int = 0) -> Minesweeper2Board:
    """The two-player view of a one-player board (for tests and lessons: ``board_from_text`` boards).

    >>> from coursekit.games.minesweeper import board_from_text
    >>> duel_board(board_from_text("1#\\n##", mines=1), turn=1).turn
    1
    """
    return Minesweeper2Board(board, found, turn)


@dataclass(frozen=True, repr=False)
class Minesweeper2State(Shown):
    """The whole truth: what both players see (``seen``), the mines placed so far, and the first
    reveal waiting for the mines (``pending``, when the first reveal is safe)."""

    seen: Minesweeper2Board
    mines: frozenset[Coord] = frozenset()
    pending: Coord | None = None

    @property
    def board(self) -> MinesweeperBoard:
        """The revealed board (as in the one-player state)."""
        return self.seen.board

    def __repr__(self) -> str:
        return f"Minesweeper2State({self.seen!r}, {len(self.mines)} mines placed, pending={self.pending})"


def _open(board: MinesweeperBoard, mines: frozenset[Coord], cell: Coord) -> MinesweeperBoard:
    """Reveal one cell, no flood fill: a mine explodes, a safe cell shows its count of neighbouring mines."""
    if cell in mines:
        return replace(board, exploded=cell)
    shown = list(board.shown)
    shown[cell.y * board.width + cell.x] = sum(c in mines for c in board.neighbours(cell))
    return replace(board, shown=tuple(shown))


def _credit(seen: Minesweeper2Board, board: MinesweeperBoard, mover: int) -> Minesweeper2Board:
    """The view after ``mover``'s reveal gave ``board``: new certain mines go to the mover; the turn passes."""
    found = seen.found
    if board.exploded is None:
        new = certainties(board)[0] - seen.discovered
        if new:
            found = (found[0] | new, found[1]) if mover == 0 else (found[0], found[1] | new)
    return Minesweeper2Board(board, found, 1 - mover)


@dataclass(frozen=True)
class Minesweeper2(MinesRules):
    """The rules of two-player minesweeper: the board's size, its mines, whether the first reveal is safe.

    >>> Minesweeper2(5, 4, 3).spec()
    {'game': 'minesweeper2', 'width': 5, 'height': 4, 'mines': 3, 'first_safe': True}
    >>> Minesweeper2(2, 2, 4)
    Traceback (most recent call last):
    ...
    ValueError: a 2 x 2 board takes 0 to 3 mines (at least one cell must be safe), got 4
    >>> Minesweeper2.level("beginner")
    Minesweeper2(width=9, height=9, mines=10, first_safe=True)
    """

    num_players: ClassVar[int] = 2
    name: ClassVar[str] = "minesweeper2"
    game_type: ClassVar[GameType] = GameType(players=(2, 2), chance=True, perfect_information=False)

    def initial_state(self, rng: random.Random | None = None) -> Minesweeper2State:
        """Nothing revealed, no mine placed yet, player 1 to reveal."""
        return Minesweeper2State(Minesweeper2Board(MinesweeperBoard.empty(self.width, self.height, self.mines)))

    def max_game_length(self) -> int:
        """Every reveal opens one safe cell or ends the game."""
        return self.width * self.height - self.mines

    def to_move(self, state: Minesweeper2State) -> int:
        return CHANCE if self._placing(state) else state.seen.turn

    def observation(self, state: Minesweeper2State, player: int) -> Minesweeper2Board:
        """The same for both players: the board, the discovered mines, the turn; never the mines."""
        return state.seen

    def winner(self, state: Minesweeper2State) -> int | None:
        """The other player after an explosion; else, once every safe cell is revealed, the player who
        discovered more mines; ``None`` for a draw or an unfinished game."""
        if not self.is_over(state):
            return None
        seen = state.seen
        if seen.exploded_by is not None:
            return 1 - seen.exploded_by
        first, second = seen.counts
        return None if first == second else 0 if first > second else 1

    def legal_moves(self, state: Minesweeper2State | Minesweeper2Board) -> tuple[Coord, ...]:
        """Every hidden cell, in reading order from the bottom row (on the state or on the players' view)."""
        if isinstance(state, Minesweeper2State) and self._placing(state):
            return ()
        board = state.board
        return () if board.is_over else tuple(board.hidden())

    def _why_not_move(self, board: MinesweeperBoard, move: Any) -> str | None:
        if isinstance(move, Flag):
            return "there are no flags in the two-player game: both players see the discovered mines"
        return self._why_not_cell(board, move, "a cell x, y to reveal")

    def next_state(self, state: Minesweeper2State, move: Any) -> Minesweeper2State:
        seen = state.seen
        if self._placing(state):
            mines = state.mines | {Coord(*move)}
            if len(mines) == self.mines and state.pending is not None:
                opened = _open(seen.board, mines, state.pending)
                return Minesweeper2State(_credit(seen, opened, 1 - seen.turn), mines)
            return replace(state, mines=mines)
        cell = Coord(*move)
        if len(state.mines) < self.mines:  # the first reveal, safe: chance places the mines next
            return Minesweeper2State(replace(seen, turn=1 - seen.turn), state.mines, cell)
        return Minesweeper2State(_credit(seen, _open(seen.board, state.mines, cell), seen.turn), state.mines)


# ---------------------------------------------------------------------------------------------
# What a reveal may show: the numbers a cell can show, their chances, and the mines they make certain


@dataclass(frozen=True)
class RevealOutcome:
    """One number ``number`` a safe cell may show, its chance ``chance`` (given the cell is safe), and
    the mines certain on the board once it shows (``mines``)."""

    number: int
    chance: Fraction
    mines: frozenset[Coord] = field(default_factory=frozenset)


def reveal_outcomes(board: MinesweeperBoard, cell: Coord,
                    known: tuple[frozenset[Coord], frozenset[Coord]] | None = None) -> tuple[RevealOutcome, ...]:
    """Every number the hidden ``cell`` can show if it is safe, with its exact chance (every placement of
    the mines that fits being equally likely) and the mines certain once it shows.

    ``known`` is ``certainties(board)`` when the caller has it: only numbers between the certain
    mines around the cell and its hidden neighbours not certainly safe are tried.

    >>> from coursekit.games.minesweeper import board_from_text
    >>> board = board_from_text("##1##", mines=2)     # one mine beside the 1, one at an end
    >>> [(o.number, o.chance, sorted(o.mines)) for o in reveal_outcomes(board, Coord(0, 0))]
    [(0, Fraction(1, 2), [Coord(x=3, y=0)]), (1, Fraction(1, 2), [Coord(x=1, y=0)])]
    """
    index = cell.y * board.width + cell.x
    mines_now, safe_now = certainties(board) if known is None else known
    around = [c for c in board.neighbours(cell) if not board.is_revealed(c)]
    least = sum(c in mines_now for c in around)
    most = sum(c not in safe_now for c in around)
    weighed = []
    for number in range(least, most + 1):
        shown = list(board.shown)
        shown[index] = number
        ways, mines = weigh(replace(board, shown=tuple(shown), flags=frozenset()))
        if ways:
            weighed.append((number, ways, mines))
    total = sum(ways for _, ways, _ in weighed)
    return tuple(RevealOutcome(number, Fraction(ways, total), mines) for number, ways, mines in weighed)
