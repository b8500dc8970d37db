"""The lesson site: built with ``mkdocs build --strict``, offline, and working in a real browser.

The site is built once per session (the lessons are executed) into a temporary folder (the
``site`` fixture of ``tests/conftest.py``, which ``test_lite.py`` shares); the
browser test serves that build on 127.0.0.1 and opens it in Debian's chromium, driven by
Playwright, and fails on any failed request or any request to another host.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = tuple(sorted(p.stem for p in (ROOT / "lessons").glob("[0-9][0-9]-*.py")))
CDNS = ("unpkg.com", "cdn.jsdelivr.net", "cdnjs.cloudflare.com", "fonts.googleapis.com", "fonts.gstatic.com")
RENDERER = "assets/third_party/html-manager/embed.js"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
BOOK_PAGES = ("sources", "python-primer", "appendix-names")  # the pages that make the site self-contained
KATEX = "assets/third_party/katex"


def test_the_book_pages_are_in_the_navigation() -> None:
    """The Sources page, the Python primer and the appendix exist and are reachable from the navigation."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for name in BOOK_PAGES:
        assert (ROOT / "lessons" / f"{name}.md").is_file(), f"lessons/{name}.md is missing"
        assert re.search(rf"^\s*- .*\b{name}\.md\s*$", config, re.MULTILINE), f"{name}.md is not in the nav"
    sources = (ROOT / "lessons" / "sources.md").read_text(encoding="utf-8")
    for key in "ABCDE":
        assert f"## {key}. " in sources, f"the Sources page does not cite source {key}"


def test_every_lesson_is_in_the_navigation_in_order() -> None:
    """A lesson file that the navigation forgets would be built but never reachable."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = re.findall(r"^\s*- ([0-9][0-9]-[\w-]+)\.py\s*$", config, re.MULTILINE)
    assert listed == list(LESSONS), f"mkdocs.yml nav lists {listed}, the lessons are {list(LESSONS)}"


class _Fetches(HTMLParser):
    """Every address a page makes the browser fetch: scripts, styles, fonts, images, frames."""

    ATTRS: ClassVar[dict[str, tuple[str, ...]]] = {
        "script": ("src",), "link": ("href",), "img": ("src", "srcset"), "source": ("src", "srcset"),
        "iframe": ("src",), "embed": ("src",), "video": ("src", "poster"), "audio": ("src",),
        "object": ("data",), "image": ("href", "xlink:href"), "use": ("href", "xlink:href"),
    }
    NOT_FETCHED: ClassVar[set[str]] = {"canonical", "alternate", "author", "license", "next", "prev"}

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "link" and set((a.get("rel") or "").split()) <= self.NOT_FETCHED:
            return
        for name in self.ATTRS.get(tag, ()):
            value = a.get(name) or ""
            parts = [p.split()[0] for p in value.split(",") if p.strip()] if name == "srcset" else [value]
            self.urls += [f"<{tag} {name}> {p}" for p in parts if p]
        self.urls += [f"<{tag} style> {u}" for u in re.findall(r"url\(\s*['\"]?([^'\")]+)", a.get("style") or "")]
        self._style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._style = False

    def handle_data(self, data: str) -> None:
        if self._style:
            self.urls += [f"<style> {u}" for u in re.findall(r"(?:url\(|@import)\s*['\"]?([^'\")\s]+)", data)]


def external_fetches(html: str) -> list[str]:
    parser = _Fetches()
    parser.feed(html)
    return [u for u in parser.urls if re.search(r"> \s*(https?:)?//", u)]


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_site_builds_strict_offline_with_svg_boards(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert pages, "the build wrote no page"
    for name in ("index.html", *(f"{p}/index.html" for p in (*LESSONS, "student-guide", "instructor-guide", "api"))):
        assert (site / name).is_file(), f"missing page {name}"

    # No page loads a script, a style, a font or an image from another host.
    for page in pages:
        html = page.read_text(encoding="utf-8")
        where = page.relative_to(site)
        assert not external_fetches(html), f"{where} fetches from another host: {external_fetches(html)}"
        for cdn in CDNS:
            assert cdn not in html, f"{where} mentions {cdn}"

    # The lessons ran: their boards are inline SVG pictures, their printed text is there.
    for lesson in LESSONS:
        html = (site / lesson / "index.html").read_text(encoding="utf-8")
        assert re.search(r'<div class="jp-RenderedSVG[^>]*>\s*<svg', html), f"{lesson}: no inline SVG board"
        assert not re.search(r'<div class="jp-RenderedSVG[^>]*>\s*<img', html), f"{lesson}: an SVG output left as <img>"
        assert "jp-CodeCell" in html and "jp-OutputArea-output" in html, f"{lesson}: no executed cells"
        if WIDGET_STATE in html:  # the boards' saved state is drawn by the shipped renderer
            assert f"'../{RENDERER}'" in html, f"{lesson}: the widget renderer is not the local copy"
        # The course's boards are still pictures of their last state: nothing clickable, no module to load.
        assert '"AnyModel"' not in html, f"{lesson}: a board's widget state is left for a renderer that cannot load it"
        for still in re.findall(r'<div class="ck-still-board">(.*?)</div>', html, re.S):
            assert "<svg" in still and 'class="ck-status"' in still, f"{lesson}: a still board without its picture"
            assert not re.search(r"data-hit=|tabindex=|role=\"button\"", still), f"{lesson}: a still board looks live"
    first = (site / LESSONS[0] / "index.html").read_text(encoding="utf-8")
    assert 'class="ck-still-board"' in first and "3 white and 6 black beans" in first, "lesson 01's board is not drawn"
    assert "take 1 white" not in first, "lesson 01's still board shows its move buttons"
    renderer = site / RENDERER
    assert renderer.is_file() and renderer.stat().st_size > 500_000, "the widget renderer is not shipped"

    # The book pages are built; KaTeX is shipped; lessons link to them with the site's addresses.
    for name in BOOK_PAGES:
        assert (site / name / "index.html").is_file(), f"missing page {name}"
    for asset in ("katex.min.js", "katex.min.css", "contrib/auto-render.min.js", "LICENSE"):
        assert (site / KATEX / asset).is_file(), f"KaTeX's {asset} is not shipped"
    assert list((site / KATEX / "fonts").glob("*.woff2")), "KaTeX's fonts are not shipped"
    king = (site / "02-king" / "index.html").read_text(encoding="utf-8")
    assert 'href="../appendix-names/"' in king, "lesson 02 does not link to the appendix page"
    assert "$$s' = T(s, h),$$" in king and f"{KATEX}/katex.min.js" in king
    assert not re.search(r'href="[\w-]+\.(?:md|py)(?:#[^"]*)?"', king), "a lesson link left as a file name"

    # The API reference documents the library.
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    for name in ("coursekit.core.Coord", "coursekit.core.Grid", "coursekit.core.play",
                 "coursekit.games.beans.Beans", "coursekit.games.pieces.OneWayKing",
                 "coursekit.games.pieces.OneWayQueen", "coursekit.solvers.tables.outcome_table",
                 "coursekit.solvers.propp.ProppSolver", "coursekit.solvers.search.astar",
                 "coursekit.games.pursuit.Pursuit", "coursekit.games.pursuit.solver.PursuitSolver",
                 "coursekit.render.heatmap.heatmap_svg"):
        assert f'id="{name}"' in api, f"the API reference does not document {name}"
    for module in ("coursekit.solvers", "coursekit.render", "coursekit.boards", "coursekit.grading"):
        assert f'id="{module}' in api, f"the API reference does not document {module}"
    assert "<blockquote>\n<blockquote>" not in api, "doctest examples rendered as nested quotes"

    # Material's search index lists the lessons.
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert all(f"{lesson}/" in index for lesson in LESSONS)


def build_one_lesson(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` with the project's configuration and hooks, of a site whose one lesson is
    ``source``: run by the build itself (the site hook ``lessons.py``), as ``mkdocs build`` and ``course.py``
    run every lesson (the session's site, above, shows the tests' runs instead)."""
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    docs = tmp_path / "lessons"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    (docs / "99-tiny.py").write_text(source, encoding="utf-8")
    config.update(docs_dir=str(docs), site_dir=str(tmp_path / "site"), nav=["index.md", "99-tiny.py"],
                  hooks=[str(ROOT / h) for h in config["hooks"]])
    config["plugins"] = [p for p in config["plugins"] if not (isinstance(p, dict) and "mkdocstrings" in p)]
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "COURSEKIT_LESSON_RUNS"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(tmp_path / "mkdocs.yml")],
        cwd=tmp_path, env=dict(env, NO_MKDOCS_2_WARNING="1", COURSEKIT_LITE="0"), capture_output=True, text=True,
        timeout=300, check=False,
    )


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_failing_lesson_cell_fails_the_build(tmp_path: Path) -> None:
    broken = "# %% [markdown]\n# # Broken\n\n# %%\nraise RuntimeError('this lesson cell fails')\n"
    done = build_one_lesson(tmp_path, broken)
    assert done.returncode != 0, "a lesson whose cell raises was built"
    assert "this lesson cell fails" in done.stdout + done.stderr


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_build_runs_a_lesson_and_its_page_shows_what_it_printed_and_drew(tmp_path: Path) -> None:
    done = build_one_lesson(tmp_path, (
        "# %% [markdown]\n# # Tiny\n\n# %%\nfrom coursekit.games import beans\n"
        "for pile in range(3):\n    print('pile', pile)\n\n# %%\nbeans.Beans(2, 3).initial_state()\n"))
    assert done.returncode == 0, done.stdout + done.stderr[-4000:]
    html = (tmp_path / "site" / "99-tiny" / "index.html").read_text(encoding="utf-8")
    assert re.search(r"<pre>pile 0\npile 1\npile 2\n</pre>", html), "the printed lines are not one block"
    assert re.search(r'<div class="jp-RenderedSVG[^>]*>\s*<svg', html), "no SVG picture of the beans"


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The built site on http://127.0.0.1:<a free port>/."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


#: The two screens a reader has: a laptop's and a phone's (390 px, the narrowest common one).
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def fits_a_phone(page: Any, name: str) -> None:
    """The page, at :data:`PHONE`'s width, is no wider than the screen; the laptop's width is restored."""
    page.set_viewport_size(PHONE)
    try:
        page.wait_for_function("window.innerWidth === 390")
        # two frames: what reacts to the new width (the theme's scripts, the widgets' views) has run
        page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"{name} overflows a 390 px screen: {width[0]} px wide"
    finally:
        page.set_viewport_size(LAPTOP)


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_site_in_a_real_browser(site: Path, served: str, tmp_path: Path, playwright: Any) -> None:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing (Debian: apt-get install chromium); the browser test needs it"
        if os.environ.get("CI"):
            pytest.fail(message + " and CI is set")
        pytest.skip(message)
    from playwright.sync_api import expect

    problems: list[str] = []
    requests: list[str] = []

    def on_request(request: object) -> None:
        url = request.url  # type: ignore[attr-defined]
        requests.append(url)
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != "127.0.0.1":
            problems.append(f"request to another host: {url}")

    def on_failed(request: object) -> None:
        problems.append(f"failed request: {request.url} ({request.failure})")  # type: ignore[attr-defined]

    def on_response(response: object) -> None:
        if response.status >= 400:  # type: ignore[attr-defined]
            problems.append(f"HTTP {response.status}: {response.url}")  # type: ignore[attr-defined]

    start = time.monotonic()
    with contextlib.nullcontext(playwright) as p:  # the session's Playwright (conftest.py)
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport=LAPTOP)
            page.on("request", on_request)
            page.on("requestfailed", on_failed)
            page.on("response", on_response)
            page.on("pageerror", lambda error: problems.append(f"script error: {error}"))

            # The home page.
            page.goto(served)
            page.wait_for_load_state("networkidle")
            expect(page.locator("h1").first).to_contain_text("From mathematical to computer games")
            expect(page.locator("nav.md-nav").first).to_contain_text("Instructor guide")

            # Each lesson, with its board pictures, and its boards' widgets where it saved them.
            for lesson in LESSONS:
                page.goto(served + f"{lesson}/")
                page.wait_for_load_state("networkidle")
                board = page.locator(".jp-RenderedSVG svg").first
                expect(board).to_be_visible()
                box = board.bounding_box()
                assert box is not None and box["width"] > 20 and box["height"] > 20, f"{lesson}: board has no size"
                if WIDGET_STATE in (site / lesson / "index.html").read_text(encoding="utf-8"):
                    expect(page.locator(".jupyter-widgets button").first).to_be_visible(timeout=20_000)
                if lesson == LESSONS[0]:
                    page.screenshot(path=str(tmp_path / f"{lesson}.png"), full_page=True)
                if lesson.startswith("02"):  # the mathematics is rendered by the shipped KaTeX
                    expect(page.locator(".katex-display .katex").first).to_be_visible(timeout=10_000)
                    assert "$$" not in page.locator("article").inner_text(), "raw $$ left on lesson 02"
                # The same lesson on a 390 px phone (the page laid out again at that width, its
                # boards and widgets drawn): no wider than the screen (code wraps, tables scroll).
                fits_a_phone(page, f"/{lesson}/")

            # The other pages on a 390 px phone, loaded at that width.
            page.set_viewport_size(PHONE)
            for name in ("", *(f"{p}/" for p in BOOK_PAGES), "student-guide/", "instructor-guide/"):
                page.goto(served + name)
                page.wait_for_load_state("networkidle")
                fits_a_phone(page, f"/{name}")
            page.set_viewport_size(LAPTOP)

            # Search finds a lesson.
            page.goto(served)
            page.wait_for_load_state("networkidle")
            page.locator("input.md-search__input").click()
            page.keyboard.type("beans")
            results = page.locator(".md-search-result__item")
            expect(results.first).to_be_visible(timeout=20_000)
            hrefs = [a.get_attribute("href") or "" for a in page.locator(".md-search-result__link").all()]
            assert any("01-beans" in h for h in hrefs), f"searching 'beans' did not find lesson 01: {hrefs}"
            page.wait_for_load_state("networkidle")
        finally:
            browser.close()
    print(f"browser test: {len(requests)} requests in {time.monotonic() - start:.1f} s")
    assert requests, "the browser made no request"
    assert not problems, "\n".join(problems)
