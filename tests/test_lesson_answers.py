"""Every worked answer of every lesson passes its exercise's self-check.

A lesson's exercises are markdown cells, each followed (when the exercise asks for code) by a
**self-check** cell: it defines ``check_...`` and calls it when the names the exercise asks for
exist, else prints "write ... above, then run this". The **worked answer** is folded in the
markdown: the fenced ```` ```python ```` blocks inside ``<details><summary>Answer</summary>``
... ``</details>``. (Other fences there, ```` ```text ```` for instance, are not code to run;
a ``<details>`` whose summary is not "Answer", a hint, is not an answer.)

The slow test reads the session's one run of each lesson as a student who pastes every answer
would (``lesson_runs.run_with_answers``): each answer's code becomes a new code cell right after
the markdown cell that holds it, so it runs after the lesson's own code and the earlier answers,
and before the exercise's self-check. It fails if
any cell raises (a self-check's ``assert`` included), or if a self-check still finds its names
missing. The fast test checks the pairing only: every self-check has an answer above it.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

pytest.importorskip("jupytext")
pytest.importorskip("nbformat")
pytest.importorskip("nbclient")
from lesson_runs import (
    LESSONS,
    NOT_WRITTEN,
    answer_blocks,
    is_answer,
    is_self_check,
    run_with_answers,
    with_answers,
)

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
def test_worked_answers_pass_their_self_checks(path: Path) -> None:
    run = run_with_answers(path)  # once a session: test_lessons reads the same run
    errors = run.errors(lambda cell: is_answer(cell) or is_self_check(cell))
    assert not errors, errors[0]
    for index in run.checks:
        printed = "".join(o.get("text", "") for o in run.notebook.cells[index].get("outputs", []))
        assert NOT_WRITTEN not in printed, (
            f"{path.name}: the self-check did not run, its answer left names undefined: {printed.strip()}\n"
            f"--- self-check ---\n{run.notebook.cells[index].source}")
    answers = sum(is_answer(cell) for cell in run.notebook.cells)
    print(f"{path.name}: {answers} answer blocks, {len(run.checks)} self-checks pass, {run.seconds:.1f} s")
