"""Calling a student's function under watch: a CPU-time limit per call and in total, errors explained.

Time limits count **CPU time** where the student's code runs, not the wall clock, so that a
grade does not depend on how busy the machine is: in a notebook this process's
``time.process_time()``; in the grading sandbox the sandbox's CPU time, which the grader reads
from outside (a function that runs there has a ``cpu_seconds`` clock, see :func:`cpu_clock`).
A call over its limit is stopped (``signal.setitimer``: ``ITIMER_PROF`` for CPU time, in the
main thread, where Jupyter runs a cell) and fails with a message that says so. In the grading
sandbox, a call that *waits* (sleeps, blocks, neither computes nor waits for a processor) is
stopped once it has waited :func:`wait_backstop` seconds: its CPU limit plus two, so sleeping
costs seconds, however busy the machine is. A generous wall-clock backstop
(:func:`wall_backstop`) stops the rest, and is never reached by code that computes, even on a
machine six times over-booked. Two calls of a check stopped by the clock fail the rest of that
check at once (:data:`WAITS`): a function that sleeps is not asked again, call after call. An exception raised
by the student's function becomes an ``AssertionError`` that names the call, the error and
the student's line.

>>> calls = Calls("double", per_call=1.0, total=5.0)
>>> calls.call(lambda n: 2 * n, (21,), "double(21)")
42
>>> calls.call(lambda n: 1 // n, (0,), "double(0)")
Traceback (most recent call last):
...
AssertionError: double(0) raised ZeroDivisionError: integer division or modulo by zero
  (line 1 of <lambda>: calls.call(lambda n: 1 // n, (0,), "double(0)"))
>>> calls.count, calls.spent < 1.0  # calls made, and their CPU seconds
(2, True)
"""

from __future__ import annotations

import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any


class _TimeUp(BaseException):
    """Raised inside a student's function by the alarm.

    A ``BaseException``, so that ``except Exception`` in the student's code does not
    swallow it.
    """


#: The wall-clock backstop of a call: this many seconds plus :data:`BACKSTOP_TIMES` times its CPU limit.
BACKSTOP_SECONDS = 10.0
#: Six runnable processes a core make honest code about six times slower by the clock: ten leaves room.
BACKSTOP_TIMES = 10.0


#: The seconds a call in the sandbox may wait (neither computing nor ready to), besides its CPU limit.
WAIT_SECONDS = 2.0


def wait_backstop(cpu_seconds: float) -> float:
    """Seconds a call in the sandbox may *wait* (sleep, block on a pipe or a lock: neither run nor be ready to
    run) when its limit is ``cpu_seconds`` of CPU time: that limit plus :data:`WAIT_SECONDS`.

    The sandbox counts waiting, not the wall clock: time spent ready to run on a busy machine (or by the grader
    answering the call's measured helpers) is not waiting, so code that computes is never stopped by it, however
    many processes share the machine, and code that sleeps is stopped after a few seconds.

    >>> wait_backstop(1.0)
    3.0
    """
    return WAIT_SECONDS + cpu_seconds


def wall_backstop(cpu_seconds: float) -> float:
    """Seconds of wall clock a call may take when its limit is ``cpu_seconds`` of CPU time.

    Only code that is starved, or sleeps where waiting cannot be measured, reaches it: a call that computes
    is stopped by its CPU limit long before, however busy the machine is; in the sandbox a call that waits is
    stopped by :func:`wait_backstop` before.

    >>> wall_backstop(1.0)
    20.0
    """
    return BACKSTOP_SECONDS + BACKSTOP_TIMES * cpu_seconds


def cpu_clock(func: Callable[..., Any]) -> Callable[[], float]:
    """The CPU clock of the process where ``func`` runs: its sandbox's (``func.cpu_seconds``), else this one's.

    >>> cpu_clock(print) is time.process_time
    True
    """
    clock = getattr(func, "cpu_seconds", None)
    return clock if callable(clock) else time.process_time


class OverTime(Exception):
    """A call stopped from outside for its time (raised by a sandbox): ``cpu`` says which limit, CPU or wall clock.

    Its ``description`` says what happened (``"waited 3 s ..."``); a clock's stop is shown with it.
    """

    def __init__(self, description: str, cpu: bool = True) -> None:
        super().__init__(description)
        self.description = description
        self.cpu = cpu


#: After the limit, the alarm rings again at this interval (seconds) until the call stops:
#: a first ring can be swallowed where Python ignores exceptions (a finalizer, a garbage
#: collector callback), and the next one must still stop the call.
RING_AGAIN = 0.05


class _Alarm:
    """The SIGALRM / SIGPROF handler of one call: it raises only while the call is running, and
    remembers which clock rang.

    While the call runs it is also ``sys.unraisablehook``: a ring that lands where Python ignores
    exceptions is dropped there quietly (the next ring stops the call). Left to the usual hook,
    it would be formatted as a traceback, slowly enough for the next ring to land inside the hook.
    """

    def __init__(self, hook: Callable[[Any], object]) -> None:
        self.armed = True
        self.rang: int | None = None
        self.hook = hook  # the hook to hand every other unraisable exception to

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.armed:
            self.rang = signum
            raise _TimeUp("the call took too long")

    def unraisable(self, report: Any) -> None:
        """``sys.unraisablehook`` during the call: a swallowed ring is dropped, anything else reported."""
        if not isinstance(report.exc_value, _TimeUp):
            self.hook(report)


class Described(Exception):
    """An error that already carries its description (a call in the sandbox that raised, ran
    too long or ended the process): :func:`describe_error` shows the description as it is."""

    def __init__(self, description: str) -> None:
        super().__init__(description)
        self.description = description


def alarm_available() -> bool:
    """Whether a running call can be stopped: ``SIGALRM`` exists and this is the main thread."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def describe_error(error: BaseException) -> str:
    """``"Name: message"`` plus the last line of the traceback outside this package.

    >>> try:
    ...     [][1]
    ... except IndexError as error:
    ...     print(describe_error(error).splitlines()[0])
    IndexError: list index out of range
    """
    if isinstance(error, Described):
        return error.description
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    here = __file__.rsplit("limits", 1)[0]  # this package's folder: its frames are not the student's
    frames = [f for f in traceback.extract_tb(error.__traceback__) if not f.filename.startswith(here)]
    if frames:
        last = frames[-1]
        where = f"line {last.lineno} of {last.name}"
        if last.line:
            where += f": {last.line.strip()}"
        text += f"\n  ({where})"
    if isinstance(error, NotImplementedError):
        text += "\n  The function is not written yet: replace `raise NotImplementedError()` by your code."
    elif isinstance(error, RecursionError):
        text += "\n  The recursion goes too deep: does every call get closer to a cell (or position) with no move?"
    return text


#: Calls of one check stopped by the clock (they waited instead of computing) before the rest of the check
#: is not asked: each stop costs seconds of a grading slot, and a function that sleeps once sleeps again.
WAITS = 2


class Calls:
    """Calls of one student function, with a CPU-time limit per call and for all calls together.

    ``name`` is the function's name as the student wrote it; ``per_call`` and ``total`` are
    seconds of CPU time, read on ``clock`` (default: :func:`cpu_clock` of the function called).
    Each failure raises ``AssertionError`` with a message that names the call; a message about
    the total says how many calls were made, their CPU time per call and the budget.

    The rule for code that waits: once :data:`WAITS` calls (two) have been stopped by the clock
    (not by their CPU time: they slept or waited), every further call of these ``Calls`` (one check)
    fails at once, without running, with a message that says the function waited instead of
    computing. A check that goes on after a failing case (a game per secret, a share per case) then
    costs two stops, not one per case.

    >>> import time
    >>> nap = Calls("nap", per_call=0.01, total=1.0)
    >>> nap.backstop = 0.05  # (the wall-clock backstop, short for the example)
    >>> for n in range(3):
    ...     try:
    ...         nap.call(time.sleep, (1,), f"nap({n})")
    ...     except AssertionError as error:
    ...         print(str(error)[:64])
    nap(0) did not return within 0.05 s by the clock (its limit is 0
    nap(1) did not return within 0.05 s by the clock (its limit is 0
    nap(2) was not asked: 2 calls of nap in this test waited (slept,
    >>> nap.count, nap.waited
    (2, 2)
    """

    def __init__(self, name: str, per_call: float, total: float, *,
                 clock: Callable[[], float] | None = None) -> None:
        if per_call <= 0 or total <= 0:
            raise ValueError("time limits must be positive")
        self.name = name
        self.per_call = per_call
        self.total = total
        self.clock = clock
        self.spent = 0.0
        self.count = 0
        self.wall = 0.0
        #: the calls stopped by the clock (they waited instead of computing): see :data:`WAITS`
        self.waited = 0
        #: the wall-clock seconds one call may take (see :func:`wall_backstop`)
        self.backstop = wall_backstop(per_call)

    def call(self, func: Callable[..., Any], args: Sequence[Any], shown: str,
             context: str | Callable[[], str] = "") -> Any:
        """``func(*args)`` within the limits; ``shown`` is how the call reads (``"f(3, 4)"``).

        ``context`` (a picture of the position, say) is added to every failure message. It may be
        a function that draws it: then it is drawn only for a failure.
        """

        def tail() -> str:
            text = context() if callable(context) else context
            return f"\n\n{text}" if text else ""

        if self.waited >= WAITS:
            raise AssertionError(self._not_asked(shown) + tail())
        clock = self.clock or cpu_clock(func)
        limit = getattr(func, "limit_time", None)
        outside = callable(limit)  # a sandbox stops the call itself, by its own CPU time
        if outside:
            limit(self.per_call, self.backstop)  # type: ignore[misc]
        use_alarm = alarm_available()
        on_cpu = use_alarm and not outside and clock is time.process_time and hasattr(signal, "ITIMER_PROF")
        previous: dict[int, Any] = {}
        alarm = _Alarm(sys.unraisablehook)
        if use_alarm:
            sys.unraisablehook = alarm.unraisable
            previous[signal.SIGALRM] = signal.signal(signal.SIGALRM, alarm)
            signal.setitimer(signal.ITIMER_REAL, self.backstop + (1.0 if outside else 0.0), RING_AGAIN)
            if on_cpu:
                previous[signal.SIGPROF] = signal.signal(signal.SIGPROF, alarm)
                signal.setitimer(signal.ITIMER_PROF, self.per_call, RING_AGAIN)
        began = time.perf_counter()
        start = clock()
        try:
            result = func(*args)
        except _TimeUp:
            alarm.armed = False  # a second ring must not interrupt the message
            raise AssertionError(self._too_slow(shown, cpu=alarm.rang != signal.SIGALRM) + tail()) from None
        except OverTime as over:
            alarm.armed = False
            raise AssertionError(self._too_slow(shown, cpu=over.cpu, why=over.description) + tail()) from None
        except Exception as error:
            alarm.armed = False
            raise AssertionError(f"{shown} raised {describe_error(error)}{tail()}") from None
        finally:
            used = max(0.0, clock() - start)
            alarm.armed = False
            if use_alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
                if on_cpu:
                    signal.setitimer(signal.ITIMER_PROF, 0)
                for number, handler in previous.items():
                    signal.signal(number, handler)
                sys.unraisablehook = alarm.hook
            self.wall += time.perf_counter() - began
            self.count += 1
            self.spent += used
        if used > self.per_call:  # only without the alarm, or when C code held it up
            raise AssertionError(self._too_slow(shown, cpu=True) + tail())
        if self.spent > self.total:
            raise AssertionError(
                f"{self.name} is too slow: {self.count} calls took {self.spent:.2f} s of CPU time together "
                f"({1000 * self.spent / self.count:.3g} ms a call), more than the {self.total:g} s allowed for all "
                f"the positions of this test. Compute less on each call "
                f"(remember what you found, for example with functools.cache)."
            )
        return result

    def _too_slow(self, shown: str, cpu: bool = True, why: str = "") -> str:
        if not cpu:
            self.waited += 1
            what = why or (f"did not return within {self.backstop:g} s by the clock (its limit is "
                           f"{self.per_call:g} s of CPU time)")
            text = f"{shown} {what}: does it sleep, or wait for something that never comes?"
            if self.waited >= WAITS:
                text += " The rest of this test is not asked."
            return text
        return (
            f"{shown} did not return within {self.per_call:g} s, the limit for one call (seconds of CPU time "
            f"that your code uses). Does it loop forever, or search the same positions again and again? "
            f"(Remember what you found, for example with functools.cache.)"
        )

    def _not_asked(self, shown: str) -> str:
        return (f"{shown} was not asked: {self.waited} calls of {self.name} in this test waited (slept, or waited "
                f"for something that never comes) instead of computing, and were stopped by the clock; the rest of "
                f"this test is not asked. A function that computes its answer never needs to wait.")
