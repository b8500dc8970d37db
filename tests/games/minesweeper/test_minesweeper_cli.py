"""The terminal's minesweeper commands, run in this process."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.terminal import run


def test_play_shows_the_game_and_its_end() -> None:
    status, out, _ = run("play", "minesweeper", "--seed", "1")
    assert status == 0
    assert out.startswith("Minesweeper, 9 x 9, 10 mines, first reveal safe: the probability player")
    assert "Chance placed the 10 mines (hidden from the player)." in out
    assert out.rstrip().splitlines()[-1] in ("the probability player won: every safe cell is revealed",
                                            ) or "lost: a mine went off at" in out


@pytest.mark.parametrize("computer", ["probability", "knowledge", "random"])
def test_the_same_seed_gives_the_same_game(computer: str) -> None:
    first = run("play", "minesweeper", "--computer", computer, "--level", "intermediate", "--seed", "4")
    assert first == run("play", "minesweeper", "--computer", computer, "--level", "intermediate", "--seed", "4")
    assert first[0] == 0 and first[1].startswith("Minesweeper, 16 x 16, 40 mines")


def test_any_size_and_the_options() -> None:
    status, out, _ = run("play", "minesweeper", "--width", "6", "--height", "3", "--mines", "2", "--coordinates",
                         "--risky-start", "--seed", "2")
    assert status == 0
    assert out.startswith("Minesweeper, 6 x 3, 2 mines, first reveal not protected, cells tell their mines' "
                          "coordinates")


def test_bad_arguments_are_one_line_and_status_two() -> None:
    for argv in (["--level", "expert", "--width", "5"], ["--width", "3", "--height", "3", "--mines", "9"],
                 ["--level", "hard"], ["--players", "3"]):
        status, out, err = run("play", "minesweeper", *argv)
        assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, (argv, err)


def test_a_person_types_moves_and_is_told_what_is_wrong() -> None:
    status, out, _ = run("play", "minesweeper", "--human", "1", "--seed", "2",
                         stdin="hello\n0,0\n0,0\n99,1\nf 8,8\n8,8\nf 8,8\n")
    assert status == 0
    assert "type x,y to reveal a cell or f x,y to flag it, like 3,4 or f 3,4; not 'hello'" in out
    assert "not allowed: [0, 0] is already revealed" in out
    assert "not allowed: [99, 1] is outside the 9 x 9 board" in out
    assert "not allowed: [8, 8] has a flag: take it off first (f 8,8)" in out
    assert "Move 2: flag 8,8" in out and "Move 3: flag 8,8" in out
    assert out.rstrip().endswith("The game ended: stopped")


def test_solve_prints_certain_cells_from_the_numbers(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text("###\n121\n")
    status, out, _ = run("solve", "minesweeper", str(board))
    assert (status, out) == (0, "mines: 0,1 2,1\nsafe: 1,1\n")


def test_solve_with_the_mine_count_prints_chances_and_the_best_cell() -> None:
    status, out, _ = run("solve", "minesweeper", "-", "--mines", "2", stdin="1##\n###\n")
    assert status == 0
    lines = out.splitlines()
    assert lines[:3] == ["mines: none", "safe: none", "chance of a mine, in percent:"]
    assert lines[3].split() == ["1", ".", "33", "50"] and lines[4].split() == ["0", "33", "33", "50"]
    assert lines[-1] == "best: 0,0"  # 33 %, and the fewest hidden neighbours


def test_solve_uses_the_count_for_certainties() -> None:
    # Without the count nothing is certain; with 1 mine, the cells touching no number are safe.
    board = "1###\n####\n"
    assert run("solve", "minesweeper", "-", stdin=board)[1] == "mines: none\nsafe: none\n"
    out = run("solve", "minesweeper", "-", "--mines", "1", stdin=board)[1]
    assert out.splitlines()[1] == "safe: 2,1 3,1 2,0 3,0"


def test_solve_an_impossible_board_says_so_with_status_one() -> None:
    status, out, _ = run("solve", "minesweeper", "-", stdin="#3#\n000\n")
    assert status == 1 and len(out.strip().splitlines()) == 1 and out.startswith("no placement of mines fits")
    status, out, _ = run("solve", "minesweeper", "-", "--mines", "5", stdin="1#\n##\n")
    assert status == 1 and out.startswith("no placement of mines fits")


def test_solve_a_malformed_board_is_a_usage_error(tmp_path: Path) -> None:
    for text in ("#x#\n", "##\n#\n", "\n\n"):
        status, out, err = run("solve", "minesweeper", "-", stdin=text)
        assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, (text, err)
    status, _, err = run("solve", "minesweeper", str(tmp_path / "missing.txt"))
    assert status == 2 and "cannot read the board" in err
