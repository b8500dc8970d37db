"""The terminal's crawler commands, run in this process."""

from __future__ import annotations

import pytest

from tests.terminal import run


def field(out: str, name: str) -> str:
    return next(line for line in out.splitlines() if line.startswith(name + ": "))[len(name) + 2:]


def test_solve_says_who_wins_on_c_lattice_and_with_which_opening() -> None:
    status, out, err = run("solve", "crawler")
    assert status == 0 and err == ""
    # 6 x 5: the first player wins only with C's opening, the middle segment (C's (3,3)-(4,3)).
    assert field(out, "winner") == "first" and field(out, "winning moves") == "2,2-3,2"
    assert int(field(out, "nodes")) > 0 and int(field(out, "positions")) > 0


def test_solve_after_an_opening_lists_the_winning_replies() -> None:
    status, out, _ = run("solve", "crawler", "--width", "4", "--height", "4", "--opening", "1,1-2,1")
    assert status == 0
    assert field(out, "to move") == "second" and field(out, "winner") == "second"
    assert field(out, "winning moves") == "1,1-1,0 1,1-1,2 2,1-2,0 2,1-2,2"
    assert "1  · o-o ·" in out
    status, out, _ = run("solve", "crawler", "--width", "4", "--height", "3", "--opening", "2,1-1,1")
    assert status == 0 and field(out, "winner") == "first" and field(out, "winning moves") == "none"


@pytest.mark.parametrize(("argv", "message"), [
    (("--opening", "1,1-3,1"), "[1, 1] and [3, 1] are not neighbours"),
    (("--opening", "1,1"), "expected a segment as x1,y1-x2,y2"),
    (("--opening", "0,0-1,0 2,1-2,2"), "2,1-2,2: [2, 1] is not an end of the line; its ends are [0, 0] and [1, 0]"),
    (("--width", "1"), "expected a whole number from 2 to 20"),
    (("--width", "9", "--height", "9"), "the solver finishes quickly only on lattices of at most 42 points"),
])
def test_bad_arguments_get_one_line_and_status_two(argv: tuple[str, ...], message: str) -> None:
    status, out, err = run("solve", "crawler", *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_play_shows_the_lattice_after_each_move_and_the_result() -> None:
    status, out, _ = run("play", "crawler", "--seed", "1")
    assert status == 0
    assert "first source, second source" in out
    assert "Move 1: first (source) draws 2,2-3,2" in out  # C's opening
    assert "2  · · o-o · ·" in out
    assert "The winner is first (source): the line is closed" in out


def test_the_same_seed_gives_the_same_game() -> None:
    first = run("play", "crawler", "--computer", "random", "--seed", "7")
    assert first == run("play", "crawler", "--computer", "random", "--seed", "7") and first[0] == 0


def test_a_person_types_segments_and_is_told_what_is_wrong() -> None:
    status, out, _ = run("play", "crawler", "--human", "1", "--width", "3", "--height", "2", "--computer", "perfect",
                         "--seed", "2", stdin="0,0-2,0\nfoo\n1,1-1,0\n" + "0,0-0,1\n" * 3 + "2,0-2,1\n" * 3)
    assert status == 0
    assert "[0, 0] and [2, 0] are not neighbours" in out
    assert "expected a segment as x1,y1-x2,y2" in out
    assert "Move 1: first (you) draws 1,1-1,0" in out  # the winning opening, the middle segment
    assert out.rstrip().endswith(("The winner is first (you): the line is closed",
                                  "The winner is second (perfect): the line is closed"))


def test_the_end_of_input_stops_the_game() -> None:
    status, out, _ = run("play", "crawler", "--human", "2", "--seed", "1", stdin="")
    assert status == 0 and "Move 1: first (source) draws 2,2-3,2" in out
    assert out.rstrip().endswith("The game ended: stopped")


def test_big_lattices_are_refused_for_the_searching_players() -> None:
    status, _, err = run("play", "crawler", "--width", "7", "--height", "7", "--computer", "perfect")
    assert status == 2 and "at most 36 points" in err
    status, _, err = run("play", "crawler", "--width", "7", "--height", "5")
    assert status == 2 and "C's computer searches without a table" in err


def test_a_closed_line_is_answered_not_refused() -> None:
    """The line closed by the fourth segment: the first player drew segments 1 and 3, the second closed it and
    won; the first player would move next (exit status 0, no winning move)."""
    status, out, err = run("solve", "crawler", "--width", "2", "--height", "2", "--opening",
                           "0,0-1,0 1,0-1,1 1,1-0,1 0,1-0,0")
    assert status == 0 and err == ""
    lines = out.splitlines()
    for line in ("game over: the line is closed", "to move: first", "winner: second",
                 "winning moves: none (the game is over)"):
        assert line in lines, out
