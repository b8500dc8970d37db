"""Feedback that reaches each student, however their work was collected.

``nbgrader generate_feedback psNN`` writes each student's page to ``feedback/<student>/psNN/``.
Two ways take it from there:

- **nbgrader's exchange** (a class on JupyterHub): ``nbgrader release_feedback psNN`` names each
  page in the exchange by a hash of the submission's secret (``submission_secret.txt``, which
  ``nbgrader submit`` gave the submission and only the student holds), and the student fetches it
  with ``nbgrader fetch_feedback``. Work collected by hand has no secret, and nbgrader's own
  command stopped at the first such student (``FileNotFoundError``), releasing nobody's after it.
  :class:`ReleaseFeedback`, configured in the course's ``nbgrader_config.py``
  (``c.ExchangeFactory.release_feedback``), releases every page that has a secret and names the
  students whose work came by another way, whose pages no one could fetch from the exchange;
  formgrader's *release feedback* buttons use it too.
- **a folder or a zip per student** (a class without a hub, or the work that came by mail):
  :func:`write_folders` (``coursekit feedback psNN --out DIR [--zip]``) copies each student's pages,
  and only them, to ``DIR/<student>/psNN/`` or into ``DIR/<student>-psNN.zip``, ready to send.

This module imports nbgrader (the exchange's classes); :mod:`.feedback` never does.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import stat
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from nbgrader.exchange.default.release_feedback import ExchangeReleaseFeedback

from ..intake import SECRET, plain_name

#: The folder nbgrader's ``generate_feedback`` writes the pages to, in the course.
FEEDBACK = "feedback"


@dataclass
class Sent:
    """What :func:`write_folders` wrote: each student's folder or zip, and who has no page."""

    written: dict[str, Path] = field(default_factory=dict)
    #: students with a submission (``submitted/``) but no feedback page
    missing: list[str] = field(default_factory=list)

    def summary(self, assignment: str) -> str:
        """Lines for the terminal: how many were written where, and who has no page.

        >>> print(Sent({"ann": Path("out/ann")}, ["cat"]).summary("ps01"))  # doctest: +NORMALIZE_WHITESPACE
        1 feedback folder of ps01 written (out/ann)
        no feedback page for: cat (a submission that could not be graded has none;
        or run nbgrader generate_feedback ps01)
        """
        from ...core.shown import terminal

        kind = "zip" if any(path.suffix == ".zip" for path in self.written.values()) else "folder"
        places = ", ".join(terminal(str(path)) for _, path in sorted(self.written.items())[:3])
        more = f", and {len(self.written) - 3} more" if len(self.written) > 3 else ""
        lines = [f"{len(self.written)} feedback {kind}{'s' if len(self.written) != 1 else ''} of {assignment} written"
                 + (f" ({places}{more})" if self.written else "")]
        if self.missing:
            lines.append(f"no feedback page for: {', '.join(terminal(s) for s in self.missing)} (a submission that "
                         f"could not be graded has none; or run nbgrader generate_feedback {assignment})")
        return "\n".join(lines)


def pages(root: Path, assignment: str, student: str) -> list[Path]:
    """``student``'s feedback pages of ``assignment`` (regular files ``*.html``, never a link), by name."""
    folder = root / FEEDBACK / student / assignment
    try:
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return []
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [folder / name for name in names
            if name.endswith(".html") and stat.S_ISREG(os.lstat(folder / name).st_mode)]


def students_with_pages(root: Path, assignment: str) -> list[str]:
    """The students (plain ids only) with at least one feedback page of ``assignment``."""
    try:
        names = sorted(os.listdir(root / FEEDBACK))
    except OSError:
        return []
    return [name for name in names if plain_name(name) is None and pages(root, assignment, name)]


def write_folders(root: Path, assignment: str, out: Path, *, zipped: bool = False,
                  submitted: Sequence[str] = ()) -> Sent:
    """Each student's feedback pages of ``assignment``, and nothing else, in ``out/<student>/<assignment>/``
    (or ``out/<student>-<assignment>.zip``, holding ``<assignment>/<page>``); a student's earlier folder or
    zip there is replaced. ``submitted``: the students who handed work in; those without a page are named."""
    sent = Sent()
    out.mkdir(parents=True, exist_ok=True)
    for student in students_with_pages(root, assignment):
        found = pages(root, assignment, student)
        if zipped:
            target = out / f"{student}-{assignment}.zip"
            target.unlink(missing_ok=True)
            with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
                for page in found:
                    archive.write(page, f"{assignment}/{page.name}")
        else:
            target = out / student
            if target.is_symlink() or target.is_file():
                target.unlink()
            elif target.exists():
                shutil.rmtree(target)
            (target / assignment).mkdir(parents=True)
            for page in found:
                shutil.copyfile(page, target / assignment / page.name)
        sent.written[student] = target
    sent.missing = sorted(set(submitted) - set(sent.written))
    return sent


class ReleaseFeedback(ExchangeReleaseFeedback):  # type: ignore[misc]
    """nbgrader's ``release_feedback``, which releases the page of every submission that came through the
    exchange (it has the exchange's ``submission_secret.txt``) and names the others instead of stopping
    at the first of them: their pages go to the students another way (``coursekit feedback --out``)."""

    def copy_files(self) -> None:
        by_hand = self.without_secret()
        if by_hand:
            self.log.warning(
                "Not released through the exchange (not submitted through it: no %s): %s. Send them their pages "
                "another way, for example: coursekit feedback %s --out DIR", SECRET, ", ".join(by_hand),
                self.coursedir.assignment_id)
        excluded = self.coursedir.student_id_exclude
        self.coursedir.student_id_exclude = ",".join(filter(None, [excluded, *by_hand]))
        try:
            super().copy_files()
        finally:
            self.coursedir.student_id_exclude = excluded

    def without_secret(self) -> list[str]:
        """The students whose feedback folder has pages but no submission secret."""
        pattern = self.coursedir.format_path(self.coursedir.feedback_directory, "(?P<student_id>.*)",
                                             self.coursedir.assignment_id, escape=True)
        found = []
        for folder in sorted(glob.glob(self.src_path)):
            match = re.fullmatch(pattern, folder)
            if match and glob.glob(os.path.join(glob.escape(folder), "*.html")) \
                    and not os.path.isfile(os.path.join(folder, SECRET)):
                found.append(match["student_id"])
        return found


__all__ = ["FEEDBACK", "ReleaseFeedback", "Sent", "pages", "students_with_pages", "write_folders"]
