"""The corners board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``.

E's mended player ("fixed") answers: the alpha-beta player is too slow for the browser tests.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


def piece_at(where: Any, name: str) -> Any:
    """The disc of the piece called ``name`` in the board's picture."""
    return picture(where).locator(f'[data-piece="{name}"]')


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_corners_a_step_the_answer_a_refused_click_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.core import Coord
    from coursekit.games.corners.view import piece_ids

    where, twin = board(page, "corners"), build("corners")
    expect_board(where, twin, "the board at the start")
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(64, timeout=WAIT_MS)
    name = piece_ids(twin.state)[Coord(4, 2)]
    # Click a piece: its cell framed, the cells it may go to ringed; then a step, and E answers.
    hit(where, "4,2")
    assert twin.click("4,2") is None
    expect_board(where, twin, "the board with [4, 2] chosen")
    expect(picture(where).locator('circle[stroke-dasharray="4 3"]')).to_have_count(2, timeout=WAIT_MS)
    hit(where, "4,3")
    assert twin.click("4,3") is True
    expect(ck_status(where)).to_contain_text("The computer stepped", timeout=WAIT_MS)
    expect_board(where, twin, "the board after a step and E's answer")
    expect(piece_at(where, name)).to_have_attribute("cx", "204", timeout=WAIT_MS)  # the same piece, on [4, 3]
    expect(piece_at(where, name)).to_have_attribute("cy", "180", timeout=WAIT_MS)
    expect(picture(where).locator('circle[stroke-dasharray="4 3"]')).to_have_count(0, timeout=WAIT_MS)
    # A click on an empty cell is refused, and says why.
    hit(where, "3,3")
    assert twin.click("3,3") is False
    expect(ck_status(where)).to_contain_text("Not allowed: [3, 3] is empty", timeout=WAIT_MS)
    expect_board(where, twin, "the board after a refused click")
    # Hints on and off: E's suggestion drawn dotted and said under the board; nothing left after.
    ck_control(where, "hints").check()
    twin.press("hints", True)
    expect_board(where, twin, "the board with hints")
    expect(picture(where)).to_contain_text("Hint (dotted, ringed)", timeout=WAIT_MS)
    ck_control(where, "hints").uncheck()
    twin.press("hints", False)
    expect_board(where, twin, "the board with the hints off")
    expect(picture(where)).not_to_contain_text("Hint", timeout=WAIT_MS)
    # New game: every piece home again.
    ck_control(where, "new").click()
    twin.new_game()
    expect_board(where, twin, "the board after New game")
    expect(piece_at(where, name)).to_have_attribute("cy", "220", timeout=WAIT_MS)


def test_corners_a_jump_chain_undo_replay_and_two_computers(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "corners-chain"), build("corners-chain")
    expect_board(where, twin, "the chain position")
    # A chain of two jumps, clicked cell by cell; it ends by itself where no jump goes on.
    hit(where, "4,0")
    assert twin.click("4,0") is None
    hit(where, "4,2")
    assert twin.click("4,2") is None
    expect(ck_status(where)).to_contain_text("jumping 4,0-4,2", timeout=WAIT_MS)
    expect(ck_status(where)).to_contain_text("[4, 2] again to end the chain there", timeout=WAIT_MS)
    expect_board(where, twin, "the board during the chain")
    hit(where, "4,4")
    assert twin.click("4,4") is True
    expect(ck_status(where)).to_contain_text("You jumped 4,0-4,2-4,4 (2 jumps)", timeout=WAIT_MS)
    expect_board(where, twin, "the board after the chain")
    # A step, then the replay slider and undo.
    hit(where, "4,1")
    assert twin.click("4,1") is None
    hit(where, "3,1")
    assert twin.click("3,1") is True
    expect_board(where, twin, "the board after a step")
    slide(where, "replay", 1)
    twin.show_move(1)
    expect_board(where, twin, "the board replayed to move 1")
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(0, timeout=WAIT_MS)
    slide(where, "replay", 4)
    twin.show_move(4)
    expect_board(where, twin, "the board replayed to the end")
    ck_control(where, "undo").click()
    assert twin.undo()
    expect_board(where, twin, "the board after Undo")
    assert len(twin.steps) == 2
    # E plays your side too: Step plays one move.
    ck_control(where, "seat0").select_option("fixed")
    twin.press("seat0", "fixed")
    expect_board(where, twin, "the board with two computers")
    ck_control(where, "step").click()
    assert twin.step()
    expect_board(where, twin, "the board after Step")
