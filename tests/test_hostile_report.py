"""The class report's cost, against what a determined class sends: two solutions that share
thousands of short slices in different orders, and exception names built to make a pattern
backtrack. Each makes a report in bounded CPU (``time.process_time`` around the report's own
functions, in this process), and what is compared is counted against the caps; what the report
says of ordinary submissions stays as it was (``tests/test_report.py``, the doctests of
:mod:`coursekit.grading.nbgrader.report`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from coursekit.grading.nbgrader import report
from coursekit.grading.nbgrader.report import (
    CELL_CHARS,
    MESSAGE_CHARS,
    NAME_CHARS,
    SHARED_LINES,
    SOLUTION_CHARS,
    failures,
    mistake_of,
    similar_pairs,
    solution_code,
)

#: CPU seconds a crafted report may take here (before the caps: 16 s for the pair, 43 s for two of the names).
BOUND = 5.0
LINES = 6000


def crafted_pair(lines: int = LINES) -> dict[str, str]:
    """Three solutions: two share ``lines`` assignments, each long enough to be its own copied slice, in
    different orders (shuffled within blocks of 20) and with a line of their own after each; the third is
    the first written backwards."""
    shared = [f"x{i} = y({10 ** 12 + i}, {10 ** 12 + i})\n" for i in range(lines)]
    shuffled, order = [], random.Random(1)
    for block in range(0, lines, 20):
        part = shared[block:block + 20]
        order.shuffle(part)
        shuffled += part
    first = "".join(f"{line}z = 0\n" for line in shared)
    second = "".join(f"{line}w = 1\n" for line in shuffled)
    return {"ann": first, "bob": second, "cy": first[::-1].replace("x", "v")}


#: Exception names (and messages) built against the report's old patterns: long runs of what a name is
#: made of, ended by what the pattern wanted next, and brackets that never close.
CRAFTED_NAMES = {
    "letters then !": "A" * 50_000 + "!",
    "Error repeated": "Error" * 10_000,
    "full stops": "." * 50_000,
    "underscores": "_" * 50_000 + "!",
    "digits": "1" * 50_000 + "x",
    "an open parenthesis and digits": "(" + "1" * 50_000,
    "an open bracket and quotes": "[" + "'1" * 25_000,
    "nested brackets": "[" * 25_000 + "1" + "]" * 25_000,
    "calls in calls": "f(" * 25_000 + "1",
    "returned numbers": "returned 1" * 5_000,
    "it must": "; it must " * 5_000,
}


def cpu(work: Callable[[], Any]) -> tuple[Any, float]:
    """What ``work()`` returns and the CPU seconds it took in this process."""
    start = time.process_time()
    result = work()
    return result, time.process_time() - start


@pytest.fixture(scope="module", autouse=True)
def copydetect_loaded() -> None:
    """copydetect and its lexer loaded once, so that the measures below count the comparing alone."""
    similar_pairs({"a": "x = 1\n", "b": "x = 1\n"}, "")


def graded_notebook(ename: str, evalue: str, code: str = "") -> dict[str, Any]:
    """A graded notebook as nbgrader leaves it: one solution cell, one test cell that failed with ``ename``."""
    return {"cells": [
        {"cell_type": "code", "metadata": {"nbgrader": {"solution": True, "grade_id": "f"}}, "source": code},
        {"cell_type": "code", "metadata": {"nbgrader": {"grade": True, "grade_id": "test_f"}},
         "outputs": [{"output_type": "error", "ename": ename, "evalue": evalue}]},
    ]}


# Two solutions that share thousands of slices.

def test_a_pair_sharing_thousands_of_slices_is_compared_in_bounded_cpu() -> None:
    solutions = crafted_pair()
    assert min(map(len, solutions.values())) > 5 * SOLUTION_CHARS
    pairs, seconds = cpu(lambda: similar_pairs(solutions, ""))
    assert seconds < BOUND, f"{seconds:.1f} s of CPU for three students"
    # still found alike on what was compared, and its shared lines listed, the first ones only
    assert [(p.first, p.second) for p in pairs] == [("ann", "bob")]
    assert pairs[0].similarity >= report.THRESHOLD and len(pairs[0].shared) == SHARED_LINES
    assert pairs[0].shared[0] == "x0 = y(1000000000000, 1000000000000)"


def test_only_the_first_characters_of_each_solution_are_fingerprinted(monkeypatch: pytest.MonkeyPatch) -> None:
    import copydetect

    made: list[Any] = []
    real = copydetect.CodeFingerprint

    def counted(*args: Any, **kwargs: Any) -> Any:
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(copydetect, "CodeFingerprint", counted)
    similar_pairs(crafted_pair(), "")
    assert len(made) == 3
    for fingerprint in made:
        assert SOLUTION_CHARS - 40 < len(fingerprint.raw_code) <= SOLUTION_CHARS
        assert fingerprint.raw_code.endswith("\n")
        assert len(fingerprint.hashes) <= SOLUTION_CHARS and len(fingerprint.filtered_code) <= SOLUTION_CHARS


def test_code_past_the_cap_is_not_compared() -> None:
    copied = "".join(f"def f{i}(a, b):\n    return a * {i} + b\n" for i in range(3000))
    own = "".join(f"v{i} = [{i}] * {i % 7}\n" for i in range(SOLUTION_CHARS // 15))
    others = "".join(f"w{i} = ({i}, '{i % 5}')\n" for i in range(SOLUTION_CHARS // 15))
    assert min(len(own), len(others)) > SOLUTION_CHARS and len(copied) > 5 * SOLUTION_CHARS
    assert similar_pairs({"ann": own + copied, "bob": others + copied}, "") == []
    assert [(p.first, p.second) for p in similar_pairs({"ann": copied + own, "bob": copied + others}, "", 0.2)] \
        == [("ann", "bob")]


def test_the_shared_lines_cost_the_lines_and_slices_not_their_product() -> None:
    code = "".join(f"x{i} = {i}\n" for i in range(20_000))
    starts = list(range(0, len(code), 25))
    slices = (starts, [start + 3 for start in starts])
    found, seconds = cpu(lambda: report._lines_in(code, slices, limit=10 ** 9))
    assert len(starts) > 10_000 and 10_000 < len(found) < 20_000 and found[0] == "x0 = 0"
    assert seconds < BOUND / 5, f"{seconds:.1f} s of CPU for 20,000 lines and {len(starts)} slices"
    assert report._lines_in(code, slices) == found[:SHARED_LINES]


# Exception names built to make a pattern backtrack.

@pytest.mark.parametrize("name", CRAFTED_NAMES.values(), ids=list(CRAFTED_NAMES))
def test_crafted_exception_names_are_named_in_bounded_cpu(name: str) -> None:
    notebooks = [graded_notebook(name, f"{name}\n{name}"),
                 graded_notebook("AssertionError", f"king_strategy(grid, [2, 1]) raised {name}\nHint: {name}"),
                 graded_notebook("AssertionError", f"{name} returned 1 (an int); it must {name}.")]

    def named() -> list[tuple[str, str]]:
        return [mistake_of(ename, evalue) for notebook in notebooks for _, ename, evalue in failures(notebook)]

    names, seconds = cpu(named)
    assert seconds < BOUND / 5, f"{seconds:.1f} s of CPU for three messages"
    assert len(names) == 3
    assert names[0][0].startswith(name[:NAME_CHARS].rstrip(":")) and names[0][1] == ""
    assert names[1][1] == "king_strategy(grid, [2, 1])" and names[1][0].startswith("raised")
    assert all(len(found) <= MESSAGE_CHARS + NAME_CHARS + 20 for found, _ in names)


def test_a_message_is_read_up_to_its_cap() -> None:
    long = "x" * (MESSAGE_CHARS + NAME_CHARS + 10)
    [(check, ename, evalue)] = failures(graded_notebook(long, long))
    assert check == "test_f" and len(ename) == NAME_CHARS and len(evalue) == MESSAGE_CHARS


def test_each_solution_cell_is_read_up_to_its_cap() -> None:
    cell = "\n".join(f"x{i} = {i}" for i in range(CELL_CHARS))
    pieces = graded_notebook("", "", [line + "\n" for line in cell.splitlines()])
    assert len(solution_code(graded_notebook("", "", cell))) == CELL_CHARS
    assert solution_code(pieces) == cell[:CELL_CHARS]


# Through the real flow: a ps01 batch graded with coursekit grade, then the report read from it.

def padded(code: str, pad: str) -> str:
    """``code`` with a function that is never called, made of the lines of ``pad``."""
    return code + "\n\ndef _pad():\n" + "".join(f"    {line}\n" for line in pad.splitlines())


def raising(name: str) -> str:
    """A king_strategy that raises an exception whose class is named ``name``."""
    return f'''\
Crafted = type("Crafted", (Exception,), {{}})
Crafted.__name__ = Crafted.__qualname__ = {name!r}


def king_strategy(grid, position):
    raise Crafted("from the student")
'''


@pytest.fixture(scope="module")
def crafted_batch(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """ps01 graded for the crafted pair (the reference, each with thousands of shared lines in a function never
    called) and two students whose king_strategy raises an exception with a crafted name."""
    from known_submissions import NO_KING, references
    from nbgrader_course import Source, Student, run_course

    source = Source("ps01")
    ref = references(source, "is_winning", "winning_move", "king_strategy")
    pair = crafted_pair()
    students = {
        "twin_a": Student({**ref, "king_strategy": padded(ref["king_strategy"], pair["ann"])}),
        "twin_b": Student({**ref, "king_strategy": padded(ref["king_strategy"], pair["bob"])}),
        "raiser_a": Student({**ref, "king_strategy": raising(CRAFTED_NAMES["letters then !"])}, zero=NO_KING),
        "raiser_b": Student({**ref, "king_strategy": raising(CRAFTED_NAMES["Error repeated"])}, zero=NO_KING),
    }
    return run_course(source, students, tmp_path_factory.mktemp("hostile_report"))


@pytest.mark.slow
def test_a_crafted_class_makes_its_report_in_bounded_cpu(crafted_batch: Any) -> None:
    from coursekit.grading.nbgrader.batch import Course
    from coursekit.grading.nbgrader.report import collect
    from coursekit.grading.nbgrader.report_page import page

    course = Course.at(crafted_batch.root)
    found, seconds = cpu(lambda: page(collect(course, "ps01")))
    assert seconds < BOUND, f"{seconds:.1f} s of CPU for the report of four students"
    made = collect(course, "ps01")
    assert {s.student: s.score for s in made.submissions} == {
        student: sum(crafted_batch.expected(student).values()) for student in crafted_batch.students}
    # every one hands in the reference's beans functions: all are alike, the twins most of all
    assert ("twin_a", "twin_b") in {(p.first, p.second) for p in made.pairs}
    assert all(len(p.shared) <= SHARED_LINES for p in made.pairs)
    raised = {student: m.name for m in made.mistakes for student in m.students}
    assert set(raised) == {"raiser_a", "raiser_b"}
    assert raised["raiser_a"].startswith("raised AAAA") and raised["raiser_b"].startswith("raised ErrorError")
    assert "<h2>Similar solutions</h2>" in found
