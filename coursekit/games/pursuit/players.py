"""The players of pursuit (article, sections 6-7): the article's Tom and Jerry, a random prey,
pursuers planning together, and optimal play on both sides; the article's four games.

Every computer is made by name from :data:`COMPUTERS`, ``make(rng, solver=None)``: ``rng``
drives the random prey, ``solver`` (an exact :class:`~coursekit.games.pursuit.solver.PursuitSolver`)
serves optimal play (G2.5's coalition plans one round ahead without it, on both faces: the
terminal's and the board's coalition are one player, and ``optimal`` is the solver's). Each side has its own computers
(:data:`PURSUER_COMPUTERS`, :data:`PREY_COMPUTERS`); each variant names the pair it plays by
default (:attr:`Variant.computers`). The terminal and the board offer the same names.

>>> import random
>>> from coursekit.core import Coord, Grid, play
>>> rules = VARIANTS["G2.3"].rules(Grid(6, 6), start=(Coord(0, 0), Coord(5, 5)))
>>> record = play(rules, VARIANTS["G2.3"].players(random.Random(1)))
>>> record.winner, record.players
(0, ('Tom', 'Jerry'))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any, Protocol

from ...core.engine import Player
from ...core.grid import Coord, Grid, chebyshev
from .rules import DEFAULT_MAX_MOVES, PursuerMove, Pursuit, PursuitState, Start, steps_from

__all__ = [
    "COMPUTERS", "PREY_COMPUTERS", "PURSUER_COMPUTERS", "VARIANTS", "Maker", "MoveAdvisor", "PreyStrategy",
    "PursuerStrategy", "Variant", "coalition_pursuers", "jerry_move", "jerry_strategy", "lone_pursuers",
    "optimal_player", "optimal_prey", "optimal_pursuers", "random_prey", "tom_step", "tom_strategy",
]

PursuerStrategy = Callable[[Pursuit, PursuitState], PursuerMove]
PreyStrategy = Callable[[Pursuit, PursuitState], Coord]


def tom_step(grid: Grid, tom: Coord, jerry: Coord) -> Coord:
    """The article's Tom (Figure 14): step by the sign of ``dx`` and ``dy`` toward Jerry.

    The article's grids have no blocked cells. When that cell is blocked, Tom takes the free
    neighbour closest to Jerry (Chebyshev), the first such in ``NEXT8`` order; a walled-in
    Tom stays.

    >>> tom_step(Grid(5, 5), Coord(0, 0), Coord(3, 1))
    Coord(x=1, y=1)
    >>> tom_step(Grid(5, 5, frozenset({Coord(1, 1)})), Coord(0, 0), Coord(3, 1))
    Coord(x=1, y=0)
    """
    # Coord(tom.x + sign(dx), tom.y + sign(dy)) when it is free and not tom, written out: the lessons'
    # tables and look-ahead players ask for Tom's step millions of times
    x, y = tom.x, tom.y
    dx, dy = jerry.x - x, jerry.y - y
    x += (dx > 0) - (dx < 0)
    y += (dy > 0) - (dy < 0)
    if (dx or dy) and 0 <= x < grid.width and 0 <= y < grid.height:
        direct = Coord(x, y)
        if direct not in grid.blocked:
            return direct
    options = steps_from(grid, tom)
    return min(options, key=lambda c: chebyshev(c, jerry))  # min keeps the first of equals


def tom_strategy() -> PursuerStrategy:
    """The article's Tom for one pursuer (each pursuer by Tom's rule when there are more)."""
    return lone_pursuers()


def lone_pursuers() -> PursuerStrategy:
    """G2.4: every pursuer chases on its own by Tom's rule, ignoring the others.

    >>> rules = Pursuit(Grid(5, 5), pursuers=2, start=((Coord(0, 0), Coord(4, 0)), Coord(2, 4)))
    >>> lone_pursuers()(rules, rules.initial_state())
    (Coord(x=1, y=1), Coord(x=3, y=1))
    """

    def choose(rules: Pursuit, state: PursuitState) -> PursuerMove:
        return tuple(tom_step(state.grid, p, state.prey) for p in state.pursuers)

    return choose


def jerry_move(grid: Grid, jerry: Coord, pursuers: Sequence[Coord]) -> Coord:
    """The article's Jerry (Figure 15): the neighbouring cell farthest (Chebyshev) from Tom,
    the first such in ``NEXT8`` order. With two pursuers, "farthest" means farthest from the
    nearer one. Blocked cells are skipped; a walled-in Jerry stays.

    >>> jerry_move(Grid(5, 5), Coord(2, 2), [Coord(1, 1)])
    Coord(x=3, y=2)
    """
    best, far = jerry, -1
    for cell in grid.neighbours8(jerry):  # the free cells among jerry + step for each step of NEXT8, in order
        distance = min(map(chebyshev, repeat(cell), pursuers))
        if far < distance:
            best, far = cell, distance
    return best


def jerry_strategy() -> PreyStrategy:
    """The article's Jerry as a strategy for the prey (player 1)."""

    def choose(rules: Pursuit, state: PursuitState) -> Coord:
        return jerry_move(state.grid, state.prey, state.pursuers)

    return choose


def random_prey(rng: random.Random) -> PreyStrategy:
    """G2.2: a prey that does not see the pursuers and steps at random (its own seeded generator)."""

    def choose(rules: Pursuit, state: PursuitState) -> Coord:
        return rng.choice(steps_from(state.grid, state.prey))

    return choose


class MoveAdvisor(Protocol):
    """What the optimal strategies need from an exact solver
    (:class:`coursekit.games.pursuit.solver.PursuitSolver` provides it)."""

    def pursuer_move_times(self, state: Any) -> dict[tuple[Coord, ...], int | None]:
        """Capture time (pursuers' moves, counted from ``state``) after each pursuers' move."""
        ...

    def prey_move_times(self, state: Any) -> dict[Coord, int | None]:
        """Capture time (pursuers' moves still to come) after each prey move."""
        ...


def _forever(time: int | None) -> float:
    return float("inf") if time is None else time


def optimal_pursuers(solver: MoveAdvisor) -> PursuerStrategy:
    """Pursuers who catch as fast as possible against any prey (the exact solver's moves).

    Among equally fast moves they take the one nearest the prey (sum of distances), then
    the first; when the prey can escape forever they chase by Tom's rule.
    """
    lone = lone_pursuers()

    def choose(rules: Pursuit, state: PursuitState) -> PursuerMove:
        times = solver.pursuer_move_times(state)
        if all(t is None for t in times.values()):
            return lone(rules, state)
        return min(times, key=lambda m: (_forever(times[m]), sum(chebyshev(c, state.prey) for c in m)))

    return choose


def optimal_prey(solver: MoveAdvisor) -> PreyStrategy:
    """A prey that stays free as long as possible against any pursuers (forever if it can).

    Among equally good cells it takes Jerry's: the farthest from the nearer pursuer, then the
    first in ``NEXT8`` order.
    """

    def choose(rules: Pursuit, state: PursuitState) -> Coord:
        times = solver.prey_move_times(state)
        return max(times, key=lambda c: (_forever(times[c]), min(chebyshev(c, p) for p in state.pursuers)))

    return choose


def coalition_pursuers() -> PursuerStrategy:
    """G2.5: the pursuers plan their moves together, one round ahead (:func:`optimal_pursuers`
    plans to the end with the exact solver).

    The plan: catch now if possible; else choose the joint move after which the prey's best reply
    leaves it nearest to the nearer pursuer (fewest such replies breaks ties, then the sum
    of the pursuers' distances to the prey, then the first move).

    >>> rules = Pursuit(Grid(5, 5), pursuers=2, start=((Coord(0, 0), Coord(4, 0)), Coord(2, 4)))
    >>> coalition_pursuers()(rules, rules.initial_state())
    (Coord(x=0, y=1), Coord(x=3, y=1))
    """
    def choose(rules: Pursuit, state: PursuitState) -> PursuerMove:
        grid, prey = state.grid, state.prey
        replies = steps_from(grid, prey)

        def score(move: PursuerMove) -> tuple[int, int, int]:
            if prey in move:
                return (-1, 0, 0)
            after = [0 if r in move else min(map(chebyshev, repeat(r), move)) for r in replies]
            best = max(after)
            return (best, after.count(best), sum(map(chebyshev, move, repeat(prey))))

        return min(rules.legal_moves(state), key=score)

    return choose


# ----------------------------------------------------------------------------- variants


@dataclass(frozen=True)
class Variant:
    """One of the article's pursuit games: its rules and the default players of both sides."""

    code: str
    title: str
    pursuers: int
    hunter: str
    prey: str
    #: The computers that play each side unless others are chosen (names of :data:`COMPUTERS`).
    computers: tuple[str, str]

    def rules(self, grid: Grid, start: Start | None = None, max_moves: int = DEFAULT_MAX_MOVES) -> Pursuit:
        """The rules of this variant on ``grid``."""
        return Pursuit(grid, self.pursuers, start, max_moves)

    def strategies(
        self, rng: random.Random, solver: MoveAdvisor | None = None
    ) -> tuple[PursuerStrategy, PreyStrategy]:
        """The default strategies ``(pursuers, prey)``; ``rng`` drives a random prey, and
        ``solver`` serves a side that plays optimally."""
        pursuers, prey = self.computers
        return COMPUTERS[pursuers](rng, solver), COMPUTERS[prey](rng, solver)

    def players(self, rng: random.Random, solver: MoveAdvisor | None = None) -> list[Player]:
        """The two sides as engine players, named as in the article (Tom and Jerry).

        >>> rules = VARIANTS["G2.3"].rules(Grid(6, 6), start=(Coord(0, 0), Coord(5, 5)))
        >>> from coursekit.core import play
        >>> record = play(rules, VARIANTS["G2.3"].players(random.Random(1)))
        >>> record.winner, record.final.moves, record.final.prey
        (0, 5, Coord(x=5, y=1))
        """
        pursuers, prey = self.strategies(rng, solver)
        return [Player(self.hunter, pursuers), Player(self.prey, prey)]


VARIANTS: dict[str, Variant] = {
    "G2.2": Variant("G2.2", "one pursuer, a prey moving at random", 1, "Tom", "Jerry", ("Tom", "random")),
    "G2.3": Variant("G2.3", "Tom and Jerry: one pursuer, a prey that sees it", 1, "Tom", "Jerry", ("Tom", "Jerry")),
    "G2.4": Variant("G2.4", "two pursuers, each chasing on its own", 2, "Tom and Spike", "Jerry", ("lone", "Jerry")),
    "G2.5": Variant("G2.5", "two pursuers planning together (a coalition)", 2, "Tom and Spike", "Jerry",
                    ("coalition", "Jerry")),
}
"""The article's pursuit games by code."""


class Maker(Protocol):
    """How a computer is made: from the game's generator and, when there is one, the exact solver."""

    def __call__(self, rng: random.Random, solver: MoveAdvisor | None = None) -> Any: ...


def optimal_player(rng: random.Random, solver: MoveAdvisor | None = None) -> Callable[[Pursuit, PursuitState], Any]:
    """Optimal play for the side to move: :func:`optimal_pursuers` or :func:`optimal_prey` (needs ``solver``)."""
    if solver is None:
        raise ValueError("optimal play needs the exact solver of the grid")
    pursuers, prey = optimal_pursuers(solver), optimal_prey(solver)

    def choose(rules: Pursuit, state: PursuitState) -> Any:
        return pursuers(rules, state) if state.turn == 0 else prey(rules, state)

    return choose


#: Every computer of pursuit by name, as the terminal and the board offer them: the pursuers'
#: (``Tom``, the article's Tom; ``lone``, each of two pursuers by Tom's rule; ``coalition``),
#: ``optimal`` for either side, then the prey's (``Jerry``, the article's Jerry; ``random``).
COMPUTERS: dict[str, Maker] = {
    "Tom": lambda rng, solver=None: lone_pursuers(),
    "lone": lambda rng, solver=None: lone_pursuers(),
    "coalition": lambda rng, solver=None: coalition_pursuers(),
    "optimal": optimal_player,
    "Jerry": lambda rng, solver=None: jerry_strategy(),
    "random": lambda rng, solver=None: random_prey(rng),
}
#: The pursuers' computers, with one pursuer and with two.
PURSUER_COMPUTERS: dict[int, tuple[str, ...]] = {1: ("Tom", "optimal"), 2: ("lone", "coalition", "optimal")}
#: The prey's computers.
PREY_COMPUTERS: tuple[str, ...] = ("Jerry", "random", "optimal")
