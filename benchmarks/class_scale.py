"""Scale, measured (issue 22): a generated class of ps01 graded and reported on, and a ps05 tournament.

- A class of N ps01 submissions (N = 300; 6 with ``--quick``; ``COURSEKIT_BENCH_CLASS`` sets
  another N): a seeded mix of the known submissions (``tests/known_submissions.py``: right, partly
  right, broken, looping) and the hostile ones (``tests/hostile_submissions.py``), each the released
  notebook filled as the nbgrader tests fill theirs (``filled``), in a temporary course built as the
  grading section builds its own (:func:`benchmarks.grading.released`, with the tests' course key and
  per-cell limit, so every known score holds). Graded by ``coursekit grade ps01 --jobs 2``; agree:
  how many submissions got the score their known entry says. Beside it, in the same run and course,
  a small batch of reference submissions graded the same way: the baseline of the seconds each.
- ``coursekit report ps01`` on that graded course.
- ``coursekit tournament ps05 --jobs 2`` on a class of M ps05 students (M = 30; 4 with
  ``--quick``; ``COURSEKIT_BENCH_PLAYERS`` sets another M): a seeded mix of the strategies the
  tournament's tests write (``tests/test_tournament.py``: perfect, good, random, broken, slow),
  with the course's computers. Its seconds and games.

This section imports its submissions from ``tests/`` (put on ``sys.path``): the known scores are
the tests' own, so a benchmark that checks them must use the same submissions, not copies.
Seconds are wall-clock; CPU s is the user and system time of the processes started.
"""

from __future__ import annotations

import csv
import importlib
import json
import os
import random
import sys
import tempfile
import time
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .grading import BIN, ROOT, environment, installed, released, run, scores
from .measure import Section, ratio

ASSIGNMENT = "ps01"
#: The class sizes (full run, ``--quick``) and the environment variable that sets another.
CLASS, QUICK_CLASS, CLASS_VARIABLE = 300, 6, "COURSEKIT_BENCH_CLASS"
#: The reference batch beside the class (the baseline of the seconds each).
REFERENCES, QUICK_REFERENCES = 6, 2
#: The tournament's class sizes and the environment variable that sets another.
PLAYERS, QUICK_PLAYERS, PLAYERS_VARIABLE = 30, 4, "COURSEKIT_BENCH_PLAYERS"
#: The seed of every random choice of the section.
SEED = 22
#: Known ps01 submissions whose time is their own (no cell that runs to its time limit): a quick run draws
#: from these only, so that it stays short.
QUICK_KINDS = ("reference", "untouched", "wrong_king", "deleter", "sneaky")
#: How often each ps05 strategy is drawn (a slow one runs each move to its time limit: rare).
STRATEGIES = {"perfect": 3, "good": 3, "random": 3, "broken": 1, "slow": 1}
QUICK_STRATEGIES = ("perfect", "good", "random", "broken")

COLUMNS = (
    ("step", "step"),
    ("count", "count"),
    ("seconds", "s"),
    ("cpu", "CPU s"),
    ("per_item", "s each"),
    ("ratio", "x reference batch"),
    ("known", "scores as known"),
    ("agree", "agree"),
)


def size(variable: str, full: int, quick_size: int, quick: bool) -> int:
    """The size set by the environment variable ``variable`` (a positive whole number), else the default.

    >>> size("COURSEKIT_NO_SUCH_VARIABLE", 300, 6, quick=True)
    6
    """
    text = os.environ.get(variable, "").strip()
    if not text:
        return quick_size if quick else full
    if not text.isdigit() or int(text) < 1:
        print(f"error: {variable} must be a positive whole number, not {text!r}", file=sys.stderr)
        raise SystemExit(2)
    return int(text)


def from_tests(module: str) -> Any:
    """A module of ``tests/`` (put on ``sys.path``), where the known submissions and the tests' course
    helpers live."""
    folder = str(ROOT / "tests")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module(module)


def mix(kinds: Sequence[str], count: int, rng: random.Random, *, weights: Sequence[float] | None = None) -> list[str]:
    """``count`` kinds drawn from ``kinds`` (every kind once first while there is room, then at random).

    >>> mix(["a", "b", "c"], 2, random.Random(1))
    ['a', 'b']
    >>> sorted(set(mix(["a", "b"], 5, random.Random(1))))
    ['a', 'b']
    """
    first = list(kinds[:count])
    return first + rng.choices(list(kinds), weights=weights, k=count - len(first))


# ---------------------------------------------------------------------------------------------
# ps01: the class


def known_students() -> dict[str, Any]:
    """The known ps01 submissions and the hostile ones (the hostile reference is the same as the known)."""
    source = from_tests("nbgrader_course").Source(ASSIGNMENT)
    return {**from_tests("hostile_submissions").hostile_students(source),
            **from_tests("known_submissions").ps01_students(source)}


def hand_in(root: Path, kinds: Mapping[str, str], known: Mapping[str, Any]) -> dict[str, float]:
    """Each student (name -> kind) hands in the released notebook filled as their known submission does;
    the score each must get."""
    import nbformat

    course = from_tests("nbgrader_course")
    by_id, filled = course.by_id, course.filled

    read: Any = nbformat.read  # nbformat has no type hints
    release = read(root / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
    points = {grade_id: float(cell.metadata["nbgrader"]["points"]) for grade_id, cell in by_id(release).items()
              if cell.metadata["nbgrader"].get("grade")}
    expected: dict[str, float] = {}
    for student, kind in kinds.items():
        submission = known[kind]
        folder = root / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        if submission.raw is None:
            write: Any = nbformat.write
            with warnings.catch_warnings():  # a hostile notebook's duplicated cells: nbformat renames their ids
                warnings.simplefilter("ignore")
                write(filled(release, submission), folder / f"{ASSIGNMENT}.ipynb")
        elif submission.raw:
            (folder / f"{ASSIGNMENT}.ipynb").write_bytes(submission.raw)
        expected[student] = sum(submission.expected(points).values())
    return expected


def grade(root: Path, env: dict[str, str], students: Sequence[str]) -> tuple[float, float]:
    """``coursekit grade ps01 --jobs 2`` of ``students``: its seconds and CPU seconds."""
    return run([str(BIN / "coursekit"), "grade", ASSIGNMENT, "--jobs", "2",
                *(a for student in students for a in ("--student", student))], root, env)


def as_known(section: Section, label: str, root: Path, expected: Mapping[str, float],
             kinds: Mapping[str, str]) -> tuple[int, bool]:
    """How many students got their known score (a submission never graded: 0), and whether all did."""
    got, _, _ = scores(root, list(expected))
    wrong = [s for s in expected if abs((got[s] or 0.0) - expected[s]) > 1e-6]
    for student in wrong[:5]:
        section.disagree(f"{label}: {student} ({kinds[student]}) scored {got[student]}, known {expected[student]:g}")
    if len(wrong) > 5:
        section.disagree(f"{label}: {len(wrong) - 5} more submissions off their known score")
    return len(expected) - len(wrong), not wrong


# ---------------------------------------------------------------------------------------------
# ps05: the tournament


def tournament(tmp: Path, count: int, quick: bool, rng: random.Random) -> tuple[float, float, int, dict[str, int]]:
    """``coursekit tournament ps05 --jobs 2`` on a generated class: seconds, CPU s, games, the strategies drawn."""
    tests = from_tests("test_tournament")
    code = {"perfect": tests.reference(), "good": tests.GOOD, "random": tests.RANDOM, "broken": tests.BROKEN,
            "slow": tests.SLOW}
    kinds = list(QUICK_STRATEGIES if quick else STRATEGIES)
    drawn = mix(kinds, count, rng, weights=[STRATEGIES[k] for k in kinds])
    root = tmp / "tournament"
    (root / "source" / "ps05").mkdir(parents=True)
    (root / "nbgrader_config.py").write_text("c = get_config()\n", encoding="utf-8")
    notebook = ROOT / "assignments" / "source" / "ps05" / "ps05.ipynb"
    (root / "source" / "ps05" / "ps05.ipynb").write_bytes(notebook.read_bytes())
    for n, kind in enumerate(drawn):
        folder = root / "submitted" / f"player{n:03}" / "ps05"
        folder.mkdir(parents=True)
        (folder / "ps05.ipynb").write_text(json.dumps(tests.with_best_move(code[kind])), encoding="utf-8")
    out = tmp / "tournament-out"
    seconds, cpu = run([str(BIN / "coursekit"), "tournament", "ps05", "--seed", str(SEED), "--jobs", "2",
                        "--out", str(out)], root, environment(tmp))
    with (out / "tournament-games.csv").open(newline="", encoding="utf-8") as handle:
        games = sum(1 for _ in csv.DictReader(handle))
    return seconds, cpu, games, {kind: drawn.count(kind) for kind in kinds}


# ---------------------------------------------------------------------------------------------
# The section


def measure(*, quick: bool) -> Section:
    count = size(CLASS_VARIABLE, CLASS, QUICK_CLASS, quick)
    players = size(PLAYERS_VARIABLE, PLAYERS, QUICK_PLAYERS, quick)
    references = QUICK_REFERENCES if quick else REFERENCES
    section = Section("class_scale", f"Scale: a class of {count} {ASSIGNMENT} submissions graded and reported on, "
                                     f"a ps05 tournament of {players}", COLUMNS)
    if not installed(section):
        return section
    course = from_tests("nbgrader_course")
    cell_timeout, test_key = course.CELL_TIMEOUT, course.TEST_KEY
    rng = random.Random(SEED)
    known = known_students()
    kinds_known = [k for k in known if k != "reference"] if not quick else [k for k in QUICK_KINDS if k != "reference"]
    # about a third right, the rest drawn evenly from the partly right, broken and hostile ones
    drawn = mix(["reference", *kinds_known], count, rng, weights=[len(kinds_known) / 2, *[1] * len(kinds_known)])
    klass = {f"student{n:03}": kind for n, kind in enumerate(drawn)}
    batch = {f"reference{n:02}": "reference" for n in range(references)}
    with tempfile.TemporaryDirectory(prefix="coursekit-scale-") as folder:
        tmp = Path(folder)
        began = time.perf_counter()
        root, env = released(tmp, key=test_key, config=f"c.TrustedExecute.cell_timeout = {cell_timeout}\n")
        expected = hand_in(root, {**batch, **klass}, known)
        set_up = time.perf_counter() - began

        base, base_cpu = grade(root, env, list(batch))
        base_right, base_agree = as_known(section, "the reference batch", root,
                                          {s: expected[s] for s in batch}, batch)
        section.rows.append({"step": "reference batch: coursekit grade --jobs 2", "count": references,
                             "seconds": base, "cpu": base_cpu, "per_item": base / references,
                             "known": f"{base_right} / {references}", "agree": base_agree})
        total, total_cpu = grade(root, env, list(klass))
        right, agree = as_known(section, "the class", root, {s: expected[s] for s in klass}, klass)
        section.rows.append({"step": "the class: coursekit grade --jobs 2", "count": count, "right": right,
                             "seconds": total,
                             "cpu": total_cpu, "per_item": total / count,
                             "ratio": ratio(total / count, base / references),
                             "known": f"{right} / {count}", "agree": agree})
        seconds, cpu = run([str(BIN / "coursekit"), "report", ASSIGNMENT], root, env)
        page = root / "reports" / f"{ASSIGNMENT}.html"
        section.rows.append({"step": "coursekit report (the class and the batch)", "count": count + references,
                             "seconds": seconds, "cpu": cpu, "per_item": seconds / (count + references),
                             "agree": page.exists() or None})
        if not page.exists():
            section.disagree(f"coursekit report wrote no {page.name}")
        played, played_cpu, games, strategies = tournament(tmp, players, quick, rng)
        section.rows.append({"step": f"coursekit tournament ps05 --jobs 2 ({games:,} games)", "count": players,
                             "seconds": played, "cpu": played_cpu, "per_item": played / max(1, games),
                             "games": games})
    shown = ", ".join(f"{kind} {drawn.count(kind)}" for kind in dict.fromkeys(drawn))
    section.notes.append(
        f"The class (seed {SEED}): {shown}. Set-up {set_up:.1f} s (release and hand-in). Graded in one course with "
        f"the tests' course key and per-cell limit ({cell_timeout} s), so every known score holds; the reference "
        f"batch ({references} reference submissions, graded first) is the baseline: x reference batch = the class's "
        "seconds each / the batch's (each run's start-up included once, so a small batch's seconds each are high)."
    )
    section.notes.append(
        "s each: the grade and report rows per submission, the tournament row per game. Tournament strategies: "
        + ", ".join(f"{kind} {n}" for kind, n in strategies.items())
        + ", with the course's computers; "
        f"load average at the end {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores."
    )
    return section
