"""A game on the course's board: seats, moves by clicking, undo, hints, replay, watching computers.

:class:`GameBoard` is what every game's board shares. Each seat is played by you or by one of
the game's computer players; the seats can be changed at any time with the "who plays"
choices. When it is a computer's turn and somebody at the board is human, the computer
answers at once (the page still shows its move glide in); when every seat is a computer, Step
plays one move and ▶ Run plays them all, at the pace of the speed slider. Undo takes back your
last move and the computers' answers to it. The replay slider shows any earlier position
(the game goes on from the last one). Hints write what the course's solvers know on the
board.

A game's board (a subclass) says how to draw a state (:meth:`GameBoard.draw`), what a click
means (:meth:`GameBoard.move_for`), how to say a move (:meth:`GameBoard.describe`) and what
to tell the player to do (:meth:`GameBoard.prompt`). All the rest is here, once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.engine import random_strategy
from ..core.grid import Coord
from ..core.record import Record, Step
from ..core.rules import End, Rules, Strategy
from ..render.svg import cell_of
from ..solvers import perfect_strategy
from .board import Board, button, choice, slider, text_box, toggle

#: Who plays a seat when it is not a computer.
YOU = "you"


def two_seats(computer: str, human: int) -> list[str]:
    """Who plays a game for two: you at seat ``human``, numbered as in the terminal's ``--human``
    (1 moves first), and ``computer`` at the other.

    >>> two_seats("perfect", 1), two_seats("perfect", 2)
    (['you', 'perfect'], ['perfect', 'you'])
    >>> two_seats("perfect", 0)
    Traceback (most recent call last):
    ...
    ValueError: human is your seat, 1 (you move first) or 2, as in the terminal's --human; got 0
    """
    if human not in (1, 2) or type(human) is not int:
        raise ValueError(f"human is your seat, 1 (you move first) or 2, as in the terminal's --human; got {human!r}")
    return [YOU, computer] if human == 1 else [computer, YOU]


def computer_players(
    computer: str | Strategy,
    article: Callable[[random.Random], Strategy] | None = None,
    more: Mapping[str, Callable[[random.Random], Strategy]] | None = None,
) -> tuple[str, dict[str, Callable[[random.Random], Strategy]]]:
    """The computer players a board offers, and the name of the one ``computer`` asks for.

    They are ``"perfect"`` (the course's solver), ``"article"`` (the source's player, when it
    has one), ``"random"`` and ``more``; a ``strategy(rules, state)`` given as ``computer``
    is offered as ``"yours"``.

    >>> name, offered = computer_players("random")
    >>> name, list(offered)
    ('random', ['perfect', 'random'])
    """
    offered: dict[str, Callable[[random.Random], Strategy]] = {"perfect": perfect_strategy}
    if article is not None:
        offered["article"] = article
    offered["random"] = random_strategy
    offered.update(more or {})
    if callable(computer):
        given = computer
        offered["yours"] = lambda _rng: given
        return "yours", offered
    if computer not in offered:
        raise ValueError(f"the computer plays one of {', '.join(repr(c) for c in offered)}, "
                         f"or give a strategy(rules, state); got {computer!r}")
    return computer, offered


class NotAMove(Exception):
    """A click that means no move (an empty cell where a piece should be chosen, ...): the message says why.

    After it the board forgets a half-made move (a chosen piece, a first point), unless
    ``keep_selection``: then what was chosen stays, and the player clicks again.

    >>> NotAMove("[3, 3] is empty", keep_selection=True).keep_selection
    True
    """

    def __init__(self, message: str, keep_selection: bool = False) -> None:
        super().__init__(message)
        self.keep_selection = keep_selection


def refusal(reason: str, keep_selection: bool = False) -> NotAMove:
    """A click the rules refuse, said as every board says it ("Not allowed: ...").

    >>> error = refusal("[3, 3] is empty", keep_selection=True)
    >>> str(error), error.keep_selection
    ('Not allowed: [3, 3] is empty', True)
    """
    return NotAMove(f"Not allowed: {reason}", keep_selection)


def clicked_cell(key: str, width: int, height: int, board: str = "") -> Coord:
    """The cell a click's ``key`` (``"x,y"``) names on a ``width`` x ``height`` board.

    :class:`NotAMove` if ``key`` names no cell, or one off the board; the message calls the
    board ``board``, by default by its size.

    >>> clicked_cell("2,1", 3, 3)
    Coord(x=2, y=1)
    >>> clicked_cell("3,0", 3, 3)
    Traceback (most recent call last):
    ...
    coursekit.boards.game.NotAMove: [3, 0] is not a cell of the 3 x 3 board
    >>> clicked_cell("9,9", 3, 3, board="board")
    Traceback (most recent call last):
    ...
    coursekit.boards.game.NotAMove: [9, 9] is not a cell of the board
    """
    try:
        cell = cell_of(key)
    except ValueError as error:
        raise NotAMove(str(error)) from None
    if not (0 <= cell.x < width and 0 <= cell.y < height):
        raise NotAMove(f"{cell} is not a cell of the {board or f'{width} x {height} board'}")
    return cell


class GameBoard(Board):
    """A game of the course on the board; a subclass draws it and turns clicks into moves.

    ``seats`` says who plays each seat, in the order of play: ``"you"`` or the name of one of
    ``computers`` (each makes a strategy from the board's seeded generator, so the same seed
    gives the same games). ``seat_labels`` names the seats on the page ("White", "Black", ...).
    A subclass calls :meth:`new_game` at the end of its ``__init__``.
    """

    #: The hints toggle's label, and what it says when pointed at (a game names its own hints).
    hints_label = "Hints"
    hints_title = "Show what the solver knows"

    def __init__(
        self,
        seats: Sequence[str],
        computers: Mapping[str, Callable[[random.Random], Strategy]],
        seed: int | None = 0,
        *,
        seat_labels: Sequence[str] | None = None,
        hints: bool = False,
        speed: int = 300,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.seed = seed
        self.rng = random.Random(seed)
        self.computers = dict(computers)
        self.seat_labels = tuple(seat_labels or (f"Player {i + 1}" for i in range(len(seats))))
        if len(self.seat_labels) != len(seats):
            raise ValueError(f"{len(seats)} seats need {len(seats)} labels, got {len(self.seat_labels)}")
        for who in seats:
            self._check_seat(who)
        self.seats = list(seats)
        self.hints = hints
        self.speed = speed
        self.strategies: dict[int, Strategy] = {}
        self.rules: Rules[Any, Any]
        self.start: Any = None
        self.state: Any = None
        self.steps: list[Step] = []
        self.at = 0  # the replay slider: the position shown (len(steps): the game as it stands)
        self.said: list[str] = []

    def _check_seat(self, who: str) -> None:
        if who != YOU and who not in self.computers:
            raise ValueError(f"a seat is played by {YOU!r} or by one of the computers "
                             f"{', '.join(repr(name) for name in self.computers)}; got {who!r}")

    # What a game's board provides --------------------------------------------------------

    def make_rules(self) -> Rules[Any, Any]:
        """The rules of a new game (drawn again for every new game, with ``self.rng``)."""
        raise NotImplementedError

    def draw(self, state: Any, *, hints: bool, live: bool) -> str:
        """The SVG picture of ``state``; ``live``: the player may click (``data-hit`` on what can be clicked)."""
        raise NotImplementedError

    def move_for(self, key: str) -> Any:
        """The move a click on ``key`` means; ``None`` if it only chose part of a move (a piece, a
        first point) and the board waits for more clicks; :class:`NotAMove` if it means nothing."""
        raise NotImplementedError

    def describe(self, state: Any, move: Any) -> str:
        """What ``move`` does from ``state``, after "You" or "The computer": ``"took 1 white, leaving [2, 6]"``."""
        raise NotImplementedError

    def prompt(self, state: Any) -> str:
        """What the player to move should do: ``"click a green cell to move the king."``."""
        raise NotImplementedError

    def extra_controls(self) -> list[dict[str, Any]]:
        """A game's own controls, shown after the common ones."""
        return []

    def on_extra_control(self, name: str, value: Any) -> None:
        """A game's own control used."""

    def forget_selection(self) -> None:
        """Drop a half-made move (a chosen piece, a first point): after a move, undo or a new game."""

    # Reading the game -----------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in the order of play: "You" and "Computer" when there is one of each,
        else each seat's label with who plays it."""
        humans = self.seats.count(YOU)
        names = []
        for label, who in zip(self.seat_labels, self.seats, strict=True):
            if who == YOU:
                names.append("You" if humans == 1 else f"{label} (you)")
            else:
                names.append("Computer" if len(self.seats) - humans == 1 else f"{label} ({who})")
        return tuple(names)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.rules.is_over(self.state))

    @property
    def winner(self) -> str | None:
        """The winner's name (see :attr:`players`), ``None`` for a draw or while the game goes on."""
        if not self.is_over:
            return None
        number = self.rules.winner(self.state)
        return None if number is None else self.players[number]

    @property
    def record(self) -> Record:
        """The game so far as a :class:`~coursekit.core.Record`; an unfinished game has ``end == "stopped"``."""
        return Record.of(self.rules, self.players, self.start, tuple(self.steps),
                         None if self.is_over else End.STOPPED)

    @property
    def history(self) -> list[Any]:
        """The states of the game so far, the first one first."""
        return [self.start, *(step.state for step in self.steps)]

    @property
    def shown_state(self) -> Any:
        """The state the picture shows: the game as it stands, or the replay slider's position."""
        return self.history[self.at]

    @property
    def replaying(self) -> bool:
        """Whether the replay slider shows an earlier position than the game's."""
        return self.at < len(self.steps)

    def human_to_move(self) -> bool:
        """Whether a player at the board (not a computer) is to move now."""
        return not self.is_over and self.seats[self.rules.to_move(self.state)] == YOU

    # Playing ----------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again (the "New game" button); the computers move until it is your turn.

        The computers' random choices go on with the same generator, so a seed fixes the
        whole series of games.
        """
        self.running = False
        self.rules = self.make_rules()
        self.start = self.state = self.rules.initial_state(self.rng)
        self.steps = []
        self.at = 0
        self.strategies = {}
        self.forget_selection()
        self._turn([], self._computers_answer())

    def play(self, move: Any) -> bool:
        """Make ``move`` for the player at the board whose turn it is, then let the computers
        answer; ``False`` (and the status line says why) if it is not allowed now."""
        reason = self._why_not_now()
        if reason is None:
            reason = self.rules.why_illegal(self.state, move)
            if reason is not None:
                reason = f"Not allowed: {reason}"
        if reason is not None:
            self.forget_selection()
            self._say(f"{reason}. {self._turn_text()}")
            return False
        self.forget_selection()
        frames = [self._step(move)]
        frames += self._computers_answer()
        self._turn(frames[:1], frames[1:])
        return True

    def click(self, key: str) -> bool | None:
        """Do what clicking ``key`` does: ``True`` if it made a move, ``False`` if it was refused
        (the status line says why), ``None`` if it chose part of a move."""
        return self.on_hit(key)

    def undo(self) -> bool:
        """Take back the last move of a player at the board and the computers' answers to it
        (with computers only: the last move); ``False`` if there is nothing to take back."""
        if not self.steps:
            return False
        self.running = False
        keep = len(self.steps) - 1
        if YOU in self.seats:
            while keep > 0 and self.seats[self.steps[keep].player] != YOU:
                keep -= 1
            if self.seats[self.steps[keep].player] != YOU:
                return False
        del self.steps[keep:]
        self.state = self.history[-1]
        self.at = len(self.steps)
        self.forget_selection()
        self._say(f"Took back {'your move' if YOU in self.seats else 'a move'}. {self._turn_text()}")
        return True

    def step(self) -> bool:
        """One computer move (the Step button); ``False`` if it is not a computer's turn."""
        if self.is_over or self.replaying or self.seats[self.rules.to_move(self.state)] == YOU:
            return False
        frame = self._step(self._computer_move())
        self._turn([frame], [])
        return True

    def set_seat(self, seat: int, who: str) -> None:
        """Let ``who`` (``"you"`` or a computer's name) play seat ``seat`` from now on."""
        self._check_seat(who)
        self.seats[seat] = who
        self.strategies.pop(seat, None)
        self.running = False
        self.forget_selection()
        self._turn([], self._computers_answer() if not self.replaying else [])

    def set_hints(self, on: bool) -> None:
        """Show or hide the hints."""
        self.hints = bool(on)
        self._say(self.status)

    def show_move(self, at: int) -> None:
        """Show the position after ``at`` moves (the replay slider); ``len(steps)``: the game as it stands."""
        if not 0 <= at <= len(self.steps):
            raise ValueError(f"the replay slider goes from 0 to {len(self.steps)}, not {at!r}")
        self.at = at
        self.forget_selection()
        if self.replaying:
            self._say(self._replay_text())
        else:
            self._say(self._turn_text())

    def still_picture(self) -> str:
        """The position shown, drawn as nobody can click it: no buttons, no marks that invite a click."""
        return self.draw(self.shown_state, hints=self.hints and not self.replaying, live=False)

    # The board's parts ---------------------------------------------------------------------

    def on_hit(self, key: str) -> bool | None:
        reason = self._why_not_now()
        if reason is not None:
            self._say(f"{reason}. {self._turn_text() if not self.replaying else ''}".strip())
            return False
        try:
            move = self.move_for(key)
        except NotAMove as error:
            if not error.keep_selection:
                self.forget_selection()
            self._say(f"{error}. {self._turn_text()}")
            return False
        if move is None:
            self._say(self._turn_text())
            return None
        return self.play(move)

    def on_control(self, name: str, value: Any) -> None:
        if name == "new":
            self.new_game()
        elif name == "undo":
            self.undo()
        elif name == "hints":
            self.set_hints(bool(value))
        elif name == "step":
            self.step()
        elif name == "run":
            self.play_or_pause()
        elif name == "speed":
            self.set_speed(value)
        elif name == "replay":
            self.show_move(int(value))
        elif name.startswith("seat") and name[4:].isdigit() and int(name[4:]) < len(self.seats):
            self.set_seat(int(name[4:]), str(value))
        else:
            self.on_extra_control(name, value)

    def on_tick(self) -> None:
        if not self.step():
            self.running = False
            self._say(self.status)

    def _why_not_now(self) -> str | None:
        if self.replaying:
            return (f"You are looking at move {self.at} of {len(self.steps)}: "
                    "slide the replay to the end to play on")
        if self.is_over:
            return "The game is over: press New game to play again"
        if self.seats[self.rules.to_move(self.state)] != YOU:
            return "It is not your turn: press Step or ▶ Run to let the computer move"
        return None

    def _step(self, move: Any) -> str:
        """Make ``move``; the picture after it (a frame of the turn's animation)."""
        player = self.rules.to_move(self.state)
        self.said.append(f"{self._who(player)} {self.describe(self.state, move)}.")
        self.state = self.rules.apply(self.state, move)
        self.steps.append(Step(player, move, self.state))
        self.at = len(self.steps)
        return self.draw(self.state, hints=False, live=False)

    def _who(self, player: int) -> str:
        name = self.players[player]
        return "The computer" if name == "Computer" else name

    def _computer_move(self) -> Any:
        player = self.rules.to_move(self.state)
        if player not in self.strategies:
            self.strategies[player] = self.computers[self.seats[player]](self.rng)
        return self.strategies[player](self.rules, self.state)

    def _computers_answer(self) -> list[str]:
        """The computers' moves until a player at the board is to move (none if nobody is at the board)."""
        frames = []
        if YOU in self.seats:
            while not self.is_over and self.seats[self.rules.to_move(self.state)] != YOU:
                frames.append(self._step(self._computer_move()))
        return frames

    def _turn(self, first: list[str], rest: list[str]) -> None:
        said, self.said = self.said, []
        frames = [*first, *rest]
        self._say(" ".join([*said, self._turn_text()]), frames[:-1])  # the last is the picture itself

    def _turn_text(self) -> str:
        if self.is_over:
            number = self.rules.winner(self.state)
            if number is None:
                return "A draw."
            name = self.players[number]
            return {"You": "You win!", "Computer": "The computer wins."}.get(name, f"{name} wins.")
        player = self.rules.to_move(self.state)
        if self.seats[player] == YOU:
            whose = "Your turn" if self.seats.count(YOU) == 1 else f"{self.seat_labels[player]} to move"
            return f"{whose}: {self.prompt(self.state)}"
        if YOU in self.seats:
            return f"{self.players[player]} to move."
        return ("The computers play: ⏸ Pause to stop." if self.running
                else f"{self.players[player]} to move: press Step or ▶ Run.")

    def _replay_text(self) -> str:
        if self.at == 0:
            return f"The start, before any of the {len(self.steps)} moves. Slide to the end to play on."
        step = self.steps[self.at - 1]
        before = self.history[self.at - 1]
        return (f"Move {self.at} of {len(self.steps)}: {self._who(step.player)} "
                f"{self.describe(before, step.move)}. Slide to the end to play on.")

    def _controls(self) -> list[dict[str, Any]]:
        computers_only = YOU not in self.seats
        options = [YOU, *self.computers]
        controls = [
            button("new", "New game", title="Start again from the first position"),
            button("undo", "Undo", disabled=not self.steps, title="Take back your last move"),
            toggle("hints", self.hints_label, self.hints, title=self.hints_title),
        ]
        controls += [choice(f"seat{i}", label, options, who, title=f"Who plays {label}")
                     for i, (label, who) in enumerate(zip(self.seat_labels, self.seats, strict=True))]
        if computers_only:
            can_step = not self.is_over and not self.replaying
            controls += [
                button("step", "Step", disabled=not can_step, title="One computer move"),
                self.play_button("run", "▶ Run", disabled=not can_step and not self.running,
                                 title="Let the computers play on"),
            ]
        controls += [
            self.speed_slider("move"),
            slider("replay", "Replay", 0, len(self.steps), self.at, disabled=not self.steps,
                   valuetext=f"move {self.at} of {len(self.steps)}", shown=f"{self.at} of {len(self.steps)}"),
        ]
        return controls + self.extra_controls()

    def start_running(self) -> None:
        """What ▶ Run does: the computers play on, a move every ``speed`` ms (not once the game is over)."""
        if self.is_over:
            self.redraw()
        else:
            super().start_running()

    def redraw(self) -> None:
        self._say(self.status)

    def _say(self, status: str, frames: Sequence[str] = ()) -> None:
        """Show the status line, the picture of what is shown now and the controls."""
        live = not self.replaying and self.human_to_move()
        picture = self.draw(self.shown_state, hints=self.hints and not self.replaying, live=live)
        self.show(picture, status, self._controls(), frames)


class GuessingBoard(GameBoard):
    """A board for finding a hidden secret (bulls and cows, the words game), with a box to type a
    guess in: a guess made clears the box for the next; a refused one stays there, to be corrected.

    A game starts from the chance steps that hid its secrets (:meth:`start_hidden`); the board
    says :meth:`opening` first. The box's text is handed to the controls once
    (:meth:`guess_box`), so that a redraw does not bring back a guess already made.
    """

    hidden: list[Step]
    _box: str | None = ""

    def opening(self) -> str:
        """The first line of a new game (who hid what)."""
        raise NotImplementedError

    def start_hidden(self, rules: Any, hidden: list[Step]) -> None:
        """Start a game of ``rules`` from the chance steps ``hidden`` (the last one's state is the start)."""
        self.running = False
        self.rules = rules
        self.hidden = hidden
        self.start = self.state = hidden[-1].state
        self.steps = []
        self.at = 0
        self.strategies = {}
        self.forget_selection()
        self._box = ""
        self.said = [self.opening()]
        self._turn([], self._computers_answer())

    def guess_box(self, name: str, label: str, placeholder: str, title: str) -> dict[str, Any]:
        """The box to type a guess in (the control ``name``), open while a player at the board is to
        move. Its text goes to the page once, then nothing until a guess or a new game."""
        box, self._box = self._box, None
        return text_box(name, label, placeholder=placeholder, value=box,
                        disabled=not self.human_to_move() or self.replaying, title=title)

    def play(self, move: Any) -> bool:
        if self._why_not_now() is None and self.rules.why_illegal(self.state, move) is None:
            self._box = ""  # a guess made: the box is cleared for the next (a refused one stays, to be corrected)
        return super().play(move)
