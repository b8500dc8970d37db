"""Problem set 2 (one-way queen and knight) with real nbgrader, end to end, on a temporary copy of the course.

Students: the reference, the untouched release, a queen that plays the one-way king's
parity rule (10 of 20), a queen that is right but too slow for large positions (a memoised
search of every move: 16), and a knight that follows the big-board pattern near the edges
(right on the visible boards, wrong on the hidden ones: 13). The pipeline
is in ``nbgrader_course.py``.
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

PS02 = Source("ps02")

PARTS = {
    "queen_winning_move": ("test_queen_visible", "test_queen_hidden_small", "test_queen_hidden_large"),
    "knight_winning_move": ("test_knight_visible", "test_knight_hidden"),
}
FULL = {"test_queen_visible": 2, "test_queen_hidden_small": 4, "test_queen_hidden_large": 4,
        "test_knight_visible": 3, "test_knight_hidden": 7}
NO_QUEEN = {**FULL, "test_queen_visible": 0, "test_queen_hidden_small": 0, "test_queen_hidden_large": 0}

PARITY_QUEEN = '''\
def queen_winning_move(x, y):
    """The one-way king's rule: leave both coordinates even."""
    if x % 2 == 0 and y % 2 == 0:
        return None
    return (x - x % 2, y - y % 2)
'''

SLOW_QUEEN = '''\
def queen_moves(x, y):
    return ([(x, b) for b in range(y)] + [(x - d, y - d) for d in range(1, min(x, y) + 1)]
            + [(a, y) for a in range(x)])


@cache
def queen_losing(x, y):
    return not any(queen_losing(a, b) for a, b in queen_moves(x, y))


def queen_winning_move(x, y):
    """Right, by a memoised search over every move: fine up to 40 x 40, far too slow at 1000 x 1000."""
    for move in queen_moves(x, y):
        if queen_losing(*move):
            return move
    return None
'''

PATTERN_KNIGHT = '''\
def knight_winning_move(x, y, width, height):
    """The big-board pattern: jump to a cell with x % 4 < 2 and y % 4 < 2, blind to the edges."""
    for cell in knight_jumps(x, y, width, height):
        if cell[0] % 4 < 2 and cell[1] % 4 < 2:
            return cell
    return None
'''


def _students() -> dict[str, Student]:
    ref = {grade_id: PS02.reference(grade_id) for grade_id in PARTS}
    return {
        "reference": Student(ref, FULL),
        "untouched": Student({}, dict.fromkeys(FULL, 0)),
        "parity_queen": Student({**ref, "queen_winning_move": PARITY_QUEEN}, NO_QUEEN),
        "slow_queen": Student({**ref, "queen_winning_move": SLOW_QUEEN}, {**FULL, "test_queen_hidden_large": 0}),
        # Right on the visible boards, wrong near the edges of two hidden ones (5, 9, 13, ... cells a side).
        "pattern_knight": Student({**ref, "knight_winning_move": PATTERN_KNIGHT}, {**FULL, "test_knight_hidden": 0}),
    }


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    """Run the whole nbgrader pipeline once; the tests below read its results."""
    return run_course(PS02, _students(), tmp_path_factory.mktemp("ps02"))


def test_source_notebook_is_up_to_date() -> None:
    check_generator_up_to_date(PS02)


def test_grading_table_matches_the_points() -> None:
    check_grading_table(PS02, PARTS, FULL)


def test_intro_states_the_hidden_counts() -> None:
    """The introduction's count of large queen positions is the hidden test's."""
    from coursekit.grading import queen_positions

    intro = PS02.notebook().cells[0].source
    hidden = "\n".join(PS02.hidden_lines())
    assert "queen_positions(300, seed=20241102)" in hidden
    assert f"{len(queen_positions(300, seed=20241102)):,} positions up to" in intro


@pytest.mark.slow
def test_release_has_no_solution_and_no_hidden_tests(course: CourseRun) -> None:
    check_release(course, PS02, list(PARTS))


@pytest.mark.slow
@pytest.mark.parametrize("student", list(_students()))
def test_scores_per_part(course: CourseRun, student: str) -> None:
    check_scores(course, student)


@pytest.mark.slow
def test_feedback_teaches_and_hides_hidden_tests(course: CourseRun) -> None:
    check_feedback_hides_hidden(course, PS02)
    assert "one-way king's rule" in course.feedback("parity_queen")
    slow = course.feedback("slow_queen")
    assert "did not return within 1 s" in slow or "recursion goes too deep" in slow
    pattern = course.feedback("pattern_knight")
    assert "whatever the pattern says" in pattern and "is a winning cell" in pattern
    assert "not written yet" in course.feedback("untouched")


@pytest.mark.slow
def test_grades_csv(course: CourseRun) -> None:
    check_grades_csv(course, sum(FULL.values()))
