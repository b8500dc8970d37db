"""A board that replays any game record (the article's "partia") move by move.

:class:`ReplayBoard` is the course's board widget (:class:`~coursekit.boards.board.Board`)
with a replay slider, First, Previous, Next and Last buttons, ▶ Play (one move every
``speed`` ms, as the speed slider says) and the picture of each position.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..core import display
from ..core.record import Record
from ..core.rules import CHANCE
from ..render.text import ending
from .board import Board, button, slider


def position_svg(state: Any) -> str:
    """The picture of one position: the state's own SVG (a one-way piece's names the piece, so
    that it glides to its next cell), or its text in a ``<pre>`` if it has no picture.

    >>> from coursekit.core import Grid, Coord
    >>> from coursekit.games.pieces import PieceState
    >>> 'data-piece="king"' in position_svg(PieceState(Grid(3, 3), Coord(2, 2)))
    True
    >>> position_svg("a state without a picture")
    '<pre>a state without a picture</pre>'
    """
    svg = display.as_svg(state)
    return svg if svg is not None else f"<pre>{escape(str(state))}</pre>"


class ReplayBoard(Board):
    """Step through a :class:`~coursekit.core.Record`: a slider, First, Previous, Next, Last and ▶ Play.

    Position ``k`` of the slider shows the state after ``k`` moves (``0`` is the start,
    ``len(record)`` the end) and, in the status line, a caption: ``"Start: [3, 6]"``,
    ``"Move 3: A -> [2, 5]"``, and at the end the result. ▶ Play goes on from the position
    shown (from the start, at the end), one move every ``interval`` ms (the speed slider);
    a one-way piece glides from cell to cell. Works for every game whose states draw
    themselves (others show their text).

    What a program can read and do: ``record``, ``index`` (the slider's position), ``state``,
    ``caption`` (the status line), ``picture`` (the SVG shown; also ``svg``),
    ``show_move(k)``, ``next()``, ``previous()``, ``first()``, ``last()``, ``play()`` and
    ``pause()`` (▶ Play and ⏸ Pause), and the controls by name with ``press(name)``.

    >>> import random
    >>> from coursekit.core import Player, play
    >>> from coursekit.games.beans import Beans, article_strategy, random_strategy
    >>> rng = random.Random(1)
    >>> record = play(Beans(3, 6), [Player("A", article_strategy(rng)), Player("B", random_strategy(rng))])
    >>> board = ReplayBoard(record)
    >>> board.caption
    'Start: [3, 6]'
    >>> board.next(); board.caption
    'Move 1: A -> [2, 6]'
    >>> board.press("last"); board.caption
    'Move 9: A -> [0, 0]. The winner is A.'
    """

    #: The speed slider's range (:attr:`Board.SPEEDS`): a replay is read move by move, so it is slower.
    SPEEDS = (100, 2000, 50)

    def __init__(self, record: Record, interval: int = 800, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.record = record
        self.speed = interval
        self.index = 0
        self.redraw()

    # Reading --------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The state shown."""
        return self.record.states[self.index]

    @property
    def caption(self) -> str:
        """The caption of the position shown (the status line)."""
        return self.status

    @property
    def svg(self) -> str:
        """The picture shown (an SVG, or the state's text in a ``<pre>`` if it cannot draw)."""
        return self.picture

    # Doing ------------------------------------------------------------------------------------

    def show_move(self, k: int) -> None:
        """Show the state after ``k`` moves (``0`` is the start)."""
        if not 0 <= k <= len(self.record):
            raise ValueError(f"this game has states 0 to {len(self.record)}, not {k}")
        self.index = k
        self.redraw()

    def next(self) -> None:
        """One move forward (nothing at the end)."""
        self.show_move(min(self.index + 1, len(self.record)))

    def previous(self) -> None:
        """One move back (nothing at the start)."""
        self.show_move(max(self.index - 1, 0))

    def first(self) -> None:
        """The start."""
        self.show_move(0)

    def last(self) -> None:
        """The end of the game."""
        self.show_move(len(self.record))

    def start_running(self) -> None:
        """▶ Play: a move every ``speed`` ms from the position shown (from the start if it is the end)."""
        if not self.record.steps:
            return
        if self.index == len(self.record):
            self.index = 0
        super().start_running()

    #: ▶ Play, by the button's name (:meth:`start_running`); ⏸ Pause is :meth:`pause`.
    play = start_running

    # The board's parts --------------------------------------------------------------------------

    def on_control(self, name: str, value: Any) -> None:
        if name in ("first", "previous", "next", "last"):
            self.running = False
            getattr(self, name)()
        elif name == "play":
            self.play_or_pause()
        elif name == "replay":
            self.running = False
            self.show_move(int(value))
        else:
            super().on_control(name, value)

    def on_tick(self) -> None:
        if self.index >= len(self.record):
            self.running = False
            self.redraw()
            return
        self.index += 1
        if self.index == len(self.record):
            self.running = False
        self.redraw()

    def _controls(self) -> list[dict[str, Any]]:
        k, last = self.index, len(self.record)
        return [
            button("first", "« First", disabled=k == 0, title="The start"),
            button("previous", "◀ Previous", disabled=k == 0, title="One move back"),
            self.play_button("play", "▶ Play", disabled=last == 0,
                             title="Play the game through, a move every so many ms (the speed slider)"),
            button("next", "Next ▶", disabled=k == last, title="One move forward"),
            button("last", "Last »", disabled=k == last, title="The end of the game"),
            slider("replay", "Move", 0, last, k, disabled=last == 0, valuetext=f"move {k} of {last}",
                   shown=f"{k} of {last}"),
            self.speed_slider("move"),
        ]

    def redraw(self) -> None:
        self.show(position_svg(self.state), caption(self.record, self.index), self._controls())


def _position_text(position: Any) -> str:
    """A position as the article prints it: ``[3, 6]``; several cells one after another."""
    if isinstance(position, tuple) and position and all(isinstance(p, tuple) for p in position):
        return " ".join(_position_text(p) for p in position)
    if isinstance(position, tuple) and len(position) == 2:
        return f"[{position[0]}, {position[1]}]"
    return str(position)


def caption(record: Record, k: int) -> str:
    """The caption of the state after ``k`` moves: the start, the move that led there, the result."""
    if k == 0:
        position = getattr(record.start, "position", None)
        text = "Start" if position is None else f"Start: {_position_text(position)}"
    else:
        step = record.steps[k - 1]
        who = "Chance" if step.player == CHANCE else record.players[step.player]
        text = f"Move {k}: {who} -> {display.move_text(record.rules, step.move)}"
    if k == len(record):
        text += f". {ending(record)}."
    return text
