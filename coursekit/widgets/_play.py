"""The part every play board shares: a game against the computer, move by move."""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as widgets

from ..core.record import Record, Step
from ..core.rules import End, Rules, Strategy
from ._common import HUMAN, choose_computer, players_names


class GameShown:
    """What every board says about its game, read from ``rules``, ``state``, ``start``, ``steps``,
    ``players`` and ``status_label``: the status line, whether the game is over, the winner and
    the record."""

    rules: Any
    state: Any
    start: Any
    steps: list[Step]
    players: tuple[str, ...]
    status_label: widgets.Label

    @property
    def status(self) -> str:
        """The status line: whose turn it is, the last moves, or the result."""
        return str(self.status_label.value)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.rules.is_over(self.state))

    @property
    def winner(self) -> str | None:
        """The winner's name (``"You"``, ``"Computer"``, ...), ``None`` for a draw or while the game goes on."""
        if not self.is_over:
            return None
        number = self.rules.winner(self.state)
        return None if number is None else self.players[number]

    @property
    def record(self) -> Record:
        """The game so far as a :class:`~coursekit.core.Record`; an unfinished game has ``end == "stopped"``."""
        return Record.of(self.rules, self.players, self.start, tuple(self.steps),
                         None if self.is_over else End.STOPPED)


class PlayBoard(GameShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """A game of a human against the computer; a subclass draws it and turns clicks into moves.

    Subclasses set ``self.children`` and implement :meth:`_make_rules`, :meth:`_redraw`,
    :meth:`_describe` and :meth:`_hint`, then call :meth:`new_game`.
    """

    def __init__(self, computer: str | Strategy, human_first: bool, seed: int | None,
                 article: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seed = seed
        self.rng = random.Random(seed)
        self.human = 0 if human_first else 1
        self.computer = choose_computer(computer, self.rng, article)
        self.players = players_names(human_first)
        self.status_label = widgets.Label(value="")
        self.new_game_button = widgets.Button(description="New game",
                                              tooltip="Start again from the first position")
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.rules: Rules[Any, Any]
        self.start: Any = None
        self.state: Any = None
        self.steps: list[Step] = []

    # Playing ----------------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again (what the "New game" button does); the computer moves first if it should.

        The computer's random choices go on with the same generator, so a seed fixes the
        whole series of games.
        """
        self.rules = self._make_rules()
        self.start = self.state = self.rules.initial_state(self.rng)
        self.steps = []
        said = self._computer_replies()
        self._finish_turn(said)

    def play(self, move: Any) -> bool:
        """Make the human's ``move``, then let the computer answer; ``False`` if not legal.

        An illegal move changes nothing: the status line says why it is not allowed.
        """
        reason = self.rules.why_illegal(self.state, move)
        if reason is not None or self.rules.to_move(self.state) != self.human:
            reason = reason or "it is not your turn"
            self.status_label.value = f"Not allowed: {reason}. {self._turn_text()}"
            return False
        said = [f"{HUMAN} {self._describe(self.state, move)}."]
        self._step(move)
        said += self._computer_replies()
        self._finish_turn(said)
        return True

    def _step(self, move: Any) -> None:
        player = self.rules.to_move(self.state)
        self.state = self.rules.apply(self.state, move)
        self.steps.append(Step(player, move, self.state))

    def _computer_replies(self) -> list[str]:
        said = []
        while not self.rules.is_over(self.state) and self.rules.to_move(self.state) != self.human:
            move = self.computer(self.rules, self.state)
            said.append(f"The computer {self._describe(self.state, move)}.")
            self._step(move)
        return said

    def _finish_turn(self, said: list[str]) -> None:
        self.status_label.value = " ".join([*said, self._turn_text()])
        self._redraw()

    def _turn_text(self) -> str:
        if not self.is_over:
            return f"Your turn: {self._hint()}"
        return "You win!" if self.winner == HUMAN else "The computer wins."

    # What a game's board provides --------------------------------------------------------

    def _make_rules(self) -> Rules[Any, Any]:
        raise NotImplementedError

    def _redraw(self) -> None:
        raise NotImplementedError

    def _describe(self, state: Any, move: Any) -> str:
        """What a move does, after "You" or "The computer": ``"took 1 white, leaving [2, 6]"``."""
        raise NotImplementedError

    def _hint(self) -> str:
        raise NotImplementedError
