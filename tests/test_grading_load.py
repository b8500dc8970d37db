"""The same ps09 notebook gets the same grade on a quiet machine and beside six busy processes.

Real ``coursekit grade`` and real nbgrader (:func:`nbgrader_course.run_course`), twice: once on
a quiet machine, once with six processes that burn CPU (three a core on two cores) beside its grading
(``coursekit grade``; the release, feedback and export around it run quietly), killed afterwards whatever
happens. The honest evaluation costs about 0.05 ms a call in a notebook and asks
``rules.legal_moves`` (cheap only while the rules keep their caches from call to call);
it must get full marks both times. An evaluation 100 times as slow as the course's (the budget is 15
times) must lose every game on time both times, with a message that gives the calls, the CPU time per
call and the budget (100 times makes it run out in the first moves, so that no game is decided by where
it ran out; ``test_grading_ps09.py`` plays the same in the grader's process).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest
from nbgrader_course import Source, Student, run_course

from coursekit.games.corners.checks import BUDGET_TIMES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "assignments"))
from ps09 import make as make_ps09

#: The reference's evaluation, with a call of ``rules.legal_moves`` (about 0.05 ms a call in a notebook).
HONEST = make_ps09.CODE["evaluate"].replace(
    "    me = state.turn\n",
    "    me = state.turn\n    moves = rules.legal_moves(state)  # cheap while the rules keep their caches\n"
    "    if not moves:\n        return 0\n")

#: The course's evaluation, a hundred times over: far over the budget of 15 x the course's evaluation.
SLOW = '''\
from coursekit.games.corners import evaluate as course_evaluate


def evaluate(rules, state):
    """The course's evaluation, computed a hundred times."""
    value = 0.0
    for _ in range(100):
        value = course_evaluate(rules, state)
    return value
'''

#: Processes that burn CPU beside the second grading: three a core on this two-core machine.
BURNERS = 6

E_HIDDEN = ("test_games_e_hidden_1", "test_games_e_hidden_2")
COURSE_HIDDEN = ("test_games_course_hidden_1", "test_games_course_hidden_2")
GAMES = ("test_games_e_visible", "test_games_course_visible", *E_HIDDEN, *COURSE_HIDDEN)
STUDENTS = {
    "honest": Student({"evaluate": HONEST}),
    "slow": Student({"evaluate": SLOW}, zero=GAMES),
}


@contextmanager
def busy() -> Iterator[list[subprocess.Popen[bytes]]]:
    """:data:`BURNERS` processes that burn CPU until they are killed (at the end, whatever happens)."""
    burners: list[subprocess.Popen[bytes]] = []
    try:
        for _ in range(BURNERS):
            burners.append(subprocess.Popen([sys.executable, "-c", "while True:\n    pass"]))
        time.sleep(1.0)
        yield burners
    finally:
        for burner in burners:
            burner.kill()
        for burner in burners:
            burner.wait()


def _grade(tmp: Path, grading: Callable[[], AbstractContextManager[object]] | None = None,
           ) -> tuple[dict[str, dict[str, float]], dict[str, str], float]:
    """The scores and feedback of :data:`STUDENTS`, and the seconds of their grading (``grading`` around it)."""
    tmp.mkdir()
    run = run_course(Source("ps09"), STUDENTS, tmp, grading=grading)
    return run.scores, {name: run.feedback(name) for name in STUDENTS}, run.seconds["autograde"]


def _check(scores: dict[str, dict[str, float]], feedback: dict[str, str]) -> None:
    assert sum(scores["honest"].values()) == 20.0, scores["honest"]
    assert all(scores["slow"][test] == 0.0 for test in GAMES), scores["slow"]
    slow = feedback["slow"]
    assert "Your player ran out of time before your move" in slow
    assert "evaluate was called" in slow and "ms a call; the budget is" in slow
    assert f"({BUDGET_TIMES} x the course's evaluation, measured at" in slow


@pytest.mark.slow
@pytest.mark.whole_machine  # quiet means quiet: no other test runs beside this one (tests/conftest.py)
def test_the_same_notebook_gets_the_same_grade_on_a_quiet_and_a_busy_machine(tmp_path: Path) -> None:
    if (os.cpu_count() or 1) > 4:
        pytest.skip("six busy processes make three a core only on a machine of two cores")
    quiet_scores, quiet_feedback, quiet_seconds = _grade(tmp_path / "quiet")
    _check(quiet_scores, quiet_feedback)
    busy_scores, busy_feedback, busy_seconds = _grade(tmp_path / "busy", grading=busy)  # burners beside the grading
    print(f"\nps09, 2 submissions graded in {quiet_seconds:.0f} s quiet, {busy_seconds:.0f} s beside {BURNERS} busy"
          " processes")
    _check(busy_scores, busy_feedback)
    assert busy_scores == quiet_scores
