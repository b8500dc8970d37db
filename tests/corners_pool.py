"""The pool of ps09's hidden openings: the check of one opening, and the search that builds the pool.

An opening belongs in :data:`coursekit.grading.corners.OPENING_POOL` when the reference
evaluation (the solution cell of assignments/make_ps09.py) earns full points on it from both
sides: both games won against E's fixed player (3 x score / 2 of 3 points needs a score of 2),
and a score of at least 1 of 2 against the course's player (3 x min(1, score) of 3). Build the
pool again (when the course's evaluation, E's player or the rules change) with::

    PYTHONPATH=. .venv/bin/python tests/corners_pool.py 24

It prints the first 24 openings from 0 up that pass (about 5 s of CPU each, a third pass).
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from coursekit.grading.corners import games_share, play_games

ASSIGNMENTS = Path(__file__).resolve().parent.parent / "assignments"


def reference_evaluate() -> Callable[..., Any]:
    """The reference ``evaluate``, as the solution notebook defines it (the setup cell, then the solution cell)."""
    sys.path.insert(0, str(ASSIGNMENTS))
    import make_ps09

    space: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(make_ps09.SETUP, space)
        exec(make_ps09.EVALUATE, space)
    function: Callable[..., Any] = space["evaluate"]
    return function


def full_marks(evaluate: Callable[..., Any], number: int) -> dict[str, float]:
    """The share of the points ``evaluate`` earns on opening ``number`` against each opponent (1.0 is full marks)."""
    shares = {}
    for opponent in ("E", "course"):
        games = play_games(evaluate, opponent, [number])
        shares[opponent] = games_share(opponent, sum(g.score for g in games), len(games))
    return shares


def build(size: int) -> list[int]:
    """The first ``size`` openings from 0 up on which the reference evaluation earns full points."""
    evaluate = reference_evaluate()
    pool: list[int] = []
    number = 0
    while len(pool) < size:
        if all(share == 1.0 for share in full_marks(evaluate, number).values()):
            pool.append(number)
        number += 1
    return pool


if __name__ == "__main__":
    print(build(int(sys.argv[1]) if len(sys.argv) > 1 else 24))
