"""The terminal's tic-tac-toe commands, run in this process."""

from __future__ import annotations

import re

import pytest

from coursekit.games.tictactoe import TicTacToe, square_number
from coursekit.solvers.gametree import solve
from tests.terminal import run


def lines_starting(text: str, prefix: str) -> list[str]:
    return [line[len(prefix):] for line in text.splitlines() if line.startswith(prefix)]


def test_play_shows_the_board_after_each_move_and_the_result() -> None:
    status, out, _ = run("play", "tictactoe", "--seed", "1")
    assert status == 0
    # D's program against itself: a draw, every board printed top row first with the course's coordinates.
    assert "players: X source, O source" in out and "Move 1: X (source) marks [1, 1]" in out
    assert out.count("Move ") == 9 and out.rstrip().endswith("A draw: the board is full and nobody has a line")
    assert "2  . . .\n1  . X .\n0  . . .\n   0 1 2" in out  # D opens in the centre, square 5
    # D says what its Describe prints after each of its moves.
    assert out.startswith("D (X): I can guarantee you a draw. 1214 nodes examined; square 5 = [1, 1]\n")
    assert out.count("D (") == 9


def test_the_same_seed_gives_the_same_game() -> None:
    first = run("play", "tictactoe", "--computer", "random", "--players", "3", "--width", "4", "--seed", "7")
    again = run("play", "tictactoe", "--computer", "random", "--players", "3", "--width", "4", "--seed", "7")
    assert first == again and first[0] == 0


def test_a_person_types_cells_and_is_told_what_is_wrong() -> None:
    status, out, _ = run("play", "tictactoe", "--human", "1", "--computer", "perfect", "--seed", "2",
                         stdin="5,5\n1,1\n1,1\n0,0\n2,2\n0,2\n2,0\n1,0\n0,1\n2,1\n1,2\n")
    assert status == 0
    assert "[5, 5] is outside the 3 x 3 board" in out
    assert "is taken" in out
    assert out.rstrip().endswith(("A draw: the board is full and nobody has a line", "The winner is O (perfect)"))


def test_the_end_of_input_stops_the_game() -> None:
    status, out, _ = run("play", "tictactoe", "--human", "2", "--seed", "2", stdin="")
    assert status == 0 and "The game ended: stopped" in out


def test_solve_the_empty_board_a_draw_every_move_best() -> None:
    status, out, _ = run("solve", "tictactoe")
    assert status == 0
    assert lines_starting(out, "value: ") == ["draw"]
    best = lines_starting(out, "best moves: ")[0].split()
    assert len(best) == 9  # every first move draws
    nodes, positions = int(lines_starting(out, "nodes: ")[0]), int(lines_starting(out, "positions: ")[0])
    assert 0 < positions <= 765 and nodes >= positions


def test_solve_a_position_gives_every_optimal_move() -> None:
    status, out, _ = run("solve", "tictactoe", "--position", "XO./.X./...")
    assert status == 0 and lines_starting(out, "value: ") == ["loss"]  # O to move cannot stop both threats
    rules = TicTacToe()
    expected = solve(rules, rules.position("XO./.X./..."), algorithm="minimax")
    assert lines_starting(out, "best moves: ")[0].split() == [f"{m.x},{m.y}" for m in expected.best_moves]
    status, out, _ = run("solve", "tictactoe", "--position", "XX./OO./...")
    assert lines_starting(out, "value: ") == ["win"] and "2,2" in lines_starting(out, "best moves: ")[0].split()


def test_plain_minimax_visits_the_whole_tree() -> None:
    status, out, _ = run("solve", "tictactoe", "--algorithm", "minimax", "--position", "X../.O./...")
    assert status == 0 and lines_starting(out, "value: ") == ["draw"]
    assert int(lines_starting(out, "nodes: ")[0]) > int(
        lines_starting(run("solve", "tictactoe", "--position", "X../.O./...")[1], "nodes: ")[0])


def test_solve_with_the_source_program_prints_its_move_and_node_count() -> None:
    status, out, _ = run("solve", "tictactoe", "--algorithm", "source")
    assert status == 0
    assert lines_starting(out, "move: ") == ["1,1"] and lines_starting(out, "nodes: ") == ["1214"]
    x, y = map(int, lines_starting(out, "move: ")[0].split(","))
    from coursekit import Coord

    assert square_number(Coord(x, y)) == 5


def test_three_players_print_each_players_result() -> None:
    status, out, _ = run("solve", "tictactoe", "--width", "3", "--height", "3", "--k", "3", "--players", "3",
                         "--position", "XOA/.../...")
    assert status == 0
    assert re.search(r"^results: X (win|draw|loss), O (win|draw|loss), A (win|draw|loss)$", out, re.MULTILINE)


def test_count_reproduces_the_known_figures() -> None:
    status, out, _ = run("count", "tictactoe")
    assert status == 0
    for line in ("positions: 5478", "positions up to symmetry: 765", "terminal positions: 958",
                 "terminal positions up to symmetry: 138", "games: 255168", "won by X: 131184",
                 "won by O: 77904", "drawn: 46080"):
        assert line in out.splitlines()


@pytest.mark.parametrize(("position", "players", "said"), [
    ("XXX/OO./...", [], ["game over: X has won", "O to move", "value: loss"]),
    ("XOX/XOO/OXX", [], ["game over: the board is full, a draw", "O to move", "value: draw"]),
    ("OOO/XX./X..", [], ["game over: O has won", "X to move", "value: loss"]),
    ("XOA/XOA/X..", ["--players", "3"],
     ["game over: X has won", "O to move", "value: loss (for O)", "results: X win, O loss, A loss"]),
])
def test_a_finished_position_is_answered_not_refused(position: str, players: list[str], said: list[str]) -> None:
    """The result, the value for the side that would move, and no best move, with exit status 0."""
    status, out, err = run("solve", "tictactoe", "--position", position, *players)
    assert status == 0 and err == "", err
    lines = out.splitlines()
    for line in [*said, "best moves: none (the game is over)"]:
        assert line in lines, out
    assert not any(line.startswith("nodes:") for line in lines)


@pytest.mark.parametrize(("argv", "says"), [
    (("solve", "tictactoe", "--position", "XX./.../..."), "X has 2 marks and O has 0 marks"),
    (("solve", "tictactoe", "--position", "XXX/OOO/..."), "both have 3 in a row"),
    (("solve", "tictactoe", "--position", "XO./..."), "3 rows of 3 cells"),
    (("solve", "tictactoe", "--position", "XQ./.../..."), "not 'Q'"),
    (("solve", "tictactoe", "--k", "5"), "does not fit"),
    (("solve", "tictactoe", "--width", "6", "--height", "6", "--k", "4"), "at most 16 empty cells"),
    (("solve", "tictactoe", "--algorithm", "source", "--width", "4"), "D's program plays the 3 x 3 board"),
    (("play", "tictactoe", "--players", "5"), "--players"),
    (("play", "tictactoe", "--human", "3"), "seats are 1 to 2"),
    (("play", "tictactoe", "--computer", "source", "--width", "4"), "D's program plays the 3 x 3 board"),
    (("count", "tictactoe", "--width", "4", "--height", "4"), "at most 12 cells"),
    (("play", "tictactoe", "--width", "x"), "--width"),
])
def test_bad_arguments_get_one_line_and_status_2(argv: tuple[str, ...], says: str) -> None:
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and says in err, err


def test_a_reader_that_goes_away_gets_no_traceback() -> None:
    """``coursekit ... | head -1``: the command stops quietly when the pipe closes (a table bigger than
    the pipe's buffer, so that the command is still writing when the reader goes)."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    command = shutil.which("coursekit", path=str(Path(sys.executable).parent))
    assert command is not None
    for argv in ("play tictactoe --seed 1", "table king --width 200 --height 200"):
        done = subprocess.run(f"'{command}' {argv} | head -1", shell=True, capture_output=True, text=True,
                              timeout=60)
        assert done.stdout.count("\n") == 1 and done.stderr == "", (argv, done.stderr[-300:])
