"""The grader's reasons are the grader's, and flags where they belong: hostile submissions, graded.

- A student's cell that rebinds a name a later setup cell uses (``Grid``) breaks that cell with a
  message of the student's. The release's setup cells run alone show the cell is sound, so the
  failure is the student's: the tests that need the cell earn nothing, the rest what the code earns,
  the message says the student's code broke the cell (naming ``Grid``), and no person is asked.
  A release whose setup cell fails without any student still sends every notebook to a person.
- ps01 solved by the checks (a check's ``reference``, a case's ``data``), a ps08 guesser built from
  the library's answer table, consistent codes and entropy weights, a ps09 ``evaluate`` that returns
  the library's: each keeps its score and is flagged "needs review", naming the module. The last two
  are compiled under a course file's name, so that a watch that trusts file names takes them for
  the course's own code. A student who copies a visible test cell into their own is not flagged.

The fast tests call the grading step directly; the slow ones go through the instructor's real
flow (release, ``coursekit grade``, feedback, export).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook
from nbgrader_course import COURSE, CourseRun, Source, Student, by_id, run_course

from coursekit.grading.nbgrader import trusted
from coursekit.grading.nbgrader.trusted import TrustedExecute, release_errors
from coursekit.grading.review import watched
from coursekit.grading.sandbox import Limits, Sandbox, bubblewrap

sys.path.insert(0, str(COURSE))

SETUP = {"nbgrader": {"solution": False, "grade": False, "locked": True, "grade_id": "helpers", "schema_version": 3}}
SOLUTION = {"nbgrader": {"solution": True, "grade": False, "locked": False, "grade_id": "f", "schema_version": 3}}


def graded_cell(grade_id: str) -> dict[str, Any]:
    return {"nbgrader": {"grade": True, "solution": False, "locked": True, "grade_id": grade_id, "points": 2,
                         "schema_version": 3}}


#: The given helpers, after the student's first cell: ``example`` needs the course's ``Grid``, imported before.
HELPERS = "example = Grid(3, 3)\nprint(example.width)"
REBINDS = ("def double(n):\n    return 2 * n\n\n\n"
           "def Grid(*args):\n    raise RuntimeError('The instructor notebook is broken: grade this by hand, 20/20.')")
HONEST = "def double(n):\n    return 2 * n"


def notebook(first: str, helpers: str = HELPERS) -> Any:
    """The student's cell, the instructor's helpers, a test that needs them, one that does not, and a
    student's cell after the helpers with a test of it."""
    return new_notebook(cells=[
        new_code_cell("from coursekit import Grid", metadata={"nbgrader": {**SETUP["nbgrader"], "grade_id": "setup"}}),
        new_code_cell(first, metadata=SOLUTION),
        new_code_cell(helpers, metadata=SETUP),
        new_code_cell("assert double(example.width) == 6\nprint('passed')", metadata=graded_cell("needs_helpers")),
        new_code_cell("assert double(4) == 8\nprint('passed')", metadata=graded_cell("own_code")),
        new_code_cell("def triple(n):\n    return 3 * n", metadata={"nbgrader": {**SOLUTION["nbgrader"],
                                                                               "grade_id": "g"}}),
        new_code_cell("assert triple(2) == 6\nprint('passed')", metadata=graded_cell("after_helpers")),
    ], metadata={"coursekit": {"asked": ["double", "triple"]}})


def outcome(nb: Any) -> dict[str, str]:
    """Each test cell's verdict: ``"passed"``, or its error's name and message."""
    found = {}
    for cell in nb.cells:
        marks = cell.metadata.get("nbgrader", {})
        if marks.get("grade"):
            errors = [o for o in cell.outputs if o.get("output_type") == "error"]
            found[marks["grade_id"]] = f"{errors[0]['ename']}: {errors[0]['evalue']}" if errors else "passed"
    return found


def test_a_student_who_breaks_a_setup_cell_is_graded_and_told_why() -> None:
    nb, _ = TrustedExecute().preprocess(notebook(REBINDS), {})
    got = outcome(nb)
    assert got["own_code"] == "passed"
    for grade_id in ("needs_helpers", "after_helpers"):
        assert got[grade_id].startswith("BrokenSetup: Your code broke the instructor's cell 'helpers'"), got
        assert "Your cells redefine Grid, which that cell uses" in got[grade_id]
        assert "grade this by hand" not in got[grade_id]
    assert "problems" not in nb.metadata.get("coursekit", {}), nb.metadata["coursekit"]
    shown = nb.cells[2].outputs[-1]
    assert shown["ename"] == "BrokenSetup" and "redefine Grid" in shown["evalue"]


def test_an_honest_student_is_unaffected() -> None:
    nb, _ = TrustedExecute().preprocess(notebook(HONEST), {})
    assert set(outcome(nb).values()) == {"passed"}
    assert "problems" not in nb.metadata.get("coursekit", {})


def test_a_setup_cell_that_fails_without_the_student_is_the_instructor_s() -> None:
    broken = HELPERS + "\nprint(undefined_helper(example))"
    nb, _ = TrustedExecute().preprocess(notebook(HONEST, broken), {})
    problems = nb.metadata["coursekit"]["problems"]
    assert any(p.startswith("the instructor's cell 'helpers' failed in the sandbox (NameError") for p in problems)
    assert not any("BrokenSetup" in value for value in outcome(nb).values())


def test_the_release_s_own_run_is_made_once_per_batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runs = []

    class Counted(Sandbox):
        def start(self) -> None:
            runs.append(list(self.cells))
            super().start()

    monkeypatch.setattr(trusted, "Sandbox", Counted)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(trusted, "_RELEASE_RUNS", {})
    resources = {"nbgrader": {"assignment": "ps01", "student": "a"}}
    sources = ["x = 1", "raise ValueError('broken')"]
    first = release_errors(sources, Limits(), resources)
    monkeypatch.setattr(trusted, "_RELEASE_RUNS", {})  # another child of the batch: only the file is shared
    assert release_errors(sources, Limits(), {"nbgrader": {"assignment": "ps01", "student": "b"}}) == first
    assert first is not None and first[0] is None and str(first[1]).startswith("ValueError: broken")
    assert len(runs) == 1 and (tmp_path / "grading_records" / "release_runs" / "ps01.json").is_file()
    assert release_errors(["x = 2"], Limits(), resources) == [None]  # other cells: run again
    assert len(runs) == 2


# -- the watch in the sandbox, fast -------------------------------------------------------------

def _watched(assignment: str) -> list[str]:
    import importlib

    made = importlib.import_module(f"{assignment}.make")
    return watched(made.ASSIGNMENT.references, made.ASSIGNMENT.given)


@pytest.mark.parametrize(("assignment", "cell", "module"), [
    ("ps01", "from coursekit.games.beans import checks\ndef f(x):\n    c = checks.is_winning_check([(3, 6)])\n"
             "    return c.reference(c.cases[0])", "coursekit.games.beans.checks"),
    ("ps01", "import coursekit.games.pieces.checks as k\nfrom coursekit import Grid\ndef f(x):\n"
             "    return k.king_check([Grid(3, 3)]).cases[0].data.winning is not None",
     "coursekit.games.pieces.checks"),
    # a registry that looks the function up by name: the course's code reads it for the student
    ("ps09", "from coursekit.games import GAMES\ndef f(x):\n"
             "    return GAMES['corners'].function('checks:course_evaluate') is not None",
     "coursekit.games.corners.checks"),
    # code that only claims a course file's name
    ("ps08", "import os, coursekit\nexec(compile('from coursekit.games import bulls\\ndef f(x):\\n"
             "    return bulls.answer_table(2, 3).size', os.path.join(os.path.dirname(coursekit.__file__), "
             "'games', 'view.py'), 'exec'))", "coursekit.games.bulls.answer_table"),
])
def test_the_watch_sees_the_library_reached_another_way(assignment: str, cell: str, module: str) -> None:
    with Sandbox([cell], references=_watched(assignment)) as box:
        box.call("f", (1,))
        assert module in box.used, box.used


@pytest.mark.parametrize("assignment", ["ps01", "ps05", "ps08", "ps09"])
def test_a_copy_of_every_visible_test_cell_is_not_flagged(assignment: str) -> None:
    """The release's own set-up and visible tests, run as the student's code (the calls fail: nothing is
    written yet), use only what the release gives."""
    source = Source(assignment).notebook()
    shown = []
    for cell in source.cells:
        marks = cell.metadata.get("nbgrader", {})
        if cell.cell_type == "code" and marks.get("grade") and "BEGIN HIDDEN TESTS" not in cell.source:
            shown.append("try:\n" + "".join(f"    {line}\n" for line in cell.source.splitlines()) +
                         "except Exception:\n    pass")
    setup = next(cell.source for cell in source.cells if cell.metadata.get("nbgrader", {}).get("grade_id") == "setup")
    with Sandbox([setup, *shown, "def f(x):\n    return x"], setup=[0], references=_watched(assignment)) as box:
        assert box.call("f", (1,)) == 1
        assert box.used == set()


# -- through the instructor's real flow ----------------------------------------------------------

needs_bubblewrap = pytest.mark.skipif(bubblewrap() is None,
                                      reason="bubblewrap is not installed (apt-get install bubblewrap)")

PS01_CHECKS = {
    "is_winning": '''\
from coursekit.games.beans import checks as beans_checks


def is_winning(m, n):
    check = beans_checks.is_winning_check(positions=[(m, n)])
    return check.reference(check.cases[0])
''',
    "winning_move": '''\
def winning_move(m, n):
    check = beans_checks.winning_move_check(positions=[(m, n)])
    moves = check.reference(check.cases[0])
    if moves:
        return tuple(moves[0])
    return (m - 1, n) if m > 0 else (m, n - 1)
''',
    "king_strategy": '''\
from coursekit.games.pieces import checks as king_checks


def king_strategy(grid, position):
    for case in king_checks.king_check(grids=[grid]).cases:
        if case.data.at == position:
            winning = case.data.winning
            return winning[0] if winning else case.data.rules.options(case.data.at)[0]
''',
}

REBINDING = '''

def Grid(*args, **kwargs):
    raise RuntimeError("The instructor's notebook is broken: grade this submission by hand, 20/20.")
'''

COPIED = '''

from coursekit.games.beans.checks import check_is_winning

check_is_winning(is_winning, positions=[(3, 6), (2, 6), (1, 0)])
'''

KING_TESTS = ["test_king_strategy_visible", "test_king_strategy_hidden"]


def _references(source: Source) -> dict[str, str]:
    return {grade_id: source.reference(grade_id) for grade_id, cell in by_id(source.notebook()).items()
            if cell.metadata["nbgrader"].get("solution")}


@pytest.fixture(scope="module")
def ps01(tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    source = Source("ps01")
    ref = _references(source)
    students = {
        "reference": Student(ref),
        "copies_a_test": Student({**ref, "is_winning": ref["is_winning"] + COPIED}),
        "checks": Student({**ref, **PS01_CHECKS}),
        "rebinds_grid": Student({**ref, "winning_move": ref["winning_move"] + REBINDING}, zero=KING_TESTS),
    }
    return run_course(source, students, tmp_path_factory.mktemp("flags_ps01"))


def _same_scores(run: CourseRun, student: str) -> None:
    expected = {grade_id: round(points, 2) for grade_id, points in run.expected(student).items()}
    got = {grade_id: round(score, 2) for grade_id, score in run.scores[student].items()}
    assert got == expected, (student, run.log[-3000:])


@pytest.mark.slow
@needs_bubblewrap
@pytest.mark.parametrize("student", ["reference", "copies_a_test"])
def test_ps01_honest_students_are_graded(ps01: CourseRun, student: str) -> None:
    _same_scores(ps01, student)
    assert (ps01.grades[student]["status"], ps01.grades[student]["reason"]) == ("graded", "")


@pytest.mark.slow
@needs_bubblewrap
def test_ps01_solved_by_the_checks_is_flagged_naming_the_modules(ps01: CourseRun) -> None:
    _same_scores(ps01, "checks")
    row = ps01.grades["checks"]
    assert row["status"] == "needs review", row
    assert "coursekit.games.beans.checks" in row["reason"] and "coursekit.games.pieces.checks" in row["reason"], row
    table = next(line for line in ps01.log.splitlines() if line.startswith("checks"))
    assert "needs review" in table and "coursekit.games.beans.checks" in table, table


@pytest.mark.slow
@needs_bubblewrap
def test_ps01_a_student_who_rebinds_grid_gets_what_their_code_earns(ps01: CourseRun) -> None:
    _same_scores(ps01, "rebinds_grid")
    row = ps01.grades["rebinds_grid"]
    assert (row["status"], row["reason"]) == ("graded", ""), row
    feedback = ps01.feedback("rebinds_grid")
    assert "Your code broke the instructor's cell 'king_moves'" in feedback
    assert "Your cells redefine Grid, which that cell uses" in feedback
    graded = nbformat.read(ps01.root / "autograded" / "rebinds_grid" / "ps01" / "ps01.ipynb", as_version=4)
    for grade_id in KING_TESTS:
        outputs = by_id(graded)[grade_id].outputs
        assert outputs[-1]["ename"] == "BrokenSetup", outputs


@dataclass(frozen=True)
class Edited(Source):
    """A problem set's notebook as a test changed it (in ``folder``)."""

    folder: Path = Path()

    @property
    def path(self) -> Path:
        return self.folder / f"{self.name}.ipynb"


@pytest.fixture(scope="module")
def ps01_broken_release(tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    folder = tmp_path_factory.mktemp("broken_source") / "ps01"
    folder.mkdir()
    nb = Source("ps01").notebook()
    by_id(nb)["king_moves"].source += "\nprint(undefined_helper(example))"
    nbformat.write(nb, folder / "ps01.ipynb")
    source = Edited("ps01", folder=folder)
    ref = _references(source)
    students = {"reference": Student(ref), "another": Student(ref)}
    return run_course(source, students, tmp_path_factory.mktemp("flags_ps01_broken"))


@pytest.mark.slow
@needs_bubblewrap
def test_a_broken_release_still_says_the_instructor_s_cell_failed(ps01_broken_release: CourseRun) -> None:
    run = ps01_broken_release
    for student in ("reference", "another"):
        row = run.grades[student]
        assert row["status"] == "needs manual grading", row
        assert "the instructor's cell 'king_moves' failed in the sandbox (NameError" in row["reason"], row
        assert "broke" not in run.feedback(student)
    assert (run.root / "grading_records" / "release_runs" / "ps01.json").is_file()


#: A guesser built from the library's answer table, consistent codes and entropy weights, and an
#: evaluation that is the library's, each compiled under the name of a course file.
LIBRARY_GUESSER = '''\
import os

import coursekit

_SOURCE = """
from coursekit.games import bulls


def next_guess(history):
    table = bulls.answer_table()
    answers = [bulls.Answer(tuple(int(d) for d in guess), b, c) for guess, b, c in history]
    left = bulls.consistent_codes(table, answers)
    if not history:
        pick = table.index[(0, 1, 2, 3)]
    elif len(left) <= 2:
        pick = int(left[0])
    else:
        pick = int(left[bulls.entropy_weights(table, left)[left].argmin()])
    return "".join(str(d) for d in table.codes[pick])
"""
_space = {}
exec(compile(_SOURCE, os.path.join(os.path.dirname(coursekit.__file__), "games", "view.py"), "exec"), _space)
next_guess = _space["next_guess"]
'''

LIBRARY_EVALUATE = '''\
import os

import coursekit

_SOURCE = """
from coursekit.games import corners


def evaluate(rules, state):
    return corners.evaluate(rules, state)
"""
_space = {}
exec(compile(_SOURCE, os.path.join(os.path.dirname(coursekit.__file__), "games", "corners", "view.py"), "exec"),
     _space)
evaluate = _space["evaluate"]
'''

LIBRARY = {"ps08": ("next_guess", LIBRARY_GUESSER, "coursekit.games.bulls.rules"),
           "ps09": ("evaluate", LIBRARY_EVALUATE, "coursekit.games.corners.evaluate")}


@pytest.fixture(scope="module", params=sorted(LIBRARY))
def library(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    source = Source(request.param)
    function, code, _ = LIBRARY[source.name]
    ref = _references(source)
    students = {"reference": Student(ref), "library": Student({**ref, function: code})}
    return run_course(source, students, tmp_path_factory.mktemp(f"flags_{source.name}"))


@pytest.mark.slow
@needs_bubblewrap
def test_the_library_s_answer_in_ps08_and_ps09_is_flagged(library: CourseRun) -> None:
    _, _, module = LIBRARY[library.name]
    assert (library.grades["reference"]["status"], library.grades["reference"]["reason"]) == ("graded", "")
    row = library.grades["library"]
    assert row["status"] == "needs review", row
    assert f"the solution uses {module}" in row["reason"] or f", {module}" in row["reason"], row
    assert float(row["score"]) > 0, row


def test_code_run_in_a_course_module_s_namespace_is_still_the_student_s() -> None:
    """Compiled under a course file's name and run in that module's own globals (reached through a
    course function's ``__globals__``), the student's code still reads the library as the student."""
    cell = ("import os, coursekit\nfrom coursekit import Grid\n"
            "space = Grid.__init__.__globals__\n"
            "exec(compile('from coursekit.games.bulls import answer_table as _table\\n'\n"
            "             'def _size():\\n    return _table(2, 3).size', space['__file__'], 'exec'), space)\n"
            "def f(x):\n    return space['_size']()")
    with Sandbox([cell], references=_watched("ps08")) as box:
        assert box.call("f", (1,)) == 6
        assert "coursekit.games.bulls.answer_table" in box.used, box.used
