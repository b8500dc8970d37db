"""The terminal's minesweeper commands: ``play`` and ``solve``.

    coursekit play minesweeper [--level beginner|intermediate|expert | --width W --height H --mines M]
        [--computer knowledge|probability|random] [--human 1] [--seed S] [--risky-start] [--coordinates]
    coursekit play minesweeper --players 2 [--level ... | --width W --height H --mines M]
        [--computer safest|lookahead|random [--computer ...]] [--human 1|2] [--seed S] [--risky-start]
    coursekit solve minesweeper BOARD [--mines M]

A person types ``x,y`` to reveal a cell and ``f x,y`` to put a flag on it or take it off.
With ``--players 2`` (G3.3) the players reveal in turn, no flags; ``--computer`` is given once
(every computer seat) or twice (seats 1 and 2), the default being the lookahead player.
BOARD is a text file (``-``: standard input) with the board top row first, one character a
cell: ``#`` hidden, ``F`` flagged, ``0``-``8`` revealed.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from ...cli._args import Context, Groups, Outcome, UsageError, prompt_player, seed_argument, whole
from ...core import Coord, Player, play
from . import ENTRIES
from .duel import Minesweeper2, Minesweeper2Board
from .players import COMPUTERS, DUEL_COMPUTERS
from .rules import (
    LEVELS,
    Flag,
    Minesweeper,
    MinesweeperBoard,
    NoPlacementError,
    best_cell,
    board_from_text,
    certainties,
    probabilities,
)

#: The entries of the one-player and the two-player game (their computers and defaults).
ONE, TWO = ENTRIES
#: How the transcript names each computer.
NAMES = {"probability": "the probability player", "knowledge": "the knowledge-base player",
         "random": "the random player", "safest": "the safest player", "lookahead": "the lookahead player"}
#: The exit status of ``solve`` when no placement of mines fits the board.
NO_PLACEMENT_STATUS = 1


def register(groups: Groups) -> None:
    """Add ``play minesweeper`` and ``solve minesweeper``."""
    player = groups.play.add_parser("minesweeper", help="minesweeper (A, G3.2): reveal every safe cell")
    player.add_argument("--level", choices=tuple(LEVELS), default=None,
                        help="a standard board: beginner 9 x 9 with 10 mines (the default), intermediate 16 x 16 "
                             "with 40, expert 30 x 16 with 99")
    player.add_argument("--width", type=whole(1, Minesweeper.MAX_SIDE), default=None, help="the board's width")
    player.add_argument("--height", type=whole(1, Minesweeper.MAX_SIDE), default=None, help="the board's height")
    player.add_argument("--mines", type=whole(0), default=None, help="how many mines")
    player.add_argument("--players", type=whole(1, 2), default=1,
                        help="1 (the default) or 2: the two-player game (G3.3), revealing in turn")
    player.add_argument("--computer", choices=tuple(dict.fromkeys(ONE.computers + TWO.computers)), action="append",
                        default=None,
                        help="the computer player: probability (exact chances, the default), knowledge (the "
                             "knowledge base and the subset rule) or random; with --players 2: lookahead (the "
                             "default), safest or random, given once for every computer seat or twice for "
                             "seats 1 and 2")
    player.add_argument("--human", type=whole(1, 2), default=None,
                        help="let a person play: seat 1, or with --players 2 seat 1 or 2")
    player.add_argument("--risky-start", action="store_true", help="the first reveal may hit a mine")
    player.add_argument("--coordinates", action="store_true",
                        help="A's variant: a revealed cell tells the coordinates of its neighbouring mines")
    seed_argument(player)
    player.set_defaults(run=play_minesweeper)

    solver = groups.solve.add_parser("minesweeper", help="which hidden cells are surely mines or safe, and the "
                                     "chance of a mine in each")
    solver.add_argument("board", help="a text file with the board, top row first, one character a cell: # hidden, "
                                      "F flagged, 0-8 revealed (- reads standard input)")
    solver.add_argument("--mines", type=whole(0), default=None,
                        help="the board's number of mines: then each hidden cell's chance of a mine and the best "
                             "cell to reveal")
    solver.set_defaults(run=solve_minesweeper)


def read_move(text: str) -> Coord | Flag:
    """``x,y`` reveals a cell, ``f x,y`` flags it; a ``ValueError`` says what is wrong.

    >>> read_move("3,4"), read_move("f 0, 2")
    (Coord(x=3, y=4), Flag(cell=Coord(x=0, y=2)))
    """
    words = text.strip()
    flag = words[:1].lower() == "f"
    try:
        cell = Coord.parse(words[1:] if flag else words)
    except ValueError:
        raise ValueError(f"type x,y to reveal a cell or f x,y to flag it, like 3,4 or f 3,4; not {words!r}") from None
    return Flag(cell) if flag else cell


def _person(stdin: TextIO, out: TextIO, prompt: str, read: Callable[[str], Any],
            why_not: Callable[[Any, Any, Any], str | None]) -> Callable[[Any, Any], Any]:
    """A person at the prompt (:func:`~coursekit.cli._args.prompt_player`): sees what the player
    sees, types a move (``read``), is told why it is refused (``why_not``) and asked again."""
    return prompt_player(stdin, out, lambda rules, seen: prompt, lambda rules, seen, line: read(line), why_not=why_not)


def human_player(stdin: TextIO, out: TextIO) -> Callable[[Minesweeper, MinesweeperBoard], Coord | Flag]:
    """A person at the prompt: sees the board, types a move, is told what is wrong and asked again.

    The end of input stops the game.
    """
    return _person(stdin, out, "Your move: x,y to reveal, f x,y to flag: ", read_move, _why_not)


def _why_not(rules: Minesweeper, board: MinesweeperBoard, move: Coord | Flag) -> str | None:
    """Why a typed move is refused, from the player's board alone (the state is not shown to players)."""
    if move in rules.legal_moves(board):
        return None
    cell = move.cell if isinstance(move, Flag) else move
    if cell not in board:
        return f"{cell} is outside the {board.width} x {board.height} board"
    if board.is_revealed(cell):
        return f"{cell} is already revealed"
    if cell in board.flags:
        return f"{cell} has a flag: take it off first (f {cell.x},{cell.y})"
    return f"no more flags: a game allows {board.width * board.height}"


def _rules(args: argparse.Namespace) -> Minesweeper:
    sized = [name for name in ("width", "height", "mines") if getattr(args, name) is not None]
    if args.level is not None and sized:
        raise UsageError(f"give --level or --{sized[0]}, not both")
    width, height, mines = LEVELS[args.level or "beginner"]
    if sized:
        width = args.width if args.width is not None else width
        height = args.height if args.height is not None else height
        mines = args.mines if args.mines is not None else max(1, width * height // 8)
    try:
        return Minesweeper(width, height, mines, first_safe=not args.risky_start, coordinates=args.coordinates)
    except ValueError as error:
        raise UsageError(str(error)) from None


def play_minesweeper(args: argparse.Namespace, context: Context) -> str:
    """Play one game: each move and the board after it, then the end (the mines shown)."""
    if args.players == 2:
        return play_two(args, context)
    computers = args.computer or list(ONE.transcript)
    if args.human == 2:
        raise UsageError("the one-player game has seat 1 only: --human 1 (or --players 2)")
    if len(computers) > 1 or computers[0] not in ONE.computers:
        raise UsageError(f"the one-player computer is one of {', '.join(ONE.computers)}, given once")
    rules = _rules(args)
    if args.human == 1:
        player = Player("you", human_player(context.stdin, context.out))
    else:
        player = Player(NAMES[computers[0]], COMPUTERS[computers[0]](context.rng))
    return str(play(rules, [player], rng=context.rng))


def _duel_computer(name: str, rng: random.Random) -> Player:
    # A random player draws from its own generator, seeded from the game's (the other two draw nothing).
    return Player(NAMES[name], DUEL_COMPUTERS[name](random.Random(rng.random()) if name == "random" else rng))


def read_cell(text: str) -> Coord:
    """``x,y``, a cell to reveal in the two-player game; a ``ValueError`` says what is wrong.

    >>> read_cell(" 3,4 ")
    Coord(x=3, y=4)
    """
    try:
        return Coord.parse(text.strip())
    except ValueError:
        raise ValueError(f"type x,y to reveal a cell, like 3,4; not {text.strip()!r}") from None


def _duel_why_not(rules: Minesweeper2, seen: Minesweeper2Board, cell: Coord) -> str | None:
    """Why a typed reveal is refused, from the board both players see."""
    if cell in rules.legal_moves(seen):
        return None
    board = seen.board
    return f"{cell} is outside the {board.width} x {board.height} board" if cell not in board \
        else f"{cell} is already revealed"


def duel_human(stdin: TextIO, out: TextIO) -> Callable[[Minesweeper2, Minesweeper2Board], Coord]:
    """A person at the prompt in the two-player game: sees the shared board, types ``x,y``."""
    return _person(stdin, out, "Your reveal: x,y: ", read_cell, _duel_why_not)


def play_two(args: argparse.Namespace, context: Context) -> str:
    """Two-player minesweeper (G3.3): a person and a computer, or two computers."""
    if args.coordinates:
        raise UsageError("--coordinates is a one-player variant, not for --players 2")
    computers = args.computer or ([TWO.opponent] if args.human is not None else list(TWO.transcript))
    wrong = [c for c in computers if c not in TWO.computers]
    if wrong:
        raise UsageError(f"with --players 2 the computer is one of {', '.join(TWO.computers)}, not {wrong[0]}")
    if len(computers) > 2:
        raise UsageError("give --computer once (every computer seat) or twice (seats 1 and 2)")
    one = _rules(args)
    rules = Minesweeper2(one.width, one.height, one.mines, first_safe=one.first_safe)
    names = computers * 2 if len(computers) == 1 else computers
    players = [_duel_computer(name, context.rng) for name in names]
    if args.human is not None:
        players[args.human - 1] = Player("you", duel_human(context.stdin, context.out))
        players[2 - args.human] = _duel_computer(computers[0], context.rng)
    if players[0].name == players[1].name:
        players = [Player(f"{p.name} {n}", p.strategy) for n, p in enumerate(players, start=1)]
    return str(play(rules, players, rng=context.rng))


def read_board(name: str, stdin: TextIO, mines: int | None = None) -> MinesweeperBoard:
    """The board in file ``name`` (``-``: ``stdin``); a :class:`UsageError` says what is wrong."""
    try:
        text = stdin.read() if name == "-" else Path(name).read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read the board {name!r}: {getattr(error, 'strerror', None) or error}") from None
    try:
        board = board_from_text(text, mines or 0)
    except ValueError as error:
        raise UsageError(f"the board: {error}") from None
    if max(board.width, board.height) > Minesweeper.MAX_SIDE:
        raise UsageError(f"the board: a side has at most {Minesweeper.MAX_SIDE} cells")
    return board


def _cells(cells: frozenset[Coord]) -> str:
    ordered = sorted(cells, key=lambda c: (-c.y, c.x))
    return " ".join(f"{c.x},{c.y}" for c in ordered) if ordered else "none"


def _percent_grid(board: MinesweeperBoard, chances: dict[Coord, object]) -> str:
    """Each hidden cell's chance of a mine in percent (rounded), revealed cells as ``.``, top row first."""
    texts = {}
    for cell in board.cells():
        chance = chances.get(cell)
        texts[cell] = "." if chance is None else str(round(float(chance) * 100))  # type: ignore[arg-type]
    width = max(3, len(str(board.width - 1)))
    label = len(str(board.height - 1))
    lines = [f"{str(y).rjust(label)}  " + " ".join(texts[Coord(x, y)].rjust(width) for x in range(board.width))
             for y in reversed(range(board.height))]
    lines.append(" " * (label + 2) + " ".join(str(x).rjust(width) for x in range(board.width)))
    return "\n".join(lines)


def solve_minesweeper(args: argparse.Namespace, context: Context) -> Outcome:
    """``mines:`` and ``safe:`` cells; with ``--mines``, every hidden cell's chance in percent and ``best:``."""
    board = read_board(args.board, context.stdin, args.mines)
    try:
        if args.mines is None:
            mines, safe = certainties(board)
            return Outcome(f"mines: {_cells(mines)}\nsafe: {_cells(safe)}")
        chances = probabilities(board, args.mines)
    except NoPlacementError as error:
        return Outcome(f"no placement of mines fits this board: {error}", NO_PLACEMENT_STATUS)
    mines = frozenset(c for c, p in chances.items() if p == 1)
    safe = frozenset(c for c, p in chances.items() if p == 0)
    best = best_cell(board, chances) if any(c not in board.flags for c in chances) else None
    lines = [f"mines: {_cells(mines)}", f"safe: {_cells(safe)}", "chance of a mine, in percent:",
             _percent_grid(board, dict(chances)), f"best: {'none' if best is None else f'{best.x},{best.y}'}"]
    return Outcome("\n".join(lines))


__all__ = ["duel_human", "play_minesweeper", "play_two", "read_board", "read_cell", "read_move", "register",
           "solve_minesweeper"]
