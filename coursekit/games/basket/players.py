"""The computer players of the basket: B's table player, the perfect player (the Nim sum) and random moves.

Each is made from a seeded generator (``make(rng)``, :data:`COMPUTERS`), so the same seed gives
the same game; B's player is in :mod:`~coursekit.games.basket.source`. :func:`win_rates`
measures how well B's player does against the others.

>>> list(COMPUTERS)
['source', 'perfect', 'random']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...core.engine import Player, play, random_strategy
from .rules import Basket, BasketState, Put, nim_sum, winning_moves
from .source import DEPTH, source_strategy

__all__ = ["COMPUTERS", "Strategy", "WinRate", "perfect_strategy", "random_strategy", "source_player", "win_rates"]

Strategy = Callable[[Basket, BasketState], Put]


def perfect_strategy(rng: random.Random | None = None) -> Strategy:
    """A player who moves to a Nim sum of 0 whenever it can (one of those moves at random with ``rng``).

    From a losing position it puts one ball of the first colour left (at random with ``rng``), making
    the game last, hoping the opponent errs.

    >>> rules = Basket()
    >>> perfect_strategy()(rules, rules.position((1, 2, 0)))
    Put(colour=1, balls=1)
    """

    def choose(rules: Basket, state: BasketState) -> Put:
        good = winning_moves(rules, state)
        if not good:
            good = tuple(Put(colour, 1) for colour, left in enumerate(state.left) if left)
        return good[0] if rng is None else rng.choice(good)

    return choose


def source_player(rng: random.Random, depth: int = DEPTH) -> Strategy:
    """B's table player at difficulty ``depth``, its ties broken by ``rng`` (its table built the fast way:
    the same table as B's search, :func:`~coursekit.games.basket.source.source_table_fast`)."""
    return source_strategy(depth, rng, fast=True)


#: Every computer player of the basket by name, as the terminal and the board offer them.
COMPUTERS: dict[str, Callable[[random.Random], Strategy]] = {
    "source": source_player,
    "perfect": perfect_strategy,
    "random": random_strategy,
}


# ---------------------------------------------------------------------------------------------
# Measurements: how well B's player does.
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class WinRate:
    """How often B's player (at ``depth``, moving first from ``start``) beat ``opponent`` over ``games`` games."""

    depth: int
    opponent: str
    start: tuple[int, ...]
    start_value: str
    games: int
    wins: int

    @property
    def rate(self) -> float:
        """The share of games B won."""
        return self.wins / self.games


def _opponent(kind: str, rng: random.Random) -> Strategy:
    if kind == "perfect":
        return perfect_strategy(rng)
    if kind == "random":
        return random_strategy(rng)
    raise ValueError(f"the opponent is 'perfect' or 'random', not {kind!r}")


def win_rates(rules: Basket, starts: Sequence[tuple[int, ...]], depths: Sequence[int],
              opponents: Sequence[str] = ("random", "perfect"), games: int = 100, seed: int = 0) -> list[WinRate]:
    """B's player at each depth, moving first from each start, against each opponent, over seeded games.

    Game ``g`` of a row uses ``random.Random(seed * 1_000_003 + g)`` for both players' choices, so the
    same arguments give the same figures. ``start_value`` is ``"win"`` when the player to move
    (B) wins with perfect play, else ``"loss"``.

    >>> rules = Basket()
    >>> [(r.opponent, r.start_value, r.wins) for r in win_rates(rules, [(3, 3, 3), (1, 2, 3)], [9], games=5)]
    [('random', 'win', 4), ('perfect', 'win', 4), ('random', 'loss', 4), ('perfect', 'loss', 0)]
    """
    found = []
    for start in starts:
        state = rules.position(start)
        value = "win" if nim_sum(rules, state) else "loss"
        for depth in depths:
            for kind in opponents:
                wins = 0
                for g in range(games):
                    rng = random.Random(seed * 1_000_003 + g)
                    players = [Player("B", source_strategy(depth, rng, fast=True)), Player(kind, _opponent(kind, rng))]
                    wins += play(rules, players, start=state).winner == 0
                found.append(WinRate(depth, kind, tuple(start), value, games, wins))
    return found
