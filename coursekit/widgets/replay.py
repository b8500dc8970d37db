"""A board that replays any game record (the article's "partia") move by move."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..core import display
from ..core.record import Record
from ..core.rules import CHANCE

_ENDINGS = {
    "draw": "Nobody wins.",
    "lost": "The goal was not reached: the game is lost.",
    "move limit": "The move limit is reached: nobody wins.",
    "stopped": "The game was stopped.",
}


class ReplayBoard(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """Step through a :class:`~coursekit.core.Record`: a slider, a play button, back and forward.

    Position ``k`` of the slider shows the state after ``k`` moves (``0`` is the start,
    ``len(record)`` the end) and a caption: ``"Start: [3, 6]"``, ``"Move 3: A -> [2, 5]"``,
    and at the end the result. Works for every game whose states draw themselves.

    What a program can read and do: ``record``, ``index`` (the slider's position),
    ``state``, ``caption`` (the caption's text), ``svg`` (the picture shown), ``show(k)``,
    ``next()``, ``previous()``, the widgets ``slider``, ``player``, ``prev_button``,
    ``next_button``, ``picture``, and ``link`` (the browser-side link from ``player`` to ``slider``).

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
    >>> board.show(len(record)); board.caption
    'Move 9: A -> [0, 0]. The winner is A.'
    """

    def __init__(self, record: Record, interval: int = 800, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.record = record
        last = len(record)
        self.slider = widgets.IntSlider(value=0, min=0, max=last, description="Move", continuous_update=True)
        self.player = widgets.Play(value=0, min=0, max=last, step=1, interval=interval,
                                   description="Play the game")
        self.link = widgets.jslink((self.player, "value"), (self.slider, "value"))
        self.prev_button = widgets.Button(description="\u25c0", tooltip="Previous move",
                                          layout=widgets.Layout(width="40px"))
        self.next_button = widgets.Button(description="\u25b6", tooltip="Next move",
                                          layout=widgets.Layout(width="40px"))
        self.prev_button.on_click(lambda _button: self.previous())
        self.next_button.on_click(lambda _button: self.next())
        self.picture = widgets.HTML()
        self.caption_label = widgets.Label()
        self.slider.observe(self._on_slide, names="value")
        self.children = (
            widgets.HBox([self.player, self.prev_button, self.slider, self.next_button]),
            self.picture,
            self.caption_label,
        )
        self._draw()

    @property
    def index(self) -> int:
        """How many moves have been played in the state shown."""
        return int(self.slider.value)

    @property
    def state(self) -> Any:
        """The state shown."""
        return self.record.states[self.index]

    @property
    def caption(self) -> str:
        """The caption's text."""
        return str(self.caption_label.value)

    @property
    def svg(self) -> str:
        """The picture shown (an SVG, or the state's text in a ``<pre>`` if it cannot draw)."""
        return str(self.picture.value)

    def show(self, k: int) -> None:
        """Show the state after ``k`` moves (``0`` is the start)."""
        if not 0 <= k <= len(self.record):
            raise ValueError(f"this game has states 0 to {len(self.record)}, not {k}")
        self.slider.value = k

    def next(self) -> None:
        """One move forward (nothing at the end)."""
        self.slider.value = min(self.index + 1, len(self.record))

    def previous(self) -> None:
        """One move back (nothing at the start)."""
        self.slider.value = max(self.index - 1, 0)

    def _on_slide(self, _change: Any) -> None:
        self._draw()

    def _draw(self) -> None:
        k = self.index
        state = self.state
        svg = display.as_svg(state)
        self.picture.value = svg if svg is not None else f"<pre>{escape(str(state))}</pre>"
        self.caption_label.value = caption(self.record, k)
        self.player.value = k  # the browser links the player to the slider: keep them equal
        self.prev_button.disabled = k == 0
        self.next_button.disabled = k == len(self.record)


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
        if record.end == "won" and record.winner is not None:
            text += f". The winner is {record.players[record.winner]}."
        else:
            text += f". {_ENDINGS.get(record.end, 'The game is over.')}"
    return text
