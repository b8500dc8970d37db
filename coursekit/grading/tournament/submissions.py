"""The class's entrants, read from a course's ``submitted/`` folder as data (by intake), and pseudonyms."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .play import Contest, Entrant


class TournamentError(Exception):
    """The tournament cannot be played here (no course folder, no such assignment, no submissions): one line."""


def _role(cell: dict[str, Any]) -> str:
    """``"test"``, ``"setup"``, ``"student"`` or ``"markdown"``, as the grader reads a cell's nbgrader marks."""
    if cell.get("cell_type") != "code":
        return "markdown"
    marks = cell.get("metadata", {}).get("nbgrader", {})
    marks = marks if isinstance(marks, dict) else {}
    if marks.get("solution"):
        return "student"
    return "test" if marks.get("grade") else "setup" if marks.get("locked") else "student"


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def notebook_cells(notebook: dict[str, Any], grade_id: str) -> tuple[str, ...] | None:
    """The code a student's strategy needs: the notebook's setup and student cells, in order (what the
    grader runs, the tests left out); ``None`` if no cell has the solution's ``grade_id``.

    >>> cell = {"cell_type": "code", "source": "def f(): ...", "metadata": {"nbgrader": {"grade_id": "f",
    ...         "solution": True}}}
    >>> notebook_cells({"cells": [cell]}, "f"), notebook_cells({"cells": [cell]}, "g")
    (('def f(): ...',), None)
    """
    cells = [c for c in notebook.get("cells", []) if isinstance(c, dict)]
    if not any(c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == grade_id for c in cells):
        return None
    return tuple(_source(c) for c in cells if _role(c) in ("setup", "student"))


def class_entrants(root: Path, contest: Contest) -> tuple[list[Entrant], dict[str, str]]:
    """Every student's entrant from ``submitted/<student>/<assignment>/`` of the course at ``root``, read
    as data by intake (:func:`coursekit.grading.intake.take_in`), and why the others cannot play.

    A submission without the strategy's cell still plays (and loses every game, saying why).
    """
    from ..intake import take_in

    if not (root / "nbgrader_config.py").is_file():
        raise TournamentError(f"{root} is not a course folder: it has no nbgrader_config.py")
    source = root / "source" / contest.assignment
    if not source.is_dir():
        raise TournamentError(f"there is no assignment {contest.assignment!r} in {root / 'source'}")
    notebooks = sorted(path.stem for path in source.glob("*.ipynb"))
    folder = root / "submitted"
    students = sorted(n for n in (os.listdir(folder) if folder.is_dir() else [])
                      if os.path.lexists(folder / n / contest.assignment))
    if not students:
        raise TournamentError(f"no submission of {contest.assignment} in {folder}")
    entrants: list[Entrant] = []
    refused: dict[str, str] = {}
    for student in students:
        intake = take_in(root, contest.assignment, student, notebooks)
        if intake.refused:
            refused[student] = " ".join(intake.refused)
            continue
        found: tuple[str, ...] | None = None
        for text in intake.notebooks.values():
            found = found or notebook_cells(json.loads(text), contest.grade_id)
        entrants.append(Entrant(student, found or (f"raise NameError('no cell {contest.grade_id} in the notebook')",)))
    return entrants, refused


def pseudonyms(names: Sequence[str], seed: int) -> dict[str, str]:
    """A pseudonym for each name (``student 1``, ...), numbered in an order drawn from ``seed``.

    >>> sorted(pseudonyms(["ann", "bob"], 0).values())
    ['student 1', 'student 2']
    """
    order = sorted(names)
    random.Random(seed).shuffle(order)
    return {name: f"student {number}" for number, name in enumerate(order, 1)}


__all__ = ["TournamentError", "class_entrants", "notebook_cells", "pseudonyms"]
