"""Counting a game: its positions, its terminal positions, its complete games and who wins them.

Works through the rules protocol on any finite game (``legal_moves``, ``next_state``,
``is_over``, ``winner``, and ``chance_outcomes`` at chance nodes, whose outcomes count as
branches). A **position** is a state reachable from the start; two positions are the same
**up to symmetry** when ``canonical`` gives them the same key. A **complete game** is a
path of moves from the start to an end. Games are counted by memoisation: the number of
games from a position is the sum over its moves of the number from the position after, each
position worked out once, so the 255,168 games of tic-tac-toe take a few thousand steps, not
255,168 playouts.

>>> from coursekit.games.tictactoe import TicTacToe
>>> rules = TicTacToe()
>>> counts = count(rules, canonical=rules.canonical)
>>> counts.positions, counts.positions_up_to_symmetry, counts.terminal, counts.terminal_up_to_symmetry
(5478, 765, 958, 138)
>>> counts.games, counts.wins, counts.draws
(255168, (131184, 77904), 46080)
>>> counts.tree_nodes  # the positions of the full game tree, root included: what plain minimax visits
549946
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any

from ..core.rules import CHANCE

__all__ = ["Counts", "GameCounts", "count", "count_games", "reachable"]


@dataclass(frozen=True)
class GameCounts:
    """Complete games from one position: how many, how many each player won, how many drawn,
    and ``tree_nodes``, the positions of the game tree below (every prefix of every game,
    the position itself included)."""

    games: int
    wins: tuple[int, ...]
    draws: int
    tree_nodes: int


@dataclass(frozen=True)
class Counts:
    """Everything :func:`count` finds from a start (``None`` where no ``canonical`` was given)."""

    positions: int
    positions_up_to_symmetry: int | None
    terminal: int
    terminal_up_to_symmetry: int | None
    games: int
    wins: tuple[int, ...]
    draws: int
    tree_nodes: int


def _successors(rules: Any, state: Any) -> Iterator[Any]:
    if rules.is_over(state):
        return
    if rules.to_move(state) == CHANCE:
        for outcome, _ in rules.chance_outcomes(state):
            yield rules.next_state(state, outcome)
    else:
        for move in rules.legal_moves(state):
            yield rules.next_state(state, move)


def reachable(rules: Any, state: Any = None) -> list[Any]:
    """Every position reachable from ``state`` (the start by default), itself included, each once,
    children before their parents (so a position's successors come before it).

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> positions = reachable(TicTacToe(3, 1, 2))  # a row of 3 cells, 2 in a row wins
    >>> len(positions), positions[-1].cells  # empty, 3 with one mark, 6 with two, 3 full; the start last
    (13, '...')
    """
    start = rules.initial_state() if state is None else state
    order: list[Any] = []
    seen = {start}
    stack: list[tuple[Any, Iterator[Any]]] = [(start, _successors(rules, start))]
    while stack:  # depth first without recursion: a long game cannot overflow the stack
        position, children = stack[-1]
        for child in children:
            if child not in seen:
                seen.add(child)
                stack.append((child, _successors(rules, child)))
                break
        else:
            stack.pop()
            order.append(position)
    return order


def count_games(rules: Any, state: Any = None, positions: list[Any] | None = None) -> GameCounts:
    """The complete games from ``state``, won by each player and drawn, by memoisation over positions.

    ``positions`` may pass :func:`reachable`'s list when it is at hand.

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> count_games(TicTacToe(3, 1, 2))  # X wins unless O takes the middle after X's end cell
    GameCounts(games=6, wins=(4, 0), draws=2, tree_nodes=16)
    """
    start = rules.initial_state() if state is None else state
    players = rules.num_players
    memo: dict[Any, GameCounts] = {}
    for position in positions if positions is not None else reachable(rules, start):
        if rules.is_over(position):
            winner = rules.winner(position)
            wins = tuple(int(p == winner) for p in range(players))
            memo[position] = GameCounts(1, wins, int(winner is None), 1)
            continue
        below = [memo[child] for child in _successors(rules, position)]
        memo[position] = GameCounts(
            games=sum(c.games for c in below),
            wins=tuple(sum(c.wins[p] for c in below) for p in range(players)),
            draws=sum(c.draws for c in below),
            tree_nodes=1 + sum(c.tree_nodes for c in below),
        )
    return memo[start]


def count(rules: Any, state: Any = None, canonical: Callable[[Any], Hashable] | None = None) -> Counts:
    """Positions, terminal positions (also up to symmetry with ``canonical``), complete games and results.

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> count(TicTacToe(2, 2, 2)).games  # X wins with its second mark whatever the order: 4 x 3 x 2
    24
    """
    start = rules.initial_state() if state is None else state
    positions = reachable(rules, start)
    terminal = [p for p in positions if rules.is_over(p)]
    games = count_games(rules, start, positions)
    return Counts(
        positions=len(positions),
        positions_up_to_symmetry=None if canonical is None else len({canonical(p) for p in positions}),
        terminal=len(terminal),
        terminal_up_to_symmetry=None if canonical is None else len({canonical(p) for p in terminal}),
        games=games.games,
        wins=games.wins,
        draws=games.draws,
        tree_nodes=games.tree_nodes,
    )
