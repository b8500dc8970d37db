"""Hostile replies, end to end: a reply is data, and a reply that cannot be rebuilt fails one call only.

A student's value claims to be a type of the command line (``coursekit.cli.__main__``): the
grader imports nothing, and the call fails with a message. A value written as
``{"fraction": [1, 0]}`` (a ``Fraction`` whose denominator the student set to 0) fails its one
call: through the real sandbox (the next call works), through a real tournament (the entrant
forfeits with the reason; the tournament finishes and writes its standings) and through real
grading of ps01 (the notebook gets its honest score, the other cells are graded).
"""

from __future__ import annotations

import copy
import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from coursekit.core.grid import Coord
from coursekit.grading.codec import Opaque, carried
from coursekit.grading.sandbox import Sandbox, SandboxProblem, bubblewrap

ROOT = Path(__file__).resolve().parents[1]
PS05 = ROOT / "assignments" / "source" / "ps05" / "ps05.ipynb"

#: A dataclass that says it is the command line's (``python -m coursekit.cli``), and a Fraction of 1 / 0.
VALUES = '''
import dataclasses
from fractions import Fraction

@dataclasses.dataclass(frozen=True)
class Main:
    argv: tuple = ("grade",)

Main.__module__ = "coursekit.cli.__main__"
Main.__qualname__ = "main"

def _zero():
    value = Fraction(1, 2)
    value._denominator = 0
    return value
'''

#: The sandbox's own encoder refuses the borrowed name (it sends a stand-in): the student replaces it,
#: so that the reply names the command line's module as a course value.
FORGED = '''
import coursekit.grading.codec as _codec
_plain = _codec._plain

def _forged(value, depth):
    if isinstance(value, Main):
        return {"data": "coursekit.cli.__main__:main", "fields": {"argv": {"tuple": ["grade"]}}}
    return _plain(value, depth)

_codec._plain = _forged
'''

FUNCTIONS = '''
def cli_value():
    return Main()

def zero():
    return _zero()

def double(n):
    return 2 * n
'''


def test_a_value_that_borrows_the_command_line_s_name_crosses_as_a_stand_in() -> None:
    with Sandbox([VALUES + FUNCTIONS]) as box:
        assert box.call("cli_value", ()) == Opaque("main")
    assert "coursekit.cli.__main__" not in sys.modules


def test_a_reply_naming_the_command_line_fails_the_call_and_the_grader_imports_nothing() -> None:
    with Sandbox([VALUES + FORGED + FUNCTIONS]) as box:
        assert box.call("double", (Coord(1, 2),)) == (1, 2, 1, 2)
        assert carried()  # the course's values are gathered once, before (every game's folder is imported)
        before = set(sys.modules)
        with pytest.raises(SandboxProblem) as refused:
            box.call("cli_value", ())
        assert set(sys.modules) == before and "coursekit.cli.__main__" not in sys.modules
        assert "coursekit.cli.__main__:main is not one of the course's values" in refused.value.description
        assert box.call("double", (4,)) == 8


def test_a_fraction_over_zero_fails_that_call_only() -> None:
    with Sandbox([VALUES + FUNCTIONS]) as box:
        with pytest.raises(SandboxProblem) as refused:
            box.call("zero", ())
        assert "a fraction that cannot be rebuilt: ZeroDivisionError" in refused.value.description
        assert box.call("double", (21,)) == 42
        with pytest.raises(SandboxProblem, match="ZeroDivisionError"):
            box.call("zero", ())


# A tournament: ps05's best_move, one entrant answering with each hostile value.

def with_best_move(code: str) -> dict[str, Any]:
    """ps05's notebook with ``code`` in the cell of best_move."""
    notebook = copy.deepcopy(json.loads(PS05.read_text(encoding="utf-8")))
    for cell in notebook["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == "best_move":
            cell["source"] = code
    return notebook


GOOD = "def best_move(board):\n    return empty_cells(board)[0]\n"
HOSTILE = {
    "forger": VALUES + FORGED + "\ndef best_move(board):\n    return Main()\n",
    "divider": VALUES + "\ndef best_move(board):\n    return _zero()\n",
}
REASONS = {"forger": "coursekit.cli.__main__:main is not one of the course's values",
           "divider": "a fraction that cannot be rebuilt: ZeroDivisionError"}


def test_a_tournament_entrant_whose_reply_cannot_be_rebuilt_forfeits_and_the_tournament_ends() -> None:
    from coursekit.grading.tournament import CONTESTS, Entrant, notebook_cells, play_tournament

    before = set(sys.modules)
    entrants = [Entrant(name, notebook_cells(with_best_move(code), "best_move") or ())
                for name, code in {**HOSTILE, "good": GOOD}.items()]
    result = play_tournament(CONTESTS["ps05"], [*entrants, Entrant("random (computer)", computer="random")], seed=3)
    assert "coursekit.cli.__main__" not in sys.modules and not {m for m in set(sys.modules) - before
                                                                 if m.startswith("coursekit.cli")}
    for name, reason in REASONS.items():
        # every game is lost at the entrant's first move, but for one against the other hostile entrant
        # when that one moved first (and forfeited first)
        games = [game for game in result.games if name in game.players]
        lost = [game for game in games if f"{name} forfeits: best_move failed" in game.reason]
        assert len(games) == 6 and len(lost) == 5, games
        for game in lost:
            assert game.winner != name and reason in game.reason and len(game.reason) < 1000, game.reason
    rows = {row["name"]: row for row in csv.DictReader(io.StringIO(result.csv()))}
    assert set(rows) == {"forger", "divider", "good", "random (computer)"}
    assert rows["forger"]["wins"] == rows["divider"]["wins"] == "1" and int(rows["good"]["wins"]) >= 4


def test_the_tournament_command_writes_its_standings_past_hostile_replies(tmp_path: Path) -> None:
    from coursekit.cli import main

    root = tmp_path / "course"
    (root / "source" / "ps05").mkdir(parents=True)
    (root / "nbgrader_config.py").write_text("c = get_config()\n", encoding="utf-8")
    (root / "source" / "ps05" / "ps05.ipynb").write_text(PS05.read_text(encoding="utf-8"), encoding="utf-8")
    for student, code in {**HOSTILE, "good": GOOD}.items():
        folder = root / "submitted" / student / "ps05"
        folder.mkdir(parents=True)
        (folder / "ps05.ipynb").write_text(json.dumps(with_best_move(code)), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["tournament", "ps05", "--course", str(root), "--out", str(out), "--seed", "1"]) == 0
    rows = {row["name"]: row for row in csv.DictReader(io.StringIO((out / "tournament.csv").read_text("utf-8")))}
    assert {"forger", "divider", "good"} <= set(rows)
    assert rows["forger"]["wins"] == rows["divider"]["wins"] == "1"  # each won against the other only
    games = (out / "tournament-games.csv").read_text(encoding="utf-8")
    assert all(reason in games for reason in REASONS.values())


# Real grading of ps01: the hostile value fails its own tests, the rest of the notebook is graded.

@pytest.mark.slow
@pytest.mark.skipif(bubblewrap() is None, reason="bubblewrap is not installed (apt-get install bubblewrap)")
def test_a_ps01_notebook_with_hostile_replies_gets_its_honest_score(tmp_path: Path) -> None:
    from hostile_submissions import NO_IS_WINNING, NO_WINNING_MOVE
    from nbgrader_course import Source, Student, run_course

    source = Source("ps01")
    ref = {grade_id: source.reference(grade_id) for grade_id in ("is_winning", "winning_move", "king_strategy")}
    # a value the cells leave behind is read by the grader too (CLI_VALUE, ZERO), as each answer is
    forger = VALUES + FORGED + "\nCLI_VALUE = Main()\n\ndef winning_move(m, n):\n    return Main()\n"
    divider = VALUES + "\nZERO = _zero()\n\ndef is_winning(m, n):\n    return _zero()\n"
    students = {
        "reference": Student(ref),
        "forger": Student({**ref, "winning_move": forger}, zero=NO_WINNING_MOVE),
        "divider": Student({**ref, "is_winning": divider}, zero=NO_IS_WINNING),
    }
    run = run_course(source, students, tmp_path)
    for student in students:
        expected = {grade_id: round(points, 2) for grade_id, points in run.expected(student).items()}
        got = {grade_id: round(score, 2) for grade_id, score in run.scores[student].items()}
        assert got == expected, (student, run.log[-3000:])
        assert (run.grades[student]["status"], run.grades[student]["reason"]) == ("graded", ""), run.grades[student]
    assert "not one of the course's values" in run.feedback("forger")
    assert "ZeroDivisionError" in run.feedback("divider")
