"""The grading cost of the worst sleeping submission, with the clock of before and of now, in one run.

    python -m benchmarks.grading_sleeper [--busy N] [--honest ps01 ps03 ...] [--skip-before]

(with the environment's ``bin`` first on ``PATH``: nbgrader runs ``alembic``). It builds its courses as
the nbgrader tests do (``tests/nbgrader_course.py``).

1. A ps08 course (real nbgrader, the release of ``assignments/``) with two submissions: the reference,
   and ``sleeper``, which plays the reference's guesses but sleeps 15 s a call (no CPU time). The batch
   (``coursekit grade``'s own :func:`~coursekit.grading.nbgrader.batch.grade`: forked children, nbgrader,
   the sandbox, the 600 s limit a submission) grades ``sleeper`` twice: with the rules of before (no limit on
   waiting, no stop after two waits: ``WAIT_SECONDS`` and ``WAITS`` turned off, the wall-clock backstop
   alone) and with the rules of now. Each run prints its seconds, score, status and reasons.
2. Every call the batch makes of the honest submissions (the reference of ps08, and of each problem set
   named after ``--honest``), beside ``--busy`` processes that burn CPU (default 4, two a core here), is
   timed: wall clock, the sandbox's CPU time and its waiting (see :func:`~coursekit.grading.limits.wait_backstop`).
   The largest ratio of wall clock to CPU time, and the largest waiting, are printed: why the limit counts
   waiting and not the wall clock.

Not a section of ``python -m benchmarks``: it takes about twelve minutes, the rules of before ten of them.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1] / "tests"


def from_tests(module: str) -> Any:
    """A helper module of the tests (``nbgrader_course``, ``test_hostile_waits``)."""
    if str(TESTS) not in sys.path:
        sys.path.insert(0, str(TESTS))
    return importlib.import_module(module)


@contextlib.contextmanager
def busy(count: int) -> Iterator[None]:
    """``count`` processes that burn CPU until the block ends."""
    burners = [subprocess.Popen([sys.executable, "-c", "while True:\n    pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


@contextlib.contextmanager
def rules(before: bool) -> Iterator[None]:
    """The waiting rules of before (off) or of now, for the grading children forked inside."""
    from coursekit.grading import limits

    kept = limits.WAIT_SECONDS, limits.WAITS
    if before:
        limits.WAIT_SECONDS, limits.WAITS = math.inf, sys.maxsize
    try:
        yield
    finally:
        limits.WAIT_SECONDS, limits.WAITS = kept


def record_calls(path: Path) -> None:
    """Time every request the sandbox answers (in this process and the children forked from it), into ``path``."""
    from coursekit.grading import sandbox

    ask = sandbox.Sandbox._ask

    def timed(self: Any, request: dict[str, Any], seconds: float, cpu: float | None = None) -> dict[str, Any]:
        box = self._box
        meter = box.meter if box is not None else None
        began = time.monotonic()
        cpu_start = meter.seconds() if meter else 0.0
        active = meter.active() if meter else None
        grader = sandbox._grader_active()
        try:
            return ask(self, request, seconds, cpu)
        finally:
            wall = time.monotonic() - began
            if meter is not None and active is not None and request.get("op") == "call":
                used = meter.seconds() - cpu_start
                now_active, now_grader = meter.active(), sandbox._grader_active()
                helped = (now_grader - grader) if now_grader is not None and grader is not None else 0.0
                waited = wall - ((now_active or active) - active) - helped
                with path.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"name": request.get("name"), "wall": wall, "cpu": used, "waited": waited,
                                          "limit": cpu}) + "\n")

    sandbox.Sandbox._ask = timed  # type: ignore[method-assign]


def course(name: str, students: dict[str, Any], tmp: Path) -> Path:
    """A released course of problem set ``name`` with ``students`` handed in (graded once by ``run_course``)."""
    course = from_tests("nbgrader_course")
    run = course.run_course(course.Source(name), students, tmp)
    return Path(run.root)


def solutions(source: Any) -> dict[str, str]:
    """The reference solution of every solution cell of ``source``."""
    cells = from_tests("nbgrader_course").by_id(source.notebook())
    return {grade_id: source.reference(grade_id) for grade_id, cell in cells.items()
            if cell.metadata["nbgrader"].get("solution")}


def grade_in_process(root: Path, name: str, students: list[str]) -> list[Any]:
    from coursekit.grading.nbgrader.batch import Course, grade

    here = os.getcwd()
    os.chdir(root)
    try:
        return grade(Course.at(root), name, students, force=True, jobs=1)
    finally:
        os.chdir(here)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--busy", type=int, default=4, help="processes that burn CPU beside the honest grading")
    parser.add_argument("--honest", nargs="*", default=[], help="more problem sets whose reference is timed")
    parser.add_argument("--skip-before", action="store_true", help="do not grade with the rules of before")
    options = parser.parse_args()
    Source, Student = from_tests("nbgrader_course").Source, from_tests("nbgrader_course").Student
    sleeping_guesser = from_tests("test_hostile_waits").sleeping_guesser

    from coursekit.grading.limits import wait_backstop, wall_backstop

    with tempfile.TemporaryDirectory(prefix="bench-waits-") as folder:
        tmp = Path(folder)
        source = Source("ps08")
        print("making the ps08 course (release, a first grading, feedback)...", flush=True)
        (tmp / "ps08").mkdir()
        root = course("ps08", {"reference": Student(solutions(source)),
                               "sleeper": Student({"next_guess": sleeping_guesser(source)}, zero="all")}, tmp / "ps08")
        print(f"\nps08's sleeping guesser (15 s a call), graded by the batch (limit 600 s a submission); a call of "
              f"1 s of CPU time: wall-clock backstop {wall_backstop(1.0):g} s, waiting limit {wait_backstop(1.0):g} s")
        for before in ([False] if options.skip_before else [True, False]):
            with rules(before):
                began = time.perf_counter()
                result = grade_in_process(root, "ps08", ["sleeper"])[0]
                took = time.perf_counter() - began
            print(f"  {'before' if before else 'now':<7} {took:7.1f} s  {result.line()[:300]}", flush=True)

        calls = tmp / "calls.jsonl"
        record_calls(calls)
        roots = {"ps08": root}
        for name in options.honest:
            (tmp / name).mkdir()
            roots[name] = course(name, {"reference": Student(solutions(Source(name)))}, tmp / name)
        print(f"\nhonest references, every call timed, beside {options.busy} processes that burn CPU "
              f"({os.cpu_count()} cores):", flush=True)
        with busy(options.busy):
            for name, where in roots.items():
                began = time.perf_counter()
                result = grade_in_process(where, name, ["reference"])[0]
                print(f"  {name}: {time.perf_counter() - began:.1f} s  {result.line()[:200]}", flush=True)
        rows = [json.loads(line) for line in calls.read_text(encoding="utf-8").splitlines()] if calls.exists() else []
        if rows:
            heavy = [r for r in rows if r["cpu"] >= 0.05]
            worst = max(heavy or rows, key=lambda r: r["wall"] / max(r["cpu"], 1e-3))
            waited = max(rows, key=lambda r: r["waited"])
            print(f"  {len(rows)} calls; of those using 0.05 s of CPU time or more ({len(heavy)}), the largest ratio "
                  f"of wall clock to CPU time: {worst['wall'] / max(worst['cpu'], 1e-3):.2f} ({worst['name']}: "
                  f"{worst['wall']:.2f} s by the clock, {worst['cpu']:.2f} s of CPU)")
            print(f"  the largest waiting of a call: {waited['waited']:.3f} s ({waited['name']}: "
                  f"{waited['wall']:.2f} s by the clock, {waited['cpu']:.2f} s of CPU, limit {waited['limit']} s); "
                  f"the limit is its CPU limit + 2 s")
            print(f"  the longest call by the clock: {max(r['wall'] for r in rows):.2f} s; the most CPU time of a "
                  f"call: {max(r['cpu'] for r in rows):.2f} s; the wall clock of all calls together: "
                  f"{sum(r['wall'] for r in rows):.1f} s for {sum(r['cpu'] for r in rows):.1f} s of CPU time")


if __name__ == "__main__":
    main()
