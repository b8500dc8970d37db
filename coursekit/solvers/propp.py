"""Three players (G1.5-G1.8): who can win alone? Propp's classes of positions.

With three players a "winning strategy" against two opponents who may cooperate rarely
exists. J. Propp ("Three-player impartial games", 1999) asks, for each position, whether
one player can win *alone*, against any play of the other two. Name the players by their
place in the turn order at that position: **N**ext (to move), the player after him
(**O**, "Nextnext"), and **P**revious (just moved). In normal play (whoever moves last
wins):

- a position without moves is **P**: Previous has won;
- **N**: some move reaches a P-position (Next moves there and becomes Previous);
- **O**: every move reaches an N-position (whatever Next does, Nextnext is then to move
  and wins alone);
- **P**: every move reaches an O-position (Previous is Nextnext after the move);
- **Q** ("queer"): none of these; no player can force a win alone, and the result depends
  on how the players ally (any two of them together can stop the third).

At most one class holds. :class:`ProppSolver` classifies the positions of any impartial
game; :func:`propp_table` does a whole board of a one-way piece in one sweep.

>>> from coursekit import Coord, OneWayKing
>>> solver = ProppSolver(OneWayKing(Grid(4, 4)))
>>> [solver.classify(Coord(x, 0)) for x in range(4)]
['P', 'N', 'O', 'P']
>>> print(propp_table("king", Grid(4, 3)).picture())
2  O Q Q Q
1  N N Q N
0  P N O P
   0 1 2 3
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from ..core.grid import Grid
from ..core.rules import ImpartialGame, ImpartialView
from .impartial import RetrogradeSolver, kept_solver
from .tables import BLOCKED_OUTCOME, PIECE_NAMES, Piece, Table, mask_sweep, piece_name

__all__ = ["CLASSES", "ProppSolver", "classify_options", "propp_strategy", "propp_table", "spoiler_strategy"]

#: The four classes: Next, Nextnext (O), Previous wins alone; Q: no one does.
CLASSES = ("N", "O", "P", "Q")
_CODE = {name: code for code, name in enumerate(CLASSES)}
_N, _O, _P, _Q = (1 << code for code in range(4))


def classify_options(seen: int) -> int:
    """The class (index into :data:`CLASSES`) of a position whose options' classes are the bits of ``seen``.

    >>> CLASSES[classify_options(0)], CLASSES[classify_options(0b0101)], CLASSES[classify_options(0b0011)]
    ('P', 'N', 'Q')
    """
    if seen == 0 or seen == _O:
        return 2  # P: no move (Previous has won) or every move leaves Previous to win as Nextnext
    if seen & _P:
        return 0  # N: a move to a P-position
    if seen == _N:
        return 1  # O: every move gives the next player a win
    return 3  # Q


def _class_of_options(values: list[int]) -> int:
    seen = 0
    for code in values:
        seen |= 1 << code
    return classify_options(seen)


class ProppSolver(RetrogradeSolver):
    """Propp's class of every position of an impartial game, memoised; no recursion limit.

    >>> from coursekit import Coord
    >>> from coursekit.games.pieces import OneWayRook
    >>> solver = ProppSolver(OneWayRook(Grid(3, 3)))
    >>> solver.classify(Coord(2, 2)), solver.who_wins_alone(Coord(2, 2))
    ('Q', None)
    >>> solver.classify(Coord(1, 0)), solver.winning_moves(Coord(1, 0))
    ('N', (Coord(x=0, y=0),))
    """

    combine = staticmethod(_class_of_options)

    def _code(self, position: Hashable) -> int:
        return self.value(position)

    def classify(self, position: Hashable) -> str:
        """``"N"``, ``"O"``, ``"P"`` or ``"Q"``: who (by place in the turn order) can win alone."""
        return CLASSES[self._code(position)]

    def who_wins_alone(self, position: Hashable) -> str | None:
        """``"N"``, ``"O"`` or ``"P"`` for the player who can win alone, ``None`` for a Q-position."""
        name = self.classify(position)
        return None if name == "Q" else name

    def coalition_can_stop(self, position: Hashable, player: str) -> bool:
        """Whether the other two players together can stop ``player`` (``"N"``, ``"O"`` or ``"P"``) from winning.

        Two against one is a two-sided game, so exactly one side can force its result: the
        pair can stop the third player exactly when he cannot win alone.
        """
        if player not in ("N", "O", "P"):
            raise ValueError(f"a player is named by place: 'N' (next), 'O' (the one after) or 'P' (previous), "
                             f"not {player!r}")
        return self.classify(position) != player

    def winning_moves(self, position: Hashable) -> tuple[Any, ...]:
        """The options that let the player to move win alone (to P-positions); empty unless the class is N."""
        return tuple(o for o in self._options(position) if self._code(o) == _CODE["P"])

    def table(self, positions: Iterable[Hashable]) -> dict[Hashable, str]:
        """The class of many positions."""
        return {p: self.classify(p) for p in positions}


def propp_table(piece: Piece, grid: Grid) -> Table[str]:
    """Propp's class of every cell for a one-way piece, ``"#"`` for blocked cells, in one sweep.

    >>> propp_table("rook", Grid(4, 2)).rows_top_first()
    [['N', 'O', 'Q', 'Q'], ['P', 'N', 'N', 'N']]
    """
    name = piece_name(piece)
    if name in PIECE_NAMES:
        codes = mask_sweep(name, grid, classify_options)
        return Table(grid, "".join(BLOCKED_OUTCOME if c < 0 else CLASSES[c] for c in codes), BLOCKED_OUTCOME)
    free = next(grid.free_cells(), None)
    kind = piece if isinstance(piece, type) else type(piece)
    solver = None if free is None else ProppSolver(kind(grid, free))
    text = "".join(BLOCKED_OUTCOME if solver is None or c in grid.blocked else solver.classify(c) for c in grid.cells())
    return Table(grid, text, BLOCKED_OUTCOME)


_SOLVERS: dict[Any, ProppSolver] = {}


def _solver_for(game: ImpartialGame[Any]) -> ProppSolver:
    return kept_solver(_SOLVERS, game, ProppSolver)


def propp_strategy(rng: random.Random) -> Callable[[Any, Any], Any]:
    """Wins alone whenever Propp's class says the mover can (class N), else moves at random.

    Works for every impartial game, whatever its moves look like: it classifies the states
    the rules lead to (:class:`~coursekit.core.rules.ImpartialView`).
    """

    def choose(rules: Any, state: Any) -> Any:
        solver = _solver_for(ImpartialView(rules))
        moves = tuple(rules.legal_moves(state))
        winning = tuple(m for m in moves if solver.classify(rules.next_state(state, m)) == "P")
        return rng.choice(winning or moves)

    return choose


def spoiler_strategy(rng: random.Random) -> Callable[[Any, Any], Any]:
    """Wins alone when it can; otherwise never hands the next player a win he can force alone, if it can help it.

    After its move the next player is "Next": the spoiler avoids leaving an N-position,
    preferring a Q-position (no one can force a win) to an O-position (the player before
    the spoiler would win alone), and chooses at random among equals.
    """

    def choose(rules: Any, state: Any) -> Any:
        solver = _solver_for(ImpartialView(rules))
        moves = tuple(rules.legal_moves(state))
        classes = {m: solver.classify(rules.next_state(state, m)) for m in moves}
        for wanted in ("P", "Q", "O"):
            good = tuple(m for m in moves if classes[m] == wanted)
            if good:
                return rng.choice(good)
        return rng.choice(moves)

    return choose
