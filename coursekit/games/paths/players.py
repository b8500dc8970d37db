"""The computer players of the shortest path (G2.1): the article's rule.

Each is made from a seeded generator (``make(rng)``), as every game's computers are; the
article's rule uses none.

>>> import random
>>> from coursekit.core import Coord, Grid, Player, play
>>> from coursekit.games.paths import ShortestPath
>>> record = play(ShortestPath(Grid(4, 3)), [Player("P0", COMPUTERS["article"](random.Random(1)))])
>>> record.winner, record.final.at
(0, Coord(x=3, y=2))
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...core.grid import Coord, chebyshev
from .rules import PathState, step_toward

__all__ = ["COMPUTERS", "Strategy", "article_strategy"]

Strategy = Callable[[Any, PathState], Coord]


def article_strategy(rules: Any, state: PathState) -> Coord:
    """The article's rule as a player: step toward the target; if that cell is blocked, take the
    free neighbour nearest the target (Chebyshev), the first in ``NEXT8`` order. Not always shortest.
    """
    step = step_toward(state.at, state.target)
    if state.grid.is_free(step):
        return step
    return min(state.grid.neighbours8(state.at), key=lambda c: chebyshev(c, state.target))


def _article(rng: random.Random) -> Strategy:
    return article_strategy


#: Every computer player of the shortest path by name.
COMPUTERS: dict[str, Callable[[random.Random], Strategy]] = {
    "article": _article,
}
