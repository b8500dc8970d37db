"""Running a lesson, once a session: the lesson with every worked answer pasted in, as a student would.

A lesson's exercises are markdown cells, each followed (when the exercise asks for code) by a
**self-check** cell: it defines ``check_...`` and calls it when the names the exercise asks for
exist, else prints "write ... above, then run this". The **worked answer** is folded in the
markdown: the fenced ```` ```python ```` blocks inside ``<details><summary>Answer</summary>``
... ``</details>``. (Other fences there, ```` ```text ```` for instance, are not code to run;
a ``<details>`` whose summary is not "Answer", a hint, is not an answer.)

:func:`run_with_answers` runs a lesson as a student who pastes every answer would: each answer's
code becomes a new code cell right after the markdown cell that holds it, so it runs after the
lesson's own code and the earlier answers, and before the exercise's self-check. Each lesson is
run once a session, in a fresh ``python3`` kernel in ``lessons/``, and every test that reads a
lesson's outputs (``test_lessons``, ``test_lesson_answers``, ``test_lessons_exact``) reads that
one run. The lesson as a reader sees it, without the answers, is run by the site's build
(``mkdocs build --strict``, ``allow_errors: false``: a cell that raises fails the build).
"""

from __future__ import annotations

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


def execute(notebook: Any, name: str) -> float:
    """Run a notebook in a fresh kernel in ``lessons/``, each cell time-boxed; the seconds it took.

    A cell that raises leaves its error in its outputs (the callers report it with its cell)."""
    client = nbclient.NotebookClient(
        notebook, timeout=CELL_TIMEOUT, kernel_name="python3", allow_errors=True,
        resources={"metadata": {"path": str(LESSONS)}},
    )
    started = time.perf_counter()
    try:
        client.execute()
    except nbclient.exceptions.CellTimeoutError as error:
        pytest.fail(f"{name}: a cell ran longer than {CELL_TIMEOUT} s:\n{error}")
    except nbclient.exceptions.DeadKernelError as error:
        pytest.fail(f"{name}: the kernel died:\n{error}")
    return time.perf_counter() - started


@dataclass(frozen=True)
class LessonRun:
    """A lesson run with its worked answers: the executed notebook, its self-check cells, the seconds."""

    name: str
    notebook: Any
    checks: tuple[int, ...]
    seconds: float

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
    """The lesson at ``path`` run once (this session) with every worked answer pasted in."""
    notebook, checks, _unanswered = with_answers(path)
    seconds = execute(notebook, path.name)
    return LessonRun(path.name, notebook, tuple(checks), seconds)
