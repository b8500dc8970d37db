"""The class report as one HTML page: nothing loaded from another host, every student's text escaped.

The score distribution is a matplotlib plot (Agg, text drawn as paths, so no font is loaded)
inlined as SVG; the rest are tables. Whatever comes from a student (names, the values their code
returned inside the judges' messages, lines of code, flags) goes through ``nh3.clean_text``,
which turns it into plain text; the page's own words through :func:`html.escape`.

>>> page = "<p>" + text("<script>alert(1)</script>") + "</p>"
>>> "<script>" in page
False
"""

from __future__ import annotations

import html
import statistics
from typing import TYPE_CHECKING

import nh3

from ..plots import inline_svg
from .report import SHARED_LINES, SOLUTION_CHARS, ClassReport

if TYPE_CHECKING:
    from matplotlib.figure import Figure

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; max-width: 75em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
td.number { text-align: right; }
pre { margin: 0; white-space: pre-wrap; font-size: 0.85em; max-height: 20em; overflow: auto; }
.note { color: #555; }
"""


def text(value: object) -> str:
    """Text from a student (or anything not the page's own), safe to place in the page: plain text, escaped."""
    return nh3.clean_text(str(value))


def distribution_svg(scores: list[float], maximum: float) -> str:
    """A histogram of ``scores`` (0 to ``maximum``) as an inline ``<svg>``: no fonts, no links to other hosts."""

    def draw(figure: Figure) -> None:
        from matplotlib.ticker import MaxNLocator

        axes = figure.add_subplot()
        bins = max(1, min(20, int(maximum) or 1))
        axes.hist(scores, bins=bins, range=(0, maximum or 1), color="#4477aa", edgecolor="white")
        axes.set_xlabel("score")
        axes.set_ylabel("submissions")
        axes.set_xlim(0, maximum or 1)
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))

    return inline_svg(draw, size=(6.4, 3.2), label="score distribution")


def _table(header: list[str], rows: list[list[str]]) -> str:
    """A table: ``header`` escaped here, ``rows`` already safe HTML."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(rows_cell for rows_cell in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _td(value: str, number: bool = False) -> str:
    return f'<td class="number">{value}</td>' if number else f"<td>{value}</td>"


def page(report: ClassReport) -> str:
    """The whole HTML page of ``report``."""
    scores = [s.score for s in report.submissions if s.score is not None]
    title = f"Class report: {report.assignment}"
    parts = [f"<h1>{text(title)}</h1>"]
    if scores:
        parts.append(f"<p>{len(report.submissions)} submissions; mean {statistics.mean(scores):.2f}, median "
                     f"{statistics.median(scores):g} out of {report.max_score:g}.</p>")
    parts += ["<h2>Score distribution</h2>", distribution_svg(scores, report.max_score)]

    parts.append("<h2>Pass rate of every check</h2>")
    rates = report.pass_rates()
    parts.append(_table(["test cell", "points", "full marks"],
                        [[_td(text(cell)), _td(f"{report.points[cell]:g}", True), _td(f"{rate:.0%}", True)]
                         for cell, rate in rates.items()]))

    parts.append("<h2>Named mistakes</h2>")
    if report.mistakes:
        parts.append('<p class="note">What the judges said, most common first; one example each.</p>')
        parts.append(_table(["students", "test cell", "mistake", "who", "example"],
                            [[_td(str(m.count), True), _td(text(m.check)), _td(text(m.name)),
                              _td(text(", ".join(m.students))), _td(f"<pre>{text(m.example)}</pre>")]
                             for m in report.mistakes]))
    else:
        parts.append("<p>No test cell failed.</p>")

    parts.append("<h2>Submissions flagged for review</h2>")
    similar: dict[str, list[str]] = {}
    for pair in report.pairs:
        similar.setdefault(pair.first, []).append(f"similar to {pair.second}'s solution ({pair.similarity:.2f})")
        similar.setdefault(pair.second, []).append(f"similar to {pair.first}'s solution ({pair.similarity:.2f})")
    flagged = [s for s in report.submissions if s.status != "graded" or s.flags or s.student in similar]
    if flagged:
        parts.append(_table(["student", "status", "why"],
                            [[_td(text(s.student)), _td(text(s.status)),
                              _td(text(" | ".join([*s.flags, *similar.get(s.student, [])])))] for s in flagged]))
    else:
        parts.append("<p>None: every submission was graded in full and nothing was flagged.</p>")

    parts.append("<h2>Similar solutions</h2>")
    parts.append(f'<p class="note">Pairs of solutions with a similarity of {report.threshold:g} or more '
                 f"(copydetect; variable names ignored, the released notebook's code left out). A pair is a flag "
                 f"for a person to look at, not a verdict: short functions that solve the same problem look alike. "
                 f"Only the first {SOLUTION_CHARS:,} characters of each solution are compared, and at most the first "
                 f"{SHARED_LINES} shared lines of a pair are listed.</p>")
    if report.pairs:
        parts.append(_table(["first", "second", "similarity", "shared lines (of the first)"],
                            [[_td(text(p.first)), _td(text(p.second)), _td(f"{p.similarity:.2f}", True),
                              _td(f"<pre>{text(chr(10).join(p.shared))}</pre>")] for p in report.pairs]))
    else:
        parts.append("<p>No pair reaches the threshold.</p>")

    parts.append("<h2>Every submission</h2>")
    cells = list(report.points)
    rows = []
    for s in report.submissions:
        score = "-" if s.score is None else f"{s.score:g}"
        seconds = "-" if s.seconds is None else f"{s.seconds:.1f}"
        rows.append([_td(text(s.student)), _td(score, True), _td(text(s.status)), _td(seconds, True),
                     *[_td(f"{s.cells[c]:g}" if c in s.cells else "-", True) for c in cells]])
    parts.append(_table(["student", "score", "status", "grading seconds", *cells], rows))
    body = "\n".join(parts)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{text(title)}</title>'
            f"<style>{STYLE}</style></head><body>\n{body}\n</body></html>\n")


__all__ = ["distribution_svg", "page", "text"]
