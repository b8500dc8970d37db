"""Problem set 4 (pursuit: Tom and Jerry) with real nbgrader, end to end, on a temporary copy of the course.

Students: the reference, the untouched release, the article's Tom (a step straight toward
Jerry: 16.67 of 20), the article's Jerry (the neighbouring cell farthest from Tom: 18.85),
and a Tom who stands still (illegal: 10). The partial scores are the stated scales:
``8 x optimal / yours`` for Tom and ``8 x yours / optimal`` for Jerry, averaged over 12
starts. The pipeline is in ``nbgrader_course.py``.
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

PS04 = Source("ps04")

PARTS = {
    "pursuer_move": ("test_pursuer_visible", "test_pursuer_hidden"),
    "prey_move": ("test_prey_visible", "test_prey_hidden"),
}
FULL = {"test_pursuer_visible": 2, "test_pursuer_hidden": 8, "test_prey_visible": 2, "test_prey_hidden": 8}

#: The hidden scores of the article's strategies (tests/test_grading_ps02_04.py computes them in process):
#: the article's Tom catches an optimal Jerry in the optimal time from 7 of the 12 starts and never from
#: the other 5 (7 / 12 x 8); the article's Jerry lasts 0.856 of the optimum on average.
ARTICLE_TOM_HIDDEN = 4.67
ARTICLE_JERRY_HIDDEN = 6.85

ARTICLE_TOM = '''\
def pursuer_move(grid, pursuer, prey):
    """The article's Tom: one step straight toward Jerry (if that cell is blocked, the free step closest to him)."""
    def sign(n):
        return (n > 0) - (n < 0)

    step = Coord(pursuer.x + sign(prey.x - pursuer.x), pursuer.y + sign(prey.y - pursuer.y))
    if grid.is_free(step):
        return step
    return min(steps(grid, pursuer), key=lambda cell: chebyshev(cell, prey))
'''

ARTICLE_JERRY = '''\
def prey_move(grid, pursuer, prey):
    """The article's Jerry: the neighbouring cell farthest from Tom (the first such)."""
    return max(steps(grid, prey), key=lambda cell: chebyshev(cell, pursuer))
'''

STANDING_TOM = '''\
def pursuer_move(grid, pursuer, prey):
    """Waits for Jerry to come."""
    return pursuer
'''


def _students() -> dict[str, Student]:
    ref = {grade_id: PS04.reference(grade_id) for grade_id in ("helpers", *PARTS)}
    return {
        "reference": Student(ref, FULL),
        "untouched": Student({}, dict.fromkeys(FULL, 0)),
        "article_tom": Student({**ref, "pursuer_move": ARTICLE_TOM},
                               {**FULL, "test_pursuer_hidden": ARTICLE_TOM_HIDDEN}),
        "article_jerry": Student({**ref, "prey_move": ARTICLE_JERRY},
                                 {**FULL, "test_prey_hidden": ARTICLE_JERRY_HIDDEN}),
        "standing_tom": Student({**ref, "pursuer_move": STANDING_TOM},
                                {**FULL, "test_pursuer_visible": 0, "test_pursuer_hidden": 0}),
    }


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    """Run the whole nbgrader pipeline once; the tests below read its results."""
    return run_course(PS04, _students(), tmp_path_factory.mktemp("ps04"))


def test_source_notebook_is_up_to_date() -> None:
    check_generator_up_to_date(PS04)


def test_grading_table_matches_the_points() -> None:
    check_grading_table(PS04, PARTS, FULL)


@pytest.mark.slow
def test_release_has_no_solution_and_no_hidden_tests(course: CourseRun) -> None:
    check_release(course, PS04, ["helpers", *PARTS])


@pytest.mark.slow
@pytest.mark.parametrize("student", list(_students()))
def test_scores_per_part(course: CourseRun, student: str) -> None:
    check_scores(course, student)


@pytest.mark.slow
def test_feedback_teaches_and_hides_hidden_tests(course: CourseRun) -> None:
    # the untouched helpers cell raises NotImplementedError when it runs: its own traceback, no test's
    check_feedback_hides_hidden(course, PS04, tracebacks_allowed=["untouched"])
    tom = course.feedback("article_tom")
    assert "yours not caught, share 0.00" in tom and "the best Jerry can escape forever" in tom
    assert "a better move" in tom
    jerry = course.feedback("article_jerry")
    assert "prey_move: 0.856 x 8 points = 6.85" in jerry
    assert "standing still on" in course.feedback("standing_tom")
    assert "not written yet" in course.feedback("untouched")


@pytest.mark.slow
def test_grades_csv(course: CourseRun) -> None:
    check_grades_csv(course, sum(FULL.values()))
