"""A board for the crawler (source C): click lattice points to draw the line; who closes it wins.

The lattice is a grid of buttons, one per point, ``(0, 0)`` at the bottom left; the line is
drawn beside it as the course's picture (:func:`~coursekit.views.crawler.lattice_svg`),
redrawn after every move. The buttons are how you click, the picture is what you look at.

How a click becomes a segment:

* **the first move** takes two clicks: a point, then one of its neighbours. Clicking the
  chosen point again cancels it;
* **a later move** takes one click: the new point, next to an end of the line. The board
  draws the segment from that end. When the point is next to **both** ends (the two moves
  are different lines), the board asks: click the end to draw from (or the point again to
  cancel). It never picks an end for you; C's program always extended the head there;
* the points a click may choose now are highlighted; with hints on, a point whose segment
  closes the line (and wins at once) shows ``W``;
* a click that cannot make a move says why in the status line and changes nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..core.engine import random_strategy
from ..core.grid import Coord
from ..core.record import Step
from ..core.rules import Strategy
from ..games.crawler import Crawler, CrawlerState, Segment, segment_text, source_choice
from ..views.crawler import lattice_svg, search
from ._common import COMPUTER, HUMAN, players_names
from ._grid import button_grid, set_text
from ._play import GameShown

POINT_PX = 36
#: The computer players a board can be given by name.
COMPUTER_NAMES = ("source", "perfect", "random")
#: The largest lattice (in points) the perfect player is offered on (as in the terminal): it
#: solves every position it meets from scratch; on 6 x 6 its dearest decision measured about
#: 0.5 s (C's 6 x 5: 0.3 s), on 7 x 5 about 0.8 s, and larger lattices grow fast.
PERFECT_MAX_POINTS = 36
#: The largest lattice (in points) C's player is offered on: C's own 6 x 5 (its search keeps
#: no table; its dearest decision there examines 337,450 positions, about 0.35 s).
SOURCE_MAX_POINTS = 30
#: What a point shows: free, on the line, an end, where the line was closed, the chosen point.
MARKS = {"free": "·", "line": "+", "end": "o", "closed": "X", "chosen": "●"}
#: What a closing point shows when hints are on.
CLOSING_MARK = "W"
#: The background of each kind of point.
COLOURS = {"free": "#f4f4f4", "line": "#dbe4f3", "end": "#dbe4f3", "closed": "#f4c7c3",
           "chosen": "#ffe082", "target": "#c7e9c0", "closing": "#fdd49e"}
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
        solution = search(rules, state)
        best = list(solution.best_moves)
        closing = [m for m in best if rules.closes(state, m)]
        safe = [m for m in best if not rules.closes(state, m) and not rules.gives_a_close(state, m)]
        move = rng.choice(closing or safe or best)
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


class CrawlerBoard(GameShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """Play the crawler against the computer on a ``width`` x ``height`` lattice of points.

    You draw the first segment when ``human_first`` is true. ``computer`` is ``"source"``
    (C's van Emden method; the status gives the rule that decided and the positions it
    examined), ``"perfect"`` (the exact solver, on lattices of at most
    :data:`PERFECT_MAX_POINTS` points), ``"random"``, or any ``strategy(rules, state)``.
    Every random choice comes from one generator seeded with ``seed``: the same seed and the
    same clicks give the same games. How clicks become segments is in the module's description.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``turn``, ``is_over``, ``winner``, ``players``, ``chosen`` (the point of an
    unfinished two-click move, or ``None``), ``buttons`` (a dict from each ``Coord`` to its
    button), ``targets()``, ``closing_targets()``, ``cell_kind(point)``, ``click(point)``,
    ``play(move)``, ``new_game()``, ``hints`` (on or off), and the widgets ``picture`` (the
    SVG), ``status_label``, ``new_game_button``, ``hint_toggle``.

    >>> board = CrawlerBoard(3, 2, computer="random", seed=1)
    >>> board.click(Coord(0, 0)), board.chosen
    (True, Coord(x=0, y=0))
    >>> board.click(Coord(2, 1))
    False
    >>> board.status.split(". ")[0]
    'Not allowed: [0, 0] and [2, 1] are not neighbours: a segment is one step along a lattice line'
    >>> board.click(Coord(1, 0)), board.steps[0].move
    (True, (Coord(x=0, y=0), Coord(x=1, y=0)))
    """

    def __init__(
        self,
        width: int = 6,
        height: int = 5,
        computer: str | Strategy = "source",
        human_first: bool = True,
        seed: int | None = 0,
        *,
        hints: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.rules = Crawler(width, height)
        self.seed = seed
        self.rng = random.Random(seed)
        self.computer = make_computer(computer, self.rules, self.rng)
        self.human = 0 if human_first else 1
        self.players = players_names(human_first)
        self.start: CrawlerState = self.rules.initial_state()
        self.state: CrawlerState = self.start
        self.steps: list[Step] = []
        self.chosen: Coord | None = None
        self._said: list[str] = []  # what the status line says of the last moves
        self._build(hints)
        self.new_game()

    def _build(self, hints: bool) -> None:
        self.styles: dict[str, widgets.ButtonStyle] = {
            kind: widgets.ButtonStyle(button_color=colour, font_size="16px",
                                      font_weight="bold" if kind in ("target", "closing", "chosen") else "normal")
            for kind, colour in COLOURS.items()}
        self.buttons, self.grid_box = button_grid(self.rules.width, self.rules.height, POINT_PX,
                                                  self.styles["free"], self.click)
        self.picture = widgets.HTML(value="")
        self.status_label = widgets.Label(value="")
        self.new_game_button = widgets.Button(description="New game", tooltip="Start again with an empty lattice")
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.hint_toggle = widgets.ToggleButton(value=bool(hints), description="Hints: W closes",
                                                tooltip="Mark with W each point whose segment closes the line")
        self.hint_toggle.observe(lambda _change: self._finish(self._said), names="value")
        self.children = (widgets.HBox([self.grid_box, self.picture]), self.status_label,
                         widgets.HBox([self.new_game_button, self.hint_toggle]))

    # What tests and lessons read ---------------------------------------------------------

    @property
    def hints(self) -> bool:
        """Whether the points whose segment closes the line show ``W``."""
        return bool(self.hint_toggle.value)

    @hints.setter
    def hints(self, on: bool) -> None:
        self.hint_toggle.value = bool(on)

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
        """The points a click may choose now (none when it is not your turn or the game is over)."""
        if self.is_over or self.rules.to_move(self.state) != self.human:
            return set()
        if self.chosen is not None:
            if not self.state.line:
                return set(self.rules.neighbours(self.chosen))
            return {m[0] for m in self.moves_to(self.chosen)}
        if not self.state.line:
            return set(self.buttons)
        return {m[1] for m in self.rules.legal_moves(self.state)}

    def closing_targets(self) -> set[Coord]:
        """The targets whose segment closes the line (the mover wins at once)."""
        if self.chosen is not None:
            return set()
        return {m[1] for m in self.rules.closing_moves(self.state)} & self.targets()

    def cell_kind(self, point: Coord | tuple[int, int]) -> str:
        """How ``point`` is drawn: ``"free"``, ``"line"``, ``"end"``, ``"closed"`` (where the line
        was closed), ``"chosen"``, ``"target"`` (you may click it) or ``"closing"`` (a hint: it closes)."""
        style = self.buttons[Coord(*point)].style
        return next(kind for kind, shared in self.styles.items() if shared is style)

    # Doing --------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again with an empty lattice (what "New game" does); the computer draws first if it should.

        The random choices go on with the same generator, so a seed fixes the whole series of games.
        """
        self.state = self.start = self.rules.initial_state()
        self.steps = []
        self.chosen = None
        self._finish(self._computer_replies())

    def click(self, point: Coord | tuple[int, int]) -> bool:
        """Do what clicking ``point`` does (see the module); ``False`` (the status says why) if it does nothing."""
        point = Coord(*point)
        if point not in self.buttons:
            raise ValueError(f"{point} is not a point of the {self.rules.width} x {self.rules.height} lattice")
        if self.is_over or self.rules.to_move(self.state) != self.human:
            return self._refuse("the game is over" if self.is_over else "it is not your turn")
        if self.chosen == point:
            self.chosen = None
            self._finish([f"{point} is no longer chosen."])
            return True
        if self.chosen is not None:
            return self._second_click(self.chosen, point)
        if not self.state.line:
            return self._choose(point)
        moves = self.moves_to(point)
        if len(moves) == 1:
            return self.play(moves[0])
        if len(moves) == 2:
            return self._choose(point)
        return self._refuse(self._why_not_a_target(point))

    def play(self, move: Segment) -> bool:
        """Draw ``move`` (a segment, either way round) for you, then let the computer answer;
        ``False`` if not allowed (the status says why, nothing else changes)."""
        move = self.rules.segment(self.state, *move)
        reason = self.rules.why_illegal(self.state, move)
        if reason is None and self.rules.to_move(self.state) != self.human:
            reason = "it is not your turn"
        if reason is not None:
            return self._refuse(reason)
        self.chosen = None
        said = [f"You {self._describe(move)}."]
        self._draw(move)
        self._finish(said + self._computer_replies())
        return True

    def _choose(self, point: Coord) -> bool:
        self.chosen = point
        self._finish([])
        return True

    def _second_click(self, chosen: Coord, point: Coord) -> bool:
        if not self.state.line:
            reason = self.rules.why_illegal(self.state, (chosen, point))
            return self._refuse(reason) if reason else self.play((chosen, point))
        if point in self.state.ends:
            return self.play((point, chosen))
        return self._refuse(f"{chosen} is next to both ends: click the end to draw from")

    def _why_not_a_target(self, point: Coord) -> str:
        for end in self.state.ends:
            if point in self.rules.neighbours(end):
                return self.rules.why_illegal(self.state, (end, point)) or f"{point} cannot be drawn to"
        head, tail = self.state.ends
        return f"{point} is not next to an end of the line; its ends are {head} and {tail}"

    def _refuse(self, reason: str) -> bool:
        self.status_label.value = f"Not allowed: {reason}. {self._turn_text()}"
        return False

    def _describe(self, move: Segment) -> str:
        verb = "closed the line with" if self.rules.closes(self.state, move) else "drew"
        return f"{verb} {segment_text(move)}"

    def _draw(self, move: Segment) -> None:
        seat = self.rules.to_move(self.state)
        self.state = self.rules.apply(self.state, move)
        self.steps.append(Step(seat, move, self.state))

    def _computer_replies(self) -> list[str]:
        said = []
        while not self.is_over and self.rules.to_move(self.state) != self.human:
            chosen = self.computer(self.rules, self.state)
            text = f"The computer {self._describe(chosen.move)}"
            said.append(f"{text} ({chosen.note})." if chosen.note else f"{text}.")
            self._draw(chosen.move)
        return said

    # Drawing ------------------------------------------------------------------------------

    def _finish(self, said: list[str]) -> None:
        self._said = said
        self._show()
        self.status_label.value = " ".join([*said, self._turn_text()])

    def _turn_text(self) -> str:
        if self.is_over:
            return "You win!" if self.winner == HUMAN else "The computer wins."
        if self.rules.to_move(self.state) != self.human:
            return f"{COMPUTER} to move."
        if self.chosen is not None:
            if not self.state.line:
                return (f"Your turn: {self.chosen} chosen; click a neighbour to draw the first segment, "
                        f"or {self.chosen} again to cancel.")
            head, tail = self.state.ends
            return (f"Your turn: {self.chosen} is next to both ends; click the end to draw from ({head} or "
                    f"{tail}), or {self.chosen} again to cancel.")
        if not self.state.line:
            text = "Your turn: click a point, then a neighbour, to draw the first segment."
        else:
            head, tail = self.state.ends
            text = f"Your turn: click a highlighted point next to an end ({head} or {tail}) to draw a segment to it."
        if self.hints:
            text += (f" Hints: {CLOSING_MARK} closes the line and wins." if self.closing_targets()
                     else " Hints: no segment closes the line now.")
        return text

    def _kind_and_text(self, point: Coord, targets: set[Coord], closing: set[Coord]) -> tuple[str, str]:
        state = self.state
        if point == self.chosen:
            return "chosen", MARKS["chosen"]
        if point in state.line:
            on = "closed" if state.closed and point == self._closed_point() else (
                "end" if point in state.ends and not state.closed else "line")
        else:
            on = "free"
        if point in closing and self.hints:
            return "closing", CLOSING_MARK
        return ("target" if point in targets else on), MARKS[on]

    def _closed_point(self) -> Coord:
        line = self.state.line
        return line[0] if line[0] in line[1:] else line[-1]

    def _show(self) -> None:
        targets, closing = self.targets(), self.closing_targets()
        for point, button in self.buttons.items():
            kind, text = self._kind_and_text(point, targets, closing)
            button.style = self.styles[kind]
            set_text(button, text)
            button.tooltip = self._tooltip(point, kind)
        self.picture.value = lattice_svg(self.state)

    def _tooltip(self, point: Coord, kind: str) -> str:
        if kind == "closing":
            return f"{point}: closes the line and wins"
        if kind != "target":
            return str(point)
        if not self.state.line:
            return (f"{point}: click to start the first segment here" if self.chosen is None
                    else f"{point}: click to draw the first segment to it")
        if self.chosen is not None:
            return f"{point}: click to draw from this end to {self.chosen}"
        return f"{point}: click to draw a segment to it"


__all__ = ["COMPUTER_NAMES", "PERFECT_MAX_POINTS", "SOURCE_MAX_POINTS", "ComputerMove", "CrawlerBoard",
           "make_computer", "perfect_player", "source_player", "strategy_player"]
