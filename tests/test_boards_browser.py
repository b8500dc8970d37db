"""Every board in a real browser with a live kernel: JupyterLab and Voila, Debian's chromium, Playwright.

One JupyterLab, then one Voila (each on a free 127.0.0.1 port, with its own configuration,
data and runtime folders) serves a notebook that creates every board, each with a fixed seed
and its own CSS class (``ck-board-NAME``); one chromium opens it and runs all its cells (in
JupyterLab with Run All, in Voila as the page loads). Every test runs against both. The tests then click
as a student would and check what the page shows (the cells' text and colour, the status
line, the pictures), never the Python values: a board that leaves anything stale on screen
(a ghost piece, hint letter, number or mark) fails.

Where a test needs to know what the computer will answer, it asks a twin: the same board,
built with the same arguments in this process and given the same clicks (the same seed and
the same clicks give the same game). The twin only says what to expect; the page is checked.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]
NOTEBOOK = "boards.ipynb"
#: How long the page may take to show what a click changed (the kernel answers in a few hundred ms).
WAIT_MS = 15_000

#: The notebook's setup cell, and each board's cell: the expression that builds it (the twins use it too).
SETUP = """\
from coursekit.core import Coord, Grid, Player, play
from coursekit.games.beans import Beans, article_strategy, random_strategy
from coursekit.widgets import (BasketBoard, BeansBoard, CrawlerBoard, KingBoard, PathBoard, PieceBoard,
                               PursuitBoard, ReplayBoard, TicTacToeBoard)
import random
"""
BOARDS: dict[str, str] = {
    "beans": "BeansBoard(3, 6, seed=1)",
    "king": "KingBoard(Grid(5, 4), seed=1)",
    "pieces3": "PieceBoard('queen', 5, 4, players=3, seed=2)",
    "path": "PathBoard(Grid(6, 5))",
    "pursuit": "PursuitBoard(6, 6, start=(Coord(0, 0), Coord(5, 5)), interval=200)",
    "replay": ("ReplayBoard(play(Beans(3, 6), [Player('A', article_strategy(random.Random(1))), "
               "Player('B', random_strategy(random.Random(2)))]))"),
    "tictactoe": "TicTacToeBoard(computer='random', seed=1)",
    "basket": "BasketBoard(computer='perfect', seed=1)",
    "crawler": "CrawlerBoard(4, 3, computer='random', seed=1)",
}


def build(name: str) -> Any:
    """The twin of the board ``name``: built in this process exactly as the notebook builds it."""
    namespace: dict[str, Any] = {}
    exec(SETUP, namespace)
    return eval(BOARDS[name], namespace)


def notebook() -> dict[str, Any]:
    """One cell a board, each board given the CSS class ``ck-board-NAME`` and shown last in its cell."""

    def code(source: str) -> dict[str, Any]:
        return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}

    cells = [code(SETUP)]
    for name, expression in BOARDS.items():
        cells.append({"cell_type": "markdown", "metadata": {}, "source": f"## {name}"})
        cells.append(code(f"board = {expression}\nboard.add_class('ck-board-{name}')\nboard"))
    return {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


FRONT_ENDS = ("jupyterlab", "voila")


@pytest.fixture(scope="module", params=FRONT_ENDS)
def lab(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab or Voila serving the boards' notebook; the page's address. The server's process
    group is killed at the end."""
    front_end = request.param
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (Debian: apt-get install chromium): the boards' browser tests need it")
    bin_dir = Path(sys.executable).parent
    program = "jupyter-lab" if front_end == "jupyterlab" else "voila"
    if shutil.which(program, path=str(bin_dir)) is None:
        pytest.skip(f"{front_end} is not installed in this environment: the boards' browser tests need it")
    root = tmp_path_factory.mktemp("boards")
    (root / NOTEBOOK).write_text(json.dumps(notebook(), indent=1), encoding="utf-8")
    folders = {name: root / f".{name}" for name in ("config", "data", "runtime")}
    for folder in folders.values():
        folder.mkdir()
    # No news pop-up, and every cell kept in the page (not only the visible ones).
    overrides = {
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
        "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    }
    (folders["config"] / "labconfig").mkdir()
    (folders["config"] / "labconfig" / "default_setting_overrides.json").write_text(json.dumps(overrides))
    port = free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(folders["config"]), JUPYTER_DATA_DIR=str(folders["data"]),
               JUPYTER_RUNTIME_DIR=str(folders["runtime"]), PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
               JUPYTER_PLATFORM_DIRS="1")
    log = (root / "lab.log").open("w")
    command = ([str(bin_dir / "jupyter-lab"), "--no-browser", "--allow-root", f"--port={port}",
                "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
                "--ServerApp.password=", f"--ServerApp.root_dir={root}"] if front_end == "jupyterlab"
               else [str(bin_dir / "voila"), NOTEBOOK, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                     "--ServerApp.port_retries=0"])
    server = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    ready = url + "api" if front_end == "jupyterlab" else url + "voila/static/voila.js"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(ready, timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"{front_end} did not start:\n" + (root / "lab.log").read_text()[-3000:])
            time.sleep(0.3)
        yield url if front_end == "voila" else f"{url}lab/tree/{NOTEBOOK}?reset"
    finally:
        try:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()


@pytest.fixture(scope="module")
def page(lab: str) -> Iterator[Any]:
    """The notebook open in chromium, all its cells run, every board drawn."""
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(lab)
            if "/lab/" in lab:  # JupyterLab: run the cells once the kernel is connected and idle
                panel = page.locator(".jp-NotebookPanel:visible")
                expect(panel.locator(".jp-Cell").first).to_be_visible(timeout=60_000)
                expect(page.get_by_text("Python 3 (ipykernel) | Idle")).to_be_visible(timeout=60_000)
                page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
                page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
            # (Voila runs every cell as the page loads.)
            for name in BOARDS:
                expect(page.locator(f".ck-board-{name}")).to_be_visible(timeout=60_000)
            assert not errors, f"script errors in the page: {errors}"
            yield page
        finally:
            browser.close()


# Reading the page ---------------------------------------------------------------------------


def board(page: Any, name: str) -> Any:
    """The board ``name`` on the page (its outermost box carries the class ``ck-board-NAME``)."""
    return page.locator(f".ck-board-{name}")


def cells(where: Any) -> Any:
    """A board's cell buttons, in the order of its grid: the top row first, left to right."""
    return where.locator(".widget-gridbox > button")


def cell(where: Any, twin: Any, x: int, y: int) -> Any:
    """The button of cell ``(x, y)`` (``(0, 0)`` at the bottom left), found by its place in the grid."""
    width = max(c.x for c in twin.buttons) + 1
    height = max(c.y for c in twin.buttons) + 1
    return cells(where).nth((height - 1 - y) * width + x)


def status(where: Any) -> Any:
    """A board's status line: its last label of the outermost box."""
    return where.locator(":scope > .widget-label").last


def button(where: Any, text: str) -> Any:
    """A button (or toggle button) by its visible text."""
    return where.get_by_role("button", name=text, exact=True)


def rgb(colour: str) -> str:
    """``"#7fc97f"`` as the browser computes it: ``"rgb(127, 201, 127)"``."""
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(2 * c for c in value)
    return "rgb({}, {}, {})".format(*(int(value[i:i + 2], 16) for i in (0, 2, 4)))


def twin_grid(twin: Any) -> list[Any]:
    import ipywidgets as widgets

    return [child for child in twin.grid_box.children if isinstance(child, widgets.Button)]


def settle(read: Callable[[], Any], want: Any, what: str) -> None:
    """Wait until ``read()`` gives ``want`` (the kernel's updates arrive one message at a time)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while (got := read()) != want:
        if time.monotonic() > deadline:
            assert got == want, what
        time.sleep(0.1)


def expect_grid(where: Any, twin: Any) -> list[str]:
    """Every cell shows what the twin's cell says, in text and background colour; the texts shown."""
    from playwright.sync_api import expect

    from coursekit.widgets._grid import shown

    buttons = twin_grid(twin)
    texts = [shown(b) for b in buttons]
    try:
        expect(cells(where)).to_have_text(texts, timeout=WAIT_MS)
    except AssertionError:
        on_page = [t.strip() for t in cells(where).all_text_contents()]
        where_is = {id(b): c for c, b in twin.buttons.items()}
        wrong = [f"{where_is[id(b)]} shows {got!r} instead of {want!r}"
                 for b, got, want in zip(buttons, on_page, texts, strict=True) if got != want]
        raise AssertionError("stale or wrong cells on the page: " + "; ".join(wrong)) from None
    colours = [rgb(b.style.button_color) for b in buttons]
    settle(lambda: cells(where).evaluate_all("es => es.map(e => getComputedStyle(e).backgroundColor)"), colours,
           "the cells' colours are not the board's")
    return [t.strip() for t in cells(where).all_text_contents()]


def expect_status(where: Any, twin: Any) -> None:
    from playwright.sync_api import expect

    expect(status(where)).to_have_text(twin.status, timeout=WAIT_MS)


def picture_signature(svg: str) -> tuple[str, list[str]]:
    """What an SVG picture says (its text) and what it draws (its elements, sorted)."""
    text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", svg))).strip()
    return text, sorted(re.findall(r"<([a-z]+)[\s>/]", svg))


def shown_picture(picture: Any) -> tuple[str, list[str]]:
    svg = picture.evaluate("e => e.querySelector('svg') ? e.querySelector('svg').outerHTML : ''")
    return picture_signature(svg)


def expect_picture(picture: Any, twin_picture: Any, what: str) -> None:
    want = picture_signature(twin_picture.value)
    settle(lambda: shown_picture(picture), want, f"{what}: the picture is not the board's")


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two computed CSS colours (``"rgb(r, g, b)"``)."""

    def luminance(colour: str) -> float:
        channels = [int(v) / 255 for v in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# The boards ---------------------------------------------------------------------------------


def test_beans_a_move_the_answer_disabled_buttons_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "beans"), build("beans")
    picture = where.locator(".widget-html").first
    expect_picture(picture, twin.picture, "beans at the start")
    start_status = twin.status
    while not twin.buttons["white"].disabled:  # take white beans until none is left
        button(where, "take 1 white").click()
        assert twin.click("white")
        expect_status(where, twin)
        expect(status(where)).to_contain_text("The computer took")
        expect_picture(picture, twin.picture, "beans after take 1 white")
    for twin_button in twin.buttons.values():
        shown_button = button(where, twin_button.description)
        if twin_button.disabled:
            expect(shown_button).to_be_disabled(timeout=WAIT_MS)
        else:
            expect(shown_button).to_be_enabled(timeout=WAIT_MS)
    # The greyed-out button does nothing.
    button(where, "take 1 white").click(force=True)
    expect_status(where, twin)
    expect_picture(picture, twin.picture, "beans after a click on a greyed-out button")
    button(where, "New game").click()
    twin.new_game()
    expect(status(where)).to_have_text(start_status, timeout=WAIT_MS)
    expect_picture(picture, twin.picture, "beans after New game")
    expect(button(where, "take 1 white")).to_be_enabled()


def test_king_illegal_click_a_move_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.core import Coord

    where, twin = board(page, "king"), build("king")
    king = twin.state.at
    shown = expect_grid(where, twin)
    assert shown.count("♔") == 1
    # An illegal click: the status says why, nothing moves.
    cell(where, twin, 0, 0).click()
    assert not twin.click(Coord(0, 0))
    expect_status(where, twin)
    expect(status(where)).to_contain_text("Not allowed: the king moves one cell")
    expect_grid(where, twin)
    # A move and the computer's answer: the king's old cells show nothing.
    target = twin.rules.legal_moves(twin.state)[0]
    cell(where, twin, *target).click()
    assert twin.click(target)
    expect_status(where, twin)
    expect(status(where)).to_contain_text("The computer moved the king to")
    shown = expect_grid(where, twin)
    assert shown.count("♔") == 1, f"more than one king on the page: {shown}"
    expect(cell(where, twin, *king)).to_have_text("")
    expect(cell(where, twin, *target)).to_have_text("")
    # Hints on: P and N on the cells; off: no letter left.
    button(where, "Hints: P/N").click()
    twin.hints = True
    shown = expect_grid(where, twin)
    assert {"P", "N"} <= set(shown)
    button(where, "Hints: P/N").click()
    twin.hints = False
    shown = expect_grid(where, twin)
    assert set(shown) == {"", "♔"}, f"hint letters left after hints off: {shown}"
    # New game: the king back on its start, nothing else on the board.
    button(where, "New game").click()
    twin.new_game()
    expect_status(where, twin)
    expect(cell(where, twin, *king)).to_have_text("♔")
    assert set(expect_grid(where, twin)) == {"", "♔"}


def test_three_player_queen_the_turn_line_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "pieces3"), build("pieces3")
    turn = where.locator(":scope > .widget-html").first
    expect(turn).to_contain_text(twin.turn)
    start = twin.state.at
    button(where, "Hints: N/O/P/Q").click()
    twin.hints = True
    shown = expect_grid(where, twin)
    assert set(shown) - {"", "♕"} <= {"N", "O", "P", "Q"} and len(set(shown) - {"", "♕"}) >= 2
    target = twin.rules.legal_moves(twin.state)[-1]
    cell(where, twin, *target).click()
    assert twin.click(target)
    expect_status(where, twin)
    expect(status(where)).to_contain_text("Blue moved the queen to")
    expect(turn).to_contain_text(twin.turn)
    shown = expect_grid(where, twin)  # the hints of the new position, none of the old ones
    assert shown.count("♕") <= 1
    button(where, "Hints: N/O/P/Q").click()
    twin.hints = False
    shown = expect_grid(where, twin)
    assert set(shown) <= {"", "♕"}, f"hint letters left after hints off: {shown}"
    button(where, "New game").click()
    twin.new_game()
    expect_status(where, twin)
    expect(turn).to_contain_text(twin.turn)
    expect(cell(where, twin, *start)).to_have_text("♕")
    assert set(expect_grid(where, twin)) == {"", "♕"}


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


def winning_clicks(name: str) -> list[Any]:
    """Clicks that beat the board's computer (the twin plays its best move against the seeded computer)."""
    twin = build(name)
    clicks = []
    while not twin.is_over:
        values = twin.move_values()
        move = max(values, key=lambda m: values[m])
        clicks.append(move)
        twin.click(move)
    assert twin.winner == "You", f"this seed does not let X win against the computer: choose another ({twin.status})"
    return clicks


def test_tictactoe_marks_answers_hints_the_winning_line_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.widgets.tictactoe import LINE_COLOUR

    where, twin = board(page, "tictactoe"), build("tictactoe")
    clicks = winning_clicks("tictactoe")
    # The first mark and the computer's answer.
    cell(where, twin, *clicks[0]).click()
    assert twin.click(clicks[0])
    expect_status(where, twin)
    expect(status(where)).to_contain_text("The computer (O) marked")
    shown = expect_grid(where, twin)
    assert sorted(t for t in shown if t) == ["O", "X"]
    # A click on a taken cell is refused, with the reason.
    cell(where, twin, *clicks[0]).click()
    assert not twin.click(clicks[0])
    expect(status(where)).to_contain_text(f"Not allowed: {clicks[0]} is taken: X marked it")
    # Hints on: W, D or L on every empty cell; off: none left.
    button(where, "Hints: W/D/L").click()
    twin.hints = True
    expect_status(where, twin)
    shown = expect_grid(where, twin)
    assert all(t in "WDL" and t for t in shown if t not in ("X", "O"))
    button(where, "Hints: W/D/L").click()
    twin.hints = False
    shown = expect_grid(where, twin)
    assert sorted(t for t in shown if t) == ["O", "X"], f"hint letters left after hints off: {shown}"
    # Play on to the win: the winning line is highlighted and underlined.
    for move in clicks[1:]:
        cell(where, twin, *move).click()
        assert twin.click(move)
        expect_status(where, twin)
    expect(status(where)).to_contain_text("You win!")
    expect_grid(where, twin)
    for x, y in twin.state.line:
        line_cell = cell(where, twin, x, y)
        expect(line_cell).to_have_text("X")
        expect(line_cell).to_have_css("background-color", rgb(LINE_COLOUR))
        expect(line_cell).to_have_css("text-decoration-line", "underline")
    # New game: every mark gone.
    button(where, "New game").click()
    twin.new_game()
    expect_status(where, twin)
    assert set(expect_grid(where, twin)) == {""}, "marks left after New game"


def test_basket_put_balls_the_picture_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    where, twin = board(page, "basket"), build("basket")
    picture = where.locator(":scope > .widget-html").first
    hint_box = where.locator(":scope > .widget-html").last
    expect_picture(picture, twin.picture, "the basket at the start")

    def row(colour: str) -> Any:
        return where.locator(".widget-hbox").filter(has=page.locator(".widget-html", has_text=f"{colour} ("))

    expect(row("red")).to_have_count(1)
    row("red").get_by_role("button", name="put 3").click()
    assert twin.click(0, 3)
    expect_status(where, twin)
    expect(status(where)).to_contain_text("You put 3 red")
    expect_picture(picture, twin.picture, "the basket after put 3 red")
    for colour, left in zip(("red", "blue", "green"), twin.state.left, strict=True):
        expect(row(colour)).to_contain_text(f"{left} left")
    expect(row("red").get_by_role("button", name="put 1")).to_be_disabled()
    # A move that is no longer possible is greyed out; clicking it does nothing.
    row("red").get_by_role("button", name="put 1").click(force=True)
    expect_status(where, twin)
    # Hints on: the Nim sum and the winning moves marked ✓; off: no ✓ and no table left.
    button(where, "Nim-sum hints").click()
    twin.hints = True
    expect(hint_box).to_contain_text("Nim sum", timeout=WAIT_MS)
    winning = [move for move, b in twin.buttons.items() if b.description.endswith("✓")]
    marked = where.locator("button", has_text="✓")
    expect(marked).to_have_count(len(winning), timeout=WAIT_MS)
    button(where, "Nim-sum hints").click()
    twin.hints = False
    expect(marked).to_have_count(0, timeout=WAIT_MS)
    expect(hint_box).to_have_text("", timeout=WAIT_MS)
    # New game: every colour full again, the picture as at the start.
    button(where, "New game").click()
    twin.new_game()
    expect_status(where, twin)
    expect_picture(picture, twin.picture, "the basket after New game")
    for colour in ("red", "blue", "green"):
        expect(row(colour)).to_contain_text("3 left")


def test_crawler_two_clicks_for_the_first_segment_hints_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.core import Coord

    where, twin = board(page, "crawler"), build("crawler")
    picture = where.locator(".widget-html").first
    expect_grid(where, twin)
    expect_picture(picture, twin.picture, "the lattice at the start")
    a, b, far = Coord(1, 1), Coord(2, 1), Coord(3, 2)
    # First click chooses a point; the same point again cancels it.
    cell(where, twin, *a).click()
    assert twin.click(a)
    expect_status(where, twin)
    expect(cell(where, twin, *a)).to_have_text("●")
    cell(where, twin, *a).click()
    assert twin.click(a)
    expect_status(where, twin)
    expect(cell(where, twin, *a)).to_have_text("·")
    # Choose it again; a point that is not a neighbour is refused.
    cell(where, twin, *a).click()
    assert twin.click(a)
    cell(where, twin, *far).click()
    assert not twin.click(far)
    expect(status(where)).to_contain_text("are not neighbours", timeout=WAIT_MS)
    # A neighbour draws the first segment; the computer answers.
    cell(where, twin, *b).click()
    assert twin.click(b)
    expect_status(where, twin)
    expect(status(where)).to_contain_text("The computer drew")
    shown = expect_grid(where, twin)
    assert "●" not in shown, "the chosen point's mark is left after the move"
    expect_picture(picture, twin.picture, "the lattice after two moves")
    # Hints on and off: no W left.
    button(where, "Hints: W closes").click()
    twin.hints = True
    expect_status(where, twin)
    expect_grid(where, twin)
    button(where, "Hints: W closes").click()
    twin.hints = False
    expect_status(where, twin)
    assert "W" not in expect_grid(where, twin)
    # New game: an empty lattice, nothing of the old line.
    button(where, "New game").click()
    twin.new_game()
    expect_status(where, twin)
    assert set(expect_grid(where, twin)) == {"·"}, "points of the old line left after New game"
    expect_picture(picture, twin.picture, "the lattice after New game")
