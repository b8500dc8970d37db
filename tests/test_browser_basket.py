"""The basket board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


def test_basket_put_balls_the_picture_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "basket"), build("basket")
    picture = where.locator(":scope > .widget-html").first
    hint_box = where.locator(":scope > .widget-html").last
    expect_picture(picture, twin.picture, "the basket at the start")

    def row(colour: str) -> Any:
        return where.locator(".widget-hbox").filter(has=page.locator(".widget-html", has_text=f"{colour} ("))

    expect(row("red")).to_have_count(1)
    row("red").get_by_role("button", name="put 3").click()
    assert twin.click(0, 3)
    expect_status(where, twin)
    expect(status(where)).to_contain_text("You put 3 red")
    expect_picture(picture, twin.picture, "the basket after put 3 red")
    for colour, left in zip(("red", "blue", "green"), twin.state.left, strict=True):
        expect(row(colour)).to_contain_text(f"{left} left")
    expect(row("red").get_by_role("button", name="put 1")).to_be_disabled()
    # A move that is no longer possible is greyed out; clicking it does nothing.
    row("red").get_by_role("button", name="put 1").click(force=True)
    expect_status(where, twin)
    # Hints on: the Nim sum and the winning moves marked ✓; off: no ✓ and no table left.
    button(where, "Nim-sum hints").click()
    twin.hints = True
    expect(hint_box).to_contain_text("Nim sum", timeout=WAIT_MS)
    winning = [move for move, b in twin.buttons.items() if b.description.endswith("✓")]
    marked = where.locator("button", has_text="✓")
    expect(marked).to_have_count(len(winning), timeout=WAIT_MS)
    button(where, "Nim-sum hints").click()
    twin.hints = False
    expect(marked).to_have_count(0, timeout=WAIT_MS)
    expect(hint_box).to_have_text("", timeout=WAIT_MS)
    # New game: every colour full again, the picture as at the start.
    button(where, "New game").click()
    twin.new_game()
    expect_status(where, twin)
    expect_picture(picture, twin.picture, "the basket after New game")
    for colour in ("red", "blue", "green"):
        expect(row(colour)).to_contain_text("3 left")
