"""The rules of white and black beans (article, section 2).

Two piles: ``white`` and ``black`` beans. A move takes one bean of either colour, or one
white and one black together. Whoever takes the last bean wins. A move is written as the
position it leads to, ``(white, black)``, as in the article's transcripts.

>>> is_winning(3, 6), winning_move(3, 6)
(True, (2, 6))
>>> is_winning(2, 6)
False
>>> rules = Beans(3, 6)
>>> rules.legal_moves(rules.initial_state())
((2, 6), (3, 5), (2, 5))
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ...core.display import Shown
from ...core.errors import IllegalMoveError
from ...core.rules import GameType, LastMoverWins

__all__ = ["Beans", "BeansState", "Piles", "is_winning", "options", "winning_move"]

Piles = tuple[int, int]
"""A position: how many white and how many black beans are left."""


def is_winning(white: int, black: int) -> bool:
    """Whether the player to move can force a win: not both piles even (the article's hypothesis)."""
    return white % 2 == 1 or black % 2 == 1


def winning_move(white: int, black: int) -> Piles:
    """The article's move: leave both piles even.

    From a losing position (both even) every move loses; this returns the first legal
    move, so that a game can go on.

    >>> winning_move(1, 1), winning_move(1, 4), winning_move(4, 1), winning_move(4, 2)
    ((0, 0), (0, 4), (4, 0), (3, 2))
    """
    if white + black <= 0:
        raise IllegalMoveError(f"no bean is left in [{white}, {black}]: the game is over")
    target = (white - white % 2, black - black % 2)
    if target == (white, black):
        return options((white, black))[0]
    return target


def options(piles: Piles) -> tuple[Piles, ...]:
    """Positions one move away: take a white, take a black, take one of each.

    >>> options((1, 0)), options((0, 0))
    (((0, 0),), ())
    """
    white, black = piles
    moves = ((white - 1, black), (white, black - 1), (white - 1, black - 1))
    return tuple((w, b) for w, b in moves if w >= 0 and b >= 0)


@dataclass(frozen=True, repr=False)
class BeansState(Shown):
    """The piles and whose turn it is (player 0 is the article's A, player 1 is B)."""

    white: int
    black: int
    turn: int = 0

    @property
    def position(self) -> Piles:
        """The piles as a pair ``(white, black)``."""
        return (self.white, self.black)

    def __repr__(self) -> str:
        return f"BeansState(white={self.white}, black={self.black}, turn={self.turn})"


@dataclass(frozen=True)
class Beans(LastMoverWins):
    """The rules of beans, starting from ``white`` and ``black`` beans."""

    white: int
    black: int
    name: ClassVar[str] = "beans"
    num_players: ClassVar[int] = 2
    game_type: ClassVar[GameType] = GameType(players=(2, 2))

    def __post_init__(self) -> None:
        for pile in (self.white, self.black):
            if type(pile) is not int or pile < 0:
                raise ValueError(f"a pile must be a whole number of beans, 0 or more, got {pile!r}")
        if self.white + self.black == 0:
            raise ValueError("the game needs at least one bean (M + N > 0)")

    def initial_state(self, rng: random.Random | None = None) -> BeansState:
        return BeansState(self.white, self.black, 0)

    def to_move(self, state: BeansState) -> int:
        return state.turn

    def options(self, piles: Piles) -> tuple[Piles, ...]:
        """Positions one move away (makes beans an impartial game for the solver)."""
        return options(piles)

    def legal_moves(self, state: BeansState) -> tuple[Piles, ...]:
        return options(state.position)

    def why_illegal(self, state: BeansState, move: Any) -> str | None:
        here = state.position
        if self.is_over(state):
            return "the game is over: no bean is left"
        if not (isinstance(move, tuple) and len(move) == 2 and all(type(v) is int for v in move)):
            return f"a move is the position after it, a pair of whole numbers (white, black), not {move!r}"
        white, black = move
        if (white, black) in options(here):
            return None
        if white < 0 or black < 0:
            return f"[{white}, {black}] has a negative pile"
        taken = (here[0] - white, here[1] - black)
        if taken[0] < 0 or taken[1] < 0:
            return f"beans cannot be put back: [{here[0]}, {here[1]}] -> [{white}, {black}]"
        if taken == (0, 0):
            return "a move must take at least one bean"
        return (f"[{here[0]}, {here[1]}] -> [{white}, {black}] takes {taken[0]} white and "
                f"{taken[1]} black; a move takes one bean, or one white and one black")

    def next_state(self, state: BeansState, move: Piles) -> BeansState:
        return BeansState(move[0], move[1], 1 - state.turn)

    def is_over(self, state: BeansState) -> bool:
        return state.white + state.black == 0

    def max_game_length(self) -> int:
        """Every move takes at least one bean."""
        return self.white + self.black

    def spec(self) -> dict[str, Any]:
        return {"game": self.name, "white": self.white, "black": self.black}
