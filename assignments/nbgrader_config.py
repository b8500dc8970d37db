"""nbgrader configuration of the coursekit course (this folder is the course root).

Run nbgrader from this folder: ``nbgrader generate_assignment ps01``, ``nbgrader autograde
ps01``, ``nbgrader generate_feedback ps01``, ``nbgrader export``. The gradebook is
``gradebook.db`` here (``db_url`` is left unset on purpose: a relative sqlite URL fails).
"""

c = get_config()  # noqa: F821  (nbgrader provides get_config)

c.CourseDirectory.course_id = "coursekit"

# Grading you can trust: the student's cells run in a sandbox (bubblewrap where installed), the
# test cells run in nbgrader's own process and call the student's functions in the sandbox with
# plain data. This replaces nbgrader's Execute step, which ran everything in one kernel.
c.Autograde.sanitize_preprocessors = [
    "nbgrader.preprocessors.ClearOutput",
    "coursekit.grading.nbgrader.repair.RebuildFromRelease",  # each graded cell once, with the release's marks
    "nbgrader.preprocessors.DeduplicateIds",
    "nbgrader.preprocessors.OverwriteKernelspec",
    "nbgrader.preprocessors.OverwriteCells",
    "nbgrader.preprocessors.CheckCellMetadata",
]
c.Autograde.autograde_preprocessors = [
    "coursekit.grading.nbgrader.trusted.TrustedExecute",
    "nbgrader.preprocessors.IgnorePattern",
    "nbconvert.preprocessors.ClearMetadataPreprocessor",
    "nbgrader.preprocessors.LimitOutput",
    "nbgrader.preprocessors.SaveAutoGrades",
    "coursekit.grading.nbgrader.gradebook.RecordProblems",
    "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
]

# The course key (coursekit.grading.secret): the first generate_assignment here makes course.key in
# this folder (readable by you only; never released, never in the sandbox). Hidden test cells draw
# each student's own cases from it. Back it up: without it, a regrade draws other cases.
c.GenerateAssignment.preprocessors = [
    "coursekit.grading.secret.CreateCourseKey",
    "nbgrader.preprocessors.IncludeHeaderFooter",
    "nbgrader.preprocessors.InstantiateTests",
    "nbgrader.preprocessors.LockCells",
    "nbgrader.preprocessors.ClearSolutions",
    "nbgrader.preprocessors.ClearOutput",
    "nbgrader.preprocessors.CheckCellMetadata",
    "nbgrader.preprocessors.ComputeChecksums",
    "nbgrader.preprocessors.SaveCells",
    "nbgrader.preprocessors.ClearHiddenTests",
    "nbgrader.preprocessors.ClearMarkScheme",
    "nbgrader.preprocessors.ComputeChecksums",
    "nbgrader.preprocessors.CheckCellMetadata",
]

# A submission that could not be graded in full is marked "needs manual grading" with the reason
# (RecordProblems, above), and the export says so in two more columns: status and reason. A cell
# that a spreadsheet would run as a formula (a student id or name starting with =, +, -, @) is
# written as text, with a leading apostrophe.
c.ExportApp.plugin_class = "coursekit.grading.nbgrader.gradebook.CourseExport"

# formgrader shows what coursekit grade graded: the copy in intake/<student>/<assignment>/, with the
# submission's time that grading used (a notebook collected by hand has no timestamp.txt in submitted/,
# and formgrader would call every such submission "needs autograding"). Only formgrader reads it there:
# nbgrader collect and the other commands keep submitted/, and so does formgrader's Collect button.
c.FormgradeExtension.CourseDirectory.submitted_directory = "intake"
c.FormgradeExtension.NbGraderAPI.ExchangeFactory.collect = "coursekit.grading.nbgrader.formgrader.CollectToSubmitted"

# Time: the checks in coursekit.grading stop each slow call after 1-2 s with a message; these
# limits are the backstop for code that loops outside them. Each looping cell costs this many
# seconds of grading.
c.TrustedExecute.cell_timeout = 20
c.TrustedExecute.call_timeout = 10.0
c.TrustedExecute.memory_mb = 1024

# A test cell deleted by a student is put back (and run) instead of silently scoring 0.
c.OverwriteCells.add_missing_cells = True

# Output kept in the graded notebook and the feedback (counted in lines).
c.LimitOutput.max_lines = 200
c.LimitOutput.max_traceback = 60

# Feedback without hidden tests: their source is removed, and errors in test cells are cut
# to their last line, the teaching message (a full traceback would quote the hidden source).
# The student's HTML (Markdown cells, raw cells, rich outputs) is cleaned with nh3, outputs that
# carry code and widget state are left out (SafeOutputs here, SafeHTMLExporter below).
c.GenerateFeedback.preprocessors = [
    "nbgrader.preprocessors.GetGrades",
    "nbgrader.preprocessors.ClearHiddenTests",
    "coursekit.grading.nbgrader.feedback.ShortTracebacks",
    "coursekit.grading.nbgrader.feedback.SafeOutputs",
    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
]


# The feedback page loads nothing from another host: nbgrader's feedback template asks for
# MathJax from a CDN (the feedback needs no mathematics rendered). This template is nbgrader's
# without it, with spacing in its tables and long messages wrapped. It lives here, in the
# configuration, so that a course folder needs no other file.
import jinja2  # noqa: E402

from coursekit.grading.nbgrader.feedback import SafeHTMLExporter  # noqa: E402

FEEDBACK_TEMPLATE = """{%- extends 'index.html.j2' -%}  {#- nbgrader's feedback template -#}
{%- block header -%}
{%- set cdn = '<script src="https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.7/latest.js'
             ~ '?config=TeX-AMS_CHTML-full,Safe"> </script>' -%}
{%- set readable -%}
<style type="text/css">
/* coursekit: spacing in tables, long lines wrapped instead of cut off */
table { border-collapse: collapse; margin: 0.6em 0; }
th, td { padding: 0.35em 0.8em; border: 1px solid #ddd; vertical-align: top; }
pre, code { white-space: pre-wrap; overflow-wrap: anywhere; word-break: normal; }
div.output_subarea, div.input_area, div.text_cell_render { max-width: 100%; overflow-x: auto; }
img, svg { max-width: 100%; height: auto; }
</style>
</head>
{%- endset -%}
{{ super() | replace(cdn, '<!-- no MathJax: this page loads nothing from another host -->')
            | replace('</head>', readable) }}
{%- endblock header -%}
"""


class OfflineFeedbackExporter(SafeHTMLExporter):
    """nbgrader's feedback exporter with the template above, each Markdown cell cleaned (nh3)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, extra_loaders=[jinja2.DictLoader({"coursekit_feedback.html.j2": FEEDBACK_TEMPLATE})],
                         **kwargs)
        self.template_file = "coursekit_feedback.html.j2"


c.GenerateFeedback.exporter_class = OfflineFeedbackExporter

# nbgrader release_feedback releases the page of each submission that came through the exchange (it
# has the exchange's submission_secret.txt) and names the students whose work was collected another
# way (by hand), instead of stopping at the first of them: send those their pages with
# `coursekit feedback psNN --out DIR` (a folder, or with --zip a zip, per student).
c.ExchangeFactory.release_feedback = "coursekit.grading.nbgrader.delivery.ReleaseFeedback"
