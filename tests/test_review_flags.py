"""Reserved names, checks without cases, and the library's answer flagged (issue 19, items 4 and 5).

Fast tests of the pieces; the real instructor flow is in ``test_hostile_review.py``.
"""

from __future__ import annotations

import pytest
from nbformat.v4 import new_code_cell, new_notebook

from coursekit.grading import Case, Check, Score, run_check
from coursekit.grading.kernel import NoCases
from coursekit.grading.nbgrader.gradebook import PREFIX, REVIEW_PREFIX, reviews_of, status, with_note
from coursekit.grading.nbgrader.trusted import TrustedExecute, reserved_names
from coursekit.grading.review import scan, watched
from coursekit.grading.sandbox import Sandbox

GAMETREE = "coursekit.solvers.gametree"
BULLS = "coursekit.games.bulls"
REFERENCES = [GAMETREE, BULLS, "coursekit.games.minesweeper"]

SOLUTION = {"nbgrader": {"solution": True, "grade": False, "locked": False, "grade_id": "f", "schema_version": 3}}
TEST = {"nbgrader": {"grade": True, "solution": False, "locked": True, "grade_id": "t", "points": 4,
                     "schema_version": 3}}


def graded(student: str, test: str, **metadata: object) -> tuple[list[object], dict[str, object]]:
    """The test cell's outputs and the notebook's ``coursekit`` metadata after the trusted executor."""
    nb = new_notebook(cells=[new_code_cell(student, metadata=SOLUTION), new_code_cell(test, metadata=TEST)],
                      metadata={"coursekit": dict(metadata)})
    nb, _ = TrustedExecute().preprocess(nb, {})
    return nb.cells[1].outputs, nb.metadata["coursekit"]


# -- reserved names ------------------------------------------------------------------------

def test_a_student_range_never_reaches_the_test_cell() -> None:
    student = "def double(n):\n    return 2 * n\n\ndef range(*a):\n    return []\n\ndef len(x):\n    return 99"
    test = "cases = list(range(3))\nassert double(cases[-1]) == 4, 'wrong'\nprint(len(cases))"
    outputs, _ = graded(student, test, asked=["double"])
    assert [o.get("text") for o in outputs] == ["3\n"]


def test_a_name_the_tests_use_is_the_tests_own() -> None:
    # the test reads ``positions`` before the instructor's import would define it: the student's
    # value must not stand in for it (NameError: the check scores 0, it does not pass on the student's list)
    student = "def double(n):\n    return 2 * n\n\npositions = []"
    test = "for n in positions:\n    assert double(n) == 2 * n\nprint('passed')"
    outputs, _ = graded(student, test, asked=["double"])
    assert outputs[-1]["output_type"] == "error" and outputs[-1]["ename"] == "NameError"


def test_without_metadata_the_functions_the_tests_read_are_the_students() -> None:
    reserved = reserved_names(["from m import check\ncheck(double, range(3))\nn = 1"])
    assert {"range", "check", "n", "print"} <= reserved and "double" not in reserved
    reserved = reserved_names(["from m import check\ncheck(double, range(3))"], asked=["check"])
    assert "double" in reserved and "check" not in reserved


# -- no cases, no points -----------------------------------------------------------------

def test_a_check_without_cases_is_refused_not_passed() -> None:
    empty = Check("double", [], reference=lambda case: 0, read=lambda raw, case: raw,
                  judge=lambda case, value, expected: None)
    with pytest.raises(NoCases, match="no case"):
        run_check(lambda n: 2 * n, empty)
    with pytest.raises(NoCases):
        _ = Score("double", 4).earned
    one = Check("double", [Case((1,), "double(1)")], reference=lambda case: 2, read=lambda raw, case: raw,
                judge=lambda case, value, expected: None if value == expected else "wrong")
    assert run_check(lambda n: 2 * n, one) == 1


def test_a_check_without_cases_sends_the_submission_to_a_person() -> None:
    test = ("from coursekit.games.pieces.checks import check_queen_winning_move\n"
            "check_queen_winning_move(queen_winning_move, positions=[])")
    nb = new_notebook(cells=[new_code_cell("def queen_winning_move(x, y):\n    return None", metadata=SOLUTION),
                             new_code_cell(test, metadata=TEST)])
    nb, _ = TrustedExecute().preprocess(nb, {})
    assert nb.cells[1].outputs[-1]["ename"] == "NoCases"
    assert any("no case to try" in problem for problem in nb.metadata["coursekit"]["problems"])


# -- the library's answer: the scan -----------------------------------------------------------

@pytest.mark.parametrize("source", [
    "import coursekit.solvers.gametree",
    "from coursekit.solvers.gametree import alphabeta",
    "from coursekit.solvers import gametree",
    "import coursekit\nx = coursekit.solvers.gametree.alphabeta",
    "import importlib\nm = importlib.import_module('coursekit.solvers.gametree')",
])
def test_the_scan_sees_the_reference_module(source: str) -> None:
    assert scan([source], REFERENCES) == [GAMETREE]


@pytest.mark.parametrize("source", [
    "from functools import cache\ndef best_move(board):\n    return (0, 0)",
    "from coursekit.core.grid import Coord",
    "# a game tree: gametree, solvers\nx = 'gametree'",
    "def broken(:\n",
])
def test_the_scan_leaves_other_code_alone(source: str) -> None:
    assert scan([source], REFERENCES) == []


# -- the library's answer: the watch in the sandbox -------------------------------------------

@pytest.mark.parametrize(("cell", "used"), [
    # imported by the course package before the student's code: no audit event, the use is noted
    ("from coursekit.solvers.gametree import alphabeta\ndef f(x):\n    return 1", [GAMETREE]),
    ("import importlib\ndef f(x):\n    importlib.import_module('.'.join(['coursekit', 'solvers', 'gametree']))\n"
     "    return 1", [GAMETREE]),
    ("from coursekit.solvers import alphabeta\ndef f(x):\n    return 1", [GAMETREE]),  # re-exported
    ("import sys\ndef f(x):\n    return len(vars(sys.modules['coursekit.games.' + 'minesweeper'])) > 0",
     ["coursekit.games.minesweeper"]),
    # not loaded yet: the audit hook sees the import, with a name built at run time
    ("import importlib\ndef f(x):\n    importlib.import_module('coursekit.games.' + 'bu' + 'lls')\n    return 1",
     [BULLS]),
    ("def f(x):\n    return sum(range(x))", []),
    ("from coursekit.core.grid import Coord\ndef f(x):\n    return Coord(x, x).x", []),
])
def test_the_sandbox_records_the_reference_modules_used(cell: str, used: list[str]) -> None:
    with Sandbox([cell], references=REFERENCES) as box:
        box.call("f", (3,))
        assert sorted(box.used) == used


def test_an_import_of_a_module_not_loaded_yet_is_seen_by_the_audit_hook() -> None:
    # coursekit.games.bulls.cli is not loaded by the package: its first import raises an audit event,
    # and the name read from it in the same call (before any new wrapping) is not what records it
    cell = ("import importlib\ndef f(x):\n    module = importlib.import_module('coursekit.games.bulls.' + 'c' + 'li')\n"
            "    return callable(module.register)")
    with Sandbox([cell], references=["coursekit.games.bulls.cli"]) as box:
        assert box.call("f", (0,)) is True
        assert box.used == {"coursekit.games.bulls.cli"}


def test_the_setup_cells_may_use_the_library() -> None:
    setup = "import coursekit.games.minesweeper as ms\nRULES = ms.Minesweeper"
    with Sandbox([setup, "def f(x):\n    return x"], setup=[0], references=REFERENCES) as box:
        assert box.call("f", (3,)) == 3
        assert box.used == set()


def test_a_flagged_notebook_keeps_its_score_and_is_noted_for_review() -> None:
    student = "import importlib\ndef double(n):\n    importlib.import_module('coursekit.games.' + 'bulls')\n" \
              "    return 2 * n"
    outputs, about = graded(student, "assert double(2) == 4\nprint('passed')", asked=["double"], references=REFERENCES)
    assert [o.get("text") for o in outputs] == ["passed\n"]
    assert "problems" not in about
    assert reviews_of({"metadata": {"coursekit": about}}) == [
        "the solution uses coursekit.games.bulls, a course module that holds the reference answer."]


def test_a_clean_notebook_is_not_noted() -> None:
    _, about = graded("def double(n):\n    return 2 * n", "assert double(2) == 4", asked=["double"],
                      references=REFERENCES)
    assert "reviews" not in about


# -- the gradebook's notes -------------------------------------------------------------------

def test_the_notes_share_one_comment_and_each_replaces_its_own_line() -> None:
    comment = with_note("No response.", REVIEW_PREFIX, "uses m.")
    assert comment == "Needs review: uses m."
    comment = with_note(comment, PREFIX, "a cell\nfailed.")
    assert comment.splitlines() == ["Not graded in full: a cell failed.", "Needs review: uses m."]
    assert with_note(comment, REVIEW_PREFIX, "uses n.").splitlines()[1] == "Needs review: uses n."


def test_the_status_names_review_below_manual_grading() -> None:
    assert status(False, []) == "graded"
    assert status(False, ["ps05: the solution uses m."]) == "needs review"
    assert status(True, ["ps05: the solution uses m."]) == "needs manual grading"


# -- every problem set names its references; a reference may be one function ---------------------

EVALUATE = "coursekit.games.corners.evaluate"
#: The same function where it is defined (its ``module.qualname``, as the run-time watch sees it).
DEFINED = "coursekit.games.corners.players.evaluate"
CORNERS = [EVALUATE, DEFINED, "coursekit.games.corners.side_work"]


@pytest.mark.parametrize(("cell", "used"), [
    ("from coursekit.games.corners import BLACK, WHITE\ndef f(x):\n    return BLACK + WHITE", []),
    ("import coursekit.games.corners as c\ndef f(x):\n    return c.Corners().pieces", []),
    ("import coursekit.games.corners as c\ndef f(x):\n    return c.evaluate(c.Corners(), c.Corners().initial_state())",
     [EVALUATE, DEFINED]),
    ("from coursekit.games.corners import *\ndef f(x):\n    return 1",
     [EVALUATE, DEFINED, "coursekit.games.corners.side_work"]),
    # the function read where it is defined
    ("import coursekit.games.corners.players as p\ndef f(x):\n    return p.evaluate is not None", [DEFINED]),
    # the same function re-exported under another name, by another module
    ("from coursekit.games.corners import checks as g\ndef f(x):\n    return g.course_evaluate is not None", [DEFINED]),
])
def test_a_reference_may_be_one_function_of_a_module(cell: str, used: list[str]) -> None:
    with Sandbox([cell], references=CORNERS) as box:
        box.call("f", (0,))
        assert sorted(box.used) == used


def test_the_scan_sees_a_reference_function_and_not_its_neighbours() -> None:
    assert scan(["from coursekit.games.corners import BLACK, evaluate"], CORNERS) == [EVALUATE]
    assert scan(["from coursekit.games.corners.players import evaluate"], CORNERS) == [DEFINED]
    assert scan(["from coursekit.games.corners import BLACK, WHITE"], CORNERS) == []
    assert scan(["from coursekit.games.corners.rules import Corners"], CORNERS) == []


@pytest.mark.parametrize(("assignment", "cheat"), [
    ("ps01", "from coursekit.games.beans import is_winning as library\ndef f(x):\n    return library(x, x)"),
    ("ps01", "import coursekit\ndef f(x):\n    return coursekit.OneWayKing(coursekit.Grid(3, 3)).legal_moves"),
    ("ps02", "from coursekit.solvers.tables import outcome_table\ndef f(x):\n    return 1"),
    ("ps03", "import coursekit.solvers.search as s\ndef f(x):\n    return s.bfs is not None"),
    ("ps04", "from coursekit.games import pursuit\ndef f(x):\n    return pursuit.jerry_move is not None"),
    ("ps07", "from coursekit.games.minesweeper import probabilities as p\ndef f(x):\n    return 1"),
    ("ps07", "import coursekit.games.minesweeper.checks as c\ndef f(x):\n    return c.exact_chances is not None"),
    ("ps09", "from coursekit.games.corners import evaluate as e\ndef f(x):\n    return 1"),
    ("ps09", "from coursekit.games.corners.players import evaluate as e\ndef f(x):\n    return 1"),
    ("ps09", "import coursekit.games.corners.source as s\ndef f(x):\n    return s.source_strategy is not None"),
])
def test_every_problem_set_flags_the_library_s_answer_and_not_its_own_set_up(assignment: str, cheat: str) -> None:
    """Each problem set names the course code that holds its answers; the given set-up, run as the student's
    own cell, uses none of it (a flag there would send every notebook to a person)."""
    import importlib
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "assignments"))
    made = importlib.import_module(f"{assignment}.make")
    references = watched(made.ASSIGNMENT.references, made.ASSIGNMENT.given)
    assert references
    with Sandbox([cheat], references=references) as box:
        box.call("f", (1,))
        assert box.used, cheat
    with Sandbox([made.CODE["setup"], "def f(x):\n    return x"], references=references) as box:
        assert box.call("f", (1,)) == 1
        assert box.used == set()


def test_a_copy_of_a_visible_test_cell_run_as_the_student_s_raises_no_flag() -> None:
    """A notebook whose marks were stripped runs its copies of the visible tests as the student's code (see
    coursekit.grading.nbgrader.repair): the checks they call read the reference modules themselves, unnoted."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "assignments"))
    from ps01 import make as make_ps01

    student = "def is_winning(m, n):\n    return m % 2 == 1 or n % 2 == 1"
    copy = ("from coursekit.games.beans.checks import check_is_winning\n"
            "def f(x):\n"
            "    return check_is_winning(is_winning, positions=[(3, 6), (2, 6), (1, 0)]) is not None")
    references = watched(make_ps01.ASSIGNMENT.references, make_ps01.ASSIGNMENT.given)
    with Sandbox([make_ps01.CODE["setup"], student, copy], references=references) as box:
        assert box.call("f", (0,)) is True
        assert box.used == set()
    cheat = "import coursekit.games.pieces.checks as k\ndef f(x):\n    return k.beans.is_winning(1, 1)"
    with Sandbox([cheat], references=references) as box:  # the check can fail
        assert box.call("f", (0,)) is True
        assert box.used >= {"coursekit.games.pieces.checks", "coursekit.games.beans.is_winning",
                            "coursekit.games.beans.rules"}


def test_a_copy_of_ps07_s_visible_test_cell_raises_no_flag() -> None:
    """ps07's visible tests import the checks from the game's folder; the folder's rules, not its checks,
    are the reference, so a copy of them run as the student's code is not noted."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "assignments"))
    from ps07 import make as make_ps07

    student = "def certain(board):\n    return set(), set()"
    copy = ("from coursekit.games.minesweeper.checks import check_certain\n"
            "def f(x):\n"
            "    try:\n"
            "        check_certain(certain, [['###', '121']])\n"
            "    except AssertionError:\n"
            "        return True\n"
            "    return False")
    references = watched(make_ps07.ASSIGNMENT.references, make_ps07.ASSIGNMENT.given)
    with Sandbox([make_ps07.CODE["setup"], student, copy], references=references) as box:
        assert box.call("f", (0,)) is True
        assert box.used == set()
