"""Shared fixtures: the boards' notebook served by JupyterLab and by Voila, open in chromium.

The server and the page are made once a session for each front end (the tests of all the
``test_browser_*.py`` files are grouped by it), so a whole run starts two servers, not two a file.
Every board test runs in JupyterLab; those marked ``voila`` in Voila too (:func:`pytest_generate_tests`).
"""

from __future__ import annotations

import contextlib
import fcntl
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# The property tests pass or fail on the code alone: no deadline per example and no health check
# that times the data generation (both move with the machine's load), and the same examples on
# every run (derandomised: a failure seen once is seen again, on any machine).
settings.register_profile("course", deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("course")


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


@pytest.fixture(scope="session")
def lab(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab or Voila serving the boards' notebook (``browser.notebook()``); the page's address.
    Which one: see :func:`pytest_generate_tests`."""
    from browser import serve

    yield from serve(request.param, tmp_path_factory)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test of the boards' page runs in JupyterLab; one marked ``voila`` runs in Voila as well.

    Both front ends show the same widgets, drawn by the same script (``boards/board.js``) from the
    same kernel: what differs is the page around them and how it loads them. So every board is played
    in full in JupyterLab, and in Voila each board's first test (a move, the answer, a refused move,
    New game), the colour checks, the accessibility checks (every clickable part reached by the
    keyboard and named) and the replay's buttons.
    """
    if "lab" in metafunc.fixturenames:
        fronts = ("jupyterlab", "voila") if metafunc.definition.get_closest_marker("voila") else ("jupyterlab",)
        metafunc.parametrize("lab", fronts, indirect=True, scope="session")


@pytest.fixture(scope="session")
def page(lab: str, playwright: Any) -> Iterator[Any]:
    """The boards' notebook open in chromium, all its cells run, every board drawn."""
    from browser import open_page

    yield from open_page(lab, playwright)


#: Test files that share something expensive or a folder of the repository, run by one worker:
#: the site's builds with their tools' cache, and the lessons' runs that the site shows.
SHARED = {"test_site.py": "site", "test_lite.py": "site"}
#: Test files whose module fixture is made once for each value of a parameter (an nbgrader course for each
#: problem set): the tests of one value share a worker, the values spread over the workers. A lesson's tests
#: go with the site (each lesson's one run a session serves its tests and the site's build).
PER_VALUE = {"test_assignments_nbgrader.py": "name", "test_lessons.py": "path", "test_lesson_answers.py": "path"}
#: The fixtures of the boards' page: one JupyterLab, one Voila and one chromium a session.
BROWSER = {"lab", "page"}


def group_of(item: pytest.Item) -> str:
    """The worker's group of a test: see :func:`pytest_collection_modifyitems`."""
    name = item.path.name
    if name in SHARED:
        return SHARED[name]
    if BROWSER & set(getattr(item, "fixturenames", ())):
        return "browser"
    params = getattr(getattr(item, "callspec", None), "params", {})
    value = params.get(PER_VALUE.get(name, ""))
    if isinstance(value, Path):  # a lesson: its one run a session (lesson_runs) also serves the site's build
        return SHARED["test_site.py"]
    return f"{item.path}:{value}" if value is not None else str(item.path)


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With ``-n`` (pytest-xdist, ``--dist loadgroup``): each test file runs on one worker, so its
    module fixtures (an nbgrader course, a batch of submissions) are made once; a file of
    :data:`PER_VALUE` runs on one worker for each value of its parameter (a lesson's tests go with the
    site, whose build shows the lessons' runs); the files in :data:`SHARED` share one worker with their group
    (the site's browser test with the site's build), and every other test of a browser (the boards'
    page) shares the browser's worker. A test marked ``xdist_group`` keeps its own group."""
    for item in items:
        if item.get_closest_marker("xdist_group"):
            continue
        group = group_of(item)
        item.add_marker(pytest.mark.xdist_group(group))


#: This worker's hold on the run's machine lock while one of its tests runs (see :func:`_machine`).
_HELD: dict[str, Any] = {}


@contextlib.contextmanager
def _machine(config: pytest.Config) -> Iterator[None]:
    """Under pytest-xdist, hold this run's machine lock, shared, while a test runs. A test that
    needs the machine to itself for a while takes it whole there (:func:`alone`); a gate before
    the lock lets no new test start while it waits for the tests running to end."""
    run = getattr(config, "workerinput", {}).get("testrunuid")
    if run is None:  # one process: nothing runs beside a test
        yield
        return
    folder = Path(tempfile.gettempdir())
    with open(folder / f"coursekit-tests-{run}.gate", "a") as gate, \
            open(folder / f"coursekit-tests-{run}.lock", "a") as lock:
        fcntl.flock(gate, fcntl.LOCK_SH)
        fcntl.flock(lock, fcntl.LOCK_SH)
        fcntl.flock(gate, fcntl.LOCK_UN)
        _HELD.update(gate=gate, lock=lock)
        try:
            yield
        finally:
            _HELD.clear()
            fcntl.flock(lock, fcntl.LOCK_UN)


@contextlib.contextmanager
def _alone() -> Iterator[None]:
    if not _HELD:  # one process, or outside a test
        yield
        return
    gate, lock = _HELD["gate"], _HELD["lock"]
    fcntl.flock(lock, fcntl.LOCK_UN)  # first let go, so that two tests that want to be alone take turns
    fcntl.flock(gate, fcntl.LOCK_EX)  # no new test starts on another worker ...
    fcntl.flock(lock, fcntl.LOCK_EX)  # ... and the ones running end
    try:
        yield
    finally:
        fcntl.flock(lock, fcntl.LOCK_SH)
        fcntl.flock(gate, fcntl.LOCK_UN)


@pytest.fixture
def alone() -> Callable[[], contextlib.AbstractContextManager[None]]:
    """``with alone():`` runs its block with no other test beside it (the other pytest-xdist workers
    wait), for the part of a test that makes the machine busy on purpose (``test_grading_load.py``):
    no other test's clock (a browser's wait, a cell's time-out) runs on a starved machine. The rest of
    the test runs beside the others, as every test does."""
    return _alone


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Each test, with its set-up and tear-down, holds the machine lock, shared (see :func:`_machine`)."""
    with _machine(item.config):
        return (yield)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The lesson site, built once a session with the project's ``mkdocs.yml`` and ``mkdocs build
    --strict``. Its lesson pages show the reader's part of each lesson's one run a session
    (``lesson_runs.run_with_answers``, handed over by ``COURSEKIT_LESSON_RUNS``: see
    ``site_hooks/lessons.py``), and its JupyterLite part is made from their sources. ``test_site.py``
    checks the executed pages, ``test_lite.py`` the live notebooks; the lessons' own tests read the same
    runs (one group: one worker)."""
    import os
    import subprocess
    import sys
    import time

    import nbformat
    from lesson_runs import LESSONS, run_with_answers

    root = Path(__file__).resolve().parent.parent
    out = tmp_path_factory.mktemp("site")
    runs = tmp_path_factory.mktemp("lesson-runs")
    start = time.monotonic()
    for lesson in sorted(LESSONS.glob("[0-9][0-9]-*.py")):
        nbformat.write(run_with_answers(lesson).reader, runs / f"{lesson.stem}.ipynb")
    print(f"lessons run in {time.monotonic() - start:.1f} s (those not run yet this session)")
    bin_dir = Path(sys.executable).parent
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
               COURSEKIT_LESSON_RUNS=str(runs))
    env.pop("COURSEKIT_LITE", None)  # the JupyterLite part is built (its default)
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(root / "mkdocs.yml"),
         "--site-dir", str(out)],
        cwd=root, env=env, capture_output=True, text=True, timeout=900, check=False,
    )
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr[-6000:]}"
    print(f"site built in {time.monotonic() - start:.1f} s")
    return out
