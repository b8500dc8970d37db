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
