"""A board for word guessing (source C, "Поле чудес"): find the hidden word, a letter or a whole word at a time.

The board (on the course's :class:`~coursekit.boards.game.GuessingBoard`) draws what the guesser
sees (:class:`~coursekit.games.words.WordsObservation`): the pattern, a key for every letter,
the wrong guesses made and left. The hidden word itself is only shown when the game is over.
A person guesses by clicking a letter's key (a letter tried is greyed and dashed, ticked if it
was in the word and struck through if not) or by typing a whole word in the box and pressing
Enter. A guess that is not allowed (a word not in the list or of the wrong length) changes
nothing: the status line says why.

Or a computer guesses (choose it in "Guesser", or give ``guesser=``): Step makes one guess,
▶ Run plays the game out at the speed of the slider, and the hints ("Words still possible")
show how many words of the list still fit what has been seen, and the first few of them, so a
student can watch a good guesser halve that list again and again. Undo takes a guess back and
the replay slider shows any earlier position.

The hidden word is drawn by chance from the board's seeded generator, and the record keeps
that draw as a chance step: ``board.record`` replays through
``Record.from_json(board.record.to_json(), rules_from_spec)``.
"""

from __future__ import annotations

import random
from typing import Any

from ...boards.game import YOU, GuessingBoard, NotAMove
from ...core.record import Record, Step
from ...core.rules import CHANCE, End, Strategy, draw_chance
from .players import COMPUTERS, Guesser
from .rules import Words, WordsObservation, WordsState, possible_words
from .view import answer_text, board_svg, move_words

#: The computer guessers a board can be given by name (``None``: the person guesses), as the terminal offers them.
GUESSERS = tuple(COMPUTERS)
#: How many of the words still possible the board lists.
WORDS_SHOWN = 12


def make_guesser(name: str, rng: random.Random) -> Guesser:
    """The computer guesser called ``name`` (one of :data:`GUESSERS`); ``rng`` is for the random one.

    >>> make_guesser("frequency", random.Random(0))(Words("en", top=300), WordsObservation("____", (), 6))
    'e'
    """
    if name in COMPUTERS:
        return COMPUTERS[name](rng)
    names = ", ".join(repr(g) for g in GUESSERS)
    raise ValueError(f"the computer guesser is one of {names}, or None for a person; got {name!r}")


def possible_text(words: tuple[str, ...], shown: int = WORDS_SHOWN) -> str:
    """How many words are still possible, and the first ``shown`` of them.

    >>> possible_text(("those", "while", "state"), 2)
    '3 words still possible: those, while, …'
    >>> possible_text(("sure",))
    '1 word still possible: sure'
    """
    more = ", …" if len(words) > shown else ""
    return (f"{len(words):,} word{'s' if len(words) != 1 else ''} still possible: "
            f"{', '.join(words[:shown])}{more}")


def _observing(guess: Guesser) -> Strategy:
    """A guesser as a strategy of the board: it is given the observation, never the hidden word."""

    def strategy(rules: Any, state: WordsState) -> str:
        return guess(rules, rules.observation(state, 0))

    return strategy


class WordsBoard(GuessingBoard):
    """Guess the hidden word, or watch the computer guess it.

    ``language`` is ``"en"``, ``"ru"`` or ``"bg"``; the word list is the words of 4 or more
    letters among the ``top`` most frequent; ``max_wrong`` wrong guesses lose the game.
    ``guesser=None``: you guess; ``"splitting"``, ``"frequency"`` or ``"random"``: the
    computer guesses, one guess per Step (▶ Run: one every ``interval`` ms). The hidden words
    come from one generator seeded with ``seed``: the same seed gives the same words, game
    after game. ``hints`` (the "Words still possible" toggle; on by default when the computer
    guesses) shows how many words of the list still fit, and a few of them.

    What a program can read and do: ``rules``, ``state`` (the game's state, the hidden word in
    it), ``steps`` (the guesses), ``record`` (with chance's draw of the word first),
    ``status``, ``picture``, ``is_over``, ``winner``, ``players``, ``observation``,
    ``possible``, ``click(letter)``, ``guess(move)``, ``guess_typed(text)``, ``next_guess()``,
    ``undo()``, ``new_game()``, and the controls through ``press(name, value)``.

    >>> board = WordsBoard(top=300, seed=1)
    >>> len(board.observation.pattern) == len(board.state.secret), board.observation.tried
    (True, ())
    >>> board.click("e")
    True
    >>> 'data-hit="e"' in board.picture, board.observation.tried
    (False, ('e',))
    >>> board.guess("e")
    False
    >>> board.status.split(". ")[0]
    "Not allowed: 'e' was tried already"
    """

    hints_label = "Words still possible"
    hints_title = "Show how many words of the list still fit, and a few"

    rules: Words
    state: WordsState
    start: WordsState

    def __init__(self, language: str = "en", seed: int | None = 0, *, guesser: str | None = None,
                 max_wrong: int = 6, top: int = 3000, hints: bool | None = None, interval: int = 700,
                 **kwargs: Any) -> None:
        self.options = (language, top, max_wrong)
        Words(language, top=top, max_wrong=max_wrong)  # check the options before drawing anything
        if guesser is not None:
            make_guesser(guesser, random.Random(0))  # check the name
        guesser_rng = random.Random(None if seed is None else f"guesser {seed}")
        computers = {name: (lambda _rng, name=name: _observing(make_guesser(name, guesser_rng)))
                     for name in GUESSERS}
        super().__init__([YOU if guesser is None else guesser], computers, seed, seat_labels=("Guesser",),
                         hints=guesser is not None if hints is None else hints, speed=interval, **kwargs)
        self.new_game()

    # What the game's board provides -------------------------------------------------------------

    def make_rules(self) -> Words:
        language, top, max_wrong = self.options
        return Words(language, top=top, max_wrong=max_wrong)

    def new_game(self) -> None:
        """Hide a new word (what the "New game" button does): drawn by chance from the board's generator.

        >>> first = WordsBoard(top=300, seed=3).state.secret
        >>> first == WordsBoard(top=300, seed=3).state.secret
        True
        """
        rules = self.make_rules()
        before = rules.initial_state()
        word = draw_chance(rules.chance_outcomes(before), self.rng)
        self.start_hidden(rules, [Step(CHANCE, word, rules.next_state(before, word))])

    def opening(self) -> str:
        return f"The computer hid a word of {len(self.state.secret or '')} letters."

    def draw(self, state: WordsState, *, hints: bool, live: bool) -> str:
        seen = self.rules.observation(state, 0)
        notes = []
        if hints:
            still = (seen.pattern,) if seen.is_found else possible_words(self.rules, seen)
            notes.append(possible_text(still))
        secret = state.secret if self.rules.is_over(state) else None
        return board_svg(seen, self.rules.alphabet, secret=secret, live=live, notes=notes)

    def move_for(self, key: str) -> str:
        if len(key) != 1 or key not in self.rules.alphabet:
            raise NotAMove(f"{key!r} is not a letter of the board")
        return key

    def describe(self, state: WordsState, move: str) -> str:
        return f"guessed the {move_words(move)}: {answer_text(state.secret or '', move)}"

    def prompt(self, state: WordsState) -> str:
        left = self.rules.observation(state, 0).wrong_left
        return (f"{left} wrong guess{'es' if left != 1 else ''} left; click a letter, "
                "or type the whole word in the box and press Enter.")

    def extra_controls(self) -> list[dict[str, Any]]:
        return [self.guess_box("word", "Guess the word", "the whole word, then Enter",
                               "Type the whole word and press Enter")]

    def on_extra_control(self, name: str, value: Any) -> None:
        if name == "word":
            self.guess_typed(str(value))

    def _turn_text(self) -> str:
        if not self.is_over:
            return super()._turn_text()
        word, wrong = self.state.secret, self.state.wrong_guesses
        who = "You" if self.seats[0] == YOU else "The computer"
        if self.observation.is_found:
            return f"{who} found the word '{word}' with {wrong} wrong guess{'es' if wrong != 1 else ''}."
        return f"No wrong guess left: the word was '{word}'. {who} lost."

    # What tests and lessons read ------------------------------------------------------------

    @property
    def observation(self) -> WordsObservation:
        """What the guesser sees now: the pattern, the guesses tried, the wrong guesses left."""
        return self.rules.observation(self.state, 0)

    @property
    def possible(self) -> tuple[str, ...]:
        """The words of the list that still fit what the guesser has seen (the hidden word among them;
        once the word is found, only it)."""
        seen = self.observation
        return (seen.pattern,) if seen.is_found else possible_words(self.rules, seen)

    @property
    def guesser(self) -> str | None:
        """The computer guesser's name, ``None`` when you guess."""
        return None if self.seats[0] == YOU else self.seats[0]

    @property
    def record(self) -> Record:
        """The game so far, chance's draw of the word first; an unfinished game has ``end == "stopped"``."""
        return Record.of(self.rules, self.players, self.rules.initial_state(), (*self.hidden, *self.steps),
                         None if self.is_over else End.STOPPED)

    # Playing ----------------------------------------------------------------------------------

    def guess(self, move: str) -> bool:
        """Guess ``move``: a letter or a whole word (what a letter's key does); ``False`` if not allowed.

        A guess not allowed changes nothing: the status line says why.

        >>> board = WordsBoard(top=300, seed=0)
        >>> board.guess("xyz")
        False
        >>> board.status.split(".")[0]
        "Not allowed: 'xyz' has 3 letters; the hidden word has 4"
        """
        return self.play(move)

    def guess_typed(self, text: str) -> bool:
        """Guess the word typed in the box (what Enter in it does), spaces dropped and in lower case."""
        typed = text.strip().lower()
        if not typed:
            reason = self._why_not_now() or "Not allowed: type a word in the box first"
            self._say(f"{reason}. {self._turn_text()}")
            return False
        return self.play(typed)

    def next_guess(self) -> bool:
        """The computer's next guess (what Step does); ``False`` when it is not a computer's guess.

        >>> board = WordsBoard(top=300, seed=0, guesser="splitting")
        >>> while board.next_guess(): pass
        >>> board.is_over
        True
        """
        return self.step()


__all__ = ["GUESSERS", "WORDS_SHOWN", "WordsBoard", "make_guesser", "possible_text"]
