"""The terminal's corners commands: ``play`` and ``solve``.

    coursekit play corners [--pieces 12|10|9] [--computer source|fixed|alphabeta|random] [--human N] [--seed S]
    coursekit solve corners [--pieces 12|10|9] --algorithm source|fixed
    coursekit solve corners --solo [--pieces 12|10|9] [--beam W]

A move is typed as its path ``x,y-x,y[-x,y...]``: the start cell and every landing cell of a
jump chain (cells counted from 0, ``(0, 0)`` at the bottom left); ``pass`` when a side has no
move. White (seat 1) moves first.

``--computer source`` is E's program as printed: the first time it chooses a jump chain it
records the move from the chain's last intermediate cell, where there is no piece, and the
game stops there (exit status 1), as E's program stalls. ``fixed`` is E's player with that
mended (the default); ``alphabeta`` searches both sides.

``solve corners --solo`` is the solo puzzle: White alone (Black's pieces removed, so jumps go
over White's own pieces; Black passes) fills Black's home in as few moves as the beam search
finds; it prints ``moves: N``, the moves one per line, and ``lower bound: N``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO

from ...cli._args import Context, Groups, Outcome, UsageError, ask_move, checked, player_arguments, seat_players, whole
from ...core import IllegalMoveError, play
from . import ENTRIES
from .players import COMPUTERS
from .rules import SIDES, Corners, CornersState, Path, parse_path, path_text, solo, solo_problem
from .source import source_choice


def rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--pieces``, ``--move-limit`` and ``--leave-home-by``."""
    parser.add_argument("--pieces", type=int, choices=(12, 10, 9), default=12,
                        help="pieces a side: 12 (3 x 4, as in E), 10 (rows 4+3+2+1) or 9 (3 x 3)")
    parser.add_argument("--move-limit", type=whole(1, 1000), default=100,
                        help="moves a side before the count of pieces in the target decides (default 100)")
    parser.add_argument("--leave-home-by", type=whole(1, 1000), default=None,
                        help="anti-stalling: a side with a piece in its home corner after its move N loses")


def register(groups: Groups) -> None:
    """Add ``play corners`` and ``solve corners``."""
    player = groups.play.add_parser("corners", help="corners (ugolki): race your pieces into the opposite corner")
    rules_arguments(player)
    player_arguments(player, ENTRIES[0], {"fixed": "E's 3-move look-ahead, mended",
                                          "source": "E's program as printed: it stalls on its first jump chain",
                                          "alphabeta": "", "random": ""}, SIDES)
    player.set_defaults(run=play_corners)

    solver = groups.solve.add_parser("corners", help="E's decision from the start: its move and the positions searched")
    rules_arguments(solver)
    solver.add_argument("--algorithm", choices=("source", "fixed"), default="fixed",
                        help="source: E's program as printed; fixed: with the chain recorded from its start")
    solver.add_argument("--solo", action="store_true",
                        help="the solo puzzle: White alone, the fewest moves that fill its target")
    solver.add_argument("--beam", type=whole(1, 100000), default=None,
                        help="the solo search's beam width (the positions each of its two rankings keeps "
                             "per move; default 100)")
    solver.set_defaults(run=solve_corners)


def _rules(args: argparse.Namespace) -> Corners:
    return checked(Corners, args.pieces, args.move_limit, args.leave_home_by)


def human_player(stdin: TextIO, out: TextIO, side: str) -> Callable[[Corners, CornersState], Path | str]:
    """A person at the prompt: the board, then a path typed ``x,y-x,y[-x,y...]`` (explained when wrong)."""
    return ask_move(stdin, out, side, "a path x,y-x,y[-x,y...]", lambda rules, state: "every landing cell of a chain",
                    lambda rules, state, line: parse_path(line))


def play_corners(args: argparse.Namespace, context: Context) -> str:
    """Play one game: the board after each move, then the result."""
    rules = _rules(args)
    players = seat_players(args, ENTRIES[0], 2, lambda seat: human_player(context.stdin, context.out, SIDES[seat]),
                           lambda kind: COMPUTERS[kind](context.rng))
    try:
        return str(play(rules, players))
    except IllegalMoveError as error:
        return Outcome(f"the game stops: {error}\n(E's program as printed records a jump chain from its last "
                       "intermediate cell, so it finds no piece there and stalls)", 1)


def solve_corners(args: argparse.Namespace, context: Context) -> str:
    """E's decision from the start position: ``move:``, ``value:`` and ``nodes:``."""
    rules = _rules(args)
    if args.solo:
        return solve_solo(rules, args.beam)
    if args.beam is not None:
        raise UsageError("--beam is the solo search's width: use it with --solo")
    choice = source_choice(rules, rules.initial_state(), fixed=args.algorithm == "fixed")
    return "\n".join([
        f"algorithm: {args.algorithm} (E: three of White's own moves ahead, Black ignored)",
        f"move: {path_text(choice.move)}",
        f"value: {choice.value}",
        f"nodes: {choice.nodes}",
    ])


def solve_solo(rules: Corners, beam: int | None) -> str:
    """The solo puzzle's best solution found, checked move by move by the rules, and the lower bound."""
    solution = solo(rules.pieces) if beam is None else solo(rules.pieces, beam)
    problem = solo_problem(rules, solution.moves)
    if problem is not None:  # the search's own moves must pass the rules
        return Outcome(f"the solo search's solution is wrong: {problem}", 1)
    return str(solution)


__all__ = ["play_corners", "register", "solve_corners", "solve_solo"]
