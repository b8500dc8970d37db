"""The checks of problem set 6: the basket's move against the Grundy values, the crawler's games.

The winning moves are compared with an independent game search on small positions; the
partial scores that the end-to-end test expects from the known wrong solutions are
computed here in process, from the same code, so a change of a scale shows up in seconds.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable
from functools import cache
from itertools import product
from typing import Any

import pytest
from cpu import burn
from known_submissions import (
    GREEDY_CRAWLER,
    GREEDY_CRAWLER_C,
    GREEDY_CRAWLER_RANDOM,
    LARGEST,
    LARGEST_HIDDEN,
    PLAIN_NIM,
    PLAIN_NIM_HIDDEN,
    RANDOM_CRAWLER,
    RANDOM_CRAWLER_RANDOM,
)
from nbgrader_course import COURSE, AsGraded, graded_as, hidden_seed_of

from coursekit.games.basket.checks import (
    HIDDEN_CAPS,
    basket_move_check,
    check_basket_move,
    hidden_positions,
    is_winning,
    score_basket_move,
    winning_puts,
)
from coursekit.games.crawler.checks import check_crawler_move, score_games, show_games
from coursekit.grading.kernel import run_check

sys.path.insert(0, str(COURSE))
from ps06 import make as make_ps06

#: a seed for the drawing's own tests (a graded notebook draws from the course key: see hidden_seed_of)
BASKET_SEED, C_SEED, RANDOM_SEED = 20241112, 20241119, 20241120
HIDDEN = hidden_positions(make_ps06.BASKET_COUNT, BASKET_SEED, losing=make_ps06.BASKET_LOSING)
VISIBLE_BASKET = [([3, 3, 3], None), ([1, 2, 3], None), ([5, 0, 7], None), ([3, 3, 2], 2), ([1, 3], 2),
                  ([4, 4, 4, 4], 3), ([10, 7, 2, 5, 8, 1], 4), ([0, 6], 4)]
VISIBLE_LINES = [[], [(2, 2), (3, 2)], [(1, 1), (2, 1), (2, 2)], [(0, 0), (1, 0), (1, 1), (0, 1)],
                 [(3, 1), (3, 2), (2, 2), (2, 3), (3, 3)], [(5, 4), (5, 3), (4, 3), (4, 4)]]


def notebook_function(name: str, *cells: str) -> Callable[..., Any]:
    """``name`` as a student's notebook defines it: the helpers cell, then ``cells``."""
    space: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(make_ps06.CODE["setup"], space)
        for cell in cells:
            exec(cell, space)
    function: Callable[..., Any] = space[name]
    return function


BASKET = notebook_function("basket_move", make_ps06.CODE["basket_move"])
CRAWLER = notebook_function("crawler_move", make_ps06.CODE["crawler_move"])


# The basket.

@cache
def wins(left: tuple[int, ...], cap: int | None) -> bool:
    """Whether the player to move wins, by a plain game search (no theory)."""
    return any(not wins(tuple(n - k if c == colour else n for c, n in enumerate(left)), cap)
               for colour, balls in enumerate(left) for k in range(1, (balls if cap is None else min(balls, cap)) + 1))


@pytest.mark.parametrize("cap", [None, 1, 2, 3])
def test_winning_moves_agree_with_a_game_search(cap: int | None) -> None:
    for left in product(range(6), repeat=3):
        if not any(left):
            continue
        assert is_winning(list(left), cap) == wins(left, cap)
        searched = [(colour, k) for colour, balls in enumerate(left)
                    for k in range(1, (balls if cap is None else min(balls, cap)) + 1)
                    if not wins(tuple(n - k if c == colour else n for c, n in enumerate(left)), cap)]
        assert winning_puts(list(left), cap) == searched


def test_hidden_positions_are_varied_and_fixed() -> None:
    assert hidden_positions(30, BASKET_SEED, losing=6) == HIDDEN
    assert len({(tuple(left), cap) for left, cap in HIDDEN}) == 30
    assert [is_winning(*p) for p in HIDDEN].count(False) == 6
    assert {len(left) for left, _ in HIDDEN} == {2, 3, 4, 5, 6}
    assert {cap for _, cap in HIDDEN} == set(HIDDEN_CAPS)


def test_reference_basket_gets_full_marks() -> None:
    assert check_basket_move(BASKET, VISIBLE_BASKET) == 8
    assert score_basket_move(BASKET, HIDDEN, 6, report=None) == 6.0


@pytest.mark.parametrize(("student", "code", "hidden"), [("plain_nim", PLAIN_NIM, PLAIN_NIM_HIDDEN),
                                                        ("largest_colour", LARGEST, LARGEST_HIDDEN)])
def test_known_wrong_basket_players(student: str, code: str, hidden: float) -> None:
    player = notebook_function("basket_move", code)
    with pytest.raises(AssertionError, match="Nim sum"):
        check_basket_move(player, VISIBLE_BASKET)
    graded = hidden_positions(make_ps06.BASKET_COUNT, hidden_seed_of("ps06", "test_basket_move_hidden", student),
                              losing=make_ps06.BASKET_LOSING)
    assert score_basket_move(player, graded, 6, report=None) == hidden


def test_a_losing_move_is_taught() -> None:
    largest = notebook_function("basket_move", LARGEST)
    with pytest.raises(AssertionError) as failure:
        check_basket_move(largest, [([0, 6], 4)])
    assert str(failure.value) == (
        "basket_move([0, 6], 4) returned (1, 4): it leaves [0, 2], a position the opponent wins.\n"
        "With at most 4 balls a move, a colour's Grundy value is its balls left mod 5.\n"
        "Before your move: Grundy values [0, 1], Nim sum 0 ^ 1 = 1: not 0, so you can win.\n"
        "After your move: Grundy values [0, 2], Nim sum 0 ^ 2 = 2: not 0, so the opponent wins, for example with "
        "(1, 2), which leaves [0, 0] (Nim sum 0).\n"
        "A winning move: (1, 1), which leaves [0, 5] (Grundy values [0, 0], Nim sum 0).")


def test_an_illegal_move_earns_nothing_for_its_position_only() -> None:
    lines: list[str] = []
    points = score_basket_move(lambda left, cap: (0, 3), [([3, 0], None), ([3, 0], 2)], 4, report=lines.append)
    assert points == 2.0
    assert "  [3, 0], cap 2 (losing): yours (0, 3), not a legal move" in lines
    assert "at most 2 balls go in at one move, not 3" in lines[-1]


class Sneaky(tuple):  # type: ignore[type-arg]
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = tuple.__hash__


@pytest.mark.parametrize("answer", [[0, 1], (0, 1.0), (True, 1), Sneaky((0, 1)), "0 1", None, (0, 1, 2)])
def test_malformed_basket_answers_fail(answer: Any) -> None:
    with pytest.raises(AssertionError, match="tuple of two ints"):
        check_basket_move(lambda left, cap: answer, [([1, 2, 3], None)])
    with pytest.raises(AssertionError, match="tuple of two ints"):
        score_basket_move(lambda left, cap: answer, [([1, 2, 3], None)], 2, report=None)


def test_basket_check_is_strict_and_its_share_counts() -> None:
    check = basket_move_check([([1, 2], None)])
    assert run_check(lambda left, cap: (1, 1), check) == 1
    assert check.share is not None


# The crawler.

@pytest.mark.slow
def test_reference_crawler_wins_every_game() -> None:
    assert check_crawler_move(CRAWLER, VISIBLE_LINES) == len(VISIBLE_LINES)
    assert score_games(CRAWLER, "C", make_ps06.C_GAMES, C_SEED, 6, report=None) == 6.0
    assert score_games(CRAWLER, "random", make_ps06.RANDOM_GAMES, RANDOM_SEED, 4, report=None) == 4.0


@pytest.mark.slow
def test_known_wrong_crawler_players() -> None:
    randomly = notebook_function("crawler_move", RANDOM_CRAWLER)
    with pytest.raises(AssertionError, match="closes the line and wins at once"):
        check_crawler_move(randomly, VISIBLE_LINES)
    assert score_games(randomly, "C", make_ps06.C_GAMES, C_SEED, 6, report=None) == 0.0
    # the figures the known students get in the test course: their own games, their random salted by the key
    with graded_as("ps06", "random_crawler"):
        seed = hidden_seed_of("ps06", "test_crawler_move_hidden_random", "random_crawler")
        assert score_games(AsGraded(randomly), "random", make_ps06.RANDOM_GAMES, seed, 4,
                           report=None) == RANDOM_CRAWLER_RANDOM
    greedy = notebook_function("crawler_move", GREEDY_CRAWLER)
    assert check_crawler_move(greedy, VISIBLE_LINES) == len(VISIBLE_LINES)
    with graded_as("ps06", "greedy_crawler"):
        seed = hidden_seed_of("ps06", "test_crawler_move_hidden_c", "greedy_crawler")
        assert score_games(AsGraded(greedy), "C", make_ps06.C_GAMES, seed, 6, report=None) == GREEDY_CRAWLER_C
        seed = hidden_seed_of("ps06", "test_crawler_move_hidden_random", "greedy_crawler")
        assert score_games(AsGraded(greedy), "random", make_ps06.RANDOM_GAMES, seed, 4,
                           report=None) == GREEDY_CRAWLER_RANDOM


def test_scores_are_the_same_at_every_run() -> None:
    randomly = notebook_function("crawler_move", RANDOM_CRAWLER)
    first = score_games(randomly, "random", 8, 5, 4, report=None)
    assert all(score_games(randomly, "random", 8, 5, 4, report=None) == first for _ in range(3))


def test_a_lost_game_is_explained() -> None:
    lines: list[str] = []
    first = notebook_function("crawler_move", "def crawler_move(line, width, height):\n"
                                              "    return legal_moves(line, width, height)[0]\n")
    assert score_games(first, "C", 2, 0, 6, report=lines.append) == 0.0
    assert lines[0].startswith("crawler_move: 2 games as the first player on 6 x 5 against C's player")
    assert "game 1: lost, C's player closed the line at move" in lines[1]
    assert lines[-1].startswith("The first game lost (game 1 of 2): C's player closed the line")
    assert "let C's player close the line with" in lines[-1] and "\n0  " in lines[-1]


@pytest.mark.parametrize(("player", "words"), [
    (lambda line, w, h: 1 // 0, "raised ZeroDivisionError"),
    (lambda line, w, h: ((0, 0), (0, 2)), "not a legal move: [0, 0] and [0, 2] are not neighbours"),
    (lambda line, w, h: [(0, 0), (1, 0)], "it must return a segment"),
    (lambda line, w, h: ((0, 0), (1.0, 0)), "each point a tuple of two ints"),
])
def test_a_refused_move_loses_that_game_only(player: Callable[..., Any], words: str) -> None:
    lines: list[str] = []
    assert score_games(player, "random", 3, 0, 3, report=lines.append) == 0.0
    assert lines[1] == "  game 1: lost, your move 1 was refused"
    assert words in lines[-1]


def test_a_segment_may_be_written_either_way_round() -> None:
    def backwards(line: list[tuple[int, int]], width: int, height: int) -> Any:
        end, new = CRAWLER(line, width, height)
        return (new, end)

    assert score_games(backwards, "C", 1, 0, 1, report=None) == 1.0


def test_slow_players_lose_the_games_left() -> None:
    calls = 0

    def slow(line: list[tuple[int, int]], width: int, height: int) -> Any:
        nonlocal calls
        calls += 1
        burn(0.3)
        return CRAWLER(line, width, height)

    lines: list[str] = []
    assert score_games(slow, "random", 6, 0, 6, per_call=1.0, total=1.0, report=lines.append) < 6.0
    # Each call burns at least 0.3 s on the clock the limit reads, so the 1 s is spent by the fourth
    # call at the latest; after that, each game left is lost at its first move (5 games at most).
    assert calls <= 4 + 5
    assert "too slow" in lines[-1]


def test_a_hanging_call_is_stopped() -> None:
    def hang(line: list[tuple[int, int]], width: int, height: int) -> Any:
        while True:
            pass

    lines: list[str] = []
    assert score_games(hang, "C", 2, 0, 2, per_call=0.2, total=1.0, report=lines.append) == 0.0
    assert "did not return within 0.2 s" in lines[-1]


def test_show_games_reports_without_grading() -> None:
    lines: list[str] = []
    games = show_games(lambda line, w, h: 1 // 0, report=lines.append)
    assert [g.won for g in games] == [False, False]
    assert lines[0].startswith("Against C's player: game 1: lost")
