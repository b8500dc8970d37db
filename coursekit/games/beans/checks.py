"""Checks for the beans part of an assignment: ``is_winning(m, n)`` and ``winning_move(m, n)``.

Each check calls the student's function on many positions, compares with the exact
solver, and stops at the first wrong answer with a message that teaches: the position,
the answer, why it is wrong, and a right answer.

>>> check_is_winning(lambda m, n: m % 2 == 1 or n % 2 == 1)
440
>>> check_is_winning(lambda m, n: m % 2 == 1, positions=[(0, 1)])
Traceback (most recent call last):
...
AssertionError: is_winning(0, 1) returned False, but the player to move from (0, 1) wins:
the move to (0, 0) leaves the opponent a losing position (no move at all: you took the last bean).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...grading.answers import as_pair
from ...grading.kernel import Case, Check, Malformed, run_check
from ...solvers.impartial import ImpartialSolver
from .rules import Beans, BeansState, options

__all__ = ["beans_positions", "check_is_winning", "check_winning_move", "is_winning_check", "winning_move_check"]

Piles = tuple[int, int]

_RULES = Beans(1, 1)
_SOLVER = ImpartialSolver(_RULES)


def beans_positions(size: int = 20) -> list[Piles]:
    """Every position with at most ``size`` beans of each colour, except the empty ``(0, 0)``.

    >>> beans_positions(1)
    [(0, 1), (1, 0), (1, 1)]
    """
    return [(m, n) for m in range(size + 1) for n in range(size + 1) if m + n > 0]


def _positions(positions: Iterable[Piles] | None) -> list[Piles]:
    chosen = beans_positions() if positions is None else [(int(m), int(n)) for m, n in positions]
    bad = [p for p in chosen if p[0] < 0 or p[1] < 0 or p == (0, 0)]
    if bad:
        raise ValueError(f"not a position to test: {bad[0]} (piles are 0 or more, and not both 0)")
    return chosen


def _losing_note(position: Piles) -> str:
    """Why ``position`` loses for the player to move: each move and the opponent's answer."""
    moves = options(position)
    if not moves:
        return "no move at all: you took the last bean"
    answers = ", ".join(f"{move} answered by {_SOLVER.winning_moves(move)[0]}" for move in moves)
    return f"every move from {position} has a winning answer: {answers}"


def _winning_note(position: Piles) -> str:
    best = _SOLVER.winning_moves(position)[0]
    return f"the move to {best} leaves the opponent a losing position ({_losing_note(best)})"


def _read_bool(raw: Any, case: Case) -> bool | Malformed:
    return raw if type(raw) is bool else Malformed("it must return True or False")


def _judge_is_winning(case: Case, answer: bool, truth: bool) -> str | None:
    if answer is truth:
        return None
    here = case.args
    if truth:
        why = f"the player to move from {here} wins:\n{_winning_note(here)}"
    else:
        why = f"the player to move from {here} loses:\n{_losing_note(here)}"
    return f"{case.shown} returned {answer}, but {why}."


def is_winning_check(positions: Iterable[Piles] | None = None, *, per_call: float = 1.0,
                     total: float = 10.0) -> Check:
    """The check of ``is_winning(m, n)``: the answer is exactly ``True`` or ``False``, the solver's.

    >>> [case.shown for case in is_winning_check([(3, 6)]).cases]
    ['is_winning(3, 6)']
    """
    cases = [Case((m, n), f"is_winning({m}, {n})") for m, n in _positions(positions)]
    return Check("is_winning", cases, reference=lambda case: _SOLVER.is_winning(case.args), read=_read_bool,
                 judge=_judge_is_winning, per_call=per_call, total=total)


def check_is_winning(
    func: Callable[[int, int], Any],
    positions: Iterable[Piles] | None = None,
    *,
    per_call: float = 1.0,
    total: float = 10.0,
) -> int:
    """Check ``func(m, n)``, the student's ``is_winning``, on ``positions``; return how many.

    ``positions`` defaults to :func:`beans_positions` (up to 20 beans of each colour). The
    answer must be exactly ``True`` or ``False`` (``type(answer) is bool``), within
    ``per_call`` seconds per call and ``total`` seconds for all.

    >>> check_is_winning(lambda m, n: 1, positions=[(1, 0)])
    Traceback (most recent call last):
    ...
    AssertionError: is_winning(1, 0) returned 1 (an int); it must return True or False.
    """
    return run_check(func, is_winning_check(positions, per_call=per_call, total=total))


def _read_move(raw: Any, case: Case) -> Piles | Malformed:
    move = as_pair(raw)
    if move is None:
        return Malformed(f"it must return the position after the move, a tuple of two ints such as "
                         f"{options(case.args)[0]}")
    return move


def _judge_winning_move(case: Case, move: Piles, winning: list[Piles]) -> str | None:
    here, call = case.args, case.shown
    if winning:
        best = winning[0]
        right = f"A winning move from {here} is {best}: it leaves the opponent a losing position " \
                f"({_losing_note(best)})."
    else:
        right = f"{here} is a losing position: any legal move is accepted, such as {options(here)[0]}."
    reason = _RULES.why_illegal(BeansState(*here), move)
    if reason is not None:
        return f"{call} returned {move}, which is not a legal move:\n{reason}.\n{right}"
    if winning and _SOLVER.is_winning(move):
        reply = _SOLVER.winning_moves(move)[0]
        return (f"{call} returned {move}, a losing move:\nfrom {move} the opponent moves to {reply}, "
                f"a losing position for you ({_losing_note(reply)}).\n{right}")
    return None


def winning_move_check(positions: Iterable[Piles] | None = None, *, per_call: float = 1.0,
                       total: float = 10.0) -> Check:
    """The check of ``winning_move(m, n)``: any winning move from a winning position, any legal move elsewhere."""
    cases = [Case((m, n), f"winning_move({m}, {n})") for m, n in _positions(positions)]
    return Check("winning_move", cases, reference=lambda case: list(_SOLVER.winning_moves(case.args)),
                 read=_read_move, judge=_judge_winning_move, per_call=per_call, total=total)


def check_winning_move(
    func: Callable[[int, int], Any],
    positions: Iterable[Piles] | None = None,
    *,
    per_call: float = 1.0,
    total: float = 10.0,
) -> int:
    """Check ``func(m, n)``, the student's ``winning_move``, on ``positions``; return how many.

    The answer is the position after the move, a tuple of exactly two ``int``. From a
    winning position it must be a winning move (any of them); from a losing position any
    legal move is accepted.

    >>> check_winning_move(lambda m, n: (m - 1, n), positions=[(2, 2), (1, 0)])
    2
    >>> check_winning_move(lambda m, n: (m - 1, n), positions=[(1, 1)])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: winning_move(1, 1) returned (0, 1), a losing move:
    from (0, 1) the opponent moves to (0, 0), a losing position for you (no move at all: you took the last bean).
    A winning move from (1, 1) is (0, 0): it leaves the opponent a losing position (no move at all: ...).
    """
    return run_check(func, winning_move_check(positions, per_call=per_call, total=total))
