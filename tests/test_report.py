"""``coursekit report psNN``: the class report, on a real graded ps01 batch (the known submissions
plus a planted pair: one student's solution copied by another with its variables renamed), and
the command's --help and one-line errors."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from known_submissions import NO_KING, ps01_students
from nbgrader_course import COURSE, CourseRun, Source, Student, run_course
from terminal import run

from coursekit.grading.nbgrader.report import similar_pairs
from coursekit.grading.nbgrader.report_page import page

# The planted pair: "original" writes the beans functions in a way of their own (right, and unlike the
# reference's); "copier" hands in the same code with every variable renamed. Neither writes king_strategy.
ORIGINAL = {
    "is_winning": '''\
def is_winning(m, n):
    """True if the player to move from m white and n black beans can force a win."""
    white_is_odd = (m % 2) != 0
    black_is_odd = (n % 2) != 0
    answer = False
    if white_is_odd:
        answer = True
    elif black_is_odd:
        answer = True
    return answer
''',
    "winning_move": '''\
def winning_move(m, n):
    """The position (white, black) after a winning move from (m, n); from a losing position, any move."""
    whites_left = m - (m % 2)
    blacks_left = n - (n % 2)
    if (whites_left, blacks_left) != (m, n):
        return (whites_left, blacks_left)
    if m > 0:
        return (m - 1, n)
    return (m, n - 1)
''',
}
RENAMES = {"white_is_odd": "odd_m", "black_is_odd": "odd_n", "answer": "result", "whites_left": "a", "blacks_left": "b"}


def renamed(code: str) -> str:
    """``code`` with the variables of :data:`RENAMES` renamed."""
    for old, new in RENAMES.items():
        code = re.sub(rf"\b{old}\b", new, code)
    return code


COPIED = {cell: renamed(code) for cell, code in ORIGINAL.items()}


def students(source: Source) -> dict[str, Student]:
    return {**ps01_students(source), "original": Student(ORIGINAL, zero=NO_KING),
            "copier": Student(COPIED, zero=NO_KING)}


def edits_of(student: Student, cell: str) -> str | None:
    return student.edits.get(cell) if cell not in student.deleted else None


# Without nbgrader: the parts.

def test_renamed_variables_do_not_hide_a_copy_and_the_release_is_left_out() -> None:
    reference = Source("ps01").reference("is_winning") + "\n\n" + Source("ps01").reference("winning_move")
    original, copied = "\n\n".join(ORIGINAL.values()), "\n\n".join(COPIED.values())
    assert original != copied
    pairs = similar_pairs({"original": original, "copier": copied, "reference": reference}, "")
    assert [(p.first, p.second) for p in pairs] == [("copier", "original")]
    assert any("odd_m = (m % 2) != 0" in line for line in pairs[0].shared)
    # code that only repeats the boilerplate is no one's: nothing to compare
    assert similar_pairs({"a": original, "b": copied}, original + "\n\n" + copied) == []


def test_student_text_is_escaped_and_the_plot_is_inline() -> None:
    from coursekit.grading.nbgrader.report import ClassReport, Mistake, Pair, Submission

    evil = '<script>alert("x")</script><img src="https://example.org/a.png">'
    report = ClassReport("ps01", 10.0, {"test_a": 10.0},
                         [Submission("ann", 10.0, "graded", {"test_a": 10.0}, 1.5),
                          Submission("bob", 0.0, "needs review", {"test_a": 0.0}, 2.0, [evil])],
                         [Mistake("test_a", f"returned {evil}", ["bob"], evil)],
                         [Pair("ann", "bob", 0.9, [evil])])
    html = page(report)
    assert "<script" not in html and "<img" not in html and "&lt;script&gt;" in html
    assert html.count("<svg") == 1
    assert not re.search(r"(src|href)\s*=\s*[\"']?(https?:)?//", html)


def test_the_page_says_how_much_of_each_solution_is_compared() -> None:
    from coursekit.grading.nbgrader.report import SHARED_LINES, SOLUTION_CHARS, ClassReport, Submission

    shown = page(ClassReport("ps01", 10.0, {"test_a": 10.0}, [Submission("ann", 10.0, "graded", {"test_a": 10.0})],
                             [], []))
    assert f"Only the first {SOLUTION_CHARS:,} characters of each solution are compared" in shown
    assert f"at most the first {SHARED_LINES} shared lines" in shown


# The command's --help and its one-line errors.

def test_help_names_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        run("report", "--help")
    assert stop.value.code == 0
    shown = capsys.readouterr().out
    assert all(option in shown for option in ("--course", "--out", "--threshold"))


@pytest.fixture
def ungraded(tmp_path: Path) -> Path:
    """A course folder with ps01's source, never graded (no gradebook)."""
    shutil.copy(COURSE / "nbgrader_config.py", tmp_path / "nbgrader_config.py")
    shutil.copytree(COURSE / "source" / "ps01", tmp_path / "source" / "ps01")
    return tmp_path


@pytest.mark.parametrize(("args", "message"), [
    (("ps01", "--course", "/nonexistent-course"), "is not a course folder"),
    (("ps77",), "there is no assignment 'ps77'"),
    (("ps01",), "ps01 was never graded"),
    (("ps01", "--threshold", "1.5"), "expected a similarity above 0 and at most 1"),
])
def test_bad_input_gets_one_line_and_status_two(ungraded: Path, args: tuple[str, ...], message: str) -> None:
    if "--course" not in args:
        args = (*args, "--course", str(ungraded))
    status, out, err = run("report", *args)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1, err
    assert not (ungraded / "gradebook.db").exists()


# A real batch.

@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> tuple[CourseRun, str, Any]:
    """ps01 graded for the known students and the planted pair; the report's status, output and page."""
    source = Source("ps01")
    course = run_course(source, students(source), tmp_path_factory.mktemp("report"))
    out = course.root / "class.html"
    status, text, err = run("report", "ps01", "--course", str(course.root), "--out", str(out))
    assert status == 0, err
    assert f"written to {out}" in text and "pairs of similar solutions" in text
    from coursekit.grading.nbgrader.batch import Course
    from coursekit.grading.nbgrader.report import collect

    return course, out.read_text(encoding="utf-8"), collect(Course.at(course.root), "ps01")


@pytest.mark.slow
def test_the_report_has_every_submission_s_scores_and_time(graded: tuple[CourseRun, str, Any]) -> None:
    course, _, report = graded
    assert {s.student for s in report.submissions} == set(course.students)
    for submission in report.submissions:
        assert submission.cells == course.scores[submission.student], submission.student
        assert submission.score == pytest.approx(sum(course.expected(submission.student).values()))
        assert submission.seconds is not None and submission.seconds > 0
    rates = report.pass_rates()
    for cell, points in course.points.items():
        full = sum(1 for s in course.students if course.expected(s)[cell] == points)
        assert rates[cell] == pytest.approx(full / len(course.students)), cell


@pytest.mark.slow
def test_the_known_mistakes_are_named_and_counted(graded: tuple[CourseRun, str, Any]) -> None:
    course, _, report = graded

    def who(check: str, words: str) -> list[str]:
        found = [m for m in report.mistakes if m.check == check and words in m.name]
        assert len(found) == 1, (check, words, [(m.check, m.name) for m in report.mistakes])
        return sorted(found[0].students)

    for check in NO_KING:
        assert who(check, "beans rule's move") == ["wrong_king"]
        assert who(check, "did not return within") == ["looping_king"]
        assert who(check, "NameError: name 'king_strategy' is not defined") == ["hanging_cell"]
        stubs = sorted(name for name, s in course.students.items() if edits_of(s, "king_strategy") is None)
        assert who(check, "raised NotImplementedError") == stubs
    for check in ("test_is_winning_visible", "test_is_winning_hidden"):
        assert who(check, "it must return True or False") == ["sneaky"]
    counts = [m.count for m in report.mistakes]
    assert counts == sorted(counts, reverse=True)
    example = next(m for m in report.mistakes if "beans rule's move" in m.name).example
    assert example.startswith("king_strategy(grid, [") and "returned" in example


@pytest.mark.slow
def test_the_copied_pair_is_flagged_and_an_unrelated_solution_is_not(graded: tuple[CourseRun, str, Any]) -> None:
    _, _, report = graded
    pairs = {(p.first, p.second): p for p in report.pairs}
    assert ("copier", "original") in pairs
    assert any("odd_m = (m % 2) != 0" in line for line in pairs["copier", "original"].shared)
    assert ("original", "reference") not in pairs and ("copier", "reference") not in pairs
    assert not any("untouched" in pair for pair in pairs)  # the release's code alone is no one's


@pytest.mark.slow
def test_the_page_shows_it_all_and_loads_nothing_from_another_host(graded: tuple[CourseRun, str, Any]) -> None:
    _, html, report = graded
    assert html.count("<svg") == 1 and "http://" not in html and "https://" not in html
    assert "<script" not in html and "<link" not in html
    assert "beans rule&#39;s move" in html or "beans&#32;rule&apos;s&#32;move" in html
    flagged = html[html.index("flagged for review"):html.index("Similar solutions")]
    assert "copier" in flagged and "original" in flagged and "similar&#32;to&#32;original" in flagged
    for submission in report.submissions:
        assert submission.student in html
