"""The terminal's pursuit commands: transcripts, solving, and one-line errors."""


import pytest
from terminal import run

from coursekit import Coord, Grid
from coursekit.games.pursuit.solver import PursuitSolver


def test_play_tom_and_jerry_in_table_3_format():
    status, out, err = run("play", "pursuit", "--variant", "G2.3", "--width", "6", "--height", "6",
                           "--pursuer", "0,0", "--prey", "5,5", "--seed", "1")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[:7] == ["The game is starting", "Number of players = 2", "Grid's dimensions = 6 x 6",
                         "Player name: Tom", "Initial position: [0, 0]", "Player name: Jerry",
                         "Initial position: [5, 5]"]
    assert lines[7:11] == ["", "Move 1", "Player 0: [1, 1]", "Player 1: [5, 4]"]
    assert lines[-3:] == ["Jerry is caught at move 5", "The winner is Tom", "The game is over"]


@pytest.mark.parametrize("variant", ["G2.2", "G2.3", "G2.4", "G2.5"])
def test_every_variant_plays_the_same_game_for_the_same_seed(variant):
    argv = ("play", "pursuit", "--variant", variant, "--blocked", "10", "--seed", "7")
    first = run(*argv)
    assert first == run(*argv) and first[0] == 0
    text = first[1]
    assert text.count("Initial position:") == 2 and "Blocked cells: #" in text
    pursuers = 2 if variant in ("G2.4", "G2.5") else 1
    assert text.splitlines()[4].count("[") == pursuers
    assert text.rstrip().endswith("The game is over")


def test_no_seed_draws_one_and_says_so():
    status, _, err = run("play", "pursuit", "--variant", "G2.2")
    assert status == 0 and "--seed" in err


def test_escape_after_the_move_limit_and_optimal_sides():
    status, out, _ = run("play", "pursuit", "--width", "10", "--height", "10", "--pursuer", "0,0",
                         "--prey", "9,9", "--max-moves", "3", "--seed", "1")
    assert status == 0 and "Jerry escapes: not caught in 3 moves" in out and "The winner is Jerry" in out
    solver = PursuitSolver(Grid(7, 7))
    status, out, _ = run("play", "pursuit", "--width", "7", "--height", "7", "--pursuer", "1,5", "--prey", "6,0",
                         "--tom", "optimal", "--jerry", "optimal", "--seed", "1")
    expected = solver.capture_time(Coord(1, 5), Coord(6, 0))
    assert status == 0 and f"Jerry is caught at move {expected}" in out


def test_a_person_can_play_the_pursuer():
    status, out, _ = run("play", "pursuit", "--width", "3", "--height", "3", "--pursuer", "0,0", "--prey", "2,2",
                         "--tom", "human", "--seed", "1", stdin="2,2\n1,1\n")
    assert status == 0
    assert "not allowed: the pursuer moves to one of the 8 neighbouring cells" in out
    assert "Player 0: [1, 1]" in out


def test_solve_prints_worst_and_best_starts():
    status, out, _ = run("solve", "pursuit", "--width", "10", "--height", "10")
    assert status == 0
    assert out.splitlines() == [
        "grid: 10 x 10, 0 blocked cells, 1 pursuer",
        "worst start: 9 (pursuer [0, 0], prey [2, 0])",
        "best start: 5 (pursuer [4, 4], prey [6, 0])",
        "positions solved: 20000",
    ]


def test_solve_two_pursuers_and_an_escape():
    status, out, _ = run("solve", "pursuit", "--width", "6", "--height", "6", "--pursuers", "2")
    assert status == 0 and "worst start: 5 (pursuers [0, 0] and [1, 0], prey [0, 2])" in out
    # A grid where one pursuer cannot always catch: some start lets the prey escape.
    for seed in range(40):
        status, out, _ = run("solve", "pursuit", "--width", "6", "--height", "6", "--blocked", "5",
                             "--seed", str(seed))
        if "escapes forever" in out:
            break
    assert "worst start: the prey escapes forever (pursuer" in out


@pytest.mark.parametrize(("argv", "message"), [
    (("solve", "pursuit", "--width", "13", "--height", "12", "--pursuers", "2"), "at most 144 free cells"),
    (("solve", "pursuit", "--width", "40", "--height", "40"), "at most 900 free cells"),
    (("solve", "pursuit", "--pursuers", "3"), "invalid choice"),
    (("play", "pursuit", "--variant", "G2.9"), "invalid choice"),
    (("play", "pursuit", "--variant", "G2.4", "--pursuer", "0,0", "--prey", "3,3"), "give --pursuer 2 times"),
    (("play", "pursuit", "--pursuer", "9,9", "--prey", "3,3"), "outside"),
    (("play", "pursuit", "--pursuer", "3,3", "--prey", "3,3"), "distinct"),
    (("play", "pursuit", "--variant", "G2.4", "--tom", "human"), "only with one pursuer"),
    (("play", "pursuit", "--width", "40", "--height", "40", "--jerry", "optimal"), "exact solver"),
    (("play", "pursuit", "--max-moves", "0"), "from 1 to 10000"),
    (("play", "pursuit", "--variant", "G2.4", "--tom", "Tom"), "play one of lone, coalition, optimal"),
    (("play", "pursuit", "--tom", "coalition"), "play one of Tom, optimal, human"),
    (("play", "pursuit", "--jerry", "article"), "invalid choice"),
])
def test_bad_arguments_get_one_line_and_exit_2(argv, message):
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def test_the_terminal_offers_the_board_s_computers_by_the_same_names():
    from coursekit.boards.game import YOU
    from coursekit.games.pursuit import COMPUTERS, ENTRIES, PREY_COMPUTERS, PURSUER_COMPUTERS, VARIANTS
    from coursekit.games.pursuit.board import PREY_CHOICES, PURSUER_CHOICES
    from coursekit.games.pursuit.cli import HUMAN, HUNTER_CHOICES
    from coursekit.games.pursuit.cli import PREY_CHOICES as TERMINAL_PREY

    assert set(ENTRIES[0].computers) == set(COMPUTERS)
    assert {*HUNTER_CHOICES} - {HUMAN} == {name for names in PURSUER_CHOICES.values() for name in names} - {YOU}
    assert tuple(TERMINAL_PREY) == (*PREY_COMPUTERS, HUMAN) and tuple(PREY_CHOICES) == (*PREY_COMPUTERS, YOU)
    assert all(variant.computers[0] in PURSUER_COMPUTERS[variant.pursuers] for variant in VARIANTS.values())
    assert ENTRIES[0].transcript == VARIANTS["G2.3"].computers == ("Tom", "Jerry")


@pytest.mark.parametrize(("variant", "tom", "jerry"), [("G2.4", "lone", "random"), ("G2.3", "Tom", "Jerry")])
def test_each_side_takes_the_board_s_names(variant, tom, jerry):
    status, out, _ = run("play", "pursuit", "--variant", variant, "--tom", tom, "--jerry", jerry, "--seed", "3")
    assert status == 0 and out.rstrip().endswith("The game is over")
