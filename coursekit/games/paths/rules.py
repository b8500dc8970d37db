"""G2.1 shortest path (article, section 6): take a king from a start cell to a target cell.

A king moves to any of its 8 neighbouring cells. On an open grid the fewest moves from
``a`` to ``b`` is the Chebyshev distance ``max(|dx|, |dy|)``, and the article's
``minPath`` finds such a path: go diagonally toward the target until you share its row or
column, then go straight. Its published loop condition ``while (start == end)`` is
inverted; :func:`article_min_path` runs it as printed (safely) and :func:`min_path` is the
corrected version.

>>> [str(c) for c in min_path(Coord(0, 0), Coord(4, 2))]
['[0, 0]', '[1, 1]', '[2, 2]', '[3, 2]', '[4, 2]']
>>> run = article_min_path(Coord(0, 0), Coord(4, 2))
>>> [str(c) for c in run.path], run.returned
(['[0, 0]', '[1, 1]'], True)

With blocked cells the straight line may be cut: :class:`ShortestPath` is the puzzle as a
one-player game, :func:`reachable_grid` draws a grid on which the target can be reached,
and the searches live in :mod:`coursekit.solvers.search`. The article's rule as a player is
:func:`coursekit.games.paths.players.article_strategy`.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...core.display import Shown
from ...core.errors import CoursekitError
from ...core.grid import Coord, Grid, chebyshev
from ...core.rules import GameRules, GameType
from ...solvers.search import free_cell

__all__ = [
    "ArticleRun", "PathState", "ShortestPath", "UnreachableError", "article_min_path", "distances", "grid_summary",
    "min_path", "reachable_grid", "sign", "step_toward",
]


class UnreachableError(CoursekitError, ValueError):
    """The target cannot be reached from the start (for example, blocked cells cut it off)."""


def sign(n: int) -> int:
    """``-1``, ``0`` or ``+1``: the article's ``(d == 0) ? 0 : d / abs(d)``.

    >>> sign(-7), sign(0), sign(3)
    (-1, 0, 1)
    """
    return (n > 0) - (n < 0)


def step_toward(cell: Coord, target: Coord) -> Coord:
    """The article's next cell: one step toward ``target``, diagonally while both differences are not 0.

    >>> step_toward(Coord(0, 0), Coord(3, 1)), step_toward(Coord(2, 1), Coord(3, 1))
    (Coord(x=1, y=1), Coord(x=3, y=1))
    """
    return Coord(cell.x + sign(target.x - cell.x), cell.y + sign(target.y - cell.y))


def min_path(start: Coord, target: Coord) -> tuple[Coord, ...]:
    """A shortest king path on an open grid, start and target included (``minPath``, corrected).

    The loop runs *while the king is not yet on the target*. Each step shortens both
    differences that are not yet 0, so the path has ``chebyshev(start, target)`` moves.

    >>> path = min_path(Coord(5, 1), Coord(1, 3))
    >>> [str(c) for c in path], len(path) - 1 == chebyshev(Coord(5, 1), Coord(1, 3))
    (['[5, 1]', '[4, 2]', '[3, 3]', '[2, 3]', '[1, 3]'], True)
    >>> min_path(Coord(2, 2), Coord(2, 2))
    (Coord(x=2, y=2),)
    """
    cell, target = Coord(*start), Coord(*target)
    path = [cell]
    while cell != target:
        cell = step_toward(cell, target)
        path.append(cell)
    return tuple(path)


@dataclass(frozen=True)
class ArticleRun:
    """What the article's ``minPath``, run as printed, did.

    ``path``: the cells in its vector when it returned, or when we stopped it.
    ``returned``: whether it returned by itself; ``False`` means it never would (it loops
    forever) and was stopped after ``steps`` turns of its loop. ``verdict`` says it in words.
    """

    start: Coord
    target: Coord
    path: tuple[Coord, ...]
    steps: int
    returned: bool

    @property
    def correct(self) -> bool:
        """Whether it returned a shortest path from the start to the target."""
        return self.returned and self.path == min_path(self.start, self.target)

    @property
    def verdict(self) -> str:
        """What happened, in one sentence."""
        if not self.returned:
            return (f"never returns: on the target {self.target} it adds it again and again "
                    f"(stopped after {self.steps} turns, {len(self.path)} cells)")
        if self.correct:
            return f"returned the right path: {len(self.path) - 1} moves"
        return (f"returned after {self.steps} turn(s) of the loop with {len(self.path)} cells, ending on "
                f"{self.path[-1]}, not on the target {self.target}")

    def __str__(self) -> str:
        return f"minPath({self.start}, {self.target}) {self.verdict}"


def article_min_path(start: Coord, target: Coord, max_steps: int = 1000) -> ArticleRun:
    """The article's ``minPath`` exactly as published, with its loop ``do { ... } while (start == end)``.

    The loop condition is inverted: the loop goes on only while the king *is* on the
    target. So the function is right only when start and target are the same cell. When
    they are one move apart the first step lands on the target and the loop never ends
    (a step toward the cell you are on is no step at all); we stop it after ``max_steps``
    turns. When they are farther apart it returns after one step, far from the target.

    >>> print(article_min_path(Coord(3, 3), Coord(3, 3)))
    minPath([3, 3], [3, 3]) returned the right path: 0 moves
    >>> print(article_min_path(Coord(0, 0), Coord(1, 1), max_steps=5).verdict)
    never returns: on the target [1, 1] it adds it again and again (stopped after 5 turns, 6 cells)
    >>> print(article_min_path(Coord(0, 0), Coord(5, 0)).verdict)
    returned after 1 turn(s) of the loop with 2 cells, ending on [1, 0], not on the target [5, 0]
    """
    if type(max_steps) is not int or max_steps < 1:
        raise ValueError(f"max_steps must be a whole number of at least 1, got {max_steps!r}")
    first, end = Coord(*start), Coord(*target)
    cell = first
    path = [cell]                     # path.push_back(start);
    if cell == end:                   # if (start == end) return path;
        return ArticleRun(first, end, tuple(path), 0, True)
    steps = 0
    while True:                       # do {
        cell = step_toward(cell, end)  # start.x += p; start.y += q;
        path.append(cell)             # path.push_back(start);
        steps += 1
        loop_again = cell == end      # } while (start == end);   <- inverted
        if not loop_again:
            return ArticleRun(first, end, tuple(path), steps, True)
        if steps >= max_steps:
            return ArticleRun(first, end, tuple(path), steps, False)


def distances(grid: Grid, start: Coord) -> dict[Coord, int]:
    """The fewest king moves from ``start`` to every cell it can reach (a flood fill, layer by layer).

    >>> grid = Grid(3, 3, blocked=frozenset({Coord(1, 0), Coord(1, 1)}))
    >>> distances(grid, Coord(0, 0))[Coord(2, 0)]  # up, over the wall and down
    4
    >>> Coord(2, 0) in distances(grid.with_blocked([Coord(1, 2)]), Coord(0, 0))
    False
    """
    start = Coord(*start)
    if not grid.is_free(start):
        raise ValueError(f"the start {start} is outside the grid or blocked")
    far = {start: 0}
    frontier = deque([start])
    while frontier:
        cell = frontier.popleft()
        for nxt in grid.neighbours8(cell):
            if nxt not in far:
                far[nxt] = far[cell] + 1
                frontier.append(nxt)
    return far


def grid_summary(grid: Grid) -> str:
    """The grid's size and the share of its cells that are blocked, rounded to a whole percent.

    >>> grid_summary(Grid(4, 3, blocked=frozenset({Coord(1, 1), Coord(2, 1)})))
    '4 x 3, 17% blocked'
    """
    blocked = round(100 * len(grid.blocked) / (grid.width * grid.height))
    return f"{grid.width} x {grid.height}, {blocked}% blocked"


def reachable_grid(
    width: int,
    height: int,
    percent: float,
    rng: random.Random,
    start: Coord,
    target: Coord,
    tries: int = 100,
) -> Grid:
    """A ``width`` x ``height`` grid with ``percent`` % of its cells blocked, on which ``target`` can be reached.

    The start and the target are never blocked. Cells are blocked at random as
    :meth:`Grid.with_random_blocked` does, again and again until a king can walk from the
    start to the target; after ``tries`` failures it raises :class:`UnreachableError`.

    >>> grid = reachable_grid(10, 10, 30, random.Random(1), Coord(0, 0), Coord(9, 9))
    >>> len(grid.blocked), Coord(9, 9) in distances(grid, Coord(0, 0))
    (30, True)
    """
    empty = Grid(width, height)
    start, target = free_cell(empty, start, "start"), free_cell(empty, target, "target")
    if type(tries) is not int or tries < 1:
        raise ValueError(f"tries must be a whole number of at least 1, got {tries!r}")
    for _try in range(tries):
        grid = empty.with_random_blocked(percent, rng, keep=(start, target))
        if target in distances(grid, start):
            return grid
    raise UnreachableError(f"with {percent}% of the {width} x {height} cells blocked, the target {target} "
                           f"could not be reached from {start} in any of {tries} random grids: block fewer cells")


@dataclass(frozen=True, repr=False)
class PathState(Shown):
    """The grid, the king's cell, the target and the number of moves made so far."""

    grid: Grid
    at: Coord
    target: Coord
    moves: int = 0

    def __repr__(self) -> str:
        return (f"PathState(at={self.at!r}, target={self.target!r}, moves={self.moves}, "
                f"grid={self.grid.width}x{self.grid.height})")


@dataclass(frozen=True)
class ShortestPath(GameRules):
    """G2.1 as a one-player game: take the king from ``start`` to ``target`` in the fewest moves.

    The king steps to one of its 8 neighbouring free cells. The player has exactly as many
    moves as a shortest path needs (``par``): the game ends on the target (won) or when the
    moves run out (lost: ``winner`` is ``None``). ``start`` defaults to ``(0, 0)`` and
    ``target`` to the top-right cell; the target must be reachable.

    >>> rules = ShortestPath(Grid(4, 3, blocked=frozenset({Coord(1, 1)})))
    >>> rules.par, rules.initial_state().at, rules.target
    (3, Coord(x=0, y=0), Coord(x=3, y=2))
    >>> state = rules.apply(rules.initial_state(), Coord(1, 0))
    >>> rules.why_illegal(state, Coord(1, 1))
    '[1, 1] is a blocked cell'
    """

    grid: Grid
    start: Coord | None = None
    target: Coord | None = None
    name: ClassVar[str] = "path"
    num_players: ClassVar[int] = 1
    game_type: ClassVar[GameType] = GameType(players=(1, 1))

    _to_target: dict[Coord, int] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        start = free_cell(self.grid, Coord(0, 0) if self.start is None else self.start, "start")
        corner = Coord(self.grid.width - 1, self.grid.height - 1)
        target = free_cell(self.grid, corner if self.target is None else self.target, "target")
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "_to_target", distances(self.grid, target))
        if start not in self._to_target:
            raise UnreachableError(f"the target {target} cannot be reached from {start}: blocked cells cut it off")

    @property
    def par(self) -> int:
        """The fewest moves from the start to the target."""
        assert self.start is not None
        return self._to_target[self.start]

    def moves_left_from(self, cell: Coord) -> int | None:
        """The fewest moves from ``cell`` to the target (``None`` if it cannot be reached)."""
        return self._to_target.get(Coord(*cell))

    def initial_state(self, rng: random.Random | None = None) -> PathState:
        assert self.start is not None and self.target is not None
        return PathState(self.grid, self.start, self.target, 0)

    def to_move(self, state: PathState) -> int:
        return 0

    def legal_moves(self, state: PathState) -> tuple[Coord, ...]:
        return () if self.is_over(state) else tuple(state.grid.neighbours8(state.at))

    def why_illegal(self, state: PathState, move: Any) -> str | None:
        if self.is_over(state):
            return "the game is over"
        if not (isinstance(move, tuple) and len(move) == 2 and all(type(v) is int for v in move)):
            return f"a move is the cell the king goes to, a pair of whole numbers (x, y), not {move!r}"
        cell = Coord(*move)
        if cell not in state.grid:
            return f"{cell} is outside the {state.grid.width} x {state.grid.height} grid"
        if cell in state.grid.blocked:
            return f"{cell} is a blocked cell"
        if chebyshev(state.at, cell) != 1:
            return f"the king moves to one of its 8 neighbouring cells: {state.at} -> {cell} is not one"
        return None

    def next_state(self, state: PathState, move: Coord) -> PathState:
        return PathState(state.grid, Coord(*move), state.target, state.moves + 1)

    def is_over(self, state: PathState) -> bool:
        return state.at == state.target or state.moves >= self.par

    def winner(self, state: PathState) -> int | None:
        """Player 0 when the king stands on the target, else ``None``."""
        return 0 if state.at == state.target else None

    def max_game_length(self) -> int:
        """The player has ``par`` moves."""
        return self.par

    def spec(self) -> dict[str, Any]:
        return {
            "game": self.name,
            **self.grid.spec(),
            "start": list(self.start or ()),
            "target": list(self.target or ()),
        }
