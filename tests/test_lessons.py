"""Every lesson runs from top to bottom without an error, draws at least one SVG picture,
and ends with exercises.

Lessons are jupytext percent-format notebooks (``lessons/*.py``). Each is executed once a
session with nbclient in a fresh ``python3`` kernel, in the ``lessons/`` folder, with its worked
answers pasted in (``lesson_runs.run_with_answers``); the site's build runs it as a reader sees it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")
pytest.importorskip("nbclient")

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
LESSON_FILES = sorted(LESSONS.glob("*.py"))
HEADING = re.compile(r"^(#{1,6})\s+(.*)$", re.MULTILINE)


def ids(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


def read(path: Path):
    return jupytext.read(path)


def headings(notebook) -> list[tuple[int, str]]:
    """(level, text) of every markdown heading, in order."""
    found = []
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            found += [(len(m.group(1)), m.group(2).strip()) for m in HEADING.finditer(cell.source)]
    return found


def test_there_are_lessons() -> None:
    assert len(LESSON_FILES) >= 2, f"expected lesson notebooks in {LESSONS}"


@pytest.mark.parametrize("path", LESSON_FILES, ids=ids(LESSON_FILES))
def test_lesson_structure(path: Path) -> None:
    """A title first, an Exercises section, and no code in headings (the TOC drops it)."""
    notebook = read(path)
    found = headings(notebook)
    assert found and found[0][0] == 1, f"{path.name}: the first heading must be the lesson's title (# ...)"
    assert [h for h in found if h[0] == 1] == [found[0]], f"{path.name}: only one title (# ...)"
    assert any(text == "Exercises" for _level, text in found), f"{path.name}: no 'Exercises' heading"
    with_code = [text for _level, text in found if "`" in text]
    assert not with_code, f"{path.name}: headings with inline code (dropped by the TOC): {with_code}"
    assert notebook.metadata.get("kernelspec", {}).get("name") == "python3", (
        f"{path.name}: the jupytext header must name the python3 kernel"
    )


@pytest.mark.slow  # 10-80 s a lesson, run once a session with its worked answers (lesson_runs)
@pytest.mark.parametrize("path", LESSON_FILES, ids=ids(LESSON_FILES))
def test_lesson_runs(path: Path) -> None:
    """The lesson's own cells raise nothing and draw at least one SVG picture.

    The run is the one with the worked answers pasted in (``lesson_runs``); the lesson as a reader
    sees it, without them, runs in the site's build, which fails on any cell that raises."""
    from lesson_runs import is_answer, run_with_answers

    run = run_with_answers(path)
    errors = run.errors(lambda cell: not is_answer(cell))
    assert not errors, errors[0]
    pictures = [o for o in run.lesson_outputs() if "image/svg+xml" in o.get("data", {})]
    assert pictures, f"{path.name}: no cell shows an SVG picture"
    cells = sum(c.cell_type == "code" and not is_answer(c) for c in run.notebook.cells)
    print(f"{path.name}: {cells} code cells, {len(pictures)} SVG pictures, {run.seconds:.1f} s with the answers")


@pytest.mark.slow  # reads the same run as test_lesson_runs
@pytest.mark.parametrize("path", LESSON_FILES, ids=ids(LESSON_FILES))
def test_the_site_shows_the_lesson_as_a_reader_runs_it(path: Path) -> None:
    """The part of the run that the site shows is the lesson's own cells, run from a fresh kernel: no cell
    raised, and every self-check says its names are missing (no answer had run yet)."""
    from lesson_runs import NOT_WRITTEN, is_self_check, run_with_answers

    reader = run_with_answers(path).reader
    assert [c.source for c in reader.cells] == [c.source for c in read(path).cells]
    code = [c for c in reader.cells if c.cell_type == "code"]
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1))
    raised = [c.source.splitlines()[0] for c in code for o in c.outputs if o.get("output_type") == "error"]
    assert not raised, f"{path.name}: cells raised: {raised}"
    checks = [c for c in code if is_self_check(c)]
    assert checks and all(NOT_WRITTEN in "".join(o.get("text", "") for o in c.outputs) for c in checks)
