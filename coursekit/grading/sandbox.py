"""A sandbox for a submission's code: a process of its own, out of reach of the grade.

The grader (the trusted side) never runs a student's code itself. It starts a
:class:`Sandbox`: a separate process (:mod:`coursekit.grading.runner`) that runs the
submission's cells, then answers calls: the grader sends each call's arguments as plain
data (:mod:`coursekit.grading.codec`), the student's function runs in the sandbox, and its
answer comes back as plain data that the grader reads strictly. Every limit is enforced
from outside: a call that runs too long, a process that dies or floods its channel is
killed, and the next call starts a fresh sandbox (the cells run again).

Time is counted three ways, each read by the grader from ``/proc``: the sandbox's CPU time
(the limit a check sets), its *waiting* (wall-clock time when none of its threads ran or was
ready to run, and the grader was not working for it either: a call that sleeps or blocks is
stopped after :func:`~coursekit.grading.limits.wait_backstop` seconds, its CPU limit plus two,
however busy the machine is), and the wall clock (a generous backstop). The grader never
blocks on the sandbox: every request and every answer to a measured helper is written without
blocking, within the same limits, so a sandbox that floods the channel and does not read is
stopped like one that sleeps.

On Linux with bubblewrap (``bwrap``), the sandbox sees the file system read-only except a
private scratch folder, with only the Python it runs and the course package (never the
course folder: no sources, no hidden tests, no gradebook), no network, its own process and
user namespaces (it cannot see or signal the grader), and dies with the grader. Started by
root, it runs as the unprivileged user ``nobody``. Without bubblewrap the sandbox is only
a separate process with resource limits: :func:`isolation` says plainly what it does not
protect.

>>> with Sandbox(["def double(n):\\n    print('doubling', n)\\n    return 2 * n"]) as box:
...     box.names, box.call("double", (21,))
({'double': 'function'}, 42)
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .codec import CodecError, decode, encode
from .limits import Described, OverTime, wait_backstop, wall_backstop

#: The unprivileged user and group the sandbox runs as when the grader is root.
NOBODY = 65534
RUNNER = Path(__file__).with_name("runner.py")
PACKAGE = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Limits:
    """What one sandbox may use: memory (bytes of address space), CPU seconds, processes
    (threads count), the size of a file it writes, open files; seconds of CPU time for each of
    its cells and (by default) for one call, each with a limit on waiting, that many seconds plus two
    (:func:`~coursekit.grading.limits.wait_backstop`), and a wall-clock backstop
    (:func:`~coursekit.grading.limits.wall_backstop`); the largest reply it may send (bytes)."""

    memory: int = 1 << 30
    cpu: int = 60
    processes: int = 32
    file_size: int = 16 << 20
    open_files: int = 64
    cells_seconds: float = 20.0
    call_seconds: float = 10.0
    reply_bytes: int = 8 << 20
    scratch_bytes: int = 64 << 20

    def for_runner(self) -> dict[str, int]:
        return {"memory": self.memory, "cpu": self.cpu, "processes": self.processes,
                "file_size": self.file_size, "open_files": self.open_files}


class SandboxProblem(Described):
    """A call that could not be answered: it ran too long, the process ended, or the reply was not data."""


class CallOverTime(SandboxProblem, OverTime):
    """A call stopped for its time: over its CPU time (``cpu``), or by the clock: it waited too long
    (slept, blocked, flooded the channel) or ran over the wall-clock backstop."""

    def __init__(self, description: str, cpu: bool) -> None:
        SandboxProblem.__init__(self, description)
        self.cpu = cpu


def bubblewrap() -> str | None:
    """The path of ``bwrap``, or ``None`` where it is missing (or ``COURSEKIT_SANDBOX=process``)."""
    if os.environ.get("COURSEKIT_SANDBOX") == "process" or not sys.platform.startswith("linux"):
        return None
    return shutil.which("bwrap")


def isolation() -> str:
    """One paragraph for the grading log: how submissions are isolated here, and what is not protected.

    >>> isolation().split(":")[0] in ("bubblewrap", "separate process only")
    True
    """
    if bubblewrap():
        return ("bubblewrap: each submission runs in its own process, user and PID namespaces, with a "
                "read-only view of Python and the course package only, a private scratch folder, no network, "
                "and limits on memory, CPU time, processes, file size and output. Not covered: memory held "
                "through memfd or many open files (cgroup limits would close this where the machine allows them).")
    return ("separate process only: bubblewrap (Debian package `bubblewrap`) is not available, so each "
            "submission runs in a separate process with limits on memory, CPU time, processes, file size "
            "and output, and the checks stay in the grader's process. NOT protected: the submission can read "
            "and write every file the grading user can (the course folder, the gradebook, other "
            "submissions, the installed package), use the network, and start processes that outlive "
            "grading. Install bubblewrap before grading work you do not trust.")


def _reachable(path: Path) -> bool:
    """Whether the user ``nobody`` can reach ``path`` (every folder above it can be entered)."""
    for folder in [*reversed(path.parents), path]:
        try:
            mode = folder.stat().st_mode
        except OSError:
            return False
        if folder.is_dir() and not mode & 0o001:
            return False
    return True


def _binds() -> list[Path]:
    """The folders the sandbox needs: the Python it runs, its environment and the course package."""
    wanted = {Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve(), PACKAGE}
    kept: list[Path] = []
    for path in sorted(wanted, key=lambda p: len(p.parts)):
        if str(path).startswith("/usr/") or path == Path("/usr") or any(path.is_relative_to(k) for k in kept):
            continue
        kept.append(path)
    return kept


#: Clock ticks a second, the unit of the CPU times in ``/proc/<pid>/stat``.
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
#: How many argument texts each side keeps, with the value (see :meth:`Sandbox.call`).
KEPT = 64
#: While a call runs, the grader looks at the sandbox's CPU time this often (seconds of wall clock).
POLL = 0.05


def _stat_cpu(descriptor: int) -> float | None:
    """user + system CPU seconds of a process and of its children it has waited for, read from its
    ``/proc/<pid>/stat`` (already open), or ``None`` once the process is gone."""
    try:
        text = os.pread(descriptor, 4096, 0)
    except OSError:
        return None
    fields = text[text.rfind(b")") + 2:].split()
    if len(fields) < 15:
        return None
    return sum(int(f) for f in fields[11:15]) / TICKS  # utime, stime, cutime, cstime


def _schedstat(path: str) -> int | None:
    """Nanoseconds a thread has run plus those it waited, ready, for a processor (``schedstat``), or ``None``."""
    try:
        with open(path, "rb") as file:
            fields = file.read(200).split()
        return int(fields[0]) + int(fields[1])
    except (OSError, ValueError, IndexError):
        return None


def _grader_active() -> float | None:
    """Seconds this thread (the grader's, answering a call) has run or been ready to run, or ``None``."""
    ran = _schedstat("/proc/thread-self/schedstat")
    return ran / 1e9 if ran is not None else None


def _parent(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            text = file.read()
    except OSError:
        return None
    fields = text[text.rfind(b")") + 2:].split()
    return int(fields[1]) if len(fields) > 1 else None


#: How often (seconds of wall clock) the meter looks for new processes below the sandbox's first one.
SCAN = 0.25


def _descendants(top: int) -> list[int]:
    """The processes below ``top`` (children, their children, ...), parents before children, from ``/proc``.

    >>> child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    >>> child.pid in _descendants(os.getpid())
    True
    >>> child.kill(); _ = child.wait()
    """
    children: dict[int, list[int]] = {}
    with contextlib.suppress(OSError), os.scandir("/proc") as entries:
        for entry in entries:
            if entry.name.isdigit():
                parent = _parent(int(entry.name))
                if parent is not None:
                    children.setdefault(parent, []).append(int(entry.name))
    found: list[int] = []
    level = [top]
    while level:
        level = [child for pid in level for child in sorted(children.get(pid, ()))]
        found.extend(level)
    return found


class CpuMeter:
    """The CPU time used inside one sandbox, read by the grader from outside (``/proc``), never reported by it.

    It adds up the process the grader started (``top``: the runner itself, or bubblewrap's first
    process inside the sandbox, which reaps every process that ends there), under bubblewrap the
    runner (its child), and every process still running below them, found by a look through
    ``/proc`` at most every :data:`SCAN` seconds: a submission that starts processes which keep
    computing pays for their CPU time while they run, not only once they end (then it is in their
    parent's count of its children). The reading never goes back.

    >>> meter = CpuMeter(os.getpid())
    >>> first = meter.seconds(); sum(range(10 ** 6)) > 0 and meter.seconds() >= first
    True
    """

    def __init__(self, top: int, runner_inside: bool = False) -> None:
        self.top = top
        self._pids: list[int] = []
        self._files: list[int] = []
        self._ran: dict[int, int] = {}  # each thread's nanoseconds run or ready to run, as last read
        self._ran_total = 0
        self._below: dict[int, int] = {}  # pid of a process below: its open /proc/<pid>/stat
        self._mine: set[int] = {top}
        self._last = 0.0
        self._scanned = -math.inf
        self._open(top)
        self._runner_found = not runner_inside

    def _open(self, pid: int) -> None:
        with contextlib.suppress(OSError):
            self._files.append(os.open(f"/proc/{pid}/stat", os.O_RDONLY))
            self._mine.add(pid)
            self._pids.append(pid)

    def _find_runner(self) -> None:
        for pid in range(self.top + 1, self.top + 64):  # bubblewrap starts it right after its first process
            if _parent(pid) == self.top:
                self._open(pid)
                self._runner_found = True
                return

    def _scan(self) -> None:
        now = time.monotonic()
        if now - self._scanned < SCAN:
            return
        self._scanned = now
        for pid in _descendants(self.top):
            if pid not in self._mine and pid not in self._below:
                with contextlib.suppress(OSError):
                    self._below[pid] = os.open(f"/proc/{pid}/stat", os.O_RDONLY)

    def seconds(self) -> float:
        """CPU seconds so far (never less than the last reading: a process that ended keeps its time).

        The first processes are read before those below them: a process that ends in between is
        then missed for one reading (the next one finds it in its parent's count), never counted twice.
        """
        if not self._runner_found:
            self._find_runner()
        self._scan()
        readings = [_stat_cpu(f) for f in self._files]
        below = 0.0
        for pid, descriptor in list(self._below.items()):
            reading = _stat_cpu(descriptor)
            if reading is None:  # ended and reaped: its time is in its parent's count now
                with contextlib.suppress(OSError):
                    os.close(descriptor)
                del self._below[pid]
            else:
                below += reading
        if readings and all(r is not None for r in readings):
            self._last = max(self._last, sum(r for r in readings if r is not None) + below)
        return self._last

    def active(self) -> float | None:
        """Seconds the sandbox's threads have run or been ready to run (waiting for a processor), all
        together, from each thread's ``/proc/<pid>/task/<tid>/schedstat``; ``None`` where it cannot be read.

        What a call adds to it, taken from the wall-clock time it took, is the time it *waited*: slept,
        or blocked on a pipe or a lock. A thread that ended keeps its last reading. Processes below the
        first ones are those found by :meth:`seconds`.

        >>> meter = CpuMeter(os.getpid())
        >>> first = meter.active(); sum(range(10 ** 6)) > 0 and (first is None or meter.active() > first)
        True
        """
        read = False
        for pid in [*self._pids, *self._below]:
            try:
                threads = os.listdir(f"/proc/{pid}/task")
            except OSError:
                continue
            for thread in threads:
                ran = _schedstat(f"/proc/{pid}/task/{thread}/schedstat")
                if ran is None:
                    continue
                read = True
                last = self._ran.get(int(thread), 0)
                if ran > last:
                    self._ran[int(thread)] = ran
                    self._ran_total += ran - last
        return self._ran_total / 1e9 if read else None

    def close(self) -> None:
        for descriptor in [*self._files, *self._below.values()]:
            with contextlib.suppress(OSError):
                os.close(descriptor)
        self._files = []
        self._below = {}


@dataclass
class _Clock:
    """The limits of one request to the sandbox, and where its clocks stood when it was sent.

    ``seconds`` of wall clock; with ``cpu``: that many seconds of the sandbox's CPU time, and
    :func:`~coursekit.grading.limits.wait_backstop` of it of waiting (the wall-clock time when neither
    the sandbox nor the grader, answering its measured helpers, ran or was ready to run).
    """

    seconds: float
    cpu: float | None
    began: float = field(default_factory=time.monotonic)
    cpu_start: float | None = None
    active_start: float | None = None
    grader_start: float | None = None
    looked: float = -math.inf

    @property
    def watching(self) -> bool:
        return self.cpu_start is not None

    def pause(self) -> float:
        """How long to wait for the channel before looking at the clocks again."""
        left = max(0.0, self.began + self.seconds - time.monotonic())
        return min(left, POLL) if self.watching else left

    def waited(self, meter: CpuMeter) -> float | None:
        """Seconds of waiting since the request was sent (``None`` where it cannot be read)."""
        active = meter.active()
        if active is None or self.active_start is None:
            return None
        grader = _grader_active()
        helped = grader - self.grader_start if grader is not None and self.grader_start is not None else 0.0
        return time.monotonic() - self.began - (active - self.active_start) - helped


@dataclass
class _Started:
    process: subprocess.Popen[bytes]
    stage: str | None = None
    buffer: bytearray = field(default_factory=bytearray)
    inner: int | None = None  # bubblewrap's first process inside the sandbox: killing it ends them all
    asked: int = 0
    meter: CpuMeter | None = None
    ready_cpu: float = 0.0  # the CPU time when its cells had run (calls count from there)


class Sandbox:
    """A submission's cells, run in a sandbox, and calls of what they defined.

    ``cells`` are the sources to run in order. After the start, ``results`` holds each cell's
    output and error (text) and ``names`` what the cells defined (``"function"`` or ``"value"``).

    ``measured`` names helpers that the ``setup`` cells (their indexes) define: in the sandbox,
    after those cells, each becomes a stand-in that asks the grader, which answers with its own
    function and records the arguments (``recorded``, for the last call). So a quantity such as
    the cells a search expands is measured here, not reported by the student's code.

    ``references`` names the course modules that hold the reference answer: ``used`` collects
    those the student's cells and calls imported or used (recorded in the sandbox, see
    :class:`coursekit.grading.runner.Watch`), for a person's review.
    """

    def __init__(self, cells: Sequence[str], limits: Limits | None = None, *,
                 setup: Collection[int] = (), measured: Mapping[str, Callable[..., Any]] | None = None,
                 references: Sequence[str] = ()) -> None:
        self.cells = list(cells)
        self.references = [str(name) for name in references]
        #: the reference modules the student's code used, as the sandbox reported them
        self.used: set[str] = set()
        self.limits = limits or Limits()
        self.setup = set(setup)
        self.measured = dict(measured or {})
        #: the arguments of each use of a measured helper during the last call (see :meth:`call`)
        self.recorded: dict[str, list[tuple[Any, ...]]] = {}
        self._seen: dict[str, Any] = {}
        self._sent: dict[int, tuple[Any, str]] = {}
        self._cpu_done = 0.0  # CPU seconds of calls in sandboxes already closed
        self.results: list[dict[str, Any]] = []
        self.names: dict[str, str] = {}
        self.restarts = 0
        self.isolated = bubblewrap() is not None
        self._box: _Started | None = None
        self._skip: set[int] = set()
        self.start()

    # -- the process --------------------------------------------------------------------
    def _command(self, info: int | None = None) -> tuple[list[str], dict[str, Any], str | None]:
        python = str(Path(sys.executable).absolute())
        settings = json.dumps({"limits": self.limits.for_runner(), "measured": sorted(self.measured),
                               "references": self.references})
        if not self.isolated:
            return [python, "-I", str(RUNNER), settings], {"start_new_session": True}, None
        bwrap = bubblewrap()
        assert bwrap is not None
        command = [bwrap, "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib",
                   "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin",
                   "--proc", "/proc", "--dev", "/dev",
                   "--size", str(self.limits.scratch_bytes), "--tmpfs", "/tmp",
                   "--size", str(16 << 20), "--tmpfs", "/dev/shm"]
        root = os.geteuid() == 0
        stage = tempfile.mkdtemp(prefix="coursekit-sandbox-") if root else None
        staged: list[tuple[Path, str]] = []
        for number, path in enumerate(_binds()):
            source = str(path)
            if root and not _reachable(path):
                assert stage is not None
                source = os.path.join(stage, str(number))
                os.mkdir(source)
                staged.append((path, source))
            command += ["--ro-bind", source, str(path)]
        if info is not None:
            command += ["--info-fd", str(info)]
        command += ["--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session",
                    "--cap-drop", "ALL", "--chdir", "/tmp", "--clearenv",
                    "--setenv", "PATH", f"{Path(sys.prefix)}/bin:/usr/bin:/bin", "--setenv", "HOME", "/tmp",
                    "--setenv", "LANG", "C.UTF-8", "--setenv", "OPENBLAS_NUM_THREADS", "1",
                    "--setenv", "OMP_NUM_THREADS", "1", python, "-I", str(RUNNER), settings]
        if not root:
            return command, {"pass_fds": (info,)} if info is not None else {}, None
        assert stage is not None
        os.chmod(stage, 0o755)
        # As root: in a mount namespace of its own, make the folders that ``nobody`` cannot reach
        # visible at a reachable place, then become ``nobody`` and start bubblewrap.
        mounts = " && ".join(f'mount --bind "{path}" "{source}"' for path, source in staged) or "true"
        script = f'{mounts} && exec setpriv --reuid={NOBODY} --regid={NOBODY} --clear-groups "$@"'
        extra = {"pass_fds": (info,)} if info is not None else {}
        return ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh", *command], extra, stage

    def start(self) -> None:
        """Start the process and run the cells one by one (``results`` and ``names`` come from the
        first start). A cell that ends the process is reported and left out: the cells before it
        run again in a fresh process, then the ones after it, as in a notebook where it raised."""
        first = not self.results
        results: dict[int, dict[str, Any]] = {}
        number = 0
        while number < len(self.cells):
            if number in self._skip:
                number += 1
                continue
            if self._box is None:
                self._spawn()
            try:
                reply = self._ask({"op": "cells", "cells": [self.cells[number]], "setup": number in self.setup},
                                  wall_backstop(self.limits.cells_seconds), self.limits.cells_seconds)
            except SandboxProblem as problem:
                self._skip.add(number)
                results.setdefault(number, {"output": "", "error": f"This cell {problem.description}."})
                number = 0  # afresh: the cells before it run again in a new process, then the rest
                continue
            results.setdefault(number, _cell_results(reply, 1)[0])
            names = reply.get("names")
            if isinstance(names, dict):
                self.names.update({str(k): str(v) for k, v in names.items()})
            number += 1
        if first:
            self.results = [results.get(n, {"output": "", "error": None}) for n in range(len(self.cells))]
        if self._box is None:
            self._spawn()
        assert self._box is not None
        if self._box.meter is not None:
            self._box.ready_cpu = self._box.meter.seconds()

    def cpu_seconds(self) -> float:
        """The CPU time the calls have used in this sandbox (all its restarts), read from outside.

        The cells' own runs are not counted; where the CPU time cannot be read (no ``/proc``),
        the wall-clock time of the calls stands in for it.
        """
        box = self._box
        if box is None or box.meter is None:
            return self._cpu_done
        return self._cpu_done + max(0.0, box.meter.seconds() - box.ready_cpu)

    def _spawn(self) -> None:
        reading, writing = os.pipe() if self.isolated else (None, None)
        command, extra, stage = self._command(writing)
        try:
            process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, **extra)
        finally:
            if writing is not None:
                os.close(writing)
        assert process.stdin is not None
        os.set_blocking(process.stdin.fileno(), False)  # written only by _send, within each request's limits
        self._box = _Started(process, stage)
        if reading is not None:
            self._box.inner = _inner_pid(reading, self.limits.cells_seconds)
        if self._box.inner is not None:
            self._box.meter = CpuMeter(self._box.inner, runner_inside=True)
        elif not self.isolated:
            self._box.meter = CpuMeter(process.pid)

    def close(self) -> None:
        """Kill the sandbox (and with it every process it started)."""
        if self._box is not None and self._box.meter is not None:
            self._cpu_done = self.cpu_seconds()
        box, self._box = self._box, None
        if box is None:
            return
        if box.meter is not None:
            box.meter.close()
        process = box.process
        if process.poll() is None and box.inner is not None:
            # Bubblewrap's first process inside: killing it ends every process of the sandbox, and
            # bubblewrap outside then reaps it and exits (killing both at once leaves a zombie).
            _kill(box.inner, os.kill)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=2)
        if process.poll() is None:
            _kill(process.pid, os.kill if self.isolated else os.killpg)
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        process.wait()
        if box.stage:
            shutil.rmtree(box.stage, ignore_errors=True)

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _restart(self) -> None:
        self.close()
        self.restarts += 1
        self.start()

    # -- the channel ----------------------------------------------------------------------
    def _ask(self, request: dict[str, Any], seconds: float, cpu: float | None = None) -> dict[str, Any]:
        """Send one request and read one reply within ``seconds`` of wall clock (and, when ``cpu`` is given,
        ``cpu`` seconds of the sandbox's CPU time and :func:`~coursekit.grading.limits.wait_backstop` of it
        of waiting); any failure kills the sandbox."""
        box = self._box
        assert box is not None and box.process.stdin is not None and box.process.stdout is not None
        box.asked += 1
        number = box.asked
        try:
            clock = self._clock(box, seconds, cpu)
            self._send(box, (json.dumps({**request, "id": number}) + "\n").encode(), clock)
            while True:  # replies to earlier requests (sent twice, by a forked process) are passed over
                reply = json.loads(self._read_line(box, clock))
                if not isinstance(reply, dict):
                    raise SandboxProblem("sent something that is not an answer")
                self._note_used(reply.pop("used", None))
                if reply.pop("id", None) != number:
                    continue
                if "callback" in reply:
                    self._answer_callback(box, reply, clock)
                    continue
                return reply
        except (BrokenPipeError, ValueError) as error:
            self.close()
            raise SandboxProblem(_ended("stopped the program that runs your code")) from error
        except BaseException:
            self.close()  # a time limit of the check rang, or the reply was refused: start afresh
            raise

    @staticmethod
    def _clock(box: _Started, seconds: float, cpu: float | None) -> _Clock:
        meter = box.meter if cpu is not None else None
        if meter is None:
            return _Clock(seconds, None)
        return _Clock(seconds, cpu, cpu_start=meter.seconds(), active_start=meter.active(),
                      grader_start=_grader_active())

    @staticmethod
    def _over(box: _Started, clock: _Clock, sending: bool = False) -> None:
        """Raise :class:`CallOverTime` when the request is over one of its limits (the clocks that need
        ``/proc`` are read at most every :data:`POLL` seconds)."""
        now = time.monotonic()
        flooded = ("flooded the channel: it sent the grader messages without reading its answers, and was "
                   "stopped after {:.0f} s by the clock")
        if now - clock.began >= clock.seconds:
            if sending:
                raise CallOverTime(flooded.format(clock.seconds), cpu=False)
            raise CallOverTime(f"did not return within {clock.seconds:g} s by the clock (the process was stopped)",
                               cpu=False)
        if box.meter is None or clock.cpu is None or clock.cpu_start is None or now - clock.looked < POLL:
            return
        clock.looked = now
        if box.meter.seconds() - clock.cpu_start > clock.cpu:
            raise CallOverTime(f"did not return within {clock.cpu:g} s of CPU time (the process was stopped)",
                               cpu=True)
        waiting = wait_backstop(clock.cpu)
        waited = clock.waited(box.meter)
        if waited is not None and waited > waiting:
            if sending:
                raise CallOverTime(flooded.format(now - clock.began), cpu=False)
            raise CallOverTime(f"waited {waiting:g} s by the clock without computing (its limit is {clock.cpu:g} s "
                               f"of CPU time; the process was stopped)", cpu=False)

    def _send(self, box: _Started, data: bytes, clock: _Clock) -> None:
        """Write ``data`` to the sandbox without ever blocking: a sandbox that does not read is stopped at
        the request's limits (it flooded the channel)."""
        assert box.process.stdin is not None
        descriptor = box.process.stdin.fileno()
        left = memoryview(data)
        while left:
            try:
                left = left[os.write(descriptor, left):]
            except BlockingIOError:
                select.select([], [descriptor], [], clock.pause())
            if left:
                self._over(box, clock, sending=True)

    def _note_used(self, used: Any) -> None:
        """Keep the reference modules a reply says the student's code used (only those asked about)."""
        if isinstance(used, list):
            self.used.update(name for name in used if isinstance(name, str) and name in self.references)

    def _answer_callback(self, box: _Started, request: dict[str, Any], clock: _Clock) -> None:
        """Answer a measured helper's use from the sandbox with the grader's own function, and record it."""
        name, args = request.get("callback"), request.get("args")
        helper = self.measured.get(name) if isinstance(name, str) else None
        try:
            if helper is None or not isinstance(args, list) or not all(isinstance(a, str) for a in args):
                raise SandboxProblem("asked for a helper that is not measured")
            values = tuple(self._decoded(arg) for arg in args)
            self.recorded.setdefault(str(name), []).append(values)
            answer = {"op": "answer", "value": encode(helper(*values))}
        except SandboxProblem:
            raise
        except Exception as error:  # the helper refused the student's arguments: the student's call raises
            answer = {"op": "answer", "raised": f"{type(error).__name__}: {error}"}
        self._send(box, (json.dumps(answer) + "\n").encode(), clock)

    def _decoded(self, text: str) -> Any:
        """An argument of a measured helper, decoded once (the same grid comes with every use)."""
        if text not in self._seen:
            if len(self._seen) > 256:
                self._seen.clear()
            try:
                self._seen[text] = decode(text)
            except CodecError as error:
                raise SandboxProblem(f"asked with something that is not plain data ({error})") from error
        return self._seen[text]

    def _read_line(self, box: _Started, clock: _Clock) -> bytes:
        """The next line the sandbox sent, read within the request's limits (looked at between reads too:
        a sandbox that keeps sending is stopped by them all the same)."""
        out = box.process.stdout
        assert out is not None
        descriptor = out.fileno()
        while True:
            self._over(box, clock)  # also between lines: a call that asks its helpers without end is stopped
            end = box.buffer.find(b"\n")
            if end >= 0:
                line = bytes(box.buffer[:end])
                del box.buffer[:end + 1]
                return line
            if len(box.buffer) > self.limits.reply_bytes:
                raise SandboxProblem(f"the answer is larger than {self.limits.reply_bytes >> 20} MB")
            ready, _, _ = select.select([descriptor], [], [], clock.pause())
            if ready:
                chunk = os.read(descriptor, 1 << 16)
                if not chunk:
                    raise SandboxProblem(_ended("ended the program that runs your code"))
                box.buffer += chunk

    # -- what the grader asks -------------------------------------------------------------
    def call(self, name: str, args: Sequence[Any], seconds: float | None = None, cpu: float | None = None, *,
             measure: bool = True) -> Any:
        """``name(*args)`` in the sandbox; its answer as plain data (an ``Opaque`` stands for the rest).

        Raises :class:`SandboxProblem` if the call raised (its description), used more than ``cpu``
        seconds of the sandbox's CPU time (default: the limits' ``call_seconds``), waited (slept, blocked,
        flooded the channel) more than :func:`~coursekit.grading.limits.wait_backstop` of that (``cpu`` + 2 s)
        or ran longer than ``seconds`` by the clock (default: the backstop of ``cpu``,
        :func:`~coursekit.grading.limits.wall_backstop`) (:class:`CallOverTime`), ended the process or sent
        something that is not data.

        Each argument is sent as its own text; the sandbox keeps the value it decoded from a text
        (when it can be hashed: rules, grids, states), so the same rules come as the same object,
        caches included, on every call of a game. With ``measure=False`` the measured helpers answer in
        the sandbox during this call, and nothing is recorded.
        """
        if self._box is None:
            self._restart()
        self.recorded = {}
        request: dict[str, Any] = {"op": "call", "name": name, "args": [self._encoded(arg) for arg in args]}
        if not measure and self.measured:
            request["measure"] = False
        cpu = cpu if cpu is not None else self.limits.call_seconds
        reply = self._ask(request, seconds if seconds is not None else wall_backstop(cpu), cpu)
        return self._answer(reply)

    def _encoded(self, value: Any) -> str:
        """``encode(value)``, remembered for a value that cannot change (the same rules, call after call)."""
        if value is None or type(value) in (int, str, bool, float, list, dict, set):
            return encode(value)
        known = self._sent.get(id(value))
        if known is None or known[0] is not value:
            if len(self._sent) >= KEPT:
                self._sent.pop(next(iter(self._sent)))
            known = self._sent[id(value)] = (value, encode(value))  # the value is kept, so its id stays its own
        return known[1]

    def seed(self, value: int) -> None:
        """``random.seed(value)`` in the sandbox (a student's player that draws at random then plays
        the same game every run, as it would in the student's own notebook)."""
        if self._box is None:
            self._restart()
        self._answer(self._ask({"op": "seed", "value": int(value)}, self.limits.call_seconds))

    def value(self, name: str) -> Any:
        """The value the cells gave ``name``, as plain data."""
        if self._box is None:
            self._restart()
        return self._answer(self._ask({"op": "get", "name": name}, self.limits.call_seconds))

    def _answer(self, reply: dict[str, Any]) -> Any:
        if set(reply) == {"value"} and isinstance(reply["value"], str):
            try:
                return decode(reply["value"])
            except CodecError as error:
                self.close()
                raise SandboxProblem(f"answered with something that is not plain data ({error})") from error
        if set(reply) == {"raised"} and isinstance(reply["raised"], str):
            raise SandboxProblem(reply["raised"][:2000])
        self.close()
        raise SandboxProblem("sent a reply that is not an answer")


def _kill(pid: int, kill: Any) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        kill(pid, signal.SIGKILL)


def _inner_pid(reading: int, seconds: float) -> int | None:
    """The pid bubblewrap reports on its ``--info-fd`` (``{"child-pid": N}``), or ``None``."""
    data = b""
    deadline = time.monotonic() + seconds
    try:
        while b"}" not in data and time.monotonic() < deadline:
            ready, _, _ = select.select([reading], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(reading, 4096) if ready else b""
            if not chunk:
                break
            data += chunk
    finally:
        os.close(reading)
    try:
        pid = json.loads(data[:data.index(b"}") + 1]).get("child-pid")
    except ValueError:
        return None
    return pid if isinstance(pid, int) else None


def _ended(what: str) -> str:
    return (f"{what} (for example os._exit, a crash, or more memory than the "
            f"{Limits().memory >> 20} MB allowed)")


def _cell_results(reply: dict[str, Any], count: int) -> list[dict[str, Any]]:
    """One ``{"output", "error"}`` per cell of a reply, read strictly (a cell missing says so)."""
    cells = reply.get("cells")
    results: list[dict[str, Any]] = []
    for item in cells[:count] if isinstance(cells, list) else []:
        item = item if isinstance(item, dict) else {}
        output, error = item.get("output"), item.get("error")
        results.append({"output": output[:50_000] if isinstance(output, str) else "",
                        "error": error[:5_000] if isinstance(error, str) else None})
    while len(results) < count:
        results.append({"output": "", "error": "This cell sent no report of its run."})
    return results


__all__ = ["Limits", "Sandbox", "SandboxProblem", "bubblewrap", "isolation"]
