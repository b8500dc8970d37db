"""The checks of problem set 9: the strict reading of an evaluation, the games, and the known scores.

A game is refused at the first bad answer of ``evaluate`` (an error, a number that is not
one, a move over the time limit) and explained with the position; games are seeded, so the
partial scores that the end-to-end test expects from the known weak evaluations are computed
here in process, from the same code (the slow test at the end).
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from corners_pool import TEST_POOL, reference, reference_code
from known_submissions import (
    ALWAYS_ZERO,
    ALWAYS_ZERO_COURSE,
    ALWAYS_ZERO_E,
    IN_TARGET,
    IN_TARGET_COURSE,
    IN_TARGET_E,
    TEXT_VALUE,
    VISIBLE_OPENINGS,
    hidden_opening,
    seeds_shown,
)
from nbgrader_course import COURSE, TEST_KEY, AsGraded, graded_as, hidden_seed_of

from coursekit.games.corners import BLACK, WHITE, alphabeta_strategy, evaluate, openings, search
from coursekit.games.corners import checks as grading
from coursekit.games.corners.checks import (
    Budget,
    Metered,
    check_evaluate,
    checked,
    games_share,
    graded_rules,
    play_game,
    play_games,
    pool_opening,
    random_positions,
    read_value,
    reference_cost,
    score_games,
    show_games,
    squeezed,
    visible_positions,
)
from coursekit.games.corners.openings import (
    POOL_SIZE,
    PRACTICE_POOL,
    PoolMissing,
    build_pool,
    candidates,
    ensure_pool,
    full_marks,
    pool_path,
    read_pool,
    write_pool,
)
from coursekit.games.corners.openings import hidden_opening as hidden_opening_now
from coursekit.grading.kernel import Malformed, NoCases
from coursekit.grading.limits import Calls
from coursekit.grading.secret import grading as grading_key

sys.path.insert(0, str(COURSE))
from ps09 import make as make_ps09

#: seeds of the drawings' own tests (a graded notebook draws from the course key: see hidden_seed_of); an opening
#: that the in-target evaluation loses as White against E's player
POSITION_SEED, LOST_OPENING = 20250501, 20250512

RULES = graded_rules()


def notebook_function(*cells: str) -> Callable[..., Any]:
    """``evaluate`` as a student's notebook defines it: the setup cell, then ``cells``."""
    space: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(make_ps09.CODE["setup"], space)
        for cell in cells:
            exec(cell, space)
    function: Callable[..., Any] = space["evaluate"]
    return function


def quiet(run: Callable[[], Any]) -> tuple[Any, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = run()
    return result, out.getvalue()


def test_the_constants_are_the_notebooks() -> None:
    """The notebook takes its limits from the grading module (make.py imports them); the ones it states itself agree."""
    assert 1000 * grading.BUDGET_FLOOR == make_ps09.BUDGET_FLOOR_MS
    assert (make_ps09.E_VISIBLE, make_ps09.COURSE_VISIBLE) == VISIBLE_OPENINGS
    assert RULES.spec() == {"game": "corners", "pieces": 9, "move_limit": 30, "leave_home_by": None}


def test_the_helper_counts_steps_to_the_nearest_target_cell() -> None:
    helper = notebook_function("def evaluate(rules, state):\n    return steps_to_target")(None, None)
    for player in (WHITE, BLACK):
        target = RULES.target(player)
        for cell in RULES.initial_state().pieces(1 - player) + RULES.initial_state().pieces(player):
            assert helper(RULES, player, cell) == min(abs(cell.x - t.x) + abs(cell.y - t.y) for t in target)


@pytest.mark.parametrize(("raw", "value"), [(0, 0.0), (-7, -7.0), (0.25, 0.25), (Fraction(1, 4), 0.25)])
def test_numbers_are_read_as_floats(raw: Any, value: float) -> None:
    assert read_value(raw) == value and type(read_value(raw)) is float


@pytest.mark.parametrize(("raw", "reason"), [
    (True, "not True or False"), ("1.5", "an int or a float"), (None, "an int or a float"),
    ([1], "an int or a float"), (float("inf"), "finite"), (float("nan"), "finite"), (10 ** 400, "fits in a float"),
])
def test_anything_else_is_refused_with_a_reason(raw: Any, reason: str) -> None:
    problem = read_value(raw)
    assert isinstance(problem, Malformed) and reason in problem.reason


def test_a_number_of_another_type_is_refused_as_the_sandbox_would() -> None:
    class Float64(float):
        pass

    problem = read_value(Float64(0.5))
    assert isinstance(problem, Malformed)
    assert problem.reason == ("it must return a plain int or float, not a Float64: convert it, for example "
                              "with float(...)")


def test_an_object_that_claims_to_be_everything_is_not_a_number() -> None:
    class Sneaky:
        def __eq__(self, other: object) -> bool:
            return True

        def __float__(self) -> float:
            return 1.0

    assert isinstance(read_value(Sneaky()), Malformed)


def test_the_squeeze_keeps_the_order_and_the_search_its_choices() -> None:
    values = [-1e6, -3.0, -0.5, 0.0, 0.001, 2.0, 1e9]
    squeezed_values = [squeezed(v) for v in values]
    assert squeezed_values == sorted(squeezed_values) and all(-1 < v < 1 for v in squeezed_values)
    assert all(squeezed(-v) == -squeezed(v) for v in values)
    # the course's evaluation scaled up by 1000 and squeezed: the same best moves as the course's own
    state = random_positions(1, seed=3)[0]
    scaled = checked(lambda rules, position: 1000 * evaluate(rules, position), [])
    assert search(RULES, state, depth=2, evaluate=scaled).best_moves == search(RULES, state, depth=2).best_moves


def test_positions_are_games_going_on_from_both_sides() -> None:
    positions = random_positions(make_ps09.POSITION_COUNT, seed=POSITION_SEED)
    assert len(set(positions)) == make_ps09.POSITION_COUNT
    assert not any(RULES.is_over(p) for p in positions)
    assert {p.turn for p in positions} == {WHITE, BLACK}
    assert max(p.moves_made for p in positions) >= 40 and min(p.moves_made for p in positions) <= 10
    assert any(RULES.in_target(p, WHITE) + RULES.in_target(p, BLACK) for p in positions)
    assert len(visible_positions()) == 6


def test_the_reference_and_the_weak_evaluations_give_numbers_everywhere() -> None:
    positions = random_positions(make_ps09.POSITION_COUNT, seed=POSITION_SEED)
    for code in (make_ps09.CODE["evaluate"], ALWAYS_ZERO, IN_TARGET):
        assert check_evaluate(notebook_function(code), positions) == len(positions)


def test_a_refused_number_is_explained_with_the_position() -> None:
    with pytest.raises(AssertionError) as failure:
        check_evaluate(notebook_function(TEXT_VALUE), visible_positions())
    text = str(failure.value)
    assert "evaluate(rules, state) returned '0.0' (a str); it must return a number (an int or a float)." in text
    assert "White (W) to move, after 0 moves." in text and "7  B B B . . . . ." in text


def test_the_stub_says_it_is_not_written_yet() -> None:
    with pytest.raises(AssertionError, match="not written yet"):
        check_evaluate(notebook_function("def evaluate(rules, state):\n    raise NotImplementedError()\n"),
                       visible_positions())


def test_a_refused_move_loses_the_game_and_shows_the_position() -> None:
    calls = Calls("evaluate", 1.0, float("inf"))
    game = play_game(lambda rules, state: None if state.moves_made > 8 else 0, "E", 7, BLACK, 1, calls)
    assert game.score == 0 and game.outcome == "lost"
    assert "returned None (a NoneType); it must return a number" in game.problem
    assert "White (W) to move, after 10 moves." in game.problem  # after a move of yours: the opponent to move
    lesson = game.lesson(RULES)
    assert "(opening 7, you Black (B) against E's fixed player)" in lesson and "Your move was refused" in lesson


def test_an_error_in_evaluate_names_the_students_line() -> None:
    calls = Calls("evaluate", 1.0, float("inf"))
    game = play_game(lambda rules, state: 1 / 0, "course", 1, WHITE, 1, calls)
    assert "evaluate(rules, state) raised ZeroDivisionError: division by zero\n  (line " in game.problem
    assert "of <lambda>: game = play_game(lambda rules, state: 1 / 0" in game.problem
    assert "The position your player's search asked about:\n7  " in game.problem


def test_a_slow_move_loses_the_game() -> None:
    def slow(rules: Any, state: Any) -> float:
        total = 0.0
        for _ in range(200_000):
            total += 1.0
        return total

    calls = Calls("evaluate", 0.05, float("inf"))
    game = play_game(slow, "E", 1, WHITE, 1, calls, allowed=Budget(1.0, 0.1))
    assert game.score == 0 and "used more than 0.05 s of CPU time in evaluate" in game.problem
    assert "the limit for one move" in game.problem


def test_the_budget_is_the_course_s_evaluation_measured_here() -> None:
    reference = grading.reference_cost()
    assert reference_cost() == reference and 0 < reference < 0.01  # measured once in the process
    allowed = grading.budget()
    assert allowed.per_call == max(grading.BUDGET_FLOOR, grading.BUDGET_TIMES * reference)
    # in a notebook: the function's own CPU time only (each is rounded to 1e-9)
    assert allowed.each == pytest.approx(allowed.per_call, abs=1e-9)
    sandboxed = Budget(allowed.per_call, reference, sandboxed=True)
    assert sandboxed.each == pytest.approx(allowed.per_call + grading.CROSSING_TIMES * reference, abs=1e-9)
    assert allowed.allowed(100) == pytest.approx(grading.GRACE + 100 * allowed.per_call)


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The meter's CPU clock, replaced by one that moves only when a test adds to ``now[0]``, so that
    what it counts cannot depend on the machine's load (the process's real CPU clock also runs for
    its other threads)."""
    clock = [0.0]
    monkeypatch.setattr(grading, "time", SimpleNamespace(process_time=lambda: clock[0]))
    return clock


def test_the_meter_counts_the_calls_and_only_their_cpu_time(now: list[float]) -> None:
    def evaluate_for_a_millisecond(rules: Any, state: Any) -> int:
        now[0] += 0.001
        return 0

    metered = Metered(evaluate_for_a_millisecond)
    for _ in range(50):
        metered(RULES, RULES.initial_state())
        now[0] += 0.1  # the search's own work, outside the calls: not counted
    assert metered.calls == 50 and metered.seconds() == pytest.approx(0.05)


def test_the_meter_counts_the_time_of_a_call_that_raises(now: list[float]) -> None:
    def evaluate_then_fail(rules: Any, state: Any) -> int:
        now[0] += 0.25
        raise ValueError("no value here")

    metered = Metered(evaluate_then_fail)
    with pytest.raises(ValueError):
        metered(RULES, RULES.initial_state())
    assert metered.calls == 1 and metered.seconds() == pytest.approx(0.25)


def test_an_evaluation_a_hundred_times_the_course_s_loses_on_time_and_says_why() -> None:
    # 100 x, not 30 x: the budget (22 x) is measured on this machine as the test runs, and beside other
    # work a measured call can cost twice as much CPU (caches shared), which 30 x would not clear for sure
    def slow(rules: Any, state: Any) -> float:
        value = 0.0
        for _ in range(100):
            value = evaluate(rules, state)
        return value

    played = play_games(slow, "course", [1])
    assert [g.score for g in played] == [0, 0]
    first, second = (g.problem for g in played)
    assert "Your player ran out of time before your move" in first and "your move 1:" in second
    for problem in (first, second):
        assert "evaluate was called" in problem and "times in this test and used" in problem
        assert "ms a call; the budget is" in problem and f"({grading.BUDGET_TIMES} x the course's evaluation" in problem


@pytest.mark.slow
def test_the_reference_evaluation_stays_well_within_its_budget() -> None:
    metered = Metered(notebook_function(make_ps09.CODE["evaluate"]))
    played = play_games(metered, "E", [make_ps09.E_VISIBLE])
    assert not any(g.problem for g in played)
    assert metered.seconds() < 0.5 * grading.budget().allowed(metered.calls)


def test_the_scales() -> None:
    assert [games_share("E", s, 2) for s in (0, 0.5, 1, 1.5, 2)] == [0, 0.25, 0.5, 0.75, 1]
    assert [games_share("course", s, 2) for s in (0, 0.5, 1, 1.5, 2)] == [0, 0.5, 1, 1, 1]
    with pytest.raises(ValueError):
        games_share("random", 1, 2)


@pytest.mark.slow
def test_a_lost_game_teaches_the_opening_the_position_and_the_margin() -> None:
    seed = LOST_OPENING
    earned, text = quiet(lambda: score_games(notebook_function(IN_TARGET), "E", [seed], 3))
    assert earned == 0.75
    assert "evaluate against E's fixed player: score 0.5 of 2 -> 0.75 of 3 points" in text
    assert (f"The first game not won:\nGame 1 (opening {seed}, you White (W) against E's fixed player): lost. "
            "The move limit: White has 5 pieces in its target, Black 6: Black wins.\nAfter 60 moves: your pieces "
            "in your target 5 of 9, the opponent's in its target 6; your pieces still in your home corner 1") in text
    assert "The final position:\n7  W W . . . . . .\n" in text


@pytest.mark.slow
def test_visible_games_pass_when_played_to_the_end() -> None:
    played, text = quiet(lambda: show_games(notebook_function(ALWAYS_ZERO), "course", [make_ps09.COURSE_VISIBLE]))
    assert len(played) == 2 and "Against the course's player: game 1" in text
    with pytest.raises(AssertionError, match="Your move was refused"):
        quiet(lambda: show_games(notebook_function(TEXT_VALUE), "course", [make_ps09.COURSE_VISIBLE]))


def test_the_same_player_as_the_course_s() -> None:
    """The grader's player with the course's evaluation plays the course's player's moves."""
    own = alphabeta_strategy(depth=2)
    for state in random_positions(3, seed=11):
        notes: list[str] = []
        assert alphabeta_strategy(depth=2, evaluate=checked(evaluate, notes))(RULES, state) == own(RULES, state)
        assert not notes


@pytest.mark.slow
@pytest.mark.parametrize(("student", "code", "against_e", "against_course"), [
    ("reference", make_ps09.CODE["evaluate"], (3.0, 3.0), (3.0, 3.0)),
    ("always_zero", ALWAYS_ZERO, ALWAYS_ZERO_E, ALWAYS_ZERO_COURSE),
    ("in_target", IN_TARGET, IN_TARGET_E, IN_TARGET_COURSE),
    ("text_value", TEXT_VALUE, (0.0, 0.0), (0.0, 0.0)),
])
def test_known_evaluations_score_as_the_end_to_end_test_expects(student: str, code: str,
                                                                against_e: tuple[float, float],
                                                                against_course: tuple[float, float]) -> None:
    """On the openings the test key draws for each student (see tests/known_submissions.py)."""
    function = AsGraded(notebook_function(code))
    with graded_as("ps09", student):
        got_e = tuple(score_games(function, "E", [hidden_opening("test_games_e_hidden", student, n)], 3,
                                  report=None) for n in (1, 2))
        got_course = tuple(score_games(function, "course", [hidden_opening("test_games_course_hidden", student, n)],
                                       3, report=None) for n in (1, 2))
    assert (got_e, got_course) == (against_e, against_course)


def test_the_pool_is_checked_openings_picked_by_the_hidden_seed() -> None:
    """Distinct openings of the pool for the two cells of a part, the same on every regrade, spread over the pool."""
    assert len(set(TEST_POOL)) == len(TEST_POOL) == make_ps09.POOL_SIZE == POOL_SIZE >= 16
    for seed in range(50):
        first, second = pool_opening(seed, 1, TEST_POOL), pool_opening(seed, 2, TEST_POOL)
        assert first.number != second.number and {first.number, second.number} <= set(TEST_POOL)
        assert pool_opening(seed, 1, TEST_POOL) == first
    assert len({pool_opening(seed, 1, TEST_POOL).number for seed in range(200)}) == len(TEST_POOL)
    with pytest.raises(ValueError, match="the cell is 1 to"):
        pool_opening(1, 0, TEST_POOL)


def test_each_course_draws_its_own_openings_and_none_is_public() -> None:
    """The candidates come from the key alone: another key, other openings; never the practice pool's."""
    ours = list(candidates(TEST_KEY, count=200))
    theirs = list(candidates(bytes(32), count=200))
    assert len(set(ours)) == 200 and not set(ours) & set(PRACTICE_POOL) and not set(theirs) & set(PRACTICE_POOL)
    assert len(set(ours) & set(theirs)) <= 1  # numbers below 2**31: two keys share about none
    assert list(candidates(TEST_KEY, count=200)) == ours
    assert list(TEST_POOL) == [n for n in ours if n in TEST_POOL]  # the pool keeps the key's order
    assert ours[0] == TEST_POOL[0] or ours[0] not in TEST_POOL


@pytest.mark.slow  # plays a sample of each pool: about 20 s
def test_the_reference_earns_full_marks_on_a_sample_of_each_pool() -> None:
    evaluate = reference()
    for number in (TEST_POOL[0], TEST_POOL[-1], PRACTICE_POOL[0], PRACTICE_POOL[-1]):
        assert full_marks(evaluate, number) == {"E": 1.0, "course": 1.0}, number


#: How many of the test key's pool are built again in the suite: its first quarter (about 9 candidates, 45 s of
#: CPU time); the whole pool (24 openings, about 36 candidates) is built by ``tests/corners_pool.py test``.
REBUILT = POOL_SIZE // 4


@pytest.mark.slow
def test_the_test_key_s_pool_is_what_coursekit_grade_builds() -> None:
    """The pool's first quarter built again from the test key and the course's reference (two processes): every
    opening kept earns the reference full marks, and every candidate skipped before the last does not. The rest of
    the pool keeps the key's order (the test above); ``coursekit grade`` builds it with the same function."""
    assert build_pool(TEST_KEY, reference_code(), size=REBUILT, jobs=2) == TEST_POOL[:REBUILT]


@pytest.mark.slow
def test_an_opening_of_the_pool_is_not_a_full_mark_for_anyone() -> None:
    """The check can fail: the pool is not every opening, and a weak evaluation loses points on it."""
    weak = notebook_function(ALWAYS_ZERO)
    assert any(full_marks(weak, number) != {"E": 1.0, "course": 1.0} for number in TEST_POOL[:4])


@pytest.mark.slow
def test_feedback_names_the_opening_by_its_place_in_the_pool_never_a_seed() -> None:
    opening = hidden_opening("test_games_e_hidden", "in_target", 1)
    earned, text = quiet(lambda: score_games(notebook_function(IN_TARGET), "E", [opening], 3))
    assert earned < 3 and "The first game not won:" in text
    assert f"({opening.name}, you White (W) against E's fixed player)" in text
    assert opening.name.startswith("opening ") and opening.name.endswith(f" of the pool of {len(TEST_POOL)}")
    assert "seed" not in text and not seeds_shown(text, "in_target")
    assert str(opening.number) not in text
    assert seeds_shown(f"Game 1 (opening {opening.number}, you White", "in_target")  # the check can fail


def test_the_notebook_states_the_pool_s_size_not_its_openings() -> None:
    text = "\n".join(cell.source for cell in make_ps09.ASSIGNMENT.notebook().cells)
    assert f"the course's own pool of {POOL_SIZE} checked openings" in text
    for pool in (TEST_POOL, PRACTICE_POOL):
        assert ", ".join(map(str, pool[:3])) not in text and not any(str(n) in text for n in pool if n > 1000)
    assert "PRACTICE_POOL" not in text and "TEST_POOL" not in text


def test_a_hidden_cell_plays_the_course_pool_while_grading_and_the_practice_pool_elsewhere(tmp_path: Path) -> None:
    code = reference_code()
    write_pool(tmp_path, TEST_KEY, code, TEST_POOL)
    (tmp_path / "source" / "ps09").mkdir(parents=True)
    (tmp_path / "source" / "ps09" / "ps09.ipynb").write_text(
        (COURSE / "source" / "ps09" / "ps09.ipynb").read_text(encoding="utf-8"), encoding="utf-8")
    assert pool_path(tmp_path).stat().st_mode & 0o777 == 0o600
    with grading_key(TEST_KEY, "ps09", "alice", str(tmp_path)):
        graded = hidden_opening_now("test_games_e_hidden", 1)
    assert graded == pool_opening(hidden_seed_of("ps09", "test_games_e_hidden", "alice", digest=""), 1, TEST_POOL)
    practice, said = quiet(lambda: hidden_opening_now("test_games_e_hidden", 1))
    assert practice.number in PRACTICE_POOL and "practice cases" in said


def test_a_missing_or_stale_pool_sends_the_notebook_to_a_person(tmp_path: Path) -> None:
    """No pool, a pool of another key, or one built for another reference: PoolMissing (a NoCases: no points)."""
    (tmp_path / "source" / "ps09").mkdir(parents=True)
    (tmp_path / "source" / "ps09" / "ps09.ipynb").write_text(
        (COURSE / "source" / "ps09" / "ps09.ipynb").read_text(encoding="utf-8"), encoding="utf-8")
    code = reference_code()
    assert issubclass(PoolMissing, NoCases)
    for write in (lambda: None,
                  lambda: write_pool(tmp_path, bytes(32), code, TEST_POOL),
                  lambda: write_pool(tmp_path, TEST_KEY, code + "\n# changed", TEST_POOL)):
        pool_path(tmp_path).unlink(missing_ok=True)
        write()
        assert read_pool(tmp_path, TEST_KEY, code) is None
        with grading_key(TEST_KEY, "ps09", "alice", str(tmp_path)), pytest.raises(PoolMissing, match="coursekit grade"):
            hidden_opening_now("test_games_e_hidden", 1)
    write_pool(tmp_path, TEST_KEY, code, TEST_POOL)
    assert read_pool(tmp_path, TEST_KEY, code) == TEST_POOL


def test_the_batch_s_hook_builds_the_pool_only_for_an_assignment_that_plays_the_openings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``coursekit grade`` calls each game's ``before_grading`` hook: only corners has one, and it makes the pool
    for an assignment whose notebook asks for hidden openings, for no other."""
    from coursekit.games import GAMES

    asked: list[bytes] = []
    monkeypatch.setattr(openings, "ensure_pool", lambda root, key, **_: asked.append(key))
    for name, source in (("ps01", "is_winning(3, 6)"), ("ps09", "opening = hidden_opening('test_games', 1)")):
        (tmp_path / "source" / name).mkdir(parents=True)
        (tmp_path / "source" / name / f"{name}.ipynb").write_text(source, encoding="utf-8")
    hooks = {entry.name: entry.function(entry.before_grading) for entry in GAMES.values() if entry.before_grading}
    assert list(hooks) == ["corners"]
    hooks["corners"](tmp_path, "ps01", TEST_KEY)
    assert asked == []
    hooks["corners"](tmp_path, "ps09", TEST_KEY)
    assert asked == [TEST_KEY]


def test_ensure_pool_builds_only_what_is_missing_or_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "source" / "ps09").mkdir(parents=True)
    (tmp_path / "source" / "ps09" / "ps09.ipynb").write_text(
        (COURSE / "source" / "ps09" / "ps09.ipynb").read_text(encoding="utf-8"), encoding="utf-8")
    built: list[bytes] = []

    def build(key: bytes, code: str, size: int = POOL_SIZE, **_: Any) -> tuple[int, ...]:
        built.append(key)
        return TEST_POOL if key == TEST_KEY else tuple(range(1, POOL_SIZE + 1))

    monkeypatch.setattr(openings, "build_pool", build)
    said: list[str] = []
    assert ensure_pool(tmp_path, TEST_KEY, say=said.append) == TEST_POOL and built == [TEST_KEY]
    assert said and "once" in said[0]
    assert ensure_pool(tmp_path, TEST_KEY) == TEST_POOL and built == [TEST_KEY]  # read back, not built
    assert ensure_pool(tmp_path, bytes(32)) == tuple(range(1, POOL_SIZE + 1)) and built == [TEST_KEY, bytes(32)]


@pytest.mark.slow  # plays the course's pool: about 20 s
def test_a_table_of_the_public_openings_earns_nothing_on_the_course_s() -> None:
    """The attack the pool stops: play an opening ahead with the reference, store every position the search
    values, and answer from the table (0 elsewhere). On that opening the table plays the reference's games;
    on the course's openings, which nobody knows without the key, it is the always-0 player."""
    values: dict[Any, float] = {}
    evaluate = reference()

    def recording(rules: Any, state: Any) -> float:
        values[state] = value = evaluate(rules, state)
        return value

    public = PRACTICE_POOL[0]
    play_games(recording, "E", [public])
    assert len(values) > 100

    def table(rules: Any, state: Any) -> float:
        return values.get(state, 0)

    assert games_share("E", sum(g.score for g in play_games(table, "E", [public])), 2) == 1.0
    course = [hidden_opening("test_games_e_hidden", "table", cell, digest="").number for cell in (1, 2)]
    with_table = [g.score for g in play_games(table, "E", course)]
    always_zero = [g.score for g in play_games(notebook_function(ALWAYS_ZERO), "E", course)]
    assert with_table == always_zero and sum(with_table) < len(with_table)
