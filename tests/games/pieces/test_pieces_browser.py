"""The pieces board (and the king's) in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


def written(twin: Any) -> set[str]:
    """The letters and glyphs the twin's picture writes on its cells (not the row and column numbers)."""
    import re

    return set(re.findall(r'font-size="(?:14.4|27)"[^>]*>([^<]*)</text>', twin.picture))


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_king_illegal_click_a_move_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.core import Coord
    from coursekit.render.svg import hit_key

    where, twin = board(page, "king"), build("king")
    start = twin.state.at
    expect_board(where, twin, "the king at the start")
    expect(where.locator(".ck-picture [data-piece='king']")).to_have_count(1)
    # An illegal click: the status says why, nothing moves.
    hit(where, "0,0")
    assert twin.click(Coord(0, 0)) is False
    expect(ck_status(where)).to_contain_text("Not allowed: the king moves one cell", timeout=WAIT_MS)
    expect_board(where, twin, "the king after an illegal click")
    # A move and the computer's answer: one king on the page, on the twin's cell.
    target = twin.rules.legal_moves(twin.state)[0]
    hit(where, hit_key(target))
    assert twin.click(target)
    expect(ck_status(where)).to_contain_text("The computer moved the king to", timeout=WAIT_MS)
    expect_board(where, twin, "the king after a move and the answer")
    expect(where.locator(".ck-picture [data-piece='king']")).to_have_count(1)
    # Hints on: P and N on the cells; off: no letter left.
    ck_control(where, "hints").check()
    twin.press("hints", True)
    expect_board(where, twin, "the king with hints")
    assert {"P", "N"} <= written(twin)
    ck_control(where, "hints").uncheck()
    twin.press("hints", False)
    expect_board(where, twin, "the king with the hints off")
    assert written(twin) == {"♔"}
    # New game: the king back on its start.
    ck_control(where, "new").click()
    twin.new_game()
    assert twin.state.at == start
    expect_board(where, twin, "the king after New game")


def test_king_keyboard_undo_replay_and_blocked_cells(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.core import Coord

    where, twin = board(page, "king-more"), build("king-more")
    expect_board(where, twin, "the king at the start")
    # The keyboard: from the king's cell [4, 3], the left arrow goes to [3, 3]; Enter moves there.
    ck_status(where).click()  # (in JupyterLab, as a person would: that makes the board's cell the active one)
    where.locator('.ck-picture [data-hit="4,3"]').focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    assert twin.click(Coord(3, 3))
    expect(ck_status(where)).to_contain_text("You moved the king to [3, 3].", timeout=WAIT_MS)
    expect_board(where, twin, "the king after Enter on [3, 3]")
    # The replay slider: the start again, nothing to click; then the game as it stands.
    slide(where, "replay", 0)
    twin.show_move(0)
    expect_board(where, twin, "the king replayed to the start")
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(0, timeout=WAIT_MS)
    slide(where, "replay", len(twin.steps))
    twin.show_move(len(twin.steps))
    expect_board(where, twin, "the king replayed to the end")
    ck_control(where, "undo").click()
    assert twin.undo()
    expect_board(where, twin, "the king after Undo")
    # Blocked cells: a new game with a fifth of the cells blocked, none of them clickable.
    slide(where, "blocked", 4)  # 4 steps of 5 %
    for percent in (5, 10, 15, 20):
        twin.press("blocked", percent)
    expect(ck_status(where)).to_contain_text("20% of the cells blocked", timeout=WAIT_MS)
    expect_board(where, twin, "the king with blocked cells")
    blocked = len(twin.state.grid.blocked)
    assert blocked == 4
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(20 - blocked, timeout=WAIT_MS)


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_three_player_queen_the_turn_lines_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.render.svg import hit_key

    where, twin = board(page, "pieces3"), build("pieces3")
    expect_board(where, twin, "three players at the start")
    expect(picture(where)).to_contain_text(twin.turn)
    ck_control(where, "hints").check()
    twin.press("hints", True)
    expect_board(where, twin, "three players with hints")
    letters = written(twin) - {"♕"}
    assert letters <= {"N", "O", "P", "Q"} and len(letters) >= 2
    target = twin.rules.legal_moves(twin.state)[0]  # [4, 2]: Blue and Green answer, the game goes on
    hit(where, hit_key(target))
    assert twin.click(target)
    assert "Green moved the queen to" in twin.status
    expect(ck_status(where)).to_contain_text("Blue moved the queen to", timeout=WAIT_MS)
    expect_board(where, twin, "three players after a move")  # the new position's hints, none of the old
    expect(picture(where)).to_contain_text(twin.turn)
    ck_control(where, "hints").uncheck()
    twin.press("hints", False)
    expect_board(where, twin, "three players with the hints off")
    assert written(twin) <= {"♕"}
    ck_control(where, "new").click()
    twin.new_game()
    expect_board(where, twin, "three players after New game")
    expect(picture(where)).to_contain_text(twin.turn)


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_pieces_colours_are_readable(page: Any) -> None:
    where = board(page, "pieces3")
    pairs = where.locator(".ck-picture text tspan, .ck-picture text").evaluate_all(
        "es => es.filter(e => e.textContent.trim() && e.getAttribute('fill'))"
        ".map(e => [getComputedStyle(e).fill, 'rgb(255, 255, 255)', e.getBoundingClientRect().top])")
    header = [(fill, background) for fill, background, _top in pairs if fill != "rgb(17, 17, 17)"]
    assert header
    for foreground, background in header:
        assert contrast(foreground, background) >= 4.5, (foreground, background)
