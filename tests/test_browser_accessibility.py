"""Every board on the boards' page passes axe-core's WCAG 2 A and AA checks, in JupyterLab and Voila.

axe-core (Deque's accessibility engine, MPL-2.0) is fetched from npm once, into
``.cache/axe/`` (with the npm of the JupyterLite build's tools when the machine has none),
and run inside the page on each board. Beyond its rules (names of buttons and controls,
contrast of text, roles, focus), the tests check what axe cannot see in an SVG picture: every
clickable part can be reached with the keyboard and says what it is.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

import pytest
from browser import *

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
AXE_VERSION = "4.11.0"
AXE = ROOT / ".cache" / "axe" / f"axe-core-{AXE_VERSION}" / "axe.min.js"


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's browser script (fetched from npm once)."""
    sys.path.insert(0, str(ROOT / "site_hooks"))
    from lite import _npm, cache_lock, tool_env

    with cache_lock():  # the tool env is the JupyterLite build's, which may run beside this test
        if not AXE.exists():
            npm = [shutil.which("npm")] if shutil.which("npm") else _npm(tool_env())
            work = AXE.parent.parent / "pack"
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir(parents=True)
            subprocess.run([*npm, "pack", "--silent", f"axe-core@{AXE_VERSION}"], cwd=work, check=True,
                           stdout=subprocess.DEVNULL)
            (tarball,) = work.glob("axe-core-*.tgz")
            with tarfile.open(tarball) as tar:
                tar.extractall(work, filter="data")
            AXE.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(work / "package" / "axe.min.js", AXE)
            shutil.copy2(work / "package" / "LICENSE", AXE.parent / "LICENSE")
            shutil.rmtree(work)
    return AXE.read_text(encoding="utf-8")


def course_boards(page: Any) -> list[str]:
    """The names of the boards on the page that are the course's board widget."""
    names = [name for name in chosen_boards() if board(page, name).locator(".ck-picture").count()]
    assert names, "no board of the course's widget on the page"
    return names


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_every_board_passes_axe_core_wcag_2_a_and_aa(page: Any, axe_source: str) -> None:
    page.evaluate(axe_source)
    problems = []
    for name in course_boards(page):
        found = page.evaluate(
            """async (selector) => {
                const result = await axe.run(document.querySelector(selector),
                    {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}});
                return result.violations.map(v => `${v.id}: ${v.help} (${v.nodes.length}: ${
                    v.nodes.slice(0, 2).map(n => n.html.slice(0, 120)).join(' | ')})`);
            }""", f".ck-board-{name}")
        problems += [f"{name}: {problem}" for problem in found]
    assert not problems, "\n".join(problems)


@pytest.mark.voila  # in Voila as well (tests/conftest.py)
def test_every_clickable_part_of_a_picture_is_reachable_and_named(page: Any) -> None:
    problems = []
    for name in course_boards(page):
        parts = board(page, name).locator(".ck-picture [data-hit]").evaluate_all(
            "es => es.map(e => [e.getAttribute('data-hit'), e.getAttribute('tabindex'), e.getAttribute('role'),"
            " e.getAttribute('aria-label')])")
        for key, tabindex, role, label in parts:
            if tabindex != "0" or role != "button" or not (label or "").strip():
                problems.append(f"{name}: {key!r} has tabindex {tabindex!r}, role {role!r}, label {label!r}")
        svg_named = board(page, name).locator(".ck-picture svg").evaluate_all(
            "es => es.every(e => e.getAttribute('role') === 'img' || e.querySelector('title'))")
        if not svg_named:
            problems.append(f"{name}: its picture has no role or title")
    assert not problems, "\n".join(problems)
