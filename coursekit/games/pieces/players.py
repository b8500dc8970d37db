"""The computer players of the one-way pieces: the article's player P0, perfect play, random
moves, and the three-player strategies of :mod:`coursekit.solvers.propp`.

Each is made from a seeded generator (``make(rng)``), so the same seed gives the same game.
``"perfect"`` is the best the course knows for the number of players: with two the exact
solver's move (a move to a P-position), with three a win alone whenever Propp's class
allows one (as ``"propp"``).

>>> from coursekit.core import Grid, Player, play
>>> from coursekit.games.pieces import OneWayQueen
>>> record = play(OneWayQueen(Grid(8, 6)), [Player("P0", article_strategy(random.Random(0))),
...                                         Player("P1", random_strategy(random.Random(0)))])
>>> record.players[record.winner]
'P0'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...core.engine import random_strategy
from ...core.grid import Coord
from ...solvers.impartial import perfect_strategy as two_player_perfect
from ...solvers.propp import propp_strategy, spoiler_strategy
from ..beans import is_winning, winning_move
from .rules import OneWayKing, OneWayPiece, PieceState, favourable

__all__ = [
    "COMPUTERS", "THREE_PLAYER_OPPONENT", "Strategy", "article_strategy", "perfect_strategy", "propp_strategy",
    "random_strategy", "spoiler_strategy",
]


Strategy = Callable[[OneWayPiece, PieceState], Coord]


def article_strategy(rng: random.Random) -> Strategy:
    """The article's player P0: move to a favourable cell by the known rule if it can, else at random.

    For the king this is the beans rule (leave both coordinates even), as in the article's
    program. For the queen and the rook the article gives no program, only a note that a
    mathematical analysis finds the favourable cells: here that analysis is the rule
    (Wythoff's pairs for the queen, ``x == y`` for the rook, see :func:`favourable`). For the
    knight the article gives nothing, so this player moves at random. On a grid with blocked
    cells it still follows the open-grid rule; when no legal move is favourable it moves at
    random.

    >>> from coursekit.core import Grid
    >>> from coursekit.games.pieces import OneWayQueen
    >>> rules = OneWayQueen(Grid(7, 4))
    >>> article_strategy(random.Random(0))(rules, rules.initial_state())  # from [6, 3] to Wythoff's (3, 5)
    Coord(x=5, y=3)
    """

    def choose(rules: OneWayPiece, state: PieceState) -> Coord:
        moves = rules.legal_moves(state)
        if isinstance(rules, OneWayKing):
            if is_winning(*state.at):
                target = Coord(*winning_move(*state.at))
                if target in moves:
                    return target
        elif rules.piece in ("queen", "rook"):
            for target in moves:
                if favourable(rules.piece, target):
                    return target
        return rng.choice(moves)

    return choose


def perfect_strategy(rng: random.Random) -> Strategy:
    """Perfect play for the number of players: with two, a move to a P-position whenever one
    exists (:func:`coursekit.solvers.perfect_strategy`); with three, a win alone whenever
    Propp's class allows one (:func:`coursekit.solvers.propp.propp_strategy`).

    >>> from coursekit.core import Grid
    >>> from coursekit.games.pieces import OneWayKing
    >>> rules = OneWayKing(Grid(3, 2))
    >>> perfect_strategy(random.Random(0))(rules, rules.initial_state())  # to [2, 0]: both even, a P-position
    Coord(x=2, y=0)
    """
    two, three = two_player_perfect(rng), propp_strategy(rng)

    def choose(rules: Any, state: Any) -> Any:
        return (three if getattr(rules, "num_players", 2) == 3 else two)(rules, state)

    return choose


#: Every computer player of the pieces by name, as the terminal and the board offer them.
COMPUTERS: dict[str, Callable[[random.Random], Strategy]] = {
    "perfect": perfect_strategy,
    "article": article_strategy,
    "random": random_strategy,
    "propp": propp_strategy,
    "spoiler": spoiler_strategy,
}

#: Who faces a person in a three-player game unless they choose another (the game's entry
#: names who faces a person in a two-player game).
THREE_PLAYER_OPPONENT = "spoiler"
