"""The lessons as live notebooks in the browser (JupyterLite with Pyodide), offline.

The site is the session's one build with the project's ``mkdocs.yml`` and hooks (the
``site`` fixture of ``tests/conftest.py``, shared with ``test_site.py``): its JupyterLite part
is built from the lessons' sources, executed or not, so one build serves both files. The
browser tests serve that build on 127.0.0.1, open lesson 01 through its "Run this lesson"
link in Debian's chromium (Playwright), run every cell in Pyodide, and play a move on the
beans board. Every request of the page, its workers included, is recorded, and chromium
resolves no host name but the local one, so anything fetched from another host would both
fail and be reported.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from test_site import CHROMIUM, CHROMIUM_ARGS, LESSONS
from test_site import served as served  # the build of this module on 127.0.0.1, as test_site serves its own

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "site_hooks"))
import lite  # noqa: E402  (the hook: what it ships and which lessons it leaves out)

#: what needs numpy or wordfreq in a lesson's source (neither is in the browser version)
NEEDS_NUMPY_OR_WORDFREQ = re.compile(
    r"\bnumpy\b|\bnp\.|wordfreq|Pursuit(?:Solver|Board)|(?:Bulls|Words)Board|games\.(?:bulls|words|pursuit)\b"
    r"|solvers\.pursuit\b|from coursekit\.games import .*\b(?:Bulls|Words|Pursuit)"
)


def test_the_lessons_left_out_of_the_browser_are_those_that_need_numpy_or_wordfreq() -> None:
    """A lesson that starts using numpy would break in the browser: it must move to NOT_IN_BROWSER."""
    needing = {lesson for lesson in LESSONS
               if NEEDS_NUMPY_OR_WORDFREQ.search((ROOT / "lessons" / f"{lesson}.py").read_text(encoding="utf-8"))}
    left_out = sorted(lite.NOT_IN_BROWSER)
    assert needing == set(left_out), f"lessons using numpy or wordfreq: {sorted(needing)}; left out: {left_out}"


@pytest.mark.slow
def test_every_lesson_page_links_to_its_live_notebook(site: Path) -> None:
    assert set(lite.NOT_IN_BROWSER) <= set(LESSONS)
    for lesson in LESSONS:
        html = (site / lesson / "index.html").read_text(encoding="utf-8")
        if lesson in lite.NOT_IN_BROWSER:
            assert "ck-run-lesson--off" in html and "does not run in the browser" in html, lesson
            assert not (site / "lite" / "files" / f"{lesson}.ipynb").exists(), lesson
            continue
        href = f'href="../lite/{lite.APP}/index.html?path={lesson}.ipynb"'
        assert re.search(rf'<h1[^>]*>.*?</h1>\s*<p class="ck-run-lesson"><a [^>]*{re.escape(href)}>Run this lesson</a>',
                         html, re.S), f"{lesson}: no 'Run this lesson' link under the title"
        notebook = json.loads((site / "lite" / "files" / f"{lesson}.ipynb").read_text(encoding="utf-8"))
        assert "piplite.install" in "".join(notebook["cells"][0]["source"]), f"{lesson}: no set-up cell first"
    assert (site / "lite" / lite.APP / "index.html").is_file()


@pytest.mark.slow
def test_the_lite_build_ships_pyodide_and_every_wheel_it_names(site: Path) -> None:
    config = json.loads((site / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs" and kernel["disablePyPIFallback"] is True
    assert config["jupyter-config-data"]["appUrl"] == "./tree", "lite/ should lead to the list of lessons"
    assert (site / "lite" / "tree" / "index.html").is_file()
    pyodide = site / "lite" / "static" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (pyodide / name).is_file(), f"Pyodide's {name} is not shipped"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    for name, info in lock["packages"].items():
        wheel = pyodide / info["file_name"]
        assert wheel.is_file(), f"pyodide-lock.json names {name}, whose {wheel.name} is not shipped"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == info["sha256"], f"{wheel.name}: wrong hash in the lock"
    index = json.loads((site / "lite" / "pypi" / "all.json").read_text(encoding="utf-8"))
    assert {"coursekit", "ipywidgets", "comm"} <= set(index), sorted(index)
    assert "numpy" not in index and "coursekit-browser" not in index, "numpy is imported on first use, never shipped"
    for html in (site / "lite").rglob("*.html"):  # nothing in the lite build loads from a CDN
        text = html.read_text(encoding="utf-8")
        assert not re.search(r"""(?:src|href)=['"](?:https?:)?//""", text), f"{html} loads from another host"


class Live:
    """Lesson 01 opened through its link and run in Pyodide, with every request it made."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.problems: list[str] = []
        self.page: Any = None
        self.seconds: dict[str, float] = {}
        #: the text of each dialog JupyterLab showed before a click, answered as a reader would (its default)
        self.dialogs: list[str] = []


def answer_dialog(page: Any, record: Live) -> None:
    """A dialog JupyterLab opened on its own (a kernel to choose while the page is still being set up, say)
    would take the next click: note what it said and answer it with its default button, as a reader would."""
    from playwright.sync_api import expect

    dialog = page.locator(".jp-Dialog")
    if dialog.count() and dialog.first.is_visible():
        record.dialogs.append(" ".join(dialog.first.inner_text().split())[:300])
        accept = dialog.first.locator(".jp-mod-accept")
        if accept.count():
            accept.first.click()
        else:
            page.keyboard.press("Escape")
        expect(dialog).to_have_count(0, timeout=10_000)


#: Whether some code cell has run or waits to run (its prompt ``[1]:`` or ``[*]:``).
STARTED = ("() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
           ".some(e => /^\\[(\\*|\\d+)\\]:$/.test(e.textContent.trim()))")


@pytest.fixture(scope="module")
def live(served: str, tmp_path_factory: pytest.TempPathFactory, playwright: Any) -> Iterator[Live]:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing (Debian: apt-get install chromium); the browser tests need it"
        if os.environ.get("CI"):
            pytest.fail(message + " and CI is set")
        pytest.skip(message)
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    record = Live()

    def on_request(request: Any) -> None:
        record.requests.append(request.url)
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != "127.0.0.1":
            record.problems.append(f"request to another host: {request.url}")

    def on_response(response: Any) -> None:
        # a page without an icon of its own asks for /favicon.ico, which this site has not
        if response.status >= 400 and urlsplit(response.url).path != "/favicon.ico":
            record.problems.append(f"HTTP {response.status}: {response.url}")

    def on_failed(request: Any) -> None:
        # net::ERR_ABORTED is the page's own cancelling (the lesson page's icon still loading when the link is
        # followed): a file missing shows as an HTTP status above, a request to another host in on_request
        if request.failure != "net::ERR_ABORTED":
            record.problems.append(f"failed request: {request.url} ({request.failure})")

    # No host name resolves but the local server's: a fetch from another host would also fail.
    args = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
    with contextlib.nullcontext(playwright) as p:  # the session's Playwright (conftest.py)
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=args)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.on("request", on_request)  # the context's events include the kernel's web worker
        context.on("requestfailed", on_failed)
        context.on("response", on_response)
        page = context.new_page()
        page.on("pageerror", lambda error: record.problems.append(f"script error: {error}"))
        try:
            start = time.monotonic()
            page.goto(served + f"{LESSONS[0]}/")
            link = page.get_by_role("link", name="Run this lesson")
            expect(link).to_be_visible()
            link.click()
            page.wait_for_url(re.compile(rf"/lite/{lite.APP}/index\.html\?path={LESSONS[0]}\.ipynb"))
            expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=60_000)
            record.seconds["open"] = time.monotonic() - start
            for attempt in range(3):  # a click that comes while the notebook is still being set up can be lost
                answer_dialog(page, record)
                page.get_by_role("menuitem", name="Run", exact=True).click()
                page.get_by_text("Run All Cells", exact=True).click()
                try:  # a cell run or queued shows [n] or [*]; a lost click leaves every prompt at [ ]
                    page.wait_for_function(STARTED, timeout=30_000)
                    break
                except PlaywrightTimeout:
                    record.seconds[f"run all, again after attempt {attempt + 1}"] = time.monotonic() - start
            expect(page.get_by_role("button", name="take 1 white").first).to_be_visible(timeout=180_000)
            page.wait_for_function(  # every cell has run: no prompt still waits ([*]) or was skipped
                "() => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
                ".map(e => e.textContent.trim()); return p.length > 0 && p.every(t => /^\\[\\d+\\]:$/.test(t)); }",
                timeout=180_000)
            record.seconds["run"] = time.monotonic() - start
            record.page = page
            page.screenshot(path=str(tmp_path_factory.mktemp("lite-shots") / "01-beans-live.png"))
            yield record
        finally:
            browser.close()


@pytest.mark.slow
def test_lesson_01_runs_in_the_browser_and_the_beans_board_answers(live: Live) -> None:
    from playwright.sync_api import expect

    page = live.page
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, "a cell failed in Pyodide:\n" + "\n".join(errors.all_inner_texts())[:3000]
    take = page.get_by_role("button", name="take 1 white").first
    board = page.locator(".jp-OutputArea-output").filter(has=take).first
    expect(board).to_contain_text("Your turn")
    take.scroll_into_view_if_needed()
    take.click()
    # lesson 01's board is BeansBoard(3, 6, seed=1): 3 white and 6 black, the computer answers at once
    expect(board).to_contain_text("You took 1 white, leaving [2, 6].", timeout=20_000)
    expect(board).to_contain_text("The computer took", timeout=20_000)
    print(f"lesson 01 opened in {live.seconds['open']:.1f} s, ran in {live.seconds['run']:.1f} s")
    if live.dialogs:
        print("dialogs answered with their default:", live.dialogs)


@pytest.mark.slow
def test_the_live_lesson_makes_no_request_to_another_host(live: Live) -> None:
    paths = {urlsplit(url).path for url in live.requests}
    # the page, Pyodide, the kernel's wheels and coursekit's all came from the local server
    for needed in ("/lite/static/pyodide/pyodide.asm.wasm", "/lite/static/pyodide/python_stdlib.zip"):
        assert needed in paths, f"{needed} was not loaded: {sorted(paths)[:40]}"
    assert any(re.match(r"/lite/pypi/coursekit-[\d.]+-py3-none-any\.whl$", p) for p in paths), "coursekit's wheel"
    assert not live.problems, "\n".join(live.problems)
    print(f"{len(live.requests)} requests, all to 127.0.0.1")
