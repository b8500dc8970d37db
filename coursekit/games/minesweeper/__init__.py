"""Minesweeper for one player (A, G3.2) and for two (A, G3.3): the games' folder.

A grid hides mines, placed by chance. In the one-player game a move reveals a cell or puts a
flag on it; revealing a mine loses, revealing every safe cell wins. In the two-player game
the players reveal in turn (no flags, no flood fill): a mine loses at once, and when every safe
cell is revealed, whoever *discovered* more mines (made them certain by a reveal) wins.

Everything about both games is here: the one-player rules and the exact engine
(:mod:`~coursekit.games.minesweeper.rules`: chances, certainties, the knowledge base), the
two-player rules (:mod:`~coursekit.games.minesweeper.duel`), the computer players of both
(:mod:`~coursekit.games.minesweeper.players`), their text and pictures
(:mod:`~coursekit.games.minesweeper.view`), their boards
(:mod:`~coursekit.games.minesweeper.board`, ``MinesBoard`` and ``MinesDuelBoard``), the checks
the assignment grades with (:mod:`~coursekit.games.minesweeper.checks`) and the terminal's
commands (:mod:`~coursekit.games.minesweeper.cli`).

>>> import random
>>> from coursekit.core import Player, play
>>> from coursekit.games import minesweeper
>>> record = play(minesweeper.Minesweeper.level("beginner"),
...               [Player("probability", minesweeper.probability_strategy())], rng=random.Random(0))
>>> record.end, len(record.moves)
(<End.WON: 'won'>, 18)
>>> duel = [Player("safest", minesweeper.safest_strategy()), Player("lookahead", minesweeper.lookahead_strategy())]
>>> record = play(minesweeper.Minesweeper2.level("beginner"), duel, rng=random.Random(3))
>>> record.end, record.final.seen.counts
(<End.WON: 'won'>, (2, 7))
"""

from __future__ import annotations

from ...core.registry import GameEntry, lazy_boards
from . import duel, players, rules
from .duel import *  # noqa: F403 (the package exports what its duel module does)
from .duel import Minesweeper2
from .players import *  # noqa: F403 (the package exports what its players module does)
from .players import COMPUTERS, DUEL_COMPUTERS
from .rules import *  # noqa: F403 (the package exports what its rules module does)
from .rules import Minesweeper

__all__ = ["ENTRIES", *rules.__all__, *duel.__all__, *players.__all__]


def _samples() -> tuple[Minesweeper, ...]:
    return (Minesweeper.level("beginner"), Minesweeper(4, 3, 3, first_safe=False),
            Minesweeper(5, 4, 4, coordinates=True), Minesweeper(3, 1, 2))


def _duel_samples() -> tuple[Minesweeper2, ...]:
    return (Minesweeper2(6, 5, 5), Minesweeper2(4, 3, 3, first_safe=False), Minesweeper2(3, 1, 2),
            Minesweeper2(5, 4, 0))


#: Both games as the course offers them (see :mod:`coursekit.games`). One player: no computer faces a
#: person, and the terminal's game without one is the exact-probability player's. Two players: the
#: lookahead player faces a person and plays both seats without one; the terminal plays it as
#: ``coursekit play minesweeper --players 2`` (its commands are the one-player entry's).
ENTRIES = (
    GameEntry("minesweeper", "Minesweeper", "A §5 G3.2", Minesweeper, Minesweeper.from_spec, _samples,
              board="MinesBoard", commands=("play", "solve"),
              computers=tuple(COMPUTERS), transcript=("probability",),
              values=(Minesweeper, rules.MinesweeperBoard, rules.MinesweeperState, rules.Flag)),
    GameEntry("minesweeper2", "Minesweeper for two", "A §5 G3.3", Minesweeper2, Minesweeper2.from_spec,
              _duel_samples, board="MinesDuelBoard", commands=(),
              computers=tuple(DUEL_COMPUTERS), opponent="lookahead", transcript=("lookahead", "lookahead"),
              values=(Minesweeper2, duel.Minesweeper2Board, duel.Minesweeper2State, rules.Flag)),
)

#: The boards, imported when first asked for (they need Jupyter's widgets).
_BOARDS = ("MinesBoard", "MinesDuelBoard")


#: The board, imported when first asked for (it needs Jupyter's widgets).
__getattr__ = lazy_boards(__name__, *_BOARDS)
