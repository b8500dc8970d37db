"""A board for bulls and cows (source C): type a guess, read its bulls and cows, find the secret.

The board shows what the person may see, never more: every guess with its answer (the
course's picture: a filled circle a bull, an open one a cow), how many secrets still fit
every answer (and, on request, a few of them), and in the mutual game the person's own
secret. The secret the person looks for stays ``?`` until the game ends.

Chance hides every secret, drawn from the board's one seeded generator (the same seed, the
same secrets; "New game" draws the next ones from the same generator), and the draws are kept
as chance steps, so ``board.record`` replays like any record of the course.

Three ways to play:

* the guessing game: the person guesses the computer's secret;
* C's mutual game (``mutual=True``): the person and the computer each have a secret and guess
  the other's in turn, the person first; whoever finds it first wins, both in the same round
  is a draw;
* "Watch the computer" (``watch=True``, or the toggle): the computer's guesser plays the
  guessing game one guess per click of "Next guess", with the secrets still possible shown
  after each answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..core.record import Step
from ..core.rules import CHANCE, draw_chance
from ..games.bulls import (
    Answer,
    Bulls,
    BullsState,
    Code,
    answer_table,
    code_text,
    consistent_codes,
    guesser,
    read_code,
)
from ..views.bulls import history_svg, record_svg, rules_text
from ._common import COMPUTER, HUMAN
from ._play import GameShown

#: A guesser: from the rules and what it sees (its observation) to its next guess.
Guesser = Callable[[Bulls, BullsState], Code]
#: The most codes a board plays with (the answer table of 5,040 codes takes 25 MB).
MOST_CODES = 5040
#: How many of the secrets still possible the board lists.
LISTED = 12


def possible_text(codes: list[Code], listed: int = LISTED) -> str:
    """The secrets still possible in words, the first ``listed`` of them written out.

    >>> possible_text([(0, 1, 2), (0, 2, 1), (1, 0, 2)], listed=2)
    '3 secrets still possible: 012, 021, ... (1 more)'
    >>> possible_text([(5, 3, 1)])
    '1 secret still possible: 531'
    """
    count = f"{len(codes):,} secret{'' if len(codes) == 1 else 's'} still possible"
    if listed <= 0 or not codes:
        return count
    shown = ", ".join(code_text(code) for code in codes[:listed])
    more = f", ... ({len(codes) - listed:,} more)" if len(codes) > listed else ""
    return f"{count}: {shown}{more}"


def guess_hint(rules: Bulls) -> str:
    """What to type, in words.

    >>> guess_hint(Bulls(3, 6))
    'type 3 different digits from 0 to 5, like 012, and click Guess'
    """
    return (f"type {rules.digits} different digits from 0 to {rules.base - 1}, like "
            f"{code_text(tuple(range(rules.digits)))}, and click Guess")


class BullsBoard(GameShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    r"""Play bulls and cows: type a guess, click "Guess", read the bulls and cows.

    The secrets have ``digits`` different digits from 0 to ``base - 1`` (at most
    :data:`MOST_CODES` codes); ``max_guesses`` limits each player's guesses. ``mutual=True``
    plays C's game against the computer, whose guesser is ``computer``: ``"consistent"`` (C's:
    a random secret that fits every answer), ``"minimax"``, ``"entropy"``, or any
    ``guesser(rules, observation)``. ``watch=True`` starts in the "Watch the computer" mode
    (the guessing game only). Every secret and every random guess comes from one generator
    seeded with ``seed``.

    A bad guess (not digits, the wrong length, a repeated digit, asked already) changes
    nothing: the status line says what is wrong.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``is_over``, ``winner``, ``players``, ``watching`` (settable), ``seen`` (the
    state as the board shows it), ``possible()``, ``guess(text)``, ``next_guess()``,
    ``new_game(*secrets)``, and the widgets ``picture``, ``possible_html``, ``secret_html``,
    ``guess_box``, ``guess_button``, ``next_button``, ``show_possible``, ``watch_toggle``,
    ``new_game_button``, ``status_label`` and ``buttons`` (every button by name).

    >>> board = BullsBoard(3, 6, seed=1)
    >>> board.new_game((5, 3, 1))
    >>> board.guess("0123")
    False
    >>> print(board.status.replace(". ", ".\n"))
    Not a guess: a guess has 3 digits, not 4.
    Your turn: type 3 different digits from 0 to 5, like 012, and click Guess.
    >>> board.guess("153")
    True
    >>> board.status.split(". ")[0]
    'You guessed 153: 0 bulls, 3 cows'
    >>> board.guess("531"), board.status
    (True, 'You guessed 531: 3 bulls, 0 cows. You found the secret 531 in 2 guesses!')
    """

    rules: Bulls
    state: BullsState
    start: BullsState

    def __init__(
        self,
        digits: int = 4,
        base: int = 10,
        mutual: bool = False,
        computer: str | Guesser = "consistent",
        seed: int | None = 0,
        *,
        max_guesses: int | None = None,
        watch: bool = False,
        **kwargs: Any,
    ) -> None:
        self.rules = Bulls(digits, base, mutual, max_guesses)  # check the options before drawing anything
        if len(self.rules.codes) > MOST_CODES:
            raise ValueError(f"{len(self.rules.codes):,} secrets are too many for the board (at most "
                             f"{MOST_CODES:,}: fewer digits or a smaller base)")
        if watch and mutual:
            raise ValueError("watch the computer plays the guessing game: use mutual=False")
        super().__init__(**kwargs)
        self.seed = seed
        self.rng = random.Random(seed)
        self.kind = computer if isinstance(computer, str) else "yours"
        self.computer: Guesser = guesser(computer, self.rng) if isinstance(computer, str) else computer
        self.table = answer_table(digits, base)
        self.start = self.state = self.rules.initial_state()
        self.steps: list[Step] = []
        self.players: tuple[str, ...] = ()
        self._build_widgets(watch)
        self.new_game()

    # Setting up ---------------------------------------------------------------------------

    def _build_widgets(self, watch: bool) -> None:
        self.picture = widgets.HTML()
        self.secret_html = widgets.HTML()
        self.possible_html = widgets.HTML()
        self.status_label = widgets.Label(value="")
        example = code_text(tuple(range(self.rules.digits)))
        self.guess_box = widgets.Text(value="", placeholder=f"like {example}", description="Your guess",
                                      layout=widgets.Layout(width="220px"))
        self.guess_button = widgets.Button(description="Guess", tooltip="Ask this guess", button_style="primary")
        self.guess_button.on_click(lambda _button: self.guess())
        self.next_button = widgets.Button(description="Next guess", tooltip="Let the computer make its next guess")
        self.next_button.on_click(lambda _button: self.next_guess())
        self.new_game_button = widgets.Button(description="New game", tooltip="Hide new secrets and start again")
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.show_possible = widgets.Checkbox(value=False, description="List some possible secrets", indent=False)
        self.show_possible.observe(lambda _change: self._redraw(), names="value")
        self.watch_toggle = widgets.ToggleButton(value=bool(watch), description="Watch the computer",
                                                 tooltip="Let the computer guess the secret, one guess a click")
        self.watch_toggle.observe(lambda _change: self.new_game(), names="value")
        self.buttons: dict[str, widgets.Button] = {
            "guess": self.guess_button, "next": self.next_button, "new game": self.new_game_button,
            "watch": self.watch_toggle}
        controls: list[widgets.Widget] = [self.new_game_button]
        if not self.rules.mutual:
            controls.append(self.watch_toggle)
        self.children = (
            self.picture, self.secret_html, self.possible_html, self.show_possible,
            widgets.HBox([self.guess_box, self.guess_button, self.next_button]),
            self.status_label, widgets.HBox(controls))

    # What tests and lessons read and set --------------------------------------------------

    @property
    def watching(self) -> bool:
        """Whether the computer guesses and the person watches (setting it starts a new game)."""
        return bool(self.watch_toggle.value)

    @watching.setter
    def watching(self, on: bool) -> None:
        self.watch_toggle.value = bool(on)

    @property
    def seen(self) -> BullsState:
        """The state as the board shows it: once the game is over the whole state, before that the observation
        of seat 0 (the person's seat, or the watched computer's)."""
        return self.state if self.is_over else self.rules.observation(self.state, 0)

    def possible(self, player: int = 0) -> list[Code]:
        """The secrets that fit every answer ``player`` has had so far (what the board counts).

        >>> board = BullsBoard(2, 3)
        >>> len(board.possible())
        6
        """
        return [self.table.codes[i] for i in consistent_codes(self.table, self.state.answers[player])]

    # Playing ------------------------------------------------------------------------------

    def new_game(self, *secrets: Code) -> None:
        """Hide new secrets and start again (what "New game" does).

        Chance draws each secret from the board's generator, unless ``secrets`` gives them
        (``secrets[p]`` is the one player ``p`` looks for); either way they are recorded as chance steps.
        """
        if secrets:
            self.rules.start_with(*secrets)  # says what is wrong with them
        self.players = self._players()
        self.start = self.state = self.rules.initial_state(self.rng)
        self.steps = []
        for player in range(self.rules.num_players):
            outcome = secrets[player] if secrets else draw_chance(self.rules.chance_outcomes(self.state), self.rng)
            self._step(CHANCE, outcome)
        self.guess_box.value = ""
        self._finish([self._opening()])

    def guess(self, text: str | None = None) -> bool:
        """Ask the guess typed as ``text`` (the guess box's text by default: what "Guess" does).

        The computer answers with its own guess in the mutual game. A bad guess changes
        nothing but the status line, which says what is wrong: the result is ``False``.
        """
        typed = str(self.guess_box.value) if text is None else text
        refused = self._refusal(typed)
        if refused is not None:
            self.status_label.value = f"{refused}. {self._turn_text()}"
            return False
        said = [self._guess_words(HUMAN, read_code(typed, self.rules.digits, self.rules.base))]
        said += self._computer_replies()
        self.guess_box.value = ""
        self._finish(said)
        return True

    def next_guess(self) -> bool:
        """Let the watched computer make its next guess (what "Next guess" does); ``False`` if it cannot."""
        if not self.watching or self.is_over:
            reason = "the game is over" if self.is_over else 'the computer guesses only in "Watch the computer"'
            self.status_label.value = f"Not now: {reason}. {self._turn_text()}"
            return False
        self._finish([self._computer_guess()])
        return True

    def _refusal(self, typed: str) -> str | None:
        """Why a typed guess cannot be asked now, or ``None``."""
        if self.is_over:
            return "Not allowed: the game is over"
        if self.watching:
            return 'Not now: the computer guesses in "Watch the computer"'
        try:
            code = read_code(typed, self.rules.digits, self.rules.base)
        except ValueError as error:
            return f"Not a guess: {error}"
        reason = self.rules.why_illegal(self.state, code)
        return None if reason is None else f"Not allowed: {reason}"

    def _computer_replies(self) -> list[str]:
        """In the mutual game, the computer's guess after the person's (none once the game is over)."""
        said = []
        while not self.is_over and self.rules.to_move(self.state) == 1:
            said.append(self._computer_guess())
        return said

    def _computer_guess(self) -> str:
        """The computer guesses from what it sees (its observation), and the answer in words."""
        seat = self.rules.to_move(self.state)
        return self._guess_words(COMPUTER, self.computer(self.rules, self.rules.observation(self.state, seat)))

    def _guess_words(self, who: str, code: Code) -> str:
        """Ask ``code`` for ``who`` and say its answer: ``"You guessed 012: 1 bull, 0 cows"``."""
        seat = self.rules.to_move(self.state)
        self._step(seat, code)
        answer: Answer = self.state.answers[seat][-1]
        return f"{'You' if who == HUMAN else 'The computer'} guessed {answer}"

    def _step(self, player: int, move: Code) -> None:
        self.state = self.rules.next_state(self.state, move) if player == CHANCE else self.rules.apply(self.state, move)
        self.steps.append(Step(player, move, self.state))

    def _players(self) -> tuple[str, ...]:
        if self.rules.mutual:
            return (HUMAN, COMPUTER)
        return (COMPUTER,) if self.watching else (HUMAN,)

    # Words --------------------------------------------------------------------------------

    def _opening(self) -> str:
        secrets = f"{len(self.rules.codes):,} secrets are possible"
        if self.rules.mutual:
            return f"Each player has a secret of {rules_text(self.rules)}; yours is {self._own_secret()}"
        return f"A secret of {rules_text(self.rules)} is hidden: {secrets}"

    def _own_secret(self) -> str:
        return code_text(self.rules.own_secret(self.state, 0))

    def _finish(self, said: list[str]) -> None:
        self.status_label.value = ". ".join([*said, self._turn_text()])
        self._redraw()

    def _turn_text(self) -> str:
        if self.is_over:
            return self._result_text()
        if self.watching:
            return f'Click "Next guess" to watch the computer ({self.kind}) guess.'
        return f"Your turn: {guess_hint(self.rules)}."

    def _result_text(self) -> str:
        final = self.state
        secret = code_text(final.targets[0])
        guesses = len(final.answers[0])
        if not self.rules.mutual:
            who = "The computer" if self.watching else "You"
            if final.found(0):
                return f"{who} found the secret {secret} in {guesses} guess{'es' if guesses != 1 else ''}!"
            return f"No guesses left: the secret was {secret}."
        own = self._own_secret()
        if self.rules.winner(final) == 0:
            return f"You win: you found the computer's secret {secret} in round {guesses}; yours was {own}."
        if self.rules.winner(final) == 1:
            return (f"The computer wins: it found your secret {own} in round {len(final.answers[1])}; "
                    f"its secret was {secret}.")
        if final.found(0) and final.found(1):
            return f"A draw: both found the other's secret in round {guesses} (the computer's was {secret})."
        return f"A draw: no guesses left; the computer's secret was {secret}, yours {own}."

    # Drawing ------------------------------------------------------------------------------

    def _redraw(self) -> None:
        over = self.is_over
        self.picture.value = record_svg(self.record) if over else history_svg(self.seen)
        self.secret_html.value = self._secret_html()
        self.possible_html.value = self._possible_html()
        self._set_buttons(over)

    def _secret_html(self) -> str:
        if not self.rules.mutual:
            return ""
        return (f"<div>Your secret (the computer looks for it): <b><code>{self._own_secret()}</code></b></div>")

    def _possible_html(self) -> str:
        listed = LISTED if self.show_possible.value or self.watching else 0
        lines = [f"You: {possible_text(self.possible(0), listed)}" if not self.watching
                 else f"The computer: {possible_text(self.possible(0), listed)}"]
        if self.rules.mutual:
            lines.append(f"The computer, looking for yours: {possible_text(self.possible(1), 0)}")
        return "".join(f"<div>{line}</div>" for line in lines)

    def _set_buttons(self, over: bool) -> None:
        number = len(self.state.answers[0]) + 1
        limit = "" if self.rules.max_guesses is None else f" of {self.rules.max_guesses}"
        self.guess_button.description = "Guess" if over else f"Guess {number}{limit}"
        self.next_button.description = "Next guess" if over else f"Next guess ({number}{limit})"
        self.guess_button.disabled = over or self.watching
        self.guess_box.disabled = over or self.watching
        self.next_button.disabled = over or not self.watching
        self.next_button.layout.display = "" if self.watching else "none"
        self.guess_button.layout.display = "none" if self.watching else ""
        self.guess_box.layout.display = "none" if self.watching else ""


__all__ = ["LISTED", "MOST_CODES", "BullsBoard", "guess_hint", "possible_text"]
