"""nbgrader's formgrader on a course graded by ``coursekit grade``.

formgrader calls a submission *autograded* when the gradebook's time of it is the time in its
folder's ``timestamp.txt``. ``coursekit grade`` grades the copy that intake writes to
``intake/<student>/<assignment>/``, with the submission's time there, and never ``submitted/``
(a notebook collected by hand has no ``timestamp.txt`` at all): read from ``submitted/``,
formgrader listed every such submission as "needs autograding", with no score and no time.
The course's configuration points formgrader's course folder, and only formgrader's, at the
graded copies::

    c.FormgradeExtension.CourseDirectory.submitted_directory = "intake"
    c.FormgradeExtension.NbGraderAPI.ExchangeFactory.collect = (
        "coursekit.grading.nbgrader.formgrader.CollectToSubmitted")

and its *Collect* button still collects into ``submitted/``, as ``nbgrader collect`` does
(:class:`CollectToSubmitted`), where ``coursekit grade`` reads the work.
"""

from __future__ import annotations

from nbgrader.exchange.default.collect import ExchangeCollect
from nbgrader.utils import temp_attrs

#: Where the work is collected to and ``coursekit grade`` reads it (nbgrader's default ``submitted_directory``).
SUBMITTED = "submitted"


class CollectToSubmitted(ExchangeCollect):  # type: ignore[misc]
    """nbgrader's collect from the exchange, into ``submitted/`` whatever folder formgrader reads submissions from."""

    def copy_files(self) -> None:
        with temp_attrs(self.coursedir, submitted_directory=SUBMITTED):
            super().copy_files()


__all__ = ["SUBMITTED", "CollectToSubmitted"]
