"""Whole-board tables for the one-way pieces, in one sweep over the grid.

A piece only moves left and down (the knight: to a smaller ``x + y``), so the cells can be
visited in an order where every option of a cell has been visited before it: rows from the
bottom, each row left to right (the knight: anti-diagonals ``x + y = 0, 1, 2, ...``). When a
cell is reached its value follows from values already known, and nothing is computed twice.

For the sliding pieces a cell has many options, but they lie on a few lines (its row to the
left, its column below, its diagonal down-left), so each line keeps running information
about the cells seen along it, reset at a blocked cell (the piece cannot pass it):

- P/N: a flag "a P cell is reachable along this line"; a cell is P iff no flag is set;
- Grundy values: the set of values seen along the line as a Python int used as a bit mask
  (bit ``g`` set when ``g`` was seen); the cell's value is the lowest bit not set in the OR
  of its lines' masks (the mex).

The king and the knight have at most four options: the sweep looks at those cells.

That is the plain sweep (:func:`plain_outcome_table`, :func:`plain_grundy_table`, and
:func:`mask_sweep` for other rules): one cell at a time in Python, as the lessons show it.
:func:`outcome_table` and :func:`grundy_table` take the same order a whole anti-diagonal at
a time instead (:mod:`coursekit.solvers.sweeps`), with the same results: every cell of an
anti-diagonal depends only on earlier anti-diagonals, so one step computes them all.

>>> table = outcome_table("queen", Grid(6, 4))
>>> print(table.picture())
3  N N N N N P
2  N P N N N N
1  N N P N N N
0  P N N N N N
   0 1 2 3 4 5
>>> table[Coord(5, 3)], table.cells_with("P")[:3]
('P', [Coord(x=0, y=0), Coord(x=2, y=1), Coord(x=1, y=2)])
>>> grundy_table("rook", Grid(4, 4))[Coord(3, 1)]  # Nim: 3 XOR 1
2
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, TypeVar

from ..core.grid import Coord, Grid
from .sweeps import Moves, has_numpy, sweep_grundy, sweep_outcomes

__all__ = [
    "BLOCKED_GRUNDY", "BLOCKED_OUTCOME", "PIECE_MOVES", "PIECE_NAMES", "Moves", "Piece", "Table", "grundy_table",
    "mask_sweep", "mex_of_mask", "outcome_table", "piece_moves", "piece_name", "plain_grundy_table",
    "plain_outcome_table", "sprague_grundy_strategy", "sum_grundy", "winning_targets",
]

V = TypeVar("V", str, int)

#: What an outcome table holds for a blocked cell.
BLOCKED_OUTCOME = "#"
#: What a Grundy table holds for a blocked cell.
BLOCKED_GRUNDY = -1


@dataclass(frozen=True)
class Table(Generic[V]):
    """One value per cell of ``grid``: ``values[grid.index(cell)]``, row by row from the bottom.

    Outcome tables hold ``"P"``/``"N"`` (three players: ``"N"``, ``"O"``, ``"P"``, ``"Q"``)
    in a ``str``; Grundy tables hold ``int`` values in a tuple. A blocked cell holds
    ``blocked`` (``"#"`` in outcome tables, ``-1`` in Grundy tables).

    >>> t = outcome_table("king", Grid(3, 2, blocked=frozenset({Coord(1, 0)})))
    >>> t.values, t[Coord(2, 0)], t.rows_top_first()
    ('P#PNNN', 'P', [['N', 'N', 'N'], ['P', '#', 'P']])
    """

    grid: Grid
    values: Sequence[V]
    blocked: V

    def __post_init__(self) -> None:
        size = self.grid.width * self.grid.height
        if len(self.values) != size:
            raise ValueError(f"a table of a {self.grid.width} x {self.grid.height} grid needs {size} values, "
                             f"got {len(self.values)}")

    def __getitem__(self, cell: Coord) -> V:
        """The value of ``cell`` (``blocked`` for a blocked cell)."""
        return self.values[self.grid.index(cell)]

    def __len__(self) -> int:
        return len(self.values)

    def rows_top_first(self) -> list[list[V]]:
        """The values row by row, top row first (as printed)."""
        w = self.grid.width
        return [list(self.values[y * w:(y + 1) * w]) for y in reversed(range(self.grid.height))]

    def cells_with(self, value: V) -> list[Coord]:
        """Every cell holding ``value``, row by row from the bottom, left to right.

        >>> grundy_table("rook", Grid(3, 3)).cells_with(0)
        [Coord(x=0, y=0), Coord(x=1, y=1), Coord(x=2, y=2)]
        """
        w = self.grid.width
        values = self.values
        if isinstance(values, str):
            assert isinstance(value, str)
            found = []
            i = values.find(value)
            while i >= 0:
                found.append(Coord(i % w, i // w))
                i = values.find(value, i + 1)
            return found
        return [Coord(i % w, i // w) for i, v in enumerate(values) if v == value]

    def as_dict(self) -> dict[Coord, V]:
        """The values of the free cells, by cell (for pictures such as heat maps)."""
        w = self.grid.width
        blocked = self.blocked
        return {Coord(i % w, i // w): v for i, v in enumerate(self.values) if v != blocked}

    def picture(self) -> str:
        """Top row first with row and column labels; columns aligned; ``#`` for blocked cells."""
        marks = {c: str(v) for c, v in self.as_dict().items()}
        return self.grid.picture(marks)


#: The pieces the tables sweep directly (the one-way pieces of :mod:`coursekit.games.pieces`).
PIECE_NAMES = ("king", "queen", "rook", "knight")

#: A piece: its name, its rules class (``OneWayQueen``) or a rules object; anything with a ``name``.
Piece = Any


def piece_name(piece: Piece) -> str:
    """The piece's name, from its name, its class or a rules object.

    >>> piece_name("rook")
    'rook'
    """
    name = piece if isinstance(piece, str) else getattr(piece, "name", None)
    if not isinstance(name, str):
        raise TypeError(f"expected a piece name or a one-way piece class, got {piece!r}")
    if isinstance(piece, str) and name not in PIECE_NAMES:
        raise ValueError(f"unknown piece {piece!r}: choose one of {', '.join(PIECE_NAMES)}")
    return name


#: The move lists of the four pieces (as in :mod:`coursekit.games.pieces`).
PIECE_MOVES = {
    "king": Moves(jumps=((0, -1), (-1, -1), (-1, 0))),
    "queen": Moves(slides=((0, -1), (-1, -1), (-1, 0))),
    "rook": Moves(slides=((0, -1), (-1, 0))),
    "knight": Moves(jumps=((-2, -1), (-1, -2), (-2, 1), (1, -2))),
}


def piece_moves(piece: Piece) -> Moves | None:
    """The piece's move lists for the fast sweep, or ``None`` when it has none the sweep can take.

    A piece class (or rules object) gives them by ``move_lists()``, which returns
    ``(jumps, slides)`` or ``None`` (see ``OneWayPiece.move_lists``); the four names give
    :data:`PIECE_MOVES`.

    >>> piece_moves("rook")
    Moves(jumps=(), slides=((0, -1), (-1, 0)))
    """
    if isinstance(piece, str):
        return PIECE_MOVES[piece_name(piece)]
    lists = getattr(piece, "move_lists", None)
    found = lists() if callable(lists) else None
    if found is None:
        return None
    jumps, slides = found
    moves = Moves(tuple((int(dx), int(dy)) for dx, dy in jumps), tuple((int(dx), int(dy)) for dx, dy in slides))
    return moves if moves.sweepable() else None


def outcome_table(piece: Piece, grid: Grid) -> Table[str]:
    """``"P"`` (the player to move loses) or ``"N"`` for every cell, ``"#"`` for blocked ones.

    ``piece`` is ``"king"``, ``"queen"``, ``"rook"``, ``"knight"``, one of their classes, or
    another one-way piece class. A piece with move lists (every one of
    :mod:`coursekit.games.pieces`, and their subclasses with other ``JUMPS``, ``STEPS`` or
    ``DIRECTIONS``) is swept a whole anti-diagonal at a time
    (:func:`~coursekit.solvers.sweeps.sweep_outcomes`: a 2000 x 2000 board in a few hundredths
    of a second); another piece is solved cell by cell with the general solver. The same
    table, one cell at a time: :func:`plain_outcome_table`.

    >>> print(outcome_table("knight", Grid(5, 3)).picture())
    2  N N N N P
    1  P P N N P
    0  P P N N P
       0 1 2 3 4
    >>> board = Grid(300, 200).with_random_blocked(20, random.Random(1))
    >>> outcome_table("queen", board) == plain_outcome_table("queen", board)  # the same, some 20 times sooner
    True
    """
    piece_name(piece)  # refuses what is no piece, as before
    moves = piece_moves(piece)
    if moves is None:
        return plain_outcome_table(piece, grid)
    return Table(grid, sweep_outcomes(moves, grid), BLOCKED_OUTCOME)


def grundy_table(piece: Piece, grid: Grid) -> Table[int]:
    """The Grundy value of every cell; ``-1`` for blocked cells.

    Pieces as for :func:`outcome_table`; with move lists and numpy, swept a whole
    anti-diagonal at a time (:func:`~coursekit.solvers.sweeps.sweep_grundy`), else as
    :func:`plain_grundy_table`.

    >>> grundy_table("queen", Grid(4, 2)).rows_top_first()
    [[1, 2, 0, 4], [0, 1, 2, 3]]
    """
    piece_name(piece)
    moves = piece_moves(piece)
    if moves is None or not has_numpy():
        return plain_grundy_table(piece, grid)
    return Table(grid, sweep_grundy(moves, grid), BLOCKED_GRUNDY)


def _blocked_flags(grid: Grid) -> bytearray:
    """1 for each blocked cell, 0 for a free one, by ``grid.index``."""
    flags = bytearray(grid.width * grid.height)
    w = grid.width
    for x, y in grid.blocked:
        flags[y * w + x] = 1
    return flags


_P, _N, _B = ord("P"), ord("N"), ord(BLOCKED_OUTCOME)


def plain_outcome_table(piece: Piece, grid: Grid) -> Table[str]:
    """:func:`outcome_table` by the plain sweep: one cell at a time, in Python.

    The sweep the lessons show, kept as the reference the fast sweep is tested and measured
    against, and what :func:`outcome_table` falls back on for a piece without move lists.
    ``piece`` is ``"king"``, ``"queen"``, ``"rook"``, ``"knight"`` or one of their classes;
    another one-way piece class (a subclass of ``OneWayPiece`` with another ``name``) is
    solved cell by cell with the general solver.

    >>> print(plain_outcome_table("knight", Grid(5, 3)).picture())
    2  N N N N P
    1  P P N N P
    0  P P N N P
       0 1 2 3 4
    """
    name = piece_name(piece)
    w, h = grid.width, grid.height
    blocked = _blocked_flags(grid)
    if name in ("queen", "rook"):
        out = _slider_outcomes(w, h, blocked, diagonal=name == "queen")
    elif name == "king":
        out = _king_outcomes(w, h, blocked)
    elif name == "knight":
        out = _knight_outcomes(w, h, blocked)
    else:
        return _general_table(piece, grid, lambda g: "P" if g == 0 else "N", BLOCKED_OUTCOME)  # type: ignore[return-value]
    return Table(grid, out.decode("ascii"), BLOCKED_OUTCOME)


def _slider_outcomes(w: int, h: int, blocked: bytearray, *, diagonal: bool) -> bytearray:
    out = bytearray([_N]) * (w * h)
    column = bytearray(w)  # column[x]: a P cell lies below in the current run of free cells
    diag = bytearray(w + h)  # diag[x - y + h]: the same down-left along the diagonal
    for y in range(h):
        row = 0  # a P cell lies to the left in the current run
        base = y * w
        shift = h - y
        for x in range(w):
            i = base + x
            if blocked[i]:
                out[i] = _B
                row = column[x] = 0
                if diagonal:
                    diag[x + shift] = 0
            elif not (row or column[x] or (diagonal and diag[x + shift])):
                out[i] = _P
                row = column[x] = 1
                if diagonal:
                    diag[x + shift] = 1
    return out


def _king_outcomes(w: int, h: int, blocked: bytearray) -> bytearray:
    out = bytearray([_N]) * (w * h)
    for y in range(h):
        base = y * w
        for x in range(w):
            i = base + x
            if blocked[i]:
                out[i] = _B
            elif not ((y and out[i - w] == _P) or (x and out[i - 1] == _P) or (x and y and out[i - w - 1] == _P)):
                out[i] = _P
    return out


def _knight_cells(w: int, h: int) -> Iterator[tuple[int, int, int]]:
    """Each cell as ``(x, y, index)`` in order of ``x + y``, so that every option comes first."""
    for s in range(w + h - 1):
        for x in range(max(0, s - h + 1), min(w, s + 1)):
            y = s - x
            yield x, y, y * w + x


def _knight_options(x: int, y: int, i: int, w: int, h: int) -> list[int]:
    """The indices of the cells the knight jumps to from ``(x, y)`` (index ``i``), blocked or not."""
    options = []
    if x >= 2:
        if y >= 1:
            options.append(i - w - 2)  # (-2, -1)
        if y + 1 < h:
            options.append(i + w - 2)  # (-2, +1)
    if y >= 2:
        if x >= 1:
            options.append(i - 2 * w - 1)  # (-1, -2)
        if x + 1 < w:
            options.append(i - 2 * w + 1)  # (+1, -2)
    return options


def _knight_outcomes(w: int, h: int, blocked: bytearray) -> bytearray:
    out = bytearray([_N]) * (w * h)
    for x, y, i in _knight_cells(w, h):
        if blocked[i]:
            out[i] = _B
        elif not ((x >= 2 and ((y >= 1 and out[i - w - 2] == _P) or (y + 1 < h and out[i + w - 2] == _P)))
                  or (y >= 2 and ((x >= 1 and out[i - 2 * w - 1] == _P) or (x + 1 < w and out[i - 2 * w + 1] == _P)))):
            out[i] = _P  # no option is P (blocked options hold "#", never "P")
    return out


def mex_of_mask(seen: int) -> int:
    """The lowest bit not set in ``seen``: the mex of the values whose bits are set.

    >>> mex_of_mask(0b1011), mex_of_mask(0)
    (2, 0)
    """
    return (~seen & (seen + 1)).bit_length() - 1


def plain_grundy_table(piece: Piece, grid: Grid) -> Table[int]:
    """:func:`grundy_table` by the plain sweep (:func:`mask_sweep` with :func:`mex_of_mask`), one cell at a time.

    >>> plain_grundy_table("queen", Grid(4, 2)).rows_top_first()
    [[1, 2, 0, 4], [0, 1, 2, 3]]
    """
    name = piece_name(piece)
    if name not in PIECE_NAMES:
        return _general_table(piece, grid, lambda g: g, BLOCKED_GRUNDY)  # type: ignore[return-value]
    return Table(grid, tuple(mask_sweep(name, grid, mex_of_mask)), BLOCKED_GRUNDY)


def mask_sweep(piece: str, grid: Grid, rule: Callable[[int], int]) -> list[int]:
    """A whole-number value for every free cell (``-1`` for blocked ones) from its options' values.

    A cell's value is ``rule(seen)``, where bit ``v`` of ``seen`` is set when some option of
    the cell has value ``v`` (``seen == 0``: no option, the piece is stuck). With
    :func:`mex_of_mask` as the rule the values are Grundy values; other rules give other
    classifications (three players, :mod:`coursekit.solvers.propp`). ``piece`` is one of
    the names in :data:`PIECE_NAMES`.

    >>> mask_sweep("rook", Grid(3, 1), lambda seen: seen.bit_count())  # how many different values below
    [0, 1, 2]
    """
    w, h = grid.width, grid.height
    blocked = _blocked_flags(grid)
    if piece in ("queen", "rook"):
        return _slider_sweep(w, h, blocked, rule, diagonal=piece == "queen")
    if piece == "king":
        return _king_sweep(w, h, blocked, rule)
    if piece == "knight":
        return _knight_sweep(w, h, blocked, rule)
    raise ValueError(f"unknown piece {piece!r}: choose one of {', '.join(PIECE_NAMES)}")


def _slider_sweep(w: int, h: int, blocked: bytearray, rule: Callable[[int], int], *, diagonal: bool) -> list[int]:
    values = [BLOCKED_GRUNDY] * (w * h)
    column = [0] * w  # bit masks of the values seen below in the current run of free cells
    diag = [0] * (w + h)  # diag[x - y + h]: the same down-left along the diagonal
    for y in range(h):
        row = 0  # the same to the left along the row
        base = y * w
        shift = h - y
        for x in range(w):
            i = base + x
            if blocked[i]:
                row = column[x] = 0
                if diagonal:
                    diag[x + shift] = 0
                continue
            seen = row | column[x]
            if diagonal:
                seen |= diag[x + shift]
            g = rule(seen)
            values[i] = g
            bit = 1 << g
            row |= bit
            column[x] |= bit
            if diagonal:
                diag[x + shift] |= bit
    return values


def _options_mask(values: list[int], options: Sequence[int]) -> int:
    seen = 0
    for j in options:
        g = values[j]
        if g >= 0:  # not blocked
            seen |= 1 << g
    return seen


def _king_sweep(w: int, h: int, blocked: bytearray, rule: Callable[[int], int]) -> list[int]:
    values = [BLOCKED_GRUNDY] * (w * h)
    for y in range(h):
        base = y * w
        for x in range(w):
            i = base + x
            if not blocked[i]:
                options = [j for j, ok in ((i - w, y), (i - w - 1, x and y), (i - 1, x)) if ok]
                values[i] = rule(_options_mask(values, options))
    return values


def _knight_sweep(w: int, h: int, blocked: bytearray, rule: Callable[[int], int]) -> list[int]:
    values = [BLOCKED_GRUNDY] * (w * h)
    for x, y, i in _knight_cells(w, h):
        if not blocked[i]:
            values[i] = rule(_options_mask(values, _knight_options(x, y, i, w, h)))
    return values


def _general_table(
    piece: Piece, grid: Grid, convert: Callable[[int], str | int], blocked: str | int
) -> Table[str] | Table[int]:
    """Any other one-way piece class: the general solver, cell by cell."""
    from .impartial import ImpartialSolver  # same layer; imported here to keep this module's start light

    free = next(grid.free_cells(), None)
    if free is None:
        raise ValueError("every cell of the grid is blocked")
    kind = piece if isinstance(piece, type) else type(piece)
    solver = ImpartialSolver(kind(grid, free))
    values = [convert(solver.grundy(c)) if c not in grid.blocked else blocked for c in grid.cells()]
    if isinstance(blocked, str):
        return Table(grid, "".join(str(v) for v in values), blocked)
    return Table(grid, tuple(int(v) for v in values), blocked)


@lru_cache(maxsize=64)
def _cached_grundy(piece: Piece, grid: Grid) -> Table[int]:
    return grundy_table(piece, grid)


def sum_grundy(rules: Any, position: Sequence[Coord]) -> int:
    """The Grundy value of a position of a sum of one-way piece games: the XOR of its parts'.

    ``rules`` has ``games``, each with a ``grid`` and a ``name`` (a
    :class:`~coursekit.games.sums.PieceSum`); the parts' tables are computed once and kept.

    >>> from coursekit.games.sums import PieceSum
    >>> from coursekit.games.pieces import OneWayRook
    >>> rules = PieceSum((OneWayRook(Grid(4, 4)), OneWayRook(Grid(3, 3))))
    >>> sum_grundy(rules, (Coord(3, 1), Coord(2, 0)))  # (3 XOR 1) XOR (2 XOR 0)
    0
    """
    value = 0
    for game, cell in zip(rules.games, position, strict=True):
        value ^= _part_table(game)[Coord(*cell)]
    return value


def _part_table(game: Any) -> Table[int]:
    piece: Piece = game.name if game.name in PIECE_NAMES else type(game)
    return _cached_grundy(piece, game.grid)


def sprague_grundy_strategy(rng: random.Random | None = None) -> Callable[[Any, Any], Any]:
    """Plays a sum of games by Sprague and Grundy: a move that makes the XOR of the parts' Grundy values 0.

    From a position whose XOR is already 0 every move loses against perfect play; it then
    plays the first legal move (or a random one when given ``rng``). Moves are
    ``(index, cell)`` as in :class:`~coursekit.games.sums.PieceSum`.
    """

    def choose(rules: Any, state: Any) -> Any:
        position = tuple(state.positions)
        total = sum_grundy(rules, position)
        moves = tuple(rules.legal_moves(state))
        if total:
            for index, cell in moves:
                table = _part_table(rules.games[index])
                if table[cell] == total ^ table[position[index]]:
                    return (index, cell)
        return moves[0] if rng is None else rng.choice(moves)

    return choose


def winning_targets(rules: Any, cell: Coord, table: Table[str] | None = None) -> tuple[Coord, ...]:
    """The moves of a one-way piece from ``cell`` that leave the opponent a P-position (two players).

    ``rules`` is a one-way piece's rules (it gives ``grid``, ``name`` and ``targets``); pass
    ``table`` (its :func:`outcome_table`) when asking about many cells of one board.

    >>> from coursekit.games.pieces import OneWayQueen
    >>> winning_targets(OneWayQueen(Grid(10, 10)), Coord(9, 7))  # to Wythoff's (3, 5) and (4, 7)
    (Coord(x=5, y=3), Coord(x=4, y=7))
    """
    if table is None:
        table = outcome_table(rules, rules.grid)
    return tuple(c for c in rules.targets(Coord(*cell)) if table[c] == "P")
