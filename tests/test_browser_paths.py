"""The paths board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


def test_path_cells_then_bfs_then_astar_without_old_numbers(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.core import Coord

    where, twin = board(page, "path"), build("path")
    expect_grid(where, twin)
    # The start cell is filled and its letter readable.
    start_button = cell(where, twin, 0, 0)
    expect(start_button).to_have_text("S")
    fill, ink = start_button.evaluate("e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]")
    page_colour = where.evaluate("e => getComputedStyle(e.closest('.jp-OutputArea-output') || document.body)"
                                 ".backgroundColor")
    free = rgb(twin.styles["free"].button_color)
    assert fill not in ("rgb(255, 255, 255)", free, page_colour), f"the start cell is not filled: {fill}"
    assert contrast(ink, fill) >= 4.5, f"the start's letter is hard to read: {ink} on {fill}"
    # The mode and search labels sit beside their buttons.
    for label, first in (("Click to", "Set start"), ("Search", "BFS")):
        text = where.locator(".widget-label", has_text=re.compile(f"^{re.escape(label)}$"))
        expect(text).to_have_count(1)
        a, b = text.bounding_box(), button(where, first).bounding_box()
        assert a is not None and b is not None
        assert abs((a["y"] + a["height"] / 2) - (b["y"] + b["height"] / 2)) < 8 and a["x"] < b["x"], (
            f"the label {label!r} is not beside its buttons: {a} {b}")
    # Set the start and the target by clicking: their old cells are cleared.
    for target in (Coord(1, 1), Coord(4, 3)):
        cell(where, twin, *target).click()
        twin.buttons[target].click()
        expect_status(where, twin)
    for blocked in (Coord(2, 2), Coord(3, 2), Coord(2, 3)):
        cell(where, twin, *blocked).click()
        twin.buttons[blocked].click()
    expect_status(where, twin)
    shown = expect_grid(where, twin)
    assert shown.count("S") == 1 and shown.count("T") == 1
    expect(cell(where, twin, 0, 0)).to_have_text("")
    expect(cell(where, twin, 5, 4)).to_have_text("")
    # Blocking the target is refused, with the reason.
    cell(where, twin, 4, 3).click()
    twin.buttons[Coord(4, 3)].click()
    expect(status(where)).to_have_text("The target cannot be blocked: move it first.", timeout=WAIT_MS)
    # BFS: one step, then all of it.
    button(where, "BFS").click()
    twin.algorithm_buttons.value = "bfs"
    button(where, "Search").click()
    twin.run_button.click()
    expect_status(where, twin)
    for _ in range(2):  # the start is expanded first (it keeps its S), then a numbered cell
        button(where, "Step").click()
        twin.step_button.click()
    assert [t for t in expect_grid(where, twin) if t.isdigit()] == ["2"]
    button(where, "Show all").click()
    twin.all_button.click()
    expect_status(where, twin)
    expect(status(where)).to_contain_text("BFS: a shortest path of")
    bfs_numbers = {i for i, t in enumerate(expect_grid(where, twin)) if t.isdigit()}
    # A*: choosing it forgets BFS's numbers; its own search numbers fewer cells.
    button(where, "A*").click()
    twin.algorithm_buttons.value = "astar"
    shown = expect_grid(where, twin)
    assert not any(t.isdigit() for t in shown), f"BFS's numbers are left after choosing A*: {shown}"
    button(where, "Search").click()
    twin.run_button.click()
    button(where, "Show all").click()
    twin.all_button.click()
    expect_status(where, twin)
    expect(status(where)).to_contain_text("A*: a shortest path of")
    astar_numbers = {i for i, t in enumerate(expect_grid(where, twin)) if t.isdigit()}
    assert astar_numbers < bfs_numbers, "A* should number fewer cells than BFS here"
