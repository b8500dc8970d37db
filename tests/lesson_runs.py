"""Running a lesson, once a session: the lesson with every worked answer pasted in, as a student would.

A lesson's exercises are markdown cells, each followed (when the exercise asks for code) by a
**self-check** cell: it defines ``check_...`` and calls it when the names the exercise asks for
exist, else prints "write ... above, then run this". The **worked answer** is folded in the
markdown: the fenced ```` ```python ```` blocks inside ``<details><summary>Answer</summary>``
... ``</details>``. (Other fences there, ```` ```text ```` for instance, are not code to run;
a ``<details>`` whose summary is not "Answer", a hint, is not an answer.)

:func:`run_with_answers` runs each lesson once a session, in a fresh ``python3`` kernel in
``lessons/``, in two parts (:func:`combined`):

1. **as a reader sees it**: the lesson's cells exactly as they are, in order, from a fresh kernel.
   This part is what the site shows (``mkdocs build`` with ``COURSEKIT_LESSON_RUNS``, see
   ``site_hooks/lessons.py``); there, each self-check prints that its names are missing;
2. **with the worked answers**, in the same kernel: each answer's code, then its exercise's
   self-check, in the order of the exercises, as a student who pastes every answer would.

The second part is a student's run because every lesson keeps its own code above its exercises:
after the first answer, only self-checks follow (:func:`combined` fails otherwise), so in both runs
the answers run after all of the lesson's own code, and the earlier answers before each one.
Every test that reads a lesson's outputs (``test_lessons``, ``test_lesson_answers``,
``test_lessons_exact``) and the site's build (``conftest.site``) read that one run.
"""

from __future__ import annotations

import copy
import functools
import re
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jupytext
import nbclient
import nbformat
import pytest

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
CELL_TIMEOUT = 120  # seconds per cell; a whole lesson should take well under a minute
ANSWER = re.compile(r"<details>\s*<summary>\s*Answer\s*</summary>(.*?)</details>", re.DOTALL)
FENCE_OPEN = re.compile(r"^(\s*)```python\s*$")
NOT_WRITTEN = "then run this"  # what a self-check prints when the names it needs are missing


def is_self_check(cell: Any) -> bool:
    return cell.cell_type == "code" and "in globals()" in cell.source and NOT_WRITTEN in cell.source


def is_answer(cell: Any) -> bool:
    return bool(cell.metadata.get("answer"))


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


def with_answers(path: Path) -> tuple[Any, list[int], list[str]]:
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


def combined(path: Path) -> tuple[Any, Any, list[int], int]:
    """The notebook of a lesson's one run: its own cells, then its answers' code and self-checks.

    Returns (combined, answered, checks, reader_cells): the first ``reader_cells`` cells of ``combined`` are
    the lesson as a reader sees it; the rest are copies, in order, of the code cells of ``answered`` (the
    lesson with its answers, :func:`with_answers`) from its first answer on: answers and self-checks."""
    reader = jupytext.read(path)
    answered, checks, _unanswered = with_answers(path)
    tail = [cell for cell in answered.cells[first_answer(answered):] if cell.cell_type == "code"]
    late = [cell.source.splitlines()[0] for cell in tail if not (is_answer(cell) or is_self_check(cell))]
    assert not late, (f"{path.name}: the lesson's own code must come before its exercises' answers "
                      f"(each lesson runs once, as a reader and then with the answers); after one: {late}")
    notebook = copy.deepcopy(reader)
    notebook.cells += copy.deepcopy(tail)
    return notebook, answered, checks, len(reader.cells)


def first_answer(notebook: Any) -> int:
    """The index of the notebook's first answer cell (its number of cells if it has none)."""
    return next((i for i, cell in enumerate(notebook.cells) if is_answer(cell)), len(notebook.cells))


def execute(notebook: Any, name: str, reader_cells: int) -> tuple[float, Any]:
    """Run a notebook in a fresh kernel in ``lessons/``, each cell time-boxed. Returns the seconds it took and
    the widgets' state after its first ``reader_cells`` cells (the notebook's metadata, as nbclient saves it).

    A cell that raises leaves its error in its outputs (the callers report it with its cell)."""
    client = nbclient.NotebookClient(
        notebook, timeout=CELL_TIMEOUT, kernel_name="python3", allow_errors=True,
        resources={"metadata": {"path": str(LESSONS)}},
    )
    widgets: list[Any] = []
    last = max(i for i, cell in enumerate(notebook.cells[:reader_cells]) if cell.cell_type == "code")

    def after(cell: Any, cell_index: int, execute_reply: Any) -> None:
        if cell_index == last:  # the reader's part has run: its widgets as they stand then
            client.set_widgets_metadata()
            widgets.append(copy.deepcopy(notebook.metadata.get("widgets")))

    client.on_cell_executed = after
    started = time.perf_counter()
    try:
        client.execute()
    except nbclient.exceptions.CellTimeoutError as error:
        pytest.fail(f"{name}: a cell ran longer than {CELL_TIMEOUT} s:\n{error}")
    except nbclient.exceptions.DeadKernelError as error:
        pytest.fail(f"{name}: the kernel died:\n{error}")
    return time.perf_counter() - started, widgets[0] if widgets else None


@dataclass(frozen=True)
class LessonRun:
    """A lesson's one run: the notebook with its answers, its self-check cells, the seconds, the reader's part."""

    name: str
    notebook: Any
    checks: tuple[int, ...]
    seconds: float
    reader: Any  # the lesson as a reader sees it, executed: the first part of the same run

    def errors(self, which: Any = lambda cell: True) -> list[str]:
        """Each error raised by a cell that ``which`` picks, with the cell's source and traceback."""
        found = []
        for cell in self.notebook.cells:
            for output in cell.get("outputs", []) if which(cell) else ():
                if output.get("output_type") == "error":
                    what = ("a worked answer" if is_answer(cell) else
                            "a self-check" if is_self_check(cell) else "a cell of the lesson")
                    traceback = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(output.get("traceback", [])))
                    found.append(f"{self.name}: {what} raised {output['ename']}: {output['evalue']}\n"
                                 f"--- cell source ---\n{cell.source}\n--- traceback ---\n{traceback}")
        return found

    def lesson_outputs(self) -> list[Any]:
        """The outputs of the lesson's own code cells (not the pasted answers)."""
        return [o for c in self.notebook.cells if c.cell_type == "code" and not is_answer(c)
                for o in c.get("outputs", [])]

    def printed(self) -> str:
        """Everything the lesson's own code cells printed."""
        return "".join(o.get("text", "") for o in self.lesson_outputs())


@functools.cache
def run_with_answers(path: Path) -> LessonRun:
    """The lesson at ``path`` run once (this session): as a reader sees it, then with every answer pasted in.

    In the notebook with the answers, the lesson's own cells carry the outputs of the reader's part of the
    run, the answers and self-checks those of the second part."""
    notebook, answered, checks, reader_cells = combined(path)
    seconds, widgets = execute(notebook, path.name, reader_cells)
    second_part = iter(notebook.cells[reader_cells:])
    first = first_answer(answered)
    for index, cell in enumerate(answered.cells):
        if cell.cell_type != "code":
            continue
        ran = notebook.cells[index] if index < first else next(second_part)  # no answer comes above the first
        assert ran.source == cell.source, f"{path.name}: the run's cells are out of step at cell {index}"
        cell.outputs, cell.execution_count = ran.outputs, ran.execution_count
    answered.metadata = copy.deepcopy(notebook.metadata)
    reader = copy.deepcopy(notebook)
    reader.cells = reader.cells[:reader_cells]
    reader.metadata.pop("widgets", None)
    if widgets:
        reader.metadata["widgets"] = widgets
    return LessonRun(path.name, answered, tuple(checks), seconds, reader)
