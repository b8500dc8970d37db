"""What every section shares: timing, runs in a child process with a time limit, growing a
baseline's size until its time budget is spent, the machine, and the printed tables."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import platform
import resource
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

# ---------------------------------------------------------------------------------------------
# Sections and their printed tables


@dataclass
class Section:
    """One table of the report: a title, its columns ``(key, header)``, rows, notes, mismatches."""

    name: str
    title: str
    columns: Sequence[tuple[str, str]]
    rows: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)

    def disagree(self, message: str) -> None:
        """Record that a fast result and its baseline differ (the run then fails)."""
        self.mismatches.append(message)

    def text(self) -> str:
        """The section as a plain-text table with its notes underneath."""
        headers = [header for _, header in self.columns]
        cells = [[show(row.get(key)) for key, _ in self.columns] for row in self.rows]
        widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(headers)]

        def line(texts: list[str]) -> str:  # the first two columns are names: left-aligned
            pairs = enumerate(zip(texts, widths, strict=True))
            return "  ".join(t.ljust(w) if i < 2 else t.rjust(w) for i, (t, w) in pairs)

        lines = [self.title, "=" * len(self.title), line(headers), "  ".join("-" * w for w in widths)]
        lines.extend(line(r) for r in cells)
        lines.extend(f"  {note}" for note in self.notes)
        lines.extend(f"  MISMATCH: {m}" for m in self.mismatches)
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        return {"title": self.title, "rows": self.rows, "notes": self.notes, "mismatches": self.mismatches}


def show(value: Any) -> str:
    """A cell of a printed table: 3 significant digits, thousands separated, ``-`` for none.

    >>> [show(v) for v in (0.000123456, 35.08, 9117.4, 40000, None, True, False, "10 x 10")]
    ['0.000123', '35.1', '9,117', '40,000', '-', 'yes', 'NO', '10 x 10']
    """
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, float):
        if value == 0:
            return "0"
        if value >= 100:
            return f"{value:,.0f}"
        return f"{value:.3g}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def ratio(slow: float | None, fast: float | None) -> float | None:
    """How many times ``fast`` beats ``slow`` (None when either is missing)."""
    if slow is None or fast is None or fast <= 0:
        return None
    return slow / fast


# ---------------------------------------------------------------------------------------------
# The machine


def machine() -> dict[str, Any]:
    """Cores, CPU model, Python, numpy and the load when the run started."""
    import numpy

    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return {
        "cores": os.cpu_count(),
        "cpu": model,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "numpy": numpy.__version__,
        "system": f"{platform.system()} {platform.release()}",
        "load": [round(x, 2) for x in load],
        "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
    }


def machine_text(info: dict[str, Any]) -> str:
    return (
        f"Machine: {info['cores']} cores, {info['cpu']}, {info['system']}\n"
        f"Python {info['python']} ({info['implementation']}), numpy {info['numpy']}; "
        f"load average {info['load'][0]:.2f} at the start; {info['date']}"
    )


# ---------------------------------------------------------------------------------------------
# Timing


def seconds_of(function: Callable[[], Any], *, at_least: float = 0.2, most: int = 5) -> tuple[float, Any]:
    """The best of a few timed calls (repeated while the total is under ``at_least`` seconds).

    Returns the best time and the last call's result.
    """
    best = float("inf")
    total = 0.0
    result: Any = None
    for _ in range(most):
        start = time.perf_counter()
        result = function()
        spent = time.perf_counter() - start
        best = min(best, spent)
        total += spent
        if total >= at_least:
            break
    return best, result


# ---------------------------------------------------------------------------------------------
# Memory (Linux: the resident set and its high-water mark; elsewhere getrusage)


def _status_kib(key: str) -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def memory_now_kib() -> int:
    """The resident memory of this process now (KiB)."""
    now = _status_kib("VmRSS")
    return now if now is not None else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def reset_peak() -> None:
    """Start the high-water mark afresh (Linux 4.0+); elsewhere the peak since the start stays."""
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")


def memory_peak_kib() -> int:
    """The highest resident memory of this process since :func:`reset_peak` (KiB)."""
    peak = _status_kib("VmHWM")
    return peak if peak is not None else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


# ---------------------------------------------------------------------------------------------
# Runs in a child process, stopped at a time limit


class ChildFailed(RuntimeError):
    """A measured function raised in its child process (the message has its traceback)."""


def _child(connection: Connection, function: Callable[..., Any], arguments: tuple[Any, ...]) -> None:
    try:
        connection.send(("ok", function(*arguments)))
    except BaseException:  # everything goes back to the parent, which says what broke
        connection.send(("error", traceback.format_exc()))
    finally:
        connection.close()


def in_child(function: Callable[..., Any], arguments: tuple[Any, ...], timeout: float, *, fresh: bool = False) -> Any:
    """``function(*arguments)`` in a child process; ``None`` when it runs past ``timeout`` seconds.

    The child is stopped at the limit, so a baseline never runs longer than its budget, and
    whatever memory it took goes with it. ``fresh`` starts a new interpreter (so its memory
    peak is its own); otherwise the child is a fork of this process. ``function`` must be a
    module-level function and its result picklable.
    """
    context: Any = multiprocessing.get_context("spawn" if fresh else "fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(sender, function, arguments), daemon=True)
    child.start()
    sender.close()
    try:
        if not receiver.poll(timeout):
            return None
        status, value = receiver.recv()
    except EOFError:
        raise ChildFailed(f"{function.__name__}{arguments!r} died (exit code {child.exitcode})") from None
    finally:
        if child.is_alive():
            child.terminate()
        child.join()
        receiver.close()
    if status == "error":
        raise ChildFailed(f"{function.__name__}{arguments!r} failed:\n{value}")
    return value


# ---------------------------------------------------------------------------------------------
# Growing a baseline until its budget is spent


@dataclass
class Reached:
    """The sizes a baseline completed, each with its seconds and its result."""

    runs: list[tuple[int, float, Any]] = field(default_factory=list)
    stopped: str = ""

    @property
    def size(self) -> int | None:
        return self.runs[-1][0] if self.runs else None

    @property
    def seconds(self) -> float | None:
        return self.runs[-1][1] if self.runs else None

    @property
    def result(self) -> Any:
        return self.runs[-1][2] if self.runs else None


def predict(runs: list[tuple[int, float, Any]], size: int, exponent: float = 3.0) -> float:
    """The seconds a run at ``size`` should take, by a power law through the last two runs.

    >>> predict([(100, 1.0, None), (200, 8.0, None)], 400)  # cubic: 8 times as long again
    64.0
    """
    usable = [(n, t) for n, t, _ in runs if t >= 0.02]
    if len(usable) >= 2:
        (n1, t1), (n2, t2) = usable[-2], usable[-1]
        if n2 > n1 and t2 > t1:
            import math

            exponent = min(4.0, max(1.5, math.log(t2 / t1) / math.log(n2 / n1)))
    if not usable:
        return 0.0
    n, t = usable[-1]
    return float(t * (size / n) ** exponent)


#: Runs are planned to take at most this share of the limit (timings on a busy machine vary).
PLANNED = 0.75
#: After a run was stopped at the limit, one smaller step is tried if planned within this share.
RETRY = 0.5


def grow(
    run: Callable[[int, float], tuple[float, Any] | None],
    start: int,
    target: int,
    limit: float,
    label: str = "",
) -> Reached:
    """The largest side (up to ``target``) at which ``run(side, limit)`` finishes within ``limit`` s.

    Doubles the side from ``start`` while the next run is predicted (a power law through the
    last two runs) to fit in ``PLANNED`` of the limit; then tries the largest quarter step
    toward the next doubling that is predicted to fit, and stops. A run stopped at the limit
    is followed by one try at the largest quarter step predicted within ``RETRY`` of it.
    ``run`` returns ``(seconds, result)``, or ``None`` when it was stopped at the limit.
    Progress goes to standard error when ``label`` is given.
    """
    reached = Reached()

    def attempt(side: int) -> bool:
        done = run(side, limit)
        if label:
            spent = "stopped at the limit" if done is None else f"{done[0]:.2f} s"
            print(f"  [{label}] {side} x {side}: {spent}", file=sys.stderr, flush=True)
        if done is not None:
            reached.runs.append((side, done[0], done[1]))
        return done is not None

    def steps_toward(following: int, share: float) -> list[int]:
        low = reached.size or 0
        steps = [low + (following - low) * k // 4 for k in (3, 2, 1)]
        return [s for s in steps if s > low and predict(reached.runs, s) <= share * limit]

    side = min(start, target)
    while True:
        if not attempt(side):
            retry = steps_toward(side, RETRY) if reached.runs else []
            reached.stopped = f"{side} x {side} ran past {limit:g} s"
            if retry:
                attempt(retry[0])
            return reached
        if side >= target:
            reached.stopped = "reached the full size"
            return reached
        following = min(target, 2 * side)
        if predict(reached.runs, following) <= PLANNED * limit:
            side = following
            continue
        reached.stopped = f"{following} x {following} predicted past {PLANNED * limit:g} s"
        fitting = steps_toward(following, PLANNED)
        if fitting and not attempt(fitting[0]):
            reached.stopped = f"{fitting[0]} x {fitting[0]} ran past {limit:g} s"
        return reached
