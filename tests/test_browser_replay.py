"""The replay board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


def test_replay_the_slider_and_the_buttons(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "replay"), build("replay")
    picture = where.locator(":scope > .widget-html").first
    caption = status(where)
    expect(caption).to_have_text(twin.caption)
    expect(button(where, "◀")).to_be_disabled()
    where.locator(".noUi-handle").focus()
    for _ in range(2):
        page.keyboard.press("ArrowRight")
        twin.next()
    expect(caption).to_have_text(twin.caption, timeout=WAIT_MS)
    expect_picture(picture, twin.picture, "the replay after two moves")
    button(where, "▶").click()
    twin.next()
    expect(caption).to_have_text(twin.caption, timeout=WAIT_MS)
    expect_picture(picture, twin.picture, "the replay after ▶")
    where.locator(".noUi-handle").focus()
    page.keyboard.press("End")
    twin.show(len(twin.record))
    expect(caption).to_have_text(twin.caption, timeout=WAIT_MS)
    expect(caption).to_contain_text("The winner is")
    expect_picture(picture, twin.picture, "the replay at the end")
    expect(button(where, "▶")).to_be_disabled()
    button(where, "◀").click()
    twin.previous()
    expect(caption).to_have_text(twin.caption, timeout=WAIT_MS)
    expect_picture(picture, twin.picture, "the replay one move back")
