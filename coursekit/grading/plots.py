"""Plots for the instructor's pages: a matplotlib figure as an inline ``<svg>`` that loads nothing.

The figure is drawn with Agg's SVG backend, its text as paths (so no font is loaded, and no
text is taken as mathematics), without metadata, comments or namespace declarations (inline
in HTML they are implied), and with a fixed hash salt: the same figure gives the same SVG.

>>> svg = inline_svg(lambda figure: figure.add_subplot().plot([0, 1], [1, 0]), size=(2, 1), label="a line")
>>> svg.startswith('<svg role="img" aria-label="a line"'), "http" in svg, "<!--" in svg
(True, False, False)
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def inline_svg(draw: Callable[[Figure], object], *, size: tuple[float, float], label: str) -> str:
    """The figure ``draw(figure)`` draws on a new figure of ``size`` (inches), as an inline ``<svg>`` whose
    accessible name is ``label``."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.fonttype": "path", "svg.hashsalt": "coursekit-report", "text.parse_math": False}):
        figure = Figure(figsize=size)
        draw(figure)
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None, "Format": None, "Type": None})
        pyplot.close("all")
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.DOTALL)
    svg = re.sub(r"<!--.*?-->", "", svg, flags=re.DOTALL)
    svg = re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", svg)  # inline in HTML the namespaces are implied
    return svg.replace("<svg", f'<svg role="img" aria-label="{html.escape(label)}"', 1)


__all__ = ["inline_svg"]
