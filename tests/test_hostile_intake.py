"""Intake and a bounded grader, through the real flow: ``generate_assignment``, the files in
``submitted/``, ``coursekit grade``, ``generate_feedback``, ``export``, all attacks in one batch.

Each attack of issue 19's "Intake" and "The grader's own process has no limits": links to the
instructor's solutions, to a classmate, a linked folder, links beside the notebook, a
``timestamp.txt`` from 2000, links to ``/dev/zero``, a 15 MB cell, 100,000 empty cells, a reply
of 80,000 ints that hash alike, a reply of ``Grid(20000, 20000)``. After the batch: each
submission has its honest score and status, nothing of it but the release's notebooks reaches
``autograded/`` or ``feedback/``, the batch finished, and the grader's CPU time and peak memory
(measured with ``getrusage`` from a small launcher, its children included) stay far below what the attacks cost before.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbgrader_course import BIN, COURSE, CourseRun, Source, Student, by_id

from coursekit.grading.intake import changed, parse_time
from coursekit.grading.sandbox import bubblewrap

pytestmark = [pytest.mark.slow, pytest.mark.skipif(bubblewrap() is None,
                                                   reason="bubblewrap is not installed (apt-get install bubblewrap)")]

NAME = "ps01"
#: the forged replies come from king_strategy, the last function the tests call: the sandbox
#: restarts after a refused reply, and nothing else waits on that restart
NO_KING = ("test_king_strategy_visible", "test_king_strategy_hidden")
MODULUS = (1 << 61) - 1

#: A reply forged in the sandbox (the student's code can rewrite the encoder there): the next
#: answer the runner sends is ``forged``, written as JSON without building it in the sandbox.
FORGE = '''
import coursekit.grading.codec as _codec
_real_plain = _codec._plain
def _forge(forged):
    def plain(value, depth):
        _codec._plain = _real_plain
        return forged
    _codec._plain = plain
'''
COLLIDING = FORGE + f'''
_COLLIDING = {{"set": [k * {MODULUS} for k in range(1, 80001)]}}
def king_strategy(grid, cell):
    _forge(_COLLIDING)
    return None
'''
HUGE_GRID = FORGE + '''
def king_strategy(grid, cell):
    _forge({"data": "coursekit.core.grid:Grid", "fields": {"width": 20000, "height": 20000}})
    return None
'''


def link(path: str, target: str) -> Callable[[Path], None]:
    """Make ``submitted/<student>/ps01/<path>`` a link to ``target`` (after the notebook is written)."""
    def make(folder: Path) -> None:
        (folder / path).unlink(missing_ok=True)
        (folder / path).symlink_to(target)
    return make


def write(path: str, text: str) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        (folder / path).write_text(text)
    return make


def link_folder(folder: Path) -> None:
    """The whole ``ps01/`` folder is a link to the reference student's."""
    for item in folder.iterdir():
        item.unlink()
    folder.rmdir()
    folder.symlink_to("../reference/ps01")


def many_cells(nb: Any) -> bytes:
    data = json.loads(nbformat.writes(nb))
    data["cells"] += [{"cell_type": "code", "execution_count": None, "id": f"e{n}", "metadata": {},
                       "outputs": [], "source": ""} for n in range(100_000)]
    return json.dumps(data).encode()


def big_cell(nb: Any) -> bytes:
    nb.cells.append(nbformat.v4.new_code_cell("x = '" + "y" * (15 << 20) + "'"))
    return nbformat.writes(nb).encode()


@dataclass(frozen=True)
class Attack:
    student: Student
    status: str  # "graded" or "needs manual grading"
    reason: str = ""  # what the reason must say (refused at intake)
    files: tuple[Callable[[Path], None], ...] = ()  # made in the submission folder after the notebook
    raw: Callable[[Any], bytes] | None = None  # the notebook as written, from the reference's


def attacks(source: Source) -> dict[str, Attack]:
    ref = {grade_id: source.reference(grade_id) for grade_id in ("is_winning", "winning_move", "king_strategy")}
    full, nothing = Student(ref), Student(ref, zero="all")
    honest = (datetime.now(UTC) - timedelta(seconds=20)).strftime("%Y-%m-%d %H:%M:%S.%f UTC")  # believed
    refused = "needs manual grading"
    return {
        "reference": Attack(full, "graded", files=(write("notes.txt", "my notes"), write("timestamp.txt", honest))),
        "old_timestamp": Attack(full, "graded", files=(write("timestamp.txt", "2000-01-01 00:00:00"),)),
        "link_source": Attack(nothing, refused, "ps01.ipynb is a symbolic link (to ../../../source/ps01/ps01.ipynb)",
                              (link("ps01.ipynb", "../../../source/ps01/ps01.ipynb"),)),
        "link_classmate": Attack(nothing, refused, "ps01.ipynb is a symbolic link (to ../../reference/ps01/ps01.ipynb)",
                                 (link("ps01.ipynb", "../../reference/ps01/ps01.ipynb"),)),
        "link_folder": Attack(nothing, refused, "submitted/link_folder/ps01 is a symbolic link", (link_folder,)),
        "extra_links": Attack(nothing, refused, "gradebook.db is a symbolic link", (
            link("source", "../../../source"), link("gradebook.db", "../../../gradebook.db"),
            link("shadow", "/etc/shadow"), link("classmate.ipynb", "../../reference/ps01/ps01.ipynb"))),
        "zero_big": Attack(nothing, refused, "big.txt is a symbolic link (to /dev/zero)",
                           (link("big.txt", "/dev/zero"),)),
        "zero_timestamp": Attack(nothing, refused, "timestamp.txt is a symbolic link (to /dev/zero)",
                                 (link("timestamp.txt", "/dev/zero"),)),
        "big_cell": Attack(nothing, refused, "has a cell of 15728646 characters: more than the 500000 allowed",
                           raw=big_cell),
        "many_cells": Attack(nothing, refused, "cells: more than the 500 allowed", raw=many_cells),
        "colliding_set": Attack(Student({**ref, "king_strategy": COLLIDING}, zero=NO_KING), "graded"),
        "huge_grid": Attack(Student({**ref, "king_strategy": HUGE_GRID}, zero=NO_KING), "graded"),
    }


@dataclass(frozen=True)
class Usage:
    """What one command cost, its children included: CPU seconds and peak resident memory (MB)."""

    cpu: float
    peak_mb: float
    status: int
    out: str


#: Runs a command and writes what it cost (its children included) to a file: started from this
#: small process, not from pytest, so that the peak is the command's own (a process started by
#: fork and exec inherits its parent's peak resident memory in ``ru_maxrss``).
LAUNCHER = """
import json, resource, subprocess, sys
status = subprocess.call(sys.argv[2:])
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], "w") as out:
    json.dump({"cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024, "status": status}, out)
"""


def measured(command: list[str], cwd: Path, env: dict[str, str]) -> Usage:
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "usage.json"
        result = subprocess.run([sys.executable, "-c", LAUNCHER, str(report), *command], cwd=cwd, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        usage = json.loads(report.read_text()) if report.exists() else {"cpu": 0.0, "peak_mb": 0.0, "status": -1}
    return Usage(usage["cpu"], usage["peak_mb"], usage["status"], result.stdout)


@dataclass
class Batch:
    run: CourseRun
    attacks: dict[str, Attack]
    usage: dict[str, Usage]
    env: dict[str, str]
    timestamps: dict[str, datetime]
    collected: dict[str, datetime | None]


def environment(tmp: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("JUPYTER", "NBGRADER", "IPYTHON"))}
    env.update(PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", JUPYTER_CONFIG_DIR=str(tmp / "jupyter_config"),
               JUPYTER_DATA_DIR=str(tmp / "jupyter_data"), IPYTHONDIR=str(tmp / "ipython"),
               PYDEVD_DISABLE_FILE_VALIDATION="1")
    return env


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Batch:
    if not (BIN / "nbgrader").exists():
        pytest.skip("nbgrader is not installed in this environment")
    tmp = tmp_path_factory.mktemp("intake")
    source = Source(NAME)
    root = tmp / "course"
    (root / "source").mkdir(parents=True)
    (root / "nbgrader_config.py").write_text((COURSE / "nbgrader_config.py").read_text()
                                             + "\nc.TrustedExecute.cell_timeout = 8\n")
    shutil.copytree(source.path.parent, root / "source" / NAME)
    env = environment(tmp)
    usage: dict[str, Usage] = {}
    usage["generate_assignment"] = measured([str(BIN / "nbgrader"), "generate_assignment", NAME], root, env)
    release = nbformat.read(root / "release" / NAME / f"{NAME}.ipynb", as_version=4)
    chosen = attacks(source)
    for student, attack in chosen.items():
        nb = nbformat.from_dict(json.loads(json.dumps(release)))
        for cell in nb.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if grade_id in attack.student.edits:
                cell.source = attack.student.edits[grade_id]
        folder = root / "submitted" / student / NAME
        folder.mkdir(parents=True)
        (folder / f"{NAME}.ipynb").write_bytes(attack.raw(nb) if attack.raw else nbformat.writes(nb).encode())
    for student, attack in chosen.items():  # the links to a classmate's folder need it written first
        for make in attack.files:
            make(root / "submitted" / student / NAME)
    collected = {student: changed(root / "submitted" / student / NAME) for student in chosen}
    usage["grade"] = measured([str(BIN / "coursekit"), "grade", NAME, "--jobs", "2"], root, env)
    assert usage["grade"].status == 0, usage["grade"].out[-3000:]
    usage["generate_feedback"] = measured([str(BIN / "nbgrader"), "generate_feedback", NAME], root, env)
    assert usage["generate_feedback"].status == 0, usage["generate_feedback"].out[-3000:]
    usage["export"] = measured([str(BIN / "nbgrader"), "export"], root, env)
    print(f"\nintake batch of {len(chosen)}: " + ", ".join(f"{step} {u.cpu:.1f} s CPU, {u.peak_mb:.0f} MB peak"
                                                        for step, u in usage.items()))
    from nbgrader.api import Gradebook, MissingEntry

    points = [grade_id for grade_id, cell in by_id(release).items() if cell.metadata["nbgrader"].get("grade")]
    scores: dict[str, dict[str, float]] = {}
    timestamps: dict[str, datetime] = {}
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        for student in chosen:
            scores[student] = {}
            for grade_id in points:
                try:
                    scores[student][grade_id] = float(gradebook.find_grade(grade_id, NAME, NAME, student).score or 0)
                except MissingEntry:
                    scores[student][grade_id] = 0.0
            stamp = gradebook.find_submission(NAME, student).timestamp
            if stamp is not None:
                timestamps[student] = stamp.replace(tzinfo=UTC)
    run = CourseRun(NAME, root, release, {s: a.student for s, a in chosen.items()}, scores, {}, usage["grade"].out)
    return Batch(run, chosen, usage, env, timestamps, collected)


@pytest.mark.parametrize("student", sorted(attacks(Source(NAME))))
def test_each_submission_gets_its_honest_score_and_status(batch: Batch, student: str) -> None:
    run, attack = batch.run, batch.attacks[student]
    expected = {grade_id: round(points, 2) for grade_id, points in run.expected(student).items()}
    got = {grade_id: round(score, 2) for grade_id, score in run.scores[student].items()}
    assert got == expected, run.log[-3000:]
    row = run.grades[student]
    assert row["status"] == attack.status, (student, row["reason"])
    assert attack.reason in row["reason"], (student, row["reason"])


@pytest.mark.parametrize("student", sorted(attacks(Source(NAME))))
def test_nothing_but_the_release_notebooks_reaches_autograded_or_feedback(batch: Batch, student: str) -> None:
    root, attack = batch.run.root, batch.attacks[student]
    graded = attack.status == "graded"
    for part, wanted in (("autograded", {"ps01.ipynb", "timestamp.txt"}), ("feedback", {"ps01.html", "timestamp.txt"})):
        folder = root / part / student
        found = sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) if folder.exists() else []
        assert found == (sorted([NAME, *(f"{NAME}/{name}" for name in wanted)]) if graded else []), (part, found)
        assert not any(p.is_symlink() for p in folder.rglob("*")), part
    if graded:
        assert len(batch.run.feedback_html(student)) < 2_000_000


def test_the_student_timestamp_is_used_only_when_sane(batch: Batch) -> None:
    honest = parse_time((batch.run.root / "submitted" / "reference" / NAME / "timestamp.txt").read_text())
    assert abs(batch.timestamps["reference"] - honest) < timedelta(seconds=1)
    old = batch.timestamps["old_timestamp"]
    assert old.year > 2000 and abs(old - batch.collected["old_timestamp"]) < timedelta(seconds=1)
    assert "timestamp.txt (2000-01-01 00:00) is more than 60 s before the collection" in batch.run.log
    assert "not graded (only the release's notebooks are): notes.txt" in batch.run.log


def test_the_batch_finished_with_the_grader_bounded(batch: Batch) -> None:
    grade, feedback = batch.usage["grade"], batch.usage["generate_feedback"]
    assert f"{len(batch.attacks)} submissions: " in grade.out
    # before: 88 s in the grader for the colliding set, 3.1 GB for the grid, 103 s and 155 s for
    # 100,000 cells, 215 s and 5.4 GB for feedback of a 15 MB cell. Generous bounds, CPU not wall time:
    assert grade.peak_mb < 1500, grade
    assert grade.cpu < 240, grade
    assert feedback.peak_mb < 1000, feedback
    assert feedback.cpu < 60, feedback


def test_a_reply_over_a_cap_fails_that_call_and_says_why(batch: Batch) -> None:
    assert "a set of 80000 elements with only 1 different hashes" in batch.run.feedback("colliding_set")
    assert "a 20000 x 20000 Grid: more than the 1000000 cells allowed" in batch.run.feedback("huge_grid")


def test_the_refused_big_notebooks_get_no_feedback_page(batch: Batch) -> None:
    for student in ("big_cell", "many_cells"):
        assert not (batch.run.root / "feedback" / student).exists()
        assert not (batch.run.root / "autograded" / student).exists()


def test_a_sandbox_that_cannot_start_stops_grading_before_anyone(batch: Batch, tmp_path: Path) -> None:
    fake = tmp_path / "bin" / "bwrap"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'bwrap: creating new namespace failed: Operation not permitted' >&2\nexit 1\n")
    fake.chmod(0o755)
    gradebook = batch.run.root / "gradebook.db"
    before = hashlib.sha256(gradebook.read_bytes()).hexdigest()
    env = {**batch.env, "PATH": f"{fake.parent}{os.pathsep}{batch.env['PATH']}"}
    env.pop("COURSEKIT_SANDBOX", None)
    result = subprocess.run([str(BIN / "coursekit"), "grade", NAME, "--force"], cwd=batch.run.root, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 2 and result.stdout == ""
    last = result.stderr.strip().splitlines()[-1]
    assert "the sandbox failed on this machine, not because of a student's code" in last
    assert f"check it with: {fake}" in last
    assert "Isolation:" in result.stderr and len(result.stderr.strip().splitlines()) == 2
    assert hashlib.sha256(gradebook.read_bytes()).hexdigest() == before


def test_a_grading_child_over_its_memory_limit_is_marked_and_the_batch_goes_on(
        batch: Batch, monkeypatch: pytest.MonkeyPatch) -> None:
    from coursekit.grading.nbgrader.batch import ChildLimits, Course, grade

    for key, value in batch.env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(batch.run.root)
    course = Course.at(batch.run.root)
    results = grade(course, NAME, ["old_timestamp", "colliding_set"], jobs=1, force=True,
                    limits=ChildLimits(memory=16 << 20))
    assert [r.student for r in results] == ["colliding_set", "old_timestamp"]
    for result in results:
        assert result.status == "needs manual grading", result
        said = " ".join(result.reasons)
        # said by the exit status or the log, or (not even a line of log written) named as the likely cause
        assert ("grading needed more than 16 MB of memory and was stopped." in said
                or "most likely it needed more than its 16 MB of memory." in said), result
