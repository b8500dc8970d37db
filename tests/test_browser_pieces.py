"""The pieces board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


def test_king_illegal_click_a_move_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.core import Coord

    where, twin = board(page, "king"), build("king")
    king = twin.state.at
    shown = expect_grid(where, twin)
    assert shown.count("♔") == 1
    # An illegal click: the status says why, nothing moves.
    cell(where, twin, 0, 0).click()
    assert not twin.click(Coord(0, 0))
    expect_status(where, twin)
    expect(status(where)).to_contain_text("Not allowed: the king moves one cell")
    expect_grid(where, twin)
    # A move and the computer's answer: the king's old cells show nothing.
    target = twin.rules.legal_moves(twin.state)[0]
    cell(where, twin, *target).click()
    assert twin.click(target)
    expect_status(where, twin)
    expect(status(where)).to_contain_text("The computer moved the king to")
    shown = expect_grid(where, twin)
    assert shown.count("♔") == 1, f"more than one king on the page: {shown}"
    expect(cell(where, twin, *king)).to_have_text("")
    expect(cell(where, twin, *target)).to_have_text("")
    # Hints on: P and N on the cells; off: no letter left.
    button(where, "Hints: P/N").click()
    twin.hints = True
    shown = expect_grid(where, twin)
    assert {"P", "N"} <= set(shown)
    button(where, "Hints: P/N").click()
    twin.hints = False
    shown = expect_grid(where, twin)
    assert set(shown) == {"", "♔"}, f"hint letters left after hints off: {shown}"
    # New game: the king back on its start, nothing else on the board.
    button(where, "New game").click()
    twin.new_game()
    expect_status(where, twin)
    expect(cell(where, twin, *king)).to_have_text("♔")
    assert set(expect_grid(where, twin)) == {"", "♔"}


def test_three_player_queen_the_turn_line_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "pieces3"), build("pieces3")
    turn = where.locator(":scope > .widget-html").first
    expect(turn).to_contain_text(twin.turn)
    start = twin.state.at
    button(where, "Hints: N/O/P/Q").click()
    twin.hints = True
    shown = expect_grid(where, twin)
    assert set(shown) - {"", "♕"} <= {"N", "O", "P", "Q"} and len(set(shown) - {"", "♕"}) >= 2
    target = twin.rules.legal_moves(twin.state)[-1]
    cell(where, twin, *target).click()
    assert twin.click(target)
    expect_status(where, twin)
    expect(status(where)).to_contain_text("Blue moved the queen to")
    expect(turn).to_contain_text(twin.turn)
    shown = expect_grid(where, twin)  # the hints of the new position, none of the old ones
    assert shown.count("♕") <= 1
    button(where, "Hints: N/O/P/Q").click()
    twin.hints = False
    shown = expect_grid(where, twin)
    assert set(shown) <= {"", "♕"}, f"hint letters left after hints off: {shown}"
    button(where, "New game").click()
    twin.new_game()
    expect_status(where, twin)
    expect(turn).to_contain_text(twin.turn)
    expect(cell(where, twin, *start)).to_have_text("♕")
    assert set(expect_grid(where, twin)) == {"", "♕"}
