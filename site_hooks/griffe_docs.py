"""Griffe extension for the API reference: coursekit's docstrings read well as Markdown.

The docstrings carry doctest examples (``>>>`` lines, run by pytest) and a few reST roles
(``:class:`Grid```). Markdown would turn the ``>>>`` lines into nested quotes and read list
output such as ``['[1, 0]']`` as reference links; this extension fences every doctest block
as a ``pycon`` code block and reduces roles to inline code. The source is not changed.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:class|func|meth|mod|attr|obj|data|exc|const):`~?([^`]+)`")


def markdown_docstring(text: str) -> str:
    """Fence doctest blocks (from a ``>>>`` line to the next blank line) and drop reST roles."""
    out: list[str] = []
    fence: str | None = None  # indentation of the open doctest fence
    in_code = False  # inside a fence the author wrote
    for line in text.splitlines():
        stripped = line.lstrip()
        indent = line[: len(line) - len(stripped)]
        if fence is not None and not stripped:
            out.append(f"{fence}```")
            fence = None
        if fence is None and stripped.startswith("```"):
            in_code = not in_code
        if fence is None and not in_code and stripped.startswith(">>>"):
            fence = indent
            out.append(f"{indent}```pycon")
        out.append(line if fence is not None or in_code else _ROLE.sub(r"`\1`", line))
    if fence is not None:
        out.append(f"{fence}```")
    return "\n".join(out)


class MarkdownDocstrings(griffe.Extension):
    """Rewrite each docstring with :func:`markdown_docstring` when it is loaded."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown_docstring(obj.docstring.value)
