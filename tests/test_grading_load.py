"""A ps09 notebook gets the same grade beside six busy processes as it gets in the course's own run.

Real ``coursekit grade`` and real nbgrader (:func:`nbgrader_course.run_course`) grade two of ps09's known
students (``known_submissions.py``) with six processes that burn CPU (three a core on two cores) beside
the grading (``coursekit grade``), killed afterwards whatever happens. No other test runs beside that
busy part (``alone``, in ``conftest.py``), so that no other test's clock runs on a starved machine; the
release, feedback and export around it run quietly, beside the other tests. Each test cell must score
exactly what the known student expects, the score the same notebook gets in
``test_assignments_nbgrader.py``'s run of ps09, where no process burns CPU on purpose: the grade does
not move with the machine's load.

- ``legal_moves_caller``: the reference's evaluation, with a call of ``rules.legal_moves`` (about
  0.05 ms a call in a notebook, cheap only while the rules keep their caches from call to call); it
  must get full marks.
- ``slow``: the reference's evaluation computed 1,000 times a call (the budget is 22 times the course's
  evaluation) must lose every game on time, with a message that gives the calls, the CPU time per call
  and the budget (it runs out in the first moves, so that no game is decided by where it ran out;
  ``test_grading_ps09.py`` plays the course's evaluation 100 times over in the grader's process).
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
from known_submissions import ps09_students, slow_feedback
from nbgrader_course import Source, check_scores, run_course

#: Processes that burn CPU beside the grading: three a core on this two-core machine.
BURNERS = 6
#: The known students of ps09 graded here (both are also in the course's own run of ps09).
GRADED = ("legal_moves_caller", "slow")


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


@pytest.mark.slow
def test_a_notebook_gets_its_known_grade_beside_six_busy_processes(
        tmp_path: Path, alone: Callable[[], AbstractContextManager[None]]) -> None:
    if (os.cpu_count() or 1) > 4:
        pytest.skip("six busy processes make three a core only on a machine of two cores")
    source = Source("ps09")
    students = {name: student for name, student in ps09_students(source).items() if name in GRADED}
    assert set(students) == set(GRADED)

    @contextmanager
    def alone_and_busy() -> Iterator[None]:
        with alone(), busy():
            yield

    run = run_course(source, students, tmp_path, grading=alone_and_busy)  # the burners beside the grading alone
    print(f"\nps09, {len(students)} submissions graded in {run.seconds['autograde']:.0f} s beside {BURNERS} busy"
          " processes")
    for name in students:
        check_scores(run, name)
    assert sum(run.scores["legal_moves_caller"].values()) == 20.0
    slow_feedback(run.feedback("slow"))
