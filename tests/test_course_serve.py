"""`python3 course.py open` serves quietly: no request log, no traceback when a browser leaves early."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_course():
    spec = importlib.util.spec_from_file_location("course_script", ROOT / "course.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_serving_logs_nothing_and_ignores_pages_closed_early(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "index.html").write_text("<h1>home</h1>", encoding="utf-8")
    (tmp_path / "big.bin").write_bytes(b"x" * 8_000_000)
    course = load_course()
    errors = io.StringIO()
    monkeypatch.setattr(sys, "stderr", errors)
    server = course.make_server(tmp_path, 0)
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as answer:
            assert b"home" in answer.read()
        with contextlib.suppress(OSError), urllib.request.urlopen(f"http://127.0.0.1:{port}/missing") as answer:
            answer.read()
        for _ in range(5):  # a browser that asks for a big file and closes the page at once
            with socket.create_connection(("127.0.0.1", port)) as sock:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                sock.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                sock.recv(100)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as answer:  # still serving
            assert b"home" in answer.read()
    finally:
        server.shutdown()
        server.server_close()
    assert errors.getvalue() == "", f"the server wrote to stderr:\n{errors.getvalue()}"


def test_the_suite_runs_a_worker_a_core_unless_the_arguments_choose() -> None:
    """`course.py test` adds pytest-xdist's options, and leaves them out when the arguments name workers."""
    import doctest

    course = load_course()
    assert course.workers([]) == ["-n", "auto", "--dist", "loadgroup"]
    assert course.workers(["-m", "not slow", "-k", "beans"]) == ["-n", "auto", "--dist", "loadgroup"]
    for chosen in (["-n", "0"], ["-n2"], ["--numprocesses=3"], ["-p", "no:xdist"], ["--dist", "load"]):
        assert course.workers(chosen) == [], chosen
    assert doctest.testmod(course, verbose=False).failed == 0


def test_set_up_installs_with_uv_and_falls_back_on_pip(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Set-up installs uv with pip, then the course with uv; where uv fails it says so and pip installs."""
    course = load_course()
    commands: list[list[str]] = []

    def ran(*command: object, **kwargs: object) -> None:
        commands.append([str(c) for c in command])

    monkeypatch.setattr(course, "run", ran)
    assert course.install_with_uv(["pip"], ".[test]") is True
    assert commands[0][:2] == ["pip", "install"] and commands[0][-1] == "uv"
    assert commands[1][0].endswith("uv") and commands[1][1:3] == ["pip", "install"]
    assert "--compile-bytecode" in commands[1] and commands[1][-2:] == ["-e", ".[test]"]

    def refused(*command: object, **kwargs: object) -> None:
        commands.append([str(c) for c in command])
        if str(command[0]).endswith("uv"):
            raise subprocess.CalledProcessError(1, [str(c) for c in command])

    commands.clear()
    monkeypatch.setattr(course, "run", refused)
    assert course.install_with_uv(["pip"], ".[test]") is False
    assert len(commands) == 2
    assert "uv could not install (exit status 1); installing with pip instead" in capsys.readouterr().out


#: A test's start and end, written to the file named by $LOG: its name, the worker, the time.
RECORD = """\
import os, time


def record(name, seconds=0.2):
    for event in ("start", "end"):
        with open(os.environ["LOG"], "a") as log:
            log.write(f"{name} {os.environ.get('PYTEST_XDIST_WORKER', 'x')} {time.time()} {event}\\n")
        if event == "start":
            time.sleep(seconds)
"""
#: The lessons' files: each test runs for one lesson (its ``path``), in two files, as tests/test_lessons.py does.
LESSON_TESTS = """\
from pathlib import Path
import pytest
from record import record


@pytest.mark.parametrize("path", [Path("a.py"), Path("b.py")], ids=["a", "b"])
@pytest.mark.parametrize("i", range(3))
def test_lesson(path, i):
    record(f"lesson-{path.stem}")
"""
OTHER_TESTS = """\
import pytest
from record import record


@pytest.mark.parametrize("i", range(4))
def test_other(i):
    record("other")
"""
ALONE_TEST = """\
from record import record


def test_alone(alone):
    record("beside")
    with alone():
        record("alone", seconds=1)
    record("beside")
"""


@pytest.mark.slow
def test_the_suite_s_groups_each_run_on_one_worker(tmp_path: Path) -> None:
    """With this pytest and pytest-xdist, ``--dist loadgroup`` keeps a group on one worker (pytest 9.2
    lost the groups: pytest-xdist#1386): the tests of one lesson, from two files, share the worker of the
    lesson's run; and the part of a test inside ``with alone():`` runs with no other test beside it."""
    pytest.importorskip("xdist")
    files = {"conftest.py": (ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"), "record.py": RECORD,
             "test_lessons.py": LESSON_TESTS, "test_lesson_answers.py": LESSON_TESTS, "test_other.py": OTHER_TESTS,
             "test_alone.py": ALONE_TEST,
             "pytest.ini": "[pytest]\nmarkers =\n    slow: slow\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    log = tmp_path / "log"
    command = [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-q", "-p", "no:cacheprovider"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "LOG": str(log)})
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [line.split() for line in log.read_text().splitlines()]
    assert len(rows) == 2 * (2 * 2 * 3 + 4 + 1 + 2), rows
    for lesson in ("lesson-a", "lesson-b"):
        workers = {row[1] for row in rows if row[0] == lesson}
        assert len(workers) == 1, rows  # one group: the lesson's tests in both files share its one run
    alone = [float(row[2]) for row in rows if row[0] == "alone"]
    inside = [row for row in rows if row[0] != "alone" and alone[0] < float(row[2]) < alone[1]]
    assert not inside, f"tests ran beside the part of a test that runs alone: {inside}"
