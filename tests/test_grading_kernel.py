"""The grading kernel and the tic-tac-toe checks: checks as data, strict reading, partial scores."""

from __future__ import annotations

from typing import Any

import pytest

from coursekit.grading import Case, Check, Malformed, ask, evaluate, partial_points, run_check, score_check
from coursekit.grading.limits import Calls
from coursekit.grading.tictactoe import (
    RULES,
    board_of,
    check_alphabeta,
    check_best_move,
    hidden_positions,
    reference_alphabeta,
    state_of,
    values,
)


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
