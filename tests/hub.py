"""A real JupyterHub on this machine, for ``tests/test_hub.py``: Unix users, the hub, and each user's server.

The hub runs as root with PAM log-in and JupyterHub's own spawner, so each user's server runs as that
user; its proxy is configurable-http-proxy from npm (``python3 course.py test`` installs it into
``.venv/hub-node/``). A :class:`Person` logs in through the hub's log-in page, asks the hub for a token,
starts their server through the hub's REST API, and then works in it through the proxy: files through
the Jupyter server's contents API, commands in a terminal of the server (its websocket).

Every user made here has a name that starts with :data:`PREFIX`; :func:`remove_users` ends their
processes and deletes them with their homes (also what a crashed earlier run left).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import pwd
import re
import shlex
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
#: configurable-http-proxy, as ``course.py`` installs it (``HUB_NODE``)
PROXY = VENV / "hub-node" / "node_modules" / ".bin" / "configurable-http-proxy"
#: the start of every user name the test makes (and removes)
PREFIX = "ckhub-"
#: the lock a run holds while its test users exist (two runs on one machine take turns)
LOCK = Path("/run/lock") if Path("/run/lock").is_dir() else Path("/tmp")
#: how long the hub, a server or a command may take before the test gives up (a backstop, not a budget)
PATIENCE = 600.0


def free_port() -> int:
    """A TCP port of 127.0.0.1 free now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def made_users() -> list[str]:
    """The users of this machine whose names start with :data:`PREFIX`."""
    return [entry.pw_name for entry in pwd.getpwall() if entry.pw_name.startswith(PREFIX)]


def end_processes_of(uid: int) -> None:
    """Kill every process that runs as ``uid`` (the servers, kernels and terminals of a test user), and wait
    until they are gone."""
    import psutil

    found = []
    for process in psutil.process_iter(["uids"]):
        uids = process.info["uids"]
        if uids is not None and uid in (uids.real, uids.effective):
            with contextlib.suppress(psutil.Error):
                process.kill()
                found.append(process)
    psutil.wait_procs(found, timeout=30)


def remove_leftovers() -> None:
    """What a run killed on the spot left (its hub and proxy run as root, in a folder ``/tmp/ckhub-*``):
    end those processes, remove those folders, then the users (:func:`remove_users`)."""
    import psutil

    top = Path(tempfile.gettempdir())
    found = []
    for process in psutil.process_iter():
        with contextlib.suppress(psutil.Error, OSError):
            place = Path(process.cwd())
            if place.is_relative_to(top) and place.relative_to(top).parts[:1] and \
                    place.relative_to(top).parts[0].startswith(PREFIX):
                process.kill()
                found.append(process)
    psutil.wait_procs(found, timeout=30)
    for folder in top.glob(f"{PREFIX}*"):
        shutil.rmtree(folder, ignore_errors=True)
    remove_users()


def remove_users() -> None:
    """End the processes of every user of :func:`made_users` and delete them with their homes."""
    for name in made_users():
        uid = pwd.getpwnam(name).pw_uid
        for _ in range(10):  # a process may still be starting (a server the hub was spawning): kill again
            end_processes_of(uid)
            removed = subprocess.run(["userdel", "--remove", name], capture_output=True, text=True, check=False)
            if name not in made_users():
                break
            time.sleep(1)
        else:
            raise AssertionError(f"the test user {name} could not be removed: {removed.stderr}")


@contextlib.contextmanager
def machine_lock() -> Iterator[None]:
    """Hold this machine's lock of the hub's test: the users of :data:`PREFIX` are this run's alone."""
    with (LOCK / "coursekit-test-hub.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def end_tree(process: subprocess.Popen[bytes]) -> None:
    """Stop the hub and whatever it started (its proxy): politely, then for good."""
    import psutil

    try:
        children = psutil.Process(process.pid).children(recursive=True)
    except psutil.Error:
        children = []
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, 9)
        process.wait()
    for child in children:
        with contextlib.suppress(psutil.Error):
            child.kill()


def wait_until(ready: Any, what: str, seconds: float = PATIENCE) -> Any:
    """Call ``ready()`` until it returns something true; fail after ``seconds``."""
    end = time.monotonic() + seconds
    while True:
        value = ready()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not ready after {seconds:g} s")
        time.sleep(0.3)


def closed_folder(path: Path) -> Path | None:
    """The outermost folder above ``path`` (or itself) that other users cannot enter, if any.

    >>> closed_folder(Path("/usr/bin")) is None
    True
    """
    closed = [folder for folder in [path, *path.parents] if not folder.stat().st_mode & stat.S_IXOTH]
    return closed[-1] if closed else None


def shown_to_users() -> list[str]:
    """What starts a command so that other users can run this project's ``.venv`` and its Python.

    The ``.venv`` was made from the Python that runs the tests, and the project may lie, like that
    Python (pyenv's under ``/root``), in a folder other users cannot enter: their servers would then
    start another Python (the system's) with the ``.venv``'s packages, or none at all. Then the command
    runs in a mount namespace of its own, where each such folder is an empty one that anyone may enter,
    with the Python's folder and the project's shown in it, read-only, at their places: nothing changes
    for the rest of the machine.

    >>> shown_to_users() == [] or shown_to_users()[:2] == ["unshare", "--mount"]
    True
    """
    needed = [(folder, closed) for folder in (Path(sys.base_prefix), ROOT)
              if (closed := closed_folder(folder)) is not None]
    if not needed:
        return []
    lines = ["set -e"]
    lines += [f'stage{i}=$(mktemp -d); mount --bind {shlex.quote(str(folder))} "$stage{i}"'
              for i, (folder, _) in enumerate(needed)]
    lines += [f"mount -t tmpfs -o mode=755 tmpfs {shlex.quote(str(closed))}"
              for closed in sorted({closed for _, closed in needed})]
    lines += [f'mkdir -p {shlex.quote(str(folder))}; mount --bind -o ro "$stage{i}" {shlex.quote(str(folder))}'
              for i, (folder, _) in enumerate(needed)]
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", "\n".join([*lines, 'exec "$@"']), "sh"]


@dataclass
class Hub:
    """A JupyterHub started as root from ``folder/jupyterhub_config.py``, on ``port`` of 127.0.0.1."""

    folder: Path
    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, config: str) -> None:
        """Write ``config`` with this test's ports and files after it, start the hub and wait for its API."""
        (self.folder / "jupyterhub_config.py").write_text(config + f"""
# the test's own: ports, files, the proxy from npm
c.JupyterHub.bind_url = "{self.url}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]
c.JupyterHub.db_url = "sqlite:///{self.folder / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = "{self.folder / 'jupyterhub_cookie_secret'}"
c.Spawner.start_timeout = {int(PATIENCE)}
c.Spawner.http_timeout = {int(PATIENCE)}
""", encoding="utf-8")
        log = (self.folder / "hub.log").open("wb")
        self.process = subprocess.Popen(
            [*shown_to_users(), str(VENV / "bin" / "jupyterhub"), "-f", "jupyterhub_config.py"], cwd=self.folder,
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            env={"PATH": f"{VENV / 'bin'}:/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"})
        wait_until(self._answers, "the hub")

    def _answers(self) -> bool:
        import requests

        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"the hub stopped:\n{self.log()[-3000:]}")
        try:
            return requests.get(f"{self.url}/hub/api/", timeout=5).status_code == 200
        except requests.ConnectionError:
            return False

    def log(self) -> str:
        return (self.folder / "hub.log").read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        if self.process is not None:
            end_tree(self.process)
            self.process = None


@dataclass
class Person:
    """A user of the hub: logged in, with a token, and their own server."""

    hub: Hub
    name: str
    password: str
    token: str = ""
    terminal: Terminal | None = None
    session: Any = field(default=None, repr=False)

    def log_in(self) -> None:
        """Log in on the hub's page (PAM: the Unix password), then ask the hub for an API token."""
        import requests

        self.session = requests.Session()
        self.session.get(f"{self.hub.url}/hub/login", timeout=30).raise_for_status()
        xsrf = self.session.cookies.get("_xsrf", path="/hub/")
        answer = self.session.post(f"{self.hub.url}/hub/login?next=", allow_redirects=False, timeout=60,
                                   data={"username": self.name, "password": self.password, "_xsrf": xsrf})
        assert answer.status_code == 302, f"{self.name} cannot log in: {answer.status_code} {answer.text[:500]}"
        xsrf = self.session.cookies.get("_xsrf", path="/hub/")  # a new one for the user logged in
        made = self.session.post(f"{self.hub.url}/hub/api/users/{self.name}/tokens", timeout=30,
                                 headers={"X-XSRFToken": xsrf}, json={"note": "tests/test_hub.py"})
        assert made.status_code == 201, made.text
        self.token = made.json()["token"]

    def api(self, method: str, path: str, **kwargs: Any) -> Any:
        """A request to the hub's REST API (``path`` after ``/hub/api/``) with this user's token."""
        import requests

        return requests.request(method, f"{self.hub.url}/hub/api/{path}", timeout=60,
                                headers={"Authorization": f"token {self.token}"}, **kwargs)

    def start_server(self) -> None:
        """Ask the hub to start this user's server (:meth:`wait_for_server` waits until it is ready)."""
        answer = self.api("POST", f"users/{self.name}/server")
        assert answer.status_code in (201, 202), answer.text

    def wait_for_server(self) -> None:
        def ready() -> bool:
            server = self.api("GET", f"users/{self.name}").json()["servers"].get("")
            assert server is not None, f"{self.name}'s server did not start:\n{self.hub.log()[-3000:]}"
            return bool(server.get("ready"))

        wait_until(ready, f"{self.name}'s server")

    @property
    def server(self) -> str:
        return f"{self.hub.url}/user/{self.name}"

    def contents(self, method: str, path: str, model: dict[str, Any] | None = None) -> Any:
        """The Jupyter server's contents API: ``path`` from the user's home; the answer's model."""
        import requests

        answer = requests.request(method, f"{self.server}/api/contents/{path}", json=model, timeout=60,
                                  headers={"Authorization": f"token {self.token}"})
        assert answer.status_code in (200, 201), f"{method} {path}: {answer.status_code} {answer.text[:500]}"
        return answer.json()

    def assignments(self, action: str, course: str, assignment: str) -> list[dict[str, Any]]:
        """Press a button of nbgrader's *Assignments* tab (``fetch``, ``submit``, ``fetch_feedback``): the request
        the tab sends to its server extension. The list of the course's assignments the tab then shows."""
        import requests

        answer = requests.post(f"{self.server}/assignments/{action}", timeout=PATIENCE,
                               headers={"Authorization": f"token {self.token}"},
                               data={"course_id": course, "assignment_id": assignment})
        assert answer.status_code == 200, f"{action}: {answer.status_code} {answer.text[:500]}"
        shown = answer.json()
        assert shown["success"], f"{action}: {shown['value']}"
        listed: list[dict[str, Any]] = shown["value"]
        return listed

    def run(self, line: str) -> tuple[int, str]:
        """Type ``line`` in a terminal of this user's server; its exit status and what it printed."""
        if self.terminal is None:
            self.terminal = Terminal(self)
        return self.terminal.run(line)

    def close(self) -> None:
        if self.terminal is not None:
            self.terminal.close()
            self.terminal = None


class Terminal:
    """A terminal of a user's server, through the proxy: lines typed in, output read from its websocket.

    The websocket is websocket-client's, which blocks: no event loop of its own, so none that could
    clash with one already running in the test's thread (Playwright's, after a browser test).
    """

    def __init__(self, person: Person) -> None:
        import requests
        import websocket

        headers = {"Authorization": f"token {person.token}"}
        made = requests.post(f"{person.server}/api/terminals", headers=headers, timeout=60)
        assert made.status_code == 200, made.text
        url = f"{person.server}/terminals/websocket/{made.json()['name']}".replace("http://", "ws://")
        self.socket = websocket.create_connection(url, header=[f"{k}: {v}" for k, v in headers.items()], timeout=60)
        self.count = 0

    def run(self, line: str) -> tuple[int, str]:
        """Type ``line``, then a line that prints its exit status after a mark; read up to the mark."""
        import websocket

        self.count += 1
        mark = re.compile(rf"::done-{self.count}:(\d+)")
        self.socket.send(json.dumps(["stdin", f"{line}\r"]))
        self.socket.send(json.dumps(["stdin", f"echo ::done-{self.count}:$?\r"]))
        output = ""
        end = time.monotonic() + PATIENCE
        while not (found := mark.search(output)):
            left = end - time.monotonic()
            assert left > 0, f"{line!r} did not end:\n{output[-3000:]}"
            self.socket.settimeout(left)
            try:
                message = self.socket.recv()
            except websocket.WebSocketTimeoutException:
                continue  # the loop's assertion says so
            except websocket.WebSocketConnectionClosedException:
                message = None
            assert message, f"the terminal closed during {line!r}:\n{output[-3000:]}"
            kind, *text = json.loads(message)
            if kind == "stdout":
                output += text[0]
        return int(found.group(1)), output[:found.start()]

    def close(self) -> None:
        self.socket.close()
