"""Game-tree search through the rules protocol: minimax, alpha-beta, max^n, paranoid, expectimax.

Every search here works on any game that implements :class:`~coursekit.core.rules.Rules`
and knows no particular game. It looks at a position through ``to_move``, ``legal_moves``,
``next_state`` (the unchecked transition, for speed), ``is_over``, ``returns`` and, at chance
nodes, ``chance_outcomes``.

**Values.** In a two-player zero-sum game a position's value is what the **player to move**
gets with best play on both sides: ``+1`` a win, ``0`` a draw, ``-1`` a loss for the games
whose result is a winner (``returns`` gives the winner ``+1`` and the other ``-1``). This is
*negamax*: a move's value for the mover is minus the value of the position after it for
the opponent, who moves there. ``Solution.values`` gives the same thing per player:
``values[p]`` is what player ``p`` gets.

With more players there is no single number: :func:`maxn` gives a tuple of values (one per
player) where each player, in turn, takes the move best for himself; :func:`paranoid`
gives one number, what one player can make sure of when all the others play against him.
:func:`expectimax` averages over chance outcomes with their probabilities.

**What a search counts.** ``nodes``: every position the search visited (every call of the
recursion, the root included, also a call answered at once from the table). ``positions``:
how many positions the transposition table holds at the end (0 without a table).

Tic-tac-toe, for instance: a draw with best play, and every first move draws.

>>> from coursekit.games.tictactoe import TicTacToe
>>> rules = TicTacToe()
>>> solution = solve(rules)
>>> solution.outcome, len(solution.best_moves), solution.positions <= 765
('draw', 9, True)
>>> print(solve(rules, rules.position("XO./.X./..O")))  # X to move: two threats at once
value: win
best moves: 0,1 0,0
nodes: 103
positions: 45

Alpha-beta prunes: it proves the same values after visiting far fewer positions.

>>> state = rules.position("X../.O./...")
>>> plain, pruned = minimax(rules, state), alphabeta(rules, state)
>>> plain.moves == pruned.moves, plain.nodes, pruned.nodes
(True, 7332, 1520)
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.display import Shown
from ..core.rules import CHANCE, Utility

__all__ = [
    "Canonical",
    "Evaluate",
    "Order",
    "Solution",
    "TreeNode",
    "alphabeta",
    "expectimax",
    "iterative_deepening",
    "line_order",
    "maxn",
    "minimax",
    "move_values",
    "optimal_strategy",
    "paranoid",
    "solve",
]

Order = Callable[[Any, Any, tuple[Any, ...]], Sequence[Any]]
"""``order(rules, state, moves) -> moves``: the moves best first (alpha-beta prunes more). It may
leave out a move that leads to the same position as a move it keeps (two jump chains with the
same start and end, say); the values stay exact, and ``best_moves`` lists the moves kept."""
Evaluate = Callable[[Any, Any], float]
"""``evaluate(rules, state) -> float``: an estimate of a position's value for the player to move."""
EvaluateAll = Callable[[Any, Any], Sequence[float]]
"""``evaluate(rules, state) -> (v0, v1, ...)``: an estimate of ``returns`` (one number per player)."""
Canonical = Callable[[Any], Hashable]
"""``canonical(state) -> key``: one key for a position and all its symmetric images."""

INF = math.inf
#: Flags of a table entry: the stored value is exact, a lower bound or an upper bound.
EXACT, LOWER, UPPER = "exact", "at least", "at most"
#: How much a win (or a loss) shrinks toward 0 per move when quick wins are preferred.
STEP = 1 / 1024

# A table entry: (value, flag, depth it is good for, best move). The depth is INF when the
# value came from a search that reached the end of the game everywhere (no estimate).
Entry = tuple[Any, str, float, Any]


# ---------------------------------------------------------------------------------------------
# What a search gives back


@dataclass(frozen=True, repr=False)
class TreeNode(Shown):
    """One position of an explored tree.

    ``move``: the move that led here (``None`` at the root). ``player``: who moves here
    (:data:`~coursekit.core.rules.CHANCE` at a chance node, ``None`` at the end of a game).
    ``value``: what the search found here, for the player to move in the two-player
    searches (negamax), for the paranoid player in :func:`paranoid`, a tuple (one number per
    player) in :func:`maxn` and :func:`expectimax`; ``None`` when the node was **cut**
    (pruned: never visited). ``bound``: ``"exact"``, ``"at least"`` or ``"at most"`` (a
    pruned search proves only a bound). ``source``: ``"search"`` (children looked at),
    ``"end"`` (the game is over), ``"table"`` (answered from the transposition table),
    ``"estimate"`` (the depth limit: the evaluation function's value) or ``"cut"``.
    ``owner``: the player a number ``value`` is for (``None`` for a tuple); ``zero_sum``:
    the tree is a two-player zero-sum one, where a value for one player is minus the other's.
    """

    move: Any
    player: int | None
    value: Any
    bound: str = EXACT
    source: str = "search"
    children: tuple[TreeNode, ...] = ()
    owner: int | None = None
    zero_sum: bool = False

    def value_for(self, player: int) -> tuple[Any, str]:
        """The value and its kind (exact, at least, at most) for ``player``, when the tree says it.

        >>> TreeNode(None, 1, 1.0, LOWER, owner=1, zero_sum=True).value_for(0)
        (-1.0, 'at most')
        """
        if self.owner == player or self.value is None:
            return self.value, self.bound
        if isinstance(self.value, tuple):
            return self.value[player], self.bound
        if not self.zero_sum:
            raise ValueError(f"this tree holds values for player {self.owner} only")
        return 0.0 - self.value, {LOWER: UPPER, UPPER: LOWER}.get(self.bound, self.bound)

    @property
    def cut(self) -> bool:
        """Whether pruning cut this node off (it was never visited)."""
        return self.source == "cut"

    @property
    def size(self) -> int:
        """How many nodes the tree has, cut ones included."""
        return 1 + sum(child.size for child in self.children)

    @property
    def visited(self) -> int:
        """How many nodes the search visited (the cut ones are not)."""
        return 0 if self.cut else 1 + sum(child.visited for child in self.children)

    def __repr__(self) -> str:
        return (f"TreeNode(move={self.move!r}, value={self.value!r}, bound={self.bound!r}, "
                f"source={self.source!r}, children={len(self.children)})")


@dataclass(frozen=True, repr=False)
class Solution(Shown):
    """What a search found at its root, and what it cost.

    ``value``: the root's value for the player to move (at a chance node, for player 0).
    ``values``: one value per player where that means something (two-player zero-sum,
    max^n, expectimax), else ``None`` (paranoid). ``moves``: each legal move at the root with
    its exact value for the mover, in legal-move order (empty at the end of a game or at a
    chance node). ``best_moves``: every move whose value is the best, in legal-move order.
    ``nodes``, ``positions``: see the module's description. ``tree``: the explored tree
    when asked for. ``depth``: the depth limit of the search (``None``: to the end of the
    game). ``exact``: whether no estimate entered the value (the search saw the end of
    every line it followed).
    """

    value: float
    values: tuple[float, ...] | None
    best_moves: tuple[Any, ...]
    moves: tuple[tuple[Any, float], ...]
    nodes: int
    positions: int
    algorithm: str
    player: int
    tree: TreeNode | None = None
    depth: int | None = None
    exact: bool = True

    @property
    def outcome(self) -> str:
        """``"win"``, ``"draw"`` or ``"loss"`` for the player to move (by the sign of ``value``)."""
        return "win" if self.value > 0 else "loss" if self.value < 0 else "draw"

    def __repr__(self) -> str:
        return (f"Solution(value={self.value!r}, best_moves={self.best_moves!r}, nodes={self.nodes}, "
                f"positions={self.positions}, algorithm={self.algorithm!r})")


class _Draft:
    """A tree node while the search is still filling it in (frozen into a :class:`TreeNode`)."""

    __slots__ = ("bound", "children", "move", "player", "source", "value")

    def __init__(self, move: Any, player: int | None = None) -> None:
        self.move = move
        self.player = player
        self.value: Any = None
        self.bound = EXACT
        self.source = "search"
        self.children: list[_Draft] = []

    def add(self, move: Any) -> _Draft:
        child = _Draft(move)
        self.children.append(child)
        return child

    def cut(self, moves: Sequence[Any]) -> None:
        for move in moves:
            self.add(move).source = "cut"

    def frozen(self, owner: int | None = None, negamax: bool = False) -> TreeNode:
        """The finished node; in a negamax tree every value is for the player to move there."""
        return TreeNode(self.move, self.player, self.value, self.bound, self.source,
                        tuple(child.frozen(owner, negamax) for child in self.children),
                        self.player if negamax else owner, negamax)


class _OutOfTime(Exception):
    """Raised inside a search when its time is up (iterative deepening catches it)."""


def _no_estimate(rules: Any, state: Any) -> Any:
    raise ValueError("a depth limit needs an evaluation function for the positions where the search stops")


def _table_of(table: bool | dict[Any, Any]) -> dict[Any, Any] | None:
    if isinstance(table, dict):
        return table
    return {} if table else None


def _hurried(value: float) -> float:
    """A win or loss one move further away: ``STEP`` nearer to 0 (a draw stays 0)."""
    return value - STEP if value > 0 else value + STEP if value < 0 else value


def _unhurried(value: float) -> float:
    """The inverse of :func:`_hurried` (for the search window of a child)."""
    return value + STEP if value > 0 else value - STEP if value < 0 else value


class _Search:
    """What every search here keeps: the rules, the move order, the table (keyed by ``canonical``
    when given), the estimate at the depth limit, the explored tree, and its counts."""

    def __init__(self, rules: Any, *, order: Order | None = None, table: bool | dict[Any, Any] = False,
                 canonical: Canonical | None = None, evaluate: Any = None, keep_tree: bool = False) -> None:
        self.rules = rules
        self.order = order
        self.table = _table_of(table)
        self.canonical = canonical
        self.evaluate: Any = evaluate or _no_estimate
        self.keep_tree = keep_tree
        self.nodes = 0
        self.estimates = 0  # positions valued by the evaluation function (or by a table entry that was)
        self.deadline: float | None = None  # a time.perf_counter() past which the search gives up (negamax only)

    def visit(self) -> None:
        """Count a node; past the deadline (looked at every 1024 nodes) stop the search."""
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise _OutOfTime

    def arrive(self, state: Any, draft: _Draft | None) -> int:
        """Count a visit to ``state`` and note its mover in the explored tree; return the mover."""
        self.visit()
        player: int = self.rules.to_move(state)
        if draft is not None:
            draft.player = player
        return player

    def key(self, state: Any) -> Hashable:
        return state if self.canonical is None else self.canonical(state)

    def stored(self, state: Any) -> tuple[Hashable, Any]:
        """The table's key of ``state`` and what the table holds there (``None``: nothing, or no table)."""
        if self.table is None:
            return None, None
        key = self.key(state)
        return key, self.table.get(key)

    def ordered(self, state: Any) -> Sequence[Any]:
        """The legal moves, in the search's order."""
        moves: Sequence[Any] = self.rules.legal_moves(state)
        return moves if self.order is None else self.order(self.rules, state, tuple(moves))

    def solution(self, *, value: float, values: tuple[float, ...] | None, scored: dict[Any, float], player: int,
                 draft: _Draft | None, depth: float, algorithm: str, me: int | None = None) -> Solution:
        """The search's answer at the root: its value, the moves scored there and the best of them."""
        best = max(scored.values(), default=None)
        return Solution(
            value=value, values=values, best_moves=tuple(m for m, v in scored.items() if v == best),
            moves=tuple(scored.items()), nodes=self.nodes,
            positions=0 if self.table is None else len(self.table), algorithm=algorithm, player=player,
            tree=None if draft is None else draft.frozen(me),
            depth=None if depth == INF else int(depth), exact=self.estimates == 0,
        )


# ---------------------------------------------------------------------------------------------
# Two players, zero sum: negamax


class _Negamax(_Search):
    """Minimax and alpha-beta in negamax form: a value is for the player to move."""

    def __init__(self, rules: Any, *, order: Order | None = None, table: bool | dict[Any, Any] = False,
                 canonical: Canonical | None = None, evaluate: Evaluate | None = None, keep_tree: bool = False,
                 hurry: bool = False, deadline: float | None = None) -> None:
        if rules.num_players != 2:
            raise ValueError(f"minimax and alpha-beta are for two players; {rules.name} has {rules.num_players} "
                             "here (use maxn or paranoid)")
        super().__init__(rules, order=order, table=table, canonical=canonical, evaluate=evaluate,
                         keep_tree=keep_tree)
        self.hurry = hurry
        self.deadline = deadline

    def end_value(self, state: Any) -> float:
        rules = self.rules
        return float(rules.returns(state)[rules.to_move(state)])

    def moves(self, state: Any, hint: Any = None) -> Sequence[Any]:
        rules = self.rules
        if rules.to_move(state) == CHANCE:
            raise ValueError("this position is a chance node: use expectimax")
        moves = self.ordered(state)
        if hint is not None and moves and moves[0] != hint and hint in moves:
            moves = [hint, *(m for m in moves if m != hint)]
        return moves

    def back(self, child_value: float) -> float:
        """A child's value (for the opponent) as the value of the move for the mover."""
        return _hurried(0.0 - child_value) if self.hurry else 0.0 - child_value

    def enter(self, state: Any, draft: _Draft | None) -> float | None:
        """Count a visit to ``state`` and note its mover in the tree; the end's value if the game is over.

        ``None`` when the game goes on. Minimax and alpha-beta both start a position this way.
        """
        self.visit()
        rules = self.rules
        if draft is not None:  # the mover is asked for only when a tree is kept: this runs at every node
            draft.player = rules.to_move(state)
        if rules.is_over(state):
            return self.leaf(self.end_value(state), "end", draft)
        return None

    # -- minimax: every move, every position

    def minimax(self, state: Any, depth: float, draft: _Draft | None) -> float:
        end = self.enter(state, draft)
        if end is not None:
            return end
        rules = self.rules
        table, key = self.table, None
        if table is not None:
            key = self.key(state)
            entry = table.get(key)
            if entry is not None and entry[2] >= depth:
                return self.from_table(entry, draft)
        if depth <= 0:
            self.estimates += 1
            return self.leaf(self.evaluate(rules, state), "estimate", draft)
        estimates = self.estimates
        best, best_move = -INF, None
        for move in self.moves(state):
            child = None if draft is None else draft.add(move)
            value = self.back(self.minimax(rules.next_state(state, move), depth - 1, child))
            if value > best:
                best, best_move = value, move
        if table is not None:
            table[key] = (best, EXACT, INF if self.estimates == estimates else depth, best_move)
        if draft is not None:
            draft.value = best
        return best

    # -- alpha-beta: a move that cannot change the result is not looked at

    def alphabeta(self, state: Any, depth: float, alpha: float, beta: float, draft: _Draft | None) -> float:
        # self.enter(state, draft) and self.key(state) written out: this runs at every node
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise _OutOfTime
        rules = self.rules
        if draft is not None:
            draft.player = rules.to_move(state)
        if rules.is_over(state):
            return self.leaf(self.end_value(state), "end", draft)
        table, key, hint = self.table, None, None
        if table is not None:
            key = state if self.canonical is None else self.canonical(state)
            entry = table.get(key)
            if entry is not None:
                value, flag, reach, hint = entry
                if reach >= depth and (flag == EXACT or (flag == LOWER and value >= beta)
                                       or (flag == UPPER and value <= alpha)):
                    return self.from_table(entry, draft)
        if depth <= 0:
            self.estimates += 1
            return self.leaf(self.evaluate(rules, state), "estimate", draft)
        estimates = self.estimates
        best, best_move, low = -INF, None, alpha
        moves = self.moves(state, hint)
        for index, move in enumerate(moves):
            child = None if draft is None else draft.add(move)
            if self.hurry:
                value = self.back(self.alphabeta(rules.next_state(state, move), depth - 1,
                                                 -_unhurried(beta), -_unhurried(low), child))
            else:
                value = 0.0 - self.alphabeta(rules.next_state(state, move), depth - 1, -beta, -low, child)
            if value > best:
                best, best_move = value, move
                if value > low:
                    low = value
                    if low >= beta:
                        if draft is not None:
                            draft.cut(moves[index + 1:])
                        break
        flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
        if table is not None:
            table[key] = (best, flag, INF if self.estimates == estimates else depth, best_move)
        if draft is not None:
            draft.value, draft.bound = best, flag
        return best

    def leaf(self, value: float, source: str, draft: _Draft | None) -> float:
        if draft is not None:
            draft.value, draft.source = value, source
        return value

    def from_table(self, entry: Entry, draft: _Draft | None) -> float:
        value, flag, reach, _ = entry
        if reach != INF:
            self.estimates += 1
        if draft is not None:
            draft.value, draft.bound, draft.source = value, flag, "table"
        return float(value)

    # -- the root: every move gets its exact value

    def root(self, state: Any, depth: float, algorithm: str, first: Sequence[Any] = ()) -> Solution:
        """Search the root: the exact value of every legal move, then the best ones."""
        rules = self.rules
        self.visit()
        draft = _Draft(None, rules.to_move(state)) if self.keep_tree else None
        legal = tuple(rules.legal_moves(state))
        player = rules.to_move(state)
        scored: dict[Any, float] = {}
        if rules.is_over(state):
            value = self.leaf(self.end_value(state), "end", draft)
        elif depth <= 0:
            self.estimates += 1
            value = self.leaf(self.evaluate(rules, state), "estimate", draft)
        else:
            estimates = self.estimates
            moves = list(self.moves(state))
            moves = [*(m for m in first if m in moves), *(m for m in moves if m not in first)]
            for move in moves:
                child = None if draft is None else draft.add(move)
                after = rules.next_state(state, move)
                if algorithm == "minimax":
                    scored[move] = self.back(self.minimax(after, depth - 1, child))
                else:
                    scored[move] = self.back(self.alphabeta(after, depth - 1, -INF, INF, child))
            value = max(scored.values())
            if draft is not None:
                draft.value = value
            if self.table is not None:
                self.table[self.key(state)] = (value, EXACT, INF if self.estimates == estimates else depth,
                                               next(m for m in moves if scored[m] == value))
        in_order = tuple((m, scored[m]) for m in legal if m in scored)
        return Solution(
            value=value,
            values=tuple(value if p == player else -value for p in range(2)),
            best_moves=tuple(m for m, v in in_order if v == value),
            moves=in_order,
            nodes=self.nodes,
            positions=0 if self.table is None else len(self.table),
            algorithm=algorithm,
            player=player,
            tree=None if draft is None else draft.frozen(negamax=True),
            depth=None if depth == INF else int(depth),
            exact=self.estimates == 0,
        )


def _start(rules: Any, state: Any) -> Any:
    return rules.initial_state() if state is None else state


def _depth(depth: int | None) -> float:
    if depth is None:
        return INF
    if depth < 0:
        raise ValueError(f"the depth limit must not be negative, got {depth}")
    return depth


def minimax(rules: Any, state: Any = None, *, table: bool = False, canonical: Canonical | None = None,
            depth: int | None = None, evaluate: Evaluate | None = None, tree: bool = False) -> Solution:
    """Plain minimax (negamax form) for two players: every move of every position is looked at.

    ``table`` remembers each position's value (a transposition table, keyed by
    ``canonical(state)`` when given); ``depth`` stops the search that many moves below the
    root and values the positions there by ``evaluate(rules, state)`` (for the player to
    move there). ``tree`` keeps the explored tree.

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> rules = TicTacToe()
    >>> solution = minimax(rules, rules.position("XOX/OXO/..."), tree=True)
    >>> solution.value, len(solution.best_moves), solution.nodes, solution.tree.size
    (1.0, 3, 8, 8)
    """
    search = _Negamax(rules, table=table, canonical=canonical, evaluate=evaluate, keep_tree=tree)
    return search.root(_start(rules, state), _depth(depth), "minimax")


def alphabeta(rules: Any, state: Any = None, *, order: Order | None = None, table: bool = False,
              canonical: Canonical | None = None, depth: int | None = None, evaluate: Evaluate | None = None,
              tree: bool = False) -> Solution:
    """Alpha-beta search (negamax form) for two players: the value of minimax, fewer positions.

    A position is searched with a window ``(alpha, beta)``: as soon as one move reaches
    ``beta`` the others cannot matter (the opponent will not come here) and are cut.
    ``order(rules, state, moves)`` says which moves to try first (good moves first, more
    cuts). ``table`` stores each position's value with its kind (exact, at least, at most)
    and its best move, which is tried first when the position comes again; with
    ``canonical`` symmetric positions share one entry. ``depth`` and ``evaluate`` as in
    :func:`minimax`. At the root every move is searched with a full window, so each gets
    its exact value and ``best_moves`` lists all the best ones.

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> rules = TicTacToe()
    >>> plain = alphabeta(rules, rules.position("X../.O./..."))
    >>> stored = alphabeta(rules, rules.position("X../.O./..."), table=True, canonical=rules.canonical)
    >>> plain.value, stored.value, stored.nodes < plain.nodes
    (0.0, 0.0, True)
    """
    search = _Negamax(rules, order=order, table=table, canonical=canonical, evaluate=evaluate, keep_tree=tree)
    return search.root(_start(rules, state), _depth(depth), "alphabeta")


def iterative_deepening(rules: Any, state: Any = None, *, evaluate: Evaluate, max_depth: int | None = None,
                        seconds: float | None = None, order: Order | None = None, table: bool = True,
                        canonical: Canonical | None = None) -> Solution:
    """Alpha-beta to depth 1, 2, 3, ... until ``max_depth``, the time limit or the end of the game.

    Each round reuses the table of the one before (exact entries, and each position's best
    move, tried first), and searches the root's best moves of the last round first. When
    ``seconds`` run out during a round, that round is dropped and the last complete one is
    the answer; its ``depth`` says how deep it looked, and ``nodes`` counts every round's
    positions. The deepening stops early once a round saw the end of every line
    (``exact``); with neither limit it goes on until then.

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> rules = TicTacToe()
    >>> solution = iterative_deepening(rules, rules.position("XO./.X./..O"), evaluate=lambda r, s: 0.0)
    >>> solution.value, solution.best_moves, solution.exact
    (1.0, (Coord(x=0, y=1), Coord(x=0, y=0)), True)
    """
    state = _start(rules, state)
    deadline = None if seconds is None else time.perf_counter() + seconds
    shared = _table_of(table)
    nodes = 0
    found: Solution | None = None
    depth = 1
    while max_depth is None or depth <= max_depth:
        search = _Negamax(rules, order=order, table=shared if shared is not None else False, canonical=canonical,
                          evaluate=evaluate, deadline=deadline)
        first = () if found is None else found.best_moves
        try:
            solution = search.root(state, depth, "iterative deepening", first)
        except _OutOfTime:
            nodes += search.nodes
            break
        nodes += search.nodes
        found = solution
        if solution.exact or not solution.moves:
            break
        depth += 1
    if found is None:  # not even depth 1 in time: the evaluation of each move
        search = _Negamax(rules, order=order, canonical=canonical, evaluate=evaluate)
        found = search.root(state, 1 if max_depth is None else min(1, max_depth), "iterative deepening")
        nodes += search.nodes
    positions = 0 if shared is None else len(shared)
    return Solution(found.value, found.values, found.best_moves, found.moves, nodes, positions,
                    "iterative deepening", found.player, None, found.depth, found.exact)


# ---------------------------------------------------------------------------------------------
# More players: max^n (with chance: expectimax) and paranoid


class _MaxN(_Search):
    """Max^n: each player takes the move best for himself; chance nodes average their outcomes."""

    def search(self, state: Any, depth: float, draft: _Draft | None) -> tuple[float, ...]:
        player = self.arrive(state, draft)
        rules = self.rules
        if rules.is_over(state):
            return self.leaf(tuple(float(r) for r in rules.returns(state)), "end", draft)
        key, entry = self.stored(state)
        if entry is not None and entry[1] >= depth:
            if entry[1] != INF:
                self.estimates += 1
            return self.leaf(entry[0], "table", draft)
        if depth <= 0:
            self.estimates += 1
            return self.leaf(tuple(float(v) for v in self.evaluate(rules, state)), "estimate", draft)
        estimates = self.estimates
        if player == CHANCE:
            total = [0.0] * rules.num_players
            for outcome, probability in rules.chance_outcomes(state):
                child = None if draft is None else draft.add(outcome)
                values = self.search(rules.next_state(state, outcome), depth - 1, child)
                for p, v in enumerate(values):
                    total[p] += probability * v
            best = tuple(total)
        else:
            best = ()
            for move in rules.legal_moves(state):
                child = None if draft is None else draft.add(move)
                values = self.search(rules.next_state(state, move), depth - 1, child)
                if not best or values[player] > best[player]:
                    best = values
        if self.table is not None:
            self.table[key] = (best, INF if self.estimates == estimates else depth)
        if draft is not None:
            draft.value = best
        return best

    def leaf(self, values: tuple[float, ...], source: str, draft: _Draft | None) -> tuple[float, ...]:
        if draft is not None:
            draft.value, draft.source = values, source
        return values

    def root(self, state: Any, depth: float, algorithm: str) -> Solution:
        rules = self.rules
        player = rules.to_move(state)
        if player == CHANCE or rules.is_over(state) or depth <= 0:
            draft = _Draft(None) if self.keep_tree else None
            values = self.search(state, depth, draft)
            scored: dict[Any, float] = {}
        else:
            self.nodes += 1
            draft = _Draft(None, player) if self.keep_tree else None
            every: dict[Any, tuple[float, ...]] = {}
            for move in rules.legal_moves(state):
                child = None if draft is None else draft.add(move)
                every[move] = self.search(rules.next_state(state, move), depth - 1, child)
            values = max(every.values(), key=lambda v: v[player])  # the first best, as in the search
            if draft is not None:
                draft.value = values
            scored = {m: v[player] for m, v in every.items()}
        return self.solution(value=values[0 if player == CHANCE else player], values=values, scored=scored,
                             player=player, draft=draft, depth=depth, algorithm=algorithm)


def maxn(rules: Any, state: Any = None, *, table: bool = False, canonical: Canonical | None = None,
         depth: int | None = None, evaluate: EvaluateAll | None = None, tree: bool = False) -> Solution:
    """Max^n for any number of players: each player takes the move that is best for himself.

    A position's value is a tuple, one number per player (``returns`` at the end of a
    game). Where several moves are equally good for the mover he takes the first in
    legal-move order, so the tuple depends on that order; with ``canonical`` a position may
    take over the choice of a symmetric image. ``evaluate(rules, state)`` estimates
    ``returns`` at the depth limit. Chance nodes, if any, average their outcomes (that is
    :func:`expectimax`).

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> rules = TicTacToe(3, 3, 3, num_players=3)
    >>> maxn(rules, rules.position("XOA/XOA/...")).values  # X completes the left column
    (2.0, -1.0, -1.0)
    """
    search = _MaxN(rules, table=table, canonical=canonical, evaluate=evaluate, keep_tree=tree)
    return search.root(_start(rules, state), _depth(depth), "maxn")


def expectimax(rules: Any, state: Any = None, *, table: bool = False, canonical: Canonical | None = None,
               depth: int | None = None, evaluate: EvaluateAll | None = None, tree: bool = False) -> Solution:
    """Expectimax: at a chance node the value is the average of its outcomes' values, weighted
    by their probabilities (``chance_outcomes``); a player takes the move best for himself
    (as in :func:`maxn`, so it works for any number of players).

    ``value`` is for the player to move, or for player 0 at a chance node; ``values`` holds
    every player's expected return.
    """
    search = _MaxN(rules, table=table, canonical=canonical, evaluate=evaluate, keep_tree=tree)
    return search.root(_start(rules, state), _depth(depth), "expectimax")


class _Paranoid(_Search):
    """One player (``me``) against the coalition of all the others: alpha-beta on ``returns[me]``."""

    def __init__(self, rules: Any, me: int, *, order: Order | None = None, table: bool | dict[Any, Any] = False,
                 canonical: Canonical | None = None, evaluate: EvaluateAll | None = None,
                 keep_tree: bool = False) -> None:
        super().__init__(rules, order=order, table=table, canonical=canonical, evaluate=evaluate,
                         keep_tree=keep_tree)
        self.me = me

    def search(self, state: Any, depth: float, alpha: float, beta: float, draft: _Draft | None) -> float:
        player = self.arrive(state, draft)
        rules = self.rules
        if rules.is_over(state):
            return self.leaf(float(rules.returns(state)[self.me]), EXACT, "end", draft)
        key, entry = self.stored(state)
        if entry is not None:
            value, flag, reach = entry
            if reach >= depth and (flag == EXACT or (flag == LOWER and value >= beta)
                                   or (flag == UPPER and value <= alpha)):
                if reach != INF:
                    self.estimates += 1
                return self.leaf(value, flag, "table", draft)
        if depth <= 0:
            self.estimates += 1
            return self.leaf(float(self.evaluate(rules, state)[self.me]), EXACT, "estimate", draft)
        if player == CHANCE:
            raise ValueError("paranoid search has no chance nodes: use expectimax")
        estimates = self.estimates
        moves = self.ordered(state)
        mine = player == self.me
        best = -INF if mine else INF
        low, high = alpha, beta
        for index, move in enumerate(moves):
            child = None if draft is None else draft.add(move)
            value = self.search(rules.next_state(state, move), depth - 1, low, high, child)
            if mine and value > best:
                best, low = value, max(low, value)
            elif not mine and value < best:
                best, high = value, min(high, value)
            if low >= high:
                if draft is not None:
                    draft.cut(moves[index + 1:])
                break
        flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
        if self.table is not None:
            self.table[key] = (best, flag, INF if self.estimates == estimates else depth)
        return self.leaf(best, flag, "search", draft)

    def leaf(self, value: float, bound: str, source: str, draft: _Draft | None) -> float:
        if draft is not None:
            draft.value, draft.bound, draft.source = value, bound, source
        return value

    def root(self, state: Any, depth: float) -> Solution:
        rules = self.rules
        player = rules.to_move(state)
        scored: dict[Any, float] = {}
        if player != self.me or rules.is_over(state) or depth <= 0:
            draft = _Draft(None) if self.keep_tree else None
            value = self.search(state, depth, -INF, INF, draft)
        else:
            self.nodes += 1
            draft = _Draft(None, player) if self.keep_tree else None
            for move in rules.legal_moves(state):
                child = None if draft is None else draft.add(move)
                scored[move] = self.search(rules.next_state(state, move), depth - 1, -INF, INF, child)
            value = max(scored.values())
            if draft is not None:
                draft.value = value
        return self.solution(value=value, values=None, scored=scored, player=player, draft=draft, depth=depth,
                             algorithm="paranoid", me=self.me)


def paranoid(rules: Any, state: Any = None, *, player: int | None = None, order: Order | None = None,
             table: bool = False, canonical: Canonical | None = None, depth: int | None = None,
             evaluate: EvaluateAll | None = None, tree: bool = False) -> Solution:
    """What ``player`` (by default the player to move) can make sure of against all the others.

    The paranoid assumption: every other player plays to make ``player``'s return as small
    as possible, as one coalition. That turns any number of players into a two-sided game,
    searched by alpha-beta (``player`` maximises, the others minimise), so the value is a
    guarantee: with max^n's choices ``player`` gets at least as much. ``value`` is
    ``player``'s return; ``moves`` and ``best_moves`` are filled when ``player`` moves at the
    root. ``evaluate`` estimates ``returns`` (one number per player) at the depth limit.

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> rules = TicTacToe(4, 3, 3, num_players=3)
    >>> state = rules.position("X.AA/OOXA/OX..")  # X to move
    >>> maxn(rules, state).values[0], paranoid(rules, state).value  # O and A together beat X
    (0.0, -1.0)
    """
    state = _start(rules, state)
    me = rules.to_move(state) if player is None else player
    if not 0 <= me < rules.num_players:
        raise ValueError(f"there is no player {me} among {rules.num_players}")
    search = _Paranoid(rules, me, order=order, table=table, canonical=canonical, evaluate=evaluate, keep_tree=tree)
    return search.root(state, _depth(depth))


# ---------------------------------------------------------------------------------------------
# The convenient entry points


def _is_two_player_zero_sum(rules: Any) -> bool:
    kind = rules.game_type
    return rules.num_players == 2 and not kind.chance and kind.utility in (Utility.WIN_LOSS, Utility.ZERO_SUM)


def solve(rules: Any, state: Any = None, algorithm: str = "alphabeta", table: bool = True, symmetry: bool = True,
          order: Order | None = None) -> Solution:
    """The exact value of ``state`` (the start by default) and every best move.

    Two-player zero-sum games without chance are searched by ``algorithm``
    (``"alphabeta"`` or ``"minimax"``); other games by max^n (expectimax where chance
    moves). ``table`` keeps a transposition table; ``symmetry`` keys it by the rules'
    ``canonical(state)`` when the rules have one.

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> rules = TicTacToe()
    >>> solution = solve(rules, rules.position("X../.O./..X"))
    >>> solution.outcome, [str(m) for m in solution.best_moves]
    ('draw', ['[1, 2]', '[0, 1]', '[2, 1]', '[1, 0]'])
    """
    if algorithm not in ("alphabeta", "minimax"):
        raise ValueError(f"algorithm is 'alphabeta' or 'minimax', not {algorithm!r}")
    canonical = getattr(rules, "canonical", None) if symmetry else None
    if not _is_two_player_zero_sum(rules):
        kind = "expectimax" if rules.game_type.chance else "maxn"
        search = _MaxN(rules, table=table, canonical=canonical)
        return search.root(_start(rules, state), INF, kind)
    if algorithm == "minimax":
        return minimax(rules, state, table=table, canonical=canonical)
    return alphabeta(rules, state, order=order, table=table, canonical=canonical)


def move_values(rules: Any, state: Any = None) -> dict[Any, float]:
    """The exact value of each legal move for the player making it (a hint for a board).

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> rules = TicTacToe()
    >>> values = move_values(rules, rules.position("XO./.X./..O"))
    >>> {str(move): value for move, value in values.items()}
    {'[2, 2]': 0.0, '[0, 1]': 1.0, '[2, 1]': 0.0, '[0, 0]': 1.0, '[1, 0]': 0.0}
    """
    return dict(solve(rules, state).moves)


def optimal_strategy(rng: random.Random | None = None, *, hurry: bool = True) -> Callable[[Any, Any], Any]:
    """A perfect player for any game of perfect information: ``strategy(rules, state) -> move``.

    It plays a move of the best value (two players: alpha-beta; more players: max^n;
    chance: expectimax), the first in legal-move order, or with ``rng`` one drawn at random
    among the best. With ``hurry`` (in two-player games whose result is a winner) a win
    that comes sooner counts for more and a loss that comes later for less, by
    ``STEP`` = 1/1024 per move (exact for whole-number returns and games of fewer than
    1,024 moves): among winning moves it takes one that wins quickest, and when it must
    lose it holds out longest; drawn moves are all alike. Without ``hurry`` every move of
    the best value is alike. Tables are kept between calls, so later moves are fast.

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> rules = TicTacToe()
    >>> perfect = optimal_strategy()
    >>> perfect(rules, rules.position("XX./OO./..."))  # win now rather than later
    Coord(x=2, y=2)
    """
    tables: dict[Any, dict[Any, Any]] = {}

    def strategy(rules: Any, state: Any) -> Any:
        canonical = getattr(rules, "canonical", None)
        table = tables.setdefault(rules, {})
        solution: Solution
        if _is_two_player_zero_sum(rules):
            quick = hurry and rules.game_type.utility == Utility.WIN_LOSS
            search = _Negamax(rules, table=table, canonical=canonical, hurry=quick)
            solution = search.root(state, INF, "alphabeta")
        else:
            solution = _MaxN(rules, table=table, canonical=canonical).root(state, INF, "maxn")
        if not solution.best_moves:
            raise ValueError("there is no move to choose here (the game is over, or chance moves)")
        return solution.best_moves[0] if rng is None else rng.choice(solution.best_moves)

    return strategy


def line_order(rules: Any, state: Any, moves: tuple[Any, ...]) -> list[Any]:
    """Moves in order for games of marks in lines (the rules have ``lines``, the state ``at(cell)``).

    A move that completes a line of the mover's comes first, then one that blocks a line the
    opponent would complete next, then the others by how many lines through the cell are
    still open to one player and how far they are filled; ties keep legal-move order. A
    generic hook: it reads only the rules' ``lines`` (tuples of cells) and the marks on the
    cells, and learns the mover's mark by making the first move.

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> rules = TicTacToe()
    >>> state = rules.position("XX./OO./...")  # X to move: X wins at [2, 2], O would win at [2, 1]
    >>> [str(move) for move in line_order(rules, state, rules.legal_moves(state))][:3]
    ['[2, 2]', '[2, 1]', '[0, 0]']
    """
    if not moves:
        return []
    lines, lines_at = _lines_through(rules)
    empty = state.at(moves[0])
    mine = rules.next_state(state, moves[0]).at(moves[0])
    at = dict(zip(lines_at, map(state.at, lines_at), strict=True))  # the mark on every cell of a line, looked at once
    status = [_line_status(tuple(map(at.__getitem__, line)), empty, mine) for line in lines]  # by line number

    def score(move: Any) -> tuple[int, int]:
        urgent = promising = 0
        for u, p in map(status.__getitem__, lines_at.get(move, ())):
            urgent = max(urgent, u)
            promising += p
        return urgent, promising

    return sorted(moves, key=score, reverse=True)


@functools.cache
def _line_status(marks: tuple[Any, ...], empty: Any, mine: Any) -> tuple[int, int]:
    """How urgent and how promising a line holding ``marks`` is for the mover (mark ``mine``).

    >>> _line_status(("X", "X", "."), ".", "X"), _line_status(("O", "O", "."), ".", "X")
    ((2, 5), (1, 5))
    >>> _line_status(("X", "O", "."), ".", "X"), _line_status(("X", ".", "."), ".", "O")
    ((0, 0), (0, 2))
    """
    owners = set(marks)
    owners.discard(empty)
    filled = len(marks) - marks.count(empty)
    if len(owners) > 1:
        return (0, 0)  # nobody can complete it any more
    if filled == len(marks) - 1:
        return (2 if owners == {mine} else 1, 1 + filled * filled)
    return (0, 1 + filled * filled)


_LINES_THROUGH: dict[Any, tuple[tuple[tuple[Any, ...], ...], dict[Any, tuple[int, ...]]]] = {}


def _lines_through(rules: Any) -> tuple[tuple[tuple[Any, ...], ...], dict[Any, tuple[int, ...]]]:
    """The rules' lines, and for each cell on a line the numbers (places in the lines) of the lines through it."""
    found = _LINES_THROUGH.get(rules)
    if found is None:
        lines = tuple(rules.lines)
        through: dict[Any, list[int]] = {}
        for number, line in enumerate(lines):
            for cell in line:
                through.setdefault(cell, []).append(number)
        found = _LINES_THROUGH[rules] = lines, {cell: tuple(numbers) for cell, numbers in through.items()}
    return found
