"""MkDocs hook: the lesson site works offline.

mkdocs-jupyter executes the lessons and stores the widget state of every board, but its
notebook template loads the widget renderer (``@jupyter-widgets/html-manager``) from a CDN,
and it leaves a MathJax tag and a Mermaid loader that point to other hosts. This hook

* rewrites the renderer's address on every notebook page to the copy shipped with the site
  (``lessons/assets/third_party/html-manager/embed.js``, html-manager 1.0.15, the renderer
  of ipywidgets 8.1, BSD-3-Clause; it carries the built-in controls and needs no require.js);
* puts the SVG pictures of the lessons' outputs inline (nbconvert writes them as base64
  ``<img>`` data): boards are real SVG in the page, their text can be selected, and the
  pages are smaller;
* removes the MathJax and Mermaid loaders (KaTeX, shipped with the site, renders the
  mathematics);
* draws every board of the course's board widget (an anywidget, whose module no static page
  can load) as a still picture of its last state, read from the saved widget state: its SVG
  with nothing clickable and its status line, under a note that it plays in Jupyter; the
  other widgets keep the shipped renderer, with the same note;
* turns the lessons' links to other pages of the site, written as files so that they also
  work in Jupyter (``[Sources](sources.md)``, ``[lesson 02](02-king.py#the-grid)``), into the
  site's addresses, and fails the build on a link to a page that does not exist;
* after the build, scans every page and fails the build if a page still loads a script,
  a style, a font, an image or a frame from another host. Links (``<a href>``) to other
  sites are fine.
"""

from __future__ import annotations

import base64
import html as html_text
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

RENDERER = "assets/third_party/html-manager/embed.js"

# the renderer for current widget state (html-manager) and its fallback for old state
_CDN_RENDERER = re.compile(r"""(['"])(?:https?:)?//[^'"]*/dist/embed(?:-amd)?\.js\1""")
_MATHJAX = re.compile(r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->", re.S)
_MERMAID = re.compile(r"<script type=\"module\">(?:(?!</script>).)*?mermaid(?:(?!</script>).)*?</script>", re.S)
_SVG_IMG = re.compile(
    r'(<div class="jp-RenderedSVG[^>]*>)\s*<img [^>]*?src="data:image/svg\+xml;base64,([A-Za-z0-9+/=\s]+)"[^>]*>'
)
_XML_PROLOGUE = re.compile(r"^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!DOCTYPE[^>]*>\s*)?")
_CDN_HOSTS = ("unpkg.com", "cdn.jsdelivr.net", "cdnjs.cloudflare.com", "fonts.googleapis.com", "fonts.gstatic.com")


_WIDGET_OUTPUT = re.compile(r'(<div class="jupyter-widgets jp-OutputArea-output[^"]*"[^>]*>)')
STATIC_BOARD_NOTE = (
    '<p class="ck-static-board">A picture of this board as the lesson left it: on this page it does not play. '
    "Open the lesson in Jupyter to play on it.</p>"
)
_PAGE_LINK = re.compile(r'href="((?:\./)?([\w-]+)\.(?:md|py))(#[^"]*)?"')


_STATE = re.compile(r'(<script type="application/vnd\.jupyter\.widget-state\+json">)(.*?)(</script>)', re.S)
_VIEW = re.compile(r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', re.S)
_LIVE = re.compile(r'\s(?:data-hit="[^"]*"|tabindex="[^"]*"|role="button"|aria-label="[^"]*")')
STILL_BOARD_NOTE = (
    '<p class="ck-static-board">The board as the lesson left it. On this page it is a picture; '
    "it plays in Jupyter, or with the link “Run this lesson”.</p>"
)


def still_boards(output: str) -> str:
    """Each view of a course board (an anywidget) becomes the still picture of its saved state.

    Those models leave the saved widget state, so that the page's renderer does not try to
    load their module from another host; a page left with no widget to draw loses the state.
    """
    found = _STATE.search(output)
    if found is None:
        return output
    saved = json.loads(found.group(2))
    models = saved.get("state", {})
    boards = {key: model.get("state", {}) for key, model in models.items()
              if model.get("model_name") == "AnyModel" and "picture" in model.get("state", {})}
    if not boards:
        return output

    def still(match: re.Match[str]) -> str:
        try:
            key = json.loads(match.group(1)).get("model_id")
        except ValueError:
            return match.group(0)
        if key not in boards:
            return match.group(0)
        state = boards[key]
        picture = str(state.get("saved_picture") or _LIVE.sub("", str(state.get("picture", ""))))
        status = html_text.escape(str(state.get("status", "")))
        return (f'{STILL_BOARD_NOTE}<div class="ck-still-board">{picture}'
                f'<p class="ck-status">{status}</p></div>')

    output = _VIEW.sub(still, output)
    for key in boards:
        del models[key]
    if not models or not _VIEW.search(output):  # no widget left to draw (a board's layout model stays behind)
        return output.replace(found.group(0), "")
    text = json.dumps(saved).replace("</", "<\\/")
    return output.replace(found.group(0), found.group(1) + text + found.group(3))


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    """Point the widget renderer to the local copy; SVG inline; no MathJax or Mermaid loaders."""
    if "jupyter-wrapper" not in output:
        return output
    output = still_boards(output)
    output = _SVG_IMG.sub(_inline_svg, output)
    output = _page_links(output, page, config)
    output = _WIDGET_OUTPUT.sub(lambda m: m.group(1) + STATIC_BOARD_NOTE if _VIEW.search(output, m.end(), m.end() + 400)
                                else m.group(0), output)
    local = get_relative_url(RENDERER, page.url)
    output = _CDN_RENDERER.sub(lambda m: f"{m.group(1)}{local}{m.group(1)}", output)
    output = _MATHJAX.sub("", output)
    return _MERMAID.sub("", output)


def _page_links(output: str, page: Any, config: Any) -> str:
    docs = Path(config["docs_dir"])

    def link(match: re.Match[str]) -> str:
        name, stem, fragment = match.group(1), match.group(2), match.group(3) or ""
        if not (docs / name).is_file():
            raise PluginError(f"{page.file.src_uri}: a link to {name}, which is not a page of the site")
        url = get_relative_url("./" if stem == "index" else f"{stem}/", page.url)
        return f'href="{url.rstrip("/")}/{fragment}"'

    return _PAGE_LINK.sub(link, output)


def _inline_svg(match: re.Match[str]) -> str:
    svg = base64.b64decode(match.group(2)).decode("utf-8")
    return match.group(1) + _XML_PROLOGUE.sub("", svg)


def on_post_build(config: Any, **kwargs: Any) -> None:
    """Fail the build if a page loads anything from another host, or the renderer is missing."""
    site = Path(config["site_dir"])
    problems: list[str] = []
    for html in sorted(site.rglob("*.html")):
        text = html.read_text(encoding="utf-8")
        for ref in external_resources(text):
            problems.append(f"{html.relative_to(site)}: {ref}")
        if "html-manager/embed.js" in text and not (site / RENDERER).is_file():
            problems.append(f"{html.relative_to(site)}: the widget renderer {RENDERER} is not in the site")
    if problems:
        raise PluginError("pages load resources from another host:\n  " + "\n  ".join(problems))


def _external(url: str | None) -> bool:
    return bool(url) and re.match(r"\s*(?:https?:)?//", url or "", re.I) is not None


class _Scanner(HTMLParser):
    # tag -> attributes that make the browser fetch something
    FETCH: ClassVar[dict[str, tuple[str, ...]]] = {
        "script": ("src",), "img": ("src", "srcset"), "source": ("src", "srcset"), "iframe": ("src",),
        "embed": ("src",), "video": ("src", "poster"), "audio": ("src",), "track": ("src",),
        "object": ("data",), "image": ("href", "xlink:href"), "use": ("href", "xlink:href"),
        "input": ("src",),
    }
    # <link rel=...> values that fetch nothing
    HARMLESS_RELS: ClassVar[set[str]] = {
        "canonical", "alternate", "author", "license", "me", "help", "search", "next", "prev",
    }

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "link":
            rels = set((a.get("rel") or "").lower().split())
            if _external(a.get("href")) and not rels <= self.HARMLESS_RELS:
                self.found.append(f"<link rel={a.get('rel')!r} href={a.get('href')!r}>")
        for name in self.FETCH.get(tag, ()):
            value = a.get(name)
            if name == "srcset":
                urls: list[str | None] = [part.split()[0] for part in (value or "").split(",") if part.strip()]
            else:
                urls = [value]
            self.found += [f"<{tag} {name}={u!r}>" for u in urls if _external(u)]
        style = a.get("style") or ""
        if re.search(r"url\(\s*['\"]?(?:https?:)?//", style, re.I):
            self.found.append(f"<{tag} style={style!r}>")
        if tag == "style" or (tag == "script" and (a.get("type") or "text/javascript").lower()
                              in {"text/javascript", "module", "application/javascript"}):
            self._in = tag

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "style":
            for m in re.finditer(r"(?:url\(|@import)\s*['\"]?((?:https?:)?//[^'\")\s]+)", data, re.I):
                self.found.append(f"<style> {m.group(1)}")
        elif self._in == "script":
            for host in _CDN_HOSTS:
                if host in data:
                    self.found.append(f"<script> mentions {host}")


def external_resources(html: str) -> list[str]:
    """What a page would fetch from another host (scripts, styles, fonts, images, frames)."""
    scanner = _Scanner()
    scanner.feed(html)
    scanner.close()
    return scanner.found
