#!/usr/bin/env python3
"""Set up and run the course with nothing but Python 3.11 and pip.

    python3 course.py open     # set up, build the lesson site, serve it on http://127.0.0.1:8000
    python3 course.py test     # set up, then run the whole test suite
    python3 course.py lab      # set up, then open the lessons in JupyterLab
    python3 course.py bench    # set up, then run the benchmarks and print their figures

Set-up makes a virtual environment in .venv and installs coursekit into it (with uv, or with
pip where uv cannot) at the pinned versions of constraints.txt (again only when pyproject.toml
or constraints.txt change). The test suite needs Debian's chromium (the browser tests) and
bubblewrap (the sandbox that grades submissions), and the JupyterHub test needs node and npm:
when they are missing and this runs as root on Debian, they are installed with apt-get. The hub's proxy,
configurable-http-proxy, is installed from npm at a pinned version into .venv/hub-node/.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
CHROMIUM = Path("/usr/bin/chromium")
NOISE = "Kernel is running over TCP without encryption"
#: JupyterHub's proxy, from npm, for the hub's test (tests/test_hub.py); installed into HUB_NODE.
PROXY = "configurable-http-proxy@5.3.0"
HUB_NODE = VENV / "hub-node"


def say(message: str) -> None:
    print(f"[course] {message}", flush=True)


def run(*command: str | Path, **kwargs: object) -> None:
    subprocess.run([str(c) for c in command], check=True, cwd=ROOT, **kwargs)  # type: ignore[call-overload]


def setup(extras: str = "all") -> None:
    """Create .venv and install coursekit (with ``extras``) at the pinned versions."""
    if sys.version_info < (3, 11):  # noqa: UP036 (this script must explain itself on an older Python)
        sys.exit(f"coursekit needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    files = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + (ROOT / "constraints.txt").read_bytes())
    stamp = VENV / ".coursekit-installed"
    installed = stamp.read_text().split() if PYTHON.exists() and stamp.exists() else []
    # Up to date when the pinned files are unchanged and the wanted extras were installed with them.
    wanted = {extras, "test"} if extras == "all" else {extras}  # the test set-up holds everything "all" does
    if installed[:1] == [files.hexdigest()] and (not extras or wanted & set(installed[1:])):
        return
    if not PYTHON.exists():
        say(f"creating the virtual environment {VENV.name}/")
        try:
            venv.create(VENV, with_pip=True)
            pip = [str(PYTHON), "-m", "pip"]
        except (subprocess.CalledProcessError, OSError):
            # Some systems ship venv without ensurepip: use this Python's pip for the new environment.
            shutil.rmtree(VENV, ignore_errors=True)
            venv.create(VENV, with_pip=False)
            pip = [sys.executable, "-m", "pip", "--python", str(PYTHON)]
    else:
        own_pip = (BIN / "pip").exists()
        pip = [str(PYTHON), "-m", "pip"] if own_pip else [sys.executable, "-m", "pip", "--python", str(PYTHON)]
    target = f".[{extras}]" if extras else "."
    say(f"installing {'coursekit[' + extras + ']' if extras else 'coursekit'} and its pinned dependencies")
    if not install_with_uv(pip, target):
        run(*pip, "install", "--quiet", "--disable-pip-version-check", "-c", "constraints.txt", "-e", target)
    stamp.write_text(" ".join([files.hexdigest(), *([extras] if extras else [])]) + "\n")


def install_with_uv(pip: list[str], target: str) -> bool:
    """Install ``target`` with uv, the installer pinned in constraints.txt, and say whether it worked.

    pip takes a minute and a half to choose among the many files of 180 pinned projects; uv, itself
    installed with pip, takes seconds. uv reads no pip configuration, so where it cannot install
    (no route to PyPI, an index of your own set in pip.conf) the caller falls back to pip."""
    try:
        run(*pip, "install", "--quiet", "--disable-pip-version-check", "-c", "constraints.txt", "uv")
        uv = BIN / ("uv.exe" if os.name == "nt" else "uv")
        env = dict(os.environ, UV_LINK_MODE=os.environ.get("UV_LINK_MODE", "copy"))
        # --compile-bytecode, as pip does: where PYTHONDONTWRITEBYTECODE is set, every process (each
        # kernel, each grading child) would otherwise compile every module it imports, again and again
        run(uv, "pip", "install", "--quiet", "--compile-bytecode", "--python", PYTHON, "-c", "constraints.txt",
            "-e", target, env=env)
    except (subprocess.CalledProcessError, OSError) as error:
        why = f"exit status {error.returncode}" if isinstance(error, subprocess.CalledProcessError) else error
        say(f"uv could not install ({why}); installing with pip instead (a minute or two)")
        return False
    return True


#: Debian packages the test suite uses: the path each one installs, and what it is for.
DEBIAN_PACKAGES = {
    "chromium": (CHROMIUM, "the browser tests"),
    "bubblewrap": (Path("/usr/bin/bwrap"), "the sandbox that grades submissions"),
    "postgresql": (Path("/usr/lib/postgresql"), "the grading tests on a PostgreSQL gradebook"),
    "nodejs": (Path("/usr/bin/node"), "JupyterHub's proxy (the hub's test)"),
    "npm": (Path("/usr/bin/npm"), "installing JupyterHub's proxy"),
}


def ensure_debian_packages() -> None:
    """Install the Debian packages of :data:`DEBIAN_PACKAGES` that are missing, when we may."""
    missing = [name for name, (path, _) in DEBIAN_PACKAGES.items() if not path.exists()]
    if not missing:
        return
    apt = shutil.which("apt-get")
    if apt and hasattr(os, "geteuid") and os.geteuid() == 0:
        say(f"installing Debian's {' and '.join(missing)} for "
            + " and ".join(DEBIAN_PACKAGES[name][1] for name in missing))
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run(apt, "update", "-qq", env=env)
        run(apt, "install", "-y", "-qq", *missing, env=env, stdout=subprocess.DEVNULL)
    else:
        for name in missing:
            say(f"{name} is missing: {DEBIAN_PACKAGES[name][1]} will be skipped or weaker "
                f"(on Debian: sudo apt-get install {name})")


def ensure_proxy() -> None:
    """Install :data:`PROXY` from npm into :data:`HUB_NODE` when it is not there at that version."""
    name, version = PROXY.rsplit("@", 1)
    package = HUB_NODE / "node_modules" / name / "package.json"
    if package.exists() and json.loads(package.read_text(encoding="utf-8")).get("version") == version:
        return
    npm = shutil.which("npm")
    if npm is None:
        say(f"npm is missing: the JupyterHub test will be skipped (it needs {name} from npm)")
        return
    say(f"installing {PROXY} (JupyterHub's proxy) from npm into {HUB_NODE.relative_to(ROOT)}/")
    run(npm, "install", "--prefix", HUB_NODE, "--no-audit", "--no-fund", "--loglevel=error", PROXY,
        stdout=subprocess.DEVNULL)


def build_site() -> Path:
    site = ROOT / "site"
    say("building the lesson site: the lessons are executed, and built as live notebooks for the browser "
        "(two or three minutes; the first build also fetches JupyterLite and Pyodide into .cache/lite)")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    build = subprocess.Popen([str(BIN / "mkdocs"), "build", "--quiet", "--site-dir", str(site)], cwd=ROOT, env=env,
                             stderr=subprocess.PIPE, text=True)
    assert build.stderr is not None
    for line in build.stderr:
        if NOISE not in line:  # the kernels that execute the lessons are local; this notice only alarms
            print(line, end="", file=sys.stderr)
    if build.wait() != 0:
        sys.exit("[course] the site did not build: see the messages above")
    return site


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site without a request log."""

    def log_message(self, format: str, *args: object) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A browser that closes a page early (or stops loading it) is no error worth a traceback."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):  # BrokenPipeError, ConnectionResetError, ...
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(site: Path, port: int) -> QuietServer:
    """The lesson site on http://127.0.0.1:<port>/ (port 0: a free port)."""
    return QuietServer(("127.0.0.1", port), functools.partial(QuietHandler, directory=str(site)))


def serve(site: Path, port: int) -> None:
    with make_server(site, port) as server:
        say(f"the course is open at http://127.0.0.1:{port}/  (Ctrl+C to stop)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            say("stopped")


def workers(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's options: a worker a core, each test file (and each group of files that share a
    set-up, ``tests/conftest.py``) on one worker; none when the arguments choose the workers themselves.

    >>> workers(["-m", "not slow"])
    ['-n', 'auto', '--dist', 'loadgroup']
    >>> workers(["-n", "0"]), workers(["-p", "no:xdist"])
    ([], [])
    """
    chosen = any(a in ("-n", "--numprocesses", "no:xdist") or a.startswith(("-n", "--numprocesses=", "--dist"))
                 for a in pytest_args)
    return [] if chosen else ["-n", "auto", "--dist", "loadgroup"]


def main() -> int:
    parser = argparse.ArgumentParser(description="Set up and run the coursekit course.")
    commands = parser.add_subparsers(dest="command", required=True)
    opener = commands.add_parser("open", help="set up, build the lesson site and serve it")
    opener.add_argument("--port", type=int, default=8000)
    opener.add_argument("--build-only", action="store_true", help="build the site and stop")
    tester = commands.add_parser("test", help="set up and run the whole test suite")
    tester.add_argument("pytest_args", nargs="*", help="extra arguments for pytest")
    commands.add_parser("lab", help="set up and open the lessons in JupyterLab")
    bencher = commands.add_parser("bench", help="set up and run the benchmarks (python -m benchmarks)")
    bencher.add_argument("bench_args", nargs="*", help="extra arguments for the benchmarks, e.g. -- --quick")
    args = parser.parse_args()

    if args.command == "open":
        setup()
        site = build_site()
        if not args.build_only:
            serve(site, args.port)
        return 0
    if args.command == "lab":
        setup()
        # Open the .py lessons as notebooks (a setting of this environment, not of the user's).
        overrides = VENV / "etc" / "jupyter" / "labconfig" / "default_setting_overrides.json"
        run(BIN / "jupytext-config", "--settings-file", overrides, "set-default-viewer", "python",
            stdout=subprocess.DEVNULL)
        os.chdir(ROOT / "lessons")
        os.execv(str(BIN / "jupyter"), [str(BIN / "jupyter"), "lab"])
    if args.command == "bench":
        setup()
        return subprocess.run([str(PYTHON), "-m", "benchmarks", *args.bench_args], cwd=ROOT, check=False).returncode
    setup("test")
    ensure_debian_packages()
    ensure_proxy()
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    # The suite starts hundreds of Python processes (workers, kernels, graders, the terminal's commands):
    # they share the compiled modules (__pycache__/, ignored by git) instead of compiling coursekit and
    # rewriting the tests' asserts again in each one, whatever the caller's PYTHONDONTWRITEBYTECODE says.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return subprocess.run([str(PYTHON), "-m", "pytest", *workers(args.pytest_args), *args.pytest_args], cwd=ROOT,
                          env=env, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
