"""The pursuit board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


def pieces_shown(where: Any) -> list[str]:
    """The pieces' letters the page shows (big and bold: T, T1, T2, J, X)."""
    texts = picture(where).locator("svg text[font-weight='bold']").all_text_contents()
    return sorted(t for t in texts if re.fullmatch(r"[TJX]\d?", t))


def test_pursuit_step_no_trail_capture_times_restart_and_run(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "pursuit"), build("pursuit")
    expect_board(where, twin, "the chase at the start")
    expect(ck_status(where)).to_have_text("Move 1 of at most 100. Tom to move: press Step or ▶ Run.")
    for named in ("step", "run"):  # the controls the status names are there
        expect(ck_control(where, named)).to_be_enabled()
    expect(ck_control(where, "run")).to_have_text("▶ Run")
    expect(picture(where).locator("[data-hit]")).to_have_count(0)  # two computers: nothing to click
    # Step a few times: one T and one J on the board, each gliding by name, never a trail.
    for _ in range(3):
        ck_control(where, "step").click()
        assert twin.step()
        expect_board(where, twin, "after Step")
        assert pieces_shown(where) == ["J", "T"], f"a trail of old pieces: {pieces_shown(where)}"
        expect(picture(where).locator('[data-piece="Tom"]')).to_have_count(1)
        expect(picture(where).locator('[data-piece="Jerry"]')).to_have_count(1)
    # Capture times on: a number on every free cell; off: none left.
    ck_control(where, "hints").check()
    twin.press("hints", True)
    expect_board(where, twin, "with the capture times")
    numbers = picture(where).locator("svg text[font-weight='normal'][pointer-events='none']").all_text_contents()
    assert sum(t.isdigit() for t in numbers) >= 20
    ck_control(where, "hints").uncheck()
    twin.press("hints", False)
    expect_board(where, twin, "with the capture times off")
    expect(picture(where).locator("svg text[font-weight='normal'][pointer-events='none']")).to_have_count(0)
    # Undo takes back the last move (computers only), Restart goes back to the start.
    ck_control(where, "undo").click()
    assert twin.undo()
    expect_board(where, twin, "after Undo")
    ck_control(where, "restart").click()
    twin.press("restart")
    expect_board(where, twin, "after Restart")
    # ▶ Run plays the chase to its end.
    ck_control(where, "run").click()
    twin.run()
    expect(ck_status(where)).to_have_text(twin.status, timeout=WAIT_MS)
    assert twin.status.endswith("Tom caught Jerry at move 5.")
    expect_board(where, twin, "the chase run to its end")
    assert pieces_shown(where) == ["X"]
    expect(ck_control(where, "run")).to_have_text("▶ Run", timeout=WAIT_MS)
    # New game: new random cells for the pieces.
    ck_control(where, "new").click()
    twin.press("new")
    expect_board(where, twin, "after New game")


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_pursuit_you_play_jerry_a_refused_move_replay_and_placing(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "pursuit-you"), build("pursuit-you")
    expect_board(where, twin, "Tom has moved, Jerry's turn")
    expect(ck_status(where)).to_contain_text("Your turn: click a cell marked with a dot to move Jerry.")
    # The cells Jerry may go to are marked (a dot and a ring: not by colour alone), and said so.
    expect(picture(where).locator('[aria-label$="move Jerry here"]')).to_have_count(8)
    expect(picture(where).locator("circle[stroke='#111']")).to_have_count(8)
    # A move, and Tom's answer at once.
    hit(where, "7,7")
    assert twin.click("7,7")
    expect(ck_status(where)).to_contain_text("You went to [7, 7]. Tom went to", timeout=WAIT_MS)
    expect_board(where, twin, "after Jerry's move and Tom's answer")
    # A cell too far: refused, with the reason.
    hit(where, "0,7")
    assert twin.click("0,7") is False
    expect(ck_status(where)).to_contain_text("Not allowed: the prey moves to one of the 8 neighbouring cells",
                                             timeout=WAIT_MS)
    expect_board(where, twin, "after a refused move")
    # Replay the first move, then back to the end; Undo takes back Jerry's move and Tom's answer.
    slide(where, "replay", 1)
    twin.press("replay", 1)
    expect_board(where, twin, "replayed to move 1")
    expect(picture(where).locator("[data-hit]")).to_have_count(0, timeout=WAIT_MS)
    slide(where, "replay", 3)
    twin.press("replay", 3)
    expect_board(where, twin, "replayed to the end")
    ck_control(where, "undo").click()
    assert twin.undo()
    expect_board(where, twin, "after Undo")
    # Place the prey elsewhere: the chase starts again from there (Tom moves first, at once).
    ck_control(where, "mode").select_option("place prey")
    twin.press("mode", "place prey")
    expect(ck_status(where)).to_have_text("Click a free cell to place prey.", timeout=WAIT_MS)
    hit(where, "4,0")
    assert twin.click("4,0")
    expect_board(where, twin, "after placing the prey")
    ck_control(where, "mode").select_option("move")
    twin.press("mode", "move")
    expect_board(where, twin, "back to moving")
    assert twin.state.prey == twin.start.prey
