"""The course's one board widget: the game's SVG picture, a status line and controls.

:class:`Board` is an `anywidget <https://anywidget.dev>`_ widget, so it works wherever
ipywidgets do (JupyterLab, Notebook 7, VS Code, Colab, Voila, JupyterLite). The game stays in
Python: Python draws the picture with the course's own SVG views (the same pictures as the
lessons and the static site) and decides what a click means. The small ES module beside
this file (``board.js``) only shows the picture and reports what the player did:

* a click, a tap, Enter or Space on an element of the picture marked ``data-hit="KEY"``
  calls :meth:`Board.on_hit` with ``KEY`` (the arrow keys move the focus between them);
* a control (a button, a toggle, a choice, a range slider or a text box, described by
  :func:`button`, :func:`toggle`, :func:`choice`, :func:`slider` and :func:`text_box`) calls
  :meth:`Board.on_control` with its name and value;
* while ``running`` is on, it calls :meth:`Board.on_tick` every ``speed`` milliseconds.

Pieces marked ``data-piece="NAME"`` glide from their old place to the new one, and the
pictures given as ``frames`` are shown in turn before the last one, ``speed`` ms each.

A saved or exported notebook, and the lesson site, show the board as a still picture of
its last state (:meth:`Board.still`), with nothing that looks clickable.

>>> board = Board()
>>> board.show('<svg><g data-hit="a" tabindex="0" role="button"><rect/></g></svg>', "Hello.",
...            [button("again", "Again")])
>>> board.status, board.version
('Hello.', 1)
>>> board.still()
'<div class="ck-still-board"><svg><g><rect/></g></svg><p class="ck-status">Hello.</p></div>'
"""

from __future__ import annotations

import html
import re
import uuid
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

HERE = Path(__file__).parent

#: What makes an element of a picture clickable; a still picture has none of it.
_LIVE = re.compile(r'\s(?:data-hit="[^"]*"|tabindex="[^"]*"|role="button"|aria-label="[^"]*")')


def button(name: str, label: str, *, disabled: bool = False, title: str = "") -> dict[str, Any]:
    """A push button: pressing it calls ``on_control(name, True)``."""
    return {"kind": "button", "name": name, "label": label, "disabled": disabled, "title": title}


def toggle(name: str, label: str, value: bool, *, disabled: bool = False, title: str = "") -> dict[str, Any]:
    """A check box: ticking or clearing it calls ``on_control(name, ticked)``."""
    return {"kind": "toggle", "name": name, "label": label, "value": value, "disabled": disabled, "title": title}


def choice(name: str, label: str, options: Sequence[str], value: str, *, disabled: bool = False,
           title: str = "") -> dict[str, Any]:
    """A drop-down list: choosing an option calls ``on_control(name, option)``."""
    return {"kind": "choice", "name": name, "label": label, "options": list(options), "value": value,
            "disabled": disabled, "title": title}


def slider(name: str, label: str, low: int, high: int, value: int, *, step: int = 1, disabled: bool = False,
           title: str = "", valuetext: str = "", shown: str = "") -> dict[str, Any]:
    """A range slider: moving it calls ``on_control(name, value)`` with a whole number.

    Beside it the page writes ``shown`` (by default the value); a screen reader says ``valuetext``.
    """
    return {"kind": "range", "name": name, "label": label, "min": low, "max": high, "value": value,
            "step": step, "disabled": disabled, "title": title, "valuetext": valuetext, "shown": shown or str(value)}


def text_box(name: str, label: str, *, placeholder: str = "", value: str | None = None, disabled: bool = False,
             title: str = "") -> dict[str, Any]:
    """A one-line text box: Enter calls ``on_control(name, text)``. ``value`` sets its text (``None`` keeps it)."""
    return {"kind": "text", "name": name, "label": label, "placeholder": placeholder, "value": value,
            "disabled": disabled, "title": title}


def _data_and_metadata(bundle: Any) -> tuple[dict[str, Any], dict[str, Any] | None]:
    if isinstance(bundle, tuple):
        return bundle[0], (bundle[1] if len(bundle) > 1 and bundle[1] else None)
    return bundle, None


_SHOWN: weakref.WeakSet[Board] = weakref.WeakSet()
_HOOKED: set[int] = set()


def _refresh_after_cells(board: Board) -> None:
    """Keep the still pictures of shown boards up to date after every cell run (IPython only)."""
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        return
    _SHOWN.add(board)
    if id(shell) not in _HOOKED:
        _HOOKED.add(id(shell))
        shell.events.register("post_run_cell", _refresh_shown)


def _refresh_shown(*_args: Any) -> None:
    from IPython.display import update_display

    for board in list(_SHOWN):
        if board._display_id is not None and board._shown_version != board.version:
            board._shown_version = board.version
            board.saved_picture = board.still_picture()
            data, metadata = _data_and_metadata(board._repr_mimebundle_())
            update_display(data, raw=True, metadata=metadata, display_id=board._display_id)  # type: ignore[no-untyped-call]


class Board(anywidget.AnyWidget):
    """A picture that answers clicks, a status line and controls; subclasses give them meaning.

    Subclasses draw with :meth:`show` and implement :meth:`on_hit`, :meth:`on_control` and
    :meth:`on_tick`. A program (a test, a lesson) does what a player does with :meth:`hit`,
    :meth:`press` and :meth:`tick`.
    """

    _esm = (HERE / "board.js").read_text(encoding="utf-8")
    _css = (HERE / "board.css").read_text(encoding="utf-8")

    #: The board's picture: SVG, with ``data-hit`` on what can be clicked.
    picture = traitlets.Unicode("").tag(sync=True)
    #: Pictures to show in turn before ``picture`` (the moves of one turn), ``speed`` ms each.
    frames = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The status line.
    status = traitlets.Unicode("").tag(sync=True)
    #: The controls below the status line, as made by :func:`button`, :func:`toggle`, ...
    controls = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: Milliseconds a move takes on screen (gliding pieces, frames, the pace of ``running``); 0: at once.
    speed = traitlets.Int(300).tag(sync=True)
    #: Whether the front end asks for the next move every ``speed`` ms (:meth:`on_tick`).
    running = traitlets.Bool(False).tag(sync=True)
    #: Counts the pictures shown: the front end redraws when it changes.
    version = traitlets.Int(0).tag(sync=True)
    #: The still picture (:meth:`still_picture`) as the last cell run left the board, for the saved
    #: widget state: the lesson site draws it (this module's front end cannot load on a static page).
    saved_picture = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        unknown = sorted(set(kwargs) - set(self.trait_names()))
        if unknown:  # the widget library would take them silently: a misspelt option must not be lost
            raise TypeError(f"{type(self).__name__} takes no option {', '.join(map(repr, unknown))}")
        super().__init__(**kwargs)
        self.on_msg(self._message)

    # Drawing ------------------------------------------------------------------------------

    def show(self, picture: str, status: str, controls: Sequence[dict[str, Any]] | None = None,
             frames: Sequence[str] = ()) -> None:
        """Show a new picture and status line (and controls, if given), in one message to the page."""
        with self.hold_sync():
            self.frames = list(frames)
            self.picture = picture
            self.status = status
            if controls is not None:
                self.controls = list(controls)
            self.version += 1

    def still_picture(self) -> str:
        """The picture as nobody can click it: here, the picture without what makes parts clickable;
        a game's board draws it anew with nothing that invites a click (no buttons, no marks)."""
        return _LIVE.sub("", self.picture)

    def still(self) -> str:
        """The board as a still picture (HTML): :meth:`still_picture` and the status line."""
        return (f'<div class="ck-still-board">{self.still_picture()}'
                f'<p class="ck-status">{html.escape(self.status)}</p></div>')

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/html"] = self.still()
        return bundle

    def _ipython_display_(self) -> None:
        """Show the board; after each cell that changed it, its still picture is brought up to date.

        A notebook keeps, beside the live board, the still picture (``text/html``) that a saved
        or exported notebook shows where no kernel draws the board (nbconvert, GitHub). The
        board is shown with a display id, and after each cell run it is updated there if it
        changed, so that picture is of the board's last state.
        """
        from IPython.display import display

        if self._display_id is None:
            self._display_id = uuid.uuid4().hex
        self.saved_picture = self.still_picture()
        data, metadata = _data_and_metadata(self._repr_mimebundle_())
        display(data, raw=True, metadata=metadata, display_id=self._display_id)  # type: ignore[no-untyped-call]
        self._shown_version = self.version
        _refresh_after_cells(self)

    _display_id: str | None = None
    _shown_version = -1

    # What the player does, by program -------------------------------------------------------

    def hit(self, key: str) -> Any:
        """Do what clicking the element ``key`` of the picture does (as :meth:`on_hit`)."""
        return self.on_hit(key)

    def press(self, name: str, value: Any = True) -> Any:
        """Do what using the control ``name`` does: press a button, tick a box (``value``), choose, slide."""
        known = {spec["name"]: spec for spec in self.controls}
        if name not in known:
            raise ValueError(f"this board has no control {name!r}; it has {', '.join(known) or 'none'}")
        if known[name].get("disabled"):
            raise ValueError(f"the control {name!r} cannot be used now")
        return self.on_control(name, value)

    def tick(self) -> Any:
        """Do what the front end does every ``speed`` ms while ``running`` is on (as :meth:`on_tick`)."""
        return self.on_tick()

    def control(self, name: str) -> dict[str, Any]:
        """The control called ``name`` as the page shows it (``KeyError`` if there is none)."""
        for spec in self.controls:
            if spec["name"] == name:
                return dict(spec)
        raise KeyError(name)

    # Running by itself: the ▶ / ⏸ button and the speed slider ---------------------------------

    #: The speed slider's range, in milliseconds a step: fastest, slowest, and the slider's step.
    SPEEDS: ClassVar[tuple[int, int, int]] = (0, 1500, 50)

    def start_running(self) -> None:
        """What ▶ does: :meth:`on_tick` every ``speed`` ms from now on (a subclass gets ready first)."""
        self.running = True
        self.redraw()

    def pause(self) -> None:
        """What ⏸ Pause does: stop running."""
        self.running = False
        self.redraw()

    def play_or_pause(self) -> None:
        """What the ▶ / ⏸ button does: :meth:`pause` while running, else :meth:`start_running`.

        >>> board = Board(speed=200)
        >>> board.play_or_pause(); board.running, board.play_button("run", "▶ Run")["label"]
        (True, '⏸ Pause')
        >>> board.set_speed(-5); board.speed, board.speed_slider()["shown"]
        (0, '0 ms')
        """
        if self.running:
            self.pause()
        else:
            self.start_running()

    def set_speed(self, milliseconds: Any) -> None:
        """What the speed slider does: ``milliseconds`` a step from now on (0: at once)."""
        self.speed = max(0, int(milliseconds))
        self.redraw()

    def play_button(self, name: str, label: str, *, disabled: bool = False, title: str = "") -> dict[str, Any]:
        """The ▶ / ⏸ button: ``label`` (``"▶ Play"``, ``"▶ Run"``) to start, ``"⏸ Pause"`` while running."""
        return button(name, "⏸ Pause" if self.running else label, disabled=disabled, title=title)

    def speed_slider(self, step: str = "move") -> dict[str, Any]:
        """The speed slider (the control ``"speed"``), in milliseconds a ``step`` (:data:`SPEEDS`, widened to
        take in the speed the board was given)."""
        low, high, every = self.SPEEDS
        return slider("speed", f"Speed (ms a {step})", min(low, self.speed), max(high, self.speed), self.speed,
                      step=every, valuetext=f"{self.speed} milliseconds a {step}", shown=f"{self.speed} ms")

    # What a subclass gives meaning to ---------------------------------------------------------

    def redraw(self) -> None:
        """Show the board again as it stands, controls included (a board that draws itself does it here)."""
        self.show(self.picture, self.status, self.controls)

    def on_hit(self, key: str) -> Any:
        """A click on the element ``key`` of the picture."""

    def on_control(self, name: str, value: Any) -> Any:
        """A control used: a button pressed (``value`` is ``True``), a box ticked, a choice, a slider, a text.

        The board answers here the speed slider it makes (:meth:`speed_slider`); a subclass passes
        on what it does not answer itself.
        """
        if name == "speed":
            self.set_speed(value)

    def on_tick(self) -> Any:
        """The next step while ``running`` is on; set ``running`` to ``False`` to stop."""
        self.running = False

    # Messages from the page -------------------------------------------------------------

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        event = content.get("event")
        try:
            if event == "hit" and isinstance(content.get("key"), str):
                self.on_hit(content["key"])
            elif event == "control" and isinstance(content.get("name"), str):
                known = {spec["name"] for spec in self.controls}
                if content["name"] in known:
                    self.on_control(content["name"], content.get("value"))
            elif event == "tick" and self.running and content.get("version") == self.version:
                self.on_tick()
        except Exception as error:  # a board's bug must not leave the page silent
            self.running = False
            self.show(self.picture, f"Something went wrong: {type(error).__name__}: {error}")
            raise
