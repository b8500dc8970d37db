"""The minesweeper boards (one and two players) in a real browser with a live kernel (JupyterLab
and Voila): see ``browser.py``.

Each test clicks as a person would and checks what the page shows against a twin (the same
board built here, given the same clicks). The page must never hold a hidden mine while the
game goes on: its cell's group (``data-cell``) has no disc, whatever the board shows.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import *

from coursekit.core import Coord
from coursekit.games.minesweeper import probabilities

pytestmark = pytest.mark.slow


def key(cell: Coord) -> str:
    return f"{cell.x},{cell.y}"


def safe_cell(twin: Any) -> Coord:
    """A hidden cell the chances prove safe, else (peeking at the twin's mines) a lucky one."""
    board = twin.state.board
    chances = probabilities(board)
    proven = [c for c, p in chances.items() if p == 0 and c not in board.flags]
    return proven[0] if proven else next(c for c in board.hidden() if c not in twin.state.mines
                                         and c not in board.flags)


def expect_no_hidden_mine_on_the_page(where: Any, twin: Any) -> None:
    """No hidden mine's cell on the page has a disc (the page's own picture, not the twin's)."""
    state = twin.state
    seen = getattr(state, "seen", None)
    hidden = state.mines - state.board.told - (seen.discovered if seen is not None else frozenset())
    for mine in hidden:
        assert where.locator(f'.ck-picture [data-cell="{key(mine)}"] circle').count() == 0, mine


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_mines_reveal_flag_mode_a_refused_click_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "mines"), build("mines")
    expect_board(where, twin, "minesweeper at the start")
    start = twin.status
    hit(where, "0,0")
    assert twin.click((0, 0))
    expect(ck_status(where)).to_contain_text("You revealed [0, 0]: 0, which opened", timeout=WAIT_MS)
    expect_board(where, twin, "minesweeper after the first reveal")
    expect_no_hidden_mine_on_the_page(where, twin)
    cell = twin.state.board.hidden()[0]
    ck_control(where, "flag").check()
    twin.press("flag", True)
    expect_board(where, twin, "minesweeper in Flag mode")
    hit(where, key(cell))
    assert twin.click(cell)
    expect(ck_status(where)).to_contain_text(f"You put a flag on {cell}", timeout=WAIT_MS)
    expect_board(where, twin, "minesweeper with a flag")
    expect(where.locator(f'.ck-picture [data-cell="{key(cell)}"] text')).to_have_text("\u2691")
    ck_control(where, "flag").uncheck()
    twin.press("flag", False)
    hit(where, key(cell))  # a flagged cell is not revealed: the status line says why
    assert twin.click(cell) is False
    expect(ck_status(where)).to_contain_text(f"Not allowed: {cell} has a flag", timeout=WAIT_MS)
    expect_board(where, twin, "minesweeper after a refused click")
    expect_no_hidden_mine_on_the_page(where, twin)
    ck_control(where, "new").click()
    twin.new_game()
    expect(ck_status(where)).to_have_text(start, timeout=WAIT_MS)
    expect_board(where, twin, "minesweeper after New game")


def test_mines_hints_the_keyboard_undo_and_replay(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "mines-keys"), build("mines-keys")
    expect_board(where, twin, "minesweeper at the start")
    ck_control(where, "hints").check()
    twin.press("hints", True)
    expect_board(where, twin, "minesweeper with hints")
    expect(picture(where)).to_contain_text("17%")  # 5 mines in 30 cells
    # The keyboard: from 0,0 the right arrow goes to 1,0; Enter reveals it.
    ck_status(where).click()  # (in JupyterLab, as a person would: that makes the board's cell the active one)
    where.locator('.ck-picture [data-hit="0,0"]').focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert twin.click((1, 0))
    expect(ck_status(where)).to_contain_text("You revealed [1, 0]", timeout=WAIT_MS)
    expect_board(where, twin, "minesweeper after Enter on 1,0")
    expect_no_hidden_mine_on_the_page(where, twin)
    best = twin.best()
    assert best is not None
    expect(picture(where)).to_contain_text(f"Underlined ({best})")
    ck_control(where, "hints").uncheck()
    twin.press("hints", False)
    expect_board(where, twin, "minesweeper with the hints off")
    expect(picture(where)).not_to_contain_text("%")
    cell = safe_cell(twin)
    hit(where, key(cell))
    assert twin.click(cell)
    expect_board(where, twin, "minesweeper after a second reveal")
    slide(where, "replay", 1)
    twin.show_move(1)
    expect_board(where, twin, "minesweeper replayed to move 1")
    expect(ck_status(where)).to_contain_text("Move 1 of 2", timeout=WAIT_MS)
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(0, timeout=WAIT_MS)
    slide(where, "replay", 2)
    twin.show_move(2)
    expect_board(where, twin, "minesweeper replayed to the end")
    ck_control(where, "undo").click()
    assert twin.undo()
    expect(ck_status(where)).to_contain_text("Took back your move", timeout=WAIT_MS)
    expect_board(where, twin, "minesweeper after Undo")


def test_mines_watch_the_computer_step_and_run(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "mines-watch"), build("mines-watch")
    expect_board(where, twin, "minesweeper watched at the start")
    expect(where.locator(".ck-picture [data-hit]")).to_have_count(0)
    ck_control(where, "step").click()
    assert twin.step()
    expect(ck_status(where)).to_contain_text("The computer revealed", timeout=WAIT_MS)
    expect_board(where, twin, "minesweeper after Step")
    expect_no_hidden_mine_on_the_page(where, twin)
    ck_control(where, "run").click()
    while twin.step():
        pass
    expect(ck_status(where)).to_contain_text("The computer won", timeout=WAIT_MS)
    expect_board(where, twin, "minesweeper played to the end by ▶ Run")
    expect(ck_control(where, "run")).to_have_text("▶ Run", timeout=WAIT_MS)
    expect(where.locator(".ck-picture circle")).to_have_count(3)  # the end: the three mines are shown


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_minesduel_a_reveal_the_answer_a_refused_click_hints_undo_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "minesduel"), build("minesduel")
    expect_board(where, twin, "two-player minesweeper at the start")
    start = twin.status
    hit(where, "0,0")
    assert twin.click((0, 0))
    expect(ck_status(where)).to_contain_text("The computer revealed", timeout=WAIT_MS)
    expect_board(where, twin, "two-player minesweeper after a reveal and the answer")
    expect_no_hidden_mine_on_the_page(where, twin)
    hit(where, "0,0")  # revealed already
    assert twin.click((0, 0)) is False
    expect(ck_status(where)).to_contain_text("Not allowed: [0, 0] is already revealed", timeout=WAIT_MS)
    expect_board(where, twin, "two-player minesweeper after a refused click")
    ck_control(where, "hints").check()
    twin.press("hints", True)
    expect_board(where, twin, "two-player minesweeper with hints")
    expect(picture(where)).to_contain_text("%")
    ck_control(where, "hints").uncheck()
    twin.press("hints", False)
    expect_board(where, twin, "two-player minesweeper with the hints off")
    ck_control(where, "undo").click()
    assert twin.undo()
    expect_board(where, twin, "two-player minesweeper after Undo")
    ck_control(where, "new").click()
    twin.new_game()
    expect(ck_status(where)).to_have_text(start, timeout=WAIT_MS)
    expect_board(where, twin, "two-player minesweeper after New game")


def test_minesduel_discoveries_are_lettered_and_two_computers_play(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "minesduel-watch"), build("minesduel-watch")
    for _ in range(12):  # reveal safe cells until somebody discovers a mine
        if twin.is_over or twin.state.seen.discovered:
            break
        cell = safe_cell(twin) if twin.state.mines else Coord(0, 0)
        hit(where, key(cell))
        assert twin.click(cell)
        expect_board(where, twin, f"two-player minesweeper after {cell}")
        expect_no_hidden_mine_on_the_page(where, twin)
    seen = twin.state.seen
    assert seen.discovered, "the seeded game should give a discovery"
    for player, found in enumerate(seen.found):
        for cell in found:  # lettered A or B on the page, not told by colour alone
            expect(where.locator(f'.ck-picture [data-cell="{key(cell)}"] text')).to_have_text("AB"[player])
    ck_control(where, "seat0").select_option("random")
    twin.press("seat0", "random")
    expect_board(where, twin, "two computers")
    ck_control(where, "step").click()
    assert twin.step()
    expect_board(where, twin, "two computers after Step")
    ck_control(where, "run").click()
    while twin.step():
        pass
    expect(ck_status(where)).to_contain_text("The mines are shown", timeout=WAIT_MS)
    expect_board(where, twin, "two computers played to the end by ▶ Run")


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_mines_colours_are_readable(page: Any) -> None:
    where = board(page, "mines")
    pairs = where.locator(".ck-status, .ck-control button.ck-input").evaluate_all(
        """es => es.map(e => {
            let b = e, bg = 'rgba(0, 0, 0, 0)';
            while (b && (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent')) {
                bg = getComputedStyle(b).backgroundColor; b = b.parentElement; }
            return [getComputedStyle(e).color, bg === 'rgba(0, 0, 0, 0)' ? 'rgb(255, 255, 255)' : bg]; })""")
    assert pairs
    for foreground, background in pairs:
        assert contrast(foreground, background) >= 4.5, (foreground, background)
