"""Exact solver for finite impartial games: P/N outcome and Grundy value of every position.

Works on any game with ``options(position)`` (the rules protocol's
:class:`~coursekit.core.rules.ImpartialGame`). Values are computed by retrograde analysis:
a position's value is known once the values of all its options are, starting from the
end positions (no option, value 0) and working backwards. Every value is memoised.

A position is a P-position (the player to move loses) exactly when its Grundy value is 0.

>>> from coursekit.games import Beans
>>> solver = ImpartialSolver(Beans(1, 1))
>>> solver.outcome((2, 2)), solver.outcome((3, 2)), solver.grundy((1, 0))
('P', 'N', 1)
>>> solver.winning_moves((3, 2))
((2, 2),)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

from ..core.errors import NotFiniteError
from ..core.rules import ImpartialGame, ImpartialView


def mex(values: Iterable[int]) -> int:
    """The smallest whole number not among ``values`` (minimum excludant).

    >>> mex([0, 1, 3]), mex([])
    (2, 0)
    """
    seen = set(values)
    n = 0
    while n in seen:
        n += 1
    return n


def retrograde(
    position: Hashable,
    options: Callable[[Any], Iterable[Any]],
    memo: dict[Hashable, int],
    value: Callable[[list[int]], int],
) -> int:
    """The value of ``position``, computed from its options' values, each position once.

    A post-order walk of the game graph from ``position``: a position's ``value`` is taken
    from the list of its options' values as soon as they are all known (an end position
    gets the empty list). Values are kept in ``memo``. An explicit stack replaces
    recursion, so long games do not hit Python's recursion limit; a position that can be
    reached again from itself raises :class:`NotFiniteError`.

    >>> memo: dict[Hashable, int] = {}
    >>> retrograde(5, lambda n: [n - k for k in (1, 2) if n - k >= 0], memo, mex)
    2
    """
    if position in memo:
        return memo[position]
    stack: list[tuple[Hashable, tuple[Any, ...], int]] = [(position, tuple(options(position)), 0)]
    on_path = {position}
    while stack:
        here, opts, next_index = stack[-1]
        for i in range(next_index, len(opts)):
            option = opts[i]
            if option not in memo:
                if option in on_path:
                    raise NotFiniteError(f"position {option} can be reached again from itself: the game is not finite")
                stack[-1] = (here, opts, i + 1)
                on_path.add(option)
                stack.append((option, tuple(options(option)), 0))
                break
        else:
            memo[here] = value([memo[o] for o in opts])
            on_path.discard(here)
            stack.pop()
    return memo[position]


class RetrogradeSolver:
    """One number for each position of an impartial game, computed from its options' numbers by
    :func:`retrograde` with :meth:`combine` and memoised. A subclass says how to combine.

    >>> class Height(RetrogradeSolver):
    ...     combine = staticmethod(lambda values: 1 + max(values, default=-1))
    >>> from coursekit.games import Beans
    >>> solver = Height(Beans(1, 1))
    >>> solver.value((2, 1)), len(solver) > 0
    (3, True)
    """

    def __init__(self, game: ImpartialGame[Any]) -> None:
        self.game = game
        self._values: dict[Hashable, int] = {}
        self._options: Callable[[Any], Iterable[Any]] = game.options

    def __len__(self) -> int:
        """How many positions have been solved so far."""
        return len(self._values)

    @staticmethod
    def combine(values: list[int]) -> int:
        """A position's number from its options' numbers (an end position gets the empty list)."""
        raise NotImplementedError

    def value(self, position: Hashable) -> int:
        """The number of ``position``."""
        return retrograde(position, self._options, self._values, self.combine)


SolverT = TypeVar("SolverT", bound=RetrogradeSolver)


def kept_solver(solvers: dict[Any, SolverT], game: ImpartialGame[Any],
                make: Callable[[ImpartialGame[Any]], SolverT]) -> SolverT:
    """The solver ``solvers`` keeps for ``game``, made by ``make`` the first time.

    Rules are immutable, so their values can be kept; past 65 games the whole store is emptied.

    >>> from coursekit.games import Beans
    >>> store: dict[Any, ImpartialSolver] = {}
    >>> kept_solver(store, Beans(1, 1), ImpartialSolver) is kept_solver(store, Beans(1, 1), ImpartialSolver)
    True
    """
    solver = solvers.get(game)
    if solver is None:
        if len(solvers) > 64:
            solvers.clear()
        solver = solvers[game] = make(game)
    return solver


class ImpartialSolver(RetrogradeSolver):
    """Grundy values and outcomes of one impartial game, memoised."""

    combine = staticmethod(mex)

    def grundy(self, position: Hashable) -> int:
        """The Grundy value of ``position`` (0 exactly for P-positions)."""
        return self.value(position)

    def outcome(self, position: Hashable) -> str:
        """``"P"`` if the player to move loses with best play on both sides, else ``"N"``."""
        return "P" if self.grundy(position) == 0 else "N"

    def is_winning(self, position: Hashable) -> bool:
        """Whether the player to move can force a win."""
        return self.grundy(position) != 0

    def winning_moves(self, position: Hashable) -> tuple[Any, ...]:
        """The options that leave the opponent a P-position (empty from a P-position)."""
        return tuple(o for o in self._options(position) if self.grundy(o) == 0)

    def table(self, positions: Iterable[Hashable]) -> dict[Hashable, int]:
        """Grundy values of many positions."""
        return {p: self.grundy(p) for p in positions}


_SOLVERS: dict[Any, ImpartialSolver] = {}


def solver_for(game: ImpartialGame[Any]) -> ImpartialSolver:
    """A shared solver per game (rules are immutable, so their values can be kept)."""
    return kept_solver(_SOLVERS, game, ImpartialSolver)


def perfect_strategy(rng: random.Random | None = None) -> Callable[[Any, Any], Any]:
    """A player who never misses a win: a move to a P-position whenever one exists.

    From a P-position every move loses; it then plays the first legal move (or a random one
    when given ``rng``), hoping the opponent errs. Works for every impartial game, whatever
    its moves look like: it solves the states the rules lead to (:class:`ImpartialView`).

    >>> from coursekit.core.grid import Coord, Grid
    >>> from coursekit.games import OneWayKing, PieceSum
    >>> rules = PieceSum((OneWayKing(Grid(3, 3)), OneWayKing(Grid(2, 1))))
    >>> perfect_strategy()(rules, rules.initial_state())  # kings on [2, 2] (P) and [1, 0] (N): move the second
    (1, Coord(x=0, y=0))
    """

    def choose(rules: Any, state: Any) -> Any:
        solver = solver_for(ImpartialView(rules))
        moves = tuple(rules.legal_moves(state))
        winning = tuple(m for m in moves if solver.grundy(rules.next_state(state, m)) == 0)
        moves = winning or moves
        return moves[0] if rng is None else rng.choice(moves)

    return choose
