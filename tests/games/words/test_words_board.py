"""The word-guessing board, driven as the page drives it: clicks on its letter keys, text typed
into its box, its controls and ticks (no browser)."""

from __future__ import annotations

import random
import re

import pytest

from coursekit.boards import WordsBoard
from coursekit.core import Record
from coursekit.core.rules import CHANCE, draw_chance
from coursekit.games import rules_from_spec
from coursekit.games.words import Words, play_word, possible_words, splitting_guesser
from coursekit.games.words.board import GUESSERS, possible_text
from coursekit.games.words.view import board_svg

#: The words a board of the default list hides first, for a few seeds (chance drawn from ``Random(seed)``).
FIRST_WORDS = {0: "register", 1: "services", 2: "attached", 4: "football", 7: "campaign"}
SMALL = 300  # a short list (the words of the 300 most frequent): fast, and enough for most tests


def send(board: WordsBoard, **content: object) -> None:
    """What the page's front end sends (a click, a control, a tick)."""
    board._message(board, content, [])


def click_letters(board: WordsBoard, letters: str) -> None:
    for letter in letters:
        send(board, event="hit", key=letter)


def type_word(board: WordsBoard, text: str) -> None:
    """Type ``text`` in the box and press Enter."""
    send(board, event="control", name="word", value=text)


def keys(board: WordsBoard) -> set[str]:
    """The letters whose keys can be clicked now."""
    return set(re.findall(r'data-hit="([^"]+)"', board.picture))


def used(board: WordsBoard, how: str) -> set[str]:
    """The letters drawn as tried: ``"right"`` (ticked) or ``"wrong"`` (struck through)."""
    return set(re.findall(rf'<g data-used="{how}"><title>(.): tried', board.picture))


def looks(board: WordsBoard) -> tuple[object, ...]:
    """Everything a refused guess must leave as it was (all but the status line)."""
    return board.state, list(board.steps), board.picture, [c for c in board.controls if c["name"] != "word"]


def absent_letters(secret: str, rules: Words) -> str:
    return "".join(c for c in rules.alphabet if c not in secret)


def assert_replays(board: WordsBoard) -> Record:
    record = board.record
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again == record
    assert record.steps[0].player == CHANCE and record.steps[0].move == board.state.secret
    assert record.start.secret is None
    return record


def assert_hides(board: WordsBoard) -> None:
    """Neither the picture nor the status line nor a control holds the hidden word (the hints are off)."""
    assert not board.hints
    secret = board.state.secret
    assert secret
    assert secret not in board.picture and secret not in board.status and secret not in str(board.controls)


# ----------------------------------------------------------------------------- the person's games

def test_a_game_won_by_letters_shows_the_word_only_at_the_end() -> None:
    board = WordsBoard(seed=0)
    secret = board.state.secret
    assert secret == FIRST_WORDS[0]
    assert board.status == ("The computer hid a word of 8 letters. Your turn: 6 wrong guesses left; click a letter, "
                            "or type the whole word in the box and press Enter.")
    assert board.picture == board_svg(board.observation, board.rules.alphabet, live=True)
    assert keys(board) == set(board.rules.alphabet)
    assert_hides(board)
    click_letters(board, "z")
    assert board.status.startswith("You guessed the letter z: wrong. Your turn: 5 wrong guesses left")
    assert "z" not in keys(board) and used(board, "wrong") == {"z"}
    for letter in "regist":  # r, e, g, i, s, t: all of "register"
        assert_hides(board)
        click_letters(board, letter)
        if not board.is_over:
            assert letter in used(board, "right") and letter not in keys(board)
            assert "_" in board.observation.pattern
    assert board.is_over and board.winner == "You"
    assert board.status == "You guessed the letter t: right: 1 place. You found the word 'register' with 1 wrong guess."
    assert keys(board) == set()  # nothing to click at the end
    assert ">r<" in board.picture and board.control("word")["disabled"]
    record = assert_replays(board)
    assert record.end == "won" and record.winner == 0 and [s.move for s in record.moves] == list("zregist")


def test_a_game_lost_by_letters_shows_the_word() -> None:
    board = WordsBoard(seed=1, max_wrong=3)
    assert board.state.secret == FIRST_WORDS[1]
    click_letters(board, "s")  # right: services has two s
    assert board.observation.pattern == "s______s"
    for letter in "abd":
        assert_hides(board)
        click_letters(board, letter)
    assert board.is_over and board.winner is None
    assert board.observation.wrong_left == 0
    assert board.status == "You guessed the letter d: wrong. No wrong guess left: the word was 'services'. You lost."
    assert board.picture == board_svg(board.observation, board.rules.alphabet, secret="services")
    assert all(f">{c}</text>" in board.picture for c in "ervice")  # the letters never found, written in grey
    assert board.record.end == "lost"
    assert_replays(board)
    assert not board.guess("e") and board.status.startswith("The game is over: press New game")


def test_the_whole_word_right_wins_at_once() -> None:
    board = WordsBoard(seed=2)
    type_word(board, "  Attached ")  # typed with spaces and a capital: read as "attached"
    assert board.is_over and board.winner == "You"
    assert board.status == ("You guessed the word attached: right: the word. "
                            "You found the word 'attached' with 0 wrong guesses.")
    assert board.observation.pattern == "attached"
    assert_replays(board)


def test_a_whole_word_wrong_costs_one_wrong_guess_and_clears_the_box() -> None:
    board = WordsBoard(seed=4)
    other = next(w for w in board.rules.words_of_length(8) if w != "football")
    type_word(board, other)
    assert not board.is_over
    assert board.observation.tried == (other,) and board.observation.wrong_left == 5
    assert board.status.startswith(f"You guessed the word {other}: wrong. Your turn: 5 wrong guesses left")
    assert board.control("word")["value"] == ""  # the page clears the box for the next guess
    assert f"words tried: {other} (wrong)" in board.picture
    assert board.observation.pattern == "________"  # a wrong word shows no letter
    assert_hides(board)


@pytest.mark.parametrize(("typed", "reason"), [
    ("e", "Not allowed: 'e' was tried already"),
    ("zzzzzzzz", "Not allowed: 'zzzzzzzz' is not a word of the list (the hidden word is one of its words)"),
    ("tools", "Not allowed: 'tools' has 5 letters; the hidden word has 8"),
    ("foot-ball", "Not allowed: 'foot-ball' has characters outside the English alphabet: -"),
    ("   ", "Not allowed: type a word in the box first"),
])
def test_a_refused_guess_is_explained_and_changes_nothing(typed: str, reason: str) -> None:
    board = WordsBoard(seed=4)
    click_letters(board, "e")
    before = looks(board)
    type_word(board, typed)
    assert board.status.startswith(f"{reason}. Your turn: 5 wrong guesses left")
    assert looks(board) == before
    assert board.control("word")["value"] is None  # what was typed stays in the box, to be corrected


def test_a_click_on_no_letter_or_a_tried_one_is_refused() -> None:
    board = WordsBoard(seed=4)
    click_letters(board, "o")
    before = looks(board)
    assert board.hit("o") is False
    assert board.status.startswith("Not allowed: 'o' was tried already.")
    assert board.hit("7") is False
    assert board.status.startswith("'7' is not a letter of the board.")
    assert looks(board) == before
    assert not board.next_guess()  # not the computer's guess
    assert looks(board) == before


def test_the_board_shows_nothing_but_the_observation() -> None:
    """Two boards hiding different words of one length, after the same guesses that both words miss,
    show exactly the same picture and status line: the board draws the observation, not the word."""
    outcomes = Words("en").chance_outcomes(Words("en").initial_state())
    first = {seed: draw_chance(outcomes, random.Random(seed)) for seed in range(40)}
    seed_a, seed_b = next((a, b) for a in first for b in first
                          if a < b and len(first[a]) == len(first[b]) and first[a] != first[b])
    boards = [WordsBoard(seed=seed_a, hints=True), WordsBoard(seed=seed_b, hints=True)]
    missed = absent_letters(first[seed_a] + first[seed_b], boards[0].rules)[:4]
    for board in boards:
        click_letters(board, missed)
        type_word(board, "x" * len(first[seed_a]))  # refused the same way on both
    assert boards[0].observation == boards[1].observation
    assert (boards[0].picture, boards[0].status) == (boards[1].picture, boards[1].status)
    assert first[seed_a] in boards[0].possible and first[seed_b] in boards[0].possible


# ----------------------------------------------------------------------------- the computer's games

@pytest.mark.parametrize("guesser", GUESSERS)
def test_the_computer_guesser_steps_to_the_end(guesser: str) -> None:
    board = WordsBoard(seed=7, guesser=guesser, top=SMALL)
    assert board.hints and keys(board) == set() and board.control("word")["disabled"]
    assert not board.control("step")["disabled"] and board.control("run")["label"] == "▶ Run"
    assert board.status.endswith("Computer to move: press Step or ▶ Run.")
    counts = [len(board.possible)]
    while not board.is_over:
        before = len(board.steps)
        board.press("step")
        assert len(board.steps) == before + 1
        seen = board.observation
        still = (seen.pattern,) if seen.is_found else possible_words(board.rules, seen)
        assert board.possible == still
        assert possible_text(still) in board.picture.replace("&#x27;", "'")
        assert board.state.secret in still
        assert len(still) <= counts[-1]
        counts.append(len(still))
    assert board.players == ("Computer",) and board.guesser == guesser
    assert board.status.startswith("The computer guessed")
    assert ("The computer found the word" in board.status) == (board.winner is not None)
    assert board.control("step")["disabled"]
    assert not board.next_guess() and not board.guess("a")
    assert_replays(board)


def test_the_splitting_board_guesses_as_the_guesser_plays_alone() -> None:
    board = WordsBoard(seed=7, guesser="splitting", top=SMALL)
    while board.next_guess():
        pass
    alone = play_word(board.rules, splitting_guesser(), str(board.state.secret))
    assert [s.move for s in board.record.moves] == [s.move for s in alone.moves]
    assert board.record.end == alone.end


def test_run_plays_the_game_one_guess_a_tick() -> None:
    board = WordsBoard(seed=3, guesser="frequency", top=SMALL, interval=200)
    assert board.speed == 200
    board.press("run")
    assert board.running and board.control("run")["label"] == "⏸ Pause"
    send(board, event="tick", version=board.version)
    assert len(board.record.moves) == 1
    send(board, event="tick", version=board.version - 1)  # a tick for a picture no longer shown: ignored
    assert len(board.record.moves) == 1
    while board.running:
        send(board, event="tick", version=board.version)
    assert board.is_over and board.control("run")["label"] == "▶ Run"
    board.press("new")
    assert not board.running and board.steps == [] and len(board.record.steps) == 1


def test_the_guesser_choice_hands_the_game_to_the_computer_and_back() -> None:
    board = WordsBoard(seed=0, top=SMALL)
    click_letters(board, "e")
    board.press("seat0", "splitting")
    assert board.guesser == "splitting" and keys(board) == set()
    assert board.next_guess() and len(board.steps) == 2
    board.press("seat0", "you")
    assert board.guesser is None and keys(board) == set(board.rules.alphabet) - set(board.observation.tried)
    assert board.status.startswith("Your turn:")


def test_the_person_may_show_the_words_still_possible() -> None:
    board = WordsBoard(seed=0, top=SMALL)
    assert "still possible" not in board.picture
    assert board.control("hints")["label"] == "Words still possible"
    board.press("hints", True)
    assert possible_text(board.possible) in board.picture
    click_letters(board, "e")
    assert possible_text(board.possible) in board.picture
    board.press("hints", False)
    assert "still possible" not in board.picture


def test_undo_and_the_replay_slider() -> None:
    board = WordsBoard(seed=0, top=SMALL)
    start_picture = board.picture
    click_letters(board, "ea")
    after_e = board.history[1]
    board.press("replay", 1)
    assert board.replaying and board.status.startswith("Move 1 of 2: You guessed the letter e")
    assert keys(board) == set()  # nothing to click while an earlier position is shown
    assert board.hit("o") is False and len(board.steps) == 2
    board.press("replay", 2)
    assert board.undo() and board.state == after_e and board.status.startswith("Took back your move.")
    assert board.undo() and board.steps == [] and board.picture == start_picture
    assert board.undo() is False and board.control("undo")["disabled"]
    assert len(board.record.steps) == 1  # chance's draw of the word is never taken back


# ----------------------------------------------------------------------------- new games, seeds, records

def test_new_game_draws_the_next_word_from_the_same_generator() -> None:
    board = WordsBoard(seed=0)
    click_letters(board, "ez")
    board.press("new")
    assert board.state.secret == "reduced"  # Random(0)'s second draw
    assert board.steps == [] and board.record.steps[0].player == CHANCE
    assert board.observation.tried == () and board.control("word")["value"] == ""
    assert keys(board) == set(board.rules.alphabet)
    assert board.status.startswith("The computer hid a word of 7 letters.")
    assert_hides(board)
    board.new_game()
    assert board.state.secret == "greater"


def test_the_same_seed_gives_the_same_words_and_games() -> None:
    for seed, word in FIRST_WORDS.items():
        assert WordsBoard(seed=seed).state.secret == word
    a, b = WordsBoard(seed=5, guesser="random", top=SMALL), WordsBoard(seed=5, guesser="random", top=SMALL)
    while a.next_guess():
        b.next_guess()
    assert a.record.to_json() == b.record.to_json()
    assert len({WordsBoard(seed=seed, top=SMALL).state.secret for seed in range(6)}) > 1


def test_an_unfinished_game_replays_as_stopped() -> None:
    board = WordsBoard("ru", seed=2, top=500)
    assert keys(board) == set(board.rules.alphabet) and len(keys(board)) == 33 and "ё" in keys(board)
    click_letters(board, "ао")
    record = assert_replays(board)
    assert record.end == "stopped" and len(record.moves) == 2


def test_the_options_are_checked() -> None:
    with pytest.raises(ValueError, match="the computer guesser is one of"):
        WordsBoard(guesser="clever", top=SMALL)
    with pytest.raises(ValueError, match="the languages are"):
        WordsBoard("de")


def test_the_still_picture_has_nothing_to_click() -> None:
    board = WordsBoard(seed=0, top=SMALL)
    still = board.still()
    assert "data-hit" not in still and "tabindex" not in still and board.status in still
