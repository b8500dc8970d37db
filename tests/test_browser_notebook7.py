"""The board widget in Notebook 7 too (the other front ends of the browser tests are JupyterLab
and Voila): the beans board answers a click, and its controls work. See ``browser.py``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from browser import *

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory: pytest.TempPathFactory, playwright: Any) -> Iterator[Any]:
    """Notebook 7 serving a notebook with the beans board only, open in chromium."""
    before = os.environ.get("COURSEKIT_TEST_BOARDS")
    os.environ["COURSEKIT_TEST_BOARDS"] = "beans"
    try:
        for url in serve("notebook", tmp_path_factory):
            yield from open_page(url, playwright)
    finally:
        if before is None:
            del os.environ["COURSEKIT_TEST_BOARDS"]
        else:
            os.environ["COURSEKIT_TEST_BOARDS"] = before


def test_the_beans_board_plays_in_notebook_7(notebook7: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(notebook7, "beans"), build("beans")
    expect_board(where, twin, "beans at the start")
    hit(where, "both")
    assert twin.click("both")
    expect(ck_status(where)).to_contain_text("The computer took", timeout=WAIT_MS)
    expect_board(where, twin, "beans after take 1 of each")
    ck_control(where, "undo").click()
    assert twin.undo()
    expect_board(where, twin, "beans after Undo")
