"""Corners pictures: the board as text and as SVG, a game's transcript; and the alpha-beta player.

In text a black piece is ``B``, a white one ``W``, an empty cell ``.``; the top row comes first,
row numbers on the left, column numbers underneath (from 0, ``(0, 0)`` at the bottom left).
A move is written as its path ``x,y-x,y[-x,y...]``: the start cell and every landing cell.

>>> from coursekit.games.corners import Corners
>>> print(board_text(Corners(pieces=9).initial_state()))
7  B B B . . . . .
6  B B B . . . . .
5  B B B . . . . .
4  . . . . . . . .
3  . . . . . . . .
2  . . . . . W W W
1  . . . . . W W W
0  . . . . . W W W
   0 1 2 3 4 5 6 7
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection, Mapping
from html import escape
from typing import Any

from ..core import display
from ..core.engine import Player, play
from ..core.grid import Coord
from ..core.record import Record
from ..core.rules import CHANCE
from ..games.corners import (
    BLACK,
    PASS,
    SHAPES,
    SIDES,
    SIZE,
    WHITE,
    Corners,
    CornersState,
    Path,
    evaluate,
    home_cells,
    order_moves,
    path_text,
)
from ..solvers.gametree import Evaluate, Solution, alphabeta, iterative_deepening
from .svg import hit_key, hit_open

MARKS = {WHITE: "W", BLACK: "B"}
CELL = 40
MARGIN = 24


def board_text(state: CornersState) -> str:
    """The board, top row first (see the module's example)."""
    marks = {c: MARKS[WHITE] for c in state.white} | {c: MARKS[BLACK] for c in state.black}
    rows = [f"{y}  " + " ".join(marks.get(Coord(x, y), ".") for x in range(SIZE)) for y in reversed(range(SIZE))]
    rows.append("   " + " ".join(str(x) for x in range(SIZE)))
    return "\n".join(rows)


def transcript(record: Record) -> str:
    """A game move by move: who moved which path, the board after it, and the result."""
    rules: Corners = record.rules  # type: ignore[assignment]
    lines = [f"Corners, {rules.pieces} pieces a side, {rules.move_limit} moves a side at most: "
             + ", ".join(f"{SIDES[p]} {name}" for p, name in enumerate(record.players))]
    for i, step in enumerate(record.steps, start=1):
        if step.player == CHANCE:
            continue
        verb = "passes" if step.move == PASS else path_text(step.move)
        lines += ["", f"Move {i}: {SIDES[step.player]} ({record.players[step.player]}) {verb}", board_text(step.state)]
    lines.append("")
    result = rules.result(record.final)
    lines.append(f"The game ended: {result}" if result is not None else f"The game ended: {record.end}")
    return "\n".join(lines)


def _centre(cell: Coord) -> tuple[float, float]:
    return MARGIN + cell.x * CELL + CELL / 2, (SIZE - 1 - cell.y) * CELL + CELL / 2


def _outline(cells: frozenset[Coord]) -> str:
    """The border of a group of cells as one SVG path (the edges a cell shares with no other cell)."""
    parts = []
    for c in cells:
        left, top = MARGIN + c.x * CELL, (SIZE - 1 - c.y) * CELL
        if Coord(c.x - 1, c.y) not in cells:
            parts.append(f"M{left},{top}v{CELL}")
        if Coord(c.x + 1, c.y) not in cells:
            parts.append(f"M{left + CELL},{top}v{CELL}")
        if Coord(c.x, c.y + 1) not in cells:
            parts.append(f"M{left},{top}h{CELL}")
        if Coord(c.x, c.y - 1) not in cells:
            parts.append(f"M{left},{top + CELL}h{CELL}")
    return "".join(sorted(parts))


#: What a playing board marks (see :func:`board_svg`): a cell the chosen piece may go to (a
#: dashed ring around a dot), the chosen piece's cell (a thick square frame on a light fill),
#: and the trail of an unfinished jump chain (a small hollow square).
NEXT_STROKE, CHOSEN_FILL, CHOSEN_STROKE, TRAIL_STROKE = "#1a6b2f", "#ffe9a8", "#8a4b00", "#5b4a00"
#: A hint's move (a dotted line ending in a ring), and the height of the legend under the board.
HINT_STROKE, LEGEND = "#6a1b9a", 22


def piece_ids(state: CornersState) -> dict[Coord, str]:
    """Each piece's name, the same all through a game: ``w0``, ``w1``, ... for White's pieces and
    ``b0``, ... for Black's, by their place in the state's fixed order (a move keeps the order).

    >>> from coursekit.games.corners import Corners
    >>> rules = Corners(pieces=9)
    >>> before = rules.initial_state()
    >>> after = rules.apply(before, (Coord(5, 2), Coord(4, 2)))
    >>> piece_ids(before)[Coord(5, 2)] == piece_ids(after)[Coord(4, 2)]
    True
    """
    ids = {cell: f"w{i}" for i, cell in enumerate(state.white)}
    ids.update({cell: f"b{i}" for i, cell in enumerate(state.black)})
    return ids


def board_svg(state: CornersState, title: str | None = None, path: Any = None, *,
              hits: Mapping[Coord, str] | None = None, pieces: Mapping[Coord, str] | None = None,
              nexts: Collection[Coord] = (), chosen: Coord | None = None, trail: Collection[Coord] = (),
              hint: Any = None, legend: str = "") -> str:
    """The board as SVG: Black's pieces as filled discs, White's as hollow ones, both corners
    outlined thick (each side's target is the other's corner), and ``path`` (a move) drawn as a line.

    For a board that plays: ``hits`` maps a cell to the words a screen reader says of it and makes
    it clickable (``data-hit="x,y"``); ``pieces`` names the pieces (``data-piece``: a piece with
    the same name glides to its new cell, see :func:`piece_ids`); each of ``nexts`` (where the
    chosen piece may go) shows a dashed ring, ``chosen`` a thick square frame, ``trail`` a small
    hollow square; ``hint`` (a move) is drawn as a dotted line ending in a ring, and ``legend``
    is a line of text under the board.

    >>> from coursekit.games.corners import Corners
    >>> state = Corners(pieces=9).initial_state()
    >>> svg = board_svg(state, hits={Coord(5, 2): "White's piece"}, pieces=piece_ids(state),
    ...                 nexts=[Coord(4, 2)], chosen=Coord(5, 2))
    >>> svg.count("data-hit="), svg.count("data-piece="), 'stroke-dasharray="4 3"' in svg
    (1, 18, True)
    """
    size = SIZE * CELL
    width, height = MARGIN + size + 4, size + MARGIN + (LEGEND if legend else 0)
    caption = title or f"{SIDES[state.turn]} to move"
    hits = hits or {}
    names = pieces or {}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">',
           f"<title>{escape(caption)}</title>",
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>']
    for y in reversed(range(SIZE)):
        for x in range(SIZE):
            cell = Coord(x, y)
            shade = CHOSEN_FILL if cell == chosen else "#e8e8e8" if (x + y) % 2 else "#f8f8f8"
            if cell in hits:
                out.append(hit_open(hit_key(cell), f"{x}, {y}: {hits[cell]}"))
            out.append(f'<rect x="{MARGIN + x * CELL}" y="{(SIZE - 1 - y) * CELL}" width="{CELL}" height="{CELL}" '
                       f'fill="{shade}"/>')
            if cell in hits:
                out.append("</g>")
    still = ' pointer-events="none"' if hits else ""  # a playing board: clicks go through to the cells
    pieces_count = len(state.white)
    if pieces_count in SHAPES:
        for player in (WHITE, BLACK):
            out.append(f'<path d="{_outline(frozenset(home_cells(pieces_count, player)))}" stroke="#111" '
                       f'stroke-width="4" fill="none" stroke-linecap="square"{still}/>')
    if chosen is not None:
        left, top = MARGIN + chosen.x * CELL, (SIZE - 1 - chosen.y) * CELL
        out.append(f'<rect x="{left + 3}" y="{top + 3}" width="{CELL - 6}" height="{CELL - 6}" fill="none" '
                   f'stroke="{CHOSEN_STROKE}" stroke-width="4"{still}/>')
    for cell in trail:
        cx, cy = _centre(Coord(*cell))
        out.append(f'<rect x="{cx - 5:g}" y="{cy - 5:g}" width="10" height="10" fill="none" '
                   f'stroke="{TRAIL_STROKE}" stroke-width="2"{still}/>')
    if path is not None and path != PASS:
        points = " ".join(f"{px:g},{py:g}" for px, py in (_centre(Coord(*c)) for c in path))
        out.append(f'<polyline points="{points}" fill="none" stroke="#555" stroke-width="4" '
                   f'stroke-dasharray="6 4" stroke-linecap="round"{still}/>')
    if hint is not None and hint != PASS:
        points = " ".join(f"{px:g},{py:g}" for px, py in (_centre(Coord(*c)) for c in hint))
        out.append(f'<polyline points="{points}" fill="none" stroke="{HINT_STROKE}" stroke-width="4" '
                   f'stroke-dasharray="1 6" stroke-linecap="round"{still}/>')
        hx, hy = _centre(Coord(*hint[-1]))
        out.append(f'<circle cx="{hx:g}" cy="{hy:g}" r="16" fill="none" stroke="{HINT_STROKE}" stroke-width="3"'
                   f'{still}/>')
    for cell in nexts:
        cx, cy = _centre(Coord(*cell))
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="12" fill="none" stroke="{NEXT_STROKE}" stroke-width="3" '
                   f'stroke-dasharray="4 3"{still}/>')
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="4" fill="{NEXT_STROKE}"{still}/>')
    for cell in state.black:
        cx, cy = _centre(cell)
        name = f' data-piece="{names[cell]}"' if cell in names else ""
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="14" fill="#111" stroke="#111" stroke-width="2"'
                   f'{name}{still}/>')
    for cell in state.white:
        cx, cy = _centre(cell)
        name = f' data-piece="{names[cell]}"' if cell in names else ""
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="13" fill="#ffffff" stroke="#111" stroke-width="3"'
                   f'{name}{still}/>')
    for i in range(SIZE):
        out.append(_label(MARGIN + i * CELL + CELL / 2, size + MARGIN / 2, str(i)))
        out.append(_label(MARGIN / 2, (SIZE - 1 - i) * CELL + CELL / 2, str(i)))
    if legend:
        out.append(f'<text x="4" y="{size + MARGIN + LEGEND / 2:g}" font-size="12" fill="#1b1b1b" '
                   f'dominant-baseline="central">{escape(legend)}</text>')
    out.append("</svg>")
    return "".join(out)


def _label(x: float, y: float, text: str) -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="12" fill="#444" text-anchor="middle" '
            f'dominant-baseline="central">{escape(text)}</text>')


def record_svg(record: Record) -> str:
    """A game: its last board with the last move's path drawn."""
    moves = record.moves
    last = moves[-1].move if moves else None
    return board_svg(record.final, title=f"{len(moves)} moves: {record.end}", path=last)


def register() -> None:
    """Tell :mod:`coursekit.core.display` how corners states and games show themselves."""
    display.register(CornersState, text=board_text, svg=board_svg)
    display.register(Corners, text=transcript, svg=record_svg, move=path_text)


# ---------------------------------------------------------------------------------------------
# The alpha-beta player: the generic search with the game's hooks
# ---------------------------------------------------------------------------------------------
#
# The search (coursekit.solvers.gametree) knows no game, and the game knows no search: the
# evaluation, the move order and the key without the pieces' numbers (``evaluate``,
# ``order_moves``, ``Corners.canonical``) are rules knowledge and live with the rules; this
# driver, which joins the two, lives here in the views layer, which may import both; the
# terminal and the benchmark call it.

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


__all__ = [
    "DEEPER",
    "DEPTH",
    "OPENING",
    "alphabeta_strategy",
    "board_svg",
    "board_text",
    "branching",
    "piece_ids",
    "random_opening",
    "record_svg",
    "register",
    "search",
    "search_depth",
    "seeded_game",
    "settle",
    "timed",
    "transcript",
]
