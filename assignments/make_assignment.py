"""What every ``make_psNN.py`` shares: nbgrader cells, the grading table, writing and checking.

Each problem set has a small script, ``make_psNN.py``, that holds its cells' text and its
parts, and calls :func:`main`. Run it after editing a cell (``python assignments/make_ps03.py``);
``--check`` only says whether ``source/psNN/psNN.ipynb`` is up to date (the test suite runs
it). ``python assignments/make_assignment.py [--check]`` does the same for every problem set.

Cell kinds (nbgrader metadata, schema 3):

- ``given``: read-only text or code (locked);
- ``solution``: where the student writes; ``### BEGIN SOLUTION`` / ``### END SOLUTION``
  mark the reference solution, which nbgrader replaces by a stub in the release;
- ``tests``: a graded test cell (locked, with points); ``### BEGIN HIDDEN TESTS`` /
  ``### END HIDDEN TESTS`` mark tests that students never see.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
PROBLEM_SETS = ("ps01", "ps02", "ps03", "ps04")


@dataclass(frozen=True)
class Part:
    """One function to write: its visible test cell and its hidden test cells, with points."""

    number: str
    function: str
    visible: tuple[str, int]
    hidden: tuple[tuple[str, int], ...]

    @property
    def visible_points(self) -> int:
        return self.visible[1]

    @property
    def hidden_points(self) -> int:
        return sum(points for _, points in self.hidden)

    @property
    def grade_ids(self) -> list[str]:
        return [self.visible[0], *(grade_id for grade_id, _ in self.hidden)]


@dataclass(frozen=True)
class Assignment:
    """A problem set: its name (``ps03``) and its parts; makes the cells and the notebook."""

    name: str
    parts: tuple[Part, ...]

    @property
    def points(self) -> dict[str, int]:
        """The points of every test cell, by grade_id."""
        return {grade_id: points for part in self.parts for grade_id, points in (part.visible, *part.hidden)}

    @property
    def target(self) -> Path:
        return HERE / "source" / self.name / f"{self.name}.ipynb"

    def scheme_table(self) -> str:
        """The grading scheme as a Markdown table."""
        rows = ["| Part | Function | Visible tests | Hidden tests | Points |", "|---|---|---:|---:|---:|"]
        for part in self.parts:
            visible, hidden = part.visible_points, part.hidden_points
            rows.append(f"| {part.number} | `{part.function}` | {visible} | {hidden} | {visible + hidden} |")
        visible = sum(p.visible_points for p in self.parts)
        hidden = sum(p.hidden_points for p in self.parts)
        rows.append(f"| | **Total** | {visible} | {hidden} | **{visible + hidden}** |")
        return "\n".join(rows)

    def _meta(self, grade_id: str, *, grade: bool = False, solution: bool = False,
              locked: bool = False) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "grade": grade,
            "grade_id": grade_id,
            "locked": locked,
            "schema_version": 3,
            "solution": solution,
        }
        if grade:
            meta["points"] = self.points[grade_id]
        return {"nbgrader": meta}

    def given(self, grade_id: str, text: str, *, code: bool = False) -> Any:
        """A read-only cell."""
        make = new_code_cell if code else new_markdown_cell
        return make(text.rstrip("\n"), metadata=self._meta(grade_id, locked=True))

    def solution(self, grade_id: str, text: str) -> Any:
        """A cell the student writes in."""
        return new_code_cell(text.rstrip("\n"), metadata=self._meta(grade_id, solution=True))

    def tests(self, grade_id: str, text: str) -> Any:
        """A graded, read-only test cell."""
        return new_code_cell(text.rstrip("\n"), metadata=self._meta(grade_id, grade=True, locked=True))

    def notebook(self, cells: Sequence[Any]) -> Any:
        """The source notebook of ``cells``, with stable cell ids (the file does not change on each run)."""
        graded = {cell.metadata["nbgrader"]["grade_id"] for cell in cells if cell.metadata["nbgrader"]["grade"]}
        if graded != set(self.points):
            raise ValueError(f"{self.name}: test cells {sorted(graded)}, but parts {sorted(self.points)}")
        for index, cell in enumerate(cells):
            cell["id"] = f"{cell.metadata['nbgrader']['grade_id'].replace('_', '-')}-{index:02d}"
        return new_notebook(
            cells=list(cells),
            metadata={
                "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                "language_info": {"name": "python"},
            },
        )


def text(build: Callable[[], Any]) -> str:
    """The notebook that ``build()`` makes, as the file holds it."""
    return nbformat.writes(build()) + "\n"


def main(assignment: Assignment, build: Callable[[], Any], argv: Sequence[str]) -> int:
    """Write the notebook; with ``--check``, only say whether the file is up to date."""
    target = assignment.target
    if "--check" in argv:
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != text(build):
            print(f"{target} is out of date: run python assignments/make_{assignment.name}.py")
            return 1
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text(build), encoding="utf-8")
    print(f"wrote {target}")
    return 0


def main_all(argv: Sequence[str]) -> int:
    """Write (or ``--check``) every problem set."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    status = 0
    for name in PROBLEM_SETS:
        module = importlib.import_module(f"make_{name}")
        status = max(status, module.main(list(argv)))
    return status


if __name__ == "__main__":
    sys.exit(main_all(sys.argv[1:]))
