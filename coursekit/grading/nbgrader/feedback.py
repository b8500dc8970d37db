"""The feedback page: errors in grade cells shown by their last line only, and nothing of the
student's that runs or loads from another host.

nbgrader's feedback shows each test cell's output. A full traceback of a hidden test
shows the hidden test's source line by line; ``ShortTracebacks`` keeps only
``AssertionError: <the teaching message>``.

The page is HTML, and a notebook can put HTML on it: Markdown cells (Markdown may hold any
HTML), raw cells, rich outputs, attachments, and widget state (``nb.metadata.widgets`` makes
nbconvert load a widget manager from a CDN). :func:`safe_html` cleans HTML with ``nh3`` (a
maintained sanitiser): no script, no event attribute, no style, and no link or picture that is
not on the page itself (``#anchor``, ``data:image/...``). :class:`SafeOutputs` applies it to
raw cells and outputs, keeps only outputs that cannot carry code, and drops widget state;
:class:`SafeHTMLExporter` applies it to every Markdown cell as rendered. Configure them by
dotted name (this module imports nbconvert, which nbgrader brings, and never nbgrader itself)::

    c.GenerateFeedback.preprocessors = [
        "nbgrader.preprocessors.GetGrades",
        "nbgrader.preprocessors.ClearHiddenTests",
        "coursekit.grading.nbgrader.feedback.ShortTracebacks",
        "coursekit.grading.nbgrader.feedback.SafeOutputs",
        "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
    ]

>>> from nbformat.v4 import new_code_cell, new_notebook, new_output
>>> cell = new_code_cell("check(f)", metadata={"nbgrader": {"grade": True}})
>>> cell.outputs = [new_output("error", ename="AssertionError", evalue="f(1) is wrong",
...                            traceback=["Traceback", "  check(f)  # hidden", "AssertionError: f(1) is wrong"])]
>>> nb, _ = ShortTracebacks().preprocess(new_notebook(cells=[cell]), {})
>>> nb.cells[0].outputs[0].traceback
['AssertionError: f(1) is wrong']
>>> safe_html('<p onclick="x()">Hi <img src="http://example.org/t.png"><script>alert(1)</script></p>')
'<p>Hi <img></p>'
"""

from __future__ import annotations

from typing import Any

import nh3
from jinja2 import pass_context
from nbconvert.exporters import HTMLExporter
from nbconvert.filters.markdown_mistune import InvalidNotebook
from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

#: What student HTML may keep: text structure, tables, code, pictures embedded in the page.
TAGS = {"a", "abbr", "b", "blockquote", "br", "caption", "code", "col", "colgroup", "dd", "del", "details", "div",
        "dl", "dt", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p",
        "pre", "q", "s", "samp", "small", "span", "strike", "strong", "sub", "summary", "sup", "table", "tbody", "td",
        "tfoot", "th", "thead", "tr", "tt", "u", "ul", "var"}
ATTRIBUTES = {"*": {"class", "id", "title"}, "a": {"href"}, "img": {"src", "alt", "width", "height"},
              "td": {"align", "colspan", "rowspan"}, "th": {"align", "colspan", "rowspan"}, "ol": {"start"}}
#: Outputs the page shows as they are (text, and pictures nbconvert embeds as data).
PLAIN_OUTPUTS = {"text/plain", "image/png", "image/jpeg", "image/gif"}


def _on_the_page(tag: str, attribute: str, value: str) -> str | None:
    """Keep a link only to the page itself (``#...``) and a picture only embedded (``data:image/...``)."""
    if attribute == "href":
        return value if value.strip().startswith("#") else None
    if attribute == "src":
        return value if value.strip().lower().startswith("data:image/") else None
    return value


def safe_html(html: str) -> str:
    """``html`` with only :data:`TAGS` and :data:`ATTRIBUTES`, and nothing that runs or loads elsewhere.

    >>> safe_html('<a href="https://example.org">site</a> <a href="#part-1">part 1</a>')
    '<a rel="noopener noreferrer">site</a> <a href="#part-1" rel="noopener noreferrer">part 1</a>'
    >>> safe_html('<img src="//example.org/x.png" alt="x"><img src="data:image/png;base64,AA==">')
    '<img alt="x"><img src="data:image/png;base64,AA==">'
    """
    return nh3.clean(html, tags=TAGS, attributes=ATTRIBUTES, attribute_filter=_on_the_page,
                     url_schemes={"data"}, strip_comments=True)


def short_traceback(output: dict[str, Any]) -> list[str]:
    """The one line that stays of an error output: ``"Name: message"``."""
    name = str(output.get("ename", "Error"))
    value = str(output.get("evalue", ""))
    return [f"{name}: {value}" if value else name]


class ShortTracebacks(Preprocessor):
    """In grade cells, replace each error's traceback by its last line (``ename: evalue``)."""

    enabled = Bool(True, help="Whether to shorten tracebacks.").tag(config=True)

    def preprocess_cell(self, cell: Any, resources: Any, index: int) -> tuple[Any, Any]:
        grade = cell.get("metadata", {}).get("nbgrader", {}).get("grade", False)
        if cell.get("cell_type") == "code" and grade:
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    output["traceback"] = short_traceback(output)
        return cell, resources


class SafeOutputs(Preprocessor):
    """Raw cells and rich outputs cleaned (:func:`safe_html`), code-carrying outputs left out, widget
    state and attachments that are not pictures dropped: the page runs and loads nothing of the student's."""

    enabled = Bool(True, help="Whether to clean the feedback's HTML.").tag(config=True)

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        nb.get("metadata", {}).pop("widgets", None)
        return super().preprocess(nb, resources)  # type: ignore[no-untyped-call,no-any-return]

    def preprocess_cell(self, cell: Any, resources: Any, index: int) -> tuple[Any, Any]:
        if cell.get("cell_type") == "raw":
            cell.source = safe_html(cell.get("source", ""))
        attachments = cell.get("attachments")
        if isinstance(attachments, dict):
            for name, bundle in list(attachments.items()):
                kept = {kind: data for kind, data in (bundle or {}).items() if kind in PLAIN_OUTPUTS - {"text/plain"}}
                if kept:
                    attachments[name] = kept
                else:
                    del attachments[name]
        for output in cell.get("outputs", []):
            data = output.get("data")
            if not isinstance(data, dict):
                continue
            kept = {kind: value for kind, value in data.items() if kind in PLAIN_OUTPUTS}
            if isinstance(data.get("text/html"), (str, list)):
                html = data["text/html"]
                kept["text/html"] = safe_html(html if isinstance(html, str) else "".join(html))
            left_out = sorted(set(data) - set(kept))
            if left_out and "text/plain" not in kept:
                kept["text/plain"] = f"[an output of type {', '.join(left_out)}: not shown in the feedback]"
            output["data"] = kept
        return cell, resources


class SafeHTMLExporter(HTMLExporter):
    """nbconvert's HTML exporter whose Markdown cells, once rendered, pass through :func:`safe_html`."""

    @pass_context
    def markdown2html(self, context: Any, source: str) -> str:
        try:
            html = super().markdown2html(context, source)
        except InvalidNotebook:  # a picture of a missing attachment: shown as missing, not a failed page
            html = super().markdown2html(context, source.replace("attachment:", "#missing-attachment-"))
        return safe_html(str(html))


__all__ = ["SafeHTMLExporter", "SafeOutputs", "ShortTracebacks", "safe_html", "short_traceback"]
