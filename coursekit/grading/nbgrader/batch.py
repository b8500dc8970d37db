"""Grading a whole class: ``coursekit grade psNN``, the one command an instructor runs.

For each submission in ``submitted/<student>/<assignment>/``, in parallel over the cores:

0. once, before anyone: a trivial run in a sandbox (:func:`check_sandbox`); if this machine
   cannot start one, nobody is graded and the command says so (the machine's fault, not a
   student's);
1. intake (:mod:`coursekit.grading.intake`) reads the submission as data, never following a
   link and never reading more than a cap: a submission with a link, a device or fifo, a
   missing or unreadable notebook, or a notebook over a cap is not run at all; otherwise the
   release's notebooks alone (outputs dropped) and the submission's time are copied to the
   course's private ``intake/`` folder, which is what nbgrader grades;
2. ``nbgrader autograde <assignment> --student <student>`` runs on that copy in a process of its
   own (forked from this one, which has imported nbgrader and the assignment's checks once, and
   worked out what those checks draw every student's cases from: :func:`preload`), under limits on memory and CPU
   (:class:`ChildLimits`), so that whatever one submission contains, the others are graded (the
   course's configuration runs the student's code in a sandbox: :mod:`coursekit.grading.nbgrader.trusted`);
3. a submission that could not be graded in full is marked *needs manual grading* in the
   gradebook with the reason (:mod:`coursekit.grading.nbgrader.gradebook`), never left as a silent 0.

A submission graded before whose notebooks have not changed since (the digest of what intake takes,
:func:`coursekit.grading.intake.digest`, is the one recorded when it was graded, :func:`record`) is
*kept*: not run again, its grade and its record left as they are. Any other is graded, with nbgrader
told to replace what it graded before (nbgrader's own rule, regrade what is newer, would keep the old
grade of a notebook changed under the same submission time). ``force`` grades every submission again.

Then a table: each student's score, status and reason, and a last line that counts what was graded,
kept and refused (:func:`report`).
"""

# ruff: noqa: E402  (one line must come before the imports: see below)
from __future__ import annotations

import sys

# jsonschema (through nbformat) imports rfc3987_syntax to check IRI formats that no notebook schema
# uses, which costs about a second of CPU: left out, before nbformat is imported (through .intake).
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

import importlib
import json
import multiprocessing
import multiprocessing.connection
import os
import re
import shutil
import signal
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.coursedir import CourseDirectory
from traitlets.config.loader import PyFileConfigLoader

from ...core.shown import terminal
from ..intake import FOLDER, Caps, Intake, digest, misplaced, take_in, write_copy
from ..sandbox import Limits, Sandbox, bubblewrap, isolation
from ..secret import KeyProblem, ensure_key
from .gradebook import KEY, mark_needs_manual_grade, reasons, reviews, status

#: A notebook larger than this is not read (a student's notebook is a few hundred KB at most).
MAX_NOTEBOOK_BYTES = Caps().notebook_bytes
#: Seconds one submission's nbgrader run may take before it is stopped and marked.
SUBMISSION_SECONDS = 600


class CourseError(Exception):
    """The command cannot run here (no course folder, no such assignment): one line, exit status 2."""


class SandboxBroken(CourseError):
    """This machine cannot start a sandbox: nobody is graded (one line, exit status 2)."""


@dataclass(frozen=True)
class ChildLimits:
    """What the process that grades one submission may use: bytes of address space, seconds of CPU.

    A child that reaches one is stopped and its submission marked with the reason; the batch
    goes on. (The student's code runs in a sandbox with limits of its own: these bound the
    grader's side, nbgrader and the checks, whatever the replies they read.)
    """

    memory: int = 4 << 30
    cpu: int = SUBMISSION_SECONDS


#: What the batch did with a submission: ran it, kept its earlier grade (unchanged since), or refused it at intake.
GRADED, KEPT, REFUSED = "graded", "kept", "refused"


@dataclass
class Result:
    """One submission's outcome: its score (``None`` when nothing could be graded), status and reasons, and
    what the batch did with it (``outcome``: :data:`GRADED`, :data:`KEPT` or :data:`REFUSED`)."""

    student: str
    score: float | None
    max_score: float
    status: str
    reasons: list[str] = field(default_factory=list)
    seconds: float = 0.0
    repairs: list[str] = field(default_factory=list)
    #: what intake says besides (files not graded, a ``timestamp.txt`` not believed)
    notes: list[str] = field(default_factory=list)
    outcome: str = GRADED
    #: the digest of the notebooks graded (:func:`coursekit.grading.intake.digest`), when they were
    digest: str | None = None

    def line(self) -> str:
        """The submission's line of the table, everything of the student's shown as text (:func:`terminal`).

        >>> print(Result("ann", 20.0, 20.0, "graded", seconds=7.7, outcome=KEPT).line())
        ann                      20 / 20  graded (kept: unchanged since graded)
        """
        score = "-" if self.score is None else f"{self.score:g}"
        text = f"{terminal(self.student):<20} {score:>6} / {self.max_score:g}  {self.status}"
        text += " (kept: unchanged since graded)" if self.outcome == KEPT else ""
        text += f": {terminal(' | '.join(self.reasons))}" if self.reasons else ""
        text += f" (repaired: {terminal(' '.join(self.repairs))})" if self.repairs else ""
        return text + (f" (intake: {terminal(' '.join(self.notes))})" if self.notes else "")


@dataclass(frozen=True)
class Course:
    """An nbgrader course folder: its root, its gradebook's address, and its configuration file."""

    root: Path
    db_url: str

    @classmethod
    def at(cls, root: Path) -> Course:
        root = root.resolve()
        if not (root / "nbgrader_config.py").is_file():
            raise CourseError(f"{root} is not a course folder: it has no nbgrader_config.py")
        config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
        folder = CourseDirectory(config=config)
        folder.root = str(root)
        return cls(root, folder.db_url)

    def notebooks(self, assignment: str) -> list[str]:
        """The notebooks of ``assignment`` (names without ``.ipynb``), from ``source/``."""
        folder = self.root / "source" / assignment
        if not folder.is_dir():
            raise CourseError(f"there is no assignment {assignment!r} in {self.root / 'source'}")
        return sorted(path.stem for path in folder.glob("*.ipynb"))

    def students(self, assignment: str) -> list[str]:
        """The students with something at ``submitted/<student>/<assignment>`` (a link too: intake refuses it).

        Only names are looked at here (``lstat``): nothing a student put there is opened.
        """
        folder = self.root / "submitted"
        try:
            names = os.listdir(folder)
        except OSError:
            return []
        return sorted(name for name in names if os.path.lexists(folder / name / assignment))


def preflight(course: Course, assignment: str, student: str) -> list[str]:
    """Why ``student``'s submission cannot be run at all (empty when it can), read as data only
    (:func:`coursekit.grading.intake.take_in`)."""
    return take_in(course.root, assignment, student, course.notebooks(assignment)).refused


def check_sandbox() -> None:
    """Run one trivial cell in a sandbox; raise :class:`SandboxBroken` if this machine cannot.

    A sandbox that cannot start would make every submission fail as if its code had: better
    to grade nobody and say whose problem it is.
    """
    answer: Any = None
    try:
        with Sandbox(["answer = 6 * 7"], Limits(cells_seconds=20.0, call_seconds=20.0)) as box:
            problem = box.results[0]["error"]
            if problem is None:
                answer = box.value("answer")
    except Exception as error:  # whatever stopped it, it is this machine's
        problem = f"{type(error).__name__}: {error}"
    if answer == 42:
        return
    detail = " ".join(str(problem).split())[:300]
    where = bubblewrap()
    how = (f"bubblewrap ({where}) is installed but cannot start a sandbox; check it with: "
           f"{where} --unshare-all --ro-bind / / true" if where else "a separate process for the student's code "
           f"cannot start; check it with: {sys.executable} -I -c pass")
    raise SandboxBroken(f"grading stopped before anyone was graded: the sandbox failed on this machine, not "
                        f"because of a student's code. {how} ({detail})")


@dataclass
class _Running:
    """A submission being graded: its child process, its log file, when it started."""

    student: str
    process: Any
    log: Path
    began: float


#: The status of a submission the gradebook has nothing of.
NOT_GRADED = "not graded"

#: The exit status of a grading child that ran out of its memory (see :func:`_problem_from_log`).
OUT_OF_MEMORY = 3


def limit_child(limits: ChildLimits) -> None:
    """Bound this process (a grading child): address space and CPU seconds (``SIGXCPU`` at the limit)."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (limits.memory, limits.memory))
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu, limits.cpu + 5))


def _autograde_in_child(root: str, assignment: str, student: str, log: str, limits: ChildLimits) -> None:
    """In a forked child: ``nbgrader autograde <assignment> --student <student> --force`` on the intake copy,
    its log to ``log`` (``--force``: the batch decided to grade it, whatever nbgrader graded before)."""
    code = 1
    try:
        with open(log, "w", encoding="utf-8") as handle:
            os.dup2(handle.fileno(), 1)
            os.dup2(handle.fileno(), 2)
        os.chdir(root)
        limit_child(limits)
        from nbgrader.apps.autogradeapp import AutogradeApp

        try:
            AutogradeApp.launch_instance(argv=[assignment, "--student", student,
                                               f"--CourseDirectory.submitted_directory={FOLDER}", "--force"])
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
    except MemoryError:  # said by the exit status: writing a message may need memory there is none of
        code = OUT_OF_MEMORY
    except BaseException:  # whatever went wrong is this submission's: say it in its log
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _problem_from_log(log: Path, exitcode: int | None, limits: ChildLimits) -> str:
    if exitcode == -signal.SIGXCPU:
        return f"grading used more than {limits.cpu} s of CPU and was stopped."
    if exitcode == -signal.SIGKILL:
        return f"grading was killed (more than {limits.cpu} s of CPU, or the machine ran out of memory)."
    try:
        lines = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    except OSError:
        lines = []
    if exitcode == OUT_OF_MEMORY or any("MemoryError" in line or "Cannot allocate memory" in line for line in lines):
        return f"grading needed more than {limits.memory >> 20} MB of memory and was stopped."
    if not lines:  # not even a line of log: writing one needed memory there was none of, most likely
        return (f"grading stopped without a message (exit status {exitcode}): most likely it needed more than "
                f"its {limits.memory >> 20} MB of memory.")
    errors = [line for line in lines if "ERROR" in line or "Error" in line] or lines
    return f"nbgrader stopped on this submission ({errors[-1][-300:]})."


def _finish(course: Course, assignment: str, student: str, problems: list[str], began: float,
            intake: Intake) -> Result:
    if problems:
        for name in course.notebooks(assignment):
            mark_needs_manual_grade(course.db_url, assignment, name, student, problems)
    result = read_back(course, assignment, student, time.perf_counter() - began)
    result.notes = list(intake.notes)
    result.outcome = REFUSED if intake.refused else GRADED
    result.digest = None if intake.refused else digest(intake)
    return result


def kept(course: Course, assignment: str, intake: Intake, records: dict[str, Any]) -> Result | None:
    """``intake``'s submission as graded before, when its notebooks are those graded then (the digest
    :func:`record` recorded) and its grade is still there (the gradebook's and ``autograded/``); ``None``
    when it must be graded. The result carries the seconds recorded when it was graded."""
    earlier = records.get(intake.student)
    if intake.refused or not isinstance(earlier, dict) or earlier.get("digest") != digest(intake):
        return None
    if not (course.root / "autograded" / intake.student / assignment).is_dir():
        return None
    seconds = earlier.get("seconds")
    result = read_back(course, assignment, intake.student, float(seconds) if isinstance(seconds, int | float) else 0.0)
    if result.status == NOT_GRADED:
        return None
    result.notes, result.outcome, result.digest = list(intake.notes), KEPT, earlier["digest"]
    return result


#: How a test cell names a game's checks: ``from coursekit.games.tictactoe.checks import ...``.
_CHECKS = re.compile(r"\bcoursekit\.games\.([a-z_]+)\.checks\b")


def checks_used(course: Course, assignment: str) -> list[str]:
    """The games whose checks the notebooks of ``assignment`` import (read from ``source/``, the instructor's).

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp()); (root / "source" / "ps05").mkdir(parents=True)
    >>> _ = (root / "source" / "ps05" / "ps05.ipynb").write_text('"from coursekit.games.tictactoe.checks import x"')
    >>> checks_used(Course(root, ""), "ps05")
    ['tictactoe']
    """
    found: set[str] = set()
    for path in (course.root / "source" / assignment).glob("*.ipynb"):
        found.update(_CHECKS.findall(path.read_text(encoding="utf-8", errors="replace")))
    return sorted(found)


def preload(games: Sequence[str] = ()) -> None:
    """Import what grading a notebook needs once, in this process, so that each forked child has it:
    nbgrader, and the checks of ``games`` with what their ``warm()`` works out, the same for every
    student (tic-tac-toe's positions and their values, say), so that no child works it out again."""
    import nbgrader.apps.autogradeapp  # noqa: F401

    from . import repair, trusted  # noqa: F401

    for game in games:
        try:
            checks = importlib.import_module(f"coursekit.games.{game}.checks")
        except ModuleNotFoundError:  # a name the test cells use that is no game's: they will say so themselves
            continue
        warm = getattr(checks, "warm", None)
        if callable(warm):
            warm()


def grade_one(course: Course, assignment: str, student: str, *, force: bool = False,
              seconds: float = SUBMISSION_SECONDS, limits: ChildLimits | None = None) -> Result:
    """Intake, autograde and read back one submission (see the module's steps)."""
    return grade(course, assignment, [student], force=force, seconds=seconds, limits=limits)[0]


def read_back(course: Course, assignment: str, student: str, seconds: float = 0.0) -> Result:
    """``student``'s score, status and reasons as the gradebook has them now."""
    with Gradebook(course.db_url) as gradebook:
        maximum = gradebook.find_assignment(assignment).max_score
        try:
            submission = gradebook.find_submission(assignment, student)
        except MissingEntry:
            return Result(student, None, maximum, NOT_GRADED, ["nbgrader recorded nothing."], seconds)
        why = reasons(gradebook, assignment, student)
        flagged = reviews(gradebook, assignment, student)  # graded, but a person should look (the library's answer)
        return Result(student, submission.score, maximum, status(submission.needs_manual_grade, flagged, why),
                      [*why, *flagged], seconds, repairs(course, assignment, student))


def repairs(course: Course, assignment: str, student: str) -> list[str]:
    """What the rebuild from the release repaired in ``student``'s graded notebooks (see :mod:`.repair`)."""
    found = []
    for name in course.notebooks(assignment):
        path = course.root / "autograded" / student / assignment / f"{name}.ipynb"
        try:
            metadata = json.loads(path.read_text(encoding="utf-8")).get("metadata", {})
        except (OSError, ValueError):
            continue
        found += [str(r) for r in metadata.get(KEY, {}).get("repairs", [])] if isinstance(metadata, dict) else []
    return found


def grade(course: Course, assignment: str, students: Sequence[str] | None = None, *, jobs: int = 1,
          force: bool = False, progress: Callable[[int, int, Result], None] | None = None,
          seconds: float = SUBMISSION_SECONDS, limits: ChildLimits | None = None,
          say: Callable[[str], None] | None = None) -> list[Result]:
    """Grade ``students`` (default: every submission of ``assignment``), ``jobs`` at a time; results by name.

    Each submission is graded in a child process of its own, forked from this one after the
    imports (:func:`preload`), so that a submission costs its grading and not a Python start-up,
    and whatever happens to one child (a crash, a time-out: it is killed after ``seconds``; more
    memory or CPU than ``limits``), the others are graded. A submission unchanged since its grading
    is kept (:func:`kept`) unless ``force``; only what was graded or refused is recorded (:func:`record`).
    Raises :class:`SandboxBroken`, before
    anyone is graded, when this machine cannot start a sandbox. What a game's hidden tests need is
    made first, by the hook its entry names (``before_grading``; corners builds its pool of openings
    once, :mod:`coursekit.games.corners.openings`); ``say`` hears how it goes.
    """
    limits = limits or ChildLimits()
    if say is not None:
        for line in misplaced(course.root, assignment, course.notebooks(assignment)):
            say(line)
    everyone = course.students(assignment)
    chosen = list(students) if students else everyone
    unknown = [s for s in chosen if s not in everyone]
    if unknown:
        raise CourseError(f"no submission of {assignment} from {', '.join(unknown)} in {course.root / 'submitted'}")
    notebooks = course.notebooks(assignment)  # the assignment exists
    with Gradebook(course.db_url) as gradebook:
        try:
            gradebook.find_assignment(assignment)
        except MissingEntry:
            raise CourseError(f"{assignment} is not in the gradebook yet: run nbgrader generate_assignment "
                              f"{assignment} first") from None
    check_sandbox()
    try:
        key = ensure_key(course.root)  # the course key (coursekit.grading.secret), made here the first time
    except KeyProblem as problem:
        raise CourseError(str(problem)) from None
    from ...games import GAMES

    for entry in GAMES.values():  # what a game's hidden tests need made first (corners: its pool of openings)
        if entry.before_grading:
            entry.function(entry.before_grading)(course.root, assignment, key, jobs=jobs, say=say)
    preload(checks_used(course, assignment))
    # fork: the child has nbgrader imported already; where there is none (Windows), spawn.
    forking: Any = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                               else "spawn")
    results: list[Result] = []
    taken: dict[str, Intake] = {}
    earlier = {} if force else read_records(course, assignment)
    waiting = list(chosen)
    running: list[_Running] = []
    with tempfile.TemporaryDirectory(prefix="coursekit-grade-") as logs:
        while waiting or running:
            while waiting and len(running) < max(1, jobs):
                student = waiting.pop(0)
                began = time.perf_counter()
                intake = take_in(course.root, assignment, student, notebooks)
                taken[student] = intake
                same = None if force else kept(course, assignment, intake, earlier)
                if same is not None or intake.refused:
                    if same is None:
                        shutil.rmtree(course.root / FOLDER / student / assignment, ignore_errors=True)
                    results.append(same or _finish(course, assignment, student, intake.refused, began, intake))
                    if progress:
                        progress(len(results), len(chosen), results[-1])
                    continue
                write_copy(course.root, intake)
                log = Path(logs) / f"{len(results) + len(running)}.log"
                child = forking.Process(target=_autograde_in_child,
                                        args=(str(course.root), assignment, student, str(log), limits))
                child.start()
                running.append(_Running(student, child, log, began))
            if not running:
                continue
            multiprocessing.connection.wait([r.process.sentinel for r in running], timeout=0.5)
            for item in list(running):
                late = time.perf_counter() - item.began > seconds
                if item.process.exitcode is None and not late:
                    continue
                problems = []
                if item.process.exitcode is None:
                    item.process.kill()
                    problems.append(f"grading took longer than {seconds:g} s and was stopped.")
                item.process.join()
                if not problems and item.process.exitcode != 0:
                    problems.append(_problem_from_log(item.log, item.process.exitcode, limits))
                running.remove(item)
                results.append(_finish(course, assignment, item.student, problems, item.began, taken[item.student]))
                if progress:
                    progress(len(results), len(chosen), results[-1])
    record(course, assignment, [result for result in results if result.outcome != KEPT])
    return sorted(results, key=lambda r: r.student)


#: The folder, in the course, where the batch records what the gradebook does not hold (each submission's seconds).
RECORDS = "grading_records"


def records_path(course: Course, assignment: str) -> Path:
    """Where :func:`record` keeps ``assignment``'s records: ``grading_records/<assignment>.json``."""
    return course.root / RECORDS / f"{assignment}.json"


def read_records(course: Course, assignment: str) -> dict[str, Any]:
    """The assignment's records by student (see :func:`record`); empty when there are none that can be read."""
    try:
        found = json.loads(records_path(course, assignment).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def record(course: Course, assignment: str, results: Sequence[Result]) -> None:
    """Add ``results`` (each submission's seconds, status, score and the digest of the notebooks graded) to the
    assignment's records, for the class report and for the next batch (:func:`kept`).

    A student graded again replaces their earlier record; the others stay as they are (not even rewritten
    when ``results`` is empty).
    """
    if not results:
        return
    path = records_path(course, assignment)
    records = read_records(course, assignment)
    for result in results:
        records[result.student] = {"seconds": round(result.seconds, 3), "status": result.status,
                                   "score": result.score, "digest": result.digest}
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(records, indent=1, sort_keys=True), encoding="utf-8")


def report(results: Sequence[Result]) -> str:
    """The table the command prints, with a last line that counts what was graded, kept and refused, and how
    many need a person.

    >>> print(report([Result("ann", 20, 20, "graded", outcome=KEPT), Result("ben", 20, 20, "graded"),
    ...               Result("cat", None, 20, "not graded", ["ps01.ipynb is missing."], outcome=REFUSED)]))
    ann                      20 / 20  graded (kept: unchanged since graded)
    ben                      20 / 20  graded
    cat                       - / 20  not graded: ps01.ipynb is missing.
    3 submissions: 1 graded, 1 kept, 1 refused; 1 needs a person
    """
    lines = [result.line() for result in results]
    counts = {outcome: sum(1 for r in results if r.outcome == outcome) for outcome in (GRADED, KEPT, REFUSED)}
    manual = sum(1 for r in results if r.status != "graded")
    last = (f"{len(results)} submission{'' if len(results) == 1 else 's'}: {counts[GRADED]} graded, "
            f"{counts[KEPT]} kept" + (f", {counts[REFUSED]} refused" if counts[REFUSED] else ""))
    lines.append(last + (f"; {manual} {'needs' if manual == 1 else 'need'} a person" if manual else ""))
    return "\n".join(lines)


__all__ = ["GRADED", "KEPT", "REFUSED", "ChildLimits", "Course", "CourseError", "Result", "SandboxBroken",
           "check_sandbox", "grade", "grade_one", "isolation", "kept", "limit_child", "preflight", "read_back",
           "read_records", "record", "records_path", "report"]
