"""Problem set 1 with real nbgrader, end to end, on a temporary copy of the course.

Release the assignment, autograde a class of made-up submissions (the reference, the
untouched release, a king that ignores blocked cells, a king that never returns, a cell
that never ends, a student who deletes test cells, one who cheats with look-alike answers
and edits a test), then generate feedback and export the grades.
"""

from __future__ import annotations

import csv
import html
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "assignments"
SOURCE = COURSE / "source" / "ps01" / "ps01.ipynb"
BIN = Path(sys.executable).parent
CELL_TIMEOUT = 8  # seconds; the test copy of the course uses a shorter per-cell limit than the course

PARTS = {
    "is_winning": ("test_is_winning_visible", "test_is_winning_hidden"),
    "winning_move": ("test_winning_move_visible", "test_winning_move_hidden"),
    "king_strategy": ("test_king_strategy_visible", "test_king_strategy_hidden"),
}

WRONG_KING = '''\
def king_strategy(grid, position):
    """The beans rule, blind to blocked cells: leave both coordinates even."""
    x, y = position
    if x % 2 == 1 and y % 2 == 1:
        return Coord(x - 1, y - 1)
    if x % 2 == 1:
        return Coord(x - 1, y)
    if y % 2 == 1:
        return Coord(x, y - 1)
    return king_moves(grid, position)[0]
'''

LOOPING_KING = '''\
def king_strategy(grid, position):
    while True:
        pass
'''

SNEAKY_IS_WINNING = '''\
class Yes:
    def __eq__(self, other):
        return True

    def __bool__(self):
        return True


def is_winning(m, n):
    return Yes()
'''


def _regions(source: str, begin: str, end: str) -> list[str]:
    """The stripped, non-empty lines between ``### BEGIN x`` and ``### END x`` markers."""
    lines: list[str] = []
    inside = False
    for line in source.splitlines():
        if begin in line:
            inside = True
        elif end in line:
            inside = False
        elif inside and line.strip():
            lines.append(line.strip())
    return lines


def _source_notebook() -> Any:
    return nbformat.read(SOURCE, as_version=4)


def _by_id(nb: Any) -> dict[str, Any]:
    return {cell.metadata["nbgrader"]["grade_id"]: cell for cell in nb.cells if "nbgrader" in cell.metadata}


def _reference(grade_id: str) -> str:
    """The reference solution of a solution cell, without the markers."""
    source = _by_id(_source_notebook())[grade_id].source
    return "\n".join(line for line in source.splitlines() if "### BEGIN SOLUTION" not in line
                     and "### END SOLUTION" not in line)


def _hidden_lines() -> list[str]:
    return [line for cell in _source_notebook().cells
            for line in _regions(cell.source, "BEGIN HIDDEN TESTS", "END HIDDEN TESTS")]


def _solution_lines() -> list[str]:
    return [line for cell in _source_notebook().cells
            for line in _regions(cell.source, "BEGIN SOLUTION", "END SOLUTION")]


# Each student: edits (grade_id -> new source), deleted grade_ids, and the expected points per test cell.
FULL = {"test_is_winning_visible": 2, "test_is_winning_hidden": 3, "test_winning_move_visible": 2,
        "test_winning_move_hidden": 3, "test_king_strategy_visible": 3, "test_king_strategy_hidden": 7}
NO_KING = {**FULL, "test_king_strategy_visible": 0, "test_king_strategy_hidden": 0}


def _students() -> dict[str, tuple[dict[str, str], list[str], dict[str, int]]]:
    ref = {grade_id: _reference(grade_id) for grade_id in ("is_winning", "winning_move", "king_strategy")}
    beans = {"is_winning": ref["is_winning"], "winning_move": ref["winning_move"]}
    return {
        "reference": (ref, [], FULL),
        "untouched": ({}, [], dict.fromkeys(FULL, 0)),
        "wrong_king": ({**beans, "king_strategy": WRONG_KING}, [], NO_KING),
        "looping_king": ({**beans, "king_strategy": LOOPING_KING}, [], NO_KING),
        # A cell that never ends: stopped by the per-cell timeout; the rest is still graded.
        "hanging_cell": ({**beans, "king_strategy": "while True:\n    pass\n\n" + ref["king_strategy"]}, [], NO_KING),
        # Deleted test cells come back: the stub still scores 0, the right winning_move 5.
        "deleter": (
            {"winning_move": ref["winning_move"], "king_strategy": ref["king_strategy"]},
            ["test_is_winning_visible", "test_is_winning_hidden", "test_winning_move_hidden"],
            {**FULL, "test_is_winning_visible": 0, "test_is_winning_hidden": 0},
        ),
        # An always-equal answer and an emptied (locked) test cell earn nothing.
        "sneaky": (
            {"is_winning": SNEAKY_IS_WINNING, "winning_move": ref["winning_move"],
             "test_king_strategy_hidden": "pass", "test_king_strategy_visible": "pass"},
            [],
            {**NO_KING, "test_is_winning_visible": 0, "test_is_winning_hidden": 0},
        ),
    }


def _nbgrader(course: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(BIN / "nbgrader"), *args], cwd=course, env=env, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Run the whole nbgrader pipeline once; the tests below read its results."""
    if not (BIN / "nbgrader").exists() or not (BIN / "alembic").exists():
        pytest.skip("nbgrader is not installed in this environment")
    tmp = tmp_path_factory.mktemp("ps01")
    root = tmp / "course"
    root.mkdir()
    shutil.copy(COURSE / "nbgrader_config.py", root / "nbgrader_config.py")
    shutil.copytree(COURSE / "source", root / "source")
    with (root / "nbgrader_config.py").open("a", encoding="utf-8") as config:
        config.write(f"\n# the test copy: a shorter per-cell limit\nc.Execute.timeout = {CELL_TIMEOUT}\n")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("JUPYTER", "NBGRADER", "IPYTHON"))}
    env.update(
        PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        JUPYTER_CONFIG_DIR=str(tmp / "jupyter_config"),
        JUPYTER_DATA_DIR=str(tmp / "jupyter_data"),
        IPYTHONDIR=str(tmp / "ipython"),
        PYDEVD_DISABLE_FILE_VALIDATION="1",
    )

    seconds: dict[str, float] = {}
    start = time.perf_counter()
    _nbgrader(root, env, "generate_assignment", "ps01")
    seconds["generate_assignment"] = time.perf_counter() - start

    release = nbformat.read(root / "release" / "ps01" / "ps01.ipynb", as_version=4)
    students = _students()
    for student, (edits, deleted, _) in students.items():
        nb = nbformat.from_dict(json.loads(json.dumps(release)))
        kept = []
        for cell in nb.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if grade_id in deleted:
                continue
            if grade_id in edits:
                cell.source = edits[grade_id]
            kept.append(cell)
        nb.cells = kept
        folder = root / "submitted" / student / "ps01"
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / "ps01.ipynb")

    start = time.perf_counter()
    autograde = _nbgrader(root, env, "autograde", "ps01")
    seconds["autograde"] = time.perf_counter() - start
    start = time.perf_counter()
    _nbgrader(root, env, "generate_feedback", "ps01")
    seconds["generate_feedback"] = time.perf_counter() - start
    start = time.perf_counter()
    _nbgrader(root, env, "export")
    seconds["export"] = time.perf_counter() - start
    print(f"\nnbgrader seconds: {seconds} for {len(students)} submissions")

    from nbgrader.api import Gradebook

    scores: dict[str, dict[str, float]] = {}
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        for student in students:
            scores[student] = {
                grade_id: gradebook.find_grade(grade_id, "ps01", "ps01", student).score for grade_id in FULL
            }
    return {"root": root, "release": release, "students": students, "scores": scores, "seconds": seconds,
            "log": autograde.stdout + autograde.stderr}


def test_source_notebook_is_up_to_date() -> None:
    """``assignments/make_ps01.py`` wrote the notebook that is checked in."""
    result = subprocess.run([sys.executable, str(COURSE / "make_ps01.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_grading_table_matches_the_points() -> None:
    """The table in the introduction states the points that the cells carry."""
    nb = _source_notebook()
    points = {grade_id: cell.metadata["nbgrader"]["points"] for grade_id, cell in _by_id(nb).items()
              if cell.metadata["nbgrader"]["grade"]}
    assert points == FULL
    intro = nb.cells[0].source
    for function, (visible, hidden) in PARTS.items():
        row = next(line for line in intro.splitlines() if line.startswith("|") and f"`{function}(" in line)
        assert row.replace(" ", "").endswith(f"|{FULL[visible]}|{FULL[hidden]}|{FULL[visible] + FULL[hidden]}|"), row
    assert f"**{sum(FULL.values())}**" in intro


@pytest.mark.slow
def test_source_notebook_runs_and_passes_with_the_reference() -> None:
    """The instructor's notebook runs top to bottom with nbclient: every test cell passes."""
    from nbclient import NotebookClient

    nb = _source_notebook()
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()  # raises on the first error
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    printed = "".join(output.get("text", "") for cell in code for output in cell.outputs)
    assert printed.count("the visible tests pass") == 3
    assert "right from all" in printed and "king_strategy" in printed


@pytest.mark.slow
def test_release_has_no_solution_and_no_hidden_tests(course: dict[str, Any]) -> None:
    text = "\n".join(cell.source for cell in course["release"].cells)
    assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text
    leaked = [line for line in _solution_lines() + _hidden_lines() if line in text]
    assert not leaked, f"the release shows: {leaked}"
    for grade_id in PARTS:
        assert "raise NotImplementedError()" in _by_id(course["release"])[grade_id].source
    assert "# Hidden tests for king_strategy" in text  # the comment above the hidden region stays


@pytest.mark.slow
@pytest.mark.parametrize("student", list(_students()))
def test_scores_per_part(course: dict[str, Any], student: str) -> None:
    expected = course["students"][student][2]
    assert course["scores"][student] == expected, course["log"][-3000:]


@pytest.mark.slow
def test_feedback_hides_hidden_tests(course: dict[str, Any]) -> None:
    hidden = _hidden_lines()
    for student in course["students"]:
        page = (course["root"] / "feedback" / student / "ps01" / "ps01.html").read_text(encoding="utf-8")
        text = html.unescape(re.sub(r"<[^>]+>", "", page))
        shown = [line for line in hidden if line in text]
        assert not shown, f"{student}'s feedback shows hidden tests: {shown}"
        if student != "hanging_cell":  # its own solution cell shows its traceback; no test cell does
            assert "Cell In[" not in text and "Traceback (most recent call last)" not in text, student
    wrong = html.unescape(re.sub(r"<[^>]+>", "", (course["root"] / "feedback" / "wrong_king" / "ps01" /
                                                  "ps01.html").read_text(encoding="utf-8")))
    assert "which is not a legal move" in wrong or "a losing move" in wrong
    assert "beans rule" in wrong  # the hint that names the likely bug
    looping = html.unescape(re.sub(r"<[^>]+>", "", (course["root"] / "feedback" / "looping_king" / "ps01" /
                                                    "ps01.html").read_text(encoding="utf-8")))
    assert "did not return within 2 s" in looping
    untouched = (course["root"] / "feedback" / "untouched" / "ps01" / "ps01.html").read_text(encoding="utf-8")
    assert "not written yet" in untouched


@pytest.mark.slow
def test_grades_csv(course: dict[str, Any]) -> None:
    with (course["root"] / "grades.csv").open(newline="", encoding="utf-8") as handle:
        rows = {row["student_id"]: row for row in csv.DictReader(handle)}
    assert set(rows) == set(course["students"])
    for student, (_, _, expected) in course["students"].items():
        row = rows[student]
        assert row["assignment"] == "ps01"
        assert float(row["score"]) == sum(expected.values()), student
        assert float(row["max_score"]) == sum(FULL.values())
