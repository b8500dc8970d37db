"""Tic-tac-toe and m, n, k-games for 2 to 4 players (article, G3.1; source D): the game's folder.

Its rules (:mod:`~coursekit.games.tictactoe.rules`), D's program
(:mod:`~coursekit.games.tictactoe.source`), the computer players
(:mod:`~coursekit.games.tictactoe.players`), text and pictures
(:mod:`~coursekit.games.tictactoe.view`), the board (``TicTacToeBoard``,
:mod:`~coursekit.games.tictactoe.board`), the checks of the assignments
(:mod:`~coursekit.games.tictactoe.checks`) and the terminal's commands
(:mod:`~coursekit.games.tictactoe.cli`).

>>> from coursekit.games import tictactoe as ttt
>>> rules = ttt.TicTacToe()
>>> print(rules.position("XO./.X./..O"))
2  X O .
1  . X .
0  . . O
   0 1 2
>>> ttt.source_best_move(rules, rules.position("XO./.X./..O")).square  # D numbers the squares 1 to 9
7
"""

from __future__ import annotations

from ...core.engine import random_strategy
from ...core.registry import GameEntry, lazy_boards
from . import players, rules, source
from .players import *  # noqa: F403 (the package exports what its players module does)
from .players import COMPUTERS
from .rules import *  # noqa: F403 (the package exports what its rules module does)
from .rules import TicTacToe
from .source import *  # noqa: F403 (the package exports what its source module does)

__all__ = ["ENTRIES", "random_strategy", *rules.__all__, *source.__all__, *players.__all__]


def _samples() -> tuple[TicTacToe, ...]:
    return (TicTacToe(), TicTacToe(4, 3, 3), TicTacToe(4, 4, 3, num_players=3), TicTacToe(5, 4, 4, num_players=4),
            TicTacToe(3, 1, 2))


#: The game as the course offers it (see :mod:`coursekit.games`): facing a person the perfect
#: player, and with no person the source's pairing, D's program on both seats
#: (:func:`~coursekit.games.tictactoe.players.default_computer` adapts both to the board's size).
ENTRIES = (GameEntry("tictactoe", "Tic-tac-toe (m, n, k-games)", "A §5 G3.1; D", TicTacToe, TicTacToe.from_spec,
                     _samples, board="TicTacToeBoard", commands=("play", "solve", "count"),
                     computers=tuple(COMPUTERS), opponent="perfect", transcript=("source", "source"),
                     values=(TicTacToe, rules.TicTacToeState)),)


#: The board, imported when first asked for (it needs Jupyter's widgets).
__getattr__ = lazy_boards(__name__, "TicTacToeBoard")
