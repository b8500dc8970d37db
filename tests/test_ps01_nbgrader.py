"""Problem set 1 with real nbgrader, end to end, on a temporary copy of the course.

Release the assignment, autograde a class of made-up submissions (the reference, the
untouched release, a king that ignores blocked cells, a king that never returns, a cell
that never ends, a student who deletes test cells, one who cheats with look-alike answers
and edits a test), then generate feedback and export the grades. The pipeline is in
``nbgrader_course.py``.
"""

from __future__ import annotations

import pytest
from nbgrader_course import (
    CourseRun,
    Source,
    Student,
    check_feedback_hides_hidden,
    check_generator_up_to_date,
    check_grades_csv,
    check_grading_table,
    check_release,
    check_scores,
    run_course,
)

PS01 = Source("ps01")

PARTS = {
    "is_winning": ("test_is_winning_visible", "test_is_winning_hidden"),
    "winning_move": ("test_winning_move_visible", "test_winning_move_hidden"),
    "king_strategy": ("test_king_strategy_visible", "test_king_strategy_hidden"),
}

WRONG_KING = '''\
def king_strategy(grid, position):
    """The beans rule, blind to blocked cells: leave both coordinates even."""
    x, y = position
    if x % 2 == 1 and y % 2 == 1:
        return Coord(x - 1, y - 1)
    if x % 2 == 1:
        return Coord(x - 1, y)
    if y % 2 == 1:
        return Coord(x, y - 1)
    return king_moves(grid, position)[0]
'''

LOOPING_KING = '''\
def king_strategy(grid, position):
    while True:
        pass
'''

HANG = "while True:\n    pass\n\n"

SNEAKY_IS_WINNING = '''\
class Yes:
    def __eq__(self, other):
        return True

    def __bool__(self):
        return True


def is_winning(m, n):
    return Yes()
'''

# The expected points per test cell.
FULL = {"test_is_winning_visible": 2, "test_is_winning_hidden": 3, "test_winning_move_visible": 2,
        "test_winning_move_hidden": 3, "test_king_strategy_visible": 3, "test_king_strategy_hidden": 7}
NO_KING = {**FULL, "test_king_strategy_visible": 0, "test_king_strategy_hidden": 0}


def _students() -> dict[str, Student]:
    ref = {grade_id: PS01.reference(grade_id) for grade_id in PARTS}
    beans = {"is_winning": ref["is_winning"], "winning_move": ref["winning_move"]}
    return {
        "reference": Student(ref, FULL),
        "untouched": Student({}, dict.fromkeys(FULL, 0)),
        "wrong_king": Student({**beans, "king_strategy": WRONG_KING}, NO_KING),
        "looping_king": Student({**beans, "king_strategy": LOOPING_KING}, NO_KING),
        # A cell that never ends: stopped by the per-cell timeout; the rest is still graded.
        "hanging_cell": Student({**beans, "king_strategy": HANG + ref["king_strategy"]}, NO_KING),
        # Deleted test cells come back: the stub still scores 0, the right winning_move 5.
        "deleter": Student(
            {"winning_move": ref["winning_move"], "king_strategy": ref["king_strategy"]},
            {**FULL, "test_is_winning_visible": 0, "test_is_winning_hidden": 0},
            deleted=["test_is_winning_visible", "test_is_winning_hidden", "test_winning_move_hidden"],
        ),
        # An always-equal answer and an emptied (locked) test cell earn nothing.
        "sneaky": Student(
            {"is_winning": SNEAKY_IS_WINNING, "winning_move": ref["winning_move"],
             "test_king_strategy_hidden": "pass", "test_king_strategy_visible": "pass"},
            {**NO_KING, "test_is_winning_visible": 0, "test_is_winning_hidden": 0},
        ),
    }


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    """Run the whole nbgrader pipeline once; the tests below read its results."""
    return run_course(PS01, _students(), tmp_path_factory.mktemp("ps01"))


def test_source_notebook_is_up_to_date() -> None:
    """``assignments/make_ps01.py`` wrote the notebook that is checked in."""
    check_generator_up_to_date(PS01)


def test_grading_table_matches_the_points() -> None:
    """The table in the introduction states the points that the cells carry."""
    check_grading_table(PS01, PARTS, FULL)


@pytest.mark.slow
def test_source_notebook_runs_and_passes_with_the_reference() -> None:
    """The instructor's notebook runs top to bottom with nbclient: every test cell passes."""
    from nbclient import NotebookClient

    nb = PS01.notebook()
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()  # raises on the first error
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    printed = "".join(output.get("text", "") for cell in code for output in cell.outputs)
    assert printed.count("the visible tests pass") == 3
    assert "right from all" in printed and "king_strategy" in printed


@pytest.mark.slow
def test_release_has_no_solution_and_no_hidden_tests(course: CourseRun) -> None:
    check_release(course, PS01, list(PARTS))
    text = "\n".join(cell.source for cell in course.release.cells)
    assert "# Hidden tests for king_strategy" in text  # the comment above the hidden region stays


@pytest.mark.slow
@pytest.mark.parametrize("student", list(_students()))
def test_scores_per_part(course: CourseRun, student: str) -> None:
    check_scores(course, student)


@pytest.mark.slow
def test_feedback_hides_hidden_tests(course: CourseRun) -> None:
    # hanging_cell's own solution cell shows its traceback; no test cell does
    check_feedback_hides_hidden(course, PS01, tracebacks_allowed=["hanging_cell"])
    wrong = course.feedback("wrong_king")
    assert "which is not a legal move" in wrong or "a losing move" in wrong
    assert "beans rule" in wrong  # the hint that names the likely bug
    assert "did not return within 2 s" in course.feedback("looping_king")
    assert "not written yet" in course.feedback_html("untouched")


@pytest.mark.slow
def test_grades_csv(course: CourseRun) -> None:
    check_grades_csv(course, sum(FULL.values()))
