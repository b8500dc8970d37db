"""What every command of the terminal shares: argument types, the error, the context, the prompt."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple, NoReturn, TextIO

from ..core import Coord, GameStopped

MAX_SIDE = 200  # largest grid side the terminal accepts (a table must fit on a screen or in a file)


class UsageError(Exception):
    """A bad argument: reported as one line with exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


@dataclass
class Context:
    """What a command may use besides its arguments: the seeded generator and the terminal."""

    rng: random.Random
    stdin: TextIO
    out: TextIO


class Groups(NamedTuple):
    """The sub-command collections an area of the terminal adds its commands to."""

    commands: Any  # coursekit <command>
    play: Any      # coursekit play <game>
    table: Any     # coursekit table <game>
    solve: Any     # coursekit solve <game>
    count: Any     # coursekit count <game>


class Outcome(str):
    """The text a command prints, with the exit status it ends with (0 unless said).

    >>> Outcome("no path", 1).exit_status
    1
    """

    exit_status: int = 0

    def __new__(cls, text: str, exit_status: int = 0) -> Outcome:
        outcome = super().__new__(cls, text)
        outcome.exit_status = exit_status
        return outcome


#: A command: its parsed arguments and the context in, the text to print out.
Command = Callable[[argparse.Namespace, Context], str]


def whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` (to ``high``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < low or (high is not None and value > high):
            span = f"at least {low}" if high is None else f"from {low} to {high}"
            raise argparse.ArgumentTypeError(f"expected a whole number {span}, got {value}")
        return value

    return parse


def percent(text: str) -> float:
    """An argument type: a percentage from 0 up to (not including) 100."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a percentage, got {text!r}") from None
    if not 0 <= value < 100:
        raise argparse.ArgumentTypeError(f"expected a percentage from 0 up to (not including) 100, got {text}")
    return value


def cell(text: str) -> Coord:
    """An argument type: a cell written ``x,y``."""
    try:
        return Coord.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def grid_arguments(parser: argparse.ArgumentParser, side: int = 5, max_side: int = MAX_SIDE) -> None:
    """``--width``, ``--height`` and ``--blocked`` for a command on a grid."""
    parser.add_argument("--width", type=whole(1, max_side), default=side, help=f"columns (default {side})")
    parser.add_argument("--height", type=whole(1, max_side), default=side, help=f"rows (default {side})")
    parser.add_argument("--blocked", type=percent, default=0.0, help="percentage of random blocked cells")


def play_command(groups: Groups, name: str, about: str, run: Callable[..., Any],
                 options: Callable[[argparse.ArgumentParser], None], computers: Iterable[str], computer_help: str,
                 seat_help: str, seats: int = 2) -> argparse.ArgumentParser:
    """``coursekit play NAME`` for a game of seats: its own ``options``, then the ones every such game
    shares: ``--computer`` (one of the game's ``computers``; default: the game's entry decides),
    ``--human N`` (a person at seat N, 1 moves first: the boards number seats the same way) and
    ``--seed``. ``run(args, context)`` plays it.

    >>> parsers = argparse.ArgumentParser().add_subparsers()
    >>> groups = Groups(None, parsers, None, None, None)
    >>> game = play_command(groups, "nim", "a heap game", print, lambda parser: None, ("perfect", "random"),
    ...                     "the computer players", "let a person play seat N")
    >>> args = game.parse_args(["--computer", "random", "--human", "2"])
    >>> args.computer, args.human, args.seed, args.run is print
    ('random', 2, None, True)
    """
    parser: argparse.ArgumentParser = groups.play.add_parser(name, help=about)
    options(parser)
    parser.add_argument("--computer", choices=tuple(computers), default=None, help=computer_help)
    parser.add_argument("--human", type=whole(1, seats), default=None, help=seat_help)
    seed_argument(parser)
    parser.set_defaults(run=run)
    return parser


def seed_argument(parser: argparse.ArgumentParser) -> None:
    """``--seed``: without it, a seed is drawn and printed, so the run can be repeated."""
    parser.add_argument("--seed", type=whole(0), help="seed of the random choices (same seed, same result)")


def prompt_player(stdin: TextIO, out: TextIO, question: Callable[[Any, Any], str],
                  read: Callable[[Any, Any, str], Any], show: Callable[[Any, Any], str] | None = None,
                  why_not: Callable[[Any, Any, Any], str | None] | None = None) -> Callable[[Any, Any], Any]:
    r"""A person at the prompt, for any game: the one loop every game's terminal uses.

    It shows the position (``show(rules, state)``, by default the state itself), asks
    ``question(rules, state)``, reads a line and turns it into a move with ``read(rules, state,
    line)`` (a ``ValueError`` says what is wrong with the line), explains a move the rules refuse
    (``why_not(rules, state, move)``, by default ``rules.why_illegal``) and asks again. The end
    of input stops the game (:class:`GameStopped`).

    >>> import io
    >>> from coursekit.games.beans import Beans
    >>> out = io.StringIO()
    >>> person = prompt_player(io.StringIO("1,9\nx\n2,6\n"), out, lambda rules, state: "Your move: ",
    ...                        lambda rules, state, line: tuple(int(v) for v in line.strip().split(",")))
    >>> person(Beans(3, 6), Beans(3, 6).initial_state())
    (2, 6)
    >>> print(out.getvalue().strip())
    [M=3, N=6]
    Your move:   not allowed: beans cannot be put back: [3, 6] -> [1, 9]
    Your move:   invalid literal for int() with base 10: 'x'
    Your move:
    """

    def choose(rules: Any, state: Any) -> Any:
        print(f"\n{state if show is None else show(rules, state)}", file=out)
        ask = question(rules, state)
        while True:
            print(ask, end="", file=out, flush=True)
            line = stdin.readline()
            if not line:
                print("", file=out)
                raise GameStopped("end of input")
            try:
                move = read(rules, state, line)
            except ValueError as error:
                print(f"  {error}", file=out)
                continue
            reason = rules.why_illegal(state, move) if why_not is None else why_not(rules, state, move)
            if reason is None:
                return move
            print(f"  not allowed: {reason}", file=out)

    return choose


def human_strategy(stdin: TextIO, out: TextIO, name: str = "you",
                   what: str = "the piece's next cell") -> Callable[[Any, Any], Any]:
    """A person at the prompt who types a cell as ``x,y`` (:func:`prompt_player`); a game whose
    moves are pairs of numbers (beans) gets a tuple."""

    def question(rules: Any, state: Any) -> str:
        moves = " or ".join(move_text(m) for m in rules.legal_moves(state))
        return f"Your move, {name}: {what} as x,y ({moves}): "

    def read(rules: Any, state: Any, line: str) -> Any:
        move = Coord.parse(line)
        legal = rules.legal_moves(state)
        return move if not legal or isinstance(legal[0], Coord) else (move.x, move.y)

    return prompt_player(stdin, out, question, read)


def move_text(move: Any) -> str:
    """A move as the user types it: ``x,y``."""
    return f"{move[0]},{move[1]}"
