"""``coursekit feedback psNN --out DIR``: each student's feedback page, in a folder (or a zip) of their own.

    coursekit feedback ps01 --out DIR [--zip] [--course DIR]

Run it after ``nbgrader generate_feedback psNN``, in the course folder or naming it with
``--course``. For each student with a page in ``feedback/<student>/psNN/`` it writes
``DIR/<student>/psNN/psNN.html`` (with ``--zip``: ``DIR/<student>-psNN.zip``), holding that student's
pages and nothing else, ready to send by mail or the course platform; a student's earlier folder or
zip there is replaced. It names the students who handed work in but have no page (a submission that
could not be graded has none). On a hub, ``nbgrader release_feedback psNN`` releases the pages of
work submitted through the exchange and names the others: send theirs this way.

A folder that is not a course, or an assignment that is not in it: one line and exit status 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ._args import Context, Groups, UsageError


def register(groups: Groups) -> None:
    """Add ``feedback``."""
    feedback = groups.commands.add_parser(
        "feedback", help="put each student's feedback page in a folder or zip of their own, to send (instructors)")
    feedback.add_argument("assignment", help="the assignment, as in source/ (for example ps01)")
    feedback.add_argument("--out", type=Path, required=True, help="the folder to write the students' folders to")
    feedback.add_argument("--zip", action="store_true", help="a zip per student instead of a folder")
    feedback.add_argument("--course", type=Path, default=Path("."), help="the course folder (default: here)")
    feedback.set_defaults(run=run_feedback)


def run_feedback(args: argparse.Namespace, context: Context) -> str:
    """Write the students' folders or zips; the summary is what the command prints."""
    from ..grading.nbgrader.batch import Course, CourseError
    from ..grading.nbgrader.delivery import write_folders

    try:
        course = Course.at(args.course)
        course.notebooks(args.assignment)  # the assignment is in source/
        submitted = course.students(args.assignment)
    except CourseError as error:
        raise UsageError(str(error)) from None
    out = args.out.resolve()
    used = ("source", "release", "submitted", "autograded", "feedback", "intake")
    if out == course.root or (course.root in out.parents and out.parts[len(course.root.parts)] in used):
        raise UsageError(f"--out {args.out} is a folder nbgrader uses: choose another one")
    try:
        sent = write_folders(course.root, args.assignment, out, zipped=args.zip, submitted=submitted)
    except OSError as error:
        raise UsageError(f"cannot write to {args.out}: {error.strerror or error}") from None
    return sent.summary(args.assignment)
