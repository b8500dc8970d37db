"""Grading in a sandbox (``coursekit grade``, issue 11): one normal submission of ps01 on one core,
against nbgrader's own in-kernel Execute step, and a class of submissions on two cores.

A temporary course is built as the nbgrader tests build theirs: the course's
``assignments/nbgrader_config.py`` and ``assignments/source/ps01/``, ``nbgrader generate_assignment
ps01``, and every submission the released notebook with the reference solution in each solution
cell (so each one should get full marks). Then, with Jupyter's folders of its own:

- one submission, ``coursekit grade ps01 --student S --jobs 1`` pinned to one core (its start-up
  included), then a few more on one core: each one's own cost (``coursekit grade`` imports
  nbgrader once and forks a child per submission) has the goal of at most 2 s;
- where that time goes: ``nbgrader autograde`` of an identical submission, run as ``coursekit
  grade`` runs it (``python -m nbgrader``) but timing its phases (the imports at start-up, of
  which jsonschema's IRI checker ``rfc3987_syntax``; the Execute step: sandbox and tests; the
  rest of nbgrader's steps), with the sandbox (the course's configuration) and, as the
  baseline, in a copy of the course whose configuration leaves nbgrader's default steps (the
  student's cells and the tests in one kernel);
- a class: N submissions graded by ``coursekit grade ps01 --jobs 2`` (N = 100; 3 with
  ``--quick``, the 100 then extrapolated): the goal is 100 in at most 4 minutes.

Seconds are wall-clock; CPU s is the user and system time of the processes started (the grader,
nbgrader, the sandbox or the kernel), which a busy machine does not inflate.
"""

from __future__ import annotations

import ast
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .measure import Section, ratio

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "assignments"
BIN = Path(sys.executable).parent
ASSIGNMENT = "ps01"

#: The goals of issue 11: one submission on one core, and a class of 100 on two cores.
GOAL_ONE_SECONDS = 2.0
GOAL_CLASS = 100
GOAL_CLASS_SECONDS = 240.0
#: How many submissions are graded one after another on one core, in the full run and with ``--quick``.
ONE_CORE_MORE, ONE_CORE_MORE_QUICK = 11, 3
#: How many submissions the class has in the full run and with ``--quick``.
CLASS = 100
QUICK_CLASS = 3
#: A run of nbgrader or coursekit that takes longer than this has failed.
TIMEOUT = 3600

COLUMNS = (
    ("case", "case"),
    ("step", "step"),
    ("submissions", "submissions"),
    ("cores", "cores"),
    ("seconds", "s"),
    ("cpu", "CPU s"),
    ("per_submission", "s each"),
    ("ratio", "x baseline"),
    ("goal", "goal"),
    ("met", "met"),
    ("score", "score"),
    ("agree", "agree"),
)

#: ``nbgrader autograde`` as ``coursekit grade`` runs it (``python -m nbgrader``), timing its phases.
#: Arguments: the file to write the phases to (JSON), then nbgrader's arguments.
PHASES = r"""
import json, sys, time

def clock():
    return (time.perf_counter(), time.process_time())

def since(start, end):
    return [end[0] - start[0], end[1] - start[1]]

out, arguments = sys.argv[1], sys.argv[2:]
marks = {"began": clock()}
try:
    import rfc3987_syntax  # jsonschema's IRI format checker: Earley parsers built at import
except ImportError:
    pass
marks["rfc3987"] = clock()
from nbgrader.apps.nbgraderapp import NbGraderApp
import nbgrader.preprocessors
from coursekit.grading.nbgrader import trusted
marks["imports"] = clock()
execute = []

def timed(cls):
    original = cls.preprocess

    def preprocess(self, *args, **kwargs):
        start = clock()
        try:
            return original(self, *args, **kwargs)
        finally:
            execute.append(since(start, clock()))

    cls.preprocess = preprocess

timed(trusted.TrustedExecute)
timed(nbgrader.preprocessors.Execute)
sys.argv = ["nbgrader", *arguments]
try:
    NbGraderApp.launch_instance()
finally:
    end = clock()
    with open(out, "w") as handle:
        json.dump({"rfc3987": since(marks["began"], marks["rfc3987"]),
                   "imports": since(marks["rfc3987"], marks["imports"]),
                   "execute": [sum(e[0] for e in execute), sum(e[1] for e in execute)],
                   "total": since(marks["began"], end)}, handle)
"""


# ---------------------------------------------------------------------------------------------
# The temporary course


def environment(tmp: Path) -> dict[str, str]:
    """This environment without the user's Jupyter, IPython and nbgrader settings (their folders in ``tmp``),
    with this Python's scripts first on the path (nbgrader runs ``alembic``)."""
    kept = {key: value for key, value in os.environ.items() if not key.startswith(("JUPYTER", "NBGRADER", "IPYTHON"))}
    return {**kept, "JUPYTER_CONFIG_DIR": str(tmp / "jupyter"), "JUPYTER_DATA_DIR": str(tmp / "jupyter"),
            "IPYTHONDIR": str(tmp / "ipython"), "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}


def reference_sources(notebook: Any) -> dict[str, str]:
    """The reference solution of every solution cell of the source notebook, by grade_id, without the markers."""
    return {
        cell.metadata["nbgrader"]["grade_id"]: "\n".join(
            line for line in cell.source.splitlines()
            if "### BEGIN SOLUTION" not in line and "### END SOLUTION" not in line)
        for cell in notebook.cells if cell.get("metadata", {}).get("nbgrader", {}).get("solution")
    }


def submit(root: Path, students: Sequence[str]) -> None:
    """Each student hands in the released notebook with the reference solution in its solution cells."""
    import nbformat

    read: Any = nbformat.read  # nbformat has no type hints
    solution = reference_sources(read(root / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4))
    release = read(root / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
    for cell in release.cells:
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if grade_id in solution:
            cell.source = solution[grade_id]
    for student in students:
        folder = root / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        write: Any = nbformat.write
        write(release, folder / f"{ASSIGNMENT}.ipynb")


def without_sandbox(config: str) -> str:
    """The course's configuration without its ``c.Autograde.autograde_preprocessors`` statement:
    nbgrader's default steps, the student's cells and the tests run in one kernel.

    >>> without_sandbox("a = 1\\nc.Autograde.autograde_preprocessors = [\\n    'x',\\n]\\nb = 2\\n")
    'a = 1\\nb = 2\\n'
    """
    lines = config.splitlines(keepends=True)
    for node in ast.parse(config).body:
        if isinstance(node, ast.Assign) and any(ast.unparse(t) == "c.Autograde.autograde_preprocessors"
                                                for t in node.targets):
            assert node.end_lineno is not None
            del lines[node.lineno - 1:node.end_lineno]
            return "".join(lines)
    raise ValueError("the configuration does not set c.Autograde.autograde_preprocessors")


def installed(section: Section) -> bool:
    """Whether nbgrader and coursekit are installed here (if not, the section says so: nothing measured)."""
    if (BIN / "nbgrader").exists() and (BIN / "coursekit").exists():
        return True
    section.notes.append("nbgrader or coursekit is not installed in this environment: nothing measured.")
    return False


def released(tmp: Path, assignment: str = ASSIGNMENT, *, key: bytes | None = None,
             config: str = "") -> tuple[Path, dict[str, str]]:
    """A temporary course in ``tmp / "course"`` with the course's configuration (``config`` added at its
    end) and ``assignment`` released by ``nbgrader generate_assignment`` (with the course key ``key``
    written first, if given: a real course makes a random one); the course and its environment."""
    root = tmp / "course"
    (root / "source").mkdir(parents=True)
    shutil.copy(COURSE / "nbgrader_config.py", root / "nbgrader_config.py")
    if config:
        with (root / "nbgrader_config.py").open("a", encoding="utf-8") as handle:
            handle.write("\n" + config)
    shutil.copytree(COURSE / "source" / assignment, root / "source" / assignment)
    if key is not None:
        from coursekit.grading.secret import write_key

        write_key(root, key)
    env = environment(tmp)
    run([str(BIN / "nbgrader"), "generate_assignment", assignment], root, env)
    return root, env


def build(tmp: Path, students: Sequence[str]) -> tuple[Path, Path, dict[str, str]]:
    """The course (sandbox) and its copy (nbgrader's default steps), released and handed in."""
    root, env = released(tmp)
    submit(root, students)
    plain = tmp / "plain"
    shutil.copytree(root, plain)
    config = plain / "nbgrader_config.py"
    config.write_text(without_sandbox(config.read_text(encoding="utf-8")), encoding="utf-8")
    return root, plain, env


# ---------------------------------------------------------------------------------------------
# Timed runs


def run(command: Sequence[str], cwd: Path, env: dict[str, str], cores: set[int] | None = None) -> tuple[float, float]:
    """Run ``command`` (pinned to ``cores`` if given); its wall-clock seconds and CPU seconds
    (it and every process it waited for). A failure raises with its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(list(command), cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT,
                          preexec_fn=(lambda: os.sched_setaffinity(0, cores)) if cores else None)
    seconds = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout[-3000:]}\n"
                           f"{done.stderr[-3000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu


def phases(root: Path, env: dict[str, str], student: str, core: set[int], tmp: Path) -> dict[str, Any]:
    """``nbgrader autograde`` of one submission on one core, with the seconds of its phases."""
    out = tmp / f"phases-{root.name}-{student}.json"
    command = [sys.executable, "-c", PHASES, str(out), "autograde", ASSIGNMENT, "--student", student]
    seconds, cpu = run(command, root, {**env, "PYTHONPATH": str(ROOT)}, core)
    return {"seconds": seconds, "cpu": cpu, **json.loads(out.read_text())}


def scores(root: Path, students: Sequence[str]) -> tuple[dict[str, float | None], float, dict[str, bool]]:
    """Each student's score and whether it needs a person (from the gradebook), and the maximum."""
    from nbgrader.api import Gradebook, MissingEntry

    found: dict[str, float | None] = {}
    manual: dict[str, bool] = {}
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        maximum = float(gradebook.find_assignment(ASSIGNMENT).max_score)
        for student in students:
            try:
                submission = gradebook.find_submission(ASSIGNMENT, student)
            except MissingEntry:
                found[student], manual[student] = None, True
                continue
            found[student], manual[student] = float(submission.score), bool(submission.needs_manual_grade)
    return found, maximum, manual


def full_marks(section: Section, label: str, root: Path, students: Sequence[str]) -> tuple[str, bool]:
    """The score column (``20 / 20``, or the lowest) and whether every submission got full marks."""
    got, maximum, manual = scores(root, students)
    short = [s for s in students if got[s] != maximum or manual[s]]
    for student in short[:3]:
        section.disagree(f"{label}: {student}'s reference submission scored {got[student]} of {maximum:g}"
                         + (" and needs a person" if manual[student] else ""))
    if len(short) > 3:
        section.disagree(f"{label}: {len(short) - 3} more reference submissions without full marks")
    lowest = min((v for v in got.values() if v is not None), default=None)
    shown = "-" if lowest is None else f"{lowest:g} / {maximum:g}"
    return (shown if len(students) == 1 or not short else f"lowest {shown}"), not short


# ---------------------------------------------------------------------------------------------
# The section


def phase_rows(case: str, timed: dict[str, Any], execute: str) -> list[dict[str, Any]]:
    """The phases of one instrumented ``nbgrader autograde`` run (wall-clock s, the process's own CPU s)."""
    start_up = [timed["rfc3987"][i] + timed["imports"][i] for i in (0, 1)]
    rest = [timed["total"][i] - start_up[i] - timed["execute"][i] for i in (0, 1)]
    others = max(0.0, timed["cpu"] - timed["total"][1])  # the sandbox's or the kernel's processes
    rows = [
        ("nbgrader autograde, timed by phase", timed["seconds"], timed["cpu"]),
        ("  start-up: imports", start_up[0], start_up[1]),
        ("    of which rfc3987_syntax (jsonschema)", timed["rfc3987"][0], timed["rfc3987"][1]),
        (f"  Execute: {execute}", timed["execute"][0], timed["execute"][1] + others),
        ("  nbgrader's other steps", rest[0], rest[1]),
        ("  interpreter start and exit", timed["seconds"] - timed["total"][0], None),
    ]
    return [{"case": case, "step": step, "submissions": 1, "cores": 1, "seconds": seconds, "cpu": cpu}
            for step, seconds, cpu in rows]


def measure(*, quick: bool) -> Section:
    count = QUICK_CLASS if quick else CLASS
    section = Section("grading", f"Grading {ASSIGNMENT} in a sandbox (coursekit grade): one submission on one core, "
                                 f"{count} on two", COLUMNS)
    if not installed(section):
        return section
    core = {min(os.sched_getaffinity(0))}
    klass = [f"student{n:03}" for n in range(count)]
    with tempfile.TemporaryDirectory(prefix="coursekit-grading-") as folder:
        tmp = Path(folder)
        began = time.perf_counter()
        root, plain, env = build(tmp, ["single", "phases", *klass])
        set_up = time.perf_counter() - began

        # One submission on one core: what an instructor runs (start-up included), then more on one core
        # (each submission's own cost: coursekit grade imports nbgrader once and forks a child for each),
        # then the phases of an nbgrader autograde run, with the sandbox and nbgrader's own Execute.
        seconds, cpu = run([str(BIN / "coursekit"), "grade", ASSIGNMENT, "--student", "single", "--jobs", "1"],
                           root, env, core)
        score, agree = full_marks(section, "one submission", root, ["single"])
        section.rows.append({
            "case": "one submission", "step": "coursekit grade --jobs 1 (start-up included)", "submissions": 1,
            "cores": 1, "seconds": seconds, "cpu": cpu, "per_submission": seconds, "score": score, "agree": agree,
        })
        more = klass[:ONE_CORE_MORE_QUICK if quick else ONE_CORE_MORE]
        many, many_cpu = run([str(BIN / "coursekit"), "grade", ASSIGNMENT, "--jobs", "1",
                              *(a for student in more for a in ("--student", student))], root, env, core)
        each, each_cpu = (many - seconds) / max(1, len(more) - 1), (many_cpu - cpu) / max(1, len(more) - 1)
        more_score, more_agree = full_marks(section, "on one core", root, more)
        sandboxed = phases(root, env, "phases", core, tmp)
        baseline = phases(plain, env, "phases", core, tmp)
        base_score, base_agree = full_marks(section, "nbgrader's default steps", plain, ["phases"])
        phase_score, phase_agree = full_marks(section, "timed by phase", root, ["phases"])
        section.rows.append({
            "case": "one submission", "step": f"each one more, of {len(more)} on one core (--jobs 1)",
            "submissions": len(more), "cores": 1, "seconds": each, "cpu": each_cpu, "per_submission": each,
            "ratio": ratio(each, baseline["seconds"]), "goal": f"<= {GOAL_ONE_SECONDS:g} s",
            "met": each <= GOAL_ONE_SECONDS, "score": more_score, "agree": more_agree,
        })
        rows = phase_rows("one submission", sandboxed, "student's cells in the sandbox, tests here")
        rows[0].update(step="nbgrader autograde in a process of its own, timed by phase",
                       score=phase_score, agree=phase_agree, ratio=ratio(sandboxed["seconds"], baseline["seconds"]))
        section.rows.extend(rows)
        rows = phase_rows("baseline", baseline, "cells and tests in one kernel")
        rows[0].update(score=base_score, agree=base_agree)
        section.rows.extend(rows)

        # The class, two at a time.
        students = [argument for student in klass for argument in ("--student", student)]
        total, total_cpu = run([str(BIN / "coursekit"), "grade", ASSIGNMENT, *students, "--jobs", "2", "--force"],
                               root, env)
        class_score, class_agree = full_marks(section, "the class", root, klass)
        # Extrapolated: the start-up once (one submission's run less one submission's own cost), the rest
        # per submission.
        own, own_cpu = max(0.0, seconds - each), max(0.0, cpu - each_cpu)
        for_goal = total if count == GOAL_CLASS else own + (total - own) * GOAL_CLASS / count
        cpu_for_goal = total_cpu if count == GOAL_CLASS else own_cpu + (total_cpu - own_cpu) * GOAL_CLASS / count
        section.rows.append({
            "case": "a class", "step": "coursekit grade --jobs 2", "submissions": count, "cores": 2,
            "seconds": total, "cpu": total_cpu, "per_submission": total / count,
            "goal": (f"{GOAL_CLASS} in <= {GOAL_CLASS_SECONDS:g} s"
                     + ("" if count == GOAL_CLASS else f" (extrapolated: {for_goal:,.0f} s)")),
            "met": for_goal <= GOAL_CLASS_SECONDS, "score": class_score, "agree": class_agree,
        })
    load = os.getloadavg()[0]
    unmet = [row for row in section.rows if row.get("met") is False]
    section.notes.append(
        f"The course: {ASSIGNMENT} released by nbgrader generate_assignment (set-up {set_up:.1f} s), every submission "
        "the released notebook with the reference solution; score: from the gradebook (agree: full marks, nothing "
        "for a person). One submission: pinned to one core (the other runs beside it: the load of this machine). "
        "s: wall-clock; CPU s: user + system time of the processes started (a start-up row: of the nbgrader "
        "process alone; '-' where the time is spent in other processes). x baseline: seconds / the baseline's "
        "timed nbgrader autograde."
    )
    section.notes.append(
        "Phases: the same nbgrader autograde as coursekit grade runs, timed inside; coursekit grade's own process "
        "(its start-up, the pre-flight, reading the gradebook back) is the difference between its row and the "
        f"timed run. Load average at the end: {load:.2f} on {os.cpu_count()} cores (the wall-clock seconds grow with "
        "it; the CPU seconds hardly)."
    )
    if count != GOAL_CLASS:
        section.notes.append(f"The class goal is for {GOAL_CLASS} submissions: with {count}, its time is "
                             "extrapolated, not measured (coursekit grade's own process once, the rest "
                             f"x {GOAL_CLASS / count:g}).")
    section.notes.append(
        f"CPU bounds (whatever the load): each submission needs {each_cpu:.2f} CPU s of its own, so on one idle core "
        f"it takes at least that (goal {GOAL_ONE_SECONDS:g} s: "
        f"{'within reach' if each_cpu <= GOAL_ONE_SECONDS else 'out of reach'}); a run of coursekit grade for a "
        f"single submission needs {cpu:.1f} CPU s with its start-up; "
        f"{GOAL_CLASS} submissions need {cpu_for_goal:,.0f} CPU s{'' if count == GOAL_CLASS else ' (extrapolated)'}, "
        f"at least {cpu_for_goal / 2:,.0f} s on two idle cores (goal {GOAL_CLASS_SECONDS:g} s: "
        f"{'within reach' if cpu_for_goal / 2 <= GOAL_CLASS_SECONDS else 'out of reach'})."
    )
    if unmet:
        section.notes.append("Goal NOT met: " + "; ".join(f"{row['case']} ({row['goal']})" for row in unmet) + ".")
    return section
