"""One entry per game: what the rest of the course needs to know to offer it.

Each game module declares its entries (``ENTRIES``); :mod:`coursekit.games` gathers them in
``GAMES``. Reading saved records, the conformance test, the terminal's lists, the boards
and the API pages all start from there, so adding a game touches its own module and the
list of families, nothing else.

>>> from coursekit.games import GAMES
>>> entry = GAMES["tictactoe"]
>>> entry.title, entry.source, entry.commands
('Tic-tac-toe (m, n, k-games)', 'A §5 G3.1; D', ('play', 'solve', 'count'))
>>> entry.from_spec(entry.samples()[0].spec()) == entry.samples()[0]
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameEntry:
    """A game as the course offers it.

    - ``name``: the game's name in specs, saved records and the terminal (``coursekit play NAME``);
    - ``title`` and ``source``: how lessons and pages name it, and where its rules come from;
    - ``rules``: the rules class; ``from_spec`` rebuilds rules from ``rules.spec()``;
    - ``samples``: a few configurations (small and typical) that tests play through;
    - ``board``: where its board widget lives, ``"module:Class"`` (imported only when asked for,
      so that the library never loads Jupyter);
    - ``commands``: the terminal commands that take it (``("play", "table")``).
    """

    name: str
    title: str
    source: str
    rules: type
    from_spec: Callable[[dict[str, Any]], Any]
    samples: Callable[[], tuple[Any, ...]]
    board: str = ""
    commands: tuple[str, ...] = ("play",)

    def board_class(self) -> type:
        """The board widget's class (imports the widgets, and so ipywidgets)."""
        if not self.board:
            raise LookupError(f"{self.name} has no board")
        module, _, name = self.board.partition(":")
        found: type = getattr(importlib.import_module(module), name)
        return found
