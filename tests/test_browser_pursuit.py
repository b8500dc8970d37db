"""The pursuit board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


def test_pursuit_step_no_trail_capture_times_restart_and_run(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.core import Coord

    where, twin = board(page, "pursuit"), build("pursuit")
    expect_status(where, twin)
    expect(status(where)).to_have_text("The pursuer to move: press Step, or ▶ to run the chase.")
    expect(where.locator(".widget-play button .fa-play")).to_have_count(1)  # the ▶ the status names
    expect_grid(where, twin)
    # A click while the computer plays both sides is refused, with the controls to use.
    cell(where, twin, 3, 3).click()
    assert not twin.click(Coord(3, 3))
    expect_status(where, twin)
    expect(status(where)).to_contain_text("Not allowed: it is the pursuer's turn")
    # Step a few times: one T and one J on the board, never a trail.
    for _ in range(3):
        button(where, "Step").click()
        assert twin.step()
        expect_status(where, twin)
        shown = expect_grid(where, twin)
        assert shown.count("T") == 1 and shown.count("J") == 1, f"a trail of old pieces: {shown}"
    expect(where.locator(":scope > .widget-label").first).to_have_text(twin.moves_label.value)
    # Capture times on: a number on every free cell; off: none left.
    where.get_by_label("Capture times").check()
    twin.heatmap_box.value = True
    shown = expect_grid(where, twin)
    assert sum(t.isdigit() for t in shown) >= 20
    where.get_by_label("Capture times").uncheck()
    twin.heatmap_box.value = False
    shown = expect_grid(where, twin)
    assert sorted(t for t in shown if t) == ["J", "T"], f"capture times left after turning them off: {shown}"
    # Restart, then run the chase with ▶ to its end.
    button(where, "Restart").click()
    twin.restart()
    expect_status(where, twin)
    expect_grid(where, twin)
    where.locator(".widget-play button").first.click()
    twin.run()
    expect(status(where)).to_have_text(twin.status, timeout=WAIT_MS)
    assert twin.status.startswith("Tom caught Jerry")
    assert sorted(t for t in expect_grid(where, twin) if t) == ["X"]
