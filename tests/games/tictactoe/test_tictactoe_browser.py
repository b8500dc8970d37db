"""The tic-tac-toe board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


def winning_clicks(name: str) -> list[Any]:
    """Clicks that beat the board's computer (the twin plays its best move against the seeded computer)."""
    twin = build(name)
    clicks = []
    while not twin.is_over:
        values = twin.move_values()
        move = max(values, key=lambda m: values[m])
        clicks.append(move)
        twin.click(move)
    assert twin.winner == "You", f"this seed does not let X win against the computer: choose another ({twin.status})"
    return clicks


def key(cell: Any) -> str:
    return f"{cell.x},{cell.y}"


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_tictactoe_marks_answers_hints_the_winning_line_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.games.tictactoe.board import LINE_COLOUR

    where, twin = board(page, "tictactoe"), build("tictactoe")
    expect_board(where, twin, "tic-tac-toe at the start")
    start_status = twin.status
    clicks = winning_clicks("tictactoe")
    # The first mark and the computer's answer.
    hit(where, key(clicks[0]))
    assert twin.click(clicks[0])
    expect(ck_status(where)).to_contain_text("The computer (O) marked", timeout=WAIT_MS)
    expect_board(where, twin, "tic-tac-toe after the first mark and the answer")
    expect(picture(where).locator("path")).to_have_count(1)  # one X
    expect(picture(where).locator("circle[r='14.4']")).to_have_count(1)  # one O
    # A click on a taken cell is refused, with the reason.
    hit(where, key(clicks[0]))
    assert twin.click(clicks[0]) is False
    expect(ck_status(where)).to_contain_text(f"Not allowed: {clicks[0]} is taken: X marked it", timeout=WAIT_MS)
    expect_board(where, twin, "tic-tac-toe after a refused click")
    # Hints on: W, D or L on every empty cell; off: none left.
    ck_control(where, "hints").check()
    twin.press("hints", True)
    expect_board(where, twin, "tic-tac-toe with hints")
    letters = picture(where).locator("text").filter(has_text=re_letters())
    expect(letters).to_have_count(7)
    ck_control(where, "hints").uncheck()
    twin.press("hints", False)
    expect_board(where, twin, "tic-tac-toe with the hints off")
    expect(letters).to_have_count(0)
    # Play on to the win: the winning line is drawn through its filled cells.
    for move in clicks[1:]:
        hit(where, key(move))
        assert twin.click(move)
        expect_board(where, twin, f"tic-tac-toe after {move}")
    expect(ck_status(where)).to_contain_text("You win!")
    expect(picture(where).locator(f'rect[fill="{LINE_COLOUR}"]')).to_have_count(3)
    expect(picture(where).locator('line[stroke-width="5"]')).to_have_count(1)
    expect(picture(where).locator("[data-hit]")).to_have_count(0)  # nothing to click after the end
    # New game: every mark gone.
    ck_control(where, "new").click()
    twin.new_game()
    expect(ck_status(where)).to_have_text(start_status, timeout=WAIT_MS)
    expect_board(where, twin, "tic-tac-toe after New game")
    expect(picture(where).locator("path")).to_have_count(0)


def re_letters() -> Any:
    import re

    return re.compile(r"^[WDL]$")


def test_tictactoe_undo_replay_seats_and_the_keyboard(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "tictactoe-undo"), build("tictactoe-undo")
    expect_board(where, twin, "tic-tac-toe at the start")
    # The keyboard: from the top left cell, the right arrow goes to the top middle one; Enter marks it.
    ck_status(where).click()
    where.locator('.ck-picture [data-hit="0,2"]').focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert twin.click("1,2")
    expect_board(where, twin, "tic-tac-toe after Enter on [1, 2]")
    expect(ck_status(where)).to_contain_text("nodes searched", timeout=WAIT_MS)
    free = next(c for c in ("0,0", "2,0", "0,1", "2,1") if twin.state.at(twin.move_for(c)) == ".")
    hit(where, free)
    assert twin.click(free)
    expect_board(where, twin, "tic-tac-toe after the second mark")
    slide(where, "replay", 1)
    twin.show_move(1)
    expect_board(where, twin, "tic-tac-toe replayed to move 1")
    expect(ck_status(where)).to_contain_text("Move 1 of 4", timeout=WAIT_MS)
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(0, timeout=WAIT_MS)
    slide(where, "replay", 4)
    twin.show_move(4)
    expect_board(where, twin, "tic-tac-toe replayed to the end")
    ck_control(where, "undo").click()
    assert twin.undo()
    expect_board(where, twin, "tic-tac-toe after Undo")
    expect(ck_status(where)).to_contain_text("Took back your move", timeout=WAIT_MS)
    # Let D's program play X: the two computers play on with Step.
    ck_control(where, "seat0").select_option("source")
    twin.press("seat0", "source")
    expect_board(where, twin, "tic-tac-toe with two computers")
    ck_control(where, "step").click()
    assert twin.step()
    expect_board(where, twin, "tic-tac-toe after Step")
    expect(ck_status(where)).to_contain_text("It says:", timeout=WAIT_MS)


def test_tictactoe_the_search_tree_of_three_players(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "tictactoe-tree"), build("tictactoe-tree")
    expect(ck_control(where, "tree")).to_be_disabled(timeout=WAIT_MS)
    for _ in range(3):
        cell = sorted(c for c in (twin.move_for(f"{x},{y}") for y in range(3) for x in range(4))
                      if twin.state.at(c) == ".")[0]
        hit(where, key(cell))
        assert twin.click(cell)
        expect_board(where, twin, f"tic-tac-toe after {cell}")
    expect(ck_control(where, "tree")).to_be_enabled(timeout=WAIT_MS)
    ck_control(where, "tree").click()
    assert twin.show_tree()
    expect_board(where, twin, "tic-tac-toe with its search tree")
    expect(ck_status(where)).to_contain_text("max^n", timeout=WAIT_MS)
    expect(picture(where).locator("svg svg")).to_have_count(2)  # the board and the tree
    ck_control(where, "new").click()
    twin.new_game()
    expect_board(where, twin, "tic-tac-toe after New game: no tree")
    expect(picture(where).locator("svg svg")).to_have_count(0)
