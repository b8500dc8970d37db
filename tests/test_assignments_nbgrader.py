"""Every problem set with real nbgrader, end to end, on a temporary copy of the course.

The problem sets are found from their folders (``assignments/psNN/``). For each
one: the checked-in notebook is the generator's, the introduction states the points the
cells carry; then nbgrader releases it, autogrades the known submissions of
``known_submissions.py``, generates feedback and exports the grades. Each test cell's
score must be exactly the one expected; full marks are read from the released notebook.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest
from known_submissions import KNOWN
from nbgrader_course import (
    COURSE,
    CourseRun,
    Source,
    check_feedback_hides_hidden,
    check_generator_up_to_date,
    check_grades_csv,
    check_grading_table,
    check_release,
    check_scores,
    run_course,
)

sys.path.insert(0, str(COURSE))
from make_assignment import Assignment, load, problem_sets

SETS = problem_sets()
STUDENTS = [(name, student) for name in SETS if name in KNOWN for student in KNOWN[name].students(Source(name))]


def test_every_problem_set_has_known_submissions() -> None:
    assert SETS[:4] == ["ps01", "ps02", "ps03", "ps04"]
    assert set(SETS) == set(KNOWN), "each problem set needs its known submissions in known_submissions.py"


@pytest.mark.parametrize("name", SETS)
def test_source_notebook_is_up_to_date(name: str) -> None:
    """``assignments/make_<name>.py`` wrote the notebook that is checked in."""
    check_generator_up_to_date(Source(name))


@pytest.mark.parametrize("name", SETS)
def test_grading_table_matches_the_points(name: str) -> None:
    """The table in the introduction states the points that the cells carry."""
    assignment: Assignment = load(name)
    check_grading_table(Source(name), [(part.function.split("(")[0], part.grade_ids) for part in assignment.parts],
                        assignment.points)


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], CourseRun]:
    """The whole nbgrader pipeline of a problem set, run once (on first use) for all its known students."""
    runs: dict[str, CourseRun] = {}

    def run(name: str) -> CourseRun:
        if name not in runs:
            source = Source(name)
            runs[name] = run_course(source, KNOWN[name].students(source), tmp_path_factory.mktemp(name))
        return runs[name]

    return run


@pytest.mark.slow
@pytest.mark.parametrize("name", SETS)
def test_release_has_no_solution_and_no_hidden_tests(course: Callable[[str], CourseRun], name: str) -> None:
    run = course(name)
    check_release(run, Source(name), load(name).solution_ids)
    assert run.points == load(name).points


@pytest.mark.slow
@pytest.mark.parametrize(("name", "student"), STUDENTS)
def test_scores_per_test_cell(course: Callable[[str], CourseRun], name: str, student: str) -> None:
    check_scores(course(name), student)


@pytest.mark.slow
@pytest.mark.parametrize("name", SETS)
def test_feedback_teaches_and_hides_hidden_tests(course: Callable[[str], CourseRun], name: str) -> None:
    run = course(name)
    check_feedback_hides_hidden(run, Source(name), tracebacks_allowed=KNOWN[name].tracebacks_allowed)
    KNOWN[name].feedback(run)


@pytest.mark.slow
@pytest.mark.parametrize("name", SETS)
def test_grades_csv(course: Callable[[str], CourseRun], name: str) -> None:
    run = course(name)
    check_grades_csv(run, sum(run.points.values()))


@pytest.mark.slow
@pytest.mark.parametrize("name", SETS)
def test_source_notebook_runs_and_passes_with_the_reference(name: str) -> None:
    """The instructor's notebook runs top to bottom with nbclient: every visible test passes."""
    from nbclient import NotebookClient

    nb = Source(name).notebook()
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()  # raises on the first error
    printed = "".join(output.get("text", "") for cell in nb.cells if cell.cell_type == "code"
                      for output in cell.outputs)
    assert printed.count("the visible tests pass") == len(load(name).parts)
