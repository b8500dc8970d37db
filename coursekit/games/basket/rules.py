"""The rules of the basket (source B): put balls of one colour in the basket; whoever puts the last ball wins.

There are ``colours`` colours (B: red, blue and green) of ``balls`` balls each (B: three).
Two players take turns; a move puts one or more balls of a single colour in the basket, no
more than that colour has left and, when the rules have a ``cap``, no more than ``cap`` at
once. The player who puts the last ball in wins.

A move is a :class:`Put`: the colour's number (0 = red, 1 = blue, ...) and how many balls;
any pair of whole numbers ``(colour, balls)`` is read the same way. A state says how many
balls of each colour are still left to put, and whose turn it is.

>>> rules = Basket()
>>> state = rules.initial_state()
>>> state
BasketState(left=(3, 3, 3), turn=0)
>>> state = rules.apply(state, Put(RED, 2))
>>> state.left, rules.to_move(state)
((1, 3, 3), 1)
>>> rules.why_illegal(state, Put(RED, 2))
'red has only 1 ball left, not 2'
>>> rules.why_illegal(state, (5, 1))
'there is no colour 5: the colours are 0 to 2 (red, blue, green)'

The theory: each colour is a take-away game whose Grundy value is the number of balls left
(with a cap ``k``: that number mod ``k + 1``), and the basket is their sum, Nim. The player
to move loses exactly when the Nim sum (the XOR of the Grundy values) is 0.

>>> nim_sum(rules, rules.initial_state())
3
>>> winning_moves(rules, rules.initial_state())
(Put(colour=0, balls=3), Put(colour=1, balls=3), Put(colour=2, balls=3))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ...core.display import Shown
from ...core.rules import LastMoverWins, SpecFields

__all__ = [
    "BLUE", "COLOUR_NAMES", "GREEN", "LETTERS", "PLAYER_NAMES", "RED", "Basket", "BasketState", "Put",
    "grundy_value", "nim_sum", "winning_moves",
]

#: The colours, in order; a basket of c colours uses the first c.
COLOUR_NAMES = ("red", "blue", "green", "yellow", "orange", "purple")
#: One letter per colour, so that a picture reads without colour too.
LETTERS = "RBGYOP"
RED, BLUE, GREEN = 0, 1, 2
#: How the two players are called.
PLAYER_NAMES = ("first player", "second player")


class Put(NamedTuple):
    """A move: put ``balls`` balls of colour number ``colour`` in the basket.

    >>> Put(BLUE, 2)
    Put(colour=1, balls=2)
    >>> str(Put(BLUE, 2))
    'B2'
    """

    colour: int
    balls: int

    def __str__(self) -> str:
        letter = LETTERS[self.colour] if 0 <= self.colour < len(LETTERS) else f"colour {self.colour} "
        return f"{letter}{self.balls}"


@dataclass(frozen=True, repr=False)
class BasketState(Shown):
    """How many balls of each colour are left to put (``left``) and whose turn it is (0 or 1).

    >>> BasketState((2, 2, 0), 1).total
    4
    """

    left: tuple[int, ...]
    turn: int = 0

    @property
    def total(self) -> int:
        """How many balls are left altogether."""
        return sum(self.left)

    @property
    def is_full(self) -> bool:
        """Whether every ball is in the basket (the game is over)."""
        return not any(self.left)

    def __repr__(self) -> str:
        return f"BasketState(left={self.left!r}, turn={self.turn})"


@dataclass(frozen=True)
class Basket(SpecFields, LastMoverWins):
    """The rules: ``colours`` colours (1 to 6) of ``balls`` balls each, at most ``cap`` balls a move (``None``: no cap).

    >>> Basket(4, 5, cap=2).spec()
    {'game': 'basket', 'colours': 4, 'balls': 5, 'cap': 2}
    >>> Basket(7)
    Traceback (most recent call last):
    ...
    ValueError: a basket has 1 to 6 colours, got 7
    """

    colours: int = 3
    balls: int = 3
    cap: int | None = None
    num_players: ClassVar[int] = 2
    name: ClassVar[str] = "basket"
    #: The most balls of one colour.
    MAX_BALLS: ClassVar[int] = 1000

    def __post_init__(self) -> None:
        if type(self.colours) is not int or not 1 <= self.colours <= len(COLOUR_NAMES):
            raise ValueError(f"a basket has 1 to {len(COLOUR_NAMES)} colours, got {self.colours!r}")
        if type(self.balls) is not int or not 1 <= self.balls <= self.MAX_BALLS:
            raise ValueError(f"each colour has 1 to {self.MAX_BALLS} balls, got {self.balls!r}")
        if self.cap is not None and (type(self.cap) is not int or self.cap < 1):
            raise ValueError(f"the cap is a whole number of at least 1 (or None: no cap), got {self.cap!r}")

    @property
    def most_per_move(self) -> int:
        """The most balls one move can put: the balls of a colour, or the cap if it is smaller."""
        return self.balls if self.cap is None else min(self.cap, self.balls)

    def colour_name(self, colour: int) -> str:
        """``"red"``, ``"blue"``, ..."""
        return COLOUR_NAMES[colour]

    def initial_state(self, rng: random.Random | None = None) -> BasketState:
        return BasketState((self.balls,) * self.colours, 0)

    def position(self, left: Sequence[int], turn: int = 0) -> BasketState:
        """A position: the balls left of each colour (red first), and whose turn it is.

        >>> Basket().position((2, 2, 0))
        BasketState(left=(2, 2, 0), turn=0)
        >>> Basket().position((2, 4, 0))
        Traceback (most recent call last):
        ...
        ValueError: blue has 4 balls left, but each colour has only 3
        """
        left = tuple(left)
        if len(left) != self.colours:
            raise ValueError(f"give the balls left of each of the {self.colours} colours, got {len(left)} number(s)")
        for colour, count in enumerate(left):
            if type(count) is not int or count < 0:
                raise ValueError(f"{COLOUR_NAMES[colour]} has a whole number of balls left, not {count!r}")
            if count > self.balls:
                raise ValueError(f"{COLOUR_NAMES[colour]} has {count} balls left, but each colour has only "
                                 f"{self.balls}")
        if turn not in (0, 1):
            raise ValueError(f"the turn is 0 (first player) or 1 (second player), not {turn!r}")
        return BasketState(left, turn)

    @classmethod
    def for_position(cls, left: Sequence[int], cap: int | None = None) -> Basket:
        """Rules big enough for a position with these balls left (as many colours, the largest count).

        >>> Basket.for_position((5, 7, 1), cap=3)
        Basket(colours=3, balls=7, cap=3)
        """
        return cls(len(left), max(max(left, default=1), 1), cap)

    def to_move(self, state: BasketState) -> int:
        return state.turn

    def legal_moves(self, state: BasketState) -> tuple[Put, ...]:
        """Every colour that has balls left, red first; for each, 1, 2, ... balls (``()`` when the basket is full)."""
        most = self.cap
        return tuple(Put(colour, balls) for colour, left in enumerate(state.left)
                     for balls in range(1, (left if most is None else min(left, most)) + 1))

    def why_illegal(self, state: BasketState, move: Any) -> str | None:
        if state.is_full:
            return "the game is over: every ball is in the basket"
        if not (isinstance(move, tuple) and len(move) == 2 and all(type(v) is int for v in move)):
            return f"a move is a colour and a number of balls, a pair of whole numbers (colour, balls), not {move!r}"
        colour, balls = move
        if not 0 <= colour < self.colours:
            names = ", ".join(COLOUR_NAMES[:self.colours])
            return f"there is no colour {colour}: the colours are 0 to {self.colours - 1} ({names})"
        name = COLOUR_NAMES[colour]
        if balls < 1:
            return f"a move puts at least one ball in the basket, not {balls}"
        left = state.left[colour]
        if left == 0:
            return f"{name} has no balls left"
        if balls > left:
            return f"{name} has only {left} ball{'s' if left != 1 else ''} left, not {balls}"
        if self.cap is not None and balls > self.cap:
            return f"at most {self.cap} ball{'s' if self.cap != 1 else ''} go in at one move, not {balls}"
        return None

    def next_state(self, state: BasketState, move: tuple[int, int]) -> BasketState:
        colour, balls = move
        left = list(state.left)
        left[colour] -= balls
        return BasketState(tuple(left), 1 - state.turn)

    def is_over(self, state: BasketState) -> bool:
        return state.is_full

    def max_game_length(self) -> int:
        """Every move puts at least one ball."""
        return self.colours * self.balls



# ---------------------------------------------------------------------------------------------
# The theory: the basket is Nim (with a cap, a sum of subtraction games).
# ---------------------------------------------------------------------------------------------

def grundy_value(balls: int, cap: int | None = None) -> int:
    """The Grundy value of one colour with ``balls`` left: ``balls``, or ``balls mod (cap + 1)`` with a cap.

    >>> [grundy_value(n) for n in range(6)], [grundy_value(n, cap=2) for n in range(6)]
    ([0, 1, 2, 3, 4, 5], [0, 1, 2, 0, 1, 2])
    """
    return balls if cap is None else balls % (cap + 1)


def nim_sum(rules: Basket, state: BasketState) -> int:
    """The XOR of the colours' Grundy values: 0 exactly when the player to move loses.

    >>> nim_sum(Basket(), BasketState((1, 2, 3)))
    0
    """
    total = 0
    for left in state.left:
        total ^= grundy_value(left, rules.cap)
    return total


def winning_moves(rules: Basket, state: BasketState) -> tuple[Put, ...]:
    """Every move that leaves a Nim sum of 0 (none from a losing position), in legal-move order.

    >>> winning_moves(Basket(cap=2), BasketState((3, 3, 2)))  # values 0, 0, 2: make any one 2, or the 2 a 0
    (Put(colour=0, balls=1), Put(colour=1, balls=1), Put(colour=2, balls=2))
    >>> winning_moves(Basket(2, 3, cap=2), BasketState((1, 3)))  # from 3 balls (value 0) to 1 (value 1)
    (Put(colour=0, balls=1), Put(colour=1, balls=2))
    """
    total = nim_sum(rules, state)
    if total == 0:
        return ()
    found = []
    for move in rules.legal_moves(state):
        colour, balls = move
        left = state.left[colour]
        # The colour's Grundy value must become ``value ^ total``: then the Nim sum is 0. Without a
        # cap that is always a smaller value; with a cap it may also be a larger one.
        if grundy_value(left - balls, rules.cap) == grundy_value(left, rules.cap) ^ total:
            found.append(move)
    return tuple(found)
