"""Intake: a submission is read as data, no link followed, no file read past a cap; only the release's
notebooks and a time we trust are graded. (The same attacks through ``coursekit grade`` and nbgrader:
``test_hostile_intake.py``.)"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import signal
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from coursekit.grading.intake import (
    FOLDER,
    SECRET,
    TIMESTAMP,
    Caps,
    changed,
    misplaced,
    parse_time,
    received,
    take_in,
    write_copy,
)
from coursekit.grading.intake import inbound as inbound_of
from coursekit.grading.nbgrader.batch import (
    ChildLimits,
    Course,
    SandboxBroken,
    _problem_from_log,
    check_sandbox,
    limit_child,
)

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A course with a released ps01 and one honest submission from ann."""
    (tmp_path / "source" / "ps01").mkdir(parents=True)
    (tmp_path / "release" / "ps01").mkdir(parents=True)
    nb = new_notebook(cells=[new_code_cell("print(1)", outputs=[new_output("stream", text="1\n")])])
    an_hour_ago = datetime.now(UTC).timestamp() - 3600
    for part in ("source", "release"):
        nbformat.write(nb, tmp_path / part / "ps01" / "ps01.ipynb")
        os.utime(tmp_path / part / "ps01" / "ps01.ipynb", (an_hour_ago, an_hour_ago))
    submit(tmp_path, "ann", nb)
    return tmp_path


def submit(root: Path, student: str, nb: object) -> Path:
    folder = root / "submitted" / student / "ps01"
    folder.mkdir(parents=True)
    nbformat.write(nb, folder / "ps01.ipynb")
    return folder


def take(root: Path, student: str = "ann", caps: Caps | None = None) -> object:
    return take_in(root, "ps01", student, ["ps01"], caps, now=datetime.now(UTC) + timedelta(days=1))


def test_an_honest_submission_is_taken_without_its_outputs(root: Path) -> None:
    intake = take_in(root, "ps01", "ann", ["ps01"])
    assert intake.refused == [] and intake.notes == []
    kept = json.loads(intake.notebooks["ps01"])
    assert "".join(kept["cells"][0]["source"]) == "print(1)" and kept["cells"][0]["outputs"] == []
    folder = write_copy(root, intake)
    assert folder == root / FOLDER / "ann" / "ps01"
    assert sorted(os.listdir(folder)) == ["ps01.ipynb", TIMESTAMP]
    assert parse_time((folder / TIMESTAMP).read_text()) == intake.timestamp


@pytest.mark.parametrize(("link", "target"), [
    ("ps01.ipynb", "../../../source/ps01/ps01.ipynb"),
    ("ps01.ipynb", "../../ann/ps01/ps01.ipynb"),
    ("big.txt", "/dev/zero"),
    (TIMESTAMP, "/dev/zero"),
    ("source", "../../../source"),
    ("gradebook.db", "../../../gradebook.db"),
    ("shadow", "/etc/shadow"),
    ("deep/classmate.ipynb", "../../../ann/ps01/ps01.ipynb"),
])
def test_a_link_anywhere_in_the_submission_is_refused_and_named(root: Path, link: str, target: str) -> None:
    folder = submit(root, "bob", new_notebook())
    (folder / link).unlink(missing_ok=True)
    (folder / link).parent.mkdir(exist_ok=True)
    (folder / link).symlink_to(target)
    intake = take(root, "bob")
    assert intake.refused == [f"{link} is a symbolic link (to {target}): links are not graded."]
    assert intake.notebooks == {}


def test_a_linked_assignment_or_student_folder_is_refused(root: Path) -> None:
    (root / "submitted" / "eve").mkdir()
    (root / "submitted" / "eve" / "ps01").symlink_to("../ann/ps01")
    (root / "submitted" / "mal").symlink_to("ann")
    assert take(root, "eve").refused == [
        "submitted/eve/ps01 is a symbolic link (to ../ann/ps01): links are not graded."]
    assert take(root, "mal").refused == ["submitted/mal is a symbolic link (to ann): links are not graded."]
    assert Course(root, "sqlite://").students("ps01") == ["ann", "eve", "mal"]


def test_a_fifo_is_refused_without_being_opened(root: Path) -> None:
    folder = submit(root, "bob", new_notebook())
    os.mkfifo(folder / "pipe")  # opening it for reading would wait forever for a writer
    assert take(root, "bob").refused == ["pipe is a fifo, not a file: it is not graded."]


def test_other_files_are_named_and_never_copied(root: Path) -> None:
    folder = submit(root, "bob", new_notebook())
    (folder / "notes.txt").write_text("hello")
    (folder / "data").mkdir()
    (folder / "data" / "x.csv").write_text("1,2")
    intake = take(root, "bob")
    assert intake.refused == []
    assert intake.notes == ["not graded (only the release's notebooks are): data/x.csv, notes.txt."]
    assert sorted(os.listdir(write_copy(root, intake))) == ["ps01.ipynb", TIMESTAMP]


def test_the_student_timestamp_is_believed_only_when_sane(root: Path) -> None:
    """``timestamp.txt`` is the student's to write: believed only when at most a minute before the collection,
    the latest change time of the copy (which nobody sets back), otherwise that time, with the reason."""
    folder = submit(root, "bob", new_notebook())
    for text, believed, note in [
        (f"{datetime.now(UTC) - timedelta(seconds=1):%Y-%m-%d %H:%M:%S.%f} UTC", True, None),
        ("2000-01-01 00:00:00", False, "is more than 60 s before the collection"),
        (f"{datetime.now(UTC) + timedelta(days=3):%Y-%m-%d %H:%M:%S}", False, "is later than the collection"),
        ("next tuesday-ish", False, "is not a time"),
        ("2" * 500, False, "is larger than 200 bytes"),
    ]:
        (folder / TIMESTAMP).write_text(text)
        collected = changed(folder)
        intake = take(root, "bob")
        assert intake.refused == []
        assert intake.timestamp == (parse_time(text) if believed else collected), text
        assert (note is None and intake.notes == []) or note in " ".join(intake.notes), (text, intake.notes)


def test_times_set_back_by_the_student_are_not_believed(root: Path) -> None:
    """``touch -d`` on the files and the folder and a ``timestamp.txt`` to match: the collection time is used."""
    folder = submit(root, "bob", new_notebook())
    day_ago = datetime.now(UTC) - timedelta(days=1)
    (folder / TIMESTAMP).write_text(f"{day_ago:%Y-%m-%d %H:%M:%S.%f} UTC")
    for path in (folder / TIMESTAMP, folder / "ps01.ipynb", folder):
        os.utime(path, (day_ago.timestamp(), day_ago.timestamp()))
    intake = take(root, "bob")
    assert intake.timestamp > datetime.now(UTC) - timedelta(minutes=1)
    assert intake.timestamp == changed(folder) and "is more than 60 s before the collection" in intake.notes[0]


def exchange(root: Path, course: str = "course101") -> Path:
    """An exchange for the course at ``root``, named by its ``nbgrader_config.py``; its ``inbound/`` folder."""
    (root / "nbgrader_config.py").write_text(f"c.CourseDirectory.course_id = {course!r}\n"
                                             f"c.Exchange.root = {str(root / 'exchange')!r}\n")
    inbound = root / "exchange" / course / "inbound"
    inbound.mkdir(parents=True)
    return inbound


def test_the_exchange_time_is_when_it_received_the_submission(root: Path) -> None:
    """The folder in ``inbound/`` whose name gives ``timestamp.txt``'s time says when the submission came: its
    latest change, earlier than the collection; a folder of the student's named by another time counts for
    nothing."""
    inbound = exchange(root)
    assert inbound_of(root) == inbound
    forged = datetime.now(UTC) - timedelta(days=1)
    stamp = f"{forged:%Y-%m-%d %H:%M:%S.%f} UTC"
    sent = inbound / f"bob+ps01+{stamp}+AbCd"
    sent.mkdir()
    (sent / TIMESTAMP).write_text(stamp)
    os.utime(sent, (forged.timestamp(), forged.timestamp()))
    other = inbound / f"bob+ps01+{datetime.now(UTC) - timedelta(days=3):%Y-%m-%d %H:%M:%S.%f} UTC+XyZw"
    other.mkdir()
    time.sleep(0.05)
    folder = submit(root, "bob", new_notebook())  # collected after the exchange received it
    (folder / TIMESTAMP).write_text(stamp)
    intake = take(root, "bob")
    assert intake.timestamp == changed(sent) < changed(folder)
    assert intake.notes == [f"{TIMESTAMP} ({forged:%Y-%m-%d %H:%M}) is more than 60 s before the exchange received "
                            f"the submission ({intake.timestamp:%Y-%m-%d %H:%M}): the exchange's time is used."]
    assert received(inbound, "bob", "ps01", forged - timedelta(seconds=1)) is None
    assert received(inbound, "ann", "ps01", forged) is None


def test_a_notebook_outside_its_assignment_folder_is_named(root: Path) -> None:
    (root / "submitted" / "sam").mkdir()
    (root / "submitted" / "sam" / "ps01.ipynb").write_text("{}")
    (root / "submitted" / "sam" / "ps01 (1).ipynb").write_text("{}")
    (root / "submitted" / "sam" / "ps02.ipynb").write_text("{}")  # another assignment's: not this one's business
    (root / "submitted" / "ps01.ipynb").write_text("{}")
    (root / "submitted" / "ann" / "ps01.ipynb").write_text("{}")  # beside a submission, not in it
    assert misplaced(root, "ps01", ["ps01"]) == [
        "submitted/ps01.ipynb is not graded: it belongs at submitted/<student>/ps01/ps01.ipynb.",
        "submitted/ann/ps01.ipynb is not graded: it belongs at submitted/ann/ps01/ps01.ipynb.",
        "submitted/sam/ps01 (1).ipynb is not graded: it belongs at submitted/sam/ps01/ps01.ipynb.",
        "submitted/sam/ps01.ipynb is not graded: it belongs at submitted/sam/ps01/ps01.ipynb.",
    ]
    assert Course(root, "sqlite://").students("ps01") == ["ann"]


def test_the_exchange_secret_is_kept_only_when_it_reads_as_one(root: Path) -> None:
    """nbgrader's exchange names a student's feedback by a hash of the submission's secret: the copy keeps it
    (so that ``release_feedback`` can release the page), and keeps nothing else the student put in that file."""
    folder = submit(root, "bob", new_notebook())
    secret = "0123456789abcdef" * 8  # the shape of what nbgrader submit writes: 128 hexadecimal digits
    for text, kept in [(secret, secret), (f"{secret}\n", secret), ("<script>", None), ("ab" * 300, None)]:
        (folder / SECRET).write_text(text)
        intake = take(root, "bob")
        assert intake.refused == [] and intake.secret == kept, text
        assert (kept is None) == any(SECRET in note for note in intake.notes), intake.notes
        copy = write_copy(root, intake)
        assert sorted(os.listdir(copy)) == sorted(["ps01.ipynb", TIMESTAMP, *([SECRET] if kept else [])])
        assert kept is None or (copy / SECRET).read_text() == kept


def test_the_collection_time_is_never_in_the_future(root: Path) -> None:
    folder = root / "submitted" / "ann" / "ps01"
    later = NOW + timedelta(days=30)
    os.utime(folder, (later.timestamp(), later.timestamp()))
    assert take_in(root, "ps01", "ann", ["ps01"], now=NOW).timestamp == NOW


@pytest.mark.parametrize(("nb", "caps", "refusal"), [
    (new_notebook(cells=[new_code_cell("x = 1") for _ in range(30)]), Caps(cells=20),
     "has 30 cells: more than the 20 allowed"),
    (new_notebook(cells=[new_code_cell("x" * 2000)]), Caps(cell_chars=1000),
     "has a cell of 2000 characters: more than the 1000 allowed"),
    (new_notebook(cells=[new_markdown_cell("![a](attachment:a.png)",
                                           attachments={f"{n}.png": {"image/png": "AAAA"} for n in range(5)})]),
     Caps(attachments=4), "has 5 attachments: more than the 4 allowed"),
    (new_notebook(cells=[new_markdown_cell("x", attachments={"a.png": {"image/png": "A" * 5000}})]),
     Caps(attachment_bytes=4000), "has attachments of 5"),
    (new_notebook(metadata={"junk": "y" * 5000}), Caps(kept_bytes=4000), "without its outputs is larger than 4000"),
    (new_notebook(cells=[new_code_cell("x", outputs=[new_output("stream", text="z" * 5000)])]),
     Caps(notebook_bytes=4000), "ps01.ipynb is larger than 4000 bytes"),
])
def test_a_notebook_over_a_cap_is_refused_naming_the_cap(root: Path, nb: object, caps: Caps, refusal: str) -> None:
    submit(root, "bob", nb)
    refused = take(root, "bob", caps).refused
    assert len(refused) == 1 and refusal in refused[0], refused


def test_stored_outputs_do_not_count_against_the_kept_size(root: Path) -> None:
    nb = new_notebook(cells=[new_code_cell("x", outputs=[new_output("stream", text="z" * 50_000)])])
    submit(root, "bob", nb)
    intake = take(root, "bob", Caps(kept_bytes=10_000))
    assert intake.refused == [] and "zzz" not in intake.notebooks["ps01"]


def test_unreadable_or_missing_notebooks_keep_their_reasons(root: Path) -> None:
    folder = submit(root, "bob", new_notebook())
    (folder / "ps01.ipynb").write_bytes(b'{"cells": [ this is not json')
    assert "ps01.ipynb is not a notebook that can be read" in take(root, "bob").refused[0]
    (folder / "ps01.ipynb").unlink()
    assert take(root, "bob").refused == ["the notebook ps01.ipynb is missing from the submission."]


def test_a_submission_of_too_many_files_is_refused_without_reading_them_all(root: Path) -> None:
    folder = submit(root, "bob", new_notebook())
    for n in range(30):
        (folder / f"f{n}").touch()
    assert take(root, "bob", Caps(entries=20)).refused == ["the submission holds more than 20 files and folders."]


def test_a_bubblewrap_that_cannot_start_stops_grading_with_the_machine_named(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed")
    fake = tmp_path / "bin" / "bwrap"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n")
    fake.chmod(0o755)
    os.chmod(tmp_path, 0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.delenv("COURSEKIT_SANDBOX", raising=False)
    with pytest.raises(SandboxBroken) as stopped:
        check_sandbox()
    message = str(stopped.value)
    assert "\n" not in message
    assert "sandbox failed on this machine, not because of a student's code" in message
    assert f"bubblewrap ({fake}) is installed but cannot start a sandbox; check it with: {fake}" in message


def test_a_working_sandbox_passes_the_check() -> None:
    check_sandbox()


def _burn() -> None:
    limit_child(ChildLimits(cpu=1))
    while True:
        pass


def test_a_grading_child_over_its_cpu_limit_is_stopped_with_the_reason() -> None:
    child = multiprocessing.get_context("fork").Process(target=_burn)
    child.start()
    child.join(120)
    assert child.exitcode == -signal.SIGXCPU
    assert _problem_from_log(Path("/nonexistent"), child.exitcode, ChildLimits(cpu=1)) == \
        "grading used more than 1 s of CPU and was stopped."


def test_a_time_once_taken_is_kept_for_the_same_work(root: Path) -> None:
    """Copying the course elsewhere gives the copy new change times: the time first taken for the same notebooks
    is kept (recorded in the course's private folder); changed notebooks are new work, with a time of their own."""
    first = take_in(root, "ps01", "ann", ["ps01"])
    write_copy(root, first)
    time.sleep(0.05)
    moved = root / "submitted" / "ann" / "ps01"
    shutil.copytree(moved, root / "moved")
    shutil.rmtree(moved)
    shutil.move(root / "moved", moved)
    assert changed(moved) is not None and changed(moved) > first.timestamp
    again = take_in(root, "ps01", "ann", ["ps01"])
    assert again.timestamp == first.timestamp
    assert again.notes == [f"the time first taken for this work ({first.timestamp:%Y-%m-%d %H:%M}) is kept."]
    nbformat.write(new_notebook(cells=[new_code_cell("print(2)")]), moved / "ps01.ipynb")
    assert take_in(root, "ps01", "ann", ["ps01"]).timestamp == changed(moved) > first.timestamp
