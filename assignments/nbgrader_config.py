"""nbgrader configuration of the coursekit course (this folder is the course root).

Run nbgrader from this folder: ``nbgrader generate_assignment ps01``, ``nbgrader autograde
ps01``, ``nbgrader generate_feedback ps01``, ``nbgrader export``. The gradebook is
``gradebook.db`` here (``db_url`` is left unset on purpose: a relative sqlite URL fails).
"""

c = get_config()  # noqa: F821  (nbgrader provides get_config)

c.CourseDirectory.course_id = "coursekit"

# Time: the checks in coursekit.grading stop each slow call after 1-2 s with a message; this
# per-cell limit is the backstop for code that loops outside them. Each looping cell costs
# this many seconds of grading.
c.Execute.timeout = 20
c.Execute.interrupt_on_timeout = True

# A test cell deleted by a student is put back (and run) instead of silently scoring 0.
c.OverwriteCells.add_missing_cells = True

# Output kept in the graded notebook and the feedback (counted in lines).
c.LimitOutput.max_lines = 200
c.LimitOutput.max_traceback = 60

# Feedback without hidden tests: their source is removed, and errors in test cells are cut
# to their last line, the teaching message (a full traceback would quote the hidden source).
c.GenerateFeedback.preprocessors = [
    "nbgrader.preprocessors.GetGrades",
    "nbgrader.preprocessors.ClearHiddenTests",
    "coursekit.grading.feedback.ShortTracebacks",
    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
]
