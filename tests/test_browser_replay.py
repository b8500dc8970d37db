"""The replay board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_replay_the_slider_and_the_buttons(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "replay"), build("replay")
    expect_board(where, twin, "the replay at the start")
    expect(ck_control(where, "previous")).to_be_disabled()
    expect(ck_control(where, "first")).to_be_disabled()
    slide(where, "replay", 2)
    twin.show_move(2)
    expect_board(where, twin, "the replay after two moves")
    ck_control(where, "next").click()
    twin.next()
    expect_board(where, twin, "the replay after Next")
    ck_control(where, "last").click()
    twin.last()
    expect_board(where, twin, "the replay at the end")
    expect(ck_status(where)).to_contain_text("The winner is")
    expect(ck_control(where, "next")).to_be_disabled()
    expect(ck_control(where, "last")).to_be_disabled()
    ck_control(where, "previous").click()
    twin.previous()
    expect_board(where, twin, "the replay one move back")
    ck_control(where, "first").click()
    twin.first()
    expect_board(where, twin, "the replay back at the start")
    expect(ck_control(where, "replay")).to_have_value("0", timeout=WAIT_MS)


def test_replay_play_runs_a_king_game_through(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "replay-king"), build("replay-king")
    expect_board(where, twin, "the king's replay at the start")
    expect(where.locator(".ck-picture [data-piece='king']")).to_have_count(1)
    ck_control(where, "play").click()
    expect(ck_control(where, "play")).to_have_text("⏸ Pause", timeout=WAIT_MS)
    twin.last()
    expect(ck_status(where)).to_contain_text("The winner is", timeout=WAIT_MS)  # 6 moves, 200 ms each
    expect_board(where, twin, "the king's replay played through")
    expect(ck_control(where, "play")).to_have_text("▶ Play", timeout=WAIT_MS)
    expect(ck_control(where, "replay")).to_have_value(str(len(twin.record)), timeout=WAIT_MS)
