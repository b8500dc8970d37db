"""The terminal's one-way piece commands: ``play king`` and ``table king``."""

from __future__ import annotations

import argparse
import random
from typing import Any

from ..core import Coord, Grid, Player, play
from ..games import OneWayKing
from ..games import pieces as pieces_game
from ..solvers import ImpartialSolver
from ..views.text import position_table
from ._args import Context, Groups, UsageError, cell, grid_arguments, human_strategy, seed_argument, whole
from .computer import computer_strategies


def register(groups: Groups) -> None:
    """Add ``play king`` and ``table king``."""
    king = groups.play.add_parser("king", help="the one-way king (the article's Table 3)")
    grid_arguments(king)
    king.add_argument("--start", type=cell, help="the king's first cell as x,y (default: top right)")
    seed_argument(king)
    king.add_argument("--human", type=int, choices=(1, 2), help="let a person play first (1) or second (2)")
    king.add_argument("--computer", choices=("article", "perfect", "random"), default=None,
                      help="how the computer players choose: the article's players (default), "
                           "perfect play or random moves")
    king.set_defaults(run=play_king)

    table = groups.table.add_parser("king", help="one-way king positions")
    grid_arguments(table)
    table.add_argument("--seed", type=whole(0), default=0, help="seed of the blocked cells")
    table.set_defaults(run=king_table)


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


def play_king(args: argparse.Namespace, context: Context) -> str:
    """Play one game with the one-way king and return its transcript (the article's Table 3)."""
    rng = context.rng
    rules = _king_rules(args, rng)
    strategies: list[Any] = (computer_strategies(args.computer, rng, 2) if args.computer
                             else [pieces_game.article_strategy(rng), pieces_game.random_strategy(rng)])
    names = ["P0", "P1"]
    if args.human:
        strategies[args.human - 1] = human_strategy(context.stdin, context.out, names[args.human - 1],
                                                    "the king's next cell")
    players = [Player(name, strategy) for name, strategy in zip(names, strategies, strict=True)]
    return str(play(rules, players))


def king_table(args: argparse.Namespace, context: Context) -> str:
    """P/N of every cell for the one-way king."""
    grid = Grid(args.width, args.height)
    if args.blocked:
        grid = grid.with_random_blocked(args.blocked, random.Random(args.seed), keep=[Coord(0, 0)])
    solver = ImpartialSolver(OneWayKing(grid, Coord(0, 0)))
    return position_table(grid, solver.outcome)
