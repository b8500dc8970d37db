"""The computer players of the crawler: C's player, the perfect player (the exact solver), the mirror plan
and random moves.

Each named player is made from a seeded generator (``make(rng)``, :data:`COMPUTERS`), so the same
seed gives the same game; C's player is in :mod:`~coursekit.games.crawler.source`.

>>> list(COMPUTERS)
['source', 'perfect', 'random']
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core.engine import random_strategy
from ...core.grid import Coord
from ...solvers.gametree import Solution
from .rules import Crawler, CrawlerState, Segment, opening_segment, search
from .source import source_strategy

__all__ = [
    "COMPUTERS", "PERFECT_MAX_POINTS", "SOURCE_MAX_POINTS", "Strategy", "perfect_move", "perfect_strategy",
    "random_strategy", "symmetry_strategy",
]

Strategy = Callable[[Crawler, CrawlerState], Segment]

#: The largest lattice (in points) the perfect player plays on: it solves every position it meets
#: from scratch; on 6 x 6 its dearest decision measured about 0.5 s (C's 6 x 5: 0.3 s), on 7 x 5
#: about 0.8 s, and larger lattices grow fast.
PERFECT_MAX_POINTS = 36
#: The largest lattice (in points) C's player plays on: C's own 6 x 5 (its search keeps no table;
#: its dearest decision there examines 337,450 positions, about 0.35 s).
SOURCE_MAX_POINTS = 30


def perfect_move(rules: Crawler, state: CrawlerState, rng: random.Random) -> tuple[Segment, Solution]:
    """The perfect player's move, and the solution it chose from.

    It solves the position and plays one of its best moves. Winning, it closes the line when it
    can; losing, it prefers a move after which the opponent cannot close at once (the loss comes
    later). Among the moves left it draws with ``rng``.

    >>> rules = Crawler(3, 2)
    >>> move, solution = perfect_move(rules, rules.initial_state(), random.Random(0))
    >>> sorted(move), solution.value > 0
    ([Coord(x=1, y=0), Coord(x=1, y=1)], True)
    """
    solution = search(rules, state)
    best = list(solution.best_moves)
    closing = [m for m in best if rules.closes(state, m)]
    safe = [m for m in best if not rules.closes(state, m) and not rules.gives_a_close(state, m)]
    return rng.choice(closing or safe or best), solution


def perfect_strategy(rng: random.Random) -> Strategy:
    """The perfect player (:func:`perfect_move`) as a strategy, its choices drawn with ``rng``."""

    def choose(rules: Crawler, state: CrawlerState) -> Segment:
        return perfect_move(rules, state, rng)[0]

    return choose


def symmetry_strategy() -> Strategy:
    """The first player's winning plan when one side is even and the other odd.

    Then the middle of the lattice is the middle of a segment: draw it first; afterwards
    close the line if possible, else answer each move by its mirror image through the middle
    (at the other end). The line stays symmetric after each answer, so the opponent can never
    close first: a point next to his new end that lies on the line would have a mirror image
    next to the end before it, which the first player would already have closed.

    >>> from coursekit.core import Player, play
    >>> rules = Crawler(4, 3)
    >>> opponent = random_strategy(random.Random(3))
    >>> record = play(rules, [Player("mirror", symmetry_strategy()), Player("random", opponent)])
    >>> record.winner
    0
    """

    def choose(rules: Crawler, state: CrawlerState) -> Segment:
        if (rules.width + rules.height) % 2 == 0:
            raise ValueError("the mirror plan needs one side even and the other odd")
        if not state.line:
            return opening_segment(rules)
        closing = rules.closing_moves(state)
        if closing:
            return closing[0]
        moves = rules.legal_moves(state)
        return next((m for m in moves if _is_symmetric(rules, rules.next_state(state, m))), moves[0])

    return choose


def _is_symmetric(rules: Crawler, state: CrawlerState) -> bool:
    """Whether the line is its own image through the middle of the lattice."""
    w, h = rules.width, rules.height
    return tuple(Coord(w - 1 - p.x, h - 1 - p.y) for p in state.line) == state.line[::-1]


#: Every computer player of the crawler by name, as the terminal and the board offer them.
COMPUTERS: dict[str, Callable[[random.Random], Strategy]] = {
    "source": lambda _rng: source_strategy(),
    "perfect": perfect_strategy,
    "random": random_strategy,
}
