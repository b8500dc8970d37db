"""The paths board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


def shown_numbers(where: Any) -> list[str]:
    """The expanded cells' numbers the page shows (the row and column labels are grey, #555)."""
    texts = picture(where).locator("svg text:not([fill='#555'])").all_text_contents()
    return [t for t in texts if t.isdigit()]


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_path_cells_then_bfs_then_astar_without_old_numbers(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "path"), build("path")
    expect_board(where, twin, "the path board at the start")
    # The start cell is filled and its letter readable.
    letter = picture(where).locator("svg text", has_text=re.compile("^S$"))
    expect(letter).to_have_count(1)
    ink = letter.evaluate("e => getComputedStyle(e).fill")
    fill = picture(where).locator('[data-hit="0,0"] rect').evaluate("e => getComputedStyle(e).fill")
    assert fill not in ("rgb(255, 255, 255)", "rgb(244, 244, 244)"), f"the start cell is not filled: {fill}"
    assert contrast(ink, fill) >= 4.5, f"the start's letter is hard to read: {ink} on {fill}"
    # Each list's label sits beside it, on the same line.
    for name, label in (("mode", "Click to"), ("algorithm", "Search")):
        wrap = where.locator(f'.ck-control[data-name="{name}"]')
        expect(wrap.locator(".ck-label")).to_have_text(label)
        a, b = wrap.locator(".ck-label").bounding_box(), ck_control(where, name).bounding_box()
        assert a is not None and b is not None
        assert abs((a["y"] + a["height"] / 2) - (b["y"] + b["height"] / 2)) < 8 and a["x"] < b["x"], (
            f"the label {label!r} is not beside its list: {a} {b}")
    # The status names only controls the board has.
    for named in ("Step", "▶ Run", "Show all"):
        assert named in twin.status
        expect(where.locator(".ck-control button.ck-input", has_text=named)).to_have_count(1)
    # Set the start and the target by clicking: their old cells are cleared.
    for key in ("1,1", "4,3"):
        hit(where, key)
        twin.hit(key)
        expect_board(where, twin, f"after a click on {key}")
    for key in ("2,2", "3,2", "2,3"):
        hit(where, key)
        twin.hit(key)
    expect_board(where, twin, "after blocking three cells")
    letters = picture(where).locator("svg text").all_text_contents()
    assert letters.count("S") == 1 and letters.count("T") == 1
    # Blocking the target is refused, with the reason.
    hit(where, "4,3")
    twin.hit("4,3")
    expect(ck_status(where)).to_contain_text("The target cannot be blocked: move it first.", timeout=WAIT_MS)
    expect_board(where, twin, "after a refused click")
    # BFS: two steps (the start is expanded first and keeps its S), then all of it.
    ck_control(where, "algorithm").select_option("BFS")
    twin.press("algorithm", "BFS")
    expect_board(where, twin, "BFS chosen")
    for _ in range(2):
        ck_control(where, "step").click()
        twin.press("step")
        expect_board(where, twin, "after Step")
    assert shown_numbers(where) == ["2"]
    ck_control(where, "all").click()
    twin.press("all")
    expect_board(where, twin, "BFS shown whole")
    expect(ck_status(where)).to_contain_text("BFS: a shortest path of")
    bfs_numbers = shown_numbers(where)
    # A*: choosing it forgets BFS's numbers; ▶ Run then shows its search to the end, fewer cells.
    ck_control(where, "algorithm").select_option("A*")
    twin.press("algorithm", "A*")
    expect_board(where, twin, "A* chosen")
    assert shown_numbers(where) == [], "BFS's numbers are left after choosing A*"
    slide(where, "speed", 1)
    twin.press("speed", 50)
    ck_control(where, "run").click()
    expect(ck_status(where)).to_contain_text("A*: a shortest path of", timeout=WAIT_MS)
    expect(ck_control(where, "run")).to_have_text("▶ Run", timeout=WAIT_MS)  # back to ▶ Run at the end
    twin.show_all()
    expect_board(where, twin, "A* run to its end")
    astar_numbers = shown_numbers(where)
    assert len(astar_numbers) < len(bfs_numbers), "A* should number fewer cells than BFS here"
    # The slider goes back through the search.
    slide(where, "shown", 3)
    twin.press("shown", 3)
    expect_board(where, twin, "three cells shown")
