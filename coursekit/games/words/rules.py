"""Word guessing (source C, "Поле чудес"): find the hidden word, a letter or a whole word at a time.

The computer hides a word from a word list (a chance step: every word of the list is equally
likely). The guesser sees a pattern, one blank per letter, and guesses a letter or the whole
word. A right letter is shown at every place it stands; a wrong letter and a wrong whole word
each cost one wrong guess; the right whole word wins at once. After ``max_wrong`` wrong
guesses (6 by default) the game is lost.

A guess (a move) is a string: one letter (``"e"``) is a letter guess, a longer string
(``"house"``) a whole-word guess. Guesses are lower-case letters of the game's alphabet. A
whole-word guess must have the hidden word's length and be a word of the list (the list is
part of the rules and open to the guesser: a word outside it cannot be the hidden one).

The guesser is shown a :class:`WordsObservation` (the pattern, the guesses tried, the wrong
guesses left), never the hidden word.

>>> rules = Words("en", top=300)
>>> state = rules.start_with("house")
>>> state = rules.apply(state, "e")
>>> print(rules.observation(state, 0).pattern)
____e
>>> rules.why_illegal(state, "e"), rules.why_illegal(state, "cat")
("'e' was tried already", "'cat' has 3 letters; the hidden word has 5")
>>> state = rules.apply(state, "house")
>>> rules.is_over(state), rules.winner(state)
(True, 0)

Word lists
----------
The word lists come from the ``wordfreq`` package (Robyn Speer and others; its code is under
the Apache License 2.0, its word-frequency data under CC BY-SA 4.0, which asks that the data
and works built on it name the source and share alike). A game's list is the ``top`` most
frequent words of its language, keeping only words of at least ``min_length`` letters that
are all lower-case letters of the language's alphabet (:data:`ALPHABETS`), each word once, in
order of frequency.

The computer guessers are in :mod:`coursekit.games.words.players`; :func:`possible_words`
(the words of the list that still fit what the guesser has seen) is here, with the rules.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, ClassVar

from ...core.display import Shown
from ...core.rules import CHANCE, GameRules, GameType, SpecFields

__all__ = [
    "ALPHABETS", "BLANK", "LANGUAGE_NAMES", "MAX_TOP", "WORD_LIST_LICENCE", "Words", "WordsObservation",
    "WordsState", "possible_words", "word_list",
]

#: The letters of each language, in alphabetical order (Russian keeps ё as a letter of its own).
ALPHABETS = {
    "en": "abcdefghijklmnopqrstuvwxyz",
    "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "bg": "абвгдежзийклмнопрстуфхцчшщъьюя",
}
#: The languages' names in English.
LANGUAGE_NAMES = {"en": "English", "ru": "Russian", "bg": "Bulgarian"}
#: Where the word lists come from, and under which licences.
WORD_LIST_LICENCE = ("word lists from wordfreq (code: Apache License 2.0; word-frequency data: CC BY-SA 4.0, "
                     "by Robyn Speer and others)")
#: How a pattern shows a letter not found yet.
BLANK = "_"
#: The most frequent words a list may take.
MAX_TOP = 20_000


def _top_words(language: str, top: int) -> list[str]:
    """The ``top`` most frequent words of ``language``, from wordfreq."""
    from wordfreq import top_n_list  # imported here: loading the lists takes a moment

    words: list[str] = top_n_list(language, top)
    return words


@cache
def word_list(language: str, top: int = 3000, min_length: int = 4) -> tuple[str, ...]:
    """The words of a game: of the ``top`` most frequent, those of at least ``min_length``
    letters, all lower-case letters of the language's alphabet, each once, most frequent first.

    >>> words = word_list("en", 300)
    >>> len(words), words[:4]
    (198, ('that', 'with', 'this', 'have'))
    >>> all(len(w) >= 4 and set(w) <= set(ALPHABETS["en"]) for w in words)
    True
    """
    alphabet = set(ALPHABETS[language])
    kept = [w for w in _top_words(language, top) if len(w) >= min_length and set(w) <= alphabet]
    return tuple(dict.fromkeys(kept))


@cache
def _by_length(language: str, top: int, min_length: int) -> dict[int, tuple[str, ...]]:
    found: dict[int, list[str]] = {}
    for word in word_list(language, top, min_length):
        found.setdefault(len(word), []).append(word)
    return {length: tuple(words) for length, words in found.items()}


@dataclass(frozen=True, repr=False)
class WordsObservation(Shown):
    """What the guesser sees: the pattern (``BLANK`` for a letter not found yet), the guesses
    tried in order (letters and whole words), and how many wrong guesses are left.

    >>> seen = WordsObservation("_a__e", ("e", "a", "r"), 5)
    >>> seen.length, seen.letters_tried, seen.is_over
    (5, ('e', 'a', 'r'), False)
    """

    pattern: str
    tried: tuple[str, ...] = ()
    wrong_left: int = 6

    @property
    def length(self) -> int:
        """How many letters the hidden word has."""
        return len(self.pattern)

    @property
    def letters_tried(self) -> tuple[str, ...]:
        """The single letters tried, in order."""
        return tuple(g for g in self.tried if len(g) == 1)

    @property
    def words_tried(self) -> tuple[str, ...]:
        """The whole words tried, in order."""
        return tuple(g for g in self.tried if len(g) > 1)

    @property
    def is_found(self) -> bool:
        """Whether every letter is shown (the word was found)."""
        return bool(self.pattern) and BLANK not in self.pattern

    @property
    def is_over(self) -> bool:
        """Whether the game is over: the word found, or no wrong guess left."""
        return self.is_found or self.wrong_left <= 0

    def __repr__(self) -> str:
        return f"WordsObservation({self.pattern!r}, {self.tried!r}, {self.wrong_left})"


@dataclass(frozen=True, repr=False)
class WordsState(Shown):
    """The whole game: the hidden word (``None`` until chance has hidden one) and the guesses so far.

    >>> WordsState("house", ("e", "a")).wrong_guesses
    1
    """

    secret: str | None = None
    guesses: tuple[str, ...] = ()

    @property
    def wrong_guesses(self) -> int:
        """How many guesses were wrong: letters not in the word, whole words other than it."""
        secret = self.secret or ""
        return sum(1 for g in self.guesses if (g not in secret if len(g) == 1 else g != secret))

    def pattern(self) -> str:
        """The word with every letter not guessed yet as ``BLANK`` (the whole word once it was guessed).

        >>> WordsState("house", ("e", "o")).pattern()
        '_o__e'
        """
        secret = self.secret or ""
        if secret in self.guesses:
            return secret
        return "".join(c if c in self.guesses else BLANK for c in secret)

    def __repr__(self) -> str:
        return f"WordsState({self.secret!r}, {self.guesses!r})"


@dataclass(frozen=True)
class Words(SpecFields, GameRules):
    """The rules: the language (``"en"``, ``"ru"``, ``"bg"``), the word list (the ``top`` most
    frequent words, at least ``min_length`` letters long) and the wrong guesses allowed.

    >>> Words("ru", top=500).spec()
    {'game': 'words', 'language': 'ru', 'top': 500, 'min_length': 4, 'max_wrong': 6}
    >>> Words("de")
    Traceback (most recent call last):
    ...
    ValueError: the languages are en (English), ru (Russian), bg (Bulgarian), not 'de'
    """

    language: str = "en"
    top: int = 3000
    min_length: int = 4
    max_wrong: int = 6
    num_players: ClassVar[int] = 1
    name: ClassVar[str] = "words"
    game_type: ClassVar[GameType] = GameType(players=(1, 1), chance=True, perfect_information=False)

    def __post_init__(self) -> None:
        if self.language not in ALPHABETS:
            known = ", ".join(f"{code} ({name})" for code, name in LANGUAGE_NAMES.items())
            raise ValueError(f"the languages are {known}, not {self.language!r}")
        for what, value, low, high in (("top", self.top, 1, MAX_TOP), ("min_length", self.min_length, 2, 20),
                                       ("max_wrong", self.max_wrong, 1, 40)):
            if type(value) is not int or not low <= value <= high:
                raise ValueError(f"{what} is a whole number from {low} to {high}, got {value!r}")
        if not self.words:
            raise ValueError(f"no word of the {self.top} most frequent has {self.min_length} letters or more")

    # ----------------------------------------------------------------------------- the list

    @property
    def alphabet(self) -> str:
        """The letters a guess may use."""
        return ALPHABETS[self.language]

    @property
    def words(self) -> tuple[str, ...]:
        """The word list: the words chance hides, most frequent first."""
        return word_list(self.language, self.top, self.min_length)

    def words_of_length(self, length: int) -> tuple[str, ...]:
        """The words of the list with ``length`` letters."""
        return _by_length(self.language, self.top, self.min_length).get(length, ())

    # ----------------------------------------------------------------------------- the game

    def initial_state(self, rng: random.Random | None = None) -> WordsState:
        """No word yet: chance hides one first (see :meth:`chance_outcomes`)."""
        return WordsState()

    def start_with(self, word: str) -> WordsState:
        """The state after chance has hidden ``word`` (a word of the list)."""
        if word not in self.words:
            raise ValueError(f"{word!r} is not a word of the list")
        return WordsState(word)

    def to_move(self, state: WordsState) -> int:
        return CHANCE if state.secret is None else 0

    def chance_outcomes(self, state: WordsState) -> tuple[tuple[str, float], ...]:
        """Every word of the list, each as likely (only before a word is hidden)."""
        if state.secret is not None:
            return ()
        return _uniform(self.language, self.top, self.min_length)

    def observation(self, state: WordsState, player: int = 0) -> WordsObservation:
        """The pattern, the guesses tried and the wrong guesses left: never the hidden word."""
        if state.secret is None:
            return WordsObservation("", (), self.max_wrong)
        return WordsObservation(state.pattern(), state.guesses, self.max_wrong - state.wrong_guesses)

    def _seen(self, state: WordsState | WordsObservation) -> WordsObservation:
        return state if isinstance(state, WordsObservation) else self.observation(state)

    def legal_moves(self, state: WordsState | WordsObservation) -> tuple[str, ...]:
        """Every letter not tried yet (alphabetical), then every word of the list of the hidden
        word's length not tried yet. Works on an observation too (a guesser needs no more)."""
        seen = self._seen(state)
        if not seen.pattern or seen.is_over:
            return ()
        tried = set(seen.tried)
        letters = tuple(c for c in self.alphabet if c not in tried)
        return letters + tuple(w for w in self.words_of_length(seen.length) if w not in tried)

    def why_illegal(self, state: WordsState | WordsObservation, move: Any) -> str | None:
        """Why ``move`` is not a guess here (``None`` when it is); works on an observation too."""
        seen = self._seen(state)
        if not seen.pattern:
            return "no word is hidden yet: chance hides one first"
        if seen.is_over:
            return "the game is over"
        if not isinstance(move, str):
            return f"a guess is a letter or a whole word (a string), not {move!r}"
        if not move:
            return "a guess needs at least one letter"
        strange = sorted({c for c in move if c not in self.alphabet})
        if strange:
            name = LANGUAGE_NAMES[self.language]
            if all(c.lower() in self.alphabet for c in strange):
                return f"guesses are written in lower case: {move.lower()!r}, not {move!r}"
            return f"{move!r} has characters outside the {name} alphabet: {' '.join(strange)}"
        if move in seen.tried:
            return f"{move!r} was tried already"
        if len(move) == 1:
            return None
        if len(move) != seen.length:
            return f"{move!r} has {len(move)} letters; the hidden word has {seen.length}"
        if move not in self.words_of_length(seen.length):
            return f"{move!r} is not a word of the list (the hidden word is one of its words)"
        return None

    def next_state(self, state: WordsState, move: str) -> WordsState:
        if state.secret is None:
            return WordsState(move)
        return WordsState(state.secret, (*state.guesses, move))

    def is_over(self, state: WordsState) -> bool:
        return state.secret is not None and self.observation(state).is_over

    def winner(self, state: WordsState) -> int | None:
        """0 when the guesser found the word, ``None`` otherwise."""
        return 0 if state.secret is not None and self.observation(state).is_found else None

    def max_game_length(self) -> int:
        """Letter guesses are at most the alphabet, wrong whole words at most ``max_wrong``, and one right word."""
        return len(self.alphabet) + self.max_wrong + 1


@cache
def _uniform(language: str, top: int, min_length: int) -> tuple[tuple[str, float], ...]:
    words = word_list(language, top, min_length)
    return tuple((w, 1 / len(words)) for w in words)


# --------------------------------------------------------------------------------- what fits

@lru_cache(maxsize=8192)
def _compiled(shape: str) -> re.Pattern[str]:
    """``re.compile(shape)``, kept for many more shapes than ``re``'s own cache (a game meets thousands)."""
    return re.compile(shape)


def possible_words(rules: Words, seen: WordsObservation) -> tuple[str, ...]:
    """The words of the list that fit what the guesser has seen: the right length, the shown
    letters in their places, no tried letter in a blank (a right letter is shown at all its
    places), and no whole word already tried.

    >>> rules = Words("en", top=300)
    >>> possible_words(rules, WordsObservation("___e", ("e", "a", "o", "i"), 4))
    ('sure',)
    """
    letters = "".join(seen.letters_tried)
    wrong = set(seen.words_tried)
    words = rules.words_of_length(seen.length)
    alphabet = rules.alphabet
    if all(c in alphabet for c in letters) and all(c == BLANK or c in letters for c in seen.pattern):
        # The usual case, without a pattern to compile: a word of the list (letters of the alphabet only)
        # fits when, with every letter not tried made a blank, it reads as the pattern.
        hide = str.maketrans(dict.fromkeys((c for c in alphabet if c not in letters), BLANK))
        pattern = seen.pattern
        return tuple(w for w in words if w.translate(hide) == pattern and w not in wrong)
    blank = f"[^{letters}]" if letters else "."
    shape = _compiled("".join(blank if c == BLANK else re.escape(c) for c in seen.pattern))
    return tuple(w for w in words if shape.fullmatch(w) and w not in wrong)
