"""``coursekit report psNN``: one HTML page about a graded assignment, for the instructor.

    coursekit report ps01 [--course DIR] [--out FILE] [--threshold X]

Run it after ``coursekit grade psNN``, in the course folder or naming it with ``--course``. The
page (default ``reports/<assignment>.html`` in the course) shows the score distribution, the pass
rate of every test cell, the mistakes the judges named (most common first, one example each),
each submission's grading time, the submissions flagged for review, and the pairs of similar
solutions (copydetect, the released notebook's code left out) at ``--threshold`` or more: a flag
for a person to look at, not a verdict. It loads nothing from another host. Its cost is bounded per
student and per pair: only the first 20,000 characters of each solution are compared, and of each
judge's message the first 10,000 (see :mod:`coursekit.grading.nbgrader.report`).

An unknown assignment, a folder that is not a course, or an assignment never graded: one line and
exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ._args import Context, Groups, UsageError


def share(text: str) -> float:
    """An argument type: a similarity above 0, at most 1.

    >>> share("0.7")
    0.7
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a similarity from 0 to 1, got {text!r}") from None
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"expected a similarity above 0 and at most 1, got {text}")
    return value


def register(groups: Groups) -> None:
    """Add ``report``."""
    report = groups.commands.add_parser("report", help="write the class report of a graded assignment (instructors)")
    report.add_argument("assignment", help="the assignment, as in source/ (for example ps01)")
    report.add_argument("--course", type=Path, default=Path("."), help="the course folder (default: here)")
    report.add_argument("--out", type=Path, default=None,
                        help="the HTML file to write (default: reports/<assignment>.html in the course)")
    report.add_argument("--threshold", type=share, default=0.6,  # report.THRESHOLD (not imported: it needs nbgrader)
                        help="list pairs of solutions at least this similar, from 0 to 1 (default 0.6)")
    report.set_defaults(run=run_report)


def run_report(args: argparse.Namespace, context: Context) -> str:
    """Read the graded assignment, write the page; progress on standard error, a summary printed."""
    from ..core.shown import terminal
    from ..grading.nbgrader.batch import Course, CourseError
    from ..grading.nbgrader.report import collect, summary
    from ..grading.nbgrader.report_page import page
    from .progress import bar

    live = sys.stderr.isatty()

    def progress(step: str, done: int, total: int) -> None:
        if live:
            print(f"\r{step:<10} {bar(done, total)}", end="" if done < total else "\n", file=sys.stderr, flush=True)
        elif done == total:
            print(f"{step:<10} {bar(done, total)}", file=sys.stderr, flush=True)

    try:
        course = Course.at(args.course)
        found = collect(course, args.assignment, threshold=args.threshold, progress=progress)
    except CourseError as error:
        raise UsageError(str(error)) from None
    out = args.out or course.root / "reports" / f"{args.assignment}.html"
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(page(found), encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write {out}: {error.strerror or error}") from None
    return f"{summary(found)}\nwritten to {terminal(out)}"
