"""What every command of the terminal shares: argument types, the error, the context, the prompt."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, NoReturn, TextIO, TypeVar

from ..core import Coord, GameEntry, GameStopped, Player

T = TypeVar("T")

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


def player_arguments(parser: argparse.ArgumentParser, entry: GameEntry, computers: Mapping[str, str],
                     seats: Sequence[str], who: str = "the computer players", default: str | None = None) -> None:
    """``--computer``, ``--human N`` and ``--seed``: the options every game's ``play`` command shares.

    ``--computer`` is one of the entry's computers (described by :func:`computer_help`),
    ``--human N`` seats a person at seat N (1 moves first: the boards number seats the same
    way; ``seats`` says what each seat does) and ``--seed`` repeats a run. :func:`seat_players`
    fills the seats from them.
    """
    parser.add_argument("--computer", choices=entry.computers, default=None,
                        help=computer_help(entry, computers, len(seats), who, default))
    parser.add_argument("--human", type=whole(1, len(seats)), default=None, help=seat_help(seats))
    seed_argument(parser)


def computer_help(entry: GameEntry, computers: Mapping[str, str], seats: int = 2, who: str = "the computer players",
                  default: str | None = None) -> str:
    """The help of ``--computer``: the entry's computers, each with what it is (``computers``,
    ``""`` for nothing to add), and which one plays when ``--computer`` is left out: the
    entry's ``opponent`` when it also plays every seat of its ``transcript``, else ``default``
    says it.

    >>> from coursekit.games.crawler import ENTRIES
    >>> computer_help(ENTRIES[0], {"source": "C's", "perfect": "", "random": ""})
    "the computer players: source (C's; the default, in both seats and facing a person), perfect or random"
    """
    if set(computers) != set(entry.computers):
        raise ValueError(f"{entry.name}: describe its computers {', '.join(entry.computers)}, "
                         f"not {', '.join(computers)}")
    if default is None and set(entry.transcript) != {entry.opponent}:
        raise ValueError(f"{entry.name}: its transcript's players are not its opponent: say who plays by default")
    parts = []
    for name in entry.computers:
        about = [computers[name]] if computers[name] else []
        if default is None and name == entry.opponent:
            about.append(f"the default, in {'both seats' if seats == 2 else 'every seat'} and facing a person")
        parts.append(f"{name} ({'; '.join(about)})" if about else name)
    listing = " or ".join(filter(None, [", ".join(parts[:-1]), parts[-1]]))
    return f"{who}: {listing}" if default is None else f"{who}: {listing}. Default: {default}"


def seat_help(seats: Sequence[str]) -> str:
    """The help of ``--human N``: what each seat does.

    >>> seat_help(["White", "Black"])
    'let a person play seat N (1 White, 2 Black)'
    """
    return f"let a person play seat N ({', '.join(f'{seat} {does}' for seat, does in enumerate(seats, start=1))})"


def seat_players(args: argparse.Namespace, entry: GameEntry, seats: int, person: Callable[[int], Any],
                 computer: Callable[[str], Any], name: Callable[[str], str] = str) -> list[Player]:
    """The players of one game, seat by seat: a person ("you", ``person(seat)``) at seat
    ``--human``, at every other seat the computer ``--computer`` or, without it, the entry's
    ``opponent`` facing a person and its ``transcript`` (the source's pairing) with no one
    (``computer(kind)``, named ``name(kind)``).

    >>> from coursekit.games.basket import ENTRIES
    >>> players = seat_players(argparse.Namespace(human=2, computer=None), ENTRIES[0], 2,
    ...                        lambda seat: "a person", lambda kind: f"{kind}'s strategy")
    >>> [(player.name, player.strategy) for player in players]
    [('source', "source's strategy"), ('you', 'a person')]
    """
    players = []
    for seat in range(seats):
        if args.human == seat + 1:
            players.append(Player("you", person(seat)))
        else:
            kind = args.computer or (entry.opponent if args.human else entry.transcript[seat])
            players.append(Player(name(kind), computer(kind)))
    return players


def checked(make: Callable[..., T], *args: Any, option: str = "") -> T:
    """``make(*args)`` (rules, a position), its ``ValueError`` a :class:`UsageError`, about ``option`` if named.

    >>> from coursekit.games.basket import Basket
    >>> checked(Basket, 2, 0, option="--balls")
    Traceback (most recent call last):
    ...
    coursekit.cli._args.UsageError: argument --balls: each colour has 1 to 1000 balls, got 0
    """
    try:
        return make(*args)
    except ValueError as error:
        raise UsageError(f"argument {option}: {error}" if option else str(error)) from None


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

    def moves(rules: Any, state: Any) -> str:
        return " or ".join(move_text(m) for m in rules.legal_moves(state))

    def read(rules: Any, state: Any, line: str) -> Any:
        move = Coord.parse(line)
        legal = rules.legal_moves(state)
        return move if not legal or isinstance(legal[0], Coord) else (move.x, move.y)

    return ask_move(stdin, out, name, f"{what} as x,y", moves, read)


def ask_move(stdin: TextIO, out: TextIO, name: str, what: str, hint: Callable[[Any, Any], str],
             read: Callable[[Any, Any, str], Any]) -> Callable[[Any, Any], Any]:
    r"""A person at the prompt (:func:`prompt_player`) asked ``Your move, NAME: WHAT (HINT):``,
    with ``hint(rules, state)`` (the moves open, say); ``read(rules, state, line)`` reads the answer.

    >>> import io
    >>> from coursekit.games.beans import Beans
    >>> out = io.StringIO()
    >>> person = ask_move(io.StringIO("2,6\n"), out, "A", "the piles", lambda rules, state: "2,6 or 3,5",
    ...                   lambda rules, state, line: tuple(int(v) for v in line.split(",")))
    >>> person(Beans(3, 6), Beans(3, 6).initial_state()), out.getvalue().splitlines()[-1]
    ((2, 6), 'Your move, A: the piles (2,6 or 3,5): ')
    """
    return prompt_player(stdin, out, lambda rules, state: f"Your move, {name}: {what} ({hint(rules, state)}): ", read)


def move_text(move: Any) -> str:
    """A move as the user types it: ``x,y``."""
    return f"{move[0]},{move[1]}"
