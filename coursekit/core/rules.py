"""The rules protocol: the article's ``GameAlg`` as a small interface.

A game is a state space (article, section 3): an initial state, moves, the transition
``s' = T(s, h)``, terminal states and a result. One small class per game implements
:class:`Rules` (most derive from :class:`GameRules`, which supplies the parts every game
shares); the engine, the solvers and the views work through it and know no particular game.

Every game says what kind of game it is (:class:`GameType`, in the manner of OpenSpiel):
how many players, whether chance moves occur (a *chance player*, :data:`CHANCE`, whose
moves the engine draws from ``chance_outcomes``), whether players see everything
(``observation``), what the result is (``returns``: one number per player), and whether
one move may take several clicks.

States are immutable and hashable. A strategy is any callable ``strategy(rules, observation)``
that returns a move; in a game of perfect information the observation is the state.

>>> from coursekit.games.beans import Beans
>>> rules = Beans(1, 1)
>>> print(rules.game_type)
2 players, no chance, perfect information, win/loss, one click a move
>>> end = rules.next_state(rules.initial_state(), (0, 0))
>>> rules.end(end), rules.returns(end)
(<End.WON: 'won'>, (1, -1))
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, fields, is_dataclass
from enum import StrEnum
from typing import Any, ClassVar, Protocol, Self, TypeVar, runtime_checkable

from .errors import IllegalMoveError

State = TypeVar("State", bound=Hashable)
Move = TypeVar("Move", bound=Hashable)
Position = TypeVar("Position", bound=Hashable)
Built = TypeVar("Built")

#: The number ``to_move`` gives at a chance node: chance, not a player, moves next.
CHANCE = -1


class End(StrEnum):
    """How a game ended. The values are plain strings, so ``record.end == "won"`` reads as it says."""

    WON = "won"
    """A player won (in a game of several players, the others lost)."""
    LOST = "lost"
    """A one-player game (a puzzle) ended without reaching its goal."""
    DRAW = "draw"
    """The game ended with no winner."""
    MOVE_LIMIT = "move limit"
    """The engine's move limit came first."""
    STOPPED = "stopped"
    """A player stopped the game (for example at the end of input)."""


class Utility(StrEnum):
    """What a game's result is."""

    WIN_LOSS = "win/loss"
    """A winner (or a draw, or a lost puzzle); returns are derived from the winner."""
    ZERO_SUM = "zero-sum"
    """Scores that add up to zero."""
    GENERAL = "general"
    """Any scores, one per player."""


@dataclass(frozen=True)
class GameType:
    """What kind of game a rules class is, in the manner of OpenSpiel's game type.

    ``players`` is the range of the number of players, ``(least, most)``.

    >>> print(GameType(players=(2, 4), utility=Utility.ZERO_SUM))
    2 to 4 players, no chance, perfect information, zero-sum, one click a move
    """

    players: tuple[int, int] = (2, 2)
    chance: bool = False
    perfect_information: bool = True
    utility: Utility = Utility.WIN_LOSS
    multi_click: bool = False

    def __str__(self) -> str:
        low, high = self.players
        players = f"{low} player{'s' if low > 1 else ''}" if low == high else f"{low} to {high} players"
        return ", ".join([
            players,
            "chance moves" if self.chance else "no chance",
            "perfect information" if self.perfect_information else "hidden information",
            str(self.utility),
            "several clicks a move" if self.multi_click else "one click a move",
        ])


def returns_from_winner(winner: int | None, num_players: int) -> tuple[int, ...]:
    """One number per player for a game whose result is its winner.

    The winner gets ``p - 1`` and every other player ``-1``, so the numbers add up to zero
    (``+1`` and ``-1`` for two players); with no winner everybody gets 0. A one-player game
    gives ``1`` for a win and ``-1`` for a loss.

    >>> returns_from_winner(0, 2), returns_from_winner(2, 3), returns_from_winner(None, 3)
    ((1, -1), (-1, -1, 2), (0, 0, 0))
    >>> returns_from_winner(None, 1), returns_from_winner(0, 1)
    ((-1,), (1,))
    """
    if num_players == 1:
        return (1,) if winner == 0 else (-1,)
    if winner is None:
        return (0,) * num_players
    return tuple(num_players - 1 if p == winner else -1 for p in range(num_players))


#: :func:`returns_from_winner`, each answer worked out once (a search asks at every end of a game).
_returns_of_winner = functools.cache(returns_from_winner)


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
        """Every move the player to move may make, in a fixed order.

        Strategies see observations, not states: in a game with hidden information
        ``legal_moves`` and ``why_illegal`` also accept the mover's observation (what a
        player may do never depends on what he cannot see)."""
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

    @property
    def game_type(self) -> GameType:
        """What kind of game this is."""
        ...

    def next_state(self, state: State, move: Move) -> State:
        """The transition without the legality check, for search (``apply`` checks)."""
        ...

    def returns(self, state: State) -> tuple[float, ...]:
        """One number per player at the end of a game (all 0 before it)."""
        ...

    def end(self, state: State) -> End:
        """How a finished game ended: won, lost (a puzzle) or drawn."""
        ...

    def chance_outcomes(self, state: State) -> tuple[tuple[Any, float], ...]:
        """At a chance node (``to_move(state) == CHANCE``): every outcome and its probability."""
        ...

    def observation(self, state: State, player: int) -> Any:
        """What ``player`` may see of ``state`` (the state itself in a game of perfect information)."""
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
"""``strategy(rules, observation) -> move``: how a player chooses (the observation is the state
in a game of perfect information)."""


class GameRules:
    """What every game shares; a game derives from it and supplies the rest of :class:`Rules`.

    A game defines ``name``, ``num_players``, ``initial_state``, ``to_move``, ``legal_moves``,
    ``why_illegal``, ``next_state`` (the transition, unchecked), ``is_over``, ``winner`` and
    ``spec``. This class adds ``apply`` (checked), ``returns`` and ``end`` (from the winner),
    no chance and a full view of the state; a game with chance, hidden information or scores
    overrides those and says so in ``game_type``.
    """

    game_type: ClassVar[GameType] = GameType()

    @property
    def _players(self) -> int:
        # ``num_players`` is a class constant in some games and a field in others.
        return int(self.num_players)  # type: ignore[attr-defined]

    def why_illegal(self, state: Any, move: Any) -> str | None:
        raise NotImplementedError

    def next_state(self, state: Any, move: Any) -> Any:
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        raise NotImplementedError

    def winner(self, state: Any) -> int | None:
        raise NotImplementedError

    def to_move(self, state: Any) -> int:
        raise NotImplementedError

    def apply(self, state: Any, move: Any) -> Any:
        """The transition ``s' = T(s, h)`` after checking the move; an illegal one raises
        :class:`IllegalMoveError` with the reason."""
        reason = self.why_illegal(state, move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return self.next_state(state, move)

    def returns(self, state: Any) -> tuple[float, ...]:
        """One number per player: see :func:`returns_from_winner`; all 0 while the game goes on."""
        if not self.is_over(state):
            return (0,) * self._players
        return _returns_of_winner(self.winner(state), self._players)

    def end(self, state: Any) -> End:
        """Won when there is a winner; a one-player game without one is lost, others drawn."""
        if self.winner(state) is not None:
            return End.WON
        return End.LOST if self._players == 1 else End.DRAW

    def max_game_length(self) -> int:
        """The most moves (players' moves, not chance's) a game can last: every game ends within it."""
        raise NotImplementedError

    def chance_outcomes(self, state: Any) -> tuple[tuple[Any, float], ...]:
        """No chance moves."""
        return ()

    def observation(self, state: Any, player: int) -> Any:
        """Every player sees the whole state."""
        return state


def draw_chance(outcomes: Iterable[tuple[Any, float]], rng: random.Random) -> Any:
    """One outcome, drawn with its probability from ``rng`` (the same generator gives the same outcome).

    >>> draw_chance([("heads", 0.5), ("tails", 0.5)], random.Random(1))
    'heads'
    """
    listed = list(outcomes)
    if not listed:
        raise ValueError("a chance node needs at least one outcome")
    point = rng.random() * sum(p for _, p in listed)
    for outcome, probability in listed:
        point -= probability
        if point < 0:
            return outcome
    return listed[-1][0]


def unchecked_builder(cls: type[Built]) -> Callable[..., Built]:
    """A function that makes objects of the frozen dataclass ``cls`` without running its ``__init__``.

    A search makes a state at every node, and a frozen dataclass's ``__init__`` sets each field
    through ``object.__setattr__``, which costs more than the rest of a move. The builder, made
    once per class, takes every field in the order the class declares them and writes them
    straight into the new object's ``__dict__``: it is written out for ``cls`` (as
    :mod:`dataclasses` writes each ``__init__``), so a call costs no more than writing the
    fields by hand.

    **Nothing is checked.** ``__post_init__`` does not run, so neither does any validation or
    derived field, and no default applies: the caller passes every field, right. Use it on hot
    paths only (``next_state`` for search); everywhere else, call the class.

    >>> @dataclass(frozen=True)
    ... class Pair:
    ...     left: int
    ...     right: int = 0
    >>> make_pair = unchecked_builder(Pair)
    >>> make_pair(1, 2), make_pair(1, 2) == Pair(1, 2)
    (Pair(left=1, right=2), True)
    """
    if not (isinstance(cls, type) and is_dataclass(cls)):
        raise TypeError(f"unchecked_builder needs a dataclass, not {cls!r}")
    names = [field.name for field in fields(cls)]
    # the names the builder uses, ``__new`` and the like, cannot clash with a field's: a class body turns
    # such a name into ``_Cls__new``
    lines = [f"def build({', '.join(names)}):", "    __made = __new(__class)", "    __written = __made.__dict__"]
    lines += [f"    __written[{name!r}] = {name}" for name in names]
    lines.append("    return __made")
    namespace: dict[str, Any] = {"__new": object.__new__, "__class": cls}
    exec(compile("\n".join(lines), f"<unchecked builder of {cls.__qualname__}>", "exec"), namespace)
    build: Callable[..., Built] = namespace["build"]
    build.__qualname__ = f"unchecked_builder({cls.__qualname__})"
    return build


class ImpartialView:
    """A game's positions as an impartial game: the options of a state are the states after its legal moves.

    This lets the impartial solvers work on any rules whatever their moves look like (a
    cell, a pair ``(piece, cell)``, ...). Positions are whole states.

    >>> from coursekit.games.beans import Beans
    >>> rules = Beans(1, 1)
    >>> [s.position for s in ImpartialView(rules).options(rules.initial_state())]
    [(0, 1), (1, 0), (0, 0)]
    """

    __slots__ = ("rules",)

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def options(self, state: Any) -> tuple[Any, ...]:
        rules = self.rules
        return tuple(rules.next_state(state, move) for move in rules.legal_moves(state))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ImpartialView) and other.rules == self.rules

    def __hash__(self) -> int:
        return hash((ImpartialView, self.rules))


class SpecFields:
    """Rules (a dataclass) whose :meth:`~Rules.spec` is the game's name and all their fields, by
    name; :meth:`from_spec` reads them back, a field the spec lacks taking its default.

    >>> from coursekit.games.crawler import Crawler
    >>> Crawler(4, 3).spec()
    {'game': 'crawler', 'width': 4, 'height': 3}
    >>> Crawler.from_spec({"game": "crawler", "width": 4}) == Crawler(4)
    True
    """

    name: ClassVar[str]

    def spec(self) -> dict[str, Any]:
        return {"game": self.name, **{field.name: getattr(self, field.name) for field in fields(self)}}  # type: ignore[arg-type]

    @classmethod
    def from_spec(cls, spec: dict[str, Any]) -> Self:
        """Rebuild the rules from :meth:`spec`."""
        return cls(**{field.name: spec[field.name] for field in fields(cls) if field.name in spec})  # type: ignore[arg-type]


class LastMoverWins(GameRules):
    """A game of normal play: the player who made the last move wins (the beans, the one-way pieces,
    their sums, the basket and the crawler). A game derives from it, defines ``is_over``, and gets
    :meth:`winner`.

    >>> from coursekit.games.beans import Beans
    >>> rules = Beans(1, 0)
    >>> start = rules.initial_state()
    >>> rules.winner(start), rules.winner(rules.apply(start, (0, 0)))
    (None, 0)
    """

    def winner(self, state: Any) -> int | None:
        """The player who moved last, once the game is over (``None`` while it goes on)."""
        return (self.to_move(state) - 1) % self._players if self.is_over(state) else None
