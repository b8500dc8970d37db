"""The terminal: transcripts in the article's formats, tables, human play and clear errors."""

import subprocess
import sys

import pytest
from terminal import run


def test_play_beans_prints_table_2():
    status, out, err = run("play", "beans", "3", "6", "--seed", "1")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[:4] == ["Start: [M=3, N=6]", "Move 1", "Player 1: [2, 6]", "Player 2: [1, 6]"]
    assert lines[-1] == "The winner is A"


def test_winning_starts_are_won_by_the_articles_a_for_every_seed():
    for seed in range(30):
        status, out, _ = run("play", "beans", "5", "4", "--seed", str(seed))
        assert status == 0 and out.splitlines()[-1] == "The winner is A"


def test_same_seed_same_transcript_and_no_seed_says_which_seed():
    argv = ("play", "king", "--seed", "9", "--blocked", "20")
    assert run(*argv) == run(*argv)
    status, out, err = run("play", "beans", "4", "6")
    seed = err.split()[1]
    assert status == 0 and run("play", "beans", "4", "6", "--seed", seed)[1] == out


def test_play_king_prints_table_3():
    status, out, _ = run("play", "king", "--width", "5", "--height", "5", "--seed", "1")
    lines = out.splitlines()
    assert status == 0
    assert lines[:8] == [
        "The game is starting", "Number of players = 2", "Grid's dimensions = 5 x 5", "Player name: P0",
        "Initial position: [4, 4]", "Player name: P1", "Initial position: [4, 4]", "",
    ]
    assert lines[8:10] == ["Move 1", "Player 0: [4, 3]"]
    assert lines[-2:] == ["The winner is P0", "The game is over"]


def test_play_king_with_start_and_blocked_cells_prints_the_grid():
    status, out, _ = run("play", "king", "--width", "6", "--height", "4", "--start", "3,3", "--blocked", "25",
                         "--seed", "2")
    assert status == 0
    assert "Initial position: [3, 3]" in out
    picture = out.split("Blocked cells: #\n")[1].split("\n\n")[0].splitlines()
    assert picture[0].startswith("3  ") and picture[0].split()[4] == "K"
    assert sum(row.count("#") for row in picture) == 6  # 25 % of 24 cells


def test_table_beans_is_figure_4_oriented():
    status, out, _ = run("table", "beans", "--size", "4")
    assert status == 0
    assert out.splitlines() == ["3  N N N N", "2  P N P N", "1  N N N N", "0  P N P N", "   0 1 2 3"]


def test_table_king_with_blocked_cells():
    status, out, _ = run("table", "king", "--width", "9", "--height", "7", "--blocked", "20", "--seed", "3")
    rows = out.splitlines()
    assert status == 0 and len(rows) == 8 and rows[-1].split() == [str(x) for x in range(9)]
    assert sum(r.count("#") for r in rows) == 12 and rows[6].split()[1] == "P"  # (0, 0) is lost for the mover
    open_rows = run("table", "king", "--width", "9", "--height", "7")[1].splitlines()
    assert open_rows[0] == "6  P N P N P N P N P"


def test_a_person_plays_at_the_prompt_bad_entries_are_explained():
    status, out, _ = run("play", "king", "--width", "3", "--height", "3", "--human", "1", "--seed", "0",
                         stdin="nonsense\n0,0\n1,1\n0,0\n")
    assert status == 0
    assert "expected a cell as x,y" in out and "2 cells away" in out
    assert out.count("Your move, P0") >= 3
    assert out.rstrip().endswith("The game is over")


def test_end_of_input_ends_the_game_cleanly():
    status, out, _ = run("play", "beans", "3", "6", "--human", "2", "--seed", "1", stdin="")
    assert status == 0 and "The game was stopped" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "beans", "0", "0"], "at least one bean"),
        (["play", "beans", "3"], "required: black"),
        (["play", "beans", "-3", "1"], "expected a whole number at least 0"),
        (["play", "beans", "x", "1"], "expected a whole number, got 'x'"),
        (["play", "king", "--width", "0"], "from 1 to 200"),
        (["play", "king", "--start", "7,7"], "outside the 5 x 5 grid"),
        (["play", "king", "--start", "0,0"], "no move from [0, 0]"),
        (["play", "king", "--start", "nowhere"], "expected a cell as x,y"),
        (["play", "king", "--blocked", "100"], "percentage"),
        (["play", "king", "--human", "3"], "invalid choice"),
        (["table", "beans", "--size", "0"], "from 1 to 200"),
        (["table", "bishop"], "invalid choice"),
        (["fly"], "invalid choice"),
        ([], "required"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(argv, message):
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("coursekit: error: ") and message in err


def test_the_installed_command_reports_errors_without_a_traceback():
    done = subprocess.run([sys.executable, "-m", "coursekit.cli", "play", "king", "--width", "-1"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == "coursekit: error: argument --width: expected a whole number from 1 to 200, got -1"


@pytest.mark.parametrize("game", ["basket", "bulls", "corners", "crawler"])
def test_play_help_names_the_entrys_default_computer_and_every_seat(game, capsys):
    from coursekit.cli import build_parser
    from coursekit.games import GAMES

    entry = GAMES[game]
    with pytest.raises(SystemExit) as done:
        build_parser().parse_args(["play", game, "--help"])
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps the help at the terminal's width
    assert done.value.code == 0
    assert f"{entry.opponent} (" in text and "the default, in both seats and facing a person)" in text
    assert all(name in text for name in entry.computers)
    assert "let a person play seat N (1 " in text and ", 2 " in text


def test_player_arguments_describe_every_computer_of_the_entry_and_its_default():
    import argparse

    from coursekit.cli._args import player_arguments
    from coursekit.games import GAMES

    with pytest.raises(ValueError, match="describe its computers"):
        player_arguments(argparse.ArgumentParser(), GAMES["basket"], {"source": "B's"}, ("first", "second"))
    king = GAMES["king"]  # the article's players by default, another opponent facing a person: said in words
    with pytest.raises(ValueError, match="say who plays by default"):
        player_arguments(argparse.ArgumentParser(), king, dict.fromkeys(king.computers, ""), ("first", "second"))
    parser = argparse.ArgumentParser()
    player_arguments(parser, king, dict.fromkeys(king.computers, ""), ("first", "second"), default="the article's")
    assert parser.parse_args(["--computer", "propp", "--human", "2"]).human == 2
