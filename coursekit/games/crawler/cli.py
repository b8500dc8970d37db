"""The terminal's crawler commands: ``play`` and ``solve``.

    coursekit play crawler [--width 6 --height 5] [--computer source|perfect|random] [--human N] [--seed S]
    coursekit solve crawler --width W --height H [--opening x1,y1-x2,y2]

A segment is typed ``x1,y1-x2,y2`` (points counted from 0, ``(0, 0)`` at the bottom left):
from an end of the line to the new point, or the other way round. ``--opening`` may give
several segments, separated by spaces, played in turn from the empty lattice.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, TextIO

from ...cli._args import Context, Groups, UsageError, ask_move, checked, player_arguments, seat_players, whole
from ...core import play
from ...core.grid import Coord
from . import ENTRIES
from .players import COMPUTERS, PERFECT_MAX_POINTS, SOURCE_MAX_POINTS
from .rules import Crawler, CrawlerState, OutOfTime, Segment, search, segment_text, winning_moves

#: The largest lattice (in points) the exact solver is offered for: 7 x 6 takes a few seconds.
MAX_SOLVED_POINTS = 42
#: How long ``solve`` searches before it gives up.
SOLVE_SECONDS = 60.0
#: The seats as the terminal names them: who draws the first segment, and who answers.
SEATS = ("first", "second")


def parse_segment(text: str) -> tuple[Coord, Coord]:
    """A segment typed ``x1,y1-x2,y2``.

    >>> parse_segment(" 2,2 - 3,2 ")
    (Coord(x=2, y=2), Coord(x=3, y=2))
    >>> parse_segment("2,2")
    Traceback (most recent call last):
    ...
    ValueError: expected a segment as x1,y1-x2,y2, got '2,2'
    """
    parts = text.strip().split("-")
    if len(parts) != 2:
        raise ValueError(f"expected a segment as x1,y1-x2,y2, got {text.strip()!r}")
    try:
        return Coord.parse(parts[0]), Coord.parse(parts[1])
    except ValueError:
        raise ValueError(f"expected a segment as x1,y1-x2,y2 with whole numbers, got {text.strip()!r}") from None


def board_arguments(parser: argparse.ArgumentParser) -> None:
    """``--width`` and ``--height`` of the lattice (in points)."""
    side = Crawler.MAX_SIDE
    parser.add_argument("--width", type=whole(2, side), default=6, help="points across (default 6, as in C)")
    parser.add_argument("--height", type=whole(2, side), default=5, help="points up (default 5, as in C)")


def register(groups: Groups) -> None:
    """Add ``play crawler`` and ``solve crawler``."""
    player = groups.play.add_parser("crawler", help="the crawler: build one line; who closes it wins")
    board_arguments(player)
    player_arguments(player, ENTRIES[0],
                     {"source": "C's van Emden method", "perfect": "the exact solver", "random": ""},
                     ("draws the first segment", "answers"))
    player.set_defaults(run=play_crawler)

    solver = groups.solve.add_parser("crawler", help="who wins the crawler with perfect play, and the winning moves")
    board_arguments(solver)
    solver.add_argument("--opening", default=None,
                        help="segments already drawn, x1,y1-x2,y2, separated by spaces (default: none)")
    solver.set_defaults(run=solve_crawler)


def _rules(args: argparse.Namespace) -> Crawler:
    return checked(Crawler, args.width, args.height)


def _points(rules: Crawler) -> int:
    return rules.width * rules.height


def computer_player(kind: str, rules: Crawler, context: Context) -> Any:
    """The strategy the terminal calls ``kind`` (refused, and why, on a lattice too large for it)."""
    if kind == "source" and _points(rules) > SOURCE_MAX_POINTS:
        raise UsageError(f"C's computer searches without a table: at most {SOURCE_MAX_POINTS} points "
                         f"(C plays on 6 x 5), this lattice has {_points(rules)}; use --computer random")
    if kind == "perfect" and _points(rules) > PERFECT_MAX_POINTS:
        raise UsageError(f"the perfect player solves every position it meets: at most {PERFECT_MAX_POINTS} points, "
                         f"this lattice has {_points(rules)}")
    return COMPUTERS[kind](context.rng)


def human_player(stdin: TextIO, out: TextIO, seat: str) -> Callable[[Crawler, CrawlerState], Segment]:
    """A person at the prompt: the lattice, then a segment typed ``x1,y1-x2,y2`` (explained when wrong)."""

    def moves(rules: Crawler, state: CrawlerState) -> str:
        return "any segment" if not state.line else " or ".join(segment_text(m) for m in rules.legal_moves(state))

    return ask_move(stdin, out, seat, "a segment as x1,y1-x2,y2", moves,
                    lambda rules, state, line: rules.segment(state, *parse_segment(line)))


def play_crawler(args: argparse.Namespace, context: Context) -> str:
    """Play one game: the lattice and the line after each move, then the result."""
    rules = _rules(args)
    players = seat_players(args, ENTRIES[0], 2, lambda seat: human_player(context.stdin, context.out, SEATS[seat]),
                           lambda kind: computer_player(kind, rules, context))
    return str(play(rules, players))


def _opening(rules: Crawler, text: str | None) -> CrawlerState:
    state = rules.initial_state()
    if text is None:
        return state
    for part in text.split():
        try:
            move = rules.segment(state, *parse_segment(part))
        except ValueError as error:
            raise UsageError(f"argument --opening: {error}") from None
        reason = rules.why_illegal(state, move)
        if reason is not None:
            raise UsageError(f"argument --opening: {part}: {reason}")
        state = rules.next_state(state, move)
    return state


def solve_crawler(args: argparse.Namespace, context: Context) -> str:
    """``winner:``, ``winning moves:``, ``nodes:`` and ``positions:`` of the empty lattice or an opening."""
    rules = _rules(args)
    if _points(rules) > MAX_SOLVED_POINTS:
        raise UsageError(f"the solver finishes quickly only on lattices of at most {MAX_SOLVED_POINTS} points "
                         f"(7 x 6); {rules.width} x {rules.height} has {_points(rules)}")
    state = _opening(rules, args.opening)
    mover = rules.to_move(state)
    if rules.is_over(state):  # a finished game is a question too: who won, and no move
        winner = rules.winner(state)
        return "\n".join([f"lattice: {rules.width} x {rules.height}", str(state), "game over: the line is closed",
                          f"to move: {SEATS[mover]}", f"winner: {SEATS[winner if winner is not None else 1 - mover]}",
                          "winning moves: none (the game is over)"])
    try:
        solution = search(rules, state, seconds=SOLVE_SECONDS)
    except OutOfTime:
        raise UsageError(f"the solver did not finish within {SOLVE_SECONDS:g} s") from None
    winner = mover if solution.value > 0 else 1 - mover
    moves = winning_moves(rules, state, solution)
    return "\n".join([
        f"lattice: {rules.width} x {rules.height}",
        str(state),
        f"to move: {SEATS[mover]}",
        f"winner: {SEATS[winner]}",
        f"winning moves: {' '.join(segment_text(m) for m in moves) or 'none'}",
        f"nodes: {solution.nodes}",
        f"positions: {solution.positions}",
    ])


__all__ = ["parse_segment", "play_crawler", "register", "solve_crawler"]
