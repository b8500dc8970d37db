"""A board for the crawler (source C): click lattice points to draw the line; who closes it wins.

The board is the course's picture of the lattice (:func:`~coursekit.games.crawler.view.lattice_svg`),
``(0, 0)`` at the bottom left, on the course's board widget
(:class:`~coursekit.boards.game.GameBoard`): every point of the lattice can be clicked (or
tapped, or reached with the arrow keys and chosen with Enter or Space).

How a click becomes a segment:

* **the first move** takes two clicks: a point, then one of its neighbours. Clicking the
  chosen point again cancels it;
* **a later move** takes one click: the new point, next to an end of the line. The board
  draws the segment from that end. When the point is next to **both** ends (the two moves
  are different lines), the board asks: click the end to draw from (or the point again to
  cancel). It never picks an end for you; C's program always extended the head there;
* the points a click may choose now are ringed (a dashed ring), the chosen point is drawn as
  a diamond; with hints on, a point whose segment closes the line (and wins at once) shows
  ``W`` beside it;
* a click that cannot make a move says why in the status line and changes nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...boards.game import YOU, GameBoard, NotAMove, refusal, two_seats
from ...core.engine import random_strategy
from ...core.grid import Coord
from ...core.rules import Strategy
from ...render.svg import cell_of, hit_key
from . import ENTRIES
from .players import COMPUTERS, PERFECT_MAX_POINTS, SOURCE_MAX_POINTS, perfect_move
from .rules import Crawler, CrawlerState, Segment, segment_text
from .source import source_choice
from .view import CLOSING_LETTER, lattice_svg

#: The computer players a board can be given by name (the game's, as the terminal offers them).
COMPUTER_NAMES = tuple(COMPUTERS)
#: What a closing point shows beside it when hints are on.
CLOSING_MARK = CLOSING_LETTER
#: What a screen reader says of each kind of point.
SAID = {"free": "free", "line": "on the line", "end": "an end of the line", "closed": "where the line was closed",
        "chosen": "chosen", "target": "you may click it", "closing": "closes the line and wins"}
#: C's rules, in words a student reads in the status line.
SOURCE_RULES = {
    "opening": "C's opening, no search",
    "close": "it closes the line",
    "win": "a full search found you cannot win after it",
    "safe": "no winning move found, but you cannot close at once after it",
    "any": "every move lets you close: the first move",
}


@dataclass(frozen=True)
class ComputerMove:
    """What a computer player chose, and what it says about it (``""``: nothing).

    >>> print(ComputerMove((Coord(2, 2), Coord(3, 2)), "C's opening").move[1])
    [3, 2]
    """

    move: Segment
    note: str = ""


#: A computer player: ``player(rules, state)`` gives its move and what it says about it.
ComputerPlayer = Callable[[Crawler, CrawlerState], ComputerMove]


def strategy_player(strategy: Strategy) -> ComputerPlayer:
    """A computer player that plays ``strategy(rules, state)`` and says nothing.

    >>> rules = Crawler(3, 2)
    >>> strategy_player(lambda rules, state: rules.legal_moves(state)[0])(rules, rules.initial_state()).move
    (Coord(x=0, y=0), Coord(x=1, y=0))
    """

    def choose(rules: Crawler, state: CrawlerState) -> ComputerMove:
        a, b = strategy(rules, state)
        return ComputerMove((Coord(*a), Coord(*b)))

    return choose


def source_player() -> ComputerPlayer:
    """C's player (van Emden's method): its move, the rule that decided it and the positions examined.

    >>> rules = Crawler(3, 3)
    >>> state = rules.position([(Coord(0, 0), Coord(1, 0)), (Coord(1, 0), Coord(1, 1)), (Coord(1, 1), Coord(0, 1))])
    >>> source_player()(rules, state).note
    'C\\'s rule "close": it closes the line; 1 position examined'
    """

    def choose(rules: Crawler, state: CrawlerState) -> ComputerMove:
        choice = source_choice(rules, state)
        count = f"{choice.positions:,} position{'s' if choice.positions != 1 else ''} examined"
        return ComputerMove(choice.move, f'C\'s rule "{choice.rule}": {SOURCE_RULES[choice.rule]}; {count}')

    return choose


def perfect_player(rng: random.Random) -> ComputerPlayer:
    """The perfect player: solves the position and plays one of its best moves.

    Winning, it closes the line when it can; losing, it prefers a move after which you cannot
    close at once (the loss comes later). Among the moves left it draws with ``rng``.

    >>> rules = Crawler(3, 2)
    >>> choice = perfect_player(random.Random(0))(rules, rules.initial_state())
    >>> sorted(choice.move), choice.note.startswith("it wins with perfect play")
    ([Coord(x=1, y=0), Coord(x=1, y=1)], True)
    """

    def choose(rules: Crawler, state: CrawlerState) -> ComputerMove:
        move, solution = perfect_move(rules, state, rng)
        verdict = "it wins with perfect play" if solution.value > 0 else "it loses against perfect play"
        return ComputerMove(move, f"{verdict}; {solution.nodes:,} nodes searched")

    return choose


def make_computer(choice: str | Strategy, rules: Crawler, rng: random.Random) -> ComputerPlayer:
    """The computer player called ``choice`` on ``rules``'s lattice, or ``choice`` itself (a strategy).

    >>> make_computer("perfect", Crawler(7, 6), random.Random(0))
    Traceback (most recent call last):
    ...
    ValueError: the perfect player solves lattices of at most 36 points at once; 7 x 6 has 42: ...
    """
    points = rules.width * rules.height
    if callable(choice):
        return strategy_player(choice)
    if choice == "random":
        return strategy_player(random_strategy(rng))
    if choice == "perfect":
        if points > PERFECT_MAX_POINTS:
            raise ValueError(f"the perfect player solves lattices of at most {PERFECT_MAX_POINTS} points at once; "
                             f"{rules.width} x {rules.height} has {points}: choose 'source', 'random' or a "
                             "smaller lattice")
        return perfect_player(rng)
    if choice == "source":
        if points > SOURCE_MAX_POINTS:
            raise ValueError(f"C's player searches without a table: at most {SOURCE_MAX_POINTS} points (C plays "
                             f"on 6 x 5); {rules.width} x {rules.height} has {points}: choose 'random'")
        return source_player()
    names = ", ".join(repr(name) for name in COMPUTER_NAMES)
    raise ValueError(f"the computer plays one of {names}, or give a strategy(rules, state); got {choice!r}")


class CrawlerBoard(GameBoard):
    """Play the crawler against the computer on a ``width`` x ``height`` lattice of points.

    You draw the first segment when ``human`` is 1 (the terminal's numbering), the second when
    it is 2. ``computer`` is ``"source"``
    (C's van Emden method; the status gives the rule that decided and the positions it
    examined), ``"perfect"`` (the exact solver, on lattices of at most
    :data:`PERFECT_MAX_POINTS` points), ``"random"``, or any ``strategy(rules, state)``.
    Every random choice comes from one generator seeded with ``seed``: the same seed and the
    same clicks give the same games. How clicks become segments is in the module's description;
    the board's controls (see :class:`~coursekit.boards.game.GameBoard`) start a new game,
    take moves back, show hints, change who plays each side, and replay the game.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``turn``, ``is_over``, ``winner``, ``players``, ``chosen`` (the point of an
    unfinished two-click move, or ``None``), ``picture`` (the SVG the page shows),
    ``targets()``, ``closing_targets()``, ``cell_kind(point)``, ``click(point)``, ``play(move)``,
    ``new_game()``, ``undo()``, ``hints`` (on or off; ``press("hints", on)`` redraws).

    >>> board = CrawlerBoard(3, 2, computer="random", seed=1)
    >>> board.click(Coord(0, 0)), board.chosen
    (None, Coord(x=0, y=0))
    >>> board.click(Coord(2, 1))
    False
    >>> board.status.split(". ")[0]
    'Not allowed: [0, 0] and [2, 1] are not neighbours: a segment is one step along a lattice line'
    >>> board.click(Coord(1, 0)), board.steps[0].move
    (True, (Coord(x=0, y=0), Coord(x=1, y=0)))
    >>> 'data-hit="2,1"' in board.picture
    True
    """

    rules: Crawler
    state: CrawlerState
    start: CrawlerState

    def __init__(
        self,
        width: int = 6,
        height: int = 5,
        computer: str | Strategy = ENTRIES[0].opponent,
        human: int = 1,
        seed: int | None = 0,
        *,
        hints: bool = False,
        **kwargs: Any,
    ) -> None:
        self.lattice = Crawler(width, height)
        make_computer(computer, self.lattice, random.Random(0))  # refuse what cannot play here, and say why
        self.chosen: Coord | None = None
        self.notes: dict[tuple[CrawlerState, Segment], str] = {}
        name, offered = self._offered(computer)
        seats = two_seats(name, human)
        super().__init__(seats, offered, seed, seat_labels=("First", "Second"), hints=hints, **kwargs)
        self.new_game()

    @property
    def human(self) -> int | None:
        """The seat you play (0: you draw first), ``None`` when computers play both."""
        return self.seats.index(YOU) if YOU in self.seats else None

    def _offered(self, computer: str | Strategy) -> tuple[str, dict[str, Callable[[random.Random], Strategy]]]:
        points = self.lattice.width * self.lattice.height
        offered: dict[str, Callable[[random.Random], Strategy]] = {}
        if points <= SOURCE_MAX_POINTS:
            offered["source"] = lambda _rng: self._noting(source_player())
        if points <= PERFECT_MAX_POINTS:
            offered["perfect"] = lambda rng: self._noting(perfect_player(rng))
        offered["random"] = lambda rng: self._noting(strategy_player(random_strategy(rng)))
        if callable(computer):
            given = computer
            offered["yours"] = lambda _rng: self._noting(strategy_player(given))
            return "yours", offered
        return str(computer), offered

    def _noting(self, player: ComputerPlayer) -> Strategy:
        """``player`` as a strategy that keeps what it says of each move (the status line shows it)."""

        def strategy(rules: Crawler, state: CrawlerState) -> Segment:
            chosen = player(rules, state)
            if chosen.note:
                self.notes[(state, chosen.move)] = chosen.note
            return chosen.move

        return strategy

    # What the game board asks of a game -----------------------------------------------------------

    def make_rules(self) -> Crawler:
        self.notes = {}
        return self.lattice

    def forget_selection(self) -> None:
        self.chosen = None

    def move_for(self, key: str) -> Segment | None:
        try:
            point = cell_of(key)
        except ValueError:
            raise refusal(f"{key!r} is not a point of the lattice") from None
        if point not in self.rules:
            raise refusal(f"{point} is not a point of the {self.rules.width} x {self.rules.height} lattice")
        state, chosen = self.state, self.chosen
        if chosen == point:
            raise NotAMove(f"{point} is no longer chosen")
        if chosen is not None:
            if not state.line:
                reason = self.rules.why_illegal(state, (chosen, point))
                if reason:
                    raise refusal(reason, keep_selection=True)  # the first point stays chosen
                return (chosen, point)
            if point in state.ends:
                return (point, chosen)
            raise refusal(f"{chosen} is next to both ends: click the end to draw from", keep_selection=True)
        if not state.line:
            self.chosen = point
            return None
        moves = self.moves_to(point)
        if len(moves) == 1:
            return moves[0]
        if len(moves) == 2:
            self.chosen = point
            return None
        raise refusal(self._why_not_a_target(point))

    def _why_not_a_target(self, point: Coord) -> str:
        for end in self.state.ends:
            if point in self.rules.neighbours(end):
                return self.rules.why_illegal(self.state, (end, point)) or f"{point} cannot be drawn to"
        head, tail = self.state.ends
        return f"{point} is not next to an end of the line; its ends are {head} and {tail}"

    def describe(self, state: CrawlerState, move: Any) -> str:
        verb = "closed the line with" if self.rules.closes(state, move) else "drew"
        note = self.notes.get((state, move))
        return f"{verb} {segment_text(move)}" + (f" ({note})" if note else "")

    def prompt(self, state: CrawlerState) -> str:
        chosen = self.chosen
        if chosen is not None:
            if not state.line:
                return (f"{chosen} chosen; click a neighbour to draw the first segment, "
                        f"or {chosen} again to cancel.")
            head, tail = state.ends
            return (f"{chosen} is next to both ends; click the end to draw from ({head} or "
                    f"{tail}), or {chosen} again to cancel.")
        if not state.line:
            return "click a point, then a neighbour, to draw the first segment."
        head, tail = state.ends
        return f"click a ringed point next to an end ({head} or {tail}) to draw a segment to it."

    def draw(self, state: CrawlerState, *, hints: bool, live: bool) -> str:
        if not live:
            return lattice_svg(state)
        targets = self.targets()
        closing = self.closing_targets() if hints else set()
        hits = {point: SAID[self.cell_kind(point)] for point in self._points()}
        legend = ""
        if hints:
            legend = (f"Hints: {CLOSING_MARK} closes the line and wins." if closing
                      else "Hints: no segment closes the line now.")
        return lattice_svg(state, hits=hits, targets=targets, chosen=self.chosen, closing=closing, legend=legend)

    # What tests and lessons read -----------------------------------------------------------------

    def _points(self) -> list[Coord]:
        return [Coord(x, y) for y in range(self.rules.height) for x in range(self.rules.width)]

    @property
    def turn(self) -> str:
        """``"You to move"``, ``"Computer to move"``, or the result (``"You won"``)."""
        if self.is_over:
            return f"{self.winner} won"
        return f"{self.players[self.rules.to_move(self.state)]} to move"

    def moves_to(self, point: Coord | tuple[int, int]) -> tuple[Segment, ...]:
        """The legal moves whose new point is ``point``: none, one, or two (next to both ends).

        >>> first_move = lambda rules, state: rules.legal_moves(state)[0]
        >>> board = CrawlerBoard(3, 3, computer=first_move)
        >>> board.play((Coord(0, 0), Coord(1, 0))), board.state.ends
        (True, (Coord(x=0, y=1), Coord(x=1, y=0)))
        >>> [segment_text(m) for m in board.moves_to(Coord(1, 1))]
        ['0,1-1,1', '1,0-1,1']
        """
        point = Coord(*point)
        return tuple(m for m in self.rules.legal_moves(self.state) if m[1] == point)

    def targets(self) -> set[Coord]:
        """The points a click may choose now (none when it is not your turn, the game is over or a
        replay is shown)."""
        if self.replaying or not self.human_to_move():
            return set()
        if self.chosen is not None:
            if not self.state.line:
                return set(self.rules.neighbours(self.chosen))
            return {m[0] for m in self.moves_to(self.chosen)}
        if not self.state.line:
            return set(self._points())
        return {m[1] for m in self.rules.legal_moves(self.state)}

    def closing_targets(self) -> set[Coord]:
        """The targets whose segment closes the line (the mover wins at once)."""
        if self.chosen is not None:
            return set()
        return {m[1] for m in self.rules.closing_moves(self.state)} & self.targets()

    def cell_kind(self, point: Coord | tuple[int, int]) -> str:
        """How ``point`` is drawn now: ``"free"``, ``"line"``, ``"end"``, ``"closed"`` (where the line
        was closed), ``"chosen"``, ``"target"`` (you may click it) or ``"closing"`` (with hints: it closes)."""
        point = Coord(*point)
        if point == self.chosen:
            return "chosen"
        if self.hints and point in self.closing_targets():
            return "closing"
        if point in self.targets():
            return "target"
        return mark_of(self.shown_state, point)

    # Doing --------------------------------------------------------------------------------

    def click(self, point: Coord | tuple[int, int] | str) -> bool | None:
        """Do what clicking ``point`` does (see the module): ``True`` if it made a move, ``None``
        if it chose a point (wait for the next click), ``False`` if it was refused (the status
        says why)."""
        if isinstance(point, str):
            return super().click(point)
        point = Coord(*point)
        if point not in self.rules:
            raise ValueError(f"{point} is not a point of the {self.rules.width} x {self.rules.height} lattice")
        return super().click(hit_key(point))

    def play(self, move: Any) -> bool:
        """Draw ``move`` (a segment, either way round) for you, then let the computer answer;
        ``False`` if not allowed (the status says why, nothing else changes)."""
        if isinstance(move, tuple) and len(move) == 2 and all(isinstance(p, tuple) for p in move):
            move = self.rules.segment(self.state, *move)
        return super().play(move)


def mark_of(state: CrawlerState, point: Coord) -> str:
    """What is on ``point``: ``"free"``, ``"line"``, ``"end"`` or ``"closed"`` (where the line was closed).

    >>> state = Crawler(3, 2).position([(Coord(0, 0), Coord(1, 0))])
    >>> mark_of(state, Coord(0, 0)), mark_of(state, Coord(2, 1))
    ('end', 'free')
    """
    if point not in state.line:
        return "free"
    if state.closed:
        line = state.line
        closed_at = line[0] if line[0] in line[1:] else line[-1]
        return "closed" if point == closed_at else "line"
    return "end" if point in state.ends else "line"


__all__ = ["COMPUTER_NAMES", "PERFECT_MAX_POINTS", "SOURCE_MAX_POINTS", "ComputerMove", "CrawlerBoard",
           "make_computer", "mark_of", "perfect_player", "source_player", "strategy_player"]
