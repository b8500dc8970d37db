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

What a student wrote is read in bounded pieces, so that the report's cost grows with the class and
not with what one student sends: only the first :data:`CELL_CHARS` characters of each solution cell,
the first :data:`SOLUTION_CHARS` characters of each solution (cut at a line's end) are compared,
which bounds the fingerprints and copied slices of every pair; at most :data:`SHARED_LINES` shared
lines are listed per pair; of an error, the first :data:`NAME_CHARS` characters of its name and
:data:`MESSAGE_CHARS` of its message are read. The messages are parsed with string methods in one
pass, never with a pattern that could backtrack.
"""

from __future__ import annotations

import io
import json
from bisect import bisect_left, bisect_right
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
#: How many characters of each solution cell are read, and of each student's solution compared.
CELL_CHARS, SOLUTION_CHARS = 10_000, 20_000
#: How many lines a similar pair lists as shared (the first ones).
SHARED_LINES = 200
#: How many characters of an error's name and of its message are read.
NAME_CHARS, MESSAGE_CHARS = 200, 10_000


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


# Judges' messages -> mistake names, in one pass over the text each (no pattern that could backtrack).

def _word(char: str) -> bool:
    """Whether ``char`` is a word character (a letter, a digit or ``_``), as ``\\w`` has it."""
    return char.isalnum() or char == "_"


def _call_end(line: str) -> int:
    """Where the call that starts ``line`` ends (``f(grid, [2, 1])``), or 0 if it does not start with one.

    >>> _call_end("f(grid, [2, 1]) returned 3"), _call_end("2 + f(1)"), _call_end("f(1")
    (15, 0, 0)
    """
    if not line or not (line[0] == "_" or (line[0].isascii() and line[0].isalpha())):
        return 0
    opening = 1
    while opening < len(line) and _word(line[opening]):
        opening += 1
    if not line.startswith("(", opening):
        return 0
    depth = 0
    for index in range(opening, len(line)):
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(line[index], 0)
        if depth == 0:
            return index + 1
    return 0


def _groups_out(text: str) -> str:
    """``text`` with every group that holds a number or a quote (with the name that calls it) as ``…``.

    A group is a bracket or parenthesis and its closing one with no bracket left inside; a group
    whose inner groups all went out may go out in turn.

    >>> _groups_out("f([2, 1]) returned ([2, 0], 'x') not (an int) or [[1], [2]]")
    'f(…) returned … not (an int) or […, …]'
    """
    out: list[str] = []
    groups: list[list[int]] = []  # per open group: its start in out, its numbers and quotes, whether a group stayed
    for char in text:
        if char in "[(":
            groups.append([len(out), 0, 0])
            out.append(char)
        elif char in "])" and groups:
            start, particulars, kept = groups.pop()
            if particulars and not kept:
                del out[start:]
                while out and _word(out[-1]):
                    if out.pop().isdecimal() and groups:
                        groups[-1][1] -= 1
                out.append("…")
            else:
                out.append(char)
                if groups:
                    groups[-1][2] = 1
        else:
            out.append(char)
            if groups and (char.isdecimal() or char in "'\""):
                groups[-1][1] += 1
    return "".join(out)


def _number_end(text: str, start: int) -> int:
    """Where the number (``-?digits(.digits)?``, a whole word) that starts at ``start`` ends, or -1."""
    index = start + 1 if text.startswith("-", start) else start
    end = index
    while end < len(text) and text[end].isdecimal():
        end += 1
    if end == index:
        return -1
    if text.startswith(".", end):
        fraction = end + 1
        while fraction < len(text) and text[fraction].isdecimal():
            fraction += 1
        if fraction > end + 1 and (fraction == len(text) or not _word(text[fraction])):
            return fraction
    return end if end == len(text) or not _word(text[end]) else -1


def _numbers_out(text: str) -> str:
    """``text`` with each ``returned`` and a number as ``returned …``.

    >>> _numbers_out("returned -1.5, then returned 2x, unreturned 3")
    'returned …, then returned 2x, unreturned 3'
    """
    word, parts, done = "returned ", [], 0
    found = text.find(word)
    while found >= 0:
        end = _number_end(text, found + len(word)) if found == 0 or not _word(text[found - 1]) else -1
        if end >= 0:
            parts += [text[done:found], "returned …"]
            done = end
        found = text.find(word, max(end, found + 1))
    return "".join([*parts, text[done:]])


def _ellipses_joined(text: str) -> str:
    """``text`` with each run of ``…`` (blanks between them) as one ``…``.

    >>> _ellipses_joined("a … … …, …")
    'a …, …'
    """
    out, index = [], 0
    while index < len(text):
        out.append(text[index])
        index += 1
        if text[index - 1] != "…":
            continue
        while True:
            after = index
            while after < len(text) and text[after].isspace():
                after += 1
            if not text.startswith("…", after):
                break
            index = after + 1
    return "".join(out)


def _general(text: str) -> str:
    """``text`` without its particulars: groups with numbers or quotes become ``…``.

    >>> _general("returned [2, 0], which is not a legal move")
    'returned …, which is not a legal move'
    """
    return _ellipses_joined(_numbers_out(_groups_out(text))).strip()


def _first_clause(text: str) -> str:
    """Up to the first ``:``, ``;``, ``?`` or full stop that ends a sentence.

    >>> _first_clause("f(1.5) returned 2.0: it must be 3. Really")
    'f(1.5) returned 2.0'
    """
    for index, char in enumerate(text):
        if char in ":;?." and (index + 1 == len(text) or text[index + 1].isspace()):
            return text[:index].strip()
    return text.strip()


def _must(said: str) -> str | None:
    """What ``; it must ...`` at the end of ``said`` asks for, without its full stop, or None."""
    found = said.find("; it must ")
    if found < 0:
        return None
    asked = said[found + 2:]
    return asked[:-1] if asked.endswith(".") else asked


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
    ename, evalue = ename[:NAME_CHARS], evalue[:MESSAGE_CHARS]
    lines = evalue.strip().splitlines() or [""]
    first = lines[0]
    if ename != "AssertionError":
        return f"{ename}: {_first_clause(first)}".strip().rstrip(":"), ""
    end = _call_end(first)
    call, rest = first[:end], first[end:].strip()
    said = rest or first
    malformed = _must(said)  # returned 1 (an int); it must return True or False.
    name = _general(_first_clause(said)) + (f"; {malformed}" if malformed is not None else "")
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
                found.append((str(meta.get("grade_id")), _text(output.get("ename"), NAME_CHARS),
                              _text(output.get("evalue"), MESSAGE_CHARS)))
    return found


def solution_code(notebook: dict[str, Any]) -> str:
    """The code of a notebook's solution cells, one after the other: the first :data:`CELL_CHARS` characters of each.

    >>> solution = {"cell_type": "code", "metadata": {"nbgrader": {"solution": True}}, "source": ["x = 1\\n", "y = 2"]}
    >>> solution_code({"cells": [solution, {**solution, "source": "z" * (CELL_CHARS + 1)}]}) == \\
    ...     "x = 1\\ny = 2\\n\\n" + "z" * CELL_CHARS
    True
    """
    cells = map(_dict, _list(notebook.get("cells")))
    return "\n\n".join(_source(cell) for cell in cells if cell.get("cell_type") == "code"
                       and _dict(_dict(cell.get("metadata")).get("nbgrader")).get("solution"))


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _source(cell: dict[str, Any]) -> str:
    """The first :data:`CELL_CHARS` characters of a cell's source (a string or a list of them)."""
    source = cell.get("source", "")
    if not isinstance(source, list):
        return _text(source, CELL_CHARS)
    pieces, length = [], 0
    for piece in source:
        if length >= CELL_CHARS:
            break
        pieces.append(_text(piece, CELL_CHARS - length))
        length += len(pieces[-1])
    return "".join(pieces)


def _text(value: Any, limit: int) -> str:
    """The first ``limit`` characters of ``value`` as text (nothing for None); a container is not written out whole.

    >>> _text("abc", 2), _text(None, 5), _text(7, 5), _text(["x" * 9] * 9, 5)
    ('ab', '', '7', '')
    """
    if value is None or not isinstance(value, (str, int, float, bool)):
        return ""
    return str(value)[:limit]


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

    Only the first :data:`SOLUTION_CHARS` characters of each solution are compared (see :func:`compared`), and
    at most the first :data:`SHARED_LINES` shared lines are listed, so that no pair costs more than a bounded
    amount: each solution is fingerprinted once, and a pair compares at most that many characters' fingerprints
    and copied slices, in time near-linear in them.

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
            prints[student] = CodeFingerprint(f"{student}.py", NOISE, window, boilerplate=boiler,
                                              fp=io.StringIO(compared(code)))
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


def compared(code: str) -> str:
    """The part of a solution that is compared: its first :data:`SOLUTION_CHARS` characters, cut at a line's end
    (or within the line when the first line alone is longer).

    >>> compared("x = 1\\n" * 5) == "x = 1\\n" * 5
    True
    >>> len(compared("x = 1\\n" * SOLUTION_CHARS)) == SOLUTION_CHARS // 6 * 6
    True
    """
    if len(code) <= SOLUTION_CHARS:
        return code
    cut = code[:SOLUTION_CHARS]
    return cut[:cut.rfind("\n") + 1] or cut


def _lines_in(code: str, slices: Any, limit: int = SHARED_LINES) -> list[str]:
    """The first ``limit`` non-blank lines of ``code`` that the copied slices (copydetect's starts and ends) touch.

    Each slice finds its lines by bisection: the cost grows with the lines and the slices, not their product.

    >>> _lines_in("a = 1\\n\\nb = 2\\nc = 3\\n", ([0, 14], [3, 15]))
    ['a = 1', 'c = 3']
    """
    lines = code.splitlines(keepends=True)
    starts, ends, place = [], [], 0
    for line in lines:
        starts.append(place)
        place += len(line)
        ends.append(place)
    touched = [0] * (len(lines) + 1)
    for start, end in zip(slices[0], slices[1], strict=False):
        first, after = bisect_right(ends, int(start)), bisect_left(starts, int(end))
        if first < after:
            touched[first] += 1
            touched[after] -= 1
    found, depth = [], 0
    for number, line in enumerate(lines):
        depth += touched[number]
        if depth and line.strip():
            found.append(line.rstrip("\n"))
            if len(found) == limit:
                break
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


__all__ = ["SOLUTION_CHARS", "THRESHOLD", "ClassReport", "Mistake", "Pair", "Submission", "collect", "compared",
           "failures", "mistake_of", "similar_pairs", "solution_code", "summary"]
