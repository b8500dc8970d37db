"""The guessing games' boards (word guessing, bulls and cows) in a real browser with a live kernel
(JupyterLab and Voila): see ``browser.py``.

The person clicks letter keys drawn in the picture, types words and guesses into the board's
text box (then Enter), and uses the controls; every check reads the page (the picture's text
and shapes, the status line), with a twin built in this process saying what to expect.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import *

pytestmark = pytest.mark.slow


def type_in(where: Any, name: str, text: str) -> None:
    """Type ``text`` into the board's text box ``name`` and press Enter, as a person does."""
    box = ck_control(where, name)
    box.fill(text)
    box.press("Enter")


# Word guessing ---------------------------------------------------------------------------------

@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_words_letters_words_a_refused_guess_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "words"), build("words")
    expect_board(where, twin, "words at the start")
    secret = twin.state.secret
    absent = next(c for c in twin.rules.alphabet if c not in secret)
    hit(where, absent)
    assert twin.click(absent)
    expect(ck_status(where)).to_contain_text(f"You guessed the letter {absent}: wrong", timeout=WAIT_MS)
    expect_board(where, twin, "words after a wrong letter")
    # The letter tried is marked (struck through), and can no longer be clicked.
    expect(where.locator(f'.ck-picture [data-hit="{absent}"]')).to_have_count(0, timeout=WAIT_MS)
    expect(where.locator('.ck-picture [data-used="wrong"]')).to_have_count(1, timeout=WAIT_MS)
    hit(where, secret[0])
    assert twin.click(secret[0])
    expect_board(where, twin, "words after a right letter")
    expect(where.locator('.ck-picture [data-used="right"]')).to_have_count(1, timeout=WAIT_MS)
    # A word of the wrong length: refused, said why, nothing else changes (the text stays in the box).
    type_in(where, "word", "ab")
    assert twin.guess_typed("ab") is False
    expect(ck_status(where)).to_contain_text("Not allowed: 'ab' has 2 letters", timeout=WAIT_MS)
    expect_board(where, twin, "words after a refused word")
    expect(ck_control(where, "word")).to_have_value("ab")
    type_in(where, "word", secret.upper())
    assert twin.guess_typed(secret.upper())
    expect(ck_status(where)).to_contain_text(f"You found the word '{secret}'", timeout=WAIT_MS)
    expect_board(where, twin, "words found")
    expect(ck_control(where, "word")).to_have_value("")
    expect(ck_control(where, "word")).to_be_disabled()
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(0, timeout=WAIT_MS)
    ck_control(where, "new").click()
    twin.new_game()
    assert twin.state.secret != secret
    expect_board(where, twin, "words after New game")
    expect(where.locator(".ck-picture [data-used]")).to_have_count(0, timeout=WAIT_MS)


def test_words_hints_the_keyboard_undo_and_replay(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "words-keys"), build("words-keys")
    expect_board(where, twin, "words at the start")
    ck_control(where, "hints").check()
    twin.press("hints", True)
    expect_board(where, twin, "words with the words still possible")
    expect(picture(where)).to_contain_text("words still possible", timeout=WAIT_MS)
    ck_control(where, "hints").uncheck()
    twin.press("hints", False)
    expect_board(where, twin, "words with the hints off")
    expect(picture(where)).not_to_contain_text("still possible", timeout=WAIT_MS)
    # The keyboard: from the key a, the right arrow goes to b; Enter guesses it.
    ck_status(where).click()  # (in JupyterLab, as a person would: that makes the board's cell the active one)
    where.locator('.ck-picture [data-hit="a"]').focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert twin.click("b")
    expect_board(where, twin, "words after Enter on b")
    hit(where, "e")
    assert twin.click("e")
    expect_board(where, twin, "words after e")
    slide(where, "replay", 1)
    twin.show_move(1)
    expect_board(where, twin, "words replayed to guess 1")
    expect(ck_status(where)).to_contain_text("Move 1 of 2", timeout=WAIT_MS)
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(0, timeout=WAIT_MS)
    slide(where, "replay", 2)
    twin.show_move(2)
    expect_board(where, twin, "words replayed to the end")
    ck_control(where, "undo").click()
    assert twin.undo()
    expect_board(where, twin, "words after Undo")
    expect(where.locator('.ck-picture [data-hit="e"]')).to_have_count(1, timeout=WAIT_MS)


def test_words_the_computer_guesses_by_step_and_run(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "words-watch"), build("words-watch")
    expect_board(where, twin, "words with a computer guesser")
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(0, timeout=WAIT_MS)
    ck_control(where, "step").click()
    assert twin.step()
    expect(ck_status(where)).to_contain_text("The computer guessed", timeout=WAIT_MS)
    expect_board(where, twin, "words after Step")
    ck_control(where, "run").click()
    expect(ck_status(where)).to_contain_text("The computer found the word", timeout=WAIT_MS)
    while twin.step():
        pass
    expect_board(where, twin, "words guessed to the end by ▶ Run")
    expect(ck_control(where, "run")).to_have_text("▶ Run", timeout=WAIT_MS)
    ck_control(where, "seat0").select_option("you")
    twin.press("seat0", "you")
    ck_control(where, "new").click()
    twin.new_game()
    expect_board(where, twin, "words given back to the person")
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(len(twin.rules.alphabet), timeout=WAIT_MS)


# Bulls and cows --------------------------------------------------------------------------------

@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_bulls_typed_guesses_a_bad_guess_clicked_digits_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "bulls"), build("bulls")
    expect_board(where, twin, "bulls at the start")
    type_in(where, "guess", "012")
    assert twin.guess("012")
    expect(ck_status(where)).to_contain_text("You guessed 012:", timeout=WAIT_MS)
    expect_board(where, twin, "bulls after a typed guess")
    expect(ck_control(where, "guess")).to_have_value("")
    # A bad guess: one line saying why; nothing else changes, and the text stays to be corrected.
    type_in(where, "guess", "0123")
    assert twin.guess("0123") is False
    expect(ck_status(where)).to_have_text(twin.status, timeout=WAIT_MS)
    assert twin.status.startswith("Not a guess: a guess has 3 digits, not 4.")
    expect_board(where, twin, "bulls after a bad guess")
    expect(ck_control(where, "guess")).to_have_value("0123")
    # A guess by its digits: each chosen digit is marked and no longer a key.
    for digit in "34":
        hit(where, digit)
        assert twin.click(digit) is None
    expect_board(where, twin, "bulls with two digits chosen")
    expect(where.locator('.ck-picture [data-used="chosen"]')).to_have_count(2, timeout=WAIT_MS)
    expect(where.locator('.ck-picture [data-hit="3"]')).to_have_count(0, timeout=WAIT_MS)
    hit(where, "5")
    assert twin.click("5")
    expect(ck_status(where)).to_contain_text("You guessed 345:", timeout=WAIT_MS)
    expect_board(where, twin, "bulls after a clicked guess")
    ck_control(where, "new").click()
    twin.new_game()
    expect_board(where, twin, "bulls after New game")


def test_bulls_the_mutual_game_hints_undo_and_replay(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "bulls-mutual"), build("bulls-mutual")
    expect_board(where, twin, "the mutual game at the start")
    expect(picture(where)).to_contain_text("Your secret (the computer looks for it)", timeout=WAIT_MS)
    type_in(where, "guess", "012")
    assert twin.guess("012")
    expect(ck_status(where)).to_contain_text("The computer guessed", timeout=WAIT_MS)
    expect_board(where, twin, "the mutual game after a round")
    ck_control(where, "hints").check()
    twin.press("hints", True)
    expect_board(where, twin, "the mutual game with the secrets listed")
    ck_control(where, "hints").uncheck()
    twin.press("hints", False)
    expect_board(where, twin, "the mutual game with the hints off")
    type_in(where, "guess", "345")
    assert twin.guess("345")
    expect_board(where, twin, "the mutual game after two rounds")
    slide(where, "replay", 1)
    twin.show_move(1)
    expect_board(where, twin, "the mutual game replayed to move 1")
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(0, timeout=WAIT_MS)
    expect(ck_control(where, "guess")).to_be_disabled()
    slide(where, "replay", len(twin.steps))
    twin.show_move(len(twin.steps))
    expect_board(where, twin, "the mutual game replayed to the end")
    ck_control(where, "undo").click()
    assert twin.undo()
    expect_board(where, twin, "the mutual game after Undo")
    assert len(twin.steps) == 2


def test_bulls_watch_the_computer_guess(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "bulls-watch"), build("bulls-watch")
    expect_board(where, twin, "bulls watched")
    expect(ck_control(where, "guess")).to_be_disabled()
    ck_control(where, "step").click()
    assert twin.step()
    expect(ck_status(where)).to_contain_text("The computer guessed", timeout=WAIT_MS)
    expect_board(where, twin, "bulls after Step")
    ck_control(where, "run").click()
    expect(ck_status(where)).to_contain_text("The computer found the secret", timeout=WAIT_MS)
    while twin.step():
        pass
    expect_board(where, twin, "bulls guessed to the end by ▶ Run")
    ck_control(where, "seat0").select_option("you")
    twin.press("seat0", "you")
    ck_control(where, "new").click()
    twin.new_game()
    expect_board(where, twin, "bulls given back to the person")
    expect(ck_control(where, "guess")).to_be_enabled()


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_the_guessing_boards_colours_are_readable(page: Any) -> None:
    for name in ("words", "bulls"):
        pairs = board(page, name).locator(".ck-status, .ck-control button.ck-input, .ck-picture text").evaluate_all(
            """es => es.map(e => {
                let b = e.tagName === 'text' ? null : e, bg = 'rgba(0, 0, 0, 0)';
                while (b && (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent')) {
                    bg = getComputedStyle(b).backgroundColor; b = b.parentElement; }
                let fg = getComputedStyle(e).color;
                if (e.tagName === 'text') {
                    fg = getComputedStyle(e).fill;
                    const box = e.parentElement.querySelector('rect');
                    bg = box && e.parentElement.tagName === 'g' ? getComputedStyle(box).fill : 'rgb(255, 255, 255)';
                }
                return [fg, bg === 'rgba(0, 0, 0, 0)' ? 'rgb(255, 255, 255)' : bg]; })""")
        assert pairs
        for foreground, background in pairs:
            assert contrast(foreground, background) >= 4.5, (name, foreground, background)
