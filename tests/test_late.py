"""Late means late: through nbgrader's own exchange, a student who sets the times of their submission back
(``touch -d``, a forged ``timestamp.txt``, a folder renamed to an earlier time) counts as late as an honest
classmate who submitted at the same moment; a notebook left outside its assignment's folder is named.

The class: ``alice`` submits honestly, ``mallory`` submits at the same time and then, in the exchange's
``inbound/`` (whose folder of hers she owns), sets everything of her submission a day and more back. The
due date was a day ago, so both are a day late.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from nbgrader_course import BIN, COURSE, TEST_KEY, _coursekit, _forked, _nbgrader, course_env

from coursekit.grading.intake import changed, parse_time

NAME = "ps01"
DAY = 86_400


@dataclass
class Class:
    root: Path
    inbound: Path
    due: datetime
    submitted: dict[str, datetime]  # nbgrader's time of each submit (the time in its folder's name)
    forged: datetime
    received: datetime  # when the exchange last saw a change of mallory's folder (her touch)
    grade: subprocess.CompletedProcess[str]
    late: dict[str, float]  # the gradebook's seconds late
    stamps: dict[str, datetime]  # the gradebook's submission times


def _submitted_folder(inbound: Path, student: str) -> Path:
    (folder,) = [path for path in inbound.iterdir() if path.name.startswith(f"{student}+{NAME}+")]
    return folder


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Class:
    if not (BIN / "nbgrader").exists():
        pytest.skip("nbgrader is not installed in this environment")
    tmp = tmp_path_factory.mktemp("late")
    root, exchange = tmp / "course", tmp / "exchange"
    (root / "source").mkdir(parents=True)
    shutil.copy(COURSE / "nbgrader_config.py", root / "nbgrader_config.py")
    shutil.copytree(COURSE / "source" / NAME, root / "source" / NAME)
    exchange.mkdir()
    exchange.chmod(0o777)
    env = course_env(tmp)
    config = Path(env["JUPYTER_CONFIG_DIR"])
    config.mkdir()
    (config / "nbgrader_config.py").write_text(  # what every user's nbgrader reads, as on a hub
        f'c.CourseDirectory.course_id = "coursekit"\nc.Exchange.root = {str(exchange)!r}\n', encoding="utf-8")
    from coursekit.grading.secret import write_key

    write_key(root, TEST_KEY)
    _nbgrader(root, env, "generate_assignment", NAME)
    _nbgrader(root, env, "release_assignment", NAME)
    due = (datetime.now(UTC) - timedelta(days=1)).replace(microsecond=0)
    _nbgrader(root, env, "db", "assignment", "add", NAME, f"--duedate={due:%Y-%m-%d %H:%M:%S} UTC")

    inbound = exchange / "coursekit" / "inbound"
    submitted = {}
    for student in ("alice", "mallory"):
        home = tmp / "home" / student
        home.mkdir(parents=True)
        _forked("nbgrader", home, env, ["fetch_assignment", NAME, f"--student={student}"])
        _forked("nbgrader", home, env, ["submit", NAME, f"--student={student}"])
        submitted[student] = parse_time(_submitted_folder(inbound, student).name.rsplit("+", 3)[2])

    # mallory, who owns her folder in inbound/, sets it back: its name, nbgrader's timestamp.txt, every time.
    forged = due - timedelta(hours=2)
    stamp = f"{forged:%Y-%m-%d %H:%M:%S.%f} UTC"
    mine = _submitted_folder(inbound, "mallory")
    renamed = inbound / f"mallory+{NAME}+{stamp}+{mine.name.rsplit('+', 1)[1]}"
    mine.rename(renamed)
    (renamed / "timestamp.txt").write_text(stamp)
    for path in [*renamed.rglob("*"), renamed]:
        subprocess.run(["touch", "-h", "-d", f"@{forged.timestamp()}", str(path)], check=True)
    received = changed(renamed)
    assert received is not None

    _nbgrader(root, env, "collect", NAME)
    copy = root / "submitted" / "mallory" / NAME
    # what the attack made of the collected copy: nbgrader kept every time she set
    assert parse_time((copy / "timestamp.txt").read_text()) == forged
    assert abs(copy.stat().st_mtime - forged.timestamp()) < 1
    sam = root / "submitted" / "sam"
    sam.mkdir()
    shutil.copy(root / "release" / NAME / f"{NAME}.ipynb", sam / f"{NAME}.ipynb")

    grade = _coursekit(root, env, "grade", NAME, "--jobs", "2")
    from nbgrader.api import Gradebook

    late, stamps = {}, {}
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        for student in ("alice", "mallory"):
            submission = gradebook.find_submission(NAME, student)
            late[student] = float(submission.total_seconds_late)
            stamps[student] = submission.timestamp.replace(tzinfo=UTC)
    print(f"\nseconds late in the gradebook: {late}")
    return Class(root, inbound, due, submitted, forged, received, grade, late, stamps)


@pytest.mark.slow
def test_setting_the_times_back_in_the_exchange_makes_no_one_less_late(graded: Class) -> None:
    honest, attacker = graded.late["alice"], graded.late["mallory"]
    assert honest > DAY - 60 and attacker > DAY - 60, graded.late
    assert abs(attacker - honest) < 30, graded.late
    assert graded.stamps["mallory"] == graded.received  # when the exchange saw her folder last change
    assert "timestamp.txt (" in graded.grade.stdout and "before the exchange received the submission" \
        in graded.grade.stdout, graded.grade.stdout


@pytest.mark.slow
def test_an_honest_submission_keeps_nbgraders_time(graded: Class) -> None:
    assert graded.stamps["alice"] == graded.submitted["alice"]
    assert graded.late["alice"] == pytest.approx((graded.submitted["alice"] - graded.due).total_seconds())


@pytest.mark.slow
def test_a_notebook_outside_its_assignment_folder_is_named(graded: Class) -> None:
    assert f"submitted/sam/{NAME}.ipynb is not graded: it belongs at submitted/sam/{NAME}/{NAME}.ipynb." \
        in graded.grade.stderr.splitlines(), graded.grade.stderr
    assert os.path.exists(graded.root / "submitted" / "sam" / f"{NAME}.ipynb")
