"""Shared fixtures: the boards' notebook served by JupyterLab and by Voila, open in chromium.

The server and the page are made once a session for each front end (the tests of all the
``test_browser_*.py`` files are grouped by it), so a whole run starts two servers, not two a file.
"""

from __future__ import annotations

from collections.abc import Iterator
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
