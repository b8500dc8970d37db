"""The terminal's corners commands, run in this process."""

from __future__ import annotations

import pytest

from coursekit.games.corners import Corners, parse_path, solo_problem
from tests.terminal import run


def field(out: str, name: str) -> str:
    return next(line for line in out.splitlines() if line.startswith(name + ": "))[len(name) + 2:]


@pytest.mark.parametrize(("algorithm", "move"), [("source", "5,1-5,3"), ("fixed", "4,2-4,3")])
def test_solve_gives_e_decision_from_the_start_and_its_node_count(algorithm: str, move: str) -> None:
    status, out, err = run("solve", "corners", "--algorithm", algorithm)
    assert status == 0 and err == ""
    assert field(out, "move") == move and field(out, "nodes") == "8341"


@pytest.mark.slow
def test_solve_solo_prints_a_line_of_at_most_22_moves_for_9_pieces_that_the_rules_accept() -> None:
    status, out, err = run("solve", "corners", "--solo", "--pieces", "9")
    assert status == 0 and err == ""
    lines = out.strip().splitlines()
    count = int(field(out, "moves"))
    moves = tuple(parse_path(line) for line in lines[1:1 + count])
    assert count <= 22 and lines[1 + count] == "lower bound: 12"
    assert solo_problem(Corners(pieces=9), moves) is None


def test_play_shows_the_board_after_each_move_and_the_result() -> None:
    status, out, _ = run("play", "corners", "--pieces", "9", "--move-limit", "20", "--computer", "random",
                         "--seed", "4")
    assert status == 0
    assert "Move 1: White (random)" in out and "   0 1 2 3 4 5 6 7" in out
    assert "The game ended: " in out
    again = run("play", "corners", "--pieces", "9", "--move-limit", "20", "--computer", "random", "--seed", "4")
    assert again[1] == out


def test_play_against_e_as_printed_stops_at_its_stall() -> None:
    status, out, _ = run("play", "corners", "--computer", "source", "--seed", "1")
    assert status == 1
    assert "there is no piece on" in out and "stalls" in out


def test_a_person_types_paths_and_is_told_why_a_move_is_refused() -> None:
    status, out, _ = run("play", "corners", "--pieces", "9", "--human", "1", "--seed", "1",
                         stdin="5,2-5,4\n5,2\n5,2-5,3\n")
    assert status == 0
    assert "not allowed: a jump over nothing: [5, 3] is empty" in out
    assert "expected a path as x,y-x,y[-x,y...]" in out
    assert "Move 1: White (you) 5,2-5,3" in out and "Move 2: Black (fixed)" in out


@pytest.mark.parametrize(("argv", "message"), [
    (("play", "corners", "--pieces", "11"), "argument --pieces: invalid choice: 11"),
    (("play", "corners", "--computer", "perfect"), "argument --computer: invalid choice: 'perfect'"),
    (("solve", "corners", "--algorithm", "alphabeta"), "argument --algorithm: invalid choice: 'alphabeta'"),
    (("play", "corners", "--human", "3"), "expected a whole number from 1 to 2"),
])
def test_bad_arguments_get_one_line_and_status_two(argv: tuple[str, ...], message: str) -> None:
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
