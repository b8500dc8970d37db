"""The crawler board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_crawler_two_clicks_for_the_first_segment_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "crawler"), build("crawler")
    expect_board(where, twin, "the lattice at the start")
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(12, timeout=WAIT_MS)
    # The first click chooses a point (drawn as a diamond); the same point again cancels it.
    hit(where, "1,1")
    assert twin.click("1,1") is None
    expect_board(where, twin, "the lattice with [1, 1] chosen")
    expect(picture(where).locator("polygon")).to_have_count(1, timeout=WAIT_MS)
    expect(where.locator('.ck-picture [data-hit="1,1"]')).to_have_attribute("aria-label", "1, 1: chosen")
    hit(where, "1,1")
    assert twin.click("1,1") is False
    expect_board(where, twin, "the lattice with the choice cancelled")
    expect(picture(where).locator("polygon")).to_have_count(0, timeout=WAIT_MS)
    # Choose it again; a point that is not a neighbour is refused, and the choice stays.
    hit(where, "1,1")
    assert twin.click("1,1") is None
    hit(where, "3,2")
    assert twin.click("3,2") is False
    expect(ck_status(where)).to_contain_text("are not neighbours", timeout=WAIT_MS)
    expect_board(where, twin, "the lattice after a refused second click")
    # A neighbour draws the first segment; the computer answers.
    hit(where, "2,1")
    assert twin.click("2,1") is True
    expect(ck_status(where)).to_contain_text("The computer drew", timeout=WAIT_MS)
    expect_board(where, twin, "the lattice after two moves")
    expect(picture(where).locator("polyline")).to_have_count(1, timeout=WAIT_MS)
    expect(picture(where).locator("polygon")).to_have_count(0, timeout=WAIT_MS)
    # Hints on and off: the legend says what W means; nothing of it is left afterwards.
    ck_control(where, "hints").check()
    twin.press("hints", True)
    expect_board(where, twin, "the lattice with hints")
    expect(picture(where)).to_contain_text("Hints:", timeout=WAIT_MS)
    ck_control(where, "hints").uncheck()
    twin.press("hints", False)
    expect_board(where, twin, "the lattice with the hints off")
    expect(picture(where)).not_to_contain_text("Hints:", timeout=WAIT_MS)
    # New game: an empty lattice, nothing of the old line.
    ck_control(where, "new").click()
    twin.new_game()
    expect_board(where, twin, "the lattice after New game")
    expect(picture(where).locator("polyline")).to_have_count(0, timeout=WAIT_MS)


def test_crawler_undo_replay_the_keyboard_and_computers_on_both_sides(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "crawler-watch"), build("crawler-watch")
    expect_board(where, twin, "the lattice at the start")
    # The keyboard: Enter on [0, 0], the right arrow to [1, 0], Enter draws the segment.
    ck_status(where).click()  # (in JupyterLab, as a person would: that makes the board's cell the active one)
    where.locator('.ck-picture [data-hit="0,0"]').focus()
    page.keyboard.press("Enter")
    assert twin.click("0,0") is None
    expect_board(where, twin, "the lattice with [0, 0] chosen by the keyboard")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert twin.click("1,0") is True
    expect(ck_status(where)).to_contain_text("The computer", timeout=WAIT_MS)
    expect_board(where, twin, "the lattice after a segment drawn by the keyboard")
    target = sorted(twin.targets())[0]
    hit(where, f"{target.x},{target.y}")
    assert twin.click(target) is True
    expect_board(where, twin, "the lattice after two of your moves")
    # The replay slider: the first move, nothing clickable; back to the end.
    slide(where, "replay", 1)
    twin.show_move(1)
    expect_board(where, twin, "the lattice replayed to move 1")
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(0, timeout=WAIT_MS)
    slide(where, "replay", 4)
    twin.show_move(4)
    expect_board(where, twin, "the lattice replayed to the end")
    # Undo takes back your move and the answer.
    ck_control(where, "undo").click()
    assert twin.undo()
    expect_board(where, twin, "the lattice after Undo")
    assert len(twin.steps) == 2
    # C's player on your side too: Step plays one move at a time.
    ck_control(where, "seat0").select_option("source")
    twin.press("seat0", "source")
    expect_board(where, twin, "the lattice with two computers")
    ck_control(where, "step").click()
    assert twin.step()
    expect(ck_status(where)).to_contain_text("C's rule", timeout=WAIT_MS)
    expect_board(where, twin, "the lattice after Step")
