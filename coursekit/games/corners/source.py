"""E's computer player for corners, as E's program has it: three of its own moves ahead, the
opponent ignored, E's table of cells (``StTab``).

E's program plays Black on its own 10 x 10 array; here White sees the board turned half round.
As printed, it records a chosen jump chain from the chain's last intermediate cell, a cell with
no piece on it, so the move cannot be applied and the program stalls (:func:`source_strategy`);
``fixed=True`` records the chain from its start.

>>> from coursekit.games.corners import Corners
>>> rules = Corners()
>>> print(path_text(source_strategy(fixed=True)(rules, rules.initial_state())))
4,2-4,3
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.grid import Coord
from .rules import _CELLS, PASS, SIZE, WHITE, Corners, CornersState, Path, _turned, path_text

__all__ = ["INFINITY", "MAX_PLY", "ST_TAB", "SourceChoice", "source_choice", "source_strategy"]


#: E's ``StTab``: the value of each cell for Black, E's rows from the top (E's row 1 is ``y = 7``
#: here), columns from the left; larger toward Black's target, the bottom-right corner. White uses
#: the same table with the board turned half round.
ST_TAB: tuple[tuple[int, ...], ...] = (
    (1, 2, 3, 4, 5, 6, 7, 8),
    (9, 10, 11, 12, 13, 14, 15, 16),
    (10, 17, 18, 19, 20, 21, 22, 23),
    (11, 18, 24, 25, 26, 27, 28, 29),
    (12, 19, 25, 30, 31, 32, 33, 34),
    (13, 20, 26, 31, 401, 402, 403, 404),
    (14, 21, 27, 32, 402, 405, 406, 407),
    (15, 22, 28, 33, 403, 406, 408, 409),
)
#: E's ``MAX_PLY``: how many of its own moves E looks ahead; ``INFINITY``: E's value of a won position.
MAX_PLY, INFINITY = 3, 30000
#: E's board cells: empty, a black piece (E's own), a white one, the frame around the board.
_EMPTY, _OWN, _OTHER, _FRAME = 0, 1, 2, 3
#: E's ``DelTab``: left, right, up, down on E's 10 x 10 array.
_DEL_TAB = (-1, 1, -10, 10)


def _index(cell: Coord, player: int) -> int:
    """E's index of ``cell`` on its 10 x 10 array (``row * 10 + column``, row 1 at the top), as
    ``player`` sees the board (White's turned half round).

    >>> from coursekit.games.corners import BLACK
    >>> _index(Coord(0, 7), BLACK), _index(Coord(7, 0), BLACK), _index(Coord(7, 0), WHITE)
    (11, 88, 11)
    """
    if player == WHITE:
        cell = _turned(cell)
    return (SIZE - cell.y) * 10 + cell.x + 1


def _cell(index: int, player: int) -> Coord:
    """The cell of E's ``index`` (the inverse of :func:`_index`)."""
    cell = Coord(index % 10 - 1, SIZE - index // 10)
    return _turned(cell) if player == WHITE else cell


_ST = [0] * 100
for _row, _values in enumerate(ST_TAB, start=1):
    for _column, _value in enumerate(_values, start=1):
        _ST[_row * 10 + _column] = _value


@dataclass(frozen=True)
class SourceChoice:
    """E's decision: the move its program applies, E's value for it, and how many positions its
    search visited (``nodes``: every call of E's ``Search``, the first included).

    ``move`` is what E records (``bestMove``) as a path: for the faithful program a jump chain is
    recorded from its last intermediate cell, a cell with no piece on it.
    """

    move: Path | str
    value: int
    nodes: int

    def __str__(self) -> str:
        return f"move: {path_text(self.move)}\nnodes: {self.nodes}"


class _SourceSearch:
    """E's ``Search`` over E's own data: a 10 x 10 array with a frame, the list of its pieces
    (``PieceTab``), the cells of its target (``EndTab``), and a set of visited cells per chain.

    ``fixed=False`` is the program as printed: a move is recorded from ``PieceTab[index]`` when it
    is found, which inside a chain is the chain's last intermediate cell, and it is scored from
    there. ``fixed=True`` records and scores a chain from the cell where it started, and keeps
    the chain's whole path.
    """

    def __init__(self, rules: Corners, state: CornersState, fixed: bool) -> None:
        player = state.turn
        self.player, self.fixed, self.nodes = player, fixed, 0
        self.pos = [_FRAME] * 100
        for cell in _CELLS:
            self.pos[_index(cell, player)] = _EMPTY
        for cell in state.pieces(1 - player):
            self.pos[_index(cell, player)] = _OTHER
        self.pieces = [_index(cell, player) for cell in state.pieces(player)]
        for index in self.pieces:
            self.pos[index] = _OWN
        self.ends = [_index(cell, player) for cell in rules.target(player)]

    def check_end(self) -> bool:
        pos = self.pos
        return all(pos[i] == _OWN for i in self.ends)

    def search(self, ply: int, score: int) -> tuple[int, tuple[int, ...] | None]:
        """E's ``Search``: the best value three of its own moves ahead, and the move that gets it."""
        self.nodes += 1
        if ply >= MAX_PLY:
            return score, None
        if self.check_end():
            return INFINITY - ply, None
        best: list[Any] = [-INFINITY, None]
        pieces = self.pieces
        for index in range(len(pieces)):
            self.simple_moves(best, ply, score, index)
        for index in range(len(pieces)):
            self.jumps(best, ply, score, index, {pieces[index]}, [pieces[index]])
        return best[0], best[1]

    def simple_moves(self, best: list[Any], ply: int, score: int, index: int) -> None:
        pos, source, make, call = self.pos, self.pieces[index], self.make, self.call
        if ply + 1 >= MAX_PLY:  # the last ply: E's Search of each move is one node and its score (no make needed)
            here = score - _ST[source]
            for step in _DEL_TAB:
                dest = source + step
                if pos[dest] == _EMPTY:
                    self.nodes += 1
                    value = here + _ST[dest]
                    if value > best[0]:
                        best[0], best[1] = value, (source, dest)
            return
        for step in _DEL_TAB:
            dest = source + step
            if pos[dest] == _EMPTY:
                make(index, source, dest)
                call(best, ply, score, source, dest, (source, dest))
                make(index, dest, source)

    def jumps(self, best: list[Any], ply: int, score: int, index: int, visited: set[int], chain: list[int]) -> None:
        pos = self.pos
        source = self.pieces[index]  # each hop below is taken back before the next is tried
        if ply + 1 >= MAX_PLY:
            self.last_jumps(best, score, source, visited, chain)
            return
        for step in _DEL_TAB:
            over = source + step
            if pos[over] == _EMPTY or pos[over] == _FRAME:
                continue
            dest = over + step
            if pos[dest] != _EMPTY or dest in visited:
                continue
            visited.add(dest)  # E never takes a cell out of the set: each cell is reached once per piece
            chain.append(dest)
            self.make(index, source, dest)
            self.call(best, ply, score, source, dest, chain)
            self.jumps(best, ply, score, index, visited, chain)
            self.make(index, dest, source)
            chain.pop()

    def last_jumps(self, best: list[Any], score: int, source: int, visited: set[int], chain: list[int]) -> None:
        """:meth:`jumps` at the last ply, written out: each hop is made on the board, counted as
        E's Search there counts it (one node, its score), followed further and taken back.
        ``source`` is where the piece stands (the last cell of ``chain``)."""
        pos, fixed = self.pos, self.fixed
        for step in _DEL_TAB:
            over = source + step
            if pos[over] == _EMPTY or pos[over] == _FRAME:
                continue
            dest = over + step
            if pos[dest] != _EMPTY or dest in visited:
                continue
            visited.add(dest)
            chain.append(dest)
            pos[source], pos[dest] = _EMPTY, _OWN
            self.nodes += 1
            value = score + _ST[dest] - _ST[chain[0] if fixed else source]
            if value > best[0]:
                best[0], best[1] = value, tuple(chain) if fixed else (source, dest)
            self.last_jumps(best, score, dest, visited, chain)
            pos[dest], pos[source] = _EMPTY, _OWN
            chain.pop()

    def make(self, index: int, source: int, dest: int) -> None:
        """E's ``MakeMove`` (and, with the cells swapped, ``UnMakeMove``)."""
        pos = self.pos
        pos[source] = _EMPTY
        pos[dest] = _OWN
        self.pieces[index] = dest

    def call(self, best: list[Any], ply: int, score: int, source: int, dest: int, chain: Sequence[int]) -> None:
        """E's ``CallSearch``: search the position after the move from ``source`` to ``dest`` (the
        last hop of ``chain``); keep it if strictly better."""
        after = score + _ST[dest] - _ST[chain[0] if self.fixed else source]
        if ply + 1 >= MAX_PLY:  # E's Search there counts one node and returns the score at once
            self.nodes += 1
            value = after
        else:
            value, _ = self.search(ply + 1, after)
        if value > best[0]:
            best[0], best[1] = value, tuple(chain) if self.fixed else (source, dest)


def source_choice(rules: Corners, state: CornersState, fixed: bool = False) -> SourceChoice:
    """E's decision for the player to move (E plays Black; White sees the board turned half round).

    ``fixed=False`` is E's program as printed: a chosen jump chain is recorded from its last
    intermediate cell, where there is no piece, so the move cannot be applied and E's program
    stalls (see :func:`source_strategy`). ``fixed=True`` records the chain from its start.
    With no step and no jump E's search finds nothing and the player passes.

    >>> rules = Corners()
    >>> print(source_choice(rules, rules.initial_state(), fixed=True))
    move: 4,2-4,3
    nodes: 8341
    """
    search = _SourceSearch(rules, state, fixed)
    value, best = search.search(0, 0)
    if best is None:
        return SourceChoice(PASS, value, search.nodes)
    return SourceChoice(tuple(_cell(i, state.turn) for i in best), value, search.nodes)


def source_strategy(fixed: bool = False) -> Callable[[Corners, CornersState], Path | str]:
    """E's computer as a player. As printed (``fixed=False``) it returns the move E records; once
    E chooses a jump chain that move starts on an empty cell and the engine refuses it
    (``IllegalMoveError``: "there is no piece on ..."): that is E's stall. ``fixed=True`` plays
    the chain from its start."""

    def choose(rules: Corners, state: CornersState) -> Path | str:
        return source_choice(rules, state, fixed).move

    return choose
