"""Checks for the one-way pieces: the king (ps01, ``king_strategy(grid, position)``), the queen
(Wythoff's game) and the knight (ps02).

The king. On a grid with blocked cells the beans rule (leave both coordinates even) no longer tells
the losing cells; the exact solver does. The check calls the student's function from every
free cell that has a move, on several seeded random grids, and fails with the grid drawn
as text, the student's move, the opponent's winning reply, and a winning move.

>>> from coursekit.core import Coord, Grid
>>> grid = Grid(3, 3, blocked=frozenset({Coord(1, 1)}))
>>> def first_move(grid, at):
...     x, y = at
...     return next(c for c in (Coord(x, y - 1), Coord(x - 1, y - 1), Coord(x - 1, y)) if grid.is_free(c))
>>> check_king_strategy(first_move, grids=[grid])
Traceback (most recent call last):
...
AssertionError: king_strategy(grid, [1, 2]) returned [0, 1], a losing move:
from [0, 1] the opponent moves the king to [0, 0] and wins: the king cannot move from [0, 0].
A winning move from [1, 2]: [0, 2], a cell from which every move loses.
<BLANKLINE>
2  W K .
1  Y # .
0  R . .
   0 1 2
K the king, Y your move, R the opponent's reply, W a winning move, # blocked

The queen and the knight. ``queen_winning_move(x, y)`` and ``knight_winning_move(x, y, width, height)`` return the
cell after a winning move, or ``None`` when the position is losing (no move wins). The
truth comes from the whole-board tables of :mod:`coursekit.solvers.tables`: a cell is
``"P"`` when the player to move loses, ``"N"`` when a move to a ``"P"`` cell wins.

>>> check_queen_winning_move(lambda x, y: None, positions=[(3, 5)])
1
>>> check_queen_winning_move(lambda x, y: (x, y - 1), positions=[(1, 2)])
Traceback (most recent call last):
...
AssertionError: queen_winning_move(1, 2) returned (1, 1), but (1, 2) is a losing position: no move wins, so return None.
Every move has a winning answer; yours, (1, 1), is answered by (0, 0), a losing position for you.
<BLANKLINE>
2  . Q
1  . Y
0  R .
   0 1
Q the queen, Y your move, R the opponent's reply, # blocked
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...core.grid import Coord, Grid
from ...grading.answers import as_pair
from ...grading.kernel import Case, Check, Malformed, run_check
from ...grading.pictures import KING_LEGEND, KNIGHT_LEGEND, QUEEN_LEGEND, picture
from ...solvers.impartial import ImpartialSolver
from ...solvers.tables import Table, outcome_table
from .. import beans
from .rules import OneWayKing, OneWayKnight, PieceState, wythoff_pairs

__all__ = [
    "beans_rule_misleads", "check_king_strategy", "check_knight_winning_move", "check_queen_winning_move",
    "king_check", "knight_boards", "knight_check", "knight_pattern_misleads", "misleading_sizes", "queen_check",
    "queen_positions", "queen_winning_moves", "random_blocked_grids", "warm",
]

Position = tuple[int, int]

#: Pictures are drawn for positions up to this many cells a side.
PICTURE_LIMIT = 16

@lru_cache(maxsize=8)
def _queen_table(size: int) -> Table[str]:
    return outcome_table("queen", Grid(size, size))


def queen_table(size: int) -> Table[str]:
    """The queen's P/N table of a ``size`` x ``size`` open board (cached, grown in steps of 256).

    >>> table = queen_table(10)
    >>> table[Coord(3, 5)], table[Coord(4, 5)]
    ('P', 'N')
    """
    return _queen_table(max(256, -(-size // 256) * 256))


@lru_cache(maxsize=32)
def knight_table(width: int, height: int) -> Table[str]:
    """The knight's P/N table of an open ``width`` x ``height`` board (cached)."""
    return outcome_table("knight", Grid(width, height))


def warm() -> None:
    """Work out the queen's table that every student's positions are drawn from (up to 1000 x 1000), once:
    ``coursekit grade`` calls this before it grades anyone, so that no submission's grading does it again.

    >>> warm(); worked_out = _queen_table.cache_info().misses
    >>> _ = queen_positions(5, seed=1); _queen_table.cache_info().misses == worked_out  # no table worked out again
    True
    """
    queen_table(1001)
    _wythoff(1001)


def queen_moves(x: int, y: int) -> list[Position]:
    """Every queen move from ``(x, y)`` on an open board: down, diagonally down-left, left, nearest first.

    >>> queen_moves(1, 2)
    [(1, 1), (1, 0), (0, 1), (0, 2)]
    """
    down = [(x, b) for b in range(y - 1, -1, -1)]
    diagonal = [(x - d, y - d) for d in range(1, min(x, y) + 1)]
    left = [(a, y) for a in range(x - 1, -1, -1)]
    return down + diagonal + left


def queen_winning_moves(x: int, y: int) -> list[Position]:
    """The queen's winning moves from ``(x, y)``: the moves to a losing cell, down first, then diagonal, then left.

    Each column, row and diagonal holds exactly one losing cell (a Wythoff pair ``(a, a + k)``
    or its mirror image), so there are at most three; the tests check this against the
    table.

    >>> queen_winning_moves(4, 5), queen_winning_moves(3, 5)
    ([(1, 2), (3, 5)], [])
    """
    partner, by_difference = _wythoff(max(x, y))
    moves = []
    if partner[x] < y:
        moves.append((x, partner[x]))
    a, b = by_difference[abs(y - x)]
    low = (a, b) if x <= y else (b, a)
    if low[0] < x:
        moves.append(low)
    if partner[y] < x:
        moves.append((partner[y], y))
    return moves


def _wythoff(limit: int) -> tuple[dict[int, int], list[Position]]:
    """``partner[n]``: the other coordinate of the losing cell in column ``n``; the pairs by difference."""
    return _wythoff_cached(max(1024, -(-limit // 1024) * 1024))


@lru_cache(maxsize=4)
def _wythoff_cached(limit: int) -> tuple[dict[int, int], list[Position]]:
    pairs = wythoff_pairs(2 * limit)  # differences up to limit need first members up to about 1.62 limit
    partner = {}
    for a, b in pairs:
        partner[a], partner[b] = b, a
    return partner, pairs


def _queen_illegal(here: Position, move: Position) -> str | None:
    """Why ``move`` is not a queen move from ``here`` on an open board, or ``None``."""
    (x, y), (a, b) = here, move
    if a < 0 or b < 0:
        return f"{move} is off the board: coordinates are 0 or more"
    if move == here:
        return "the queen must move"
    if (a == x and b < y) or (b == y and a < x) or (x - a == y - b > 0):
        return None
    if a > x or b > y:
        return f"the queen moves only left, down or diagonally down-left: {here} -> {move} goes back"
    return f"the queen moves along a column, a row or a diagonal: {here} -> {move} is on none of them"


def queen_positions(count: int, seed: int, *, limit: int = 1000) -> list[Position]:
    """Positions up to ``limit`` x ``limit`` for the queen: random ones, and the losing ones near them.

    ``count`` random positions, then every losing position (Wythoff pair or its mirror
    image) with both coordinates at most ``limit`` and the cell next to each (one more in
    either coordinate), and the far corners. The same ``seed`` gives the same list.

    >>> len(queen_positions(10, seed=1, limit=10)), (10, 10) in queen_positions(10, seed=1, limit=10)
    (33, True)
    """
    rng = random.Random(seed)
    chosen = [(rng.randint(0, limit), rng.randint(0, limit)) for _ in range(count)]
    table = queen_table(limit + 1)
    for cell in table.cells_with("P"):
        for a, b in (cell, (cell.x + 1, cell.y), (cell.x, cell.y + 1)):
            if a <= limit and b <= limit:
                chosen.append((a, b))
    chosen += [(limit, limit), (limit, 0), (0, limit)]
    return [p for p in dict.fromkeys(chosen) if p != (0, 0)]


def _picture(width: int, height: int, marks: dict[Coord, str]) -> str:
    return picture(Grid(width, height), marks, QUEEN_LEGEND if "Q" in marks.values() else KNIGHT_LEGEND)


def _queen_picture(here: Position, marks: dict[Position, str]) -> str:
    """A picture of the board up to ``here`` (small positions only), else ``""``."""
    if max(here) >= PICTURE_LIMIT:
        return ""
    cells = {Coord(*cell): mark for cell, mark in marks.items()}
    cells[Coord(*here)] = "Q"
    return "\n\n" + _picture(here[0] + 1, here[1] + 1, cells)


def _queen_hint(here: Position, move: Position | None) -> str:
    """A hint when the answer is the king's (beans) rule, which the queen does not follow."""
    x, y = here
    king = None if not beans.is_winning(x, y) else beans.winning_move(x, y)
    if move == king or (move is None and king is None):
        return ("\nHint: that is the one-way king's rule (leave both coordinates even). The queen moves any "
                "distance, so its losing positions are others: (0, 0), (1, 2), (2, 1), (3, 5), (5, 3), ... "
                "Work out a table of them (which cells can reach no losing cell in one move?).")
    return ""


def _read_queen(raw: Any, case: Case) -> Position | Malformed | None:
    if raw is None:
        return None
    move = as_pair(raw)
    if move is None:
        x, y = case.args
        return Malformed(f"it must return the queen's cell after the move, a tuple of two ints such as "
                         f"{queen_moves(x, y)[0]}, or None when no move wins")
    return move


def _judge_queen(case: Case, move: Position | None, winning: list[Position]) -> str | None:
    here: Position = case.args
    call = case.shown
    if move is None:
        if winning:
            best = winning[0]
            return (f"{call} returned None, but {here} is a winning position: the move to {best} leaves the "
                    f"opponent a losing position.{_queen_hint(here, None)}{_queen_picture(here, {best: 'W'})}")
        return None
    reason = _queen_illegal(here, move)
    right = (f"A winning move from {here} is {winning[0]}." if winning
             else f"{here} is a losing position: no move wins, so return None.")
    if reason is not None:
        return (f"{call} returned {move}, which is not a legal move:\n{reason}.\n{right}"
                f"{_queen_picture(here, {winning[0]: 'W'} if winning else {})}")
    if queen_winning_moves(*move):  # the opponent has a winning answer
        reply = queen_winning_moves(*move)[0]
        marks = {move: "Y", reply: "R"}
        if winning:
            marks[winning[0]] = "W"
            return (f"{call} returned {move}, a losing move:\nfrom {move} the opponent moves to {reply}, a losing "
                    f"position for you.\n{right}{_queen_hint(here, move)}{_queen_picture(here, marks)}")
        return (f"{call} returned {move}, but {here} is a losing position: no move wins, so return None.\n"
                f"Every move has a winning answer; yours, {move}, is answered by {reply}, a losing position for you."
                f"{_queen_hint(here, move)}{_queen_picture(here, marks)}")
    if not winning:  # a move to a P cell from a P cell cannot happen; kept as a guard
        return f"{call} returned {move}, but {here} is a losing position: return None."
    return None


def queen_check(positions: Iterable[Position] | None = None, *, per_call: float = 1.0, total: float = 10.0) -> Check:
    """The check of ``queen_winning_move(x, y)``: a winning move, or ``None`` exactly at losing positions."""
    chosen = [(x, y) for x in range(21) for y in range(21)][1:] if positions is None else list(positions)
    for x, y in chosen:
        if type(x) is not int or type(y) is not int or x < 0 or y < 0 or x == y == 0:
            raise ValueError(f"not a position to test: {(x, y)} (coordinates are whole numbers, 0 or more, not both 0)")
    cases = [Case((x, y), f"queen_winning_move({x}, {y})") for x, y in chosen]
    return Check("queen_winning_move", cases, reference=lambda case: queen_winning_moves(*case.args),
                 read=_read_queen, judge=_judge_queen, per_call=per_call, total=total)


def check_queen_winning_move(
    func: Callable[[int, int], Any],
    positions: Iterable[Position] | None = None,
    *,
    per_call: float = 1.0,
    total: float = 10.0,
) -> int:
    """Check ``func(x, y)``, the student's ``queen_winning_move``, on ``positions``; return how many.

    ``positions`` defaults to every position up to 20 x 20 but ``(0, 0)``. The answer is
    the queen's cell after a winning move, a tuple of exactly two ``int`` (or a ``Coord``),
    or ``None`` exactly when ``(x, y)`` is a losing position. Each call gets ``per_call``
    seconds, all together ``total``.

    >>> check_queen_winning_move(lambda x, y: None, positions=[(2, 3)])
    Traceback (most recent call last):
    ...
    AssertionError: queen_winning_move(2, 3) returned None, but (2, 3) is a winning position: the move to (2, 1) \
leaves the opponent a losing position.
    <BLANKLINE>
    3  . . Q
    2  . . .
    1  . . W
    0  . . .
       0 1 2
    Q the queen, W a winning move, # blocked
    """
    return run_check(func, queen_check(positions, per_call=per_call, total=total))


def knight_boards(count: int, seed: int, *, sizes: tuple[int, int] = (3, 25), misleading: int = 2) -> list[Position]:
    """``count`` different board sizes ``(width, height)``, the same for the same ``seed``.

    On a big board the knight's losing cells are those with ``x % 4 < 2`` and ``y % 4 < 2``.
    Near the right and top edges some jumps leave the board, and on some sizes a player who
    follows that pattern loses: the first ``misleading`` boards are such sizes (see
    :func:`knight_pattern_misleads`), the others are drawn from ``sizes`` at random.

    >>> boards = knight_boards(4, seed=1)
    >>> boards == knight_boards(4, seed=1), [knight_pattern_misleads(w, h) for w, h in boards][:2]
    (True, [True, True])
    """
    rng = random.Random(seed)
    low, high = sizes
    tricky = misleading_sizes(low, high)
    if len(tricky) < misleading:
        raise ValueError(f"only {len(tricky)} sizes in {sizes} mislead the pattern; asked for {misleading}")
    boards = rng.sample(tricky, misleading)
    while len(boards) < count:
        board = (rng.randint(low, high), rng.randint(low, high))
        if board not in boards:
            boards.append(board)
    return boards


def misleading_sizes(low: int, high: int) -> list[Position]:
    """The board sizes ``(width, height)``, each side from ``low`` to ``high``, on which the big-board
    pattern misleads (:func:`knight_pattern_misleads`): those whose width and height are both 1 more
    than a multiple of 4 and at least 5. The tests check this against :func:`knight_pattern_misleads`
    on every board up to 29 x 29; worked out here, it costs nothing per graded notebook.

    >>> misleading_sizes(3, 9)
    [(5, 5), (5, 9), (9, 5), (9, 9)]
    """
    sides = [n for n in range(max(low, 5), high + 1) if n % 4 == 1]
    return [(w, h) for w in sides for h in sides]


def _pattern_answer(x: int, y: int, width: int, height: int) -> Coord | None:
    """What the big-board pattern plays: the first jump to a cell with ``x % 4 < 2 and y % 4 < 2``, else None."""
    jumps = OneWayKnight(Grid(width, height)).targets(Coord(x, y))
    return next((j for j in jumps if j.x % 4 < 2 and j.y % 4 < 2), None)


@lru_cache(maxsize=1024)
def knight_pattern_misleads(width: int, height: int) -> bool:
    """Whether a player who follows the big-board pattern goes wrong somewhere on this board.

    The pattern says a cell is losing when ``x % 4 < 2 and y % 4 < 2``. On a board whose
    width and height are both 1 more than a multiple of 4 (5, 9, 13, ...) the top-right
    cells change the answer; on the 8 x 8 board the pattern is wrong only about the corner
    ``(7, 7)``, which no jump reaches, so following it still wins there.

    >>> knight_pattern_misleads(8, 8), knight_pattern_misleads(5, 5), knight_pattern_misleads(9, 13)
    (False, True, True)
    """
    table = knight_table(width, height)
    rules = OneWayKnight(Grid(width, height))
    for at in Grid(width, height).cells():
        jumps = rules.targets(at)
        if not jumps:
            continue
        answer = _pattern_answer(at.x, at.y, width, height)
        winning = any(table[j] == "P" for j in jumps)
        if (answer is None and winning) or (answer is not None and table[answer] == "N"):
            return True
    return False


@dataclass(frozen=True)
class _KnightCase:
    width: int
    height: int
    at: Coord
    jumps: tuple[Coord, ...]
    winning: tuple[Coord, ...]

    def marks(self) -> dict[Coord, str]:
        marks = {self.at: "K"}
        if self.winning:
            marks[self.winning[0]] = "W"
        return marks


def _knight_context(case: Case) -> str:
    data: _KnightCase = case.data
    return _picture(data.width, data.height, data.marks())


def _read_knight(raw: Any, case: Case) -> Coord | Malformed | None:
    if raw is None:
        return None
    pair = as_pair(raw)
    if pair is None:
        return Malformed(f"it must return the knight's cell after the jump, a tuple of two ints such as "
                         f"{tuple(case.data.jumps[0])}, or None when no jump wins")
    return Coord(*pair)


def _judge_knight(case: Case, move: Coord | None, winning: tuple[Coord, ...]) -> str | None:
    data: _KnightCase = case.data
    width, height, at, call = data.width, data.height, data.at, case.shown
    table = knight_table(width, height)
    rules = OneWayKnight(Grid(width, height))
    marks = data.marks()
    if winning:
        after = (f"the knight cannot move from {winning[0]}" if not rules.targets(winning[0])
                 else f"every jump from {winning[0]} has a winning answer")
        right = f"the jump to {winning[0]} leaves the opponent a losing cell ({after})"
    else:
        right = f"{at} is a losing cell: no jump wins, so return None"
    if move is None:
        if winning:
            return (f"{call} returned None, but {at} is a winning cell: {right}."
                    f"{_knight_hint(width, height, winning[0])}\n\n{_picture(width, height, marks)}")
        return None
    reason = rules.why_illegal(PieceState(rules.grid, at), move)
    if reason is not None:
        marks.setdefault(move, "Y")
        return (f"{call} returned {move}, which is not a legal jump:\n{reason}.\n"
                f"{right[0].upper()}{right[1:]}.\n\n{_picture(width, height, marks)}")
    if table[move] == "N":
        reply = next(j for j in rules.targets(move) if table[j] == "P")
        marks[move], marks[reply] = "Y", "R"
        hint = _knight_hint(width, height, move)
        if winning:
            return (f"{call} returned {move}, a losing jump:\nfrom {move} the opponent jumps to {reply}, a "
                    f"losing cell for you.\nInstead, {right}.{hint}\n\n{_picture(width, height, marks)}")
        return (f"{call} returned {move}, but {at} is a losing cell: no jump wins, so return None.\n"
                f"Every jump has a winning answer; yours, {move}, is answered by {reply}.{hint}\n\n"
                f"{_picture(width, height, marks)}")
    return None


def knight_check(boards: Iterable[tuple[int, int]] | None = None, *, seed: int = 0, per_call: float = 2.0,
                 total: float = 10.0) -> Check:
    """The check of ``knight_winning_move(x, y, width, height)``: every cell with a jump, on every board."""
    chosen = knight_boards(4, seed) if boards is None else [(int(w), int(h)) for w, h in boards]
    cases = []
    for width, height in chosen:
        table = knight_table(width, height)
        rules = OneWayKnight(Grid(width, height))
        for at in Grid(width, height).cells():
            jumps = tuple(rules.targets(at))
            if jumps:
                winning = tuple(j for j in jumps if table[j] == "P")
                shown = f"knight_winning_move({at.x}, {at.y}, {width}, {height})"
                cases.append(Case((at.x, at.y, width, height), shown, _KnightCase(width, height, at, jumps, winning)))
    return Check("knight_winning_move", cases, reference=lambda case: case.data.winning, read=_read_knight,
                 judge=_judge_knight, context=_knight_context, per_call=per_call, total=total)


def check_knight_winning_move(
    func: Callable[[int, int, int, int], Any],
    boards: Iterable[tuple[int, int]] | None = None,
    *,
    seed: int = 0,
    per_call: float = 2.0,
    total: float = 10.0,
) -> int:
    """Check ``func(x, y, width, height)``, the student's ``knight_winning_move``; return how many calls.

    ``boards`` (sizes ``(width, height)``) defaults to ``knight_boards(4, seed)``. The
    function is called from every cell with a jump, and must return the knight's cell after
    a winning jump (a tuple of two ``int`` or a ``Coord``), or ``None`` exactly where no jump
    wins.

    >>> check_knight_winning_move(lambda x, y, w, h: None, boards=[(3, 3)])
    Traceback (most recent call last):
    ...
    AssertionError: knight_winning_move(2, 0, 3, 3) returned None, but [2, 0] is a winning cell: the jump to \
[0, 1] leaves the opponent a losing cell (the knight cannot move from [0, 1]).
    <BLANKLINE>
    2  . . .
    1  W . .
    0  . . K
       0 1 2
    K the knight, W a winning move, # blocked
    """
    return run_check(func, knight_check(boards, seed=seed, per_call=per_call, total=total))


def _knight_hint(width: int, height: int, cell: Coord) -> str:
    """A hint when the big-board pattern is wrong about ``cell`` (the student's jump, or the winning one)."""
    table = knight_table(width, height)
    pattern = cell.x % 4 < 2 and cell.y % 4 < 2
    if pattern == (table[cell] == "P"):
        return ""
    truth = "a losing cell" if table[cell] == "P" else "a winning cell"
    return (f"\nHint: on a big board the losing cells are those with x % 4 < 2 and y % 4 < 2, but near the right "
            f"and top edges some jumps leave the board ((-2, +1) needs a row above, (+1, -2) a column to the "
            f"right). On this {width} x {height} board {cell} is {truth}, whatever the pattern says: work the "
            f"cells out for the board you are given, in order of x + y.")


# The king (ps01) ----------------------------------------------------------------------------


def _rules(grid: Grid) -> OneWayKing | None:
    """The king's rules on ``grid``, or ``None`` if no cell is free.

    The checks ask about every cell, so the start is just the first free cell.
    """
    start = next(grid.free_cells(), None)
    return None if start is None else OneWayKing(grid, start=start)


def beans_rule_misleads(grid: Grid) -> bool:
    """Whether some cell wins but the beans rule's move (to even, even) does not win there.

    On such a grid a strategy that ignores the blocked cells loses somewhere.

    >>> beans_rule_misleads(Grid(5, 5)), beans_rule_misleads(Grid(3, 3, frozenset({Coord(0, 0)})))
    (False, True)
    """
    rules = _rules(grid)
    if rules is None:
        return False
    solver = ImpartialSolver(rules)
    for cell in grid.free_cells():
        if rules.options(cell) and solver.is_winning(cell):
            if not beans.is_winning(*cell):
                return True
            if Coord(*beans.winning_move(*cell)) not in solver.winning_moves(cell):
                return True
    return False


def random_blocked_grids(
    count: int,
    seed: int,
    *,
    sizes: tuple[int, int] = (4, 10),
    percent: tuple[int, int] = (10, 35),
) -> list[Grid]:
    """``count`` random grids with blocked cells, the same for the same ``seed``.

    Width and height are drawn from ``sizes``, the share of blocked cells (in %) from
    ``percent`` (the article's ``setInaccCells``); ``(0, 0)`` and the top-right cell stay
    free. Every grid has a cell where the beans rule's move does not win, so a strategy
    that ignores the blocked cells fails on each of them.

    >>> grids = random_blocked_grids(3, seed=1)
    >>> [(g.width, g.height) for g in grids] == [(g.width, g.height) for g in random_blocked_grids(3, seed=1)]
    True
    >>> all(g.blocked and beans_rule_misleads(g) for g in grids)
    True
    """
    rng = random.Random(seed)
    grids: list[Grid] = []
    for _ in range(100 * count):
        if len(grids) == count:
            break
        width, height = rng.randint(*sizes), rng.randint(*sizes)
        share = rng.randint(*percent)
        grid = Grid(width, height).with_random_blocked(share, rng, keep=[Coord(0, 0), Coord(width - 1, height - 1)])
        if beans_rule_misleads(grid):
            grids.append(grid)
    if len(grids) < count:
        raise ValueError(f"could not draw {count} grids with sizes {sizes} and {percent} % blocked")
    return grids


def _grid_picture(grid: Grid, marks: dict[Coord, str]) -> str:
    return picture(grid, marks, KING_LEGEND)


def _answers(solver: ImpartialSolver, rules: OneWayKing, cell: Coord) -> str:
    """Each move from a losing ``cell`` with the opponent's winning answer to it."""
    return ", ".join(f"{move} answered by {solver.winning_moves(move)[0]}" for move in rules.options(cell))


def _after_winning(rules: OneWayKing, cell: Coord) -> str:
    """What a winning move leaves: a cell with no move, or one from which every move loses."""
    if not rules.options(cell):
        return "after which the king cannot move: you win"
    return "a cell from which every move loses"


@dataclass(frozen=True)
class _KingCase:
    """What the grader knows about one cell: the rules, the solver, the winning moves, the picture's marks."""

    grid: Grid
    rules: OneWayKing
    solver: ImpartialSolver
    at: Coord

    @property
    def winning(self) -> tuple[Any, ...]:
        return self.solver.winning_moves(self.at)

    def marks(self) -> dict[Coord, str]:
        marks = {self.at: "K"}
        if self.winning:
            marks[self.winning[0]] = "W"
        return marks


def _king_context(case: Case) -> str:
    data: _KingCase = case.data
    return _grid_picture(data.grid, data.marks())


def _read_cell(raw: Any, case: Case) -> Coord | Malformed:
    pair = as_pair(raw)
    if pair is None:
        data: _KingCase = case.data
        return Malformed(f"it must return the cell the king moves to, a Coord (or a tuple of two ints) such as "
                         f"{data.rules.options(data.at)[0]!r}")
    return Coord(*pair)


def _judge_king(case: Case, move: Coord, winning: tuple[Any, ...]) -> str | None:
    data: _KingCase = case.data
    grid, rules, solver, at, call = data.grid, data.rules, data.solver, data.at, case.shown
    marks = data.marks()
    if winning:
        right = f"A winning move from {at}: {winning[0]}, {_after_winning(rules, winning[0])}."
    else:
        right = f"{at} is a losing cell: any legal move is accepted, such as {rules.options(at)[0]}."
    hint = ""
    if grid.blocked and move == Coord(*beans.winning_move(*at)):
        hint = (f"\nHint: {move} is the beans rule's move (leave both coordinates even), which wins on "
                f"an open grid;\nblocked cells change which cells are losing, so work them out from the grid.")
    reason = rules.why_illegal(PieceState(grid, at), move)
    if reason is not None:
        marks.setdefault(move, "Y")
        return (f"{call} returned {move}, which is not a legal move:\n{reason}.\n{right}{hint}"
                f"\n\n{_grid_picture(grid, marks)}")
    if winning and solver.is_winning(move):
        reply = solver.winning_moves(move)[0]
        marks[move] = "Y"
        marks[reply] = "R"
        if rules.options(reply):
            why = (f", a cell from which every move loses (each move has a winning answer: "
                   f"{_answers(solver, rules, reply)})")
        else:
            why = f" and wins: the king cannot move from {reply}"
        return (f"{call} returned {move}, a losing move:\nfrom {move} the opponent moves the king to {reply}"
                f"{why}.\n{right}{hint}\n\n{_grid_picture(grid, marks)}")
    return None


def king_check(grids: Iterable[Grid] | None = None, *, seed: int = 0, per_call: float = 2.0,
               total: float = 10.0) -> Check:
    """The check of ``king_strategy(grid, position)``: every free cell with a move, on every grid.

    >>> len(king_check([Grid(2, 2)]).cases)
    3
    """
    chosen = random_blocked_grids(6, seed) if grids is None else list(grids)
    cases = []
    for grid in chosen:
        rules = _rules(grid)
        if rules is None:
            continue
        solver = ImpartialSolver(rules)
        for at in [cell for cell in grid.free_cells() if rules.options(cell)]:
            cases.append(Case((grid, Coord(*at)), f"king_strategy(grid, {at})", _KingCase(grid, rules, solver, at)))
    return Check("king_strategy", cases, reference=lambda case: case.data.winning, read=_read_cell,
                 judge=_judge_king, context=_king_context, per_call=per_call, total=total)


def check_king_strategy(
    func: Callable[[Grid, Coord], Any],
    grids: Iterable[Grid] | None = None,
    *,
    seed: int = 0,
    per_call: float = 2.0,
    total: float = 10.0,
) -> int:
    """Check ``func(grid, position)``, the student's ``king_strategy``; return how many calls.

    ``grids`` defaults to ``random_blocked_grids(6, seed)``. On each grid the function is
    called from every free cell with a move and must return the king's new cell, a
    ``Coord`` or a tuple of exactly two ``int``: a winning move where there is one (any of
    them), any legal move elsewhere. Each call gets ``per_call`` seconds, all together
    ``total`` seconds.

    >>> check_king_strategy(lambda grid, at: (at[0] - 1, at[1]), grids=[Grid(1, 3)])
    Traceback (most recent call last):
    ...
    AssertionError: king_strategy(grid, [0, 1]) returned [-1, 1], which is not a legal move:
    [-1, 1] is outside the 1 x 3 grid.
    A winning move from [0, 1]: [0, 0], after which the king cannot move: you win.
    <BLANKLINE>
    2  .
    1  K
    0  W
       0
    K the king, W a winning move, # blocked
    """
    return run_check(func, king_check(grids, seed=seed, per_call=per_call, total=total))
