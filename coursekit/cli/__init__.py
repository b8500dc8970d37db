"""The terminal: play the games, print tables of positions, find paths, solve pursuit.

    coursekit play beans 3 6 --seed 1
    coursekit play king --width 5 --height 5 --seed 1 [--start x,y] [--blocked PCT] [--human 1]
    coursekit table beans --size 8
    coursekit table king --width 9 --height 7 [--blocked PCT --seed S]
    coursekit play tictactoe [--computer source|perfect|random] [--human N]
    coursekit solve tictactoe --position .XO/.X./...
    coursekit count tictactoe

Every area of the course adds its commands from its own module (``beans``, ``pieces``,
``paths``, ``pursuit``, ``tictactoe``). A bad argument gets one line saying what is wrong and exit status 2.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import pkgutil
import random
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TextIO

from .. import __version__
from ..games import faces
from ._args import MAX_SIDE, Context, Groups, Parser, UsageError, human_strategy

__all__ = ["MAX_SIDE", "Context", "UsageError", "build_parser", "human_strategy", "main"]



def _areas() -> tuple[ModuleType, ...]:
    """The terminal's own modules with commands (``register``), then every game's ``cli`` module."""
    found = [importlib.import_module(f"{__name__}.{info.name}") for info in pkgutil.iter_modules(__path__)
             if not info.name.startswith("_")]
    own = tuple(module for module in found if hasattr(module, "register"))
    return own + faces("cli")


#: The areas of the terminal: its own modules with a ``register(groups)`` (grading), then the
#: ``cli`` module of every game's folder (found through :data:`coursekit.games.GAMES`).
AREAS = _areas()


def build_parser() -> Parser:
    """The command line, with every area's commands."""
    parser = Parser(prog="coursekit", description="From mathematical to computer games: play and analyse.")
    parser.add_argument("--version", action="version", version=f"coursekit {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    play = commands.add_parser("play", help="play a game in the terminal")
    table = commands.add_parser("table", help="print which positions are won or lost")
    solve = commands.add_parser("solve", help="solve a game exactly and print what optimal play achieves")
    count = commands.add_parser("count", help="count the positions and games of a game")
    groups = Groups(
        commands=commands,
        play=play.add_subparsers(dest="game", required=True, parser_class=Parser),
        table=table.add_subparsers(dest="game", required=True, parser_class=Parser),
        solve=solve.add_subparsers(dest="game", required=True, parser_class=Parser),
        count=count.add_subparsers(dest="game", required=True, parser_class=Parser),
    )
    for area in AREAS:
        area.register(groups)
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    out = stdout or sys.stdout
    err = sys.stderr
    try:
        args = build_parser().parse_args(argv)
        drawn = getattr(args, "seed", 0) is None
        seed = random.SystemRandom().randrange(1_000_000) if drawn else getattr(args, "seed", 0)
        if drawn:
            args.seed = seed
        text = args.run(args, Context(random.Random(seed), stdin or sys.stdin, out))
        if drawn:
            print(f"seed: {seed} (run this again with --seed {seed})", file=err)
    except UsageError as error:
        print(f"coursekit: error: {error}", file=err)
        return 2
    except KeyboardInterrupt:
        print("", file=err)
        return 130
    except BrokenPipeError:  # the reader went away (``coursekit ... | head``): stop quietly
        return _reader_gone()
    try:
        print(text, file=out)
    except BrokenPipeError:
        return _reader_gone()
    return int(getattr(text, "exit_status", 0))


def _reader_gone() -> int:
    """Point standard output at nothing, so that Python's last flush finds no broken pipe."""
    with contextlib.suppress(OSError, ValueError):  # not a real file (a test's StringIO)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 141
