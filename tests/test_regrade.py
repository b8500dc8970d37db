"""``coursekit grade`` run again without ``--force``: what changed is graded again, the rest is kept and said so.

A class of three hands in ps01 through nbgrader's exchange (each submission's folder in ``inbound/``, its
``timestamp.txt`` in ``submitted/``) and is graded once (:func:`nbgrader_course.run_course`); each test works
on a copy of that graded course. A notebook changed since its grading is graded again, its score becoming
what its new code earns, even when its submission's time stays the same (a student's fix put over the
collected notebook: nbgrader's own rule, regrade what is newer, would keep the old grade); an unchanged one
is kept: its record in ``grading_records/`` and its graded notebook stay byte for byte as they were. The
last line counts what was graded, kept and refused.
"""

from __future__ import annotations

import json
import shutil
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import nbformat
import pytest
from known_submissions import WRONG_KING
from nbgrader_course import CourseRun, Source, Student, _coursekit, course_env, filled, run_course

pytestmark = pytest.mark.slow

#: The test cells that a wrong king_strategy loses.
KING_TESTS = ["test_king_strategy_visible", "test_king_strategy_hidden"]


def references(source: Source) -> dict[str, str]:
    return {grade_id: source.reference(grade_id) for grade_id in ("is_winning", "winning_move", "king_strategy")}


def students(source: Source) -> dict[str, Student]:
    """ann and cat: full marks; ben: a king that plays the beans rule (no marks for king_strategy)."""
    ref = references(source)
    return {"ann": Student(ref), "ben": Student({**ref, "king_strategy": WRONG_KING}, zero=KING_TESTS),
            "cat": Student(ref)}


@contextmanager
def through_the_exchange(root: Path) -> Iterator[None]:
    """Make the submissions of the course at ``root`` look as nbgrader's exchange leaves them: each one's
    folder in the exchange's ``inbound/`` (named by its time) and ``timestamp.txt`` beside the collected copy."""
    exchange = root.parent / "exchange"
    with (root / "nbgrader_config.py").open("a", encoding="utf-8") as config:
        config.write(f'c.CourseDirectory.course_id = "coursekit"\nc.Exchange.root = {str(exchange)!r}\n')
    inbound = exchange / "coursekit" / "inbound"
    stamp = f"{datetime.now(UTC):%Y-%m-%d %H:%M:%S.%f} UTC"
    for folder in sorted((root / "submitted").iterdir()):
        (folder / "ps01" / "timestamp.txt").write_text(stamp, encoding="utf-8")
        shutil.copytree(folder / "ps01", inbound / f"{folder.name}+ps01+{stamp}+{uuid.uuid4().hex}")
    yield


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    source = Source("ps01")
    tmp = tmp_path_factory.mktemp("regrade")
    return run_course(source, students(source), tmp, grading=lambda: through_the_exchange(tmp / "course"))


@pytest.fixture
def course(graded: CourseRun, tmp_path: Path) -> Path:
    """A copy of the graded course, for one test to change."""
    root = tmp_path / "course"
    shutil.copytree(graded.root, root, symlinks=True)
    return root


def records(root: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((root / "grading_records" / "ps01.json").read_text(encoding="utf-8"))
    return data


def graded_notebook(root: Path, student: str) -> bytes:
    return (root / "autograded" / student / "ps01" / "ps01.ipynb").read_bytes()


def score(root: Path, student: str) -> float:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        return float(gradebook.find_submission("ps01", student).score)


def hand_in(graded: CourseRun, root: Path, student: str, submission: Student) -> None:
    """``student`` hands in ``submission`` again (the instructor collects it over the old one)."""
    nbformat.write(filled(graded.release, submission), root / "submitted" / student / "ps01" / "ps01.ipynb")


def regrade(root: Path, *args: str) -> str:
    """``coursekit grade ps01`` in the course at ``root``: its table (the last line counts)."""
    return _coursekit(root, course_env(root.parent), "grade", "ps01", "--jobs", "2", *args).stdout


def test_a_changed_notebook_is_graded_again_and_the_others_kept(graded: CourseRun, course: Path) -> None:
    full = sum(graded.points.values())
    king = sum(graded.points[grade_id] for grade_id in KING_TESTS)
    assert score(course, "ben") == pytest.approx(full - king)
    before = records(course)
    kept = {student: graded_notebook(course, student) for student in ("ann", "cat")}
    hand_in(graded, course, "ben", Student(references(Source("ps01"))))  # ben fixes his king

    table = regrade(course)

    assert "3 submissions: 1 graded, 2 kept" in table.splitlines()[-1], table
    assert score(course, "ben") == pytest.approx(full)  # what the new code earns
    after = records(course)
    for student in ("ann", "cat"):
        assert json.dumps(after[student]) == json.dumps(before[student]), (student, before, after)
        assert graded_notebook(course, student) == kept[student], student
        assert score(course, student) == pytest.approx(full)
    assert after["ben"]["score"] == pytest.approx(full) and after["ben"] != before["ben"]
    assert "kept" in next(line for line in table.splitlines() if line.startswith("ann "))


def test_nothing_changed_nothing_is_rewritten(course: Path) -> None:
    path = course / "grading_records" / "ps01.json"
    before = path.read_bytes()
    notebooks = {student: graded_notebook(course, student) for student in ("ann", "ben", "cat")}

    table = regrade(course)

    assert "3 submissions: 0 graded, 3 kept" in table.splitlines()[-1], table
    assert path.read_bytes() == before  # the grading times stay those of the grading
    assert {student: graded_notebook(course, student) for student in notebooks} == notebooks


def test_a_refused_submission_is_counted_as_refused(graded: CourseRun, course: Path) -> None:
    before = records(course)
    hand_in(graded, course, "ann", Student(references(Source("ps01"))))  # the same work handed in again
    (course / "submitted" / "cat" / "ps01" / "ps01.ipynb").write_bytes(b"{ this is not a notebook")

    table = regrade(course)

    assert "3 submissions: 0 graded, 2 kept, 1 refused" in table.splitlines()[-1], table
    assert "cat " in table and "is not a notebook that can be read" in table
    after = records(course)
    assert json.dumps(after["ann"]) == json.dumps(before["ann"]) and after["ben"] == before["ben"]
    assert after["cat"]["status"] == "needs manual grading"


def test_force_grades_every_submission_again(course: Path) -> None:
    table = regrade(course, "--force")

    assert "3 submissions: 3 graded, 0 kept" in table.splitlines()[-1], table
