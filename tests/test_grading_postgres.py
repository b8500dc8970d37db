"""Grading on a PostgreSQL gradebook: the same scores, feedback and export as with sqlite.

nbgrader keeps its gradebook in any database SQLAlchemy reaches (``c.CourseDirectory.db_url``);
a class graded on more than one machine shares a PostgreSQL one. This module starts a
throwaway PostgreSQL server (Debian's ``postgresql``: a data folder in a temporary directory,
a free port on 127.0.0.1, trust authentication, run as the ``postgres`` user when the tests
run as root), creates a database, and runs problem set 1 through release, ``coursekit grade``,
feedback and export against it, and once more against the default sqlite gradebook: every
test cell's score is the known one, and the two exports agree row for row. The server is
stopped at the end whatever happens.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hostile_submissions import NEEDS_A_PERSON, hostile_students
from known_submissions import KNOWN
from nbgrader_course import CourseRun, Source, Student, check_feedback_hides_hidden, check_scores, run_course

pytestmark = pytest.mark.slow

NAME = "ps01"
#: the reference, the untouched stub, a wrong answer, and a submission with no notebook (marked for a person)
KNOWN_STUDENTS = ("reference", "untouched", "wrong_king")
UNREADABLE = "no_notebook"
DATABASE = "gradebook"


def postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server programs (the newest of Debian's), or None."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3])
                   if p.parts[-3].isdigit() else 0)
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class Server:
    """A running throwaway PostgreSQL server."""

    port: int
    folder: Path

    def url(self, database: str) -> str:
        return f"postgresql+psycopg2://postgres@127.0.0.1:{self.port}/{database}"

    def connect(self, database: str = "postgres") -> Any:
        import psycopg2

        return psycopg2.connect(host="127.0.0.1", port=self.port, user="postgres", dbname=database)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """A PostgreSQL server in a temporary folder on a free local port, stopped at the end whatever happens."""
    pytest.importorskip("psycopg2", reason="the PostgreSQL driver is not installed (pip install -e '.[test]' "
                        "-c constraints.txt installs psycopg2-binary)")
    bindir = postgres_bin()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (on Debian: apt-get install postgresql)")
    as_user: list[str] = []
    owner = None
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: its own user runs it
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("the tests run as root and there is no postgres user to run PostgreSQL as")
        as_user = ["setpriv", f"--reuid={owner.pw_uid}", f"--regid={owner.pw_gid}", "--init-groups", "--"]
    # Under /tmp, not pytest's folder: the postgres user must reach it, and a socket path must be short.
    folder = Path(tempfile.mkdtemp(prefix="coursekit-pg-"))
    data = folder / "data"
    if owner is not None:
        os.chown(folder, owner.pw_uid, owner.pw_gid)

    def pg(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*as_user, *args], capture_output=True, text=True, timeout=timeout, cwd=folder)

    port = 0
    started = False
    try:
        init = pg(str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "--encoding=UTF8",
                  "--no-locale", "--no-sync")
        assert init.returncode == 0, f"initdb failed:\n{init.stdout}\n{init.stderr}"
        for _ in range(5):  # another process may take the free port first: try another
            port = free_port()
            options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off"
            start = pg(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-o", options,
                       "-w", "-t", "60", "start")
            started = start.returncode == 0
            if started:
                break
        log = (folder / "server.log").read_text(errors="replace") if (folder / "server.log").exists() else ""
        assert started, f"PostgreSQL did not start:\n{start.stdout}\n{start.stderr}\n{log[-3000:]}"
        yield Server(port, folder)
    finally:
        if started or (data / "postmaster.pid").exists():
            stop = pg(str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "-t", "30", "stop", timeout=60)
            if stop.returncode != 0 and (data / "postmaster.pid").exists():  # pg_ctl could not: end it ourselves
                with contextlib.suppress(OSError, ValueError):
                    os.kill(int((data / "postmaster.pid").read_text().split()[0]), signal.SIGKILL)
                time.sleep(0.5)
        shutil.rmtree(folder, ignore_errors=True)


def students(source: Source) -> dict[str, Student]:
    known = KNOWN[NAME].students(source)
    chosen = {name: known[name] for name in KNOWN_STUDENTS}
    chosen[UNREADABLE] = hostile_students(source)[UNREADABLE]
    return chosen


@pytest.fixture(scope="module")
def runs(server: Server, tmp_path_factory: pytest.TempPathFactory) -> dict[str, CourseRun]:
    """Problem set 1 graded twice: on a new PostgreSQL database, and on the default sqlite gradebook."""
    with contextlib.closing(server.connect()) as connection:
        connection.autocommit = True  # CREATE DATABASE cannot run in a transaction
        with connection.cursor() as cursor:
            cursor.execute(f"CREATE DATABASE {DATABASE}")
    source = Source(NAME)
    chosen = students(source)
    began = time.perf_counter()
    postgres = run_course(source, chosen, tmp_path_factory.mktemp("postgres"),
                          db_url=server.url(DATABASE))
    middle = time.perf_counter()
    sqlite = run_course(source, chosen, tmp_path_factory.mktemp("sqlite"))
    print(f"\n{NAME} on PostgreSQL: {middle - began:.1f} s; on sqlite: {time.perf_counter() - middle:.1f} s")
    return {"postgresql": postgres, "sqlite": sqlite}


def grades_csv(run: CourseRun) -> list[dict[str, str]]:
    with (run.root / "grades.csv").open(newline="", encoding="utf-8") as handle:
        return sorted(csv.DictReader(handle), key=lambda row: row["student_id"])


def test_the_gradebook_is_in_postgresql(runs: dict[str, CourseRun], server: Server) -> None:
    """No sqlite file was written, and the database holds every student and its autograded cells."""
    run = runs["postgresql"]
    assert not (run.root / "gradebook.db").exists()
    assert (runs["sqlite"].root / "gradebook.db").is_file()
    with contextlib.closing(server.connect(DATABASE)) as connection, connection.cursor() as cursor:
        cursor.execute("SELECT id FROM student")
        assert {row[0] for row in cursor.fetchall()} == set(run.students)
        cursor.execute("SELECT name FROM assignment")
        assert [row[0] for row in cursor.fetchall()] == [NAME]
        cursor.execute("SELECT count(*) FROM grade WHERE auto_score IS NOT NULL")
        graded = cursor.fetchone()[0]
    assert graded == len(run.points) * (len(run.students) - 1)  # every test cell of each readable submission


@pytest.mark.parametrize("student", [*KNOWN_STUDENTS, UNREADABLE])
def test_scores_per_test_cell(runs: dict[str, CourseRun], student: str) -> None:
    """Each test cell's exact known score, on PostgreSQL as on sqlite."""
    check_scores(runs["postgresql"], student)
    assert runs["postgresql"].scores[student] == runs["sqlite"].scores[student]


def test_export_is_the_same_as_with_sqlite(runs: dict[str, CourseRun]) -> None:
    """``grades.csv``: each total expected, the unreadable submission marked for a person, row for row as sqlite's."""
    run = runs["postgresql"]
    rows = {row["student_id"]: row for row in grades_csv(run)}
    assert set(rows) == set(run.students)
    maximum = sum(run.points.values())
    for student in run.students:
        row = rows[student]
        assert row["assignment"] == NAME
        assert round(float(row["score"]), 2) == round(sum(run.expected(student).values()), 2), student
        assert float(row["max_score"]) == maximum
        if student == UNREADABLE:
            assert row["status"] == "needs manual grading"
            assert NEEDS_A_PERSON[UNREADABLE] in row["reason"], row["reason"]
        else:
            assert (row["status"], row["reason"]) == ("graded", ""), (student, row["reason"])
    assert rows["reference"]["score"] != rows["wrong_king"]["score"]

    def comparable(run: CourseRun) -> list[dict[str, str]]:
        return [{key: value for key, value in row.items() if key != "timestamp"} for row in grades_csv(run)]

    assert comparable(run) == comparable(runs["sqlite"])


def test_feedback(runs: dict[str, CourseRun]) -> None:
    """Feedback generated from the PostgreSQL gradebook: it teaches, hides the hidden tests, and matches sqlite's."""
    run = runs["postgresql"]
    readable = {student: run.students[student] for student in KNOWN_STUDENTS}  # no notebook, no feedback
    check_feedback_hides_hidden(dataclasses.replace(run, students=readable, _feedback={}), Source(NAME))
    assert "not written yet" in run.feedback_html("untouched")
    assert "beans rule" in run.feedback("wrong_king")
    for student in KNOWN_STUDENTS:
        assert run.feedback(student) == runs["sqlite"].feedback(student), student


def test_the_server_is_ours_and_local(server: Server) -> None:
    """The throwaway server listens on 127.0.0.1 only and keeps its socket in its own folder."""
    with contextlib.closing(server.connect()) as connection, connection.cursor() as cursor:
        cursor.execute("SHOW listen_addresses")
        assert cursor.fetchone()[0] == "127.0.0.1"
        cursor.execute("SHOW unix_socket_directories")
        assert cursor.fetchone()[0] == str(server.folder)
