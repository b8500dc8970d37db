"""The one generator of the problem sets: nbgrader cells, the grading table, writing and checking.

Each problem set has a folder, ``psNN/``:

- ``make.py``: its Markdown text, its parts (their cells, with grade_ids and points) and its
  settings, as an :class:`Assignment` named ``ASSIGNMENT``;
- ``setup.py``: the given code cells (the set-up cell first);
- ``solution.py``: the cells the student writes in, holding the reference solution;
- ``tests.py``: the graded test cells.

The three code files are real Python files, linted and type-checked: each notebook cell is the
text after a ``# %% <grade_id>`` line, up to the next such line (what stands before the first
one, a docstring and the imports that let the checkers see the names of the other files, is
not in the notebook). Problem sets are found from their folders. Run
``python assignments/make_assignment.py`` after editing a cell; ``--check`` only says whether
every ``source/psNN/psNN.ipynb`` is up to date (the test suite runs it); name problem sets
(``python assignments/make_assignment.py ps03 --check``) to do only those.

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

    @property
    def visible(self) -> str:
        """The text the release shows: without the hidden tests, without the solution."""
        shown: list[str] = []
        inside = False
        for line in self.text.splitlines():
            if "### BEGIN HIDDEN TESTS" in line or "### BEGIN SOLUTION" in line:
                inside = True
            elif "### END HIDDEN TESTS" in line or "### END SOLUTION" in line:
                inside = False
            elif not inside:
                shown.append(line)
        return "\n".join(shown)

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
    def given(self) -> list[str]:
        """The names inside the references that the release gives the student: what its set-up cells and
        the visible part of its test and solution cells import by name (a visible test's check, a helper).
        The grader does not flag their use (a student who copies a visible test cell into their own),
        only that of the references' other names (:mod:`coursekit.grading.review`)."""
        from coursekit.grading.review import given_names

        return given_names([cell.visible for cell in self.cells if cell.kind != "given"], self.references)

    @property
    def asked(self) -> list[str]:
        """The functions the student writes (each part's, once): the test cells may take these
        names from the student's cells, and no other (``coursekit.grading.nbgrader.trusted``)."""
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
                              **({"references": list(self.references)} if self.references else {}),
                              **({"given": self.given} if self.given else {})},
            },
        )

    def text(self) -> str:
        """The notebook as the file holds it."""
        return nbformat.writes(self.notebook()) + "\n"


#: the code files of a problem set's folder, and the kind of the cells each holds
CODE_FILES: dict[str, Kind] = {"setup.py": "code", "solution.py": "solution", "tests.py": "tests"}
MARK = "# %% "


def read_cells(path: Path) -> dict[str, str]:
    """The cells of a code file, by grade_id: the text after each ``# %% <grade_id>`` line, up to the next."""
    cells: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith(MARK):
            grade_id = line.removeprefix(MARK).strip()
            if grade_id in cells:
                raise ValueError(f"{path}: the cell {grade_id} is there twice")
            current = cells[grade_id] = []
        elif current is not None:
            current.append(line)
    return {grade_id: "".join(lines).rstrip("\n") + "\n" for grade_id, lines in cells.items()}


@dataclass(frozen=True)
class Code:
    """The code cells of a problem set, read from its folder's ``setup.py``, ``solution.py`` and ``tests.py``."""

    folder: Path
    kinds: dict[str, Kind]
    texts: dict[str, str]

    @classmethod
    def beside(cls, make_file: str) -> Code:
        """The code cells of the folder that holds ``make_file`` (a ``make.py``: ``Code.beside(__file__)``)."""
        folder = Path(make_file).resolve().parent
        kinds: dict[str, Kind] = {}
        texts: dict[str, str] = {}
        for file, kind in CODE_FILES.items():
            for grade_id, text in read_cells(folder / file).items():
                if grade_id in texts:
                    raise ValueError(f"{folder.name}: the cell {grade_id} is in two files")
                kinds[grade_id], texts[grade_id] = kind, text
        return cls(folder, kinds, texts)

    def __getitem__(self, grade_id: str) -> str:
        """The text of a code cell."""
        return self.texts[grade_id]

    def states(self, grade_id: str, *texts: str) -> None:
        """Check that a code cell holds each of ``texts``: the numbers the Markdown states (from the
        constants of ``make.py``) are those the code uses."""
        missing = [text for text in texts if text not in self.texts[grade_id]]
        if missing:
            raise ValueError(f"{self.folder.name}: the cell {grade_id} does not say {missing}")

    def cell(self, grade_id: str, points: float = 0) -> Cell:
        kind = self.kinds[grade_id]
        if kind == "tests":
            return tests(grade_id, self.texts[grade_id], points)
        if points:
            raise ValueError(f"{self.folder.name}: {grade_id} is not a test cell, it has no points")
        return Cell(kind, grade_id, self.texts[grade_id])

    def cells(self, text_id: str, text: str, *code: str, **points: float) -> tuple[Cell, ...]:
        """A Markdown cell, then the code cells named (given or solution), then the test cells with their points."""
        return (given(text_id, text), *(self.cell(grade_id) for grade_id in code),
                *(self.cell(grade_id, worth) for grade_id, worth in points.items()))

    def part(self, number: str, function: str, text: str, *code: str, **points: float) -> Part:
        """Part ``number``, the function ``function``: its text (grade_id ``part<number>``), its code
        cells (given or solution) and its test cells, each with its points."""
        return Part(number, function, self.cells(f"part{number}", text, *code, **points))

    def assignment(self, intro: str, parts: Sequence[Part], end: str = "", *, opening: Sequence[Cell] = (),
                   measured: Sequence[str] = (), references: Sequence[str] = ()) -> Assignment:
        """The problem set of this folder: the introduction, the set-up cell, ``opening``, the parts,
        and how to check your work (with ``end``, the set's own last words). Every cell of the
        code files is used once."""
        name = self.folder.name
        made = Assignment(name, opening=(given("intro", intro), self.cell("setup"), *opening), parts=tuple(parts),
                          closing=(handing_in(name, end),), measured=tuple(measured), references=tuple(references))
        unused = [grade_id for grade_id in self.texts if grade_id not in {cell.grade_id for cell in made.cells}]
        if unused:
            raise ValueError(f"{name}: cells of the code files that no part uses: {unused}")
        return made


def main(assignment: Assignment, argv: Sequence[str]) -> int:
    """Write the notebook; with ``--check``, only say whether the file is up to date."""
    target = assignment.target
    if "--check" in argv:
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != assignment.text():
            print(f"{target} is out of date: run python assignments/make_assignment.py {assignment.name}")
            return 1
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(assignment.text(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


def problem_sets() -> list[str]:
    """The problem sets, found from their folders ``psNN/make.py``: ``["ps01", "ps02", ...]``."""
    return sorted(path.parent.name for path in HERE.glob("ps*/make.py"))


def load(name: str) -> Assignment:
    """The :class:`Assignment` that ``<name>/make.py`` describes (its ``ASSIGNMENT``)."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    module = importlib.import_module(f"{name}.make")
    assignment: Assignment = module.ASSIGNMENT
    return assignment


def main_all(argv: Sequence[str]) -> int:
    """Write (or ``--check``) the problem sets named in ``argv``, or every one."""
    names = [arg for arg in argv if not arg.startswith("-")] or problem_sets()
    unknown = sorted(set(names) - set(problem_sets()))
    if unknown:
        print(f"no such problem set: {', '.join(unknown)} (there are {', '.join(problem_sets())})")
        return 2
    return max((main(load(name), argv) for name in names), default=0)


if __name__ == "__main__":
    sys.exit(main_all(sys.argv[1:]))
