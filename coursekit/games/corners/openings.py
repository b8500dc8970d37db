"""The hidden openings of the corners assignment (ps09): a pool of the course's own, drawn from its key.

A hidden game of ps09 starts from an opening (a number for
:func:`~coursekit.games.corners.random_opening`) on which the course's reference evaluation
earns full points from both sides against both opponents, so that a reference solution gets
full marks. If that pool were public, a student could play every opening of it ahead and store
the positions: a table, not an evaluation, would earn the points. So each course draws its own:

- :func:`candidates` lists opening numbers from 0 to 2**31, in an order only the course key
  gives (an HMAC of the key seeds the draw);
- :func:`build_pool` keeps the first :data:`POOL_SIZE` of them on which the reference, the
  evaluation of the instructor's source notebook (:func:`reference_code`), earns full points
  (:func:`full_marks`: about 5 s of CPU time an opening; a third fail);
- :func:`ensure_pool` writes the pool beside the key (:data:`POOL_FILE`, readable by its owner
  only), with a digest of the key and of the reference: ``coursekit grade`` builds it before
  grading ps09 when it is missing or the key or the reference changed (a few minutes, once), through
  :func:`before_grading`, the hook that the game's entry names.

A hidden cell asks for its opening with :func:`hidden_opening`. While the grader runs it, that
is the course pool's opening picked by the student's hidden seed; anywhere else (a student's
notebook, the instructor's ``nbgrader validate``) it is an opening of :data:`PRACTICE_POOL`, a
public pool that grades nothing.

>>> from coursekit.grading.secret import _NOTED
>>> _NOTED.discard("example")  # the practice note is printed once per test and process
>>> hidden_opening("example", 1).name  # doctest: +ELLIPSIS
Note: example runs without the course key ...
'opening ... of the pool of 24'
>>> [n for n in candidates(bytes(32), count=3)] == [n for n in candidates(bytes(32), count=3)]
True
>>> list(candidates(bytes(32), count=3)) != list(candidates(b"another key of the course 32 byte", count=3))
True
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import io
import json
import os
import random
import secrets
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import nbformat

from ...grading.kernel import NoCases
from ...grading.secret import bound, hidden_seed

#: The pool's file, beside the course key in the course root.
POOL_FILE = "course.ps09-openings.json"
#: The assignment whose hidden games use the pool.
ASSIGNMENT = "ps09"
#: Openings in a pool.
POOL_SIZE = 24
#: Opening numbers are drawn from 0 to this (exclusive).
NUMBERS = 2**31
#: The openings of the practice pool: where no course key is bound (a student's notebook, ``nbgrader
#: validate``), a hidden cell plays one of these. They are public and grade nothing: the first 24 openings
#: from 0 up on which the reference earns full marks (tests/test_grading_ps09.py checks them).
PRACTICE_POOL: tuple[int, ...] = (2, 3, 6, 8, 10, 14, 16, 17, 19, 27, 28, 30, 31, 32, 34, 38, 39, 41, 42, 43, 44,
                                  45, 47, 48)


def _checks() -> Any:
    """The corners checks (``Opening``, ``pool_opening``, the games), imported when first needed."""
    from . import checks

    return checks


class PoolMissing(NoCases):
    """The course's pool cannot be read while grading: the submission goes to a person, never points."""


def _digest(key: bytes, *parts: str) -> str:
    return hmac.new(key, json.dumps(list(parts)).encode("utf-8"), hashlib.sha256).hexdigest()


def candidates(key: bytes, count: int | None = None) -> Iterator[int]:
    """Opening numbers in the course's own order (an HMAC of ``key`` seeds it), ``count`` of them or endless.

    The numbers are distinct, and none of them is an opening of :data:`PRACTICE_POOL`.
    """
    draw = random.Random(int(_digest(key, "ps09 openings"), 16))
    seen: set[int] = set(PRACTICE_POOL)
    given = 0
    while count is None or given < count:
        number = draw.randrange(NUMBERS)
        if number in seen:
            continue
        seen.add(number)
        given += 1
        yield number


def reference_code(root: str | os.PathLike[str], assignment: str = ASSIGNMENT) -> str:
    """The code of the instructor's source notebook of ``assignment`` that defines the reference:
    every code cell that is not a test cell (the set-up and the solution), in order.

    Raises :class:`FileNotFoundError` when the source notebook is not there.
    """
    path = Path(root) / "source" / assignment / f"{assignment}.ipynb"
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    kept = [cell.source for cell in notebook.cells
            if cell.cell_type == "code" and not cell.get("metadata", {}).get("nbgrader", {}).get("grade", False)]
    return "\n\n".join(kept)


def reference_evaluate(code: str) -> Callable[..., Any]:
    """``evaluate`` as ``code`` (see :func:`reference_code`) defines it; what the code prints is dropped.

    >>> reference_evaluate("def evaluate(rules, state):\\n    return 0")(None, None)
    0
    """
    space: dict[str, Any] = {"__name__": "__reference__"}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "<reference>", "exec"), space)
    function = space.get("evaluate")
    if not callable(function):
        raise ValueError("the reference code defines no function evaluate")
    return function  # type: ignore[no-any-return]


def full_marks(evaluate: Callable[..., Any], number: int) -> dict[str, float]:
    """The share of the points ``evaluate`` earns on opening ``number`` against each opponent (1.0 is full marks)."""
    shares = {}
    for opponent in ("E", "course"):
        checks = _checks()
        games = checks.play_games(evaluate, opponent, [number])
        shares[opponent] = checks.games_share(opponent, sum(g.score for g in games), len(games))
    return shares


_CACHED: dict[str, Callable[..., Any]] = {}


def _passes(code: str, number: int) -> bool:
    """Whether the reference of ``code`` earns full marks on opening ``number`` (in a worker: its reference cached)."""
    if code not in _CACHED:
        _CACHED.clear()
        _CACHED[code] = reference_evaluate(code)
    return all(share == 1.0 for share in full_marks(_CACHED[code], number).values())


def build_pool(key: bytes, code: str, size: int = POOL_SIZE, *, jobs: int = 1,
               progress: Callable[[int, int], None] | None = None) -> tuple[int, ...]:
    """The first ``size`` of the course's :func:`candidates` on which the reference of ``code`` earns full marks.

    ``jobs`` processes check candidates at once (the result does not depend on it);
    ``progress(found, tried)`` is called after each candidate.
    """
    found: list[int] = []
    tried = 0
    numbers = candidates(key)
    if jobs <= 1:
        for number in numbers:
            tried += 1
            if _passes(code, number):
                found.append(number)
            if progress:
                progress(len(found), tried)
            if len(found) == size:
                break
        return tuple(found)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        while len(found) < size:
            batch = [next(numbers) for _ in range(jobs)]
            for number, passes in zip(batch, pool.map(_passes, [code] * len(batch), batch), strict=True):
                tried += 1
                if passes and len(found) < size:
                    found.append(number)
                if progress:
                    progress(len(found), tried)
    return tuple(found)


def pool_path(root: str | os.PathLike[str]) -> Path:
    """Where the pool of the course in ``root`` lives.

    >>> pool_path("/srv/course").as_posix()
    '/srv/course/course.ps09-openings.json'
    """
    return Path(root) / POOL_FILE


def _stamp(key: bytes, code: str) -> dict[str, str]:
    return {"key": _digest(key, "ps09 pool file"), "reference": hashlib.sha256(code.encode("utf-8")).hexdigest()}


def write_pool(root: str | os.PathLike[str], key: bytes, code: str, openings: Sequence[int]) -> Path:
    """Write ``openings`` as the pool of the course in ``root`` (owner only), stamped with ``key`` and ``code``."""
    path = pool_path(root)
    aside = path.with_name(f".{POOL_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        json.dump({**_stamp(key, code), "openings": [int(n) for n in openings]}, handle)
        handle.write("\n")
    os.replace(aside, path)
    return path


def read_pool(root: str | os.PathLike[str], key: bytes, code: str) -> tuple[int, ...] | None:
    """The pool of the course in ``root`` if it was built for ``key`` and ``code``; ``None`` if missing or stale."""
    try:
        data = json.loads(pool_path(root).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or any(data.get(k) != v for k, v in _stamp(key, code).items()):
        return None
    openings = data.get("openings")
    if not (isinstance(openings, list) and len(openings) == POOL_SIZE
            and all(type(n) is int and 0 <= n < NUMBERS for n in openings)):
        return None
    return tuple(openings)


def before_grading(root: str | os.PathLike[str], assignment: str, key: bytes, *, jobs: int = 1,
                   say: Callable[[str], None] | None = None) -> None:
    """What ``coursekit grade`` does first (the game's entry names it): when a notebook of ``assignment`` plays
    the course's hidden openings (``hidden_opening(`` in its source), the pool is made ready (:func:`ensure_pool`)."""
    folder = Path(root) / "source" / assignment
    if any("hidden_opening(" in path.read_text(encoding="utf-8", errors="replace") for path in folder.glob("*.ipynb")):
        ensure_pool(root, key, jobs=jobs, say=say)


def ensure_pool(root: str | os.PathLike[str], key: bytes, *, jobs: int = 1,
                say: Callable[[str], None] | None = None) -> tuple[int, ...]:
    """The course's pool, built and written first when it is missing or stale (see the module)."""
    code = reference_code(root)
    pool = read_pool(root, key, code)
    if pool is not None:
        return pool

    def progress(found: int, tried: int) -> None:
        if say:
            say(f"ps09's hidden openings: {found} of {POOL_SIZE} found, {tried} tried")

    if say:
        say(f"Building ps09's pool of {POOL_SIZE} hidden openings from the course key, once: each candidate "
            f"takes about 5 s of CPU time, {jobs} at a time")
    pool = build_pool(key, code, jobs=jobs, progress=progress)
    write_pool(root, key, code, pool)
    return pool


def hidden_opening(part: str, cell: int) -> Any:
    """The opening (an ``Opening`` of the corners checks) of hidden test cell ``cell`` (1, 2, ...) of ``part``
    (its grade_id): while grading, the course pool's opening picked by the student's hidden seed; elsewhere, a
    practice opening.

    While grading, a missing or stale pool file raises :class:`PoolMissing` (the notebook goes to a
    person): run ``coursekit grade``, which builds it.
    """
    seed = hidden_seed(part)
    here = bound()
    if here is None:
        return _checks().pool_opening(seed, cell, PRACTICE_POOL)
    root = here.root or os.getcwd()
    try:
        code = reference_code(root)
    except (OSError, ValueError) as error:
        raise PoolMissing(f"the source notebook of {ASSIGNMENT} cannot be read in {root} ({error}): the hidden "
                          "openings are checked against it") from None
    pool = read_pool(root, here.key, code)
    if pool is None:
        raise PoolMissing(f"the course's pool of hidden openings ({pool_path(root)}) is missing or was built for "
                          "another key or reference: grade with coursekit grade, which builds it")
    return _checks().pool_opening(seed, cell, pool)


__all__ = ["ASSIGNMENT", "NUMBERS", "POOL_FILE", "POOL_SIZE", "PRACTICE_POOL", "PoolMissing", "before_grading",
           "build_pool", "candidates", "ensure_pool", "full_marks", "hidden_opening", "pool_path", "read_pool",
           "reference_code", "reference_evaluate", "write_pool"]
