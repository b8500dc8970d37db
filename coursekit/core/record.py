"""The record of one game: the article's "partia".

A record is the start state and the sequence of (player, move, resulting state), with
the result at the end. It prints in the game's transcript format, draws its last state,
and survives a JSON round trip.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import display
from .codec import from_json, to_json
from .errors import CoursekitError, IllegalMoveError
from .rules import Rules

#: How a game can end: a player won, nobody did, the move limit came, or play was stopped.
ENDINGS = ("won", "draw", "move limit", "stopped")


@dataclass(frozen=True)
class Step:
    """One move of a game: who moved, what the move was, and the state it led to."""

    player: int
    move: Any
    state: Any


@dataclass(frozen=True)
class Record:
    """A finished (or stopped) game.

    ``winner`` is the number of the winning player or ``None``; ``end`` is one of
    :data:`ENDINGS`.
    """

    rules: Rules[Any, Any]
    players: tuple[str, ...]
    start: Any
    steps: tuple[Step, ...]
    winner: int | None
    end: str

    @property
    def states(self) -> tuple[Any, ...]:
        """Every state of the game, the start first."""
        return (self.start, *(step.state for step in self.steps))

    @property
    def final(self) -> Any:
        """The last state."""
        return self.steps[-1].state if self.steps else self.start

    def __len__(self) -> int:
        return len(self.steps)

    def __str__(self) -> str:
        text = display.as_text(self, type(self.rules))
        return text if text is not None else repr(self)

    def _repr_svg_(self) -> str | None:
        """The game as a picture (its path where the game has one), else its last state."""
        picture = display.as_svg(self, type(self.rules))
        return picture if picture is not None else display.as_svg(self.final)

    def to_json(self) -> str:
        """The record as JSON text: the rules, the players, the start and the moves."""
        return json.dumps({
            "rules": self.rules.spec(),
            "players": list(self.players),
            "start": to_json(self.start),
            "moves": [[step.player, to_json(step.move)] for step in self.steps],
            "winner": self.winner,
            "end": self.end,
        })

    @classmethod
    def from_json(cls, text: str, make_rules: Callable[[dict[str, Any]], Rules[Any, Any]]) -> Record:
        """Read a record saved by :meth:`to_json`, replaying every move through the rules.

        ``make_rules`` rebuilds the rules from their saved parameters
        (``coursekit.games.rules_from_spec`` knows every game of the course).
        """
        try:
            data = json.loads(text)
            rules = make_rules(data["rules"])
            state_type = type(rules.initial_state(random.Random(0)))
            state = start = from_json(state_type, data["start"])
            steps: list[Step] = []
            for player, saved in data["moves"]:
                move = next((m for m in rules.legal_moves(state) if to_json(m) == saved), None)
                if move is None or player != rules.to_move(state):
                    raise IllegalMoveError(f"move {len(steps) + 1} ({saved}) is not legal there")
                state = rules.apply(state, move)
                steps.append(Step(player, move, state))
            return cls(rules, tuple(data["players"]), start, tuple(steps), data["winner"], data["end"])
        except (KeyError, TypeError, ValueError) as error:
            raise CoursekitError(f"not a valid game record: {error}") from None
