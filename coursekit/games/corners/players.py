"""The computer players of corners: E's player (:mod:`~coursekit.games.corners.source`, as
printed and mended), the course's alpha-beta player over both sides with its evaluation, and
random moves; and seeded games between two of them.

Each is made from a seeded generator (``COMPUTERS[name](rng)``), so the same seed gives the same game.

>>> import random
>>> from coursekit.games.corners import Corners
>>> rules = Corners()
>>> [path_text(COMPUTERS[name](random.Random(0))(rules, rules.initial_state())) for name in COMPUTERS]
['4,2-4,3', '5,1-5,3', '4,1-4,3', '5,2-3,2']
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ...core.engine import Player, play, random_strategy
from ...core.grid import Coord
from ...core.record import Record
from ...solvers.gametree import Evaluate, Solution, alphabeta, iterative_deepening
from .rules import PASS, Corners, CornersState, Path, path_text  # noqa: F401  (path_text: in the examples)
from .source import source_strategy

__all__ = [
    "BLOCKED",
    "COMPUTERS",
    "DEEPER",
    "DEPTH",
    "OPENING",
    "RACE_PLIES",
    "RACE_WEIGHT",
    "SCALE",
    "WALLED",
    "CornersStrategy",
    "alphabeta_strategy",
    "blocked",
    "branching",
    "evaluate",
    "order_moves",
    "race",
    "random_opening",
    "random_strategy",
    "remaining_work",
    "search",
    "search_depth",
    "seeded_game",
    "settle",
    "side_work",
    "timed",
    "walled",
]

#: A computer player: a strategy ``choose(rules, state)`` that returns a path or ``"pass"``.
CornersStrategy = Callable[[Corners, CornersState], Any]


# ---------------------------------------------------------------------------------------------
# Hooks for the generic alpha-beta search: an evaluation and a move order (rules knowledge)
# ---------------------------------------------------------------------------------------------

#: How much of a win an evaluation may claim: estimates stay strictly between -1 and 1.
SCALE = 1000.0


def remaining_work(rules: Corners, state: CornersState, player: int) -> float:
    """How far ``player`` is from filling its target: twice the pieces still outside it, each
    piece's steps to the target, the last straggler's steps once more, and the *congestion*: with
    the pieces and the target cells each sorted by their steps to the target's far corner, how many
    steps the pieces are short of the cells (pieces already in must go deep to make room).

    >>> rules = Corners()
    >>> from coursekit.games.corners import BLACK, WHITE
    >>> remaining_work(rules, rules.initial_state(), WHITE) == remaining_work(rules, rules.initial_state(), BLACK)
    True
    """
    distance, depth = rules.distances[player], rules.depths[player]
    pieces = state.pieces(player)
    far = [distance[c] for c in pieces]
    outside = len(far) - far.count(0)
    deep = sorted([depth[c] for c in pieces])
    short = 0
    for d, t in zip(deep, rules.target_depths[player], strict=True):
        if d > t:
            short += d - t
    return 2 * outside + sum(far) + max(far) + short


#: What an opponent's piece standing in a side's target costs that side: the cell cannot be filled
#: while it stays, so a side that walls the opponent's stragglers in cannot complete either. Kept
#: small: the same term rewards a side for each of its own pieces still at home (in the opponent's
#: target), and at 6 (more than the 2 a first step gains) the alpha-beta player kept its
#: stragglers at home to block and lost or drew races it should have won (see the benchmark).
BLOCKED = 1.0
#: What a walled-in opponent's piece in a side's target costs that side on top of :data:`BLOCKED`.
WALLED = 6.0
#: How many plies before the move limit the count of pieces in each target starts to weigh, and
#: how much one piece more in the target is worth at the limit itself.
RACE_PLIES, RACE_WEIGHT = 40, 12.0


def blocked(rules: Corners, state: CornersState, player: int) -> int:
    """How many of the opponent's pieces stand in ``player``'s target (cells ``player`` cannot fill yet).

    >>> rules = Corners()
    >>> from coursekit.games.corners import WHITE
    >>> blocked(rules, rules.initial_state(), WHITE)
    12
    """
    return sum(map(rules.target(player).__contains__, state.pieces(1 - player)))


def walled(rules: Corners, state: CornersState, player: int) -> int:
    """How many of the opponent's pieces in ``player``'s target are walled in: no empty cell next
    to them and no jump out (they could never leave, and their cells never be filled).

    >>> rules = Corners()
    >>> from coursekit.games.corners import WHITE
    >>> walled(rules, rules.initial_state(), WHITE)  # Black's pieces on (0, 7) and (1, 7)
    2
    """
    target, occupied = rules.target(player), state.occupied
    steps, jumps = rules._steps[1 - player], rules._jumps[1 - player]
    count = 0
    for cell in state.pieces(1 - player):
        if cell in target and occupied.issuperset(steps[cell]):
            for over, land in jumps[cell]:
                if over in occupied and land not in occupied:
                    break  # a jump out
            else:
                count += 1
    return count


def race(rules: Corners, state: CornersState) -> float:
    """How much the count of pieces in each target weighs: 0 until :data:`RACE_PLIES` plies before
    the move limit, then growing evenly to :data:`RACE_WEIGHT` at the limit, where the count decides.

    >>> rules = Corners(move_limit=100)
    >>> [race(rules, CornersState((), (), n)) for n in (100, 180, 200)]
    [0.0, 6.0, 12.0]
    """
    left = rules.max_game_length() - state.moves_made
    return RACE_WEIGHT * max(0.0, 1.0 - left / RACE_PLIES)


def side_work(rules: Corners, state: CornersState, player: int) -> float:
    """``player``'s :func:`remaining_work`, plus :data:`BLOCKED` for each opponent's piece in its
    target and :data:`WALLED` more for each walled in (:func:`walled`), less the pieces in its
    target weighed by :func:`race` near the move limit.

    >>> rules = Corners()
    >>> from coursekit.games.corners import WHITE
    >>> side_work(rules, rules.initial_state(), WHITE) - remaining_work(rules, rules.initial_state(), WHITE)
    24.0
    """
    return _side_work(rules, state, player, race(rules, state))


def _side_work(rules: Corners, state: CornersState, player: int, weight: float) -> float:
    """:func:`side_work` with the :func:`race` weight given (the same for both sides: :func:`evaluate`
    works it out once)."""
    return (remaining_work(rules, state, player) + BLOCKED * blocked(rules, state, player)
            + WALLED * walled(rules, state, player) - weight * rules.in_target(state, player))


def evaluate(rules: Corners, state: CornersState) -> float:
    """An estimate of ``state`` for the player to move, strictly between -1 and 1: the opponent's
    :func:`side_work` minus the mover's, scaled.

    Three ideas: the work left (pieces outside the target, steps, the last straggler, congestion);
    an opponent's straggler left in a side's target counts against that side, so the search does
    not wall the stragglers in (the cell could never be filled and neither side would complete);
    near the move limit, where the count of pieces in each target decides, each piece in counts more.

    >>> rules = Corners()
    >>> evaluate(rules, rules.initial_state())
    0.0
    """
    mover, weight = state.turn, race(rules, state)
    return (_side_work(rules, state, 1 - mover, weight) - _side_work(rules, state, mover, weight)) / SCALE


def order_moves(rules: Corners, state: CornersState, moves: tuple[Any, ...]) -> list[Any]:
    """The moves for a search, most progress first (toward the target, then deeper), and one path
    for each pair of start and end cell: chains that end on the same cell lead to the same
    position, so the search needs only one of them (the first listed).

    >>> rules = Corners()
    >>> [path_text(m) for m in order_moves(rules, rules.initial_state(), rules.legal_moves(rules.initial_state()))][:2]
    ['5,0-3,0', '7,1-7,3']
    """
    progress = _progress(rules, state.turn)
    if PASS not in moves:  # the same as below, quicker: the first path of each start and end, sorted by gain
        firsts: dict[tuple[Coord, Coord], Any] = {}
        for move in moves:
            firsts.setdefault((move[0], move[-1]), move)
        paths = list(firsts.values())
        gains = [progress[move[0]] - progress[move[-1]] for move in paths]
        return [paths[i] for i in sorted(range(len(paths)), key=gains.__getitem__, reverse=True)]
    seen: set[tuple[Coord, Coord]] = set()
    kept: list[Any] = []
    for move in moves:
        if move == PASS:
            kept.append(move)
            continue
        ends = (move[0], move[-1])
        if ends not in seen:
            seen.add(ends)
            kept.append(move)

    def gain(move: Any) -> float:
        if move == PASS:
            return 0.0
        return progress[move[0]] - progress[move[-1]]

    return sorted(kept, key=gain, reverse=True)


_PROGRESS: dict[tuple[Corners, int], dict[Coord, float]] = {}


def _progress(rules: Corners, player: int) -> dict[Coord, float]:
    """For each cell, how far from ``player``'s target it is as :func:`order_moves` weighs it: its
    steps to the target and a quarter of its steps to the target's far corner. A move's gain is
    the difference between its start's and its end's, the same number as the steps' difference plus
    a quarter of the depths' (whole numbers and quarters: exact in floating point).

    >>> rules = Corners()
    >>> _progress(rules, 0)[Coord(7, 0)], _progress(rules, 0)[Coord(0, 7)]
    (12.5, 0.0)
    """
    key = (rules, player)
    found = _PROGRESS.get(key)
    if found is None:
        distance, depth = rules.distances[player], rules.depths[player]
        found = _PROGRESS[key] = {c: distance[c] + 0.25 * depth[c] for c in distance}
    return found


# ---------------------------------------------------------------------------------------------
# The alpha-beta player: the generic search with the game's hooks
# ---------------------------------------------------------------------------------------------
#
# The search (coursekit.solvers.gametree) knows no game, and the game knows no search: the
# evaluation and the move order above and the key without the pieces' numbers
# (``Corners.canonical``) are the game's hooks; this driver joins the two. The terminal, the
# board, the checks and the benchmark call it.

#: The alpha-beta player's depth: its move, the reply and its next move (depth 2 lost to E's
#: player as Black from seed 0). Depth 3 alone won 74 of 80 seeded games against E, seeds 0-39
#: from each side (37 as White, 37 as Black); one move deeper where the branching is small
#: (:data:`DEEPER`) and the tie-break of :func:`settle` won 78 of 80: 39 as White and 39 as Black,
#: one draw each (a mean of 0.2 s a move, the slowest 2.1 s, on a loaded machine of 2 cores).
DEPTH = 3
#: The alpha-beta player searches one move deeper than its depth (of at least 3) where the mover's
#: moves times the opponent's (one per start and end cell) are at most this: in the endgame, where
#: a piece walled in or a straggler decides the race and a move costs little, and at the start
#: (one move deeper costs about ten times as much: in the middle game, over 1,000, it would take
#: about two seconds a move).
DEEPER = 700
#: How many random moves each side makes before a seeded game between two players begins.
OPENING = 2


def search(rules: Corners, state: CornersState, depth: int = DEPTH, seconds: float | None = None, *,
           evaluate: Evaluate = evaluate) -> Solution:
    """The alpha-beta search over both sides from ``state``: to ``depth`` moves, or with ``seconds``
    iterative deepening (at most ``depth``) until the time is up. The positions where it stops
    are valued by ``evaluate(rules, state)`` (for the player to move there, strictly between -1
    and 1; by default the course's :func:`~coursekit.games.corners.evaluate`); moves are tried in the order of
    :func:`~coursekit.games.corners.order_moves`; a transposition table is keyed by
    :meth:`Corners.canonical`.

    >>> rules = Corners(pieces=9)
    >>> solution = search(rules, rules.initial_state(), depth=2)
    >>> [path_text(m) for m in solution.best_moves][:1], solution.nodes > 0
    (['6,1-4,1'], True)
    """
    if seconds is not None:
        return iterative_deepening(rules, state, evaluate=evaluate, max_depth=depth, seconds=seconds,
                                   order=order_moves, canonical=rules.canonical)
    return alphabeta(rules, state, order=order_moves, table=True, canonical=rules.canonical, depth=depth,
                     evaluate=evaluate)


def branching(rules: Corners, state: CornersState) -> int:
    """The mover's moves times the opponent's in ``state`` (one per start and end cell, as the
    search tries them; the opponent's counted as if it moved now).

    >>> rules = Corners()
    >>> branching(rules, rules.initial_state())
    196
    """
    after_pass = CornersState(state.white, state.black, state.moves_made + 1)
    return (len(order_moves(rules, state, rules.legal_moves(state)))
            * len(order_moves(rules, after_pass, rules.legal_moves(after_pass))))


def search_depth(rules: Corners, state: CornersState, depth: int = DEPTH) -> int:
    """How deep the alpha-beta player searches from ``state``: ``depth``, and one move more when
    ``depth`` is at least 3 and the :func:`branching` is at most :data:`DEEPER` (a function of
    the position alone, so the player stays deterministic; depths 1 and 2 stay as they are).

    >>> rules = Corners()
    >>> search_depth(rules, rules.initial_state()), search_depth(rules, rules.initial_state(), 2)
    (4, 2)
    """
    return depth + 1 if depth >= 3 and branching(rules, state) <= DEEPER else depth


def settle(rules: Corners, state: CornersState, moves: list[Path | str],
           evaluate: Evaluate = evaluate) -> Path | str:
    """Of ``moves``, all as good as each other for the search, the one after which the position
    is best for the mover by ``evaluate`` (the first such in the list).

    The search values a move by the positions three or four moves on, so it cannot tell a move
    that walls an opponent's straggler in now and lets it out later from one that leaves it
    free throughout; E moves a straggler out only when its way is open on E's turn, and the
    player that walled it in on every other move kept the games stuck to the move limit (drawn,
    11 pieces each). This takes the move that is best at once as well.

    >>> rules = Corners()
    >>> state = rules.initial_state()
    >>> print(path_text(settle(rules, state, [(Coord(7, 2), Coord(7, 3)), (Coord(5, 2), Coord(4, 2))])))
    5,2-4,2
    """
    chosen: Path | str = max(moves, key=lambda move: 0.0 - evaluate(rules, rules.next_state(state, move)))
    return chosen


def alphabeta_strategy(depth: int = DEPTH, seconds: float | None = None, *,
                       evaluate: Evaluate = evaluate) -> Callable[[Corners, CornersState], Path | str]:
    """A player that searches both sides with alpha-beta (:func:`search`) and plays the first best
    move in the search's order (deterministic with a depth limit). ``evaluate(rules, state)``
    values the positions where the search stops (by default the course's evaluation). From
    depth 3 on it also searches one move more where the branching is small (without ``seconds``:
    :func:`search_depth`), and among equally good moves it plays the one :func:`settle` prefers
    (depths 1 and 2 play the first best move in the search's order).

    >>> rules = Corners(pieces=9)
    >>> def ahead(rules, state):  # pieces in the target, the mover's less the opponent's
    ...     return (rules.in_target(state, state.turn) - rules.in_target(state, 1 - state.turn)) / 10
    >>> print(path_text(alphabeta_strategy(depth=1, evaluate=ahead)(rules, rules.initial_state())))
    6,0-4,0
    """

    def choose(rules: Corners, state: CornersState) -> Path | str:
        moves = rules.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        deep = depth if seconds is not None else search_depth(rules, state, depth)
        solution = search(rules, state, deep, seconds, evaluate=evaluate)
        best = set(solution.best_moves)
        ordered: list[Path | str] = [m for m in order_moves(rules, state, moves) if m in best]
        return settle(rules, state, ordered, evaluate) if depth >= 3 else ordered[0]

    return choose


def random_opening(rules: Corners, seed: int, moves: int = OPENING) -> CornersState:
    """The position after ``moves`` random moves of each side, drawn from ``seed`` (so that
    games between two players that never choose at random still differ from seed to seed).

    >>> random_opening(Corners(), 3).moves_made
    4
    """
    rng = random.Random(seed)
    state = rules.initial_state()
    for _ in range(2 * moves):
        if rules.is_over(state):
            break
        state = rules.next_state(state, rng.choice(rules.legal_moves(state)))
    return state


def seeded_game(rules: Corners, white: Player, black: Player, seed: int, opening: int = OPENING) -> Record:
    """One game from :func:`random_opening` (``seed``) between ``white`` and ``black``."""
    return play(rules, [white, black], start=random_opening(rules, seed, opening))


def timed(choose: Callable[[Any, Any], Any],
          cpu: list[float] | None = None) -> tuple[Callable[[Any, Any], Any], list[float]]:
    """A strategy that also records how long each of its decisions took (seconds), and with
    ``cpu`` the CPU time of each in that list."""
    spent: list[float] = []

    def strategy(rules: Any, state: Any) -> Any:
        began, began_cpu = time.perf_counter(), time.process_time()
        move = choose(rules, state)
        spent.append(time.perf_counter() - began)
        if cpu is not None:
            cpu.append(time.process_time() - began_cpu)
        return move

    return strategy, spent


def fixed_player(rng: random.Random) -> CornersStrategy:
    """E's three-move look-ahead with its chains recorded from their start (E's player, mended)."""
    return source_strategy(fixed=True)


def source_player(rng: random.Random) -> CornersStrategy:
    """E's program as printed: it stalls on its first jump chain of two jumps or more."""
    return source_strategy(fixed=False)


def alphabeta_player(rng: random.Random) -> CornersStrategy:
    """The course's alpha-beta player (:func:`alphabeta_strategy`, :data:`DEPTH` moves deep)."""
    return alphabeta_strategy()


#: Every computer player of corners by name, as the terminal and the board offer them.
COMPUTERS: dict[str, Callable[[random.Random], CornersStrategy]] = {
    "fixed": fixed_player,
    "source": source_player,
    "alphabeta": alphabeta_player,
    "random": random_strategy,
}
