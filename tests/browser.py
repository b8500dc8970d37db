"""The harness of the boards' browser tests: every board in a real browser with a live kernel.

JupyterLab and Voila, Debian's chromium, Playwright. Each game's tests are in its own ``test_browser_GAME.py``;
the server and the page are the session's fixtures (``conftest.py``).

One JupyterLab, then one Voila (each on a free 127.0.0.1 port, with its own configuration,
data and runtime folders) serves a notebook that creates every board, each with a fixed seed
and its own CSS class (``ck-board-NAME``); one chromium opens it and runs all its cells (in
JupyterLab with Run All, in Voila as the page loads). Every test runs in JupyterLab; those marked
``voila`` in Voila as well (``conftest.py``: each board's first test, accessibility, the replay). The tests click
as a student would and check what the page shows (the picture's text and shapes, the status
line, the controls), never the Python values: a board that leaves anything stale on screen
(a ghost piece, hint letter, number or mark) fails.

Where a test needs to know what the computer will answer, it asks a twin: the same board,
built with the same arguments in this process and given the same clicks (the same seed and
the same clicks give the same game). The twin only says what to expect; the page is checked.
"""

from __future__ import annotations

import contextlib
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
from coursekit.boards import (BasketBoard, BeansBoard, BullsBoard, CornersBoard, CrawlerBoard, KingBoard,
                               MinesBoard, MinesDuelBoard, PathBoard, PieceBoard, PursuitBoard, ReplayBoard,
                               TicTacToeBoard, WordsBoard)
import random
"""
BOARDS: dict[str, str] = {
    "beans": "BeansBoard(3, 6, seed=1)",
    "beans-keys": "BeansBoard(3, 6, seed=2)",
    "beans-watch": "BeansBoard(3, 6, seed=3)",
    "beans-slow": "BeansBoard(3, 6, seed=4, speed=1500)",
    "king": "KingBoard(Grid(5, 4), seed=1)",
    "king-more": "KingBoard(Grid(5, 4), seed=2)",
    "pieces3": "PieceBoard('queen', 5, 4, players=3, seed=2)",
    "path": "PathBoard(Grid(6, 5))",
    "pursuit": "PursuitBoard(6, 6, start=(Coord(0, 0), Coord(5, 5)), interval=200)",
    "pursuit-you": "PursuitBoard(8, 8, prey='you', start=(Coord(0, 0), Coord(6, 6)), blocked=[Coord(2, 2)])",
    "replay": ("ReplayBoard(play(Beans(3, 6), [Player('A', article_strategy(random.Random(1))), "
               "Player('B', random_strategy(random.Random(2)))]))"),
    "replay-king": ("ReplayBoard(play(__import__('coursekit').OneWayKing(Grid(5, 4)), "
                    "[Player('A', random_strategy(random.Random(3))), "
                    "Player('B', random_strategy(random.Random(4)))]), interval=200)"),
    "tictactoe": "TicTacToeBoard(computer='random', seed=1)",
    "tictactoe-undo": "TicTacToeBoard(computer='perfect', seed=2)",
    "tictactoe-tree": "TicTacToeBoard(4, 3, 4, players=3, computer='random', seed=1)",
    "basket": "BasketBoard(computer='perfect', seed=1)",
    "basket-source": "BasketBoard(computer='source', depth=3, seed=2)",
    "crawler": "CrawlerBoard(4, 3, computer='random', seed=1)",
    "crawler-watch": "CrawlerBoard(4, 3, computer='random', seed=2)",
    "mines": "MinesBoard(width=5, height=4, mines=3, seed=0)",
    "mines-keys": "MinesBoard(width=6, height=5, mines=5, seed=2)",
    "mines-watch": "MinesBoard(width=5, height=4, mines=3, computer='probability', seed=1, speed=100)",
    "minesduel": "MinesDuelBoard(width=5, height=4, mines=3, computer='safest', seed=0)",
    "minesduel-watch": "MinesDuelBoard(width=5, height=4, mines=3, computer='safest', seed=7, speed=100)",
    "words": "WordsBoard(top=300, seed=1)",
    "words-keys": "WordsBoard(top=300, seed=2)",
    "words-watch": "WordsBoard(top=300, seed=3, guesser='splitting', interval=100)",
    "bulls": "BullsBoard(3, 6, seed=1)",
    "bulls-mutual": "BullsBoard(3, 6, mutual=True, computer='minimax', seed=2)",
    "bulls-watch": "BullsBoard(3, 6, seed=3, watch=True, speed=100)",
    "corners": "CornersBoard(computer='fixed', seed=1)",
    "corners-chain": ("CornersBoard(9, computer='fixed', seed=1, start=__import__('coursekit.games.corners', "
                      "fromlist=['Corners']).Corners(9).position('B.......\\n........\\n........\\n........"
                      "\\n....W...\\n........\\n....W...\\n....W...'))"),
}


def chosen_boards() -> dict[str, str]:
    """The boards the notebook makes: all of them, or those whose names start with one of the
    comma-separated prefixes in ``COURSEKIT_TEST_BOARDS`` (to work on a few boards at a time)."""
    wanted = [w.strip() for w in os.environ.get("COURSEKIT_TEST_BOARDS", "").split(",") if w.strip()]
    return {name: e for name, e in BOARDS.items() if not wanted or any(name.startswith(w) for w in wanted)}


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
    for name, expression in chosen_boards().items():
        cells.append({"cell_type": "markdown", "metadata": {}, "source": f"## {name}"})
        cells.append(code(f"board = {expression}\nboard.add_class('ck-board-{name}')\nboard"))
    return {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }



def stop_server(server: subprocess.Popen[Any]) -> None:
    """End a server started in a session of its own (``start_new_session``): its whole process group, politely
    first, then by force after 10 s."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


FRONT_ENDS = ("jupyterlab", "voila")


def serve(front_end: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab or Voila serving the boards' notebook; the page's address. The server's process
    group is killed at the end."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (Debian: apt-get install chromium): the boards' browser tests need it")
    bin_dir = Path(sys.executable).parent
    program = {"jupyterlab": "jupyter-lab", "notebook": "jupyter-notebook"}.get(front_end, "voila")
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
    command = ([str(bin_dir / program), "--no-browser", "--allow-root", f"--port={port}",
                "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
                "--ServerApp.password=", f"--ServerApp.root_dir={root}"] if front_end != "voila"
               else [str(bin_dir / "voila"), NOTEBOOK, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                     "--ServerApp.port_retries=0"])
    server = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    ready = url + "api" if front_end != "voila" else url + "voila/static/voila.js"
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
        yield {"voila": url, "notebook": f"{url}notebooks/{NOTEBOOK}"}.get(front_end, f"{url}lab/tree/{NOTEBOOK}?reset")
    finally:
        stop_server(server)
        log.close()


def open_page(lab: str, playwright: Any) -> Iterator[Any]:
    """The notebook open in chromium (launched with ``playwright``), all its cells run, every board drawn."""
    from playwright.sync_api import expect

    with contextlib.nullcontext(playwright) as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(lab)
            if "/lab/" in lab or "/notebooks/" in lab:  # run the cells once the kernel is connected and idle
                panel = page.locator(".jp-NotebookPanel:visible")
                expect(panel.locator(".jp-Cell").first).to_be_visible(timeout=60_000)
                if "/lab/" in lab:
                    expect(page.get_by_text("Python 3 (ipykernel) | Idle")).to_be_visible(timeout=60_000)
                else:  # Notebook 7: the kernel's name instead of "No Kernel", then its indicator idle
                    expect(page.get_by_text("Python 3 (ipykernel)", exact=True).first).to_be_visible(timeout=60_000)
                    expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_be_attached(
                        timeout=60_000)
                page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
                page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
            # (Voila runs every cell as the page loads.)
            for name in chosen_boards():
                expect(page.locator(f".ck-board-{name}")).to_be_visible(timeout=60_000)
            if "/notebooks/" in lab:  # Notebook 7.6 itself, as the page loads, before any cell runs
                errors = [e for e in errors if e != "Cannot read properties of undefined (reading 'schema')"]
            assert not errors, f"script errors in the page: {errors}"
            yield page
        finally:
            browser.close()


# Reading the page ---------------------------------------------------------------------------


def board(page: Any, name: str) -> Any:
    """The board ``name`` on the page (its outermost box carries the class ``ck-board-NAME``)."""
    return page.locator(f".ck-board-{name}")










def rgb(colour: str) -> str:
    """``"#7fc97f"`` as the browser computes it: ``"rgb(127, 201, 127)"``."""
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(2 * c for c in value)
    return "rgb({}, {}, {})".format(*(int(value[i:i + 2], 16) for i in (0, 2, 4)))




def settle(read: Callable[[], Any], want: Any, what: str) -> None:
    """Wait until ``read()`` gives ``want`` (the kernel's updates arrive one message at a time)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while (got := read()) != want:
        if time.monotonic() > deadline:
            assert got == want, f"{what}: {got}"
        time.sleep(0.1)






def picture_signature(svg: str) -> tuple[str, list[str]]:
    """What an SVG picture says (its text) and what it draws (its elements, sorted)."""
    text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", svg))).strip()
    return text, sorted(re.findall(r"<([a-z]+)[\s>/]", svg))


def shown_picture(picture: Any) -> tuple[str, list[str]]:
    svg = picture.evaluate("e => e.querySelector('svg') ? e.querySelector('svg').outerHTML : ''")
    return picture_signature(svg)




def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two computed CSS colours (``"rgb(r, g, b)"``)."""

    def luminance(colour: str) -> float:
        channels = [int(v) / 255 for v in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# The course's board widget (coursekit.boards.board.Board) --------------------------------------


def picture(where: Any) -> Any:
    """The box holding a board's SVG picture."""
    return where.locator(".ck-picture")


def hit(where: Any, key: str) -> None:
    """Click the element of the picture whose ``data-hit`` is ``key`` (a cell: ``"x,y"``)."""
    where.locator(f'.ck-picture [data-hit="{key}"]').first.click()


def ck_status(where: Any) -> Any:
    """A board's status line."""
    return where.locator(".ck-status")


def ck_control(where: Any, name: str) -> Any:
    """A board's control (button, check box, list, slider or text box) by its name."""
    return where.locator(f'.ck-control[data-name="{name}"] .ck-input')


def slide(where: Any, name: str, value: int) -> None:
    """Move the slider ``name`` to ``value`` as a keyboard user would (Home, then the right arrow)."""
    control = ck_control(where, name)
    ck_status(where).click()  # as a person does first: in JupyterLab that makes the board's cell the active one
    control.focus()
    control.press("Home")
    for _ in range(value - int(control.get_attribute("min") or 0)):
        control.press("ArrowRight")


def expect_board(where: Any, twin: Any, what: str) -> None:
    """The page shows the twin's picture (what it says and draws) and its status line, nothing stale."""
    from playwright.sync_api import expect

    want = picture_signature(twin.picture)
    settle(lambda: shown_picture(picture(where)), want, f"{what}: the picture is not the board's")
    expect(ck_status(where)).to_have_text(twin.status, timeout=WAIT_MS)

