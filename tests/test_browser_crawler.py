"""The crawler board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


def test_crawler_two_clicks_for_the_first_segment_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.core import Coord

    where, twin = board(page, "crawler"), build("crawler")
    picture = where.locator(".widget-html").first
    expect_grid(where, twin)
    expect_picture(picture, twin.picture, "the lattice at the start")
    a, b, far = Coord(1, 1), Coord(2, 1), Coord(3, 2)
    # First click chooses a point; the same point again cancels it.
    cell(where, twin, *a).click()
    assert twin.click(a)
    expect_status(where, twin)
    expect(cell(where, twin, *a)).to_have_text("●")
    cell(where, twin, *a).click()
    assert twin.click(a)
    expect_status(where, twin)
    expect(cell(where, twin, *a)).to_have_text("·")
    # Choose it again; a point that is not a neighbour is refused.
    cell(where, twin, *a).click()
    assert twin.click(a)
    cell(where, twin, *far).click()
    assert not twin.click(far)
    expect(status(where)).to_contain_text("are not neighbours", timeout=WAIT_MS)
    # A neighbour draws the first segment; the computer answers.
    cell(where, twin, *b).click()
    assert twin.click(b)
    expect_status(where, twin)
    expect(status(where)).to_contain_text("The computer drew")
    shown = expect_grid(where, twin)
    assert "●" not in shown, "the chosen point's mark is left after the move"
    expect_picture(picture, twin.picture, "the lattice after two moves")
    # Hints on and off: no W left.
    button(where, "Hints: W closes").click()
    twin.hints = True
    expect_status(where, twin)
    expect_grid(where, twin)
    button(where, "Hints: W closes").click()
    twin.hints = False
    expect_status(where, twin)
    assert "W" not in expect_grid(where, twin)
    # New game: an empty lattice, nothing of the old line.
    button(where, "New game").click()
    twin.new_game()
    expect_status(where, twin)
    assert set(expect_grid(where, twin)) == {"·"}, "points of the old line left after New game"
    expect_picture(picture, twin.picture, "the lattice after New game")
