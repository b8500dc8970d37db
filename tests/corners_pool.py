"""The pools of ps09's hidden openings in the tests: the test key's pool, and how to build pools again.

An opening belongs in a pool when the reference evaluation (the set-up and solution cells of
assignments/source/ps09/ps09.ipynb, written from assignments/ps09/) earns full points on it from both sides:
:func:`coursekit.games.corners.openings.full_marks`. Two pools are written down here and in the package:

- :data:`TEST_POOL`, the pool that ``coursekit grade`` builds for the test key
  (``tests/nbgrader_course.py``): every test copy of the course gets it written beside the key,
  so that no test builds it (a few minutes). Build it again (when the reference, E's player,
  the course's player or the rules change) with::

      PYTHONPATH=. .venv/bin/python tests/corners_pool.py test

- :data:`coursekit.games.corners.openings.PRACTICE_POOL`, the public pool of the practice cases
  (``... tests/corners_pool.py practice``): the first 24 openings from 0 up that pass.

Each candidate costs about 5 s of CPU time; about a third fail.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from coursekit.games.corners import openings
from coursekit.games.corners.openings import POOL_SIZE, build_pool, full_marks, reference_evaluate

ASSIGNMENTS = Path(__file__).resolve().parent.parent / "assignments"

#: The pool of the test key (see the module): ``build_pool(TEST_KEY, reference_code(...))``.
TEST_POOL: tuple[int, ...] = (2043406564, 1403238746, 1349782292, 1682025344, 947261865, 1358070564, 1107321720,
                              1626289574, 1688788022, 1681093440, 1045005218, 394462978, 113554502, 68334174,
                              849201472, 303260103, 1075461855, 70826989, 1878929984, 1564184945, 76018055, 57573565,
                              97351732, 264777332)


def reference_code() -> str:
    """The code of the course's source notebook that defines the reference, as ``coursekit grade`` reads it."""
    return openings.reference_code(ASSIGNMENTS)


def reference() -> Callable[..., Any]:
    """The reference ``evaluate``, as the solution notebook defines it."""
    return reference_evaluate(reference_code())


def practice(size: int) -> list[int]:
    """The first ``size`` openings from 0 up on which the reference evaluation earns full points."""
    evaluate = reference()
    pool: list[int] = []
    number = 0
    while len(pool) < size:
        if all(share == 1.0 for share in full_marks(evaluate, number).values()):
            pool.append(number)
        number += 1
    return pool


if __name__ == "__main__":
    if sys.argv[1:] == ["practice"]:
        print(practice(POOL_SIZE))
    elif sys.argv[1:] == ["test"]:
        from nbgrader_course import TEST_KEY

        print(build_pool(TEST_KEY, reference_code(), jobs=2, progress=lambda found, tried: print(
            f"{found} found, {tried} tried", file=sys.stderr)))
    else:
        sys.exit("usage: tests/corners_pool.py practice|test")
