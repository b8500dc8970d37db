"""What the boards share: choosing the computer's strategy and naming moves.

Kept free of ipywidgets, so that it is cheap to import and to test.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core.engine import random_strategy
from ..core.rules import Strategy
from ..solvers import perfect_strategy

#: The computer players a board can be given by name.
COMPUTERS = ("perfect", "article", "random")

#: Names of the two sides in a board's record.
HUMAN, COMPUTER = "You", "Computer"


def choose_computer(
    computer: str | Strategy,
    rng: random.Random,
    article: Callable[[random.Random], Strategy],
) -> Strategy:
    """The strategy called ``computer`` ("perfect", "article" or "random"), or ``computer`` itself.

    Every random choice of the computer goes through ``rng``, so the same seed gives the
    same game.
    """
    if callable(computer):
        return computer
    if computer == "perfect":
        return perfect_strategy(rng)
    if computer == "article":
        return article(rng)
    if computer == "random":
        return random_strategy(rng)
    raise ValueError(f"the computer plays one of {', '.join(repr(c) for c in COMPUTERS)}, "
                     f"or give a strategy(rules, state); got {computer!r}")


def players_names(human_first: bool) -> tuple[str, str]:
    """The record's player names, in the order the players move."""
    return (HUMAN, COMPUTER) if human_first else (COMPUTER, HUMAN)
