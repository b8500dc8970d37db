"""Before nbgrader reads a submission: rebuild its structure from the released notebook.

nbgrader stops on some notebooks a student can make by accident or on purpose: a solution
cell whose marks were removed, a test cell pasted twice or renamed. This step (the first of
``c.Autograde.sanitize_preprocessors``) rebuilds every submission in the released notebook's
shape, so that each graded cell is present exactly once with the release's marks:

- each cell of the release, in order: the instructor's cells (text, setup, tests) as released
  (nbgrader then restores the hidden tests from the gradebook), and for each solution cell the
  student's cell with that id (the first one; the release's stub if there is none);
- every other cell of the student's (no marks, an unknown id, a second copy of an id) kept as
  a plain cell of the student's, after the cell it followed, so that its code still runs (in
  the sandbox) as the student wrote it.

What was repaired is noted in the notebook's metadata (``coursekit.repairs``) and the log.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

from .gradebook import KEY


def _grade_id(cell: Any) -> str | None:
    marks = cell.get("metadata", {}).get("nbgrader")
    grade_id = marks.get("grade_id") if isinstance(marks, dict) else None
    return grade_id if isinstance(grade_id, str) else None


def _plain(cell: Any) -> Any:
    """The cell as a plain cell of the student's (nbgrader's marks removed)."""
    metadata = {k: v for k, v in cell.get("metadata", {}).items() if k != "nbgrader"}
    cell.metadata = metadata
    return cell


def rebuild(submitted: Any, release: Any) -> tuple[Any, list[str]]:
    """``submitted`` in ``release``'s shape (see the module), and what had to be repaired.

    >>> from nbformat.v4 import new_code_cell, new_notebook
    >>> mark = lambda i, **k: {"nbgrader": {"grade_id": i, "schema_version": 3, **k}}
    >>> release = new_notebook(cells=[new_code_cell("def f(): pass", metadata=mark("f", solution=True)),
    ...                               new_code_cell("check(f)", metadata=mark("t", grade=True, locked=True))])
    >>> student = new_notebook(cells=[new_code_cell("def f(): return 1"), new_code_cell("x = 2", metadata=mark("t"))])
    >>> nb, repairs = rebuild(student, release)
    >>> [(c.source, (c.metadata.get("nbgrader") or {}).get("grade_id")) for c in nb.cells]
    [('def f(): return 1', None), ('# This cell was missing from the submission.', 'f'), ('check(f)', 't')]
    >>> repairs
    ['the solution cell f was missing: an empty cell stands in for it.']
    """
    ids = {_grade_id(cell) for cell in release.cells} - {None}
    solutions = {_grade_id(c) for c in release.cells if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
    repairs: list[str] = []
    seen: dict[str, Any] = {}
    after: dict[str | None, list[Any]] = {}  # the student's extra cells, by the known cell they follow
    previous: str | None = None
    for cell in submitted.cells:
        grade_id = _grade_id(cell)
        if grade_id is not None and grade_id in ids and grade_id not in seen:
            seen[grade_id] = cell
            previous = grade_id
            continue
        if grade_id in ids:
            repairs.append(f"a second cell with the id {grade_id} is kept as a plain cell.")
        elif grade_id is not None:
            repairs.append(f"the id {grade_id} is not the release's: that cell is kept as a plain cell.")
        after.setdefault(previous, []).append(_plain(cell))
    cells = list(after.get(None, []))
    for released in release.cells:
        grade_id = _grade_id(released)
        if grade_id in solutions:
            mine = seen.get(grade_id) if grade_id is not None else None
            if mine is None:
                repairs.append(f"the solution cell {grade_id} was missing: an empty cell stands in for it.")
                stand_in = released.copy()
                stand_in.source = "# This cell was missing from the submission."
                cells.append(stand_in)
            else:
                mine.metadata = {**mine.get("metadata", {}), "nbgrader": dict(released.metadata["nbgrader"])}
                mine.cell_type = released.cell_type
                cells.append(mine)
        else:
            cells.append(released.copy())
        if grade_id is not None:
            cells.extend(after.get(grade_id, []))
    for cell in cells:
        if cell.get("cell_type") == "code":
            cell.setdefault("outputs", [])
            cell.setdefault("execution_count", None)
        else:
            cell.pop("outputs", None)
            cell.pop("execution_count", None)
    result = nbformat.from_dict(  # type: ignore[no-untyped-call]
        {**submitted, "cells": cells, "metadata": {**release.metadata}})
    return result, repairs


class RebuildFromRelease(Preprocessor):
    """The sanitizing step that puts each submission in the release's shape (see the module)."""

    enabled = Bool(True, help="Whether to rebuild submissions from the release.").tag(config=True)

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        info = resources.get("nbgrader", {})
        path = Path.cwd() / "release" / info.get("assignment", "") / f"{info.get('notebook', '')}.ipynb"
        if not path.is_file():
            self.log.warning("No released notebook at %s: the submission is graded as it is.", path)
            return nb, resources
        release = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        rebuilt, repairs = rebuild(nb, release)
        for repair in repairs:
            self.log.warning("Repaired: %s", repair)
        if repairs:
            rebuilt.metadata.setdefault(KEY, {})["repairs"] = repairs
        return rebuilt, resources


__all__ = ["RebuildFromRelease", "rebuild"]
