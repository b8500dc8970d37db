"""The word-guessing board, driven by clicking its buttons and setting its widgets (no browser)."""

from __future__ import annotations

import random
from html import escape

import ipywidgets as widgets
import pytest

from coursekit.core import Record
from coursekit.core.rules import CHANCE, draw_chance
from coursekit.games import rules_from_spec
from coursekit.games.words import Words, play_word, possible_words, splitting_guesser
from coursekit.views.words import observation_svg, record_svg
from coursekit.widgets import WordsBoard
from coursekit.widgets.words import GUESSERS, possible_text
from tests.test_widgets_blank import watch

#: The words a board of the default list hides first, for a few seeds (chance drawn from ``Random(seed)``).
FIRST_WORDS = {0: "register", 1: "services", 2: "attached", 4: "football", 7: "campaign"}
SMALL = 300  # a short list (the words of the 300 most frequent): fast, and enough for most tests


def all_widgets(widget: widgets.Widget) -> list[widgets.Widget]:
    """The widget and every widget inside it."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += all_widgets(child)
    return found


def texts(board: WordsBoard) -> list[str]:
    """Every text the board shows or holds: values, labels, tooltips, placeholders."""
    found = []
    for widget in all_widgets(board):
        for name in ("value", "description", "tooltip", "placeholder"):
            value = getattr(widget, name, None)
            if isinstance(value, str):
                found.append(value)
    return found


def buttons(board: WordsBoard) -> dict[str, widgets.Button]:
    """Every button of the board, by its label (letters, Guess the word, Next guess, New game, the toggle)."""
    return {w.description: w for w in all_widgets(board) if isinstance(w, widgets.Button | widgets.ToggleButton)}


def looks(board: WordsBoard) -> tuple[object, ...]:
    """Everything a guess could change but the status line."""
    return (board.state, list(board.steps), board.picture.value, board.pattern_html.value, board.possible_html.value,
            board.word_box.value, {c: (b.disabled, b.button_style, b.tooltip) for c, b in board.letter_buttons.items()})


def click_letters(board: WordsBoard, letters: str) -> None:
    for letter in letters:
        board.letter_buttons[letter].click()


def type_word(board: WordsBoard, text: str) -> None:
    board.word_box.value = text
    board.word_button.click()


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
    """No text of the board holds the hidden word (the hints, which list words of the list, are off)."""
    assert not board.hints
    secret = board.state.secret
    assert secret
    assert not [text for text in texts(board) if secret in text.lower()]


# ----------------------------------------------------------------------------- the person's games

def test_a_game_won_by_letters_shows_the_word_only_at_the_end() -> None:
    board = WordsBoard(seed=0)
    secret = board.state.secret
    assert secret == FIRST_WORDS[0]
    assert board.status == ("The computer hid a word of 8 letters. Your turn (6 wrong guesses left): click a letter, "
                            "or type the whole word and click Guess the word.")
    assert board.picture.value == observation_svg(board.observation)
    assert_hides(board)
    click_letters(board, "z")
    assert board.status.startswith("You guessed the letter z: wrong. Your turn (5 wrong guesses left)")
    assert board.letter_buttons["z"].disabled and board.letter_buttons["z"].button_style == "danger"
    for letter in "regist":  # r, e, g, i, s, t: all of "register"
        assert_hides(board)
        click_letters(board, letter)
        assert board.letter_buttons[letter].disabled and board.letter_buttons[letter].button_style == "success"
        if not board.is_over:
            assert board.picture.value == observation_svg(board.observation)
            assert "_" in board.observation.pattern
    assert board.is_over and board.winner == "You"
    assert board.status == "You guessed the letter t: right: 1 place. You found the word 'register' with 1 wrong guess."
    assert board.picture.value == record_svg(board.record)
    assert "the word: <b>register</b>" in board.pattern_html.value
    assert all(b.disabled for b in board.letter_buttons.values())
    assert board.word_button.disabled and board.word_box.disabled
    record = assert_replays(board)
    assert record.end == "won" and record.winner == 0 and [s.move for s in record.moves] == list("zregist")


def test_a_game_lost_by_letters() -> None:
    board = WordsBoard(seed=1, max_wrong=3)
    secret = board.state.secret
    assert secret == FIRST_WORDS[1]
    click_letters(board, "s")  # right: services has two s
    assert board.observation.pattern == "s______s"
    for letter in "abd":
        assert_hides(board)
        click_letters(board, letter)
    assert board.is_over and board.winner is None
    assert board.observation.wrong_left == 0
    assert board.status == "You guessed the letter d: wrong. No wrong guess left: the word was 'services'. You lost."
    assert "the word: <b>services</b>" in board.pattern_html.value
    assert board.picture.value == record_svg(board.record)
    assert board.record.end == "lost"
    assert_replays(board)
    assert not board.guess("e") and board.status.startswith("Not allowed: the game is over.")


def test_the_whole_word_right_wins_at_once() -> None:
    board = WordsBoard(seed=2)
    type_word(board, "  Attached ")  # typed with spaces and a capital: read as "attached"
    assert board.is_over and board.winner == "You"
    assert board.status == ("You guessed the word attached: right: the word. "
                            "You found the word 'attached' with 0 wrong guesses.")
    assert board.word_box.value == ""
    assert board.observation.pattern == "attached"
    assert_replays(board)


def test_a_whole_word_wrong_costs_one_wrong_guess() -> None:
    board = WordsBoard(seed=4)
    other = next(w for w in board.rules.words_of_length(8) if w != "football")
    type_word(board, other)
    assert not board.is_over
    assert board.observation.tried == (other,) and board.observation.wrong_left == 5
    assert board.status.startswith(f"You guessed the word {other}: wrong. Your turn (5 wrong guesses left)")
    assert board.word_box.value == ""
    assert board.observation.pattern == "________"  # a wrong word shows no letter
    assert_hides(board)


@pytest.mark.parametrize(("typed", "reason"), [
    ("e", "'e' was tried already"),
    ("zzzzzzzz", "'zzzzzzzz' is not a word of the list (the hidden word is one of its words)"),
    ("tools", "'tools' has 5 letters; the hidden word has 8"),
    ("foot-ball", "'foot-ball' has characters outside the English alphabet: -"),
    ("", "type a word in the box first"),
])
def test_a_refused_guess_is_explained_and_changes_nothing(typed: str, reason: str) -> None:
    board = WordsBoard(seed=4)
    click_letters(board, "e")
    before = looks(board)
    board.word_box.value = typed
    board.word_button.click()
    assert board.status.startswith(f"Not allowed: {reason}. Your turn (5 wrong guesses left)")
    assert looks(board)[:-2] == before[:-2]  # the typed text stays, to be corrected
    assert looks(board)[-1] == before[-1]


def test_clicking_a_letter_tried_already_is_refused() -> None:
    board = WordsBoard(seed=4)
    click_letters(board, "o")
    before = looks(board)
    assert not board.guess("o")
    assert board.status.startswith("Not allowed: 'o' was tried already.")
    assert looks(board) == before
    assert not board.next_guess()
    assert board.status.startswith("Not allowed: you are the guesser here")
    assert looks(board) == before


def test_the_board_shows_nothing_but_the_observation() -> None:
    """Two boards hiding different words of one length, after the same guesses that both words miss,
    show exactly the same texts and picture: the board draws the observation, not the word."""
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
    assert texts(boards[0]) == texts(boards[1])
    assert first[seed_a] in boards[0].possible and first[seed_b] in boards[0].possible


# ----------------------------------------------------------------------------- the computer's games

@pytest.mark.parametrize("guesser", GUESSERS)
def test_the_computer_guesser_steps_to_the_end(guesser: str) -> None:
    board = WordsBoard(seed=7, guesser=guesser, top=SMALL)
    assert board.hints and not any(b.disabled is False for b in board.letter_buttons.values())
    assert "Next guess" in buttons(board) and "Guess the word" not in buttons(board)
    assert board.status.endswith("The computer's turn (6 wrong guesses left): press Next guess, "
                                 "or ▶ to watch the whole game.")
    counts = [len(board.possible)]
    while not board.is_over:
        before = len(board.steps)
        board.next_button.click()
        assert len(board.steps) == before + 1
        seen = board.observation
        still = (seen.pattern,) if seen.is_found else possible_words(board.rules, seen)
        assert board.possible == still
        assert board.possible_html.value == escape(possible_text(still))
        assert board.possible_html.value.startswith(f"{len(still):,} word")
        assert board.state.secret in still
        assert len(still) <= counts[-1]
        counts.append(len(still))
        if not board.is_over:
            assert board.picture.value == observation_svg(seen)
    assert board.players == (f"Computer ({guesser})",)
    assert board.status.startswith("The computer guessed")
    assert ("The computer found the word" in board.status) == (board.winner is not None)
    assert not board.next_guess() and not board.guess("a")
    assert_replays(board)


def test_the_splitting_board_guesses_as_the_guesser_plays_alone() -> None:
    board = WordsBoard(seed=7, guesser="splitting", top=SMALL)
    while board.next_guess():
        pass
    alone = play_word(board.rules, splitting_guesser(), str(board.state.secret))
    assert [s.move for s in board.record.moves] == [s.move for s in alone.moves]
    assert board.record.end == alone.end


def test_the_play_control_runs_the_game_one_guess_a_tick() -> None:
    board = WordsBoard(seed=3, guesser="frequency", top=SMALL)
    board.player.value = 1
    assert len(board.record.moves) == 1
    for tick in range(2, board.player.max + 1):
        board.player.value = tick
    assert board.is_over
    assert not board.player.playing
    board.new_game_button.click()
    assert board.player.value == 0 and len(board.steps) == 1


def test_the_person_may_show_the_words_still_possible() -> None:
    board = WordsBoard(seed=0, top=SMALL)
    assert board.possible_html.value == ""
    board.hint_toggle.value = True
    assert board.possible_html.value == escape(possible_text(board.possible))
    click_letters(board, "e")
    assert board.possible_html.value == escape(possible_text(board.possible))


# ----------------------------------------------------------------------------- new games, seeds, records

def test_new_game_draws_the_next_word_from_the_same_generator() -> None:
    board = WordsBoard(seed=0)
    click_letters(board, "ez")
    board.new_game_button.click()
    assert board.state.secret == "reduced"  # Random(0)'s second draw
    assert len(board.steps) == 1 and board.steps[0].player == CHANCE
    assert board.observation.tried == () and board.word_box.value == ""
    assert all(not b.disabled and b.button_style == "" for b in board.letter_buttons.values())
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
    assert len(board.letter_buttons) == 33 and "ё" in board.letter_buttons
    click_letters(board, "ао")
    record = assert_replays(board)
    assert record.end == "stopped" and len(record.moves) == 2


def test_the_options_are_checked() -> None:
    with pytest.raises(ValueError, match="the computer guesser is one of"):
        WordsBoard(guesser="clever", top=SMALL)
    with pytest.raises(ValueError, match="the languages are"):
        WordsBoard("de")


def test_no_button_is_ever_given_an_empty_label() -> None:
    """In the browser an empty label would leave the old text on screen; no label of this board changes at all."""
    for board in (WordsBoard(seed=0), WordsBoard(seed=6, guesser="splitting", top=SMALL)):
        found = buttons(board)
        seen = watch(found)  # type: ignore[arg-type]  # keyed by label, not by cell
        for _game in range(2):
            if board.guesser is None:
                click_letters(board, "eaz")
                type_word(board, "maximum")
                type_word(board, "")
            while board.next_guess():
                pass
            board.hint_toggle.value = not board.hint_toggle.value
            board.new_game_button.click()
        assert all(b.description.strip() for b in found.values())
        assert all(text != "" for _label, text in seen)
