"""The terminal: play the games and print tables of positions.

    coursekit play beans 3 6 --seed 1
    coursekit play king --width 5 --height 5 --seed 1 [--start x,y] [--blocked PCT] [--human 1]
    coursekit table beans --size 8
    coursekit table king --width 9 --height 7 [--blocked PCT --seed S]

A bad argument gets one line saying what is wrong and exit status 2.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from . import __version__
from .core import Coord, GameStopped, Grid, Player, play, random_strategy
from .games import Beans, OneWayKing
from .games import beans as beans_game
from .games import pieces as pieces_game
from .solvers import ImpartialSolver, perfect_strategy
from .views.text import position_table

MAX_SIDE = 200  # largest grid side the terminal accepts (a table must fit on a screen or in a file)


class UsageError(Exception):
    """A bad argument: reported as one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _whole(low: int, high: int | None = None) -> Callable[[str], int]:
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


def _percent(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a percentage, got {text!r}") from None
    if not 0 <= value < 100:
        raise argparse.ArgumentTypeError(f"expected a percentage from 0 up to (not including) 100, got {text}")
    return value


def _cell(text: str) -> Coord:
    try:
        return Coord.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``play`` and ``table``, each for ``beans`` and ``king``."""
    parser = _Parser(prog="coursekit", description="From mathematical to computer games: play and analyse.")
    parser.add_argument("--version", action="version", version=f"coursekit {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    play_cmd = commands.add_parser("play", help="play a game in the terminal")
    play_games = play_cmd.add_subparsers(dest="game", required=True, parser_class=_Parser)
    beans = play_games.add_parser("beans", help="white and black beans (the article's Table 2)")
    beans.add_argument("white", type=_whole(0), help="white beans, M")
    beans.add_argument("black", type=_whole(0), help="black beans, N")
    king = play_games.add_parser("king", help="the one-way king (the article's Table 3)")
    _grid_arguments(king)
    king.add_argument("--start", type=_cell, help="the king's first cell as x,y (default: top right)")
    for sub in (beans, king):
        sub.add_argument("--seed", type=_whole(0), help="seed of the random choices (same seed, same game)")
        sub.add_argument("--human", type=int, choices=(1, 2), help="let a person play first (1) or second (2)")
        sub.add_argument("--computer", choices=("article", "perfect", "random"), default=None,
                         help="how the computer players choose: the article's players (default), "
                              "perfect play or random moves")

    table_cmd = commands.add_parser("table", help="print which positions are won (N) or lost (P)")
    table_games = table_cmd.add_subparsers(dest="game", required=True, parser_class=_Parser)
    beans_table = table_games.add_parser("beans", help="beans positions (M across, N up)")
    beans_table.add_argument("--size", type=_whole(1, MAX_SIDE), default=8, help="piles from 0 to size - 1")
    king_table = table_games.add_parser("king", help="one-way king positions")
    _grid_arguments(king_table)
    king_table.add_argument("--seed", type=_whole(0), default=0, help="seed of the blocked cells")
    return parser


def _grid_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--width", type=_whole(1, MAX_SIDE), default=5, help="columns (default 5)")
    parser.add_argument("--height", type=_whole(1, MAX_SIDE), default=5, help="rows (default 5)")
    parser.add_argument("--blocked", type=_percent, default=0.0, help="percentage of random blocked cells")


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    out = stdout or sys.stdout
    err = sys.stderr
    try:
        args = build_parser().parse_args(argv)
        if args.command == "play":
            seed = random.SystemRandom().randrange(1_000_000) if args.seed is None else args.seed
            text = _play(args, random.Random(seed), stdin or sys.stdin, out)
            if args.seed is None:
                print(f"seed: {seed} (play this game again with --seed {seed})", file=err)
        else:
            text = _table(args)
    except UsageError as error:
        print(f"coursekit: error: {error}", file=err)
        return 2
    except KeyboardInterrupt:
        print("", file=err)
        return 130
    print(text, file=out)
    return 0


def _king_rules(args: argparse.Namespace, rng: random.Random) -> OneWayKing:
    grid = Grid(args.width, args.height)
    start = getattr(args, "start", None) or Coord(args.width - 1, args.height - 1)
    if start not in grid:
        raise UsageError(f"--start {start.x},{start.y} is outside the {args.width} x {args.height} grid")
    if args.blocked:
        grid = grid.with_random_blocked(args.blocked, rng, keep=[start, Coord(0, 0)])
    try:
        rules = OneWayKing(grid, start)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if not rules.legal_moves(rules.initial_state()):
        raise UsageError(f"the king has no move from {start}: choose another --start")
    return rules


def _play(args: argparse.Namespace, rng: random.Random, stdin: TextIO, out: TextIO) -> str:
    rules: Any
    article: list[Callable[[Any, Any], Any]]
    if args.game == "beans":
        if args.white + args.black == 0:
            raise UsageError("the game needs at least one bean: M + N > 0")
        rules = Beans(args.white, args.black)
        names = ["A", "B"]
        article = [beans_game.article_strategy(rng), beans_game.random_strategy(rng)]
    else:
        rules = _king_rules(args, rng)
        names = ["P0", "P1"]
        article = [pieces_game.article_strategy(rng), pieces_game.random_strategy(rng)]
    strategies = _computer(args.computer, rng) if args.computer else article
    if args.human:
        strategies[args.human - 1] = human_strategy(stdin, out, names[args.human - 1])
    players = [Player(name, strategy) for name, strategy in zip(names, strategies, strict=True)]
    return str(play(rules, players))


def _computer(kind: str, rng: random.Random) -> list[Callable[[Any, Any], Any]]:
    if kind == "perfect":
        return [perfect_strategy(rng), perfect_strategy(rng)]
    return [random_strategy(rng), random_strategy(rng)]


def human_strategy(stdin: TextIO, out: TextIO, name: str = "you") -> Callable[[Any, Any], Any]:
    """A person at the prompt: shows the position, reads a move, explains a bad one and asks again.

    The end of input stops the game (:class:`GameStopped`).
    """

    def choose(rules: Any, state: Any) -> Any:
        print(f"\n{state}", file=out)
        moves = " or ".join(_move_text(m) for m in rules.legal_moves(state))
        what = "the piles after your move" if isinstance(rules, Beans) else "the king's next cell"
        while True:
            print(f"Your move, {name}: {what} as x,y ({moves}): ", end="", file=out, flush=True)
            line = stdin.readline()
            if not line:
                print("", file=out)
                raise GameStopped("end of input")
            try:
                move: Any = Coord.parse(line)
            except ValueError as error:
                print(f"  {error}", file=out)
                continue
            if isinstance(rules, Beans):
                move = (move.x, move.y)
            reason = rules.why_illegal(state, move)
            if reason is None:
                return move
            print(f"  not allowed: {reason}", file=out)

    return choose


def _move_text(move: Any) -> str:
    return f"{move[0]},{move[1]}"


def _table(args: argparse.Namespace) -> str:
    if args.game == "beans":
        solver = ImpartialSolver(Beans(1, 1))
        return position_table(Grid(args.size, args.size), lambda c: solver.outcome((c.x, c.y)))
    grid = Grid(args.width, args.height)
    if args.blocked:
        grid = grid.with_random_blocked(args.blocked, random.Random(args.seed), keep=[Coord(0, 0)])
    king_solver = ImpartialSolver(OneWayKing(grid, Coord(0, 0)))
    return position_table(grid, king_solver.outcome)


if __name__ == "__main__":
    raise SystemExit(main())
