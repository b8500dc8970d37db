"""The computer players of tic-tac-toe, each defined once, for the terminal, the board and the lessons.

A computer player (:data:`ComputerPlayer`) gives its move and what it says about it: the
nodes its search visited and, for D's program, its own words. :data:`COMPUTERS` names them
all, in the order the faces offer them; :func:`default_computer` is the one a seat gets when
nobody chooses: facing a person, the strongest player that answers at once; with no person,
the source's pairing (D's program against itself, on its own board).

>>> rules = TicTacToe()
>>> default_computer(rules, facing_person=True), default_computer(rules, facing_person=False)
('perfect', 'source')
>>> default_computer(TicTacToe(5, 5, 4), facing_person=True)
'random'
>>> as_strategy(perfect_player(random.Random(0)))(rules, rules.position("XX./OO./..."))  # X completes the top row
Coord(x=2, y=2)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ...core.engine import random_strategy
from ...core.grid import Coord
from ...core.rules import Strategy
from ...solvers import gametree
from .rules import TicTacToe, TicTacToeState
from .source import source_best_move

__all__ = [
    "COMPUTERS", "COUNT_LIMIT", "SEARCH_LIMIT", "SOLVE_LIMITS", "ComputerMove", "ComputerPlayer", "as_strategy",
    "default_computer", "fixed_player", "perfect_player", "random_player", "solve_limit", "source_applies",
    "source_player", "strategy_player",
]

#: The most empty cells a position may have for the board to solve it at once (perfect play, hints),
#: by the number of players: a fraction of a second each. Max^n (three or four players) prunes
#: nothing, so it solves fewer cells in that time than alpha-beta does for two.
SOLVE_LIMITS = {2: 12, 3: 9, 4: 8}
#: The most empty cells the terminal's ``solve`` searches: it may take seconds there, where a
#: board must answer at once (:data:`SOLVE_LIMITS`).
SEARCH_LIMIT = 16
#: The most cells a board may have for ``count`` to visit every position of it.
COUNT_LIMIT = 12


@dataclass(frozen=True)
class ComputerMove:
    """What a computer player chose, and what it says about it.

    ``nodes`` is how many positions its search visited (``None`` for a player that does not
    search); ``note`` is what the player says of its move (D's program speaks).
    """

    move: Coord
    nodes: int | None = None
    note: str = ""


#: A computer player: ``player(rules, state)`` gives its move and what it says about it.
ComputerPlayer = Callable[[TicTacToe, TicTacToeState], ComputerMove]


def strategy_player(strategy: Strategy) -> ComputerPlayer:
    """A computer player that plays ``strategy(rules, state)`` and counts nothing.

    >>> strategy_player(lambda rules, state: (2, 0))(TicTacToe(), TicTacToe().initial_state())
    ComputerMove(move=Coord(x=2, y=0), nodes=None, note='')
    """

    def choose(rules: TicTacToe, state: TicTacToeState) -> ComputerMove:
        return ComputerMove(Coord(*strategy(rules, state)))

    return choose


def perfect_player(rng: random.Random) -> ComputerPlayer:
    """The perfect player: solves the position and plays one of its best moves.

    Among equally good moves it takes a win at once if it has one, else it stops the next
    player's win at once if it can (a lost position is then lost later, not now), and draws
    among the rest with ``rng``. ``nodes`` is the number of positions the solver visited.

    >>> rules = TicTacToe()
    >>> choice = perfect_player(random.Random(0))(rules, rules.position("XX./OO./..."))
    >>> choice.move, choice.nodes > 0
    (Coord(x=2, y=2), True)
    """

    def choose(rules: TicTacToe, state: TicTacToeState) -> ComputerMove:
        result = gametree.solve(rules, state)
        best = [Coord(*move) for move in result.best_moves]
        winning = [move for move in best if rules.next_state(state, move).winner is not None]
        safe = [move for move in best if not _wins_at_once(rules, rules.next_state(state, move))]
        return ComputerMove(rng.choice(winning or safe or best), result.nodes)

    return choose


def _wins_at_once(rules: TicTacToe, state: TicTacToeState) -> bool:
    """Whether the player to move can complete a line with one mark."""
    return any(rules.next_state(state, move).winner is not None for move in rules.legal_moves(state))


def solve_limit(rules: TicTacToe) -> int:
    """The most empty cells of a position the board solves at once (for perfect play and hints).

    >>> solve_limit(TicTacToe()), solve_limit(TicTacToe(4, 4, 3, num_players=3))
    (12, 9)
    """
    return SOLVE_LIMITS[rules.num_players]


def source_player() -> ComputerPlayer:
    """D's program (source D): its alpha-beta search, its node count and its own words for the score."""

    def choose(rules: TicTacToe, state: TicTacToeState) -> ComputerMove:
        found = source_best_move(rules, state)
        return ComputerMove(found.move, found.nodes, found.message)

    return choose


def source_applies(rules: TicTacToe) -> str | None:
    """``None`` where D's program can play (either seat), else why not.

    >>> source_applies(TicTacToe()) is None
    True
    >>> source_applies(TicTacToe(4, 4, 3))
    "D's program plays the 3 x 3 board, 3 in a row, two players; this game is 4 x 4, 3 in a row, 2 players"
    """
    if (rules.width, rules.height, rules.k, rules.num_players) == (3, 3, 3, 2):
        return None
    return ("D's program plays the 3 x 3 board, 3 in a row, two players; this game is "
            f"{rules.width} x {rules.height}, {rules.k} in a row, {rules.num_players} players")


def fixed_player(player: ComputerPlayer) -> Callable[[random.Random], ComputerPlayer]:
    """A computer player's maker that always gives ``player``."""
    return lambda _rng: player



def random_player(rng: random.Random) -> ComputerPlayer:
    """A player that marks an empty cell at random (drawn with ``rng``)."""
    return strategy_player(random_strategy(rng))


def as_strategy(player: ComputerPlayer) -> Callable[[TicTacToe, TicTacToeState], Coord]:
    """The player as a plain ``strategy(rules, state)``: its move only (for :func:`coursekit.core.play`)."""

    def choose(rules: TicTacToe, state: TicTacToeState) -> Coord:
        return player(rules, state).move

    return choose


#: Every computer player of tic-tac-toe by name, as the terminal and the board offer them:
#: the perfect player (the game-tree solver), D's program (3 x 3, two players) and random marks.
COMPUTERS: dict[str, Callable[[random.Random], ComputerPlayer]] = {
    "perfect": perfect_player,
    "source": lambda _rng: source_player(),
    "random": random_player,
}


def default_computer(rules: TicTacToe, *, facing_person: bool) -> str:
    """The computer a seat gets when nobody chooses one.

    Facing a person: the perfect player where the board is small enough to solve at once
    (:func:`solve_limit`), else random marks. With no person at the board: the source's
    pairing, D's program, where it plays (3 x 3, two players), else the same as facing a person.
    """
    if not facing_person and source_applies(rules) is None:
        return "source"
    return "perfect" if rules.width * rules.height <= solve_limit(rules) else "random"
