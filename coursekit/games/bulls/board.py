"""A board for bulls and cows (source C): type a guess, read its bulls and cows, find the secret.

The board (on the course's :class:`~coursekit.boards.game.GuessingBoard`) shows what the person
may see, never more: every guess with its answer (the course's picture: a filled circle a
bull, an open one a cow), how many secrets still fit every answer (and, with the hints, a
few of them), and in the mutual game the person's own secret. The secret the person looks
for stays ``?`` until the game ends.

A guess is typed in the box (then Enter), or made by clicking its digits on the keys drawn
under the guesses (a digit chosen already is greyed and underlined; "clear" starts the guess
again). A bad guess (not digits, the wrong length, a repeated digit, asked already) changes
nothing: the status line says what is wrong.

Chance hides every secret, drawn from the board's one seeded generator (the same seed, the
same secrets; "New game" draws the next ones from the same generator), and the draws are kept
as chance steps, so ``board.record`` replays like any record of the course.

Three ways to play:

* the guessing game: the person guesses the computer's secret;
* C's mutual game (``mutual=True``): the person and the computer each have a secret and guess
  the other's in turn, the person first; whoever finds it first wins, both in the same round
  is a draw;
* watching the computer (``watch=True``, or a guesser chosen in "Guesser"): the computer's
  guesser plays, one guess a Step (▶ Run plays on), with the secrets still possible listed
  after each answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...boards.game import YOU, GuessingBoard, NotAMove
from ...core.record import Record, Step
from ...core.rules import CHANCE, End, Strategy, draw_chance
from .players import COMPUTERS, Guesser, guesser
from .rules import Bulls, BullsState, Code, answer_table, code_text, consistent_codes, read_code, score
from .view import board_svg, rules_text

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
    'type 3 different digits from 0 to 5, like 012, and press Enter, or click them'
    """
    return (f"type {rules.digits} different digits from 0 to {rules.base - 1}, like "
            f"{code_text(tuple(range(rules.digits)))}, and press Enter, or click them")


def _observing(guess: Guesser) -> Strategy:
    """A guesser as a strategy of the board: it is given its observation, never the secret it looks for."""

    def strategy(rules: Any, state: BullsState) -> Code:
        return guess(rules, rules.observation(state, rules.to_move(state)))

    return strategy


def _named(name: str) -> Callable[[random.Random], Strategy]:
    """The computer player called ``name``, made from the board's generator for each game."""

    def make(rng: random.Random) -> Strategy:
        return _observing(COMPUTERS[name](rng))

    return make


class BullsBoard(GuessingBoard):
    r"""Play bulls and cows: type a guess (or click its digits), read the bulls and cows.

    The secrets have ``digits`` different digits from 0 to ``base - 1`` (at most
    :data:`MOST_CODES` codes); ``max_guesses`` limits each player's guesses. ``mutual=True``
    plays C's game against the computer, whose guesser is ``computer``: ``"consistent"`` (C's:
    a random secret that fits every answer), ``"minimax"``, ``"entropy"``, or any
    ``guesser(rules, observation)``. ``watch=True`` starts with the computer guessing (the
    guessing game only). Every secret and every random guess comes from one generator
    seeded with ``seed``.

    What a program can read and do: ``rules``, ``state``, ``steps`` (the guesses), ``record``
    (chance's secrets first), ``status``, ``picture``, ``is_over``, ``winner``, ``players``,
    ``watching`` (settable), ``seen`` (the state as the board shows it), ``possible()``,
    ``guess(text)``, ``click(digit)``, ``next_guess()``, ``undo()``, ``new_game(*secrets)``,
    and the controls through ``press(name, value)``.

    >>> board = BullsBoard(3, 6, seed=1)
    >>> board.new_game((5, 3, 1))
    >>> board.guess("0123")
    False
    >>> print(board.status.replace(". ", ".\n"))
    Not a guess: a guess has 3 digits, not 4.
    Your turn: type 3 different digits from 0 to 5, like 012, and press Enter, or click them.
    >>> board.guess("153")
    True
    >>> board.status.split(". ")[0]
    'You guessed 153: 0 bulls, 3 cows'
    >>> board.click("5"), board.click("3"), board.click("1")
    (None, None, True)
    >>> board.status
    'You guessed 531: 3 bulls, 0 cows. You found the secret 531 in 2 guesses!'
    """

    hints_label = "List some possible secrets"
    hints_title = "List a few of the secrets still possible"

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
        self.options = (digits, base, mutual, max_guesses)
        rules = Bulls(digits, base, mutual, max_guesses)  # check the options before drawing anything
        if len(rules.codes) > MOST_CODES:
            raise ValueError(f"{len(rules.codes):,} secrets are too many for the board (at most "
                             f"{MOST_CODES:,}: fewer digits or a smaller base)")
        if watch and mutual:
            raise ValueError("watch the computer plays the guessing game: use mutual=False")
        if isinstance(computer, str):
            guesser(computer)  # check the name
        computers = {name: _named(name) for name in COMPUTERS}
        if callable(computer):
            given = computer
            computers["yours"] = lambda _rng: _observing(given)
        self.kind = computer if isinstance(computer, str) else "yours"
        seats = [YOU, self.kind] if mutual else [self.kind if watch else YOU]
        labels = ("First player", "Second player") if mutual else ("Guesser",)
        kwargs.setdefault("hints", watch)
        super().__init__(seats, computers, seed, seat_labels=labels, **kwargs)
        self.table = answer_table(digits, base)
        self.chosen: list[int] = []
        self.new_game()

    # What the game's board provides -------------------------------------------------------------

    def make_rules(self) -> Bulls:
        return Bulls(*self.options)

    def new_game(self, *secrets: Code) -> None:
        """Hide new secrets and start again (what "New game" does).

        Chance draws each secret from the board's generator, unless ``secrets`` gives them
        (``secrets[p]`` is the one player ``p`` looks for); either way they are recorded as chance steps.
        """
        rules = self.make_rules()
        if secrets:
            rules.start_with(*secrets)  # says what is wrong with them
        state = rules.initial_state(self.rng)
        hidden = []
        for player in range(rules.num_players):
            outcome = secrets[player] if secrets else draw_chance(rules.chance_outcomes(state), self.rng)
            state = rules.next_state(state, outcome)
            hidden.append(Step(CHANCE, outcome, state))
        self.start_hidden(rules, hidden)

    def draw(self, state: BullsState, *, hints: bool, live: bool) -> str:
        viewer = self.viewer
        shown = state if self.rules.is_over(state) else self.rules.observation(state, viewer)
        listed = LISTED if hints or YOU not in self.seats else 0
        names = self._names()
        notes = []
        for player in range(self.rules.num_players):
            codes = self.possible(player, state)
            if self.rules.mutual:
                other = {"You": "your", "The computer": "the computer's"}.get(names[1 - player],
                                                                              f"{names[1 - player]}'s")
                notes.append(f"{names[player]}, looking for {other} secret: "
                             f"{possible_text(codes, listed if player == viewer else 0)}")
            else:
                notes.append(f"{names[player]}: {possible_text(codes, listed)}")
        own = self.rules.own_secret(state, viewer)
        if own is not None and self.seats[viewer] == YOU and not self.rules.is_over(state):
            seeker = "the computer" if names[1 - viewer] == "The computer" else names[1 - viewer]
            notes.append(f"Your secret ({seeker} looks for it): {code_text(own)}")
        pad = (self.rules.base, tuple(self.chosen)) if live else None
        return board_svg(shown, notes=notes, pad=pad)

    def move_for(self, key: str) -> Code | None:
        if key == "clear":
            self.chosen = []
            return None
        if not (key.isdigit() and len(key) == 1 and int(key) < self.rules.base):
            raise NotAMove(f"{key!r} is not a digit from 0 to {self.rules.base - 1}")
        digit = int(key)
        if digit in self.chosen:
            raise NotAMove(f"{digit} is in your guess already: the digits of a guess are all different")
        self.chosen.append(digit)
        if len(self.chosen) < self.rules.digits:
            return None
        return tuple(self.chosen)

    def forget_selection(self) -> None:
        self.chosen = []

    def describe(self, state: BullsState, move: Code) -> str:
        target = state.targets[state.turn]
        bulls, cows = score(move, target) if target is not None else (0, 0)
        return (f"guessed {code_text(move)}: {bulls} bull{'' if bulls == 1 else 's'}, "
                f"{cows} cow{'' if cows == 1 else 's'}")

    def prompt(self, state: BullsState) -> str:
        if not self.chosen:
            return f"{guess_hint(self.rules)}."
        so_far = "".join(str(d) for d in self.chosen) + "_" * (self.rules.digits - len(self.chosen))
        more = self.rules.digits - len(self.chosen)
        return f"your guess so far is {so_far}: click {more} more digit{'s' if more != 1 else ''}, or clear."

    def extra_controls(self) -> list[dict[str, Any]]:
        number = len(self.state.answers[self.rules.to_move(self.state) if not self.is_over else 0]) + 1
        limit = "" if self.rules.max_guesses is None else f" of {self.rules.max_guesses}"
        example = code_text(tuple(range(self.rules.digits)))
        return [self.guess_box("guess", f"Guess {number}{limit}" if self.human_to_move() else "Guess",
                               f"like {example}, then Enter", "Type your guess and press Enter")]

    def on_extra_control(self, name: str, value: Any) -> None:
        if name == "guess":
            self.guess(str(value))

    def _turn_text(self) -> str:
        return self._result_text() if self.is_over else super()._turn_text()

    # What tests and lessons read and set -------------------------------------------------------

    @property
    def viewer(self) -> int:
        """The seat whose view the board shows: the first seat played by a person (seat 0 if none)."""
        return self.seats.index(YOU) if YOU in self.seats else 0

    @property
    def watching(self) -> bool:
        """Whether only computers guess (setting it in the guessing game starts a new game)."""
        return YOU not in self.seats

    @watching.setter
    def watching(self, on: bool) -> None:
        if self.rules.mutual:
            raise ValueError("watch the computer plays the guessing game: the mutual game has a seat for you")
        self.seats[0] = self.kind if on else YOU
        self.new_game()

    @property
    def seen(self) -> BullsState:
        """The state as the board shows it: once the game is over the whole state, before that the
        observation of the seat it shows (:attr:`viewer`)."""
        return self.state if self.is_over else self.rules.observation(self.state, self.viewer)

    def possible(self, player: int = 0, state: BullsState | None = None) -> list[Code]:
        """The secrets that fit every answer ``player`` has had so far (what the board counts).

        >>> board = BullsBoard(2, 3)
        >>> len(board.possible())
        6
        """
        answers = (self.state if state is None else state).answers[player]
        return [self.table.codes[i] for i in consistent_codes(self.table, answers)]

    @property
    def record(self) -> Record:
        """The game so far, chance's secrets first; an unfinished game has ``end == "stopped"``."""
        return Record.of(self.rules, self.players, self.rules.initial_state(), (*self.hidden, *self.steps),
                         None if self.is_over else End.STOPPED)

    # Playing ------------------------------------------------------------------------------

    def guess(self, text: str) -> bool:
        """Ask the guess typed as ``text`` (what Enter in the box does); the computer answers with its
        own guess in the mutual game. A bad guess changes nothing but the status line, which says
        what is wrong: the result is ``False``."""
        reason = self._why_not_now()
        code: Code = ()
        if reason is None:
            try:
                code = read_code(text, self.rules.digits, self.rules.base)
            except ValueError as error:
                reason = f"Not a guess: {error}"
        if reason is not None:
            self._say(f"{reason}. {self._turn_text()}")
            return False
        return self.play(code)

    def next_guess(self) -> bool:
        """Let the computer make its next guess (what Step does); ``False`` if it is not a computer's turn."""
        return self.step()

    # Words --------------------------------------------------------------------------------

    def _names(self) -> list[str]:
        """How the notes on the picture name each seat: "You", "The computer", or the seat and its player."""
        return [{"You": "You", "Computer": "The computer"}.get(name, name) for name in self.players]

    def opening(self) -> str:
        if not self.rules.mutual:
            return f"A secret of {rules_text(self.rules)} is hidden: {len(self.rules.codes):,} secrets are possible."
        mine = (f"; yours is {code_text(self.rules.own_secret(self.state, self.viewer))}"
                if YOU in self.seats else "")
        return f"Each player has a secret of {rules_text(self.rules)}{mine}."

    def _result_text(self) -> str:
        final = self.state
        secret = code_text(final.targets[0])
        guesses = len(final.answers[0])
        if not self.rules.mutual:
            who = "You" if self.seats[0] == YOU else "The computer"
            if final.found(0):
                return f"{who} found the secret {secret} in {guesses} guess{'es' if guesses != 1 else ''}!"
            return f"No guesses left: the secret was {secret}."
        own = code_text(final.targets[1])
        winner = self.rules.winner(final)
        if self.players == ("You", "Computer"):
            if winner == 0:
                return f"You win: you found the computer's secret {secret} in round {guesses}; yours was {own}."
            if winner == 1:
                return (f"The computer wins: it found your secret {own} in round {len(final.answers[1])}; "
                        f"its secret was {secret}.")
            if final.found(0) and final.found(1):
                return f"A draw: both found the other's secret in round {guesses} (the computer's was {secret})."
            return f"A draw: no guesses left; the computer's secret was {secret}, yours {own}."
        names = self.players
        if winner is not None:
            return (f"{names[winner]} wins: found the secret {code_text(final.targets[winner])} in round "
                    f"{len(final.answers[winner])}.")
        if final.found(0) and final.found(1):
            return f"A draw: both found the other's secret in round {guesses} ({secret} and {own})."
        return f"A draw: no guesses left; the secrets were {secret} and {own}."


__all__ = ["LISTED", "MOST_CODES", "BullsBoard", "guess_hint", "possible_text"]
