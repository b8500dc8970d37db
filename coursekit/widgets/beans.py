"""A board for the beans game (article, section 2): play against the computer by clicking."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..core.rules import Strategy
from ..games import beans
from ..games.beans import Beans, BeansState, Piles
from ..views.svg import beans_svg
from ._play import PlayBoard

#: The three kinds of move, each with its button label and the beans it takes (white, black).
TAKES: dict[str, tuple[str, tuple[int, int]]] = {
    "white": ("take 1 white", (1, 0)),
    "black": ("take 1 black", (0, 1)),
    "both": ("take 1 of each", (1, 1)),
}


class BeansBoard(PlayBoard):
    r"""Play beans against the computer: two piles, one button per kind of move.

    ``computer`` is ``"perfect"`` (never misses a win), ``"article"`` (the article's player
    A: the winning move when there is one, else at random), ``"random"``, or any
    ``strategy(rules, state)``. The computer answers at once after each of your moves.
    The same ``seed`` gives the same game.

    What a program can read and do: ``state`` (a :class:`~coursekit.games.beans.BeansState`),
    ``status`` (the status line's text), ``record`` (the game so far), ``picture`` (the
    ``HTML`` widget holding the piles' SVG), ``buttons`` (``"white"``, ``"black"`` and
    ``"both"``), ``click(kind)`` (what clicking that button does), ``play(move)`` (a move
    given as the position after it) and ``new_game()``.

    >>> board = BeansBoard(3, 6, seed=1)
    >>> board.state, board.status
    (BeansState(white=3, black=6, turn=0), 'Your turn: take one bean, or one of each colour.')
    >>> board.click("white")
    True
    >>> board.state
    BeansState(white=1, black=6, turn=0)
    >>> print(board.status.replace(". ", ".\n"))
    You took 1 white, leaving [2, 6].
    The computer took 1 white, leaving [1, 6].
    Your turn: take one bean, or one of each colour.
    >>> board.buttons["both"].description
    'take 1 of each'
    """

    def __init__(
        self,
        white: int = 3,
        black: int = 6,
        computer: str | Strategy = "perfect",
        human_first: bool = True,
        seed: int | None = 0,
        **kwargs: Any,
    ) -> None:
        self.piles = (white, black)
        Beans(white, black)  # check the piles before drawing anything
        super().__init__(computer, human_first, seed, beans.article_strategy, **kwargs)
        self.picture = widgets.HTML()
        self.buttons: dict[str, widgets.Button] = {}
        for kind, (label, _taken) in TAKES.items():
            button = widgets.Button(description=label, tooltip=f"{label} bean" if kind != "both" else label)
            button.on_click(lambda _button, kind=kind: self.click(kind))
            self.buttons[kind] = button
        self.children = (
            self.picture,
            widgets.HBox(list(self.buttons.values())),
            self.status_label,
            self.new_game_button,
        )
        self.new_game()

    def click(self, kind: str) -> bool:
        """Do what clicking the button ``kind`` (``"white"``, ``"black"``, ``"both"``) does."""
        if kind not in TAKES:
            raise ValueError(f"a beans button is one of {', '.join(TAKES)}, not {kind!r}")
        return self.play(self._target(self.state, kind))

    @staticmethod
    def _target(state: BeansState, kind: str) -> Piles:
        white, black = TAKES[kind][1]
        return (state.white - white, state.black - black)

    def _make_rules(self) -> Beans:
        return Beans(*self.piles)

    def _redraw(self) -> None:
        self.picture.value = beans_svg(self.state)
        legal = set(self.rules.legal_moves(self.state))
        for kind, button in self.buttons.items():
            button.disabled = self._target(self.state, kind) not in legal

    def _describe(self, state: BeansState, move: Any) -> str:
        taken = (state.white - move[0], state.black - move[1])
        label = next((label for label, t in TAKES.values() if t == taken), f"went to {move}")
        return f"{label.replace('take', 'took')}, leaving [{move[0]}, {move[1]}]"

    def _hint(self) -> str:
        return "take one bean, or one of each colour."
