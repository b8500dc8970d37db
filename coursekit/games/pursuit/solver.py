"""Exact pursuit by retrograde analysis: optimal capture times for one or two pursuers.

The rules are those of :mod:`coursekit.games.pursuit.rules` (king moves to free cells, no
standing still unless walled in, the pursuers move first, capture when a pursuer and the
prey share a cell). The solver works on the positions ``(pursuer cells, prey cell)`` over
the ``N`` free cells, with the pursuers to move, and finds for each one the **capture
time**: the number of pursuers' moves until capture when the pursuers catch as fast as they
can and the prey holds out as long as it can; ``None`` when the prey can escape forever.
The game's move limit plays no part here.

It works backwards from the captures, one round at a time (retrograde analysis, or
backward induction). With ``Win[k]`` the positions where the pursuers catch within ``k``
moves (``Win[0]``: already caught):

- prey to move, lost within ``k``: caught already, or *every* prey step lands in ``Win[k]``
  (stepping onto a pursuer counts as caught);
- pursuers to move, ``Win[k + 1]``: ``Win[k]``, or *some* pursuers' move reaches such a
  lost prey position.

Both steps are matrix products with numpy over boolean arrays shaped ``(N, N)`` (one
pursuer) or ``(N, N, N)`` (pursuer 1, pursuer 2, prey), with the ``N x N`` adjacency
matrix of the free cells; the analysis stops when a round adds no position. Positions
never reached are those the prey escapes from.

>>> from coursekit.core import Grid, Coord
>>> solver = PursuitSolver(Grid(4, 4))
>>> solver.capture_time(Coord(0, 0), Coord(3, 3))
3
>>> solver.worst_start()
(3, ((Coord(x=0, y=0),), Coord(x=2, y=0)))
>>> ring = PursuitSolver(Grid(5, 5, frozenset({Coord(2, 2)})))  # one blocked cell inside
>>> ring.worst_start()[0] is None
True
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.grid import Coord, Grid
from ...core.later import Later

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = Later("numpy")  # imported when a solver first computes (see coursekit.core.later)

__all__ = ["MAX_FREE_CELLS", "PursuitSolver"]

#: The largest number of free cells the solver takes, by number of pursuers (two pursuers:
#: 144 cells, a 12 x 12 grid, about 3 million positions per side).
MAX_FREE_CELLS = {1: 900, 2: 144}

Positions = tuple[tuple[Coord, ...], Coord]
"""Where the pieces stand: the pursuers' cells and the prey's cell."""


class PursuitSolver:
    """Optimal capture times for every position of pursuit on ``grid``.

    ``pursuers`` is 1 or 2. Solving happens once, when the solver is made; ``states`` is
    how many positions it solved (each placement of the pieces on free cells, pursuers to
    move and prey to move, pursuers allowed to share a cell) and ``seconds`` how long it
    took.

    >>> solver = PursuitSolver(Grid(5, 5), pursuers=2)
    >>> solver.states, solver.capture_time((Coord(0, 0), Coord(4, 0)), Coord(2, 4))
    (31250, 4)
    """

    def __init__(self, grid: Grid, pursuers: int = 1) -> None:
        if type(pursuers) is not int or pursuers not in (1, 2):
            raise ValueError(f"the solver handles 1 or 2 pursuers, got {pursuers!r}")
        self.grid = grid
        self.pursuers = pursuers
        self.cells: tuple[Coord, ...] = tuple(grid.free_cells())
        count = len(self.cells)
        limit = MAX_FREE_CELLS[pursuers]
        if count > limit:
            side = int(limit ** 0.5)
            raise ValueError(f"with {pursuers} pursuer{'s' if pursuers > 1 else ''} the solver takes at most "
                             f"{limit} free cells (about {side} x {side}); this grid has {count}")
        if count < pursuers + 1:
            raise ValueError(f"the grid has {count} free cells, too few for {pursuers + 1} pieces")
        self._index = {cell: i for i, cell in enumerate(self.cells)}
        self._steps: tuple[tuple[int, ...], ...] = tuple(
            tuple(self._index[c] for c in grid.neighbours8(cell)) or (i,) for i, cell in enumerate(self.cells)
        )
        self.states = 2 * count ** (pursuers + 1)
        started = time.perf_counter()
        self._time = self._solve()
        self.seconds = time.perf_counter() - started

    # ------------------------------------------------------------------ the analysis

    def _adjacency(self) -> NDArray[np.float32]:
        n = len(self.cells)
        adjacency = np.zeros((n, n), dtype=np.float32)
        for i, steps in enumerate(self._steps):
            adjacency[i, list(steps)] = 1.0
        return adjacency

    def _solve(self) -> NDArray[np.int16]:
        """Capture time of every pursuers-to-move position, -1 where the prey escapes."""
        n = len(self.cells)
        a = self._adjacency()
        degree = a.sum(axis=1)
        eye = np.eye(n, dtype=bool)
        # Caught: [pursuer, prey] or [pursuer 1, pursuer 2, prey] with a pursuer on the prey.
        caught = eye if self.pursuers == 1 else eye[:, None, :] | eye[None, :, :]
        shape = caught.shape
        win = caught.copy()
        times = np.where(caught, 0, -1).astype(np.int16)
        rounds = 0
        while True:
            # Prey to move: lost when caught, or when every prey step lands in a won position.
            safe_steps = win.reshape(-1, n).astype(np.float32) @ a.T  # won steps from each prey cell
            lost = caught | (safe_steps.reshape(shape) >= degree - 0.5)
            # Pursuers to move: won when some joint move reaches a lost prey position.
            reach = self._some_move(a, lost.astype(np.float32)) > 0.5
            new = reach & ~win
            if not new.any():
                return times
            rounds += 1
            times[new] = rounds
            win |= new

    def _some_move(self, a: NDArray[np.float32], lost: NDArray[np.float32]) -> NDArray[np.float32]:
        """How many pursuers' moves from each position reach a position in ``lost``."""
        n = len(self.cells)
        if self.pursuers == 1:
            result: NDArray[np.float32] = a @ lost
            return result
        first = (a @ lost.reshape(n, n * n)).reshape(n, n, n)  # [p1, p2', e]: pursuer 1 moved
        swapped = np.ascontiguousarray(first.transpose(0, 2, 1)).reshape(n * n, n)  # [p1, e, p2']
        both = (swapped @ a.T).reshape(n, n, n).transpose(0, 2, 1)  # [p1, p2, e]: both moved
        return np.ascontiguousarray(both)

    # ------------------------------------------------------------------ looking up

    def _cells_of(self, pursuers: Coord | Sequence[Coord]) -> tuple[Coord, ...]:
        given: Sequence[Any] = pursuers
        if isinstance(given, tuple) and len(given) == 2 and all(type(v) is int for v in given):
            cells: tuple[Coord, ...] = (Coord(*given),)
        else:
            cells = tuple(Coord(*c) for c in given)
        if len(cells) != self.pursuers:
            raise ValueError(f"this solver is for {self.pursuers} pursuer{'s' if self.pursuers > 1 else ''}, "
                             f"got {len(cells)} cell{'s' if len(cells) != 1 else ''}")
        return cells

    def _at(self, cell: Any) -> int:
        if type(cell) is Coord:  # the usual case, looked up as it is
            found = self._index.get(cell)
            if found is not None:
                return found
        try:
            return self._index[Coord(*cell)]
        except (KeyError, TypeError):
            raise ValueError(f"{cell} is not a free cell of the {self.grid.width} x {self.grid.height} grid") from None

    def _lookup(self, chasers: Sequence[Coord], prey: Coord) -> int | None:
        value: int = self._time.item(*(self._at(c) for c in chasers), self._at(prey))
        return None if value < 0 else value

    def capture_time(self, pursuers: Coord | Sequence[Coord], prey: Coord) -> int | None:
        """Pursuers' moves until capture under optimal play, the pursuers to move first
        (0 if a pursuer already stands on the prey), or ``None``: the prey escapes forever.

        ``pursuers`` is a cell, or a sequence of cells, one per pursuer.
        """
        return self._lookup(self._cells_of(pursuers), Coord(*prey))

    def time_table(self, pursuers: Coord | Sequence[Coord]) -> dict[Coord, int | None]:
        """The capture time for every free prey cell, the pursuers fixed and to move (a heat-map).

        >>> table = PursuitSolver(Grid(3, 3)).time_table(Coord(1, 1))
        >>> table[Coord(1, 1)], table[Coord(0, 2)]
        (0, 1)
        """
        chasers = tuple(self._at(c) for c in self._cells_of(pursuers))
        row = self._time[chasers]
        return {cell: (None if row[i] < 0 else int(row[i])) for i, cell in enumerate(self.cells)}

    def _starts(self) -> tuple[NDArray[np.bool_], NDArray[np.int64]]:
        """Which (pursuers, prey) index tuples are starts (distinct cells, pursuers in
        increasing order), and the times with escapes as a large number."""
        n = len(self.cells)
        idx = np.arange(n)
        if self.pursuers == 1:
            valid = idx[:, None] != idx[None, :]
        else:
            p1, p2, e = idx[:, None, None], idx[None, :, None], idx[None, None, :]
            valid = (p1 < p2) & (e != p1) & (e != p2)
        forever = self.states + 1
        values = np.where(self._time < 0, forever, self._time).astype(np.int64)
        return valid, values

    def _positions(self, flat: int) -> Positions:
        key = np.unravel_index(flat, self._time.shape)
        cells = [self.cells[int(i)] for i in key]
        return tuple(cells[:-1]), cells[-1]

    def worst_start(self) -> tuple[int | None, Positions]:
        """The longest optimal capture time over all starts on distinct cells, with a start
        that takes it; ``None`` (with a start it escapes from) if the prey escapes from some start."""
        valid, values = self._starts()
        values = np.where(valid, values, -1)
        flat = int(np.argmax(values))
        value = int(values.flat[flat])
        return (None if value > self.states else value), self._positions(flat)

    def best_start(self) -> tuple[int | None, Positions]:
        """The capture time when the pursuers choose their cells first and the prey then
        chooses its cell, with those cells; ``None`` if the prey escapes wherever they stand.
        Among equally good placements the pursuers take the one with the smallest total
        capture time over the prey's cells.

        >>> PursuitSolver(Grid(5, 5)).best_start()
        (2, ((Coord(x=2, y=2),), Coord(x=0, y=0)))
        """
        valid, values = self._starts()
        values = np.where(valid, values, -1)
        reply = values.max(axis=-1)  # the prey's best cell for each placement of the pursuers
        placed = valid.any(axis=-1)
        reply = np.where(placed, reply, np.iinfo(np.int64).max)
        total = np.where(valid, values, 0).sum(axis=-1)  # ties: the smallest total over prey cells
        where = int(np.lexsort((total.ravel(), reply.ravel()))[0])
        chasers = np.unravel_index(where, reply.shape)
        prey = int(np.argmax(values[chasers]))
        flat = int(np.ravel_multi_index((*chasers, prey), self._time.shape))
        value = int(reply.flat[where])
        return (None if value > self.states else value), self._positions(flat)

    # ------------------------------------------------------------------ moves

    def _check(self, state: Any, turn: int) -> None:
        if state.grid != self.grid:
            raise ValueError("the state is on another grid than the solver's")
        if len(state.pursuers) != self.pursuers:
            raise ValueError(f"the state has {len(state.pursuers)} pursuers, the solver {self.pursuers}")
        if state.turn != turn:
            raise ValueError(f"it is not the {'pursuers' if turn == 0 else 'prey'}' turn")
        if state.prey in state.pursuers:
            raise ValueError("the prey is caught already")

    def _after_pursuers(self, chasers: tuple[Coord, ...], prey: Coord) -> int | None:
        """Pursuers' moves still to come, the prey to move (0 if caught)."""
        if prey in chasers:
            return 0
        return self._after_move(tuple(self._at(c) for c in chasers), self._at(prey))

    def _after_move(self, chasers: tuple[int, ...], prey: int) -> int | None:
        """:meth:`_after_pursuers` with the cells given by their indices (the prey not caught)."""
        worst = 0
        time_at = self._time.item
        for step in self._steps[prey]:
            if step in chasers:
                continue  # the prey steps onto a pursuer: caught, 0 moves
            value: int = time_at(*chasers, step)
            if value < 0:
                return None
            if value > worst:
                worst = value
        return worst

    def moves_to_capture(self, state: Any) -> int | None:
        """Pursuers' moves still to come until capture under optimal play, from a state of
        either side's turn (0 if caught); ``None`` if the prey can escape forever."""
        if state.prey in state.pursuers:
            return 0
        if state.turn == 0:
            return self.capture_time(state.pursuers, state.prey)
        return self._after_pursuers(tuple(state.pursuers), state.prey)

    def pursuer_move_times(self, state: Any) -> dict[tuple[Coord, ...], int | None]:
        """For each pursuers' move (in the rules' order), the capture time counted from
        ``state``: 1 if the move catches, ``None`` if the prey then escapes forever."""
        self._check(state, 0)
        options = [self._steps[self._at(p)] for p in state.pursuers]
        prey = self._at(state.prey)
        cells = self.cells
        times: dict[tuple[Coord, ...], int | None] = {}
        for chasers in itertools.product(*options):
            after = 0 if prey in chasers else self._after_move(chasers, prey)
            times[tuple([cells[i] for i in chasers])] = None if after is None else after + 1
        return times

    def prey_move_times(self, state: Any) -> dict[Coord, int | None]:
        """For each prey move (in ``NEXT8`` order), the pursuers' moves still to come until
        capture (0 if it steps onto a pursuer), ``None`` if it escapes forever."""
        self._check(state, 1)
        chasers = tuple(state.pursuers)
        cells = [self.cells[i] for i in self._steps[self._at(state.prey)]]
        return {c: (0 if c in chasers else self._lookup(chasers, c)) for c in cells}

    def best_pursuer_move(self, state: Any) -> tuple[Coord, ...]:
        """A pursuers' move that catches fastest (the first such in the rules' order).

        >>> from coursekit.games.pursuit import Pursuit
        >>> rules = Pursuit(Grid(6, 6), start=(Coord(0, 0), Coord(5, 3)))
        >>> PursuitSolver(Grid(6, 6)).best_pursuer_move(rules.initial_state())
        (Coord(x=1, y=1),)
        """
        times = self.pursuer_move_times(state)
        return min(times, key=lambda m: _forever(times[m]))

    def best_prey_move(self, state: Any) -> Coord:
        """A prey move that holds out longest (the first such in ``NEXT8`` order)."""
        times = self.prey_move_times(state)
        return max(times, key=lambda c: _forever(times[c]))

    def __repr__(self) -> str:
        return (f"PursuitSolver({self.grid.width} x {self.grid.height}, {len(self.grid.blocked)} blocked, "
                f"pursuers={self.pursuers}, states={self.states})")


def _forever(time: int | None) -> float:
    return float("inf") if time is None else time

