"""The terminal's bulls and cows commands: ``play`` and ``solve``.

    coursekit play bulls [--digits 4] [--base 10] [--guesses N] [--mutual]
        [--computer consistent|minimax|entropy] [--human N] [--seed S]
    coursekit solve bulls [--digits 4] [--base 10] --strategy consistent|minimax|entropy [--seed S]

A guess is typed as its digits, ``0123``. Without ``--mutual`` one player guesses a secret
that chance hid (the computer, or a person with ``--human 1``); with ``--mutual`` two players
each have a secret and guess the other's in turn (C's game; ``--human 1`` guesses first,
``--human 2`` second).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO

from ...cli._args import (
    Context,
    Groups,
    UsageError,
    checked,
    player_arguments,
    prompt_player,
    seat_players,
    seed_argument,
    whole,
)
from ...core import play
from . import ENTRIES
from .players import COMPUTERS, guess_counts
from .rules import Bulls, BullsState, Code, code_text, read_code
from .view import PLAYER_NAMES


def register(groups: Groups) -> None:
    """Add ``play bulls`` and ``solve bulls``."""
    player = groups.play.add_parser("bulls", help="bulls and cows (C): guess a secret of different digits")
    _size_arguments(player)
    player.add_argument("--guesses", type=whole(1), default=None, help="at most N guesses each (default: no limit)")
    player.add_argument("--mutual", action="store_true",
                        help="C's game: two players each hide a secret and guess the other's in turn")
    player_arguments(player, ENTRIES[0], {"consistent": "C's: a random secret that fits every answer", "minimax": "",
                                          "entropy": ""},
                     ("the guesser", "the second guesser, with --mutual"), who="the computer's guessers")
    player.set_defaults(run=play_bulls)

    solver = groups.solve.add_parser("bulls", help="a guesser against every secret: average, worst, distribution")
    _size_arguments(solver)
    solver.add_argument("--strategy", choices=tuple(COMPUTERS), required=True, help="the guesser to measure")
    seed_argument(solver)
    solver.set_defaults(run=solve_bulls)


def _size_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--digits", type=whole(1, 10), default=4, help="digits in a secret, all different (default 4)")
    parser.add_argument("--base", type=whole(1, 10), default=10,
                        help="the digits are 0 to base - 1 (default 10: 0 to 9)")


#: The most codes the computer's answer table takes (5,040 x 5,040 answers: 25 MB).
MOST_CODES = 5040


def _table_fits(rules: Bulls) -> None:
    if len(rules.codes) > MOST_CODES:
        raise UsageError(f"{len(rules.codes):,} secrets are too many for the computer's answer table "
                         f"(at most {MOST_CODES:,}: fewer digits or a smaller base)")


def human_guesser(stdin: TextIO, out: TextIO) -> Callable[[Bulls, BullsState], Code]:
    """A person at the prompt: sees the guesses so far (and its own secret), types a guess, is told what is wrong.

    The end of input stops the game.
    """

    def show(rules: Bulls, state: BullsState) -> str:
        own = rules.own_secret(state, state.turn)
        return str(state) + ("" if own is None else
                             f"\n(your own secret, which the other player looks for: {code_text(own)})")

    def question(rules: Bulls, state: BullsState) -> str:
        example = code_text(tuple(range(rules.digits)))
        return f"Your guess: {rules.digits} different digits from 0 to {rules.base - 1}, like {example}: "

    return prompt_player(stdin, out, question, lambda rules, state, line: read_code(line, rules.digits, rules.base),
                         show)


def play_bulls(args: argparse.Namespace, context: Context) -> str:
    """Play one game (chance hides the secrets with the seeded generator), then its transcript."""
    rules = checked(Bulls, args.digits, args.base, args.mutual, args.guesses)
    if not rules.mutual and args.human == 2:
        raise UsageError("argument --human: the guessing game has one seat (1); use --mutual for two")
    if args.human is None or rules.mutual:
        _table_fits(rules)
    players = seat_players(args, ENTRIES[0], rules.num_players, lambda seat: human_guesser(context.stdin, context.out),
                           lambda kind: COMPUTERS[kind](context.rng))
    return str(play(rules, players, rng=context.rng))


def solve_bulls(args: argparse.Namespace, context: Context) -> str:
    """The guesser against every secret: ``average:``, ``worst:`` and the distribution."""
    rules = checked(Bulls, args.digits, args.base)
    _table_fits(rules)
    counts = guess_counts(args.strategy, rules.digits, rules.base, seed=args.seed)
    first = "a random code" if args.strategy == "consistent" else code_text(rules.codes[0]) + " (fixed)"
    seeded = f", seed {args.seed} (secret i uses seed * 1000003 + i)" if args.strategy == "consistent" else ""
    return "\n".join([
        f"bulls and cows, {rules.digits} different digits from 0 to {rules.base - 1}: {len(rules.codes):,} secrets",
        f"guesser: {args.strategy}{seeded}; first guess: {first}",
        f"average: {counts.average:.4f} ({counts.total:,} guesses / {counts.secrets:,} secrets)",
        f"worst: {counts.worst}",
        "distribution (guesses: secrets): " + ", ".join(f"{k}: {n:,}" for k, n in enumerate(counts.distribution) if n),
    ])


__all__ = ["PLAYER_NAMES", "human_guesser", "play_bulls", "register", "solve_bulls"]
