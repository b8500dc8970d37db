"""The checks of problem set 7: the truth against brute force, the teaching messages, and the known scores.

The partial scores that the end-to-end test expects from the known wrong solutions are
computed here in process, from the same code, so a change of a board or a scale shows up in
seconds.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from known_submissions import (
    BRUTE_FORCE,
    LOCAL_RATIO,
    LOCAL_RATIO_HIDDEN,
    SIMPLE_RULES,
    SIMPLE_RULES_HIDDEN,
    UNIFORM_CHANCES,
)
from nbgrader_course import COURSE, hidden_seed_of

from coursekit.games.minesweeper import board_from_text, brute_force_probabilities
from coursekit.games.minesweeper import checks as minesweeper
from coursekit.games.minesweeper.checks import (
    certain_cells,
    check_certain,
    check_chances,
    count_placements,
    exact_chances,
    frontier,
    hidden_certain_boards,
    hidden_chance_boards,
    placements,
    score_certain,
    score_chances,
)

sys.path.insert(0, str(COURSE))
from ps07 import make as make_ps07

#: seeds for the drawings' own tests (a graded notebook draws from the course key: see hidden_seed_of)
CERTAIN_SEED, CHANCE_SEED = 20250501, 20250502
CERTAIN_BOARDS = hidden_certain_boards(make_ps07.CERTAIN_COUNT, CERTAIN_SEED)
CHANCE_BOARDS = hidden_chance_boards(make_ps07.CHANCE_COUNT, CHANCE_SEED)


def notebook(*cells: str) -> dict[str, Any]:
    """A student's notebook namespace: the helpers cell, then ``cells``."""
    space: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(make_ps07.CODE["setup"], space)
        for cell in cells:
            exec(cell, space)
    return space


def quiet(run: Callable[[], float]) -> tuple[float, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        earned = run()
    return earned, out.getvalue()


REFERENCE = notebook(make_ps07.CODE["certain"], make_ps07.CODE["mine_chances"])


def test_the_helpers_agree_with_the_library() -> None:
    board = CERTAIN_BOARDS[0]
    assert REFERENCE["cells"](board) == minesweeper.cells(board)
    for cell in minesweeper.cells(board):
        assert REFERENCE["neighbours"](board, cell) == minesweeper.neighbours(board, cell)


def test_hidden_boards_are_games_in_progress_of_several_sizes() -> None:
    for boards, most in ((CERTAIN_BOARDS, make_ps07.CERTAIN_FRONTIER),
                         ([b for b, _ in CHANCE_BOARDS], make_ps07.CHANCE_FRONTIER)):
        assert len({tuple(b) for b in boards}) == len(boards)
        assert all(1 <= len(frontier(b)) <= most for b in boards)
        assert len({(len(b[0]), len(b)) for b in boards}) >= 3
    assert hidden_certain_boards(3, 1) == hidden_certain_boards(3, 1)
    assert sum(bool(certain_cells(b)[0] | certain_cells(b)[1]) for b in CERTAIN_BOARDS) >= 15


def test_certainties_agree_with_every_placement_listed() -> None:
    """The engine's certain cells are those that are a mine in all, or none, of the frontier's placements."""
    for board in CERTAIN_BOARDS[:8]:
        edge = frontier(board)
        found = [set(p) for p in placements(board, edge)]
        mines = {c for c in edge if all(c in p for p in found)}
        safe = {c for c in edge if not any(c in p for p in found)}
        assert certain_cells(board) == (mines, safe)


def test_chances_agree_with_brute_force_and_the_count() -> None:
    for board, mines in CHANCE_BOARDS:
        exact = exact_chances(board, mines)
        total, hits = count_placements(board, mines)
        assert exact == {c: Fraction(hits[c], total) for c in exact}
    board, mines = ["1#", "##", "#2"], 2
    brute = brute_force_probabilities(board_from_text("\n".join(board), mines))
    assert exact_chances(board, mines) == {(c.x, c.y): p for c, p in brute.items()}


def test_the_reference_and_a_brute_force_pass_everything_in_time() -> None:
    brute = notebook(BRUTE_FORCE)
    for space in (REFERENCE, brute):
        certain, chances = space["certain"], space["mine_chances"]
        assert quiet(lambda: score_certain(certain, CERTAIN_BOARDS, 8))[0] == 8.0  # noqa: B023
        assert quiet(lambda: score_chances(chances, CHANCE_BOARDS, 7))[0] == 7.0  # noqa: B023
    # The frontiers are small enough for brute force (checked above: at most CERTAIN_FRONTIER cells,
    # about 0.4 s for the slowest board on an idle machine, against a limit of PER_CALL seconds).


def test_a_missed_cell_is_proved_by_the_subset_rule() -> None:
    simple = notebook(SIMPLE_RULES)["certain"]
    with pytest.raises(AssertionError) as failure:
        check_certain(simple, [["###", "121"]])
    text = str(failure.value)
    assert "it misses the mine (0, 1)" in text and "(the subset rule)" in text
    assert "1  X # #\n0  1 2 1\n   0 1 2" in text


def test_a_wrong_cell_gets_a_placement_the_other_way() -> None:
    with pytest.raises(AssertionError) as failure:
        check_certain(lambda board: ({(1, 1)}, set()), [["1#", "##"]])
    text = str(failure.value)
    assert "(1, 1) among its mines, but it is not certainly a mine" in text
    assert "marked *" in text and "fit every number around them" in text
    with pytest.raises(AssertionError, match="it touches no number"):
        check_certain(lambda board: (set(), {(2, 0)}), [["1##", "###"]])
    with pytest.raises(AssertionError, match="but it is certainly safe"):
        check_certain(lambda board: ({(1, 1), (0, 1), (2, 1)}, set()), [["###", "121"]])


def test_malformed_answers_are_refused_and_lose_their_board_only() -> None:
    with pytest.raises(AssertionError, match="a tuple of two sets"):
        check_certain(lambda board: [set(), set()], [["1#", "##"]])
    with pytest.raises(AssertionError, match=r"it is revealed \(it shows 1\)"):
        check_certain(lambda board: ({(0, 1)}, set()), [["1#", "##"]])
    answers = iter([(set(), set()), "no", (set(), set())])
    earned, text = quiet(lambda: score_certain(lambda board: next(answers), [["1#", "##"]] * 3, 3))
    assert earned == 2.0 and "no answer, share 0" in text
    with pytest.raises(AssertionError, match="has no chance for the hidden cell"):
        check_chances(lambda board, mines: {(1, 1): 0.5}, [(["1#", "##"], 1)])
    with pytest.raises(AssertionError, match="a chance is a float"):
        check_chances(lambda board, mines: dict.fromkeys([(1, 1), (0, 0), (1, 0)], "1/3"), [(["1#", "##"], 1)])


def test_a_wrong_chance_is_taught_with_the_count() -> None:
    uniform = notebook(UNIFORM_CHANCES)["mine_chances"]
    with pytest.raises(AssertionError) as failure:
        check_chances(uniform, [(["1##", "###"], 2)])
    text = str(failure.value)
    assert "of the 6 placements of 2 mines on the hidden cells that fit every number, 3 put a mine on" in text


@pytest.mark.parametrize(("student", "cells", "certain", "chances"), [
    ("simple_rules", (SIMPLE_RULES,), SIMPLE_RULES_HIDDEN, 7.0),
    ("uniform_chances", (UNIFORM_CHANCES,), 8.0, 0.0),
    ("local_ratio", (LOCAL_RATIO,), 8.0, LOCAL_RATIO_HIDDEN),
])
def test_known_wrong_solutions_score_as_the_end_to_end_test_expects(student: str, cells: tuple[str, ...],
                                                                    certain: float, chances: float) -> None:
    space = notebook(make_ps07.CODE["certain"], make_ps07.CODE["mine_chances"], *cells)
    certain_boards = hidden_certain_boards(make_ps07.CERTAIN_COUNT,
                                           hidden_seed_of("ps07", "test_certain_hidden", student))
    chance_boards = hidden_chance_boards(make_ps07.CHANCE_COUNT,
                                         hidden_seed_of("ps07", "test_mine_chances_hidden", student))
    assert quiet(lambda: score_certain(space["certain"], certain_boards, 8))[0] == certain
    assert quiet(lambda: score_chances(space["mine_chances"], chance_boards, 7))[0] == chances
