"""Word guessing (C): each computer guesser's average wrong guesses and losses over each
language's word list, with the time; the fast word filter checked against a plain one."""

from __future__ import annotations

import random
import time
from typing import Any

from coursekit.games.words import (
    BLANK,
    LANGUAGE_NAMES,
    Guesser,
    Words,
    WordsObservation,
    frequency_guesser,
    play_word,
    random_letter,
    score_guesser,
    splitting_guesser,
)

from .measure import Section

COLUMNS = (
    ("language", "language"),
    ("guesser", "guesser"),
    ("words", "words played"),
    ("wrong", "wrong guesses (mean)"),
    ("lost", "lost share"),
    ("s", "s"),
    ("ms", "ms a game"),
    ("agree", "agree"),
)

#: How many words of each list ``--quick`` plays (a seeded sample).
QUICK_WORDS = 200
#: How many words the plain filter replays, to check the fast one.
CHECKED_WORDS = 30


def plain_possible_words(rules: Words, seen: WordsObservation) -> tuple[str, ...]:
    """The baseline: every word of the list tested letter by letter against what was seen."""
    letters = set(seen.letters_tried)

    def fits(word: str) -> bool:
        return len(word) == seen.length and word not in seen.words_tried and all(
            (p == BLANK and c not in letters) or p == c for p, c in zip(seen.pattern, word, strict=True))

    return tuple(w for w in rules.words if fits(w))


def guessers(seed: int) -> list[tuple[str, Guesser]]:
    return [("random letter", random_letter(random.Random(seed))), ("frequency", frequency_guesser()),
            ("splitting", splitting_guesser())]


def same_guesses(section: Section, rules: Words, words: list[str]) -> bool:
    """The splitting and frequency guessers with the fast filter and with the plain one guess alike."""
    for name, fast, plain in (("splitting", splitting_guesser(), splitting_guesser(plain_possible_words)),
                              ("frequency", frequency_guesser(), frequency_guesser(plain_possible_words))):
        for word in words:
            ours = play_word(rules, fast, word).final.guesses
            theirs = play_word(rules, plain, word).final.guesses
            if ours != theirs:
                section.disagree(f"{rules.language}, {name}, '{word}': {ours} with the fast filter, {theirs} plain")
                return False
    return True


def measure(*, quick: bool = False, limit: float = 60.0) -> Section:
    section = Section("words", "Word guessing (C): wrong guesses and losses of each computer guesser over each "
                      "language's list", COLUMNS)
    began = time.perf_counter()
    for language in LANGUAGE_NAMES:
        rules = Words(language)
        words = list(rules.words)
        if quick:
            words = sorted(random.Random(1).sample(words, QUICK_WORDS), key=rules.words.index)
        agree = same_guesses(section, rules, words[:CHECKED_WORDS // (6 if quick else 1)])
        for name, guesser in guessers(seed=1):
            if time.perf_counter() - began > limit and not quick:
                section.notes.append(f"{LANGUAGE_NAMES[language]} {name} left out: the budget of {limit:g} s was "
                                     "spent.")
                continue
            start = time.perf_counter()
            score = score_guesser(rules, guesser, words)
            spent = time.perf_counter() - start
            row: dict[str, Any] = {
                "language": LANGUAGE_NAMES[language], "guesser": name, "words": score.games,
                "wrong": score.mean_wrong, "lost": score.lost_share, "s": spent, "ms": spent * 1000 / score.games,
                "agree": agree if name != "random letter" else None}
            section.rows.append(row)
    sizes = ", ".join(f"{LANGUAGE_NAMES[lang]} {len(Words(lang).words):,}" for lang in LANGUAGE_NAMES)
    section.notes.append(
        f"Each list: words of 4 or more letters, all of the language's alphabet, among the 3,000 most frequent "
        f"(wordfreq; {sizes} words); 6 wrong guesses allowed, a lost game counts 6. "
        + (f"--quick plays a seeded sample of {QUICK_WORDS} words of each list." if quick else
           "Every word of each list is played once."))
    section.notes.append(
        "splitting: the letter whose answer (the places it fills, or absent) has the largest entropy over the "
        "words still possible; frequency: the letter found in most of them; both guess the word when one is "
        "left. agree: both guess exactly alike with the plain letter-by-letter filter of the words still "
        "possible instead of the fast one (on the first words of the sample).")
    return section
