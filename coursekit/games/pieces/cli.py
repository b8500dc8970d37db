"""The terminal's one-way piece commands: ``play`` and ``table`` for the king, queen, rook and knight.

```text
coursekit play queen --width 8 --height 6 --seed 1 [--start x,y] [--blocked PCT] [--players 3]
                     [--human 1] [--computer perfect|article|random|propp|spoiler]
coursekit table knight --width 12 --height 9 [--players 3 | --grundy] [--blocked PCT --seed S]
```
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from ...cli._args import Context, Groups, UsageError, cell, grid_arguments, human_strategy, seed_argument, whole
from ...core import Coord, Grid, Player, play
from ...solvers import grundy_table, outcome_table, propp_table
from . import ENTRIES
from .players import COMPUTERS, THREE_PLAYER_OPPONENT
from .rules import PIECES, OneWayPiece

#: What each piece's game is, in ``coursekit play --help``: "the one-way queen (Wythoff's game)".
KNOWN_AS = {"king": "the article's Table 3", "queen": "Wythoff's game", "rook": "two-pile Nim",
            "knight": "it ends in the corner (0..1, 0..1)"}


def register(groups: Groups) -> None:
    """Add ``play <piece>`` and ``table <piece>`` for every one-way piece."""
    for name in PIECES:
        game = groups.play.add_parser(name, help=f"the one-way {name} ({KNOWN_AS[name]})")
        grid_arguments(game)
        game.add_argument("--start", type=cell, help=f"the {name}'s first cell as x,y (default: top right)")
        seed_argument(game)
        game.add_argument("--players", type=int, choices=(2, 3), default=2,
                          help="how many players move the piece in turn (default 2)")
        game.add_argument("--human", type=int, choices=(1, 2, 3),
                          help="let a person play first (1), second (2) or third (3)")
        game.add_argument("--computer", choices=tuple(COMPUTERS), default=None,
                          help="who plays the computer's seats: perfect play (with three players: win alone "
                               "whenever possible), the article's player P0, random moves, or Propp's three-player "
                               "strategies propp and spoiler (default: the article's players, P0 the known rule "
                               "and the others at random; facing a person, perfect with two players and spoiler "
                               "with three)")
        game.set_defaults(run=play_piece, piece=name)

        table = groups.table.add_parser(name, help=f"{name} positions: P/N, three-player classes or Grundy values")
        grid_arguments(table)
        table.add_argument("--seed", type=whole(0), default=0, help="seed of the blocked cells")
        table.add_argument("--players", type=int, choices=(2, 3), default=2,
                           help="3: Propp's classes N, O (the player after the mover), P, Q (no one) wins alone")
        table.add_argument("--grundy", action="store_true", help="print Grundy values instead of P/N")
        table.set_defaults(run=piece_table, piece=name)


def piece_rules(args: argparse.Namespace, rng: random.Random) -> OneWayPiece:
    """The rules from ``--width``, ``--height``, ``--start``, ``--blocked`` and ``--players``."""
    name = args.piece
    grid = Grid(args.width, args.height)
    start = getattr(args, "start", None) or Coord(args.width - 1, args.height - 1)
    if start not in grid:
        raise UsageError(f"--start {start.x},{start.y} is outside the {args.width} x {args.height} grid")
    if args.blocked:
        grid = grid.with_random_blocked(args.blocked, rng, keep=[start, Coord(0, 0)])
    try:
        rules = PIECES[name](grid, start, getattr(args, "players", 2))
    except ValueError as error:
        raise UsageError(str(error)) from None
    if not rules.legal_moves(rules.initial_state()):
        raise UsageError(f"the {name} has no move from {start}: choose another --start")
    return rules


def computer_players(kind: str | None, rng: random.Random, players: int, human: bool = False) -> list[Any]:
    """The computer's strategies, one a seat: ``kind`` (one of
    :data:`~coursekit.games.pieces.players.COMPUTERS`) at every seat, or by default the
    article's players (the entry's ``transcript``: P0 plays the known rule,
    :func:`coursekit.games.pieces.article_strategy`, the others move at random); facing a
    person, the entry's ``opponent`` with two players and ``THREE_PLAYER_OPPONENT`` with three.
    """
    entry = ENTRIES[0]
    if kind is None and human:
        kind = entry.opponent if players == 2 else THREE_PLAYER_OPPONENT
    if kind is not None:
        return [COMPUTERS[kind](rng) for _ in range(players)]
    return [COMPUTERS[name](rng) for name in entry.transcript[:players]]


def play_piece(args: argparse.Namespace, context: Context) -> str:
    """Play one game with a one-way piece and return its transcript (the article's Table 3)."""
    if args.human and args.human > args.players:
        raise UsageError(f"argument --human: invalid choice: {args.human} (with {args.players} players "
                         f"choose {' or '.join(str(i) for i in range(1, args.players + 1))})")
    rng = context.rng
    rules = piece_rules(args, rng)
    strategies = computer_players(args.computer, rng, args.players, human=bool(args.human))
    names = [f"P{i}" for i in range(args.players)]
    if args.human:
        strategies[args.human - 1] = human_strategy(context.stdin, context.out, names[args.human - 1],
                                                    f"the {args.piece}'s next cell")
    players = [Player(name, strategy) for name, strategy in zip(names, strategies, strict=True)]
    return str(play(rules, players))


def piece_table(args: argparse.Namespace, context: Context) -> str:
    """One entry per cell, top row first: P/N, Propp's classes (``--players 3``) or Grundy values."""
    if args.grundy and args.players == 3:
        raise UsageError("--grundy describes two-player play: leave out --players 3 (or --grundy)")
    grid = Grid(args.width, args.height)
    if args.blocked:
        grid = grid.with_random_blocked(args.blocked, random.Random(args.seed), keep=[Coord(0, 0)])
    if args.grundy:
        return grundy_table(args.piece, grid).picture()
    if args.players == 3:
        return propp_table(args.piece, grid).picture()
    return outcome_table(args.piece, grid).picture()
