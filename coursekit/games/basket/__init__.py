"""The basket (source B): the game's folder.

There are ``colours`` colours (B: red, blue and green) of ``balls`` balls each (B: three).
Two players take turns; a move puts one or more balls of a single colour in the basket, no
more than that colour has left and, when the rules have a ``cap``, no more than ``cap`` at
once. The player who puts the last ball in wins. The basket is Nim: the player to move loses
exactly when the Nim sum of the balls left (each mod ``cap + 1`` with a cap) is 0.

Everything about the game is here: its rules and their theory (:mod:`~coursekit.games.basket.rules`),
B's table player (:mod:`~coursekit.games.basket.source`), the computer players
(:mod:`~coursekit.games.basket.players`), its text and pictures (:mod:`~coursekit.games.basket.view`),
its board (:mod:`~coursekit.games.basket.board`, ``BasketBoard``), the checks the assignments grade
with (:mod:`~coursekit.games.basket.checks`) and its terminal commands (:mod:`~coursekit.games.basket.cli`).

>>> from coursekit.games import basket
>>> rules = basket.Basket()
>>> basket.nim_sum(rules, rules.position((1, 2, 0))), basket.winning_moves(rules, rules.position((1, 2, 0)))
(3, (Put(colour=1, balls=1),))
>>> basket.source_choice(*basket.source_example())
Put(colour=0, balls=1)
"""

from __future__ import annotations

from ...core.registry import GameEntry, lazy_boards
from . import players, rules, source
from .players import *  # noqa: F403 (the package exports what its players module does)
from .players import COMPUTERS
from .rules import *  # noqa: F403 (the package exports what its rules module does)
from .rules import Basket
from .source import *  # noqa: F403 (the package exports what its source module does)

__all__ = ["ENTRIES", *rules.__all__, *source.__all__, *players.__all__]


def _samples() -> tuple[Basket, ...]:
    return (Basket(), Basket(2, 2), Basket(3, 4, cap=2), Basket(5, 6, cap=3), Basket(6, 2))


#: The game as the course offers it (see :mod:`coursekit.games`): B's table player faces a
#: person, and plays both seats when no person plays.
ENTRIES = (GameEntry(
    "basket", "The basket", "B", Basket, Basket.from_spec, _samples,
    board="BasketBoard", commands=("play", "solve"),
    computers=tuple(COMPUTERS), opponent="source", transcript=("source", "source"),
    values=(Basket, rules.BasketState, rules.Put),
),)


#: The board, imported when first asked for (it needs Jupyter's widgets).
__getattr__ = lazy_boards(__name__, "BasketBoard")
