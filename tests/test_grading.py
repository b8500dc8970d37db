"""The grading helpers: right answers pass, wrong ones fail with a message that teaches."""

from __future__ import annotations

import random
import signal
import sys
import threading
import time
from typing import Any

import pytest
from cpu import burn

from coursekit import Coord, Grid, ImpartialSolver, OneWayKing
from coursekit.games import beans
from coursekit.games.beans.checks import beans_positions, check_is_winning, check_winning_move
from coursekit.games.pieces.checks import beans_rule_misleads, check_king_strategy, random_blocked_grids
from coursekit.grading import Calls, alarm_available
from coursekit.grading.nbgrader.feedback import ShortTracebacks

EXAMPLE = Grid(5, 5, blocked=frozenset({Coord(0, 2), Coord(2, 0)}))


def solver_king(grid: Grid, at: Coord, *, last: bool = False) -> Coord:
    """A perfect king, by the library's solver: the first (or last) winning move, else the first move."""
    rules = OneWayKing(grid, start=at)
    winning = ImpartialSolver(rules).winning_moves(at)
    if winning:
        return winning[-1] if last else winning[0]
    moves = rules.options(at)
    return moves[-1] if last else moves[0]


def sweep_king(grid: Grid, at: Coord) -> Coord:
    """The assignment's reference: decide the cells from the bottom-left corner up."""
    def moves(cell: Coord) -> list[Coord]:
        return [c for c in (Coord(cell.x + dx, cell.y + dy) for dx, dy in OneWayKing.STEPS) if grid.is_free(c)]

    losing: set[Coord] = set()
    for y in range(at.y + 1):
        for x in range(at.x + 1):
            cell = Coord(x, y)
            if grid.is_free(cell) and all(m not in losing for m in moves(cell)):
                losing.add(cell)
    return next((m for m in moves(at) if m in losing), moves(at)[0])


def parity_king(grid: Grid, at: Coord) -> Coord:
    """The beans rule, blind to blocked cells."""
    return Coord(*beans.winning_move(*at))


def failure(check: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(AssertionError) as caught:
        check(*args, **kwargs)
    return str(caught.value)


class AlwaysEqual:
    def __eq__(self, other: object) -> bool:
        return True

    def __bool__(self) -> bool:
        return True

    __hash__ = object.__hash__


class SneakyPair(tuple):  # type: ignore[type-arg]
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = tuple.__hash__


# --- the references pass ------------------------------------------------------------------


def test_reference_beans_functions_pass() -> None:
    assert check_is_winning(beans.is_winning) == len(beans_positions()) == 440
    assert check_winning_move(beans.winning_move, positions=beans_positions(30)) == 960


@pytest.mark.parametrize("king", [solver_king, sweep_king])
def test_reference_king_passes(king: Any) -> None:
    grids = [*random_blocked_grids(4, seed=7), Grid(6, 5), EXAMPLE]
    calls = check_king_strategy(king, grids=grids)
    expected = sum(1 for g in grids for c in g.free_cells() if any(g.is_free(c + s) for s in OneWayKing.STEPS))
    assert calls == expected > 50


def test_any_winning_move_and_any_move_from_a_losing_position_are_accepted() -> None:
    check_king_strategy(lambda grid, at: solver_king(grid, at, last=True), grids=random_blocked_grids(3, seed=2))

    def last_move(m: int, n: int) -> tuple[int, int]:
        if beans.is_winning(m, n):
            return ImpartialSolver(beans.Beans(1, 1)).winning_moves((m, n))[-1]
        return beans.options((m, n))[-1]

    check_winning_move(last_move)


def test_a_plain_tuple_is_a_move_for_the_king_and_a_coord_for_beans() -> None:
    check_king_strategy(lambda grid, at: tuple(solver_king(grid, at)), grids=[EXAMPLE])
    check_winning_move(lambda m, n: Coord(*beans.winning_move(m, n)), positions=[(3, 3), (2, 2)])


# --- wrong answers fail, with the position and a right answer -----------------------------


def test_wrong_is_winning_names_the_position_and_a_winning_move() -> None:
    message = failure(check_is_winning, lambda m, n: m % 2 == 1)
    assert message.startswith("is_winning(0, 1) returned False")
    assert "the move to (0, 0)" in message

    message = failure(check_is_winning, lambda m, n: True, positions=[(2, 2)])
    assert "the player to move from (2, 2) loses" in message
    assert "(1, 2) answered by (0, 2)" in message


def test_losing_winning_move_shows_the_reply_and_a_winning_move() -> None:
    message = failure(check_winning_move, lambda m, n: (m, n - 1) if n else (m - 1, n), positions=[(3, 6)])
    assert message.startswith("winning_move(3, 6) returned (3, 5), a losing move")
    assert "the opponent moves to (2, 4)" in message
    assert "A winning move from (3, 6) is (2, 6)" in message


def test_illegal_winning_move_gives_the_rules_reason() -> None:
    message = failure(check_winning_move, lambda m, n: (m - 2, n), positions=[(3, 6)])
    assert "(1, 6), which is not a legal move" in message
    assert "takes 2 white" in message
    assert "A winning move from (3, 6) is (2, 6)" in message
    message = failure(check_winning_move, lambda m, n: (m, n), positions=[(2, 2)])
    assert "(2, 2) is a losing position: any legal move is accepted, such as (1, 2)" in message


def test_king_ignoring_blocked_cells_fails_with_a_picture_and_the_hint() -> None:
    message = failure(check_king_strategy, parity_king, grids=[EXAMPLE])
    assert message.startswith("king_strategy(grid, [2, 1]) returned [2, 0], which is not a legal move")
    assert "[2, 0] is a blocked cell" in message
    assert "Hint: [2, 0] is the beans rule's move" in message
    assert EXAMPLE.picture({Coord(2, 1): "K"}) in message

    def parity_when_free(grid: Grid, at: Coord) -> Coord:
        move = parity_king(grid, at)
        return move if grid.is_free(move) else solver_king(grid, at)

    message = failure(check_king_strategy, parity_when_free, grids=[EXAMPLE])
    assert message.startswith("king_strategy(grid, [4, 1]) returned [4, 0], a losing move")
    assert "the opponent moves the king to [3, 0] and wins" in message
    assert "A winning move from [4, 1]: [3, 0]" in message
    assert "0  . . # R Y" in message  # the picture marks the reply and the move


def test_parity_king_fails_on_every_random_grid() -> None:
    for grid in random_blocked_grids(10, seed=3):
        with pytest.raises(AssertionError):
            check_king_strategy(parity_king, grids=[grid])
    check_king_strategy(parity_king, grids=[Grid(7, 6)])  # on an open grid the beans rule is right


def test_random_blocked_grids_are_seeded() -> None:
    first = random_blocked_grids(5, seed=11, sizes=(5, 8), percent=(15, 30))
    assert first == random_blocked_grids(5, seed=11, sizes=(5, 8), percent=(15, 30))
    assert first != random_blocked_grids(5, seed=12, sizes=(5, 8), percent=(15, 30))
    for grid in first:
        assert 5 <= grid.width <= 8 and 5 <= grid.height <= 8
        assert grid.is_free(Coord(0, 0)) and grid.is_free(Coord(grid.width - 1, grid.height - 1))
        assert beans_rule_misleads(grid)
    assert not beans_rule_misleads(Grid(8, 8))


# --- strict types -------------------------------------------------------------------------


def test_an_always_equal_object_earns_nothing() -> None:
    message = failure(check_is_winning, lambda m, n: AlwaysEqual())
    assert "(an AlwaysEqual); it must return True or False" in message
    message = failure(check_winning_move, lambda m, n: SneakyPair((m - 1, n)))
    assert "(a SneakyPair); it must return the position after the move" in message
    message = failure(check_king_strategy, lambda grid, at: AlwaysEqual(), grids=[EXAMPLE])
    assert "it must return the cell the king moves to" in message
    assert EXAMPLE.picture({Coord(1, 0): "K", Coord(0, 0): "W"}).splitlines()[-2] in message


@pytest.mark.parametrize("answer", [1, 0, None, "True", 1.0])
def test_is_winning_must_return_a_bool(answer: Any) -> None:
    assert "it must return True or False" in failure(check_is_winning, lambda m, n: answer, positions=[(1, 0)])


@pytest.mark.parametrize("answer", [[0, 0], (0.0, 0), (0, 0, 0), (True, False), "0, 0", None])
def test_a_move_must_be_two_ints(answer: Any) -> None:
    assert "a tuple of two ints" in failure(check_winning_move, lambda m, n: answer, positions=[(1, 1)])
    assert "a Coord (or a tuple of two ints)" in failure(
        check_king_strategy, lambda grid, at: answer, grids=[Grid(2, 2)])


# --- time limits --------------------------------------------------------------------------


def test_a_looping_call_is_stopped_with_a_clear_message() -> None:
    def forever(m: int, n: int) -> bool:
        while True:
            pass

    message = failure(check_is_winning, forever, per_call=0.2)  # it returns at all: the loop was stopped
    assert message.startswith("is_winning(0, 1) did not return within 0.2 s, the limit for one call")


def test_a_loop_that_catches_exceptions_is_stopped_too() -> None:
    def stubborn(grid: Grid, at: Coord) -> Coord:
        while True:
            try:  # noqa: SIM105  (a student's code, as written)
                burn(1)
            except Exception:
                pass

    message = failure(check_king_strategy, stubborn, grids=[EXAMPLE], per_call=0.2)
    assert "king_strategy(grid, [1, 0]) did not return within 0.2 s" in message
    assert EXAMPLE.picture({Coord(1, 0): "K", Coord(0, 0): "W"}).splitlines()[0] in message


def test_a_slow_function_fails_on_total_time() -> None:
    def slow(m: int, n: int) -> bool:
        burn(0.02)
        return beans.is_winning(m, n)

    message = failure(check_is_winning, slow, total=0.2)
    assert message.startswith("is_winning is too slow")


def test_the_alarm_handler_is_restored() -> None:
    before = signal.getsignal(signal.SIGALRM)
    check_is_winning(beans.is_winning, positions=[(1, 1)])
    failure(check_is_winning, lambda m, n: burn(1), positions=[(1, 1)], per_call=0.1)
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_without_the_alarm_a_slow_call_still_fails_afterwards() -> None:
    messages: list[str] = []

    def run() -> None:
        try:
            Calls("f", per_call=0.05, total=5).call(burn, (0.1,), "f(0.1)")
        except AssertionError as error:
            messages.append(str(error))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert messages and messages[0].startswith("f(0.1) did not return within 0.05 s")


# --- errors in the student's function -----------------------------------------------------


def test_errors_are_explained() -> None:
    def unwritten(m: int, n: int) -> bool:
        raise NotImplementedError()

    message = failure(check_is_winning, unwritten)
    assert message.startswith("is_winning(0, 1) raised NotImplementedError")
    assert "not written yet" in message

    def broken(grid: Grid, at: Coord) -> Coord:
        moves: list[Coord] = []
        return moves[0]

    message = failure(check_king_strategy, broken, grids=[EXAMPLE])
    assert message.startswith("king_strategy(grid, [1, 0]) raised IndexError: list index out of range")
    assert "of broken: return moves[0]" in message
    assert "K the king" in message  # the picture of the position

    def deep(m: int, n: int) -> bool:
        return deep(m, n)

    assert "The recursion goes too deep" in failure(check_is_winning, deep, positions=[(1, 1)])


def test_the_students_grid_is_a_copy() -> None:
    def vandal(grid: Grid, at: Coord) -> Coord:
        object.__setattr__(grid, "blocked", frozenset())
        return solver_king(EXAMPLE, at)

    check_king_strategy(vandal, grids=[EXAMPLE])
    assert EXAMPLE.blocked == {Coord(0, 2), Coord(2, 0)}


def test_bad_positions_are_refused() -> None:
    with pytest.raises(ValueError):
        check_is_winning(beans.is_winning, positions=[(0, 0)])
    with pytest.raises(ValueError):
        Calls("f", per_call=0, total=1)


# --- feedback -----------------------------------------------------------------------------


def test_short_tracebacks_only_touch_grade_cells() -> None:
    from nbformat.v4 import new_code_cell, new_notebook, new_output

    def errored(grade: bool) -> Any:
        cell = new_code_cell("x", metadata={"nbgrader": {"grade": grade, "grade_id": f"g{grade}"}})
        cell.outputs = [new_output("error", ename="AssertionError", evalue="f(1) returned 2",
                                   traceback=["Traceback", "----> 3 check(f, secret=1)", "AssertionError: ..."])]
        return cell

    nb, _ = ShortTracebacks().preprocess(new_notebook(cells=[errored(True), errored(False)]), {})
    assert nb.cells[0].outputs[0].traceback == ["AssertionError: f(1) returned 2"]
    assert len(nb.cells[1].outputs[0].traceback) == 3


def test_seeded_runs_give_the_same_first_failure() -> None:
    rng = random.Random(5)
    grids = random_blocked_grids(3, seed=rng.randrange(1000))
    assert failure(check_king_strategy, parity_king, grids=grids) == failure(
        check_king_strategy, parity_king, grids=list(grids))


@pytest.mark.skipif(not alarm_available(), reason="needs SIGALRM in the main thread")
def test_a_time_limit_swallowed_once_still_stops_the_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """The alarm's first ring may land where Python ignores exceptions (here a garbage
    collector callback); it rings again, and the call is still stopped (not run to its end).
    The swallowed ring is dropped quietly: it never reaches ``sys.unraisablehook`` (pytest's
    hook formats a traceback there, where the next ring could land and fail the test run)."""
    import gc

    swallowed: list[str] = []

    def slow_callback(phase: str, info: dict[str, Any]) -> None:
        if not swallowed:
            swallowed.append(phase)
            burn(0.5)  # the first ring (at 0.2 s of CPU time) lands here, and is ignored

    finished: list[bool] = []

    def busy() -> None:
        give_up = time.perf_counter() + 10  # without a second ring the call would run to the end
        gc.collect()
        while time.perf_counter() < give_up:
            pass
        finished.append(True)

    unraisable: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda report: unraisable.append(report.exc_type))
    gc.callbacks.append(slow_callback)
    try:
        with pytest.raises(AssertionError, match=r"did not return within 0\.2 s"):
            Calls("busy", per_call=0.2, total=5).call(busy, (), "busy()")
        assert swallowed == ["start"]  # the first ring was swallowed ...
        assert not finished  # ... and a later one stopped the call before its end
        assert unraisable == []  # ... and the swallowed ring was not reported
    finally:
        gc.callbacks.remove(slow_callback)


@pytest.mark.skipif(not alarm_available(), reason="needs SIGALRM in the main thread")
def test_other_unraisable_errors_during_a_call_are_still_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the alarm's own rings are dropped: an error in a finalizer still reaches the hook,
    and the hook in place before the call is back after it."""

    class Broken:
        def __del__(self) -> None:
            raise ValueError("a finalizer failed")

    def make_garbage() -> int:
        Broken()  # dropped at once: its finalizer raises where Python ignores exceptions
        return 7

    unraisable: list[Any] = []

    def hook(report: Any) -> None:
        unraisable.append(report.exc_type)

    monkeypatch.setattr(sys, "unraisablehook", hook)
    assert Calls("make_garbage", per_call=1.0, total=5).call(make_garbage, (), "make_garbage()") == 7
    assert unraisable == [ValueError]
    assert sys.unraisablehook is hook
