"""Real nbgrader on a temporary copy of the course: what every problem set's end-to-end test shares.

A test module describes its students (the cells each one edits or deletes, and the points
each test cell must then get), and :func:`run_course` releases the assignment, submits
the students' notebooks, autogrades them, generates feedback and exports the grades,
with its own Jupyter folders (nothing of ``~/.jupyter`` is read) and a shorter per-cell
time limit. The ``check_*`` functions are the checks every problem set makes.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "assignments"
BIN = Path(sys.executable).parent
CELL_TIMEOUT = 8  # seconds; the test copy of the course uses a shorter per-cell limit than the course
#: The course key of every test copy of the course (written before the release): each known student's hidden
#: cases, and so each known score, follow from it and the student's name. A real course makes a random one.
TEST_KEY = bytes.fromhex("9d25663a931d6529b463005d148d4eb763d474015ef02433a27512111acfa770")


def hidden_seed_of(assignment: str, test: str, student: str, digest: str | None = None) -> int:
    """The seed ``hidden_seed(test)`` gives ``student``'s notebook of ``assignment`` in a test course: the
    notebook's code has the digest ``digest``, by default that of the known student's notebook as handed in
    (:func:`known_digest`)."""
    from coursekit.grading.secret import case_seed

    return case_seed(TEST_KEY, assignment, test, student,
                     known_digest(assignment, student) if digest is None else digest)


@functools.cache
def released(assignment: str) -> Any:
    """The released notebook of ``assignment`` as ``nbgrader generate_assignment`` makes its solution cells:
    each solution replaced by the stub (nbgrader's ``ClearSolutions``, in this process)."""
    from nbgrader.preprocessors import ClearSolutions

    nb = Source(assignment).notebook()
    nb, _ = ClearSolutions().preprocess(nb, {})
    return nb


@functools.cache
def known_digest(assignment: str, student: str) -> str:
    """The digest of the code of the known ``student``'s notebook of ``assignment`` (``tests/known_submissions.py``,
    then the attacks on the hidden cases of ``tests/hostile_submissions.py``), as the grader computes it from the
    notebook it grades."""
    from hostile_submissions import SECRET_ATTACKS
    from known_submissions import KNOWN

    from coursekit.grading.nbgrader.trusted import student_code

    for made in (KNOWN[assignment].students, SECRET_ATTACKS.get(assignment)):
        students = made(Source(assignment)) if made is not None else {}
        if student in students:
            return str(student_code(filled(released(assignment), students[student])))
    raise KeyError(f"{student} is not a known student of {assignment}: give the digest of their notebook")


class AsGraded:
    """A student's function called in process as the grader calls it in a test course: where the grader
    seeds the sandbox's ``random``, this process's ``random`` gets the same salted seed. Use it inside
    ``graded_as(assignment, student)``, so that a player that draws at random plays the games it plays there."""

    def __init__(self, func: Callable[..., Any]) -> None:
        self.func = func
        self.__name__ = getattr(func, "__name__", "function")

    def __call__(self, *args: Any) -> Any:
        return self.func(*args)

    def seed_random(self, value: int) -> None:
        import random

        random.seed(value)


def graded_as(assignment: str, student: str) -> Any:
    """Bind the test key to ``student``'s notebook of ``assignment``, as the grader does (a context manager): with
    the digest of a known student's code; another student's binds the key for the sandbox's seeds alone."""
    from coursekit.grading.secret import grading

    try:
        digest = known_digest(assignment, student)
    except KeyError:
        digest = ""
    return grading(TEST_KEY, assignment, student, digest=digest)


def regions(source: str, begin: str, end: str) -> list[str]:
    """The stripped, non-empty lines between ``### BEGIN x`` and ``### END x`` markers."""
    lines: list[str] = []
    inside = False
    for line in source.splitlines():
        if begin in line:
            inside = True
        elif end in line:
            inside = False
        elif inside and line.strip():
            lines.append(line.strip())
    return lines


def by_id(nb: Any) -> dict[str, Any]:
    """The cells of a notebook by their nbgrader grade_id."""
    return {cell.metadata["nbgrader"]["grade_id"]: cell for cell in nb.cells if "nbgrader" in cell.metadata}


@dataclass(frozen=True)
class Source:
    """The instructor's notebook of one problem set, ``assignments/source/<name>/<name>.ipynb``."""

    name: str

    @property
    def path(self) -> Path:
        return COURSE / "source" / self.name / f"{self.name}.ipynb"

    def notebook(self) -> Any:
        return nbformat.read(self.path, as_version=4)

    def points(self) -> dict[str, float]:
        """The points of every test cell, by grade_id."""
        return {grade_id: cell.metadata["nbgrader"]["points"] for grade_id, cell in by_id(self.notebook()).items()
                if cell.metadata["nbgrader"]["grade"]}

    def reference(self, grade_id: str) -> str:
        """The reference solution of a solution cell, without the markers."""
        source = by_id(self.notebook())[grade_id].source
        return "\n".join(line for line in source.splitlines()
                         if "### BEGIN SOLUTION" not in line and "### END SOLUTION" not in line)

    def hidden_lines(self) -> list[str]:
        return [line for cell in self.notebook().cells
                for line in regions(cell.source, "BEGIN HIDDEN TESTS", "END HIDDEN TESTS")]

    def solution_lines(self) -> list[str]:
        return [line for cell in self.notebook().cells
                for line in regions(cell.source, "BEGIN SOLUTION", "END SOLUTION")]

    def secret_lines(self) -> list[str]:
        """Solution and hidden lines that students never see (not also outside the regions, not bare quotes)."""
        public = self.public_lines()
        return [line for line in self.solution_lines() + self.hidden_lines()
                if line not in public and any(ch.isalnum() for ch in line)]

    def hidden_secret_lines(self) -> list[str]:
        """The hidden tests' lines that appear nowhere else."""
        secret = set(self.secret_lines())
        return [line for line in self.hidden_lines() if line in secret]

    def public_lines(self) -> set[str]:
        """The stripped lines outside every solution and hidden region (students see them anyway)."""
        return {line.strip() for cell in self.notebook().cells for line in _outside(cell.source)}


def _outside(source: str) -> list[str]:
    """The lines of a cell outside its ``### BEGIN`` / ``### END`` regions."""
    lines: list[str] = []
    inside = False
    for line in source.splitlines():
        if "### BEGIN" in line:
            inside = True
        elif "### END" in line:
            inside = False
        elif not inside:
            lines.append(line)
    return lines


@dataclass(frozen=True)
class Student:
    """A made-up submission: cells replaced (grade_id -> new source), cells deleted, and its scores.

    The scores are given as changes from full marks: ``zero`` lists the test cells that must
    score 0 (``"all"`` for every one), ``scores`` the exact partial scores of others; every
    other test cell must get the points the released notebook gives it.
    """

    edits: Mapping[str, str]
    zero: Sequence[str] | str = ()
    scores: Mapping[str, float] = field(default_factory=dict)
    deleted: Sequence[str] = ()
    #: more changes to the notebook (metadata, duplicated cells), made after the edits
    mutate: Callable[[Any], None] | None = None
    #: the file as handed in, instead of the notebook (``b""``: no notebook at all)
    raw: bytes | None = None

    def expected(self, full: Mapping[str, float]) -> dict[str, float]:
        """The score of every test cell, given the full points ``full`` read from the release."""
        unknown = {*([] if self.zero == "all" else self.zero), *self.scores} - set(full)
        if unknown:
            raise ValueError(f"no such test cells: {sorted(unknown)}")
        zero = set(full) if self.zero == "all" else set(self.zero)
        return {grade_id: 0.0 if grade_id in zero else float(self.scores.get(grade_id, points))
                for grade_id, points in full.items()}


@dataclass
class CourseRun:
    """What one pass of the nbgrader pipeline left behind."""

    name: str
    root: Path
    release: Any
    students: dict[str, Student]
    scores: dict[str, dict[str, float]]
    seconds: dict[str, float]
    log: str
    before: dict[str, str] = field(default_factory=dict)
    after: dict[str, str] = field(default_factory=dict)
    _feedback: dict[str, str] = field(default_factory=dict)

    def feedback_html(self, student: str) -> str:
        return (self.root / "feedback" / student / self.name / f"{self.name}.html").read_text(encoding="utf-8")

    def feedback(self, student: str) -> str:
        """The text of a student's feedback page (tags removed, entities decoded)."""
        if student not in self._feedback:
            self._feedback[student] = html.unescape(re.sub(r"<[^>]+>", "", self.feedback_html(student)))
        return self._feedback[student]

    @cached_property
    def points(self) -> dict[str, float]:
        """The points of every test cell, read from the released notebook."""
        return {grade_id: float(cell.metadata["nbgrader"]["points"]) for grade_id, cell in by_id(self.release).items()
                if cell.metadata["nbgrader"].get("grade")}

    def expected(self, student: str) -> dict[str, float]:
        return self.students[student].expected(self.points)

    @cached_property
    def grades(self) -> dict[str, dict[str, str]]:
        """The rows of ``grades.csv`` by student id."""
        with (self.root / "grades.csv").open(newline="", encoding="utf-8") as handle:
            return {row["student_id"]: row for row in csv.DictReader(handle)}


def _nbgrader(course: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """``nbgrader <args>`` in ``course`` with ``env``: nbgrader's own command line (``NbGraderApp``) in a
    process of its own (:func:`_forked`)."""
    return _forked("nbgrader", course, env, args)


def _coursekit(course: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """``coursekit <args>`` in ``course`` with ``env``: the course's own command line in a process of its
    own (:func:`_forked`)."""
    return _forked("coursekit", course, env, args)


def _forked(program: str, course: Path, env: dict[str, str], args: Sequence[str]) -> subprocess.CompletedProcess[str]:
    """``program <args>`` (``nbgrader`` or ``coursekit``) in a process of its own, forked from a server that
    imported both once (:data:`FORK_SERVER`: the import costs about 2 s of CPU, and a course runs four
    commands); it must end with status 0."""
    global _server
    if _server is None or _server.poll() is not None:
        _server = subprocess.Popen([str(BIN / "python"), "-c", FORK_SERVER], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, text=True)
    assert _server.stdin is not None and _server.stdout is not None
    with tempfile.TemporaryDirectory() as tmp:
        out, err = Path(tmp, "stdout"), Path(tmp, "stderr")
        request = {"program": program, "cwd": str(course), "env": env, "args": list(args), "out": str(out),
                   "err": str(err)}
        _server.stdin.write(json.dumps(request) + "\n")
        _server.stdin.flush()
        reply = _server.stdout.readline()
        code = int(reply) if reply.strip() else -1
        result = subprocess.CompletedProcess([program, *args], code, out.read_text(errors="replace"),
                                             err.read_text(errors="replace"))
    assert result.returncode == 0, f"{program} {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}"
    return result


_server: subprocess.Popen[str] | None = None
#: The fork server: imports nbgrader and the course's command line (with what ``coursekit grade`` imports),
#: then for each request (a line of JSON) forks a child that takes the request's environment, folder and
#: output files and runs the program's main as ``nbgrader <args>`` or ``coursekit <args>`` does; it answers
#: the child's exit status (900 s at the most, then the child is killed). It ends with its input.
#: A new gradebook records the version of nbgrader's database schema, which nbgrader reads by running
#: ``alembic heads`` in a process of its own (about 1.8 s of CPU, once per course): the server reads it
#: once, and its children write the same version into each course's gradebook.
FORK_SERVER = """
import json, os, signal, sys
import nbgrader.api
import nbgrader.apps.nbgraderapp
import coursekit.cli
import coursekit.grading.nbgrader.batch
_version = nbgrader.api.get_alembic_version()
nbgrader.api.get_alembic_version = lambda: _version


def run(program, args):
    sys.argv = [program, *args]
    if program == "coursekit":
        return coursekit.cli.main(args)
    nbgrader.apps.nbgraderapp.main()
    return 0


for line in sys.stdin:
    request = json.loads(line)
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            signal.signal(signal.SIGALRM, signal.SIG_DFL)  # the server's, for an earlier child
            os.environ.clear()
            os.environ.update(request["env"])
            os.chdir(request["cwd"])
            null = os.open(os.devnull, os.O_RDONLY)  # the child reads nothing of the requests
            os.dup2(null, 0)
            os.close(null)
            for fd, path in ((1, request["out"]), (2, request["err"])):
                handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.dup2(handle, fd)
                os.close(handle)
            code = run(request["program"], request["args"])
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        except BaseException:
            import traceback
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, signal.SIGKILL))
    signal.alarm(900)
    _, status = os.waitpid(pid, 0)
    signal.alarm(0)
    print(os.waitstatus_to_exitcode(status), flush=True)
"""


def filled(release: Any, submission: Student) -> Any:
    """A copy of the released notebook ``release`` as the student ``submission`` hands it in: their cells
    edited and deleted, then their other changes made (``release`` itself is left as it is)."""
    nb = nbformat.from_dict(json.loads(json.dumps(release)))
    kept = []
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in submission.deleted:
            continue
        if grade_id in submission.edits:
            cell.source = submission.edits[grade_id]
        kept.append(cell)
    nb.cells = kept
    if submission.mutate is not None:
        submission.mutate(nb)
    return nb


def course_env(tmp: Path) -> dict[str, str]:
    """The environment of the course's commands in a test: this environment's ``bin`` first on the path, and
    Jupyter's and IPython's folders of their own in ``tmp`` (nothing read from the machine's user)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("JUPYTER", "NBGRADER", "IPYTHON"))}
    env.update(
        PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        JUPYTER_CONFIG_DIR=str(tmp / "jupyter_config"),
        JUPYTER_DATA_DIR=str(tmp / "jupyter_data"),
        IPYTHONDIR=str(tmp / "ipython"),
        PYDEVD_DISABLE_FILE_VALIDATION="1",
    )
    return env


def run_course(source: Source, students: Mapping[str, Student], tmp: Path,
               *, cell_timeout: int = CELL_TIMEOUT, db_url: str | None = None,
               grading: Callable[[], AbstractContextManager[object]] | None = None) -> CourseRun:
    """Release ``source``, autograde ``students``, generate feedback and export, in ``tmp``.

    ``db_url``: the gradebook's SQLAlchemy address (default: ``gradebook.db`` in the course, sqlite).
    ``grading``: a context made around the ``coursekit grade`` step alone (the release, the feedback and the
    export run outside it), e.g. processes that keep the machine busy while the notebooks are graded.
    """
    if not (BIN / "nbgrader").exists() or not (BIN / "alembic").exists():
        pytest.skip("nbgrader is not installed in this environment")
    name = source.name
    root = tmp / "course"
    root.mkdir()
    shutil.copy(COURSE / "nbgrader_config.py", root / "nbgrader_config.py")
    (root / "source").mkdir()
    shutil.copytree(source.path.parent, root / "source" / name)
    from coursekit.grading.secret import write_key

    write_key(root, TEST_KEY)  # before the release, which would make a random one
    if name == "ps09":  # the test key's pool of hidden openings, which coursekit grade would build (minutes)
        from corners_pool import TEST_POOL

        from coursekit.games.corners.openings import reference_code, write_pool

        write_pool(root, TEST_KEY, reference_code(root), TEST_POOL)
    with (root / "nbgrader_config.py").open("a", encoding="utf-8") as config:
        config.write(f"\n# the test copy: a shorter per-cell limit\nc.TrustedExecute.cell_timeout = {cell_timeout}\n")
        if db_url is not None:
            config.write(f"c.CourseDirectory.db_url = {db_url!r}\n")
    env = course_env(tmp)

    seconds: dict[str, float] = {}
    start = time.perf_counter()
    _nbgrader(root, env, "generate_assignment", name)
    seconds["generate_assignment"] = time.perf_counter() - start

    release = nbformat.read(root / "release" / name / f"{name}.ipynb", as_version=4)
    for student, submission in students.items():
        nb = filled(release, submission)
        folder = root / "submitted" / student / name
        folder.mkdir(parents=True)
        if submission.raw is None:
            nbformat.write(nb, folder / f"{name}.ipynb")
        elif submission.raw:
            (folder / f"{name}.ipynb").write_bytes(submission.raw)
    before = fingerprint(root)

    with (grading or nullcontext)():
        start = time.perf_counter()
        autograde = _coursekit(root, env, "grade", name, "--jobs", "2")
        seconds["autograde"] = time.perf_counter() - start
    start = time.perf_counter()
    _nbgrader(root, env, "generate_feedback", name)
    seconds["generate_feedback"] = time.perf_counter() - start
    start = time.perf_counter()
    _nbgrader(root, env, "export")
    seconds["export"] = time.perf_counter() - start
    print(f"\n{name}: nbgrader seconds {seconds} for {len(students)} submissions")

    from nbgrader.api import Gradebook

    points = {grade_id: cell for grade_id, cell in by_id(release).items() if cell.metadata["nbgrader"].get("grade")}
    scores: dict[str, dict[str, float]] = {}
    with Gradebook(db_url or f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        for student in students:
            scores[student] = {  # a submission never graded has no score: 0 (its status says why)
                grade_id: _score_or_zero(gradebook, grade_id, name, student) for grade_id in points
            }
    return CourseRun(name, root, release, dict(students), scores, seconds, autograde.stdout + autograde.stderr,
                     before=before, after=fingerprint(root))


def _score_or_zero(gradebook: Any, grade_id: str, name: str, student: str) -> float:
    from nbgrader.api import MissingEntry

    try:
        score = gradebook.find_grade(grade_id, name, name, student).score
    except MissingEntry:
        return 0.0
    return float(score) if score is not None else 0.0


def fingerprint(root: Path) -> dict[str, str]:
    """A digest of every file grading must leave alone: the configuration, the sources, the submissions."""
    files = [root / "nbgrader_config.py", *sorted((root / "source").rglob("*")),
             *sorted((root / "submitted").rglob("*"))]
    return {str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest() for path in files
            if path.is_file()}


# The checks every problem set makes.

def check_generator_up_to_date(source: Source) -> None:
    """``assignments/make_assignment.py <name> --check``: the checked-in notebook is the one the generator writes."""
    script = COURSE / "make_assignment.py"
    result = subprocess.run([sys.executable, str(script), source.name, "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def check_grading_table(source: Source, parts: Mapping[str, Sequence[str]] | Sequence[tuple[str, Sequence[str]]],
                        points: Mapping[str, float]) -> None:
    """The cells carry the generator's ``points``, and the introduction's table states them.

    ``parts`` gives each part's function name and its test cells, in order (a mapping, or
    pairs when two parts grade the same function: each takes the next row that names it); a
    hidden test cell is one with a hidden region.
    """
    assert source.points() == dict(points)
    cells = by_id(source.notebook())
    intro = source.notebook().cells[0].source
    rows = [line for line in intro.splitlines() if line.startswith("|")]
    for function, grade_ids in (parts.items() if isinstance(parts, Mapping) else parts):
        row = next(line for line in rows if f"`{function}(" in line)
        rows.remove(row)
        hidden_points = sum(points[g] for g in grade_ids if "BEGIN HIDDEN TESTS" in cells[g].source)
        visible_points = sum(points[g] for g in grade_ids) - hidden_points
        total = visible_points + hidden_points
        assert row.replace(" ", "").endswith(f"|{visible_points:g}|{hidden_points:g}|{total:g}|"), row
    assert f"**{sum(points.values()):g}**" in intro


#: The seeds the released notebooks used to state (ps01-ps09): none may appear in a release again.
FORMER_SEEDS = (20240901, 20241102, 20241103, 20241104, 20241105, 20241112, 20241119, 20241120, 20250501, 20250502,
                20250311, 20250301, 20250400, 20250511, 20250512, 20250521, 20250522)
#: ``seed 123``, ``seed=123``, ``seed {123}``, ``seeds 1 and 2``, ``random.seed(123 + k)``
SEED_WITH_DIGITS = re.compile(r"seeds?\W{0,3}\d", re.IGNORECASE)


def stated_seeds(text: str) -> list[str]:
    """Every seed that ``text`` states: a former seed constant, or "seed" followed by digits.

    >>> stated_seeds("30 positions drawn with seed 20241105"), stated_seeds("hidden_seed('x'), seeded games")
    (['20241105', 'seed 2'], [])
    """
    return [str(seed) for seed in FORMER_SEEDS if str(seed) in text] + SEED_WITH_DIGITS.findall(text)


def check_release(run: CourseRun, source: Source, solution_ids: Sequence[str]) -> None:
    """The release has no solution, no hidden test and no seed, and stubs in every solution cell."""
    text = "\n".join(cell.source for cell in run.release.cells)
    assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text
    assert not stated_seeds(text), f"the release states seeds: {stated_seeds(text)}"
    leaked = [line for line in source.secret_lines() if line in text]
    assert not leaked, f"the release shows: {leaked}"
    cells = by_id(run.release)
    for grade_id in solution_ids:
        assert "raise NotImplementedError()" in cells[grade_id].source, grade_id


def check_scores(run: CourseRun, student: str) -> None:
    """Each test cell of ``student`` got the points expected (to the hundredth: partial credit is rounded)."""
    expected = {grade_id: round(points, 2) for grade_id, points in run.expected(student).items()}
    got = {grade_id: round(score, 2) for grade_id, score in run.scores[student].items()}
    assert got == expected, run.log[-3000:]


#: The games or cases drawn from one hidden seed, numbered from it (``seed + k``): how far to look.
SEED_OFFSETS = 200


def own_seeds(source: Source, student: str, digest: str | None = None) -> list[int]:
    """The seeds of ``student``'s hidden cases in a test course: each ``hidden_seed("label")`` of the source
    (``digest``: of the student's code, as :func:`hidden_seed_of` takes it)."""
    text = "\n".join(cell.source for cell in source.notebook().cells)
    labels = sorted(set(re.findall(r"""hidden_seed\(["']([^"']+)["']\)""", text)))
    return [hidden_seed_of(source.name, label, student, digest) for label in labels]


def check_feedback_hides_hidden(run: CourseRun, source: Source, *, tracebacks_allowed: Sequence[str] = ()) -> None:
    """No feedback page shows a hidden test's source, the seeds of the student's own hidden cases (nor the games
    numbered from them), nor a traceback (except for the students named)."""
    from coursekit.grading.nbgrader.trusted import student_code

    hidden = source.hidden_secret_lines()
    assert hidden, "no hidden test to look for"
    for student in run.students:
        text = run.feedback(student)
        shown = [line for line in hidden if line in text]
        assert not shown, f"{student}'s feedback shows hidden tests: {shown}"
        digest = str(student_code(filled(run.release, run.students[student])))  # any student of the run, known or not
        seeds = [str(seed + k) for seed in own_seeds(source, student, digest) for k in range(SEED_OFFSETS)
                 if str(seed + k) in text]
        assert not seeds, f"{student}'s feedback states the seeds of their hidden cases: {seeds}"
        if student not in tracebacks_allowed:
            assert "Cell In[" not in text and "Traceback (most recent call last)" not in text, student


def check_grades_csv(run: CourseRun, maximum: float) -> None:
    """``grades.csv`` has one row per student, with the total expected out of ``maximum``."""
    rows = run.grades
    assert set(rows) == set(run.students)
    for student in run.students:
        row = rows[student]
        assert row["assignment"] == run.name
        assert round(float(row["score"]), 2) == round(sum(run.expected(student).values()), 2), student
        assert float(row["max_score"]) == maximum
        assert (row["status"], row["reason"]) == ("graded", ""), (student, row["reason"])
