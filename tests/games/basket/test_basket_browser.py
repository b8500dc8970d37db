"""The basket board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_basket_put_balls_a_refused_move_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "basket"), build("basket")
    expect_board(where, twin, "the basket at the start")
    start_status = twin.status
    expect(picture(where).locator("[data-piece]")).to_have_count(9)
    hit(where, "R3")
    assert twin.click(0, 3)
    expect(ck_status(where)).to_contain_text("You put 3 red", timeout=WAIT_MS)
    expect(ck_status(where)).to_contain_text("The computer put", timeout=WAIT_MS)
    expect_board(where, twin, "the basket after put 3 red and the answer")
    for left in twin.state.left:
        expect(picture(where)).to_contain_text(f"{left} left")
    expect(picture(where)).to_contain_text(f"{9 - sum(twin.state.left)} in")  # the balls in the basket
    # A move that is no longer possible is dashed and says "not now"; clicking it is refused, with the reason.
    expect(picture(where).locator('[data-hit="R1"]')).to_have_attribute("aria-label", "put 1 red (not now)")
    hit(where, "R1")
    assert twin.click(0, 1) is False
    expect(ck_status(where)).to_contain_text("Not allowed: red has no balls left", timeout=WAIT_MS)
    expect_board(where, twin, "the basket after a refused move")
    # Hints on: the Nim sum under the basket and the winning moves marked ✓; off: neither.
    ck_control(where, "hints").check()
    twin.press("hints", True)
    expect_board(where, twin, "the basket with hints")
    expect(picture(where)).to_contain_text("Nim sum (XOR)")
    winning = [h for h in ("B1", "B2", "B3", "G1", "G2", "G3") if f'data-hit="{h}"' in twin.picture
               and f'aria-label="put {h[1]} {"blue" if h[0] == "B" else "green"}: this move wins"' in twin.picture]
    expect(picture(where).locator("[data-hit]", has_text="✓")).to_have_count(len(winning))
    ck_control(where, "hints").uncheck()
    twin.press("hints", False)
    expect_board(where, twin, "the basket with the hints off")
    expect(picture(where).locator("[data-hit]", has_text="✓")).to_have_count(0)
    expect(picture(where)).not_to_contain_text("Nim sum")
    # New game: every colour full again.
    ck_control(where, "new").click()
    twin.new_game()
    expect(ck_status(where)).to_have_text(start_status, timeout=WAIT_MS)
    expect_board(where, twin, "the basket after New game")
    expect(picture(where)).to_contain_text("0 in")


def test_basket_difficulty_undo_replay_and_the_keyboard(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "basket-source"), build("basket-source")
    expect_board(where, twin, "the basket at the start")
    slide(where, "depth", 5)
    twin.press("depth", 5)
    expect(ck_status(where)).to_contain_text("Difficulty 5: B's player now looks 5 moves ahead", timeout=WAIT_MS)
    expect_board(where, twin, "the basket at difficulty 5")
    # The keyboard: from "put 1" of red, the right arrow goes to "put 2"; Enter makes the move.
    ck_status(where).click()
    where.locator('.ck-picture [data-hit="R1"]').focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert twin.click("R2")
    expect_board(where, twin, "the basket after Enter on put 2 red")
    move = next(m for m in twin.rules.legal_moves(twin.state))
    hit(where, str(move))
    assert twin.click(*move)
    expect_board(where, twin, f"the basket after {move}")
    slide(where, "replay", 1)
    twin.show_move(1)
    expect_board(where, twin, "the basket replayed to move 1")
    expect(ck_status(where)).to_contain_text("Move 1 of 4: You put 2 red", timeout=WAIT_MS)
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(0, timeout=WAIT_MS)
    slide(where, "replay", 4)
    twin.show_move(4)
    expect_board(where, twin, "the basket replayed to the end")
    ck_control(where, "undo").click()
    assert twin.undo()
    expect_board(where, twin, "the basket after Undo")
    expect(ck_status(where)).to_contain_text("Took back your move", timeout=WAIT_MS)
