"""``coursekit grade``: what an instructor sees when the command cannot run (the grading itself
is tested end to end in ``test_assignments_nbgrader.py`` and ``test_hostile_submissions.py``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from terminal import run

COURSE = Path(__file__).resolve().parents[1] / "assignments"


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A course folder with ps01's source and two submission folders, nothing released yet."""
    shutil.copy(COURSE / "nbgrader_config.py", tmp_path / "nbgrader_config.py")
    shutil.copytree(COURSE / "source" / "ps01", tmp_path / "source" / "ps01")
    for student in ("alice", "bob"):
        (tmp_path / "submitted" / student / "ps01").mkdir(parents=True)
    return tmp_path


@pytest.mark.parametrize(("args", "message"), [
    (("--jobs", "0"), "--jobs must be at least 1, not 0"),
    (("--course", "/nonexistent-course"), "is not a course folder: it has no nbgrader_config.py"),
])
def test_bad_arguments_get_one_line_and_status_two(args: tuple[str, ...], message: str) -> None:
    status, out, err = run("grade", "ps01", *args)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_an_unknown_assignment_or_student_is_named(course: Path) -> None:
    status, _, err = run("grade", "ps77", "--course", str(course))
    assert status == 2 and "there is no assignment 'ps77'" in err
    status, _, err = run("grade", "ps01", "--student", "carol", "--course", str(course))
    assert status == 2 and "no submission of ps01 from carol" in err


def test_an_assignment_not_released_says_what_to_run_first(course: Path) -> None:
    status, _, err = run("grade", "ps01", "--course", str(course))
    assert status == 2 and "run nbgrader generate_assignment ps01 first" in err.splitlines()[-1]
