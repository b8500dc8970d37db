"""The terminal's word guessing, run in this process."""

from __future__ import annotations

import pytest

from tests.terminal import run


def test_the_computer_guesser_plays_and_the_transcript_shows_its_guesses() -> None:
    status, out, _ = run("play", "words", "--guesser", "computer", "--seed", "5")
    assert status == 0
    assert out.startswith("Word guessing, English, 2,656 words of 4 or more letters")
    assert "Guess 1: letter " in out
    assert out.rstrip().splitlines()[-1].startswith("The guesser (computer, splitting) ")


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_same_seed_gives_the_same_game(language: str) -> None:
    for computer in ("splitting", "frequency", "random"):
        args = ("play", "words", "--language", language, "--guesser", "computer", "--computer", computer,
                "--seed", "3")
        first = run(*args)
        assert first == run(*args) and first[0] == 0


def test_a_person_types_letters_and_words_and_is_told_what_is_wrong() -> None:
    status, out, _ = run("play", "words", "--seed", "5", stdin="E\n1\nab\nqqqqqq\ne\n")
    assert status == 0
    assert "_ _ _ e _ _" in out
    assert "not allowed: '1' has characters outside the English alphabet: 1" in out
    assert "not allowed: 'ab' has 2 letters; the hidden word has 6" in out
    assert "not allowed: 'qqqqqq' is not a word of the list" in out
    assert "not allowed: 'e' was tried already" in out
    assert out.rstrip().endswith("The game ended: stopped; the word was 'stress'.")


def test_a_person_can_win_with_the_whole_word() -> None:
    status, out, _ = run("play", "words", "--seed", "5", stdin="stress\n")
    assert status == 0 and out.rstrip().endswith("found the word 'stress' with 0 wrong guesses.")


def test_the_end_of_input_stops_at_once() -> None:
    status, out, _ = run("play", "words", "--seed", "1")
    assert status == 0 and "The game ended: stopped" in out


@pytest.mark.parametrize("args", [
    ("--language", "de"), ("--guesser", "robot"), ("--wrong", "0"), ("--top", "0"), ("--seed", "x"),
    ("--top", "5"),
])
def test_bad_arguments_are_one_line_and_status_2(args: tuple[str, ...]) -> None:
    status, out, err = run("play", "words", *args)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("coursekit: error: ")


def test_the_help_names_the_word_lists_licences(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run("play", "words", "--help")
    shown = " ".join(capsys.readouterr().out.split())
    assert "wordfreq" in shown and "Apache License 2.0" in shown and "CC BY-SA 4.0" in shown
