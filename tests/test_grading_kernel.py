"""The grading kernel and the tic-tac-toe checks: checks as data, strict reading, partial scores."""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path
from typing import Any

import pytest
from known_submissions import PLAIN_MINIMAX as KNOWN_MINIMAX

from coursekit.games.tictactoe.checks import (
    RULES,
    board_of,
    check_alphabeta,
    check_best_move,
    hidden_positions,
    node_share,
    reference_alphabeta,
    score_alphabeta_nodes,
    state_of,
    values,
)
from coursekit.grading import Case, Check, Malformed, ask, evaluate, partial_points, run_check, score_check
from coursekit.grading.limits import Calls


def _double_check() -> Check:
    def read(raw: Any, case: Case) -> int | Malformed:
        return raw if type(raw) is int else Malformed("it must return an int")

    def judge(case: Case, value: int, expected: int) -> str | None:
        return None if value == expected else f"{case.shown} returned {value}, not {expected}."

    def share(case: Case, value: int, expected: int) -> tuple[float, str]:
        return 0.5, f"{case.shown}: half"

    cases = [Case((n,), f"double({n})") for n in range(3)]
    return Check("double", cases, reference=lambda case: 2 * case.args[0], read=read, judge=judge, share=share)


class AlwaysEqual(int):
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


def test_asking_and_judging_are_separate_steps() -> None:
    check = _double_check()
    calls = Calls("double", 1.0, 5.0)
    raws = [ask(lambda n: 2 * n, case, calls) for case in check.cases]
    assert raws == [0, 2, 4]  # plain data out: judged later, without student code
    assert [evaluate(check, case, raw).value for case, raw in zip(check.cases, raws, strict=True)] == raws


def test_the_reader_is_strict_and_the_judge_teaches() -> None:
    check = _double_check()
    with pytest.raises(AssertionError, match=r"double\(0\) returned 0 \(an AlwaysEqual\); it must return an int"):
        run_check(lambda n: AlwaysEqual(0), check)
    with pytest.raises(AssertionError, match=r"double\(1\) returned 1, not 2"):
        run_check(lambda n: n, check)


def test_partial_score_reports_every_case() -> None:
    lines: list[str] = []
    score = score_check(lambda n: 2 * n, _double_check(), 4, scale="half each", report=lines.append)
    assert score.earned == partial_points([0.5] * 3, 4) == 2.0
    assert lines[0] == "double: half each" and lines[-1] == "double: average share 0.500 x 4 points = 2"


def test_values_agree_with_the_generic_solver() -> None:
    gametree = pytest.importorskip("coursekit.solvers.gametree")
    for board in hidden_positions(30, seed=3):
        state = state_of(board)
        exact = {move: int(v) for move, v in gametree.move_values(RULES, state).items()}
        assert values(state) == exact, board


def test_reference_alphabeta_is_exact_and_prunes() -> None:
    for board in hidden_positions(20, seed=4):
        state = state_of(board)
        found, _nodes = reference_alphabeta(state)
        assert found == max(values(state).values())
        assert board_of(state) == board
    assert reference_alphabeta(RULES.initial_state())[0] == 0


def test_tictactoe_checks_teach_and_refuse_look_alikes() -> None:
    with pytest.raises(AssertionError, match="completes a line at once"):
        check_best_move(lambda board: (2, 0), [["XX.", "OO.", "X.."]])
    with pytest.raises(AssertionError, match="must return the cell to mark"):
        check_best_move(lambda board: [2, 1], [["XX.", "OO.", "X.."]])
    with pytest.raises(AssertionError, match="value = True"):
        check_alphabeta(lambda board: (True, 5), [["XOX", "OXO", "..."]])
    assert check_best_move(lambda board: (2, 1), [["XX.", "OO.", "X.."]]) == 1


# ps05's nodes are measured: the uses of the setup cell's play, never the number the search returns.

#: Minimax without the cut (the known ps05 submission), with the count it reports left open.
PLAIN_MINIMAX = KNOWN_MINIMAX.replace("return search(board), visited", "return search(board), REPORTED")
assert "REPORTED" in PLAIN_MINIMAX

OWN_BOARDS = '''\
def alphabeta(board):
    """Plain minimax that makes its boards itself, without play, and reports the reference's count."""
    def mark(board, x, y):
        rows = list(board)
        rows[2 - y] = rows[2 - y][:x] + to_move(board) + rows[2 - y][x + 1:]
        return rows

    def search(board):
        if winner(board) is not None:
            return -1
        moves = empty_cells(board)
        return max(-search(mark(board, *move)) for move in moves) if moves else 0

    return search(board), REPORTED
'''


def ps05_function(code: str, reported: str = "visited") -> Any:
    """``alphabeta`` as a student's ps05 notebook defines it: the setup cell, then ``code``."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "assignments"))
    from ps05 import make as make_ps05

    space: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(make_ps05.CODE["setup"], space)
        exec(code.replace("REPORTED", reported), space)
    return space["alphabeta"]


NODE_BOARDS = hidden_positions(8, seed=7, most=3)


def nodes_points(func: Any) -> float:
    return score_alphabeta_nodes(func, NODE_BOARDS, 6, report=None)


def test_plain_minimax_that_reports_one_node_gets_what_honest_plain_minimax_gets() -> None:
    honest = nodes_points(ps05_function(PLAIN_MINIMAX))
    liar = nodes_points(ps05_function(PLAIN_MINIMAX, reported="1"))
    assert honest == liar and 0 < honest < 4


def test_the_reference_alphabeta_keeps_its_node_points_and_a_bypass_loses_them() -> None:
    from ps05 import make as make_ps05

    assert nodes_points(ps05_function(make_ps05.CODE["alphabeta"])) == 6.0
    reference_counts = [reference_alphabeta(state_of(board))[1] for board in NODE_BOARDS]
    table = f"dict(zip({[tuple(b) for b in NODE_BOARDS]!r}, {reference_counts!r}))[tuple(board)]"
    bypass = nodes_points(ps05_function(OWN_BOARDS, reported=table))  # it even reports the reference's counts
    assert bypass < 0.1 * 6


def test_the_node_share_is_full_only_from_the_reference_to_the_allowance() -> None:
    assert [node_share(n, 100) for n in (100, 110, 120, 121, 240, 50, 1)] == [1.0, 1.0, 1.0, 120 / 121, 0.5, 0.5,
                                                                             0.01]


def test_a_reported_count_alone_is_shown_as_yours_and_a_measured_one_as_measured() -> None:
    lines: list[str] = []
    score_alphabeta_nodes(ps05_function(PLAIN_MINIMAX), NODE_BOARDS[:1], 6, report=lines.append)
    assert "yours (measured)" in lines[1]
    lines.clear()
    score_alphabeta_nodes(lambda board: reference_alphabeta(state_of(board)), NODE_BOARDS[:1], 6,
                          report=lines.append)
    assert "yours (measured)" not in lines[1] and "yours " in lines[1]


def test_calls_count_cpu_time_not_the_clock() -> None:
    import time

    calls = Calls("nap", per_call=0.05, total=0.1)
    assert calls.call(lambda: time.sleep(0.2) or 1, (), "nap()") == 1  # 0.2 s by the clock, no CPU time
    assert calls.wall >= 0.2 and calls.spent < 0.05
    with pytest.raises(AssertionError, match=r"spin\(\) did not return within 0\.05 s, the limit for one call "
                                             r"\(seconds of CPU time"):
        calls.call(spin, (), "spin()")


def spin() -> None:
    while True:
        pass


def test_a_message_about_the_total_says_the_calls_the_cpu_per_call_and_the_budget() -> None:
    calls = Calls("work", per_call=1.0, total=0.02)
    with pytest.raises(AssertionError) as failure:
        for _ in range(1000):
            calls.call(lambda: sum(range(200_000)), (), "work()")
    text = str(failure.value)
    assert text.startswith(f"work is too slow: {calls.count} calls took ") and "s of CPU time together (" in text
    assert "ms a call), more than the 0.02 s allowed" in text


def test_a_sleeping_call_is_stopped_by_the_wall_clock_backstop(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from coursekit.grading import limits

    monkeypatch.setattr(limits, "BACKSTOP_SECONDS", 0.2)
    monkeypatch.setattr(limits, "BACKSTOP_TIMES", 1.0)
    calls = Calls("nap", per_call=0.05, total=1.0)
    with pytest.raises(AssertionError, match=r"nap\(\) did not return within 0\.25 s by the clock \(its limit is "
                                             r"0\.05 s of CPU time\): does it sleep"):
        calls.call(lambda: time.sleep(5), (), "nap()")
