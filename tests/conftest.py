"""Shared fixtures: the boards' notebook served by JupyterLab and by Voila, open in chromium.

The server and the page are made once a session for each front end (the tests of all the
``test_browser_*.py`` files are grouped by it), so a whole run starts two servers, not two a file.
"""

from __future__ import annotations

import contextlib
import fcntl
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    """Playwright, started once: one sync API may run at a time, and the boards' page stays open
    for the whole session while other tests (the site's, JupyterLite's) launch browsers of their own."""
    from playwright.sync_api import sync_playwright

    started = sync_playwright().start()
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture(scope="session", params=("jupyterlab", "voila"))
def lab(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab or Voila serving the boards' notebook (``browser.notebook()``); the page's address."""
    from browser import serve

    yield from serve(request.param, tmp_path_factory)


@pytest.fixture(scope="session")
def page(lab: str, playwright: Any) -> Iterator[Any]:
    """The boards' notebook open in chromium, all its cells run, every board drawn."""
    from browser import open_page

    yield from open_page(lab, playwright)


#: Test files that share something expensive or a folder of the repository, run by one worker:
#: the lessons' one run a session (``lesson_runs``), and the site's builds with their tools' cache.
SHARED = {
    "test_lessons.py": "lessons", "test_lesson_answers.py": "lessons", "test_lessons_exact.py": "lessons",
    "test_site.py": "site", "test_lite.py": "site",
}
#: The fixtures of the boards' page: one JupyterLab, one Voila and one chromium a session.
BROWSER = {"lab", "page"}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With ``-n`` (pytest-xdist, ``--dist loadgroup``): each test file runs on one worker, so its
    module fixtures (an nbgrader course, a batch of submissions) are made once; the files in
    :data:`SHARED` share one worker with their group (the site's browser test with the site's
    build), and every other test of a browser (the boards' page) shares the browser's worker."""
    for item in items:
        if item.get_closest_marker("xdist_group"):
            continue
        name = item.path.name
        group = SHARED.get(name) or ("browser" if BROWSER & set(getattr(item, "fixturenames", ())) else str(item.path))
        item.add_marker(pytest.mark.xdist_group(group))


@contextlib.contextmanager
def _machine(config: pytest.Config, alone: bool) -> Iterator[None]:
    """Under pytest-xdist, hold this run's machine lock: shared by the tests, whole for a
    ``whole_machine`` test, which then runs with no other test beside it. A gate before it lets
    no new test start while a whole-machine test waits for the ones running to end."""
    run = getattr(config, "workerinput", {}).get("testrunuid")
    if run is None:  # one process: nothing runs beside a test
        yield
        return
    folder = Path(tempfile.gettempdir())
    with open(folder / f"coursekit-tests-{run}.gate", "a") as gate, \
            open(folder / f"coursekit-tests-{run}.lock", "a") as lock:
        fcntl.flock(gate, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        fcntl.flock(lock, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        if not alone:
            fcntl.flock(gate, fcntl.LOCK_UN)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            fcntl.flock(gate, fcntl.LOCK_UN)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Each test, with its set-up and tear-down, holds the machine lock (see :func:`_machine`):
    the test that makes the machine busy on purpose (``test_grading_load.py``) runs alone, so
    that no other test's clock (a browser's wait, a cell's time-out) runs on a starved machine."""
    with _machine(item.config, item.get_closest_marker("whole_machine") is not None):
        return (yield)
