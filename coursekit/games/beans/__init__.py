"""White and black beans (article, section 2): the game's folder.

Two piles: ``white`` and ``black`` beans. A move takes one bean of either colour, or one
white and one black together. Whoever takes the last bean wins. A move is written as the
position it leads to, ``(white, black)``, as in the article's transcripts.

Everything about the game is here: its rules (:mod:`~coursekit.games.beans.rules`), its
computer players (:mod:`~coursekit.games.beans.players`), its text and pictures
(:mod:`~coursekit.games.beans.view`), its board (:mod:`~coursekit.games.beans.board`,
``BeansBoard``), the checks the assignments grade with (:mod:`~coursekit.games.beans.checks`)
and its terminal commands (:mod:`~coursekit.games.beans.cli`).

>>> from coursekit.games import beans
>>> beans.is_winning(3, 6), beans.winning_move(3, 6)
(True, (2, 6))
>>> rules = beans.Beans(3, 6)
>>> rules.legal_moves(rules.initial_state())
((2, 6), (3, 5), (2, 5))
"""

from __future__ import annotations

from typing import Any

from ...core.registry import GameEntry, lazy_boards
from . import players, rules
from .players import *  # noqa: F403 (the package exports what its players module does)
from .players import COMPUTERS
from .rules import *  # noqa: F403 (the package exports what its rules module does)
from .rules import Beans

__all__ = ["ENTRIES", *rules.__all__, *players.__all__]


def _from_spec(spec: dict[str, Any]) -> Beans:
    return Beans(spec["white"], spec["black"])


#: The game as the course offers it (see :mod:`coursekit.games`).
ENTRIES = (GameEntry(
    "beans", "White and black beans", "A §2", Beans, _from_spec,
    samples=lambda: (Beans(3, 6), Beans(1, 0), Beans(7, 4)),
    board="BeansBoard", commands=("play", "table"),
    computers=tuple(COMPUTERS), opponent="perfect", transcript=("article", "random"),
    values=(Beans, rules.BeansState),
),)


#: The board, imported when first asked for (it needs Jupyter's widgets).
__getattr__ = lazy_boards(__name__, "BeansBoard")
