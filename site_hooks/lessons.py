"""Runs the lessons for their pages (an MkDocs hook, listed in ``mkdocs.yml``).

Each lesson (``NN-topic.py``, a jupytext percent notebook) runs from top to bottom in a fresh
``python3`` kernel, in the lessons' folder, as a reader who opens it and runs every cell would:
its page then shows what each cell printed and drew, the boards' widget state included. A cell
that raises fails the build with the lesson's name and the cell's error. The ``mkdocs-jupyter``
plugin turns the executed notebook into the page; it runs nothing itself (``execute: false``).

``COURSEKIT_LESSON_RUNS=<folder>``: the lessons have been run already, each saved as
``<folder>/NN-topic.ipynb``; those outputs are shown and no lesson runs again. The tests use this
(``tests/lesson_runs.py``): they run each lesson once a session, as a reader sees it and then with
its worked answers in the same kernel, and build the site from the reader's part of that run.
A lesson missing from the folder, or one of whose cells raised there, fails the build.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

LESSON = re.compile(r"^[0-9][0-9]-[\w-]+\.py$")
CELL_TIMEOUT = 600  # seconds a cell may take: a guard against a hang, not a speed goal
_made: list[Path] = []  # the folders of executed lessons this build made (removed when it ends)


def run_lesson(source: Path) -> Any:
    """The lesson at ``source``, run in a fresh kernel in its folder: the notebook with its outputs."""
    import jupytext
    import nbclient

    notebook = jupytext.read(source)
    client = nbclient.NotebookClient(notebook, timeout=CELL_TIMEOUT, kernel_name="python3", allow_errors=False,
                                     resources={"metadata": {"path": str(source.parent)}})
    try:
        client.execute()
    except nbclient.exceptions.CellExecutionError as error:
        raise PluginError(f"lesson {source.name}: a cell raised an error:\n{error}") from error
    except (nbclient.exceptions.CellTimeoutError, nbclient.exceptions.DeadKernelError) as error:
        raise PluginError(f"lesson {source.name}: {error}") from error
    return notebook


def given_run(source: Path, folder: Path) -> Any:
    """The lesson's run saved in ``folder``; the build fails, as a run here would, if one of its cells raised."""
    import nbformat

    found = folder / f"{source.stem}.ipynb"
    if not found.is_file():
        raise PluginError(f"COURSEKIT_LESSON_RUNS={folder} has no run of lesson {source.name} ({found.name})")
    notebook = nbformat.read(found, as_version=4)
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                raise PluginError(f"lesson {source.name}: a cell raised {output['ename']}: {output['evalue']}\n"
                                  f"--- cell ---\n{cell.source}")
    return notebook


def executed(source: Path) -> Path:
    """The executed notebook of the lesson at ``source`` (given by ``COURSEKIT_LESSON_RUNS``, or run now), saved
    for its page. What a cell printed in one go is one block: each run of printed text, as the kernel sent it
    in pieces, is joined (nbconvert's ``CoalesceStreamsPreprocessor``), so a page does not depend on timing."""
    import nbformat
    from nbconvert.preprocessors import CoalesceStreamsPreprocessor

    given = os.environ.get("COURSEKIT_LESSON_RUNS")
    notebook = given_run(source, Path(given)) if given else run_lesson(source)
    notebook, _ = CoalesceStreamsPreprocessor().preprocess(notebook, {})
    if not _made:
        _made.append(Path(tempfile.mkdtemp(prefix="coursekit-lessons-")))
    out = _made[0] / f"{source.stem}.ipynb"
    nbformat.write(notebook, out)
    return out


@event_priority(-100)  # after mkdocs-jupyter's on_files, whose page files work their path out again unless it is set
def on_files(files: Any, config: Any, **kwargs: Any) -> Any:
    """Point each lesson's page at its executed notebook (its address stays the lesson's own)."""
    for file in files:
        if file.abs_src_path and LESSON.match(Path(file.src_uri).name):
            file.abs_src_path = str(executed(Path(file.abs_src_path)))
    return files


#: What mkdocs-jupyter appends to a page made from an ``.ipynb`` (not from a ``.py``): its highlighting styles again,
#: written as a Python list (``['pre { ... }']``), which no browser reads as the styles they are.
_LIST_STYLE = re.compile(r"\s*<style>\s*\[(['\"]).*?\1\]\s*</style>\s*$", re.DOTALL)


def on_page_content(html: str, page: Any, **kwargs: Any) -> str:
    """A lesson's page as it was when mkdocs-jupyter ran the lesson itself: without :data:`_LIST_STYLE`."""
    if LESSON.match(Path(page.file.src_uri).name):
        return _LIST_STYLE.sub("", html)
    return html


def on_shutdown(**kwargs: Any) -> None:
    while _made:
        shutil.rmtree(_made.pop(), ignore_errors=True)
