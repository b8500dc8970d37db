"""``coursekit report psNN``: the class report, on a real graded ps01 batch (the known submissions
plus a planted pair: one student's solution copied by another with its variables renamed), and
the command's --help and one-line errors."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from known_submissions import NO_KING, ps01_students
from nbgrader_course import COURSE, CourseRun, Source, Student, by_id, run_course
from terminal import run

from coursekit.grading.nbgrader.report import MIN_TOKENS, fingerprint, own_code, partial_mistake, similar_pairs
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
    assert f"fewer than {MIN_TOKENS} tokens of its own is not compared" in shown


# Every lost point named: a test cell that gave partial points names what its printed report teaches.

def printed_by(score: Callable[[Callable[[str], None]], float]) -> tuple[str, float]:
    """What a partial-points check prints (as the test cell's output) and the points it gives."""
    lines: list[str] = []
    earned = score(lines.append)
    return "".join(f"{line}\n" for line in lines), earned


def test_a_partial_score_is_named_by_the_first_miss_it_teaches() -> None:
    from known_submissions import GREEDY

    from coursekit.games.tictactoe.checks import hidden_positions, score_best_move

    sys.path.insert(0, str(COURSE))
    from ps05 import make as make_ps05

    space: dict[str, Any] = {}
    exec(make_ps05.CODE["setup"].split("example =")[0], space)
    exec(GREEDY, space)
    positions = hidden_positions(make_ps05.HIDDEN_COUNT, seed=1, forks=make_ps05.FORK_COUNT)
    text, earned = printed_by(lambda report: score_best_move(space["best_move"], positions, 6, report=report))
    assert 0 < earned < 6
    name, example, score = partial_mistake(text)
    assert name == "The first position where your move is not a best one: returned …; hint: … is a fork"
    assert score == f"best_move: average share {earned / 6:.3f} x 6 points = {earned:g}"
    assert example.startswith(score) and "instead gives a win" in example and "yours (" not in example
    # other students' positions: the boards and moves are theirs, the names of their mistakes are shared
    names = set()
    for seed in range(2, 8):
        other = hidden_positions(make_ps05.HIDDEN_COUNT, seed=seed, forks=make_ps05.FORK_COUNT)
        names.add(partial_mistake(printed_by(lambda report, other=other: score_best_move(
            space["best_move"], other, 6, report=report))[0])[0])
    assert name in names and len(names) > 1
    assert all(found.startswith("The first position where your move is not a best one: returned …") for found in names)


def test_a_partial_score_without_a_lesson_is_named_by_its_score_line() -> None:
    from coursekit.games.bulls.checks import hidden_secrets, possible, score_average

    def first_possible(history: Any) -> str:
        return possible(history)[0]

    text, earned = printed_by(lambda report: score_average(first_possible, hidden_secrets(30, seed=3), 10,
                                                           report=report))
    assert 0 <= earned < 10 and "not found: 0" in text
    name, example, score = partial_mistake(text)
    assert name == "lost points: next_guess: average … guesses -> … of … points"
    assert score.startswith("next_guess: average ") and f"-> {earned:g} of 10 points" in score and example == score


def test_the_page_names_partial_points_and_each_student_s_score_line() -> None:
    from coursekit.grading.nbgrader.report import ClassReport, Mistake, Submission

    shown = page(ClassReport("ps08", 10.0, {"test_average": 10.0},
                             [Submission("ann", 3.2, "graded", {"test_average": 3.2}),
                              Submission("bob", 10.0, "graded", {"test_average": 10.0})],
                             [Mistake("test_average", "lost points: average … guesses", ["ann"], "average 9.350",
                                      raised=False, scores={"ann": "next_guess: average 9.350 guesses -> 3.2 of 10"})],
                             []))
    mistakes = shown[shown.index("<h2>Named mistakes</h2>"):shown.index("<h2>Submissions flagged")]
    assert "no&#32;error" in mistakes or "no error: partial points" in mistakes
    assert "9.350&#32;guesses" in mistakes or "9.350 guesses" in mistakes
    rates = shown[shown.index("<h2>Pass rate"):shown.index("<h2>Named mistakes</h2>")]
    assert "students who lost points" in rates and '<td class="number">1</td>' in rates


# Similarity you can rely on: the released skeleton and short code are no evidence, and the same solutions give
# the same pairs in every process.

def released_headers(source: Source, *grade_ids: str) -> dict[str, str]:
    """What the release shows of the solution cells ``grade_ids`` of ``source``: the lines before the solution."""
    cells = by_id(source.notebook())
    return {grade_id: cells[grade_id].source.split("    ### BEGIN SOLUTION")[0].rstrip("\n") for grade_id in grade_ids}


HEADER = released_headers(Source("ps05"), "best_move", "alphabeta")
#: The released solution cells of ps05, as nbgrader writes them.
PS05_SKELETON = "\n\n".join(f"{header}\n    # YOUR CODE HERE\n    raise NotImplementedError()"
                            for header in HEADER.values())

#: Two short ps05 solutions written apart: the same plain idea (take a winning move, else the first empty cell;
#: no search), in the few lines it takes. With names ignored they look alike (0.68 to 0.94 before, by the run).
SHORT_APART = {
    "ann": HEADER["best_move"] + """
    me = to_move(board)
    for move in empty_cells(board):
        if winner(play(board, *move)) == me:
            return move
    return empty_cells(board)[0]

""" + HEADER["alphabeta"] + """
    if winner(board) is not None:
        return -1, 1
    return 0, 1
""",
    "bob": HEADER["best_move"] + """
    player = to_move(board)
    options = empty_cells(board)
    for option in options:
        if winner(play(board, *option)) == player:
            return option
    return options[0]

""" + HEADER["alphabeta"] + """
    if winner(board):
        return -1, 1
    return 0, 1
""",
}


def ps05_solution(best_move: str, alphabeta: str) -> str:
    """A ps05 solution as the report reads it: the released header of each cell, then the student's body."""
    body = {name: code.split('"""\n', 1)[1]
            for name, code in (("best_move", best_move), ("alphabeta", alphabeta))}
    return f"{HEADER['best_move']}\n{body['best_move']}\n\n{HEADER['alphabeta']}\n{body['alphabeta']}"


def test_two_short_solutions_written_apart_are_not_flagged() -> None:
    assert "def best_move(board):" in PS05_SKELETON and "def alphabeta(board):" in PS05_SKELETON
    assert all(HEADER["best_move"] in code and HEADER["alphabeta"] in code for code in SHORT_APART.values())
    assert similar_pairs(SHORT_APART, PS05_SKELETON) == []
    assert similar_pairs(SHORT_APART, PS05_SKELETON, 0.0) == []  # not compared at all: too short to be evidence
    for code in SHORT_APART.values():
        assert 0 < fingerprint(own_code(code, PS05_SKELETON)).token_coverage < MIN_TOKENS


def test_a_renamed_copy_is_flagged_and_the_skeleton_is_no_one_s() -> None:
    from known_submissions import GREEDY, PLAIN_MINIMAX

    def renamed(code: str) -> str:
        names = {"me": "player", "moves": "options", "move": "option", "line": "row", "visited": "count"}
        for old, new in names.items():
            code = re.sub(rf"\b{old}\b", new, code)
        return code

    original, copied = ps05_solution(GREEDY, PLAIN_MINIMAX), ps05_solution(renamed(GREEDY), renamed(PLAIN_MINIMAX))
    assert copied != original and HEADER["best_move"] in copied
    pairs = similar_pairs({"original": original, "copier": copied, **SHORT_APART}, PS05_SKELETON)
    assert [(p.first, p.second) for p in pairs] == [("copier", "original")]
    assert pairs[0].similarity >= 0.95
    shared = "\n".join(pairs[0].shared)
    assert "for option in options:" in shared and "def best_move(board):" not in shared  # the release's lines: out
    # code that only repeats the release's lines is no one's: nothing to compare
    assert similar_pairs({"a": HEADER["best_move"] * 3, "b": HEADER["best_move"] * 3}, PS05_SKELETON, 0.0) == []


#: A few solutions compared in a process of their own, its pairs printed as JSON.
COMPARE = """
import json, sys
from coursekit.grading.nbgrader.report import similar_pairs
solutions, skeleton = json.load(sys.stdin)
print(json.dumps([[p.first, p.second, p.similarity, p.shared] for p in similar_pairs(solutions, skeleton, 0.0)]))
"""


def test_the_same_solutions_give_the_same_pairs_whatever_python_s_hash_seed() -> None:
    from known_submissions import GREEDY, IGNORES_THREATS, PLAIN_MINIMAX

    reference = Source("ps05").reference("best_move"), Source("ps05").reference("alphabeta")
    solutions = {"greedy": ps05_solution(GREEDY, reference[1]), "ignores": ps05_solution(IGNORES_THREATS, reference[1]),
                 "minimax": ps05_solution(reference[0], PLAIN_MINIMAX), "both": ps05_solution(GREEDY, PLAIN_MINIMAX)}
    runs = []
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", COMPARE], input=json.dumps([solutions, PS05_SKELETON]),
                              capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed}, check=True)
        runs.append(json.loads(done.stdout))
    assert len(runs[0]) == 6 and len({p[2] for p in runs[0]}) > 2  # every pair shares something, not all alike
    assert runs[1] == runs[0]


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
    (("ps01", "--threshold", "1.5"), "expected a similarity from 0 to 1"),
    (("ps01", "--threshold", "-0.1"), "expected a similarity from 0 to 1"),
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


@pytest.mark.slow
def test_the_report_at_threshold_0_gives_the_same_pairs_whatever_python_s_hash_seed(
        graded: tuple[CourseRun, str, Any], tmp_path: Path) -> None:
    course, _, report = graded
    found = []
    for seed in ("1", "2"):
        out = tmp_path / f"seed-{seed}.html"
        done = subprocess.run([str(Path(sys.executable).parent / "coursekit"), "report", "ps01", "--course",
                               str(course.root), "--threshold", "0", "--out", str(out)],
                              env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        shown = out.read_text(encoding="utf-8")
        similar = shown[shown.index("<h2>Similar solutions</h2>"):shown.index("<h2>Every submission")]
        found.append((done.stdout.splitlines()[:-1], similar))  # the last line names the file
    assert found[1] == found[0]
    # at 0, every compared pair that shares code: more than at the default threshold, the copied pair first
    listed = found[0][1].count("<tr>") - 1
    assert listed > len(report.pairs) >= 1 and "pairs of similar solutions at 0 or more" in found[0][0][-1]
    assert found[0][1].index("copier") < found[0][1].index("reference")


# A real ps05 batch: partial points lost without an error (missed forks, too many positions visited) are named.

@pytest.fixture(scope="module")
def graded_ps05(tmp_path_factory: pytest.TempPathFactory) -> tuple[CourseRun, Any]:
    """ps05 graded for its known students; the class report read from it."""
    from known_submissions import ps05_students

    from coursekit.grading.nbgrader.batch import Course
    from coursekit.grading.nbgrader.report import collect

    source = Source("ps05")
    course = run_course(source, ps05_students(source), tmp_path_factory.mktemp("report_ps05"))
    return course, collect(Course.at(course.root), "ps05")


@pytest.mark.slow
def test_every_cell_that_lost_points_names_its_mistake(graded_ps05: tuple[CourseRun, Any]) -> None:
    course, report = graded_ps05
    lost = {cell: 0 for cell in course.points}
    for student in course.students:
        for cell, points in course.points.items():
            named = [m for m in report.mistakes if m.check == cell and student in m.students]
            if course.scores[student][cell] < points:
                lost[cell] += 1
                assert len(named) == 1, (student, cell, [(m.name, m.raised) for m in named])
            else:
                assert named == [], (student, cell)
    assert report.lost() == lost

    def mistake(student: str, cell: str) -> Any:
        return next(m for m in report.mistakes if m.check == cell and student in m.students)

    first_miss = mistake("greedy", "test_best_move_hidden")
    assert not first_miss.raised and first_miss.name.startswith("The first position where your move is not a best one:")
    assert first_miss.scores["greedy"] == "best_move: average share 0.800 x 6 points = 4.8"
    nodes = mistake("plain_minimax", "test_alphabeta_hidden_nodes")
    assert not nodes.raised and nodes.name.startswith("Hint: alpha-beta visits fewest positions")
    earned = course.scores["plain_minimax"]["test_alphabeta_hidden_nodes"]
    assert nodes.scores["plain_minimax"].endswith(f"= {earned:g}")
    assert mistake("untouched", "test_best_move_hidden").raised
    assert mistake("ignores_threats", "test_best_move_visible").raised
    shown = page(report)
    assert "no&#32;error:&#32;partial&#32;points" in shown or "no error: partial points" in shown
