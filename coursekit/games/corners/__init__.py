"""Corners (Уголки, source E): the game's folder. Each side races its pieces into the other side's
starting corner, by steps and jump chains, on an 8 x 8 board.

Everything about the game is here: its rules and the solo puzzle
(:mod:`~coursekit.games.corners.rules`), E's program (:mod:`~coursekit.games.corners.source`),
the computer players with the course's evaluation and alpha-beta player
(:mod:`~coursekit.games.corners.players`), its text and pictures
(:mod:`~coursekit.games.corners.view`), its board (:mod:`~coursekit.games.corners.board`,
``CornersBoard``), the checks ps09 grades with (:mod:`~coursekit.games.corners.checks`) and its
terminal commands (:mod:`~coursekit.games.corners.cli`).

>>> from coursekit.games import corners
>>> rules = corners.Corners(pieces=9)
>>> len(rules.legal_moves(rules.initial_state()))
12
>>> print(corners.path_text(corners.source_strategy(fixed=True)(rules, rules.initial_state())))
5,2-5,3
"""

from __future__ import annotations

from ...core.registry import GameEntry, lazy_boards
from .players import (
    BLOCKED,
    COMPUTERS,
    DEEPER,
    DEPTH,
    OPENING,
    RACE_PLIES,
    RACE_WEIGHT,
    SCALE,
    WALLED,
    CornersStrategy,
    alphabeta_strategy,
    blocked,
    branching,
    evaluate,
    order_moves,
    race,
    random_opening,
    random_strategy,
    remaining_work,
    search,
    search_depth,
    seeded_game,
    settle,
    side_work,
    timed,
    walled,
)
from .rules import (
    BLACK,
    PASS,
    SHAPES,
    SIDES,
    SIZE,
    SOLO_WIDTH,
    WHITE,
    Corners,
    CornersState,
    Path,
    SoloPosition,
    SoloSolution,
    home_cells,
    parse_path,
    path_text,
    solo,
    solo_bound,
    solo_moves,
    solo_problem,
    solo_search,
    solo_start,
    solo_target,
)
from .source import INFINITY, MAX_PLY, ST_TAB, SourceChoice, source_choice, source_strategy

__all__ = [
    "BLACK",
    "BLOCKED",
    "COMPUTERS",
    "DEEPER",
    "DEPTH",
    "ENTRIES",
    "INFINITY",
    "MAX_PLY",
    "OPENING",
    "PASS",
    "RACE_PLIES",
    "RACE_WEIGHT",
    "SCALE",
    "SHAPES",
    "SIDES",
    "SIZE",
    "SOLO_WIDTH",
    "ST_TAB",
    "WALLED",
    "WHITE",
    "Corners",
    "CornersState",
    "CornersStrategy",
    "Path",
    "SoloPosition",
    "SoloSolution",
    "SourceChoice",
    "alphabeta_strategy",
    "blocked",
    "branching",
    "evaluate",
    "home_cells",
    "order_moves",
    "parse_path",
    "path_text",
    "race",
    "random_opening",
    "random_strategy",
    "remaining_work",
    "search",
    "search_depth",
    "seeded_game",
    "settle",
    "side_work",
    "solo",
    "solo_bound",
    "solo_moves",
    "solo_problem",
    "solo_search",
    "solo_start",
    "solo_target",
    "source_choice",
    "source_strategy",
    "timed",
    "walled",
]


def _samples() -> tuple[Corners, ...]:
    return (Corners(pieces=9, move_limit=30), Corners(pieces=10, move_limit=40, leave_home_by=20), Corners())


#: The game as the course offers it (see :mod:`coursekit.games`): E's mended player faces a person,
#: and plays both sides when no person plays.
ENTRIES = (GameEntry(
    "corners", "Corners (Уголки)", "E", Corners, Corners.from_spec, _samples,
    board="CornersBoard", commands=("play", "solve"),
    computers=tuple(COMPUTERS), opponent="fixed", transcript=("fixed", "fixed"),
),)


#: The board, imported when first asked for (it needs Jupyter's widgets).
__getattr__ = lazy_boards(__name__, "CornersBoard")
