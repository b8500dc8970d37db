"""The article's main game loop (Figure 3) for any number of players.

>>> from coursekit.games.beans import Beans, article_strategy, random_strategy
>>> import random
>>> rng = random.Random(1)
>>> record = play(Beans(3, 6), [Player("A", article_strategy(rng)), Player("B", random_strategy(rng))])
>>> record.winner, record.end, record.returns
(0, <End.WON: 'won'>, (1, -1))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import GameStopped, IllegalMoveError
from .record import Record, Step
from .rules import CHANCE, End, Rules, Strategy, draw_chance


@dataclass(frozen=True)
class Player:
    """A participant: a name and a strategy (the article keeps the position here too;
    coursekit keeps positions in the state, so that search can copy and compare states)."""

    name: str
    strategy: Strategy


def random_strategy(rng: random.Random) -> Strategy:
    """A player who picks any legal move at random, with its own seeded generator.

    >>> from coursekit.games.beans import Beans
    >>> rules = Beans(2, 2)
    >>> random_strategy(random.Random(4))(rules, rules.initial_state()) in rules.options((2, 2))
    True
    """

    def choose(rules: Rules[Any, Any], state: Any) -> Any:
        return rng.choice(rules.legal_moves(state))

    return choose


def play(
    rules: Rules[Any, Any],
    players: Sequence[Player],
    *,
    start: Any = None,
    rng: random.Random | None = None,
    max_moves: int | None = None,
) -> Record:
    """Play one game and return its record.

    Each turn the engine asks the player to move, showing it only its observation of the
    state (the state itself in a game of perfect information), checks the move is legal,
    applies it and stops at the end of the game or after ``max_moves`` moves (counting
    every player's move, not chance's). At a chance node the engine draws the outcome from
    ``rng`` (``random.Random(0)`` when none is given), so the same seed gives the same game.
    A strategy that returns an illegal move raises :class:`IllegalMoveError` naming the
    player, the move and the reason; a strategy that raises :class:`GameStopped` ends the
    game with ``end == End.STOPPED``.
    """
    if len(players) != rules.num_players:
        raise ValueError(f"{rules.name} is played by {rules.num_players} players, got {len(players)}")
    if max_moves is not None and max_moves < 0:
        raise ValueError(f"the move limit must not be negative, got {max_moves}")
    chance = random.Random(0) if rng is None else rng
    state = first = rules.initial_state(rng) if start is None else start
    steps: list[Step] = []
    moves = 0
    end: End | None = None
    while not rules.is_over(state):
        number = rules.to_move(state)
        if number == CHANCE:
            outcome = draw_chance(rules.chance_outcomes(state), chance)
            state = rules.next_state(state, outcome)
            steps.append(Step(CHANCE, outcome, state))
            continue
        if max_moves is not None and moves >= max_moves:
            end = End.MOVE_LIMIT
            break
        player = players[number]
        try:
            move = player.strategy(rules, rules.observation(state, number))
        except GameStopped:
            end = End.STOPPED
            break
        reason = rules.why_illegal(state, move)
        if reason is not None:
            raise IllegalMoveError(f"{player.name} played {move}: {reason}")
        state = rules.next_state(state, move)
        steps.append(Step(number, move, state))
        moves += 1
    return Record.of(rules, tuple(p.name for p in players), first, tuple(steps), end)
