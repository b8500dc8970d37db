"""What the grader writes into nbgrader's gradebook beyond scores: why a submission needs a person.

A submission that could not be graded in full (the notebook could not be read, nbgrader
stopped on it, an instructor's cell failed in the sandbox, a check itself broke) is never a
silent 0: its grades are marked *needs manual grading* and the reason is written as the
automatic comment of its first graded cell, where formgrader shows it. The export
(:class:`CourseExport`) adds two columns, ``status`` and ``reason``, so the reason reaches the
spreadsheet too.

Configured in the course's ``nbgrader_config.py``::

    c.Autograde.autograde_preprocessors = [..., "nbgrader.preprocessors.SaveAutoGrades",
                                           "coursekit.grading.gradebook.RecordProblems", ...]
    c.ExportApp.plugin_class = "coursekit.grading.gradebook.CourseExport"

This module (and :mod:`coursekit.grading.batch`) import nbgrader; the rest of the package never does.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from typing import Any

from nbconvert.preprocessors import Preprocessor
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.plugins import ExportPlugin
from traitlets import Bool

#: Where the problems of a notebook travel between the grading steps: ``nb.metadata[KEY]["problems"]``.
KEY = "coursekit"
#: How an automatic comment of the grader begins (so that it can be told from a person's).
PREFIX = "Not graded in full: "


def problems_of(nb: Any) -> list[str]:
    """The problems recorded in a notebook's metadata by the grading steps."""
    found = nb.get("metadata", {}).get(KEY, {}).get("problems", [])
    return [str(p) for p in found] if isinstance(found, list) else []


def add_problem(nb: Any, problem: str) -> None:
    """Record ``problem`` in the notebook's metadata (the gradebook gets it after the scores)."""
    nb.metadata.setdefault(KEY, {}).setdefault("problems", []).append(problem)


def mark_needs_manual_grade(db_url: str, assignment: str, notebook: str, student: str, reasons: Sequence[str]) -> None:
    """Mark every grade of ``student``'s ``notebook`` as needing a person, with the reasons as the comment."""
    with Gradebook(db_url) as gradebook:
        gradebook.update_or_create_student(student)
        try:
            gradebook.find_submission_notebook(notebook, assignment, student)
        except MissingEntry:
            gradebook.update_or_create_submission(assignment, student)
        submitted = gradebook.find_submission_notebook(notebook, assignment, student)
        for grade in submitted.grades:
            grade.needs_manual_grade = True
        comments = sorted(submitted.comments, key=lambda c: c.name)
        first = next((c for c in comments if c.cell.name == submitted.grades[0].cell.name), None) \
            if submitted.grades else None
        target = first or (comments[0] if comments else None)
        if target is not None:
            target.auto_comment = PREFIX + " ".join(reasons)
        gradebook.db.commit()


class RecordProblems(Preprocessor):
    """After nbgrader's ``SaveAutoGrades``: a notebook with problems is marked for a person, with why."""

    enabled = Bool(True, help="Whether to record problems in the gradebook.").tag(config=True)

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        problems = problems_of(nb)
        if problems:
            info = resources["nbgrader"]
            self.log.warning("%s needs manual grading: %s", info["student"], " ".join(problems))
            mark_needs_manual_grade(info["db_url"], info["assignment"], info["notebook"], info["student"], problems)
        return nb, resources


def reasons(gradebook: Gradebook, assignment: str, student: str) -> list[str]:
    """The grader's comments on a submission (empty when it was graded in full)."""
    found = []
    submission = gradebook.find_submission(assignment, student)
    for notebook in submission.notebooks:
        for comment in notebook.comments:
            if comment.auto_comment and comment.auto_comment.startswith(PREFIX):
                found.append(f"{notebook.name}: {comment.auto_comment[len(PREFIX):]}")
    return found


class CourseExport(ExportPlugin):  # type: ignore[misc]
    """nbgrader's CSV export with two more columns: ``status`` (graded, needs manual grading, not
    submitted) and ``reason`` (why a person must look)."""

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
                    writer.writerow(self.row(gradebook, assignment, student))

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
            score.update(timestamp=submission.timestamp, raw_score=submission.score,
                         late_submission_penalty=penalty, score=max(0.0, submission.score - penalty),
                         status="needs manual grading" if submission.needs_manual_grade else "graded",
                         reason=" | ".join(why))
        return ["" if score[key] is None else str(score[key]) for key in self.COLUMNS]


__all__ = ["KEY", "PREFIX", "CourseExport", "RecordProblems", "add_problem", "mark_needs_manual_grade",
           "problems_of", "reasons"]
