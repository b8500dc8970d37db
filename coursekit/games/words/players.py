"""The computer guessers of word guessing, and how to measure a guesser.

A guesser is a strategy ``guesser(rules, observation) -> guess``. :func:`random_letter`
guesses untried letters at random; :func:`frequency_guesser` guesses the letter found in the
most words still possible; :func:`splitting_guesser` (the issue's computer guesser) guesses
the letter whose answer (the set of places it fills, or "absent") has the largest entropy
over the words still possible. Both of the last two guess the word outright when one word is
left. :data:`COMPUTERS` names them as the terminal and the board offer them; each is made
from a seeded generator (``make(rng)``: only the random guesser uses it).

>>> from coursekit.games.words import Words
>>> play_word(Words("en", top=300), COMPUTERS["splitting"](random.Random(0)), "house").end
<End.WON: 'won'>
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...core.engine import Player, play
from ...core.record import Record
from ...core.rules import End
from .rules import Words, WordsObservation, possible_words

__all__ = [
    "COMPUTERS", "Guesser", "GuesserScore", "answer_entropy", "best_splitting_letter", "frequency_guesser",
    "most_frequent_letter", "play_word", "random_letter", "score_guesser", "splitting_guesser",
]

Guesser = Callable[[Words, WordsObservation], str]


def _untried(rules: Words, seen: WordsObservation) -> list[str]:
    tried = set(seen.letters_tried)
    return [c for c in rules.alphabet if c not in tried]


def random_letter(rng: random.Random) -> Guesser:
    """A guesser who guesses an untried letter at random (never a whole word), with its own generator.

    >>> rules = Words("en", top=300)
    >>> random_letter(random.Random(1))(rules, WordsObservation("____", ("e",), 6)) in rules.alphabet
    True
    """

    def guess(rules: Words, seen: WordsObservation) -> str:
        return rng.choice(_untried(rules, seen))

    return guess


def most_frequent_letter(words: Sequence[str], letters: Sequence[str]) -> str:
    """Of ``letters``, the one found in the most ``words`` (the first in ``letters`` on a tie).

    >>> most_frequent_letter(["bell", "ball", "bill", "cold"], "abcdl")
    'l'
    """
    counts = Counter(c for w in words for c in set(w))
    return max(letters, key=lambda c: counts[c])


def answer_entropy(words: Sequence[str], letter: str) -> float:
    """How much guessing ``letter`` tells, in bits: the entropy of its answer (the places it
    fills, or none) over ``words``, each word as likely.

    >>> answer_entropy(["bell", "ball", "bill", "boll"], "a")  # ball or not: 1 in 4
    0.8112781244591328
    >>> answer_entropy(["bell", "ball", "bill", "boll"], "l")  # always the same places
    0.0
    """
    answers = Counter(tuple(i for i, c in enumerate(w) if c == letter) for w in words)
    total = len(words)
    return -sum(n / total * math.log2(n / total) for n in answers.values()) + 0.0


def best_splitting_letter(words: Sequence[str], letters: Sequence[str]) -> str:
    """Of ``letters``, the one whose answer has the largest entropy over ``words``; on a tie, the
    one found in more words (fewer wrong guesses), then the first in ``letters``.

    >>> best_splitting_letter(["bell", "ball", "bill", "bull", "boll", "tall"], "abeiotu")  # ball, tall or not
    'a'
    >>> best_splitting_letter(["bell", "ball", "bill", "bold"], "abdeilo")  # all split 3 to 1; l is in all four
    'l'
    """
    answers = _answers(words)
    total = len(words)
    holding = {letter: sum(counts.values()) for letter, counts in answers.items()}  # how many words hold each

    def entropy(letter: str) -> float:  # answer_entropy(words, letter), from the counts
        counts = answers.get(letter)
        if counts is None:  # no word holds the letter: every word gives one answer, "absent"
            return 0.0
        absent = total - holding[letter]
        sizes = [*counts.values(), absent] if absent else list(counts.values())
        return -sum(n / total * math.log2(n / total) for n in sizes) + 0.0

    return max(letters, key=lambda c: (round(entropy(c), 12), holding.get(c, 0)))


def _answers(words: Sequence[str]) -> dict[str, dict[tuple[int, ...], int]]:
    """For each letter, how many ``words`` give each answer (the places it fills), in the order the
    words first give them; one pass over the words.

    >>> _answers(["bell", "ball", "tall"])["l"], _answers(["bell", "ball", "tall"])["a"]
    ({(2, 3): 3}, {(1,): 2})
    """
    answers: dict[str, dict[tuple[int, ...], int]] = {}
    for word in words:
        for c, found in _places(word):
            counts = answers.get(c)
            if counts is None:
                answers[c] = {found: 1}
            else:
                counts[found] = counts.get(found, 0) + 1
    return answers


def _places(word: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Each letter of ``word`` with the places it fills, in the order the letters first appear.

    Not remembered from call to call: ``benchmarks/words.py`` times the guessers one after another in
    one process, and a memory they shared would make each guesser after the first look faster.

    >>> _places("bell")
    (('b', (0,)), ('e', (1,)), ('l', (2, 3)))
    """
    places: dict[str, list[int]] = {}
    for i, c in enumerate(word):
        places.setdefault(c, []).append(i)
    return tuple((c, tuple(found)) for c, found in places.items())


def _word_or_letter(rules: Words, seen: WordsObservation, pick: Callable[[Sequence[str], Sequence[str]], str],
                    possible: Callable[[Words, WordsObservation], tuple[str, ...]]) -> str:
    words = possible(rules, seen)
    if len(words) == 1:
        return words[0]
    return pick(words, _untried(rules, seen))


def _remembering_guesser(pick: Callable[[Sequence[str], Sequence[str]], str],
                         possible: Callable[[Words, WordsObservation], tuple[str, ...]]) -> Guesser:
    """A guesser who plays :func:`_word_or_letter` with ``pick`` and remembers each choice it made.

    >>> guess = _remembering_guesser(most_frequent_letter, possible_words)
    >>> rules, seen = Words("en", top=300), WordsObservation("____", (), 6)
    >>> guess(rules, seen), guess(rules, seen)  # the second answer is the remembered one
    ('e', 'e')
    """
    memo: dict[tuple[Words, WordsObservation], str] = {}

    def guess(rules: Words, seen: WordsObservation) -> str:
        key = rules, seen
        if key not in memo:
            memo[key] = _word_or_letter(rules, seen, pick, possible)
        return memo[key]

    return guess


def frequency_guesser(possible: Callable[[Words, WordsObservation], tuple[str, ...]] = possible_words) -> Guesser:
    """A guesser who guesses the letter found in the most words still possible, or the word when one is left.

    >>> rules = Words("en", top=300)
    >>> frequency_guesser()(rules, WordsObservation("____", (), 6))
    'e'
    """
    return _remembering_guesser(most_frequent_letter, possible)


def splitting_guesser(possible: Callable[[Words, WordsObservation], tuple[str, ...]] = possible_words) -> Guesser:
    """The computer guesser that picks the letter that best splits the words still possible:
    the letter whose answer has the largest entropy (:func:`best_splitting_letter`); the word
    itself when one word is left. Its choices are remembered, so a long measurement stays fast.

    >>> rules = Words("en", top=300)
    >>> seen = WordsObservation("____e", ("e",), 6)
    >>> possible_words(rules, seen)
    ('those', 'while', 'state', 'since', 'house', 'place', 'white')
    >>> splitting_guesser()(rules, seen)
    't'
    """
    return _remembering_guesser(best_splitting_letter, possible)


# --------------------------------------------------------------------------------- measuring

def play_word(rules: Words, guesser: Guesser, word: str, name: str = "computer") -> Record:
    """One game with ``word`` hidden (no chance step), played by ``guesser``.

    >>> record = play_word(Words("en", top=300), splitting_guesser(), "house")
    >>> record.end, record.final.guesses
    (<End.WON: 'won'>, ('e', 't', 'h', 'house'))
    """
    return play(rules, [Player(name, guesser)], start=rules.start_with(word))


@dataclass(frozen=True)
class GuesserScore:
    """How a guesser did over a set of words: games, the average wrong guesses, and the games lost.

    >>> GuesserScore(games=4, wrong=6, lost=1).mean_wrong, GuesserScore(4, 6, 1).lost_share
    (1.5, 0.25)
    """

    games: int
    wrong: int
    lost: int

    @property
    def mean_wrong(self) -> float:
        """The average number of wrong guesses in a game (a lost game counts ``max_wrong``)."""
        return self.wrong / self.games if self.games else 0.0

    @property
    def lost_share(self) -> float:
        """The share of the games lost."""
        return self.lost / self.games if self.games else 0.0


def score_guesser(rules: Words, guesser: Guesser, words: Sequence[str]) -> GuesserScore:
    """Play ``guesser`` once against every word of ``words`` and count its wrong guesses and losses.

    >>> rules = Words("en", top=300)
    >>> score = score_guesser(rules, splitting_guesser(), rules.words[:20])
    >>> score.games, score.lost  # lost: "will" (after _ill: b, f, h, k, t, w, ... all fit)
    (20, 1)
    """
    wrong = lost = 0
    for word in words:
        record = play_word(rules, guesser, word)
        wrong += record.final.wrong_guesses
        lost += record.end == End.LOST
    return GuesserScore(len(words), wrong, lost)


#: Every computer guesser by name, in the order the terminal and the board offer them (the
#: first, splitting, is the one the terminal uses unless told otherwise).
COMPUTERS: dict[str, Callable[[random.Random], Guesser]] = {
    "splitting": lambda rng: splitting_guesser(),
    "frequency": lambda rng: frequency_guesser(),
    "random": random_letter,
}
