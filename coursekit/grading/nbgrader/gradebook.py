"""What the grader writes into nbgrader's gradebook beyond scores: why a submission needs a person.

A submission that could not be graded in full (the notebook could not be read, nbgrader
stopped on it, an instructor's cell failed in the sandbox, a check itself broke) is never a
silent 0: its grades are marked *needs manual grading* and the reason is written as the
automatic comment of its first graded cell, where formgrader shows it. The export
(:class:`CourseExport`) adds two columns, ``status`` and ``reason``, so the reason reaches the
spreadsheet too; every cell of it is shown as text there (:func:`coursekit.core.shown.csv_cell`: a
student id, a name or a reason that starts like a formula gets a leading apostrophe).

A submission that used a course module holding the reference answer
(:mod:`coursekit.grading.review`) keeps its score and gets the status *needs review*: the
grader writes the module into an automatic comment of its own (``Needs review: ...``), so
that formgrader, ``coursekit grade``'s table and every later export show it, and flags the
grade of that comment's cell with nbgrader's own *needs manual grading*, so that formgrader's
lists show the submission as waiting for a person (a person who gives that cell a score there
clears the flag; the score stays the grader's until then). The flag is on the grade of the
comment's cell, or on the first grade when that cell has none (a solution cell).

Configured in the course's ``nbgrader_config.py``::

    c.Autograde.autograde_preprocessors = [..., "nbgrader.preprocessors.SaveAutoGrades",
                                           "coursekit.grading.nbgrader.gradebook.RecordProblems", ...]
    c.ExportApp.plugin_class = "coursekit.grading.nbgrader.gradebook.CourseExport"

This module (and :mod:`coursekit.grading.nbgrader.batch`) import nbgrader; the rest of the package never does.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from typing import Any

from nbconvert.preprocessors import Preprocessor
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.plugins import ExportPlugin
from traitlets import Bool

from ...core.shown import csv_row, terminal

#: Where the problems of a notebook travel between the grading steps: ``nb.metadata[KEY]["problems"]``.
KEY = "coursekit"
#: How an automatic comment of the grader begins (so that it can be told from a person's).
PREFIX = "Not graded in full: "
#: How the grader's note that a person should review a graded submission begins (one line of
#: the same automatic comment).
REVIEW_PREFIX = "Needs review: "


def problems_of(nb: Any) -> list[str]:
    """The problems recorded in a notebook's metadata by the grading steps."""
    found = nb.get("metadata", {}).get(KEY, {}).get("problems", [])
    return [str(p) for p in found] if isinstance(found, list) else []


def add_problem(nb: Any, problem: str) -> None:
    """Record ``problem`` in the notebook's metadata (the gradebook gets it after the scores)."""
    nb.metadata.setdefault(KEY, {}).setdefault("problems", []).append(problem)


def reviews_of(nb: Any) -> list[str]:
    """Why a person should review a notebook that was graded (the grading steps' notes)."""
    found = nb.get("metadata", {}).get(KEY, {}).get("reviews", [])
    return [str(r) for r in found] if isinstance(found, list) else []


def add_review(nb: Any, note: str) -> None:
    """Record that a person should review the notebook (its score stays; see the module)."""
    nb.metadata.setdefault(KEY, {}).setdefault("reviews", []).append(note)


def with_note(comment: str | None, prefix: str, text: str) -> str:
    """An automatic comment with the grader's line ``prefix + text`` (replacing any line of that
    prefix), keeping the grader's lines of the other prefix and nothing else.

    >>> with_note("No response.", PREFIX, "a cell failed.")
    'Not graded in full: a cell failed.'
    >>> with_note("Not graded in full: a cell failed.", REVIEW_PREFIX, "uses m.").splitlines()
    ['Not graded in full: a cell failed.', 'Needs review: uses m.']
    """
    lines = [line for line in (comment or "").splitlines()
             if line.startswith((PREFIX, REVIEW_PREFIX)) and not line.startswith(prefix)]
    lines.append(prefix + text.replace("\r", " ").replace("\n", " "))
    return "\n".join(sorted(lines, key=lambda line: not line.startswith(PREFIX)))


def _write_note(db_url: str, assignment: str, notebook: str, student: str, prefix: str, text: str, *,
                manual: bool) -> None:
    """Write the grader's line into the submission's first comment (with ``manual``: every grade needs a person;
    without: one grade, that comment's cell's or else the first, so that formgrader lists the submission as waiting
    for a person)."""
    with Gradebook(db_url) as gradebook:
        gradebook.update_or_create_student(student)
        try:
            gradebook.find_submission_notebook(notebook, assignment, student)
        except MissingEntry:
            gradebook.update_or_create_submission(assignment, student)
        submitted = gradebook.find_submission_notebook(notebook, assignment, student)
        if manual:
            for grade in submitted.grades:
                grade.needs_manual_grade = True
        comments = sorted(submitted.comments, key=lambda c: c.name)
        first = next((c for c in comments if c.cell.name == submitted.grades[0].cell.name), None) \
            if submitted.grades else None
        target = first or (comments[0] if comments else None)
        if target is not None:
            target.auto_comment = with_note(target.auto_comment, prefix, text)
        if not manual and submitted.grades:
            same = [grade for grade in submitted.grades if target is not None and grade.cell.name == target.cell.name]
            (same or submitted.grades)[0].needs_manual_grade = True
        gradebook.db.commit()


def mark_needs_manual_grade(db_url: str, assignment: str, notebook: str, student: str, reasons: Sequence[str]) -> None:
    """Mark every grade of ``student``'s ``notebook`` as needing a person, with the reasons as the comment."""
    _write_note(db_url, assignment, notebook, student, PREFIX, " ".join(reasons), manual=True)


def mark_for_review(db_url: str, assignment: str, notebook: str, student: str, notes: Sequence[str]) -> None:
    """Note on ``student``'s ``notebook`` why a person should review it; its grades stay as they are."""
    _write_note(db_url, assignment, notebook, student, REVIEW_PREFIX, " ".join(notes), manual=False)


class RecordProblems(Preprocessor):
    """After nbgrader's ``SaveAutoGrades``: a notebook with problems is marked for a person, with why;
    a notebook to review (the reference's module used) gets its note, and keeps its score."""

    enabled = Bool(True, help="Whether to record problems in the gradebook.").tag(config=True)

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        info = resources["nbgrader"]
        problems = problems_of(nb)
        if problems:
            self.log.warning("%s needs manual grading: %s", terminal(info["student"]), terminal(" ".join(problems)))
            mark_needs_manual_grade(info["db_url"], info["assignment"], info["notebook"], info["student"], problems)
        notes = reviews_of(nb)
        if notes:
            self.log.warning("%s needs review: %s", terminal(info["student"]), terminal(" ".join(notes)))
            mark_for_review(info["db_url"], info["assignment"], info["notebook"], info["student"], notes)
        return nb, resources


def _notes(gradebook: Gradebook, assignment: str, student: str, prefix: str) -> list[str]:
    found = []
    submission = gradebook.find_submission(assignment, student)
    for notebook in submission.notebooks:
        for comment in notebook.comments:
            for line in (comment.auto_comment or "").splitlines():
                if line.startswith(prefix):
                    found.append(f"{notebook.name}: {line[len(prefix):]}")
    return found


def reasons(gradebook: Gradebook, assignment: str, student: str) -> list[str]:
    """The grader's comments on a submission (empty when it was graded in full)."""
    return _notes(gradebook, assignment, student, PREFIX)


def reviews(gradebook: Gradebook, assignment: str, student: str) -> list[str]:
    """Why a person should review a submission that was graded (empty when nothing was flagged)."""
    return _notes(gradebook, assignment, student, REVIEW_PREFIX)


def status(needs_manual_grade: bool, flagged: Sequence[str], why: Sequence[str] | None = None) -> str:
    """``"needs manual grading"``, ``"needs review"`` (graded, but flagged) or ``"graded"``.

    ``why``: the grader's reasons (:func:`reasons`), when known. A submission flagged for review carries
    nbgrader's *needs manual grading* on one grade (see the module); with its reasons known, it is
    *needs review* unless it could not be graded in full.

    >>> status(False, ["ps05: the solution uses m."]), status(True, []), status(False, [])
    ('needs review', 'needs manual grading', 'graded')
    >>> status(True, ["ps05: the solution uses m."], why=[]), status(True, ["ps05: uses m."], why=["ps05: no cells."])
    ('needs review', 'needs manual grading')
    """
    if why:
        return "needs manual grading"
    if needs_manual_grade and (why is None or not flagged):
        return "needs manual grading"
    return "needs review" if flagged else "graded"


class CourseExport(ExportPlugin):  # type: ignore[misc]
    """nbgrader's CSV export with two more columns: ``status`` (graded, needs review, needs manual
    grading, not submitted) and ``reason`` (why a person must look); a cell that a spreadsheet would
    run as a formula (a student id or name from ``=``, ``+``, ``-``, ``@``) is written as text."""

    COLUMNS = ("assignment", "duedate", "timestamp", "student_id", "last_name", "first_name", "email",
               "raw_score", "late_submission_penalty", "score", "max_score", "status", "reason")

    def export(self, gradebook: Gradebook) -> None:
        destination = self.to or "grades.csv"
        wanted_assignments = {str(a) for a in self.assignment}
        wanted_students = {str(s) for s in self.student}
        self.log.info("Exporting grades to %s", destination)
        with open(destination, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(self.COLUMNS)
            for assignment in gradebook.assignments:
                if wanted_assignments and assignment.name not in wanted_assignments:
                    continue
                for student in gradebook.students:
                    if wanted_students and student.id not in wanted_students:
                        continue
                    writer.writerow(csv_row(self.row(gradebook, assignment, student)))

    def row(self, gradebook: Gradebook, assignment: Any, student: Any) -> list[str]:
        score: dict[str, Any] = {"assignment": assignment.name, "duedate": assignment.duedate,
                                 "student_id": student.id, "last_name": student.last_name,
                                 "first_name": student.first_name, "email": student.email,
                                 "max_score": assignment.max_score}
        try:
            submission = gradebook.find_submission(assignment.name, student.id)
        except MissingEntry:
            score.update(timestamp="", raw_score=0.0, late_submission_penalty=0.0, score=0.0,
                         status="not submitted", reason="")
        else:
            penalty = submission.late_submission_penalty or 0.0
            why = reasons(gradebook, assignment.name, student.id)
            flagged = reviews(gradebook, assignment.name, student.id)
            score.update(timestamp=submission.timestamp, raw_score=submission.score,
                         late_submission_penalty=penalty, score=max(0.0, submission.score - penalty),
                         status=status(submission.needs_manual_grade, flagged, why),
                         reason=" | ".join([*why, *flagged]))
        return ["" if score[key] is None else str(score[key]) for key in self.COLUMNS]


__all__ = ["KEY", "PREFIX", "REVIEW_PREFIX", "CourseExport", "RecordProblems", "add_problem", "add_review",
           "mark_for_review", "mark_needs_manual_grade", "problems_of", "reasons", "reviews", "reviews_of", "status",
           "with_note"]
