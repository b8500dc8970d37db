"""Word guessing (source C, "Поле чудес"): the game's folder.

The computer hides a word of a word list (a chance step); the guesser sees one blank per
letter and guesses a letter or the whole word. A right letter is shown at every place it
stands; a wrong letter or word costs a wrong guess; after ``max_wrong`` of them the game is
lost. The word lists come from ``wordfreq`` (imported only when a list is first read).

Everything about the game is here: its rules (:mod:`~coursekit.games.words.rules`), its
computer guessers and how to measure them (:mod:`~coursekit.games.words.players`), its text
and pictures (:mod:`~coursekit.games.words.view`), its board
(:mod:`~coursekit.games.words.board`, ``WordsBoard``) and its terminal command
(:mod:`~coursekit.games.words.cli`).

>>> from coursekit.games import words
>>> rules = words.Words("en", top=300)
>>> record = words.play_word(rules, words.splitting_guesser(), "house")
>>> record.final.guesses, rules.observation(record.final).pattern
(('e', 't', 'h', 'house'), 'house')
"""

from __future__ import annotations

from ...core.registry import GameEntry, lazy_boards
from . import players, rules
from .players import *  # noqa: F403 (the package exports what its players module does)
from .players import COMPUTERS
from .rules import *  # noqa: F403 (the package exports what its rules module does)
from .rules import Words

__all__ = ["ENTRIES", *rules.__all__, *players.__all__]


def _samples() -> tuple[Words, ...]:
    return (Words("en", top=300), Words("ru", top=300, max_wrong=3), Words("bg", top=300, min_length=6))


#: The game as the course offers it (see :mod:`coursekit.games`). One seat, the guesser: a
#: person guesses facing no computer (chance hides the word), so there is no ``opponent``;
#: when no person plays, the splitting guesser guesses.
ENTRIES = (GameEntry(
    "words", "Word guessing (Поле чудес)", "C", Words, Words.from_spec, _samples,
    board="WordsBoard", computers=tuple(COMPUTERS), transcript=("splitting",),
    values=(Words, rules.WordsState, rules.WordsObservation),
),)


#: The board, imported when first asked for (it needs Jupyter's widgets).
__getattr__ = lazy_boards(__name__, "WordsBoard")
