"""formgrader on a course graded by ``coursekit grade``: what an instructor who uses nbgrader's own page sees.

ps01 is released, three notebooks are collected by hand (no ``timestamp.txt``: the instructor guide's
step 3) and one file that is no notebook; ``coursekit grade`` grades them (:func:`nbgrader_course.run_course`).
Then a Jupyter server with nbgrader's server extensions serves the course on 127.0.0.1 and chromium
(Debian's, driven by Playwright as in ``browser.py``) opens formgrader's list of submissions: each
graded notebook is listed as graded, with its score and its time, none as "needs autograding", and the
file that could not be graded as needing manual grading.

A submission flagged for review (it used the course module that holds the reference answer: only
ps05-ps08 have one, whose grading is slower) is checked on a gradebook of its own, through
nbgrader's ``NbGraderAPI``, which is what formgrader's page reads.
"""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import CHROMIUM, CHROMIUM_ARGS, free_port, stop_server
from known_submissions import WRONG_KING
from nbgrader_course import CourseRun, Source, Student, course_env, run_course

#: The students: full marks, part of the marks, and a file that is no notebook (needs a person).
NOT_A_NOTEBOOK = b"{ this is not a notebook"


def students(source: Source) -> dict[str, Student]:
    ref = {grade_id: source.reference(grade_id) for grade_id in ("is_winning", "winning_move", "king_strategy")}
    return {
        "ann": Student(ref),
        "ben": Student({**ref, "king_strategy": WRONG_KING},
                       zero=["test_king_strategy_visible", "test_king_strategy_hidden"]),
        "cat": Student({}, raw=NOT_A_NOTEBOOK, zero="all"),
    }


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    source = Source("ps01")
    return run_course(source, students(source), tmp_path_factory.mktemp("formgrader"))


def serve_formgrader(run: CourseRun) -> Iterator[str]:
    """A Jupyter server, nbgrader's extensions enabled (as nbgrader installs them), serving the course on
    127.0.0.1; the server's address. The server's process group is stopped at the end."""
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "jupyter-server").exists():
        pytest.skip("jupyter-server is not installed in this environment")
    tmp = run.root.parent
    env = course_env(tmp)
    env["JUPYTER_RUNTIME_DIR"] = str(tmp / "jupyter_runtime")
    port = free_port()
    log_path = tmp / "server.log"
    with log_path.open("w") as log:
        server = subprocess.Popen(
            [str(bin_dir / "jupyter-server"), "--no-browser", "--allow-root", f"--port={port}",
             "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
             "--ServerApp.password=", f"--ServerApp.root_dir={run.root}"],
            cwd=run.root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url + "api", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail("the Jupyter server did not start:\n" + log_path.read_text()[-3000:])
            time.sleep(0.3)
        yield url
    finally:
        stop_server(server)


@pytest.fixture(scope="module")
def rows(graded: CourseRun, playwright: Any) -> dict[str, dict[str, str]]:
    """formgrader's list of ps01's submissions as chromium shows it: each row's cells by column, by student id."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (Debian: apt-get install chromium)")
    from playwright.sync_api import expect

    server = serve_formgrader(graded)
    url = next(server)
    try:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(f"{url}formgrader/manage_submissions/ps01")
            table = page.locator("table.table")
            expect(table.locator("tbody tr")).to_have_count(len(graded.students), timeout=60_000)
            expect(table.locator("tbody tr td").first).not_to_have_text("Loading, please wait...", timeout=60_000)
            headers = [" ".join(h.split()) for h in table.locator("thead th").all_inner_texts()]
            found = {}
            for row in table.locator("tbody tr").all():
                cells = [" ".join(c.split()) for c in row.locator("td").all_inner_texts()]
                named = dict(zip(headers, cells, strict=False))
                found[named["Student ID"]] = named
            return found
        finally:
            browser.close()
    finally:
        server.close()


@pytest.mark.slow
def test_every_graded_submission_is_listed_as_graded_with_its_score_and_time(
        graded: CourseRun, rows: dict[str, dict[str, str]]) -> None:
    assert set(rows) == set(graded.students)
    assert not [s for s, row in rows.items() if "needs autograding" in row["Status"]], rows
    for student in ("ann", "ben"):
        row = rows[student]
        assert row["Status"] == "graded", row
        expected = sum(graded.expected(student).values())
        maximum = sum(graded.points.values())
        assert row["Score"] == f"{expected:g} / {maximum:g}", row
        assert row["Timestamp"] not in ("", "None"), row
        assert row["Timestamp"][:4].isdigit(), row


@pytest.mark.slow
def test_a_submission_that_needs_a_person_says_so(rows: dict[str, dict[str, str]]) -> None:
    assert rows["cat"]["Status"] == "needs manual grading", rows["cat"]


@pytest.mark.slow
def test_the_time_shown_is_the_time_graded(graded: CourseRun, rows: dict[str, dict[str, str]]) -> None:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{graded.root / 'gradebook.db'}") as gradebook:
        when = gradebook.find_submission("ps01", "ann").timestamp
    assert when is not None
    assert f"{when:%Y-%m-%d %H:%M:%S}" in rows["ann"]["Timestamp"], rows["ann"]


@pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SAWarning")  # nbgrader's own add_submission
def test_a_submission_flagged_for_review_waits_for_a_person_in_formgrader(tmp_path: Path) -> None:
    from nbgrader.api import Gradebook
    from nbgrader.apps.api import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory

    from coursekit.grading.nbgrader.gradebook import REVIEW_PREFIX, mark_for_review, reviews, status

    db_url = f"sqlite:///{tmp_path / 'gradebook.db'}"
    with Gradebook(db_url) as gradebook:
        gradebook.add_assignment("ps05")
        gradebook.add_notebook("ps05", "ps05")
        gradebook.add_solution_cell("best_move", "ps05", "ps05")
        gradebook.add_grade_cell("test_best_move", "ps05", "ps05", max_score=10, cell_type="code")
        for student in ("ann", "ben"):
            gradebook.add_student(student)
            gradebook.add_submission("ps05", student)
            grade = gradebook.find_grade("test_best_move", "ps05", "ps05", student)
            grade.auto_score, grade.needs_manual_grade = 10, False  # as nbgrader's SaveAutoGrades leaves it
        gradebook.db.commit()
    mark_for_review(db_url, "ps05", "ps05", "ann", ["the solution uses coursekit.solvers.gametree."])
    coursedir = CourseDirectory(root=str(tmp_path), db_url=db_url)
    listed = {row["student"]: row for row in NbGraderAPI(coursedir).get_submissions("ps05")}
    assert (listed["ann"]["needs_manual_grade"], listed["ann"]["score"]) == (True, 10.0)
    assert (listed["ben"]["needs_manual_grade"], listed["ben"]["score"]) == (False, 10.0)
    with Gradebook(db_url) as gradebook:
        comments = [c.auto_comment for c in gradebook.find_submission_notebook("ps05", "ps05", "ann").comments]
        assert comments == [REVIEW_PREFIX + "the solution uses coursekit.solvers.gametree."]
        submission = gradebook.find_submission("ps05", "ann")
        why = reviews(gradebook, "ps05", "ann")
        assert status(submission.needs_manual_grade, why, []) == "needs review"
