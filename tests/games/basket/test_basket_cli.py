"""The terminal's basket commands, run in this process."""

from __future__ import annotations

import itertools

import pytest

from coursekit.core.rules import ImpartialView
from coursekit.games.basket import Basket
from coursekit.solvers import ImpartialSolver
from tests.terminal import run


def value_of(out: str, key: str) -> str:
    found = [line[len(key) + 2:] for line in out.splitlines() if line.startswith(key + ": ")]
    assert len(found) == 1, out
    return found[0]


def test_play_shows_the_basket_after_each_move_and_the_winner() -> None:
    status, out, _ = run("play", "basket", "--seed", "1")
    assert status == 0
    assert out.startswith("The basket, 3 colours of 3 balls, no cap: first player B, depth 3, second player B, depth 3")
    assert "red    R R R   3 left" in out and "Move 1: first player (B, depth 3) puts " in out
    assert out.rstrip().splitlines()[-1].startswith("The winner is the ")


def test_the_same_seed_gives_the_same_game() -> None:
    for computer in ("source", "random", "perfect"):
        first = run("play", "basket", "--computer", computer, "--colours", "4", "--balls", "5", "--cap", "2",
                    "--seed", "7")
        assert first == run("play", "basket", "--computer", computer, "--colours", "4", "--balls", "5", "--cap", "2",
                            "--seed", "7")
        assert first[0] == 0


def test_the_perfect_player_wins_three_colours_of_three_moving_first() -> None:
    for seed in range(5):
        status, out, _ = run("play", "basket", "--computer", "perfect", "--seed", str(seed))
        assert status == 0 and out.rstrip().endswith("The winner is the first player (perfect): they put the last ball")


def test_a_person_types_moves_and_is_told_what_is_wrong() -> None:
    status, out, _ = run("play", "basket", "--human", "1", "--computer", "random", "--seed", "3",
                         stdin="hello\nZ2\nR5\nR0\nR3\n")
    assert status == 0
    assert "write a colour's letter and a number of balls, like R2 (two red balls), not 'hello'" in out
    assert "there is no colour 'Z' here: the colours are R (red), B (blue), G (green)" in out
    assert "not allowed: red has only 3 balls left, not 5" in out
    assert "not allowed: a move puts at least one ball in the basket, not 0" in out
    assert "Move 1: first player (you) puts R3 (3 red)" in out
    assert out.rstrip().endswith("The game ended: stopped")  # the input ran out


def test_names_and_the_second_seat_are_accepted() -> None:
    status, out, _ = run("play", "basket", "--human", "2", "--computer", "perfect", "--seed", "0",
                         stdin="red 1\nb 1\nG1\nR1\nB1\nG1\n")
    assert status == 0
    assert "Move 1: first player (perfect) puts " in out and "Move 2: second player (you) puts " in out


def test_solve_prints_the_value_and_the_winning_moves() -> None:
    status, out, _ = run("solve", "basket", "--position", "3,3,3")
    assert status == 0
    assert value_of(out, "value") == "win" and value_of(out, "best moves") == "R3 B3 G3"  # REFERENCE.md
    status, out, _ = run("solve", "basket", "--position", "1,2,3")
    assert value_of(out, "value") == "loss" and value_of(out, "nim sum") == "0"
    assert value_of(out, "best moves").startswith("none")
    status, out, _ = run("solve", "basket", "--position", "3,3,2", "--cap", "2")
    assert value_of(out, "grundy values") == "R 0, B 0, G 2 (balls mod 3)"
    assert value_of(out, "best moves") == "R1 B1 G2"


@pytest.mark.slow
def test_solve_agrees_with_the_impartial_solver_on_small_positions() -> None:
    for cap in (None, 1, 2):
        for left in itertools.product(range(4), repeat=3):
            if not any(left):
                continue
            rules = Basket.for_position(left, cap)
            solver = ImpartialSolver(ImpartialView(rules))
            state = rules.position(left)
            args = ["solve", "basket", "--position", ",".join(map(str, left))] + ([] if cap is None else
                                                                                     ["--cap", str(cap)])
            status, out, _ = run(*args)
            assert status == 0
            assert value_of(out, "value") == ("win" if solver.is_winning(state) else "loss"), (left, cap)


@pytest.mark.parametrize(("args", "message"), [
    (["solve", "basket", "--position", "1,x,2"], "blue has a whole number of balls left (0 or more), not 'x'"),
    (["solve", "basket", "--position", "1,2,3,4,5,6,7"], "give the balls left of 1 to 6 colours"),
    (["solve", "basket", "--position", "1,-2"], "not '-2'"),
    (["solve", "basket", "--position", "5000"], "at most 1000 balls"),
    (["solve", "basket", "--cap", "0"], "--cap"),
    (["play", "basket", "--colours", "7"], "--colours"),
    (["play", "basket", "--depth", "0"], "--depth"),
    (["play", "basket", "--human", "3"], "--human"),
    (["play", "basket", "--computer", "clever"], "--computer"),
])
def test_bad_arguments_get_one_line_and_status_2(args: list[str], message: str) -> None:
    status, out, err = run(*args)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err, err


def test_a_full_basket_is_answered_not_refused() -> None:
    """Every ball in the basket: the side that would move has lost, and there is no move (exit status 0)."""
    status, out, err = run("solve", "basket", "--position", "0,0,0")
    assert status == 0 and err == ""
    assert value_of(out, "value") == "loss" and value_of(out, "nim sum") == "0"
    assert value_of(out, "best moves") == "none (the game is over: every ball is in the basket)"
