"""A board for word guessing (source C, "Поле чудес"): find the hidden word, a letter or a whole word at a time.

The board draws what the guesser sees (:class:`~coursekit.games.words.WordsObservation`): the
picture of the pattern, the letters tried and the wrong guesses left. The hidden word itself
is only shown when the game is over. A person guesses by clicking a letter (a letter tried is
greyed out: green if it was in the word, red if not) or by typing a whole word and clicking
"Guess the word". A guess that is not allowed (a letter tried already, a word not in the list
or of the wrong length) changes nothing: the status line says why.

Or the computer guesses, one guess per click of "Next guess" (or per tick of the ▶ button),
and the board shows how many words of the list still fit what has been seen, and the first few
of them, so a student can watch a good guesser halve that list again and again.

The hidden word is drawn by chance from the board's seeded generator, and the record keeps
that draw as a chance step: ``board.record`` replays through
``Record.from_json(board.record.to_json(), rules_from_spec)``.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.record import Step
from ..core.rules import CHANCE, draw_chance
from ..games.words import (
    Guesser,
    Words,
    WordsObservation,
    WordsState,
    frequency_guesser,
    possible_words,
    random_letter,
    splitting_guesser,
)
from ..views.words import answer_text, move_words, observation_svg, record_svg, spaced
from ._common import HUMAN
from ._grid import set_text
from ._play import GameShown

#: The computer guessers a board can be given by name (``None``: the person guesses).
GUESSERS = ("frequency", "splitting", "random")
#: How many of the words still possible the board lists.
WORDS_SHOWN = 12
#: How the status line names the controls that move the computer guesser.
NEXT_HINT = "press Next guess, or ▶ to watch the whole game"
LETTER_PX = 34


def make_guesser(name: str, rng: random.Random) -> Guesser:
    """The computer guesser called ``name`` (one of :data:`GUESSERS`); ``rng`` is for the random one.

    >>> make_guesser("frequency", random.Random(0))(Words("en", top=300), WordsObservation("____", (), 6))
    'e'
    """
    if name == "frequency":
        return frequency_guesser()
    if name == "splitting":
        return splitting_guesser()
    if name == "random":
        return random_letter(rng)
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


class WordsBoard(GameShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """Guess the hidden word, or watch the computer guess it.

    ``language`` is ``"en"``, ``"ru"`` or ``"bg"``; the word list is the words of 4 or more
    letters among the ``top`` most frequent; ``max_wrong`` wrong guesses lose the game.
    ``guesser=None``: you guess; ``"frequency"``, ``"splitting"`` or ``"random"``: the
    computer guesses, one guess per "Next guess". The hidden words come from one generator
    seeded with ``seed``: the same seed gives the same words, game after game. ``hints``
    (the "Words still possible" toggle; on by default when the computer guesses) shows how
    many words of the list still fit, and a few of them.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``is_over``, ``winner``, ``players``, ``observation``, ``possible``,
    ``guess(move)``, ``guess_typed()``, ``next_guess()``, ``new_game()``, and the widgets
    ``picture``, ``pattern_html``, ``letter_buttons`` (a dict from each letter to its button),
    ``word_box``, ``word_button``, ``next_button``, ``player`` (the ▶ control),
    ``hint_toggle``, ``possible_html``, ``new_game_button``, ``status_label``.

    >>> board = WordsBoard(top=300, seed=1)
    >>> len(board.observation.pattern) == len(board.state.secret), board.observation.tried
    (True, ())
    >>> board.letter_buttons["e"].click()
    >>> board.letter_buttons["e"].disabled, board.observation.tried
    (True, ('e',))
    >>> board.guess("e")
    False
    >>> board.status.split(". ")[0]
    "Not allowed: 'e' was tried already"
    """

    def __init__(self, language: str = "en", seed: int | None = 0, *, guesser: str | None = None,
                 max_wrong: int = 6, top: int = 3000, hints: bool | None = None, interval: int = 700,
                 **kwargs: Any) -> None:
        self.rules = Words(language, top=top, max_wrong=max_wrong)  # check the options before drawing anything
        super().__init__(**kwargs)
        self.seed = seed
        self.rng = random.Random(seed)
        self.guesser_name = guesser
        self.guesser: Guesser | None = None
        if guesser is not None:
            guesser_rng = random.Random(None if seed is None else f"guesser {seed}")
            self.guesser = make_guesser(guesser, guesser_rng)
        self.players = (HUMAN,) if guesser is None else (f"Computer ({guesser})",)
        self.start: WordsState = self.rules.initial_state()
        self.state: WordsState = self.start
        self.steps: list[Step] = []
        self._resetting = False
        self._build(hints if hints is not None else guesser is not None, interval)
        self.new_game()

    # Setting up ---------------------------------------------------------------------------

    def _build(self, hints: bool, interval: int) -> None:
        """Make the widgets and lay them out: the person's controls or the computer's."""
        self.picture = widgets.HTML()
        self.pattern_html = widgets.HTML()
        self.status_label = widgets.Label(value="")
        self.possible_html = widgets.HTML()
        self.letter_buttons = {letter: self._letter_button(letter) for letter in self.rules.alphabet}
        letters = widgets.Box(list(self.letter_buttons.values()),
                              layout=widgets.Layout(flex_flow="row wrap", max_width="520px"))
        self.word_box = widgets.Text(value="", placeholder="the whole word", description="Word:")
        self.word_button = widgets.Button(description="Guess the word", tooltip="Guess the word typed in the box")
        self.word_button.on_click(lambda _button: self.guess_typed())
        self.next_button = widgets.Button(description="Next guess", tooltip="The computer makes its next guess")
        self.next_button.on_click(lambda _button: self.next_guess())
        self.player = widgets.Play(value=0, min=0, max=self.rules.max_game_length(), step=1, interval=interval,
                                   description="Watch the whole game")
        self.player.observe(self._on_tick, names="value")
        self.new_game_button = widgets.Button(description="New game", tooltip="A new hidden word")
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.hint_toggle = widgets.ToggleButton(value=hints, description="Words still possible",
                                                tooltip="Show how many words of the list still fit, and a few")
        self.hint_toggle.observe(lambda _change: self._redraw(), names="value")
        if self.guesser is None:
            guessing: list[widgets.Widget] = [letters, widgets.HBox([self.word_box, self.word_button])]
            controls = [self.new_game_button, self.hint_toggle]
        else:
            guessing = [letters]
            controls = [self.next_button, self.player, self.new_game_button, self.hint_toggle]
        self.children = (self.picture, self.pattern_html, *guessing, self.status_label,
                         widgets.HBox(controls), self.possible_html)

    def _letter_button(self, letter: str) -> widgets.Button:
        button = widgets.Button(description=letter, tooltip=f"guess the letter {letter}",
                                layout=widgets.Layout(width=f"{LETTER_PX}px", padding="0"))
        button.on_click(lambda _button: self.guess(letter))
        return button

    # What tests and lessons read ----------------------------------------------------------

    @property
    def observation(self) -> WordsObservation:
        """What the guesser sees now: the pattern, the guesses tried, the wrong guesses left."""
        seen: WordsObservation = self.rules.observation(self.state, 0)
        return seen

    @property
    def possible(self) -> tuple[str, ...]:
        """The words of the list that still fit what the guesser has seen (the hidden word among them;
        once the word is found, only it)."""
        seen = self.observation
        return (seen.pattern,) if seen.is_found else possible_words(self.rules, seen)

    @property
    def hints(self) -> bool:
        """Whether the words still possible are shown."""
        return bool(self.hint_toggle.value)

    @hints.setter
    def hints(self, on: bool) -> None:
        self.hint_toggle.value = bool(on)

    # Playing ------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Hide a new word (what the "New game" button does): drawn by chance from the board's generator.

        >>> first = WordsBoard(top=300, seed=3).state.secret
        >>> first == WordsBoard(top=300, seed=3).state.secret
        True
        """
        self.start = self.rules.initial_state()
        word = draw_chance(self.rules.chance_outcomes(self.start), self.rng)
        self.state = self.rules.next_state(self.start, word)
        self.steps = [Step(CHANCE, word, self.state)]
        self._stop_player()
        self.word_box.value = ""
        length = len(self.observation.pattern)
        self._finish(f"The computer hid a word of {length} letters.")

    def guess(self, move: str) -> bool:
        """Guess ``move``: a letter or a whole word (what a letter button does); ``False`` if not allowed.

        A guess not allowed changes nothing: the status line says why.

        >>> board = WordsBoard(top=300, seed=0)
        >>> board.guess("xyz")
        False
        >>> board.status.split(".")[0]
        "Not allowed: 'xyz' has 3 letters; the hidden word has 4"
        """
        if self.guesser is not None and not self.is_over:
            return self._refuse("the computer is guessing here")
        reason = self.rules.why_illegal(self.state, move)
        if reason is not None:
            return self._refuse(reason)
        said = self._step(move)
        if len(move) > 1:
            self.word_box.value = ""
        self._finish(said)
        return True

    def guess_typed(self) -> bool:
        """Guess the word typed in the box (what "Guess the word" does), spaces dropped and in lower case."""
        typed = str(self.word_box.value).strip().lower()
        if not typed:
            return self._refuse("type a word in the box first")
        return self.guess(typed)

    def next_guess(self) -> bool:
        """The computer's next guess (what "Next guess" does); ``False`` when nobody is to guess.

        >>> board = WordsBoard(top=300, seed=0, guesser="splitting")
        >>> while board.next_guess(): pass
        >>> board.is_over
        True
        """
        if self.guesser is None:
            return self._refuse("you are the guesser here: click a letter or guess the word")
        if self.is_over:
            return self._refuse("the game is over")
        move = self.guesser(self.rules, self.observation)
        reason = self.rules.why_illegal(self.state, move)
        if reason is not None:  # a guesser of the course never does this; say so rather than break the game
            return self._refuse(f"the computer's guess {move!r} is not allowed: {reason}")
        self._finish(self._step(move))
        return True

    def _step(self, move: str) -> str:
        """Make the guess and say what it got."""
        self.state = self.rules.apply(self.state, move)
        self.steps.append(Step(0, move, self.state))
        who = "You" if self.guesser is None else "The computer"
        secret = self.state.secret or ""
        return f"{who} guessed the {move_words(move)}: {answer_text(secret, move)}."

    def _refuse(self, reason: str) -> bool:
        self.status_label.value = f"Not allowed: {reason}. {self._turn_text()}"
        return False

    def _finish(self, said: str) -> None:
        self.status_label.value = f"{said} {self._turn_text()}"
        self._redraw()

    def _turn_text(self) -> str:
        """What to do next, or the result (the word is named only now)."""
        seen = self.observation
        if self.is_over:
            word = self.state.secret
            wrong = self.state.wrong_guesses
            who = "You" if self.guesser is None else "The computer"
            if seen.is_found:
                return f"{who} found the word '{word}' with {wrong} wrong guess{'es' if wrong != 1 else ''}."
            return f"No wrong guess left: the word was '{word}'. {who} lost."
        left = f"{seen.wrong_left} wrong guess{'es' if seen.wrong_left != 1 else ''} left"
        if self.guesser is None:
            return f"Your turn ({left}): click a letter, or type the whole word and click Guess the word."
        return f"The computer's turn ({left}): {NEXT_HINT}."

    def _on_tick(self, change: dict[str, Any]) -> None:
        if self._resetting or change["new"] <= change["old"]:
            return
        if self.is_over or not self.next_guess():
            self.player.playing = False

    def _stop_player(self) -> None:
        self._resetting = True
        self.player.playing = False
        self.player.value = 0
        self._resetting = False

    # Drawing ------------------------------------------------------------------------------

    def _redraw(self) -> None:
        """Draw what the guesser sees; the hidden word only once the game is over."""
        seen = self.observation
        over = self.is_over
        self.picture.value = record_svg(self.record) if over else observation_svg(seen)
        self.pattern_html.value = self._pattern_html(seen)
        for letter, button in self.letter_buttons.items():
            self._show_letter(button, letter, seen, over)
        self.word_box.disabled = self.word_button.disabled = over
        self.next_button.disabled = over
        self.possible_html.value = escape(possible_text(self.possible)) if self.hints else ""

    def _show_letter(self, button: widgets.Button, letter: str, seen: WordsObservation, over: bool) -> None:
        tried = letter in seen.letters_tried
        found = tried and letter in seen.pattern
        set_text(button, letter)
        button.disabled = tried or over or self.guesser is not None
        button.button_style = ("success" if found else "danger") if tried else ""
        button.tooltip = (f"{letter}: in the word" if found else f"{letter}: not in the word") if tried else (
            f"guess the letter {letter}")

    def _pattern_html(self, seen: WordsObservation) -> str:
        """The pattern in large letters, the guesses tried, the wrong guesses left (and the word at the end)."""
        tried = " ".join(seen.tried) if seen.tried else "nothing yet"
        lines = [f'<div style="font-family:monospace;font-size:24px;letter-spacing:2px">{escape(spaced(seen.pattern))}'
                 "</div>",
                 f"<div>tried: {escape(tried)}</div>",
                 f"<div>wrong guesses left: {seen.wrong_left} of {self.rules.max_wrong}</div>"]
        if self.is_over:
            lines.append(f"<div>the word: <b>{escape(self.state.secret or '')}</b></div>")
        return "".join(lines)


__all__ = ["GUESSERS", "WORDS_SHOWN", "WordsBoard", "make_guesser", "possible_text"]
