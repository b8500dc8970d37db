"""Bulls and cows (guess-the-numbers, source C): the game's folder.

A secret is ``digits`` different digits (4 of 0 to 9 by default: 5,040 secrets); a guess is
answered with **bulls** (right digit, right place) and **cows** (right digit, wrong place).
One rules class plays both games: the guessing game (chance hides a secret, one player
guesses) and C's mutual game (``mutual=True``: each player hides a secret and guesses the
other's in turn).

Everything about the game is here: its rules and answer table (:mod:`~coursekit.games.bulls.rules`),
its computer guessers and their measurement (:mod:`~coursekit.games.bulls.players`), its text
and pictures (:mod:`~coursekit.games.bulls.view`), its board (:mod:`~coursekit.games.bulls.board`,
``BullsBoard``), the checks problem set 8 grades with (:mod:`~coursekit.games.bulls.checks`)
and its terminal commands (:mod:`~coursekit.games.bulls.cli`).

>>> from coursekit.games import bulls
>>> bulls.score((0, 1, 2, 3), (3, 1, 4, 5))
(1, 1)
>>> bulls.guess_counts("minimax", 3, 6).worst
5
"""

from __future__ import annotations

from ...core.registry import GameEntry, lazy_boards
from . import players, rules
from .players import *  # noqa: F403 (the package exports what its players module does)
from .players import COMPUTERS
from .rules import *  # noqa: F403 (the package exports what its rules module does)
from .rules import Bulls

__all__ = ["ENTRIES", *rules.__all__, *players.__all__]


def _samples() -> tuple[Bulls, ...]:
    return (Bulls(3, 4), Bulls(3, 5, mutual=True), Bulls(max_guesses=8), Bulls(2, 4, mutual=True, max_guesses=3))


#: The game as the course offers it (see :mod:`coursekit.games`). C's guesser faces a person
#: and plays every seat no person plays (one in the guessing game, two in the mutual game).
ENTRIES = (GameEntry(
    "bulls", "Bulls and cows (Отгадай числа)", "C", Bulls, Bulls.from_spec, _samples,
    board="BullsBoard", commands=("play", "solve"),
    computers=tuple(COMPUTERS), opponent="consistent", transcript=("consistent", "consistent"),
    values=(Bulls, rules.BullsState, rules.Answer),
),)


#: The board, imported when first asked for (it needs Jupyter's widgets).
__getattr__ = lazy_boards(__name__, "BullsBoard")
