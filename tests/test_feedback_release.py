"""Feedback reaches every student, whether their work came through nbgrader's exchange or by hand.

One class of ps01 on one machine: nbgrader's exchange in a folder of the test, alice fetches the
assignment and submits it through the exchange (``nbgrader submit --student alice``: one Unix user
here; ``test_hub.py`` runs real users on a hub), the instructor collects it, and puts bob's notebook
(mailed in) and cat's file (no notebook) in ``submitted/`` by hand, as the instructor guide's step 3
says. Then ``coursekit grade``, ``nbgrader generate_feedback`` and ``nbgrader release_feedback``, as
the guide's recipe runs them: the release goes through (it used to stop at bob, whose work has no
``submission_secret.txt``, with a ``FileNotFoundError``), alice fetches her page, and the release
names bob. ``coursekit feedback --out`` (and ``--zip``) gives every student with a page a folder
(or zip) that holds their page and nothing else.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import zipfile
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from known_submissions import WRONG_KING
from nbgrader_course import BIN, COURSE, TEST_KEY, Source, Student, _coursekit, _nbgrader, course_env, filled

from coursekit.grading.nbgrader.delivery import pages, write_folders


@dataclass
class ClassRun:
    root: Path
    exchange: Path
    alice: Path
    student: dict[str, str]
    teacher: dict[str, str]
    release_log: str
    fetched: list[Path]
    folders: Path
    folders_said: str
    zips: Path


@pytest.fixture(scope="module")
def mixed_class(tmp_path_factory: pytest.TempPathFactory) -> ClassRun:
    if not (BIN / "nbgrader").exists() or not (BIN / "alembic").exists():
        pytest.skip("nbgrader is not installed in this environment")
    tmp = tmp_path_factory.mktemp("feedback_release")
    source = Source("ps01")
    root, exchange, alice = tmp / "course", tmp / "exchange", tmp / "alice"
    for folder in (root, exchange, alice):
        folder.mkdir()
    exchange.chmod(0o777)
    settings = f'\nc.Exchange.root = "{exchange}"\n'
    shutil.copy(COURSE / "nbgrader_config.py", root / "nbgrader_config.py")
    with (root / "nbgrader_config.py").open("a", encoding="utf-8") as config:
        config.write(settings + "c.TrustedExecute.cell_timeout = 8\n")
    (alice / "nbgrader_config.py").write_text('c = get_config()\nc.CourseDirectory.course_id = "coursekit"'
                                              + settings, encoding="utf-8")
    shutil.copytree(source.path.parent, root / "source" / "ps01")
    from coursekit.grading.secret import write_key

    write_key(root, TEST_KEY)
    teacher = course_env(tmp / "teacher")
    student = course_env(tmp / "alice_jupyter")  # her own nbgrader cache, where her submission's secret stays

    _nbgrader(root, teacher, "generate_assignment", "ps01")
    _nbgrader(root, teacher, "release_assignment", "ps01")
    _nbgrader(alice, student, "fetch_assignment", "ps01")
    reference = {grade_id: source.reference(grade_id) for grade_id in ("is_winning", "winning_move", "king_strategy")}
    release = nbformat.read(alice / "ps01" / "ps01.ipynb", as_version=4)
    nbformat.write(filled(release, Student(reference)), alice / "ps01" / "ps01.ipynb")
    _nbgrader(alice, student, "submit", "ps01", "--student", "alice")
    _nbgrader(root, teacher, "collect", "ps01")
    wrong = filled(release, Student({**reference, "king_strategy": WRONG_KING}))
    for name, notebook in (("bob", nbformat.writes(wrong)), ("cat", "{ this is not a notebook")):
        (root / "submitted" / name / "ps01").mkdir(parents=True)
        (root / "submitted" / name / "ps01" / "ps01.ipynb").write_text(notebook, encoding="utf-8")

    _coursekit(root, teacher, "grade", "ps01", "--jobs", "2")
    _nbgrader(root, teacher, "generate_feedback", "ps01")
    released = _nbgrader(root, teacher, "release_feedback", "ps01")
    _nbgrader(alice, student, "fetch_feedback", "ps01", "--student", "alice")
    folders, zips = tmp / "to_send", tmp / "zips"
    said = _coursekit(root, teacher, "feedback", "ps01", "--out", str(folders))
    _coursekit(root, teacher, "feedback", "ps01", "--out", str(zips), "--zip")
    return ClassRun(root, exchange, alice, student, teacher, released.stdout + released.stderr,
                    sorted((alice / "ps01" / "feedback").rglob("*.html")), folders, said.stdout, zips)


def page_of(run: ClassRun, student: str) -> bytes:
    return (run.root / "feedback" / student / "ps01" / "ps01.html").read_bytes()


@pytest.mark.slow
def test_release_feedback_releases_the_exchange_work_and_names_the_rest(mixed_class: ClassRun) -> None:
    run = mixed_class
    assert (run.root / "submitted" / "alice" / "ps01" / "submission_secret.txt").is_file()
    assert not (run.root / "submitted" / "bob" / "ps01" / "submission_secret.txt").exists()
    in_exchange = sorted((run.exchange / "coursekit" / "feedback").glob("*.html"))
    assert [path.read_bytes() for path in in_exchange] == [page_of(run, "alice")]
    assert "Not released through the exchange" in run.release_log and "bob" in run.release_log, run.release_log


@pytest.mark.slow
def test_a_student_of_the_exchange_fetches_her_own_page(mixed_class: ClassRun) -> None:
    assert [path.read_bytes() for path in mixed_class.fetched] == [page_of(mixed_class, "alice")]


@pytest.mark.slow
def test_each_student_folder_holds_their_page_only(mixed_class: ClassRun) -> None:
    run = mixed_class
    assert sorted(path.name for path in run.folders.iterdir()) == ["alice", "bob"]
    for student in ("alice", "bob"):
        files = sorted(path.relative_to(run.folders / student) for path in (run.folders / student).rglob("*")
                       if path.is_file())
        assert files == [Path("ps01/ps01.html")], files
        assert (run.folders / student / "ps01" / "ps01.html").read_bytes() == page_of(run, student)
    assert page_of(run, "alice") != page_of(run, "bob")
    assert "2 feedback folders of ps01 written" in run.folders_said
    assert "no feedback page for: cat" in run.folders_said


@pytest.mark.slow
def test_each_student_zip_holds_their_page_only(mixed_class: ClassRun) -> None:
    run = mixed_class
    assert sorted(path.name for path in run.zips.iterdir()) == ["alice-ps01.zip", "bob-ps01.zip"]
    for student in ("alice", "bob"):
        with zipfile.ZipFile(run.zips / f"{student}-ps01.zip") as archive:
            assert archive.namelist() == ["ps01/ps01.html"]
            assert archive.read("ps01/ps01.html") == page_of(run, student)


def test_only_pages_are_sent_and_never_through_a_link(tmp_path: Path) -> None:
    folder = tmp_path / "feedback" / "ann" / "ps01"
    folder.mkdir(parents=True)
    (folder / "ps01.html").write_text("<p>ann</p>")
    (folder / "timestamp.txt").write_text("2026-11-20 10:00:00 UTC")
    (folder / "submission_secret.txt").write_text("0f" * 32)
    (tmp_path / "secret.html").write_text("the instructor's")
    (folder / "other.html").symlink_to(tmp_path / "secret.html")
    (tmp_path / "feedback" / "..evil").mkdir()
    assert pages(tmp_path, "ps01", "ann") == [folder / "ps01.html"]
    sent = write_folders(tmp_path, "ps01", tmp_path / "out", submitted=["ann", "ben"])
    assert sorted(str(p.relative_to(tmp_path / "out")) for p in (tmp_path / "out").rglob("*")) == \
        ["ann", "ann/ps01", "ann/ps01/ps01.html"]
    assert sent.missing == ["ben"]
    sent = write_folders(tmp_path, "ps01", tmp_path / "zips", zipped=True)
    with zipfile.ZipFile(io.BytesIO((tmp_path / "zips" / "ann-ps01.zip").read_bytes())) as archive:
        assert archive.namelist() == ["ps01/ps01.html"]
    assert json.dumps(sorted(sent.written)) == '["ann"]'
    assert os.listdir(tmp_path / "zips") == ["ann-ps01.zip"]


#: What formgrader's *Collect* button runs: nbgrader's API, made as formgrader's server extension makes it
#: (the course's configuration read from the course folder), collecting an assignment.
FORMGRADER_COLLECT = """
import json, os
from nbgrader.apps.api import NbGraderAPI
from nbgrader.server_extensions.formgrader.formgrader import FormgradeExtension
app = FormgradeExtension()
app.root_dir = os.getcwd()
app.initialize([])
api = NbGraderAPI(app.coursedir, app.authenticator, parent=app)
result = api.collect("ps01")
print(json.dumps({"reads": app.coursedir.submitted_directory, "success": result["success"],
                  "log": result.get("log", "") + result.get("error", "")}))
"""


@pytest.mark.slow
def test_formgraders_collect_button_collects_where_coursekit_grade_reads(mixed_class: ClassRun) -> None:
    run = mixed_class
    _nbgrader(run.alice, run.student, "submit", "ps01", "--student", "dave")
    done = subprocess.run([str(BIN / "python"), "-c", FORMGRADER_COLLECT], cwd=run.root, env=run.teacher,
                          capture_output=True, text=True, check=True)
    said = json.loads(done.stdout.splitlines()[-1])
    assert said["reads"] == "intake" and said["success"], said
    assert (run.root / "submitted" / "dave" / "ps01" / "ps01.ipynb").is_file(), said
    assert not (run.root / "intake" / "dave").exists()
