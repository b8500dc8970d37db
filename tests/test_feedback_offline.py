"""The feedback page an instructor hands back loads nothing from another host, and reads well."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_feedback_page_loads_nothing_from_another_host() -> None:
    pytest.importorskip("nbgrader")
    from nbgrader.converters import GenerateFeedback
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config.loader import PyFileConfigLoader

    sys.path.insert(0, str(ROOT / "site_hooks"))
    try:
        from offline import external_resources
    finally:
        sys.path.remove(str(ROOT / "site_hooks"))

    config = PyFileConfigLoader("nbgrader_config.py", path=str(ROOT / "assignments")).load_config()
    feedback = GenerateFeedback(coursedir=CourseDirectory(config=config), config=config)
    exporter = feedback.exporter_class(parent=feedback, config=feedback.config)
    long_message = "the king on [4, 3] " * 40
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("| part | points |\n|---|---|\n| winning_move | 4 |"),
        nbformat.v4.new_code_cell("check()", outputs=[nbformat.v4.new_output("stream", text=long_message)]),
    ])
    html, _ = exporter.from_notebook_node(
        nb, resources={"nbgrader": {"notebook": "ps01", "score": 3, "max_score": 4, "late_penalty": 0}})
    assert external_resources(html) == [], external_resources(html)
    for host in ("cdnjs.cloudflare.com", "cdn.jsdelivr.net", "unpkg.com"):
        assert host not in html
    assert "th, td { padding" in html, "the feedback's tables have no spacing"
    assert "white-space: pre-wrap" in html, "long messages in the feedback do not wrap"
    assert long_message.strip()[:40] in html
