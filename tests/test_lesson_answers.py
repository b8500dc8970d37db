"""Every worked answer of every lesson passes its exercise's self-check.

A lesson's exercises are markdown cells, each followed (when the exercise asks for code) by a
**self-check** cell: it defines ``check_...`` and calls it when the names the exercise asks for
exist, else prints "write ... above, then run this". The **worked answer** is folded in the
markdown: the fenced ```` ```python ```` blocks inside ``<details><summary>Answer</summary>``
... ``</details>``. (Other fences there, ```` ```text ```` for instance, are not code to run;
a ``<details>`` whose summary is not "Answer", a hint, is not an answer.)

The slow test runs each lesson as a student who pastes every answer would: each answer's code
becomes a new code cell right after the markdown cell that holds it, so it runs after the
lesson's own code and the earlier answers, and before the exercise's self-check. It fails if
any cell raises (a self-check's ``assert`` included), or if a self-check still finds its names
missing. The fast test checks the pairing only: every self-check has an answer above it.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")
nbformat = pytest.importorskip("nbformat")
from test_lessons import execute  # noqa: E402  (runs a notebook in lessons/, time-boxed per cell)

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
ANSWER = re.compile(r"<details>\s*<summary>\s*Answer\s*</summary>(.*?)</details>", re.DOTALL)
FENCE_OPEN = re.compile(r"^(\s*)```python\s*$")
NOT_WRITTEN = "then run this"  # what a self-check prints when the names it needs are missing


def is_self_check(cell) -> bool:
    return cell.cell_type == "code" and "in globals()" in cell.source and NOT_WRITTEN in cell.source


def answer_blocks(markdown: str) -> list[str]:
    """The code of every ```python block inside the Answer <details> of a markdown cell, dedented."""
    blocks = []
    for answer in ANSWER.finditer(markdown):
        lines = answer.group(1).splitlines()
        i = 0
        while i < len(lines):
            opened = FENCE_OPEN.match(lines[i])
            i += 1
            if not opened:
                continue
            body = []
            while i < len(lines) and lines[i].strip() != "```":
                body.append(lines[i])
                i += 1
            assert i < len(lines), f"an answer's ```python block is not closed:\n{answer.group(0)}"
            i += 1
            blocks.append(textwrap.dedent("\n".join(body)))
    return blocks


def with_answers(path: Path):
    """The lesson's notebook with a code cell for every answer block, and the self-checks paired with answers.

    Returns (notebook, checks, unanswered): ``checks`` lists the indices of the self-check cells in the new
    notebook, ``unanswered`` the first line of each self-check with no answer block since the one before.
    """
    notebook = jupytext.read(path)
    cells, checks, unanswered, answered = [], [], [], False
    for cell in notebook.cells:
        if is_self_check(cell):
            checks.append(len(cells))
            if not answered:
                unanswered.append(cell.source.splitlines()[0])
            answered = False
        cells.append(cell)
        if cell.cell_type == "markdown":
            for block in answer_blocks(cell.source):
                new = nbformat.v4.new_code_cell(block)
                new.metadata["answer"] = True
                cells.append(new)
                answered = True
    notebook.cells = cells
    return notebook, checks, unanswered


LESSON_FILES = sorted(LESSONS.glob("*.py"))  # every lesson ends with exercises (test_lessons checks the heading)
IDS = [path.stem for path in LESSON_FILES]


def test_the_answer_finder() -> None:
    """Answer blocks are found inside Answer <details> only, dedented, python fences only."""
    markdown = textwrap.dedent("""\
        1. **A task.** Do it.
           <details><summary>Hint</summary>

           ```python
           hint = 1
           ```
           </details>

           <details><summary>Answer</summary>

           ```text
           a table
           ```

           ```python
           def f(x):
               return x
           ```

           Prose, then a second block:

           ```python
           y = f(2)
           ```

           </details>
        """)
    assert answer_blocks(markdown) == ["def f(x):\n    return x", "y = f(2)"]


@pytest.mark.parametrize("path", LESSON_FILES, ids=IDS)
def test_every_self_check_has_an_answer(path: Path) -> None:
    _notebook, checks, unanswered = with_answers(path)
    assert checks, f"{path.name}: no self-check cell (a cell calling check_... when its names are in globals())"
    assert not unanswered, f"{path.name}: self-checks with no worked answer above them: {unanswered}"


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSON_FILES, ids=IDS)
def test_worked_answers_pass_their_self_checks(path: Path, tmp_path: Path) -> None:
    notebook, checks, _unanswered = with_answers(path)
    filled = tmp_path / f"{path.stem}.ipynb"
    nbformat.write(notebook, filled)
    notebook, seconds = execute(filled)  # in lessons/, as test_lessons runs a lesson
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                what = "a worked answer" if cell.metadata.get("answer") else (
                    "a self-check" if is_self_check(cell) else "a cell of the lesson")
                traceback = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(output.get("traceback", [])))
                pytest.fail(f"{path.name}: {what} raised {output['ename']}: {output['evalue']}\n"
                            f"--- cell source ---\n{cell.source}\n--- traceback ---\n{traceback}")
    for index in checks:
        printed = "".join(o.get("text", "") for o in notebook.cells[index].get("outputs", []))
        assert NOT_WRITTEN not in printed, (
            f"{path.name}: the self-check did not run, its answer left names undefined: {printed.strip()}\n"
            f"--- self-check ---\n{notebook.cells[index].source}")
    answers = sum(bool(cell.metadata.get("answer")) for cell in notebook.cells)
    print(f"{path.name}: {answers} answer blocks, {len(checks)} self-checks pass, {seconds:.1f} s")
