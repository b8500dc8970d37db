"""The terminal's beans commands: ``play beans M N`` and ``table beans --size S``."""

from __future__ import annotations

import argparse
from typing import Any

from ...cli._args import MAX_SIDE, Context, Groups, UsageError, human_strategy, seed_argument, whole
from ...core import Grid, Player, play
from ...render.text import position_table
from ...solvers import ImpartialSolver
from . import ENTRIES
from .players import COMPUTERS
from .rules import Beans


def register(groups: Groups) -> None:
    """Add ``play beans`` and ``table beans``."""
    beans = groups.play.add_parser("beans", help="white and black beans (the article's Table 2)")
    beans.add_argument("white", type=whole(0), help="white beans, M")
    beans.add_argument("black", type=whole(0), help="black beans, N")
    seed_argument(beans)
    beans.add_argument("--human", type=int, choices=(1, 2), help="let a person play first (1) or second (2)")
    beans.add_argument("--computer", choices=tuple(COMPUTERS), default=None,
                       help="who plays the computer's seats: perfect, the article's player A or random moves "
                            "(default: the article's pairing, A against random moves; perfect against a person)")
    beans.set_defaults(run=play_beans)

    table = groups.table.add_parser("beans", help="beans positions (M across, N up)")
    table.add_argument("--size", type=whole(1, MAX_SIDE), default=8, help="piles from 0 to size - 1")
    table.set_defaults(run=beans_table)


def play_beans(args: argparse.Namespace, context: Context) -> str:
    """Play one game of beans and return its transcript (the article's Table 2)."""
    if args.white + args.black == 0:
        raise UsageError("the game needs at least one bean: M + N > 0")
    rng = context.rng
    entry = ENTRIES[0]
    chosen = args.computer or (entry.opponent if args.human else None)
    strategies: list[Any] = ([COMPUTERS[chosen](rng) for _ in range(2)] if chosen
                             else [COMPUTERS[name](rng) for name in entry.transcript])
    names = ["A", "B"]
    if args.human:
        strategies[args.human - 1] = human_strategy(context.stdin, context.out, names[args.human - 1],
                                                    "the piles after your move")
    players = [Player(name, strategy) for name, strategy in zip(names, strategies, strict=True)]
    return str(play(Beans(args.white, args.black), players))


def beans_table(args: argparse.Namespace, context: Context) -> str:
    """P/N of every pile pair below ``--size``."""
    solver = ImpartialSolver(Beans(1, 1))
    return position_table(Grid(args.size, args.size), lambda c: solver.outcome((c.x, c.y)))
