"""The terminal's tic-tac-toe commands: ``play``, ``solve`` and ``count``.

    coursekit play tictactoe [--width 3 --height 3 --k 3 --players 2]
        [--computer source|perfect|random] [--human N] [--seed S]
    coursekit solve tictactoe [--width W --height H --k K --players P] [--position ROWS]
        [--algorithm minimax|alphabeta|source]
    coursekit count tictactoe [--width W --height H --k K]

A position is written as its rows, top row first, separated by ``/``, with the marks
``X O A B`` and ``.`` for an empty cell: ``.XO/.X./...``. The player to move follows from the
counts of the marks.
"""

from __future__ import annotations

import argparse
from typing import Any

from ...cli._args import Context, Groups, UsageError, checked, human_strategy, player_arguments, whole
from ...core import Player, play
from ...solvers.counting import count
from ...solvers.gametree import solve
from . import ENTRIES
from .players import COMPUTERS, COUNT_LIMIT, SEARCH_LIMIT, as_strategy, default_computer, source_applies
from .rules import EMPTY, MARKS, TicTacToe, TicTacToeState
from .source import source_best_move

ALGORITHMS = ("alphabeta", "minimax", "source")


def board_arguments(parser: argparse.ArgumentParser, players: bool = True) -> None:
    """``--width``, ``--height``, ``--k`` (and ``--players``) of an m, n, k-game."""
    side = TicTacToe.MAX_SIDE
    parser.add_argument("--width", type=whole(1, side), default=3, help="columns (default 3)")
    parser.add_argument("--height", type=whole(1, side), default=3, help="rows (default 3)")
    parser.add_argument("--k", type=whole(1, side), default=3, help="marks in a row that win (default 3)")
    if players:
        parser.add_argument("--players", type=whole(2, len(MARKS)), default=2,
                            help=f"2 to {len(MARKS)} players, marking {', '.join(MARKS)} in turn (default 2)")


def register(groups: Groups) -> None:
    """Add ``play tictactoe``, ``solve tictactoe`` and ``count tictactoe``."""
    player = groups.play.add_parser("tictactoe", help="tic-tac-toe and m, n, k-games for 2 to 4 players")
    board_arguments(player)
    player_arguments(player, ENTRIES[0],
                     {"perfect": "the exact solver", "source": "D's alpha-beta program, 3 x 3 only", "random": ""},
                     (f"{MARKS[0]} moves first", *MARKS[1:]),
                     default="perfect against a person (random on a board too large to solve at once); with no "
                             "person, D's program on 3 x 3, as in the source")
    player.set_defaults(run=play_tictactoe)

    solver = groups.solve.add_parser("tictactoe", help="the value of a tic-tac-toe position and its best moves")
    board_arguments(solver)
    solver.add_argument("--position", default=None,
                        help="the board, top row first, rows separated by '/', marks X O A B and '.' "
                             "(default: the empty board)")
    solver.add_argument("--algorithm", choices=ALGORITHMS, default="alphabeta",
                        help="alphabeta (with a transposition table and the board's symmetries, the default), "
                             "minimax (the whole tree) or source (D's Best_Move)")
    solver.set_defaults(run=solve_tictactoe)

    counter = groups.count.add_parser("tictactoe", help="count the positions and games of tic-tac-toe")
    board_arguments(counter, players=False)
    counter.set_defaults(run=count_tictactoe)


def _rules(args: argparse.Namespace) -> TicTacToe:
    return checked(TicTacToe, args.width, args.height, args.k, getattr(args, "players", 2))


def _solvable(rules: TicTacToe, state: TicTacToeState, what: str) -> None:
    empty = state.cells.count(EMPTY)
    if empty > SEARCH_LIMIT:
        raise UsageError(f"{what} searches the whole game: at most {SEARCH_LIMIT} empty cells, "
                         f"this board has {empty}")


def computer_player(kind: str, rules: TicTacToe, context: Context) -> Any:
    """The strategy the terminal calls ``kind``."""
    if kind == "source":
        if source_applies(rules) is not None:
            raise UsageError(f"{source_applies(rules)}: use --computer perfect or random")
        return _speaking_source(context)
    if kind == "perfect":
        _solvable(rules, rules.initial_state(), "the perfect player")
    return as_strategy(COMPUTERS[kind](context.rng))


def _speaking_source(context: Context) -> Any:
    """D's program, which says after each of its moves what it printed: its verdict, its node
    count and the square it took (D's ``Describe``)."""

    def choose(rules: TicTacToe, state: TicTacToeState) -> Any:
        choice = source_best_move(rules, state)
        print(f"D ({choice.mark}): {choice.message} {choice.nodes} nodes examined; "
              f"square {choice.square} = {choice.move}", file=context.out)
        return choice.move

    return choose


def play_tictactoe(args: argparse.Namespace, context: Context) -> str:
    """Play one game: the board after each move, then the result."""
    rules = _rules(args)
    if args.human is not None and args.human > rules.num_players:
        raise UsageError(f"argument --human: with {rules.num_players} players the seats are 1 to {rules.num_players}")
    kind = args.computer or default_computer(rules, facing_person=args.human is not None)
    names = ["you" if args.human == p + 1 else kind for p in range(rules.num_players)]
    strategies = []
    for p in range(rules.num_players):
        if args.human == p + 1:
            strategies.append(human_strategy(context.stdin, context.out, MARKS[p], "the cell to mark"))
        else:
            strategies.append(computer_player(kind, rules, context))
    record = play(rules, [Player(name, s) for name, s in zip(names, strategies, strict=True)])
    return str(record)


def _position(rules: TicTacToe, rows: str | None) -> TicTacToeState:
    if rows is None:
        return rules.initial_state()
    return checked(rules.position, rows, option="--position")


def _cells(moves: Any) -> str:
    return " ".join(f"{m[0]},{m[1]}" for m in moves)


def solve_tictactoe(args: argparse.Namespace, context: Context) -> str:
    """``value:``, ``best moves:``, ``nodes:`` and ``positions:`` of a position (or D's choice)."""
    rules = _rules(args)
    state = _position(rules, args.position)
    lines = [str(state), f"{MARKS[state.turn]} to move"]
    if rules.is_over(state):
        return "\n".join(lines + finished(rules, state))
    if args.algorithm == "source":
        if source_applies(rules) is not None:
            raise UsageError(str(source_applies(rules)))
        choice = source_best_move(rules, state)
        lines += [f"move: {_cells([choice.move])}", f"nodes: {choice.nodes}",
                  f"score: {choice.score} ({choice.message})", f"square: {choice.square} (D numbers the squares "
                  "1 to 9, top row first)"]
        return "\n".join(lines)
    _solvable(rules, state, f"--algorithm {args.algorithm}")
    solution = solve(rules, state, algorithm=args.algorithm)
    lines.append(f"value: {solution.outcome}" + (f" (for {MARKS[state.turn]})" if rules.num_players > 2 else ""))
    if rules.num_players > 2 and solution.values is not None:
        lines.append("results: " + ", ".join(f"{MARKS[p]} {_result(v)}" for p, v in enumerate(solution.values)))
    lines += [f"best moves: {_cells(solution.best_moves)}", f"nodes: {solution.nodes}",
              f"positions: {solution.positions}"]
    return "\n".join(lines)


def finished(rules: TicTacToe, state: TicTacToeState) -> list[str]:
    """What ``solve`` says of a finished position: the result, the value for the side that would move, no move.

    >>> rules = TicTacToe()
    >>> print("\\n".join(finished(rules, rules.position("XXX/OO./..."))))
    game over: X has won
    value: loss
    best moves: none (the game is over)
    """
    mover, winner = state.turn, state.winner
    lines = ["game over: " + ("the board is full, a draw" if winner is None else f"{MARKS[winner]} has won")]
    values = [0.0 if winner is None else (1.0 if p == winner else -1.0) for p in range(rules.num_players)]
    lines.append(f"value: {_result(values[mover])}" + (f" (for {MARKS[mover]})" if rules.num_players > 2 else ""))
    if rules.num_players > 2:
        lines.append("results: " + ", ".join(f"{MARKS[p]} {_result(v)}" for p, v in enumerate(values)))
    lines.append("best moves: none (the game is over)")
    return lines


def _result(value: float) -> str:
    """Win, draw or loss for a player whose return is ``value``."""
    if value > 0:
        return "win"
    if value < 0:
        return "loss"
    return "draw"


def count_tictactoe(args: argparse.Namespace, context: Context) -> str:
    """Positions, positions up to symmetry, terminal positions, games and their results."""
    rules = _rules(args)
    if rules.width * rules.height > COUNT_LIMIT:
        raise UsageError(f"counting visits every position: at most {COUNT_LIMIT} cells, {rules.width} x {rules.height} "
                         f"has {rules.width * rules.height}")
    counts = count(rules, rules.initial_state(), canonical=rules.canonical)
    lines = [f"board: {rules.width} x {rules.height}, {rules.k} in a row, 2 players",
             f"positions: {counts.positions}",
             f"positions up to symmetry: {counts.positions_up_to_symmetry}",
             f"terminal positions: {counts.terminal}",
             f"terminal positions up to symmetry: {counts.terminal_up_to_symmetry}",
             f"games: {counts.games}",
             f"game tree nodes: {counts.tree_nodes}"]
    lines += [f"won by {MARKS[p]}: {wins}" for p, wins in enumerate(counts.wins)]
    lines.append(f"drawn: {counts.draws}")
    return "\n".join(lines)


__all__ = ["count_tictactoe", "finished", "play_tictactoe", "register", "solve_tictactoe"]
