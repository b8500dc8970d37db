"""Minesweeper for one player (source A, G3.2): reveal every safe cell without touching a mine.

A ``width`` x ``height`` grid hides ``mines`` mines. A move reveals a cell (a :class:`Coord`,
or any pair of whole numbers ``(x, y)``) or puts a flag on a hidden cell or takes it off
(:class:`Flag`). Revealing a mine loses. Revealing a safe cell shows how many of its eight
neighbours hold a mine; a 0 opens its neighbours, and theirs, and so on (flood fill). The
player wins when every safe cell is revealed.

**Chance places the mines**, one mine a chance step, each step choosing uniformly among the
cells still free, so every set of mines is equally likely and a record (which keeps the
chance steps) replays exactly. A step lists at most ``width * height`` outcomes, never the
C(480, 99) sets of an expert board. The first reveal is safe (option ``first_safe``): the
player's first reveal is made, then chance places the mines on the other cells, then the cell
opens. With ``first_safe=False`` chance places the mines before the first move.

**The player sees the board, never the mines**: ``observation(state, 0)`` is a
:class:`MinesweeperBoard` (the numbers revealed, the flags, how many mines there are), and
strategies receive only that. **Flags** are moves, so a record keeps them, but they count
for nothing: they are the player's notes (a flagged cell cannot be revealed until its flag
is taken off, as in the usual game; a flood fill that opens a wrongly flagged cell removes
the flag). A game allows at most ``width * height`` flags put on (taking one off is always
allowed), so that it always ends.

Option ``coordinates`` is A's variant: a revealed cell tells the *coordinates* of its
neighbouring mines, not only how many there are (``board.told``).

>>> rules = Minesweeper.level("beginner")
>>> rules.game_type.chance, rules.game_type.perfect_information
(True, False)
>>> state = rules.initial_state()
>>> state = rules.apply(state, Coord(4, 4))       # the first reveal: safe
>>> rules.to_move(state) == CHANCE, len(rules.chance_outcomes(state))
(True, 80)

The exact engine: every hidden cell's chance of holding a mine, from what the player sees.

>>> board = board_from_text('''
... ###
... 121
... ''', mines=2)
>>> certainties(board)
(frozenset({Coord(x=0, y=1), Coord(x=2, y=1)}), frozenset({Coord(x=1, y=1)}))
>>> probabilities(board)[Coord(1, 1)]
Fraction(0, 1)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import filterfalse
from math import comb
from typing import Any, ClassVar, Self, TypeVar

from ...core.display import Shown
from ...core.errors import CoursekitError
from ...core.grid import NEXT8, Coord
from ...core.rules import CHANCE, GameRules, GameType, SpecFields, unchecked_builder

__all__ = [
    "HIDDEN", "LEVELS", "Flag", "KnowledgeBase", "MinesRules", "Minesweeper", "MinesweeperBoard", "MinesweeperState",
    "NoPlacementError", "Sentence", "best_cell", "board_from_text", "brute_force_probabilities", "certainties",
    "check_board", "fitting_placements", "level_size", "probabilities", "weigh",
]

T = TypeVar("T", bound=Hashable)

#: What ``board.shown`` holds for a cell that is not revealed.
HIDDEN = -1
#: The standard boards: name -> (width, height, mines).
LEVELS: dict[str, tuple[int, int, int]] = {
    "beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99),
}


class NoPlacementError(CoursekitError, ValueError):
    """No placement of the mines fits the numbers shown (a board that cannot happen)."""


@dataclass(frozen=True)
class Flag:
    """A move that puts a flag on a hidden cell, or takes it off when it is there.

    >>> str(Flag(Coord(2, 3)))
    'flag [2, 3]'
    """

    cell: Coord

    def __str__(self) -> str:
        return f"flag {Coord(*self.cell)}"


def _around(cell: Coord, width: int, height: int) -> Iterator[Coord]:
    """The neighbours of ``cell`` on a ``width`` x ``height`` board, in the article's NEXT8 order."""
    for dx, dy in NEXT8:
        x, y = cell[0] + dx, cell[1] + dy
        if 0 <= x < width and 0 <= y < height:
            yield Coord(x, y)


@functools.lru_cache(maxsize=64)
def _board_cells(width: int, height: int) -> tuple[Coord, ...]:
    """Every cell of a ``width`` x ``height`` board, row by row from the bottom: cell ``i`` is at index ``i``.

    >>> _board_cells(2, 2)
    (Coord(x=0, y=0), Coord(x=1, y=0), Coord(x=0, y=1), Coord(x=1, y=1))
    """
    return tuple(Coord(x, y) for y in range(height) for x in range(width))


@functools.lru_cache(maxsize=64)
def _neighbour_table(width: int, height: int) -> tuple[tuple[Coord, ...], ...]:
    """For every cell index of a ``width`` x ``height`` board, the cell's neighbours in NEXT8 order (:func:`_around`).

    >>> _neighbour_table(3, 2)[0] == tuple(_around(Coord(0, 0), 3, 2))
    True
    """
    return tuple(tuple(_around(cell, width, height)) for cell in _board_cells(width, height))


@functools.lru_cache(maxsize=64)
def _neighbour_pairs(width: int, height: int) -> tuple[tuple[tuple[Coord, int], ...], ...]:
    """For every cell index of a ``width`` x ``height`` board, each neighbour with its index, in NEXT8 order.

    >>> _neighbour_pairs(3, 2)[0]
    ((Coord(x=1, y=0), 1), (Coord(x=0, y=1), 3), (Coord(x=1, y=1), 4))
    >>> tuple(c for c, _ in _neighbour_pairs(3, 2)[0]) == _neighbour_table(3, 2)[0]
    True
    """
    return tuple(tuple((c, c.y * width + c.x) for c in around) for around in _neighbour_table(width, height))


@dataclass(frozen=True, repr=False)
class MinesweeperBoard(Shown):
    """The board as the player sees it: the observation strategies receive.

    - ``shown``: one number per cell in reading order from the bottom row (index ``y * width + x``):
      :data:`HIDDEN` for a cell not revealed, else its count of neighbouring mines (0 to 8);
    - ``mines``: how many mines the board hides; ``flags``: the player's flags;
    - ``exploded``: the mine the player revealed (the game is lost), or ``None``;
    - ``told``: in the coordinates variant, the mines revealed cells have named;
    - ``flags_put``: how many flags have been put on so far.

    >>> board = MinesweeperBoard.empty(3, 2, 1)
    >>> board.number(Coord(0, 0)) is None, board.mines_left, len(board.hidden())
    (True, 1, 6)
    """

    width: int
    height: int
    mines: int
    shown: tuple[int, ...]
    flags: frozenset[Coord] = frozenset()
    exploded: Coord | None = None
    told: frozenset[Coord] = frozenset()
    flags_put: int = 0

    @classmethod
    def empty(cls, width: int, height: int, mines: int) -> MinesweeperBoard:
        """A board with nothing revealed."""
        return cls(width, height, mines, (HIDDEN,) * (width * height))

    def __contains__(self, cell: object) -> bool:
        return (isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell)
                and 0 <= cell[0] < self.width and 0 <= cell[1] < self.height)

    def cells(self) -> Iterator[Coord]:
        """Every cell, row by row from the bottom."""
        return iter(_board_cells(self.width, self.height))

    def number(self, cell: Coord) -> int | None:
        """The number a revealed cell shows, ``None`` for a hidden cell."""
        value = self.shown[cell[1] * self.width + cell[0]]
        return None if value == HIDDEN else value

    def is_revealed(self, cell: Coord) -> bool:
        return self.shown[cell[1] * self.width + cell[0]] != HIDDEN

    def neighbours(self, cell: Coord) -> list[Coord]:
        """The cells around ``cell`` (3 to 8 of them)."""
        x, y = cell[0], cell[1]
        if 0 <= x < self.width and 0 <= y < self.height:
            return list(_neighbour_table(self.width, self.height)[y * self.width + x])
        return list(_around(cell, self.width, self.height))

    def hidden(self) -> list[Coord]:
        """Every cell not revealed (flagged or not), row by row from the bottom."""
        return [c for c, value in zip(_board_cells(self.width, self.height), self.shown, strict=True)
                if value == HIDDEN]

    @property
    def revealed(self) -> int:
        """How many cells are revealed."""
        return sum(value != HIDDEN for value in self.shown)

    @property
    def mines_left(self) -> int:
        """The mines minus the flags: what the usual counter shows (it can go below 0)."""
        return self.mines - len(self.flags)

    @property
    def is_won(self) -> bool:
        """Every safe cell is revealed and no mine went off."""
        return self.exploded is None and self.revealed == self.width * self.height - self.mines

    @property
    def is_over(self) -> bool:
        return self.exploded is not None or self.is_won

    def __repr__(self) -> str:
        return f"MinesweeperBoard({self.width} x {self.height}, {self.mines} mines, {self.revealed} revealed)"


@dataclass(frozen=True, repr=False)
class MinesweeperState(Shown):
    """The whole truth: the board the player sees, the mines placed so far, and the first reveal
    waiting for the mines (``pending``, when the first reveal is safe)."""

    board: MinesweeperBoard
    mines: frozenset[Coord] = frozenset()
    pending: Coord | None = None

    def __repr__(self) -> str:
        return f"MinesweeperState({self.board!r}, {len(self.mines)} mines placed, pending={self.pending})"


def _board_of(state: MinesweeperState | MinesweeperBoard) -> MinesweeperBoard:
    return state.board if isinstance(state, MinesweeperState) else state


def check_board(width: int, height: int, mines: int, max_side: int) -> None:
    """Refuse a board size or a mine count that no game can have (both minesweeper games use it).

    >>> check_board(3, 3, 9, 200)
    Traceback (most recent call last):
    ...
    ValueError: a 3 x 3 board takes 0 to 8 mines (at least one cell must be safe), got 9
    """
    for side, value in (("width", width), ("height", height)):
        if type(value) is not int or not 1 <= value <= max_side:
            raise ValueError(f"the {side} is a whole number from 1 to {max_side}, got {value!r}")
    cells = width * height
    if type(mines) is not int or not 0 <= mines < cells:
        raise ValueError(f"a {width} x {height} board takes 0 to {cells - 1} mines "
                         f"(at least one cell must be safe), got {mines!r}")


def level_size(name: str) -> tuple[int, int, int]:
    """Width, height and mines of a standard level.

    >>> level_size("intermediate")
    (16, 16, 40)
    """
    if name not in LEVELS:
        raise ValueError(f"the levels are {', '.join(LEVELS)}, not {name!r}")
    return LEVELS[name]


@dataclass(frozen=True)
class MinesRules(SpecFields, GameRules):
    """What both minesweeper games share: the board's size and mines, whether the first reveal is
    safe, and chance placing the mines one a step (a state has ``board``, ``mines`` and ``pending``).

    >>> MinesRules(3, 3, 9)
    Traceback (most recent call last):
    ...
    ValueError: a 3 x 3 board takes 0 to 8 mines (at least one cell must be safe), got 9
    """

    width: int = 9
    height: int = 9
    mines: int = 10
    first_safe: bool = True
    name: ClassVar[str] = "minesweeper"
    #: The largest side of a board.
    MAX_SIDE: ClassVar[int] = 200

    def __post_init__(self) -> None:
        check_board(self.width, self.height, self.mines, self.MAX_SIDE)

    @classmethod
    def level(cls, name: str, **options: Any) -> Self:
        """A standard board: ``beginner`` (9 x 9, 10 mines), ``intermediate`` (16 x 16, 40), ``expert`` (30 x 16, 99),
        with the game's options (``first_safe=False``, ...).

        >>> Minesweeper.level("expert")
        Minesweeper(width=30, height=16, mines=99, first_safe=True, coordinates=False)
        """
        return cls(*level_size(name), **options)

    def _placing(self, state: Any) -> bool:
        """Whether chance is still placing mines."""
        if len(state.mines) == self.mines:
            return False
        return state.pending is not None or not self.first_safe

    def chance_outcomes(self, state: Any) -> tuple[tuple[Any, float], ...]:
        """The next mine's cell: any cell still free (not a mine, not the first reveal), all equally likely."""
        if not self._placing(state):
            return ()
        free = [c for c in state.board.cells() if c not in state.mines and c != state.pending]
        return tuple((c, 1 / len(free)) for c in free)

    def is_over(self, state: Any) -> bool:
        return not self._placing(state) and state.board.is_over

    def why_illegal(self, state: Any, move: Any) -> str | None:
        return self._not_now(state) or self._why_not_move(state.board, move)

    def _not_now(self, state: Any) -> str | None:
        """Why no player may move now (chance is placing the mines, or the game is over), or ``None``."""
        if self._placing(state):
            return "it is chance's turn: the mines are being placed"
        board = state.board
        if board.exploded is not None:
            return f"the game is over: a mine went off at {board.exploded}"
        if board.is_won:
            return "the game is over: every safe cell is revealed"
        return None

    def _why_not_move(self, board: MinesweeperBoard, move: Any) -> str | None:
        """Why ``move`` is refused on ``board`` while the game goes on (each game's own moves), or ``None``."""
        raise NotImplementedError

    def _why_not_cell(self, board: MinesweeperBoard, move: Any, moves: str) -> str | None:
        """Why ``move`` is not a hidden cell of ``board`` to reveal (``moves``: what a move is), or ``None``."""
        if not (isinstance(move, tuple) and len(move) == 2 and all(type(v) is int for v in move)):
            return f"a move is {moves}, not {move!r}"
        if move not in board:
            return f"{Coord(*move)} is outside the {self.width} x {self.height} board"
        if board.is_revealed(Coord(*move)):
            return f"{Coord(*move)} is already revealed"
        return None


@dataclass(frozen=True)
class Minesweeper(MinesRules):
    """The rules: the board's size, its mines, whether the first reveal is safe, and A's coordinates variant.

    >>> Minesweeper(5, 4, 3).spec()
    {'game': 'minesweeper', 'width': 5, 'height': 4, 'mines': 3, 'first_safe': True, 'coordinates': False}
    >>> Minesweeper(3, 3, 9)
    Traceback (most recent call last):
    ...
    ValueError: a 3 x 3 board takes 0 to 8 mines (at least one cell must be safe), got 9
    """

    coordinates: bool = False
    num_players: ClassVar[int] = 1
    name: ClassVar[str] = "minesweeper"
    game_type: ClassVar[GameType] = GameType(players=(1, 1), chance=True, perfect_information=False)

    def initial_state(self, rng: random.Random | None = None) -> MinesweeperState:
        """Nothing revealed and no mine placed yet (chance places them: see the module's notes)."""
        return MinesweeperState(MinesweeperBoard.empty(self.width, self.height, self.mines))

    def max_game_length(self) -> int:
        """Each reveal opens at least one safe cell; at most ``width * height`` flags are put on, and each
        taken off at most once."""
        return 3 * self.width * self.height - self.mines

    def to_move(self, state: MinesweeperState) -> int:
        return CHANCE if self._placing(state) else 0

    def observation(self, state: MinesweeperState, player: int) -> MinesweeperBoard:
        """The board: numbers, flags, the mine count; never where the mines are."""
        return state.board

    def winner(self, state: MinesweeperState) -> int | None:
        """0 when every safe cell is revealed, ``None`` otherwise (a lost or unfinished game)."""
        return 0 if self.is_over(state) and state.board.is_won else None

    def legal_moves(self, state: MinesweeperState | MinesweeperBoard) -> tuple[Coord | Flag, ...]:
        """Every hidden cell without a flag to reveal, then every hidden cell to flag or unflag.

        Works on the state and on the player's board (strategies see only the board).
        """
        if isinstance(state, MinesweeperState) and self._placing(state):
            return ()
        board = _board_of(state)
        if board.is_over:
            return ()
        hidden = board.hidden()
        reveals: list[Coord | Flag] = [c for c in hidden if c not in board.flags]
        more = board.flags_put < self.width * self.height
        reveals.extend(Flag(c) for c in hidden if more or c in board.flags)
        return tuple(reveals)

    def _why_not_move(self, board: MinesweeperBoard, move: Any) -> str | None:
        if isinstance(move, Flag):
            if move.cell not in board:
                return f"a flag goes on a cell of the {self.width} x {self.height} board, not {move.cell!r}"
            if board.is_revealed(move.cell):
                return f"{Coord(*move.cell)} is revealed: only a hidden cell takes a flag"
            if move.cell not in board.flags and board.flags_put >= self.width * self.height:
                return f"no more flags: a game allows {self.width * self.height} (taking one off is allowed)"
            return None
        reason = self._why_not_cell(board, move, "a cell x, y to reveal or Flag(cell)")
        if reason is None and move in board.flags:
            return f"{Coord(*move)} has a flag: take it off first (flag it again)"
        return reason

    def next_state(self, state: MinesweeperState, move: Any) -> MinesweeperState:
        if self._placing(state):
            mines = state.mines | {Coord(*move)}
            if len(mines) == self.mines and state.pending is not None:
                return MinesweeperState(self._reveal(state.board, mines, state.pending), mines)
            return replace(state, mines=mines)
        board = state.board
        if isinstance(move, Flag):
            cell = Coord(*move.cell)
            if cell in board.flags:
                return replace(state, board=replace(board, flags=board.flags - {cell}))
            return replace(state, board=replace(board, flags=board.flags | {cell}, flags_put=board.flags_put + 1))
        cell = Coord(*move)
        if len(state.mines) < self.mines:  # the first reveal, safe: chance places the mines next
            return replace(state, pending=cell)
        return replace(state, board=self._reveal(board, state.mines, cell))

    def _reveal(self, board: MinesweeperBoard, mines: frozenset[Coord], cell: Coord) -> MinesweeperBoard:
        """Reveal ``cell``: a mine explodes; a safe cell shows its number, and a 0 opens its neighbours."""
        if cell in mines:
            return replace(board, exploded=cell)
        shown = list(board.shown)
        told = set(board.told)
        opened: set[Coord] = set()
        waiting = [cell]
        while waiting:
            here = waiting.pop()
            index = here.y * self.width + here.x
            if shown[index] != HIDDEN:
                continue
            around = board.neighbours(here)  # _around's cells in its order, from the board size's table
            near = [c for c in around if c in mines]
            shown[index] = len(near)
            opened.add(here)
            if self.coordinates:
                told.update(near)
            if not near:
                waiting.extend(c for c in around if shown[c.y * self.width + c.x] == HIDDEN)
        return replace(board, shown=tuple(shown), flags=board.flags - opened, told=frozenset(told))


# ---------------------------------------------------------------------------------------------
# Reading a board from text (the terminal's solve command, tests, lessons)


def board_from_text(text: str, mines: int = 0) -> MinesweeperBoard:
    """A board drawn as text, top row first, one character a cell: ``#`` hidden, ``F`` flagged, ``0``-``8`` revealed.

    Spaces and blank lines are ignored; a ``ValueError`` says what is wrong.

    >>> board = board_from_text("#F\\n12", mines=1)
    >>> board.number(Coord(0, 0)), board.flags
    (1, frozenset({Coord(x=1, y=1)}))
    """
    rows = [line.replace(" ", "").replace("\t", "") for line in text.splitlines()]
    rows = [row for row in rows if row]
    if not rows:
        raise ValueError("the board is empty: give one line per row, top row first")
    width = len(rows[0])
    for number, row in enumerate(rows, start=1):
        if len(row) != width:
            raise ValueError(f"row {number} (from the top) has {len(row)} cells, the first row has {width}")
        bad = [ch for ch in row if ch not in "#F012345678"]
        if bad:
            raise ValueError(f"row {number} (from the top) has {bad[0]!r}: a cell is # (hidden), F (flagged) "
                             "or a number 0 to 8")
    height = len(rows)
    shown = [HIDDEN] * (width * height)
    flags = set()
    for top, row in enumerate(rows):
        y = height - 1 - top
        for x, ch in enumerate(row):
            if ch.isdigit():
                shown[y * width + x] = int(ch)
            elif ch == "F":
                flags.add(Coord(x, y))
    return MinesweeperBoard(width, height, mines, tuple(shown), frozenset(flags))


# ---------------------------------------------------------------------------------------------
# The knowledge base: sentences "these cells hold k mines" (the AI courses' minesweeper)


@dataclass(frozen=True)
class Sentence:
    """A fact: exactly ``count`` of ``cells`` are mines.

    >>> Sentence(frozenset({Coord(0, 0), Coord(1, 0)}), 1).is_safe, Sentence(frozenset({Coord(0, 0)}), 1).is_mines
    (False, True)
    """

    cells: frozenset[Coord]
    count: int

    @property
    def is_safe(self) -> bool:
        """No mine among the cells: every one is safe."""
        return self.count == 0

    @property
    def is_mines(self) -> bool:
        """As many mines as cells: every one is a mine."""
        return self.count == len(self.cells)


#: :class:`Sentence` made without its ``__init__`` (the knowledge base makes thousands a board).
_sentence = unchecked_builder(Sentence)


@dataclass
class KnowledgeBase:
    """What the numbers say, as sentences, and the safe cells and mines that follow.

    :meth:`learn` repeats three rules until nothing new follows: a sentence with 0 mines makes
    its cells safe; a sentence with as many mines as cells makes them mines; and the *subset
    rule*: when the cells of one sentence are part of another's, the other cells hold the
    difference of the counts. It uses no total count of mines, and it does not find every
    certainty (the exact engine, :func:`certainties`, does).

    Here the 1 at the left sees two hidden cells, the 1 beside it the same two and two more: by
    the subset rule those two more hold 1 - 1 = 0 mines.

    >>> board = board_from_text('''
    ... ###
    ... 11#
    ... ''')
    >>> kb = KnowledgeBase.of(board)
    >>> sorted(c for c in kb.safe if not board.is_revealed(c)), sorted(kb.mines)
    ([Coord(x=2, y=0), Coord(x=2, y=1)], [])
    """

    sentences: list[Sentence] = field(default_factory=list)
    safe: set[Coord] = field(default_factory=set)
    mines: set[Coord] = field(default_factory=set)

    @classmethod
    def of(cls, board: MinesweeperBoard) -> KnowledgeBase:
        """A sentence for each revealed number with hidden neighbours (and each mine a cell has told of);
        revealed cells are known safe. Then :meth:`learn`."""
        kb = cls()
        shown = board.shown
        around = _neighbour_pairs(board.width, board.height)
        for index, cell in enumerate(_board_cells(board.width, board.height)):
            number = shown[index]
            if number == HIDDEN:
                continue
            kb.safe.add(cell)
            hidden = frozenset([c for c, at in around[index] if shown[at] == HIDDEN])
            if number > len(hidden):
                raise NoPlacementError(f"{cell} shows {number} but has only {len(hidden)} hidden neighbours")
            if hidden:
                kb.sentences.append(_sentence(hidden, number))
        kb.sentences.extend(Sentence(frozenset({c}), 1) for c in board.told)
        kb.learn()
        return kb

    def learn(self) -> None:
        """Apply the rules until nothing new follows; a contradiction raises :class:`NoPlacementError`."""
        changed = True
        while changed:
            changed = False
            self._simplify()
            for sentence in self.sentences:
                cells, count = sentence.cells, sentence.count
                if count == 0:  # safe cells
                    if not cells <= self.safe:
                        self.safe |= cells
                        changed = True
                elif count == len(cells) and not cells <= self.mines:  # mines
                    self.mines |= cells
                    changed = True
            if changed:
                continue
            known = set(self.sentences)
            for small, big in self._subset_pairs():
                inferred = _sentence(big.cells - small.cells, big.count - small.count)
                if inferred not in known:
                    known.add(inferred)
                    changed = True
            self.sentences = list(known)
        if self.safe & self.mines:
            raise NoPlacementError(f"{min(self.safe & self.mines)} would have to be both safe and a mine")

    def _subset_pairs(self) -> Iterator[tuple[Sentence, Sentence]]:
        """Every pair of sentences ``(small, big)`` whose cells are a strict part of the other's, in the order
        of a loop over ``small`` then ``big`` through the sentences. A ``big`` holds every cell of its
        ``small``, so only the sentences holding one cell of ``small`` are tried.

        >>> one, two = frozenset({Coord(0, 0)}), frozenset({Coord(0, 0), Coord(1, 0)})
        >>> kb = KnowledgeBase([Sentence(two, 1), Sentence(one, 1)])
        >>> [(len(small.cells), len(big.cells)) for small, big in kb._subset_pairs()]
        [(1, 2)]
        """
        holding: dict[Coord, list[Sentence]] = {}
        for sentence in self.sentences:
            for cell in sentence.cells:
                holding.setdefault(cell, []).append(sentence)
        for small in self.sentences:
            cells = small.cells
            for big in holding[next(iter(cells))]:
                if cells < big.cells:
                    yield small, big

    def _simplify(self) -> None:
        """Take known cells out of every sentence; drop empty and repeated sentences."""
        kept: dict[tuple[frozenset[Coord], int], Sentence] = {}  # each under its fields: a sentence's hash and ==
        safe, mines = self.safe, self.mines
        for sentence in self.sentences:
            cells, count = sentence.cells, sentence.count
            # Most sentences, most rounds, hold no known cell: they are kept as they are.
            unchanged = type(cells) is frozenset and cells.isdisjoint(safe) and cells.isdisjoint(mines)
            if not unchanged:
                count -= len(cells & mines)
                cells = frozenset(cells - safe - mines)
            if not 0 <= count <= len(cells):
                raise NoPlacementError(f"the cells {sorted(sentence.cells)} cannot hold {sentence.count} mines")
            if cells and (cells, count) not in kept:
                kept[cells, count] = sentence if unchanged else _sentence(cells, count)
        self.sentences = list(kept.values())


# ---------------------------------------------------------------------------------------------
# The exact probability engine


@dataclass(frozen=True)
class _Group:
    """An independent group of frontier cells and, for each number ``k`` of mines in it, how many
    placements fit (``ways[k]``) and in how many of them each cell is a mine (``hits[k][i]``)."""

    cells: tuple[Coord, ...]
    ways: dict[int, int]
    hits: dict[int, list[int]]


def _groups(sentences: list[Sentence]) -> list[list[Sentence]]:
    """Split sentences into groups that share no cell (union-find over cells)."""
    parent: dict[Coord, Coord] = {}

    def root(c: Coord) -> Coord:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for sentence in sentences:
        first, *rest = sentence.cells
        parent.setdefault(first, first)
        for c in rest:
            parent.setdefault(c, c)
            a, b = root(first), root(c)
            if a != b:
                parent[b] = a
    found: dict[Coord, list[Sentence]] = {}
    for sentence in sentences:
        found.setdefault(root(next(iter(sentence.cells))), []).append(sentence)
    return list(found.values())


def fitting_placements(cells: Sequence[T], sentences: Iterable[tuple[Collection[T], int]],
                       fixed: Mapping[T, bool] | None = None) -> Iterator[tuple[int, ...]]:
    """Every placement of mines on ``cells`` that fits the ``sentences``, by backtracking: the indices
    (in ``cells``) of its mines.

    A sentence ``(some, count)`` says that exactly ``count`` of ``some`` (cells among ``cells``)
    are mines. The cells are decided in the order given, each safe before it is a mine, and a
    branch stops as soon as a sentence can no longer fit; ``fixed`` forces some cells to be a
    mine (``True``) or safe. The exact engine counts with it, and the checks of the assignment
    find with it a placement that shows a cell is not certain.

    >>> list(fitting_placements("abc", [("ab", 1), ("bc", 1)]))
    [(1,), (0, 2)]
    >>> list(fitting_placements("abc", [("ab", 1), ("bc", 1)], fixed={"a": True}))
    [(0, 2)]
    """
    n = len(cells)
    where = {cell: i for i, cell in enumerate(cells)}
    links: list[list[int]] = [[] for _ in range(n)]   # the sentences each cell is in
    need: list[int] = []                              # mines each sentence still needs
    free: list[int] = []                              # its cells not yet decided
    for j, (some, count) in enumerate(sentences):
        for cell in some:
            links[where[cell]].append(j)
        need.append(count)
        free.append(len(some))
    fixed = fixed or {}
    options = [((1,) if fixed[cell] else (0,)) if cell in fixed else (0, 1) for cell in cells]
    tried = [0] * n      # how many of its options each cell has tried
    placed = [0] * n     # what each decided cell is (1: a mine)
    chosen: list[int] = []
    i = 0
    while True:
        if i < n and tried[i] < len(options[i]):
            mine = options[i][tried[i]]
            tried[i] += 1
            fits = True
            for j in links[i]:
                need[j] -= mine
                free[j] -= 1
                if need[j] < 0 or need[j] > free[j]:
                    fits = False
            if fits:
                placed[i] = mine
                if mine:
                    chosen.append(i)
                i += 1
            else:
                for j in links[i]:
                    need[j] += mine
                    free[j] += 1
            continue
        if i == n:
            yield tuple(chosen)
        else:
            tried[i] = 0
        i -= 1
        if i < 0:
            return
        mine = placed[i]   # take back the decision of cell i, to try its next option
        if mine:
            chosen.pop()
        for j in links[i]:
            need[j] += mine
            free[j] += 1


def _enumerate(sentences: list[Sentence]) -> _Group:
    """Every placement of mines on the group's cells that fits its sentences (:func:`fitting_placements`).

    A group is often met again unchanged (the boards a reveal may show differ in one number, and a
    group far from it is the same), so the last few thousand groups are kept, each under its
    sentences in their order; a kept group is only read, never changed.
    """
    return _enumerated(tuple(sentences))


@functools.lru_cache(maxsize=4096)
def _enumerated(sentences: tuple[Sentence, ...]) -> _Group:
    """:func:`_enumerate` worked out."""
    order: list[Coord] = []
    seen: set[Coord] = set()
    touching: dict[Coord, list[int]] = {}
    for j, sentence in enumerate(sentences):
        for c in sentence.cells:
            touching.setdefault(c, []).append(j)
    # Cells in the order a walk through the sentences meets them, so sentences close early.
    waiting = [min(touching)]
    while waiting or len(order) < len(touching):
        if not waiting:
            waiting = [min(c for c in touching if c not in seen)]
        c = waiting.pop(0)
        if c in seen:
            continue
        seen.add(c)
        order.append(c)
        for j in touching[c]:
            waiting.extend(sorted(d for d in sentences[j].cells if d not in seen))
    n = len(order)
    ways: dict[int, int] = {}
    hits: dict[int, list[int]] = {}
    for chosen in fitting_placements(order, [(s.cells, s.count) for s in sentences]):
        k = len(chosen)
        ways[k] = ways.get(k, 0) + 1
        tally = hits.setdefault(k, [0] * n)
        for m in chosen:
            tally[m] += 1
    return _Group(tuple(order), ways, hits)


def _hits(group: _Group) -> Iterator[int]:
    """For each cell of the group, in its order, in how many of its placements (of any count of mines) it is a mine.

    >>> list(_hits(_Group((Coord(0, 0), Coord(1, 0)), {1: 2, 2: 1}, {1: [1, 1], 2: [1, 1]})))
    [2, 2]
    """
    return map(sum, zip(*group.hits.values(), strict=True))


def _convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for i, x in a.items():
        for j, y in b.items():
            out[i + j] = out.get(i + j, 0) + x * y
    return out


@dataclass(frozen=True)
class _Analysis:
    board: MinesweeperBoard
    known: KnowledgeBase
    groups: tuple[_Group, ...]
    others: tuple[Coord, ...]   # hidden cells that touch no number


@functools.lru_cache(maxsize=1024)
def _analyse(board: MinesweeperBoard) -> _Analysis:
    """What the numbers of ``board`` say: the knowledge base, the frontier's groups, the cells touching no number.

    The same board is often weighed again (a reveal's outcomes, then the board each outcome shows, in
    the lookahead and the checks), so the last boards' analyses are kept, each under its board (a frozen
    value); an analysis is only read, never changed.
    """
    known = KnowledgeBase.of(board)
    groups = tuple(_enumerate(g) for g in _groups(known.sentences))
    for group in groups:
        if not group.ways:
            raise NoPlacementError("no placement of mines fits the numbers")
    touched = known.safe | known.mines | {c for g in groups for c in g.cells}
    others = tuple(filterfalse(touched.__contains__, board.hidden()))
    return _Analysis(board, known, groups, others)


def certainties(board: MinesweeperBoard) -> tuple[frozenset[Coord], frozenset[Coord]]:
    """The hidden cells that are mines, and those that are safe, in every placement that fits the numbers.

    The total count of mines is not used: cells touching no number may hold any number of
    mines. Raises :class:`NoPlacementError` when no placement fits.

    >>> mines, safe = certainties(board_from_text("1#\\n##"))
    >>> mines, safe
    (frozenset(), frozenset())
    >>> certainties(board_from_text("1##\\n111"))
    (frozenset({Coord(x=1, y=1)}), frozenset({Coord(x=2, y=1)}))
    """
    found = _analyse(board)
    mines = set(found.known.mines)
    safe = found.known.safe - {c for c in board.cells() if board.is_revealed(c)}
    for group in found.groups:
        total = sum(group.ways.values())
        for cell, hit in zip(group.cells, _hits(group), strict=True):
            if hit == total:
                mines.add(cell)
            elif hit == 0:
                safe.add(cell)
    return frozenset(mines), frozenset(safe)


def probabilities(board: MinesweeperBoard, mines: int | None = None) -> dict[Coord, Fraction]:
    """Every hidden cell's exact chance of holding a mine, given the numbers and ``mines`` in all
    (``board.mines`` when not given); flags are the player's notes and are not believed.

    Placements of the mines are all equally likely. The frontier (hidden cells next to a
    number) splits into groups that share no number; each group's fitting placements are
    counted by backtracking, for each count of mines in it; a placement of the whole board with
    ``K`` mines on the frontier then stands for ``comb(O, mines - K)`` placements, ``O`` being
    the hidden cells that touch no number. Raises :class:`NoPlacementError` when nothing fits.

    >>> chances = probabilities(board_from_text("1##\\n###"), mines=2)
    >>> chances[Coord(0, 0)], chances[Coord(2, 1)]
    (Fraction(1, 3), Fraction(1, 2))
    """
    total_mines = board.mines if mines is None else mines
    found = _analyse(board)
    groups = found.groups
    left = total_mines - len(found.known.mines)
    o = len(found.others)

    def rest(k: int) -> int:
        return comb(o, left - k) if 0 <= left - k <= o else 0

    everything: dict[int, int] = {0: 1}
    for group in groups:
        everything = _convolve(everything, group.ways)
    total = sum(w * rest(k) for k, w in everything.items())
    if total == 0:
        raise NoPlacementError(f"no placement of {total_mines} mines fits the numbers")
    chances: dict[Coord, Fraction] = {}
    for c in found.known.mines:
        chances[c] = Fraction(1)
    for c in found.known.safe:
        if not board.is_revealed(c):
            chances[c] = Fraction(0)
    for g, group in enumerate(groups):
        others_ways: dict[int, int] = {0: 1}
        for h, other in enumerate(groups):
            if h != g:
                others_ways = _convolve(others_ways, other.ways)
        weight = {k: sum(w * rest(k + j) for j, w in others_ways.items()) for k in group.ways}
        for i, cell in enumerate(group.cells):
            chances[cell] = Fraction(sum(group.hits[k][i] * weight[k] for k in group.ways), total)
    if o:
        mine_ways = sum(w * (comb(o - 1, left - k - 1) if 0 <= left - k - 1 <= o - 1 else 0)
                        for k, w in everything.items())
        for c in found.others:
            chances[c] = Fraction(mine_ways, total)
    return chances



def weigh(board: MinesweeperBoard) -> tuple[int, frozenset[Coord]]:
    """How many placements of ``board.mines`` mines fit the numbers (0 when none), and the mines
    certain from the numbers alone (as :func:`certainties`).

    >>> weigh(board_from_text("1#\\n##", mines=1))
    (3, frozenset())
    """
    try:
        found = _analyse(board)
    except NoPlacementError:
        return 0, frozenset()
    left, o = board.mines - len(found.known.mines), len(found.others)
    everything: dict[int, int] = {0: 1}
    for group in found.groups:
        everything = _convolve(everything, group.ways)
    ways = sum(w * comb(o, left - k) for k, w in everything.items() if 0 <= left - k <= o)
    mines = set(found.known.mines)
    for group in found.groups:
        total = sum(group.ways.values())
        mines.update(c for c, hit in zip(group.cells, _hits(group), strict=True) if hit == total)
    return ways, frozenset(mines)


def brute_force_probabilities(board: MinesweeperBoard, mines: int | None = None) -> dict[Coord, Fraction]:
    """The same chances by listing every placement of the mines on the hidden cells (small boards only).

    >>> board = board_from_text("1##\\n###")
    >>> brute_force_probabilities(board, mines=2) == probabilities(board, mines=2)
    True
    """
    from itertools import combinations

    total_mines = board.mines if mines is None else mines
    hidden = board.hidden()
    numbers = [(c, n) for c in board.cells() if (n := board.number(c)) is not None]
    counts = dict.fromkeys(hidden, 0)
    fits = 0
    for placed in combinations(hidden, total_mines):
        chosen = set(placed)
        if not board.told <= chosen:
            continue
        if all(sum(d in chosen for d in board.neighbours(c)) == n for c, n in numbers):
            fits += 1
            for c in placed:
                counts[c] += 1
    if not fits:
        raise NoPlacementError(f"no placement of {total_mines} mines fits the numbers")
    return {c: Fraction(k, fits) for c, k in counts.items()}


def best_cell(board: MinesweeperBoard, chances: dict[Coord, Fraction]) -> Coord:
    """The hidden, unflagged cell least likely to hold a mine; ties go to the cell with the fewest
    hidden neighbours (corners and edges first: more likely to open), then to reading order
    (top row first, left to right).

    >>> board = MinesweeperBoard.empty(3, 3, 1)
    >>> best_cell(board, dict.fromkeys(board.cells(), Fraction(1, 9)))
    Coord(x=0, y=2)
    """
    def key(c: Coord) -> tuple[Fraction, int, int, int]:
        hidden = sum(not board.is_revealed(d) for d in board.neighbours(c))
        return chances[c], hidden, -c.y, c.x

    return min((c for c in chances if c not in board.flags), key=key)
