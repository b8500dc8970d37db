"""The crawler (Ползунок, source C): the game's folder.

Two players draw unit segments along the lines of a ``width`` x ``height`` lattice of points
(C: 6 x 5), building one line: the first segment anywhere, each later one at either end of
the line, never straight back. Whoever's new point already lies on the line has closed it
and wins.

Everything about the game is here: its rules and the exact solver's driver
(:mod:`~coursekit.games.crawler.rules`), C's computer player (:mod:`~coursekit.games.crawler.source`),
the computer players (:mod:`~coursekit.games.crawler.players`), its text and pictures
(:mod:`~coursekit.games.crawler.view`), its board (:mod:`~coursekit.games.crawler.board`,
``CrawlerBoard``), the checks the assignments grade with (:mod:`~coursekit.games.crawler.checks`)
and its terminal commands (:mod:`~coursekit.games.crawler.cli`).

>>> from coursekit.games import crawler
>>> rules = crawler.Crawler(3, 2)
>>> [crawler.segment_text(m) for m in crawler.search(rules).best_moves]
['1,0-1,1', '1,1-1,0']
>>> crawler.source_choice(crawler.Crawler(), crawler.Crawler().initial_state()).move == crawler.SOURCE_OPENING
True
"""

from __future__ import annotations

from ...core.registry import GameEntry, lazy_boards
from . import players, rules, source
from .players import *  # noqa: F403 (the package exports what its players module does)
from .players import COMPUTERS
from .rules import *  # noqa: F403 (the package exports what its rules module does)
from .rules import Crawler
from .source import *  # noqa: F403 (the package exports what its source module does)

__all__ = ["ENTRIES", *rules.__all__, *source.__all__, *players.__all__]


def _samples() -> tuple[Crawler, ...]:
    return (Crawler(2, 2), Crawler(3, 2), Crawler(6, 5))


#: The game as the course offers it (see :mod:`coursekit.games`): C's player faces a person,
#: and plays both seats when no person plays.
ENTRIES = (GameEntry(
    "crawler", "The crawler (Ползунок)", "C", Crawler, Crawler.from_spec, _samples,
    board="CrawlerBoard", commands=("play", "solve"),
    computers=tuple(COMPUTERS), opponent="source", transcript=("source", "source"),
    values=(Crawler, rules.CrawlerState),
),)


#: The board, imported when first asked for (it needs Jupyter's widgets).
__getattr__ = lazy_boards(__name__, "CrawlerBoard")
