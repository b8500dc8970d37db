"""The basket (source B): put balls of one colour in the basket; whoever puts the last ball wins.

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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar, NamedTuple

from ..core.display import Shown
from ..core.engine import Player, play, random_strategy
from ..core.registry import GameEntry
from ..core.rules import GameRules

__all__ = [
    "COLOUR_NAMES", "IMPOSSIBLE", "LETTERS", "PLAYER_NAMES", "Basket", "BasketState", "Put", "SourceTable",
    "WinRate", "finish_range", "grundy_value", "nim_sum", "perfect_strategy", "random_strategy", "source_choice",
    "source_example", "source_strategy", "source_table", "source_table_fast", "win_rates", "winning_moves",
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
class Basket(GameRules):
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

    def winner(self, state: BasketState) -> int | None:
        """The player who put the last ball: the one who moved last (``None`` while balls are left)."""
        return 1 - state.turn if state.is_full else None

    def max_game_length(self) -> int:
        """Every move puts at least one ball."""
        return self.colours * self.balls

    def spec(self) -> dict[str, Any]:
        return {"game": self.name, "colours": self.colours, "balls": self.balls, "cap": self.cap}

    @classmethod
    def from_spec(cls, spec: dict[str, Any]) -> Basket:
        """Rebuild the rules from :meth:`spec`."""
        return cls(spec.get("colours", 3), spec.get("balls", 3), spec.get("cap"))


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


def perfect_strategy(rng: random.Random | None = None) -> Callable[[Basket, BasketState], Put]:
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


# ---------------------------------------------------------------------------------------------
# B's computer player: a depth-limited table of win marks, weighted rows, the best column.
# ---------------------------------------------------------------------------------------------

#: B's mark for a column whose move is impossible (in the first row, and in B's second array).
IMPOSSIBLE = -127


@dataclass(frozen=True)
class SourceTable:
    """B's analysis of a position: its first array (``rows``) and its second (``scores``).

    There is one column per move B can imagine: for each colour, 1, 2, ... balls up to the
    most a move can put (``columns``; B has nine: red 1 2 3, blue 1 2 3, green 1 2 3). Row 1
    marks each move 1 if it fills the basket, 0 if not, and :data:`IMPOSSIBLE` (-127) if it
    cannot be made. Row ``d`` (``d`` = 2, 3, ... up to the depth) marks a column 1 if some
    line of play starting with that column's move puts the last ball at the ``d``-th move,
    whoever makes it. ``scores`` weighs row ``d`` by ``depth - d + 1``, with the sign ``-``
    on even rows (the opponent's moves), and copies -127. ``nodes`` counts the moves B's
    search tries (the first ones included); it takes no part in comparing tables.
    """

    columns: tuple[Put, ...]
    rows: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    nodes: int = field(default=0, compare=False)

    @property
    def depth(self) -> int:
        """The depth of the analysis: B's difficulty level."""
        return len(self.rows)

    @property
    def best(self) -> tuple[Put, ...]:
        """The moves of the columns with the highest score (B picks one of them at random)."""
        possible = [s for s in self.scores if s != IMPOSSIBLE]
        top = max(possible)
        return tuple(c for c, s in zip(self.columns, self.scores, strict=True) if s == top and s != IMPOSSIBLE)

    def array_lines(self) -> list[str]:
        """B's arrays as B prints them: the balls of each column, Array 1's rows, then Array 2."""
        def line(values: Iterator[int] | Sequence[int]) -> str:
            return " | ".join(str(v) for v in values) + " |"

        header = line([c.balls for c in self.columns])
        return [header, *(line(row) for row in self.rows), "", header, line(self.scores)]

    def __str__(self) -> str:
        """Array 1 and Array 2 in B's format, each under its header of ball counts.

        >>> print(source_table(*source_example()))
        Array 1
        1 | 2 | 3 | 1 | 2 | 3 | 1 | 2 | 3 |
        0 | 0 | -127 | 0 | 0 | -127 | -127 | -127 | -127 |
        0 | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 0 |
        1 | 1 | 0 | 1 | 1 | 0 | 0 | 0 | 0 |
        <BLANKLINE>
        Array 2
        1 | 2 | 3 | 1 | 2 | 3 | 1 | 2 | 3 |
        1 | -1 | -127 | 1 | -1 | -127 | -127 | -127 | -127 |
        """
        lines = self.array_lines()
        return "\n".join(["Array 1", *lines[:self.depth + 1], "", "Array 2", *lines[self.depth + 2:]])


def source_example() -> tuple[Basket, BasketState, int]:
    """B's worked example (its figure 1): the basket holds three green balls, one blue and one red.

    So red and blue have 2 balls left and green none; B analyses it to depth 3.

    >>> source_example()
    (Basket(colours=3, balls=3, cap=None), BasketState(left=(2, 2, 0), turn=0), 3)
    """
    rules = Basket()
    return rules, rules.position((2, 2, 0)), 3


def _columns(rules: Basket) -> tuple[Put, ...]:
    return tuple(Put(colour, balls) for colour in range(rules.colours) for balls in range(1, rules.most_per_move + 1))


def _scores(rows: list[list[int]]) -> tuple[int, ...]:
    """B's second array: each column's rows weighted ``depth, depth - 1, ..., 1``, even rows negated; -127 copied."""
    depth = len(rows)
    scores = []
    for column in range(len(rows[0])):
        if rows[0][column] == IMPOSSIBLE:
            scores.append(IMPOSSIBLE)
            continue
        scores.append(sum(rows[d][column] * (depth - d) * (1 if d % 2 == 0 else -1) for d in range(depth)))
    return tuple(scores)


def _check_depth(rules: Basket, state: BasketState, depth: int) -> None:
    if type(depth) is not int or depth < 1:
        raise ValueError(f"the depth (B's difficulty level) is a whole number of at least 1, got {depth!r}")
    if rules.is_over(state):
        raise ValueError("the game is over: B's player has no move to choose")


def source_table(rules: Basket, state: BasketState, depth: int = 3) -> SourceTable:
    """B's analysis, as B describes it: every line of play to ``depth`` moves, marks in a table.

    B tries every move in turn (the first row's columns); after each one that leaves balls it
    tries every reply, every answer to that, and so on to ``depth`` moves in all, whoever makes
    them: "we compute all possible moves, including the stupid ones". A move that fills the
    basket at the ``d``-th move marks row ``d`` of its line's first column with 1 ("we write
    down only the best move"); a row ``d`` no line fills at move ``d`` keeps 0.

    B publishes a description and a worked example, not its program. Where it is unclear the
    course decided as follows (its Array 1 and Array 2 come out exactly; the tests check them):

    * "only the best move" is read as: a cell of row 2 or lower is 1 when *some* line fills
      the basket there, the opponent's foolish moves included; B's own explanation of its
      row 3, columns 2 and 5, says so, and no other reading gives its Array 1;
    * an impossible move is -127 in row 1 only; the rows below keep 0 (as in Array 1), and
      Array 2 copies the -127;
    * row ``d`` weighs ``depth - d + 1`` and even rows are negated (B's sum for its second
      column, ``0*3 + (-1)*2 + 1*1``); among equal best scores B picks "any at random": here
      ``rng.choice`` over the best columns in column order (the first of them without ``rng``);
    * the depth counts the moves of both players (B's depth 3: our move, the reply, our move);
      B gives no range of levels, so any depth from 1 is allowed (rows past the last ball stay 0);
    * the columns come from the rules: ``colours x min(balls, cap)`` (B: nine), whatever the position.

    What B gets wrong: it says one red or one blue "certainly lead to a win" in its example,
    but that position (2, 2, 0) is lost whatever one plays (its Nim sum is 0): after one red
    the reply one blue leaves one red and one blue, and the opponent puts the last ball. The
    table is not a game search: a 1 means "some line ends here", whoever chose it. It depends
    only on the fewest and most moves that can finish the basket (:func:`source_table_fast`),
    so B at full depth still loses from (3, 3, 3) against perfect play about half the time.
    (B's text also speaks of green balls after two red in that example, though no green is
    left; the arrays show it means blue.)

    >>> table = source_table(*source_example())
    >>> table.scores
    (1, -1, -127, 1, -1, -127, -127, -127, -127)
    >>> table.best
    (Put(colour=0, balls=1), Put(colour=1, balls=1))
    """
    _check_depth(rules, state, depth)
    columns = _columns(rules)
    rows = [[0] * len(columns) for _ in range(depth)]
    nodes = 0
    cap = rules.cap

    def search(left: list[int], level: int, column: int) -> None:
        # Every move at this level, every reply at the next, ... marking the first column.
        nonlocal nodes
        for colour in range(len(left)):
            most = left[colour] if cap is None else min(left[colour], cap)
            for balls in range(1, most + 1):
                nodes += 1
                left[colour] -= balls
                if not any(left):
                    rows[level][column] = max(rows[level][column], 1)
                elif level + 1 < depth:
                    search(left, level + 1, column)
                left[colour] += balls

    left = list(state.left)
    for column, (colour, balls) in enumerate(columns):
        if balls > left[colour] or (cap is not None and balls > cap):
            rows[0][column] = IMPOSSIBLE
            continue
        nodes += 1
        left[colour] -= balls
        if not any(left):
            rows[0][column] = 1
        elif depth > 1:
            search(left, 1, column)
        left[colour] += balls
    return SourceTable(columns, tuple(tuple(r) for r in rows), _scores(rows), nodes)


@cache
def finish_range(left: tuple[int, ...], cap: int | None = None) -> tuple[int, int]:
    """The fewest and the most moves that can put every ball left in the basket.

    The most is one ball a move; the fewest is one move per colour left (with a cap, ``ceil(n / cap)``
    moves for a colour of ``n``). Every number in between can be done too: a move of two or more
    balls can always be split into two. This is all B's table depends on.

    >>> finish_range((2, 2, 0)), finish_range((3, 1, 0), cap=2)
    ((2, 4), (3, 4))
    """
    most = sum(left)
    fewest = sum(1 for n in left if n) if cap is None else sum(-(-n // cap) for n in left)
    return fewest, most


def source_table_fast(rules: Basket, state: BasketState, depth: int = 3) -> SourceTable:
    """B's table without B's search: row ``d`` of a column is 1 exactly when the balls left after
    its move can be put in ``d - 1`` moves (:func:`finish_range`). The same table as
    :func:`source_table` (the tests check it on every small position), in time independent of the depth.

    >>> source_table_fast(*source_example()) == source_table(*source_example())
    True
    """
    _check_depth(rules, state, depth)
    columns = _columns(rules)
    rows = [[0] * len(columns) for _ in range(depth)]
    for column, move in enumerate(columns):
        if rules.why_illegal(state, move) is not None:
            rows[0][column] = IMPOSSIBLE
            continue
        after = rules.next_state(state, move)
        if after.is_full:
            rows[0][column] = 1
            continue
        fewest, most = finish_range(after.left, rules.cap)
        for d in range(fewest, min(most, depth - 1) + 1):
            rows[d][column] = 1
    return SourceTable(columns, tuple(tuple(r) for r in rows), _scores(rows), 0)


def source_choice(rules: Basket, state: BasketState, depth: int = 3, rng: random.Random | None = None, *,
                  fast: bool = False) -> Put:
    """B's move: a column of the highest score in B's second array, at random among equals.

    ``rng`` (seeded, for the same choice every time) picks among the best columns; without it
    the first best column is taken. ``fast`` builds the table by :func:`source_table_fast`.

    >>> rules, state, depth = source_example()
    >>> source_choice(rules, state, depth), source_choice(rules, state, depth, random.Random(0))
    (Put(colour=0, balls=1), Put(colour=1, balls=1))
    """
    table = (source_table_fast if fast else source_table)(rules, state, depth)
    best = table.best
    return best[0] if rng is None else rng.choice(best)


def source_strategy(depth: int = 3, rng: random.Random | None = None, *,
                    fast: bool = False) -> Callable[[Basket, BasketState], Put]:
    """B's computer player at difficulty level ``depth`` (:func:`source_choice`).

    >>> rules = Basket()
    >>> record = play(rules, [Player("B", source_strategy(9, random.Random(1))), Player("random",
    ...               random_strategy(random.Random(1)))])
    >>> record.winner
    0
    """
    if type(depth) is not int or depth < 1:
        raise ValueError(f"the depth (B's difficulty level) is a whole number of at least 1, got {depth!r}")

    def choose(rules: Basket, state: BasketState) -> Put:
        return source_choice(rules, state, depth, rng, fast=fast)

    return choose


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


def _opponent(kind: str, rng: random.Random) -> Callable[[Basket, BasketState], Put]:
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


def _samples() -> tuple[Basket, ...]:
    return (Basket(), Basket(2, 2), Basket(3, 4, cap=2), Basket(5, 6, cap=3), Basket(6, 2))


#: The game as the course offers it (see :mod:`coursekit.games`).
ENTRIES = (GameEntry("basket", "The basket", "B", Basket, Basket.from_spec, _samples,
                     board="coursekit.widgets:BasketBoard", commands=("play", "solve")),)
