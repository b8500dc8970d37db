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
from .codec import PLAIN, from_json, to_json
from .errors import CoursekitError, IllegalMoveError
from .rules import CHANCE, End, Rules

#: How a game can end: a player won, a puzzle was lost, nobody won, the move limit came, or play was stopped.
ENDINGS = tuple(End)


@dataclass(frozen=True)
class Step:
    """One move of a game: who moved (:data:`~coursekit.core.rules.CHANCE` for a chance step),
    what the move (or chance's outcome) was, and the state it led to."""

    player: int
    move: Any
    state: Any


@dataclass(frozen=True)
class Record:
    """A finished (or stopped) game.

    ``winner`` is the number of the winning player or ``None``; ``end`` says how the game
    ended (:class:`~coursekit.core.rules.End`); ``returns`` holds one number per player
    (all 0 for a game stopped or cut off by the move limit).
    """

    rules: Rules[Any, Any]
    players: tuple[str, ...]
    start: Any
    steps: tuple[Step, ...]
    winner: int | None
    end: End
    returns: tuple[float, ...] = ()

    @classmethod
    def of(cls, rules: Rules[Any, Any], players: tuple[str, ...], start: Any, steps: tuple[Step, ...],
           end: End | None = None) -> Record:
        """The record of a game played from ``start`` through ``steps``; ``end`` is given when the
        game did not finish (``End.MOVE_LIMIT``, ``End.STOPPED``), else read from the rules."""
        final = steps[-1].state if steps else start
        if end is None:
            if not rules.is_over(final):
                raise ValueError("the game is not over: say how it ended (the move limit, or stopped)")
            return cls(rules, players, start, steps, rules.winner(final), rules.end(final), rules.returns(final))
        return cls(rules, players, start, steps, None, End(end), (0,) * rules.num_players)

    @property
    def moves(self) -> tuple[Step, ...]:
        """The players' steps, without chance's."""
        return tuple(step for step in self.steps if step.player != CHANCE)

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
            "end": str(self.end),
            "returns": list(self.returns),
        })

    @classmethod
    def from_json(cls, text: str, make_rules: Callable[[dict[str, Any]], Rules[Any, Any]]) -> Record:
        """Read a record saved by :meth:`to_json`, replaying every move through the rules.

        ``make_rules`` rebuilds the rules from their saved parameters
        (``coursekit.games.rules_from_spec`` knows every game of the course). Chance steps
        replay exactly: each saved outcome must be one of the outcomes chance had there.
        """
        try:
            data = json.loads(text)
            rules = make_rules(data["rules"])
            state_type = type(rules.initial_state(random.Random(0)))
            state = start = from_json(state_type, data["start"])
            steps: list[Step] = []
            saved_as: dict[Any, Any] = {}  # each move's JSON, made once: the same moves recur from turn to turn
            for player, saved in data["moves"]:
                if player != rules.to_move(state):
                    raise IllegalMoveError(f"{_step_name(player, len(steps), saved)} is not player {player}'s to make")
                choices = ([o for o, _ in rules.chance_outcomes(state)] if player == CHANCE
                           else rules.legal_moves(state))
                move = next((m for m in choices if (m if type(m) in PLAIN else _saved_as(saved_as, m)) == saved), None)
                if move is None:
                    raise IllegalMoveError(f"{_step_name(player, len(steps), saved)} is not legal there")
                state = rules.next_state(state, move)  # one of the legal moves (or outcomes): checked already
                steps.append(Step(player, move, state))
            end = End(data["end"])
            record = cls.of(rules, tuple(data["players"]), start, tuple(steps),
                            end if end in (End.MOVE_LIMIT, End.STOPPED) else None)
            if (record.winner, record.end) != (data["winner"], end):
                raise ValueError(f"the saved result ({end}, winner {data['winner']}) is not what the moves give")
            return record
        except (KeyError, TypeError, ValueError) as error:
            raise CoursekitError(f"not a valid game record: {error}") from None


def _step_name(player: int, made: int, saved: Any) -> str:
    """How an error names the saved step after the first ``made``: ``"move 3 ([1, 2])"``."""
    return f"{'chance step' if player == CHANCE else 'move'} {made + 1} ({saved})"


def _saved_as(known: dict[Any, Any], move: Any) -> Any:
    """``to_json(move)``, remembered in ``known`` (by the move, which is immutable)."""
    try:
        return known[move]
    except KeyError:
        known[move] = value = to_json(move)
        return value
    except TypeError:  # a move that cannot be a key
        return to_json(move)
