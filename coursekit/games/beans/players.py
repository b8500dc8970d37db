"""The computer players of beans: the article's player A, perfect play and random moves.

Each is made from a seeded generator (``make(rng)``), so the same seed gives the same game.

>>> import random
>>> from coursekit.core import Player, play
>>> from coursekit.games.beans import Beans
>>> record = play(Beans(3, 6), [Player("A", article_strategy(random.Random(1))),
...                             Player("B", random_strategy(random.Random(1)))])
>>> record.winner
0
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core.engine import random_strategy
from ...solvers import perfect_strategy
from .rules import Beans, BeansState, Piles, is_winning, winning_move

__all__ = ["COMPUTERS", "Strategy", "article_strategy", "perfect_strategy", "random_strategy"]


Strategy = Callable[[Beans, BeansState], Piles]


def article_strategy(rng: random.Random) -> Strategy:
    """The article's player A: the winning move when there is one, else a random move."""

    def choose(rules: Beans, state: BeansState) -> Piles:
        if is_winning(*state.position):
            return winning_move(*state.position)
        return rng.choice(rules.legal_moves(state))

    return choose


#: Every computer player of beans by name, as the terminal and the board offer them.
COMPUTERS: dict[str, Callable[[random.Random], Strategy]] = {
    "perfect": perfect_strategy,
    "article": article_strategy,
    "random": random_strategy,
}
