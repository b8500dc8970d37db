"""Shortest king paths on a grid with blocked cells: breadth-first search and A* (G2.1).

A king moves to any of its 8 neighbouring free cells (article, section 6). A **path** is the
tuple of cells from the start to the target, both included; its **length** is the number
of moves, one less than its number of cells. On an open grid the length is the Chebyshev
distance ``max(|dx|, |dy|)``; with blocked cells both searches here find a shortest path.

What the searches count: a cell is **expanded** when it is taken off the frontier and its
neighbours are looked at. Both searches stop as soon as the target is taken off the
frontier, and the target counts as expanded then. ``expanded`` lists the cells in the
order they were expanded, so a picture can show how each search spreads.

Ties are broken the same way every time, so the figures can be checked:

- neighbours are looked at in the article's ``NEXT8`` order;
- BFS takes cells first in, first out;
- A* takes the cell with the smallest ``f = g + h`` (``g`` moves so far, ``h`` the Chebyshev
  distance left); among equal ``f`` the one with the larger ``g`` (nearer the target), then
  the one put on the frontier first.

On an open 100 x 100 grid, corner to corner, BFS expands every cell and A* only the diagonal:

>>> from coursekit.core import Coord, Grid
>>> grid = Grid(100, 100)
>>> wide, aimed = bfs(grid, Coord(0, 0), Coord(99, 99)), astar(grid, Coord(0, 0), Coord(99, 99))
>>> wide.length, len(wide.expanded), aimed.length, len(aimed.expanded)
(99, 10000, 99, 100)

A small grid with a wall:

>>> walled = Grid(5, 3, blocked=frozenset({Coord(2, 0), Coord(2, 1)}))
>>> result = astar(walled, Coord(0, 0), Coord(4, 0))
>>> [str(c) for c in result.path]
['[0, 0]', '[1, 1]', '[2, 2]', '[3, 1]', '[4, 0]']
>>> result.length, is_valid_path(walled, result.path, Coord(0, 0), Coord(4, 0))
(4, None)
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise

from ..core.display import Shown
from ..core.errors import CoursekitError
from ..core.grid import NEXT8, Coord, Grid, chebyshev

#: The algorithms this module offers, by the name a :class:`SearchResult` carries.
ALGORITHMS = ("bfs", "astar")


class SearchError(CoursekitError, ValueError):
    """A search that cannot start: the start or the target is outside the grid or blocked."""


@dataclass(frozen=True, repr=False)
class SearchResult(Shown):
    """What a search found and how it got there.

    ``path``: the cells from ``start`` to ``target``, both included, or ``None`` when the
    target cannot be reached. ``expanded``: the cells taken off the frontier, in order.
    ``grid``, ``start``, ``target`` and ``algorithm`` (``"bfs"`` or ``"astar"``) say what
    was searched, so a result can print and draw itself.

    >>> from coursekit.core import Coord, Grid
    >>> result = bfs(Grid(3, 1), Coord(0, 0), Coord(2, 0))
    >>> result.found, result.length, len(result.expanded)
    (True, 2, 3)
    >>> print(result)
    0  S * T
       0 1 2
    length: 2 moves, bfs expanded 3 cells
    """

    path: tuple[Coord, ...] | None
    expanded: tuple[Coord, ...]
    grid: Grid
    start: Coord
    target: Coord
    algorithm: str = "bfs"

    @property
    def found(self) -> bool:
        """Whether the target was reached."""
        return self.path is not None

    @property
    def length(self) -> int | None:
        """The number of moves on the path (``len(path) - 1``), ``None`` when there is no path."""
        return None if self.path is None else len(self.path) - 1

    def __repr__(self) -> str:
        return (f"SearchResult({self.algorithm}, {self.start} -> {self.target}, length={self.length}, "
                f"expanded={len(self.expanded)}, grid={self.grid.width}x{self.grid.height})")


def free_cell(grid: Grid, cell: Coord, role: str) -> Coord:
    """``cell`` as a :class:`Coord`, or a :class:`SearchError` saying why the ``role`` cannot stand there.

    >>> free_cell(Grid(4, 3), (1, 2), "start")
    Coord(x=1, y=2)
    >>> free_cell(Grid(4, 3), Coord(4, 0), "target")
    Traceback (most recent call last):
    ...
    coursekit.solvers.search.SearchError: the target [4, 0] is outside the 4 x 3 grid
    """
    cell = Coord(*cell)
    if cell not in grid:
        raise SearchError(f"the {role} {cell} is outside the {grid.width} x {grid.height} grid")
    if cell in grid.blocked:
        raise SearchError(f"the {role} {cell} is a blocked cell")
    return cell


def _check_cell(grid: Grid, cell: Coord, role: str) -> Coord:
    if not (isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell)):
        raise SearchError(f"the {role} must be a cell (x, y) of whole numbers, got {cell!r}")
    return free_cell(grid, cell, role)


def _neighbours(grid: Grid, cell: Coord) -> Iterator[Coord]:
    """Free neighbours in ``NEXT8`` order (as ``grid.neighbours8``, a little faster)."""
    x, y = cell
    width, height, blocked = grid.width, grid.height, grid.blocked
    for dx, dy in NEXT8:
        nx, ny = x + dx, y + dy
        if 0 <= nx < width and 0 <= ny < height:
            nxt = Coord(nx, ny)
            if nxt not in blocked:
                yield nxt


def _walk_back(parent: dict[Coord, Coord | None], target: Coord) -> tuple[Coord, ...]:
    cells = [target]
    before = parent[target]
    while before is not None:
        cells.append(before)
        before = parent[before]
    return tuple(reversed(cells))


def bfs(grid: Grid, start: Coord, target: Coord) -> SearchResult:
    """Breadth-first search: the cells in order of their distance from ``start``.

    Every cell is put on the frontier once, when first seen, and remembers the cell it was
    seen from; the search stops when the target is taken off the frontier.

    >>> from coursekit.core import Coord, Grid
    >>> result = bfs(Grid(4, 4), Coord(0, 0), Coord(3, 1))
    >>> result.length, [str(c) for c in result.path]
    (3, ['[0, 0]', '[1, 0]', '[2, 0]', '[3, 1]'])
    >>> bfs(Grid(3, 3, blocked=frozenset({Coord(1, 0), Coord(1, 1), Coord(1, 2)})), Coord(0, 0), Coord(2, 2)).path
    """
    start, target = _check_cell(grid, start, "start"), _check_cell(grid, target, "target")
    parent: dict[Coord, Coord | None] = {start: None}
    frontier = deque([start])
    expanded: list[Coord] = []
    while frontier:
        cell = frontier.popleft()
        expanded.append(cell)
        if cell == target:
            return SearchResult(_walk_back(parent, target), tuple(expanded), grid, start, target, "bfs")
        for nxt in _neighbours(grid, cell):
            if nxt not in parent:
                parent[nxt] = cell
                frontier.append(nxt)
    return SearchResult(None, tuple(expanded), grid, start, target, "bfs")


def astar(grid: Grid, start: Coord, target: Coord) -> SearchResult:
    """A* with the Chebyshev distance to the target as its guide ``h``.

    The frontier is a priority queue on ``(f, -g, order)``. The Chebyshev distance never
    overestimates the moves left and drops by at most 1 per move (it is admissible and
    consistent), so a cell taken off the frontier already has its shortest ``g``: each cell
    is expanded at most once, and the path found is a shortest one.

    >>> from coursekit.core import Coord, Grid
    >>> result = astar(Grid(6, 4), Coord(0, 0), Coord(5, 3))
    >>> result.length, len(result.expanded)
    (5, 6)
    """
    start, target = _check_cell(grid, start, "start"), _check_cell(grid, target, "target")
    best: dict[Coord, int] = {start: 0}
    parent: dict[Coord, Coord | None] = {start: None}
    order = 0
    frontier: list[tuple[int, int, int, Coord]] = [(chebyshev(start, target), 0, order, start)]
    done: set[Coord] = set()
    expanded: list[Coord] = []
    while frontier:
        _f, minus_g, _order, cell = heapq.heappop(frontier)
        if cell in done:
            continue  # a stale entry: the cell was reached again by a shorter way
        done.add(cell)
        expanded.append(cell)
        if cell == target:
            return SearchResult(_walk_back(parent, target), tuple(expanded), grid, start, target, "astar")
        g = -minus_g + 1
        for nxt in _neighbours(grid, cell):
            if nxt not in done and g < best.get(nxt, g + 1):
                best[nxt] = g
                parent[nxt] = cell
                order += 1
                heapq.heappush(frontier, (g + chebyshev(nxt, target), -g, order, nxt))
    return SearchResult(None, tuple(expanded), grid, start, target, "astar")


def search(grid: Grid, start: Coord, target: Coord, algorithm: str = "astar") -> SearchResult:
    """Run the search called ``algorithm`` (``"bfs"`` or ``"astar"``)."""
    if algorithm == "bfs":
        return bfs(grid, start, target)
    if algorithm == "astar":
        return astar(grid, start, target)
    raise ValueError(f"the algorithm is one of {', '.join(ALGORITHMS)}, got {algorithm!r}")


def is_valid_path(grid: Grid, path: object, start: Coord, target: Coord) -> str | None:
    """``None`` if ``path`` leads a king from ``start`` to ``target`` on ``grid``, else why not.

    A valid path is a sequence of cells ``(x, y)`` (whole numbers) that begins at ``start``,
    ends at ``target``, stays on free cells, and goes from each cell to one of its 8
    neighbours. Whether it is a *shortest* path is another question: compare its length
    with :func:`bfs`'s.

    >>> from coursekit.core import Coord, Grid
    >>> grid = Grid(3, 3, blocked=frozenset({Coord(1, 1)}))
    >>> print(is_valid_path(grid, [(0, 0), (1, 1), (2, 2)], Coord(0, 0), Coord(2, 2)))
    step 1 goes onto the blocked cell [1, 1]
    >>> print(is_valid_path(grid, [(0, 0), (0, 2), (2, 2)], Coord(0, 0), Coord(2, 2)))
    step 1 jumps from [0, 0] to [0, 2], which is not a neighbouring cell
    >>> print(is_valid_path(grid, [(0, 0), (0, 1), (1, 2), (2, 2)], Coord(0, 0), Coord(2, 2)))
    None
    """
    if not isinstance(path, Sequence) or isinstance(path, (str, bytes)):
        return f"a path is a list or tuple of cells, got {type(path).__name__}"
    if len(path) == 0:
        return "the path is empty: it must hold at least the start"
    cells: list[Coord] = []
    for i, cell in enumerate(path):
        if not (isinstance(cell, (tuple, list)) and len(cell) == 2 and all(type(v) is int for v in cell)):
            return f"cell {i} of the path is not a pair (x, y) of whole numbers: {cell!r}"
        cells.append(Coord(*cell))
    if cells[0] != start:
        return f"the path starts at {cells[0]}, not at the start {Coord(*start)}"
    for i, (before, cell) in enumerate(pairwise(cells), start=1):
        if cell not in grid:
            return f"step {i} leaves the {grid.width} x {grid.height} grid: {cell}"
        if cell in grid.blocked:
            return f"step {i} goes onto the blocked cell {cell}"
        if before == cell:
            return f"step {i} stays on {cell}: a king moves to a neighbouring cell every step"
        if chebyshev(before, cell) != 1:
            return f"step {i} jumps from {before} to {cell}, which is not a neighbouring cell"
    if cells[-1] != target:
        return f"the path ends at {cells[-1]}, not at the target {Coord(*target)}"
    return None
