"""The terminal for every one-way piece: transcripts, tables against the solvers, bad arguments."""

import random

import pytest
from terminal import run

from coursekit import Coord, Grid, ImpartialSolver
from coursekit.games import PIECES
from coursekit.solvers import ProppSolver


def parse_table(text: str) -> dict[Coord, str]:
    """Read a printed table back: rows top first with a label, then a line of column labels."""
    lines = text.splitlines()
    rows = [line.split() for line in lines[:-1]]
    return {Coord(x, int(row[0])): entry for row in rows for x, entry in enumerate(row[1:])}


@pytest.mark.parametrize("piece", sorted(PIECES))
def test_play_prints_table_3_for_every_piece_and_players(piece):
    for players in (2, 3):
        status, out, err = run("play", piece, "--width", "7", "--height", "6", "--seed", "4",
                               "--players", str(players), "--computer", "random")
        assert status == 0 and err == ""
        lines = out.splitlines()
        assert lines[:3] == ["The game is starting", f"Number of players = {players}", "Grid's dimensions = 7 x 6"]
        assert lines[3:3 + 2 * players:2] == [f"Player name: P{i}" for i in range(players)]
        moves = [line for line in lines if line.startswith("Player ") and "name" not in line]
        assert [m.split(":")[0] for m in moves] == [f"Player {i % players}" for i in range(len(moves))]
        assert lines[-2] == f"The winner is {moves[-1].split(':')[0].replace('Player ', 'P')}"
        assert lines[-1] == "The game is over"
        assert run("play", piece, "--width", "7", "--height", "6", "--seed", "4", "--players", str(players),
                   "--computer", "random")[1] == out


def test_the_king_keeps_its_transcript():
    _, out, _ = run("play", "king", "--width", "5", "--height", "5", "--seed", "1")
    lines = out.splitlines()
    assert lines[7:10] == ["", "Move 1", "Player 0: [4, 3]"] and lines[-2] == "The winner is P0"


def test_perfect_players_win_from_n_positions_and_lose_from_p_positions():
    for piece in PIECES:
        solver = ImpartialSolver(PIECES[piece](Grid(9, 8)))
        for start in (Coord(8, 7), Coord(5, 3), Coord(6, 2)):
            status, out, _ = run("play", piece, "--width", "9", "--height", "8", "--start", f"{start.x},{start.y}",
                                 "--computer", "perfect", "--seed", "2")
            winner = "P0" if solver.outcome(start) == "N" else "P1"
            assert status == 0 and out.splitlines()[-2] == f"The winner is {winner}", (piece, start)


def test_three_perfect_players_the_class_n_mover_wins():
    for piece in PIECES:
        solver = ProppSolver(PIECES[piece](Grid(8, 8), num_players=3))
        starts = [c for c in Grid(8, 8).cells() if solver.classify(c) == "N" and c != Coord(0, 0)][:5]
        for start in starts:
            _, out, _ = run("play", piece, "--width", "8", "--height", "8", "--players", "3", "--computer",
                                 "perfect", "--start", f"{start.x},{start.y}", "--seed", "5")
            assert out.splitlines()[-2] == "The winner is P0", (piece, start)


def test_the_articles_players_on_an_open_grid():
    # Queen and rook: P0 plays the known closed form and wins from every N-position.
    for piece in ("queen", "rook", "king"):
        for seed in range(5):
            _, out, _ = run("play", piece, "--width", "8", "--height", "6", "--seed", str(seed))
            assert out.splitlines()[-2] == "The winner is P0"


def test_facing_a_person_the_computer_is_the_entry_s_opponent():
    # two players: perfect (the queen from [3, 1] to Wythoff's [2, 1]); three: the spoiler, as on the board
    _, out, _ = run("play", "queen", "--width", "4", "--height", "4", "--human", "1", "--seed", "0", stdin="3,1\n")
    assert "Player 1: [2, 1]" in out.splitlines()
    _, default, _ = run("play", "rook", "--width", "5", "--height", "5", "--players", "3", "--human", "1",
                        "--seed", "3", stdin="4,0\n")
    _, spoiler, _ = run("play", "rook", "--width", "5", "--height", "5", "--players", "3", "--human", "1",
                        "--seed", "3", "--computer", "spoiler", stdin="4,0\n")
    assert default == spoiler


def test_a_human_plays_the_queen():
    status, out, _ = run("play", "queen", "--width", "4", "--height", "4", "--human", "1", "--seed", "0",
                         "--computer", "random", stdin="2,1\n3,1\n0,0\n")
    assert status == 0
    assert "not allowed: the queen moves any distance left, down or diagonally down-left: [3, 3] -> [2, 1]" in out
    assert "Your move, P0: the queen's next cell as x,y" in out
    assert out.splitlines()[-9:] == ["Move 1", "Player 0: [3, 1]", "Player 1: [1, 1]", "", "Move 2",
                                     "Player 0: [0, 0]", "", "The winner is P0", "The game is over"]


@pytest.mark.parametrize("piece", sorted(PIECES))
def test_tables_match_the_solvers(piece):
    rng = random.Random(3)
    grid = Grid(9, 7).with_random_blocked(20, rng, keep=[Coord(0, 0)])
    two = ImpartialSolver(PIECES[piece](grid, Coord(0, 0)))
    three = ProppSolver(PIECES[piece](grid, Coord(0, 0), num_players=3))
    outputs = {}
    for extra in ((), ("--players", "3"), ("--grundy",)):
        status, out, err = run("table", piece, "--width", "9", "--height", "7", "--blocked", "20", "--seed", "3",
                               *extra)
        assert status == 0 and err == ""
        outputs[extra] = parse_table(out)
        assert out.splitlines()[-1].split() == [str(x) for x in range(9)]
    for c in grid.cells():
        if c in grid.blocked:
            assert {outputs[e][c] for e in outputs} == {"#"}
            continue
        assert outputs[()][c] == two.outcome(c)
        assert outputs[("--players", "3")][c] == three.classify(c)
        assert outputs[("--grundy",)][c] == str(two.grundy(c))


def test_open_tables_show_the_closed_forms():
    status, out, _ = run("table", "rook", "--width", "12", "--height", "12", "--grundy")
    assert status == 0 and len(parse_table(out)) == 144
    assert all(v == str(c.x ^ c.y) for c, v in parse_table(out).items())
    _, out, _ = run("table", "queen", "--width", "14", "--height", "9")
    p_cells = {c for c, v in parse_table(out).items() if v == "P"}
    assert p_cells == {Coord(a, b) for a, b in [(0, 0), (1, 2), (2, 1), (3, 5), (5, 3), (4, 7), (7, 4), (10, 6),
                                                (13, 8)]}
    lines = out.splitlines()
    assert lines[0].startswith("8 ") and lines[-2].startswith("0 ")


@pytest.mark.parametrize(
    "argv,message",
    [
        (["table", "queen", "--players", "3", "--grundy"], "--grundy describes two-player play"),
        (["table", "knight", "--players", "4"], "invalid choice"),
        (["table", "rook", "--width", "201"], "from 1 to 200"),
        (["play", "queen", "--human", "3"], "invalid choice: 3 (with 2 players choose 1 or 2)"),
        (["play", "knight", "--start", "1,1"], "the knight has no move from [1, 1]"),
        (["play", "rook", "--start", "9,0"], "outside the 5 x 5 grid"),
        (["play", "queen", "--players", "1"], "invalid choice"),
        (["play", "knight", "--computer", "clever"], "invalid choice"),
        (["play", "bishop"], "invalid choice"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(argv, message):
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("coursekit: error:") and message in err, err


def test_three_players_with_a_human_third():
    status, out, _ = run("play", "rook", "--width", "4", "--height", "4", "--players", "3", "--human", "3",
                         "--seed", "1", "--computer", "random", stdin="0,0\n")
    assert status == 0 and "Your move, P2: the rook's next cell as x,y (2,0 or 1,0 or 0,0)" in out
    assert out.splitlines()[-4:] == ["Player 2: [0, 0]", "", "The winner is P2", "The game is over"]
