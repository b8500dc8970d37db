"""Through the instructor's real flow (release, ``coursekit grade``, feedback, export): reserved
names and the library's answer flagged (issue 19, items 4 and 5).

- ps02: a stub that defines ``range`` (so that a hidden test would try no position) gets its
  honest score: 0 (its own code, in the sandbox, runs with its own ``range``).
- ps05-ps08: a notebook that uses the course module holding the reference answer, imported
  plainly or with the module's name built at run time inside the graded function, keeps its
  score and gets the status "needs review" naming the module, in the grade table and the
  export; the reference solution is not flagged.
"""

from __future__ import annotations

import pytest
from nbgrader_course import CourseRun, Source, Student, run_course

from coursekit.grading.sandbox import bubblewrap

pytestmark = [pytest.mark.slow, pytest.mark.skipif(bubblewrap() is None,
                                                   reason="bubblewrap is not installed (apt-get install bubblewrap)")]

RANGE_STUB = '''\
def queen_winning_move(x, y):
    raise NotImplementedError()


def range(*args):
    return []
'''

#: The graded function that uses the library, a reference module, and a name read from it.
LIBRARY = {
    "ps05": ("best_move", "coursekit.solvers.gametree", "alphabeta"),
    "ps06": ("crawler_move", "coursekit.games.crawler", "symmetry_strategy"),
    "ps07": ("mine_chances", "coursekit.games.minesweeper", "probabilities"),
    "ps08": ("next_guess", "coursekit.games.bulls", "all_codes"),  # not ``score``: the setup's own helper
}

RUNTIME = '''

import importlib as _importlib

_written = {function}


def {function}(*args):
    _importlib.import_module(".".join({parts!r})).{attribute}
    return _written(*args)
'''


def library_students(source: Source) -> dict[str, Student]:
    """The reference, and the reference with the library used in one graded function (plainly; at run time)."""
    function, module, attribute = LIBRARY[source.name]
    grade_ids = [cell_id for cell_id, cell in _solutions(source)]
    ref = {grade_id: source.reference(grade_id) for grade_id in grade_ids}
    plain = f"from {module} import {attribute}  # the library's answer\n\n{ref[function]}"
    runtime = ref[function] + RUNTIME.format(function=function, parts=module.split("."), attribute=attribute)
    return {"reference": Student(ref), "library_plain": Student({**ref, function: plain}),
            "library_runtime": Student({**ref, function: runtime})}


def _solutions(source: Source) -> list[tuple[str, object]]:
    return [(cell.metadata["nbgrader"]["grade_id"], cell) for cell in source.notebook().cells
            if cell.metadata.get("nbgrader", {}).get("solution")]


@pytest.fixture(scope="module")
def ps02(tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    source = Source("ps02")
    ref = {grade_id: source.reference(grade_id) for grade_id, _ in _solutions(source)}
    students = {
        "reference": Student(ref),
        # its own knight (the reference, which counts with range) gets the student's range too: 0 there as well
        "range_stub": Student({**ref, "queen_winning_move": RANGE_STUB}, zero="all"),
    }
    return run_course(source, students, tmp_path_factory.mktemp("review_ps02"))


@pytest.mark.parametrize("student", ["reference", "range_stub"])
def test_a_student_range_gets_its_honest_score(ps02: CourseRun, student: str) -> None:
    expected = {grade_id: round(points, 2) for grade_id, points in ps02.expected(student).items()}
    got = {grade_id: round(score, 2) for grade_id, score in ps02.scores[student].items()}
    assert got == expected, ps02.log[-3000:]
    assert ps02.grades[student]["status"] == "graded"


@pytest.fixture(scope="module", params=sorted(LIBRARY))
def library(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    source = Source(request.param)
    return run_course(source, library_students(source), tmp_path_factory.mktemp(f"review_{source.name}"))


def test_the_library_answer_keeps_its_score_and_is_flagged(library: CourseRun) -> None:
    _, module, _ = LIBRARY[library.name]
    for student in ("reference", "library_plain", "library_runtime"):
        expected = {grade_id: round(points, 2) for grade_id, points in library.expected(student).items()}
        got = {grade_id: round(score, 2) for grade_id, score in library.scores[student].items()}
        assert got == expected, (student, library.log[-3000:])
    assert library.grades["reference"]["status"] == "graded", library.grades["reference"]
    assert library.grades["reference"]["reason"] == ""
    for student in ("library_plain", "library_runtime"):
        row = library.grades[student]
        assert row["status"] == "needs review", row
        assert f"the solution uses {module}" in row["reason"], row
        table = next(line for line in library.log.splitlines() if line.startswith(student))
        assert "needs review" in table and module in table, table
