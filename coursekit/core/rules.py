"""The rules protocol: the article's ``GameAlg`` as a small interface.

A game is a state space (article, section 3): an initial state, moves, the transition
``s' = T(s, h)``, terminal states and a result. One small class per game implements
:class:`Rules`; the engine, the solvers and the views work through it and know no
particular game.

States are immutable and hashable. A strategy is any callable ``strategy(rules, state)``
that returns a move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Protocol, TypeVar, runtime_checkable

from .errors import IllegalMoveError

State = TypeVar("State", bound=Hashable)
Move = TypeVar("Move", bound=Hashable)
Position = TypeVar("Position", bound=Hashable)


@runtime_checkable
class Rules(Protocol[State, Move]):
    """What every game provides (the article's ``GameAlg``)."""

    @property
    def name(self) -> str:
        """Short name used by the terminal and in saved records (``"beans"``, ``"king"``)."""
        ...

    @property
    def num_players(self) -> int:
        """Number of players; they move in the fixed order 0, 1, ..., p - 1."""
        ...

    def initial_state(self, rng: random.Random | None = None) -> State:
        """The start of a game (``rng`` for games whose start is random)."""
        ...

    def to_move(self, state: State) -> int:
        """The number of the player whose turn it is."""
        ...

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Every move the player to move may make, in a fixed order."""
        ...

    def why_illegal(self, state: State, move: Any) -> str | None:
        """``None`` for a legal move, otherwise a sentence saying why it is not."""
        ...

    def apply(self, state: State, move: Move) -> State:
        """The transition ``s' = T(s, h)``; raises :class:`IllegalMoveError` with the reason."""
        ...

    def is_over(self, state: State) -> bool:
        """Whether ``state`` is terminal."""
        ...

    def winner(self, state: State) -> int | None:
        """The winning player of a terminal state, or ``None`` (no winner, a draw)."""
        ...

    def spec(self) -> dict[str, Any]:
        """The parameters that rebuild these rules (saved with a record)."""
        ...


@runtime_checkable
class ImpartialGame(Protocol[Position]):
    """A finite impartial game: both players have the same moves from a position.

    ``options(p)`` lists the positions one move away; a position with no options is
    terminal and the player who moved into it won (normal play).
    """

    def options(self, position: Position) -> Iterable[Position]:
        """Positions reachable in one move."""
        ...


Strategy = Callable[[Any, Any], Any]
"""``strategy(rules, state) -> move``: how a player chooses."""


def checked_apply(rules: Rules[Any, Any], state: Any, move: Any, apply: Callable[[Any, Any], Any]) -> Any:
    """Apply ``move`` with ``apply`` after asking ``rules.why_illegal``; a helper for games."""
    reason = rules.why_illegal(state, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return apply(state, move)
