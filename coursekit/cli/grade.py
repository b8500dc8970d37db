"""``coursekit grade psNN``: grade every submission of an assignment, each in a sandbox.

    coursekit grade ps01 [--student S ...] [--jobs N] [--force] [--course DIR]

Run it in the course folder (the one with ``nbgrader_config.py``) or name it with ``--course``.
It prints how submissions are isolated on this machine, a progress bar, and a table: each
student's score, for a submission that needs a person, why, and what intake left out (files
other than the release's notebooks, a ``timestamp.txt`` it did not believe). What comes from a
student (ids, file names, messages) is printed as text: a control character is shown as an
escape (``\x1b``), never sent to the terminal. A student id that is not a plain name (letters,
digits and ``._-@``) is not graded, and the table says why. What is graded is
the copy intake writes to the course's ``intake/`` folder, never ``submitted/`` itself.

Run again, it grades each submission whose notebooks changed since it was graded (and any never
graded) and keeps the others as they were graded, their grades and records untouched; the table's
last line counts what was graded, kept and refused (``13 submissions: 1 graded, 12 kept``).
``--force`` grades every submission again.

If this machine cannot start a sandbox (bubblewrap installed but failing), it grades nobody and
stops with one line and exit status 2 that says so and how to check it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ._args import Context, Groups, UsageError


def register(groups: Groups) -> None:
    """Add ``grade``."""
    grade = groups.commands.add_parser("grade", help="grade an assignment's submissions (instructors)")
    grade.add_argument("assignment", help="the assignment, as in source/ (for example ps01)")
    grade.add_argument("--student", action="append", default=[], help="grade only this student (repeatable)")
    grade.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                       help="submissions graded at the same time (default: the number of cores)")
    grade.add_argument("--force", action="store_true",
                       help="grade every submission again, even those unchanged since they were graded")
    grade.add_argument("--course", type=Path, default=Path("."), help="the course folder (default: here)")
    grade.set_defaults(run=run_grade)


def run_grade(args: argparse.Namespace, context: Context) -> str:
    """Grade, showing progress on standard error; the table is what the command prints."""
    from ..core.shown import terminal
    from ..grading.nbgrader.batch import Course, CourseError, Result, grade, isolation, report
    from .progress import bar

    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {args.jobs}")
    # nbgrader starts alembic (beside this Python) to create a gradebook: without an activated
    # environment it would not be found.
    here = str(Path(sys.executable).parent)
    if here not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = here + os.pathsep + os.environ.get("PATH", "")
    try:
        course = Course.at(args.course)
        print(f"Isolation: {isolation()}", file=sys.stderr)
        live = sys.stderr.isatty()

        def progress(done: int, total: int, result: Result) -> None:
            if live:
                print(f"\r{bar(done, total)} {terminal(result.student):<20}", end="" if done < total else "\n",
                      file=sys.stderr, flush=True)
            else:
                print(f"{bar(done, total)} {result.line()}", file=sys.stderr, flush=True)

        results = grade(course, args.assignment, args.student, jobs=args.jobs, force=args.force, progress=progress,
                        say=lambda line: print(line, file=sys.stderr, flush=True))
    except CourseError as error:
        raise UsageError(str(error)) from None
    return report(results)
