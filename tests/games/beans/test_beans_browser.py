"""The beans board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``.

The beans board is the first on the course's board widget; these tests also check what every
board shares: the controls (undo, hints, who plays, step and run, speed, replay), the keyboard,
and the colours' contrast.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import *

pytestmark = pytest.mark.slow


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_beans_moves_answers_a_refused_move_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "beans"), build("beans")
    expect_board(where, twin, "beans at the start")
    start_status = twin.status
    while twin.state.white > 0:  # take white beans until none is left
        hit(where, "white")
        assert twin.click("white")
        expect(ck_status(where)).to_contain_text("The computer took", timeout=WAIT_MS)
        expect_board(where, twin, "beans after take 1 white")
    assert "take 1 white (not now)" in twin.picture  # drawn dashed, and said so
    hit(where, "white")
    assert twin.click("white") is False
    expect(ck_status(where)).to_contain_text("Not allowed", timeout=WAIT_MS)
    expect_board(where, twin, "beans after a move that is not allowed")
    ck_control(where, "new").click()
    twin.new_game()
    expect(ck_status(where)).to_have_text(start_status, timeout=WAIT_MS)
    expect_board(where, twin, "beans after New game")


def test_beans_hints_undo_replay_and_the_keyboard(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "beans-keys"), build("beans-keys")
    expect_board(where, twin, "beans at the start")
    ck_control(where, "hints").check()
    twin.press("hints", True)
    expect_board(where, twin, "beans with hints")
    assert "(wins)" in twin.picture
    ck_control(where, "hints").uncheck()
    twin.press("hints", False)
    expect_board(where, twin, "beans with the hints off")
    assert "(wins)" not in twin.picture
    # The keyboard: from "take 1 white", the right arrow goes to "take 1 of each"; Enter makes the move.
    ck_status(where).click()  # (in JupyterLab, as a person would: that makes the board's cell the active one)
    where.locator('.ck-picture [data-hit="white"]').focus()
    page.keyboard.press("ArrowRight")  # to "take 1 of each"
    page.keyboard.press("Enter")
    assert twin.click("both")
    expect_board(where, twin, "beans after Enter on take 1 of each")
    hit(where, "black")
    assert twin.click("black")
    expect_board(where, twin, "beans after take 1 black")
    slide(where, "replay", 1)
    twin.show_move(1)
    expect_board(where, twin, "beans replayed to move 1")
    expect(ck_status(where)).to_contain_text("Move 1 of 4", timeout=WAIT_MS)
    expect(where.locator('.ck-control[data-name="replay"] .ck-value')).to_have_text("1 of 4", timeout=WAIT_MS)
    # While the replay shows an earlier position, nothing on the picture can be clicked.
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(0, timeout=WAIT_MS)
    slide(where, "replay", 4)
    twin.show_move(4)
    expect_board(where, twin, "beans replayed to the end")
    ck_control(where, "undo").click()
    assert twin.undo()
    expect_board(where, twin, "beans after Undo")
    assert len(twin.steps) == 2


def test_beans_computers_only_step_and_run(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "beans-watch"), build("beans-watch")
    ck_control(where, "seat0").select_option("random")
    twin.press("seat0", "random")
    expect_board(where, twin, "beans with two computers")
    expect(ck_control(where, "step")).to_be_enabled(timeout=WAIT_MS)
    ck_control(where, "step").click()
    assert twin.step()
    expect_board(where, twin, "beans after Step")
    ck_control(where, "run").click()
    expect(ck_status(where)).to_contain_text("wins", timeout=WAIT_MS)
    while twin.step():
        pass
    expect_board(where, twin, "beans played to the end by ▶ Run")
    expect(ck_control(where, "run")).to_have_text("▶ Run", timeout=WAIT_MS)


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_beans_colours_are_readable(page: Any) -> None:
    where = board(page, "beans")
    pairs = where.locator(".ck-status, .ck-control button.ck-input").evaluate_all(
        """es => es.map(e => {
            let b = e, bg = 'rgba(0, 0, 0, 0)';
            while (b && (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent')) {
                bg = getComputedStyle(b).backgroundColor; b = b.parentElement; }
            return [getComputedStyle(e).color, bg === 'rgba(0, 0, 0, 0)' ? 'rgb(255, 255, 255)' : bg]; })""")
    assert pairs
    for foreground, background in pairs:
        assert contrast(foreground, background) >= 4.5, (foreground, background)


def test_beans_shows_your_move_then_the_answer_at_the_speed_chosen(page: Any) -> None:

    where, twin = board(page, "beans-slow"), build("beans-slow")
    hit(where, "black")
    assert twin.click("black")
    (yours,) = twin.frames  # the picture after your move, before the computer's answer
    settle(lambda: shown_picture(picture(where)), picture_signature(yours), "your move is not shown first")
    expect_board(where, twin, "beans after the computer's answer")
    ck_status(where).click()
    slide(where, "speed", 0)
    twin.press("speed", 0)
    hit(where, "white")
    assert twin.click("white")
    expect_board(where, twin, "beans at speed 0")
