"""Jupyter boards: play a game against the computer by clicking, or replay a record.

The only part of coursekit that imports ipywidgets and anywidget; ``import coursekit`` does
not import them. Every board is the course's one board widget (:class:`~coursekit.boards.board.Board`,
an anywidget): the game's SVG picture (the lessons' own views), a status line and controls.
A click, a tap or the keyboard on the picture makes a move; the games' boards share, through
:class:`~coursekit.boards.game.GameBoard`, New game, Undo, Hints, who plays each seat (you
or a computer player), Step and ▶ Run for computers, Speed and a Replay slider.

- :class:`BasketBoard`: the basket (source B): B's player with its difficulty, Nim-sum hints.
- :class:`BeansBoard`: the beans game (article, section 2).
- :class:`BullsBoard`: bulls and cows (source C): type guesses; the mutual game; watch the computer's guessers.
- :class:`CornersBoard`: corners (source E): click a piece, then its landing cells; E's players or alpha-beta answer.
- :class:`CrawlerBoard`: the crawler (source C): click lattice points to draw the line; C's player or the solver.
- :class:`KingBoard`: the one-way king on a grid (article, sections 3-4).
- :class:`MinesBoard`: minesweeper (G3.2): reveal, flag, the chances as hints; watch a computer player.
- :class:`MinesDuelBoard`: minesweeper for two (G3.3): reveal in turn against the computer, each player's
  discovered mines lettered A or B; the chances as hints; watch two computers.
- :class:`PieceBoard`: the one-way king, queen, rook or knight, with two or three players (section 5).
- :class:`PathBoard`: shortest king paths; watch BFS and A* expand their cells (section 6).
- :class:`PursuitBoard`: Tom and Jerry, one or two pursuers; place the pieces, run the chase (sections 6-7).
- :class:`TicTacToeBoard`: tic-tac-toe and m, n, k-games for 2 to 4 players; hints and the search tree (G3.1).
- :class:`WordsBoard`: word guessing (source C): guess letters or the word, or watch a computer guesser.
- :class:`ReplayBoard`: step through any game's record, move by move.

Each game's board lives in its folder (``coursekit/games/<game>/board.py``) and is also
reachable here by name, imported when first asked for. Put a board last in a cell (or
``display`` it) to see it. Where no kernel draws it (a saved or exported notebook, the
lesson site) it is a still picture of its last state.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

# Boards whose games have not yet moved into their own folder, by name: the module that holds each.
_HERE = {
    "ReplayBoard": "replay",
}


def _boards() -> dict[str, str]:
    """Every board by name: the module that holds it (a game's ``board`` module, or one here)."""
    from ..games import GAMES

    found = {name: f"{__name__}.{module}" for name, module in _HERE.items()}
    for entry in GAMES.values():
        if entry.board and ":" not in entry.board:
            found[entry.board] = f"{entry.package}.board"
        if entry.package:  # a folder with more than one board names them all in ``BOARDS``
            for name in getattr(sys.modules[entry.package], "BOARDS", ()):
                found[name] = f"{entry.package}.board"
    return found


def __getattr__(name: str) -> Any:
    module = _boards().get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_boards()])


__all__ = sorted(_boards())
