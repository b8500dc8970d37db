"""The terminal's basket commands: ``play`` and ``solve``.

    coursekit play basket [--colours 3 --balls 3 --cap K] [--computer source|perfect|random]
        [--depth D] [--human N] [--seed S]
    coursekit solve basket --position R,B,G[,...] [--cap K]

A move is typed as a colour's letter and a number of balls: ``R2`` puts two red balls in
the basket (``r2``, ``R 2`` and ``red 2`` are read the same way). The letters are R (red),
B (blue), G (green), Y (yellow), O (orange), P (purple).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any, TextIO

from ...cli._args import Context, Groups, UsageError, ask_move, checked, player_arguments, seat_players, whole
from ...core import play
from . import ENTRIES
from .players import COMPUTERS, source_player
from .rules import COLOUR_NAMES, LETTERS, PLAYER_NAMES, Basket, BasketState, Put, grundy_value, nim_sum, winning_moves
from .source import DEPTH

MOVE_PATTERN = re.compile(r"^\s*([A-Za-z]+)\s*(\d+)\s*$")


def register(groups: Groups) -> None:
    """Add ``play basket`` and ``solve basket``."""
    player = groups.play.add_parser("basket", help="the basket (B): put balls of one colour; the last ball wins")
    player.add_argument("--colours", type=whole(1, len(COLOUR_NAMES)), default=3,
                        help=f"how many colours, 1 to {len(COLOUR_NAMES)} (default 3: red, blue, green)")
    player.add_argument("--balls", type=whole(1, Basket.MAX_BALLS), default=3, help="balls of each colour (default 3)")
    player.add_argument("--cap", type=whole(1), default=None, help="at most K balls a move (default: no cap)")
    player.add_argument("--depth", type=whole(1, 1000), default=DEPTH,
                        help=f"how many moves B's player looks ahead: its difficulty level (default {DEPTH})")
    player_arguments(player, ENTRIES[0], {"source": "B's table of win marks", "perfect": "the Nim sum", "random": ""},
                     ("moves first", "second"))
    player.set_defaults(run=play_basket)

    solver = groups.solve.add_parser("basket", help="whether the player to move wins the basket, and how")
    solver.add_argument("--position", default="3,3,3",
                        help="the balls left of each colour, red first, separated by commas (default 3,3,3)")
    solver.add_argument("--cap", type=whole(1), default=None, help="at most K balls a move (default: no cap)")
    solver.set_defaults(run=solve_basket)


def read_move(rules: Basket, text: str) -> Put:
    """A move typed as ``R2``, ``r 2`` or ``red 2``; a ``ValueError`` says what is wrong.

    >>> read_move(Basket(), "g3"), read_move(Basket(), "blue 1")
    (Put(colour=2, balls=3), Put(colour=1, balls=1))
    """
    found = MOVE_PATTERN.match(text)
    if found is None:
        raise ValueError("write a colour's letter and a number of balls, like R2 (two red balls), "
                         f"not {text.strip()!r}")
    word, balls = found.group(1).lower(), int(found.group(2))
    letters = LETTERS[:rules.colours].lower()
    names = COLOUR_NAMES[:rules.colours]
    if len(word) == 1 and word in letters:
        return Put(letters.index(word), balls)
    if word in names:
        return Put(names.index(word), balls)
    known = ", ".join(f"{LETTERS[c]} ({COLOUR_NAMES[c]})" for c in range(rules.colours))
    raise ValueError(f"there is no colour {found.group(1)!r} here: the colours are {known}")


def moves_text(rules: Basket, state: BasketState) -> str:
    """The moves open, colour by colour: ``R1-R3, B1-B2``."""
    parts = []
    for colour, left in enumerate(state.left):
        most = left if rules.cap is None else min(left, rules.cap)
        if most:
            letter = LETTERS[colour]
            parts.append(f"{letter}1" if most == 1 else f"{letter}1-{letter}{most}")
    return ", ".join(parts)


def human_player(stdin: TextIO, out: TextIO, seat: int) -> Callable[[Basket, BasketState], Put]:
    """A person at the prompt: sees the basket, types a move, is told what is wrong and asked again.

    The end of input stops the game.
    """
    return ask_move(stdin, out, PLAYER_NAMES[seat], "a colour's letter and a number of balls", moves_text,
                    lambda rules, state, line: read_move(rules, line))


def computer_player(kind: str, depth: int, context: Context) -> Any:
    """The strategy the terminal calls ``kind``; B's player builds its table by the fast method (the same table)."""
    if kind == "source":
        return source_player(context.rng, depth)
    return COMPUTERS[kind](context.rng)


def play_basket(args: argparse.Namespace, context: Context) -> str:
    """Play one game: the basket after each move, then the winner."""
    rules = checked(Basket, args.colours, args.balls, args.cap)
    players = seat_players(args, ENTRIES[0], 2, lambda seat: human_player(context.stdin, context.out, seat),
                           lambda kind: computer_player(kind, args.depth, context),
                           lambda kind: f"B, depth {args.depth}" if kind == "source" else kind)
    return str(play(rules, players))


def parse_position(text: str) -> tuple[int, ...]:
    """``"3,2,0"`` as balls left per colour; a ``UsageError`` says what is wrong.

    >>> parse_position("3, 2,0")
    (3, 2, 0)
    """
    parts = [p.strip() for p in text.split(",")]
    if not 1 <= len(parts) <= len(COLOUR_NAMES):
        raise UsageError(f"argument --position: give the balls left of 1 to {len(COLOUR_NAMES)} colours, red first, "
                         f"separated by commas, like 3,3,3; got {len(parts)} numbers")
    left = []
    for colour, part in enumerate(parts):
        if not part.isdigit():
            raise UsageError(f"argument --position: {COLOUR_NAMES[colour]} has a whole number of balls left "
                             f"(0 or more), not {part!r}")
        left.append(int(part))
    if max(left) > Basket.MAX_BALLS:
        raise UsageError(f"argument --position: a colour has at most {Basket.MAX_BALLS} balls, got {max(left)}")
    return tuple(left)


def solve_basket(args: argparse.Namespace, context: Context) -> str:
    """The basket, the colours' Grundy values, their Nim sum, ``value:`` and ``best moves:``."""
    left = parse_position(args.position)
    rules = Basket.for_position(left, args.cap)
    state = rules.position(left)
    values = ", ".join(f"{LETTERS[c]} {grundy_value(n, rules.cap)}" for c, n in enumerate(left))
    best = winning_moves(rules, state)
    total = nim_sum(rules, state)
    return "\n".join([
        str(state),
        f"grundy values: {values}" + ("" if rules.cap is None else f" (balls mod {rules.cap + 1})"),
        f"nim sum: {total}",
        f"value: {'win' if total else 'loss'}",
        "best moves: " + (" ".join(str(m) for m in best) if best else
                          "none (the game is over: every ball is in the basket)" if rules.is_over(state) else
                          "none (every move loses against best play)"),
    ])


__all__ = ["parse_position", "play_basket", "read_move", "register", "solve_basket"]
