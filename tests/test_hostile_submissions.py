"""Hostile submissions graded in one batch with ``coursekit grade``: the attacks change nothing.

After the batch: each submission has its honest score (cell by cell), the two that cannot be
read are marked for a person with the reason (in the gradebook and the export), the course's
configuration, sources and submissions and the installed package are byte for byte as before,
no process of the sandbox is left, and no feedback shows hidden tests, student HTML or more
output than the cap.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import time
from pathlib import Path

import pytest
from hostile_submissions import NEEDS_A_PERSON, NEEDS_REVIEW, hostile_ps03, hostile_ps04, hostile_students
from nbgrader_course import CourseRun, Source, check_feedback_hides_hidden, run_course

import coursekit
from coursekit.grading.sandbox import bubblewrap

pytestmark = [pytest.mark.slow, pytest.mark.skipif(bubblewrap() is None,
                                                   reason="bubblewrap is not installed (apt-get install bubblewrap)")]

PACKAGE = Path(coursekit.__file__).parent


def package_digest() -> dict[str, str]:
    return {str(p.relative_to(PACKAGE)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(PACKAGE.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


def _process(pid: str) -> tuple[str, str, str] | None:
    """(user id, parent pid, command line) of a running process, or None once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return None
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    return fields["Uid"].split()[0], fields["PPid"].strip(), command


def _suspect(process: tuple[str, str, str]) -> bool:
    """A process of the sandbox user, or a sleeping daemon an attack tried to leave behind."""
    uid, _parent, command = process
    return uid == "65534" or command.startswith("sleep 600")


def leftover_processes() -> list[str]:
    """Processes of the sandbox user, or the sleeping daemons the attacks tried to leave behind, that
    outlived the grading that started them: orphans, whose chain of such processes ends at init.

    A sandbox that is still running (a test beside this one, on another worker, grades too) hangs from
    the live grading process that started it, and is not left over; every grading of this module has
    ended when this is asked, so whatever it left behind has lost that parent."""
    found = []
    for entry in os.listdir("/proc"):
        process = _process(entry) if entry.isdigit() else None
        if process is None or not _suspect(process):
            continue
        parent = _process(process[1])
        while parent is not None and _suspect(parent) and process[1] not in ("0", "1"):
            process, parent = parent, _process(parent[1])
        if parent is None or process[1] in ("0", "1"):
            found.append(f"{entry}: {_process(entry) or ('gone', '', '')}")
    return found


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> tuple[CourseRun, dict[str, str], dict[str, str]]:
    source = Source("ps01")
    before = package_digest()
    run = run_course(source, hostile_students(source), tmp_path_factory.mktemp("hostile"))
    time.sleep(0.5)
    return run, before, package_digest()


@pytest.fixture(scope="module")
def batch_ps03(tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    source = Source("ps03")
    return run_course(source, hostile_ps03(source), tmp_path_factory.mktemp("hostile_ps03"))


@pytest.mark.parametrize("student", sorted(hostile_ps03(Source("ps03"))))
def test_expanded_cells_are_measured_not_reported(batch_ps03: CourseRun, student: str) -> None:
    expected = {grade_id: round(points, 2) for grade_id, points in batch_ps03.expected(student).items()}
    got = {grade_id: round(score, 2) for grade_id, score in batch_ps03.scores[student].items()}
    assert got == expected, batch_ps03.log[-3000:]


@pytest.fixture(scope="module")
def batch_ps04(tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    source = Source("ps04")
    return run_course(source, hostile_ps04(source), tmp_path_factory.mktemp("hostile_ps04"))


@pytest.mark.parametrize("student", sorted(hostile_ps04(Source("ps04"))))
def test_strategies_played_move_by_move_keep_their_tricks_to_themselves(batch_ps04: CourseRun, student: str) -> None:
    expected = {grade_id: round(points, 2) for grade_id, points in batch_ps04.expected(student).items()}
    got = {grade_id: round(score, 2) for grade_id, score in batch_ps04.scores[student].items()}
    assert got == expected, batch_ps04.log[-3000:]


def test_there_are_at_least_thirty_attacks() -> None:
    attacks = [*hostile_students(Source("ps01")), *hostile_ps03(Source("ps03")), *hostile_ps04(Source("ps04"))]
    assert len([name for name in attacks if name != "reference"]) >= 30


@pytest.mark.parametrize("student", sorted(hostile_students(Source("ps01"))))
def test_each_submission_gets_its_honest_score(batch: tuple[CourseRun, dict[str, str], dict[str, str]],
                                               student: str) -> None:
    run = batch[0]
    expected = {grade_id: round(points, 2) for grade_id, points in run.expected(student).items()}
    got = {grade_id: round(score, 2) for grade_id, score in run.scores[student].items()}
    assert got == expected, run.log[-3000:]


def test_unreadable_submissions_need_a_person_and_say_why(
        batch: tuple[CourseRun, dict[str, str], dict[str, str]]) -> None:
    rows = batch[0].grades
    for student, row in rows.items():
        if student in NEEDS_A_PERSON:
            assert row["status"] == "needs manual grading", student
            assert NEEDS_A_PERSON[student] in row["reason"], (student, row["reason"])
        elif student in NEEDS_REVIEW:
            assert row["status"] == "needs review", student
            assert NEEDS_REVIEW[student] in row["reason"], (student, row["reason"])
        else:
            assert (row["status"], row["reason"]) == ("graded", ""), (student, row["reason"])


def test_nothing_of_the_course_or_the_package_changed(batch: tuple[CourseRun, dict[str, str], dict[str, str]]) -> None:
    run, package_before, package_after = batch
    assert run.after == run.before
    assert package_after == package_before


def test_no_process_is_left() -> None:
    if os.geteuid() != 0:
        pytest.skip("the sandbox runs as the grader's own user: its processes cannot be told apart")
    deadline = time.monotonic() + 10  # killed processes are gone once the kernel has reaped them
    while leftover_processes() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert leftover_processes() == []


def test_feedback_is_safe_to_open(batch: tuple[CourseRun, dict[str, str], dict[str, str]]) -> None:
    run = batch[0]
    graded = dataclasses.replace(run, students={s: v for s, v in run.students.items() if s not in NEEDS_A_PERSON})
    check_feedback_hides_hidden(graded, Source("ps01"), tracebacks_allowed=tuple(graded.students))
    for student in graded.students:
        page = run.feedback_html(student)
        assert len(page) < 2_000_000, student
        assert "<script>document.title" not in page and "<img src='http://evil" not in page, student
        assert "HOOKED" not in run.feedback(student), student
