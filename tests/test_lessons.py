"""Every lesson runs from top to bottom without an error, draws at least one SVG picture,
and ends with exercises.

Lessons are jupytext percent-format notebooks (``lessons/*.py``). Each is executed with
nbclient in a fresh ``python3`` kernel, in the ``lessons/`` folder, as the site build and a
student would run it.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")
nbclient = pytest.importorskip("nbclient")

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
LESSON_FILES = sorted(LESSONS.glob("*.py"))
CELL_TIMEOUT = 120  # seconds per cell; a whole lesson should take well under a minute
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


def execute(path: Path):
    """Run a lesson in a fresh kernel; return the executed notebook and the seconds it took."""
    notebook = read(path)
    client = nbclient.NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        allow_errors=True,  # collect the error with its cell, below
        resources={"metadata": {"path": str(LESSONS)}},
    )
    started = time.perf_counter()
    try:
        client.execute()
    except nbclient.exceptions.CellTimeoutError as error:
        pytest.fail(f"{path.name}: a cell ran longer than {CELL_TIMEOUT} s:\n{error}")
    except nbclient.exceptions.DeadKernelError as error:
        pytest.fail(f"{path.name}: the kernel died:\n{error}")
    return notebook, time.perf_counter() - started


@pytest.mark.slow  # 10-25 s a lesson: the site build runs them all too
@pytest.mark.parametrize("path", LESSON_FILES, ids=ids(LESSON_FILES))
def test_lesson_runs(path: Path) -> None:
    notebook, seconds = execute(path)
    code_cells = [c for c in notebook.cells if c.cell_type == "code"]
    for number, cell in enumerate(code_cells, 1):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                traceback = "\n".join(output.get("traceback", []))
                traceback = re.sub(r"\x1b\[[0-9;]*m", "", traceback)  # drop terminal colours
                pytest.fail(
                    f"{path.name}, code cell {number} raised {output['ename']}: {output['evalue']}\n"
                    f"--- cell source ---\n{cell.source}\n--- traceback ---\n{traceback}"
                )
    pictures = [
        o for c in code_cells for o in c.get("outputs", [])
        if "image/svg+xml" in o.get("data", {})
    ]
    assert pictures, f"{path.name}: no cell shows an SVG picture"
    print(f"{path.name}: {len(code_cells)} code cells, {len(pictures)} SVG pictures, {seconds:.1f} s")
