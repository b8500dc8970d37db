"""What every ``make_psNN.py`` shares: nbgrader cells, the grading table, writing and checking.

Each problem set has a small script, ``make_psNN.py``, that holds its cells' text and its
parts as an :class:`Assignment` named ``ASSIGNMENT`` (each :class:`Part` carries its own
cells, with their grade_ids and points), and calls :func:`main`. Problem sets are found
from these files. Run it after editing a cell (``python assignments/make_ps03.py``);
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
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
HIDDEN = "### BEGIN HIDDEN TESTS"

Kind = Literal["given", "code", "solution", "tests"]


@dataclass(frozen=True)
class Cell:
    """One notebook cell: its kind, its grade_id, its text, and its points (test cells only)."""

    kind: Kind
    grade_id: str
    text: str
    points: float = 0

    @property
    def hidden(self) -> bool:
        """A test cell whose tests students never see."""
        return self.kind == "tests" and HIDDEN in self.text

    def nbformat_cell(self) -> Any:
        """The cell with its nbgrader metadata (schema 3)."""
        grade = self.kind == "tests"
        meta: dict[str, Any] = {
            "grade": grade,
            "grade_id": self.grade_id,
            "locked": self.kind != "solution",
            "schema_version": 3,
            "solution": self.kind == "solution",
        }
        if grade:
            meta["points"] = self.points
        make = new_markdown_cell if self.kind == "given" else new_code_cell
        return make(self.text.rstrip("\n"), metadata={"nbgrader": meta})


def given(grade_id: str, text: str, *, code: bool = False) -> Cell:
    """A read-only cell (Markdown, or code with ``code=True``)."""
    return Cell("code" if code else "given", grade_id, text)


def solution(grade_id: str, text: str) -> Cell:
    """A cell the student writes in."""
    return Cell("solution", grade_id, text)


def tests(grade_id: str, text: str, points: float) -> Cell:
    """A graded, read-only test cell worth ``points``."""
    if points <= 0:
        raise ValueError(f"{grade_id}: a test cell needs points")
    return Cell("tests", grade_id, text, points)


@dataclass(frozen=True)
class Part:
    """One function to write, with its own cells: text, solution, visible and hidden test cells.

    The grade_ids and points live in the cells, so a part is described once.
    """

    number: str
    function: str
    cells: tuple[Cell, ...]

    @property
    def tests(self) -> list[Cell]:
        return [cell for cell in self.cells if cell.kind == "tests"]

    @property
    def visible_points(self) -> float:
        return sum(cell.points for cell in self.tests if not cell.hidden)

    @property
    def hidden_points(self) -> float:
        return sum(cell.points for cell in self.tests if cell.hidden)

    @property
    def grade_ids(self) -> list[str]:
        """The test cells' grade_ids, in order."""
        return [cell.grade_id for cell in self.tests]

    @property
    def solution_ids(self) -> list[str]:
        return [cell.grade_id for cell in self.cells if cell.kind == "solution"]


def scheme_table(parts: Sequence[Part]) -> str:
    """The grading scheme of ``parts`` as a Markdown table."""
    rows = ["| Part | Function | Points: visible tests | Points: hidden tests | Points in all |",
            "|---|---|---:|---:|---:|"]
    for part in parts:
        visible, hidden = part.visible_points, part.hidden_points
        rows.append(f"| {part.number} | `{part.function}` | {visible:g} | {hidden:g} | {visible + hidden:g} |")
    visible = sum(p.visible_points for p in parts)
    hidden = sum(p.hidden_points for p in parts)
    rows.append(f"| | **Total** | {visible:g} | {hidden:g} | **{visible + hidden:g}** |")
    return "\n".join(rows)


def handing_in(name: str, more: str = "") -> Cell:
    """The closing cell every problem set shares: how to check your work before handing in.

    ``more`` is the set's own last words (a question to try, a measurement), put before the
    last paragraph.
    What ``nbgrader validate`` prints is quoted as nbgrader 0.9 prints it.
    """
    more = f"\n{more.strip()}\n" if more.strip() else ""
    text = f"""\
## How to check your work before handing in

1. **Run everything from a fresh start**: *Kernel → Restart Kernel and Run All Cells*. A
   function that only works because of a cell you ran earlier (and since deleted or changed)
   fails here, and it would fail when your notebook is graded.
2. **The visible tests pass**: each visible test cell prints `...: the visible tests pass`,
   and no cell shows an error. The hidden tests are not in
   your notebook; the specification of each function says what they try.
3. **Validate the notebook** as the grader will read it. In a terminal, go to the folder that
   holds your notebook and run

   ```
   nbgrader validate {name}.ipynb
   ```

   It runs the whole notebook from a fresh start, as in step 1, and must end with

   ```
   Success! Your notebook passes all the tests.
   ```

   On the notebook as you received it, it says instead
   `VALIDATION FAILED ON ... CELL(S)! If you submit your assignment as it is, you WILL NOT
   receive full credit.` and shows each failing visible test with its message (at first:
   `... raised NotImplementedError`, the function is not written yet). Anything other than
   the `Success!` line means there is still work to do.

   A few log lines may come before that answer: `[ValidateApp | INFO] Validating ...`,
   `[ValidateApp | WARNING] No nbgrader_config.py file found` (your folder is not the course
   folder, which holds that file: nothing is wrong with your notebook) and, with recent
   Jupyter versions, a kernel note that it runs over TCP without encryption (on your own
   computer, harmless too). Any other warning is about your notebook and needs fixing. For
   example, `THE CONTENTS OF 1 TEST CELL(S) HAVE CHANGED!` means that a read-only test cell
   was edited: the grader runs its own copy of that cell, so passing your edited one proves
   nothing. Download a fresh copy of the notebook and copy your functions into it.
{more}
Hand in the notebook with the same name, `{name}.ipynb`, without renaming, copying or
deleting cells: the grader finds your functions and its tests by the cells' names.
"""
    return given("end", text)


@dataclass(frozen=True)
class Assignment:
    """A problem set: its name (``ps03``), the cells before its parts, its parts, the cells after."""

    name: str
    opening: tuple[Cell, ...]
    parts: tuple[Part, ...]
    closing: tuple[Cell, ...] = ()
    #: helpers of the setup cells whose every use the grader answers and counts itself
    #: (``coursekit.grading.sandbox``): a quantity such as the cells a search expands is then
    #: measured by the grader, not reported by the student's code
    measured: tuple[str, ...] = ()
    #: the course modules that hold the reference of the functions asked (the grader flags a
    #: submission that uses one for a person's review: :mod:`coursekit.grading.review`)
    references: tuple[str, ...] = ()

    @property
    def cells(self) -> list[Cell]:
        return [*self.opening, *(cell for part in self.parts for cell in part.cells), *self.closing]

    @property
    def asked(self) -> list[str]:
        """The functions the student writes (each part's, once): the test cells may take these
        names from the student's cells, and no other (``coursekit.grading.trusted``)."""
        return list(dict.fromkeys(part.function.split("(")[0].strip() for part in self.parts))

    @property
    def points(self) -> dict[str, float]:
        """The points of every test cell, by grade_id."""
        return {cell.grade_id: cell.points for cell in self.cells if cell.kind == "tests"}

    @property
    def solution_ids(self) -> list[str]:
        return [cell.grade_id for cell in self.cells if cell.kind == "solution"]

    @property
    def target(self) -> Path:
        return HERE / "source" / self.name / f"{self.name}.ipynb"

    def notebook(self) -> Any:
        """The source notebook, with stable cell ids (the file does not change on each run)."""
        cells = self.cells
        ids = [cell.grade_id for cell in cells]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.name}: a grade_id is used twice: {sorted(i for i in ids if ids.count(i) > 1)}")
        made = []
        for index, cell in enumerate(cells):
            made.append(cell.nbformat_cell())
            made[-1]["id"] = f"{cell.grade_id.replace('_', '-')}-{index:02d}"
        return new_notebook(
            cells=made,
            metadata={
                "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                "language_info": {"name": "python"},
                "coursekit": {"asked": self.asked,
                              **({"measured": list(self.measured)} if self.measured else {}),
                              **({"references": list(self.references)} if self.references else {})},
            },
        )

    def text(self) -> str:
        """The notebook as the file holds it."""
        return nbformat.writes(self.notebook()) + "\n"


def main(assignment: Assignment, argv: Sequence[str]) -> int:
    """Write the notebook; with ``--check``, only say whether the file is up to date."""
    target = assignment.target
    if "--check" in argv:
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != assignment.text():
            print(f"{target} is out of date: run python assignments/make_{assignment.name}.py")
            return 1
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(assignment.text(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


def problem_sets() -> list[str]:
    """The problem sets, found from their generators ``make_psNN.py``: ``["ps01", "ps02", ...]``."""
    return sorted(path.stem.removeprefix("make_") for path in HERE.glob("make_ps*.py"))


def load(name: str) -> Assignment:
    """The :class:`Assignment` that ``make_<name>.py`` describes (its ``ASSIGNMENT``)."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    module = importlib.import_module(f"make_{name}")
    assignment: Assignment = module.ASSIGNMENT
    return assignment


def main_all(argv: Sequence[str]) -> int:
    """Write (or ``--check``) every problem set."""
    return max((main(load(name), argv) for name in problem_sets()), default=0)


if __name__ == "__main__":
    sys.exit(main_all(sys.argv[1:]))
