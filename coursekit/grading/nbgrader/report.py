"""The class report: what a graded assignment says about the class, for the instructor.

After ``coursekit grade psNN`` a course holds, for each student: the gradebook's scores (one per
test cell), the status and reasons :mod:`.batch` wrote there, the seconds each submission took
(:func:`.batch.record`), and the autograded notebooks, whose test cells' outputs hold the
judges' messages (``king_strategy(grid, [2, 1]) returned [2, 0], which is not a legal move:``
and often a ``Hint:`` line that names the likely mistake). :func:`collect` reads them all into
a :class:`ClassReport`:

* per submission: total, score per test cell, status, grading seconds, flags;
* per test cell: how many got full marks;
* named mistakes: each failed test cell's message turned into a mistake name (:func:`mistake_of`),
  counted over the class, most common first, each with one example;
* similar solutions: copydetect over each student's solution cells, the released notebook's code
  as boilerplate; pairs above a threshold with the lines they share (a flag for a person to look,
  never a verdict).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nbgrader.api import Gradebook, MissingEntry

from ...core.shown import terminal
from .batch import Course, CourseError, read_back

#: Similarity (the share of a solution's tokens found in the other's, the larger share) from which a pair is listed.
THRESHOLD = 0.6
#: copydetect's noise threshold (tokens in a row) and guarantee threshold (its window): short student functions.
NOISE, GUARANTEE = 10, 15
#: How many characters of a message the report keeps as an example.
EXAMPLE_CHARS = 2000


@dataclass
class Submission:
    """One student's graded submission."""

    student: str
    score: float | None
    status: str
    cells: dict[str, float] = field(default_factory=dict)
    seconds: float | None = None
    flags: list[str] = field(default_factory=list)


@dataclass
class Mistake:
    """A mistake the judges named: its test cell, its name, how many students made it, one example."""

    check: str
    name: str
    students: list[str] = field(default_factory=list)
    example: str = ""

    @property
    def count(self) -> int:
        return len(self.students)


@dataclass
class Pair:
    """Two solutions more alike than the threshold: their similarity and the lines they share."""

    first: str
    second: str
    similarity: float
    shared: list[str] = field(default_factory=list)


@dataclass
class ClassReport:
    """Everything the class report shows about one assignment."""

    assignment: str
    max_score: float
    points: dict[str, float]
    submissions: list[Submission]
    mistakes: list[Mistake]
    pairs: list[Pair]
    threshold: float = THRESHOLD

    def pass_rates(self) -> dict[str, float]:
        """Per test cell, the share of submissions that got its full points."""
        graded = [s for s in self.submissions if s.score is not None]
        return {cell: (sum(1 for s in graded if s.cells.get(cell, 0.0) >= points - 1e-9) / len(graded)
                       if graded else 0.0) for cell, points in self.points.items()}


# Judges' messages -> mistake names.

_GROUP = re.compile(r"\w*[\[(][^\[\]()]*[\d'\"][^\[\]()]*[\])]")
_NUMBER_ANSWER = re.compile(r"\breturned -?\d+(\.\d+)?\b")


def _call_end(line: str) -> int:
    """Where the call that starts ``line`` ends (``f(grid, [2, 1])``), or 0 if it does not start with one."""
    match = re.match(r"[A-Za-z_]\w*\(", line)
    if not match:
        return 0
    depth = 0
    for index in range(match.end() - 1, len(line)):
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(line[index], 0)
        if depth == 0:
            return index + 1
    return 0


def _general(text: str) -> str:
    """``text`` without its particulars: groups with numbers or quotes become ``…``.

    >>> _general("returned [2, 0], which is not a legal move")
    'returned …, which is not a legal move'
    """
    previous = None
    while previous != text:
        previous, text = text, _GROUP.sub("…", text)
    text = _NUMBER_ANSWER.sub("returned …", text)
    return re.sub(r"…(\s*…)+", "…", text).strip()


def _first_clause(text: str) -> str:
    """Up to the first ``:``, ``;``, ``?`` or full stop that ends a sentence."""
    return re.split(r"[:;?](?:\s|$)|\.(?:\s|$)", text, maxsplit=1)[0].strip()


def mistake_of(ename: str, evalue: str) -> tuple[str, str]:
    """A failed test cell's error as ``(mistake name, example position)``.

    The judges' messages start with the call that failed and what went wrong; a ``Hint:`` line
    names the likely mistake. The name keeps what is common to everyone who made the mistake.

    >>> mistake_of("AssertionError", "king_strategy(grid, [2, 1]) returned [2, 0], which is not a legal move:\\n"
    ...            "[2, 0] is a blocked cell.\\nHint: [2, 0] is the beans rule's move (leave both coordinates even), "
    ...            "which wins on an open grid;\\nblocked cells...")
    ("returned …, which is not a legal move; hint: … is the beans rule's move (leave both coordinates even), \
which wins on an open grid", 'king_strategy(grid, [2, 1])')
    >>> mistake_of("AssertionError", "is_winning(3, 6) raised NotImplementedError\\n  (line 4 of is_winning)")
    ('raised NotImplementedError', 'is_winning(3, 6)')
    >>> mistake_of("AssertionError", "is_winning(1, 0) returned 1 (an int); it must return True or False.")
    ('returned … (an int); it must return True or False', 'is_winning(1, 0)')
    >>> mistake_of("NameError", "name 'king_strategy' is not defined")
    ("NameError: name 'king_strategy' is not defined", '')
    """
    lines = evalue.strip().splitlines() or [""]
    first = lines[0]
    if ename != "AssertionError":
        return f"{ename}: {_first_clause(first)}".strip().rstrip(":"), ""
    end = _call_end(first)
    call, rest = first[:end], first[end:].strip()
    said = rest or first
    malformed = re.search(r"; (it must .*?)\.?$", said)  # returned 1 (an int); it must return True or False.
    name = _general(_first_clause(said)) + (f"; {malformed.group(1)}" if malformed else "")
    hints = [line.strip()[len("Hint:"):].strip() for line in lines if line.strip().startswith("Hint:")]
    if hints:
        name += f"; hint: {_general(_first_clause(hints[0]))}"
    return name, call


def failures(notebook: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The errors of a graded notebook's test cells: ``(grade_id, ename, evalue)``; what is not shaped as a
    notebook's cell or output is passed over.

    >>> test = {"cell_type": "code", "metadata": {"nbgrader": {"grade": True, "grade_id": "test_f"}},
    ...         "outputs": [{"output_type": "error", "ename": "AssertionError", "evalue": "f(1) returned 2"}, 7]}
    >>> failures({"cells": [test, "junk", {"metadata": []}]})
    [('test_f', 'AssertionError', 'f(1) returned 2')]
    """
    found = []
    for cell in _list(notebook.get("cells")):
        meta = _dict(_dict(_dict(cell).get("metadata")).get("nbgrader"))
        if not meta.get("grade") or _dict(cell).get("cell_type") != "code":
            continue
        for output in map(_dict, _list(_dict(cell).get("outputs"))):
            if output.get("output_type") == "error":
                found.append((str(meta.get("grade_id")), str(output.get("ename", "")), str(output.get("evalue", ""))))
    return found


def solution_code(notebook: dict[str, Any]) -> str:
    """The code of a notebook's solution cells, one after the other."""
    cells = map(_dict, _list(notebook.get("cells")))
    return "\n\n".join(_source(cell) for cell in cells if cell.get("cell_type") == "code"
                       and _dict(_dict(cell.get("metadata")).get("nbgrader")).get("solution"))


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _read_notebook(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


# Similar solutions.

def similar_pairs(solutions: dict[str, str], boilerplate: str, threshold: float = THRESHOLD,
                  progress: Callable[[int, int], None] | None = None) -> list[Pair]:
    """Pairs of solutions whose similarity (copydetect, names of variables ignored, ``boilerplate`` left out)
    reaches ``threshold``, most alike first, each with the lines of the first that the second shares.

    >>> one = "def f(items):\\n    total = 0\\n    for item in items:\\n        if item % 2 == 0:\\n" \\
    ...       "            total += item * item\\n    return total\\n"
    >>> two = one.replace("total", "acc").replace("item", "x")
    >>> other = "def f(items):\\n    return 0\\n"
    >>> [(p.first, p.second) for p in similar_pairs({"ann": one, "bob": two, "cy": other}, "")]
    [('ann', 'bob')]
    """
    from copydetect import CodeFingerprint, compare_files

    window = GUARANTEE - NOISE + 1
    boiler = sorted(CodeFingerprint("boilerplate.py", NOISE, window, fp=io.StringIO(boilerplate)).hashes) \
        if boilerplate.strip() else []
    prints = {}
    for student, code in sorted(solutions.items()):
        if code.strip():
            prints[student] = CodeFingerprint(f"{student}.py", NOISE, window, boilerplate=boiler, fp=io.StringIO(code))
    names = sorted(prints)
    total = len(names) * (len(names) - 1) // 2
    pairs, done = [], 0
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            done += 1
            if progress:
                progress(done, total)
            a, b = prints[first], prints[second]
            if not len(a.hashes) or not len(b.hashes):
                continue
            _, (share_a, share_b), (slices_a, _) = compare_files(a, b)
            similarity = float(max(share_a, share_b))
            if similarity >= threshold:
                pairs.append(Pair(first, second, round(similarity, 3), _lines_in(a.raw_code, slices_a)))
    return sorted(pairs, key=lambda p: (-p.similarity, p.first, p.second))


def _lines_in(code: str, slices: Any) -> list[str]:
    """The non-blank lines of ``code`` that the copied slices (copydetect's starts and ends) touch."""
    lines, found = code.splitlines(keepends=True), []
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    for number, line in enumerate(lines):
        begin, end = starts[number], starts[number + 1]
        if line.strip() and any(s < end and e > begin for s, e in zip(slices[0], slices[1], strict=False)):
            found.append(line.rstrip("\n"))
    return found


# Reading a graded course.

def _records(course: Course, assignment: str) -> dict[str, Any]:
    """What the batch recorded per submission (its seconds): see :func:`.batch.record`."""
    from .batch import records_path

    try:
        data = json.loads(records_path(course, assignment).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def collect(course: Course, assignment: str, *, threshold: float = THRESHOLD,
            progress: Callable[[str, int, int], None] | None = None) -> ClassReport:
    """Read ``assignment``'s grades, judges' messages and solutions from ``course`` into a :class:`ClassReport`.

    Raises :class:`.batch.CourseError` (one line) when the course has no such assignment or it was never graded.
    ``progress(step, done, total)`` hears how the long parts go.
    """
    notebooks = course.notebooks(assignment)
    if course.db_url.startswith("sqlite:///") and not Path(course.db_url[len("sqlite:///"):]).is_file():
        raise CourseError(f"{assignment} was never graded in {course.root}: it has no gradebook yet "
                          f"(run coursekit grade {assignment} first)")
    with Gradebook(course.db_url) as gradebook:
        try:
            found = gradebook.find_assignment(assignment)
        except MissingEntry:
            raise CourseError(f"{assignment} is not in the gradebook of {course.root}: release and grade it "
                              f"first") from None
        maximum = float(found.max_score)
        points = {cell.name: float(cell.max_score) for notebook in found.notebooks for cell in notebook.grade_cells}
        students = sorted(s.student.id for s in found.submissions)
    if not students:
        raise CourseError(f"{assignment} was never graded in {course.root}: run coursekit grade {assignment} first")
    records = _records(course, assignment)
    submissions: list[Submission] = []
    mistakes: dict[tuple[str, str], Mistake] = {}
    solutions: dict[str, str] = {}
    for done, student in enumerate(students, start=1):
        if progress:
            progress("reading", done, len(students))
        result = read_back(course, assignment, student)
        cells = {}
        with Gradebook(course.db_url) as gradebook:
            for notebook in notebooks:
                for cell in points:
                    try:
                        grade = gradebook.find_grade(cell, notebook, assignment, student)
                    except MissingEntry:
                        continue
                    cells[cell] = float(grade.score or 0.0)
        seconds = records.get(student, {}).get("seconds") if isinstance(records.get(student), dict) else None
        submissions.append(Submission(student, result.score, result.status, cells,
                                      float(seconds) if isinstance(seconds, (int, float)) else None,
                                      [*result.reasons, *result.notes]))
        code = []
        for notebook in notebooks:
            graded = _read_notebook(course.root / "autograded" / student / assignment / f"{notebook}.ipynb")
            for check, ename, evalue in failures(graded):
                name, position = mistake_of(ename, evalue)
                mistake = mistakes.setdefault((check, name), Mistake(check, name))
                if student not in mistake.students:
                    mistake.students.append(student)
                if not mistake.example:
                    mistake.example = (evalue[:EXAMPLE_CHARS] if position else f"{ename}: {evalue}"[:EXAMPLE_CHARS])
            code.append(solution_code(graded))
        solutions[student] = "\n\n".join(code)
    boilerplate = "\n\n".join(solution_code(_read_notebook(course.root / "release" / assignment / f"{notebook}.ipynb"))
                              for notebook in notebooks)
    pairs = similar_pairs(solutions, boilerplate, threshold,
                          (lambda done, total: progress("comparing", done, total)) if progress else None)
    ordered = sorted(mistakes.values(), key=lambda m: (-m.count, m.check, m.name))
    return ClassReport(assignment, maximum, points, submissions, ordered, pairs, threshold)


def summary(report: ClassReport) -> str:
    """A few lines for the terminal: counts of submissions, mistakes and similar pairs."""
    scores = [s.score for s in report.submissions if s.score is not None]
    mean = sum(scores) / len(scores) if scores else 0.0
    lines = [f"{report.assignment}: {len(report.submissions)} submissions, mean {mean:.1f} / {report.max_score:g}",
             f"{len(report.mistakes)} named mistakes"
             + (f", most common: {terminal(report.mistakes[0].name)} ({report.mistakes[0].count})"
                if report.mistakes else ""),
             f"{len(report.pairs)} pairs of similar solutions at {report.threshold:g} or more"]
    return "\n".join(lines)


__all__ = ["THRESHOLD", "ClassReport", "Mistake", "Pair", "Submission", "collect", "failures", "mistake_of",
           "similar_pairs", "solution_code", "summary"]
