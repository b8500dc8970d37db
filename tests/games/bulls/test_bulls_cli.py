"""The terminal's bulls and cows commands, run in this process."""

from __future__ import annotations

from tests.terminal import run


def value_of(out: str, key: str) -> str:
    found = [line[len(key) + 2:] for line in out.splitlines() if line.startswith(key + ": ")]
    assert len(found) == 1, out
    return found[0]


def test_the_computer_guesses_and_the_transcript_ends_with_the_secret() -> None:
    for computer in ("consistent", "minimax", "entropy"):
        status, out, _ = run("play", "bulls", "--computer", computer, "--seed", "1")
        assert status == 0
        assert out.startswith(f"Bulls and cows, 4 different digits from 0 to 9: {computer} guesses")
        assert "Guess 1: " in out and out.rstrip().splitlines()[-1].startswith("Found the secret ")


def test_the_same_seed_gives_the_same_game() -> None:
    first = run("play", "bulls", "--mutual", "--seed", "7")
    assert first[0] == 0 and first == run("play", "bulls", "--mutual", "--seed", "7")
    assert first != run("play", "bulls", "--mutual", "--seed", "8")


def test_a_person_types_guesses_and_is_told_what_is_wrong() -> None:
    status, out, _ = run("play", "bulls", "--human", "1", "--seed", "3", stdin="123\n1123\n12a4\n0123\n0123\n")
    assert status == 0
    assert "a guess has 4 digits, not 3" in out
    assert "the digits must all be different: 1 appears twice" in out
    assert "'a' is not a digit" in out
    assert "not allowed: 0123 was asked already" in out
    assert "the secret: ????" in out
    assert out.rstrip().splitlines()[-1].startswith("The game ended: stopped; the secret was ")


def test_in_the_mutual_game_a_person_sees_their_own_secret_not_the_other() -> None:
    status, out, _ = run("play", "bulls", "--mutual", "--human", "2", "--computer", "minimax", "--seed", "5",
                         stdin="0123\n4567\n")
    assert status == 0
    assert "second player looks for ????" in out
    assert "(your own secret, which the other player looks for: " in out
    assert "Round 1, first player (minimax): 0123:" in out and "Round 1, second player (you): 0123:" in out
    assert "The game ended: stopped" in out


def test_solve_prints_the_average_the_worst_and_the_distribution() -> None:
    status, out, _ = run("solve", "bulls", "--digits", "3", "--base", "6", "--strategy", "minimax")
    assert status == 0
    assert value_of(out, "average").startswith("3.7500 (450 guesses / 120 secrets)")
    assert value_of(out, "worst") == "5"
    assert value_of(out, "distribution (guesses: secrets)").startswith("1: 1, ")
    status, out, _ = run("solve", "bulls", "--digits", "3", "--base", "6", "--strategy", "consistent", "--seed", "2")
    assert status == 0 and "seed 2" in out and run("solve", "bulls", "--digits", "3", "--base", "6", "--strategy",
                                                   "consistent", "--seed", "2")[1] == out


def test_bad_arguments_are_one_line_and_status_two() -> None:
    for argv in (["solve", "bulls"], ["solve", "bulls", "--strategy", "knuth"], ["play", "bulls", "--digits", "11"],
                 ["play", "bulls", "--digits", "5", "--base", "4"], ["play", "bulls", "--human", "2"],
                 ["solve", "bulls", "--digits", "5", "--strategy", "minimax"]):
        status, out, err = run(*argv)
        assert status == 2, argv
        assert out == "" and len(err.strip().splitlines()) == 1, (argv, err)
