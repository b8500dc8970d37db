"""The terminal's word guessing: ``play words``.

    coursekit play words [--language en|ru|bg] [--guesser human|computer]
        [--computer splitting|frequency|random] [--top N] [--wrong W] [--seed S]

The computer hides a word; a person (or a computer guesser) types a letter or a whole word
each turn. The word lists come from wordfreq (code: Apache License 2.0; word-frequency
data: CC BY-SA 4.0).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO

from ...cli._args import Context, Groups, UsageError, prompt_player, seed_argument, whole
from ...core import Player, play
from . import ENTRIES
from .players import COMPUTERS, Guesser
from .rules import ALPHABETS, LANGUAGE_NAMES, MAX_TOP, WORD_LIST_LICENCE, Words, WordsObservation

GUESSERS = ("human", "computer")


def register(groups: Groups) -> None:
    """Add ``play words``."""
    languages = ", ".join(f"{code} ({name})" for code, name in LANGUAGE_NAMES.items())
    player = groups.play.add_parser(
        "words", help="word guessing (C, Поле чудес): find the hidden word a letter at a time",
        description="Word guessing: the computer hides a word; guess a letter or the whole word. A right letter "
                    "is shown at all its places; a wrong letter or word costs a wrong guess.",
        epilog=f"The {WORD_LIST_LICENCE}.")
    player.add_argument("--language", choices=tuple(ALPHABETS), default="en",
                        help=f"the language of the words: {languages} (default en)")
    player.add_argument("--guesser", choices=GUESSERS, default="human",
                        help="who guesses: human (you, at the prompt; the default) or computer")
    player.add_argument("--computer", choices=tuple(COMPUTERS), default=ENTRIES[0].transcript[0],
                        help="the computer guesser: splitting (the letter that best splits the words still "
                             "possible, the default), frequency (the letter in most of them) or random")
    player.add_argument("--top", type=whole(1, MAX_TOP), default=3000,
                        help="the list: words of 4 or more letters among the N most frequent (default 3000)")
    player.add_argument("--wrong", type=whole(1, 40), default=6, help="wrong guesses allowed (default 6)")
    seed_argument(player)
    player.set_defaults(run=play_words)


def read_guess(text: str) -> str:
    """A typed guess: spaces around it dropped, in lower case.

    >>> read_guess("  House\\n")
    'house'
    """
    return text.strip().lower()


def human_guesser(stdin: TextIO, out: TextIO) -> Callable[[Words, WordsObservation], str]:
    """A person at the prompt: sees the pattern, types a letter or a word, is told what is wrong
    and asked again. The end of input stops the game."""
    return prompt_player(stdin, out, lambda rules, seen: "Your guess: a letter or the whole word: ",
                         lambda rules, seen, line: read_guess(line))


def computer_guesser(kind: str, context: Context) -> Guesser:
    """The computer guesser the terminal calls ``kind`` (one of the game's computers)."""
    return COMPUTERS[kind](context.rng)


def play_words(args: argparse.Namespace, context: Context) -> str:
    """Play one game: the transcript of every guess, then the word and the result."""
    try:
        rules = Words(args.language, top=args.top, max_wrong=args.wrong)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if args.guesser == "human":
        player = Player("you", human_guesser(context.stdin, context.out))
    else:
        player = Player(f"computer, {args.computer}", computer_guesser(args.computer, context))
    return str(play(rules, [player], rng=context.rng))


__all__ = ["computer_guesser", "human_guesser", "play_words", "read_guess", "register"]
